//! Freedom! Messolonghi's rules on constructed positions, with the dice given: movement
//! and its limits, each attack's numbers, Raids, Support Area, the pleas, Build Cannon,
//! the cannons' hits, Replenishment, the Period change, the victories, card colours,
//! claims, `THEN` blocks and the set-up's shuffle.

use umpire::engine::roll::Given;
use umpire::games::freedom_messolonghi::actions::{self, Play, Said};
use umpire::games::freedom_messolonghi::data::Data;
use umpire::games::freedom_messolonghi::state::{Cannon, Players, Side, Stage, State};
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
fn the_set_up_places_the_counts_of_4() {
    let (_, st) = game();
    let (e, a, i) = st.counts();
    assert_eq!((e, a, i), (35, 0, 12));
    assert_eq!(st.stack("CAMP").expeditionary, 5);
    assert_eq!(st.camp_cannons, 1);
    assert!(st.cannons.get("F3").is_some_and(|c| c.bombard && c.side == Side::Insurgent));
    assert_eq!((st.imperial.morale, st.imperial.money, st.imperial.supplies), (15, 10, 12));
    assert_eq!((st.insurgent.morale, st.insurgent.supplies, st.civilians), (10, 10, 8));
    assert_eq!(st.population(), 20);
}

#[test]
fn the_decks_are_shuffled_on_the_hidden_stream_and_eight_dealt() {
    let (data, mut st) = game();
    let mut dice = umpire::engine::Dice::new(&[7u8; 32], &[9u8; 32]);
    setup::deal(&mut st, &data, &mut dice);
    assert_eq!((st.imperial.hand.len(), st.insurgent.hand.len()), (8, 8));
    assert_eq!(st.deck.draw.len(), 34);
    assert_eq!(st.stage, Stage::Advance);
    assert_eq!(st.first, Side::Imperial, "15 Morale against 10");
    let rolls = dice.rolls();
    assert_eq!(rolls.len(), 49 + 49, "Fisher-Yates: n-1 dice a deck");
    assert!(rolls.iter().all(|r| r.label == "shuffle: Period A deck" || r.label == "shuffle: Period B deck"));
    assert!(rolls.iter().all(|r| r.stream == umpire::dice::StreamKind::Hidden));
}

#[test]
fn imperial_movement_goes_forward_or_sideways_never_back_and_slows_where_the_rules_say() {
    let (data, mut st) = game();
    assert!(
        actions::normal_move(
            &mut st,
            &data,
            &[vec!["M2c".into(), "M1c".into()], vec!["M2d".into(), "M1d".into()]],
            None
        )
        .is_ok()
    );
    assert!(
        actions::normal_move(&mut st, &data, &[vec!["M2c".into(), "M3c".into()]], None)
            .unwrap_err()
            .contains("never back")
    );
    // The Wall is slow, and whole: no entry until damaged.
    let e = actions::imperial_step(&st, &data, "M1c", "W3", false, false, true).unwrap_err();
    assert!(e.contains("slow"), "{e}");
    st.stack_mut("W3").insurgent = 0;
    st.tidy();
    let e = actions::imperial_step(&st, &data, "M1c", "W3", true, false, true).unwrap_err();
    assert!(e.contains("neither damaged nor destroyed"), "{e}");
    st.damage.insert("W3".into(), 1);
    assert!(actions::slow_move(&mut st, &data, "M1c", "W3", None).is_ok());
    // Limits: 3 on the main land.
    let mut st2 = game().1;
    st2.stack_mut("M1c").expeditionary = 3;
    assert!(
        actions::imperial_step(&st2, &data, "M2c", "M1c", false, false, true).unwrap_err().contains("full")
    );
}

