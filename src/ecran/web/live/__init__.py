"""Live play: the hub that fans a table's events out to its connections (`hub`), the WebSocket
endpoint (`socket`), what a client may send on it (`messages`), and the Redis bridge that shares
events between workers (`bridge`, imported only when `ECRAN_REDIS_URL` is set)."""

from ecran.web.live.hub import Connection, Hub, hub
from ecran.web.live.socket import router

__all__ = ["Connection", "Hub", "hub", "router"]
