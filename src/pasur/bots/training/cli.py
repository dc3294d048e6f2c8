"""Train the master's learned value: generate self-play positions, fit the network, ship it.

Every step is resumable and time-boxed (``--minutes``, 90 at most), so the whole training runs on
a CPU in chunks; run the same command again to go on where it stopped.

    python -m pasur.bots.training generate --data runs/master --shards 800 --jobs 2
    python -m pasur.bots.training fit --data runs/master --run runs/master/fit
    python -m pasur.bots.training ship --run runs/master/fit

(docs/bots.md gives the commands of the shipped run, which also bootstraps: ``fit`` with
``--td-lambda`` and ``--bootstrap`` an earlier fit's ``best.npz``.)

``generate`` writes shards of positions (:mod:`.data`), or with ``--choices`` of
choice groups (:mod:`.choices`: one decision's moves played on the same cards),
which ``fit-choices`` fine-tunes weights to; ``fit`` trains on all but the last tenth of the
shards and validates on that tenth, checkpointing after every epoch and writing the loss curves
(``loss.csv``, ``loss.svg``); ``ship`` copies the weights of the epoch with the lowest
validation loss into the package (``pasur/bots/weights/master-value.npz``) and writes their
sidecar beside them (``master-value.json``: the seed, the commands, the commit, the date, the
training set's size and the licence, from the records each step leaves, :mod:`.provenance`).
The figures of the shipped run are in docs/bots.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pasur.bots import value_net
from pasur.bots.training import choices as master_choices
from pasur.bots.training import data as master_data
from pasur.bots.training import fit as master_fit
from pasur.bots.training import provenance

MAX_MINUTES = 90.0
"""The longest chunk one command may run (the issue's limit for one session's machine)."""

SHIPPED = Path(value_net.__file__).resolve().parent / "weights" / value_net.WEIGHTS_FILE


def _generate_part(job: tuple[master_data.Generation, Path, list[int], float, bool]) -> int:
    generation, folder, shards, minutes, choices = job
    maker = master_choices.make_choice_shard if choices else master_data.make_shard
    return master_data.generate(generation, folder, shards, minutes=minutes, maker=maker)


def generate(args: argparse.Namespace) -> int:
    """Write the missing shards, in ``--jobs`` processes (shard k goes to process k mod jobs)."""
    generation = master_data.Generation(
        level=args.level,
        node_budget=args.budget,
        rounds_per_shard=args.rounds,
        seed=args.seed,
    )
    folder = Path(args.data)
    settings = {
        "kind": "choices" if args.choices else "positions",
        "seed": args.seed,
        "level": args.level,
        "budget": args.budget,
        "rounds_per_shard": args.rounds,
        "players": generation.players,
        "shards": args.shards,
    }
    provenance.start_data(folder, settings, args.argv)
    jobs = [
        (generation, folder, list(range(job, args.shards, args.jobs)), args.minutes, args.choices)
        for job in range(args.jobs)
    ]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        missing = sum(pool.map(_generate_part, jobs))
    print(f"{args.shards - missing} of {args.shards} shards on disk; run again for the rest")
    return 0


def fit(args: argparse.Namespace) -> int:
    """Fit (or go on fitting) the network on the shards on disk."""
    settings = master_fit.FitSettings(
        hidden=tuple(int(size) for size in args.hidden.split(",")),
        epochs=args.epochs,
        learning_rate=args.learning_rate,
        weight_decay=args.weight_decay,
        seed=args.seed,
        td_lambda=args.td_lambda,
        suit_symmetry=args.suit_symmetry,
    )
    bootstrap = Path(args.bootstrap) if args.bootstrap else None
    summary = master_fit.fit(
        Path(args.data), Path(args.run), settings, minutes=args.minutes, bootstrap=bootstrap
    )
    _record_run(args, dataclasses.asdict(settings), summary, bootstrap)
    return 0


def fit_choices(args: argparse.Namespace) -> int:
    """Fine-tune weights to the choice groups on disk."""
    settings = master_fit.FitSettings(
        learning_rate=args.learning_rate, weight_decay=args.weight_decay, seed=args.seed
    )
    start = Path(args.start) if args.start else SHIPPED
    summary = master_choices.fit_choices(
        Path(args.data), Path(args.run), settings, start, epochs=args.epochs
    )
    used = ("learning_rate", "weight_decay", "batch", "seed")
    _record_run(args, {name: getattr(settings, name) for name in used}, summary, start)
    return 0


def _record_run(
    args: argparse.Namespace, settings: dict[str, Any], summary: dict[str, int], start: Path | None
) -> None:
    """Leave the fit's record in its run folder, for ``ship`` to make the sidecar from."""
    data = provenance.read_record(Path(args.data))
    training_set: dict[str, Any] = {
        "unit": "groups" if args.command == "fit-choices" else "positions",
        "shards": summary["shards"],
        "fitted": summary["fitted"],
        "held_out": summary["held_out"],
    }
    if data is not None:
        training_set["rounds"] = summary["shards"] * data["rounds_per_shard"]
    record = {
        "kind": args.command,
        "data": data,
        "start": provenance.weights_record(start) if start else None,
        "fit": {**settings, "epochs": summary["epochs"], "best_epoch": summary["best_epoch"]},
        "training_set": training_set,
    }
    provenance.write_json(Path(args.run) / provenance.RECORD, provenance.stamped(record, args.argv))


