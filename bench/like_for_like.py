#!/usr/bin/env python3
"""Feeds the Python `diplomacy` package (1.1.2, from PyPI) and umpire the same
movement phases with the same orders, compares what each decides, and times both.

Random games are played with the Python package (every orderable unit gets a random
possible order from a seeded generator). For each movement phase the position and
the orders go to a JSON-lines file; the Python package's `Game.process()` is timed
on them as it plays, and its outcome (where every unit stands, which are dislodged)
is kept. Then `umpire what-if diplomacy --batch` adjudicates the whole file in one
process, which is timed from start to exit (reading the jobs, parsing positions and
orders, adjudicating, writing a JSON report per phase). The outcomes are compared
unit by unit.

Setup:   pip install diplomacy==1.1.2; cargo build --release
Run:     python3 bench/like_for_like.py --games 20 --seed 42 --umpire target/release/umpire
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile
import time

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}


def position_toml(game, phase):
    lines = [f'phase = "{SEASONS[phase[0]]} {phase[1:5]} Movement"']
    for power, units in game.get_units().items():
        for unit in units:
            kind, loc = unit.split()
            lines += ["[[unit]]", f'power = "{power.lower()}"', f'kind = "{kind}"', f'at = "{loc.lower()}"']
    lines.append("[centres]")
    for power, centres in game.get_centers().items():
        lines.append(f"{power.lower()} = [{', '.join(repr(c.lower()).replace(chr(39), chr(34)) for c in centres)}]")
    return "\n".join(lines) + "\n"


def umpire_order(power, order):
    text = order.replace(" VIA", " via convoy")
    return f"{power.capitalize()}: {text}"


def outcome_after(game):
    """(units standing, units dislodged) as sets of (power, kind, place)."""
    standing, dislodged = set(), set()
    for power, units in game.get_units().items():
        for unit in units:
            target = dislodged if unit.startswith("*") else standing
            kind, loc = unit.lstrip("*").split()
            target.add((power.lower(), kind, loc.lower()))
    return standing, dislodged


def play(games, seed, last_year, jobs):
    from diplomacy import Game

    rng = random.Random(seed)
    expected = {}
    spent = 0.0
    n = 0
    for _ in range(games):
        game = Game()
        while not game.is_game_done:
            phase = game.get_current_phase()
            if int(phase[1:5]) > last_year:
                break
            possible = game.get_all_possible_orders()
            orders = []
            movement = phase.endswith("M")
            if movement:
                position = position_toml(game, phase)
            for power_name in game.powers:
                chosen = []
                # Sorted: the package returns sets, whose order changes from run to run.
                for loc in sorted(game.get_orderable_locations(power_name)):
                    if possible.get(loc):
                        chosen.append(rng.choice(sorted(possible[loc])))
                game.set_orders(power_name, chosen)
                orders += [umpire_order(power_name, o) for o in chosen]
            start = time.perf_counter()
            game.process()
            elapsed = time.perf_counter() - start
            if movement:
                spent += elapsed
                jobs.write(json.dumps({"id": n, "position": position, "orders": "\n".join(orders)}) + "\n")
                expected[n] = outcome_after(game)
                n += 1
    return expected, spent


def compare(stdout, expected, keep):
    """(phases with the same outcome, ids of those that differ, errors)."""
    agree, differ, errors = 0, [], 0
    for line in stdout.splitlines():
        out = json.loads(line)
        if "error" in out:
            errors += 1
            continue
        r = out["result"]
        standing = {(u["power"], u["kind"], u["at"]) for u in r["units"]}
        dislodged = {(d["power"], d["kind"], d["at"]) for d in r["dislodged"]}
        want_standing, want_dislodged = expected[out["id"]]
        if (standing, dislodged) == (want_standing, want_dislodged):
            agree += 1
        else:
            differ.append(out["id"])
            if keep and len(differ) <= 5:
                print(
                    f"phase {out['id']}: python only {sorted(want_standing - standing)} dislodged "
                    f"{sorted(want_dislodged - dislodged)}; umpire only {sorted(standing - want_standing)} "
                    f"dislodged {sorted(dislodged - want_dislodged)}",
                    file=sys.stderr,
                )
    return agree, differ, errors


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--last-year", type=int, default=1920)
    parser.add_argument("--umpire", default="target/release/umpire")
    parser.add_argument("--keep", help="write the job file and both outcomes here, for study")
    args = parser.parse_args()
    try:
        from diplomacy.version import PACKAGE_VERSION as version
    except ImportError:
        print("the diplomacy package is not installed: pip install diplomacy==1.1.2", file=sys.stderr)
        return 2
    with (open(args.keep, "w+") if args.keep else tempfile.NamedTemporaryFile("w+", suffix=".jsonl")) as jobs:
        expected, python_time = play(args.games, args.seed, args.last_year, jobs)
        jobs.flush()
        jobs.seek(0)
        text = jobs.read()
    start = time.perf_counter()
    run = subprocess.run([args.umpire, "what-if", "diplomacy", "--batch"], input=text, capture_output=True, text=True)
    umpire_time = time.perf_counter() - start
    if run.returncode != 0:
        print(run.stderr, file=sys.stderr)
        return 1
    agree, differ, errors = compare(run.stdout, expected, args.keep)
    # The one reading the two differ on by design: an army ordered "via convoy" that no
    # convoy can carry. The package moves it over land where it can; umpire, under the
    # 1971 rules, leaves it where it stands. The same phases again, with the words
    # "via convoy" taken out, show whether anything else differs.
    overland = "\n".join(
        json.dumps({**job, "orders": job["orders"].replace(" via convoy", "")})
        for job in map(json.loads, text.splitlines())
    )
    again = subprocess.run([args.umpire, "what-if", "diplomacy", "--batch"], input=overland, capture_output=True, text=True)
    agree2, differ2, _ = compare(again.stdout, expected, None)
    n = len(expected)
    print(f"python diplomacy {version} and umpire, {args.games} random game(s) (seed {args.seed}): {n} movement phases")
    print(f"  same outcome: {agree}; different: {len(differ)}; umpire errors: {errors}")
    print(f"  with 'via convoy' taken out of the orders (the package's reading of a convoy that cannot be made): same outcome {agree2}, different {len(differ2)}")
    if differ:
        print(f"  first differing phases (ids in the job file): {differ[:10]}")
    print(f"  python Game.process(), in process:      {python_time:.3f} s ({python_time / n * 1e3:.3f} ms a phase)")
    print(f"  umpire what-if --batch, whole process:  {umpire_time:.3f} s ({umpire_time / n * 1e3:.3f} ms a phase)")
    print(f"  ratio (python / umpire): {python_time / umpire_time:.1f}")
    if differ2:
        print(f"  differing even so (ids): {differ2[:10]}")
    return 0 if not differ2 and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
