//! Campaigns made by an earlier build (each system's demo, kept in
//! `tests/fixtures/campaigns/` for Trust v1, `tests/fixtures/campaigns-v2/` for v2, and
//! `tests/fixtures/campaigns-v2-maps/` for campaigns with board pictures and press,
//! their public reports only) still verify and replay byte for byte, and publish into
//! a folder that verifies on its own and leaves out every private report's bare hash.

mod common;

use std::path::Path;

use common::*;

const SYSTEMS: [&str; 4] = ["dice", "diplomacy", "guerilla-warfare", "andartes"];

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

#[test]
fn earlier_campaigns_still_verify_and_replay() {
    // Trust v1 campaigns (made before version 2) and v2 ones, one demo of each system.
    // Algeria, Front Line and Freedom! came with Trust v2: they have no v1 fixture.
    let sets = ["campaigns", "campaigns-v2"].iter().flat_map(|d| SYSTEMS.iter().map(move |s| (*d, *s)));
    for (set, system) in sets.chain([
        ("campaigns-v2", "algeria"),
        ("campaigns-v2", "front-line"),
        ("campaigns-v2", "freedom-messolonghi"),
        ("campaigns-v2-maps", "diplomacy"),
        ("campaigns-v2-maps", "guerilla-warfare"),
        ("campaigns-v2-maps", "andartes"),
        // Made with pictures but before Front Line, Algeria and Freedom! drew the step's
        // actions on them (Front Line's human reports kept for steps 1-8 only, Freedom!'s
        // for steps 1-9: enough to hold moves and attacks).
        ("campaigns-v2-maps", "front-line"),
        ("campaigns-v2-maps", "algeria"),
        ("campaigns-v2-maps", "freedom-messolonghi"),
    ]) {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("c");
        copy_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(set).join(system), &dir);
        let bundle = dir.join("audit-bundle.json");
        let out = ok(&["verify", dir.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]);
        assert!(out.contains("every step replayed"), "{system}: {out}");

        // Published with this build: no bare hash of a private report survives.
        let published = tmp.path().join("p");
        ok(&["publish", dir.to_str().unwrap(), published.to_str().unwrap()]);
        let ledger = std::fs::read_to_string(published.join("ledger.jsonl")).unwrap();
        for line in std::fs::read_to_string(dir.join("ledger.jsonl")).unwrap().lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            for (path, hash) in v["files"].as_object().into_iter().flatten() {
                let public = path.rsplit('/').next().is_some_and(|n| n.starts_with("public."));
                assert_eq!(ledger.contains(hash.as_str().unwrap()), public, "{system}: {path}");
            }
        }
        let out = ok(&["verify", published.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]);
        assert!(out.contains("every step replayed"), "{system}: {out}");

        // A one-byte edit of a report the fixture published is caught.
        let report = dir.join("reports/1/public.txt");
        let mut bytes = std::fs::read(&report).unwrap();
        bytes[0] ^= 1;
        std::fs::write(&report, bytes).unwrap();
        let (code, _, err) = run(&["verify", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{system}: an edited report passed: {err}");
    }
}

/// Issue 13, part 8: a campaign records the rules revision and data it was made with;
/// a build that would resolve it differently refuses it and says why, instead of
/// re-adjudicating it silently.
#[test]
fn a_campaign_pins_its_rules_and_data() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("g");
    let d = dir.to_str().unwrap();
    new_campaign(
        &dir,
        "guerilla-warfare",
        &["austria", "england", "france", "germany", "italy", "russia", "turkey"],
    );
    let toml = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    assert!(toml.contains("[rules]") && toml.contains("\"abstraction.toml\""), "{toml}");
    ok(&["status", d]);
    // A data file that differs from the pinned one (here: the campaign's own copy).
    let own = dir.join("games/guerilla-warfare");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join("abstraction.toml"), "# another board\n").unwrap();
    let (code, _, err) = run(&["status", d]);
    assert_eq!(code, 1);
    assert!(err.contains("abstraction.toml is not the one this campaign was made with"), "{err}");
    std::fs::remove_dir_all(dir.join("games")).unwrap();
    ok(&["status", d]);
    // Made by a newer build.
    let newer = toml.replace("revision = 1", "revision = 99");
    assert_ne!(newer, toml);
    std::fs::write(dir.join("campaign.toml"), newer).unwrap();
    let (code, _, err) = run(&["status", d]);
    assert_eq!(code, 1);
    assert!(err.contains("revision 99") && err.contains("this build has revision 1"), "{err}");
}
