//! A Diplomacy board as data: provinces, split coasts, army and fleet borders, supply
//! centres, home centres and the starting units, read from one TOML file.
//!
//! Every board (the standard map, the Abstraction board of Guerilla Warfare II) goes
//! through [`Map::from_toml`], which checks the whole file and reports every problem by
//! province, so that a new board is a data file and a typo in it is caught at load time
//! instead of as a strange adjudication in the middle of a game.
//!
//! Internally provinces and regions are small integers. Region `i` for `i < provinces`
//! is the province itself (where armies stand, and fleets too unless the coast is
//! split); split coasts are the regions after that.

use std::collections::{BTreeMap, BTreeSet};

use crate::engine::error::{Error, Result};
use serde::Deserialize;

pub type ProvinceId = u16;
pub type RegionId = u16;
pub type PowerId = u8;

/// What a province is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Land,
    Coast,
    Sea,
}

/// The two kinds of unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnitKind {
    Army,
    Fleet,
}

impl UnitKind {
    pub fn letter(self) -> &'static str {
        match self {
            UnitKind::Army => "A",
            UnitKind::Fleet => "F",
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            UnitKind::Army => "army",
            UnitKind::Fleet => "fleet",
        }
    }
    pub fn from_letter(s: &str) -> Option<UnitKind> {
        if s.eq_ignore_ascii_case("a") || s.eq_ignore_ascii_case("army") {
            Some(UnitKind::Army)
        } else if s.eq_ignore_ascii_case("f") || s.eq_ignore_ascii_case("fleet") {
            Some(UnitKind::Fleet)
        } else {
            None
        }
    }
}

/// One coast of a province whose coastline is split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Coast {
    North,
    South,
    East,
    West,
}

impl Coast {
    pub const ALL: [Coast; 4] = [Coast::North, Coast::South, Coast::East, Coast::West];

    pub fn abbr(self) -> &'static str {
        match self {
            Coast::North => "nc",
            Coast::South => "sc",
            Coast::East => "ec",
            Coast::West => "wc",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Coast::North => "north coast",
            Coast::South => "south coast",
            Coast::East => "east coast",
            Coast::West => "west coast",
        }
    }
    pub fn from_abbr(s: &str) -> Option<Coast> {
        Coast::ALL.into_iter().find(|c| c.abbr() == s)
    }
}

#[derive(Clone, Debug)]
pub struct Power {
    pub id: String,
    pub name: String,
    pub adjective: String,
    pub abbreviation: String,
    pub aliases: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Province {
    pub id: String,
    pub name: String,
    pub aliases: Vec<String>,
    pub terrain: Terrain,
    pub centre: bool,
    pub home: Option<PowerId>,
    /// Provinces an army here may move to.
    pub army: Vec<ProvinceId>,
    /// Regions a fleet may stand in: the split coasts, or the province itself for a
    /// sea or an unsplit coast, or nothing inland.
    pub fleet_regions: Vec<RegionId>,
    /// Where the label sits on the board picture, if the file says.
    pub at: Option<(i32, i32)>,
}

#[derive(Clone, Debug)]
pub struct Region {
    pub province: ProvinceId,
    pub coast: Option<Coast>,
    /// Regions a fleet here may move to.
    pub fleet: Vec<RegionId>,
}

/// A unit on the board at the start of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartUnit {
    pub power: PowerId,
    pub kind: UnitKind,
    pub region: RegionId,
}

/// A checked board.
#[derive(Clone, Debug)]
pub struct Map {
    pub name: String,
    pub source: String,
    pub notes: Vec<String>,
    pub victory_centres: usize,
    pub powers: Vec<Power>,
    pub provinces: Vec<Province>,
    pub regions: Vec<Region>,
    pub start: Vec<StartUnit>,
    army_adj: Vec<bool>,
    fleet_adj: Vec<bool>,
    by_id: NameMap<ProvinceId>,
    /// Every name of every power, squashed, in the map's order (for seating players).
    power_names: Vec<(String, PowerId)>,
    /// The same names for lookups: every order line and every unit of a position
    /// names a power, and the standard map alone gives its powers 34 names.
    power_by_squashed: NameMap<PowerId>,
    /// Each province's names ([`Province::names`]), squashed, by province id:
    /// an order names provinces as players type them, and squashing every name again
    /// for every word read was half of reading a Guerilla Warfare orders file.
    province_names: Vec<Vec<String>>,
}

