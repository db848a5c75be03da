//! The time, for ledger lines, mail dates and deadlines (never for resolution).
//!
//! `UMPIRE_NOW` (RFC 3339) fixes the clock for tests and for rehearsing a schedule.

use chrono::{DateTime, Utc};

pub fn now() -> DateTime<Utc> {
    std::env::var("UMPIRE_NOW")
        .ok()
        .and_then(|s| DateTime::parse_from_rfc3339(&s).ok())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(Utc::now)
}
