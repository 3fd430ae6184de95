"""A player's habits beside everyone's, as SQL over the store (issue #6).

Every figure is computed twice with the same SQL: once over the player's seats and once over
every seat the filters keep (the population), so the two are always comparable. The filters are
the pages' and the API's: a game, a date range, a ruleset preset, a session.

Habits are per game: a Wuhan hand's points and a Sichuan hand's coins do not add up, and the
habits themselves differ (红中 and laizi handling in Wuhan; 定缺, 花猪 and 查大叫 in Sichuan;
起手胡, 开杠, the 海底 and birds in Changsha; 报听, the 宝, 截胡, opening sets and gang money
in Changchun; fans, 起胡, 报听 and flowers in 二人麻将). A player
is compared with the population of one game: the one asked for, else the game the player sat
in most (``player_game``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

import duckdb

from store.db import Store

#: figure key -> (English label with the Chinese term, how to read it)
FIGURES: dict[str, str] = {
    "hands": "hands 盘数",
    "settled_hands": "settled hands 结算盘数",
    "win_rate": "win % 胡牌率",
    "self_draw_rate": "self-draw % 自摸率",
    "deal_in_rate": "deal-in % 放冲率",
    "avg_points": "points per hand 平均积分",
    "points_trend": "points per hand, change per 100 hands 趋势",
    "open_rate": "hands opened % 开口率",
    "avg_opens": "opens per hand 平均开口",
    "first_open_turn": "turn of the first open 首次开口巡目",
    "pizi_per_hand": "红中 received per hand 每盘红中",
    "pizi_ganged": "红中 ganged % 红中杠",
    "pizi_discarded": "红中 discarded % 打红中",
    "pizi_held": "红中 held to the end % 红中留手",
    "pizi_turns": "turns to put a 红中 out 红中出手巡目",
    "laizi_per_hand": "laizi received per hand 每盘赖子",
    "laizi_ganged": "laizi ganged % 赖子杠",
    "laizi_discarded": "laizi discarded % 丢赖子",
    "laizi_held": "laizi held to the end % 赖子留手",
    "laizi_turns": "turns to put a laizi out 赖子出手巡目",
    "liable_per_100": "liability as feeder per 100 hands 承包",
    "liable_cost": "points paid as liable feeder 承包付分",
    "liable_won_per_100": "wins paid by a liable feeder per 100 hands 被承包的胡",
    "liable_won_points": "points received from liable feeders 承包收分",
    "missed_wins_per_100": "missed wins per 100 hands 漏胡",
    "missed_win_cost": "points of missed wins 漏胡分",
}
#: the Sichuan figures (``sichuan_seat_facts``); amounts are coins (n units × base)
SICHUAN_FIGURES: dict[str, str] = {
    "hands": "hands 盘数",
    "win_rate": "won at least once % 胡牌率",
    "wins_per_hand": "wins per hand 平均胡次",
    "first_win_rate": "won first % 先胡率",
    "self_draw_rate": "self-draw % 自摸率",
    "deal_in_rate": "paid a win as discarder % 点炮率",
    "avg_points": "coins per hand 平均输赢",
    "points_trend": "coins per hand, change per 100 hands 趋势",
    "avg_multiple": "multiple of a win 平均倍数",
    "one_suit_rate": "wins that were 清一色 % 清一色率",
    "void_turns": "discards to clear the void suit 缺门出清",
    "void_kept_rate": "void suit never cleared % 缺门未清",
    "huazhu_rate": "花猪 at the end of the wall % 查花猪",
    "dajiao_rate": "paid 查大叫 % 查大叫赔付",
    "kongs_per_hand": "kongs per hand 杠",
    "kong_coins": "kong coins per hand 刮风下雨",
    "bankrupt_rate": "bankrupt % 破产率",
    "missed_wins_per_100": "missed wins per 100 hands 漏胡",
    "missed_win_cost": "points of missed wins",
}
#: the Changsha figures (``changsha_seat_facts``); amounts are points (units × k × birds)
CHANGSHA_FIGURES: dict[str, str] = {
    "hands": "hands 盘数",
    "win_rate": "won % 胡牌率",
    "self_draw_rate": "self-draw % 自摸率",
    "deal_in_rate": "paid a win as discarder % 点炮率",
    "avg_points": "points per hand 平均输赢",
    "points_trend": "points per hand, change per 100 hands 趋势",
    "big_win_rate": "wins that were big hands % 大胡率",
    "avg_k": "big hands counted in a win (k) 平均大胡数",
    "qishou_rate": "opening hands declared % 起手胡率",
    "qishou_missed_rate": "opening hands not declared % 起手胡未报",
    "kai_kongs_per_hand": "开杠 per hand 开杠",
    "bu_kongs_per_hand": "补张 per hand 补张",
    "haidi_take_rate": "海底 taken when offered % 要海底",
    "louhu_per_100": "wins let go per 100 hands 漏胡",
    "birds_per_hand": "birds hitting the seat per hand 中鸟",
    "missed_wins_per_100": "missed wins per 100 hands 漏胡 (mistakes)",
    "missed_win_cost": "points of missed wins 漏胡分",
}
#: the Changchun figures (``changchun_seat_facts``); amounts are points, gang money apart
CHANGCHUN_FIGURES: dict[str, str] = {
    "hands": "hands 盘数",
    "win_rate": "won % 胡牌率",
    "self_draw_rate": "self-draw % 自摸率",
    "deal_in_rate": "paid a win as discarder % 点炮率",
    "avg_points": "points per hand 平均输赢",
    "points_trend": "points per hand, change per 100 hands 趋势",
    "ting_rate": "declared 报听 % 报听率",
    "avg_ting_turn": "turn of 报听 报听巡数",
    "ting_win_rate": "won after 报听 % 报听后胡牌",
    "bao_win_rate": "wins by the 宝 (对宝/摸宝) % 宝胡率",
    "looks_per_hand": "looks at the 宝 per hand 看宝",
    "leak_rate": "leaked the 宝 % 泄宝率",
    "jiehu_lost_rate": "wins lost to 截胡 % 被截胡",
    "sets_per_hand": "opening sets per hand 起手杠/蛋",
    "bu_per_hand": "补 per hand 补",
    "gang_money_per_hand": "gang money per hand 杠分",
    "missed_wins_per_100": "missed wins per 100 hands 漏胡",
    "missed_win_cost": "points of missed wins 漏胡分",
}
#: the 二人麻将 figures (``erren_seat_facts``); amounts are points (unit × T, ER-6.3)
ERREN_FIGURES: dict[str, str] = {
    "hands": "hands 盘数",
    "win_rate": "won % 胡牌率",
    "self_draw_rate": "self-draw % 自摸率",
    "deal_in_rate": "dealt in % 点炮率",
    "avg_points": "points per hand 平均输赢",
    "points_trend": "points per hand, change per 100 hands 趋势",
    "avg_fan": "fan per win (T) 平均番数",
    "big_win_rate": "wins of 24 fan or more % 大番率",
    "qihu_misses_per_100": "winning shapes under 起胡 per 100 hands 起胡不足",
    "ting_rate": "hands with 报听 % 报听率",
    "tianting_rate": "报听 that were 天听 % 天听",
    "ting_win_rate": "报听 hands won % 报听后胡牌",
    "flowers_per_hand": "flowers set aside per hand 补花",
    "missed_wins_per_100": "missed wins per 100 hands 漏和 (mistakes)",
    "missed_win_cost": "fan of missed wins 漏和番",
}
FIGURES_BY_GAME: dict[str, dict[str, str]] = {
    "wuhan": FIGURES,
    "sichuan": SICHUAN_FIGURES,
    "changsha": CHANGSHA_FIGURES,
    "changchun": CHANGCHUN_FIGURES,
    "erren": ERREN_FIGURES,
}
PERCENT = {
    k
    for figures in FIGURES_BY_GAME.values()
    for k in figures
    if k.endswith(("rate", "_ganged", "_discarded", "_held"))
}


@dataclass(frozen=True)
class HabitFilters:
    since: date | None = None
    until: date | None = None
    preset: str | None = None
    session: str | None = None
    game: str | None = None

    def where(self, alias: str = "h") -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []
        if self.game:
            clauses.append(f"{alias}.game = ?")
            params.append(self.game)
        if self.since:
            clauses.append(f"{alias}.played_at >= ?")
            params.append(self.since)
        if self.until:
            clauses.append(f"{alias}.played_at < ?::DATE + 1")
            params.append(self.until)
        if self.preset:
            clauses.append(f"{alias}.preset = ?")
            params.append(self.preset)
        if self.session:
            clauses.append(f"{alias}.session_id = ?")
            params.append(self.session)
        return " AND ".join(clauses) or "TRUE", params


_SEATS = """
WITH seats_in AS (
    SELECT h.*,
           row_number() OVER (PARTITION BY h.player_id ORDER BY h.played_at, h.source, h.hand_id) AS n
    FROM seat_rows h
    WHERE {where} {who}
),
missed AS (
    SELECT count(*) AS n, coalesce(sum(h.cost), 0) AS cost
    FROM mistake_rows h
    WHERE {where} {who} AND h.type = 'missed_win'
)
SELECT
    count(*) AS hands,
    count(delta) AS settled_hands,
    -- win, self-draw and deal-in rates: over the settled hands (ok or mismatch; an illegal hand
    -- has no settlement), the one definition the API's /stats and every page use
    avg(CAST(won AS INT)) FILTER (WHERE delta IS NOT NULL) AS win_rate,
    avg(CAST(won_self_draw AS INT)) FILTER (WHERE delta IS NOT NULL) AS self_draw_rate,
    avg(CAST(dealt_in AS INT)) FILTER (WHERE delta IS NOT NULL) AS deal_in_rate,
    avg(delta) AS avg_points,
    100 * regr_slope(delta, n) AS points_trend,
    avg(CAST(opens > 0 AS INT)) AS open_rate,
    avg(opens) AS avg_opens,
    avg(first_open_turn) AS first_open_turn,
    avg(pizi_received) AS pizi_per_hand,
    sum(pizi_ganged) / nullif(sum(pizi_received), 0) AS pizi_ganged,
    sum(pizi_discarded) / nullif(sum(pizi_received), 0) AS pizi_discarded,
    sum(pizi_held) / nullif(sum(pizi_received), 0) AS pizi_held,
    avg(pizi_turns_to_out) AS pizi_turns,
    avg(laizi_received) AS laizi_per_hand,
    sum(laizi_ganged) / nullif(sum(laizi_received), 0) AS laizi_ganged,
    sum(laizi_discarded) / nullif(sum(laizi_received), 0) AS laizi_discarded,
    sum(laizi_held) / nullif(sum(laizi_received), 0) AS laizi_held,
    avg(laizi_turns_to_out) AS laizi_turns,
    100.0 * count(CASE WHEN liable THEN 1 END) / nullif(count(*), 0) AS liable_per_100,
    coalesce(sum(CASE WHEN liable THEN -delta END), 0) AS liable_cost,
    100.0 * count(CASE WHEN won_from_liable THEN 1 END) / nullif(count(*), 0) AS liable_won_per_100,
    coalesce(sum(CASE WHEN won_from_liable THEN delta END), 0) AS liable_won_points,
    100.0 * (SELECT n FROM missed) / nullif(count(*), 0) AS missed_wins_per_100,
    (SELECT cost FROM missed) AS missed_win_cost