def ship(args: argparse.Namespace) -> int:
    """Copy the best epoch's weights into the package, with their sidecar beside them."""
    run = Path(args.run)
    best = master_fit.best_weights(run)
    record = provenance.read_record(run)
    if record is None:
        raise provenance.ProvenanceError(
            f"{run} has no {provenance.RECORD}: run its fit command again (it resumes, and"
            " records the run)"
        )
    value_net.read_weights(best.read_bytes())
    target = Path(args.to) if args.to else SHIPPED
    target.write_bytes(best.read_bytes())
    sidecar = target.with_suffix(".json")
    provenance.write_json(sidecar, provenance.sidecar(target, record, args.argv))
    print(f"shipped {best} to {target} ({target.stat().st_size:,} bytes), provenance {sidecar}")
    return 0


def _minutes(text: str) -> float:
    minutes = float(text)
    if not 0 < minutes <= MAX_MINUTES:
        raise argparse.ArgumentTypeError(f"--minutes must be above 0 and at most {MAX_MINUTES:g}")
    return minutes


def _fraction(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError("--td-lambda must be from 0 to 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pasur.bots.training", description=__doc__.splitlines()[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("generate", help="play self-play rounds into shards")
    make.add_argument("--data", required=True, help="the folder of shards")
    make.add_argument("--shards", type=int, default=800)
    make.add_argument("--rounds", type=int, default=10, help="rounds per shard")
    make.add_argument("--level", default="expert", help="the bot at every seat")
    make.add_argument("--budget", type=int, default=1_000, help="its positions per move")
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--jobs", type=int, default=1)
    make.add_argument("--minutes", type=_minutes, default=MAX_MINUTES)
    make.add_argument(
        "--choices",
        action="store_true",
        help="write choice groups (pasur.bots.training.choices) instead of positions",
    )
    make.set_defaults(action=generate)
    train = commands.add_parser("fit", help="fit the network, resuming from its checkpoint")
    train.add_argument("--data", required=True, help="the folder of shards")
    train.add_argument("--run", required=True, help="the folder of checkpoints and curves")
    usual = master_fit.FitSettings()
    hidden = ",".join(str(size) for size in usual.hidden)
    train.add_argument("--hidden", default=hidden, help="hidden layer sizes")
    train.add_argument("--epochs", type=int, default=usual.epochs)
    train.add_argument("--learning-rate", type=float, default=usual.learning_rate)
    train.add_argument("--weight-decay", type=float, default=usual.weight_decay)
    train.add_argument("--seed", type=int, default=usual.seed)
    train.add_argument(
        "--td-lambda",
        type=_fraction,
        default=usual.td_lambda,
        help="1: fit to the round's outcome; below 1: λ-returns on --bootstrap's values",
    )
    train.add_argument("--bootstrap", help="weights (.npz) of an earlier fit to lean on")
    train.add_argument(
        "--suit-symmetry",
        action=argparse.BooleanOptionalAction,
        default=usual.suit_symmetry,
        help="show each position with its non-club suits relabelled at random",
    )
    train.add_argument("--minutes", type=_minutes, default=MAX_MINUTES)
    train.set_defaults(action=fit)
    tune = commands.add_parser(
        "fit-choices", help="fine-tune weights to choice groups (generate --choices)"
    )
    tune.add_argument("--data", required=True, help="the folder of choice shards")
    tune.add_argument("--run", required=True, help="the folder of the best weights and curves")
    tune.add_argument("--start", help="the weights to start from (default: the shipped ones)")
    tune.add_argument("--epochs", type=int, default=20)
    tune.add_argument("--learning-rate", type=float, default=1e-4)
    tune.add_argument("--weight-decay", type=float, default=usual.weight_decay)
    tune.add_argument("--seed", type=int, default=usual.seed)
    tune.set_defaults(action=fit_choices)
    send = commands.add_parser("ship", help="put the best epoch's weights in the package")
    send.add_argument("--run", required=True, help="the folder of checkpoints and curves")
    send.add_argument("--to", help="where to write them (default: the package's weights)")
    send.set_defaults(action=ship)
    args = parser.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    for name in ("shards", "rounds", "jobs", "epochs"):
        if getattr(args, name, 1) < 1:
            parser.error(f"--{name} must be at least 1")
    try:
        result: int = args.action(args)
    except (master_fit.TrainingError, provenance.ProvenanceError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return result
