"""The game page of the example web server, played in a real browser.

Playwright for Python (the ``browser`` extra) drives the system's Chromium,
``/usr/bin/chromium`` or ``$CARDRULES_CHROMIUM``; Playwright never downloads a browser
of its own here. Without either, the tests are skipped with the reason. The server runs
in a thread of this process, so the tests compare the page with the server's own state.
Every wait has a timeout, so a page that hangs fails the test instead of hanging it.

A screenshot of each finished deal is written under pytest's ``tmp_path`` and copied to
``$CARDRULES_SCREENSHOT_DIR`` (default: ``cardrules-screenshots`` in the system's
temporary directory).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import random
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

_EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "web_server.py"
if not _EXAMPLE.is_file():  # CI also runs a copy of tests/ without the examples
    pytest.skip(f"the example server is not at {_EXAMPLE}", allow_module_level=True)
CHROMIUM = Path(os.environ.get("CARDRULES_CHROMIUM", "/usr/bin/chromium"))
if not CHROMIUM.is_file():
    pytest.skip(
        f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CARDRULES_CHROMIUM)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="needs Playwright: pip install 'cardrules[browser]'"
)

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 10_000  # any one browser operation; a whole deal takes a few seconds
LAUNCH_TIMEOUT_MS = 30_000
MAX_MOVES = 120  # more than any deal needs: a Tarot taker makes 18 plays and 6 discards


def _load() -> ModuleType:
    name = "cardrules_example_web_server"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, _EXAMPLE)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {_EXAMPLE}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


ws = _load()


@dataclass
class Web:
    """The server in its thread, and the browser's page."""

    server: Any
    base: str
    page: Any
    problems: list[str]
    """Script errors, console errors and requests to anywhere but the server."""

    def game(self) -> Any:
        """The game on the server the page plays (the newest one)."""
        games = self.server.lobby.games
        return games[max(games, key=int)]

    def renders(self) -> int:
        return int(self.page.get_attribute("body", "data-renders"))

    def wait_for_render(self, count: int) -> None:
        """Wait until the page has drawn ``count`` answers and sent nothing since."""
        self.page.wait_for_selector(
            f'body[data-renders="{count}"]:not([data-status="busy"])', timeout=TIMEOUT_MS
        )

    def offered(self) -> list[str]:
        """The actions the page offers: every ``data-action`` element, in page order."""
        actions: list[str] = self.page.eval_on_selector_all(
            "[data-action]", "nodes => nodes.map(node => node.dataset.action)"
        )
        return actions

    def deal(self, variant: str, seed: int) -> None:
        """Open the page and deal a new game, as a person would."""
        self.page.goto(f"{self.base}/play", timeout=TIMEOUT_MS)
        self.page.select_option("#variant", variant)
        self.page.fill("#seed", str(seed))
        self.page.click("#deal")
        self.wait_for_render(1)

    def keep_screenshot(self, tmp_path: Path, name: str) -> Path:
        """A screenshot of the whole page under ``tmp_path``, copied to the stable folder."""
        shot = tmp_path / name
        self.page.screenshot(path=str(shot), full_page=True, timeout=TIMEOUT_MS)
        default = Path(tempfile.gettempdir()) / "cardrules-screenshots"
        folder = Path(os.environ.get("CARDRULES_SCREENSHOT_DIR", default))
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, folder / name)
        return folder / name


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Web]:
    server = ws.GameServer(("127.0.0.1", 0))
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    profile = tmp_path_factory.mktemp("chromium-profile")
    playwright = sync_api.sync_playwright().start()
    try:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            timeout=LAUNCH_TIMEOUT_MS,
            viewport={"width": 1100, "height": 900},
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        # A refused request is recorded by its answer; the console's line for it is not
        # a problem of the page.
        page.on(
            "console",
            lambda message: (
                problems.append(f"console: {message.text}")
                if message.type == "error" and "Failed to load resource" not in message.text
                else None
            ),
        )
        page.on(
            "request",
            lambda request: (
                None
                if request.url.startswith(base + "/")
                else problems.append(f"request elsewhere: {request.url}")
            ),
        )
        page.on(
            "response",
            lambda response: (
                problems.append(
                    f"{response.status} {response.request.method} {response.url[len(base) :]}"
                )
                if response.status >= 400
                else None
            ),
        )
        try:
            yield Web(server, base, page, problems)
        finally:
            with contextlib.suppress(Exception):  # the browser may be gone already
                context.close()
    finally:
        playwright.stop()
        server.shutdown()
        server.server_close()
        thread.join(10)


