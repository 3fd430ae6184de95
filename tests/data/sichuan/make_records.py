"""Write the hand-written ``sichuan-hand/1`` records of this folder (sichuan.md §10).

Run ``.venv/bin/python tests/data/sichuan/make_records.py`` (``--check``: compare, do not write).
There is no Sichuan replayer yet to check these hands against, so this script carries its own
small, independent bookkeeping: it builds the 108-tile wall from the hands that matter (the deal
before 换三张, the draws in order, the kong replacements from the back, filler elsewhere), plays
the events and stops with an error if any tile is not where the event says, a seat acts out of
turn, a discard breaks 定缺 (SC-2.2 ``que_first``), a win is not a winning hand (SC-4.1), a seat
that could have won on a discard let it pass (so no record leans on 过水, SC-3.5), or a xueliu
winner's kong changes its waits (SC-3.7). The settlements are worked out BY HAND from §5-§6
(arithmetic in the comments) and only checked to be zero-sum and to add up to the deltas.

The invalid records (``invalid/``) are the valid ones with one mistake each; ``expected.json``
lists, per file, the fields the schema must name.
"""

from __future__ import annotations

import copy
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SUITS = "msp"
KINDS = [f"{n}{s}" for s in SUITS for n in range(1, 10)]
SEATS = [{"player_id": f"sc{s}", "name": name} for s, name in enumerate(["老张", "小李", "王姐", "阿强"])]
OFFSET = {"next": 1, "prev": 3, "across": 2}


class BadHand(Exception):
    """The scripted hand breaks a rule: the record would not be what its comments claim."""


# -- winning hands (SC-4.1), from first principles -------------------------------------------


def _sets(counts: Counter[str]) -> bool:
    """Can these tiles be split into triplets and sequences exactly?"""
    tiles = sorted((t for t, n in counts.items() if n), key=KINDS.index)
    if not tiles:
        return True
    t = tiles[0]
    if counts[t] >= 3:
        counts[t] -= 3
        ok = _sets(counts)
        counts[t] += 3
        if ok:
            return True
    n, s = int(t[0]), t[1]
    nxt = [f"{n + 1}{s}", f"{n + 2}{s}"]
    if n <= 7 and all(counts[x] for x in nxt):
        counts[t] -= 1
        for x in nxt:
            counts[x] -= 1
        ok = _sets(counts)
        counts[t] += 1
        for x in nxt:
            counts[x] += 1
        return ok
    return False


def is_win(concealed: Counter[str], melds: int, void: str) -> bool:
    """Four sets + a pair (melds count as sets) or 七对 (no melds), no void-suit tile."""
    if any(t[1] == void for t, n in concealed.items() if n):
        return False
    if sum(concealed.values()) != 14 - 3 * melds:
        raise BadHand(f"win check on {sum(concealed.values())} tiles with {melds} melds")
    if melds == 0 and all(n % 2 == 0 for n in concealed.values()):
        return True  # 七对: four alike count as two pairs
    for t in list(concealed):
        if concealed[t] >= 2:
            concealed[t] -= 2
            ok = _sets(concealed)
            concealed[t] += 2
            if ok:
                return True
    return False


def waits(concealed: Counter[str], melded: Counter[str], melds: int, void: str) -> set[str]:
    """SC-6.2: non-void kinds, not all four already held, that would complete the hand."""
    out = set()
    for t in KINDS:
        if t[1] == void or concealed[t] + melded[t] >= 4:
            continue
        concealed[t] += 1
        if is_win(concealed, melds, void):
            out.add(t)
        concealed[t] -= 1
    return out


# -- the wall and the play -------------------------------------------------------------------


def deal_order(dealer: int) -> list[tuple[int, int]]:
    """(seat, how many) in the order the deal takes tiles from the front (SC-1.4)."""
    order = [((dealer + i) % 4, 4) for _ in range(3) for i in range(4)]
    order += [((dealer + i) % 4, 1) for i in range(4)]
    return [*order, (dealer, 1)]


def parse(line: str) -> dict[str, Any]:
    """``"0 d 9s"`` discard, ``"1 D 7s"`` front draw, ``"1 R 5m"`` replacement, ``"1 gang an 7s"``,
    ``"2 peng"``, ``"1 hu"`` / ``"0 hu 4p"``, ``"huang"``."""
    if line == "huang":
        return {"type": "huangzhuang"}
    words = line.split()
    seat, verb, rest = int(words[0]), words[1], words[2:]
    if verb == "d":
        return {"type": "discard", "seat": seat, "tile": rest[0]}
    if verb in ("D", "R"):
        return {"type": "draw", "seat": seat, "tile": rest[0], "_end": "front" if verb == "D" else "back"}
    if verb == "gang":
        return {"type": "gang", "seat": seat, "kind": rest[0], "tile": rest[1]}
    if verb == "hu":
        return {"type": "hu", "seat": seat, **({"tile": rest[0]} if rest else {})}
    if verb in ("peng", "pass"):
        return {"type": verb, "seat": seat}
    raise ValueError(line)


