"""custom_ids: the session travels in them, they stay under Discord's limit, and parse back."""
from __future__ import annotations

import re

import pytest

from cogs.components import BUTTON_TEMPLATE, SELECT_TEMPLATE, Ref


def test_a_ref_round_trips_through_its_custom_id():
    ref = Ref(123456, "reveal", "3-4", 17)
    assert Ref.parse(ref.custom_id) == ref
    assert Ref.parse(ref.select_id) == ref
    assert Ref.parse(Ref(5, "join").custom_id) == Ref(5, "join", "", None)


def test_buttons_and_selects_have_patterns_of_their_own():
    ref = Ref(1, "row", "", 2)
    assert re.fullmatch(BUTTON_TEMPLATE, ref.custom_id) and not re.fullmatch(BUTTON_TEMPLATE, ref.select_id)
    assert re.fullmatch(SELECT_TEMPLATE, ref.select_id) and not re.fullmatch(SELECT_TEMPLATE, ref.custom_id)


def test_a_custom_id_never_exceeds_discords_limit():
    assert len(Ref(2**62, "move_spider", "x" * 40, 2**40).custom_id) <= 100
    with pytest.raises(ValueError):
        Ref(1, "act", "x" * 41).custom_id
    with pytest.raises(ValueError):
        Ref(1, "act", "a:b").custom_id
