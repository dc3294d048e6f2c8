"""The master level: its inputs read only the seat's view, the shipped weights fit the code that
reads them and carry their provenance and licence, and its search is the expert's plus exactly the
network's correction at the leaves."""

from __future__ import annotations

import dataclasses
import hashlib
import io
import itertools
import json
import random
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pasur.bots import make_bot
from pasur.bots.evaluation import Valuation
from pasur.bots.expert import ExpertBot
from pasur.bots.master import MasterBot
from pasur.bots.search import WorldSearch
from pasur.bots.training import provenance
from pasur.bots.value_features import FEATURES, SCALARS, card_bits, position_features
from pasur.bots.value_net import (
    FORMAT,
    WEIGHTS_FILE,
    ValueNet,
    WeightsError,
    from_arrays,
    read_weights,
    shipped_value_net,
    to_arrays,
)
from pasur.rules import (
    RU_BAAZ,
    STANDARD,
    Rules,
    legal_moves,
    new_game,
    play_legal,
    sample_world,
    view,
)
from pasur.rules.cards import ALL_CARDS
from pasur.rules.settings import OpenCards
from pasur.rules.state import GameState

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
STACKS = dataclasses.replace(STANDARD, open_cards=OpenCards.STACK)


def _played(seed: int, plays: int, players: int = 2, rules: Rules = STANDARD) -> GameState:
    """A position ``plays`` random plays into a round."""
    rng = random.Random(seed)
    rules = dataclasses.replace(rules, partnerships=players == 4 and seed % 2 == 0)
    state = new_game(rules, players=players, seed=seed)
    for _ in range(plays):
        if state.turn < 0:
            break
        state = play_legal(state, rng.choice(legal_moves(state)))
    return state


def _random_net(seed: int, hidden: tuple[int, ...] = (16, 8)) -> list[tuple[Any, Any]]:
    rng = np.random.default_rng(seed)
    sizes = (len(FEATURES), *hidden, 1)
    return [
        (rng.normal(0, 0.2, (a, b)).astype(np.float32), rng.normal(0, 0.1, b).astype(np.float32))
        for a, b in itertools.pairwise(sizes)
    ]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    plays=st.integers(0, 40),
    players=st.sampled_from((2, 3, 4)),
    rules=st.sampled_from((STANDARD, RU_BAAZ, STACKS)),
)
def test_inputs_are_the_same_in_every_world_the_seat_cannot_tell_apart(
    seed: int, plays: int, players: int, rules: Rules
) -> None:
    state = _played(seed, plays, players, rules)
    if state.turn < 0:
        return
    seat = state.turn
    seat_view = view(state, seat)
    rng = random.Random(seed)
    first, second = sample_world(seat_view, rng), sample_world(seat_view, rng)
    assert position_features(first, seat, 1.5) == position_features(state, seat, 1.5)
    assert position_features(second, seat, 1.5) == position_features(state, seat, 1.5)


def test_the_card_inputs_are_the_hand_the_table_and_the_cards_not_seen() -> None:
    state = _played(3, 11)
    bits = card_bits(state, 1)
    hand, table, unseen = bits & ALL_CARDS, bits >> 52 & ALL_CARDS, bits >> 104
    assert hand == state.hands[1]
    assert table == state.table
    assert unseen == view(state, 1).unseen()
    features = position_features(state, 1, -2.0)
    assert len(features) == len(FEATURES) == 156 + len(SCALARS)
    assert features[-1] == -0.2  # the evaluation, in tens of points
    assert sum(features[:52]) == hand.bit_count()


@pytest.mark.parametrize("rules", [RU_BAAZ, STACKS], ids=["held", "stack"])
def test_open_cards_are_seen_and_a_stack_is_unknown_to_its_owner(rules: Rules) -> None:
    state = _played(5, 9, rules=rules)
    seat_view = view(state, 1)
    bits = card_bits(state, 1)
    assert bits & ALL_CARDS == seat_view.hand
    assert bits >> 104 == seat_view.unseen()
    assert not bits >> 104 & state.open_cards[0]


