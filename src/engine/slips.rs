//! A careless player's file from a careful one: the careful lines, three in ten
//! replaced by a slip, and now and then one more slip at the end. The slips are the
//! system's own (`slip`: a plausible line that is often impossible); this is only the
//! mixing, the same for every system whose careless player works this way.

use rand_core::RngCore;

/// `careful`'s lines with slips mixed in; a slip that `slip` cannot make (None)
/// leaves the careful line.
pub fn mix(
    careful: &str,
    rng: &mut dyn RngCore,
    slip: impl Fn(&mut dyn RngCore) -> Option<String>,
) -> String {
    let mut out = Vec::new();
    for line in careful.lines() {
        if rng.next_u32() % 10 < 3
            && let Some(l) = slip(rng)
        {
            out.push(l);
        } else {
            out.push(line.to_string());
        }
    }
    if rng.next_u32().is_multiple_of(2)
        && let Some(l) = slip(rng)
    {
        out.push(l);
    }
    out.join("\n")
}
