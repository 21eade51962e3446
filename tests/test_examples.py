"""The shipped examples and the hand-format documentation say what the engine does."""

import json
import re
from pathlib import Path

import pytest

from scorekeeper.engine import PRESETS, read_hand, read_series, score_hand, score_series

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "hand-format.md").read_text(encoding="utf-8")


def documented_result(variant_id: str) -> str:
    """The 'Result: ...' line under the preset's heading in the documentation."""
    section = DOC.split(f"### `{variant_id}`", 1)[1]
    return re.search(r"^Result: .*$", section, re.MULTILINE).group(0)


@pytest.mark.parametrize("variant_id", list(PRESETS))
def test_every_preset_has_an_example_that_scores_as_documented(variant_id):
    hand = json.loads((ROOT / "examples" / "hands" / f"{variant_id}.json").read_text())
    assert hand["variant"] == variant_id
    result = score_hand(read_hand(hand))
    parts = ", ".join(f"{name} {score:+d}" for name, score in result.scores.items())
    won = f"{result.winner} won the hand" if result.winner else "nobody won the hand"
    assert documented_result(variant_id) == f"Result: {parts} ({won})."


def test_the_rummikub_score_table_example_gives_the_sources_totals():
    data = json.loads((ROOT / "examples" / "series" / "rummikub-score-table.json").read_text())
    result = score_series(*read_series(data))
    assert result.totals == {"A": -24, "B": -54, "C": 45, "D": 33}
    assert result.games_won == {"A": 1, "B": 0, "C": 2, "D": 1}
    assert result.finished and result.winners == ["C"]
    assert [h.scores for h in result.hands] == [
        {"A": 24, "B": -5, "C": -16, "D": -3},
        {"A": -6, "B": -11, "C": 22, "D": -5},
        {"A": -32, "B": -13, "C": -2, "D": 47},
        {"A": -10, "B": -25, "C": 41, "D": -6},
    ]


def test_the_readme_example_scores():
    hand = json.loads((ROOT / "examples" / "rummikub-hand.json").read_text())
    assert score_hand(read_hand(hand)).winner == "C"
