"""The 二人麻将 board (replay/games/erren/board.py): §8's worked examples as whole records, the
flowers (补花 after the deal, in play, none left: ER-2.2, ER-2.3), 报听 (ER-3.5), the end and the
next dealer (ER-3.6, ER-1.3). Expected values are worked by hand from erren.md §5–§8."""

from __future__ import annotations

from typing import Any

import pytest

from replay.games.erren.audit import audit_validated
from replay.games.erren.board import Board, legal_actions
from tests.erren_builders import pool, record, tiles


def settle(rec: dict[str, Any]) -> dict[str, Any]:
    out = audit_validated(rec)
    assert out["status"] == "ok", (out["first_illegal"], out["errors"], out["differences"])
    computed: dict[str, Any] = out["computed"]
    return computed


def fans(computed: dict[str, Any]) -> dict[str, int]:
    return {f["id"]: f["n"] for f in computed["fans"]}


def refused(rec: dict[str, Any]) -> dict[str, Any]:
    out = audit_validated(rec)
    assert out["status"] == "illegal", (out["errors"], out["computed"])
    first: dict[str, Any] = out["first_illegal"]
    return first


# --- E1: peng CCC, 12s 456s 789s EE, flower 2h; wins on seat 0's 3s ----------------------------
E1_HANDS = ["3s C NNN WWW SSS 99s 8s", "CC 12s 456s 789s EE 2h"]
E1 = ["f1 2h", "d1 P", "x0 C", "p1", "x1 P", "d0 6s", "x0 3s", "h1"]


def test_e1_qinglong_drops_lianliu_and_laoshaofu() -> None:
    """E1: qinglong 16 + hunyise 6 + jianke 2 + bianzhang 1 + huapai 1 = T 26, Q 25 (huapai nq)."""
    c = settle(record(E1_HANDS, E1))
    assert fans(c) == {"qinglong": 1, "hunyise": 1, "jianke": 1, "bianzhang": 1, "huapai": 1}
    assert (c["total"], c["qualifying"], c["deltas"]) == (26, 25, [-26, 26])
    assert (c["winner"], c["self_draw"]) == (1, False)
    assert c["flowers"] == [[], ["2h"]]
    assert c["payments"][0]["amount"] == 26 and c["payments"][0]["receipt"][-1].endswith("= 26")


def test_e1_guobiao_adds_the_base() -> None:
    """E1 under ``erren-gb``: 26 + 8 = 34 (ER-6.3 guobiao)."""
    c = settle(record(E1_HANDS, E1, preset="erren-gb"))
    assert (c["total"], c["deltas"]) == (26, [-34, 34])


# --- E2: chi 123s, peng 999s; 678s 34s EE; flowers 1h 5h ---------------------------------------
E2_HANDS = ["1s 9s 5s WWW SSS CCC FF", "23s 99s 678s 34s EE 15h"]
E2 = ["f1 1h", "d1 N", "f1 5h", "d1 P", "x0 1s", "c1 2s 3s", "x1 N", "d0 F", "x0 9s", "p1", "x1 P"]


def test_e2_below_qihu_is_illegal_flowers_do_not_help() -> None:
    """E2 on a discarded 2s: hunyise 6 + yaojiuke 1 = Q 7 < 8 (two huapai not counted): ER-3.4."""
    first = refused(record(E2_HANDS, [*E2, "d0 2s", "x0 2s", "h1"]))
    assert (first["index"], first["code"], first["rule"]) == (13, "below_qihu", "ER-3.4")
    assert "counts 7 fan" in first["message"]


def test_e2_on_5s_lianliu_reaches_qihu() -> None:
    """E2 on a discarded 5s: 345–678 adds lianliu: Q 8, T 10."""
    c = settle(record(E2_HANDS, [*E2, "d0 6s", "x0 5s", "h1"]))
    assert fans(c) == {"hunyise": 1, "lianliu": 1, "yaojiuke": 1, "huapai": 2}
    assert (c["qualifying"], c["total"], c["deltas"]) == (8, 10, [-10, 10])


def test_e2_self_drawn_2s_adds_zimo() -> None:
    c = settle(record(E2_HANDS, [*E2, "d0 W", "x0 W", "d1 2s", "h1"]))
    assert fans(c) == {"hunyise": 1, "yaojiuke": 1, "zimo": 1, "huapai": 2}
    assert (c["qualifying"], c["total"], c["deltas"], c["self_draw"]) == (8, 10, [-10, 10], True)


