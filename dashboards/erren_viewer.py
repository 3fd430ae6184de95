"""The 二人麻将 hand viewer's model: everything the page draws, in words.

Built from the record, its audit and the steps of ``replay.games.erren.steps`` (the same board
the audit replays). A 二人 hand needs what no other game's viewer does: a table of two seats
facing each other (each the other's 上家 and 下家, ER-1.2), not four with two empty; the flowers
each seat set aside (补花, ER-2.2); its 报听 (天听 or 立直, ER-3.5); and the winning reading with
every fan listed as a receipt (each fan with its value, Chinese beside English, T and Q against
起胡, ER-6.1–6.3). What every game's viewer shares (the header, the verdict, the progress
graph's markers) is ``dashboards.review``. Each seat's 向听 for the graph is the standard count
with any pair (乱将, ER-4.1) or 七对 for a seat with no meld; 起胡 is not counted in it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dashboards import review, terms
from dashboards.terms import erren_fan, erren_tile, erren_words
from replay.errors import InputError
from replay.games.erren.steps import replay_steps
from replay.shape import shanten
from replay.tiles import CODES
from schemas.audit import audit_record
from schemas.formats import validate_record

KIND_OF = {code: k for k, code in enumerate(CODES)}
SEATS = 2
_seat = review.seat_name
GANG_NAMES = {"an": "暗杠 concealed kong", "ming": "明杠 open kong", "xu": "补杠 added kong"}
MELD_NAMES = {"chi": "吃 chi", "peng": "碰 peng", "gang": "杠 kong"}
SHAPE_NAMES = {"chow": "顺子 chow", "pung": "刻子 pung", "kong": "杠 kong", "pair": "将 pair"}
WAYS = {
    "tianhu": "天胡",
    "dihu": "地胡",
    "renhu": "人胡",
    "tianting": "天听",
    "lizhi": "立直",
    "miaoshou": "妙手回春",
    "haidi": "海底捞月",
    "gangkai": "杠上开花",
    "qianggang": "抢杠和",
    "hejuezhang": "和绝张",
}


def describe(
    event: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], players: Sequence[Any]
) -> str:
    """One event in player notation: ``1 小李 补花 sets 春 aside``."""
    kind = event.get("type")
    who = _seat(players, event.get("seat"))
    t = erren_tile(event.get("tile"))
    if kind == "buhua":
        return f"{who} 补花 sets the flower {t} aside"
    if kind == "draw":
        how = " from the back 补牌" if before.get("phase") == "replace" else ""
        drawn = event.get("tile") or after.get("drawn")
        return f"{who} 摸 draws {erren_tile(drawn)}{how}".rstrip()
    if kind == "discard":
        declared = (
            " · 报听 declares ready"
            if (before.get("ting") or [None] * SEATS)[event.get("seat") or 0] == "pending"
            else ""
        )
        return f"{who} 打 discards {t}{declared}"
    if kind == "ting":
        return f"{who} 报听 declares ready"
    source = _seat(players, before.get("claim_seat"))
    if kind in ("chi", "peng"):
        return f"{who} {MELD_NAMES[kind]} {erren_tile(before.get('claim_tile'))} ← {source}"
    if kind == "gang":
        return f"{who} {GANG_NAMES.get(str(event.get('kind')), '杠 kong')} {t}"
    if kind == "hu":
        if before.get("phase") == "claim" and before.get("claim_tile"):
            rob = " (抢杠 robbing the kong)" if before.get("robbing") else ""
            return f"{who} 和 wins on {erren_tile(before.get('claim_tile'))} ← {source}{rob}"
        own = erren_tile((after.get("win") or {}).get("tile") or before.get("drawn"))
        return f"{who} 和 自摸 wins on its own tile {own}".rstrip()
    if kind == "pass":
        return f"{who} 过 passes"
    if kind == "huangzhuang":
        return "荒庄 no one won: the hand is a draw"
    return str(kind)


def _counts34(codes: Sequence[str]) -> list[int]:
    out = [0] * 34
    for c in codes:
        if c in KIND_OF:  # a flower still held is no play tile
            out[KIND_OF[c]] += 1
    return out


def _distance(hand: Sequence[str], melds: int) -> int:
    """向听 with any pair (乱将), or 七对 for a seat with no meld (ER-4.1): -1 complete, 0 ready."""
    counts = _counts34(hand)
    best = shanten(counts, pair="any")
    if melds == 0 and sum(counts) >= 13:
        best = min(best, 6 - min(sum(c // 2 for c in counts), 7))
    return best


def _progress(s: Mapping[str, Any], known: dict[Any, int]) -> list[int]:
    out = []
    won = (s.get("win") or {}).get("seat")
    for seat in range(SEATS):
        if seat == won:
            out.append(-1)
            continue
        hand = s["hands"][seat]
        key = (tuple(hand), len(s["melds"][seat]))
        if key not in known:
            known[key] = _distance(hand, len(s["melds"][seat]))
        out.append(known[key])
    return out


def fan_rows(win: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every fan of the win as a receipt line: Chinese beside English, value, count, points."""
    return [
        {
            "id": f["id"],
            "name": erren_fan(f["id"]),
            "zh": f["zh"],
            "en": f["en"],
            "value": f["value"],
            "n": f["n"],
            "points": f["points"],
            "nq": f["nq"],
            "text": f"{f['zh']} {f['en']} · {f['value']} 番"
            + (f" × {f['n']} = {f['points']}" if f["n"] > 1 else "")
            + (" (不计起胡 not toward 起胡)" if f["nq"] else ""),
        }
        for f in win.get("fans") or []
    ]


