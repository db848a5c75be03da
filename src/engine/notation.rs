//! The canonical form of an orders line, for systems that keep and echo lines as text:
//! the comment after `#` dropped, upper case, single spaces. The echo reads back to
//! itself.

/// A line in canonical form.
pub fn canonical(text: &str) -> String {
    let code = text.split('#').next().unwrap_or("");
    code.split_whitespace().map(|w| w.to_ascii_uppercase()).collect::<Vec<_>>().join(" ")
}
