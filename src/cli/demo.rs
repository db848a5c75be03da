//! `umpire demo`: a complete sample campaign, end to end, in a fresh directory.

use crate::cli::out::sayln;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use umpire::audit;
use umpire::campaign::Campaign;
use umpire::campaign::ingest::{self, Verdict};
use umpire::campaign::new::{self, NewCampaign};

use super::commands::print_outcomes;

/// `seed`: `None` plays with fresh random dice, as a real campaign does; a seed fixes
/// the sample games' dice keys (`new::sample_key`), so the same command plays the same
/// games again.
pub fn run(dir: Option<PathBuf>, system: &str, seed: Option<u64>) -> Result<i32> {
    let dir = match dir {
        Some(d) => d,
        None => fresh_dir(system)?,
    };
    let code = match system {
        "dice" => dice(&dir, seed)?,
        other => scripted(&dir, other, seed)?,
    };
    zine_and_site(&dir, system, seed)?;
    Ok(code)
}

/// The systems whose sample games the plain `umpire demo` adds to its zine: those that
/// draw a board.
const ZINE_SAMPLES: &[&str] = &["diplomacy", "guerilla-warfare", "andartes"];

/// After the sample game: a zine issue over the demo's campaigns and an archive site,
/// beside the campaign directory (`<dir>.zine/`, `<dir>.site/`), from their public
/// records only.
fn zine_and_site(dir: &Path, system: &str, seed: Option<u64>) -> Result<()> {
    let base = dir.to_string_lossy().trim_end_matches('/').to_string();
    let (zine_dir, site_dir) = (PathBuf::from(format!("{base}.zine")), PathBuf::from(format!("{base}.site")));
    let mut games = vec![(dir.to_path_buf(), system.to_string())];
    if system == "dice" {
        sayln!("\n5. more sample games for the zine (played quietly): {}", ZINE_SAMPLES.join(", "));
        for s in ZINE_SAMPLES {
            let d = PathBuf::from(format!("{base}.samples/{s}"));
            if d.exists() {
                std::fs::remove_dir_all(&d)?;
            }
            super::out::set_quiet(true);
            let played = scripted(&d, s, seed);
            super::out::set_quiet(false);
            played?;
            games.push((d, s.to_string()));
        }
    }
    if zine_dir.exists() {
        std::fs::remove_dir_all(&zine_dir)?;
    }
    if site_dir.exists() {
        std::fs::remove_dir_all(&site_dir)?;
    }
    std::fs::create_dir_all(&zine_dir)?;
    let editorial = "Welcome to the first issue. Every game below was played by mail with umpire: \
each report is the public one the players received, press and map included, and every die \
in it was committed before any orders were written.\n\nThe table at the end gives each game's \
next deadline; the last section is for the auditors among you.\n";
    std::fs::write(zine_dir.join("editorial.txt"), editorial)?;
    let house = "Deadlines are Sundays at 18:00 UTC; a player who misses two in a row is \
replaced from the waiting list.\n\nPress is limited to 2,000 characters a turn. Grey press is \
allowed where a game says so; the GM never tells who wrote it.\n";
    std::fs::write(zine_dir.join("house-rules.txt"), house)?;
    let openings = "Diplomacy: a new standard game opens when seven players have signed up; \
two places are taken.\n\nWaiting list for replacements: none yet. Write to the editor to \
join either.\n";
    std::fs::write(zine_dir.join("openings.txt"), openings)?;
    let mut toml = format!(
        "title = \"The Umpire's Gazette\"\nnumber = 1\ndate = \"{}\"\neditorial = \"editorial.txt\"\nhouse_rules = \"house-rules.txt\"\nopenings = \"openings.txt\"\noutput = \"issue-1\"\n",
        umpire::campaign::clock::now().format("%-d %B %Y")
    );
    for (d, s) in &games {
        let path = std::fs::canonicalize(d)?;
        toml.push_str(&format!("\n[[game]]\npath = {:?}\ngm = \"The Editor\"\n", path.display().to_string()));
        // The Diplomacy sample's whole year, its press included, with a roster as a GM
        // would print it; the latest step of the rest, their players by id.
        if s == "diplomacy" {
            toml.push_str("since = 0\nplayers = [\"Austria: Anna\", \"England: Edward\", \"France: Fanny\", \"Germany: Georg\", \"Italy: Ilaria\", \"Russia: Rurik\", \"Turkey: Tarik\"]\n");
        }
    }
    std::fs::write(zine_dir.join("zine.toml"), toml)?;
    let issue = umpire::zine::issue::make(&zine_dir.join("zine.toml"))?;
    // The archive site: of the first sample that draws a board, else of the demo game.
    let (site_of, _) = games.iter().find(|(_, s)| ZINE_SAMPLES.contains(&s.as_str())).unwrap_or(&games[0]);
    let site = umpire::zine::site::build(site_of, &site_dir)?;
    sayln!("\nThe zine: {} (issue 1 as .txt, .md, .bbcode and .html)", issue.dir.display());
    sayln!(
        "The archive site: {} ({} pages; open index.html)",
        site_dir.join("index.html").display(),
        site.pages
    );
    Ok(())
}

