// Minesweeper: a game against the server's store, the heat-map overlay, hints, the exact
// player stepping or playing on its own, .mbf files, and the analyser for a typed position.

const PRESETS = { beginner: [9, 9, 10], intermediate: [16, 16, 40], expert: [30, 16, 99] };

const REASONS = {
  first_click: 'first click',
  certainly_safe: 'certainly safe',
  endgame: 'endgame search',
  isolated_region: 'isolated region',
  fifty_fifty: 'forced 50/50',
  chain_fifty_fifty: 'chain of 50/50s',
  pseudo_fifty_fifty: 'pseudo-50/50',
  best_guess: 'best guess',
};

// ---- colours of P(mine) ----

// Stops from p = 0 (safe) to p = 1 (mine), interpolated in RGB.
const PALETTES = {
  default: [[74, 178, 96], [246, 211, 74], [222, 68, 60]],
  // viridis (perceptually uniform, readable with every common colour-vision deficiency)
  'colour-blind': [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]],
};

function heatColour(p, palette) {
  const stops = PALETTES[palette] ?? PALETTES.default;
  const x = Math.min(1, Math.max(0, p)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const t = x - i;
  const rgb = stops[i].map((v, k) => Math.round(v + (stops[i + 1][k] - v) * t));
  return `rgb(${rgb.join(', ')})`;
}

function legendGradient(palette) {
  const samples = [0, 0.25, 0.5, 0.75, 1].map((p) => `${heatColour(p, palette)} ${p * 100}%`);
  return `linear-gradient(to right, ${samples.join(', ')})`;
}

// ---- the CLI text format ----

/** `WxH M` then H rows of W characters of `.`, `F`, `0`-`8`; throws an Error naming the line. */
function parsePosition(text) {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length === 0) throw new Error('the first line must be “WxH M”, e.g. “9x9 10”');
  const header = /^(\d+)\s*x\s*(\d+)\s+(\d+)$/i.exec(lines[0]);
  if (!header) throw new Error(`line 1: “${lines[0]}” is not “WxH M”, e.g. “9x9 10”`);
  const [width, height, mines] = header.slice(1).map(Number);
  if (width < 1 || height < 1 || width * height > 10000) throw new Error(`line 1: a ${width}x${height} board is not playable here`);
  const rows = lines.slice(1);
  if (rows.length !== height) throw new Error(`the header says ${height} rows, ${rows.length} found`);
  const cells = [];
  rows.forEach((row, r) => {
    if (row.length !== width) throw new Error(`line ${r + 2}: ${row.length} characters, the header says ${width}`);
    for (const [c, ch] of [...row].entries()) {
      if (!/^[.F0-8]$/.test(ch)) throw new Error(`line ${r + 2}, column ${c + 1}: “${ch}” is not . F or 0-8`);
      cells.push(ch);
    }
  });
  return { width, height, mines, cells };
}

function printPosition({ width, height, mines, cells }) {
  const rows = [];
  for (let r = 0; r < height; r += 1) rows.push(cells.slice(r * width, (r + 1) * width).join(''));
  return `${width}x${height} ${mines}\n${rows.join('\n')}\n`;
}

// ---- a board of cells (the game's and the analyser's) ----

const GLYPHS = { '.': '', F: '⚑', 0: '', mine: '●', exploded: '✸', 'wrong-flag': '✕' };

function describe(state) {
  switch (state) {
    case '.': return 'covered';
    case 'F': return 'flagged';
    case '0': return 'open, no mine around';
    case 'mine': return 'mine';
    case 'exploded': return 'exploded mine';
    case 'wrong-flag': return 'wrong flag, no mine';
    default: return `open, ${state} mine${state === '1' ? '' : 's'} around`;
  }
}

const cellName = (col, row) => `col ${col}, row ${row}`;

/**
 * A grid of `.cell` elements inside `root` (role=grid, rows role=row). One cell is in the tab
 * order at a time (a roving cursor moved by the arrow keys); clicks, right clicks, other keys
 * and the pointer are reported through the handlers as (col, row).
 */
