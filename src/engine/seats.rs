//! Who plays which side: one mapping from a campaign's players to a system's sides.
//!
//! Every system with sides fills them the same way, so a GM learns it once:
//!
//! 1. an option `seat.<player>=<side>` seats that player on that side;
//! 2. a player whose id is a side's name (in any case, ignoring punctuation) takes it;
//! 3. where the system allows it, the players left take the sides left, in the order
//!    the system lists them (Andartes: the first player is the Government).
//!
//! Guerilla Warfare II and the toy keep their players under the sides' own ids (a
//! player *is* a power), so they take rule 2 alone and say so when it fails.
//!
//! Older campaigns used each system's own form (`power.<player>=<power>` in
//! Diplomacy, `government=<player>` in Andartes); those are still read, as the same
//! thing, so a campaign made by an earlier build sets up exactly as before.

use std::collections::BTreeMap;

use super::PlayerId;
use crate::engine::error::{Error, Result};

/// A system's sides and how players may fill them.
pub struct Seating {
    /// The sides' ids, in the order players take them when rule 3 applies.
    pub sides: Vec<String>,
    /// Other names a side goes by (a power's adjective), as (name, side id).
    pub aliases: Vec<(String, String)>,
    /// Rule 3: the players left take the sides left, in order.
    pub in_order: bool,
    /// Every side needs a player (else the system plays empty sides itself, e.g.
    /// Diplomacy's civil disorder).
    pub all_sides: bool,
    /// Older option forms read as seats: `(key, Form)`.
    pub legacy: &'static [Legacy],
}

/// An older option form that seats a player.
pub enum Legacy {
    /// `<prefix>.<player>=<side>` (Diplomacy's `power.`).
    PlayerKey(&'static str),
    /// `<key>=<player>` seats that player on `side` (Andartes' `government`).
    SideKey { key: &'static str, side: &'static str },
}

impl Seating {
    /// Is `key` an option this seating reads (so the system's own options skip it)?
    pub fn reads(&self, key: &str) -> bool {
        key.starts_with("seat.")
            || self.legacy.iter().any(|l| match l {
                Legacy::PlayerKey(prefix) => key.strip_prefix(prefix).is_some_and(|r| r.starts_with('.')),
                Legacy::SideKey { key: k, .. } => key.eq_ignore_ascii_case(k),
            })
    }
}

/// The seats of one campaign: each player's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    by_player: BTreeMap<PlayerId, String>,
}

impl Seats {
    pub fn side_of(&self, player: &str) -> Option<&str> {
        self.by_player.get(player).map(String::as_str)
    }

    pub fn player_of(&self, side: &str) -> Option<&PlayerId> {
        self.by_player.iter().find(|(_, s)| *s == side).map(|(p, _)| p)
    }

    /// (player, side) pairs, by player.
    pub fn iter(&self) -> impl Iterator<Item = (&PlayerId, &str)> {
        self.by_player.iter().map(|(p, s)| (p, s.as_str()))
    }
}