FROM seats_in
"""

_SICHUAN_SEATS = """
WITH seats_in AS (
    SELECT h.*,
           row_number() OVER (PARTITION BY h.player_id ORDER BY h.played_at, h.source, h.hand_id) AS n
    FROM seat_rows h
    WHERE {where} {who}
),
missed AS (
    SELECT count(*) AS n, coalesce(sum(h.cost), 0) AS cost
    FROM mistake_rows h
    WHERE {where} {who} AND h.type = 'missed_win'
)
SELECT
    count(*) AS hands,
    avg(CAST(won AS INT)) AS win_rate,
    avg(wins) AS wins_per_hand,
    avg(CAST(coalesce(first_win = 1, false) AS INT)) AS first_win_rate,
    avg(CAST(won_self_draw AS INT)) AS self_draw_rate,
    avg(CAST(dealt_in AS INT)) AS deal_in_rate,
    avg(delta) AS avg_points,
    100 * regr_slope(delta, n) AS points_trend,
    avg(max_multiple) AS avg_multiple,
    sum(one_suit_wins) / nullif(sum(wins), 0) AS one_suit_rate,
    avg(void_turns) AS void_turns,
    avg(CAST(void_turns IS NULL AS INT)) FILTER (WHERE void_suit IS NOT NULL) AS void_kept_rate,
    avg(CAST(huazhu AS INT)) AS huazhu_rate,
    avg(CAST(paid_dajiao AS INT)) AS dajiao_rate,
    avg(kongs) AS kongs_per_hand,
    avg(kong_coins) AS kong_coins,
    avg(CAST(bankrupt AS INT)) AS bankrupt_rate,
    100.0 * (SELECT n FROM missed) / nullif(count(*), 0) AS missed_wins_per_100,
    (SELECT cost FROM missed) AS missed_win_cost