#[test]
fn the_lagoon_is_entered_by_its_entries_and_thick_borders_need_the_island() {
    let (data, mut st) = game();
    st.stack_mut("M1a").expeditionary = 1;
    assert!(actions::imperial_step(&st, &data, "M1a", "MAR.1", true, false, true).is_ok());
    assert!(actions::imperial_step(&st, &data, "M1b", "MAR.1", true, false, true).is_err(), "one entry only");
    st.stack_mut("MAR.1").expeditionary = 1;
    let e = actions::imperial_step(&st, &data, "MAR.1", "MAR.2", true, false, true).unwrap_err();
    assert!(e.contains("holds MAR"), "{e}");
    assert!(
        actions::imperial_step(&st, &data, "MAR.1", "MAR", true, false, true)
            .unwrap_err()
            .contains("Insurgent")
    );
    st.stack_mut("MAR").insurgent = 0;
    st.tidy();
    assert!(actions::slow_move(&mut st, &data, "MAR.1", "MAR", None).is_ok());
    assert_eq!(st.holder("MAR"), Some(Side::Imperial));
    st.stack_mut("MAR.1").expeditionary = 1;
    assert!(actions::imperial_step(&st, &data, "MAR.1", "MAR.2", true, false, true).is_ok());
}

#[test]
fn attacks_roll_as_the_rules_say() {
    let (data, mut st) = game();
    st.stack_mut("M1c").expeditionary = 2;
    let mut p = Play { side: Some(Side::Imperial), ap: 3, ..Play::default() };
    let mut log = Said::default();
    // 2d8: a 7 misses an undamaged Wall space; damage adds 1 a level.
    actions::imperial_attack(&mut st, &data, &mut p, "W3", "M1c", &mut Given::new(&[7, 2]), "t", &mut log)
        .unwrap();
    assert!(said(&log, "miss"));
    st.damage.insert("W3".into(), 1);
    actions::imperial_attack(&mut st, &data, &mut p, "W3", "M1c", &mut Given::new(&[7, 2]), "t", &mut log)
        .unwrap();
    assert!(said(&log, "hit"));
    assert_eq!(st.stack("W3").insurgent, 0);
    // Each unit attacks once a card.
    let e = actions::imperial_attack(
        &mut st,
        &data,
        &mut p,
        "F2",
        "M1c",
        &mut Given::new(&[8, 8]),
        "t",
        &mut log,
    );
    assert!(e.unwrap_err().contains("left to attack"));
    // A fort gives -1: an 8 with no damage fails.
    let (data, mut st) = game();
    st.stack_mut("M1c").expeditionary = 1;
    let mut p = Play { side: Some(Side::Imperial), ap: 1, ..Play::default() };
    let mut log = Said::default();
    actions::imperial_attack(&mut st, &data, &mut p, "F2", "M1c", &mut Given::new(&[8, 8]), "t", &mut log)
        .unwrap();
    assert!(said(&log, "miss"), "{:?}", log.lines);
    // The Insurgents need 6 on 1d8, 5 against units on the Wall.
    let (data, mut st) = game();
    st.stack_mut("M1c").expeditionary = 1;
    let mut p = Play { side: Some(Side::Insurgent), ap: 2, ..Play::default() };
    let mut log = Said::default();
    actions::insurgent_attack(&mut st, &data, &mut p, "M1c", "W3", &mut Given::new(&[5]), "t", &mut log)
        .unwrap();
    assert!(said(&log, "miss"));
    actions::insurgent_attack(&mut st, &data, &mut p, "M1c", "W3", &mut Given::new(&[6]), "t", &mut log)
        .unwrap();
    assert!(said(&log, "Imperial Morale -1"), "the last unit: DOWN by default");
}

#[test]
fn raids_cost_their_distance_need_a_clear_line_and_never_row_1() {
    let (data, mut st) = game();
    let mut log = Said::default();
    let mut p = Play { side: Some(Side::Insurgent), ap: 4, ..Play::default() };
    st.stack_mut("M1c").expeditionary = 1;
    let e =
        actions::raid(&mut st, &data, &mut p, "M3c", "W3", &mut Given::new(&[8]), "t", &mut log).unwrap_err();
    assert!(e.contains("stand between"), "{e}");
    st.stack_mut("M1c").expeditionary = 0;
    st.tidy();
    actions::raid(&mut st, &data, &mut p, "M2c", "W3", &mut Given::new(&[5]), "t", &mut log).unwrap();
    assert_eq!(p.ap, 2);
    assert!(said(&log, "hit"));
    assert!(
        actions::raid(&mut st, &data, &mut p, "M1c", "W3", &mut Given::new(&[5]), "t", &mut log).is_err()
    );
    // Klisova: held, Imperial units outside but not inside, 2 AP.
    st.stack_mut("KLI.1").expeditionary = 2;
    let mut p = Play { side: Some(Side::Insurgent), ap: 2, ..Play::default() };
    actions::raid(&mut st, &data, &mut p, "KLI.1", "KLI", &mut Given::new(&[6]), "t", &mut log).unwrap();
    assert_eq!(p.ap, 0);
}

