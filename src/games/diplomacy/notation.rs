//! Orders as players mail them, read into a structured form without judging whether
//! they are legal (that is [`super::check`]'s job).
//!
//! Accepted: abbreviations, full names and aliases in any case (`lon`, `London`,
//! `Mid-Atlantic Ocean`, `St. Petersburg`), unique beginnings of names (`Norwa`), `A`/`F`
//! or `army`/`fleet` or nothing; moves as `-`, `->`, `to`, `m`, `moves`; `S`/`supports`,
//! `C`/`convoys`, `H`/`holds`/`stand`; coasts as `stp/nc`, `stp(nc)`, `StP NC`,
//! `north coast`; units as `A par` or the rulebooks' `A(Par)`; `via convoy` or `by convoy`; in retreats `R`/`retreats` and
//! `D`/`disband`; in adjustments `build`, `remove`, `disband`, `waive`, in either order
//! (`build F stp/nc` or `F stp/nc build`); `draw` to vote for a draw.
//! A name that could mean two provinces is an error listing both.

use super::map::{Coast, Map, NameMap, PowerId, ProvinceId, UnitKind, squash};
use crate::engine::Refusal;

/// A token of an order line. A word is a range of [`Tokens::words`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Word(u32, u32),
    Dash,
    Slash,
    Open,
    Close,
}

/// A line's tokens. The words are kept squashed (lowercase letters and digits only)
/// in one string, so that matching against the names allocates nothing and reading a
/// line allocates twice, not once a word.
#[derive(Debug, PartialEq, Eq)]
struct Tokens {
    words: String,
    toks: Vec<Tok>,
}

impl Tokens {
    fn get(&self, at: usize) -> Option<Tok> {
        self.toks.get(at).copied()
    }

    fn len(&self) -> usize {
        self.toks.len()
    }

    /// The word at `at`, if the token there is one.
    fn word(&self, at: usize) -> Option<&str> {
        match self.toks.get(at)? {
            Tok::Word(a, b) => self.words.get(*a as usize..*b as usize),
            _ => None,
        }
    }

    /// The word at `at`, or `-` for a dash, as the names' patterns write them.
    fn pattern_word(&self, at: usize) -> Option<&str> {
        match self.toks.get(at)? {
            Tok::Dash => Some("-"),
            _ => self.word(at),
        }
    }

    /// Adds the word `raw`, squashed; a word with nothing left is dropped.
    fn push_word(&mut self, raw: &str) {
        let start = self.words.len();
        if raw.is_ascii() {
            self.words.extend(
                raw.bytes().filter(u8::is_ascii_alphanumeric).map(|b| b.to_ascii_lowercase() as char),
            );
        } else {
            self.words.push_str(&squash(raw));
        }
        let end = self.words.len();
        if end > start {
            self.toks.push(Tok::Word(start as u32, end as u32));
        }
    }
}

fn tokenize(line: &str) -> Tokens {
    if line.is_ascii() {
        return tokenize_ascii(line.as_bytes());
    }
    tokenize_chars(line)
}

/// [`tokenize_chars`] for a line of ASCII, read a byte at a time: almost every order
/// line is one, and a batch reads thousands of them.
fn tokenize_ascii(line: &[u8]) -> Tokens {
    let mut out = Tokens { words: String::with_capacity(line.len()), toks: Vec::with_capacity(8) };
    // Where the word being read starts in `out.words`.
    let mut word: Option<usize> = None;
    let flush = |word: &mut Option<usize>, out: &mut Tokens| {
        if let Some(start) = word.take() {
            let end = out.words.len();
            if end > start {
                out.toks.push(Tok::Word(start as u32, end as u32));
            }
        }
    };
    let mut i = 0;
    while let Some(&b) = line.get(i) {
        i += 1;
        let next = line.get(i).copied();
        let tok = match b {
            b'-' => {
                if next == Some(b'>') {
                    i += 1;
                }
                Tok::Dash
            }
            b'>' => Tok::Dash,
            b'=' if next == Some(b'>') => {
                i += 1;
                Tok::Dash
            }
            b'/' => Tok::Slash,
            b'(' | b'[' => Tok::Open,
            b')' | b']' => Tok::Close,
            b if b.is_ascii_alphanumeric() => {
                word.get_or_insert(out.words.len());
                out.words.push(b.to_ascii_lowercase() as char);
                continue;
            }
            b'.' | b'\'' => {
                word.get_or_insert(out.words.len());
                continue;
            }
            _ => {
                flush(&mut word, &mut out);
                continue;
            }
        };
        flush(&mut word, &mut out);
        out.toks.push(tok);
    }
    flush(&mut word, &mut out);
    out
}

