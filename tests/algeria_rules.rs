//! Algeria: the components against the shared data and the rules' constraints, and
//! the rules that need no orders, from the rules' own examples (10.1, 10.11, 12.1)
//! and the rulings in games/algeria/RULINGS.md.

mod algeria_support;
mod common;

use algeria_support::{data, put};

use std::collections::{BTreeMap, BTreeSet};

use umpire::games::algeria::combat::{self, Choices, Engagement};
use umpire::games::algeria::data::{AreaType, Data, Side};
use umpire::games::algeria::dice::Given;
use umpire::games::algeria::interphase;
use umpire::games::algeria::psl;
use umpire::games::algeria::state::{Box_, Options, State};

fn start(scenario: &str) -> State {
    algeria_support::start(Options { scenario: scenario.into(), ..Options::default() })
}

/// A bare 1954 state with no units, for placing exactly what a test needs.
fn empty() -> State {
    let mut s = start("1954");
    s.units.clear();
    s
}

#[test]
fn the_map_has_25_areas_and_3_countries_with_28_border_pairs() {
    let d = data();
    assert_eq!(d.areas.iter().filter(|a| a.kind != AreaType::Country).count(), 25);
    assert_eq!(d.areas.iter().filter(|a| a.kind == AreaType::Country).count(), 3);
    let urban: BTreeSet<&str> =
        d.areas.iter().filter(|a| a.kind == AreaType::Urban).map(|a| a.id.as_str()).collect();
    assert_eq!(urban, BTreeSet::from(["ALGIERS", "CONSTANTINE", "ORAN"]));
    let pairs: BTreeSet<(String, String)> = d
        .areas
        .iter()
        .flat_map(|a| {
            a.adjacent
                .iter()
                .map(|b| if a.id < *b { (a.id.clone(), b.clone()) } else { (b.clone(), a.id.clone()) })
        })
        .collect();
    assert_eq!(pairs.len(), 28);
    // A copy that breaks symmetry is refused, naming the file.
    let areas = include_str!("../games/algeria/areas.toml").replace(
        "adjacent = [\"I-2\", \"I-3\", \"I-4\", \"II-3\"]",
        "adjacent = [\"I-2\", \"I-3\", \"I-4\"]",
    );
    let e = Data::from_texts(
        &areas,
        include_str!("../games/algeria/forces.toml"),
        include_str!("../games/algeria/tables.toml"),
        include_str!("../games/algeria/scenarios.toml"),
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("areas.toml: II-3 lists TUNISIA"), "{e}");
}

#[test]
fn the_counter_mix_and_ratings_are_the_rules() {
    let d = data();
    let count = |k: &str| d.kind(k).unwrap().counter_ids().len();
    let mix: Vec<usize> =
        ["division", "brigade", "elite", "algerian", "police", "front", "cadre", "band", "failek"]
            .iter()
            .map(|k| count(k))
            .collect();
    assert_eq!(mix, [13, 4, 7, 6, 10, 16, 30, 24, 10]);
    assert!(d.kind("division").unwrap().counter_ids().contains(&"XX21".to_string()));
    let div = d.kind("division").unwrap();
    assert_eq!((div.rating, div.firepower), (1, 25));
    let face = div.dispersed.unwrap();
    assert_eq!((face.rating, face.firepower, face.control), (2, 12, 3));
    assert_eq!(d.kind_of("BD24").map(|k| k.kind.as_str()), Some("band"));
    assert_eq!(d.kind_of("BD25"), None);
    // B.1 costs in half PSP: a brigade activates for 1/2 PSP.
    assert_eq!((d.kind("brigade").unwrap().activate, d.kind("division").unwrap().mobilize), (1, 10));
}

#[test]
fn the_data_agrees_with_the_shared_files() {
    let Some(dir) = common::shared("data/algeria") else { return };
    let d = data();
    let csv = std::fs::read_to_string(dir.join("algeria_areas.csv")).unwrap();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let a = d.area(f[0]).unwrap_or_else(|| panic!("{} missing", f[0]));
        assert_eq!(a.name, f[1]);
        assert_eq!(format!("{:?}", a.kind).to_lowercase(), f[2].to_lowercase(), "{}", f[0]);
        assert_eq!(a.wilaya, if f[3].is_empty() { "none" } else { f[3] }, "{}", f[0]);
        let adj: BTreeSet<&str> = f[4].split_whitespace().collect();
        assert_eq!(a.adjacent.iter().map(String::as_str).collect::<BTreeSet<_>>(), adj, "{}", f[0]);
    }
    let units = std::fs::read_to_string(dir.join("algeria_units.csv")).unwrap();
    let mut by_type: BTreeMap<String, (usize, u32, u32)> = BTreeMap::new();
    for line in units.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let e = by_type.entry(f[1].to_string()).or_insert((0, 0, 0));
        e.0 += f[3].parse::<usize>().unwrap();
        e.1 = f[4].parse().unwrap();
        e.2 = f[5].parse().unwrap();
    }
    for (name, (n, rating, fp)) in by_type {
        let k =
            d.kinds.iter().find(|k| k.name.eq_ignore_ascii_case(&name)).unwrap_or_else(|| panic!("{name}"));
        assert_eq!((k.counter_ids().len(), k.rating, k.firepower), (n, rating, fp), "{name}");
    }
    let tables: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("algeria_tables.json")).unwrap()).unwrap();
    for die in 1..=6u32 {
        let row = tables["combat_results_table"]["rows"][die.to_string()].as_array().unwrap();
        for (c, from) in [1u32, 2, 5, 9, 16, 25].iter().enumerate() {
            assert_eq!(d.hits(*from, die) as u64, row[c].as_u64().unwrap(), "die {die} column {c}");
        }
    }
    for roll in -1..=8i32 {
        let code = tables["mission_success_table"][roll.to_string()].as_str().unwrap();
        let s = d.success(roll);
        let ours = format!("{}{}{}", s.number, if s.plus { "+" } else { "" }, if s.at { "@" } else { "" });
        assert_eq!(ours, code, "MST {roll}");
    }
}

