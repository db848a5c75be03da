//! A filed `THEN` block's play, when its turn comes.
//!
//! Before revision 4 a block ran all or nothing on a trial board: a line that its own
//! play's dice had made impossible (a second `ATTACK M1c` after the first took M1c's
//! last unit) refused the whole block, the trial board was thrown away (so the report
//! showed M1c still held, beside "M1c holds no Imperial unit"), and the dice the trial
//! had rolled were spent. The same lines sent by mail at that moment would have run,
//! the impossible line skipped. From revision 4 a block meets, on the live board, the
//! very check a file sent at that moment meets at ingest (`rehearsal::check`); if it
//! passes, the block runs as that file would run.

use super::actions::Said;
use super::data::Data;
use super::play;
use super::rehearsal::{self, Finding, Lines};
use super::state::{Side, State};
use crate::engine::roll::Roll;

/// Plays `lines` (a block's PLAY or CLAIM and its actions) for `side` on `state`. An
/// Err says why the block cannot be played; `state` is then as it was and no die was
/// rolled (at revision 4 and later).
pub fn play(
    state: &mut State,
    data: &Data,
    side: Side,
    lines: &[String],
    dice: &mut dyn Roll,
    log: &mut Said,
) -> Result<(), String> {
    if state.revision < 4 {
        let mut trial = state.clone();
        let mut trial_log = Said::default();
        play::run(&mut trial, data, side, lines, true, dice, &mut trial_log)?;
        *state = trial;
        log.lines.extend(trial_log.lines);
        return Ok(());
    }
    let sent = Lines {
        play: lines.iter().enumerate().map(|(i, l)| (i + 1, l.clone())).collect(),
        ..Lines::default()
    };
    let refused = rehearsal::check(state, data, side, &sent).into_iter().find_map(|(n, f)| match f {
        Finding::Refuse(why) => Some((n, why)),
        Finding::Note(_) => None,
    });
    if let Some((n, why)) = refused {
        let line = lines.get(n.saturating_sub(1)).map(String::as_str).unwrap_or("");
        return Err(format!("{line}: {why}"));
    }
    let mut trial = state.clone();
    let mut trial_log = Said::default();
    play::run(&mut trial, data, side, lines, false, dice, &mut trial_log)?;
    *state = trial;
    log.lines.extend(trial_log.lines);
    Ok(())
}
