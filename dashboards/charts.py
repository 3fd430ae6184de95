"""Plotly figures for the pages, as the JSON plotly.js draws (the library is served locally).

Figures are built as plain dicts in plotly's figure schema rather than through
``plotly.graph_objects``: its validation costs more than the page's queries on a large database,
and these figures are small and fixed in shape. Labels carry the Chinese term beside the English
one (清一色 qingyise), as players say them.
"""

from __future__ import annotations

import json
from typing import Any

from replay.ruleset import HAND_NAMES_ZH

STATUS_COLOURS = {"ok": "#1b6e2a", "mismatch": "#a05a00", "illegal": "#b3261e", "invalid": "#666"}
RATE_LABELS = {
    "win_rate": "win 胡牌",
    "self_draw_rate": "self-draw 自摸",
    "deal_in_rate": "deal-in 放冲",
}


def _figure(data: list[dict[str, Any]], title: str, **layout: Any) -> str:
    base = {
        "title": {"text": title},
        "margin": {"l": 50, "r": 10, "t": 40, "b": 50},
        "height": 320,
        "template": {"layout": {"plot_bgcolor": "#fff", "paper_bgcolor": "#fff"}},
    }
    return json.dumps({"data": data, "layout": {**base, **layout}}, ensure_ascii=False, default=str)


def hand_type_label(h: str) -> str:
    return f"{HAND_NAMES_ZH.get(h, '')} {h}".strip()


def hands_per_day(per_day: list[dict[str, Any]]) -> str:
    data = []
    for status, colour in STATUS_COLOURS.items():
        rows = [r for r in per_day if r["status"] == status]
        if rows:
            data.append(
                {
                    "type": "bar",
                    "name": status,
                    "x": [str(r["day"]) for r in rows],
                    "y": [r["n"] for r in rows],
                    "marker": {"color": colour},
                }
            )
    return _figure(data, "Hands per day by audit status 审核", barmode="stack")


def hand_types(rows: list[dict[str, Any]], title: str) -> str:
    return _figure(
        [{"type": "bar", "x": [hand_type_label(r["hand_type"]) for r in rows], "y": [r["n"] for r in rows]}],
        title,
    )


def points_over_time(points: list[dict[str, Any]]) -> str:
    """Cumulative points, one point per day played (the day's last hand)."""
    return _figure(
        [
            {
                "type": "scatter",
                "mode": "lines+markers",
                "name": "points 积分",
                "x": [str(p["day"]) for p in points],
                "y": [p["cumulative"] for p in points],
                "text": [f"{p['hands']} hands, {p['points']:+d} that day" for p in points],
                "hovertemplate": "%{x}<br>%{y} points<br>%{text}<extra></extra>",
            }
        ],
        "Points over time 积分走势",
    )


def rates(figures: dict[str, dict[str, Any]]) -> str:
    keys = [k for k in RATE_LABELS if k in figures]
    data = [
        {
            "type": "bar",
            "name": name,
            "x": [RATE_LABELS[k] for k in keys],
            "y": [round(100 * (figures[k][side] or 0), 2) for k in keys],
        }
        for side, name in (("player", "this player"), ("population", "everyone"))
    ]
    return _figure(
        data, "Rates beside the population 对比", barmode="group", yaxis={"title": {"text": "% of hands"}}
    )


def mistakes_over_time(rows: list[dict[str, Any]], names: dict[str, str]) -> str:
    data = []
    for t in sorted({r["type"] for r in rows}):
        mine = [r for r in rows if r["type"] == t]
        data.append(
            {
                "type": "scatter",
                "mode": "lines+markers",
                "name": f"{names.get(t, '')} {t}",
                "x": [str(r["month"])[:7] for r in mine],
                "y": [round(r["per_100"], 2) for r in mine],
            }
        )
    return _figure(data, "Mistakes per 100 hands 失误", yaxis={"title": {"text": "per 100 hands"}})


def liability(figures: dict[str, dict[str, Any]]) -> str:
    keys = ("liable_cost", "liable_won_points")
    return _figure(
        [
            {
                "type": "bar",
                "x": ["paid as liable feeder 承包", "received from liable feeders"],
                "y": [figures[k]["player"] or 0 for k in keys],
            }
        ],
        "Liability 承包 points",
    )


def mistakes_by_type(summary: list[dict[str, Any]], names: dict[str, str]) -> str:
    return _figure(
        [
            {
                "type": "bar",
                "x": [f"{names.get(r['type'], '')} {r['type']}" for r in summary],
                "y": [r["n"] for r in summary],
                "text": [f"cost {r['cost'] or 0:g}" for r in summary],
            }
        ],
        "Mistakes by type 失误类型",
    )
