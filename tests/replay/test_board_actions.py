"""``Board.legal_actions`` listed in full, phase by phase (issue 35: the tests read only parts of
it, an action missing from the list or one too many went unseen). Each list is worked by hand
from RULES.md and the deal (``deal_board``: the named tiles, each hand then filled with the
plain kinds in code order 1m, 2m, …; hzlzg, indicator 5p so the laizi is 6p, R-3.2; 红中 C is
the gang tile, R-4.1). The order is the code's: the seat to act's win, its discards by kind,
its gangs by kind (then xu-gangs); after a discard wins, pengs and ming-gangs seat by seat from
the discarder's 下家, chis of the 下家 by their lowest tile, then the 下家's draw.
"""

from __future__ import annotations

import pytest

from replay.games.wuhan.board import HAIDI, ROB, Board, IllegalEvent
from replay.games.wuhan.hand import meld
from replay.tiles import CODES, KIND_OF
from tests.replay.test_qipi_rules import deal_board, spare
from tests.replay.test_replay_rules import TO_THE_5M, TWO_WAITING, tsumogiri_until, wall_board


def test_R_5_1_R_4_1_R_4_2_the_dealers_first_turn() -> None:
    """R-5.1: the dealer (seat 0) holds C 6p 7p×4 1m×4 2m×4 (14). It may discard each kind it
    holds (R-4.5's default ``allowed``: C and the laizi 6p too), an-gang each kind held four times
    (1m, 2m, 7p), put out C as a 红中杠 (R-4.1) and 6p as a 赖子杠 (R-4.2) — never an an-gang of
    the laizi. No win: nothing was drawn (the dealer's 14 are dealt)."""
    board = deal_board({0: "C 6p 7p 7p 7p 7p"}, "5p", preset="hzlzg")
    assert board.legal_actions() == [
        {"type": "discard", "seat": 0, "tile": "1m"},
        {"type": "discard", "seat": 0, "tile": "2m"},
        {"type": "discard", "seat": 0, "tile": "6p"},
        {"type": "discard", "seat": 0, "tile": "7p"},
        {"type": "discard", "seat": 0, "tile": "C"},
        {"type": "gang", "seat": 0, "kind": "an", "tile": "1m"},
        {"type": "gang", "seat": 0, "kind": "an", "tile": "2m"},
        {"type": "gang", "seat": 0, "kind": "laizi", "tile": "6p"},
        {"type": "gang", "seat": 0, "kind": "an", "tile": "7p"},
        {"type": "gang", "seat": 0, "kind": "pizi", "tile": "C"},
    ]
    board.push({"type": "gang", "seat": 0, "kind": "laizi", "tile": "6p"})
    # after a gang the seat draws its replacement, nothing else
    assert board.legal_actions() == [{"type": "draw", "seat": 0}]


def test_R_5_2_R_5_3_claims_of_a_discard_then_a_xu_gang() -> None:
    """Seat 0 discards 4m. Seat 1 (its 下家) holds 2m 3m 4m×3 5m 6m×4 7m×3: it may peng (a pair),
    ming-gang (three; 82 tiles live, far from R-3.5's line) and chi 2-3m, 3-5m or 5-6m with the
    4m (R-5.2: runs 2-3-4, 3-4-5, 4-5-6 of one suit), or draw. Nobody else holds a 4m, and
    nobody has opened, so nobody may win (R-6.2). Seat 1 pengs and, holding the fourth 4m,
    xu-gangs it: the others may rob it if they could win (none opened), else seat 1 draws."""
    board = deal_board({0: "4m", 1: "2m 3m 5m 6m 4m 4m 4m"}, "5p", preset="hzlzg")
    board.push({"type": "discard", "seat": 0, "tile": "4m"})
    assert board.legal_actions() == [
        {"type": "peng", "seat": 1},
        {"type": "gang", "seat": 1, "kind": "ming", "tile": "4m"},
        {"type": "chi", "seat": 1, "tiles": ["2m", "3m"]},
        {"type": "chi", "seat": 1, "tiles": ["3m", "5m"]},
        {"type": "chi", "seat": 1, "tiles": ["5m", "6m"]},
        {"type": "draw", "seat": 1},
    ]
    board.push({"type": "peng", "seat": 1})
    # seat 1 now holds 2m 3m 4m 5m 6m×4 7m×3: a discard of each kind, an an-gang of 6m, a
    # xu-gang of the 4m beside its peng; no win (a claim draws nothing)
    assert board.legal_actions() == [
        *({"type": "discard", "seat": 1, "tile": t} for t in ("2m", "3m", "4m", "5m", "6m", "7m")),
        {"type": "gang", "seat": 1, "kind": "an", "tile": "6m"},
        {"type": "gang", "seat": 1, "kind": "xu", "tile": "4m"},
    ]
    board.push({"type": "gang", "seat": 1, "kind": "xu", "tile": "4m"})
    assert board.legal_actions() == [{"type": "draw", "seat": 1}]


