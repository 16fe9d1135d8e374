"""Eye for an Eye boards: readable on a phone in every phase, small, described in full, cached.

The states are played through the engine (dice rigged with engine.rng.rig): figures walk up to
each other, attack, knock one out, take turn-order markers, finish the match, leave. Under the
advanced rules (dice put on cards directly, as the engine's tests do): Heat, Netted and Hidden,
Echo's Guards, Tribal cards in both states, and a card's attack pausing everyone.
"""
from __future__ import annotations

import copy
import io
import re
import time

import pytest
from PIL import Image

import render.arena as R
import render.arena_modes as RM
import render.arena_words as RW
from engine.arena.board import COMPASS, front_arc
from engine.hexgrid import distance, neighbour
from render import palette
from render.cache import cached_layer_count, clear_layer_cache
from render.encode import MAX_DESCRIPTION
from tests.kit.arena_states import CEREMONY, DOMINATION, FOREST_HILL, HILL, LONG_NAMES, MAX_PNG, NOW, SE, E, states
from tests.kit.readability import image_width, recording_text


def render(view, aborted, long_names=True, now=NOW + 30):
    names = LONG_NAMES[:len(view["seats"])] if long_names else None
    return R.render_arena(view, names, now=now, aborted=aborted)


# ----------------------------------------------------------------- the states are what they claim
def test_the_states_cover_every_phase():
    s = states()
    assert s["start, 2 players"][0]["phase"] == "start"
    pending = s["fight, an attack pending"][0]
    assert pending["pending"][0]["deadline"] is not None
    a, b = (pending["seats"][i]["hex"] for i in (0, 1))
    assert distance(a, b) == 1
    assert s["fight, one knocked out"][0]["seats"][1]["status"] == "out"
    tb = s["turn-based, turn phase"][0]
    assert tb["phase"] == "turns" and tb["turns"]["markers"] == [0, 1]
    assert s["turn-based, 3 players"][0]["phase"] == "turns"
    rolled = s["turn-based, an attack rolled"][0]
    assert rolled["pending"][0]["deadline"] is not None and rolled["pending"][0]["arc"] == "front"
    assert s["tiebreak, one sits out"][0]["seats"][2]["status"] == "idle"
    assert s["game over"][0]["phase"] == "over" and s["game over, the others left"][0]["ended"] == "left"
    assert len(s["fight, 6 players"][0]["seats"]) == 6


# ----------------------------------------------------------------- phone readability
@pytest.mark.parametrize("long_names", [True, False])
@pytest.mark.parametrize("kind", list(states()))
def test_every_board_text_is_readable_on_a_phone(kind, long_names):
    view, aborted = states()[kind]
    with recording_text(R, RM) as log:
        image = render(view, aborted, long_names)
    assert len(log.drawn) > 20
    assert image_width(image.png) == R.WIDTH
    assert log.problems(image_width(image.png)) == []


@pytest.mark.parametrize("kind", list(states()))
def test_every_text_lies_inside_the_image(kind):
    view, aborted = states()[kind]
    boxes = []
    with recording_text(R, RM):
        drawing = R.draw_text

        def boxed(draw, xy, text, *args, **kwargs):
            box = drawing(draw, xy, text, *args, **kwargs)
            boxes.append((text, box))
            return box
        R.draw_text = RM.draw_text = boxed
        try:
            image = render(view, aborted)
        finally:
            R.draw_text = RM.draw_text = drawing
    width, height = Image.open(io.BytesIO(image.png)).size
    outside = [text for text, (left, top, right, bottom) in boxes
               if left < R.MARGIN or top < R.MARGIN or right > width - R.MARGIN or bottom > height - R.MARGIN]
    assert outside == []


@pytest.mark.parametrize("kind", list(states()))
def test_a_board_is_small_enough_to_send_quickly(kind):
    view, aborted = states()[kind]
    image = render(view, aborted)
    assert len(image.png) <= MAX_PNG, len(image.png)
    assert Image.open(io.BytesIO(image.png)).size == (R.WIDTH, R._height(len(view["seats"]), RW.is_advanced(view)))


