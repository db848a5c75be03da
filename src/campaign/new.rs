//! `umpire new`: creates a campaign directory, its secrets and its announcement.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::event::{Creation, Event};
use crate::error::{Error, Result};
use rand_core::{OsRng, RngCore};

use super::config::{DEFAULT_MAX_INPUT, issue_secret};
use super::schedule::Schedule;
use super::welcome::{self, Commitments, Welcome};
use super::{Campaign, Config, Player, Txn, lock_new, state_path};
use crate::engine::{self, GameData, Setup};
use crate::report::Templates;
use crate::trust::record::{Announcement, Version};
use crate::trust::{self, Chains, DEFAULT_CHAIN_LENGTH};

/// How many of the newest steps a new campaign keeps its reports and pictures for
/// (see `Config::keep_reports`).
pub const KEEP_REPORTS: u64 = 8;

/// What the GM asks for.
pub struct NewCampaign {
    pub system: String,
    pub dir: PathBuf,
    /// Defaults to the directory's name.
    pub id: Option<String>,
    pub players: Vec<(String, String)>,
    pub gm_email: Option<String>,
    /// The game's own address; defaults to the GM's.
    pub address: Option<String>,
    pub scenario: Option<String>,
    pub options: BTreeMap<String, String>,
    pub chain_length: Option<u64>,
    pub schedule: Option<Schedule>,
    /// The master key the dice chains grow from. `None`, as for every real campaign,
    /// draws a fresh random key; a sample game or a soak fixes it so that the same
    /// command plays the same game again (see `sample_key`).
    pub dice_key: Option<[u8; 32]>,
    /// How many of the newest steps keep their reports on disk (None: eight; 0: all,
    /// as the demo keeps them for reading).
    pub keep_reports: Option<u64>,
}

/// What `new` made, for the GM's terminal.
pub struct Created {
    pub id: String,
    pub gm_secret: String,
    /// Each player's secret, for a caller that plays the players (the demo); the CLI
    /// does not print them: the welcome mails carry them.
    pub player_secrets: Vec<(String, String)>,
    pub welcome_mails: usize,
    pub chain_public: String,
}

/// A player id or campaign id: letters, digits, `-`, `_`, `.`; starts with a letter or digit.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && id.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
}

/// Names no player may take: they are the file names of the GM's and the public report.
pub const RESERVED_NAMES: [&str; 2] = ["gm", "public"];

