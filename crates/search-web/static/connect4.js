// Connect Four against the server's solver. The game is the move string (columns 1-7): the
// page plays the person's columns locally, asks /api/connect4/move when it is the AI's turn and
// /api/connect4/analyse for every column's score when it is the person's.

const COLS = 7;
const ROWS = 6;

/** The board of a move string: grid[row][col] ('X', 'O' or '', row 0 at the top), the winner and its line. */
function replay(moves) {
  const grid = Array.from({ length: ROWS }, () => Array(COLS).fill(''));
  const heights = Array(COLS).fill(0);
  let winner = null;
  let line = [];
  [...moves].forEach((ch, i) => {
    const col = Number(ch) - 1;
    if (!(col >= 0 && col < COLS)) throw new Error(`move ${i + 1}: “${ch}” is not a column 1-7`);
    if (heights[col] === ROWS) throw new Error(`move ${i + 1}: column ${ch} is full`);
    if (winner) throw new Error(`move ${i + 1}: the game was already over`);
    const row = ROWS - 1 - heights[col];
    heights[col] += 1;
    const disc = i % 2 === 0 ? 'X' : 'O';
    grid[row][col] = disc;
    const four = lineThrough(grid, row, col);
    if (four) { winner = disc; line = four; }
  });
  const over = winner !== null || moves.length === ROWS * COLS;
  return { grid, heights, winner, line, over, toMove: moves.length % 2 === 0 ? 'X' : 'O' };
}

/** The cells of a four (or longer) through (row, col), or null. */
function lineThrough(grid, row, col) {
  const disc = grid[row][col];
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
    const cells = [[row, col]];
    for (const sign of [1, -1]) {
      let r = row + sign * dr;
      let c = col + sign * dc;
      while (r >= 0 && r < ROWS && c >= 0 && c < COLS && grid[r][c] === disc) {
        cells.push([r, c]);
        r += sign * dr;
        c += sign * dc;
      }
    }
    if (cells.length >= 4) return cells;
  }
  return null;
}

function scoreWords(score) {
  if (score > 0) return `wins (score ${score})`;
  if (score < 0) return `loses (score ${score})`;
  return 'draws';
}

