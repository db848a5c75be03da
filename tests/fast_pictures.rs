//! The pictures are drawn faster but must come out byte for byte as before, or a
//! committed picture would change: the fixed-decimal numbers (`maps::decimal::Fixed`)
//! against `format!("{:.1}")` over the edges (halves, ties, signs, zero, tiny and huge
//! values) and many random values; the placer's grid against measuring every box; the
//! one-pass XML escaping against the four replacements it replaced.

use proptest::prelude::*;
use umpire::maps::decimal::{Fixed, write_fixed};

fn both(v: f64) {
    for d in 0..=3 {
        let want = format!("{v:.d$}");
        let got = format!("{:.d$}", Fixed(v));
        assert_eq!(got, want, "{v:?} with {d} decimals");
        let mut s = String::from("x");
        if write_fixed(&mut s, v, d) {
            assert_eq!(s, format!("x{want}"), "{v:?} with {d} decimals, written");
        }
    }
    assert_eq!(format!("{}", Fixed(v)), format!("{v}"));
}

#[test]
fn fixed_matches_the_standard_formatting_at_the_edges() {
    for v in [
        0.0,
        -0.0,
        0.05,
        -0.05,
        0.15,
        0.25,
        -0.25,
        0.35,
        0.45,
        0.5,
        1.5,
        2.5,
        -2.5,
        -0.5,
        0.04999,
        -0.04,
        0.95,
        9.95,
        99.95,
        -99.95,
        1e-300,
        -1e-300,
        5e-324,
        123456.75,
        1e14,
        999999999999999.9,
        1e15,
        1e16,
        -1e20,
        f64::MAX,
        f64::MIN_POSITIVE,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        0.125,
        0.375,
        0.0625,
        1.0005,
        2.675,
        1.005,
        0.1 + 0.2,
        4503599627370495.5,
        9007199254740993.0,
    ] {
        both(v);
    }
}

#[test]
fn fixed_matches_on_every_sixty_fourth_and_next_to_every_twentieth() {
    // Exact halves and quarters at every decimal, over the board and beyond.
    for k in -200_000..200_000 {
        both(f64::from(k) / 64.0);
    }
    // Every value with one decimal's ties (k / 20), and one unit in the last place
    // either side of it, where rounding turns.
    for k in -100_000..100_000 {
        let v = f64::from(k) / 20.0;
        both(v);
        both(f64::from_bits(v.to_bits() + 1));
        if v != 0.0 {
            both(f64::from_bits(v.to_bits() - 1));
        }
    }
}

#[test]
fn the_fast_path_is_taken_where_it_is_exact() {
    // A test that the comparison above is not all fallbacks.
    let mut s = String::new();
    assert!(write_fixed(&mut s, -12.25, 1));
    assert!(write_fixed(&mut s, 0.05, 1));
    assert!(write_fixed(&mut s, 899.95, 0));
    assert_eq!(s, "-12.20.1900");
    assert!(!write_fixed(&mut s, f64::NAN, 1));
    assert!(!write_fixed(&mut s, 1e300, 1));
}

#[test]
fn flags_and_widths_go_to_the_standard_formatting() {
    assert_eq!(format!("{:>8.1}", Fixed(2.25)), format!("{:>8.1}", 2.25));
    assert_eq!(format!("{:+.1}", Fixed(2.25)), format!("{:+.1}", 2.25));
    assert_eq!(format!("{:08.2}", Fixed(-2.25)), format!("{:08.2}", -2.25));
    assert_eq!(format!("{:.5}", Fixed(1.0 / 3.0)), format!("{:.5}", 1.0 / 3.0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn fixed_matches_the_standard_formatting(v in proptest::num::f64::ANY) {
        both(v);
    }

    #[test]
    fn fixed_matches_on_board_coordinates(v in -5000.0f64..5000.0) {
        both(v);
        both(v * 0.1);
        both((v * 20.0).round() / 20.0);
    }
}

// The placer files its boxes in a grid; it must choose what measuring every candidate
// against every taken box chooses, which this reference does.
type Rect = (f64, f64, f64, f64);

fn overlap(a: Rect, b: Rect) -> f64 {
    let w = a.2.min(b.2) - a.0.max(b.0);
    let h = a.3.min(b.3) - a.1.max(b.1);
    if w <= 0.0 || h <= 0.0 { 0.0 } else { w * h }
}

fn reference_place(taken: &mut Vec<Rect>, bounds: Rect, candidates: &[Rect]) -> usize {
    let cost = |r: Rect| {
        let (l, t, rr, b) = bounds;
        let outside = (l - r.0).max(0.0) + (r.2 - rr).max(0.0) + (t - r.1).max(0.0) + (r.3 - b).max(0.0);
        let pad = (r.0 - 0.8, r.1 - 0.8, r.2 + 0.8, r.3 + 0.8);
        taken.iter().map(|t| overlap(pad, *t)).sum::<f64>() + outside * 1000.0
    };
    let mut best = (f64::INFINITY, 0);
    for (i, r) in candidates.iter().enumerate() {
        let c = cost(*r);
        if c <= 0.0 {
            best = (0.0, i);
            break;
        }
        if c < best.0 {
            best = (c, i);
        }
    }
    if let Some(r) = candidates.get(best.1) {
        taken.push(*r);
    }
    best.1
}

fn boxes() -> impl Strategy<Value = Rect> {
    (-60.0f64..960.0, -60.0f64..700.0, 0.5f64..70.0, 0.5f64..40.0)
        .prop_map(|(x, y, w, h)| (x, y, x + w, y + h))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_placer_chooses_as_measuring_every_box_does(
        fixed in proptest::collection::vec(boxes(), 0..80),
        rounds in proptest::collection::vec(proptest::collection::vec(boxes(), 1..20), 1..120),
    ) {
        let bounds = (1.0, 1.0, 899.0, 661.0);
        let mut placer = umpire::maps::clear::Placer::new(bounds);
        let mut taken = Vec::new();
        for r in &fixed {
            placer.take(*r);
            taken.push(*r);
        }
        for cands in &rounds {
            let want = reference_place(&mut taken, bounds, cands);
            prop_assert_eq!(placer.place(cands), want);
        }
        prop_assert_eq!(placer.taken(), taken.as_slice());
    }

    #[test]
    fn xml_escaping_in_one_pass_is_the_four_replacements(text in "[a-z&<>\"' é;#]{0,40}") {
        let want = text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
        prop_assert_eq!(umpire::report::xml(&text), want);
    }
}
