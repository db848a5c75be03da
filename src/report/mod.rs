//! Reports from templates: every report, acknowledgement and welcome is a minijinja
//! template in `templates/`, which a campaign may override with its own
//! `templates/<name>`. A template receives only the context built for its reader
//! (see [`context`]), so it cannot show what that reader may not see.

pub mod context;
pub mod salts;
pub mod wrap;

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use minijinja::Environment;
use serde::Serialize;

/// The output formats every report comes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Markdown,
    BbCode,
    Html,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Text, Format::Markdown, Format::BbCode, Format::Html];

    /// The file extension, also the template suffix.
    pub fn ext(self) -> &'static str {
        match self {
            Format::Text => "txt",
            Format::Markdown => "md",
            Format::BbCode => "bbcode",
            Format::Html => "html",
        }
    }

    pub fn parse(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "text" | "txt" => Some(Format::Text),
            "markdown" | "md" => Some(Format::Markdown),
            "bbcode" | "forum" => Some(Format::BbCode),
            "html" => Some(Format::Html),
            _ => None,
        }
    }
}

/// The default templates, built into the binary.
static DEFAULTS: &[(&str, &str)] = &[
    ("ack.txt", include_str!("../../templates/ack.txt.j2")),
    ("ack.md", include_str!("../../templates/ack.md.j2")),
    ("ack.bbcode", include_str!("../../templates/ack.bbcode.j2")),
    ("ack.html", include_str!("../../templates/ack.html.j2")),
    ("welcome.txt", include_str!("../../templates/welcome.txt.j2")),
    ("welcome.md", include_str!("../../templates/welcome.md.j2")),
    ("welcome.bbcode", include_str!("../../templates/welcome.bbcode.j2")),
    ("welcome.html", include_str!("../../templates/welcome.html.j2")),
    ("public.txt", include_str!("../../templates/public.txt.j2")),
    ("public.md", include_str!("../../templates/public.md.j2")),
    ("public.bbcode", include_str!("../../templates/public.bbcode.j2")),
    ("public.html", include_str!("../../templates/public.html.j2")),
    ("player.txt", include_str!("../../templates/player.txt.j2")),
    ("player.md", include_str!("../../templates/player.md.j2")),
    ("player.bbcode", include_str!("../../templates/player.bbcode.j2")),
    ("player.html", include_str!("../../templates/player.html.j2")),
    ("reminder.txt", include_str!("../../templates/reminder.txt.j2")),
];

/// Renders templates, preferring a campaign's own copies.
pub struct Templates {
    env: Env,
}

/// A campaign's own environment when it has template files of its own; otherwise one
/// shared by the process, so a tick over many campaigns compiles each default
/// template once rather than once a campaign.
enum Env {
    Own(Environment<'static>),
    Shared(&'static Environment<'static>),
}

impl Env {
    fn get(&self) -> &Environment<'static> {
        match self {
            Env::Own(e) => e,
            Env::Shared(e) => e,
        }
    }
}

/// Whether `dir` holds any template file (`*.j2`) that could replace a default.
fn has_templates(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .is_ok_and(|entries| entries.flatten().any(|e| e.file_name().to_string_lossy().ends_with(".j2")))
}

impl Templates {
    /// `campaign`: the campaign directory whose `templates/` overrides the defaults.
    pub fn new(campaign: Option<&Path>) -> Self {
        Self::with_escaping(campaign, true)
    }

    /// As [`Templates::new`]; `escape` false renders Markdown and BBCode values as they
    /// are, as builds before escaping did (campaigns made by them replay that way).
    pub fn with_escaping(campaign: Option<&Path>, escape: bool) -> Self {
        let dir: Option<PathBuf> = campaign.map(|c| c.join("templates")).filter(|d| has_templates(d));
        if dir.is_none() {
            static ESCAPED: std::sync::OnceLock<Environment<'static>> = std::sync::OnceLock::new();
            static PLAIN: std::sync::OnceLock<Environment<'static>> = std::sync::OnceLock::new();
            let shared = if escape { &ESCAPED } else { &PLAIN };
            return Templates { env: Env::Shared(shared.get_or_init(|| environment(None, escape))) };
        }
        Templates { env: Env::Own(environment(dir, escape)) }
    }

    /// Whether these are the built-in templates, which show a report's board picture by
    /// its file where there is one, and the view's own drawing only where there is none.
    pub fn are_default(&self) -> bool {
        matches!(self.env, Env::Shared(_))
    }

    /// Renders template `kind` (ack, welcome, public, player) in `format`.
    pub fn render<C: Serialize>(&self, kind: &str, format: Format, ctx: &C) -> Result<String> {
        let name = format!("{kind}.{}", format.ext());
        let template = self
            .env
            .get()
            .get_template(&name)
            .map_err(|e| Error::Campaign(format!("template {name}: {e}")))?;
        template.render(ctx).map_err(|e| Error::Campaign(format!("template {name}: {e:#}")))
    }
}

/// The environment that reads `dir`'s templates first, then the defaults.
fn environment(dir: Option<PathBuf>, escape: bool) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_keep_trailing_newline(true);
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    // Every value is escaped for its format, so a label a player chose cannot become
    // markup (a link, an image, a tag) in a report pasted into a forum.
    env.set_auto_escape_callback(move |name| {
        if name.ends_with(".html") {
            minijinja::AutoEscape::Html
        } else if !escape {
            minijinja::AutoEscape::None
        } else if name.ends_with(".md") {
            minijinja::AutoEscape::Custom("markdown")
        } else if name.ends_with(".bbcode") {
            minijinja::AutoEscape::Custom("bbcode")
        } else {
            minijinja::AutoEscape::None
        }
    });
    env.set_formatter(|out, state, value| match state.auto_escape() {
        minijinja::AutoEscape::Custom(kind) => {
            if value.is_undefined() {
                return Ok(());
            }
            let text = value.to_string();
            let text = if value.is_safe() { text } else { self::escape(kind, &text) };
            out.write_str(&text)
                .map_err(|e| minijinja::Error::new(minijinja::ErrorKind::WriteFailure, e.to_string()))
        }
        _ => minijinja::escape_formatter(out, state, value),
    });
    env.set_loader(move |name| {
        if let Some(dir) = &dir {
            let path = dir.join(format!("{name}.j2"));
            if let Ok(text) = std::fs::read_to_string(&path) {
                return Ok(Some(text));
            }
        }
        Ok(DEFAULTS.iter().find(|(n, _)| *n == name).map(|(_, t)| t.to_string()))
    });
    env
}

/// Escapes a value for a Markdown or BBCode report.
///
/// Markdown: a backslash before each character that can start markup (`\\` `` ` `` `*`
/// `_` `[` `]` `<` `>` `|` `~`). BBCode has no escape, so square brackets become their
/// fullwidth forms (［ ］): they read the same and open no tag.
pub fn escape(kind: &str, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match (kind, ch) {
            ("markdown", '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~') => {
                out.push('\\');
                out.push(ch);
            }
            ("bbcode", '[') => out.push('\u{FF3B}'),
            ("bbcode", ']') => out.push('\u{FF3D}'),
            _ => out.push(ch),
        }
    }
    out
}

pub use crate::markup::xml;

/// The names of the default templates, for `umpire templates`.
pub fn default_names() -> impl Iterator<Item = &'static str> {
    DEFAULTS.iter().map(|(n, _)| *n)
}

/// The default text of a template, for a GM who wants to start an override from it.
pub fn default_text(name: &str) -> Option<&'static str> {
    DEFAULTS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
