//! Algeria's revision 3: five rules read as their text says, each beside the passage
//! and against revision 2, which read them otherwise (campaigns pinned to it resolve
//! as they did). The coup's free mobilization of units and the Flush's airmobilization
//! are new forms that the earlier build refused.

use umpire::games::algeria::board::Log;
use umpire::games::algeria::combat::{self, Engagement};
use umpire::games::algeria::data::Side;
use umpire::games::algeria::dice::Given;
use umpire::games::algeria::fln_missions::{self, Done};
use umpire::games::algeria::orders::{self, Mission, Order};
use umpire::games::algeria::state::{Box_, Options, State};
use umpire::games::algeria::{gov_missions, interphase, react, reinforce, standing};

mod algeria_support;

use algeria_support::{data, put};

/// A bare 1954 state at `revision`, with no units.
fn empty(revision: u32) -> State {
    let mut s = algeria_support::start(Options { scenario: "1954".into(), revision, ..Options::default() });
    s.units.clear();
    s
}

fn stand(s: &mut State, side: Side, category: &str, line: &str) {
    s.plans_mut(side).standing.insert(category.into(), vec![line.into()]);
}

/// 9.13: "If the unit is not eliminated by the roll on the Table, it is placed in the
/// OC box of the area moved to." Abroad too: it may not Move again this phase.
#[test]
fn a_move_into_tunisia_ends_in_oc() {
    let d = data();
    for (revision, at) in [(2, Box_::Operations), (3, Box_::Completed)] {
        let mut s = empty(revision);
        s.independent = true;
        put(&mut s, "BD1", "band", "II-3", Box_::Operations);
        let m = Mission::Move { unit: "BD1".into(), to: "TUNISIA".into() };
        // MST die 3: "1", not eliminated.
        fln_missions::run(&mut s, &d, &m, &mut Given::new(&[3]), &mut Log::default()).unwrap();
        assert_eq!((s.units["BD1"].area.as_str(), s.units["BD1"].at), ("TUNISIA", at), "revision {revision}");
        let again = Mission::Move { unit: "BD1".into(), to: "II-3".into() };
        let second = fln_missions::check(&s, &d, &again);
        assert_eq!(second.is_ok(), revision == 2, "revision {revision}: a second Move {second:?}");
    }
}

/// B.2: "mobilize 2d6 PSP of units for free": the free mobilization may place units
/// (as 6.31 does), not only buy Points. `COUP BUY ELITE ALGIERS AIR`: an elite brigade
/// in Algiers first, then Air Points with what is left.
#[test]
fn a_coup_may_mobilize_units_for_free() {
    let d = data();
    let words = ["BUY", "ELITE", "ALGIERS", "AIR"];
    assert!(standing::check(&d, Side::Government, "COUP", &words).is_ok(), "the form is read");
    assert!(
        standing::check(&d, Side::Government, "COUP", &["BUY", "ELITE", "TUNISIA"]).is_err(),
        "in Algeria only"
    );
    let mut s = empty(3);
    stand(&mut s, Side::Government, "COUP BUY", "COUP BUY ELITE ALGIERS AIR");
    let air = s.air_max;
    // 2d6 = 1+1: wild success; +3d6 PSP (1, 1, 1); 2d6 = 6+6 PSP of free mobilization.
    let lines = interphase::coup(&mut s, &d, &mut Given::new(&[1, 1, 1, 1, 1, 6, 6]), false, true);
    let elite = s.units.values().find(|u| u.kind == "elite").unwrap_or_else(|| panic!("no elite: {lines:?}"));
    assert_eq!((elite.area.as_str(), elite.at), ("ALGIERS", Box_::Operations), "{lines:?}");
    // What the elite did not use buys Air Points, at the Points' cost (half PSP).
    let elite_cost = d.kind("elite").unwrap().mobilize;
    let expected_air = (12 * 2 - elite_cost) / d.points.air;
    assert_eq!(s.air_max - air, expected_air, "{lines:?}");
}

/// 6.33 / 11.21: "the Border Zone must also be activated each turn in order to have
/// any effect", the turn a step is bought included.
#[test]
fn the_border_zone_is_activated_in_the_turn_a_step_is_bought() {
    let d = data();
    for revision in [2, 3] {
        for (activate, active_at_3) in [(None, true), (Some("ACTIVATE NONE"), false)] {
            let mut s = empty(revision);
            s.independent = true;
            s.border_zone = Some(0);
            s.government_psl = 50;
            let mut lines = vec!["MOBILIZE BORDER".to_string()];
            lines.extend(activate.map(String::from));
            let mut log = Log::default();
            reinforce::reinforce_government(&mut s, &d, Some(&lines), &mut Given::new(&[]), &mut log);
            assert_eq!(s.border_zone, Some(-1));
            let paid = 50 - s.government_psl;
            if revision == 2 {
                assert!(s.border_active, "revision 2: active with the step");
                assert_eq!(paid, d.points.border_zone.div_ceil(2));
            } else {
                assert_eq!(s.border_active, active_at_3, "{activate:?}");
                let half = d.points.border_zone + if active_at_3 { d.points.border_zone_activate } else { 0 };
                assert_eq!(paid, half.div_ceil(2), "{activate:?}");
            }
        }
    }
}

