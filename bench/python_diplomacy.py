#!/usr/bin/env python3
"""Times the Python `diplomacy` package (version 1.1.2, from PyPI) on the same two
workloads as `umpire bench diplomacy`, on the same machine:

(a) its own DATC test suite (diplomacy/tests/test_datc.py), run in-process many
    times; the median pass is reported;
(b) random games on the standard map: every orderable location gets a random
    possible order from a seeded generator; only Game.process() is timed, and the
    figure reported is for movement phases.

Setup:   pip install diplomacy==1.1.2
Run:     python3 bench/python_diplomacy.py --games 10 --seed 42
"""
import argparse
import random
import statistics
import sys
import time


def datc_suite(rounds):
    from diplomacy.tests.test_datc import TestDATC

    suite = TestDATC()
    names = sorted(n for n in dir(TestDATC) if n.startswith("test_"))
    times = []
    failed = 0
    for _ in range(rounds):
        failed = 0
        start = time.perf_counter()
        for name in names:
            try:
                getattr(suite, name)()
            except Exception:  # a failing case still counts its time
                failed += 1
        times.append(time.perf_counter() - start)
    return len(names), failed, statistics.median(times)


def random_games(games, seed, last_year):
    from diplomacy import Game

    rng = random.Random(seed)
    move_time = 0.0
    move_phases = 0
    all_time = 0.0
    phases = 0
    for _ in range(games):
        game = Game()
        while not game.is_game_done:
            phase = game.get_current_phase()
            if int(phase[1:5]) > last_year:
                break
            possible = game.get_all_possible_orders()
            for power_name in game.powers:
                orders = []
                for loc in game.get_orderable_locations(power_name):
                    if possible.get(loc):
                        orders.append(rng.choice(possible[loc]))
                game.set_orders(power_name, orders)
            start = time.perf_counter()
            game.process()
            elapsed = time.perf_counter() - start
            all_time += elapsed
            phases += 1
            if phase.endswith("M"):
                move_time += elapsed
                move_phases += 1
    return move_phases, move_time, phases, all_time


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--last-year", type=int, default=1920)
    parser.add_argument("--datc-rounds", type=int, default=5)
    args = parser.parse_args()
    try:
        import diplomacy  # noqa: F401
        from diplomacy.version import PACKAGE_VERSION as version
    except ImportError:
        print("the diplomacy package is not installed: pip install diplomacy==1.1.2", file=sys.stderr)
        return 2
    print(f"python diplomacy {version} bench")
    if args.datc_rounds > 0:
        count, failed, median = datc_suite(args.datc_rounds)
        print(f"DATC suite ({count} test methods, {failed} failing): {median * 1e3:.1f} ms (median of {args.datc_rounds})")
    if args.games > 0:
        move_phases, move_time, phases, all_time = random_games(args.games, args.seed, args.last_year)
        print(
            f"Random games: {args.games} game(s) to {args.last_year} or a win (seed {args.seed}), {move_phases} movement phases"
        )
        if move_phases:
            print(
                f"  Game.process() on movement phases: {move_phases / move_time:.0f} phases/s "
                f"({move_time / move_phases * 1e3:.3f} ms each)"
            )
        if phases:
            print(f"  Game.process() on all {phases} phases: {all_time / phases * 1e3:.3f} ms each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
