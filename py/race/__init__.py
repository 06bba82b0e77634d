"""Race rooms on the shared Link-up board: the pure logic (rooms.py) and the server (server.py)."""
