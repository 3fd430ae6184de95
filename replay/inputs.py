"""The one decoder of hand records: JSON, NDJSON, gzip, files and folders of them.

``replay audit``, ``replay evaluate``, ``replay ingest``, the HTTP uploads and tools, the upload
page and the batch audit all read their inputs here, so a file means the same records with the
same locations and the same errors wherever it is sent. Every record keeps where it came from
(``path:line``, ``path[i]``, or the file name for a file that is one value) and its exact bytes
(the store keeps them as received). A line that is not JSON becomes an error for that line, not
the end; NDJSON lines are cut at ``\\n`` only (a JSON string may hold U+2028 and the like).

JSON is strict: UTF-8, no NaN or Infinity (nor numbers too large for a float), no lone surrogates, at
most 1024 levels deep (orjson, which also makes ingest fast), and no object with the same key twice
(parsers disagree on which one counts: the store and DuckDB must read what the audit read); the
items of a top-level array go through the json module's ``raw_decode`` for their spans, with the
same refusals.

A caller that answers strangers bounds the work before it starts: ``max_items`` stops the split
of a body at the first record past the limit (``TooManyRecords``), before anything is validated.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

SUFFIXES = (".json", ".ndjson", ".jsonl", ".gz")
#: A file's BOM and JSON's whitespace, which may come before the first value.
_LEADING = b" \t\r\n\xef\xbb\xbf"
_WS = re.compile(r"[ \t\n\r]*")
#: The start of an NDJSON line that is a record: something besides whitespace.
_RECORD_LINE = re.compile(rb"^[ \t\r\v\f]*[^\s]", re.MULTILINE)


class Unreadable:
    """A stand-in for a record that could not be decoded; audited as ``invalid``.

    ``line`` is the NDJSON line it stood on and ``detail`` the parser's words, for callers that
    phrase the error their own way (``replay evaluate``).
    """

    def __init__(
        self, message: str, line: int | None = None, detail: str = "", key: str | None = None
    ) -> None:
        self.message = message
        self.line = line
        self.detail = detail
        #: the key an object held twice, when that is why (well-formed JSON, refused)
        self.key = key


class BodyError(ValueError):
    """A body that cannot be split into records at all (not UTF-8, or not the JSON it claims)."""


class BodyTooLarge(BodyError):
    """A (decompressed) body over the configured limit."""


class TooManyRecords(BodyTooLarge):
    """A body holding more records than the caller allows in one go (``max_items``)."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"the body holds more than {limit} records, the limit of one request:"
            f" send them in NDJSON batches of at most {limit} records"
        )
        self.limit = limit


class DuplicateKey(ValueError):
    """An object with the same key twice: JSON parsers disagree on which value counts
    (orjson and Python keep the last, DuckDB's ``json_extract`` the first), so it is refused."""

    def __init__(self, key: str) -> None:
        super().__init__(f"duplicate key {key[:64]!r}: each key may appear once in an object")
        self.key = key


@dataclass
class Item:
    """One record as received: the decoded value (or an ``Unreadable``), its bytes, where from.

    ``weight`` is the item's share of its file's size, for progress bars.
    """

    obj: object
    raw: bytes
    location: str | None = None
    weight: float = 0.0


def expand(paths: Sequence[str]) -> Iterator[Path]:
    """Files as given, folders walked in sorted order (only record files)."""
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(f for f in p.rglob("*") if f.is_file() and f.name.endswith(SUFFIXES))
        else:
            yield p


def reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON (numbers must be finite)")


#: JSONDecodeError (orjson's too) and the int-digits limit are ValueErrors; deep nesting in the
#: json module is a RecursionError.
DECODE_ERRORS = (ValueError, RecursionError)

#: For arrays only (``raw_decode`` gives each item's span); single values go through orjson.
_DECODER = json.JSONDecoder(parse_constant=reject_constant)

