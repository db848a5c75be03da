//! The independent Trust v1 implementation (`tests/verify_trust.py`, written from the
//! specification alone) must agree with every public record the demo produces, and
//! must reject a tampered copy.

mod common;

use common::*;
use std::process::Command;

fn python() -> Option<&'static str> {
    let found = Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success());
    if !found {
        println!("SKIP: python3 not found; the independent verifier was not run");
    }
    found.then_some("python3")
}

fn script() -> String {
    format!("{}/tests/verify_trust.py", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_independent_verifier_agrees_with_the_demo() {
    let Some(py) = python() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let out = ok(&["demo", "--dir", dir.to_str().unwrap()]);
    assert!(out.contains("verify: OK"), "{out}");
    let bundle = dir.join("audit-bundle.json");
    for args in
        [vec![dir.to_str().unwrap()], vec![dir.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]]
    {
        let o = Command::new(py).arg(script()).args(&args).output().unwrap();
        let (code, out, err) = output(o);
        assert_eq!(code, 0, "verify_trust.py {args:?}:\n{out}\n{err}");
        assert!(out.contains("verify_trust.py: OK"), "{out}");
    }
    // Both implementations reject the same tampered die.
    let p = dir.join("reports/1/public.json");
    let text = std::fs::read_to_string(&p).unwrap();
    let record: serde_json::Value = serde_json::from_str(&text).unwrap();
    let public_rolls: Vec<&serde_json::Value> =
        record["rolls"].as_array().unwrap().iter().filter(|r| r["stream"] == "public").collect();
    let face = public_rolls[0]["face"].as_u64().unwrap();
    let sides = public_rolls[0]["sides"].as_u64().unwrap();
    std::fs::write(
        &p,
        text.replacen(&format!("\"face\": {face}"), &format!("\"face\": {}", face % sides + 1), 1),
    )
    .unwrap();
    let (code, out, err) = output(Command::new(py).arg(script()).arg(&dir).output().unwrap());
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("MISMATCH") && err.contains("public.json"), "{out}\n{err}");
    let (code, _, _) = run(&["verify", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
}

#[test]
fn the_independent_verifier_passes_its_self_test() {
    let Some(py) = python() else { return };
    let (code, out, err) = output(Command::new(py).arg(script()).arg("--self-test").output().unwrap());
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("self-test OK"), "{out}");
}