FROM seats_in
"""


def _facts_seats(facts: str, columns: str, figures: str) -> str:
    """A game's per-seat figures over ``seat_rows`` joined to its own facts table: the shared
    frame (hands, win, self-draw and deal-in rates, points and their trend, missed wins) around
    the figures only that game has. ``columns`` are read from the facts table (alias ``f``)."""
    return f"""
WITH seats_in AS (
    SELECT h.*, {columns},
           row_number() OVER (PARTITION BY h.player_id ORDER BY h.played_at, h.source, h.hand_id) AS n
    FROM seat_rows h
    LEFT JOIN {facts} f ON f.source = h.source AND f.hand_id = h.hand_id AND f.seat = h.seat
    WHERE {{where}} {{who}}
),
missed AS (
    SELECT count(*) AS n, coalesce(sum(h.cost), 0) AS cost
    FROM mistake_rows h
    WHERE {{where}} {{who}} AND h.type = 'missed_win'
)
SELECT
    count(*) AS hands,
    avg(CAST(won AS INT)) AS win_rate,
    avg(CAST(won_self_draw AS INT)) AS self_draw_rate,
    avg(CAST(dealt_in AS INT)) AS deal_in_rate,
    avg(delta) AS avg_points,
    100 * regr_slope(delta, n) AS points_trend,
{figures}
    100.0 * (SELECT n FROM missed) / nullif(count(*), 0) AS missed_wins_per_100,
    (SELECT cost FROM missed) AS missed_win_cost
