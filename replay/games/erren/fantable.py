"""The fan table of erren.md §5 (番种) as data: id, Chinese and English names, value, 不计 lists.

Kept apart from the code that detects fans (``fans.py``) so that the parameters (``params.py``:
``fan_values``, ``qihu_excluded``) and the docs read the same rows. ``TABLE`` is in §5's order,
which is also ER-6.1's tie order (``table order on ties``) and ER-6.2's tie-break.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FanRow:
    id: str
    zh: str
    en: str
    value: int
    #: S0's 不计 list: fans this one excludes when it is counted
    excludes: tuple[str, ...] = ()
    #: the † entries (国标/大众 practice where S0 is silent), on with ``extra_exclusions``
    extra: tuple[str, ...] = ()
    #: nq: not counted toward 起胡 (S0); the default of ``qihu_excluded``
    nq: bool = False
    #: a group fan (ER-6.1b): counted per instance on named sets
    group: bool = False
    #: counted once per instance (per pung, per kind, per flower …)
    per: bool = False


def _r(id_: str, zh: str, en: str, value: int, excludes: str = "", extra: str = "", **kw: bool) -> FanRow:
    return FanRow(id_, zh, en, value, tuple(excludes.split()), tuple(extra.split()), **kw)


TABLE: tuple[FanRow, ...] = (
    _r("sifang_dafacai", "四方大发财", "Four Winds and Green Pair", 168,
       "dasixi ziyise sanfengke pengpenghu yaojiuke", "quandaiyao"),
    _r("tianhu", "天胡", "Heavenly Hand", 168, "dandiao bianzhang kanzhang buqiuren zimo",
       "menqianqing tianting"),
    _r("dihu", "地胡", "Earthly Hand", 158, "", "zimo buqiuren menqianqing"),
    _r("renhu", "人胡", "Human Hand", 108, "", "menqianqing"),
    _r("dasixi", "大四喜", "Big Four Winds", 88, "sanfengke pengpenghu yaojiuke"),
    _r("dasanyuan", "大三元", "Big Three Dragons", 88, "jianke shuangjianke"),
    _r("lvyise", "绿一色", "All Green", 88, "", "hunyise"),
    _r("jiulian", "九莲宝灯", "Nine Gates", 88, "qingyise buqiuren menqianqing yaojiuke"),
    _r("sigang", "四杠", "Four Kongs", 88, "sangang shuangangang shuangminggang minggang angang dandiao",
       "pengpenghu"),
    _r("lianqidui", "连七对", "Seven Shifted Pairs", 88, "qingyise buqiuren dandiao menqianqing qidui"),
    _r("daqixing", "大七星", "Seven Honour Pairs", 88, "ziyise qidui menqianqing buqiuren dandiao"),
    _r("baxian", "八仙过海", "All Eight Flowers", 88, "chunxiaqiudong meilanzhuju", nq=True),
    _r("xiaosixi", "小四喜", "Little Four Winds", 64, "sanfengke yaojiuke"),
    _r("xiaosanyuan", "小三元", "Little Three Dragons", 64, "jianke shuangjianke"),
    _r("ziyise", "字一色", "All Honours", 64, "pengpenghu hunyaojiu quandaiyao yaojiuke"),
    _r("sianke", "四暗刻", "Four Concealed Pungs", 64, "menqianqing pengpenghu sananke shuanganke buqiuren"),
    _r("shuanglong", "一色双龙会", "Pure Terminal Chows", 64, "pinghu qidui qingyise yibangao laoshaofu"),
    _r("sitongshun", "一色四同顺", "Quadruple Chow", 48, "sanjiegao yibangao siguiyi santongshun qidui",
       group=True),
    _r("sijiegao", "一色四节高", "Four Pure Shifted Pungs", 48, "santongshun sanjiegao pengpenghu",
       group=True),
    _r("sibugao", "一色四步高", "Four Pure Shifted Chows", 32, "sanbugao", group=True),
    _r("sangang", "三杠", "Three Kongs", 32, "shuangminggang shuangangang minggang angang"),
    _r("hunyaojiu", "混幺九", "All Terminals and Honours", 32, "pengpenghu yaojiuke quandaiyao"),
    _r("tianting", "天听", "Heavenly Ready", 32, "", "menqianqing"),
    _r("qidui", "七对", "Seven Pairs", 24, "", "menqianqing buqiuren dandiao"),
    _r("qingyise", "清一色", "Full Flush", 24),
    _r("santongshun", "一色三同顺", "Pure Triple Chow", 24, "sanjiegao yibangao", group=True),
    _r("sanjiegao", "一色三节高", "Pure Shifted Pungs", 24, "santongshun", group=True),
    _r("qinglong", "清龙", "Pure Straight", 16, "lianliu laoshaofu", group=True),
    _r("sanbugao", "一色三步高", "Pure Shifted Chows", 16, group=True),
    _r("sananke", "三暗刻", "Three Concealed Pungs", 16, "shuanganke"),
    _r("dayuwu", "大于五", "Upper Four", 12),
    _r("xiaoyuwu", "小于五", "Lower Four", 12),
    # † its own extra: the yaojiuke of its three wind pungs (fans.py applies it per pung)
    _r("sanfengke", "三风刻", "Big Three Winds", 12),
    _r("tuibudao", "推不倒", "Reversible Tiles", 8),
    _r("miaoshou", "妙手回春", "Last Tile Draw", 8, "zimo"),
    _r("haidi", "海底捞月", "Last Tile Claim", 8),
    _r("gangkai", "杠上开花", "Out with Replacement Tile", 8, "zimo"),
    _r("qianggang", "抢杠和", "Robbing the Kong", 8, "hejuezhang"),
    _r("pengpenghu", "碰碰和", "All Pungs", 6),
    _r("hunyise", "混一色", "Half Flush", 6),
    _r("quanqiuren", "全求人", "Melded Hand", 6, "dandiao"),
    _r("shuangangang", "双暗杠", "Two Concealed Kongs", 6, "shuanganke", "angang"),
    _r("shuangjianke", "双箭刻", "Two Dragon Pungs", 6, "jianke"),
    _r("quandaiyao", "全带幺", "Outside Hand", 4),
    _r("buqiuren", "不求人", "Fully Concealed Hand", 4, "menqianqing zimo"),
    _r("shuangminggang", "双明杠", "Two Melded Kongs", 4, "minggang"),
    _r("hejuezhang", "和绝张", "Last Tile", 4),
    _r("lizhi", "立直", "Declared Ready", 2, nq=True),
    _r("jianke", "箭刻", "Dragon Pung", 2, per=True),
    _r("menqianqing", "门前清", "Concealed Hand", 2),
    _r("pinghu", "平和", "All Chows", 2),
    _r("siguiyi", "四归一", "Tile Hog", 2, per=True),
    _r("shuanganke", "双暗刻", "Two Concealed Pungs", 2),
    _r("angang", "暗杠", "Concealed Kong", 2),
    _r("duanyao", "断幺", "All Simples", 2),
    _r("yibangao", "一般高", "Pure Double Chow", 1, group=True),
    _r("lianliu", "连六", "Short Straight", 1, group=True),
    _r("laoshaofu", "老少副", "Two Terminal Chows", 1, group=True),
    _r("yaojiuke", "幺九刻", "Pung of Terminals or Winds", 1, per=True),
    _r("minggang", "明杠", "Melded Kong", 1),
    _r("bianzhang", "边张", "Edge Wait", 1),
    _r("kanzhang", "坎张", "Closed Wait", 1),
    _r("dandiao", "单钓将", "Single Wait", 1),
    _r("zimo", "自摸", "Self-Drawn", 1),
    _r("erwuba", "二五八将", "2-5-8 Pair", 1),
    _r("yaojiutou", "幺九头", "Terminal Pair", 1),
    _r("chunxiaqiudong", "春夏秋冬", "Four Seasons", 1, nq=True),
    _r("meilanzhuju", "梅兰竹菊", "Four Gentlemen", 1, nq=True),
    _r("huapai", "花牌", "Flower", 1, nq=True, per=True),
)  # fmt: skip

ROW: dict[str, FanRow] = {r.id: r for r in TABLE}
#: a fan's position in §5 (ER-6.1 ties, ER-6.2 tie-break)
ORDER: dict[str, int] = {r.id: i for i, r in enumerate(TABLE)}
IDS: tuple[str, ...] = tuple(ROW)
DEFAULT_VALUES: dict[str, int] = {r.id: r.value for r in TABLE}
NQ_DEFAULT: frozenset[str] = frozenset(r.id for r in TABLE if r.nq)
GROUP: frozenset[str] = frozenset(r.id for r in TABLE if r.group)
for _row in TABLE:
    for _x in _row.excludes + _row.extra:
        assert _x in ROW, (_row.id, _x)


def label(fan: str) -> str:
    """``清龙 qinglong (Pure Straight)``: Chinese beside English, as receipts print a fan."""
    row = ROW[fan]
    return f"{row.zh} {row.id} ({row.en})"
