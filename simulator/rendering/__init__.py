"""Engine state -> the board's named partials.

One view-model is built per update and every partial renders from it: the first page load,
the htmx response to the acting browser and the out-of-band swap sent to every watcher use
the same templates (``templates/simulator/partials/``). One job per module:

- ``viewer``: who a rendering is for (the open view, a seat, the public view);
- ``words``: the page's words for each game and language;
- ``viewmodel``: the board's view-model (sides, zones, tiles, chain, pool, decision, log);
- ``timeline``: the scenario's story, the timeline of steps, the snapshot link;
- ``drawing``: the partials drawn from the view-model (zones cached, the status shell);
- ``updates``: update increments (what changed since the last update, per viewer and
  language);
- ``replay``: the report of a board replayed under a change;
- ``menu``: what loads when opened (a card's menu, the ruling to copy).

The private helpers named here (``_draw``, ``_LAST``...) are those the tests reach into.
"""

from ..addresses import step_url as step_url
from .drawing import PARTIALS, partial_map, render_partials, zone_body
from .drawing import _compact as _compact
from .drawing import _draw as _draw
from .drawing import _status as _status
from .menu import card_menu_context, ruling_context
from .replay import replay_view
from .timeline import snapshot_path, story_view, timeline_view
from .updates import _LAST as _LAST
from .updates import VIEWS, render_update, render_views, same_mat
from .viewer import Viewer
from .viewmodel import _decision_view as _decision_view
from .viewmodel import _last_chain as _last_chain
from .viewmodel import _log_view as _log_view
from .viewmodel import _triggers_view as _triggers_view
from .viewmodel import chain_shown, mat_sides, mat_zones, ruling_text, tile_view, view_model
from .words import STATUS_LABELS, ZONE_LABELS, choice_prompt, ordinal
from .words import _order_positions as _order_positions

__all__ = [
    "PARTIALS", "STATUS_LABELS", "VIEWS", "ZONE_LABELS", "Viewer", "card_menu_context",
    "chain_shown", "choice_prompt", "mat_sides", "mat_zones", "ordinal", "partial_map",
    "render_partials", "render_update", "render_views", "replay_view", "ruling_context",
    "ruling_text", "same_mat", "snapshot_path", "story_view", "tile_view", "timeline_view",
    "view_model", "zone_body",
]
