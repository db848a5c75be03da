//! `umpire zine zine.toml`: one issue of a GM's zine over several campaigns, as text
//! (72 columns, for mailing lists), Markdown and BBCode (for forums) and one
//! self-contained HTML file (maps inline, a print stylesheet for a paper copy).
//!
//! For each game: its public reports since the last issue (`since`; the latest alone
//! by default), which carry the press and the map, and what comes next; then every game's deadline in one table, and the commitments an
//! auditor needs. Everything comes from the public record (see [`super::record`]).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::record::{PublicRecord, body_of};
use crate::error::{Context, Error, Result};
use crate::report::xml as esc;

/// `zine.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZineFile {
    pub title: String,
    pub number: u32,
    /// As the GM wants it printed (`24 November 2026`).
    pub date: String,
    /// A plain-text file, relative to zine.toml; paragraphs split by blank lines.
    #[serde(default)]
    pub editorial: Option<PathBuf>,
    /// Where the issue's files go, relative to zine.toml (default `issue-<number>`).
    #[serde(default)]
    pub output: Option<PathBuf>,
    #[serde(rename = "game")]
    pub games: Vec<GameEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEntry {
    /// A campaign directory or a published copy, relative to zine.toml.
    pub path: PathBuf,
    /// The heading, if not the campaign's id.
    #[serde(default)]
    pub name: Option<String>,
    /// Print the reports of every step after this one (the last issue's); without it,
    /// the latest report alone.
    #[serde(default)]
    pub since: Option<u64>,
}

/// One game as the issue prints it.
struct Game {
    name: String,
    record: PublicRecord,
    /// The steps this issue prints, oldest first.
    shown: Vec<usize>,
    next: String,
    deadline: Option<String>,
}

/// The files written.
pub struct Written {
    pub dir: PathBuf,
    pub files: Vec<PathBuf>,
}

/// Reads `zine.toml` and writes the issue.
pub fn make(zine_toml: &Path) -> Result<Written> {
    let text =
        std::fs::read_to_string(zine_toml).with_context(|| format!("reading {}", zine_toml.display()))?;
    let file: ZineFile =
        toml::from_str(&text).map_err(|e| Error::Refused(format!("{}: {e}", zine_toml.display())))?;
    let base = zine_toml.parent().unwrap_or(Path::new("."));
    let editorial = match &file.editorial {
        Some(p) => std::fs::read_to_string(base.join(p))
            .with_context(|| format!("reading the editorial {}", base.join(p).display()))?,
        None => String::new(),
    };
    let mut games = Vec::new();
    for g in &file.games {
        let record = PublicRecord::read(&base.join(&g.path))
            .with_context(|| format!("{}: game {}", zine_toml.display(), g.path.display()))?;
        let (next, deadline) = record.next();
        let shown: Vec<usize> = match g.since {
            Some(since) => (0..record.steps.len()).filter(|&i| record.steps[i].step > since).collect(),
            None => record.steps.len().checked_sub(1).into_iter().collect(),
        };
        let name = g.name.clone().unwrap_or_else(|| record.id.clone());
        games.push(Game { name, record, shown, next, deadline });
    }
    let dir =
        base.join(file.output.clone().unwrap_or_else(|| PathBuf::from(format!("issue-{}", file.number))));
    crate::campaign::store::create_dirs(&dir)?;
    let stem = format!("issue-{}", file.number);
    let outputs = [
        (format!("{stem}.txt"), text_issue(&file, &editorial, &games)),
        (format!("{stem}.md"), markdown_issue(&file, &editorial, &games)),
        (format!("{stem}.bbcode"), bbcode_issue(&file, &editorial, &games)),
        (format!("{stem}.html"), html_issue(&file, &editorial, &games)),
    ];
    let mut files = Vec::new();
    for (name, body) in outputs {
        let path = dir.join(name);
        crate::campaign::store::write_atomic_mode(
            &path,
            body.as_bytes(),
            Some(crate::campaign::store::PUBLIC_MODE),
        )?;
        files.push(path);
    }
    Ok(Written { dir, files })
}

const WIDTH: usize = 72;

