"""Live play: the hub that fans a table's events out to its connections (`hub`), the WebSocket
endpoint (`socket`) and what a client may send on it (`messages`)."""

from ecran.web.live.hub import Connection, Hub, hub
from ecran.web.live.socket import router

__all__ = ["Connection", "Hub", "hub", "router"]
