"""Decoding bodies and files into items that keep their exact bytes.

The store keeps every record's bytes as received (``raw_uploads``), so decoding here splits a
body or file into records *and* each record's own span of bytes; the HTTP upload, ``replay
ingest`` and the batch audit's loader all go through it.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import orjson

from replay.inputs import DECODE_ERRORS, Unreadable, expand, reject_constant

_WS = re.compile(r"[ \t\n\r]*")


class BodyError(ValueError):
    """A body that cannot be split into records at all (not UTF-8, or not the JSON it claims)."""


class BodyTooLarge(BodyError):
    """A (decompressed) body over the configured limit."""


@dataclass
class Item:
    """One record as received: the decoded value (or an ``Unreadable``), its bytes, where from.

    ``weight`` is the item's share of its file's size, for progress bars.
    """

    obj: object
    raw: bytes
    location: str | None = None
    weight: float = 0.0


def _skip(text: str, pos: int = 0) -> int:
    """The position after any JSON whitespace at ``pos``."""
    m = _WS.match(text, pos)
    return m.end() if m else pos


#: For arrays only (``raw_decode`` gives each item's span); single values go through orjson.
_DECODER = json.JSONDecoder(parse_constant=reject_constant)

#: JSONDecodeError (orjson's too) and the int-digits limit are ValueErrors.
_DECODE_ERRORS = DECODE_ERRORS


def loads(data: bytes) -> object:
    """Strict JSON: UTF-8, no NaN or Infinity, no lone surrogates, at most 1024 levels deep."""
    return orjson.loads(data)


def _unreadable(err: BaseException, prefix: str = "") -> Unreadable:
    if isinstance(err, RecursionError):
        return Unreadable(f"{prefix}is not JSON: nested too deeply")
    return Unreadable(f"{prefix}is not JSON: {str(err)[:200]}")


def gunzip(data: bytes, limit: int | None = None) -> bytes:
    """Decompress gzip (every member), refusing output past ``limit`` so a bomb costs nothing."""
    out: list[bytes] = []
    total = 0
    rest = data
    while rest:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            chunk = d.decompress(rest, (limit - total + 1) if limit is not None else 0)
        except zlib.error as err:
            raise BodyError(f"the body is not valid gzip: {err}") from None
        total += len(chunk)
        if limit is not None and (total > limit or d.unconsumed_tail):
            raise BodyTooLarge(f"the decompressed body is over the limit of {limit} bytes")
        out.append(chunk)
        if not d.eof:
            raise BodyError("the gzip body is truncated")
        rest = d.unused_data.lstrip(b"\x00")
    return b"".join(out)


def _array_items(text: str, start: int, name: str) -> list[Item]:
    """Items of a top-level JSON array, each with the exact bytes it had in the input."""
    items: list[Item] = []
    pos = _skip(text, start + 1)
    if pos < len(text) and text[pos] == "]":
        pos += 1
    else:
        while True:
            obj, end = _DECODER.raw_decode(text, pos)
            items.append(Item(obj, text[pos:end].encode("utf-8", "surrogatepass"), f"{name}[{len(items)}]"))
            pos = _skip(text, end)
            if pos < len(text) and text[pos] == ",":
                pos = _skip(text, pos + 1)
                continue
            if pos < len(text) and text[pos] == "]":
                pos += 1
                break
            raise json.JSONDecodeError("Expecting ',' or ']'", text, pos)
    if _skip(text, pos) != len(text):
        raise json.JSONDecodeError("Extra data", text, pos)
    return items


def decode_json(data: bytes, name: str = "body") -> list[Item]:
    """A body that must be one JSON value: an array gives its items, anything else one item."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    stripped = data.strip(b" \t\r\n")
    try:
        if stripped[:1] != b"[":
            return [Item(loads(stripped), stripped, name)]
        text = stripped.decode("utf-8")
        return _array_items(text, 0, name)
    except UnicodeDecodeError as err:
        raise BodyError(f"the body is not UTF-8: {err}") from None
    except _DECODE_ERRORS as err:
        raise BodyError(f"the body is not valid JSON: {str(err)[:200]}") from None


def decode_ndjson(data: bytes, name: str = "body") -> list[Item]:
    """One record per non-blank line; a bad line is an invalid item, the others still count."""
    return list(iter_ndjson(data, name))


def iter_ndjson(data: bytes, name: str, scale: float = 0.0) -> Iterator[Item]:
    """``decode_ndjson`` lazily, so a big file's first batch can start before its last line is
    parsed; ``scale`` turns a line's length into its share of the file for progress bars."""
    for n, line in enumerate(data.split(b"\n"), start=1):
        raw = line.removesuffix(b"\r")
        if n == 1:
            raw = raw.removeprefix(b"\xef\xbb\xbf")
        if not raw.strip():
            continue
        try:
            obj = loads(raw)
        except _DECODE_ERRORS as err:
            obj = _unreadable(err, f"line {n} ")
        yield Item(obj, raw, f"{name}:{n}", (len(line) + 1) * scale)


def decode_auto(data: bytes, name: str) -> list[Item]:
    """A file: one JSON value (an array gives its items) if it parses whole, else NDJSON."""
    stripped = data.lstrip(b" \t\r\n\xef\xbb\xbf")
    if stripped[:1] in (b"[", b"{"):
        try:
            return decode_json(data, name)
        except BodyError:
            pass
    return decode_ndjson(data, name)


def read_paths(paths: Sequence[str]) -> Iterator[Iterable[Item]]:
    """Files (``.json``, ``.ndjson``, ``.gz``) and folders of them: the items of each file.

    Each item's ``weight`` is its share of the file's size on disk, so the weights of a file
    add up to its size (a progress bar over the inputs' total size).
    """
    for path in expand(list(paths)):
        try:
            size = path.stat().st_size
            data = path.read_bytes()
            if data[:2] == b"\x1f\x8b":
                data = gzip.decompress(data)
        except (OSError, EOFError, gzip.BadGzipFile, zlib.error) as err:
            yield [Item(Unreadable(f"cannot read {path}: {err}"), b"", str(path), 0.0)]
            continue
        if data.lstrip(b" \t\r\n\xef\xbb\xbf")[:1] in (b"[", b"{"):
            try:  # NDJSON fails this at the end of its first line, so the attempt is cheap
                whole = decode_json(data, str(path))
            except BodyError:
                pass
            else:
                for item in whole:
                    item.weight = size / len(whole)
                yield whole
                continue
        yield iter_ndjson(data, str(path), size / max(len(data), 1))


def batches(files: Iterable[Iterable[Item]], size: int, first: int = 64) -> Iterator[list[Item]]:
    """Batches of about ``size`` items, cut between sittings where possible.

    The dealer-rotation check (R-2.2) compares consecutive hands of a sitting; keeping a sitting
    in one batch lets it see them without waiting for the previous batch's commit. The first
    batches are small (``first``, doubling up to ``size``) so the pipeline fills quickly.
    """
    batch: list[Item] = []
    target = min(first, size)
    for items in files:
        for item in items:
            if len(batch) >= target and (len(batch) >= 2 * target or _sitting(item) != _sitting(batch[-1])):
                yield batch
                batch = []
                target = min(2 * target, size)
            batch.append(item)
    if batch:
        yield batch


def _sitting(item: Item) -> object:
    obj = item.obj
    if not isinstance(obj, dict):
        return None
    session = obj.get("session")
    return (obj.get("source"), session.get("id")) if isinstance(session, dict) else None
