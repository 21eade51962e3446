"""What a rack's best opening means, in sentences: whether it reaches the variant's
threshold, what the variant asks of an opening, and whether the whole rack goes down at
once in one of the ways the variant lets a player go out. The best-opening and meld-check
pages show these words as they are: the rule is read here, where it is decided."""

from __future__ import annotations

from .checks import FINISH_WORDS
from .openings import Opening, going_out_ways
from .variants import Variant
from .words import Words, or_list, words

# The whole rack going down at once, by each way of going out, when it can and when it
# cannot (the tiles laid: all of them, or all but the discard).
CAN_GO_DOWN = {
    "rack_empty": words("every tile on the rack can go down in legal melds that make an opening."),
    "joker_discard": words(
        "every tile but a joker, discarded last, can go down in legal melds that make an opening."
    ),
    "discard": words(
        "every tile but one, discarded last, can go down in legal melds that make an opening."
    ),
}
CANNOT_GO_DOWN = {
    "rack_empty": words(
        "every tile on the rack cannot go down in legal melds that make an opening."
    ),
    "joker_discard": words(
        "every tile but a joker, discarded last, cannot go down in legal "
        "melds that make an opening."
    ),
    "discard": words(
        "every tile but one, discarded last, cannot go down in legal melds that make an opening."
    ),
}


def opening_needs(v: Variant) -> Words:
    """What an opening must reach under the variant, and whether it needs a run
    (Rummy Meld: an opening holds a run)."""
    if v.opening_needs_run:
        return words("An opening needs {needed}, with a run among its melds.", needed=v.opening)
    return words("An opening needs {needed}.", needed=v.opening)


def opening_verdict(opening: Opening, v: Variant) -> tuple[Words, ...]:
    """Whether the best opening reaches the threshold, then what the variant asks of
    an opening that the rack may have run into, one sentence each."""
    if opening.opens:
        said = [
            words("{value} reaches the {needed} needed.", value=opening.value, needed=v.opening)
        ]
    elif opening.melds:
        said = [
            words("{value} is under the {needed} needed.", value=opening.value, needed=v.opening)
        ]
    elif v.opening_needs_run:
        said = [
            words(
                "No opening can be laid from this rack: an opening needs a run here, "
                "and no run can be made."
            )
        ]
    else:
        said = [words("No legal meld can be laid from this rack.")]
    if v.opening_needs_run and opening.melds:
        said.append(words("An opening needs a run here."))
    if v.opening_joker == "not_allowed":
        said.append(words("No joker may be used in the opening here."))
    return tuple(said)


def at_once_words(opening: Opening, v: Variant) -> Words:
    """Whether the whole rack goes down at once, by the way of going out that lets it
    (`Opening.closing`), or why not by any of the variant's ways."""
    if opening.closing is not None:
        return CAN_GO_DOWN[opening.closing]
    ways = going_out_ways(v)
    if len(ways) == 1:
        return CANNOT_GO_DOWN[ways[0]]
    return words(
        "the whole rack cannot go down in legal melds that make an opening, whether by {ways}.",
        ways=or_list([FINISH_WORDS[way] for way in ways]),
    )
