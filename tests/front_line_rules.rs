//! Front Line's rules on constructed positions, one test or more per rule: turns run
//! from scripts with the dice given, so each result is the rules' and not a guess.
//! The EX 0-9 examples are rebuilt on the Main battlefield from their texts; every
//! ruling of `games/front-line/RULINGS.md` has its test here (named in that file).

use umpire::engine::roll::Given;
use umpire::games::front_line::data::{Data, Side, Square, Terrain};
use umpire::games::front_line::log::{Log, To};
use umpire::games::front_line::state::{
    EdgeReady, Leadership, Options, Place, Players, Stage, State, Supply,
};
use umpire::games::front_line::{actions, battle, score, setup, supply, turn};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// An empty board (every unit in reserve), Red to move in September turn 1 with its
/// Balanced Industry supply dealt.
fn game(board: &str) -> (Data, State) {
    let data = Data::embedded().unwrap();
    let mut st = setup::new_state(
        Players { red: "anna".into(), green: "ben".into() },
        Options { board: board.into(), ..Options::default() },
    );
    st.stage = Stage::Turn;
    st.first = Side::Red;
    let mut log = Log::default();
    supply::deal(&mut st, &data, Side::Red, &mut log);
    supply::deal(&mut st, &data, Side::Green, &mut log);
    turn::start(&mut st, &mut log);
    (data, st)
}

fn put(st: &mut State, id: &str, at: &str) {
    st.unit_mut(id).unwrap().place = Place::Board(sq(at));
}

fn disrupt(st: &mut State, id: &str) {
    st.unit_mut(id).unwrap().disrupted = true;
}

/// Runs the active side's lines with these dice; returns every report line and the
/// dice labels.
fn play(st: &mut State, data: &Data, lines: &[&str], faces: &[u32]) -> (Vec<String>, Vec<String>) {
    let mut log = Log::default();
    let mut dice = Given::new(faces);
    st.current.lines = lines.iter().map(|l| l.to_string()).collect();
    turn::run(st, data, &mut dice, &mut log);
    (log.lines.into_iter().map(|(_, t)| t).collect(), dice.labels)
}

fn said(lines: &[String], what: &str) -> bool {
    lines.iter().any(|l| l.contains(what))
}

fn at(st: &State, id: &str) -> Option<Square> {
    st.unit(id).and_then(|u| u.square())
}

// ---- Moves (Move, EX0, rulings 1 and 2) ----

#[test]
fn ex0_a_unit_enters_its_own_city_but_not_an_empty_unfriendly_one() {
    let (data, mut st) = game("main");
    // B: a Red unit beside Red's own Air Base C2; A: a Red unit beside Green's empty Air Base H5.
    put(&mut st, "RI3", "C1");
    put(&mut st, "RI4", "G5");
    let (lines, _) = play(&mut st, &data, &["SUPPLY CAPITAL", "MOVE RI3 C2", "MOVE RI4 H5"], &[]);
    assert_eq!(at(&st, "RI3"), Some(sq("C2")), "{lines:?}");
    assert_eq!(at(&st, "RI4"), Some(sq("G5")));
    assert!(said(&lines, "H5 is an Unfriendly City (EX0)"), "{lines:?}");
}

#[test]
fn ruling_1_and_2_orthogonal_moves_tank_diagonals_blocking_and_desert() {
    let (data, mut st) = game("main");
    put(&mut st, "RI3", "D2");
    put(&mut st, "RT1", "D3");
    put(&mut st, "RT2", "C4");
    put(&mut st, "GI1", "E5");
    let (lines, _) = play(
        &mut st,
        &data,
        &[
            "SUPPLY CAPITAL",
            "MOVE RI3 E1",       // diagonal: not for Infantry
            "MOVE RT1 E2 F1",    // Tanks step diagonally, no free corners needed
            "MOVE RT2 D4 E4 F4", // through two desert squares: a third step
        ],
        &[],
    );
    assert!(said(&lines, "is not a step for Infantry or Artillery"), "{lines:?}");
    assert_eq!(at(&st, "RT1"), Some(sq("F1")));
    assert_eq!(at(&st, "RT2"), Some(sq("F4")));
    // Not through an enemy unit.
    let (data, mut st) = game("main");
    put(&mut st, "RT1", "D5");
    put(&mut st, "GI1", "E5");
    let (lines, _) = play(&mut st, &data, &["MOVE RT1 E5 F5"], &[]);
    assert!(said(&lines, "E5 holds an enemy unit"), "{lines:?}");
    assert_eq!(at(&st, "RT1"), Some(sq("D5")));
}

#[test]
fn a_far_square_finds_its_path_and_lake_nogo_is_impassable() {
    let (data, mut st) = game("nogo");
    put(&mut st, "RI3", "C3");
    let (lines, _) = play(&mut st, &data, &["SUPPLY CAPITAL", "MOVE RI3 D3", "MOVE RI3 C1"], &[]);
    assert!(said(&lines, "D3 is Lake Nogo"), "{lines:?}");
    assert_eq!(at(&st, "RI3"), Some(sq("C1")), "a two-step route is found for one far square: {lines:?}");
}

