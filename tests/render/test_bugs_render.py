"""Bugs & Co images: readable on a phone, small, described in words, never showing a kept tile early."""
from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from engine import bugs as B
from engine.protocol import LEAVE, TIMEOUT
from render import bugs as R
from render.encode import MAX_DESCRIPTION
from tests.kit.bugs_states import GAME, NOW, act, countdown, finished, playing
from tests.kit.readability import image_width, recording_text

LONG_NAMES = [f"A very long display name number {i}" for i in range(8)]
MAX_PNG = 40 * 1024


def with_leaver(players: int):
    return act(playing(players), 0, dict(LEAVE))


STATES = {"start": lambda n: GAME.setup(n, {}, 5, NOW), "playing": playing, "countdown": countdown,
          "left": with_leaver, "over": finished}


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


@pytest.mark.parametrize("players", [2, 8])
@pytest.mark.parametrize("kind", [*STATES, "aborted"])
def test_every_table_text_is_readable_on_a_phone(players, kind):
    state = STATES.get(kind, playing)(players)
    with recording_text(R) as log:
        image = R.render_bugs(GAME.view(state, None), LONG_NAMES[:players], aborted=kind == "aborted",
                              now=NOW + 7)
    assert len(log.drawn) > len(state["places"])  # every place number was drawn
    assert log.problems(image_width(image.png)) == []


@pytest.mark.parametrize("players", range(2, 9))
def test_a_table_image_is_phone_wide_and_small_at_every_player_count(players):
    for kind, make in STATES.items():
        image = R.render_bugs(GAME.view(make(players), None), LONG_NAMES[:players])
        assert image_width(image.png) == R.WIDTH == 480, kind
        assert len(image.png) <= MAX_PNG, (kind, len(image.png))
        assert decode(image.png).height <= 900, kind


def test_a_seats_view_draws_the_same_table_as_the_public_view():
    state = playing(4)
    public = R.render_bugs(GAME.view(state, None))
    for seat in range(4):
        mine = R.render_bugs(GAME.view(state, seat))
        assert mine.png == public.png and mine.description == public.description


@pytest.mark.parametrize("kind", ["start", "playing", "countdown", "left"])
def test_descriptions_never_name_a_design_before_the_end(kind):
    state = STATES[kind](6)
    for seat in (None, *range(6)):
        text = R.render_bugs(GAME.view(state, seat)).description
        assert not [d.name for d in B.DESIGNS if d.name in text]
        assert not [c for c in B.COLOURS if f"{c} " in text]


def test_the_description_says_what_the_image_shows():
    state = playing(3)
    text = R.describe(GAME.view(state, None), ["Ann", "Bo", "Cy"])
    assert "Trophies left: 2." in text
    assert "Ann: keeps 1 tile, holds the tile of place 38." in text
    assert "Cy: keeps 3 tiles, took the 3 trophy and stopped." in text
    assert "38 places: 30 face down, 6 empty, 2 held; 7 removed unseen." in text
    assert "Empty: places 1, 5-6, 9-11." in text and "Held: place 37 by Bo, place 38 by Ann." in text
    assert "7 of 10 beats left" in R.describe(GAME.view(countdown(3), None), now=NOW + 12)  # ends at NOW + 25
    assert "ended early" in R.describe(GAME.view(state, None), aborted=True)


def test_a_held_place_is_marked_with_the_holders_colour_and_initial():
    state = act(GAME.setup(2, {}, 5, NOW), 1, {"type": "grab", "place": 0})
    image = decode(R.render_bugs(GAME.view(state, None), ["Ann", "Bo"]).png)
    x0, y0, _, _ = R._place_box(0, R.MARGIN + R.HEADER_H + R.GAP + R.CAPTION_H)
    pixel = image.getpixel((int(x0) + 6, int(y0) + 24))
    assert max(abs(a - b) for a, b in zip(pixel, R.SEAT_COLOURS[1], strict=False)) <= 4  # the palette quantiser's error
    assert R.initials(["Ann", "Bo", "amy", ""]) == ["A1", "B", "A3", "?"]


def test_every_tile_image_is_readable_and_names_its_design():
    for design in B.DESIGNS:
        with recording_text(R) as log:
            image = R.render_tile(design.id, place=4)
        assert log.problems(image_width(image.png)) == []
        assert image.description == f"Your tile from place 5: {design.name}."
        assert design.name in [t.text for t in log.drawn]
        assert len(image.png) <= MAX_PNG


