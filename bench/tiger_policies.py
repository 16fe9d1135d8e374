"""Eye of the Tiger's players compared on the same deals: win rate, mean score and margin, time per move.

    .venv/bin/python -m bench.tiger_policies --games 2000 --seed 1 [--advanced] [--only hard]

A policy is `policy(game, state, rng) -> action`, choosing among `game.legal_actions(state, 0)`.
`random_policy` picks uniformly; `greedy_policy` fights whenever it can (taking the Eye when that
wins, preferring points and losing cheap cards), otherwise buys the strongest card it can afford,
and thins the weakest starter cards. Both baselines read the state; the computer player's levels
(engine/computers/tiger.py: easy, normal, hard) see only the player's view.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from engine import tiger  # noqa: F401  (registers the game)
from engine.computers.tiger import advise
from engine.greenbox import CARDS, DOTS, TILES
from engine.protocol import Game
from engine.registry import get
from engine.rng import Rng
from engine.tiger import card_light, points, preview_fight

Policy = Callable[[Game, dict[str, Any], Rng], dict[str, Any]]
MAX_ACTIONS = 5000


def random_policy(game: Game, state: dict[str, Any], rng: Rng) -> dict[str, Any]:
    return rng.choice(game.legal_actions(state, 0))


def _strength(card_id: int) -> float:
    return CARDS[card_id].value + 1.5 * card_light(card_id)


def greedy_policy(game: Game, state: dict[str, Any], rng: Rng) -> dict[str, Any]:
    actions = game.legal_actions(state, 0)
    if state["phase"] == "thin":
        owned = len(state["cards"]["draw"]) + len(state["cards"]["discard"]) + len(state["revealed"])
        weak = sorted((c for c in set(state["cards"]["discard"]) if CARDS[c].starter and CARDS[c].value == 1),
                      key=lambda c: (card_light(c), c))
        remove = weak[:max(0, min(2, owned - 12))]
        return {"type": "thin", "remove": sorted(remove)}
    mine, theirs = points(state["defeated"]), points(state["monster_discard"])

    def fight_score(action: dict[str, Any]) -> float:
        check = preview_fight(state, action["monster"], action["cards"], action.get("double"))
        dots = TILES[state["track"][action["monster"]]["tile"]].dots
        score = (1000.0 if mine + dots + 6 > theirs else -1000.0) if check["ends_game"] else 10.0 * dots
        return score + 2 * check["gold"] - 3 * sum(_strength(c) for c in check["lose"]) - 0.1 * len(action["cards"])
    fights = [(fight_score(a), a) for a in actions if a["type"] == "fight"]
    if fights:
        best_score, best = max(fights, key=lambda scored: scored[0])  # the first of the best
        if best_score > -100:
            return best
    buys = [a for a in actions if a["type"] == "buy" and a.get("bonus", True)]
    if buys:
        def value(a: dict[str, Any]) -> float:
            total = 0.0
            taken: dict[str, int] = {}
            for colour in [a["stack"]] + ([a["second"]] if a.get("second") else []):
                card_id = state["supply"][colour][taken.get(colour, 0)]
                taken[colour] = taken.get(colour, 0) + 1
                total += _strength(card_id) + DOTS[CARDS[card_id].symbol] * 0.1
            return total
        return max(buys, key=value)
    return {"type": "pass_buy"}


def computer(level: str) -> Policy:
    """The computer player at `level`, deciding from the player's view only."""
    def policy(game: Game, state: dict[str, Any], rng: Rng) -> dict[str, Any]:
        return advise(game.view(state, 0), level, rng).action
    return policy


def play_game(policy: Policy, seed: int, advanced: bool = False, chooser: Rng | None = None,
              times: list[float] | None = None) -> dict[str, Any]:
    game = get("tiger")
    state = game.setup(1, {"advanced": advanced}, seed, 0.0)
    rng = chooser or Rng(seed ^ 0xC0FFEE)
    for _ in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            break
        cpu = time.process_time()
        action = policy(game, state, rng)
        if times is not None:
            times.append(time.process_time() - cpu)
        state, _ = game.apply(state, 0, action, 0.0)
    outcome = game.outcome(state)
    assert outcome is not None, "game did not end"
    return {"won": outcome.won[0], "score": outcome.scores[0], "margin": outcome.margin, "reason": state["end_reason"]}


def win_rate(policy: Policy, games: int, seed: int, advanced: bool = False) -> float:
    """Share of `games` seeded games (seeds seed .. seed+games-1) the policy wins."""
    wins = sum(play_game(policy, seed + k, advanced)["won"] for k in range(games))
    return wins / games if games else 0.0


def _percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Eye of the Tiger players compared on the same deals")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--advanced", action="store_true")
    parser.add_argument("--only", nargs="*", help="players to run (random, greedy, easy, normal, hard)")
    args = parser.parse_args(argv)
    players: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy,
                                  "easy": computer("easy"), "normal": computer("normal"), "hard": computer("hard")}
    for name, policy in players.items():
        if args.only and name not in args.only:
            continue
        started, times = time.perf_counter(), list[float]()
        games = [play_game(policy, args.seed + k, args.advanced, times=times) for k in range(args.games)]
        elapsed = time.perf_counter() - started
        print(f"{name:>6}: win rate {statistics.mean(g['won'] for g in games):.1%}, "
              f"mean score {statistics.mean(g['score'] for g in games):.1f}, "
              f"mean margin {statistics.mean(g['margin'] for g in games):+.1f} over {args.games} games "
              f"({'advanced' if args.advanced else 'basic'}); per move p50 {_percentile(times, 0.5) * 1000:.2f} ms, "
              f"p99 {_percentile(times, 0.99) * 1000:.2f} ms CPU; {args.games / elapsed:.0f} games/s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
