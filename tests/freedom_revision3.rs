//! Freedom!'s revisions 3 and 4 (issue 25, items 8 to 11): each correction against the
//! rule passage it rests on, and each checked both ways: a campaign at the revision
//! gets it, one before resolves as before (so each test fails without the change).

use umpire::engine::roll::Given;
use umpire::games::freedom_messolonghi::actions::Said;
use umpire::games::freedom_messolonghi::data::Data;
use umpire::games::freedom_messolonghi::events;
use umpire::games::freedom_messolonghi::orders::{self, LineKind};
use umpire::games::freedom_messolonghi::state::Stage;
use umpire::games::freedom_messolonghi::state::{Players, Side, State};
use umpire::games::freedom_messolonghi::{blocks, play, round, setup};

fn game(revision: u32) -> (Data, State) {
    let data = Data::embedded().unwrap();
    let mut st = setup::new_state(&data, Players { imperial: "kutahi".into(), insurgent: "eleni".into() });
    st.revision = revision;
    (data, st)
}

fn said(log: &Said, what: &str) -> bool {
    log.lines.iter().any(|(_, l)| l.contains(what))
}

/// 5.3.2: "he discards a card from his hand and performs the ability of" the card the
/// opponent played for AP: the whole ability, its TARGET too. A30 The Great Mound:
/// one damage on a Wall space (TARGET), cards.toml.
#[test]
fn item_8_a_claimed_event_takes_its_target() {
    let line = "CLAIM A30 DISCARD A22 TARGET W3";
    for revision in [1, 3] {
        let (data, mut st) = game(revision);
        st.claimable = Some("A30".into());
        st.imperial.hand = vec!["A22".into()];
        let read = orders::check(&data, &st, Side::Imperial, line);
        let mut log = Said::default();
        let ran = play::run(
            &mut st,
            &data,
            Side::Imperial,
            &[line.to_string()],
            false,
            &mut Given::default(),
            &mut log,
        );
        if revision >= 3 {
            assert_eq!(read, Ok(LineKind::Play));
            assert!(ran.is_ok(), "{ran:?}");
            assert_eq!(st.damage.get("W3"), Some(&1), "{:?}", log.lines);
        } else {
            assert!(read.is_err(), "revision 1 reads no TARGET on a claim");
            assert_eq!(st.damage.get("W3"), None, "revision 1: the claim does no damage");
            assert!(said(&log, "TARGET must be a Wall space"), "{:?}", log.lines);
        }
    }
}

/// A36 Local Agas: "one Support Area for the Imperial player on the area named" (AREA),
/// cards.toml; claimed, the AREA goes on the CLAIM line.
#[test]
fn item_8_a_claimed_event_takes_its_area() {
    for revision in [1, 3] {
        let (data, mut st) = game(revision);
        let area = st.areas.iter().find(|a| a.side == Side::Insurgent).unwrap().clone();
        st.claimable = Some("A36".into());
        st.imperial.hand = vec!["A22".into()];
        let mut log = Said::default();
        let line = if revision >= 3 {
            format!("CLAIM A36 DISCARD A22 AREA {}", area.id)
        } else {
            "CLAIM A36 DISCARD A22".to_string()
        };
        play::run(&mut st, &data, Side::Imperial, &[line], false, &mut Given::default(), &mut log).unwrap();
        let now = st.areas.iter().find(|a| a.id == area.id).unwrap();
        if revision >= 3 {
            assert_ne!(now, &area, "one Support Area procedure on {}: {:?}", area.id, log.lines);
        } else {
            assert_eq!(now, &area, "revision 1: nothing happens");
        }
    }
}

/// 5.5.2: "The Insurgent player counts his Units and Civilian cubes on the map. He then
/// adjusts his Population track accordingly", then gains the areas' rewards (new
/// units among them), then "reduces his Supplies according to the number listed in
/// his Population track". The count before the rewards sets the cost.
#[test]
fn item_9_the_supplies_cost_follows_the_population_counted_first() {
    let mut left = Vec::new();
    let mut counted = 0;
    let mut after = 0;
    for revision in [1, 3] {
        let (data, mut st) = game(revision);
        st.round = 1;
        counted = st.population();
        let mut log = Said::default();
        // Dice enough for every roll of the Replenishment (a Plea for Help that fails).
        round::replenish(&mut st, &data, &mut Given::new(&[1; 16]), &mut log);
        after = st.population();
        left.push(st.insurgent.supplies);
    }
    let data = Data::embedded().unwrap();
    assert!(after > counted, "the set-up's areas give the Insurgent new units ({counted} -> {after})");
    let saved = data.tracks.eaten(after) - data.tracks.eaten(counted);
    assert!(saved > 0, "the two counts fall in different Population bands");
    assert_eq!(left[1] - left[0], saved, "revision 3 charges for {counted}, revision 1 for {after}");
}

