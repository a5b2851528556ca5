"""Reading the open points of a ruling as the calculator's API gives them."""

from __future__ import annotations


def the_open_point(data: dict, value: str) -> tuple[str, list, list]:
    """The ruling's one open point (``data``: an API answer): its name, the
    value ``value`` under each reading, and each reading's clause keys.

    :raises ValueError: when the ruling has no open point or several.
    """
    (point,) = data["open_points"]
    return (point["point"],
            [{v["name"]: v["value"] for v in reading["values"]}[value]
             for reading in point["readings"]],
            [reading["clauses"] for reading in point["readings"]])
