//! Dice for the rules of the systems that roll by rule: every die a public roll labelled
//! with its rule and subject, so the report and the audit name it. Tests give the faces instead.

use std::collections::VecDeque;

/// Something that rolls dice (six-sided unless said otherwise).
pub trait Roll {
    /// One die of `sides` sides.
    fn die(&mut self, sides: u32, label: String) -> u32;

    fn d6(&mut self, label: String) -> u32 {
        self.die(6, label)
    }

    /// `n` dice summed, each labelled "(die i of n)".
    fn dice(&mut self, n: u32, label: &str) -> u32 {
        (1..=n).map(|i| self.d6(format!("{label} (die {i} of {n})"))).sum()
    }
}

impl Roll for crate::engine::Dice {
    fn die(&mut self, sides: u32, label: String) -> u32 {
        self.roll(label, sides)
    }
}

/// Faces given in advance (rule examples in tests); each roll's label is kept.
#[derive(Debug, Default)]
pub struct Given {
    pub faces: VecDeque<u32>,
    pub labels: Vec<String>,
}

impl Given {
    pub fn new(faces: &[u32]) -> Self {
        Given { faces: faces.iter().copied().collect(), labels: Vec::new() }
    }
}

impl Roll for Given {
    /// A die beyond those given reads 1 and is labelled so a test sees it.
    fn die(&mut self, _sides: u32, label: String) -> u32 {
        let face = self.faces.pop_front();
        self.labels.push(if face.is_some() { label } else { format!("{label} (not given)") });
        face.unwrap_or(1)
    }
}
