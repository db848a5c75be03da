//! Reports from templates: every report, acknowledgement and welcome is a minijinja
//! template in `templates/`, which a campaign may override with its own
//! `templates/<name>`. A template receives only the context built for its reader
//! (see [`context`]), so it cannot show what that reader may not see.

pub mod context;

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow};
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
    env: Environment<'static>,
}

impl Templates {
    /// `campaign`: the campaign directory whose `templates/` overrides the defaults.
    pub fn new(campaign: Option<&Path>) -> Self {
        let dir: Option<PathBuf> = campaign.map(|c| c.join("templates"));
        let mut env = Environment::new();
        env.set_keep_trailing_newline(true);
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        env.set_auto_escape_callback(|name| {
            if name.ends_with(".html") { minijinja::AutoEscape::Html } else { minijinja::AutoEscape::None }
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
        Templates { env }
    }

    /// Renders template `kind` (ack, welcome, public, player) in `format`.
    pub fn render<C: Serialize>(&self, kind: &str, format: Format, ctx: &C) -> Result<String> {
        let name = format!("{kind}.{}", format.ext());
        let template = self.env.get_template(&name).map_err(|e| anyhow!("template {name}: {e}"))?;
        template.render(ctx).map_err(|e| anyhow!("template {name}: {e:#}"))
    }
}

/// The names of the default templates, for `umpire templates`.
pub fn default_names() -> impl Iterator<Item = &'static str> {
    DEFAULTS.iter().map(|(n, _)| *n)
}

/// The default text of a template, for a GM who wants to start an override from it.
pub fn default_text(name: &str) -> Option<&'static str> {
    DEFAULTS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