#[test]
fn ex1_amphibious_move_from_a_port_then_an_attack() {
    let (data, mut st) = game("main");
    st.options.amphibious = true;
    put(&mut st, "RI8", "A1");
    put(&mut st, "GI1", "I6");
    let (lines, _) = play(&mut st, &data, &["SUPPLY CAPITAL", "AMPHIB RI8 J6", "ATTACK RI8 I6"], &[6]);
    assert_eq!(at(&st, "RI8"), Some(sq("J6")), "{lines:?}");
    assert!(said(&lines, "RI8 attacks GI1 at I6 (range 1)"), "{lines:?}");
    // Not from a square that is no Port.
    put(&mut st, "RI7", "B6");
    let r = actions::amphib_ok(&st, &data, "RI7", sq("A1"));
    assert!(r.unwrap_err().contains("not on a Port"));
}

// ---- Attacks ----

#[test]
fn ex2_ranges_are_counted_orthogonally_and_diagonally() {
    let (data, mut st) = game("main");
    put(&mut st, "RA1", "D2");
    put(&mut st, "GT1", "F4");
    put(&mut st, "GI1", "G5");
    put(&mut st, "GI2", "H4");
    assert!(battle::check(&st, &data, Side::Red, "RA1", sq("G5")).is_ok(), "range 3, diagonally");
    assert!(battle::check(&st, &data, Side::Red, "RA1", sq("H4")).is_err(), "range 5");
    put(&mut st, "RI4", "D4");
    assert!(battle::check(&st, &data, Side::Green, "GT1", sq("D4")).is_ok(), "range 2");
    assert!(battle::check(&st, &data, Side::Green, "GT1", sq("D2")).is_ok(), "range 2, diagonally");
}

#[test]
fn ex3_city_only_attack_enters_on_1_to_4_and_misses_on_5_6() {
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "G5");
    put(&mut st, "RI5", "G6");
    assert!(battle::check(&st, &data, Side::Red, "RA1", sq("H5")).is_err());
    let (lines, labels) =
        play(&mut st, &data, &["SUPPLY CAPITAL", "ATTACK RI5 H5", "ATTACK RI4 H5"], &[5, 4]);
    assert!(said(&lines, "die 5: a miss"), "{lines:?}");
    assert_eq!(at(&st, "RI5"), Some(sq("G6")));
    assert_eq!(at(&st, "RI4"), Some(sq("H5")), "a 4 enters the city: {lines:?}");
    assert!(st.fallen.contains(&sq("H5")), "Green's Air Base Falls");
    assert!(labels[0].contains("SEP-1 RI5\u{2192}H5 city die"), "{labels:?}");
    // Only from next to it.
    put(&mut st, "RA1", "F4");
    assert!(battle::check(&st, &data, Side::Red, "RA1", sq("J3")).unwrap_err().contains("EX3"));
}

#[test]
fn ex4_height_gives_the_dice_and_artillery_never_adjusts() {
    // E: a Tank on a Mountain above its targets rolls both dice on the range 1 column;
    // G: Artillery below E still reads the range 1 column with one die.
    let (data, mut st) = game("main");
    put(&mut st, "RT1", "D5"); // Mountain
    put(&mut st, "GI1", "E6"); // Valley
    let (lines, labels) = play(&mut st, &data, &["ATTACK RT1 E6 TAKE WHITE"], &[3, 1]);
    assert_eq!(labels.len(), 2, "white and yellow: {labels:?}");
    assert!(said(&lines, "range 1 column, face 3"), "{lines:?}");
    let (data, mut st) = game("main");
    st.turn = 2; // Green's turn
    turn::start(&mut st, &mut Log::default());
    put(&mut st, "GA1", "E6");
    put(&mut st, "RT1", "D5");
    let (lines, labels) = play(&mut st, &data, &["ATTACK GA1 D5"], &[2]);
    assert_eq!(labels.len(), 1, "{labels:?}");
    assert!(said(&lines, "range 1 column, face 2"), "{lines:?}");
    // Infantry below its target reads one column right.
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "E6");
    put(&mut st, "GI1", "D5");
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 D5"], &[1]);
    assert!(said(&lines, "range 2 column, face 1"), "{lines:?}");
}

#[test]
fn a_tank_above_takes_white_or_yellow_and_infantry_reads_yellow_only_after_adv() {
    let (data, mut st) = game("main");
    put(&mut st, "RT1", "D5");
    put(&mut st, "GI1", "E6");
    // White 4 is Rout; yellow 1 is Blitz: BEST takes the yellow Blitz.
    let (lines, _) = play(&mut st, &data, &["ATTACK RT1 E6 TAKE BEST"], &[4, 1]);
    assert!(said(&lines, "Advantage column, face 1"), "{lines:?}");
    assert_eq!(st.unit("GI1").unwrap().place, Place::Gone);
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "D5");
    put(&mut st, "GI1", "E6");
    // Infantry: white 4 (Rout) stands; the yellow column only after an Adv.
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 E6"], &[4, 1]);
    assert!(said(&lines, "range 1 column, face 4"), "{lines:?}");
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "D5");
    put(&mut st, "GI1", "E6");
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 E6"], &[5, 4]);
    assert!(said(&lines, "Advantage column, face 4"), "{lines:?}");
    assert!(st.unit("GI1").unwrap().disrupted);
}