class Table:
    """Just enough of a Sichuan table to keep the scripted hands honest."""

    def __init__(self, hands: list[list[str]], dealer: int, voids: list[str], mode: str) -> None:
        self.hands = [Counter(h) for h in hands]
        self.melded: list[Counter[str]] = [Counter() for _ in range(4)]
        self.melds = [0] * 4
        self.pengs: list[set[str]] = [set() for _ in range(4)]
        self.voids = voids
        self.mode = mode
        self.won: set[int] = set()
        self.actor: int | None = dealer  # whose own turn it is (holds 14 - 3 x melds)
        self.drawn: str | None = None
        self.last_discard: tuple[int, str] | None = None
        self.after_kong = False
        self.robbing = False  # the last event was a 补杠: its tile may be robbed (SC-3.3)

    def active(self, seat: int) -> bool:
        return self.mode == "xueliu" or seat not in self.won

    def next_active(self, seat: int) -> int:
        for i in range(1, 5):
            if self.active((seat + i) % 4):
                return (seat + i) % 4
        raise BadHand("no active seat")

    def can_win_on(self, seat: int, tile: str) -> bool:
        hand = self.hands[seat] + Counter([tile])
        return is_win(hand, self.melds[seat], self.voids[seat])

    def check_size(self, seat: int, own_turn: bool) -> None:
        want = 13 - 3 * self.melds[seat] + (1 if own_turn else 0)
        if sum(self.hands[seat].values()) != want:
            raise BadHand(f"seat {seat} holds {sum(self.hands[seat].values())} tiles, not {want}")

    def take(self, seat: int, tile: str) -> None:
        if self.hands[seat][tile] < 1:
            raise BadHand(f"seat {seat} does not hold {tile}")
        self.hands[seat][tile] -= 1

    def play(self, i: int, e: dict[str, Any], pending: list[dict[str, Any]]) -> None:
        kind, seat = e["type"], e.get("seat")
        if kind != "hu" and self.last_discard is not None:
            self._missed_wins(pending)
        if kind == "draw":
            due = self.next_active(self.last_discard[0]) if self.actor is None and self.last_discard else None
            if self.actor is None and due != seat:
                raise BadHand(f"event {i}: seat {seat} draws, seat {due} is due")
            if self.actor is not None and not (self.after_kong and seat == self.actor):
                raise BadHand(f"event {i}: seat {seat} draws out of turn")
            if (e["_end"] == "back") != self.after_kong:
                raise BadHand(f"event {i}: a replacement comes from the back, only after a kong")
            self.hands[seat][e["tile"]] += 1
            self.actor, self.drawn, self.last_discard = seat, e["tile"], None
            if e["_end"] == "front":
                self.after_kong = False
            self.check_size(seat, True)
        elif kind == "discard":
            if seat != self.actor:
                raise BadHand(f"event {i}: seat {seat} discards out of turn")
            void = self.voids[seat]
            if e["tile"][1] != void and any(t[1] == void for t, n in self.hands[seat].items() if n):
                raise BadHand(f"event {i}: seat {seat} must discard its void suit first (que_first)")
            if is_win(self.hands[seat], self.melds[seat], void):
                raise BadHand(f"event {i}: seat {seat} could win (自摸) and discarded instead")
            if self.mode == "xueliu" and seat in self.won and e["tile"] != self.drawn:
                raise BadHand(f"event {i}: xueliu winner {seat} must discard the tile it drew")
            self.take(seat, e["tile"])
            self.check_size(seat, False)
            self.last_discard, self.actor, self.drawn, self.after_kong = (seat, e["tile"]), None, None, False
        elif kind == "peng":
            src, tile = self.last_discard or (None, "")
            if not tile or src == seat or self.actor is not None:
                raise BadHand(f"event {i}: no discard to peng")
            if self.mode == "xueliu" and seat in self.won:
                raise BadHand(f"event {i}: a xueliu winner cannot peng (SC-3.7)")
            if tile[1] == self.voids[seat]:
                raise BadHand(f"event {i}: seat {seat} cannot peng its void suit (SC-2.2)")
            for _ in range(2):
                self.take(seat, tile)
            self.melds[seat] += 1
            self.melded[seat][tile] += 3
            self.pengs[seat].add(tile)
            self.actor, self.last_discard = seat, None
            self.check_size(seat, True)
        elif kind == "gang" and e["kind"] == "xu":
            tile = e["tile"]
            if seat != self.actor or tile not in self.pengs[seat]:
                raise BadHand(f"event {i}: seat {seat} has no peng of {tile} to extend (补杠)")
            self.take(seat, tile)
            self.melded[seat][tile] += 1
            self.pengs[seat].discard(tile)
            self.after_kong, self.robbing, self.last_discard = True, True, (seat, tile)
        elif kind == "gang":
            tile = e["tile"]
            before: set[str] = set()
            if self.mode == "xueliu" and seat in self.won and e["kind"] == "ming":
                before = waits(self.hands[seat], self.melded[seat], self.melds[seat], self.voids[seat])
            if e["kind"] == "ming":
                src, t = self.last_discard or (None, None)
                if t != tile or src == seat:
                    raise BadHand(f"event {i}: no discard {tile} to kong")
                for _ in range(3):
                    self.take(seat, tile)
                self.last_discard = None
            elif e["kind"] == "an":
                if seat != self.actor:
                    raise BadHand(f"event {i}: 暗杠 out of turn")
                if self.mode == "xueliu" and seat in self.won:
                    before = waits(
                        self.hands[seat] - Counter([self.drawn]),
                        self.melded[seat],
                        self.melds[seat],
                        self.voids[seat],
                    )
                for _ in range(4):
                    self.take(seat, tile)
            else:
                raise BadHand("xu kongs are not scripted here")
            self.melds[seat] += 1
            self.melded[seat][tile] += 4
            if self.mode == "xueliu" and seat in self.won:
                after = waits(self.hands[seat], self.melded[seat], self.melds[seat], self.voids[seat])
                if after != before:
                    raise BadHand(f"event {i}: xueliu kong changes waits {before} -> {after}")
            self.actor, self.after_kong = seat, True
        elif kind == "hu":
            if self.last_discard is not None and (self.actor is None or self.robbing):
                src, tile = self.last_discard
                if not self.can_win_on(seat, tile) or not self.active(seat) or seat == src:
                    raise BadHand(f"event {i}: seat {seat} cannot win on {tile}")
                pending.append(e)
            else:
                if seat != self.actor or not is_win(self.hands[seat], self.melds[seat], self.voids[seat]):
                    raise BadHand(f"event {i}: seat {seat} has no self-drawn win")
                self.take(seat, self.drawn or "")  # the winning tile is set aside
                self.won.add(seat)
                self.actor, self.drawn, self.last_discard, self.after_kong = None, None, (seat, ""), False
        elif kind == "huangzhuang":
            self.actor = None
        else:
            raise BadHand(f"unscripted event {kind}")

    def _missed_wins(self, pending: list[dict[str, Any]]) -> None:
        """Settle the wins on the last discard; refuse a record where someone let one pass."""
        src, tile = self.last_discard or (0, "")
        if not tile:
            return
        robbing, self.robbing = self.robbing, False
        winners = {e["seat"] for e in pending}
        for seat in range(4):
            if seat != src and self.active(seat) and seat not in winners and self.can_win_on(seat, tile):
                raise BadHand(f"seat {seat} could win on {tile} from seat {src} and passed")
        for seat in sorted(winners, key=lambda s: (s - src) % 4):
            self.won.add(seat)
        if winners:
            last = max(winners, key=lambda s: (s - src) % 4)
            self.last_discard = (last, "")
            if robbing:  # robbed: the kong is not made, the peng stays (SC-3.3)
                self.melded[src][tile] -= 1
                self.pengs[src].add(tile)
                self.actor, self.after_kong = None, False
        elif robbing:
            self.last_discard = None  # not robbed: the replacement draw follows
        pending.clear()


