"""Each notice kind declared once (``competitions/notices/kinds.py``), with all its
parts; the choices, recipients and words read that declaration."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from competitions.models import Notice, NoticeKind
from competitions.notices.kinds import NOTICE_KINDS, Audience, Words
from competitions.services.notices import MATCH_VALUES, notice_role
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role


def _hungarian(message: str) -> str:
    with translation.override("hu"):
        return translation.gettext(message)


def _all_words(kind) -> list[Words]:
    return [kind.words] if kind.words else list(kind.messages.values())


@pytest.mark.parametrize("kind", NOTICE_KINDS, ids=lambda kind: kind.code)
def test_each_kind_has_all_its_parts(kind):
    assert kind.code
    assert len(kind.code) <= Notice._meta.get_field("kind").max_length
    assert str(kind.label)
    assert _hungarian(str(kind.label)) != str(kind.label)
    # A match kind has its one message; a role kind (the cup's calendar) names its
    # messages, the caller choosing one and giving its values.
    if kind.audience == Audience.ROLE:
        assert kind.words is None
        assert kind.messages
    else:
        assert kind.words is not None
        assert not kind.messages
        unknown = kind.words.placeholders() - set(MATCH_VALUES)
        assert unknown == set(), f"{kind.code} uses values nobody supplies"
        assert "match" in kind.words.placeholders()
    for words in _all_words(kind):
        assert words.subject
        assert words.body
        assert _hungarian(words.subject) != words.subject
        if words.body != "%(ties)s":  # the undecided ties' lines, nothing to say
            assert _hungarian(words.body) != words.body
            # The translation fills the same values.
            hungarian = Words(_hungarian(words.subject), _hungarian(words.body))
            assert hungarian.placeholders() == words.placeholders()
    if kind.link:
        assert reverse(kind.link)


def test_the_choices_of_the_models_and_the_settings_are_the_declaration():
    declared = [(kind.code, str(kind.label)) for kind in NOTICE_KINDS]
    assert [(code, str(label)) for code, label in NoticeKind.choices] == declared
    field = Notice._meta.get_field("kind")
    assert [(code, str(label)) for code, label in field.choices] == declared
    assert NoticeKind.MATCH_MOVED == "match_moved"


@pytest.mark.django_db
def test_a_role_notice_is_one_of_its_kinds_messages():
    with pytest.raises(ServiceError, match="has no message"):
        notice_role(
            NoticeKind.CUP_CALENDAR,
            message="nonsense",
            values=dict,
            role=Role.OFFICIAL,
            key="k",
        )
    with pytest.raises(ServiceError, match="has no message"):
        notice_role(
            NoticeKind.MATCH_MOVED,
            message="open",
            values=dict,
            role=Role.OFFICIAL,
            key="k",
        )
