//! `umpire zine` and `umpire site` from the outside: the issue in its four formats,
//! made from the public set alone (a copy of the campaign stripped of every private
//! file gives the same issue), the text edition within 72 columns, and the site's
//! pages linked in order.

mod common;

use common::*;
use std::path::{Path, PathBuf};

fn write_zine(dir: &Path, games: &[&Path]) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("editorial.txt"), "A first paragraph, long enough that the text edition has to wrap it somewhere before the seventy-second column.\n\nA second one.\n").unwrap();
    let mut toml = String::from(
        "title = \"The Test Gazette\"\nnumber = 7\ndate = \"24 November 2026\"\neditorial = \"editorial.txt\"\n",
    );
    for g in games {
        toml.push_str(&format!("[[game]]\npath = {:?}\nsince = 0\n", g.display().to_string()));
    }
    let path = dir.join("zine.toml");
    std::fs::write(&path, toml).unwrap();
    path
}

#[test]
fn an_issue_is_made_from_the_public_set_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("dip");
    ok(&["demo", "--seed", "1", "--system", "diplomacy", "--dir", game.to_str().unwrap()]);

    let full = write_zine(&tmp.path().join("z1"), &[&game]);
    let said = ok(&["zine", full.to_str().unwrap()]);
    assert_eq!(said.lines().filter(|l| l.starts_with("wrote ")).count(), 4, "{said}");
    let issue = tmp.path().join("z1/issue-7");
    let text = std::fs::read_to_string(issue.join("issue-7.txt")).unwrap();
    assert!(text.lines().all(|l| l.chars().count() <= 72), "a line over 72 columns");
    assert!(text.contains("The Test Gazette") && text.contains("Issue 7, 24 November 2026"));
    assert!(text.contains("France wants nothing but a quiet Channel"), "no press");
    assert!(text.contains("Deadlines") && text.contains("Dice and commitments"));
    let html = std::fs::read_to_string(issue.join("issue-7.html")).unwrap();
    assert!(html.contains("@media print"), "no print stylesheet");
    let steps = (1..20).filter(|k| game.join(format!("reports/{k}/public.svg")).exists()).count();
    assert_eq!(html.matches("<svg").count(), steps, "each step's map inline, once");
    assert!(
        !html.contains("src=\"http") && !html.contains("href=\"http"),
        "the HTML issue is self-contained"
    );
    let md = std::fs::read_to_string(issue.join("issue-7.md")).unwrap();
    assert!(md.contains("| Game | Step | Next | Deadline |"), "{md}");
    let bb = std::fs::read_to_string(issue.join("issue-7.bbcode")).unwrap();
    assert!(bb.contains("[b]Deadlines[/b]"));

    // The same campaign with every private file removed (its published copy: the
    // public reports and the public ledger) gives the same issue.
    let stripped = tmp.path().join("stripped");
    ok(&["publish", game.to_str().unwrap(), stripped.to_str().unwrap()]);
    for p in files_under(&stripped) {
        let rel = p.strip_prefix(&stripped).unwrap().display().to_string();
        assert!(
            umpire::campaign::publish::is_public_report(&rel)
                || rel == "ledger.jsonl"
                || rel == "verify.html",
            "the published copy holds {rel}"
        );
    }
    let bare = write_zine(&tmp.path().join("z2"), &[&stripped]);
    ok(&["zine", bare.to_str().unwrap()]);
    for ext in ["txt", "md", "bbcode", "html"] {
        let a = std::fs::read_to_string(issue.join(format!("issue-7.{ext}"))).unwrap();
        let b = std::fs::read_to_string(tmp.path().join(format!("z2/issue-7/issue-7.{ext}"))).unwrap();
        assert_eq!(a, b, "the .{ext} issue needed a private file");
    }

    // A game that is not a campaign is refused, naming it.
    let broken = write_zine(&tmp.path().join("z3"), &[&tmp.path().join("nowhere")]);
    let (code, _, err) = run(&["zine", broken.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("nowhere"), "{err}");
}

