//! The board picture a report mail carries, drawn when the mail is sent rather than
//! when the step resolves.
//!
//! A step's reports keep the board as SVG (the picture of record). Drawing a PNG of it
//! for every report mail at resolution cost about 40 % of a Diplomacy step, and kept a
//! second copy of the board in every mail of the outbox and of `sent/` (about 150 KB
//! a mail, 200 MB a game). So a queued mail carries a small stand-in part instead: MIME
//! type [`STAND_IN`], the PNG's file name, and as its body the SVG's path inside the
//! campaign. `send` draws each such SVG once per run and puts the PNG in the stand-in's
//! place on the wire; the outbox and `sent/` keep the mail with its stand-in, which is
//! all that is needed to send it again.

use std::collections::BTreeMap;
use std::path::{Component, Path};

use base64::Engine as _;

/// The MIME type of the stand-in part.
pub const STAND_IN: &str = "text/x-umpire-picture";

/// The stand-in attachment for the PNG of `svg_path` (relative to the campaign),
/// as `(file name, MIME type, body)` for [`super::Outgoing`].
pub fn stand_in(png_name: &str, svg_path: &str) -> (String, String, Vec<u8>) {
    (png_name.to_string(), STAND_IN.to_string(), svg_path.as_bytes().to_vec())
}

/// PNGs drawn in one `send` run, by SVG path: a board shared by many readers is drawn
/// once. `None` marks a picture that could not be drawn.
pub struct Drawn<'a> {
    pngs: BTreeMap<String, Option<String>>,
    /// Reads a campaign file by its path inside the campaign; the campaign renders a
    /// pruned step's picture again and checks it (`campaign::derived`).
    read: &'a mut dyn FnMut(&str) -> Option<Vec<u8>>,
}

impl<'a> Drawn<'a> {
    /// Pictures drawn from the SVGs `read` gives.
    pub fn new(read: &'a mut dyn FnMut(&str) -> Option<Vec<u8>>) -> Self {
        Drawn { pngs: BTreeMap::new(), read }
    }

    /// The base64 PNG of the campaign's `svg_path`, drawn on first use.
    fn base64(&mut self, svg_path: &str) -> Option<String> {
        self.pngs
            .entry(svg_path.to_string())
            .or_insert_with(|| {
                let relative = Path::new(svg_path);
                let inside = relative.components().all(|c| matches!(c, Component::Normal(_)))
                    && svg_path.ends_with(".svg")
                    && svg_path.starts_with("reports/");
                if !inside {
                    return None;
                }
                let svg = String::from_utf8((self.read)(svg_path)?).ok()?;
                let png = crate::maps::png::png(&svg, 1.0).ok()?;
                Some(base64::engine::general_purpose::STANDARD.encode(png))
            })
            .clone()
    }
}

