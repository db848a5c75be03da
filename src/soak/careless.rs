//! The careless player: plausible orders that are often impossible, and the tally of
//! what became of them. A careful bot proves only that legal orders run; a careless one
//! proves that "accepted" means "will run" (or was told what it depends on), which is
//! what a player by mail counts on.

use rand_core::RngCore;

use crate::engine::{self, Engine, LineNote};

/// What became of the careless players' lines over a soak.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    /// Careless files sent.
    pub files: u64,
    /// Of those, refused (the player then sent the bot's careful file).
    pub files_refused: u64,
    /// Lines refused at ingest, counted in the refused files.
    pub lines_refused: u64,
    /// Lines accepted with a note saying what they depend on.
    pub lines_noted: u64,
    /// Accepted lines later skipped or replaced by a default.
    pub lines_skipped: u64,
    /// Of those, lines accepted without a note: the check at ingest should have refused
    /// them or said what they depend on.
    pub unmet: u64,
    /// The first few unmet lines, for the soak's report.
    pub examples: Vec<String>,
}

/// The lines of an accepted file that soak watches: every order line of the echo, with
/// the notes the check gave it.
#[derive(Debug, Default, Clone)]
pub struct Watched {
    pub unnoted: Vec<String>,
    pub noted: Vec<String>,
}

impl Watched {
    pub fn of(echo: &[String], notes: &[LineNote]) -> Watched {
        let mut w = Watched::default();
        for line in echo.iter().map(|l| l.trim()).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            if notes.iter().any(|n| engine::same_line(&n.line, line)) {
                w.noted.push(line.to_string());
            } else {
                w.unnoted.push(line.to_string());
            }
        }
        w
    }

    /// Takes a skipped line off the watch: `Some(true)` if it had no note (an unmet
    /// promise), `Some(false)` if it had one, `None` if it is not one of these lines.
    pub fn skip(&mut self, line: &str) -> Option<bool> {
        if let Some(i) = self.unnoted.iter().position(|l| engine::same_line(l, line)) {
            self.unnoted.remove(i);
            return Some(true);
        }
        if let Some(i) = self.noted.iter().position(|l| engine::same_line(l, line)) {
            self.noted.remove(i);
            return Some(false);
        }
        None
    }
}

/// A careless body for `player`: the system's own careless player where it has one,
/// else the bot's lines mixed up with each other and with another player's (a unit
/// ordered from the wrong place, a neighbour's unit ordered, a line sent twice).
pub fn orders(
    engine: &dyn Engine,
    state: &serde_json::Value,
    player: &str,
    others: &[String],
    rng: &mut dyn RngCore,
) -> crate::error::Result<Option<String>> {
    if let Some(body) = engine.careless_orders(state, player, rng)? {
        return Ok(Some(body));
    }
    let Some(own) = engine.random_orders(state, player, rng)? else {
        return Ok(None);
    };
    let mut pool: Vec<String> = own.lines().map(str::to_string).collect();
    for other in others.iter().filter(|o| o.as_str() != player) {
        if let Some(body) = engine.random_orders(state, other, rng)? {
            pool.extend(body.lines().map(str::to_string));
        }
    }
    let words: Vec<String> = pool
        .iter()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(|l| l.split_whitespace().skip(1).map(str::to_string).collect::<Vec<_>>())
        .collect();
    let pick = |rng: &mut dyn RngCore, n: usize| (rng.next_u32() as usize) % n.max(1);
    let mut out = Vec::new();
    for line in own.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || rng.next_u32() % 10 >= 4 {
            out.push(line.to_string());
            continue;
        }
        match rng.next_u32() % 3 {
            // A word of the line replaced by one from anywhere in the pool.
            0 if !words.is_empty() => {
                let mut w: Vec<String> = trimmed.split_whitespace().map(str::to_string).collect();
                if w.len() > 1 {
                    let at = 1 + pick(rng, w.len() - 1);
                    if let Some(word) = words.get(pick(rng, words.len())) {
                        w[at] = word.clone();
                    }
                }
                out.push(w.join(" "));
            }
            // The line sent twice.
            1 => {
                out.push(line.to_string());
                out.push(line.to_string());
            }
            // Another player's line instead.
            _ => match pool.get(pick(rng, pool.len())) {
                Some(l) => out.push(l.clone()),
                None => out.push(line.to_string()),
            },
        }
    }
    Ok(Some(out.join("\n")))
}
