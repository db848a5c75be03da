//! Front Line's components: the reconstructed battlefields, Attack Results Table,
//! supply cards and set-ups keep every constraint the rules text fixes, the
//! transcribed range columns match the rules, and a copy that breaks a constraint is
//! refused naming the file.

mod common;

use umpire::games::front_line::data::{Data, FILES, Outcome, Side, Square, Terrain};

fn text(name: &str) -> &'static str {
    FILES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t).unwrap()
}

#[test]
fn the_embedded_components_keep_the_rules_constraints() {
    let d = Data::embedded().expect("the embedded Front Line data reads");
    let sq = |s: &str| Square::parse(s).unwrap();
    assert_eq!(d.main.at(sq("A3")), Terrain::Capital);
    assert_eq!(d.main.at(sq("J4")), Terrain::Capital, "Green's capital mirrors Red's");
    assert_eq!(d.nogo.at(sq("E3")), Terrain::Water);
    let water = Square::parse("D3").unwrap();
    assert_eq!(d.nogo.at(water), Terrain::Water);
    assert_eq!(d.main.at(water).height(), 1);
    assert_eq!(d.supply.len(), 6);
    assert_eq!(d.setups.iter().filter(|s| s.side == Side::Green).count(), 2);
    // Every data file says it is reconstructed, and every reconstructed section quotes its sources.
    for (name, body) in FILES {
        assert!(body.starts_with("# reconstructed — replace with your copy's values"), "{name}");
        let v: toml::Value = toml::from_str(body).unwrap();
        let sections: Vec<&toml::Value> =
            v.as_table().unwrap().values().filter(|x| x.get("reconstructed").is_some()).collect();
        assert!(!sections.is_empty(), "{name}: no section says whether it is reconstructed");
        for s in sections {
            if s["reconstructed"].as_bool() == Some(true) {
                assert!(
                    s["sources"].as_array().is_some_and(|a| !a.is_empty()),
                    "{name}: a reconstructed section without sources"
                );
            }
        }
    }
    // The Advantage column is never weaker than Range 1, face by face.
    for (a, r) in d.attack.adv.iter().zip(&d.attack.ranges[0]) {
        assert!(*r == Outcome::Adv || a <= r, "{a:?} weaker than {r:?}");
    }
}

#[test]
fn the_range_columns_are_the_rules_table() {
    let Some(path) = common::shared("rules/front-line.txt") else { return };
    let rules = std::fs::read_to_string(path).unwrap();
    let d = Data::embedded().unwrap();
    for (n, range) in d.attack.ranges.iter().enumerate() {
        let label = format!("Range {}", n + 1);
        let line = rules
            .lines()
            .find(|l| l.contains(&label) && l.contains("Miss") || l.contains(&label) && l.contains("Adv"))
            .unwrap_or_else(|| panic!("{label}"));
        let words: Vec<String> =
            line.split(&label).nth(1).unwrap().split_whitespace().map(|w| w.to_ascii_lowercase()).collect();
        let ours: Vec<String> = range.iter().map(|o| format!("{o:?}").to_ascii_lowercase()).collect();
        assert_eq!(words, ours, "{label}");
    }
}

#[test]
fn a_copy_that_breaks_a_constraint_is_refused_naming_the_file() {
    let boards = text("battlefields.toml");
    let broken = boards.replacen("port beach valley", "port beach hill", 1);
    let e =
        Data::from_texts(&broken, text("attack-table.toml"), text("supply-cards.toml"), text("setups.toml"))
            .unwrap_err()
            .to_string();
    assert!(e.starts_with("battlefields.toml: main: C1 and H6 differ"), "{e}");
    let cards = text("supply-cards.toml").replacen(
        "[[3, 3, 4], [3, 3, 4], [3, 3, 4], [3, 3, 4]]",
        "[[3, 3, 4], [3, 3, 4], [3, 3, 4], [3, 3, 5]]",
        1,
    );
    let e = Data::from_texts(boards, text("attack-table.toml"), &cards, text("setups.toml"))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("supply-cards.toml: Balanced Industry"), "{e}");
    let adv = text("attack-table.toml")
        .replace("column = [\"blitz\", \"blitz\", \"blitz\"", "column = [\"miss\", \"blitz\", \"blitz\"");
    let e = Data::from_texts(boards, &adv, text("supply-cards.toml"), text("setups.toml"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("weaker than range 1"), "{e}");
    let setups =
        text("setups.toml").replacen("artillery = [\"B4\", \"B3\"]", "artillery = [\"B4\", \"A5\"]", 1);
    let e = Data::from_texts(boards, text("attack-table.toml"), text("supply-cards.toml"), &setups)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Artillery on high ground") || e.contains("used twice"), "{e}");
}

use umpire::games::front_line::attack::{self, Attack, Kind, Take};

fn attack(attacker: Kind, ah: u8, target: Kind, th: u8, terrain: Terrain, range: u8) -> Attack {
    Attack {
        attacker,
        attacker_height: ah,
        target,
        target_height: th,
        target_terrain: terrain,
        target_disrupted: false,
        range,
        take: Take::Best,
        rallied: false,
    }
}