def build(
    hand_id: str,
    *,
    preset: str,
    overrides: dict[str, Any],
    dealer: int,
    deal: list[list[str]],
    swap: tuple[str, list[list[str]]] | None,
    voids: list[str],
    play: list[str],
    result: dict[str, Any],
    wall_mode: bool,
    filler_order: list[str] | None = None,
) -> tuple[dict[str, Any], Table]:
    """A checked record (and the table at its end): the wall built from the deal and the draws."""
    mode = "xueliu" if preset == "xueliu" else "xuezhan"
    events = [parse(line) for line in play if not line.startswith("AUTO")]
    pool = Counter({t: 4 for t in KINDS})
    for hand in deal:
        pool.subtract(hand)
    for e in events:
        if e["type"] == "draw":
            pool[e["tile"]] -= 1
    if any(n < 0 for n in pool.values()):
        raise BadHand(f"{hand_id}: more than four of {[t for t, n in pool.items() if n < 0]}")
    filler = [t for t in (filler_order or KINDS) for _ in range(pool[t])]
    hands = [list(h) for h in deal]
    if swap is not None:
        direction, given = swap
        for s in range(4):
            for t in given[s]:
                hands[s].remove(t)
        for s in range(4):
            hands[(s + OFFSET[direction]) % 4] += given[s]
    table = Table(hands, dealer, voids, mode)
    out_events: list[dict[str, Any]] = []
    if swap is not None:
        out_events.append({"type": "swap", "direction": swap[0], "tiles": swap[1]})
    out_events.append({"type": "dingque", "suits": voids})
    front: list[str] = []
    back: list[str] = []
    pending: list[dict[str, Any]] = []
    fill = iter(filler)
    for line in play:  # AUTO [n]: each next seat draws a filler tile and discards it
        if line.startswith("AUTO"):
            n = int(line.split()[1]) if len(line.split()) > 1 else 10**6
            for _ in range(n):
                tile = next(fill, None)
                if tile is None:
                    break
                table._missed_wins(pending)  # wins on the last discard first: they move the turn
                seat = table.next_active(table.last_discard[0]) if table.last_discard else dealer
                for e in ({"type": "draw", "seat": seat, "tile": tile, "_end": "front"},
                          {"type": "discard", "seat": seat, "tile": tile}):  # fmt: skip
                    table.play(len(out_events), e, pending)
                    if e["type"] == "draw":
                        front.append(tile)
                    out_events.append({k: v for k, v in e.items() if k != "_end"})
            continue
        e = parse(line)
        table.play(len(out_events), e, pending)
        if e["type"] == "draw":
            (front if e.pop("_end") == "front" else back).append(e["tile"])
        out_events.append(e)
    if pending:
        table._missed_wins(pending)
    rest = list(fill)
    wall: list[str] = []
    taken = [0] * 4
    for seat, n in deal_order(dealer):
        wall += deal[seat][taken[seat] : taken[seat] + n]
        taken[seat] += n
    wall += front + rest + back[::-1]
    if len(wall) != 108 or Counter(wall) != Counter({t: 4 for t in KINDS}):
        raise BadHand(f"{hand_id}: the wall holds {len(wall)} tiles: {Counter(wall) - Counter(KINDS * 4)}")
    if mode == "xueliu" and rest:
        raise BadHand(f"{hand_id}: a xueliu hand ends only when the wall is empty ({len(rest)} left)")
    deltas = [0] * 4
    for t in result.get("transfers", []):
        deltas[t["from"]] -= t["amount"]
        deltas[t["to"]] += t["amount"]
    if deltas != result["deltas"] or sum(deltas) != 0:
        raise BadHand(f"{hand_id}: transfers give {deltas}, result says {result['deltas']}")
    record: dict[str, Any] = {
        "format": "sichuan-hand/1",
        "hand_id": hand_id,
        "source": "sichuan-club",
        "played_at": "2026-11-30T21:04:00+08:00",
        "session": {"id": "sichuan-club-20261130", "hand_no": 1},
        "ruleset": {"preset": preset, "overrides": overrides},
        "seats": SEATS,
        "dealer": dealer,
    }
    if wall_mode:
        record["wall"] = wall
    else:
        record["deal"] = deal
    record["events"] = out_events
    record["result"] = result
    return record, table


