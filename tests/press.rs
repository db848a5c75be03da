//! Press by mail, from the outside: njudge-style blocks in orders mails, the options
//! that allow them, the acknowledgement, private delivery, and broadcast press in the
//! next reports and the public ledger (grey press with no sender anywhere public).

mod common;

use common::*;
use std::path::Path;

fn campaign(dir: &Path, options: &[&str]) -> std::collections::BTreeMap<String, String> {
    let d = dir.to_str().unwrap();
    let mut args = vec!["new", "diplomacy", d];
    let players = ["england", "france", "germany", "italy", "austria", "russia", "turkey"];
    let owned: Vec<String> = players.iter().map(|p| format!("{p}={p}@example.org")).collect();
    for p in &owned {
        args.extend(["--player", p.as_str()]);
    }
    args.extend(["--gm-email", "gm@example.org", "--address", "game@example.org"]);
    for o in options {
        args.extend(["--option", o]);
    }
    ok(&args);
    players.iter().map(|p| (p.to_string(), welcome_secret(dir, p))).collect()
}

fn send(dir: &Path, name: &str, body: &str) -> String {
    let path = file(
        dir.parent().unwrap(),
        name,
        &mail(&format!("{}@example.org", name.split('-').next().unwrap()), name, body),
    );
    ok(&["ingest", dir.to_str().unwrap(), path.to_str().unwrap()])
}

fn outbox_with(dir: &Path, needle: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir.join("outbox"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(needle))
        .collect();
    out.sort();
    out
}