#[test]
fn ex5_rout_on_beach_desert_port_disrupts_and_no_retreat_disrupts() {
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "F6");
    put(&mut st, "GI1", "G6"); // Beach
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 G6"], &[4]);
    assert!(said(&lines, "Rout on a beach, desert or port: the target disrupts"), "{lines:?}");
    assert!(st.unit("GI1").unwrap().disrupted);
    // A Rout with a safe square: Green retreats (its standing order) and Red picks the square.
    let (data, mut st) = game("main");
    st.green.policy.insert("ROUT".into(), vec!["ROUT RETREAT".into()]);
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4"); // Valley
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 F4 RETREAT F5 G4"], &[4]);
    assert!(said(&lines, "GI1 Routs and Retreats"), "{lines:?}");
    assert_eq!(at(&st, "GI1"), Some(sq("G4")), "F5 is next to the attacker: {lines:?}");
    // No safe square: disrupted.
    let (data, mut st) = game("main");
    st.green.policy.insert("ROUT".into(), vec!["ROUT RETREAT".into()]);
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    for (id, s) in [("RT1", "G3"), ("RT2", "G5"), ("RT3", "E5"), ("RI5", "E3")] {
        put(&mut st, id, s);
    }
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 F4"], &[4]);
    assert!(said(&lines, "no safe square to retreat to"), "{lines:?}");
    assert!(st.unit("GI1").unwrap().disrupted);
}

#[test]
fn retreat_squares_avoid_active_enemies_and_unfriendly_cities() {
    let (data, mut st) = game("main");
    put(&mut st, "GI1", "G5");
    put(&mut st, "RI4", "F6");
    let legal = battle::retreat_squares(&st, &data, "GI1");
    assert!(!legal.contains(&sq("G6")) && !legal.contains(&sq("F5")), "next to RI4: {legal:?}");
    assert!(legal.contains(&sq("H4")), "{legal:?}");
    disrupt(&mut st, "RI4");
    assert!(battle::retreat_squares(&st, &data, "GI1").contains(&sq("G6")), "a disrupted unit does not bar");
    // Next to Red's Air Base C2 is no retreat for Green.
    put(&mut st, "GI2", "D3");
    let legal = battle::retreat_squares(&st, &data, "GI2");
    assert!(!legal.contains(&sq("D2")) && legal.contains(&sq("E3")), "{legal:?}");
}

#[test]
fn ex6_dug_in_and_city_defense_read_the_icons() {
    let (data, mut st) = game("main");
    put(&mut st, "RT1", "D5"); // Mountain
    put(&mut st, "GI1", "E5"); // Hill: Infantry dug in
    let (lines, _) = play(&mut st, &data, &["ATTACK RT1 E5 TAKE WHITE"], &[4, 6]);
    assert!(said(&lines, "Dug In"), "a four (soldier bonus): {lines:?}");
    assert!(!st.unit("GI1").unwrap().disrupted);
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "G5");
    put(&mut st, "GI1", "H5"); // Green's Air Base: face 2 carries its icon
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 H5"], &[2]);
    assert!(said(&lines, "City Defense"), "{lines:?}");
}

#[test]
fn a_disrupted_target_is_blitzed_by_disrupt_or_rout() {
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    disrupt(&mut st, "GI1");
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 F4"], &[3]);
    assert!(said(&lines, "a disrupted target is Blitzed"), "{lines:?}");
    assert_eq!(st.unit("GI1").unwrap().place, Place::Gone);
}

#[test]
fn displacement_is_a_choice_except_into_a_city() {
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    let (_, _) = play(&mut st, &data, &["ATTACK RI4 F4 DISPLACE"], &[1]);
    assert_eq!(at(&st, "RI4"), Some(sq("F4")));
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    play(&mut st, &data, &["ATTACK RI4 F4"], &[1]);
    assert_eq!(at(&st, "RI4"), Some(sq("E4")), "NODISPLACE is the default outside cities");
    // Into a city it is compulsory: the Air Base Falls.
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "G5");
    put(&mut st, "GI1", "H5");
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 H5 NODISPLACE"], &[1]);
    assert_eq!(at(&st, "RI4"), Some(sq("H5")), "{lines:?}");
    assert!(said(&lines, "compulsory"));
    assert!(st.fallen.contains(&sq("H5")));
}

#[test]
fn entering_the_enemy_capital_wins_by_attack_or_by_displacement() {
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "I4");
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 J4", "MOVE RI3 C2"], &[2]);
    assert_eq!(st.winner, Some(Side::Red), "{lines:?}");
    assert!(st.over.as_deref().unwrap().contains("Capital J4"));
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "I4");
    put(&mut st, "GI2", "J4");
    play(&mut st, &data, &["ATTACK RI4 J4"], &[2]); // face 2: Blitz (no Capital icon)
    assert_eq!(st.winner, Some(Side::Red));
}

// ---- Fall, Free, supply ----