impl Province {
    /// Every name an order may call the province by, as written: its id, its name and
    /// its aliases, in that order (the order lookups try them in).
    pub fn names(&self) -> impl Iterator<Item = &String> {
        std::iter::once(&self.id).chain(std::iter::once(&self.name)).chain(self.aliases.iter())
    }
}

// ---- the file as written ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    name: String,
    source: String,
    #[serde(default)]
    notes: Vec<String>,
    victory_centres: usize,
    #[serde(default)]
    power: Vec<RawPower>,
    #[serde(default)]
    province: Vec<RawProvince>,
    #[serde(default)]
    unit: Vec<RawUnit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPower {
    id: String,
    name: String,
    adjective: String,
    abbreviation: String,
    #[serde(default)]
    aliases: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProvince {
    id: String,
    name: String,
    #[serde(default)]
    aliases: Vec<String>,
    kind: String,
    #[serde(default)]
    centre: bool,
    home: Option<String>,
    army: Option<Vec<String>>,
    fleet: Option<Vec<String>>,
    coasts: Option<BTreeMap<String, Vec<String>>>,
    at: Option<[i32; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    power: String,
    kind: String,
    at: String,
}

/// Lowercases and keeps only letters and digits, so "St. Petersburg" and
/// "st petersburg" compare equal.
pub fn squash(s: &str) -> String {
    if s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
        return s.to_string();
    }
    if s.is_ascii() {
        return s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect();
    }
    // Accents fall away (`Lón` is `lon`): players type names from memory, and a
    // keyboard's dead keys are not a reason to refuse an order.
    use unicode_normalization::UnicodeNormalization;
    s.nfd()
        .filter(|c| c.is_alphanumeric() && !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A table keyed by a map's names (province ids, words of province names). The keys
/// are the map's own, never a player's, so a plain FNV-1a hash serves: every order
/// line looks up several names, and the standard hasher was a fifth of that.
pub type NameMap<V> = std::collections::HashMap<String, V, std::hash::BuildHasherDefault<Fnv>>;

/// The FNV-1a hash, for [`NameMap`].
#[derive(Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl Map {
    /// Reads and checks a board. `file_name` is used in messages only.
    pub fn from_toml(text: &str, file_name: &str) -> Result<Map> {
        let raw: RawMap = toml::from_str(text).map_err(|e| Error::data(file_name, e))?;
        let mut problems = Vec::new();
        let map = build(raw, &mut problems);
        if !problems.is_empty() {
            let reason = format!("{} problem(s) in the map: {}", problems.len(), problems.join("; "));
            return Err(Error::data(file_name, reason));
        }
        match map {
            Some(m) => Ok(m),
            None => Err(Error::data(file_name, "the map could not be built")),
        }
    }

    pub fn province_count(&self) -> usize {
        self.provinces.len()
    }

    pub fn province(&self, p: ProvinceId) -> &Province {
        &self.provinces[p as usize]
    }

    pub fn region(&self, r: RegionId) -> &Region {
        &self.regions[r as usize]
    }

    pub fn province_of(&self, r: RegionId) -> ProvinceId {
        self.regions[r as usize].province
    }

    /// The province's own region (where armies stand).
    pub fn main_region(&self, p: ProvinceId) -> RegionId {
        p
    }

    /// `lon`, `stp/nc`.
    pub fn region_name(&self, r: RegionId) -> String {
        let reg = self.region(r);
        let id = &self.province(reg.province).id;
        match reg.coast {
            Some(c) => format!("{id}/{}", c.abbr()),
            None => id.clone(),
        }
    }

    /// `London`, `St Petersburg (north coast)`.
    pub fn region_title(&self, r: RegionId) -> String {
        let reg = self.region(r);
        let name = &self.province(reg.province).name;
        match reg.coast {
            Some(c) => format!("{name} ({})", c.name()),
            None => name.clone(),
        }
    }

    /// The province's names ([`Province::names`]), squashed (see [`squash`]), in order.
    pub fn squashed_names(&self, p: ProvinceId) -> &[String] {
        self.province_names.get(p as usize).map_or(&[], Vec::as_slice)
    }

    pub fn province_by_id(&self, id: &str) -> Option<ProvinceId> {
        // Ids are stored in lowercase; most callers already write them so.
        if id.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.by_id.get(&id.to_ascii_lowercase()).copied();
        }
        self.by_id.get(id).copied()
    }

    /// A region written as `stp/nc`, `stp(nc)` or `lon`.
    pub fn region_by_name(&self, name: &str) -> Option<RegionId> {
        // The common form (`lon`, `stp/nc`) is read where it stands.
        let plain = name.is_ascii()
            && !name.ends_with('/')
            && !name
                .bytes()
                .any(|b| b.is_ascii_uppercase() || b.is_ascii_whitespace() || b == b'(' || b == b')');
        if plain {
            return match name.split_once('/') {
                Some((p, c)) => self.coast_region(self.province_by_id(p)?, Coast::from_abbr(c)?),
                None => self.province_by_id(name),
            };
        }
        let n = name.trim().to_ascii_lowercase().replace(['(', ')'], "/");
        let n = n.trim_end_matches('/');
        match n.split_once('/') {
            Some((p, c)) => {
                let p = self.province_by_id(p.trim())?;
                let c = Coast::from_abbr(c.trim())?;
                self.coast_region(p, c)
            }
            None => self.province_by_id(n),
        }
    }

    pub fn coast_region(&self, p: ProvinceId, c: Coast) -> Option<RegionId> {
        self.province(p).fleet_regions.iter().copied().find(|&r| self.region(r).coast == Some(c))
    }

    pub fn has_split_coasts(&self, p: ProvinceId) -> bool {
        self.province(p).fleet_regions.iter().any(|&r| self.region(r).coast.is_some())
    }

    pub fn army_adjacent(&self, a: ProvinceId, b: ProvinceId) -> bool {
        let n = self.provinces.len();
        self.army_adj[a as usize * n + b as usize]
    }

    pub fn fleet_adjacent(&self, a: RegionId, b: RegionId) -> bool {
        let m = self.regions.len();
        self.fleet_adj[a as usize * m + b as usize]
    }

    /// Regions of province `p` a fleet in region `from` can move to.
    pub fn fleet_targets_in(&self, from: RegionId, p: ProvinceId) -> Vec<RegionId> {
        self.province(p).fleet_regions.iter().copied().filter(|&r| self.fleet_adjacent(from, r)).collect()
    }

    /// Can a unit of `kind` standing in `from` move into (some region of) province `p`?
    /// This is also the test for supporting into `p`, which ignores coasts.
    pub fn can_reach(&self, kind: UnitKind, from: RegionId, p: ProvinceId) -> bool {
        match kind {
            UnitKind::Army => {
                self.province(p).terrain != Terrain::Sea && self.army_adjacent(self.province_of(from), p)
            }
            UnitKind::Fleet => self.province(p).fleet_regions.iter().any(|&r| self.fleet_adjacent(from, r)),
        }
    }

    /// Where a unit of `kind` may stand in province `p` when no coast is named.
    pub fn default_region(&self, kind: UnitKind, p: ProvinceId) -> Option<RegionId> {
        match kind {
            UnitKind::Army => (self.province(p).terrain != Terrain::Sea).then_some(p),
            UnitKind::Fleet => {
                let regions = &self.province(p).fleet_regions;
                (regions.len() == 1).then(|| regions[0])
            }
        }
    }

    pub fn power_index(&self, id: &str) -> Option<PowerId> {
        self.powers.iter().position(|p| p.id == id).map(|i| i as PowerId)
    }

    /// A power by id, name, adjective, abbreviation or alias, any case.
    pub fn power_by_name(&self, name: &str) -> Option<PowerId> {
        // Order lines name a power on every line: a short ASCII name is squashed on the
        // stack rather than into a new string.
        let mut buf = [0u8; 32];
        if name.is_ascii() && name.len() <= buf.len() {
            let mut n = 0;
            for b in name.bytes().filter(u8::is_ascii_alphanumeric) {
                buf[n] = b.to_ascii_lowercase();
                n += 1;
            }
            // ASCII letters and digits only, so always a string.
            let s = std::str::from_utf8(&buf[..n]).ok()?;
            return self.power_by_squashed.get(s).copied();
        }
        self.power_by_squashed.get(&squash(name)).copied()
    }

    /// Every other name of every power (adjective, abbreviation, aliases), as
    /// (name, power id), for seating players.
    pub fn power_aliases(&self) -> Vec<(String, String)> {
        self.power_names.iter().map(|(n, p)| (n.clone(), self.power(*p).id.clone())).collect()
    }

    pub fn power(&self, p: PowerId) -> &Power {
        &self.powers[p as usize]
    }

    /// The supply centres, in map order.
    pub fn centres(&self) -> impl Iterator<Item = ProvinceId> + '_ {
        (0..self.provinces.len() as ProvinceId).filter(|&p| self.province(p).centre)
    }

    /// The home centres of a power.
    pub fn homes(&self, power: PowerId) -> impl Iterator<Item = ProvinceId> + '_ {
        (0..self.provinces.len() as ProvinceId).filter(move |&p| self.province(p).home == Some(power))
    }
}

