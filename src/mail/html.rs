//! HTML mail to plain text, for players whose mail program sends HTML only.
//!
//! Orders are lines, so what matters is where lines break: `<br>` ends a line, block
//! elements (`<div>`, `<p>`, `<li>`, `<tr>`, headings...) start and end one, and inline
//! markup (`<b>`, `<span>`, `<a>`) disappears. Quoted replies (`<blockquote>`) come out
//! with `> ` in front of each line, so the envelope reader skips them as it skips quoted
//! lines in plain mail. Script, style, title and template contents and comments are
//! dropped; entities are decoded; non-breaking spaces become spaces; runs of
//! whitespace collapse to one space except inside `<pre>`.
//!
//! mail-parser has a converter of its own, but it only breaks lines at `<br>` and
//! `</p>`, which joins the one-order-per-`<div>` lines that webmail writes.

/// Elements that begin and end a line of text.
const BLOCKS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "center",
    "dd",
    "details",
    "dialog",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "html",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "summary",
    "table",
    "tbody",
    "tfoot",
    "thead",
    "tr",
    "ul",
];

/// Elements whose content is never text for the reader.
const HIDDEN: &[&str] = &["script", "style", "title", "template", "noscript"];

/// Converts an HTML document or fragment to plain text, one line per visual line.
pub fn html_to_text(html: &str) -> String {
    let mut out = Writer::default();
    let mut rest = html;
    while let Some(lt) = rest.find(['<', '&']) {
        out.text(&rest[..lt]);
        rest = &rest[lt..];
        if rest.starts_with('&') {
            rest = out.entity(rest);
            continue;
        }
        rest = tag(rest, &mut out);
    }
    out.text(rest);
    out.finish()
}

/// Reads one markup construct at the start of `input` (which starts with `<`), acts
/// on it and returns what follows it.
fn tag<'a>(input: &'a str, out: &mut Writer) -> &'a str {
    if let Some(after) = input.strip_prefix("<!--") {
        return after.find("-->").map_or("", |end| &after[end + 3..]);
    }
    let after_lt = &input[1..];
    if after_lt.starts_with(['!', '?']) {
        // Doctype, CDATA marker, processing instruction.
        return after_lt.find('>').map_or("", |end| &after_lt[end + 1..]);
    }
    let (closing, name_start) = match after_lt.strip_prefix('/') {
        Some(after_slash) => (true, after_slash),
        None => (false, after_lt),
    };
    let name_len = name_start.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(name_start.len());
    if name_len == 0 || !name_start.starts_with(|c: char| c.is_ascii_alphabetic()) {
        // A lone "<" in text, such as "a < b".
        out.text("<");
        return after_lt;
    }
    let name = name_start[..name_len].to_ascii_lowercase();
    let rest = skip_attributes(&name_start[name_len..]);

    if !closing && HIDDEN.contains(&name.as_str()) {
        return skip_hidden(rest, &name);
    }
    match name.as_str() {
        "br" => out.hard_break(),
        "blockquote" => {
            out.soft_break();
            nest(&mut out.quote_depth, closing);
        }
        "pre" => {
            out.soft_break();
            nest(&mut out.pre_depth, closing);
        }
        "td" | "th" if !closing => out.space(),
        _ if BLOCKS.contains(&name.as_str()) => out.soft_break(),
        _ => {}
    }
    rest
}

/// One level deeper on an opening tag, one shallower on a closing one; a stray closing
/// tag does not go below zero.
fn nest(depth: &mut usize, closing: bool) {
    *depth = if closing { depth.saturating_sub(1) } else { *depth + 1 };
}

/// Skips to just after the `>` that ends a tag, stepping over quoted attribute values
/// (which may contain `>`).
fn skip_attributes(input: &str) -> &str {
    let mut quote: Option<char> = None;
    for (i, c) in input.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return &input[i + 1..],
            (None, _) => {}
        }
    }
    ""
}

/// Skips the content of a hidden element up to and including its end tag. The search
/// does not copy the input, so a mail full of `<style>` elements stays linear.
fn skip_hidden<'a>(input: &'a str, name: &str) -> &'a str {
    let mut from = 0;
    while let Some(offset) = input[from..].find("</") {
        let at = from + offset + 2;
        let matches = input
            .as_bytes()
            .get(at..at + name.len())
            .is_some_and(|candidate| candidate.eq_ignore_ascii_case(name.as_bytes()));
        if matches {
            // The name is ASCII, so the byte after it starts a character.
            return skip_attributes(&input[at + name.len()..]);
        }
        from = at;
    }
    ""
}

/// Builds the text line by line.
#[derive(Default)]
struct Writer {
    lines: Vec<String>,
    current: String,
    /// A space is owed before the next visible character on this line.
    space_owed: bool,
    quote_depth: usize,
    pre_depth: usize,
}