#[test]
fn support_area_adds_removes_and_turns_within_five() {
    let (data, mut st) = game();
    let mut log = Said::default();
    // SEA starts Insurgent with 2.
    actions::support(&mut st, &data, Side::Imperial, "SEA", &mut log).unwrap();
    actions::support(&mut st, &data, Side::Imperial, "SEA", &mut log).unwrap();
    let sea = |st: &State| st.areas.iter().find(|a| a.id == "SEA").cloned().unwrap();
    assert_eq!((sea(&st).side, sea(&st).support), (Side::Insurgent, 0));
    actions::support(&mut st, &data, Side::Imperial, "SEA", &mut log).unwrap();
    assert_eq!(sea(&st).side, Side::Imperial);
    for _ in 0..7 {
        actions::support(&mut st, &data, Side::Imperial, "SEA", &mut log).unwrap();
    }
    assert_eq!(sea(&st).support, 5, "five an area");
}

#[test]
fn preparation_makes_up_only_the_listed_actions() {
    let (data, mut st) = game();
    let mut log = Said::default();
    st.imperial.preparation = 4;
    let mut p = Play { side: Some(Side::Imperial), ap: 3, ..Play::default() };
    assert!(actions::pay(&mut st, &mut p, Side::Imperial, "BUILD", 5, &mut log).is_ok());
    assert_eq!(st.imperial.preparation, 2, "only the shortfall");
    let mut p = Play { side: Some(Side::Imperial), ap: 1, ..Play::default() };
    assert!(
        actions::pay(&mut st, &mut p, Side::Imperial, "SUPPORT", 2, &mut log).is_err(),
        "not for Support"
    );
    // Build Cannon costs by row: 3, 5, 7.
    st.camp_cannons = 1;
    st.stack_mut("M1c").expeditionary = 1;
    assert_eq!(actions::imperial_cannon_cost(&st, &data, "M1c"), Ok(7));
    assert_eq!(actions::imperial_cannon_cost(&st, &data, "M2c"), Ok(5));
    assert!(actions::imperial_cannon_cost(&st, &data, "M3b").is_err(), "a cannon is there");
    assert!(actions::imperial_cannon_cost(&st, &data, "M4c").is_err(), "not within three rows");
}

#[test]
fn plea_for_funds_gets_harder() {
    let (data, mut st) = game();
    let mut log = Said::default();
    actions::plea_funds(&mut st, &data, &mut Given::new(&[5, 6]), "t", &mut log);
    assert_eq!((st.imperial.money, st.imperial.plea), (13, 2));
    actions::plea_funds(&mut st, &data, &mut Given::new(&[5, 5]), "t", &mut log);
    assert_eq!(st.imperial.money, 13, "10 + 2 is 12: refused");
}

