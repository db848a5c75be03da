//! Checks on the Abstraction board data (`games/guerilla-warfare/abstraction.toml`).
//!
//! The board was read by eye off a hand-drawn map, so these tests guard against the
//! kinds of slip such a transcription invites: a border written on one side only, a
//! misspelt id, a fleet listed on an inland province, a supply centre lost or doubled.
//! The spot checks at the bottom were read off the drawing a second time, separately
//! from writing the data file, so that a mistake has to be made twice to pass.
//!
//! The file is read with the `toml` crate into plain values on purpose: the shared map
//! loader is written separately, and these checks must not share its mistakes.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

use toml::{Table, Value};

/// Size of `abstraction_map_pouch.png`, the picture the `at` coordinates refer to.
const IMAGE_WIDTH: i64 = 900;
const IMAGE_HEIGHT: i64 = 662;

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

const COAST_NAMES: [&str; 4] = ["nc", "sc", "ec", "wc"];

#[derive(Debug)]
struct Province {
    kind: String,
    centre: bool,
    home: Option<String>,
    aliases: Vec<String>,
    army: Vec<String>,
    /// Fleet neighbours per region: key "" for an undivided province, else the coast.
    fleet: BTreeMap<String, Vec<String>>,
    at: Option<(i64, i64)>,
}

#[derive(Debug)]
struct Unit {
    power: String,
    kind: String,
    at: String,
}

#[derive(Debug)]
struct Board {
    victory_centres: i64,
    powers: BTreeSet<String>,
    power_aliases: Vec<(String, String)>,
    provinces: BTreeMap<String, Province>,
    units: Vec<Unit>,
}

fn board_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("games/guerilla-warfare/abstraction.toml")
}

fn string_list(table: &Table, key: &str, whose: &str) -> Vec<String> {
    match table.get(key) {
        None => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| match item {
                Value::String(s) => s.clone(),
                other => panic!("{whose}: `{key}` holds a non-string entry {other}"),
            })
            .collect(),
        Some(other) => panic!("{whose}: `{key}` should be a list of strings, found {other}"),
    }
}

fn string_field(table: &Table, key: &str, whose: &str) -> String {
    match table.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(other) => panic!("{whose}: `{key}` should be a string, found {other}"),
        None => panic!("{whose}: `{key}` is missing"),
    }
}

fn tables<'a>(root: &'a Table, key: &str) -> Vec<&'a Table> {
    match root.get(key) {
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(n, item)| match item {
                Value::Table(t) => t,
                other => panic!("[[{key}]] number {} is not a table: {other}", n + 1),
            })
            .collect(),
        Some(other) => panic!("`{key}` should be an array of tables, found {other}"),
        None => panic!("no [[{key}]] entries in {}", board_path().display()),
    }
}