/// C.5: "DRM: +1 elite unit or PSL >= 70 / -1 PSL <= 30", added up: an elite unit at
/// PSL 30 or less gets 0 (ruling R13 gave it +1).
#[test]
fn recovery_drms_add_up() {
    for (elite, psl, at_2, at_3) in [
        (true, 30, 1, 0),
        (true, 20, 1, 0),
        (false, 30, -1, -1),
        (true, 70, 1, 1),
        (false, 75, 1, 1),
        (true, 50, 1, 1),
        (false, 50, 0, 0),
    ] {
        assert_eq!(interphase::recovery_drm(elite, psl, 2), at_2, "{elite} {psl} at revision 2");
        assert_eq!(interphase::recovery_drm(elite, psl, 3), at_3, "{elite} {psl} at revision 3");
    }
}

/// C.6: "-1 OR +1 for each 'hit' inflicted on Government mobile units ... (FLN player's
/// choice)": a standing `PSP SPLIT 1` shares the hits as it shares Propaganda's PSP.
#[test]
fn a_standing_split_shares_combat_hits() {
    let d = data();
    for revision in [2, 3] {
        let mut s = empty(revision);
        stand(&mut s, Side::Fln, "PSP", "PSP SPLIT 1");
        let c = fln_missions::choices(&s);
        assert_eq!(c.hits_split, (revision == 3).then_some(1));
        put(&mut s, "EL1", "elite", "IV-1", Box_::Operations);
        put(&mut s, "BD2", "band", "IV-1", Box_::Operations);
        put(&mut s, "BD4", "band", "IV-1", Box_::Operations);
        let (gov, fln) = (s.government_psl, s.fln_psl);
        let e = Engagement {
            area: "IV-1".into(),
            fln: vec!["BD2".into(), "BD4".into()],
            government: vec!["EL1".into()],
            government_half: true,
            ..Default::default()
        };
        // FLN die 6: 2 hits on the Government.
        let out = combat::fight(&mut s, &d, &e, &c, &mut Given::new(&[6, 1]));
        assert_eq!(out.hits_on_government, 2, "{:?}", out.lines);
        let on_hits: Vec<&String> =
            out.lines.iter().filter(|l| l.contains("a hit on a Government unit")).collect();
        let to_fln = on_hits.iter().filter(|l| l.starts_with("FLN")).count();
        assert_eq!(to_fln, if revision == 3 { 1 } else { 0 }, "{on_hits:?}");
        assert_eq!(on_hits.len() - to_fln, if revision == 3 { 1 } else { 2 });
        assert_eq!(s.government_psl as i32 - gov as i32, -((on_hits.len() - to_fln) as i32));
        assert!(s.fln_psl as i32 - fln as i32 >= to_fln as i32 - 2, "FLN losses come from the hits it took");
    }
}

/// 11.12: Helo Points "can be 'attached' to the unit at any time during the turn": a
/// Flush in the Operations Phase may airmobilize (`FLUSH ORAN WITH EL1 HELO EL1`).
#[test]
fn a_flush_may_airmobilize() {
    let d = data();
    let line = "FLUSH ORAN WITH EL1 HELO EL1";
    let read = orders::parse_line(&d, Side::Government, line).unwrap();
    let Order::Mission(m) = read.order else { panic!("not a mission") };
    assert!(
        orders::parse_line(&d, Side::Government, "FLUSH ORAN WITH EL1 HELO EL2").is_err(),
        "HELO names WITH units"
    );
    let mut s = empty(3);
    s.helo = 4;
    put(&mut s, "EL1", "elite", "ALGIERS", Box_::Operations);
    put(&mut s, "BD1", "band", "ORAN", Box_::Operations);
    let plain = Mission::Flush { area: "ORAN".into(), with: vec!["EL1".into()], air: 0, helo: Vec::new() };
    assert!(gov_missions::check(&s, &d, &plain).is_err(), "from Algiers it needs the helicopters");
    gov_missions::check(&s, &d, &m).unwrap();
    gov_missions::run(&mut s, &d, &m, &mut Given::new(&[]), &mut Log::default()).unwrap();
    assert_eq!(s.units["EL1"].area, "ORAN");
    assert!(s.units["EL1"].helo);
    assert_eq!(s.helo, 4 - d.kind("elite").unwrap().helo.unwrap());
    // Without the Points, the check says so.
    let mut s = empty(3);
    s.helo = 0;
    put(&mut s, "EL1", "elite", "ALGIERS", Box_::Operations);
    let e = gov_missions::check(&s, &d, &m).unwrap_err();
    assert!(e.contains("Helo Point"), "{e}");
}

