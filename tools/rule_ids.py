"""Snapshot the rule ids of ``../shared`` into ``tests/data/rule_ids.json``.

The rules-index guards (``tests/replay/test_rules_index.py``, ``test_sichuan_index.py``,
``test_changsha_index.py``, ``test_changchun_index.py``) check the docs and tests against this
committed snapshot, so they run on a clone without ``../shared`` beside it; when ``../shared`` is there,
``test_rule_ids_snapshot.py`` fails if the snapshot has drifted from it. After the rules change:

    .venv/bin/python tools/rule_ids.py            # rewrite the snapshot
    .venv/bin/python tools/rule_ids.py --check    # exit 1 if it differs (what the test does)

``--shared DIR`` names the shared folder; by default the first ``shared/`` beside the checkout
or beside its parent (a git worktree under ``wt/``), or ``$REPLAY_SHARED``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = ROOT / "tests" / "data" / "rule_ids.json"
#: game -> (its rules file under shared/, the id pattern)
SOURCES = {
    "wuhan": ("RULES.md", r"R-\d+\.\d+"),
    "sichuan": ("rules/sichuan.md", r"SC-\d+\.\d+"),
    "changsha": ("rules/changsha.md", r"CS-\d+\.\d+"),
    "changchun": ("rules/changchun.md", r"CC-\d+\.\d+"),
    "erren": ("rules/erren.md", r"ER-\d+\.\d+"),
}


def find_shared() -> Path | None:
    """``$REPLAY_SHARED``, else ``shared/`` beside the checkout or beside its parent."""
    env = os.environ.get("REPLAY_SHARED")
    candidates = [Path(env)] if env else [ROOT.parent / "shared", ROOT.parent.parent / "shared"]
    return next((p for p in candidates if (p / SOURCES["wuhan"][0]).is_file()), None)


def read_ids(shared: Path) -> dict[str, list[str]]:
    """Every game's rule ids, sorted by number (R-2.10 after R-2.9)."""
    out = {}
    for game, (name, pattern) in SOURCES.items():
        ids = set(re.findall(pattern, (shared / name).read_text(encoding="utf-8")))
        out[game] = sorted(ids, key=lambda r: tuple(int(n) for n in r.split("-")[1].split(".")))
    return out


def load_snapshot() -> dict[str, list[str]]:
    data: dict[str, list[str]] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    return data


def render(ids: dict[str, list[str]]) -> str:
    return json.dumps(ids, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--shared", type=Path, help="the shared folder (default: found beside the checkout)")
    parser.add_argument("--check", action="store_true", help="compare, do not write; exit 1 on a difference")
    args = parser.parse_args(argv)
    shared = args.shared or find_shared()
    if shared is None:
        print("no shared/ folder found beside the checkout (give --shared DIR)", file=sys.stderr)
        return 2
    text = render(read_ids(shared))
    if args.check:
        if SNAPSHOT.read_text(encoding="utf-8") != text:
            print(f"{SNAPSHOT.name} differs from {shared}: run tools/rule_ids.py", file=sys.stderr)
            return 1
        return 0
    SNAPSHOT.write_text(text, encoding="utf-8")
    print(f"wrote {SNAPSHOT.relative_to(ROOT)} from {shared}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
