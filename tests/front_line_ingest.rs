//! Front Line: "accepted" means the line will run (issue 24). Impossible lines of every
//! kind players sent by mail go through the real `ingest` and are refused at once with
//! the true reason; lines whose fate waits on dice or on the other side's reaction are
//! accepted with a note on the line, in the acknowledgement's echo; the rulebook's
//! `PARATROOP` is read as `PARA`.
//!
//! The positions are those of recommended set-up 1 (`games/front-line/setups.toml`):
//! Red RI1 on C2 (Red's Air Base on the Main battlefield), RI4 on C5, RT1 on C3, RA1 on
//! B4; Green GT1 on H4.

mod common;

use common::*;
use std::collections::BTreeMap;

struct Game {
    tmp: tempfile::TempDir,
    dir: std::path::PathBuf,
    secrets: BTreeMap<String, String>,
    n: usize,
}

impl Game {
    /// Both sides take set-up 1 and Red (anna) moves first: SEP-1 is open.
    fn at_red_first_turn() -> Game {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("g");
        let secrets = new_campaign(&dir, "front-line", &["anna", "ben"]);
        let mut g = Game { tmp, dir, secrets, n: 0 };
        assert!(g.send("anna", "SETUP 1\nFIRST ME").contains("accepted"));
        assert!(g.send("ben", "SETUP 1\nFIRST YOU").contains("accepted"));
        ok(&["adjudicate", g.dir.to_str().unwrap(), "--force"]);
        assert_eq!(open_phase(&g.dir), "SEP-1");
        g
    }

    fn send(&mut self, player: &str, body: &str) -> String {
        self.n += 1;
        let text = format!("GAME g\nPLAYER {player}\nSECRET {}\n{body}\nEND\n", self.secrets[player]);
        let f = file(
            self.tmp.path(),
            &format!("m{}.eml", self.n),
            &mail(&format!("{player}@example.org"), &format!("m{}", self.n), &text),
        );
        ok(&["ingest", self.dir.to_str().unwrap(), f.to_str().unwrap()])
    }

    /// Sends Red's turn file; insists it is refused and returns the acknowledgement.
    fn refused(&mut self, body: &str) -> String {
        let said = self.send("anna", body);
        let ack = newest_ack(&self.dir);
        assert!(said.contains("refused"), "accepted:\n{body}\n{ack}");
        ack
    }

    /// Sends Red's turn file; insists it is accepted and returns the echo's lines.
    fn accepted(&mut self, body: &str) -> Vec<String> {
        let said = self.send("anna", body);
        let ack = newest_ack(&self.dir);
        assert!(said.contains("accepted"), "refused:\n{body}\n{ack}");
        let at = ack.find("Your orders as understood:").unwrap();
        ack[at..].lines().skip(1).take_while(|l| l.starts_with("  ")).map(|l| l.trim().to_string()).collect()
    }
}

#[test]
fn a_move_onto_an_occupied_square_or_too_far_is_refused_with_the_distance() {
    let mut g = Game::at_red_first_turn();
    let ack = g.refused("SUPPLY CAPITAL\nMOVE RI1 C3");
    assert!(ack.contains("C3 is not empty"), "{ack}");
    let ack = g.refused("MOVE RI1 G2");
    assert!(ack.contains("C2 to G2 is 4 squares; Infantry moves 1 or 2 (3 through Desert)"), "{ack}");
    let ack = g.refused("MOVE RI1 F2");
    assert!(ack.contains("C2 to F2 is 3 squares"), "{ack}");
}

#[test]
fn the_start_square_written_in_is_refused_saying_so() {
    let mut g = Game::at_red_first_turn();
    let ack = g.refused("MOVE RI1 C2 D2");
    assert!(ack.contains("C2 is where RI1 stands: write only the squares it enters (MOVE RI1 D2)"), "{ack}");
}

#[test]
fn an_attack_beyond_range_is_refused_before_any_supply_is_spent() {
    let mut g = Game::at_red_first_turn();
    let ack = g.refused("SUPPLY AIR\nATTACK RA1 H4");
    assert!(ack.contains("H4 is 6 squares from RA1, beyond its range 3"), "{ack}");
}

#[test]
fn a_third_wait_is_refused() {
    let mut g = Game::at_red_first_turn();
    let ack = g.refused("SUPPLY CAPITAL\nWAIT\nMOVE RI1 D2\nWAIT\nWAIT");
    // The envelope's three lines come first: the body's fifth line is the mail's eighth.
    assert!(ack.contains("line 8: WAIT"), "{ack}");
    assert!(ack.contains("at most 2 WAITs a turn"), "{ack}");
}

