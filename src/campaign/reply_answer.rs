//! A question answered by a plain reply. A player asked a question in a report mail may
//! answer it by replying to that mail with the number or the words of an answer, no
//! GAME, PLAYER or SECRET lines, the question quoted beneath as a mail client does.
//!
//! Anyone can write a From line, so the sender's address proves nothing alone. What the
//! reply proves is that it answers the mail only that player received: the report mail's
//! Message-ID carries an answer code derived from the player's stored secret (which only
//! the GM's campaign holds) and the step that asked, and a mail client's reply names
//! that Message-ID in its In-Reply-To and References. A reply without the code, from
//! another address, or to a question that is no longer open is read as any other mail.

use sha2::{Digest, Sha256};

use super::config::{Config, Player};
use crate::engine::{Phase, Prompt};
use crate::mail::Inbound;

/// The answer code of the question `player` was asked in the report of `step`.
pub fn code(config: &Config, player: &Player, step: u64) -> String {
    let mut h = Sha256::new();
    for part in ["umpire answer code", &config.id, &player.id, &player.secret_salt, &player.secret_hash] {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part.as_bytes());
    }
    h.update(step.to_be_bytes());
    hex::encode(&h.finalize()[..8])
}

/// The player whose open question a headerless `mail` answers, with the orders text to
/// seal for it (its GAME, PLAYER and PHASE lines written in, the answer's words as the
/// body), or `None` if it answers none. `asked` is the step whose report asked.
pub fn read(config: &Config, mail: &Inbound, phase: &Phase, asked: u64) -> Option<(String, String)> {
    let from = mail.from.as_deref()?;
    let player = config.players.iter().find(|p| p.email.eq_ignore_ascii_case(from))?;
    let prompt = phase.prompts.get(&player.id)?;
    let code = code(config, player, asked);
    if !mail.references.iter().any(|id| id.split('.').any(|part| part == code)) {
        return None;
    }
    let answer = prompt.read(&mail.text).ok().and_then(|i| prompt.answers.get(i))?;
    let text = format!("GAME {}\nPLAYER {}\nPHASE {}\n{answer}\nEND\n", config.id, player.id, phase.id);
    Some((player.id.clone(), text))
}

/// What a report mail adds under a question: how to answer it by reply, and the whole
/// orders file that answers it, to copy when replying is not possible.
pub fn how_to_answer(config: &Config, player: &str, phase: &Phase, prompt: &Prompt) -> String {
    let default = prompt.answers.get(prompt.default).map(String::as_str).unwrap_or("1");
    format!(
        "You are asked a question (\"Question for {player}\" below). To answer\n\
         it, reply to this mail with the number or the words of one answer on\n\
         the first line; nothing else is needed. Or send this orders file, your\n\
         answer instead of \"{default}\":\n\n  \
         GAME {}\n  PLAYER {player}\n  SECRET (your secret)\n  PHASE {}\n  {default}\n  END\n",
        config.id, phase.id
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prompt() -> Prompt {
        Prompt {
            question: "React?".into(),
            answers: vec!["NO REACT".into(), "REACT WITH EL2".into()],
            default: 0,
        }
    }

    #[test]
    fn quoted_lines_are_not_read_as_the_answer() {
        let p = prompt();
        assert_eq!(p.read("> 1. NO REACT\n> 2. REACT WITH EL2\n2\n"), Ok(1));
        assert_eq!(p.read("react with el2\n\nOn Monday the GM wrote:\n> React?\n"), Ok(1));
    }
}
