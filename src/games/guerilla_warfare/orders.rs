//! Reading one power's orders: conventional Diplomacy orders (through the Diplomacy
//! engine's notation and checker, then the frozen-region filter of rule 4) and the
//! game's own lines, dispersals, fractional moves, boardings, reforms, supports of a
//! reform and votes.
//!
//! Every check here uses only what the ordering power may know: the public board and
//! its own fractions. No message depends on another power's fractions.

use crate::engine::Refusal;
use std::collections::{BTreeMap, BTreeSet};

use super::calendar::{DISPERSAL_LIMIT_ENDS, Stage};
use super::fractions::{MAX_PART, Size, WHOLE};
use super::frozen::Ice;
use super::state::{Decoded, Frac, State};
use super::votes::Vote;
use crate::engine::OrderError;
use crate::games::diplomacy::board::RetreatOrder;
use crate::games::diplomacy::board::{Order, Unit};
use crate::games::diplomacy::check::{Checker, PowerOrders, Preferences, Stage as CheckStage};
use crate::games::diplomacy::map::{Map, PowerId, ProvinceId, RegionId, Terrain, UnitKind, squash};
use crate::games::diplomacy::notation::{self, Names, Written, WrittenStanding};

/// Rule 5: a unit splits into fractions that go to different provinces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dispersal {
    pub from: ProvinceId,
    pub kind: UnitKind,
    pub parts: Vec<Part>,
}

/// One fraction of a dispersal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub size: u32,
    /// The province it goes to, or the sea of the fleet it boards.
    pub to: ProvinceId,
    /// Boards the power's fleet in `to` (rule 8).
    pub board: bool,
}

/// Where a fractional army aboard a fleet goes at the end of the move (rule 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// Into a coastal province next to the fleet.
    Shore(ProvinceId),
    /// Onto the power's fleet in a neighbouring sea.
    Fleet(ProvinceId),
}

/// What a fraction does this move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Stay,
    Move(ProvinceId),
    /// Boards the fleet in this sea at the start of the move, perhaps landing at its end.
    Board {
        sea: ProvinceId,
        then: Option<Landing>,
    },
    /// Leaves the fleet it is aboard at the end of the move.
    Land(Landing),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FractionOrder {
    pub id: u32,
    pub action: Action,
}

/// Rule 6: fractions forming a conventional unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reform {
    pub kind: UnitKind,
    pub at: ProvinceId,
    /// The fractions used, by id.
    pub using: Vec<u32>,
}

/// One power's orders for the open phase.
#[derive(Clone, Debug, Default)]
pub struct GwOrders {
    pub conventional: PowerOrders,
    pub dispersals: Vec<Dispersal>,
    pub fractions: Vec<FractionOrder>,
    pub reforms: Vec<Reform>,
    /// (supporting unit's province, province of the reform it supports).
    pub reform_supports: Vec<(ProvinceId, ProvinceId)>,
    pub vote: Option<Vote>,
    /// The orders as understood, one line each.
    pub echo: Vec<String>,
}

/// What the reader needs to know.
pub struct Ctx<'a> {
    pub map: &'a Map,
    pub names: &'a Names,
    pub ice: &'a Ice,
    pub state: &'a State,
    pub dec: &'a Decoded,
    pub power: PowerId,
}

fn is_blank(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#') || t.starts_with("//")
}

fn is_end(line: &str) -> bool {
    matches!(line.trim().to_ascii_lowercase().as_str(), "end" | "signoff" | "sign off" | "--" | "-- ")
}

/// Lowercases and spaces out the punctuation the game's own lines may use.
fn words(text: &str) -> Vec<String> {
    let mut s = String::with_capacity(text.len() + 8);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' | ')' | '[' | ']' | '.' | ';' | ':' | '=' => s.push(' '),
            '-' | '\u{2013}' | '\u{2014}' => {
                if chars.peek() == Some(&'>') {
                    chars.next();
                }
                s.push_str(" - ");
            }
            '>' => s.push_str(" - "),
            // The map's label `1/3A`: a size runs straight into the unit's kind.
            c if c.is_alphabetic() && s.ends_with(|d: char| d.is_ascii_digit()) => {
                s.push(' ');
                s.extend(c.to_lowercase());
            }
            c => s.extend(c.to_lowercase()),
        }
    }
    s.split_whitespace().map(str::to_string).collect()
}

fn is_size(w: &str) -> bool {
    w.contains('/') && w.chars().all(|c| c.is_ascii_digit() || c == '/')
}

fn kind_word(w: &str) -> Option<UnitKind> {
    UnitKind::from_letter(w)
}

const MOVE_WORDS: &[&str] = &["-", "to", "m", "move", "moves"];
const BOARD_WORDS: &[&str] = &["board", "boards", "embark", "embarks"];
const HOLD_WORDS: &[&str] = &["h", "hold", "holds", "stand", "stands", "stay", "stays"];
const ABOARD_WORDS: &[&str] = &["on", "aboard"];

/// A province named by some words: an id, a name or alias, or a unique beginning of one.
pub fn place(map: &Map, ws: &[String]) -> Result<ProvinceId, Refusal> {
    let joined = ws.join(" ");
    let s = squash(&joined);
    if s.is_empty() {
        return Err("a province is missing".into());
    }
    let ids = || (0..map.provinces.len()).map(|i| i as ProvinceId);
    if let Some(p) = ids().find(|&p| map.squashed_names(p).contains(&s)) {
        return Ok(p);
    }
    if s.len() >= 3 {
        let found: Vec<ProvinceId> =
            ids().filter(|&p| map.squashed_names(p).iter().any(|n| n.starts_with(&s))).collect();
        match found.len() {
            1 => return Ok(found[0]),
            0 => {}
            _ => {
                let list: Vec<String> = found.iter().map(|&p| map.province(p).id.clone()).collect();
                return Err(format!("'{joined}' could be {}; write one of them", list.join(" or ")).into());
            }
        }
    }
    Err(format!("'{joined}' is not a province of this board").into())
}

