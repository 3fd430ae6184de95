"""Every name a page shows for a tile, a move, a mistake, a factor or a cap, in one place.

Pages never print a raw tile code, ``None`` or JSON: they ask this module for words. The page
scripts receive the same tables as JSON (``for_pages``), so a new preset (qipi) or family
(Sichuan) extends this module and both the templates and the scripts follow.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from replay.games.sichuan.params import WAY_NAMES_ZH
from replay.games.sichuan.vocabulary import TRANSFER_KINDS
from replay.games.wuhan.ruleset import HAND_NAMES_ZH
from replay.games.wuhan.settle import FACTOR_NAMES_ZH
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


def preset_name(preset: object) -> str:
    """``hzfclzg 红中发财赖子杠``: the id the filters and records use, with the name players know
    (``PRESET_NAMES``, below with the games); a preset the pages do not know, as its id."""
    key = str(preset or "")
    return PRESET_NAMES.get(key, key)


SEVERITY_NAMES = {"high": "high 严重", "medium": "medium 中等", "low": "low 轻微"}
STATUS_NAMES = {
    "ok": "ok 无误",
    "mismatch": "settled wrong 算错",
    "illegal": "illegal 违规",
    "invalid": "invalid 无效",
    "error": "engine error 引擎出错",  # the engine failed on the hand (issue #27); reaudit judges it again
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
#: 七皮四赖 (preset qipi, R-3.6, R-4.4): a 皮 put out as a gang, and what 皮 are
PI_GANG = "皮子杠"
PI_NAME = "皮 pi"
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
    "wins": "wins 胡牌",
    "transfers": "payments 转账",
    "next_dealer": "next dealer 下局庄家",
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
_SAID_TWICE = re.compile(r"(?<!\S)(\S+) \(\1\)")
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
    out = _HONOUR.sub(lambda m: TILE_ZH[m.group(1)], out)
    # a message that gave the name and the code ("七条 (7s)") would now say it twice
    return _SAID_TWICE.sub(r"\1", out)


def hand_types(hands: object) -> str:
    if not hands:
        return "none 无"
    return " + ".join(hand_label(h) for h in hands)  # type: ignore[attr-defined]


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
        "pi_gang": PI_GANG,
        "pi": PI_NAME,
        "hands": HAND_NAMES_ZH,
        "mistakes": MISTAKE_NAMES_ZH,
        "severity": SEVERITY_NAMES,
        "factors": FACTOR_SHORT,
        "sides": FACTOR_SIDES,
        "caps": CAP_NAMES,
    }


#: Sichuan payment kinds (sichuan.md §10) in English, beside the record vocabulary's Chinese
TRANSFER_NAMES_EN = {
    "gang_ming": "direct kong",
    "gang_xu": "added kong",
    "gang_an": "concealed kong",
    "hu": "win",
    "zhuanyi": "kong money passed on",
    "huazhu": "flower pig",
    "dajiao": "not ready",
    "tuishui": "kong refund",
}


def _transfer_words(t: dict[str, Any]) -> str:
    """``seat 1 pays seat 3 9 (win 胡)``: one payment of a Sichuan result."""
    kind = str(t.get("kind", ""))
    name = f"{TRANSFER_NAMES_EN.get(kind, kind.replace('_', ' '))} {TRANSFER_KINDS.get(kind, '')}".strip()
    return f"seat {t.get('from')} pays seat {t.get('to')}: {t.get('amount')} ({name})"


def _win_words(w: dict[str, Any]) -> str:
    """``seat 2 自摸 六万: 清一色 qingyise, 1 根, ×4``: one win of a Sichuan result."""
    how = "自摸 self-draw" if w.get("from") is None else f"on seat {w.get('from')}'s discard"
    parts = [hand_types([w["hand"]])] if w.get("hand") else []
    if w.get("gen"):
        parts.append(f"{w['gen']} 根")
    parts.extend(f"{WAY_NAMES_ZH.get(way, way)} {way}" for way in w.get("ways") or [])
    if w.get("multiple") is not None:
        parts.append(f"×{w['multiple']}")
    return f"seat {w.get('seat')} {how} {tile(w.get('tile'))}: {', '.join(parts)}"


def _award_words(a: dict[str, Any]) -> str:
    """``seat 0 wins 2000 from the pool (对发财 pair of half tiles)``: one 推筒子 jackpot award."""
    from replay.games.tuitongzi.ranking import CLASS_EN, CLASS_ZH

    kind = str(a.get("kind", ""))
    name = f"{CLASS_ZH.get(kind, '')} {CLASS_EN.get(kind, kind.replace('_', ' '))}".strip()
    return f"seat {a.get('seat')} wins {a.get('amount')} from the pool ({name})"


def _item_words(field: str, item: Any) -> str:
    if isinstance(item, dict) and field == "awards":
        return _award_words(item)
    if isinstance(item, dict) and field == "transfers":
        return _transfer_words(item)
    if isinstance(item, dict) and field == "wins":
        return _win_words(item)
    if isinstance(item, dict):  # a field the pages do not know yet: its keys and values in words
        return ", ".join(f"{str(k).replace('_', ' ')} {_value_words(str(k), v)}" for k, v in item.items())
    return _value_words(field, item)


def _list_difference(field: str, app: list[Any], rules: list[Any]) -> str | None:
    """Two lists of records (payments, wins) compared item by item: only what differs, in words.

    A list of thirty payments printed whole hides the one that differs; this names the items
    only one side has (as a multiset: a payment made twice counts twice).
    """
    if not all(isinstance(x, dict) for x in [*app, *rules]):
        return None

    def only(mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        spare = Counter(repr(sorted(x.items())) for x in theirs)
        out = []
        for x in mine:
            k = repr(sorted(x.items()))
            if spare[k]:
                spare[k] -= 1
            else:
                out.append(x)
        return out

    only_app, only_rules = only(app, rules), only(rules, app)
    said = []
    if only_app:
        said.append("the app has " + "; ".join(_item_words(field, x) for x in only_app))
    if only_rules:
        said.append("the rules have " + "; ".join(_item_words(field, x) for x in only_rules))
    return ", ".join(said) or "the same items in another order 顺序不同"


def _value_words(field: str, value: Any) -> str:
    if value is None:
        return "none 无" if field in ("winner", "liable", "from") else "not said 未给出"
    if field in ("winner", "liable", "next_dealer", "seat", "from", "to"):
        return f"seat {value}"
    if field == "tile":
        return tile(value)
    if isinstance(value, list) and any(isinstance(x, dict) for x in value):
        return "; ".join(_item_words(field, x) for x in value)
    if isinstance(value, list) and field != "hands" and field != "deltas":
        return ", ".join(_value_words(field, x) for x in value) or "none 无"
    if field == "hands":
        return hand_types(value)
    if field == "hard":
        return "hard 硬胡" if value else "soft 软胡"
    if field == "self_draw":
        return "yes 是" if value else "no 否"
    if field == "deltas" and isinstance(value, list):
        return " / ".join(f"{v:+d}" if isinstance(v, int) else str(v) for v in value)
    return str(value)


def difference_words(diff: Mapping[str, Any], label: str | None = None) -> str:
    """One app-vs-rules difference in words: ``liable 承包: the app said seat 2, the rules seat 3``
    (``label`` names a field of a game whose names are not Wuhan's or Sichuan's)."""
    field = str(diff.get("field"))
    if label is None:
        label = DIFFERENCE_NAMES.get(field) or SICHUAN_DIFFERENCE_NAMES.get(field, field.replace("_", " "))
    app, rules = diff.get("recorded"), diff.get("computed")
    if isinstance(app, list) and isinstance(rules, list):
        differs = _list_difference(field, app, rules)
        if differs is not None:
            return f"{label}: {differs}"
    return (
        f"{label}: the app said {_value_words(field, diff.get('recorded'))},"
        f" the rules say {_value_words(field, diff.get('computed'))}"
    )


# ------------------------------------------------------------------------------------------------
# Games and Sichuan (四川麻将 血战到底/血流成河, issue 13): the names the Sichuan viewer, the game
# filter and the per-game pages show. Wuhan's names above are unchanged.

from replay.games import GAMES  # noqa: E402
from replay.games.sichuan.vocabulary import GANG_KINDS, HAND_TYPES, SUITS  # noqa: E402

#: game -> how a page names it: ``Sichuan 四川麻将 血战到底/血流成河``
GAME_NAMES: dict[str, str] = {name: f"{name.capitalize()} {game.zh}" for name, game in GAMES.items()}
#: preset -> its game's name beside it, for the ruleset filter
PRESET_NAMES: dict[str, str] = {
    "hzlzg": "hzlzg 红中赖子杠",
    "hzlzg-koukou": "hzlzg-koukou 口口翻",
    "hzfclzg": "hzfclzg 红中发财赖子杠",
    "qipi": "qipi 七皮四赖",
    "xuezhan": "xuezhan 血战到底",
    "xueliu": "xueliu 血流成河",
}
#: Sichuan hand types (SC-4.2) by id, in Chinese
SICHUAN_HAND_ZH: dict[str, str] = {h: zh for h, (zh, _) in HAND_TYPES.items()}
#: every hand type a page may name, Wuhan's names first (a Wuhan page reads as before)
ALL_HAND_NAMES_ZH: dict[str, str] = {**SICHUAN_HAND_ZH, **HAND_NAMES_ZH}
SUIT_NAMES: dict[str, str] = {
    letter: f"{zh} {word}"
    for (letter, zh), word in zip(SUITS.items(), ("characters", "bamboo", "dots"), strict=True)
}
SICHUAN_GANG_NAMES: dict[str, str] = {
    "ming": f"{GANG_KINDS['ming']} 刮风 open kong",
    "an": f"{GANG_KINDS['an']} 下雨 concealed kong",
    "xu": f"{GANG_KINDS['xu']} 刮风 added kong",
}
SWAP_NAMES: dict[str, str] = {
    "next": "to the next seat 顺家 (下家)",
    "prev": "to the previous seat 逆家 (上家)",
    "across": "across the table 对家",
}
#: §10 transfer kinds, as the viewer and the receipts say them
TRANSFER_NAMES: dict[str, str] = {
    "gang_ming": "直杠 open kong (刮风)",
    "gang_xu": "补杠 added kong (刮风)",
    "gang_an": "暗杠 concealed kong (下雨)",
    "hu": "胡 win",
    "zhuanyi": "呼叫转移 kong money passed on",
    "huazhu": "查花猪 three suits at the end",
    "dajiao": "查大叫 not ready at the end",
    "tuishui": "退税 kong money returned",
}
WAY_NAMES: dict[str, str] = {
    "gangshanghua": "杠上花 win on a kong's replacement",
    "gangshangpao": "杠上炮 discard after a kong",
    "qiangganghu": "抢杠胡 robbing a kong",
    "haidilaoyue": "海底捞月 win on the last tile",
    "haidipao": "海底炮 last discard",
}
SICHUAN_DIFFERENCE_NAMES: dict[str, str] = {
    "wins": "wins 胡牌",
    "huazhu": "花猪 seats 查花猪",
    "tenpai": "ready seats 下叫",
    "transfers": "transfers 转账",
    "next_dealer": "next dealer 下一庄",
    "deltas": "coins 输赢",
}
ENDED_BY_NAMES: dict[str, str] = {
    "wins": "every seat but one won 胡牌结束",
    "bankruptcy": "seats went bankrupt 破产结束",
    "huangzhuang": "the wall ran out 流局, then the end-of-wall checks",
}


def sichuan_hand(h: object) -> str:
    """``清一色 qingyise``: a Sichuan hand type in Chinese with its id."""
    return f"{SICHUAN_HAND_ZH.get(str(h), '')} {h}".strip()


def suit(letter: object) -> str:
    return SUIT_NAMES.get(str(letter), "none 无")


#: Sichuan's mistake types (M1–M5, docs/mistakes-sichuan.md) beside Wuhan's; ``missed_win`` and
#: ``robbed_kong`` share their names with Wuhan's types of the same meaning
MISTAKE_NAMES_ZH.update(
    {
        "gangshangpao_safe": "杠上炮 (有安全牌)",
        "broke_ting": "拆下叫",
        "huazhu_neglect": "花猪 (未打缺)",
    }
)
MISTAKE_NAMES_EN.update(
    {
        "gangshangpao_safe": "杠上炮 with a safe tile held",
        "broke_ting": "broke a ready hand",
        "huazhu_neglect": "花猪 by neglecting the void suit",
    }
)

#: Sichuan ruleset parameters (sichuan.md §8) as the viewer names an override: English and Chinese
SICHUAN_PARAM_NAMES: dict[str, str] = {
    "mode": "mode 玩法",
    "base": "base 底",
    "swap_three": "swap three 换三张",
    "swap_direction": "swap direction 换牌方向",
    "dingque": "void suit 定缺",
    "que_first": "void suit first 先打缺",
    "pass_hu": "passed win 过水",
    "forced_hu_last": "forced win in the last tiles 最后自动胡",
    "gang_min_wall": "tiles left for a kong 杠牌余牌",
    "cap": "cap 封顶",
    "zimo_bonus": "self-draw bonus 自摸加底/加番",
    "di_in_cap": "bonus inside the cap 加底封顶",
    "diangang_hua": "点杠花 paid as",
    "ways": "ways 加番",
    "tiandihu": "天胡/地胡",
    "jiang_hands": "将对 hands",
    "hujiao_zhuanyi": "呼叫转移",
    "huazhu_multiple": "花猪 multiple",
    "chadajiao": "查大叫",
    "tuishui": "退税",
    "draw_dealer": "dealer after a draw 流局庄家",
    "bankruptcy": "bankruptcy 破产",
}


#: Wuhan's ruleset parameters (RULES.md §11), as the viewer's header names an override
WUHAN_PARAM_NAMES: dict[str, str] = {
    "pizi": "pizi 痞子",
    "open_mode": "open mode 开口方式",
    "laizi_gang_factor": "laizi gang factor 赖子杠番",
    "laizi_discard_factor": "laizi discard factor 打赖子番",
    "big_hand_stacking": "big-hand stacking 大胡叠加",
    "cap": "cap 封顶",
    "golden": "golden cap 金顶",
    "sunshine": "sunshine 阳光顶",
    "triple_sunshine": "triple sunshine 三阳光顶",
    "liability_cap": "liability cap 承包封顶",
    "qihu": "minimum win 起胡",
    "qihu_scope": "起胡 scope",
    "quanqiuren_liability": "全求人 liability 承包",
    "third_feed_hands": "third-feed hands 第三口承包",
    "qianggang_mode": "抢杠 mode",
    "fengyise_golden": "风一色 金顶",
    "haidi_trigger": "海底 trigger",
    "haidi_draws": "海底 draws",
    "jianjiang": "real 将 见将胡",
    "jianzi_self_draw_only": "见字胡 self-draw only",
    "dealer_rotation": "dealer rotation 坐庄",
    "qipi": "七皮四赖 皮",
    "haidi_play_on": "海底 play on",
    "special_discard": "special discard 打皮赖",
    "laizi_limit": "laizi limit 赖子限制",
    "strict_jiang": "strict 将 硬将",
    "haidi_self_draw_factor": "海底 self-draw factor",
    "qianggang_fangchong": "抢杠 as 放冲",
}


def override_words(name: object, value: object) -> str:
    """One ruleset override in words (``swap three 换三张 same suit``), never a code or JSON."""

    def words(v: object) -> str:
        if isinstance(v, bool):
            return "on 开" if v else "off 关"
        if v is None:
            return "none 无"
        if isinstance(v, dict):
            return " ".join(f"{k} {words(x)}" for k, x in v.items())
        if isinstance(v, list):
            return ", ".join(words(x) for x in v) or "none 无"
        return str(v).replace("_", " ")

    key = str(name)
    label = SICHUAN_PARAM_NAMES.get(key) or WUHAN_PARAM_NAMES.get(key, key.replace("_", " "))
    return f"{label} {words(value)}"


#: parameter values a Sichuan reason may quote (``(same_suit)``), in words
SICHUAN_VALUE_NAMES: dict[str, str] = {
    "same_suit": "same suit 同花色",
}
_SICHUAN_CODE = re.compile(
    r"'?\b("
    + "|".join(
        sorted((c for c in {*SICHUAN_PARAM_NAMES, *SICHUAN_VALUE_NAMES} if "_" in c), key=len, reverse=True)
    )
    + r")\b'?"
)


def words_in_text(text: object) -> str:
    """A message for a page, of any game: tiles named in Chinese (``tiles_in_text``), the
    Sichuan ruleset parameters and values a reason may quote (``swap_three is 'same_suit'``) by
    their names, and any other game's (``guohu: until_own_draw``) as words. Those codes never
    occur in a Wuhan message, which reads exactly as ``tiles_in_text``."""

    def name(m: re.Match[str]) -> str:
        code = m.group(1)
        return SICHUAN_VALUE_NAMES.get(code) or SICHUAN_PARAM_NAMES[code]

    out = _SICHUAN_CODE.sub(name, tiles_in_text(text))
    # any other game's parameter or value a message quotes (``ting_gang: same_wait``): its words
    return _SNAKE_CASE.sub(lambda m: m.group(0).replace("_", " "), out)


_SNAKE_CASE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


# --------------------------------------------------------------------------- Changsha 长沙麻将
from replay.games.changsha.reading import NAMES_ZH as CHANGSHA_NAMES_ZH  # noqa: E402

PRESET_NAMES.update({"changsha": "changsha 长沙麻将", "changsha-app": "changsha-app 长沙麻将 (app)"})
#: Changsha hand ids (CS-4.3, CS-5.1) in English, beside ``CHANGSHA_NAMES_ZH``
CHANGSHA_HAND_EN: dict[str, str] = {
    "pinghu": "small win",
    "tianhu": "heavenly hand",
    "dihu": "earthly hand",
    "pengpenghu": "all triplets",
    "jiangjianghu": "all 2/5/8",
    "qingyise": "one suit",
    "qixiaodui": "seven pairs",
    "haidilaoyue": "win on the last tile",
    "haidipao": "win on the last tile's discard",
    "gangshangkaihua": "win on a kong's tile",
    "gangshangpao": "win on another's kong tile",
    "qiangganghu": "robbing a kong",
    "quanqiuren": "all melded",
    "haohua": "luxury seven pairs",
    "sixi": "four alike",
    "banbanhu": "no 2/5/8",
    "queyise": "a suit missing",
    "liuliushun": "two triplets",
}
CHANGSHA_DIFFERENCE_NAMES: dict[str, str] = {
    "winners": "winners 胡家",
    "discarder": "discarder 放炮",
    "hands": "hands 胡牌牌型",
    "qishou": "opening hands 起手胡",
    "birds": "birds 鸟",
    "bird_seats": "seats the birds hit 中鸟",
    "deltas": "points 输赢",
    "next_dealer": "next dealer 下一庄",
}
CHANGSHA_ENDED_BY: dict[str, str] = {
    "win": "won 胡牌",
    "qishou": "opening hands declared 起手胡 (the hand ends)",
    "huangzhuang": "no one won 黄庄",
}


def changsha_hand(h: object) -> str:
    """``清一色 qingyise (one suit)``: a Changsha hand id in Chinese and English."""
    key = str(h)
    zh = CHANGSHA_NAMES_ZH.get(key)
    return f"{zh} {key} ({CHANGSHA_HAND_EN[key]})" if zh and key in CHANGSHA_HAND_EN else key


def changsha_hands(ids: object) -> str:
    """A win's hand ids joined: ``碰碰胡 pengpenghu (all triplets) + 清一色 qingyise (one suit)``."""
    return " + ".join(changsha_hand(h) for h in ids) if isinstance(ids, list | tuple) else changsha_hand(ids)


