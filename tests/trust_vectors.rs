//! The README's worked vectors for Trust v1, computed by the Rust implementation and
//! compared with `tests/trust_vectors.json`, which the independent Python verifier
//! (`tests/verify_trust.py --vectors`) generated from the specification alone.

use serde_json::Value;
use umpire::dice::Stream;
use umpire::trust::{self, Chains, dice_key, hidden_dice_key, orders_digest, receipt, state_commitment};

fn vectors() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/trust_vectors.json");
    serde_json::from_slice(&std::fs::read(path).expect("tests/trust_vectors.json")).expect("valid JSON")
}

fn hash(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_else(|| panic!("vector {key} missing")).to_string()
}

#[test]
fn rust_agrees_with_the_independent_vectors() {
    let v = vectors();
    let master: [u8; 32] = trust::parse_hash(&hash(&v, "master_secret")).expect("master");
    let chains = Chains::new(&master, v["chain_length"].as_u64().expect("length"));
    let campaign = hash(&v, "campaign");
    let step = v["step"].as_u64().expect("step");
    assert_eq!(trust::hex(&chains.public(0).unwrap()), hash(&v, "c0"));
    assert_eq!(trust::hex(&chains.hidden(0).unwrap()), hash(&v, "h0"));
    let c1 = chains.public(step).unwrap();
    let h1 = chains.hidden(step).unwrap();
    assert_eq!(trust::hex(&c1), hash(&v, "c1"));
    assert_eq!(trust::hex(&h1), hash(&v, "h1"));

    let orders = hash(&v, "orders_file");
    let r = receipt(&h1, &hash(&v, "player"), orders.as_bytes());
    assert_eq!(trust::hex(&r.salt), hash(&v, "salt"));
    assert_eq!(trust::hex(&r.receipt), hash(&v, "receipt"));

    let digest = orders_digest(&[("bob".to_string(), None), ("alice".to_string(), Some(r.receipt))]);
    assert_eq!(trust::hex(&digest), hash(&v, "orders_digest"));
    let k = dice_key(&campaign, step, &c1, &digest);
    assert_eq!(trust::hex(&k), hash(&v, "dice_key_public"));
    assert_eq!(trust::hex(&hidden_dice_key(&campaign, step, &h1, &digest)), hash(&v, "dice_key_hidden"));

    for (sides, key) in [(6, "d6_faces_from_K"), (10, "d10_faces_from_K")] {
        let mut stream = Stream::new(&k);
        let faces: Vec<u64> = (0..20).map(|_| stream.face(sides) as u64).collect();
        let expected: Vec<u64> = v[key].as_array().expect(key).iter().filter_map(Value::as_u64).collect();
        assert_eq!(faces, expected, "{key}");
    }

    // Version 2: the keys also hash the previous public record's bytes.
    let previous = trust::h(&[hash(&v, "v2_previous_record").as_bytes()]);
    assert_eq!(
        trust::hex(&trust::dice_key_v2(&campaign, step, &c1, &digest, &previous)),
        hash(&v, "v2_dice_key_public")
    );
    assert_eq!(
        trust::hex(&trust::hidden_dice_key_v2(&campaign, step, &h1, &digest, &previous)),
        hash(&v, "v2_dice_key_hidden")
    );

    // A shuffle (the specification's "Shuffles") of 52 cards on the public stream.
    let mut dice = umpire::dice::Dice::new(&k, &hidden_dice_key(&campaign, step, &h1, &digest));
    let mut cards: Vec<u64> = (0..52).collect();
    dice.shuffle("vector deck", &mut cards, false, &[]);
    let expected: Vec<u64> = v["shuffle_of_0_to_51_from_K"]
        .as_array()
        .expect("shuffle vector")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(cards, expected, "shuffle");

    let state: Value = serde_json::json!({"players": ["alice", "bob"], "requests": {"alice": 1}});
    let key = v
        .as_object()
        .unwrap()
        .keys()
        .find(|k| k.contains("state_commitment"))
        .cloned()
        .expect("state commitment vector");
    assert_eq!(trust::hex(&state_commitment(&h1, &state)), hash(&v, &key));
}

#[test]
fn the_readme_shows_the_same_vectors() {
    let v = vectors();
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    for key in [
        "c0",
        "h0",
        "c1",
        "h1",
        "salt",
        "receipt",
        "orders_digest",
        "dice_key_public",
        "dice_key_hidden",
        "state_commitment",
        "v2_dice_key_public",
        "v2_dice_key_hidden",
    ] {
        let value = hash(&v, key);
        assert!(readme.contains(&format!("`{value}`")), "README lacks {key} = {value}");
    }
    for key in ["d6_faces_from_K", "d10_faces_from_K", "shuffle_of_0_to_51_from_K"] {
        let faces: Vec<String> = v[key].as_array().unwrap().iter().map(|f| f.to_string()).collect();
        assert!(readme.contains(&faces.join(" ")), "README lacks the {key} list");
    }
}
