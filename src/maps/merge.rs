//! Pieces of one province merged into its outline, so that a province grown from many
//! seeds is drawn as one shape with one border, not as the mesh of its cells.
//!
//! The pieces (convex cells cut to the land, or the countries a foreign area stands
//! for) do not overlap and meet along shared edges. Each is turned the same way round
//! and split wherever a corner of another piece lies on one of its edges; an edge that
//! two pieces share is then walked once each way and cancels, and what is left, walked
//! end to end, is the outline: outer rings one way round, holes the other, so that the
//! nonzero fill of SVG fills the province and nothing else.

use std::collections::HashMap;

use super::voronoi::Point;

/// Two corners closer than this (in picture units) are one.
const NEAR: f64 = 1e-4;

/// Corners, each kept once: a new point within [`NEAR`] of a known one is that one.
#[derive(Default)]
struct Corners {
    points: Vec<Point>,
    grid: HashMap<(i64, i64), Vec<usize>>,
}

impl Corners {
    fn key(p: Point) -> (i64, i64) {
        ((p.0 / NEAR).floor() as i64, (p.1 / NEAR).floor() as i64)
    }

    fn id(&mut self, p: Point) -> usize {
        let (kx, ky) = Corners::key(p);
        for dx in -1..=1 {
            for dy in -1..=1 {
                for &i in self.grid.get(&(kx + dx, ky + dy)).into_iter().flatten() {
                    let q = self.points[i];
                    if (q.0 - p.0).abs() <= NEAR && (q.1 - p.1).abs() <= NEAR {
                        return i;
                    }
                }
            }
        }
        let i = self.points.len();
        self.points.push(p);
        self.grid.entry((kx, ky)).or_default().push(i);
        i
    }
}

/// Twice the area of `poly`, positive one way round, negative the other.
fn signed(poly: &[Point]) -> f64 {
    let n = poly.len();
    (0..n).map(|k| poly[k].0 * poly[(k + 1) % n].1 - poly[(k + 1) % n].0 * poly[k].1).sum()
}

/// Is `p` on the segment `a`-`b`, strictly between its ends?
fn between(a: Point, b: Point, p: Point) -> Option<f64> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    if len2 <= NEAR * NEAR {
        return None;
    }
    let t = ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2;
    if t <= 0.0 || t >= 1.0 {
        return None;
    }
    let (x, y) = (a.0 + t * dx, a.1 + t * dy);
    ((x - p.0).abs() <= 10.0 * NEAR && (y - p.1).abs() <= 10.0 * NEAR).then_some(t)
}

/// The outline of the union of `pieces` (simple polygons that do not overlap), as
/// rings: outer ones turning as positive area, holes the other way.
pub fn outline(pieces: &[Vec<Point>]) -> Vec<Vec<Point>> {
    let mut corners = Corners::default();
    let mut rings: Vec<Vec<usize>> = Vec::new();
    for piece in pieces {
        let a = signed(piece);
        if piece.len() < 3 || a == 0.0 {
            continue;
        }
        let mut ids: Vec<usize> = piece.iter().map(|&p| corners.id(p)).collect();
        if a < 0.0 {
            ids.reverse();
        }
        ids.dedup();
        while ids.len() > 1 && ids.first() == ids.last() {
            ids.pop();
        }
        if ids.len() >= 3 {
            rings.push(ids);
        }
    }
    // Every edge, split at the corners that lie on it, with its net count: one way
    // counts +1, the other -1.
    let mut net: HashMap<(usize, usize), i32> = HashMap::new();
    for ring in &rings {
        let n = ring.len();
        for k in 0..n {
            let (a, b) = (ring[k], ring[(k + 1) % n]);
            let (pa, pb) = (corners.points[a], corners.points[b]);
            let (x0, x1) = (pa.0.min(pb.0) - NEAR, pa.0.max(pb.0) + NEAR);
            let (y0, y1) = (pa.1.min(pb.1) - NEAR, pa.1.max(pb.1) + NEAR);
            let mut on: Vec<(f64, usize)> = corners
                .points
                .iter()
                .enumerate()
                .filter(|(i, p)| *i != a && *i != b && p.0 >= x0 && p.0 <= x1 && p.1 >= y0 && p.1 <= y1)
                .filter_map(|(i, p)| between(pa, pb, *p).map(|t| (t, i)))
                .collect();
            on.sort_by(|x, y| x.0.total_cmp(&y.0));
            let mut from = a;
            for to in on.into_iter().map(|(_, i)| i).chain([b]) {
                if from != to {
                    let (key, d) = if from < to { ((from, to), 1) } else { ((to, from), -1) };
                    *net.entry(key).or_default() += d;
                }
                from = to;
            }
        }
    }
    // What is left, walked end to end.
    let mut out: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut edges: Vec<((usize, usize), i32)> = net.into_iter().filter(|(_, c)| *c != 0).collect();
    edges.sort_unstable();
    for ((a, b), c) in edges {
        let (from, to) = if c > 0 { (a, b) } else { (b, a) };
        for _ in 0..c.unsigned_abs() {
            out.entry(from).or_default().push(to);
        }
    }
    let mut starts: Vec<usize> = out.keys().copied().collect();
    starts.sort_unstable();
    let mut result = Vec::new();
    for start in starts {
        while let Some(next) = out.get_mut(&start).and_then(|v| v.pop()) {
            let mut ring = vec![start];
            let mut at = next;
            let mut steps = 0;
            while at != start && steps <= corners.points.len() {
                ring.push(at);
                match out.get_mut(&at).and_then(|v| v.pop()) {
                    Some(n) => at = n,
                    None => break,
                }
                steps += 1;
            }
            if ring.len() >= 3 {
                result.push(ring.into_iter().map(|i| corners.points[i]).collect::<Vec<Point>>());
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: f64, y: f64, s: f64) -> Vec<Point> {
        vec![(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
    }

    #[test]
    fn two_squares_side_by_side_are_one_rectangle() {
        let out = outline(&[square(0.0, 0.0, 1.0), square(1.0, 0.0, 1.0)]);
        assert_eq!(out.len(), 1, "{out:?}");
        assert!((signed(&out[0]).abs() - 4.0).abs() < 1e-9);
        assert!(!out[0].contains(&(1.0, 0.5)), "the shared edge is gone");
    }

    #[test]
    fn a_corner_on_a_neighbours_edge_splits_it_and_either_way_round_is_one() {
        // A tall piece beside two short ones (a corner of theirs on its edge), the
        // second given the other way round.
        let tall = vec![(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (0.0, 2.0)];
        let mut low = square(1.0, 0.0, 1.0);
        low.reverse();
        let out = outline(&[tall, low, square(1.0, 1.0, 1.0)]);
        assert_eq!(out.len(), 1, "{out:?}");
        assert!((signed(&out[0]).abs() - 8.0).abs() < 1e-9);
    }

    #[test]
    fn a_ring_of_pieces_keeps_its_hole() {
        let pieces: Vec<Vec<Point>> =
            [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (0.0, 1.0), (2.0, 1.0), (0.0, 2.0), (1.0, 2.0), (2.0, 2.0)]
                .iter()
                .map(|&(x, y)| square(x, y, 1.0))
                .collect();
        let out = outline(&pieces);
        assert_eq!(out.len(), 2, "{out:?}");
        let total: f64 = out.iter().map(|r| signed(r)).sum();
        assert!((total.abs() - 16.0).abs() < 1e-9, "outer 9 less the hole 1, twice: {total}");
    }
}
