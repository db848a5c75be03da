//! The last few results of a costly drawing, by what they were drawn from: a step
//! draws a picture for every reader, and most readers are shown the same thing.

use std::collections::VecDeque;
use std::sync::Mutex;

/// Up to `cap` (key, value) pairs, the oldest dropped first. A value is only ever what
/// `make` gave for an equal key, so a kept one is what making it again would give.
pub struct Kept<K, V> {
    cap: usize,
    entries: Mutex<VecDeque<(K, V)>>,
}

impl<K: PartialEq + Clone, V: Clone> Kept<K, V> {
    pub fn new(cap: usize) -> Self {
        Kept { cap, entries: Mutex::new(VecDeque::new()) }
    }

    /// The value kept for `key`, else `make()`'s, kept.
    pub fn get_or(&self, key: &K, make: impl FnOnce() -> V) -> V {
        self.find_or(|k| k == key, || key.clone(), make)
    }

    /// The value kept for the newest key that `is` accepts, else `make()`'s, kept under
    /// `key()`: for a caller whose key would be a copy of a whole state, made only to be
    /// compared, where comparing with what it borrows is enough. `is` must accept
    /// exactly the keys equal to `key()`.
    pub fn find_or(&self, is: impl Fn(&K) -> bool, key: impl FnOnce() -> K, make: impl FnOnce() -> V) -> V {
        if let Ok(q) = self.entries.lock()
            && let Some((_, v)) = q.iter().rev().find(|(k, _)| is(k))
        {
            return v.clone();
        }
        let v = make();
        if let Ok(mut q) = self.entries.lock() {
            if q.len() >= self.cap {
                q.pop_front();
            }
            q.push_back((key(), v.clone()));
        }
        v
    }
}