def crowded() -> dict:
    """No game gets here at once, but every piece of a board can: six figures packed round the
    high ground, each in two front arcs, three attacks waiting, markers, passes, everyone away."""
    view = copy.deepcopy(states()["fight, 6 players"][0])
    ring = [[0, 0], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]]
    for i, seat in enumerate(view["seats"]):
        seat["hex"], seat["facing"] = ring[i], (i * 2 + 1) % 6
        seat["front"] = front_arc(seat["hex"], seat["facing"])
        seat["away"], seat["marker"], seat["passed"] = True, i + 1, i % 2 == 0
        seat["health"] = 15 - 2 * i
    view["mode"], view["phase"] = "turn_based", "turns"
    view["turns"] = {"game_turn": 6, "markers": list(range(6)), "active": 1, "actions_left": 1}
    view["pending"] = [{"attacker": a, "defender": b, "action": "Spear Thrust", "hits": 3, "unblockable": 1,
                        "arc": "front", "rolled": ["A", "R", "S", "M"], "deadline": NOW + 30 if a == 0 else None}
                       for a, b in ((0, 1), (2, 3), (4, 5))]
    return view


def test_a_crowded_board_still_reads_and_stays_small():
    view = crowded()
    with recording_text(R, RM) as log:
        image = render(view, False)
    assert log.problems(image_width(image.png)) == []
    assert len(image.png) <= MAX_PNG, len(image.png)
    assert len(image.description) <= MAX_DESCRIPTION


# ----------------------------------------------------------------- the description
@pytest.mark.parametrize("long_names", [True, False])
@pytest.mark.parametrize("kind", list(states()))
def test_the_description_names_every_figures_health_and_hex(kind, long_names):
    view, aborted = states()[kind]
    text = render(view, aborted, long_names).description
    assert len(text) <= MAX_DESCRIPTION
    for seat in view["seats"]:
        if seat["hex"] is not None:
            assert f"{RW.hex_label(seat['hex'])}" in text  # as players say it, 'D4'
            assert f"health {seat['health']}/{seat['max_health']}" in text
            assert f"facing {COMPASS[seat['facing']]}" in text
        if seat["status"] == "out":
            assert "knocked out" in text
    assert not re.search(r"\[-?\d+, -?\d+\]|-?\d,-?\d\b", text), "no engine coordinates where a player reads"
    name = (LONG_NAMES if long_names else [s["name"] for s in view["seats"]])
    for s in range(len(view["seats"])):
        assert name[s][:10] in text


def test_the_description_says_who_attacks_whom_and_who_must_answer():
    view, _ = states()["fight, an attack pending"]
    text = RW.describe(view, ["Ann", "Bob"], NOW + 2)
    p = view["pending"][0]
    assert f"Ann -> Bob: Spear Thrust, {p['hits']} hits from the front; Bob to answer" in text
    assert text.startswith("Eye for an Eye on the Bushland, real time. Round 1 of 3. Bob: Parry or take Spear Thrust from Ann.")
    assert "Time to answer: 0:" in text and "UTC" not in text  # time left, not a clock time


def test_the_description_gives_the_clock_as_the_image_does():
    view, _ = states()["fight, 6 players"]
    deadline = view["deadline"]
    text = RW.describe(view, None, deadline - 75)
    assert "Round ends (Yarra Bung!): 1:15 left." in text and "UTC" not in text
    assert RW.clock_line(view, deadline - 75, False) in text


def test_the_turn_based_description_gives_the_turn_order_and_the_player_on_turn():
    view, _ = states()["turn-based, turn phase"]
    text = RW.describe(view, ["Ann", "Bob"], NOW)
    assert "Ann's turn, 2 actions left (game turn 1 of 6)." in text
    assert "Turn order: 1 Ann (on turn), 2 Bob." in text


def test_a_knocked_out_figure_is_described_as_someones_trophy():
    view, _ = states()["fight, one knocked out"]
    text = RW.describe(view, ["Ann", "Bob", "Cy"])
    assert re.search(r"Bob \(Riparian\): knocked out \((Ann|Cy)'s trophy\), cup \d+, 0 points\.", text)


def test_game_over_names_the_winner_and_asks_nothing():
    view, _ = states()["game over"]
    text = RW.describe(view, ["Ann", "Bob"])
    assert "Game over: Ann wins the match" in text and "Time to answer" not in text and " at " not in text.split("\n")[0]
    assert "Ann left" not in text
    text = RW.describe(states()["game over, the others left"][0], ["Ann", "Bob", "Cy"])
    assert "Game over: the others left, Ann wins." in text