/// The region a fleet stands in within a province (the first coast on a split coast).
pub fn fleet_region(map: &Map, p: ProvinceId) -> Option<RegionId> {
    map.province(p).fleet_regions.first().copied()
}

/// Can a unit (or fraction) of `kind` in `from` move to `to` in one move, without convoy?
pub fn one_move(map: &Map, kind: UnitKind, from: ProvinceId, to: ProvinceId) -> bool {
    if from == to {
        return false;
    }
    match kind {
        UnitKind::Army => map.province(to).terrain != Terrain::Sea && map.army_adjacent(from, to),
        UnitKind::Fleet => fleet_region(map, from).is_some_and(|r| map.can_reach(UnitKind::Fleet, r, to)),
    }
}

/// Does the sea `sea` touch the coast of `p` (so a fleet there can take on or land fractions)?
pub fn sea_touches(map: &Map, sea: ProvinceId, p: ProvinceId) -> bool {
    map.province(sea).terrain == Terrain::Sea
        && map.province(p).terrain == Terrain::Coast
        && fleet_region(map, sea).is_some_and(|r| map.can_reach(UnitKind::Fleet, r, p))
}

/// A unit written as `A bur` or `bur`.
fn unit_ref(map: &Map, ws: &[String]) -> Result<(Option<UnitKind>, ProvinceId), Refusal> {
    match ws.split_first() {
        Some((k, rest)) if kind_word(k).is_some() && !rest.is_empty() => {
            Ok((kind_word(k), place(map, rest)?))
        }
        _ => Ok((None, place(map, ws)?)),
    }
}

/// A fraction written as `1/3 A lor`, `1/3 A on iri` or `1/3 A iri aboard`.
#[derive(Clone, Copy, Debug)]
struct FracRef {
    size: u32,
    kind: Option<UnitKind>,
    at: ProvinceId,
    aboard: bool,
}

fn frac_ref(map: &Map, ws: &[String]) -> Result<FracRef, Refusal> {
    let Some((size, mut rest)) = ws.split_first() else {
        return Err("a fraction is missing".into());
    };
    let size = Size::parse(size)?.0;
    let mut kind = None;
    if let Some((k, r)) = rest.split_first()
        && let Some(k) = kind_word(k)
        && !r.is_empty()
    {
        kind = Some(k);
        rest = r;
    }
    let mut aboard = false;
    if let Some((w, r)) = rest.split_first()
        && ABOARD_WORDS.contains(&w.as_str())
    {
        aboard = true;
        rest = r;
        // `on F iri`
        if let Some((f, r)) = rest.split_first()
            && f == "f"
            && !r.is_empty()
        {
            rest = r;
        }
    }
    if let Some((w, r)) = rest.split_last()
        && ABOARD_WORDS.contains(&w.as_str())
    {
        aboard = true;
        rest = r;
    }
    Ok(FracRef { size, kind, at: place(map, rest)?, aboard })
}

fn show_size(size: u32) -> String {
    Size(size).show()
}

/// `1/3 A lor`, `1/3 A aboard F iri`.
pub fn show_frac(map: &Map, f: &Frac) -> String {
    if f.aboard {
        format!("{} {} aboard F {}", show_size(f.size), f.kind.letter(), map.province(f.at).id)
    } else {
        format!("{} {} {}", show_size(f.size), f.kind.letter(), map.province(f.at).id)
    }
}

/// A conventional order as a line: `A bur - mar`, `F nth S A yor - lon`.
pub fn show_order(map: &Map, board: &crate::games::diplomacy::board::Board, unit: Unit, o: &Order) -> String {
    let here = format!("{} {}", unit.kind.letter(), map.region_name(unit.region));
    let other = |p: ProvinceId| match board.unit(p) {
        Some(u) => format!("{} {}", u.kind.letter(), map.region_name(u.region)),
        None => map.province(p).id.clone(),
    };
    match *o {
        Order::Hold => format!("{here} H"),
        Order::Move { to, via_convoy } => {
            format!("{here} - {}{}", map.region_name(to), if via_convoy { " via convoy" } else { "" })
        }
        Order::SupportHold { unit: q } => format!("{here} S {}", other(q)),
        Order::SupportMove { unit: q, to, coast } => {
            let to = match coast {
                Some(c) => format!("{}/{}", map.province(to).id, c.abbr()),
                None => map.province(to).id.clone(),
            };
            format!("{here} S {} - {to}", other(q))
        }
        Order::Convoy { army, to } => {
            format!("{here} C A {} - {}", map.province(army).id, map.province(to).id)
        }
    }
}

#[derive(Clone)]
struct Reader<'a> {
    ctx: &'a Ctx<'a>,
    orders: GwOrders,
    errors: Vec<OrderError>,
    /// Provinces of own units already given an order.
    ordered: BTreeSet<ProvinceId>,
    /// Fractions already given an order (or used in a reform).
    used: BTreeSet<u32>,
    /// Conventional move orders by line: (line, province).
    conv_lines: Vec<(usize, String, ProvinceId)>,
    /// Boardings by line: (line, text, sea, size).
    boardings: Vec<(usize, String, ProvinceId, u32)>,
    /// Retreat preferences by line: (line, text, the unit's province).
    preference_lines: Vec<(usize, String, ProvinceId)>,
    /// The Diplomacy engine's checker, kept across lines so it sees earlier orders.
    checker: Checker<'a>,
}

