"""Write the hand records of this folder and their manifest ``expected.json``.

Run ``python tests/data/records/make_records.py`` (``--check``: compare, do not write). The committed
records are plain JSON (format ``wuhan-hand/1``); this script only saves typing: each record is
written below as the hands that matter, a few lines of play and the result worked out BY HAND
from RULES.md §10 (the arithmetic is in the comments). The rest of each deal is filled with
left-over tiles, and the long hands that reach the 海底 (haidi) line are padded with
draw-and-discard turns ("AUTO").

Play lines: ``"0 d 1m"`` discard, ``"1 D 3s"`` draw (``"1 D"`` in wall mode: tile from the wall),
``"1 chi 2m 3m"``, ``"2 peng"``, ``"2 gang ming 7m"``, ``"2 hu"`` / ``"2 hu 5s"``, ``"huang"``,
``"AUTO 14"`` (each next seat draws a spare tile and discards it until the wall holds 14 or
fewer tiles to draw, i.e. until the next draw would be a haidi draw).

The script checks every record against the replayer as it writes it: each event before the
intended one must be legal (and listed by ``Board.legal_actions``), the intended one must fail
with the intended code. It prints any disagreement and exits 1; the hand-computed expectations
are never replaced by the engine's numbers.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from replay.games.wuhan.board import Board, IllegalEvent  # noqa: E402
from replay.games.wuhan.laizi import laizi_of, table_rules  # noqa: E402
from replay.games.wuhan.ruleset import make_ruleset  # noqa: E402
from replay.inputs import iter_records  # noqa: E402
from replay.tiles import CODES, parse_tile  # noqa: E402
from schemas.audit import audit_records  # noqa: E402

SOURCE = "records-tests"
SEATS = [{"player_id": f"p{s}"} for s in range(4)]
PROBLEMS: list[str] = []


def kinds(text: str) -> list[str]:
    return text.split()


def canon(token: Any) -> str:
    return CODES[parse_tile(token)]


def parse_line(line: str) -> dict[str, Any]:
    """One play line as an event object (tiles kept as spelled)."""
    if line == "huang":
        return {"type": "huangzhuang"}
    words = line.split()
    seat, verb, rest = int(words[0]), words[1], words[2:]

    def tile(w: str) -> Any:
        return int(w, 16) if w.startswith("0x") else w

    if verb == "d":
        return {"type": "discard", "seat": seat, "tile": tile(rest[0])}
    if verb == "D":
        return {"type": "draw", "seat": seat, **({"tile": tile(rest[0])} if rest else {})}
    if verb == "chi":
        return {"type": "chi", "seat": seat, "tiles": [tile(w) for w in rest]}
    if verb == "peng":
        return {"type": "peng", "seat": seat}
    if verb == "gang":
        return {"type": "gang", "seat": seat, "kind": rest[0], "tile": tile(rest[1])}
    if verb == "hu":
        return {"type": "hu", "seat": seat, **({"tile": tile(rest[0])} if rest else {})}
    if verb == "pass":
        return {"type": "pass", "seat": seat}
    raise ValueError(line)


def spare_order(exclude: set[str]) -> list[str]:
    """Every tile, one of each kind per pass, in a fixed order (honours last in each pass)."""
    return [CODES[k] for _ in range(4) for k in range(34) if CODES[k] not in exclude]


def take(pool: Counter[str], order: list[str], n: int) -> list[str]:
    out: list[str] = []
    for t in order:
        if len(out) == n:
            break
        if pool[t] > 0:
            pool[t] -= 1
            out.append(t)
    if len(out) != n:
        raise RuntimeError("ran out of spare tiles")
    return out


def same_action(event: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    """Is the event one of ``legal`` (draws and hus listed without a tile, chi tiles unordered)?"""

    def key(e: dict[str, Any]) -> tuple[Any, ...]:
        tiles = tuple(sorted(e.get("tiles", ())))
        tile = None if e["type"] in ("draw", "hu") else e.get("tile")
        return e["type"], e.get("seat"), e.get("kind"), tile, tiles

    return key(event) in {key(a) for a in legal}


def build(
    hand_id: str,
    hands: dict[int, str],
    indicator: str,
    play: list[str],
    *,
    dealer: int = 0,
    preset: str = "hzlzg",
    overrides: dict[str, Any] | None = None,
    session: tuple[str, int] | None = None,
    wall_front: list[str] | None = None,
    wall_back: list[str] | None = None,
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A record: the given hands filled up with spare tiles, the play expanded.

    ``wall_front``/``wall_back`` switch to wall mode: the tiles the normal draws and the kong
    replacement draws take, in order (the rest of the wall is spare tiles).
    """
    ruleset: dict[str, Any] = {"preset": preset}
    if overrides:
        ruleset["overrides"] = overrides
    rules = make_ruleset(preset, overrides)
    rules = table_rules(rules, laizi_of(parse_tile(indicator), rules))  # 皮 are special too
    laizi = CODES[laizi_of(parse_tile(indicator), rules)]
    special = {CODES[k] for k in rules.pizi} | {laizi}
    pool: Counter[str] = Counter({c: 4 for c in CODES})
    given = {s: [canon(t) for t in kinds(h)] for s, h in hands.items()}
    for h in given.values():
        pool.subtract(h)
    pool[canon(indicator)] -= 1
    events = [parse_line(line) for line in play if not line.startswith("AUTO")]
    for e in events:
        if e["type"] == "draw" and "tile" in e:
            pool[canon(e["tile"])] -= 1
    for t in (wall_front or []) + (wall_back or []):
        pool[t] -= 1
    if wall_front is not None:  # in wall mode the draws' tiles are the wall's, counted above
        for e in events:
            if e["type"] == "draw" and "tile" in e:
                pool[canon(e["tile"])] += 1
    order = spare_order(set())
    deal: list[list[Any]] = []
    for s in range(4):
        mine = list(given.get(s, []))
        want = 14 if s == dealer else 13
        mine += take(pool, order, want - len(mine))
        deal.append(mine)
    record: dict[str, Any] = {
        "format": "wuhan-hand/1",
        "hand_id": hand_id,
        "source": SOURCE,
    }
    if session:
        record["session"] = {"id": session[0], "hand_no": session[1]}
    record |= {"ruleset": ruleset, "seats": SEATS, "dealer": dealer}
    if wall_front is not None:
        # the deal as it leaves the wall: 4-4-4 from the dealer in turn order, 1 each, the 14th
        wall: list[str] = []
        for r in range(3):
            for k in range(4):
                wall += deal[(dealer + k) % 4][4 * r : 4 * r + 4]
        for k in range(4):
            wall.append(deal[(dealer + k) % 4][12])
        wall.append(deal[dealer][13])
        wall.append(canon(indicator))
        wall += wall_front
        wall += take(pool, order, sum(pool.values()))
        wall += list(reversed(wall_back or []))
        assert len(wall) == 136 and all(n == 4 for n in Counter(wall).values()), Counter(wall)
        record["wall"] = wall
    else:
        record["deal"] = deal
        record["laizi_indicator"] = indicator
    # expand AUTO lines against a board (deal mode only)
    spare = spare_order(special)
    out_events: list[dict[str, Any]] = []
    board = Board.from_record(canonical(record))
    for line in play:
        if line.startswith("AUTO"):
            stop = int(line.split()[1])
            while board.phase == "claim" and board.live > stop:
                seat = (board.last_discard[0] + 1) % 4
                t = take(pool, spare, 1)[0]
                for e in (
                    {"type": "draw", "seat": seat, "tile": t},
                    {"type": "discard", "seat": seat, "tile": t},
                ):
                    board.push(e)
                    out_events.append(e)
            continue
        e = parse_line(line)
        out_events.append(e)
        with contextlib.suppress(IllegalEvent):  # the intended illegal event: checked by verify()
            board.push(canonical_event(e))
    record["events"] = out_events
    if result is not None:
        record["result"] = result
    return record


