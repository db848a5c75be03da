//! Atomic file writes and the crash-safe transaction every changing command uses.
//!
//! A command gathers the files it will write and the ledger lines it will append into
//! a [`Txn`]. Committing stages the files under `pending/` and lists them in
//! `pending.json`, then appends the ledger lines (the commit point), then renames the
//! staged files into place and empties `pending.json`. If the process dies before the
//! ledger append, the next command deletes the staging and the campaign is as it was;
//! if it dies after, the next command finishes the renames. So re-running any command
//! after a crash finishes the job or changes nothing.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::event::Event;
use super::ledger::Ledger;
use crate::error::{Context, Error, Result};
use serde::{Deserialize, Serialize};

pub use crate::disk::{
    DIR_MODE, HIDDEN_MODE, PUBLIC_MODE, create_dirs, durable, set_durable, write_atomic, write_atomic_mode,
};

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
    entries: Vec<Event>,
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
    pub fn record(&mut self, event: Event) {
        self.entries.push(event);
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

/// The manifest of the transaction being committed, beside `pending/` where its files
/// are staged. Empty when nothing is pending. It is rewritten in place and staged files
/// are renamed out, never deleted: on a filesystem without a journal, every deleted
/// inode slows the next creations for minutes (ext4 skips recently freed inodes), and a
/// step creates some fifty files.
const MANIFEST: &str = "pending.json";

/// Commits `txn` in the campaign at `root`. The caller holds the campaign lock.
pub fn commit(root: &Path, ledger: &mut Ledger, txn: Txn) -> Result<()> {
    if txn.is_empty() {
        return Ok(());
    }
    let id = ledger.next_txn_id();
    let stage = root.join("pending");
    create_dirs(&stage)?;
    let mut manifest = Manifest { txn: id.clone(), files: Vec::new() };
    for (i, (path, bytes, mode)) in txn.files.iter().enumerate() {
        check_relative(path)?;
        let staged = format!("{id}-{i:05}");
        write_staged(&stage.join(&staged), bytes, *mode)?;
        manifest.files.push(StagedFile { path: path.clone(), staged, mode: *mode });
    }
    // Written in place: a crash while writing leaves a manifest that does not parse,
    // and then the ledger was not yet appended, so the staged files are discarded.
    write_staged(&root.join(MANIFEST), &serde_json::to_vec(&manifest)?, Some(HIDDEN_MODE))?;
    // Everything staged reaches the disk before the commit point.
    sync_staged(&stage, &manifest, root)?;
    crash_point("staged");
    ledger.append(&id, txn.entries)?;
    crash_point("committed");
    apply(root, &stage, &manifest)?;
    // The renames reach the disk before the manifest says nothing is pending.
    sync_filesystem(root)?;
    clear_manifest(root)
}

/// Makes the staged files and the manifest durable: one `syncfs` where the system has
/// it (a step stages some fifty files, and one flush of the disk's cache is far cheaper
/// than fifty), else an fsync of each.
fn sync_staged(stage: &Path, manifest: &Manifest, root: &Path) -> Result<()> {
    if !durable() || sync_filesystem(root)? {
        return Ok(());
    }
    for f in &manifest.files {
        let path = stage.join(&f.staged);
        fs::File::open(&path)
            .and_then(|f| f.sync_all())
            .with_context(|| format!("syncing {}", path.display()))?;
    }
    let path = root.join(MANIFEST);
    fs::File::open(&path)
        .and_then(|f| f.sync_all())
        .with_context(|| format!("syncing {}", path.display()))?;
    Ok(())
}

/// Flushes the filesystem holding `dir` to disk (`syncfs`). `true` when that is done or
/// not wanted (writes are not durable); `false` where the system has no such call.
fn sync_filesystem(dir: &Path) -> Result<bool> {
    if !durable() {
        return Ok(true);
    }
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        let d = fs::File::open(dir).with_context(|| format!("opening {}", dir.display()))?;
        let device = d.metadata().with_context(|| format!("reading {}", dir.display()))?.dev();
        group_sync::sync(device, || {
            use std::os::fd::AsRawFd;
            // SAFETY: syncfs reads only the descriptor, which `d` keeps open for the call.
            if unsafe { libc::syncfs(d.as_raw_fd()) } != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
        .with_context(|| format!("syncing {}", dir.display()))?;
        Ok(true)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = dir;
        Ok(false)
    }
}

/// One `syncfs` for many waiting threads (a group commit). `tick --root` works on
/// several campaigns at once; each commit needs its files on the disk, and a `syncfs`
/// that starts after a thread's writes covers them, whoever called it. Without this,
/// eight threads calling `syncfs` side by side spent more time in the kernel than on
/// their steps.
#[cfg(target_os = "linux")]
mod group_sync {
    use std::collections::BTreeMap;
    use std::sync::{Condvar, Mutex};

    /// One filesystem's flushes: tickets handed out, the last ticket a finished flush
    /// covers, and whether a flush is under way.
    #[derive(Default)]
    struct Flushes {
        issued: u64,
        covered: u64,
        running: bool,
    }

    /// By filesystem (device number).
    static FLUSHES: Mutex<BTreeMap<u64, Flushes>> = Mutex::new(BTreeMap::new());
    static DONE: Condvar = Condvar::new();

    /// Returns once a flush of filesystem `device` that started after this call has
    /// finished; `flush` is run by whichever waiting thread finds none running.
    pub fn sync(device: u64, flush: impl FnOnce() -> std::io::Result<()>) -> std::io::Result<()> {
        let poisoned = |_| std::io::Error::other("a thread syncing the disk panicked");
        let mut guard = FLUSHES.lock().map_err(poisoned)?;
        let ticket = {
            let f = guard.entry(device).or_default();
            f.issued += 1;
            f.issued
        };
        loop {
            let f = guard.entry(device).or_default();
            if f.covered >= ticket {
                return Ok(());
            }
            if !f.running {
                // Every ticket handed out so far was handed out after its writes.
                f.running = true;
                let upto = f.issued;
                drop(guard);
                let result = flush();
                let mut again = FLUSHES.lock().map_err(poisoned)?;
                let f = again.entry(device).or_default();
                f.running = false;
                if result.is_ok() {
                    f.covered = f.covered.max(upto);
                }
                DONE.notify_all();
                return result;
            }
            guard = DONE.wait(guard).map_err(poisoned)?;
        }
    }
}

/// Writes a staged file in place (its name is new, and only the manifest makes it
/// count); [`sync_staged`] makes it durable.
fn write_staged(path: &Path, bytes: &[u8], mode: Option<u32>) -> Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode.unwrap_or(HIDDEN_MODE));
    #[cfg(not(unix))]
    let _ = mode;
    let mut file = options.open(path).with_context(|| format!("creating {}", path.display()))?;
    #[cfg(unix)]
    {
        // An existing file keeps its old mode through open(): set it.
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(fs::Permissions::from_mode(mode.unwrap_or(HIDDEN_MODE)))?;
    }
    file.write_all(bytes).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Marks that nothing is pending. Not synced: if a crash loses it, the next command
/// applies the transaction again, finding every staged file already moved.
fn clear_manifest(root: &Path) -> Result<()> {
    let path = root.join(MANIFEST);
    let file = fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    file.set_len(0)?;
    Ok(())
}

fn check_relative(path: &Path) -> Result<()> {
    if path.is_absolute() || path.components().any(|c| matches!(c, std::path::Component::ParentDir)) {
        return Err(Error::Refused(format!("refusing to write outside the campaign: {}", path.display())));
    }
    Ok(())
}

/// Moves the staged files of `manifest` into place (those a crash already moved are
/// skipped).
fn apply(root: &Path, stage: &Path, manifest: &Manifest) -> Result<()> {
    // A step moves some fifty files into a handful of folders: each folder is made once.
    let mut made = std::collections::HashSet::new();
    for (n, file) in manifest.files.iter().enumerate() {
        let from = stage.join(&file.staged);
        let to = root.join(&file.path);
        if let Some(dir) = to.parent()
            && !made.contains(dir)
        {
            create_dirs(dir)?;
            made.insert(dir.to_path_buf());
        }
        match fs::rename(&from, &to) {
            Ok(()) => {}
            // Moved before a crash (its folder exists: it was made just above).
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => {
                return Err(e).with_context(|| format!("moving {} into place", file.path.display()));
            }
        }
        if n == 0 {
            crash_point("applying");
        }
    }
    Ok(())
}

/// The transaction the manifest names, if one is staged.
fn staged_manifest(root: &Path) -> Option<Manifest> {
    fs::read(root.join(MANIFEST)).ok().and_then(|b| serde_json::from_slice(&b).ok())
}

/// Whether transaction `txn` is still staged (committed or not, but not yet applied).
pub fn is_staged(root: &Path, txn: &str) -> bool {
    staged_manifest(root).is_some_and(|m| m.txn == txn) || root.join("pending").join(txn).is_dir()
}

/// Removes the temporary files of [`write_atomic`] that a crash left, in the campaign's
/// directories it writes to outside a transaction (the campaign itself and `inbox/`).
/// The caller holds the campaign lock, so no write is in progress.
fn sweep_temporary_files(root: &Path) -> Result<()> {
    for dir in [root.to_path_buf(), root.join("inbox")] {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            if e.file_name().to_str().is_some_and(|n| n.starts_with(".tmp-")) {
                fs::remove_file(e.path()).with_context(|| format!("removing {}", e.path().display()))?;
            }
        }
    }
    Ok(())
}