def tr(kind: str, frm: int, to: int, amount: int) -> dict[str, Any]:
    return {"kind": kind, "from": frm, "to": to, "amount": amount}


# -- the records -----------------------------------------------------------------------------


def xuezhan_e1() -> dict[str, Any]:
    """sichuan.md E1 played out: 暗杠, 直杠, three winners, the hand ends at the third win.

    Ruleset: preset xuezhan with 换三张 of one suit (``swap_three: same_suit``; the dice sent
    the tiles across). After the swap and 定缺 (seat 0 缺s, 1 缺m, 2 缺p, 3 缺s):
    seat 0 (dealer) 123m 456m 678m 11p 23p 9s, seat 1 777s 555p 234s 88s 99p,
    seat 2 11m 234m 567m 78m 999m, seat 3 1m 4m 8m 9m 1p-9p.

    Settlement (SC-5.1-5.5, base 1), in event order:
    - seat 1 暗杠 7s: 2, 3, 0 pay 2 each (SC-5.5).
    - seat 1 直杠 5p off seat 3: 3 pays 2.
    - seat 1 self-draws 9p: 7777s 5555p 234s 999p 88s = 平胡 P 1, G 2 (two kongs), M 4;
      2, 3, 0 pay 4 + 1 (自摸加底) = 5.
    - seat 0 wins 4p off seat 3: 123m 456m 678m 234p 11p = 平胡 M 1; 3 pays 1.
    - seat 2 self-draws 6m: 11m 234m 567m 678m 999m = 清一色 P 4, G 0, M 4; only seat 3 is
      still active: pays 5. Three winners: the hand ends (SC-3.9).
    Deltas: 0: -2 -5 +1 = -6; 1: 6 + 2 + 15 = +23; 2: -2 -5 +5 = -2; 3: -2 -2 -5 -1 -5 = -15.
    Next dealer: the first winner, seat 1 (SC-1.3).
    """
    deal = [
        "1m 2m 3m 4m 5m 6m 6m 7m 8m 1p 9s 9m 9m 9m".split(),
        "7s 7s 7s 5p 5p 5p 8s 8s 9p 9p 1m 4m 8m".split(),
        "1m 1m 2m 3m 4m 5m 6m 7m 7m 8m 1p 2p 3p".split(),
        "9m 1p 2p 3p 4p 5p 6p 7p 8p 9p 2s 3s 4s".split(),
    ]
    swap = ("across", [["9m", "9m", "9m"], ["1m", "4m", "8m"], ["1p", "2p", "3p"], ["2s", "3s", "4s"]])
    play = [
        "0 d 9s",
        "1 D 7s", "1 gang an 7s", "1 R 5m", "1 d 5m",
        "2 D 8p", "2 d 8p",
        "3 D 7m", "3 d 5p", "1 gang ming 5p", "1 R 2m", "1 d 2m",
        "2 D 6p", "2 d 6p",
        "3 D 2s", "3 d 2s",
        "0 D 3s", "0 d 3s",
        "1 D 9p", "1 hu",
        "2 D 7p", "2 d 7p",
        "3 D 3m", "3 d 4p", "0 hu 4p",
        "2 D 6m", "2 hu",
    ]  # fmt: skip
    result = {
        "wins": [
            {"seat": 1, "from": None, "tile": "9p", "hand": "pinghu", "gen": 2, "ways": [], "multiple": 4},
            {"seat": 0, "from": 3, "tile": "4p", "hand": "pinghu", "gen": 0, "ways": [], "multiple": 1},
            {"seat": 2, "from": None, "tile": "6m", "hand": "qingyise", "gen": 0, "ways": [], "multiple": 4},
        ],
        "huazhu": [],
        "tenpai": [],
        "transfers": [
            tr("gang_an", 2, 1, 2),
            tr("gang_an", 3, 1, 2),
            tr("gang_an", 0, 1, 2),
            tr("gang_ming", 3, 1, 2),
            tr("hu", 2, 1, 5),
            tr("hu", 3, 1, 5),
            tr("hu", 0, 1, 5),
            tr("hu", 3, 0, 1),
            tr("hu", 3, 2, 5),
        ],
        "next_dealer": 1,
        "deltas": [-6, 23, -2, -15],
    }
    record, table = build(
        "sc-xuezhan-e1",
        preset="xuezhan",
        overrides={"swap_three": "same_suit"},
        dealer=0,
        deal=deal,
        swap=swap,
        voids=["s", "m", "p", "s"],
        play=play,
        result=result,
        wall_mode=True,
    )
    if table.won != {0, 1, 2}:
        raise BadHand(f"xuezhan: winners {table.won}")
    return record


