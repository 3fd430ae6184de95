"""The names a ``sichuan-hand/1`` record uses (sichuan.md §4, §5, §10), shared by schema and engine.

A record's ``result`` names hand types, ways and transfer kinds, and its events name suits,
swap directions and kong kinds. The upload schema (``schemas.sichuan_hand``) checks them and the
engine produces them; both import them from here so an app's spelling and the replayer's
can never drift apart. Pure data: no engine logic, no marshmallow.
"""

from __future__ import annotations

from replay.games.sichuan.params import WAYS

#: SC-4.2 hand types (番种): id → (Chinese name, P). Flat 天胡/地胡 score M 32 (SC-5.1).
HAND_TYPES: dict[str, tuple[str, int]] = {
    "pinghu": ("平胡", 1),
    "duiduihu": ("对对胡", 2),
    "qingyise": ("清一色", 4),
    "daiyaojiu": ("带幺九", 4),
    "qidui": ("七对", 4),
    "jingoudiao": ("金钩钓", 4),
    "qingdui": ("清对", 8),
    "longqidui": ("龙七对", 16),
    "qingqidui": ("青七对", 16),
    "qingjingoudiao": ("青金钩钓", 16),
    "qingyaojiu": ("清幺九", 16),
    "qinglongqidui": ("青龙七对", 32),
    "tianhu": ("天胡", 32),
    "dihu": ("地胡", 32),
    "jiangdui": ("将对", 8),
    "jiangjingoudiao": ("将金钩钓", 16),
}

#: §10 transfer kinds, one per payer and payee: kong payments (SC-5.5), wins, 呼叫转移 (SC-5.6)
#: and the end-of-wall checks (SC-6.1, SC-6.3, SC-6.4).
TRANSFER_KINDS: dict[str, str] = {
    "gang_ming": "直杠",
    "gang_xu": "补杠",
    "gang_an": "暗杠",
    "hu": "胡",
    "zhuanyi": "呼叫转移",
    "huazhu": "查花猪",
    "dajiao": "查大叫",
    "tuishui": "退税",
}

#: SC-1.1 suits, by their letter; 定缺 names one per seat.
SUITS: dict[str, str] = {"m": "万", "s": "条", "p": "筒"}
#: Spellings of a suit an app may send in a ``dingque`` event, normalised to the letter.
SUIT_ALIASES: dict[str, str] = {
    **{letter: letter for letter in SUITS},
    "万": "m",
    "萬": "m",
    "条": "s",
    "條": "s",
    "索": "s",
    "筒": "p",
    "饼": "p",
    "餅": "p",
}

#: SC-2.1: where the swapped tiles went, as the ``swap`` event names it (``random`` is a ruleset
#: setting, never an event's direction); the seat offset each direction passes to.
SWAP_DIRECTIONS: dict[str, int] = {"next": 1, "prev": 3, "across": 2}

#: §10 ``gang.kind``: 直杠 on a discard, 暗杠 of four in hand, 补杠 onto one's own peng.
GANG_KINDS: dict[str, str] = {"ming": "直杠", "an": "暗杠", "xu": "补杠"}

#: SC-4.4 ways, re-exported beside the other names a result uses.
WAY_IDS: tuple[str, ...] = WAYS
