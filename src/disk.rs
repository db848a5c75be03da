//! Files written whole or not at all, with the modes umpire gives them and the
//! switch that says whether a write waits for the disk. The campaign's transactions,
//! the sent-mail record and every `-o FILE` write through here.

use std::fs;
use std::io::Write;
use std::path::Path;

use crate::error::{Context, Result};

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

/// Every write makes a new regular file in place of the old one (a rename): a path
/// that holds something else (a device, a FIFO, a directory, a link) is refused, or
/// `-o /dev/full` run as root would replace the device with the file.
fn refuse_unless_regular(path: &Path) -> Result<()> {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(());
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(());
    }
    let what = if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file (a device, a FIFO or a socket)"
    };
    Err(crate::error::Error::Campaign(format!(
        "{} is {what}: umpire writes only regular files, and leaves this one as it is",
        path.display()
    )))
}

/// As [`write_atomic`], with Unix permissions (default 0600).
pub fn write_atomic_mode(path: &Path, bytes: &[u8], mode: Option<u32>) -> Result<()> {
    refuse_unless_regular(path)?;
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