function createBoard(root, handlers) {
  let width = 0;
  let height = 0;
  let cells = [];
  let cursor = 0;

  const indexOf = (cell) => Number(cell.dataset.row) * width + Number(cell.dataset.col);
  const cellOf = (event) => event.target.closest?.('.cell');

  function build(w, h) {
    if (w === width && h === height) return;
    width = w;
    height = h;
    cells = [];
    root.replaceChildren();
    root.style.setProperty('--cols', String(w));
    for (let r = 0; r < h; r += 1) {
      const line = document.createElement('div');
      line.className = 'board-row';
      line.setAttribute('role', 'row');
      for (let c = 0; c < w; c += 1) {
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.tabIndex = -1;
        cell.dataset.col = String(c);
        cell.dataset.row = String(r);
        line.append(cell);
        cells.push(cell);
      }
      root.append(line);
    }
    cursor = 0;
    cells[0].tabIndex = 0;
    cells[0].classList.add('cursor');
  }

  function moveCursor(index, focus) {
    if (!cells[index]) return;
    cells[cursor].tabIndex = -1;
    cells[cursor].classList.remove('cursor');
    cursor = index;
    cells[cursor].tabIndex = 0;
    cells[cursor].classList.add('cursor');
    if (focus) cells[cursor].focus();
  }

  root.addEventListener('click', (event) => {
    const cell = cellOf(event);
    if (!cell) return;
    moveCursor(indexOf(cell), false);
    handlers.activate(Number(cell.dataset.col), Number(cell.dataset.row), event);
  });
  root.addEventListener('contextmenu', (event) => {
    const cell = cellOf(event);
    if (!cell) return;
    event.preventDefault();
    moveCursor(indexOf(cell), false);
    handlers.flag?.(Number(cell.dataset.col), Number(cell.dataset.row));
  });
  root.addEventListener('keydown', (event) => {
    const cell = cellOf(event);
    if (!cell || event.altKey || event.ctrlKey || event.metaKey) return;
    const c = Number(cell.dataset.col);
    const r = Number(cell.dataset.row);
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (event.key in moves) {
      event.preventDefault();
      const [dc, dr] = moves[event.key];
      const nc = Math.min(width - 1, Math.max(0, c + dc));
      const nr = Math.min(height - 1, Math.max(0, r + dr));
      moveCursor(nr * width + nc, true);
      return;
    }
    if (handlers.key?.(event.key, c, r)) event.preventDefault();
  });
  const point = (event) => {
    const cell = cellOf(event);
    if (cell) handlers.pointer?.(cell);
  };
  root.addEventListener('pointerover', point);
  root.addEventListener('focusin', point);
  root.addEventListener('pointerleave', () => handlers.pointer?.(null));

  return {
    build,
    cell: (col, row) => cells[row * width + col],
    get cells() { return cells; },
  };
}

/** Shows `state` on a cell: data-state, the glyph and the label (with P(mine) when known). */
function paintCell(cell, state, p, palette) {
  cell.dataset.state = state;
  cell.textContent = GLYPHS[state] ?? state;
  let label = `${cellName(cell.dataset.col, cell.dataset.row)}: ${describe(state)}`;
  if (p === null || p === undefined) {
    delete cell.dataset.p;
    cell.style.removeProperty('background-color');
  } else {
    cell.dataset.p = String(p);
    cell.style.backgroundColor = heatColour(p, palette);
    label += `, P(mine) ${p.toFixed(3)}`;
  }
  cell.setAttribute('aria-label', label);
}

function pointerText(cell) {
  if (!cell) return '–';
  const name = cellName(cell.dataset.col, cell.dataset.row);
  return cell.dataset.p === undefined ? `– (${name})` : `${Number(cell.dataset.p).toFixed(3)} (${name})`;
}

function decisionText(d) {
  const parts = [`reason: ${REASONS[d.reason] ?? d.reason}`, `P(safe) ${d.p_safe.toFixed(3)}`];
  if (d.win_probability !== null && d.win_probability !== undefined) parts.push(`P(win) ${d.win_probability.toFixed(3)}`);
  return `${d.text} — ${parts.join(', ')}`;
}

const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

// ---- the tab ----

