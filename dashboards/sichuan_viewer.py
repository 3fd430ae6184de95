"""The Sichuan hand viewer's model (四川麻将 血战到底/血流成河): everything the page draws, in words.

Built from the record, its audit and the steps of ``replay.games.sichuan.steps`` (the same
board the audit replays). A Sichuan hand needs what a Wuhan one never does: the 换三张 swap and
the 定缺 void suits at the start, several winners in the order they won (each win settled when its
discard's window closes, 一炮多响 together), a 血流成河 winner's locked hand and the tiles it won
on, every transfer at the event that made it (a kong's 刮风/下雨 at once, 呼叫转移 with the win
that takes it), and the end-of-wall checks 查花猪, 查大叫 and 退税. What both games' viewers share
(the header, the verdict, the progress graph's markers) is ``dashboards.review``; each seat's
向听 for that graph is counted the Sichuan way (``replay.games.sichuan.progress``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dashboards import review, terms
from dashboards.terms import tile
from dashboards.terms import words_in_text as tiles_in_text
from replay.errors import InputError
from replay.games.sichuan import tiles as T
from replay.games.sichuan.params import rules_from_json
from replay.games.sichuan.progress import counts_of, distance
from replay.games.sichuan.steps import replay_steps
from schemas.audit import audit_record
from schemas.formats import validate_record

MODE_TEXT = {"xueliu": "血流成河 xueliu: winners play on", "xuezhan": "血战到底 xuezhan: winners leave"}


_seat = review.seat_name
_ordinal = review.ordinal


def _win_words(win: Mapping[str, Any], order: int, players: Sequence[Mapping[str, Any]]) -> str:
    """``1st 第一 · 1 小李 wins 胡 平胡 pinghu · 根 ×2 · 自摸 self-draw on 九筒 · multiple 4``."""
    how = (
        "自摸 self-draw"
        if win.get("from") is None
        else f"on {_seat(players, win['from'])}'s tile"
        + (" (抢杠 robbed)" if "qiangganghu" in (win.get("ways") or []) else "")
    )
    parts = [
        f"{_ordinal(order)} · {_seat(players, win['seat'])} wins 胡 {terms.sichuan_hand(win.get('hand'))}"
    ]
    if win.get("gen"):
        parts.append(f"根 ×{win['gen']}")
    parts += [terms.WAY_NAMES.get(w, w) for w in win.get("ways") or []]
    parts.append(f"{how} {tile(win.get('tile'))}")
    parts.append(f"multiple 番数 {win.get('multiple')}")
    return " · ".join(parts)


def _transfer_words(t: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    text = (
        f"{_seat(players, t['from'])} pays 付 {_seat(players, t['to'])} {t['amount']}"
        f" · {terms.TRANSFER_NAMES.get(str(t['kind']), str(t['kind']))}"
    )
    if t.get("owed") is not None:
        text += f" (owed 应付 {t['owed']}: bankrupt 破产)"
    return {"kind": t["kind"], "from": t["from"], "to": t["to"], "amount": t["amount"], "text": text}


def describe(
    event: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], players: Sequence[Any]
) -> str:
    """One event in player notation: ``1 小李 暗杠 下雨 concealed kong 七条``."""
    kind = event.get("type")
    who = _seat(players, event.get("seat"))
    if kind == "swap":
        direction = terms.SWAP_NAMES.get(str(event.get("direction")), str(event.get("direction")))
        return f"换三张 swap: every seat gives three tiles {direction}"
    if kind == "dingque":
        voids = after.get("voids") or []
        return "定缺 void suits: " + " · ".join(
            f"{_seat(players, s)} 缺 {terms.suit(v)}" for s, v in enumerate(voids)
        )
    if kind == "draw":
        drawn = event.get("tile") or after.get("drawn")
        return f"{who} 摸 draws {tile(drawn)}".rstrip()
    if kind == "discard":
        return f"{who} 打 discards {tile(event.get('tile'))}"
    if kind == "peng":
        return f"{who} 碰 peng {tile(before.get('claim_tile'))} ← {_seat(players, before.get('claim_seat'))}"
    if kind == "gang":
        name = terms.SICHUAN_GANG_NAMES.get(str(event.get("kind")), "杠 kong")
        t = event.get("tile") or before.get("claim_tile")
        source = f" ← {_seat(players, before.get('claim_seat'))}" if event.get("kind") == "ming" else ""
        return f"{who} {name} {tile(t)}{source}"
    if kind == "hu":
        if before.get("phase") == "claim" and before.get("claim_tile"):
            rob = " (抢杠 robbing the kong)" if before.get("claim_rob") else ""
            source = _seat(players, before.get("claim_seat"))
            return f"{who} 胡 wins on {tile(before.get('claim_tile'))}{rob} ← {source}"
        return f"{who} 胡 自摸 wins on its own draw {tile(before.get('drawn'))}".rstrip()
    if kind == "pass":
        return f"{who} 过 passes"
    if kind == "huangzhuang":
        return "流局 the wall ran out: the end-of-wall checks 查花猪 · 查大叫 · 退税"
    return str(kind)


def _seat_status(step: Mapping[str, Any], seat: int, mode: str) -> str:
    out = (step.get("out") or [None] * 4)[seat]
    if out == "bankrupt":
        return "bankrupt 破产 (out)"
    if out == "won":
        return "won 已胡 (out, 血战到底)"
    wins = (step.get("win_counts") or [0] * 4)[seat]
    if wins and mode == "xueliu":
        return f"won ×{wins} 已胡 · hand locked 锁牌 (血流成河)"
    return ""


def _steps(
    raw: list[dict[str, Any]], players: list[dict[str, Any]], mode: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The page's steps (in words) and the wins in the order they were settled."""
    steps: list[dict[str, Any]] = []
    wins: list[dict[str, Any]] = []
    prev: dict[str, Any] | None = None
    said_hu: set[int] = set()
    known: dict[Any, int] = {}
    for s in raw:
        event = s.get("event") or {}
        hu_label = None
        if event.get("type") == "hu" and not s.get("illegal") and isinstance(event.get("seat"), int):
            said_hu.add(event["seat"])
            hu_label = f"win 胡 by {_seat(players, event['seat'])}"
        caption = "the deal 起牌" if s["index"] is None else describe(event, prev or {}, s, players)
        settled, notes = review.settle_wins(prev, s, players, _win_words, wins)
        if any(t["kind"] == "gang_xu" for t in s["transfers"]) and event.get("type") != "gang":
            notes.append("nobody robbed the 补杠: it stands and is paid now 补杠成立")
        if event.get("type") == "hu" and s.get("pending_hu") and not settled:
            notes.append("the win is settled when nobody else claims the tile 等待其他家胡 (一炮多响)")
        if event.get("type") == "huangzhuang":
            huazhu = ", ".join(_seat(players, x) for x in s.get("huazhu") or []) or "none 无"
            tenpai = ", ".join(_seat(players, x) for x in s.get("tenpai") or []) or "none 无"
            notes.append(f"查花猪 three suits 花猪: {huazhu}")
            notes.append(f"查大叫 ready 下叫: {tenpai}")
        swap = None
        if event.get("type") == "swap":
            swap = {
                "direction": terms.SWAP_NAMES.get(str(event.get("direction")), ""),
                "given": [[str(t) for t in given] for given in event.get("tiles") or []],
            }
        step = {
            "index": s["index"],
            "kind": event.get("type"),
            "actor": event.get("seat"),
            "caption": caption,
            "hands": s["hands"],
            "melds": [
                [
                    {
                        "tiles": [m["tile"]] * (3 if m["type"] == "peng" else 4),
                        "label": "碰 peng"
                        if m["type"] == "peng"
                        else terms.SICHUAN_GANG_NAMES.get(m.get("kind", ""), "杠").split(" ")[0],
                        "hidden": m.get("kind") == "an",
                    }
                    for m in melds
                ]
                for melds in s["melds"]
            ],
            "discards": s["discards"],
            "voids": [terms.suit(v) if v else "" for v in s["voids"]],
            "void_letters": [v or "" for v in s["voids"]],
            "won_tiles": s["won_tiles"],
            "status": [_seat_status(s, seat, mode) for seat in range(4)],
            # a 血战到底 winner lays its hand down and leaves: open even in another seat's view
            "laid_down": [out == "won" for out in s.get("out") or [None] * 4],
            "balances": [f"{d:+d}" for d in s["deltas"]],
            "live": s["live"],
            "transfers": [_transfer_words(t, players) for t in s["transfers"]],
            "notes": notes,
            "winners": review.winners(s["wins"], players),
            "pending": [_seat(players, x) for x in s.get("pending_hu") or []],
            "swap": swap,
            "illegal": s.get("illegal"),
            "phase": s.get("phase"),
            "progress": _progress(s, said_hu, known),
            "hu_label": hu_label,
        }
        review.seen_draw(step, event, players)
        steps.append(step)
        prev = s
    return steps, wins


