//! Freedom! "accepted" means "it will run" (issue 24): impossible lines of every kind a
//! player by mail was seen to send go through real ingest, on a game dealt unshuffled
//! (option deal=listed: kutahi holds A01-A08, eleni A09-A16, games/freedom-messolonghi/
//! demo.toml), and each is refused with its line and the true reason; a line whose fate
//! hangs on the dice is accepted with a note saying so.

use std::collections::BTreeMap;
use std::path::Path;

use umpire::campaign::Campaign;
use umpire::campaign::adjudicate;
use umpire::campaign::ingest::{self, Verdict};
use umpire::campaign::new::{self, NewCampaign};

struct Game {
    dir: tempfile::TempDir,
    secrets: BTreeMap<String, String>,
}

impl Game {
    fn new() -> Game {
        umpire::games::install();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g");
        let created = new::create(NewCampaign {
            system: "freedom-messolonghi".into(),
            dir: path.clone(),
            id: Some("g".into()),
            players: ["kutahi", "eleni"]
                .iter()
                .map(|p| (p.to_string(), format!("{p}@example.org")))
                .collect(),
            gm_email: Some("gm@example.org".into()),
            address: Some("game@example.org".into()),
            scenario: None,
            options: [("deal".to_string(), "listed".to_string())].into_iter().collect(),
            chain_length: None,
            schedule: None,
            dice_key: None,
            keep_reports: None,
        })
        .unwrap();
        let g = Game { dir, secrets: created.player_secrets.into_iter().collect() };
        adjudicate::run_automatic(&mut g.campaign()).unwrap();
        g
    }

    fn path(&self) -> std::path::PathBuf {
        self.dir.path().join("g")
    }

    fn campaign(&self) -> Campaign {
        Campaign::open(&self.path()).unwrap()
    }

    /// Sends `body` as `player`; returns whether it was accepted, and the acknowledgement.
    fn send(&self, player: &str, body: &str) -> (bool, String) {
        let mut c = self.campaign();
        let step = c.steps() + 1;
        let text = format!("GAME g\nPLAYER {player}\nSECRET {}\n{body}\nEND\n", self.secrets[player]);
        let done = ingest::ingest(&mut c, text.as_bytes()).unwrap();
        let ack = ack(&self.path(), step, done.input);
        (matches!(done.verdict, Verdict::Accepted { .. }), ack)
    }

    fn accept(&self, player: &str, body: &str) -> String {
        let (ok, ack) = self.send(player, body);
        assert!(ok, "{player}'s file was refused:\n{body}\n{ack}");
        ack
    }

    fn refused(&self, player: &str, body: &str, line: &str, reason: &str) {
        let (ok, ack) = self.send(player, body);
        assert!(!ok, "{player}'s file was accepted:\n{body}\n{ack}");
        let at = ack
            .find(&format!(": {line}\n"))
            .unwrap_or_else(|| panic!("the refusal does not name '{line}':\n{ack}"));
        assert!(ack[at..].contains(reason), "the refusal of '{line}' does not say '{reason}':\n{ack}");
    }

    fn resolve(&self) {
        adjudicate::adjudicate(&mut self.campaign(), false).unwrap();
    }

    fn phase(&self) -> String {
        let c = self.campaign();
        c.phase(&c.current_state().unwrap()).unwrap().id
    }
}

fn ack(dir: &Path, step: u64, input: u64) -> String {
    std::fs::read_to_string(dir.join(format!("phases/{step}/acks/{input:06}.txt"))).unwrap()
}

/// The game as demo.toml plays it up to the first card play (R1-P01, kutahi's).
fn at_first_play() -> Game {
    let g = Game::new();
    assert_eq!(g.phase(), "SETUP");
    g.accept("kutahi", "READY");
    g.accept("eleni", "READY");
    g.resolve();
    assert_eq!(g.phase(), "R1-ADV");
    // The Advancement: one space forward, never back.
    g.refused("kutahi", "ADVANCE M2a-M3a", "ADVANCE M2a-M3a", "M2a-M3a: one space forward");
    g.refused("kutahi", "ALLIES M4a 2", "ALLIES M4a 2", "round 4 only");
    g.accept("kutahi", "ADVANCE M2b-M1b M2c-M1c M2d-M1d");
    g.resolve();
    assert_eq!(g.phase(), "R1-REGROUP");
    g.refused("eleni", "REGROUP M5a F4", "REGROUP M5a F4", "no Insurgent unit on M5a");
    g.accept("eleni", "REGROUP W5 F4");
    g.resolve();
    assert_eq!(g.phase(), "R1-P01");
    g
}

