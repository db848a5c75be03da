//! A campaign's public record, read from a campaign directory or a published copy
//! without learning a private fact: `reports/<k>/public.*` (the public set), and the
//! ledger only through the projection `umpire publish` makes of it (in a campaign
//! directory the ledger is the GM's), for the deadline now in force.

use std::path::Path;

use crate::campaign::publish::is_public_report;
use crate::error::{Context, Error, Result};

/// One step's public report in each format.
#[derive(Clone, Debug, Default)]
pub struct StepReport {
    pub step: u64,
    /// The phase resolved, as the report's first line names it.
    pub phase: String,
    pub text: String,
    pub markdown: String,
    pub bbcode: String,
    pub html: String,
    /// The board picture, where the campaign draws one.
    pub svg: Option<String>,
    /// The step's public record (`public.json`), for the auditor.
    pub record: String,
}

impl StepReport {
    /// The report's HTML with the board in it: a report that shows its picture from
    /// the file beside it (`<img src="public.svg" …>`) gets the picture itself, since an
    /// issue or a site page does not stand in the report's folder.
    pub fn html_with_picture(&self) -> String {
        let Some(svg) = &self.svg else { return self.html.clone() };
        let Some(at) = self.html.find("<img src=\"public.svg\"") else { return self.html.clone() };
        let Some(end) = self.html[at..].find('>').map(|e| at + e + 1) else { return self.html.clone() };
        format!("{}{}{}", &self.html[..at], svg.trim_end(), &self.html[end..])
    }
}

/// What the public may read of one campaign.
#[derive(Clone, Debug)]
pub struct PublicRecord {
    /// The campaign's id and its system's title, from the reports' first line.
    pub id: String,
    pub system: String,
    /// The announcement (`reports/0/public.json`): the chain commitments.
    pub announcement: String,
    /// Steps 1.., oldest first.
    pub steps: Vec<StepReport>,
    /// The open phase's deadline as the ledger has it (the latest step's, or the GM's
    /// extension of it); the outer None where there is no ledger to read.
    pub ledger_deadline: Option<Option<String>>,
    /// The players as the campaign was made with them (the ledger's first line).
    pub players: Vec<String>,
    /// Letters to the zine (`PRESS TO ZINE`), by step, oldest first.
    pub letters: Vec<Letter>,
    /// Where each side stands after the latest step that says (its number and lines).
    pub standings: Option<(u64, Vec<crate::engine::Standing>)>,
}

/// A letter to the zine as the public ledger publishes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    pub step: u64,
    pub by: String,
    pub text: String,
}

impl PublicRecord {
    /// Reads the public set under `dir`.
    pub fn read(dir: &Path) -> Result<PublicRecord> {
        let reports = dir.join("reports");
        let mut ks: Vec<u64> = std::fs::read_dir(&reports)
            .with_context(|| {
                format!("reading {}: is this a campaign or a published copy?", reports.display())
            })?
            .flatten()
            .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse().ok()))
            .collect();
        ks.sort();
        let derived = crate::campaign::derived::Derived::new(dir);
        let read = |rel: String| -> Result<Option<String>> {
            // The one gate every read passes: nothing outside the public set.
            if !is_public_report(&rel) {
                return Err(Error::Refused(format!("{rel} is not in the public set")));
            }
            // In a campaign that prunes old steps, a pruned public report is rendered
            // again (and checked against the ledger); a published copy has them all.
            let bytes = derived.read_if_kept(&rel)?;
            Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
        };
        let announcement = read("reports/0/public.json".into())?.ok_or_else(|| {
            Error::Refused(format!("{}: no reports/0/public.json (the announcement)", dir.display()))
        })?;
        let mut steps = Vec::new();
        for k in ks.into_iter().filter(|&k| k > 0) {
            let Some(text) = read(format!("reports/{k}/public.txt"))? else { continue };
            let phase = Some(heading(&text))
                .as_deref()
                .and_then(|l| l.rsplit_once(&format!("step {k}, ")))
                .map(|(_, p)| p.to_string())
                .unwrap_or_default();
            steps.push(StepReport {
                step: k,
                phase,
                markdown: read(format!("reports/{k}/public.md"))?.unwrap_or_default(),
                bbcode: read(format!("reports/{k}/public.bbcode"))?.unwrap_or_default(),
                html: read(format!("reports/{k}/public.html"))?.unwrap_or_default(),
                svg: read(format!("reports/{k}/public.svg"))?,
                record: read(format!("reports/{k}/public.json"))?.unwrap_or_default(),
                text,
            });
        }
        // `id (System title): step k, phase` is the reports' first line.
        let first = steps.last().map(|s| heading(&s.text)).unwrap_or_default();
        let (id, system) = match first.split_once(" (") {
            Some((id, rest)) => {
                (id.to_string(), rest.rsplit_once("): ").map(|(t, _)| t.to_string()).unwrap_or_default())
            }
            None => {
                (dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), String::new())
            }
        };
        let facts = in_ledger(dir)?;
        Ok(PublicRecord {
            id,
            system,
            announcement,
            steps,
            ledger_deadline: facts.as_ref().map(|f| f.deadline.clone()),
            players: facts.as_ref().map(|f| f.players.clone()).unwrap_or_default(),
            letters: facts.as_ref().map(|f| f.letters.clone()).unwrap_or_default(),
            standings: facts.and_then(|f| f.standings),
        })
    }

    pub fn latest(&self) -> Option<&StepReport> {
        self.steps.last()
    }

    /// What the latest report says comes next: its `Next:` line (or that the game is
    /// over), and the deadline: the ledger's where there is a ledger (so a GM's
    /// extension shows, and a GM's own templates need no `Deadline:` line), else the
    /// report's `Deadline:` line.
    pub fn next(&self) -> (String, Option<String>) {
        let Some(r) = self.latest() else { return ("the first report is not out yet".into(), None) };
        let mut next = String::new();
        let mut deadline = None;
        for l in r.text.lines() {
            if let Some(n) = l.strip_prefix("Next: ") {
                next = n.to_string();
            } else if let Some(o) = l.strip_prefix("The game is over: ") {
                next = format!("game over: {o}");
            } else if let Some(d) = l.strip_prefix("Deadline: ") {
                deadline.get_or_insert_with(|| d.trim().to_string());
            }
        }
        (next, self.ledger_deadline.clone().unwrap_or(deadline))
    }

    /// The announcement's two chain commitments, as an auditor copies them.
    pub fn commitments(&self) -> Vec<(String, String)> {
        let v: serde_json::Value = serde_json::from_str(&self.announcement).unwrap_or_default();
        let mut out = Vec::new();
        for key in ["chain_public", "chain_hidden", "chain_commitment", "hidden_commitment"] {
            if let Some(s) = v.get(key).and_then(|x| x.as_str()) {
                out.push((key.to_string(), s.to_string()));
            }
        }
        out
    }
}