#[test]
fn mission_success_and_combat_tables_read_like_the_charts() {
    let d = data();
    let s = d.success(-3);
    assert_eq!((s.number, s.plus, s.at), (0, true, false), "clamped to -1");
    let s = d.success(6);
    assert_eq!((s.number, s.at), (3, true));
    assert_eq!(d.success(12).number, 5, "clamped to 8");
    assert_eq!(d.hits(1, 6), 1);
    assert_eq!(d.hits(4, 4), 1);
    assert_eq!(d.hits(25, 6), 12);
    assert_eq!(d.hits(60, 5), 10, "36+ reads the last column");
    assert_eq!(d.hits(0, 6), 0);
    assert_eq!(d.event(11), "none");
    assert_eq!(d.event(46), "purge");
    assert_eq!(d.event(62), "suez");
    assert_eq!(d.coup(2).unwrap().psp, 3);
    assert_eq!(d.coup(13).unwrap().remove_dice, 1, "12 +1 for the OAS reads the last row");
}

/// 10.1's example: in Mostaganem the FLN has a Front and two Cadres (5), the
/// Government a Police and two brigades (3); both roll 2 or less.
#[test]
fn r10_1_control_example() {
    let d = data();
    let mut s = empty();
    put(&mut s, "FT1", "front", "V-4", Box_::Underground);
    put(&mut s, "CA1", "cadre", "V-4", Box_::Underground);
    put(&mut s, "CA2", "cadre", "V-4", Box_::Underground);
    put(&mut s, "PO1", "police", "V-4", Box_::Patrol);
    put(&mut s, "BR1", "brigade", "V-4", Box_::Operations);
    put(&mut s, "BR2", "brigade", "V-4", Box_::Completed);
    assert_eq!(interphase::control_points(&s, &d, "V-4", Side::Fln), 5);
    assert_eq!(interphase::control_points(&s, &d, "V-4", Side::Government), 3);
    let (c, line) = interphase::control_area(&s, &d, "V-4", &mut Given::new(&[2, 3]));
    assert_eq!(c, Some(Side::Fln), "{line}");
    assert!(line.contains("both roll 2 or less"), "{line}");
    let (c, _) = interphase::control_area(&s, &d, "V-4", &mut Given::new(&[1, 2]));
    assert_eq!(c, None, "both succeed: Contested");
    // Twice the points or more wins without a roll; a neutralized unit counts nothing.
    s.units.get_mut("BR1").unwrap().neutralized = true;
    s.units.get_mut("BR2").unwrap().neutralized = true;
    let mut dice = Given::new(&[]);
    let (c, _) = interphase::control_area(&s, &d, "V-4", &mut dice);
    assert_eq!(c, Some(Side::Fln));
    assert!(dice.labels.is_empty());
    // A Dispersed division is worth 3.
    put(&mut s, "XX2", "division", "V-4", Box_::Operations);
    s.units.get_mut("XX2").unwrap().dispersed = true;
    assert_eq!(interphase::control_points(&s, &d, "V-4", Side::Government), 4);
}

/// 10.11's example: 17 AP have loss number 4, lost on a 4 or less.
#[test]
fn r10_11_depreciation_example() {
    let d = data();
    assert_eq!(d.loss_number(17), 4);
    assert_eq!(interphase::depreciate(&d, 17, 50, "FLN AP", &mut Given::new(&[4])).0, 4);
    assert_eq!(interphase::depreciate(&d, 17, 50, "FLN AP", &mut Given::new(&[5])).0, 0);
    // PSL 30 or less: -1, so a 5 becomes 4 and loses.
    assert_eq!(interphase::depreciate(&d, 17, 30, "FLN AP", &mut Given::new(&[5])).0, 4);
    assert_eq!(interphase::depreciate(&d, 17, 70, "FLN AP", &mut Given::new(&[4])).0, 0);
    assert_eq!(d.loss_number(0), 0);
    assert_eq!(d.loss_number(25), 6);
}

/// 12.1's example: FLN PSL 98 gains 10: it stops at 99 and 9 come off the Government.
#[test]
fn r12_1_excess_comes_off_the_other_side_and_0_ends_the_game() {
    let mut s = empty();
    s.fln_psl = 98;
    s.government_psl = 50;
    psl::add(&mut s, Side::Fln, 10, "resettlement");
    assert_eq!((s.fln_psl, s.government_psl), (99, 41));
    s.government_psl = 3;
    psl::add(&mut s, Side::Government, -5, "a strike");
    assert_eq!(s.government_psl, 0);
    let over = s.over.clone().unwrap();
    assert!(over.contains("the FLN wins a Decisive victory (PSL 99"), "{over}");
    psl::add(&mut s, Side::Fln, -50, "after the end");
    assert_eq!(s.fln_psl, 99, "nothing changes once the game is over");
    assert_eq!(psl::level(25), "Marginal");
    assert_eq!(psl::level(26), "Substantial");
    assert_eq!(psl::level(51), "Decisive");
}

/// C.3 and rulings R8, R9: hits on a Failek reduce it to a Band, then eliminate it;
/// the side with more hits is neutralized; PSL changes per hit.
#[test]
fn combat_hits_reductions_and_neutralization() {
    let d = data();
    let mut s = empty();
    put(&mut s, "FK1", "failek", "IV-1", Box_::Operations);
    put(&mut s, "EL1", "elite", "IV-1", Box_::Operations);
    let (gov, fln) = (s.government_psl, s.fln_psl);
    // FLN fire 4, die 1: no hits. Government fire 9, die 2: 2 hits.
    let e = Engagement {
        area: "IV-1".into(),
        fln: vec!["FK1".into()],
        government: vec!["EL1".into()],
        ..Default::default()
    };
    let out = combat::fight(&mut s, &d, &e, &Choices::default(), &mut Given::new(&[1, 2]));
    assert_eq!((out.hits_on_government, out.hits_on_fln), (0, 2), "{:?}", out.lines);
    assert!(!s.units.contains_key("FK1") && !s.units.contains_key("BD1"), "{:?}", out.lines);
    // A reduction: Government +2 and FLN -1; the Band eliminated: FLN -1 (KILLS SUBTRACT).
    assert_eq!((s.government_psl, s.fln_psl), (gov + 2, fln - 2));
    assert!(!s.units["EL1"].neutralized);

    // More hits on the Government: its units are neutralized; each hit costs 1 PSP.
    put(&mut s, "BD2", "band", "IV-1", Box_::Operations);
    put(&mut s, "BD3", "band", "IV-1", Box_::Operations);
    let gov = s.government_psl;
    let e = Engagement {
        area: "IV-1".into(),
        fln: vec!["BD2".into(), "BD3".into()],
        government: vec!["EL1".into()],
        government_half: true,
        ..Default::default()
    };
    // FLN fire 4, die 4: 1 hit; Government half of 9 = 5, die 1: 1 hit. A tie: nobody.
    let out = combat::fight(&mut s, &d, &e, &Choices::default(), &mut Given::new(&[4, 1]));
    assert!(out.lines[0].contains("fire 5 (half)"), "{:?}", out.lines);
    assert_eq!((out.hits_on_government, out.hits_on_fln), (1, 1));
    assert_eq!(s.government_psl, gov - 1);
    assert!(!s.units["EL1"].neutralized && s.units.values().all(|u| !u.neutralized));
    // FLN die 6: 2 hits on the Government, which scores none: EL1 is neutralized.
    put(&mut s, "BD4", "band", "IV-1", Box_::Operations);
    let e = Engagement { fln: vec!["BD2".into(), "BD4".into()], ..e };
    let present: Vec<String> = e.fln.iter().filter(|id| s.units.contains_key(*id)).cloned().collect();
    let e = Engagement { fln: present, ..e };
    let out = combat::fight(
        &mut s,
        &d,
        &e,
        &Choices { hits_add: true, ..Choices::default() },
        &mut Given::new(&[6, 1]),
    );
    assert!(s.units["EL1"].neutralized, "{:?}", out.lines);
}

