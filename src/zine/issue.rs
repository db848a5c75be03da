//! `umpire zine zine.toml`: one issue of a GM's zine over several campaigns, as text
//! (72 columns, for mailing lists), Markdown and BBCode (for forums) and one
//! self-contained HTML file (maps inline, a viewport for phones, a print stylesheet for
//! a paper copy).
//!
//! The issue prints, in order: the masthead and the editorial; for each game its roster
//! and GM, its public reports since the last issue (`since`; the latest alone by
//! default), which carry the press and the map, and what comes next; a standings table
//! across the games; the letters column (`PRESS TO ZINE`, published in each game's
//! ledger); the editor's house rules and openings pages; every game's deadline; and the
//! commitments an auditor needs, once per game rather than after every report.
//! Everything about a game comes from its public record (see [`super::record`]).

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
    /// The editor's house rules page: plain text, relative to zine.toml.
    #[serde(default)]
    pub house_rules: Option<PathBuf>,
    /// The openings and waiting-list page: plain text, relative to zine.toml.
    #[serde(default)]
    pub openings: Option<PathBuf>,
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
    /// The game's GM, as the issue prints it.
    #[serde(default)]
    pub gm: Option<String>,
    /// The roster as the issue prints it, a line a player (`France: Jean Dupont`);
    /// without it, the players' ids from the game's public ledger.
    #[serde(default)]
    pub players: Vec<String>,
}

/// One game as the issue prints it.
struct Game {
    name: String,
    record: PublicRecord,
    /// The steps this issue prints, oldest first.
    shown: Vec<usize>,
    next: String,
    deadline: Option<String>,
    gm: Option<String>,
    roster: Vec<String>,
}

/// The editor's own pages, read from their files.
#[derive(Default)]
struct Pages {
    editorial: String,
    house_rules: String,
    openings: String,
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
    let page = |p: &Option<PathBuf>, what: &str| -> Result<String> {
        match p {
            Some(p) => std::fs::read_to_string(base.join(p))
                .with_context(|| format!("reading the {what} {}", base.join(p).display())),
            None => Ok(String::new()),
        }
    };
    let pages = Pages {
        editorial: page(&file.editorial, "editorial")?,
        house_rules: page(&file.house_rules, "house rules")?,
        openings: page(&file.openings, "openings page")?,
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
        let roster = if g.players.is_empty() { record.players.clone() } else { g.players.clone() };
        games.push(Game { name, record, shown, next, deadline, gm: g.gm.clone(), roster });
    }
    let dir =
        base.join(file.output.clone().unwrap_or_else(|| PathBuf::from(format!("issue-{}", file.number))));
    crate::campaign::store::create_dirs(&dir)?;
    let stem = format!("issue-{}", file.number);
    let outputs = [
        (format!("{stem}.txt"), text_issue(&file, &pages, &games)),
        (format!("{stem}.md"), markdown_issue(&file, &pages, &games)),
        (format!("{stem}.bbcode"), bbcode_issue(&file, &pages, &games)),
        (format!("{stem}.html"), html_issue(&file, &pages, &games)),
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

/// `text` wrapped to 72 columns at word boundaries, each line's own indent kept for its
/// continuation; a unit's letter stays with its province ("A Warsaw" is never split).
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
        for l in textwrap::wrap(&glue_units(line.trim_start()), options) {
            out.push_str(&l.replace(NO_BREAK, " "));
            out.push('\n');
        }
    }
    out
}

const NO_BREAK: char = '\u{a0}';

