//! Deadlines: when each phase is due, in the campaign's time zone, and the GM's
//! extensions and pauses as the ledger records them.
//!
//! A phase opens when the step before it is resolved (or when the campaign is
//! created, or resumed after a pause). Its deadline is either `hours` after that, or
//! `days` later at the local time `at`; with `weekdays_only`, Saturdays and Sundays are
//! not counted (and an hours-deadline falling on a weekend moves to Monday). A GM's
//! EXTEND replaces the deadline of the open phase.

use crate::error::{Error, Result};
use chrono::{DateTime, Datelike, Duration, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Ledger;
use super::event::{Entry, Event};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    /// An IANA time zone such as `Europe/London`.
    #[serde(default = "utc")]
    pub timezone: String,
    /// Hours after the phase opens (takes precedence over `days`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hours: Option<u32>,
    /// Whole days after the phase opens...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    /// ...at this local time, `HH:MM` (default: the time of day the phase opened).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(default)]
    pub weekdays_only: bool,
    /// Reminders to players who have not ordered, in hours before the deadline.
    #[serde(default = "default_reminders")]
    pub reminders: Vec<u32>,
    /// Minutes after the deadline before late players get the no-orders default.
    #[serde(default)]
    pub grace_minutes: u32,
    /// Adjudicate as soon as every due player has ordered.
    #[serde(default = "yes")]
    pub early: bool,
    /// Deadlines and reminders for kinds of phase that differ from the above
    /// (`[schedule.kinds.retreat] hours = 24`): the kind's own values win.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub kinds: std::collections::BTreeMap<String, KindSchedule>,
}

/// A kind of phase's own deadline (hours, or days at a time) and reminders.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KindSchedule {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hours: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminders: Option<Vec<u32>>,
}

/// The longest deadline in hours (a year), in days, and the longest grace in minutes.
pub const MAX_HOURS: u32 = 24 * 366;
pub const MAX_DAYS: u32 = 366;
pub const MAX_GRACE_MINUTES: u32 = 7 * 24 * 60;

fn utc() -> String {
    "UTC".into()
}
fn yes() -> bool {
    true
}
fn default_reminders() -> Vec<u32> {
    vec![24]
}

impl Schedule {
    pub fn tz(&self) -> Result<Tz> {
        self.timezone
            .parse::<Tz>()
            .map_err(|_| Error::Refused(format!("unknown time zone '{}' in [schedule]", self.timezone)))
    }

    /// The schedule of a kind of phase: this one, with the kind's own values.
    pub fn for_kind(&self, kind: &str) -> Schedule {
        let mut s = self.clone();
        s.kinds.clear();
        if let Some(k) = self.kinds.get(kind) {
            if k.hours.is_some() {
                s.hours = k.hours;
                s.days = None;
            } else if k.days.is_some() {
                s.hours = None;
                s.days = k.days;
                s.at = k.at.clone().or(s.at);
            }
            if let Some(r) = &k.reminders {
                s.reminders = r.clone();
            }
        }
        s
    }

    /// Checks the schedule when it is set and whenever the campaign is opened, so
    /// `tick` never meets a bad one (a deadline centuries away overflows the calendar).
    pub fn validate(&self) -> Result<()> {
        for (kind, k) in &self.kinds {
            if k.hours.is_none() && k.days.is_none() && k.reminders.is_none() {
                return Err(Error::Refused(format!(
                    "[schedule.kinds.{kind}] gives neither hours, days nor reminders"
                )));
            }
            self.for_kind(kind)
                .validate_one()
                .map_err(|e| Error::Refused(format!("[schedule.kinds.{kind}]: {e}")))?;
        }
        self.validate_one()
    }