export function initMines({ api, guard, showError, inputError, parseSeed }) {
  const $ = (id) => document.getElementById(id);
  const el = {
    form: $('mines-form'), preset: $('mines-preset'), custom: $('mines-custom'), firstClick: $('mines-first-click'),
    seed: $('mines-seed'), noGuess: $('mines-no-guess'), status: $('mines-status'), seedShown: $('mines-seed-shown'),
    replay: $('mines-replay'), overlay: $('mines-overlay'), palette: $('mines-palette'), legend: $('mines-legend'),
    overlayNote: $('mines-overlay-note'), pointer: $('mines-pointer-p'), hint: $('mines-hint'),
    hintText: $('mines-hint-text'), aiStep: $('mines-ai-step'), aiPlay: $('mines-ai-play'), speed: $('mines-ai-speed'),
    speedShown: $('mines-ai-speed-shown'), save: $('mines-mbf-save'), load: $('mines-mbf-load'),
    position: $('mines-position'), positionError: $('mines-position-error'), aMines: $('mines-analyser-mines'),
    aSource: $('mines-analyser-source'), analyse: $('mines-analyse'), copy: $('mines-copy-position'),
    aText: $('mines-analyser-text'), aPointer: $('mines-analyser-pointer-p'),
  };

  let game = null; // the last GameState
  let version = 0; // bumped with every new state: maps and hints of older states are dropped
  let heat = null; // the overlay's Map for `version`
  let marked = null; // {col, row, kind: 'hint' | 'last-move'} for `version`
  let aiOn = false;
  let started = false;

  // Moves, hints and AI steps run one after another, each on the state the previous left.
  let queue = Promise.resolve();
  const enqueue = (job) => {
    const run = queue.then(job);
    queue = run.catch(() => {});
    return run;
  };

  // ---- drawing the game ----

  const board = createBoard($('mines-board'), {
    activate: (c, r) => act(c, r, 'click'),
    flag: (c, r) => act(c, r, 'flag'),
    key: (key, c, r) => {
      const kind = { Enter: 'click', ' ': 'click', f: 'flag', F: 'flag' }[key];
      if (kind) { act(c, r, kind); return true; }
      if (key === 'h' || key === 'H') { hint(); return true; }
      return false;
    },
    pointer: (cell) => { el.pointer.textContent = pointerText(cell); },
  });

  /** The state a cell shows: the view's character, or after the end mines and wrong flags. */
  function shownState(index, ch, mines) {
    if (!mines) return ch;
    const { exploded, settings } = game;
    if (exploded && index === exploded.row * settings.width + exploded.col) return 'exploded';
    if (mines.has(index)) return ch === 'F' ? 'F' : 'mine';
    return ch === 'F' ? 'wrong-flag' : ch;
  }

  function render() {
    const { width, height } = game.settings;
    board.build(width, height);
    const mines = game.status !== 'playing' && Array.isArray(game.mines) ? new Set(game.mines) : null;
    const p = heat && heat.version === version ? heat.map.p : null;
    const view = game.rows.join('');
    board.cells.forEach((cell, i) => {
      const state = shownState(i, view[i], mines);
      paintCell(cell, state, state === '.' && p ? p[i] : null, el.palette.value);
      cell.classList.toggle('hint', marked?.version === version && marked.index === i && marked.kind === 'hint');
      cell.classList.toggle('last-move', marked?.version === version && marked.index === i && marked.kind === 'last-move');
    });
    $('mines-board').dataset.status = game.status;
    $('mines-board').dataset.gameId = game.id;
    el.status.dataset.status = game.status;
    const extra = game.no_guess ? ' · no-guess board' : '';
    el.status.textContent = `${game.status} — ${game.mines_left} mines left · ${game.moves} moves${extra}`;
    el.seedShown.textContent = game.seed === null ? 'none (loaded .mbf)' : String(game.seed);
    el.replay.disabled = game.seed === null;
    el.save.disabled = game.status === 'playing';
    el.save.title = el.save.disabled ? 'Available once the game has ended (the mines stay hidden until then)' : 'Download the board as .mbf';
    const over = game.status !== 'playing';
    el.hint.disabled = over;
    el.aiStep.disabled = over;
    el.aiPlay.disabled = over && !aiOn;
    el.overlayNote.textContent = heat?.version === version && heat.map.stopped
      ? 'The exact search ran out of its budget: this map is the teacher estimate.' : '';
  }

  function setGame(state) {
    game = state;
    version += 1;
    render();
    refreshHeat();
  }

  function mark(decision, kind) {
    marked = { version, index: decision.row * game.settings.width + decision.col, kind };
    render();
  }

  // ---- the overlay ----

  async function refreshHeat() {
    const source = el.overlay.value;
    if (!game || source === 'off' || game.status !== 'playing') {
      heat = null;
      if (game) render();
      return;
    }
    const asked = version;
    try {
      const map = await api.get(`/api/mines/games/${encodeURIComponent(game.id)}/map?source=${source}`);
      if (asked !== version || source !== el.overlay.value) return; // a newer state or source
      heat = { version: asked, map };
      render();
    } catch (err) {
      showError(err);
    }
  }

  function paintLegend() {
    el.legend.style.backgroundImage = legendGradient(el.palette.value);
  }

  // ---- moves ----

  const gamePath = (tail) => `/api/mines/games/${encodeURIComponent(game.id)}/${tail}`;

  /** A click (reveal a covered cell, chord a number) or a flag toggle at (col, row). */
  function act(col, row, kind) {
    guard(() => enqueue(async () => {
      if (!game || game.status !== 'playing') return;
      const ch = game.rows[row][col];
      let action = null;
      if (kind === 'flag') action = ch === '.' || ch === 'F' ? 'flag' : null;
      else if (ch === '.') action = 'reveal';
      else if (/[1-8]/.test(ch)) action = 'chord';
      if (!action) return;
      setGame(await api.post(gamePath(action), { col, row }));
    }))();
  }

  function hint() {
    guard(() => enqueue(async () => {
      if (!game || game.status !== 'playing') return;
      el.hintText.textContent = 'thinking…';
      const asked = version;
      const decision = await api.get(gamePath('hint'));
      if (asked !== version) return;
      el.hintText.textContent = `Hint: ${decisionText(decision)}`;
      mark(decision, 'hint');
    }))();
  }

  async function aiStep() {
    if (!game || game.status !== 'playing') return;
    const { decision, state } = await api.post(gamePath('step'));
    setGame(state);
    el.hintText.textContent = `AI: ${decisionText(decision)}`;
    mark(decision, 'last-move');
  }

  function setAi(on) {
    aiOn = on;
    el.aiPlay.setAttribute('aria-pressed', String(on));
    el.aiPlay.textContent = on ? 'Pause' : 'AI play';
    if (game) render();
  }

  async function aiLoop() {
    try {
      while (aiOn && game && game.status === 'playing') {
        await enqueue(aiStep);
        if (game.status !== 'playing') break;
        await sleep(Number(el.speed.value));
      }
    } catch (err) {
      showError(err);
    } finally {
      setAi(false);
    }
  }

  // ---- new games ----

  function newGameBody() {
    let body;
    const custom = el.custom.value.trim();
    if (el.preset.value === 'custom') {
      const m = /^(\d+)\s*x\s*(\d+)\s*\/\s*(\d+)$/i.exec(custom);
      if (!m) throw inputError(`“${custom}” is not WxH/M, e.g. 30x16/99`, 'custom');
      body = { width: Number(m[1]), height: Number(m[2]), mines: Number(m[3]) };
    } else {
      body = { preset: el.preset.value };
    }
    body.first_click = el.firstClick.value;
    const seed = parseSeed(el.seed.value, 'seed');
    if (seed !== null) body.seed = seed;
    body.no_guess = el.noGuess.checked;
    return body;
  }

  async function start(promiseOfState) {
    setAi(false);
    const state = await enqueue(() => promiseOfState());
    heat = null;
    marked = null;
    el.hintText.textContent = '';
    setGame(state);
  }

  const newGame = () => start(() => api.post('/api/mines/games', newGameBody()));

  const replay = () => start(() => {
    const { width, height, mines, first_click: firstClick } = game.settings;
    return api.post('/api/mines/games', { width, height, mines, first_click: firstClick, seed: BigInt(game.seed), no_guess: game.no_guess });
  });

  async function saveMbf() {
    if (!game || game.status === 'playing') return;
    const blob = await api.blob(gamePath('mbf'));
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `minesweeper-${game.id}.mbf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  async function loadMbf() {
    const file = el.load.files?.[0];
    if (!file) return;
    try {
      const bytes = await file.arrayBuffer();
      await start(() => api.post('/api/mines/games/mbf', bytes));
    } finally {
      el.load.value = ''; // the same file can be loaded again
    }
  }

  // ---- the analyser ----

  let position = parsePosition(el.position.value);
  let analysis = null; // {map, decision} of `position` as last analysed, null after an edit

  const aBoard = createBoard($('mines-analyser-board'), {
    activate: (c, r) => edit(c, r, (ch) => ({ '.': '0', 8: 'F', F: '.' }[ch] ?? String(Number(ch) + 1))),
    flag: (c, r) => edit(c, r, (ch) => (ch === 'F' ? '.' : 'F')),
    key: (key, c, r) => {
      let to = null;
      if (/^[0-8]$/.test(key)) to = key;
      else if (key === 'f' || key === 'F') to = 'F';
      else if (key === '.' || key === 'Backspace' || key === 'Delete') to = '.';
      else if (key === 'Enter' || key === ' ') { aBoard.cell(c, r).click(); return true; }
      if (to === null) return false;
      edit(c, r, () => to);
      return true;
    },
    pointer: (cell) => { el.aPointer.textContent = pointerText(cell); },
  });

  function renderAnalyser() {
    aBoard.build(position.width, position.height);
    const p = analysis?.map?.p;
    const d = analysis?.decision;
    aBoard.cells.forEach((cell, i) => {
      const ch = position.cells[i];
      paintCell(cell, ch, ch === '.' && p ? p[i] : null, el.palette.value);
      cell.classList.toggle('hint', Boolean(d) && i === d.row * position.width + d.col);
    });
  }

  function edit(col, row, change) {
    const i = row * position.width + col;
    position.cells[i] = change(position.cells[i]);
    el.position.value = printPosition(position);
    el.positionError.textContent = '';
    analysis = null;
    el.aText.textContent = '';
    renderAnalyser();
  }

  function readPosition() {
    try {
      position = parsePosition(el.position.value);
      el.positionError.textContent = '';
      el.aMines.value = String(position.mines);
      analysis = null;
      renderAnalyser();
    } catch (err) {
      el.positionError.textContent = err.message;
    }
  }

  function setMines() {
    const mines = Number(el.aMines.value);
    if (!Number.isInteger(mines) || mines < 0) return;
    position.mines = mines;
    el.position.value = printPosition(position);
    analysis = null;
    renderAnalyser();
  }

  async function analyse() {
    el.aText.textContent = 'thinking…';
    try {
      const result = await api.post('/api/mines/analyse', { position: el.position.value, source: el.aSource.value });
      readPosition();
      analysis = result;
      renderAnalyser();
      const stopped = result.map.stopped ? ' (the exact search ran out of its budget: the map is the teacher estimate)' : '';
      el.aText.textContent = (result.decision ? decisionText(result.decision) : 'No move to suggest.') + stopped;
    } catch (err) {
      el.aText.textContent = '';
      throw err;
    }
  }

  async function copyPosition() {
    if (!game) throw inputError('start a game first');
    el.position.value = game.position;
    readPosition();
    try {
      await navigator.clipboard?.writeText(game.position);
    } catch {
      // the clipboard needs permission; the textarea has the text anyway
    }
  }

  // ---- wiring ----

  el.form.addEventListener('submit', (event) => { event.preventDefault(); guard(newGame)(); });
  el.custom.addEventListener('input', () => { if (el.custom.value.trim()) el.preset.value = 'custom'; });
  el.replay.addEventListener('click', guard(replay));
  el.overlay.addEventListener('change', () => { heat = null; refreshHeat(); });
  el.palette.addEventListener('change', () => { paintLegend(); if (game) render(); renderAnalyser(); });
  el.hint.addEventListener('click', hint);
  el.aiStep.addEventListener('click', guard(() => enqueue(aiStep)));
  el.aiPlay.addEventListener('click', () => {
    if (aiOn) { setAi(false); return; }
    if (!game || game.status !== 'playing') return;
    setAi(true);
    aiLoop();
  });
  const showSpeed = () => { el.speedShown.textContent = `${el.speed.value} ms`; };
  el.speed.addEventListener('input', showSpeed);
  el.save.addEventListener('click', guard(saveMbf));
  el.load.addEventListener('change', guard(loadMbf));
  el.position.addEventListener('input', readPosition);
  el.aMines.addEventListener('input', setMines);
  el.analyse.addEventListener('click', guard(analyse));
  el.copy.addEventListener('click', guard(copyPosition));

  showSpeed();
  paintLegend();
  readPosition();

  return {
    show() {
      if (started) return;
      started = true;
      guard(newGame)();
    },
  };
}
