//! Freedom! Messolonghi 1825-1826 (Vangelis Bagiartakis): the Imperial player against
//! the Insurgents, six rounds of fourteen alternating card plays, by mail.
//!
//! The rules are `../shared/rules/freedom-messolonghi.txt`; the components are data in
//! `games/freedom-messolonghi/` (the city map, the cannons' targets, the set-up, the
//! Surrounding Areas, the tracks' values and 99 of the 100 cards are reconstructed,
//! each with the passages it rests on). A play is one mail: a card for its Event or
//! its AP and the actions they buy, or a claim of the other side's Event; `THEN`
//! blocks let a player file his next plays, guarded by what the other side plays, and
//! a cannon plan (`FIRE`) and standing orders answer the rules' other questions. The
//! hands are private; both decks are shuffled on the hidden stream in the step both
//! players' receipts key.

pub mod actions;
pub mod blocks;
pub mod bot;
pub mod cannons;
pub mod careless;
pub mod data;
pub mod events;
pub mod invariants;
pub mod orders;
pub mod picture;
pub mod plan;
pub mod play;
pub mod rehearsal;
pub mod report;
pub mod round;
pub mod setup;
pub mod state;

use std::collections::BTreeMap;
use std::sync::Arc;

use data::Data;
use orders::LineKind;
use state::{Side, Stage, State};

use crate::engine::error::Error;
use crate::engine::seats::{Legacy, Seating};
use crate::engine::{
    Broken, Dice, GameData, Guide, OrderError, Phase, PhaseMode, PlayerId, Prompt, Resolution, Result, Setup,
    System, SystemInfo, View, Viewer,
};

const ALL_FILES: &[(&str, &str)] = &[
    ("map.toml", include_str!("../../../games/freedom-messolonghi/map.toml")),
    ("cannons.toml", include_str!("../../../games/freedom-messolonghi/cannons.toml")),
    ("setup.toml", include_str!("../../../games/freedom-messolonghi/setup.toml")),
    ("areas.toml", include_str!("../../../games/freedom-messolonghi/areas.toml")),
    ("tracks.toml", include_str!("../../../games/freedom-messolonghi/tracks.toml")),
    ("cards.toml", include_str!("../../../games/freedom-messolonghi/cards.toml")),
    ("demo.toml", include_str!("../../../games/freedom-messolonghi/demo.toml")),
];

pub static INFO: SystemInfo = SystemInfo {
    name: "freedom-messolonghi",
    title: "Freedom! Messolonghi 1825-1826 (Vangelis Bagiartakis)",
    open: |data| Ok(Box::new(Freedom::load(data)?)),
    files: ALL_FILES,
    tools: crate::engine::Tools { what_if: None, bench: None, map: None },
    options: &[
        crate::engine::options::OptionSpec {
            key: "seat.*",
            values: &[],
            help: "a player's side: seat.<player>=imperial|insurgent (default: the first player is Imperial)",
        },
        crate::engine::options::OptionSpec {
            key: "imperial",
            values: &[],
            help: "the Imperial player (as seat.<player>=imperial)",
        },
        crate::engine::options::OptionSpec {
            key: "deal",
            values: &["shuffled", "listed"],
            help: "shuffled (the game); listed: the decks dealt unshuffled in cards.toml order, for demonstrations only",
        },
        crate::engine::options::OptionSpec {
            key: "revision",
            values: &["1", "2", "3", "4", "5"],
            help: "5: play plans: THEN and ELSE blocks with conditions (OPPONENT PLAYS/ATTACKS ..., HOLDING, tracks, DAMAGE, CLAIMABLE), tried in order when the turn comes, the plan stopping only where none can be played; 4: a THEN block, when its turn comes, meets the ingest check on the live board and then runs as the same lines sent by mail would (a line its own dice made impossible is skipped, not the whole block); 3: every line is checked at ingest against the live board (refused, or noted when the dice decide), a play replaced by the default names its line, reports show the orders due now; 2: standing LOSSES and PLACE name spaces in any case; 1: as campaigns made before them (pinned: 5)",
        },
        crate::engine::options::OptionSpec {
            key: "map_orders",
            values: &["yes", "no"],
            help: "the results map draws the step's moves, attacks, Raids, cannon fire, new and lost units (pinned: yes)",
        },
    ],
    rules: 1,
};

pub struct Freedom {
    data: Data,
}

impl Freedom {
    pub fn load(game: &GameData) -> Result<Self> {
        Ok(Freedom { data: Data::load(game)? })
    }
    pub fn embedded() -> Result<Self> {
        Ok(Freedom { data: Data::embedded()? })
    }
    pub fn data(&self) -> &Data {
        &self.data
    }
}

/// A side's file, read and sorted.
#[derive(Clone, Debug, Default)]
pub struct Orders {
    /// Every line, canonical, as echoed.
    pub lines: Vec<String>,
    /// This play's lines (a PLAY or CLAIM, then actions).
    pub play: Vec<String>,
    pub opening: Vec<String>,
    pub blocks: Vec<(String, Vec<String>)>,
    pub fire: Vec<String>,
    pub standing: Vec<(String, String)>,
    pub answer: Option<String>,
    /// The GM's operations for a `gm` Event.
    pub gm: Vec<String>,
    /// The number in the body of each of `lines`.
    pub numbers: Vec<usize>,
    /// What the check at ingest says an accepted line depends on: (line number, note).
    pub notes: Vec<(usize, String)>,
    /// `REFERENCE` asked for the notation in the acknowledgement.
    pub reference: bool,
}