/// What the zine takes from the public part of a ledger.
#[derive(Default)]
struct LedgerFacts {
    deadline: Option<String>,
    players: Vec<String>,
    letters: Vec<Letter>,
    standings: Option<(u64, Vec<crate::engine::Standing>)>,
}

/// The public part of `dir/ledger.jsonl`: the deadline in force (the last step's
/// `next_deadline`, moved by any later `extend`, kept in UTC and shown so), the
/// players, the letters to the zine and the latest standings. None where there is no
/// ledger.
fn in_ledger(dir: &Path) -> Result<Option<LedgerFacts>> {
    let path = dir.join("ledger.jsonl");
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut facts = LedgerFacts::default();
    for line in crate::campaign::publish::public_lines(&text)? {
        let text_of = |key: &str| line.get(key).and_then(serde_json::Value::as_str).map(str::to_string);
        match line.get("event").and_then(serde_json::Value::as_str) {
            Some("new") => {
                facts.players = line
                    .get("players")
                    .and_then(|p| serde_json::from_value(p.clone()).ok())
                    .unwrap_or_default();
            }
            Some("step") => {
                facts.deadline = text_of("next_deadline");
                let step = line.get("step").and_then(serde_json::Value::as_u64).unwrap_or(0);
                let press: Vec<crate::campaign::press::Published> = line
                    .get("press")
                    .and_then(|p| serde_json::from_value(p.clone()).ok())
                    .unwrap_or_default();
                facts.letters.extend(
                    press.into_iter().filter(|p| p.to.as_deref() == Some("zine")).map(|p| Letter {
                        step,
                        by: p.by.unwrap_or_default(),
                        text: p.text,
                    }),
                );
                let standings: Vec<crate::engine::Standing> = line
                    .get("standings")
                    .and_then(|p| serde_json::from_value(p.clone()).ok())
                    .unwrap_or_default();
                if !standings.is_empty() {
                    facts.standings = Some((step, standings));
                }
            }
            Some("extend") => {
                facts.deadline = text_of("deadline").map(|d| match chrono::DateTime::parse_from_rfc3339(&d) {
                    Ok(t) => crate::campaign::schedule::show_time(None, t.with_timezone(&chrono::Utc)),
                    Err(_) => d,
                })
            }
            _ => {}
        }
    }
    Ok(Some(facts))
}

/// The inside of an HTML page's `<body>` (the whole text if it has none).
pub fn body_of(html: &str) -> &str {
    let start = html.find("<body>").map(|i| i + "<body>".len()).unwrap_or(0);
    let end = html.rfind("</body>").unwrap_or(html.len());
    html.get(start..end).unwrap_or(html)
}

/// A report's first line, `id (System title): step k, phase`, with its continuation
/// lines joined back (a text report kept to 72 columns breaks a long heading, and
/// hangs the rest under it, indented).
fn heading(text: &str) -> String {
    let mut lines = text.lines();
    let mut out = lines.next().unwrap_or_default().to_string();
    for l in lines.take_while(|l| l.starts_with("   ")) {
        out.push(' ');
        out.push_str(l.trim());
    }
    out
}