fn load() -> Board {
    let path = board_path();
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let root: Table =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{} is not valid TOML: {e}", path.display()));

    let victory_centres = match root.get("victory_centres") {
        Some(Value::Integer(n)) => *n,
        other => panic!("victory_centres should be an integer, found {other:?}"),
    };

    let mut powers = BTreeSet::new();
    let mut power_aliases = Vec::new();
    for t in tables(&root, "power") {
        let id = string_field(t, "id", "a [[power]]");
        for key in ["name", "adjective", "abbreviation"] {
            string_field(t, key, &format!("power {id}"));
        }
        for alias in string_list(t, "aliases", &format!("power {id}")) {
            power_aliases.push((alias, id.clone()));
        }
        assert!(powers.insert(id.clone()), "power {id} is listed twice");
    }

    let mut provinces = BTreeMap::new();
    for t in tables(&root, "province") {
        let id = string_field(t, "id", "a [[province]]");
        let whose = format!("province {id}");
        string_field(t, "name", &whose);
        let kind = string_field(t, "kind", &whose);
        let centre = match t.get("centre") {
            None => false,
            Some(Value::Boolean(b)) => *b,
            Some(other) => panic!("{whose}: `centre` should be true or false, found {other}"),
        };
        let home = t.get("home").map(|_| string_field(t, "home", &whose));
        let mut fleet = BTreeMap::new();
        if t.contains_key("fleet") {
            fleet.insert(String::new(), string_list(t, "fleet", &whose));
        }
        match t.get("coasts") {
            None => {}
            Some(Value::Table(coasts)) => {
                for coast in coasts.keys() {
                    fleet.insert(coast.clone(), string_list(coasts, coast, &whose));
                }
            }
            Some(other) => panic!("{whose}: `coasts` should be a table, found {other}"),
        }
        let at = match t.get("at") {
            None => None,
            Some(Value::Array(xy)) => match xy.as_slice() {
                [Value::Integer(x), Value::Integer(y)] => Some((*x, *y)),
                _ => panic!("{whose}: `at` should be two integers, found {xy:?}"),
            },
            Some(other) => panic!("{whose}: `at` should be [x, y], found {other}"),
        };
        let province = Province {
            kind,
            centre,
            home,
            aliases: string_list(t, "aliases", &whose),
            army: string_list(t, "army", &whose),
            fleet,
            at,
        };
        // Keep the raw keys honest too: a coast province with both `fleet` and
        // `coasts` would be read twice over by a loader.
        assert!(
            !(t.contains_key("fleet") && t.contains_key("coasts")),
            "{whose} has both `fleet` and `[province.coasts]`"
        );
        assert!(provinces.insert(id.clone(), province).is_none(), "province {id} is listed twice");
    }

    let units = tables(&root, "unit")
        .into_iter()
        .enumerate()
        .map(|(n, t)| {
            let whose = format!("unit number {}", n + 1);
            Unit {
                power: string_field(t, "power", &whose),
                kind: string_field(t, "kind", &whose),
                at: string_field(t, "at", &whose),
            }
        })
        .collect();

    Board { victory_centres, powers, power_aliases, provinces, units }
}

/// Splits "bul/ec" into ("bul", "ec") and "nth" into ("nth", "").
fn split_region(region: &str) -> (&str, &str) {
    match region.split_once('/') {
        Some((p, c)) => (p, c),
        None => (region, ""),
    }
}

fn region_name(province: &str, coast: &str) -> String {
    if coast.is_empty() { province.to_string() } else { format!("{province}/{coast}") }
}

impl Board {
    fn province(&self, id: &str) -> &Province {
        self.provinces.get(id).unwrap_or_else(|| panic!("no province with id `{id}`"))
    }

    fn army_adjacent(&self, a: &str, b: &str) -> bool {
        self.province(a).army.iter().any(|n| n == b)
    }

    /// True when a fleet in some region of `a` may move to some region of `b`.
    fn fleet_adjacent(&self, a: &str, b: &str) -> bool {
        self.province(a).fleet.values().flatten().any(|n| split_region(n).0 == b)
    }

    /// Every province reachable in one move by an army or a fleet.
    fn neighbours(&self, id: &str) -> BTreeSet<String> {
        let p = self.province(id);
        p.army
            .iter()
            .cloned()
            .chain(p.fleet.values().flatten().map(|r| split_region(r).0.to_string()))
            .collect()
    }
}

#[test]
fn every_province_is_well_formed() {
    let board = load();
    assert_eq!(board.victory_centres, 23, "GW II rule 3a: 23 centres win");
    for (id, p) in &board.provinces {
        assert!(
            !id.is_empty() && id.chars().all(|c| c.is_ascii_lowercase()),
            "province id `{id}` should be lowercase letters only"
        );
        match p.kind.as_str() {
            "sea" => {
                assert!(p.army.is_empty(), "sea {id} lists army neighbours");
                assert!(p.fleet.contains_key(""), "sea {id} has no `fleet` list");
                assert_eq!(p.fleet.len(), 1, "sea {id} has split coasts");
                assert!(!p.centre, "sea {id} is marked as a supply centre");
            }
            "land" => {
                assert!(p.fleet.is_empty(), "inland province {id} lists fleet neighbours");
                assert!(!p.army.is_empty(), "inland province {id} has no neighbours");
            }
            "coast" => {
                assert!(!p.fleet.is_empty(), "coastal province {id} has neither `fleet` nor coasts");
                for coast in p.fleet.keys().filter(|c| !c.is_empty()) {
                    assert!(COAST_NAMES.contains(&coast.as_str()), "{id} has an unknown coast `{coast}`");
                }
            }
            other => panic!("province {id} has unknown kind `{other}`"),
        }
    }
}

