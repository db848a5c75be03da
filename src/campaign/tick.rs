//! `umpire tick`: what cron runs every minute. For the open phase it sends each due
//! reminder once, adjudicates early when everyone has ordered (if the campaign
//! allows), and at the deadline plus grace applies the no-orders default and tells the
//! late players. Running it again changes nothing until something is due.

use crate::error::Result;
use chrono::Duration;
use serde_json::json;

use super::adjudicate::{self, Outcome};
use super::event::Event;
use super::outbox::{self, Mail};
use super::{Campaign, Txn, clock, ingest, quiet, schedule};
use crate::engine::{self, PhaseMode};
use crate::report::context::PhaseInfo;
use crate::report::{Format, Templates};

/// What one tick did.
#[derive(Default)]
pub struct Ticked {
    pub reminders: usize,
    pub late: Vec<String>,
    pub steps: Vec<Outcome>,
    pub note: Option<String>,
}

/// Ticks the campaign at `dir`, unless it recorded that nothing can fall due yet (see
/// [`super::quiet`]): then it is not opened at all, and None is returned.
pub fn tick_dir(dir: &std::path::Path) -> Result<Option<Ticked>> {
    if quiet::is_quiet(dir, clock::now()) {
        return Ok(None);
    }
    let mut c = Campaign::open(dir)?;
    tick(&mut c).map(Some)
}

/// How many campaigns `tick --root` works on at once by default: twice the cores, since
/// a campaign at its deadline spends most of its wall time waiting for the disk to make
/// its files durable, and several waiting together share the filesystem's commits.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()).saturating_mul(2).clamp(1, 16)
}

/// Ticks every campaign in `dirs`, `jobs` of them at once, and hands each one's result
/// to `each` on the calling thread in the order of `dirs`, as soon as it and every one
/// before it are done (so a GM's log reads as if they ran one after another).
///
/// Campaigns are independent (each has its own lock and files), so one campaign's
/// trouble, or its slow disk, never holds up another's deadline.
pub fn tick_dirs(
    dirs: &[std::path::PathBuf],
    jobs: usize,
    mut each: impl FnMut(&std::path::Path, Result<Option<Ticked>>),
) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let jobs = jobs.clamp(1, dirs.len().max(1));
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        for _ in 0..jobs {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(dir) = dirs.get(i) else { break };
                    if tx.send((i, tick_dir(dir))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting = std::collections::BTreeMap::new();
        let mut shown = 0;
        for (i, result) in rx {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&shown) {
                if let Some(dir) = dirs.get(shown) {
                    each(dir, result);
                }
                shown += 1;
            }
        }
    });
}

/// What one tick found about the next one.
enum Next {
    /// Something was done: look again next time.
    Look,
    /// Nothing can fall due before this moment (None: until a command changes things).
    QuietUntil(Option<chrono::DateTime<chrono::Utc>>),
}

pub fn tick(c: &mut Campaign) -> Result<Ticked> {
    let (done, next) = tick_once(c)?;
    match next {
        Next::Look => quiet::forget(&c.root),
        Next::QuietUntil(until) => quiet::record(&c.root, until)?,
    }
    Ok(done)
}

fn tick_once(c: &mut Campaign) -> Result<(Ticked, Next)> {
    let mut done = Ticked { steps: ingest::finish_interrupted(c)?, ..Ticked::default() };
    if !done.steps.is_empty() {
        return Ok((done, Next::Look));
    }
    if schedule::paused(&c.ledger) {
        done.note = Some("paused by the GM".into());
        return Ok((done, Next::QuietUntil(None)));
    }
    let phase = c.phase(&c.current_state()?)?;
    if phase.game_over.is_some() || phase.mode == PhaseMode::Immediate || phase.waited_for().is_empty() {
        return Ok((done, Next::QuietUntil(None)));
    }
    let step = c.steps() + 1;
    let sealed = adjudicate::sealed_orders(c, step)?;
    // Reminders go to everyone waited for who has not answered; at the deadline only
    // the required players are late (an optional one simply passes).
    let missing: Vec<String> = phase.waited_for().into_iter().filter(|p| !sealed.contains_key(p)).collect();
    let late: Vec<String> = missing.iter().filter(|p| phase.due.contains(p)).cloned().collect();
    let early = c.config.schedule.as_ref().is_none_or(|s| s.early);
    if missing.is_empty() && early {
        done.note = Some("every due player has ordered".into());
        done.steps = adjudicate::adjudicate(c, false)?;
        return Ok((done, Next::Look));
    }
    let Some(sched) = c.schedule_for(&phase) else { return Ok((done, Next::QuietUntil(None))) };
    let Some(deadline) = schedule::deadline(&c.ledger, Some(&sched), step)? else {
        return Ok((done, Next::QuietUntil(None)));
    };
    let now = clock::now();

    if now >= deadline + Duration::minutes(sched.grace_minutes as i64) {
        // Late players are told first, in the same transaction that records them.
        // Told once, even if the adjudication below is interrupted and retried.
        if !c.ledger.events().any(|e| matches!(e, Event::Late { step: s, .. } if *s == step)) {
            let mut txn = Txn::new();
            for p in &late {
                queue_notice(c, &mut txn, "late", p, step, &phase, &sched.show(deadline))?;
            }
            txn.record(Event::Late { step, players: late.clone() });
            c.commit(txn)?;
        }
        done.late = late;
        done.steps = adjudicate::adjudicate(c, true)?;
        return Ok((done, Next::Look));
    }
    // The next moment anything falls due: the deadline plus grace, or a reminder not
    // yet sent.
    let mut until = deadline + Duration::minutes(sched.grace_minutes as i64);
    let mut txn = Txn::new();
    for &hours in &sched.reminders {
        let due_at = deadline - Duration::hours(hours as i64);
        let sent = c.ledger.events().any(
            |e| matches!(e, Event::Reminder { step: s, hours: h, .. } if *s == step && *h == hours as u64),
        );
        if sent {
            continue;
        }
        if now < due_at {
            until = until.min(due_at);
            continue;
        }
        for p in &missing {
            queue_notice(c, &mut txn, &format!("reminder-{hours}h"), p, step, &phase, &sched.show(deadline))?;
            done.reminders += 1;
        }
        txn.record(Event::Reminder { step, hours: hours as u64, players: missing.clone() });
    }
    c.commit(txn)?;
    Ok((done, Next::QuietUntil(Some(until))))
}

fn queue_notice(
    c: &Campaign,
    txn: &mut Txn,
    kind: &str,
    player: &str,
    step: u64,
    phase: &engine::Phase,
    deadline: &str,
) -> Result<()> {
    let Some(p) = c.config.player(player) else { return Ok(()) };
    let ctx = json!({
        "campaign": super::config::campaign_info(&c.config)?,
        "player": player,
        "late": kind == "late",
        "phase": PhaseInfo::of(phase, Some(deadline.to_string())),
    });
    let text = Templates::new(Some(&c.root)).render("reminder", Format::Text, &ctx)?;
    let text = crate::report::wrap::wrap(&text, crate::report::wrap::WIDTH);
    let subject = if kind == "late" {
        format!("[{}] No orders from you for {}: the default applies", c.config.id, phase.title)
    } else {
        format!("[{}] Reminder: orders for {} due {deadline}", c.config.id, phase.title)
    };
    outbox::queue(
        &c.config,
        txn,
        Mail::new(format!("{step:04}-{kind}-{player}"), &p.email, subject, text, None),
    )?;
    Ok(())
}
