//! `verify --bundle` reads the bundle and opens the game beside the public checks: what
//! it says when something is wrong must still be the first thing wrong, in the order the
//! checks come (the public record, then the bundle, then the game it names), and a
//! sound campaign on the real map still replays.

mod common;

use common::*;

const POWERS: &[&str] = &["austria", "england", "france", "germany", "italy", "russia", "turkey"];

/// A Guerilla Warfare II campaign (real map pictures: the first picture builds the
/// coastlines) of two forced steps, and its audit bundle as JSON.
fn game(root: &std::path::Path) -> (std::path::PathBuf, serde_json::Value) {
    let dir = root.join("g");
    new_campaign(&dir, "guerilla-warfare", POWERS);
    let d = dir.to_str().unwrap();
    ok(&["adjudicate", d, "--force"]);
    ok(&["adjudicate", d, "--force"]);
    let bundle = root.join("bundle.json");
    ok(&["audit-bundle", d, "-o", bundle.to_str().unwrap()]);
    let json = serde_json::from_slice(&std::fs::read(&bundle).unwrap()).unwrap();
    (dir, json)
}

/// `verify DIR --bundle` of `bundle` written to a file: (exit code, everything said).
fn verify_with(root: &std::path::Path, dir: &std::path::Path, name: &str, bundle: &str) -> (i32, String) {
    let path = root.join(name);
    std::fs::write(&path, bundle).unwrap();
    let (code, out, err) = run(&["verify", dir.to_str().unwrap(), "--bundle", path.to_str().unwrap()]);
    (code, format!("{out}{err}"))
}

#[test]
fn a_sound_bundle_replays_every_step_on_the_real_map() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, bundle) = game(tmp.path());
    let (code, said) = verify_with(tmp.path(), &dir, "b.json", &bundle.to_string());
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("every step replayed"), "{said}");
    assert!(dir.join("reports/2/public.svg").exists(), "the campaign draws its board");
}

#[test]
fn each_wrong_bundle_is_named_for_what_is_wrong_with_it() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, bundle) = game(tmp.path());

    let (code, said) = verify_with(tmp.path(), &dir, "garbage.json", "not json at all");
    assert_ne!(code, 0);
    assert!(said.contains("not an audit bundle"), "{said}");

    // Another master secret: found before the game is opened.
    let mut other = bundle.clone();
    other["master_secret"] = serde_json::Value::String("ab".repeat(32));
    let (code, said) = verify_with(tmp.path(), &dir, "secret.json", &other.to_string());
    assert_ne!(code, 0);
    assert!(said.contains("master secret does not produce the chains"), "{said}");

    // Both a wrong secret and a game this build does not know: the secret is checked
    // first, as it always was, though the game is opened on another thread.
    other["system"] = serde_json::Value::String("no-such-game".into());
    let (code, said) = verify_with(tmp.path(), &dir, "both.json", &other.to_string());
    assert_ne!(code, 0);
    assert!(said.contains("master secret does not produce the chains"), "{said}");
    assert!(!said.contains("unknown system"), "{said}");

    let mut unknown = bundle.clone();
    unknown["system"] = serde_json::Value::String("no-such-game".into());
    let (code, said) = verify_with(tmp.path(), &dir, "unknown.json", &unknown.to_string());
    assert_ne!(code, 0);
    assert!(said.contains("unknown system no-such-game"), "{said}");

    let mut setup = bundle.clone();
    setup["initial_state"] = serde_json::json!({"not": "the set-up"});
    let (code, said) = verify_with(tmp.path(), &dir, "setup.json", &setup.to_string());
    assert_ne!(code, 0);
    assert!(said.contains("does not give the initial state"), "{said}");
}

#[test]
fn a_broken_public_record_is_told_before_a_broken_bundle() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, _) = game(tmp.path());
    let record = dir.join("reports/1/public.json");
    let mut bytes = std::fs::read(&record).unwrap();
    bytes.extend_from_slice(b" ");
    std::fs::write(&record, bytes).unwrap();
    let (code, said) = verify_with(tmp.path(), &dir, "garbage.json", "not json at all");
    assert_ne!(code, 0);
    assert!(said.contains("reports/1/public.json was changed after it was published"), "{said}");
    assert!(!said.contains("audit bundle"), "{said}");
}