def _progress(s: Mapping[str, Any], said_hu: set[int], known: dict[Any, int]) -> list[int]:
    """Each seat's 向听 at this step (``replay.games.sichuan.progress``); -1 from its win on.

    Only the seat that acted changes its tiles at a step, so a value is looked up in ``known``
    (one per hand view) before it is counted (bench/bench_sichuan_viewer.py measures the cost)."""
    out = []
    for seat in range(4):
        if seat in said_hu:
            out.append(-1)
            continue
        melds = s["melds"][seat]
        key = (tuple(s["hands"][seat]), tuple(m["tile"] for m in melds), s["voids"][seat])
        if key not in known:
            void = s["voids"][seat]
            known[key] = distance(
                counts_of(s["hands"][seat]),
                len(melds),
                T.SUIT_CODES.index(void) if void else None,
                {T.SUIT_CODES.index(m["tile"][1]) for m in melds},
            )
        out.append(known[key])
    return out


def _ruleset_words(record: Mapping[str, Any]) -> tuple[str, str]:
    ruleset = record.get("ruleset") or {}
    preset = str(ruleset.get("preset", ""))
    words = terms.PRESET_NAMES.get(preset, preset)
    overrides = ruleset.get("overrides") or {}
    words += "".join(f" · {terms.override_words(k, v)}" for k, v in overrides.items())
    try:
        mode = rules_from_json(ruleset).mode
    except InputError:
        mode = "xueliu" if preset == "xueliu" else "xuezhan"
    return words, mode