#[test]
fn no_unknown_ids() {
    let board = load();
    for (id, p) in &board.provinces {
        for n in &p.army {
            let other =
                board.provinces.get(n).unwrap_or_else(|| panic!("{id} lists unknown army neighbour `{n}`"));
            assert_ne!(other.kind, "sea", "{id} lists the sea {n} as an army neighbour");
            assert_ne!(n, id, "{id} lists itself as an army neighbour");
        }
        for (coast, list) in &p.fleet {
            let from = region_name(id, coast);
            for n in list {
                let (np, nc) = split_region(n);
                let other = board
                    .provinces
                    .get(np)
                    .unwrap_or_else(|| panic!("{from} lists unknown fleet neighbour `{n}`"));
                assert_ne!(other.kind, "land", "{from} lists inland {np} as a fleet neighbour");
                assert!(
                    other.fleet.contains_key(nc),
                    "{from} lists fleet neighbour `{n}`, but {np} has no such region \
                     (split provinces must be named with their coast)"
                );
                assert_ne!(np, id, "{from} lists itself as a fleet neighbour");
            }
        }
        if let Some(home) = &p.home {
            assert!(board.powers.contains(home), "{id} is home of unknown power `{home}`");
        }
    }
    for u in &board.units {
        assert!(board.powers.contains(&u.power), "unit of unknown power `{}`", u.power);
        let (p, _) = split_region(&u.at);
        assert!(board.provinces.contains_key(p), "unit at unknown region `{}`", u.at);
    }
    let expected: BTreeSet<String> = POWERS.iter().map(|s| s.to_string()).collect();
    assert_eq!(board.powers, expected, "the seven powers");
}

#[test]
fn army_adjacency_is_symmetric() {
    let board = load();
    for (id, p) in &board.provinces {
        for n in &p.army {
            assert!(
                board.army_adjacent(n, id),
                "army border written one way only: {id} lists {n}, but {n} does not list {id}"
            );
        }
        let unique: BTreeSet<_> = p.army.iter().collect();
        assert_eq!(unique.len(), p.army.len(), "{id} lists an army neighbour twice");
    }
}

#[test]
fn fleet_adjacency_is_symmetric_with_coasts() {
    let board = load();
    for (id, p) in &board.provinces {
        for (coast, list) in &p.fleet {
            let from = region_name(id, coast);
            for n in list {
                let (np, nc) = split_region(n);
                let back = board
                    .provinces
                    .get(np)
                    .and_then(|other| other.fleet.get(nc))
                    .unwrap_or_else(|| panic!("{from} lists missing region `{n}`"));
                assert!(
                    back.contains(&from),
                    "fleet border written one way only: {from} lists {n}, but {n} does not list {from}"
                );
            }
            let unique: BTreeSet<_> = list.iter().collect();
            assert_eq!(unique.len(), list.len(), "{from} lists a fleet neighbour twice");
        }
    }
}

#[test]
fn coasts_and_seas_meet() {
    let board = load();
    for (id, p) in &board.provinces {
        let touches_sea = p.fleet.values().flatten().any(|n| board.province(split_region(n).0).kind == "sea");
        match p.kind.as_str() {
            "sea" => {
                let touches_coast =
                    p.fleet.values().flatten().any(|n| board.province(split_region(n).0).kind == "coast");
                // The Deep Blue Sea is open ocean on the drawing's western edge.
                assert_eq!(touches_coast, id != "dbs", "sea {id}: touches a coast = {touches_coast}");
            }
            "coast" => assert!(touches_sea, "coastal province {id} touches no sea"),
            _ => {}
        }
        // A fleet may only sail between two coastal provinces that share a sea.
        if p.kind == "coast" {
            for n in p.fleet.values().flatten() {
                let (np, _) = split_region(n);
                if board.province(np).kind != "coast" {
                    continue;
                }
                let seas_of = |x: &str| -> BTreeSet<String> {
                    board.neighbours(x).into_iter().filter(|s| board.province(s).kind == "sea").collect()
                };
                assert!(
                    !seas_of(id).is_disjoint(&seas_of(np)),
                    "fleet move {id} -> {np}: the two coasts share no sea"
                );
                assert!(
                    board.army_adjacent(id, np),
                    "fleet move {id} -> {np} between coasts that share no land border"
                );
            }
        }
    }
}

