"""The ``replay`` command line."""

from __future__ import annotations

import json
import sys
from typing import TextIO

import click

from replay.evaluate import evaluate_text


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


if __name__ == "__main__":
    main()
