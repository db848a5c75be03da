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
    let out =
        what_if(&example(&format!("{stem}.position.toml")), &example(&format!("{stem}.orders.txt")), true)
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
    let text = what_if(&example("paradox.position.toml"), &example("paradox.orders.txt"), false).unwrap();
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
