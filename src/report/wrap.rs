//! Plain text kept to a mail's width: 72 columns, the width mail readers and the old
//! email judges assume. A long line is broken between words; its continuation lines
//! hang three columns deeper than the line (deeper than the two or four columns the
//! templates nest by, so a reader, or a test, can tell them apart), or under a gap
//! that aligns a comment (`PLAY A01 AP        # Marsh Diseases ...`); a comment goes
//! on as comment lines (`# ...` under its `#`), so a copied example still parses.
//!
//! Some lines are left as they are: a table row (two or more gaps of three spaces, a
//! grid a system laid out itself), a word longer than the width (a hash is never
//! split), and everything between two rules of dashes (an acknowledgement's sealed
//! file, whose bytes are the receipt's).

/// The width of a plain-text mail.
pub const WIDTH: usize = 72;

/// `text` with every line longer than `width` characters broken between words, as the
/// module says. Lines already short enough come out as they went in, so wrapping
/// twice changes nothing.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut verbatim = false;
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        if is_rule(line) {
            verbatim = !verbatim;
            out.push_str(line);
            continue;
        }
        if verbatim || line.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        out.push_str(&wrap_line(line, width));
    }
    out
}

/// A line of twenty or more dashes and nothing else: the rules round a sealed file.
fn is_rule(line: &str) -> bool {
    line.len() >= 20 && line.bytes().all(|b| b == b'-')
}

/// The starts (in characters) of the gaps of three or more spaces after the indent.
fn gaps(chars: &[char]) -> Vec<(usize, usize)> {
    let indent = chars.iter().take_while(|c| **c == ' ').count();
    let mut out = Vec::new();
    let mut i = indent;
    while i < chars.len() {
        if chars[i] == ' ' {
            let start = i;
            while i < chars.len() && chars[i] == ' ' {
                i += 1;
            }
            if i - start >= 3 && i < chars.len() {
                out.push((start, i));
            }
        } else {
            i += 1;
        }
    }
    out
}

fn wrap_line(line: &str, width: usize) -> String {
    let chars: Vec<char> = line.chars().collect();
    let indent = chars.iter().take_while(|c| **c == ' ').count();
    let gaps = gaps(&chars);
    if gaps.len() >= 2 {
        return line.to_string();
    }
    // Where continuation lines start, and the first place the line may break (never
    // inside the indent, nor before an aligned comment's gap).
    // An orders line's comment (`# ...` at the start, or after a space) goes on as
    // comment lines (`# ...` under the `#`), so a copied example still parses.
    let comment = (indent..chars.len()).find(|&i| {
        chars[i] == '#' && (i == indent || chars[i - 1] == ' ') && chars.get(i + 1).is_none_or(|c| *c == ' ')
    });
    let (hang, first_break) = match (comment, gaps.first()) {
        (Some(at), _) if at + 20 <= width => (at, at + 1),
        (_, Some(&(_, end))) if end + 20 <= width => (end, end),
        _ => (indent + 3, indent),
    };
    let hang = if hang + 20 > width { indent.min(width / 4) } else { hang };
    let prefix: &[char] = if comment.is_some_and(|at| at == hang) { &['#', ' '] } else { &[] };
    let mut lines: Vec<String> = Vec::new();
    let mut rest: Vec<char> = chars;
    let mut lead = 0; // where the text of `rest` starts (its indent)
    let mut floor = first_break;
    loop {
        if rest.len() <= width {
            lines.push(rest.iter().collect());
            break;
        }
        // The last space at or before the width (the space itself may sit at `width`),
        // else the first after it: a long word stands alone.
        let spaces: Vec<usize> = (floor.max(lead) + 1..rest.len()).filter(|i| rest[*i] == ' ').collect();
        let at = spaces.iter().rev().find(|i| **i <= width).or_else(|| spaces.iter().find(|i| **i > width));
        let Some(&at) = at else {
            lines.push(rest.iter().collect());
            break;
        };
        let head: String = rest[..at].iter().collect();
        let mut tail_start = at;
        while tail_start < rest.len() && rest[tail_start] == ' ' {
            tail_start += 1;
        }
        lines.push(head.trim_end().to_string());
        if tail_start >= rest.len() {
            break;
        }
        let mut next: Vec<char> = vec![' '; hang];
        next.extend_from_slice(prefix);
        next.extend_from_slice(&rest[tail_start..]);
        rest = next;
        lead = hang + prefix.len();
        floor = lead;
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn a_long_sentence_hangs_under_its_indent() {
        let line = format!("  {}", "word ".repeat(40).trim_end());
        let out = wrap(&line, 72);
        assert!(widest(&out) <= 72, "{out}");
        assert!(out.lines().skip(1).all(|l| l.starts_with("     w")), "{out}");
        assert_eq!(out.replace('\n', " ").split_whitespace().count(), 40);
    }

    #[test]
    fn a_hash_moves_whole_to_the_next_line() {
        let hex = "0123456789abcdef".repeat(4);
        let out = wrap(&format!("  receipt austria: {hex}"), 72);
        assert_eq!(out, format!("  receipt austria:\n     {hex}"));
    }

    #[test]
    fn an_aligned_comment_hangs_under_itself() {
        let line =
            "PLAY A01 AP                    # Marsh Diseases helps the Insurgents: its AP only and more";
        let out = wrap(line, 72);
        assert!(widest(&out) <= 72, "{out}");
        let second = out.lines().nth(1).unwrap();
        assert_eq!(second.find(|c| c != ' '), line.find('#'), "{out}");
        assert!(second.trim_start().starts_with("# "), "a comment goes on as a comment: {out}");
        let whole = format!("  # {}", "note ".repeat(30).trim_end());
        let out = wrap(&whole, 72);
        assert!(out.lines().all(|l| l.starts_with("  # ") && l.chars().count() <= 72), "{out}");
        // A '#' inside prose (a die's number) is no comment.
        let prose = format!("  die hidden #0 d10 alice: {}", "word ".repeat(14).trim_end());
        assert!(!wrap(&prose, 72).lines().nth(1).unwrap().contains('#'));
    }

    #[test]
    fn a_gap_past_the_width_is_no_column() {
        let line = format!("{} (#   ^ ...) {}", "word ".repeat(24).trim_end(), "more ".repeat(8).trim_end());
        let out = wrap(&line, 72);
        assert!(widest(&out) <= 72, "{out}");
    }

    #[test]
    fn tables_sealed_files_and_short_lines_are_left_alone() {
        let row = format!("1  P RI8   B RI6   V   {}", "x ".repeat(40));
        assert_eq!(wrap(&row, 72), row);
        let sealed = format!("{}\n{}\n{}", "-".repeat(70), "y ".repeat(60), "-".repeat(70));
        assert_eq!(wrap(&sealed, 72), sealed);
        let short = "short line\n\n  another\n";
        assert_eq!(wrap(short, 72), short);
    }

    #[test]
    fn wrapping_twice_changes_nothing_and_keeps_unicode_whole() {
        let line = format!("  “Threats and Promises” {}", "é ".repeat(50));
        let once = wrap(&line, 72);
        assert_eq!(wrap(&once, 72), once);
        assert!(widest(&once) <= 72);
    }
}
