//! `umpire bench tick`: what cron's `tick --root` costs a server with many campaigns.
//!
//! It creates N Diplomacy campaigns with a 24-hour deadline under a scratch root, then
//! times `tick` over all of them twice: once before the deadline (idle: nothing is
//! due) and once after it, when every campaign applies the no-orders default and
//! resolves its phase (reports in four formats for every reader, mail queued, every
//! write synced to disk). Set-up is not timed.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use chrono::Duration;

use umpire::campaign::new::{NewCampaign, create};
use umpire::campaign::schedule::Schedule;
use umpire::campaign::{Campaign, clock, store, tick};

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

fn set_now(t: chrono::DateTime<chrono::Utc>) {
    // SAFETY: the bench is single-threaded; nothing reads the environment concurrently.
    unsafe { std::env::set_var("UMPIRE_NOW", t.to_rfc3339()) };
}

fn tick_all(dirs: &[PathBuf]) -> Result<(f64, usize)> {
    let start = Instant::now();
    let mut steps = 0;
    for d in dirs {
        let mut c = Campaign::open(d)?;
        steps += tick::tick(&mut c)?.steps.len();
    }
    Ok((start.elapsed().as_secs_f64(), steps))
}

pub fn run(campaigns: usize) -> Result<i32> {
    let root = tempfile::tempdir()?;
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
            schedule: Some(Schedule {
                timezone: "UTC".into(),
                hours: Some(24),
                days: None,
                at: None,
                weekdays_only: false,
                reminders: Vec::new(),
                grace_minutes: 0,
                early: true,
            }),
        })?;
        dirs.push(dir);
        if (i + 1) % 100 == 0 {
            eprintln!("bench tick: created {} of {campaigns} campaigns", i + 1);
        }
    }
    store::set_durable(true);
    set_now(start + Duration::hours(1));
    let (idle, idle_steps) = tick_all(&dirs)?;
    set_now(start + Duration::hours(25));
    let (due, due_steps) = tick_all(&dirs)?;
    println!("bench tick: {campaigns} Diplomacy campaigns (writes synced to disk)");
    println!(
        "  idle tick over all (nothing due):            {idle:.3} s ({:.2} ms each, {idle_steps} steps)",
        idle * 1000.0 / campaigns as f64
    );
    println!(
        "  tick over all at their deadline (NMR, resolve): {due:.3} s ({:.2} ms each, {due_steps} steps)",
        due * 1000.0 / campaigns as f64
    );
    Ok(0)
}