#[test]
fn units_that_cannot_act_are_refused() {
    let mut g = Game::at_red_first_turn();
    let ack = g.refused("BUILD RI1");
    assert!(ack.contains("RI1 is not in the reserve"), "{ack}");
    let ack = g.refused("MOVE GI1 G5");
    assert!(ack.contains("GI1 is not one of your units"), "{ack}");
    let ack = g.refused("REGROUP RI4");
    assert!(ack.contains("RI4 is not a disrupted unit on the board"), "{ack}");
    let ack = g.refused("COMMISSION");
    assert!(ack.contains("your Leadership is not Exhausted"), "{ack}");
}

#[test]
fn after_the_first_action_the_other_side_may_react_so_later_lines_are_noted_or_refused_for_good() {
    let mut g = Game::at_red_first_turn();
    // The second move waits on Green's chance to react to the first: noted.
    let echo = g.accepted("SUPPLY CAPITAL\nMOVE RI1 D2\nMOVE RI4 D5");
    let at = echo.iter().position(|l| l == "MOVE RI4 D5").unwrap();
    let note = &echo[at + 1];
    assert!(note.starts_with("# runs after MOVE RI1 D2, when Green may react"), "{echo:?}");
    assert!(
        !echo[1].starts_with('#') && !echo[2].starts_with('#'),
        "the lines before it are certain: {echo:?}"
    );
    // The echo, notes and all, goes back as it stands.
    assert_eq!(g.accepted(&echo.join("\n")), echo);
    // But what no reaction can change is refused even there: RI4 is used by no
    // earlier line, so it stands on C5, four squares from G5.
    let ack = g.refused("SUPPLY CAPITAL\nMOVE RI1 D2\nMOVE RI4 G5");
    assert!(ack.contains("line 6: MOVE RI4 G5") && ack.contains("C5 to G5 is 4 squares"), "{ack}");
}

#[test]
fn an_empty_city_out_of_reach_is_refused_and_lines_after_a_wait_are_held() {
    let mut g = Game::at_red_first_turn();
    // An empty Green city next to nobody: the attack is refused, not burned.
    let ack = g.refused("ATTACK RT1 J3");
    assert!(ack.contains("an empty city is attacked only from next to it"), "{ack}");
    let echo = g.accepted("SUPPLY CAPITAL\nMOVE RI1 D2\nWAIT\nMOVE RI4 D5");
    let at = echo.iter().position(|l| l == "MOVE RI4 D5").unwrap();
    assert!(echo[at + 1].contains("held after the WAIT:"), "{echo:?}");
}

#[test]
fn a_wait_with_nothing_left_ends_the_turn_instead_of_asking_for_a_file() {
    let mut g = Game::at_red_first_turn();
    // Three Air chits (one more by Cache, which Exhausts the Leadership) pay for four
    // moves out of Green's reach; then nothing is left, so the WAIT ends the turn and no
    // continuation is asked of Red (ruling 12).
    let echo = g
        .accepted("SUPPLY AIR\nMOVE RI1 D2\nCACHE\nMOVE RI4 D5\nMOVE RT1 D3\nMOVE RA1 A4\nWAIT\nMOVE RI1 C2");
    assert!(echo.iter().any(|l| l == "WAIT"), "{echo:?}");
    ok(&["adjudicate", g.dir.to_str().unwrap(), "--force"]);
    assert_eq!(open_phase(&g.dir), "SEP-2", "Green's turn, not Red's continuation");
    let report = newest_report(&g.dir, "anna");
    assert!(report.contains("the WAIT ends the turn"), "{report}");
    assert!(report.contains("the Air supply is used up"), "{report}");
}

#[test]
fn the_rulebook_word_paratroop_is_read_as_para() {
    let mut g = Game::at_red_first_turn();
    // RI1 stands on Red's Air Base (C2); E2 is an empty Mountain two squares from it.
    let echo = g.accepted("paratroop RI1 E2");
    assert_eq!(echo.first().map(String::as_str), Some("PARA RI1 E2"), "{echo:?}");
    let ack = g.refused("PARATROOP RT1 E2");
    assert!(ack.contains("only Infantry drop by Paratroop"), "{ack}");
}

#[test]
fn every_accepted_line_without_a_note_runs() {
    let mut g = Game::at_red_first_turn();
    let echo = g.accepted("SUPPLY CAPITAL\nMOVE RI1 D2\nMOVE RI4 D5\nMOVE RI3 D1");
    ok(&["adjudicate", g.dir.to_str().unwrap(), "--force"]);
    let report = newest_report(&g.dir, "anna");
    for line in echo.iter().filter(|l| !l.starts_with('#')) {
        assert!(!report.contains(&format!("skipped: {line}")), "{line} was skipped:\n{report}");
    }
    assert!(report.contains("RI1 moves D2"), "{report}");
}