def canonical_event(e: dict[str, Any]) -> dict[str, Any]:
    out = dict(e)
    if "tile" in out:
        out["tile"] = canon(out["tile"])
    if "tiles" in out:
        out["tiles"] = [canon(t) for t in out["tiles"]]
    return out


def canonical(record: dict[str, Any]) -> dict[str, Any]:
    out = dict(record)
    if "deal" in out:
        out["deal"] = [[canon(t) for t in h] for h in out["deal"]]
        out["laizi_indicator"] = canon(out["laizi_indicator"])
    return out


def check_steps(name: str, record: dict[str, Any], illegal_at: int | None) -> None:
    """Every event before the intended illegal one is legal and listed by legal_actions()."""
    board = Board.from_record(canonical(record))
    for i, e in enumerate(record["events"]):
        e = canonical_event(e)
        if i == illegal_at:
            return
        if e["type"] != "pass" and not same_action(e, board.legal_actions()):
            PROBLEMS.append(f"{name}: event {i} {e} is not in legal_actions()")
        try:
            board.push(e)
        except IllegalEvent as err:
            PROBLEMS.append(f"{name}: event {i} {e} unexpectedly illegal: {err.reason.code} {err}")
            return


# --------------------------------------------------------------------------------------------
# Dumping: one deal row, one wall row of 12, one event per line.


