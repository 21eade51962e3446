"""What the engine refuses, as noun exceptions with a message for people."""


class RuleError(ValueError):
    """Base of every refusal: `str(error)` is the message to show."""


class InvalidTile(RuleError):
    """A token that is no tile."""

    def __init__(self, token: str, message: str):
        super().__init__(message)
        self.token = token


class InvalidMeld(RuleError):
    """Tiles that are not a legal set or run under the variant."""


class InvalidVariant(RuleError):
    """Rule parameters that do not make a playable variant."""


class InvalidHand(RuleError):
    """A hand record that cannot be scored; `where` names the player or field,
    as "player Ana", "player Ana, rack" or "meld 2 (...)"."""

    def __init__(self, message: str, where: str | None = None):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.detail = message

    @property
    def player(self) -> str | None:
        """The player the refusal is about, if it is about one."""
        if not self.where or not self.where.startswith("player "):
            return None
        return self.where[len("player "):].split(", ")[0]

    @property
    def field(self) -> str | None:
        """The player's field the refusal is about (rack, melded_tiles, ...), if any."""
        if self.player is None or ", " not in self.where:
            return None
        return self.where.rsplit(", ", 1)[1]


class InvalidSeries(RuleError):
    """A series that cannot be scored (bad end, unknown player, hand after the end)."""
