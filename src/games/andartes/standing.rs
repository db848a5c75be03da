//! Standing orders: what a player decides in advance for the choices the rules
//! give him during the other player's turn and the end of turn (DESIGN: "never
//! stalls"). Each is kept from the player's latest orders file; a category a file
//! does not mention keeps its earlier value, and one never given uses the
//! documented default, which the report names when it is applied.

use serde::{Deserialize, Serialize};

use super::state::Loc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InitiativeChoice {
    First,
    Second,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ControlChoice {
    Add,
    Deduct,
}

/// Where some units retreat to, in order of preference (12.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatRule {
    /// A unit id, or a Region code meaning every unit retreating from it.
    pub who: String,
    pub to: Vec<Loc>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Standing {
    /// 8.0: when this player chooses, go first or second. Default: first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<InitiativeChoice>,
    /// 14.7: add control points to own PI or deduct them from the enemy's.
    /// Default: add.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<ControlChoice>,
    /// 14.7 per Region ("CONTROL DEDUCT EVR LAR"): these Regions' choice, over the
    /// general one.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub control_in: std::collections::BTreeMap<String, ControlChoice>,
    /// 12.1/12.3/15.1: units named first take eliminations and reductions first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<String>,
    /// 12.4: retreat destinations by unit or by Region.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreat: Vec<RetreatRule>,
    /// 11.4 (Government): add a defensive airstrike when attacked in the Open at
    /// this odds column or higher (1 = 1:1 ... 4 = 4:1, 0 = <1:1).
    /// Some(None) = never, None = not given (default: never).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defend_airstrike: Option<Option<usize>>,
    /// 11.6: most PP to spend for a -1 when an unconventional unit is attacked in a
    /// square. Some(None) = never, None = not given (default: never).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defend_pp: Option<Option<i32>>,
}

/// One standing-order line of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StandingLine {
    Initiative(InitiativeChoice),
    Control(ControlChoice),
    /// The choice for the Regions named (14.7 is made Region by Region).
    ControlIn(ControlChoice, Vec<String>),
    Losses(Vec<String>),
    Retreat(RetreatRule),
    DefendAirstrike(Option<usize>),
    DefendPp(Option<i32>),
}

impl Standing {
    /// The standing orders after a file's lines: each category it mentions is
    /// replaced (all its LOSSES and RETREAT lines together), the rest kept.
    pub fn updated(&self, lines: &[StandingLine]) -> Standing {
        let mut next = self.clone();
        let mut losses: Option<Vec<String>> = None;
        let mut retreat: Option<Vec<RetreatRule>> = None;
        let mut control_in: Option<std::collections::BTreeMap<String, ControlChoice>> = None;
        for line in lines {
            match line {
                StandingLine::Initiative(c) => next.initiative = Some(*c),
                StandingLine::Control(c) => next.control = Some(*c),
                StandingLine::ControlIn(c, regions) => {
                    let map = control_in.get_or_insert_with(Default::default);
                    for r in regions {
                        map.insert(r.clone(), *c);
                    }
                }
                StandingLine::Losses(ids) => losses.get_or_insert_with(Vec::new).extend(ids.iter().cloned()),
                StandingLine::Retreat(r) => retreat.get_or_insert_with(Vec::new).push(r.clone()),
                StandingLine::DefendAirstrike(c) => next.defend_airstrike = Some(*c),
                StandingLine::DefendPp(c) => next.defend_pp = Some(*c),
            }
        }
        if let Some(l) = losses {
            next.losses = l;
        }
        if let Some(r) = retreat {
            next.retreat = r;
        }
        if let Some(c) = control_in {
            next.control_in = c;
        }
        next
    }

    /// Position of `id` in the LOSSES list (unlisted units come after all listed).
    pub fn loss_rank(&self, id: &str) -> usize {
        self.losses.iter().position(|x| x.eq_ignore_ascii_case(id)).unwrap_or(usize::MAX)
    }

    /// The retreat destinations given for a unit, then for its Region.
    pub fn retreat_for(&self, id: &str, region: &str) -> Vec<Loc> {
        let mut out = Vec::new();
        for key in [id, region] {
            for r in &self.retreat {
                if r.who.eq_ignore_ascii_case(key) {
                    out.extend(r.to.iter().cloned());
                }
            }
        }
        out
    }

    pub fn describe(&self) -> Vec<String> {
        let mut lines = Vec::new();
        lines.push(match self.initiative {
            Some(InitiativeChoice::First) => "INITIATIVE FIRST".to_string(),
            Some(InitiativeChoice::Second) => "INITIATIVE SECOND".to_string(),
            None => "INITIATIVE (not given: default FIRST)".to_string(),
        });
        lines.push(match self.control {
            Some(ControlChoice::Add) => "CONTROL ADD".to_string(),
            Some(ControlChoice::Deduct) => "CONTROL DEDUCT".to_string(),
            None => "CONTROL (not given: default ADD)".to_string(),
        });
        for choice in [ControlChoice::Add, ControlChoice::Deduct] {
            let regions: Vec<&str> =
                self.control_in.iter().filter(|(_, c)| **c == choice).map(|(r, _)| r.as_str()).collect();
            if !regions.is_empty() {
                let word = if choice == ControlChoice::Add { "ADD" } else { "DEDUCT" };
                lines.push(format!("CONTROL {word} {}", regions.join(" ")));
            }
        }
        if self.losses.is_empty() {
            lines.push("LOSSES (not given: default order)".into());
        } else {
            lines.push(format!("LOSSES {}", self.losses.join(" ")));
        }
        if self.retreat.is_empty() {
            lines.push("RETREAT (not given: default destinations)".into());
        }
        for r in &self.retreat {
            let to: Vec<String> = r.to.iter().map(Loc::code).collect();
            lines.push(format!("RETREAT {} TO {}", r.who, to.join(" ")));
        }
        lines.push(match self.defend_airstrike {
            Some(Some(c)) => format!("DEFEND AIRSTRIKE {}", super::crt::column_name(c)),
            Some(None) => "DEFEND AIRSTRIKE NEVER".into(),
            None => "DEFEND AIRSTRIKE (not given: default NEVER)".into(),
        });
        lines.push(match self.defend_pp {
            Some(Some(n)) => format!("DEFEND PP {n}"),
            Some(None) => "DEFEND PP NEVER".into(),
            None => "DEFEND PP (not given: default NEVER)".into(),
        });
        lines
    }
}