fn build(raw: RawMap, problems: &mut Vec<String>) -> Option<Map> {
    // Powers.
    let mut powers = Vec::new();
    let mut power_ids = BTreeSet::new();
    for p in &raw.power {
        if p.id.is_empty() || p.id != p.id.to_ascii_lowercase() || p.id.contains(' ') {
            problems.push(format!("power '{}': an id is lowercase without spaces", p.id));
        }
        if !power_ids.insert(p.id.clone()) {
            problems.push(format!("power '{}': listed twice", p.id));
        }
        powers.push(Power {
            id: p.id.clone(),
            name: p.name.clone(),
            adjective: p.adjective.clone(),
            abbreviation: p.abbreviation.clone(),
            aliases: p.aliases.clone(),
        });
    }
    if powers.is_empty() {
        problems.push("the map has no [[power]]".into());
    }
    if powers.len() > 64 {
        problems.push("more than 64 powers".into());
    }
    // Power names must not collide with each other.
    let mut power_names: BTreeMap<String, String> = BTreeMap::new();
    for p in &powers {
        let mut names = vec![p.id.clone(), p.name.clone(), p.adjective.clone(), p.abbreviation.clone()];
        names.extend(p.aliases.iter().cloned());
        let mut own = BTreeSet::new();
        for n in names {
            let s = squash(&n);
            if s.is_empty() || !own.insert(s.clone()) {
                continue;
            }
            if let Some(other) = power_names.insert(s, p.id.clone()) {
                problems.push(format!("power '{}': the name '{n}' is also a name of power '{other}'", p.id));
            }
        }
    }

    // Provinces and their ids.
    let n = raw.province.len();
    if n == 0 {
        problems.push("the map has no [[province]]".into());
        return None;
    }
    if n > 4000 {
        problems.push("more than 4000 provinces".into());
        return None;
    }
    let mut by_id = NameMap::default();
    for (i, p) in raw.province.iter().enumerate() {
        if p.id.is_empty() || p.id != p.id.to_ascii_lowercase() || p.id.contains(['/', '(', ')', ' ']) {
            problems
                .push(format!("province '{}': an id is lowercase, without spaces, '/' or brackets", p.id));
        }
        if by_id.insert(p.id.clone(), i as ProvinceId).is_some() {
            problems.push(format!("province '{}': listed twice", p.id));
        }
    }

    // Regions: one per province, then the split coasts.
    let mut regions: Vec<Region> =
        (0..n).map(|i| Region { province: i as ProvinceId, coast: None, fleet: Vec::new() }).collect();
    let mut terrains = Vec::with_capacity(n);
    for (i, p) in raw.province.iter().enumerate() {
        let terrain = match p.kind.as_str() {
            "land" => Terrain::Land,
            "coast" => Terrain::Coast,
            "sea" => Terrain::Sea,
            other => {
                problems.push(format!("province '{}': kind '{other}' is not land, coast or sea", p.id));
                Terrain::Land
            }
        };
        terrains.push(terrain);
        match terrain {
            Terrain::Sea => {
                if p.army.is_some() {
                    problems.push(format!("province '{}': a sea has no army neighbours", p.id));
                }
                if p.coasts.is_some() {
                    problems.push(format!("province '{}': a sea has no split coasts", p.id));
                }
                if p.fleet.is_none() {
                    problems.push(format!("province '{}': a sea needs its fleet neighbours", p.id));
                }
                if p.centre || p.home.is_some() {
                    problems.push(format!("province '{}': a sea cannot be a supply centre", p.id));
                }
            }
            Terrain::Land => {
                if p.fleet.is_some() || p.coasts.is_some() {
                    problems.push(format!("province '{}': an inland province has no fleet neighbours", p.id));
                }
                if p.army.is_none() {
                    problems.push(format!(
                        "province '{}': needs its army neighbours (an empty list for an impassable province)",
                        p.id
                    ));
                }
            }
            Terrain::Coast => {
                if p.army.is_none() {
                    problems.push(format!("province '{}': a coast needs its army neighbours", p.id));
                }
                match (&p.fleet, &p.coasts) {
                    (Some(_), Some(_)) => problems.push(format!(
                        "province '{}': give either fleet neighbours or [province.coasts], not both",
                        p.id
                    )),
                    (None, None) => problems.push(format!(
                        "province '{}': a coast needs fleet neighbours or [province.coasts]",
                        p.id
                    )),
                    _ => {}
                }
                if let Some(coasts) = &p.coasts {
                    if coasts.len() < 2 {
                        problems
                            .push(format!("province '{}': a split coastline has at least two coasts", p.id));
                    }
                    for c in coasts.keys() {
                        match Coast::from_abbr(c) {
                            Some(coast) => regions.push(Region {
                                province: i as ProvinceId,
                                coast: Some(coast),
                                fleet: Vec::new(),
                            }),
                            None => problems
                                .push(format!("province '{}': coast '{c}' is not nc, sc, ec or wc", p.id)),
                        }
                    }
                }
            }
        }
    }
    let m = regions.len();
    // Army borders.
    let mut army_adj = vec![false; n * n];
    let mut army_lists = vec![Vec::new(); n];
    for (i, p) in raw.province.iter().enumerate() {
        let Some(list) = &p.army else { continue };
        let mut seen = BTreeSet::new();
        for other in list {
            let Some(&j) = by_id.get(other.as_str()) else {
                problems.push(format!("province '{}': army neighbour '{other}' is not a province", p.id));
                continue;
            };
            if !seen.insert(j) {
                problems.push(format!("province '{}': army neighbour '{other}' listed twice", p.id));
                continue;
            }
            if j as usize == i {
                problems.push(format!("province '{}': lists itself as a neighbour", p.id));
                continue;
            }
            if terrains[j as usize] == Terrain::Sea {
                problems.push(format!(
                    "province '{}': army neighbour '{other}' is a sea; armies cannot enter it",
                    p.id
                ));
                continue;
            }
            army_adj[i * n + j as usize] = true;
            army_lists[i].push(j);
        }
    }
    for i in 0..n {
        for j in 0..n {
            if army_adj[i * n + j] && !army_adj[j * n + i] {
                problems.push(format!(
                    "province '{}': lists '{}' as an army neighbour, but '{}' does not list '{}'",
                    raw.province[i].id, raw.province[j].id, raw.province[j].id, raw.province[i].id
                ));
            }
        }
    }

    // Fleet borders.
    let regions_snapshot = regions.clone();
    let mut fleet_adj = vec![false; m * m];
    let mut fleet_lists: Vec<Vec<RegionId>> = vec![Vec::new(); m];
    let mut add_fleet_list = |from: RegionId, label: &str, list: &[String], problems: &mut Vec<String>| {
        let mut seen = BTreeSet::new();
        for other in list {
            let Some(to) = find_region(&by_id, &regions_snapshot, other.as_str()) else {
                let (pid, _) = other.split_once('/').unwrap_or((other.as_str(), ""));
                let reason = match by_id.get(pid) {
                    Some(&pp) if other.contains('/') => {
                        format!("'{other}': '{}' has no such coast", raw.province[pp as usize].id)
                    }
                    Some(_) => format!("'{other}' is not a region"),
                    None => format!("'{other}' is not a province"),
                };
                problems.push(format!("{label}: fleet neighbour {reason}"));
                continue;
            };
            let tp = regions[to as usize].province as usize;
            if terrains[tp] == Terrain::Land {
                problems.push(format!("{label}: fleet neighbour '{other}' is inland"));
                continue;
            }
            if regions[to as usize].coast.is_none() && raw.province[tp].coasts.is_some() {
                problems.push(format!(
                    "{label}: fleet neighbour '{other}' has split coasts; name the coast ('{other}/nc' style)"
                ));
                continue;
            }
            if regions[to as usize].province == regions[from as usize].province {
                problems.push(format!("{label}: lists its own province as a fleet neighbour"));
                continue;
            }
            if !seen.insert(to) {
                problems.push(format!("{label}: fleet neighbour '{other}' listed twice"));
                continue;
            }
            fleet_adj[from as usize * m + to as usize] = true;
            fleet_lists[from as usize].push(to);
        }
    };
    for (i, p) in raw.province.iter().enumerate() {
        if let Some(list) = &p.fleet {
            add_fleet_list(i as RegionId, &format!("province '{}'", p.id), list, problems);
        }
        if let Some(coasts) = &p.coasts {
            for (c, list) in coasts {
                let Some(coast) = Coast::from_abbr(c) else {
                    continue;
                };
                let Some(r) = regions.iter().position(|r| r.province as usize == i && r.coast == Some(coast))
                else {
                    continue;
                };
                add_fleet_list(r as RegionId, &format!("province '{}' ({c})", p.id), list, problems);
            }
        }
    }
    let region_label = |r: usize, regions: &[Region]| -> String {
        let reg = &regions[r];
        let id = &raw.province[reg.province as usize].id;
        match reg.coast {
            Some(c) => format!("{id}/{}", c.abbr()),
            None => id.clone(),
        }
    };
    for a in 0..m {
        for b in 0..m {
            if fleet_adj[a * m + b] && !fleet_adj[b * m + a] {
                let (la, lb) = (region_label(a, &regions), region_label(b, &regions));
                let pa = &raw.province[regions[a].province as usize].id;
                problems.push(format!(
                    "province '{pa}': '{la}' lists '{lb}' as a fleet neighbour, but '{lb}' does not list '{la}'"
                ));
            }
        }
    }
    for (r, list) in fleet_lists.into_iter().enumerate() {
        regions[r].fleet = list;
    }

    // Provinces.
    let mut provinces = Vec::with_capacity(n);
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for (i, p) in raw.province.iter().enumerate() {
        let home = match &p.home {
            Some(h) => match powers.iter().position(|x| &x.id == h) {
                Some(ix) => {
                    if !p.centre {
                        problems.push(format!(
                            "province '{}': a home centre must be a supply centre (centre = true)",
                            p.id
                        ));
                    }
                    Some(ix as PowerId)
                }
                None => {
                    problems.push(format!("province '{}': home '{h}' is not a power", p.id));
                    None
                }
            },
            None => None,
        };
        let mut own = BTreeSet::new();
        for name in std::iter::once(&p.id).chain(std::iter::once(&p.name)).chain(p.aliases.iter()) {
            let s = squash(name);
            if s.is_empty() {
                problems.push(format!("province '{}': an empty name or alias", p.id));
                continue;
            }
            if !own.insert(s.clone()) {
                continue;
            }
            if let Some(other) = names.insert(s, p.id.clone()) {
                problems.push(format!(
                    "province '{}': the name '{name}' is also a name of province '{other}'",
                    p.id
                ));
            }
        }
        let fleet_regions = match terrains[i] {
            Terrain::Land => Vec::new(),
            _ => {
                let split: Vec<RegionId> =
                    (n..m).filter(|&r| regions[r].province as usize == i).map(|r| r as RegionId).collect();
                if split.is_empty() { vec![i as RegionId] } else { split }
            }
        };
        provinces.push(Province {
            id: p.id.clone(),
            name: p.name.clone(),
            aliases: p.aliases.clone(),
            terrain: terrains[i],
            centre: p.centre,
            home,
            army: army_lists[i].clone(),
            fleet_regions,
            at: p.at.map(|[x, y]| (x, y)),
        });
    }
    for (ix, pw) in powers.iter().enumerate() {
        if !provinces.iter().any(|p| p.home == Some(ix as PowerId)) {
            problems.push(format!("power '{}': has no home centre", pw.id));
        }
    }
    let centre_count = provinces.iter().filter(|p| p.centre).count();
    if raw.victory_centres == 0 || raw.victory_centres > centre_count {
        problems.push(format!(
            "victory_centres = {} but the map has {centre_count} supply centres",
            raw.victory_centres
        ));
    }

    // Starting units.
    let mut start = Vec::new();
    let mut occupied = BTreeMap::new();
    for u in &raw.unit {
        let label = format!("unit {} {} ({})", u.kind, u.at, u.power);
        let power = match powers.iter().position(|x| x.id == u.power) {
            Some(ix) => ix as PowerId,
            None => {
                problems.push(format!("{label}: '{}' is not a power", u.power));
                continue;
            }
        };
        let kind = match u.kind.as_str() {
            "A" => UnitKind::Army,
            "F" => UnitKind::Fleet,
            k => {
                problems.push(format!("{label}: kind '{k}' is not A or F"));
                continue;
            }
        };
        let Some(region) = find_region(&by_id, &regions, &u.at) else {
            problems.push(format!("{label}: '{}' is not a province or coast of this map", u.at));
            continue;
        };
        let prov = regions[region as usize].province;
        let pid = &raw.province[prov as usize].id;
        match kind {
            UnitKind::Army => {
                if terrains[prov as usize] == Terrain::Sea || regions[region as usize].coast.is_some() {
                    problems
                        .push(format!("province '{pid}': {label}: an army stands on land, without a coast"));
                    continue;
                }
            }
            UnitKind::Fleet => {
                if terrains[prov as usize] == Terrain::Land {
                    problems.push(format!("province '{pid}': {label}: a fleet cannot stand inland"));
                    continue;
                }
                if regions[region as usize].coast.is_none() && raw.province[prov as usize].coasts.is_some() {
                    problems.push(format!(
                        "province '{pid}': {label}: the coast is split; say which coast the fleet is on"
                    ));
                    continue;
                }
            }
        }
        if let Some(prev) = occupied.insert(prov, label.clone()) {
            problems.push(format!("province '{pid}': two starting units ({prev} and {label})"));
            continue;
        }
        start.push(StartUnit { power, kind, region });
    }

    let province_names = provinces.iter().map(|p| p.names().map(|n| squash(n)).collect()).collect();
    let mut power_names = Vec::new();
    for (i, p) in powers.iter().enumerate() {
        for n in [&p.id, &p.name, &p.adjective, &p.abbreviation].into_iter().chain(p.aliases.iter()) {
            let s = squash(n);
            if !s.is_empty() {
                power_names.push((s, i as PowerId));
            }
        }
    }
    let mut power_by_squashed = NameMap::default();
    for (s, p) in &power_names {
        // The first power to claim a name keeps it, as the list's first match did.
        power_by_squashed.entry(s.clone()).or_insert(*p);
    }
    Some(Map {
        name: raw.name,
        source: raw.source,
        notes: raw.notes,
        victory_centres: raw.victory_centres,
        powers,
        provinces,
        regions,
        start,
        army_adj,
        fleet_adj,
        by_id,
        power_names,
        power_by_squashed,
        province_names,
    })
}

