"""Boards saved in the database: a duel's set-up and actions, with a version per action."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from .history import HistoryEncoder


def new_slug() -> str:
    """A short, URL-safe board id (about 60 bits): the view link."""
    return secrets.token_urlsafe(8)


def new_key() -> str:
    """An unguessable key (192 bits) for edit and seat links."""
    return secrets.token_urlsafe(24)


class Board(models.Model):
    """One live board. ``data`` is the engine's plain duel value (game, settings, set-up,
    actions, custom cards); the state is derived from it by replay.

    A board opened from a scenario keeps the scenario's question and explanation, its number
    of steps and the steps still to play. ``script_left`` is empty while the board follows
    those steps; once someone acts otherwise it holds ``{"step": k, "how": ..., "reason":
    ..., "actions": [...]}``: the number of the step that was next, how the board left
    (``answer``, ``action``, ``undo`` or ``failed``) and the actions to go back to.

    ``rules_version`` and ``outcome``: the engine's rules version (engine.versions) when the
    board was last changed, and how its history ended then; a board made before versions were
    recorded has version 0 and no outcome."""

    slug = models.CharField(_("slug"), max_length=32, unique=True, default=new_slug)
    game = models.CharField(_("game"), max_length=20)
    title = models.CharField(_("title"), max_length=200, blank=True)
    scenario = models.CharField(_("built-in scenario"), max_length=200, blank=True)
    data = models.JSONField(_("duel"), default=dict, encoder=HistoryEncoder)
    pending_steps = models.JSONField(_("scenario steps still to play"), default=list)
    question = models.TextField(_("the scenario's question"), blank=True)
    explanation = models.TextField(_("the scenario's answer, shown after its last step"),
                                   blank=True)
    script_length = models.PositiveIntegerField(_("number of scenario steps"), default=0)
    script_left = models.JSONField(
        _("where the board left its scenario's steps (empty: it follows them)"), null=True,
        blank=True, default=None)
    auto = models.BooleanField(_("answer decisions automatically"), default=False)
    version = models.PositiveIntegerField(_("version"), default=0)
    rules_version = models.PositiveIntegerField(
        _("rules version its history was last played under (0: before versions)"), default=0)
    outcome = models.JSONField(_("how its history ended under that rules version"),
                               null=True, blank=True, default=None)
    edit_key = models.CharField(_("edit key"), max_length=64, default=new_key)
    p1_key = models.CharField(_("Player 1 seat key"), max_length=64, default=new_key)
    p2_key = models.CharField(_("Player 2 seat key"), max_length=64, default=new_key)
    seats = models.BooleanField(_("players have seats with hidden information"),
                                default=False)
    presenter_at = models.IntegerField(_("step the presenter shows (empty: live)"), null=True,
                                       blank=True)
    presenter_frame = models.PositiveIntegerField(
        _("frame of that step the presenter shows (empty: the step's end)"), null=True,
        blank=True)
    captions = models.JSONField(_("a note per step, written by the presenter"), default=dict)
    presenting = models.BooleanField(_("followed in classroom mode"), default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.title or self.slug

    @property
    def display_title(self) -> str:
        """The title, or for a board made before titles were given, its game's default."""
        if self.title:
            return self.title
        from .boards import default_title

        return default_title(self.game, (self.data or {}).get("settings"))

    def group(self, view: str = "open") -> str:
        """The Channels group of one kind of viewer: ``open``, ``p1`` or ``p2``."""
        return f"board.{self.slug}.{view}"

    @property
    def has_script(self) -> bool:
        return self.script_length > 0

    @property
    def follows_script(self) -> bool:
        """Opened from a scenario, and every action so far was its next step."""
        return self.has_script and self.script_left is None

    @property
    def next_step_number(self) -> int:
        """The number (from 1) of the scenario step "Next step" plays; one past the last
        when none is left."""
        return max(1, self.script_length - len(self.pending_steps) + 1)

    def role_for(self, grant: dict | None) -> str:
        """``edit``, ``p1``, ``p2`` or ``view`` for a session's grant on this board."""
        if not grant:
            return "view"
        key, role = grant.get("key"), grant.get("role")
        if role == "edit" and key == self.edit_key:
            return "edit"
        if role in ("p1", "p2") and key == getattr(self, f"{role}_key") and self.seats:
            return role
        return "view"


class Lesson(models.Model):
    """An ordered list of boards (chapters) a teacher presents; the URL names the chapter."""

    slug = models.CharField(_("slug"), max_length=32, unique=True, default=new_slug)
    title = models.CharField(_("title"), max_length=200)
    chapters = models.JSONField(_("board slugs, in order"), default=list)
    current = models.PositiveIntegerField(_("chapter the teacher shows (from 1)"), default=1)
    edit_key = models.CharField(_("edit key"), max_length=64, default=new_key)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.title


class Prediction(models.Model):
    """A question the presenter asked the room at one step (and frame) of a board: its text,
    options, right answer and deciding rule id (``question``, see simulator.predict). Once
    revealed, followers see the answer; a newer question closes it."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="predictions")
    step = models.PositiveIntegerField(_("step"))
    frame = models.PositiveIntegerField(_("frame (empty: the step's end)"), null=True,
                                        blank=True)
    question = models.JSONField(_("question, options, answer and rule id"))
    revealed = models.BooleanField(_("answer shown to the room"), default=False)
    closed = models.BooleanField(_("no longer shown"), default=False)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        from .predict import shown

        return shown(self.question)["text"]


class PredictionVote(models.Model):
    """One student's answer to a question: an anonymous voter id and name from a signed
    cookie; one vote per voter and question."""

    prediction = models.ForeignKey(Prediction, on_delete=models.CASCADE, related_name="votes")
    voter = models.CharField(_("anonymous voter id"), max_length=32)
    name = models.CharField(_("anonymous name"), max_length=40)
    choice = models.PositiveSmallIntegerField(_("option chosen"))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["prediction", "voter"],
                                               name="one_vote_per_voter")]

    def __str__(self) -> str:
        return f"{self.name}: {self.choice}"


class CardSet(models.Model):
    """A named set of custom cards (card file mappings, docs/cards.md) a teacher keeps and
    loads into any board. Its link shows it; its edit link (an unguessable key, no account)
    changes it."""

    slug = models.CharField(_("slug"), max_length=32, unique=True, default=new_slug)
    title = models.CharField(_("title"), max_length=200)
    game = models.CharField(_("game"), max_length=20)
    cards = models.JSONField(_("card definitions"), default=list)
    edit_key = models.CharField(_("edit key"), max_length=64, default=new_key)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.title


class TeacherKey(models.Model):
    """A personal key link (``/k/<key>/``, no account): the boards and lessons whose edit
    rights a browser saved to it, each with the edit key it had then. Opening the link on
    another device grants there the rights whose key is still the board's (or lesson's):
    changing a board's keys revokes them here too. Losing the link loses nothing else."""

    key = models.CharField(_("key"), max_length=64, unique=True, default=new_key)
    boards = models.JSONField(_("board slug -> edit key"), default=dict)
    lessons = models.JSONField(_("lesson slug -> edit key"), default=dict)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{len(self.boards)} boards, {len(self.lessons)} lessons"


class RulingReport(models.Model):
    """"Report this ruling": a visitor's note on the step a board showed, for the site's
    maintainers (listed in the admin). The board is named by its slug: the report outlives
    the board."""

    board = models.CharField(_("board"), max_length=32)
    step = models.PositiveIntegerField(_("step shown"))
    note = models.TextField(_("note"))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.board} step {self.step}: {self.note[:60]}"