#[test]
fn cannons_hit_by_distance_twice_with_both_dice_and_the_bombard_reaches_row_4() {
    let (data, mut st) = game();
    let mut log = Said::default();
    // The Imperial cannon on M3b hits F1/W2/F2 at distance 3 on a 6 only.
    st.imperial.fire = Some(vec!["FIRE M3b AT W2".into()]);
    st.insurgent.fire = Some(vec![]);
    cannons::fire(&mut st, &data, Side::Imperial, &mut Given::new(&[6, 6, 1, 1]), &mut log);
    assert_eq!(st.damage.get("W2"), Some(&2), "{:?}", log.lines);
    // The Bombard: +1 each die, row 4 too.
    let targets = cannons::targets(&st, &data, "F3");
    assert!(targets.iter().all(|(t, _)| st.stack(t).imperial() > 0));
    st.stack_mut("M4c").expeditionary = 2;
    st.insurgent.fire = Some(vec![
        "FIRE F3 AT M4c".into(),
        "FIRE F1 HOLD".into(),
        "FIRE F2 HOLD".into(),
        "FIRE F4 HOLD".into(),
        "FIRE MAR HOLD".into(),
    ]);
    let mut log = Said::default();
    cannons::fire(&mut st, &data, Side::Insurgent, &mut Given::new(&[5, 4]), &mut log);
    assert_eq!(st.stack("M4c").expeditionary, 1, "5+1 hits at distance 4 (6), 4+1 does not: {:?}", log.lines);
    // A cannon with no unit of its side beside it does not fire.
    let (data, mut st) = game();
    st.stack_mut("M3b").expeditionary = 0;
    st.tidy();
    st.cannons.insert("M3b".into(), Cannon { side: Side::Imperial, bombard: false });
    let mut log = Said::default();
    cannons::fire(&mut st, &data, Side::Imperial, &mut Given::new(&[6, 6, 6, 6]), &mut log);
    assert!(!said(&log, "M3b fires"), "{:?}", log.lines);
}

#[test]
fn replenishment_pays_upkeep_and_unpaid_money_costs_units_and_two_morale() {
    let (data, mut st) = game();
    st.round = 1;
    st.imperial.money = 1;
    let units = st.counts().0;
    let mut log = Said::default();
    round::replenish(&mut st, &data, &mut Given::new(&[1, 1]), &mut log);
    assert_eq!(st.counts().0, units + 1 - 3, "three unpaid Money lose three units (a Vrachori unit comes)");
    assert!(said(&log, "Imperial Morale -2"));
    // Supplies: the Imperial tiles give 8, the upkeep is 8.
    assert_eq!(st.imperial.supplies, 12);
    assert!(said(&log, "Plea for Help: 1+1+0 = 2: no answer yet"));
    assert_eq!(st.insurgent.plea, 1);
}

#[test]
fn the_period_change_brings_allies_decks_and_upkeep() {
    let (data, mut st) = game();
    let mut dice = umpire::engine::Dice::new(&[1u8; 32], &[2u8; 32]);
    setup::deal(&mut st, &data, &mut dice);
    st.round = 3;
    let mut log = Said::default();
    round::administration(&mut st, &data, &mut dice, &mut log);
    assert_eq!(st.round, 4);
    assert!(st.imperial.hand.iter().all(|c| c.starts_with('B')) && st.imperial.hand.len() == 8);
    assert_eq!(st.stack("CAMP").allied, 5);
    assert_eq!(st.civilians, 18);
    assert_eq!(st.imperial.plea, 4, "ruling 7: +4 read literally");
    round::place_allies(&mut st, &data, &[("M5a".into(), 3)], &mut log);
    assert_eq!(st.stack("M5a").allied, 3);
    assert_eq!(st.counts().1, 15);
}

#[test]
fn the_empire_wins_holding_a_fort_at_the_end_of_a_round_and_morale_zero_ends_at_once() {
    let (data, mut st) = game();
    st.round = 2;
    st.stack_mut("F2").insurgent = 0;
    st.stack_mut("F2").expeditionary = 1;
    round::replenish(&mut st, &data, &mut Given::new(&[1, 1]), &mut Said::default());
    assert_eq!(st.winner, Some(Side::Imperial), "{:?}", st.over);
    let (_, mut st) = game();
    st.insurgent.morale = 0;
    assert!(round::morale_end(&mut st));
    assert_eq!(st.winner, Some(Side::Imperial));
}

