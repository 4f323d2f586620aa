//! End-to-end tests in a real headless Chromium driven over `WebDriver` (chromedriver): play a
//! Minesweeper game to a win with the AI, flag and chord by hand, compare the page's heat map
//! with the API's exact map, play Connect Four against the solver to the end, step through a
//! Sudoku explanation. Screenshots go to `target/playground-screenshots/`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`/usr/bin/chromium`, `/usr/bin/chromedriver`,
//! or `$CHROME_BIN` / `$CHROMEDRIVER`); without them every test here says it was skipped.

use std::io::Write;
use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::InputSource;
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

fn tool(var: &str, default: &str) -> Option<PathBuf> {
    let path = std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from);
    path.is_file().then_some(path)
}

/// Chromium and chromedriver, or `None` after saying on stderr (uncaptured) that the test is skipped.
fn browser(test: &str) -> Option<(PathBuf, PathBuf)> {
    if let (Some(chrome), Some(driver)) = (
        tool("CHROME_BIN", "/usr/bin/chromium"),
        tool("CHROMEDRIVER", "/usr/bin/chromedriver"),
    ) {
        Some((chrome, driver))
    } else {
        // Straight to the stream, past the test harness's capture, so the skip is seen.
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED browser test {test}: no Chromium/chromedriver (apt-get install chromium chromium-driver)"
        );
        None
    }
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap()
}

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

struct Session {
    client: Client,
    base: String,
    _driver: Driver,
    _profile: PathBuf,
}

async fn start(test: &str) -> Option<Session> {
    let (chrome, driver_path) = browser(test)?;
    // The server, in this process, on a free port.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(search_web::serve(
        listener,
        search_web::ServerConfig {
            seed: 7,
            ..search_web::ServerConfig::default()
        },
    ));
    let port = free_port();
    let driver = Driver(
        Command::new(driver_path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let profile = std::env::temp_dir().join(format!("search-web-chrome-{test}-{}", std::process::id()));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".to_owned(),
        json!({
            "binary": chrome,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
                     "--window-size=1280,1000", format!("--user-data-dir={}", profile.display())],
        }),
    );
    let url = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(30);
    let client = loop {
        match ClientBuilder::new(HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&url)
            .await
        {
            Ok(client) => break client,
            Err(err) if Instant::now() < deadline => {
                let _ = err;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(err) => panic!("chromedriver did not start: {err}"),
        }
    };
    client.goto(&format!("{base}/")).await.unwrap();
    Some(Session {
        client,
        base,
        _driver: driver,
        _profile: profile,
    })
}

impl Session {
    async fn el(&self, css: &str) -> Element {
        self.client
            .wait()
            .at_most(Duration::from_secs(20))
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
    }

    async fn click(&self, css: &str) {
        self.el(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("click {css}: {e}"));
    }

    async fn text(&self, css: &str) -> String {
        self.el(css).await.text().await.unwrap()
    }

    async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute(script, args)
            .await
            .unwrap_or_else(|e| panic!("{script}: {e}"))
    }

    /// Wait until `check` holds (polling every 100 ms) or panic with `what`.
    async fn until<F, Fut>(&self, what: &str, seconds: u64, mut check: F)
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        while !check().await {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn api(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        // From the page, so the request goes the way the page's own requests go.
        let script = "const [m, p, b, done] = arguments; \
            fetch(p, {method: m, headers: {'Content-Type': 'application/json'}, body: b}).then(r => r.json()).then(done);";
        let body = body.map_or(Value::Null, |b| Value::String(b.to_string()));
        self.client
            .execute_async(script, vec![json!(method), json!(format!("{}{path}", self.base)), body])
            .await
            .unwrap()
    }

    async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/playground-screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), &png).unwrap();
        if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
            let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/img");
            std::fs::create_dir_all(&docs).unwrap();
            std::fs::write(docs.join(format!("playground-{name}.png")), &png).unwrap();
        }
    }

    async fn close(self) {
        self.client.close().await.unwrap();
    }
}

