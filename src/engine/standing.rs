//! Standing orders kept by category: a file's lines of a category replace every
//! earlier line of that category; the other categories stand.

use std::collections::BTreeMap;

/// Keeps `lines`, each (category, line), in `kept`.
pub fn replace_by_category(
    kept: &mut BTreeMap<String, Vec<String>>,
    lines: impl IntoIterator<Item = (String, String)>,
) {
    let mut by: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (category, line) in lines {
        by.entry(category).or_default().push(line);
    }
    kept.extend(by);
}