def test_R_10_7_R_10_3_a_listed_discard_win_counts_the_discarders_factor() -> None:
    """R-10.7 (起胡, scope ``any``) judged with R-10.3's 放冲 factor: ``legal_actions`` offers a
    win on a discard only if some loser's pay reaches 起胡, the discarder's included.

    test_replay_rules' TWO_WAITING: seat 0 (dealer, never opened) throws 5m; seat 1 (peng 9p:
    6-7-5m, 2-3-4s, 6-7-8p, 2p 2p) and seat 3 (peng 1s: 3-4-5m, 3-4-5p, 6-7-8s, 5s 5s) each win a
    hard 屁胡, W = 2 (opened) × 2 (hard) = 4. Seat 0 pays 1 × 4 × 2 (放冲) × 2 (dealer) = 16, the
    most of any loser (the others 8 and 4). 起胡 16: both wins are offered, first in turn order;
    起胡 17: neither, and the hu is refused (below_qihu)."""
    for qihu, wins in [(16, [1, 3]), (17, [])]:
        record = {
            **TWO_WAITING,
            "ruleset": {"preset": "hzlzg", "overrides": {"qihu": qihu, "qihu_scope": "any"}},
        }
        board = Board.from_record(record)
        for event in TO_THE_5M:
            board.push(event)
        assert [a["seat"] for a in board.legal_actions() if a["type"] == "hu"] == wins
        if not wins:
            with pytest.raises(IllegalEvent) as err:
                board.push({"type": "hu", "seat": 1})
            assert err.value.reason.code == "below_qihu"


def test_R_5_2_a_peng_needs_a_pair_and_no_honour_is_chied() -> None:
    """R-5.2: a peng takes a pair from the hand, a ming-gang three: seat 2 holding exactly two 4m
    may peng seat 0's 4m and not ming-gang it. A chi is of suited tiles only: seat 0's E is not
    chied by seat 1 holding S and W (E-S-W is no run), though seat 2's pair of E may peng it."""
    board = deal_board({0: "4m E", 2: "4m 4m E E", 1: "S W"}, "5p", preset="hzlzg")
    board.push({"type": "discard", "seat": 0, "tile": "4m"})
    assert [a for a in board.legal_actions() if a["type"] in ("peng", "gang")] == [
        {"type": "peng", "seat": 2}
    ]
    board.push({"type": "draw", "seat": 1, "tile": "N"})
    board.push({"type": "discard", "seat": 1, "tile": "N"})
    board.push({"type": "draw", "seat": 2, "tile": "N"})
    board.push({"type": "discard", "seat": 2, "tile": "N"})
    board.push({"type": "draw", "seat": 3, "tile": "N"})
    board.push({"type": "discard", "seat": 3, "tile": "N"})
    board.push({"type": "draw", "seat": 0, "tile": "F"})
    board.push({"type": "discard", "seat": 0, "tile": "E"})
    assert board.legal_actions() == [{"type": "peng", "seat": 2}, {"type": "draw", "seat": 1}]


