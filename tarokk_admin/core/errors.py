"""Errors of the federation's rules, as services raise them.

Two kinds of exception, never mixed:

- A :class:`ServiceError` is a **user's mistake** the rules refuse (a 53rd
  championship match, a line-up with a stranger). It carries a stable snake_case
  ``code``, the ``field`` of the form it concerns (or None) and one translated
  sentence. Pages put it on the form, the API answers it as a 400/409 with its code,
  imports turn it into a row's problem. It is never raised by hand: each app declares
  its refusals once, in an :class:`ErrorTable` in its ``errors.py`` (the code and its
  message, translated), and raises ``ERRORS.refuse("code", field=…, **values)``.
- A **bug** (a state the code should never reach: an unknown action from our own
  form, a missing row the caller just read) is any other exception: it is not the
  user's to fix, so it is logged and answered as a server error, never put on a
  form as if the user could mend it. :class:`ServiceBug` names such a state where
  the code checks for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from django.utils.functional import Promise


class ServiceError(Exception):
    """An action the rules refuse; ``str(error)`` is the message for the user."""

    def __init__(
        self, message: str, *, code: str = "refused", field: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field


class ServiceBug(RuntimeError):
    """A state the code should never reach: a programming error, not the user's."""


def public_code(code: str) -> str:
    """The code an error of the table's ``code`` carries: the part before a
    ``__place`` that names one of the code's sentences."""
    return code.partition("__")[0]


class ErrorTable:
    """One app's refusals: each stable code with its message, declared once.

    Each of ``parts`` (one per area of the app) maps a snake_case code to a lazily
    translated sentence (``gettext_lazy``), which may hold ``%(name)s`` placeholders filled from the
    values given to :meth:`error` / :meth:`refuse`. The message is translated when
    the error is made, in the language active then (the request's).

    One code may explain itself in several sentences, one per place it is met
    (``not_an_official``: "Only officials record a walkover.", "Only officials
    manage teams and rosters."): each sentence is declared under the code, two
    underscores and the place (``not_an_official__walkover``); the error carries
    the code alone, which is what callers and the API compare.
    """

    def __init__(self, app: str, *parts: Mapping[str, Promise | str]) -> None:
        self.app = app
        self.messages: dict[str, Promise | str] = {}
        for part in parts:
            for code, message in part.items():
                if not code.isidentifier() or code != code.lower():
                    raise ServiceBug(f"{app}: error code {code!r} is not snake_case")
                if code in self.messages:
                    raise ServiceBug(f"{app}: error code {code!r} declared twice")
                self.messages[code] = message

    def __contains__(self, code: object) -> bool:
        return code in self.messages

    def message(self, code: str, /, **values: Any) -> str:
        """The translated sentence of ``code`` with ``values`` filled in."""
        try:
            template = str(self.messages[code])
        except KeyError:
            raise ServiceBug(f"{self.app}: no error coded {code!r}") from None
        return template % values if values else template

    def error(
        self, code: str, /, *, field: str | None = None, **values: Any
    ) -> ServiceError:
        """The :class:`ServiceError` of ``code`` (to raise, or to collect)."""
        return ServiceError(
            self.message(code, **values), code=public_code(code), field=field
        )

    def refuse(
        self, code: str, /, *, field: str | None = None, **values: Any
    ) -> NoReturn:
        """Raise the :class:`ServiceError` of ``code``."""
        raise self.error(code, field=field, **values)