#[test]
fn fall_and_free_swap_stacks_used_or_unused() {
    let (data, mut st) = game("main");
    let mut log = Log::default();
    // Green's Air stack unused: a Fallen chit replaces it.
    supply::fall(&mut st, Side::Green, Terrain::AirBase, &mut log);
    let air = st.green.stacks.iter().find(|s| s.supply == Supply::FallenAir).unwrap();
    assert_eq!((air.chits, air.used), (1, false));
    // Freed while unused: the card's stack comes back.
    supply::free(&mut st, &data, Side::Green, Terrain::AirBase, &mut log);
    let air = st.green.stacks.iter().find(|s| s.supply == Supply::Air).unwrap();
    assert_eq!((air.chits, air.used), (3, false));
    // Used Industry: the Fallen chit goes to the used area.
    st.green.stacks[2].used = true;
    st.green.stacks[2].chits = 0;
    supply::fall(&mut st, Side::Green, Terrain::Industry, &mut log);
    assert_eq!(st.green.stacks[2].supply, Supply::FallenIndustry);
    assert!(st.green.stacks[2].used);
    supply::free(&mut st, &data, Side::Green, Terrain::Industry, &mut log);
    assert_eq!(
        (st.green.stacks[2].supply, st.green.stacks[2].chits),
        (Supply::Industry, 0),
        "set aside, not refilled"
    );
}

#[test]
fn ruling_7_a_city_falling_while_its_stack_is_in_use_leaves_one_fallen_chit() {
    let (data, mut st) = game("main");
    st.current.stack = Some(0); // Red's Air in use
    st.red.stacks[0].used = true;
    st.red.stacks[0].chits = 2;
    supply::fall(&mut st, Side::Red, Terrain::AirBase, &mut Log::default());
    assert_eq!((st.red.stacks[0].supply, st.red.stacks[0].chits), (Supply::FallenAir, 1));
    // Ruling 9: a Fallen chit in use that is freed stays as it is this turn.
    supply::free(&mut st, &data, Side::Red, Terrain::AirBase, &mut Log::default());
    assert_eq!(st.red.stacks[0].supply, Supply::FallenAir);
}

#[test]
fn the_month_deals_fallen_chits_for_fallen_cities() {
    let (data, mut st) = game("main");
    st.fallen = vec![sq("C2"), sq("A4")];
    supply::deal(&mut st, &data, Side::Red, &mut Log::default());
    let kinds: Vec<(Supply, u8)> = st.red.stacks.iter().map(|s| (s.supply, s.chits)).collect();
    assert_eq!(kinds, vec![(Supply::FallenAir, 1), (Supply::Capital, 3), (Supply::FallenIndustry, 1)]);
}

#[test]
fn a_fallen_chit_gives_one_regular_action_two_with_cache_and_no_missions() {
    let (data, mut st) = game("main");
    st.fallen = vec![sq("C2")];
    supply::deal(&mut st, &data, Side::Red, &mut Log::default());
    put(&mut st, "RI3", "D2");
    put(&mut st, "RI4", "D4");
    let (lines, _) =
        play(&mut st, &data, &["SUPPLY FALLEN", "MOVE RI3 E2", "CACHE", "MOVE RI4 E4", "BUILD RT5"], &[]);
    assert_eq!(at(&st, "RI3"), Some(sq("E2")));
    assert_eq!(at(&st, "RI4"), Some(sq("E4")), "Cache gave the second: {lines:?}");
    assert!(said(&lines, "BUILD RT5"), "{lines:?}");
}

// ---- Missions ----

#[test]
fn build_costs_two_or_three_industry_and_the_unit_may_act_after() {
    let (data, mut st) = game("main");
    let (lines, _) =
        play(&mut st, &data, &["SUPPLY INDUSTRY", "BUILD RT5", "MOVE RT5 B5", "BUILD RI10"], &[]);
    assert_eq!(at(&st, "RT5"), Some(sq("B5")), "{lines:?}");
    assert!(said(&lines, "needs 2 Industry chits; 0 left"), "{lines:?}");
    let (data, mut st) = game("main");
    let (lines, _) =
        play(&mut st, &data, &["SUPPLY INDUSTRY", "BUILD RI10", "MOVE RI10 A5", "BUILD RA3"], &[]);
    assert_eq!(at(&st, "RI10"), Some(sq("A5")));
    assert_eq!(
        st.unit("RA3").unwrap().place,
        Place::Reserve,
        "Industry 4: 2, then 1, and the Artillery needs 2"
    );
    assert!(said(&lines, "needs 2 Industry chits; 1 left"), "{lines:?}");
}

#[test]
fn paratroop_drops_within_two_of_a_friend_and_counts_only_dry_land_on_nogo() {
    let (data, mut st) = game("main");
    put(&mut st, "RI1", "C2");
    put(&mut st, "RT2", "F4");
    put(&mut st, "GI1", "H4");
    let (lines, _) = play(&mut st, &data, &["SUPPLY AIR", "PARA RI1 H3", "ATTACK RI1 H4"], &[6]);
    assert!(said(&lines, "RI1 drops by Paratroop onto H3"), "{lines:?}");
    assert!(said(&lines, "RI1 attacks GI1 at H4"), "an action after the drop: {lines:?}");
    // Nogo: H3 to F5 is two squares, but three over dry land (the lake between).
    for (board, ok) in [("main", true), ("nogo", false)] {
        let (data, mut st) = game(board);
        put(&mut st, "RI1", "C2");
        put(&mut st, "RT2", "H3");
        assert_eq!(actions::para_ok(&st, &data, Side::Red, "RI1", sq("F5")).is_ok(), ok, "{board}");
    }
}