#[test]
fn white_grey_and_private_press_go_where_they_should() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = campaign(&dir, &["press=grey", "private_press=yes"]);
    let d = dir.to_str().unwrap();

    // France: orders, white press, grey press and a private letter, in one mail.
    let body = format!(
        "GAME g\nPLAYER france\nSECRET {}\nA par - bur\nPRESS TO ALL\nFrance seeks only peace.\nENDPRESS\nPRESS TO ALL ANON\nBeware the Kaiser's smile.\nENDPRESS\nPRESS TO ENGLAND\nShall we share the Channel?\nENDPRESS\nA mar - spa\nEND\n",
        s["france"]
    );
    let said = send(&dir, "france-1", &body);
    assert!(said.contains("accepted for france"), "{said}");
    let ack = newest_ack(&dir);
    assert_eq!(ack.matches("SENT:").count(), 3, "{ack}");
    assert!(ack.contains("anonymously (grey press)"), "{ack}");
    // The sealed file holds the orders, not the press.
    let sealed = ack.split("between the lines:").nth(1).unwrap_or_default();
    assert!(sealed.contains("A par - bur") && sealed.contains("A mar - spa"), "{ack}");
    assert!(!sealed.contains("Channel") && !sealed.contains("peace"), "press was sealed:\n{ack}");

    // The private letter went out at once, to England and the GM only.
    let private = outbox_with(&dir, "-press-");
    assert_eq!(private.len(), 2, "{private:?}");
    let texts: Vec<(String, String)> = private
        .iter()
        .map(|n| {
            let raw = std::fs::read_to_string(dir.join("outbox").join(n)).unwrap();
            let to = raw.lines().find(|l| l.starts_with("To:")).unwrap_or_default().to_string();
            (to, mail_text(&dir.join("outbox").join(n)))
        })
        .collect();
    assert!(texts.iter().any(|(to, _)| to.contains("england@example.org")), "{texts:?}");
    assert!(texts.iter().any(|(to, _)| to.contains("gm@example.org")), "{texts:?}");
    assert!(texts.iter().all(|(_, t)| t.contains("Shall we share the Channel?")));

    // Germany orders, then sends press only: its orders stand.
    let said = send(
        &dir,
        "germany-1",
        &format!("GAME g\nPLAYER germany\nSECRET {}\nA mun - ruh\nEND\n", s["germany"]),
    );
    assert!(said.contains("accepted"), "{said}");
    let said = send(
        &dir,
        "germany-2",
        &format!(
            "GAME g\nPLAYER germany\nSECRET {}\nPRESS TO ALL\nGermany agrees.\nENDPRESS\n",
            s["germany"]
        ),
    );
    assert!(said.contains("press from germany: 1 sent"), "{said}");
    assert!(newest_ack(&dir).contains("your orders are unchanged"), "{}", newest_ack(&dir));

    ok(&["adjudicate", d, "--force"]);
    let public = std::fs::read_to_string(dir.join("reports/1/public.txt")).unwrap();
    assert!(public.contains("A Munich - Ruhr"), "Germany's orders were kept:\n{public}");
    let white = public.find("France seeks only peace.").expect("white press in the report");
    let grey = public.find("Beware the Kaiser's smile.").expect("grey press in the report");
    let german = public.find("Germany agrees.").expect("press-only press in the report");
    // Signed press in the order it arrived, then grey press: its place among the
    // signed letters would otherwise hint at its writer.
    assert!(white < german && german < grey, "press out of order:\n{public}");
    assert!(public.contains("From france:"), "{public}");
    assert!(public.contains("From an unsigned writer (grey press):"), "{public}");
    assert!(!public.contains("Channel"), "private press in the public report:\n{public}");
    for f in ["md", "bbcode", "html"] {
        let r = std::fs::read_to_string(dir.join(format!("reports/1/public.{f}"))).unwrap();
        assert!(r.contains("Beware the Kaiser"), "public.{f} lacks the press");
    }

    // The published set: the grey press has no sender, the private press is absent.
    let out = tmp.path().join("pub");
    ok(&["publish", d, out.to_str().unwrap()]);
    ok(&["verify", out.to_str().unwrap()]);
    let ledger = std::fs::read_to_string(out.join("ledger.jsonl")).unwrap();
    let step: serde_json::Value = ledger
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["event"] == "step")
        .expect("a step line");
    let press = step["press"].as_array().expect("press on the step line");
    assert_eq!(press.len(), 3);
    assert_eq!(press[0]["by"], "france");
    assert_eq!(press[1]["by"], "germany");
    assert!(press[2].get("by").is_none(), "grey press carries a writer: {}", press[2]);
    for p in files_under(&out) {
        let text = String::from_utf8_lossy(&std::fs::read(&p).unwrap()).into_owned();
        assert!(!text.contains("Shall we share"), "{} holds private press", p.display());
    }
    // The GM's own files say who wrote the grey press.
    let held = std::fs::read_dir(dir.join("press/1")).unwrap().flatten().count();
    assert!(held >= 3, "the GM keeps the press with its senders");

    // Every step replays with its press.
    ok(&["audit-bundle", d, "-o", tmp.path().join("b.json").to_str().unwrap()]);
    ok(&["verify", d, "--bundle", tmp.path().join("b.json").to_str().unwrap()]);
}

#[test]
fn the_campaign_decides_what_press_it_takes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = campaign(&dir, &["press=white", "private_press=no", "press_limit=40"]);
    let body = format!(
        "GAME g\nPLAYER france\nSECRET {}\nPRESS TO ALL ANON\nwho am I\nENDPRESS\nPRESS TO ENGLAND\nhello\nENDPRESS\nPRESS TO ALL\nThis broadcast is well over forty characters long.\nENDPRESS\nPRESS TO ALL\nShort.\nENDPRESS\nPRESS TO ITALY\nx\nENDPRESS\n",
        s["france"]
    );
    let said = send(&dir, "france-1", &body);
    assert!(said.contains("1 sent, 4 not sent"), "{said}");
    let ack = newest_ack(&dir);
    assert!(ack.contains("no anonymous (grey) press"), "{ack}");
    assert!(ack.contains("no private press"), "{ack}");
    assert!(ack.contains("the limit is 40"), "{ack}");
    assert!(outbox_with(&dir, "-press-").is_empty());

    // An unterminated block takes nothing of the mail, and says where it started.
    let before = std::fs::read_dir(dir.join("phases/1/orders")).map(|r| r.count()).unwrap_or(0);
    let said = send(
        &dir,
        "france-2",
        &format!("GAME g\nPLAYER france\nSECRET {}\nA par - bur\nPRESS TO ALL\nno end\n", s["france"]),
    );
    assert!(said.contains("refused"), "{said}");
    assert!(newest_ack(&dir).contains("line 5"), "{}", newest_ack(&dir));
    let after = std::fs::read_dir(dir.join("phases/1/orders")).map(|r| r.count()).unwrap_or(0);
    assert_eq!(before, after, "a refused mail stored orders");

    let tmp2 = tempfile::tempdir().unwrap();
    let quiet = tmp2.path().join("q");
    let s = campaign(&quiet, &["press=none"]);
    let said = send(
        &quiet,
        "france-1",
        &format!("GAME q\nPLAYER france\nSECRET {}\nPRESS TO ALL\nhi\nENDPRESS\n", s["france"]),
    );
    assert!(said.contains("0 sent, 1 not sent"), "{said}");
    assert!(newest_ack(&quiet).contains("no broadcast press"));
}

