"""The query parameters a cached page recognises, normalised (``core.page_cache``).

A cached page's key is built from the parameters the page reads (its sorting, its
page number, its filters), never from the raw query string: anything else in the
address (``?utm_source=…``, ``?fbclid=…``, a typo) is dropped, so it neither adds a
cache entry nor reaches the links of the rendered page. Each recognised value is
normalised, so spellings of one request share one entry (``page=02`` is ``page=2``,
``page=1`` is no page, ``q=  Kovács   Éva`` is ``q=Kovács Éva``); a value the page
cannot use is kept as sent, so the page shows its error, but the page is not cached
(``cacheable`` is False). Values that pass here and still turn out wrong (a club no
team plays for, a search that finds nobody, a page past the end) are caught after
rendering: the view returns an :class:`~tarokk_admin.core.page_cache.Unkept` body.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import HttpRequest, QueryDict

from tarokk_admin.core.params import whole_number

# A normaliser answers the canonical value, "" to drop the parameter (its default),
# or None for a value that is not cached.
Normaliser = Callable[[str], str | None]

MAX_TEXT = 100
MAX_PAGE = 10_000


def one_of(choices: Collection[str]) -> Normaliser:
    """One of ``choices`` (e.g. a table's sort columns); anything else is ignored
    by the page, so it is dropped."""
    allowed = frozenset(choices)

    def normalise(value: str) -> str | None:
        value = value.strip()
        return value if value in allowed else ""

    return normalise


def whole(*, default: int | None = None, maximum: int = MAX_PAGE) -> Normaliser:
    """A whole number (``007`` is ``7``); the default is dropped, an empty value
    too; anything else is not cached."""

    def normalise(value: str) -> str | None:
        value = value.strip()
        if not value:
            return ""
        number = whole_number(value)
        if number is None or number > maximum:
            return None
        return "" if number == default else str(number)

    return normalise


def choice() -> Normaliser:
    """A filter's choice, validated by its form when the page renders."""
    return text(max_chars=MAX_TEXT)


def text(*, max_chars: int = MAX_TEXT) -> Normaliser:
    """Free text (a search) with its spaces collapsed; longer texts are not cached."""

    def normalise(value: str) -> str | None:
        value = " ".join(value.split())
        return value if len(value) <= max_chars else None

    return normalise


PAGE = whole(default=1)


@dataclass(frozen=True)
class PageParams:
    """What a page renders from: the recognised parameters, normalised."""

    query: QueryDict
    cacheable: bool

    @property
    def key(self) -> str:
        """The canonical query string (sorted), for the cache key."""
        return self.query.urlencode()


def page_params(
    request: HttpRequest, recognised: Mapping[str, Normaliser]
) -> PageParams:
    """The page's parameters from the address: recognised ones only (the last value
    of each, as the page reads it), normalised, in a fixed order."""
    pairs: list[tuple[str, str]] = []
    cacheable = True
    for name in sorted(recognised):
        raw = request.GET.get(name)
        if raw is None:
            continue
        value = recognised[name](raw)
        if value is None:
            cacheable = False
            value = raw
        if value != "":
            pairs.append((name, value))
    return PageParams(QueryDict(urlencode(pairs), mutable=False), cacheable)


def page_params_apply(request: HttpRequest, params: PageParams) -> None:
    """Render the page from the normalised parameters only: what is cached under
    the key is exactly what the key says (sort and page links included)."""
    request.GET = params.query
