"""Every name a page shows for a tile, a move, a mistake, a factor or a cap, in one place.

Pages never print a raw tile code, ``None`` or JSON: they ask this module for words. The page
scripts receive the same tables as JSON (``for_pages``), so a new preset (qipi) or family
(Sichuan) extends this module and both the templates and the scripts follow.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from replay.ruleset import HAND_NAMES_ZH
from replay.settle import FACTOR_NAMES_ZH
from replay.tiles import ALIASES, CODES, ZH_NAMES

#: tile code -> its Chinese name (五万, 红中); aliases are resolved first
TILE_ZH: dict[str, str] = dict(zip(CODES, ZH_NAMES, strict=True))

MISTAKE_NAMES_ZH = {
    "qingyise_third_feed": "喂清一色第三口",
    "quanqiuren_feed": "放全求人冲",
    "robbed_kong": "被抢杠",
    "missed_win": "漏胡",
    "pizi_blocked_win": "红中在手不能胡",
    "double_laizi_blocked_win": "双赖子不能屁胡",
    "inefficient_discard": "牌效率",
    "dealt_in": "放冲",
}
MISTAKE_NAMES_EN = {
    "qingyise_third_feed": "fed a one-suit third open",
    "quanqiuren_feed": "fed 全求人",
    "robbed_kong": "kong robbed",
    "missed_win": "missed win",
    "pizi_blocked_win": "win blocked by a held 红中",
    "double_laizi_blocked_win": "two laizi blocked 屁胡",
    "inefficient_discard": "tile efficiency",
    "dealt_in": "dealt in",
}


def mistake_name(kind: object) -> str:
    """A mistake type as a page names it, English beside Chinese (``tile efficiency 牌效率``).

    The type's code (``inefficient_discard``) is for programs; a type this module does not
    know yet is shown as its code with the underscores turned to spaces, never as ``None``.
    """
    key = str(kind or "")
    en = MISTAKE_NAMES_EN.get(key, key.replace("_", " "))
    zh = MISTAKE_NAMES_ZH.get(key, "")
    return f"{en} {zh}".strip()


SEVERITY_NAMES = {"high": "high 严重", "medium": "medium 中等", "low": "low 轻微"}
STATUS_NAMES = {
    "ok": "ok 无误",
    "mismatch": "settled wrong 算错",
    "illegal": "illegal 违规",
    "invalid": "invalid 无效",
}
#: receipt factors, short as players write them (底 1 · 开口 2 · 暗杠 4 · 硬 2 · 自摸 2)
FACTOR_SHORT = {**FACTOR_NAMES_ZH, "base": "底", "hard": "硬", "dealer": "庄"}
FACTOR_SIDES = {"base": "", "winner": "winner's 胡家", "loser": "payer's 输家", "pair": "both 双方"}
CAP_NAMES = {
    "cap": "封顶",
    "golden": "金顶",
    "sunshine": "阳光顶",
    "triple_sunshine": "三阳",
}
LIABILITY_NAMES = {
    "quanqiuren": "全求人 承包",
    "third_feed": "喂第三口 承包",
    "qianggang": "抢杠 承包",
}
GANG_NAMES = {"an": "暗杠", "ming": "冲杠", "xu": "蓄杠", "pizi": "红中杠", "laizi": "赖子杠"}
MOVE_NAMES = {
    "draw": "摸",
    "discard": "打",
    "chi": "吃",
    "peng": "碰",
    "gang": "杠",
    "hu": "胡",
    "pass": "过",
    "huangzhuang": "黄庄",
}
WIN_WAYS = {
    "self_draw": "自摸 self-draw",
    "gang_draw": "杠上开 win on a kong's replacement",
    "haidi": "海底捞 win on the last tile",
    "discard": "放冲 on a discard",
    "qianggang": "抢杠 robbing a kong",
}
DIFFERENCE_NAMES = {
    "winner": "winner 胡牌者",
    "hands": "hand types 牌型",
    "self_draw": "self-draw 自摸",
    "hard": "hard or soft 硬/软",
    "liable": "liable 承包",
    "deltas": "points 输赢",
}

#: how a tile is drawn: its big character and the small one under it (五 over 万, 中 alone)
TILE_GLYPH: dict[str, tuple[str, str]] = {
    code: ((name[0], name[1]) if i < 27 else (name[1] if code == "C" else name[0], ""))
    for i, (code, name) in enumerate(TILE_ZH.items())
}

_SUITED = re.compile(r"(?<![A-Za-z0-9])([1-9][msp])(?![A-Za-z0-9])")
_HONOUR = re.compile(r"(?<=[\s(])([ESWNCFP])(?=[\s,.;:)]|$)")


def tile(code: object) -> str:
    """The Chinese name of a tile code or alias (``5p`` -> 五筒); an unknown token as given."""
    if not isinstance(code, str):
        return "" if code is None else str(code)
    kind = ALIASES.get(code.strip(), ALIASES.get(code.strip().lower()))
    return ZH_NAMES[kind] if kind is not None else code


def tiles_in_text(text: object) -> str:
    """A message with its tile codes named in Chinese ("discarding 5m" -> "discarding 五万").

    Detectors write codes (their messages are also read by programs); pages show names.
    """
    if text is None:
        return ""
    out = _SUITED.sub(lambda m: TILE_ZH[m.group(1)], str(text))
    return _HONOUR.sub(lambda m: TILE_ZH[m.group(1)], out)


def hand_types(hands: object) -> str:
    if not hands:
        return "none 无"
    return " + ".join(f"{HAND_NAMES_ZH.get(h, h)} {h}" for h in hands)  # type: ignore[attr-defined]


def local_time(text: object) -> str:
    """A record's ``played_at`` in the hand's own offset, as ``2026-03-01 20:15 +08:00``."""
    if not text:
        return ""
    try:
        when = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        return str(text)
    offset = when.strftime("%z")
    zone = f" {offset[:3]}:{offset[3:]}" if offset else ""
    return when.strftime("%Y-%m-%d %H:%M") + zone


def number(value: Any) -> str:
    """A count with thousands separators; nothing shown as ``None``."""
    if value is None:
        return "—"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.1f}"
    return f"{int(value):,}"


def for_pages() -> dict[str, Any]:
    """The tables the page scripts need, sent once per page as JSON."""
    return {
        "tiles": TILE_ZH,
        "glyphs": TILE_GLYPH,
        "moves": MOVE_NAMES,
        "gangs": GANG_NAMES,
        "hands": HAND_NAMES_ZH,
        "mistakes": MISTAKE_NAMES_ZH,
        "severity": SEVERITY_NAMES,
        "factors": FACTOR_SHORT,
        "sides": FACTOR_SIDES,
        "caps": CAP_NAMES,
    }


def _value_words(field: str, value: Any) -> str:
    if value is None:
        return "none 无" if field in ("winner", "liable") else "not said 未给出"
    if field in ("winner", "liable"):
        return f"seat {value}"
    if field == "hands":
        return hand_types(value)
    if field == "hard":
        return "hard 硬胡" if value else "soft 软胡"
    if field == "self_draw":
        return "yes 是" if value else "no 否"
    if field == "deltas" and isinstance(value, list):
        return " / ".join(f"{v:+d}" if isinstance(v, int) else str(v) for v in value)
    return str(value)


def difference_words(diff: dict[str, Any]) -> str:
    """One app-vs-rules difference in words: ``liable 承包: the app said seat 2, the rules seat 3``."""
    field = str(diff.get("field"))
    label = DIFFERENCE_NAMES.get(field, field)
    return (
        f"{label}: the app said {_value_words(field, diff.get('recorded'))},"
        f" the rules say {_value_words(field, diff.get('computed'))}"
    )
