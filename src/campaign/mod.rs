//! A campaign: one running game in a directory the GM owns.
//!
//! ```text
//! campaign.toml          system, options, players (secrets as salted hashes)
//! ledger.jsonl           append-only, each line hashing the one before
//! secret/                GM only: the master secret
//! state/<k>.json         the state after step k (0 is the set-up)
//! phases/<k>/inbox/      every input for step k exactly as received
//! phases/<k>/orders/     accepted orders files, as sealed (secret redacted)
//! phases/<k>/acks/       acknowledgements
//! reports/<k>/           public.json and the reports in every format (the newest
//!                        steps'; older ones render again: see [`derived`])
//! outbox/                mail waiting
//! sent/                  mail delivered, packed (see `crate::mail::sent`)
//! ```
//! Every command takes the campaign's lock, finishes or discards whatever a crash left
//! half-done, and changes files only through a [`store::Txn`].

pub mod adjudicate;
pub mod answer;
pub mod clock;
pub mod config;
pub mod derived;
pub mod event;
pub mod gm_mail;
pub mod ingest;
pub mod ledger;
pub mod new;
pub mod outbox;
pub mod press;
pub mod publish;
pub mod quiet;
pub mod reply_answer;
pub mod route;
pub mod schedule;
pub mod signon;
pub mod store;
pub mod tick;
pub mod welcome;

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::error::{Context, Error, Result};
use serde_json::Value;

pub use config::{Config, Player};
pub use ledger::Ledger;
pub use store::Txn;

use crate::engine::{self, Engine, GameData};
use crate::trust::{self, Chains};

/// An open, locked campaign.
pub struct Campaign {
    pub root: PathBuf,
    pub config: Config,
    pub ledger: Ledger,
    chains: std::cell::OnceCell<Chains>,
    engine: std::cell::OnceCell<Rc<dyn Engine>>,
    /// Read from the announcement the first time it is needed (it never changes).
    trust_version: std::cell::OnceCell<trust::record::Version>,
    _lock: File,
}

impl Campaign {
    /// Opens the campaign at `root`, waiting for its lock, and recovers from any crash.
    pub fn open(root: &Path) -> Result<Self> {
        let config = Config::load(root)?;
        let lock = lock(root)?;
        set_directory_mode(root, config.directory_mode()?)?;
        let ledger = Ledger::open(root)?;
        let (finished, discarded) = store::recover(root, &ledger)?;
        if finished + discarded > 0 {
            eprintln!(
                "umpire: recovered from an interrupted command ({finished} finished, {discarded} rolled back)"
            );
        }
        Ok(Campaign {
            root: root.to_path_buf(),
            config,
            ledger,
            chains: std::cell::OnceCell::new(),
            engine: std::cell::OnceCell::new(),
            trust_version: std::cell::OnceCell::new(),
            _lock: lock,
        })
    }

    /// Commits a transaction.
    pub fn commit(&mut self, txn: Txn) -> Result<()> {
        store::commit(&self.root, &mut self.ledger, txn)
    }

    /// The number of steps resolved so far; the open phase is step `steps() + 1`.
    pub fn steps(&self) -> u64 {
        self.ledger.steps().count() as u64
    }

    pub fn state(&self, step: u64) -> Result<Value> {
        read_json(&self.root.join(state_path(step)))
    }

    pub fn current_state(&self) -> Result<Value> {
        self.state(self.steps())
    }

    /// The events of step `step`, with their audiences, as the step recorded them in
    /// `state/<step>.events.json` (step 0, the set-up, has none).
    pub fn events(&self, step: u64) -> Result<Vec<engine::Event>> {
        #[derive(serde::Deserialize)]
        struct Recorded {
            events: Vec<engine::Event>,
        }
        if step == 0 {
            return Ok(Vec::new());
        }
        Ok(read_json_as::<Recorded>(&self.root.join(format!("state/{step}.events.json")))?.events)
    }

    /// The campaign's system, opened (its data read and checked) the first time it is needed.
    pub fn engine(&self) -> Result<Rc<dyn Engine>> {
        if let Some(e) = self.engine.get() {
            return Ok(e.clone());
        }
        check_rules_pin(&self.root, &self.config)?;
        let engine: Rc<dyn Engine> = Rc::from(open_engine(&self.root, &self.config.system)?);
        Ok(self.engine.get_or_init(|| engine).clone())
    }

    pub fn master_secret(&self) -> Result<[u8; 32]> {
        master_secret_at(&self.root)
    }

    /// The trust version the campaign was created with, from its announcement.
    pub fn trust_version(&self) -> Result<trust::record::Version> {
        if let Some(v) = self.trust_version.get() {
            return Ok(*v);
        }
        let path = self.root.join("reports/0/public.json");
        let announcement: trust::record::Announcement = read_json_as(&path)?;
        let v = trust::record::Version::parse(&announcement.trust).ok_or_else(|| {
            Error::Campaign(format!("{}: unknown trust version '{}'", path.display(), announcement.trust))
        })?;
        Ok(*self.trust_version.get_or_init(|| v))
    }

    /// Has a player's receipt entered any resolved step's digest?
    pub fn signed_on(&self) -> bool {
        self.ledger.steps().any(|s| s.receipts.iter().any(|r| r.receipt.is_some()))
    }