# --------------------------------------------------------------------------- Changchun 长春麻将
from replay.games.changchun.reading import FAN_ZH as CHANGCHUN_FAN_ZH  # noqa: E402
from replay.games.changchun.reading import MELD_ZH as CHANGCHUN_MELD_ZH  # noqa: E402
from replay.games.changchun.reading import WAY_ZH as CHANGCHUN_WAY_ZH  # noqa: E402

PRESET_NAMES.update(
    {
        "changchun": "changchun 长春麻将",
        "changchun-135": "changchun-135 长春麻将 (1-3-5)",
        "changchun-250": "changchun-250 长春麻将 (2-5-10)",
    }
)
#: Changchun fan ids (CC-5.7) in English, beside ``CHANGCHUN_FAN_ZH``
CHANGCHUN_FAN_EN: dict[str, str] = {
    "pinghu": "plain win, no fan",
    "menqing": "concealed hand",
    "jiahu": "single wait",
    "piaohu": "all triplets",
    "zimo": "self-draw",
    "bao": "by the treasure",
}
#: the ways of winning (CC-5.6) in English, beside ``CHANGCHUN_WAY_ZH``
CHANGCHUN_WAY_EN: dict[str, str] = {
    "zimo": "self-draw",
    "dianpao": "on a discard",
    "qianghu": "robbing a kong",
    "duibao": "the treasure matches the wait",
    "mobao": "drew the treasure",
}
#: the kinds of meld (CC-3.1) in English, beside ``CHANGCHUN_MELD_ZH``
CHANGCHUN_MELD_EN: dict[str, str] = {
    "chi": "chi",
    "peng": "peng",
    "ming": "open kong",
    "xu": "added kong",
    "an": "concealed kong",
    "xuanfeng": "whirlwind set (the four winds)",
    "xi": "dragon set (中 发 白)",
    "yaodan": "ones set (一万 一条 一筒)",
    "jiudan": "nines set (九万 九条 九筒)",
}
CHANGCHUN_DIFFERENCE_NAMES: dict[str, str] = {
    "winner": "winner 胡家",
    "discarder": "discarder 放炮",
    "way": "how it was won 胡法",
    "hands": "fans 番种",
    "fan": "fan per payer 番数",
    "win_deltas": "win money 胡分",
    "gang_deltas": "gang money 杠分",
    "deltas": "points 输赢",
}
CHANGCHUN_ENDED_BY: dict[str, str] = {
    "win": "won 胡牌",
    "huangzhuang": "no one won 荒庄 (gang money is still paid)",
}
MISTAKE_NAMES_ZH.update(
    {
        "robbed_gang": "补杠被抢",
        "broke_menqing": "开门破立",
        "dealin_unready": "不听放炮",
        "bao_leak": "泄宝",
    }
)
MISTAKE_NAMES_EN.update(
    {
        "robbed_gang": "gang robbed",
        "broke_menqing": "opened a concealed hand for nothing",
        "dealin_unready": "dealt in while not ready",
        "bao_leak": "leaked the treasure",
    }
)