def xueliu_e7() -> dict[str, Any]:
    """sichuan.md E7 played to the end of the wall, then 查花猪 / 查大叫 (SC-6.1-6.4).

    Ruleset: preset xueliu (no 换三张). 定缺: seat 0 缺s, 1 缺m, 2 缺s, 3 缺s. Seat 0 (dealer)
    holds 234m 678m 34p 777p 99p and a lone 1s; seat 3 holds 111m 999m 123p 89p 11p, waiting on
    7p (all four of which seat 0 ends up holding, so seat 3 can never win); seats 1 and 2 never
    get near a win. Every tile after the scripted ones is drawn and thrown straight back.

    Settlement, in event order:
    - seat 0 wins 5p off seat 2: 234m 678m 345p 777p 99p = 平胡 M 1; 2 pays 1. Seat 0 stays.
    - seat 0 draws 7p, 暗杠 (its waits 2p/5p unchanged, SC-3.7): 1, 2, 3 pay 2 each.
    - replacement 2p: 杠上花, 平胡 P 1, G 1, ways 1: M 4; 1, 2, 3 pay 4 + 1 = 5 (xueliu: all
      three are active and pay).
    - the wall runs out (SC-1.6). Eligible: 1, 2, 3 (never won). No 花猪. 下叫: only seat 3,
      waits 7p: 111m 999m 123p 789p 11p = 带幺九 P 4, G 0: D 4. Seats 1 and 2 pay it 4 each
      (查大叫). 退税: seats 1 and 2 received no kong payments: nothing to return.
    Deltas: 0: 1 + 6 + 15 = +22; 1: -2 -5 -4 = -11; 2: -1 -2 -5 -4 = -12; 3: -2 -5 +8 = +1.
    Next dealer: the first winner, seat 0.
    """
    deal = [
        "2m 3m 4m 6m 7m 8m 3p 4p 7p 7p 7p 9p 9p 1s".split(),
        "2p 2p 5p 5p 8p 1s 1s 4s 7s 9s 3p 6p 2s".split(),
        "5p 5p 1m 9m 4m 4m 7m 7m 3p 6p 8p 2m 6m".split(),
        "1m 1m 1m 9m 9m 9m 1p 1p 1p 2p 3p 8p 9p".split(),
    ]
    play = [
        "0 d 1s",
        "AUTO 1",
        "2 D 6m", "2 d 5p", "0 hu 5p",
        "AUTO 3",
        "0 D 7p", "0 gang an 7p", "0 R 2p", "0 hu",
        "AUTO",
        "huang",
    ]  # fmt: skip
    result = {
        "wins": [
            {"seat": 0, "from": 2, "tile": "5p", "hand": "pinghu", "gen": 0, "ways": [], "multiple": 1},
            {
                "seat": 0,
                "from": None,
                "tile": "2p",
                "hand": "pinghu",
                "gen": 1,
                "ways": ["gangshanghua"],
                "multiple": 4,
            },
        ],
        "huazhu": [],
        "tenpai": [3],
        "transfers": [
            tr("hu", 2, 0, 1),
            tr("gang_an", 1, 0, 2),
            tr("gang_an", 2, 0, 2),
            tr("gang_an", 3, 0, 2),
            tr("hu", 1, 0, 5),
            tr("hu", 2, 0, 5),
            tr("hu", 3, 0, 5),
            tr("dajiao", 1, 3, 4),
            tr("dajiao", 2, 3, 4),
        ],
        "next_dealer": 0,
        "deltas": [22, -11, -12, 1],
    }
    record, table = build(
        "sc-xueliu-e7",
        preset="xueliu",
        overrides={},
        dealer=0,
        deal=deal,
        swap=None,
        voids=["s", "m", "s", "s"],
        play=play,
        result=result,
        wall_mode=False,
    )
    # §6 at the end of the wall, recomputed: 花猪 and 下叫 of the eligible seats.
    eligible = [s for s in range(4) if s not in table.won]
    huazhu = [s for s in eligible if any(t[1] == table.voids[s] for t, n in table.hands[s].items() if n)]
    tenpai = [
        s
        for s in eligible
        if s not in huazhu and waits(table.hands[s], table.melded[s], table.melds[s], table.voids[s])
    ]
    if (huazhu, tenpai) != (result["huazhu"], result["tenpai"]):
        raise BadHand(f"xueliu end of wall: 花猪 {huazhu}, 下叫 {tenpai}")
    if waits(table.hands[3], table.melded[3], table.melds[3], "s") != {"7p"}:
        raise BadHand("xueliu: seat 3 should wait on 7p only")
    return record


