//! Guerilla Warfare II's board on the real map of Europe (`geography.toml`, option
//! `picture=geography`, pinned for new campaigns): every province's point lies on its
//! own ground, neighbours stand far enough apart for an arrow between them, a reader's
//! fractions are drawn on their province's land, and campaigns made before (or with
//! `picture=drawing`, or with a GM's own `board.toml`) keep the Pouch drawing.

mod common;

use std::path::Path;

use common::*;
use umpire::games::diplomacy::map::{Map, ProvinceId};
use umpire::games::guerilla_warfare::{GEOGRAPHY_FILE, GEOGRAPHY_TOML, GuerillaWarfare};
use umpire::maps::Layout;
use umpire::maps::layout::{Coast, Ground};

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

fn board() -> (Map, Layout, Coast) {
    let g = GuerillaWarfare::new().unwrap();
    let layout = umpire::games::diplomacy::picture::layout(&g.map, GEOGRAPHY_FILE, GEOGRAPHY_TOML).unwrap();
    let coast =
        Coast::build("coast.toml", umpire::games::diplomacy::COAST_TOML, &layout).unwrap().merged(&layout);
    (g.map, layout, coast)
}

#[test]
fn every_province_stands_on_its_own_ground() {
    let (_, layout, coast) = board();
    let mut wrong = Vec::new();
    for (i, shape) in layout.shapes.iter().enumerate() {
        let lands: Vec<&str> = (0..layout.shapes.len())
            .filter(|&j| coast.on_land(j, shape.label))
            .map(|j| layout.shapes[j].id.as_str())
            .collect();
        let right = match shape.ground {
            Ground::Sea => lands.is_empty(),
            _ => coast.on_land(i, shape.label),
        };
        if !right {
            wrong.push(format!(
                "{} ({:?}) at {:?} is on the land of {lands:?}",
                shape.id, shape.ground, shape.label
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn neighbours_stand_far_enough_apart_for_an_arrow() {
    let (map, layout, _) = board();
    let n = map.province_count() as ProvinceId;
    let mut close = Vec::new();
    for a in 0..n {
        for b in (a + 1)..n {
            let fleet = map
                .province(a)
                .fleet_regions
                .iter()
                .any(|&r| map.province(b).fleet_regions.iter().any(|&q| map.fleet_adjacent(r, q)));
            if !map.army_adjacent(a, b) && !fleet {
                continue;
            }
            let (p, q) = (&layout.shapes[a as usize], &layout.shapes[b as usize]);
            let d = ((p.label.0 - q.label.0).powi(2) + (p.label.1 - q.label.1).powi(2)).sqrt();
            // Units are 15 px across and an arrow is pulled in 17 px: under 30 px a move
            // between them would be little more than its head.
            if d < 30.0 {
                close.push(format!("{}-{}: {d:.1} px", p.id, q.id));
            }
        }
    }
    assert!(close.is_empty(), "{close:#?}");
}

/// `(province id, aboard, centre on the map)` of every hidden counter in `svg` (the map
/// is a group of its own under the title band, so its coordinates are the layout's).
fn counters(svg: &str) -> Vec<(String, bool, (f64, f64))> {
    let attr = |s: &str, name: &str| -> f64 {
        let key = format!(" {name}=\"");
        let from = s.find(&key).map(|i| i + key.len()).unwrap();
        s[from..].split('"').next().unwrap().parse().unwrap()
    };
    svg.split("class=\"unit hidden\"><title>")
        .skip(1)
        .map(|part| {
            let (title, rest) = part.split_once("</title>").unwrap();
            let rect = rest.split("/>").next().unwrap();
            let (x, y, w) = (attr(rect, "x"), attr(rect, "y"), attr(rect, "width"));
            let id = title.rsplit(' ').next().unwrap().to_string();
            (id, title.contains("aboard"), (x + w / 2.0, y + 6.0))
        })
        .collect()
}

#[test]
fn a_readers_fractions_are_drawn_on_their_provinces_land() {
    let (_, layout, coast) = board();
    let tmp = tempfile::tempdir().unwrap();
    let keep = tmp.path().join("k");
    ok(&[
        "soak",
        "--system",
        "guerilla-warfare",
        "--games",
        "1",
        "--seed",
        "5",
        "--max-steps",
        "24",
        "--keep",
        keep.to_str().unwrap(),
    ]);
    let game = keep.join("game-0");
    let config = std::fs::read_to_string(game.join("campaign.toml")).unwrap();
    assert!(config.contains("picture = \"geography\""), "{config}");
    let mut seen = 0;
    let mut wrong = Vec::new();
    for k in 1..=24 {
        let Ok(svg) = std::fs::read_to_string(game.join(format!("reports/{k}/gm.svg"))) else { continue };
        for (id, aboard, p) in counters(&svg) {
            seen += 1;
            let Some(i) = layout.shapes.iter().position(|s| s.id == id) else {
                wrong.push(format!("step {k}: no province {id}"));
                continue;
            };
            let shape = &layout.shapes[i];
            let right = if aboard || shape.ground == Ground::Sea {
                umpire::maps::clear::inside(&shape.cells, p)
            } else {
                coast.on_land(i, p)
            };
            if !right {
                wrong.push(format!("step {k}: a counter in {id} drawn at {p:?}, off its province"));
            }
        }
    }
    assert!(seen > 20, "the bots' game drew {seen} fractions");
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn new_campaigns_draw_the_real_map_and_the_drawing_stays_for_the_rest() {
    let tmp = tempfile::tempdir().unwrap();
    let real = tmp.path().join("real");
    new_campaign(&real, "guerilla-warfare", &POWERS);
    let config = std::fs::read_to_string(real.join("campaign.toml")).unwrap();
    assert!(config.contains("picture = \"geography\"") && config.contains("\"geography.toml\""), "{config}");
    let svg = ok(&["map", real.to_str().unwrap()]);
    assert!(
        svg.contains("<clipPath id=\"coast-clip\">") && svg.contains("viewBox=\"0 0 1200 "),
        "not on the coastlines"
    );

    // Asked for, the Pouch drawing (as every campaign made before the option).
    let drawing = tmp.path().join("drawing");
    new_campaign_with(&drawing, "guerilla-warfare", &POWERS, &["picture=drawing"]);
    let old = ok(&["map", drawing.to_str().unwrap()]);
    assert!(!old.contains("clipPath") && old.contains("viewBox=\"0 0 900 "), "not the drawing");
    let elsewhere = tmp.path().join("x");
    let mut args = vec!["new", "guerilla-warfare", elsewhere.to_str().unwrap(), "--option", "picture=atlas"];
    let players: Vec<String> = POWERS.iter().map(|p| format!("{p}={p}@example.org")).collect();
    for p in &players {
        args.extend(["--player", p.as_str()]);
    }
    args.extend(["--gm-email", "gm@example.org"]);
    let (code, _, err) = run(&args);
    assert_ne!(code, 0);
    assert!(err.contains("picture=atlas") && err.contains("geography"), "{err}");

    // A GM's own board.toml replaces the picture, real map or not.
    let own = real.join("games/guerilla-warfare");
    std::fs::create_dir_all(&own).unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("games/guerilla-warfare/board.toml"),
    )
    .unwrap();
    std::fs::write(own.join("board.toml"), format!("{text}\n# the GM's own\n")).unwrap();
    let unpinned: String =
        config.lines().filter(|l| !l.starts_with("\"board.toml\"")).map(|l| format!("{l}\n")).collect();
    std::fs::write(real.join("campaign.toml"), unpinned).unwrap();
    let mine = ok(&["map", real.to_str().unwrap()]);
    assert!(
        !mine.contains("clipPath") && mine.contains("viewBox=\"0 0 900 "),
        "the GM's board.toml was not used"
    );
}