FROM seats_in
"""


_CHANGSHA_SEATS = _facts_seats(
    "changsha_seat_facts",
    "f.big_wins, f.max_k, f.qishou, f.qishou_missed, f.kai_kongs, f.bu_kongs,"
    " f.haidi_offered, f.haidi_taken, f.louhu, f.birds_hit",
    """    sum(big_wins) / nullif(sum(wins), 0) AS big_win_rate,
    avg(max_k) FILTER (WHERE big_wins > 0) AS avg_k,
    avg(CAST(len(qishou) > 0 AS INT)) FILTER (WHERE qishou IS NOT NULL) AS qishou_rate,
    avg(CAST(qishou_missed AS INT)) AS qishou_missed_rate,
    avg(kai_kongs) AS kai_kongs_per_hand,
    avg(bu_kongs) AS bu_kongs_per_hand,
    sum(CAST(haidi_taken AS INT)) / nullif(sum(haidi_offered), 0) AS haidi_take_rate,
    100.0 * sum(louhu) / nullif(count(louhu), 0) AS louhu_per_100,
    avg(birds_hit) AS birds_per_hand,""",
)
_CHANGCHUN_SEATS = _facts_seats(
    "changchun_seat_facts",
    "f.bao_wins, f.ting, f.ting_turn, f.looks, f.leaked, f.jiehu_lost, f.sets, f.bu, f.gang_money",
    """    avg(CAST(ting AS INT)) AS ting_rate,
    avg(ting_turn) AS avg_ting_turn,
    avg(CAST(won AS INT)) FILTER (WHERE ting) AS ting_win_rate,
    sum(bao_wins) / nullif(sum(wins), 0) AS bao_win_rate,
    avg(looks) AS looks_per_hand,
    avg(CAST(leaked AS INT)) AS leak_rate,
    avg(jiehu_lost) AS jiehu_lost_rate,
    avg(len(sets)) AS sets_per_hand,
    avg(bu) AS bu_per_hand,
    avg(gang_money) AS gang_money_per_hand,""",
)
_ERREN_SEATS = _facts_seats(
    "erren_seat_facts",
    "f.fans, f.total, f.qihu_misses, f.ting, f.flowers",
    """    avg(total) FILTER (WHERE won) AS avg_fan,
    avg(CAST(total >= 24 AS INT)) FILTER (WHERE won) AS big_win_rate,
    100.0 * sum(qihu_misses) / nullif(count(qihu_misses), 0) AS qihu_misses_per_100,
    avg(CAST(ting <> '' AS INT)) AS ting_rate,
    avg(CAST(ting = 'tianting' AS INT)) FILTER (WHERE ting <> '') AS tianting_rate,
    avg(CAST(won AS INT)) FILTER (WHERE ting <> '') AS ting_win_rate,
    avg(flowers) AS flowers_per_hand,""",
)
SEATS_BY_GAME = {
    "wuhan": _SEATS,
    "sichuan": _SICHUAN_SEATS,
    "changsha": _CHANGSHA_SEATS,
    "changchun": _CHANGCHUN_SEATS,
    "erren": _ERREN_SEATS,
}

_MISTAKES = """
WITH seats_in AS (
    SELECT count(*) AS n FROM seat_rows h WHERE {where} {who}
)
SELECT h.type, 100.0 * count(*) / (SELECT n FROM seats_in) AS per_100, sum(h.cost) AS cost
FROM mistake_rows h WHERE {where} {who}
GROUP BY 1 ORDER BY 1
"""

_TYPES = """
SELECT t AS hand_type, count(*) AS n FROM (
    SELECT unnest({facts}) AS t
    FROM seat_rows h {join}
    WHERE h.won AND {where} {who}
) GROUP BY 1 ORDER BY 2 DESC, 1
"""
#: the join a game's won hand types need beyond ``seat_rows`` (Changsha's are in its facts table)
TYPES_JOIN = {
    "changsha": "JOIN changsha_seat_facts cf"
    " ON cf.source = h.source AND cf.hand_id = h.hand_id AND cf.seat = h.seat",
    "changchun": "JOIN changchun_seat_facts cc"
    " ON cc.source = h.source AND cc.hand_id = h.hand_id AND cc.seat = h.seat",
    "erren": "JOIN erren_seat_facts ef"
    " ON ef.source = h.source AND ef.hand_id = h.hand_id AND ef.seat = h.seat",
}
#: the hand types a seat won, as its game's per-seat facts list them (a seat without facts
#: lists none: the habits read only analysed hands)
FACTS_BY_GAME = {
    "wuhan": "h.wuhan_hand_types",
    "sichuan": "h.sichuan_hand_types",
    "changsha": "cf.hand_types",
    "changchun": "cc.hand_types",
    "erren": "ef.fans",  # a 二人 win's "hand types" are its fans (番种)
}


def _one(cur: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> dict[str, Any]:
    result = cur.execute(sql, params)
    names = [d[0] for d in result.description]
    row = result.fetchone()
    return dict(zip(names, row, strict=True)) if row else dict.fromkeys(names)


def _all(cur: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    result = cur.execute(sql, params)
    names = [d[0] for d in result.description]
    return [dict(zip(names, row, strict=True)) for row in result.fetchall()]


def _round(value: Any) -> Any:
    return round(value, 4) if isinstance(value, float) else value


Population = tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]

#: (database, filters, hands stored, last audit) -> the population's figures. Every player page
#: under the same filters shares them, and they change only when hands are stored or re-audited.
_POPULATION: dict[tuple[Any, ...], Population] = {}


def player_game(cur: duckdb.DuckDBPyConnection, player_id: str, filters: HabitFilters) -> str:
    """The game of a player's habits: the filters', else the one the player sat in most (Wuhan
    on a tie or when the player sat in none)."""
    if filters.game:
        return filters.game
    row = cur.execute(
        "SELECT game FROM player_hands WHERE player_id = ? GROUP BY 1"
        " ORDER BY count(*) DESC, game = 'wuhan' DESC, 1 LIMIT 1",
        [player_id],
    ).fetchall()
    return str(row[0][0]) if row else "wuhan"


def _state(cur: duckdb.DuckDBPyConnection) -> str:
    """What the population's figures depend on: the hands stored and the last audit written."""
    row = cur.execute("SELECT (SELECT count(*) FROM hands), (SELECT max(audited_at) FROM audits)").fetchone()
    assert row is not None
    return f"{row[0]}|{row[1].isoformat() if row[1] is not None else ''}"