#[test]
fn air_points_add_dice_except_in_urban_areas() {
    let d = data();
    let mut s = empty();
    s.air = 2;
    put(&mut s, "CA1", "cadre", "ALGIERS", Box_::Operations);
    put(&mut s, "AL1", "algerian", "ALGIERS", Box_::Operations);
    let e = Engagement {
        area: "ALGIERS".into(),
        fln: vec!["CA1".into()],
        government: vec!["AL1".into()],
        air: 2,
        ..Default::default()
    };
    let mut dice = Given::new(&[1, 1]);
    combat::fight(&mut s, &d, &e, &Choices::default(), &mut dice);
    assert_eq!(s.air, 2, "no Air in an Urban area (11.11)");
    put(&mut s, "CA2", "cadre", "IV-1", Box_::Operations);
    put(&mut s, "AL2", "algerian", "IV-1", Box_::Operations);
    let e = Engagement {
        area: "IV-1".into(),
        fln: vec!["CA2".into()],
        government: vec!["AL2".into()],
        air: 2,
        ..Default::default()
    };
    let mut dice = Given::new(&[6, 6, 1, 1]);
    let out = combat::fight(&mut s, &d, &e, &Choices::default(), &mut dice);
    assert_eq!(s.air, 0);
    assert!(out.lines[0].contains("fire 17 with 2 Air (6+6)"), "{:?}", out.lines);
}

#[test]
fn scenarios_set_up_within_the_rules() {
    let d = data();
    for name in ["1954", "1958", "1960"] {
        let s = start(name);
        let sc = &d.scenarios[name];
        let mut counted: BTreeMap<String, u32> = BTreeMap::new();
        for u in s.units.values() {
            *counted.entry(u.kind.clone()).or_default() += 1;
            let k = d.kind(&u.kind).unwrap();
            let area = d.area(&u.area).unwrap();
            match (k.side, k.mobile) {
                (Side::Government, false) => assert_eq!(u.at, Box_::Patrol),
                (Side::Government, true) => assert_eq!(u.at, Box_::Operations),
                (Side::Fln, _) if area.kind == AreaType::Country => assert_eq!(u.at, Box_::Operations),
                (Side::Fln, _) => assert_eq!(u.at, Box_::Underground),
            }
            if u.kind == "front" {
                assert_ne!(area.kind, AreaType::Remote, "{name}: {} in {}", u.id, u.area);
                assert_eq!(s.units_in(&u.area).filter(|x| x.kind == "front").count(), 1);
            }
        }
        let mut wanted: BTreeMap<String, u32> = BTreeMap::new();
        for units in sc.government.values().chain(sc.fln.values()) {
            for (k, n) in units {
                *wanted.entry(k.clone()).or_default() += n;
            }
        }
        assert_eq!(counted, wanted, "{name}");
        assert_eq!((s.government_psl, s.fln_psl), (sc.government_psl, sc.fln_psl));
        assert!(s.areas.values().all(|a| a.control.is_none()), "all Contested at the start");
    }
    // Ruling R1: the 1960 set-up fits the mix because wilaya II has one Algerian brigade.
    assert_eq!(d.scenarios["1960"].government["II"]["algerian"], 1);
    let over = include_str!("../games/algeria/scenarios.toml").replace(
        "II = { division = 2, elite = 4, algerian = 1, police = 2 }",
        "II = { division = 2, elite = 4, algerian = 2, police = 2 }",
    );
    let e = Data::from_texts(
        include_str!("../games/algeria/areas.toml"),
        include_str!("../games/algeria/forces.toml"),
        include_str!("../games/algeria/tables.toml"),
        &over,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("1960: 7 algerian units, and the counter mix has 6"), "{e}");
}

/// Ruling R3: a coup is checked at Government PSL 30 (the chart's "<= 30").
#[test]
fn r3_coup_at_30_and_the_final_adjustments_in_order() {
    let d = data();
    let mut s = empty();
    put(&mut s, "EL1", "elite", "IV-1", Box_::Operations);
    put(&mut s, "EL2", "elite", "IV-1", Box_::Operations);
    put(&mut s, "CA1", "cadre", "IV-1", Box_::Underground);
    s.government_psl = 30;
    s.areas.get_mut("IV-1").unwrap().terror = true;
    // Coup check 6; Coup Table 5+5 = 10: -3d6 (1+1+1) and 1d6 (2) elites disbanded.
    let mut dice = Given::new(&[6, 5, 5, 1, 1, 1, 2]);
    let log = interphase::final_adjustments(&mut s, &d, &mut dice);
    assert!(log[0].contains("the Army attempts a coup"), "{log:?}");
    assert!(s.disbanded.contains("EL1") && s.disbanded.contains("EL2"), "{log:?}");
    // 30 - 3 (coup) - 1 (Terror) = 26.
    assert_eq!(s.government_psl, 26, "{log:?}");
    let mut s2 = empty();
    s2.government_psl = 31;
    put(&mut s2, "CA1", "cadre", "IV-1", Box_::Underground);
    let mut dice = Given::new(&[]);
    interphase::final_adjustments(&mut s2, &d, &mut dice);
    assert!(dice.labels.is_empty(), "no coup check above 30: {:?}", dice.labels);
    // No FLN mobile unit in Algeria: -3d6.
    let mut s3 = empty();
    let fln = s3.fln_psl;
    interphase::final_adjustments(&mut s3, &d, &mut Given::new(&[2, 2, 2]));
    assert_eq!(s3.fln_psl, fln - 6);
}

