"""``pasur arena``: every pair of bots plays duplicate sets; margins, speed and an Elo ladder.

The measuring is done by :mod:`pasur.bots.arena`; this module reads the options, draws the Rich
progress bar on stderr and prints the tables (or one JSON document) on stdout.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from pasur.bots import BOT_NAMES, parse_bot_names
from pasur.bots.arena import ArenaError, ArenaReport, ArenaSettings, run_arena
from pasur.bots.arena_games import Player
from pasur.bots.ratings import mean, median
from pasur.cli.common import (
    JsonOption,
    RulesOption,
    SetOption,
    UsageError,
    check_players_option,
    print_json,
    rules_from,
)
from pasur.cli.engines import EngineSpec, parse_engine


def arena(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Bot levels, as expert,casual,random; each pair plays (engines included).",
        ),
    ],
    players: Annotated[int, typer.Option("--players", help="2, 3 or 4 seats.")] = 2,
    pairs: Annotated[
        int, typer.Option("--pairs", help="Duplicate sets each pair of bots plays.")
    ] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Seed for every deck and every bot.")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", help="Worker processes.")] = 1,
    games: Annotated[
        bool, typer.Option("--games", help="Play whole games to the target, not single rounds.")
    ] = False,
    reference: Annotated[
        str | None,
        typer.Option(
            "--reference",
            help="The bot in the other seats with 3 or 4 players (default: casual, once it "
            "exists, else random).",
        ),
    ] = None,
    bootstrap: Annotated[
        int, typer.Option("--bootstrap", help="Bootstrap samples for the Elo intervals.")
    ] = 1000,
    engine: Annotated[
        list[str] | None,
        typer.Option(
            "--engine",
            help="An outside program as NAME=COMMAND (docs/engines.md); it plays every level "
            "named in --bots. Repeat for several.",
        ),
    ] = None,
    engine_seconds: Annotated[
        float, typer.Option("--engine-seconds", help="Seconds an engine has for each move.")
    ] = 5.0,
    deck_key: Annotated[
        str | None,
        typer.Option(
            "--deck-key",
            help="The secret mixed into the decks of a run with an engine (the report's "
            "deck_key): give it to play the same games again; drawn at random otherwise.",
        ),
    ] = None,
    rules: RulesOption = "standard",
    settings: SetOption = None,
    json: JsonOption = False,
) -> None:
    """Measure bots against each other on duplicate deals: margins, speed and Elo."""
    chosen = rules_from(rules, settings)
    check_players_option(players, chosen)
    if pairs < 1:
        raise UsageError(f"--pairs: play at least one duplicate set, not {pairs}")
    if jobs < 1:
        raise UsageError(f"--jobs: use at least one worker process, not {jobs}")
    if bootstrap < 1:
        raise UsageError(f"--bootstrap: take at least one sample, not {bootstrap}")
    if not engine_seconds > 0:
        raise UsageError(f"--engine-seconds: give an engine some time, not {engine_seconds}")
    if deck_key is not None and not deck_key.strip():
        raise UsageError("--deck-key: give the key a run's report names, not an empty one")
    names: tuple[Player, ...] = parse_bot_names(bots)
    engines = _engines(engine or [], engine_seconds, names)
    names = (*names, *engines)
    if len(names) < 2:
        raise UsageError(f"--bots: name at least two bots to compare, not {len(names)}")
    filler = parse_bot_names(reference)[0] if reference is not None else None
    arena_settings = ArenaSettings(
        bots=names,
        players=players,
        sets=pairs,
        seed=seed,
        rules=chosen,
        games=games,
        reference=filler,
        jobs=jobs,
        bootstrap=bootstrap,
        deck_key=deck_key,
    )
    try:
        report = _run_with_progress(arena_settings)
    except ArenaError as error:
        raise UsageError(str(error)) from None
    if json:
        print_json(report.as_dict())
        return
    show_report(report, Console())


def _engines(
    texts: list[str], seconds: float, levels: tuple[Player, ...]
) -> tuple[EngineSpec, ...]:
    """The ``--engine`` options, each named apart from every level and other engine."""
    engines: list[EngineSpec] = []
    taken = {*BOT_NAMES, *(name for name in levels if isinstance(name, str))}
    for text in texts:
        try:
            spec = parse_engine(text, seconds)
        except ValueError as error:
            raise UsageError(f"--engine: {error}") from None
        if spec.name.lower() in taken:
            raise UsageError(f"--engine: the name {spec.name!r} is taken; name the engine apart")
        taken.add(spec.name.lower())
        engines.append(spec)
    return tuple(engines)


def _run_with_progress(settings: ArenaSettings) -> ArenaReport:
    errors = Console(stderr=True)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=errors,
        disable=not errors.is_terminal,
    ) as bar:
        task = bar.add_task("arena", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return run_arena(settings, progress=update)


def _seconds(value: float | None) -> str:
    """A duration people can read: µs, ms or s."""
    if value is None:
        return "–"
    if value < 0.001:
        return f"{value * 1e6:.1f} µs"
    if value < 1:
        return f"{value * 1e3:.1f} ms"
    return f"{value:.2f} s"


def _times_by_bot(report: ArenaReport) -> dict[str, list[float]]:
    """Every timed move of each bot, over all its matches."""
    labels = report.settings.labels
    pairs = report.settings.pairs()
    times: dict[str, list[float]] = {label: [] for label in labels}
    for record in report.records:
        i, j = pairs[record.pair]
        times[labels[i]].extend(record.a_seconds)
        times[labels[j]].extend(record.b_seconds)
    return {label: found for label, found in times.items() if found}


def show_report(report: ArenaReport, console: Console) -> None:
    """Print the matches table and the Elo ladder."""
    settings = report.settings
    mode = "whole games" if settings.games else "single rounds"
    seats = f"{settings.players} players" + (
        ", partnerships" if settings.rules.partnerships else ""
    )
    filler = f"; other seats: {settings.reference_bot}" if settings.reference_bot else ""
    key = f", deck key {settings.deck_key}" if settings.deck_key else ""
    console.print(
        f"{seats}, {mode}; {settings.sets} duplicate set(s) per pair of "
        f"{len(report.seatings)} seatings each, seed {settings.seed}{key}{filler}"
    )
    matches = Table(title="Matches", box=box.SIMPLE_HEAD)
    for heading in ("a", "b", "Margin", "W/T/L"):
        matches.add_column(heading, justify="left" if heading in "ab" else "right")
    if settings.games:
        matches.add_column("Games a/b/other", justify="right")
    for match in report.matches:
        se = "" if match.margin_se is None else f" ± {match.margin_se:.2f}"
        row = [
            match.a,
            match.b,
            f"{match.margin:+.2f}{se}",
            f"{match.a_wins}/{match.ties}/{match.b_wins}",
        ]
        if settings.games:
            row.append(f"{match.a_game_wins}/{match.b_game_wins}/{match.other_game_wins}")
        matches.add_row(*row)
    console.print(matches)
    console.print("Margin: a's points minus b's per round, ± 1 standard error over duplicate sets.")
    console.print("W/T/L: rounds in which a scored more than b, as much, less.")
    forfeits = [forfeit for match in report.matches for forfeit in match.forfeits]
    if forfeits:
        lost = Table(title="Games lost by failing a move", box=box.SIMPLE_HEAD)
        for heading in ("Bot", "Set", "Seating", "Why"):
            lost.add_column(heading)
        for forfeit in forfeits:
            lost.add_row(forfeit.bot, str(forfeit.set_no), str(forfeit.seating), forfeit.reason)
        console.print(lost)
    speed = Table(title="Seconds per move", box=box.SIMPLE_HEAD)
    for heading in ("Bot", "Moves", "Median", "Mean", "Max"):
        speed.add_column(heading, justify="left" if heading == "Bot" else "right")
    for label, times in _times_by_bot(report).items():
        figures = (median(times), mean(times), max(times))
        speed.add_row(label, str(len(times)), *(_seconds(value) for value in figures))
    console.print(speed)
    ladder = Table(title="Elo ladder", box=box.SIMPLE_HEAD)
    ladder.add_column("#", justify="right")
    ladder.add_column("Bot")
    ladder.add_column("Elo", justify="right")
    ladder.add_column("95% interval", justify="right")
    for place, rating in enumerate(report.ratings, start=1):
        ladder.add_row(
            str(place),
            rating.bot,
            f"{rating.elo:+.0f}",
            f"{rating.low:+.0f} to {rating.high:+.0f}",
        )
    console.print(ladder)
    console.print(
        "Elo: Bradley–Terry fit to rounds won (ties count half), averaging 0; the interval is a "
        f"{settings.bootstrap}-sample bootstrap over duplicate sets."
    )
