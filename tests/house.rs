//! The layout of the source (issue 30): the engine and the games in rooms of their own,
//! and no folder importing one that imports it back. Read from the source files, as a
//! newcomer's tools would read them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules of the library: `src/<name>/` folders and `src/<name>.rs` files.
fn rooms(src: &Path) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for e in std::fs::read_dir(src).unwrap().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if e.path().is_dir() {
            out.insert(name);
        } else if let Some(stem) = name.strip_suffix(".rs")
            && stem != "lib"
            && stem != "main"
        {
            out.insert(stem.to_string());
        }
    }
    out
}

fn files_of(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for e in std::fs::read_dir(path).unwrap().flatten() {
            files_of(&e.path(), out);
        }
    } else if path.extension().is_some_and(|x| x == "rs") {
        out.push(path.to_path_buf());
    }
}

/// The code of a file without comments and without its unit tests (a test module may
/// reach anywhere).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or_default();
    text.lines().map(|l| l.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// Which rooms each room's code names as `crate::<room>` (or `umpire::<room>`).
fn arrows(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let rooms = rooms(src);
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for room in &rooms {
        let mut files = Vec::new();
        let dir = src.join(room);
        let place = if dir.is_dir() { dir } else { src.join(format!("{room}.rs")) };
        files_of(&place, &mut files);
        let to = out.entry(room.clone()).or_default();
        for f in files {
            let text = code(&f);
            for other in &rooms {
                if other != room
                    && (text.contains(&format!("crate::{other}::"))
                        || text.contains(&format!("crate::{other};"))
                        || text.contains(&format!("crate::{other},"))
                        || text.contains(&format!("crate::{{{other}")))
                {
                    to.insert(other.clone());
                }
            }
        }
    }
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn the_engine_and_the_games_have_rooms_of_their_own() {
    let src = src();
    assert!(src.join("engine/mod.rs").is_file() && src.join("games/mod.rs").is_file());
    assert!(!src.join("systems").exists(), "src/systems/ should be gone");
    for game in [
        "algeria",
        "andartes",
        "dice_server",
        "diplomacy",
        "freedom_messolonghi",
        "front_line",
        "guerilla_warfare",
        "toy",
    ] {
        assert!(src.join("games").join(game).join("mod.rs").is_file(), "src/games/{game}/");
    }
}

#[test]
fn the_core_never_names_a_game() {
    let map = arrows(&src());
    for core in ["campaign", "trust", "report", "mail", "maps", "engine"] {
        let to = map.get(core).cloned().unwrap_or_default();
        assert!(!to.contains("games"), "src/{core} imports crate::games: {to:?}");
    }
}

#[test]
fn no_folder_imports_one_that_imports_it_back() {
    let map = arrows(&src());
    // Every room reachable from each room; a room that reaches itself is in a loop.
    for start in map.keys() {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<&String> = map[start].iter().collect();
        let mut path_back = None;
        while let Some(room) = todo.pop() {
            if room == start {
                path_back = Some(room.clone());
                break;
            }
            if seen.insert(room.clone()) {
                todo.extend(map.get(room).into_iter().flatten());
            }
        }
        assert!(path_back.is_none(), "src/{start} imports a folder that imports it back: arrows {map:?}");
    }
}