def _filters_key(filters: HabitFilters) -> str:
    values = {k: (str(v) if v is not None else None) for k, v in vars(filters).items()}
    return json.dumps(values, sort_keys=True)


def _compute_population(cur: duckdb.DuckDBPyConnection, filters: HabitFilters) -> Population:
    where, params = filters.where()
    game = filters.game or "wuhan"
    seats_sql, facts = SEATS_BY_GAME.get(game, _SEATS), FACTS_BY_GAME.get(game, "h.wuhan_hand_types")
    twice = [*params, *params]  # the seats' filter, then the same for their mistakes
    return (
        _one(cur, seats_sql.format(where=where, who=""), twice),
        {r["type"]: r for r in _all(cur, _MISTAKES.format(where=where, who=""), twice)},
        _all(cur, _TYPES.format(where=where, who="", facts=facts, join=TYPES_JOIN.get(game, "")), params),
    )


#: the share of the hands the stored population figures may lack and still be shown: an upload
#: refreshes them once the store has grown past it (``refresh_populations``), so an upload pays
#: the aggregation (a second at a million hands) once per 10,000 hands there, and a page never
STALE_SHARE = 0.01


def _hands_of(state: str) -> int:
    return int(state.split("|", 1)[0])


def _population(cur: duckdb.DuckDBPyConnection, filters: HabitFilters) -> Population:
    """The population's figures: this process's copy, else the copy ``refresh_populations`` stored
    (for this state, or for a state at most ``STALE_SHARE`` of the hands behind: the figures of
    a million hands do not move with the last few thousand), else computed now (every seat of
    the game: a second at a million hands)."""
    state = _state(cur)
    name = cur.execute("SELECT current_database()").fetchall()[0][0]
    key = (name, filters, state)
    if key not in _POPULATION:
        if len(_POPULATION) > 64:
            _POPULATION.clear()
        stored = cur.execute(
            "SELECT figures, state FROM population_cache WHERE filters = ? ORDER BY state = ? DESC",
            [_filters_key(filters), state],
        ).fetchall()
        usable = [f for f, s in stored if s == state or _close(_hands_of(s), _hands_of(state))]
        _POPULATION[key] = _decode(usable[0]) if usable else _compute_population(cur, filters)
    return _POPULATION[key]