#[test]
fn redeployment_returns_units_and_resets_points() {
    let d = data();
    let mut s = empty();
    put(&mut s, "CA1", "cadre", "IV-1", Box_::Completed);
    put(&mut s, "CA2", "cadre", "FRANCE", Box_::Operations);
    put(&mut s, "BD1", "band", "TUNISIA", Box_::Operations);
    put(&mut s, "BR1", "brigade", "IV-1", Box_::Patrol);
    put(&mut s, "PO1", "police", "IV-1", Box_::Patrol);
    s.units.get_mut("BR1").unwrap().helo = true;
    s.air_max = 3;
    s.air = 0;
    // Control of 24 areas (dice 6 6 never win a contest), depreciation, no recovery.
    let mut dice = Given::new(&[6; 80]);
    interphase::control_depreciation_recovery_redeployment(&mut s, &d, &mut dice);
    assert_eq!(s.units["CA1"].at, Box_::Underground);
    assert_eq!(s.units["CA2"].at, Box_::Operations, "France's Cadre stays (R12)");
    assert_eq!(s.units["BD1"].at, Box_::Operations, "units abroad are in OPS (R12)");
    assert_eq!(s.units["BR1"].at, Box_::Operations);
    assert_eq!(s.units["PO1"].at, Box_::Patrol);
    assert!(!s.units["BR1"].helo);
    assert_eq!(s.air, s.air_max);
}

use umpire::games::algeria::board::{self, Log};
use umpire::games::algeria::orders::{Mission, Split};
use umpire::games::algeria::state::Oas;
use umpire::games::algeria::{events, fln_missions, gov_missions, ops, react, reinforce};

fn log_text(log: &Log) -> String {
    log.lines.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>().join("\n")
}

/// R2: Propaganda doubles in an Urban area, not in France (11.22).
#[test]
fn r2_propaganda_doubles_in_urban_areas_not_in_france() {
    let d = data();
    let mut s = empty();
    s.ap = 5;
    put(&mut s, "CA1", "cadre", "ALGIERS", Box_::Operations);
    put(&mut s, "CA2", "cadre", "FRANCE", Box_::Operations);
    let g = s.government_psl;
    let m = Mission::Propaganda { area: "ALGIERS".into(), by: "CA1".into(), psp: None };
    let done = fln_missions::run(&mut s, &d, &m, &mut Given::new(&[4]), &mut Log::default()).unwrap();
    assert!(done.reactable);
    assert_eq!(s.government_psl, g - 4, "MST 4 gives 2, doubled in Algiers, SUBTRACT by default");
    let m = Mission::Propaganda { area: "FRANCE".into(), by: "CA2".into(), psp: Some(Split::Add) };
    let f = s.fln_psl;
    let done = fln_missions::run(&mut s, &d, &m, &mut Given::new(&[4]), &mut Log::default()).unwrap();
    assert!(!done.reactable, "no React to France's Propaganda");
    assert_eq!(s.fln_psl, f + 2, "not doubled in France");
    // Once a turn an area: the second is refused before any AP is spent.
    let ap = s.ap;
    put(&mut s, "CA3", "cadre", "ALGIERS", Box_::Operations);
    let m = Mission::Propaganda { area: "ALGIERS".into(), by: "CA3".into(), psp: None };
    let e = fln_missions::run(&mut s, &d, &m, &mut Given::new(&[]), &mut Log::default()).unwrap_err();
    assert!(e.contains("only one Propaganda a turn"), "{e}");
    assert_eq!(s.ap, ap);
}

/// R4 (UN), R19 (purge) and the arms shipment less Naval Points.
#[test]
fn events_un_purge_and_arms() {
    let d = data();
    let mut s = empty();
    s.government_psl = 60;
    s.fln_psl = 50;
    let f = s.fln_psl;
    // d66 43: the UN; the Government leads and by default RAISEs the FLN: +1d6 (3).
    events::random_events(&mut s, &d, &mut Given::new(&[4, 3, 3]), &mut Log::default());
    assert_eq!(s.fln_psl, f + 3);
    s.fln_psl = 60;
    let g = s.government_psl;
    events::random_events(&mut s, &d, &mut Given::new(&[4, 3, 5]), &mut Log::default());
    assert_eq!(s.government_psl, g - 5, "a tie: the FLN chooses, LOWER by default");
    // d66 45: purge. Wilaya IV has the most FLN units; 2 are neutralized, Bands first.
    put(&mut s, "CA1", "cadre", "IV-1", Box_::Underground);
    put(&mut s, "BD1", "band", "ALGIERS", Box_::Underground);
    put(&mut s, "BD2", "band", "IV-2", Box_::Operations);
    put(&mut s, "CA2", "cadre", "I-1", Box_::Underground);
    events::random_events(&mut s, &d, &mut Given::new(&[4, 5, 2]), &mut Log::default());
    assert!(s.units["BD1"].neutralized && s.units["BD2"].neutralized);
    assert!(!s.units["CA1"].neutralized && !s.units["CA2"].neutralized);
    // d66 31: arms, 2d6 (5+4) less 2 Naval Points.
    s.naval = 2;
    s.ap = 0;
    events::random_events(&mut s, &d, &mut Given::new(&[3, 1, 5, 4]), &mut Log::default());
    assert_eq!(s.ap, 7);
}

#[test]
fn events_nato_and_suez() {
    let d = data();
    let mut s = empty();
    put(&mut s, "XX2", "division", "IV-1", Box_::Operations);
    put(&mut s, "BR1", "brigade", "IV-1", Box_::Operations);
    put(&mut s, "EL1", "elite", "ALGIERS", Box_::Operations);
    put(&mut s, "EL2", "elite", "ORAN", Box_::Operations);
    // d66 55: NATO, 1d6 = 2: the brigade (1), then the division (3, overshooting).
    events::random_events(&mut s, &d, &mut Given::new(&[5, 5, 2]), &mut Log::default());
    assert!(!s.units.contains_key("BR1") && !s.units.contains_key("XX2"));
    assert_eq!(s.away["XX2"].1, s.turn + 1);
    // d66 61: Suez (1954, once): 1d6 = 1 elite unit leaves and comes back next turn.
    events::random_events(&mut s, &d, &mut Given::new(&[6, 1, 1]), &mut Log::default());
    assert_eq!(s.units.values().filter(|u| u.kind == "elite").count(), 1);
    assert!(s.suez_done);
    s.turn += 1;
    let mut log = Log::default();
    reinforce::reinforce_government(
        &mut s,
        &d,
        Some(&["ACTIVATE NONE".to_string()]),
        &mut Given::new(&[]),
        &mut log,
    );
    assert_eq!(s.units.values().filter(|u| u.kind == "elite").count(), 2, "{}", log_text(&log));
    let back = s.units.values().find(|u| u.id == "EL1" || u.id == "EL2").unwrap();
    assert!(
        s.units.values().filter(|u| u.kind == "elite").all(|u| u.at == Box_::Completed),
        "not activated: OC; {back:?}"
    );
    assert!(!s.away.contains_key("XX2"), "the division may be mobilized again");
}