#[test]
fn every_province_is_reachable() {
    let board = load();
    let Some(start) = board.provinces.keys().next() else {
        panic!("the board has no provinces");
    };
    let mut seen = BTreeSet::from([start.clone()]);
    let mut queue = VecDeque::from([start.clone()]);
    while let Some(id) = queue.pop_front() {
        for n in board.neighbours(&id) {
            if seen.insert(n.clone()) {
                queue.push_back(n);
            }
        }
    }
    let unreachable: Vec<_> = board.provinces.keys().filter(|id| !seen.contains(*id)).collect();
    assert!(unreachable.is_empty(), "unreachable from {start}: {unreachable:?}");

    // Armies alone: the land splits into the continent, Great Britain, and three
    // islands with no land border at all. Anything else means a border went missing.
    let mut left: BTreeSet<&str> =
        board.provinces.iter().filter(|(_, p)| p.kind != "sea").map(|(id, _)| id.as_str()).collect();
    let mut islands: Vec<BTreeSet<&str>> = Vec::new();
    while let Some(&start) = left.iter().next() {
        let mut part = BTreeSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(id) = queue.pop_front() {
            for n in &board.province(id).army {
                if part.insert(n.as_str()) {
                    queue.push_back(n.as_str());
                }
            }
        }
        left.retain(|id| !part.contains(id));
        if !part.contains("par") {
            islands.push(part);
        }
    }
    let expected: Vec<BTreeSet<&str>> = vec![
        BTreeSet::from(["cly", "edi", "lon", "lvp", "ply", "wal", "yor"]),
        BTreeSet::from(["ice"]),
        BTreeSet::from(["ire"]),
        BTreeSet::from(["sar"]),
    ];
    assert_eq!(islands, expected, "land cut off from the continent (armies need a convoy to reach it)");
}

#[test]
fn forty_six_supply_centres() {
    let board = load();
    let centres: Vec<_> = board.provinces.iter().filter(|(_, p)| p.centre).collect();
    let homes: Vec<_> = centres.iter().filter(|(_, p)| p.home.is_some()).collect();
    assert_eq!(centres.len(), 46, "supply centres (GW II rule 1)");
    assert_eq!(homes.len(), 29, "home centres");
    assert_eq!(centres.len() - homes.len(), 17, "neutral centres");
    for (id, p) in &board.provinces {
        if p.home.is_some() {
            assert!(p.centre, "{id} is a home province but not a supply centre");
        }
    }
    let neutral: BTreeSet<&str> =
        centres.iter().filter(|(_, p)| p.home.is_none()).map(|(id, _)| id.as_str()).collect();
    let expected: BTreeSet<&str> = [
        "and", "bel", "bul", "cas", "den", "egy", "gre", "hol", "ire", "mor", "nwy", "por", "rum", "ser",
        "swe", "tun", "zur",
    ]
    .into_iter()
    .collect();
    assert_eq!(neutral, expected, "neutral supply centres");
}

#[test]
fn home_centres_of_each_power() {
    let board = load();
    let expected: [(&str, &[&str]); 7] = [
        ("austria", &["bud", "pec", "vie", "zar"]),
        ("england", &["edi", "lon", "lvp", "ply"]),
        ("france", &["bre", "lyo", "mar", "par"]),
        ("germany", &["ber", "dre", "kie", "mun"]),
        ("italy", &["nap", "rom", "sic", "ven"]),
        ("russia", &["arc", "mos", "ode", "stp", "war"]),
        ("turkey", &["con", "dam", "sin", "smy"]),
    ];
    for (power, ids) in expected {
        let found: BTreeSet<&str> = board
            .provinces
            .iter()
            .filter(|(_, p)| p.home.as_deref() == Some(power))
            .map(|(id, _)| id.as_str())
            .collect();
        let want: BTreeSet<&str> = ids.iter().copied().collect();
        assert_eq!(found, want, "home centres of {power}");
    }
}

