//! Andartes' board on the real map of Greece (`board=greece`, pinned for new
//! campaigns): the demo's pictures draw each Region as one shape, with every border of
//! map.toml between shapes that meet (or face each other across a strait) and no
//! other but the ones `games/andartes/greece.toml` owns up to; each attack of a step
//! is marked in its Region and each loss beside it. A campaign made with
//! `board=points` (as campaigns made before the option) keeps the cells, and a GM's
//! own `board.toml` still replaces the drawing.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use common::*;

/// Each Region's outline on a picture: the corners of its first path, as written.
fn outlines(svg: &str) -> BTreeMap<String, Vec<(f64, f64)>> {
    let mut out = BTreeMap::new();
    for part in svg.split(r#"<g class="province" data-id=""#).skip(1) {
        let Some((id, rest)) = part.split_once('"') else { continue };
        let body = rest.split("</g>").next().unwrap_or("");
        let Some(d) = body.split(r#"<path d=""#).nth(1).and_then(|p| p.split('"').next()) else { continue };
        let nums: Vec<f64> = d
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
            .filter(|s| !s.is_empty())
            .filter_map(|s| s.parse().ok())
            .collect();
        out.insert(id.to_string(), nums.chunks(2).filter(|c| c.len() == 2).map(|c| (c[0], c[1])).collect());
    }
    out
}

/// Two outlines share a stretch of border (two corners or more in common).
fn touch(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    a.iter().filter(|p| b.contains(p)).count() >= 2
}

/// The nearest two corners of two outlines, in picture units.
fn apart(a: &[(f64, f64)], b: &[(f64, f64)]) -> f64 {
    a.iter().flat_map(|p| b.iter().map(move |q| (p.0 - q.0).hypot(p.1 - q.1))).fold(f64::MAX, f64::min)
}

fn pairs(list: &[toml::Value]) -> BTreeSet<(String, String)> {
    list.iter()
        .filter_map(|p| {
            let a = p.get(0)?.as_str()?.to_string();
            let b = p.get(1)?.as_str()?.to_string();
            Some(if a < b { (a, b) } else { (b, a) })
        })
        .collect()
}

#[test]
fn the_demo_is_drawn_on_the_real_map_with_its_attacks_and_losses() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("a");
    ok(&["demo", "--seed", "1", "--system", "andartes", "--dir", dir.to_str().unwrap()]);
    let config = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    assert!(config.contains("board = \"greece\""), "{config}");

    // Every border of map.toml is drawn; no two other Regions meet, but for those the
    // drawing owns up to.
    let map: toml::Value = toml::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/andartes/map.toml"))
            .unwrap(),
    )
    .unwrap();
    let borders = pairs(map["borders"].as_array().unwrap());
    let arrows = pairs(map["arrows"].as_array().unwrap());
    let svg = std::fs::read_to_string(dir.join("reports/1/public.svg")).unwrap();
    let shapes = outlines(&svg);
    assert_eq!(shapes.len(), map["region"].as_array().unwrap().len(), "one shape a Region");
    for (id, corners) in &shapes {
        assert!(corners.len() >= 3, "{id} has no outline");
    }
    // Evia faces Viotia and Magnesia, and Preveza Aitolia, across a strait.
    let straits = [("EVI", "MAG"), ("EVI", "VIO"), ("AIT", "PRE")];
    for (a, b) in &borders {
        let (sa, sb) = (&shapes[a], &shapes[b]);
        if straits.contains(&(a.as_str(), b.as_str())) {
            assert!(apart(sa, sb) < 12.0, "{a} and {b} are far apart across their strait");
        } else {
            assert!(touch(sa, sb), "{a} and {b} share a border in map.toml but not on the picture");
        }
    }
    let ids: Vec<&String> = shapes.keys().collect();
    let mut extra = BTreeSet::new();
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            let pair = ((*a).clone(), (*b).clone());
            if !borders.contains(&pair) && touch(&shapes[*a], &shapes[*b]) {
                extra.insert(format!("{a}-{b}"));
            }
        }
    }
    // Albania, Yugoslavia and Bulgaria are the real countries; Magnesia and Trikala
    // are where four Regions meet (greece.toml says so).
    let owned: BTreeSet<String> = ["ALB-YUG", "BUL-YUG", "MAG-TRI"].iter().map(|s| s.to_string()).collect();
    assert_eq!(extra, owned, "Regions that meet on the picture without a border in map.toml");
    // An arrow of map.toml crosses the water: Rio-Antirrio is a strait on the picture.
    assert!(arrows.contains(&("ACH".to_string(), "AIT".to_string())));
    assert!(apart(&shapes["ACH"], &shapes["AIT"]) < 12.0);

    // Each attack of a step is a square in its Region, each unit lost is named beside it.
    let (mut attacks, mut losses) = (0, 0);
    for k in 1..40 {
        let Ok(md) = std::fs::read_to_string(dir.join(format!("reports/{k}/public.md"))) else { continue };
        let svg = std::fs::read_to_string(dir.join(format!("reports/{k}/public.svg"))).unwrap();
        let n = md.lines().filter(|l| l.starts_with("- 11.5 T")).count();
        assert_eq!(svg.matches(r#"class="order hold""#).count(), n, "step {k}: one square an attack");
        let lost: String = svg
            .split(r#"class="unit dislodged"><title>"#)
            .skip(1)
            .filter_map(|p| p.split("</title>").next())
            .collect::<Vec<_>>()
            .join("; ");
        // A unit's id is a letter and a number (D5, G1); the clause with "eliminated"
        // names the units lost ("12.2 D5 rises to level 2; F3 is eliminated").
        let is_id = |w: &&str| {
            w.len() >= 2
                && w.starts_with(|c: char| c.is_ascii_uppercase())
                && w[1..].chars().all(|c| c.is_ascii_digit())
        };
        for line in md.lines().filter(|l| !l.starts_with("- 11.5")) {
            for clause in line.split(';').filter(|c| c.contains("eliminated")) {
                for id in clause.split(|c: char| !c.is_ascii_alphanumeric()).filter(is_id) {
                    assert!(
                        lost.split([' ', ',', ';']).any(|w| w == id),
                        "step {k}: {id} lost, not marked: {lost}"
                    );
                    losses += 1;
                }
            }
        }
        attacks += n;
    }
    assert!(attacks > 0 && losses > 0, "the demo attacks ({attacks}) and loses units ({losses})");
}

#[test]
fn board_points_keeps_the_cells_and_a_gms_own_files_replace_the_drawing() {
    let tmp = tempfile::tempdir().unwrap();
    let players = ["gov", "dse"];
    let greece = tmp.path().join("g");
    new_campaign(&greece, "andartes", &players);
    let points = tmp.path().join("p");
    new_campaign_with(&points, "andartes", &players, &["board=points"]);
    let real = ok(&["map", greece.to_str().unwrap()]);
    let cells = ok(&["map", points.to_str().unwrap()]);
    // The cells are drawn with their borders as lines; the real map's are outlines.
    assert_eq!(real.matches("<line ").count(), 0);
    assert!(cells.matches("<line ").count() > 50, "{cells}");
    assert!(real.contains("square: an attack") && !cells.contains("square: an attack"));

    // The GM's own greece.toml (Athens' label moved to Piraeus) is drawn; a broken
    // copy is refused, naming the file and the line's Region.
    let own = greece.join("games/andartes");
    std::fs::create_dir_all(&own).unwrap();
    let config = std::fs::read_to_string(greece.join("campaign.toml")).unwrap();
    let unpinned: String =
        config.lines().filter(|l| !l.starts_with("\"greece.toml\"")).map(|l| format!("{l}\n")).collect();
    std::fs::write(greece.join("campaign.toml"), unpinned).unwrap();
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/andartes/greece.toml"))
            .unwrap();
    let moved =
        text.replace("seeds = [[37.98, 23.73], [37.94, 23.64]", "seeds = [[37.94, 23.64], [37.98, 23.73]");
    assert_ne!(moved, text);
    std::fs::write(own.join("greece.toml"), &moved).unwrap();
    let gm_greece = ok(&["map", greece.to_str().unwrap()]);
    assert_ne!(gm_greece, real, "the GM's greece.toml was not used");
    assert_eq!(gm_greece.matches("<line ").count(), 0, "still on the real map");
    std::fs::write(own.join("greece.toml"), moved.replace("id = \"ATH\"", "id = \"PIRAEUS\"")).unwrap();
    let (code, _, err) = run(&["map", greece.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(err.contains("greece.toml") && err.contains("PIRAEUS"), "{err}");
    std::fs::remove_file(own.join("greece.toml")).unwrap();

    // The GM's board.toml (the Thermaic Gulf's seed moved) replaces the real map.
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/andartes/board.toml"))
            .unwrap();
    let moved = text.replace("seeds = [[370, 250]]", "seeds = [[372, 252]]");
    assert_ne!(moved, text);
    std::fs::write(own.join("board.toml"), &moved).unwrap();
    let config = std::fs::read_to_string(greece.join("campaign.toml")).unwrap();
    let unpinned: String =
        config.lines().filter(|l| !l.starts_with("\"board.toml\"")).map(|l| format!("{l}\n")).collect();
    std::fs::write(greece.join("campaign.toml"), unpinned).unwrap();
    let gms = ok(&["map", greece.to_str().unwrap()]);
    assert!(gms.matches("<line ").count() > 50, "the GM's cells are drawn");
    assert!(gms.contains("square: an attack"), "with the marks of board=greece");

    let (code, _, err) = run(&[
        "new",
        "andartes",
        tmp.path().join("x").to_str().unwrap(),
        "--option",
        "board=atlas",
        "--player",
        "gov=gov@example.org",
        "--player",
        "dse=dse@example.org",
        "--gm-email",
        "gm@example.org",
        "--address",
        "game@example.org",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("board") && err.contains("atlas"), "{err}");
}