/// A system's sample game, from its `demo.toml` (see `DemoScript`).
fn scripted(dir: &Path, system: &str, seed: Option<u64>) -> Result<i32> {
    let info = umpire::games::find(system).ok_or_else(|| anyhow::anyhow!("unknown system '{system}'"))?;
    let data = umpire::engine::GameData::embedded(info.name, info.files);
    let script = data.demo_script()?;
    sayln!("== umpire demo: {}", info.title);
    if let Some(about) = &script.about {
        sayln!("{about}");
    }
    sayln!("campaign directory: {}", dir.display());
    seeded(seed);
    sayln!();
    let created = new::create(NewCampaign {
        system: info.name.into(),
        dir: dir.to_path_buf(),
        id: Some(format!("{}-demo", info.name)),
        players: script.players.iter().map(|p| (p.clone(), format!("{p}@example.org"))).collect(),
        gm_email: Some("gm@example.org".into()),
        address: Some(format!("{}-demo@example.org", info.name)),
        scenario: script.scenario.clone(),
        options: script.demo_options(),
        chain_length: None,
        schedule: None,
        dice_key: seed.map(|s| new::sample_key(s, &format!("{}-demo", info.name))),
        keep_reports: Some(0),
    })?;
    let id = format!("{}-demo", info.name);
    let secret = |p: &str| created.player_secrets.iter().find(|(n, _)| n == p).map(|(_, s)| s.clone());
    let mut c = Campaign::open(dir)?;
    for phase in &script.phase {
        let mut open = c.phase(&c.current_state()?)?;
        if umpire::campaign::signon::is_sign_on(&open) && !open.id.eq_ignore_ascii_case(&phase.id) {
            // Trust v2: every player signs on before the set-up's dice.
            sayln!("-- {} ({})", open.title, open.id);
            for player in &script.players {
                let secret =
                    secret(player).ok_or_else(|| anyhow::anyhow!("demo.toml: no player {player}"))?;
                let raw = mail(
                    &format!("{player}@example.org"),
                    &format!("sign-on-{player}"),
                    "sign on",
                    &format!("GAME {id}\nPLAYER {player}\nSECRET {secret}\nsigning on\nEND\n"),
                );
                ingest::ingest(&mut c, &raw)?;
                sayln!("   {player} signs on");
            }
            print_outcomes(&umpire::campaign::adjudicate::adjudicate(&mut c, true)?);
            open = c.phase(&c.current_state()?)?;
        }
        if !open.id.eq_ignore_ascii_case(&phase.id) {
            bail!("demo.toml expects phase {} but the game is at {} ({})", phase.id, open.id, open.title);
        }
        sayln!("-- {} ({})", open.title, open.id);
        for (player, body) in &phase.orders {
            let secret = secret(player).ok_or_else(|| anyhow::anyhow!("demo.toml: no player {player}"))?;
            let raw = mail(
                &format!("{player}@example.org"),
                &format!("{}-{player}", phase.id),
                "orders",
                &format!("GAME {id}\nPLAYER {player}\nSECRET {secret}\n{}\nEND\n", body.trim_end()),
            );
            let done = ingest::ingest(&mut c, &raw)?;
            match &done.verdict {
                Verdict::Accepted { .. } => sayln!("   orders of {player}: accepted"),
                Verdict::Refused { reason } => {
                    sayln!("   orders of {player}: refused: {reason} (see phases/*/acks/)")
                }
                _ => {}
            }
        }
        let outcomes = umpire::campaign::adjudicate::adjudicate(&mut c, true)?;
        print_outcomes(&outcomes);
        sayln!();
        if let Some(until) = &phase.bots_until {
            bots(&mut c, &id, until, &secret)?;
        }
    }
    drop(c);
    let (_, v) = disclose_and_verify(dir)?;
    sayln!(
        "verify with the audit bundle: OK — {} steps replayed, {} receipts, {} public and {} hidden dice, {} files unchanged",
        v.steps,
        v.receipts,
        v.public_dice,
        v.hidden_dice,
        v.files_checked
    );
    sayln!(
        "Where to look: {}/reports/<step>/ (public and per player, .txt .md .bbcode .html)",
        dir.display()
    );
    Ok(0)
}

