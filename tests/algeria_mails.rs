//! Algeria by mail, as a careful player plays it: a side's whole turn, Reinforcement
//! to Operations, in one file (6.0 both sides reinforce at once by agreement; 7 the
//! Government deploys first; 8 the FLN acts first, and a file's early parts run at
//! their place), no phase opened that no player chose, and the soak bots' count of
//! orders files a player a game turn kept at 2.0 or below (1.06 at 20 games, seed 2;
//! 2.11 before the bots sent their whole turn with their reinforcement).

mod algeria_support;
mod common;

use std::collections::BTreeMap;

use algeria_support::{data, put};
use common::*;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use umpire::engine::{Dice, Setup, System};
use umpire::games::algeria::Algeria;
use umpire::games::algeria::board::{Log, To};
use umpire::games::algeria::data::Side;
use umpire::games::algeria::dice::Given;
use umpire::games::algeria::events;
use umpire::games::algeria::state::{Box_, Options, Stage, State};
use umpire::trust::h;

/// The soak through the binary and the whole GM loop (mail in, commit, reports,
/// `verify`): the figure it prints must stay at 2.0 or below, and nothing accepted
/// may go unexecuted. Eight turns of three games keep it short in a debug build.
#[test]
fn the_soak_bots_send_at_most_two_files_a_player_a_game_turn() {
    let out = ok(&["soak", "--system", "algeria", "--games", "3", "--seed", "2", "--max-turns", "8"]);
    let figure: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("mail round trips: "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no round-trip figure:\n{out}"));
    assert!(figure <= 2.0, "{figure} orders files a player a game turn:\n{out}");
    assert!(out.contains("accepted but not carried out: 0"), "{out}");
}

/// Bot games through the rules module alone: every Reinforcement Phase's two files
/// carry the whole turn, so the step that takes them never opens the Deployment or
/// the Operations Phase for a missing part; any later phase of the turn is one a
/// file chose (its WAIT, its REACT or event policy's ASK).
#[test]
fn each_side_sends_its_whole_turn_with_its_reinforcement() {
    let system = Algeria::embedded().unwrap();
    let players = vec!["gov".to_string(), "fln".to_string()];
    let options: BTreeMap<String, String> = [("revision".to_string(), "4".to_string())].into();
    let mut files = 0u64;
    let mut turns = 0u64;
    let mut counter = 0u64;
    for game in 0..6u64 {
        let setup = Setup { campaign: "mails", players: &players, scenario: None, options: &options };
        let mut state = system.setup(&setup).unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(game);
        let mut chose: Vec<String> = Vec::new();
        while state.over.is_none() && state.turn <= 12 {
            let phase = system.phase(&state);
            let mut orders = BTreeMap::new();
            for p in &phase.due {
                let body = system.random_orders(&state, p, &mut rng).unwrap();
                if body.lines().any(|l| l == "WAIT" || l.ends_with(" WAIT") || l.ends_with(" ASK")) {
                    chose.push(body.clone());
                }
                let o = system.parse(&state, p, &body).unwrap_or_else(|e| {
                    panic!("game {game} {}: {p}'s file refused: {e:?}\n{body}", phase.id)
                });
                orders.insert(p.clone(), o);
                files += 1;
            }
            counter += 1;
            let k = counter.to_le_bytes();
            let mut dice = Dice::new(&h(&[b"mails-public", &k]), &h(&[b"mails-hidden", &k]));
            let was = state.stage;
            state = system.resolve(&state, &orders, &mut dice).unwrap().state;
            if was == Stage::Reinforce {
                turns += 1;
                assert!(
                    !matches!(state.stage, Stage::Deploy | Stage::Operations),
                    "game {game}, turn {}: {} opened after both sides' whole turn",
                    state.turn,
                    system.phase(&state).id
                );
            }
            // A question or a WAIT is asked only of a side whose file chose it.
            if matches!(state.stage, Stage::Suspended | Stage::Event) {
                assert!(
                    !chose.is_empty(),
                    "game {game}: {} opened, no file chose it",
                    system.phase(&state).id
                );
            }
        }
    }
    let figure = files as f64 / (2.0 * turns as f64);
    assert!(figure <= 1.5, "{files} files in {turns} turns: {figure:.2} a player a turn");
}

/// A bare 1954 state at `revision`, with no units, the d66 and its dice given.
fn empty(revision: u32) -> State {
    let mut s = algeria_support::start(Options { scenario: "1954".into(), revision, ..Options::default() });
    s.units.clear();
    s
}

fn told(log: &Log, side: Side) -> String {
    log.lines
        .iter()
        .filter(|(to, _)| *to == To::Side(side))
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// C.2's Purge: the Government names a wilaya and 1d6 FLN units there are neutralized
/// (ruling R19: non-neutralized FLN units in any box). A wilaya with none is no real
/// answer: revision 4 offers only those that hold some, and with one (or none) asks
/// nothing and names it. Revision 3 asks, offering all six.
#[test]
fn a_purge_with_one_real_answer_is_not_asked() {
    let d = data();
    for revision in [3, 4] {
        let mut s = empty(revision);
        s.plans_mut(Side::Government).standing.insert("PURGE".into(), vec!["PURGE ASK".into()]);
        put(&mut s, "CA1", "cadre", "IV-1", Box_::Underground);
        put(&mut s, "BD1", "band", "IV-2", Box_::Operations);
        put(&mut s, "BD2", "band", "I-1", Box_::Underground);
        s.units.get_mut("BD2").unwrap().neutralized = true;
        let mut log = Log::default();
        // d66 45: the Purge; 1d6 = 2.
        events::random_events(&mut s, &d, &mut Given::new(&[4, 5, 2]), &mut log);
        if revision == 3 {
            let q = s.event_question.as_ref().expect("revision 3 asks");
            assert_eq!(q.answers.len(), 6);
        } else {
            assert!(s.event_question.is_none(), "revision 4 asks nothing");
            assert!(s.units["CA1"].neutralized && s.units["BD1"].neutralized);
            assert!(
                told(&log, Side::Government)
                    .contains("only wilaya IV holds FLN units: the Purge question is not asked"),
                "{}",
                told(&log, Side::Government)
            );
        }
    }
    // Two wilayas hold FLN units: revision 4 asks, and offers those two.
    let mut s = empty(4);
    s.plans_mut(Side::Government).standing.insert("PURGE".into(), vec!["PURGE ASK".into()]);
    put(&mut s, "CA1", "cadre", "IV-1", Box_::Underground);
    put(&mut s, "CA2", "cadre", "II-1", Box_::Underground);
    events::random_events(&mut s, &d, &mut Given::new(&[4, 5]), &mut Log::default());
    let q = s.event_question.as_ref().expect("two real answers: asked");
    assert_eq!(q.answers, vec!["II".to_string(), "IV".to_string()]);
}

/// C.2's UN debate (ruling R4: the higher PSL chooses, a tie the FLN): RAISE the FLN
/// PSL or LOWER the Government's, by 1d6. At an FLN PSL of 99 the excess of a RAISE
/// comes off the Government (12.1), so both answers do the same: revision 4 does not
/// ask; revision 3 does.
#[test]
fn a_un_debate_at_fln_psl_99_is_not_asked() {
    let d = data();
    for revision in [3, 4] {
        let mut s = empty(revision);
        s.fln_psl = 99;
        s.government_psl = 60;
        s.plans_mut(Side::Fln).standing.insert("UN".into(), vec!["UN ASK".into()]);
        let mut log = Log::default();
        // d66 43: the UN; 1d6 = 5.
        events::random_events(&mut s, &d, &mut Given::new(&[4, 3, 5]), &mut log);
        if revision == 3 {
            assert!(s.event_question.is_some(), "revision 3 asks");
        } else {
            assert!(s.event_question.is_none(), "revision 4 asks nothing");
            assert_eq!((s.fln_psl, s.government_psl), (99, 55));
            assert!(
                told(&log, Side::Fln).contains("the UN question is not asked"),
                "{}",
                told(&log, Side::Fln)
            );
        }
    }
    // Below 99 the two answers differ: asked.
    let mut s = empty(4);
    s.fln_psl = 98;
    s.government_psl = 60;
    s.plans_mut(Side::Fln).standing.insert("UN".into(), vec!["UN ASK".into()]);
    events::random_events(&mut s, &d, &mut Given::new(&[4, 3]), &mut Log::default());
    assert!(s.event_question.is_some());
}
