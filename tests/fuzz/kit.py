"""What the fuzz tests share: the ``fuzz`` settings profile (few examples, so the
suite stays fast; ``FUZZ_EXAMPLES`` raises it for a longer hunt), strategies for any
JSON value and for a valid document with one part replaced, and a rollback per
example."""

from __future__ import annotations

import contextlib
import copy
import os
from collections.abc import Iterator
from typing import Any

from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")),
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
FUZZ = settings(settings.get_profile("fuzz"))
# A page renders in a fraction of a second, not microseconds: fewer examples.
FUZZ_PAGES = settings(FUZZ, max_examples=max(1, FUZZ.max_examples // 3))

# Text that a browser or a file can carry (a lone surrogate cannot be encoded).
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=30)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT
)
JSON = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(TEXT, children, max_size=5)
    ),
    max_leaves=20,
)


def paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every place in a JSON document, the root first."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, (*prefix, index))


@st.composite
def part_replaced(draw: Any, document: Any) -> Any:
    """A copy of ``document`` with one part (drawn) replaced by any JSON value, or
    removed."""
    document = copy.deepcopy(document)
    path = draw(st.sampled_from(list(paths(document))[1:]))
    target = document
    for part in path[:-1]:
        target = target[part]
    if draw(st.booleans()) and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = draw(JSON)
    return document


@contextlib.contextmanager
def rolled_back() -> Iterator[None]:
    """Run one example in a transaction that is undone after it."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)
