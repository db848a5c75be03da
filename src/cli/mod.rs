//! Subcommands. Each prints what it did and exits 0, or prints `umpire: <reason>` to
//! standard error and exits non-zero: 1 for a refusal or a failed check, 2 for bad
//! arguments, 75 (EX_TEMPFAIL) when a mail could not even be stored, so that a mail
//! server delivering to `ingest --stdin` tries again later.

mod bench_tick;

mod commands;
mod demo;
pub mod out;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "umpire",
    version,
    about = "A game master's tool for wargames played by email, with dice anyone can verify"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run, so the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// List the game systems this build knows.
    Systems,
    /// Create a campaign directory with its secrets, announcement and welcome mails.
    New {
        /// The game system (see `umpire systems`).
        system: String,
        /// The campaign directory to create (must not exist, or be empty).
        dir: PathBuf,
        /// A player: NAME=EMAIL (repeat for each player).
        #[arg(long = "player", value_name = "NAME=EMAIL", required = true)]
        players: Vec<String>,
        /// The GM's address (gets the GM report and refusals of files without a sender);
        /// also the game's address unless --address is given. Required: without it
        /// mail would go out from an address nobody reads.
        #[arg(long, required = true)]
        gm_email: Option<String>,
        /// The game's own address players mail orders to (default: the GM's).
        #[arg(long)]
        address: Option<String>,
        /// The campaign id players write on the GAME line (default: the directory's name).
        #[arg(long)]
        id: Option<String>,
        #[arg(long)]
        scenario: Option<String>,
        /// A system option: KEY=VALUE (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Steps the hash chains cover.
        #[arg(long)]
        chain_length: Option<u64>,
        #[command(flatten)]
        schedule: ScheduleArgs,
    },
    /// Show the phase, who is due, who has sent orders, and the outbox.
    Status {
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Take orders files or mails; each gets one acknowledgement in the outbox.
    Ingest {
        /// The campaign directory, then any files (.txt orders files or .eml mails).
        #[arg(value_name = "DIR_AND_FILES")]
        paths: Vec<PathBuf>,
        /// Read one mail from standard input (as a mail server delivers it).
        #[arg(long)]
        stdin: bool,
        /// Read every mail of a Maildir (new/ and cur/).
        #[arg(long, value_name = "PATH")]
        maildir: Option<PathBuf>,
        /// Read every mail of an mbox file.
        #[arg(long, value_name = "PATH")]
        mbox: Option<PathBuf>,
        /// Several campaigns behind one address: each mail goes to the campaign under
        /// this directory that its GAME line names.
        #[arg(long, value_name = "DIR")]
        root: Option<PathBuf>,
    },
    /// For cron: reminders, early processing, deadlines and grace, late notices.
    Tick {
        /// One campaign (default: the current directory)...
        dir: Option<PathBuf>,
        /// ...or every campaign under this directory.
        #[arg(long, value_name = "DIR")]
        root: Option<PathBuf>,
        /// With --root: how many campaigns to work on at once (default: twice the
        /// cores, at most 16). Their output still comes in the order of the folders.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
    },
    /// Seal the open phase, resolve it with its committed dice, write the reports.
    Adjudicate {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Resolve even though some due players sent nothing (their no-orders default applies).
        #[arg(long)]
        force: bool,
    },
    /// Print a report of a step.
    Report {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// The step (default: the latest).
        #[arg(long)]
        step: Option<u64>,
        /// public, gm, or a player's name.
        #[arg(long = "for", default_value = "public")]
        viewer: String,
        /// text, markdown, bbcode or html.
        #[arg(long, default_value = "text")]
        format: String,
    },
    /// Send the outbox (SMTP or sendmail); sent mail is kept in sent/ (see `umpire sent`).
    Send {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// smtp://[user@]host[:port] (STARTTLS), smtps://… (TLS); password from UMPIRE_SMTP_PASSWORD.
        #[arg(long, value_name = "URL")]
        smtp: Option<String>,
        /// Hand the mail to the local sendmail program.
        #[arg(long)]
        sendmail: bool,
        /// Show what would be sent; send and move nothing.
        #[arg(long)]
        dry_run: bool,
        /// Send the outboxes of every campaign under this directory (and its own).
        #[arg(long, value_name = "DIR")]
        root: Option<PathBuf>,
    },
    /// Check a campaign's public record; with --bundle, replay every step.
    Verify {
        dir: PathBuf,
        /// An audit bundle written by `audit-bundle`.
        #[arg(long)]
        bundle: Option<PathBuf>,
    },
    /// Write the public set (what may be posted or printed) into a new directory.
    Publish { dir: PathBuf, out: PathBuf },
    /// Write back the reports and pictures of pruned steps (rendered again, each
    /// checked against the ledger before it is written).
    Regenerate {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// One step (default: every step whose files were pruned).
        #[arg(long)]
        step: Option<u64>,
    },
    /// List the mail a campaign has sent, or print one as it was queued.
    Sent {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// The mail's file name (`0003-report-france.eml`); without it, a list.
        name: Option<String>,
        /// Put the mail back in the outbox (as `<name>-again-<n>.eml`) for `send`.
        #[arg(long)]
        resend: bool,
    },
    /// Check that a report mailed to you is the one the published ledger committed to.
    CheckReport {
        /// A published folder (or the campaign).
        dir: PathBuf,
        /// The report mail as saved (.eml), or its text.
        #[arg(long)]
        mail: PathBuf,
    },
    /// Write the post-game disclosure: master secret, sealed orders, states.
    AuditBundle {
        #[arg(default_value = ".")]
        dir: PathBuf,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Adjudicate one phase from a position file, without a campaign (for rulings).
    WhatIf {
        system: String,
        #[arg(long, required_unless_present = "batch")]
        position: Option<PathBuf>,
        #[arg(long, required_unless_present = "batch")]
        orders: Option<PathBuf>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
        /// The board after the phase as SVG, with every order drawn on it.
        #[arg(long, conflicts_with = "json")]
        svg: bool,
        /// Many phases: JSON lines on standard input, each {"id": ..., "position":
        /// "<position file text>", "orders": "<orders text>"}; one JSON line out for
        /// each, {"id": ..., "result": {...}} or {"id": ..., "error": "..."}.
        #[arg(long, conflicts_with_all = ["position", "orders", "json", "svg"])]
        batch: bool,
        /// With --batch: how many threads answer the jobs (default: one a core, at most
        /// 8). The answers come in the order of the lines whatever the number.
        #[arg(long, value_name = "N", requires = "batch", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
    },
    /// Measure a system's speed (build with --release for meaningful figures);
    /// `bench tick --games N` times cron's tick over N campaigns; `bench
    /// guerilla-warfare` plays bot games through the GM loop (under TMPDIR) and times a
    /// step with its pictures and `verify --bundle` of a whole game.
    Bench {
        system: String,
        /// A reference input (for diplomacy: the DATC cases, ../shared/data/diplomacy/datc_v3.json).
        #[arg(long)]
        reference: Option<PathBuf>,
        /// Games (or campaigns, for tick): 20 by default; 1 for guerilla-warfare.
        #[arg(long)]
        games: Option<usize>,
        /// The bots' and the dice's seed: 42 by default; 5 for guerilla-warfare.
        #[arg(long)]
        seed: Option<u64>,
        /// For `bench tick`: where to make the scratch campaigns (default: the system's
        /// temporary directory), so a GM can measure the disk the games will live on.
        #[arg(long)]
        dir: Option<PathBuf>,
        /// For `bench tick`: campaigns ticked at once, as `tick --jobs` (default: its default).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
    },
    /// Write one issue of a zine over several campaigns (text, Markdown, BBCode and
    /// HTML), from their public records only.
    Zine {
        /// The zine.toml (title, number, date, editorial, [[game]] path = ...).
        zine_toml: PathBuf,
    },
    /// Build a static web archive of one campaign's public record (a page a step).
    Site {
        /// A campaign directory or a published copy.
        campaign: PathBuf,
        /// A new (or empty) directory.
        out: PathBuf,
    },
    /// Draw the board of a campaign as SVG or PNG, as one viewer may see it, with the
    /// orders of the step that led to it.
    Map {
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// public, gm, or a player's name.
        #[arg(long = "for", default_value = "public")]
        viewer: String,
        /// The step whose state to draw (default: the latest).
        #[arg(long)]
        step: Option<u64>,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// svg or png (default: the output file's extension, else svg).
        #[arg(long)]
        format: Option<String>,
    },
    /// Bot-versus-bot games through the whole loop; every game must verify.
    Soak {
        #[arg(long)]
        system: String,
        #[arg(long, default_value_t = 10)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 500)]
        max_steps: u64,
        /// Stop a game after this turn (systems whose state has a `turn`).
        #[arg(long)]
        max_turns: Option<u64>,
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Keep the campaigns under this directory.
        #[arg(long)]
        keep: Option<PathBuf>,
        /// Careless players: each sends plausible but often impossible orders first,
        /// and the bot's careful ones only when those are refused.
        #[arg(long)]
        careless: bool,
    },
    /// Play a complete sample campaign and verify it.
    Demo {
        /// Where to create it (default: a new directory under the system's temp dir).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Which system's demo.
        #[arg(long, default_value = "dice")]
        system: String,
        /// Fix the sample games' dice keys from this number, so the same command plays
        /// the same games (without it the dice are random, as in a real campaign).
        #[arg(long)]
        seed: Option<u64>,
    },
}

/// Deadlines for `new`; without --deadline-hours or --deadline-days, phases wait for the GM.
#[derive(clap::Args)]
pub struct ScheduleArgs {
    /// Each phase is due this many hours after it opens.
    #[arg(long, value_name = "HOURS", conflicts_with = "deadline_days")]
    deadline_hours: Option<u32>,
    /// Each phase is due this many days after it opens...
    #[arg(long, value_name = "DAYS")]
    deadline_days: Option<u32>,
    /// ...at this local time (HH:MM).
    #[arg(long, value_name = "HH:MM", requires = "deadline_days")]
    deadline_at: Option<String>,
    /// The campaign's time zone (IANA name, e.g. Europe/London).
    #[arg(long, default_value = "UTC")]
    timezone: String,
    /// Count only Monday to Friday.
    #[arg(long)]
    weekdays_only: bool,
    /// Remind players who have not ordered, hours before the deadline (comma list).
    #[arg(long, value_name = "HOURS,...", value_delimiter = ',', default_value = "24")]
    reminders: Vec<u32>,
    /// Minutes after the deadline before the no-orders default applies.
    #[arg(long, default_value_t = 0)]
    grace_minutes: u32,
    /// Wait for the deadline even when every due player has ordered.
    #[arg(long)]
    no_early: bool,
    /// A kind of phase with its own deadline in hours, e.g. `retreat=24` (repeatable;
    /// the kinds are the system's: movement, retreat, adjustment, set-up, turn, round,
    /// sign-on).
    #[arg(long = "kind-deadline", value_name = "KIND=HOURS", value_parser = kind_hours)]
    kind_deadlines: Vec<(String, u32)>,
}

fn kind_hours(text: &str) -> Result<(String, u32), String> {
    let (kind, hours) = text.split_once('=').ok_or("write KIND=HOURS, e.g. retreat=24")?;
    let hours: u32 = hours.trim().parse().map_err(|_| format!("'{hours}' is not a number of hours"))?;
    Ok((kind.trim().to_ascii_lowercase(), hours))
}

impl ScheduleArgs {
    pub fn schedule(self) -> Option<umpire::campaign::schedule::Schedule> {
        if self.deadline_hours.is_none() && self.deadline_days.is_none() {
            return None;
        }
        Some(umpire::campaign::schedule::Schedule {
            timezone: self.timezone,
            hours: self.deadline_hours,
            days: self.deadline_days,
            at: self.deadline_at,
            weekdays_only: self.weekdays_only,
            reminders: self.reminders,
            grace_minutes: self.grace_minutes,
            early: !self.no_early,
            kinds: self
                .kind_deadlines
                .into_iter()
                .map(|(kind, hours)| {
                    (
                        kind,
                        umpire::campaign::schedule::KindSchedule { hours: Some(hours), ..Default::default() },
                    )
                })
                .collect(),
        })
    }
}

/// Parses the command line and runs it; returns the exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let code = match commands::dispatch(cli.command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("umpire: {e:#}");
            1
        }
    };
    out::finish(code)
}
