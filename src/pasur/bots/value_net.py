"""The master's learned value: a small network that corrects the search's leaf evaluation.

At the search horizon the expert judges a position by hand-written rules
(:mod:`pasur.bots.search`'s leaf: points banked, an even share of what is left, the clubs race, a
Sur threat). The master adds what this network predicts those rules get wrong: the round's final
margin minus the rules' margin, in points, as fitted to positions from self-play
(``python -m pasur.bots.training``, docs/bots.md). A correction rather than a whole value means a
network that knows nothing adds nothing, and the exact parts (banked points) stay exact.

The network is a multilayer perceptron with ReLU units, evaluated with NumPy, one position at a
time, at every leaf: no GPU and no heavy runtime at play time. NumPy is imported only when the
weights are loaded, so the rest of :mod:`pasur.bots` keeps to the standard library (offline play
runs it in the browser).
"""

from __future__ import annotations

import functools
import io
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

from pasur.bots.value_features import CARD_INPUTS, FEATURES, card_bits, scalar_features
from pasur.rules import GameState

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Array = NDArray[np.float32]
else:
    Array = Any

FORMAT = 1
"""The weights file's layout version; a file of another version is refused."""

WEIGHTS_FILE = "master-value.npz"
"""The shipped weights, in ``pasur/bots/weights/``."""


class WeightsError(ValueError):
    """A weights file that does not fit the code reading it (layout, inputs or shapes)."""


class ValueNet:
    """A fitted network: layer weights and biases, read by :meth:`correction`.

    Args:
        layers: ``(weights, biases)`` per layer, first layer first; ``weights`` is inputs ×
            outputs; the last layer has one output.
    """

    def __init__(self, layers: Sequence[tuple[Array, Array]]) -> None:
        import numpy as np

        self._np = np
        first, bias = layers[0]
        self.card_weights = np.ascontiguousarray(first[:CARD_INPUTS], dtype=np.float32)
        self.scalar_weights = np.ascontiguousarray(first[CARD_INPUTS:], dtype=np.float32)
        self.first_bias = np.asarray(bias, dtype=np.float32)
        self.hidden = tuple(
            (np.asarray(w, dtype=np.float32), np.asarray(b, dtype=np.float32))
            for w, b in layers[1:]
        )

    def correction(self, state: GameState, seat: int, evaluation: float) -> float:
        """Points to add to ``seat``'s side at this leaf, given the hand-written margin."""
        np = self._np
        packed = card_bits(state, seat).to_bytes(20, "little")
        cards = np.unpackbits(np.frombuffer(packed, dtype=np.uint8), bitorder="little")
        scalars = np.array(scalar_features(state, seat, evaluation), dtype=np.float32)
        hidden = cards[:CARD_INPUTS] @ self.card_weights
        hidden += scalars @ self.scalar_weights
        hidden += self.first_bias
        for weights, bias in self.hidden:
            np.maximum(hidden, 0.0, out=hidden)
            hidden = hidden @ weights + bias
        return float(hidden[0])


def to_arrays(layers: Sequence[tuple[Array, Array]]) -> dict[str, Any]:
    """The arrays a weights file holds for ``layers`` (see :func:`from_arrays`)."""
    import numpy as np

    arrays: dict[str, Any] = {
        "format": np.array(FORMAT),
        "features": np.array(FEATURES),
    }
    for index, (weights, bias) in enumerate(layers):
        arrays[f"w{index}"] = np.asarray(weights, dtype=np.float32)
        arrays[f"b{index}"] = np.asarray(bias, dtype=np.float32)
    return arrays


def from_arrays(arrays: Mapping[str, Any]) -> ValueNet:
    """A network from a weights file's arrays, checked against this code's layout."""
    if "format" not in arrays or int(arrays["format"]) != FORMAT:
        raise WeightsError(f"the weights are not of layout {FORMAT}")
    if tuple(str(name) for name in arrays["features"]) != FEATURES:
        raise WeightsError("the weights were fitted to other inputs than this code reads")
    layers = []
    index = 0
    inputs = len(FEATURES)
    while f"w{index}" in arrays:
        weights, bias = arrays[f"w{index}"], arrays[f"b{index}"]
        if weights.shape != (inputs, bias.shape[0]) or bias.ndim != 1:
            raise WeightsError(f"layer {index} is {weights.shape}, not {inputs} inputs")
        layers.append((weights, bias))
        inputs = bias.shape[0]
        index += 1
    if not layers or inputs != 1:
        raise WeightsError("the last layer must have one output")
    return ValueNet(layers)


def read_weights(data: bytes) -> ValueNet:
    """A network from the bytes of a weights file (``.npz``)."""
    import numpy as np

    with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
        return from_arrays({name: arrays[name] for name in arrays.files})


@functools.cache
def shipped_value_net() -> ValueNet:
    """The network shipped with the package, loaded once per process."""
    data = resources.files("pasur.bots").joinpath("weights", WEIGHTS_FILE).read_bytes()
    return read_weights(data)
