//! Freedom! Messolonghi's components: the reconstructed city map, cannon targets,
//! set-up, Surrounding Areas, tracks and the 100 cards keep every constraint the rules
//! text fixes, and a copy that breaks one is refused naming the file.

use umpire::games::freedom_messolonghi::data::{Data, FILES, Kind, Reach};

fn text(name: &str) -> &'static str {
    FILES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t).unwrap()
}

fn load(replace: (&str, &str, &str)) -> Result<Data, String> {
    let t =
        |n: &str| if n == replace.0 { text(n).replace(replace.1, replace.2) } else { text(n).to_string() };
    Data::from_texts(
        &t("map.toml"),
        &t("cannons.toml"),
        &t("setup.toml"),
        &t("areas.toml"),
        &t("tracks.toml"),
        &t("cards.toml"),
    )
    .map_err(|e| e.to_string())
}

#[test]
fn the_embedded_components_keep_the_rules_constraints() {
    let d = Data::embedded().expect("the embedded data reads");
    assert_eq!(d.map.spaces.iter().filter(|s| s.fort).count(), 4);
    assert_eq!(d.map.walls().count(), 9, "nine Wall spaces hold the nine units of 4");
    assert_eq!(d.cards.len(), 100);
    assert_eq!(d.card("A01").unwrap().name, "Marsh Diseases");
    // Imperial movement never goes back toward the Camp.
    assert!(d.map.imperial_steps("M2c").contains(&"M1c"));
    assert!(!d.map.imperial_steps("M2c").contains(&"M3c"));
    assert!(d.map.imperial_steps("CAMP").contains(&"M5a"));
    // The Bombard's row 4 and Marmarou's sixes.
    assert!(d.cannons.targets["F3"].contains(&("M4c".to_string(), Reach::Distance(4))));
    assert!(d.cannons.targets["MAR"].contains(&("M1a".to_string(), Reach::Six)));
    assert!(d.cannons.targets["M2a"].contains(&("MAR".to_string(), Reach::Six)));
    // Population 20 eats the 16-20 band's Supplies; desertion starts at Morale 5.
    assert_eq!(d.tracks.eaten(20), 4);
    assert_eq!(d.tracks.deserters(5), 1);
    assert_eq!(d.tracks.deserters(6), 0);
    // Every data file says it is reconstructed, and every reconstructed section quotes sources.
    for (name, body) in FILES {
        assert!(body.starts_with("# reconstructed — replace with your copy's values"), "{name}");
        let v: toml::Value = toml::from_str(body).unwrap();
        for (key, s) in v.as_table().unwrap() {
            if s.get("reconstructed").and_then(|r| r.as_bool()) == Some(true) {
                assert!(s["sources"].as_array().is_some_and(|a| !a.is_empty()), "{name} [{key}]");
            }
        }
    }
    // Ten Allied units fit within two rows of the Camp without Expeditionary ones (6).
    let free = d
        .map
        .spaces
        .iter()
        .filter(|s| s.row.is_some_and(|r| r >= 4) && s.kind == Kind::Mainland)
        .filter(|s| !d.setup.imperial.units.iter().any(|(sp, _)| *sp == s.id))
        .count();
    assert!(free * 3 >= 10);
}

#[test]
fn a_copy_that_breaks_a_constraint_is_refused_naming_the_file() {
    for (file, from, to, why) in [
        (
            "map.toml",
            "id = \"F4\"\nkind = \"wall\"\nlimit = 2\nslow = true\nfort = true",
            "id = \"F4\"\nkind = \"wall\"\nlimit = 2\nslow = true",
            "four forts",
        ),
        (
            "map.toml",
            "[\"M2e\", \"KLI.1\", \"forward\"]",
            "[\"M2e\", \"M1e\", \"forward\"]",
            "two toward Klisova",
        ),
        ("cannons.toml", "d2 = 5", "d2 = 4", "5.4"),
        ("setup.toml", "[\"CAMP\", 5]", "[\"CAMP\", 4]", "5 in the Camp"),
        (
            "areas.toml",
            "support = 2\nimperial = { supplies = 2, cannon = 1 }",
            "support = 6\nimperial = { supplies = 2, cannon = 1 }",
            "at most 5",
        ),
        (
            "cards.toml",
            "id = \"A01\"\nname = \"Marsh Diseases\"\nap = 3\ncolour = \"blue\"",
            "id = \"A01\"\nname = \"Marsh Diseases\"\nap = 3\ncolour = \"red\"",
            "Marsh Diseases",
        ),
        ("cards.toml", "ap = 4\ncolour = \"red\"", "ap = 5\ncolour = \"red\"", "at least 2, up to 4"),
        (
            "cards.toml",
            "{ op = \"supplies\", side = \"imperial\", n = 3 }",
            "{ op = \"supplies\", side = \"insurgent\", n = 3 }",
            "helps the other side",
        ),
    ] {
        assert!(text(file).contains(from), "{file}: {from}");
        let err = load((file, from, to)).expect_err(why);
        assert!(err.contains(file) && err.contains(why), "{file}: {err}");
    }
}