/// EX4: a Tank above its targets rolls both dice on the range 1 column; Artillery
/// below its target still reads the range 1 column (it never adjusts); Infantry below
/// reads one column to the right.
#[test]
fn ex4_height_picks_the_column_and_the_dice() {
    let t = Data::embedded().unwrap().attack;
    let tank_down = attack(Kind::Tank, 2, Kind::Infantry, 0, Terrain::Valley, 1);
    let r = attack::resolve(&t, &tank_down, 5, 1);
    assert!(r.two_dice && r.column == 1);
    assert_eq!(r.result, Outcome::Blitz, "a Tank takes the better: yellow 1 (Blitz) over white 5 (Adv)");
    let art_up = attack(Kind::Artillery, 0, Kind::Tank, 2, Terrain::Mountain, 1);
    let r = attack::resolve(&t, &art_up, 3, 6);
    assert!(!r.two_dice && r.column == 1);
    assert_eq!(r.result, Outcome::Disrupt);
    let inf_up = attack(Kind::Infantry, 0, Kind::Tank, 1, Terrain::Hill, 1);
    assert_eq!(attack::column(&inf_up), 2);
    // With one die, an Adv result is a Miss.
    let level = attack(Kind::Infantry, 0, Kind::Infantry, 0, Terrain::Valley, 1);
    let r = attack::resolve(&t, &level, 5, 1);
    assert_eq!((r.raw, r.result), (Outcome::Miss, Outcome::Miss));
}

/// EX6: Infantry on a hill or mountain is missed on a four (soldier icon); City
/// Defense likewise on the city's face; EX5: a Rout on a beach or desert disrupts; a
/// disrupted target is Blitzed by a Disrupt or Rout.
#[test]
fn ex5_ex6_icons_terrain_and_disrupted_targets() {
    let t = Data::embedded().unwrap().attack;
    let dug_in = attack(Kind::Tank, 2, Kind::Infantry, 1, Terrain::Hill, 1);
    let r = attack::resolve(&t, &dug_in, 4, 6);
    assert_eq!(r.result, Outcome::Miss, "{:?}", r.why);
    let capital = attack(Kind::Tank, 0, Kind::Infantry, 0, Terrain::Capital, 1);
    assert_eq!(attack::resolve(&t, &capital, 1, 1).result, Outcome::Miss, "face 1 carries the Capital icon");
    let air_base = attack(Kind::Tank, 0, Kind::Infantry, 0, Terrain::AirBase, 1);
    assert_eq!(
        attack::resolve(&t, &air_base, 1, 1).result,
        Outcome::Blitz,
        "the Capital's icon does not defend an Air Base"
    );
    let beach = attack(Kind::Infantry, 0, Kind::Tank, 0, Terrain::Beach, 1);
    assert_eq!(attack::resolve(&t, &beach, 4, 1).result, Outcome::Disrupt, "Rout on a beach disrupts");
    let valley = attack(Kind::Infantry, 0, Kind::Tank, 0, Terrain::Valley, 1);
    assert_eq!(attack::resolve(&t, &valley, 4, 1).result, Outcome::Rout);
    let disrupted = Attack { target_disrupted: true, ..valley };
    assert_eq!(attack::resolve(&t, &disrupted, 3, 1).result, Outcome::Blitz);
    // A Tank's TAKE WHITE keeps the white result unless it is Adv.
    let white = Attack { take: Take::White, ..attack(Kind::Tank, 2, Kind::Tank, 0, Terrain::Valley, 2) };
    assert_eq!(attack::resolve(&t, &white, 2, 1).result, Outcome::Disrupt);
}

use umpire::games::front_line::movement::{self, Units};

/// Move, rulings 1 and 2, EX0: steps by kind, own units passed, enemies and
/// Unfriendly Cities not, Desert's third step, Lake Nogo.
#[test]
fn moves_by_kind_terrain_and_what_stands_in_the_way() {
    let d = Data::embedded().unwrap();
    let sq = |s: &str| Square::parse(s).unwrap();
    let path = |v: &[&str]| v.iter().map(|s| sq(s)).collect::<Vec<_>>();
    let mut units = Units::new();
    units.insert(sq("C3"), (Side::Red, Kind::Infantry));
    units.insert(sq("E5"), (Side::Green, Kind::Tank));
    let red_cities = |s: Square| s.country() == Some(Side::Red);
    let mv = |kind, from: &str, p: &[&str], units: &Units| {
        movement::check(&d.main, units, Side::Red, kind, sq(from), &path(p), &red_cities)
    };
    assert!(mv(Kind::Infantry, "B2", &["C2"], &units).is_ok(), "into its own Air Base");
    assert!(mv(Kind::Infantry, "B2", &["C1"], &units).unwrap_err().contains("orthogonal only"));
    assert!(mv(Kind::Tank, "B2", &["C1"], &units).is_ok());
    assert!(mv(Kind::Infantry, "B3", &["C3", "D3"], &units).is_ok(), "through its own unit");
    assert!(mv(Kind::Infantry, "B3", &["C3"], &units).unwrap_err().contains("not empty"));
    assert!(mv(Kind::Tank, "D4", &["E5"], &units).unwrap_err().contains("enemy unit"));
    // C4 is Desert: a third step is allowed; without Desert, two at most.
    assert!(mv(Kind::Infantry, "C5", &["C4", "D4", "D5"], &units).is_ok());
    assert!(mv(Kind::Infantry, "A6", &["B6", "C6"], &units).is_ok());
    assert!(mv(Kind::Infantry, "A5", &["A6", "B6", "C6"], &units).unwrap_err().contains("1 or 2 squares"));
    // EX0: Green's Air Base is an Unfriendly City to Red.
    assert!(mv(Kind::Infantry, "H4", &["H5"], &units).unwrap_err().contains("Unfriendly City"));
    // Lake Nogo.
    let e =
        movement::check(&d.nogo, &units, Side::Red, Kind::Infantry, sq("C3"), &path(&["D3"]), &red_cities)
            .unwrap_err();
    assert!(e.contains("Lake Nogo"), "{e}");
}