/// R5, R11: a React after a Move happens where the unit arrived; every unit rolls to evade.
#[test]
fn r5_react_after_a_move_is_in_the_destination() {
    let d = data();
    let mut s = empty();
    put(&mut s, "BD1", "band", "I-1", Box_::Operations);
    put(&mut s, "BR1", "brigade", "II-1", Box_::Operations);
    let m = Mission::Move { unit: "BD1".into(), to: "II-1".into() };
    let done = fln_missions::run(&mut s, &d, &m, &mut Given::new(&[4]), &mut Log::default()).unwrap();
    assert_eq!(done.area, "II-1");
    assert_eq!(s.units["BD1"].at, Box_::Completed);
    s.plans_government.standing.insert("REACT".into(), vec!["REACT MOVE WITH ALL".into()]);
    let decision = react::decide(&s, &d, "MOVE", &done, false);
    assert!(
        matches!(&decision, react::Decision::React { units, .. } if units == &vec!["BR1".to_string()]),
        "{decision:?}"
    );
    let mut dice = Given::new(&[6, 1, 1]);
    react::carry_out(&mut s, &d, &done, &decision, &mut dice, &mut Log::default());
    assert!(dice.labels[0].contains("React in II-1: BD1 evades"), "{:?}", dice.labels);
    // A Move across a wilaya border must end beside the unit's wilaya.
    put(&mut s, "CA1", "cadre", "V-7", Box_::Operations);
    let e = fln_missions::run(
        &mut s,
        &d,
        &Mission::Move { unit: "CA1".into(), to: "II-1".into() },
        &mut Given::new(&[]),
        &mut Log::default(),
    );
    assert!(e.unwrap_err().contains("does not border wilaya V"));
}

/// R6: the OAS in an Urban area suppresses first, using that area's Suppression.
#[test]
fn r6_the_oas_suppresses_first_and_uses_the_areas_suppression() {
    let d = data();
    let mut s = empty();
    put(&mut s, "BD1", "band", "ORAN", Box_::Underground);
    put(&mut s, "CA1", "cadre", "I-1", Box_::Underground);
    s.oas = Some(Oas { controller: Side::Fln, at: Some("ORAN".into()) });
    s.plans_government.script = Some(Vec::new());
    s.plans_fln.script = Some(Vec::new());
    let mut log = Log::default();
    // OAS Suppression die 4: 2 Bands/Faileks; then the end of the phase.
    ops::run(&mut s, &d, &mut Given::new(&[4; 60]), &mut log);
    let text = log_text(&log);
    assert!(text.contains("11.3 OAS Suppression in ORAN"), "{text}");
    assert!(s.units["BD1"].neutralized, "MST 4 gives 2: BD1 is neutralized: {text}");
    assert!(text.contains("ORAN is Terrorized"), "the OAS always Terrorizes: {text}");
    assert!(text.find("OAS Suppression").unwrap() < text.find("a pass").unwrap());
    let mut s2 = empty();
    put(&mut s2, "PO1", "police", "ORAN", Box_::Patrol);
    s2.areas.get_mut("ORAN").unwrap().done.insert("Suppression".into());
    let e = gov_missions::run(
        &mut s2,
        &d,
        &Mission::Suppression { area: "ORAN".into(), with: vec![] },
        &mut Given::new(&[]),
        &mut Log::default(),
    );
    assert!(e.unwrap_err().contains("only one Suppression a turn"));
}

#[test]
fn r7_patrol_counts_police_and_mobile_units_in_ptl() {
    let d = data();
    let mut s = empty();
    put(&mut s, "PO1", "police", "IV-1", Box_::Patrol);
    put(&mut s, "BR1", "brigade", "IV-1", Box_::Patrol);
    put(&mut s, "BR2", "brigade", "IV-1", Box_::Patrol);
    put(&mut s, "BR3", "brigade", "IV-1", Box_::Operations);
    s.units.get_mut("BR2").unwrap().neutralized = true;
    assert_eq!(board::patrol(&s, &d, "IV-1"), 2);
}

/// R13: an elite unit with its side's PSL at 70 or more still gets only +1.
#[test]
fn r13_recovery_drm_is_at_most_plus_one() {
    let d = data();
    let mut s = empty();
    s.government_psl = 75;
    put(&mut s, "EL1", "elite", "IV-1", Box_::Completed);
    s.units.get_mut("EL1").unwrap().neutralized = true;
    // No unit contests an area and no Points depreciate: the one die is the recovery roll.
    let mut dice2 = Given::new(&[3]);
    interphase::control_depreciation_recovery_redeployment(&mut s, &d, &mut dice2);
    assert!(s.units["EL1"].neutralized, "3 + 1 = 4: stays neutralized");
    let mut dice3 = Given::new(&[4]);
    interphase::control_depreciation_recovery_redeployment(&mut s, &d, &mut dice3);
    assert!(!s.units["EL1"].neutralized, "4 + 1 = 5: recovers");
}

/// R14: HELO adds 1 to Contact; the Border Zone steps once a turn, to -3 at most.
#[test]
fn r14_helo_contact_and_border_zone_steps() {
    let d = data();
    let mut s = empty();
    put(&mut s, "EL1", "elite", "IV-1", Box_::Operations);
    assert_eq!(board::contact(&s, &d, "EL1"), 2);
    s.helo = 1;
    s.helo_max = 1;
    assert!(react::airmobilize(&mut s, &d, "EL1", &mut Log::default()));
    assert_eq!((board::contact(&s, &d, "EL1"), s.helo), (3, 0));
    put(&mut s, "XX2", "division", "IV-1", Box_::Operations);
    assert!(!react::airmobilize(&mut s, &d, "XX2", &mut Log::default()), "no Helo for a division (11.12)");
    s.independent = true;
    let twice = vec!["MOBILIZE BORDER".to_string(), "MOBILIZE BORDER".to_string()];
    reinforce::reinforce_government(&mut s, &d, Some(&twice), &mut Given::new(&[]), &mut Log::default());
    assert_eq!(s.border_zone, Some(0), "one step a turn");
    for _ in 0..5 {
        reinforce::reinforce_government(&mut s, &d, Some(&twice), &mut Given::new(&[]), &mut Log::default());
    }
    assert_eq!(s.border_zone, Some(-3));
}

