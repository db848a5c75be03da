//! Press: the players' letters to each other, njudge style, written in any orders mail
//! between `PRESS TO ...` and `ENDPRESS`.
//!
//! - `PRESS TO ALL` is white press: broadcast, signed with the sender's name.
//! - `PRESS TO ALL ANON` is grey press: broadcast with no name, where the campaign
//!   allows it. The sender is kept only in the GM's files.
//! - `PRESS TO FRANCE ENGLAND` is private: delivered at once to those players (and
//!   the GM), never published.
//! - `PRESS TO ZINE` is a letter to the zine: signed, kept out of the game's reports,
//!   published with the step in the public ledger, where the zine's letters column
//!   reads it.
//!
//! Press is not orders. It is cut out of the mail before the orders are checked and
//! sealed, so it never enters a receipt or the adjudication, and a mail holding only
//! press leaves the player's orders as they were. Broadcast press waits in the GM's
//! `press/<step>/` folder until the step is resolved. It then goes, in the order it
//! arrived (grey press after the signed, see [`published`]), into the step's ledger
//! line and every report of the step.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Context, Result};

/// The default limit on one player's broadcast press in one step, in characters.
pub const DEFAULT_LIMIT: usize = 2000;

/// What press a campaign takes (`--option press=white|grey|none`,
/// `--option private_press=yes|no`, `--option press_limit=N`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressRules {
    /// `white` (signed broadcasts), `grey` (signed or anonymous) or `none`.
    pub broadcast: String,
    /// Private press between players.
    pub private: bool,
    /// The most characters of broadcast press one player may send in one step.
    pub limit: usize,
    /// Grey letters are printed in an order drawn from the step's revealed chain
    /// element, not in the order they arrived (new campaigns): the public ledger dates
    /// every accepted orders mail, and arrival order would tie a grey letter sent
    /// inside one to its writer.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shuffle_grey: bool,
}

impl Default for PressRules {
    fn default() -> Self {
        PressRules { broadcast: "white".into(), private: true, limit: DEFAULT_LIMIT, shuffle_grey: false }
    }
}

/// The campaign options that are press settings, not the system's: they are taken
/// out of `options` and returned as the campaign's press rules.
pub fn take_options(options: &mut std::collections::BTreeMap<String, String>) -> Result<PressRules> {
    let mut rules = PressRules { shuffle_grey: true, ..PressRules::default() };
    if let Some(v) = options.remove("press") {
        match v.as_str() {
            "white" | "grey" | "none" => rules.broadcast = v,
            _ => {
                return Err(crate::error::Error::Campaign(format!(
                    "option press={v}: use white, grey or none"
                )));
            }
        }
    }
    if let Some(private) = super::config::take_yes_no(options, "private_press")? {
        rules.private = private;
    }
    if let Some(v) = options.remove("press_limit") {
        rules.limit = v.parse().map_err(|_| {
            crate::error::Error::Campaign(format!("option press_limit={v}: a number of characters"))
        })?;
    }
    Ok(rules)
}

/// Who a block of press is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum To {
    /// Broadcast; `anonymous` for grey press.
    All { anonymous: bool },
    /// These players (and the GM, who reads all private press).
    Players(Vec<String>),
    /// The zine's letters column: signed, public, not in the game's reports.
    Zine,
}

/// One `PRESS ... ENDPRESS` block as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The line number of its `PRESS` line in the mail's orders text.
    pub line: usize,
    /// The `PRESS` line as written.
    pub header: String,
    /// The recipients as written (checked later, against the campaign).
    pub to: Vec<String>,
    pub anonymous: bool,
    pub text: String,
}

/// An orders text with its press cut out.
#[derive(Debug, Default)]
pub struct Cut {
    /// The text with each line of a press block left blank, so that every other line
    /// keeps its number (an error in the orders names the line as sent).
    pub orders: String,
    pub blocks: Vec<Block>,
}

fn is_press_header(line: &str) -> bool {
    let upper = line.trim().to_ascii_uppercase();
    upper == "PRESS" || upper.starts_with("PRESS ")
}