def test_e2_lite_allows_the_small_win() -> None:
    """``erren-lite`` (qihu 1): the same 2s win is legal, T = 7 + 2 flowers = 9."""
    c = settle(record(E2_HANDS, [*E2, "d0 2s", "x0 2s", "h1"], preset="erren-lite"))
    assert (c["qualifying"], c["total"]) == (7, 9)


# --- E3 ----------------------------------------------------------------------------------------
def test_e3_three_group_instances() -> None:
    """E3: 一般高 ×2 + 连六 ×1 fit ER-6.1b; qingyise 24 + pinghu 2 + 3 + yaojiutou 1 = 30."""
    c = settle(
        record(
            ["1s 6s WWW SSS CCC FFF", "23s 123s 456s 45s 99s N"],
            ["x0 1s", "c1 2s 3s", "x1 N", "d0 E", "x0 6s", "h1"],
        )
    )
    assert fans(c) == {"qingyise": 1, "pinghu": 1, "yibangao": 2, "lianliu": 1, "yaojiutou": 1}
    assert (c["total"], c["deltas"]) == (30, [-30, 30])


def test_e3_concealed_qidui_beats_the_standard_reading() -> None:
    """E3 fully concealed: 七对 qidui 24 + qingyise 24 = 48 (the standard reading gives 32)."""
    c = settle(
        record(
            ["1s 6s WWW SSS CCC FFF", "123s 123s 456s 45s 99s"],
            ["x0 1s", "d1 E", "x1 E", "d0 P", "x0 6s", "h1"],
        )
    )
    assert fans(c) == {"qidui": 1, "qingyise": 1}
    assert (c["total"], c["deltas"]) == (48, [-48, 48])
    assert "七对" in c["reading"]


# --- E4 ----------------------------------------------------------------------------------------
E4_HANDS = ["111s 222s 333s 99s EE N", "456s 78s WWW SSS CC"]


def test_e4_pung_reading_beats_chows() -> None:
    """E4 on seat 1's 9s: sanjiegao 24 + sananke 16 + pengpenghu 6 + hunyise 6 + menqianqing 2 +
    yaojiuke ×2 = 56 (999 completed by the discard is not 暗刻)."""
    c = settle(record(E4_HANDS, ["x0 N", "d1 9s", "x1 9s", "h0"]))
    assert fans(c) == {
        "sanjiegao": 1,
        "sananke": 1,
        "pengpenghu": 1,
        "hunyise": 1,
        "menqianqing": 1,
        "yaojiuke": 2,
    }
    assert (c["total"], c["deltas"]) == (56, [56, -56])


def test_e4_self_drawn_sianke_skips_buqiuren_keeps_zimo() -> None:
    c = settle(record(E4_HANDS, ["x0 N", "d1 P", "x1 P", "d0 9s", "h0"]))
    assert fans(c) == {"sianke": 1, "sanjiegao": 1, "hunyise": 1, "yaojiuke": 2, "zimo": 1}
    assert (c["total"], c["deltas"]) == (97, [97, -97])


# --- E5: 天胡 after 补花 ------------------------------------------------------------------------
def test_e5_tianhu_after_buhua() -> None:
    """E5: the dealer exposes 3h, draws 8s from the back, wins on its dealt hand: tianhu 168 +
    hunyise 6 + lianliu 1 + yaojiuke 1 + erwuba 1 + huapai 1: Q 177, T 178."""
    rec = record(["234s 345s 678s WWW 8s 3h", "111s 999s EEE SSS N"], ["f0 3h", "d0 8s", "h0"])
    assert rec["wall"][-1] == "8s"  # the replacement is the last tile of the wall (ER-2.1)
    c = settle(rec)
    assert fans(c) == {"tianhu": 1, "hunyise": 1, "lianliu": 1, "yaojiuke": 1, "erwuba": 1, "huapai": 1}
    assert (c["qualifying"], c["total"], c["deltas"]) == (177, 178, [178, -178])


# --- E6: 抢杠 ----------------------------------------------------------------------------------
E6_HANDS = ["55s N 111s 999s WWW SS", "5s NN 46s 789s 22s PPP"]
E6 = ["x0 N", "p1", "x1 5s", "p0", "x0 S", "d1 E", "x1 E", "d0 5s", "gx0 5s", "h1"]


