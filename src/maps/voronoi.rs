//! Province shapes from positions: each seed point gets the part of the board nearer
//! to it than to any other seed (a Voronoi cell), cut out of the board's rectangle one
//! half-plane at a time. A province with several seeds is the union of their cells,
//! which is how a long coast or an island chain gets a shape that follows it.
//!
//! Quadratic in the number of seeds, which is a few hundred at most: no library is
//! worth its weight here, and the arithmetic is plain enough to check by eye.

/// A point on the drawing, in its own units (pixels of the board picture).
pub type Point = (f64, f64);

/// The cell of every seed, clipped to `0..width` x `0..height`, in seed order. A cell
/// is a convex polygon, its corners anticlockwise on screen; a seed sharing its place
/// with an earlier one gets an empty cell.
pub fn cells(seeds: &[Point], width: f64, height: f64) -> Vec<Vec<Point>> {
    seeds
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let mut poly = vec![(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)];
            for (j, &t) in seeds.iter().enumerate() {
                if i == j {
                    continue;
                }
                if (s.0 - t.0).abs() < 1e-9 && (s.1 - t.1).abs() < 1e-9 {
                    if j < i {
                        return Vec::new();
                    }
                    continue;
                }
                poly = clip(&poly, s, t);
                if poly.is_empty() {
                    break;
                }
            }
            poly
        })
        .collect()
}

/// The part of `poly` nearer to `s` than to `t`: the half-plane `n . p <= c` with
/// `n = t - s` and `c = (|t|^2 - |s|^2) / 2` (Sutherland-Hodgman, one edge).
fn clip(poly: &[Point], s: Point, t: Point) -> Vec<Point> {
    let n = (t.0 - s.0, t.1 - s.1);
    let c = (t.0 * t.0 + t.1 * t.1 - s.0 * s.0 - s.1 * s.1) / 2.0;
    let side = |p: Point| n.0 * p.0 + n.1 * p.1 - c;
    let mut out = Vec::with_capacity(poly.len() + 1);
    for k in 0..poly.len() {
        let a = poly[k];
        let b = poly[(k + 1) % poly.len()];
        let (da, db) = (side(a), side(b));
        if da <= 0.0 {
            out.push(a);
        }
        if (da < 0.0 && db > 0.0) || (da > 0.0 && db < 0.0) {
            let f = da / (da - db);
            out.push((a.0 + f * (b.0 - a.0), a.1 + f * (b.1 - a.1)));
        }
    }
    out
}

/// The edge two cells share, if they touch along a line (not just at a corner): the
/// corners of `a` that lie on the bisector of seeds `s` and `t`.
pub fn shared_edge(a: &[Point], s: Point, t: Point) -> Option<(Point, Point)> {
    let n = (t.0 - s.0, t.1 - s.1);
    let len = (n.0 * n.0 + n.1 * n.1).sqrt();
    if len < 1e-9 {
        return None;
    }
    let c = (t.0 * t.0 + t.1 * t.1 - s.0 * s.0 - s.1 * s.1) / 2.0;
    let on: Vec<Point> =
        a.iter().copied().filter(|p| ((n.0 * p.0 + n.1 * p.1 - c) / len).abs() < 1e-6).collect();
    let (first, last) = (*on.first()?, *on.last()?);
    let d = ((first.0 - last.0).powi(2) + (first.1 - last.1).powi(2)).sqrt();
    (on.len() >= 2 && d > 1e-6).then_some((first, last))
}

/// The area-weighted centre of a polygon (its centroid), or its first corner when it
/// has no area.
pub fn centroid(poly: &[Point]) -> Option<Point> {
    let first = *poly.first()?;
    let (mut a, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for k in 0..poly.len() {
        let p = poly[k];
        let q = poly[(k + 1) % poly.len()];
        let cross = p.0 * q.1 - q.0 * p.1;
        a += cross;
        cx += (p.0 + q.0) * cross;
        cy += (p.1 + q.1) * cross;
    }
    if a.abs() < 1e-9 {
        return Some(first);
    }
    Some((cx / (3.0 * a), cy / (3.0 * a)))
}

/// The polygon's area (positive whatever its winding).
pub fn area(poly: &[Point]) -> f64 {
    let mut a = 0.0;
    for k in 0..poly.len() {
        let p = poly[k];
        let q = poly[(k + 1) % poly.len()];
        a += p.0 * q.1 - q.0 * p.1;
    }
    (a / 2.0).abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_seeds_split_the_board_down_the_middle() {
        let c = cells(&[(25.0, 50.0), (75.0, 50.0)], 100.0, 100.0);
        assert!((area(&c[0]) - 5000.0).abs() < 1e-6, "{:?}", c[0]);
        assert!((area(&c[1]) - 5000.0).abs() < 1e-6);
        let (a, b) = shared_edge(&c[0], (25.0, 50.0), (75.0, 50.0)).expect("they touch");
        assert!((a.0 - 50.0).abs() < 1e-9 && (b.0 - 50.0).abs() < 1e-9);
    }

    #[test]
    fn cells_tile_the_board() {
        let seeds: Vec<Point> =
            (0..40).map(|i| (f64::from(i * 37 % 97) + 1.5, f64::from(i * 53 % 89) + 2.5)).collect();
        let total: f64 = cells(&seeds, 100.0, 100.0).iter().map(|c| area(c)).sum();
        assert!((total - 10_000.0).abs() < 1e-6, "{total}");
    }

    #[test]
    fn a_repeated_seed_gets_no_cell_and_takes_nothing() {
        let c = cells(&[(10.0, 10.0), (10.0, 10.0), (90.0, 90.0)], 100.0, 100.0);
        assert!(c[1].is_empty());
        assert!((area(&c[0]) + area(&c[2]) - 10_000.0).abs() < 1e-6);
    }
}