#[test]
fn regroup_costs_one_capital_and_the_unit_then_acts() {
    let (data, mut st) = game("main");
    put(&mut st, "RT1", "D3");
    disrupt(&mut st, "RT1");
    let (lines, _) =
        play(&mut st, &data, &["SUPPLY CAPITAL", "MOVE RT1 E3", "REGROUP RT1", "MOVE RT1 E3"], &[]);
    assert!(said(&lines, "RT1 is disrupted (REGROUP it first)"), "{lines:?}");
    assert_eq!(at(&st, "RT1"), Some(sq("E3")));
    assert!(!st.unit("RT1").unwrap().disrupted);
}

#[test]
fn two_actions_a_unit_and_no_regular_action_twice() {
    let (data, mut st) = game("main");
    put(&mut st, "RT1", "D3");
    let (lines, _) = play(
        &mut st,
        &data,
        &["SUPPLY INDUSTRY", "MOVE RT1 E3", "MOVE RT1 F3", "ATTACK RT1 F4", "COMMISSION"],
        &[],
    );
    assert!(said(&lines, "RT1 has already done MOVE this turn"), "{lines:?}");
    assert!(said(&lines, "holds no enemy unit"), "{lines:?}");
    // Commission needs an Exhausted Leadership; then it is Available at the end of the turn.
    let (data, mut st) = game("main");
    st.red.leadership = Leadership::Exhausted;
    let (lines, _) = play(&mut st, &data, &["COMMISSION"], &[]);
    assert!(said(&lines, "Red's Leadership is Available again"), "{lines:?}");
    assert_eq!(st.red.leadership, Leadership::Available);
}

// ---- Tasks and reactions ----

#[test]
fn ex8_maneuver_into_a_friendly_city_and_between_units() {
    let (data, mut st) = game("main");
    put(&mut st, "RI3", "B2");
    let (lines, _) = play(&mut st, &data, &["MANEUVER RI3 C2"], &[]);
    assert_eq!(at(&st, "RI3"), Some(sq("C2")), "{lines:?}");
    assert_eq!(st.red.leadership, Leadership::Exhausted);
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "G4");
    assert!(actions::maneuver_ok(&st, &data, Side::Red, "RI4", sq("H5")).unwrap_err().contains("EX8"));
    assert!(actions::maneuver_ok(&st, &data, Side::Red, "RI4", sq("H3")).is_ok(), "diagonals too");
}

#[test]
fn ex9_relieve_swaps_two_neighbours_one_active() {
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "D4");
    put(&mut st, "RT1", "E5");
    disrupt(&mut st, "RI4");
    play(&mut st, &data, &["RELIEVE RI4 RT1"], &[]);
    assert_eq!((at(&st, "RI4"), at(&st, "RT1")), (Some(sq("E5")), Some(sq("D4"))));
    disrupt(&mut st, "RT1");
    assert!(actions::relieve_ok(&st, Side::Red, "RI4", "RT1").is_err(), "both disrupted");
}

#[test]
fn cache_raises_the_stack_in_use_up_to_the_cards_value() {
    let (data, mut st) = game("main");
    let (lines, _) = play(&mut st, &data, &["SUPPLY CAPITAL", "CACHE"], &[]);
    assert!(said(&lines, "at its maximum of 3"), "{lines:?}");
    let (data, mut st) = game("main");
    put(&mut st, "RI3", "C1");
    let (lines, _) = play(&mut st, &data, &["SUPPLY CAPITAL", "MOVE RI3 D1", "CACHE"], &[]);
    assert!(said(&lines, "Red uses Cache"), "{lines:?}");
}

#[test]
fn rally_lessens_the_result_and_a_miss_rewards_the_target() {
    let (data, mut st) = game("main");
    st.green.policy.insert("RALLY".into(), vec!["RALLY WHEN RANGE 1".into()]);
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 F4"], &[1]);
    assert!(said(&lines, "Green rallies GI1 \u{2014} standing order"), "{lines:?}");
    assert!(st.unit("GI1").unwrap().disrupted, "Blitz became Disrupt: {lines:?}");
    assert_eq!(st.green.leadership, Leadership::Exhausted);
    // An unadjusted Miss: the active target fires back for free (REWARD FIRE).
    let (data, mut st) = game("main");
    st.green.policy.insert("RALLY".into(), vec!["RALLY".into()]);
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    let (lines, labels) = play(&mut st, &data, &["ATTACK RI4 F4"], &[6, 1]);
    assert!(said(&lines, "GI1 fires back at RI4"), "{lines:?}");
    assert_eq!(labels.len(), 2);
    assert_eq!(st.unit("RI4").unwrap().place, Place::Gone);
    // A disrupted target that is missed regroups.
    let (data, mut st) = game("main");
    st.green.policy.insert("RALLY".into(), vec!["RALLY".into()]);
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    disrupt(&mut st, "GI1");
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 F4"], &[6]);
    assert!(said(&lines, "GI1 regroups at once"), "{lines:?}");
    assert!(!st.unit("GI1").unwrap().disrupted);
}

