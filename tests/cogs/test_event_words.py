"""What happened reads in the table's language: the engine's events are ids with values (engine/errors.py),
a table's news keeps them through the database, and German and French tables read them in their words,
the players' mentions put in after translating; English reads exactly as the engine wrote it, and news
stored before events had ids (plain strings) still reads."""
from __future__ import annotations

import json

import pytest

from cogs import markup
from cogs.language import ptext, said_text
from engine import registry
from engine.errors import Either, Said, counted
from host.session import read, stored
from host.table import Table
from tests.cogs.discord_helpers import message_in, server
from tests.kit.dragon_play import cells_of, reveal
from tests.kit.english_words import NB

GUILD, CHANNEL = 10, 20
ANN, BOB = 1, 2


async def played(table: Table, game: str, language: str, *, players: int = 2):
    """A table of `game` in `language` where, once started, Bob leaves (Ann resigns a solo game): the
    events of a leaving and of the game's end, real and the same at every seed."""
    registry.load()
    change = await table.open(game, GUILD, CHANNEL, ANN, language=language)
    sid = change.session.id
    if players > 1:
        await table.join(sid, BOB)
        await table.start(sid, ANN)
    return await table.leave(sid, BOB if players > 1 else ANN)


ENDINGS = {  # game -> (players, English news after the start, German, French); {0} is Ann, {1} Bob
    "dragon": (2, ["{1} leaves the game.",
                   "Too few players are left: the game is over. {0} wins with 0 cards."],
               ["{1} verlässt die Partie.",
                "Es sind zu wenige Spieler übrig: Die Partie ist vorbei. {0} gewinnt mit 0 Karten."],
               ["{1} quitte la partie.",
                f"Il reste trop peu de joueurs{NB}: la partie est terminée. {{0}} gagne avec 0 carte."]),
    "bugs": (2, ["{1} leaves the game and will score nothing.",
                 "Too few players are left. The game is over. {0} wins with 0 points.\n"
                 "{0}: 0 sets, 0 other tiles: 0 points\n{1}: 0 sets, 0 other tiles: 0 points (left: scores 0)"],
             ["{1} verlässt die Partie und bekommt keine Punkte.",
              "Es sind zu wenige Spieler übrig. Die Partie ist vorbei. {0} gewinnt mit 0 Punkten.\n"
              "{0}: 0 Sets, 0 andere Plättchen: 0 Punkte\n"
              "{1}: 0 Sets, 0 andere Plättchen: 0 Punkte (hat die Partie verlassen: 0 Punkte)"],
             ["{1} quitte la partie et ne marquera rien.",
              f"Il reste trop peu de joueurs. La partie est terminée. {{0}} gagne avec 0 point.\n"
              f"{{0}}{NB}: 0 série, 0 autre tuile{NB}: 0 point\n"
              f"{{1}}{NB}: 0 série, 0 autre tuile{NB}: 0 point (a quitté la partie{NB}: 0 point)"]),
    "ghosts": (2, ["{1} leaves the game.", "Too few players remain. {0} wins."],
               ["{1} verlässt die Partie.", "Es bleiben zu wenige Spieler. {0} gewinnt."],
               ["{1} quitte la partie.", "Il reste trop peu de joueurs. {0} gagne."]),
    "tiger": (1, ["You resign: the monsters keep the Eye of the Tiger.",
                  "Game over (resigned). Defeated 0 points against 0 in the monster discard pile. You lose.",
                  "Resigned (0 to 0)"],
              ["Du gibst auf: Die Monster behalten das Auge des Tigers.",
               "Spielende (aufgegeben). Besiegt: 0 Punkte, gegen 0 im Monster-Ablagestapel. Du verlierst.",
               "Aufgegeben (0 zu 0)"],
              [f"Tu abandonnes{NB}: les monstres gardent l’Œil du Tigre.",
               f"Fin de la partie (abandon). Vaincus{NB}: 0 point, contre 0 dans la défausse des monstres. Tu perds.",
               "Abandon (0 à 0)"]),
}


def read_by(session, lines: list[str]) -> str:
    """The news a table shows after its opening lines, `lines` with the players' mentions put in."""
    return "\n".join(markup.mentioning(line, session.seats) for line in lines)


@pytest.mark.parametrize("game", sorted(ENDINGS))
@pytest.mark.parametrize("language", ["en", "de", "fr"])
async def test_a_games_events_read_in_the_tables_language(table: Table, game, language):
    players, english, german, french = ENDINGS[game]
    change = await played(table, game, language, players=players)
    expected = {"en": english, "de": german, "fr": french}[language]
    assert markup.news(change.session).endswith(read_by(change.session, expected))


async def test_english_reads_exactly_as_the_engine_wrote_it(table: Table):
    registry.load()
    change = await played(table, "dragon", "en")
    lines = change.session.news_lines()
    assert [said.template for said in lines[-2:]] == ["{who} leaves the game.",
                                                        "Too few players are left: the game is over. {summary}"]
    assert markup.news(change.session) == "\n".join(markup.mentioning(str(line), change.session.seats)
                                                    for line in lines)