def _flat(groups: list[dict[str, Any]]) -> list[str]:
    return [card for group in groups for card in group["cards"]]


def _check_page(web: Web, state: Any) -> list[str]:
    """Check the page against the server's state; the actions it offers."""
    page = web.page
    view = state.view(0)
    offered = web.offered()
    if state.to_play is None:
        assert offered == []
        return offered
    # The bots have moved on the server: it is the person's turn, and the page offers
    # exactly the legal actions, each once.
    assert state.to_play == 0
    assert sorted(set(offered)) == sorted(str(action) for action in state.legal_actions())
    assert page.text_content("#turn").startswith("Your turn")
    # The hand as the server sorts it, by suit.
    codes = page.eval_on_selector_all(
        "#hand .card", "nodes => nodes.map(node => node.firstChild.textContent)"
    )
    assert codes == _flat(ws.hand_by_suit(view.to_dict()))
    assert page.locator("#trick li:not(.empty)").count() == len(view.trick)
    focused = page.evaluate("() => document.activeElement.dataset.action || null")
    assert focused in offered  # keyboard players go on from an action
    return offered


def test_a_person_plays_a_whole_french_tarot_deal_in_the_browser(web: Web, tmp_path: Path) -> None:
    web.deal("tarot", seed=5)
    rng = random.Random(5)
    for _ in range(MAX_MOVES):
        state = web.game().state
        offered = _check_page(web, state)
        if not offered:
            break
        if len(state.view(0).hand) == 15:  # the middle of the card play
            web.keep_screenshot(tmp_path, "web-game-tarot-play.png")
        bids = [action for action in offered if action.startswith("bid ")]
        # The highest bid when the person may bid, so the deal is played out; never
        # announce a slam; otherwise any legal action.
        plain = [action for action in offered if not action.startswith("announce")]
        choice = bids[-1] if bids else rng.choice(plain or offered)
        renders = web.renders()
        web.page.click(f'[data-action="{choice}"]')
        web.wait_for_render(renders + 1)
    else:
        pytest.fail("the deal did not end")

    state = web.game().state
    assert state.is_terminal
    assert sum(type(action).__name__ == "Play" for _, action in state.history) == 72
    assert web.page.get_attribute("body", "data-status") == "over"
    shown = web.page.text_content("#result")
    assert shown == state.result().explain()
    assert "Scores: seat 0:" in shown
    assert web.page.is_visible("#result")
    assert web.page.locator("#last-trick li:not(.empty)").count() == 4
    kept = web.keep_screenshot(tmp_path, "web-game-tarot.png")
    assert kept.stat().st_size > 10_000
    assert (kept.parent / "web-game-tarot-play.png").is_file()
    assert web.problems == []


