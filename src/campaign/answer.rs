//! What an answer to a mail may quote, and how long it may grow. A player's line comes
//! back at most 120 characters long with its control characters shown escaped, and no
//! answer grows past 16 KiB whatever was sent: a mail of a million bad lines is answered
//! with the first of them and a count of the rest, not with a million reasons.

use serde_json::Value;

/// The most characters of a player's line an answer quotes.
pub const QUOTE_CHARS: usize = 120;

/// The most characters of a reason (which may itself quote the player).
pub const REASON_CHARS: usize = 400;

/// The most bytes of an answer's text, and of its HTML.
pub const MAX_ANSWER_BYTES: usize = 16 * 1024;

/// `text` with control characters escaped (`\t`, `\r`, `\u{1b}`) and cut to `max`
/// characters, an ellipsis saying where it was cut.
pub fn quote(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for c in text.chars() {
        let piece = match c {
            '\t' => "\\t".to_string(),
            '\r' => "\\r".to_string(),
            '\n' => "\\n".to_string(),
            c if c.is_control() => format!("\\u{{{:x}}}", c as u32),
            c => c.to_string(),
        };
        let width = piece.chars().count();
        if shown + width > max {
            out.push('…');
            return out;
        }
        shown += width;
        out.push_str(&piece);
    }
    out
}

/// The lists an answer's context may carry, longest first to be cut: what a player
/// sent can make each of them long.
const LISTS: &[&str] = &["errors", "echo", "press"];

/// Renders an answer with `render` and, while either rendering is longer than
/// [`MAX_ANSWER_BYTES`], cuts the longest list of `ctx` (keeping its first half) or
/// drops the sealed file, saying on the answer what was left out (`omitted`). Returns
/// the text and the HTML.
pub fn fit(
    ctx: &mut Value,
    mut render: impl FnMut(&Value) -> crate::error::Result<(String, String)>,
) -> crate::error::Result<(String, String)> {
    let mut left_out: Vec<String> = Vec::new();
    loop {
        let (text, html) = render(ctx)?;
        if text.len() <= MAX_ANSWER_BYTES && html.len() <= MAX_ANSWER_BYTES {
            return Ok((text, html));
        }
        let longest = LISTS
            .iter()
            .filter_map(|k| ctx.get(*k).and_then(Value::as_array).map(|a| (*k, a.len())))
            .filter(|(_, n)| *n > 1)
            .max_by_key(|(_, n)| *n);
        if let Some((key, n)) = longest {
            let keep = n / 2;
            if let Some(list) = ctx.get_mut(key).and_then(Value::as_array_mut) {
                list.truncate(keep);
            }
            let counted = ctx.get(format!("{key}_total")).and_then(Value::as_u64).unwrap_or(n as u64);
            ctx[format!("{key}_total")] = counted.into();
            left_out.retain(|l| !l.starts_with(&format!("{key}:")));
            left_out.push(format!("{key}: {keep} of {counted} shown"));
        } else if ctx.get("sealed").and_then(Value::as_str).is_some_and(|s| !s.is_empty()) {
            let bytes = ctx["sealed"].as_str().map_or(0, str::len);
            ctx["sealed"] = Value::String(format!(
                "(the sealed file is {bytes} bytes, too long to show: it is the orders text of your mail with the secret replaced by [secret])"
            ));
            left_out.push("the sealed file".into());
        } else {
            // Nothing left to cut: whatever remains is the template's own text.
            return Ok((cut_bytes(&text), cut_bytes(&html)));
        }
        ctx["omitted"] = Value::String(format!(
            "This answer is kept under {} KiB; left out: {}.",
            MAX_ANSWER_BYTES / 1024,
            left_out.join("; ")
        ));
    }
}

/// The first [`MAX_ANSWER_BYTES`] of `s`, cut at a character boundary.
fn cut_bytes(s: &str) -> String {
    let mut end = s.len().min(MAX_ANSWER_BYTES);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_escape_control_characters_and_stop_at_the_limit() {
        assert_eq!(quote("MOVE\tA1\u{1b}[31m", 120), "MOVE\\tA1\\u{1b}[31m");
        let long = "x".repeat(500);
        let q = quote(&long, QUOTE_CHARS);
        assert_eq!(q.chars().count(), QUOTE_CHARS + 1);
        assert!(q.ends_with('…'));
        assert_eq!(quote("short", 120), "short");
    }

    #[test]
    fn a_long_answer_is_cut_to_fit_and_says_so() {
        let mut ctx = serde_json::json!({
            "errors": (0..5000).map(|i| serde_json::json!({"line": i, "text": "bad line", "reason": "no"})).collect::<Vec<_>>(),
        });
        let (text, html) = fit(&mut ctx, |c| {
            let mut s = String::new();
            for e in c["errors"].as_array().into_iter().flatten() {
                s.push_str(&format!("line {}: {}\n", e["line"], e["reason"]));
            }
            if let Some(o) = c.get("omitted").and_then(Value::as_str) {
                s.push_str(o);
            }
            Ok((s.clone(), s))
        })
        .unwrap();
        assert!(text.len() <= MAX_ANSWER_BYTES && html.len() <= MAX_ANSWER_BYTES);
        assert!(text.contains("left out: errors:"), "{}", &text[text.len() - 200..]);
        assert!(text.contains("of 5000 shown"));
        assert!(text.starts_with("line 0:"));
    }
}
