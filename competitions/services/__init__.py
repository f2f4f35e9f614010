"""Services write (HackSoft): keyword-only functions named ``<entity>_<action>``.

A refused action raises :class:`ServiceError` with one clear sentence for the user.
"""


class ServiceError(Exception):
    """An action the rules refuse; ``str(error)`` is the message for the user."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
