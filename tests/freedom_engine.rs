//! Freedom! Messolonghi from the outside: the binary, real mails, real files. The demo
//! verifies and a changed hidden shuffle die does not; a hand is shown to its owner
//! alone (the whole published set is searched for its card texts); a card edited in
//! the campaign's own `cards.toml` changes play, the footer names the GM's copy, and
//! the campaign verifies.

mod common;

use common::*;
use std::path::Path;

fn send(tmp: &Path, dir: &Path, n: &mut usize, player: &str, secret: &str, body: &str) -> String {
    *n += 1;
    let text = format!("GAME g\nPLAYER {player}\nSECRET {secret}\n{body}\nEND\n");
    let f = file(tmp, &format!("m{n}.eml"), &mail(&format!("{player}@example.org"), &format!("m{n}"), &text));
    ok(&["ingest", dir.to_str().unwrap(), f.to_str().unwrap()])
}

fn state(dir: &Path) -> serde_json::Value {
    let last = std::fs::read_dir(dir.join("state"))
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".json")?.parse::<u64>().ok())
        .max()
        .unwrap();
    serde_json::from_str(&std::fs::read_to_string(dir.join(format!("state/{last}.json"))).unwrap()).unwrap()
}

#[test]
fn freedom_is_listed_and_its_demo_plays_round_1_as_the_issue_asks() {
    assert!(ok(&["systems"]).contains("freedom-messolonghi"));
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let out = ok(&["demo", "--seed", "1", "--system", "freedom-messolonghi", "--dir", dir.to_str().unwrap()]);
    for needle in [
        "the decks are NOT shuffled (option deal=listed",
        "Insurgent discards A11 to claim A01",
        "Imperial plays A04 \u{201c}Sappers' Mine\u{201d} as its event",
        "(R1-LAST)",
        // The card claimed is the Insurgent's last play: A14 from the sample orders,
        // or A13, the default, when the dice took W3's unit before her ATTACK FROM W3.
        "Imperial discards A08 to claim A1",
        "Round 1: the Cannons resolved",
        "the city of",
        "Round 2",
        "verify with the audit bundle: OK",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    // The THEN block played eleni's fourth card without a mail; she alone is told.
    let block = std::fs::read_to_string(dir.join("reports/6/eleni.txt")).unwrap();
    assert!(block.contains("played by your block 'THEN IF OPPONENT PLAYS ANY'"), "{block}");
    assert!(!std::fs::read_to_string(dir.join("reports/6/public.txt")).unwrap().contains("your block"));
}

#[test]
fn a_changed_deck_order_in_the_bundle_fails_verify() {
    let tmp = tempfile::tempdir().unwrap();
    let keep = tmp.path().join("kept");
    ok(&[
        "soak",
        "--system",
        "freedom-messolonghi",
        "--games",
        "1",
        "--seed",
        "2",
        "--max-steps",
        "6",
        "--keep",
        keep.to_str().unwrap(),
    ]);
    let dir = keep.join("game-0");
    let bundle_path = tmp.path().join("b.json");
    ok(&["audit-bundle", dir.to_str().unwrap(), "-o", bundle_path.to_str().unwrap()]);
    // The hidden dice are re-derived from the revealed secret; what the bundle reveals
    // of their work is the deck order in each step's state. Swap two cards of it.
    let mut b: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&bundle_path).unwrap()).unwrap();
    let step = b["steps"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|s| s["state"]["deck"]["draw"].as_array().is_some_and(|d| d.len() > 1 && d.len() < 50))
        .expect("a step after the deal");
    let draw = step["state"]["deck"]["draw"].as_array_mut().unwrap();
    draw.swap(0, 1);
    let forged = serde_json::to_string_pretty(&b).unwrap();
    let tampered = tmp.path().join("tampered.json");
    std::fs::write(&tampered, forged).unwrap();
    let (code, _, err) = run(&["verify", dir.to_str().unwrap(), "--bundle", tampered.to_str().unwrap()]);
    assert_eq!(code, 1, "a changed deck order passed");
    assert!(!err.is_empty());
}