/// The system's bot writes every file the game waits for, one phase after another,
/// until the phase `until` opens or (with `END`) the game ends.
fn bots(c: &mut Campaign, id: &str, until: &str, secret: &dyn Fn(&str) -> Option<String>) -> Result<()> {
    use rand_core::SeedableRng;
    let engine = c.engine()?;
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    sayln!("-- the bots play on until {until}");
    for n in 0..10_000u32 {
        let state = c.current_state()?;
        let open = c.phase(&state)?;
        if open.game_over.is_some() || open.id.eq_ignore_ascii_case(until) {
            if let Some(result) = &open.game_over {
                sayln!("   the game is over: {result}");
            }
            return Ok(());
        }
        for player in open.waited_for() {
            let body = engine
                .random_orders(&state, &player, &mut rng)?
                .ok_or_else(|| anyhow::anyhow!("the system has no bot for {player}"))?;
            let secret = secret(&player).ok_or_else(|| anyhow::anyhow!("demo.toml: no player {player}"))?;
            let raw = mail(
                &format!("{player}@example.org"),
                &format!("bot-{n}-{player}"),
                "orders",
                &format!("GAME {id}\nPLAYER {player}\nSECRET {secret}\n{}\nEND\n", body.trim_end()),
            );
            ingest::ingest(c, &raw)?;
        }
        print_outcomes(&umpire::campaign::adjudicate::adjudicate(c, true)?);
    }
    bail!("the bots did not reach {until}")
}

/// Writes the campaign's audit bundle beside it and verifies the campaign with it.
fn disclose_and_verify(dir: &Path) -> Result<(PathBuf, audit::Verified)> {
    let bundle = dir.join("audit-bundle.json");
    let verified = audit::disclose_and_verify(dir, &bundle)?;
    Ok((bundle, verified))
}

fn fresh_dir(system: &str) -> Result<PathBuf> {
    let base = std::env::temp_dir();
    for n in 0..1000u32 {
        let dir = base.join(format!("umpire-demo-{system}-{}-{n}", std::process::id()));
        if !dir.exists() {
            return Ok(dir);
        }
    }
    bail!("could not find a free directory under {}", base.display())
}

fn mail(from: &str, id: &str, subject: &str, body: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: dice-demo@example.org\r\nSubject: {subject}\r\nMessage-ID: <{id}@example.org>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
        body.replace('\n', "\r\n")
    )
    .into_bytes()
}

