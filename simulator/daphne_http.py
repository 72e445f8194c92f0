"""Daphne's HTTP server with a bounded request head (simulator.heads): an address over
MAX_LINE bytes is answered 414, a header field line over MAX_LINE, more than MAX_FIELDS fields
or a head over MAX_HEAD bytes 431.

Daphne serves HTTP with Twisted's ``HTTPChannel``, whose limits (16 KB a line and a head, 500
fields) answer a line too long by closing the connection and the rest with a bare 400.
:class:`Channel` is that channel with the site's limits and answers; :class:`Server` is
Daphne's server whose HTTP factory builds it (the site's ``runserver`` command serves with
it: ``make run``, and the end-to-end tests).
"""

from __future__ import annotations

from daphne.server import Server as DaphneServer
from twisted.internet import reactor
from twisted.web.http import HTTPChannel, _GenericHTTPChannelProtocol

from .heads import LINGER, LINGER_BYTES, MAX_FIELDS, MAX_HEAD, MAX_LINE, refusal


class Channel(HTTPChannel):
    MAX_LENGTH = MAX_LINE  # Twisted's LineReceiver: the request line and each field line
    totalHeadersSize = MAX_HEAD
    maxHeaders = MAX_FIELDS
    _refused = False
    _dropped = 0

    def dataReceived(self, data: bytes) -> None:
        if self._refused:  # the answer is sent: what still arrives is dropped
            self._dropped += len(data)
            if self._dropped > LINGER_BYTES:
                self.transport.abortConnection()
            return
        super().dataReceived(data)

    def lineReceived(self, line: bytes):
        if self._refused:  # the lines read with the one refused
            return True
        if self._receivedHeaderSize + len(line) > self.totalHeadersSize:
            return self._refuse(431)
        return super().lineReceived(line)

    def headerReceived(self, line: bytes) -> bool:
        if self._refused or self._receivedHeaderCount >= self.maxHeaders:
            self._refuse(431)
            return False
        return super().headerReceived(line)

    def lineLengthExceeded(self, line: bytes):
        # nothing of this request counted yet: the line too long is its request line
        return self._refuse(414 if self._receivedHeaderSize == 0 else 431)

    def _refuse(self, status: int) -> bool:
        """Answer ``status``, end this side of the connection, close it after LINGER."""
        if self._refused:
            return True
        self._refused = True
        self.setTimeout(None)
        self.transport.write(refusal(status))
        self.transport.loseWriteConnection()
        reactor.callLater(LINGER, self.transport.abortConnection)
        return True  # Twisted's LineReceiver stops reading lines


class Server(DaphneServer):
    """Daphne's server; its HTTP factory's connections use :class:`Channel`."""

    @property
    def http_factory(self):
        return self._http_factory

    @http_factory.setter
    def http_factory(self, factory) -> None:  # Daphne's run() makes the factory
        factory.protocol = lambda: _GenericHTTPChannelProtocol(Channel())
        self._http_factory = factory
