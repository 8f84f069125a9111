"""The web table: JSON API, server-rendered pages, one WebSocket per table. Contains no rule."""