impl Writer {
    fn text(&mut self, text: &str) {
        for c in text.chars() {
            if self.pre_depth > 0 {
                match c {
                    '\n' => self.hard_break(),
                    '\r' => {}
                    '\u{a0}' => self.push(' '),
                    c => self.push(c),
                }
            } else if c.is_whitespace() {
                self.space();
            } else {
                self.push(c);
            }
        }
    }

    /// Decodes the entity at the start of `input` (which starts with `&`) and returns
    /// what follows it. Text that is not an entity is kept as written.
    fn entity<'a>(&mut self, input: &'a str) -> &'a str {
        let body_len =
            input[1..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '#')).unwrap_or(input.len() - 1);
        let after = &input[1 + body_len..];
        match (after.strip_prefix(';'), decode_entity(&input[1..1 + body_len])) {
            (Some(rest), Some(c)) => {
                if c == '\u{a0}' || c.is_whitespace() {
                    self.text(" ");
                } else {
                    self.push(c);
                }
                rest
            }
            _ => {
                self.push('&');
                &input[1..]
            }
        }
    }

    fn space(&mut self) {
        if !self.current.is_empty() {
            self.space_owed = true;
        }
    }

    fn push(&mut self, c: char) {
        if self.current.is_empty() {
            for _ in 0..self.quote_depth {
                self.current.push_str("> ");
            }
        } else if self.space_owed {
            self.current.push(' ');
        }
        self.space_owed = false;
        self.current.push(c);
    }

    /// Ends the current line even if it is empty (`<br>`).
    fn hard_break(&mut self) {
        let line = std::mem::take(&mut self.current);
        self.lines.push(line.trim_end().to_string());
        self.space_owed = false;
    }

    /// Ends the current line if anything is on it (block boundaries).
    fn soft_break(&mut self) {
        if !self.current.is_empty() {
            self.hard_break();
        }
        self.space_owed = false;
    }

    fn finish(mut self) -> String {
        self.soft_break();
        while self.lines.last().is_some_and(|l| l.is_empty()) {
            self.lines.pop();
        }
        let first = self.lines.iter().position(|l| !l.is_empty()).unwrap_or(self.lines.len());
        let mut text = self.lines[first..].join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        text
    }
}

/// The character an entity name (between `&` and `;`) stands for: numeric references
/// here, named ones from mail-parser's full HTML entity table.
fn decode_entity(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse::<u32>().ok()?,
        };
        return Some(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    let token = format!("&{name};");
    let mut decoded = String::new();
    mail_parser::decoders::html::add_html_token(&mut decoded, token.as_bytes(), false);
    let mut chars = decoded.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webmail_divs_are_lines() {
        let html = "<html><head><title>x</title><style>p{color:red}</style></head><body>\
            <div dir=\"ltr\">GAME  spring</div><div>PLAYER&nbsp;England</div>\
            <div><br></div><div>F LON-NTH<br>A LVP&#45;YOR</div>\
            <div>END</div><script>alert('<div>')</script></body></html>";
        assert_eq!(html_to_text(html), "GAME spring\nPLAYER England\n\nF LON-NTH\nA LVP-YOR\nEND\n");
    }

    #[test]
    fn quotes_entities_and_pre() {
        let html = "<p>Caf&eacute; &amp; co &lt;3 &bogus; a&b</p>\
            <blockquote type=\"cite\"><div>old line</div><p>more</p></blockquote>\
            <pre>  two  spaces\nnext</pre><!-- <div>hidden</div> -->tail";
        assert_eq!(
            html_to_text(html),
            "Café & co <3 &bogus; a&b\n> old line\n> more\n  two  spaces\nnext\ntail\n"
        );
    }

    #[test]
    fn outlook_markup() {
        let html = "<!--[if gte mso 9]><xml><o:shapedefaults/></xml><![endif]-->\
            <STYLE>p {}</Style><p class=MsoNormal>GAME x<o:p></o:p></p>\
            <p class=MsoNormal><![if !supportLists]>A PAR-BUR<![endif]><o:p>&nbsp;</o:p></p>\
            <SCRIPT>x</SCRIPT >END";
        assert_eq!(html_to_text(html), "GAME x\nA PAR-BUR\nEND\n");
        assert_eq!(html_to_text("<style>never closed"), "");
        assert_eq!(html_to_text(""), "");
    }

    #[test]
    fn attributes_with_angle_brackets() {
        assert_eq!(html_to_text("<a title=\"a > b\" href='x'>link</a> <b>bold</b>"), "link bold\n");
        assert_eq!(html_to_text("1 < 2 <"), "1 < 2 <\n");
    }
}