#[test]
fn ex7_and_ruling_4_opportunity_fire_after_the_action_at_its_square() {
    // E drops on a Mountain; G may fire at it there.
    let (data, mut st) = game("main");
    st.green.policy.insert("OPFIRE".into(), vec!["OPFIRE ANY AT ANY".into()]);
    put(&mut st, "RI1", "C2");
    put(&mut st, "RT2", "E4");
    put(&mut st, "GA1", "H2");
    let (lines, labels) = play(&mut st, &data, &["SUPPLY AIR", "PARA RI1 E2"], &[6, 6]);
    assert!(said(&lines, "GA1 fires at RI1"), "{lines:?}");
    assert!(labels[0].contains("GA1\u{2192}E2"), "at the square it dropped on: {labels:?}");
    // Ruling 4: Commission triggers no Opportunity Fire; a Task is no action.
    let (data, mut st) = game("main");
    st.green.policy.insert("OPFIRE".into(), vec!["OPFIRE ANY AT ANY".into()]);
    st.red.leadership = Leadership::Exhausted;
    put(&mut st, "GA1", "D2");
    put(&mut st, "RI3", "C1");
    let (lines, _) = play(&mut st, &data, &["COMMISSION"], &[]);
    assert!(!said(&lines, "Opportunity Fire"), "{lines:?}");
    let (data, mut st) = game("main");
    st.green.policy.insert("OPFIRE".into(), vec!["OPFIRE ANY AT ANY".into()]);
    put(&mut st, "GA1", "D2");
    put(&mut st, "RI3", "C1");
    let (lines, _) = play(&mut st, &data, &["MANEUVER RI3 B1"], &[]);
    assert!(!said(&lines, "Opportunity Fire"), "{lines:?}");
}

#[test]
fn ruling_5_rally_is_asked_before_the_dice_and_after_actions_only() {
    let (data, mut st) = game("main");
    st.green.policy.insert("RALLY".into(), vec!["RALLY ASK".into()]);
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    let (_, labels) = play(&mut st, &data, &["ATTACK RI4 F4", "MOVE RI3 C2"], &[1]);
    let q = st.current.question.clone().expect("a question");
    assert_eq!((q.to, q.window.as_str()), (Side::Green, "rally"));
    assert!(labels.is_empty(), "no die before the answer");
    assert_eq!(st.current.lines.len(), 2, "the attack waits at the head of the lines");
    let mut log = Log::default();
    turn::answer(&mut st, &data, Some("RALLY GI1"), &mut Given::new(&[1]), &mut log);
    assert!(log.lines.iter().any(|(_, l)| l.contains("Green rallies GI1 \u{2014} answer by mail")));
    assert!(st.unit("GI1").unwrap().disrupted);
    assert!(log.lines.iter().any(|(to, l)| *to == To::Side(Side::Green) && l.contains("your answer")));
}

/// Red's turn with one Capital chit left to spend and its Leadership Exhausted.
fn red_with_one_capital_chit(revision: u8) -> (Data, State) {
    let (data, mut st) = game("main");
    st.options.revision = revision;
    st.red.leadership = Leadership::Exhausted;
    for s in st.red.stacks.iter_mut().filter(|s| s.supply == Supply::Capital) {
        s.chits = 1;
    }
    put(&mut st, "RI3", "B1");
    (data, st)
}

#[test]
fn a_wait_with_nothing_left_ends_the_turn() {
    // Ruling 12: the Capital chit is spent and the Leadership Exhausted, so the next
    // file could only pass: the WAIT ends the turn, and the line held after it is not run.
    let (data, mut st) = red_with_one_capital_chit(5);
    let (lines, _) = play(&mut st, &data, &["SUPPLY CAPITAL", "MOVE RI3 C1", "WAIT", "MOVE RI3 B1"], &[]);
    assert!(said(&lines, "the Capital supply is used up and its Leadership is not Available"), "{lines:?}");
    assert!(said(&lines, "the WAIT ends the turn"), "{lines:?}");
    assert!(!st.current.waiting);
    assert_eq!(st.active_side(), Side::Green, "the turn passed");
    assert_eq!(at(&st, "RI3"), Some(sq("C1")));
    // A chit still in hand, or Leadership Available: the WAIT stops the turn for mail.
    let (data, mut st) = red_with_one_capital_chit(5);
    play(&mut st, &data, &["SUPPLY CAPITAL", "WAIT", "MOVE RI3 C1"], &[]);
    assert!(st.current.waiting && st.active_side() == Side::Red);
    let (data, mut st) = red_with_one_capital_chit(5);
    st.red.leadership = Leadership::Available;
    play(&mut st, &data, &["SUPPLY CAPITAL", "MOVE RI3 C1", "WAIT"], &[]);
    assert!(st.current.waiting, "Leadership Available: a Task is still possible");
    // Campaigns pinned before revision 5 wait as they did.
    let (data, mut st) = red_with_one_capital_chit(4);
    play(&mut st, &data, &["SUPPLY CAPITAL", "MOVE RI3 C1", "WAIT"], &[]);
    assert!(st.current.waiting && st.active_side() == Side::Red);
}