fn is_press_end(line: &str) -> bool {
    matches!(line.trim().to_ascii_uppercase().as_str(), "ENDPRESS" | "END PRESS")
}

fn is_orders_end(line: &str) -> bool {
    matches!(line.trim().to_ascii_uppercase().as_str(), "END" | "SIGNOFF" | "SIGN OFF")
}

/// Cuts the press blocks out of `text`. Lines quoted with `>` and everything after
/// `END` are left alone (they are not read as orders either). An unterminated block
/// is an error naming its line: nothing of such a mail is taken, so no order line is
/// mistaken for press or press for orders.
pub fn cut(text: &str) -> std::result::Result<Cut, (usize, String)> {
    let mut out = Cut::default();
    let mut open: Option<Block> = None;
    let mut ended = false;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if let Some(block) = open.as_mut() {
            out.orders.push('\n');
            if is_press_end(line) {
                if let Some(b) = open.take() {
                    out.blocks.push(Block { text: b.text.trim_end().to_string(), ..b });
                }
            } else {
                block.text.push_str(line.trim_end());
                block.text.push('\n');
            }
            continue;
        }
        if !ended && !line.trim_start().starts_with('>') && is_press_header(line) {
            // Names may be parted by spaces or commas (`PRESS TO FRANCE, ENGLAND`).
            let words: Vec<String> = line
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|w| !w.is_empty())
                .skip(1)
                .map(str::to_string)
                .collect();
            let (to, anonymous) = match words.first().map(|w| w.to_ascii_uppercase()) {
                Some(w) if w == "TO" => {
                    let rest = &words[1..];
                    let anonymous = rest.len() == 2
                        && rest[0].eq_ignore_ascii_case("ALL")
                        && matches!(
                            rest[1].to_ascii_uppercase().as_str(),
                            "ANON" | "ANONYMOUS" | "GREY" | "GRAY"
                        );
                    (if anonymous { vec![rest[0].clone()] } else { rest.to_vec() }, anonymous)
                }
                _ => (words, false),
            };
            open = Some(Block {
                line: number,
                header: line.trim().to_string(),
                to,
                anonymous,
                text: String::new(),
            });
            out.orders.push('\n');
            continue;
        }
        if is_orders_end(line) && !line.trim_start().starts_with('>') {
            ended = true;
        }
        out.orders.push_str(line);
        out.orders.push('\n');
    }
    if let Some(b) = open {
        return Err((
            b.line,
            format!("'{}' has no ENDPRESS line after it; nothing of this mail was taken", b.header),
        ));
    }
    if !text.ends_with('\n') && out.orders.ends_with('\n') {
        out.orders.pop();
    }
    Ok(out)
}

/// A block checked against the campaign: where it goes, or why it was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    Accepted(To),
    Refused(String),
}

/// The refusal of a block that would take the sender's `kind` press this step past the
/// limit (`used` characters already sent), or None.
fn over_limit(block: &Block, rules: &PressRules, used: usize, kind: &str) -> Option<Judged> {
    let n = block.text.chars().count();
    (used + n > rules.limit).then(|| {
        Judged::Refused(format!(
            "{n} characters would bring your {kind} press this turn to {}; the limit is {}",
            used + n,
            rules.limit
        ))
    })
}