export function initConnect4({ api, guard, showError, inputError }) {
  const $ = (id) => document.getElementById(id);
  const el = {
    board: $('c4-board'), status: $('c4-status'), note: $('c4-note'), human: $('c4-human'), level: $('c4-level'),
    newGame: $('c4-new'), undo: $('c4-undo'), moves: $('c4-moves'), load: $('c4-load'),
  };
  const scoreEls = Array.from({ length: COLS }, (_, c) => $(`c4-score-${c}`));

  let moves = '';
  let human = el.human.value;
  let analysis = null; // the Analysis of `moves`, once it has arrived
  let thinking = false; // waiting for the AI's column: the board takes no input
  let analysing = false;
  let generation = 0; // bumped by every change of the game: older answers are dropped
  let started = false;

  // ---- the board ----

  const columns = [];
  for (let c = 0; c < COLS; c += 1) {
    const column = document.createElement('button');
    column.type = 'button';
    column.className = 'c4-col';
    column.dataset.col = String(c);
    for (let r = 0; r < ROWS; r += 1) {
      const cell = document.createElement('span');
      cell.className = 'c4-cell';
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      cell.dataset.disc = '';
      column.append(cell);
    }
    column.addEventListener('click', () => play(c));
    columns.push(column);
  }
  el.board.append(...columns);

  // Left / right move between columns, 1-7 play a column.
  el.board.addEventListener('keydown', (event) => {
    const at = columns.indexOf(document.activeElement);
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const next = Math.min(COLS - 1, Math.max(0, at + (event.key === 'ArrowLeft' ? -1 : 1)));
      columns[next].focus();
    } else if (/^[1-7]$/.test(event.key)) {
      event.preventDefault();
      columns[Number(event.key) - 1].focus();
      play(Number(event.key) - 1);
    }
  });

  function render() {
    const position = replay(moves);
    const win = new Set(position.line.map(([r, c]) => `${r},${c}`));
    const last = moves.length ? Number(moves[moves.length - 1]) - 1 : -1;
    const current = analysis && analysis.moves === moves ? analysis : null;
    const blocked = thinking || position.over || position.toMove !== human;
    el.board.classList.toggle('busy', thinking);
    el.board.setAttribute('aria-busy', String(thinking));
    columns.forEach((column, c) => {
      for (const cell of column.children) {
        const r = Number(cell.dataset.row);
        const disc = position.grid[r][c];
        cell.dataset.disc = disc;
        cell.classList.toggle('last', c === last && r === ROWS - position.heights[c]);
        cell.classList.toggle('win-line', win.has(`${r},${c}`));
      }
      const full = position.heights[c] === ROWS;
      column.setAttribute('aria-disabled', String(blocked || full));
      column.classList.toggle('full', full);
      renderScore(c, current, full, position);
    });
    renderStatus(position);
    renderNote(current, position);
    el.undo.disabled = ![...moves].some((_, i) => (i % 2 === 0 ? 'X' : 'O') === human);
    if (document.activeElement !== el.moves) el.moves.value = moves;
  }

  function renderScore(c, current, full, position) {
    const slot = scoreEls[c];
    slot.classList.remove('win', 'draw', 'loss', 'unknown');
    let label;
    if (full || position.over) {
      slot.textContent = '';
      label = full ? 'full' : '';
    } else if (!current) {
      slot.textContent = analysing ? '…' : '';
      label = 'not analysed yet';
    } else if (current.unknown[c] || current.scores[c] === null) {
      slot.textContent = '?';
      slot.classList.add('unknown');
      label = 'unknown within the time budget';
    } else {
      const score = current.scores[c];
      slot.textContent = String(score);
      slot.classList.add(score > 0 ? 'win' : score < 0 ? 'loss' : 'draw');
      label = `${position.toMove} ${scoreWords(score)}`;
    }
    slot.title = label;
    columns[c].setAttribute('aria-label', `Column ${c + 1}${label ? `: ${label}` : ''}`);
  }

  function renderStatus(position) {
    let text;
    if (position.winner) {
      text = `${position.winner} wins${position.winner === human ? ' — you win!' : ' — the AI wins'}`;
    } else if (position.over) {
      text = 'It’s a draw.';
    } else if (thinking) {
      text = `${position.toMove} (AI) is thinking…`;
    } else if (position.toMove === human) {
      text = `Your turn: ${human} to move`;
    } else {
      text = `${position.toMove} (AI) to move`;
    }
    el.status.textContent = text;
    el.status.dataset.over = String(position.over);
  }

  function renderNote(current, position) {
    const parts = [];
    if (current && !position.over) {
      parts.push(`Scores are for ${current.to_move} to move.`);
      if (current.stopped) parts.push('Some columns (?) were not solved within the time budget.');
    }
    el.note.textContent = parts.join(' ');
  }

  // ---- the game ----

  /** Plays the person's column, then lets the game go on. */
  function play(col) {
    const position = replay(moves);
    if (thinking || position.over || position.toMove !== human || position.heights[col] === ROWS) return;
    moves += String(col + 1);
    generation += 1;
    advance();
  }

  /**
   * Whoever is to move: the AI's column from /move (its answer carries the analysis of the
   * position it moved in), then on the person's turn (or at the end) the analysis.
   */
  async function advance() {
    const asked = generation;
    try {
      let position = replay(moves);
      if (!position.over && position.toMove !== human) {
        thinking = true;
        render();
        const reply = await api.post('/api/connect4/move', { moves, level: el.level.value });
        if (asked !== generation) return;
        moves += String(reply.column);
        thinking = false;
        position = replay(moves);
      }
      analysing = true;
      render();
      const result = await api.post('/api/connect4/analyse', { moves });
      if (asked !== generation) return;
      analysis = result;
      analysing = false;
      render();
    } catch (err) {
      if (asked !== generation) return;
      thinking = false;
      analysing = false;
      render();
      showError(err);
    }
  }

  function restart(newMoves) {
    generation += 1;
    moves = newMoves;
    analysis = null;
    thinking = false;
    analysing = false;
    advance();
  }

  function newGame() {
    human = el.human.value;
    restart('');
  }

  /** Takes back the person's last move and the AI's reply (stops the AI if it is thinking). */
  function undo() {
    let rest = moves;
    const sideOf = (length) => (length % 2 === 1 ? 'X' : 'O'); // who played the last of `length` moves
    if (![...rest].some((_, i) => sideOf(i + 1) === human)) return;
    while (rest.length && sideOf(rest.length) !== human) rest = rest.slice(0, -1);
    rest = rest.slice(0, -1);
    restart(rest);
  }

  async function load() {
    const text = el.moves.value.replace(/\s+/g, '');
    if (!/^[1-7]*$/.test(text)) throw inputError(`“${text}” is not a move string of columns 1-7`, 'moves');
    const result = await api.post('/api/connect4/analyse', { moves: text });
    replay(text); // the server took it; the page draws it
    // The person takes the side to move in the loaded position.
    human = result.to_move;
    el.human.value = human;
    generation += 1;
    moves = text;
    analysis = result;
    thinking = false;
    analysing = false;
    render();
  }

  el.newGame.addEventListener('click', guard(newGame));
  el.human.addEventListener('change', guard(newGame));
  el.undo.addEventListener('click', guard(undo));
  el.load.addEventListener('click', guard(load));
  el.moves.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') { event.preventDefault(); guard(load)(); }
  });
  render();

  return {
    show() {
      if (started) return;
      started = true;
      newGame();
    },
  };
}