fn seating() -> Seating {
    Seating {
        sides: vec!["imperial".into(), "insurgent".into()],
        aliases: vec![("empire".into(), "imperial".into()), ("greek".into(), "insurgent".into())],
        in_order: true,
        all_sides: true,
        legacy: &[Legacy::SideKey { key: "imperial", side: "imperial" }],
    }
}

/// What each side may send in the open phase.
fn allowed(state: &State, side: Side) -> &'static [&'static str] {
    match state.stage {
        Stage::Setup => &["ready", "standing", "fire"],
        Stage::Advance if side == Side::Imperial => &["opening", "standing", "fire", "then"],
        // When the Insurgent plays first, his Regroup file carries play 1 too.
        Stage::Regroup if side == Side::Insurgent && state.first == Side::Insurgent => {
            &["opening", "play", "standing", "fire", "then"]
        }
        Stage::Regroup if side == Side::Insurgent => &["opening", "standing", "fire", "then"],
        Stage::Play if state.to_play == side => &["play", "standing", "fire", "then"],
        Stage::Fire => &["fire", "standing"],
        _ => &["standing", "fire", "then"],
    }
}

fn kind_name(k: &LineKind) -> &'static str {
    match k {
        LineKind::Play | LineKind::Action => "play",
        LineKind::Then => "then",
        LineKind::Opening => "opening",
        LineKind::Fire => "fire",
        LineKind::Standing(_) => "standing",
        LineKind::Ready => "ready",
    }
}

impl Freedom {
    /// The last-turn claim (5.3.2): after the fourteenth play, if the second player's
    /// last card was for AP and its Event helps the first player.
    fn after_plays(&self, state: &mut State, dice: &mut Dice, log: &mut actions::Said) {
        let first = state.first;
        let claim =
            state.claimable.clone().filter(|_| state.last_play.as_ref().is_some_and(|(s, _, _)| *s != first));
        let Some(card) = claim else {
            state.stage = Stage::Fire;
            return;
        };
        let standing = state.camp(first).standing.get("LASTCLAIM").and_then(|l| l.first()).cloned();
        let decide = match standing.as_deref() {
            Some("LASTCLAIM ALWAYS") => Some(true),
            Some("LASTCLAIM NEVER") => Some(false),
            Some(l) => Some(l.split_whitespace().skip(1).any(|c| c.eq_ignore_ascii_case(&card))),
            None => None,
        };
        match decide {
            Some(yes) => {
                if yes {
                    self.last_claim(state, dice, log);
                }
                state.claimable = None;
                state.stage = Stage::Fire;
            }
            None => state.stage = Stage::LastClaim,
        }
    }

    fn last_claim(&self, state: &mut State, dice: &mut Dice, log: &mut actions::Said) {
        let first = state.first;
        let (Some(card), Some(last)) = (state.claimable.clone(), state.camp(first).hand.first().cloned())
        else {
            return;
        };
        let lines = vec![format!("CLAIM {card} DISCARD {last}")];
        if play::run(state, &self.data, first, &lines, false, dice, log).is_ok() {
            state.plays -= 1;
            state.camp_mut(first).played -= 1;
            state.to_play = first.other();
            // Ruling 3: eight cards next round, but not into Period B (eight anyway) or after round 6.
            if state.round != 3 && state.round < 6 {
                state.camp_mut(first).extra_draw = true;
            }
            log.say(format!("{} claims the last card's Event and will draw 8 next round", first.name()));
        }
    }

    /// Plays filed `THEN` blocks while they match and hold.
    fn run_blocks(&self, state: &mut State, dice: &mut Dice, log: &mut actions::Said) {
        if state.revision >= 5 {
            return self.run_plan(state, dice, log);
        }
        while state.stage == Stage::Play && state.over.is_none() && state.gm_pending.is_none() {
            let side = state.to_play;
            if state.camp(side).blocks.is_empty() {
                return;
            }
            let (guard, lines) = state.camp_mut(side).blocks.remove(0);
            if !play::guard_matches(state, &guard) {
                state.camp_mut(side).blocks.clear();
                log.tell(side, format!("your block '{guard}' did not match; your play is asked by mail"));
                return;
            }
            match blocks::play(state, &self.data, side, &lines, dice, log) {
                Ok(()) => {
                    log.tell(side, format!("played by your block '{guard}'"));
                    self.after_play(state, dice, log);
                }
                Err(why) => {
                    state.camp_mut(side).blocks.clear();
                    log.tell(
                        side,
                        format!("your block '{guard}' cannot be played ({why}); your play is asked by mail"),
                    );
                    return;
                }
            }
        }
    }

