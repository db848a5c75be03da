//! Front Line's components as data (`games/front-line/*.toml`), read and checked
//! against what the rules text fixes, so a GM's corrected copy that breaks the game is
//! refused with the file and the reason.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::error::{Error, Result};

pub const FILES: &[(&str, &str)] = &[
    ("battlefields.toml", include_str!("../../../games/front-line/battlefields.toml")),
    ("attack-table.toml", include_str!("../../../games/front-line/attack-table.toml")),
    ("supply-cards.toml", include_str!("../../../games/front-line/supply-cards.toml")),
    ("setups.toml", include_str!("../../../games/front-line/setups.toml")),
];

pub const COLUMNS: &str = "ABCDEFGHIJ";

/// A square's terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Terrain {
    Mountain,
    Hill,
    Valley,
    Desert,
    Beach,
    Port,
    Capital,
    AirBase,
    Industry,
    Water,
}

impl Terrain {
    fn parse(word: &str) -> Option<Terrain> {
        Some(match word {
            "mountain" => Terrain::Mountain,
            "hill" => Terrain::Hill,
            "valley" => Terrain::Valley,
            "desert" => Terrain::Desert,
            "beach" => Terrain::Beach,
            "port" => Terrain::Port,
            "capital" => Terrain::Capital,
            "air-base" => Terrain::AirBase,
            "industry" => Terrain::Industry,
            "water" => Terrain::Water,
            _ => return None,
        })
    }

    /// Height: 2 Mountain, 1 Hill, 0 everything else (Height).
    pub fn height(self) -> u8 {
        match self {
            Terrain::Mountain => 2,
            Terrain::Hill => 1,
            _ => 0,
        }
    }

    /// The terrain as a report names it.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Mountain => "Mountain",
            Terrain::Hill => "Hill",
            Terrain::Valley => "Valley",
            Terrain::Desert => "Desert",
            Terrain::Beach => "Beach",
            Terrain::Port => "Port",
            Terrain::Capital => "Capital",
            Terrain::AirBase => "Air Base",
            Terrain::Industry => "Industry",
            Terrain::Water => "Water",
        }
    }

    pub fn is_city(self) -> bool {
        matches!(self, Terrain::Capital | Terrain::AirBase | Terrain::Industry)
    }
}

/// A square, column 0..10 (A..J) and row 1..=6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let c = chars.next()?.to_ascii_uppercase();
        let col = COLUMNS.find(c)? as u8;
        let row: u8 = chars.as_str().parse().ok()?;
        (1..=6).contains(&row).then_some(Square { col, row })
    }

    /// The square turned about the board's centre (A1 is J6).
    /// Squares away, counted orthogonally and diagonally (ruling 1).
    pub fn distance(self, other: Square) -> u8 {
        (self.col.abs_diff(other.col)).max(self.row.abs_diff(other.row))
    }

    /// The eight squares around, those on the board.
    pub fn around(self) -> impl Iterator<Item = Square> {
        let (c, r) = (self.col as i8, self.row as i8);
        (-1i8..=1)
            .flat_map(move |dc| (-1i8..=1).map(move |dr| (c + dc, r + dr)))
            .filter(move |&(x, y)| (x, y) != (c, r) && (0..10).contains(&x) && (1..=6).contains(&y))
            .map(|(x, y)| Square { col: x as u8, row: y as u8 })
    }

    pub fn mirror(self) -> Square {
        Square { col: 9 - self.col, row: 7 - self.row }
    }

    /// Red's country is columns A-C, Green's H-J, the rest neutral.
    pub fn country(self) -> Option<Side> {
        match self.col {
            0..=2 => Some(Side::Red),
            7..=9 => Some(Side::Green),
            _ => None,
        }
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", COLUMNS.as_bytes()[self.col as usize] as char, self.row)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Red,
    Green,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Red => "Red",
            Side::Green => "Green",
        }
    }
    /// The letter that starts its units' ids (`RI1`, `GT3`).
    pub fn letter(self) -> char {
        match self {
            Side::Red => 'R',
            Side::Green => 'G',
        }
    }
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Green,
            Side::Green => Side::Red,
        }
    }
}

