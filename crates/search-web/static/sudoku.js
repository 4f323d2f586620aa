// Sudoku: a 9x9 grid of inputs, generation by grade, solving, counting, and a step-by-step
// explanation drawn on the grid (pencil marks from the step's candidates, highlighted houses,
// named cells, placements and eliminations).

const N = 81;
const rowOf = (i) => Math.floor(i / 9);
const colOf = (i) => i % 9;
const boxOf = (i) => 3 * Math.floor(rowOf(i) / 3) + Math.floor(colOf(i) / 3);

/** The cells of a house `{kind: "row"|"column"|"box", index}`. */
function houseCells({ kind, index }) {
  const all = [...Array(N).keys()];
  if (kind === 'row') return all.filter((i) => rowOf(i) === index);
  if (kind === 'column') return all.filter((i) => colOf(i) === index);
  return all.filter((i) => boxOf(i) === index);
}

/** 81 characters (digits, `.` or `0` empty; whitespace ignored) as 81 values 0-9; throws. */
function parsePuzzle(text) {
  const compact = text.replace(/\s+/g, '');
  if (compact.length !== N) throw new Error(`a puzzle is 81 characters, this text has ${compact.length}`);
  const bad = [...compact].findIndex((ch) => !/[0-9.]/.test(ch));
  if (bad >= 0) throw new Error(`character ${bad + 1} (“${compact[bad]}”) is not a digit, . or 0`);
  return [...compact].map((ch) => (ch === '.' ? 0 : Number(ch)));
}

function randomSeed() {
  const words = new BigUint64Array(1);
  crypto.getRandomValues(words);
  return words[0];
}