    /// Revision 5: plays a plan's groups while one of each group's blocks holds and can
    /// be played (see `plan`); where none can, the plan stops and the play is asked.
    fn run_plan(&self, state: &mut State, dice: &mut Dice, log: &mut actions::Said) {
        while state.stage == Stage::Play && state.over.is_none() && state.gm_pending.is_none() {
            let side = state.to_play;
            let blocks = &mut state.camp_mut(side).blocks;
            if blocks.is_empty() {
                return;
            }
            let size = 1 + blocks.iter().skip(1).take_while(|(g, _)| g.starts_with("ELSE")).count();
            let group: Vec<(String, Vec<String>)> = blocks.drain(..size).collect();
            let mut played = false;
            for (head, lines) in group {
                let fits =
                    plan::parse(&self.data, &head).is_ok_and(|g| plan::matches(&g, state, side, &self.data));
                if !fits {
                    log.tell(side, format!("your block '{head}' did not match"));
                    continue;
                }
                match blocks::play(state, &self.data, side, &lines, dice, log) {
                    Ok(()) => {
                        log.tell(side, format!("played by your block '{head}'"));
                        played = true;
                        break;
                    }
                    Err(why) => log.tell(side, format!("your block '{head}' cannot be played ({why})")),
                }
            }
            if !played {
                state.camp_mut(side).blocks.clear();
                log.tell(side, "your plan stops here: your play is asked by mail".to_string());
                return;
            }
            self.after_play(state, dice, log);
        }
    }

    fn after_play(&self, state: &mut State, dice: &mut Dice, log: &mut actions::Said) {
        if round::morale_end(state) {
            return;
        }
        if state.plays >= 14 {
            self.after_plays(state, dice, log);
        }
    }
}

/// A bot's file with every block whose play was taken out dropped whole (its head and
/// its actions, which would otherwise join the block before), and an `ELSE` left first
/// of its play's group made the group's `THEN`.
fn whole_blocks(lines: Vec<String>) -> Vec<String> {
    let head = |l: &str| l.starts_with("THEN") || l.starts_with("ELSE");
    let mut kept = Vec::new();
    let mut i = 0;
    let mut group_open = false;
    while let Some(l) = lines.get(i) {
        if !head(l) {
            kept.push(l.clone());
            i += 1;
            continue;
        }
        let end = lines.iter().skip(i + 1).position(|n| head(n)).map_or(lines.len(), |p| i + 1 + p);
        let has_play = lines.get(i + 1).is_some_and(|n| n.starts_with("PLAY") || n.starts_with("CLAIM"));
        let alternative = l.starts_with("ELSE");
        if !alternative {
            group_open = false;
        }
        if has_play {
            let mut first = l.clone();
            if alternative && !group_open {
                first = format!("THEN{}", l.strip_prefix("ELSE").unwrap_or(l));
            }
            kept.push(first);
            kept.extend(lines.iter().take(end).skip(i + 1).cloned());
            group_open = true;
        }
        i = end;
    }
    kept
}

impl Freedom {
    /// The bot's file with the lines the check refuses taken out (the bot plans by
    /// rough rules; the check, the same one every player's file meets, has the last
    /// word), so what the bot sends is accepted.
    fn careful(&self, state: &State, player: &str, body: String) -> String {
        let mut lines: Vec<String> = body.lines().map(str::to_string).collect();
        for _ in 0..8 {
            let Err(errors) = self.parse(state, player, &lines.join("\n")) else { break };
            let before = lines.len();
            let bad: Vec<usize> = errors.iter().map(|e| e.line).filter(|n| *n > 0).collect();
            let mut i = 0;
            lines.retain(|_| {
                i += 1;
                !bad.contains(&i)
            });
            lines = whole_blocks(lines);
            if lines.len() == before {
                break;
            }
        }
        // A play the check refuses outright gives way to the default play.
        if self.parse(state, player, &lines.join("\n")).is_err()
            && let Some(side) = state.side_of(player)
        {
            return play::default_play(state, &self.data, side).join("\n");
        }
        lines.join("\n")
    }

    /// The notation of the orders due now, for `REFERENCE` and the reports.
    fn reference(&self, state: &State, _lines: &[String]) -> Vec<String> {
        let mut out = vec![format!("now: {}", report::syntax_now(state))];
        out.extend(self.guide_notes(state));
        out
    }

