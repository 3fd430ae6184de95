"""二人麻将 self-play: whole sittings of two players, written as ``erren-hand/1`` records.

Deterministic like the other simulators: everything random comes from the master seed (the
sittings are planned up front by ``replay.sittings`` with ``seats=2``; each sitting has its own
generator), so the same seed gives byte-identical records for any number of workers
(``replay.pool``). The next hand's dealer is the board's own ER-1.3 answer.

The driver asks the bot whose decision it is for ranked choices and pushes the first one a clone
of the board accepts, so the board stays the only copy of the rules. Flowers are exposed as the
board asks (补花 after the deal, dealer first, and on every draw, ER-2.2); a draw carries its
tile as apps log it; a discard (or a xu-gang's tile, 抢杠 ER-3.3) is offered to the one other
seat: a win, else a claim, else the next draw or, with the wall empty, 荒庄 (ER-2.3).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from datetime import datetime, timedelta, timezone
from functools import partial
from typing import Any

from replay.errors import InputError
from replay.games.erren import tiles as T
from replay.games.erren.board import Board, IllegalEvent
from replay.games.erren.bots import STYLES, Bot
from replay.games.erren.params import rules_from_json
from replay.pool import ordered_map
from replay.sittings import Sitting, plan_sittings, seats_json
from replay.sittings import players as pool_of
from replay.table.wall import BACK, FRONT

NAMES = ("阿强", "小芳", "老王", "Lily", "陈姐", "大熊", "小林", "周师傅", "Max", "胖虎", "婷婷")
STYLE_CYCLE = ("balanced", "careful", "fan_chaser", "ting_lover", "gambler")
CHINA = timezone(timedelta(hours=8))
START = datetime(2027, 3, 5, 21, 0, tzinfo=CHINA)
#: §9's result fields: what an app records (the receipt and the reading are the engine's)
RESULT_FIELDS = ("winner", "self_draw", "fans", "total", "qualifying", "deltas")


def players(count: int) -> list[dict[str, str]]:
    """The pool: ids ``er01``…, display names and a style per player."""
    return pool_of(count, "er", NAMES, STYLE_CYCLE)


def try_push(board: Board, event: Mapping[str, Any]) -> Board | None:
    """The board after ``event`` on a clone, or None when the rules refuse it."""
    trial = board.clone()
    try:
        trial.push(event)
    except (IllegalEvent, InputError):
        return None
    return trial


def _first_legal(board: Board, choices: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((c for c in choices if try_push(board, c) is not None), None)


def _win_total(board: Board, event: dict[str, Any]) -> int | None:
    """T of the win ``event`` would be, or None when the board refuses it (no shape, 起胡)."""
    trial = try_push(board, event)
    if trial is None or trial.win is None:
        return None
    return trial.win.score.total


class Driver:
    """One hand: the board, the two seats' bots and the events as they are pushed."""

    def __init__(self, board: Board, bots: list[Bot]) -> None:
        self.board = board
        self.bots = bots
        self.events: list[dict[str, Any]] = []

    def push(self, event: dict[str, Any]) -> None:
        self.board.push(event)
        self.events.append(event)

    def draw(self, seat: int) -> None:
        """A draw as apps log it: with the tile the wall gave (front, or the back's replacement)."""
        board = self.board
        back = board.phase == "replace" or (board.claim is not None and board.claim.rob)
        tile = board.peek(BACK if back else FRONT)
        assert tile is not None
        self.push({"type": "draw", "seat": seat, "tile": T.code(tile)})

    def buhua(self, seat: int) -> None:
        self.push({"type": "buhua", "seat": seat, "tile": T.code(self.board.seats[seat].held_flowers[0])})

    def act(self) -> None:
        board = self.board
        s = board.actor
        if board.seats[s].held_flowers:
            self.buhua(s)
            return
        total = _win_total(board, {"type": "hu", "seat": s})
        event = _first_legal(board, self.bots[s].act(board, s, total))
        assert event is not None, "a bot's list always holds a legal discard"
        self.push(event)

    def window(self) -> None:
        """The one other seat may win, (天听 first,) or claim; else the next draw or 荒庄."""
        board = self.board
        claim = board.claim
        assert claim is not None
        o = board.other(claim.seat)
        bot = self.bots[o]
        st = board.seats[o]
        if (
            not claim.rob
            and o != board.dealer
            and st.front_draws == 0
            and not st.ting
            and not st.exposed
            and bot.tianting(board, o)
            and try_push(board, {"type": "ting", "seat": o}) is not None
        ):
            self.push({"type": "ting", "seat": o})
        hu = {"type": "hu", "seat": o, "tile": T.code(claim.tile)}
        total = _win_total(board, hu)
        if total is not None and bot.wants_win(board, total):
            self.push(hu)
            return
        if claim.rob:
            self.draw(claim.seat)  # the kong stands: its replacement from the back
            return
        claimed = _first_legal(board, bot.claims(board, o, claim.tile))
        if claimed is not None:
            self.push(claimed)
        elif board.live == 0:
            self.push({"type": "huangzhuang"})
        else:
            self.draw(o)

    def play(self) -> None:
        board = self.board
        while not board.ended:
            phase = board.phase
            if phase == "flowers":
                self.buhua(board.flower_seat)
            elif phase == "replace":
                self.draw(board.actor)
            elif phase == "act":
                self.act()
            elif phase == "claim":
                self.window()
            elif phase == "huang":
                self.push({"type": "huangzhuang"})
            else:  # pragma: no cover - every phase is handled above
                raise AssertionError(f"no move for phase {phase}")


