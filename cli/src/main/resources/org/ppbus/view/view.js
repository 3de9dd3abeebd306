// ppbus view: draws a run of the Java model, one frame (cycle) at a time, from the server's JSON.
"use strict";
(function () {
  const svg = document.getElementById("plane");
  const ns = "http://www.w3.org/2000/svg";
  let run = null;      // {title, nodes, points, cycles, links: [[client, arbiter]]}
  let cycle = -1;
  let timer = null;
  // A file written by simulate --html carries its run and frames; the server's page asks for them.
  const embedded = window.PPBUS_EMBEDDED || null;
  const STATES = {T: "THINKING", H: "HUNGRY", E: "EATING"};
  const PLACES = {C: "CLIENT", A: "ARBITER", F: "FLIGHT"};

  function error(text) {
    document.getElementById("error").textContent = text || "";
  }

  // What changes the run (api/run, api/live/...) is a POST: the server takes no GET for it, so a
  // link or an image on another site cannot start one.
  async function getJson(url, method = "GET") {
    const r = await fetch(url, {method});
    const body = await r.json();
    if (!r.ok) {
      throw new Error(body.error || r.statusText);
    }
    return body;
  }

  function point(i, count, radius) {
    const a = (2 * Math.PI * i) / count - Math.PI / 2;
    return [radius * Math.cos(a), radius * Math.sin(a)];
  }

  function el(name, attrs, parent) {
    const e = document.createElementNS(ns, name);
    for (const k in attrs) {
      e.setAttribute(k, attrs[k]);
    }
    (parent || svg).appendChild(e);
    return e;
  }

  function draw() {
    svg.replaceChildren();
    const n = run.nodes;
    const c = [...Array(n).keys()].map((i) => point(i, n, 280));
    const a = [...Array(run.points).keys()].map((j) => point(j, run.points, 150));
    run.links.forEach(([ci, aj], l) => {
      el("line", {class: "link", x1: c[ci][0], y1: c[ci][1], x2: a[aj][0], y2: a[aj][1], "data-link": l});
    });
    a.forEach(([x, y], j) => {
      const box = el("rect", {class: "arbiter", x: x - 9, y: y - 9, width: 18, height: 18, "data-arbiter": j});
      box.addEventListener("click", () => explainArbiter(j));
      el("text", {class: "label", x: x, y: y}).textContent = j;
    });
    run.links.forEach(([ci, aj], l) => {
      el("circle", {class: "fork", r: 5, cx: 0, cy: 0, "data-link": l, "data-client-end": ci, "data-arbiter-end": aj});
    });
    c.forEach(([x, y], i) => {
      const e = el("circle", {class: "client THINKING", r: 14, cx: x, cy: y, "data-client": i, "data-state": "THINKING"});
      e.addEventListener("click", () => clicked(i));
      // On a k-bus run each plane seats the processors at other clients: the label is the processor.
      const p = processorOf(i);
      e.dataset.processor = p;
      el("text", {class: "label", x: x, y: y}).textContent = p;
    });
    run.symbolLayer = el("g", {class: "symbols"});
    run.c = c;
    run.a = a;
    run.clientEls = [...svg.querySelectorAll("circle.client")];
    run.forkEls = [...svg.querySelectorAll("circle.fork")];
  }

  // The last cycle drawn: a window of a long run's export starts at run.first.
  function last() {
    return (run.first || 0) + run.cycles - 1;
  }

  // Plane b's client i seats this processor (itself on one bus).
  function processorOf(i) {
    return run.seats ? run.seats[run.bus][i] : i;
  }

  // The frame of the plane drawn: on a k-bus run each frame holds one per bus.
  function planeFrame(frame) {
    return run.buses > 1 ? frame.p[run.bus] : frame;
  }

  // A frame as the server packs it: a character per client (c) and per link (f, d), gnt's list (g),
  // req's (r) and the cycle's symbols (s, channel * 4 + code).
  // Moves what changed since the frame drawn last: a step at n = 57 touches a few of 456 forks.
  function place(frame) {
    const gnt = new Set(frame.g);
    run.clientEls.forEach((e, i) => {
      const s = STATES[frame.c[i]];
      const cls = "client " + s + (gnt.has(i) ? " gnt" : "");
      if (e.getAttribute("class") !== cls) {
        e.dataset.state = s;
        e.setAttribute("class", cls);
      }
    });
    run.forkEls.forEach((e, l) => {
      const code = frame.f[l] + frame.d[l];
      if (e.dataset.code === code) {
        return;
      }
      e.dataset.code = code;
      const where = PLACES[frame.f[l]];
      const [ci, aj] = run.links[l];
      const f = where === "CLIENT" ? 0.2 : where === "FLIGHT" ? 0.5 : 0.8;
      e.setAttribute("cx", run.c[ci][0] + f * (run.a[aj][0] - run.c[ci][0]));
      e.setAttribute("cy", run.c[ci][1] + f * (run.a[aj][1] - run.c[ci][1]));
      e.dataset.place = where;
      e.dataset.dirty = frame.d[l] === "1" && where === "CLIENT";
      e.setAttribute("class", "fork " + (e.dataset.dirty === "true" ? "dirty" : "clean"));
    });
  }

  // In live mode a click makes the client's processor ask; otherwise it explains the client.
  async function clicked(i) {
    if (run && run.live) {
      const p = processorOf(i);
      await hungry(p, run.seats ? `processor ${p}` : `client ${i}`);
      return;
    }
    run.chosen = i;
    explain(i);
  }

  // Live mode: the processor asks from the next cycle on.
  async function hungry(p, who) {
    try {
      await getJson("api/live/hungry?node=" + p, "POST");
      document.getElementById("detail").textContent = `${who} asks from cycle ${cycle + 1}`;
    } catch (e) {
      error(e.message);
    }
  }

  // The next cycle: in live mode past the last one, the server steps the model first.
  async function forward() {
    if (run && run.live && cycle + 1 >= run.cycles) {
      try {
        const r = await getJson("api/live/step?k=1", "POST");
        run.cycles = r.cycles;
        if (r.messages) {
          run.messages.push(...r.messages);
          run.edges.push(...r.edges);
          run.spans = undefined; // drawn again from the edges
        }
        if (r.violation && !run.violation) {
          run.violation = r.violation;
          await opened();
          stop();
          return;
        }
      } catch (e) {
        error(e.message);
        return;
      }
    }
    await show(cycle + 1);
  }

  // Each symbol on its way at cycle t, on its link, coloured by its kind: one driven in cycle s
  // arrives in s + L, so it is drawn (t - s + 1)/(L + 1) of the way from its sender.
  function symbolsInFlight(t, window) {
    run.symbolLayer.replaceChildren();
    const back = Math.min(run.latency, SYMBOL_HISTORY);
    window.filter((f) => f.t > t - back && f.t <= t).forEach((f) => {
      f.s.forEach((x) => {
        const ch = Math.floor(x / 4);
        const code = x % 4;
        const [ci, aj] = run.links[Math.floor(ch / 2)];
        const toArbiter = ch % 2 === 0;
        const [from, to] = toArbiter ? [run.c[ci], run.a[aj]] : [run.a[aj], run.c[ci]];
        const k = (t - f.t + 1) / (run.latency + 1);
        const name = run.symbolNames[String(ch % 2)][code];
        const e = el("rect", {class: "symbol " + name, x: from[0] + k * (to[0] - from[0]) - 4,
          y: from[1] + k * (to[1] - from[1]) - 4, width: 8, height: 8, "data-channel": run.channels[ch],
          "data-symbol": name, "data-sent": f.t}, run.symbolLayer);
        el("title", {}, e).textContent = `${name} on ${run.channels[ch]}, driven in cycle ${f.t}`;
      });
    });
  }

  // An arbiter: its OWNER and its clients from the highest priority to the lowest, at the cycle shown.
  function explainArbiter(j) {
    if (!run || !run.frame) {
      return;
    }
    const f = planeFrame(run.frame);
    const ports = f.q.split(",")[j];
    const order = [...ports].map((ch) => run.arbiterClients[j][ch.charCodeAt(0) - 48]);
    const owner = f.o[j];
    const name = (c) => (run.seats ? `${c} (processor ${run.seats[run.bus][c]})` : `${c}`);
    const detail = document.getElementById("detail");
    detail.textContent = `arbiter ${j} at cycle ${cycle}: OWNER ${owner < 0 ? "NIL" : "client " + name(owner)};` +
      ` priority, highest first: ${order.map(name).join(" > ")}`;
    detail.dataset.priority = order.join(",");
    detail.dataset.owner = owner;
    document.getElementById("requests").replaceChildren();
  }

  // Why a client waits: for each arbiter whose fork it lacks, where that fork is now.
  function explain(i) {
    if (!run || cycle < 0 || !run.frame) {
      return;
    }
    const f = planeFrame(run.frame);
    const state = STATES[f.c[i]];
    const lacking = run.links
      .map(([c, a], l) => [c, a, l])
      .filter(([c, a, l]) => c === i && f.f[l] !== "C")
      .map(([c, a, l]) => {
        const owner = f.o[a];
        const ownerLink = run.links.findIndex(([c2, a2]) => c2 === owner && a2 === a);
        const where = f.f[l] === "F" ? "on its way to it" :
          ownerLink >= 0 && owner !== i && f.f[ownerLink] === "C" ? `held by client ${owner}, its OWNER` :
          ownerLink >= 0 && owner !== i && f.f[ownerLink] === "F" ? `between client ${owner} and the arbiter` :
          "at the arbiter";
        return `arbiter ${a}'s fork (${where})`;
      });
    const who = run.seats ? `processor ${processorOf(i)} (client ${i} of bus ${run.bus}'s plane)` : `client ${i}`;
    document.getElementById("detail").textContent =
      `${who} at cycle ${cycle}: ${state}` +
      (state === "HUNGRY" ? `, waiting for ${lacking.join("; ")}` : "");
    listRequests(processorOf(i), cycle);
  }

  // The processor's requests up to cycle t, the latest first (the last ten), with their waits.
  async function listRequests(i, t) {
    const list = document.getElementById("requests");
    list.replaceChildren();
    const key = `${i}:${run.cycles}`; // a live run's list grows with its cycles
    run.requestLists = run.requestLists || new Map();
    if (!run.requestLists.has(key)) {
      try {
        run.requestLists.set(key, embedded ? embedded.requests[i] : await getJson("api/requests?node=" + i));
      } catch (e) {
        error(e.message);
        return;
      }
    }
    const all = run.requestLists.get(key);
    const seen = all.filter(([raised]) => raised <= t);
    const served = seen.filter(([, granted]) => granted >= 0 && granted <= t);
    const waits = served.map(([raised, granted]) => granted - raised);
    const longest = waits.length ? Math.max(...waits) : 0;
    const mean = waits.length ? waits.reduce((a, b) => a + b, 0) / waits.length : 0;
    const head = document.createElement("li");
    head.className = "summary";
    head.textContent = `${seen.length} requests up to cycle ${t}, ${served.length} granted` +
      (waits.length ? `: wait mean ${mean.toFixed(1)}, longest ${longest} cycles` : "");
    list.appendChild(head);
    seen.slice(-10).reverse().forEach(([raised, granted, released]) => {
      const li = document.createElement("li");
      li.className = "request";
      li.dataset.raised = raised;
      li.dataset.granted = granted <= t ? granted : -1;
      li.textContent = granted < 0 || granted > t ? `raised in ${raised}, waiting ${t - raised + 1} cycles so far` :
        `raised in ${raised}, granted in ${granted} after ${granted - raised} cycles` +
        (released >= 0 && released <= t ? `, released in ${released}` : ", holding the bus");
      list.appendChild(li);
    });
  }

  // ---- the waveform panel: req, gnt and one client's links, 10 cycles each side ----

  const wave = document.getElementById("wave");
  const SPAN = 10;
  const SYMBOL_HISTORY = 180; // the oldest symbol drawn on its way is this many cycles old

  async function framesBetween(a, b) {
    if (embedded) {
      const first = run.first || 0; // a long run's export keeps a window of its cycles
      return embedded.frames.slice(a - first, b - first + 1);
    }
    return getJson(`api/frames?from=${a}&to=${b}`);
  }

  // The frames the waveform of cycle t needs (one cycle more before, for gnt). Frames already
  // fetched are kept, so a step forward asks the server for the one cycle that came into view.
  let cache = new Map();
  let cachedRun = null;

  async function windowOf(t) {
    const a = Math.max(run.first || 0, t - Math.max(SPAN + 1, Math.min(run.latency || 0, SYMBOL_HISTORY)));
    const b = Math.min(last(), t + SPAN);
    if (cachedRun !== run || cache.size > 4000) {
      cache = new Map();
      cachedRun = run;
    }
    let lo = a;
    while (lo <= b && cache.has(lo)) lo++;
    let hi = b;
    while (hi >= lo && cache.has(hi)) hi--;
    if (lo <= hi) {
      (await framesBetween(lo, hi)).forEach((f) => cache.set(f.t, f));
    }
    const out = [];
    for (let c = a; c <= b; c++) {
      if (cache.has(c)) out.push(cache.get(c));
    }
    return out;
  }

  function waveform(t, fetched) {
    wave.replaceChildren();
    const i = Number(document.getElementById("wave-client").value);
    if (!run || run.kind !== "plane" || !(i >= 0 && i < run.nodes)) {
      return;
    }
    const a = Math.max(0, t - SPAN);
    // A frame's g is gnt from the next cycle on (gnt is a register), so cycle t's gnt is frame t - 1's.
    const before = new Map(fetched.map((f) => [f.t + 1, f]));
    const frames = fetched.filter((f) => f.t >= a);
    const gntIn = (f) => (before.has(f.t) && before.get(f.t).g.includes(i) ? "1" : "0");
    const rows = [["req", (f) => (f.r.includes(i) ? "1" : "0")], ["gnt", gntIn]];
    run.links.forEach(([c, arb], l) => {
      if (c !== i) return;
      [2 * l, 2 * l + 1].forEach((ch) => {
        const names = run.symbolNames[String(ch % 2)];
        rows.push([(run.buses > 1 ? `u_plane_${run.bus}.` : "") + run.channels[ch], (f) => {
          const s = f.s.find((x) => Math.floor(x / 4) === ch);
          return s === undefined ? names[0] : names[s % 4];
        }]);
      });
    });
    const w = 1000 - 120;
    const cell = w / (2 * SPAN + 1);
    wave.setAttribute("viewBox", `0 0 1000 ${rows.length * 20 + 10}`);
    wave.setAttribute("height", rows.length * 20 + 10);
    rows.forEach(([name, value], r) => {
      const y = 5 + r * 20;
      const label = document.createElementNS(ns, "text");
      label.setAttribute("class", "wavename");
      label.setAttribute("x", 0);
      label.setAttribute("y", y + 8);
      label.textContent = name === "req" || name === "gnt" ? `${name}[${i}]` : name;
      wave.appendChild(label);
      frames.forEach((f) => {
        const v = value(f);
        const bit = name === "req" || name === "gnt";
        const cls = bit ? (v === "1" ? "high" : "low") : v === "idle" ? "idle" : "sym";
        const x = 120 + (f.t - (t - SPAN)) * cell;
        el("rect", {class: "wave " + cls, x: x, y: y, width: cell - 1, height: 16,
          "data-signal": name === "req" || name === "gnt" ? `${name}[${i}]` : name, "data-cycle": f.t, "data-value": v}, wave);
        if (!bit && v !== "idle") {
          el("text", {class: "wavetext", x: x + cell / 2, y: y + 8}, wave).textContent = v.replace("_", " ");
        }
      });
    });
    el("rect", {class: "wavenow", x: 120 + SPAN * cell, y: 1, width: cell - 1, height: rows.length * 20 + 6}, wave);
  }

  // ---- the time-space diagram of a message-passing run ----

  const WINDOW = 30; // cycles drawn each side of the current one
  const COLOURS = ["#1f77b4", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"];

  // Per processor, its waiting and holding intervals [from, to) from the req and gnt edges.
  function intervals() {
    const out = [...Array(run.nodes)].map(() => []);
    const open = [...Array(run.nodes)].map(() => null); // [from, state] of the interval under way
    for (const [node, c, what] of run.edges) {
      const o = open[node];
      if (what === "R") {
        open[node] = [c, "HUNGRY"];
      } else if (what === "G") {
        if (o) out[node].push([o[0], c + 1, "HUNGRY"]);
        open[node] = [c + 1, "EATING"];
      } else if (what === "g") {
        if (o) out[node].push([o[0], c + 1, "EATING"]);
        open[node] = null;
      }
    }
    open.forEach((o, node) => o && out[node].push([o[0], run.cycles, o[1]]));
    return out;
  }

  function timeSpace(t) {
    svg.replaceChildren();
    const defs = el("defs", {});
    const m = el("marker", {id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto"}, defs);
    el("path", {d: "M 0 0 L 10 5 L 0 10 z"}, m);
    const t0 = t - WINDOW;
    const t1 = t + WINDOW;
    const x = (c) => -280 + (560 * (c - t0)) / (t1 - t0);
    const y = (i) => -280 + (560 * (i + 0.5)) / run.nodes;
    run.spans = run.spans || intervals();
    for (let i = 0; i < run.nodes; i++) {
      for (const [a, b, state] of run.spans[i]) {
        if (b >= t0 && a <= t1) {
          const xa = x(Math.max(a, t0));
          el("rect", {class: "segment " + state, x: xa, y: y(i) - 5, width: Math.max(1, x(Math.min(b, t1)) - xa), height: 10,
            "data-node": i, "data-state": state});
        }
      }
      const row = el("rect", {class: "row", x: x(t0), y: y(i) - 12, width: x(t1) - x(t0), height: 24, "data-row": i});
      row.addEventListener("click", () => {
        run.selected = run.selected === i ? undefined : i;
        timeSpace(cycle);
      });
      el("line", {class: "process", x1: x(t0), y1: y(i), x2: x(t1), y2: y(i)});
      const handle = el("circle", {class: "client THINKING", r: 10, cx: -300, cy: y(i), "data-process": i});
      handle.addEventListener("click", () => {
        if (run.live) {
          hungry(i, `processor ${i}`);
          return;
        }
        run.selected = run.selected === i ? undefined : i;
        timeSpace(cycle);
      });
      el("text", {class: "label", x: -300, y: y(i)}).textContent = i;
    }
    for (const [from, to, type, sent, arrives] of run.messages) {
      const lost = arrives < 0;
      if (sent > t1 || (lost ? sent < t0 : arrives < t0)) {
        continue;
      }
      const end = lost ? sent + run.latency / 2 : arrives;
      const p = run.selected;
      const mark = p === undefined ? "" : from === p || to === p ? " mine" : " other";
      const token = run.tokenKinds.includes(type) ? " token" : "";
      const line = el("line", {class: "msg" + token + (lost ? " lost" : "") + mark, x1: x(sent), y1: y(from), x2: x(end), y2: y(to),
        stroke: COLOURS[type % COLOURS.length], "data-from": from, "data-to": to, "data-type": type, "data-sent": sent,
        "data-arrives": arrives});
      el("title", {}, line).textContent = `${run.messageKinds[type] || type}: ${from} to ${to}, sent in cycle ${sent}` +
        (lost ? ", lost" : `, received in ${arrives}`);
    }
    el("line", {class: "now", x1: x(t), y1: -300, x2: x(t), y2: 300});
    const p = run.selected;
    document.getElementById("detail").textContent = p === undefined ? tokenAt(t) :
      talkOf(p, t0, t1) + waitingOn(p, t);
    if (p === undefined) {
      document.getElementById("requests").replaceChildren();
    } else {
      listRequests(p, t);
    }
  }

  // Whom a waiting processor still waits for at cycle t: those it sent to since its req rose from
  // whom no message has come back since (a reply, a grant, a token), by the messages alone.
  function waitingOn(p, t) {
    const wait = run.spans[p].find(([a, b, state]) => state === "HUNGRY" && a <= t && t < b);
    if (!wait) {
      return "";
    }
    const firstSent = new Map();
    for (const [f, r, , sent] of run.messages) {
      if (f === p && r !== p && sent >= wait[0] && sent <= t && !firstSent.has(r)) firstSent.set(r, sent);
    }
    const silent = [...firstSent.keys()].filter((r) => !run.messages.some(([f, to, , sent, arrives]) =>
      f === r && to === p && arrives >= 0 && arrives <= t && sent >= firstSent.get(r))).sort((a, b) => a - b);
    return `. Waiting since cycle ${wait[0]}` + (firstSent.size === 0 ? ", having sent nothing yet" :
      silent.length ? `; no message back yet from ${silent.join(", ")}` : "; every processor it sent to has answered");
  }

  // Where the token is at cycle t, for an algorithm whose messages carry one: on its way, or with
  // the processor that received it last.
  function tokenAt(t) {
    if (!run.tokenKinds.length) {
      return "";
    }
    const names = run.tokenKinds.map((k) => run.messageKinds[k]).join(" or ");
    const flying = run.messages.filter(([, , type, sent, arrives]) =>
      run.tokenKinds.includes(type) && sent <= t && arrives > t);
    if (flying.length) {
      return `at cycle ${t} the ${names} is on its way: ` +
        flying.map(([f, r, , sent, arrives]) => `${f} to ${r} (sent in ${sent}, arrives in ${arrives})`).join("; ");
    }
    const last = run.messages.filter(([, , type, , arrives]) => run.tokenKinds.includes(type) && arrives >= 0 && arrives <= t)
      .sort((a, b) => a[4] - b[4]).pop();
    return last ? `at cycle ${t} the ${names} is at processor ${last[1]}, received from ${last[0]} in cycle ${last[4]}` :
      `at cycle ${t} no ${names} has moved yet`;
  }

  // What a processor sent and received in the window: to whom (its quorum, for a quorum algorithm), by kind.
  function talkOf(p, t0, t1) {
    const to = new Set();
    const from = new Set();
    const kinds = {};
    for (const [f, r, type, sent, arrives] of run.messages) {
      if (sent > t1 || (arrives >= 0 ? arrives : sent) < t0) continue;
      if (f === p) {
        to.add(r);
        const k = run.messageKinds[type] || type;
        kinds[k] = (kinds[k] || 0) + 1;
      }
      if (r === p) from.add(f);
    }
    const sorted = (set) => [...set].sort((a, b) => a - b).join(", ") || "nobody";
    const sentKinds = Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(", ") || "nothing";
    return `processor ${p}, cycles ${Math.max(0, t0)} to ${t1}: sent ${sentKinds} to ${sorted(to)}; heard from ${sorted(from)}`;
  }

  async function show(t) {
    if (!run) {
      return;
    }
    t = Math.max(run.first || 0, Math.min(last(), t));
    try {
      if (run.kind === "timespace") {
        cycle = t;
        timeSpace(t);
      } else {
        const win = await windowOf(t);
        run.frame = win.find((f) => f.t === t);
        place(planeFrame(run.frame));
        symbolsInFlight(t, win.map(planeFrame));
        cycle = t;
        if (run.chosen !== undefined) {
          explain(run.chosen);
        }
        waveform(t, win.map(planeFrame));
      }
      const label = document.getElementById("cycle");
      label.textContent = `cycle ${t} of ${last()}`;
      label.dataset.cycle = t;
      document.getElementById("goto").value = t;
      error("");
    } catch (e) {
      error(e.message);
    }
  }

  // A run the server answered with (api/run, or api/open for a file), drawn from its first frame.
  async function begin(request) {
    stop();
    document.getElementById("detail").textContent = "";
    document.getElementById("requests").replaceChildren();
    try {
      run = await request();
      document.querySelector("h1").textContent = "ppbus view: " + run.title;
      document.querySelector(".plane-help").hidden = run.kind !== "plane";
      document.querySelector(".timespace-help").hidden = run.kind !== "timespace";
      run.bus = 0;
      buses();
      if (run.kind === "plane") {
        draw();
      }
      await opened();
    } catch (e) {
      run = null;
      error(e.message);
    }
  }

  // A k-bus run offers its planes, one drawn at a time.
  function buses() {
    const pick = document.getElementById("bus");
    pick.replaceChildren();
    for (let b = 0; b < (run.buses || 1); b++) {
      const o = document.createElement("option");
      o.value = b;
      o.textContent = b;
      pick.appendChild(o);
    }
    document.getElementById("bus-pick").hidden = !(run.buses > 1);
  }

  document.getElementById("bus").addEventListener("change", (ev) => {
    run.bus = Number(ev.target.value);
    draw();
    show(cycle);
  });

  // The form's settings, which a replayed trace keeps (it gives only n and the requests).
  function settings() {
    return new URLSearchParams(new FormData(document.getElementById("run")));
  }

  document.getElementById("run").addEventListener("submit", (ev) => {
    ev.preventDefault();
    begin(() => getJson("api/run?" + settings(), "POST"));
  });

  document.getElementById("open").addEventListener("change", (ev) => {
    const file = ev.target.files[0];
    if (!file) {
      return;
    }
    const q = settings();
    q.delete("trace");
    begin(async () => {
      const text = await file.text();
      ev.target.value = ""; // the same file may be opened again
      const r = await fetch("api/open?" + q, {method: "POST", body: text});
      const body = await r.json();
      if (!r.ok) {
        throw new Error(`${file.name}: ${body.error || r.statusText}`);
      }
      return body;
    });
  });

  if (embedded) {
    document.getElementById("run").hidden = true;
    document.getElementById("replay").hidden = true;
    begin(async () => embedded.run);
  }

  // A run that broke an invariant opens on the cycle it broke, the invariant named; a co-simulation
  // report's replay opens on the cycle its RTL diverged from the model, the signal named.
  function opened() {
    const v = run.violation;
    const d = run.divergence;
    const banner = document.getElementById("violation");
    banner.hidden = !v && !d;
    delete banner.dataset.invariant;
    delete banner.dataset.signal;
    if (v) {
      banner.textContent = `VIOLATION at cycle ${v.cycle}: ${v.invariant}: ${v.message}`;
      banner.dataset.invariant = v.invariant;
      banner.dataset.cycle = v.cycle;
    } else if (d) {
      banner.textContent = `DIVERGENCE at cycle ${d.cycle}: the RTL's ${d.signal} was ${d.actual} where this model` +
        ` (drawn here) had ${d.expected}`;
      banner.dataset.signal = d.signal;
      banner.dataset.cycle = d.cycle;
    }
    return show(v ? v.cycle : d ? d.cycle : run.first || 0);
  }

  function stop() {
    if (timer) {
      clearInterval(timer);
      timer = null;
      document.getElementById("play").textContent = "Play";
    }
  }

  // The algorithms the registry has, offered in the form.
  if (!embedded) {
    getJson("api/algorithms").then((names) => {
      const list = document.getElementById("algorithms");
      names.forEach((n) => {
        const o = document.createElement("option");
        o.value = n;
        list.appendChild(o);
      });
    }).catch(() => {});
  }

  document.getElementById("wave-client").addEventListener("change", async () => {
    if (run && run.kind === "plane" && cycle >= 0) {
      waveform(cycle, (await windowOf(cycle)).map(planeFrame));
    }
  });

  document.getElementById("back").addEventListener("click", () => show(cycle - 1));
  document.getElementById("forward").addEventListener("click", forward);
  document.getElementById("live").addEventListener("click", async () => {
    const q = settings();
    q.delete("trace");
    await begin(() => getJson("api/live/start?" + q, "POST"));
  });
  document.getElementById("go").addEventListener("click", () => show(Number(document.getElementById("goto").value)));
  document.getElementById("play").addEventListener("click", () => {
    if (timer) {
      stop();
    } else {
      document.getElementById("play").textContent = "Pause";
      const rate = Math.min(100, Math.max(0.5, Number(document.getElementById("speed").value) || 10));
      timer = setInterval(() => (cycle < last() || run.live ? forward() : stop()), 1000 / rate);
    }
  });
})();