/// A line's tokens, read a character at a time.
fn tokenize_chars(line: &str) -> Tokens {
    let mut out = Tokens { words: String::with_capacity(line.len()), toks: Vec::with_capacity(8) };
    // Where the word being read starts in `line`.
    let mut word: Option<usize> = None;
    let flush = |word: &mut Option<usize>, end: usize, out: &mut Tokens| {
        if let Some(start) = word.take() {
            out.push_word(&line[start..end]);
        }
    };
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let tok = match c {
            '-' | '\u{2013}' | '\u{2014}' => {
                chars.next_if(|&(_, n)| n == '>');
                Tok::Dash
            }
            '>' => Tok::Dash,
            '=' if chars.peek().is_some_and(|&(_, n)| n == '>') => {
                chars.next();
                Tok::Dash
            }
            '/' => Tok::Slash,
            '(' | '[' => Tok::Open,
            ')' | ']' => Tok::Close,
            c if c.is_alphanumeric() || c == '.' || c == '\'' => {
                word.get_or_insert(i);
                continue;
            }
            _ => {
                flush(&mut word, i, &mut out);
                continue;
            }
        };
        flush(&mut word, i, &mut out);
        out.toks.push(tok);
    }
    flush(&mut word, line.len(), &mut out);
    out
}

/// A place as written: a province and perhaps a coast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub province: ProvinceId,
    pub coast: Option<Coast>,
}

/// A unit as written: where it is, and perhaps its kind and nationality.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitRef {
    pub kind: Option<UnitKind>,
    pub place: Place,
    pub power: Option<PowerId>,
}

/// An order as written, names resolved, legality not yet judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    Hold(UnitRef),
    Move {
        unit: UnitRef,
        to: Place,
        via_convoy: bool,
    },
    SupportHold {
        unit: UnitRef,
        target: UnitRef,
    },
    SupportMove {
        unit: UnitRef,
        target: UnitRef,
        to: Place,
    },
    Convoy {
        unit: UnitRef,
        army: UnitRef,
        to: Place,
    },
    /// `R` / `retreats` (a plain move in a retreat phase is read as `Move`).
    Retreat {
        unit: UnitRef,
        to: Place,
    },
    Disband(UnitRef),
    Build {
        kind: Option<UnitKind>,
        at: Place,
    },
    Waive,
    /// A vote to end the game in a draw among the surviving powers.
    Draw,
}

impl Written {
    /// The province of the unit the order is for; builds, waives and votes have none.
    pub fn ordered_unit(&self) -> Option<ProvinceId> {
        match self {
            Written::Hold(u) | Written::Disband(u) => Some(u.place.province),
            Written::Move { unit, .. }
            | Written::SupportHold { unit, .. }
            | Written::SupportMove { unit, .. }
            | Written::Convoy { unit, .. }
            | Written::Retreat { unit, .. } => Some(unit.place.province),
            Written::Build { .. } | Written::Waive | Written::Draw => None,
        }
    }
}

/// Names of provinces, prepared for matching.
#[derive(Clone)]
pub struct Names {
    /// (words of the name, squashed) -> province; longest first.
    patterns: Vec<(Vec<String>, ProvinceId)>,
    /// First word -> indices into `patterns` (in its order), so that a place is
    /// matched against the few names that could fit, not against all of them.
    by_first: NameMap<Vec<usize>>,
    /// Squashed full names and aliases, for unique-beginning matches.
    full: Vec<(String, ProvinceId)>,
    /// The same names as a set: is this word a place's whole name?
    whole: NameMap<()>,
}

