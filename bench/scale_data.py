"""A big database made the real way: simulated hands, re-keyed, through the ingest pipeline.

``bench/bench_scale.py`` measures pages on a database of a million hands. Simulating a million
hands would take longer than ingesting them, so a few thousand are simulated once (both games,
every preset) and then *re-keyed*: each generated sitting copies a simulated sitting's hands
with new hand and session ids, four players drawn from a population of a few thousand (a few of
them heavy players), a start time spread over a year and one of a few sources (clubs). The
re-keyed records go through ``store.ingest.ingest_stream`` — the path ``replay ingest`` takes —
so every hand is validated, replayed and analysed: its mistakes and facts are real. A small
share is altered on the way (a changed settlement, a discard of a tile not held), so the audits
page has mismatched and illegal hands to list, as a real store does.

Generation is deterministic in the hand's position: ``records(start, stop)`` gives the same
records whatever the split, so a database can be grown in steps (``--hands`` more than it holds).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

CHINA = timezone(timedelta(hours=8))
YEAR_START = datetime(2025, 12, 1, tzinfo=CHINA)
SOURCES = (("club-hankou", 0.45), ("club-wuchang", 0.25), ("club-chengdu", 0.2), ("app-online", 0.1))
#: the share of sittings played as Sichuan (its clubs mostly; some everywhere)
SICHUAN_SHARE = {"club-hankou": 0.1, "club-wuchang": 0.1, "club-chengdu": 0.85, "app-online": 0.35}
PLAYERS = 3000
HEAVY = 8  # heavy players: each in about one sitting in 20 (a typical one: one in 1,500)
MISMATCH_SHARE = 0.004
ILLEGAL_SHARE = 0.002
#: templates: (game, preset, hands) simulated once
TEMPLATES = (
    ("wuhan", "hzlzg", 2400),
    ("wuhan", "hzlzg-koukou", 500),
    ("wuhan", "hzfclzg", 500),
    ("sichuan", "xuezhan", 1400),
    ("sichuan", "xueliu", 600),
)
SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
)
GIVEN = ("哥", "姐", "师傅", "老板", "婆婆", "爹爹", "妹", "娃", "嬢嬢", "总", "老师", "伢")


def template_file(folder: Path, game: str, preset: str, hands: int) -> Path:
    return folder / f"template-{game}-{preset}-{hands}.ndjson"


def make_templates(folder: Path) -> None:
    """Simulate the template hands once (``replay simulate``), kept beside the database."""
    folder.mkdir(parents=True, exist_ok=True)
    for game, preset, hands in TEMPLATES:
        path = template_file(folder, game, preset, hands)
        if path.exists():
            continue
        cmd = [sys.executable, "-m", "cli.main", "simulate", "--game", game, "--preset", preset]
        cmd += ["--hands", str(hands), "--seed", "7", "--players", "12"]
        tmp = path.with_suffix(".part")
        with tmp.open("wb") as out:
            subprocess.run(cmd, stdout=out, check=True)
        tmp.rename(path)


def load_sittings(folder: Path) -> dict[str, list[list[dict[str, Any]]]]:
    """The template sittings by game, each a list of records in hand order."""
    by_game: dict[str, list[list[dict[str, Any]]]] = {"wuhan": [], "sichuan": []}
    for game, preset, hands in TEMPLATES:
        sittings: dict[str, list[dict[str, Any]]] = {}
        with template_file(folder, game, preset, hands).open("rb") as f:
            for line in f:
                record = json.loads(line)
                sittings.setdefault(record["session"]["id"], []).append(record)
        by_game[game].extend(sittings.values())
    return by_game


def population(count: int = PLAYERS) -> list[tuple[str, str]]:
    rng = random.Random("players")
    return [(f"u{i:05d}", rng.choice(SURNAMES) + rng.choice(GIVEN)) for i in range(count)]


class Generator:
    """Re-keyed records, deterministic in their position in the generated stream."""

    def __init__(self, folder: Path) -> None:
        make_templates(folder)
        self.sittings = load_sittings(folder)
        self.people = population()
        # a few heavy players, then a long tail: weight ~ 1/(rank+100)
        self.weights = [5.0 if i < HEAVY else 100 / (i + 100) for i in range(len(self.people))]
        self.sizes = {g: [len(s) for s in ss] for g, ss in self.sittings.items()}

    def sitting(self, number: int) -> list[dict[str, Any]]:
        """Generated sitting ``number``: its records, re-keyed."""
        rng = random.Random(f"sitting:{number}")
        source = rng.choices([s for s, _ in SOURCES], [w for _, w in SOURCES])[0]
        game = "sichuan" if rng.random() < SICHUAN_SHARE[source] else "wuhan"
        template = rng.choice(self.sittings[game])
        seated: list[tuple[str, str]] = []
        while len(seated) < 4:
            p = rng.choices(self.people, self.weights)[0]
            if p not in seated:
                seated.append(p)
        start = YEAR_START + timedelta(minutes=rng.randrange(365 * 24 * 60))
        t0 = datetime.fromisoformat(template[0]["played_at"])
        session = f"s{number:07d}"
        out = []
        for record in template:
            r = dict(record)
            r["source"] = source
            r["hand_id"] = f"{session}-{record['session']['hand_no']:02d}"
            r["session"] = {"id": session, "hand_no": record["session"]["hand_no"]}
            r["played_at"] = (start + (datetime.fromisoformat(record["played_at"]) - t0)).isoformat()
            r["seats"] = [{"player_id": pid, "name": name} for pid, name in seated]
            roll = rng.random()
            if roll < MISMATCH_SHARE:
                r["result"] = _misreported(r["result"])
            elif roll < MISMATCH_SHARE + ILLEGAL_SHARE:
                r["events"] = _illegal(r["events"], rng)
            out.append(r)
        return out

    def records(self, start_sitting: int, hands: int) -> Iterator[tuple[int, dict[str, Any]]]:
        """(sitting number, record) from sitting ``start_sitting`` on, ``hands`` records or a few
        more (whole sittings)."""
        made = 0
        number = start_sitting
        while made < hands:
            for record in self.sitting(number):
                yield number, record
                made += 1
            number += 1


def _misreported(result: dict[str, Any]) -> dict[str, Any]:
    """The app's result with one payment moved: the replay's settlement no longer agrees."""
    r = json.loads(json.dumps(result))
    deltas = r.get("deltas")
    if isinstance(deltas, list) and len(deltas) == 4:
        deltas[0] += 1
        deltas[1] -= 1
    return r


def _illegal(events: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    """One discard of a tile the seat most likely does not hold."""
    out = [dict(e) for e in events]
    discards = [i for i, e in enumerate(out) if e.get("type") == "discard" and isinstance(e.get("tile"), str)]
    if discards:
        i = discards[rng.randrange(len(discards))]
        tile = out[i]["tile"]
        out[i]["tile"] = ("9" if tile[0] != "9" else "1") + tile[1:] if tile[0].isdigit() else "1m"
    return out