def test_the_25_monsters_look_different_from_each_other():
    """Every pair differs clearly at the size of a revealed hand: shape, colour or eyes."""
    art = {d.id: R.monster(d.id, R.MINI).convert("RGB") for d in B.DESIGNS}
    for a, b in itertools.combinations(art, 2):
        diff = ImageStat.Stat(ImageChops.difference(art[a], art[b])).mean
        assert sum(diff) > 12, (B.DESIGNS[a].name, B.DESIGNS[b].name, diff)


@pytest.mark.parametrize("players", [2, 8])
def test_the_scoring_image_reveals_every_hand_readably(players):
    view = GAME.view(finished(players), None)
    with recording_text(R) as log:
        image = R.render_scoring(view, LONG_NAMES[:players])
    assert log.problems(image_width(image.png)) == []
    assert image_width(image.png) == 480 and len(image.png) <= MAX_PNG
    assert len(image.description) <= MAX_DESCRIPTION  # whole: an alt text cut short loses the last players
    assert R.tiles_described(view, LONG_NAMES[:players])
    for seat, hand in enumerate(view["hands"]):
        for group in hand["groups"]:  # by full name, or (eight long names) by colour and shape
            design = B.DESIGNS[group["design"]]
            assert (group["name"] if players == 2 else f"{design.colour} {design.shape}") in image.description
        assert f"{LONG_NAMES[seat]}: {view['scores'][seat]} point" in image.description


def test_the_scoring_description_of_every_tile_kept_names_every_player_and_leaves_the_tiles_to_the_message():
    view = GAME.view(every_tile_kept(), None)
    text = R.describe_scoring(view, LONG_NAMES)
    assert len(text) <= MAX_DESCRIPTION and not R.tiles_described(view, LONG_NAMES)
    assert text.endswith(R.HANDS_IN_MESSAGE)
    for seat, name in enumerate(LONG_NAMES):
        assert f"{name}: {view['scores'][seat]} point" in text
    hands = dict(R.hands_in_words(view, LONG_NAMES))
    assert list(hands) == [LONG_NAMES[s] for s in sorted(range(8), key=lambda s: (view["ranks"][s], s))]
    for seat, hand in enumerate(view["hands"]):
        assert all(group["name"] in hands[LONG_NAMES[seat]] for group in hand["groups"])


def test_the_scoring_description_lists_sets_and_breakdown():
    state = GAME.setup(2, {}, 1, NOW)
    state["places"][:5] = [21, 22, 23, 3, 4]  # three of design 7, two of design 1
    for place in range(5):
        state = act(act(state, 0, {"type": "grab", "place": place}), 0, {"type": "keep"})
    state = act(state, 1, {"type": "take_trophy"})
    view = GAME.view(act(state, None, dict(TIMEOUT), state["countdown_at"]), None)  # the countdown's end
    text = R.render_scoring(view, ["Ann", "Bo"]).description
    assert "1st Bo: 3 points (0 sets +0, 0 others 0, trophy +3)." in text
    assert "2nd Ann: 1 point (1 set +3, 2 others -2)." in text
    assert f"Ann's hand: {B.DESIGNS[1].name} x2; {B.DESIGNS[7].name} x3 (set)." in text
    assert "Bo's hand: no tiles." in text


def test_the_scoring_image_waits_for_the_end():
    with pytest.raises(ValueError):
        R.render_scoring(GAME.view(playing(3), None))


def test_a_leaver_is_shown_scoring_nothing():
    state = with_leaver(3)
    view = GAME.view(act(state, None, dict(TIMEOUT), GAME.next_deadline(state)), None)
    assert "(left: scores 0)" in R.render_scoring(view).description
    assert "Seat 1: keeps 1 tile, left the game, scores 0 points." in R.describe(view)


def every_tile_kept():
    state = GAME.setup(8, {}, 9, NOW)
    for place in range(len(state["places"])):
        state = act(act(state, place % 8, {"type": "grab", "place": place}), place % 8, {"type": "keep"})
    return act(state, None, dict(TIMEOUT), GAME.next_deadline(state))


def test_the_scoring_image_stays_small_even_when_every_tile_was_kept():
    view = GAME.view(every_tile_kept(), None)
    image = R.render_scoring(view, LONG_NAMES)
    assert len(image.png) <= 44 * 1024 and decode(image.png).height <= 1300  # 68 tiles drawn