#[test]
fn a_rally_that_changes_no_result_is_not_asked() {
    use umpire::games::front_line::attack::{self, Attack, Kind, Take};
    use umpire::games::front_line::data::Outcome;
    // With the rules' table every Rally changes something: each column holds a Rout or
    // a Miss, whatever the units, heights, terrain and range.
    let (data, _) = game("main");
    let kinds = [Kind::Infantry, Kind::Tank, Kind::Artillery];
    let grounds = [Terrain::Mountain, Terrain::Hill, Terrain::Valley, Terrain::Beach, Terrain::Capital];
    for attacker in kinds {
        for target in kinds {
            for (ah, th) in [(0, 0), (0, 2), (2, 0), (1, 1)] {
                for target_terrain in grounds {
                    for target_disrupted in [false, true] {
                        for range in 1..=3 {
                            let spec = Attack {
                                attacker,
                                attacker_height: ah,
                                target,
                                target_height: th,
                                target_terrain,
                                target_disrupted,
                                range,
                                take: Take::Best,
                                rallied: false,
                            };
                            assert!(attack::rally_matters(&data.attack, &spec), "{spec:?}");
                        }
                    }
                }
            }
        }
    }
    // A GM's own table where a disrupted target is Blitzed whatever a Rally does: the
    // question would have one real answer, so it is not asked from revision 5.
    let mut own = data.clone();
    let harsh = vec![
        Outcome::Blitz,
        Outcome::Disrupt,
        Outcome::Blitz,
        Outcome::Disrupt,
        Outcome::Blitz,
        Outcome::Disrupt,
    ];
    own.attack.ranges = [harsh.clone(), harsh.clone(), harsh.clone()];
    own.attack.adv = harsh;
    for (revision, asked) in [(5, false), (4, true)] {
        let (_, mut st) = game("main");
        st.options.revision = revision;
        st.green.policy.insert("RALLY".into(), vec!["RALLY ASK".into()]);
        put(&mut st, "RI4", "E4");
        put(&mut st, "GI1", "F4");
        disrupt(&mut st, "GI1");
        let (lines, _) = play(&mut st, &own, &["ATTACK RI4 F4"], &[2]);
        assert_eq!(st.current.question.is_some(), asked, "revision {revision}: {lines:?}");
        if !asked {
            assert_eq!(st.unit("GI1").unwrap().place, Place::Gone, "{lines:?}");
            assert_eq!(st.green.leadership, Leadership::Available, "no Leadership spent on it");
        }
    }
    // The rules' table asks as before.
    let (data, mut st) = game("main");
    st.options.revision = 5;
    st.green.policy.insert("RALLY".into(), vec!["RALLY ASK".into()]);
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    disrupt(&mut st, "GI1");
    play(&mut st, &data, &["ATTACK RI4 F4"], &[2]);
    assert!(st.current.question.is_some());
}

#[test]
fn at_most_two_questions_a_turn_then_the_standing_lines_answer() {
    let (data, mut st) = game("main");
    st.green.policy.insert("OPFIRE".into(), vec!["OPFIRE ASK".into(), "OPFIRE ANY AT ANY".into()]);
    put(&mut st, "GA1", "F2");
    put(&mut st, "RI3", "D1");
    play(&mut st, &data, &["SUPPLY CAPITAL", "MOVE RI3 E1"], &[]);
    let q = st.current.question.clone().expect("asked");
    assert_eq!(q.answers.last().map(String::as_str), Some("no reaction"));
    assert_eq!(q.answers[q.default], "OPFIRE GA1 AT RI3", "the standing line is the default");
    st.current.asks = 2;
    st.current.question = None;
    put(&mut st, "RI4", "D3");
    let (lines, _) = play(&mut st, &data, &["MOVE RI4 E3"], &[6, 6]);
    assert!(st.current.question.is_none());
    assert!(said(&lines, "GA1 fires at RI4 \u{2014} standing order"), "{lines:?}");
}

// ---- The Edge ----

#[test]
fn ruling_3_the_edge_moves_on_a_finalized_1_or_6_of_the_deciding_die() {
    let (data, mut st) = game("main");
    put(&mut st, "RT1", "D5");
    put(&mut st, "GI1", "E6");
    // White 5 (Adv) sends to the yellow: yellow 6 finalizes; the Edge goes to Red.
    play(&mut st, &data, &["ATTACK RT1 E6 TAKE BEST"], &[5, 6]);
    assert_eq!((st.edge.holder, st.edge.on), (Some(Side::Red), false));
    let (data, mut st) = game("main");
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    play(&mut st, &data, &["ATTACK RI4 F4"], &[1]);
    assert_eq!(st.edge.holder, Some(Side::Green), "a 1 goes to the defender");
}

#[test]
fn an_on_edge_rerolls_all_dice_then_goes_off_and_turns_on_by_the_option() {
    let (data, mut st) = game("main");
    st.edge = umpire::games::front_line::state::Edge { holder: Some(Side::Red), on: true };
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    let (lines, labels) = play(&mut st, &data, &["ATTACK RI4 F4 EDGE IF MISS ROUT"], &[4, 2]);
    assert!(said(&lines, "Red uses the Edge"), "{lines:?}");
    assert!(labels[1].ends_with("white re-roll (Edge)"), "{labels:?}");
    assert_eq!(st.unit("GI1").unwrap().place, Place::Gone, "the re-roll's 2 is a Blitz at range 1");
    assert_eq!(st.edge.holder, None, "used: to the Edge Is Off area");
    // Defender: a Blitz re-rolled by default.
    let (data, mut st) = game("main");
    st.edge = umpire::games::front_line::state::Edge { holder: Some(Side::Green), on: true };
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    let (lines, _) = play(&mut st, &data, &["ATTACK RI4 F4"], &[1, 5]);
    assert!(said(&lines, "Green uses the Edge"), "{lines:?}");
    assert_eq!(st.unit("GI1").unwrap().place, Place::Board(sq("F4")));
    // own-turn: a held OFF Edge turns ON when its holder's turn begins.
    let (_, mut st) = game("main");
    st.edge = umpire::games::front_line::state::Edge { holder: Some(Side::Red), on: false };
    turn::start(&mut st, &mut Log::default());
    assert!(st.edge.on);
    let (data, mut st) = game("main");
    st.options.edge_ready = EdgeReady::AtOnce;
    put(&mut st, "RI4", "E4");
    put(&mut st, "GI1", "F4");
    play(&mut st, &data, &["ATTACK RI4 F4"], &[6]);
    assert_eq!((st.edge.holder, st.edge.on), (Some(Side::Red), true), "at-once");
    // next-round: a held Edge stays OFF through the turns and turns ON with the month.
    let (data, mut st) = game("main");
    st.options.edge_ready = EdgeReady::NextRound;
    st.edge = umpire::games::front_line::state::Edge { holder: Some(Side::Red), on: false };
    for _ in 0..5 {
        play(&mut st, &data, &["PASS"], &[]);
        assert!(!st.edge.on);
    }
    play(&mut st, &data, &["PASS"], &[]);
    assert!(st.edge.on, "October");
}