/// 11.12 again: a React question offers every elite that could be airmobilized to
/// react, and the answer `REACT WITH EL2 HELO EL2` is read and carried out.
#[test]
fn a_react_question_offers_airmobile_elites() {
    let d = data();
    for revision in [2, 3] {
        let mut s = empty(revision);
        s.helo = 4;
        put(&mut s, "EL2", "elite", "ALGIERS", Box_::Operations);
        put(&mut s, "BD1", "band", "ORAN", Box_::Operations);
        let done = Done { area: "ORAN".into(), units: vec!["BD1".into()], strike: false, reactable: true };
        let answers = react::answers(&s, &d, &done);
        let offered = answers.iter().any(|a| a == "REACT WITH EL2 HELO EL2");
        assert_eq!(offered, revision == 3, "revision {revision}: {answers:?}");
        if revision == 3 {
            let decision = react::read_answer(&s, &d, &done, "REACT WITH EL2 HELO EL2");
            react::carry_out(&mut s, &d, &done, &decision, &mut Given::new(&[6]), &mut Log::default());
            assert_eq!(s.units["EL2"].area, "ORAN", "{decision:?}");
            assert!(s.units["EL2"].helo);
        }
    }
}

// ---- Readings the rules leave open, pinned as rulings (games/algeria/RULINGS.md) ----

/// R27 (9.13, C.6): a Failek lost on a Move's `+` is scored as a reduction (Government
/// +2, FLN -1) and then the Band's elimination (FLN -1 by the default KILLS SUBTRACT).
#[test]
fn r27_a_failek_lost_on_a_move_is_reduced_then_eliminated() {
    let d = data();
    let mut s = empty(3);
    put(&mut s, "FK1", "failek", "I-1", Box_::Operations);
    let (gov, fln) = (s.government_psl, s.fln_psl);
    let m = Mission::Move { unit: "FK1".into(), to: "I-2".into() };
    // MST die 1: "1+", the unit is lost.
    let mut log = Log::default();
    fln_missions::run(&mut s, &d, &m, &mut Given::new(&[1]), &mut log).unwrap();
    assert!(s.units.values().all(|u| u.kind != "failek" && u.kind != "band"), "{:?}", log.lines);
    assert_eq!((s.government_psl, s.fln_psl), (gov + 2, fln - 2), "{:?}", log.lines);
}

/// R28 (9.26): only elites in the OPS or PTL box of the area assist a Suppression
/// (none comes from elsewhere), and they go to OC after it.
#[test]
fn r28_suppressions_elites_are_in_the_area_and_go_to_oc() {
    let d = data();
    let mut s = empty(3);
    s.government_psl = 60;
    put(&mut s, "PO1", "police", "ALGIERS", Box_::Patrol);
    put(&mut s, "EL1", "elite", "ALGIERS", Box_::Patrol);
    put(&mut s, "EL2", "elite", "ORAN", Box_::Operations);
    let from_afar = Mission::Suppression { area: "ALGIERS".into(), with: vec!["EL2".into()] };
    assert!(gov_missions::check(&s, &d, &from_afar).is_err(), "an elite from Oran does not assist");
    let here = Mission::Suppression { area: "ALGIERS".into(), with: vec!["EL1".into()] };
    gov_missions::run(&mut s, &d, &here, &mut Given::new(&[3, 3, 3]), &mut Log::default()).unwrap();
    assert_eq!(s.units["EL1"].at, Box_::Completed, "the assisting elite goes to OC, from PTL too");
    assert_eq!(s.units["PO1"].at, Box_::Patrol, "the Police stay in PTL");
}

