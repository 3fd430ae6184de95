"""Issue #15: large NDJSON files are read line by line (constant memory) with the same items.

``replay.inputs.read_paths`` streams a file over ``STREAM_FROM`` bytes when it is NDJSON; these
tests lower the threshold so every file takes that path and compare with reading it whole.
"""

from __future__ import annotations

import gzip
import json
import os
import threading
from pathlib import Path

import pytest

import replay.inputs as inputs


def _files(folder: Path) -> None:
    recs = [{"a": i, "s": "x\u2028y"} for i in range(5)]
    nd = b"\n".join(json.dumps(r).encode() for r in recs)
    (folder / "a.ndjson").write_bytes(nd + b"\n")
    (folder / "b.ndjson").write_bytes(
        b"\xef\xbb\xbf\n\n" + nd.replace(b"\n", b"\r\n\n", 1) + b"\nnot json\n\n"
    )
    (folder / "c.ndjson.gz").write_bytes(gzip.compress(nd))
    (folder / "d.json").write_bytes(json.dumps(recs, indent=1).encode())  # one value, pretty
    (folder / "e.json").write_bytes(json.dumps(recs).encode())  # one value, one line
    (folder / "f.json").write_bytes(b"\n  " + json.dumps(recs[0]).encode() + b"\n\n")
    (folder / "g.ndjson").write_bytes(b"[1]\n[2,\n")  # a bad second line
    (folder / "h.ndjson").write_bytes(b"")
    (folder / "i.ndjson").write_bytes(b"\n\n  \n")
    (folder / "j.ndjson.gz").write_bytes(gzip.compress(nd)[:-20])  # truncated gzip
    (folder / "k.ndjson").write_bytes(b'{"a":1}\n\xff\xfe\n{"b":2}')  # not UTF-8 on line 2


def _read(folder: Path) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for items in inputs.read_paths([str(folder)]):
        for it in items:
            obj = it.obj
            what = ("unreadable", obj.message, obj.line) if isinstance(obj, inputs.Unreadable) else obj
            out.append((it.location, it.raw, what))
    return out


def test_streamed_files_give_the_items_of_whole_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _files(tmp_path)
    whole = _read(tmp_path)
    monkeypatch.setattr(inputs, "STREAM_FROM", -1)
    streamed = _read(tmp_path)
    assert streamed == whole
    assert len(whole) == 33  # 5 + 6 + 5 + 5 + 5 + 1 + 2 + 0 + 0 + 1 + 3


def test_streamed_weights_add_up_to_the_file_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(inputs, "STREAM_FROM", -1)
    path = tmp_path / "many.ndjson"
    path.write_bytes(b"".join(json.dumps({"i": i, "pad": "x" * i}).encode() + b"\n" for i in range(2000)))
    gz = tmp_path / "many.ndjson.gz"
    gz.write_bytes(gzip.compress(path.read_bytes()))
    for p in (path, gz):
        (items,) = list(inputs.read_paths([str(p)]))
        got = list(items)
        assert [it.obj["i"] for it in got] == list(range(2000))  # type: ignore[index]
        assert sum(it.weight for it in got) == pytest.approx(p.stat().st_size, rel=0.01)


def _items_of(path: Path, limits: inputs.Limits) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for items in inputs.read_paths([str(path)], limits):
        for it in items:
            obj = it.obj
            what = ("unreadable", obj.message, obj.line) if isinstance(obj, inputs.Unreadable) else obj
            out.append((it.location, it.raw, what))
    return out


@pytest.mark.parametrize("name", ["a.ndjson", "b.ndjson", "c.ndjson.gz", "g.ndjson"])
def test_ndjson_past_max_bytes_is_streamed_with_the_same_items(tmp_path: Path, name: str) -> None:
    """Issue 36: a file (or a pipe) over ``max_bytes`` is read in chunks up to the bound, then
    streamed line by line: the same records, lines and errors as reading it whole."""
    _files(tmp_path)
    path = tmp_path / name
    whole = _items_of(path, inputs.Limits())
    assert _items_of(path, inputs.Limits(max_bytes=40)) == whole
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    data = gzip.decompress(path.read_bytes()) if name.endswith(".gz") else path.read_bytes()
    writer = threading.Thread(target=fifo.write_bytes, args=(data,))
    writer.start()
    piped = _items_of(fifo, inputs.Limits(max_bytes=40))
    writer.join()
    assert [(str(loc).replace("pipe", name), raw, what) for loc, raw, what in piped] == whole
