//! What a campaign keeps of the mail it sent: `sent/mail.pack`, each mail as queued
//! (its board picture still a stand-in, drawn again when it is sent again),
//! compressed one after another, and `sent/index.jsonl`, a line per mail with its name,
//! where its bytes lie in the pack and their SHA-256.
//!
//! One file per sent mail cost a disk block each (most mails are a few kilobytes, and
//! a game sends thousands); the pack keeps the same bytes, a fifth of the size, in two
//! files. A mail's bytes can be had again with `umpire sent DIR NAME`, and checked
//! against the hash beside them.
//!
//! Writes append only: the mail's bytes first, then its index line. A crash between
//! the two leaves bytes no line points at, which nothing reads; a line is only ever
//! written after the bytes it names. Campaigns sent from before the pack keep their
//! `sent/<name>` files, which are read as before.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Context, Error, Result};

const PACK: &str = "mail.pack";
const INDEX: &str = "index.jsonl";

/// One sent mail's line in `sent/index.jsonl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The outbox file name (`0003-report-france.eml`).
    pub name: String,
    /// Where its compressed bytes start in `mail.pack`, and how many there are.
    pub offset: u64,
    pub packed: u64,
    /// The mail's own length and SHA-256 (hex), as queued.
    pub bytes: u64,
    pub sha256: String,
}

/// A campaign's `sent/` folder.
pub struct Sent {
    dir: PathBuf,
    entries: BTreeMap<String, Entry>,
}

