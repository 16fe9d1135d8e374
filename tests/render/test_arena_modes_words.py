"""Eye for an Eye's game modes draw their words in the board's language (render/arena_modes.py): the boxes'
titles ("Flower", "Hill card", "Climbing!"), the flower cards left and what a Raging Current track does
('in') come through the board's `show`, as the rest of the board's words do; the cached layer they are
drawn on is kept per language; an English board is drawn as it always was."""
from __future__ import annotations

import functools
from typing import Any

import pytest

import render.arena as R
import render.arena_modes as RM
from cogs.language import LANGUAGES, said_text
from engine.arena.data import CURRENTS
from engine.errors import Said, Term
from render.arena_words import describe
from render.canvas import text_width
from tests.kit.arena_states import CEREMONY, DOMINATION, FOREST_HILL, HILL, states
from tests.kit.placed_words import clashes, placed_words
from tests.kit.readability import recording_text


def marked(word: str) -> str:
    """A reading that marks each word it is handed: a word drawn without it stays unmarked."""
    return f"<{word}>"


CALM_HILL = "hill, not climbing"


def boards() -> dict[str, tuple[Any, bool]]:
    """A board of each mode with words of its own, and the hill card before its first fill ('Hill card')."""
    out = {kind: states()[kind] for kind in (DOMINATION, HILL, FOREST_HILL)}
    view, aborted = states()[HILL]
    out[CALM_HILL] = ({**view, "game_mode": {**view["game_mode"], "climbing": False}}, aborted)
    return out


def drawn_words(kind: str, show=str) -> list[str]:
    view, aborted = boards()[kind]
    with recording_text(R, RM) as log:
        R.draw_board(view, aborted=aborted, show=show)
    return [t.text for t in log.drawn]


@pytest.mark.parametrize(("kind", "words"), [(DOMINATION, ["<Flower>", "<5 left>"]),
                                             (HILL, ["<Climbing!>"]),
                                             (CALM_HILL, ["<Hill card>"]),
                                             (FOREST_HILL, ["<Climbing!>", "<in>", "1 E", "2 E", "1 W"])])
def test_the_modes_words_are_drawn_as_the_board_reads_them(kind, words):
    """Each word through the board's reading; a track's shift is its number and compass letters, kept."""
    drawn = drawn_words(kind, marked)
    assert all(word in drawn for word in words), drawn
    unmarked = {"Flower", "5 left", "Climbing!", "Hill card", "in"} & set(drawn)
    assert not unmarked, unmarked


def test_the_modes_words_are_catalogue_words():
    """What the modes hand to `show`: messages with named values, and the flood's word under its context."""
    handed: list[str] = []

    def keeping(word: str) -> str:
        handed.append(word)
        return str(word)
    for kind in boards():
        drawn_words(kind, keeping)
    saids = {(w.template, tuple(w.values.items())) for w in handed if isinstance(w, Said)}
    assert {("Flower", ()), ("Hill card", ()), ("Climbing!", ()), ("{n} left", (("n", 5),))} <= saids
    assert [(w, w.context) for w in handed if isinstance(w, Term) and w == "in"] == [("in", "arena track effect")]


def test_a_board_in_another_language_draws_its_own_fixed_layer():
    """The boxes' titles and the tracks' effects are on the cached layer: a board read another way is not
    drawn on the English one's layer, nor the English board on its."""
    view, aborted = states()[FOREST_HILL]
    domination, _ = states()[DOMINATION]
    with recording_text(R, RM) as log:
        english = [R.draw_board(v).tobytes() for v in (view, domination)]
        for v in (view, domination):
            R.draw_board(v, show=marked)
        again = [R.draw_board(v).tobytes() for v in (view, domination)]
    drawn = [t.text for t in log.drawn]
    assert "<in>" in drawn and "<Flower>" in drawn
    assert again == english


def test_an_english_reader_sees_the_board_drawn_as_ever():
    """`said_text` in English is the text itself: the same picture as the default reading."""
    for kind in (DOMINATION, HILL, FOREST_HILL):
        view, aborted = states()[kind]
        assert (R.draw_board(view, aborted=aborted, show=functools.partial(said_text, "en")).tobytes()
                == R.draw_board(view, aborted=aborted).tobytes()), kind