#[test]
fn colours_claims_and_blocks() {
    assert!(play::may_play_event(Side::Insurgent, "blue") && !play::may_play_event(Side::Imperial, "blue"));
    assert!(play::may_play_event(Side::Imperial, "grey"));
    let (data, mut st) = game();
    st.stage = Stage::Play;
    st.round = 1;
    st.imperial.hand = vec!["A01".into(), "A21".into()];
    st.insurgent.hand = vec!["A02".into(), "A03".into()];
    let mut log = Said::default();
    // Marsh Diseases (blue) played by the Empire for AP: the Insurgents may claim it.
    play::run(
        &mut st,
        &data,
        Side::Imperial,
        &["PLAY A01 AP".into(), "REST PREPARE".into()],
        false,
        &mut Given::default(),
        &mut log,
    )
    .unwrap();
    assert_eq!(st.claimable.as_deref(), Some("A01"));
    assert_eq!(st.imperial.preparation, 3);
    let camp = st.stack("CAMP").expeditionary;
    play::run(
        &mut st,
        &data,
        Side::Insurgent,
        &["CLAIM A01 DISCARD A03".into()],
        false,
        &mut Given::default(),
        &mut log,
    )
    .unwrap();
    assert_eq!(st.stack("CAMP").expeditionary, camp - 2, "Marsh Diseases: two units from the Camp");
    assert_eq!(st.claimable, None, "a claim's discard cannot be claimed");
    assert_eq!(st.plays, 2);
    // The Empire cannot play a blue Event.
    let (data, mut st) = game();
    st.imperial.hand = vec!["A01".into()];
    let e = play::run(
        &mut st,
        &data,
        Side::Imperial,
        &["PLAY A01 EVENT".into()],
        false,
        &mut Given::default(),
        &mut Said::default(),
    );
    assert!(e.unwrap_err().contains("helps the other side"));
    // A THEN guard reads the other side's last play.
    st.last_play = Some((Side::Insurgent, "A09".into(), "AP".into()));
    assert!(play::guard_matches(&st, "THEN IF OPPONENT PLAYS AP A09"));
    assert!(play::guard_matches(&st, "THEN IF OPPONENT PLAYS ANY"));
    assert!(!play::guard_matches(&st, "THEN IF OPPONENT PLAYS EVENT"));
    // The default play: the lowest-AP card for AP, all to Preparation.
    let id = |name: &str| data.cards.iter().find(|c| c.name == name).unwrap().id.clone();
    let (four, two) = (id("Kutahi Pasha"), id("Supply Caravan"));
    st.imperial.hand = vec![four, two.clone()];
    assert_eq!(
        play::default_play(&st, &data, Side::Imperial),
        vec![format!("PLAY {two} AP"), "REST PREPARE".into()]
    );
}

#[test]
fn a_gm_event_waits_for_the_gms_operations_sealed_like_orders() {
    use std::collections::BTreeMap;
    use umpire::engine::System;
    use umpire::games::freedom_messolonghi::Freedom;
    let fm = Freedom::embedded().unwrap();
    let mut st =
        setup::new_state(fm.data(), Players { imperial: "kutahi".into(), insurgent: "eleni".into() });
    st.stage = Stage::Play;
    st.round = 1;
    let gm_card = fm.data().cards.iter().find(|c| c.effects.iter().any(|e| e.op == "gm")).unwrap().id.clone();
    st.imperial.hand = vec![gm_card.clone(), "A21".into()];
    let orders = fm.parse(&st, "kutahi", &format!("PLAY {gm_card} EVENT")).unwrap();
    let mut dice = umpire::engine::Dice::new(&[3u8; 32], &[4u8; 32]);
    let st = fm.resolve(&st, &BTreeMap::from([("kutahi".to_string(), orders)]), &mut dice).unwrap().state;
    let phase = fm.phase(&st);
    assert_eq!((phase.id.as_str(), phase.due.clone()), ("R1-GM", vec!["gm".to_string()]));
    let bad = fm.parse(&st, "gm", &format!("RULING {gm_card}\nMORALE NOBODY 1")).unwrap_err();
    assert!(bad[0].reason.contains("no side"), "{bad:?}");
    assert!(fm.parse(&st, "gm", "MORALE INSURGENT -2").is_err(), "a GM file starts with RULING");
    let gm = fm.parse(&st, "gm", &format!("RULING {gm_card}\nMORALE INSURGENT -2\nDAMAGE W3 1")).unwrap();
    let st = fm.resolve(&st, &BTreeMap::from([("gm".to_string(), gm)]), &mut dice).unwrap().state;
    assert_eq!(st.insurgent.morale, 8);
    assert_eq!(st.damage.get("W3"), Some(&1));
    assert_eq!(fm.phase(&st).id, "R1-P02", "the round goes on");
}