def dumps(value: Any) -> str:
    def one(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

    def record(r: dict[str, Any], pad: str) -> str:
        lines = []
        for key, v in r.items():
            if key in ("deal", "events"):
                inner = f",\n{pad}    ".join(one(x) for x in v)
                text = f"[\n{pad}    {inner}\n{pad}  ]"
            elif key == "wall":
                rows = [v[i : i + 12] for i in range(0, len(v), 12)]
                inner = f",\n{pad}    ".join(", ".join(one(t) for t in row) for row in rows)
                text = f"[\n{pad}    {inner}\n{pad}  ]"
            else:
                text = one(v)
            lines.append(f'{pad}  "{key}": {text}')
        return "{\n" + ",\n".join(lines) + f"\n{pad}}}"

    if isinstance(value, list):
        return "[\n  " + ",\n  ".join(record(r, "  ") for r in value) + "\n]\n"
    return record(value, "") + "\n"


# --------------------------------------------------------------------------------------------
# The records. Default laizi: indicator 9p gives laizi 1p (R-3.2: 9 -> 1 in the same suit).

IND = "9p"
EXPECTED: dict[str, Any] = {}
RECORDS: dict[str, Any] = {}


def illegal(code: str, rule: str, index: int | None, record: dict[str, Any] | list[Any]) -> None:
    name = f"illegal/{code}.json"
    RECORDS[name] = record
    EXPECTED[name] = {"status": "illegal", "index": index, "code": code, "rule": rule}


def legal(name: str, record: dict[str, Any]) -> None:
    r = record["result"]
    RECORDS[f"legal/{name}.json"] = record
    EXPECTED[f"legal/{name}.json"] = {
        "status": "ok",
        "winner": r["winner"],
        "hands": r["hands"],
        "liable": r["liable"],
        "deltas": r["deltas"],
    }


def mismatch(name: str, fields: list[str], correct: dict[str, Any], record: dict[str, Any]) -> None:
    """A record whose ``result`` is wrong in ``fields``; ``correct`` is the hand-computed result."""
    RECORDS[f"mismatch/{name}.json"] = record
    EXPECTED[f"mismatch/{name}.json"] = {"status": "mismatch", "fields": fields} | {
        k: correct[k] for k in ("winner", "hands", "liable", "deltas")
    }


def res(
    winner: int | None,
    hands: list[str],
    deltas: list[int],
    *,
    self_draw: bool = False,
    hard: bool | None = True,
    liable: int | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"winner": winner, "hands": hands, "self_draw": self_draw}
    if hard is not None:
        out["hard"] = hard
    return out | {"liable": liable, "deltas": deltas}


# Seat 1's hand for the small hands: after chi 1m2m3m and throwing E it holds
# 4s5s6s 7p8p9p 3s3s 5m5m and waits on 3s only, with 5m5m as the 将 pair (a 5m would leave 3s3s).
PIHU_1 = "2m 3m 4s 5s 6s 7p 8p 9p 3s 3s 5m 5m E"
PIHU_PLAY = ["0 d 1m", "1 chi 2m 3m", "1 d E", "2 D 3s", "2 d 3s", "1 hu"]
# Seat 1 after chi 1m2m3m and throwing W: 4s5s6s 7p8p9p 3s3s3s 5m, waiting on 5m.
WAIT5M_1 = "2m 3m 4s 5s 6s 7p 8p 9p 3s 3s 3s 5m W"
WAIT5M_PLAY = ["0 d 1m", "1 chi 2m 3m", "1 d W"]


def make() -> None:
    # ---------------------------------------------------------------- legal
    # 屁胡 on seat 2's discard, dealer 0. Winner: base 1 · opened 2 · hard 2 = 4.
    # seat 0 (dealer): 4·2 (dealer pair) = 8; seat 2: 4·2 (放冲) = 8; seat 3: 4. Winner +20.
    pihu = res(1, ["pihu"], [-8, 20, -8, -4])
    legal("pihu", build("pihu-1", {0: "1m", 1: PIHU_1}, IND, PIHU_PLAY, result=pihu))

    # 清一色 条: peng 1s from the dealer, then 2s3s4s 5s6s7s 9s9s9s + 8s8s on seat 3's 9s.
    # base 10 · opened 2 · hard 2 = 40 (no dealer factor for a big hand); seat 3 dealt in ·1.5 = 60.
    legal(
        "qingyise",
        build(
            "qingyise-1",
            {0: "1s", 2: "1s 1s 2s 3s 4s 5s 6s 7s 8s 8s 9s 9s E"},
            IND,
            ["0 d 1s", "2 peng", "2 d E", "3 D 9s", "3 d 9s", "2 hu"],
            result=res(2, ["qingyise"], [-40, -40, 140, -60]),
        ),
    )

    # 风一色: seat 3 pengs the dealer's 东 and wins on the dealer's 西 with SS WWW NN FF PP
    # (no structure needed, R-7.4). base 10 · opened 2 · hard 2 = 40; the dealer dealt in ·1.5 = 60.
    legal(
        "fengyise",
        build(
            "fengyise-1",
            {0: "E W", 3: "E E S S W W N N F F P P 1m"},
            IND,
            ["0 d E", "3 peng", "3 d 1m", "0 D W", "0 d W", "3 hu"],
            result=res(3, ["fengyise"], [-60, -40, -40, 140]),
        ),
    )

    # 将一色 holding two laizi: indicator 4m makes 5m the laizi, and seat 1 holds 5m 5m. A laizi
    # that is itself a 将 reads naturally, so the win is hard; a big hand may hold any
    # number of laizi. Peng 2s from the dealer; 2m 5m5m 8m8m 5s5s 8p8p 2p + 5p from seat 2.
    # base 10 · opened 2 · hard 2 = 40; seat 2 dealt in ·1.5 = 60.
    legal(
        "jiangyise",
        build(
            "jiangyise-1",
            {0: "2s", 1: "2m 5m 5m 8m 8m 2s 2s 5s 5s 8p 8p 2p 9m"},
            "4m",
            ["0 d 2s", "1 peng", "1 d 9m", "2 D 5p", "2 d 5p", "1 hu"],
            result=res(1, ["jiangyise"], [-40, 140, -60, -40]),
        ),
    )

    # 碰碰胡 self-drawn with a ming-gang. Seat 2: 冲杠 7m on the dealer's discard, replacement 3p,
    # throws W; seat 3 pengs that W; seat 1 throws a 红中 (pizi discard); seat 2 draws E.
    # Winner: base 10 · opened 2 · ming-gang 2 · hard 2 · self-draw 1.5 = 120.
    # seat 0: 120; seat 1: 120 · pizi discard 2 = 240; seat 3: 120 · opened 2 = 240. +600.
    legal(
        "pengpenghu",
        build(
            "pengpenghu-1",
            {0: "7m", 2: "7m 7m 7m 3p 3p 9s 9s 9s S S S E W", 3: "W W 1m"},
            IND,
            [
                "0 d 7m",
                "2 gang ming 7m",
                "2 D 3p",
                "2 d W",
                "3 peng",
                "3 d 1m",
                "0 D 2m",
                "0 d 2m",
                "1 D C",
                "1 d C",
                "2 D E",
                "2 hu",
            ],
            result=res(2, ["pengpenghu"], [-120, -240, 600, -240], self_draw=True),
        ),
    )

    # 全求人: seat 1 chis from the dealer, pengs 4s, 6p and N from seat 2, and wins the lone 5p
    # (a 将 pair) on seat 2's discard. Seat 2 never opened, so it was not tenpai: it is liable
    # (R-10.6a) and pays all three amounts. base 10 · opened 2 · hard 2 = 40: seat 0 40,
    # seat 2 40·1.5 = 60, seat 3 40; seat 2 pays 140.
    legal(
        "quanqiuren",
        build(
            "quanqiuren-1",
            {0: "1m", 1: "2m 3m 4s 4s 6p 6p N N 5p 9m 1s W P"},
            IND,
            [
                "0 d 1m",
                "1 chi 2m 3m",
                "1 d 9m",
                "2 D 4s",
                "2 d 4s",
                "1 peng",
                "1 d 1s",
                "2 D 6p",
                "2 d 6p",
                "1 peng",
                "1 d W",
                "2 D N",
                "2 d N",
                "1 peng",
                "1 d P",
                "2 D 5p",
                "2 d 5p",
                "1 hu",
            ],
            result=res(1, ["quanqiuren"], [0, 140, -140, 0], liable=2),
        ),
    )

    # 杠上开 after a 红中杠: seat 3 chis seat 2's 2s, puts out its 红中 as a pizi gang and wins on
    # the replacement 7p. base 10 · opened 2 · pizi gang 2 · hard 2 = 80 from each
    # (no self-draw factor with 杠上开, no dealer factor).
    legal(
        "gangshangkai",
        build(
            "gangshangkai-1",
            {0: "N", 3: "3s 4s 6m 7m 8m 2p 3p 4p 8s 8s 7p 7p C"},
            IND,
            [
                "0 d N",
                "1 D 9m",
                "1 d 9m",
                "2 D 2s",
                "2 d 2s",
                "3 chi 3s 4s",
                "3 gang pizi C",
                "3 D 7p",
                "3 hu",
            ],
            result=res(3, ["gangshangkai"], [-80, -80, -80, 240], self_draw=True),
        ),
    )

    # 海底捞: seat 1 chis, then everybody draws and throws until the wall is down to 14; the haidi
    # draws go 2, 3, 0, 1 and seat 1 wins on the very last one (5m, its 将 pair).
    # base 10 · opened 2 · hard 2 = 40 from each (no self-draw factor with 海底捞).
    legal(
        "haidilao",
        build(
            "haidilao-1",
            {0: "1m", 1: WAIT5M_1},
            IND,
            [*WAIT5M_PLAY, "AUTO 14", "2 D 6m", "3 D 7m", "0 D 8m", "1 D 5m", "1 hu"],
            result=res(1, ["haidilao"], [-40, 120, -40, -40], self_draw=True),
        ),
    )

    # 抢杠: seat 2 pengs the dealer's 5s, later draws the 4th 5s and adds it (xu-gang); seat 3,
    # waiting on 2s/5s after its chi, robs it. qianggang_mode robbed_gangkai (杠进杠出, R-10.8):
    # seat 2 pays what it would have won with a soft 杠上开, kong completed:
    # base 10 · opened 2 · xu-gang 2 = 40 from seats 0 and 1, 40 · opened 2 = 80 from seat 3;
    # 160 in all, paid by seat 2 to seat 3 (liable 2).
    legal(
        "qianggang",
        build(
            "qianggang-1",
            {0: "5s", 2: "5s 5s 1p", 3: "2p 3p 3s 4s 6m 7m 8m 7s 8s 9s 2m 2m W"},
            "8p",  # laizi 9p, out of the way
            [
                "0 d 5s",
                "2 peng",
                "2 d 1p",
                "3 chi 2p 3p",
                "3 d W",
                "0 D 1m",
                "0 d 1m",
                "1 D 1s",
                "1 d 1s",
                "2 D 5s",
                "2 gang xu 5s",
                "3 hu",
            ],
            result=res(3, ["qianggang"], [0, 0, -160, 160], liable=2),
        ),
    )

    # ---------------------------------------------------------------- issue 11's rulings
    # 全求人 with an opened discarder: seat 1 chis the dealer's 1m, pengs seat 2's 4s, 6p and N
    # and waits on a lone 5p. Seat 3 pengs seat 2's 东 and throws 2p: 123m 456m 789m 5p. It
    # draws its second 8m and throws the 5p: ready on 8m alone, a hard 屁胡 (R-9.1 decides
    # whether that is tenpai). The 全求人: base 10 · opened 2 · hard 2 = 40 from seats 0 and 2
    # (never opened; no dealer factor for a big hand), 40 · opened 2 · 放冲 1.5 = 120 from seat 3.
    def qqr_fed(hand_id: str, turns: list[str], **kw: Any) -> dict[str, Any]:
        return build(
            hand_id,
            {
                0: "1m",
                1: "2m 3m 4s 4s 6p 6p N N 5p 9m 1s W P",
                3: "E E 1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 5p",
            },
            IND,
            [
                "0 d 1m",
                "1 chi 2m 3m",
                "1 d 9m",
                "2 D 4s",
                "2 d 4s",
                "1 peng",
                "1 d 1s",
                "2 D 6p",
                "2 d 6p",
                "1 peng",
                "1 d W",
                "2 D N",
                "2 d N",
                "1 peng",
                "1 d P",
                "2 D E",
                "2 d E",
                "3 peng",
                "3 d 2p",
                *turns,
                "3 D 8m",
                "3 d 5p",
                "1 hu",
            ],
            **kw,
        )

    liable_3 = res(1, ["quanqiuren"], [0, 200, 0, -200], liable=3)
    # R-9.1 with R-10.7 (hzfclzg, 起胡 16 from every loser): seat 3's 8m 屁胡 pays W = 1·2·2 = 4,
    # seat 2 (never opened) 4 whoever discards: short of 16, so seat 3 is not tenpai and pays
    # all three: 40 + 40 + 120 = 200 (each reaches 16: the 全求人 itself is legal).
    legal(
        "tenpai_below_qihu",
        qqr_fed(
            "tbq-1",
            ["0 D 9s", "0 d 9s", "1 D 1s", "1 d 1s", "2 D 9s", "2 d 9s"],
            preset="hzfclzg",
            result=liable_3,
        ),
    )
    # dead waits (hzlzg): seats 0 and 1 throw the other two 8m (unclaimed, in the river);
    # with seat 3's own two all four are in view: the wait is dead, seat 3 is liable: 200.
    legal(
        "dead_wait_liable",
        qqr_fed(
            "dwl-1",
            ["0 D 8m", "0 d 8m", "1 D 8m", "1 d 8m", "2 D 9s", "2 d 9s"],
            result=liable_3,
        ),
    )
    # with: the 抢杠 above under 起胡 100 (scope any). The robber's own win as
    # `robber` mode settles it: 345s 678m 789s 22m + the robbed 5s, hard 抢杠, W = 10·2·2 = 40;
    # seat 2 (opened, its xu-gang back to a peng, 放冲 1.5) 120, seats 0, 1: 40: 120 reaches 100,
    # so the win stands and 杠进杠出 pays 160 as above (the replaced amounts 40, 40, 80 do not).
    legal(
        "qianggang_qihu",
        build(
            "qgq-1",
            {0: "5s", 2: "5s 5s 1p", 3: "2p 3p 3s 4s 6m 7m 8m 7s 8s 9s 2m 2m W"},
            "8p",
            [
                "0 d 5s",
                "2 peng",
                "2 d 1p",
                "3 chi 2p 3p",
                "3 d W",
                "0 D 1m",
                "0 d 1m",
                "1 D 1s",
                "1 d 1s",
                "2 D 5s",
                "2 gang xu 5s",
                "3 hu",
            ],
            overrides={"qihu": 100, "qihu_scope": "any"},
            result=res(3, ["qianggang"], [0, 0, -160, 160], liable=2),
        ),
    )
    # with `cap: null`: the 风一色 above (seat 3 pengs 东, wins on the dealer's 西) under
    # fengyise_golden pays 金顶 outright: golden 400 from each (sunshine unset), +1200.
    legal(
        "fengyise_golden_null_cap",
        build(
            "fgn-1",
            {0: "E W", 3: "E E S S W W N N F F P P 1m"},
            IND,
            ["0 d E", "3 peng", "3 d 1m", "0 D W", "0 d W", "3 hu"],
            overrides={"fengyise_golden": True, "cap": None},
            result=res(3, ["fengyise"], [-400, -400, -400, 1200]),
        ),
    )
    # beside liability_cap (hzfclzg, 白 and 东南西北 are its winds): seat 1 pengs 东 from the
    # dealer and 南 西 北 from seat 2, and wins its lone 白 on seat 2's 白: 风一色 + 碰碰胡 + 全求人,
    # base 40. Seat 2 never opened: not tenpai, liable. liability_cap 400 would pay 160 + 240 +
    # 160, but R-10.9's amounts are no cap's: nobody else opened, 三阳 700 each: 2100.
    legal(
        "fengyise_liability_cap",
        build(
            "flc-1",
            {0: "E", 1: "E E S S W W N N P 9m 1s 9s 1m"},
            IND,
            [
                "0 d E",
                "1 peng",
                "1 d 9m",
                "2 D S",
                "2 d S",
                "1 peng",
                "1 d 1s",
                "2 D W",
                "2 d W",
                "1 peng",
                "1 d 9s",
                "2 D N",
                "2 d N",
                "1 peng",
                "1 d 1m",
                "2 D P",
                "2 d P",
                "1 hu",
            ],
            preset="hzfclzg",
            overrides={"fengyise_golden": True, "liability_cap": 400},
            result=res(1, ["fengyise", "pengpenghu", "quanqiuren"], [0, 2100, -2100, 0], liable=2),
        ),
    )

    # 黄庄: nobody wins; after the four haidi draws the hand is a draw, nobody pays.
    legal(
        "huangzhuang",
        build(
            "huangzhuang-1",
            {0: "N"},
            IND,
            ["0 d N", "AUTO 14", "1 D 6m", "2 D 7m", "3 D 8m", "0 D 9m", "huang"],
            result={"winner": None, "hands": [], "liable": None, "deltas": [0, 0, 0, 0]},
        ),
    )

    # Tile aliases: the dealer self-draws a 屁胡 after pengging 东. Seat 0's deal is in Chinese,
    # seat 1's honours in mpsz (1z-7z), seat 2's in server integer codes (0x01-0x37); the
    # indicator is 九筒 (9p); events mix all of them.
    # base 1 · opened 2 · hard 2 · self-draw 2 = 8, · dealer 2 = 16 from each loser. +48.
    zh = {
        "1m": "一万", "2m": "二万", "3m": "三万", "4p": "4筒", "5p": "五筒", "6p": "6饼",
        "7s": "七条", "8s": "8条", "2s": "二条", "E": "东风", "N": "北", "W": "西风",
    }  # fmt: skip
    mpsz = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
    server = {CODES[k]: (k % 9 + 1) + 16 * (k // 9) for k in range(27)} | {
        "E": 0x31, "S": 0x32, "W": 0x33, "N": 0x34, "C": 0x35, "F": 0x36, "P": 0x37,
    }  # fmt: skip
    rec = build(
        "aliases-1",
        {0: "1m 2m 3m 4p 5p 6p 7s 8s 2s 2s E E N W", 1: "S W P F 2m 4m 6m 8m 3s 5s 7s 9s 2p"},
        IND,
        [
            "0 d 北风",
            "1 D 0x23",
            "1 d 3筒",
            "2 D 东",
            "2 d 1z",
            "0 peng",
            "0 d 西",
            "1 D 1s",
            "1 d 一条",
            "2 D 0x18",
            "2 d 8s",
            "3 D 6z",
            "3 d 发财",
            "0 D 9条",
            "0 hu 九条",
        ],
        result=res(0, ["pihu"], [48, -16, -16, -16], self_draw=True),
    )
    rec["deal"][0] = [zh.get(t, t) for t in rec["deal"][0]]
    rec["deal"][1] = [mpsz.get(t, t) for t in rec["deal"][1]]
    rec["deal"][2] = [server[t] for t in rec["deal"][2]]
    rec["laizi_indicator"] = "九筒"
    legal("aliases", rec)

    # Wall mode, dealer 1. Seat 2 chis the dealer's 3p, seat 3 draws and declares an an-gang of
    # 9m (replacement from the back: wall[135]), seat 0 draws 5s and throws it, seat 2 wins.
    # Winner: base 1 · opened 2 · hard 2 = 4. seat 0: 4 · 放冲 2 = 8; seat 1 (dealer): 4 · 2 = 8;
    # seat 3: 4 · an-gang 4 = 16. +32.
    legal(
        "wall",
        build(
            "wall-1",
            {1: "3p", 2: "4p 5p 1m 2m 3m 6s 7s 8p 8p 8p 5m 5m W", 3: "9m 9m 9m 9m"},
            "E",  # laizi 南
            [
                "1 d 3p",
                "2 chi 4p 5p",
                "2 d W",
                "3 D",
                "3 gang an 9m",
                "3 D 6p",
                "3 d 6p",
                "0 D 5s",
                "0 d 5s",
                "2 hu",
            ],
            dealer=1,
            wall_front=["2s", "5s"],
            wall_back=["6p"],
            result=res(2, ["pihu"], [-8, -8, 32, -16]),
        ),
    )

    # ---------------------------------------------------------------- mismatch
    # The 屁胡 above, settled without the dealer factor: the app charged the dealer 4, not 8.
    mismatch(
        "wrong_deltas",
        ["deltas"],
        pihu,
        build("mm-deltas-1", {0: "1m", 1: PIHU_1}, IND, PIHU_PLAY, result=res(1, ["pihu"], [-4, 16, -8, -4])),
    )
    # 清一色 + 碰碰胡 (111s 333s 555s 999s + 77s): base 10·2 = 20 (doubling), · opened 2 · hard 2 = 80,
    # seat 3 dealt in 120: [-80, -80, 280, -120]. The app saw only 清一色 (and paid it as such).
    mismatch(
        "wrong_hands",
        ["hands", "deltas"],
        res(2, ["qingyise", "pengpenghu"], [-80, -80, 280, -120]),
        build(
            "mm-hands-1",
            {0: "1s", 2: "1s 1s 3s 3s 3s 5s 5s 5s 7s 7s 9s 9s E"},
            IND,
            ["0 d 1s", "2 peng", "2 d E", "3 D 9s", "3 d 9s", "2 hu"],
            result=res(2, ["qingyise"], [-40, -40, 140, -60]),
        ),
    )
    # 清一色 万 self-drawn, opens: chi from 0, peng 5m from 2, peng 7m from 3 (the third open,
    # 喂第三口: seat 3 is liable, R-10.6b). base 10 · opened 2 · hard 2 · self-draw 1.5 = 60 each,
    # seat 3 pays 180. The app made seat 2 (the second open) liable.
    mismatch(
        "wrong_liable",
        ["liable", "deltas"],
        res(1, ["qingyise"], [0, 180, 0, -180], self_draw=True, liable=3),
        build(
            "mm-liable-1",
            {0: "1m", 1: "2m 3m 5m 5m 7m 7m 9m 9m 9m 4m E W S"},
            IND,
            [
                "0 d 1m",
                "1 chi 2m 3m",
                "1 d E",
                "2 D 5m",
                "2 d 5m",
                "1 peng",
                "1 d W",
                "2 D 8s",
                "2 d 8s",
                "3 D 7m",
                "3 d 7m",
                "1 peng",
                "1 d S",
                "2 D 9s",
                "2 d 9s",
                "3 D 8p",
                "3 d 8p",
                "0 D 7p",
                "0 d 7p",
                "1 D 4m",
                "1 hu",
            ],
            result=res(1, ["qingyise"], [0, 180, -180, 0], self_draw=True, liable=2),
        ),
    )

    # ---------------------------------------------------------------- illegal
    # After the dealer's discard seat 1 draws, not seat 2.
    illegal("out_of_turn", "R-5.1", 1, build("oot-1", {0: "N"}, IND, ["0 d N", "2 D 5s"]))
    # Seat 1 draws 2s and throws a 9s it does not hold.
    illegal(
        "tile_not_in_hand",
        "R-5.1",
        2,
        build(
            "tnih-1",
            {0: "N", 1: "1m 2m 3m 4m 5m 6m 7m 8m 1s 2s 3s 4s 5s"},
            IND,
            ["0 d N", "1 D 2s", "1 d 9s"],
        ),
    )
    # Wall mode: wall[54] is 7s, the record says seat 1 drew 8s.
    illegal(
        "draw_mismatch",
        "R-3.3",
        1,
        build("dm-1", {0: "N"}, IND, ["0 d N", "1 D 8s"], wall_front=["7s"]),
    )
    # Seat 1 holds three 9p and 9p is the indicator: a drawn 9p would be the fifth.
    illegal("fifth_copy", "R-3.1", 1, build("fc-1", {0: "N", 1: "9p 9p 9p"}, IND, ["0 d N", "1 D 9p"]))
    # Seat 3 wants the dealer's N, but seat 1 has already drawn: no discard left to claim.
    illegal(
        "nothing_to_claim", "R-5.2", 2, build("ntc-1", {0: "N", 3: "N N"}, IND, ["0 d N", "1 D 5s", "3 peng"])
    )
    illegal("claim_pizi", "R-4.1", 1, build("cp-1", {0: "C", 2: "C C"}, IND, ["0 d C", "2 peng"]))
    # 1p is the laizi (indicator 9p).
    illegal("claim_laizi", "R-4.2", 1, build("cl-1", {0: "1p", 1: "2p 3p"}, IND, ["0 d 1p", "1 chi 2p 3p"]))
    illegal(
        "chi_not_from_previous_seat",
        "R-5.2",
        1,
        build("cnfps-1", {0: "3m", 2: "4m 5m"}, IND, ["0 d 3m", "2 chi 4m 5m"]),
    )
    illegal("claim_from_self", "R-5.2", 1, build("cfs-1", {0: "3m 3m 3m"}, IND, ["0 d 3m", "0 peng"]))
    # Indicator 4m: the laizi is 5m, which cannot stand in a chi.
    illegal(
        "meld_with_laizi", "R-4.2", 1, build("mwl-1", {0: "3m", 1: "4m 5m"}, "4m", ["0 d 3m", "1 chi 4m 5m"])
    )
    # Four 红中 are not an an-gang: each goes out as a pizi gang.
    illegal("meld_with_pizi", "R-4.1", 0, build("mwp-1", {0: "C C C C"}, IND, ["0 gang an C"]))
    illegal("bad_meld", "R-5.2", 1, build("bm-1", {0: "3m", 1: "5m 6m"}, IND, ["0 d 3m", "1 chi 5m 6m"]))
    # The dealer holds four 9m; its draw at 15 tiles leaves 14 in the wall: too late for a kong.
    illegal(
        "late_kong",
        "R-3.5",
        136,
        build("lk-1", {0: "9m 9m 9m 9m N"}, IND, ["0 d N", "AUTO 15", "0 D 5s", "0 gang an 9m"]),
    )
    illegal("no_peng_to_extend", "R-5.1", 0, build("npte-1", {0: "5m"}, IND, ["0 gang xu 5m"]))
    # Only a xu-gang can be robbed: a hu on the dealer's an-gang is not a rob.
    illegal("rob_not_xu_gang", "R-5.5", 1, build("rnxg-1", {0: "9m 9m 9m 9m"}, IND, ["0 gang an 9m", "1 hu"]))
    # A chi is not a draw: seat 1 cannot self-draw win right after it.
    illegal(
        "win_without_draw",
        "R-5.1",
        2,
        build("wwd-1", {0: "3m", 1: "4m 5m"}, IND, ["0 d 3m", "1 chi 4m 5m", "1 hu"]),
    )
    illegal(
        "win_tile_mismatch",
        "R-7.1",
        2,
        build("wtm-1", {0: "N"}, IND, ["0 d N", "1 D 5s", "1 hu 6s"]),
    )
    # After the 68th draw the wall holds 14: seat 1 makes a haidi draw and throws it.
    illegal(
        "haidi_no_discard",
        "R-3.4",
        138,
        build("hnd-1", {0: "N"}, IND, ["0 d N", "AUTO 14", "1 D 5s", "1 d 5s"]),
    )
    # The app stops at the haidi line (14 tiles left) without the four haidi draws.
    illegal("early_huangzhuang", "R-8.1", 137, build("eh-1", {0: "N"}, IND, ["0 d N", "AUTO 14", "huang"]))
    illegal(
        "event_after_end",
        "R-5.3",
        6,
        build("eae-1", {0: "1m", 1: PIHU_1}, IND, [*PIHU_PLAY, "2 D 5m"]),
    )
    illegal("hand_not_finished", "R-8.1", 3, build("hnf-1", {0: "N"}, IND, ["0 d N", "1 D 5s", "1 d 5s"]))
    # A complete 屁胡 (123m 456m 789s 234p + 5s5s) but seat 1 never opened.
    illegal(
        "not_opened",
        "R-6.2",
        1,
        build("no-1", {0: "5s", 1: "1m 2m 3m 4m 5m 6m 7s 8s 9s 2p 3p 4p 5s"}, IND, ["0 d 5s", "1 hu"]),
    )
    # Seat 1 (opened) still holds a 红中 when it calls hu on seat 2's 5m.
    illegal(
        "holds_pizi",
        "R-4.1",
        5,
        build(
            "hp-1",
            {0: "1m", 1: "2m 3m 4s 5s 6s 7p 8p 9p 3s 3s 5m C W"},
            IND,
            [*WAIT5M_PLAY, "2 D 5m", "2 d 5m", "1 hu"],
        ),
    )
    illegal(
        "win_on_pizi",
        "R-4.1",
        5,
        build("wop-1", {0: "1m", 1: WAIT5M_1}, IND, [*WAIT5M_PLAY, "2 D C", "2 d C", "1 hu"]),
    )
    # The laizi 1p would complete seat 1's 5m pair, but a discarded laizi cannot be won on. A
    # hu is not a claim, so the replayer reaches the win check (not claim_laizi).
    illegal(
        "win_on_discarded_laizi",
        "R-4.2",
        5,
        build("wodl-1", {0: "1m", 1: WAIT5M_1}, IND, [*WAIT5M_PLAY, "2 D 1p", "2 d 1p", "1 hu"]),
    )
    # Seat 1 holds two laizi (1p 1p): 456s 789p 33s+1p, 5m+1p would be a 屁胡, not allowed.
    illegal(
        "pihu_two_laizi",
        "R-4.3",
        5,
        build(
            "p2l-1",
            {0: "1m", 1: "2m 3m 4s 5s 6s 7p 8p 9p 3s 3s 1p 1p W"},
            IND,
            [*WAIT5M_PLAY, "2 D 5m", "2 d 5m", "1 hu"],
        ),
    )
    illegal(
        "not_a_winning_hand",
        "R-7.2",
        5,
        build("nawh-1", {0: "1m", 1: WAIT5M_1}, IND, [*WAIT5M_PLAY, "2 D 6m", "2 d 6m", "1 hu"]),
    )
    # 见将胡: seat 3 chis 2s, puts out its 红中 and draws the second laizi (1p): 111m 777m
    # 999s + 1p 1p. A soft 杠上开 needs 屁胡's shape, and its 将 pair would be two laizi: no win.
    illegal(
        "no_real_jiang",
        "R-7.13",
        8,
        build(
            "nrj-1",
            {0: "N", 3: "3s 4s 1m 1m 1m 7m 7m 7m 9s 9s 9s 1p C"},
            IND,
            [
                "0 d N",
                "1 D 9m",
                "1 d 9m",
                "2 D 2s",
                "2 d 2s",
                "3 chi 3s 4s",
                "3 gang pizi C",
                "3 D 1p",
                "3 hu",
            ],
        ),
    )
    # 见字胡: seat 1 pengs 2m and keeps 333s 555p 777m + a lone laizi (1p): any tile pairs
    # with the laizi for 碰碰胡, so it may not win on seat 2's discard (self-draw or 抢杠 only).
    illegal(
        "jianzi_discard",
        "R-7.14",
        5,
        build(
            "jzd-1",
            {0: "2m", 1: "2m 2m 3s 3s 3s 5p 5p 5p 7m 7m 7m 1p W"},
            IND,
            ["0 d 2m", "1 peng", "1 d W", "2 D 4m", "2 d 4m", "1 hu"],
        ),
    )
    # hzfclzg, 起胡 16 for every loser: the 屁胡 above pays 8, 8 and 4.
    illegal(
        "below_qihu",
        "R-10.7",
        5,
        build("bq-1", {0: "1m", 1: PIHU_1}, IND, PIHU_PLAY, preset="hzfclzg"),
    )
    # One sitting: hand 1 (dealer 0) is won by seat 1, so hand 2 must be dealt by seat 1.
    illegal(
        "dealer_not_rotated",
        "R-2.2",
        None,
        [
            build("dnr-1", {0: "1m", 1: PIHU_1}, IND, PIHU_PLAY, session=("sit-1", 1), result=pihu),
            build("dnr-2", {0: "1m", 1: PIHU_1}, IND, PIHU_PLAY, session=("sit-1", 2), result=pihu),
        ],
    )
    EXPECTED["illegal/dealer_not_rotated.json"] = [
        {"status": "ok", "winner": 1, "hands": ["pihu"], "liable": None, "deltas": [-8, 20, -8, -4]},
        {"status": "illegal", "index": None, "code": "dealer_not_rotated", "rule": "R-2.2"},
    ]
    make_qipi()


def make_qipi() -> None:
    """七皮四赖 (preset qipi, issue 17). Indicator 9p: laizi 1p, 皮 9p and 8p (R-3.6)."""
    # E7 as a record, indicator 4m (laizi 5m, 皮 4m 3m): seat 1 (chi 1s2s3s from 0,
    # peng 9p from 2) puts its 3m out as a 皮子杠 and wins 杠上开 on 5s. W = 2² · 2 (皮子杠) · 2 (hard)
    # = 16, base 10: seat 0 (peng E) 320 -> 300, seat 2 160, seat 3 (peng W, 红中杠) 640 -> 300.
    legal(
        "qipi_pi_gang",
        build(
            "qpg-1",
            {0: "1s E E 9m", 1: "2s 3s 9p 9p 6s 7s 8s 2p 2p 2p 5s N W", 2: "9p", 3: "W W C E"},
            "4m",
            [
                "0 d 1s",
                "1 chi 2s 3s",
                "1 d N",
                "2 D 7m",
                "2 d 9p",
                "1 peng",
                "1 d W",
                "3 peng",
                "3 gang pizi C",
                "3 D S",
                "3 d E",
                "0 peng",
                "0 d 9m",
                "1 D 3m",
                "1 gang pizi 3m",
                "1 D 5s",
                "1 hu",
            ],
            preset="qipi",
            result=res(1, ["gangshangkai"], [-300, 760, -160, -300], self_draw=True),
        ),
    )
    # R-4.4's example as a record, indicator 4s (laizi 5s, 皮 4s 3s): seat 1 chis 6p7p on seat 0's
    # 8p, pengs seat 2's 9p and wins on seat 2's 1p holding 8m 8m 1s 2s 5s 2p 3p: 1-2s + the laizi
    # as 3s (a 皮 kind), 1-2-3p, pair 8m: a soft 屁胡. W = 2 · 2 (two opens, 口口番) = 4, base 1:
    # seat 0 (dealer) 1·4·2 = 8, seat 2 (放冲) 1·4·2 = 8, seat 3 4; seat 1 +20.
    legal(
        "qipi_laizi_as_pi",
        build(
            "qlp-1",
            {0: "8p", 1: "8m 8m 1s 2s 5s 2p 3p 6p 7p 9p 9p N W", 2: "9p 1p"},
            "4s",
            [
                "0 d 8p",
                "1 chi 6p 7p",
                "1 d N",
                "2 D 7m",
                "2 d 9p",
                "1 peng",
                "1 d W",
                "2 D 5m",
                "2 d 1p",
                "1 hu",
            ],
            preset="qipi",
            result=res(1, ["pihu"], [-8, 20, -8, -4], hard=False),
        ),
    )
    # discards and a claim after the 海底 line; seat 2 wins 海底捞 on the very last tile.
    # Indicator 9m (laizi 1m, 皮 9m 8m); every special tile is dealt, so the live wall is plain.
    # W = 2 (peng 6m) · 2 (hard) · 1.5 (R-10.10) = 6: seat 0 (peng 7m) 10·6·2 = 120, seats 1, 3 60.
    legal(
        "qipi_haidi_discard",
        build(
            "qhd-1",
            {
                0: "N 7m 7m C C C C 1m 1m 1m 1m 8m 5s",
                1: "6m 8m",
                2: "6m 6m 1s 2s 3s 4p 5p 6p 7p 8p 9p 2s N",
                3: "9m 9m 9m 8m 8m",
            },
            "9m",
            [
                "0 d N",
                "1 D 7m",
                "1 d 7m",
                "0 peng",
                "0 d 5s",
                "AUTO 5",
                "1 D 3m",
                "1 d 6m",
                "2 peng",
                "2 d N",
                "3 D 4m",
                "3 d 4m",
                "0 D 5m",
                "0 d 5m",
                "1 D 6s",
                "1 d 6s",
                "2 D 2s",
                "2 hu",
            ],
            preset="qipi",
            result=res(2, ["haidilao"], [-120, -60, 240, -60], self_draw=True),
        ),
    )
    # E11 (R-4.6 wild) as a record, indicator 4m: seat 1 (peng 9p) self-draws its second laizi 5m;
    # 5m 5m read as themselves are the 将: a hard 屁胡. W = 2·2·2 = 8: seat 0 (dealer) 16, 2 and 3 8.
    legal(
        "qipi_two_laizi_pihu",
        build(
            "q2l-1",
            {0: "9p", 1: "9p 9p 1s 2s 3s 6s 7s 8s 2p 2p 2p 5m N"},
            "4m",
            [
                "0 d 9p",
                "1 peng",
                "1 d N",
                "2 D 9m",
                "2 d 9m",
                "3 D S",
                "3 d S",
                "0 D W",
                "0 d W",
                "1 D 5m",
                "1 hu",
            ],
            preset="qipi",
            result=res(1, ["pihu"], [-16, 32, -8, -8], self_draw=True),
        ),
    )
    # E10 (R-7.15) as a record, indicator 5p: seat 2 (peng 7m) wins on its 红中杠's replacement 3s
    # with 9s×3 1p×3 8m×3 3s3s: no 将, so 碰碰胡 alone, W = 2·2·2 = 8: seat 0 80, seat 1 (peng W)
    # 160, seat 3 (peng S, an-gang E) 640 -> 300. The app paid 碰碰胡 + 杠上开 (base 20): a mismatch.
    strict = res(2, ["pengpenghu"], [-80, -160, 540, -300], self_draw=True)
    mismatch(
        "qipi_strict_jiang",
        ["hands", "deltas"],
        strict,
        build(
            "qsj-1",
            {0: "7m W", 1: "W W F", 2: "7m 7m 9s 9s 9s 1p 1p 1p 8m 8m 8m 3s S", 3: "S S E E E E"},
            "5p",
            [
                "0 d 7m",
                "2 peng",
                "2 d S",
                "3 peng",
                "3 gang an E",
                "3 D 2m",
                "3 d 2m",
                "0 D 3m",
                "0 d W",
                "1 peng",
                "1 d F",
                "2 D C",
                "2 gang pizi C",
                "2 D 3s",
                "2 hu",
            ],
            preset="qipi",
            result=res(2, ["pengpenghu", "gangshangkai"], [-160, -300, 760, -300], self_draw=True),
        ),
    )
    # R-2.3 (dealer_rotation: winner): seat 2 wins hand 1 (dealer 0) on seat 3's 3s, so seat 2
    # deals hand 2, not seat 1 (R-2.2's 下家). Indicator 5p: laizi 6p, 皮 5p and 4p.
    # Hand 1: 屁胡, 口口番 one chi: W = 1·2·2 = 4; seat 0 (dealer) 4·2, seat 1 4, seat 3 (放冲) 4·2.
    play1 = ["0 d N", "1 D 9s", "1 d 1m", "2 chi 2m 3m", "2 d E", "3 D 3s", "3 d 3s", "2 hu"]
    play2 = ["1 d N", "2 D 9s", "2 d 1m", "3 chi 2m 3m", "3 d E", "0 D 3s", "0 d 3s", "3 hu"]
    won = res(2, ["pihu"], [-8, -4, 20, -8])
    RECORDS["illegal/dealer_not_winner.json"] = [
        build(
            "dnw-1",
            {0: "N", 1: "1m", 2: PIHU_1},
            "5p",
            play1,
            preset="qipi",
            session=("sit-q", 1),
            result=won,
        ),
        build(
            "dnw-2", {1: "N", 2: "1m", 3: PIHU_1}, "5p", play2, dealer=1, preset="qipi", session=("sit-q", 2)
        ),
    ]
    EXPECTED["illegal/dealer_not_winner.json"] = [
        {"status": "ok", "winner": 2, "hands": ["pihu"], "liable": None, "deltas": [-8, -4, 20, -8]},
        {"status": "illegal", "index": None, "code": "dealer_not_winner", "rule": "R-2.3"},
    ]
    # gang_only: the dealer's 红中 may go out only as a 红中杠, not as a discard.
    illegal("special_discard", "R-4.5", 0, build("sd-1", {0: "C"}, IND, ["0 d C"], preset="qipi"))
    # play goes on to the last tile. Every special tile is dealt (so the 82 live tiles are
    # all plain); the 82nd draw is seat 2's: its discard, with the wall empty, cannot be claimed.
    specials = {1: "C C C C 1p 1p 1p 1p 8p 8p 8p 8p 9p", 2: "9p 9p", 0: "1m"}
    illegal(
        "wall_empty",
        "R-3.7",
        165,
        build("we-1", specials, IND, ["0 d 1m", "AUTO 0", "3 peng"], preset="qipi"),
    )
    # R-4.6 wild: seat 1's 屁胡 4-5-6条 7-8条+1p 3-4筒+1p 2条 2条 needs both laizi as
    # wildcards (a 屁胡 may use one); 9p and 8p are 皮, so no other reading helps.
    illegal(
        "too_many_wild_laizi",
        "R-4.6",
        10,
        build(
            "tmwl-1",
            {0: "1m W", 1: "2m 3m 4s 5s 6s 7s 8s 3p 4p 2s 2s 1p E"},
            IND,
            [
                "0 d 1m",
                "1 chi 2m 3m",
                "1 d E",
                "2 D 9m",
                "2 d 9m",
                "3 D S",
                "3 d S",
                "0 D N",
                "0 d W",
                "1 D 1p",
                "1 hu",
            ],
            preset="qipi",
        ),
    )


def verify() -> None:
    for name in RECORDS:
        path = HERE / name
        audits = audit_records(iter_records([str(path)]))
        want = EXPECTED[name]
        wants = want if isinstance(want, list) else [want]
        records = RECORDS[name] if isinstance(RECORDS[name], list) else [RECORDS[name]]
        for a, w, rec in zip(audits, wants, records, strict=True):
            illegal_at = w.get("index") if w["status"] == "illegal" else None
            check_steps(name, canonical(rec), illegal_at)
            if a["status"] != w["status"]:
                PROBLEMS.append(f"{name}: status {a['status']} != {w['status']}: {a.get('first_illegal')} "
                                f"{a.get('differences')} {a.get('errors')}")  # fmt: skip
                continue
            if w["status"] == "illegal":
                got = {k: a["first_illegal"][k] for k in ("index", "code", "rule")}
                if got != {k: w[k] for k in ("index", "code", "rule")}:
                    PROBLEMS.append(f"{name}: first_illegal {a['first_illegal']} != {w}")
            else:
                c = a["computed"]
                for k in ("winner", "hands", "liable", "deltas"):
                    if c[k] != w[k]:
                        PROBLEMS.append(f"{name}: {k} engine {c[k]} != hand-computed {w[k]}")
            if w["status"] == "mismatch":
                fields = [d["field"] for d in a["differences"]]
                if fields != w["fields"]:
                    PROBLEMS.append(f"{name}: differences {a['differences']} != {w['fields']}")


def main(argv: list[str]) -> int:
    """Write the records (or with ``--check`` only compare them with the files), then verify."""
    check = "--check" in argv
    make()
    files = {name: dumps(record) for name, record in RECORDS.items()}
    rows = [f"  {json.dumps(k)}: {json.dumps(EXPECTED[k], ensure_ascii=False)}" for k in sorted(EXPECTED)]
    files["expected.json"] = "{\n" + ",\n".join(rows) + "\n}\n"
    for name, text in files.items():
        path = HERE / name
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                PROBLEMS.append(f"{name}: differs from what make_records.py writes")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    verify()
    for p in PROBLEMS:
        print(p)
    print(f"{len(RECORDS)} record files, {len(PROBLEMS)} problems")
    return 1 if PROBLEMS else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
