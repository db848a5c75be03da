#!/usr/bin/env python3
"""Reduce Natural Earth land outlines to one board's frame, once.

Reads the TopoJSON `land-50m.json` of the npm package `world-atlas` (version 2.0.2,
ISC licence; the outlines are Natural Earth's 1:50m land, public domain), keeps the
rings that reach into the frame [west, east] x [south, north], simplifies them
(Douglas-Peucker, `--tolerance` degrees), clips them to the frame and writes them as
TOML: `[[land]] points = [[lat, lon], ...]`.

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    python3 tools/coast.py package/land-50m.json --west -24 --east 50 --south 29 \
        --north 73 --tolerance 0.08 > games/diplomacy/coast.toml

With `--countries A,B,...` it reads `countries-50m.json` of the same package instead
(Natural Earth's 1:50m admin-0 countries, public domain), simplifies each arc once so
that a border shared by two countries (or a country and the land) stays one line,
and writes the land as above plus each named country as `[[country]] name = "..."
points = [...]` (one table a ring):

    python3 tools/coast.py package/countries-50m.json --west 19.3 --east 28.3 \
        --south 34.7 --north 42.3 --tolerance 0.02 \
        --countries Greece,Albania,Macedonia,Serbia,Kosovo,Montenegro,Bulgaria \
        > games/andartes/coast.toml
"""
import argparse, json, os, sys


def arcs_of(topo):
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    out = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        out.append(pts)
    return out


def ring(arcs, idx):
    pts = []
    for i in idx:
        a = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
        pts.extend(a if not pts else a[1:])
    return pts


def simplify(pts, tol):
    if len(pts) < 4:
        return pts
    if pts[0] == pts[-1]:
        # A closed ring: split it at the point farthest from its start.
        far = max(range(len(pts)), key=lambda i: (pts[i][0] - pts[0][0]) ** 2 + (pts[i][1] - pts[0][1]) ** 2)
        if 0 < far < len(pts) - 1:
            return simplify(pts[: far + 1], tol)[:-1] + simplify(pts[far:], tol)[:-1]
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        a, b = stack.pop()
        (x1, y1), (x2, y2) = pts[a], pts[b]
        dx, dy = x2 - x1, y2 - y1
        n = (dx * dx + dy * dy) ** 0.5 or 1e-12
        best, at = 0.0, None
        for i in range(a + 1, b):
            x, y = pts[i]
            d = abs(dy * (x - x1) - dx * (y - y1)) / n
            if d > best:
                best, at = d, i
        if at is not None and best > tol:
            keep[at] = True
            stack += [(a, at), (at, b)]
    return [p for p, k in zip(pts, keep) if k]


def clip(pts, inside, cut):
    out = []
    for i, p in enumerate(pts):
        q = pts[i - 1]
        if inside(p):
            if not inside(q):
                out.append(cut(q, p))
            out.append(p)
        elif inside(q):
            out.append(cut(q, p))
    return out


def to_frame(pts, w, e, s, n):
    def edge(k, v, keep_less):
        ins = (lambda p: p[k] <= v) if keep_less else (lambda p: p[k] >= v)

        def cut(a, b):
            t = (v - a[k]) / (b[k] - a[k])
            return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        return ins, cut
    for k, v, less in [(0, w, False), (0, e, True), (1, s, False), (1, n, True)]:
        if not pts:
            return pts
        pts = clip(pts, *edge(k, v, less))
    return pts


def polygons(geometry):
    if geometry["type"] == "MultiPolygon":
        return geometry["arcs"]
    if geometry["type"] == "Polygon":
        return [geometry["arcs"]]
    return []


def in_frame(ring, a):
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return not (max(xs) < a.west or min(xs) > a.east or max(ys) < a.south or min(ys) > a.north)


