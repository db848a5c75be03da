//! Helpers for tests that drive the `umpire` binary from the outside.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn umpire() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_umpire"));
    c.env_remove("UMPIRE_CRASH_AT");
    c
}

/// Runs umpire with `args`; returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    output(umpire().args(args).output().expect("umpire runs"))
}

pub fn output(o: Output) -> (i32, String, String) {
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Runs and insists on success.
pub fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "umpire {args:?} failed\nstdout:\n{out}\nstderr:\n{err}");
    out
}

/// The text body of a mail file, its long lines joined again (see [`unfold`]), so a
/// test may look for a sentence wherever the mail broke it.
pub fn mail_text(path: &Path) -> String {
    unfold(&mail_text_as_sent(path))
}

/// The text body of a mail file, as its reader sees it.
pub fn mail_text_as_sent(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let message = mail_parser::MessageParser::default().parse(&bytes[..]).expect("a mail");
    message.body_text(0).map(|t| t.into_owned()).unwrap_or_default()
}

/// Plain text with the lines umpire broke at 72 columns joined again: a line is a
/// continuation when it is indented deeper than the line it continues and its first
/// word would not have fitted on that line (which is how a break between words is
/// made). Lines that were never broken come out as they are.
pub fn unfold(text: &str) -> String {
    if text.contains("\r\n") {
        return unfold(&text.replace("\r\n", "\n")).replace('\n', "\r\n");
    }
    const WIDTH: usize = 72;
    let indent = |l: &str| l.chars().take_while(|c| *c == ' ').count();
    // Where a line's continuations hang: its indent + 3, after a gap of three spaces,
    // or under its comment's `#` (continuations of a comment start `# `).
    let hangs = |l: &str| -> (Vec<usize>, Option<usize>) {
        let chars: Vec<char> = l.chars().collect();
        let at = indent(l);
        let mut hangs = vec![at + 3];
        let mut i = at;
        while i < chars.len() {
            let start = i;
            while i < chars.len() && chars[i] == ' ' {
                i += 1;
            }
            if i - start >= 3 && i < chars.len() {
                hangs.push(i);
            }
            i += 1;
        }
        let comment = (at..chars.len()).find(|&i| {
            chars[i] == '#' && (i == at || chars[i - 1] == ' ') && chars.get(i + 1).is_none_or(|c| *c == ' ')
        });
        (hangs, comment)
    };
    let mut out: Vec<String> = Vec::new();
    let mut head_hangs: (Vec<usize>, Option<usize>) = (Vec::new(), None);
    let mut last = usize::MAX; // the width of the last piece
    let mut quoted = false;
    for line in text.split('\n') {
        if line.len() >= 20 && line.bytes().all(|b| b == b'-') {
            quoted = !quoted;
        }
        let at = indent(line);
        let body = line.trim_start();
        let (comment_goes_on, body) = match body.strip_prefix("# ") {
            Some(b) if head_hangs.1 == Some(at) => (true, b),
            _ => (false, body),
        };
        let first = body.split(' ').next().unwrap_or("").chars().count();
        let continues = !quoted
            && !out.is_empty()
            && !body.is_empty()
            && (comment_goes_on || head_hangs.0.contains(&at))
            && last.saturating_add(1 + first) > WIDTH;
        match out.last_mut() {
            Some(prev) if continues => {
                prev.push(' ');
                prev.push_str(body);
            }
            _ => {
                out.push(line.to_string());
                head_hangs = hangs(line);
            }
        }
        last = line.chars().count();
    }
    out.join("\n")
}

/// Creates a campaign of `system` with `players` (name@example.org each) and returns
/// each player's secret, read from the welcome mail the way the player reads it.
pub fn new_campaign(dir: &Path, system: &str, players: &[&str]) -> BTreeMap<String, String> {
    new_campaign_with(dir, system, players, &[])
}

