//! Whole games of Guerilla Warfare II on random legal orders.
//!
//! `full_game_in_process` plays July 1914 to December 1918 through the `System` impl
//! alone; `soak_through_the_gm_loop` plays through the whole GM loop (mails, sealing,
//! reports) and ends with `verify` on the audit bundle. `GW_SOAK_STEPS` sets how many
//! steps the loop game may take (default 40, to stay quick in a debug build; 500 plays
//! it to the end).

use std::collections::BTreeMap;
use std::time::Instant;

use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use umpire::engine::{Dice, Setup, System};
use umpire::games::guerilla_warfare::{GuerillaWarfare, invariants, random_orders};

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];

#[test]
fn full_game_in_process() {
    let g = GuerillaWarfare::new().unwrap();
    let players: Vec<String> = POWERS.iter().map(|p| p.to_string()).collect();
    let mut s = g
        .setup(&Setup { campaign: "long", players: &players, scenario: None, options: &BTreeMap::new() })
        .unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let started = Instant::now();
    let (mut moves, mut steps, mut dispersals, mut reforms, mut retreats) = (0, 0, 0, 0, 0);
    while g.phase(&s).game_over.is_none() {
        let phase = g.phase(&s);
        if phase.id.ends_with('M') {
            moves += 1;
        }
        if phase.id.ends_with('R') {
            retreats += 1;
        }
        let mut orders = BTreeMap::new();
        for p in &phase.due {
            let body = random_orders(&s, p, &mut rng);
            let o = g.parse(&s, p, &body).unwrap_or_else(|e| panic!("{}: {p}: {e:?}\n{body}", phase.id));
            dispersals += body.matches("disperses").count();
            reforms += body.lines().filter(|l| l.starts_with("reform")).count();
            orders.insert(p.clone(), o);
        }
        let r = g.resolve(&s, &orders, &mut Dice::new(&[1; 32], &[2; 32])).unwrap();
        if std::env::var("GW_DEBUG").is_ok() {
            for e in r.events.iter().filter(|e| e.text.contains("(bounced)") || e.text.contains("islodged")) {
                println!("{}: {}", phase.id, e.text);
            }
        }
        s = r.state;
        invariants(&g.map, &s).unwrap_or_else(|e| panic!("after {}: {e}", phase.id));
        steps += 1;
        assert!(steps < 400, "the game does not end");
    }
    let over = g.phase(&s).game_over.unwrap();
    println!(
        "full game: {moves} moves, {retreats} retreat phases, {steps} steps, {dispersals} dispersals, {reforms} reforms ordered, {:.1} s; {over}",
        started.elapsed().as_secs_f64()
    );
    assert!(moves >= 20, "{moves} moves before: {over}");
    if over.contains("rule 3b") {
        assert_eq!(moves, 53);
    }
    assert!(dispersals > 0 && reforms > 0, "the random orders exercise the hidden rules");
}

#[test]
fn soak_through_the_gm_loop() {
    let steps: u64 = std::env::var("GW_SOAK_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    let cfg = umpire::soak::SoakConfig {
        system: "guerilla-warfare".into(),
        games: 1,
        seed: 3,
        max_steps: steps,
        max_turns: None,
        options: BTreeMap::new(),
        keep: None,
        careless: false,
    };
    let report = umpire::soak::soak(&cfg, |line| println!("{line}")).expect("soak");
    println!("{report:?}");
    assert_eq!(report.games, 1);
    assert!(report.steps >= steps.min(60), "{report:?}");
}