/// A28 Klisova Garrison: "one new unit on an island the Insurgent holds (TARGET)";
/// MAR holds one unit at most (map.toml). At revision 3 a TARGET with no room is
/// refused; a unit an Event places elsewhere is reported where it went, and why.
#[test]
fn item_11_a_unit_is_reported_where_it_appeared() {
    for revision in [1, 3] {
        let (data, mut st) = game(revision);
        assert_eq!(st.stack("MAR").insurgent, 1, "the set-up fills Marmarou");
        st.insurgent.hand = vec!["A28".into()];
        let mut log = Said::default();
        let line = "PLAY A28 EVENT TARGET MAR".to_string();
        let ran = play::run(&mut st, &data, Side::Insurgent, &[line], false, &mut Given::default(), &mut log);
        if revision >= 3 {
            assert!(ran.as_ref().is_err_and(|e| e.contains("MAR is full")), "{ran:?}");
        } else {
            assert!(ran.is_ok() && said(&log, "Insurgent gains 1 unit(s) at MAR"), "{:?}", log.lines);
        }
        // The GM's ruling sends a unit to a full space: revision 3 says where it went.
        st.gm_pending = Some((Side::Insurgent, "A50".into()));
        let mut log = Said::default();
        events::apply_gm(&mut st, &data, &["UNITS INSURGENT 1 MAR".into()], &mut log);
        let told =
            log.lines.iter().find(|(_, l)| l.contains("gains")).map(|(_, l)| l.clone()).unwrap_or_default();
        if revision >= 3 {
            assert!(told.contains("(MAR has no room)") && !told.contains(" at MAR"), "{told}");
        } else {
            assert_eq!(told, "Insurgent gains 1 unit(s) at MAR");
        }
    }
}

/// A THEN block "runs only if the other side's play matches it when your turn comes and
/// every line of it can be played then" (the acknowledgement's words). Two attacks on
/// M1c's one unit: the first hits (1d8 8, needing 6: 5.2.5 Attack), so the second has no
/// target. Sent by mail at that moment the same lines run, the second skipped. Before
/// revision 4 the block ran all or nothing on a trial board: it was refused with "M1c
/// holds no Imperial unit" while the board it left showed M1c held, and the die was spent.
#[test]
fn item_10_a_block_runs_as_the_same_lines_sent_by_mail() {
    let lines: Vec<String> =
        ["PLAY A02 AP", "ATTACK M1c FROM W3", "ATTACK M1c FROM F3"].iter().map(|l| l.to_string()).collect();
    let board = |revision: u32| {
        let (data, mut st) = game(revision);
        st.stage = Stage::Play;
        st.to_play = Side::Insurgent;
        st.units.clear();
        st.stack_mut("M1c").expeditionary = 1;
        st.stack_mut("W3").insurgent = 1;
        st.stack_mut("F3").insurgent = 1;
        st.insurgent.hand = vec!["A02".into()];
        (data, st)
    };
    // The same lines as a play sent by mail.
    let (data, mut sent) = board(4);
    let mut log = Said::default();
    let ran = play::run(&mut sent, &data, Side::Insurgent, &lines, false, &mut Given::new(&[8]), &mut log);
    assert!(ran.is_ok(), "{ran:?}");
    assert_eq!(sent.stack("M1c").imperial(), 0, "{:?}", log.lines);
    assert!(said(&log, "skipped: ATTACK M1c FROM F3: M1c holds no Imperial unit"), "{:?}", log.lines);
    for revision in [3, 4] {
        let (data, mut st) = board(revision);
        let mut dice = Given::new(&[8]);
        let mut log = Said::default();
        let ran = blocks::play(&mut st, &data, Side::Insurgent, &lines, &mut dice, &mut log);
        if revision >= 4 {
            assert!(ran.is_ok(), "{ran:?}");
            assert_eq!(st, sent, "the block leaves the board the file sent by mail leaves");
            assert!(said(&log, "skipped: ATTACK M1c FROM F3"), "{:?}", log.lines);
        } else {
            let why = ran.expect_err("revision 3 refuses the whole block");
            assert!(why.contains("M1c holds no Imperial unit"), "{why}");
            assert_eq!(st.stack("M1c").imperial(), 1, "the trial board is thrown away");
            assert_eq!(dice.labels.len(), 1, "yet its die was rolled");
        }
    }
    // A block whose first line cannot run at all is still refused, nothing rolled.
    let (data, mut st) = board(4);
    st.insurgent.hand.clear();
    let mut dice = Given::new(&[8]);
    let ran = blocks::play(&mut st, &data, Side::Insurgent, &lines, &mut dice, &mut Said::default());
    assert!(ran.as_ref().is_err_and(|e| e.contains("A02")), "{ran:?}");
    assert!(dice.labels.is_empty(), "no die is rolled for a block that cannot be played");
}