#: A key's closing quote and its colon, with JSON whitespace between (rare: pretty-printed input).
_KEY_END = re.compile(rb'"[ \t\n\r]*:')
#: A quote followed by whitespace: one regex pass is cheaper than four substring searches.
_QUOTE_SPACE = re.compile(rb'"[ \t\n\r]')
#: The escapes that could hide a quote, a colon or a space from the byte count.
_HIDING = (b"\\u0022", b"\\u003a", b"\\u003A", b"\\u0020")


def _unique_pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return out


_STRICT = json.JSONDecoder(parse_constant=reject_constant, object_pairs_hook=_unique_pairs)


def check_unique_keys(data: bytes, value: object) -> None:
    """Raise ``DuplicateKey`` if ``data`` (whose parse is ``value``) has an object with a key twice.

    The fast path costs a re-serialisation and two byte counts instead of a second, slower
    parse: every key of the text ends ``"`` (whitespace) ``:``, and so does every key of the
    compact re-serialisation of ``value``, which has lost the duplicates. Inside strings the same
    pattern can only come from an escaped quote, which the re-serialisation writes the same way
    unless the text spelled it (or a colon, or a space) as a ``\\u`` escape; so a text without
    those escapes has a duplicate exactly when its count is larger. Any other text is parsed
    again with a pairs hook, which names the key.
    """
    if isinstance(value, dict | list) and not (b"\\u00" in data and any(h in data for h in _HIDING)):
        spaced = _QUOTE_SPACE.search(data) is not None
        in_text = len(_KEY_END.findall(data)) if spaced else data.count(b'":')
        try:
            out_text = orjson.dumps(value).count(b'":')
        except TypeError:  # a lone surrogate (the json module reads them; orjson writes none)
            out_text = -1
        if in_text == out_text:
            return
    elif not isinstance(value, dict | list):
        return
    _STRICT.decode(data.decode("utf-8", "surrogatepass"))


def loads_stored(data: bytes) -> object:
    """Bytes the store accepted earlier, read as they were then (before duplicate keys were
    refused, orjson kept the last): re-reading a stored hand must not change its verdict."""
    return orjson.loads(data)


def loads(data: bytes) -> object:
    """Strict JSON: UTF-8, no NaN or Infinity, no lone surrogates, at most 1024 levels deep, no
    duplicate keys (``DuplicateKey``, a ValueError like every other refusal)."""
    value = orjson.loads(data)
    check_unique_keys(data, value)
    return value


def _detail(err: BaseException) -> str:
    return "nested too deeply" if isinstance(err, RecursionError) else str(err)[:200]


def _unreadable(err: BaseException, prefix: str = "", line: int | None = None) -> Unreadable:
    detail = _detail(err)
    if isinstance(err, DuplicateKey):
        return Unreadable(f"{prefix}has a {detail}" if prefix else detail, line, detail, err.key)
    return Unreadable(f"{prefix}is not JSON: {detail}", line, detail)


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


def _skip(text: str, pos: int = 0) -> int:
    """The position after any JSON whitespace at ``pos``."""
    m = _WS.match(text, pos)
    return m.end() if m else pos


def _array_items(text: str, start: int, name: str, max_items: int | None = None) -> list[Item]:
    """Items of a top-level JSON array, each with the exact bytes it had in the input; the
    (``max_items`` + 1)th stops the split (``TooManyRecords``) before it is parsed."""
    items: list[Item] = []
    pos = _skip(text, start + 1)
    if pos < len(text) and text[pos] == "]":
        pos += 1
    else:
        while True:
            if max_items is not None and len(items) >= max_items:
                raise TooManyRecords(max_items)
            obj, end = _DECODER.raw_decode(text, pos)
            raw = text[pos:end].encode("utf-8", "surrogatepass")
            try:
                check_unique_keys(raw, obj)
            except DuplicateKey as err:  # well-formed, so only this item is refused
                obj = _unreadable(err)
            items.append(Item(obj, raw, f"{name}[{len(items)}]"))
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