def _field_words(field: str, value: Any, players: list[dict[str, Any]]) -> str:
    """One §10 result field's value in words, for the app-vs-rules table."""
    if value is None:
        return "not said 未给出"
    if field == "wins" and isinstance(value, list):
        return (
            "; ".join(
                _win_words(w, k, players) if isinstance(w, Mapping) and "seat" in w else str(w)
                for k, w in enumerate(value)
            )
            or "none 无"
        )
    if field == "transfers" and isinstance(value, list):
        return (
            "; ".join(
                _transfer_words(t, players)["text"]
                if isinstance(t, Mapping) and {"kind", "from", "to", "amount"} <= set(t)
                else str(t)
                for t in value
            )
            or "none 无"
        )
    if field in ("huazhu", "tenpai") and isinstance(value, list):
        return ", ".join(_seat(players, s) for s in value) or "none 无"
    if field == "next_dealer":
        return _seat(players, value)
    if field == "deltas" and isinstance(value, list):
        return review.deltas_words(value)
    return str(value)


def _receipts(computed: Mapping[str, Any], players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each win's receipt in words: M factor by factor (``平胡 1 · 根 2 · 杠上花 2 = 4``), then each
    payer's line (``4 + 自摸加底 1 = 5``), with the win it belongs to."""
    out = []
    wins = computed.get("wins") or []
    for k, r in enumerate(computed.get("receipts") or []):
        win = wins[k] if k < len(wins) else {}
        out.append(
            {
                "title": _win_words(win, k, players) if win else _seat(players, r.get("seat")),
                "expression": tiles_in_text(r.get("expression")),
                "payers": [
                    {"who": _seat(players, p.get("seat")), "expression": tiles_in_text(p.get("expression"))}
                    for p in r.get("payers") or []
                ],
            }
        )
    return out


def build(record_obj: object, audit: dict[str, Any] | None = None) -> dict[str, Any]:
    """The viewer model for one ``sichuan-hand/1`` record (as stored), with its audit if known."""
    model, audit, record, players = review.begin(record_obj, audit, "sichuan", audit_record, validate_record)
    if record is None:
        return model
    computed = audit.get("computed")
    model["ruleset"], mode = _ruleset_words(record)
    model["mode"] = mode
    model["mode_text"] = MODE_TEXT[mode]
    model["played_at"] = terms.local_time(record.get("played_at"))
    model["stacks"] = record.get("stacks")
    try:
        raw = replay_steps(record)
    except InputError:
        return _verdict(model, audit, players)
    model["steps"], model["wins"] = _steps(raw, players, mode)
    model["moves"] = review.moves(model["steps"])
    model["markers"] = review.markers(model["mistakes"], model["steps"], lambda s: s["hu_label"], "kong 杠")
    if computed:
        model["settlement"] = {
            "receipts": _receipts(computed, players),
            "deltas": review.delta_rows(computed, players),
            "ended_by": terms.ENDED_BY_NAMES.get(str(computed.get("ended_by")), ""),
            "next_dealer": _seat(players, computed.get("next_dealer")),
            "transfers": [_transfer_words(t, players)["text"] for t in computed.get("transfers") or []],
            "huazhu": ", ".join(_seat(players, s) for s in computed.get("huazhu") or []) or "none 无",
            "tenpai": ", ".join(_seat(players, s) for s in computed.get("tenpai") or []) or "none 无",
            "end_of_wall": computed.get("ended_by") == "huangzhuang",
        }
    return _verdict(model, audit, players)


def _verdict(model: dict[str, Any], audit: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    names = terms.SICHUAN_DIFFERENCE_NAMES
    return review.comparison_verdict(
        model, audit, names, lambda field, value: _field_words(field, value, players)
    )