impl<'a> Reader<'a> {
    fn me(&self) -> PowerId {
        self.ctx.power
    }

    fn map(&self) -> &'a Map {
        self.ctx.map
    }

    fn own_unit(&self, p: ProvinceId, kind: Option<UnitKind>) -> Result<Unit, Refusal> {
        let map = self.map();
        match self.ctx.dec.board.unit(p) {
            Some(u) if u.power == self.me() => {
                if let Some(k) = kind
                    && k != u.kind
                {
                    return Err(format!(
                        "the unit in {} is {} {}",
                        map.province(p).name,
                        art(u.kind),
                        u.kind.word()
                    )
                    .into());
                }
                Ok(u)
            }
            _ => Err(format!("{} has no unit in {}", map.power(self.me()).name, map.province(p).name).into()),
        }
    }

    fn own_fleet_at_sea(&self, sea: ProvinceId) -> Result<(), Refusal> {
        let map = self.map();
        if map.province(sea).terrain != Terrain::Sea {
            return Err(
                format!("{} is not a sea; fractions board fleets at sea", map.province(sea).name).into()
            );
        }
        match self.ctx.dec.board.unit(sea) {
            Some(u) if u.power == self.me() && u.kind == UnitKind::Fleet => Ok(()),
            _ => Err(format!(
                "{} has no fleet in {} to board",
                map.power(self.me()).name,
                map.province(sea).name
            )
            .into()),
        }
    }

    fn order_unit(&mut self, p: ProvinceId) -> Result<(), Refusal> {
        if !self.ordered.insert(p) {
            return Err(
                format!("the unit in {} already has an order above", self.map().province(p).name).into()
            );
        }
        Ok(())
    }

    /// The lowest-numbered own fraction matching `r` not yet ordered.
    fn find_frac(&self, r: &FracRef) -> Result<Frac, Refusal> {
        let map = self.map();
        let fits: Vec<&Frac> = self
            .ctx
            .dec
            .fractions
            .iter()
            .filter(|f| {
                f.power == self.me()
                    && f.size == r.size
                    && f.at == r.at
                    && f.aboard == r.aboard
                    && r.kind.is_none_or(|k| k == f.kind)
            })
            .collect();
        let where_ = if r.aboard {
            format!("aboard the fleet in {}", map.province(r.at).name)
        } else {
            format!("in {}", map.province(r.at).name)
        };
        let kind = r.kind.map(|k| format!(" {}", k.letter())).unwrap_or_default();
        if fits.is_empty() {
            return Err(format!("you have no {}{kind} fraction {where_}", show_size(r.size)).into());
        }
        if r.kind.is_none() && fits.iter().any(|f| f.kind != fits[0].kind) {
            return Err(format!("you have both army and fleet fractions {where_}; write A or F").into());
        }
        fits.into_iter().find(|f| !self.used.contains(&f.id)).copied().ok_or_else(|| {
            Refusal(format!("every {}{kind} fraction {where_} already has an order above", show_size(r.size)))
        })
    }

    /// A line that names `ARC` is read both ways, the rules' Arctic Ocean (`aro`) and
    /// the map's Archangel (`arc`, which the rules write `Ark`): mail is case-blind, so
    /// only the unit's kind and position can tell them apart. One legal reading is
    /// taken; two are refused, naming both.
    fn line(&mut self, number: usize, text: &str) -> Result<(), Refusal> {
        if !names_arc(text) {
            return self.line_one(number, text);
        }
        let ark = replace_arc(text, "ark");
        let aro = replace_arc(text, "aro");
        let mut as_ark = self.clone();
        let mut as_aro = self.clone();
        match (as_ark.line_one(number, &ark), as_aro.line_one(number, &aro)) {
            (Ok(()), Ok(())) => {
                Err("'ARC' could be the Arctic Ocean (aro) or Archangel (ark) here; write aro or ark".into())
            }
            (Ok(()), Err(_)) => {
                *self = as_ark;
                Ok(())
            }
            (Err(_), Ok(())) => {
                *self = as_aro;
                Ok(())
            }
            (Err(a), Err(b)) => Err(format!("read as Archangel: {a}; read as the Arctic Ocean: {b}").into()),
        }
    }

    fn line_one(&mut self, number: usize, text: &str) -> Result<(), Refusal> {
        let (prefix, body) = notation::split_power(self.map(), text);
        if let Some(p) = prefix
            && p != self.me()
        {
            return Err(format!(
                "this line is for {}, but these are {}'s orders",
                self.map().power(p).name,
                self.map().power(self.me()).name
            )
            .into());
        }
        let ws = words(body);
        let stage = self.ctx.state.stage;
        let first = ws.first().map(String::as_str).unwrap_or_default();
        if let Some(why) = fraction_misorder(self.ctx.state, &ws) {
            return Err(why.into());
        }
        let own_line = matches!(first, "draw" | "concede" | "vote" | "reform" | "form")
            || is_size(first)
            || ws.iter().any(|w| w.starts_with("dispers"))
            || ws.windows(2).any(|w| is_support(&w[0]) && matches!(w[1].as_str(), "reform" | "form"));
        if own_line && stage != Stage::Movement {
            return Err("guerillas, dispersals, reforms and votes are ordered in movement phases only".into());
        }
        if matches!(first, "draw" | "concede" | "vote") {
            return self.vote(&ws);
        }
        if matches!(first, "reform" | "form") {
            return self.reform(&ws);
        }
        if is_size(first) {
            return self.fraction(number, body, &ws);
        }
        if ws.iter().any(|w| w.starts_with("dispers")) {
            return self.dispersal(number, body, &ws);
        }
        if let Some(i) =
            ws.windows(2).position(|w| is_support(&w[0]) && matches!(w[1].as_str(), "reform" | "form"))
        {
            return self.reform_support(&ws[..i], &ws[i + 2..]);
        }
        self.conventional(number, body)
    }

    fn vote(&mut self, ws: &[String]) -> Result<(), Refusal> {
        let ws: Vec<&str> = ws.iter().map(String::as_str).filter(|w| *w != "vote").collect();
        let vote = match ws.as_slice() {
            ["draw"] => Vote::Draw,
            ["concede", rest @ ..] if !rest.is_empty() => {
                let p = self
                    .map()
                    .power_by_name(&rest.join(" "))
                    .ok_or_else(|| format!("'{}' is not a power", rest.join(" ")))?;
                Vote::Concede(p)
            }
            _ => return Err("a vote is DRAW or CONCEDE <power> (rule 3c)".into()),
        };
        if self.orders.vote.is_some() {
            return Err("only one vote per move".into());
        }
        self.orders.echo.push(vote.order(self.map()));
        self.orders.vote = Some(vote);
        Ok(())
    }

    fn conventional(&mut self, number: usize, body: &str) -> Result<(), Refusal> {
        let ctx = self.ctx;
        let map = ctx.map;
        if self.checker.allows_preferences()
            && let Some((order, pref)) = notation::parse_standing(map, ctx.names, body)?
        {
            return self.standing(number, body, order, &pref);
        }
        let w = notation::parse(map, ctx.names, body)?;
        if let Written::Draw = w {
            return self.vote(&["draw".to_string()]);
        }
        self.written(number, body, w)
    }

    /// A standing preference of a two-season year (option `year=two-season`), with the
    /// order written before it if any: the Diplomacy checker judges it as for a
    /// Diplomacy season; this game adds its calendar (lists only with the moves before
    /// an adjustment month) and its ice (R12).
    fn standing(
        &mut self,
        number: usize,
        body: &str,
        order: Option<Written>,
        pref: &WrittenStanding,
    ) -> Result<(), Refusal> {
        let ctx = self.ctx;
        let map = ctx.map;
        if matches!(pref, WrittenStanding::Builds(_) | WrittenStanding::Removals(_))
            && !ctx.state.date.takes_centres()
        {
            return Err(format!(
                "builds and removals are listed with the moves before an adjustment month (August, November, February, May), not with the {} moves",
                ctx.state.date.name()
            )
            .into());
        }
        // Judged first, so that a refused preference leaves no order behind.
        let mut trial = self.checker.clone();
        if let Some(w) = &order {
            trial.add(w)?;
        }
        trial.add_standing(pref)?;
        if let WrittenStanding::Retreats { unit, .. } = pref
            && let Some(u) = ctx.dec.board.unit(unit.place.province)
            && ctx.state.date.is_winter()
            && let Some((_, list)) = trial.orders.standing.retreats.last()
            && let Some(RetreatOrder::Retreat(r)) = list.iter().find(|o| match o {
                RetreatOrder::Retreat(r) => !ctx.ice.retreat_allowed(map, u.kind, map.province_of(*r)),
                RetreatOrder::Disband => false,
            })
        {
            return Err(format!(
                "a fleet dislodged in {} may not retreat into the frozen {} (rule 4, R12)",
                ctx.state.date.name(),
                map.province(map.province_of(*r)).name
            )
            .into());
        }
        if let Some(w) = order {
            self.written(number, body, w)?;
        }
        self.checker.add_standing(pref)?;
        if let WrittenStanding::Retreats { unit, .. } = pref {
            self.preference_lines.push((number, body.trim().to_string(), unit.place.province));
        }
        Ok(())
    }

    /// An order the Diplomacy notation read, checked and kept.
    fn written(&mut self, number: usize, body: &str, w: Written) -> Result<(), Refusal> {
        let ctx = self.ctx;
        let map = ctx.map;
        if ctx.state.stage == Stage::Movement
            && let Some(p) = w.ordered_unit()
            && self.ordered.contains(&p)
        {
            return Err(format!("the unit in {} already has an order above", map.province(p).name).into());
        }
        let before = (
            self.checker.orders.moves.len(),
            self.checker.orders.retreats.len(),
            self.checker.orders.adjustments.len(),
        );
        self.checker.add(&w)?;
        let conv = &mut self.checker.orders;
        if conv.moves.len() > before.0
            && let Some(&(p, o)) = conv.moves.last()
        {
            if let Some(u) = ctx.dec.board.unit(p)
                && ctx.state.date.is_winter()
                && let Some(why) = ctx.ice.forbids(map, &ctx.dec.board, u, &o)
            {
                conv.moves.pop();
                return Err(why.into());
            }
            self.ordered.insert(p);
            self.conv_lines.push((number, body.trim().to_string(), p));
            if let Some(u) = ctx.dec.board.unit(p) {
                self.orders.echo.push(show_order(map, &ctx.dec.board, u, &o));
            }
        } else if conv.retreats.len() > before.1
            && let Some(&(p, o)) = conv.retreats.last()
        {
            if self.ordered.contains(&p) {
                conv.retreats.pop();
                return Err(format!("the unit in {} already has an order above", map.province(p).name).into());
            }
            self.ordered.insert(p);
            let d = ctx.dec.dislodged.iter().find(|d| map.province_of(d.unit.region) == p);
            let k = d.map(|d| d.unit.kind.letter()).unwrap_or("?");
            self.orders.echo.push(match o {
                crate::games::diplomacy::board::RetreatOrder::Retreat(r) => {
                    format!("{k} {} R {}", map.province(p).id, map.region_name(r))
                }
                crate::games::diplomacy::board::RetreatOrder::Disband => {
                    format!("{k} {} disbands", map.province(p).id)
                }
            });
        } else if conv.adjustments.len() > before.2
            && let Some(a) = conv.adjustments.last()
        {
            use crate::games::diplomacy::board::Adjustment;
            self.orders.echo.push(match *a {
                Adjustment::Build { kind, region } => {
                    format!("build {} {}", kind.letter(), map.region_name(region))
                }
                Adjustment::Remove(p) => match ctx.dec.board.unit(p) {
                    Some(u) => format!("remove {} {}", u.kind.letter(), map.region_name(u.region)),
                    None => format!("remove {}", map.province(p).id),
                },
                Adjustment::Waive => "waive".into(),
            });
        }
        Ok(())
    }

    fn dispersal(&mut self, number: usize, body: &str, ws: &[String]) -> Result<(), Refusal> {
        let map = self.map();
        let at = ws.iter().position(|w| w.starts_with("dispers")).unwrap_or(0);
        let (kind, from) = unit_ref(map, &ws[..at])?;
        let unit = self.own_unit(from, kind)?;
        // The parts, split on commas in the original text after the keyword.
        let lower = body.to_lowercase();
        let tail = lower.find("dispers").map(|i| &lower[i..]).unwrap_or_default();
        let tail = tail.split_once(char::is_whitespace).map(|(_, t)| t).unwrap_or_default();
        let mut parts = Vec::new();
        let mut names = Vec::new();
        for chunk in tail.split([',', '+']) {
            let mut pw = words(chunk);
            while pw.first().is_some_and(|w| matches!(w.as_str(), "-" | "into" | "to" | "and")) {
                pw.remove(0);
            }
            if pw.is_empty() {
                continue;
            }
            let board =
                pw.iter().any(|w| BOARD_WORDS.contains(&w.as_str()) || ABOARD_WORDS.contains(&w.as_str()));
            pw.retain(|w| !BOARD_WORDS.contains(&w.as_str()) && !ABOARD_WORDS.contains(&w.as_str()));
            if board && pw.len() >= 3 && pw[pw.len() - 2] == "f" {
                pw.remove(pw.len() - 2);
            }
            let r = frac_ref(map, &pw)?;
            if let Some(k) = r.kind
                && k != unit.kind
            {
                return Err(format!(
                    "{} {} disperses into {} fractions",
                    art(unit.kind),
                    unit.kind.word(),
                    unit.kind.word()
                )
                .into());
            }
            parts.push(Part { size: r.size, to: r.at, board });
            names.push(if board {
                format!("{} {} aboard F {}", show_size(r.size), unit.kind.letter(), map.province(r.at).id)
            } else {
                format!("{} {} {}", show_size(r.size), unit.kind.letter(), map.province(r.at).id)
            });
        }
        if parts.len() < 3 {
            return Err("a unit disperses into at least three parts (rule 5)".into());
        }
        if let Some(p) = parts.iter().find(|p| p.size > MAX_PART) {
            return Err(format!(
                "no fraction may be more than 1/3 of a unit (rule 5), and {} is",
                show_size(p.size)
            )
            .into());
        }
        let total: u32 = parts.iter().map(|p| p.size).sum();
        if total != WHOLE {
            return Err(format!(
                "the parts add up to {} of a unit, not one whole unit",
                show_frac_total(total)
            )
            .into());
        }
        let mut seen = BTreeSet::new();
        for p in &parts {
            let name = &map.province(p.to).name;
            if !seen.insert(p.to) {
                return Err(
                    format!("two parts go to {name}; each must go to a different province (rule 9)").into()
                );
            }
            if p.board {
                if unit.kind != UnitKind::Army {
                    return Err("only fractional armies board fleets (rule 8)".into());
                }
                self.own_fleet_at_sea(p.to)?;
                if !sea_touches(map, p.to, from) {
                    return Err(
                        format!("the fleet in {name} is not next to {}", map.province(from).name).into()
                    );
                }
                self.boardings.push((number, body.trim().to_string(), p.to, p.size));
            } else if !one_move(map, unit.kind, from, p.to) {
                return Err(format!(
                    "the {} in {} cannot reach {} in one move (rule 5)",
                    unit.kind.word(),
                    map.province(from).name,
                    name
                )
                .into());
            }
        }
        if self.ctx.state.date < DISPERSAL_LIMIT_ENDS {
            let before = self.ctx.state.dispersed.get(&map.power(self.me()).id).copied().unwrap_or(0);
            let now = self.orders.dispersals.len() as u32 + 1;
            if before + now > 2 {
                return Err(format!(
                    "no country may have more than two units dispersed before March 1915 (rule 5); {} has dispersed {before} already",
                    map.power(self.me()).name
                ).into());
            }
        }
        self.order_unit(from)?;
        self.orders.echo.push(format!(
            "{} {} disperses - {}  # reported to the others as 'stands'",
            unit.kind.letter(),
            map.province(from).id,
            names.join(", ")
        ));
        self.orders.dispersals.push(Dispersal { from, kind: unit.kind, parts });
        Ok(())
    }

    fn fraction(&mut self, number: usize, body: &str, ws: &[String]) -> Result<(), Refusal> {
        let map = self.map();
        let cut = ws
            .iter()
            .enumerate()
            .skip(1)
            .position(|(_, w)| {
                MOVE_WORDS.contains(&w.as_str())
                    || BOARD_WORDS.contains(&w.as_str())
                    || HOLD_WORDS.contains(&w.as_str())
            })
            .map(|i| i + 1)
            .unwrap_or(ws.len());
        // `1/3 A lor` alone, or `1/3 F nth H`: `h` could not be a kind here.
        let r = frac_ref(map, &ws[..cut])?;
        let f = self.find_frac(&r)?;
        let rest = &ws[cut..];
        let here = show_frac(map, &f);
        let (action, echo) = match rest.split_first() {
            None => (Action::Stay, format!("{here} stays")),
            Some((w, r)) if HOLD_WORDS.contains(&w.as_str()) && r.is_empty() => {
                (Action::Stay, format!("{here} stays"))
            }
            Some((w, r)) if MOVE_WORDS.contains(&w.as_str()) => {
                let to = place(map, r)?;
                if f.aboard {
                    let landing = self.landing(to)?;
                    (Action::Land(landing), format!("{here} - {}", map.province(to).id))
                } else {
                    if !one_move(map, f.kind, f.at, to) {
                        return Err(format!(
                            "a fractional {} in {} cannot reach {} in one move (rule 10)",
                            f.kind.word(),
                            map.province(f.at).name,
                            map.province(to).name
                        )
                        .into());
                    }
                    (Action::Move(to), format!("{here} - {}", map.province(to).id))
                }
            }
            Some((w, r)) if BOARD_WORDS.contains(&w.as_str()) => {
                let mut r: Vec<String> = r.to_vec();
                if r.first().is_some_and(|w| w == "f") && r.len() > 1 {
                    r.remove(0);
                }
                let split = r.iter().position(|w| MOVE_WORDS.contains(&w.as_str())).unwrap_or(r.len());
                let sea = place(map, &r[..split])?;
                if f.aboard {
                    // Already aboard: onto another fleet at the end of the move.
                    if map.province(sea).terrain != Terrain::Sea {
                        return Err(format!("{} is not a sea", map.province(sea).name).into());
                    }
                    let landing = Landing::Fleet(sea);
                    (Action::Land(landing), format!("{here} - {}", map.province(sea).id))
                } else {
                    if f.kind != UnitKind::Army {
                        return Err("only fractional armies board fleets (rule 8)".into());
                    }
                    self.own_fleet_at_sea(sea)?;
                    if !sea_touches(map, sea, f.at) {
                        return Err(format!(
                            "the fleet in {} is not next to {}",
                            map.province(sea).name,
                            map.province(f.at).name
                        )
                        .into());
                    }
                    let then = if split < r.len() {
                        Some(self.landing(place(map, &r[split + 1..])?)?)
                    } else {
                        None
                    };
                    self.boardings.push((number, body.trim().to_string(), sea, f.size));
                    let mut echo = format!("{here} board {}", map.province(sea).id);
                    if let Some(Landing::Shore(p) | Landing::Fleet(p)) = then {
                        echo.push_str(&format!(" - {}", map.province(p).id));
                    }
                    (Action::Board { sea, then }, echo)
                }
            }
            _ => {
                return Err(format!(
                    "after the fraction write '- <province>', 'board <sea>' or nothing, not '{}'",
                    rest.join(" ")
                )
                .into());
            }
        };
        self.used.insert(f.id);
        self.orders.echo.push(echo);
        self.orders.fractions.push(FractionOrder { id: f.id, action });
        Ok(())
    }

    /// Where an army fraction aboard a fleet may be told to land.
    fn landing(&self, to: ProvinceId) -> Result<Landing, Refusal> {
        let map = self.map();
        match map.province(to).terrain {
            Terrain::Sea => Ok(Landing::Fleet(to)),
            Terrain::Coast => Ok(Landing::Shore(to)),
            Terrain::Land => Err(format!(
                "{} is inland; fractions land from a fleet only on a coast (rule 8)",
                map.province(to).name
            )
            .into()),
        }
    }

    fn reform(&mut self, ws: &[String]) -> Result<(), Refusal> {
        let map = self.map();
        let sep = ws
            .iter()
            .position(|w| matches!(w.as_str(), "from" | "with" | "using" | "-"))
            .ok_or("write the reform as 'reform A bur from 1/3 A lor, 1/3 A swa, 1/3 A ruh' (rule 6)")?;
        let (kind, at) = unit_ref(map, &ws[1..sep])?;
        // The fractions: split the words after the separator at each new size.
        let mut refs: Vec<Vec<String>> = Vec::new();
        for w in &ws[sep + 1..] {
            let w = w.trim_end_matches(',').to_string();
            if w == "and" || w.is_empty() {
                continue;
            }
            if is_size(&w) || refs.is_empty() {
                refs.push(Vec::new());
            }
            if let Some(last) = refs.last_mut() {
                last.push(w);
            }
        }
        let mut fracs: Vec<Frac> = Vec::new();
        for r in &refs {
            let r = frac_ref(map, r)?;
            let mut taken = self.used.clone();
            taken.extend(fracs.iter().map(|f| f.id));
            let saved = std::mem::replace(&mut self.used, taken);
            let found = self.find_frac(&r);
            self.used = saved;
            fracs.push(found?);
        }
        let Some(first) = fracs.first().copied() else {
            return Err("name the fractions that form the unit (rule 6)".into());
        };
        let kind = kind.unwrap_or(first.kind);
        if fracs.iter().any(|f| f.kind != kind) {
            return Err(format!(
                "only {} fractions form {} {} (rule 6)",
                kind.word(),
                art(kind),
                kind.word()
            )
            .into());
        }
        if fracs.iter().any(|f| f.size != first.size) {
            return Err("the fractions of a reform must all be of the same size (rule 6)".into());
        }
        let total: u32 = fracs.iter().map(|f| f.size).sum();
        if total != WHOLE {
            return Err(format!(
                "the fractions add up to {} of a unit, not one whole unit",
                show_frac_total(total)
            )
            .into());
        }
        match (kind, map.province(at).terrain) {
            (UnitKind::Army, Terrain::Sea) => {
                return Err(format!("an army cannot form at sea ({})", map.province(at).name).into());
            }
            (UnitKind::Fleet, Terrain::Land) => {
                return Err(format!("a fleet cannot form inland ({})", map.province(at).name).into());
            }
            _ => {}
        }
        for f in &fracs {
            let near = if f.aboard {
                f.at == at || sea_touches(map, f.at, at)
            } else {
                f.at == at || one_move(map, f.kind, f.at, at)
            };
            if !near {
                return Err(format!(
                    "{} is not within one move of {} (rule 6)",
                    show_frac(map, f),
                    map.province(at).name
                )
                .into());
            }
        }
        if self.orders.reforms.iter().any(|r| r.at == at) {
            return Err(format!("a reform in {} is already ordered above", map.province(at).name).into());
        }
        if self.ctx.state.date.is_winter()
            && let Some(why) = self.ctx.ice.forbids_reform(map, &self.ctx.dec.board, kind, at)
        {
            return Err(why.into());
        }
        self.used.extend(fracs.iter().map(|f| f.id));
        let list: Vec<String> = fracs.iter().map(|f| show_frac(map, f)).collect();
        self.orders.echo.push(format!(
            "reform {} {} from {}",
            kind.letter(),
            map.province(at).id,
            list.join(", ")
        ));
        self.orders.reforms.push(Reform { kind, at, using: fracs.iter().map(|f| f.id).collect() });
        Ok(())
    }

    fn reform_support(&mut self, unit: &[String], target: &[String]) -> Result<(), Refusal> {
        let map = self.map();
        let (kind, from) = unit_ref(map, unit)?;
        let u = self.own_unit(from, kind)?;
        let target: Vec<String> = match target.split_first() {
            Some((k, rest)) if kind_word(k).is_some() && !rest.is_empty() => rest.to_vec(),
            _ => target.to_vec(),
        };
        let at = place(map, &target)?;
        if at == from || !map.can_reach(u.kind, u.region, at) {
            return Err(format!(
                "the {} in {} cannot move to {}, so it cannot support a reform there",
                u.kind.word(),
                map.province(from).name,
                map.province(at).name
            )
            .into());
        }
        let as_order = Order::SupportMove { unit: at, to: at, coast: None };
        if self.ctx.state.date.is_winter()
            && let Some(why) = self.ctx.ice.forbids(map, &self.ctx.dec.board, u, &as_order)
        {
            return Err(why.into());
        }
        self.order_unit(from)?;
        self.orders.echo.push(format!(
            "{} {} S reform {}",
            u.kind.letter(),
            map.province(from).id,
            map.province(at).id
        ));
        self.orders.reform_supports.push((from, at));
        Ok(())
    }

    /// Checks across lines: fleet loads, carriers that convoy or disperse.
    fn finish(&mut self) {
        let map = self.map();
        let me = self.me();
        let mut load: BTreeMap<ProvinceId, u32> = BTreeMap::new();
        for f in self.ctx.dec.fractions.iter().filter(|f| f.power == me && f.aboard) {
            *load.entry(f.at).or_insert(0) += f.size;
        }
        for &(_, _, sea, size) in &self.boardings {
            *load.entry(sea).or_insert(0) += size;
        }
        for (n, text, sea, _) in &self.boardings {
            if load.get(sea).copied().unwrap_or(0) >= WHOLE {
                self.errors.push(OrderError::new(
                    *n,
                    text.clone(),
                    format!(
                        "the fleet in {} would carry a whole unit or more of fractions; it may carry less (rule 8)",
                        map.province(*sea).name
                    ),
                ));
            }
            if self.orders.dispersals.iter().any(|d| d.from == *sea) {
                self.errors.push(OrderError::new(
                    *n,
                    text.clone(),
                    format!("the fleet in {} disperses and cannot be boarded", map.province(*sea).name),
                ));
            }
        }
        for (n, text, p) in &self.conv_lines {
            let carrying = load.get(p).copied().unwrap_or(0) > 0;
            let convoys =
                self.checker.orders.moves.iter().any(|(q, o)| q == p && matches!(o, Order::Convoy { .. }));
            if carrying && convoys {
                self.errors.push(OrderError::new(
                    *n,
                    text.clone(),
                    "a fleet carrying fractional armies may move or support but not convoy (rule 8)",
                ));
            }
        }
        for (n, text, p) in &self.preference_lines {
            if let Some(d) = self.orders.dispersals.iter().find(|d| d.from == *p) {
                self.errors.push(OrderError::new(
                    *n,
                    text.clone(),
                    format!(
                        "the {} in {} disperses this move and never retreats (rule 5, R17): leave out its retreats",
                        d.kind.word(),
                        map.province(*p).name
                    ),
                ));
            }
        }
        for d in &self.orders.dispersals {
            if load.get(&d.from).copied().unwrap_or(0) > 0 {
                self.errors.push(OrderError::new(
                    0,
                    format!("{} {} disperses", d.kind.letter(), map.province(d.from).id),
                    "a fleet carrying fractional armies cannot disperse; land them first",
                ));
            }
        }
    }
}

