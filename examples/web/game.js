// The game page of examples/web_server.py: one person against three bots.
//
// The server holds the game. This page sends only the person's own moves, with the
// seat's token, and draws what the server answers: the seat's view and, when it is the
// seat's turn, its legal actions. Every element the person may click to act carries the
// action's notation in a data-action attribute ("play 7H", "bid garde").
"use strict";

(() => {
  const PERSON = 0; // the seat the person plays; the server plays the others
  const TIMEOUT_MS = 10000;
  const SUITS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  const RANKS = { A: "ace", J: "jack", N: "knight", Q: "queen", K: "king" };
  const PROMPTS = {
    tarot: {
      bidding: "bid or pass",
      call: "call a king",
      ecart: "choose a card for the écart",
      announce: "announce a slam (chelem) or pass",
      play: "play a card",
    },
    "bid-euchre": {
      discard: "discard a card",
      claim: "claim ace-no-face or pass",
      auction: "bid or pass",
      trump: "name trump",
      exchange: "give a card to your partner",
      name_suit: "name a suit for the joker",
      play: "play a card",
    },
  };
  const CARD_VERBS = new Set(["play", "discard", "give"]);

  let game = null; // { id, token, variant, seat }
  let renders = 0;
  let settled = "idle"; // the page's status while no request is pending

  const $ = (id) => document.getElementById(id);

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  // A card's name in the game's words: "knight of clubs", "trump 19", "the Excuse".
  function cardName(code) {
    if (code === "EX") return "the Excuse";
    if (code === "JK") return "the joker";
    let match = /^([0-9]+)T$/.exec(code);
    if (match) return match[1] === "1" ? "the Petit (trump 1)" : `trump ${match[1]}`;
    match = /^(10|[2-9AJNQK])([SHDC])$/.exec(code);
    if (match) return `${RANKS[match[1]] || match[1]} of ${SUITS[match[2]]}`;
    return code;
  }

  function cardNode(code, tag) {
    const node = element(tag, code, "card");
    const suit = /[SHDC]$/.test(code) && code !== "EX" ? code.slice(-1) : "";
    if (suit === "H" || suit === "D") node.classList.add("red");
    if (/T$/.test(code)) node.classList.add("trump");
    if (suit) node.append(element("span", SYMBOLS[suit], "symbol"));
    node.title = cardName(code);
    return node;
  }

  function seatName(seat) {
    const name = game.variant === "bid-euchre" ? "NESW"[seat] : `seat ${seat}`;
    return seat === game.seat ? `you (${name})` : name;
  }

  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.hidden = false;
  }

  function clearError() {
    $("error").hidden = true;
    $("error").textContent = "";
  }

  // One request to the JSON API; a refusal throws its message (and rule) as text.
  async function api(method, path, body) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    const headers = { "Content-Type": "application/json" };
    if (game && game.token) headers.Authorization = `Bearer ${game.token}`;
    let response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        cache: "no-store",
      });
    } catch (exc) {
      const why = exc.name === "AbortError" ? "it did not answer in time" : exc.message;
      throw new Error(`Could not reach the server: ${why}.`);
    } finally {
      clearTimeout(timer);
    }
    let answer;
    try {
      answer = await response.json();
    } catch {
      throw new Error(`The server answered ${response.status} without JSON.`);
    }
    if (!response.ok) {
      const error = answer.error || {};
      const rule = error.rule_id ? ` (rule ${error.rule_id})` : "";
      throw new Error(`Refused: ${error.message || response.statusText}${rule}.`);
    }
    return answer;
  }

  // While a request is pending, no action can be sent: the page shows a state that is
  // about to change.
  function setBusy(busy) {
    document.body.dataset.status = busy ? "busy" : settled;
    $("table").setAttribute("aria-busy", String(busy));
    for (const button of document.querySelectorAll("button[data-action], #deal")) {
      button.disabled = busy;
    }
  }

  async function deal(event) {
    event.preventDefault();
    const seedText = $("seed").value.trim();
    const body = { variant: $("variant").value, bots: [1, 2, 3] };
    if (seedText !== "") {
      if (!/^-?[0-9]{1,15}$/.test(seedText)) {
        showError("The seed must be a whole number of at most 15 digits.");
        return;
      }
      body.seed = Number(seedText);
    }
    setBusy(true);
    try {
      game = null;
      const created = await api("POST", "/games", body);
      game = {
        id: created.game,
        token: created.tokens[PERSON],
        variant: created.variant,
        seat: PERSON,
      };
      clearError();
      render(await api("GET", `/games/${encodeURIComponent(game.id)}`));
    } catch (exc) {
      showError(exc.message);
    } finally {
      setBusy(false);
      focusFirstAction();
    }
  }

  async function act(action) {
    if (!game || document.body.dataset.status === "busy") return;
    setBusy(true);
    try {
      const answer = await api("POST", `/games/${encodeURIComponent(game.id)}/moves`, { action });
      clearError();
      render(answer);
    } catch (exc) {
      showError(exc.message);
    } finally {
      setBusy(false);
      focusFirstAction();
    }
  }

  // Keyboard players go on from the first action offered; the buttons they used are gone.
  function focusFirstAction() {
    const first = document.querySelector("button[data-action]:not(:disabled)");
    if (first) first.focus();
  }

  function actionButton(action, node) {
    const button = node || element("button", action);
    button.type = "button";
    button.dataset.action = action;
    return button;
  }

  function fill(list, items) {
    list.replaceChildren(...items);
  }

  function playsItems(plays) {
    return plays.map(([seat, card]) => {
      const item = element("li", `${seatName(seat)}: `);
      item.append(cardNode(card, "span"));
      return item;
    });
  }

  // The winner of the last trick: Bid Euchre's views say it; in Tarot the winner of a
  // trick leads the next, so it is the current trick's leader, or the seat to play.
  function lastTrick(view) {
    if (view.tricks) {
      const last = view.tricks[view.tricks.length - 1];
      return last ? { plays: last.plays, winner: last.winner } : { plays: [], winner: null };
    }
    let winner = null;
    if (view.trick.length) winner = view.trick[0][0];
    else if (view.phase === "play") winner = view.to_play;
    return { plays: view.last_trick, winner };
  }

  function renderSeats(view) {
    const players = view.players || 4;
    const items = [];
    for (let seat = 0; seat < players; seat += 1) {
      const roles = [];
      if (seat === view.dealer) roles.push("dealer");
      if (seat === view.taker || seat === view.declarer) {
        roles.push(game.variant === "tarot" ? "taker" : "declarer");
      }
      if (view.partner_known && seat === view.partner) roles.push("partner");
      if (seat === view.sitting_out) roles.push("sits out");
      const name = game.variant === "bid-euchre" ? "NESW"[seat] : `seat ${seat}`;
      const parts = [`${name} (${seat === game.seat ? "you" : "bot"})`];
      if (roles.length) parts.push(roles.join(", "));
      if (view.hand_sizes) parts.push(`${view.hand_sizes[seat]} cards`);
      if (game.variant === "tarot") {
        const won = view.tricks_won[seat];
        parts.push(`${won} trick${won === 1 ? "" : "s"} won`);
      }
      const item = element("li", parts.join(" · "));
      if (seat === view.to_play) {
        item.classList.add("to-play");
        item.append(" ", element("strong", "to play", "badge"));
      }
      items.push(item);
    }
    if (view.tricks_won && game.variant === "bid-euchre") {
      items.push(element("li", `Tricks won: NS ${view.tricks_won[0]}, EW ${view.tricks_won[1]}`));
    }
    fill($("seats"), items);
  }

  function renderAuction(view) {
    const calls = view.bids || view.calls || [];
    fill(
      $("auction"),
      calls.map(([seat, bid]) => element("li", `${seatName(seat)}: ${bid === null ? "pass" : bid}`)),
    );
    let contract = "";
    const taker = view.taker ?? view.declarer;
    if (view.contract !== null && taker !== null && taker !== undefined) {
      contract = `Contract: ${view.contract} by ${seatName(taker)}`;
      if (view.trump) contract += `, trump ${SUITS[view.trump] || view.trump}`;
      if (view.called_card) contract += `, calling ${view.called_card}`;
      if (view.sitting_out !== null && view.sitting_out !== undefined) {
        contract += `; ${seatName(view.sitting_out)} sits out`;
      }
    }
    $("contract").textContent = contract;
    const facts = [];
    const cards = (label, list) => {
      if (!list || !list.length) return;
      const item = element("li", `${label}: `);
      for (const card of list) item.append(cardNode(card, "span"), " ");
      facts.push(item);
    };
    cards("Chien", view.chien);
    cards("Écart (what you may see)", view.ecart);
    for (const poignee of view.poignees || []) {
      cards(`Poignée (${poignee.level}) of ${seatName(poignee.seat)}`, poignee.cards);
    }
    if (view.chelem_announced) facts.push(element("li", "The taker announced a slam (chelem)."));
    cards("You gave", view.given && view.seat === view.declarer ? view.given : []);
    cards("Your partner gave", view.returned && view.seat === view.declarer ? view.returned : []);
    cards("Given to you", view.given && view.seat !== view.declarer ? view.given : []);
    cards("You gave back", view.returned && view.seat !== view.declarer ? view.returned : []);
    cards("Your discard", view.discard);
    if (view.claimant !== null && view.claimant !== undefined) {
      cards(`Ace no face, claimed by ${seatName(view.claimant)}`, view.claimed_hand);
    }
    if (view.named_suit) facts.push(element("li", `Suit named for the joker: ${SUITS[view.named_suit]}`));
    fill($("facts"), facts);
  }

  function renderHand(answer, onCard) {
    const groups = answer.hand_by_suit.map((group) => {
      const name = { trumps: "Trumps", excuse: "The Excuse", joker: "The joker" }[group.suit] ||
        group.suit[0].toUpperCase() + group.suit.slice(1) + (group.trump ? " (trump)" : "");
      const box = element("div", undefined, "suit");
      box.setAttribute("role", "group");
      box.setAttribute("aria-label", name);
      box.append(element("span", name, "suit-name"));
      for (const card of group.cards) {
        const action = onCard.get(card);
        if (action) {
          const button = actionButton(action, cardNode(card, "button"));
          button.setAttribute("aria-label", `${action.split(" ")[0]} the ${cardName(card)}`);
          box.append(button);
        } else {
          box.append(cardNode(card, "span"));
        }
      }
      return box;
    });
    fill($("hand"), groups.length ? groups : [element("p", "No cards left.")]);
  }

  function render(answer) {
    const view = answer.view;
    renders += 1;
    $("table").hidden = false;
    for (const part of document.querySelectorAll("#legend [data-variant]")) {
      part.hidden = part.dataset.variant !== game.variant;
    }

    // Actions on a card of the hand go on the card; the others in the row below.
    const inHand = new Set(view.hand);
    const onCard = new Map();
    const others = [];
    for (const action of answer.legal) {
      const [verb, card, extra] = action.split(" ");
      if (CARD_VERBS.has(verb) && inHand.has(card) && extra === undefined) onCard.set(card, action);
      else others.push(action);
    }
    renderSeats(view);
    renderAuction(view);
    fill($("trick"), view.trick.length ? playsItems(view.trick) : [element("li", "No card yet.", "empty")]);
    const last = lastTrick(view);
    fill($("last-trick"), last.plays.length ? playsItems(last.plays) : [element("li", "None yet.", "empty")]);
    $("last-trick-winner").textContent =
      last.plays.length && last.winner !== null ? `Won by ${seatName(last.winner)}.` : "";
    renderHand(answer, onCard);
    fill($("actions"), others.map((action) => actionButton(action)));

    const over = view.to_play === null;
    $("score").hidden = !over;
    $("result").textContent = over && view.result ? view.result.explain : "";
    if (over) {
      $("turn").textContent = "The deal is over: see the score below.";
    } else if (view.to_play === game.seat) {
      const prompt = PROMPTS[game.variant]?.[view.phase] || "your move";
      $("turn").textContent = `Your turn: ${prompt}.`;
    } else {
      $("turn").textContent = `${seatName(view.to_play)} to play.`;
    }
    settled = over ? "over" : "ready";
    document.body.dataset.renders = String(renders);
    if (over) $("result").focus();
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("new-game").addEventListener("submit", deal);
    $("variant").addEventListener("change", () => {
      for (const part of document.querySelectorAll("#legend [data-variant]")) {
        part.hidden = part.dataset.variant !== $("variant").value;
      }
    });
    // Buttons answer Enter and Space themselves: one click handler serves mouse and keys.
    document.addEventListener("click", (event) => {
      const target = event.target.closest("button[data-action]");
      if (target && !target.disabled) act(target.dataset.action);
    });
  });
})();