def test_e6_qianggang_drops_hejuezhang_and_the_kong_is_not_made() -> None:
    """E6: qianggang 8 + hunyise 6 + jianke 2 + lianliu 1 + yaojiuke 1 + kanzhang 1 + erwuba 1 = 20."""
    board = Board.from_record(record(E6_HANDS, E6))
    rec = record(E6_HANDS, E6)
    for e in rec["events"]:
        board.push(e)
    assert [(m.type, m.tile) for m in board.seats[0].melds] == [("peng", 13)]  # the peng stays
    c = settle(rec)
    assert fans(c) == {
        "qianggang": 1,
        "hunyise": 1,
        "jianke": 1,
        "lianliu": 1,
        "yaojiuke": 1,
        "kanzhang": 1,
        "erwuba": 1,
    }
    assert (c["total"], c["deltas"], c["self_draw"]) == (20, [-20, 20], False)


def test_e6_unrobbed_xu_gang_stands_and_draws_from_the_back() -> None:
    rec = record(E6_HANDS, [*E6[:-1], "d0 7s", "x0 7s"])
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    assert ("gang", 13, "xu") in [(m.type, m.tile, m.gang) for m in board.seats[0].melds]
    assert rec["wall"][-1] == "7s"


# --- E7: 杠上开花 -------------------------------------------------------------------------------
E7_HANDS = ["9s 123s 234s SSS WWW N", "CCCC 999s EEE 45s 7s"]
E7 = ["x0 9s", "gm1 9s", "d1 7s", "ga1 C", "d1 P", "x1 P", "d0 F", "x0 F", "d1 E", "ga1 E", "d1 6s", "h1"]


def test_e7_gangkai_with_three_kongs() -> None:
    """E7: sangang 32 + gangkai 8 + hunyise 6 + jianke 2 + yaojiuke ×2 + shuanganke 2 = 52."""
    c = settle(record(E7_HANDS, E7))
    assert fans(c) == {"sangang": 1, "gangkai": 1, "hunyise": 1, "jianke": 1, "shuanganke": 1, "yaojiuke": 2}
    assert (c["total"], c["deltas"]) == (52, [-52, 52])


# --- E8: 九莲宝灯 after a 补花 draw ----------------------------------------------------------------
E8_HANDS = ["1112345678999s N", "EEE SSS CCC FFF P"]
E8 = ["x0 N", "d1 W", "x1 W", "d0 6h", "f0 6h", "d0 5s", "h0"]


def test_e8_jiulian_no_gangkai_on_a_flower_replacement() -> None:
    """E8: jiulian 88 + shuanganke 2 + zimo 1 + erwuba 1 + huapai 1: Q 92, T 93."""
    c = settle(record(E8_HANDS, E8))
    assert fans(c) == {"jiulian": 1, "shuanganke": 1, "zimo": 1, "erwuba": 1, "huapai": 1}
    assert (c["qualifying"], c["total"], c["deltas"]) == (92, 93, [93, -93])


def test_e8_gangkai_via_flower_needs_a_kong_first() -> None:
    """``gangkai_via_flower`` counts a 补花 replacement only when the flower was a kong's
    replacement: E8's flower came from a front draw, so still no gangkai."""
    c = settle(record(E8_HANDS, E8, overrides={"gangkai_via_flower": True}))
    assert "gangkai" not in fans(c)


def test_gangkai_via_flower_after_a_kong() -> None:
    """A kong's replacement is a flower, its replacement wins: 杠上开花 only with the parameter."""
    hands = ["9s 123s 234s SSS WWW N", "CCCC 999s EEE 45s 7s"]
    events = [
        "x0 9s",
        "gm1 9s",
        "d1 7s",
        "ga1 C",
        "d1 P",
        "x1 P",
        "d0 F",
        "x0 F",
        "d1 E",
        "ga1 E",
        "d1 4h",
        "f1 4h",
        "d1 6s",
        "h1",
    ]
    assert "gangkai" not in fans(settle(record(hands, events)))
    assert "gangkai" in fans(settle(record(hands, events, overrides={"gangkai_via_flower": True})))


# --- E9: 海底捞月 after 报听 --------------------------------------------------------------------
def e9_record(**kw: Any) -> dict[str, Any]:
    """Seat 1 deals 234s 567s 789s NN 44s F; seat 0 is dealt all eight flowers, so 8 back draws
    and 37 front draws empty the wall and seat 0 takes the last (N) and discards it."""
    s1, s0 = "234s 567s 789s NN 44s F", "N 4s 111s 12345678h"
    rest = [t for t in pool([s1, s0], ["N"]) if t != "N"]
    back, front = rest[:8], [*rest[8:], "N"]
    events = [e for f, t in zip(tiles("12345678h"), back, strict=True) for e in (f"f0 {f}", f"d0 {t}")]
    events.append("x1 F")
    for i, t in enumerate(front):
        s = i % 2
        events += [f"d{s} {t}", "t1", f"x1 {t}"] if i == 3 else [f"d{s} {t}", f"x{s} {t}"]
    return record([s0, s1], [*events, "h1"], dealer=1, **kw)


