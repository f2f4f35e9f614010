"""Errors of the federation's rules, as services raise them.

A :class:`ServiceError` is a user's mistake the rules refuse (a 53rd championship
match, a line-up with a stranger): it carries a stable ``code``, the ``field`` of the
form it concerns (or None) and one translated sentence. A bug is any other exception.
"""

from __future__ import annotations


class ServiceError(Exception):
    """An action the rules refuse; ``str(error)`` is the message for the user."""

    def __init__(
        self, message: str, *, code: str = "refused", field: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.field = field
