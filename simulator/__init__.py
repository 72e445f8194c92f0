"""Django project for the chain simulator: turns HTTP and WebSocket traffic into engine actions."""