#[test]
fn a_hand_is_its_owners_alone_and_a_gms_card_changes_play() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let s = new_campaign(&dir, "freedom-messolonghi", &["kutahi", "eleni"]);
    // The GM's own copy: Marsh Diseases costs the Camp five units, not two.
    let own = dir.join("games/freedom-messolonghi");
    std::fs::create_dir_all(&own).unwrap();
    let builtin = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("games/freedom-messolonghi/cards.toml"),
    )
    .unwrap();
    let from = "effects = [{ op = \"units\", side = \"imperial\", n = -2, at = \"camp\" }]";
    assert!(builtin.contains(from));
    std::fs::write(own.join("cards.toml"), builtin.replacen(from, &from.replace("-2", "-5"), 1)).unwrap();
    let config = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    let unpinned: Vec<&str> = config.lines().filter(|l| !l.contains("cards.toml")).collect();
    std::fs::write(dir.join("campaign.toml"), unpinned.join("\n") + "\n").unwrap();
    let mut n = 0;
    for p in ["kutahi", "eleni"] {
        assert!(
            send(tmp.path(), &dir, &mut n, p, &s[p], "READY").contains("accepted"),
            "{}",
            newest_ack(&dir)
        );
    }
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    assert_eq!(open_phase(&dir), "R1-ADV");
    let st = state(&dir);
    let hand: Vec<String> =
        st["insurgent"]["hand"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    assert_eq!(hand.len(), 8);
    // Her report lists her cards with their text; the public and Imperial ones do not.
    let cards: toml::Value = toml::from_str(&builtin).unwrap();
    let text_of = |id: &str| -> String {
        cards["card"].as_array().unwrap().iter().find(|c| c["id"].as_str() == Some(id)).unwrap()["text"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let eleni = unfold(&ok(&["report", dir.to_str().unwrap(), "--for", "eleni"]));
    assert!(eleni.contains("Insurgent's hand"), "{eleni}");
    for c in &hand {
        assert!(eleni.contains(&text_of(c)), "{c} missing from her report");
    }
    let published = tmp.path().join("pub");
    ok(&["publish", dir.to_str().unwrap(), published.to_str().unwrap()]);
    let mut stack = vec![published.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            // The data files are public (every card's text); what is private is the hand.
            if e.file_name() == "games" {
                continue;
            }
            if e.path().is_dir() {
                stack.push(e.path());
                continue;
            }
            let body = String::from_utf8_lossy(&std::fs::read(e.path()).unwrap()).to_string();
            for c in &hand {
                assert!(!body.contains(&text_of(c)), "{} shows {c}", e.path().display());
            }
        }
    }
    let kutahi = ok(&["report", dir.to_str().unwrap(), "--for", "kutahi"]);
    for c in &hand {
        assert!(!kutahi.contains(&text_of(c)), "the Imperial report shows {c}");
    }
    assert!(kutahi.contains("cards.toml sha256") && kutahi.contains("(the GM's copy)"), "{kutahi}");
    // The edited card in play: the Insurgent claims or the Empire plays it for AP.
    // Read as the campaign reads it: the embedded files with the GM's copy over them.
    use umpire::games::freedom_messolonghi::data::{Data, FILES};
    let data =
        Data::load(&umpire::engine::GameData::new("freedom-messolonghi", FILES, Some(own.clone()))).unwrap();
    assert!(data.files.iter().any(|f| f.name == "cards.toml" && !f.builtin));
    let mut st = umpire::games::freedom_messolonghi::setup::new_state(
        &data,
        umpire::games::freedom_messolonghi::state::Players { imperial: "k".into(), insurgent: "e".into() },
    );
    st.insurgent.hand = vec!["A01".into()];
    let mut log = umpire::games::freedom_messolonghi::actions::Said::default();
    umpire::games::freedom_messolonghi::play::run(
        &mut st,
        &data,
        umpire::games::freedom_messolonghi::state::Side::Insurgent,
        &["PLAY A01 EVENT".into()],
        false,
        &mut umpire::engine::roll::Given::default(),
        &mut log,
    )
    .unwrap();
    assert_eq!(st.stack("CAMP").expeditionary, 0, "the GM's Marsh Diseases takes all five");
    let bundle = tmp.path().join("b.json");
    ok(&["audit-bundle", dir.to_str().unwrap(), "-o", bundle.to_str().unwrap()]);
    assert!(
        ok(&["verify", dir.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()])
            .contains("every step replayed")
    );
}
