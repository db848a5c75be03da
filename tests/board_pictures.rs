//! Board pictures from the outside: a DATC case drawn by `what-if --svg` with one mark
//! for each order, the demo campaigns' maps (provinces, units, whose fractions show),
//! PNG output, and a GM's own `board.toml`.

mod common;
mod mail_support;

use common::*;
use std::path::Path;

/// Sends the campaign's outbox to a loopback SMTP server and returns the mail named
/// `name` (its outbox file name) as the server received it.
fn send_and_capture(dir: &Path, name: &str) -> Vec<u8> {
    let server = mail_support::Server::start();
    let url = format!("smtp+plain://127.0.0.1:{}", server.port);
    ok(&["send", dir.to_str().unwrap(), "--smtp", &url]);
    let id = format!("Message-ID: <{name}.");
    server
        .deliveries()
        .into_iter()
        .find(|d| String::from_utf8_lossy(&d.data).contains(&id))
        .map(|d| d.data)
        .unwrap_or_else(|| panic!("{name} was not sent"))
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

/// DATC 6.F.6 ("dislodged convoy does not cut support"), read from the shared JSON:
/// a convoy, three moves, two supports of a hold and two of a move; the convoying
/// fleet is dislodged, two moves fail.
#[test]
fn a_datc_case_draws_one_mark_for_every_order() {
    let Some(path) = shared("data/diplomacy/datc_v3.json") else { return };
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let case = json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"].as_str().is_some_and(|n| n.starts_with("t6f06")))
        .expect("case 6.F.6");
    let orders = case["orders"].as_object().unwrap();
    let power = |p: &str| match p {
        "ENG" => "england",
        "FRA" => "france",
        "GER" => "germany",
        "ITA" => "italy",
        "AUS" => "austria",
        "RUS" => "russia",
        _ => "turkey",
    };
    let mut position = String::from("phase = \"Spring 1901 Movement\"\n");
    let mut text = String::new();
    for line in orders.keys() {
        let (p, order) = line.split_once(": ").unwrap();
        let mut words = order.split_whitespace();
        let (kind, at) = (words.next().unwrap(), words.next().unwrap());
        position.push_str(&format!("[[unit]]\npower = \"{}\"\nkind = \"{kind}\"\nat = \"{at}\"\n", power(p)));
        let written = order.replace("->", "-").replace(" convoys ", " C A ").replace(" Supports ", " S ");
        text.push_str(&format!("{}: {written}\n", power(p)));
    }
    let tmp = tempfile::tempdir().unwrap();
    let pos = file(tmp.path(), "pos.toml", &position);
    let ord = file(tmp.path(), "orders.txt", &text);
    let (p, o) = (pos.to_str().unwrap(), ord.to_str().unwrap());
    let svg = ok(&["what-if", "diplomacy", "--position", p, "--orders", o, "--svg"]);
    let report = ok(&["what-if", "diplomacy", "--position", p, "--orders", o]);

    assert_eq!(count(&svg, "class=\"order "), orders.len(), "one mark per order:\n{text}");
    assert_eq!(count(&svg, "class=\"order convoy"), 1);
    assert_eq!(count(&svg, "class=\"order move"), 3);
    assert_eq!(count(&svg, "class=\"order support"), 4);
    // The failures the text report gives are the dashed marks.
    // An order line's outcome is in brackets after it; "dislodged" alone is no failure.
    let section: Vec<&str> =
        report.lines().skip_while(|l| *l != "Orders:").skip(1).take_while(|l| l.starts_with("  ")).collect();
    assert_eq!(section.len(), orders.len(), "{report}");
    let failed = section
        .iter()
        .filter_map(|l| l.trim_end().strip_suffix(')').and_then(|l| l.rsplit_once(" (")).map(|(_, o)| o))
        .filter(|o| o.split("; ").any(|w| w != "dislodged"))
        .count();
    assert_eq!(failed, 4, "no convoy, the fleet dislodged, a bounce and a cut support:\n{report}");
    assert_eq!(count(&svg, " failed\""), failed, "{report}");
    assert_eq!(count(&svg, "class=\"unit dislodged\""), 1, "the convoying fleet is dislodged");
    assert_eq!(count(&svg, "class=\"province\""), 76, "the standard board's provinces");
    assert_eq!(count(&svg, "class=\"unit"), orders.len(), "every unit drawn once");
}

#[test]
fn demo_maps_show_each_reader_what_is_theirs() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("gw");
    ok(&["demo", "--seed", "1", "--system", "guerilla-warfare", "--dir", dir.to_str().unwrap()]);
    let last = (1..20).filter(|k| dir.join(format!("reports/{k}/public.svg")).exists()).max().expect("maps");
    let public = std::fs::read_to_string(dir.join(format!("reports/{last}/public.svg"))).unwrap();
    assert_eq!(count(&public, "class=\"unit hidden\""), 0, "fractions in public");
    let provinces = count(&public, "class=\"province\"");
    let abstraction = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("games/guerilla-warfare/abstraction.toml"),
    )
    .unwrap();
    assert_eq!(provinces, abstraction.matches("[[province]]").count());
    let gm = std::fs::read_to_string(dir.join(format!("reports/{last}/gm.svg"))).unwrap_or_default();
    let all = count(&gm, "class=\"unit hidden\"");
    assert!(all > 0, "the demo makes fractions; the GM's map shows them");
    let mut seen = 0;
    for p in ["austria", "england", "france", "germany", "italy", "russia", "turkey"] {
        let path = dir.join(format!("reports/{last}/{p}.svg"));
        let Ok(svg) = std::fs::read_to_string(&path) else { continue };
        let mine = count(&svg, "class=\"unit hidden\"");
        let colour = umpire::games::diplomacy::picture::colour(p);
        let theirs = svg
            .split("class=\"unit hidden\"")
            .skip(1)
            .filter(|part| !part.split("</g>").next().unwrap_or("").contains(colour))
            .count();
        assert_eq!(theirs, 0, "{p} sees another power's fractions");
        seen += mine;
    }
    assert_eq!(seen, all, "each fraction is shown to its owner");

    // Each report mail carries the board as a PNG, drawn as it is sent: a player's
    // own where he has one. The outbox keeps a stand-in naming the SVG, not the PNG.
    use mail_parser::MimeHeaders;
    let name = format!("{last:04}-report-austria");
    let queued = std::fs::read(dir.join(format!("outbox/{name}.eml"))).unwrap();
    assert!(queued.len() < 30_000, "a queued report of {} bytes", queued.len());
    let png_of = |bytes: &[u8]| -> Vec<u8> {
        let parsed = mail_parser::MessageParser::default().parse(bytes).expect("a mail");
        let part = parsed
            .attachments()
            .find(|a| a.attachment_name() == Some(format!("board-step-{last}.png").as_str()))
            .expect("the board's part");
        part.contents().to_vec()
    };
    let own = if dir.join(format!("reports/{last}/austria.svg")).exists() { "austria" } else { "public" };
    assert_eq!(png_of(&queued), format!("reports/{last}/{own}.svg").into_bytes());
    let sent = send_and_capture(&dir, &name);
    assert!(png_of(&sent).starts_with(b"\x89PNG\r\n\x1a\n"), "the mail sent carries the PNG");
    let kept = umpire().args(["sent", dir.to_str().unwrap(), &format!("{name}.eml")]).output().unwrap();
    assert_eq!(kept.stdout, queued, "sent/ keeps the mail as queued");

    // PNG from the command line.
    let png = tmp.path().join("b.png");
    ok(&["map", dir.to_str().unwrap(), "--for", "austria", "-o", png.to_str().unwrap()]);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[test]