/// Joins a unit's letter (`A`, `F`) to the name after it with a no-break space, which
/// the wrapping (on ASCII spaces) does not break at.
fn glue_units(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut out = String::with_capacity(line.len());
    for (i, w) in words.iter().enumerate() {
        out.push_str(w);
        if let Some(next) = words.get(i + 1) {
            let unit = matches!(w.trim_start_matches('('), "A" | "F");
            let name = next.chars().next().is_some_and(char::is_uppercase);
            out.push(if unit && name { NO_BREAK } else { ' ' });
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

/// A report without its closing "Dice and commitments" block (the issue prints each
/// game's commitments once, in the auditors' section): everything before the first line
/// that starts with `marker`, or the whole report where there is none (a GM's own
/// templates).
fn without_commitments<'a>(report: &'a str, marker: &str) -> &'a str {
    let mut at = 0;
    for line in report.split_inclusive('\n') {
        if line.trim_start().starts_with(marker) {
            return report[..at].trim_end();
        }
        at += line.len();
    }
    report
}

impl Game {
    /// The reports this issue prints for the game.
    fn reports(&self) -> impl Iterator<Item = &super::record::StepReport> {
        self.shown.iter().filter_map(|&i| self.record.steps.get(i))
    }

    /// The letters to the zine sent in the steps this issue prints.
    fn letters(&self) -> impl Iterator<Item = &super::record::Letter> {
        self.record.letters.iter().filter(|l| self.reports().any(|r| r.step == l.step))
    }

    /// The roster as printed: the GM, then the players.
    fn roster_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if !self.record.system.is_empty() {
            lines.push(format!("Game: {}", self.record.system));
        }
        if let Some(gm) = &self.gm {
            lines.push(format!("GM: {gm}"));
        }
        if !self.roster.is_empty() {
            lines.push(format!("Players: {}", self.roster.join("; ")));
        }
        lines
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

/// The standings table: each game's sides as its latest step left them.
fn standing_rows(games: &[Game]) -> Vec<[String; 3]> {
    let mut rows = Vec::new();
    for g in games {
        let Some((step, lines)) = &g.record.standings else { continue };
        for s in lines {
            rows.push([format!("{} (step {step})", g.name), s.who.clone(), s.what.clone()]);
        }
    }
    rows
}

/// The letters column: (game, step, writer, text), in the issue's game order.
fn letter_rows(games: &[Game]) -> Vec<(String, u64, String, String)> {
    games
        .iter()
        .flat_map(|g| g.letters().map(move |l| (g.name.clone(), l.step, l.by.clone(), l.text.clone())))
        .collect()
}

fn audit_lines(g: &Game) -> Vec<String> {
    let mut lines = vec![format!("{}: {} step(s) resolved", g.name, g.record.steps.len())];
    for (k, v) in g.record.commitments() {
        lines.push(format!("  {k}: {v}"));
    }
    for s in g.reports() {
        let v: serde_json::Value = serde_json::from_str(&s.record).unwrap_or_default();
        lines.push(format!("  step {} ({}):", s.step, s.phase));
        if let Some(c) = v.get("chain_reveal").and_then(|x| x.as_str()) {
            lines.push(format!("    revealed c[{}]: {c}", s.step));
        }
        let sha = crate::trust::hex(&crate::trust::h(&[s.record.as_bytes()]));
        lines.push(format!("    reports/{}/public.json SHA-256: {sha}", s.step));
    }
    lines.push(format!(
        "  check it: umpire verify <the published copy of {}>, or its verify.html",
        g.record.id
    ));
    lines
}

/// The sections after the games, each present only when it has something to say.
fn has_pages(p: &Pages) -> (bool, bool) {
    (!paragraphs(&p.house_rules).is_empty(), !paragraphs(&p.openings).is_empty())
}

fn text_issue(z: &ZineFile, pages: &Pages, games: &[Game]) -> String {
    let mut s = String::new();
    let rule = "=".repeat(WIDTH);
    let heading = |s: &mut String, title: &str| s.push_str(&format!("\n{rule}\n{title}\n{rule}\n"));
    s.push_str(&format!("{rule}\n{}\nIssue {}, {}\n{rule}\n\n", z.title, z.number, z.date));
    for p in paragraphs(&pages.editorial) {
        s.push_str(&textwrap::fill(&p, WIDTH));
        s.push_str("\n\n");
    }
    let (house, openings) = has_pages(pages);
    let standings = standing_rows(games);
    let letters = letter_rows(games);
    s.push_str("In this issue:\n");
    for g in games {
        if g.name == g.record.id {
            s.push_str(&format!("  - {} ({})\n", g.name, g.record.system));
        } else {
            s.push_str(&format!("  - {} ({}, {})\n", g.name, g.record.id, g.record.system));
        }
    }
    for (title, present) in [
        ("Standings", !standings.is_empty()),
        ("Letters", true),
        ("House rules", house),
        ("Openings and waiting list", openings),
        ("Deadlines", true),
        ("Dice and commitments", true),
    ] {
        if present {
            s.push_str(&format!("  - {title}\n"));
        }
    }
    for g in games {
        s.push_str(&format!("\n{}\n{}\n", "-".repeat(WIDTH), g.name));
        s.push_str(&format!("{}\n", "-".repeat(WIDTH)));
        for l in g.roster_lines() {
            s.push_str(&l);
            s.push('\n');
        }
        s.push('\n');
        for (i, r) in g.reports().enumerate() {
            if i > 0 {
                s.push('\n');
            }
            s.push_str(without_commitments(&r.text, "Dice and commitments"));
            s.push('\n');
            if r.svg.is_some() {
                s.push_str("\n(The map is in the HTML edition of this issue.)\n");
            }
        }
        if g.shown.is_empty() {
            s.push_str("No new report.\n");
        }
    }
    if !standings.is_empty() {
        heading(&mut s, "Standings");
        let mut last = String::new();
        for [game, who, what] in &standings {
            if *game != last {
                s.push_str(&format!("  {game}\n"));
                last = game.clone();
            }
            s.push_str(&format!("    {who:<12} {what}\n"));
        }
    }
    heading(&mut s, "Letters");
    if letters.is_empty() {
        s.push_str("No letters this time. Write to the zine in any orders mail:\nPRESS TO ZINE, your letter, then ENDPRESS.\n");
    }
    for (i, (game, step, by, text)) in letters.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(&format!("From {by} ({game}, step {step}):\n"));
        for p in paragraphs(text) {
            s.push_str(&textwrap::fill(
                &p,
                textwrap::Options::new(WIDTH).initial_indent("  ").subsequent_indent("  "),
            ));
            s.push('\n');
        }
    }
    for (title, text, present) in
        [("House rules", &pages.house_rules, house), ("Openings and waiting list", &pages.openings, openings)]
    {
        if present {
            heading(&mut s, title);
            for (i, p) in paragraphs(text).iter().enumerate() {
                if i > 0 {
                    s.push('\n');
                }
                s.push_str(&textwrap::fill(p, WIDTH));
                s.push('\n');
            }
        }
    }
    heading(&mut s, "Deadlines");
    for [name, step, next, deadline] in deadline_rows(games) {
        s.push_str(&format!("  {name} (after step {step}): {next}\n      deadline: {deadline}\n"));
    }
    heading(&mut s, "Dice and commitments");
    for g in games {
        for l in audit_lines(g) {
            s.push_str(&l);
            s.push('\n');
        }
    }
    wrap72(&s)
}

fn markdown_issue(z: &ZineFile, pages: &Pages, games: &[Game]) -> String {
    let cell = |c: &str| c.replace('|', "\\|");
    let mut s = format!("# {}\n\n*Issue {}, {}*\n\n", z.title, z.number, z.date);
    for p in paragraphs(&pages.editorial) {
        s.push_str(&p);
        s.push_str("\n\n");
    }
    for g in games {
        s.push_str(&format!("---\n\n# {}\n\n", g.name));
        for l in g.roster_lines() {
            s.push_str(&format!("{l}  \n"));
        }
        s.push('\n');
        for r in g.reports() {
            s.push_str(&without_commitments(&r.markdown, "## Dice and commitments").replacen("# ", "## ", 1));
            s.push_str("\n\n");
        }
        if g.shown.is_empty() {
            s.push_str("No new report.\n");
        }
        s.push('\n');
    }
    let standings = standing_rows(games);
    if !standings.is_empty() {
        s.push_str("---\n\n## Standings\n\n| Game | Side | Standing |\n|---|---|---|\n");
        for row in &standings {
            let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
            s.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        s.push('\n');
    }
    s.push_str("---\n\n## Letters\n\n");
    let letters = letter_rows(games);
    if letters.is_empty() {
        s.push_str("No letters this time. Write to the zine in any orders mail: `PRESS TO ZINE`, your letter, then `ENDPRESS`.\n\n");
    }
    for (game, step, by, text) in letters {
        s.push_str(&format!("**From {by}** ({game}, step {step}):\n\n"));
        for p in paragraphs(&text) {
            s.push_str(&format!("> {p}\n>\n"));
        }
        s.push('\n');
    }
    let (house, openings) = has_pages(pages);
    for (title, text, present) in
        [("House rules", &pages.house_rules, house), ("Openings and waiting list", &pages.openings, openings)]
    {
        if present {
            s.push_str(&format!("---\n\n## {title}\n\n"));
            for p in paragraphs(text) {
                s.push_str(&p);
                s.push_str("\n\n");
            }
        }
    }
    s.push_str("---\n\n## Deadlines\n\n| Game | Step | Next | Deadline |\n|---|---|---|---|\n");
    for row in deadline_rows(games) {
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
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

fn bbcode_issue(z: &ZineFile, pages: &Pages, games: &[Game]) -> String {
    let mut s = format!("[size=200][b]{}[/b][/size]\n[i]Issue {}, {}[/i]\n\n", z.title, z.number, z.date);
    for p in paragraphs(&pages.editorial) {
        s.push_str(&p);
        s.push_str("\n\n");
    }
    for g in games {
        s.push_str(&format!("[hr][size=150][b]{}[/b][/size]\n", g.name));
        for l in g.roster_lines() {
            s.push_str(&format!("{l}\n"));
        }
        s.push('\n');
        for r in g.reports() {
            s.push_str(without_commitments(&r.bbcode, "[b]Dice and commitments"));
            s.push_str("\n\n");
        }
        if g.shown.is_empty() {
            s.push_str("No new report.\n");
        }
        s.push('\n');
    }
    let standings = standing_rows(games);
    if !standings.is_empty() {
        s.push_str("[hr][b]Standings[/b]\n[list]\n");
        for [game, who, what] in &standings {
            s.push_str(&format!("[*]{game}: [b]{who}[/b] {what}\n"));
        }
        s.push_str("[/list]\n");
    }
    s.push_str("[hr][b]Letters[/b]\n");
    let letters = letter_rows(games);
    if letters.is_empty() {
        s.push_str("No letters this time. Write to the zine in any orders mail: PRESS TO ZINE, your letter, then ENDPRESS.\n");
    }
    for (game, step, by, text) in letters {
        s.push_str(&format!("[quote={by}, {game}, step {step}]{}[/quote]\n", paragraphs(&text).join("\n\n")));
    }
    let (house, openings) = has_pages(pages);
    for (title, text, present) in
        [("House rules", &pages.house_rules, house), ("Openings and waiting list", &pages.openings, openings)]
    {
        if present {
            s.push_str(&format!("[hr][b]{title}[/b]\n"));
            for p in paragraphs(text) {
                s.push_str(&p);
                s.push_str("\n\n");
            }
        }
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

/// The stylesheet: a paper zine on screen, one column on a phone, and in print two
/// columns of reports, a page per game and no navigation.
pub const ZINE_CSS: &str = "body{font-family:Georgia,serif;max-width:60em;margin:1.5em auto;padding:0 1em;color:#222;background:#fbf8f0}\
header.masthead{text-align:center;border-bottom:3px double #222;margin-bottom:1em}\
header.masthead h1{font-size:2.4em;margin:.2em 0;letter-spacing:.05em}\
section.game,section.page{border-top:2px solid #222;margin-top:2em}\
section.game h2,section.page h2{font-size:1.6em}\
p.roster{font-style:italic}\
.report h1{font-size:1.2em}.report h2{font-size:1.05em;border-bottom:1px solid #ccc}\
.board svg,svg.board{max-width:100%;height:auto;display:block;margin:.5em auto}\
table.deadlines,table.standings{border-collapse:collapse;width:100%}table.deadlines td,table.deadlines th,table.standings td,table.standings th{border:1px solid #aaa;padding:.25em .5em;text-align:left}\
blockquote.letter{border-left:3px solid #aaa;margin:.5em 0 1em;padding:.1em 1em;font-style:italic}\
pre,code{font-size:.8em;white-space:pre-wrap;word-break:break-all}\
nav.contents a{margin-right:1em;white-space:nowrap}\
@media (max-width:40em){body{margin:.5em auto;font-size:1.05em}header.masthead h1{font-size:1.6em}nav.contents a{display:inline-block;margin:.2em .6em .2em 0}table{font-size:.85em}}\
@media print{body{background:#fff;max-width:none;margin:0;font-size:10pt}nav,nav.contents,nav.steps,p.files{display:none}section.game,section.page{break-before:page}.report ul{columns:2}.board{break-inside:avoid}a{color:#000;text-decoration:none}}";

fn html_issue(z: &ZineFile, pages: &Pages, games: &[Game]) -> String {
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{} {}</title><style>{ZINE_CSS}</style></head><body>\n",
        esc(&z.title),
        z.number
    );
    s.push_str(&format!(
        "<header class=\"masthead\"><h1>{}</h1><p>Issue {} &middot; {}</p></header>\n",
        esc(&z.title),
        z.number,
        esc(&z.date)
    ));
    let standings = standing_rows(games);
    let letters = letter_rows(games);
    let (house, openings) = has_pages(pages);
    s.push_str("<nav class=\"contents\">");
    for (i, g) in games.iter().enumerate() {
        s.push_str(&format!("<a href=\"#game-{i}\">{}</a>", esc(&g.name)));
    }
    for (id, title, present) in [
        ("standings", "Standings", !standings.is_empty()),
        ("letters", "Letters", true),
        ("house-rules", "House rules", house),
        ("openings", "Openings", openings),
        ("deadlines", "Deadlines", true),
        ("audit", "Dice and commitments", true),
    ] {
        if present {
            s.push_str(&format!("<a href=\"#{id}\">{title}</a>"));
        }
    }
    s.push_str("</nav>\n");
    for p in paragraphs(&pages.editorial) {
        s.push_str(&format!("<p class=\"editorial\">{}</p>\n", esc(&p)));
    }
    for (i, g) in games.iter().enumerate() {
        s.push_str(&format!("<section class=\"game\" id=\"game-{i}\"><h2>{}</h2>\n", esc(&g.name)));
        let roster = g.roster_lines();
        if !roster.is_empty() {
            let lines: Vec<String> = roster.iter().map(|l| esc(l)).collect();
            s.push_str(&format!("<p class=\"roster\">{}</p>\n", lines.join("<br>")));
        }
        s.push_str("<div class=\"report\">");
        for r in g.reports() {
            let html = r.html_with_picture();
            s.push_str(&format!(
                "<div class=\"step\" id=\"game-{i}-step-{}\">{}</div>",
                r.step,
                without_commitments(body_of(&html), "<h2>Dice and commitments")
            ));
        }
        if g.shown.is_empty() {
            s.push_str("<p>No new report.</p>");
        }
        s.push_str("</div></section>\n");
    }
    if !standings.is_empty() {
        s.push_str("<section class=\"page\" id=\"standings\"><h2>Standings</h2><table class=\"standings\"><tr><th>Game</th><th>Side</th><th>Standing</th></tr>\n");
        for row in &standings {
            s.push_str("<tr>");
            for c in row {
                s.push_str(&format!("<td>{}</td>", esc(c)));
            }
            s.push_str("</tr>\n");
        }
        s.push_str("</table></section>\n");
    }
    s.push_str("<section class=\"page\" id=\"letters\"><h2>Letters</h2>\n");
    if letters.is_empty() {
        s.push_str("<p>No letters this time. Write to the zine in any orders mail: <code>PRESS TO ZINE</code>, your letter, then <code>ENDPRESS</code>.</p>\n");
    }
    for (game, step, by, text) in &letters {
        s.push_str(&format!(
            "<p><strong>From {}</strong> ({}, step {step}):</p><blockquote class=\"letter\">",
            esc(by),
            esc(game)
        ));
        for p in paragraphs(text) {
            s.push_str(&format!("<p>{}</p>", esc(&p)));
        }
        s.push_str("</blockquote>\n");
    }
    s.push_str("</section>\n");
    for (id, title, text, present) in [
        ("house-rules", "House rules", &pages.house_rules, house),
        ("openings", "Openings and waiting list", &pages.openings, openings),
    ] {
        if present {
            s.push_str(&format!("<section class=\"page\" id=\"{id}\"><h2>{title}</h2>\n"));
            for p in paragraphs(text) {
                s.push_str(&format!("<p>{}</p>\n", esc(&p)));
            }
            s.push_str("</section>\n");
        }
    }
    s.push_str("<section class=\"page\" id=\"deadlines\"><h2>Deadlines</h2><table class=\"deadlines\"><tr><th>Game</th><th>Step</th><th>Next</th><th>Deadline</th></tr>\n");
    for row in deadline_rows(games) {
        s.push_str("<tr>");
        for c in row {
            s.push_str(&format!("<td>{}</td>", esc(&c)));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table></section>\n<section class=\"page\" id=\"audit\"><h2>Dice and commitments</h2><pre>");
    for g in games {
        for l in audit_lines(g) {
            s.push_str(&esc(&l));
            s.push('\n');
        }
    }
    s.push_str("</pre><p>Every die was committed before any orders existed: the chain commitments above were published when each game began. Take a game's published copy and run <code>umpire verify</code> on it, or open its <code>verify.html</code> in a browser.</p></section>\n</body></html>\n");
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

    #[test]
    fn a_unit_letter_stays_with_its_province() {
        // Column 72 falls between "A" and "Warsaw" unless they are kept together.
        let line = format!("{}A Warsaw - Galicia (bounced)", "x ".repeat(35));
        let w = wrap72(&line);
        assert!(w.lines().all(|l| l.chars().count() <= WIDTH), "{w}");
        assert!(w.contains("A Warsaw"), "{w}");
        assert!(!w.contains(NO_BREAK), "no no-break space is left in the text");
        assert!(!w.lines().any(|l| l.trim_end().ends_with(" A")), "{w}");
    }

    #[test]
    fn the_commitments_block_is_cut_and_the_rest_kept() {
        let r = "Results\n  A Par H\n\nDice and commitments (Trust v2)\n  c[1]: ab\nCheck it yourself: x\n";
        assert_eq!(without_commitments(r, "Dice and commitments"), "Results\n  A Par H");
        assert_eq!(without_commitments("Results\n", "Dice and commitments"), "Results\n");
    }
}
