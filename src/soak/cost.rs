//! `umpire bench SYSTEM` for a system whose cost is its GM loop (Guerilla Warfare II):
//! what a step costs the GM's server, and what checking a whole game costs anyone who
//! holds its audit bundle.
//!
//! It plays bot games through the GM loop as `umpire soak` does (seeded, so the same
//! command plays the same games), under the temporary directory (`TMPDIR`: put it on
//! tmpfs to leave the disk out), and times:
//! - each `adjudicate` at a deadline: the step resolved, every reader's reports in four
//!   formats and board pictures drawn, hashed, committed and written, the mails queued;
//! - each step's replay by `verify --bundle` (the same work in process, checked against
//!   the files, on every core);
//! - `verify --bundle` of each whole game, the best of three runs.

use std::time::Instant;

use crate::audit;
use crate::error::Result;

/// Runs of `verify` a game; the best is reported (the others met other work on the
/// machine).
const RUNS: usize = 3;

fn ms(seconds: f64) -> f64 {
    seconds * 1000.0
}

/// The median and the largest of `v` (which it sorts); zeros for none.
fn median_max(v: &mut [f64]) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v.get(v.len() / 2).copied().unwrap_or(0.0), v.last().copied().unwrap_or(0.0))
}

/// Plays `games` bot games of `system` from `seed` and reports the figures.
pub fn bench(system: &str, games: usize, seed: u64) -> Result<String> {
    let root = tempfile::tempdir()?;
    let cfg = super::SoakConfig {
        system: system.into(),
        games,
        seed,
        max_steps: 500,
        max_turns: None,
        options: Default::default(),
        keep: Some(root.path().to_path_buf()),
        careless: false,
    };
    let played = super::soak(&cfg, |_| {})?;
    let mut replayed: Vec<f64> = Vec::new();
    let mut verified: Vec<f64> = Vec::new();
    for game in 0..played.games {
        let dir = root.path().join(format!("game-{game}"));
        // The soak keeps each game's audit bundle beside the campaign, not in it.
        let bundle = dir.with_file_name(format!("game-{game}.audit-bundle.json"));
        let mut best: Option<(f64, Vec<f64>)> = None;
        for _ in 0..RUNS {
            let started = Instant::now();
            let v = audit::verify::verify(&dir, Some(&bundle))?;
            let took = started.elapsed().as_secs_f64();
            if best.as_ref().is_none_or(|(b, _)| took < *b) {
                best = Some((took, v.step_seconds));
            }
        }
        if let Some((took, steps)) = best {
            verified.push(took);
            replayed.extend(steps);
        }
    }
    let steps = played.adjudicated_steps.max(1) as f64;
    let (median, max) = median_max(&mut replayed);
    let mean_replay = replayed.iter().sum::<f64>() / replayed.len().max(1) as f64;
    let mean_verify = verified.iter().sum::<f64>() / verified.len().max(1) as f64;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    let mut out = String::new();
    out.push_str(&format!(
        "bench {system}: {} bot games (seed {seed}), {} steps, {:.2} s through the GM loop in all\n",
        played.games, played.steps, played.seconds
    ));
    out.push_str(&format!(
        "  a step with pictures, as the GM's adjudicate makes it (reports in four formats and a picture for every reader, hashed, written): {:.1} ms a step ({} steps, {:.2} s)\n",
        ms(played.adjudicate_seconds / steps),
        played.adjudicated_steps,
        played.adjudicate_seconds
    ));
    out.push_str(&format!(
        "  a step replayed by verify --bundle (the same in process, checked against the files; {cores} at once): mean {:.1} ms, median {:.1} ms, largest {:.1} ms\n",
        ms(mean_replay),
        ms(median),
        ms(max)
    ));
    out.push_str(&format!(
        "  verify --bundle of a whole game (best of {RUNS}): {:.3} s a game\n",
        mean_verify
    ));
    Ok(out)
}