#[test]
fn when_the_insurgent_plays_first_his_regroup_file_carries_play_1() {
    use std::collections::BTreeMap;
    use umpire::engine::System;
    use umpire::games::freedom_messolonghi::Freedom;
    let fm = Freedom::embedded().unwrap();
    let mut st =
        setup::new_state(fm.data(), Players { imperial: "kutahi".into(), insurgent: "eleni".into() });
    st.stage = Stage::Regroup;
    st.round = 2;
    st.first = Side::Insurgent;
    st.insurgent.hand = vec!["A11".into(), "A12".into()];
    let o = fm.parse(&st, "eleni", "REGROUP W1 S1\nPLAY A11 AP\nREST PREPARE").unwrap();
    let mut dice = umpire::engine::Dice::new(&[3u8; 32], &[4u8; 32]);
    let next = fm.resolve(&st, &BTreeMap::from([("eleni".to_string(), o)]), &mut dice).unwrap().state;
    assert_eq!(next.stack("S1").insurgent, 1);
    assert_eq!(next.plays, 1, "play 1 made in the same step");
    assert_eq!(fm.phase(&next).id, "R2-P02");
    // When the Empire plays first, a play in the Regroup file is refused.
    st.first = Side::Imperial;
    assert!(fm.parse(&st, "eleni", "REGROUP W1 S1\nPLAY A11 AP").is_err());
}

#[test]
fn first_player_advancement_reward_and_desertion() {
    let (data, mut st) = game();
    // 5.3: the higher Morale plays first; a tie, the Empire.
    st.insurgent.morale = 15;
    assert_eq!(round::first_player(&st), Side::Imperial);
    st.insurgent.morale = 16;
    assert_eq!(round::first_player(&st), Side::Insurgent);
    // 5.2: up to five units of one row, one space forward, never sideways or slow.
    let (data2, mut st2) = game();
    let m = |a: &str, b: &str| (a.to_string(), b.to_string());
    let moves = vec![
        m("M2a", "M1a"),
        m("M2b", "M1b"),
        m("M2c", "M2d"),
        m("M3c", "M2c"),
        m("M2d", "M1d"),
        m("M2e", "M1e"),
        m("M2c", "M1c"),
        m("M2b", "M1a"),
    ];
    let errors = round::advance(&mut st2, &data2, &moves, &mut Said::default());
    assert!(errors.iter().any(|e| e.starts_with("M2c-M2d")), "sideways: {errors:?}");
    assert!(errors.iter().any(|e| e.starts_with("M3c-M2c") && e.contains("one row")), "{errors:?}");
    assert!(errors.iter().any(|e| e.starts_with("M2b-M1a") && e.contains("five")), "{errors:?}");
    assert_eq!(
        st2.stack("M1a").expeditionary + st2.stack("M1b").expeditionary + st2.stack("M1c").expeditionary,
        3
    );
    // Reward Attack: 1 AP and 1 Money, +2 to this card's attacks.
    st.stack_mut("M1c").expeditionary = 1;
    st.damage.insert("W3".into(), 1);
    let mut p = Play { side: Some(Side::Imperial), ap: 2, reward: true, ..Play::default() };
    let mut log = Said::default();
    actions::imperial_attack(&mut st, &data, &mut p, "W3", "M1c", &mut Given::new(&[5, 1]), "t", &mut log)
        .unwrap();
    assert!(said(&log, "+3, needing 8: hit"), "{:?}", log.lines);
    // 5.5.1: Morale 5 or less makes units desert.
    let (data, mut st) = game();
    st.round = 1;
    st.imperial.morale = 12;
    st.imperial.supplies = 0;
    st.areas.iter_mut().for_each(|a| a.side = Side::Insurgent);
    let before = st.counts().0;
    let mut log = Said::default();
    round::replenish(&mut st, &data, &mut Given::new(&[1, 1]), &mut log);
    assert_eq!(st.imperial.morale, 4, "8 Supplies short");
    assert_eq!(st.counts().0, before - 1, "Morale 4: one unit deserts: {:?}", log.lines);
}

