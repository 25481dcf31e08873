#include "ratrace/see/replay.h"

#include <nlohmann/json.hpp>

#include "ratrace/see/record.h"
#include "ratrace/see/render.h"

namespace ratrace {

namespace {

// The page: a template whose single placeholder, the JSON in the data script, is filled in
// by replay_html. Plain canvas drawing; no library.
constexpr const char* kPage = R"PAGE(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>ratrace replay</title>
<style>
  body { margin: 12px; font-family: "DejaVu Sans", Arial, sans-serif; font-size: 14px; color: #222; background: #fff; }
  h1 { font-size: 18px; margin: 0 0 8px 0; }
  #controls { margin: 8px 0; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
  #scrub { width: 520px; }
  button { font-size: 14px; min-width: 70px; }
  canvas { display: block; }
  .chart-title { margin: 10px 0 2px 0; font-weight: bold; }
  .legend { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 4px 0; max-width: 1100px; }
  .legend > span { display: inline-flex; align-items: center; gap: 5px; }
  .legend-title { font-weight: bold; margin-top: 8px; }
  .dot { display: inline-block; width: 10px; height: 10px; border-radius: 5px; }
  .swatch { display: inline-block; width: 16px; height: 16px; border: 1px solid #999; }
  #status { margin: 6px 0; }
</style>
</head>
<body>
<h1 id="title"></h1>
<canvas id="track"></canvas>
<div id="controls">
  <button id="play">Play</button>
  <label>speed <select id="speed">
    <option value="1">1 turn/s</option><option value="5">5 turns/s</option><option value="20">20 turns/s</option>
    <option value="60">60 turns/s</option><option value="250">250 turns/s</option><option value="1000">1000 turns/s</option>
  </select></label>
  <input id="scrub" type="range" min="1" value="1" step="1">
  <output id="turn" data-turn="1"></output>
  <label><input type="checkbox" id="show-crowd" checked> crowd</label>
  <label><input type="checkbox" id="show-deaths" checked> deaths</label>
  <label><input type="checkbox" id="show-lives" checked> recorded lives</label>
</div>
<div id="status"></div>
<div class="legend-title">What the board shows</div>
<div class="legend" id="symbols"></div>
<div class="legend-title">Colours and their roles</div>
<div class="legend" id="colours"></div>
<div class="chart-title">Population</div>
<canvas id="population"></canvas>
<div class="chart-title">Goals per turn</div>
<canvas id="goals"></canvas>
<script id="data" type="application/json">/*DATA*/</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const W = D.width, H = D.height, T = D.turns;
const CELL = Math.max(8, Math.min(24, Math.floor(1100 / W)));
const trackCanvas = document.getElementById("track");
trackCanvas.width = W * CELL + 1; trackCanvas.height = H * CELL + 1;
trackCanvas.dataset.cell = CELL;
const ctx = trackCanvas.getContext("2d");
document.getElementById("title").textContent = D.title;
const scrub = document.getElementById("scrub");
scrub.max = Math.max(T, 1);
const cellX = c => c % W, cellY = c => Math.floor(c / W);

// The crowd: frame i holds every cell's specimens at the start of turn F.turns[i] and its
// deaths over the turns up to the next frame (LEB128 varints, 0 r = r empty cells, base64).
const F = D.frames;
function decode(text) {
  const bytes = atob(text), counts = new Uint32Array(W * H);
  let at = 0, cell = 0;
  const varint = () => {
    let n = 0, scale = 1, b;
    do { b = bytes.charCodeAt(at++); n += (b & 127) * scale; scale *= 128; } while (b & 128);
    return n;
  };
  while (at < bytes.length) {
    const n = varint();
    if (n > 0) counts[cell++] = n; else cell += varint();
  }
  return counts;
}
const occupancy = F ? F.occupancy.map(decode) : [], deaths = F ? F.deaths.map(decode) : [];
let maxCrowd = 1, maxDeaths = 1;
for (const f of occupancy) for (const n of f) if (n > maxCrowd) maxCrowd = n;
for (const f of deaths) for (const n of f) if (n > maxDeaths) maxDeaths = n;
// The frame shown at turn t: the last one starting at or before it.
function frameAt(t) {
  if (!F || F.turns.length === 0) return -1;
  let lo = 0, hi = F.turns.length - 1;
  if (t < F.turns[0]) return -1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (F.turns[mid] <= t) lo = mid; else hi = mid - 1; }
  return lo;
}
// Crowd colours, light to dark on a log scale: 1 specimen to the most in a cell.
const RAMP = [[247, 104, 161], [221, 52, 151], [174, 1, 126], [122, 1, 119], [73, 0, 106]];
function crowdColour(n) {
  const t = maxCrowd > 1 ? Math.log(n) / Math.log(maxCrowd) : 1, x = t * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x)), f = x - i;
  const c = RAMP[i].map((v, k) => Math.round(v + (RAMP[i + 1][k] - v) * f));
  return "rgb(" + c.join(",") + ")";
}
const DEATH = "#ffe119";

function arrow(g, x0, y0, x1, y1, colour, width, head) {
  const a = Math.atan2(y1 - y0, x1 - x0);
  g.strokeStyle = colour; g.fillStyle = colour; g.lineWidth = width;
  g.beginPath(); g.moveTo(x0, y0); g.lineTo(x1 - Math.cos(a) * head * 0.6, y1 - Math.sin(a) * head * 0.6); g.stroke();
  g.beginPath(); g.moveTo(x1, y1);
  g.lineTo(x1 - head * Math.cos(a - 0.45), y1 - head * Math.sin(a - 0.45));
  g.lineTo(x1 - head * Math.cos(a + 0.45), y1 - head * Math.sin(a + 0.45));
  g.closePath(); g.fill();
}
function cross(g, px, py, r) {
  g.strokeStyle = "#c0392b"; g.lineWidth = 1.8; g.beginPath();
  g.moveTo(px - r, py - r); g.lineTo(px + r, py + r); g.moveTo(px - r, py + r); g.lineTo(px + r, py - r); g.stroke();
}
function startMarker(g, x, y, size) {
  g.fillStyle = "#1a9850"; g.beginPath(); g.moveTo(x, y); g.lineTo(x + size * 0.45, y + size / 2); g.lineTo(x, y + size);
  g.fill();
}

// The track, drawn once: the cells below the crowd, the rules' marks above it. Under the
// crowd the cells are faded (DIM of the way to white), so that the crowd stands out.
const DIM = 0.55;
function layer() {
  const c = document.createElement("canvas");
  c.width = trackCanvas.width; c.height = trackCanvas.height;
  return c;
}
const cellsLayer = layer(), fadedLayer = layer(), marksLayer = layer();
for (const [canvas, dim] of [[cellsLayer, 0], [fadedLayer, DIM]]) {
  const b = canvas.getContext("2d");
  b.fillStyle = "#ffffff"; b.fillRect(0, 0, canvas.width, canvas.height);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    b.fillStyle = D.palette[D.colours[y * W + x]];
    b.fillRect(x * CELL, y * CELL, CELL - 1, CELL - 1);
  }
  b.fillStyle = "rgba(255,255,255," + dim + ")"; b.fillRect(0, 0, canvas.width, canvas.height);
  b.fillStyle = "rgba(26,152,80,0.30)";
  b.fillRect(D.goal_column * CELL, 0, (W - D.goal_column) * CELL, H * CELL);
}
(function drawMarks() {
  const m = marksLayer.getContext("2d");
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const r = D.roles[D.colours[y * W + x]], px = (x + 0.5) * CELL, py = (y + 0.5) * CELL;
    if (r.role === "teleporter") {
      const len = Math.hypot(r.dx, r.dy), ux = r.dx / len * CELL, uy = r.dy / len * CELL;
      // White on a dark outline: seen on a faded cell as on the crowd.
      arrow(m, px - 0.36 * ux, py - 0.36 * uy, px + 0.4 * ux, py + 0.4 * uy, "rgba(20,30,80,0.75)", 3, CELL * 0.36);
      arrow(m, px - 0.36 * ux, py - 0.36 * uy, px + 0.4 * ux, py + 0.4 * uy, "#ffffff", 1.3, CELL * 0.28);
    } else if (r.role === "trap") {
      if (r.dx === 0 && r.dy === 0) {
        m.strokeStyle = "#c0392b"; m.lineWidth = 1.8; m.beginPath(); m.arc(px, py, CELL * 0.3, 0, 2 * Math.PI); m.stroke();
      } else {
        arrow(m, px - r.dx * 0.2 * CELL, py - r.dy * 0.2 * CELL, px + r.dx * 0.42 * CELL, py + r.dy * 0.42 * CELL,
              "#c0392b", 1.8, CELL * 0.3);
      }
    }
  }
  for (const c of D.trap_targets) cross(m, (cellX(c) + 0.5) * CELL, (cellY(c) + 0.5) * CELL, CELL * 0.22);
  for (const row of D.start_rows) startMarker(m, 1, row * CELL + 3, CELL - 7);
})();

