"""Every file the app reads is hostile input: one hardened way in (issue 22).

`read_json(path, limit)` is the only way the app reads a JSON file of its data
folder (saves, settings.json, continue.json, tutorial.json, the lock file and
any file added later). It opens without following a link (O_NOFOLLOW where the
OS has it, an lstat check elsewhere), refuses anything but a regular file, reads
at most `limit` bytes, and parses with hard limits: nesting depth, the length of
an integer, no NaN / Infinity (Python's json reads them by default) and no float
that overflows to infinity. Whatever is wrong comes back as `UnsafeFile` (a
ValueError with a short English sentence for the log) or OSError; nothing else.

`set_aside(path)` renames a file the app cannot use out of the way (never
deletes it), and `shown(path_or_text)` makes any path printable: a folder name
with an undecodable byte, or any non-ASCII name under LC_ALL=POSIX, must never
reach a font, a log file or a terminal as a lone surrogate.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import unicodedata
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

MAX_DEPTH = 64  # our deepest file (a save with a bot's nested reason) is ~12 deep
MAX_INT_DIGITS = 40  # card ids, seeds, money: 20 digits at most; 5,000 is an attack
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)
BINARY = getattr(os, "O_BINARY", 0)


class UnsafeFile(ValueError):
    """A file we will not use as it is; `str()` says why in a short sentence."""


# --- printable paths ----------------------------------------------------------------


def shown(value: object, limit: int = 300) -> str:
    """`value` (a path or any text) as text that any font, log or terminal takes:
    undecodable bytes (lone surrogates) as \\xNN, control characters as "?", and
    at most `limit` characters. The one helper for every path shown or logged."""
    if isinstance(value, bytes):
        text = value.decode("utf-8", "backslashreplace")
    elif isinstance(value, os.PathLike):
        text = os.fsdecode(os.fspath(value))
    else:
        text = str(value)
    if not text.isascii() or not text.isprintable():
        out = []
        for ch in text:
            cat = unicodedata.category(ch)
            if cat == "Cs":  # a byte the file system name could not decode
                code = ord(ch)
                out.append(f"\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else "?")
            elif cat[0] == "C":
                out.append("?")
            else:
                out.append(ch)
        text = "".join(out)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- opening without following links ------------------------------------------------


class LinkRefused(OSError):
    """A link where a file or folder of the data folder should be."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.ELOOP, "a link, not a file: Noirburg does not follow links")
        self.filename = shown(path)