    fn guide_notes(&self, state: &State) -> Vec<String> {
        let plans = state.revision >= 5;
        let mut out = vec![
            "Spaces: CAMP, the main land M<row><column> (row 1 by the Wall, columns a-e), the Wall W1-W5 with the forts F1-F4, the city S1-S3, the shore O1-O3, the islands MAR, VAS, KLI and the lagoon MAR.1, MAR.2, VAS.1, KLI.1, KLI.2.".into(),
            "A play: PLAY <card> EVENT [TARGET <space>] [AREA <area>], or PLAY <card> AP followed by actions, or CLAIM <card> DISCARD <card>. REST PREPARE stores unspent AP.".into(),
            "Actions: Imperial MOVE a-b, c-d or MOVE a-b-c, SLOW a-b, ATTACK <space> FROM <space> [<space> ...], REWARD, PREPARE <n>, SUPPORT <area>, PLEA, BUILD CANNON <space>; Insurgent REGROUP a b, ATTACK <space> FROM <space> [UNTIL EMPTY], RAID <space> FROM <space>, PREPARE <n>, SUPPORT <area>, PLEA, REPAIR <space>, TRAIN <space>, BUILD CANNON <space>.".into(),
            "The Opening: the Imperial ADVANCE a-b c-d ... (up to five units of one row one space forward) and, in round 4, ALLIES <space> <n> ...; the Insurgent REGROUP <from> <to>.".into(),
        ];
        if plans {
            out.push("A plan plays your next plays without a mail each: THEN (or THEN IF <condition> [AND <condition> ...]) starts a block for your next play, ELSE (or ELSE IF ...) another way to make the same play; the first block of a play whose conditions hold and whose lines can be played then is played, and where none can be, the plan stops and that play is asked by mail. Conditions, each may start with NOT: OPPONENT PLAYS ANY|AP|EVENT|CLAIM|<card>|AP <card>|BLUE|RED|GREY; OPPONENT ATTACKS (or MOVES, SLOWS, RAIDS, REPAIRS, TRAINS, SUPPORTS, PLEADS, PREPARES, BUILDS, REWARDS) [<space>|<area>]; HOLDING <card>; [OPPONENT] MORALE|SUPPLIES|MONEY|PREPARATION AT LEAST|AT MOST <n>; DAMAGE <wall space> AT LEAST|AT MOST <n>; CLAIMABLE.".into());
            out.push("FIRE <space> AT <space> [ELSE <space>] or FIRE DEFAULT files your cannons' plan for the round, and LASTCLAIM ALWAYS|NEVER answers the last-turn claim: with them in the same mail, neither waits for another. REFERENCE in any file adds this notation to the acknowledgement.".into());
        } else {
            out.push("THEN IF OPPONENT PLAYS ANY|AP|EVENT|CLAIM|<card> starts a block for your next play; FIRE <space> AT <space> [ELSE <space>] files your cannons' plan for the round. REFERENCE in any file adds this notation to the acknowledgement.".into());
        }
        out
    }

    /// The GM's file for a `gm` Event: `RULING <card>`, then operations.
    fn parse_gm(&self, state: &State, body: &str) -> std::result::Result<Orders, Vec<OrderError>> {
        let mut out = Orders::default();
        let mut errors = Vec::new();
        let mut first = true;
        for (i, raw) in body.lines().enumerate() {
            let text = orders::canonical(raw);
            if text.is_empty() {
                continue;
            }
            if first {
                first = false;
                let card = state.gm_pending.as_ref().map(|(_, c)| c.as_str()).unwrap_or("");
                if !text.starts_with("RULING") || state.gm_pending.is_none() {
                    errors.push(OrderError::new(
                        i + 1,
                        raw.trim(),
                        format!("the GM's file here is RULING {card}, then its operations"),
                    ));
                }
                out.lines.push(text);
                continue;
            }
            match events::gm_line(&self.data, &text) {
                Ok(_) => {
                    out.gm.push(text.clone());
                    out.lines.push(text);
                }
                Err(e) => errors.push(OrderError::new(i + 1, raw.trim(), e)),
            }
        }
        if errors.is_empty() { Ok(out) } else { Err(errors) }
    }

    /// One play from a file (or the default when none came), then the checks that
    /// follow a play and the blocks filed for the next ones.
    fn play_step(
        &self,
        next: &mut State,
        side: Side,
        mut lines: Vec<String>,
        dice: &mut Dice,
        log: &mut actions::Said,
    ) -> Result<()> {
        let data = &self.data;
        if lines.is_empty() {
            lines = play::default_play(next, data, side);
            log.say(format!("no play from the {} player: the default", side.name()));
        }
        let mut trial = next.clone();
        let mut trial_log = actions::Said::default();
        match play::run(&mut trial, data, side, &lines, false, dice, &mut trial_log) {
            Ok(()) => {
                *next = trial;
                log.lines.extend(trial_log.lines);
            }
            Err(why) if next.revision >= 3 => {
                // Revision 3 names the line, and every action line goes with it.
                let first = lines.first().cloned().unwrap_or_default();
                log.tell(side, format!("your play cannot be made ({first}: {why}): the default is played"));
                for l in lines.iter().skip(1) {
                    log.tell(side, format!("skipped: {l}: its play was replaced by the default"));
                }
                let lines = play::default_play(next, data, side);
                play::run(next, data, side, &lines, false, dice, log).map_err(Error::step)?;
            }
            Err(why) => {
                log.tell(side, format!("your play cannot be made ({why}): the default is played"));
                let lines = play::default_play(next, data, side);
                play::run(next, data, side, &lines, false, dice, log).map_err(Error::step)?;
            }
        }
        self.after_play(next, dice, log);
        if next.gm_pending.is_none() {
            self.run_blocks(next, dice, log);
        }
        Ok(())
    }
}

impl System for Freedom {
    type State = State;
    type Orders = Orders;

