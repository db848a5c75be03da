//! When `tick` need not open a campaign again: cron runs `tick --root` every minute, and
//! a host with thousands of games cannot afford to read every campaign's config, ledger
//! and state each time to learn that nothing is due.
//!
//! After a tick that found nothing to do, the campaign keeps `tick-quiet.json`: the
//! moment the next thing can fall due (a reminder, the deadline plus grace; none when
//! only a mail can move the game on), beside a fingerprint of everything that could
//! change that answer: the ledger's length (every command that changes the campaign
//! appends to it), the modification times of `campaign.toml` (a GM's edit of the
//! schedule) and of `inbox/` (a mail stored by an ingest that was then interrupted),
//! and the absence of a staged transaction. While the fingerprint holds and the moment
//! has not come, `tick` skips the campaign after three `stat`s and one small read; any
//! change sends it back to the full check, which writes the file again. It is a cache:
//! deleting it is always safe.

use std::path::Path;
use std::time::SystemTime;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::error::Result;

/// The file, in the campaign directory (GM-only, like every private file).
pub const FILE: &str = "tick-quiet.json";

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Quiet {
    /// Nothing can fall due before this moment; None: nothing can, until a command
    /// changes the campaign.
    until: Option<DateTime<Utc>>,
    fingerprint: Fingerprint,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Fingerprint {
    ledger_bytes: u64,
    config_modified: Option<u128>,
    inbox_modified: Option<u128>,
}

fn modified(path: &Path) -> Option<u128> {
    let t = std::fs::metadata(path).ok()?.modified().ok()?;
    t.duration_since(SystemTime::UNIX_EPOCH).ok().map(|d| d.as_nanos())
}

/// The fingerprint now; None while a transaction is staged (the full check finishes it).
fn fingerprint(dir: &Path) -> Option<Fingerprint> {
    // The staging manifest is emptied, not removed, once its transaction is applied.
    if std::fs::metadata(dir.join("pending.json")).is_ok_and(|m| m.len() > 0) {
        return None;
    }
    Some(Fingerprint {
        ledger_bytes: std::fs::metadata(dir.join("ledger.jsonl")).ok()?.len(),
        config_modified: modified(&dir.join("campaign.toml")),
        inbox_modified: modified(&dir.join("inbox")),
    })
}

/// Whether `tick` may skip the campaign at `dir` at `now`: its file says so and nothing
/// it rests on has changed. Any doubt (no file, an unreadable one) says no.
pub fn is_quiet(dir: &Path, now: DateTime<Utc>) -> bool {
    let Ok(bytes) = std::fs::read(dir.join(FILE)) else { return false };
    let Ok(q) = serde_json::from_slice::<Quiet>(&bytes) else { return false };
    q.until.is_none_or(|u| now < u) && fingerprint(dir).is_some_and(|f| f == q.fingerprint)
}

/// Records, after a full check that found nothing to do, that nothing falls due before
/// `until`. Called with the campaign's lock held, after its last commit.
pub fn record(dir: &Path, until: Option<DateTime<Utc>>) -> Result<()> {
    let Some(fingerprint) = fingerprint(dir) else { return Ok(()) };
    let q = Quiet { until, fingerprint };
    super::store::write_atomic_mode(&dir.join(FILE), &serde_json::to_vec(&q)?, None)
}

/// Forgets the record (a tick that did something).
pub fn forget(dir: &Path) {
    let _ = std::fs::remove_file(dir.join(FILE));
}
