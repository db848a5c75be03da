//! The GM loop from the outside: the binary, real files, real mails.

mod common;

use common::*;
use std::path::Path;

fn orders(player: &str, secret: &str, lines: &str) -> String {
    format!("GAME g\nPLAYER {player}\nSECRET {secret}\n{lines}\nEND\n")
}

fn setup(tmp: &Path) -> (std::path::PathBuf, std::collections::BTreeMap<String, String>) {
    let dir = tmp.join("g");
    let secrets = new_campaign(&dir, "dice", &["alice", "bob"]);
    (dir, secrets)
}

#[test]
fn systems_lists_the_dice_server() {
    let out = ok(&["systems"]);
    assert!(out.lines().any(|l| l.starts_with("dice ")), "{out}");
}

#[test]
fn new_writes_the_announcement_and_welcome_mails() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, secrets) = setup(tmp.path());
    let a: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("reports/0/public.json")).unwrap()).unwrap();
    assert_eq!(a["trust"], "umpire-v2");
    assert_eq!(a["step"], 0);
    assert_eq!(a["chain_public"].as_str().unwrap().len(), 64);
    // Secrets: at least 80 bits, easy to type, stored only as hashes.
    for s in secrets.values() {
        let symbols = s.chars().filter(|c| c.is_ascii_alphanumeric()).count();
        assert!(symbols * 5 >= 80, "{s}");
    }
    let toml = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    assert!(secrets.values().all(|s| !toml.contains(s.as_str())));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join("secret/master.key")).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "master secret readable by others");
    }
    // A second `new` in the same place changes nothing.
    let (code, _, err) = run(&[
        "new",
        "dice",
        dir.to_str().unwrap(),
        "--player",
        "x=x@example.org",
        "--gm-email",
        "gm@example.org",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("already a campaign"), "{err}");
}

#[test]
fn every_refusal_is_answered_and_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, s) = setup(tmp.path());
    let d = dir.to_str().unwrap();
    let cases: Vec<(&str, String, &str)> = vec![
        ("bad syntax", orders("alice", &s["alice"], "ROLL 2d0 x\nROLL 3d6\nROLL 1d6 fine"), "line 4"),
        ("wrong secret", orders("alice", "AAAA-BBBB-CCCC-DDDD-EEEE", "ROLL 1d6 x"), "secret is wrong"),
        ("no secret", "GAME g\nPLAYER alice\nROLL 1d6 x\nEND\n".into(), "no SECRET"),
        ("unknown player", orders("zed", &s["alice"], "ROLL 1d6 x"), "names no player"),
        (
            "wrong campaign",
            orders("alice", &s["alice"], "ROLL 1d6 x").replace("GAME g", "GAME other"),
            "names another game",
        ),
        (
            "phase not open",
            orders("alice", &s["alice"], "ROLL 1d6 x").replace("GAME g\n", "GAME g\nPHASE S1901M\n"),
            "is not open",
        ),
        ("empty", String::new(), "empty"),
    ];
    for (i, (what, text, expect)) in cases.iter().enumerate() {
        let f = file(tmp.path(), &format!("case{i}.txt"), text);
        let out = ok(&["ingest", d, f.to_str().unwrap()]);
        assert!(out.contains("refused"), "{what}: {out}");
        // The raw input is kept and the refusal, with its reasons, is in the acks.
        let n = i + 1;
        assert_eq!(std::fs::read(dir.join(format!("inbox/{n:06}.eml"))).unwrap(), text.as_bytes(), "{what}");
        let ack = std::fs::read_to_string(dir.join(format!("phases/1/acks/{n:06}.txt"))).unwrap();
        assert!(ack.contains("REFUSED"), "{what}: {ack}");
        assert!(ack.contains(expect), "{what}: expected '{expect}' in {ack}");
    }
    // The bad-syntax refusal names every bad line, not just the first.
    let ack = std::fs::read_to_string(dir.join("phases/1/acks/000001.txt")).unwrap();
    assert!(ack.contains("line 4") && ack.contains("line 5") && !ack.contains("line 6"), "{ack}");
    // Nothing was accepted, so nothing was stored as anyone's orders.
    assert!(ledger(&dir).iter().all(|e| e["event"] != "accept"));
    assert!(!dir.join("phases/1/orders").exists());

    // Oversized input, with a configurable limit.
    let toml = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    std::fs::write(
        dir.join("campaign.toml"),
        toml.replace("max_input_bytes = 1048576", "max_input_bytes = 200"),
    )
    .unwrap();
    let big = orders("alice", &s["alice"], &"ROLL 1d6 filler\n".repeat(20));
    let f = file(tmp.path(), "big.txt", &big);
    let out = ok(&["ingest", d, f.to_str().unwrap()]);
    assert!(out.contains("at most 200"), "{out}");
}