/// R15: the Government may not spend its PSL to 0.
#[test]
fn r15_no_spending_to_zero() {
    let d = data();
    let mut s = empty();
    put(&mut s, "PO1", "police", "IV-1", Box_::Patrol);
    s.government_psl = 1;
    let e = gov_missions::run(
        &mut s,
        &d,
        &Mission::Intelligence { area: "IV-1".into() },
        &mut Given::new(&[]),
        &mut Log::default(),
    );
    assert!(e.unwrap_err().contains("costs 1 PSP and the Government PSL is 1"));
    s.government_psl = 5;
    let lines = vec!["MOBILIZE DIVISION IV-1".to_string()];
    reinforce::reinforce_government(&mut s, &d, Some(&lines), &mut Given::new(&[]), &mut Log::default());
    assert!(!s.units.values().any(|u| u.kind == "division"), "5 PSP would take the PSL to 0");
    assert_eq!(s.government_psl, 5);
}

#[test]
fn r16_terror_and_resettlement_penalties_add() {
    let d = data();
    let mut s = empty();
    put(&mut s, "CA1", "cadre", "IV-1", Box_::Underground);
    let a = s.areas.get_mut("IV-2").unwrap();
    a.terror = true;
    a.resettled = true;
    let g = s.government_psl;
    interphase::final_adjustments(&mut s, &d, &mut Given::new(&[]));
    assert_eq!(s.government_psl, g - 2);
}

/// R20: under 13.1, one mobile unit or Point a turn in all.
#[test]
fn r20_slow_reaction_limits_mobilization() {
    let d = data();
    let mut s = empty();
    s.options.slow_reaction = true;
    s.fln_psl = 40;
    let lines = vec![
        "MOBILIZE BRIGADE IV-1".to_string(),
        "MOBILIZE AIR 1".to_string(),
        "MOBILIZE POLICE IV-1".to_string(),
    ];
    reinforce::reinforce_government(&mut s, &d, Some(&lines), &mut Given::new(&[]), &mut Log::default());
    assert_eq!(s.units.values().filter(|u| u.kind == "brigade").count(), 1);
    assert_eq!(s.air_max, 0, "the second item is refused");
    assert_eq!(s.units.values().filter(|u| u.kind == "police").count(), 1, "Police are static: not limited");
    let e = gov_missions::run(
        &mut s,
        &d,
        &Mission::CivilAffairs { area: "IV-1".into() },
        &mut Given::new(&[]),
        &mut Log::default(),
    );
    assert!(e.unwrap_err().contains("13.1"));
}

/// R21: the 13.2 roll comes before the d66, which may then read "independence again".
#[test]
fn r21_deterministic_independence_before_the_event() {
    let d = data();
    let mut s = empty();
    s.options.deterministic_independence = true;
    let (g, f) = (s.government_psl, s.fln_psl);
    // 13.2: 1 <= turn 1: independence, FLN 2d6 (1+1), Government 2d6 (2+2); d66 51:
    // independence again: MST die 6: 3 AP.
    let mut dice = Given::new(&[1, 1, 1, 2, 2, 5, 1, 6]);
    events::random_events(&mut s, &d, &mut dice, &mut Log::default());
    assert!(s.independent);
    assert_eq!((s.fln_psl, s.government_psl), (f + 2, g + 4));
    assert_eq!(s.ap, 3);
    assert!(dice.labels[0].starts_with("13.2"), "{:?}", dice.labels);
}

/// R23: Bands Harass singly unless a Failek leads; the Government fires back at half.
#[test]
fn r23_harass_combines_only_under_a_failek() {
    let d = data();
    let mut s = empty();
    s.independent = true;
    put(&mut s, "BD1", "band", "IV-1", Box_::Operations);
    put(&mut s, "BD2", "band", "IV-1", Box_::Operations);
    put(&mut s, "CA1", "cadre", "IV-1", Box_::Operations);
    put(&mut s, "FK1", "failek", "IV-1", Box_::Operations);
    put(&mut s, "BR1", "brigade", "IV-1", Box_::Operations);
    let h = |with: &[&str]| Mission::Harass {
        target: "BR1".into(),
        with: with.iter().map(|s| s.to_string()).collect(),
    };
    let e = fln_missions::run(&mut s, &d, &h(&["BD1", "BD2"]), &mut Given::new(&[]), &mut Log::default())
        .unwrap_err();
    assert!(e.contains("singly unless a Failek"), "{e}");
    let e = fln_missions::run(&mut s, &d, &h(&["FK1", "CA1"]), &mut Given::new(&[]), &mut Log::default())
        .unwrap_err();
    assert!(e.contains("only Bands and Faileks"), "{e}");
    let mut log = Log::default();
    fln_missions::run(&mut s, &d, &h(&["FK1", "BD1"]), &mut Given::new(&[1, 1]), &mut log).unwrap();
    assert!(log_text(&log).contains("Government BR1 fire 3 (half)"), "{}", log_text(&log));
}