def test_a_person_plays_a_bid_euchre_hand_with_the_keyboard(web: Web, tmp_path: Path) -> None:
    page = web.page
    page.goto(f"{web.base}/play", timeout=TIMEOUT_MS)
    page.select_option("#variant", "bid-euchre")
    page.fill("#seed", "11")
    page.press("#seed", "Enter")  # the form is sent from the keyboard
    web.wait_for_render(1)
    assert page.is_visible("#legend [data-variant=bid-euchre]")
    assert page.is_hidden("#legend [data-variant=tarot]")
    rng = random.Random(11)
    refused: list[str] = []
    for _ in range(MAX_MOVES):
        state = web.game().state
        offered = _check_page(web, state)
        if not offered:
            break
        renders = web.renders()
        wrong = "bid 99" if not refused else _illegal_card(state)
        if wrong is not None and len(refused) < 2:
            # A move the server refuses, sent as the page sends any (from a doctored
            # button): the page shows the server's reason as text, and nothing changes.
            _doctor(web, offered[0], wrong)
            page.focus(f'[data-action="{wrong}"]')
            page.keyboard.press("Enter")
            page.wait_for_selector("#error:not([hidden])", timeout=TIMEOUT_MS)
            assert page.text_content("#error") == _refusal(state, wrong)
            web.wait_for_render(renders)
            assert web.game().state == state
            _doctor(web, wrong, offered[0])
            refused.append(wrong)
        choice = rng.choice(offered)
        page.focus(f'[data-action="{choice}"]')
        # A button answers Enter and Space alike.
        page.keyboard.press("Enter" if rng.random() < 0.5 else " ")
        web.wait_for_render(renders + 1)
        assert page.is_hidden("#error")  # the next accepted move clears the error
    else:
        pytest.fail("the hand did not end")
    state = web.game().state
    assert state.is_terminal
    assert page.text_content("#result") == state.result().explain()
    assert len(refused) == 2
    assert refused[1].startswith("play ")
    web.keep_screenshot(tmp_path, "web-game-bid-euchre.png")
    moves = f"/games/{max(web.server.lobby.games, key=int)}/moves"
    assert web.problems == [f"400 POST {moves}"] * 2


@pytest.mark.usefixtures("example_plugins")
def test_a_person_plays_a_plugin_s_deal_the_page_never_naming_the_game(
    web: Web, tmp_path: Path
) -> None:
    # Oh Hell, a plugin: an auction, then the play. The page lists it from the server
    # and draws it from the envelope as it draws the built-in games.
    web.problems.clear()  # those the tests before this one asked for
    page = web.page
    page.goto(f"{web.base}/play", timeout=TIMEOUT_MS)
    page.wait_for_selector('#variant option[value="oh-hell"]', state="attached")
    assert page.eval_on_selector_all(
        "#variant option", "nodes => nodes.map(node => node.value)"
    ) == list(ws.cardrules.variant_ids())
    web.deal("oh-hell", seed=3)
    rng = random.Random(3)
    bids = 0
    for _ in range(MAX_MOVES):
        state = web.game().state
        offered = _check_page(web, state)
        if not offered:
            break
        if offered[0].startswith("bid "):
            bids += 1
            assert page.text_content("#turn") == "Your turn: bid."
        seats = page.eval_on_selector_all("#seats li", "nodes => nodes.map(n => n.textContent)")
        assert seats[0].startswith("seat 0 (you)")
        assert all(text.startswith(f"seat {seat} (bot)") for seat, text in enumerate(seats[1:], 1))
        renders = web.renders()
        page.click(f'[data-action="{rng.choice(offered)}"]')
        web.wait_for_render(renders + 1)
    else:
        pytest.fail("the deal did not end")
    state = web.game().state
    assert state.is_terminal
    assert bids == 1
    assert page.text_content("#result") == state.result().explain()
    # The bids of the bots, in the moves as every seat saw them.
    moves = page.eval_on_selector_all("#moves li", "nodes => nodes.map(n => n.textContent)")
    assert len(moves) == 4
    assert all(" bid " in f" {move}" for move in moves)
    assert page.locator("#last-trick li:not(.empty)").count() == 4
    assert page.text_content("#facts").startswith("Turned up: ")
    web.keep_screenshot(tmp_path, "web-game-oh-hell.png")
    assert web.problems == []


def _doctor(web: Web, action: str, replacement: str) -> None:
    """Change the ``data-action`` of the button that holds ``action``."""
    web.page.eval_on_selector(
        f'[data-action="{action}"]', "(node, text) => { node.dataset.action = text; }", replacement
    )


def _illegal_card(state: Any) -> str | None:
    """A card of the person's hand it may not play now, if any."""
    if state.phase.value != "play":
        return None
    legal = {str(action) for action in state.legal_actions()}
    for card in state.view(0).hand:
        if f"play {card}" not in legal:
            return f"play {card}"
    return None


def _refusal(state: Any, action: str) -> str:
    """The text the page shows when the server refuses ``action``."""
    try:
        state.apply(action, 0)
    except (ws.IllegalActionError, ws.NotationError) as exc:
        return f"Refused: {exc.to_dict()['message']}."
    raise AssertionError(f"{action!r} was taken")
