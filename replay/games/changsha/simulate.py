"""Changsha self-play: whole sittings played by bots, written as ``changsha-hand/1`` records.

Deterministic like the other simulators: everything random comes from the master seed (the
sittings are planned up front, ``replay.sittings``; each sitting has its own generator), so the
same seed gives byte-identical records for any number of workers (``replay.pool``). The next
hand's dealer is the board's own CS-1.3 answer.

The driver asks the bot whose decision it is for ranked choices and pushes the first one a clone
of the board accepts, so the board stays the only copy of the rules. Opening hands are asked of
every seat from the dealer before the first move (CS-5.2); on a tile others may take, every seat
that may win is asked first (通炮: all that want it win), then a claim (peng/kong before chi);
draws carry their tile, the birds event its tiles, as apps record them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from datetime import datetime, timedelta, timezone
from functools import partial
from typing import Any

from replay.games.changsha.board import Board
from replay.games.changsha.bots import STYLES, Bot
from replay.games.changsha.params import rules_from_json
from replay.games.changsha.reading import opening_hands
from replay.pool import ordered_map
from replay.sittings import Sitting, plan_sittings, seats_json
from replay.sittings import players as pool_of
from replay.table.run import try_push
from replay.tiles import CODES

NAMES = ("满妹子", "老刘", "伢子", "湘姐", "彭师傅", "小谭", "周嫂", "Kevin", "曾爹", "阿毛", "胡老师")
STYLE_CYCLE = ("balanced", "careful", "qingyise_chaser", "jiangjiang_chaser", "gambler")
CHINA = timezone(timedelta(hours=8))
START = datetime(2027, 1, 8, 19, 30, tzinfo=CHINA)


def players(count: int) -> list[dict[str, str]]:
    """The pool: ids ``cs01``…, display names and a style per player."""
    return pool_of(count, "cs", NAMES, STYLE_CYCLE)


def _first_legal(board: Board, choices: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((c for c in choices if try_push(board, c) is not None), None)


def _win_size(board: Board, event: dict[str, Any], seat: int) -> bool | None:
    """None when ``event`` (a hu) is refused; else whether it would be a big win (大胡)."""
    trial = try_push(board, event)
    if trial is None:
        return None
    if trial.phase == "claim":
        return bool(seat in trial.hu_wins and trial.hu_wins[seat].big)
    return bool(trial.wins and trial.wins[-1].win.big)


class Driver:
    """One hand: the board, the seats' bots and the events as they are pushed."""

    def __init__(self, board: Board, bots: list[Bot]) -> None:
        self.board = board
        self.bots = bots
        self.events: list[dict[str, Any]] = []
        self.asked_qishou = False

    def push(self, event: dict[str, Any]) -> None:
        self.board.push(event)
        self.events.append(event)

    def draw(self, seat: int) -> None:
        """A draw as apps log it: with the tile the wall gave (front, 补张 back, dice pick)."""
        board = self.board
        event: dict[str, Any] = {"type": "draw", "seat": seat}
        board.push(event)
        tile = board.last_out  # the tile the draw just took, wherever it came from
        assert tile is not None
        event["tile"] = CODES[tile]
        self.events.append(event)

    def birds(self) -> None:
        self.push({"type": "birds", "tiles": [CODES[t] for t in self.board.expected_birds() or []]})

    # ------------------------------------------------------------------ decisions
    def opening(self) -> None:
        """起手胡 (CS-5): each seat from the dealer declares what it holds, if its bot wants."""
        self.asked_qishou = True
        board = self.board
        for s in [board.dealer, *board.seats_after(board.dealer)]:
            found = opening_hands(board.seats[s].dealt, board.rules)
            if not found or board.rules.qishou_mode == "off":
                continue
            kinds = list(found)
            if self.bots[s].declares(board, s, kinds):
                event = self.bots[s].qishou_event(board, s, kinds)
                if try_push(board, event) is not None:
                    self.push(event)

    def act(self) -> None:
        board = self.board
        s = board.actor
        hu = {"type": "hu", "seat": s}
        big = _win_size(board, hu, s)
        choices = self.bots[s].act(board, s, big is not None, bool(big))
        event = _first_legal(board, choices)
        assert event is not None, "a bot's list always holds a legal discard"
        self.push(event)

    def window(self) -> None:
        """A tile others may take: wins first (every seat that wants one), then one claim."""
        board = self.board
        claim = board.claim
        assert claim is not None
        if claim.hus:
            self.birds()
            return
        tiles = sorted(set(board.kai_tiles)) if board.kai_tiles else [claim.tile]
        wins = []
        for s in board.seats_after(claim.seat):
            for t in tiles:
                event = {"type": "hu", "seat": s, "tile": CODES[t]}
                big = _win_size(board, event, s)
                if big is not None:
                    if self.bots[s].wants_win(board, big):
                        wins.append(event)
                    break
        if wins:
            for event in wins:
                self.push(event)
            return
        if not (claim.rob or claim.haidi):
            wanted: list[dict[str, Any]] = []
            for s in board.seats_after(claim.seat):
                for t in tiles:
                    wanted += self.bots[s].claims(board, s, t, chi=s == board.chi_seat(claim.seat))
            wanted.sort(key=lambda e: e["type"] == "chi")  # peng and kong before chi (CS-3.2)
            claimed = _first_legal(board, wanted)
            if claimed is not None:
                self.push(claimed)
                return
        self.close()

    def close(self) -> None:
        """Nobody takes the tile: what the board expects next (a draw, the 海底, 黄庄)."""
        board = self.board
        claim = board.claim
        assert claim is not None
        trial = board.unclaimed()
        if trial.phase == "haidi":
            self.haidi()
        elif trial.phase == "draw" and trial.left == 0:
            self.push({"type": "huangzhuang"})
        else:
            self.draw(trial.actor)

    def haidi(self) -> None:
        """The 海底 offer (CS-2.6) to the seat due: take or decline, as its bot likes."""
        board = self.board
        trial = board.unclaimed()
        s = trial.haidi_seat
        assert s is not None
        take = not board.rules.haidi_roam or self.bots[s].takes_haidi(trial.is_tenpai(s))
        event: dict[str, Any] = {"type": "haidi", "seat": s, "take": take}
        if take:
            event["tile"] = CODES[trial.live_tiles()[0]]
        self.push(event)

    def haidi_taken(self) -> None:
        """The taker wins 海底捞月 if it can; else others may win 海底炮 on it; else 黄庄."""
        board = self.board
        s = board.actor
        if try_push(board, {"type": "hu", "seat": s}) is not None:
            self.push({"type": "hu", "seat": s})
            return
        tile = board.drawn
        assert tile is not None
        wins = [
            {"type": "hu", "seat": o, "tile": CODES[tile]}
            for o in board.seats_after(s)
            if board.can_win_on(o, tile)
        ]
        first = next((e for e in wins if try_push(board, e) is not None), None)
        if first is None:
            self.push({"type": "huangzhuang"})
            return
        self.push(first)
        for event in wins[wins.index(first) + 1 :]:
            if try_push(board, event) is not None:
                self.push(event)

    def kai_win(self) -> None:
        """A 开杠 tile completes the ganger's hand: 杠上开花, named by the tile that settles most."""
        board = self.board
        s = board.actor
        good = [
            (w.big, w.k, t)
            for t in board.kai_drawn
            if (w := board.read(s, t, frozenset({"gangshangkaihua"}))) is not None
        ]
        self.push({"type": "hu", "seat": s, "tile": CODES[max(good)[2]]})

    def qishou_phase(self) -> None:
        """``end`` mode after a declaration: the dealer's 天胡 if it has one, then the birds."""
        board = self.board
        hu = {"type": "hu", "seat": board.dealer}
        if try_push(board, hu) is not None:
            self.push(hu)
        self.birds()

    def play(self) -> None:
        board = self.board
        while not board.ended:
            phase = board.phase
            if phase == "act":
                if board.opening and not self.asked_qishou:
                    self.opening()
                    continue
                self.act()
            elif phase == "qishou":
                self.qishou_phase()
            elif phase == "settle":
                self.birds()
            elif phase == "claim":
                self.window()
            elif phase == "draw":
                if board.left == 0:
                    self.push({"type": "huangzhuang"})
                else:
                    self.draw(board.actor)
            elif phase == "replace":
                self.draw(board.actor)
            elif phase == "haidi":
                self.haidi()
            elif phase == "haidi_taken":
                self.haidi_taken()
            elif phase == "kai_win":
                self.kai_win()
            elif phase == "declined":
                self.push({"type": "huangzhuang"})
            else:  # pragma: no cover - every phase is handled above
                raise AssertionError(f"no move for phase {phase}")