#[test]
fn starting_units_stand_on_legal_provinces() {
    let board = load();
    let mut occupied = BTreeSet::new();
    let mut per_power: BTreeMap<&str, usize> = BTreeMap::new();
    for u in &board.units {
        let (id, coast) = split_region(&u.at);
        let p = board.province(id);
        match u.kind.as_str() {
            "A" => {
                assert_ne!(p.kind, "sea", "{} army starts at sea in {id}", u.power);
                assert!(coast.is_empty(), "{} army given a coast: {}", u.power, u.at);
            }
            "F" => {
                assert_ne!(p.kind, "land", "{} fleet starts inland in {id}", u.power);
                assert!(
                    p.fleet.contains_key(coast),
                    "{} fleet at {}: {id} has no such coast (split provinces need one)",
                    u.power,
                    u.at
                );
            }
            other => panic!("unit of {} at {} has unknown kind `{other}`", u.power, u.at),
        }
        assert!(occupied.insert(id), "two starting units in {id}");
        *per_power.entry(u.power.as_str()).or_default() += 1;
    }
    for power in POWERS {
        let want = if power == "russia" { 5 } else { 4 };
        assert_eq!(per_power.get(power).copied(), Some(want), "starting units of {power}");
    }
    // GW II rule 1: the Budapest army opens in Tyrolia.
    let austrian = |at: &str| board.units.iter().any(|u| u.power == "austria" && u.kind == "A" && u.at == at);
    assert!(austrian("tyr"), "Austria's Budapest army should start in Tyrolia");
    assert!(!occupied.contains("bud"), "nothing starts in Budapest");
    // Starting units stand in their own home centres, bar the Tyrolian army.
    for u in &board.units {
        if u.at == "tyr" {
            continue;
        }
        let home = board.province(split_region(&u.at).0).home.as_deref();
        assert_eq!(home, Some(u.power.as_str()), "{} unit at {} is not at home", u.power, u.at);
    }
}

#[test]
fn names_and_aliases_resolve_without_clashes() {
    let board = load();
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for id in board.provinces.keys() {
        names.insert(id.clone(), id.clone());
    }
    for (id, p) in &board.provinces {
        for alias in &p.aliases {
            assert_eq!(alias, &alias.to_lowercase(), "alias `{alias}` of {id} is not lowercase");
            if let Some(other) = names.insert(alias.clone(), id.clone()) {
                panic!("`{alias}` names both {other} and {id}");
            }
        }
    }
    // The names GW II's rules use, and DipWiki's spellings.
    for (name, id) in [
        ("aro", "aro"),
        ("ark", "arc"),
        ("arc", "arc"),
        ("lap", "lap"),
        ("ice", "ice"),
        ("bar", "bar"),
        ("bou", "bur"),
        ("lor", "lor"),
        ("swa", "swa"),
        ("ruh", "ruh"),
        ("ris", "rig"),
        ("cicilia", "cic"),
        ("artic ocean", "aro"),
        ("st petersburg", "stp"),
        ("tyrolia", "tyr"),
    ] {
        assert_eq!(names.get(name).map(String::as_str), Some(id), "name `{name}`");
    }
    let mut power_names: BTreeSet<String> = board.powers.clone();
    for (alias, power) in &board.power_aliases {
        assert!(power_names.insert(alias.clone()), "power alias `{alias}` of {power} repeats");
    }
}

#[test]
fn every_province_has_label_coordinates_on_the_picture() {
    let board = load();
    let mut spots = BTreeMap::new();
    for (id, p) in &board.provinces {
        let Some((x, y)) = p.at else {
            panic!("{id} has no `at` coordinates");
        };
        assert!(
            (0..IMAGE_WIDTH).contains(&x) && (0..IMAGE_HEIGHT).contains(&y),
            "{id} at [{x}, {y}] lies outside the {IMAGE_WIDTH} x {IMAGE_HEIGHT} picture"
        );
        if let Some(other) = spots.insert((x, y), id) {
            panic!("{id} and {other} share the label spot [{x}, {y}]");
        }
    }
}

