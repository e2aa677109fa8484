"""What a browser sends over the live connection, and what Flet's log says of it.

- :class:`SoundFrames` drops a WebSocket frame that Flet's session could not
  take (:func:`frame_fault`: a Flet client's messages only), counted, never
  a traceback in the log.
- :class:`GoneBrowserFilter` and :class:`OneLineReceiveErrors` keep Flet's
  reports of a browser gone or a message it could not take to one line or
  none.
"""

from __future__ import annotations

import dataclasses
import logging
from collections import Counter

import msgpack
from flet.messaging.protocol import (
    ControlEventBody,
    InvokeMethodResponseBody,
    MessageAction,
    RegisterClientRequestBody,
    UpdateControlPropsBody,
    decode_ext_from_msgpack,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnected

FRAME_LOG = logging.getLogger("companion.frames")
"""Where a dropped WebSocket frame is noted (at debug level, one line, no traceback)."""


class GoneBrowserFilter(logging.Filter):
    """Drops Flet's report of a session whose browser had already gone.

    When a browser closes its page while the server is sending to it, the
    send fails and the socket is marked closed; the session's receive loop
    then raises ``WebSocketDisconnected`` and Flet logs it as an error with
    a traceback, though nothing is lost (the same end as a browser that says
    goodbye, which Flet logs not at all). Every other record passes.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """False for a record carrying a ``WebSocketDisconnected``, else True."""
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, WebSocketDisconnected)


def _body_fields(body: type) -> tuple[frozenset[str], frozenset[str]]:
    """The fields a message body (one of Flet's protocol dataclasses) must have, and those it may have."""
    fields = dataclasses.fields(body)
    required = frozenset(field.name for field in fields
                         if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING)
    return required, frozenset(field.name for field in fields)


CLIENT_BODIES = {
    MessageAction.REGISTER_CLIENT.value: _body_fields(RegisterClientRequestBody),
    MessageAction.CONTROL_EVENT.value: _body_fields(ControlEventBody),
    MessageAction.UPDATE_CONTROL_PROPS.value: _body_fields(UpdateControlPropsBody),
    MessageAction.INVOKE_METHOD.value: _body_fields(InvokeMethodResponseBody),
}
"""The messages a Flet client sends the server, by action code: the fields each one's body must
have and those it may have."""

FLET_MESSAGE = 0x00
"""The first byte of a WebSocket frame that carries a Flet message (msgpack); 0x01 is a data channel's."""


def frame_fault(data: bytes, registered: bool) -> str | None:
    """What is wrong with a binary WebSocket frame from a Flet client (None: nothing), given whether
    the connection has registered: a Flet message must be msgpack of ``[action, body]`` with an
    action a client sends, its body a map with that action's fields (no others, every required one),
    and the first one ``REGISTER_CLIENT``. A data-channel frame, an empty one or one of another type
    is Flet's own to drop."""
    if not data or data[0] != FLET_MESSAGE:
        return None
    try:
        message = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
    except (ValueError, TypeError, msgpack.UnpackException, OverflowError):
        return "not msgpack"
    if not isinstance(message, list) or len(message) != 2 or not isinstance(message[1], dict):
        return "not [action, body]"
    fields = CLIENT_BODIES.get(message[0]) if type(message[0]) is int else None
    if fields is None:
        return "not a client's action"
    if not registered and message[0] != MessageAction.REGISTER_CLIENT.value:
        return "before registering"
    required, allowed = fields
    if not required <= message[1].keys() <= allowed:
        return "a body of another shape"
    return None


class SoundFrames:
    """ASGI middleware: a WebSocket frame that Flet's session could not take is dropped before it
    reaches it, counted in ``refused`` (by what was wrong), never logged with a traceback.

    Takes the app to wrap. Text frames (a Flet client sends binary ones only)
    and the binary frames :func:`frame_fault` finds fault with are dropped
    and the connection goes on with the next frame; every other message
    passes unchanged, as do page and lifespan messages.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.refused: Counter[str] = Counter()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request, filtering a WebSocket's incoming frames (see the class)."""
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        registered = False

        async def sound() -> Message:
            nonlocal registered
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    return message
                data = message.get("bytes")
                fault = "a text frame" if data is None else frame_fault(data, registered)
                if fault is None:
                    registered = registered or bool(data and data[0] == FLET_MESSAGE)
                    return message
                self.refused[fault] += 1
                FRAME_LOG.debug("Dropped a WebSocket frame from %s: %s", (scope.get("client") or ("?",))[0], fault)

        await self.app(scope, sound, send)


class OneLineReceiveErrors(logging.Filter):
    """Flet's report of a session's receive loop ended by an error, made one line: its traceback is
    left out, and the error counted in ``counted`` (by its type's name).

    What ends that loop is a message of the browser that Flet could not
    take (a reply naming a control the session does not have, say): the
    app's own code runs in tasks of their own, so the traceback would show
    only Flet's handling of a broken or hostile client. The frames of a
    shape Flet can not take at all never reach it (:class:`SoundFrames`).
    Run after :class:`GoneBrowserFilter`; every other record passes unchanged.
    """

    def __init__(self) -> None:
        super().__init__()
        self.counted: Counter[str] = Counter()

    def filter(self, record: logging.LogRecord) -> bool:
        """True; a receive loop's error record loses its traceback (see the class)."""
        if record.exc_info and record.getMessage().startswith("Receive loop error"):
            self.counted[type(record.exc_info[1]).__name__] += 1
            record.exc_info = record.exc_text = record.stack_info = None
        return True