// ---- Turns, passing, the end ----

#[test]
fn ruling_6_passing_burns_the_named_stack_else_fallen_then_smallest() {
    let (data, mut st) = game("main");
    play(&mut st, &data, &["PASS INDUSTRY"], &[]);
    assert!(st.red.stacks[2].used && !st.red.stacks[0].used);
    let (data, mut st) = game("main");
    play(&mut st, &data, &["PASS"], &[]);
    assert!(st.red.stacks[0].used, "Air 3 and Capital 3 tie: Air");
    let (data, mut st) = game("main");
    st.fallen = vec![sq("A4")];
    supply::deal(&mut st, &data, Side::Red, &mut Log::default());
    play(&mut st, &data, &[], &[]);
    assert_eq!(
        st.red.stacks.iter().filter(|s| s.used).map(|s| s.supply).collect::<Vec<_>>(),
        vec![Supply::FallenIndustry]
    );
}

#[test]
fn guards_and_or_lines_choose_what_runs() {
    let (data, mut st) = game("main");
    put(&mut st, "RI3", "C1");
    put(&mut st, "GI1", "E1");
    let (lines, _) = play(
        &mut st,
        &data,
        &["SUPPLY CAPITAL", "IF E1 EMPTY MOVE RI3 D1 E1", "OR MOVE RI3 D1", "OR MOVE RI3 C2"],
        &[],
    );
    assert_eq!(at(&st, "RI3"), Some(sq("D1")), "{lines:?}");
    assert!(said(&lines, "the condition does not hold"));
}

#[test]
fn ruling_8_op_leadership_tie_break_and_draw() {
    let (data, mut st) = game("main");
    put(&mut st, "RI3", "E3"); // purple: 1
    put(&mut st, "RI4", "H1"); // Green's country, no city: 1
    put(&mut st, "GI1", "F4"); // purple: 1
    st.fallen = vec![sq("J3")]; // Green's Industry: 3 to Red
    st.red.leadership = Leadership::Commissioned;
    st.green.leadership = Leadership::Available;
    assert!(!st.camp(Side::Red).leadership.eq(&Leadership::Available));
    // The last turn's Commission becomes Available at its end, and scores.
    st.month = 3;
    st.turn = 6;
    st.first = Side::Green; // turn 6 is Red's
    turn::start(&mut st, &mut Log::default());
    let mut log = Log::default();
    turn::end(&mut st, &data, &mut log);
    assert_eq!(st.stage, Stage::Over);
    assert_eq!(score::op(&st, &data, Side::Red).0, 6, "{:?}", score::op(&st, &data, Side::Red).1);
    assert_eq!(score::op(&st, &data, Side::Green).0, 2);
    assert_eq!(st.winner, Some(Side::Red));
    // Purple squares are no cities: a Move may end on one.
    assert!(!data.main.at(sq("E3")).is_city());
    // Equal OP: more units on the board wins; equal units: a draw.
    let (data, mut st) = game("main");
    put(&mut st, "RI3", "E3");
    put(&mut st, "GI1", "F4");
    put(&mut st, "GI2", "J1");
    score::end(&mut st, &data, &mut Log::default());
    assert_eq!(st.winner, Some(Side::Green), "{:?}", st.over);
    let (data, mut st) = game("main");
    put(&mut st, "RI3", "E3");
    put(&mut st, "GI1", "F4");
    score::end(&mut st, &data, &mut Log::default());
    assert_eq!(st.winner, None);
    assert!(st.over.as_deref().unwrap().contains("a draw"));
}

#[test]
fn the_month_ends_after_six_turns_and_new_supply_is_dealt() {
    let (data, mut st) = game("main");
    for side in [Side::Red, Side::Green] {
        let chosen = setup::placement(&data, &st, side, &[]).unwrap();
        setup::place(&mut st, side, &chosen);
    }
    for _ in 0..6 {
        play(&mut st, &data, &["PASS"], &[]);
    }
    assert_eq!((st.month, st.turn), (1, 1));
    assert!(st.red.stacks.iter().all(|s| !s.used));
    assert_eq!(st.turn_id(), "OCT-1");
    umpire::games::front_line::invariants::check(&st, &data).unwrap();
}
