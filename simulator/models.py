"""Boards saved in the database: a duel's set-up and actions, with a version per action."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _


def new_slug() -> str:
    """A short, URL-safe, unguessable board id (about 60 bits)."""
    return secrets.token_urlsafe(8)


class Board(models.Model):
    """One live board. ``data`` is the engine's plain duel value (game, settings, set-up,
    actions, custom cards); the state is derived from it by replay."""

    slug = models.CharField(_("slug"), max_length=32, unique=True, default=new_slug)
    game = models.CharField(_("game"), max_length=20)
    title = models.CharField(_("title"), max_length=200, blank=True)
    scenario = models.CharField(_("built-in scenario"), max_length=200, blank=True)
    data = models.JSONField(_("duel"), default=dict)
    pending_steps = models.JSONField(_("scenario steps still to play"), default=list)
    auto = models.BooleanField(_("answer decisions automatically"), default=False)
    version = models.PositiveIntegerField(_("version"), default=0)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.title or self.slug

    @property
    def group_name(self) -> str:
        return f"board.{self.slug}"
