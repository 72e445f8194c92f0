"""A request whose address, query or form holds a NUL character is refused (400) before any
view runs, naming where the NUL is.

No text the site keeps may hold one (engine.limits.check_text), and PostgreSQL cannot even be
asked about one: a lookup of ``/b/%00/``, ``?board=%00`` or ``/k/%00/`` failed inside the
database driver, a 500, while SQLite answered "not found". A NUL is never part of a link or a
form the site makes, so any parameter may be refused for it, whatever the view does with it.
The uploaded files' contents are the views' to check (a scenario upload is refused naming
the file). Other control characters are refused where a text is kept, by each view.
"""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from engine.limits import LimitError
from engine.words import Refusal, word

from .language import refusal_reason


def _where(request) -> str | None:
    """What holds a NUL, in the reader's language, or None."""
    if "\x00" in request.path:
        return _("The address")
    forms = [request.GET]
    if request.method == "POST":
        forms.append(request.POST)  # a malformed body raises here as in a view: a 400
    for form in forms:
        for key, values in form.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                return _("The field “%(name)s”") % {"name": key.replace("\x00", "")[:40]}
    return None


class NulMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        where = _where(request)
        if where is None:
            return self.get_response(request)
        reason = refusal_reason(LimitError(Refusal("nul", what=word(where))))  # as check_text
        return render(request, "simulator/error.html", {
            "title": _("This request cannot be read"), "message": reason}, status=400)