    fn validate_one(&self) -> Result<()> {
        self.tz()?;
        if self.hours.is_none() && self.days.is_none() {
            return Err(Error::Refused("a schedule needs hours or days".into()));
        }
        if let Some(h) = self.hours.filter(|h| !(1..=MAX_HOURS).contains(h)) {
            return Err(Error::Refused(format!("a deadline of {h} hours: give 1 to {MAX_HOURS} (a year)")));
        }
        if let Some(d) = self.days.filter(|d| !(1..=MAX_DAYS).contains(d)) {
            return Err(Error::Refused(format!("a deadline of {d} days: give 1 to {MAX_DAYS}")));
        }
        if let Some(r) = self.reminders.iter().find(|r| **r > MAX_HOURS) {
            return Err(Error::Refused(format!(
                "a reminder {r} hours before the deadline: give at most {MAX_HOURS}"
            )));
        }
        if self.grace_minutes > MAX_GRACE_MINUTES {
            return Err(Error::Refused(format!(
                "a grace of {} minutes: give at most {MAX_GRACE_MINUTES} (a week)",
                self.grace_minutes
            )));
        }
        if let Some(at) = &self.at {
            parse_time(at)?;
        }
        Ok(())
    }

    /// The deadline of a phase that opened at `opened`.
    pub fn deadline(&self, opened: DateTime<Utc>) -> Result<DateTime<Utc>> {
        let tz = self.tz()?;
        if let Some(h) = self.hours {
            let mut t = opened
                .with_timezone(&tz)
                .checked_add_signed(Duration::hours(h.min(MAX_HOURS) as i64))
                .ok_or_else(|| {
                    Error::Refused(format!("a deadline {h} hours after {opened} is out of range"))
                })?;
            while self.weekdays_only && is_weekend(t.weekday()) {
                t += Duration::days(1);
            }
            return Ok(t.with_timezone(&Utc));
        }
        let local = opened.with_timezone(&tz);
        let mut date = local.date_naive();
        let mut left = self.days.unwrap_or(3).min(MAX_DAYS);
        while left > 0 {
            date = date.succ_opt().ok_or_else(|| Error::Refused("date out of range".into()))?;
            if !(self.weekdays_only && is_weekend(date.weekday())) {
                left -= 1;
            }
        }
        let time = match &self.at {
            Some(at) => parse_time(at)?,
            None => local.time(),
        };
        let naive = date.and_time(time);
        let t = tz
            .from_local_datetime(&naive)
            .earliest()
            .or_else(|| tz.from_local_datetime(&(naive + Duration::hours(1))).earliest())
            .ok_or_else(|| Error::Refused(format!("{naive} does not exist in {}", self.timezone)))?;
        Ok(t.with_timezone(&Utc))
    }

    /// A deadline as players read it: local time with the zone's name.
    pub fn show(&self, t: DateTime<Utc>) -> String {
        match self.tz() {
            Ok(tz) => format!("{} ({})", t.with_timezone(&tz).format("%a %d %b %Y %H:%M %Z"), self.timezone),
            Err(_) => t.format("%a %d %b %Y %H:%M UTC").to_string(),
        }
    }
}

/// A time as the GM and players read it: in the schedule's zone if there is one,
/// else in UTC; never a raw timestamp.
pub fn show_time(schedule: Option<&Schedule>, t: DateTime<Utc>) -> String {
    match schedule {
        Some(s) => s.show(t),
        None => t.format("%a %d %b %Y %H:%M UTC").to_string(),
    }
}

fn is_weekend(d: Weekday) -> bool {
    matches!(d, Weekday::Sat | Weekday::Sun)
}

fn parse_time(at: &str) -> Result<NaiveTime> {
    NaiveTime::parse_from_str(at.trim(), "%H:%M")
        .map_err(|_| Error::Refused(format!("'{at}' is not a time of day like 20:00")))
}

/// When a ledger line says its phase opened (`opened`, else the line's own time).
fn time_of(e: &Entry) -> Option<DateTime<Utc>> {
    let opened = match &e.event {
        Event::Step(s) => s.opened.as_deref(),
        Event::New(n) => n.opened.as_deref(),
        Event::Resume { opened, .. } => Some(opened.as_str()),
        _ => None,
    };
    parse_instant(opened.unwrap_or(&e.at))
}