    fn setup(&self, setup: &Setup) -> Result<State> {
        setup.two_players("Freedom!")?;
        let seating = seating();
        let seats = setup.seats(&seating)?;
        for key in setup.options.keys() {
            if !seating.reads(key) && !["deal", "revision", "map_orders"].contains(&key.as_str()) {
                return Err(Error::setup(format!("the freedom-messolonghi system has no option '{key}'")));
            }
        }
        let players = state::Players {
            imperial: seats.player_of("imperial").cloned().unwrap_or_default(),
            insurgent: seats.player_of("insurgent").cloned().unwrap_or_default(),
        };
        let mut state = setup::new_state(&self.data, players);
        state.unshuffled = setup.options.get("deal").is_some_and(|d| d == "listed");
        state.map_orders = setup.options.get("map_orders").is_some_and(|v| v == "yes");
        state.revision = match setup.options.get("revision").map(String::as_str) {
            None | Some("1") => 1,
            Some("2") => 2,
            Some("3") => 3,
            Some("4") => 4,
            Some("5") => 5,
            Some(other) => {
                return Err(Error::setup(format!("option revision={other}: use 5 (current), 4, 3, 2 or 1")));
            }
        };
        Ok(state)
    }

    fn phase(&self, state: &State) -> Phase {
        let mut p = Phase {
            id: String::new(),
            title: report::stage(state),
            due: Vec::new(),
            mode: PhaseMode::Deadline,
            game_over: state.over.clone(),
            kind: "play".into(),
            optional: Vec::new(),
            welcome: Vec::new(),
            prompts: BTreeMap::new(),
        };
        let imp = state.players.imperial.clone();
        let ins = state.players.insurgent.clone();
        let r = state.round;
        if let Some((_, card)) = state.gm_pending.as_ref().filter(|_| state.over.is_none()) {
            p.id = format!("R{r}-GM");
            p.kind = "ruling".into();
            p.title = format!("Round {r}: the GM's ruling on {card}");
            if state.revision >= 3 {
                p.title.push_str(&format!(" (RULING {card}, then one operation a line)"));
            }
            p.due = vec![crate::engine::GM.to_string()];
            return p;
        }
        match state.stage {
            Stage::Setup => {
                p.id = "SETUP".into();
                p.kind = "set-up".into();
                p.due = vec![imp, ins];
            }
            Stage::Advance => {
                p.id = format!("R{r}-ADV");
                p.kind = "opening".into();
                p.due = vec![imp];
                p.welcome = vec![ins];
            }
            Stage::Regroup => {
                p.id = format!("R{r}-REGROUP");
                p.kind = "opening".into();
                p.due = vec![ins];
                p.welcome = vec![imp];
            }
            Stage::Play => {
                p.id = state.play_id();
                let (due, other) = (
                    state.player(state.to_play).to_string(),
                    state.player(state.to_play.other()).to_string(),
                );
                p.due = vec![due];
                p.welcome = vec![other];
            }
            Stage::LastClaim => {
                p.id = format!("R{r}-LAST");
                p.kind = "play".into();
                let first = state.player(state.first).to_string();
                let card = state.claimable.clone().unwrap_or_default();
                let last = state.camp(state.first).hand.first().cloned().unwrap_or_default();
                let name = self.data.card(&card).map(|c| c.name.clone()).unwrap_or_default();
                p.prompts.insert(
                    first.clone(),
                    Prompt {
                        question: format!(
                            "The last play was {card} \u{201c}{name}\u{201d} for AP; its Event is yours to claim by discarding your last card, {last}. You would then draw 8 cards next round."
                        ),
                        answers: vec![format!("CLAIM {card} DISCARD {last}"), "decline".into()],
                        default: 1,
                    },
                );
                p.due = vec![first];
            }
            Stage::Fire => {
                p.id = format!("R{r}-FIRE");
                p.kind = "fire".into();
                for side in [Side::Imperial, Side::Insurgent] {
                    // Revision 5: a side with no cannon on the map has nothing to decide,
                    // and is not asked for a mail.
                    let guns = state.revision < 5 || state.cannons.values().any(|c| c.side == side);
                    if state.camp(side).fire.is_none() && guns {
                        p.due.push(state.player(side).to_string());
                    }
                }
            }
            Stage::Over => p.end(),
        }
        p
    }