def win_words(
    win: Mapping[str, Any], players: Sequence[Mapping[str, Any]], qihu: int | None
) -> dict[str, Any]:
    """The win as the settlement shows it: who, how, the tile, the reading's groups, the fans."""
    how = "自摸 self-drawn" if win.get("from") is None else f"on {_seat(players, win['from'])}'s tile"
    groups = [
        {
            "tiles": g["tiles"],
            "label": SHAPE_NAMES.get(g["shape"], g["shape"])
            + (" · exposed 明" if g["exposed"] else " · 暗杠 concealed" if g["an_gang"] else ""),
            "won": g["won"],
        }
        for g in win.get("groups") or []
    ]
    ways = " · ".join(f"{WAYS.get(w, w)} {w}" for w in win.get("ways") or [])
    return {
        "seat": win.get("seat"),
        "title": f"{_seat(players, win.get('seat'))} wins 和 {how} {erren_tile(win.get('tile'))}".rstrip(),
        "tile": win.get("tile"),
        "form": "七对 seven pairs" if win.get("form") == "qidui" else "4 sets and a pair 四组一将",
        "groups": groups,
        "ways": ways,
        "fans": fan_rows(win),
        "total": win.get("total"),
        "qualifying": win.get("qualifying"),
        "qihu": qihu,
        "summary": f"T {win.get('total')} 番 · Q {win.get('qualifying')} toward 起胡"
        + (f" {qihu}" if qihu is not None else ""),
    }


def _payment_words(p: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    return {
        "from": p["from"],
        "to": p["to"],
        "amount": p["amount"],
        "text": f"{_seat(players, p['from'])} pays 付 {_seat(players, p['to'])} {p['amount']}",
        "receipt": [erren_words(line) for line in p.get("receipt") or []],
    }


def _melds(melds: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "tiles": m["tiles"],
            "label": GANG_NAMES.get(str(m.get("gang")), "杠 kong")
            if m["type"] == "gang"
            else MELD_NAMES[m["type"]],
            "hidden": m["concealed"],
        }
        for m in melds
    ]


