//! Trust version 2's sign-on: no die is rolled and no deck shuffled before a step in
//! which at least one player's receipt entered the orders digest. A game whose first
//! steps need nobody's orders (Andartes rolls the Politics Table at set-up) therefore
//! starts with a sign-on phase that every player answers with any text they like;
//! their receipts then seed every later die, so the GM cannot re-pick the master
//! secret until the set-up suits a friend.
//!
//! The sign-on is the core's, not a system's: the system's state does not change, and
//! `verify` finds the same phase from the same public facts.

use crate::engine::{Phase, PhaseMode, PlayerId};
use crate::trust::record::Version;

/// The sign-on phase's id.
pub const PHASE_ID: &str = "SIGN-ON";

/// The phase to open: the system's, or the sign-on in its place. `signed_on` says
/// whether a receipt has entered an earlier step's digest.
pub fn open(system_phase: Phase, version: Version, signed_on: bool, players: &[PlayerId]) -> Phase {
    if needed(&system_phase, version, signed_on) {
        Phase {
            id: PHASE_ID.into(),
            title: "Sign-on: every player sends an orders file with any text (Trust v2: the receipts seed the dice of the set-up)".into(),
            due: players.to_vec(),
            mode: PhaseMode::Deadline,
            game_over: None,
            kind: "sign-on".into(),
            optional: Vec::new(),
            welcome: Vec::new(),
            prompts: Default::default(),
        }
    } else {
        system_phase
    }
}

/// Does the system's phase wait for a sign-on first?
fn needed(system_phase: &Phase, version: Version, signed_on: bool) -> bool {
    version == Version::V2
        && !signed_on
        && system_phase.game_over.is_none()
        && system_phase.asked().is_empty()
}

/// Is `phase` the sign-on?
pub fn is_sign_on(phase: &Phase) -> bool {
    phase.id == PHASE_ID
}
