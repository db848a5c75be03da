//! Coordinates written with a fixed number of decimals, fast.
//!
//! Every picture writes thousands of numbers as `{:.1}` or `{:.0}`. The standard
//! library does that exactly (the binary value rounded half to even at the last
//! decimal) by its slow arbitrary-precision path, which was a tenth of a board's
//! drawing time. [`Fixed`] gives the same bytes by integer arithmetic on the float's
//! mantissa: a committed picture must not change by a byte, so every value it cannot
//! do exactly (huge, not finite, more than three decimals, any width or sign flag) goes
//! to the standard formatting. `tests/fast_pictures.rs` compares
//! the two over many values.

use std::fmt;

/// An `f64` whose `{:.N}` (N up to 3) is written by integer arithmetic; anything else
/// is formatted as the plain `f64` is.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Fixed(pub f64);

/// Four `Fixed`: the ends of a line as [`super::draw::shorten`] gives them.
pub fn fixed4((a, b, c, d): (f64, f64, f64, f64)) -> (Fixed, Fixed, Fixed, Fixed) {
    (Fixed(a), Fixed(b), Fixed(c), Fixed(d))
}

const POW10: [u64; 4] = [1, 10, 100, 1000];

/// `|v| * 10^decimals` rounded half to even, exactly, with whether `v` is negative; `None`
/// where the result may not fit in a `u64`.
fn scaled(v: f64, decimals: usize) -> Option<(bool, u64)> {
    if !v.is_finite() || v.abs() >= 1e15 {
        return None;
    }
    let bits = v.to_bits();
    let negative = bits >> 63 == 1;
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    // v = m * 2^e exactly.
    let (m, e) = if exp_bits == 0 { (frac, -1074) } else { (frac | (1u64 << 52), exp_bits - 1075) };
    let p = *POW10.get(decimals)?;
    // m < 2^53 and p <= 1000 < 2^10: the product fits in 63 bits.
    let n = u128::from(m) * u128::from(p);
    if e >= 0 {
        // |v| < 1e15, so the shift keeps it within 64 bits.
        return u64::try_from(n << e).ok().map(|q| (negative, q));
    }
    let s = (-e) as u32;
    if s >= 127 {
        // n / 2^s < 2^63 / 2^127: far below a half, rounds to zero.
        return Some((negative, 0));
    }
    let q = n >> s;
    let rem = n & ((1u128 << s) - 1);
    let half = 1u128 << (s - 1);
    let q = if rem > half || (rem == half && q & 1 == 1) { q + 1 } else { q };
    u64::try_from(q).ok().map(|q| (negative, q))
}

/// Writes `v` with `decimals` decimals as `format!("{:.decimals$}", v)` does, into
/// `out`; false (nothing written) where it cannot be done exactly here.
pub fn write_fixed(out: &mut String, v: f64, decimals: usize) -> bool {
    match fixed_text(v, decimals) {
        Some(text) => {
            out.push_str(text.as_str());
            true
        }
        None => false,
    }
}

/// Writes `n` as `format!("{n}")` does, into `out`.
pub fn write_int(out: &mut String, n: u64) {
    out.push_str(itoa_buf(n).as_str());
}

/// Writes `v` with one decimal as `format!("{v:.1}")` does, into `out`: the fast way
/// where [`write_fixed`] can, else the standard one.
pub fn write_1(out: &mut String, v: f64) {
    if !write_fixed(out, v, 1) {
        use std::fmt::Write;
        let _ = write!(out, "{v:.1}");
    }
}

/// `v` with `decimals` decimals, on the stack: a picture writes thousands of numbers,
/// and a `String` for each was a fifth of writing one.
fn fixed_text(v: f64, decimals: usize) -> Option<Text> {
    let (negative, q) = scaled(v, decimals)?;
    let p = *POW10.get(decimals)?;
    let mut text = Text { bytes: [b'0'; 48], len: 0 };
    if negative {
        text.push(b"-");
    }
    let (int, frac) = (q / p, q % p);
    let digits = itoa_buf(int);
    text.push(digits.as_str().as_bytes());
    if decimals > 0 {
        text.push(b".");
        let digits = itoa_buf(frac);
        for _ in digits.len()..decimals {
            text.push(b"0");
        }
        text.push(digits.as_str().as_bytes());
    }
    Some(text)
}

/// A number's text, at most a sign, 20 digits, a point and 3 decimals.
struct Text {
    bytes: [u8; 48],
    len: usize,
}

impl Text {
    fn push(&mut self, part: &[u8]) {
        let end = self.len + part.len();
        if let Some(slot) = self.bytes.get_mut(self.len..end) {
            slot.copy_from_slice(part);
            self.len = end;
        }
    }
    fn as_str(&self) -> &str {
        // Only ASCII signs, digits and points are written.
        self.bytes.get(..self.len).and_then(|b| std::str::from_utf8(b).ok()).unwrap_or("0")
    }
}

/// The decimal digits of `n`, on the stack.
struct Digits {
    bytes: [u8; 20],
    start: usize,
}

impl Digits {
    fn as_str(&self) -> &str {
        // Only ASCII digits are written.
        std::str::from_utf8(&self.bytes[self.start..]).unwrap_or("0")
    }
    fn len(&self) -> usize {
        self.bytes.len() - self.start
    }
}

fn itoa_buf(mut n: u64) -> Digits {
    let mut d = Digits { bytes: [b'0'; 20], start: 20 };
    loop {
        d.start -= 1;
        d.bytes[d.start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    d
}

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plain = f.width().is_none() && !f.sign_plus() && !f.alternate() && !f.sign_aware_zero_pad();
        if let Some(decimals) = f.precision().filter(|&d| d < POW10.len() && plain)
            && let Some(text) = fixed_text(self.0, decimals)
        {
            return f.write_str(text.as_str());
        }
        fmt::Display::fmt(&self.0, f)
    }
}
