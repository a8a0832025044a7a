// svc console: drives the admin API (/admin/v1) of the listener that served
// this page. The admin token is kept in sessionStorage only (gone when the
// tab closes). Every value from the server is written with textContent.
"use strict";

const TOKEN_KEY = "svc_admin_token";
const RECENT_KEY = "svc_recent_accounts";
const $ = (id) => document.getElementById(id);
let current = null; // account id shown
let tokenRejected = false; // the admin listener answered 401 to the token set

function token() { return sessionStorage.getItem(TOKEN_KEY) || ""; }

function status(msg, kind) {
  const s = $("status");
  s.textContent = msg || "";
  s.className = kind || "";
}

async function api(method, path, body) {
  const opts = { method, headers: { Authorization: "Bearer " + token() } };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  let res, env;
  try {
    res = await fetch(path, opts);
    env = await res.json();
  } catch (e) {
    throw new Error("request failed: " + e.message);
  }
  if (!env.success) {
    const e = (env.errors && env.errors[0]) || {};
    if (res.status === 401 && e.code === "invalid_admin_token") {
      tokenRejected = true;
      showTokenState();
      throw new Error("Wrong token: the admin listener refused it (401 invalid_admin_token, request " + env.request_id + "). Paste the admin token again.");
    }
    throw new Error((e.message || "error") + " (" + res.status + " " + (e.type || "") + ", request " + env.request_id + ")");
  }
  return env.result;
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function usd(n) { return Number(n).toFixed(3) + " USD"; }
function day(ts) { return ts ? ts.slice(0, 10) : "–"; }
function fmtInt(n) { return Number(n).toLocaleString("en-US"); }

function remember(id, name) {
  let r = [];
  try { r = JSON.parse(sessionStorage.getItem(RECENT_KEY) || "[]"); } catch (e) { r = []; }
  r = r.filter((x) => x.id !== id);
  r.unshift({ id, name });
  sessionStorage.setItem(RECENT_KEY, JSON.stringify(r.slice(0, 6)));
  showRecent();
}

function showRecent() {
  const box = $("recent");
  box.textContent = "";
  let r = [];
  try { r = JSON.parse(sessionStorage.getItem(RECENT_KEY) || "[]"); } catch (e) { r = []; }
  if (!r.length) return;
  box.appendChild(el("span", "Recent: "));
  for (const x of r) {
    const a = el("a", x.name || x.id);
    a.title = x.id;
    a.addEventListener("click", () => openAccount(x.id));
    box.appendChild(a);
  }
}

// showTokenState says whether a token is set and, once the admin listener
// answered, whether it was accepted ("wrong token" after a 401).
function showTokenState() {
  const s = $("token-state");
  if (!token()) {
    s.textContent = "no token";
    s.className = "muted";
  } else if (tokenRejected) {
    s.textContent = "wrong token";
    s.className = "bad";
  } else {
    s.textContent = "token set for this tab";
    s.className = "muted";
  }
}

// ---- account list ----

const ACCOUNTS_PAGE = 10;
let listCursors = [""]; // starting_after of each page shown so far; the last is the current page's
let listNext = "";      // next_cursor of the current page ("" on the last page)

// loadAccounts shows the page of accounts (matching the search) that
// starts after the last cursor of listCursors.
async function loadAccounts() {
  const q = new URLSearchParams({ limit: String(ACCOUNTS_PAGE) });
  const search = $("account-search").value.trim();
  if (search) q.set("search", search);
  const after = listCursors[listCursors.length - 1];
  if (after) q.set("starting_after", after);
  const r = await api("GET", "/admin/v1/accounts?" + q.toString());
  const tb = $("accounts-table").tBodies[0];
  tb.textContent = "";
  for (const a of r.accounts) {
    const tr = el("tr");
    tr.dataset.id = a.id;
    tr.appendChild(el("td", a.name || "(no name)"));
    tr.appendChild(el("td", a.id));
    tr.appendChild(el("td", a.rate_limit_per_minute + " / min"));
    tr.appendChild(el("td", day(a.created_at)));
    tr.addEventListener("click", () => openAccount(a.id));
    tb.appendChild(tr);
  }
  const p = r.pagination;
  listNext = p.has_more ? p.next_cursor : "";
  const first = (listCursors.length - 1) * ACCOUNTS_PAGE;
  $("accounts-count").textContent = p.total_count === 0
    ? (search ? "no account matches" : "no accounts yet")
    : (first + 1) + "–" + (first + r.accounts.length) + " of " + fmtInt(p.total_count) + (search ? " matching" : "");
  $("accounts-newer").disabled = listCursors.length <= 1;
  $("accounts-older").disabled = !listNext;
}

async function searchAccounts() {
  listCursors = [""];
  try { await loadAccounts(); } catch (e) { status(e.message, "error"); }
}

// ---- account view ----

async function openAccount(id) {
  id = (id || "").trim();
  if (!id) return;
  try {
    const a = await api("GET", "/admin/v1/accounts/" + encodeURIComponent(id));
    if (current !== a.id) $("key-once").hidden = true;
    current = a.id;
    renderAccount(a);
    remember(a.id, a.name);
    await loadUsage();
  } catch (e) {
    status(e.message, "error");
  }
}

function fact(dl, k, v) {
  const d = el("div");
  d.appendChild(el("dt", k));
  d.appendChild(el("dd", v));
  dl.appendChild(d);
}

function renderAccount(a) {
  $("account").hidden = false;
  $("acct-title").textContent = a.name;
  $("acct-shown-id").textContent = a.id;
  $("balance").textContent = usd(a.balance_usd);
  $("balance-credits").textContent = fmtInt(a.balance_credits) + " credits";
  const dl = $("acct-facts");
  dl.textContent = "";
  fact(dl, "Purchased", fmtInt(a.credits_purchased) + " cr");
  fact(dl, "Used", fmtInt(a.credits_used) + " cr");
  fact(dl, "Refunded", fmtInt(a.credits_refunded) + " cr");
  fact(dl, "Sandbox requests", a.sandbox_requests_used + " / 100");
  fact(dl, "Rate limit", a.rate_limit_per_minute + " / min");
  fact(dl, "Created", day(a.created_at));

  const kb = $("keys-table").tBodies[0];
  kb.textContent = "";
  for (const k of a.keys) {
    const tr = el("tr");
    tr.appendChild(el("td", k.id));
    tr.appendChild(el("td", k.kind));
    tr.appendChild(el("td", k.prefix + "…"));
    tr.appendChild(el("td", day(k.created_at)));
    tr.appendChild(el("td", k.expires_at ? day(k.expires_at) : "never"));
    tr.appendChild(el("td", k.revoked_at ? "revoked " + day(k.revoked_at) : "active"));
    const td = el("td");
    if (!k.revoked_at) {
      const b = el("button", "Revoke", "danger");
      b.type = "button";
      b.addEventListener("click", () => revokeKey(k.id));
      td.appendChild(b);
    }
    tr.appendChild(td);
    kb.appendChild(tr);
  }
  const pb = $("purchases-table").tBodies[0];
  pb.textContent = "";
  for (const p of a.purchases) {
    const tr = el("tr");
    tr.appendChild(el("td", p.id));
    tr.appendChild(el("td", p.pack_usd + " USD"));
    tr.appendChild(el("td", fmtInt(p.credits), "num"));
    tr.appendChild(el("td", fmtInt(p.consumed_credits), "num"));
    tr.appendChild(el("td", fmtInt(p.refunded_credits), "num"));
    tr.appendChild(el("td", day(p.created_at)));
    const td = el("td");
    if (!p.refunded_at && p.consumed_credits < p.credits) {
      const b = el("button", "Refund", "danger");
      b.type = "button";
      b.addEventListener("click", () => refund(p.id));
      td.appendChild(b);
    }
    tr.appendChild(td);
    pb.appendChild(tr);
  }
}

async function refreshAccount() {
  if (!current) return;
  const a = await api("GET", "/admin/v1/accounts/" + encodeURIComponent(current));
  renderAccount(a);
}

async function revokeKey(id) {
  if (!confirm("Revoke key " + id + "? Requests with it will get 401.")) return;
  try {
    await api("POST", "/admin/v1/keys/" + encodeURIComponent(id) + "/revoke");
    status("Key " + id + " revoked.", "ok");
    await refreshAccount();
  } catch (e) { status(e.message, "error"); }
}

async function refund(id) {
  if (!confirm("Refund the unconsumed credits of " + id + "?")) return;
  try {
    const r = await api("POST", "/admin/v1/purchases/" + encodeURIComponent(id) + "/refund");
    status("Refunded " + fmtInt(r.refunded_credits) + " credits of " + id + ".", "ok");
    await refreshAccount();
  } catch (e) { status(e.message, "error"); }
}

// ---- usage chart ----

async function loadUsage() {
  if (!current) return;
  const days = Number($("usage-days").value);
  const from = new Date(Date.now() - (days - 1) * 86400000).toISOString().slice(0, 10);
  try {
    const u = await api("GET", "/admin/v1/accounts/" + encodeURIComponent(current) + "/usage?group_by=day&from=" + from);
    renderUsage(u);
  } catch (e) { status(e.message, "error"); }
}

function renderUsage(u) {
  const sum = $("usage-summary");
  sum.textContent = "";
  const kv = (k, v) => { const d = el("div"); d.appendChild(el("div", k, "k")); d.appendChild(el("div", v)); sum.appendChild(d); };
  kv("Requests", fmtInt(u.total_requests));
  kv("Cost", usd(u.total_cost));
  kv("Cache hit rate", (u.cache_hit_rate * 100).toFixed(1) + " %");
  kv("Period", day(u.period.from) + " → " + day(u.period.to));

  const tb = $("endpoint-table").tBodies[0];
  tb.textContent = "";
  for (const e of u.by_endpoint) {
    const tr = el("tr");
    tr.appendChild(el("td", e.endpoint));
    tr.appendChild(el("td", fmtInt(e.requests), "num"));
    tr.appendChild(el("td", fmtInt(e.cache_hits), "num"));
    tr.appendChild(el("td", Number(e.cost).toFixed(3), "num"));
    tr.appendChild(el("td", Number(e.avg_latency_ms).toFixed(1), "num"));
    tb.appendChild(tr);
  }
  drawChart($("usage-chart"), u.breakdown);
}

const SVGNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

function niceMax(v) {
  if (v <= 0) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

// drawChart draws requests per bucket as bars (left axis) and cost in USD
// as a line (right axis).
function drawChart(box, buckets) {
  box.textContent = "";
  const W = 960, H = 280, L = 48, R = 64, T = 28, B = 36;
  const pw = W - L - R, ph = H - T - B;
  const s = svg("svg", { viewBox: "0 0 " + W + " " + H, role: "img" });
  s.appendChild(svg("title", {}, "Requests (bars) and cost in USD (line) per day"));
  const n = buckets.length || 1;
  const maxReq = niceMax(Math.max(0, ...buckets.map((b) => b.requests)));
  const maxCost = niceMax(Math.max(0, ...buckets.map((b) => b.cost)));
  const x = (i) => L + (i + 0.5) * (pw / n);
  const yReq = (v) => T + ph - (v / maxReq) * ph;
  const yCost = (v) => T + ph - (v / maxCost) * ph;
  // grid and axes
  for (let i = 0; i <= 4; i++) {
    const y = T + (ph * i) / 4;
    s.appendChild(svg("line", { x1: L, x2: L + pw, y1: y, y2: y, stroke: "#e5e7eb" }));
    s.appendChild(svg("text", { x: L - 6, y: y + 4, "text-anchor": "end", "font-size": 11, fill: "#6b7685" }, String(Math.round(maxReq * (4 - i) / 4))));
    s.appendChild(svg("text", { x: L + pw + 6, y: y + 4, "font-size": 11, fill: "#b45309" }, (maxCost * (4 - i) / 4).toFixed(3)));
  }
  s.appendChild(svg("line", { x1: L, x2: L + pw, y1: T + ph, y2: T + ph, stroke: "#9ca3af" }));
  // bars
  const bw = Math.max(2, (pw / n) * 0.7);
  buckets.forEach((b, i) => {
    const y = yReq(b.requests);
    const r = svg("rect", { class: "bar", x: x(i) - bw / 2, y: y, width: bw, height: Math.max(0, T + ph - y), fill: "#2563eb", rx: 2, "data-requests": b.requests });
    r.appendChild(svg("title", {}, b.key.split("/")[0] + ": " + b.requests + " requests, " + b.cache_hits + " cache hits, " + Number(b.cost).toFixed(3) + " USD"));
    s.appendChild(r);
  });
  // cost line
  if (buckets.length) {
    const pts = buckets.map((b, i) => x(i).toFixed(1) + "," + yCost(b.cost).toFixed(1)).join(" ");
    s.appendChild(svg("polyline", { class: "cost", points: pts, fill: "none", stroke: "#f59e0b", "stroke-width": 2 }));
    buckets.forEach((b, i) => s.appendChild(svg("circle", { cx: x(i), cy: yCost(b.cost), r: 2.5, fill: "#f59e0b" })));
  }
  // x labels: about 10
  const every = Math.max(1, Math.ceil(n / 10));
  const lastTick = Math.floor((n - 1) / every) * every;
  buckets.forEach((b, i) => {
    const tick = i % every === 0 || (i === n - 1 && i - lastTick >= every / 2);
    if (!tick) return;
    s.appendChild(svg("text", { x: x(i), y: T + ph + 16, "text-anchor": "middle", "font-size": 11, fill: "#6b7685" }, b.key.slice(5, 10)));
  });
  // legend
  s.appendChild(svg("rect", { x: L, y: 8, width: 12, height: 10, fill: "#2563eb", rx: 2 }));
  s.appendChild(svg("text", { x: L + 16, y: 17, "font-size": 12, fill: "#1c2430" }, "requests"));
  s.appendChild(svg("line", { x1: L + 90, x2: L + 104, y1: 13, y2: 13, stroke: "#f59e0b", "stroke-width": 2 }));
  s.appendChild(svg("text", { x: L + 108, y: 17, "font-size": 12, fill: "#1c2430" }, "cost (USD)"));
  box.appendChild(s);
}

// ---- forms ----

function bind() {
  $("token").value = "";
  showTokenState();
  showRecent();
  // A token is tried at once (the account list): a wrong one says so.
  $("token-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const t = $("token").value.trim();
    $("token").value = "";
    if (!t) return;
    sessionStorage.setItem(TOKEN_KEY, t);
    tokenRejected = false;
    showTokenState();
    listCursors = [""];
    try {
      await loadAccounts();
      status("Token accepted for this tab.", "ok");
    } catch (e) { status(e.message, "error"); }
  });
  $("forget-token").addEventListener("click", () => {
    sessionStorage.removeItem(TOKEN_KEY);
    tokenRejected = false;
    showTokenState();
    status("Token forgotten.", "ok");
  });
  $("account-search-form").addEventListener("submit", (ev) => { ev.preventDefault(); searchAccounts(); });
  $("accounts-older").addEventListener("click", async () => {
    if (!listNext) return;
    listCursors.push(listNext);
    try { await loadAccounts(); } catch (e) { listCursors.pop(); status(e.message, "error"); }
  });
  $("accounts-newer").addEventListener("click", async () => {
    if (listCursors.length <= 1) return;
    const popped = listCursors.pop();
    try { await loadAccounts(); } catch (e) { listCursors.push(popped); status(e.message, "error"); }
  });
  if (token()) searchAccounts();
  $("create-account-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const a = await api("POST", "/admin/v1/accounts", { name: $("acct-name").value.trim(), rate_limit_per_minute: Number($("acct-rate").value) || 600 });
      status("Account " + a.id + " created.", "ok");
      $("acct-name").value = "";
      await openAccount(a.id);
      listCursors = [""];
      await loadAccounts();
    } catch (e) { status(e.message, "error"); }
  });
  $("open-account-form").addEventListener("submit", (ev) => { ev.preventDefault(); openAccount($("acct-id").value); });
  $("key-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const k = await api("POST", "/admin/v1/accounts/" + encodeURIComponent(current) + "/keys", { kind: $("key-kind").value });
      $("key-secret").textContent = k.key;
      $("key-once").hidden = false;
      status("Key " + k.id + " created.", "ok");
      await refreshAccount();
    } catch (e) { status(e.message, "error"); }
  });
  $("copy-key").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("key-secret").textContent); status("Key copied.", "ok"); } catch (e) { status("Copy failed; select the key by hand.", "error"); }
  });
  $("buy-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      const p = await api("POST", "/admin/v1/accounts/" + encodeURIComponent(current) + "/purchases", { pack_usd: Number($("pack").value) });
      status("Bought " + fmtInt(p.credits) + " credits (" + p.id + ").", "ok");
      await refreshAccount();
    } catch (e) { status(e.message, "error"); }
  });
  $("refresh-usage").addEventListener("click", async () => { try { await refreshAccount(); } catch (e) { status(e.message, "error"); } await loadUsage(); });
  $("usage-days").addEventListener("change", loadUsage);
}

document.addEventListener("DOMContentLoaded", bind);
