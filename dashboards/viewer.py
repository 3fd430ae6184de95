"""The hand viewer's model: everything the review board needs, in words, computed once.

Built from the record, its audit and a replay of the events; the page only draws. A step is the
table after an event (the first is the deal, before any event). The verdict (illegal, settled
wrong) comes first, each mistake carries the numbers behind it (the player's discard beside the
better ones), and every seat's distance from ready is measured at every step for the progress
graph. Nothing here is a tile code or ``None`` by the time a page shows it: see ``terms``. The
parts both games' viewers share (header, verdict, markers) are built in ``dashboards.review``.
"""

from __future__ import annotations

import contextlib
from typing import Any

from dashboards import review, terms
from dashboards.terms import MISTAKE_NAMES_ZH, tile, tiles_in_text
from replay.errors import InputError
from replay.games.wuhan.analysis.detectors.inefficient_discard import discard_options, distance
from replay.games.wuhan.board import Board, IllegalEvent
from replay.games.wuhan.ruleset import HAND_NAMES_ZH, Ruleset
from replay.inputs import Unreadable
from replay.tiles import CODES, parse_tile
from schemas.audit import audit_record
from schemas.hand_record import validate_record

__all__ = ["MISTAKE_NAMES_ZH", "build"]

LIABILITY_TYPES = ("qingyise_third_feed", "quanqiuren_feed", "robbed_kong")


_seat = review.seat_name


def describe(event: dict[str, Any], players: list[dict[str, Any]], step: dict[str, Any]) -> str:
    """One event in player notation: ``3 胖子 碰 六筒 ← 2 李四``."""
    kind = event.get("type")
    who = _seat(players, event.get("seat"))
    move = terms.MOVE_NAMES.get(str(kind), str(kind))
    last = step.get("claimed_from")
    if kind == "draw":
        return f"{who} {move} {tile(event['tile'])}" if event.get("tile") else f"{who} {move}"
    if kind == "discard":
        return f"{who} {move} {tile(event.get('tile'))}"
    if kind == "chi":
        shown = " ".join(tile(t) for t in event.get("tiles", []))
        return f"{who} {move} {tile(step.get('claimed_tile'))} ({shown}) ← {_seat(players, last)}"
    if kind == "peng":
        return f"{who} {move} {tile(step.get('claimed_tile'))} ← {_seat(players, last)}"
    if kind == "gang":
        name = terms.GANG_NAMES.get(str(event.get("kind")), move)
        if event.get("kind") == "pizi" and event.get("tile") in step.get("pi", ()):
            name = terms.PI_GANG  # a 皮 put out, drawn as such
        source = f" ← {_seat(players, last)}" if event.get("kind") == "ming" and last is not None else ""
        return f"{who} {name} {tile(event.get('tile') or step.get('claimed_tile'))}{source}"
    if kind == "hu":
        return f"{who} {move} {step.get('win_caption', '')}".rstrip()
    if kind == "pass":
        return f"{who} {move} pass"
    if kind == "huangzhuang":
        return "黄庄 draw: nobody won"
    return str(kind)


def _cap_text(capped: object, rules: Ruleset | None) -> str:
    if not capped:
        return ""
    name = terms.CAP_NAMES.get(str(capped), str(capped))
    amount = None
    if rules is not None:
        amount = {
            "cap": rules.liability_cap if rules.cap is None else rules.cap,
            "golden": rules.golden,
            "sunshine": rules.sunshine,
            "triple_sunshine": rules.triple_sunshine,
        }.get(str(capped))
    return f"{name} {amount}" if amount is not None else name


def _words(field: str, value: Any, players: list[dict[str, Any]]) -> str:
    """A result field in words, for the app-vs-rules table."""
    if value is None:
        return "none 无" if field in ("winner", "liable") else "not said 未给出"
    if field in ("winner", "liable"):
        return _seat(players, value)
    if field == "hands":
        return terms.hand_types(value)
    if field == "hard":
        return "hard 硬胡" if value else "soft 软胡"
    if field == "self_draw":
        return "yes 是" if value else "no 否"
    return str(value)