// Draws turn t; returns [recorded lives shown, the first one's cell, cells with a crowd, frame].
function drawTurn(t) {
  const f = frameAt(t), crowdOn = f >= 0 && document.getElementById("show-crowd").checked;
  ctx.drawImage(crowdOn ? fadedLayer : cellsLayer, 0, 0);
  trackCanvas.dataset.dim = crowdOn ? DIM : 0;
  let crowdCells = 0;
  if (crowdOn) {
    const counts = occupancy[f], inset = Math.max(1, Math.round(CELL * 0.1));
    for (let c = 0; c < counts.length; c++) {
      if (!counts[c]) continue;
      crowdCells++;
      ctx.fillStyle = crowdColour(counts[c]);
      ctx.fillRect(cellX(c) * CELL + inset, cellY(c) * CELL + inset, CELL - 1 - 2 * inset, CELL - 1 - 2 * inset);
    }
  }
  ctx.drawImage(marksLayer, 0, 0);
  if (f >= 0 && document.getElementById("show-deaths").checked) {
    const counts = deaths[f];
    ctx.fillStyle = DEATH; ctx.strokeStyle = "#222"; ctx.lineWidth = 1;
    for (let c = 0; c < counts.length; c++) {
      if (!counts[c]) continue;
      const r = Math.max(2.5, CELL * 0.42 * Math.sqrt(counts[c] / maxDeaths));
      ctx.beginPath(); ctx.arc((cellX(c) + 0.5) * CELL, (cellY(c) + 0.5) * CELL, r, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
    }
  }
  let shown = 0, first = -1;
  if (!document.getElementById("show-lives").checked) return [0, -1, crowdCells, f];
  for (const life of D.lives) {
    const k = t - life.turn;
    if (k < 0 || k >= life.cells.length) continue;
    shown++;
    // A short trail: where it was over the last few turns.
    ctx.strokeStyle = life.scorer ? "rgba(230,25,75,0.6)" : "rgba(27,27,27,0.45)";
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (let j = Math.max(0, k - 6); j <= k; j++) {
      const c = life.cells[j], px = (cellX(c) + 0.5) * CELL, py = (cellY(c) + 0.5) * CELL;
      if (j === Math.max(0, k - 6)) ctx.moveTo(px, py); else ctx.lineTo(px, py);
    }
    ctx.stroke();
    const c = life.cells[k];
    if (first < 0) first = c;
    ctx.fillStyle = life.scorer ? "#e6194b" : "#1b1b1b";
    ctx.strokeStyle = "#ffffff"; ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc((cellX(c) + 0.5) * CELL, (cellY(c) + 0.5) * CELL, CELL * 0.26, 0, 2 * Math.PI);
    ctx.fill(); ctx.stroke();
  }
  return [shown, first, crowdCells, f];
}

// The legends: what each mark means, and every colour's role.
function symbol(draw, text) {
  const span = document.createElement("span"), c = document.createElement("canvas");
  c.width = 44; c.height = 20;
  draw(c.getContext("2d"));
  span.appendChild(c); span.appendChild(document.createTextNode(text));
  document.getElementById("symbols").appendChild(span);
}
const fmt = n => Number(n).toLocaleString("en");
(function legends() {
  if (F && F.turns.length > 0) {
    symbol(g => {
      const grad = g.createLinearGradient(2, 0, 42, 0);
      RAMP.forEach((c, i) => grad.addColorStop(i / (RAMP.length - 1), "rgb(" + c.join(",") + ")"));
      g.fillStyle = grad; g.fillRect(2, 3, 40, 14);
    }, "crowd: specimens starting the turn in a cell, log scale, 1 to " + fmt(maxCrowd) +
       (F.every > 1 ? " (one frame every " + fmt(F.every) + " turns)" : "") + "; the track is faded under it");
    symbol(g => {
      g.fillStyle = DEATH; g.strokeStyle = "#222"; g.lineWidth = 1;
      g.beginPath(); g.arc(12, 10, 4, 0, 2 * Math.PI); g.fill(); g.stroke();
      g.beginPath(); g.arc(30, 10, 8, 0, 2 * Math.PI); g.fill(); g.stroke();
    }, "deaths in a cell over the frame's " + (F.every > 1 ? fmt(F.every) + " turns" : "turn") +
       " (area: count, largest " + fmt(maxDeaths) + ")");
  } else {
    symbol(() => {}, "no crowd frames in this record (recorded before ratrace-record-2 or with --record-frames 0)");
  }
  symbol(g => { g.fillStyle = "#e6194b"; g.beginPath(); g.arc(22, 10, 6, 0, 2 * Math.PI); g.fill(); },
         "a scorer's last scoring life");
  symbol(g => { g.fillStyle = "#1b1b1b"; g.beginPath(); g.arc(22, 10, 6, 0, 2 * Math.PI); g.fill(); },
         "a specimen sampled at random (all its lives)");
  symbol(g => { g.fillStyle = D.palette[D.roles.findIndex(r => r.role === "teleporter")] || "#3f6fd1";
                g.fillRect(2, 2, 40, 16); arrow(g, 6, 10, 38, 10, "rgba(20,30,80,0.75)", 3, 9);
                arrow(g, 6, 10, 38, 10, "#fff", 1.3, 7); },
         "teleporter: the arrow points to where it sends");
  symbol(g => { arrow(g, 4, 10, 22, 10, "#c0392b", 1.8, 7); cross(g, 34, 10, 5); },
         "trap: the arrow points to the cell it makes deadly (x)");
  symbol(g => startMarker(g, 16, 2, 16), "start cell");
  symbol(g => { g.fillStyle = "rgba(26,152,80,0.30)"; g.fillRect(2, 2, 40, 16); }, "goal columns: reaching them scores");
  const colours = document.getElementById("colours");
  const signed = n => (n >= 0 ? "+" : "") + n;
  D.roles.forEach((r, i) => {
    const span = document.createElement("span"), sw = document.createElement("i");
    sw.className = "swatch"; sw.style.background = D.palette[i];
    let text = "colour " + i + ": " + r.role;
    if (r.role === "teleporter") text += " to (" + signed(r.dx) + ", " + signed(r.dy) + ")";
    if (r.role === "trap") text += ", kills (" + signed(r.dx) + ", " + signed(r.dy) + ")";
    if (r.role === "wall") text += " (blocks; a teleport onto it kills)";
    span.appendChild(sw); span.appendChild(document.createTextNode(text));
    span.className = "colour-role";
    colours.appendChild(span);
  });
})();

function chart(id, series, colour) {
  const canvas = document.getElementById(id);
  canvas.width = trackCanvas.width; canvas.height = 110;
  const g = canvas.getContext("2d");
  let max = 1;
  for (const v of series) if (v > max) max = v;
  const base = document.createElement("canvas");
  base.width = canvas.width; base.height = canvas.height;
  const b = base.getContext("2d");
  b.fillStyle = "#fafafa"; b.fillRect(0, 0, base.width, base.height);
  b.strokeStyle = colour; b.lineWidth = 1.5; b.beginPath();
  for (let i = 0; i < series.length; i++) {
    const x = 40 + (base.width - 50) * (series.length > 1 ? i / (series.length - 1) : 0);
    const y = base.height - 14 - (base.height - 24) * series[i] / max;
    if (i === 0) b.moveTo(x, y); else b.lineTo(x, y);
  }
  b.stroke();
  b.fillStyle = "#444"; b.font = "11px sans-serif";
  b.fillText(fmt(max), 2, 12); b.fillText("0", 2, base.height - 14);
  b.fillText("turn 1", 40, base.height - 2); b.fillText("turn " + fmt(T), base.width - 80, base.height - 2);
  return function (t) {
    g.drawImage(base, 0, 0);
    const x = 40 + (canvas.width - 50) * (T > 1 ? (t - 1) / (T - 1) : 0);
    g.strokeStyle = "#000"; g.lineWidth = 1; g.beginPath(); g.moveTo(x, 0); g.lineTo(x, canvas.height - 12); g.stroke();
  };
}
const populationChart = chart("population", D.population, "#4363d8");
const goalsChart = chart("goals", D.goals, "#3cb44b");

let turn = 1, playing = false, timer = null, carried = 0, last = 0;
function show(t) {
  turn = Math.max(1, Math.min(T, t));
  scrub.value = turn;
  const [shown, first, crowdCells, f] = drawTurn(turn);
  // For tests and the curious: where the canvas is, a cell holding a recorded specimen, the crowd drawn.
  const box = trackCanvas.getBoundingClientRect();
  trackCanvas.dataset.left = box.left + window.scrollX;
  trackCanvas.dataset.top = box.top + window.scrollY;
  trackCanvas.dataset.firstSpecimen = first;
  trackCanvas.dataset.crowdCells = crowdCells;
  trackCanvas.dataset.frame = f;
  trackCanvas.dataset.frameTurn = f >= 0 ? F.turns[f] : 0;
  populationChart(turn); goalsChart(turn);
  const out = document.getElementById("turn");
  out.textContent = "turn " + fmt(turn) + " of " + fmt(T);
  out.dataset.turn = turn;
  // The population starting turn t is the one after turn t - 1 (the initial specimens at turn 1).
  const starting = turn > 1 ? D.population[turn - 2] : D.initial;
  document.getElementById("status").textContent = "population " + fmt(starting) + " at the start of the turn" +
      (f >= 0 ? " (crowd as at turn " + fmt(F.turns[f]) + ", in " + fmt(crowdCells) + " cells)" : "") +
      "; goals this turn " + fmt(D.goals[turn - 1] || 0) + "; recorded lives shown " + fmt(shown);
  document.title = "turn " + turn + " of " + T;
  document.body.dataset.atEnd = turn === T ? "true" : "false";
}
function frame(now) {
  if (!playing) return;
  const speed = Number(document.getElementById("speed").value);
  carried += (now - last) / 1000 * speed; last = now;
  if (carried >= 1) { const steps = Math.floor(carried); carried -= steps; show(turn + steps); }
  if (turn >= T) { setPlaying(false); return; }
  timer = requestAnimationFrame(frame);
}
function setPlaying(on) {
  playing = on;
  document.getElementById("play").textContent = on ? "Pause" : "Play";
  if (on) { if (turn >= T) show(1); last = performance.now(); carried = 0; timer = requestAnimationFrame(frame); }
  else if (timer) cancelAnimationFrame(timer);
}
// The default speed plays the whole game in about half a minute.
(function () {
  const speed = document.getElementById("speed");
  const options = Array.from(speed.options).map(o => Number(o.value));
  speed.value = String(options.find(v => v >= T / 40) || options[options.length - 1]);
})();
document.getElementById("play").addEventListener("click", () => setPlaying(!playing));
scrub.addEventListener("input", () => { setPlaying(false); show(Number(scrub.value)); });
for (const id of ["show-crowd", "show-deaths", "show-lives"])
  document.getElementById(id).addEventListener("change", () => show(turn));
function fromFragment() {
  const m = /turn=(last|\d+)/.exec(location.hash);
  if (!m) return false;
  show(m[1] === "last" ? T : Number(m[1]));
  return true;
}
window.addEventListener("hashchange", () => { setPlaying(false); fromFragment(); });
// Opened without #turn=N: the first turn (the initial crowd on its start cells), playing.
if (!fromFragment()) { show(1); setPlaying(T > 1); }
</script>
</body>
</html>
)PAGE";

}  // namespace

