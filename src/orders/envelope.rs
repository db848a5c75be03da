//! The orders envelope: which campaign, which player, the player's secret, and where the
//! orders themselves begin and end.
//!
//! Players write the envelope the way the email judges taught them:
//!
//! ```text
//! GAME spring-1901
//! PLAYER England
//! SECRET K7QF-2M9X-8R4T-PW3D-6HJN
//! PHASE S1901M
//! F LON-NTH
//! END
//! ```
//!
//! How a text is read, line by line:
//!
//! * Keywords (`GAME`, `PLAYER`/`POWER`, `SECRET`/`PASSWORD`, `PHASE`, `SIGNON`, `END`,
//!   `SIGNOFF`) are case-insensitive; a colon after the keyword is allowed (`Game: x`);
//!   runs of spaces and tabs count as one space; values keep the case they were written
//!   in (callers compare names case-insensitively, secrets after normalizing).
//! * The njudge form `SIGNON <player>@<campaign> <secret>` sets all three at once.
//! * Quoted reply lines (starting with `>`) are never read, wherever they are.
//! * Header lines come first, in any order, with blank lines between them if wanted.
//!   The first other line starts the body. A header keyword inside the body is an
//!   error rather than a silent second header, so a misplaced `SECRET` is never taken
//!   for an order or lost.
//! * Lines before the first header line are a greeting ("Hi GM, my orders:"): they are
//!   not read, and their numbers are listed in [`Envelope::skipped`] so an
//!   acknowledgement can say so. A text with no header line at all is all body (a bare
//!   orders file whose envelope the caller knows from elsewhere).
//! * The body ends at a line `END` or `SIGNOFF`, at a signature separator (`-- `), or
//!   at `-----Original Message-----` (below which some mail programs copy the mail
//!   being answered without quoting it); whatever follows is never read.
//! * The same header twice with the same value is fine; with a different value it is an
//!   error that names both lines.
//!
//! The body keeps one line for every line of the input between its first line and its
//! end (quoted lines become blank lines), so line `i` of the body (from 1) is line
//! `body_first_line + i - 1` of the input, and a system's errors name the line the
//! player sees in their own mail.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::secret::normalize_secret;
pub use super::secret::{hash_secret, new_secret, secret_matches};

/// An orders text taken apart into its header and its body.
///
/// Deliberately not serializable, and its `Debug` output hides the secret: the secret
/// must never reach a log, the ledger or a report.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Envelope {
    /// `GAME <campaign>`.
    pub game: Option<String>,
    /// `PLAYER <name>` or `POWER <name>`.
    pub player: Option<String>,
    /// `SECRET <s>` or `PASSWORD <s>`, as written.
    pub secret: Option<String>,
    /// `PHASE <id>`.
    pub phase: Option<String>,
    /// The lines between the header and `END`/`SIGNOFF`, joined with `\n`; quoted lines
    /// are blank so that line numbers still match, trailing blank lines are dropped.
    pub body: String,
    /// 1-based number of the input line the body starts on.
    pub body_first_line: usize,
    /// `END` or `SIGNOFF` was seen.
    pub ended: bool,
    /// 1-based numbers of the lines before the header that were not read (a greeting).
    pub skipped: Vec<usize>,
}

/// One line of the envelope that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnvelopeError {
    /// 1-based line number in the input.
    pub line: usize,
    /// The line as written (without its line ending).
    pub text: String,
    pub reason: String,
}

impl fmt::Debug for Envelope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Envelope")
            .field("game", &self.game)
            .field("player", &self.player)
            .field("secret", &self.secret.as_ref().map(|_| "(hidden)"))
            .field("phase", &self.phase)
            .field("body", &self.body)
            .field("body_first_line", &self.body_first_line)
            .field("ended", &self.ended)
            .field("skipped", &self.skipped)
            .finish()
    }
}

impl fmt::Display for EnvelopeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {} ({})", self.line, self.reason, self.text.trim())
    }
}

impl std::error::Error for EnvelopeError {}

