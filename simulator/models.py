"""Database models for the chain simulator (none yet)."""