def changchun_fan(h: object) -> str:
    """``门清 menqing (concealed hand)``: a Changchun fan id in Chinese and English."""
    key = str(h)
    zh = CHANGCHUN_FAN_ZH.get(key)
    return f"{zh} {key} ({CHANGCHUN_FAN_EN[key]})" if zh and key in CHANGCHUN_FAN_EN else key


def changchun_fans(ids: object) -> str:
    """A win's fan ids joined: ``门清 menqing (concealed hand) + 自摸 zimo (self-draw)``."""
    return " + ".join(changchun_fan(h) for h in ids) if isinstance(ids, list | tuple) else changchun_fan(ids)


def changchun_way(way: object) -> str:
    """``摸宝 mobao (drew the treasure)``."""
    key = str(way)
    zh = CHANGCHUN_WAY_ZH.get(key)
    return f"{zh} {key} ({CHANGCHUN_WAY_EN[key]})" if zh and key in CHANGCHUN_WAY_EN else key


def changchun_meld(kind: object) -> str:
    """``旋风杠 whirlwind set E S W N``: a Changchun meld kind in Chinese and English."""
    key = str(kind)
    return f"{CHANGCHUN_MELD_ZH.get(key, '')} {CHANGCHUN_MELD_EN.get(key, key)}".strip()


