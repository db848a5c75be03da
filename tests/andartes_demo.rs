//! The demo: two full turns from set-up with the sample orders in
//! `games/andartes/demo.toml`, played through the
//! `System` impl with real dice. The orders must be accepted whatever the dice
//! (the demo campaign's keys are not known in advance), so they are played under
//! many keys; one key's outcome is then checked in detail.

use std::collections::BTreeMap;
use std::path::Path;

use umpire::engine::{Dice, Setup, System, Viewer};
use umpire::games::andartes::control::controller;
use umpire::games::andartes::state::Stage;
use umpire::games::andartes::{Andartes, Side, State, check_invariants};
use umpire::trust::h;

/// The demo's orders from `games/andartes/demo.toml`: phase id -> (player -> body).
fn demo_orders() -> BTreeMap<String, BTreeMap<String, String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/andartes/demo.toml");
    let demo: toml::Value = toml::from_str(&std::fs::read_to_string(path).expect("demo.toml")).expect("TOML");
    let mut out = BTreeMap::new();
    for phase in demo["phase"].as_array().expect("phases") {
        let bodies = phase["orders"]
            .as_table()
            .expect("orders")
            .iter()
            .map(|(p, b)| (p.clone(), b.as_str().expect("body").to_string()))
            .collect();
        out.insert(phase["id"].as_str().expect("id").to_string(), bodies);
    }
    out
}

struct Played {
    state: State,
    rolls: Vec<umpire::dice::Roll>,
    events: Vec<String>,
}

fn play(key: u64) -> Played {
    let system = Andartes::embedded().expect("data");
    let players = vec!["gov".to_string(), "dse".to_string()];
    let options = BTreeMap::new();
    let mut state = system
        .setup(&Setup { campaign: "demo", players: &players, scenario: None, options: &options })
        .expect("setup");
    let orders = demo_orders();
    let mut rolls = Vec::new();
    let mut events = Vec::new();
    for step in 1..=11u32 {
        let phase = system.phase(&state);
        let mut parsed = BTreeMap::new();
        if let Some(bodies) = orders.get(&phase.id) {
            let id = &phase.id;
            for (player, body) in bodies {
                assert!(phase.due.contains(player), "{player} is due in {id}");
                match system.parse(&state, player, body) {
                    Ok(o) => {
                        parsed.insert(player.clone(), o);
                    }
                    Err(e) => panic!("key {key}: {id}/{player} refused: {e:?}"),
                }
            }
        } else {
            assert!(
                phase.due.is_empty(),
                "key {key}: step {step} ({}) waits for orders the demo lacks",
                phase.id
            );
        }
        let k = format!("{key}/{step}");
        let mut dice = Dice::new(&h(&[b"demo-public", k.as_bytes()]), &h(&[b"demo-hidden", k.as_bytes()]));
        let r = system.resolve(&state, &parsed, &mut dice).expect("resolve");
        state = r.state;
        check_invariants(&state).unwrap_or_else(|e| panic!("key {key} step {step}: {e}"));
        rolls.extend(dice.into_rolls());
        events.extend(r.events.into_iter().map(|e| e.text));
    }
    Played { state, rolls, events }
}

#[test]
fn demo_orders_are_accepted_whatever_the_dice() {
    for key in 0..30 {
        let p = play(key);
        assert_eq!((p.state.turn, p.state.stage), (3, Stage::Initiative), "key {key}");
    }
}

#[test]
fn demo_two_turns_outcome() {
    let p = play(1);
    if std::env::var("ANDARTES_DEMO_PRINT").is_ok() {
        for e in &p.events {
            println!("{e}");
        }
    }
    let s = &p.state;
    // Every die names its rule.
    assert!(p.rolls.iter().all(|r| r.label.chars().next().is_some_and(|c| c.is_ascii_digit())));
    assert!(p.rolls.iter().any(|r| r.label.starts_with("16.3 Politics Table")));
    let attacks: Vec<&umpire::dice::Roll> = p.rolls.iter().filter(|r| r.label.starts_with("11.5")).collect();
    assert!(attacks.len() >= 4, "the demo fights: {attacks:?}");
    // The Thessalonika garrison of brigades holds the city (10.6, 14.2).
    for (n, id) in ["B1", "B2", "B3"].iter().enumerate() {
        assert_eq!(s.units[*id].at.code(), format!("THE/{}", n + 1));
    }
    assert_eq!(controller(s, "THE"), Some(Side::Government));
    assert!(p.events.iter().any(|e| e.contains("10.6 D2 breaks down into B1, B2, B3")));
    assert!(p.events.iter().any(|e| e.contains("Control Phase")));
    assert!(p.events.iter().any(|e| e.contains("Attrition Phase")));
    // Standing orders: the Government went first both turns.
    assert_eq!(s.first, Side::Government);
    // The view shows every Region, the PI track and the attacks of turn 2.
    let andartes = Andartes::embedded().expect("data");
    let v = andartes.view(s, &Viewer::Public);
    let map = v.sections.iter().find(|x| x.title.starts_with("Map")).expect("map section");
    assert_eq!(map.lines.len(), s.rules.map.regions.len());
    assert!(v.sections.iter().any(|x| x.title == "Political Index"));
    assert!(
        !v.sections.iter().any(|x| x.title.contains("standing orders")),
        "the public never sees standing orders"
    );
    let drawing = andartes.drawing(s, &Viewer::Public);
    assert!(drawing.as_deref().is_some_and(|svg| svg.starts_with("<svg") && svg.contains("THE")));
    if let (Ok(path), Some(svg)) = (std::env::var("ANDARTES_DEMO_SVG"), drawing.as_deref()) {
        std::fs::write(path, svg).expect("write svg");
    }
    let gov = Andartes::embedded().expect("data").view(s, &Viewer::Player("gov".into()));
    let own = gov
        .sections
        .iter()
        .find(|x| x.title.starts_with("Government standing"))
        .expect("own standing orders");
    assert!(own.lines.contains(&"DEFEND AIRSTRIKE 3:1".to_string()));
    assert!(!gov.sections.iter().any(|x| x.title.starts_with("DSE standing")));
}
