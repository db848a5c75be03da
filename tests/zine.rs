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
    ok(&["demo", "--system", "diplomacy", "--dir", game.to_str().unwrap()]);

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

    // The same campaign with every private file removed gives the same issue.
    let stripped = tmp.path().join("stripped");
    for p in files_under(&game) {
        let rel = p.strip_prefix(&game).unwrap().display().to_string();
        if umpire::campaign::publish::is_public_report(&rel) {
            let to = stripped.join(&rel);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(&p, to).unwrap();
        }
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
    ok(&["demo", "--system", "diplomacy", "--dir", game.to_str().unwrap()]);
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
            || rel.strip_prefix("record/").is_some_and(umpire::campaign::publish::is_public_report);
        assert!(ok_file, "the site holds {rel}");
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