/// Creates the campaign; if anything fails, the directory is left as it was found
/// (absent, or empty), so the same command can simply be run again.
pub fn create(req: NewCampaign) -> Result<Created> {
    let dir = req.dir.clone();
    let existed = dir.exists();
    let was_empty = !existed || is_empty_dir(&dir)?;
    let result = create_in(req);
    if result.is_err() && was_empty && !dir.join("ledger.jsonl").exists() {
        if existed {
            for entry in std::fs::read_dir(&dir)?.flatten() {
                let p = entry.path();
                let _ = if p.is_dir() { std::fs::remove_dir_all(&p) } else { std::fs::remove_file(&p) };
            }
        } else {
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
    result
}

/// Empty, or holding only a lock file a failed earlier attempt left.
fn is_empty_dir(dir: &std::path::Path) -> Result<bool> {
    Ok(std::fs::read_dir(dir)?.flatten().all(|e| e.file_name() == ".lock"))
}

fn create_in(req: NewCampaign) -> Result<Created> {
    let info = engine::find(&req.system).ok_or_else(|| {
        let known: Vec<&str> = engine::registry::listed().iter().map(|s| s.name).collect();
        Error::Refused(format!("unknown system '{}'; this build knows: {}", req.system, known.join(", ")))
    })?;
    if req.dir.join("campaign.toml").exists() {
        return Err(Error::Refused(format!(
            "{} is already a campaign; nothing was changed",
            req.dir.display()
        )));
    }
    if req.dir.exists() && !is_empty_dir(&req.dir)? {
        return Err(Error::Refused(format!(
            "{} exists and is not empty; choose a new directory",
            req.dir.display()
        )));
    }
    let id = match &req.id {
        Some(id) => id.clone(),
        None => req
            .dir
            .file_name()
            .and_then(|n| n.to_str())
            .map(str::to_string)
            .ok_or_else(|| Error::Refused("give the campaign an id with --id".into()))?,
    };
    if !valid_id(&id) {
        return Err(Error::Refused(format!(
            "campaign id '{id}': use letters, digits, '-', '_' or '.' (64 at most)"
        )));
    }
    if let Some(s) = &req.schedule {
        s.validate()?;
    }
    if req.players.is_empty() {
        return Err(Error::Refused("a campaign needs at least one --player NAME=EMAIL".into()));
    }
    let mut players = Vec::new();
    let mut secrets = Vec::new();
    for (name, email) in &req.players {
        if !valid_id(name) || RESERVED_NAMES.iter().any(|r| name.eq_ignore_ascii_case(r)) {
            return Err(Error::Refused(format!(
                "player name '{name}': use letters, digits, '-', '_' or '.' ('gm' is the GM's, 'public' the public report's)"
            )));
        }
        if !email.contains('@') || email.contains(char::is_whitespace) {
            return Err(Error::Refused(format!("player {name}: '{email}' is not a mail address")));
        }
        if players.iter().any(|p: &Player| p.id.eq_ignore_ascii_case(name)) {
            return Err(Error::Refused(format!("player '{name}' is named twice")));
        }
        let issued = issue_secret();
        players.push(Player {
            id: name.clone(),
            email: email.clone(),
            secret_salt: issued.salt,
            secret_hash: issued.hash,
        });
        secrets.push(issued.secret);
    }
    let address = req
        .address
        .clone()
        .or_else(|| req.gm_email.clone())
        .unwrap_or_else(|| format!("{id}@umpire.invalid"));
    let gm = issue_secret();
    let engine = (info.open)(&GameData::embedded(info.name, info.files))?;
    let mut options = req.options.clone();
    // Press settings are the campaign's, not the system's.
    let press = super::press::take_options(&mut options)?;
    // Whether report mails carry the board as a PNG: the campaign's setting too.
    let mail_pictures = super::config::take_yes_no(&mut options, "mail_pictures")?.unwrap_or(true);
    // Where the public record is published: the campaign's setting, named in reports.
    let published = options.remove("published").map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
    for (key, value) in engine.pinned_options() {
        options.entry(key.to_string()).or_insert_with(|| value.to_string());
    }
    crate::engine::options::check(info.name, &options, info.options)?;
    let config = Config {
        id: id.clone(),
        system: info.name.to_string(),
        scenario: req.scenario.clone(),
        game_address: address,
        gm_email: req.gm_email.clone(),
        chain_length: req.chain_length.unwrap_or(DEFAULT_CHAIN_LENGTH).clamp(1, trust::MAX_CHAIN_LENGTH),
        max_input_bytes: DEFAULT_MAX_INPUT,
        schedule: req.schedule.clone(),
        options,
        directory_mode: None,
        escape_reports: true,
        report_layout: 3,
        maps: true,
        map_style: crate::maps::STYLE,
        mail_pictures,
        linked_pictures: true,
        keep_reports: req.keep_reports.unwrap_or(KEEP_REPORTS),
        published,
        press: Some(press),
        rules: Some(super::config::RulesPin {
            revision: info.rules,
            data: info
                .files
                .iter()
                .filter(|(name, _)| *name != "demo.toml")
                .map(|(name, text)| (name.to_string(), trust::hex(&trust::h(&[text.as_bytes()]))))
                .collect(),
        }),
        players,
        gm_secret_salt: gm.salt,
        gm_secret_hash: gm.hash,
    };

    let player_ids = config.player_ids();
    let state = engine.setup(&Setup {
        campaign: &id,
        players: &player_ids,
        scenario: req.scenario.as_deref(),
        options: &config.options,
    })?;

    let master = req.dice_key.unwrap_or_else(random_bytes::<32>);
    let chains = Chains::new(&master, config.chain_length);
    let c0 = trust::hex(&chains.public(0).ok_or_else(|| Error::Trust("empty chain".into()))?);
    let h0 = trust::hex(&chains.hidden(0).ok_or_else(|| Error::Trust("empty chain".into()))?);
    let announcement = Announcement {
        trust: Version::V2.as_str().into(),
        campaign: id.clone(),
        step: 0,
        chain_length: config.chain_length,
        chain_public: c0.clone(),
        chain_hidden: h0.clone(),
    };

    let _lock = lock_new(&req.dir)?;
    let mut txn = Txn::new();
    txn.write("campaign.toml", config.to_toml()?);
    txn.write("secret/master.key", format!("{}\n", trust::hex(&master)));
    txn.write("secret/gm-secret.txt", format!("{}\n", gm.secret));
    txn.write(state_path(0), serde_json::to_vec_pretty(&state)?);
    txn.write_public("reports/0/public.json", serde_json::to_vec_pretty(&announcement)?);

    let templates = Templates::new(None);
    let commitments = Commitments { public: &c0, hidden: &h0 };
    // The first phase opens now; its deadline is counted from this moment.
    let opened = super::clock::now();
    // New campaigns are Trust v2: a game whose set-up is random signs on first.
    let first = super::signon::open(engine.phase(&state)?, Version::V2, false, &player_ids);
    let deadline = match config.schedule.as_ref().map(|s| s.for_kind(&first.kind)) {
        Some(s) => Some(s.show(s.deadline(opened)?)),
        None => None,
    };
    for (player, secret) in config.players.iter().zip(&secrets) {
        let welcome = Welcome {
            player: &player.id,
            email: &player.email,
            secret,
            mail_name: format!("0000-welcome-{}", player.id),
            subject: format!("[{id}] Welcome: you play {}", player.id),
            deadline: deadline.clone(),
            phase: &first,
        };
        welcome::queue(&config, &mut txn, &templates, engine.as_ref(), &state, &commitments, welcome)?;
    }
    txn.record(Event::New(Creation {
        campaign: id.clone(),
        system: info.name.to_string(),
        players: player_ids.clone(),
        chain_length: config.chain_length,
        chain_public: c0.clone(),
        chain_hidden: h0.clone(),
        opened: Some(opened.to_rfc3339()),
        settings: None,
    }));
    let mut ledger = super::Ledger::open(&req.dir)?;
    super::store::commit(&req.dir, &mut ledger, txn)?;
    drop(_lock);

    // A game whose first phase needs no orders (random set-up) resolves it now.
    let mut campaign = Campaign::open(&req.dir)?;
    super::adjudicate::run_automatic(&mut campaign)?;

    let player_secrets = player_ids.iter().cloned().zip(secrets.iter().cloned()).collect();
    Ok(Created { id, gm_secret: gm.secret, player_secrets, welcome_mails: secrets.len(), chain_public: c0 })
}

/// A dice key for a sample game, from a seed and the campaign's name: anyone who knows
/// both knows every die, so it is for demos and soaks only, where a game that plays the
/// same every time is worth more than secret dice.
pub fn sample_key(seed: u64, campaign: &str) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"umpire sample dice key\0");
    h.update(seed.to_be_bytes());
    h.update(campaign.as_bytes());
    h.finalize().into()
}

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    OsRng.fill_bytes(&mut b);
    b
}

/// A warning when the process's umask lets other users read new files. umpire sets the
/// mode of everything it writes (0600 files, a 0700 directory), but the mail server, an
/// editor or a backup tool writing into the campaign would follow the umask.
pub fn umask_warning() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let mask = status.lines().find_map(|l| l.strip_prefix("Umask:"))?.trim();
    let value = u32::from_str_radix(mask, 8).ok()?;
    (value & 0o077 != 0o077).then(|| {
        format!(
            "your umask is {mask}: files other programs write into the campaign will be readable by other users; \
             umpire's own are 0600 in a 0700 directory, but set `umask 077` for the GM's account to be safe"
        )
    })
}