def is_link(path: Path) -> bool:
    """A symbolic link (or, on Windows, any reparse point: junctions too)."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    if stat.S_ISLNK(st.st_mode):
        return True
    attrs = getattr(st, "st_file_attributes", 0)
    return bool(attrs & getattr(stat, "FILE_ATTRIBUTE_REPARSE_POINT", 0))


def open_nofollow(path: Path, flags: int, mode: int = 0o644) -> int:
    """`os.open` that never follows a link in the last part of `path`: O_NOFOLLOW
    where it exists, else (Windows) an lstat check first. A link raises LinkRefused."""
    if not NOFOLLOW and is_link(path):
        raise LinkRefused(path)
    try:
        return os.open(path, flags | NOFOLLOW | CLOEXEC | BINARY, mode)
    except OSError as exc:
        # O_NOFOLLOW on a link: ELOOP (Linux), EMLINK (FreeBSD), EFTYPE (NetBSD)
        if NOFOLLOW and exc.errno in (errno.ELOOP, errno.EMLINK, 79) and is_link(path):
            raise LinkRefused(path) from None
        raise


def read_regular_file(path: Path, limit: int) -> bytes:
    """At most `limit` + 1 bytes of `path`, which must be a regular file and not a link.

    A FIFO or a device named like a save or settings.json would block or never
    end: the file is opened without blocking and refused unless fstat calls it
    regular; OSError (with an explanation) for anything else."""
    fd = open_nofollow(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "not a regular file")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


# --- parsing with limits --------------------------------------------------------------

_KEEP = b'"[]{}'
_DROP = bytes(b for b in range(256) if b not in _KEEP)
_STRING = re.compile(rb'"[^"]*"')


def nesting(raw: bytes, limit: int = MAX_DEPTH) -> int:
    """How deep the arrays and objects of the JSON text `raw` nest (brackets inside
    strings do not count); stops counting past `limit`. Runs at C speed: a 20 MB
    save takes a fraction of a second, a 100,000-deep bomb as long as its size."""
    # escaped backslashes, then escaped quotes, go first: every quote left opens or
    # closes a string, so the strings (and any brackets in them) can be cut out
    r = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _DROP)
    # two quotes side by side (an empty string, or the end of one and the start of the
    # next) go first: every quote left keeps its place in the pairing, so the strings
    # are the same ones, and the regex has far less to do (a 17 MB save: 0.3 s less)
    r = _STRING.sub(b"", r.replace(b'""', b""))
    depth = 0
    while r and depth <= limit:
        shorter = r.replace(b"[]", b"").replace(b"{}", b"")
        if len(shorter) == len(r):
            break  # unbalanced: the parser says what is wrong
        r, depth = shorter, depth + 1
    return depth


def _no_constant(name: str) -> Any:
    raise UnsafeFile(f"the number {name} is not allowed")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UnsafeFile("a number too large to be finite")
    return value


def _bounded_int(text: str) -> int:
    if len(text) > MAX_INT_DIGITS + 1:
        raise UnsafeFile(f"a number of {len(text)} digits")
    return int(text)


_DECODER = json.JSONDecoder(
    parse_constant=_no_constant, parse_float=_finite_float, parse_int=_bounded_int
)
# Without a long run of digits anywhere in the text (inside strings too) every integer
# is short enough for int() itself: the C parser reads them, not _bounded_int.
_FAST_DECODER = json.JSONDecoder(parse_constant=_no_constant, parse_float=_finite_float)
_DIGITS_ONLY = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))  # digit -> "0"
_LONG_DIGITS = b"0" * (MAX_INT_DIGITS + 1)


def _text(raw: bytes | str) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8-sig")  # a BOM from a Windows editor is fine
    except UnicodeDecodeError:
        raise UnsafeFile("the file is not UTF-8 text") from None


def loads(raw: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON with the limits above; UnsafeFile says what is wrong."""
    data = raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")
    if nesting(data, max_depth) > max_depth:
        raise UnsafeFile(f"nested more than {max_depth} deep")
    text = _text(raw)
    long_digits = _LONG_DIGITS in data.translate(_DIGITS_ONLY)  # C speed, unlike a regex
    decoder = _DECODER if long_digits else _FAST_DECODER
    try:
        return decoder.decode(text)
    except UnsafeFile:
        raise
    except (ValueError, RecursionError, OverflowError) as exc:
        detail = exc.msg if isinstance(exc, json.JSONDecodeError) else type(exc).__name__
        raise UnsafeFile(f"not valid JSON ({detail})") from None


def raw_decode(text: str, start: int) -> tuple[Any, int]:
    """One JSON value at `text[start:]` with the same limits; (value, end index).
    For short texts only (a save's header, 16 KB at most): the caller bounds the
    length, so the parser's own recursion guard holds until the depth is checked."""
    try:
        value, end = _DECODER.raw_decode(text, start)
    except UnsafeFile:
        raise
    except (ValueError, RecursionError, OverflowError) as exc:
        raise UnsafeFile(f"not valid JSON ({type(exc).__name__})") from None
    if nesting(text[start:end].encode("utf-8", "surrogatepass"), MAX_DEPTH) > MAX_DEPTH:
        raise UnsafeFile(f"nested more than {MAX_DEPTH} deep")
    return value, end


def read_json(path: Path, limit: int) -> Any:
    """The JSON in `path` (a regular file, not a link, at most `limit` bytes).
    OSError when it cannot be read (FileNotFoundError when absent), UnsafeFile when
    it is not JSON we accept."""
    raw = read_regular_file(path, limit)
    if len(raw) > limit:
        raise UnsafeFile(f"larger than {limit // 1024} KB")
    if not raw.strip():
        raise UnsafeFile("the file is empty")
    return loads(raw)


def dumps(data: Any) -> str:
    """Compact JSON, UTF-8 text (what `read_json` reads back: no NaN, finite floats)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# --- setting a file aside ---------------------------------------------------------------


def set_aside(path: Path) -> Path | None:
    """Rename `path` to `<stem>.broken-<UTC stamp><suffix>` beside it (never delete it);
    the new path, or None when it cannot be renamed (it then stays where it is)."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 100):
        tail = f"-{n}" if n > 1 else ""
        target = path.with_name(f"{path.stem}.broken-{stamp}{tail}{path.suffix}")
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)  # the name was free a moment ago
        except OSError:
            return None
        return target
    return None