def test_e9_haidi_with_lizhi() -> None:
    """E9: haidi 8 + hunyise 6 + menqianqing 2 + lianliu 1 + yaojiuke 1 + lizhi 2 (nq): Q 18, T 20."""
    rec = e9_record()
    board = Board.from_record(rec)
    for e in rec["events"][:-1]:
        board.push(e)
    assert board.live == 0 and board.seats[1].ting == "lizhi"
    c = settle(rec)
    assert fans(c) == {"haidi": 1, "hunyise": 1, "menqianqing": 1, "lianliu": 1, "yaojiuke": 1, "lizhi": 1}
    assert (c["qualifying"], c["total"], c["deltas"]) == (18, 20, [-20, 20])


def test_e9_no_claim_leaves_a_huangzhuang() -> None:
    """ER-2.3: the last discard neither won nor claimed: 荒庄, no payment, the dealer stays."""
    rec = e9_record()
    rec["events"][-1] = {"type": "huangzhuang"}
    c = settle(rec)
    assert (c["winner"], c["deltas"], c["next_dealer"], c["ended_by"]) == (None, [0, 0], 1, "huangzhuang")
    rec["events"].pop()  # the record may stop there: it is 荒庄 all the same
    assert settle(rec)["ended_by"] == "huangzhuang"


def test_e9_claims_after_wall() -> None:
    """ER-2.3: with ``claims_after_wall`` the last discard may be peng'd (followed by a discard);
    without it only won."""
    rec = e9_record()
    rec["events"][-1] = {"type": "peng", "seat": 1}
    first = refused(rec)  # seat 1 declared 报听: the lock forbids the peng
    assert first["code"] == "ting_locked"
    rec = e9_record(overrides={"ting_lock": False})
    rec["events"][-1] = {"type": "peng", "seat": 1}
    out = audit_validated(rec)
    assert out["first_illegal"]["code"] == "hand_not_finished"  # legal, its discard is due
    rec = e9_record(overrides={"ting_lock": False, "claims_after_wall": False})
    rec["events"][-1] = {"type": "peng", "seat": 1}
    assert refused(rec)["code"] == "claim_after_wall"


# --- flowers (ER-2.2, ER-2.3) -----------------------------------------------------------------
def test_flowers_after_the_deal_dealer_first_and_chained() -> None:
    """ER-2.2: the dealer exposes each flower, its replacement (a flower too) is exposed and
    replaced; then the non-dealer; the replacements come from the back in order."""
    hands = ["123456789s EEE P 1h", "SSS WWW NNN CCC 2h"]
    events = ["f0 1h", "d0 3h", "f0 3h", "d0 P", "f1 2h", "d1 F", "x0 P", "h1"]
    rec = record(hands, events[:-2])
    assert rec["wall"][-3:] == ["F", "P", "3h"]
    board = Board.from_record(rec)
    for e in rec["events"]:
        board.push(e)
    assert [len(s.flowers) for s in board.seats] == [2, 1] and board.phase == "act"
    wrong = record(hands, ["f1 2h"])
    assert refused(wrong)["code"] == "buhua_out_of_order"
    kept = record(hands, ["x0 1s"])
    assert refused(kept)["code"] == "flower_kept"


def test_flower_drawn_in_play_is_exposed_at_once() -> None:
    hands = E8_HANDS
    assert refused(record(hands, ["x0 N", "d1 W", "x1 W", "d0 6h", "x0 1s"]))["code"] == "flower_kept"
    assert refused(record(hands, ["x0 N", "d1 W", "x1 W", "d0 6h", "x0 6h"]))["code"] == "flower_kept"
    first = refused(record(hands, ["x0 N", "d1 W", "x1 W", "d0 6h", "f0 6h", "x0 5s"]))
    assert first["code"] == "out_of_turn" and "replacement" in first["message"]


