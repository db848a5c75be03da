//! The `diplomacy` system through the core's type-erased `Engine`: setup, phases,
//! orders with per-line errors, and the first year of the sample game in
//! `games/diplomacy/demo.toml`.

use std::collections::BTreeMap;
use std::path::Path;

use umpire::engine::{Dice, Engine, GameData, Setup, Viewer};
use umpire::games;

fn engine() -> Box<dyn Engine> {
    let info = games::find("diplomacy").expect("diplomacy is registered");
    (info.open)(&GameData::embedded(info.name, info.files)).expect("opens")
}

fn setup(
    engine: &dyn Engine,
    players: &[&str],
    options: &[(&str, &str)],
) -> umpire::engine::Result<serde_json::Value> {
    let players: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let options: BTreeMap<String, String> =
        options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    engine.setup(&Setup { campaign: "test", players: &players, scenario: None, options: &options })
}

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

fn dice() -> Dice {
    Dice::new(&[1; 32], &[2; 32])
}

#[test]
fn players_are_powers_or_mapped_to_them() {
    let e = engine();
    let state = setup(&*e, &POWERS, &[]).unwrap();
    let phase = e.phase(&state).unwrap();
    assert_eq!(phase.id, "S1901M");
    assert_eq!(phase.title, "Spring 1901 Movement");
    assert_eq!(phase.due.len(), 7);

    let err = setup(&*e, &["alice", "bob"], &[]).unwrap_err().to_string();
    assert!(err.contains("seat.alice=<side>"), "{err}");
    let state = setup(&*e, &["alice", "bob"], &[("seat.alice", "england"), ("unassigned", "civil-disorder")]);
    assert!(state.is_err(), "bob has no power and is not named after one");
    let state =
        setup(&*e, &["alice", "france"], &[("seat.alice", "English"), ("unassigned", "civil-disorder")])
            .unwrap();
    assert_eq!(e.phase(&state).unwrap().due, vec!["alice".to_string(), "france".to_string()]);
    let err = setup(&*e, &["alice"], &[("power.alice", "england")]).unwrap_err().to_string();
    assert!(err.contains("no player for"), "{err}");
    let state = setup(
        &*e,
        &["alice", "bob"],
        &[("power.alice", "England"), ("power.bob", "TUR"), ("unassigned", "civil-disorder")],
    )
    .unwrap();
    let phase = e.phase(&state).unwrap();
    assert_eq!(phase.due, vec!["alice".to_string(), "bob".to_string()]);
    let err = setup(&*e, &POWERS, &[("colour", "red")]).unwrap_err().to_string();
    assert!(err.contains("no option 'colour'"), "{err}");
}

#[test]
fn bad_lines_are_reported_with_number_and_reason() {
    let e = engine();
    let state = setup(&*e, &POWERS, &[]).unwrap();
    let body = "F lon - nth\nA par - bur\n\nF edi - nwg\nA lvp - iri\nF lon - eng\nF edi S F lon - nth\n";
    let errors = e.check(&state, "england", body).unwrap().unwrap_err();
    let by_line: BTreeMap<usize, String> = errors.iter().map(|x| (x.line, x.reason.clone())).collect();
    assert!(by_line[&2].contains("England has no unit in Paris"), "{by_line:?}");
    assert!(by_line[&5].contains("cannot enter a sea"), "{by_line:?}");
    assert!(by_line[&6].contains("already has an order"), "{by_line:?}");
    assert!(by_line[&7].contains("already has an order"), "{by_line:?}");
    assert_eq!(errors.len(), 4);
    let errors = e.check(&state, "england", "F edi S F lon - eng").unwrap().unwrap_err();
    assert!(errors[0].reason.contains("cannot move to English Channel"), "{errors:?}");
    let echo = e.check(&state, "england", "F lon - nth\nEngland: F edi - nwg").unwrap().unwrap();
    assert_eq!(echo[0], "F London - North Sea");
    assert!(echo.iter().any(|l| l.contains("No order (will hold): A Liverpool")), "{echo:?}");
    let errors = e.check(&state, "england", "France: A par - bur").unwrap().unwrap_err();
    assert!(errors[0].reason.contains("France"), "{errors:?}");
    let errors = e.check(&state, "england", "F bre - mao").unwrap().unwrap_err();
    assert!(errors[0].reason.contains("the fleet there is French"), "{errors:?}");
}

