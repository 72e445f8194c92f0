"""How large a request's head (its request line and its header fields) may be, for every
server that receives one: a longer address is answered 414 (URI Too Long), a longer header
field, too many of them or too large a head 431 (Request Header Fields Too Large), by the
server itself, before the site reads a byte of it.

The longest address the site makes is a snapshot link's (engine.links.MAX_LINK: 16,000
characters, with ``/s/``, ``/chain.png`` and a step's ``?at=&frame=`` around it), and a page
opened from one sends it back in its requests' ``Referer`` and ``HX-Current-URL`` headers:
:data:`MAX_LINE` leaves room for both, and :data:`MAX_HEAD` for several such fields at once.

Each server, and why it needs help:

* nginx (``make serve``'s proxy, deploy/nginx.conf): ``large_client_header_buffers 4 18k``
  answers 414 itself; a header field too large is its own code 494, sent as 400 unless an
  ``error_page`` names the answer (431 there).
* uvicorn (``make serve``'s workers): httptools, which uvicorn picks, bounds neither the
  address nor a header field (a 1 MB header was read whole and served); h11 bounds only an
  event still incomplete when a read ends (``--h11-max-incomplete-event-size``), so a large
  head read at once passes, and both answer 400. :mod:`simulator.uvicorn_http` is uvicorn's
  httptools protocol counting the head as it arrives (``--http
  simulator.uvicorn_http:HttpProtocol``).
* Daphne (``make run``: ``manage.py runserver``, Daphne's): Twisted's HTTP channel closed
  the connection without a word on a line over 16 KB, and answered 400 to a head over 16 KB
  (so a long snapshot link's ``Referer`` with its ``HX-Current-URL`` failed), or with more
  than 500 fields. :mod:`simulator.daphne_http` is its channel with these limits, which the
  site's ``runserver`` command (simulator/management/commands) serves with.

After refusing, a server stops reading the request but does not close at once: it sends its
answer, ends its side of the connection and discards what still arrives for up to
:data:`LINGER` seconds (or :data:`LINGER_BYTES`), so the answer is read before the socket is
closed (closing with unread data resets the connection, and the answer is lost).
"""

from __future__ import annotations

#: bytes in the request line, and in any one header field line
MAX_LINE = 18 * 1024
#: bytes in the whole head: the request line, every header field and their line ends
MAX_HEAD = 4 * MAX_LINE
#: header fields in one request
MAX_FIELDS = 200
#: after a refusal, how long (seconds) and how much (bytes) of the rest is read and dropped
LINGER = 2.0
LINGER_BYTES = 4 * 1024 * 1024

_REASONS = {414: b"URI Too Long", 431: b"Request Header Fields Too Large"}
_TEXTS = {
    414: f"The address is longer than {MAX_LINE} bytes.\n",
    431: f"The request's header fields are too large: at most {MAX_FIELDS} fields, each "
         f"line at most {MAX_LINE} bytes, {MAX_HEAD} bytes in all.\n",
}


def refusal(status: int) -> bytes:
    """The whole answer a server sends for a head refused with ``status`` (414 or 431)."""
    body = _TEXTS[status].encode()
    return b"".join([
        b"HTTP/1.1 %d %s\r\n" % (status, _REASONS[status]),
        b"content-type: text/plain; charset=utf-8\r\n",
        b"content-length: %d\r\n" % len(body),
        b"connection: close\r\n\r\n", body])