impl Names {
    pub fn new(map: &Map) -> Names {
        let mut patterns = Vec::new();
        let mut full = Vec::new();
        for (i, p) in map.provinces.iter().enumerate() {
            let id = i as ProvinceId;
            for name in p.names() {
                let toks = tokenize(name);
                let words: Vec<String> = (0..toks.len())
                    .map(|k| toks.pattern_word(k).unwrap_or("-").to_string())
                    .filter(|w| !w.is_empty())
                    .collect();
                if !words.is_empty() {
                    patterns.push((words, id));
                }
                full.push((squash(name), id));
            }
        }
        patterns.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.1.cmp(&b.1)));
        let mut by_first: NameMap<Vec<usize>> = NameMap::default();
        for (k, (words, _)) in patterns.iter().enumerate() {
            by_first.entry(words[0].clone()).or_default().push(k);
        }
        let whole = full.iter().map(|(n, _)| (n.clone(), ())).collect();
        Names { patterns, by_first, full, whole }
    }
}

struct Reader<'a> {
    map: &'a Map,
    names: &'a Names,
    toks: Tokens,
    i: usize,
}

const HOLD: &[&str] = &["h", "hold", "holds", "stand", "stands"];
const MOVE: &[&str] = &["to", "m", "move", "moves"];
const SUPPORT: &[&str] = &["s", "support", "supports", "sup", "supp"];
const CONVOY: &[&str] = &["c", "convoy", "convoys", "cvy"];
const RETREAT: &[&str] = &["r", "retreat", "retreats"];
const DISBAND: &[&str] = &["d", "disband", "disbands", "remove", "removes", "destroy"];
const BUILD: &[&str] = &["b", "build", "builds"];
const WAIVE: &[&str] = &["waive", "waives", "waived", "waiver"];

