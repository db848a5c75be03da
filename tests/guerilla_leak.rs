//! The hidden-information test, through the `umpire` binary: a scripted campaign of
//! several game years in which powers disperse, move fractions, board fleets and
//! reform; then every report, acknowledgement and mail that a power other than a
//! fraction's owner (or the public) can read is searched for that fraction: its
//! position, its size, any sign of it. None may be found.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::*;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use umpire::games::guerilla_warfare::{State, random_orders};

const POWERS: [&str; 7] = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];
const STEPS: usize = 24;

fn latest(dir: &Path) -> (u64, State) {
    let n = std::fs::read_dir(dir.join("state"))
        .unwrap()
        .flatten()
        .filter_map(|e| {
            e.file_name().to_str().and_then(|n| n.strip_suffix(".json")).and_then(|n| n.parse::<u64>().ok())
        })
        .max()
        .unwrap();
    let text = std::fs::read_to_string(dir.join(format!("state/{n}.json"))).unwrap();
    (n, serde_json::from_str(&text).unwrap())
}

fn phase_id(state: &State) -> String {
    umpire::games::guerilla_warfare::calendar::phase_id(state.date, state.stage)
}

/// Sends each body as an orders file and resolves the phase.
fn play(dir: &Path, tmp: &Path, secrets: &BTreeMap<String, String>, bodies: &BTreeMap<String, String>) {
    let d = dir.to_str().unwrap();
    let mut args = vec!["ingest".to_string(), d.to_string()];
    for (p, body) in bodies {
        let f = file(
            tmp,
            &format!("{p}.txt"),
            &format!("GAME g\nPLAYER {p}\nSECRET {}\n{body}\nEND\n", secrets[p]),
        );
        args.push(f.display().to_string());
    }
    if args.len() > 2 {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = ok(&refs);
        assert!(!out.contains("refused"), "{out}\n{bodies:?}");
    }
    ok(&["adjudicate", d, "--force"]);
}

/// Every way a fraction may be written in a report.
fn renderings(state: &State) -> Vec<(String, String)> {
    state
        .fractions
        .iter()
        .flat_map(|f| {
            let size = f.size.show();
            let k = f.kind.letter();
            [
                (f.power.clone(), format!("{size} {k} {}", f.at)),
                (f.power.clone(), format!("{size} {k} aboard F {}", f.at)),
                (f.power.clone(), format!("{size}{k}")),
            ]
        })
        .collect()
}

/// The fractions a power's own orders name (it may see its own words echoed).
fn named_in(body: &str) -> Vec<String> {
    let clean: String =
        body.to_lowercase().chars().map(|c| if c.is_alphanumeric() || c == '/' { c } else { ' ' }).collect();
    let w: Vec<&str> = clean.split_whitespace().collect();
    let mut out = Vec::new();
    for i in 0..w.len() {
        if !w[i].contains('/') || i + 2 >= w.len() {
            continue;
        }
        let k = w[i + 1].to_uppercase();
        out.push(format!("{} {k} {}", w[i], w[i + 2]));
        out.push(format!("{}{k}", w[i]));
        if matches!(w[i + 2], "on" | "aboard") {
            let rest: Vec<&str> = w[i + 3..].iter().copied().take(2).filter(|x| *x != "f").collect();
            if let Some(sea) = rest.first() {
                out.push(format!("{} {k} aboard F {sea}", w[i]));
            }
        }
    }
    out
}

/// Fraction-like phrases exactly as the software writes them (`1/3 A boh`,
/// `1/3 A aboard F mao`, `1/3A` in the picture): case and brackets kept.
fn phrases_in(text: &str) -> BTreeSet<String> {
    let w: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || ",;:<>\"'".contains(c)).filter(|t| !t.is_empty()).collect();
    let mut out = BTreeSet::new();
    for i in 0..w.len() {
        let t = w[i];
        if !t.contains('/') || !t.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            continue;
        }
        if t.ends_with('A') || t.ends_with('F') {
            out.insert(t.to_string());
        }
        if i + 2 < w.len() && matches!(w[i + 1], "A" | "F") {
            out.insert(format!("{t} {} {}", w[i + 1], w[i + 2]));
            if w[i + 2] == "aboard" && i + 4 < w.len() && w[i + 3] == "F" {
                out.insert(format!("{t} {} aboard F {}", w[i + 1], w[i + 4]));
            }
        }
    }
    out
}

