//! Bot-vs-bot soak: random legal orders from both sides, games played to a
//! result or turn 30, the rules' invariants checked after every step and every
//! bot body accepted by `parse`. Number of games: ANDARTES_SOAK_GAMES (default 20).

use std::collections::BTreeMap;
use std::time::Instant;

use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use umpire::engine::{Dice, Setup, System};
use umpire::games::andartes::{Andartes, State, bot_orders, check_invariants};
use umpire::trust::h;

fn play(system: &Andartes, game: u64, counter: &mut u64) -> (State, u32) {
    let players = vec!["gov".to_string(), "dse".to_string()];
    let mut options = BTreeMap::new();
    if game % 3 == 1 {
        options.insert("tito".to_string(), "on".to_string());
    }
    if game % 5 == 2 {
        options.insert("start1944".to_string(), "on".to_string());
    }
    if game % 7 == 3 {
        options.insert("end".to_string(), "10".to_string());
    }
    let setup = Setup { campaign: "soak", players: &players, scenario: None, options: &options };
    let mut state = system.setup(&setup).expect("setup");
    let mut rng = ChaCha20Rng::seed_from_u64(game);
    let mut steps = 0;
    loop {
        let phase = system.phase(&state);
        if phase.game_over.is_some() || state.turn > 30 {
            return (state, steps);
        }
        let mut orders = BTreeMap::new();
        for p in &phase.due {
            let body = bot_orders(&state, p, &mut rng);
            match system.parse(&state, p, &body) {
                Ok(o) => {
                    orders.insert(p.clone(), o);
                }
                Err(e) => panic!("game {game} step {steps} {}: bot body refused: {e:?}\n{body}", phase.id),
            }
        }
        *counter += 1;
        let k = counter.to_le_bytes();
        let mut dice = Dice::new(&h(&[b"soak-public", &k]), &h(&[b"soak-hidden", &k]));
        let resolution = system
            .resolve(&state, &orders, &mut dice)
            .unwrap_or_else(|e| panic!("game {game} step {steps} {}: {e}", phase.id));
        state = resolution.state;
        steps += 1;
        if let Err(e) = check_invariants(&state) {
            panic!("game {game} step {steps} after {}: {e}", phase.id);
        }
        for roll in dice.rolls() {
            assert!(
                !roll.label.is_empty() && roll.label.chars().next().is_some_and(|c| c.is_ascii_digit()),
                "every die names its rule: {}",
                roll.label
            );
        }
    }
}

#[test]
fn bots_play_legal_games_to_the_end() {
    let games: u64 = std::env::var("ANDARTES_SOAK_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let system = Andartes::embedded().expect("embedded data");
    let start = Instant::now();
    let mut counter = 0;
    let mut results: BTreeMap<String, u32> = BTreeMap::new();
    let mut total_steps = 0;
    for game in 0..games {
        let (state, steps) = play(&system, game, &mut counter);
        total_steps += steps;
        let key = match &state.over {
            Some(text) if text.contains("Government wins") => "Government wins",
            Some(text) if text.contains("DSE wins") => "DSE wins",
            Some(_) => "draw",
            None => "turn 30 reached",
        };
        *results.entry(key.to_string()).or_insert(0) += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "soak: {games} games, {total_steps} steps in {secs:.2}s: {:.1} games/s, {:.1} ms per game; outcomes {results:?}",
        games as f64 / secs.max(1e-9),
        1000.0 * secs / games.max(1) as f64
    );
    assert_eq!(results.values().sum::<u32>() as u64, games);
}