impl Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        Square::parse(&text).ok_or_else(|| serde::de::Error::custom(format!("'{text}' is not a square")))
    }
}

/// One battlefield.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battlefield {
    pub name: String,
    /// Row-major, rows 1..6, columns A..J.
    pub terrain: Vec<Terrain>,
    pub purple: Vec<Square>,
}

impl Battlefield {
    pub fn at(&self, sq: Square) -> Terrain {
        self.terrain.get((sq.row as usize - 1) * 10 + sq.col as usize).copied().unwrap_or(Terrain::Water)
    }

    pub fn squares() -> impl Iterator<Item = Square> {
        (1..=6u8).flat_map(|row| (0..10u8).map(move |col| Square { col, row }))
    }
}

#[derive(Deserialize)]
struct BoardFile {
    rows: Vec<String>,
    purple: Vec<String>,
}

/// An attack result (Attack Results Table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Blitz,
    Disrupt,
    Rout,
    Adv,
    Miss,
}

impl Outcome {
    fn parse(w: &str) -> Option<Outcome> {
        Some(match w {
            "blitz" => Outcome::Blitz,
            "disrupt" => Outcome::Disrupt,
            "rout" => Outcome::Rout,
            "adv" => Outcome::Adv,
            "miss" => Outcome::Miss,
            _ => return None,
        })
    }
}

/// The Attack Results Table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackTable {
    /// `ranges[r - 1][face - 1]`.
    pub ranges: [Vec<Outcome>; 3],
    pub adv: Vec<Outcome>,
    /// Icon -> the die face whose result carries it.
    pub icons: BTreeMap<String, u8>,
}

#[derive(Deserialize)]
struct AttackFile {
    ranges: BTreeMap<String, toml::Value>,
    adv: BTreeMap<String, toml::Value>,
    icons: BTreeMap<String, toml::Value>,
}

/// A supply card: [Air, Capital, Industry] for September to December.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct SupplyCard {
    pub name: String,
    pub months: Vec<[u8; 3]>,
}

#[derive(Deserialize)]
struct SupplyFile {
    card: Vec<SupplyCard>,
}

/// A recommended set-up.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct SetupCard {
    pub name: String,
    pub side: Side,
    pub infantry: Vec<String>,
    pub tank: Vec<String>,
    pub artillery: Vec<String>,
}

#[derive(Deserialize)]
struct SetupFile {
    setup: Vec<SetupCard>,
}

/// Every component, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    pub main: Battlefield,
    pub nogo: Battlefield,
    pub attack: AttackTable,
    pub supply: Vec<SupplyCard>,
    pub setups: Vec<SetupCard>,
}

impl Data {
    pub fn embedded() -> Result<Data> {
        let text = |n: &str| FILES.iter().find(|(f, _)| *f == n).map(|(_, t)| *t).unwrap_or("");
        Data::from_texts(
            text("battlefields.toml"),
            text("attack-table.toml"),
            text("supply-cards.toml"),
            text("setups.toml"),
        )
    }

