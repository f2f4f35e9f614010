"""Translatable engine messages without Django: the engine stays pure Python.

Every message the engine reports is a literal template translated first, formatted
after: ``_("{feast} needs its {key}.").format(feast=_(feast.name), key=key)``, so that
``makemessages`` extracts it (python-brace-format) and a translation may move the
placeholders. Names the engine keeps as data (feast names, suit names, sides) are marked
with :func:`gettext_noop` where they are defined and translated with :func:`_` where a
message shows them.

The translator is the identity until the application installs one with
:func:`set_translator` (``scoring.apps`` installs Django's ``gettext``). Messages are
built only when an error is reported, so translation costs nothing on valid records.
"""

from __future__ import annotations

from collections.abc import Callable

Translator = Callable[[str], str]


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, where it is shown."""
    return message


_translator: Translator = gettext_noop


def _(message: str) -> str:
    """``message`` translated by the installed translator (the identity by default)."""
    return _translator(message)


def set_translator(fn: Translator) -> None:
    """Install the function that translates the engine's messages from now on."""
    global _translator
    _translator = fn


def get_translator() -> Translator:
    """The installed translator (to restore it later, or to check which one it is)."""
    return _translator