def play_hand(
    rng: random.Random, ruleset: Mapping[str, Any], dealer: int, styles: list[str]
) -> tuple[list[str], list[dict[str, Any]], Board]:
    wall = [CODES[k] for k in range(27) for _ in range(4)]
    rng.shuffle(wall)
    board = Board.from_record({"ruleset": ruleset, "dealer": dealer, "wall": wall})
    driver = Driver(board, [Bot(STYLES[s], rng) for s in styles])
    driver.play()
    return wall, driver.events, board


def play_session(preset: str, overrides: tuple[tuple[str, Any], ...], plan: Sitting) -> list[dict[str, Any]]:
    """One sitting: hands in order, each dealt by the previous hand's next dealer (CS-1.3)."""
    rng = random.Random(f"changsha:{plan.seed}:{plan.number}")
    styles = [p["style"] for p in plan.seated]
    ruleset = {"preset": preset, "overrides": dict(overrides)}
    dealer = plan.dealer
    when = plan.start
    records = []
    for i in range(plan.hands):
        wall, events, board = play_hand(rng, ruleset, dealer, styles)
        when += timedelta(minutes=rng.randint(3, 10), seconds=rng.randrange(60))
        result = board.result()
        result.pop("payments")  # the receipts are the engine's; an app records the settlement
        records.append(
            {
                "format": "changsha-hand/1",
                "hand_id": f"cssim{plan.seed}-{plan.first_hand + i:06d}",
                "source": "simulator",
                "played_at": when.isoformat(),
                "session": {"id": f"cssim{plan.seed}-s{plan.number:04d}", "hand_no": i + 1},
                "ruleset": {"preset": preset, "overrides": dict(overrides)},
                "seats": seats_json(plan),
                "dealer": dealer,
                "wall": wall,
                "events": events,
                "result": result,
            }
        )
        dealer = board.next_dealer()
    return records


def simulate(
    hands: int,
    seed: int,
    preset: str = "changsha",
    overrides: Mapping[str, Any] | None = None,
    pool: int = 8,
    workers: int = 1,
) -> Iterator[dict[str, Any]]:
    """``hands`` complete records in sittings of 4–12 hands; the same for any ``workers``.

    Raises InputError for an unknown preset or a bad override (checked before any hand is played).
    """
    overrides = dict(overrides or {})
    rules_from_json({"preset": preset, "overrides": overrides})
    plans = plan_sittings(hands, seed, random.Random(f"changsha:{seed}"), players(pool), START)
    play = partial(play_session, preset, tuple(sorted(overrides.items())))
    for records in ordered_map(play, plans, workers):
        yield from records