# --------------------------------------------------------------------------- 二人麻将 (erren)
from replay.games.erren.fantable import ROW as ERREN_FAN_ROW  # noqa: E402
from replay.games.erren.tiles import FLOWER_ZH as ERREN_FLOWER_CHARS  # noqa: E402

PRESET_NAMES.update(
    {
        "erren": "erren 二人麻将",
        "erren-gb": "erren-gb 二人麻将 (国标 settlement 国标结算)",
        "erren-lite": "erren-lite 二人麻将 (起胡 1)",
    }
)
#: §10's mistakes, English beside Chinese (漏和 is the 国标 word for a missed win)
MISTAKE_NAMES_ZH.update({"big_deal_in": "放大炮", "gang_cut_wait": "杠后减听", "robbed_xugang": "补杠被抢"})
MISTAKE_NAMES_EN.update(
    {
        "big_deal_in": "dealt in a big hand",
        "gang_cut_wait": "kong cut the wait",
        "robbed_xugang": "added kong robbed",
    }
)
#: the flowers (ER-1.1) by code: 春 夏 秋 冬 梅 兰 竹 菊. Not in ``TILE_ZH`` (the 34 play tiles of
#: every other game); the 二人 viewer sends these beside it
ERREN_FLOWERS: dict[str, str] = {f"{i + 1}h": zh for i, zh in enumerate(ERREN_FLOWER_CHARS)}
#: a flower drawn as its character over 花 (class ``tile h``)
ERREN_FLOWER_GLYPH: dict[str, tuple[str, str]] = {code: (zh, "花") for code, zh in ERREN_FLOWERS.items()}
ERREN_DIFFERENCE_NAMES: dict[str, str] = {
    "winner": "winner 胡牌者",
    "self_draw": "self-draw 自摸",
    "fans": "fans 番种",
    "total": "total fan T 总番",
    "qualifying": "fan toward 起胡 Q 起胡番",
    "deltas": "points 输赢",
}
ERREN_ENDED_BY: dict[str, str] = {"win": "won 和牌", "huangzhuang": "no one won 荒庄"}
ERREN_TING: dict[str, str] = {
    "tianting": "报听 天听 (heavenly ready)",
    "lizhi": "报听 立直 (declared ready)",
    "pending": "报听 declared: its discard comes next",
}
_ERREN_FLOWER_CODE = re.compile(r"(?<![A-Za-z0-9])([1-8]h)(?![A-Za-z0-9])")