/// The page's board: `(col, row) -> data-state`.
async fn board_states(s: &Session) -> Vec<Vec<String>> {
    let value = s
        .js(
            "const cells = [...document.querySelectorAll('#mines-board .cell')]; \
             const h = Math.max(...cells.map(c => +c.dataset.row)) + 1, w = Math.max(...cells.map(c => +c.dataset.col)) + 1; \
             const g = Array.from({length: h}, () => Array(w).fill('')); \
             cells.forEach(c => g[+c.dataset.row][+c.dataset.col] = c.dataset.state); return g;",
            vec![],
        )
        .await;
    serde_json::from_value(value).unwrap()
}

async fn game_id(s: &Session) -> String {
    s.js("return document.querySelector('#mines-board').dataset.gameId;", vec![])
        .await
        .as_str()
        .unwrap()
        .to_owned()
}

async fn new_mines_game(s: &Session, preset: &str, seed: u64, no_guess: bool) {
    s.click("button[data-tab='mines']").await;
    s.el("#mines-preset").await.select_by_value(preset).await.unwrap();
    let seed_input = s.el("#mines-seed").await;
    seed_input.clear().await.unwrap();
    seed_input.send_keys(&seed.to_string()).await.unwrap();
    let checkbox = s.el("#mines-no-guess").await;
    if checkbox.is_selected().await.unwrap() != no_guess {
        checkbox.click().await.unwrap();
    }
    s.click("#mines-new").await;
    s.until("a new game", 10, || async {
        s.text("#mines-seed-shown").await.contains(&seed.to_string())
    })
    .await;
}

