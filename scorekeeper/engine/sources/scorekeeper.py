"""Scorekeeper's own rulings: where every source is silent or unclear, and the
rulings that hold whatever the source."""

from ._base import Ruling, Source

SOURCE = Source(
    key="scorekeeper",
    title="Scorekeeper ruling",
    about="Where a source is silent or unclear, Scorekeeper decides and says so.",
    rulings={
        "deal": Ruling("who deals next", (
            "The source does not say who starts the next hand. The deal moves one seat to "
            "the left, the way play goes.")),
        "lowest_rack_tie": Ruling("a tie for the lowest rack", (
            "If two or more players tie for the lowest rack, nobody wins the hand: the tied "
            "players score 0 and every other player scores minus (own rack minus the "
            "lowest rack)."), with_section=True),
        "series_tie": Ruling("a tie in the series", (
            "Players level on hands won and on total share first place."), with_section=True),
        "exposed_twin": Ruling("never opened with the twin announced", (
            "The source does not say whether a player who never opened keeps the twin "
            "bonus. They do: the penalty and the bonus add up."), with_section=True),
        "left_table": Ruling("leaving mid-hand", (
            "With a physical set no one takes over the seat: the player who left scores the "
            "penalty for the hand and nothing else, melded tiles and rack included."),
            with_section=True),
        "joker_double": Ruling("doubling on a Joly", (
            "Doubling applies to the whole hand score: the bonus for going out, the melded "
            "tiles, the jokers' bonus, any all-at-once bonus and the twin bonus all count "
            "twice."), with_section=True),
        # Table mode.
        "table_mode": Ruling("table mode is for variants that score melded value", (
            "Table mode follows the tiles each player puts on the table; a variant that "
            "scores only the racks has nothing there to follow.")),
        "turn": Ruling("no adding to other players' melds or taking their jokers in the "
                       "turn of one's opening, as in Romanian tile rummy", (
            "The source does not say what a player may do in the turn of their opening; "
            "Romanian tile rummy's rule applies.")),
        "rearranged": Ruling("table mode does not follow rearranged melds", (
            "Table mode follows melds as they are laid; a hand where melds were split or "
            "rearranged is recorded with the quick tally.")),
    },
)