/// R25: a Raid's + neutralizes a raider, @ a Police unit, and either Terrorizes; the
/// Cadre goes to France from an area with a Front.
#[test]
fn r25_raid_results_and_the_cadre_in_france() {
    let d = data();
    let mut s = empty();
    s.ap = 5;
    put(&mut s, "BD1", "band", "IV-1", Box_::Operations);
    put(&mut s, "PO1", "police", "IV-1", Box_::Patrol);
    // Die 2 - 1 Patrol = 1: "1+".
    fln_missions::run(
        &mut s,
        &d,
        &Mission::Raid { area: "IV-1".into(), with: vec!["BD1".into()] },
        &mut Given::new(&[2]),
        &mut Log::default(),
    )
    .unwrap();
    assert!(s.units["BD1"].neutralized && s.terror("IV-1"));
    assert_eq!(s.ap, 5 - 1 + 1);
    put(&mut s, "BD2", "band", "ALGIERS", Box_::Operations);
    put(&mut s, "BD3", "band", "ALGIERS", Box_::Operations);
    put(&mut s, "PO2", "police", "ALGIERS", Box_::Operations);
    s.units.get_mut("PO2").unwrap().at = Box_::Patrol;
    // Die 6 + 1 extra raider - 1 Patrol = 6: "3@": 6 AP in Algiers, PO2 neutralized.
    let ap = s.ap;
    fln_missions::run(
        &mut s,
        &d,
        &Mission::Raid { area: "ALGIERS".into(), with: vec!["BD2".into(), "BD3".into()] },
        &mut Given::new(&[6]),
        &mut Log::default(),
    )
    .unwrap();
    assert!(s.units["PO2"].neutralized && s.terror("ALGIERS"));
    assert_eq!(s.ap, ap - 1 + 6);
    put(&mut s, "CA1", "cadre", "IV-2", Box_::Underground);
    let mut log = Log::default();
    umpire::games::algeria::deploy::fln(&mut s, &d, &["DEPLOY CA1 FRANCE".to_string()], &mut log);
    assert_eq!(s.units["CA1"].area, "IV-2", "no Front in IV-2");
    put(&mut s, "FT1", "front", "IV-2", Box_::Underground);
    umpire::games::algeria::deploy::fln(&mut s, &d, &["DEPLOY CA1 FRANCE".to_string()], &mut log);
    assert_eq!(s.units["CA1"].area, "FRANCE");
}

/// The other events of C.2: Jealousy, Elections, Amnesty, Sartre.
#[test]
fn events_jealousy_elections_amnesty_and_sartre() {
    let d = data();
    let mut s = empty();
    // d66 34: Jealousy: no Move across a wilaya border this turn; abroad is fine.
    events::random_events(&mut s, &d, &mut Given::new(&[3, 4]), &mut Log::default());
    put(&mut s, "BD1", "band", "I-1", Box_::Operations);
    let e = fln_missions::run(
        &mut s,
        &d,
        &Mission::Move { unit: "BD1".into(), to: "II-1".into() },
        &mut Given::new(&[]),
        &mut Log::default(),
    );
    assert!(e.unwrap_err().contains("Jealousy"));
    // d66 41: Elections: the Coup Table's PSP only (5+5 = 10: -3d6), no unit leaves.
    put(&mut s, "EL1", "elite", "IV-1", Box_::Operations);
    let g = s.government_psl;
    events::random_events(&mut s, &d, &mut Given::new(&[4, 1, 5, 5, 1, 1, 1]), &mut Log::default());
    assert_eq!(s.government_psl, g - 3);
    assert!(s.units.contains_key("EL1") && s.disbanded.is_empty());
    assert!(!s.effects.contains("jealousy"), "an event lasts its turn");
    // d66 63: Amnesty: +1 to Civil Affairs (die 1 + 1 = 2: "1").
    events::random_events(&mut s, &d, &mut Given::new(&[6, 3]), &mut Log::default());
    put(&mut s, "PO1", "police", "IV-1", Box_::Patrol);
    let f = s.fln_psl;
    gov_missions::run(
        &mut s,
        &d,
        &Mission::CivilAffairs { area: "IV-1".into() },
        &mut Given::new(&[1]),
        &mut Log::default(),
    )
    .unwrap();
    assert_eq!(s.fln_psl, f - 1);
    // d66 65: Sartre: -1.
    let g = s.government_psl;
    events::random_events(&mut s, &d, &mut Given::new(&[6, 5]), &mut Log::default());
    assert_eq!(s.government_psl, g - 1);
}

/// R22: 13.3, a lead of 26 or more at two checks running ends the game.
#[test]
fn r22_the_shorter_game_ends_on_a_lead_held_two_checks() {
    let d = data();
    let mut s = empty();
    s.options.shorter = true;
    put(&mut s, "CA1", "cadre", "IV-1", Box_::Underground);
    s.plans_government.script = Some(Vec::new());
    s.plans_fln.script = Some(Vec::new());
    s.turn = 6;
    s.fln_psl = 80;
    s.government_psl = 50;
    ops::end_of_turn(&mut s, &d, &mut Given::new(&[6; 80]), &mut Log::default());
    assert_eq!(s.leader, Some(Side::Fln));
    assert!(s.over.is_none());
    s.turn = 12;
    s.ops.passes = 2;
    ops::end_of_turn(&mut s, &d, &mut Given::new(&[6; 80]), &mut Log::default());
    let over = s.over.clone().unwrap_or_default();
    assert!(over.contains("13.3: the FLN wins a Substantial victory"), "{over}");
}

/// 9.22: contact DRMs (+1 Evasion higher, +1 Remote, +1 Terror, -1 Urban); several
/// units act together only if all are elite or a division is there; airmobile units
/// come from afar only then (11.12).
#[test]
fn flush_contact_drms_and_who_may_act_together() {
    let d = data();
    let mut s = empty();
    put(&mut s, "BR1", "brigade", "V-1", Box_::Operations);
    put(&mut s, "AL1", "algerian", "V-1", Box_::Operations);
    put(&mut s, "CA1", "cadre", "V-1", Box_::Operations);
    s.areas.get_mut("V-1").unwrap().terror = true;
    let flush = |with: &[&str]| Mission::Flush {
        area: "V-1".into(),
        with: with.iter().map(|x| x.to_string()).collect(),
        air: 0,
        helo: Vec::new(),
    };
    let e = gov_missions::run(&mut s, &d, &flush(&["BR1", "AL1"]), &mut Given::new(&[]), &mut Log::default())
        .unwrap_err();
    assert!(e.contains("only if all are elite or a division is there"), "{e}");
    // One brigade, Contact 1; CA1's Evasion 4 is higher (+1), V-1 Remote (+1), Terror (+1).
    let mut log = Log::default();
    gov_missions::run(&mut s, &d, &flush(&["BR1"]), &mut Given::new(&[1]), &mut log).unwrap();
    assert!(log_text(&log).contains("CA1: 1+3 against 1: not contacted"), "{}", log_text(&log));
    assert_eq!(s.units["BR1"].at, Box_::Completed);
    // In Algiers (-1 Urban) with a division there, two units may flush together.
    put(&mut s, "XX2", "division", "ALGIERS", Box_::Completed);
    put(&mut s, "BR2", "brigade", "ALGIERS", Box_::Operations);
    put(&mut s, "AL2", "algerian", "ALGIERS", Box_::Patrol);
    put(&mut s, "BD1", "band", "ALGIERS", Box_::Completed);
    let mut log = Log::default();
    let m = Mission::Flush {
        area: "ALGIERS".into(),
        with: vec!["BR2".into(), "AL2".into()],
        air: 0,
        helo: Vec::new(),
    };
    // BD1's Evasion 3 is higher than 2 (+1), Algiers is Urban (-1).
    gov_missions::run(&mut s, &d, &m, &mut Given::new(&[2, 1, 1]), &mut log).unwrap();
    assert!(log_text(&log).contains("BD1: 2+0 against 2: contacted"), "{}", log_text(&log));
    // An airmobile elite from afar joins where a division is; a brigade alone may not.
    put(&mut s, "EL1", "elite", "ORAN", Box_::Operations);
    s.units.get_mut("EL1").unwrap().helo = true;
    assert!(board::check_team(&s, &d, "ALGIERS", &["EL1".to_string()]).is_ok());
    put(&mut s, "BR3", "brigade", "ORAN", Box_::Operations);
    s.units.get_mut("BR3").unwrap().helo = true;
    assert!(
        board::check_team(&s, &d, "V-1", &["BR3".to_string()]).is_err(),
        "no division in V-1 and BR3 is not elite"
    );
}

