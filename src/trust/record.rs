//! The published records: `reports/0/public.json` (the announcement) and
//! `reports/<k>/public.json` (one per step), exactly as the README specifies them.

use serde::{Deserialize, Serialize};

use crate::dice::{Roll, StreamKind};

/// Trust version 1 (campaigns made before version 2).
pub const TRUST_VERSION: &str = "umpire-v1";
/// Trust version 2: every step's dice also depend on the previous public record, and
/// no die is rolled before a step with a player's receipt (a sign-on phase first).
pub const TRUST_V2: &str = "umpire-v2";

/// The trust version a campaign was created with; it keeps it for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    V1,
    V2,
}

impl Version {
    pub fn parse(text: &str) -> Option<Version> {
        match text {
            TRUST_VERSION => Some(Version::V1),
            TRUST_V2 => Some(Version::V2),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Version::V1 => TRUST_VERSION,
            Version::V2 => TRUST_V2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    pub trust: String,
    pub campaign: String,
    pub step: u64,
    pub chain_length: u64,
    pub chain_public: String,
    pub chain_hidden: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepRecord {
    pub trust: String,
    pub campaign: String,
    pub step: u64,
    pub chain_previous: String,
    pub chain_reveal: String,
    pub receipts: Vec<ReceiptEntry>,
    pub orders_digest: String,
    pub rolls: Vec<PublicRoll>,
    pub state_commitment: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReceiptEntry {
    pub player: String,
    pub receipt: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicRoll {
    pub stream: StreamKind,
    pub seq: u64,
    pub label: String,
    pub sides: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<u32>,
}

impl PublicRoll {
    /// A roll as the public record shows it: hidden faces left out.
    pub fn of(roll: &Roll) -> Self {
        PublicRoll {
            stream: roll.stream,
            seq: roll.seq,
            label: roll.label.clone(),
            sides: roll.sides,
            face: (roll.stream == StreamKind::Public).then_some(roll.face),
        }
    }
}