/// The README's press example is taken as it stands (with the player's own secret) in
/// the walk-through's game, made with grey press allowed.
#[test]
fn the_readme_example_is_taken_as_it_stands() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme.split("## Press\n").nth(1).expect("a Press section");
    let example = section.split("```\n").nth(1).expect("an example block");
    assert!(example.starts_with("GAME kursk"), "{example}");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("kursk");
    let d = dir.to_str().unwrap();
    ok(&[
        "new",
        "dice",
        d,
        "--option",
        "rounds=yes",
        "--option",
        "press=grey",
        "--player",
        "anna=anna@example.org",
        "--player",
        "ben=ben@example.org",
        "--gm-email",
        "gm@example.org",
        "--address",
        "kursk@example.org",
    ]);
    let secret = welcome_secret(&dir, "anna");
    let body = example.replace("K7QF-2M9X-8R4T-PW3D-6HJN", &secret);
    let said = send(&dir, "anna-1", &body);
    assert!(said.contains("accepted for anna"), "{said}");
    let ack = newest_ack(&dir);
    assert_eq!(ack.matches("SENT:").count(), 3, "{ack}");
    assert!(!ack.contains("NOT SENT"), "{ack}");
    assert!(ack.contains("ROLL 2d6"), "the orders are read without the press:\n{ack}");
}

/// The welcome mail's press example is taken as it stands: a mail of press alone,
/// before any orders are due.
#[test]
fn the_welcome_press_example_is_taken_as_it_stands() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    campaign(&dir, &["press=grey"]);
    let text = mail_text(&dir.join("outbox/0000-welcome-france.eml"));
    assert!(text.contains("PRESS TO ALL ANON prints it unsigned"), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let press = lines.iter().position(|l| l.trim() == "PRESS TO ALL").expect("a press example");
    let start = lines[..press].iter().rposition(|l| l.starts_with("  GAME ")).expect("its GAME line");
    let end = press + lines[press..].iter().position(|l| l.trim() == "END").expect("its END line");
    let body: String = lines[start..=end].iter().map(|l| format!("{}\n", l.trim())).collect();
    let said = send(&dir, "france-1", &body);
    assert!(said.contains("press from france: 2 sent, 0 not sent"), "{said}\n{body}");
    // The other player named in the example had it at once.
    let private = outbox_with(&dir, "-press-");
    assert_eq!(private.len(), 2, "{private:?}");
}