def test_flower_with_no_replacement_ends_huangzhuang() -> None:
    """ER-2.3: the wall's last tile is a flower: exposed with nothing to replace it, the hand is
    荒庄 at once; nothing but ``huangzhuang`` may follow."""
    s1, s0 = "234s 567s 789s NN 44s F", "N 4s 111s 9s 1234567h"
    rest = pool([s1, s0])
    back, front = rest[:7], rest[7:]
    assert len(front) == 37
    events = [e for f, t in zip(tiles("1234567h"), back, strict=True) for e in (f"f0 {f}", f"d0 {t}")]
    events.append("x1 F")
    for i, t in enumerate(front):
        events += [f"d{i % 2} {t}", f"x{i % 2} {t}"]
    events += ["d1 8h", "f1 8h"]
    c = settle(record([s0, s1], events, dealer=1))
    assert (c["winner"], c["deltas"], c["ended_by"], c["flowers"][1]) == (None, [0, 0], "huangzhuang", ["8h"])
    c = settle(record([s0, s1], [*events, "hz"], dealer=1))
    assert c["ended_by"] == "huangzhuang"
    first = refused(record([s0, s1], [*events, "x1 4s"], dealer=1))
    assert (first["code"], first["rule"]) == ("flower_no_replacement", "ER-2.3")


def test_deal_mode_a_second_copy_of_a_flower() -> None:
    """ER-1.1 without a wall: one of each flower, so a drawn 6h already dealt is refused."""
    rec = record(["1112345678999s 6h", "EEE SSS CCC FFF P"], ["f0 6h", "d0 N", "x0 N", "d1 6h"], wall=False)
    assert refused(rec)["code"] == "fifth_copy"


# --- 报听 (ER-3.5) -----------------------------------------------------------------------------
def test_dealer_tianting_on_its_first_discard() -> None:
    """The dealer's 报听 with its first discard is 天听 (32), and no 立直."""
    hands = ["234s 567s 789s NN 44s F", "111s 999s EEE SSS C"]
    c = settle(record(hands, ["t0", "x0 F", "d1 N", "x1 N", "h0"]))
    assert "tianting" in fans(c) and "lizhi" not in fans(c)


def test_non_dealer_tianting_alone_before_its_first_draw() -> None:
    hands = ["111s 999s EEE SSS CC", "234s 567s 789s NN 44s"]
    board = Board.from_record(record(hands, []))
    board.push({"type": "discard", "seat": 0, "tile": "C"})
    board.push({"type": "ting", "seat": 1})
    assert board.seats[1].ting == "tianting"
    # after its first draw it declares with a discard instead (立直 when it wins)
    assert (
        audit_validated(record(hands, ["x0 C", "d1 P", "t1", "x1 P"]))["first_illegal"]["code"]
        == "hand_not_finished"
    )


def test_ting_lock_discards_the_drawn_tile() -> None:
    hands = ["234s 567s 789s NN 44s F", "111s 999s EEE SSS C"]
    first = refused(record(hands, ["t0", "x0 F", "d1 C", "x1 C", "d0 P", "x0 2s"]))
    assert (first["code"], first["index"]) == ("ting_discard_drawn", 5)
    free = audit_validated(
        record(hands, ["t0", "x0 F", "d1 C", "x1 C", "d0 P", "x0 2s"], overrides={"ting_lock": False})
    )
    assert free["first_illegal"]["code"] == "hand_not_finished"


# --- the end and the next dealer (ER-3.6, ER-1.3) -----------------------------------------------
def test_next_dealer_by_rotation() -> None:
    assert settle(record(E1_HANDS, E1))["next_dealer"] == 1  # the winner deals
    assert settle(record(E8_HANDS, E8))["next_dealer"] == 0
    assert settle(record(E8_HANDS, E8, preset="erren-gb"))["next_dealer"] == 1  # alternate


@pytest.mark.parametrize("extra", [["x0 1s"], ["d0 1s"], ["hz"]])
def test_nothing_after_the_win(extra: list[str]) -> None:
    first = refused(record(E8_HANDS, [*E8, *extra]))
    assert (first["code"], first["index"]) == ("event_after_end", 7)


def test_legal_actions_follow_the_board() -> None:
    """legal_actions lists the 补花 first after the deal, and the win and chi on E1's 3s."""
    rec = record(E1_HANDS, E1)
    board = Board.from_record(rec)
    assert legal_actions(board) == [{"type": "buhua", "seat": 1, "tile": "2h"}]
    for e in rec["events"][:-1]:
        board.push(e)
    acts = legal_actions(board)
    assert {"type": "hu", "seat": 1} in acts
    assert {"type": "chi", "seat": 1, "tiles": ["1s", "2s"]} in acts
    assert {"type": "peng", "seat": 1} not in acts
    clone = board.clone()
    clone.push({"type": "hu", "seat": 1})
    assert clone.ended and not board.ended