fn parse_instant(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s).ok().map(|t| t.with_timezone(&Utc))
}

/// Is the campaign paused by its GM?
pub fn paused(ledger: &Ledger) -> bool {
    ledger
        .events()
        .rev()
        .find(|e| matches!(e, Event::Pause { .. } | Event::Resume { .. }))
        .is_some_and(|e| matches!(e, Event::Pause { .. }))
}

/// When the open phase (step `step`) opened: the last step, creation, or resume.
pub fn opened(ledger: &Ledger) -> Option<DateTime<Utc>> {
    ledger
        .typed()
        .iter()
        .rev()
        .find(|e| matches!(e.event, Event::Step(_) | Event::New(_) | Event::Resume { .. }))
        .and_then(time_of)
}

/// The open phase's deadline: the GM's extension if any, else from the schedule.
pub fn deadline(ledger: &Ledger, schedule: Option<&Schedule>, step: u64) -> Result<Option<DateTime<Utc>>> {
    let opened_at = opened(ledger);
    let extension =
        ledger.events().rev().take_while(|e| !matches!(e, Event::Step(_) | Event::Resume { .. })).find_map(
            |e| match e {
                Event::Extend { step: s, deadline } if *s == step => parse_instant(deadline),
                _ => None,
            },
        );
    if extension.is_some() {
        return Ok(extension);
    }
    match (schedule, opened_at) {
        (Some(s), Some(o)) => Ok(Some(s.deadline(o)?)),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn schedule() -> Schedule {
        Schedule {
            timezone: "Europe/London".into(),
            hours: None,
            days: Some(3),
            at: Some("20:00".into()),
            weekdays_only: false,
            reminders: vec![24],
            grace_minutes: 0,
            early: true,
            kinds: Default::default(),
        }
    }

    #[test]
    fn a_kind_takes_its_own_deadline_and_reminders() {
        let mut s = schedule();
        s.kinds.insert(
            "retreat".into(),
            KindSchedule { hours: Some(12), reminders: Some(vec![2]), ..Default::default() },
        );
        let r = s.for_kind("retreat");
        assert_eq!((r.hours, r.days, r.reminders.clone()), (Some(12), None, vec![2]));
        assert_eq!(s.for_kind("movement").days, Some(3));
        s.kinds.insert("round".into(), KindSchedule::default());
        assert!(s.validate().is_err());
    }

    #[test]
    fn days_at_a_local_time() {
        // Opened Friday 20 Nov 2026 09:00 UTC; London is on GMT in November.
        let d = schedule().deadline(at("2026-11-20T09:00:00Z")).unwrap();
        assert_eq!(d, at("2026-11-23T20:00:00Z"));
    }

    #[test]
    fn weekdays_only_skips_the_weekend() {
        let mut s = schedule();
        s.weekdays_only = true;
        // Friday + 3 weekdays = Wednesday.
        assert_eq!(s.deadline(at("2026-11-20T09:00:00Z")).unwrap(), at("2026-11-25T20:00:00Z"));
        s.days = None;
        s.hours = Some(24);
        // Friday 09:00 + 24h = Saturday, moved to Monday.
        assert_eq!(s.deadline(at("2026-11-20T09:00:00Z")).unwrap(), at("2026-11-23T09:00:00Z"));
    }

    #[test]
    fn summer_time_is_respected() {
        // In July London is UTC+1: 20:00 local is 19:00 UTC.
        let d = schedule().deadline(at("2026-07-01T09:00:00Z")).unwrap();
        assert_eq!(d, at("2026-07-04T19:00:00Z"));
        assert!(schedule().show(d).contains("BST"));
    }

    #[test]
    fn bad_zone_is_named() {
        let mut s = schedule();
        s.timezone = "Mars/Olympus".into();
        assert!(s.validate().unwrap_err().to_string().contains("Mars/Olympus"));
    }
}
