//! The what-if tool on the example files in `games/diplomacy/examples/`, as the
//! `umpire what-if diplomacy --position FILE --orders FILE [--json]` command reads them.

use std::path::Path;

use serde_json::Value;
use umpire::systems::diplomacy::what_if;

fn example(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/diplomacy/examples").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn run(stem: &str) -> Value {
    let out = what_if(
        &example(&format!("{stem}.position.toml")),
        &example(&format!("{stem}.orders.txt")),
        umpire::systems::WhatIfOutput::Json,
    )
    .unwrap();
    serde_json::from_str(&out).unwrap()
}

fn order<'a>(v: &'a Value, text: &str) -> &'a Value {
    v["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["order"] == text)
        .unwrap_or_else(|| panic!("no order {text} in {v:#}"))
}

#[test]
fn pandins_extended_paradox_under_1971_rules() {
    let v = run("paradox");
    assert_eq!(order(&v, "A bre - lon")["result"], "succeeds");
    assert_eq!(order(&v, "F lon S F wal - eng")["result"], "fails");
    assert_eq!(order(&v, "F lon S F wal - eng")["reason"], "dislodged");
    assert_eq!(order(&v, "F wal - eng")["reason"], "bounced");
    assert_eq!(order(&v, "F bel - eng")["reason"], "bounced");
    assert_eq!(order(&v, "F eng C A bre - lon")["result"], "succeeds");
    let d = &v["dislodged"][0];
    assert_eq!(
        (d["power"].as_str(), d["kind"].as_str(), d["at"].as_str()),
        (Some("england"), Some("F"), Some("lon"))
    );
    // Every neighbour of London is occupied: the fleet has nowhere to go.
    assert_eq!(d["retreats"], serde_json::json!([]));
    assert!(v["units"].as_array().unwrap().iter().any(|u| u["power"] == "france" && u["at"] == "lon"));
    let text = what_if(
        &example("paradox.position.toml"),
        &example("paradox.orders.txt"),
        umpire::systems::WhatIfOutput::Text,
    )
    .unwrap();
    println!("{text}");
    assert!(text.contains("France: A Brest - London"), "{text}");
    assert!(
        text.contains(
            "The English fleet in London is dislodged by the unit from Brest (by convoy); it cannot retreat"
        ),
        "{text}"
    );
}

#[test]
fn a_fall_retreat_then_centres_change_hands() {
    let v = run("retreat");
    assert_eq!(order(&v, "A tri R alb")["result"], "succeeds");
    assert_eq!(order(&v, "A rum R ukr")["result"], "succeeds");
    let bad = v["orders"].as_array().unwrap().iter().find(|o| o["result"] == "invalid").unwrap();
    assert_eq!(bad["power"], "russia");
    assert_eq!(bad["order"], "A rum - bla");
    assert!(v["units"].as_array().unwrap().iter().any(|u| u["at"] == "alb" && u["power"] == "italy"));
    assert!(v["centres"]["germany"].as_array().unwrap().iter().any(|c| c == "war"));
    assert!(!v["centres"]["russia"].as_array().unwrap().iter().any(|c| c == "war"));
    assert!(v["dislodged"].as_array().unwrap().is_empty());
}

#[test]
fn winter_builds_and_civil_disorder() {
    let v = run("winter");
    assert_eq!(order(&v, "Build F lon")["result"], "succeeds");
    assert_eq!(order(&v, "Build A edi")["result"], "succeeds");
    assert_eq!(order(&v, "Build F lvp")["result"], "succeeds");
    let invalid = v["orders"].as_array().unwrap().iter().find(|o| o["result"] == "invalid").unwrap();
    assert_eq!(invalid["order"], "Build F stp");
    assert_eq!(order(&v, "Remove A ukr")["result"], "succeeds");
    let cd = order(&v, "Remove F nth");
    assert!(cd["reason"].as_str().unwrap().contains("civil disorder"));
    let russian: Vec<&str> = v["units"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| u["power"] == "russia")
        .filter_map(|u| u["at"].as_str())
        .collect();
    assert_eq!(russian, vec!["bot", "mos"]);
}

/// `what-if --batch`: JSON lines in, one result line out per job, in order; a bad
/// line gets an error line and the batch goes on (fixes list, item 16).
#[test]
fn item_16_batch_mode_answers_each_job_as_the_single_command_does() {
    let stems = ["paradox", "retreat", "winter"];
    let mut input = String::new();
    for (i, stem) in stems.iter().enumerate() {
        let job = serde_json::json!({
            "id": i,
            "position": example(&format!("{stem}.position.toml")),
            "orders": example(&format!("{stem}.orders.txt")),
        });
        input.push_str(&format!("{job}\n"));
    }
    input.push_str("not json\n");
    input.push_str(&format!(
        "{}\n",
        serde_json::json!({"id": "bad", "position": "phase = \"Summer\"", "orders": ""})
    ));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(["what-if", "diplomacy", "--batch"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lines: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), stems.len() + 2);
    for (i, stem) in stems.iter().enumerate() {
        assert_eq!(lines[i]["id"], i);
        assert_eq!(lines[i]["result"], run(stem), "{stem}");
    }
    assert_eq!(lines[stems.len()]["line"], stems.len() + 1);
    assert!(lines[stems.len()]["error"].as_str().unwrap().contains("not a job line"));
    assert_eq!(lines[stems.len() + 1]["id"], "bad");
    assert!(lines[stems.len() + 1]["error"].as_str().unwrap().contains("phase"));
}
