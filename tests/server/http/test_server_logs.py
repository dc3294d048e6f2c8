"""Nothing secret reaches the server's log: a whole game played through a real ``pasur serve``,
with a seat's rejoin link opened and its socket reconnected, leaves no seat token, no guest
cookie and no card in what the server wrote (its access log and its own lines)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from process_support import WAIT, Player, guest, launch, stop, wait_until_up
from table_support import card_tokens

from pasur.server.http.guests import COOKIE


def played_at_least(count: int) -> Any:
    return lambda event: event["kind"] == "played" and event["n"] >= count


def game_over(event: dict[str, Any]) -> bool:
    return bool(event["kind"] == "game_over")


def test_a_game_with_a_rejoin_logs_no_token_cookie_or_card(backend: str, tmp_path: Path) -> None:
    server = launch(backend, tmp_path / "server.log")
    try:
        wait_until_up(server)
        with guest(server, "Ava") as ava, guest(server, "Babak") as babak:
            made = ava.post("/api/tables", json={"players": 2, "settings": {"target": "1"}})
            table_id = made.json()["table_id"]
            seats = [ava.post(f"/api/tables/{table_id}/join", json={"seat": 0}).json()]
            seats.append(babak.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json())
            assert ava.post(f"/api/tables/{table_id}/start").status_code == 200
            players = [Player(seat["seat"], seat["seat_token"], table_id) for seat in seats]

            async def play() -> None:
                for player in players:
                    await player.open(server)
                try:
                    first = (p.play_until(played_at_least(10)) for p in players)
                    await asyncio.wait_for(asyncio.gather(*first), WAIT)
                    # Ava's tab reloads: her rejoin link, then a socket that catches up.
                    await players[0].close()
                    page = ava.get(seats[0]["rejoin_url"])
                    assert page.status_code == 200, page.text
                    await players[0].open(server)
                    await players[1].socket.send('{"type": "chat", "text": "good luck"}')
                    rest = (p.play_until(game_over) for p in players)
                    await asyncio.wait_for(asyncio.gather(*rest), WAIT)
                finally:
                    for player in players:
                        await player.close()

            asyncio.run(play())
            cookies = [client.cookies[COOKIE] for client in (ava, babak)]
    finally:
        stop([server])
    log = server.log.read_text(encoding="utf-8")
    # The rejoin link was logged, with its token cut out.
    assert f"GET /play/t/{table_id}?seat_token=*** HTTP/1.1" in log
    for secret in [seat["seat_token"] for seat in seats] + cookies:
        assert secret not in log
    assert card_tokens(log) == set()