    fn parse(&self, state: &State, player: &str, body: &str) -> std::result::Result<Orders, Vec<OrderError>> {
        if player == crate::engine::GM {
            return self.parse_gm(state, body);
        }
        let Some(side) = state.side_of(player) else {
            return Err(crate::engine::plays_no_side(player));
        };
        if let Some(prompt) = self.phase(state).prompts.get(player) {
            return prompt.answer(body).map(|words| Orders { answer: Some(words), ..Orders::default() });
        }
        let ok = allowed(state, side);
        let mut out = Orders::default();
        let mut errors = Vec::new();
        let mut in_block = false;
        let mut lines = rehearsal::Lines::default();
        let mut raws: BTreeMap<usize, String> = BTreeMap::new();
        for (i, raw) in body.lines().enumerate() {
            let text = orders::canonical(raw);
            if text.is_empty() {
                continue;
            }
            raws.insert(i + 1, raw.trim().to_string());
            if text == "REFERENCE" {
                out.reference = true;
                out.lines.push(text);
                out.numbers.push(i + 1);
                continue;
            }
            let kind = match orders::check(&self.data, state, side, &text) {
                Ok(k) => k,
                Err(e) => {
                    errors.push(OrderError::new(i + 1, raw.trim(), e));
                    continue;
                }
            };
            // Inside a THEN block, play and action lines belong to the block.
            if matches!(kind, LineKind::Play | LineKind::Action) && in_block {
                if let Some(b) = out.blocks.last_mut() {
                    b.1.push(text.clone());
                }
                if let Some(b) = lines.blocks.last_mut() {
                    b.1.push((i + 1, text.clone()));
                }
                out.lines.push(text);
                out.numbers.push(i + 1);
                continue;
            }
            let name = kind_name(&kind);
            if !ok.contains(&name) {
                errors.push(OrderError::new(
                    i + 1,
                    raw.trim(),
                    format!(
                        "a {name} line cannot be sent now ({}); now: {}",
                        report::stage(state),
                        ok.join(", ")
                    ),
                ));
                continue;
            }
            match kind {
                LineKind::Play if !out.play.is_empty() => {
                    errors.push(OrderError::new(
                        i + 1,
                        raw.trim(),
                        "one PLAY or CLAIM a file (THEN blocks for later plays)",
                    ));
                    continue;
                }
                LineKind::Action if out.play.is_empty() => {
                    errors.push(OrderError::new(
                        i + 1,
                        raw.trim(),
                        "actions follow the PLAY line that pays for them",
                    ));
                    continue;
                }
                LineKind::Play | LineKind::Action => {
                    out.play.push(text.clone());
                    lines.play.push((i + 1, text.clone()));
                }
                LineKind::Then if text.starts_with("ELSE") && out.blocks.is_empty() => {
                    errors.push(OrderError::new(
                        i + 1,
                        raw.trim(),
                        "an ELSE block follows a THEN block: it is another way to make the same play",
                    ));
                    continue;
                }
                LineKind::Then => {
                    in_block = true;
                    out.blocks.push((text.clone(), Vec::new()));
                    lines.blocks.push(((i + 1, text.clone()), Vec::new()));
                }
                LineKind::Opening => {
                    out.opening.push(text.clone());
                    lines.opening.push((i + 1, text.clone()));
                }
                LineKind::Fire => {
                    in_block = false;
                    out.fire.push(text.clone());
                    lines.fire.push((i + 1, text.clone()));
                }
                LineKind::Standing(cat) => {
                    in_block = false;
                    out.standing.push((cat.to_string(), text.clone()));
                    lines.standing.push((cat.to_string(), text.clone()));
                }
                LineKind::Ready => {}
            }
            out.lines.push(text);
            out.numbers.push(i + 1);
        }
        if let Some(((n, g), _)) = lines.blocks.iter().find(|(_, l)| l.is_empty()) {
            let n = if state.revision >= 3 { *n } else { 0 };
            errors.push(OrderError::new(n, g.clone(), "a THEN block holds a PLAY or CLAIM and its actions"));
        }
        // Revision 3: every line checked against the live board (see `rehearsal`).
        if state.revision >= 3 {
            if state.stage == Stage::Play
                && state.to_play == side
                && out.play.is_empty()
                && !state.camp(side).hand.is_empty()
            {
                errors.push(OrderError::new(
                    0,
                    "",
                    format!(
                        "your play is due: PLAY <card> EVENT|AP with its actions, or CLAIM <card> DISCARD <card> (sent without one, the default would be played: {})",
                        play::default_play(state, &self.data, side).join(", ")
                    ),
                ));
            }
            for (n, finding) in rehearsal::check(state, &self.data, side, &lines) {
                match finding {
                    rehearsal::Finding::Refuse(why) => {
                        errors.push(OrderError::new(n, raws.get(&n).cloned().unwrap_or_default(), why))
                    }
                    rehearsal::Finding::Note(note) => out.notes.push((n, note)),
                }
            }
            errors.sort_by_key(|e| e.line);
        }
        if errors.is_empty() { Ok(out) } else { Err(errors) }
    }

    /// The lines as read, each followed by what the check at ingest says it depends
    /// on (`# note:` lines, which a file sent again ignores); `REFERENCE` adds the
    /// notation of the orders due now.
    fn echo(&self, state: &State, orders: &Orders) -> Vec<String> {
        if let Some(a) = &orders.answer {
            return vec![a.clone()];
        }
        let mut out = Vec::new();
        for (i, line) in orders.lines.iter().enumerate() {
            out.push(line.clone());
            let n = orders.numbers.get(i).copied().unwrap_or(0);
            for (_, note) in orders.notes.iter().filter(|(at, _)| *at == n) {
                out.push(format!("# note: {note}"));
            }
        }
        if orders.reference {
            out.extend(self.reference(state, &orders.lines).into_iter().map(|l| format!("# {l}")));
        }
        out
    }

    fn notes(&self, _state: &State, _player: &str, orders: &Orders) -> Vec<crate::engine::LineNote> {
        orders
            .notes
            .iter()
            .filter_map(|(n, note)| {
                let i = orders.numbers.iter().position(|x| x == n)?;
                Some(crate::engine::LineNote { line: orders.lines.get(i)?.clone(), note: note.clone() })
            })
            .collect()
    }

