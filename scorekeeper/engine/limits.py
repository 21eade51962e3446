"""Every input's limit, in one place: how much a rack, a meld, a hand and a file may hold.

Each limit is drawn from the rules where the rules give one, so that no hand that could have
been played is ever refused by a limit; it only stops an impossible input before any work that
grows with it (a rack's characters and tiles are counted before a tile is read, a hand's players
and melds before an entry is read, a file's bytes before its JSON is parsed). The engine checks
what it reads; the API, import and the command line take their sizes from here.
"""

from __future__ import annotations

# A set has 106 tiles: two of each of the 52 numbered tiles (four colours, 1 to 13) and two
# jokers (RULES.md, "Words"; seeds/001).
SET_TILES = 106

# A rack holds at most the whole set. A rack of more tiles would hold some tile three times,
# which no set has and the copies check refuses anyway: this limit refuses no rack that could
# be played, it refuses the impossible one before its tiles are read. The same holds for the
# tiles a player melded, listed without their melds, and for any tiles written as text.
RACK_TILES = SET_TILES

# A meld: a run holds each number once, so 13 tiles at most (a set holds at most four, one per
# colour); no variant's run goes round twice (RULES.md, "Melds").
MELD_TILES = 13

# A hand's table: every meld holds at least three tiles, all from one set: 106 // 3 = 35.
TABLE_MELDS = SET_TILES // 3

# A hand's players: the most any variant may allow (a variant's players are 2 to 6).
HAND_PLAYERS = 6

# Characters written per tile, at most on average: the longest tile a hand writes is a joker
# standing for an ace placed in a run, `j=b1/high` (9), with room for commas and spaces.
TILE_CHARACTERS = 16

# A hand as a JSON file or request body. The largest hand that can be played (six players with
# full racks and melded tiles, 35 melds each naming who laid every tile, every character
# escaped) is under 400 KB.
HAND_BYTES = 1024 * 1024

# A file of many hands: a series file for `scorekeeper series`, and one night of an export
# file (an import reads the file a night at a time; store/import_limits.py). An export of 500
# game nights with 10,000 hands is about 16 MB.
FILE_BYTES = 32 * 1024 * 1024

# An id of a night, a series or a hand: SQLite's integers are 64-bit, so no row has a larger one;
# a larger number is found nowhere, never sent to the database.
LARGEST_ID = 2**63 - 1


def text_characters(tiles: int) -> int:
    """The most characters the text of this many tiles may take."""
    return tiles * TILE_CHARACTERS


def megabytes(size: int) -> int:
    """A size in whole megabytes (MiB), as the messages say it."""
    return size // 1024 // 1024