fn a_gm_may_redraw_the_board_and_a_broken_copy_is_refused_by_name() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("d");
    new_campaign(
        &dir,
        "diplomacy",
        &["england", "france", "germany", "italy", "austria", "russia", "turkey"],
    );
    let d = dir.to_str().unwrap();
    let before = ok(&["map", d]);
    // The GM's copy moves Paris's seed: the picture changes, before the first step.
    let own = dir.join("games/diplomacy");
    std::fs::create_dir_all(&own).unwrap();
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/diplomacy/board.toml"))
            .unwrap();
    let moved = text.replace("id = \"par\"\nseeds = [[48.6, 2.2]]", "id = \"par\"\nseeds = [[48.0, 2.6]]");
    assert_ne!(moved, text);
    std::fs::write(own.join("board.toml"), &moved).unwrap();
    let config = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    let unpinned: String =
        config.lines().filter(|l| !l.starts_with("\"board.toml\"")).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("campaign.toml"), unpinned).unwrap();
    let after = ok(&["map", d]);
    assert_ne!(before, after, "the GM's board.toml was not used");
    std::fs::write(own.join("board.toml"), moved.replace("id = \"par\"", "id = \"paris-nowhere\"")).unwrap();
    let (code, _, err) = run(&["map", d]);
    assert_ne!(code, 0);
    assert!(err.contains("board.toml") && err.contains("paris-nowhere"), "{err}");
}

