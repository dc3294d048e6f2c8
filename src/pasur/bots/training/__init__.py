"""Training the master's learned value: self-play data, the fit, and the shipped weights' record.

``python -m pasur.bots.training generate|fit|fit-choices|ship`` (:mod:`.cli`; docs/bots.md gives
the commands of the shipped run). Every random choice comes from the ``--seed`` of the command:
the rounds and the bots' chance from seed strings (:mod:`.data`), the network's start, the order
of the examples and the suit twins from NumPy generators seeded with the seed and the epoch
(:mod:`.fit`), and the files are written with fixed dates (:mod:`.store`), so the same commands
make the same bytes, however many processes generate.

Why here, in the package, and not under ``scripts/``: the training needs nothing the bots may not
import (the rules, the bots themselves, NumPy, which the master already needs at play time and
is a dependency of every install, and the standard library; the import contracts hold it to
that), so it adds no dependency to an install; it lives beside the weights file it makes and the
code that reads it (:mod:`pasur.bots.value_net`), checked by ``mypy --strict`` with the package;
and the benchmarks that measure the learned value (``benchmarks/master_noise.py``) import it as
they import any part of pasur. It stays out of play: nothing outside this folder imports it, and
the offline app's archive takes ``pasur/bots/*.py`` only, not its subfolders
(:mod:`pasur.server.offline.engine`), so the browser never downloads it.
"""
