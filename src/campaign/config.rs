//! `campaign.toml`: what the GM set up. Readable and editable by hand (with care:
//! secrets are stored only as salted hashes, so a player's secret cannot be read back).

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::{Context, Error, Result};
use serde::{Deserialize, Serialize};

use super::schedule::Schedule;

/// The default limit on one input (a mail or an orders file), in bytes.
pub const DEFAULT_MAX_INPUT: u64 = 1 << 20;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Config {
    /// The campaign's id: the GAME line of every orders file.
    pub id: String,
    pub system: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// The address mail to this game goes to; the From and Reply-To of every reply.
    pub game_address: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gm_email: Option<String>,
    pub chain_length: u64,
    #[serde(default = "default_max_input")]
    pub max_input_bytes: u64,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Markdown and BBCode reports escape every value (new campaigns); campaigns made
    /// before escaping existed lack it and keep rendering as they did, so they replay.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub escape_reports: bool,
    /// The reports' layout: 2 aligns the text report's commitments under one column
    /// whatever the step's number; 3 (new campaigns) also keeps the text report to a
    /// mail's 72 columns (each commitment under its label, long lines broken between
    /// words); absent (0) in campaigns made before, whose reports keep their bytes.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub report_layout: u32,
    /// Reports carry a picture of the board with the step's orders drawn on it (new
    /// campaigns). Campaigns made before board pictures lack it and keep rendering as
    /// they did, so they replay byte for byte.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub maps: bool,
    /// How the board pictures are drawn: 2 titles them with the game, the step and the
    /// season, fills land by its owner, keeps every name clear of units, marks and
    /// other names, and gives every board a legend; 3 (new campaigns) also draws
    /// Algeria on its real map; absent (0) in campaigns made before, whose pictures
    /// keep their bytes (each style's too: a picture is hashed in the ledger).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub map_style: u32,
    /// Report mails carry the board as a PNG attachment (about 100 KB a mail). A GM whose
    /// list or players limit attachments sets `--option mail_pictures=no` (or
    /// `mail_pictures = false` here); the picture stays in the HTML report and on disk.
    #[serde(default = "yes", skip_serializing_if = "Clone::clone")]
    pub mail_pictures: bool,
    /// HTML reports show the board from its SVG file beside them instead of carrying
    /// the whole picture in every reader's report, and report mails show the attached
    /// PNG (`cid:`) instead of an SVG that mail readers strip (new campaigns; those
    /// made before keep their inline pictures, so they replay byte for byte).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub linked_pictures: bool,
    /// How many of the newest steps keep their reports and pictures on disk; a step
    /// removes those of the step that falls out of the window (all but its
    /// `public.json`), and they are rendered again, checked against the ledger,
    /// whenever something needs them (see `derived`): a campaign of hundreds of steps
    /// then keeps a few megabytes instead of a hundred. 0 keeps every step's (campaigns
    /// made before); new campaigns keep 8. Nothing committed depends on it, so a GM may
    /// change it at any time.
    #[serde(default, skip_serializing_if = "is_no_count")]
    pub keep_reports: u64,
    /// Where the GM publishes the public record (a URL or a folder the players can
    /// reach: `--option published=<where>`). Public reports then tell players to check
    /// the dice there, with its `verify.html` in a browser; without it they name
    /// `umpire verify <campaign>`, as campaigns made before did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published: Option<String>,
    /// Which press players may send (absent in campaigns made before press: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub press: Option<super::press::PressRules>,
    /// The campaign directory's mode as octal text; default "0700" (the GM alone). A GM
    /// whose web server must read the public reports may relax it, say to "0750".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub directory_mode: Option<String>,
    /// The rules and data the campaign was made with (absent in campaigns made before
    /// the pin): a build that would resolve it differently refuses it, naming why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesPin>,
    /// Deadlines, reminders and grace; without it, phases wait for the GM.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<Schedule>,
    #[serde(rename = "player", default)]
    pub players: Vec<Player>,
    /// The GM's own secret, for GM commands sent by mail (salted hash).
    pub gm_secret_salt: String,
    pub gm_secret_hash: String,
}

/// The system's rules revision and the SHA-256 of each data file in use when the
/// campaign was made.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RulesPin {
    pub revision: u32,
    #[serde(default)]
    pub data: BTreeMap<String, String>,
}

fn yes() -> bool {
    true
}

/// Takes a campaign setting `key=yes|no` out of `options` (where the system would
/// refuse it as none of its own): None where it is absent.
pub fn take_yes_no(options: &mut BTreeMap<String, String>, key: &str) -> Result<Option<bool>> {
    match options.remove(key).as_deref() {
        None => Ok(None),
        Some("yes") => Ok(Some(true)),
        Some("no") => Ok(Some(false)),
        Some(v) => Err(Error::Campaign(format!("option {key}={v}: use yes or no"))),
    }
}

