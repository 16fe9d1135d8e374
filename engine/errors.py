"""The one exception a player may see."""


class RuleError(ValueError):
    """An action the rules do not allow; the message is shown to the player as is."""
