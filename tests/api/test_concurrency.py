"""The real server (``replay serve``, waitress) on loopback, with many clients uploading at once.

Every record is sent by every uploader, in a different order and batching, while readers list
and fetch: each hand must be stored exactly once (one ``stored`` result, the rest
``duplicate``), conflicting versions must be kept once each, and no request may fail.
"""

from __future__ import annotations

import copy
import gzip
import json
import random
import threading
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from replay.games.wuhan.simulate import simulate
from store.db import Store
from store.tokens import create_token
from tests import serving

UPLOADERS = 6
READERS = 2
HANDS = 48


class Server:
    def __init__(self, url: str, tokens: dict[str, str]) -> None:
        self.url = url
        self.tokens = tokens


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("serve") / "served.duckdb"
    with Store(db) as store:
        tokens = {
            scope: create_token(store, scope, "simulator" if scope == "upload" else None)[1]
            for scope in ("upload", "read")
        }
    # readers poll as fast as they can; the limits have their own tests
    with serving.serving(db, "--threads", "8", "--rate-limit", "off", "--work-rate-limit", "off") as running:
        yield Server(running.api, tokens)


def test_many_uploaders_lose_nothing_and_duplicate_nothing(server: Server) -> None:
    records = list(simulate(HANDS, 17))
    contested = records[0]
    variants = []
    for i in range(UPLOADERS):  # each uploader also sends its own version of one hand id
        v = copy.deepcopy(contested)
        v["played_at"] = f"2030-01-0{i + 1}T12:00:00+08:00"
        variants.append(v)
    results: list[dict[str, Any]] = []
    failures: list[str] = []
    lock = threading.Lock()
    stop = threading.Event()
    upload = {"Authorization": f"Bearer {server.tokens['upload']}"}
    read = {"Authorization": f"Bearer {server.tokens['read']}"}

    def uploader(n: int) -> None:
        rng = random.Random(n)
        mine = [*records, variants[n]]
        rng.shuffle(mine)
        with requests.Session() as http:
            while mine:
                size = rng.randint(1, 7)
                batch, mine = mine[:size], mine[size:]
                kind = rng.choice(["json", "ndjson", "gzip"])
                if kind == "json":
                    body = json.dumps(batch if len(batch) > 1 else batch[0]).encode()
                    headers = {**upload, "Content-Type": "application/json"}
                else:
                    body = b"\n".join(json.dumps(r).encode() for r in batch)
                    headers = {**upload, "Content-Type": "application/x-ndjson"}
                    if kind == "gzip":
                        body = gzip.compress(body)
                        headers["Content-Encoding"] = "gzip"
                response = http.post(f"{server.url}/hands", data=body, headers=headers, timeout=120)
                with lock:
                    if response.status_code != 200:
                        failures.append(f"upload {response.status_code}: {response.text[:300]}")
                        return
                    results.extend(response.json()["results"])

    def reader() -> None:
        with requests.Session() as http:
            while not stop.is_set():
                for path in ("/hands?limit=20", f"/players/{records[0]['seats'][0]['player_id']}/stats"):
                    response = http.get(server.url + path, headers=read, timeout=60)
                    if response.status_code not in (200, 404):
                        with lock:
                            failures.append(f"read {response.status_code}: {response.text[:300]}")

    threads = [threading.Thread(target=uploader, args=(n,)) for n in range(UPLOADERS)]
    readers = [threading.Thread(target=reader) for _ in range(READERS)]
    for t in [*threads, *readers]:
        t.start()
    for t in threads:
        t.join(timeout=300)
    stop.set()
    for t in readers:
        t.join(timeout=60)
    assert not failures, failures[:5]
    assert len(results) == UPLOADERS * (HANDS + 1)
    by_key: dict[str, Counter[str]] = {}
    for r in results:
        by_key.setdefault(r["hand_id"], Counter())[r["outcome"]] += 1
    assert set(by_key) == {r["hand_id"] for r in records}
    for hand_id, outcomes in by_key.items():
        assert outcomes["stored"] == 1, (hand_id, outcomes)
        assert outcomes["invalid"] == 0
    others = [k for k in by_key if k != contested["hand_id"]]
    assert all(by_key[k] == Counter(stored=1, duplicate=UPLOADERS - 1) for k in others)
    fight = by_key[contested["hand_id"]]
    assert fight["stored"] + fight["duplicate"] + fight["conflict"] == 2 * UPLOADERS

    listing = requests.get(f"{server.url}/hands?limit=1000", headers=read, timeout=60).json()
    assert listing["total"] == HANDS
    assert sorted(i["hand_id"] for i in listing["items"]) == sorted(r["hand_id"] for r in records)
    stored = requests.get(
        f"{server.url}/hands/simulator/{contested['hand_id']}", headers=read, timeout=60
    ).json()
    versions = [contested, *variants]
    assert stored["record"] in versions
    # Every version but the stored one is kept once for review, however often it was sent.
    assert fight["conflict"] >= len(versions) - 1