def countries(a, topo):
    """Land and the named countries, from arcs simplified once each."""
    arcs = [simplify(arc, a.tolerance) for arc in arcs_of(topo)]
    names = [n.strip() for n in a.countries.split(",") if n.strip()]
    out = []  # (country name or None for the land, ring)
    sources = [(None, g) for g in topo["objects"]["land"]["geometries"]]
    by_name = {g.get("properties", {}).get("name"): g for g in topo["objects"]["countries"]["geometries"]}
    for n in names:
        if n not in by_name:
            sys.exit(f"no country named {n!r} in {a.topojson}")
        sources.append((n, by_name[n]))
    for name, g in sources:
        for poly in polygons(g):
            outer = ring(arcs, poly[0])  # holes (lakes) are left out
            if len(outer) < 4 or not in_frame(outer, a):
                continue
            r = to_frame(outer, a.west, a.east, a.south, a.north)
            if len(r) >= 3:
                out.append((name, r))
    print("# Land and country outlines of the board's frame, reduced once by tools/coast.py")
    print("# from the TopoJSON countries-50m.json of the npm package world-atlas 2.0.2 (ISC")
    print("# licence, Mike Bostock), which is Natural Earth's 1:50m admin-0 countries and")
    print("# land (public domain); borders as Natural Earth draws them today.")
    print(f"# Frame: west {a.west}, east {a.east}, south {a.south}, north {a.north};")
    print(f"# Douglas-Peucker tolerance {a.tolerance} degrees, each arc simplified once.")
    print("# Points are [latitude, longitude]. Made by:")
    print("#   python3 tools/coast.py " + " ".join([os.path.basename(a.topojson)] + sys.argv[2:]))
    print('source = "Natural Earth 1:50m land and countries (public domain), via world-atlas 2.0.2 countries-50m.json"')
    for name, r in out:
        print("[[land]]" if name is None else f"[[country]]\nname = \"{name}\"")
        print("points = [" + ", ".join(f"[{y:.2f}, {x:.2f}]" for x, y in r) + "]")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("topojson")
    for k in ["west", "east", "south", "north", "tolerance"]:
        ap.add_argument("--" + k, type=float, required=True)
    ap.add_argument("--countries", help="comma-separated country names (countries-50m.json)")
    a = ap.parse_args()
    topo = json.load(open(a.topojson))
    if a.countries:
        return countries(a, topo)
    arcs = arcs_of(topo)
    rings = []
    for g in topo["objects"]["land"]["geometries"]:
        polys = g["arcs"] if g["type"] == "MultiPolygon" else [g["arcs"]]
        for poly in polys:
            outer = ring(arcs, poly[0])  # holes (lakes) are left out
            if max(p[0] for p in outer) - min(p[0] for p in outer) > 300:
                # A ring cut at the antimeridian (Eurasia's Chukotka): its far-west
                # points go round to the east, so no edge crosses the whole world.
                outer = [(x + 360 if x < -90 else x, y) for x, y in outer]
            xs = [p[0] for p in outer]
            ys = [p[1] for p in outer]
            if max(xs) < a.west or min(xs) > a.east or max(ys) < a.south or min(ys) > a.north:
                continue
            r = to_frame(simplify(outer, a.tolerance), a.west, a.east, a.south, a.north)
            if len(r) >= 3:
                rings.append(r)
    print("# Land outlines of the board's frame, reduced once by tools/coast.py from the")
    print("# TopoJSON land-50m.json of the npm package world-atlas 2.0.2 (ISC licence,")
    print("# Mike Bostock), which is Natural Earth's 1:50m land (public domain).")
    print(f"# Frame: west {a.west}, east {a.east}, south {a.south}, north {a.north};")
    print(f"# Douglas-Peucker tolerance {a.tolerance} degrees. Points are [latitude, longitude].")
    print('source = "Natural Earth 1:50m land (public domain), via world-atlas 2.0.2 land-50m.json"')
    for r in rings:
        print("[[land]]")
        print("points = [" + ", ".join(f"[{y:.2f}, {x:.2f}]" for x, y in r) + "]")


if __name__ == "__main__":
    main()
