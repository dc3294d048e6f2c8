"""Level 6, master: the expert's search, judging its horizon with a learned value.

The master searches exactly as the expert does (the same worlds, inference, opponent models,
exact endgame and budget), and at each leaf adds the correction of a small network fitted to
self-play (:mod:`pasur.bots.value_net`, trained by ``python -m pasur.bots.training``). How much that
buys, measured on duplicate deals the network never saw, is in docs/bots.md.
"""

from __future__ import annotations

import dataclasses

from pasur.bots.expert import ExpertBot
from pasur.bots.pimc import SearchBot, SearchPlan


class MasterBot(SearchBot):
    """The expert with a learned leaf evaluation."""

    name = "master"
    plan: SearchPlan = dataclasses.replace(ExpertBot.plan, learned_value=True)
