//! Checking a campaign from the outside: `verify` (the public record, and with an
//! audit bundle a full replay) and `audit-bundle` (the GM's disclosure after the game).

pub mod bundle;
pub mod verify;

pub use bundle::{Bundle, write_bundle};
pub use verify::{Verified, verify};

pub use crate::trust::{VERIFY_PAGE, VERIFY_PAGE_NAME};

/// Writes a campaign's audit bundle to `bundle` and verifies the campaign with it:
/// the end of a demo or a soak game.
pub fn disclose_and_verify(
    dir: &std::path::Path,
    bundle: &std::path::Path,
) -> crate::error::Result<Verified> {
    write_bundle(&crate::campaign::Campaign::open(dir)?, bundle)?;
    verify(dir, Some(bundle))
}

/// Checks a report mail against the ledger of a published folder (or the campaign):
/// every text report named in the mail's salts block must commit, salted, to the report
/// text above the block. Returns one line per path checked.
pub fn check_report(dir: &std::path::Path, mail: &std::path::Path) -> crate::error::Result<Vec<String>> {
    use crate::campaign::event::{Event, Step};
    use crate::error::{Context, Error};
    use crate::report::salts;
    let raw = std::fs::read(mail).with_context(|| format!("reading {}", mail.display()))?;
    let parsed = crate::mail::parse_mail(&raw);
    let text = if parsed.text.contains(salts::MARKER) {
        parsed.text
    } else {
        String::from_utf8_lossy(&raw).into_owned()
    };
    let text = text.replace("\r\n", "\n");
    let Some((report, block)) = salts::split(&text) else {
        return Err(Error::Trust(format!(
            "{}: no '{}' block: this is not a report mail",
            mail.display(),
            salts::MARKER
        )));
    };
    let ledger = std::fs::read_to_string(dir.join("ledger.jsonl")).context("reading ledger.jsonl")?;
    crate::campaign::ledger::check_chain(&ledger).map_err(|e| Error::Trust(e.to_string()))?;
    let mut committed = std::collections::BTreeMap::new();
    for entry in crate::campaign::ledger::read_entries(&ledger)? {
        if let Event::Step(Step { commitments: Some(c), .. }) = entry.event {
            committed.extend(c);
        }
    }
    let mut out = Vec::new();
    // The mail carries the text form; the other formats' salts are for their files.
    for (path, salt) in block.iter().filter(|(p, _)| p.ends_with(".txt")) {
        let Some(hash) = committed.get(path) else {
            return Err(Error::Trust(format!("{path}: the ledger commits to no such report")));
        };
        if *hash != crate::trust::hex(&crate::trust::report_commitment(salt, report.as_bytes())) {
            return Err(Error::Trust(format!("{path}: this report is not the one the ledger committed to")));
        }
        out.push(format!("{path} is the report the ledger committed to"));
    }
    if out.is_empty() {
        return Err(Error::Trust(format!("{}: the salts block names no text report", mail.display())));
    }
    Ok(out)
}