    /// Besides `skipped: <line>: <why>`: a play replaced by the default (revision 3
    /// names its line) and a THEN block that did not match or could not be played.
    fn skipped(&self, player: &str, events: &[crate::engine::Event]) -> Vec<String> {
        let mut out = crate::engine::skipped_lines(player, events);
        let viewer = Viewer::Player(player.to_string());
        for e in events
            .iter()
            .filter(|e| e.audience != crate::engine::Audience::Public && e.audience.admits(&viewer))
        {
            if let Some(rest) = e.text.strip_prefix("your play cannot be made (")
                && let Some((line, _)) = rest.split_once(": ")
                && (line.starts_with("PLAY ") || line.starts_with("CLAIM "))
            {
                out.push(line.to_string());
            }
            if let Some(rest) = e.text.strip_prefix("your block '")
                && let Some((guard, _)) = rest.split_once('\'')
            {
                out.push(guard.to_string());
            }
        }
        out
    }

    fn guide(&self, state: &State, player: &str) -> Guide {
        let Some(side) = state.side_of(player) else { return Guide::default() };
        let now = match state.stage {
            Stage::Setup => {
                let mut l = vec!["READY".to_string(), "MORALE DOWN".into()];
                l.push(if side == Side::Imperial {
                    "LOSSES CAMP M3a".into()
                } else {
                    "PLACE F1 F2 W3".into()
                });
                l
            }
            _ => {
                // The example is the bot's, from a seed fixed by the phase, so every
                // rendering of this report shows the same lines.
                use rand_core::SeedableRng;
                let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(
                    u64::from(state.round) * 100 + u64::from(state.plays),
                );
                self.careful(state, player, bot::example(state, &self.data, side, &mut rng))
                    .lines()
                    .map(str::to_string)
                    .collect()
            }
        };
        Guide { now, notes: self.guide_notes(state), next: Vec::new(), reference: Vec::new() }
    }

    fn resolve(
        &self,
        state: &State,
        orders: &BTreeMap<PlayerId, Orders>,
        dice: &mut Dice,
    ) -> Result<Resolution<State>> {
        if state.over.is_some() {
            return Err(Error::step("the game is over"));
        }
        let data = &self.data;
        let mut next = state.clone();
        let mut log = actions::Said::default();
        let of = |side: Side| orders.get(state.player(side));
        let files = orders.keys().filter(|p| state.side_of(p).is_some()).count() as u32;
        next.mails_round += files;
        next.mails_game += files;
        for side in [Side::Imperial, Side::Insurgent] {
            if let Some(o) = of(side) {
                crate::engine::standing::replace_by_category(
                    &mut next.camp_mut(side).standing,
                    o.standing.iter().cloned(),
                );
                if !o.fire.is_empty() {
                    next.camp_mut(side).fire = Some(o.fire.clone());
                }
                if !o.blocks.is_empty() {
                    next.camp_mut(side).blocks = o.blocks.clone();
                }
            }
        }
        match state.stage {
            // The GM's ruling on a `gm` Event comes first, whatever the stage.
            _ if state.gm_pending.is_some() => {
                let lines = orders.get(crate::engine::GM).map(|o| o.gm.clone()).unwrap_or_default();
                events::apply_gm(&mut next, data, &lines, &mut log);
                if !round::morale_end(&mut next) {
                    self.run_blocks(&mut next, dice, &mut log);
                }
            }
            Stage::Setup => {
                setup::deal(&mut next, data, dice);
                log.say(format!(
                    "{}; each player is dealt {} cards; the {} player plays first",
                    if next.unshuffled {
                        "the decks are NOT shuffled (option deal=listed, a demonstration): they deal in cards.toml order"
                    } else {
                        "both decks are shuffled"
                    },
                    data.setup.start.hand,
                    next.first.name()
                ));
            }
            Stage::Advance => {
                let lines = of(Side::Imperial).map(|o| o.opening.clone()).unwrap_or_default();
                let mut moves = Vec::new();
                let mut allies = Vec::new();
                for l in &lines {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    match w.as_slice() {
                        ["ADVANCE", ms @ ..] => {
                            for m in ms {
                                let parts: Vec<&str> = m.trim_end_matches(',').split('-').collect();
                                if let (Some(a), Some(b)) = (
                                    parts.first().and_then(|x| orders::space(data, x)),
                                    parts.get(1).and_then(|x| orders::space(data, x)),
                                ) {
                                    moves.push((a, b));
                                }
                            }
                        }
                        ["ALLIES", rest @ ..] => {
                            for pair in rest.chunks(2) {
                                if let (Some(sp), Some(n)) =
                                    (orders::space(data, pair[0]), pair.get(1).and_then(|n| n.parse().ok()))
                                {
                                    allies.push((sp, n));
                                }
                            }
                        }
                        _ => {}
                    }
                }
                for e in round::advance(&mut next, data, &moves, &mut log) {
                    log.tell(Side::Imperial, format!("skipped: {e}"));
                }
                if next.round == 4 {
                    round::place_allies(&mut next, data, &allies, &mut log);
                }
                next.stage = Stage::Regroup;
            }
            Stage::Regroup => {
                let lines = of(Side::Insurgent).map(|o| o.opening.clone()).unwrap_or_default();
                if let Some(l) = lines.first() {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    if let ["REGROUP", a, b] = w.as_slice()
                        && let (Some(a), Some(b)) = (orders::space(data, a), orders::space(data, b))
                    {
                        match actions::regroup(&mut next, data, &a, &b) {
                            Ok(()) => log.say(format!("Insurgent Regroup: {a} to {b}")),
                            Err(e) => log.tell(Side::Insurgent, format!("skipped: {l}: {e}")),
                        }
                    }
                }
                next.stage = Stage::Play;
                next.to_play = next.first;
                let first_play = of(Side::Insurgent).map(|o| o.play.clone()).unwrap_or_default();
                if next.first == Side::Insurgent && !first_play.is_empty() {
                    self.play_step(&mut next, Side::Insurgent, first_play, dice, &mut log)?;
                } else {
                    self.run_blocks(&mut next, dice, &mut log);
                }
            }
            Stage::Play => {
                let side = state.to_play;
                let lines = of(side).map(|o| o.play.clone()).unwrap_or_default();
                self.play_step(&mut next, side, lines, dice, &mut log)?;
            }
            Stage::LastClaim => {
                let yes =
                    of(state.first).and_then(|o| o.answer.clone()).is_some_and(|a| a.starts_with("CLAIM"));
                if yes {
                    self.last_claim(&mut next, dice, &mut log);
                } else {
                    log.say(format!("the {} player declines the last card's Event", state.first.name()));
                }
                next.claimable = None;
                next.stage = Stage::Fire;
            }
            Stage::Fire => {
                cannons::fire(&mut next, data, Side::Imperial, dice, &mut log);
                if !round::morale_end(&mut next) {
                    cannons::fire(&mut next, data, Side::Insurgent, dice, &mut log);
                }
                if !round::morale_end(&mut next) {
                    round::replenish(&mut next, data, dice, &mut log);
                }
                if next.over.is_none() {
                    round::administration(&mut next, data, dice, &mut log);
                    next.first = round::first_player(&next);
                    next.to_play = next.first;
                }
            }
            Stage::Over => {}
        }
        round::clamp(&mut next, data);
        if next.over.is_some() {
            next.stage = Stage::Over;
        }
        let events = log.into_events(|side| next.player(*side).to_string());
        Ok(Resolution { state: next, events })
    }