/// Letters and digits, lower case: `Great Britain` and `great-britain` are one name.
fn squash(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Seats `players` by the rules above, or says why they cannot be seated.
pub fn assign(players: &[PlayerId], options: &BTreeMap<String, String>, seating: &Seating) -> Result<Seats> {
    let side_named = |name: &str| -> Option<&str> {
        let name = squash(name);
        seating
            .sides
            .iter()
            .find(|s| squash(s) == name)
            .map(String::as_str)
            .or_else(|| seating.aliases.iter().find(|(a, _)| squash(a) == name).map(|(_, s)| s.as_str()))
    };
    let player_named = |name: &str| players.iter().find(|p| p.eq_ignore_ascii_case(name));
    let mut seats = Seats::default();
    let seat = |player: &PlayerId, side: &str, seats: &mut Seats| -> Result<()> {
        if let Some(other) = seats.player_of(side)
            && other != player
        {
            return Err(Error::setup(format!("{side} is given to both {other} and {player}")));
        }
        if let Some(was) = seats.side_of(player)
            && was != side
        {
            return Err(Error::setup(format!("{player} is seated on both {was} and {side}")));
        }
        seats.by_player.insert(player.clone(), side.to_string());
        Ok(())
    };
    // Rule 1, and the older forms of it.
    for (key, value) in options {
        let (player, side) = if let Some(p) = key.strip_prefix("seat.") {
            (p, value.as_str())
        } else if let Some((p, s)) = seating.legacy.iter().find_map(|l| match l {
            Legacy::PlayerKey(prefix) => {
                key.strip_prefix(prefix).and_then(|r| r.strip_prefix('.')).map(|p| (p, value.as_str()))
            }
            Legacy::SideKey { key: k, side } => {
                key.eq_ignore_ascii_case(k).then_some((value.as_str(), *side))
            }
        }) {
            (p, s)
        } else {
            continue;
        };
        let player = player_named(player).ok_or_else(|| {
            Error::setup(format!("option {key}: '{player}' is not a player of this campaign"))
        })?;
        let side = side_named(side).ok_or_else(|| {
            Error::setup(format!(
                "option {key}: '{side}' is not a side (the sides: {})",
                seating.sides.join(", ")
            ))
        })?;
        seat(player, side, &mut seats)?;
    }
    // Rule 2.
    for player in players {
        if seats.side_of(player).is_none()
            && let Some(side) = side_named(player)
            && seats.player_of(side).is_none()
        {
            seat(player, side, &mut seats)?;
        }
    }
    // Rule 3.
    let unseated: Vec<&PlayerId> = players.iter().filter(|p| seats.side_of(p).is_none()).collect();
    if seating.in_order {
        let free: Vec<String> =
            seating.sides.iter().filter(|s| seats.player_of(s).is_none()).cloned().collect();
        let mut free = free.iter();
        for player in &unseated {
            match free.next() {
                Some(side) => seat(player, side, &mut seats)?,
                None => {
                    return Err(Error::setup(format!(
                        "{} players for {} sides ({})",
                        players.len(),
                        seating.sides.len(),
                        seating.sides.join(", ")
                    )));
                }
            }
        }
    } else if let Some(player) = unseated.first() {
        return Err(Error::setup(format!(
            "player '{player}' has no side: name the player after one, or add --option seat.{player}=<side> (the sides: {})",
            seating.sides.join(", ")
        )));
    }
    if seating.all_sides
        && let Some(side) = seating.sides.iter().find(|s| seats.player_of(s).is_none())
    {
        return Err(Error::setup(format!("no player for {side}: add --option seat.<player>={side}")));
    }
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> Seating {
        Seating {
            sides: vec!["government".into(), "communist".into()],
            aliases: Vec::new(),
            in_order: true,
            all_sides: true,
            legacy: &[Legacy::SideKey { key: "government", side: "government" }],
        }
    }
    fn seven() -> Seating {
        Seating {
            sides: vec!["austria".into(), "england".into(), "france".into()],
            aliases: vec![("English".into(), "england".into())],
            in_order: false,
            all_sides: false,
            legacy: &[Legacy::PlayerKey("power")],
        }
    }

    fn players(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }
    fn opts(v: &[(&str, &str)]) -> BTreeMap<String, String> {
        v.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn players_take_sides_in_order_by_name_and_by_option() {
        let s = assign(&players(&["ann", "bob"]), &opts(&[]), &two()).unwrap();
        assert_eq!(s.side_of("ann"), Some("government"));
        assert_eq!(s.side_of("bob"), Some("communist"));
        let s = assign(&players(&["ann", "bob"]), &opts(&[("seat.bob", "Government")]), &two()).unwrap();
        assert_eq!((s.side_of("bob"), s.side_of("ann")), (Some("government"), Some("communist")));
        let s = assign(&players(&["ann", "bob"]), &opts(&[("government", "bob")]), &two()).unwrap();
        assert_eq!(s.side_of("bob"), Some("government"));
        let s = assign(&players(&["Communist", "bob"]), &opts(&[]), &two()).unwrap();
        assert_eq!(s.side_of("Communist"), Some("communist"));
        assert_eq!(s.side_of("bob"), Some("government"));
    }

    #[test]
    fn bad_seats_are_refused_naming_what_would_do() {
        let e = assign(&players(&["ann", "bob"]), &opts(&[("seat.cat", "communist")]), &two()).unwrap_err();
        assert!(e.to_string().contains("'cat' is not a player"), "{e}");
        let e = assign(&players(&["ann", "bob"]), &opts(&[("seat.ann", "kkk")]), &two()).unwrap_err();
        assert!(e.to_string().contains("the sides: government, communist"), "{e}");
        let e = assign(
            &players(&["ann", "bob"]),
            &opts(&[("seat.ann", "communist"), ("seat.bob", "communist")]),
            &two(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("given to both"), "{e}");
        let e = assign(&players(&["ann", "bob", "cy"]), &opts(&[]), &two()).unwrap_err();
        assert!(e.to_string().contains("3 players for 2 sides"), "{e}");
        let e = assign(&players(&["france", "zed"]), &opts(&[]), &seven()).unwrap_err();
        assert!(e.to_string().contains("--option seat.zed=<side>"), "{e}");
        let s = assign(&players(&["france", "zed"]), &opts(&[("power.zed", "English")]), &seven()).unwrap();
        assert_eq!(s.side_of("zed"), Some("england"));
        assert_eq!(s.player_of("austria"), None);
        let e = assign(&players(&["ann"]), &opts(&[]), &Seating { in_order: true, ..two() }).unwrap_err();
        assert!(e.to_string().contains("no player for communist"), "{e}");
    }
}
