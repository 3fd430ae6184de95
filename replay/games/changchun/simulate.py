"""Changchun self-play: whole sittings played by bots, written as ``changchun-hand/1`` records.

Deterministic like the other simulators: everything random comes from the master seed (the
sittings are planned up front, ``replay.sittings``; each sitting has its own generator), so the
same seed gives byte-identical records for any number of workers (``replay.pool``). The next
hand's dealer is the board's own CC-1.3 answer.

The driver asks the bot whose decision it is for ranked choices and pushes the first one a clone
of the board accepts, so the board stays the only copy of the rules. Its order follows the
table: after a discard the discarder may 报听 (CC-4.2); then every seat that can and wants to
win declares (the board settles the first in turn order alone, 截胡 CC-2.3); then one claim
(peng and ming-gang before chi; 抢碰 on a 补杠, CC-2.4); else the next seat starts its turn: 荒庄
at the reserve (CC-1.5), a 报听 seat looks at the 宝 or must roll it (CC-4.4, CC-4.7) and may win
on it (对宝), then draws. Draws carry their tile and rolls their die, position and tile, as apps
record them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from datetime import datetime, timedelta, timezone
from functools import partial
from typing import Any

from replay.errors import InputError
from replay.games.changchun.board import Board, IllegalEvent
from replay.games.changchun.bots import STYLES, Bot
from replay.games.changchun.params import rules_from_json
from replay.pool import ordered_map
from replay.sittings import Sitting, plan_sittings, seats_json
from replay.sittings import players as pool_of
from replay.table.seats import next_seat
from replay.tiles import CODES

NAMES = ("老王", "大庆", "二丫", "春姐", "铁柱", "小赵", "孙姨", "Alex", "刘师傅", "胖子", "董老师")
STYLE_CYCLE = ("careful", "opener", "piao_chaser", "jia_chaser", "late_ting")
CHINA = timezone(timedelta(hours=8))
START = datetime(2027, 2, 2, 18, 30, tzinfo=CHINA)
#: §9's result fields, as an app records its settlement
RESULT = ("winner", "discarder", "way", "hands", "fan", "win_deltas", "gang_deltas", "deltas")


def players(count: int) -> list[dict[str, str]]:
    """The pool: ids ``cc01``…, display names and a style per player."""
    return pool_of(count, "cc", NAMES, STYLE_CYCLE)


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


class Driver:
    """One hand: the board, the seats' bots and the events as they are pushed."""

    def __init__(self, board: Board, bots: list[Bot], rng: random.Random) -> None:
        self.board = board
        self.bots = bots
        self.rng = rng
        self.events: list[dict[str, Any]] = []

    def push(self, event: dict[str, Any]) -> None:
        self.board.push(event)
        self.events.append(event)

    def draw(self, seat: int) -> None:
        """A draw as apps log it: with the tile the wall gave (front, or the back skipping the 宝)."""
        event: dict[str, Any] = {"type": "draw", "seat": seat}
        self.board.push(event)
        tile = self.board.drawn
        assert tile is not None
        event["tile"] = CODES[tile]
        self.events.append(event)

    # ------------------------------------------------------------------ the 宝
    def roll(self, seat: int) -> None:
        """A roll of the 宝 (CC-4.4, CC-4.7): the die's position counted from the back (the old
        宝 back in the wall). After six dead faces the lower-layer swap: an index alone."""
        board = self.board
        wall = board.wall
        assert wall is not None
        w = board.wallx.copy()
        w.bao_index = None
        faces = list(range(1, 7))
        self.rng.shuffle(faces)
        for die in faces:
            index = w.bao_target(die, board.rules)
            if index is None or board.visible[wall[index]] >= 3:
                continue
            self.push({"type": "bao", "seat": seat, "die": die, "index": index, "tile": CODES[wall[index]]})
            return
        for index in range(len(wall) - 1, -1, -1):
            if not w.gone[index] and board.visible[wall[index]] < 3:
                self.push({"type": "bao", "seat": seat, "index": index, "tile": CODES[wall[index]]})
                return
        raise AssertionError("no live 宝 position left")  # pragma: no cover - the reserve keeps 14

    def turn_start(self, seat: int) -> None:
        """The seat's turn begins: 荒庄 at the reserve, else a 报听 seat's look (or forced roll)
        and its 对宝, then the live draw."""
        board = self.board
        if board.at_reserve():
            self.push({"type": "huangzhuang"})
            return
        st = board.seats[seat]
        bot = self.bots[seat]
        if st.ting:
            looked = False
            if board.bao is not None and board.bao_dead is not None:
                self.roll(seat)  # CC-4.7: a dead 宝 must be rolled again (a leaker's too)
                looked = True
            elif st.leaked:
                pass
            elif board.bao is None and bot.looks():
                self.roll(seat)
                looked = True
            elif (
                board.bao_alive()
                and bot.looks()
                and (st.looked != board.bao_serial or board.bao in board.waits_of(seat))
            ):
                self.push({"type": "kanbao", "seat": seat})
                looked = True
            hu = {"type": "hu", "seat": seat}
            if looked and try_push(board, hu) is not None and bot.wants_win(board):
                self.push(hu)  # 对宝 (CC-4.5)
                return
        self.draw(seat)

    # ------------------------------------------------------------------ decisions
    def act(self) -> None:
        board = self.board
        s = board.actor
        hu = {"type": "hu", "seat": s}
        can_win = try_push(board, hu) is not None
        choices = self.bots[s].act(board, s, can_win)
        event = _first_legal(board, choices)
        assert event is not None, "a bot's list always holds a legal discard"
        self.push(event)
        if event["type"] == "discard" and not board.seats[s].ting:
            ting = {"type": "ting", "seat": s}
            if try_push(board, ting) is not None and self.bots[s].declares_ting():
                self.push(ting)
        if (
            event["type"] == "discard"
            and board.bao_known(s) is not None
            and board.bao_alive()
            and self.bots[s].leaks()
        ):
            self.push({"type": "bao_leak", "seat": s})  # 泄宝 (CC-4.8): it loses its wins

    def window(self) -> None:
        """A tile others may take: wins first (every seat that wants one), then one claim."""
        board = self.board
        claim = board.claim
        assert claim is not None
        code = CODES[claim.tile]
        wins = []
        for s in board.seats_after(claim.seat):
            event = {"type": "hu", "seat": s, "tile": code}
            if try_push(board, event) is not None and self.bots[s].wants_win(board):
                wins.append(event)
        if wins:
            for event in wins:
                self.push(event)
            return
        wanted: list[dict[str, Any]] = []
        for s in board.seats_after(claim.seat):
            wanted += self.bots[s].claims(board, s, claim.tile)
        wanted.sort(key=lambda e: e["type"] == "chi")  # peng and ming-gang before chi (CC-2.2)
        claimed = _first_legal(board, wanted)
        if claimed is not None:
            self.push(claimed)
            return
        if claim.rob:
            assert board.pending is not None
            self.draw(board.pending[0])  # the xu-gang or 补杠 stands: its replacement draw
        else:
            self.turn_start(next_seat(claim.seat))

    def play(self) -> None:
        board = self.board
        while not board.ended:
            phase = board.phase
            if phase == "act":
                self.act()
            elif phase == "claim":
                assert board.claim is not None
                if board.claim.hus:
                    break
                self.window()
            elif phase == "draw":
                self.turn_start(board.actor)
            elif phase == "replace":
                self.draw(board.actor)
            else:  # pragma: no cover - every phase is handled above
                raise AssertionError(f"no move for phase {phase}")
        board.finish()