/// Army borders read off the drawing a second time (zoomed 4x to 14x).
const ARMY_BORDERS: &[(&str, &str)] = &[
    ("bur", "ruh"),
    ("bur", "lor"),
    ("bur", "swa"),
    ("bur", "obe"),
    ("obe", "mar"),
    ("lor", "lyo"),
    ("boh", "gal"),
    ("sil", "gal"),
    ("rum", "gal"),
    ("ser", "rum"),
    ("edi", "lvp"),
    ("wal", "yor"),
    ("pal", "mes"),
    ("arm", "per"),
    ("cau", "per"),
    ("egy", "ara"),
    ("lib", "alg"),
    ("zar", "alb"),
    ("ven", "cro"),
    ("tyr", "boh"),
    ("tyr", "pie"),
    ("mun", "ber"),
    ("dre", "pru"),
    ("cou", "stp"),
    ("cou", "war"),
    ("arc", "vol"),
    ("lap", "swe"),
    ("swe", "fin"),
    ("gas", "leo"),
    ("cat", "mar"),
    ("cat", "gas"),
    ("con", "bul"),
    ("con", "mac"),
    ("smy", "sin"),
    ("nap", "sic"),
    ("den", "swe"),
    ("ukr", "war"),
    ("par", "gas"),
    ("hol", "kie"),
    ("mos", "ode"),
    ("zur", "tyr"),
    ("ven", "apu"),
    ("war", "gal"),
];

/// Fleet moves read off the drawing a second time.
const FLEET_MOVES: &[(&str, &str)] = &[
    ("bel", "eng"),
    ("gre", "cms"),
    ("ang", "ska"),
    ("den", "bal"),
    ("den", "ska"),
    ("kie", "bal"),
    ("kie", "hel"),
    ("nap", "cms"),
    ("nap", "sic"),
    ("mor", "azo"),
    ("dam", "ems"),
    ("lib", "ems"),
    ("tus", "gol"),
    ("sar", "gol"),
    ("ice", "dms"),
    ("ice", "nao"),
    ("lvp", "hbs"),
    ("cly", "nwg"),
    ("yor", "nth"),
    ("arc", "bar"),
    ("stp", "rig"),
    ("and", "sao"),
    ("aeg", "cms"),
    ("aro", "bar"),
    ("con", "wbs"),
    ("con", "aeg"),
    ("alb", "ion"),
    ("sin", "wbs"),
    ("den", "swe"),
    ("zar", "alb"),
];

/// Pairs that look close on the drawing but share no border of any kind.
const NOT_ADJACENT: &[(&str, &str)] = &[
    ("ska", "bal"),
    ("ion", "aeg"),
    ("aeg", "ems"),
    ("tys", "cms"),
    ("tys", "ion"),
    ("ara", "per"),
    ("mor", "and"),
    ("lor", "swa"),
    ("con", "cic"),
    ("par", "bur"),
    ("stp", "bar"),
    ("bul", "aeg"),
    ("cly", "yor"),
    ("wal", "eng"),
    ("pic", "ang"),
    ("hel", "nth"),
    ("hel", "bal"),
    ("kie", "dre"),
    ("lyo", "bre"),
    ("sic", "ion"),
    ("fin", "bar"),
    ("vie", "pec"),
    ("rom", "ads"),
    ("sar", "tun"),
    ("lap", "gob"),
];

#[test]
fn spot_checks_of_army_borders() {
    let board = load();
    assert!(ARMY_BORDERS.len() >= 40);
    for &(a, b) in ARMY_BORDERS {
        assert!(board.army_adjacent(a, b), "an army should be able to move {a} -> {b}");
        assert!(board.army_adjacent(b, a), "an army should be able to move {b} -> {a}");
    }
}

#[test]
fn spot_checks_of_fleet_moves() {
    let board = load();
    for &(a, b) in FLEET_MOVES {
        assert!(board.fleet_adjacent(a, b), "a fleet should be able to move {a} -> {b}");
        assert!(board.fleet_adjacent(b, a), "a fleet should be able to move {b} -> {a}");
    }
}

#[test]
fn spot_checks_of_provinces_that_do_not_touch() {
    let board = load();
    assert!(NOT_ADJACENT.len() >= 20);
    for &(a, b) in NOT_ADJACENT {
        assert!(
            !board.neighbours(a).contains(b) && !board.neighbours(b).contains(a),
            "{a} and {b} should not be adjacent"
        );
    }
}
