"""The board in a real browser: headless Chromium (Debian's ``chromium``, /usr/bin/chromium) driven
by Playwright plays whole games through the page — clicks and keys, never the API: against the
AI, and two browser seats against each other (the second opened by the lobby's join link).

Screenshots go to ``$MTG_SHOTS`` when it is set (docs/WEB.md: how they were looked at).
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api")

from web_server import Server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SHOTS = os.environ.get("MTG_SHOTS")
#: (CI installs chromium, .ci/run: there a missing browser is a failure, not a skip)
if not shutil.which(CHROMIUM) and not os.environ.get("CI"):
    pytest.skip(f"no {CHROMIUM} (apt-get install chromium)", allow_module_level=True)


@pytest.fixture(scope="module")
def browser() -> Any:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture()
def server(tmp_path: Path) -> Any:
    with Server(str(tmp_path)) as s:
        yield s


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


class Player:
    """Plays one page by clicking, as a person would: lands and spells by clicking the cards in
    hand, targets by clicking the opponent (or a card), attackers by clicking the creatures,
    no blocks, the first option elsewhere; Space to pass."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.clicks = 0
        self.refused = 0
        self.kinds: set[str] = set()
        self.tried: dict[str, int] = {}

    def decision(self) -> tuple[str, str]:
        box = self.page.locator("#decision")
        return box.get_attribute("data-kind") or "", box.get_attribute("data-no") or ""

    def over(self) -> bool:
        return self.page.locator("body").get_attribute("data-over") == "1"

    def wait_change(self, no: str, timeout: float = 60) -> None:
        """Until the board shows another question, or the game's end."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            kind, now = self.decision()
            if now != no or self.over():
                return
            if self.page.locator("#error").text_content():
                return                              # refused: the same question stays
            self.page.wait_for_timeout(20)
        raise AssertionError(f"the page did not move on from question {no}")

    def step(self) -> bool:
        """Answers the page's question if it has one; False when there is none to answer."""
        kind, no = self.decision()
        if not kind or self.over():
            return False
        self.kinds.add(kind)
        page = self.page
        attempt = self.tried.get(no, 0)
        assert attempt < 8, f"stuck at a {kind} question: {page.locator('#error').text_content()}"
        self.tried[no] = attempt + 1
        if kind == "priority":
            cards = page.locator(".me .hand .card.selectable")
            lands = [c for c in cards.all() if "Land" in (c.locator(".type").text_content() or "")]
            others = [c for c in cards.all() if c not in lands]
            pick = (lands + others)[attempt] if attempt < len(lands) + len(others) else None
            if pick is None:
                page.keyboard.press(" ")
            else:
                pick.click()
                if page.locator("#menu").count():
                    page.locator("#menu button").first.click()
        elif kind == "mulligan":
            page.get_by_role("button", name="Keep (Enter)").click()
        elif kind == "targets":
            opponent = page.locator(".opp .player.selectable")
            if opponent.count() and attempt == 0:
                opponent.first.click()
            else:
                page.locator("#decision button.opt").nth(min(attempt, page.locator("#decision button.opt").count() - 1)).click()
        elif kind == "attackers":
            for c in page.locator(".me .battlefield .card.selectable").all():
                if attempt == 0:
                    c.click()
            page.keyboard.press("Enter")
        elif kind == "blockers":
            page.keyboard.press("Enter")
        elif kind in ("x", "damage_assignment"):
            page.keyboard.press("Enter")            # X: its least; damage: lethal in order
        elif kind == "divide":
            inputs = page.locator("#decision .amount input")
            total = int(page.locator("#decision .hint").text_content().split()[1])
            for i in range(inputs.count()):
                inputs.nth(i).fill(str(total - inputs.count() + 1 if i == 0 else 1))
            page.locator("#confirm").click()
        else:
            buttons = page.locator("#decision button.opt")
            if page.locator("#confirm").count():
                i = 0
                while page.locator("#confirm").is_disabled() and i < buttons.count():
                    buttons.nth(i).click()
                    i += 1
                page.locator("#confirm").click()
            else:
                buttons.first.click()
        self.clicks += 1
        self.wait_change(no)
        if page.locator("#error").text_content():
            self.refused += 1
        return True