impl<'a> Reader<'a> {
    fn word(&self, at: usize) -> Option<&str> {
        self.toks.word(at)
    }
    fn peek_is(&self, set: &[&str]) -> bool {
        self.word(self.i).is_some_and(|w| set.contains(&w))
    }
    fn eat(&mut self, set: &[&str]) -> bool {
        if self.peek_is(set) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn at_end(&self) -> bool {
        self.i >= self.toks.len()
    }
    fn eat_dash(&mut self) -> bool {
        if self.toks.get(self.i) == Some(Tok::Dash) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn rest(&self) -> String {
        (self.i.min(self.toks.len())..self.toks.len())
            .map(|k| match self.toks.get(k) {
                Some(Tok::Word(..)) => self.toks.word(k).unwrap_or_default(),
                Some(Tok::Dash) => "-",
                Some(Tok::Slash) => "/",
                Some(Tok::Open) => "(",
                Some(Tok::Close) | None => ")",
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn kind(&mut self) -> Option<UnitKind> {
        // "a" and "f" are unit kinds here; no province is called that.
        let w = self.word(self.i)?;
        let k = UnitKind::from_letter(w)?;
        self.i += 1;
        Some(k)
    }

    /// A province name at the cursor: the longest exact name, else a unique beginning.
    fn province(&mut self) -> Result<ProvinceId, Refusal> {
        let mut best: Option<(usize, ProvinceId)> = None;
        let first = self.toks.pattern_word(self.i).unwrap_or("");
        let candidates = self.names.by_first.get(first).map(Vec::as_slice).unwrap_or(&[]);
        for (words, id) in candidates.iter().map(|&k| &self.names.patterns[k]) {
            if best.is_some_and(|(len, _)| len > words.len()) {
                break;
            }
            let matches =
                words.iter().enumerate().all(|(k, w)| self.toks.pattern_word(self.i + k) == Some(w));
            if matches {
                match best {
                    Some((len, other)) if len == words.len() && other != *id => {
                        return Err(self.ambiguous(&self.rest(), &[other, *id]).into());
                    }
                    None => best = Some((words.len(), *id)),
                    _ => {}
                }
            }
        }
        if let Some((len, id)) = best {
            self.i += len;
            return Ok(id);
        }
        let Some(w) = self.word(self.i) else {
            return Err(match self.toks.get(self.i) {
                None => "the order stops where a province should be".into(),
                Some(_) => format!("expected a province at '{}'", self.rest()).into(),
            });
        };
        if w.len() >= 3 {
            let mut found: Vec<ProvinceId> =
                self.names.full.iter().filter(|(name, _)| name.starts_with(w)).map(|(_, id)| *id).collect();
            found.sort_unstable();
            found.dedup();
            match found.len() {
                1 => {
                    self.i += 1;
                    return Ok(found[0]);
                }
                0 => {}
                _ => return Err(self.ambiguous(w, &found).into()),
            }
        }
        Err(format!("'{w}' is not a province of this map").into())
    }

    fn ambiguous(&self, what: &str, options: &[ProvinceId]) -> String {
        let list: Vec<String> = options
            .iter()
            .map(|&p| {
                let prov = self.map.province(p);
                format!("{} ({})", prov.name, prov.id)
            })
            .collect();
        format!("'{what}' could be {}; write one of them", list.join(" or "))
    }

    fn coast_word(w: &str, short_ok: bool) -> Option<Coast> {
        match w {
            "nc" | "northcoast" => Some(Coast::North),
            "sc" | "southcoast" => Some(Coast::South),
            "ec" | "eastcoast" => Some(Coast::East),
            "wc" | "westcoast" => Some(Coast::West),
            "n" | "north" if short_ok => Some(Coast::North),
            "s" | "south" if short_ok => Some(Coast::South),
            "e" | "east" if short_ok => Some(Coast::East),
            "w" | "west" if short_ok => Some(Coast::West),
            _ => None,
        }
    }

    /// An optional coast after a province.
    fn coast(&mut self) -> Result<Option<Coast>, Refusal> {
        let start = self.i;
        let bracketed = match self.toks.get(self.i) {
            Some(Tok::Slash) => {
                self.i += 1;
                Some(false)
            }
            Some(Tok::Open) => {
                self.i += 1;
                Some(true)
            }
            _ => None,
        };
        let Some(w) = self.word(self.i) else {
            if bracketed.is_some() {
                return Err(format!("expected a coast at '{}'", self.rest()).into());
            }
            return Ok(None);
        };
        let next = self.word(self.i + 1);
        let (coast, used) = if next == Some("coast") {
            (Self::coast_word(w, true), 2)
        } else {
            (Self::coast_word(w, bracketed.is_some()), 1)
        };
        match coast {
            Some(c) => {
                self.i += used;
                if bracketed == Some(true) {
                    if self.toks.get(self.i) == Some(Tok::Close) {
                        self.i += 1;
                    } else {
                        return Err("a '(' coast needs its ')'".into());
                    }
                }
                Ok(Some(c))
            }
            None if bracketed.is_some() => Err(format!("'{w}' is not a coast (nc, sc, ec, wc)").into()),
            None => {
                self.i = start;
                Ok(None)
            }
        }
    }

    fn place(&mut self) -> Result<Place, Refusal> {
        let province = self.province()?;
        let coast = self.coast()?;
        Ok(Place { province, coast })
    }

    /// `[nationality] [A|F] place`.
    fn unit(&mut self, nationality_ok: bool) -> Result<UnitRef, Refusal> {
        let mut power = None;
        if nationality_ok && let Some(w) = self.word(self.i) {
            let is_power = self.map.power_by_name(w);
            let next_is_kind = self.word(self.i + 1).is_some_and(|n| UnitKind::from_letter(n).is_some());
            let is_place = self.names.whole.contains_key(w);
            if let Some(pw) = is_power
                && (next_is_kind || !is_place)
            {
                power = Some(pw);
                self.i += 1;
            }
        }
        let kind = self.kind();
        let place = self.place_after_kind(kind.is_some())?;
        Ok(UnitRef { kind, place, power })
    }

    /// The place after a unit's kind: the rulebooks' `A(Par)` writes it in brackets
    /// right after the kind, in every order that names a unit (`Build A(Lyo)` too).
    fn place_after_kind(&mut self, had_kind: bool) -> Result<Place, Refusal> {
        if !had_kind || self.toks.get(self.i) != Some(Tok::Open) {
            return self.place();
        }
        self.i += 1;
        let place = self.place()?;
        if self.toks.get(self.i) != Some(Tok::Close) {
            return Err(format!("a '(' needs its ')' at '{}'", self.rest()).into());
        }
        self.i += 1;
        Ok(place)
    }

    fn via_convoy(&mut self) -> bool {
        if self.peek_is(&["via", "by"]) && self.word(self.i + 1).is_some_and(|w| CONVOY.contains(&w)) {
            self.i += 2;
            true
        } else {
            false
        }
    }

    fn finish(&self, order: Written) -> Result<Written, Refusal> {
        if self.at_end() {
            Ok(order)
        } else {
            Err(format!("unexpected '{}' at the end of the order", self.rest()).into())
        }
    }

    fn move_word(&mut self) -> bool {
        if self.eat_dash() {
            return true;
        }
        if self.eat(MOVE) {
            self.eat(&["to"]);
            return true;
        }
        false
    }

    fn order(&mut self) -> Result<Written, Refusal> {
        if self.at_end() {
            return Err("empty order".into());
        }
        // Forms that start with a keyword.
        if self.eat(&["draw"])
            || self.peek_is(&["vote", "propose"]) && {
                self.i += 1;
                self.eat(&["draw"])
            }
        {
            return self.finish(Written::Draw);
        }
        if self.eat(WAIVE) {
            self.eat(BUILD);
            return self.finish(Written::Waive);
        }
        if self.peek_is(&["no"]) && self.word(self.i + 1).is_some_and(|w| w.starts_with("build")) {
            self.i += 2;
            return self.finish(Written::Waive);
        }
        if self.eat(BUILD) {
            if self.eat(WAIVE) || self.eat(&["none", "nothing"]) {
                return self.finish(Written::Waive);
            }
            let kind = self.kind();
            let at = self.place_after_kind(kind.is_some())?;
            return self.finish(Written::Build { kind, at });
        }
        if self.eat(DISBAND) {
            let unit = self.unit(false)?;
            return self.finish(Written::Disband(unit));
        }
        // Forms that start with the unit.
        let unit = self.unit(false)?;
        if self.at_end() || self.eat(HOLD) {
            return self.finish(Written::Hold(unit));
        }
        if self.eat(BUILD) {
            let kind = unit.kind;
            return self.finish(Written::Build { kind, at: unit.place });
        }
        if self.eat(DISBAND) {
            return self.finish(Written::Disband(unit));
        }
        if self.eat(RETREAT) {
            self.eat(&["to"]);
            self.eat_dash();
            let to = self.place()?;
            return self.finish(Written::Retreat { unit, to });
        }
        if self.eat(SUPPORT) {
            let target = self.unit(true)?;
            if self.at_end() || self.eat(HOLD) {
                return self.finish(Written::SupportHold { unit, target });
            }
            if !self.move_word() {
                return Err(format!(
                    "expected '-' or 'hold' after the supported unit, found '{}'",
                    self.rest()
                )
                .into());
            }
            let to = self.place()?;
            return self.finish(Written::SupportMove { unit, target, to });
        }
        if self.eat(CONVOY) {
            let army = self.unit(true)?;
            if !self.move_word() {
                return Err(format!(
                    "a convoy names the army and where it goes ('C A lon - bel'), found '{}'",
                    self.rest()
                )
                .into());
            }
            let to = self.place()?;
            return self.finish(Written::Convoy { unit, army, to });
        }
        if self.move_word() {
            self.kind();
            let mut to = self.place()?;
            let mut via_convoy = false;
            // A route written out (A lon - nth - bel) is read as a move by convoy to
            // the last place; the seas named are not checked against the fleets.
            while self.move_word() {
                if self.map.province(to.province).terrain != super::map::Terrain::Sea {
                    return Err("only seas may stand between the start and the end of a convoy route".into());
                }
                to = self.place()?;
                via_convoy = true;
            }
            if self.via_convoy() {
                via_convoy = true;
            }
            return self.finish(Written::Move { unit, to, via_convoy });
        }
        Err(format!("expected hold, '-', support or convoy after the unit, found '{}'", self.rest()).into())
    }
}

/// A standing preference as written with the moves of a two-season year
/// (`--option year=two-season`); names resolved, not yet judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WrittenStanding {
    /// `A Mun R Ber, Kie, Sil, disband`: places in order of preference; `None` is
    /// `disband`.
    Retreats { unit: UnitRef, to: Vec<Option<Place>> },
    /// `Build A Par, F Bre, waive`: `None` is a waiver.
    Builds(Vec<Option<(Option<UnitKind>, Place)>>),
    /// `Remove F Bre, A Mun`.
    Removals(Vec<UnitRef>),
}

/// Words that may stand between the entries of a list, besides commas.
const LIST_WORDS: &[&str] = &["or", "then", "and"];

impl Reader<'_> {
    fn skip_list_words(&mut self) {
        while self.eat(LIST_WORDS) {}
    }

    /// `Ber, Kie, Sil, disband` after `R`.
    fn retreat_list(&mut self) -> Result<Vec<Option<Place>>, Refusal> {
        let mut out = Vec::new();
        self.eat(&["to"]);
        self.eat_dash();
        loop {
            self.skip_list_words();
            if self.at_end() {
                break;
            }
            if self.eat(DISBAND) {
                out.push(None);
            } else {
                out.push(Some(self.place()?));
            }
        }
        if out.is_empty() {
            return Err("name the provinces to retreat to, in order (or 'disband')".into());
        }
        Ok(out)
    }

    fn standing(&mut self) -> Result<Option<WrittenStanding>, Refusal> {
        if self.eat(BUILD) {
            let mut out = Vec::new();
            loop {
                self.skip_list_words();
                if self.at_end() {
                    break;
                }
                if self.eat(WAIVE) {
                    out.push(None);
                    continue;
                }
                let kind = self.kind();
                out.push(Some((kind, self.place_after_kind(kind.is_some())?)));
            }
            if out.is_empty() {
                return Err("name the builds, in order (as in 'Build A par, F bre')".into());
            }
            return Ok(Some(WrittenStanding::Builds(out)));
        }
        if self.eat(DISBAND) {
            let mut out = Vec::new();
            loop {
                self.skip_list_words();
                if self.at_end() {
                    break;
                }
                out.push(self.unit(false)?);
            }
            if out.is_empty() {
                return Err("name the units to remove, in order (as in 'Remove F bre, A mun')".into());
            }
            return Ok(Some(WrittenStanding::Removals(out)));
        }
        let Ok(unit) = self.unit(false) else {
            return Ok(None);
        };
        if !self.eat(RETREAT) {
            return Ok(None);
        }
        let to = self.retreat_list()?;
        Ok(Some(WrittenStanding::Retreats { unit, to }))
    }
}

/// Reads a line of a two-season year's moves that may carry a standing preference.
/// `Ok(None)`: not a preference, read it as an order. Otherwise the preference, with
/// the order written before a `;` if there was one (`A Mun H; R Ber, Kie`, the zine's
/// "A Mun stands; retreat Ber, Kie").
pub fn parse_standing(
    map: &Map,
    names: &Names,
    text: &str,
) -> Result<Option<(Option<Written>, WrittenStanding)>, Refusal> {
    if let Some((head, tail)) = text.split_once(';') {
        let order = parse(map, names, head)?;
        let unit = match order {
            Written::Hold(u) | Written::Disband(u) => u,
            Written::Move { unit, .. }
            | Written::SupportHold { unit, .. }
            | Written::SupportMove { unit, .. }
            | Written::Convoy { unit, .. }
            | Written::Retreat { unit, .. } => unit,
            Written::Build { .. } | Written::Waive | Written::Draw => {
                return Err("only a unit's order may be followed by '; R' and its retreats".into());
            }
        };
        let mut r = Reader { map, names, toks: tokenize(tail), i: 0 };
        if !r.eat(RETREAT) {
            return Err(format!(
                "after ';' write the unit's retreats in order, as in '; R ber, kie' (found '{}')",
                r.rest()
            )
            .into());
        }
        let to = r.retreat_list()?;
        return Ok(Some((Some(order), WrittenStanding::Retreats { unit, to })));
    }
    let mut r = Reader { map, names, toks: tokenize(text), i: 0 };
    Ok(r.standing()?.map(|s| (None, s)))
}

/// Reads one order (without a power prefix).
pub fn parse(map: &Map, names: &Names, text: &str) -> Result<Written, Refusal> {
    let mut r = Reader { map, names, toks: tokenize(text), i: 0 };
    r.order()
}

/// Splits `England: F lon - nth` into the power and the order text. Returns `None`
/// for the power when the text before the first ':' is not a power's name.
pub fn split_power<'t>(map: &Map, line: &'t str) -> (Option<PowerId>, &'t str) {
    if let Some((head, rest)) = line.split_once(':')
        && let Some(p) = map.power_by_name(head.trim())
    {
        return (Some(p), rest.trim());
    }
    (None, line.trim())
}

#[cfg(test)]
mod tests {
    use super::super::map::standard;
    use super::*;

    proptest::proptest! {
        /// The byte reader of ASCII lines splits them exactly as the character reader.
        #[test]
        fn ascii_lines_tokenize_as_characters_do(line in "[-=>/()\\[\\]. 'a-zA-Z0-9:,;\t]{0,40}") {
            proptest::prop_assert_eq!(tokenize_ascii(line.as_bytes()), tokenize_chars(&line));
        }
    }

    #[test]
    fn ascii_lines_tokenize_as_characters_do_on_orders() {
        for line in [
            "A Lon -> Nth",
            "F stp(nc) => bot",
            "a=b",
            "A(Par) S F bre - mao",
            "St. Petersburg's",
            "- - x",
            "",
        ] {
            assert_eq!(tokenize_ascii(line.as_bytes()), tokenize_chars(line), "{line}");
        }
        assert_eq!(tokenize("F Lon->Nth").toks.len(), 4);
    }

    fn read(text: &str) -> Result<Written, Refusal> {
        let m = standard().unwrap();
        let names = Names::new(&m);
        parse(&m, &names, text)
    }

    fn place(s: &str) -> Place {
        let m = standard().unwrap();
        let (p, c) = match s.split_once('/') {
            Some((p, c)) => (p, Coast::from_abbr(c)),
            None => (s, None),
        };
        Place { province: m.province_by_id(p).unwrap(), coast: c }
    }

    fn dest(w: Written) -> (Place, bool) {
        match w {
            Written::Move { to, via_convoy, .. } => (to, via_convoy),
            other => panic!("not a move: {other:?}"),
        }
    }

    #[test]
    fn moves_in_every_notation() {
        for text in [
            "F lon - nth",
            "f LON-NTH",
            "Fleet London -> North Sea",
            "lon to nth",
            "F London moves to the North Sea".replace("the ", "").as_str(),
            "F lon m nth",
            "F lon => nth",
            "F(Lon) - Nth",
            "F (lon) -> nth",
        ] {
            assert_eq!(dest(read(text).unwrap()).0, place("nth"), "{text}");
        }
        assert_eq!(dest(read("F Mid-Atlantic Ocean - Spain(nc)").unwrap()).0, place("spa/nc"));
        assert_eq!(dest(read("F mao - spa/sc").unwrap()).0, place("spa/sc"));
        assert_eq!(dest(read("F bar - StP NC").unwrap()).0, place("stp/nc"));
        assert_eq!(dest(read("F bar - St. Petersburg north coast").unwrap()).0, place("stp/nc"));
        assert_eq!(dest(read("F bla - bul (ec)").unwrap()).0, place("bul/ec"));
        let (to, via) = dest(read("A Gascony - Marseilles via Convoy").unwrap());
        assert_eq!((to, via), (place("mar"), true));
        let (to, via) = dest(read("A yor - nth - bel").unwrap());
        assert_eq!((to, via), (place("bel"), true));
        assert!(!dest(read("A Norwa - swe").unwrap()).1);
        assert_eq!(dest(read("F(Stp/sc) - bot").unwrap()).0, place("bot"));
        assert!(read("A(Par - bur").is_err());
        assert!(matches!(read("A(Ber) H").unwrap(), Written::Hold(_)));
    }

    #[test]
    fn supports_convoys_holds() {
        match read("F nth S ENG F lon - eng").unwrap() {
            Written::SupportMove { target, to, .. } => {
                assert_eq!(target.place, place("lon"));
                assert_eq!(target.power, standard().unwrap().power_index("england"));
                assert_eq!(to, place("eng"));
            }
            other => panic!("{other:?}"),
        }
        match read("F nth supports eng - bel").unwrap() {
            Written::SupportMove { target, to, .. } => {
                assert_eq!((target.place, target.power), (place("eng"), None));
                assert_eq!(to, place("bel"));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(read("A tyr S A ven").unwrap(), Written::SupportHold { .. }));
        assert!(matches!(read("A tyr supports ven hold").unwrap(), Written::SupportHold { .. }));
        assert!(matches!(read("F nth C A yor - nor").unwrap(), Written::Convoy { .. }));
        assert!(matches!(read("A par H").unwrap(), Written::Hold(_)));
        assert!(matches!(read("A par").unwrap(), Written::Hold(_)));
        assert!(matches!(read("a paris stands").unwrap(), Written::Hold(_)));
    }

    #[test]
    fn adjustments_and_retreats() {
        assert_eq!(
            read("Build F stp/nc").unwrap(),
            Written::Build { kind: Some(UnitKind::Fleet), at: place("stp/nc") }
        );
        assert_eq!(
            read("F stp build").unwrap(),
            Written::Build { kind: Some(UnitKind::Fleet), at: place("stp") }
        );
        // The rulebooks' bracketed place, as `A(Vie) S ...` is read.
        assert_eq!(
            read("Build A(Par)").unwrap(),
            Written::Build { kind: Some(UnitKind::Army), at: place("par") }
        );
        assert_eq!(
            read("build F(stp/nc)").unwrap(),
            Written::Build { kind: Some(UnitKind::Fleet), at: place("stp/nc") }
        );
        assert!(matches!(read("Remove A(Par)").unwrap(), Written::Disband(_)));
        assert!(read("Build A(Par").unwrap_err().contains("needs its ')'"));
        assert_eq!(read("waive").unwrap(), Written::Waive);
        assert_eq!(read("build waived").unwrap(), Written::Waive);
        assert!(matches!(read("remove A par").unwrap(), Written::Disband(_)));
        assert!(matches!(read("A par disband").unwrap(), Written::Disband(_)));
        assert!(matches!(read("A hol R bel").unwrap(), Written::Retreat { .. }));
        assert_eq!(read("vote draw").unwrap(), Written::Draw);
    }

    #[test]
    fn ambiguity_names_the_possibilities() {
        let e = read("A Liv - edi").unwrap_err();
        assert!(e.contains("Liverpool") && e.contains("Livonia"), "{e}");
        let e = read("F Norw - nth").unwrap_err();
        assert!(e.contains("Norway") && e.contains("Norwegian Sea"), "{e}");
        assert!(read("A xyz - par").unwrap_err().contains("not a province"));
        assert!(read("A par - bur please").unwrap_err().contains("unexpected"));
        assert!(read("F stp(xc) - bot").unwrap_err().contains("not a coast"));
    }
}
