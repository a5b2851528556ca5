"""Time one Power-Duell situation evaluation with 20 effects (target: <= 1 ms).

Run: ``.venv/bin/python bench/engine_bench.py``.  Prints the median and best
time per evaluation of already validated inputs (``Scenario.rule_on``) and
of the whole call with validation (``Scenario.evaluate``), in wall-clock time
and in CPU time of this process (on a machine shared with other work the CPU
time is the figure that measures the engine, not the wait for a core).  Not a
unit test: timings depend on the machine.
"""

from __future__ import annotations

import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.powerduell import SITUATION  # noqa: E402

GOAL_MS = 1.0
SOURCES = ("energy", "monster", "gravitation-energy", "guardian-wirkung",
           "guardian-spezial-wirkung")
OPERATIONS = ("add", "subtract", "halve", "double", "add")

TABLE = {
    "active_side": "a",
    "guardians": [
        {"side": "a", "base_planet": "venus", "left_planet": "mars", "right_planet": "erde",
         "wirkung_attribute": "ap", "wirkung_amount": 20},
        {"side": "b", "base_planet": "mars", "left_planet": "venus", "spezial_cost_change": -1},
    ],
    "monsters": [{"side": "a" if n % 2 else "b", "planet": ("venus", "erde", "mars")[n % 3],
                  "ap": 100 + n, "dp": 80, "lp": 50, "ep": 5, "cost": 4} for n in range(6)],
    "attacker": 2, "target": 3,
    "effects": [{"source": SOURCES[i % 5], "source_side": "a" if i % 3 else "b",
                 "target_monster": 1 + i % 6, "attribute": ("ap", "dp", "lp")[i % 3],
                 "operation": OPERATIONS[i % 5], "amount": 5 + i} for i in range(20)],
}


def main() -> None:
    inputs = SITUATION.validate(TABLE)
    ruling = SITUATION.rule_on(inputs)
    print(f"{len(TABLE['effects'])} effects, {len(ruling.steps)} steps, "
          f"{len(ruling.readings)} readings")
    for name, call in (("evaluator (validated inputs)", lambda: SITUATION.rule_on(inputs)),
                       ("evaluate (with validation)", lambda: SITUATION.evaluate(TABLE))):
        for clock, timer in (("wall", time.perf_counter), ("CPU", time.process_time)):
            runs = [t / 50 for t in timeit.repeat(call, number=50, repeat=15, timer=timer)]
            print(f"{name}, {clock} time: median {statistics.median(runs) * 1000:.3f} ms, "
                  f"best {min(runs) * 1000:.3f} ms per evaluation "
                  f"(goal <= {GOAL_MS} ms: {'met' if min(runs) * 1000 <= GOAL_MS else 'NOT met'})")


if __name__ == "__main__":
    main()