/// The four header fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Game,
    Player,
    Secret,
    Phase,
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Game => "GAME",
            Field::Player => "PLAYER",
            Field::Secret => "SECRET",
            Field::Phase => "PHASE",
        }
    }

    /// Do two values of this field say the same thing?
    fn same(self, a: &str, b: &str) -> bool {
        match self {
            Field::Secret => normalize_secret(a) == normalize_secret(b),
            _ => a.to_lowercase() == b.to_lowercase(),
        }
    }
}

/// What one line of input is.
enum Line {
    Blank,
    Quoted,
    End,
    /// Where text that is not the orders begins: a signature or a copied earlier mail.
    Trailer,
    /// Header fields set by this line (SIGNON sets three).
    Header(Vec<(Field, String)>),
    /// A header keyword whose value is missing or malformed.
    BadHeader(String),
    Other,
}

/// A header value already seen, and where.
struct Seen {
    value: String,
    line: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// No header line seen yet.
    Before,
    Header,
    Body,
}

/// Takes an orders text apart. Collects every error before giving up, so a player
/// learns about all bad header lines in one reply.
pub fn parse_envelope(text: &str) -> Result<Envelope, Vec<EnvelopeError>> {
    let mut fields: [Option<Seen>; 4] = [None, None, None, None];
    let mut errors = Vec::new();
    let mut part = Part::Before;
    // Lines from the first non-blank one before any header: a greeting if a header
    // follows, the body if none does.
    let mut before: Vec<(usize, String)> = Vec::new();
    let mut body: Vec<String> = Vec::new();
    let mut body_first_line = 0;
    let mut ended = false;
    let mut last_line = 0;

    for (index, raw) in text.split('\n').enumerate() {
        let number = index + 1;
        last_line = number;
        let line = clean(raw);
        match classify(&line) {
            Line::End => {
                ended = true;
                break;
            }
            Line::Trailer => break,
            Line::Blank | Line::Quoted => match part {
                Part::Before if !before.is_empty() => before.push((number, String::new())),
                Part::Body => body.push(String::new()),
                _ => {}
            },
            Line::Header(found) => {
                if part == Part::Body {
                    errors.push(error(
                        number,
                        &line,
                        "a header line inside the orders: GAME, PLAYER, SECRET and PHASE go before the first order",
                    ));
                    continue;
                }
                part = Part::Header;
                for (field, value) in found {
                    set_field(&mut fields, field, value, number, &line, &mut errors);
                }
            }
            Line::BadHeader(reason) => {
                errors.push(error(number, &line, &reason));
                if part == Part::Before {
                    part = Part::Header;
                }
            }
            Line::Other => match part {
                Part::Before => before.push((number, line)),
                Part::Header => {
                    part = Part::Body;
                    body_first_line = number;
                    body.push(line);
                }
                Part::Body => body.push(line),
            },
        }
    }

    let mut skipped = Vec::new();
    if part == Part::Before {
        // No header at all: everything read is the body.
        if let Some((first, _)) = before.first() {
            body_first_line = *first;
        }
        body = before.into_iter().map(|(_, line)| line).collect();
    } else {
        skipped = before.iter().filter(|(_, line)| !line.is_empty()).map(|(number, _)| *number).collect();
    }
    if body_first_line == 0 {
        // Empty body: point at where it would have started.
        body_first_line = last_line.max(1);
    }
    while body.last().is_some_and(|line| line.trim().is_empty()) {
        body.pop();
    }

    if !errors.is_empty() {
        errors.sort_by_key(|e| e.line);
        return Err(errors);
    }
    let [game, player, secret, phase] = fields.map(|seen| seen.map(|s| s.value));
    Ok(Envelope { game, player, secret, phase, body: body.join("\n"), body_first_line, ended, skipped })
}

/// Records a header value, or an error naming both lines if it contradicts an earlier one.
fn set_field(
    fields: &mut [Option<Seen>; 4],
    field: Field,
    value: String,
    number: usize,
    line: &str,
    errors: &mut Vec<EnvelopeError>,
) {
    let slot = match field {
        Field::Game => &mut fields[0],
        Field::Player => &mut fields[1],
        Field::Secret => &mut fields[2],
        Field::Phase => &mut fields[3],
    };
    match slot {
        None => *slot = Some(Seen { value, line: number }),
        Some(seen) if field.same(&seen.value, &value) => {}
        Some(seen) => {
            // The reason does not repeat the secrets: replies may be quoted onwards.
            let reason = if field == Field::Secret {
                format!("SECRET given twice with different values, here and on line {}", seen.line)
            } else {
                format!(
                    "{} given twice with different values: '{}' here and '{}' on line {}",
                    field.name(),
                    value,
                    seen.value,
                    seen.line
                )
            };
            errors.push(error(number, line, &reason));
        }
    }
}

