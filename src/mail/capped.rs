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

/// Reads `r` to its end, keeping everything if it is at most `limit` bytes, and
/// otherwise the marked beginning. Memory stays within `limit` plus a buffer.
pub fn read_capped(mut r: impl Read, limit: u64) -> std::io::Result<Vec<u8>> {
    let mut kept = Vec::new();
    (&mut r).take(limit.saturating_add(1)).read_to_end(&mut kept)?;
    if kept.len() as u64 <= limit {
        return Ok(kept);
    }
    let mut total = kept.len() as u64;
    let mut buf = [0u8; 64 * 1024];
    loop {
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
}