def play_hand(
    rng: random.Random, ruleset: Mapping[str, Any], dealer: int, styles: list[str]
) -> tuple[list[str], list[dict[str, Any]], Board]:
    wall = [T.code(k) for k in T.full_set()]
    rng.shuffle(wall)
    board = Board.from_record({"ruleset": ruleset, "dealer": dealer, "wall": wall})
    driver = Driver(board, [Bot(STYLES[s], rng) for s in styles])
    driver.play()
    return wall, driver.events, board


def play_session(preset: str, overrides: tuple[tuple[str, Any], ...], plan: Sitting) -> list[dict[str, Any]]:
    """One sitting: hands in order, each dealt by the previous hand's next dealer (ER-1.3)."""
    rng = random.Random(f"erren:{plan.seed}:{plan.number}")
    styles = [p["style"] for p in plan.seated]
    ruleset = {"preset": preset, "overrides": dict(overrides)}
    dealer = plan.dealer
    when = plan.start
    records = []
    for i in range(plan.hands):
        wall, events, board = play_hand(rng, ruleset, dealer, styles)
        when += timedelta(minutes=rng.randint(2, 8), seconds=rng.randrange(60))
        computed = board.result()
        records.append(
            {
                "format": "erren-hand/1",
                "hand_id": f"ersim{plan.seed}-{plan.first_hand + i:06d}",
                "source": "simulator",
                "played_at": when.isoformat(),
                "session": {"id": f"ersim{plan.seed}-s{plan.number:04d}", "hand_no": i + 1},
                "ruleset": {"preset": preset, "overrides": dict(overrides)},
                "seats": seats_json(plan),
                "dealer": dealer,
                "wall": wall,
                "events": events,
                "result": {k: computed[k] for k in RESULT_FIELDS},
            }
        )
        dealer = board.next_dealer()
    return records


def simulate(
    hands: int,
    seed: int,
    preset: str = "erren",
    overrides: Mapping[str, Any] | None = None,
    pool: int = 8,
    workers: int = 1,
) -> Iterator[dict[str, Any]]:
    """``hands`` complete records in sittings of 4–12 hands of two players; the same for any
    ``workers``. Raises InputError for an unknown preset or a bad override (checked before any
    hand is played)."""
    overrides = dict(overrides or {})
    rules_from_json({"preset": preset, "overrides": overrides})
    people = players(pool)
    plans = plan_sittings(hands, seed, random.Random(f"erren:{seed}"), people, START, seats=2)
    play = partial(play_session, preset, tuple(sorted(overrides.items())))
    for records in ordered_map(play, plans, workers):
        yield from records