def decode_json(data: bytes, name: str = "body", max_items: int | None = None) -> list[Item]:
    """A body that must be one JSON value: an array gives its items, anything else one item."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    stripped = data.strip(b" \t\r\n")
    try:
        if stripped[:1] != b"[":
            try:
                value = loads(stripped)
            except DuplicateKey as err:  # well-formed: one refused record, not a broken body
                value = _unreadable(err)
            return [Item(value, stripped, name)]
        text = stripped.decode("utf-8")
        return _array_items(text, 0, name, max_items)
    except TooManyRecords:
        raise
    except UnicodeDecodeError as err:
        raise BodyError(f"the body is not UTF-8: {err}") from None
    except DECODE_ERRORS as err:
        raise BodyError(f"the body is not valid JSON: {_detail(err)}") from None


def count_lines(data: bytes, limit: int) -> int:
    """How many NDJSON records ``data`` holds (lines with more than whitespace), counting no
    further than ``limit`` + 1: the check of a body's size in records costs nothing past it."""
    n = 0
    for _ in _RECORD_LINE.finditer(data):
        n += 1
        if n > limit:
            break
    return n


def iter_ndjson(data: bytes, name: str, scale: float = 0.0, first_line: int = 1) -> Iterator[Item]:
    """One record per non-blank line, lazily, so a big file's first batch can start before its
    last line is parsed; a bad line is an invalid item, the others still count. ``scale`` turns
    a line's length into its share of the file for progress bars; ``first_line`` numbers a slice
    of a file (the batch audit's parts) as the whole file would be numbered."""
    for n, line in enumerate(data.split(b"\n"), start=first_line):
        item = _ndjson_item(line, n, name, (len(line) + 1) * scale)
        if item is not None:
            yield item


def _ndjson_item(line: bytes, n: int, name: str, weight: float) -> Item | None:
    """Line ``n`` of an NDJSON file (without its ``\\n``): a record, an unreadable one, or None
    for a blank line."""
    raw = line.removesuffix(b"\r")
    if n == 1:
        raw = raw.removeprefix(b"\xef\xbb\xbf")
    if not raw.strip():
        return None
    try:
        obj = loads(raw)
    except DECODE_ERRORS as err:
        obj = _unreadable(err, f"line {n} ", n)
    return Item(obj, raw, f"{name}:{n}", weight)


def decode_ndjson(data: bytes, name: str = "body", max_items: int | None = None) -> list[Item]:
    """``iter_ndjson`` as a list; more than ``max_items`` records is ``TooManyRecords``, found by
    counting lines before any is parsed."""
    if max_items is not None and count_lines(data, max_items) > max_items:
        raise TooManyRecords(max_items)
    return list(iter_ndjson(data, name))


def decode_auto(data: bytes, name: str) -> list[Item]:
    """A file: one JSON value (an array gives its items) if it parses whole, else NDJSON."""
    return list(iter_auto(data, name))


def iter_auto(data: bytes, name: str, scale: float = 0.0) -> Iterable[Item]:
    """``decode_auto``, lazily for NDJSON (``scale`` as in ``iter_ndjson``).

    NDJSON fails the whole-value attempt at the end of its first line, so the attempt is cheap.
    """
    if data.strip(_LEADING):
        try:
            whole = decode_json(data, name)
        except BodyError:
            pass
        else:
            for item in whole:
                item.weight = len(data) * scale / len(whole)
            return whole
    return iter_ndjson(data, name, scale)