export function initSudoku({ api, guard, inputError, parseSeed }) {
  const $ = (id) => document.getElementById(id);
  const el = {
    grid: $('sudoku-grid'), text: $('sudoku-text'), load: $('sudoku-load'), grade: $('sudoku-grade'),
    seed: $('sudoku-seed'), generate: $('sudoku-generate'), clear: $('sudoku-clear'), solve: $('sudoku-solve'),
    count: $('sudoku-count'), limit: $('sudoku-limit'), explain: $('sudoku-explain'), result: $('sudoku-result'),
    gradeShown: $('sudoku-grade-shown'), prev: $('sudoku-step-prev'), next: $('sudoku-step-next'),
    exit: $('sudoku-step-exit'), stepText: $('sudoku-step-text'),
  };

  // Each cell: its value 0-9 and kind: 'given' (loaded or generated), 'entered' (typed),
  // 'solved' (filled by Solve) or '' (empty).
  const values = Array(N).fill(0);
  const kinds = Array(N).fill('');
  let steps = null; // the explanation being stepped through, or null when editing
  let stepAt = 0;
  let explained = ''; // the puzzle the explanation is of (its digits are the givens)

  // ---- the grid ----

  const squares = [];
  const inputs = [];
  const marks = [];
  for (let r = 0; r < 9; r += 1) {
    const line = document.createElement('div');
    line.className = 'board-row';
    line.setAttribute('role', 'row');
    for (let c = 0; c < 9; c += 1) {
      const i = r * 9 + c;
      const square = document.createElement('div');
      square.className = 'sq';
      square.setAttribute('role', 'gridcell');
      square.dataset.sq = String(i);
      if (c % 3 === 0 && c) square.classList.add('box-left');
      if (r % 3 === 0 && r) square.classList.add('box-top');
      const input = document.createElement('input');
      input.type = 'text';
      input.inputMode = 'numeric';
      input.autocomplete = 'off';
      input.maxLength = 1;
      input.dataset.cell = String(i);
      input.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}`);
      const pencil = document.createElement('div');
      pencil.className = 'marks';
      pencil.setAttribute('aria-hidden', 'true');
      for (let d = 1; d <= 9; d += 1) {
        const mark = document.createElement('span');
        mark.dataset.d = String(d);
        pencil.append(mark);
      }
      square.append(input, pencil);
      line.append(square);
      squares.push(square);
      inputs.push(input);
      marks.push(pencil);
    }
    el.grid.append(line);
  }

  el.grid.addEventListener('input', (event) => {
    const i = Number(event.target.dataset.cell);
    if (Number.isNaN(i) || steps) return;
    const digit = (event.target.value.match(/[1-9]/g) ?? []).pop();
    values[i] = digit ? Number(digit) : 0;
    kinds[i] = digit ? 'entered' : '';
    drawCell(i);
    syncText();
  });
  el.grid.addEventListener('keydown', (event) => {
    const i = Number(event.target.dataset.cell);
    if (Number.isNaN(i)) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -9, ArrowDown: 9 };
    if (event.key in moves) {
      event.preventDefault();
      const j = i + moves[event.key];
      if (j >= 0 && j < N && (Math.abs(moves[event.key]) === 9 || rowOf(j) === rowOf(i))) inputs[j].focus();
    }
  });
  // Pasting a whole puzzle into any cell loads it.
  el.grid.addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text') ?? '';
    if (text.replace(/\s+/g, '').length !== N || steps) return;
    event.preventDefault();
    guard(() => loadValues(parsePuzzle(text)))();
  });

  function drawCell(i) {
    const input = inputs[i];
    input.value = values[i] ? String(values[i]) : '';
    input.readOnly = false;
    for (const kind of ['given', 'entered', 'solved']) {
      squares[i].classList.toggle(kind, kinds[i] === kind);
      input.classList.toggle(kind, kinds[i] === kind);
    }
  }

  function drawGrid() {
    el.grid.classList.remove('stepping');
    for (let i = 0; i < N; i += 1) {
      clearHighlights(i);
      marks[i].hidden = true;
      drawCell(i);
    }
  }

  const HIGHLIGHTS = ['house', 'pattern', 'place', 'eliminate'];

  function clearHighlights(i) {
    squares[i].classList.remove(...HIGHLIGHTS);
    inputs[i].classList.remove(...HIGHLIGHTS);
  }

  function highlight(i, kind) {
    squares[i].classList.add(kind);
    inputs[i].classList.add(kind); // mirrored on the input, so `[data-cell].place` works too
  }

  /** The puzzle: the given and typed digits (not the ones Solve filled in). */
  function puzzle() {
    return values.map((v, i) => (v && kinds[i] !== 'solved' ? String(v) : '.')).join('');
  }

  function syncText() {
    if (document.activeElement !== el.text) el.text.value = puzzle();
  }

  function loadValues(digits) {
    stopStepping();
    digits.forEach((v, i) => { values[i] = v; kinds[i] = v ? 'given' : ''; });
    drawGrid();
    syncText();
    el.result.textContent = '';
  }

  // ---- the explanation ----

  function drawStep() {
    const step = steps[stepAt];
    el.grid.classList.add('stepping');
    const places = new Map(step.placements.map((p) => [p.cell, p.digit]));
    const elims = new Map();
    for (const { cell, digit } of step.eliminations) elims.set(cell, [...(elims.get(cell) ?? []), digit]);
    for (let i = 0; i < N; i += 1) {
      clearHighlights(i);
      const input = inputs[i];
      input.readOnly = true;
      const value = step.values[i];
      input.value = value ? String(value) : '';
      const given = explained[i] !== '.';
      for (const target of [squares[i], input]) {
        target.classList.toggle('given', given);
        target.classList.toggle('entered', false);
        target.classList.toggle('solved', Boolean(value) && !given);
      }
      marks[i].hidden = Boolean(value);
      for (const mark of marks[i].children) {
        const d = Number(mark.dataset.d);
        const on = !value && (step.candidates[i] & (1 << (d - 1))) !== 0;
        mark.textContent = on ? String(d) : '';
        mark.className = '';
        if (on && places.get(i) === d) mark.className = 'm-place';
        if (on && elims.get(i)?.includes(d)) mark.className = 'm-elim';
      }
    }
    for (const house of step.houses) for (const i of houseCells(house)) highlight(i, 'house');
    for (const i of step.cells) highlight(i, 'pattern');
    for (const i of places.keys()) highlight(i, 'place');
    for (const i of elims.keys()) highlight(i, 'eliminate');
    renderStepText(step);
    el.prev.disabled = stepAt === 0;
    el.next.disabled = stepAt === steps.length - 1;
    el.exit.disabled = false;
  }

  function renderStepText(step) {
    const head = document.createElement('div');
    head.className = 'step-head';
    const count = document.createElement('span');
    count.id = 'sudoku-step-count';
    count.textContent = `step ${stepAt + 1} of ${steps.length}`;
    const name = document.createElement('strong');
    name.id = 'sudoku-step-name';
    name.textContent = step.name;
    name.title = step.technique;
    head.append(count, ' · ', name);
    const sentence = document.createElement('p');
    sentence.id = 'sudoku-step-sentence';
    sentence.textContent = step.text;
    el.stepText.replaceChildren(head, sentence);
  }

  function stopStepping() {
    if (!steps) return;
    steps = null;
    el.stepText.replaceChildren();
    el.prev.disabled = true;
    el.next.disabled = true;
    el.exit.disabled = true;
    drawGrid();
  }

  function showGrade(grade, score, extra = '') {
    el.gradeShown.textContent = grade ? `grade: ${grade} · score ${score}${extra}` : `grade: unknown${extra}`;
  }

  // ---- actions ----

  async function busy(message, job) {
    el.result.textContent = message;
    try {
      await job();
    } catch (err) {
      el.result.textContent = '';
      throw err;
    }
  }

  const loadText = () => {
    try {
      loadValues(parsePuzzle(el.text.value));
    } catch (err) {
      throw inputError(err.message, 'puzzle');
    }
  };

  const generate = () => busy('generating…', async () => {
    const seed = parseSeed(el.seed.value, 'seed') ?? randomSeed();
    const made = await api.post('/api/sudoku/generate', { grade: el.grade.value, seed });
    loadValues(parsePuzzle(made.puzzle));
    showGrade(made.grade, made.score, ` · seed ${made.seed}`);
  });

  const solve = () => busy('solving…', async () => {
    stopStepping();
    const { solution, solutions, nodes } = await api.post('/api/sudoku/solve', { puzzle: puzzle() });
    if (!solution) {
      el.result.textContent = 'No solution.';
      return;
    }
    [...solution].forEach((ch, i) => {
      if (kinds[i] === '' || kinds[i] === 'solved') { values[i] = Number(ch); kinds[i] = 'solved'; }
    });
    drawGrid();
    const how = solutions > 1 ? 'More than one solution; showing one' : 'Solved: the solution is unique';
    el.result.textContent = `${how} (${nodes} nodes).`;
  });

  const count = () => busy('counting…', async () => {
    const limit = Number(el.limit.value) || 1000;
    const result = await api.post('/api/sudoku/count', { puzzle: puzzle(), limit });
    const plural = result.count === 1 ? '' : 's';
    if (!result.complete) el.result.textContent = `At least ${result.count} solution${plural} (the search ran out of its budget).`;
    else if (result.count >= limit) el.result.textContent = `At least ${result.count} solution${plural} (the limit).`;
    else el.result.textContent = `${result.count} solution${plural}.`;
  });

  const explain = () => busy('explaining…', async () => {
    stopStepping();
    const asked = puzzle();
    const result = await api.post('/api/sudoku/explain', { puzzle: asked });
    showGrade(result.grade, result.score, result.rating_error ? ` (${result.rating_error})` : '');
    const n = result.steps.length;
    const outcome = {
      solved: `Solved by logic in ${n} step${n === 1 ? '' : 's'}.`,
      stuck: `Stuck after ${n} step${n === 1 ? '' : 's'}: the techniques find nothing more.`,
      contradiction: `A contradiction after ${n} step${n === 1 ? '' : 's'}: the puzzle has no solution.`,
    }[result.outcome] ?? result.outcome;
    el.result.textContent = outcome;
    if (n === 0) return;
    steps = result.steps;
    explained = asked;
    stepAt = 0;
    drawStep();
  });

  function go(delta) {
    if (!steps) return;
    stepAt = Math.min(steps.length - 1, Math.max(0, stepAt + delta));
    drawStep();
  }

  function clear() {
    loadValues(Array(N).fill(0));
    el.gradeShown.textContent = '';
  }

  el.load.addEventListener('click', guard(loadText));
  el.generate.addEventListener('click', guard(generate));
  el.clear.addEventListener('click', guard(clear));
  el.solve.addEventListener('click', guard(solve));
  el.count.addEventListener('click', guard(count));
  el.explain.addEventListener('click', guard(explain));
  el.prev.addEventListener('click', () => go(-1));
  el.next.addEventListener('click', () => go(1));
  el.exit.addEventListener('click', stopStepping);
  drawGrid();

  return { show() {} };
}
