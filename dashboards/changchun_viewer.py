"""The Changchun hand viewer's model (长春麻将): everything the page draws, in words.

Built from the record, its audit and the steps of ``replay.games.changchun.steps`` (the same board
the audit replays). A Changchun hand needs what no other game's viewer does: the treasure (宝),
hidden at the table, shown on the board only from the moment the chosen seat could know it (its
own roll or look, CC-4.4; a leak shows it to everyone, CC-4.8), while the all-open view shows it
with every moment a seat learnt one; the opening sets (起手杠 / 蛋) and their 补 (CC-3); 报听 and
its lock (CC-4.2, CC-4.3); 换宝 when three of its kind are visible (CC-4.7); 截胡, one winner per
tile (CC-2.3); and every payment's receipt with the gang money apart from the win money (CC-6.3).
What every game's viewer shares (the header, the verdict, the progress graph's markers) is
``dashboards.review``. Each seat's 向听 for the graph is the standard count (four melds and a
pair, CC-5.1), a lower bound where 三色全, 幺九 and 刻 (CC-5.2 - CC-5.4) ask more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dashboards import review, terms
from dashboards.terms import changchun_fans, changchun_meld, changchun_way, tile
from dashboards.terms import words_in_text as tiles_in_text
from replay.errors import InputError
from replay.games.changchun.steps import replay_steps
from replay.games.changchun.tiles import SETS
from replay.shape import shanten
from replay.tiles import CODES
from schemas.audit import audit_record
from schemas.formats import validate_record

KIND_OF = {code: k for k, code in enumerate(CODES)}
_seat = review.seat_name
SET_KINDS = tuple(SETS)
HOW_LEARNT = {"bao": "rolled it 掷骰定宝", "kanbao": "looked at it 看宝"}


def _tiles(codes: Sequence[str]) -> str:
    return " ".join(tile(t) for t in codes)


def _meld_words(m: Mapping[str, Any]) -> dict[str, Any]:
    """A meld as a seat panel draws it: its tiles, its 补 tiles apart, its name in words."""
    label = changchun_meld(m["type"])
    if m.get("bu"):
        label += f" + 补 {_tiles(m['bu'])}"
    return {
        "tiles": m["tiles"],
        "bu": m.get("bu") or [],
        "label": label,
        "hidden": m["concealed"],
        "set": bool(m.get("set")),
    }


def describe(
    event: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], players: Sequence[Any]
) -> tuple[str, str | None]:
    """One event in player notation, and what the other seats see of it when it shows a tile
    only its actor saw (a draw's tile, the 宝 rolled or looked at): ``(caption, caption_seen)``."""
    kind = event.get("type")
    who = _seat(players, event.get("seat"))
    if kind == "draw":
        drawn = event.get("tile") or after.get("drawn")
        if before.get("phase") == "replace":
            return (
                f"{who} 补牌 draws a replacement tile {tile(drawn)}".rstrip(),
                f"{who} 补牌 draws a replacement",
            )
        return f"{who} 摸 draws {tile(drawn)}".rstrip(), f"{who} 摸 draws"
    if kind == "discard":
        return f"{who} 打 discards {tile(event.get('tile'))}", None
    if kind in ("chi", "peng"):
        src = _seat(players, before.get("claim_seat"))
        word = "吃 chi" if kind == "chi" else "碰 peng"
        if kind == "peng" and before.get("claim_rob"):
            word = "抢碰 robs the 补杠 with a peng"
        return f"{who} {word} {tile(before.get('claim_tile'))} ← {src}", None
    if kind == "gang":
        return _gang_words(event, after, who), None
    if kind == "hu":
        return _hu_words(event, before, after, players, who), None
    if kind == "pass":
        return f"{who} 过 passes", None
    if kind == "ting":
        return f"{who} 报听 declares a ready hand (locked 锁牌)", None
    if kind == "bao":
        bao = after.get("bao") or {}
        die = event.get("die")
        roll = f" the die 骰子 {die}" if die is not None else ""
        word = "换宝 changes the 宝: rolls" if (bao.get("serial") or 0) > 1 else "看宝 rolls"
        return (
            f"{who} {word}{roll} · the 宝 is {tile(bao.get('tile'))}",
            f"{who} {word}{roll} · the 宝 is hidden from you 未见",
        )
    if kind == "kanbao":
        bao = after.get("bao") or {}
        return f"{who} 看宝 looks at the 宝: {tile(bao.get('tile'))}", f"{who} 看宝 looks at the 宝"
    if kind == "bao_leak":
        bao = after.get("bao") or {}
        return f"{who} 泄宝 leaks the 宝 {tile(bao.get('tile'))}: it may not win this hand", None
    if kind == "huangzhuang":
        return "荒庄 the wall is at its reserve: no one won (gang money is still paid)", None
    return str(kind), None


def _gang_words(event: Mapping[str, Any], after: Mapping[str, Any], who: str) -> str:
    kind = str(event.get("kind"))
    if kind in SET_KINDS:
        return f"{who} 起手杠 declares {changchun_meld(kind)}: {_tiles(event.get('tiles') or [])}"
    t = tile(event.get("tile"))
    if kind == "bu":
        robbable = after.get("phase") == "claim" and after.get("claim_rob")
        return f"{who} 补 adds {t} to its set" + (" · 补杠: it may be robbed 可抢" if robbable else "")
    if kind == "xu":
        return f"{who} {changchun_meld('xu')} {t} · it may be robbed 可抢"
    return f"{who} {changchun_meld(kind)} {t}"


def _hu_words(
    event: Mapping[str, Any],
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    players: Sequence[Any],
    who: str,
) -> str:
    win = after.get("win")
    if before.get("phase") == "claim" and before.get("claim_tile"):
        src = _seat(players, before.get("claim_seat"))
        rob = " (抢胡 robbing the kong)" if before.get("claim_rob") else ""
        return f"{who} 胡 declares a win on {tile(before.get('claim_tile'))} ← {src}{rob}"
    if win:
        return f"{who} 胡 wins {changchun_way(win['way'])} · {tile(win['tile'])}"
    return f"{who} 胡 wins"


def _counts34(codes: Sequence[str]) -> list[int]:
    out = [0] * 34
    for c in codes:
        out[KIND_OF[c]] += 1
    return out


def _progress(s: Mapping[str, Any], known: dict[Any, int]) -> list[int]:
    win = s.get("win")
    out = []
    for seat in range(4):
        if win and win.get("seat") == seat:
            out.append(-1)
            continue
        hand = tuple(s["hands"][seat])
        if hand not in known:
            known[hand] = shanten(_counts34(hand), pair="any")
        out.append(known[hand])
    return out


def _payment_words(p: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    what = "杠分 gang money" if p.get("kind") == "gang" else "胡分 win money"
    return {
        "from": p["from"],
        "to": p["to"],
        "amount": p["amount"],
        "kind": "gang" if p.get("kind") == "gang" else "win",
        "text": f"{_seat(players, p['from'])} pays 付 {_seat(players, p['to'])} {p['amount']} · {what}",
        "receipt": tiles_in_text(p.get("receipt")),
    }


def _bao_state(bao: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The 宝 as it stands, in words (the all-open view's, or a seat's that knows it)."""
    if not bao:
        return None
    dead = bao.get("dead")
    state = f"dead 死宝: {tiles_in_text(dead)}" if dead else "alive 活宝"
    return {
        "tile": bao["tile"],
        "name": tile(bao["tile"]),
        "state": state,
        "dead": bool(dead),
        "visible": f"{bao.get('visible', 0)} of its kind visible 已见",
        "serial": bao.get("serial"),
    }


def _learnt_words(lk: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    how = HOW_LEARNT.get(str(lk.get("how")), "")
    return {
        "seat": lk["seat"],
        "index": lk["index"],
        "tile": lk["tile"],
        "text": f"{_seat(players, lk['seat'])} learnt 知宝 {tile(lk['tile'])} at event {lk['index']} · {how}",
    }


def _steps(
    raw: list[dict[str, Any]], players: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The page's steps (in words) and the leaks (泄宝) with the tile each showed."""
    steps: list[dict[str, Any]] = []
    leaks: list[dict[str, Any]] = []
    prev: dict[str, Any] | None = None
    known: dict[Any, int] = {}
    for s in raw:
        event = s.get("event") or {}
        caption, seen = (
            ("the deal 起牌", None) if s["index"] is None else describe(event, prev or {}, s, players)
        )
        if event.get("type") == "bao_leak" and not s.get("illegal") and s.get("bao"):
            leaks.append(
                {
                    "seat": event.get("seat"),
                    "index": s["index"],
                    "tile": s["bao"]["tile"],
                    "serial": s["bao"]["serial"],
                    "text": f"泄宝 {_seat(players, event.get('seat'))} leaked {tile(s['bao']['tile'])}"
                    f" at event {s['index']}: it may not win this hand",
                }
            )
        notes: list[str] = []
        win = s.get("win")
        hu_label = None
        if win and not (prev and prev.get("win")):
            hu_label = f"win 胡 by {_seat(players, win['seat'])}"
            notes.append(_win_text(win, players))
        if s.get("jiehu"):
            lost = ", ".join(_seat(players, x) for x in s["jiehu"])
            notes.append(f"截胡 one winner per tile: {lost} also said 胡, the nearer seat wins alone")
        if len(s.get("pending_hu") or []) > 1 and not win:
            notes.append(
                "several seats say 胡 on this tile: " + ", ".join(_seat(players, x) for x in s["pending_hu"])
            )
        for r in s.get("robbed") or []:
            if not prev or r not in (prev.get("robbed") or []):
                what = "补杠" if r["kind"] == "bu" else "续杠 added kong"
                notes.append(
                    f"{_seat(players, r['seat'])}'s {what} {tile(r['tile'])} was robbed: it never counts"
                )
        step = {
            "index": s["index"],
            "kind": event.get("type"),
            "actor": event.get("seat"),
            "caption": caption,
            "hands": s["hands"],
            "melds": [[_meld_words(m) for m in melds] for melds in s["melds"]],
            "discards": s["discards"],
            "ting": [f"报听 ready (event {s['ting_at'][x]})" if s["ting"][x] else "" for x in range(4)],
            "locked": s["locked"],
            "leaked": s["leaked"],
            "looked": s["looked"],
            "bao": _bao_state(s.get("bao")),
            "bao_known": s["bao_known"],
            "learnt": [_learnt_words(lk, players) for lk in s["learnt"]],
            "leaks": [lk for lk in leaks if s["index"] is not None and lk["index"] <= s["index"]],
            "balances": [f"{d:+d}" for d in s["deltas"]],
            "live": s["live"],
            "reserve": s["reserve"],
            "payments": [_payment_words(p, players) for p in s["payments"]],
            "notes": notes,
            "pending": [_seat(players, x) for x in s.get("pending_hu") or []],
            "illegal": s.get("illegal"),
            "phase": s.get("phase"),
            "progress": _progress(s, known),
            "hu_label": hu_label,
        }
        if seen is not None:  # what the other seats see: the act, not its tile
            step["caption_seen"] = seen
        steps.append(step)
        prev = s
    return steps, leaks


def _win_text(win: Mapping[str, Any], players: Sequence[Mapping[str, Any]]) -> str:
    """``2 小C wins 胡 点炮 dianpao (on a discard) on 3 小D's 五万 · 平胡 … · fan 0``."""
    src = f" on {_seat(players, win['from'])}'s tile" if win.get("from") is not None else ""
    read = " · the 宝 stands for 宝当" if win["way"] in ("duibao", "mobao") else ""
    return (
        f"{_seat(players, win['seat'])} wins 胡 {changchun_way(win['way'])}{src}{read} {tile(win['tile'])}"
        f" · {changchun_fans(win['hands'])} · fan 番 {win['fan']}"
    )


def _mistake(m: Mapping[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    kind = str(m.get("type"))
    english = terms.MISTAKE_NAMES_EN.get(kind, kind.replace("_", " "))
    cost = m.get("cost")
    cost_text = f"cost {cost} 失分" if cost is not None else "no cost attributed 不计分"
    return review.mistake(
        m, players, f"{terms.MISTAKE_NAMES_ZH.get(kind, '')} {english}".strip(), cost_text, tiles_in_text
    )


def _ruleset_words(record: Mapping[str, Any]) -> str:
    ruleset = record.get("ruleset") or {}
    preset = str(ruleset.get("preset", ""))
    words = terms.PRESET_NAMES.get(preset, preset)
    overrides = ruleset.get("overrides") or {}
    return words + "".join(f" · {k.replace('_', ' ')} {v}" for k, v in overrides.items())


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
            return "none 无" if field in ("winner", "discarder", "way") else "not said 未给出"
        if field in ("winner", "discarder") and isinstance(value, int):
            return _seat(players, value)
        if field == "way":
            return changchun_way(value)
        if field == "hands" and isinstance(value, list):
            return changchun_fans(value) or "none 无"
        if isinstance(value, list):
            return " / ".join(
                f"{v:+d}" if isinstance(v, int) and field != "fan" else ("–" if v is None else str(v))
                for v in value
            )
        return str(value)

    differs = {d.get("field") for d in differences}
    return [
        {
            "label": terms.CHANGCHUN_DIFFERENCE_NAMES.get(field, field),
            "app": words(field, recorded[field]),
            "rules": words(field, computed.get(field)),
            "differs": field in differs,
        }
        for field in terms.CHANGCHUN_DIFFERENCE_NAMES
        if field in recorded
    ]


def _openings(last: Mapping[str, Any], players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every opening set standing at the end with its 补s (a robbed 补 is not among them)."""
    out = []
    for seat, melds in enumerate(last["melds"]):
        for m in melds:
            if m["set"]:
                out.append(
                    {"who": _seat(players, seat), "label": m["label"], "tiles": m["tiles"], "bu": m["bu"]}
                )
    return out


def build(record_obj: object, audit: dict[str, Any] | None = None) -> dict[str, Any]:
    """The viewer model for one ``changchun-hand/1`` record (as stored), with its audit if known."""
    if audit is None:
        audit = audit_record(record_obj)
    record, errors = validate_record(record_obj)
    computed = audit.get("computed")
    model = review.skeleton(audit, errors, tiles_in_text)
    model.update(game="changchun", game_name=terms.GAME_NAMES["changchun"], win=None, leaks=[], tings=[])
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
    model["first_illegal"] = review.first_illegal(record, audit, tiles_in_text)
    try:
        raw = replay_steps(record)
    except InputError:
        return _verdict(model, audit, players)
    model["steps"], model["leaks"] = _steps(raw, players)
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
    model["markers"] = review.markers(model["mistakes"], model["steps"], lambda s: s["hu_label"], "gang 杠")
    last_raw = raw[-1]
    model["openings"] = _openings(model["steps"][-1], players)
    model["tings"] = [
        {"who": _seat(players, x), "index": last_raw["ting_at"][x]} for x in range(4) if last_raw["ting"][x]
    ]
    win = last_raw.get("win")
    if win:
        model["win"] = {
            "text": _win_text(win, players),
            "step": next((s["index"] for s in raw if s.get("win")), None),
            "jiehu": [_seat(players, x) for x in last_raw.get("jiehu") or []],
        }
    if computed:
        payments = [_payment_words(p, players) for s in raw for p in s["payments"]]

        def row(key: str) -> list[dict[str, str]]:
            return [
                {"who": _seat(players, s), "delta": f"{d:+d}"} for s, d in enumerate(computed.get(key) or [])
            ]

        model["settlement"] = {
            "win_payments": [p for p in payments if p["kind"] == "win"],
            "gang_payments": [p for p in payments if p["kind"] == "gang"],
            "win_deltas": row("win_deltas"),
            "gang_deltas": row("gang_deltas"),
            "deltas": row("deltas"),
            "ended_by": terms.CHANGCHUN_ENDED_BY.get(str(computed.get("ended_by")), ""),
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
        terms.CHANGCHUN_DIFFERENCE_NAMES,
    )
