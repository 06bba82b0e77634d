"""The learner's code in a shared link: packed into the URL's fragment (``#code=…``), which a
browser never sends to a server, so no link is refused for its length by the server that serves
the page. This module is the format's reference (pure: ``zlib`` in CPython, ``deflate`` in
MicroPython); the page packs and unpacks with the browser's CompressionStream in the editor's
bundle (``static/src/code-editor.mjs``: MicroPython's deflate took half a second for 8,686
characters on the main thread), and the tests hold the two to one format.

A packed code is ``1.`` (the format's version) then the URL-safe base64 (no padding) of four
bytes, the CRC-32 of the code's UTF-8, and the raw deflate stream of that UTF-8. Unpacking
refuses anything else with a :class:`LinkError` (``damaged``), a code longer than
:data:`MAX_CODE` characters with ``too_long`` (and its length), so a damaged or cut link is said,
never half opened.
"""

import binascii

try:
    import io

    import deflate  # MicroPython

    def _pack(data: bytes) -> bytes:
        out = io.BytesIO()
        d = deflate.DeflateIO(out, deflate.RAW, 15)
        d.write(data)
        d.close()
        return out.getvalue()

    def _unpack(data: bytes, limit: int) -> bytes:
        return deflate.DeflateIO(io.BytesIO(data), deflate.RAW, 15).read(limit)

    _ERRORS = (ValueError, OSError, EOFError)

except ImportError:  # CPython
    import zlib

    _ERRORS = (ValueError, OSError, EOFError, zlib.error)

    def _pack(data: bytes) -> bytes:
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        return c.compress(data) + c.flush()

    def _unpack(data: bytes, limit: int) -> bytes:
        d = zlib.decompressobj(-15)
        out = d.decompress(data, limit)
        if not d.eof and len(out) < limit:
            raise ValueError(DAMAGED)  # cut short
        return out


VERSION = "1."
MAX_CODE = 20000  # characters of code a link carries (the panel keeps as many)
MAX_PACKED = 200000  # characters of a packed code looked at, at most
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"  # URL-safe base64


DAMAGED, TOO_LONG = "damaged", "too_long"  # why a link's code cannot be opened (not messages' codes)


class LinkError(ValueError):
    """Why a link's code cannot be opened: ``args[0]`` is ``"damaged"`` or ``"too_long"``
    (then ``args[1]`` is the code's length, or more than :data:`MAX_CODE`)."""


def _b64(data: bytes) -> str:
    text = binascii.b2a_base64(data).decode().strip()
    return text.replace("+", "-").replace("/", "_").replace("=", "")


def _unb64(text: str) -> bytes:
    text = text.replace("-", "+").replace("_", "/")
    return binascii.a2b_base64((text + "=" * (-len(text) % 4)).encode())


def pack(code: str) -> str:
    """``code`` as a link's fragment value (see the module's docstring)."""
    data = code.encode()
    crc = binascii.crc32(data) & 0xFFFFFFFF
    head = bytes([(crc >> 24) & 255, (crc >> 16) & 255, (crc >> 8) & 255, crc & 255])
    return VERSION + _b64(head + _pack(data))


def unpack(value: str) -> str:
    """The code a fragment value holds; a :class:`LinkError` when it is damaged, cut or too long."""
    if len(value) > MAX_PACKED or not value.startswith(VERSION):
        raise LinkError(DAMAGED)
    body = value[len(VERSION):]
    for ch in body:
        if ch not in ALPHABET:
            raise LinkError(DAMAGED)
    try:
        raw = _unb64(body)
    except (ValueError, TypeError):
        raise LinkError(DAMAGED) from None
    if len(raw) < 5:
        raise LinkError(DAMAGED)
    limit = MAX_CODE * 4 + 1  # UTF-8 bytes of MAX_CODE characters at most, and one more
    try:
        data = _unpack(raw[4:], limit)
    except _ERRORS:
        raise LinkError(DAMAGED) from None
    crc = (raw[0] << 24) | (raw[1] << 16) | (raw[2] << 8) | raw[3]
    if len(data) >= limit:
        raise LinkError(TOO_LONG, MAX_CODE + 1)
    if binascii.crc32(data) & 0xFFFFFFFF != crc:
        raise LinkError(DAMAGED)
    try:
        code = data.decode()
    except UnicodeError:
        raise LinkError(DAMAGED) from None
    if len(code) > MAX_CODE:
        raise LinkError(TOO_LONG, len(code))
    return code