def test_the_shipped_weights_fit_the_code_and_are_small() -> None:
    data = resources.files("pasur.bots").joinpath("weights", WEIGHTS_FILE).read_bytes()
    assert len(data) < 5 * 1024 * 1024
    with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
        assert int(arrays["format"]) == FORMAT
        assert tuple(str(name) for name in arrays["features"]) == FEATURES
    net = shipped_value_net()
    state = _played(5, 9)
    assert np.isfinite(net.correction(state, state.turn, 0.0))


def test_the_shipped_weights_carry_their_provenance_and_licence() -> None:
    folder = resources.files("pasur.bots").joinpath("weights")
    sidecar = json.loads(folder.joinpath(Path(WEIGHTS_FILE).with_suffix(".json").name).read_text())
    missing = [
        name for name in provenance.SIDECAR_FIELDS if sidecar.get(name) in (None, "", [], {})
    ]
    assert missing == []
    assert sidecar["weights"] == WEIGHTS_FILE
    weights = folder.joinpath(WEIGHTS_FILE).read_bytes()
    assert sidecar["sha256"] == hashlib.sha256(weights).hexdigest()
    project = tomllib.loads(PYPROJECT.read_text())["project"]
    assert sidecar["licence"] == project["license"] == provenance.LICENCE
    assert re.fullmatch("[0-9a-f]{40}", sidecar["commit"])
    assert isinstance(sidecar["data_seed"], int)
    assert all(
        f"--seed {sidecar['data_seed']}" in c for c in sidecar["commands"] if "generate" in c
    )
    assert sidecar["training_set"]["fitted"] + sidecar["training_set"]["held_out"] == 80_000


def test_weights_for_other_inputs_or_shapes_are_refused() -> None:
    good = to_arrays(_random_net(2))
    assert isinstance(from_arrays(good), ValueNet)
    renamed = dict(good, features=np.array([*FEATURES[:-1], "something_else"]))
    with pytest.raises(WeightsError, match="other inputs"):
        from_arrays(renamed)
    with pytest.raises(WeightsError, match="layout"):
        from_arrays(dict(good, format=np.array(FORMAT + 1)))
    with pytest.raises(WeightsError, match="layer 1"):
        from_arrays(dict(good, w1=np.zeros((3, 8), dtype=np.float32)))
    with pytest.raises(WeightsError, match="one output"):
        from_arrays({name: value for name, value in good.items() if name not in ("w2", "b2")})
    buffer = io.BytesIO()
    np.savez(buffer, **good)
    assert isinstance(read_weights(buffer.getvalue()), ValueNet)


def test_the_leaf_gets_exactly_the_correction() -> None:
    state = _played(8, 8)
    seat = state.turn
    seat_view = view(state, seat)
    valuation = Valuation(seat_view.rules, seat_view.totals, seat, game_aware=False)
    plain = WorldSearch(seat_view, valuation, deals=1, first_pick=1.0)
    seen: list[tuple[int, float]] = []

    def correction(leaf: GameState, root: int, evaluation: float) -> float:
        seen.append((root, evaluation))
        return 2.5

    learned = WorldSearch(seat_view, valuation, deals=1, first_pick=1.0, learned=correction)
    assert learned.leaf_value(state) == pytest.approx(plain.leaf_value(state) + 2.5)
    assert seen == [(seat, pytest.approx(plain.leaf_value(state)))]


def test_master_is_the_expert_with_the_learned_value() -> None:
    assert make_bot("master").name == "master"
    assert dataclasses.replace(MasterBot.plan, learned_value=False) == ExpertBot.plan
    state = _played(4, 4)
    seat_view = view(state, state.turn)
    legal = legal_moves(state)
    master = MasterBot(worlds=3, time_cap=None).values(seat_view, legal, random.Random(1))
    expert = ExpertBot(worlds=3, time_cap=None).values(seat_view, legal, random.Random(1))
    assert len(master) == len(expert) == len(legal)
    assert master != expert  # the same worlds, judged with the correction


@pytest.mark.parametrize("players", [3, 4])
def test_with_more_than_two_players_master_plays_as_the_expert(players: int) -> None:
    # The network was fitted to two-player rounds only (docs/bots.md), so it has no say here.
    state = _played(5, 3, players)
    seat_view = view(state, state.turn)
    legal = legal_moves(state)
    master = MasterBot(worlds=2, time_cap=None).values(seat_view, legal, random.Random(2))
    expert = ExpertBot(worlds=2, time_cap=None).values(seat_view, legal, random.Random(2))
    assert master == expert
