"""Plotly figures for the pages, as JSON the page hands to plotly.js (served locally).

Labels carry the Chinese term beside the English one (清一色 qingyise), as players say them.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from replay.ruleset import HAND_NAMES_ZH

STATUS_COLOURS = {"ok": "#1b6e2a", "mismatch": "#a05a00", "illegal": "#b3261e", "invalid": "#666"}
RATE_LABELS = {
    "win_rate": "win 胡牌",
    "self_draw_rate": "self-draw 自摸",
    "deal_in_rate": "deal-in 放冲",
}


def _layout(fig: go.Figure, title: str) -> str:
    fig.update_layout(
        title=title, margin={"l": 40, "r": 10, "t": 40, "b": 40}, height=320, template="plotly_white"
    )
    return str(fig.to_json())


def hand_type_label(h: str) -> str:
    return f"{HAND_NAMES_ZH.get(h, '')} {h}".strip()


def hands_per_day(per_day: list[dict[str, Any]]) -> str:
    fig = go.Figure()
    for status, colour in STATUS_COLOURS.items():
        rows = [r for r in per_day if r["status"] == status]
        if rows:
            fig.add_bar(
                x=[str(r["day"]) for r in rows], y=[r["n"] for r in rows], name=status, marker_color=colour
            )
    fig.update_layout(barmode="stack")
    return _layout(fig, "Hands per day by audit status 审核")


def hand_types(rows: list[dict[str, Any]], title: str) -> str:
    fig = go.Figure(go.Bar(x=[hand_type_label(r["hand_type"]) for r in rows], y=[r["n"] for r in rows]))
    return _layout(fig, title)


def points_over_time(points: list[dict[str, Any]]) -> str:
    fig = go.Figure(
        go.Scatter(
            x=[str(p["played_at"]) for p in points],
            y=[p["cumulative"] for p in points],
            mode="lines",
            name="points 积分",
            customdata=[f"{p['source']}/{p['hand_id']}" for p in points],
            hovertemplate="%{x}<br>%{y} points<br>%{customdata}<extra></extra>",
        )
    )
    return _layout(fig, "Points over time 积分走势")


def rates(figures: dict[str, dict[str, Any]]) -> str:
    keys = [k for k in RATE_LABELS if k in figures]
    fig = go.Figure()
    for side, name in (("player", "this player"), ("population", "everyone")):
        fig.add_bar(
            x=[RATE_LABELS[k] for k in keys], y=[100 * (figures[k][side] or 0) for k in keys], name=name
        )
    fig.update_layout(barmode="group", yaxis_title="% of hands")
    return _layout(fig, "Rates beside the population 对比")


def mistakes_over_time(rows: list[dict[str, Any]], names: dict[str, str]) -> str:
    fig = go.Figure()
    for t in sorted({r["type"] for r in rows}):
        mine = [r for r in rows if r["type"] == t]
        fig.add_scatter(
            x=[str(r["month"])[:7] for r in mine],
            y=[round(r["per_100"], 2) for r in mine],
            mode="lines+markers",
            name=f"{names.get(t, '')} {t}",
        )
    fig.update_layout(yaxis_title="per 100 hands")
    return _layout(fig, "Mistakes per 100 hands 失误")


def liability(figures: dict[str, dict[str, Any]]) -> str:
    keys = ("liable_cost", "liable_won_points")
    fig = go.Figure(
        go.Bar(
            x=["paid as liable feeder 承包", "received from liable feeders"],
            y=[figures[k]["player"] or 0 for k in keys],
        )
    )
    return _layout(fig, "Liability 承包 points")


def mistakes_by_type(summary: list[dict[str, Any]], names: dict[str, str]) -> str:
    fig = go.Figure(
        go.Bar(
            x=[f"{names.get(r['type'], '')} {r['type']}" for r in summary],
            y=[r["n"] for r in summary],
            text=[f"cost {r['cost'] or 0:g}" for r in summary],
        )
    )
    return _layout(fig, "Mistakes by type 失误类型")
