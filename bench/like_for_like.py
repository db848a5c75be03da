#!/usr/bin/env python3
"""Feeds the Python `diplomacy` package (1.1.2, from PyPI) and umpire the same
movement phases with the same orders, compares what each decides, and times both.

Random games are played with the Python package (every orderable unit gets a random
possible order from a seeded generator). For each movement phase the position and
the orders go to a JSON-lines file; the Python package's `Game.process()` is timed
on them as it plays, and its outcome (where every unit stands, which are dislodged)
is kept. Then:

- `umpire what-if diplomacy --batch` adjudicates the whole file in one process, timed
  from start to exit (reading the jobs, reading positions and orders, adjudicating,
  writing a JSON result per phase to a file; the time with the results read through a
  pipe by this script is printed beside it). Positions go as JSON objects and orders as arrays
  of lines (`--toml` sends the TOML position file's text and the orders as one text,
  as earlier builds read them).
- The package does the same work as a whole process, timed from start to exit: a
  fresh Python process imports it and, for every phase of the same file (in its own
  notation), makes a `Game()`, sets the phase, units, centres and orders, calls
  `process()` and writes where the units stand.

Two figures of the package are printed, so that nobody compares the wrong pair:
`process()` alone (the adjudication, timed inside a running game) and the whole
process per phase. The whole-process figures (umpire's and the package's) are the
best of `--repeat` runs. The outcomes are compared unit by unit.

Setup:   pip install diplomacy==1.1.2; cargo build --release
Run:     python3 bench/like_for_like.py --games 50 --seed 42 --umpire target/release/umpire
"""
import argparse
import json
import os
import random
import resource
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


def position_json(game, phase):
    """The position as what-if's JSON object: phase, units, centres."""
    return {
        "phase": f"{SEASONS[phase[0]]} {phase[1:5]} Movement",
        "units": [
            {"power": power.lower(), "kind": kind, "at": loc.lower()}
            for power, units in game.get_units().items()
            for kind, loc in (unit.split() for unit in units)
        ],
        "centres": {power.lower(): [c.lower() for c in centres] for power, centres in game.get_centers().items()},
    }


# The package's whole process: a fresh interpreter imports it and adjudicates every
# phase of its job file from a new Game(), writing where the units stand after each.
PACKAGE_WHOLE = """
import json, sys
from diplomacy import Game
out = []
for line in open(sys.argv[1]):
    job = json.loads(line)
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(job["phase"])
    for power, units in job["units"].items():
        game.set_units(power, units)
    for power, centers in job["centers"].items():
        game.set_centers(power, centers)
    for power, orders in job["orders"].items():
        game.set_orders(power, orders)
    game.process()
    out.append(json.dumps({"id": job["id"], "units": game.get_units()}))
sys.stdout.write("\\n".join(out) + "\\n")
"""


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


def play(games, seed, last_year, jobs, package_jobs, toml):
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
                position = position_toml(game, phase) if toml else position_json(game, phase)
                package_job = {
                    "id": n,
                    "phase": phase,
                    "units": {p: list(u) for p, u in game.get_units().items()},
                    "centers": {p: list(c) for p, c in game.get_centers().items()},
                    "orders": {},
                }
            for power_name in game.powers:
                chosen = []
                # Sorted: the package returns sets, whose order changes from run to run.
                for loc in sorted(game.get_orderable_locations(power_name)):
                    if possible.get(loc):
                        chosen.append(rng.choice(sorted(possible[loc])))
                game.set_orders(power_name, chosen)
                orders += [umpire_order(power_name, o) for o in chosen]
                if movement:
                    package_job["orders"][power_name] = chosen
            start = time.perf_counter()
            game.process()
            elapsed = time.perf_counter() - start
            if movement:
                spent += elapsed
                # Orders as an array of lines, each read where it stands in the job line
                # (with --toml, the jobs as earlier builds read them: one text).
                written = "\n".join(orders) if toml else orders
                jobs.write(json.dumps({"id": n, "position": position, "orders": written}) + "\n")
                package_jobs.write(json.dumps(package_job) + "\n")
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


def timed(command, stdin_path, repeat, pipe=False):
    """The best start-to-exit time of `repeat` runs, the CPU time (user and system) of
    that run, and the last run. The CPU time says what the work costs when other
    programs share the machine and stretch the wall time. Each process reads its jobs
    from a file (the package's as its argument, umpire's as its standard input named
    by `stdin_path`) and writes its answers to a file, as a GM would run either:
    through pipes to and from this script, a fast process waits on the script's
    writing and reading (umpire answers some 4 KB a phase, which this script would
    read and decode on one of the same cores). `pipe` reads the answers through a
    pipe instead, for comparison."""
    best = None
    for _ in range(repeat):
        stdin = open(stdin_path, "rb") if stdin_path else None
        with tempfile.TemporaryFile("w+") as out:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            if pipe:
                run = subprocess.run(command, stdin=stdin, capture_output=True, text=True)
            else:
                run = subprocess.run(command, stdin=stdin, stdout=out, stderr=subprocess.PIPE, text=True)
            elapsed = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if not pipe:
                out.seek(0)
                run.stdout = out.read()
        if stdin:
            stdin.close()
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if best is None or elapsed < best[0]:
            best = (elapsed, cpu)
        if run.returncode != 0:
            break
    return best, run


