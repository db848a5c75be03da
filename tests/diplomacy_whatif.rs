//! The what-if tool on the example files in `games/diplomacy/examples/`, as the
//! `umpire what-if diplomacy --position FILE --orders FILE [--json]` command reads them.

use std::path::Path;

use serde_json::Value;
use umpire::games::diplomacy::what_if;

fn example(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/diplomacy/examples").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn run(stem: &str) -> Value {
    let out = what_if(
        &example(&format!("{stem}.position.toml")),
        &example(&format!("{stem}.orders.txt")),
        umpire::engine::WhatIfOutput::Json,
    )
    .unwrap();
    serde_json::from_str(&out).unwrap()
}

/// `umpire what-if diplomacy --batch` on `input`: its answer lines, parsed.
fn batch(input: &str) -> Vec<Value> {
    String::from_utf8(batch_with(input, &[]))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The same with more arguments: its standard output as it came.
fn batch_with(input: &str, args: &[&str]) -> Vec<u8> {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(["what-if", "diplomacy", "--batch"])
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Written from its own thread: a long batch answers while it is still being fed.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let feeder = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, input.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    assert!(out.status.success(), "{args:?}");
    out.stdout
}

/// `--jobs N` answers a batch on N threads: the same bytes in the same order as one
/// thread, over more lines than a thread's share, bad lines and numbers included.
#[test]
fn batch_answers_are_the_same_bytes_on_any_number_of_threads() {
    let stems = ["paradox", "retreat", "winter"];
    let mut input = String::new();
    for i in 0..700 {
        if i % 50 == 7 {
            input.push_str("not json\n");
            continue;
        }
        let stem = stems[i % stems.len()];
        let job = serde_json::json!({
            "id": i,
            "position": example(&format!("{stem}.position.toml")),
            "orders": example(&format!("{stem}.orders.txt")),
        });
        input.push_str(&format!("{job}\n"));
    }
    let one = batch_with(&input, &["--jobs", "1"]);
    let answers: Vec<Value> =
        String::from_utf8(one.clone()).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), 700);
    assert_eq!(answers[657]["line"], 658, "{}", answers[657]);
    assert_eq!(answers[699]["id"], 699, "{}", answers[699]);
    for args in [&["--jobs", "3"][..], &[]] {
        assert!(batch_with(&input, args) == one, "{args:?} answered otherwise than one thread");
    }
}