def _close(stored: int, now: int) -> bool:
    """Whether figures of ``stored`` hands stand for ``now`` hands (never more hands than now:
    the rows are then of another database state altogether)."""
    return stored <= now and now - stored <= STALE_SHARE * now


def _decode(text: str) -> Population:
    seats, mistakes, types = json.loads(text)
    return seats, mistakes, types


#: the filters whose population ``refresh_populations`` keeps: each game's, unfiltered (the
#: player page's default)
def _default_filters(cur: duckdb.DuckDBPyConnection) -> list[HabitFilters]:
    games = [r[0] for r in cur.execute("SELECT DISTINCT game FROM hands ORDER BY 1").fetchall()]
    return [HabitFilters(game=g) for g in games]


def refresh_populations(store: Store, *, stale: bool = False) -> None:
    """Store each game's unfiltered population figures for the state the database is in now.

    Run at the end of an ingest and of a re-audit, and after an upload (``stale``: only once the
    stored figures lack more than ``STALE_SHARE`` of the hands, or a game): the first player
    page after them (or after a restart) reads the figures instead of aggregating every seat of
    the game. A write that lands between the reading and the storing changes the state, so the
    stored rows then stand for a state a few hands behind (used within ``STALE_SHARE``).
    """
    with store.read() as cur:
        state = _state(cur)
        wanted = _default_filters(cur)
        if stale:
            have = cur.execute("SELECT filters, state FROM population_cache").fetchall()
            close = {f for f, s in have if _close(_hands_of(s), _hands_of(state))}
            if all(_filters_key(f) in close for f in wanted):
                return
        have = cur.execute("SELECT count(*) FROM population_cache WHERE state = ?", [state]).fetchall()
        if have[0][0] == len(wanted):  # nothing changed since the last refresh
            return
        rows = [[_filters_key(f), f.game, state, json.dumps(_compute_population(cur, f))] for f in wanted]
    with store.write() as con:
        con.execute("DELETE FROM population_cache").fetchall()  # every older state is stale
        for row in rows:
            con.execute(
                "INSERT INTO population_cache (filters, game, state, figures, computed_at)"
                " VALUES (?, ?, ?, ?, now())",
                row,
            ).fetchall()


