//! The welcome mail: a player's secret, how to send orders, and the campaign's
//! commitments. Sent at `new`, and again when the GM replaces a player.

use crate::error::Result;
use serde_json::{Value, json};

use super::outbox::{self, Mail};
use super::{Config, Txn};
use crate::engine::{Drawings, Engine, Section, Viewer};
use crate::report::context::PhaseInfo;
use crate::report::{Format, Templates};

/// Who is welcomed, and the mail's file name and subject.
pub struct Welcome<'a> {
    pub player: &'a str,
    pub email: &'a str,
    pub secret: &'a str,
    pub mail_name: String,
    pub subject: String,
    /// The phase open now (the sign-on, in a new Trust v2 campaign that needs one).
    pub phase: &'a crate::engine::Phase,
    /// The open phase's deadline as players read it, if the campaign has a schedule.
    pub deadline: Option<String>,
}

/// The chain commitments announced in `reports/0/public.json`.
pub struct Commitments<'a> {
    pub public: &'a str,
    pub hidden: &'a str,
}

pub fn queue(
    config: &Config,
    txn: &mut Txn,
    templates: &Templates,
    engine: &dyn Engine,
    state: &Value,
    chains: &Commitments,
    w: Welcome,
) -> Result<()> {
    let phase = w.phase;
    let sign_on = super::signon::is_sign_on(phase);
    let ctx = json!({
        "campaign": super::config::campaign_info(config)?,
        "player": w.player,
        "secret": w.secret,
        "phase": PhaseInfo::of(phase, w.deadline.clone()),
        "sign_on": sign_on,
        "guide": engine.guide(state, w.player)?,
        "sections": welcome_sections(engine, state, w.player)?,
        "chain_public": chains.public,
        "chain_hidden": chains.hidden,
        // What press the game takes, and another player to write to in the example.
        "press": config.press,
        "press_to": config.players.iter().map(|p| p.id.as_str()).find(|p| *p != w.player),
        // The help's example of names: two of this game's other players.
        "press_names": config.players.iter().map(|p| p.id.as_str()).filter(|p| *p != w.player).take(2).collect::<Vec<_>>(),
    });
    let text = crate::report::wrap::wrap(
        &templates.render("welcome", Format::Text, &ctx)?,
        crate::report::wrap::WIDTH,
    );
    let html = templates.render("welcome", Format::Html, &ctx)?;
    outbox::queue(config, txn, Mail::new(w.mail_name, w.email, w.subject, text, Some(html)))?;
    Ok(())
}

/// What the player's view shows of the game as it opens, without the board's drawing,
/// which a welcome does not carry (drawing it cost as much as the rest of the view).
fn welcome_sections(engine: &dyn Engine, state: &Value, player: &str) -> Result<Vec<Section>> {
    let viewer = Viewer::Player(player.to_string());
    let views = engine.readers(state, state, std::slice::from_ref(&viewer), &[], None, Drawings::Never)?;
    Ok(views.into_iter().next().map(|(view, _)| view.sections).unwrap_or_default())
}