impl Sent {
    /// Reads `sent/index.jsonl` (none yet is an empty record). A torn last line, from
    /// a crash while it was written, is ignored: its mail is sent again.
    pub fn open(dir: &Path) -> Result<Sent> {
        let mut entries = BTreeMap::new();
        match fs::read_to_string(dir.join(INDEX)) {
            Ok(text) => {
                for line in text.lines() {
                    if let Ok(entry) = serde_json::from_str::<Entry>(line) {
                        entries.insert(entry.name.clone(), entry);
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(Error::Io { path: dir.join(INDEX), cause: e }),
        }
        Ok(Sent { dir: dir.to_path_buf(), entries })
    }

    /// The SHA-256 of the mail sent under `name`, if one was (packed or, from earlier
    /// builds, a file of its own).
    pub fn hash_of(&self, name: &str) -> Result<Option<String>> {
        if let Some(e) = self.entries.get(name) {
            return Ok(Some(e.sha256.clone()));
        }
        match fs::read(self.dir.join(name)) {
            Ok(bytes) => Ok(Some(sha256(&bytes))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::Io { path: self.dir.join(name), cause: e }),
        }
    }

    /// Every mail sent, by name, in name order.
    pub fn names(&self) -> Result<Vec<String>> {
        let mut names: Vec<String> = self.entries.keys().cloned().collect();
        if let Ok(dir) = fs::read_dir(&self.dir) {
            for entry in dir.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.ends_with(".eml") {
                    names.push(name);
                }
            }
        }
        names.sort();
        names.dedup();
        Ok(names)
    }

    /// The bytes of the mail sent under `name`, checked against their hash.
    pub fn read(&self, name: &str) -> Result<Option<Vec<u8>>> {
        let Some(entry) = self.entries.get(name) else {
            return match fs::read(self.dir.join(name)) {
                Ok(bytes) => Ok(Some(bytes)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(Error::Io { path: self.dir.join(name), cause: e }),
            };
        };
        let path = self.dir.join(PACK);
        let mut file = File::open(&path).with_context(|| format!("opening {}", path.display()))?;
        file.seek(SeekFrom::Start(entry.offset)).with_context(|| format!("reading {}", path.display()))?;
        let mut packed = Vec::new();
        file.take(entry.packed)
            .read_to_end(&mut packed)
            .with_context(|| format!("reading {}", path.display()))?;
        let mut bytes = Vec::with_capacity(entry.bytes as usize);
        flate2::read::DeflateDecoder::new(packed.as_slice())
            .read_to_end(&mut bytes)
            .with_context(|| format!("{}: the bytes of {name} do not inflate", path.display()))?;
        if sha256(&bytes) != entry.sha256 {
            return Err(Error::Campaign(format!(
                "{}: the bytes kept for {name} are not the ones sent (their SHA-256 differs)",
                path.display()
            )));
        }
        Ok(Some(bytes))
    }

    /// Keeps `bytes` as the mail sent under `name`.
    pub fn add(&mut self, name: &str, bytes: &[u8]) -> Result<()> {
        crate::disk::create_dirs(&self.dir).map_err(|e| Error::Campaign(e.to_string()))?;
        let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(bytes).and_then(|()| encoder.flush()).context("compressing a sent mail")?;
        let packed = encoder.finish().context("compressing a sent mail")?;
        let pack = self.dir.join(PACK);
        let mut file = append(&pack)?;
        let offset = file.seek(SeekFrom::End(0)).with_context(|| format!("writing {}", pack.display()))?;
        file.write_all(&packed).with_context(|| format!("writing {}", pack.display()))?;
        sync(&file, &pack)?;
        let entry = Entry {
            name: name.to_string(),
            offset,
            packed: packed.len() as u64,
            bytes: bytes.len() as u64,
            sha256: sha256(bytes),
        };
        let index = self.dir.join(INDEX);
        let mut line = serde_json::to_string(&entry).context("writing a sent mail's index line")?;
        line.push('\n');
        // A torn last line (a crash while it was written) is ended first, so that
        // this line stands on its own.
        if fs::read(&index).is_ok_and(|b| b.last().is_some_and(|c| *c != b'\n')) {
            line.insert(0, '\n');
        }
        let mut file = append(&index)?;
        file.write_all(line.as_bytes()).with_context(|| format!("writing {}", index.display()))?;
        sync(&file, &index)?;
        self.entries.insert(entry.name.clone(), entry);
        Ok(())
    }
}

fn append(path: &Path) -> Result<File> {
    let mut options = OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, crate::disk::HIDDEN_MODE);
    options.open(path).with_context(|| format!("opening {}", path.display()))
}

fn sync(file: &File, path: &Path) -> Result<()> {
    if crate::disk::durable() {
        file.sync_data().with_context(|| format!("syncing {}", path.display()))?;
    }
    Ok(())
}

fn sha256(bytes: &[u8]) -> String {
    crate::trust::hex(&crate::trust::h(&[bytes]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packed_mail_reads_back_as_sent_and_a_torn_line_is_ignored() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("sent");
        let mut sent = Sent::open(&dir).unwrap();
        sent.add("0001-ack-1.eml", b"Subject: one\r\n\r\nfirst\r\n").unwrap();
        let long = b"Subject: two\r\n\r\nsecond\r\n".repeat(50);
        sent.add("0002-report-a.eml", &long).unwrap();
        // A crash while the next line was written.
        let mut f = append(&dir.join(INDEX)).unwrap();
        f.write_all(b"{\"name\":\"0003-").unwrap();
        let mut sent = Sent::open(&dir).unwrap();
        sent.add("0004-ack-2.eml", b"after the crash").unwrap();
        let sent = Sent::open(&dir).unwrap();
        assert_eq!(sent.read("0004-ack-2.eml").unwrap().unwrap(), b"after the crash");
        assert_eq!(sent.read("0001-ack-1.eml").unwrap().unwrap(), b"Subject: one\r\n\r\nfirst\r\n");
        assert_eq!(sent.read("0002-report-a.eml").unwrap().unwrap(), long);
        assert_eq!(sent.read("0003-x.eml").unwrap(), None);
        assert_eq!(sent.names().unwrap(), vec!["0001-ack-1.eml", "0002-report-a.eml", "0004-ack-2.eml"]);
        // Bytes changed in the pack are refused, not passed off as the mail sent.
        let pack = dir.join(PACK);
        let mut bytes = fs::read(&pack).unwrap();
        let at = sent.entries["0002-report-a.eml"].offset as usize + 4;
        bytes[at] ^= 0xff;
        fs::write(&pack, bytes).unwrap();
        assert!(Sent::open(&dir).unwrap().read("0002-report-a.eml").is_err());
    }
}