/// Who may read a file: a power, or None for the public.
fn reader(dir: &Path, path: &Path) -> Option<Option<String>> {
    let rel = path.strip_prefix(dir).ok()?.to_string_lossy().to_string();
    let name = path.file_name()?.to_str()?.to_string();
    if rel.starts_with("reports/") {
        let stem = name.split('.').next()?;
        return match stem {
            "public" => Some(None),
            "gm" => None,
            p => Some(Some(p.to_string())),
        };
    }
    if rel.starts_with("phases/") && rel.contains("/acks/") {
        let text = std::fs::read_to_string(path).ok()?;
        let player = text.lines().find_map(|l| l.strip_prefix("PLAYER "))?.trim().to_string();
        return Some(Some(player));
    }
    None
}

fn mail_reader(path: &Path) -> Option<(String, String)> {
    let bytes = std::fs::read(path).ok()?;
    let m = mail_parser::MessageParser::default().parse(&bytes[..])?;
    let to = m.to()?.first()?.address()?.to_string();
    let player = to.strip_suffix("@example.org")?.to_string();
    let mut text = m.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
    text.push_str(&m.body_html(0).map(|t| t.into_owned()).unwrap_or_default());
    Some((player, text))
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
fn no_report_ack_or_mail_reveals_another_powers_fractions() {
    no_fraction_leaks(&[]);
}

/// The zine's way: the bots' moves carry retreat preferences and lists, and the steps
/// chain retreats and adjustments; still nothing of a fraction shows to the others.
#[test]
fn no_report_ack_or_mail_reveals_another_powers_fractions_two_season() {
    no_fraction_leaks(&["year=two-season"]);
}

fn no_fraction_leaks(options: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let secrets = new_campaign_with(&dir, "guerilla-warfare", &POWERS, options);
    let scripted: [(&str, &[(&str, &str)]); 2] = [
        (
            "JUL1914M",
            &[
                ("austria", "A tyr disperses - 1/3 A boh, 1/3 A swa, 1/3 A zur"),
                ("england", "A lvp disperses - 1/3 A wal, 1/3 A cly, 1/3 A edi\nF ply - iri"),
                ("turkey", "A(Smy) disperses - 1/3 A(Cic), 1/3 A(Con), 1/3 A(Sin)."),
                ("russia", "A war disperses - 1/4 A gal, 1/4 A sil, 1/4 A pru, 1/4 A ukr"),
            ],
        ),
        (
            "AUG1914M",
            &[
                ("austria", "reform A tyr from 1/3 A boh, 1/3 A swa, 1/3 A zur"),
                ("england", "1/3 A wal board iri\nF iri - mao\n1/3 A cly - lvp"),
                ("turkey", "reform A smy from 1/3 A cic, 1/3 A con, 1/3 A sin"),
                ("russia", "1/4 A gal - rum\n1/4 A ukr - rum\n1/4 A sil - boh"),
            ],
        ),
    ];
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let mut seen: Vec<State> = Vec::new();
    let mut written: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for i in 0..STEPS {
        let (_, state) = latest(&dir);
        if state.game_over.is_some() {
            break;
        }
        seen.push(state.clone());
        let mut bodies = BTreeMap::new();
        if let Some((id, orders)) = scripted.get(i) {
            assert_eq!(phase_id(&state), *id);
            for (p, b) in orders.iter() {
                bodies.insert(p.to_string(), b.to_string());
            }
        } else {
            for p in POWERS {
                let body = random_orders(&state, p, &mut rng);
                if !body.trim().is_empty() {
                    bodies.insert(p.to_string(), body);
                }
            }
        }
        for (p, b) in &bodies {
            written.entry(p.clone()).or_default().extend(named_in(b));
        }
        play(&dir, tmp.path(), &secrets, &bodies);
    }
    let (last, state) = latest(&dir);
    seen.push(state);
    assert!(last >= 20, "only {last} steps");
    // Steps older than the newest eight keep only their record; written back, they
    // are the reports the ledger committed to.
    ok(&["regenerate", dir.to_str().unwrap()]);
    assert!(seen.last().is_some_and(|s| s.date.year >= 1915), "the campaign spans more than one game year");
    // The script happened: a reform was public, a fraction rode a fleet.
    let public2 = std::fs::read_to_string(dir.join("reports/2/public.txt")).unwrap();
    assert!(public2.contains("A tyr is formed by guerillas"), "{public2}");
    assert!(seen.iter().any(|s| s.fractions.iter().any(|f| f.aboard)), "no fraction ever boarded");
    if !options.is_empty() {
        let chained = (1..=last).any(|k| {
            std::fs::read_to_string(dir.join(format!("reports/{k}/public.txt")))
                .is_ok_and(|t| t.contains("resolved from the standing preferences"))
        });
        assert!(chained, "no step resolved a phase from standing preferences");
    }

    // What each power may legitimately see: its own fractions, at any time.
    let mut own: BTreeMap<String, BTreeSet<String>> = written;
    let mut all: Vec<(String, String)> = Vec::new();
    for s in &seen {
        for (p, r) in renderings(s) {
            own.entry(p.clone()).or_default().insert(r.clone());
            all.push((p, r));
        }
    }
    all.sort();
    all.dedup();
    assert!(all.len() > 20, "too few fractions to test: {}", all.len());
    let markers = ["only you see", "Your guerillas", "disperses -", "1/3", "1/4", "1/6", "<polygon"];

    let mut files = Vec::new();
    walk(&dir, &mut files);
    // The welcome mails were written at `new`, before any fraction existed; their
    // examples name provinces (`1/3 A(Bur)`) where fractions may be later.
    files.retain(|p| !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("0000-welcome-")));
    let mut checked = 0;
    let mut owner_hits = 0;
    for path in &files {
        let (who, text) = if path.extension().is_some_and(|e| e == "eml") {
            match mail_reader(path) {
                Some((p, t)) if p != "gm" => (Some(p), t),
                _ => continue,
            }
        } else {
            match reader(&dir, path) {
                Some(who) => (who, std::fs::read_to_string(path).unwrap_or_default()),
                None => continue,
            }
        };
        checked += 1;
        let mine = who.as_ref().and_then(|p| own.get(p)).cloned().unwrap_or_default();
        // Every fraction-like phrase in the file, then those that are someone else's.
        let phrases = phrases_in(&text);
        for (owner, r) in &all {
            if Some(owner) == who.as_ref() || mine.contains(r) {
                continue;
            }
            assert!(
                !phrases.contains(r),
                "{} (read by {who:?}) shows {owner}'s fraction '{r}'",
                path.display()
            );
        }
        if who.is_none() {
            for m in markers {
                assert!(!text.contains(m), "{} (public) contains '{m}'", path.display());
            }
        } else if mine.iter().any(|r| text.contains(r.as_str())) {
            owner_hits += 1;
        }
    }
    assert!(checked > 500, "only {checked} files checked");
    assert!(owner_hits > 20, "owners never see their own fractions ({owner_hits})");
    // The GM sees them all, and the whole record verifies, hidden moves included.
    let gm = std::fs::read_to_string(dir.join("reports/1/gm.txt")).unwrap();
    assert!(gm.contains("1/3 A boh") && gm.contains("1/4 A gal"), "{gm}");
    let d = dir.to_str().unwrap();
    ok(&["verify", d]);
    let bundle = tmp.path().join("bundle.json");
    ok(&["audit-bundle", d, "--output", bundle.to_str().unwrap()]);
    ok(&["verify", d, "--bundle", bundle.to_str().unwrap()]);
}
