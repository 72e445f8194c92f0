"""Shared pytest configuration for the whole test suite (tests/web and tests/engine).

Tests are collected with ``--import-mode=importlib`` (see pyproject.toml), so test folders
need no ``__init__.py`` and may hold modules with the same base name.
"""