def _comparison(
    recorded: dict[str, Any] | None, computed: dict[str, Any] | None, players: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Rows of the mismatch table: each result field and each seat's points, app beside rules."""
    if not recorded or not computed:
        return []
    rows = []
    for field in ("winner", "hands", "self_draw", "hard", "liable"):
        if field not in recorded:
            continue
        app, rules = recorded[field], computed.get(field)
        rows.append(
            {
                "label": terms.DIFFERENCE_NAMES[field],
                "app": _words(field, app, players),
                "rules": _words(field, rules, players),
                "differs": (sorted(app) if field == "hands" and app else app)
                != (sorted(rules) if field == "hands" and rules else rules),
            }
        )
    app_deltas = recorded.get("deltas") or []
    for seat, rules_delta in enumerate(computed.get("deltas") or []):
        app_delta = app_deltas[seat] if seat < len(app_deltas) else None
        rows.append(
            {
                "label": f"{_seat(players, seat)} points 输赢",
                "app": "not said 未给出" if app_delta is None else f"{app_delta:+d}",
                "rules": f"{rules_delta:+d}",
                "differs": app_delta is not None and app_delta != rules_delta,
            }
        )
    return rows


def _receipts(computed: dict[str, Any], players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for r in computed.get("receipts") or []:
        factors = [
            {
                "label": terms.FACTOR_SHORT.get(f["name"], f.get("zh", f["name"])),
                "value": f["value"],
                "side": f["side"],
                "note": terms.hand_types(f["note"].split("+"))
                if f["name"] == "base" and f.get("note")
                else "",
            }
            for f in r.get("factors", [])
        ]
        parts = [p["amount"] for p in r.get("parts", [])]
        out.append(
            {
                "seat": r["seat"],
                "who": _seat(players, r["seat"]),
                "factors": factors,
                "parts": parts,
                "raw": r["raw"],
                "amount": r["amount"],
                "pays": r["pays"],
                "covered_by": _seat(players, r["covered_by"]) if r.get("covered_by") is not None else "",
            }
        )
    for r, line in zip(computed.get("receipts") or [], out, strict=True):
        line["covers"] = _covers(r, computed.get("receipts") or [], players)
    return out


def _covers(receipt: dict[str, Any], receipts: list[dict[str, Any]], players: list[dict[str, Any]]) -> str:
    """How a liable seat's payment adds up: ``= 60 own + 60 for 0 p0 + 60 for 2 p2``.

    Without it a 承包 receipt reads "pays 180" under a sum of "= 60". The parts are shown only
    when they add up to what the seat pays (a cap on the whole may make them not), and otherwise
    the seats it pays for are named without amounts.
    """
    covered = [r for r in receipts if r.get("covered_by") == receipt["seat"]]
    if not covered:
        return ""
    names = [f"{r['amount']} for {_seat(players, r['seat'])}" for r in covered]
    if receipt["amount"] + sum(r["amount"] for r in covered) == receipt["pays"]:
        return " + ".join([f"{receipt['amount']} own 自付", *names])
    return "including what it pays for " + ", ".join(_seat(players, r["seat"]) for r in covered)


def _mistake(m: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    cost = m.get("cost")
    cost_text = f"cost {cost} points 失分" if cost is not None else "no points attributed 不计分"
    out = review.mistake(m, players, terms.mistake_name(m["type"]), cost_text, tiles_in_text)
    out["liability"] = m["type"] in LIABILITY_TYPES
    return out


def _options(board: Board, seat: int, thrown: str) -> dict[str, Any]:
    """The player's discard beside the better ones, by 屁胡 counting (向听 then 进张)."""
    rows = sorted(discard_options(board, seat), key=lambda o: (o[1], -o[2]))

    def item(k: int, far: int, accepts: int) -> dict[str, Any]:
        return {"tile": CODES[k], "name": terms.TILE_ZH[CODES[k]], "shanten": far, "accepts": accepts}

    mine = next((item(*o) for o in rows if CODES[o[0]] == thrown), None)
    better = [item(*o) for o in rows if CODES[o[0]] != thrown][:3]
    if mine is not None:
        better = [b for b in better if (b["shanten"], -b["accepts"]) < (mine["shanten"], -mine["accepts"])]
    return {"chosen": mine, "better": better}


def _win(
    board: Board, event: dict[str, Any], before: dict[str, Any], players: list[dict[str, Any]]
) -> dict[str, Any]:
    """Who won, how, on whose tile and which tile: the caption of the last step."""
    s = board.settlement
    seat = int(event["seat"])
    hands = list(s.reading.hands) if s else []
    if "gangshangkai" in hands:
        way, source = "gang_draw", None
    elif "haidilao" in hands:
        way, source = "haidi", None
    elif "qianggang" in hands:
        way, source = "qianggang", before.get("rob_source")
    elif s is not None and s.self_draw:
        way, source = "self_draw", None
    else:
        way, source = "discard", before.get("discard_source")
    win_tile = before.get("discard_tile") if way == "discard" else before.get("rob_tile")
    if way in ("self_draw", "gang_draw", "haidi"):
        win_tile = before.get("drawn", {}).get(seat)
    win_tile = win_tile or event.get("tile")
    words = terms.WIN_WAYS[way]
    zh, english = words.split(" ", 1)
    if zh in terms.hand_types(hands):  # 杠上开, 海底捞, 抢杠 are already named as hand types
        words = english
    if source is not None:
        words += f" from {_seat(players, source)}"
    caption = f"{terms.hand_types(hands)} · {words}" + (f" · on {tile(win_tile)}" if win_tile else "")
    return {
        "seat": seat,
        "way": way,
        "source": source,
        "tile": win_tile,
        "caption": caption,
        "title": f"{_seat(players, seat)} wins 胡 {caption}",
    }


def build(record_obj: object, audit: dict[str, Any] | None = None) -> dict[str, Any]:
    """The viewer model for one uploaded record (as stored), with its audit if already known."""
    if audit is None:
        audit = audit_record(record_obj)
    record, errors = validate_record(record_obj)
    if isinstance(record_obj, Unreadable):  # the reader's own words (the line, the field), not "not JSON"
        errors = audit["errors"]
    computed = audit.get("computed")
    model = review.skeleton(audit, errors)
    model["game"] = "wuhan"
    model["hand_names"] = HAND_NAMES_ZH
    if record is None:
        model["verdict"] = {"kind": "invalid", "title": review.INVALID_TITLE, "step": None}
        return model
    players = review.players_of(record)
    model["players"] = players
    model["dealer"] = record["dealer"]
    preset = record["ruleset"].get("preset", "")
    overrides = record["ruleset"].get("overrides") or {}
    model["ruleset"] = terms.preset_name(preset) + "".join(
        f" · {terms.override_words(k, v)}" for k, v in overrides.items()
    )
    model["played_at"] = terms.local_time(record.get("played_at"))
    model["mistakes"] = review.sort_mistakes([_mistake(m, players) for m in audit.get("mistakes", [])])
    model["first_illegal"] = review.first_illegal(record, audit)
    try:
        board = Board.from_record(record)
    except InputError:
        return _verdict(model, computed, audit, players)
    rules = board.rules
    by_index: dict[int, list[dict[str, Any]]] = {}
    for m in model["mistakes"]:
        by_index.setdefault(m["index"], []).append(m)
    steps: list[dict[str, Any]] = [
        {
            "index": None,
            "caption": "the deal 起牌",
            "actor": None,
            "progress": [distance(board, s) for s in range(4)],
            **board.snapshot(),
        }
    ]
    drawn: dict[int, str] = {}
    for i, event in enumerate(record["events"]):
        before = {
            "discard_source": board.last_discard[0] if board.last_discard else None,
            "discard_tile": CODES[board.last_discard[1]] if board.last_discard else None,
            "rob_source": board.pending_xu[0] if board.pending_xu else None,
            "rob_tile": CODES[board.pending_xu[1]] if board.pending_xu else None,
            "drawn": dict(drawn),
        }
        for m in by_index.get(i, []):
            if event.get("type") == "discard" and event.get("seat") == m["seat"] and event.get("tile"):
                with contextlib.suppress(InputError):
                    m["tile"] = CODES[parse_tile(event["tile"])]  # the tile thrown: drawn beside the words
            if m["type"] == "inefficient_discard" and event.get("type") == "discard":
                with contextlib.suppress(InputError, KeyError, ValueError):
                    m["options"] = _options(board, m["seat"], CODES[parse_tile(event["tile"])])
        step: dict[str, Any] = {"index": i, "actor": event.get("seat"), "kind": event.get("type")}
        kind = event.get("type")
        if kind in ("chi", "peng") or (kind == "gang" and event.get("kind") == "ming"):
            step["claimed_from"] = before["discard_source"]
            step["claimed_tile"] = before["discard_tile"]
        try:
            board.push(event)
        except IllegalEvent as err:
            step.update(board.snapshot(), illegal=err.reason.to_json())
            step["caption"] = describe(event, players, step)
            step["progress"] = [distance(board, s) for s in range(4)]
            steps.append(step)
            break
        except (InputError, KeyError, ValueError, TypeError):
            break
        if kind == "draw" and event.get("tile"):
            drawn[int(event["seat"])] = str(event["tile"])
        if kind == "hu" and board.settlement is not None:
            win = _win(board, event, before, players)
            step["win"] = win
            step["win_caption"] = win["caption"]
        step.update(board.snapshot())
        step["caption"] = describe(event, players, step)
        if kind == "draw":  # what the other seats see: a draw, not its tile
            step["caption_seen"] = f"{_seat(players, event.get('seat'))} {terms.MOVE_NAMES['draw']}"
        step["progress"] = [distance(board, s) for s in range(4)]
        steps.append(step)
    model["steps"] = steps
    model["moves"] = _moves(steps)
    model["markers"] = review.markers(model["mistakes"], steps, lambda s: "win 胡" if s.get("win") else None)
    if computed:
        model["settlement"] = {
            "title": steps[-1]["win"]["title"]
            if steps[-1].get("win")
            else (
                "黄庄 draw: nobody won, nobody pays"
                if computed.get("winner") is None
                else f"{_seat(players, computed['winner'])} wins 胡 {terms.hand_types(computed.get('hands'))}"
            ),
            "hard": ""
            if computed.get("hard") is None
            else ("硬胡 hard" if computed["hard"] else "软胡 soft"),
            "receipts": _receipts(computed, players),
            "deltas": [
                {"who": _seat(players, s), "delta": f"{d:+d}"}
                for s, d in enumerate(computed.get("deltas") or [])
            ],
            "liable": _seat(players, computed["liable"]) if computed.get("liable") is not None else "",
            "liability": terms.LIABILITY_NAMES.get(str(computed.get("liability")), ""),
            "cap": _cap_text(computed.get("capped"), rules),
        }
    return _verdict(model, computed, audit, players)


def _verdict(
    model: dict[str, Any], computed: Any, audit: dict[str, Any], players: list[dict[str, Any]]
) -> dict[str, Any]:
    return review.verdict(
        model, audit, lambda: _comparison(audit.get("recorded"), computed, players), terms.DIFFERENCE_NAMES
    )


def _moves(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The move list: one line per turn (a draw and what the seat then did), passes left out."""
    lines: list[dict[str, Any]] = []
    joinable = False  # the last line is a draw its seat's next action may join
    for pos, step in enumerate(steps[1:], start=1):
        kind = step.get("kind")
        if kind == "pass" and not step.get("illegal"):
            continue
        if joinable and lines[-1]["actor"] == step["actor"] and kind in ("discard", "gang", "hu"):
            line = lines[-1]
            rest = " · " + step["caption"].split(" ", 2)[-1]
            line["text"] += rest
            if line.get("seen"):
                line["seen"] += rest
            line.update(pos=pos, index=step["index"], illegal=line["illegal"] or bool(step.get("illegal")))
            joinable = False
            continue
        lines.append(
            {
                "first": pos,
                "pos": pos,
                "index": step["index"],
                "actor": step["actor"],
                "text": step["caption"],
                "seen": step.get("caption_seen"),  # a draw as the other seats see it
                "illegal": bool(step.get("illegal")),
            }
        )
        joinable = kind == "draw" and not step.get("illegal")
    return lines
