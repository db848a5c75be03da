//! What the welcome mail and each report teach a player: orders legal now, taken
//! from the board as it stands (so every example is accepted as written), the
//! notation in a few lines, blocks for the next phases, and the reference.

use super::board;
use super::data::{AreaType, Data, Side};
use super::standing;
use super::state::{Box_, Stage, State};
use crate::engine::{ExampleBlock, Guide, Section};

fn first<'a>(state: &'a State, data: &Data, side: Side, kind: &str) -> Option<&'a super::state::Unit> {
    state.units.values().find(|u| u.kind == kind && board::kind_side(data, u) == Some(side))
}

pub fn guide(state: &State, data: &Data, player: &str) -> Guide {
    let Some(side) = state.side_of(player) else { return Guide::default() };
    let gov = side == Side::Government;
    let mut now = Vec::new();
    match state.stage {
        Stage::SetupGovernment | Stage::SetupFln => {
            for kind in ["division", "police", "elite", "front", "cadre", "band"] {
                if let Some(u) = first(state, data, side, kind) {
                    now.push(format!("PLACE {} {}", u.id, u.area));
                }
            }
            now.push(if gov { "REACT STRIKE WITH ALL".into() } else { "LOSSES BAND CADRE".into() });
        }
        Stage::Reinforce => {
            if gov {
                now.push("MOBILIZE POLICE ALGIERS".into());
                now.push("ACTIVATE ALL".into());
            } else if let Some(f) = first(state, data, side, "front") {
                now.push(format!("BUILD CADRE {}", f.area));
            } else {
                now.push("PSP SUBTRACT".into());
            }
        }
        Stage::Deploy if gov => {
            if let Some(u) = state
                .units
                .values()
                .find(|u| u.at == Box_::Operations && board::kind_side(data, u) == Some(Side::Government))
            {
                now.push(format!("PATROL {}", u.id));
            }
            now.push("PASS".into());
        }
        Stage::Operations if !gov => {
            if let Some(a) = state
                .units
                .values()
                .find(|u| u.at == Box_::Underground && board::kind_side(data, u) == Some(Side::Fln))
                .map(|u| u.area.clone())
            {
                now.push(format!("DEPLOY {a} ALL"));
            }
            now.push("PASS".into());
        }
        Stage::Suspended if state.ops.question.is_some() && gov => {
            if let Some(q) = &state.ops.question {
                now.push(q.answers.get(q.default).cloned().unwrap_or_else(|| "NO REACT".into()));
            }
        }
        Stage::Suspended => now.push("PASS".into()),
        Stage::Event => {
            if let Some(q) = state.event_question.as_ref().filter(|q| q.chooser == side) {
                now.push(q.answers.get(q.default).cloned().unwrap_or_default());
            }
        }
        _ => {}
    }
    let notes = vec![
        "One order a line; # starts a comment. Units by counter: XX2 (divisions by number), BR1-4, EL1-7, AL1-6, PO1-10, FT1-16, CA1-30, BD1-24, FK1-10.".to_string(),
        "Areas by id (IV-1, ALGIERS, TUNISIA) or name (Medea). A file may carry this phase's orders and your later ones for the turn:".to_string(),
        "reinforcement, then deployment, then your operations script (Government: queue); an early part runs at its place.".to_string(),
        "A line that cannot run is refused at once; a line whose fate hangs on dice or the other side is accepted with a note (#   ^ ...). WAIT stops to ask you again.".to_string(),
        "A unit your file builds may be named by its kind in later lines (BUILD BAND I-1, then DEPLOY I-1 BAND); the acknowledgement says which counter it takes.".to_string(),
        "Standing orders (REACT, LOSSES, PSP, KILLS...) answer the rules' questions in advance; a new file's lines replace a kind's old ones.".to_string(),
    ];
    let next = vec![if gov { government_turn(state, data) } else { fln_turn(state, data) }];
    let mut reference = vec![Section {
        title: "Orders".into(),
        lines: if gov {
            vec![
                "Set-up: PLACE <unit or kind> <area in its wilaya> [DISPERSED]".into(),
                "Reinforcement: MOBILIZE DIVISION|BRIGADE|ELITE|ALGERIAN|POLICE <area>; MOBILIZE AIR|HELO|NAVAL [n]; MOBILIZE BORDER; ACTIVATE ALL [EXCEPT <units>] | <units> [BORDER] | NONE; REMOVE <police>".into(),
                "Deployment: MOVE <unit> <area>; PATROL <unit>; MODE <division> DISPERSED|CONCENTRATED; HELO <unit>".into(),
                format!(
                    "Queue: FLUSH <area> WITH <units> [AIR n]{}; INTELLIGENCE <area>; CIVIL AFFAIRS <area>; SUPPRESSION <area> [WITH <elites>]; RESETTLE <area>; PASS; WAIT; IF <condition> <line>",
                    // Revision 3 reads 11.12's "at any time": a Flush may airmobilize.
                    if state.options.revision >= 3 { " [HELO <units of WITH>]" } else { "" }
                ),
            ]
        } else {
            vec![
                "Set-up: PLACE <unit or kind> <area in its wilaya>".into(),
                "Reinforcement: BUILD CADRE|BAND <area with a Front, or MOROCCO/TUNISIA>; CONVERT <unit> FRONT|BAND|FAILEK|CADRE".into(),
                "Deployment: DEPLOY <area> ALL | <area> <units>; DEPLOY <cadre> FRANCE (or back to an area with a Front)".into(),
                "Script: PROPAGANDA <area> BY <unit> [PSP ADD|SUBTRACT|SPLIT n]; STRIKE <area> BY <front> [WITH <cadres>]; MOVE <unit> [<from>] <to>; RAID <area> WITH <units>; HARASS <Government unit> WITH <units>; GOV; PASS; WAIT; IF <condition> <line>".into(),
            ]
        },
    }];
    reference.push(Section {
        title: "Conditions (IF)".into(),
        lines: vec!["<area> HAS n VISIBLE (FLN units in OPS/OC), AP n, PSL n (Government), <unit> READY, PATROL <area> n (at most n)".into()],
    });
    let cats: &[&str] = if gov { &super::orders::STANDING_GOVERNMENT } else { &super::orders::STANDING_FLN };
    let mut forms: Vec<String> = Vec::new();
    for c in cats {
        let f = standing::form(c).to_string();
        if !forms.contains(&f) {
            forms.push(f);
        }
    }
    reference.push(Section { title: "Standing orders".into(), lines: forms });
    reference.push(Section {
        title: "The map".into(),
        lines: data
            .areas
            .iter()
            .map(|a| {
                format!(
                    "{} {} ({:?}, wilaya {}){}",
                    a.id,
                    a.name,
                    a.kind,
                    a.wilaya,
                    if a.adjacent.is_empty() || a.kind == AreaType::Country && a.id == "FRANCE" {
                        String::new()
                    } else {
                        format!("; borders {}", a.adjacent.join(" "))
                    }
                )
            })
            .collect(),
    });
    Guide { now, notes, next, reference }
}