#[test]
fn accepted_orders_resolve_with_receipt_and_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, s) = setup(tmp.path());
    let d = dir.to_str().unwrap();
    let f =
        file(tmp.path(), "a.txt", &orders("alice", &s["alice"], "roll 3d6+2 charge\nROLL 1d20 HIDDEN spy"));
    let out = ok(&["ingest", d, f.to_str().unwrap()]);
    assert!(out.contains("accepted for alice"), "{out}");
    assert!(out.contains("step 1"), "{out}");
    // The ack gives receipt and salt; the player can check r = H(s + sealed).
    let ack = std::fs::read_to_string(dir.join("phases/1/acks/000001.txt")).unwrap();
    // Each under its label (an acknowledgement keeps to 72 columns).
    let under = |label: &str| {
        let mut lines = ack.lines();
        lines.find(|l| l.trim() == label).unwrap();
        lines.next().unwrap().trim().to_string()
    };
    let (receipt, salt) = (under("Receipt:"), under("Salt:"));
    let sealed = std::fs::read(dir.join("phases/1/orders/alice-000001.txt")).unwrap();
    assert!(!String::from_utf8_lossy(&sealed).contains(&s["alice"]), "the sealed file keeps the secret");
    let mut bytes = hex::decode(salt).unwrap();
    bytes.extend_from_slice(&sealed);
    use sha2::Digest;
    assert_eq!(hex::encode(sha2::Sha256::digest(&bytes)), receipt);
    // The public record lists the receipt; the report shows the public die, not the hidden one.
    let public = std::fs::read_to_string(dir.join("reports/1/public.json")).unwrap();
    assert!(public.contains(&receipt));
    let record: serde_json::Value = serde_json::from_str(&public).unwrap();
    assert_eq!(record["rolls"].as_array().unwrap().len(), 4);
    assert!(record["rolls"][3].get("face").is_none());
    // Status shows the next phase; report prints.
    assert!(ok(&["status", d]).contains("Dice requests"));
    assert!(ok(&["report", d, "--format", "bbcode"]).contains("[b]Results[/b]"));
    let out = ok(&["verify", d]);
    assert!(out.contains("verify: OK"), "{out}");
}

#[test]
fn adjudicate_refuses_an_immediate_phase_and_explains() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, _) = setup(tmp.path());
    let (code, _, err) = run(&["adjudicate", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("as it arrives"), "{err}");
}

#[test]
fn duplicate_delivery_is_answered_once() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, s) = setup(tmp.path());
    let d = dir.to_str().unwrap();
    let m = file(
        tmp.path(),
        "m.eml",
        &mail("alice@example.org", "dup1", &orders("alice", &s["alice"], "ROLL 1d6 once")),
    );
    ok(&["ingest", d, m.to_str().unwrap()]);
    let out = ok(&["ingest", d, m.to_str().unwrap()]);
    assert!(out.contains("same mail again"), "{out}");
    // Redelivered by another route: a Received line more, same Message-ID and content.
    let again = format!(
        "Received: from relay.example.org by mx.example.org\r\n{}",
        std::fs::read_to_string(&m).unwrap()
    );
    let m2 = file(tmp.path(), "m2.eml", &again);
    assert!(ok(&["ingest", d, m2.to_str().unwrap()]).contains("same mail again"));
    // The same Message-ID with other content is a new mail, answered.
    let other = mail("alice@example.org", "dup1", &orders("alice", &s["alice"], "ROLL 1d6 twice"));
    let m3 = file(tmp.path(), "m3.eml", &other);
    assert!(ok(&["ingest", d, m3.to_str().unwrap()]).contains("accepted"));
    let acks = count_files(&dir.join("phases/1/acks")) + count_files(&dir.join("phases/2/acks"));
    assert_eq!(acks, 2);
    assert_eq!(ledger(&dir).iter().filter(|e| e["event"] == "step").count(), 2);
}