/// Tn-EVENT: a chooser whose UN or PURGE order says ASK is asked by mail; the answer
/// (or, with none, the default) is carried out.
#[test]
fn event_choices_asked_by_mail() {
    let d = data();
    let mut s = empty();
    put(&mut s, "BD1", "band", "V-1", Box_::Underground);
    put(&mut s, "CA1", "cadre", "IV-1", Box_::Underground);
    s.plans_government.standing.insert("PURGE".into(), vec!["PURGE ASK".into()]);
    events::random_events(&mut s, &d, &mut Given::new(&[4, 6]), &mut Log::default());
    let q = s.event_question.clone().unwrap();
    assert_eq!((q.event.as_str(), q.chooser), ("purge", Side::Government));
    assert_eq!(ops::after_events(&s), umpire::games::algeria::state::Stage::Event);
    events::answer(&mut s, &d, "iv", &mut Given::new(&[6]), &mut Log::default());
    assert!(s.units["CA1"].neutralized && !s.units["BD1"].neutralized);
    assert!(s.event_question.is_none());
    s.fln_psl = 70;
    s.plans_fln.standing.insert("UN".into(), vec!["UN ASK".into()]);
    events::random_events(&mut s, &d, &mut Given::new(&[4, 3]), &mut Log::default());
    assert_eq!(s.event_question.as_ref().map(|q| q.chooser), Some(Side::Fln));
    let g = s.government_psl;
    events::answer(&mut s, &d, "nonsense", &mut Given::new(&[4]), &mut Log::default());
    assert_eq!(s.government_psl, g - 4, "no answer: the FLN's default, LOWER");
}

/// B.2: a coup's free mobilization buys Points at once, by COUP BUY (default Air);
/// COUP REMOVE names the elite units disbanded first.
#[test]
fn a_coup_buys_points_and_disbands_the_named_elites() {
    let d = data();
    let mut s = empty();
    put(&mut s, "EL1", "elite", "IV-1", Box_::Operations);
    put(&mut s, "EL2", "elite", "IV-1", Box_::Operations);
    s.plans_government.standing.insert("COUP REMOVE".into(), vec!["COUP REMOVE EL2".into()]);
    // 2d6 = 2: wild success, +3d6 (1+1+1) and 2d6 (3+3 = 6 PSP) free: three Air Points.
    let log = interphase::coup(&mut s, &d, &mut Given::new(&[1, 1, 1, 1, 1, 3, 3]), false, true);
    assert_eq!((s.air_max, s.air), (3, 3), "{log:?}");
    s.plans_government.standing.insert("COUP BUY".into(), vec!["COUP BUY NAVAL".into()]);
    interphase::coup(&mut s, &d, &mut Given::new(&[1, 1, 1, 1, 1, 3, 3]), false, true);
    assert_eq!(s.naval, 2, "6 PSP buy two Naval Points at 3 each");
    // 10: abject failure, -3d6 and 1d6 (1) elite units: EL2, as named.
    interphase::coup(&mut s, &d, &mut Given::new(&[5, 5, 1, 1, 1, 1]), false, true);
    assert!(s.disbanded.contains("EL2") && s.units.contains_key("EL1"));
}

/// The order examples the issue and the README show are read for their side.
#[test]
fn the_shown_order_examples_are_read() {
    use umpire::games::algeria::orders::parse_line;
    let d = data();
    let fln = [
        "CONVERT CA7 FRONT",
        "BUILD BAND IV-1",
        "DEPLOY ALGIERS ALL",
        "DEPLOY IV-1 BD3 BD4",
        "STRIKE ALGIERS BY FT2 WITH CA4 CA5 PSP SUBTRACT",
        "IF PATROL IV-1 0 RAID IV-1 WITH BD3 BD4",
        "MOVE BD9 TUNISIA I-4",
        "GOV",
        "PASS",
        "WAIT",
        "HARASS XX4 WITH FK1 BD2",
        "PROPAGANDA Sidi Bel Abbes BY CA3 PSP SPLIT 2",
        "DEPLOY CA3 FRANCE",
        "LOSSES BAND CADRE",
        "UN ASK",
    ];
    let gov = [
        "MOBILIZE ELITE ALGIERS",
        "ACTIVATE ALL EXCEPT XX13",
        "MOVE XX4 IV-1",
        "MODE XX4 DISPERSED",
        "IF IV-1 HAS 2 VISIBLE FLUSH IV-1 WITH XX4 BR1 AIR 1",
        "REACT STRIKE WITH ALL",
        "REACT ANY IN IV-1 IF FP 3 WITH BEST HELO EL5",
        "REACT MOVE ASK",
        "CIVIL AFFAIRS Medea",
        "SUPPRESSION IV-1 WITH EL1 EL2",
        "RESETTLE IV-2",
        "MOBILIZE NAVAL 2",
        "ACTIVATE XX2 BR1 BORDER",
        "COUP BUY HELO AIR",
        "PURGE ASK",
        "OAS REMOVE",
    ];
    for (side, lines) in [(Side::Fln, &fln[..]), (Side::Government, &gov[..])] {
        for line in lines {
            let read = parse_line(&d, side, line).unwrap_or_else(|e| panic!("{line}: {e}"));
            let again =
                parse_line(&d, side, &read.text).unwrap_or_else(|e| panic!("echo {}: {e}", read.text));
            assert_eq!(again.text, read.text, "{line}");
        }
    }
    assert!(
        parse_line(&d, Side::Fln, "MOBILIZE ELITE ALGIERS").is_err(),
        "a Government order refused for the FLN"
    );
}
