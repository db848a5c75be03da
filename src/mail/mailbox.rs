//! Mail that arrives in bulk: an mbox file or a maildir, as a GM's mail program or
//! `fetchmail`/`getmail` leave them.

use std::fs;
use std::path::{Path, PathBuf};

use crate::error::{Context, Error};

/// Splits an mbox file into its messages, without the `From ` separator lines.
///
/// A line starting with `From ` separates messages when it is the first line of the
/// file or looks like a postmark: `From <sender> <date>` with a time `hh:mm:ss`, as
/// every mbox writer stamps it. Requiring the postmark keeps an unescaped "From the
/// north..." in a body (the mboxo ambiguity) from splitting a message, and still finds
/// separators that a careless writer did not put after a blank line. The blank line
/// that precedes a separator belongs to the mbox, not to the message, and is removed. Lines escaped as `>From `, `>>From `... lose one
/// `>`: this is the mboxrd rule, and it also undoes the mboxo escape. Line endings
/// (LF or CRLF) are kept as they are.
pub fn split_mbox(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut messages = Vec::new();
    let mut current: Option<Vec<u8>> = None;
    for (index, line) in lines(bytes).enumerate() {
        let content = strip_line_ending(line);
        if content.starts_with(b"From ") && (index == 0 || looks_like_postmark(content)) {
            if let Some(done) = current.take() {
                messages.push(without_final_blank_line(done));
            }
            current = Some(Vec::new());
            continue;
        }
        let Some(message) = current.as_mut() else {
            // Text before the first separator is not a message.
            continue;
        };
        match unescape_from(line) {
            Some(unescaped) => message.extend_from_slice(unescaped),
            None => message.extend_from_slice(line),
        }
    }
    if let Some(done) = current {
        messages.push(without_final_blank_line(done));
    }
    messages.retain(|m| !m.iter().all(u8::is_ascii_whitespace));
    messages
}

/// The lines of `bytes`, each with its line ending.
fn lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    bytes.split_inclusive(|b| *b == b'\n')
}

fn strip_line_ending(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// `From sender Sat Jan  3 01:05:34 1996`: a sender word, then a time with seconds.
fn looks_like_postmark(line: &[u8]) -> bool {
    let rest = line.get(5..).unwrap_or_default();
    let mut words = rest.split(|b| *b == b' ').filter(|w| !w.is_empty());
    let sender = words.next();
    let has_time = words.any(|w| {
        w.len() == 8
            && w.iter().enumerate().all(
                |(i, b)| {
                    if i == 2 || i == 5 { *b == b':' } else { b.is_ascii_digit() }
                },
            )
    });
    sender.is_some_and(|s| !s.contains(&b':')) && has_time
}

/// `>From ` with one or more `>`: the line without its first `>`.
fn unescape_from(line: &[u8]) -> Option<&[u8]> {
    let arrows = line.iter().take_while(|b| **b == b'>').count();
    if arrows > 0 && line[arrows..].starts_with(b"From ") { Some(&line[1..]) } else { None }
}

fn without_final_blank_line(mut message: Vec<u8>) -> Vec<u8> {
    if message.ends_with(b"\r\n\r\n") {
        message.truncate(message.len() - 2);
    } else if message.ends_with(b"\n\n") {
        message.truncate(message.len() - 1);
    }
    message
}

/// Reads every message waiting in a maildir's `new/` (not `cur/`, which holds what was
/// already read, nor `tmp/`, where messages are still being written), sorted by file
/// name, which maildir writers begin with the time of delivery. Hidden files are
/// skipped. It is an error if the folder has neither `new/` nor `cur/`. Once a message
/// is handled, [`mark_seen`] moves it to `cur/`, so the next run does not read it again.
pub fn read_maildir(dir: &Path, limit: u64) -> crate::error::Result<Vec<(PathBuf, Vec<u8>)>> {
    let mut files: Vec<(std::ffi::OsString, PathBuf)> = Vec::new();
    let mut found_any = dir.join("cur").is_dir();
    for sub in ["new"] {
        let folder = dir.join(sub);
        if !folder.is_dir() {
            continue;
        }
        found_any = true;
        let entries = fs::read_dir(&folder).with_context(|| format!("cannot list {}", folder.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot list {}", folder.display()))?;
            let name = entry.file_name();
            if name.to_string_lossy().starts_with('.') {
                continue;
            }
            let path = entry.path();
            if path.is_file() {
                files.push((name, path));
            }
        }
    }
    if !found_any {
        return Err(Error::Mail(format!("{} is not a maildir: it has neither new/ nor cur/", dir.display())));
    }
    files.sort();
    files
        .into_iter()
        .map(|(_, path)| {
            let file = fs::File::open(&path).with_context(|| format!("cannot read {}", path.display()))?;
            let bytes = super::capped::read_capped(file, limit)
                .with_context(|| format!("cannot read {}", path.display()))?;
            Ok((path, bytes))
        })
        .collect()
}

/// Moves a message read from `new/` to `cur/` with the Seen flag (`:2,S`), as a mail
/// reader does, once it has been handled.
pub fn mark_seen(message: &Path) -> crate::error::Result<()> {
    let (Some(name), Some(new)) = (message.file_name(), message.parent()) else {
        return Err(Error::Mail(format!("{} is not a maildir message", message.display())));
    };
    let Some(maildir) = new.parent().filter(|_| new.file_name().is_some_and(|n| n == "new")) else {
        return Ok(()); // not in new/: nothing to move
    };
    let mut seen = name.to_os_string();
    seen.push(":2,S");
    let target = maildir.join("cur").join(seen);
    fs::create_dir_all(maildir.join("cur")).with_context(|| format!("creating {}/cur", maildir.display()))?;
    fs::rename(message, &target)
        .with_context(|| format!("moving {} to {}", message.display(), target.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postmarks() {
        assert!(looks_like_postmark(b"From gm@example.org Sat Jan  3 01:05:34 1996"));
        assert!(looks_like_postmark(b"From MAILER-DAEMON Mon Mar 3 10:00:00 2025"));
        assert!(!looks_like_postmark(b"From the north we attack at 10:30"));
        assert!(!looks_like_postmark(b"From "));
        assert!(!looks_like_postmark(b"From here"));
    }

    #[test]
    fn unescapes_one_level() {
        assert_eq!(unescape_from(b">From x\n"), Some(&b"From x\n"[..]));
        assert_eq!(unescape_from(b">>From x\n"), Some(&b">From x\n"[..]));
        assert_eq!(unescape_from(b"> From x\n"), None);
    }
}