/// A line that orders fractions what only conventional units do, answered with the
/// ruling instead of a reading error: a fraction does not disperse again (R18), and
/// adjustments remove units on the board, never fractions (R25).
fn fraction_misorder(state: &State, ws: &[String]) -> Option<String> {
    let names_fraction = ws.iter().any(|w| is_size(w));
    // `A mac disperses - 1/3 A ser, ...` names fractions too, but orders the unit.
    let fraction_first = ws.first().is_some_and(|w| is_size(w));
    if fraction_first && ws.iter().any(|w| w.starts_with("dispers")) {
        return Some(
            "a fraction cannot disperse again: only a conventional unit disperses (ruling R18); move it with '1/3 A <province> - <province>' or reform the unit"
                .into(),
        );
    }
    if names_fraction && state.stage == Stage::Movement && state.rules.year == super::state::Year::TwoSeason {
        if fraction_first && ws.iter().any(|w| matches!(w.as_str(), "r" | "retreat" | "retreats")) {
            return Some(
                "a fraction is never dislodged, so it has no retreats: fractional units are not affected by normal units (rule 5)"
                    .into(),
            );
        }
        if ws
            .first()
            .is_some_and(|w| matches!(w.as_str(), "build" | "builds" | "remove" | "removes" | "disband"))
        {
            return Some(
                "build and removal lists name conventional units only (ruling R25): name a unit on the board ('Remove A vie')"
                    .into(),
            );
        }
    }
    if names_fraction && state.stage == Stage::Adjustment {
        let counted = match state.rules.dispersed {
            super::state::Dispersed::Count => {
                "your dispersed units count as units here until they reform (ruling R25), but "
            }
            super::state::Dispersed::Free => "fractions do not count at adjustments (ruling R25), and ",
        };
        return Some(format!(
            "{counted}adjustments build and remove conventional units only: name a unit on the board ('remove A vie')"
        ));
    }
    None
}