/// `--option mail_pictures=no`: report mails go without the PNG, the picture stays in
/// the reports; a campaign without the option attaches it.
#[test]
fn a_gm_may_keep_pictures_out_of_the_mail() {
    use mail_parser::MimeHeaders;
    let tmp = tempfile::tempdir().unwrap();
    let attached = |dir: &Path| -> usize {
        let bytes = std::fs::read(dir.join("outbox/0001-report-france.eml")).expect("france's report");
        let parsed = mail_parser::MessageParser::default().parse(&bytes).expect("a mail");
        parsed.attachments().filter(|a| a.attachment_name().is_some_and(|n| n.ends_with(".png"))).count()
    };
    let players = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];
    for (name, option, png) in [("with", None, 1), ("without", Some("mail_pictures=no"), 0)] {
        let dir = tmp.path().join(name);
        let mut args = vec!["new".to_string(), "diplomacy".into(), dir.display().to_string()];
        for p in players {
            args.extend(["--player".into(), format!("{p}={p}@example.org")]);
        }
        args.extend(["--gm-email".into(), "gm@example.org".into()]);
        if let Some(o) = option {
            args.extend(["--option".into(), o.into()]);
        }
        ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
        assert_eq!(attached(&dir), png, "{name}: PNG attachments");
        assert!(dir.join("reports/1/public.svg").exists(), "{name}: the picture is kept");
        let html = std::fs::read_to_string(dir.join("reports/1/france.html")).unwrap();
        assert!(html.contains("<img src=\"public.svg\""), "{name}: the HTML report shows the board's file");
    }
    // The mail's HTML shows the attached PNG, not a second copy of the picture as SVG
    // (which mail readers strip): the board travels once.
    let bytes = send_and_capture(&tmp.path().join("with"), "0001-report-france");
    let parsed = mail_parser::MessageParser::default().parse(&bytes).expect("a mail");
    let html = parsed.body_html(0).expect("an HTML part");
    assert!(html.contains("src=\"cid:board-step-1.png\"") && !html.contains("<svg"), "{html}");
    let png = parsed.attachments().find(|a| a.content_id() == Some("board-step-1.png")).expect("the PNG");
    assert!(png.contents().starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(bytes.len() < 150_000, "a report mail of {} bytes", bytes.len());
    // The GM may also turn them off later, by hand, in campaign.toml.
    let dir = tmp.path().join("with");
    let toml = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    std::fs::write(dir.join("campaign.toml"), format!("mail_pictures = false\n{toml}")).unwrap();
    ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    let bytes = std::fs::read(dir.join("outbox/0002-report-france.eml")).expect("step 2 report");
    let parsed = mail_parser::MessageParser::default().parse(&bytes).expect("a mail");
    assert_eq!(parsed.attachments().count(), 0, "no PNG once the GM turned them off");
    assert!(dir.join("reports/2/public.svg").exists());
    let tmp2 = tempfile::tempdir().unwrap();
    let dir = tmp2.path().join("bad");
    let (code, _, err) = run(&[
        "new",
        "diplomacy",
        dir.to_str().unwrap(),
        "--player",
        "austria=a@example.org",
        "--gm-email",
        "gm@example.org",
        "--option",
        "mail_pictures=maybe",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("mail_pictures=maybe: use yes or no"), "{err}");
}

/// Front Line's results map: one mark for each action the report's results give, of
/// the kind the line says, dashed where an attack missed; the same for every reader.
#[test]
fn front_line_draws_every_action_of_the_step() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("fl");
    ok(&["demo", "--seed", "1", "--system", "front-line", "--dir", dir.to_str().unwrap()]);
    let mut drawn = 0;
    for k in 1..200 {
        let Ok(svg) = std::fs::read_to_string(dir.join(format!("reports/{k}/public.svg"))) else { continue };
        let text = unfold(&std::fs::read_to_string(dir.join(format!("reports/{k}/public.txt"))).unwrap());
        let results: Vec<&str> = text
            .lines()
            .skip_while(|l| *l != "Results")
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(str::trim)
            .collect();
        let n = |pred: &dyn Fn(&str) -> bool| results.iter().filter(|l| pred(l)).count();
        let moves = n(&|l| {
            (l.contains(" moves ") && !l.contains("moves first"))
                || l.contains(" is displaced onto ")
                || l.contains(" Maneuvers to ")
                || l.contains(" uses Maneuver: ")
        }) + 2 * n(&|l| l.contains(" uses Relieve: "));
        let attacks = n(&|l| l.contains(" attacks "));
        let missed =
            n(&|l| l.contains(" attacks ") && (l.ends_with("\u{2192} Miss") || l.ends_with("a miss")));
        let retreats = n(&|l| l.contains(" Routs and Retreats: "));
        let builds = n(&|l| l.contains(" is built on ") || l.contains(" drops by Paratroop onto "));
        let removed = n(&|l| l.contains(" is Blitzed and leaves the game"));
        assert_eq!(count(&svg, "class=\"order move"), moves, "step {k} moves:\n{results:#?}");
        assert_eq!(count(&svg, "class=\"order attack"), attacks, "step {k} attacks");
        assert_eq!(count(&svg, "class=\"order attack failed\""), missed, "step {k} misses");
        assert_eq!(count(&svg, "class=\"order retreat"), retreats, "step {k} retreats");
        assert_eq!(count(&svg, "class=\"order build"), builds, "step {k} builds");
        assert_eq!(count(&svg, "class=\"order remove"), removed, "step {k} removals");
        // Every move and attack starts somewhere: no ring stands in for an unknown start.
        assert_eq!(count(&svg, "<circle class=\"order move"), 0, "step {k}: a move with no start");
        drawn += moves + attacks + retreats + builds + removed;
        for reader in ["gm", "anna", "ben"] {
            assert!(!dir.join(format!("reports/{k}/{reader}.svg")).exists(), "{reader} has a map of his own");
        }
    }
    assert!(drawn > 50, "the demo's actions drawn: {drawn}");
}