    pub fn from_texts(boards: &str, attack: &str, supply: &str, setups: &str) -> Result<Data> {
        const B: &str = "battlefields.toml";
        let files: BTreeMap<String, BoardFile> = toml::from_str::<BTreeMap<String, toml::Value>>(boards)
            .map_err(|e| Error::data(B, e))?
            .into_iter()
            .map(|(k, v)| v.try_into::<BoardFile>().map(|b| (k, b)).map_err(|e| Error::data(B, e)))
            .collect::<Result<_>>()?;
        let board = |name: &str| -> Result<Battlefield> {
            let f = files.get(name).ok_or_else(|| Error::data(B, format!("no [{name}] battlefield")))?;
            if f.rows.len() != 6 {
                return Err(Error::data(B, format!("{name}: six rows, not {}", f.rows.len())));
            }
            let mut terrain = Vec::new();
            for (r, row) in f.rows.iter().enumerate() {
                let words: Vec<&str> = row.split_whitespace().collect();
                if words.len() != 10 {
                    return Err(Error::data(
                        B,
                        format!("{name}: row {} has {} squares, not 10", r + 1, words.len()),
                    ));
                }
                for w in words {
                    terrain.push(
                        Terrain::parse(w)
                            .ok_or_else(|| Error::data(B, format!("{name}: '{w}' is not a terrain")))?,
                    );
                }
            }
            let purple = f
                .purple
                .iter()
                .map(|s| {
                    Square::parse(s).ok_or_else(|| Error::data(B, format!("{name}: '{s}' is not a square")))
                })
                .collect::<Result<Vec<_>>>()?;
            let field = Battlefield { name: name.to_string(), terrain, purple };
            check_board(&field).map_err(|e| Error::data(B, format!("{name}: {e}")))?;
            Ok(field)
        };
        let main = board("main")?;
        let nogo = board("nogo")?;
        let attack = read_attack(attack)?;
        let supply =
            toml::from_str::<SupplyFile>(supply).map_err(|e| Error::data("supply-cards.toml", e))?.card;
        check_supply(&supply).map_err(|e| Error::data("supply-cards.toml", e))?;
        let setups = toml::from_str::<SetupFile>(setups).map_err(|e| Error::data("setups.toml", e))?.setup;
        for s in &setups {
            for field in [&main, &nogo] {
                check_setup(field, s).map_err(|e| {
                    Error::data(
                        "setups.toml",
                        format!(
                            "{} {} on {}: {e}",
                            format!("{:?}", s.side).to_lowercase(),
                            s.name,
                            field.name
                        ),
                    )
                })?;
            }
        }
        Ok(Data { main, nogo, attack, supply, setups })
    }
}

/// The Board; Setup; Lake Nogo: a 10 by 6 grid, point-symmetric; each country one
/// Capital, Air Base, Industry, Mountain, Hill, Port and Beach; two purple squares in
/// the neutral area, land and not cities; water only in Nogo's centre, D3-G4.
fn check_board(f: &Battlefield) -> std::result::Result<(), String> {
    for sq in Battlefield::squares() {
        if f.at(sq) != f.at(sq.mirror()) {
            return Err(format!("{sq} and {} differ: the board is point-symmetric", sq.mirror()));
        }
        let water = f.at(sq) == Terrain::Water;
        let centre = (3..=6).contains(&sq.col) && (3..=4).contains(&sq.row);
        if water && !(f.name == "nogo" && centre) {
            return Err(format!("{sq} is water: only Lake Nogo's eight centre squares are"));
        }
        if f.name == "nogo" && centre && !water {
            return Err(format!("{sq} is Lake Nogo: water"));
        }
    }
    for side in [Side::Red, Side::Green] {
        for t in [
            Terrain::Capital,
            Terrain::AirBase,
            Terrain::Industry,
            Terrain::Mountain,
            Terrain::Hill,
            Terrain::Port,
            Terrain::Beach,
        ] {
            let n = Battlefield::squares().filter(|s| s.country() == Some(side) && f.at(*s) == t).count();
            if n != 1 {
                return Err(format!("{side:?}'s country has {n} {t:?} squares, not one"));
            }
        }
    }
    if Battlefield::squares().any(|s| s.country().is_none() && f.at(s).is_city()) {
        return Err("a city stands in the neutral area".into());
    }
    if f.purple.len() != 2 || f.purple[0].mirror() != f.purple[1] {
        return Err("two purple squares, each the other's mirror".into());
    }
    for p in &f.purple {
        if p.country().is_some() || f.at(*p).is_city() || f.at(*p) == Terrain::Water {
            return Err(format!("purple {p} must be a neutral land square, not a city"));
        }
    }
    Ok(())
}

fn outcomes(v: Option<&toml::Value>, what: &str) -> Result<Vec<Outcome>> {
    const A: &str = "attack-table.toml";
    let list = v
        .and_then(|v| v.as_array())
        .ok_or_else(|| Error::data(A, format!("{what}: a list of six results")))?;
    let out = list
        .iter()
        .map(|x| {
            x.as_str()
                .and_then(Outcome::parse)
                .ok_or_else(|| Error::data(A, format!("{what}: '{x}' is not a result")))
        })
        .collect::<Result<Vec<_>>>()?;
    if out.len() != 6 {
        return Err(Error::data(A, format!("{what}: six results, one a die face")));
    }
    Ok(out)
}

