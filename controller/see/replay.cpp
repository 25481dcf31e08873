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
  .legend span { display: inline-block; margin-right: 16px; }
  .dot { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; vertical-align: middle; }
</style>
</head>
<body>
<h1 id="title"></h1>
<canvas id="track"></canvas>
<div id="controls">
  <button id="play">Play</button>
  <label>speed <select id="speed">
    <option value="1">1 turn/s</option><option value="5">5 turns/s</option><option value="20" selected>20 turns/s</option>
    <option value="60">60 turns/s</option><option value="250">250 turns/s</option><option value="1000">1000 turns/s</option>
  </select></label>
  <input id="scrub" type="range" min="1" value="1" step="1">
  <output id="turn" data-turn="1"></output>
</div>
<div class="legend">
  <span><i class="dot" style="background:#e6194b"></i>a scorer's last scoring life</span>
  <span><i class="dot" style="background:#1b1b1b"></i>a specimen sampled at random (all its lives)</span>
  <span id="counts"></span>
</div>
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

// The track, drawn once to an offscreen canvas.
const background = document.createElement("canvas");
background.width = trackCanvas.width; background.height = trackCanvas.height;
(function drawTrack() {
  const b = background.getContext("2d");
  b.fillStyle = "#ffffff"; b.fillRect(0, 0, background.width, background.height);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    b.fillStyle = D.palette[D.colours[y * W + x]];
    b.fillRect(x * CELL, y * CELL, CELL - 1, CELL - 1);
  }
  b.fillStyle = "rgba(26,152,80,0.30)";
  b.fillRect(D.goal_column * CELL, 0, (W - D.goal_column) * CELL, H * CELL);
  b.strokeStyle = "#c0392b"; b.lineWidth = 1.5;
  for (const c of D.trap_targets) {
    const x = (c % W) * CELL, y = Math.floor(c / W) * CELL, r = CELL * 0.25;
    b.beginPath(); b.moveTo(x + CELL / 2 - r, y + CELL / 2 - r); b.lineTo(x + CELL / 2 + r, y + CELL / 2 + r);
    b.moveTo(x + CELL / 2 - r, y + CELL / 2 + r); b.lineTo(x + CELL / 2 + r, y + CELL / 2 - r); b.stroke();
  }
  b.fillStyle = "#1a9850";
  for (const row of D.start_rows) {
    b.beginPath(); b.moveTo(1, row * CELL + 3); b.lineTo(CELL * 0.45, row * CELL + CELL / 2); b.lineTo(1, row * CELL + CELL - 4);
    b.fill();
  }
})();

// Draws turn t; returns how many recorded specimens are on the track and the first one's cell.
function drawTurn(t) {
  ctx.drawImage(background, 0, 0);
  let shown = 0, first = -1;
  for (const life of D.lives) {
    const k = t - life.turn;
    if (k < 0 || k >= life.cells.length) continue;
    shown++;
    const colour = life.scorer ? "#e6194b" : "#1b1b1b";
    // A short trail: where it was over the last few turns.
    ctx.strokeStyle = life.scorer ? "rgba(230,25,75,0.45)" : "rgba(27,27,27,0.35)";
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (let j = Math.max(0, k - 6); j <= k; j++) {
      const c = life.cells[j], px = (c % W + 0.5) * CELL, py = (Math.floor(c / W) + 0.5) * CELL;
      if (j === Math.max(0, k - 6)) ctx.moveTo(px, py); else ctx.lineTo(px, py);
    }
    ctx.stroke();
    const c = life.cells[k];
    if (first < 0) first = c;
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc((c % W + 0.5) * CELL, (Math.floor(c / W) + 0.5) * CELL, CELL * 0.32, 0, 2 * Math.PI);
    ctx.fill();
  }
  return [shown, first];
}

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
  b.fillText(max.toLocaleString("en"), 2, 12); b.fillText("0", 2, base.height - 14);
  b.fillText("turn 1", 40, base.height - 2); b.fillText("turn " + T, base.width - 70, base.height - 2);
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
  const [shown, first] = drawTurn(turn);
  // For tests and the curious: where the canvas is and a cell holding a specimen.
  const box = trackCanvas.getBoundingClientRect();
  trackCanvas.dataset.left = box.left + window.scrollX;
  trackCanvas.dataset.top = box.top + window.scrollY;
  trackCanvas.dataset.firstSpecimen = first;
  populationChart(turn); goalsChart(turn);
  const out = document.getElementById("turn");
  out.textContent = "turn " + turn + " of " + T;
  out.dataset.turn = turn;
  document.getElementById("counts").textContent = "shown " + shown + " of population " +
      (D.population[turn - 1] || 0).toLocaleString("en") + ", goals this turn " + (D.goals[turn - 1] || 0).toLocaleString("en");
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
document.getElementById("play").addEventListener("click", () => setPlaying(!playing));
scrub.addEventListener("input", () => { setPlaying(false); show(Number(scrub.value)); });
function fromFragment() {
  const m = /turn=(last|\d+)/.exec(location.hash);
  if (!m) return false;
  show(m[1] === "last" ? T : Number(m[1]));
  return true;
}
window.addEventListener("hashchange", () => { setPlaying(false); fromFragment(); });
if (!fromFragment()) show(1);
</script>
</body>
</html>
)PAGE";

}  // namespace

std::string replay_html(const nlohmann::json& record) {
  Config config;
  const Track track = track_of_record(record, config);
  nlohmann::json colours = nlohmann::json::array(), trap_targets = nlohmann::json::array();
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
  const nlohmann::json data = {{"title", title},
                               {"width", track.width()},
                               {"height", track.height()},
                               {"goal_column", track.goal_column()},
                               {"colours", colours},
                               {"palette", colour_palette(track)},
                               {"start_rows", track.start_rows()},
                               {"trap_targets", trap_targets},
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
