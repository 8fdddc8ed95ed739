"""The front of accuracy, memory and speed against a hand-worked case."""

from __future__ import annotations

from app.scoring.pareto import Build, dominates, front


def test_the_front_by_hand() -> None:
    builds = {
        "f16": Build(0.62, 3.0, 20.0),   # most accurate: on the front
        "q8": Build(0.61, 1.6, 30.0),    # smaller and faster than f16: on the front
        "q4": Build(0.58, 0.9, 45.0),    # smallest, fastest: on the front
        "q4-slow": Build(0.58, 0.9, 40.0),  # q4 is as accurate, as small, faster
        "q6": Build(0.60, 1.7, 28.0),    # q8 is more accurate, smaller, faster
        "twin": Build(0.58, 0.9, 45.0),  # the same as q4: neither dominates the other
    }
    assert front(builds) == {"f16", "q8", "q4", "twin"}
    assert dominates(builds["q4"], builds["q4-slow"]) and not dominates(builds["q4"],
                                                                         builds["twin"])