fn read_attack(text: &str) -> Result<AttackTable> {
    const A: &str = "attack-table.toml";
    let f: AttackFile = toml::from_str(text).map_err(|e| Error::data(A, e))?;
    let ranges = [
        outcomes(f.ranges.get("range1"), "range1")?,
        outcomes(f.ranges.get("range2"), "range2")?,
        outcomes(f.ranges.get("range3"), "range3")?,
    ];
    let adv = outcomes(f.adv.get("column"), "adv")?;
    if adv.contains(&Outcome::Adv) {
        return Err(Error::data(A, "the Advantage column cannot send to itself"));
    }
    // Tanks may take it instead of the white result: never weaker than Range 1.
    for (face, (a, r)) in adv.iter().zip(ranges[0].iter()).enumerate() {
        if *r != Outcome::Adv && a > r {
            return Err(Error::data(
                A,
                format!("adv face {}: {a:?} is weaker than range 1's {r:?}", face + 1),
            ));
        }
    }
    let mut icons = BTreeMap::new();
    for name in ["capital", "air-base", "industry", "soldier"] {
        let face = f
            .icons
            .get(name)
            .and_then(|v| v.as_integer())
            .filter(|n| (1..=6).contains(n))
            .ok_or_else(|| Error::data(A, format!("icon {name}: a die face 1-6")))?;
        icons.insert(name.to_string(), face as u8);
    }
    Ok(AttackTable { ranges, adv, icons })
}

/// Components and Setup: six cards, Balanced and Centered; every value 3 or 4; Balanced
/// Industry 3/3/4 every month.
fn check_supply(cards: &[SupplyCard]) -> std::result::Result<(), String> {
    if cards.len() != 6 {
        return Err(format!("six supply cards, not {}", cards.len()));
    }
    for c in cards {
        if c.months.len() != 4 || c.months.iter().flatten().any(|v| !(3..=4).contains(v)) {
            return Err(format!("{}: four months, each value 3 or 4 (stacks 3 or 4 high)", c.name));
        }
    }
    let bi = cards.iter().find(|c| c.name == "Balanced Industry").ok_or("no Balanced Industry card")?;
    if bi.months.iter().any(|m| *m != [3, 3, 4]) {
        return Err("Balanced Industry grants 3 Air, 3 Capital and 4 Industry each month (Setup)".into());
    }
    Ok(())
}

/// Setup: 9 Infantry, 4 Tanks, 2 Artillery, one a square, in the own country; as
/// recommended: Infantry on the Air Base, a unit on the Capital, Artillery high, the
/// Industry empty.
fn check_setup(f: &Battlefield, s: &SetupCard) -> std::result::Result<(), String> {
    if (s.infantry.len(), s.tank.len(), s.artillery.len()) != (9, 4, 2) {
        return Err("9 Infantry, 4 Tanks and 2 Artillery".into());
    }
    let mut seen = std::collections::BTreeSet::new();
    for w in s.infantry.iter().chain(&s.tank).chain(&s.artillery) {
        let sq = Square::parse(w).ok_or(format!("'{w}' is not a square"))?;
        if sq.country() != Some(s.side) || !seen.insert(sq) {
            return Err(format!("{sq} is outside the country or used twice"));
        }
    }
    let find = |t: Terrain| Battlefield::squares().find(|q| q.country() == Some(s.side) && f.at(*q) == t);
    let on = |list: &[String], sq: Option<Square>| {
        sq.is_some_and(|q| list.iter().any(|w| Square::parse(w) == Some(q)))
    };
    if !on(&s.infantry, find(Terrain::AirBase)) {
        return Err("an Infantry on the Air Base".into());
    }
    let all: Vec<String> = s.infantry.iter().chain(&s.tank).chain(&s.artillery).cloned().collect();
    if !on(&all, find(Terrain::Capital)) || on(&all, find(Terrain::Industry)) {
        return Err("a unit on the Capital and the Industry empty".into());
    }
    if s.artillery.iter().any(|w| Square::parse(w).is_none_or(|q| f.at(q).height() == 0)) {
        return Err("Artillery on high ground".into());
    }
    Ok(())
}
