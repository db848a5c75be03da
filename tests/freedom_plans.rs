//! Freedom! play plans (revision 5, issue 26 item 1): a round played from one mail a
//! side gives the board the same plays sent one mail a play give, dice and all; an
//! ELSE block stands in when the block before it does not hold; the acknowledgement
//! says, block by block, which play each stands for and on what.

mod common;

use std::collections::BTreeMap;

use common::*;
use umpire::engine::{Dice, PlayerId, Setup, System};
use umpire::games::freedom_messolonghi::Freedom;
use umpire::games::freedom_messolonghi::state::{Stage, State};

const IMP: &str = "kutahi";
const INS: &str = "eleni";

fn start(f: &Freedom) -> State {
    let players: Vec<PlayerId> = vec![IMP.into(), INS.into()];
    let options: BTreeMap<String, String> =
        [("deal", "listed"), ("revision", "5")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    f.setup(&Setup { campaign: "g", players: &players, scenario: None, options: &options }).unwrap()
}

/// One step: each file parsed on the state it will run on (as ingest does), then resolved.
fn step(f: &Freedom, state: &State, files: &[(&str, String)], dice: &mut Dice) -> State {
    let mut orders = BTreeMap::new();
    for (who, body) in files {
        let o =
            f.parse(state, who, body).unwrap_or_else(|e| panic!("{who}'s file is refused: {e:?}\n{body}"));
        orders.insert(who.to_string(), o);
    }
    f.resolve(state, &orders, dice).unwrap().state
}

/// The state without what differs by design: the count of mails, the plans on file.
fn board(s: &State) -> serde_json::Value {
    let mut v = serde_json::to_value(s).unwrap();
    for k in ["mails_round", "mails_game"] {
        v.as_object_mut().unwrap().remove(k);
    }
    for side in ["imperial", "insurgent"] {
        v[side].as_object_mut().unwrap().remove("blocks");
    }
    v
}

/// The plays of round 1, as one file a play would send them: (side, lines).
fn plays(s: &State) -> Vec<(&'static str, Vec<String>)> {
    let (imp, ins) = (s.imperial.hand.clone(), s.insurgent.hand.clone());
    let mut out = Vec::new();
    for k in 0..7 {
        out.push((IMP, vec![format!("PLAY {} AP", imp[k]), "REST PREPARE".into()]));
        out.push((INS, vec![format!("PLAY {} AP", ins[k]), "REST PREPARE".into()]));
    }
    // Two plays with dice in them: the Imperial Plea for Funds and the Insurgents'.
    out[4].1 = vec![format!("PLAY {} AP", imp[2]), "PLEA".into(), "REST PREPARE".into()];
    out[5].1 = vec![format!("PLAY {} AP", ins[2]), "PLEA".into(), "REST PREPARE".into()];
    out
}

/// A side's plan for its plays of the round: each play a guarded block; the third
/// guarded by what will not happen, so its ELSE block makes the play.
fn plan(side: &str, all: &[(&'static str, Vec<String>)]) -> String {
    let mine: Vec<&Vec<String>> = all.iter().filter(|(s, _)| *s == side).map(|(_, l)| l).collect();
    let mut out = Vec::new();
    for (k, lines) in mine.iter().enumerate() {
        let card = lines[0].split_whitespace().nth(1).unwrap();
        match k {
            0 => out.push("THEN".to_string()),
            2 => {
                // Never holds: nobody plays an Event this round.
                out.push("THEN IF OPPONENT PLAYS EVENT".into());
                out.extend(lines.iter().cloned());
                out.push(format!("ELSE IF HOLDING {card} AND NOT OPPONENT ATTACKS"));
            }
            1 => out.push("THEN IF OPPONENT PLAYS AP".into()),
            3 => out.push("THEN IF PREPARATION AT LEAST 0 AND NOT OPPONENT PLAYS CLAIM".into()),
            _ => out.push(format!("THEN IF HOLDING {card}")),
        }
        out.extend(lines.iter().cloned());
    }
    out.push("FIRE DEFAULT".into());
    if side == IMP {
        out.push("LASTCLAIM NEVER".into());
    }
    out.join("\n")
}

#[test]
fn a_round_from_one_plan_a_side_plays_as_the_same_plays_sent_one_by_one() {
    let f = Freedom::embedded().unwrap();
    let s0 = start(&f);
    let key = [7u8; 32];
    let hidden = [8u8; 32];

    // By plans: READY; the Empire's Advance file and the Insurgents' Regroup file
    // carry every play of the round.
    let mut dice = Dice::new(&key, &hidden);
    let s = step(&f, &s0, &[(IMP, "READY".into()), (INS, "READY".into())], &mut dice);
    assert_eq!(s.stage, Stage::Advance);
    let all = plays(&s);
    let s = step(&f, &s, &[(IMP, plan(IMP, &all))], &mut dice);
    assert_eq!(s.stage, Stage::Regroup);
    let planned = step(&f, &s, &[(INS, plan(INS, &all))], &mut dice);
    assert_eq!(planned.plays, 14, "every play of the round made from the plans");
    assert!(planned.stage == Stage::Fire, "{:?}", planned.stage);

    // One mail a play, the same dice in the same order.
    let mut dice = Dice::new(&key, &hidden);
    let mut s = step(&f, &s0, &[(IMP, "READY".into()), (INS, "READY".into())], &mut dice);
    s = step(&f, &s, &[(IMP, "FIRE DEFAULT\nLASTCLAIM NEVER".into())], &mut dice);
    s = step(&f, &s, &[(INS, "FIRE DEFAULT".into())], &mut dice);
    for (side, lines) in &all {
        assert_eq!(s.stage, Stage::Play);
        s = step(&f, &s, &[(side, lines.join("\n"))], &mut dice);
    }
    assert_eq!(s.plays, 14);
    assert_eq!(board(&planned), board(&s), "the plans and the single plays leave the same board");
    assert_eq!(
        (planned.mails_round, s.mails_round),
        (4, 18),
        "four mails for the round by plans (READY, the Advance, the Regroup), eighteen one play a mail"
    );
}

#[test]
fn a_plan_stops_where_no_block_holds_and_the_play_is_asked_by_mail() {
    let f = Freedom::embedded().unwrap();
    let mut dice = Dice::new(&[1u8; 32], &[2u8; 32]);
    let s = step(&f, &start(&f), &[(IMP, "READY".into()), (INS, "READY".into())], &mut dice);
    let all = plays(&s);
    let imp: Vec<&Vec<String>> = all.iter().filter(|(s, _)| *s == IMP).map(|(_, l)| l).collect();
    let body = format!(
        "THEN\n{}\nTHEN IF OPPONENT PLAYS EVENT\n{}\nELSE IF OPPONENT MONEY AT LEAST 99\n{}\nTHEN\n{}",
        imp[0].join("\n"),
        imp[1].join("\n"),
        imp[1].join("\n"),
        imp[2].join("\n")
    );
    let s = step(&f, &s, &[(IMP, body)], &mut dice);
    let s = step(&f, &s, &[(INS, format!("THEN\n{}", all[1].1.join("\n")))], &mut dice);
    assert_eq!(s.plays, 2, "P01 and P02 from the plans; P03's blocks do not hold");
    assert_eq!(s.stage, Stage::Play);
    assert!(s.imperial.blocks.is_empty(), "the rest of the plan is dropped: {:?}", s.imperial.blocks);
    assert_eq!(f.phase(&s).due, vec![IMP.to_string()], "the Empire's play is asked by mail");
}

#[test]
fn a_plan_by_mail_is_acknowledged_play_by_play_and_runs_without_another_mail() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = by_mail(tmp.path());
    let send = |who: &str, n: u32, body: &str| send(tmp.path(), &dir, who, n, body);
    send(IMP, 1, "READY");
    send(INS, 2, "READY");
    let state: State = serde_json::from_str(&std::fs::read_to_string(latest_state(&dir)).unwrap()).unwrap();
    let all = plays(&state);
    send(IMP, 3, &plan(IMP, &all));
    let ack = unfold(&newest_ack(&dir));
    for want in [
        "# note: for R1-P01: played whatever the other side did",
        "# note: for R1-P03: played if the other side's play is for AP",
        "# note: for R1-P05: played if the other side's play is an Event, when its lines can be played then; otherwise the ELSE below",
        "# note: for R1-P05, instead: played if A",
        "otherwise your plan stops here and that play is asked by mail",
    ] {
        assert!(ack.contains(want), "the acknowledgement lacks '{want}':\n{ack}");
    }
    send(INS, 4, &plan(INS, &all));
    // The round's fourteen plays made, and the Cannons by the plans: round 2 opens.
    let phase = open_phase(&dir);
    assert!(phase.starts_with("R2-"), "{phase}");
}

/// A campaign in the demo's deal (`deal=listed`) under `tmp`, played through the binary.
fn by_mail(tmp: &std::path::Path) -> std::path::PathBuf {
    let dir = tmp.join("g");
    let d = dir.to_str().unwrap();
    ok(&[
        "new",
        "freedom-messolonghi",
        d,
        "--player",
        "kutahi=k@example.org",
        "--player",
        "eleni=e@example.org",
        "--gm-email",
        "gm@example.org",
        "--option",
        "deal=listed",
    ]);
    dir
}

/// `who`'s mail, ingested; then whatever phase is complete is resolved (one still
/// waiting says so and is left).
fn send(tmp: &std::path::Path, dir: &std::path::Path, who: &str, n: u32, body: &str) {
    let d = dir.to_str().unwrap();
    let text = format!("GAME g\nPLAYER {who}\nSECRET {}\n{body}\nEND\n", welcome_secret(dir, who));
    let p = file(tmp, &format!("m{n}.eml"), &mail(&format!("{who}@example.org"), &format!("m{n}"), &text));
    ok(&["ingest", d, p.to_str().unwrap()]);
    run(&["adjudicate", d]);
}

/// The newest state file of a campaign.
fn latest_state(dir: &std::path::Path) -> std::path::PathBuf {
    let mut best = (0u64, dir.join("state/0.json"));
    for e in std::fs::read_dir(dir.join("state")).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if let Some(n) = name.strip_suffix(".json").and_then(|n| n.parse::<u64>().ok())
            && n >= best.0
        {
            best = (n, e.path());
        }
    }
    best.1
}

/// The plan example in the system's README, sent as it stands where it says it is sent
/// (the demo's deal, round 1's Advance): accepted, acknowledged play by play, and the
/// Empire's first play made from it without another mail.
#[test]
fn the_readme_plan_example_is_accepted_and_plays() {
    let readme = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/freedom_messolonghi/README.md"),
    )
    .unwrap();
    let (_, after) = readme.split_once("<!-- plan example: kutahi R1-ADV -->").expect("the example's marker");
    let body = after.split("```").nth(1).and_then(|b| b.strip_prefix("text\n")).expect("a fenced example");

    let tmp = tempfile::tempdir().unwrap();
    let dir = by_mail(tmp.path());
    let send = |who: &str, n: u32, body: &str| send(tmp.path(), &dir, who, n, body);
    send(IMP, 1, "READY");
    send(INS, 2, "READY");
    assert_eq!(open_phase(&dir), "R1-ADV");
    send(IMP, 3, body);
    let ack = unfold(&newest_ack(&dir));
    assert!(ack.contains("ACCEPTED"), "{ack}");
    for play in ["R1-P01", "R1-P03", "R1-P05"] {
        assert!(ack.contains(&format!("# note: for {play}: played")), "no note for {play}:\n{ack}");
    }
    send(INS, 4, "REGROUP W5 F4");
    assert_eq!(open_phase(&dir), "R1-P02", "the Empire's first play came from the plan");
}