/// An example position file turned into the JSON object `what-if` also reads: the
/// same fields, the `[[unit]]` tables under `"units"`.
fn position_json(stem: &str) -> Value {
    let file: toml::Value = toml::from_str(&example(&format!("{stem}.position.toml"))).unwrap();
    let mut v = serde_json::to_value(file).unwrap();
    let o = v.as_object_mut().unwrap();
    let units = o.remove("unit").unwrap_or_default();
    o.insert("units".into(), units);
    v
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
        umpire::engine::WhatIfOutput::Text,
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
    let lines = batch(&input);
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

/// A position given as a JSON object (with the orders as an array of lines) is
/// adjudicated exactly as the same position given as the TOML file's text; a
/// malformed JSON position is answered under its job's id with the reason, and the
/// jobs after it are still answered.
#[test]
fn batch_jobs_give_the_same_results_for_a_json_position_as_for_the_toml_one() {
    let stems = ["paradox", "retreat", "winter"];
    let mut input = String::new();
    for stem in stems {
        let orders = example(&format!("{stem}.orders.txt"));
        let lines: Vec<&str> = orders.lines().collect();
        let toml_job = serde_json::json!({
            "id": format!("{stem} toml"),
            "position": example(&format!("{stem}.position.toml")),
            "orders": orders,
        });
        let json_job = serde_json::json!({"id": format!("{stem} json"), "position": position_json(stem), "orders": lines});
        input.push_str(&format!("{toml_job}\n{json_job}\n"));
    }
    let malformed = [
        ("no phase", serde_json::json!({"units": []}), "missing field `phase`"),
        ("toml's name", serde_json::json!({"phase": "S1901M", "unit": []}), "unknown field `unit`"),
        (
            "not a province",
            serde_json::json!({"phase": "S1901M", "units": [{"power": "england", "kind": "F", "at": "xyz"}]}),
            "unit 1: 'xyz' is not a province",
        ),
        ("a number", serde_json::json!({"phase": 1901}), "invalid type: integer `1901`, expected a string"),
        (
            "centres of nobody",
            serde_json::json!({"phase": "S1901M", "centres": {"atlantis": ["lon"]}}),
            "centres: 'atlantis' is not a power",
        ),
    ];
    for (id, position, _) in &malformed {
        input.push_str(&format!(
            "{}\n",
            serde_json::json!({"id": id, "position": position, "orders": ["England: F lon H"]})
        ));
    }
    input.push_str(&format!(
        "{}\n",
        serde_json::json!({"id": "after", "position": position_json("paradox"), "orders": example("paradox.orders.txt")})
    ));
    let lines = batch(&input);
    assert_eq!(lines.len(), 2 * stems.len() + malformed.len() + 1);
    for (i, stem) in stems.iter().enumerate() {
        let (toml_answer, json_answer) = (&lines[2 * i], &lines[2 * i + 1]);
        assert_eq!(toml_answer["id"], format!("{stem} toml"));
        assert_eq!(json_answer["id"], format!("{stem} json"));
        assert_eq!(toml_answer["result"], run(stem), "{stem}");
        assert_eq!(json_answer["result"], toml_answer["result"], "{stem}");
    }
    for (k, (id, _, reason)) in malformed.iter().enumerate() {
        let answer = &lines[2 * stems.len() + k];
        assert_eq!(answer["id"], *id, "{answer}");
        assert!(answer.get("result").is_none(), "{answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.starts_with("position: ") && error.contains(reason), "{id}: {error}");
    }
    assert_eq!(lines.last().unwrap()["id"], "after");
    assert_eq!(lines.last().unwrap()["result"], run("paradox"));
}

/// The example JSON position file reads as its TOML twin, through the command's
/// `--position` as through the library.
#[test]
fn the_json_example_position_is_the_toml_one() {
    let orders = example("retreat.orders.txt");
    let from_json =
        what_if(&example("retreat.position.json"), &orders, umpire::engine::WhatIfOutput::Json).unwrap();
    assert_eq!(serde_json::from_str::<Value>(&from_json).unwrap(), run("retreat"));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/diplomacy/examples");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(["what-if", "diplomacy", "--json", "--position"])
        .arg(dir.join("retreat.position.json"))
        .arg("--orders")
        .arg(dir.join("retreat.orders.txt"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap(), run("retreat"));
}

/// Diplomacy reads a job line with a position object in one pass (its own job
/// reader); every line, good or malformed, is answered with the same bytes as the
/// general reader gives, which reads the position a second time.
#[test]
fn the_one_pass_job_reader_answers_as_the_general_reader_does() {
    use umpire::engine::WhatIfTool;
    use umpire::engine::what_if_jobs::run as answer_all;
    let tool = umpire::games::find("diplomacy").and_then(|s| s.tools.what_if).unwrap();
    let general = WhatIfTool { job: None, ..tool };
    let one_pass = tool.job.expect("Diplomacy reads its job lines in one pass");
    // Each line, and whether the one-pass reader takes it itself.
    let mut lines: Vec<(String, bool)> = Vec::new();
    for stem in ["paradox", "retreat", "winter"] {
        let orders = example(&format!("{stem}.orders.txt"));
        let each: Vec<&str> = orders.lines().collect();
        let pos = position_json(stem);
        let toml = example(&format!("{stem}.position.toml"));
        lines.push((serde_json::json!({"id": stem, "position": pos, "orders": each}).to_string(), true));
        lines.push((
            serde_json::json!({"position": pos, "orders": orders, "note": ["passed over", 1]}).to_string(),
            true,
        ));
        lines.push((
            serde_json::json!({"id": {"n": [1, 2]}, "position": toml, "orders": orders}).to_string(),
            false,
        ));
    }
    let england = serde_json::json!([{"power": "england", "kind": "F", "at": "lon"}]);
    for (job, taken) in [
        // Read whole; the position names no power: answered under its id with why.
        (
            serde_json::json!({"id": 1, "position": {"phase": "S1901M", "units": [{"power": "eng\u{00e9}land\"", "kind": "F", "at": "lon"}]}, "orders": []}),
            true,
        ),
        (serde_json::json!({"id": 2, "position": {"units": []}, "orders": "England: F lon H"}), false),
        (serde_json::json!({"id": 3, "position": {"phase": "S1901M", "extra": true}, "orders": []}), false),
        (serde_json::json!({"id": 4, "position": {"phase": "S1901M"}, "orders": {"not": "lines"}}), false),
        (serde_json::json!({"id": 5, "position": 12, "orders": ""}), false),
        (serde_json::json!({"id": 6, "position": {"phase": "S1901M", "units": england}}), false),
    ] {
        lines.push((job.to_string(), taken));
    }
    // Escapes in the phase and the orders, ended by \r\n; then a line cut short.
    lines.push((
        "{\"id\": \"esc\", \"position\": {\"phase\": \"Spring 1901 \\u004dovement\", \"units\": [{\"power\": \"england\", \"kind\": \"F\", \"at\": \"lon\"}]}, \"orders\": [\"England: F lon \\u002d nth\\t\"]}\r".into(),
        true,
    ));
    lines.push(("{\"id\": 9, \"position\": {\"phase\": ".into(), false));
    let input: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    answer_all(tool, input.as_bytes(), &mut fast).unwrap();
    answer_all(general, input.as_bytes(), &mut slow).unwrap();
    assert_eq!(String::from_utf8_lossy(&fast), String::from_utf8_lossy(&slow));
    let answers: Vec<Value> =
        String::from_utf8(fast).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers.len(), lines.len());
    assert_eq!(answers[0]["result"], run("paradox"));
    assert_eq!(answers[1]["result"], run("paradox"));
    assert!(answers[9]["error"].as_str().unwrap().contains("not a power"), "{}", answers[9]);
    assert_eq!(answers[lines.len() - 2]["result"]["orders"][0]["order"], "F lon - nth");
    for (k, (line, taken)) in lines.iter().enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        assert_eq!(one_pass(line).is_some(), *taken, "line {}: {line}", k + 1);
    }
}