#[test]
fn impossible_plays_are_refused_with_the_true_reason() {
    let g = at_first_play();
    // A card of the other side's hand.
    g.refused("kutahi", "PLAY A09 AP\nREST PREPARE", "PLAY A09 AP", "A09 is not in your hand");
    // A blue card as the Imperial player's Event (5.3.1).
    g.refused("kutahi", "PLAY A01 EVENT", "PLAY A01 EVENT", "A01 is blue: its Event helps the other side");
    // Nothing was played for AP: nothing to claim.
    g.refused("kutahi", "CLAIM A13 DISCARD A05", "CLAIM A13 DISCARD A05", "A13 cannot be claimed now");
    // A move back toward the Camp.
    g.refused(
        "kutahi",
        "PLAY A03 AP\nMOVE M1b-M2b",
        "MOVE M1b-M2b",
        "M1b to M2b is no forward or sideways step",
    );
    // An attack from a space not adjacent, whatever the units there.
    g.refused("kutahi", "PLAY A03 AP\nATTACK W3 FROM M2c", "ATTACK W3 FROM M2c", "M2c is not adjacent to W3");
    g.refused(
        "kutahi",
        "PLAY A03 AP\nATTACK W3 FROM M1c M3c",
        "ATTACK W3 FROM M1c M3c",
        "M3c is not adjacent to W3",
    );
    // More Preparation than a card or the track has.
    g.refused("kutahi", "PLAY A03 AP\nPREPARE 20", "PREPARE 20", "holds at most 10");
    g.refused("kutahi", "PLAY A03 AP\nPREPARE 4", "PREPARE 4", "it costs 4 AP and 3 are left");
    // The Insurgent's cannon plan names only her own cannons.
    g.refused("eleni", "FIRE M3b AT F1", "FIRE M3b AT F1", "the cannon on M3b is Imperial");
    g.refused("eleni", "FIRE F1 AT M5e", "FIRE F1 AT M5e", "the cannon on F1 cannot reach M5e");
    // A THEN block's card already played by the file.
    g.refused(
        "kutahi",
        "PLAY A03 AP\nREST PREPARE\nTHEN IF OPPONENT PLAYS ANY\nPLAY A03 AP",
        "PLAY A03 AP",
        "A03 is played by an earlier line of this file",
    );
    // No play at all, while a play is due: not the default unannounced.
    g.refused("kutahi", "MORALE UP", "", "your play is due");
}

#[test]
fn a_claim_needs_a_card_held_and_a_line_that_hangs_on_the_dice_is_noted() {
    let g = at_first_play();
    g.accept("kutahi", "PLAY A01 AP\nREST PREPARE");
    g.resolve();
    assert_eq!(g.phase(), "R1-P02");
    // A01 is claimable now, but the discard must be one of eleni's cards.
    g.refused("eleni", "CLAIM A01 DISCARD A02", "CLAIM A01 DISCARD A02", "A02 is not in your hand");
    g.refused("eleni", "CLAIM A05 DISCARD A11", "CLAIM A05 DISCARD A11", "A05 cannot be claimed now");
    g.accept("eleni", "PLAY A11 AP\nREST PREPARE");
    g.resolve();
    assert_eq!(g.phase(), "R1-P03");
    // Kutahi Pasha's 5 AP: a second unit moves up to M1c, and both attack W3, which
    // holds one Insurgent unit: the second attack runs only if the first misses. Both
    // are accepted, the second with a note. (A fort attacked from the main land,
    // 8 needed and -1, is never hit: the same pair of attacks on F3 is certain.)
    let ack = g.accept(
        "kutahi",
        "PLAY A02 EVENT\nMOVE M2c-M1c\nATTACK W3 FROM M1c\nATTACK W3 FROM M1c\nREST PREPARE",
    );
    let second = ack.rfind("ATTACK W3 FROM M1C").expect("echoed");
    let first = ack.find("ATTACK W3 FROM M1C").expect("echoed");
    assert!(first < second, "{ack}");
    assert!(!ack[first..second].contains("# note:"), "the first attack is certain:\n{ack}");
    assert!(
        ack[second..].contains("# note: runs only if the dice allow"),
        "the second attack hangs on the first one's dice:\n{ack}"
    );
}

#[test]
fn reference_gives_the_notation_due_now() {
    let g = at_first_play();
    let ack = g.accept("kutahi", "REFERENCE\nPLAY A03 AP\nREST PREPARE");
    assert!(ack.contains("# now: the Imperial player: PLAY <card> EVENT"), "{ack}");
}

/// Issue 25, item 10: a THEN block runs on the board the other side's play leaves, so
/// the check at ingest does not read today's board for its actions. M1a is empty when
/// eleni files her block; kutahi's play moves a unit there first, and the block runs.
#[test]
fn a_then_block_is_checked_against_the_board_it_runs_on() {
    let g = at_first_play();
    let ack = g.accept("eleni", "THEN IF OPPONENT PLAYS ANY\nPLAY A10 AP\nATTACK M1a FROM W1\nREST PREPARE");
    // Revision 5 (new campaigns) says which play the block stands for, and on what.
    assert!(ack.contains("# note: for R1-P02: played if the other side has played"), "{ack}");
    g.accept("kutahi", "PLAY A03 AP\nMOVE M2a-M1a\nREST PREPARE");
    g.resolve();
    assert_eq!(g.phase(), "R1-P03", "eleni's block made play 2 without a mail");
}
