"""The web board: ``mtg serve`` (docs/WEB.md). A Starlette app with a WebSocket per seat; games
kept in SQLite; each client sent only its seat's view (``agents.view``). Needs the ``web`` extra."""