def xuezhan_e2() -> dict[str, Any]:
    """sichuan.md E2 played out: 碰, 补杠, 杠上炮 with 一炮多响 and 呼叫转移, then 查大叫.

    Ruleset: preset xuezhan (no 换三张). 定缺: seat 0 缺m, 1 缺s, 2 缺p, 3 缺p. Seat 0 (dealer)
    holds 66s 123s 789s 44s 23s and two 万 to throw; seat 1 222p 444p 777m 99p 33m; seat 2 holds
    the other 1s and 4s (seat 0's waits) and never gets near a win; seat 3 12m 456m 789m 555s 88s.

    Settlement, in event order:
    - seat 0 pengs seat 1's 6s, later draws the fourth: 补杠 6s, nobody can rob it; 1, 2, 3
      pay 1 each (SC-5.5).
    - its replacement is 3m, which it must throw (缺m); seats 1 and 3 both win on it (一炮多响):
      seat 1 222p 444p 777m 333m 99p = 对对胡 P 2 × 杠上炮 = M 4; seat 3 123m 456m 789m 555s 88s
      = 平胡 × 杠上炮 = M 2. Seat 0 pays 4 and 2, then hands its kong income of that turn (3)
      to seat 1, the first winner from the discarder (呼叫转移 last, SC-5.6).
    - play resumes with seat 0 (after seat 3, the last winner from the discarder); seats 0 and
      2 play out the wall. 流局: eligible 0 and 2. 下叫: seat 0 (6666s 123s 789s 44s 23s waits
      1s/4s, each 清一色 P 4, G 1: D 8); seat 2 has none and pays seat 0 8 (查大叫). 退税: seat 2
      received no kong payment.
    Deltas: 0: 3 - 6 - 3 + 8 = +2; 1: -1 + 4 + 3 = +6; 2: -1 - 8 = -9; 3: -1 + 2 = +1.
    Next dealer: the first win was a multiple win, so the discarder, seat 0 (SC-1.3).
    """
    deal = [
        "6s 6s 1s 2s 3s 7s 8s 9s 4s 4s 2s 3s 5m 9m".split(),
        "2p 2p 2p 4p 4p 4p 7m 7m 7m 9p 9p 3m 3m".split(),
        "1s 1s 1s 4s 4s 2m 5m 8m 9m 7s 9s 6m 1m".split(),
        "1m 2m 4m 5m 6m 7m 8m 9m 5s 5s 5s 8s 8s".split(),
    ]
    play = [
        "0 d 5m",
        "1 D 6s", "1 d 6s", "0 peng", "0 d 9m",
        "AUTO 7",
        "0 D 6s", "0 gang xu 6s", "0 R 3m", "0 d 3m", "1 hu 3m", "3 hu 3m",
        "AUTO",
        "huang",
    ]  # fmt: skip
    result = {
        "wins": [
            {
                "seat": 1,
                "from": 0,
                "tile": "3m",
                "hand": "duiduihu",
                "gen": 0,
                "ways": ["gangshangpao"],
                "multiple": 4,
            },
            {
                "seat": 3,
                "from": 0,
                "tile": "3m",
                "hand": "pinghu",
                "gen": 0,
                "ways": ["gangshangpao"],
                "multiple": 2,
            },
        ],
        "huazhu": [],
        "tenpai": [0],
        "transfers": [
            tr("gang_xu", 1, 0, 1),
            tr("gang_xu", 2, 0, 1),
            tr("gang_xu", 3, 0, 1),
            tr("hu", 0, 1, 4),
            tr("hu", 0, 3, 2),
            tr("zhuanyi", 0, 1, 3),
            tr("dajiao", 2, 0, 8),
        ],
        "next_dealer": 0,
        "deltas": [2, 6, -9, 1],
    }
    late = ["9p", "3m"]  # seat 1 waits on 9p/3m and seat 3 on 3m until they win: draw them last
    record, table = build(
        "sc-xuezhan-e2",
        preset="xuezhan",
        overrides={},
        dealer=0,
        deal=deal,
        swap=None,
        voids=["m", "s", "p", "p"],
        play=play,
        result=result,
        wall_mode=False,
        filler_order=[t for t in KINDS if t not in late] + late,
    )
    _check_end_of_wall(table, result)
    if waits(table.hands[0], table.melded[0], table.melds[0], "m") != {"1s", "4s"}:
        raise BadHand("xuezhan E2: seat 0 should wait on 1s/4s")
    return record