fn error(line: usize, text: &str, reason: &str) -> EnvelopeError {
    EnvelopeError { line, text: text.to_string(), reason: reason.to_string() }
}

/// Drops the carriage return of a CRLF line and the invisible characters that mail
/// programs and word processors slip into text (byte order mark, zero-width spaces and
/// joiners, word joiner), which would otherwise make `GAME` not read as `GAME`.
fn clean(raw: &str) -> String {
    raw.strip_suffix('\r')
        .unwrap_or(raw)
        .chars()
        .filter(|c| !matches!(c, '\u{feff}' | '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}'))
        .collect()
}

fn classify(line: &str) -> Line {
    // The signature separator is "-- " exactly; some programs strip the space.
    if line == "-- " || line == "--" {
        return Line::Trailer;
    }
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return Line::Blank;
    }
    // Outlook and others put the message being answered below this line, unquoted.
    if trimmed.starts_with("--") && trimmed.trim_matches('-').trim().eq_ignore_ascii_case("original message")
    {
        return Line::Trailer;
    }
    if trimmed.starts_with('>') {
        return Line::Quoted;
    }
    if trimmed.eq_ignore_ascii_case("end") || trimmed.eq_ignore_ascii_case("signoff") {
        return Line::End;
    }
    let Some((keyword, value)) = keyword_and_value(trimmed) else {
        return Line::Other;
    };
    let field = match keyword.to_ascii_uppercase().as_str() {
        "GAME" => Field::Game,
        "PLAYER" | "POWER" => Field::Player,
        "SECRET" | "PASSWORD" => Field::Secret,
        "PHASE" => Field::Phase,
        "SIGNON" => return signon(&value),
        _ => return Line::Other,
    };
    if value.is_empty() {
        let what = match field {
            Field::Game => "the campaign's name",
            Field::Player => "the player's name",
            Field::Secret => "the player's secret",
            Field::Phase => "the phase's id",
        };
        return Line::BadHeader(format!("{keyword} needs {what} after it"));
    }
    Line::Header(vec![(field, value)])
}

/// `SIGNON <player>@<campaign> <secret>`.
fn signon(value: &str) -> Line {
    let mut words = value.splitn(2, ' ');
    let who = words.next().unwrap_or("");
    let secret = words.next().unwrap_or("").trim();
    match who.split_once('@') {
        Some((player, game)) if !player.is_empty() && !game.is_empty() && !secret.is_empty() => {
            Line::Header(vec![
                (Field::Player, player.to_string()),
                (Field::Game, game.to_string()),
                (Field::Secret, secret.to_string()),
            ])
        }
        _ => Line::BadHeader("SIGNON is written SIGNON <player>@<campaign> <secret>".to_string()),
    }
}

/// Splits `Keyword: value` or `Keyword value` into the keyword (ASCII letters) and the
/// value with its whitespace runs collapsed to single spaces. `None` when the line does
/// not start with a word followed by a space, a colon or the end of the line.
fn keyword_and_value(line: &str) -> Option<(&str, String)> {
    let end = line.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(line.len());
    if end == 0 {
        return None;
    }
    let (keyword, rest) = line.split_at(end);
    let rest = if let Some(after_colon) = rest.strip_prefix(':') {
        after_colon
    } else if rest.is_empty() || rest.starts_with(char::is_whitespace) {
        rest
    } else {
        return None;
    };
    let value = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    Some((keyword, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_split() {
        assert_eq!(keyword_and_value("Game:   spring  1901 "), Some(("Game", "spring 1901".to_string())));
        assert_eq!(keyword_and_value("GAME"), Some(("GAME", String::new())));
        assert_eq!(keyword_and_value("GAMES-x"), None);
        assert_eq!(keyword_and_value("A PAR-BUR"), Some(("A", "PAR-BUR".to_string())));
    }
}