def player_habits(
    cur: duckdb.DuckDBPyConnection, player_id: str, filters: HabitFilters, source: str | None = None
) -> dict[str, Any]:
    """Every habit figure of one player beside the population's, for one game (``player_game``);
    empty figures when no hands.

    ``source`` keeps the player's figures to one club's hands (a club's read token); the
    population's stay aggregate over every source, so a club sees how its player compares
    without seeing any other club's hands.
    """
    filters = replace(filters, game=player_game(cur, player_id, filters))
    game = filters.game or "wuhan"
    seats_sql, facts = SEATS_BY_GAME.get(game, _SEATS), FACTS_BY_GAME.get(game, "h.wuhan_hand_types")
    where, params = filters.where()
    who = "AND h.player_id = ?" + (" AND h.source = ?" if source is not None else "")
    me_args = [*params, player_id, *([source] if source is not None else [])]
    me = _one(cur, seats_sql.format(where=where, who=who), [*me_args, *me_args])
    everyone, theirs, won_all = _population(cur, filters)
    mine = {r["type"]: r for r in _all(cur, _MISTAKES.format(where=where, who=who), [*me_args, *me_args])}
    won = _all(cur, _TYPES.format(where=where, who=who, facts=facts, join=TYPES_JOIN.get(game, "")), me_args)
    total_wins = sum(r["n"] for r in won_all) or 1
    return {
        "player_id": player_id,
        "filters": {k: (str(v) if v is not None else None) for k, v in vars(filters).items()},
        "figures": [
            {
                "key": key,
                "label": label,
                "player": _round(me.get(key)),
                "population": _round(everyone.get(key)),
                "percent": key in PERCENT,
            }
            for key, label in FIGURES_BY_GAME.get(game, FIGURES).items()
        ],
        "hand_types_won": [
            {
                "hand_type": r["hand_type"],
                "player": r["n"],
                "population_share": _round(
                    next((x["n"] for x in won_all if x["hand_type"] == r["hand_type"]), 0) / total_wins
                ),
            }
            for r in won
        ],
        "mistakes_per_100": [
            {
                "type": t,
                "player": _round(mine[t]["per_100"]) if t in mine else 0.0,
                "population": _round(theirs[t]["per_100"]),
                "player_cost": _round(mine[t]["cost"]) if t in mine else 0,
            }
            for t in sorted(theirs)
        ],
    }


def player_mistakes(
    cur: duckdb.DuckDBPyConnection,
    player_id: str,
    filters: HabitFilters,
    limit: int = 1000,
    source: str | None = None,
) -> list[dict[str, Any]]:
    """The player's mistakes, newest first, each pointing at its hand and event (only
    ``source``'s hands when given)."""
    where, params = filters.where()
    rows = _all(
        cur,
        "SELECT h.source, h.hand_id, h.played_at_text AS played_at, h.type, h.seat, h.idx AS index,"
        " h.severity, h.cost, h.message"
        " FROM mistake_rows h"
        f" WHERE h.player_id = ? AND (? IS NULL OR h.source = ?) AND {where}"
        " ORDER BY h.played_at DESC NULLS LAST, h.source, h.hand_id, h.idx, h.type, h.seat LIMIT ?",
        [player_id, source, source, *params, limit],
    )
    return rows