fn dice(dir: &Path, seed: Option<u64>) -> Result<i32> {
    sayln!("== umpire demo: a verifiable dice server for three players");
    sayln!("campaign directory: {}", dir.display());
    seeded(seed);
    sayln!();
    let created = new::create(NewCampaign {
        system: "dice".into(),
        dir: dir.to_path_buf(),
        id: Some("dice-demo".into()),
        players: vec![
            ("alice".into(), "alice@example.org".into()),
            ("bob".into(), "bob@example.org".into()),
            ("carol".into(), "carol@example.org".into()),
        ],
        gm_email: Some("gm@example.org".into()),
        address: Some("dice-demo@example.org".into()),
        scenario: None,
        options: Default::default(),
        chain_length: None,
        schedule: None,
        dice_key: seed.map(|s| new::sample_key(s, "dice-demo")),
        keep_reports: Some(0),
    })?;
    sayln!("1. created campaign dice-demo; announced c[0] = {}", created.chain_public);
    sayln!("   three welcome mails (with each player's secret) are in outbox/\n");
    let secret = |p: &str| {
        created.player_secrets.iter().find(|(n, _)| n == p).map(|(_, s)| s.clone()).unwrap_or_default()
    };

    let inputs = [
        (
            "alice's request (good)",
            mail(
                "Alice <alice@example.org>",
                "a1",
                "my rolls",
                &format!(
                    "Hi GM,\n\nGAME dice-demo\nPLAYER alice\nSECRET {}\nROLL 2d6 attack on Larissa at 3:1\nROLL 1d10 HIDDEN ambush check in Grammos\nEND\n--\nAlice, who never rolls ones\n",
                    secret("alice")
                ),
            ),
        ),
        (
            "bob's request (two bad lines)",
            mail(
                "bob@example.org",
                "b1",
                "rolls",
                &format!(
                    "GAME dice-demo\nPLAYER bob\nSECRET {}\nROLL 2d0 artillery barrage\nROLL 3d6\nROLL 1d6 supply check\nEND\n",
                    secret("bob")
                ),
            ),
        ),
        (
            "a mail from someone posing as carol",
            mail(
                "mallory@example.net",
                "m1",
                "rolls",
                "GAME dice-demo\nPLAYER carol\nSECRET AAAA-BBBB-CCCC-DDDD-EEEE\nROLL 1d6 sabotage\nEND\n",
            ),
        ),
        (
            "carol's request, copied to bob",
            mail(
                "carol@example.org",
                "c1",
                "morale",
                &format!(
                    "game dice-demo\nplayer carol\nsecret {}\nroll 1d6 morale of the 3rd brigade TO bob\nend\n",
                    secret("carol")
                ),
            ),
        ),
    ];
    sayln!("2. ingesting four mails; each gets exactly one answer in outbox/");
    let mut c = Campaign::open(dir)?;
    for (what, raw) in inputs {
        let done = ingest::ingest(&mut c, &raw)?;
        let verdict = match &done.verdict {
            Verdict::Accepted { player, receipt } => {
                format!("accepted for {player}, receipt {}…", &receipt[..16])
            }
            Verdict::Refused { reason } => format!("refused: {reason}"),
            Verdict::Ignored { why } => format!("not answered: {why}"),
            Verdict::Duplicate => "duplicate".into(),
            Verdict::Press { player, sent, refused } => {
                format!("press from {player}: {sent} sent, {refused} not sent")
            }
            Verdict::Gm { done, .. } => done.join("; "),
        };
        sayln!("   {what}: {verdict}");
        print_outcomes(&done.steps);
    }
    drop(c);

    let outbox = std::fs::read_dir(dir.join("outbox"))?.flatten().count();
    sayln!("\n3. the outbox holds {outbox} mail(s): welcomes, acknowledgements, results");
    sayln!("   (send them with: umpire send {} --smtp smtp://user@host, or --sendmail)\n", dir.display());

    sayln!("4. what anyone can check now, without trusting the GM:");
    let v = audit::verify(dir, None)?;
    sayln!(
        "   verify: OK — {} steps, {} public dice reproduced, {} receipts, ledger of {} lines intact",
        v.steps,
        v.public_dice,
        v.receipts,
        v.ledger_lines
    );
    let (bundle, v) = disclose_and_verify(dir)?;
    sayln!(
        "   after the game, with the audit bundle: OK — every step replayed, {} hidden dice and every receipt checked, {} files unchanged\n",
        v.hidden_dice,
        v.files_checked
    );
    sayln!("Where to look:");
    sayln!(
        "  {}/reports/1/public.txt        the public result of alice's rolls (forum: .bbcode, web: .html)",
        dir.display()
    );
    sayln!("  {}/reports/1/alice.txt         alice's own report, with her hidden die", dir.display());
    sayln!("  {}/phases/*/acks/              every acknowledgement, refusals included", dir.display());
    sayln!("  {}/outbox/                     mail waiting to be sent", dir.display());
    sayln!("  {}/ledger.jsonl                the append-only, hash-chained ledger", dir.display());
    sayln!("  umpire verify {} [--bundle {}]", dir.display(), bundle.display());
    Ok(0)
}

/// Says so when the dice are a sample's: a seeded key is known to anyone with the seed.
fn seeded(seed: Option<u64>) {
    if let Some(s) = seed {
        sayln!(
            "dice key made from --seed {s}: the same games every time, and dice anyone can work out (a real campaign's key is random)"
        );
    }
}
