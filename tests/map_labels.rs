//! Every board picture of every system's demo, at every step, for every reader, is
//! readable: no two names (labels, the title, legend lines) overlap, no name leaves
//! the picture, and no unit or mark (a centre, a loss, a mission, a legend swatch)
//! covers a name. The boxes are measured by usvg with the machine's fonts, as the PNG
//! a mail carries is drawn; a picture drawn clear marks its names `label-...` and its
//! units and marks `unit-...` / `mark-...` (see `src/maps/clear.rs`), so a picture
//! without them (the drawing of campaigns made before) fails here.

mod common;

use common::*;
use resvg::usvg;
use std::path::Path;

const SYSTEMS: [&str; 6] =
    ["diplomacy", "guerilla-warfare", "andartes", "algeria", "front-line", "freedom-messolonghi"];

type Rect = (f32, f32, f32, f32);

fn walk(group: &usvg::Group, labels: &mut Vec<(String, Rect)>, marks: &mut Vec<(String, Rect)>) {
    for node in group.children() {
        let id = node.id();
        let b = node.abs_bounding_box();
        let rect = (b.left(), b.top(), b.right(), b.bottom());
        if id.starts_with("label-") {
            labels.push((id.to_string(), rect));
            continue;
        }
        if id.starts_with("unit-") || id.starts_with("mark-") {
            marks.push((id.to_string(), rect));
            continue;
        }
        if let usvg::Node::Group(g) = node {
            walk(g, labels, marks);
        }
    }
}

/// Two boxes cover each other by more than half a pixel each way.
fn covers(a: Rect, b: Rect) -> bool {
    a.2.min(b.2) - a.0.max(b.0) > 0.5 && a.3.min(b.3) - a.1.max(b.1) > 0.5
}

/// What is wrong with one picture, one line a fault.
fn faults(svg: &str, options: &usvg::Options) -> Vec<String> {
    let tree = match usvg::Tree::from_str(svg, options) {
        Ok(t) => t,
        Err(e) => return vec![format!("not valid SVG: {e}")],
    };
    let (w, h) = (tree.size().width(), tree.size().height());
    let (mut labels, mut marks) = (Vec::new(), Vec::new());
    walk(tree.root(), &mut labels, &mut marks);
    let mut out = Vec::new();
    if labels.is_empty() {
        out.push("no labelled names: not drawn clear".to_string());
    }
    for (id, r) in &labels {
        if r.0 < -0.5 || r.1 < -0.5 || r.2 > w + 0.5 || r.3 > h + 0.5 {
            out.push(format!("{id} leaves the picture ({r:?} in {w}x{h})"));
        }
    }
    for (i, (a, ra)) in labels.iter().enumerate() {
        for (b, rb) in labels.iter().skip(i + 1) {
            if covers(*ra, *rb) {
                out.push(format!("{a} and {b} overlap ({ra:?} / {rb:?})"));
            }
        }
        for (m, rm) in &marks {
            if covers(*ra, *rm) {
                out.push(format!("{m} covers {a} ({rm:?} / {ra:?})"));
            }
        }
    }
    out
}

fn fonts() -> usvg::Options<'static> {
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    options
}

fn check_demo(system: &str, dir: &Path) -> (usize, Vec<String>) {
    ok(&["demo", "--seed", "1", "--system", system, "--dir", dir.to_str().unwrap()]);
    let options = fonts();
    let mut seen = 0;
    let mut out = Vec::new();
    for path in files_under(&dir.join("reports")) {
        if path.extension().is_none_or(|e| e != "svg") {
            continue;
        }
        seen += 1;
        let svg = std::fs::read_to_string(&path).unwrap();
        let rel = path.strip_prefix(dir).unwrap_or(&path).display().to_string();
        out.extend(faults(&svg, &options).into_iter().map(|f| format!("{rel}: {f}")));
    }
    (seen, out)
}

#[test]
fn every_demo_board_keeps_its_names_clear() {
    let tmp = tempfile::tempdir().unwrap();
    let mut all = Vec::new();
    for system in SYSTEMS {
        let (seen, faults) = check_demo(system, &tmp.path().join(system));
        assert!(seen > 0, "{system}: the demo drew no pictures");
        println!("{system}: {seen} pictures, {} faults", faults.len());
        all.extend(faults.into_iter().take(12).map(|f| format!("{system}: {f}")));
    }
    assert!(all.is_empty(), "{} faults:\n{}", all.len(), all.join("\n"));
}

/// The check fails where it should: names on top of each other, a name off the edge,
/// a unit on a name, a picture with no labelled names.
#[test]
fn the_check_sees_what_it_must() {
    let options = fonts();
    let svg = |body: &str| {
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" font-family="DejaVu Sans">{body}</svg>"##
        )
    };
    let clear = svg(
        r##"<text id="label-a" x="10" y="20">ALB</text><text id="label-b" x="100" y="20">BUR</text><g id="unit-1"><circle cx="50" cy="70" r="7"/></g>"##,
    );
    assert!(faults(&clear, &options).is_empty(), "{:?}", faults(&clear, &options));
    let on_top =
        svg(r##"<text id="label-a" x="10" y="20">ALB</text><text id="label-b" x="20" y="22">BUR</text>"##);
    assert_eq!(faults(&on_top, &options).len(), 1);
    let off = svg(r##"<text id="label-a" x="190" y="20">PICARDY</text>"##);
    assert_eq!(faults(&off, &options).len(), 1);
    let covered = svg(
        r##"<text id="label-a" x="10" y="20">ALB</text><g id="unit-1"><circle cx="20" cy="16" r="7"/></g>"##,
    );
    assert_eq!(faults(&covered, &options).len(), 1);
    let bare = svg(r##"<text x="10" y="20">ALB</text>"##);
    assert_eq!(faults(&bare, &options).len(), 1);
}