def flood_words(show) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The words drawn in the flood's box (its corner's track), with their boxes."""
    view, aborted = states()[FOREST_HILL]
    flood = next(c for c in view["currents"] if c["flood"])
    left, top = RM.track_at(R.FRAME, flood["corner"])
    with placed_words(RM, lambda size: size[0] == R.WIDTH) as placed:
        R.draw_board(view, aborted=aborted, show=show)
    return [(text, box) for text, box in placed
            if left <= box[0] and box[2] <= left + RM.TRACK_W and top <= box[1] and box[3] <= top + RM.TRACK_H]


def test_a_tracks_effect_too_long_for_beside_its_spaces_goes_on_its_title_line():
    """'in' sits right of the flood's spaces; a longer word (a translation) on the line of the track's name,
    clear of the spaces' letters and of the name."""
    def long(word: str) -> str:
        return "hinein" if word == RM.FLOOD_EFFECT else str(word)
    short, longer = flood_words(str), flood_words(long)
    (_, beside), = [(t, box) for t, box in short if t == "in"]
    (_, above), = [(t, box) for t, box in longer if t == "hinein"]
    (_, name), = [(t, box) for t, box in longer if t == "Flood"]
    assert above[1] < beside[1] and abs(above[1] - name[1]) < 3
    assert len(longer) == len(short) and clashes(longer, R.WIDTH) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_modes_words_fit_their_boxes_in_every_language(code):
    """The boxes are sized for the board's corners (the Rainforest's hill card sits beside a hex): each
    title fits inside its box, the cards left fit beside the small flower, and the flood's word fits beside
    its spaces or beside the track's name."""
    show, size = functools.partial(said_text, code), R.FRAME.text
    for title in (RM.FLOWER_TITLE, RM.HILL_TITLE, RM.CLIMBING_TITLE):
        assert 5 + text_width(show(title), size) <= RM.CARD_W - 3, show(title)
    for left in range(7):
        words = show(Said("{n} left", n=left))
        assert 15 + 9 + 1 + text_width(words, size) <= RM.CARD_W - 5, words  # the flower: 15 px in, 9 px reach
    flood = next(c for c in CURRENTS.values() if c.flood)
    room_beside = RM.TRACK_W - 5 - RM.slot((0, 0), RM.TRACK_H, len(flood.faces) - 1)[2] - RM.EFFECT_GAP
    effect = show(RM.FLOOD_EFFECT)
    assert (text_width(effect, size) <= room_beside  # else on the name's line, at least a space after it
            or 5 + text_width(show(flood.name), size) + 4 + text_width(effect, size) <= RM.TRACK_W - 5), effect


@pytest.mark.parametrize(("code", "said"), [
    ("de", {CEREMONY: "Nymphlets (Sterne): ", DOMINATION: "Blume: ", HILL: "Der Hügel (weiß umrandet): "}),
    ("fr", {CEREMONY: "Nymphlets (étoiles)\u00a0: ", DOMINATION: "Fleur\u00a0: ", HILL: "La colline (entourée de blanc)"}),
])
def test_the_modes_pieces_are_described_in_the_boards_language(code, said):
    """The picture's description says the mode's pieces in the reader's language, as the catalogue words
    them, with none of the English sentences left; so do the Raging Currents' tracks."""
    show = functools.partial(said_text, code)
    english = ("Flower:", "The hill", "Nymphlets (stars)", "left in the deck", "'s at ", " dice", "empty")
    for kind, start in said.items():
        view, aborted = states()[kind]
        described = describe(view, ["Ann", "Bob", "Cy", "Di"], aborted=aborted, show=show)
        assert start in described and not [w for w in english if w in described], (kind, described)
    view, _ = states()[FOREST_HILL]
    tracks = RM.currents_words(view, ["Ann", "Bob", "Cy", "Di"], show)
    assert tracks.startswith("Raging Currents") and not [w for w in english if w in tracks], tracks