def test_R_5_2_chis_at_the_ends_of_a_suit() -> None:
    """R-5.2: a chi's run lies in one suit. Seat 0's 1s (the first 条, kind 9) is chied by its
    下家 seat 1 with 2s 3s only (1-2-3s; 8m 9m is another suit); its 9s (kind 17) with 7s 8s
    only (7-8-9s; 1p 2p is another suit). Seat 1 holds 8m 9m 2s 3s 7s 8s 1p 2p."""
    board = deal_board({0: "1s 9s", 1: "8m 9m 2s 3s 7s 8s 1p 2p"}, "5p", preset="hzlzg")
    board.push({"type": "discard", "seat": 0, "tile": "1s"})
    assert [a for a in board.legal_actions() if a["type"] == "chi"] == [
        {"type": "chi", "seat": 1, "tiles": ["2s", "3s"]}
    ]
    for seat, tile in [(1, "E"), (2, "S"), (3, "W"), (0, "N")]:
        board.push({"type": "draw", "seat": seat, "tile": tile})
        board.push({"type": "discard", "seat": seat, "tile": tile if seat else "9s"})
    assert [a for a in board.legal_actions() if a["type"] == "chi"] == [
        {"type": "chi", "seat": 1, "tiles": ["7s", "8s"]}
    ]


def test_R_3_4_R_7_9_a_haidi_draw_that_wins_is_offered_as_hu() -> None:
    """R-3.4 / R-7.9: in the 海底捞 phase the seat that drew may win on that tile, else the next
    seat draws. Set-up only: after the first haidi draw (hzlzg, 14 left) the drawer's hand is
    made 碰碰胡 with the drawn tile t as its pair (a peng of X, AAA BBB CCC t t; none a 红中 or the
    laizi): hu and the next draw are offered; before the set-up only the draw."""
    board = wall_board(seed=7)
    tsumogiri_until(board, 14)
    seat = (board.last_discard[0] + 1) % 4  # type: ignore[index]
    board.push({"type": "draw", "seat": seat})
    assert board.phase == HAIDI
    assert board.legal_actions() == [{"type": "draw", "seat": (seat + 1) % 4}]
    t = board.last_draw.tile  # type: ignore[union-attr]
    x, a, b, c = [k for k in range(27) if k not in (t, board.laizi)][:4]
    board.seats[seat].melds = [meld("peng", (x,) * 3, None, (seat + 2) % 4)]
    board.seats[seat].hand[:] = [a, a, a, b, b, b, c, c, c, t, t]
    assert board.legal_actions() == [{"type": "hu", "seat": seat}, {"type": "draw", "seat": (seat + 1) % 4}]


def test_R_3_7_R_5_5_a_xu_gang_with_the_wall_empty_offers_only_the_draw() -> None:
    """R-3.7 (qipi, play to the last tile): a gang declared with the wall empty draws nothing;
    once a xu-gang has been offered to robbers (R-5.5; nobody here has opened, so nobody may
    rob) the hand is a draw: only huangzhuang is offered. Set-up only: the seat that drew the
    last tile is given a peng of 1m and the fourth 1m."""
    board = deal_board({0: "9p"}, "4p", special_discard="allowed")
    board.push({"type": "discard", "seat": 0, "tile": "9p"})
    seat = 0
    while board.live > 0:
        seat = (seat + 1) % 4
        tile = CODES[spare(board)]
        board.push({"type": "draw", "seat": seat, "tile": tile})
        if board.live:
            board.push({"type": "discard", "seat": seat, "tile": tile})
    one = KIND_OF["1m"]
    board.seats[seat].melds.append(meld("peng", (one,) * 3, None, (seat + 1) % 4))
    board.seats[seat].hand.append(one)
    board.push({"type": "gang", "seat": seat, "kind": "xu", "tile": "1m"})
    assert board.phase == ROB
    assert board.legal_actions() == [{"type": "huangzhuang"}]
