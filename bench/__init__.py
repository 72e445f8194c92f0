"""Benchmarks for the chain simulator; run with `python -m bench` (or `make bench`)."""
