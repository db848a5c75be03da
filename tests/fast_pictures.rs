//! The pictures' fast fixed-decimal numbers (`umpire::maps::decimal::Fixed`) must be
//! the bytes `format!("{:.1}")` gives, or a committed picture would change: compared
//! here over the edges (halves, ties, signs, zero, tiny and huge values) and many
//! random values.

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
