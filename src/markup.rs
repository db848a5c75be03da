//! Escaping text for XML and HTML: the reports, the pictures and the games' own
//! drawings all write names and titles into markup.

/// Escapes text for HTML or SVG, attribute values included (`&`, `<`, `>`, `"`).
/// One pass over the text (the pictures escape every name and title they write).
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    xml_into(&mut out, text);
    out
}

/// [`xml`] written onto `out`, for a writer that would only copy the escaped text.
pub fn xml_into(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(i) = rest.find(['&', '<', '>', '"']) {
        out.push_str(&rest[..i]);
        out.push_str(match rest.as_bytes().get(i) {
            Some(b'&') => "&amp;",
            Some(b'<') => "&lt;",
            Some(b'>') => "&gt;",
            _ => "&quot;",
        });
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
}
