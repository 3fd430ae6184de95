"""Rebuild the 二人麻将 samples: simulated sittings and the hand-written disputes, mistakes and fans.

- ``simulated/erren-*.ndjson``: sittings played by the 二人 bots (``replay simulate --game erren``),
  the three presets.
- ``handwritten/erren/``:
  - ``reason_<code>.json``: one record per reason code, the record of
    ``tests/replay/test_erren_reasons.py`` that breaks exactly that rule (the audit stops at the
    event named); ``dealer_not_next`` is a sitting of two hands (one file, two records);
  - ``mistake_<type>.json``: one record per §10 mistake, as ``tests/replay/test_erren_mistakes.py``
    builds it (its cost worked by hand there);
  - ``fan_<id>.json``: per §5 fan a legal record whose win counts that fan: the "has" hand of
    ``tests/replay/test_erren_fans.py`` played out by seat 1 (``fan_record``), or §8's example
    where the fan is a way of winning the table decides (天胡, 抢杠, 杠上开花, 海底, 立直 …).

Every record is audited as it is written: the script stops if one does not get the verdict it
was built for. Run: ``.venv/bin/python sample_logs/make_erren_samples.py`` (prints the README table).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from samples_common import mistake_words, verdict_code, write_json, write_ndjson  # noqa: E402

from replay.games.erren import tiles as T  # noqa: E402
from replay.games.erren.fans import Win  # noqa: E402
from replay.games.erren.fantable import IDS  # noqa: E402
from replay.games.erren.simulate import simulate  # noqa: E402
from schemas.audit import audit_record, audit_records  # noqa: E402
from tests.erren_builders import pool, record, tiles  # noqa: E402
from tests.erren_hands import win  # noqa: E402
from tests.replay.test_erren_board import (  # noqa: E402
    E1,
    E1_HANDS,
    E6,
    E6_HANDS,
    E7,
    E7_HANDS,
    E8,
    E8_HANDS,
    e9_record,
)
from tests.replay.test_erren_fans import CASES as FAN_CASES  # noqa: E402
from tests.replay.test_erren_mistakes import BIG_HANDS, CUT_HANDS, big_events  # noqa: E402
from tests.replay.test_erren_reasons import CASES as REASON_CASES  # noqa: E402
from tests.replay.test_erren_reasons import deal_mode  # noqa: E402

OUT = HERE / "handwritten" / "erren"
SOURCE = "erren-club"
SEATS = [{"player_id": f"er-club-{s}", "name": n} for s, n in enumerate(["阿芳", "老赵"])]
SIMULATED = (  # file, preset, seed, hands
    ("erren-erren.ndjson", "erren", 31, 80),
    ("erren-erren-gb.ndjson", "erren-gb", 32, 70),
    ("erren-erren-lite.ndjson", "erren-lite", 33, 70),
)


# ------------------------------------------------------------------------------ fan records
def _codes(kinds: list[int]) -> str:
    return " ".join(T.code(k) for k in kinds)


def fan_record(win: Win, **kw: Any) -> dict[str, Any]:
    """A legal record in which seat 1 (not the dealer) makes ``win``: its melds claimed from seat
    0's discards (an an-gang on a drawn 4th, a xu-gang on a drawn 4th after the peng), its
    flowers exposed after the deal, one quiet round first (no 人胡, no 地胡), then the win on
    seat 0's discard or by self-draw (the last an-gang's replacement when ``gangkai``)."""
    tile = win.tile
    before = list(win.concealed)
    before.remove(tile)
    left = [4 if k in T.PLAY_KINDS else 0 for k in range(T.NUM_KINDS)]
    for k, n in enumerate(win.held):
        left[k] -= n
    # (the winning tile, claimed tiles and drawn 4ths are in ``held``: every tile of the win
    # comes from the deal, seat 0's discards or the wall exactly once)
    # junk: tiles nobody needs, honours and far 条 first (never the winning kind)
    order = [k for k in (*T.HONOURS, *T.SUITED) if k != tile]

    def junk() -> str:
        for k in order:
            if left[k] > 0:
                left[k] -= 1
                return T.code(k)
        raise AssertionError("no junk left")

    d1: list[str] = [T.code(k) for k in before]
    d0: list[str] = []  # seat 0's discards, in order; its hand is filled with junk at the end
    events: list[str] = []
    # one quiet round: seat 0 throws junk, seat 1 draws junk and throws it
    first, j = junk(), junk()
    d0.append(first)
    events += [f"x0 {first}", f"d1 {j}", f"x1 {j}", f"d0 {junk()}"]
    gangkai = "gangkai" in win.ways
    an_last = max((i for i, m in enumerate(win.melds) if m.gang == "an"), default=-1)
    for i, m in enumerate(win.melds):
        t = T.code(m.tile)
        if m.type == "chi":
            a, b = T.code(m.tile + 1), T.code(m.tile + 2)
            d1 += [a, b]
            d0.append(t)
            jj = junk()
            d1.append(jj)
            events += [f"x0 {t}", f"c1 {a} {b}", f"x1 {jj}", f"d0 {junk()}"]
        elif m.type == "peng" or (m.type == "gang" and m.gang == "xu"):
            d1 += [t, t]
            d0.append(t)
            jj = junk()
            d1.append(jj)
            events += [f"x0 {t}", "p1", f"x1 {jj}", f"d0 {junk()}"]
            if m.type == "gang":
                f0, r = junk(), junk()
                d0.append(f0)
                events += [f"x0 {f0}", f"d1 {t}", f"gx1 {t}", f"d1 {r}", f"x1 {r}", f"d0 {junk()}"]
        elif m.gang == "ming":
            d1 += [t, t, t]
            d0.append(t)
            r = junk()
            events += [f"x0 {t}", f"gm1 {t}", f"d1 {r}", f"x1 {r}", f"d0 {junk()}"]
        else:  # an-gang on a drawn 4th
            d1 += [t, t, t]
            f0 = junk()
            d0.append(f0)
            if gangkai and i == an_last:
                events += [f"x0 {f0}", f"d1 {t}", f"ga1 {t}", f"d1 {T.code(tile)}", "h1"]
                continue
            r = junk()
            events += [f"x0 {f0}", f"d1 {t}", f"ga1 {t}", f"d1 {r}", f"x1 {r}", f"d0 {junk()}"]
    if not (gangkai and events[-1] == "h1"):
        if win.self_draw:
            f0 = junk()
            d0.append(f0)
            events += [f"x0 {f0}", f"d1 {T.code(tile)}", "h1"]
        else:
            d0.append(T.code(tile))
            events += [f"x0 {T.code(tile)}", "h1"]
    # flowers: seat 1 is dealt them in place of its last tiles, replaced from the back at once
    opening: list[str] = []
    for f in win.flowers:
        displaced = d1.pop()
        d1.insert(0, T.code(f))
        opening += [f"f1 {T.code(f)}", f"d1 {displaced}"]
    while len(d0) < 14:
        d0.append(junk())
    assert len(d1) == 13, (len(d1), d1)
    return record([" ".join(d0), " ".join(d1)], [*opening, *events], **kw)


def miaoshou() -> dict[str, Any]:
    """妙手回春: seat 1 (dealer, E9's 234s 567s 789s NN 44s) self-draws the wall's last tile N.
    Seat 0 is dealt all eight flowers (8 back draws, the last free 4s among them) and an-gangs 1s on
    its first draw (a 9th back draw), so 36 front draws remain and the last is seat 1's."""
    s1, s0 = "234s 567s 789s NN 44s F", "N 111s 9s 12345678h"
    rest = pool([s1, s0], ["N", "1s", "4s"])
    back = ["4s", *rest[:7]]
    events = [e for f, t in zip(tiles("12345678h"), back, strict=True) for e in (f"f0 {f}", f"d0 {t}")]
    events += ["x1 F", "d0 1s", "ga0 1s", f"d0 {rest[7]}", f"x0 {rest[7]}"]
    for i, t in enumerate(rest[8:]):
        s = 1 if i % 2 == 0 else 0
        events += [f"d{s} {t}", f"x{s} {t}"]
    return record([s0, s1], [*events, "d1 N", "h1"], dealer=1)


#: fans that are ways of winning the table decides (or need a whole wall): §8's records
def special_fans() -> dict[str, dict[str, Any]]:
    e9 = e9_record()
    return {
        "tianhu": record(["234s 345s 678s WWW 8s 3h", "111s 999s EEE SSS N"], ["f0 3h", "d0 8s", "h0"]),
        "qianggang": record(E6_HANDS, E6),
        "gangkai": record(E7_HANDS, E7),
        "sangang": record(E7_HANDS, E7),
        "haidi": e9,
        "lizhi": e9,
        "hejuezhang": record(E6_HANDS, [*E6[:-2], "x0 5s", "h1"]),
        "jiulian": record(E8_HANDS, E8),
        "miaoshou": miaoshou(),
        # the fan test's hand holds five 3s; 123s 123s 234s 444s 11s is all 1s–4s
        "xiaoyuwu": fan_record(win("123s 123s 234s 444s 1s", "1s")),
        "dihu": record(["SSS WWW NNN CC FF P", "123s 456s 789s EEE 5s"], ["x0 P", "d1 5s", "h1"]),
        "renhu": record(["SSS WWW NNN CC FF 5s", "123s 456s 789s EEE 5s"], ["x0 5s", "h1"]),
        "tianting": record(
            ["SSS WWW NNN CC F P 5s", "123s 456s 789s EEE 5s"],
            ["x0 P", "t1", "d1 C", "x1 C", "d0 F", "x0 5s", "h1"],
        ),
    }


def fan_records() -> dict[str, dict[str, Any]]:
    specials = special_fans()
    out: dict[str, dict[str, Any]] = {}
    for fan in IDS:
        rec = specials.get(fan)
        if rec is None:
            has, _ = FAN_CASES[fan]
            try:
                rec = fan_record(has)
            except AssertionError as err:
                print("BUILD", fan, err, file=sys.stderr)
                continue
        out[fan] = rec
    return out


# ------------------------------------------------------------------------------ writing
def stamp(rec: dict[str, Any], hand_id: str) -> dict[str, Any]:
    return {**rec, "hand_id": hand_id.replace("_", "-"), "source": SOURCE, "seats": SEATS}


def audit_one(rec: dict[str, Any]) -> dict[str, Any]:
    """The audit ``replay audit`` gives (the schema first, then the replay)."""
    return audit_record(rec)


def row(file: str, rec: dict[str, Any], audit: dict[str, Any]) -> str:
    """One row of the README's table (``samples_common``'s cells, and the win's fans)."""
    code = verdict_code(audit)
    deltas = " ".join(str(d) for d in audit["computed"]["deltas"]) if audit["computed"] else ""
    fans = " ".join(f["id"] for f in audit["computed"]["fans"]) if audit["computed"] else ""
    mistakes = mistake_words(audit)
    return f"| `{file}` | `{rec['hand_id']}` | {audit['status']} | {code} | {deltas} | {mistakes} | {fans} |"


def main() -> None:
    for file, preset, seed, hands in SIMULATED:
        records = list(simulate(hands, seed, preset))
        write_ndjson(HERE / "simulated" / file, records)
        print(file, Counter(r["result"]["winner"] is not None for r in records), file=sys.stderr)
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    rows: list[str] = []

    def write(name: str, rec: dict[str, Any], want: str, check: Any = None) -> None:
        rec = stamp(rec, f"er-{name}")
        audit = audit_one(rec)
        assert audit["status"] == want, (name, audit["status"], audit["first_illegal"], audit["errors"])
        if check is not None:
            assert check(audit), (name, audit)
        write_json(OUT, f"{name}.json", rec)
        rows.append(row(f"{name}.json", rec, audit))

    for code, build, index in REASON_CASES:
        write(
            f"reason_{code}",
            build(),
            "illegal",
            lambda a, c=code, i=index: (a["first_illegal"]["code"], a["first_illegal"]["index"]) == (c, i),
        )
    missing = deal_mode(E8_HANDS, E8)
    del missing["events"][1]["tile"]
    write("reason_draw_tile_missing", missing, "invalid")
    # ER-1.3 across a sitting: E1's winner (seat 1) deals next, not seat 0 again
    first = {
        **stamp(record(E1_HANDS, E1), "er-reason_dealer_not_next-1"),
        "session": {"id": "er-s1", "hand_no": 1},
    }
    second = {
        **stamp(record(E8_HANDS, E8), "er-reason_dealer_not_next-2"),
        "session": {"id": "er-s1", "hand_no": 2},
    }
    audits = audit_records([(first, None), (second, None)])
    assert audits[1]["first_illegal"]["code"] == "dealer_not_next"
    (OUT / "reason_dealer_not_next.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in (first, second)), "utf-8"
    )
    for rec, audit in zip((first, second), audits, strict=True):
        rows.append(row("reason_dealer_not_next.ndjson", rec, audit))

    mistakes = {
        "missed_win": record(E1_HANDS, [*E1[:-1], "d1 3s", "h1"]),
        "big_deal_in": record(BIG_HANDS, big_events("4s", "8s")),
        "gang_cut_wait": record(CUT_HANDS, ["x0 5s", "d1 1s", "ga1 1s", "d1 C", "x1 C", "h0"]),
        "robbed_xugang": record(E6_HANDS, E6),
    }
    for kind, rec in mistakes.items():
        write(f"mistake_{kind}", rec, "ok", lambda a, k=kind: any(m["type"] == k for m in a["mistakes"]))
    failed = []
    for fan, rec in fan_records().items():
        try:
            write(f"fan_{fan}", rec, "ok", lambda a, f=fan: f in {x["id"] for x in a["computed"]["fans"]})
        except AssertionError as err:
            failed.append(fan)
            print("FAN", fan, str(err)[:300], file=sys.stderr)
    print("failed fans", failed, file=sys.stderr)
    print("| file | hand_id | status | code | deltas | mistakes | fans |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