/// Checks `block` from `sender` under `rules`. `players` are the campaign's player
/// ids; `used` is how many characters of broadcast press `sender` already sent this
/// step.
pub fn judge(block: &Block, rules: &PressRules, players: &[String], sender: &str, used: usize) -> Judged {
    if block.text.trim().is_empty() {
        return Judged::Refused("the press is empty".into());
    }
    if block.to.is_empty() {
        return Judged::Refused(
            "say whom it is for: PRESS TO ALL, PRESS TO ALL ANON, PRESS TO ZINE or PRESS TO <players>".into(),
        );
    }
    if block.to.iter().any(|t| t.eq_ignore_ascii_case("ZINE")) {
        if block.to.len() > 1 {
            return Judged::Refused("a letter to the zine goes to the zine alone: PRESS TO ZINE".into());
        }
        if rules.broadcast == "none" {
            return Judged::Refused(
                "this game takes no published press, letters to the zine included".into(),
            );
        }
        return over_limit(block, rules, used, "published").unwrap_or(Judged::Accepted(To::Zine));
    }
    let all = block.to.len() == 1 && block.to[0].eq_ignore_ascii_case("ALL");
    if all {
        let allowed = match rules.broadcast.as_str() {
            "none" => Err("this game takes no broadcast press"),
            "white" if block.anonymous => {
                Err("this game takes no anonymous (grey) press; sign it with PRESS TO ALL")
            }
            _ => Ok(()),
        };
        if let Err(why) = allowed {
            return Judged::Refused(why.into());
        }
        return over_limit(block, rules, used, "broadcast")
            .unwrap_or(Judged::Accepted(To::All { anonymous: block.anonymous }));
    }
    if !rules.private {
        return Judged::Refused("this game takes no private press".into());
    }
    let mut to = Vec::new();
    for name in &block.to {
        if name.eq_ignore_ascii_case("ALL") {
            return Judged::Refused("ALL cannot be mixed with players' names".into());
        }
        if name.eq_ignore_ascii_case("GM") {
            continue;
        }
        match players.iter().find(|p| p.eq_ignore_ascii_case(name)) {
            Some(p) if p.eq_ignore_ascii_case(sender) => {}
            Some(p) => {
                if !to.contains(p) {
                    to.push(p.clone());
                }
            }
            None => return Judged::Refused(format!("'{name}' is no player of this game")),
        }
    }
    Judged::Accepted(To::Players(to))
}

/// Broadcast press waiting for its step, as the GM keeps it (`press/<step>/<input>.json`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Held {
    /// The input (mail) number: the order of arrival.
    pub input: u64,
    /// The block's place in its mail.
    #[serde(default)]
    pub part: usize,
    /// Who sent it: the GM's files alone say this of grey press.
    pub sender: String,
    pub anonymous: bool,
    pub text: String,
    /// A letter to the zine (`PRESS TO ZINE`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub zine: bool,
}

/// Broadcast press as published: the writer's name for white press, none for grey.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Published {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    pub text: String,
    /// `zine` for a letter to the zine, which the game's reports leave out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

impl Held {
    pub fn published(&self) -> Published {
        Published {
            by: (!self.anonymous).then(|| self.sender.clone()),
            text: self.text.clone(),
            to: self.zine.then(|| "zine".to_string()),
        }
    }
}

/// One published letter as a report prints it: its sender (none for grey press) and
/// its lines.
pub fn info(p: &Published) -> crate::report::context::PressInfo {
    crate::report::context::PressInfo {
        from: p.by.clone(),
        lines: p.text.lines().map(str::to_string).collect(),
    }
}

/// The press a step publishes: signed press (letters to the zine among it) in the order
/// it arrived, then grey press.
/// Grey press goes last so that its place among signed letters (and so among the
/// players' accepted orders) says nothing of its writer; with `shuffle` (the step's
/// revealed chain element, which nobody knew while the letters came in) the grey
/// letters are ordered by SHA-256(shuffle, letter), so neither does their place among
/// each other. Anyone can recompute that order from the published report.
pub fn published(held: &[Held], shuffle: Option<&str>) -> Vec<Published> {
    let signed = held.iter().filter(|h| !h.anonymous);
    let mut grey: Vec<&Held> = held.iter().filter(|h| h.anonymous).collect();
    if let Some(key) = shuffle {
        grey.sort_by_cached_key(|h| {
            crate::trust::h(&[b"umpire grey press", key.as_bytes(), h.text.as_bytes()])
        });
    }
    signed.chain(grey).map(Held::published).collect()
}

/// The folder of step `step`'s waiting press.
pub fn folder(step: u64) -> String {
    format!("press/{step}")
}

