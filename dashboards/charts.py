"""Plotly figures for the pages, as the JSON plotly.js draws (the library is served locally).

Figures are built as plain dicts in plotly's figure schema rather than through
``plotly.graph_objects``: its validation costs more than the page's queries on a large database,
and these figures are small and fixed in shape. Labels carry the Chinese term beside the English
one (清一色 qingyise), as players say them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from dashboards.terms import STATUS_NAMES, hand_label

STATUS_COLOURS = {
    "ok": "#1b6e2a",
    "mismatch": "#a05a00",
    "illegal": "#b3261e",
    "invalid": "#666",
    "error": "#6a1b9a",  # the engine failed on the hand (issue #27)
}
RATE_LABELS = {
    "win_rate": "win 胡牌",
    "self_draw_rate": "self-draw 自摸",
    "deal_in_rate": "deal-in 放冲",
    # 推筒子: shares of the rounds in the role (store.habits.TUITONGZI_FIGURES)
    "banker_rate": "banked 坐庄",
    "banker_win_rate": "won as banker 坐庄赢",
    "player_win_rate": "beat the banker 闲家赢",
}


def _axis(title: str, **more: Any) -> dict[str, Any]:
    return {"title": {"text": title}, "automargin": True, **more}


def _figure(
    data: list[dict[str, Any]],
    title: str,
    x: str,
    y: str,
    phone: dict[str, Any] | None = None,
    **layout: Any,
) -> str:
    """A figure with axis titles and the legend under the plot, where it cannot squeeze it.

    The title travels in the layout but ``charts.js`` prints it above the chart as HTML, so
    plotly's toolbar never sits over it. ``phone`` holds what ``charts.js`` changes on a narrow
    screen (``{"layout": {...}, "data": [{...} per trace]}``), merged over the figure.
    """
    base = {
        "title": {"text": title},
        "margin": {"l": 60, "r": 16, "t": 16, "b": 60},
        "height": 340,
        "xaxis": _axis(x),
        "yaxis": _axis(y),
        "legend": {"orientation": "h", "x": 0, "xanchor": "left", "y": -0.25, "yanchor": "top"},
        "plot_bgcolor": "#fff",
        "paper_bgcolor": "#fff",
    }
    merged = {**base, **layout}
    for key in ("xaxis", "yaxis"):
        if key in layout:
            merged[key] = {**base[key], **layout[key]}  # type: ignore[dict-item]
    if any(d.get("showlegend") is not False and d.get("name") for d in data) and len(data) > 1:
        merged["height"] = 380
        merged["margin"] = {**merged["margin"], "b": 110}
    figure: dict[str, Any] = {"data": data, "layout": merged}
    if phone:
        figure["phone"] = phone
    return json.dumps(figure, ensure_ascii=False, default=str)


def hand_type_label(h: str) -> str:
    return hand_label(h)


def hands_per_day(per_day: list[dict[str, Any]]) -> str:
    data = []
    for status, colour in STATUS_COLOURS.items():
        rows = [r for r in per_day if r["status"] == status]
        if rows:
            data.append(
                {
                    "type": "bar",
                    "name": STATUS_NAMES.get(status, status),
                    "x": [str(r["day"]) for r in rows],
                    "y": [r["n"] for r in rows],
                    "marker": {"color": colour},
                }
            )
    return _figure(data, "Hands per day by audit status 审核", "day 日期", "hands 盘", barmode="stack")


def hand_types(rows: list[dict[str, Any]], title: str) -> str:
    """Horizontal bars on a log axis: 屁胡 outnumbers 清一色 a hundred to one, and both stay readable."""
    rows = sorted(rows, key=lambda r: r["n"])
    return _figure(
        [
            {
                "type": "bar",
                "orientation": "h",
                "y": [hand_type_label(r["hand_type"]) for r in rows],
                "x": [r["n"] for r in rows],
                "text": [f"{r['n']:,}" for r in rows],
                "textposition": "outside",
                "cliponaxis": False,
                "hovertemplate": "%{y}: %{x:,} hands won<extra></extra>",
                "marker": {"color": "#1a4f9c"},
            }
        ],
        title + " (log scale 对数刻度)",
        "hands won 胡牌盘数 (log scale)",
        "",
        phone={"layout": {"xaxis": {**_axis("hands won 胡牌盘数 (log scale)"), "type": "log", "dtick": 1}}},
        xaxis={"type": "log"},
        height=max(260, 40 + 34 * len(rows)),
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
        "day 日期",
        "cumulative points 累计积分",
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
        for side, name in (("player", "this player 本人"), ("population", "everyone 全体"))
    ]
    return _figure(data, "Rates beside the population 对比", "", "% of hands 百分比", barmode="group")


def mistakes_over_time(
    rows: list[dict[str, Any]], weeks: list[dict[str, Any]], name: Callable[[str], str]
) -> str:
    """Mistakes per 100 hands, week by week, each point with the counts behind it.

    ``rows``: week, type, n (that type's mistakes); ``weeks``: week, hands (the player's hands
    that week, zero-mistake weeks included). The hands are drawn as grey bars on a second axis
    so a spike on three hands reads as such. plotly draws an overlaying axis's traces above the
    base axis's, so the bars take the base axis (on the right) and the lines the overlaying one
    (on the left): the lines stay in front of the bars.
    """
    order = [str(w["week"])[:10] for w in weeks]
    hands = {str(w["week"])[:10]: int(w["hands"]) for w in weeks}
    counts = {(str(r["week"])[:10], r["type"]): int(r["n"]) for r in rows}
    data: list[dict[str, Any]] = [
        {
            "type": "bar",
            "name": "hands that week 本周盘数",
            "x": order,
            "y": [hands[w] for w in order],
            "marker": {"color": "#e4dfd2"},
            "hovertemplate": "week of %{x}: %{y} hands<extra></extra>",
        }
    ]
    for t in sorted({r["type"] for r in rows}):
        n = [counts.get((w, t), 0) for w in order]
        data.append(
            {
                "type": "scatter",
                "mode": "lines+markers",
                "name": name(t),
                "yaxis": "y2",
                "x": order,
                "y": [
                    round(100.0 * k / hands[w], 1) if hands[w] else 0 for k, w in zip(n, order, strict=True)
                ],
                "text": [f"{k} in {hands[w]} hands" for k, w in zip(n, order, strict=True)],
                "hovertemplate": "week of %{x}: %{y} per 100 hands (%{text})<extra></extra>",
            }
        )
    return _figure(
        data,
        "Mistakes per 100 hands, by week 每周失误",
        "week 周",
        "hands that week 本周盘数",
        yaxis={"side": "right", "showgrid": False, "rangemode": "tozero"},
        yaxis2={
            **_axis("mistakes per 100 hands 每百盘"),
            "overlaying": "y",
            "side": "left",
            "tickmode": "auto",
            "rangemode": "tozero",
        },
        margin={"l": 60, "r": 60, "t": 16, "b": 60},
    )


def liability(figures: dict[str, dict[str, Any]]) -> str:
    keys = ("liable_cost", "liable_won_points")
    return _figure(
        [
            {
                "type": "bar",
                "x": ["paid as liable feeder 承包付分", "received from liable feeders 承包收分"],
                "y": [figures[k]["player"] or 0 for k in keys],
            }
        ],
        "Liability 承包 points",
        "",
        "points 分",
    )


def mistakes_by_type(summary: list[dict[str, Any]], name: Callable[[str], str]) -> str:
    """Horizontal bars on a log axis, the points lost beside each count.

    牌效率 findings outnumber every other type by a hundred to one: on a linear axis the
    costly types (放冲, 承包) would be slivers. Each type is named on two lines (English over
    Chinese) so the names leave the bars room on a phone, where the bars carry only the count.
    """
    rows = sorted(summary, key=lambda r: r["n"])
    labels = [name(r["type"]).rsplit(" ", 1) for r in rows]
    return _figure(
        [
            {
                "type": "bar",
                "orientation": "h",
                "y": ["<br>".join(parts) for parts in labels],
                "x": [r["n"] for r in rows],
                "text": [
                    f"{r['n']:,}" + (f" · {r['cost']:,.0f} points 分" if r["cost"] else "") for r in rows
                ],
                "customdata": [f"{r['cost'] or 0:,.0f}" for r in rows],
                "textposition": "outside",
                "cliponaxis": False,
                "hovertemplate": "%{y}: %{x:,} mistakes, %{customdata} points lost<extra></extra>",
                "marker": {"color": "#1a4f9c"},
            }
        ],
        "Mistakes by type 失误类型 (log scale 对数刻度)",
        "mistakes 次数 (log scale), points lost beside the bar",
        "",
        phone={
            "data": [{"text": [f"{r['n']:,}" for r in rows]}],
            "layout": {
                "margin": {"l": 10, "r": 40, "t": 10, "b": 50},
                "xaxis": {**_axis("mistakes 次数 (log scale)"), "type": "log", "dtick": 1},
            },
        },
        xaxis={"type": "log"},
        margin={"l": 60, "r": 110, "t": 16, "b": 60},
        height=max(260, 60 + 44 * len(rows)),
    )


def sitting_totals(sitting: dict[str, Any], current: str | None = None) -> str:
    """A 推筒子 sitting's running totals (``store.tuitongzi_sitting``): one line per player over
    the rounds, the banker of each round marked 庄 in the hover, the round on the page ringed."""
    rounds = sitting["rounds"]
    x = [r["round_no"] if r["round_no"] is not None else i + 1 for i, r in enumerate(rounds)]
    data: list[dict[str, Any]] = []
    for p in sitting["players"]:
        pid = p["player_id"]
        text = []
        for r in rounds:
            delta = r["deltas"].get(pid)
            said = "not settled 未结算" if delta is None else f"{delta:+d}"
            flag = "" if r["status"] in ("ok", "mismatch") else f" · {r['status']} 违规"
            text.append(f"{r['hand_id']}: {said}{' · banker 庄' if r['banker'] == pid else ''}{flag}")
        data.append(
            {
                "type": "scatter",
                "mode": "lines+markers",
                "name": f"{p['name']}",
                "x": x,
                "y": p["totals"],
                "text": text,
                "hovertemplate": "round %{x}: total %{y}<br>%{text}<extra>%{fullData.name}</extra>",
                "marker": {
                    "size": [12 if r["hand_id"] == current else 6 for r in rounds],
                    "symbol": ["x" if r["status"] not in ("ok", "mismatch") else "circle" for r in rounds],
                },
            }
        )
    return _figure(
        data,
        "Running totals of the sitting 本场累计输赢",
        "round 局",
        "running total 累计",
        xaxis={"dtick": 1},
        phone={"layout": {"margin": {"l": 50, "r": 8, "t": 10, "b": 110}}},
    )