def test_an_aborted_board_says_ended_early_and_prompts_nobody():
    view, aborted = states()["aborted mid-fight"]
    assert aborted
    text = RW.describe(view, ["Ann", "Bob"], NOW, aborted=True)
    assert "ended early" in text
    assert "to answer" not in text and "Attacks waiting" not in text and "Time to answer" not in text
    with recording_text(R, RM) as log:
        render(view, True)
    drawn = " ".join(t.text for t in log.drawn)
    assert "ended early" in drawn and "to answer" not in drawn and "Round ends" not in drawn  # no clock
    tb_view, _ = states()["aborted turn-based"]
    with recording_text(R, RM) as log:
        R.render_arena(tb_view, ["Ann", "Bob"], aborted=True)
    assert "turn" not in [t.text for t in log.drawn]  # no tag for the player on turn
    assert "Turn order" not in RW.describe(tb_view, ["Ann", "Bob"], aborted=True)


def test_the_image_names_players_and_seats_in_the_log():
    view, _ = states()["fight, an attack pending"]
    with recording_text(R, RM) as log:
        R.render_arena(view, ["Ann", "Bob"], now=NOW)
    drawn = [t.text for t in log.drawn]
    assert not any("Seat" in t for t in drawn)
    assert any(t.startswith("Ann -> Bob: Spear Thrust") for t in drawn)
    assert {"Ann", "Bob", "Grublic", "Riparian", "G", "R", "15"} <= set(drawn)


def test_names_fall_back_to_the_characters():
    view, _ = states()["start, 6 players"]
    text = RW.describe(view)
    for seat in view["seats"]:
        assert f"\n{seat['name']}: " in text


# ----------------------------------------------------------------- caching and speed
def test_the_static_layer_is_drawn_once_and_reused():
    view, _ = states()["fight, 6 players"]
    clear_layer_cache()
    t0 = time.perf_counter()
    first = R.render_arena(view, LONG_NAMES)
    cold = time.perf_counter() - t0
    layers = cached_layer_count()
    assert layers > 0
    t0 = time.perf_counter()
    second = R.render_arena(view, LONG_NAMES)
    warm = time.perf_counter() - t0
    assert cached_layer_count() == layers  # nothing new to draw
    assert second.png == first.png and warm < cold


def test_a_warm_render_is_fast():
    view, _ = states()["fight, 6 players"]
    R.render_arena(view, LONG_NAMES)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        R.render_arena(view, LONG_NAMES, now=NOW)
        times.append(time.perf_counter() - t0)
    assert min(times) < 0.06  # target well under 30 ms; slack for a busy test machine


# ----------------------------------------------------------------- the Rainforest and Alliances
FOREST = "rainforest alliances, tracks"


def test_the_rainforest_and_alliance_states_are_what_they_claim():
    s = states()
    assert s["rainforest, start"][0]["board"]["name"] == "Rainforest" and s["rainforest, start"][0]["currents"] is None
    forest = s[FOREST][0]
    assert [c["dice"] for c in forest["currents"]] == [[None, None], [1, 4, None], [None, None], [5, None, None]]
    assert forest["seats"][0]["hex"] in forest["board"]["stream"] and len(forest["teams"]) == 2
    assert s["alliances, game over"][0]["phase"] == "over" and s["alliances, game over"][0]["teams"]


def drawn(kind, names=None):
    view, aborted = states()[kind]
    with recording_text(R, RM) as log:
        image = R.render_arena(view, names, now=NOW, aborted=aborted)
    return image, [t.text for t in log.drawn]


def test_the_rainforest_board_keys_boulders_and_the_stream_and_shows_the_tracks_in_the_advanced_rules():
    _, basic = drawn("rainforest, start")
    assert {"Boulder", "Start area", "Stream"} <= set(basic) and "Stone" not in basic and "Swell" not in basic
    _, advanced = drawn(FOREST)
    assert {"Boulder", "Stream", "Swell", "Rapids", "Backwash", "Flood", "1 E", "2 E", "1 W", "in"} <= set(advanced)