def _check_end_of_wall(table: Table, result: dict[str, Any]) -> None:
    """§6 recomputed: the eligible seats' 花猪 (SC-6.1) and 下叫 (SC-6.2) match the result."""
    eligible = [s for s in range(4) if s not in table.won]
    huazhu = [s for s in eligible if any(t[1] == table.voids[s] for t, n in table.hands[s].items() if n)]
    tenpai = [
        s
        for s in eligible
        if s not in huazhu and waits(table.hands[s], table.melded[s], table.melds[s], table.voids[s])
    ]
    if (huazhu, tenpai) != (result["huazhu"], result["tenpai"]):
        raise BadHand(f"end of wall: 花猪 {huazhu}, 下叫 {tenpai}")


def _set(record: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    target: Any = out
    for part in path[:-1]:
        target = target[part]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out


_DELETE = object()


def invalid_records(
    xz: dict[str, Any], xl: dict[str, Any]
) -> dict[str, tuple[dict[str, Any] | list[Any], list[str]]]:
    """One schema error each (file name → record, the fields the errors must name)."""
    honour_draw = next(i for i, e in enumerate(xz["events"]) if e["type"] == "draw")
    bankrupt = _set(xz, ("ruleset", "overrides", "bankruptcy"), True)
    with_stacks = _set(bankrupt, ("stacks",), [30, 0, 40, 25.0])
    return {
        "not_an_object.json": ([xz], [""]),
        "wrong_format.json": (_set(xz, ("format",), "sichuan-hand/2"), ["format"]),
        "honour_in_wall.json": (_set(xz, ("wall", 60), "红中"), ["wall[60]"]),
        "honour_in_event.json": (
            _set(xz, ("events", honour_draw, "tile"), "E"),
            [f"events[{honour_draw}].tile"],
        ),
        "honour_in_deal.json": (_set(xl, ("deal", 2, 0), "7z"), ["deal[2][0]"]),
        "wuhan_field.json": (_set(xz, ("laizi_indicator",), "4p"), ["laizi_indicator"]),
        "wuhan_preset.json": (_set(xz, ("ruleset", "preset"), "hzlzg"), ["ruleset.preset"]),
        "bad_overrides.json": (
            _set(
                xz,
                ("ruleset", "overrides"),
                {"swap_three": "yes", "cap": {"fan": -1}, "ways": ["gangshanghua", "tianhu"], "laizi": "5m"},
            ),
            [
                "ruleset.overrides.cap.fan",
                "ruleset.overrides.laizi",
                "ruleset.overrides.swap_three",
                "ruleset.overrides.ways[1]",
            ],
        ),
        "short_wall.json": (_set(xz, ("wall",), xz["wall"][:107]), ["wall"]),
        "deal_against_dealer.json": (_set(xl, ("dealer",), 1), ["deal[0]", "deal[1]"]),
        "draw_without_tile.json": (_set(xl, ("events", 3, "tile"), _DELETE), ["events[3].tile"]),
        "chi.json": (
            _set(xl, ("events", 3), {"type": "chi", "seat": 1, "tiles": ["2m", "3m"]}),
            ["events[3].type"],
        ),
        "pizi_gang.json": (_set(xz, ("events", 4, "kind"), "pizi"), ["events[4].kind"]),
        "bad_swap.json": (
            _set(_set(xz, ("events", 0, "direction"), "random"), ("events", 0, "tiles", 2), ["1p", "2p"]),
            ["events[0].direction", "events[0].tiles[2]"],
        ),
        "bad_dingque.json": (_set(xz, ("events", 1, "suits", 3), "z"), ["events[1].suits[3]"]),
        "stacks_missing.json": (bankrupt, ["stacks"]),
        "stacks_bad.json": (with_stacks, ["stacks[1]", "stacks[3]"]),
        "stacks_without_bankruptcy.json": (_set(xz, ("stacks",), [30, 5, 40, 25]), ["stacks"]),
        "bad_result.json": (
            _set(
                _set(
                    _set(
                        _set(xz, ("result", "wins", 0, "hand"), "pihu"), ("result", "transfers", 0, "to"), 2
                    ),
                    ("result", "deltas", 3),
                    -14,
                ),
                ("result", "tenpai"),
                [1, 1],
            ),
            ["result.deltas", "result.tenpai", "result.transfers[0].to", "result.wins[0].hand"],
        ),
        "bad_envelope.json": (
            _set(_set(xl, ("seats",), xl["seats"][:3]), ("played_at",), "2026-11-30 21:04"),
            ["played_at", "seats"],
        ),
    }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    xz, xl = xuezhan_e1(), xueliu_e7()
    files: dict[str, Any] = {
        "valid/xuezhan_e1.json": xz,
        "valid/xueliu_e7.json": xl,
        "valid/xuezhan_e2.json": xuezhan_e2(),
    }
    expected: dict[str, list[str]] = {}
    for name, (record, fields) in invalid_records(xz, xl).items():
        files[f"invalid/{name}"] = record
        expected[name] = fields
    files["invalid/expected.json"] = expected
    stale = []
    for name, value in files.items():
        path = HERE / name
        text = json.dumps(value, ensure_ascii=False, indent=1) + "\n"
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date:", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