    /// The board as every report draws it (the same for every reader: nothing hidden
    /// is on it), so that report mails carry it as a PNG and the zine and site show it;
    /// with `map_orders=yes` (new campaigns) the step's actions are drawn on it
    /// (`picture`), otherwise the board alone, as campaigns made before had it.
    fn picture(
        &self,
        _before: &State,
        state: &State,
        _viewer: &Viewer,
        results: &[crate::engine::Event],
        frame: &crate::maps::Frame,
    ) -> Option<Arc<String>> {
        let lines: Vec<String> = results.iter().map(|e| e.text.clone()).collect();
        if frame.clear() {
            let marks = picture::marks(&self.data, &lines);
            return Some(Arc::new(report::svg_clear(state, &self.data, &marks, frame.step)));
        }
        if !state.map_orders {
            return Some(Arc::new(report::svg(state, &self.data)));
        }
        Some(Arc::new(report::svg_with(state, &self.data, &picture::marks(&self.data, &lines))))
    }

    fn view(&self, state: &State, viewer: &Viewer) -> View {
        View {
            sections: report::sections(state, &self.data, viewer),
            svg: None,
            data: serde_json::json!({"round": state.round}),
        }
    }

    fn drawing(&self, state: &State, _viewer: &Viewer) -> Option<String> {
        Some(report::svg(state, &self.data))
    }

    /// New campaigns take the current corrections (see `State::revision`).
    fn pinned_options(&self) -> &'static [(&'static str, &'static str)] {
        &[("revision", "5"), ("map_orders", "yes")]
    }

    fn random_orders(&self, state: &State, player: &str, rng: &mut dyn rand_core::RngCore) -> Option<String> {
        let side = state.side_of(player)?;
        Some(self.careful(state, player, bot::orders(state, &self.data, side, rng)))
    }

    fn careless_orders(
        &self,
        state: &State,
        player: &str,
        rng: &mut dyn rand_core::RngCore,
    ) -> Option<String> {
        let side = state.side_of(player)?;
        Some(careless::orders(state, &self.data, side, rng))
    }

    fn check_invariants(&self, state: &State) -> std::result::Result<(), Broken> {
        invariants::check(state, &self.data)
    }

    fn game_turn(&self, state: &State) -> Option<String> {
        Some(format!("R{}", state.round))
    }

    /// Each side's Morale, with the Imperial Money and the Insurgent Supplies.
    fn standings(&self, state: &State) -> Vec<crate::engine::Standing> {
        use crate::engine::Standing;
        vec![
            Standing::new(
                "Imperial",
                format!("Morale {}, Money {}", state.imperial.morale, state.imperial.money),
            ),
            Standing::new(
                "Insurgent",
                format!("Morale {}, Supplies {}", state.insurgent.morale, state.insurgent.supplies),
            ),
        ]
    }

    fn winner(&self, state: &State) -> Option<String> {
        state.over.as_ref()?;
        state.winner.map(|s| s.name().to_string())
    }
}