/// The Government's whole turn in one file, from the board as it stands: a unit of
/// its own patrols and Flushes where it is, Intelligence where Police stand.
fn government_turn(state: &State, data: &Data) -> ExampleBlock {
    // An elite first, then a division: NATO's call (C.2) takes brigades first.
    let mobile = ["elite", "division", "brigade"].iter().find_map(|kind| {
        state.units.values().find(|u| {
            u.kind == *kind
                && data
                    .kind(&u.kind)
                    .is_some_and(|k| k.side == Side::Government && k.mobile && k.activate > 0)
                && !board::abroad(data, &u.area)
        })
    });
    let police = state.units.values().find(|u| u.kind == "police").map(|u| u.area.clone());
    let mut lines: Vec<String> = ["elite", "police", "algerian", "brigade"]
        .iter()
        .find(|k| super::combat::free_counter(state, data, k).is_some())
        .map(|k| format!("MOBILIZE {} ALGIERS", k.to_ascii_uppercase()))
        .into_iter()
        .collect();
    lines.push("ACTIVATE ALL".to_string());
    if let Some(u) = mobile {
        lines.push(format!("PATROL {}", u.id));
        lines.push(format!("IF {a} HAS 1 VISIBLE FLUSH {a} WITH {}", u.id, a = u.area));
    }
    if let Some(a) = police {
        lines.push(format!("INTELLIGENCE {a}"));
    }
    lines.extend([
        "PASS".to_string(),
        "REACT STRIKE WITH ALL".to_string(),
        "REACT MOVE RAID ASK".to_string(),
    ]);
    ExampleBlock {
        title: "The Government's turn in one file (reinforcement, deployment, queue, policy)".into(),
        lines,
    }
}

/// The FLN's whole turn in one file, from the board as it stands: a Band built where
/// a Front stands, named by its kind, deployed with the rest and sent to Raid after
/// the Front's Propaganda.
fn fln_turn(state: &State, data: &Data) -> ExampleBlock {
    let front = state.units.values().find(|u| u.kind == "front" && !board::remote(state, data, &u.area));
    let mut lines = Vec::new();
    if let Some(f) = front {
        let a = &f.area;
        lines.extend([
            format!("BUILD BAND {a}"),
            format!("DEPLOY {a} ALL"),
            format!("PROPAGANDA {a} BY {} PSP SUBTRACT", f.id),
            format!("IF PATROL {a} 0 RAID {a} WITH BAND"),
        ]);
    }
    lines.extend(["GOV".to_string(), "WAIT".to_string(), "LOSSES BAND CADRE".to_string()]);
    ExampleBlock {
        title: "The FLN's turn in one file (reinforcement, deployment, script, standing)".into(),
        lines,
    }
}