def erren_tile(code: object) -> str:
    """A 二人 tile or flower in Chinese: ``五条``, ``春``."""
    if isinstance(code, str) and code in ERREN_FLOWERS:
        return ERREN_FLOWERS[code]
    return tile(code)


def erren_words(text: object) -> str:
    """A 二人 message for a page: tiles and flowers named in Chinese."""
    return _ERREN_FLOWER_CODE.sub(lambda m: ERREN_FLOWERS[m.group(1)], words_in_text(text))


def erren_fan(fan_id: object) -> str:
    """``清龙 qinglong (Pure Straight)``: a fan (番种) in Chinese and English."""
    row = ERREN_FAN_ROW.get(str(fan_id))
    return f"{row.zh} {row.id} ({row.en})" if row is not None else str(fan_id)


# --------------------------------------------------------------------------- 推筒子 二八杠
#: tuitongzi.md §6: the app's defaults, and a home table (发财 as 白板 P, a five-round shoe, dice)
PRESET_NAMES.update(
    {
        "tuitongzi": "tuitongzi 推筒子 二八杠 (app)",
        "tuitongzi-table": "tuitongzi-table 推筒子 家庭桌 (home table: 五轮一靴 five-round shoe, 掷骰 dice)",
    }
)
#: tuitongzi.md §9: a stake against the expected return, where the player had information
MISTAKE_NAMES_ZH.update({"raise_negative_ev": "逆势加注", "min_bet_positive_ev": "顺势不加"})
MISTAKE_NAMES_EN.update(
    {
        "raise_negative_ev": "raised with the odds against",
        "min_bet_positive_ev": "bet the minimum with the odds for",
    }
)


# --------------------------------------------------------------------------- every game's hands
# Changsha's hands and Changchun's fans join the names charts and lists read, after Wuhan's and
# Sichuan's (a name they share stays theirs, so those pages read as before).
for _id, _zh in {**CHANGSHA_NAMES_ZH, **CHANGCHUN_FAN_ZH}.items():
    ALL_HAND_NAMES_ZH.setdefault(_id, _zh)


def hand_label(h: object) -> str:
    """A hand type or fan as a chart or a list names it, whatever the game: ``清一色 qingyise``;
    a 二人 fan no other game has by its English name (``大四喜 Big Four Winds``), since some of
    its ids are not words (``sifang_dafacai``)."""
    key = str(h)
    row = ERREN_FAN_ROW.get(key)
    if key not in ALL_HAND_NAMES_ZH and row is not None:
        return f"{row.zh} {row.en}"
    return f"{ALL_HAND_NAMES_ZH.get(key, '')} {key}".strip()