/// Algeria's results map: each mission, Terror, build and loss the results tell is
/// marked once, and each unit that went to another area has its arrow (its area before
/// the step read from the GM's state files, followed through the step's lines).
#[test]
fn algeria_draws_every_action_of_the_step() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("al");
    ok(&["demo", "--seed", "1", "--system", "algeria", "--dir", dir.to_str().unwrap()]);
    let mut drawn = 0;
    for k in 1..200 {
        let Ok(svg) = std::fs::read_to_string(dir.join(format!("reports/{k}/public.svg"))) else { continue };
        let text = unfold(&std::fs::read_to_string(dir.join(format!("reports/{k}/public.txt"))).unwrap());
        let results: Vec<&str> = text
            .lines()
            .skip_while(|l| *l != "Results")
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(str::trim)
            .collect();
        let n = |pred: &dyn Fn(&str) -> bool| results.iter().filter(|l| pred(l)).count();
        let missions = n(&|l| {
            (l.starts_with("9.11 Propaganda in ") && l.contains(" by "))
                || (l.starts_with("9.12 Strike in ") && l.contains(" by "))
                || (l.starts_with("9.14 Raid in ") && l.contains(" MST:"))
                || l.starts_with("9.15 Harass:")
                || (l.starts_with("9.22 Flush in ") && l.contains(" with "))
                || l.starts_with("9.24 Intelligence in ") && l.contains("(Police")
                || (l.starts_with("9.25 Civil Affairs in ") && l.contains(": die"))
                || l.ends_with(" is Terrorized")
        });
        let removed = n(&|l| l.split_whitespace().nth(1) == Some("is") && l.contains(" is eliminated"));
        let builds = n(&|l| {
            l.starts_with("the FLN builds ")
                || l.starts_with("the Government mobilizes ") && !l.contains(" Point")
                || l.contains(" returns from Suez to ")
        });
        // Moves: follow each unit from its area in the state before the step.
        let before: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("state/{}.json", k - 1))).unwrap(),
        )
        .unwrap();
        let mut area: std::collections::BTreeMap<String, String> = before["units"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(id, u)| (id.clone(), u["area"].as_str().unwrap().to_string()))
            .collect();
        let mut moves = 0;
        for l in &results {
            let w: Vec<&str> = l.split_whitespace().collect();
            let (units, to): (Vec<&str>, &str) = match w.as_slice() {
                [u, "deploys", "to", to, ..] | [u, "arrives", "in", to] => (vec![*u], *to),
                ["The", "Government", "reacts", "in", to, "with", team @ ..]
                | ["FLN", "units", "deploy", "in", to, team @ ..] => (team.to_vec(), *to),
                [u, "returns", "from", "Suez", "to", to]
                | ["the", "Government", "mobilizes", u, "in", to] => {
                    area.insert(u.to_string(), to.to_string());
                    continue;
                }
                ["the", "FLN", "builds", _, u, "in", to] => {
                    area.insert(u.to_string(), to.to_string());
                    continue;
                }
                // A counter replaced by another where it stands.
                [u, "is", "reduced", "to", _, new] | ["the", "FLN", "converts", u, "to", _, new] => {
                    if let Some(a) = area.remove(*u) {
                        area.insert(new.to_string(), a);
                    }
                    continue;
                }
                _ => continue,
            };
            let to = to.trim_end_matches(':');
            for u in units {
                let u = u.trim_end_matches(',');
                if area.get(u).is_some_and(|a| a != to) {
                    moves += 1;
                }
                area.insert(u.to_string(), to.to_string());
            }
        }
        let mission_marks =
            ["propaganda", "strike", "raid", "harass", "flush", "intelligence", "civil-affairs", "terror"]
                .iter()
                .map(|c| count(&svg, &format!("class=\"order {c}\"")))
                .sum::<usize>();
        assert_eq!(mission_marks, missions, "step {k} missions:\n{results:#?}");
        assert_eq!(count(&svg, "class=\"order remove\""), removed, "step {k} losses");
        assert_eq!(count(&svg, "class=\"order build\""), builds, "step {k} builds");
        assert_eq!(count(&svg, "<line class=\"order move\""), moves, "step {k} moves:\n{results:#?}");
        drawn += missions + removed + builds + moves;
        assert!(!dir.join(format!("reports/{k}/gm.svg")).exists(), "the GM has a map of his own");
    }
    assert!(drawn >= 8, "the demo's actions drawn: {drawn}");
}