std::string replay_html(const nlohmann::json& record) {
  Config config;
  const Track track = track_of_record(record, config);
  nlohmann::json colours = nlohmann::json::array(), trap_targets = nlohmann::json::array();
  nlohmann::json roles = nlohmann::json::array();
  for (const ColourRole& r : track.roles()) roles.push_back({{"role", role_name(r.role)}, {"dx", r.dx}, {"dy", r.dy}});
  for (int c = 0; c < track.cells(); ++c) {
    colours.push_back(track.colour(track.cell_x(c), track.cell_y(c)));
    if (track.hazard(track.cell_x(c), track.cell_y(c)) == Hazard::Trap) trap_targets.push_back(c);
  }
  nlohmann::json lives = nlohmann::json::array();
  for (const char* kind : {"sampled", "scorers"})
    for (const nlohmann::json& j : record.at("paths").at(kind)) {
      const Life life = j.get<Life>();
      lives.push_back({{"turn", life.turn}, {"cells", life_cells(track, life)}, {"scorer", kind[1] == 'c'}});
    }
  const nlohmann::json& game = record.value("game", nlohmann::json::object());
  std::string title = game.value("player", std::string("?"));
  if (game.contains("board"))
    title += ", board " + std::to_string(game["board"].get<int>()) + " of master seed " +
             std::to_string(game["master_seed"].get<uint64_t>());
  title += ": score " + std::to_string(record.at("result").at("score").get<uint64_t>());
  const nlohmann::json data = {
      {"title", title},
      {"width", track.width()},
      {"height", track.height()},
      {"goal_column", track.goal_column()},
      {"colours", colours},
      {"palette", colour_palette(track)},
      {"start_rows", track.start_rows()},
      {"trap_targets", trap_targets},
      {"roles", roles},
      {"initial", record.at("totals").at("initial")},
      {"frames", record.contains("frames") && record.at("frames").at("every").get<int>() > 0 ? record.at("frames")
                                                                                             : nlohmann::json()},
      {"turns", record.at("result").at("turns")},
      {"population", record.at("turns").at("population")},
      {"goals", record.at("turns").at("goals")},
      {"lives", lives}};
  std::string json = data.dump();
  // Inside a script element, "</" could end it early.
  for (size_t at = json.find("</"); at != std::string::npos; at = json.find("</", at + 3)) json.replace(at, 2, "<\\/");
  std::string page = kPage;
  const std::string placeholder = "/*DATA*/";
  page.replace(page.find(placeholder), placeholder.size(), json);
  return page;
}

}  // namespace ratrace
