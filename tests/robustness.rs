//! No orders file, however odd, may crash a system's parser: every system checks
//! thousands of random lines (token soup from real orders, junk, long and non-ASCII
//! text) and must answer each with accepted orders or line errors.

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use umpire::engine::{GameData, Setup};
use umpire::games;

const TOKENS: &[&str] = &[
    "A",
    "F",
    "-",
    "->",
    "S",
    "C",
    "H",
    "R",
    "to",
    "via",
    "convoy",
    "supports",
    "holds",
    "build",
    "remove",
    "waive",
    "disband",
    "disperses",
    "1/3",
    "1/2",
    "2/3",
    "0/0",
    "reform",
    "from",
    "board",
    "aboard",
    "ROLL",
    "2d6",
    "d%",
    "HIDDEN",
    "TO",
    "MOVE",
    "ATTACK",
    "PLACE",
    "division",
    "lok",
    "police",
    "ATH",
    "LAR",
    "/1",
    "/9",
    "lon",
    "stp/nc",
    "stp(sc)",
    "bul",
    "ec",
    "nc",
    "par",
    "bur",
    "tyr",
    "ark",
    "aro",
    "DRAW",
    "CONCEDE",
    "france",
    "austria",
    "gov",
    "dse",
    ":",
    ",",
    "(",
    ")",
    "é",
    "日本",
    "\u{0}",
    "\u{202e}",
    "99999999999999999999",
    "-1",
    "0",
    "",
    "  ",
    "#",
];

fn random_body(rng: &mut ChaCha20Rng) -> String {
    let lines = 1 + rng.next_u32() % 6;
    let mut body = String::new();
    for _ in 0..lines {
        match rng.next_u32() % 10 {
            0 => body.push_str(&"x".repeat(5000)),
            1 => {
                let bytes: Vec<u8> = (0..40).map(|_| (rng.next_u32() % 256) as u8).collect();
                body.push_str(&String::from_utf8_lossy(&bytes));
            }
            _ => {
                let words = 1 + rng.next_u32() % 9;
                let line: Vec<&str> =
                    (0..words).map(|_| TOKENS[(rng.next_u32() as usize) % TOKENS.len()]).collect();
                body.push_str(&line.join(" "));
            }
        }
        body.push('\n');
    }
    body
}

#[test]
fn no_system_panics_on_random_orders() {
    let mut rng = ChaCha20Rng::seed_from_u64(2026);
    for info in games::SYSTEMS {
        let data = GameData::embedded(info.name, info.files);
        let demo: toml::Value =
            toml::from_str(&data.text("demo.toml").expect("every system has a demo.toml")).unwrap();
        let players: Vec<String> =
            demo["players"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
        let options = demo
            .get("options")
            .and_then(|o| o.as_table())
            .map(|t| t.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect())
            .unwrap_or_default();
        let engine = (info.open)(&data).unwrap();
        let state = engine
            .setup(&Setup { campaign: "robust", players: &players, scenario: None, options: &options })
            .unwrap();
        let mut answered = 0;
        for i in 0..1500 {
            let player = &players[i % players.len()];
            let body = random_body(&mut rng);
            match engine.check(&state, player, &body).unwrap() {
                Ok(_) => {}
                Err(errors) => {
                    let lines = body.lines().count().max(1);
                    for e in &errors {
                        assert!(e.line <= lines + 1, "{}: error on line {} of {lines}", info.name, e.line);
                        assert!(!e.reason.is_empty());
                    }
                }
            }
            answered += 1;
        }
        assert_eq!(answered, 1500, "{}", info.name);
    }
}

#[test]
fn mail_and_envelope_parsers_never_panic() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let headers = [
        "From: a@b\r\n",
        "Content-Type: multipart/mixed; boundary=x\r\n",
        "Content-Transfer-Encoding: base64\r\n",
        "Content-Type: text/html; charset=iso-8859-1\r\n",
        "Auto-Submitted: no\r\n",
        "\r\n",
        "--x\r\n",
        "Content-Transfer-Encoding: quoted-printable\r\n",
        "=E9=\r\n",
        "GAME g\r\n",
        "SIGNON a@g s\r\n",
        "PLAYER\r\n",
        "SECRET \r\n",
        "END\r\n",
        "> quoted\r\n",
        "<div>x</div>",
        "&amp;&#x0;&#99999999;",
    ];
    for _ in 0..3000 {
        let mut raw = Vec::new();
        for _ in 0..(rng.next_u32() % 20) {
            if rng.next_u32() % 5 == 0 {
                raw.extend((0..16).map(|_| (rng.next_u32() % 256) as u8));
            } else {
                raw.extend_from_slice(headers[(rng.next_u32() as usize) % headers.len()].as_bytes());
            }
        }
        let mail = umpire::mail::parse_mail(&raw);
        let _ = umpire::orders::parse_envelope(&mail.text);
        for (_, text) in &mail.attachments {
            let _ = umpire::orders::parse_envelope(text);
        }
        let _ = umpire::mail::split_mbox(&raw);
    }
}