/// The demo's orders body of `player` in phase `id`, from `games/diplomacy/demo.toml`.
/// A player's orders in the sample game, with its press cut out as a mail's would be.
fn demo_body(id: &str, player: &str) -> Option<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/diplomacy/demo.toml");
    let demo: toml::Value = toml::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    let phase = demo["phase"].as_array()?.iter().find(|p| p["id"].as_str() == Some(id))?;
    let body = phase["orders"].get(player)?.as_str()?;
    umpire::campaign::press::cut(body).ok().map(|c| c.orders)
}

#[test]
fn the_sample_first_year_plays_out() {
    let e = engine();
    let mut state = setup(&*e, &POWERS, &[]).unwrap();
    let mut all_events = Vec::new();
    let mut ids = Vec::new();
    for _ in 0..4 {
        let phase = e.phase(&state).unwrap();
        ids.push(phase.id.clone());
        let mut orders = BTreeMap::new();
        for player in &phase.due {
            let body = demo_body(&phase.id, player)
                .unwrap_or_else(|| panic!("demo.toml has no orders for {player} in {}", phase.id));
            let echo = e.check(&state, player, &body).unwrap();
            assert!(echo.is_ok(), "{}/{player}: {:?}", phase.id, echo);
            orders.insert(player.clone(), body);
        }
        let (next, events) = e.resolve(&state, &orders, &mut dice()).unwrap();
        all_events.extend(events.into_iter().map(|ev| ev.text));
        state = next;
    }
    assert_eq!(ids, ["S1901M", "F1901M", "F1901R", "W1901A"]);
    assert_eq!(e.phase(&state).unwrap().id, "S1902M");
    let has = |s: &str| all_events.iter().any(|t| t.contains(s));
    assert!(has("Austria: A Vienna - Galicia (bounced)"), "{all_events:#?}");
    assert!(has("Russia: A Warsaw - Galicia (bounced)"));
    assert!(has("England: F North Sea - Belgium (bounced)"));
    assert!(has("Austria: F Albania S A Serbia - Greece (cut)"));
    assert!(has("Turkey: A Bulgaria - Greece (bounced)"));
    assert!(has("The French army in Burgundy is dislodged by the unit from Ruhr"));
    assert!(has("France: A Burgundy R Picardy (retreats)"));
    assert!(has("Norway is now English (was neutral)"));
    assert!(has("England builds F London"));
    assert!(has("Russia builds F St Petersburg (north coast)"));
    assert!(has("Russia: 6 centres, 6 units"), "{all_events:#?}");
    // The view shows units and centres to everyone alike.
    let view = e.view(&state, &Viewer::Player("england".into())).unwrap();
    let units = view.sections.iter().find(|s| s.title == "Units").unwrap();
    assert!(units.lines.iter().any(|l| l.starts_with("England: ") && l.contains("F London")));
    let centres = view.sections.iter().find(|s| s.title == "Supply centres").unwrap();
    assert!(centres.lines.iter().any(|l| l.starts_with("Russia (6)")), "{centres:?}");
}

#[test]
fn no_orders_means_holds_and_a_draw_needs_every_vote() {
    let e = engine();
    let state =
        setup(&*e, &["england", "france"], &[("unassigned", "civil-disorder"), ("last_year", "1901")])
            .unwrap();
    let mut orders = BTreeMap::new();
    orders.insert("england".to_string(), "draw".to_string());
    let (state, events) = e.resolve(&state, &orders, &mut dice()).unwrap();
    assert!(events.iter().any(|ev| ev.text == "France: F Brest H (no order: holds)"));
    assert_eq!(e.phase(&state).unwrap().game_over, None);
    orders.insert("france".to_string(), "vote draw".to_string());
    let (state, _) = e.resolve(&state, &orders, &mut dice()).unwrap();
    let over = e.phase(&state).unwrap().game_over.unwrap();
    assert!(over.starts_with("Draw between"), "{over}");
    assert!(e.phase(&state).unwrap().due.is_empty());
}

#[test]
fn the_game_ends_after_the_last_year() {
    let e = engine();
    let state = setup(&*e, &POWERS, &[("last_year", "1901")]).unwrap();
    let (state, _) = e.resolve(&state, &BTreeMap::new(), &mut dice()).unwrap();
    let (state, events) = e.resolve(&state, &BTreeMap::new(), &mut dice()).unwrap();
    let over = e.phase(&state).unwrap().game_over.unwrap();
    assert!(over.contains("ends after 1901"), "{over}");
    assert!(events.iter().any(|ev| ev.text.contains("ends after 1901")));
}