/// Algeria is drawn on its real map in new campaigns (style 3): every area its part of
/// Algeria, Morocco, Tunisia and France boxes at the edges, the outlines' and towns'
/// sources named. A campaign that pinned style 2 keeps the schematic its ledger hashed,
/// and a GM's own areas file keeps the schematic at its own points.
#[test]
fn algeria_is_drawn_on_its_real_map_in_new_campaigns_only() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("al");
    let d = dir.to_str().unwrap();
    ok(&["demo", "--seed", "1", "--system", "algeria", "--dir", d]);
    let config = std::fs::read_to_string(dir.join("campaign.toml")).unwrap();
    assert!(config.contains("map_style = 3"), "{config}");
    let svg = std::fs::read_to_string(dir.join("reports/1/public.svg")).unwrap();
    assert_eq!(count(&svg, "class=\"province\""), 28, "25 areas and 3 countries");
    assert!(svg.contains("Natural Earth") && svg.contains("GeoNames"), "the sources are named");
    assert!(!svg.contains("(schematic)") && !svg.contains(r#"r="30""#), "no disc");
    // Algiers lies west of Constantine and north of Laghouat, as on the ground.
    let at = |id: &str| -> (f64, f64) {
        let g = svg.find(&format!("data-id=\"{id}\"")).unwrap();
        let d = &svg[g..];
        let m = d.find("d=\"M").unwrap() + 4;
        let nums: Vec<f64> = d[m..].split([' ', 'L']).take(2).map(|v| v.parse().unwrap()).collect();
        (nums[0], nums[1])
    };
    assert!(at("ALGIERS").0 < at("CONSTANTINE").0 && at("ALGIERS").1 < at("V-8").1);

    // Pinned style 2: the schematic, as the ledger has it.
    let old = tmp.path().join("old.svg");
    std::fs::write(dir.join("campaign.toml"), config.replace("map_style = 3", "map_style = 2")).unwrap();
    ok(&["map", d, "--step", "1", "-o", old.to_str().unwrap()]);
    let text = std::fs::read_to_string(&old).unwrap();
    assert!(text.contains("(schematic)") && text.contains(r#"r="30""#), "style 2 draws discs");

    // A GM's own areas (France moved on the drawing): the schematic at its points.
    std::fs::write(dir.join("campaign.toml"), &config).unwrap();
    let own = dir.join("games/algeria");
    std::fs::create_dir_all(&own).unwrap();
    let areas = include_str!("../games/algeria/areas.toml").replace("at = [500, 40]", "at = [520, 40]");
    std::fs::write(own.join("areas.toml"), areas).unwrap();
    let unpinned: String =
        config.lines().filter(|l| !l.starts_with("\"areas.toml\"")).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join("campaign.toml"), unpinned).unwrap();
    let mine = tmp.path().join("mine.svg");
    ok(&["map", d, "--step", "1", "-o", mine.to_str().unwrap()]);
    let text = std::fs::read_to_string(&mine).unwrap();
    assert!(text.contains(r#"cx="520" cy="40" r="30""#), "the GM's own point");
}

/// Freedom! Messolonghi's results map: one mark for each move, attack, Raid, cannon
/// shot, new unit on a named space and lost unit the results tell, dashed where an
/// attack or a Raid missed or a shot hit nothing.
#[test]
fn freedom_draws_every_action_of_the_step() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("fm");
    ok(&["demo", "--seed", "1", "--system", "freedom-messolonghi", "--dir", dir.to_str().unwrap()]);
    let mut drawn = 0;
    for k in 1..200 {
        let Ok(svg) = std::fs::read_to_string(dir.join(format!("reports/{k}/public.svg"))) else { continue };
        let text = unfold(&std::fs::read_to_string(dir.join(format!("reports/{k}/public.txt"))).unwrap());
        let results: Vec<&str> = text
            .lines()
            .skip_while(|l| *l != "Results")
            .skip(1)
            .take_while(|l| !l.is_empty())
            .map(str::trim)
            .collect();
        let n = |pred: &dyn Fn(&str) -> bool| results.iter().filter(|l| pred(l)).count();
        let normal: usize = results
            .iter()
            .filter_map(|l| l.strip_prefix("Imperial Normal Movement: "))
            .map(|paths| paths.split(", ").count())
            .sum();
        let moves = normal
            + n(&|l| {
                l.starts_with("Advancement: ")
                    || l.starts_with("Imperial Slow Movement: ")
                    || l.starts_with("Insurgent Regroup: ")
            });
        let attacks = n(&|l| l.contains(" attack from ") || l.starts_with("Raid from "));
        let missed =
            n(&|l| (l.contains(" attack from ") || l.starts_with("Raid from ")) && l.ends_with(": miss"));
        let fire = n(&|l| l.contains(" cannon ") && l.contains(" fires at "));
        let blank = n(&|l| l.contains(" fires at ") && l.ends_with(": 0 hits"));
        let builds = n(&|l| {
            l.starts_with("civilians trained: ") || (l.contains(" gains ") && l.contains(" unit(s) at "))
        });
        let removed = n(&|l| {
            l.ends_with(" loses a unit")
                || (l.contains(" loses an ") && l.ends_with(" unit"))
                || (l.contains(" loses ") && l.contains(" unit(s) from "))
        });
        assert_eq!(count(&svg, "class=\"order move"), moves, "step {k} moves:\n{results:#?}");
        assert_eq!(count(&svg, "class=\"order attack"), attacks, "step {k} attacks");
        assert_eq!(count(&svg, "class=\"order attack failed\""), missed, "step {k} misses");
        assert_eq!(count(&svg, "class=\"order fire"), fire, "step {k} cannon fire");
        assert_eq!(count(&svg, "class=\"order fire failed\""), blank, "step {k} shots that hit nothing");
        assert_eq!(count(&svg, "class=\"order build"), builds, "step {k} new units");
        assert_eq!(count(&svg, "class=\"order remove"), removed, "step {k} lost units");
        drawn += moves + attacks + fire + builds + removed;
        assert!(!dir.join(format!("reports/{k}/gm.svg")).exists(), "the GM has a map of his own");
    }
    assert!(drawn >= 10, "the demo's actions drawn: {drawn}");
}

/// A step draws a system's own drawing of the board only where it can be seen: the
/// default templates show a reader's board picture instead, so a Guerilla Warfare
/// report carries the picture's file and no drawing; a GM's own template that shows
/// `svg` beside the picture still gets each reader's drawing (the Abstraction board,
/// with that reader's fractions), and the campaign still verifies.
#[test]
fn a_gms_own_template_may_show_the_systems_drawing_beside_the_picture() {
    let tmp = tempfile::tempdir().unwrap();
    let players = ["austria", "england", "france", "germany", "italy", "russia", "turkey"];
    let make = |name: &str| {
        let dir = tmp.path().join(name);
        let mut args = vec!["new".to_string(), "guerilla-warfare".into(), dir.display().to_string()];
        for p in players {
            args.extend(["--player".into(), format!("{p}={p}@example.org")]);
        }
        args.extend(["--gm-email".into(), "gm@example.org".into()]);
        ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        dir
    };
    let plain = make("plain");
    let own = make("own");
    let default =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/public.html.j2"))
            .expect("the default template");
    let marker = "{% if svg_file %}";
    assert!(default.contains(marker), "the default template shows the picture's file");
    std::fs::create_dir_all(own.join("templates")).unwrap();
    std::fs::write(
        own.join("templates/public.html.j2"),
        default.replacen(marker, "<div class=\"drawing\">{{ svg | safe }}</div>\n{% if svg_file %}", 1),
    )
    .unwrap();
    for dir in [&plain, &own] {
        ok(&["adjudicate", dir.to_str().unwrap(), "--force"]);
    }
    for reader in ["public", "france", "gm"] {
        let html = std::fs::read_to_string(plain.join(format!("reports/1/{reader}.html"))).unwrap();
        assert!(html.contains(".svg\" alt=\"The board after step 1\""), "{reader}: the picture's file");
        assert!(!html.contains("<svg"), "{reader}: the default report carries no drawing");
        let html = std::fs::read_to_string(own.join(format!("reports/1/{reader}.html"))).unwrap();
        assert!(html.contains(".svg\" alt=\"The board after step 1\""), "{reader}: the picture's file");
        let drawing = html.split("<div class=\"drawing\">").nth(1).unwrap_or_default();
        assert!(drawing.starts_with("<svg"), "{reader}: the own template shows the system's drawing");
    }
    let bundle = tmp.path().join("own-bundle.json");
    ok(&["audit-bundle", own.to_str().unwrap(), "-o", bundle.to_str().unwrap()]);
    let out = ok(&["verify", own.to_str().unwrap(), "--bundle", bundle.to_str().unwrap()]);
    assert!(out.contains("every step replayed"), "{out}");
}