/// [`new_campaign`] with `--option KEY=VALUE` for each of `options`.
pub fn new_campaign_with(
    dir: &Path,
    system: &str,
    players: &[&str],
    options: &[&str],
) -> BTreeMap<String, String> {
    let mut args = vec!["new".to_string(), system.to_string(), dir.display().to_string()];
    for o in options {
        args.push("--option".into());
        args.push(o.to_string());
    }
    for p in players {
        args.push("--player".into());
        args.push(format!("{p}={p}@example.org"));
    }
    args.extend([
        "--gm-email".into(),
        "gm@example.org".into(),
        "--address".into(),
        "game@example.org".into(),
    ]);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    ok(&refs);
    players.iter().map(|p| (p.to_string(), welcome_secret(dir, p))).collect()
}

/// A player's secret, read from their welcome mail the way the player reads it.
pub fn welcome_secret(dir: &Path, player: &str) -> String {
    let text = mail_text(&dir.join(format!("outbox/0000-welcome-{player}.eml")));
    text.lines()
        .find_map(|l| l.strip_prefix("Your secret: "))
        .unwrap_or_else(|| panic!("no secret in {player}'s welcome mail:\n{text}"))
        .trim()
        .to_string()
}

/// The text of the newest acknowledgement in the outbox ("" if there is none).
pub fn newest_ack(dir: &Path) -> String {
    let mut acks: Vec<PathBuf> = std::fs::read_dir(dir.join("outbox"))
        .map(|r| r.flatten().map(|e| e.path()).filter(|p| p.to_string_lossy().contains("-ack-")).collect())
        .unwrap_or_default();
    acks.sort();
    acks.last().map(|p| mail_text(p)).unwrap_or_default()
}

/// The id of the phase `status` shows as open.
pub fn open_phase(dir: &Path) -> String {
    let out = ok(&["status", dir.to_str().unwrap()]);
    let line = out.lines().find(|l| l.starts_with("open: ")).unwrap_or_else(|| panic!("{out}"));
    let id = line.rsplit_once('(').and_then(|(_, r)| r.split_once(')')).map(|(id, _)| id.to_string());
    id.unwrap_or_else(|| panic!("{line}"))
}

/// Writes `text` to a file in `dir` and returns its path.
pub fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write input");
    p
}

/// A plain mail from `from` with `body`.
pub fn mail(from: &str, id: &str, body: &str) -> String {
    format!(
        "From: {from}\r\nTo: game@example.org\r\nSubject: orders\r\nMessage-ID: <{id}@example.org>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
        body.replace('\n', "\r\n")
    )
}

pub fn ledger(dir: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(dir.join("ledger.jsonl"))
        .expect("ledger")
        .lines()
        .map(|l| serde_json::from_str(l).expect("ledger line"))
        .collect()
}

pub fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|r| r.flatten().count()).unwrap_or(0)
}

/// The directory of the shared project files (rules, DATC, maps), if present.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(rel);
    if p.exists() {
        Some(p)
    } else {
        println!("SKIP: {} not found", p.display());
        None
    }
}

/// The newest step's report for `reader` (a player, `public` or `gm`), as text.
pub fn newest_report(dir: &Path, reader: &str) -> String {
    let last = std::fs::read_dir(dir.join("reports"))
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u64>().ok())
        .max()
        .unwrap();
    unfold(&std::fs::read_to_string(dir.join(format!("reports/{last}/{reader}.txt"))).unwrap())
}

/// Every file under `dir`, sorted.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A web server child process, stopped when dropped.
pub struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `python3 -m http.server` on a free loopback port, serving `root`.
pub fn serve(root: &Path) -> (Server, u16) {
    let mut child = std::process::Command::new("python3")
        .args(["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory"])
        .arg(root)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("python3 runs");
    let out = child.stdout.take().expect("stdout");
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut line)
        .expect("the server says its port");
    let port =
        line.split(" port ").nth(1).and_then(|r| r.split_whitespace().next()).and_then(|p| p.parse().ok());
    (Server(child), port.unwrap_or_else(|| panic!("no port in {line:?}")))
}