#[test]
fn tampering_is_named_by_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, s) = setup(tmp.path());
    let d = dir.to_str().unwrap();
    for (i, p) in ["alice", "bob"].iter().enumerate() {
        let f = file(
            tmp.path(),
            &format!("{p}.txt"),
            &orders(p, &s[*p], &format!("ROLL 2d6 volley {i}\nROLL 1d6 HIDDEN scouting {i}")),
        );
        ok(&["ingest", d, f.to_str().unwrap()]);
    }
    let bundle = tmp.path().join("bundle.json");
    ok(&["audit-bundle", d, "-o", bundle.to_str().unwrap()]);
    assert!(ok(&["verify", d, "--bundle", bundle.to_str().unwrap()]).contains("replayed"));

    let copy = |name: &str| {
        let to = tmp.path().join(name);
        let status = std::process::Command::new("cp").args(["-r", d, to.to_str().unwrap()]).status().unwrap();
        assert!(status.success());
        to
    };
    let flip = |path: &Path, from: &str, to: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        assert!(text.contains(from), "{} lacks {from}", path.display());
        std::fs::write(path, text.replacen(from, to, 1)).unwrap();
    };
    let expect_fail = |dir: &Path, bundle: Option<&Path>, expect: &str| {
        let mut args = vec!["verify", dir.to_str().unwrap()];
        if let Some(b) = bundle {
            args.extend(["--bundle", b.to_str().unwrap()]);
        }
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "verify passed a tampered copy: {out}");
        assert!(err.contains(expect), "expected '{expect}' in: {err}");
    };

    // A published human report.
    let t = copy("t1");
    flip(&t.join("reports/2/public.txt"), "Results", "Resulst");
    expect_fail(&t, None, "reports/2/public.txt");

    // A published die.
    let t = copy("t2");
    let p = t.join("reports/1/public.json");
    let rec: serde_json::Value = serde_json::from_slice(&std::fs::read(&p).unwrap()).unwrap();
    let face = rec["rolls"][0]["face"].as_u64().unwrap();
    flip(&p, &format!("\"face\": {face}"), &format!("\"face\": {}", face % 6 + 1));
    expect_fail(&t, None, "reports/1/public.json");

    // A receipt.
    let t = copy("t3");
    let p = t.join("reports/1/public.json");
    let receipt = rec["receipts"][0]["receipt"].as_str().unwrap().to_string();
    let mut forged = receipt.clone();
    forged.replace_range(0..1, if &receipt[0..1] == "0" { "1" } else { "0" });
    flip(&p, &receipt, &forged);
    expect_fail(&t, None, "reports/1/public.json");

    // The ledger.
    let t = copy("t4");
    flip(&t.join("ledger.jsonl"), "\"bytes\":", "\"bytes\":1");
    expect_fail(&t, None, "ledger line");

    // A sealed orders file inside the audit bundle.
    let t = copy("t5");
    let b: serde_json::Value = serde_json::from_slice(&std::fs::read(&bundle).unwrap()).unwrap();
    let sealed = b["steps"][0]["sealed"]["alice"].as_str().unwrap();
    let mut raw = base64_decode(sealed);
    let pos = raw.iter().position(|&c| c == b'v').unwrap();
    raw[pos] = b'w';
    let tampered = tmp.path().join("tampered-bundle.json");
    std::fs::write(
        &tampered,
        std::fs::read_to_string(&bundle).unwrap().replace(sealed, &base64_encode(&raw)),
    )
    .unwrap();
    expect_fail(&t, Some(&tampered), "receipt");
}

fn base64_decode(s: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.decode(s).unwrap()
}

fn base64_encode(b: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(b)
}

