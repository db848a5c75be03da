//! Atomic file writes and the crash-safe transaction every changing command uses.
//!
//! A command gathers the files it will write and the ledger lines it will append into
//! a [`Txn`]. Committing stages the files under `pending/<txn>/`, then appends the
//! ledger lines (the commit point), then renames the staged files into place. If the
//! process dies before the ledger append, the next command deletes the staging and the
//! campaign is as it was; if it dies after, the next command finishes the renames. So
//! re-running any command after a crash finishes the job or changes nothing.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ledger::Ledger;

static DURABLE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Whether writes wait for the disk (fsync) before the rename. Only throwaway
/// campaigns (soak games) turn it off; writes stay atomic either way.
pub fn set_durable(durable: bool) {
    DURABLE.store(durable, std::sync::atomic::Ordering::SeqCst);
}

/// Whether writes wait for the disk.
pub fn durable() -> bool {
    DURABLE.load(std::sync::atomic::Ordering::SeqCst)
}

/// The mode of every file the GM alone may read: almost everything in a campaign.
pub const HIDDEN_MODE: u32 = 0o600;
/// The mode of a file of the public set.
pub const PUBLIC_MODE: u32 = 0o644;
/// The mode of every directory umpire creates (the GM may relax the campaign's own in
/// `campaign.toml`).
pub const DIR_MODE: u32 = 0o700;

/// Creates `dir` and its missing parents, each with mode 0700, whatever the umask.
pub fn create_dirs(dir: &Path) -> Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        fs::DirBuilder::new()
            .recursive(true)
            .mode(DIR_MODE)
            .create(dir)
            .with_context(|| format!("creating {}", dir.display()))
    }
    #[cfg(not(unix))]
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename,
/// so a reader sees the old file or the new one, never half of one. The file is hidden
/// (0600): only the GM may read it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomic_mode(path, bytes, None)
}

/// As [`write_atomic`], with Unix permissions (default 0600).
pub fn write_atomic_mode(path: &Path, bytes: &[u8], mode: Option<u32>) -> Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    create_dirs(dir)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".tmp-")
        .tempfile_in(dir)
        .with_context(|| format!("creating a temporary file in {}", dir.display()))?;
    tmp.write_all(bytes).with_context(|| format!("writing {}", path.display()))?;
    // The temporary file starts private (0600); only a file of the public set opens up.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        tmp.as_file().set_permissions(fs::Permissions::from_mode(mode.unwrap_or(HIDDEN_MODE)))?;
    }
    #[cfg(not(unix))]
    let _ = mode;
    if DURABLE.load(std::sync::atomic::Ordering::SeqCst) {
        tmp.as_file().sync_all().with_context(|| format!("syncing {}", path.display()))?;
    }
    tmp.persist(path).with_context(|| format!("renaming into {}", path.display()))?;
    Ok(())
}

/// A test hook: `UMPIRE_CRASH_AT=<point>` (or `<point>#<n>` for its n-th passage)
/// aborts the process there, as a power cut would, so the tests can show that nothing
/// is lost or half-done. Points: raw-stored, staged, committed, applying.
pub fn crash_point(point: &str) {
    static PASSED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let Ok(want) = std::env::var("UMPIRE_CRASH_AT") else {
        return;
    };
    let (name, nth) = match want.split_once('#') {
        Some((n, k)) => (n.to_string(), k.parse::<usize>().unwrap_or(1)),
        None => (want, 1),
    };
    if name != point {
        return;
    }
    let count = PASSED.lock().map(|mut v| {
        v.push(point.to_string());
        v.iter().filter(|p| *p == point).count()
    });
    if count.is_ok_and(|c| c == nth) {
        eprintln!("umpire: simulated crash at {point}");
        std::process::abort();
    }
}

/// Files to write and ledger lines to append, all or nothing.
#[derive(Default)]
pub struct Txn {
    files: Vec<(PathBuf, Vec<u8>, Option<u32>)>,
    entries: Vec<Value>,
}

impl Txn {
    pub fn new() -> Self {
        Txn::default()
    }

    /// Adds a file, by its path relative to the campaign directory. It is hidden
    /// (mode 0600, the GM alone reads it) unless added with [`Txn::write_public`].
    pub fn write(&mut self, rel: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.files.push((rel.into(), bytes.into(), Some(HIDDEN_MODE)));
    }