# --------------------------------------------------------------------------- 推筒子 二八杠
#: 推筒子 figures: a round is settled against the banker, so a seat's figures split by its role
#: (庄家 banker, 闲家 player); amounts are the record's money. ``won`` in ``seat_rows`` is a
#: mahjong win, never set for a round: the player's result against the banker is the audit's
#: ``winners`` (TT-3, a tie going to the banker counts as a loss) and the bet is the record's.
TUITONGZI_FIGURES: dict[str, str] = {
    "hands": "rounds 局数",
    "settled_hands": "settled rounds 结算局数",
    "banker_rounds": "settled rounds as banker 坐庄局数",
    "player_rounds": "settled rounds as player 闲家局数",
    "banker_rate": "rounds as banker % 坐庄率",
    "avg_points": "net per round 每局输赢",
    "points_trend": "net per round, change per 100 rounds 趋势",
    "banker_avg": "net per round as banker 坐庄每局输赢",
    "player_avg": "net per round as player 闲家每局输赢",
    "banker_win_rate": "rounds won as banker (net > 0) % 坐庄赢局率",
    "player_win_rate": "beat the banker as player % 闲家胜率",
    "avg_bet": "bet per round as player 平均下注",
    "missed_wins_per_100": "findings per 100 rounds (bets against the odds) 下注失误",
}
_TUITONGZI_SEATS = """
WITH seats_in AS (
    SELECT h.*,
           json_extract_string(a.computed, '$.winners[' || h.seat || ']') = 'true' AS beat_banker,
           TRY_CAST(json_extract_string(r.record, '$.bets[' || h.seat || ']') AS BIGINT) AS bet,
           row_number() OVER (PARTITION BY h.player_id ORDER BY h.played_at, h.source, h.hand_id) AS n
    FROM seat_rows h
    LEFT JOIN audits a ON a.source = h.source AND a.hand_id = h.hand_id
    LEFT JOIN hands r ON r.source = h.source AND r.hand_id = h.hand_id
    WHERE {where} {who}
),
missed AS (
    SELECT count(*) AS n, coalesce(sum(h.cost), 0) AS cost
    FROM mistake_rows h
    WHERE {where} {who}
)
SELECT
    count(*) AS hands,
    count(delta) AS settled_hands,
    count(delta) FILTER (WHERE is_dealer) AS banker_rounds,
    count(delta) FILTER (WHERE NOT is_dealer) AS player_rounds,
    avg(CAST(is_dealer AS INT)) FILTER (WHERE delta IS NOT NULL) AS banker_rate,
    avg(delta) AS avg_points,
    100 * regr_slope(delta, n) AS points_trend,
    avg(delta) FILTER (WHERE is_dealer) AS banker_avg,
    avg(delta) FILTER (WHERE NOT is_dealer) AS player_avg,
    avg(CAST(delta > 0 AS INT)) FILTER (WHERE is_dealer AND delta IS NOT NULL) AS banker_win_rate,
    avg(CAST(beat_banker AS INT)) FILTER (WHERE NOT is_dealer AND delta IS NOT NULL) AS player_win_rate,
    avg(bet) FILTER (WHERE NOT is_dealer AND delta IS NOT NULL) AS avg_bet,
    100.0 * (SELECT n FROM missed) / nullif(count(*), 0) AS missed_wins_per_100,
    (SELECT cost FROM missed) AS missed_win_cost
FROM seats_in
"""
FIGURES_BY_GAME["tuitongzi"] = TUITONGZI_FIGURES
SEATS_BY_GAME["tuitongzi"] = _TUITONGZI_SEATS
FACTS_BY_GAME["tuitongzi"] = "CAST([] AS VARCHAR[])"  # a round wins no hand type (its classes are no win)
PERCENT |= {k for k in TUITONGZI_FIGURES if k.endswith("rate")}
