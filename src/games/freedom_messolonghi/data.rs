//! Freedom! Messolonghi's components as data (`games/freedom-messolonghi/*.toml`), read
//! and checked against what the rules text fixes (the space limits, the set-up's
//! counts, the lagoon's entries, the cards' colours and AP), so a GM's copy that
//! breaks the game is refused with the file and the reason.

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;

use crate::engine::error::{Error, Result};

pub const FILES: &[(&str, &str)] = &[
    ("map.toml", include_str!("../../../games/freedom-messolonghi/map.toml")),
    ("cannons.toml", include_str!("../../../games/freedom-messolonghi/cannons.toml")),
    ("setup.toml", include_str!("../../../games/freedom-messolonghi/setup.toml")),
    ("areas.toml", include_str!("../../../games/freedom-messolonghi/areas.toml")),
    ("tracks.toml", include_str!("../../../games/freedom-messolonghi/tracks.toml")),
    ("cards.toml", include_str!("../../../games/freedom-messolonghi/cards.toml")),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Camp,
    Mainland,
    Wall,
    South,
    Shore,
    Island,
    Lagoon,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Space {
    pub id: String,
    pub kind: Kind,
    /// Units a side may have there (the Camp: none).
    #[serde(default)]
    pub limit: Option<u32>,
    #[serde(default)]
    pub row: Option<u32>,
    #[serde(default)]
    pub column: Option<String>,
    #[serde(default)]
    pub slow: bool,
    #[serde(default)]
    pub fort: bool,
    /// The island whose holder alone may enter (thick borders).
    #[serde(default)]
    pub thick: Option<String>,
    pub x: i32,
    pub y: i32,
}

/// How a link may be crossed by Imperial movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// From `from` to `to` only (toward the Wall or the city); the other way is back.
    Forward,
    Side,
    Plain,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Raid {
    pub from: String,
    pub target: String,
    pub cost: u32,
    pub between: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    pub spaces: Vec<Space>,
    /// (from, to, kind)
    pub links: Vec<(String, String, Link)>,
    pub victory: Vec<String>,
    pub raids: Vec<Raid>,
    pub klisova: (String, String, String, u32),
}

impl Map {
    pub fn space(&self, id: &str) -> Option<&Space> {
        self.spaces.iter().find(|s| s.id.eq_ignore_ascii_case(id))
    }
    /// Spaces linked to `id` either way.
    pub fn neighbours(&self, id: &str) -> Vec<&str> {
        self.links
            .iter()
            .filter_map(|(a, b, _)| {
                if a == id {
                    Some(b.as_str())
                } else if b == id {
                    Some(a.as_str())
                } else {
                    None
                }
            })
            .collect()
    }
    /// Where an Imperial unit on `id` may step (never back toward the Camp).
    pub fn imperial_steps(&self, id: &str) -> Vec<&str> {
        self.links
            .iter()
            .filter_map(|(a, b, k)| match k {
                Link::Forward if a == id => Some(b.as_str()),
                Link::Forward => None,
                _ if a == id => Some(b.as_str()),
                _ if b == id => Some(a.as_str()),
                _ => None,
            })
            .collect()
    }
    pub fn walls(&self) -> impl Iterator<Item = &Space> {
        self.spaces.iter().filter(|s| s.kind == Kind::Wall)
    }
}

#[derive(Deserialize)]
struct MapFile {
    map: MapHead,
    links: LinkList,
    raid: RaidFile,
    space: Vec<Space>,
}

#[derive(Deserialize)]
struct MapHead {
    victory: Vec<String>,
}

#[derive(Deserialize)]
struct LinkList {
    list: Vec<(String, String, String)>,
}

#[derive(Deserialize)]
struct RaidFile {
    lines: Vec<(String, String, u32, Vec<String>)>,
    klisova: KlisovaRaid,
}

#[derive(Deserialize)]
struct KlisovaRaid {
    from: String,
    outer: String,
    inner: String,
    cost: u32,
}

/// A cannon's reach: distance 1-4, or a Marmarou "six".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    Distance(u32),
    Six,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cannons {
    /// The number each die must reach at distance 1-4 (4: the Bombard's row).
    pub hits: [u32; 4],
    pub six: u32,
    pub bombard_bonus: u32,
    pub allied_bonus: u32,
    /// Space -> its targets.
    pub targets: BTreeMap<String, Vec<(String, Reach)>>,
}

#[derive(Deserialize)]
struct CannonFile {
    hits: BTreeMap<String, toml::Value>,
    targets: BTreeMap<String, toml::Value>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Start {
    pub imperial_money: i32,
    pub imperial_supplies: i32,
    pub imperial_morale: i32,
    pub insurgent_supplies: i32,
    pub insurgent_morale: i32,
    pub civilians: u32,
    pub hand: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Mix {
    pub expeditionary: u32,
    pub allied: u32,
    pub insurgent: u32,
    pub cannons: u32,
    pub bombard: u32,
    pub civilians: u32,
    pub damage_markers: u32,
    pub support_markers: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Placement {
    pub units: Vec<(String, u32)>,
    pub cannons: Vec<String>,
    #[serde(default)]
    pub bombard: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct SetupData {
    pub mix: Mix,
    pub start: Start,
    pub imperial: Placement,
    pub insurgent: Placement,
}

/// What holding a tile gives at Replenishment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Reward {
    #[serde(default)]
    pub supplies: i32,
    #[serde(default)]
    pub morale: i32,
    #[serde(default)]
    pub unit: u32,
    #[serde(default)]
    pub cannon: u32,
    #[serde(default)]
    pub vasiladi: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Area {
    pub id: String,
    pub name: String,
    /// `imperial` or `insurgent`: who holds the numbered face.
    pub side: String,
    pub support: u32,
    pub imperial: Reward,
    pub insurgent: Reward,
}

#[derive(Deserialize)]
struct AreaFile {
    area: Vec<Area>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Given {
    pub imperial_money_a: i32,
    pub imperial_money_b: i32,
    pub imperial_supplies_a: i32,
    pub imperial_supplies_b: i32,
    pub unpaid_money_morale: i32,
    pub plea_funds_target: u32,
    pub plea_funds_money: i32,
    pub plea_funds_step: u32,
    pub plea_help_target: u32,
    pub plea_help_supplies: i32,
    pub plea_help_units: u32,
    pub plea_help_morale: i32,
    pub period_b_allied_map: u32,
    pub period_b_allied_camp: u32,
    pub period_b_sea_support: u32,
    pub period_b_supplies: i32,
    pub period_b_money: i32,
    pub period_b_plea_funds: u32,
    pub period_b_civilians: u32,
    pub period_b_plea_help: u32,
    pub period_b_replenish_morale: i32,
    pub late_round_morale: i32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct TrackData {
    pub morale_max: i32,
    pub plea_max: u32,
    pub preparation_max: u32,
    pub desertion: Vec<(i32, u32)>,
    pub population: Vec<(u32, i32)>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Tracks {
    pub given: Given,
    pub tracks: TrackData,
}

impl Tracks {
    /// Supplies a Population eats (5.5.2).
    pub fn eaten(&self, population: u32) -> i32 {
        self.tracks.population.iter().rev().find(|(low, _)| population >= *low).map(|(_, n)| *n).unwrap_or(0)
    }
    /// Units that desert at an Imperial Morale (5.5.1).
    pub fn deserters(&self, morale: i32) -> u32 {
        self.tracks.desertion.iter().find(|(m, _)| *m == morale).map(|(_, n)| *n).unwrap_or(0)
    }
}

/// One operation of a card's effect.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Effect {
    pub op: String,
    #[serde(default)]
    pub side: Option<String>,
    #[serde(default)]
    pub n: i32,
    #[serde(default)]
    pub at: Option<String>,
    #[serde(default)]
    pub roll: Option<String>,
    #[serde(default)]
    pub until: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub ap: u32,
    pub colour: String,
    pub kind: String,
    pub effects: Vec<Effect>,
    pub text: String,
}

#[derive(Deserialize)]
struct CardFile {
    card: Vec<Card>,
}

/// Every component, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    pub map: Map,
    pub cannons: Cannons,
    pub setup: SetupData,
    pub areas: Vec<Area>,
    pub tracks: Tracks,
    pub cards: Vec<Card>,
    /// Each file in use, for the report footer.
    pub files: Vec<crate::engine::data::FileInUse>,
}

const OPS: &[&str] = &[
    "morale",
    "supplies",
    "money",
    "plea",
    "preparation",
    "civilians",
    "units",
    "cannon",
    "damage",
    "repair",
    "support",
    "modifier",
    "ap",
    "draw",
    "discard",
    "gm",
];

impl Data {
    pub fn embedded() -> Result<Data> {
        Data::load(&crate::engine::GameData::embedded("freedom-messolonghi", FILES))
    }

    pub fn load(game: &crate::engine::GameData) -> Result<Data> {
        let mut texts = BTreeMap::new();
        let mut files = Vec::new();
        for (name, _) in FILES {
            let (text, file) = game.text_in_use(name)?;
            files.push(file);
            texts.insert(*name, text);
        }
        let t = |n: &str| texts.get(n).map(String::as_str).unwrap_or("");
        let mut data = Data::from_texts(
            t("map.toml"),
            t("cannons.toml"),
            t("setup.toml"),
            t("areas.toml"),
            t("tracks.toml"),
            t("cards.toml"),
        )?;
        data.files = files;
        Ok(data)
    }

    pub fn from_texts(
        map: &str,
        cannons: &str,
        setup: &str,
        areas: &str,
        tracks: &str,
        cards: &str,
    ) -> Result<Data> {
        let map = read_map(map)?;
        let cannons = read_cannons(cannons, &map)?;
        let setup: SetupData = toml::from_str(setup).map_err(|e| Error::data("setup.toml", e))?;
        check_setup(&setup, &map, &cannons).map_err(|e| Error::data("setup.toml", e))?;
        let areas = toml::from_str::<AreaFile>(areas).map_err(|e| Error::data("areas.toml", e))?.area;
        check_areas(&areas, &setup).map_err(|e| Error::data("areas.toml", e))?;
        let tracks: Tracks = toml::from_str(tracks).map_err(|e| Error::data("tracks.toml", e))?;
        check_tracks(&tracks, &setup).map_err(|e| Error::data("tracks.toml", e))?;
        let cards = toml::from_str::<CardFile>(cards).map_err(|e| Error::data("cards.toml", e))?.card;
        check_cards(&cards, &map, &areas).map_err(|e| Error::data("cards.toml", e))?;
        Ok(Data { map, cannons, setup, areas, tracks, cards, files: Vec::new() })
    }

    pub fn card(&self, id: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.id.eq_ignore_ascii_case(id))
    }

    pub fn area(&self, id: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.id.eq_ignore_ascii_case(id))
    }
}

fn read_map(text: &str) -> Result<Map> {
    const M: &str = "map.toml";
    let f: MapFile = toml::from_str(text).map_err(|e| Error::data(M, e))?;
    let mut links = Vec::new();
    for (a, b, k) in f.links.list {
        let kind = match k.as_str() {
            "forward" => Link::Forward,
            "side" => Link::Side,
            "link" => Link::Plain,
            other => {
                return Err(Error::data(M, format!("link {a}-{b}: '{other}' is not forward, side or link")));
            }
        };
        links.push((a, b, kind));
    }
    let map = Map {
        spaces: f.space,
        links,
        victory: f.map.victory,
        raids: f
            .raid
            .lines
            .into_iter()
            .map(|(from, target, cost, between)| Raid { from, target, cost, between })
            .collect(),
        klisova: (f.raid.klisova.from, f.raid.klisova.outer, f.raid.klisova.inner, f.raid.klisova.cost),
    };
    check_map(&map).map_err(|e| Error::data(M, e))?;
    Ok(map)
}

/// 4 and 5.3.2: a Camp; four or more main land rows; a Wall holding four forts; limits
/// 3 (main land), 2 (the Wall and the southern city), 1 (the islands); one main land
/// entry toward Marmarou and two toward Klisova; thick spaces around Marmarou and
/// Klisova; every link and raid naming spaces that exist.
fn check_map(m: &Map) -> std::result::Result<(), String> {
    let mut ids = BTreeSet::new();
    for s in &m.spaces {
        if !ids.insert(s.id.as_str()) {
            return Err(format!("space {} is given twice", s.id));
        }
        let want = match s.kind {
            Kind::Camp => None,
            Kind::Mainland => Some(3),
            Kind::Wall | Kind::South => Some(2),
            Kind::Island => Some(1),
            Kind::Shore | Kind::Lagoon => s.limit,
        };
        if s.limit != want || s.limit == Some(0) {
            return Err(format!("{}: a {:?} space has limit {:?}, not {:?}", s.id, s.kind, s.limit, want));
        }
        let slow = matches!(s.kind, Kind::Wall | Kind::South | Kind::Shore | Kind::Lagoon);
        if s.slow != slow {
            return Err(format!("{}: slow must be {slow} (5.3.2 Slow Movement)", s.id));
        }
        if s.kind == Kind::Mainland && (s.row.is_none() || s.column.is_none()) {
            return Err(format!("{}: a main land space needs its row and column", s.id));
        }
    }
    for (a, b, _) in &m.links {
        if !ids.contains(a.as_str()) || !ids.contains(b.as_str()) {
            return Err(format!("the link {a}-{b} names a space that does not exist"));
        }
    }
    let count = |k: Kind| m.spaces.iter().filter(|s| s.kind == k).count();
    if count(Kind::Camp) != 1 {
        return Err("one Camp".into());
    }
    let rows: BTreeSet<u32> = m.spaces.iter().filter_map(|s| s.row).collect();
    if rows.len() < 4 || rows.iter().next() != Some(&1) {
        return Err("four main land rows or more, row 1 by the Wall (the Bombard fires at row 4)".into());
    }
    let forts = m.spaces.iter().filter(|s| s.fort).count();
    if forts != 4 || m.spaces.iter().any(|s| s.fort && s.kind != Kind::Wall) {
        return Err(format!("four forts on the Wall, not {forts}"));
    }
    if count(Kind::Island) != 3 {
        return Err("three islands in the Lagoon".into());
    }
    let entries = |island: &str| -> usize {
        let ring: BTreeSet<&str> = m
            .spaces
            .iter()
            .filter(|s| s.kind == Kind::Lagoon && m.neighbours(&s.id).contains(&island))
            .map(|s| s.id.as_str())
            .collect();
        m.links
            .iter()
            .filter(|(a, b, _)| {
                let main = |x: &str| m.space(x).is_some_and(|s| s.kind == Kind::Mainland);
                (main(a) && ring.contains(b.as_str())) || (main(b) && ring.contains(a.as_str()))
            })
            .count()
    };
    if entries("MAR") != 1 || entries("KLI") != 2 {
        return Err("one main land entry toward Marmarou and two toward Klisova (5.3.2)".into());
    }
    for s in m.spaces.iter().filter(|s| s.thick.is_some()) {
        let island = s.thick.as_deref().unwrap_or("");
        if !["MAR", "KLI"].contains(&island) || !m.neighbours(&s.id).contains(&island) {
            return Err(format!("{}: thick borders surround Marmarou or Klisova, next to it", s.id));
        }
    }
    for v in &m.victory {
        let ok = m.space(v).is_some_and(|s| s.fort || s.kind == Kind::South);
        if !ok {
            return Err(format!("victory space {v} is no fort nor southern city space (3.1)"));
        }
    }
    for r in &m.raids {
        let from = m.space(&r.from).map(|s| s.kind);
        let to = m.space(&r.target).and_then(|s| s.row);
        if from != Some(Kind::Wall) || to.is_none_or(|row| row < 2 || row != r.cost) {
            return Err(format!(
                "raid {}-{}: from a Wall space to a main land row 2 or more, cost its row",
                r.from, r.target
            ));
        }
        if r.between.iter().any(|b| m.space(b).is_none()) {
            return Err(format!("raid {}-{}: a space between does not exist", r.from, r.target));
        }
    }
    Ok(())
}

fn read_cannons(text: &str, map: &Map) -> Result<Cannons> {
    const C: &str = "cannons.toml";
    let f: CannonFile = toml::from_str(text).map_err(|e| Error::data(C, e))?;
    let num = |k: &str| -> Result<u32> {
        f.hits
            .get(k)
            .and_then(|v| v.as_integer())
            .filter(|n| (1..=8).contains(n))
            .map(|n| n as u32)
            .ok_or_else(|| Error::data(C, format!("[hits] {k}: a number 1-8")))
    };
    let mut targets = BTreeMap::new();
    for (space, v) in &f.targets {
        if space == "reconstructed" || space == "sources" {
            continue;
        }
        if map.space(space).is_none() {
            return Err(Error::data(C, format!("{space} is not a space")));
        }
        let list = v.as_array().ok_or_else(|| Error::data(C, format!("{space}: a list of targets")))?;
        let mut out = Vec::new();
        for t in list {
            let pair = t.as_array().filter(|p| p.len() == 2);
            let (sp, reach) = match pair.map(|p| (p[0].as_str(), p[1].as_str())) {
                Some((Some(a), Some(b))) => (a, b),
                _ => return Err(Error::data(C, format!("{space}: each target is [space, distance]"))),
            };
            if map.space(sp).is_none() {
                return Err(Error::data(C, format!("{space}: target {sp} is not a space")));
            }
            let reach = match reach {
                "six" => Reach::Six,
                d => match d.parse::<u32>() {
                    Ok(n @ 1..=4) => Reach::Distance(n),
                    _ => return Err(Error::data(C, format!("{space}: '{d}' is no distance 1-4 nor six"))),
                },
            };
            out.push((sp.to_string(), reach));
        }
        targets.insert(space.clone(), out);
    }
    let c = Cannons {
        hits: [num("d1")?, num("d2")?, num("d3")?, num("d4")?],
        six: num("six")?,
        bombard_bonus: num("bombard_bonus")?,
        allied_bonus: num("allied_bonus")?,
        targets,
    };
    if c.hits[0..3] != [4, 5, 6] {
        return Err(Error::data(C, "5.4: distance 1 hits on 4, 2 on 5, 3 on 6"));
    }
    Ok(c)
}

fn check_setup(s: &SetupData, map: &Map, cannons: &Cannons) -> std::result::Result<(), String> {
    let on_map = |p: &Placement| -> u32 {
        p.units
            .iter()
            .filter(|(sp, _)| map.space(sp).is_some_and(|x| x.kind != Kind::Camp))
            .map(|(_, n)| n)
            .sum()
    };
    let in_camp: u32 = s.imperial.units.iter().filter(|(sp, _)| sp == "CAMP").map(|(_, n)| n).sum();
    if on_map(&s.imperial) != 30 || in_camp != 5 {
        return Err("4: 30 Expeditionary units on the city map and 5 in the Camp".into());
    }
    let map_cannons = s.imperial.cannons.iter().filter(|c| *c != "CAMP").count();
    if map_cannons != 2 || s.imperial.cannons.len() != 3 {
        return Err("4: 2 Imperial cannons on the map and 1 in the Camp".into());
    }
    let walls: u32 = s
        .insurgent
        .units
        .iter()
        .filter(|(sp, _)| map.space(sp).is_some_and(|x| x.kind == Kind::Wall))
        .map(|(_, n)| n)
        .sum();
    let islands: Vec<&str> = s
        .insurgent
        .units
        .iter()
        .filter(|(sp, _)| map.space(sp).is_some_and(|x| x.kind == Kind::Island))
        .map(|(sp, _)| sp.as_str())
        .collect();
    if walls != 9 || islands.len() != 3 {
        return Err("4: 9 Insurgent units on the walls and 1 on each island".into());
    }
    let forts: BTreeSet<&str> = map.spaces.iter().filter(|x| x.fort).map(|x| x.id.as_str()).collect();
    let mut guns: BTreeSet<&str> = s.insurgent.cannons.iter().map(String::as_str).collect();
    if let Some(b) = &s.insurgent.bombard {
        if !forts.contains(b.as_str()) {
            return Err("4: the Bombard stands on a fort".into());
        }
        guns.insert(b);
    }
    if !forts.iter().all(|f| guns.contains(f)) || !guns.contains("MAR") || guns.len() != 5 {
        return Err("4: Insurgent cannons on Marmarou and each fort (the Bombard on one)".into());
    }
    for (side, p) in [("Imperial", &s.imperial), ("Insurgent", &s.insurgent)] {
        for (sp, n) in &p.units {
            let space = map.space(sp).ok_or(format!("{sp} is not a space"))?;
            if space.limit.is_some_and(|l| *n > l) {
                return Err(format!("{side}: {n} units on {sp} exceed its limit"));
            }
        }
        for c in &p.cannons {
            if c != "CAMP" && !cannons.targets.contains_key(c) {
                return Err(format!("{side}: a cannon on {c}, which has no targets in cannons.toml"));
            }
        }
    }
    // 6: ten Allied within two rows of the Camp, three a space, apart from Expeditionary.
    let max_row = map.spaces.iter().filter_map(|x| x.row).max().unwrap_or(0);
    let free = map
        .spaces
        .iter()
        .filter(|x| x.row.is_some_and(|r| r + 1 >= max_row))
        .filter(|x| !s.imperial.units.iter().any(|(sp, _)| *sp == x.id))
        .count() as u32;
    if free * 3 < 10 {
        return Err("6: the rows by the Camp leave no room for ten Allied units".into());
    }
    if s.start.civilians + s.insurgent.units.iter().map(|(_, n)| n).sum::<u32>() != 20 {
        return Err("4: 12 Insurgent units and 8 civilians make the Population of 20".into());
    }
    Ok(())
}

fn check_areas(areas: &[Area], s: &SetupData) -> std::result::Result<(), String> {
    if areas.len() != 8 {
        return Err(format!("2: 8 Area tiles, not {}", areas.len()));
    }
    if !areas.iter().any(|a| a.id == "SEA") {
        return Err("6: a Sea tile (\"4 Support at Sea\")".into());
    }
    let total: u32 = areas.iter().map(|a| a.support).sum();
    if areas.iter().any(|a| a.support > 5 || !["imperial", "insurgent"].contains(&a.side.as_str()))
        || total > s.mix.support_markers
    {
        return Err("5.3.2: at most 5 Support markers an area, 30 in all, each tile red or blue".into());
    }
    if areas.iter().any(|a| a.insurgent.vasiladi > 0) {
        return Err("5.5: \"3 Vasiladi\" is the Imperial player's reward".into());
    }
    Ok(())
}

fn check_tracks(t: &Tracks, s: &SetupData) -> std::result::Result<(), String> {
    if t.eaten(20) <= 0 {
        return Err("the Population band 16-20 eats Supplies".into());
    }
    if s.start.imperial_morale > t.tracks.morale_max || s.start.insurgent_morale > t.tracks.morale_max {
        return Err("the starting Morale fits the track".into());
    }
    if t.given.plea_funds_target != 12 || t.given.plea_help_target != 12 {
        return Err("5.3.2 and 5.5.2: both pleas are decided at 12".into());
    }
    Ok(())
}

/// 2 and 5.3: 50 cards a period, A01-A50 and B01-B50; AP 2-4; blue, red or grey;
/// "Marsh Diseases" blue; a blue card never helps the Empire nor a red one the
/// Insurgents; every effect in the vocabulary.
fn check_cards(cards: &[Card], map: &Map, areas: &[Area]) -> std::result::Result<(), String> {
    for period in ["A", "B"] {
        let ids: BTreeSet<String> =
            cards.iter().filter(|c| c.id.starts_with(period)).map(|c| c.id.clone()).collect();
        let want: BTreeSet<String> = (1..=50).map(|n| format!("{period}{n:02}")).collect();
        if ids != want {
            return Err(format!("Period {period}: cards {period}01 to {period}50, once each"));
        }
    }
    if cards.len() != 100 {
        return Err("100 cards".into());
    }
    let marsh = cards.iter().find(|c| c.name == "Marsh Diseases");
    if marsh.is_none_or(|c| c.colour != "blue") {
        return Err("5.3.2: \"Marsh Diseases\" is a blue card".into());
    }
    for c in cards {
        if !(2..=4).contains(&c.ap) {
            return Err(format!("{}: AP {} (5.3.2: at least 2, up to 4)", c.id, c.ap));
        }
        if !["blue", "red", "grey"].contains(&c.colour.as_str())
            || !["event", "personality"].contains(&c.kind.as_str())
        {
            return Err(format!("{}: colour blue, red or grey; kind event or personality", c.id));
        }
        for e in &c.effects {
            if !OPS.contains(&e.op.as_str()) {
                return Err(format!("{}: '{}' is not an operation", c.id, e.op));
            }
            let side = e.side.as_deref().unwrap_or("own");
            if !["imperial", "insurgent", "own", "enemy"].contains(&side) && e.op != "modifier" {
                return Err(format!("{}: side '{side}'", c.id));
            }
            if let Some(at) = &e.at
                && !["camp", "city", "vasiladi", "target", "area"].contains(&at.as_str())
                && map.space(at).is_none()
                && !areas.iter().any(|a| a.id == *at)
            {
                return Err(format!("{}: at '{at}' is no place", c.id));
            }
            // A positive n helps its side ("own" and "enemy" read from the side the
            // colour favours): a blue card gives the Empire nothing, a red one the
            // Insurgents nothing.
            if let Some((good, bad)) = match c.colour.as_str() {
                "blue" => Some(("insurgent", "imperial")),
                "red" => Some(("imperial", "insurgent")),
                _ => None,
            } {
                let who = match side {
                    "own" => good,
                    "enemy" => bad,
                    s => s,
                };
                // A cost to the favoured side is allowed (its net is still a gain).
                let helps = who == bad && e.n > 0 && e.op != "ap";
                if helps {
                    return Err(format!("{}: a {} card's effect helps the other side", c.id, c.colour));
                }
            }
        }
    }
    Ok(())
}