def play_hand(
    rng: random.Random, ruleset: Mapping[str, Any], dealer: int, styles: list[str]
) -> tuple[list[str], list[dict[str, Any]], Board]:
    wall = [CODES[k] for k in range(34) for _ in range(4)]
    rng.shuffle(wall)
    board = Board.from_record({"ruleset": ruleset, "dealer": dealer, "wall": wall})
    driver = Driver(board, [Bot(STYLES[s], rng) for s in styles], rng)
    driver.play()
    return wall, driver.events, board


def play_session(preset: str, overrides: tuple[tuple[str, Any], ...], plan: Sitting) -> list[dict[str, Any]]:
    """One sitting: hands in order, each dealt by the previous hand's next dealer (CC-1.3)."""
    rng = random.Random(f"changchun:{plan.seed}:{plan.number}")
    styles = [p["style"] for p in plan.seated]
    ruleset = {"preset": preset, "overrides": dict(overrides)}
    dealer = plan.dealer
    when = plan.start
    records = []
    for i in range(plan.hands):
        wall, events, board = play_hand(rng, ruleset, dealer, styles)
        when += timedelta(minutes=rng.randint(3, 10), seconds=rng.randrange(60))
        computed = board.result()
        records.append(
            {
                "format": "changchun-hand/1",
                "hand_id": f"ccsim{plan.seed}-{plan.first_hand + i:06d}",
                "source": "simulator",
                "played_at": when.isoformat(),
                "session": {"id": f"ccsim{plan.seed}-s{plan.number:04d}", "hand_no": i + 1},
                "ruleset": {"preset": preset, "overrides": dict(overrides)},
                "seats": seats_json(plan),
                "dealer": dealer,
                "wall": wall,
                "events": events,
                "result": {k: computed[k] for k in RESULT},
            }
        )
        dealer = board.next_dealer()
    return records


def simulate(
    hands: int,
    seed: int,
    preset: str = "changchun",
    overrides: Mapping[str, Any] | None = None,
    pool: int = 8,
    workers: int = 1,
) -> Iterator[dict[str, Any]]:
    """``hands`` complete records in sittings of 4–12 hands; the same for any ``workers``.

    Raises InputError for an unknown preset or a bad override (checked before any hand is played).
    """
    overrides = dict(overrides or {})
    rules_from_json({"preset": preset, "overrides": overrides})
    plans = plan_sittings(hands, seed, random.Random(f"changchun:{seed}"), players(pool), START)
    play = partial(play_session, preset, tuple(sorted(overrides.items())))
    for records in ordered_map(play, plans, workers):
        yield from records