    /// The phase open in `state`: the system's, or Trust v2's sign-on in its place.
    pub fn phase(&self, state: &Value) -> Result<engine::Phase> {
        let system = self.engine()?.phase(state)?;
        Ok(signon::open(system, self.trust_version()?, self.signed_on(), &self.config.player_ids()))
    }

    /// The schedule of the kind of `phase` (its own deadline and reminders, if the
    /// campaign gives that kind any), or None without a schedule.
    pub fn schedule_for(&self, phase: &engine::Phase) -> Option<schedule::Schedule> {
        self.config.schedule.as_ref().map(|s| s.for_kind(&phase.kind))
    }

    /// Both hash chains, computed the first time they are needed.
    pub fn chains(&self) -> Result<&Chains> {
        if let Some(c) = self.chains.get() {
            return Ok(c);
        }
        let chains = Chains::new(&self.master_secret()?, self.config.chain_length);
        Ok(self.chains.get_or_init(|| chains))
    }
}

/// Refuses a campaign this build would resolve differently from the one that made it:
/// one made with a newer revision of the system's rules, or whose data file has
/// changed in this build (the campaign's own copy in `games/<system>/` wins).
pub fn check_rules_pin(root: &Path, config: &Config) -> Result<()> {
    let Some(pin) = &config.rules else { return Ok(()) };
    let info = engine::find(&config.system)
        .ok_or_else(|| Error::Campaign(format!("this build does not know the system '{}'", config.system)))?;
    if pin.revision > info.rules {
        return Err(Error::Campaign(format!(
            "this campaign was made with revision {} of the {} rules; this build has revision {}: run it with a newer umpire",
            pin.revision, info.name, info.rules
        )));
    }
    let data = GameData::new(info.name, info.files, Some(root.join("games").join(info.name)));
    for (file, hash) in &pin.data {
        let text = data.text(file)?;
        if trust::hex(&trust::h(&[text.as_bytes()])) != *hash {
            return Err(Error::Campaign(format!(
                "{file} is not the one this campaign was made with (its SHA-256 was {hash}); put that copy in {}/games/{}/{file} so the campaign replays as it was (or, if you changed it on purpose before the first step, delete its line under [rules.data] in campaign.toml)",
                root.display(),
                info.name
            )));
        }
    }
    Ok(())
}

/// Opens a system with the campaign's own data files where it has them.
pub fn open_engine(root: &Path, system: &str) -> Result<Box<dyn Engine>> {
    let info = engine::find(system)
        .ok_or_else(|| Error::Campaign(format!("this build does not know the system '{system}'")))?;
    Ok((info.open)(&GameData::new(info.name, info.files, Some(root.join("games").join(info.name))))?)
}

/// Gives the campaign directory its mode (0700 unless campaign.toml relaxes it).
pub fn set_directory_mode(root: &Path, mode: u32) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let now =
            fs::metadata(root).with_context(|| format!("reading {}", root.display()))?.permissions().mode();
        if now & 0o777 != mode {
            fs::set_permissions(root, fs::Permissions::from_mode(mode))
                .with_context(|| format!("setting the mode of {}", root.display()))?;
        }
    }
    #[cfg(not(unix))]
    let _ = (root, mode);
    Ok(())
}

/// The GM's master secret of the campaign at `root` (`secret/master.key`).
pub fn master_secret_at(root: &Path) -> Result<[u8; 32]> {
    let path = root.join("secret/master.key");
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    trust::parse_hash(&text)
        .ok_or_else(|| Error::Campaign(format!("{} does not hold 64 hex digits", path.display())))
}

pub fn state_path(step: u64) -> PathBuf {
    PathBuf::from(format!("state/{step}.json"))
}

pub fn read_json(path: &Path) -> Result<Value> {
    let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_slice(&bytes)
        .map_err(|e| Error::Campaign(format!("{}: not valid JSON: {e}", path.display())))
}

/// Reads a JSON file into a type.
pub fn read_json_as<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T> {
    let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_slice(&bytes)
        .map_err(|e| Error::Campaign(format!("{}: not what it should be: {e}", path.display())))
}

/// Opens (creating, GM-only) the lock file `path`, not yet locked.
fn lock_file(path: &Path) -> Result<File> {
    let mut options = File::options();
    options.create(true).truncate(false).write(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, store::HIDDEN_MODE);
    options.open(path).with_context(|| format!("opening {}", path.display()))
}

fn lock(root: &Path) -> Result<File> {
    let path = root.join(".lock");
    let file = lock_file(&path)?;
    file.lock().with_context(|| format!("locking {}", path.display()))?;
    Ok(file)
}

/// Takes the sender's lock of an existing campaign or root (`.send.lock`), without
/// waiting: `None` when another `send` holds it.
pub fn lock_sending(dir: &Path) -> Result<Option<File>> {
    if !dir.is_dir() {
        return Err(Error::Campaign(format!("{} is not a directory", dir.display())));
    }
    let path = dir.join(".send.lock");
    let file = lock_file(&path)?;
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(e)) => Err(e).with_context(|| format!("locking {}", path.display())),
    }
}

/// Takes the lock of a directory that is about to become a campaign.
pub fn lock_new(root: &Path) -> Result<File> {
    store::create_dirs(root)?;
    lock(root)
}