def _steps(raw: list[dict[str, Any]], players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The page's steps, in words."""
    steps: list[dict[str, Any]] = []
    prev: dict[str, Any] | None = None
    known: dict[Any, int] = {}
    for s in raw:
        event = s.get("event") or {}
        won = event.get("type") == "hu" and not s.get("illegal") and s.get("win") is not None
        caption = "the deal 起牌" if s["index"] is None else describe(event, prev or {}, s, players)
        notes: list[str] = []
        for seat in range(SEATS):
            before = (prev or {}).get("flowers") or [[]] * SEATS
            for f in s["flowers"][seat][len(before[seat]) :]:
                if prev is not None:
                    notes.append(
                        f"补花 {_seat(players, seat)} sets {erren_tile(f)} aside;"
                        " its replacement comes from the back"
                    )
            t = s["ting"][seat]
            if t in ("tianting", "lizhi") and (prev or {}).get("ting", [None] * SEATS)[seat] != t:
                notes.append(f"{_seat(players, seat)} {terms.ERREN_TING[t]}")
        if s.get("ended_by") == "huangzhuang" and (prev or {}).get("ended_by") != "huangzhuang":
            notes.append("荒庄 the hand ends with no winner: nobody pays")
        step = {
            "index": s["index"],
            "kind": event.get("type"),
            "actor": event.get("seat"),
            "caption": caption,
            "hands": s["hands"],
            "melds": [_melds(m) for m in s["melds"]],
            "discards": s["discards"],
            "flowers": s["flowers"],
            "ting": [terms.ERREN_TING.get(t, "") if t else "" for t in s["ting"]],
            "balances": [f"{d:+d}" for d in s["deltas"]],
            "live": s["live"],
            "payments": [_payment_words(p, players) for p in s["payments"]],
            "win": win_words(s["win"], players, None) if won else None,
            "notes": notes,
            "illegal": s.get("illegal"),
            "phase": s.get("phase"),
            "progress": _progress(s, known),
            "hu_label": f"win 和 by {_seat(players, event.get('seat'))}" if won else None,
        }
        if event.get("type") == "draw":  # what the other seat sees: a draw, not its tile
            step["caption_seen"] = f"{_seat(players, event.get('seat'))} 摸 draws"
        steps.append(step)
        prev = s
    return steps


def _mistake(m: Mapping[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    kind = str(m.get("type"))
    cost = m.get("cost")
    cost_text = f"cost {cost} 番 given up 失番" if cost is not None else "no cost attributed 不计番"
    return review.mistake(m, players, terms.mistake_name(kind), cost_text, erren_words)


def _ruleset_words(record: Mapping[str, Any]) -> str:
    ruleset = record.get("ruleset") or {}
    preset = str(ruleset.get("preset", ""))
    words = terms.PRESET_NAMES.get(preset, preset)
    overrides = ruleset.get("overrides") or {}
    return words + "".join(f" · {k.replace('_', ' ')} {v}" for k, v in overrides.items())


def _qihu(record: Mapping[str, Any]) -> int | None:
    from replay.games.erren.params import rules_from_json

    try:
        return rules_from_json(record.get("ruleset")).qihu
    except InputError:
        return None


def _comparison(
    recorded: Mapping[str, Any] | None,
    computed: Mapping[str, Any] | None,
    differences: Sequence[Mapping[str, Any]],
    players: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """Rows of the app-vs-rules table for the result fields the app gave."""
    if not recorded or not computed:
        return []

    def words(field: str, value: Any) -> str:
        if value is None:
            return "no one 无" if field == "winner" else "not said 未给出"
        if field == "winner":
            return _seat(players, value)
        if field == "self_draw":
            return "自摸 yes" if value else "no 否"
        if field == "fans" and isinstance(value, list):
            return (
                ", ".join(
                    erren_fan(f.get("id")) + (f" ×{f.get('n')}" if f.get("n", 1) != 1 else "")
                    for f in value
                    if isinstance(f, Mapping)
                )
                or "none 无"
            )
        if field == "deltas" and isinstance(value, list):
            return " / ".join(f"{v:+d}" if isinstance(v, int) else str(v) for v in value)
        return str(value)

    differs = {d.get("field") for d in differences}
    return [
        {
            "label": terms.ERREN_DIFFERENCE_NAMES.get(field, field),
            "app": words(field, recorded[field]),
            "rules": words(field, computed.get(field)),
            "differs": field in differs,
        }
        for field in terms.ERREN_DIFFERENCE_NAMES
        if field in recorded
    ]


def build(record_obj: object, audit: dict[str, Any] | None = None) -> dict[str, Any]:
    """The viewer model for one ``erren-hand/1`` record (as stored), with its audit if known."""
    if audit is None:
        audit = audit_record(record_obj)
    record, errors = validate_record(record_obj)
    computed = audit.get("computed")
    model = review.skeleton(audit, errors, erren_words)
    model.update(
        game="erren",
        game_name=terms.GAME_NAMES["erren"],
        seat_count=SEATS,
        flower_names=terms.ERREN_FLOWERS,
        flower_glyphs=terms.ERREN_FLOWER_GLYPH,
        win=None,
    )
    if record is None:
        model["verdict"] = {"kind": "invalid", "title": review.INVALID_TITLE, "step": None}
        return model
    players = review.players_of(record)
    model["players"] = players
    model["dealer"] = record["dealer"]
    model["ruleset"] = _ruleset_words(record)
    model["played_at"] = terms.local_time(record.get("played_at"))
    model["mistakes"] = review.sort_mistakes(
        [_mistake(m, players) for m in audit.get("mistakes") or [] if isinstance(m, Mapping)]
    )
    model["first_illegal"] = review.first_illegal(record, audit, erren_words)
    try:
        raw = replay_steps(record)
    except InputError:
        return _verdict(model, audit, players)
    model["steps"] = _steps(raw, players)
    model["moves"] = [
        {
            "first": p,
            "pos": p,
            "index": s["index"],
            "actor": s["actor"],
            "text": s["caption"],
            "seen": s.get("caption_seen"),
            "illegal": bool(s["illegal"]),
        }
        for p, s in enumerate(model["steps"])
        if p > 0 and s["kind"] != "pass"
    ]
    model["markers"] = review.markers(model["mistakes"], model["steps"], lambda s: s["hu_label"], "kong 杠")
    last = raw[-1]
    model["flowers"] = [
        {
            "who": _seat(players, s),
            "tiles": last["flowers"][s],
            "names": " ".join(erren_tile(f) for f in last["flowers"][s]),
        }
        for s in range(SEATS)
    ]
    if computed:
        qihu = _qihu(record)
        win = last.get("win") if computed.get("winner") is not None else None
        model["win"] = win_words(win, players, qihu) if win else None
        if model["win"] is not None:
            for s in model["steps"]:
                if s["win"] is not None:
                    s["win"]["qihu"] = qihu
            model["win"]["step"] = next((s["index"] for s in model["steps"] if s["win"] is not None), None)
        model["settlement"] = {
            "payments": [_payment_words(p, players) for s in raw for p in s["payments"]],
            "deltas": [
                {"who": _seat(players, s), "delta": f"{d:+d}"}
                for s, d in enumerate(computed.get("deltas") or [])
            ],
            "ended_by": terms.ERREN_ENDED_BY.get(str(computed.get("ended_by")), ""),
            "next_dealer": _seat(players, computed.get("next_dealer")),
        }
    return _verdict(model, audit, players)


def _verdict(model: dict[str, Any], audit: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    return review.verdict(
        model,
        audit,
        lambda: _comparison(
            audit.get("recorded"), audit.get("computed"), audit.get("differences") or [], players
        ),
        terms.ERREN_DIFFERENCE_NAMES,
    )