/// Finishes committed transactions a crash interrupted and discards the rest.
/// Returns how many it finished and how many it discarded.
pub fn recover(root: &Path, ledger: &Ledger) -> Result<(usize, usize)> {
    sweep_temporary_files(root)?;
    let pending = root.join("pending");
    if !pending.is_dir() {
        return Ok((0, 0));
    }
    let (mut finished, mut discarded) = (0, 0);
    if let Some(m) = staged_manifest(root) {
        if ledger.has_txn(&m.txn) {
            apply(root, &pending, &m)?;
            finished += 1;
        } else {
            discarded += 1;
        }
        sync_filesystem(root)?;
        clear_manifest(root)?;
    }
    // Listed after the manifest's files are moved out: what is left was never committed.
    let dir = fs::read_dir(&pending).with_context(|| format!("listing {}", pending.display()))?;
    let mut names: Vec<PathBuf> = dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    names.sort();
    for stage in names {
        if !stage.is_dir() {
            // Staged by a transaction that never committed (or whose manifest was torn).
            fs::remove_file(&stage)?;
            continue;
        }
        // Earlier builds staged each transaction in its own directory.
        let manifest: Option<Manifest> =
            fs::read(stage.join("manifest.json")).ok().and_then(|b| serde_json::from_slice(&b).ok());
        match manifest {
            Some(m) if ledger.has_txn(&m.txn) => {
                apply(root, &stage, &m)?;
                fs::remove_dir_all(&stage).with_context(|| format!("removing {}", stage.display()))?;
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
