"""Rebuild sample_logs/: simulated sittings and the hand-written showcase and disputes.

The hand-written records are taken from the test records (tests/data/records, built by hand and
checked against RULES.md); ``third_feed.json`` is the disputed ``wrong_liable`` record with the
result the rules give; the two disputed wins of the amended rules (见将胡, 见字胡) are their
illegal test records with the result an app paid for them.
Run: ``.venv/bin/python sample_logs/make_samples.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from replay.games.wuhan.simulate import simulate

HERE = Path(__file__).resolve().parent
RECORDS = HERE.parent / "tests" / "data" / "records"

SHOWCASE = {  # file in sample_logs/handwritten: source in tests/data/records
    "pihu.json": "legal/pihu.json",
    "qingyise.json": "legal/qingyise.json",
    "fengyise.json": "legal/fengyise.json",
    "jiangyise.json": "legal/jiangyise.json",
    "pengpenghu.json": "legal/pengpenghu.json",
    "quanqiuren_liable.json": "legal/quanqiuren.json",
    "gangshangkai.json": "legal/gangshangkai.json",
    "haidilao.json": "legal/haidilao.json",
    "qianggang_liable.json": "legal/qianggang.json",
    "huangzhuang.json": "legal/huangzhuang.json",
    "aliases.json": "legal/aliases.json",
    "wall_mode.json": "legal/wall.json",
    "disputed_chi_from_wrong_seat.json": "illegal/chi_not_from_previous_seat.json",
    "disputed_win_holding_hongzhong.json": "illegal/holds_pizi.json",
    "disputed_two_laizi_pihu.json": "illegal/pihu_two_laizi.json",
    "disputed_win_without_opening.json": "illegal/not_opened.json",
    "disputed_kong_too_late.json": "illegal/late_kong.json",
    "disputed_claimed_laizi.json": "illegal/claim_laizi.json",
    "disputed_dealer_not_rotated.json": "illegal/dealer_not_rotated.json",
    "disputed_forgot_dealer_factor.json": "mismatch/wrong_deltas.json",
    "disputed_missed_pengpenghu.json": "mismatch/wrong_hands.json",
    "disputed_wrong_liable.json": "mismatch/wrong_liable.json",
    # 七皮四赖 (preset qipi): what no other preset could express, and a 杠上开 refuses
    "disputed_pi_gang.json": "legal/qipi_pi_gang.json",
    "disputed_haidi_discard.json": "legal/qipi_haidi_discard.json",
    "disputed_two_laizi_pihu_wild.json": "legal/qipi_two_laizi_pihu.json",
    "disputed_strict_jiang_gangshangkai.json": "mismatch/qipi_strict_jiang.json",
}


DISPUTED_WINS = (
    # 见将胡 (R-7.13): seat 3's 杠上开 whose 将 pair would be two laizi; the app paid a soft
    # 杠上开, 10 · 2 (opened) · 2 (红中杠) = 40 from each.
    (
        "disputed_jianjiang_gangshangkai.json",
        "illegal/no_real_jiang.json",
        {
            "winner": 3,
            "hands": ["gangshangkai"],
            "self_draw": True,
            "hard": False,
            "liable": None,
            "deltas": [-40, -40, -40, 120],
        },
    ),
    # 见字胡 (R-7.14): seat 1 (peng 2m, 333s 555p 777m, a lone laizi) won on seat 2's 4m; the app
    # paid a soft 碰碰胡 on a discard, 10 · 2 = 20, seat 2 dealt in 30.
    (
        "disputed_jianzi_discard.json",
        "illegal/jianzi_discard.json",
        {
            "winner": 1,
            "hands": ["pengpenghu"],
            "self_draw": False,
            "hard": False,
            "liable": None,
            "deltas": [-20, 70, -30, -20],
        },
    ),
)


def write(name: str, record: dict[str, Any] | list[dict[str, Any]]) -> None:
    """A showcase record under the sample club's source name."""
    for r in record if isinstance(record, list) else [record]:
        r["source"] = "sample-club"
    (HERE / "handwritten" / name).write_text(
        json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def main() -> None:
    for name, source in SHOWCASE.items():
        write(name, json.loads((RECORDS / source).read_text(encoding="utf-8")))
    feed = json.loads((RECORDS / "mismatch" / "wrong_liable.json").read_text(encoding="utf-8"))
    feed["hand_id"] = feed["hand_id"] + "-settled"
    feed["result"].update(liable=3, deltas=[0, 180, 0, -180])  # 喂第三口: seat 3 pays for all
    write("third_feed_liable.json", feed)
    # Disputes over the amended rules: the app paid what the hand would pay without or
    # R-7.14 (its own reading of the win); the audit says the win was illegal.
    for name, source, paid in DISPUTED_WINS:
        record = json.loads((RECORDS / source).read_text(encoding="utf-8"))
        record["result"] = paid
        write(name, record)
    for preset, seed, hands in (
        ("hzlzg", 1, 200),
        ("hzlzg-koukou", 2, 60),
        ("hzfclzg", 3, 60),
        ("qipi", 17, 120),
    ):
        with (HERE / "simulated" / f"{preset}.ndjson").open("w", encoding="utf-8") as out:
            for record in simulate(hands, seed, preset):
                out.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
