//! The zine and the archive site in a real browser: `umpire demo` writes both; they are
//! served on loopback and loaded in headless Chromium (Debian's, driven by
//! playwright-core from `tests/browser/`). Every board map must be drawn with the
//! number of provinces its board has and the units its step's picture holds, every
//! link must answer, each system's board (its demo's first step) is opened alone, and a
//! screenshot of each page and board is kept in
//! `target/browser-screenshots/` (with `UMPIRE_SCREENSHOTS=docs`, also in
//! `docs/screenshots/`, the README's pictures).
//!
//! Skipped, saying so, where Chromium or the npm packages are missing (`.ci/run`
//! installs both).

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

/// The systems whose boards the README shows.
const BOARDS: [&str; 6] =
    ["diplomacy", "guerilla-warfare", "andartes", "algeria", "front-line", "freedom-messolonghi"];

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

/// The number of provinces each system's board has, from its data.
fn provinces(system: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let read = |f: &str| std::fs::read_to_string(root.join(f)).unwrap();
    match system {
        "diplomacy" => read("diplomacy/standard.toml").matches("[[province]]").count(),
        "guerilla-warfare" => read("guerilla-warfare/abstraction.toml").matches("[[province]]").count(),
        "andartes" => read("andartes/map.toml").matches("[[region]]").count(),
        other => panic!("no board for {other}"),
    }
}

/// The latest step of a campaign directory that has a public report.
fn latest(dir: &Path) -> u64 {
    (1..500).filter(|k| dir.join(format!("reports/{k}/public.txt")).exists()).max().unwrap_or(0)
}

fn map_of(dir: &Path, k: u64, system: &str) -> Option<serde_json::Value> {
    let svg = std::fs::read_to_string(dir.join(format!("reports/{k}/public.svg"))).ok()?;
    // Units as the step's own picture holds them: counted in the file, checked drawn.
    Some(serde_json::json!({"provinces": provinces(system), "units": count(&svg, "class=\"unit")}))
}

#[test]
fn the_zine_and_the_site_render_in_a_browser() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !Path::new(CHROMIUM).exists() || !here.join("tests/browser/node_modules/playwright-core").exists() {
        println!("SKIP: {CHROMIUM} or tests/browser/node_modules is missing (.ci/run installs both)");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let demo = tmp.path().join("demo");
    ok(&["demo", "--seed", "1", "--dir", demo.to_str().unwrap()]);
    let zine = tmp.path().join("demo.zine/issue-1/issue-1.html");
    let site = tmp.path().join("demo.site");
    assert!(zine.exists() && site.join("index.html").exists(), "the demo writes a zine and a site");

    let (_server, port) = serve(tmp.path());
    let url = |rel: &str| format!("http://127.0.0.1:{port}/{rel}");
    // A fresh folder each run, so that a screenshot left by an earlier run never stands in
    // for one this run failed to take.
    let shots = tmp.path().join("screenshots");
    std::fs::create_dir_all(&shots).unwrap();

    // The zine: one map for each game that draws a board, in the order.
    // The Diplomacy sample's issue prints its whole year (`since = 0`), the others their
    // latest step.
    let mut zine_maps = Vec::new();
    for system in ["diplomacy", "guerilla-warfare", "andartes"] {
        let dir = tmp.path().join(format!("demo.samples/{system}"));
        let first = if system == "diplomacy" { 1 } else { latest(&dir) };
        for k in first..=latest(&dir) {
            zine_maps.push(map_of(&dir, k, system).expect("a map in each printed report"));
        }
    }
    let mut pages = vec![serde_json::json!({
        "url": url("demo.zine/issue-1/issue-1.html"),
        "maps": zine_maps,
        "minLinks": 5,
        "screenshot": shots.join("zine.png"),
        "shots": [
            ["#game-1-step-2 svg.board", shots.join("zine-map.png")],
            ["#standings", shots.join("zine-standings.png")],
            ["#letters", shots.join("zine-letters.png")],
        ],
    })];
    // The site: the Diplomacy sample, a page a step.
    let sample = tmp.path().join("demo.samples/diplomacy");
    let steps = latest(&sample);
    assert!(steps >= 3);
    pages.push(serde_json::json!({"url": url("demo.site/index.html"), "maps": [], "minLinks": steps as usize + 2, "screenshot": shots.join("site-index.png")}));
    for k in 1..=steps {
        let map = map_of(&site.join("record"), k, "diplomacy").expect("each step's page has its map");
        let mut follow = Vec::new();
        if k > 1 {
            follow.push("prev");
        }
        if k < steps {
            follow.push("next");
        }
        let shot: Option<PathBuf> = (k == 2).then(|| shots.join("site-step.png"));
        pages.push(serde_json::json!({
            "url": url(&format!("demo.site/step-{k}.html")),
            "maps": [map],
            "minLinks": 5,
            "follow": follow,
            "screenshot": shot,
        }));
    }
    // Each system's board after its demo's first step, opened as the SVG file itself:
    // every province and unit drawn inside it, and a screenshot of the board alone.
    for system in BOARDS {
        let dir = tmp.path().join(format!("boards/{system}"));
        ok(&["demo", "--seed", "1", "--system", system, "--dir", dir.to_str().unwrap()]);
        let svg = std::fs::read_to_string(dir.join("reports/1/public.svg")).unwrap();
        pages.push(serde_json::json!({
            "url": url(&format!("boards/{system}/reports/1/public.svg")),
            "maps": [{"provinces": count(&svg, "class=\"province\""), "units": count(&svg, "class=\"unit")}],
            "minLinks": 0,
            "board": shots.join(format!("board-{system}.png")),
        }));
    }
    let plan = tmp.path().join("plan.json");
    std::fs::write(
        &plan,
        serde_json::to_vec_pretty(&serde_json::json!({"chromium": CHROMIUM, "pages": pages})).unwrap(),
    )
    .unwrap();
    let out = Command::new("node")
        .arg(here.join("tests/browser/check.mjs"))
        .arg(&plan)
        .current_dir(here.join("tests/browser"))
        .output()
        .expect("node runs");
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    println!("{stdout}");
    assert!(out.status.success(), "the browser check failed:\n{stdout}\n{stderr}");
    for shot in [
        "zine.png",
        "zine-map.png",
        "zine-standings.png",
        "zine-letters.png",
        "site-index.png",
        "site-step.png",
    ]
    .into_iter()
    .map(String::from)
    .chain(BOARDS.iter().map(|s| format!("board-{s}.png")))
    {
        let shot = shot.as_str();
        let bytes = std::fs::read(shots.join(shot)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 5_000, "{shot} is no screenshot");
        let kept = here.join("target/browser-screenshots");
        std::fs::create_dir_all(&kept).unwrap();
        std::fs::copy(shots.join(shot), kept.join(shot)).unwrap();
        if std::env::var("UMPIRE_SCREENSHOTS").as_deref() == Ok("docs") {
            let docs = here.join("docs/screenshots");
            std::fs::create_dir_all(&docs).unwrap();
            std::fs::copy(shots.join(shot), docs.join(shot)).unwrap();
        }
    }
}
