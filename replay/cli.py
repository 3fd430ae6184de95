"""The ``replay`` command line."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any, TextIO

import click

from replay.audit import STATUSES, audit_records
from replay.evaluate import evaluate_text
from replay.inputs import iter_records
from replay.ruleset import PRESETS


@click.group()
@click.version_option(package_name="wuhan-replay")
def main() -> None:
    """Replay, audit and settle Wuhan mahjong (武汉麻将) hand records."""


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"), default="-")
def evaluate(file: TextIO) -> None:
    """Judge and settle described wins: one JSON object or NDJSON in, one JSON line out per input."""
    try:
        text = file.read()
    except UnicodeDecodeError as err:
        click.echo(json.dumps({"error": {"field": "", "message": f"input is not UTF-8: {err}"}}))
        sys.exit(2)
    answers, ok = evaluate_text(text)
    for answer in answers:
        click.echo(json.dumps(answer, ensure_ascii=False, separators=(",", ":")))
    sys.exit(0 if ok else 2)


def _summary_line(a: dict[str, Any]) -> str:
    who = f"{a['source'] or '?'}/{a['hand_id'] or '?'}"
    status = a["status"]
    if status == "invalid":
        err = a["errors"][0] if a["errors"] else {"field": "", "message": "invalid"}
        more = f" (+{len(a['errors']) - 1} more)" if len(a["errors"]) > 1 else ""
        where = a.get("location") or who
        return f"invalid   {where}  {err['field'] or '<record>'}: {err['message']}{more}"
    if status == "illegal":
        f = a["first_illegal"]
        at = f"event {f['index']}" if f["index"] is not None else "session"
        return f"illegal   {who}  {at}: {f['code']} ({f['rule']}) {f['message']}"
    c = a["computed"]
    if a.get("game") == "sichuan":
        wins = ", ".join(f"seat {w['seat']} {w['hand']} M{w['multiple']}" for w in c["wins"]) or "no win"
        outcome = f"{wins}; {c['ended_by']} {c['deltas']}"
    elif c["winner"] is None:
        outcome = "draw (黄庄)"
    else:
        outcome = f"seat {c['winner']} wins {'+'.join(c['hands'])} {c['deltas']}"
    if status == "mismatch":
        diffs = "; ".join(
            f"{d['field']}: app {d['recorded']}, engine {d['computed']}" for d in a["differences"]
        )
        return f"mismatch  {who}  {outcome}; {diffs}"
    return f"ok        {who}  {outcome}"


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per record, in input order.")
def audit(paths: tuple[str, ...], as_json: bool) -> None:
    """Replay and audit hand records (JSON, NDJSON, .gz files or folders)."""
    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        raise click.UsageError(f"no such file or folder: {missing[0]}")
    audits = audit_records(iter_records(list(paths)))
    counts = Counter(a["status"] for a in audits)
    for a in audits:
        if as_json:
            click.echo(json.dumps(a, ensure_ascii=False, separators=(",", ":")))
        else:
            click.echo(_summary_line(a))
    if not as_json:
        parts = ", ".join(f"{counts[s]} {s}" for s in STATUSES)
        click.echo(f"{len(audits)} records: {parts}")
    if counts["invalid"]:
        sys.exit(2)
    sys.exit(1 if counts["illegal"] or counts["mismatch"] else 0)


@main.command()
@click.option("--hands", type=click.IntRange(1, 10_000_000), required=True, help="How many hands to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, byte-identical output.")
@click.option("--preset", type=click.Choice(sorted(PRESETS)), default="hzlzg", show_default=True)
@click.option("--players", type=click.IntRange(4, 1000), default=8, show_default=True, help="Pool size.")
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes (default: one per core from 100 hands).",
)
def simulate(hands: int, seed: int, preset: str, players: int, workers: int | None) -> None:
    """Self-play: NDJSON of complete, legal hand records with the engine's result.

    The output depends only on the seed, not on the number of workers.
    """
    from replay import simulate as sim

    if workers is None:
        workers = min(os.cpu_count() or 1, 8) if hands >= 100 else 1

    for record in sim.simulate(hands, seed, preset, players, workers):
        sys.stdout.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
