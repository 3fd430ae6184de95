"""The Changsha hand viewer's model (长沙麻将): everything the page draws, in words.

Built from the record, its audit and the steps of ``replay.games.changsha.steps`` (the same board
the audit replays). A Changsha hand needs what no other game's viewer does: the opening hands
(起手胡) declared before the first discard with the tiles shown, a 开杠's two tiles turned up,
the 海底 offered seat by seat (漫游), every winner of a 通炮, the birds (扎鸟) and the seat each
one hits, and each payment's receipt (units, k, the dealer column, birds) the moment it is made.
What every game's viewer shares (the header, the verdict, the progress graph's markers) is
``dashboards.review``. Each seat's 向听 for the graph is the standard count with any pair or
七小对: a lower bound where 平胡 needs a 2/5/8 将 (CS-4.1), as the big hands do not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dashboards import review, terms
from dashboards.terms import changsha_hand, changsha_hands, tile
from dashboards.terms import words_in_text as tiles_in_text
from replay.errors import InputError
from replay.games.changsha.steps import replay_steps
from replay.shape import shanten
from replay.tiles import CODES
from schemas.audit import audit_record
from schemas.formats import validate_record

KIND_OF = {code: k for k, code in enumerate(CODES[:27])}
_seat = review.seat_name
_ordinal = review.ordinal
GANG_NAMES = {"an": "暗杠 concealed kong", "ming": "明杠 open kong", "xu": "补杠 added kong"}
MODE_NAMES = {"kai": "开杠 (open kong: two tiles turned up)", "bu": "补张 (kong with one replacement)"}


def _win_words(win: Mapping[str, Any], order: int, players: Sequence[Mapping[str, Any]]) -> str:
    """``1st 第一 · 3 小李 wins 胡 平胡 pinghu (small win) on 2 小王's 五筒 · k 1``."""
    how = "自摸 self-draw" if win.get("from") is None else f"on {_seat(players, win['from'])}'s tile"
    big = "大胡 big" if win.get("big") else "小胡 small"
    return (
        f"{_ordinal(order)} · {_seat(players, win['seat'])} wins 胡 {changsha_hands(win.get('hands'))}"
        f" · {how} {tile(win.get('tile'))} · {big}, k {win.get('k')}"
    )