fn default_max_input() -> u64 {
    DEFAULT_MAX_INPUT
}

impl Config {
    /// The registered address (a player's or the GM's) that `address` is, if any.
    pub fn registered(&self, address: &str) -> Option<String> {
        let address = address.trim();
        self.players
            .iter()
            .map(|p| p.email.as_str())
            .chain(self.gm_email.as_deref())
            .find(|r| r.eq_ignore_ascii_case(address))
            .map(str::to_string)
    }

    /// The mode the campaign directory must have: `directory_mode`, or 0700.
    pub fn directory_mode(&self) -> Result<u32> {
        match &self.directory_mode {
            None => Ok(super::store::DIR_MODE),
            Some(text) => {
                let digits = text.trim().trim_start_matches("0o");
                u32::from_str_radix(digits, 8).ok().filter(|m| *m <= 0o777 && m & 0o700 == 0o700).ok_or_else(
                    || Error::Campaign(format!("campaign.toml: directory_mode '{text}' is not an octal mode that lets the GM in, such as \"0700\" or \"0750\"")),
                )
            }
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Player {
    pub id: String,
    pub email: String,
    pub secret_salt: String,
    pub secret_hash: String,
}

impl Player {
    /// Is `given` this player's secret?
    pub fn secret_fits(&self, given: &str) -> bool {
        secret_fits(given, &self.secret_salt, &self.secret_hash)
    }

    /// Gives the player a new secret (the old one stops working) and returns it.
    pub fn reissue(&mut self) -> String {
        let issued = issue_secret();
        self.secret_salt = issued.salt;
        self.secret_hash = issued.hash;
        issued.secret
    }
}

/// A newly issued secret and how campaign.toml keeps it: a random salt and the
/// salted hash, both hex. The secret itself is given once, to its holder.
pub struct Issued {
    pub secret: String,
    pub salt: String,
    pub hash: String,
}

/// Issues a secret for a player or the GM.
pub fn issue_secret() -> Issued {
    let secret = crate::orders::new_secret();
    let mut salt = [0u8; 16];
    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut salt);
    let hash = crate::trust::hex(&crate::orders::hash_secret(&secret, &salt));
    Issued { secret, salt: crate::trust::hex(&salt), hash }
}

/// Does `given` match a secret kept as (salt, hash) in campaign.toml? A damaged
/// entry matches nothing.
pub fn secret_fits(given: &str, salt: &str, hash: &str) -> bool {
    match (hex::decode(salt), crate::trust::parse_hash(hash)) {
        (Ok(salt), Some(stored)) => crate::orders::secret_matches(given, &salt, &stored),
        _ => false,
    }
}

impl Config {
    pub fn load(root: &Path) -> Result<Self> {
        let path = root.join("campaign.toml");
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("{} is not a campaign: no readable campaign.toml", root.display()))?;
        let config: Config =
            toml::from_str(&text).map_err(|e| Error::Campaign(format!("{}: {e}", path.display())))?;
        if config.chain_length == 0 || config.chain_length > crate::trust::MAX_CHAIN_LENGTH {
            return Err(Error::Campaign(format!(
                "{}: chain_length must be 1 to {}",
                path.display(),
                crate::trust::MAX_CHAIN_LENGTH
            )));
        }
        if let Some(s) = &config.schedule {
            s.validate().map_err(|e| Error::Campaign(format!("{}: [schedule]: {e}", path.display())))?;
        }
        Ok(config)
    }

    pub fn to_toml(&self) -> Result<String> {
        Ok(format!(
            "# umpire campaign. Secrets appear here only as salted hashes.\n{}",
            toml::to_string_pretty(self)?
        ))
    }

    pub fn player_ids(&self) -> Vec<String> {
        self.players.iter().map(|p| p.id.clone()).collect()
    }

    /// A player by id, ignoring case.
    pub fn player(&self, id: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.id.eq_ignore_ascii_case(id.trim()))
    }

    /// Is `given` the GM's secret?
    pub fn gm_secret_fits(&self, given: &str) -> bool {
        secret_fits(given, &self.gm_secret_salt, &self.gm_secret_hash)
    }

    pub fn player_by_email(&self, email: &str) -> Option<&Player> {
        self.players.iter().find(|p| p.email.eq_ignore_ascii_case(email.trim()))
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_no_count(n: &u64) -> bool {
    *n == 0
}

/// The campaign as every template names it (the report takes it as plain data).
pub fn campaign_info(config: &Config) -> Result<crate::report::context::CampaignInfo> {
    let info = crate::engine::find(&config.system)
        .ok_or_else(|| Error::Campaign(format!("this build does not know the system '{}'", config.system)))?;
    Ok(crate::report::context::CampaignInfo {
        id: config.id.clone(),
        system: info.name.into(),
        system_title: info.title.into(),
        address: config.game_address.clone(),
    })
}