fn find_region(by_id: &NameMap<ProvinceId>, regions: &[Region], name: &str) -> Option<RegionId> {
    match name.split_once('/') {
        Some((p, c)) => {
            let p = *by_id.get(p)?;
            let c = Coast::from_abbr(c)?;
            regions.iter().position(|r| r.province == p && r.coast == Some(c)).map(|r| r as RegionId)
        }
        None => by_id.get(name).copied(),
    }
}

/// The standard map, embedded in the binary.
pub const STANDARD_TOML: &str = include_str!("../../../games/diplomacy/standard.toml");

/// The standard map, parsed. It fails only if the embedded file is broken, which the
/// unit tests rule out.
pub fn standard() -> Result<Map> {
    Map::from_toml(STANDARD_TOML, "standard.toml")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_map_loads_with_the_known_counts() {
        let m = standard().unwrap();
        assert_eq!(m.provinces.len(), 76);
        assert_eq!(m.centres().count(), 34);
        assert_eq!(m.powers.len(), 7);
        assert_eq!(m.start.len(), 22);
        assert_eq!(m.regions.len(), 76 + 6);
        for p in 0..7 {
            let homes = m.homes(p).count();
            assert_eq!(homes, if m.power(p).id == "russia" { 4 } else { 3 });
        }
    }

    #[test]
    fn standard_borders_hold_the_awkward_ones() {
        let m = standard().unwrap();
        let p = |s: &str| m.province_by_id(s).unwrap();
        let r = |s: &str| m.region_by_name(s).unwrap();
        assert!(m.army_adjacent(p("nwy"), p("stp")));
        assert!(m.fleet_adjacent(r("nwy"), r("stp/nc")));
        assert!(!m.fleet_adjacent(r("nwy"), r("stp/sc")));
        assert!(m.fleet_adjacent(r("bot"), r("stp/sc")));
        assert!(m.fleet_adjacent(r("mao"), r("spa/sc")));
        assert!(m.fleet_adjacent(r("con"), r("smy")));
        assert!(!m.fleet_adjacent(r("rom"), r("ven")));
        assert!(m.army_adjacent(p("rom"), p("ven")));
        assert!(!m.fleet_adjacent(r("cly"), r("iri")));
        assert!(m.fleet_adjacent(r("lvp"), r("nao")));
        assert_eq!(m.region_name(r("bul(ec)")), "bul/ec");
        assert_eq!(m.fleet_targets_in(r("gas"), p("spa")), vec![r("spa/nc")]);
        assert!(m.army_adjacent(p("gal"), p("ukr")));
        assert!(m.province(p("swi")).army.is_empty());
    }

    #[test]
    fn powers_are_found_by_any_name() {
        let m = standard().unwrap();
        for name in ["england", "England", "ENG", "english", "Britain"] {
            assert_eq!(m.power_by_name(name), m.power_index("england"), "{name}");
        }
        assert_eq!(m.power_by_name("Turkish"), m.power_index("turkey"));
        assert_eq!(m.power_by_name("nobody"), None);
    }

    const TINY: &str = r#"
name = "Tiny"
source = "test"
victory_centres = 2
[[power]]
id = "red"
name = "Red"
adjective = "Red"
abbreviation = "RED"
[[province]]
id = "aa"
name = "Aa"
kind = "coast"
centre = true
home = "red"
army = ["bb"]
fleet = ["sea"]
[[province]]
id = "bb"
name = "Bb"
kind = "coast"
centre = true
army = ["aa"]
[province.coasts]
nc = ["sea"]
sc = []
[[province]]
id = "sea"
name = "The Sea"
kind = "sea"
fleet = ["aa", "bb/nc"]
[[unit]]
power = "red"
kind = "F"
at = "aa"
"#;

    #[test]
    fn a_small_consistent_map_loads() {
        let m = Map::from_toml(TINY, "tiny.toml").unwrap();
        assert_eq!(m.regions.len(), 5);
        assert!(m.has_split_coasts(m.province_by_id("bb").unwrap()));
    }

    fn problems(text: &str) -> String {
        match Map::from_toml(text, "bad.toml") {
            Ok(_) => String::new(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn asymmetry_and_unknown_ids_are_reported_by_province() {
        let bad = TINY.replace(r#"fleet = ["aa", "bb/nc"]"#, r#"fleet = ["aa", "bb/sc", "zz"]"#);
        let msg = problems(&bad);
        assert!(msg.contains("'zz' is not a province"), "{msg}");
        assert!(msg.contains("'bb/nc' lists 'sea'"), "{msg}");
        assert!(msg.contains("'sea' lists 'bb/sc'"), "{msg}");
        let bad = TINY.replace(r#"army = ["aa"]"#, "army = []");
        let msg = problems(&bad);
        assert!(
            msg.contains("province 'aa': lists 'bb' as an army neighbour, but 'bb' does not list 'aa'"),
            "{msg}"
        );
    }

    #[test]
    fn unit_placement_and_homes_are_checked() {
        let bad = TINY.replace("at = \"aa\"", "at = \"bb\"");
        assert!(problems(&bad).contains("say which coast"));
        let bad = TINY.replace("kind = \"F\"", "kind = \"A\"").replace("at = \"aa\"", "at = \"sea\"");
        assert!(problems(&bad).contains("an army stands on land"));
        let bad = TINY.replace("home = \"red\"", "home = \"blue\"");
        let msg = problems(&bad);
        assert!(msg.contains("home 'blue' is not a power"), "{msg}");
        assert!(msg.contains("power 'red': has no home centre"), "{msg}");
        let bad = TINY.replace("victory_centres = 2", "victory_centres = 3");
        assert!(problems(&bad).contains("victory_centres = 3"));
        let bad = TINY.replace("nc = [\"sea\"]", "xc = [\"sea\"]");
        assert!(problems(&bad).contains("coast 'xc' is not nc, sc, ec or wc"));
        let bad = TINY.replace("name = \"Bb\"", "name = \"Aa\"");
        assert!(problems(&bad).contains("is also a name of province 'aa'"));
        let bad = TINY.replace("kind = \"sea\"", "kind = \"ocean\"");
        assert!(problems(&bad).contains("kind 'ocean'"));
        let bad = TINY.replace("victory_centres = 2", "victory_centres = 2\ncolour = 1");
        assert!(problems(&bad).contains("colour"));
    }
}