/// `text` wrapped to 72 columns, each line's own indent kept for its continuation.
fn wrap72(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.chars().count() <= WIDTH {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let indent: String = line.chars().take_while(|c| *c == ' ').collect();
        let hang = format!("{indent}    ");
        let options = textwrap::Options::new(WIDTH)
            .initial_indent(&indent)
            .subsequent_indent(&hang)
            .break_words(true)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        for l in textwrap::wrap(line.trim_start(), options) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out
}

fn paragraphs(text: &str) -> Vec<String> {
    text.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect()
}

impl Game {
    /// The reports this issue prints for the game.
    fn reports(&self) -> impl Iterator<Item = &super::record::StepReport> {
        self.shown.iter().filter_map(|&i| self.record.steps.get(i))
    }
}

fn deadline_rows(games: &[Game]) -> Vec<[String; 4]> {
    games
        .iter()
        .map(|g| {
            let step = g.record.latest().map(|s| s.step.to_string()).unwrap_or_else(|| "0".into());
            [
                g.name.clone(),
                step,
                g.next.clone(),
                g.deadline.clone().unwrap_or_else(|| "when all orders are in".into()),
            ]
        })
        .collect()
}

fn audit_lines(g: &Game) -> Vec<String> {
    let mut lines = vec![format!("{}: {} step(s) resolved", g.name, g.record.steps.len())];
    for (k, v) in g.record.commitments() {
        lines.push(format!("  {k}: {v}"));
    }
    if let Some(s) = g.record.latest() {
        let sha = crate::trust::hex(&crate::trust::h(&[s.record.as_bytes()]));
        lines.push(format!("  step {} record (reports/{}/public.json) SHA-256: {sha}", s.step, s.step));
    }
    lines.push(format!("  check it: umpire verify <the published copy of {}>", g.record.id));
    lines
}

fn text_issue(z: &ZineFile, editorial: &str, games: &[Game]) -> String {
    let mut s = String::new();
    let rule = "=".repeat(WIDTH);
    s.push_str(&format!("{rule}\n{}\nIssue {}, {}\n{rule}\n\n", z.title, z.number, z.date));
    for p in paragraphs(editorial) {
        s.push_str(&textwrap::fill(&p, WIDTH));
        s.push_str("\n\n");
    }
    s.push_str("In this issue:\n");
    for g in games {
        if g.name == g.record.id {
            s.push_str(&format!("  - {} ({})\n", g.name, g.record.system));
        } else {
            s.push_str(&format!("  - {} ({}, {})\n", g.name, g.record.id, g.record.system));
        }
    }
    for g in games {
        s.push_str(&format!("\n{}\n{}\n", "-".repeat(WIDTH), g.name));
        s.push_str(&format!("{}\n\n", "-".repeat(WIDTH)));
        for (i, r) in g.reports().enumerate() {
            if i > 0 {
                s.push('\n');
            }
            s.push_str(&r.text);
            if r.svg.is_some() {
                s.push_str("\n(The map is in the HTML edition of this issue.)\n");
            }
        }
        if g.shown.is_empty() {
            s.push_str("No new report.\n");
        }
    }
    s.push_str(&format!("\n{rule}\nDeadlines\n{rule}\n"));
    for [name, step, next, deadline] in deadline_rows(games) {
        s.push_str(&format!("  {name} (after step {step}): {next}\n      deadline: {deadline}\n"));
    }
    s.push_str(&format!("\n{rule}\nDice and commitments\n{rule}\n"));
    for g in games {
        for l in audit_lines(g) {
            s.push_str(&l);
            s.push('\n');
        }
    }
    wrap72(&s)
}

fn markdown_issue(z: &ZineFile, editorial: &str, games: &[Game]) -> String {
    let mut s = format!("# {}\n\n*Issue {}, {}*\n\n", z.title, z.number, z.date);
    for p in paragraphs(editorial) {
        s.push_str(&p);
        s.push_str("\n\n");
    }
    for g in games {
        s.push_str(&format!("---\n\n# {}\n\n", g.name));
        for r in g.reports() {
            s.push_str(&r.markdown.replacen("# ", "## ", 1));
            s.push('\n');
        }
        if g.shown.is_empty() {
            s.push_str("No new report.\n");
        }
        s.push('\n');
    }
    s.push_str("---\n\n## Deadlines\n\n| Game | Step | Next | Deadline |\n|---|---|---|---|\n");
    for row in deadline_rows(games) {
        let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
        s.push_str(&format!("| {} |\n", cells.join(" | ")));
    }
    s.push_str("\n## Dice and commitments\n\n```\n");
    for g in games {
        for l in audit_lines(g) {
            s.push_str(&l);
            s.push('\n');
        }
    }
    s.push_str("```\n");
    s
}

fn bbcode_issue(z: &ZineFile, editorial: &str, games: &[Game]) -> String {
    let mut s = format!("[size=200][b]{}[/b][/size]\n[i]Issue {}, {}[/i]\n\n", z.title, z.number, z.date);
    for p in paragraphs(editorial) {
        s.push_str(&p);
        s.push_str("\n\n");
    }
    for g in games {
        s.push_str(&format!("[hr][size=150][b]{}[/b][/size]\n", g.name));
        for r in g.reports() {
            s.push_str(&r.bbcode);
            s.push('\n');
        }
        if g.shown.is_empty() {
            s.push_str("No new report.\n");
        }
        s.push('\n');
    }
    s.push_str("[hr][b]Deadlines[/b]\n[list]\n");
    for [name, step, next, deadline] in deadline_rows(games) {
        s.push_str(&format!("[*][b]{name}[/b] (after step {step}): {next}; deadline: {deadline}\n"));
    }
    s.push_str("[/list]\n[b]Dice and commitments[/b]\n[code]\n");
    for g in games {
        for l in audit_lines(g) {
            s.push_str(&l);
            s.push('\n');
        }
    }
    s.push_str("[/code]\n");
    s
}

/// The print stylesheet: a paper zine, two columns of reports, a page per game.
pub const ZINE_CSS: &str = "body{font-family:Georgia,serif;max-width:60em;margin:1.5em auto;padding:0 1em;color:#222;background:#fbf8f0}\
header.masthead{text-align:center;border-bottom:3px double #222;margin-bottom:1em}\
header.masthead h1{font-size:2.4em;margin:.2em 0;letter-spacing:.05em}\
section.game{border-top:2px solid #222;margin-top:2em}\
section.game h2{font-size:1.6em}\
.report h1{font-size:1.2em}.report h2{font-size:1.05em;border-bottom:1px solid #ccc}\
.board svg,svg.board{max-width:100%;height:auto;display:block;margin:.5em auto}\
table.deadlines{border-collapse:collapse;width:100%}table.deadlines td,table.deadlines th{border:1px solid #aaa;padding:.25em .5em;text-align:left}\
pre,code{font-size:.8em;white-space:pre-wrap;word-break:break-all}\
nav.contents a{margin-right:1em}\
@media print{body{background:#fff;max-width:none;margin:0;font-size:10pt}nav.contents{display:none}section.game{break-before:page}.report ul{columns:2}.board{break-inside:avoid}a{color:#000;text-decoration:none}}";

fn html_issue(z: &ZineFile, editorial: &str, games: &[Game]) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{} {}</title><style>{ZINE_CSS}</style></head><body>\n",
        esc(&z.title),
        z.number
    );
    s.push_str(&format!(
        "<header class=\"masthead\"><h1>{}</h1><p>Issue {} &middot; {}</p></header>\n",
        esc(&z.title),
        z.number,
        esc(&z.date)
    ));
    s.push_str("<nav class=\"contents\">");
    for (i, g) in games.iter().enumerate() {
        s.push_str(&format!("<a href=\"#game-{i}\">{}</a>", esc(&g.name)));
    }
    s.push_str("<a href=\"#deadlines\">Deadlines</a><a href=\"#audit\">Dice and commitments</a></nav>\n");
    for p in paragraphs(editorial) {
        s.push_str(&format!("<p class=\"editorial\">{}</p>\n", esc(&p)));
    }
    for (i, g) in games.iter().enumerate() {
        s.push_str(&format!(
            "<section class=\"game\" id=\"game-{i}\"><h2>{}</h2><p><em>{}</em></p>\n<div class=\"report\">",
            esc(&g.name),
            esc(&g.record.system)
        ));
        for r in g.reports() {
            s.push_str(&format!(
                "<div class=\"step\" id=\"game-{i}-step-{}\">{}</div>",
                r.step,
                body_of(&r.html_with_picture())
            ));
        }
        if g.shown.is_empty() {
            s.push_str("<p>No new report.</p>");
        }
        s.push_str("</div></section>\n");
    }
    s.push_str("<section id=\"deadlines\"><h2>Deadlines</h2><table class=\"deadlines\"><tr><th>Game</th><th>Step</th><th>Next</th><th>Deadline</th></tr>\n");
    for row in deadline_rows(games) {
        s.push_str("<tr>");
        for c in row {
            s.push_str(&format!("<td>{}</td>", esc(&c)));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table></section>\n<section id=\"audit\"><h2>Dice and commitments</h2><pre>");
    for g in games {
        for l in audit_lines(g) {
            s.push_str(&esc(&l));
            s.push('\n');
        }
    }
    s.push_str("</pre><p>Every die was committed before any orders existed: the chain commitments above were published when each game began. Take a game's published copy and run <code>umpire verify</code> on it.</p></section>\n</body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_wrap_to_72_columns_with_their_indent() {
        let line = format!("  receipt france: {}", "a".repeat(64));
        let w = wrap72(&line);
        assert!(w.lines().all(|l| l.chars().count() <= WIDTH), "{w}");
        assert!(w.lines().nth(1).is_some_and(|l| l.starts_with("      ")), "{w}");
        assert_eq!(wrap72("short\n"), "short\n");
    }
}