#[test]
fn the_site_links_every_step_in_order_and_verifies() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("dip");
    ok(&["demo", "--seed", "1", "--system", "diplomacy", "--dir", game.to_str().unwrap()]);
    let site = tmp.path().join("site");
    ok(&["site", game.to_str().unwrap(), site.to_str().unwrap()]);
    let steps = (1..20).filter(|k| game.join(format!("reports/{k}/public.txt")).exists()).count();
    for k in 1..=steps {
        let page = std::fs::read_to_string(site.join(format!("step-{k}.html"))).unwrap();
        assert_eq!(
            page.contains(&format!("href=\"step-{}.html\"", k + 1)),
            k < steps,
            "step {k}'s next link"
        );
        assert_eq!(
            k > 1,
            page.contains(&format!("href=\"step-{}.html\"", k - 1)),
            "step {k}'s previous link"
        );
        assert!(page.contains("class=\"board\""), "step {k} has no map");
    }
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert_eq!(index.matches("<li value=").count(), steps);
    // Every file under the site is a page or the public record, which verifies.
    for p in files_under(&site) {
        let rel = p.strip_prefix(&site).unwrap().display().to_string();
        let ok_file = rel.ends_with(".html") && !rel.contains('/')
            || rel == "record/ledger.jsonl"
            || rel == "record/verify.html"
            || rel == "record/index.html"
            || rel.strip_prefix("record/").is_some_and(umpire::campaign::publish::is_public_report);
        assert!(ok_file, "the site holds {rel}");
    }
    // record/index.html links every file of the record, and nothing else.
    let listing = std::fs::read_to_string(site.join("record/index.html")).unwrap();
    let record_files: Vec<String> = files_under(&site.join("record"))
        .iter()
        .map(|p| p.strip_prefix(site.join("record")).unwrap().display().to_string())
        .filter(|r| r != "index.html")
        .collect();
    assert!(record_files.len() > steps * 4, "{record_files:?}");
    for f in &record_files {
        assert!(listing.contains(&format!("href=\"{f}\"")), "record/index.html does not link {f}");
    }
    assert_eq!(listing.matches("<li>").count(), record_files.len());
    assert!(index.contains("href=\"record/index.html\""), "the index links the record's listing");
    for k in 1..=steps {
        let page = std::fs::read_to_string(site.join(format!("step-{k}.html"))).unwrap();
        assert!(page.contains("name=\"viewport\""), "step {k} has no viewport for phones");
    }
    let out = ok(&["verify", site.join("record").to_str().unwrap()]);
    assert!(out.contains("OK"), "{out}");
    // A site from the published copy is the same site.
    let published = tmp.path().join("pub");
    ok(&["publish", game.to_str().unwrap(), published.to_str().unwrap()]);
    let again = tmp.path().join("site2");
    ok(&["site", published.to_str().unwrap(), again.to_str().unwrap()]);
    for k in 1..=steps {
        let a = std::fs::read(site.join(format!("step-{k}.html"))).unwrap();
        let b = std::fs::read(again.join(format!("step-{k}.html"))).unwrap();
        assert_eq!(a, b, "step {k}");
    }
    // Into a folder that is not empty: refused.
    let (code, _, err) = run(&["site", game.to_str().unwrap(), site.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not empty"), "{err}");
}

/// The zine's deadline is the ledger's (through its public part), so a GM's own report
/// template without a `Deadline:` line still gives one, and an `EXTEND` shows.
#[test]
fn the_deadline_comes_from_the_ledger_and_follows_an_extension() {
    let tmp = tempfile::tempdir().unwrap();
    let game = tmp.path().join("dice");
    let g = game.to_str().unwrap();
    let run_at = |when: &str, args: &[&str]| {
        let (code, out, err) = output(umpire().env("UMPIRE_NOW", when).args(args).output().unwrap());
        assert_eq!(code, 0, "{args:?}: {out}\n{err}");
        out
    };
    run_at(
        "2026-11-23T10:00:00Z",
        &[
            "new",
            "dice",
            g,
            "--player",
            "alice=alice@example.org",
            "--player",
            "bob=bob@example.org",
            "--gm-email",
            "gm@example.org",
            "--option",
            "rounds=yes",
            "--deadline-hours",
            "48",
            "--timezone",
            "Europe/London",
        ],
    );
    // The GM's own public text report, without the Deadline line.
    let builtin =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/public.txt.j2"))
            .unwrap();
    let own = builtin.replace("Deadline: {{ next.deadline }}", "");
    std::fs::create_dir_all(game.join("templates")).unwrap();
    std::fs::write(game.join("templates/public.txt.j2"), own).unwrap();
    run_at("2026-11-23T11:00:00Z", &["adjudicate", g, "--force"]);
    let report = std::fs::read_to_string(game.join("reports/1/public.txt")).unwrap();
    assert!(!report.contains("Deadline:"), "the GM's template is used:\n{report}");

    let zine = write_zine(&tmp.path().join("z"), &[&game]);
    let text = || {
        run_at("2026-11-23T12:00:00Z", &["zine", zine.to_str().unwrap()]);
        std::fs::read_to_string(tmp.path().join("z/issue-7/issue-7.txt")).unwrap()
    };
    let step_line = ledger(&game).into_iter().rfind(|e| e["event"] == "step").unwrap();
    let recorded = step_line["next_deadline"].as_str().expect("a deadline recorded").to_string();
    let first = text();
    assert!(first.contains(&recorded), "the ledger's deadline {recorded} is not in:\n{first}");

    // EXTEND moves it; the zine follows (in UTC, as the ledger keeps it).
    let secret = std::fs::read_to_string(game.join("secret/gm-secret.txt")).unwrap().trim().to_string();
    let mail = tmp.path().join("extend.txt");
    std::fs::write(&mail, format!("GAME dice\nPLAYER gm\nSECRET {secret}\nEXTEND 24\nEND\n")).unwrap();
    run_at("2026-11-23T13:00:00Z", &["ingest", g, mail.to_str().unwrap()]);
    let extend = ledger(&game).into_iter().rfind(|e| e["event"] == "extend").expect("an extend line");
    let moved = chrono::DateTime::parse_from_rfc3339(extend["deadline"].as_str().unwrap()).unwrap();
    let shown = moved.with_timezone(&chrono::Utc).format("%a %d %b %Y %H:%M UTC").to_string();
    let second = text();
    assert!(second.contains(&shown), "the extended deadline {shown} is not in:\n{second}");
    assert!(!second.contains(&recorded), "the old deadline is still shown");
}

/// Issue 29 item 2: an issue of two games with every section a zine has, in all four
/// formats: the roster and GM of each game, its reports (press and map included, the
/// commitments block printed once per game, not after every report), a standings table
/// across the games, the letters column (`PRESS TO ZINE`, which the game's own reports
/// leave out), the editor's house rules and openings pages, the deadlines and the
/// auditors' section.
#[test]
fn an_issue_of_two_games_prints_every_section_in_every_format() {
    let tmp = tempfile::tempdir().unwrap();
    let dip = tmp.path().join("dip");
    let and = tmp.path().join("and");
    ok(&["demo", "--seed", "1", "--system", "diplomacy", "--dir", dip.to_str().unwrap()]);
    ok(&["demo", "--seed", "1", "--system", "andartes", "--dir", and.to_str().unwrap()]);
    // The Diplomacy demo's Italy writes to the zine in its first orders.
    let letter = "may the next issue print the Lepanto in full?";
    let steps = (1..20).filter(|k| dip.join(format!("reports/{k}/public.txt")).exists()).count();
    for k in 1..=steps {
        for ext in ["txt", "md", "bbcode", "html"] {
            let r = std::fs::read_to_string(dip.join(format!("reports/{k}/public.{ext}"))).unwrap();
            assert!(!r.contains("Lepanto"), "the letter to the zine is in the game's report {k}.{ext}");
        }
    }
    let step1 = ledger(&dip).into_iter().find(|e| e["event"] == "step").unwrap();
    assert!(
        step1["press"].as_array().unwrap().iter().any(|p| p["to"] == "zine" && p["by"] == "italy"),
        "{step1}"
    );
    assert!(step1["standings"].as_array().is_some_and(|s| s.len() == 7), "{step1}");

    let z = tmp.path().join("z");
    std::fs::create_dir_all(&z).unwrap();
    std::fs::write(z.join("editorial.txt"), "Two games this time.\n").unwrap();
    std::fs::write(z.join("house.txt"), "Deadlines fall on Sundays.\n\nNo more than two NMRs.\n").unwrap();
    std::fs::write(z.join("open.txt"), "A gunboat game opens soon: three places left.\n").unwrap();
    let toml = format!(
        "title = \"The Test Gazette\"\nnumber = 3\ndate = \"1 December 2026\"\neditorial = \"editorial.txt\"\nhouse_rules = \"house.txt\"\nopenings = \"open.txt\"\n\n[[game]]\npath = {:?}\nname = \"Kursk\"\ngm = \"Gus the GM\"\nplayers = [\"France: Fanny\", \"Italy: Ilaria\"]\nsince = 0\n\n[[game]]\npath = {:?}\n",
        dip.display().to_string(),
        and.display().to_string()
    );
    std::fs::write(z.join("zine.toml"), toml).unwrap();
    ok(&["zine", z.join("zine.toml").to_str().unwrap()]);
    let read = |ext: &str| std::fs::read_to_string(z.join(format!("issue-3/issue-3.{ext}"))).unwrap();
    for ext in ["txt", "md", "bbcode", "html"] {
        let issue = read(ext);
        for needle in [
            "GM: Gus the GM",
            "France: Fanny",
            "Players: gov; dse",
            "Standings",
            "Russia",
            "PI ",
            "Letters",
            letter,
            "House rules",
            "No more than two NMRs.",
            "Openings and waiting list",
            "three places left",
            "Deadlines",
            "Dice and commitments",
            "France wants nothing but a quiet Channel",
        ] {
            assert!(issue.contains(needle), "the .{ext} issue lacks {needle:?}");
        }
        // The commitments block is printed once per game, in the auditors' section, not
        // after each of the Diplomacy game's reports.
        assert!(!issue.contains("Check it yourself"), "a report's commitments block is left in .{ext}");
        assert_eq!(issue.matches("step 1 (Spring 1901 Movement)").count(), 1, ".{ext}");
    }
    let text = read("txt");
    assert!(text.lines().all(|l| l.chars().count() <= 72), "a line over 72 columns");
    assert!(!text.contains('\u{a0}'), "a no-break space is left in the text edition");
    assert!(
        !text.lines().any(|l| l.trim_end().ends_with(" A") || l.trim_end().ends_with(" F")),
        "a unit's letter is parted from its province"
    );
    let html = read("html");
    assert!(html.contains("<meta name=\"viewport\""), "no viewport for phones");
    let print = html.split("@media print{").nth(1).unwrap_or_default();
    assert!(print.contains("nav,") && print.contains("display:none"), "print does not hide the navigation");
    for id in ["game-0", "game-1", "standings", "letters", "house-rules", "openings", "deadlines", "audit"] {
        assert!(html.contains(&format!("href=\"#{id}\"")) && html.contains(&format!("id=\"{id}\"")), "{id}");
    }
    let maps = (1..=steps).filter(|k| dip.join(format!("reports/{k}/public.svg")).exists()).count() + 1;
    assert_eq!(html.matches("<svg").count(), maps, "each printed report's map, once");
}
