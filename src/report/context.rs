//! The context each template receives, built for one reader.
//!
//! This is the only place where what a reader may see is decided for reports: events
//! are filtered by their audience, the system's view is asked for this viewer, and a
//! hidden die shows its face only to the players it was rolled for.

use serde::Serialize;

use crate::dice::{Roll, StreamKind};
use crate::engine::{Event, Phase, Section, View, Viewer};
use crate::trust::record::StepRecord;

#[derive(Serialize, Clone)]
pub struct CampaignInfo {
    pub id: String,
    pub system: String,
    pub system_title: String,
    pub address: String,
}

#[derive(Serialize, Clone)]
pub struct PhaseInfo {
    pub id: String,
    pub title: String,
    pub due: Vec<String>,
    pub game_over: Option<String>,
    pub deadline: Option<String>,
    /// The phase's questions, by player: never rendered from here (they may be
    /// private); `report` hands each reader their own as `questions`.
    #[serde(skip)]
    pub prompts: std::collections::BTreeMap<String, crate::engine::Prompt>,
}

/// A question for this reader: the question, and the answers numbered.
#[derive(Serialize)]
pub struct QuestionInfo {
    pub player: String,
    pub question: String,
    pub answers: Vec<String>,
}

impl PhaseInfo {
    pub fn of(phase: &Phase, deadline: Option<String>) -> Self {
        PhaseInfo {
            id: phase.id.clone(),
            title: phase.title.clone(),
            due: phase.due.clone(),
            game_over: phase.game_over.clone(),
            deadline,
            prompts: phase.prompts.clone(),
        }
    }
}

#[derive(Serialize)]
pub struct ViewerInfo {
    pub kind: &'static str,
    pub name: Option<String>,
}

#[derive(Serialize)]
pub struct RollInfo {
    pub stream: StreamKind,
    pub seq: u64,
    pub label: String,
    pub sides: u32,
    pub face: Option<u32>,
}

#[derive(Serialize)]
pub struct ReceiptInfo {
    pub player: String,
    pub receipt: Option<String>,
}

#[derive(Serialize)]
pub struct TrustInfo {
    /// `umpire-v1` or `umpire-v2`.
    pub trust: String,
    pub chain_previous: String,
    pub chain_reveal: String,
    pub orders_digest: String,
    pub state_commitment: String,
    pub receipts: Vec<ReceiptInfo>,
    pub rolls: Vec<RollInfo>,
}

#[derive(Serialize)]
pub struct ReportContext {
    pub campaign: CampaignInfo,
    pub step: u64,
    pub viewer: ViewerInfo,
    pub phase: PhaseInfo,
    pub next: PhaseInfo,
    pub events: Vec<String>,
    pub sections: Vec<Section>,
    pub svg: Option<String>,
    /// The board's SVG file beside the report, which the HTML shows instead of
    /// carrying the picture itself (campaigns with `linked_pictures`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg_file: Option<String>,
    pub trust: TrustInfo,
    pub verify_command: String,
    /// The campaign's report layout (`Config::report_layout`).
    pub layout: u32,
    /// The next phase's questions this reader must answer (the GM sees them all).
    pub questions: Vec<QuestionInfo>,
    /// Broadcast press published with this step, in the order it arrived.
    pub press: Vec<PressInfo>,
}

/// One piece of broadcast press as a report prints it: its sender (none for grey
/// press) and its lines.
#[derive(Clone, Debug, Serialize)]
pub struct PressInfo {
    pub from: Option<String>,
    pub lines: Vec<String>,
}

pub fn viewer_info(viewer: &Viewer) -> ViewerInfo {
    match viewer {
        Viewer::Public => ViewerInfo { kind: "public", name: None },
        Viewer::Gm => ViewerInfo { kind: "gm", name: None },
        Viewer::Player(p) => ViewerInfo { kind: "player", name: Some(p.clone()) },
    }
}

/// May `viewer` see the face of `roll`?
pub fn sees_face(roll: &Roll, viewer: &Viewer) -> bool {
    match (roll.stream, viewer) {
        (StreamKind::Public, _) | (_, Viewer::Gm) => true,
        (StreamKind::Hidden, Viewer::Player(p)) => roll.seen_by.iter().any(|s| s == p),
        (StreamKind::Hidden, Viewer::Public) => false,
    }
}

/// The report context of one step for one reader.
#[allow(clippy::too_many_arguments)]
pub fn report(
    campaign: CampaignInfo,
    step: u64,
    viewer: &Viewer,
    phase: PhaseInfo,
    next: PhaseInfo,
    events: &[Event],
    view: View,
    rolls: &[Roll],
    record: &StepRecord,
    verify_command: String,
) -> ReportContext {
    let questions = next
        .prompts
        .iter()
        .filter(|(p, _)| match viewer {
            Viewer::Gm => true,
            Viewer::Player(me) => me == *p,
            Viewer::Public => false,
        })
        .map(|(p, q)| QuestionInfo {
            player: p.clone(),
            question: q.question.clone(),
            answers: q
                .answers
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    format!(
                        "{}. {a}{}",
                        i + 1,
                        if i == q.default { " (the default if you do not answer)" } else { "" }
                    )
                })
                .collect(),
        })
        .collect();
    ReportContext {
        press: Vec::new(),
        campaign,
        step,
        viewer: viewer_info(viewer),
        phase,
        next,
        events: events.iter().filter(|e| e.audience.admits(viewer)).map(|e| e.text.clone()).collect(),
        sections: view.sections,
        svg: view.svg,
        svg_file: None,
        trust: TrustInfo {
            trust: record.trust.clone(),
            chain_previous: record.chain_previous.clone(),
            chain_reveal: record.chain_reveal.clone(),
            orders_digest: record.orders_digest.clone(),
            state_commitment: record.state_commitment.clone(),
            receipts: record
                .receipts
                .iter()
                .map(|r| ReceiptInfo { player: r.player.clone(), receipt: r.receipt.clone() })
                .collect(),
            rolls: rolls
                .iter()
                .map(|r| RollInfo {
                    stream: r.stream,
                    seq: r.seq,
                    label: r.label.clone(),
                    sides: r.sides,
                    face: sees_face(r, viewer).then_some(r.face),
                })
                .collect(),
        },
        verify_command,
        layout: 0,
        questions,
    }
}
