//! Reading a mail no larger than the campaign takes. A mail over the limit is read
//! through to its end (so a mail server piping it in never sees a broken pipe) but
//! only its beginning is kept: enough for the headers the refusal is addressed from.
//! What is kept starts with an `X-Umpire-Oversize` line giving the size, which
//! ingest reads as "refuse: too large" however the kept part reads.

use std::io::Read;

/// The header line that marks a kept beginning of an oversized mail.
pub const OVERSIZE_HEADER: &str = "X-Umpire-Oversize: ";

/// How much of an oversized mail is kept (its headers, and a little more).
pub const KEEP: usize = 64 * 1024;

/// The most an oversized input is read through before reading stops: a mail server
/// sees no broken pipe for any real mail, and an endless input (`< /dev/zero`) ends.
pub const READ_THROUGH_MAX: u64 = 1 << 30;

/// How long `ingest --stdin` waits for its input to end, unless `UMPIRE_STDIN_SECONDS`
/// says otherwise: a stalled sender must not keep a process waiting for ever.
pub const STDIN_SECONDS: u64 = 300;

/// Reads `r` to its end, keeping everything if it is at most `limit` bytes, and
/// otherwise the marked beginning. Memory stays within `limit` plus a buffer.
pub fn read_capped(r: impl Read, limit: u64) -> std::io::Result<Vec<u8>> {
    read_capped_upto(r, limit, READ_THROUGH_MAX)
}

/// Standard input as [`read_capped`] reads it, given up after `seconds`: the reading
/// runs on a thread of its own, and an input that has not ended in time is an error
/// (`TimedOut`), the thread left to end with the process.
pub fn read_stdin_capped(limit: u64, seconds: u64) -> std::io::Result<Vec<u8>> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(read_capped(std::io::stdin().lock(), limit));
    });
    match rx.recv_timeout(std::time::Duration::from_secs(seconds)) {
        Ok(result) => result,
        Err(_) => Err(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            format!("standard input did not end within {seconds} s"),
        )),
    }
}

/// [`read_capped`] with the read-through bound given.
fn read_capped_upto(mut r: impl Read, limit: u64, through: u64) -> std::io::Result<Vec<u8>> {
    let mut kept = Vec::new();
    (&mut r).take(limit.saturating_add(1)).read_to_end(&mut kept)?;
    if kept.len() as u64 <= limit {
        return Ok(kept);
    }
    let mut total = kept.len() as u64;
    let mut buf = [0u8; 64 * 1024];
    while total < through {
        match r.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => total += n as u64,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    kept.truncate(KEEP);
    let mut out = format!("{OVERSIZE_HEADER}{total}\r\n").into_bytes();
    out.extend_from_slice(&kept);
    Ok(out)
}

/// The size an oversized mail had, if `raw` is the kept beginning of one.
pub fn oversize(raw: &[u8]) -> Option<u64> {
    let rest = raw.strip_prefix(OVERSIZE_HEADER.as_bytes())?;
    let end = rest.iter().position(|b| !b.is_ascii_digit())?;
    std::str::from_utf8(&rest[..end]).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_mail_is_kept_whole_and_large_is_cut_and_marked() {
        let small = vec![b'a'; 100];
        assert_eq!(read_capped(&small[..], 100).unwrap(), small);
        let large = vec![b'b'; 300_000];
        let kept = read_capped(&large[..], 1000).unwrap();
        assert_eq!(oversize(&kept), Some(300_000));
        assert!(kept.len() <= KEEP + 40);
        assert_eq!(oversize(b"From: x\r\n"), None);
    }

    #[test]
    fn an_endless_input_is_read_through_no_further_than_the_bound() {
        let endless = std::io::repeat(b'z');
        let kept = read_capped_upto(endless, 1000, 5_000_000).unwrap();
        let size = oversize(&kept).unwrap();
        assert!((5_000_000..5_000_000 + 70_000).contains(&size), "{size}");
    }
}
