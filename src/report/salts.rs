//! The salts block of a report mail: the report's reader gets, below the report, the salt
//! of each of their report files, so they can check their copy against the salted
//! commitment in the published ledger (`umpire check-report`). Writing and reading the
//! block live here together, so the two cannot drift apart.

/// The line that opens the block.
pub const MARKER: &str = "-- report commitments --";

/// `report`, then a blank line, the block's marker, a short explanation, and one
/// `path hex(salt)` line per file.
pub fn append(mut report: String, salts: &[(String, String)]) -> String {
    if salts.is_empty() {
        return report;
    }
    if !report.ends_with('\n') {
        report.push('\n');
    }
    report.push('\n');
    report.push_str(MARKER);
    report.push('\n');
    report.push_str(
        "The published ledger commits to this report salted, so nobody else can\n\
         test guesses of it. Your salts (keep this mail): check with\n\
         umpire check-report PUBLISHED_DIR --mail THIS_MAIL.eml\n",
    );
    for (path, salt) in salts {
        report.push_str(&format!("{path} {salt}\n"));
    }
    report
}

/// A report file's path and its salt, as the block lists them.
pub type Salt = (String, [u8; 16]);

/// Splits a mail text (line ends already `\n`) into the report above the block and the
/// block's `(path, salt)` lines; `None` when the text has no block.
pub fn split(text: &str) -> Option<(&str, Vec<Salt>)> {
    let marker = format!("\n\n{MARKER}\n");
    let at = text.rfind(&marker)?;
    let salts = text[at + marker.len()..]
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let (Some(path), Some(salt), None) = (words.next(), words.next(), words.next()) else {
                return None;
            };
            let salt = ::hex::decode(salt).ok().and_then(|b| <[u8; 16]>::try_from(b).ok())?;
            Some((path.to_string(), salt))
        })
        .collect();
    Some((&text[..at + 1], salts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_gives_back_what_append_wrote() {
        let salts =
            vec![("reports/3/france.txt".to_string(), "00112233445566778899aabbccddeeff".to_string())];
        let mail = append("Report line\n".into(), &salts);
        let (report, read) = split(&mail).unwrap();
        assert_eq!(report, "Report line\n");
        assert_eq!(
            read,
            vec![("reports/3/france.txt".to_string(), hex_16("00112233445566778899aabbccddeeff"))]
        );
        assert_eq!(append("x\n".into(), &[]), "x\n");
        assert!(split("no block here\n").is_none());
    }

    fn hex_16(s: &str) -> [u8; 16] {
        ::hex::decode(s).unwrap().try_into().unwrap()
    }
}