/// R29 (9.15): a Harassed Government unit stays in its box; the Harassing units that
/// survive go to OC, a Failek reduced to a Band in the fight too (revision 3: before,
/// the Band on its new counter stayed in OPS and could act again, as after a Flush or
/// a React).
#[test]
fn r29_a_harassed_unit_stays_in_its_box() {
    let d = data();
    for dice in [[1u32, 1, 1, 1, 1, 1, 1, 1], [6, 6, 6, 6, 6, 6, 6, 6], [3, 4, 3, 4, 3, 4, 3, 4]] {
        let mut s = empty(3);
        s.ap = 10;
        put(&mut s, "BR1", "brigade", "I-1", Box_::Patrol);
        put(&mut s, "FK1", "failek", "I-1", Box_::Operations);
        let m = Mission::Harass { target: "BR1".into(), with: vec!["FK1".into()] };
        let mut log = Log::default();
        fln_missions::run(&mut s, &d, &m, &mut Given::new(&dice), &mut log).unwrap();
        assert_eq!(s.units["BR1"].at, Box_::Patrol, "dice {dice:?}: {:?}", log.lines);
        for u in s.units.values().filter(|u| u.kind == "failek" || u.kind == "band") {
            assert_eq!(u.at, Box_::Completed, "dice {dice:?}: {} after the Harass", u.id);
        }
    }
}

/// R30 (7, 11.22): a Cadre sent to France, or back to an area with a Front, ends in
/// that area's OPS box.
#[test]
fn r30_the_cadre_to_and_from_france_ends_in_ops() {
    use umpire::games::algeria::deploy;
    let d = data();
    let mut s = empty(3);
    put(&mut s, "FT1", "front", "I-1", Box_::Underground);
    put(&mut s, "CA1", "cadre", "I-1", Box_::Underground);
    deploy::fln(&mut s, &d, &["DEPLOY CA1 FRANCE".to_string()], &mut Log::default());
    assert_eq!((s.units["CA1"].area.as_str(), s.units["CA1"].at), ("FRANCE", Box_::Operations));
    deploy::fln(&mut s, &d, &["DEPLOY CA1 I-1".to_string()], &mut Log::default());
    assert_eq!((s.units["CA1"].area.as_str(), s.units["CA1"].at), ("I-1", Box_::Operations));
}

/// R26 (11.3): the OAS check is made once, at the start of the Government's part of
/// the Reinforcement Phase. Spending that takes the PSL to 30 or less in that phase
/// brings the OAS only at the next Reinforcement Phase.
#[test]
fn r26_the_oas_comes_at_the_next_reinforcement_after_spending_to_30() {
    let d = data();
    let mut s = empty(3);
    s.government_psl = 32;
    let lines = vec!["MOBILIZE ELITE ALGIERS".to_string(), "ACTIVATE NONE".to_string()];
    let mut log = Log::default();
    reinforce::reinforce_government(&mut s, &d, Some(&lines), &mut Given::new(&[1, 1, 1]), &mut log);
    assert!(s.government_psl <= 30, "the elite cost enough: PSL {}", s.government_psl);
    assert!(s.oas.is_none(), "not in the phase that spent it: {:?}", log.lines);
    s.turn += 1;
    let none = vec!["ACTIVATE NONE".to_string()];
    reinforce::reinforce_government(&mut s, &d, Some(&none), &mut Given::new(&[1, 1, 1]), &mut log);
    assert!(s.oas.is_some(), "at the next Reinforcement Phase: {:?}", log.lines);
}

/// R32 (C.2 63-64): Amnesty's +1 goes to the Government's own Civil Affairs and
/// Suppression; the OAS's free Suppression (11.3) rolls with no DRM.
#[test]
fn r32_amnesty_does_not_help_the_oas() {
    use umpire::games::algeria::ops;
    use umpire::games::algeria::state::Oas;
    let d = data();
    let mut s = empty(3);
    s.effects.insert("amnesty".into());
    s.oas = Some(Oas { controller: Side::Government, at: Some("ALGIERS".into()) });
    let mut log = Log::default();
    ops::run(&mut s, &d, &mut Given::new(&[3]), &mut log);
    let said: Vec<&str> = log.lines.iter().map(|(_, l)| l.as_str()).collect();
    assert!(said.iter().any(|l| l.starts_with("11.3 OAS Suppression in ALGIERS: die 3+0")), "{said:?}");
    // The Government's own Suppression gets the +1.
    let mut s = empty(3);
    s.government_psl = 60;
    s.effects.insert("amnesty".into());
    put(&mut s, "PO1", "police", "ORAN", Box_::Patrol);
    let m = Mission::Suppression { area: "ORAN".into(), with: Vec::new() };
    let mut log = Log::default();
    gov_missions::run(&mut s, &d, &m, &mut Given::new(&[3]), &mut log).unwrap();
    let said: Vec<&str> = log.lines.iter().map(|(_, l)| l.as_str()).collect();
    assert!(said.iter().any(|l| l.starts_with("9.26 Suppression in ORAN: die 3+1")), "{said:?}");
}
