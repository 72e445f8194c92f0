"""uvicorn's HTTP protocol (httptools) with a bounded request head (simulator.heads): an
address over MAX_LINE bytes is answered 414, a header field line over MAX_LINE, more than
MAX_FIELDS fields or a head over MAX_HEAD bytes 431, as the bytes arrive.

``make serve`` (and bench.servers) start uvicorn with ``--http
simulator.uvicorn_http:HttpProtocol``. httptools reports the address piece by piece as it is
parsed, but a header field only once it is whole (it keeps the part read so far): the bytes
of a head not yet complete are counted as they are read, so a field that never ends is
refused once the head passes MAX_HEAD (within one read of it).
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .heads import LINGER, LINGER_BYTES, MAX_FIELDS, MAX_HEAD, MAX_LINE, refusal


class _Refused(Exception):
    """Raised in a parser callback to stop the parser once the answer is sent."""


class HttpProtocol(HttpToolsProtocol):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._head: int | None = 0  # bytes of the head read so far; None in a body
        self._refused = False
        self._dropped = 0

    def data_received(self, data: bytes) -> None:
        if self._refused:  # the answer is sent: what still arrives is dropped
            self._dropped += len(data)
            if self._dropped > LINGER_BYTES:
                self.transport.close()
            return
        if self._head is not None:
            self._head += len(data)
        super().data_received(data)  # a refusal in a callback stops the parser (400 below)
        if not self._refused and self._head is not None and self._head > MAX_HEAD:
            self._refuse(431)

    def send_400_response(self, msg: str) -> None:
        if not self._refused:  # the parser stopped for another reason than a refusal
            super().send_400_response(msg)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._fields = 0

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        if len(self.url) > MAX_LINE:
            self._refuse(414)
            raise _Refused

    def on_header(self, name: bytes, value: bytes) -> None:
        self._fields += 1
        if len(name) + len(value) + 2 > MAX_LINE or self._fields > MAX_FIELDS:
            self._refuse(431)
            raise _Refused
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        size = len(self.url) + sum(len(name) + len(value) + 4 for name, value in self.headers)
        if size > MAX_HEAD:
            self._refuse(431)
            raise _Refused
        self._head = None
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._head = 0  # the next request's head starts
        super().on_message_complete()

    def _refuse(self, status: int) -> None:
        """Answer ``status``, end this side of the connection, close it after LINGER."""
        if self._refused:
            return
        self._refused = True
        self.transport.write(refusal(status))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER, self.transport.close)
