//! Guerilla Warfare II, rule by rule, in process through the system's `System` impl.

use std::collections::BTreeMap;

use umpire::engine::{Audience, Dice, Event, Setup, System, Viewer};
use umpire::games::guerilla_warfare::fractions::Size;
use umpire::games::guerilla_warfare::state::{Fraction, Kind, UnitRec};
use umpire::games::guerilla_warfare::{GuerillaWarfare, State};

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

fn game() -> GuerillaWarfare {
    GuerillaWarfare::new().expect("the embedded board loads")
}

fn start_with(g: &GuerillaWarfare, options: &[(&str, &str)]) -> State {
    let players: Vec<String> = POWERS.iter().map(|p| p.to_string()).collect();
    let options: BTreeMap<String, String> =
        options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    g.setup(&Setup { campaign: "t", players: &players, scenario: None, options: &options }).expect("setup")
}

fn start(g: &GuerillaWarfare) -> State {
    start_with(g, &[])
}

/// Resolves the open phase with these orders (every body must parse).
fn step(g: &GuerillaWarfare, s: &State, orders: &[(&str, &str)]) -> (State, Vec<Event>) {
    let mut parsed = BTreeMap::new();
    for (p, body) in orders {
        let o = g.parse(s, p, body).unwrap_or_else(|e| panic!("{p}'s orders refused: {e:?}\n{body}"));
        parsed.insert(p.to_string(), o);
    }
    let mut dice = Dice::new(&[1; 32], &[2; 32]);
    let r = g.resolve(s, &parsed, &mut dice).expect("resolves");
    (r.state, r.events)
}

fn refused(g: &GuerillaWarfare, s: &State, power: &str, body: &str) -> String {
    match g.parse(s, power, body) {
        Ok(_) => panic!("{power}: '{body}' was accepted"),
        Err(e) => e.iter().map(|x| x.reason.clone()).collect::<Vec<_>>().join(" | "),
    }
}

fn accepted(g: &GuerillaWarfare, s: &State, power: &str, body: &str) {
    if let Err(e) = g.parse(s, power, body) {
        panic!("{power}: '{body}' refused: {e:?}");
    }
}