/// The mail as it goes on the wire: each stand-in part replaced by the PNG drawn from
/// the SVG it names, read through `drawn`. A mail without stand-ins comes
/// back unchanged. A picture that cannot be drawn (its SVG removed by the GM, say)
/// leaves its stand-in, a few bytes of text, so that the mail still goes.
pub fn fill(bytes: &[u8], drawn: &mut Drawn) -> Vec<u8> {
    let marker = format!("Content-Type: {STAND_IN}");
    let Ok(text) = std::str::from_utf8(bytes) else { return bytes.to_vec() };
    if !text.contains(&marker) {
        return bytes.to_vec();
    }
    let lines: Vec<&str> = text.split("\r\n").collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines.get(i).copied().unwrap_or_default();
        // A part starts after a boundary line; its headers run to the first blank line.
        if line.starts_with("--") {
            out.push(line.to_string());
            i += 1;
            let start = i;
            let end = (start..lines.len()).find(|&k| lines.get(k).is_some_and(|l| l.is_empty()));
            let Some(end) = end else { continue };
            let headers = lines.get(start..end).unwrap_or_default();
            if !headers.iter().any(|h| h.eq_ignore_ascii_case(&marker)) {
                continue;
            }
            // The body: the lines up to the next boundary, less the line break that
            // belongs to the boundary.
            let stop = (end + 1..lines.len())
                .find(|&k| lines.get(k).is_some_and(|l| l.starts_with("--")))
                .unwrap_or(lines.len());
            let body: String = lines.get(end + 1..stop).unwrap_or_default().concat();
            let Some(png) = drawn.base64(body.trim()) else { continue };
            for h in headers {
                let lower = h.to_ascii_lowercase();
                if lower.starts_with("content-type:") {
                    out.push("Content-Type: image/png".into());
                } else if !lower.starts_with("content-transfer-encoding:") {
                    out.push((*h).to_string());
                }
            }
            out.push("Content-Transfer-Encoding: base64".into());
            out.push(String::new());
            let chunks = png.as_bytes().chunks(76).map(|c| String::from_utf8_lossy(c).into_owned());
            out.extend(chunks);
            i = stop;
            continue;
        }
        out.push(line.to_string());
        i += 1;
    }
    out.join("\r\n").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::{Outgoing, build_message};
    use mail_parser::MimeHeaders;

    const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="20" height="30" fill="#c0392b"/></svg>"##;

    fn mail(attachments: Vec<(String, String, Vec<u8>)>, inline: Vec<(String, String, Vec<u8>)>) -> Vec<u8> {
        build_message(&Outgoing {
            from: "game@example.org".into(),
            to: vec!["alice@example.org".into()],
            reply_to: None,
            subject: "Step 1".into(),
            text: "the report".into(),
            html: Some("<p>the report <img src=\"cid:board-step-1.png\"></p>".into()),
            in_reply_to: None,
            references: Vec::new(),
            auto_submitted: false,
            message_id: "0001-report-alice.g@example.org".into(),
            date: chrono::DateTime::from_timestamp(0, 0).unwrap_or_default(),
            attachments,
            inline,
        })
        .unwrap()
    }

    fn campaign() -> tempfile::TempDir {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("reports/1")).unwrap();
        std::fs::write(tmp.path().join("reports/1/public.svg"), SVG).unwrap();
        tmp
    }

    fn png_of(bytes: &[u8]) -> Option<Vec<u8>> {
        let parsed = mail_parser::MessageParser::default().parse(bytes)?;
        let part = parsed.attachments().find(|a| a.attachment_name() == Some("board-step-1.png"))?;
        Some(part.contents().to_vec())
    }

    /// Attached or shown inline, the stand-in goes out as the PNG of the SVG it names,
    /// and the rest of the mail is as queued.
    #[test]
    fn the_stand_in_goes_out_as_the_drawn_board() {
        let tmp = campaign();
        for inline in [false, true] {
            let part = vec![stand_in("board-step-1.png", "reports/1/public.svg")];
            let queued = if inline { mail(Vec::new(), part) } else { mail(part, Vec::new()) };
            assert_eq!(png_of(&queued).as_deref(), Some(&b"reports/1/public.svg"[..]));
            let mut read = |rel: &str| std::fs::read(tmp.path().join(rel)).ok();
            let wire = fill(&queued, &mut Drawn::new(&mut read));
            let png = png_of(&wire).expect("the picture part");
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "inline {inline}: not a PNG");
            let parsed = mail_parser::MessageParser::default().parse(&wire).unwrap();
            assert_eq!(parsed.body_text(0).as_deref(), Some("the report"));
            assert!(parsed.body_html(0).is_some_and(|h| h.contains("cid:board-step-1.png")));
            assert!(!String::from_utf8_lossy(&wire).contains(STAND_IN));
        }
    }

    /// A mail without a stand-in is sent byte for byte as queued; a stand-in naming a
    /// file outside the reports, or one that is gone, stays as it is.
    #[test]
    fn only_a_picture_of_the_reports_is_drawn() {
        let tmp = campaign();
        let plain = mail(Vec::new(), Vec::new());
        let mut read = |rel: &str| std::fs::read(tmp.path().join(rel)).ok();
        assert_eq!(fill(&plain, &mut Drawn::new(&mut read)), plain);
        std::fs::write(tmp.path().join("secret.svg"), SVG).unwrap();
        for path in ["reports/../secret.svg", "/etc/passwd", "reports/2/public.svg", "reports/1/public.txt"] {
            let queued = mail(vec![stand_in("board-step-1.png", path)], Vec::new());
            let mut read = |rel: &str| std::fs::read(tmp.path().join(rel)).ok();
            let wire = fill(&queued, &mut Drawn::new(&mut read));
            assert_eq!(wire, queued, "{path}");
        }
    }
}