def _payment_words(p: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    what = "起手胡 opening hand" if p.get("kind") == "qishou" else "胡 win"
    return {
        "from": p["from"],
        "to": p["to"],
        "amount": p["amount"],
        "kind": p.get("kind"),
        "text": f"{_seat(players, p['from'])} pays 付 {_seat(players, p['to'])} {p['amount']} · {what}",
        "receipt": tiles_in_text(p.get("receipt")),
    }


def _bird_words(b: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    hits = b.get("hits") or []
    if len(hits) == 1:
        where = f"hits 中 {_seat(players, hits[0]['seat'])}"
    else:
        where = " · ".join(
            f"from 从 {_seat(players, h['base'])}: hits 中 {_seat(players, h['seat'])}" for h in hits
        )
    return {
        "tile": b["tile"],
        "text": f"鸟 bird {tile(b['tile'])} {where}",
        "seats": [h["seat"] for h in hits],
    }


def describe(
    event: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], players: Sequence[Any]
) -> str:
    """One event in player notation: ``1 小李 开杠 open kong 六万 · dice 3 5``."""
    kind = event.get("type")
    who = _seat(players, event.get("seat"))
    if kind == "qishou":
        kinds = " + ".join(changsha_hand(k) for k in event.get("kinds") or [])
        return f"{who} 起手胡 declares an opening hand: {kinds}"
    if kind == "draw":
        if before.get("phase") == "haidi":
            return f"{who} 要海底 takes the 海底 {tile(after.get('drawn'))}".rstrip()
        if (
            before.get("phase") == "replace"
            and after.get("kai")
            and after["kai"].get("seat") == event.get("seat")
        ):
            return f"{who} 开杠 turns up a tile from the wall".rstrip()
        drawn = event.get("tile") or after.get("drawn")
        return f"{who} 摸 draws {tile(drawn)}".rstrip()
    if kind == "discard":
        return f"{who} 打 discards {tile(event.get('tile'))}"
    if kind == "chi":
        return f"{who} 吃 chi {tile(before.get('claim_tile'))} ← {_seat(players, before.get('claim_seat'))}"
    if kind == "peng":
        return f"{who} 碰 peng {tile(before.get('claim_tile'))} ← {_seat(players, before.get('claim_seat'))}"
    if kind == "gang":
        name = GANG_NAMES.get(str(event.get("kind")), "杠 kong")
        mode = MODE_NAMES.get(str(event.get("mode")), "")
        dice = event.get("dice")
        roll = f" · dice 骰子 {dice[0]} {dice[1]}" if isinstance(dice, list) and len(dice) == 2 else ""
        return f"{who} {name} {tile(event.get('tile'))} · {mode}{roll}"
    if kind == "hu":
        if before.get("phase") == "claim" and before.get("claim_tile"):
            source = _seat(players, before.get("claim_seat"))
            t = event.get("tile") or before.get("claim_tile")
            return f"{who} 胡 wins on {tile(t)} ← {source}"
        t = event.get("tile") or before.get("drawn")
        return f"{who} 胡 自摸 wins on its own tile {tile(t)}".rstrip()
    if kind == "pass":
        return f"{who} 过 passes"
    if kind == "haidi":
        took = "要 takes" if event.get("take") else "不要 declines"
        return f"{who} {took} the 海底 (the last tile)"
    if kind == "birds":
        return "扎鸟 the birds are drawn: " + " ".join(tile(t) for t in event.get("tiles") or [])
    if kind == "huangzhuang":
        return "黄庄 no one won: the hand is a draw"
    return str(kind)


def _counts34(codes: Sequence[str]) -> list[int]:
    out = [0] * 34
    for c in codes:
        out[KIND_OF[c]] += 1
    return out


def _distance(hand: Sequence[str], melds: int) -> int:
    """向听 with any pair, or 七小对 for a seat with no meld (CS-4.1/4.3): -1 complete, 0 ready."""
    counts = _counts34(hand)
    best = shanten(counts, pair="any")
    if melds == 0 and len(hand) >= 13:
        best = min(best, 6 - min(sum(c // 2 for c in counts), 7))
    return best


def _progress(s: Mapping[str, Any], won: set[int], known: dict[Any, int]) -> list[int]:
    out = []
    for seat in range(4):
        if seat in won:
            out.append(-1)
            continue
        hand = s["hands"][seat]
        key = (tuple(hand), len(s["melds"][seat]))
        if key not in known:
            known[key] = _distance(hand, len(s["melds"][seat]))
        out.append(known[key])
    return out


def _steps(
    raw: list[dict[str, Any]], players: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The page's steps (in words) and every win in the order they were settled."""
    steps: list[dict[str, Any]] = []
    wins: list[dict[str, Any]] = []
    prev: dict[str, Any] | None = None
    won: set[int] = set()
    known: dict[Any, int] = {}
    for s in raw:
        event = s.get("event") or {}
        hu_label = None
        if (
            event.get("type") in ("hu", "qishou")
            and not s.get("illegal")
            and isinstance(event.get("seat"), int)
        ):
            if event.get("type") == "hu":
                won.add(event["seat"])
            hu_label = (
                f"{'win 胡' if event.get('type') == 'hu' else '起手胡'} by {_seat(players, event['seat'])}"
            )
        caption = "the deal 起牌" if s["index"] is None else describe(event, prev or {}, s, players)
        _, notes = review.settle_wins(prev, s, players, _win_words, wins)
        if event.get("type") == "hu" and s.get("pending_hu") and len(s["pending_hu"]) > 1:
            notes.append(
                "通炮 several seats win on this one tile: "
                + ", ".join(_seat(players, x) for x in s["pending_hu"])
            )
        locked = [x for x in range(4) if s["louhu"][x] and not (prev and prev["louhu"][x])]
        for x in locked:
            on = "any tile 任何牌" if s["louhu"][x] == ["any"] else " ".join(tile(t) for t in s["louhu"][x])
            notes.append(f"漏胡 {_seat(players, x)} let a win go: it may not win on {on} until it draws")
        kai = s.get("kai")
        qishou = [
            {
                "who": _seat(players, x),
                "kinds": " + ".join(changsha_hand(k) for k in q["kinds"]),
                "tiles": q["tiles"],
            }
            if q
            else None
            for x, q in enumerate(s["qishou"])
        ]
        haidi = s["haidi"]
        step = {
            "index": s["index"],
            "kind": event.get("type"),
            "actor": event.get("seat"),
            "caption": caption,
            "hands": s["hands"],
            "melds": [
                [
                    {
                        "tiles": m["tiles"],
                        "label": {"chi": "吃 chi", "peng": "碰 peng"}.get(m["type"], "杠 kong"),
                        "hidden": m["concealed"],
                    }
                    for m in melds
                ]
                for melds in s["melds"]
            ],
            "discards": s["discards"],
            "qishou": qishou,
            "qishou_now": qishou[event["seat"]]
            if event.get("type") == "qishou" and not s.get("illegal")
            else None,
            "kai": {
                "who": _seat(players, kai["seat"]),
                "seat": kai["seat"],
                "kong": tile(kai["tile"]),
                "tiles": kai["tiles"],
                "dice": " ".join(str(d) for d in kai.get("dice") or []),
            }
            if kai and kai.get("tiles")
            else None,
            "locked": ["开杠 locked: draws and discards only 开杠锁牌" if x else "" for x in s["kai_locked"]],
            "haidi": {
                "offers": [
                    f"{_seat(players, o['seat'])} {'要 takes' if o['take'] else '不要 declines'}"
                    for o in haidi["offers"]
                ],
                "due": _seat(players, haidi["due"]) if haidi["due"] is not None else "",
                "tile": haidi["tile"],
            },
            "birds": [_bird_words(b, players) for b in s["birds"]],
            "balances": [f"{d:+d}" for d in s["deltas"]],
            "live": s["live"],
            "payments": [_payment_words(p, players) for p in s["payments"]],
            "notes": notes,
            "winners": review.winners(s["wins"], players),
            "pending": [_seat(players, x) for x in s.get("pending_hu") or []],
            "illegal": s.get("illegal"),
            "phase": s.get("phase"),
            "progress": _progress(s, won, known),
            "hu_label": hu_label,
        }
        review.seen_draw(step, event, players)
        steps.append(step)
        prev = s
    return steps, wins


def _ruleset_words(record: Mapping[str, Any]) -> str:
    ruleset = record.get("ruleset") or {}
    preset = str(ruleset.get("preset", ""))
    words = terms.PRESET_NAMES.get(preset, preset)
    overrides = ruleset.get("overrides") or {}
    return words + "".join(f" · {k.replace('_', ' ')} {v}" for k, v in overrides.items())


def _field_words(field: str, value: Any, players: list[dict[str, Any]]) -> str:
    """One §9 result field's value in words, for the app-vs-rules table."""
    if value is None:
        return "none 无" if field == "discarder" else "not said 未给出"
    if field in ("winners", "bird_seats") and isinstance(value, list):
        return ", ".join(_seat(players, s) for s in value) or "none 无"
    if field in ("discarder", "next_dealer"):
        return _seat(players, value)
    if field in ("hands", "qishou") and isinstance(value, Mapping):
        return (
            "; ".join(f"{_seat(players, int(s))}: {changsha_hands(list(v))}" for s, v in value.items())
            if all(str(s).isdigit() for s in value)
            else str(value)
        ) or "none 无"
    if field == "birds" and isinstance(value, list):
        return " ".join(tile(t) for t in value) or "none 无"
    if field == "deltas" and isinstance(value, list):
        return review.deltas_words(value)
    return str(value)


def build(record_obj: object, audit: dict[str, Any] | None = None) -> dict[str, Any]:
    """The viewer model for one ``changsha-hand/1`` record (as stored), with its audit if known."""
    model, audit, record, players = review.begin(record_obj, audit, "changsha", audit_record, validate_record)
    if record is None:
        return model
    computed = audit.get("computed")
    model["ruleset"] = _ruleset_words(record)
    model["played_at"] = terms.local_time(record.get("played_at"))
    try:
        raw = replay_steps(record)
    except InputError:
        return _verdict(model, audit, players)
    model["steps"], model["wins"] = _steps(raw, players)
    model["moves"] = review.moves(model["steps"])
    model["markers"] = review.markers(model["mistakes"], model["steps"], lambda s: s["hu_label"], "kong 杠")
    last = model["steps"][-1]
    model["openings"] = [q for q in last["qishou"] if q]
    if computed:
        model["settlement"] = {
            "payments": [_payment_words(p, players) for s in raw for p in s["payments"]],
            "birds": last["birds"],
            "deltas": review.delta_rows(computed, players),
            "ended_by": terms.CHANGSHA_ENDED_BY.get(str(computed.get("ended_by")), ""),
            "next_dealer": _seat(players, computed.get("next_dealer")),
        }
    return _verdict(model, audit, players)


def _verdict(model: dict[str, Any], audit: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    return review.comparison_verdict(
        model,
        audit,
        terms.CHANGSHA_DIFFERENCE_NAMES,
        lambda field, value: _field_words(field, value, players),
    )
