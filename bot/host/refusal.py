"""A polite no: the host refuses an action with a code the texts say in the reader's language."""

from __future__ import annotations

from engine import RulesError

from ..texts.i18n import t


class Refusal(Exception):
    """A polite no: `code` names the message (errors.ftl key `error-<code>`), `params` fill it in."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    @classmethod
    def from_rules(cls, error: RulesError, names: tuple[str, ...]) -> Refusal:
        """An engine refusal in words: its code and params, with seat numbers turned into names."""
        params = dict(error.params)
        turn = params.get("turn")
        if isinstance(turn, int) and 0 <= turn < len(names):
            params["player"] = names[turn]
        code = error.code.replace("_", "-")
        if code == "bad-target" and params.get("on") is None:
            code = "bad-target-nowhere"  # no target named: the tile fits nowhere now
        return cls(code, **params)

    def text(self, locale: object) -> str:
        return t(locale, f"error-{self.code}", **self.params)
