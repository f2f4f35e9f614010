"""Shared checks of JSON values for the record parsers: types, keys and ranges."""

from __future__ import annotations

from .codes import ErrorCode
from .errors import Errors, pointer, quote
from .i18n import _


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def type_name(value: object) -> str:
    if value is None:
        return "null"
    if is_int(value) or isinstance(value, float):
        return _("a number")
    kind = type(value)
    if kind is dict:
        return _("an object")
    if kind is list:
        return _("a list")
    if kind is str:
        return _("a string")
    if kind is bool:
        return _("true/false")
    return kind.__name__


def unknown_keys(
    obj: dict[str, object], allowed: frozenset[str], path: str, errors: Errors
) -> None:
    if obj.keys() <= allowed:
        return
    for key in obj:
        if key not in allowed:
            errors.add(
                ErrorCode.UNKNOWN_KEY,
                path + pointer(key),
                _("Unknown key {key}; allowed here: {allowed}.").format(
                    key=quote(key), allowed=", ".join(sorted(allowed))
                ),
            )


def int_in(
    obj: dict[str, object],
    key: str,
    low: int,
    high: int,
    path: str,
    errors: Errors,
) -> int | None:
    value = obj[key]
    where = path + "/" + key
    if not is_int(value):
        errors.add(
            ErrorCode.WRONG_TYPE,
            where,
            _("{key} must be a whole number, not {value}.").format(
                key=key, value=quote(value)
            ),
        )
        return None
    assert isinstance(value, int)
    if not low <= value <= high:
        errors.add(
            ErrorCode.OUT_OF_RANGE,
            where,
            _("{key} must be between {low} and {high}; got {value}.").format(
                key=key, low=low, high=high, value=value
            ),
        )
        return None
    return value
