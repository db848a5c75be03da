//! `verify.html`, the page that checks a published record in a browser, in headless
//! Chromium (Debian's, driven by playwright-core from `tests/browser/`, script
//! `verify.mjs`). The page must pass the README's test vectors; every system's demo,
//! published, must end `N passed, 0 failed` with N > 0, read by the page itself over
//! http, from the folder chosen in a page opened as a file, and with the audit bundle;
//! so must Trust v1 campaigns, a game with shuffled decks, every demo's site, the GM's
//! own folder (private reports against their commitments) and files chosen one by one.
//! A die changed in one step's `public.json` must fail, naming that step.
//!
//! Skipped, saying so, where Chromium or the npm packages are missing (`.ci/run`
//! installs both).

mod common;

use common::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

/// Every system `umpire systems` lists.
fn systems() -> Vec<String> {
    ok(&["systems"])
        .lines()
        .filter(|l| !l.starts_with(char::is_whitespace))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

fn file_url(p: &Path) -> String {
    format!("file://{}", p.display())
}

/// The failing checks of one result, for a message.
fn failures(r: &Value) -> Vec<String> {
    r["checks"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|c| c["ok"] == false)
        .map(|c| format!("{}: {}", c["name"].as_str().unwrap_or(""), c["detail"].as_str().unwrap_or("")))
        .collect()
}

/// (passed, failed) of one result; the page's last line must say exactly that.
fn counts(r: &Value, what: &str) -> (u64, u64) {
    assert!(r.is_object(), "{what}: the page checked nothing");
    let (passed, failed) = (r["passed"].as_u64().unwrap(), r["failed"].as_u64().unwrap());
    let line = format!("{passed} passed, {failed} failed");
    assert_eq!(r["summary"], json!(line), "{what}");
    assert_eq!(r["lastLine"], json!(line), "{what}: the page does not end with its summary line");
    (passed, failed)
}

/// A result with no failure and some passes; returns the number passed.
fn clean(r: &Value, what: &str) -> u64 {
    let (passed, failed) = counts(r, what);
    assert_eq!(failed, 0, "{what}: {:#?}", failures(r));
    assert!(passed > 0, "{what}: nothing passed");
    passed
}

/// Does a check whose name starts with `prefix` have the verdict `ok`?
fn has_check(r: &Value, prefix: &str, ok: bool) -> bool {
    r["checks"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|c| c["ok"] == ok && c["name"].as_str().unwrap().starts_with(prefix))
}

#[test]
fn verify_html_checks_published_records_in_a_browser() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !Path::new(CHROMIUM).exists() || !here.join("tests/browser/node_modules/playwright-core").exists() {
        println!("SKIP: {CHROMIUM} or tests/browser/node_modules is missing (.ci/run installs both)");
        return;
    }
    let source = std::fs::read(here.join("src/trust/verify.html")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let (_server, port) = serve(t);
    let http = |rel: String| format!("http://127.0.0.1:{port}/{rel}");
    let mut runs = Vec::new();

    // Every system's demo, published.
    let systems = systems();
    assert!(systems.len() >= 7, "{systems:?}");
    for s in &systems {
        let (d, p) = (t.join(format!("d-{s}")), t.join(format!("p-{s}")));
        ok(&["demo", "--seed", "1", "--system", s, "--dir", d.to_str().unwrap()]);
        ok(&["publish", d.to_str().unwrap(), p.to_str().unwrap()]);
        assert!(
            std::fs::read(p.join("verify.html")).unwrap() == source,
            "{s}: publish writes the page as it is"
        );
        let site = t.join(format!("d-{s}.site"));
        assert!(std::fs::read(site.join("verify.html")).unwrap() == source, "{s}: site writes the page");
        let bundle = d.join("audit-bundle.json");
        runs.push(json!({"name": format!("{s}: over http, then with the bundle"),
            "url": http(format!("p-{s}/verify.html")), "choose": [["#bundle", bundle]]}));
        runs.push(json!({"name": format!("{s}: the folder chosen"),
            "url": file_url(&p.join("verify.html")), "choose": [["#folder", p]]}));
        runs.push(json!({"name": format!("{s}: the site"), "url": http(format!("d-{s}.site/verify.html"))}));
    }

    // The README's test vectors, chosen as a file in a page opened from disk.
    runs.push(json!({"name": "test vectors", "url": file_url(&t.join("p-dice/verify.html")),
        "choose": [["#files", [here.join("tests/trust_vectors.json")]]]}));

    // Trust v1 campaigns, made by an earlier build.
    for s in ["dice", "andartes"] {
        let (d, p) = (t.join(format!("v1-{s}")), t.join(format!("pv1-{s}")));
        copy_dir(&here.join("tests/fixtures/campaigns").join(s), &d);
        ok(&["publish", d.to_str().unwrap(), p.to_str().unwrap()]);
        runs.push(json!({"name": format!("{s}, Trust v1: over http, then with the bundle"),
            "url": http(format!("pv1-{s}/verify.html")), "choose": [["#bundle", d.join("audit-bundle.json")]]}));
    }

    // Shuffled decks: a short bot game of Freedom! (the demo deals unshuffled).
    let kept = t.join("soak");
    ok(&[
        "soak",
        "--system",
        "freedom-messolonghi",
        "--games",
        "1",
        "--seed",
        "2",
        "--max-steps",
        "6",
        "--keep",
        kept.to_str().unwrap(),
    ]);
    let game = kept.join("game-0");
    let game_bundle = t.join("soak-bundle.json");
    ok(&["audit-bundle", game.to_str().unwrap(), "-o", game_bundle.to_str().unwrap()]);
    ok(&["publish", game.to_str().unwrap(), t.join("p-soak").to_str().unwrap()]);
    runs.push(json!({"name": "shuffled decks: over http, then with the bundle",
        "url": http("p-soak/verify.html".into()), "choose": [["#bundle", game_bundle]]}));

    // The GM's own folder after the game: the bundle beside it, every private report.
    runs.push(json!({"name": "the GM's folder", "url": file_url(&t.join("p-dice/verify.html")),
        "choose": [["#folder", t.join("d-dice")]]}));
    // Files chosen one by one: each public.json and the ledger; a player's own report.
    let p = t.join("p-dice");
    let mut files: Vec<PathBuf> = vec![p.join("ledger.jsonl")];
    let mut k = 0;
    while p.join(format!("reports/{k}/public.json")).exists() {
        files.push(p.join(format!("reports/{k}/public.json")));
        k += 1;
    }
    files.push(t.join("d-dice/reports/1/alice.txt"));
    runs.push(json!({"name": "files chosen one by one", "url": file_url(&p.join("verify.html")),
        "choose": [["#files", files], ["#bundle", t.join("d-dice/audit-bundle.json")]]}));

    // One public die changed in one step's public.json.
    let tampered = t.join("p-tampered");
    copy_dir(&p, &tampered);
    let step = (1..k)
        .find(|k| {
            let rec: Value =
                serde_json::from_slice(&std::fs::read(p.join(format!("reports/{k}/public.json"))).unwrap())
                    .unwrap();
            rec["rolls"].as_array().unwrap().iter().any(|r| r["stream"] == "public")
        })
        .expect("the dice demo rolls a public die");
    let path = tampered.join(format!("reports/{step}/public.json"));
    let mut rec: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let die = rec["rolls"].as_array_mut().unwrap().iter_mut().find(|r| r["stream"] == "public").unwrap();
    let (face, sides) = (die["face"].as_u64().unwrap(), die["sides"].as_u64().unwrap());
    die["face"] = json!(face % sides + 1);
    std::fs::write(&path, serde_json::to_vec_pretty(&rec).unwrap()).unwrap();
    runs.push(json!({"name": "a changed die", "url": http("p-tampered/verify.html".into())}));

    let shots = here.join("target/browser-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let last = runs.len() - 1;
    runs[last]["screenshot"] = json!(shots.join("verify-tampered.png"));
    runs[0]["screenshot"] = json!(shots.join("verify.png"));
    let (plan, output) = (t.join("plan.json"), t.join("results.json"));
    std::fs::write(
        &plan,
        serde_json::to_vec_pretty(&json!({"chromium": CHROMIUM, "output": output, "runs": runs})).unwrap(),
    )
    .unwrap();
    let out = Command::new("node")
        .arg(here.join("tests/browser/verify.mjs"))
        .arg(&plan)
        .current_dir(here.join("tests/browser"))
        .output()
        .expect("node runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the browser run failed:\n{stdout}\n{stderr}");
    let results: Vec<Value> = serde_json::from_slice(&std::fs::read(&output).unwrap()).unwrap();
    assert_eq!(results.len(), runs.len());
    let by_name = |name: &str| results.iter().find(|r| r["name"] == name).unwrap_or_else(|| panic!("{name}"));
    for r in &results {
        let name = r["name"].as_str().unwrap();
        assert!(r["errors"].as_array().unwrap().is_empty(), "{name}: {}", r["errors"]);
        let rs = r["results"].as_array().unwrap();
        let summaries: Vec<&str> = rs.iter().map(|x| x["summary"].as_str().unwrap_or("-")).collect();
        println!("verify.html, {name}: {}", summaries.join(" / "));
    }

    for s in &systems {
        let r = by_name(&format!("{s}: over http, then with the bundle"))["results"].as_array().unwrap();
        let public = clean(&r[0], &format!("{s}, public"));
        let bundled = clean(&r[1], &format!("{s}, with the bundle"));
        assert!(bundled > public, "{s}: the bundle adds checks");
        assert!(
            has_check(&r[1], "audit bundle: master secret", true)
                && has_check(&r[1], "step 1: state commitment", true)
        );
        let f = &by_name(&format!("{s}: the folder chosen"))["results"].as_array().unwrap()[1];
        assert_eq!(clean(f, &format!("{s}, folder")), public, "{s}: the chosen folder gets the same checks");
        clean(&by_name(&format!("{s}: the site"))["results"][0], &format!("{s}, site"));
    }
    let v = &by_name("test vectors")["results"][1];
    assert!(clean(v, "test vectors") >= 16, "every value of the vectors is checked");
    for value in ["c[0]", "receipt r", "K (v1)", "J (v2)", "shuffle of 52 cards from K", "state commitment"] {
        assert!(has_check(v, &format!("test vector: {value}"), true), "{value}");
    }
    for s in ["dice", "andartes"] {
        let r = &by_name(&format!("{s}, Trust v1: over http, then with the bundle"))["results"];
        clean(&r[0], &format!("{s} v1"));
        clean(&r[1], &format!("{s} v1, bundle"));
        assert!(r[1]["checks"][1]["detail"].as_str().unwrap().contains("Trust v1"), "{}", r[1]["checks"][1]);
    }
    let r = &by_name("shuffled decks: over http, then with the bundle")["results"];
    clean(&r[0], "shuffled decks");
    clean(&r[1], "shuffled decks, bundle");
    assert!(has_check(&r[1], "step 1: hidden shuffle", true), "the decks' shuffles are named and pass");
    let r = &by_name("the GM's folder")["results"][1];
    clean(r, "the GM's folder");
    assert!(has_check(r, "step 1: private reports", true) && has_check(r, "step 1: hidden dice", true));
    let r = &by_name("files chosen one by one")["results"];
    clean(&r[1], "files one by one");
    clean(&r[2], "files one by one, with the bundle");
    assert!(
        has_check(&r[2], "step 1: private reports", true),
        "alice's own report checked against its commitment"
    );

    let r = &by_name("a changed die")["results"][0];
    let (_, failed) = counts(r, "a changed die");
    assert!(failed > 0, "a changed die passed");
    assert!(
        has_check(r, &format!("step {step}: public dice"), false),
        "the failure names step {step}: {:#?}",
        failures(r)
    );
}
