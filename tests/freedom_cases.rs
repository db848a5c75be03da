//! More of Freedom!'s rules, one case each: the Insurgent's costly actions, the
//! Period B overflow, the Plea for Help answered, the Insurgents' victory, the cannon
//! cases (Marmarou's sixes, the southern wall, an Allied crew), and the shuffle checked
//! against DESIGN.md's Fisher-Yates from its own dice.

use umpire::engine::roll::Given;
use umpire::games::freedom_messolonghi::actions::{Play, Said};
use umpire::games::freedom_messolonghi::data::Data;
use umpire::games::freedom_messolonghi::state::{Cannon, Players, Side, State};
use umpire::games::freedom_messolonghi::{cannons, play, round, setup};

fn game() -> (Data, State) {
    let data = Data::embedded().unwrap();
    let st = setup::new_state(&data, Players { imperial: "kutahi".into(), insurgent: "eleni".into() });
    (data, st)
}

fn said(log: &Said, what: &str) -> bool {
    log.lines.iter().any(|(_, l)| l.contains(what))
}

#[test]
fn repair_train_and_one_insurgent_cannon_a_round() {
    let (data, mut st) = game();
    st.insurgent.hand = vec!["A10".into(), "A12".into(), "A13".into()];
    st.insurgent.preparation = 8;
    st.damage.insert("W3".into(), 2);
    let mut log = Said::default();
    play::run(
        &mut st,
        &data,
        Side::Insurgent,
        &["PLAY A10 AP".into(), "REPAIR W3".into(), "TRAIN S1".into()],
        false,
        &mut Given::default(),
        &mut log,
    )
    .unwrap();
    assert_eq!(st.damage.get("W3"), Some(&1), "destroyed to damaged: {:?}", log.lines);
    assert_eq!((st.stack("S1").insurgent, st.civilians), (1, 7));
    assert_eq!(data.card("A10").unwrap().ap, 2);
    assert_eq!(st.insurgent.preparation, 2, "4+4 AP for a 2 AP card: 6 from Preparation");
    let supplies = st.insurgent.supplies;
    play::run(
        &mut st,
        &data,
        Side::Insurgent,
        &["PLAY A12 AP".into(), "BUILD CANNON S1".into()],
        false,
        &mut Given::default(),
        &mut log,
    )
    .unwrap();
    assert!(st.cannons.get("S1").is_some_and(|c| c.side == Side::Insurgent));
    assert_eq!(st.insurgent.supplies, supplies - 1);
    let mut log = Said::default();
    play::run(
        &mut st,
        &data,
        Side::Insurgent,
        &["PLAY A13 AP".into(), "BUILD CANNON W3".into()],
        false,
        &mut Given::default(),
        &mut log,
    )
    .unwrap();
    assert!(said(&log, "already been built this round"), "{:?}", log.lines);
}

#[test]
fn allied_units_without_room_go_to_the_camp() {
    let (data, mut st) = game();
    st.round = 4;
    for sp in ["M4a", "M4b", "M4c", "M4d", "M5a", "M5b", "M5c", "M5d"] {
        st.stack_mut(sp).expeditionary = 1;
    }
    let camp = st.stack("CAMP").allied;
    let mut log = Said::default();
    round::place_allies(&mut st, &data, &[], &mut log);
    assert_eq!(st.stack("M4e").allied + st.stack("M5e").allied, 6);
    assert_eq!(st.stack("CAMP").allied, camp + 4);
    assert!(said(&log, "4 Allied units find no room"));
}

#[test]
fn the_plea_for_help_answered_and_the_insurgents_win_after_round_6() {
    let (data, mut st) = game();
    st.round = 2;
    st.insurgent.plea = 3;
    let mut log = Said::default();
    round::replenish(&mut st, &data, &mut Given::new(&[4, 5]), &mut log);
    assert!(st.insurgent.plea_done, "{:?}", log.lines);
    assert!(said(&log, "the Government sends help"));
    assert_eq!(st.counts().2, 12 + 2 + 2, "two from the areas' rewards, two from the Government");
    let (data, mut st) = game();
    st.round = 6;
    round::replenish(&mut st, &data, &mut Given::new(&[1, 1]), &mut Said::default());
    assert_eq!(st.winner, Some(Side::Insurgent), "{:?}", st.over);
}

#[test]
fn marmarou_fires_on_sixes_the_south_at_its_shore_and_an_allied_crew_adds_one() {
    let (data, mut st) = game();
    st.stack_mut("M2a").expeditionary = 3;
    for gun in ["F1", "F2", "F3", "F4"] {
        st.cannons.remove(gun);
    }
    st.insurgent.fire = Some(vec!["FIRE MAR AT M2a".into()]);
    let mut log = Said::default();
    cannons::fire(&mut st, &data, Side::Insurgent, &mut Given::new(&[5, 6]), &mut log);
    assert_eq!(st.stack("M2a").expeditionary, 2, "a 5 misses, a 6 hits: {:?}", log.lines);
    // A southern cannon at its shore, 4+.
    let (data, mut st) = game();
    st.cannons.clear();
    st.stack_mut("S1").insurgent = 1;
    st.cannons.insert("S1".into(), Cannon { side: Side::Insurgent, bombard: false });
    st.stack_mut("O1").expeditionary = 2;
    let mut log = Said::default();
    cannons::fire(&mut st, &data, Side::Insurgent, &mut Given::new(&[4, 4]), &mut log);
    assert_eq!(st.stack("O1").expeditionary, 0, "{:?}", log.lines);
    // An Allied crew: +1 a die (a 5 at distance 2 hits).
    let (data, mut st) = game();
    st.cannons.clear();
    st.stack_mut("M2b").expeditionary = 0;
    st.stack_mut("M2b").allied = 1;
    st.cannons.insert("M2b".into(), Cannon { side: Side::Imperial, bombard: false });
    st.imperial.fire = Some(vec!["FIRE M2b AT W2".into()]);
    let mut log = Said::default();
    cannons::fire(&mut st, &data, Side::Imperial, &mut Given::new(&[4, 1]), &mut log);
    assert_eq!(st.damage.get("W2"), Some(&1), "{:?}", log.lines);
}

#[test]
fn the_shuffle_is_design_md_s_fisher_yates_from_its_own_dice() {
    let (data, mut st) = game();
    let listed = st.deck.draw.clone();
    let mut dice = umpire::engine::Dice::new(&[5u8; 32], &[6u8; 32]);
    setup::deal(&mut st, &data, &mut dice);
    // Replay: for i = n-1 down to 1, j = (a die of i+1 sides) - 1, swap i and j.
    let faces: Vec<u32> =
        dice.rolls().iter().filter(|r| r.label == "shuffle: Period A deck").map(|r| r.face).collect();
    let mut order = listed;
    for (k, i) in (1..order.len()).rev().enumerate() {
        let j = faces[k] as usize - 1;
        order.swap(i, j);
    }
    let dealt: Vec<String> = order[..8].to_vec();
    let mut imp = st.imperial.hand.clone();
    imp.sort();
    let mut want = dealt;
    want.sort();
    assert_eq!(imp, want, "the Imperial hand is the top eight");
    assert_eq!(st.deck.draw, order[16..].to_vec(), "the rest stays in order");
    let _ = Play::default();
}