def package_agrees(stdout, expected):
    """Phases where the package's whole process found the same outcome as in play."""
    same = 0
    for line in stdout.splitlines():
        out = json.loads(line)
        standing, dislodged = set(), set()
        for power, units in out["units"].items():
            for unit in units:
                target = dislodged if unit.startswith("*") else standing
                kind, loc = unit.lstrip("*").split()
                target.add((power.lower(), kind, loc.lower()))
        same += (standing, dislodged) == expected[out["id"]]
    return same


def strip_via(orders):
    if isinstance(orders, str):
        return orders.replace(" via convoy", "")
    return [o.replace(" via convoy", "") for o in orders]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--last-year", type=int, default=1920)
    parser.add_argument("--umpire", default="target/release/umpire")
    parser.add_argument(
        "--toml",
        action="store_true",
        help="send umpire the jobs as earlier builds read them (TOML position text, orders as one text)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="whole-process runs of each; the best is shown")
    parser.add_argument("--keep", help="write the job file and both outcomes here, for study")
    args = parser.parse_args()
    try:
        from diplomacy.version import PACKAGE_VERSION as version
    except ImportError:
        print("the diplomacy package is not installed: pip install diplomacy==1.1.2", file=sys.stderr)
        return 2
    with (
        (open(args.keep, "w+") if args.keep else tempfile.NamedTemporaryFile("w+", suffix=".jsonl")) as jobs,
        tempfile.NamedTemporaryFile("w+", suffix=".jsonl") as package_jobs,
    ):
        expected, python_time = play(args.games, args.seed, args.last_year, jobs, package_jobs, args.toml)
        jobs.flush()
        jobs.seek(0)
        text = jobs.read()
        package_jobs.flush()
        (whole_time, whole_cpu), whole = timed(
            [sys.executable, "-c", PACKAGE_WHOLE, package_jobs.name], None, args.repeat
        )
        (umpire_time, umpire_cpu), run = timed(
            [args.umpire, "what-if", "diplomacy", "--batch"], jobs.name, args.repeat
        )
        (single_time, single_cpu), _ = timed(
            [args.umpire, "what-if", "diplomacy", "--batch", "--jobs", "1"], jobs.name, args.repeat
        )
        (piped_time, piped_cpu), _ = timed(
            [args.umpire, "what-if", "diplomacy", "--batch"], jobs.name, args.repeat, pipe=True
        )
    if whole.returncode != 0:
        print(whole.stderr, file=sys.stderr)
        return 1
    package_same = package_agrees(whole.stdout, expected)
    if run.returncode != 0:
        print(run.stderr, file=sys.stderr)
        return 1
    agree, differ, errors = compare(run.stdout, expected, args.keep)
    # The one reading the two differ on by design: an army ordered "via convoy" that no
    # convoy can carry. The package moves it over land where it can; umpire, under the
    # 1971 rules, leaves it where it stands. The same phases again, with the words
    # "via convoy" taken out, show whether anything else differs.
    overland = "\n".join(
        json.dumps({**job, "orders": strip_via(job["orders"])})
        for job in map(json.loads, text.splitlines())
    )
    again = subprocess.run([args.umpire, "what-if", "diplomacy", "--batch"], input=overland, capture_output=True, text=True)
    agree2, differ2, _ = compare(again.stdout, expected, None)
    n = len(expected)
    ms = lambda t: f"{t:.3f} s ({t / n * 1e3:.3f} ms a phase)"  # noqa: E731
    form = "TOML position text" if args.toml else "JSON position objects"
    print(f"python diplomacy {version} and umpire, {args.games} random game(s) (seed {args.seed}): {n} movement phases")
    print(f"  same outcome: {agree}; different: {len(differ)}; umpire errors: {errors}")
    print(f"  with 'via convoy' taken out of the orders (the package's reading of a convoy that cannot be made): same outcome {agree2}, different {len(differ2)}")
    if differ:
        print(f"  first differing phases (ids in the job file): {differ[:10]}")
    print(f"  package, Game.process() alone, timed in play: {ms(python_time)}")
    print(f"  package, whole process (import, Game(), orders, process), start to exit: {ms(whole_time)}, CPU {ms(whole_cpu)}; same outcome as in play: {package_same} of {n}")
    cores = os.cpu_count() or 1
    print(f"  umpire what-if --batch ({form}), one process, start to exit: {ms(umpire_time)}, CPU {ms(umpire_cpu)} (its default: a thread a core, {min(cores, 8)} here)")
    print(f"  umpire what-if --batch --jobs 1, the same on one thread: {ms(single_time)}, CPU {ms(single_cpu)}")
    print(f"  umpire's batch is {python_time / umpire_time:.1f}x the package's process() alone and {whole_time / umpire_time:.1f}x its whole process, start to exit ({whole_cpu / umpire_cpu:.1f}x in CPU time); on one thread {whole_time / single_time:.1f}x ({whole_cpu / single_cpu:.1f}x in CPU time); whole processes: the fastest of {args.repeat} runs each")
    print(f"  umpire what-if --batch with its answers read through a pipe by this script instead of written to a file: {ms(piped_time)}, CPU {ms(piped_cpu)}: {whole_time / piped_time:.1f}x the package's whole process")
    if differ2:
        print(f"  differing even so (ids): {differ2[:10]}")
    return 0 if not differ2 and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