def read_paths(paths: Sequence[str]) -> Iterator[Iterable[Item]]:
    """Files (``.json``, ``.ndjson``, ``.gz``) and folders of them: the items of each file.

    Each item's ``weight`` is its share of the file's size on disk, so the weights of a file
    add up to its size (a progress bar over the inputs' total size).
    """
    for path in expand(list(paths)):
        try:
            size = path.stat().st_size
            if size > STREAM_FROM:
                streamed = _stream_ndjson(path)
                if streamed is not None:
                    yield streamed
                    continue
            data = path.read_bytes()
            if data[:2] == b"\x1f\x8b":
                data = gzip.decompress(data)
        except (OSError, EOFError, gzip.BadGzipFile, zlib.error) as err:
            yield [Item(Unreadable(f"cannot read {path}: {err}"), b"", str(path), 0.0)]
            continue
        yield iter_auto(data, str(path), size / max(len(data), 1))


#: files larger than this are read line by line when they are NDJSON, so a file of a million
#: hands is audited or ingested in constant memory (issue #15)
STREAM_FROM = 16 * 1024 * 1024
_READ_ERRORS = (OSError, EOFError, gzip.BadGzipFile, zlib.error)


def _stream_ndjson(path: Path) -> Iterator[Item] | None:
    """The items of an NDJSON file read line by line, or None if the file is not NDJSON.

    ``iter_auto`` reads a file as one JSON value if it parses whole, else as NDJSON. A file whose
    first non-blank line is a JSON value by itself and that has more after it cannot parse
    whole (a JSON value ends where it ends), so it is NDJSON: the same decision without reading
    the file. Anything else (one value, a pretty-printed one, not JSON at all) returns None and
    is read whole as before. A read error part-way becomes an unreadable item at its line.
    Item weights are bytes of the file on disk (compressed bytes for .gz), for progress bars.
    """
    raw = path.open("rb")
    gz = raw.read(2) == b"\x1f\x8b"
    raw.seek(0)
    stream = gzip.GzipFile(fileobj=raw) if gz else raw
    name = str(path)
    try:
        lines = iter(stream)
        head: list[bytes] = []
        first: bytes | None = None
        for line in lines:
            head.append(line)
            text = line.removeprefix(b"\xef\xbb\xbf") if len(head) == 1 else line
            if text.strip(b" \t\r\n"):
                first = text
                break
        if first is None:
            raise _NotNdjson
        try:
            decode_json(first, name)
        except BodyError:
            raise _NotNdjson from None
        more = next(lines, None)
        while more is not None and not more.strip(b" \t\r\n"):
            head.append(more)
            more = next(lines, None)
        if more is None:
            raise _NotNdjson
        head.append(more)
    except (_NotNdjson, *_READ_ERRORS):
        stream.close()
        raw.close()
        return None
    return _ndjson_stream(raw, stream, lines, head, name)


class _NotNdjson(Exception):
    pass


def _ndjson_stream(
    raw: Any, stream: Any, lines: Iterator[bytes], head: list[bytes], name: str
) -> Iterator[Item]:
    n = 0
    at = 0
    try:
        for chunk in (head, lines):
            for line in chunk:
                n += 1
                pos = raw.tell()
                item = _ndjson_item(line.removesuffix(b"\n"), n, name, float(pos - at))
                if item is not None:
                    at = pos
                    yield item
    except _READ_ERRORS as err:
        yield Item(Unreadable(f"cannot read {name} after line {n}: {err}"), b"", f"{name}:{n + 1}", 0.0)
    finally:
        stream.close()
        raw.close()


def iter_records(paths: Sequence[str]) -> Iterator[tuple[object, str]]:
    """``(decoded value or Unreadable, location)`` of every record in the files and folders."""
    for items in read_paths(paths):
        for item in items:
            assert item.location is not None
            yield item.obj, item.location


def decode(text: str, name: str) -> Iterator[tuple[object, str]]:
    """``(value, location)`` of the records in a text already read (``replay evaluate``, the
    upload page): the same decoding as a file's."""
    for item in iter_auto(text.encode("utf-8", "surrogatepass"), name):
        assert item.location is not None
        yield item.obj, item.location
