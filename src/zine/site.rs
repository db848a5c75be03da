//! `umpire site CAMPAIGN OUT`: a static web archive of one campaign's public record:
//! an index, one page a step (its map, results and press, with previous and next
//! links), how to verify it all, and `verify.html`, which checks `record/` in the
//! reader's browser.
//!
//! The site is built from the public set alone. From a campaign directory, `publish`
//! first writes the public set into `OUT/record/` (the same files `umpire publish`
//! gives), and the pages are made from that copy; a published copy is copied there
//! as it is. So every file under OUT is the public record or a page made from it, and
//! a reader can download `record/` and run `umpire verify` on it.

use std::path::{Path, PathBuf};

use super::issue::ZINE_CSS;
use super::record::{PublicRecord, body_of};
use crate::campaign::store;
use crate::error::{Context, Error, Result};
use crate::report::xml as esc;

/// What `site` wrote.
pub struct Site {
    pub pages: usize,
    pub record_files: usize,
}

/// Builds the site of the campaign (or published copy) `from` in `out`.
pub fn build(from: &Path, out: &Path) -> Result<Site> {
    if out.exists()
        && std::fs::read_dir(out).with_context(|| format!("reading {}", out.display()))?.next().is_some()
    {
        return Err(Error::Refused(format!(
            "{} exists and is not empty; build the site into a new directory",
            out.display()
        )));
    }
    let record_dir = out.join("record");
    let record_files = if from.join("campaign.toml").exists() {
        crate::campaign::publish::publish(from, &record_dir)?.files
    } else {
        copy_tree(from, &record_dir)?
    };
    let record = PublicRecord::read(&record_dir)?;
    let mut pages = 0;
    let n = record.steps.len();
    for (i, s) in record.steps.iter().enumerate() {
        let prev = if i == 0 { None } else { record.steps.get(i - 1).map(|p| p.step) };
        let next = record.steps.get(i + 1).map(|p| p.step);
        let mut nav = String::from("<nav class=\"steps\">");
        match prev {
            Some(p) => nav.push_str(&format!("<a rel=\"prev\" href=\"step-{p}.html\">&larr; step {p}</a>")),
            None => nav.push_str("<span>&larr; (first step)</span>"),
        }
        nav.push_str(" <a href=\"index.html\">all steps</a> ");
        match next {
            Some(q) => nav.push_str(&format!("<a rel=\"next\" href=\"step-{q}.html\">step {q} &rarr;</a>")),
            None => nav.push_str("<span>(latest step) &rarr;</span>"),
        }
        nav.push_str("</nav>");
        let files = format!(
            "<p class=\"files\">This step's public files: <a href=\"record/reports/{k}/public.txt\">text</a> · <a href=\"record/reports/{k}/public.md\">Markdown</a> · <a href=\"record/reports/{k}/public.bbcode\">BBCode</a> · <a href=\"record/reports/{k}/public.json\">record</a>{svg}</p>",
            k = s.step,
            svg = if s.svg.is_some() {
                format!(" · <a href=\"record/reports/{}/public.svg\">map</a>", s.step)
            } else {
                String::new()
            }
        );
        let page = page(
            &format!("{}: step {}, {}", record.id, s.step, s.phase),
            &format!(
                "{nav}\n<article class=\"report\">{}</article>\n{files}\n{nav}",
                body_of(&s.html_with_picture())
            ),
        );
        write(&out.join(format!("step-{}.html", s.step)), &page)?;
        pages += 1;
    }
    let mut index = format!(
        "<h1>{}</h1><p><em>{}</em></p>\n<h2>Steps</h2>\n<ol class=\"steps\">\n",
        esc(&record.id),
        esc(&record.system)
    );
    for s in &record.steps {
        index.push_str(&format!(
            "<li value=\"{k}\"><a href=\"step-{k}.html\">step {k}: {}</a></li>\n",
            esc(&s.phase),
            k = s.step
        ));
    }
    index.push_str("</ol>\n");
    if let Some(last) = record.latest() {
        let (next, deadline) = record.next();
        index.push_str(&format!(
            "<p>Latest: <a href=\"step-{}.html\">step {}</a>. Next: {}{}</p>\n",
            last.step,
            last.step,
            esc(&next),
            deadline.map(|d| format!("; deadline {}", esc(&d))).unwrap_or_default()
        ));
    }
    index.push_str("<h2>Check it yourself</h2>\n<p>Every die of this campaign was committed before any orders existed. The commitments, published when the game began:</p>\n<pre>");
    for (k, v) in record.commitments() {
        index.push_str(&format!("{k}: {v}\n"));
    }
    index.push_str(&format!(
        "</pre>\n<p>Download the folder <a href=\"record/index.html\">record/</a> (the public ledger and every public report, {n} step(s), each file linked from its index) and run:</p>\n<pre>umpire verify record\numpire verify record --bundle audit.json   # once the GM has opened the books</pre>\n<p>or check it here, in your browser: <a href=\"verify.html\">verify.html</a> re-checks the chains, every public die and shuffle, the receipts and the ledger (and, given the audit bundle after the game, every hidden die), with nothing to install. Or, without a browser, the independent script <code>tests/verify_trust.py</code> from umpire's sources (Python standard library only). A player checks that the report mailed to them is the one the ledger committed to with <code>umpire check-report record --mail saved-report.eml</code>.</p>\n"
    ));
    write(&out.join("index.html"), &page(&format!("{}: the campaign's record", record.id), &index))?;
    write_record_index(&record_dir, &record.id)?;
    crate::campaign::publish::write_verify_page(out)?;
    pages += 2;
    Ok(Site { pages, record_files })
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><style>{ZINE_CSS} nav.steps{{display:flex;justify-content:space-between;margin:1em 0}}</style></head><body>\n{body}\n</body></html>\n",
        esc(title)
    )
}