#[test]
fn rulings_3_6_8_and_11() {
    // 8: Money to the Insurgents is void.
    let (data, mut st) = game();
    let card = umpire::games::freedom_messolonghi::data::Card {
        id: "X".into(),
        name: "x".into(),
        ap: 2,
        colour: "grey".into(),
        kind: "event".into(),
        effects: vec![umpire::games::freedom_messolonghi::data::Effect {
            op: "money".into(),
            side: Some("own".into()),
            n: 3,
            at: None,
            roll: None,
            until: None,
        }],
        text: String::new(),
    };
    let mut log = Said::default();
    umpire::games::freedom_messolonghi::events::apply(
        &mut st,
        &data,
        &card,
        Side::Insurgent,
        &Default::default(),
        &mut log,
    );
    assert_eq!(st.insurgent.money, 0);
    assert!(said(&log, "ruling 8"));
    // 11: civilians count toward the Population but sit on no space.
    assert_eq!(st.population(), 20);
    assert!(st.units.values().map(|s| s.insurgent).sum::<u32>() == 12);
    // 6: in Period B both the round's Morale loss (rounds 5-6) and Replenishment's apply.
    let (data, mut st) = game();
    let mut dice = umpire::engine::Dice::new(&[1u8; 32], &[2u8; 32]);
    setup::deal(&mut st, &data, &mut dice);
    st.round = 4;
    st.imperial.hand.clear();
    st.insurgent.hand.clear();
    let morale = st.imperial.morale;
    round::administration(&mut st, &data, &mut dice, &mut Said::default());
    assert_eq!(st.imperial.morale, morale - 1, "round 5");
    let mut log = Said::default();
    round::replenish(&mut st, &data, &mut Given::new(&[1, 1]), &mut log);
    assert!(said(&log, "the siege wears on: Imperial Morale -1"));
    // 3: a last-turn claimer draws 8 next round (here, by the flag the claim sets).
    let (data, mut st) = game();
    let mut dice = umpire::engine::Dice::new(&[1u8; 32], &[2u8; 32]);
    setup::deal(&mut st, &data, &mut dice);
    st.imperial.hand.truncate(0);
    st.insurgent.hand.truncate(1);
    st.imperial.extra_draw = true;
    round::administration(&mut st, &data, &mut dice, &mut Said::default());
    assert_eq!((st.imperial.hand.len(), st.insurgent.hand.len()), (8, 8));
}

#[test]
fn standing_losses_name_spaces_as_echoed_and_take_from_them() {
    // Orders are kept as echoed, upper case: `LOSSES M5A` must still mean the space M5a.
    let (data, mut st) = game();
    st.revision = 2;
    st.stack_mut("M5a").expeditionary += 1;
    st.imperial.standing.insert("LOSSES".into(), vec!["LOSSES M5A".into()]);
    let camp = st.stack("CAMP").expeditionary;
    round::imperial_loss(&mut st, &data, &mut Said::default());
    assert_eq!(st.stack("M5a").expeditionary, 0, "the named space gives the unit");
    assert_eq!(st.stack("CAMP").expeditionary, camp, "the Camp keeps its units");

    // Campaigns made before the correction (revision 1) resolve as they did: the word
    // matched no space and the Camp gave the unit.
    let (data, mut st) = game();
    assert_eq!(st.revision, 1, "a set-up without the option is revision 1");
    st.stack_mut("M5a").expeditionary += 1;
    st.imperial.standing.insert("LOSSES".into(), vec!["LOSSES M5A".into()]);
    round::imperial_loss(&mut st, &data, &mut Said::default());
    assert_eq!(st.stack("M5a").expeditionary, 1);
    assert_eq!(st.stack("CAMP").expeditionary, camp - 1);
}
