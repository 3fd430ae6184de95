"""``reading.is_win`` and ``Board.holds_win`` (CS-4.1): the mistake analysis' cheap question
"do these 14 tiles win at all" must answer exactly as ``read_win`` does for every way."""

from __future__ import annotations

import json
from pathlib import Path

from replay.games.changsha.board import Board
from replay.games.changsha.params import PRESETS
from replay.games.changsha.reading import WAYS, Meld, is_win, read_win
from tests.replay.test_changsha_rules import c, k

CS, APP = PRESETS["changsha"], PRESETS["changsha-app"]
ROOT = Path(__file__).resolve().parents[2] / "sample_logs" / "simulated"


def test_cs_4_1_is_win_follows_the_jiang_rule_and_its_waivers() -> None:
    assert not is_win(c("123m 456m 789s 345p 99p"), [], CS)  # 9p pair: no 将, no big hand
    assert is_win(c("123m 456m 789s 345p 55p"), [], CS)  # 5p pair: 平胡
    assert is_win(c("111m 333s 444p 666p 99m"), [], CS)  # 碰碰胡 waives the 将
    assert is_win(c("1111m 33s 44s 66p 77p 99p"), [], CS)  # 七小对
    melds = [Meld("chi", k("1m")), Meld("chi", k("4m")), Meld("peng", k("3s")), Meld("chi", k("7p"))]
    assert not is_win(c("99p"), melds, CS)  # 全求人 is off in `changsha` ...
    assert is_win(c("99p"), melds, APP)  # ... and on in `changsha-app`
    assert not is_win(c("123m 456m 789s 345p 5p"), [], CS)  # 13 tiles: no win


def test_holds_win_is_read_win_for_every_way_on_every_simulated_turn() -> None:
    """Each seat on its own turn (act) in the simulated sittings: holds_win == a reading exists,
    whichever ways the board would add (tianhu, 海底捞月, 杠上开花 only add big hands)."""
    asked = won = 0
    for name in ("changsha-changsha.ndjson", "changsha-app.ndjson"):
        for line in (ROOT / name).read_text("utf-8").splitlines()[:40]:
            record = json.loads(line)
            board = Board.from_record(record)
            for event in record["events"]:
                if board.phase in ("act", "haidi_taken"):
                    s = board.actor
                    seat = board.seats[s]
                    for ways in (frozenset(), WAYS):
                        read = read_win(seat.hand, seat.melds, ways, board.rules)
                        assert board.holds_win(s) == (read is not None)
                    asked += 1
                    won += board.holds_win(s)
                board.push(event)
    assert asked > 1000 and won > 10