/// `record/index.html`: every file of the public record, linked, so that the folder can
/// be fetched file by file from a static host that lists no directories. It names
/// itself last; `umpire verify` reads only the files it knows.
fn write_record_index(record_dir: &Path, id: &str) -> Result<()> {
    let mut files: Vec<String> = files_in(record_dir)?
        .into_iter()
        .filter(|r| r != Path::new("index.html"))
        .map(|r| r.display().to_string())
        .collect();
    files.sort_by_key(|f| {
        // reports/<k>/… in step order, then the rest by name.
        let k =
            f.strip_prefix("reports/").and_then(|r| r.split('/').next()).and_then(|k| k.parse::<u64>().ok());
        (k.is_some(), k, f.clone())
    });
    let mut body = format!(
        "<h1>{}: the public record</h1>\n<p>Every file of the folder, for downloading one by one; <code>umpire verify</code> checks the folder they make.</p>\n<ul class=\"files\">\n",
        esc(id)
    );
    for f in &files {
        body.push_str(&format!("<li><a href=\"{}\">{}</a></li>\n", esc(f), esc(f)));
    }
    body.push_str("</ul>\n<p><a href=\"../index.html\">back to the archive</a></p>");
    write(&record_dir.join("index.html"), &page(&format!("{id}: the public record"), &body))
}

fn write(path: &Path, text: &str) -> Result<()> {
    store::write_atomic_mode(path, text.as_bytes(), Some(store::PUBLIC_MODE))
}

/// Copies a published copy (every file of it is public) into `to`.
fn copy_tree(from: &Path, to: &Path) -> Result<usize> {
    let files = files_in(from)?;
    for r in &files {
        let path = from.join(r);
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        store::write_atomic_mode(&to.join(r), &bytes, Some(store::PUBLIC_MODE))?;
    }
    Ok(files.len())
}

/// Every file under `root`, as paths relative to it.
fn files_in(root: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let dir = root.join(&rel);
        for e in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))?.flatten() {
            let r = rel.join(e.file_name());
            if e.path().is_dir() {
                stack.push(r);
            } else {
                files.push(r);
            }
        }
    }
    Ok(files)
}
