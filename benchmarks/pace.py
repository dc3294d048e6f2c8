"""The pace of a game against a bot in headless Chromium: the wall time of a whole game as a
person starting from the practise page at its defaults would see it, and how long each capture's
cards stay on the felt to be read.

It serves the package (``pasur serve`` on a free port, a scratch SQLite file), opens the practise
page, starts the practice it offers (2 players against its default bot, the default animation
speed unless ``--speed`` says otherwise), and plays as a person who never hesitates: a script in
the page plays the first playable card the moment one is, takes the first way when asked to
choose, and closes each round's sheet at once. So the time is the table's own: the bot's think
time, the animations, the deals, and the round sheets — what the person waits for.

For each capture (and each round's leftovers going to the last capturer) the page records how
long its cards were **outlined and still** on the felt (from the outline to the moment they start
to gather into the pile) and **outlined in all** (until they are gone). The issue's targets: a
2-player game to 62 in at most 3 minutes at the default settings, every capture outlined and
still for at least 0.8 s.

    python benchmarks/pace.py --games 3
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, WebSocket, sync_playwright
from served import CHROMIUM, served

WATCH = """(() => {
  // Each capture's cards carry .is-taken / .is-capturing while they are outlined; their gather
  // into the pile is the animation with fill 'forwards' on one of them (play/motion.js).
  const pace = { captures: [], current: null };
  window.pasurPace = pace;
  const outlined = () => document.querySelector('.table-card.is-taken, .table-card.is-capturing');
  const observe = () => {
    const now = performance.now();
    if (outlined() && !pace.current) pace.current = { shown: now, gather: null };
    if (!outlined() && pace.current) {
      const c = pace.current;
      pace.captures.push({ still: (c.gather ?? now) - c.shown, outlined: now - c.shown });
      pace.current = null;
    }
  };
  const start = () => new MutationObserver(observe).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  if (document.body) start(); else addEventListener('DOMContentLoaded', start);
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const c = pace.current;
    if (c && c.gather === null && options?.fill === 'forwards'
        && this.closest?.('.is-taken, .is-capturing')) c.gather = performance.now();
    return animate.call(this, frames, options);
  };
})()"""
"""Set in every page before its scripts run: the capture clock."""

PLAYER = """() => {
  // A person who never hesitates: what can be done now is done now.
  const click = (selector) => {
    const element = document.querySelector(selector);
    if (!element || element.offsetParent === null || element.disabled) return false;
    element.click();
    return true;
  };
  setInterval(() => {
    if (document.querySelector('.game-over')) return;
    click('#sheet-dialog[open] #close-sheet') || click('#choices .choice')
      || click('.hand-card.is-playable');
  }, 25);
}"""


def _start_practice(page: Page, base: str, speed: str | None, target: int | None) -> None:
    """The practise page's own practice: its defaults, with ``speed`` chosen in the settings
    (kept in the browser, as a person's choice is) and ``target`` if one is given."""
    page.goto(f"{base}/practise")
    if speed:
        page.evaluate(f"localStorage.setItem('pasur.prefs', JSON.stringify({{anim: '{speed}'}}))")
        page.reload()
    if target is not None:
        page.locator("#practise-form details").first.evaluate("(d) => { d.open = true; }")
        page.locator("#rule-target").fill(str(target))
    page.locator("#start-practice").click()
    page.locator(".hand-card").first.wait_for(timeout=60_000)


def play_game(page: Page, base: str, speed: str | None, target: int | None) -> dict[str, Any]:
    """One game from the practise page to the game-over panel, and what it took."""
    counts = {"plays": 0, "captures": 0, "rounds": 0}
    plays: list[tuple[float, int]] = []  # when each play reached the page, and its seat

    def listen(socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            frame = json.loads(payload)
            event = frame.get("event") if frame.get("type") == "event" else None
            if event and event.get("kind") == "played":
                plays.append((time.perf_counter(), event["seat"]))
                counts["plays"] += 1
                counts["captures"] += bool(event.get("taken"))
            elif event and event.get("kind") == "round_ended":
                counts["rounds"] += 1

        socket.on("framereceived", received)

    page.on("websocket", listen)
    _start_practice(page, base, speed, target)
    began = time.perf_counter()
    page.evaluate(PLAYER)
    page.locator(".game-over").wait_for(timeout=1_800_000)
    seconds = time.perf_counter() - began
    captures: list[dict[str, float]] = page.evaluate("window.pasurPace.captures")
    page.remove_listener("websocket", listen)
    return {"seconds": seconds, **counts, "shown": captures, "waits": waits(plays)}


def waits(plays: list[tuple[float, int]]) -> dict[str, list[float]]:
    """The gaps between plays as they reached the page, by who played next: ``bot`` (the bot's
    think time, the server's work and the trip) and ``person`` (the page showing the plays
    before it, then the person's click and its trip): where a game's time goes."""
    gaps: dict[str, list[float]] = {"bot": [], "person": []}
    for (before, _), (at, seat) in itertools.pairwise(plays):
        gaps["person" if seat == 0 else "bot"].append(at - before)
    return gaps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games in a row (default 1)")
    parser.add_argument(
        "--speed",
        choices=("fast", "normal", "slow"),
        help="the animation speed (default: the page's)",
    )
    parser.add_argument("--target", type=int, help="the game's target (default: the page's, 62)")
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    folder = Path(tempfile.mkdtemp(prefix="pasur-pace-bench-"))
    games = []
    with served(folder) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for number in range(args.games):
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_init_script(WATCH)
            game = play_game(context.new_page(), base, args.speed, args.target)
            context.close()
            games.append(game)
            still = [shown["still"] for shown in game["shown"]]
            print(
                f"game {number + 1}: {game['seconds']:.1f} s, {game['rounds']} rounds, "
                f"{game['plays']} plays, {game['captures']} captures; cards outlined and still "
                f"min {min(still):.0f} ms, median {statistics.median(still):.0f} ms",
                file=sys.stderr,
            )
        browser.close()
    report = summary(games, args.speed or "normal")
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")


def summary(games: list[dict[str, Any]], speed: str) -> dict[str, Any]:
    """Medians over the games, and the shortest capture of all."""
    still = [shown["still"] for game in games for shown in game["shown"]]
    outlined = [shown["outlined"] for game in games for shown in game["shown"]]
    return {
        "speed": speed,
        "games": len(games),
        "seconds": [round(game["seconds"], 1) for game in games],
        "median_seconds": round(statistics.median(game["seconds"] for game in games), 1),
        "median_plays": statistics.median(game["plays"] for game in games),
        "median_rounds": statistics.median(game["rounds"] for game in games),
        "seconds_per_play": round(
            sum(game["seconds"] for game in games) / sum(game["plays"] for game in games), 3
        ),
        "captures_shown": len(still),
        "still_ms": {"min": round(min(still)), "median": round(statistics.median(still))},
        "median_wait_ms": {
            who: round(1000 * statistics.median(g for game in games for g in game["waits"][who]))
            for who in ("bot", "person")
        },
        "outlined_ms": {"min": round(min(outlined)), "median": round(statistics.median(outlined))},
    }


if __name__ == "__main__":
    main()