/// A line as echoed: Archangel as the rules write it (`ark`), which no reader can
/// take for the Arctic Ocean.
pub fn as_the_rules_write(line: &str) -> String {
    if names_arc(line) { replace_arc(line, "ark") } else { line.to_string() }
}

/// Does the line name `arc` as a word, in any case?
fn names_arc(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric()).any(|w| w.eq_ignore_ascii_case("arc"))
}

/// The line with every word `arc` replaced by `with`.
fn replace_arc(text: &str, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.eq_ignore_ascii_case("arc") {
            out.push_str(with);
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

fn is_support(w: &str) -> bool {
    matches!(w, "s" | "support" | "supports" | "sup" | "supp")
}

fn art(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Army => "an",
        UnitKind::Fleet => "a",
    }
}

fn show_frac_total(total: u32) -> String {
    if total >= WHOLE && total.is_multiple_of(WHOLE) {
        return format!("{}", total / WHOLE);
    }
    let whole = total / WHOLE;
    let rest = total % WHOLE;
    if whole == 0 { show_size(rest) } else { format!("{whole} {}", show_size(rest)) }
}

pub fn show_landing(map: &Map, l: Landing) -> String {
    match l {
        Landing::Shore(p) => format!("lands in {}", map.province(p).id),
        Landing::Fleet(p) => format!("moves onto F {}", map.province(p).id),
    }
}

/// Reads a power's orders body. Every bad line is reported.
pub fn read<'a>(ctx: &'a Ctx<'a>, body: &str) -> Result<GwOrders, Vec<OrderError>> {
    let stage = match ctx.state.stage {
        Stage::Movement => CheckStage::Movement,
        Stage::Retreat => CheckStage::Retreat { dislodged: &ctx.dec.dislodged },
        Stage::Adjustment => CheckStage::Adjustment { ownership: &ctx.dec.ownership },
    };
    let two_season = ctx.state.rules.year == super::state::Year::TwoSeason;
    let preferences = match (two_season, ctx.state.stage) {
        (true, Stage::Movement) if ctx.state.date.takes_centres() => Preferences::RetreatsAndAdjustments,
        (true, Stage::Movement) => Preferences::Retreats,
        _ => Preferences::None,
    };
    let mut r = Reader {
        checker: Checker::new(ctx.map, &ctx.dec.board, stage, ctx.power)
            .preferences(preferences)
            .lists_after("these moves"),
        ctx,
        orders: GwOrders::default(),
        errors: Vec::new(),
        ordered: BTreeSet::new(),
        used: BTreeSet::new(),
        conv_lines: Vec::new(),
        boardings: Vec::new(),
        preference_lines: Vec::new(),
    };
    for (i, raw) in body.lines().enumerate() {
        if is_end(raw) {
            break;
        }
        if is_blank(raw) {
            continue;
        }
        // A comment after the order, as acknowledgements write them.
        let line = raw.split_once('#').map_or(raw, |(order, _)| order);
        if line.trim().is_empty() {
            continue;
        }
        if let Err(reason) = r.line(i + 1, line.trim()) {
            r.errors.push(OrderError::new(i + 1, raw.trim(), reason));
        }
    }
    r.finish();
    r.orders.conventional = std::mem::take(&mut r.checker.orders);
    // Archangel is echoed as the rules write it (`ark`), which no reader can take for
    // the Arctic Ocean.
    for line in &mut r.orders.echo {
        if names_arc(line) {
            *line = replace_arc(line, "ark");
        }
    }
    if r.errors.is_empty() { Ok(r.orders) } else { Err(r.errors) }
}
