"""Random legal Sichuan hands: a shuffled wall, choices among ``legal_actions`` (wins taken with
probability ``p_hu``, discards mostly keeping the best shape). Not a bot that plays like a person:
a fuzzer of the rules for the property tests and a record source for the benchmarks, and the
loop a simulator's bots will plug their choices into."""

from __future__ import annotations

import random
from typing import Any

from replay.games.sichuan.board import Board, legal_actions
from replay.shape import shanten
from replay.tiles import CODES, KIND_OF


def _after(board: Board, tile: str) -> int:
    """Shanten (any pair) of the actor's hand without ``tile``: a greedy player keeps its best shape."""
    c = list(board.seats[board.actor].hand) + [0] * 7
    c[KIND_OF[tile]] -= 1
    return shanten(c, 0, "any")


def random_hand(
    seed: int,
    preset: str = "xuezhan",
    overrides: dict[str, Any] | None = None,
    p_hu: float = 0.7,
    stacks: list[int] | None = None,
) -> dict[str, Any]:
    """One complete, legal ``sichuan-hand/1`` record with the engine's ``result``; same seed, same hand."""
    rng = random.Random(seed)
    wall = [CODES[k] for k in range(27) for _ in range(4)]
    rng.shuffle(wall)
    rec: dict[str, Any] = {
        "format": "sichuan-hand/1",
        "hand_id": f"fuzz-{seed}",
        "source": "tests",
        "ruleset": {"preset": preset, "overrides": overrides or {}},
        "seats": [{"player_id": f"p{i}"} for i in range(4)],
        "dealer": rng.randrange(4),
        "wall": wall,
        "events": [],
    }
    if stacks is not None:
        rec["stacks"] = stacks
    board = Board.from_record(rec)
    if board.phase == "dingque":
        suits = []
        for s in range(4):
            hand = board.seats[s].hand
            suits.append("msp"[min(range(3), key=lambda x: sum(hand[9 * x : 9 * x + 9]))])
        ev = {"type": "dingque", "suits": suits}
        board.push(ev)
        rec["events"].append(ev)
    while not board.ended:
        acts = legal_actions(board)
        if not acts:  # only the open win window is left: closing it ends the hand (SC-3.9)
            board.finish()
            assert board.ended, "no legal action and the hand is not over"
            break
        hus = [a for a in acts if a["type"] == "hu"]
        discards = [a for a in acts if a["type"] == "discard"]
        if hus and rng.random() < p_hu:
            choice = hus[0]
        elif discards and rng.random() < 0.9:
            choice = min(discards, key=lambda a: (_after(board, a["tile"]), rng.random()))
        else:
            others = [a for a in acts if a["type"] != "hu"] or acts
            draws = [a for a in others if a["type"] in ("draw", "huangzhuang")]
            choice = draws[0] if draws and rng.random() < 0.8 else rng.choice(others)
        if choice["type"] == "draw":
            nxt = dict(choice)
            board.push(nxt)
            nxt["tile"] = CODES[board.drawn] if board.drawn is not None else None
            rec["events"].append(nxt)
            continue
        board.push(choice)
        rec["events"].append(choice)
    board.finish()
    rec["result"] = board.result()
    return rec