async fn cell(s: &Session, col: usize, row: usize) -> Element {
    s.el(&format!("#mines-board .cell[data-col='{col}'][data-row='{row}']"))
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[expect(
    clippy::too_many_lines,
    reason = "one session played from the first click to a won game"
)]
async fn minesweeper_heat_map_flags_chords_and_the_ai_wins() {
    let Some(s) = start("minesweeper").await else { return };
    new_mines_game(&s, "intermediate", 4, false).await;
    cell(&s, 8, 8).await.click().await.unwrap();
    s.until("the first click to open cells", 10, || async {
        board_states(&s)
            .await
            .iter()
            .flatten()
            .any(|c| c.len() == 1 && c.as_bytes()[0].is_ascii_digit())
    })
    .await;

    // The heat map: every covered cell's number on the page is the API's exact map.
    s.el("#mines-overlay").await.select_by_value("exact").await.unwrap();
    let id = game_id(&s).await;
    let map = s
        .api("GET", &format!("/api/mines/games/{id}/map?source=exact"), None)
        .await;
    let width = map["width"].as_u64().unwrap() as usize;
    s.until("the heat map", 10, || async {
        s.js(
            "return document.querySelectorAll('#mines-board .cell[data-p]').length;",
            vec![],
        )
        .await
        .as_u64()
            > Some(0)
    })
    .await;
    let page: Vec<Option<String>> = serde_json::from_value(
        s.js("return [...document.querySelectorAll('#mines-board .cell')].sort((a, b) => (a.dataset.row - b.dataset.row) || (a.dataset.col - b.dataset.col)).map(c => c.dataset.p ?? null);", vec![]).await,
    )
    .unwrap();
    let mut compared = 0;
    for (i, p) in map["p"].as_array().unwrap().iter().enumerate() {
        match p.as_f64() {
            Some(p) => {
                let shown: f64 = page[i]
                    .as_deref()
                    .unwrap_or_else(|| panic!("cell {i} has no data-p"))
                    .parse()
                    .unwrap();
                assert!(
                    (shown - p).abs() < 1e-12,
                    "cell ({}, {}): page {shown}, API {p}",
                    i % width,
                    i / width
                );
                compared += 1;
            }
            None => assert!(page[i].is_none(), "an open cell {i} has a probability on the page"),
        }
    }
    assert!(compared > 100);
    // The pointer readout.
    let covered = map["p"].as_array().unwrap().iter().position(Value::is_f64).unwrap();
    s.client
        .perform_actions(fantoccini::actions::MouseActions::new("mouse".to_owned()).then(
            fantoccini::actions::PointerAction::MoveToElement {
                element: cell(&s, covered % width, covered / width).await,
                duration: None,
                x: 0.0,
                y: 0.0,
            },
        ))
        .await
        .unwrap();
    let expected = format!("{:.3}", map["p"][covered].as_f64().unwrap());
    s.until("the pointer's P(mine)", 5, || async {
        s.text("#mines-pointer-p").await.contains(&expected)
    })
    .await;
    s.screenshot("minesweeper").await;

    // Flag and chord by hand: a number whose certain mines are exactly its value, with a
    // certainly safe neighbour. The AI steps on until one exists.
    let mut done = false;
    for _ in 0..60 {
        let map = s
            .api("GET", &format!("/api/mines/games/{id}/map?source=exact"), None)
            .await;
        let p: Vec<Option<f64>> = serde_json::from_value(map["p"].clone()).unwrap();
        let states = board_states(&s).await;
        let height = states.len();
        let at = |c: usize, r: usize| p[r * width + c];
        let target = (0..height)
            .flat_map(|r| (0..width).map(move |c| (c, r)))
            .find_map(|(c, r)| {
                let n = states[r][c].parse::<usize>().ok().filter(|&n| n > 0)?;
                let around: Vec<(usize, usize)> = (-1i64..=1)
                    .flat_map(|dr| (-1i64..=1).map(move |dc| (dc, dr)))
                    .filter(|&d| d != (0, 0))
                    .map(|(dc, dr)| (c as i64 + dc, r as i64 + dr))
                    .filter(|&(x, y)| x >= 0 && y >= 0 && (x as usize) < width && (y as usize) < height)
                    .map(|(x, y)| (x as usize, y as usize))
                    .filter(|&(x, y)| states[y][x] == ".")
                    .collect();
                let mines: Vec<_> = around.iter().copied().filter(|&(x, y)| at(x, y) == Some(1.0)).collect();
                let safe: Vec<_> = around.iter().copied().filter(|&(x, y)| at(x, y) == Some(0.0)).collect();
                (mines.len() == n && !safe.is_empty() && mines.len() + safe.len() == around.len()).then_some((
                    (c, r),
                    mines,
                    safe,
                ))
            });
        if let Some(((c, r), mines, safe)) = target {
            for &(x, y) in &mines {
                let element = cell(&s, x, y).await;
                s.js("arguments[0].dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true, button: 2}));", vec![serde_json::to_value(&element).unwrap()]).await;
                s.until("a flag", 5, || async { board_states(&s).await[y][x] == "F" })
                    .await;
            }
            cell(&s, c, r).await.click().await.unwrap();
            s.until("the chord to open the safe neighbours", 5, || async {
                let states = board_states(&s).await;
                safe.iter().all(|&(x, y)| states[y][x].parse::<u8>().is_ok())
            })
            .await;
            done = true;
            break;
        }
        s.click("#mines-ai-step").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        if s.text("#mines-status").await.contains("lost") {
            break;
        }
    }
    assert!(done, "no position to flag and chord in");

    // A no-guess game: the AI plays it to a win on its own.
    new_mines_game(&s, "beginner", 11, true).await;
    s.el("#mines-ai-speed").await.select_by_index(0).await.ok();
    s.click("#mines-ai-play").await;
    s.until("the AI to win", 60, || async {
        s.text("#mines-status").await.to_lowercase().contains("won")
    })
    .await;
    assert!(!s.text("#mines-hint-text").await.is_empty());
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connect4_game_against_the_solver_to_its_end() {
    let Some(s) = start("connect4").await else { return };
    s.click("button[data-tab='connect4']").await;
    s.el("#c4-human").await.select_by_value("X").await.unwrap();
    s.el("#c4-level").await.select_by_value("perfect").await.unwrap();
    s.click("#c4-new").await;
    // The human plays the first column with room, each time the page lets them.
    let mut moves = 0;
    let deadline = Instant::now() + Duration::from_mins(4);
    loop {
        let status = s.text("#c4-status").await.to_lowercase();
        if status.contains("wins") || status.contains("draw") {
            break;
        }
        assert!(Instant::now() < deadline, "the game did not end: {status}");
        if status.contains("your") && !status.contains("thinking") {
            let free: Option<u64> = s
                .js("for (let c = 0; c < 7; c++) { if ([...document.querySelectorAll(`#c4-board [data-col='${c}'][data-disc]`)].some(d => d.dataset.disc === '')) return c; } return null;", vec![])
                .await
                .as_u64();
            let Some(col) = free else { break };
            s.click(&format!("#c4-board [data-col='{col}']")).await;
            moves += 1;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let status = s.text("#c4-status").await.to_lowercase();
    assert!(status.contains("wins") || status.contains("draw"), "{status}");
    // Undo takes back the human's last move and the reply: the game is on again, and the
    // columns show their scores (a number, or '?' while unknown).
    s.click("#c4-undo").await;
    s.until("the undo", 20, || async {
        let status = s.text("#c4-status").await.to_lowercase();
        !status.contains("wins") && !status.contains("draw")
    })
    .await;
    s.until("the scores after the undo", 20, || async {
        let texts = s
            .js(
                "return [...Array(7).keys()].map(c => document.querySelector(`#c4-score-${c}`).textContent.trim());",
                vec![],
            )
            .await;
        texts.as_array().is_some_and(|t| {
            t.iter()
                .any(|t| t.as_str().is_some_and(|t| t == "?" || t.parse::<i32>().is_ok()))
        })
    })
    .await;
    assert!(moves > 0);

    // A position loaded from a move string: all seven columns get their exact scores.
    let input = s.el("#c4-moves").await;
    input.clear().await.unwrap();
    input.send_keys("43443535").await.unwrap();
    s.click("#c4-load").await;
    let expected: Vec<String> = s
        .api("POST", "/api/connect4/analyse", Some(json!({"moves": "43443535"})))
        .await["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().map_or("?".to_owned(), |v| v.to_string()))
        .collect();
    assert_eq!(expected.len(), 7);
    s.until("the loaded position's seven scores", 30, || async {
        let texts = s
            .js(
                "return [...Array(7).keys()].map(c => document.querySelector(`#c4-score-${c}`).textContent.trim());",
                vec![],
            )
            .await;
        let discs = s
            .js("return [...document.querySelectorAll('#c4-board [data-disc]')].filter(d => d.dataset.disc !== '').length;", vec![])
            .await;
        discs.as_u64() == Some(8) && serde_json::from_value::<Vec<String>>(texts).is_ok_and(|t| t == expected)
    })
    .await;
    s.screenshot("connect4").await;
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sudoku_explanation_steps_with_highlights() {
    let Some(s) = start("sudoku").await else { return };
    s.click("button[data-tab='sudoku']").await;
    let text = s.el("#sudoku-text").await;
    text.clear().await.unwrap();
    text.send_keys("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
        .await
        .unwrap();
    s.click("#sudoku-load").await;
    s.click("#sudoku-explain").await;
    s.until("the explanation", 30, || async {
        !s.text("#sudoku-step-text").await.is_empty()
    })
    .await;
    let first = s.text("#sudoku-step-text").await;
    let mut seen_elimination = false;
    for _ in 0..40 {
        s.click("#sudoku-step-next").await;
        tokio::time::sleep(Duration::from_millis(50)).await;
        let eliminations = s
            .js(
                "return document.querySelectorAll('#sudoku-grid .eliminate').length;",
                vec![],
            )
            .await;
        if eliminations.as_u64() > Some(0) {
            seen_elimination = true;
            assert!(
                s.js(
                    "return document.querySelectorAll('#sudoku-grid .house').length;",
                    vec![]
                )
                .await
                .as_u64()
                    > Some(0)
            );
            s.screenshot("sudoku").await;
            break;
        }
    }
    assert!(seen_elimination, "no step with eliminations in 40 steps");
    assert_ne!(s.text("#sudoku-step-text").await, first);
    assert!(!s.text("#sudoku-grade-shown").await.is_empty());
    s.close().await;
}