async def test_an_arena_event_reads_in_german_and_french(table: Table):
    """Eye for an Eye: a figure taking its place (its match log stays English for now; its news and the
    panels' notes read in the table's language)."""
    change = await table.open("arena", GUILD, CHANNEL, ANN, language="de")
    sid = change.session.id
    await table.join(sid, BOB)
    started = await table.start(sid, ANN)
    game = registry.get("arena")
    place = next(a for a in game.legal_actions(started.session.state, 0) if a["type"] == "place")
    change = await table.act(sid, ANN, place)
    (event,) = [e for e in change.events if e.text.template == "{who} stands at {hex}, facing {facing}."]
    who, where, facing = (markup.mentioning(str(event.text.values[k]), change.session.seats)
                          for k in ("who", "hex", "facing"))
    assert markup.news(change.session).endswith(f"{who} steht auf {where}, Blick nach {facing}.")
    assert markup.mentioning(said_text("fr", event.text), change.session.seats) == (
        f"{who} se place en {where} et regarde vers {facing}.")
    assert markup.said(change.session, event.text) == f"{who} steht auf {where}, Blick nach {facing}."


async def test_a_news_line_keeps_its_words_id_through_the_database(table: Table, store, clock):
    change = await played(table, "dragon", "de")
    row = await store.fetchone("SELECT news FROM sessions WHERE id = ?", (change.session.id,))
    kept = json.loads(row["news"])
    assert {"said": "{who} leaves the game.", "values": {"who": "{1}"}} in kept, "stored as its id and values"
    restarted = Table(store, clock=clock)  # a new process reads the row
    session = await restarted.get(change.session.id)
    assert markup.news(session) == markup.news(change.session)
    assert markup.news(session).endswith(f"<@{ANN}> gewinnt mit 0 Karten.")


async def test_a_games_summary_keeps_its_words_id_through_the_database(table: Table, store, clock):
    """The end's summary (shown on the ended board, in /game history and the end message) reads in the
    table's language after a restart, as the news does; a summary stored as plain text still reads as it is."""
    change = await played(table, "dragon", "de")
    assert markup.summary(change.session).endswith(f"<@{ANN}> gewinnt mit 0 Karten.")
    restarted = Table(store, clock=clock)
    assert markup.summary(await restarted.get(change.session.id)) == markup.summary(change.session)
    await store.write(lambda tx: tx.execute("UPDATE sessions SET summary = ? WHERE id = ?",
                                            ("An older summary.", change.session.id)))
    assert markup.summary(await Table(store, clock=clock).get(change.session.id)) == "An older summary."


async def test_news_stored_before_events_had_ids_still_reads(table: Table, store, clock):
    """An old row's news is a list of finished English strings: it reads as it was, in any language."""
    change = await played(table, "dragon", "de")
    sid = change.session.id
    old = ["Treasure of the Dragons begins.", "{1} turned over a spider at C3: the turn ends.", "{@2} left."]
    await store.write(lambda conn: conn.execute("UPDATE sessions SET news = ? WHERE id = ?", (json.dumps(old), sid)))
    session = await Table(store, clock=clock).get(sid)
    assert session.news == old and session.news_lines() == old
    assert markup.news(session) == (f"Treasure of the Dragons begins.\n<@{BOB}> turned over a spider at C3: the turn "
                                    f"ends.\n<@{BOB}> left.")
    session.add_news([Said("{who} is back.", who="{0}")])
    assert markup.news(session).splitlines()[-1] == f"<@{ANN}> ist zurück."


async def test_a_private_event_reads_in_its_readers_locale_at_an_english_table(table: Table):
    """A table's news is in its language; what the engine tells one player alone is in theirs."""
    change = await played(table, "dragon", "en")
    put_back = Said("You put the tile back face down on place {place}.", place=3)
    assert markup.said(change.session, put_back) == "You put the tile back face down on place 3."
    assert markup.said(change.session, put_back, "de") == "Du legst das Plättchen verdeckt zurück auf Platz 3."


def test_a_stored_line_is_the_same_words_again():
    """Values that are words in turn (a Said, a counted Said, an Either) survive JSON, and so does the English."""
    said = Said("{who} stops and collects {cards}.", who="{2}",
                cards=Said("{list}, {item}", list=counted("{n} ball", "{n} balls", 2), item=counted("{n} ring",
                                                                                                 "{n} rings", 1)))
    nested = Said("{what}: {targets}.", what=said, targets=Either(["A1", "B2"]))
    again = read(json.loads(json.dumps(stored(nested))))
    assert again == nested == "{2} stops and collects 2 balls, 1 ring.: A1 or B2."
    assert said_text("de", again) == said_text("de", nested) == "{2} hört auf und sammelt ein: 2 Bälle, 1 Ring.: A1 oder B2."
    assert stored("A plain line.") == "A plain line." and read("A plain line.") == "A plain line."


@pytest.mark.usefixtures("server_locales")
async def test_a_german_server_reads_the_dragon_boards_news_in_german(simcord_env, simcord_bot):
    """Through Discord: a German server's table, a turn that ends on a spider, the board's news in German."""
    channel, users = server(simcord_env, "de")
    await users["ann"].slash(channel, "play", game="dragon")
    lobby = channel.last_message
    await users["bob"].click(lobby, label=ptext("de", "button", "Join"))
    await users["ann"].click(message_in(channel, lobby.id), label=ptext("de", "button", "Start"))
    session = await simcord_bot.table.active_in(channel.id)
    player = users["ann"] if session.state["flow"]["seats"][0] == 0 else users["bob"]
    await reveal(player, channel, lobby.id, cells_of(session.state, "spider")[0])
    news = message_in(channel, lobby.id).embeds[0].description
    assert f"<@{player.id}> hat auf" in news and "eine Spinne aufgedeckt: Der Zug endet ohne Ausbeute" in news, news
    assert "turned over" not in news