    /// Adds a file of the public set (a public report, a public record): mode 0644.
    pub fn write_public(&mut self, rel: impl Into<PathBuf>, bytes: impl Into<Vec<u8>>) {
        self.files.push((rel.into(), bytes.into(), Some(PUBLIC_MODE)));
    }

    /// Adds a ledger line (the `seq`, `prev`, `at` and `txn` fields are filled in).
    pub fn record(&mut self, entry: Value) {
        self.entries.push(entry);
    }

    /// Appends everything `other` holds, after what this one holds.
    pub fn absorb(&mut self, other: Txn) {
        self.files.extend(other.files);
        self.entries.extend(other.entries);
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty() && self.entries.is_empty()
    }
}

#[derive(Serialize, Deserialize)]
struct Manifest {
    txn: String,
    files: Vec<StagedFile>,
}

#[derive(Serialize, Deserialize)]
struct StagedFile {
    path: PathBuf,
    staged: String,
    mode: Option<u32>,
}

/// Commits `txn` in the campaign at `root`. The caller holds the campaign lock.
pub fn commit(root: &Path, ledger: &mut Ledger, txn: Txn) -> Result<()> {
    if txn.is_empty() {
        return Ok(());
    }
    let id = ledger.next_txn_id();
    let stage = root.join("pending").join(&id);
    if stage.exists() {
        fs::remove_dir_all(&stage)?;
    }
    let mut manifest = Manifest { txn: id.clone(), files: Vec::new() };
    for (i, (path, bytes, mode)) in txn.files.iter().enumerate() {
        check_relative(path)?;
        let staged = format!("{i:05}");
        write_atomic_mode(&stage.join(&staged), bytes, *mode)?;
        manifest.files.push(StagedFile { path: path.clone(), staged, mode: *mode });
    }
    write_atomic(&stage.join("manifest.json"), &serde_json::to_vec_pretty(&manifest)?)?;
    crash_point("staged");
    ledger.append(&id, txn.entries)?;
    crash_point("committed");
    apply(root, &stage, &manifest)?;
    Ok(())
}

fn check_relative(path: &Path) -> Result<()> {
    if path.is_absolute() || path.components().any(|c| matches!(c, std::path::Component::ParentDir)) {
        bail!("refusing to write outside the campaign: {}", path.display());
    }
    Ok(())
}

fn apply(root: &Path, stage: &Path, manifest: &Manifest) -> Result<()> {
    for (n, file) in manifest.files.iter().enumerate() {
        let from = stage.join(&file.staged);
        if !from.exists() {
            continue; // moved before a crash
        }
        let to = root.join(&file.path);
        if let Some(dir) = to.parent() {
            create_dirs(dir)?;
        }
        fs::rename(&from, &to).with_context(|| format!("moving {} into place", file.path.display()))?;
        if n == 0 {
            crash_point("applying");
        }
    }
    fs::remove_dir_all(stage).with_context(|| format!("removing {}", stage.display()))?;
    Ok(())
}

/// Finishes committed transactions a crash interrupted and discards the rest.
/// Returns how many it finished and how many it discarded.
pub fn recover(root: &Path, ledger: &Ledger) -> Result<(usize, usize)> {
    let pending = root.join("pending");
    let Ok(dir) = fs::read_dir(&pending) else {
        return Ok((0, 0));
    };
    let mut names: Vec<PathBuf> = dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    names.sort();
    let (mut finished, mut discarded) = (0, 0);
    for stage in names {
        let manifest: Option<Manifest> =
            fs::read(stage.join("manifest.json")).ok().and_then(|b| serde_json::from_slice(&b).ok());
        match manifest {
            Some(m) if ledger.has_txn(&m.txn) => {
                apply(root, &stage, &m)?;
                finished += 1;
            }
            _ => {
                fs::remove_dir_all(&stage)?;
                discarded += 1;
            }
        }
    }
    Ok((finished, discarded))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_whole_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"two");
        let leftovers: Vec<_> = fs::read_dir(dir.path().join("a")).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
    }

    #[test]
    fn refuses_paths_outside() {
        assert!(check_relative(Path::new("../x")).is_err());
        assert!(check_relative(Path::new("/etc/x")).is_err());
        assert!(check_relative(Path::new("reports/1/public.json")).is_ok());
    }
}