def test_a_whole_game_against_the_ai_by_clicks(server: Server, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.fill("#deck1", "Deck\n12 Mountain\n12 Forest\n16 Grizzly Bears\n8 Hill Giant\n8 Lightning Bolt\n4 Shock\n")
    page.fill("#deck2", "40 Forest\n20 Llanowar Elves\n")
    page.wait_for_selector("#report2 .ok")
    page.wait_for_selector("#report1 .ok")
    assert "60 cards" in page.text_content("#report1")
    page.select_option("#opponent", "ai")
    page.fill("#seed", "11")
    page.fill("#turn_cap", "30")
    page.fill("#ai_time", "0.05")
    shot(page, "lobby")
    page.click("#start")
    page.wait_for_selector("#decision[data-kind='mulligan']")
    shot(page, "mulligan")
    me = Player(page)
    turns_seen = set()
    shots: list[int] = []
    deadline = time.monotonic() + 240
    while not me.over() and time.monotonic() < deadline:
        if not me.step():
            page.wait_for_timeout(30)
        turns_seen.add(page.text_content("#turn"))
        if me.clicks >= 12 and not shots:
            shots.append(1)
            shot(page, "midgame")
            page.locator(".me .battlefield .card").first.hover()
            shot(page, "hover")
            page.mouse.move(0, 0)
    shot(page, "over")
    assert me.over(), "the game did not end in time"
    assert "Game over" in page.text_content("#status")
    assert {"mulligan", "priority", "attackers"} <= me.kinds
    assert me.clicks > 10 and not errors
    # a rule citation of the log opens the rule's text from the shipped CR
    page.locator("#log .cite").first.click()
    page.wait_for_function("document.getElementById('rule-text').textContent.length > 10")
    assert page.locator("#rule-dialog").is_visible()
    shot(page, "rule")
    page.keyboard.press("Escape")
    # the graveyard can be browsed
    page.locator(".me .zone-btn[data-zone='graveyard']").click()
    assert page.locator("#zone-dialog").is_visible()
    page.close()


def test_two_browser_seats_play_each_other(server: Server, browser: Any) -> None:
    alice = browser.new_page(viewport={"width": 1300, "height": 860})
    alice.goto(server.url + "/")
    alice.select_option("#opponent", "person")
    alice.fill("#seed", "5")
    alice.fill("#turn_cap", "6")
    alice.click("#start")
    alice.wait_for_selector("#join-link")
    link = alice.input_value("#join-link")
    alice.click("#my-seat")
    bob_context = browser.new_context(viewport={"width": 1300, "height": 860})   # another person's browser
    bob = bob_context.new_page()
    bob.goto(link)
    players = [Player(alice), Player(bob)]
    shots: list[int] = []
    for p in players:
        p.page.wait_for_selector("#decision[data-no]")
    assert "(you)" in alice.text_content(".me .pname") and "Alice" in alice.text_content(".me .pname")
    assert "Bob" in bob.text_content(".me .pname")
    deadline = time.monotonic() + 180
    while not all(p.over() for p in players) and time.monotonic() < deadline:
        moved = [p.step() for p in players]
        if not any(moved):
            alice.wait_for_timeout(30)
        if players[0].clicks >= 4 and not shots:
            shots.append(1)
            shot(alice, "two-seats-alice")
            shot(bob, "two-seats-bob")
    assert all(p.over() for p in players)
    assert players[0].clicks > 5 and players[1].clicks > 5
    # reloading the page reconnects to the seat (the token is kept by the browser)
    bob.reload()
    bob.wait_for_selector("body[data-over='1']")
    assert "Bob" in bob.text_content(".me .pname")
    bob_context.close()
    alice.close()
