"""The one decoder of hand records: JSON, NDJSON, gzip, files and folders of them.

``replay audit``, ``replay evaluate``, ``replay ingest``, the HTTP uploads, tools and admin
bodies, the upload page and the batch audit all read their inputs here, so a file means the same
records with the same locations and the same errors wherever it is sent. Every record keeps where it came from
(``path:line``, ``path[i]``, or the file name for a file that is one value) and its exact bytes
(the store keeps them as received). A line that is not JSON becomes an error for that line, not
the end; NDJSON lines are cut at ``\\n`` only (a JSON string may hold U+2028 and the like).

JSON is strict: UTF-8, no NaN or Infinity (nor numbers too large for a float), no lone surrogates, at
most 1024 levels deep (orjson, which also makes ingest fast), and no object with the same key twice
(parsers disagree on which one counts: the store and DuckDB must read what the audit read); the
items of a top-level array go through the json module's ``raw_decode`` for their spans, with the
same refusals (a lone surrogate, which that module reads, is found and refused per item, naming
its field: ``LoneSurrogate``, ``Unreadable.field``).

A caller that answers strangers bounds the work before it starts: ``max_items`` stops the split
of a body at the first record past the limit (``TooManyRecords``), before anything is validated.
Files are read within ``Limits`` (the command line's ``--max-bytes`` and ``--max-records``): in
chunks, whatever they are (a pipe, ``/dev/zero``, a gzip bomb), never past the bound.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

SUFFIXES = (".json", ".ndjson", ".jsonl", ".gz")
_BOM = b"\xef\xbb\xbf"
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
        self,
        message: str,
        line: int | None = None,
        detail: str = "",
        key: str | None = None,
        field: str = "",
    ) -> None:
        self.message = message
        self.line = line
        self.detail = detail
        #: the key an object held twice, when that is why (well-formed JSON, refused)
        self.key = key
        #: the field to blame when the reader can say (a lone surrogate's path), else ""
        self.field = field


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


class LoneSurrogate(ValueError):
    """A ``\\ud800``-style escape with no partner: JSON allows the spelling, but the text is not
    Unicode (no UTF-8 encoder, DuckDB's included, can write it), so the record is refused, naming
    the field that holds it (a key is named by its own escaped spelling)."""

    def __init__(self, field: str, in_key: bool) -> None:
        what = "a key" if in_key else "a string"
        super().__init__(f"a lone surrogate escape (\\ud800-\\udfff) in {what}: not valid Unicode")
        self.field = field


@dataclass(frozen=True)
class Limits:
    """What one command may read of one input file: the most bytes held at once (a file read
    whole, what a gzip inflates to when read whole, one NDJSON line) and the most records.

    The server's bounds per request (``--max-body``, ``--max-records``) for the command line's
    files: ``max_bytes`` defaults to the server's ``--max-body``; NDJSON past it is streamed line
    by line (constant memory), so ``max_records`` bounds a file's time, not its memory.
    """

    max_bytes: int = 32 * 1024 * 1024
    max_records: int = 1_000_000


DEFAULT_LIMITS = Limits()


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


#: A ``\\u`` escape of a surrogate (``\\ud800``-``\\udfff``): the only way JSON text that is
#: valid UTF-8 can spell one. A match may be an escaped backslash before ``ud800`` or half of a
#: valid pair; ``surrogate_path`` on the decoded value then decides.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _spelled(text: str) -> str:
    """A text that may hold lone surrogates, as printable ASCII (``\\ud800``) for an error."""
    return text.encode("ascii", "backslashreplace").decode("ascii")[:80]


def surrogate_path(value: object, path: str = "") -> tuple[str, bool] | None:
    """Where the first lone surrogate sits in a decoded value, and whether it is in a key (the
    key is then named by its escaped spelling); None when the value is valid Unicode."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path, False
        return None
    if isinstance(value, Mapping):
        for k, v in value.items():
            here = f"{path}.{_spelled(k)}" if path else _spelled(k)
            if surrogate_path(k) is not None:
                return here, True
            found = surrogate_path(v, here)
            if found is not None:
                return found
    if isinstance(value, list):
        for i, v in enumerate(value):
            found = surrogate_path(v, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def check_surrogates(data: bytes, value: object) -> None:
    """Raise ``LoneSurrogate`` if ``value`` (the json module's parse of ``data``) holds one: the
    escape search costs one regex pass, the walk runs only when an escape is there."""
    if _SURROGATE_ESCAPE.search(data) is not None:
        found = surrogate_path(value)
        if found is not None:
            raise LoneSurrogate(*found)


def loads(data: bytes) -> object:
    """Strict JSON: UTF-8, no NaN or Infinity, no lone surrogates (``LoneSurrogate``, naming the
    field), at most 1024 levels deep, no duplicate keys (``DuplicateKey``, a ValueError like every
    other refusal)."""
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:
        if _SURROGATE_ESCAPE.search(data) is not None:
            _name_the_surrogate(data)
        raise
    check_unique_keys(data, value)
    return value


def _name_the_surrogate(data: bytes) -> None:
    """orjson refuses a lone surrogate without saying where: the json module reads it, so the
    field can be named (``LoneSurrogate``). Returns if the text has another fault."""
    try:
        value = _STRICT.decode(data.decode("utf-8"))
    except (*DECODE_ERRORS, UnicodeDecodeError):
        return
    check_surrogates(data, value)


def _detail(err: BaseException) -> str:
    return "nested too deeply" if isinstance(err, RecursionError) else str(err)[:200]


def _unreadable(err: BaseException, prefix: str = "", line: int | None = None) -> Unreadable:
    detail = _detail(err)
    if isinstance(err, DuplicateKey):
        return Unreadable(f"{prefix}has a {detail}" if prefix else detail, line, detail, err.key)
    if isinstance(err, LoneSurrogate):
        return Unreadable(f"{prefix}has {detail}" if prefix else detail, line, detail, field=err.field)
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
                check_surrogates(raw, obj)
                check_unique_keys(raw, obj)
            except (DuplicateKey, LoneSurrogate) as err:  # well-formed: only this item is refused
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
            except (DuplicateKey, LoneSurrogate) as err:  # well-formed: one refused record
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


def iter_auto(
    data: bytes, name: str, scale: float = 0.0, max_items: int | None = None, max_lines: bool = True
) -> Iterable[Item]:
    """``decode_auto``, lazily for NDJSON (``scale`` as in ``iter_ndjson``).

    NDJSON fails the whole-value attempt at the end of its first line, so the attempt is cheap.
    More than ``max_items`` records is ``TooManyRecords`` before any is parsed past the bound
    (an array's items as they are split; NDJSON lines counted first unless ``max_lines`` is
    False: a file's reader then stops its lazy lines at the bound itself).
    """
    if data.strip(_LEADING):
        try:
            whole = decode_json(data, name, max_items)
        except TooManyRecords:
            raise
        except BodyError:
            pass
        else:
            for item in whole:
                item.weight = len(data) * scale / len(whole)
            return whole
    if max_items is not None and max_lines and count_lines(data, max_items) > max_items:
        raise TooManyRecords(max_items)
    return iter_ndjson(data, name, scale)


def read_paths(paths: Sequence[str], limits: Limits = DEFAULT_LIMITS) -> Iterator[Iterable[Item]]:
    """Files (``.json``, ``.ndjson``, ``.gz``) and folders of them: the items of each file.

    Each item's ``weight`` is its share of the file's size on disk, so the weights of a file
    add up to its size (a progress bar over the inputs' total size). Every read is bounded by
    ``limits``, whatever the file is (a pipe, ``/dev/zero``, a gzip bomb): a bound reached is an
    unreadable item that names it and how to raise it, after the records read before it.
    """
    for path in expand(list(paths)):
        yield _at_most(_read_file(path, limits), limits.max_records, str(path))


#: files larger than this are read line by line when they are NDJSON, so a file of a million
#: hands is audited or ingested in constant memory (issue #15)
STREAM_FROM = 16 * 1024 * 1024
_READ_ERRORS = (OSError, EOFError, gzip.BadGzipFile, zlib.error)
_CHUNK = 1024 * 1024


def _cannot_read(name: str, err: BaseException) -> list[Item]:
    return [Item(Unreadable(f"cannot read {name}: {err}"), b"", name, 0.0)]


def _read_file(path: Path, limits: Limits) -> Iterable[Item]:
    """One file's items. A big file on disk is streamed if it is NDJSON; anything else is read
    in chunks up to ``max_bytes`` (gzip inflated to at most that): within it, decoded whole;
    past it, streamed if NDJSON (a pipe, a gzip that inflates past it), else refused."""
    name = str(path)
    try:
        raw = path.open("rb")
    except OSError as err:
        return _cannot_read(name, err)
    stream: Any = raw
    try:
        size = os.fstat(raw.fileno()).st_size  # 0 for a pipe or a device
        if size > STREAM_FROM:
            stream = _decompressed(raw)
            streamed = _stream_ndjson(raw, stream, b"", name, limits.max_bytes)
            if streamed is not None:
                return streamed
            if stream is not raw:
                stream.close()
            raw.seek(0)
        stream = _decompressed(raw)
        head = read_upto(stream, limits.max_bytes + 1)
        if len(head) <= limits.max_bytes:
            stream.close()
            raw.close()
            scale = size / max(len(head), 1)
            try:
                return iter_auto(head, name, scale, limits.max_records, max_lines=False)
            except TooManyRecords:  # a JSON array: refused whole, as the server refuses a body
                message = (
                    f"{name} is a JSON array of more than {limits.max_records} records, the bound"
                    " --max-records: raise --max-records, or send NDJSON (read up to the bound)"
                )
                return [Item(Unreadable(message), b"", name, float(size))]
        streamed = _stream_ndjson(raw, stream, head, name, limits.max_bytes)
        if streamed is not None:
            return streamed
        message = (
            f"{name} is over --max-bytes ({limits.max_bytes} bytes) and is not NDJSON: one JSON"
            " value must fit in --max-bytes (raise it to read the file whole), or send NDJSON"
        )
        result = [Item(Unreadable(message), b"", name, float(size))]
    except _READ_ERRORS as err:
        result = _cannot_read(name, err)
    stream.close()
    raw.close()
    return result


def _decompressed(raw: Any) -> Any:
    """``raw`` itself, or a gzip reader over it (by the magic bytes; peeked, so a pipe works)."""
    return gzip.GzipFile(fileobj=raw, mode="rb") if raw.peek(2)[:2] == b"\x1f\x8b" else raw


def read_upto(stream: Any, n: int) -> bytes:
    """At most ``n`` bytes, read in chunks: a device or a gzip bomb costs ``n`` and no more."""
    chunks: list[bytes] = []
    total = 0
    while total < n:
        chunk = stream.read(min(_CHUNK, n - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def _at_most(items: Iterable[Item], limit: int, name: str) -> Iterator[Item]:
    """``items`` up to ``limit``; a record past it ends the file with an item naming the bound."""
    it = iter(items)
    try:
        for n, item in enumerate(it):
            if n == limit:
                message = (
                    f"{name} holds more than {limit} records, the bound --max-records: the rest is"
                    " not read; raise --max-records or split the file"
                )
                yield Item(Unreadable(message), b"", item.location, 0.0)
                return
            yield item
    finally:
        close = getattr(it, "close", None)
        if close is not None:
            close()


class _LineTooLong(Exception):
    def __init__(self, line: int) -> None:
        super().__init__(line)
        self.line = line


#: An NDJSON line with more than whitespace on it (what ``_ndjson_item`` does not skip).
_FILLED_LINE = re.compile(rb"^[ \t\r\v\f]*[^ \t\r\n\v\f][^\n]*", re.MULTILINE)


def _filled_lines(head: bytes, stream: Any, limit: int) -> Iterator[tuple[int, bytes]]:
    """``(line number, line without its \\n)`` of every non-blank line of ``head`` and then of
    ``stream``, which continues it, read in chunks: blank lines cost a byte count, not an object
    each (300 MiB of newlines is a second's work), and a line of more than ``limit`` bytes raises
    ``_LineTooLong`` once that many are read (``/dev/zero`` has no end of line)."""
    n = 1  # the number of the line ``buf`` starts on
    buf = head
    del head
    while True:
        chunk = stream.read(_CHUNK)
        if chunk:
            buf += chunk
            cut = buf.rfind(b"\n") + 1
        else:
            cut = len(buf)  # the end of the file ends the last line
        at = 0
        for m in _FILLED_LINE.finditer(buf, 0, cut):
            if m.end() - m.start() > limit:
                raise _LineTooLong(n + buf.count(b"\n", at, m.start()))
            n += buf.count(b"\n", at, m.start())
            at = m.start()
            yield n, m.group()
        n += buf.count(b"\n", at, cut)
        buf = buf[cut:]
        if len(buf) > limit:
            raise _LineTooLong(n)
        if not chunk:
            return


def _tell(raw: Any) -> int:
    """Where ``raw`` is (compressed bytes for a gzip), or 0 for a pipe (no progress there)."""
    return int(raw.tell()) if raw.seekable() else 0


def _stream_ndjson(raw: Any, stream: Any, head: bytes, name: str, limit: int) -> Iterator[Item] | None:
    """The items of an NDJSON file read line by line, or None if the file is not NDJSON.

    ``iter_auto`` reads a file as one JSON value if it parses whole, else as NDJSON. A file whose
    first non-blank line is a JSON value by itself and that has more after it cannot parse
    whole (a JSON value ends where it ends), so it is NDJSON: the same decision without reading
    the file. Anything else (one value, a pretty-printed one, not JSON at all) returns None and
    is read whole as before. ``head``: bytes already read from ``stream`` (a pipe cannot seek).
    A read error part-way becomes an unreadable item at its line, and so does a line over
    ``limit`` bytes (which ends the file: its end may never come, as in ``/dev/zero``).
    Item weights are bytes of the file on disk (compressed bytes for .gz), for progress bars.
    """
    lines = _filled_lines(head, stream, limit)
    del head
    try:
        first = next(lines, None)
        if first is not None and first[0] == 1 and not first[1].removeprefix(_BOM).strip():
            first = next(lines, None)  # a line holding only the byte-order mark is blank
        if first is None:
            raise _NotNdjson
        try:
            decode_json(first[1].removeprefix(_BOM) if first[0] == 1 else first[1], name)
        except BodyError:
            raise _NotNdjson from None
        second = next(lines, None)
        if second is None:
            raise _NotNdjson
    except (_NotNdjson, _LineTooLong, *_READ_ERRORS):
        return None
    return _ndjson_stream(raw, stream, lines, [first, second], name, limit)


class _NotNdjson(Exception):
    pass


def _ndjson_stream(
    raw: Any,
    stream: Any,
    lines: Iterator[tuple[int, bytes]],
    head: list[tuple[int, bytes]],
    name: str,
    limit: int,
) -> Iterator[Item]:
    n = 0
    at = 0
    try:
        for chunk in (head, lines):
            for n, line in chunk:
                pos = _tell(raw)
                item = _ndjson_item(line, n, name, float(pos - at))
                if item is not None:
                    at = pos
                    yield item
    except _READ_ERRORS as err:
        yield Item(Unreadable(f"cannot read {name} after line {n}: {err}"), b"", f"{name}:{n + 1}", 0.0)
    except _LineTooLong as err:
        message = (
            f"line {err.line} of {name} is over --max-bytes ({limit} bytes): the rest of the file is"
            " not read; raise --max-bytes or fix the file"
        )
        yield Item(Unreadable(message, err.line), b"", f"{name}:{err.line}", 0.0)
    finally:
        if stream is not raw:
            stream.close()
        raw.close()


def iter_records(paths: Sequence[str]) -> Iterator[tuple[object, str]]:
    """``(decoded value or Unreadable, location)`` of every record in the files and folders."""
    for items in read_paths(paths):
        for item in items:
            assert item.location is not None
            yield item.obj, item.location


def decode(text: str, name: str, max_items: int | None = None) -> Iterator[tuple[object, str]]:
    """``(value, location)`` of the records in a text already read (``replay evaluate``, the
    upload page): the same decoding as a file's; more than ``max_items`` is ``TooManyRecords``."""
    for item in iter_auto(text.encode("utf-8", "surrogatepass"), name, max_items=max_items):
        assert item.location is not None
        yield item.obj, item.location
