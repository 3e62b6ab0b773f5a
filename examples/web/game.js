// The game page of examples/web_server.py: one person against bots, in any registered
// variant.
//
// The server holds the game. This page sends only the person's own moves, with the
// seat's token, and draws what the server answers: the seat's view document and, when it
// is the seat's turn, its legal actions. It reads the view's envelope, the keys every
// variant shares (seat_names, dealer, stage, to_play, hand, hand_sizes, legal_actions,
// trick, last_trick, tricks_by_seat, contract, declarer, result), so no line here names
// a game; a few keys of the game's own detail are read, when present, for display only.
// Every element the person may click to act carries the action's notation in a
// data-action attribute ("play 7H", "bid garde").
"use strict";

(() => {
  const PERSON = 0; // the seat the person plays; the server plays the others
  const TIMEOUT_MS = 10000;
  const SUITS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  const SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  const RANKS = { A: "ace", J: "jack", N: "knight", Q: "queen", K: "king" };
  // Verbs whose action names a card of the hand: the action goes on the card itself.
  const CARD_VERBS = new Set(["play", "discard", "give"]);
  // Optional display: keys of a game's own detail shown when the detail has them. A
  // game without them plays the same; the envelope carries everything needed to play.
  const DETAILS = [
    ["trump", "Trump"],
    ["turn_up", "Turned up"],
    ["called_card", "Called card"],
    ["named_suit", "Suit named for the joker"],
    ["chien", "Chien"],
    ["ecart", "Écart (what you may see)"],
    ["given", "Cards given"],
    ["returned", "Cards given back"],
    ["discard", "Your discard"],
    ["claimed_hand", "Hand shown with a claim"],
    ["poignees", "Poignée"],
  ];

  const variants = new Map(); // the server's variants by id: { id, name, players, seat_names }
  let game = null; // { id, token, variant, seat, bots }
  let renders = 0;
  let settled = "idle"; // the page's status while no request is pending

  const $ = (id) => document.getElementById(id);

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  // A card's name in words: "knight of clubs", "trump 19", "the Excuse".
  function cardName(code) {
    if (code === "EX") return "the Excuse";
    if (code === "JK") return "the joker";
    let match = /^([0-9]+)T$/.exec(code);
    if (match) return match[1] === "1" ? "the Petit (trump 1)" : `trump ${match[1]}`;
    match = /^(10|[2-9AJNQK])([SHDC])$/.exec(code);
    if (match) return `${RANKS[match[1]] || match[1]} of ${SUITS[match[2]]}`;
    return code;
  }

  function isCard(text) {
    return typeof text === "string" && cardName(text) !== text;
  }

  function cardNode(code, tag) {
    const node = element(tag, code, "card");
    const match = /^(?:10|[2-9AJNQK])([SHDC])$/.exec(code);
    const suit = match ? match[1] : "";
    if (suit === "H" || suit === "D") node.classList.add("red");
    if (/^[0-9]+T$/.test(code)) node.classList.add("trump");
    if (suit) node.append(element("span", SYMBOLS[suit], "symbol"));
    node.title = cardName(code);
    return node;
  }

  // A seat as the table names it (the envelope's seat_names): "N", or "seat 2" for a
  // seat named by its number.
  function tableName(view, seat) {
    const name = view.seat_names[seat];
    return /^[0-9]+$/.test(name) ? `seat ${name}` : name;
  }

  function seatName(view, seat) {
    const name = tableName(view, seat);
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

  // One request to the JSON API; a refusal throws its message (which cites the rule) as
  // text.
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
      throw new Error(`Refused: ${error.message || response.statusText}.`);
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

  // The games the server deals, in the form's list.
  async function loadVariants() {
    const select = $("variant");
    try {
      const answer = await api("GET", "/variants");
      for (const variant of answer.variants) variants.set(variant.id, variant);
      select.replaceChildren(
        ...answer.variants.map((variant) => {
          const option = element("option", `${variant.name} (${variant.players} players)`);
          option.value = variant.id;
          return option;
        }),
      );
      showLegend(select.value);
    } catch (exc) {
      showError(exc.message);
    }
  }

  function showLegend(variant) {
    for (const part of document.querySelectorAll("#legend [data-variant]")) {
      part.hidden = part.dataset.variant !== variant;
    }
  }

  async function deal(event) {
    event.preventDefault();
    const seedText = $("seed").value.trim();
    const chosen = variants.get($("variant").value);
    if (!chosen) {
      showError("Choose a game first.");
      return;
    }
    // The server plays every seat but the person's.
    const bots = chosen.seat_names.map((_, seat) => seat).filter((seat) => seat !== PERSON);
    const body = { variant: chosen.id, bots };
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
        bots: new Set(created.bots),
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

  function playsItems(view, plays) {
    return plays.map(([seat, card]) => {
      const item = element("li", `${seatName(view, seat)}: `);
      item.append(cardNode(card, "span"));
      return item;
    });
  }

  // The winner of the last trick: the winner of a trick leads the next, so it is the
  // current trick's leader, or the seat to play between two tricks.
  function lastTrickWinner(view) {
    if (view.trick.length) return view.trick[0][0];
    if (view.stage === "play") return view.to_play;
    return null;
  }

  function renderSeats(view, detail) {
    const items = [];
    for (let seat = 0; seat < view.players; seat += 1) {
      const roles = [];
      if (seat === view.dealer) roles.push("dealer");
      if (seat === view.declarer) roles.push("declarer");
      if (detail.partner_known && seat === detail.partner) roles.push("partner");
      if (seat === detail.sitting_out) roles.push("sits out");
      const who = seat === game.seat ? "you" : game.bots.has(seat) ? "bot" : "person";
      const parts = [`${tableName(view, seat)} (${who})`];
      if (roles.length) parts.push(roles.join(", "));
      parts.push(`${view.hand_sizes[seat]} cards`);
      const won = view.tricks_by_seat[seat];
      parts.push(`${won} trick${won === 1 ? "" : "s"} won`);
      const item = element("li", parts.join(" · "));
      if (seat === view.to_play) {
        item.classList.add("to-play");
        item.append(" ", element("strong", "to play", "badge"));
      }
      items.push(item);
    }
    fill($("seats"), items);
  }

  function renderMoves(view, moves) {
    fill(
      $("moves"),
      moves.map(([seat, move]) =>
        element("li", `${seatName(view, seat)}: ${move === null ? "a card, face down" : move}`),
      ),
    );
    let contract = "";
    if (view.contract !== null) {
      contract = `Contract: ${view.contract}`;
      if (view.declarer !== null) contract += ` by ${seatName(view, view.declarer)}`;
    }
    $("contract").textContent = contract;
  }

  // The game's own detail, for display: the keys of DETAILS it has, by the shape of
  // their values (a suit, a card, a list of cards, a list of shown hands).
  function renderDetails(view, detail) {
    const facts = [];
    for (const [key, label] of DETAILS) {
      const value = detail[key];
      if (value === null || value === undefined || value === false) continue;
      if (Array.isArray(value)) {
        if (!value.length) continue;
        if (typeof value[0] === "object" && value[0] !== null) {
          for (const shown of value) {
            if (!Array.isArray(shown.cards)) continue;
            const whose = typeof shown.seat === "number" ? ` of ${seatName(view, shown.seat)}` : "";
            const level = shown.level ? ` (${shown.level})` : "";
            facts.push(cardsItem(`${label}${level}${whose}`, shown.cards));
          }
        } else {
          facts.push(cardsItem(label, value.map(String)));
        }
      } else if (SUITS[value]) {
        facts.push(element("li", `${label}: ${SUITS[value]}`));
      } else if (isCard(value)) {
        facts.push(cardsItem(label, [value]));
      } else {
        facts.push(element("li", `${label}: ${value}`));
      }
    }
    fill($("facts"), facts);
  }

  function cardsItem(label, cards) {
    const item = element("li", `${label}: `);
    for (const card of cards) item.append(isCard(card) ? cardNode(card, "span") : card, " ");
    return item;
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

  // "Your turn: pass or bid.": the verbs of the legal actions, in their order.
  function prompt(legal) {
    const verbs = [...new Set(legal.map((action) => action.split(" ")[0]))];
    if (verbs.length === 1 && verbs[0] === "play") return "play a card";
    if (verbs.length < 2) return verbs[0] || "your move";
    return `${verbs.slice(0, -1).join(", ")} or ${verbs[verbs.length - 1]}`;
  }

  function render(answer) {
    const view = answer.view;
    const detail = view[view.variant.replaceAll("-", "_")] || {};
    renders += 1;
    $("table").hidden = false;
    showLegend(view.variant);

    // Actions on a card of the hand go on the card; the others in the row below.
    const inHand = new Set(view.hand);
    const onCard = new Map();
    const others = [];
    for (const action of answer.legal) {
      const [verb, card, extra] = action.split(" ");
      if (CARD_VERBS.has(verb) && inHand.has(card) && extra === undefined) onCard.set(card, action);
      else others.push(action);
    }
    renderSeats(view, detail);
    renderMoves(view, answer.moves);
    renderDetails(view, detail);
    fill(
      $("trick"),
      view.trick.length ? playsItems(view, view.trick) : [element("li", "No card yet.", "empty")],
    );
    const last = view.last_trick;
    fill(
      $("last-trick"),
      last.length ? playsItems(view, last) : [element("li", "None yet.", "empty")],
    );
    const winner = lastTrickWinner(view);
    $("last-trick-winner").textContent =
      last.length && winner !== null ? `Won by ${seatName(view, winner)}.` : "";
    renderHand(answer, onCard);
    fill($("actions"), others.map((action) => actionButton(action)));

    const over = view.stage === "end";
    $("score").hidden = !over;
    $("result").textContent = over && view.result ? view.result.explain : "";
    if (over) {
      $("turn").textContent = "The deal is over: see the score below.";
    } else if (view.to_play === game.seat) {
      $("turn").textContent = `Your turn: ${prompt(answer.legal)}.`;
    } else {
      $("turn").textContent = `${seatName(view, view.to_play)} to play.`;
    }
    settled = over ? "over" : "ready";
    document.body.dataset.renders = String(renders);
    if (over) $("result").focus();
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("new-game").addEventListener("submit", deal);
    $("variant").addEventListener("change", () => showLegend($("variant").value));
    // Buttons answer Enter and Space themselves: one click handler serves mouse and keys.
    document.addEventListener("click", (event) => {
      const target = event.target.closest("button[data-action]");
      if (target && !target.disabled) act(target.dataset.action);
    });
    loadVariants();
  });
})();