def test_dice_locked_on_a_track_show_in_their_owners_colours():
    image, _ = drawn(FOREST)
    pixels = Image.open(io.BytesIO(image.png)).convert("RGB")
    view = states()[FOREST][0]
    rapids = next(c for c in view["currents"] if c["key"] == "rapids")
    for i, owner in enumerate(rapids["dice"]):
        left, top, _, _ = RM.track_slot(R.FRAME, rapids["corner"], i)
        colour = R.AREA_COLOURS[view["seats"][owner]["colour"]] if owner is not None else palette.PANEL
        assert max(abs(a - b) for a, b in zip(pixels.getpixel((left + 3, top + 3)), colour, strict=True)) <= 4


def test_allies_wear_their_team_badge_on_the_board_and_in_the_legend():
    _, texts = drawn(FOREST)
    # three players a team, on the board and in the legend (Banksia's initial is a B too, twice)
    assert texts.count("A") == 6 and texts.count("B") == 6 + 2


def test_the_description_names_the_teams_their_cups_and_the_dice_on_each_track():
    view, _ = states()[FOREST]
    text = RW.describe(view, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"], NOW)
    assert "Teams: A Ann and Bob and Cy, cup 0; B Di and Ed and Flo, cup 0." in text
    assert ("Raging Currents: Swell (NW, 2 Move dice, 1 E): empty; Rapids (NE, 3 Move dice, 2 E): Bob, Ed; "
            "Backwash (SW, 2 Special dice, 1 W): empty; Flood (SE, 3 Special dice, in): Flo.") in text
    assert "Ann (Grublic): F5 stream, facing NW, health 15/15, team A, 0 points." in text  # [1, 0]
    basic = RW.describe(states()["rainforest, start"][0], ["Ann", "Bob", "Cy", "Di"], NOW)
    assert "Boulders (impassable, sight passes): D3, C4, C5, G5, F6, D7. " \
           "Stream: row 5, flowing E." in basic  # [1, -2] [-1, -1] [-2, 0] [2, 0] [1, 1] [-1, 2], the row r = 0


def test_an_alliance_game_over_names_the_winning_team():
    view, _ = states()["alliances, game over"]
    assert "Game over: Cy and Di win the match with 20 points." in RW.describe(view, ["Ann", "Bob", "Cy", "Di"])


# ----------------------------------------------------------------- the advanced rules
def drawn_texts(view, names=None, now=NOW + 30):
    with recording_text(R, RM) as log:
        image = R.render_arena(view, names, now=now)
    assert log.problems(image_width(image.png)) == []
    return log.drawn


def test_heat_statuses_guards_and_card_states_show_on_each_players_second_line():
    view, _ = states()["advanced, 6 players"]
    hidden = view["seats"][2]["statuses"][0]["until"]
    drawn = drawn_texts(view, now=hidden - 12)
    texts = [t.text for t in drawn]
    assert "Heat 2" in texts and "Hidden 0:12" in texts and "Guards 2/4, 5 tokens" in texts
    assert any(t.startswith("Netted") for t in texts)
    assert "Leap ✓" in texts and "Shield Bash 1/2" in texts and "Thunderstomp 2/3" in texts  # Grublic, on one line
    ready, unready = (next(t for t in drawn if t.text == text) for text in ("Leap ✓", "Shield Bash 1/2"))
    assert ready.fill == R.GOOD and unready.fill == R.palette.MUTED, "a Ready card stands out"
    assert R._height(6, True) > R._height(6), "the second lines take room of their own"


def test_a_card_falls_back_to_its_band_when_a_line_is_full():
    seat = copy.deepcopy(states()["advanced, 6 players"][0]["seats"][5])  # Echo: Guards and tokens first
    shown = [t for t, _ in R.extras(seat, None, level=2)]
    assert shown == ["Guards 2/4, 5 tokens", "I 0/1", "II 0/2", "III 0/3"]
    assert [t for t, _ in R.extras(seat, None, level=3)] == ["Guards 2/4, 5 tokens"]


def test_echos_guards_are_small_numbered_discs_in_his_colour():
    view, _ = states()["advanced, 6 players"]
    echo = view["seats"][5]
    numbers = [t for t in drawn_texts(view) if t.text in ("1", "2") and t.background == R.AREA_COLOURS[echo["colour"]]]
    assert len(numbers) == 2
    image = R.draw_board(view)
    for guard in RW.on_board_guards(echo):
        x, y = R.centre(guard["hex"])
        assert image.getpixel((round(x), round(y - R.GUARD + 4))) == R.AREA_COLOURS[echo["colour"]]
        assert image.getpixel((round(x), round(y - R.DISC + 2))) != R.AREA_COLOURS[echo["colour"]], "smaller"


def test_status_and_heat_badges_sit_on_the_figures_hexes():
    view, _ = states()["advanced, 6 players"]
    badges = {t.text: t.background for t in drawn_texts(view) if t.background in (R.HEAT, *R.STATUS_FILL.values())}
    assert badges == {"2": R.HEAT, "N": R.STATUS_FILL["netted"], "H": R.STATUS_FILL["hidden"]}


def test_the_pause_is_a_banner_naming_whose_card_everyone_waits_for():
    view, _ = states()["advanced, a card pauses"]
    assert view["paused"] == {"seat": 0, "card": "Shield Bash"}
    drawn = drawn_texts(view, ["Ann", "Bob", "Cat"])
    (banner,) = [t for t in drawn if t.text.startswith("Paused")]
    assert banner.text == "Paused: Ann's Shield Bash lands first" and banner.background == R.WARN
    texts = [t.text for t in drawn]
    assert any(t.startswith("Cat's Guard 2 -> Bob: Attack") for t in texts), "an attack by a Guard"
    assert any(t.startswith("Ann -> Cat's Guard 1: Shield Bash, 1 hit and 1 unblockable") for t in texts)


def test_the_description_tells_heat_statuses_guards_cards_and_the_pause():
    view, _ = states()["advanced, 6 players"]
    hidden = view["seats"][2]["statuses"][0]["until"]
    text = RW.describe(view, ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"], hidden - 12)
    assert "Hidden, 0:12 left" in text and "UTC" not in text  # time left: players live in every time zone
    assert "Heat 2" in text and "Netted, " in text
    assert "Guards 1 at G7 facing E, 2 at F8 facing SE; 5 Guard tokens left" in text  # [2, 2] and [1, 3]
    three = copy.deepcopy(view)
    three["seats"] = three["seats"][:3]
    assert "cards: Leap ready; Shield Bash 1/2, Thunderstomp 2/3 unready" in RW.describe(three, ["Ann", "Bob", "Cat"])
    paused = RW.describe(states()["advanced, a card pauses"][0], ["Ann", "Bob", "Cat"], NOW)
    assert "Paused: Ann's Shield Bash lands first. Bob: answer or take Attack from Cat's Guard 2." in paused
    assert "Ann -> Cat's Guard 1: Shield Bash" in paused


def test_turn_based_statuses_last_until_or_through_the_next_turn():
    view, _ = states()["advanced turn-based, statuses"]
    text = RW.describe(view, ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    assert "Hidden until its next turn" in text and "Netted through its next turn" in text
    assert RW.status_words(view["seats"][2]["statuses"][0], None) == "Hidden until its next turn"


def test_a_core_board_has_no_second_lines():
    view, _ = states()["fight, 6 players"]
    assert not RW.is_advanced(view)
    texts = " ".join(t.text for t in drawn_texts(view))
    assert "Leap" not in texts and "Heat" not in texts and "Guards" not in texts
    assert R.draw_board(view).height == R._height(6)


def test_a_crowded_advanced_board_still_reads_and_stays_small():
    """Everything at once: the crowded board under the advanced rules, Banksia Hidden and two
    figures and a Guard Netted (one Riparian's nets last 15 s), Heat 3, Echo's four Guards out,
    two Guards attacking and attacked, and a pause."""
    view = crowded()
    six = states()["advanced, 6 players"][0]
    netted = {"key": "netted", "name": "Netted", "until": NOW + 9, "ends": None}
    for seat, advanced_seat in zip(view["seats"], six["seats"], strict=True):
        seat.update({k: copy.deepcopy(v) for k, v in advanced_seat.items() if k not in seat})
        seat["heat"] = 3 if RW.holds_heat(seat) else 0
        seat["statuses"] = seat["statuses"] or ([netted] if seat["seat"] in (0, 5) else [])
    echo = view["seats"][5]
    echo["guards"] = [{"guard": g, "hex": h, "facing": g, "front": [], "statuses": [netted] if g == 0 else []}
                      for g, h in enumerate(([2, -1], [1, 1], [-1, 2], [-2, 1]))]
    view["pending"] += [{"attacker": 5, "defender": 0, "action": "Attack", "hits": 1, "unblockable": 0, "arc": "rear",
                         "rolled": None, "deadline": None, "guard": None, "by": 1, "card": None},
                        {"attacker": 0, "defender": 5, "action": "Thunderstomp", "hits": 2, "unblockable": 0,
                         "arc": "front", "rolled": None, "deadline": None, "guard": 2, "by": None, "card": "Thunderstomp"}]
    view["paused"] = {"seat": 0, "card": "Thunderstomp"}
    with recording_text(R, RM) as log:
        image = render(view, False)
    assert log.problems(image_width(image.png)) == []
    assert len(image.png) <= MAX_PNG, len(image.png)
    assert len(image.description) <= MAX_DESCRIPTION


def test_an_advanced_alliance_shows_its_team_cup_on_each_players_row():
    """Second lines run between the rows, so no cup box spans a team's rows: each row says the cup."""
    view = copy.deepcopy(states()[FOREST][0])
    view["teams"][0]["cup"], view["teams"][1]["cup"] = 7, 3
    texts = [t.text for t in drawn_texts(view, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])]
    assert texts.count("7") == 3 and texts.count("3") >= 3


# ----------------------------------------------------------------- the modes' pieces
def test_the_mode_states_are_what_they_claim():
    s = states()
    ceremony = s[CEREMONY][0]["game_mode"]
    assert ceremony["catches"] == [1, 0, 0, 0] and [n["owner"] for n in ceremony["nymphlets"]] == [0, 2, 3]
    assert s[DOMINATION][0]["game_mode"]["flower"] == "blue" and s[DOMINATION][0]["seats"][1]["hex"] == [-2, 4]
    for kind in (HILL, FOREST_HILL):
        hill = s[kind][0]["game_mode"]
        assert hill["climbing"] and hill["card"]["dice"] == [None, 2, None]
    assert s[FOREST_HILL][0]["currents"][1]["dice"][0] == 1


def colour_at(image, xy) -> tuple[int, int, int]:
    return image.getpixel((round(xy[0]), round(xy[1])))


def test_nymphlets_are_stars_in_their_owners_colour_on_their_hexes():
    view, _ = states()[CEREMONY]
    image = R.draw_board(view)
    for nymphlet in view["game_mode"]["nymphlets"]:
        colour = R.AREA_COLOURS[view["seats"][nymphlet["owner"]]["colour"]]
        x, y = R.centre(nymphlet["hex"])
        assert colour_at(image, (x, y)) == colour
        assert colour_at(image, (x, y - 7)) == colour, "an arm upwards"
        assert colour_at(image, (x + RM.STAR * 0.8, y)) != colour, "a star, not a disc"


def test_the_legend_shows_a_star_for_each_nymphlet_a_player_has_left_and_the_rounds_vp():
    view, _ = states()[CEREMONY]
    image = R.draw_board(view)
    for seat in view["seats"]:
        at = (R.TAGS_RIGHT - RM.ROW_STAR - 1, R._row_top(seat["seat"]) + R.ROW / 2 - 1)
        has = any(n["owner"] == seat["seat"] for n in view["game_mode"]["nymphlets"])
        assert (colour_at(image, at) == R.AREA_COLOURS[seat["colour"]]) == has, seat["seat"]
    texts = [t.text for t in drawn_texts(view, ["Ann", "Bob", "Cy", "Di"])]
    assert "VP" in texts and "Cup" not in texts and "2" in texts


def side_middle(frame, h, direction):
    first, second = (frame.corners(h)[i] for i in RM.SIDE_CORNERS[direction])
    return ((first[0] + second[0]) / 2, (first[1] + second[1]) / 2)


def test_the_flowers_area_is_outlined_in_its_colour_with_a_flower_on_each_hex():
    view, _ = states()[DOMINATION]
    image = R.draw_board(view)
    blue = R.AREA_COLOURS["blue"]
    assert colour_at(image, side_middle(R.FRAME, [-2, 4], SE)) == blue, "the area's outer side"
    assert colour_at(image, side_middle(R.FRAME, [-2, 4], E)) != blue, "not between two of its hexes"
    for free in ([-1, 4], [-3, 4]):  # a white heart in petals of the flower's colour
        x, y = R.centre(free)
        assert colour_at(image, (x, y)) == palette.WHITE and colour_at(image, (x, y - RM.FLOWER + 4)) == blue
    texts = [t.text for t in drawn_texts(view)]
    assert "Flower" in texts and "5 left" in texts


@pytest.mark.parametrize("kind", [HILL, FOREST_HILL])
def test_the_hill_is_outlined_and_its_card_shows_the_dice_on_it_and_climbing(kind):
    view, _ = states()[kind]
    image = R.draw_board(view)
    hill = view["game_mode"]["hill"]
    outer = next((h, d) for h in hill for d in range(6) if neighbour(h, d) not in hill
                 and neighbour(h, d) in view["board"]["hexes"])
    assert colour_at(image, side_middle(R.FRAME, *outer)) == RM.HILL_EDGE
    fixed = RM.fixed_parts(view)
    for i, owner in enumerate(view["game_mode"]["card"]["dice"]):
        left, top, _, _ = RM.card_slot(R.FRAME, fixed, i)
        colour = R.AREA_COLOURS[view["seats"][owner]["colour"]] if owner is not None else palette.PANEL
        assert colour_at(image, (left + 3, top + 3)) == colour
    climbing = next(t for t in drawn_texts(view) if t.text == "Climbing!")
    assert climbing.background == palette.PANEL


@pytest.mark.parametrize("kind", [DOMINATION, HILL, FOREST_HILL])
def test_the_modes_box_lies_clear_of_the_hexes_and_the_tracks(kind):
    view, _ = states()[kind]
    fixed = RM.fixed_parts(view)
    left, top = RM.card_at(R.FRAME, fixed)
    right, bottom = left + RM.CARD_W, top + RM.CARD_H
    inside = [h for h in view["board"]["hexes"] for x, y in R.FRAME.corners(h)
              if left < x < right and top < y < bottom]
    assert inside == []
    for name, corner, *_ in fixed.tracks:
        x, y = RM.track_at(R.FRAME, corner)
        assert x >= right or y >= bottom or x + RM.TRACK_W <= left or y + RM.TRACK_H <= top, name


def test_the_description_says_where_each_nymphlet_is_the_flowers_area_and_the_hill_card():
    names = ["Ann", "Bob", "Cy", "Di"]
    ceremony = RW.describe(states()[CEREMONY][0], names, NOW)
    assert "Nymphlets (stars): Ann's at F2, Cy's at A6, Di's at A4; caught: Ann 1." in ceremony  # [4, -3] [-4, 1] [-3, -1]
    domination = RW.describe(states()[DOMINATION][0], names, NOW)
    assert "Flower: blue, its area B9, C9, D9 outlined, 5 flower cards left in the deck." in domination  # [-3..-1, 4]
    hill = RW.describe(states()[HILL][0], names, NOW)
    assert "The hill (outlined in white): the high ground. Hill card: M empty, R Cy, S empty; Climbing the Hill!" in hill
    assert "Hold the hill: Climbing the Hill! Fight!" in hill
    forest = RW.describe(states()[FOREST_HILL][0], names, NOW)
    assert "The hill (outlined in white): the stream's open hexes." in forest


def test_a_catch_waiting_rings_the_nymphlet_and_asks_its_owner_to_answer():
    """A catch waits for the owner's Dart: the arrow and the red ring go to the Nymphlet (by its
    place in the mode's list), not to its owner's figure."""
    view = copy.deepcopy(states()[CEREMONY][0])
    cy = view["game_mode"]["nymphlets"][1]
    assert cy["owner"] == 2
    view["pending"] = [{"attacker": 3, "defender": 2, "action": "Attack", "hits": 1, "unblockable": 0, "arc": "front",
                        "rolled": None, "deadline": NOW + 4, "guard": None, "by": None, "card": None, "nymphlet": 1}]
    text = RW.describe(view, ["Ann", "Bob", "Cy", "Di"], NOW)
    assert "Cy: Dart or take Attack from Di on your Nymphlet." in text
    assert "Di -> Cy's Nymphlet: Attack, 1 hit from the front; Cy to answer" in text
    image = R.draw_board(view, now=NOW)
    x, y = R.centre(cy["hex"])
    assert colour_at(image, (x, y - R.DISC - 2)) == R.ATTACK
    x, y = R.centre(view["seats"][2]["hex"])
    assert colour_at(image, (x, y - R.DISC - 2)) != R.ATTACK, "the owner's figure is not the target"
