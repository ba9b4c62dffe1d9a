"""Pictures of runs: the lanes x time timeline (``gpuisa timeline``,
``gpuisa run --timeline``), see ``docs/timeline.md``."""
from .timeline import STATES, TimelineBuilder, lane_state, render_html, timeline_from_trace

__all__ = ["STATES", "TimelineBuilder", "lane_state", "render_html", "timeline_from_trace"]