#[test]
fn reports_never_show_another_players_hidden_roll() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "dice", &["alice", "bob", "carol"]);
    let d = dir.to_str().unwrap();
    for p in ["alice", "bob", "carol"] {
        let f = file(
            tmp.path(),
            &format!("{p}.txt"),
            &orders(p, &s[p], &format!("ROLL 3d20 HIDDEN secret plan of {p}\nROLL 1d6 open roll of {p}")),
        );
        ok(&["ingest", d, f.to_str().unwrap()]);
    }
    let mut checked = 0;
    for step in 1..=3 {
        let events: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join(format!("state/{step}.events.json"))).unwrap())
                .unwrap();
        for e in events["events"].as_array().unwrap() {
            if e["audience"]["to"] != "players" {
                continue;
            }
            let text = e["text"].as_str().unwrap();
            let allowed: Vec<&str> =
                e["audience"]["players"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
            let escaped = text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;");
            let md = umpire::report::escape("markdown", text);
            let bbcode = umpire::report::escape("bbcode", text);
            for viewer in ["public", "alice", "bob", "carol"] {
                for ext in ["txt", "md", "bbcode", "html"] {
                    let report =
                        std::fs::read_to_string(dir.join(format!("reports/{step}/{viewer}.{ext}"))).unwrap();
                    let shown = report.contains(text)
                        || report.contains(&escaped)
                        || report.contains(&md)
                        || report.contains(&bbcode);
                    assert_eq!(shown, allowed.contains(&viewer), "step {step} {viewer}.{ext}: '{text}'");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 3 * 16, "{checked}");
}

#[test]
fn help_is_there_for_every_command() {
    for cmd in ["new", "status", "ingest", "adjudicate", "report", "send", "verify", "audit-bundle", "demo"] {
        let out = ok(&[cmd, "--help"]);
        assert!(out.contains("Usage"), "{cmd}: {out}");
    }
}

#[test]
fn stdin_mbox_and_maildir_inputs_are_each_answered() {
    use std::io::Write;
    let tmp = tempfile::tempdir().unwrap();
    let (dir, s) = setup(tmp.path());
    let d = dir.to_str().unwrap();
    // One mail on standard input, as a mail server delivers it.
    let mut child = umpire()
        .args(["ingest", d, "--stdin"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let m = mail("alice@example.org", "stdin1", &orders("alice", &s["alice"], "ROLL 1d6 from stdin"));
    child.stdin.take().unwrap().write_all(m.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("accepted for alice"));
    // An mbox of two mails (one good, one with a bad line), with a ">From " line in a body.
    let mbox = format!(
        "From alice@example.org Sun Nov 22 10:00:00 2026\n{}\n\nFrom bob@example.org Sun Nov 22 10:01:00 2026\n{}\n",
        mail(
            "alice@example.org",
            "mb1",
            &format!("{}>From the hills, Alice\n", orders("alice", &s["alice"], "ROLL 2d6 from the mbox"))
        )
        .replace("\r\n", "\n"),
        mail("bob@example.org", "mb2", &orders("bob", &s["bob"], "ROLL 0d6 bad")).replace("\r\n", "\n"),
    );
    let f = file(tmp.path(), "box.mbox", &mbox);
    let out = ok(&["ingest", d, "--mbox", f.to_str().unwrap()]);
    assert!(out.contains("#1: accepted for alice") && out.contains("#2: refused"), "{out}");
    // A maildir with one new mail.
    let md = tmp.path().join("Maildir");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(md.join(sub)).unwrap();
    }
    std::fs::write(
        md.join("new/1.eml"),
        mail("bob@example.org", "md1", &orders("bob", &s["bob"], "ROLL 1d8 from the maildir")),
    )
    .unwrap();
    let out = ok(&["ingest", d, "--maildir", md.to_str().unwrap()]);
    assert!(out.contains("accepted for bob"), "{out}");
    // Four inputs, four answers in the outbox (acks are named by input number).
    let acks = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("-ack-"))
        .count();
    assert_eq!(acks, 4);
    assert!(ok(&["verify", d]).contains("verify: OK"));
}
