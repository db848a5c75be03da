//! Item 17: the standard map in `games/diplomacy/standard.toml` and the shared
//! `borders.csv` describe the same borders: every CSV border is in the map, for the
//! units its terrain admits, and the map has no border the CSV lacks.

mod common;

use std::collections::BTreeSet;

/// (from, to, unit) triples: `unit` is "army" or "fleet"; a fleet side names its coast
/// as `stp/sc`.
type Borders = BTreeSet<(String, String, &'static str)>;

fn from_csv(text: &str) -> Borders {
    let mut out = Borders::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<String> = line.split(',').map(|x| x.trim().replace('(', "/").replace(')', "")).collect();
        let (a, b, terrain) = (&f[0], &f[1], f[2].as_str());
        let plain = |s: &str| s.split('/').next().unwrap().to_string();
        if matches!(terrain, "land" | "coast") {
            out.insert((plain(a), plain(b), "army"));
            out.insert((plain(b), plain(a), "army"));
        }
        if matches!(terrain, "sea" | "coast") {
            out.insert((a.clone(), b.clone(), "fleet"));
            out.insert((b.clone(), a.clone(), "fleet"));
        }
    }
    out
}

fn from_map(text: &str) -> Borders {
    let map: toml::Value = toml::from_str(text).unwrap();
    let mut out = Borders::new();
    for p in map["province"].as_array().unwrap() {
        let id = p["id"].as_str().unwrap().to_string();
        let list = |v: Option<&toml::Value>| -> Vec<String> {
            v.and_then(|v| v.as_array())
                .map(|a| a.iter().map(|x| x.as_str().unwrap().to_string()).collect())
                .unwrap_or_default()
        };
        for to in list(p.get("army")) {
            out.insert((id.clone(), to, "army"));
        }
        for to in list(p.get("fleet")) {
            out.insert((id.clone(), to, "fleet"));
        }
        if let Some(coasts) = p.get("coasts").and_then(|c| c.as_table()) {
            for (coast, to) in coasts {
                for to in list(Some(to)) {
                    out.insert((format!("{id}/{coast}"), to, "fleet"));
                }
            }
        }
    }
    out
}

#[test]
fn item_17_the_map_and_the_shared_borders_agree() {
    let Some(csv) = common::shared("data/diplomacy/borders.csv") else { return };
    let csv = from_csv(&std::fs::read_to_string(csv).unwrap());
    let map_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/diplomacy/standard.toml");
    let map = from_map(&std::fs::read_to_string(map_path).unwrap());
    assert!(csv.len() > 400 && map.len() > 400, "too few borders read: {} and {}", csv.len(), map.len());
    let missing: Vec<_> = csv.difference(&map).collect();
    let extra: Vec<_> = map.difference(&csv).collect();
    assert!(missing.is_empty(), "borders.csv has borders the map lacks: {missing:?}");
    assert!(extra.is_empty(), "the map has borders borders.csv lacks: {extra:?}");
}