/// Every piece of broadcast press waiting for `step`, in the order it arrived.
pub fn waiting(root: &Path, step: u64) -> Result<Vec<Held>> {
    let dir = root.join(folder(step));
    let Ok(entries) = std::fs::read_dir(&dir) else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_some_and(|x| x == "json") {
            let text =
                std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
            let held: Held =
                serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?;
            out.push(held);
        }
    }
    out.sort_by_key(|h| (h.input, h.part));
    Ok(out)
}

/// What became of one press block, for the acknowledgement.
#[derive(Serialize)]
pub struct Outcome {
    /// The block's `PRESS` line: its number and its words.
    pub line: usize,
    pub header: String,
    /// Sent (or held for the reports), or not.
    pub accepted: bool,
    /// Where it went, or why not.
    pub note: String,
}

/// Takes the press blocks of input `n` from `player`: broadcast press is held in the
/// GM's `press/<step>/` folder for the step's reports, private press is mailed at once
/// to its readers and the GM. Returns what became of each block.
pub fn take(
    c: &super::Campaign,
    txn: &mut super::Txn,
    n: u64,
    step: u64,
    player: &str,
    blocks: &[Block],
    game_over: bool,
) -> Result<Vec<Outcome>> {
    let Some(rules) = &c.config.press else { return Ok(Vec::new()) };
    let mut used: usize =
        waiting(&c.root, step)?.iter().filter(|h| h.sender == player).map(|h| h.text.chars().count()).sum();
    let players = c.config.player_ids();
    let mut out = Vec::new();
    for (part, block) in blocks.iter().enumerate() {
        let judged = judge(block, rules, &players, player, used);
        let (accepted, note) = match judged {
            Judged::Refused(why) => (false, why),
            Judged::Accepted(To::All { .. }) if game_over => {
                (false, "the game is over: no report will carry it".to_string())
            }
            Judged::Accepted(To::All { anonymous }) => {
                used += block.text.chars().count();
                let held = Held {
                    input: n,
                    part,
                    sender: player.to_string(),
                    anonymous,
                    text: block.text.clone(),
                    zine: false,
                };
                txn.write(format!("{}/{n:06}-{part}.json", folder(step)), serde_json::to_vec_pretty(&held)?);
                let how = if anonymous { "anonymously (grey press)" } else { "signed" };
                (true, format!("to all, {how}, in the report after this phase"))
            }
            Judged::Accepted(To::Zine) if game_over => {
                (false, "the game is over: no step will publish it".to_string())
            }
            Judged::Accepted(To::Zine) => {
                used += block.text.chars().count();
                let held = Held {
                    input: n,
                    part,
                    sender: player.to_string(),
                    anonymous: false,
                    text: block.text.clone(),
                    zine: true,
                };
                txn.write(format!("{}/{n:06}-{part}.json", folder(step)), serde_json::to_vec_pretty(&held)?);
                (true, "to the zine, signed, published with the results of this phase".to_string())
            }
            Judged::Accepted(To::Players(to)) => {
                let names = if to.is_empty() {
                    "the GM".to_string()
                } else {
                    format!("{} and the GM", to.join(", "))
                };
                // The frame keeps to a mail's 72 columns; the letter is the writer's own.
                let head = crate::report::wrap::wrap(
                    &format!("Private press from {player} to {names} in {} (step {step}):", c.config.id),
                    crate::report::wrap::WIDTH,
                );
                let text = format!(
                    "{head}\n\n{}\n\n-- \numpire for {}.\nReply to {} with PRESS TO {player} ...\nENDPRESS in an orders mail.\n",
                    block.text, c.config.id, c.config.game_address
                );
                let mut readers: Vec<String> =
                    to.iter().filter_map(|p| c.config.player(p).map(|q| q.email.clone())).collect();
                readers.extend(c.config.gm_email.clone());
                for (k, address) in readers.iter().enumerate() {
                    super::outbox::queue(
                        &c.config,
                        txn,
                        super::outbox::Mail::new(
                            format!("{step:04}-press-{n:06}-{part}-{k}"),
                            address,
                            format!("[{}] Press from {player}", c.config.id),
                            text.clone(),
                            None,
                        ),
                    )?;
                }
                txn.write(format!("{}/private-{n:06}-{part}.txt", folder(step)), text);
                (true, format!("to {names}, now"))
            }
        };
        out.push(Outcome { line: block.line, header: block.header.clone(), accepted, note });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_cut_out_and_the_orders_kept() {
        let text = "GAME g\nPLAYER france\nPRESS TO ALL\nHello, Europe.\nENDPRESS\nA par - bur\npress to england germany\nLet us talk.\nendpress\nEND\nPRESS TO ALL\nsignature\n";
        let c = cut(text).expect("cut");
        assert_eq!(
            c.orders,
            "GAME g\nPLAYER france\n\n\n\nA par - bur\n\n\n\nEND\nPRESS TO ALL\nsignature\n"
        );
        assert_eq!(c.blocks.len(), 2);
        assert_eq!(c.blocks[0].to, vec!["ALL"]);
        assert_eq!(c.blocks[0].text, "Hello, Europe.");
        assert_eq!(c.blocks[1].to, vec!["england", "germany"]);
        let commas = cut("PRESS TO FRANCE, ENGLAND,GERMANY\nhi\nENDPRESS\n").expect("cut");
        assert_eq!(commas.blocks[0].to, vec!["FRANCE", "ENGLAND", "GERMANY"]);
        assert_eq!(c.blocks[1].line, 7);
    }

    #[test]
    fn an_unterminated_block_takes_nothing() {
        let e = cut("GAME g\nPRESS TO ALL\nA par - bur\n").expect_err("refused");
        assert_eq!(e.0, 2);
        assert!(e.1.contains("ENDPRESS"), "{}", e.1);
    }

    #[test]
    fn rules_decide_what_is_taken() {
        let players = vec!["france".to_string(), "england".to_string()];
        let white = PressRules::default();
        let grey = PressRules { broadcast: "grey".into(), ..PressRules::default() };
        let block = |header: &str| cut(&format!("{header}\nhi\nENDPRESS\n")).expect("cut").blocks.remove(0);
        assert_eq!(
            judge(&block("PRESS TO ALL"), &white, &players, "france", 0),
            Judged::Accepted(To::All { anonymous: false })
        );
        assert!(matches!(
            judge(&block("PRESS TO ALL ANON"), &white, &players, "france", 0),
            Judged::Refused(_)
        ));
        assert_eq!(
            judge(&block("PRESS TO ALL ANON"), &grey, &players, "france", 0),
            Judged::Accepted(To::All { anonymous: true })
        );
        assert_eq!(
            judge(&block("PRESS TO ENGLAND GM"), &white, &players, "france", 0),
            Judged::Accepted(To::Players(vec!["england".into()]))
        );
        assert!(
            matches!(judge(&block("PRESS TO ITALY"), &white, &players, "france", 0), Judged::Refused(r) if r.contains("italy") || r.contains("ITALY"))
        );
        assert!(
            matches!(judge(&block("PRESS TO ALL"), &white, &players, "france", 1999), Judged::Refused(r) if r.contains("limit"))
        );
        let closed = PressRules { private: false, ..PressRules::default() };
        assert!(matches!(
            judge(&block("PRESS TO ENGLAND"), &closed, &players, "france", 0),
            Judged::Refused(_)
        ));
        // A letter to the zine: alone, signed, counted in the limit, not in a press-free game.
        assert_eq!(
            judge(&block("PRESS TO ZINE"), &closed, &players, "france", 0),
            Judged::Accepted(To::Zine)
        );
        assert!(
            matches!(judge(&block("PRESS TO ZINE ENGLAND"), &white, &players, "france", 0), Judged::Refused(r) if r.contains("alone"))
        );
        assert!(
            matches!(judge(&block("PRESS TO ZINE"), &white, &players, "france", 1999), Judged::Refused(r) if r.contains("limit"))
        );
        let silent = PressRules { broadcast: "none".into(), ..PressRules::default() };
        assert!(matches!(judge(&block("PRESS TO ZINE"), &silent, &players, "france", 0), Judged::Refused(_)));
    }
}