fn public(events: &[Event]) -> String {
    events
        .iter()
        .filter(|e| e.audience == Audience::Public)
        .map(|e| e.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn seen_by(events: &[Event], power: &str) -> String {
    let v = Viewer::Player(power.into());
    events.iter().filter(|e| e.audience.admits(&v)).map(|e| e.text.clone()).collect::<Vec<_>>().join("\n")
}

fn unit(s: &State, at: &str) -> Option<(String, Kind)> {
    s.units.iter().find(|u| u.at == at).map(|u| (u.power.clone(), u.kind))
}

fn set_units(s: &mut State, units: &[(&str, &str, &str)]) {
    s.units = units
        .iter()
        .map(|(p, k, at)| UnitRec {
            power: p.to_string(),
            kind: if *k == "A" { Kind::Army } else { Kind::Fleet },
            at: at.to_string(),
        })
        .collect();
}

fn add_fraction(s: &mut State, power: &str, kind: Kind, size: &str, at: &str, aboard: bool) {
    let id = s.next_fraction;
    s.next_fraction += 1;
    s.fractions.push(Fraction {
        id,
        power: power.into(),
        kind,
        size: Size::parse(size).unwrap(),
        at: at.into(),
        aboard,
    });
}

fn fractions_of(s: &State, power: &str) -> Vec<String> {
    let mut v: Vec<String> = s
        .fractions
        .iter()
        .filter(|f| f.power == power)
        .map(|f| {
            format!("{} {} {}{}", f.size.show(), f.kind.letter(), f.at, if f.aboard { " aboard" } else { "" })
        })
        .collect();
    v.sort();
    v
}

fn month(s: &mut State, year: u16, month: u8) {
    s.date.year = year;
    s.date.month = month;
}

// ---- Rule 1: the board and the start ----

#[test]
fn rule1_four_units_each_russia_five_and_budapest_in_tyrolia() {
    let g = game();
    let s = start(&g);
    for p in POWERS {
        let n = s.units.iter().filter(|u| u.power == p).count();
        assert_eq!(n, if p == "russia" { 5 } else { 4 }, "{p}");
    }
    assert_eq!(unit(&s, "tyr"), Some(("austria".into(), Kind::Army)));
    assert_eq!(unit(&s, "bud"), None);
    assert_eq!(s.owners.get("bud").map(String::as_str), Some("austria"));
    assert_eq!(g.map.centres().count(), 46);
    assert_eq!(s.owners.len(), 29);
    assert_eq!(g.phase(&s).id, "JUL1914M");
    assert_eq!(g.phase(&s).due.len(), 7);
    // The players must be the seven powers.
    let players: Vec<String> = vec!["alice".into(), "bob".into()];
    let err = g
        .setup(&Setup { campaign: "t", players: &players, scenario: None, options: &BTreeMap::new() })
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("seven powers"), "{err}");
}

// ---- Rule 2: the calendar ----

#[test]
fn rule2_monthly_moves_builds_in_sep_dec_mar_jun_and_the_end_after_december_1918() {
    let g = game();
    let mut s = start(&g);
    // Germany takes Holland in July; then Germany has a build in September.
    let (s1, _) = step(&g, &s, &[("germany", "A mun - ruh\nF kie - hol")]);
    assert_eq!(g.phase(&s1).id, "AUG1914M");
    let (s2, ev) = step(&g, &s1, &[]);
    assert!(public(&ev).contains("Supply centres after August 1914"), "{}", public(&ev));
    assert_eq!(s2.owners.get("hol").map(String::as_str), Some("germany"));
    let p = g.phase(&s2);
    assert_eq!(p.id, "SEP1914A");
    assert_eq!(p.due, vec!["germany".to_string()]);
    let (s3, ev) = step(&g, &s2, &[("germany", "build A kie")]);
    assert!(public(&ev).contains("Germany builds A kie"), "{}", public(&ev));
    assert_eq!(g.phase(&s3).id, "SEP1914M");
    // With nobody to adjust, adjustment phases pass by themselves; the game ends after
    // the November 1918 moves and the December 1918 adjustments.
    s = s3;
    let mut moves = 1; // July
    moves += 1; // August
    let mut ids = Vec::new();
    while g.phase(&s).game_over.is_none() {
        ids.push(g.phase(&s).id);
        let (n, _) = step(&g, &s, &[]);
        s = n;
        moves += 1;
    }
    assert_eq!(ids.last().map(String::as_str), Some("NOV1918M"));
    assert_eq!(moves, 53, "July 1914 to November 1918 is 53 monthly moves");
    assert!(ids.iter().all(|i| i.ends_with('M')));
    let over = g.phase(&s).game_over.unwrap();
    assert!(over.contains("rule 3b"), "{over}");
    // Germany and Russia have five units each: they share it.
    assert!(over.contains("Germany and Russia"), "{over}");
}

// ---- Rule 3: victory ----

#[test]
fn rule3a_twenty_three_centres_at_an_adjustment_win() {
    let g = game();
    for (extra, wins) in [(2, true), (1, false)] {
        let mut s = start(&g);
        month(&mut s, 1915, 5);
        set_units(&mut s, &[("france", "A", "par"), ("austria", "A", "pec")]);
        let neutral: Vec<String> = g
            .map
            .centres()
            .map(|c| g.map.province(c).id.clone())
            .filter(|c| !s.owners.contains_key(c))
            .collect();
        assert_eq!(neutral.len(), 17);
        for c in neutral.iter().chain(["bud".to_string(), "vie".to_string()].iter().take(extra)) {
            s.owners.insert(c.clone(), "france".into());
        }
        // France: 4 homes + 17 neutral + `extra` Austrian.
        let (n, ev) = step(&g, &s, &[]);
        let over = g.phase(&n).game_over.unwrap_or_default();
        assert_eq!(
            over.contains("France wins with 23 supply centres (rule 3a)"),
            wins,
            "{over}\n{}",
            public(&ev)
        );
    }
}

#[test]
fn rule3c_a_unanimous_secret_vote_ends_the_game() {
    let g = game();
    let s = start(&g);
    let all: Vec<(&str, &str)> = POWERS.iter().map(|p| (*p, "DRAW")).collect();
    let (n, ev) = step(&g, &s, &all);
    let over = g.phase(&n).game_over.unwrap_or_default();
    assert!(
        over.contains("draw shared by Austria, England, France, Germany, Italy, Russia and Turkey"),
        "{over}"
    );
    assert!(public(&ev).contains("rule 3c"));
    // Six of seven: nothing happens, and the votes stay secret.
    let six: Vec<(&str, &str)> = POWERS.iter().skip(1).map(|p| (*p, "vote draw")).collect();
    let (n, ev) = step(&g, &s, &six);
    assert!(g.phase(&n).game_over.is_none());
    assert!(!public(&ev).to_lowercase().contains("draw"), "{}", public(&ev));
    assert!(seen_by(&ev, "england").contains("vote DRAW"));
    assert!(!seen_by(&ev, "austria").contains("vote DRAW"));
    // A concession.
    let all: Vec<(&str, &str)> = POWERS.iter().map(|p| (*p, "CONCEDE France")).collect();
    let (n, _) = step(&g, &s, &all);
    assert!(g.phase(&n).game_over.unwrap_or_default().contains("conceded to France"));
}

// ---- Rule 4: frozen regions ----

fn winter(g: &GuerillaWarfare) -> State {
    let mut s = start(g);
    month(&mut s, 1915, 1);
    set_units(
        &mut s,
        &[
            ("russia", "F", "bar"),
            ("russia", "A", "arc"),
            ("russia", "A", "fin"),
            ("england", "F", "nwg"),
            ("england", "F", "hbs"),
            ("england", "A", "cly"),
            ("germany", "A", "nwy"),
            ("germany", "F", "dms"),
        ],
    );
    s
}

#[test]
fn rule4_frozen_fleets_neither_move_nor_support_nor_are_attacked_by_fleets() {
    let g = game();
    let s = winter(&g);
    assert!(refused(&g, &s, "russia", "F bar - nwg").contains("frozen"));
    assert!(refused(&g, &s, "russia", "F bar S A arc").contains("frozen"));
    assert!(refused(&g, &s, "england", "F nwg - bar").contains("frozen"));
    assert!(refused(&g, &s, "england", "F nwg - lap").contains("frozen"));
    assert!(refused(&g, &s, "england", "F nwg S F bar").contains("frozen"));
    accepted(&g, &s, "russia", "F bar H");
    // In May the ice is gone.
    let mut may = s.clone();
    month(&mut may, 1915, 5);
    accepted(&g, &may, "russia", "F bar - nwg");
    accepted(&g, &may, "england", "F nwg - lap");
}

#[test]
fn rule4_armies_enter_ark_and_lap_only_when_empty_and_leave_freely() {
    let g = game();
    let s = winter(&g);
    // Lapland is empty: an army may enter.
    accepted(&g, &s, "germany", "A nwy - lap");
    // Archangel is occupied: no attack on it, nor support of one.
    assert!(refused(&g, &s, "russia", "A fin - arc").contains("only when it is empty"));
    // An army in Archangel may attack out of it.
    accepted(&g, &s, "russia", "A arc - fin");
    accepted(&g, &s, "russia", "A arc S A fin - lap");
}

#[test]
fn rule4_no_convoy_to_iceland_in_winter() {
    let g = game();
    let s = winter(&g);
    let body = "F nwg C A cly - ice";
    assert!(refused(&g, &s, "england", body).contains("Iceland"));
    assert!(
        refused(&g, &s, "england", "A cly - ice").contains("Iceland"),
        "{}",
        refused(&g, &s, "england", "A cly - ice")
    );
    let mut may = s.clone();
    month(&mut may, 1915, 5);
    accepted(&g, &may, "england", "A cly - ice\nF hbs C A cly - ice");
}

#[test]
fn rule4_russia_may_build_in_archangel_in_march_and_fleets_do_not_retreat_onto_ice() {
    let g = game();
    let mut s = start(&g);
    month(&mut s, 1915, 3);
    s.stage = umpire::games::guerilla_warfare::calendar::Stage::Adjustment;
    s.units.retain(|u| u.at != "arc");
    accepted(&g, &s, "russia", "build F arc");
    let (n, ev) = step(&g, &s, &[("russia", "build F arc")]);
    assert!(public(&ev).contains("Russia builds F arc"), "{}", public(&ev));
    assert_eq!(unit(&n, "arc"), Some(("russia".into(), Kind::Fleet)));
    // And the new fleet is frozen in.
    assert_eq!(g.phase(&n).id, "MAR1915M");
    assert!(refused(&g, &n, "russia", "F arc - bar").contains("frozen"));
}

#[test]
fn rule4_fractions_ignore_the_ice() {
    let g = game();
    let mut s = winter(&g);
    add_fraction(&mut s, "russia", Kind::Fleet, "1/3", "lap", false);
    let (n, _) = step(&g, &s, &[("russia", "1/3 F lap - bar")]);
    assert_eq!(fractions_of(&n, "russia"), vec!["1/3 F bar"]);
}

// ---- Rule 5: dispersal and fractional moves ----

#[test]
fn rule5_a_dispersal_is_reported_as_stands_and_its_parts_are_hidden() {
    let g = game();
    let s = start(&g);
    let body = "A(Tyr) disperses - 1/3 A(Boh), 1/3 A(Swa), 1/3 A (Zur).";
    let (n, ev) = step(&g, &s, &[("austria", body)]);
    let public = public(&ev);
    assert!(public.contains("Austria: A tyr stands"), "{public}");
    assert!(!public.contains("boh") && !public.contains("1/3"), "{public}");
    let mine = seen_by(&ev, "austria");
    assert!(mine.contains("A tyr disperses - 1/3 A boh, 1/3 A swa, 1/3 A zur"), "{mine}");
    assert!(!seen_by(&ev, "italy").contains("1/3"));
    assert_eq!(unit(&n, "tyr"), None);
    assert_eq!(fractions_of(&n, "austria"), vec!["1/3 A boh", "1/3 A swa", "1/3 A zur"]);
}

#[test]
fn rule5_parts_at_least_three_none_over_a_third_and_reachable() {
    let g = game();
    let s = start(&g);
    assert!(refused(&g, &s, "austria", "A tyr disperses - 1/2 A boh, 1/2 A swa").contains("at least three"));
    assert!(
        refused(&g, &s, "austria", "A tyr disperses - 1/2 A boh, 1/4 A swa, 1/4 A zur")
            .contains("more than 1/3")
    );
    assert!(
        refused(&g, &s, "austria", "A tyr disperses - 1/4 A boh, 1/4 A swa, 1/4 A zur")
            .contains("not one whole")
    );
    assert!(
        refused(&g, &s, "austria", "A tyr disperses - 1/3 A boh, 1/3 A swa, 1/3 A ber").contains("one move")
    );
    // Four quarters, or 1/3 + 1/3 + 1/6 + 1/6, are fine.
    accepted(&g, &s, "austria", "A tyr disperses - 1/4 A boh, 1/4 A swa, 1/4 A zur, 1/4 A mun");
    accepted(&g, &s, "austria", "A tyr disperses - 1/3 A boh, 1/3 A swa, 1/6 A zur, 1/6 A mun");
}

#[test]
fn rule5_at_most_two_dispersed_before_march_1915() {
    let g = game();
    let mut s = start(&g);
    let three = "A tyr disperses - 1/3 A boh, 1/3 A swa, 1/3 A zur\nA vie disperses - 1/3 A boh, 1/3 A gal, 1/3 A bud\nA pec disperses - 1/3 A bud, 1/3 A cro, 1/3 A ser";
    assert!(refused(&g, &s, "austria", three).contains("more than two"));
    let two = "A tyr disperses - 1/3 A boh, 1/3 A swa, 1/3 A zur\nA vie disperses - 1/3 A boh, 1/3 A gal, 1/3 A bud";
    let (n, _) = step(&g, &s, &[("austria", two)]);
    assert!(
        refused(&g, &n, "austria", "A pec disperses - 1/3 A bud, 1/3 A cro, 1/3 A ser")
            .contains("more than two")
    );
    // From March 1915 there is no limit.
    s = n;
    month(&mut s, 1915, 3);
    accepted(&g, &s, "austria", "A pec disperses - 1/3 A bud, 1/3 A cro, 1/3 A ser");
}

#[test]
fn rule5_a_dislodged_dispersing_unit_still_disperses_and_is_reported_in_the_retreats() {
    let g = game();
    let s = start(&g);
    let (n, ev) = step(
        &g,
        &s,
        &[
            ("austria", "A tyr disperses - 1/3 A boh, 1/3 A swa, 1/3 A zur"),
            ("italy", "A ven - tyr\nA rom - ven"),
            ("germany", "A mun S A ven - tyr"),
        ],
    );
    let p = public(&ev);
    assert!(p.contains("Austria: A tyr stands (dislodged)"), "{p}");
    assert!(p.contains("dislodged while dispersing"), "{p}");
    assert_eq!(unit(&n, "tyr"), Some(("italy".into(), Kind::Army)));
    assert_eq!(fractions_of(&n, "austria").len(), 3);
    assert!(n.dislodged.is_empty(), "no retreat for a unit that dispersed");
    assert_eq!(g.phase(&n).id, "AUG1914M");
}

#[test]
fn rule5_more_than_a_whole_unit_in_one_province_fails_all_those_moves() {
    let g = game();
    let mut s = start(&g);
    for at in ["boh", "swa", "zur", "ven"] {
        add_fraction(&mut s, "austria", Kind::Army, "1/3", at, false);
    }
    let four = "1/3 A boh - tyr\n1/3 A swa - tyr\n1/3 A zur - tyr\n1/3 A ven - tyr";
    let (n, ev) = step(&g, &s, &[("austria", four)]);
    assert_eq!(fractions_of(&n, "austria"), vec!["1/3 A boh", "1/3 A swa", "1/3 A ven", "1/3 A zur"]);
    assert!(seen_by(&ev, "austria").contains("more than a whole unit"));
    let three = "1/3 A boh - tyr\n1/3 A swa - tyr\n1/3 A zur - tyr";
    let (n, _) = step(&g, &s, &[("austria", three)]);
    assert_eq!(fractions_of(&n, "austria"), vec!["1/3 A tyr", "1/3 A tyr", "1/3 A tyr", "1/3 A ven"]);
    // Conventional units neither see nor stop fractions: the Austrian army in Tyrolia
    // is there all along, and the Italian army's move into Tyrolia is unaffected.
    let (n, _) = step(&g, &s, &[("austria", "A tyr - boh\n1/3 A ven - tyr"), ("italy", "A ven - tyr")]);
    assert_eq!(unit(&n, "tyr"), Some(("italy".into(), Kind::Army)));
}

#[test]
fn rule5_limit_per_nationality_by_default_or_all_together_as_an_option() {
    let g = game();
    for (option, expect_moved) in [("nationality", true), ("all", false)] {
        let mut s = start_with(&g, &[("limit", option)]);
        add_fraction(&mut s, "austria", Kind::Army, "1/3", "boh", false);
        add_fraction(&mut s, "austria", Kind::Army, "1/3", "swa", false);
        add_fraction(&mut s, "italy", Kind::Army, "1/3", "ven", false);
        add_fraction(&mut s, "italy", Kind::Army, "1/3", "pie", false);
        let (n, _) = step(
            &g,
            &s,
            &[("austria", "1/3 A boh - tyr\n1/3 A swa - tyr"), ("italy", "1/3 A ven - tyr\n1/3 A pie - tyr")],
        );
        let moved = fractions_of(&n, "austria").iter().all(|f| f.ends_with("tyr"));
        assert_eq!(moved, expect_moved, "limit={option}");
    }
    let players: Vec<String> = POWERS.iter().map(|p| p.to_string()).collect();
    let bad: BTreeMap<String, String> = [("limit".to_string(), "some".to_string())].into();
    let err =
        g.setup(&Setup { campaign: "t", players: &players, scenario: None, options: &bad }).err().unwrap();
    assert!(err.to_string().contains("limit=some"));
}

// ---- Rule 6: reforming ----

fn with_thirds(g: &GuerillaWarfare) -> State {
    let mut s = start(g);
    for at in ["boh", "swa", "zur"] {
        add_fraction(&mut s, "austria", Kind::Army, "1/3", at, false);
    }
    s
}

#[test]
fn rule6_fractions_within_one_move_form_a_unit_reported_only_on_success() {
    let g = game();
    let mut s = with_thirds(&g);
    s.units.retain(|u| u.at != "tyr");
    let (n, ev) = step(&g, &s, &[("austria", "reform A tyr from 1/3 A boh, 1/3 A swa, 1/3 A zur")]);
    assert!(public(&ev).contains("Austria: A tyr is formed by guerillas"), "{}", public(&ev));
    assert_eq!(unit(&n, "tyr"), Some(("austria".into(), Kind::Army)));
    assert!(fractions_of(&n, "austria").is_empty());
    // Fractions of different sizes, or too far, or not a whole unit: refused.
    let mut t = s.clone();
    add_fraction(&mut t, "austria", Kind::Army, "1/4", "mun", false);
    assert!(
        refused(&g, &t, "austria", "reform A tyr from 1/3 A boh, 1/3 A swa, 1/4 A mun").contains("same size")
    );
    assert!(
        refused(&g, &s, "austria", "reform A ven from 1/3 A boh, 1/3 A swa, 1/3 A zur").contains("one move")
    );
    assert!(refused(&g, &s, "austria", "reform A tyr from 1/3 A boh, 1/3 A swa").contains("not one whole"));
}

#[test]
fn rule6_a_failed_reform_leaves_no_trace() {
    let g = game();
    let s = with_thirds(&g);
    // Italy moves into Tyrolia, which the Austrian army leaves; Austria's reform there
    // would stand it off, but a failed reform must not show, so Italy gets in.
    let (n, ev) = step(
        &g,
        &s,
        &[
            ("austria", "A tyr - vie\nA vie - gal\nreform A tyr from 1/3 A boh, 1/3 A swa, 1/3 A zur"),
            ("italy", "A ven - tyr"),
        ],
    );
    assert_eq!(unit(&n, "tyr"), Some(("italy".into(), Kind::Army)));
    assert!(!public(&ev).contains("formed"), "{}", public(&ev));
    assert!(!seen_by(&ev, "italy").contains("reform"));
    assert!(seen_by(&ev, "austria").contains("did not succeed"));
    assert_eq!(fractions_of(&n, "austria").len(), 3);
}

#[test]
fn rule6_conventional_units_may_support_a_reform_to_dislodge() {
    let g = game();
    let s = with_thirds(&g);
    let mut s2 = s.clone();
    set_units(
        &mut s2,
        &[("italy", "A", "tyr"), ("italy", "A", "gal"), ("austria", "A", "vie"), ("austria", "A", "pec")],
    );
    let (n, ev) = step(
        &g,
        &s2,
        &[
            ("austria", "reform A tyr from 1/3 A boh, 1/3 A swa, 1/3 A zur\nA vie S reform tyr"),
            ("italy", "A tyr H"),
        ],
    );
    assert_eq!(unit(&n, "tyr"), Some(("austria".into(), Kind::Army)), "{}", public(&ev));
    assert!(public(&ev).contains("A vie S reform in tyr"), "{}", public(&ev));
    assert_eq!(g.phase(&n).id, "JUL1914R");
    assert_eq!(n.dislodged.len(), 1);
    // Supported by a unit whose support is cut, it fails; the support shows as a hold.
    let (n, ev) = step(
        &g,
        &s2,
        &[
            ("austria", "reform A tyr from 1/3 A boh, 1/3 A swa, 1/3 A zur\nA vie S reform tyr"),
            ("italy", "A gal - vie"),
        ],
    );
    assert_eq!(unit(&n, "vie"), Some(("austria".into(), Kind::Army)));
    assert!(public(&ev).contains("Austria: A vie H"), "{}", public(&ev));
    assert!(seen_by(&ev, "austria").contains("no unit formed"), "{}", seen_by(&ev, "austria"));
    // Unsupported against a holding army, it fails without a word in public.
    let (n, ev) = step(&g, &s2, &[("austria", "reform A tyr from 1/3 A boh, 1/3 A swa, 1/3 A zur")]);
    assert_eq!(unit(&n, "tyr"), Some(("italy".into(), Kind::Army)));
    assert!(!public(&ev).contains("reform"), "{}", public(&ev));
}

// ---- Rule 7: dispersing out of a centre in "autumn" ----

#[test]
fn rule7_a_unit_dispersing_out_of_a_centre_in_autumn_does_not_take_it() {
    let g = game();
    for (option, owner) in [("before-builds", None), ("november", Some("germany"))] {
        let mut s = start_with(&g, &[("autumn", option)]);
        month(&mut s, 1914, 8);
        set_units(&mut s, &[("germany", "A", "hol"), ("germany", "A", "ber")]);
        let (n, ev) = step(&g, &s, &[("germany", "A hol disperses - 1/3 A bel, 1/3 A ruh, 1/3 A kie")]);
        assert_eq!(n.owners.get("hol").map(String::as_str), owner, "autumn={option}\n{}", public(&ev));
    }
    // In November both readings agree.
    let mut s = start_with(&g, &[("autumn", "november")]);
    month(&mut s, 1914, 11);
    set_units(&mut s, &[("germany", "A", "hol"), ("germany", "A", "ber")]);
    let (n, _) = step(&g, &s, &[("germany", "A hol disperses - 1/3 A bel, 1/3 A ruh, 1/3 A kie")]);
    assert_eq!(n.owners.get("hol"), None);
    // A unit that simply stands there takes it.
    let mut s = start(&g);
    month(&mut s, 1914, 8);
    set_units(&mut s, &[("germany", "A", "hol"), ("germany", "A", "ber")]);
    let (n, _) = step(&g, &s, &[]);
    assert_eq!(n.owners.get("hol").map(String::as_str), Some("germany"));
}

// ---- Rule 8: boarding fleets ----

fn english_fleet(g: &GuerillaWarfare) -> State {
    let mut s = start(g);
    set_units(
        &mut s,
        &[("england", "F", "iri"), ("england", "F", "nao"), ("england", "A", "lon"), ("france", "A", "bre")],
    );
    add_fraction(&mut s, "england", Kind::Army, "1/3", "wal", false);
    add_fraction(&mut s, "england", Kind::Army, "1/3", "lvp", false);
    s
}

#[test]
fn rule8_fractional_armies_board_ride_hidden_and_land() {
    let g = game();
    let s = english_fleet(&g);
    // Board at the start of the move; the fleet moves; the fractions ride along.
    let (n, ev) = step(&g, &s, &[("england", "F iri - mao\n1/3 A wal board iri\n1/3 A lvp board F iri")]);
    assert_eq!(fractions_of(&n, "england"), vec!["1/3 A mao aboard", "1/3 A mao aboard"]);
    assert!(public(&ev).contains("England: F iri - mao"));
    assert!(!public(&ev).contains("1/3"));
    // Land at the end of a move on a coast next to the fleet.
    let (n2, _) = step(&g, &n, &[("england", "F mao H\n1/3 A aboard mao - bre")]);
    assert_eq!(fractions_of(&n2, "england"), vec!["1/3 A bre", "1/3 A mao aboard"]);
    // Onto another fleet in a neighbouring sea.
    let (n3, _) = step(&g, &n, &[("england", "1/3 A on F mao - nao")]);
    assert_eq!(fractions_of(&n3, "england"), vec!["1/3 A mao aboard", "1/3 A nao aboard"]);
    // A fleet moving to a coast lands them at once.
    let (n4, _) = step(&g, &n, &[("england", "F mao - por")]);
    assert_eq!(fractions_of(&n4, "england"), vec!["1/3 A por", "1/3 A por"]);
}

#[test]
fn rule8_a_carrying_fleet_may_not_convoy_nor_carry_a_whole_unit() {
    let g = game();
    let mut s = english_fleet(&g);
    add_fraction(&mut s, "england", Kind::Army, "1/3", "ply", false);
    let body = "1/3 A wal board iri\n1/3 A lvp board iri\n1/3 A ply board iri";
    assert!(refused(&g, &s, "england", body).contains("whole unit"));
    let mut c = s.clone();
    set_units(&mut c, &[("england", "F", "iri"), ("england", "A", "wal")]);
    assert!(
        refused(&g, &c, "england", "1/3 A lvp board iri\nF iri C A wal - ire\nA wal - ire")
            .contains("not convoy")
    );
    // Only fractional armies board, and only the power's own fleets.
    let mut f = s.clone();
    add_fraction(&mut f, "england", Kind::Fleet, "1/3", "eng", false);
    assert!(refused(&g, &f, "england", "1/3 F eng board iri").contains("only fractional armies"));
    assert!(refused(&g, &s, "france", "A bre H\n1/3 A wal board iri").contains("no 1/3"));
}

#[test]
fn rule8_fractions_aboard_a_dislodged_fleet_follow_its_retreat() {
    let g = game();
    let mut s = start(&g);
    set_units(&mut s, &[("england", "F", "iri"), ("france", "F", "mao"), ("france", "F", "eng")]);
    add_fraction(&mut s, "england", Kind::Army, "1/3", "iri", true);
    let (n, _) = step(&g, &s, &[("france", "F mao - iri\nF eng S F mao - iri")]);
    assert_eq!(g.phase(&n).id, "JUL1914R");
    let (n2, ev) = step(&g, &n, &[("england", "F iri R lvp")]);
    assert_eq!(fractions_of(&n2, "england"), vec!["1/3 A lvp"], "{ev:?}");
    let (n3, ev) = step(&g, &n, &[("england", "F iri disband")]);
    assert!(fractions_of(&n3, "england").is_empty());
    assert!(seen_by(&ev, "england").contains("lost with their fleet"));
    assert!(!public(&ev).contains("1/3"));
}

// ---- Rule 9: each part to a different province ----

#[test]
fn rule9_each_part_goes_to_a_different_province() {
    let g = game();
    let s = start(&g);
    let msg = refused(&g, &s, "austria", "A tyr disperses - 1/3 A boh, 1/3 A boh, 1/3 A zur");
    assert!(msg.contains("different province"), "{msg}");
}

// ---- Rule 10: fractions move like their kind ----

#[test]
fn rule10_fractional_armies_stay_off_the_sea_and_fleets_stay_off_the_land() {
    let g = game();
    let mut s = start(&g);
    add_fraction(&mut s, "england", Kind::Army, "1/3", "wal", false);
    add_fraction(&mut s, "england", Kind::Fleet, "1/3", "iri", false);
    assert!(refused(&g, &s, "england", "1/3 A wal - iri").contains("one move"));
    assert!(refused(&g, &s, "england", "1/3 F iri - lon").contains("one move"));
    accepted(&g, &s, "england", "1/3 A wal - yor\n1/3 F iri - wal");
    let mut f = start(&g);
    add_fraction(&mut f, "france", Kind::Fleet, "1/3", "bre", false);
    assert!(refused(&g, &f, "france", "1/3 F bre - par").contains("one move"));
    accepted(&g, &f, "france", "1/3 F bre - gas");
    assert!(
        refused(&g, &s, "england", "A tyr disperses - 1/3 A boh, 1/3 A swa, 1/3 A zur").contains("no unit")
    );
    let mut f = start(&g);
    set_units(&mut f, &[("england", "F", "lon")]);
    assert!(
        refused(&g, &f, "england", "F lon disperses - 1/3 F eng, 1/3 F ang, 1/3 F wal").contains("one move")
    );
    accepted(&g, &f, "england", "F lon disperses - 1/3 F eng, 1/3 F ang, 1/3 F yor");
}

// ---- Hidden information ----

#[test]
fn errors_and_views_never_depend_on_another_powers_fractions() {
    let g = game();
    let plain = start(&g);
    let mut hidden = plain.clone();
    for at in ["pie", "tyr", "ven", "rom"] {
        add_fraction(&mut hidden, "austria", Kind::Army, "1/3", at, false);
    }
    for body in [
        "A ven - tyr",
        "A ven - zzz",
        "1/3 A ven - tyr",
        "reform A pie from 1/3 A ven, 1/3 A tyr, 1/3 A rom",
        "A ven - ber",
    ] {
        assert_eq!(
            format!("{:?}", g.parse(&plain, "italy", body).err()),
            format!("{:?}", g.parse(&hidden, "italy", body).err()),
            "{body}"
        );
    }
    for viewer in [Viewer::Public, Viewer::Player("italy".into())] {
        let a = serde_json::to_string(&g.view(&plain, &viewer)).unwrap();
        let b = serde_json::to_string(&g.view(&hidden, &viewer)).unwrap();
        assert_eq!(a, b, "{viewer:?}");
    }
    let own = serde_json::to_string(&g.view(&hidden, &Viewer::Player("austria".into()))).unwrap();
    assert!(own.contains("1/3 A pie"));
    let gm = serde_json::to_string(&g.view(&hidden, &Viewer::Gm)).unwrap();
    assert!(gm.contains("1/3 A rom"));
}
