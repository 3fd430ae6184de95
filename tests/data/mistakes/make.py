"""Write the hand records of this folder: one pair per mistake type, where it fires and where not.

Run ``python tests/data/mistakes/make.py`` (``--check``: compare with the files, do not write).
The records are plain JSON (format ``wuhan-hand/1``, deal mode); this script only saves typing.
Each is written as the hands that matter and the play; seats not given are dealt junk (honours,
terminals and lone middle tiles): never opened, they cannot win, and they stay too far from ready
to be judged on tile efficiency. The expected findings, with the arithmetic of every cost, are in
``tests/replay/test_mistakes.py``; this script never asks the analysis what it finds.

Play lines: ``"0 d 1m"`` discard, ``"1 D 3s"`` draw, ``"1 chi 2m 3m"``, ``"2 peng"``,
``"2 gang xu 5s"``, ``"2 hu"``, ``"huang"``, ``"2 J"`` (seat 2 draws a junk tile), ``"3 X"`` (seat 3
draws a junk tile and throws it), ``"AUTO 14"`` (such junk turns, seat after seat, until the next
draw is a haidi draw). Junk is dealt and drawn one kind after another, never a kind in ``avoid``
(the tiles a ready seat waits on, so that junk never offers a win).

Every event is checked against the replayer as it is written: it must be listed by
``Board.legal_actions()`` and accepted by ``Board.push``; the hand must end.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from replay.games.wuhan.board import CLAIM, Board  # noqa: E402
from replay.games.wuhan.laizi import laizi_of  # noqa: E402
from replay.games.wuhan.ruleset import make_ruleset  # noqa: E402
from replay.tiles import CODES, KIND_OF  # noqa: E402

SOURCE = "mistakes-tests"
SEATS = [{"player_id": f"p{s}"} for s in range(4)]
IND = "N"  # laizi 发财 (F): out of everybody's way unless a record says otherwise
#: junk, loneliest first: a hand of one of each is as far from ready as a hand can be
JUNK = (
    "E S W N P F C 1m 9m 1s 9s 1p 9p 5m 5s 5p".split(),
    "4m 4s 4p 7m 7s 7p 2m 6m 2s 6s 2p 6p 3m 8m 3s 8s 3p 8p".split(),
)


def event(line: str) -> dict[str, Any]:
    if line == "huang":
        return {"type": "huangzhuang"}
    words = line.split()
    seat, verb, rest = int(words[0]), words[1], words[2:]
    if verb == "d":
        return {"type": "discard", "seat": seat, "tile": rest[0]}
    if verb == "D":
        return {"type": "draw", "seat": seat, "tile": rest[0]}
    if verb == "chi":
        return {"type": "chi", "seat": seat, "tiles": rest}
    if verb == "peng":
        return {"type": "peng", "seat": seat}
    if verb == "gang":
        return {"type": "gang", "seat": seat, "kind": rest[0], "tile": rest[1]}
    if verb == "hu":
        return {"type": "hu", "seat": seat}
    raise ValueError(line)


def listed(e: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
    def key(x: dict[str, Any]) -> tuple[Any, ...]:
        tile = None if x["type"] in ("draw", "hu") else x.get("tile")
        return x["type"], x.get("seat"), x.get("kind"), tile, tuple(sorted(x.get("tiles", ())))

    return key(e) in {key(a) for a in legal}


def build(
    hand_id: str,
    hands: dict[int, str],
    play: list[str],
    *,
    indicator: str = IND,
    dealer: int = 0,
    overrides: dict[str, Any] | None = None,
    avoid: str = "",
) -> dict[str, Any]:
    rules = make_ruleset("hzlzg", overrides)
    special = {CODES[k] for k in rules.pizi} | {CODES[laizi_of(KIND_OF[indicator], rules)]}
    pool: Counter[str] = Counter({c: 4 for c in CODES})
    given = {s: h.split() for s, h in hands.items()}
    for h in given.values():
        pool.subtract(h)
    pool[indicator] -= 1
    for line in play:
        words = line.split()
        if words[-1] not in ("X", "J") and words[0] != "AUTO" and event(line)["type"] == "draw":
            pool[words[2]] -= 1
    groups = [[t for t in g if t not in special and t not in avoid.split()] for g in JUNK]
    cursor = [0]

    def take() -> str:
        for junk in groups:  # one kind after another, the lonely kinds until they run out
            for _ in range(len(junk)):
                t = junk[cursor[0] % len(junk)]
                cursor[0] += 1
                if pool[t] > 0:
                    pool[t] -= 1
                    return t
        raise RuntimeError("out of junk tiles")

    deal = []
    for s in range(4):
        mine = list(given.get(s, []))
        mine += [take() for _ in range((14 if s == dealer else 13) - len(mine))]
        deal.append(mine)
    assert min(pool.values()) >= 0, [t for t, n in pool.items() if n < 0]
    ruleset: dict[str, Any] = {"preset": "hzlzg"}
    if overrides:
        ruleset["overrides"] = overrides
    record: dict[str, Any] = {
        "format": "wuhan-hand/1",
        "hand_id": hand_id,
        "source": SOURCE,
        "ruleset": ruleset,
        "seats": SEATS,
        "dealer": dealer,
        "deal": deal,
        "laizi_indicator": indicator,
    }
    board = Board.from_record(record)
    events: list[dict[str, Any]] = []

    def push(e: dict[str, Any]) -> None:
        if not listed(e, board.legal_actions()):
            hand = " ".join(CODES[t] for t in sorted(board.seats[e.get("seat", 0)].hand))
            raise RuntimeError(f"{hand_id}: event {len(events)} {e} is not legal here (hand {hand})")
        board.push(e)
        events.append(e)

    def junk_turn(seat: int) -> None:
        t = take()
        push({"type": "draw", "seat": seat, "tile": t})
        push({"type": "discard", "seat": seat, "tile": t})

    for line in play:
        if line.startswith("AUTO"):
            stop = int(line.split()[1])
            while board.phase == CLAIM and board.live > stop:
                assert board.last_discard is not None
                junk_turn((board.last_discard[0] + 1) % 4)
        elif line.endswith(" X"):
            junk_turn(int(line.split()[0]))
        elif line.endswith(" J"):
            push({"type": "draw", "seat": int(line.split()[0]), "tile": take()})
        else:
            push(event(line))
    if not board.ended:
        raise RuntimeError(f"{hand_id}: the hand does not end")
    record["events"] = events
    return record


def dumps(record: dict[str, Any]) -> str:
    def one(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

    lines = []
    for key, v in record.items():
        if key in ("deal", "events"):
            text = "[\n    " + ",\n    ".join(one(x) for x in v) + "\n  ]"
        else:
            text = one(v)
        lines.append(f'  "{key}": {text}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


RECORDS: dict[str, dict[str, Any]] = {}


def add(name: str, record: dict[str, Any]) -> None:
    RECORDS[f"{name}.json"] = record


# Seat 1 after chi 1m (2m 3m) and throwing E: 4s5s6s 7p8p9p 3s3s 5m5m, waiting on 3s (a 5m
# would leave 3s3s as the pair, not a 将).
WAIT_3S = "2m 3m 4s 5s 6s 7p 8p 9p 3s 3s 5m 5m E"
OPEN_1 = ["0 d 1m", "1 chi 2m 3m", "1 d E"]


def make() -> None:
    # ------------------------------------------------------------ dealt_in / missed_win
    add("dealt_in", build("dealt-in", {0: "1m", 1: WAIT_3S}, [*OPEN_1, "2 D 3s", "2 d 3s", "1 hu"]))
    # seat 2 keeps the 3s (throws 白 instead); seat 1 self-draws the last 3s: nobody dealt in
    KEEP = {0: "1m", 1: WAIT_3S, 2: "P"}
    after = ["3 X", "0 X", "1 D 3s", "1 hu"]
    add(
        "dealt_in_not",
        build("dealt-in-not", KEEP, [*OPEN_1, "2 D 3s", "2 d P", *after], avoid="3s 5m"),
    )
    # seat 1 lets seat 2's 3s go (漏胡), then self-draws the last 3s; not missed: seat 2 keeps it
    add(
        "missed_win",
        build("missed-win", {0: "1m", 1: WAIT_3S}, [*OPEN_1, "2 D 3s", "2 d 3s", *after], avoid="3s 5m"),
    )
    add(
        "missed_win_not",
        build("missed-win-not", KEEP, [*OPEN_1, "2 D 3s", "2 d P", *after], avoid="3s 5m"),
    )
    # the winning tile drawn and thrown away (自摸 missed), then the win on the dealer's last 3s
    add(
        "missed_win_self_draw",
        build(
            "missed-win-self-draw",
            {0: "1m", 1: WAIT_3S},
            [*OPEN_1, "2 X", "3 X", "0 X", "1 D 3s", "1 d 3s", "2 X", "3 X", "0 D 3s", "0 d 3s", "1 hu"],
            avoid="3s 5m",
        ),
    )
    # seats 1 and 3 both wait on 3s. Seat 3 wins the dealer's 3s although seat 1, first in
    # turn order, could have: seat 1 missed it. When seat 1 wins instead, seat 3 had no right.
    both = {0: "1m 3s", 1: WAIT_3S, 3: "2p 3p 4s 5s 6s 6m 7m 8m 2s 4s 5p 5p W"}
    order = [*OPEN_1, "2 D 1p", "2 d 1p", "3 chi 2p 3p", "3 d W", "0 D 9s", "0 d 3s"]
    add("missed_win_order", build("missed-win-order", both, [*order, "3 hu"]))
    add("missed_win_order_not", build("missed-win-order-not", both, [*order, "1 hu"]))
    # 海底捞 missed: seat 1 waits on 5m and draws it as the last haidi draw, then lets it go
    wait_5m = {0: "1m", 1: "2m 3m 4s 5s 6s 7p 8p 9p 3s 3s 3s 5m W"}
    haidi = ["0 d 1m", "1 chi 2m 3m", "1 d W", "AUTO 14", "2 D 6m", "3 D 7m", "0 D 8m", "1 D 5m"]
    add("missed_win_haidi", build("missed-win-haidi", wait_5m, [*haidi, "huang"], avoid="5m"))
    add("missed_win_haidi_not", build("missed-win-haidi-not", wait_5m, [*haidi, "1 hu"], avoid="5m"))

    # 见字胡: seat 1 pengs 2m and keeps 333s 555p 777m + a lone laizi: any tile pairs
    # with it for 碰碰胡, so the discards at events 4, 6 and 8 offer no win. It lets its own 9s go
    # (event 9, a missed self-draw) and wins on its next draw; in the twin it wins on the 9s.
    # Laizi 发 (the default indicator 北).
    jianzi = {0: "2m", 1: "2m 2m 3s 3s 3s 5p 5p 5p 7m 7m 7m F W"}
    opened = ["0 d 2m", "1 peng", "1 d W", "2 D 4m", "2 d 4m", "3 D 6m", "3 d 6m", "0 D 8m", "0 d 8m"]
    later = ["1 d 9s", "2 D 4s", "2 d 4s", "3 D 6s", "3 d 6s", "0 D 8s", "0 d 8s", "1 D 9m", "1 hu"]
    add("missed_win_jianzi", build("missed-win-jianzi", jianzi, [*opened, "1 D 9s", *later]))
    add("missed_win_jianzi_not", build("missed-win-jianzi-not", jianzi, [*opened, "1 D 9s", "1 hu"]))

    # ------------------------------------------------------------ robbed_kong
    # Seat 2 pengs the dealer's 5s and later adds the drawn 4th (xu-gang); seat 3, waiting on
    # 2s/5s after its chi, robs it. Not robbed: seat 2 draws its replacement, seat 3 wins on 2s.
    rob_hands = {0: "5s", 2: "5s 5s 1p", 3: "2p 3p 3s 4s 6m 7m 8m 7s 8s 9s 2m 2m W"}
    rob_play = ["0 d 5s", "2 peng", "2 d 1p", "3 chi 2p 3p", "3 d W", "0 X", "1 X", "2 D 5s", "2 gang xu 5s"]
    add("robbed_kong", build("robbed-kong", rob_hands, [*rob_play, "3 hu"], indicator="8p", avoid="2s 5s"))
    add(
        "robbed_kong_not",
        build(
            "robbed-kong-not",
            rob_hands,
            [*rob_play, "2 D 9m", "2 d 9m", "3 D 2s", "3 hu"],
            indicator="8p",
            avoid="2s 5s",
        ),
    )

    # ------------------------------------------------------------ qingyise_third_feed
    # Seat 2 opens 1s (from the dealer) and 4s (from seat 3), then pengs the dealer's 7s: three
    # 条 opens, the third fed by seat 0. Seat 2 wins 清一色 on seat 3's 4s; seat 0 pays it all.
    # Not a third feed: with 7p instead of 7s the third open is not of the suit (a 屁胡 follows).
    def feed(seven: str, hand_id: str) -> dict[str, Any]:
        return build(
            hand_id,
            {0: f"1s {seven}", 2: f"1s 1s 4s 4s {seven} {seven} 2s 3s 6s 8s 8s E W", 3: "4s"},
            [
                "0 d 1s",
                "2 peng",
                "2 d E",
                "3 J",
                "3 d 4s",
                "2 peng",
                "2 d W",
                "3 X",
                "0 J",
                f"0 d {seven}",
                "2 peng",
                "2 d 6s",
                "3 D 4s",
                "3 d 4s",
                "2 hu",
            ],
            avoid="1s 4s",
        )

    add("qingyise_third_feed", feed("7s", "third-feed"))
    add("qingyise_third_feed_not", feed("7p", "third-feed-not"))

    # 将一色 (S4's third_feed_hands): seat 2 pengs 2s (dealer), 5m (seat 3) and the dealer's 8p,
    # then wins 将一色 + 碰碰胡 on seat 3's 2m. Under the default ruleset the same hand is no
    # third feed: only 清一色 carries that liability there.
    def jiang(hand_id: str, overrides: dict[str, Any] | None) -> dict[str, Any]:
        return build(
            hand_id,
            {0: "2s 8p", 2: "2s 2s 5m 5m 8p 8p 2m 2m 5p 5p 8s E W", 3: "5m"},
            [
                "0 d 2s",
                "2 peng",
                "2 d E",
                "3 J",
                "3 d 5m",
                "2 peng",
                "2 d W",
                "3 X",
                "0 J",
                "0 d 8p",
                "2 peng",
                "2 d 8s",
                "3 D 2m",
                "3 d 2m",
                "2 hu",
            ],
            overrides=overrides,
            avoid="2m 5p",
        )

    add("jiangyise_third_feed", jiang("third-feed-jiang", {"third_feed_hands": ["qingyise", "jiangyise"]}))
    add("jiangyise_third_feed_not", jiang("third-feed-jiang-not", None))

    # ------------------------------------------------------------ quanqiuren_feed
    # Seat 1 makes four opens (chi, then 4s 6p N pengged from seat 2) and waits on a lone 5p.
    # Seat 3 opens (peng E) ready on 5p itself, then throws the 5p: after drawing 1p it is no
    # longer ready, so it is liable (R-10.6a); after drawing 8m it is ready on 8m: not liable.
    def qqr(draw: str, hand_id: str, between: tuple[str, ...] = ("0 X", "1 X", "2 X")) -> dict[str, Any]:
        return build(
            hand_id,
            {
                0: "1m",
                1: "2m 3m 4s 4s 6p 6p N N 5p 9m 1s W P",
                2: "4s 6p N E",
                3: "E E 1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 5p",
            },
            [
                "0 d 1m",
                "1 chi 2m 3m",
                "1 d 9m",
                "2 J",
                "2 d 4s",
                "1 peng",
                "1 d 1s",
                "2 J",
                "2 d 6p",
                "1 peng",
                "1 d W",
                "2 J",
                "2 d N",
                "1 peng",
                "1 d P",
                "2 J",
                "2 d E",
                "3 peng",
                "3 d 2p",
                *between,
                f"3 D {draw}",
                "3 d 5p",
                "1 hu",
            ],
            avoid="5p 8m",
        )

    add("quanqiuren_feed", qqr("1p", "quanqiuren-feed"))
    add("quanqiuren_feed_not", qqr("8m", "quanqiuren-feed-not"))
    # dead waits: seat 3 draws its second 8m and throws the 5p, ready on 8m alone. Seats 0
    # and 1 have thrown the other two 8m (unclaimed, in the river): all four in view, the wait is
    # dead, seat 3 is not tenpai and is liable. In the twin only seat 1 throws one: one 8m is
    # still unseen, seat 3 is tenpai and nobody is liable.
    dead = ("0 D 8m", "0 d 8m", "1 D 8m", "1 d 8m", "2 X")
    add("quanqiuren_feed_dead_wait", qqr("8m", "quanqiuren-feed-dead-wait", dead))
    add("quanqiuren_feed_live_wait", qqr("8m", "quanqiuren-feed-live-wait", ("0 X", *dead[2:])))

    # ------------------------------------------------------------ pizi_blocked_win
    # Seat 1 after its chi holds 2s2s 5m5m (two 将 pairs) and a 红中, and throws a 2s instead of
    # the 红中: seat 2's 5m would have won. It throws the 红中 next turn and wins on the last 5m.
    # Not blocked: it throws the 红中 at once and wins on seat 2's 5m.
    pizi_hand = {0: "1m", 1: "2m 3m 4s 5s 6s 7p 8p 9p 2s 2s 5m 5m C"}
    pizi_play = ["0 d 1m", "1 chi 2m 3m", "1 d 2s", "2 D 5m", "2 d 5m", "3 X", "0 X", "1 D 2s", "1 d C"]
    add(
        "pizi_blocked_win",
        build("pizi-blocked", pizi_hand, [*pizi_play, "2 D 5m", "2 d 5m", "1 hu"], avoid="2s 5m"),
    )
    add(
        "pizi_blocked_win_not",
        build("pizi-blocked-not", pizi_hand, ["0 d 1m", "1 chi 2m 3m", "1 d C", "2 D 5m", "2 d 5m", "1 hu"]),
    )

    # for pizi_blocked_win: seat 1 (peng 2m) holds 333s 555p 777m and the laizi 发, draws a
    # 红中 at event 9 and throws a 7m (event 10). Had it thrown the 红中 instead, it would still hold
    # a 见字胡: the discards at events 12, 14, 16 would not have won; its own 9s at event 17 would.
    add(
        "pizi_blocked_win_jianzi",
        build(
            "pizi-blocked-jianzi",
            {0: "2m", 1: "2m 2m 3s 3s 3s 5p 5p 5p 7m 7m 7m F W"},
            [
                "0 d 2m",
                "1 peng",
                "1 d W",
                "2 D 4m",
                "2 d 4m",
                "3 D 6m",
                "3 d 6m",
                "0 D 8m",
                "0 d 8m",
                "1 D C",
                "1 d 7m",
                "2 D 4s",
                "2 d 4s",
                "3 D 6s",
                "3 d 6s",
                "0 D 8s",
                "0 d 8s",
                "1 D 9s",
                "1 d 9s",
                "AUTO 14",
                "2 J",
                "3 J",
                "0 J",
                "1 J",
                "huang",
            ],
            avoid="7m 9s",
        ),
    )

    # ------------------------------------------------------------ double_laizi_blocked_win
    # Laizi 发 (F). Seat 1 after its chi holds 4s5s6s 7p8p9p 5m5m F F: any tile would make a
    # 屁胡 with the two laizi, which forbids (reported once, at the first); 海底捞 is a big
    # hand, so its last draw wins. With one laizi (F W, ready on W only) seat 2's 9m wins nothing
    # and the hand is a draw (黄庄).
    def laizi(tiles: str, hand_id: str, end: str) -> dict[str, Any]:
        return build(
            hand_id,
            {0: "1m", 1: f"2m 3m 4s 5s 6s 7p 8p 9p {tiles} 5m 5m E"},
            [
                "0 d 1m",
                "1 chi 2m 3m",
                "1 d E",
                "2 D 9m",
                "2 d 9m",
                "AUTO 14",
                "2 J",
                "3 J",
                "0 J",
                "1 J",
                end,
            ],
            avoid="W",
        )

    add("double_laizi_blocked_win", laizi("F F", "double-laizi", "1 hu"))
    add("double_laizi_blocked_win_not", laizi("F W", "double-laizi-not", "huang"))

    # ------------------------------------------------------------ inefficient_discard
    # Seat 1 after chi 1m: 7p8p9p 4m5m6m 5s5s 3s4s6s. Throwing 6s leaves 3s4s: ready on 2s/5s;
    # throwing 3s leaves the 4s6s kanchan: ready on 5s only (fewer accepted tiles); throwing a 5s
    # leaves it one from ready. Each ends with seat 1's win on seat 2's 5s or 2s.
    eff = {0: "1m", 1: "2m 3m 7p 8p 9p 4m 5m 6m 5s 5s 3s 4s 6s"}
    add(
        "inefficient_discard",
        build(
            "inefficient-shanten",
            eff,
            [
                "0 d 1m",
                "1 chi 2m 3m",
                "1 d 5s",
                "2 X",
                "3 X",
                "0 X",
                "1 D 5s",
                "1 d 6s",
                "2 D 2s",
                "2 d 2s",
                "1 hu",
            ],
            avoid="2s 5s",
        ),
    )
    add(
        "inefficient_discard_acceptance",
        build("inefficient-acceptance", eff, ["0 d 1m", "1 chi 2m 3m", "1 d 3s", "2 D 5s", "2 d 5s", "1 hu"]),
    )
    add(
        "inefficient_discard_not",
        build("inefficient-not", eff, ["0 d 1m", "1 chi 2m 3m", "1 d 6s", "2 D 5s", "2 d 5s", "1 hu"]),
    )


def main() -> int:
    make()
    check = "--check" in sys.argv[1:]
    stale = []
    for name, record in sorted(RECORDS.items()):
        path = HERE / name
        text = dumps(record)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print("out of date:", ", ".join(stale))
        return 1
    if not check:
        print(f"wrote {len(RECORDS)} records")
    return 0


if __name__ == "__main__":
    sys.exit(main())