/// Issue 29, item 1, by attack: many grey letters, each sent inside an orders mail by
/// a writer in a random order; the attacker, holding the published set alone (the
/// public ledger with its dated accepts, and the public reports), pairs the i-th grey
/// letter of a step with the i-th accepted mail of that step. With the grey letters in
/// arrival order (a campaign made before the change) that names nearly every writer;
/// in a new campaign it does no better than chance (1 in 7).
#[test]
fn grey_press_cannot_be_traced_to_its_writer_by_the_order_of_accepted_mails() {
    let units = [
        ("austria", "A Vie"),
        ("england", "F Lon"),
        ("france", "A Par"),
        ("germany", "A Ber"),
        ("italy", "A Rom"),
        ("russia", "A Mos"),
        ("turkey", "A Con"),
    ];
    let play = |dir: &Path, steps: usize, seed: u64| -> (usize, usize) {
        let secrets = {
            let raw = std::fs::read_to_string(dir.join("secrets.json")).unwrap();
            serde_json::from_str::<std::collections::BTreeMap<String, String>>(&raw).unwrap()
        };
        let mut rng = seed;
        let mut next = |n: usize| {
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((rng >> 33) as usize) % n
        };
        let mut writer_of = std::collections::BTreeMap::new();
        let mut sent = 0;
        for step in 0..steps {
            let mut order: Vec<usize> = (0..units.len()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, next(i + 1));
            }
            for i in order {
                let (power, unit) = units[i];
                let token = format!("TOKEN{step}X{}", next(1_000_000));
                writer_of.insert(token.clone(), power.to_string());
                let body = format!(
                    "GAME g\nPLAYER {power}\nSECRET {}\n{unit} H\nPRESS TO ALL ANON\nA letter, {token}.\nENDPRESS\nEND\n",
                    secrets[power]
                );
                sent += 1;
                send(dir, &format!("{power}-s{step}"), &body);
            }
            ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
        }
        // The attacker's view: the published set only.
        let public = dir.parent().unwrap().join(format!("pub-{seed}"));
        ok(&["publish", dir.to_str().unwrap(), public.to_str().unwrap()]);
        let ledger = std::fs::read_to_string(public.join("ledger.jsonl")).unwrap();
        let mut accepts: std::collections::BTreeMap<u64, Vec<String>> = Default::default();
        for line in ledger.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            if v["event"] == "accept" {
                accepts
                    .entry(v["step"].as_u64().unwrap())
                    .or_default()
                    .push(v["player"].as_str().unwrap().to_string());
            }
        }
        let mut right = 0;
        for (k, players) in &accepts {
            let Ok(report) = std::fs::read_to_string(public.join(format!("reports/{k}/public.txt"))) else {
                continue;
            };
            let tokens: Vec<&str> =
                report.split("TOKEN").skip(1).map(|t| t.split('.').next().unwrap()).collect();
            for (i, t) in tokens.iter().enumerate() {
                let guess = players.get(i);
                if guess == writer_of.get(&format!("TOKEN{t}")) {
                    right += 1;
                }
            }
        }
        (right, sent)
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut results = Vec::new();
    for (name, shuffled) in [("old", false), ("new", true)] {
        let dir = tmp.path().join(name).join("g");
        std::fs::create_dir_all(dir.parent().unwrap()).unwrap();
        let secrets = campaign(&dir, &["press=grey"]);
        std::fs::write(dir.join("secrets.json"), serde_json::to_string(&secrets).unwrap()).unwrap();
        if !shuffled {
            // A campaign made before grey letters were shuffled.
            let toml = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
            assert!(toml.contains("shuffle_grey = true"), "{toml}");
            std::fs::write(dir.join("campaign.toml"), toml.replace("shuffle_grey = true\n", "")).unwrap();
        }
        results.push(play(&dir, 10, 7));
    }
    let (old_right, sent) = results[0];
    let (new_right, _) = results[1];
    println!("grey-press attack: arrival order {old_right} of {sent} right, shuffled {new_right} of {sent}");
    // 70 letters in 10 steps of 7: a fair shuffle leaves one letter in its place a step
    // on average, 10 right in all with σ = √10 ≈ 3.2; arrival order gives all 70. A fair
    // shuffle reaches 30 about once in four million runs (the exact sum of ten 7-card
    // fixed-point counts); the old bound, 20, failed once in 290 and failed a CI run.
    assert!(old_right > sent / 2, "the attack should work on arrival order: {old_right} of {sent}");
    assert!(new_right <= sent / 7 + 19, "grey letters traced: {new_right} of {sent} right");
}
