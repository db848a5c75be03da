//! `umpire bench tick`: what cron's `tick --root` costs a server with many campaigns.
//!
//! It creates N Diplomacy campaigns with a 24-hour deadline under a scratch root, then
//! times `tick` over all of them three times: twice before the deadline (idle: nothing
//! is due; the first look opens every campaign and records when it next needs one, the
//! second, a minute later as cron runs it, opens none) and once after it, when every
//! campaign applies the no-orders default and resolves its phase (reports in four formats for every reader, mail queued, every
//! write synced to disk). Set-up is not timed. Wall time depends on the filesystem far
//! more than on umpire (a step creates some fifty files), so the CPU time the process
//! spent is printed beside it, and `--dir` puts the campaigns on the disk to measure.

use crate::cli::out::sayln;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use chrono::Duration;

use umpire::campaign::new::{NewCampaign, create};
use umpire::campaign::schedule::Schedule;
use umpire::campaign::{clock, store, tick};

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

fn set_now(t: chrono::DateTime<chrono::Utc>) {
    // SAFETY: called only between passes, when no tick thread is running; nothing else
    // reads the environment concurrently.
    unsafe { std::env::set_var("UMPIRE_NOW", t.to_rfc3339()) };
}

/// Seconds of CPU this process has used so far, in user and in system (kernel) mode,
/// from `/proc/self/stat` (Linux; `None` elsewhere).
fn cpu_seconds() -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces, so split after its ')').
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line: indices 11 and 12 here.
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    // The kernel's USER_HZ is 100 on every Linux that runs this.
    Some((ticks(11)? / 100.0, ticks(12)? / 100.0))
}

/// What one pass of tick over every campaign cost.
struct Pass {
    wall: f64,
    cpu: Option<(f64, f64)>,
    steps: usize,
}

impl Pass {
    fn describe(&self, campaigns: usize) -> String {
        let each = self.wall * 1000.0 / campaigns as f64;
        let cpu = match self.cpu {
            Some((user, system)) => {
                format!("; CPU {:.3} s: {user:.2} s user, {system:.2} s system", user + system)
            }
            None => String::new(),
        };
        format!("{:.3} s wall ({each:.2} ms each, {} steps{cpu})", self.wall, self.steps)
    }
}

fn tick_all(dirs: &[PathBuf], jobs: usize) -> Result<Pass> {
    let cpu_before = cpu_seconds();
    let start = Instant::now();
    let mut steps = 0;
    let mut failure = None;
    // As `tick --root` does: several at once, and a campaign that recorded it is quiet
    // is not opened.
    tick::tick_dirs(dirs, jobs, |dir, result| match result {
        Ok(t) => steps += t.map_or(0, |t| t.steps.len()),
        Err(e) => {
            failure.get_or_insert_with(|| format!("{}: {e:#}", dir.display()));
        }
    });
    if let Some(f) = failure {
        anyhow::bail!(f);
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_before.zip(cpu_seconds()).map(|((u0, s0), (u1, s1))| (u1 - u0, s1 - s0));
    Ok(Pass { wall, cpu, steps })
}

pub fn run(campaigns: usize, dir: Option<PathBuf>, jobs: Option<usize>) -> Result<i32> {
    let jobs = jobs.unwrap_or_else(tick::default_jobs);
    let root = match &dir {
        Some(d) => {
            store::create_dirs(d)?;
            tempfile::tempdir_in(d)?
        }
        None => tempfile::tempdir()?,
    };
    eprintln!("bench tick: campaigns under {}", root.path().display());
    let start = clock::now();
    set_now(start);
    store::set_durable(false);
    let mut dirs = Vec::new();
    for i in 0..campaigns {
        let dir = root.path().join(format!("game{i:04}"));
        create(NewCampaign {
            system: "diplomacy".into(),
            dir: dir.clone(),
            id: None,
            players: POWERS.iter().map(|p| (p.to_string(), format!("{p}@example.org"))).collect(),
            gm_email: Some("gm@example.org".into()),
            address: None,
            scenario: None,
            options: Default::default(),
            chain_length: None,
            dice_key: None,
            keep_reports: None,
            schedule: Some(Schedule {
                timezone: "UTC".into(),
                hours: Some(24),
                days: None,
                at: None,
                weekdays_only: false,
                reminders: Vec::new(),
                grace_minutes: 0,
                early: true,
                kinds: Default::default(),
            }),
        })?;
        dirs.push(dir);
        if (i + 1) % 100 == 0 {
            eprintln!("bench tick: created {} of {campaigns} campaigns", i + 1);
        }
    }
    store::set_durable(true);
    set_now(start + Duration::hours(1));
    let first = tick_all(&dirs, jobs)?;
    set_now(start + Duration::hours(1) + Duration::minutes(1));
    let idle = tick_all(&dirs, jobs)?;
    set_now(start + Duration::hours(25));
    let due = tick_all(&dirs, jobs)?;
    sayln!("bench tick: {campaigns} Diplomacy campaigns, {jobs} at once (writes synced to disk)");
    sayln!("  first idle tick over all (each opened, found quiet): {}", first.describe(campaigns));
    sayln!("  idle tick a minute later (cron; quiet, not opened):  {}", idle.describe(campaigns));
    sayln!("  tick over all at their deadline (NMR, resolve):      {}", due.describe(campaigns));
    Ok(0)
}
