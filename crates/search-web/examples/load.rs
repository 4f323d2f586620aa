//! The playground server's load generator and hostile-input run.
//!
//! ```text
//! cargo run --release -p search-web --example load -- [--url http://127.0.0.1:8080] [--seconds 5] [--clients 1,16,128] [--skip-load] [--skip-hostile]
//! ```
//!
//! Without `--url` the server is started in this process on a free port (sharing the CPU with
//! the clients). Four scenarios run at each client count, each client sending one request after
//! the other for `--seconds`:
//! - `mines-move`: new intermediate games, revealing seeded random covered cells until the game
//!   ends (the cheap path: the game store, no engine);
//! - `mines-map`: the exact heat map of an expert game after its first click, an opening
//!   (an engine call per request, on the same position);
//! - `connect4`: the perfect level's move in seeded random positions of 12 to 20 plies;
//! - `sudoku`: solving generated puzzles.
//!
//! Then the hostile run sends each category of bad request (bodies that are not JSON, wrong
//! types, out-of-range values, oversized bodies, unknown games, endpoints and methods, raw
//! bytes that are not HTTP) and a flood of 5,000 new games, checking every answer is the 4xx
//! (or, for the flood, 503) it should be with a JSON error, and that `/api/health` answers after
//! each category. The process exits with status 1 when anything was unexpected: a 5xx other than
//! a 503 "busy", a connection error, an error body that is not JSON, or a failed health check.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{Method, Request, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

type HttpClient = Client<HttpConnector, Full<Bytes>>;

#[derive(Clone)]
struct Target {
    client: HttpClient,
    base: String,
}

struct Answer {
    status: StatusCode,
    body: Bytes,
}

impl Answer {
    fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }
}

impl Target {
    async fn send(&self, method: Method, path: &str, content_type: &str, body: Vec<u8>) -> Result<Answer, String> {
        let request = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("content-type", content_type)
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| format!("{path}: cannot build the request: {e}"))?;
        let response = self.client.request(request).await.map_err(|e| format!("{path}: {e}"))?;
        let status = response.status();
        let body = response
            .into_body()
            .collect()
            .await
            .map_err(|e| format!("{path}: reading the body: {e}"))?
            .to_bytes();
        Ok(Answer { status, body })
    }

    async fn post(&self, path: &str, body: &Value) -> Result<Answer, String> {
        self.send(Method::POST, path, "application/json", body.to_string().into_bytes())
            .await
    }

    async fn get(&self, path: &str) -> Result<Answer, String> {
        self.send(Method::GET, path, "application/json", Vec::new()).await
    }

    async fn healthy(&self) -> bool {
        self.get("/api/health").await.is_ok_and(|a| a.status == StatusCode::OK)
    }
}

/// What one client saw in one scenario.
#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    busy: u64,
    unexpected: Vec<String>,
}

impl Tally {
    fn record(&mut self, what: &str, started: Instant, answer: &Result<Answer, String>) -> bool {
        match answer {
            Ok(a) if a.status.is_success() => {
                self.latencies.push(started.elapsed());
                true
            }
            Ok(a) if a.status == StatusCode::SERVICE_UNAVAILABLE => {
                self.busy += 1;
                false
            }
            Ok(a) => {
                self.unexpected
                    .push(format!("{what}: {} {}", a.status, String::from_utf8_lossy(&a.body)));
                false
            }
            Err(e) => {
                self.unexpected.push(format!("{what}: {e}"));
                false
            }
        }
    }
}

/// A seeded random Connect Four position of `plies` moves with no four in a row, as a move string.
fn connect4_position(rng: &mut ChaCha8Rng, plies: usize) -> String {
    'again: loop {
        let mut grid = [[0u8; 7]; 6];
        let mut heights = [0usize; 7];
        let mut moves = String::new();
        for ply in 0..plies {
            let open: Vec<usize> = (0..7).filter(|&c| heights[c] < 6).collect();
            let col = open[rng.random_range(0..open.len())];
            let row = heights[col];
            let player = 1 + u8::try_from(ply % 2).unwrap_or(0);
            grid[row][col] = player;
            heights[col] += 1;
            moves.push(char::from(b'1' + u8::try_from(col).unwrap_or(0)));
            let at =
                |r: i32, c: i32| (0..6).contains(&r) && (0..7).contains(&c) && grid[r as usize][c as usize] == player;
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let (r, c) = (row as i32, col as i32);
                let run = (1..4).take_while(|&k| at(r + k * dr, c + k * dc)).count()
                    + (1..4).take_while(|&k| at(r - k * dr, c - k * dc)).count();
                if run >= 3 {
                    continue 'again;
                }
            }
        }
        return moves;
    }
}

async fn new_game(target: &Target, seed: u64) -> Result<Answer, String> {
    target
        .post("/api/mines/games", &json!({"preset": "intermediate", "seed": seed}))
        .await
}

async fn run_client(
    scenario: &'static str,
    target: Target,
    client: u64,
    stop: Arc<AtomicBool>,
    puzzles: Arc<Vec<String>>,
) -> Tally {
    let mut tally = Tally::default();
    let mut rng = ChaCha8Rng::seed_from_u64(client);
    let mut game: Option<(String, Vec<String>)> = None;
    let mut seed = client * 1_000_000;
    while !stop.load(Ordering::Relaxed) {
        let started = Instant::now();
        match scenario {
            "mines-move" => {
                let Some((id, rows)) = game.take() else {
                    seed += 1;
                    let answer = new_game(&target, seed).await;
                    if tally.record("new game", started, &answer) {
                        game = state_of(&answer);
                    }
                    continue;
                };
                let covered: Vec<(usize, usize)> = rows
                    .iter()
                    .enumerate()
                    .flat_map(|(r, row)| {
                        row.bytes()
                            .enumerate()
                            .filter(|&(_, b)| b == b'.')
                            .map(move |(c, _)| (c, r))
                    })
                    .collect();
                if covered.is_empty() {
                    continue;
                }
                let (col, row) = covered[rng.random_range(0..covered.len())];
                let answer = target
                    .post(
                        &format!("/api/mines/games/{id}/reveal"),
                        &json!({"col": col, "row": row}),
                    )
                    .await;
                if tally.record("reveal", started, &answer) {
                    game = state_of(&answer).filter(|_| playing(&answer));
                }
            }
            "mines-map" => {
                let Some((id, rows)) = game.clone() else {
                    seed += 1;
                    let answer = target
                        .post(
                            "/api/mines/games",
                            &json!({"preset": "expert", "seed": seed, "first_click": "opening"}),
                        )
                        .await;
                    let Some((id, _)) = state_of(&answer) else {
                        tally.record("new game", started, &answer);
                        continue;
                    };
                    let answer = target
                        .post(&format!("/api/mines/games/{id}/reveal"), &json!({"col": 8, "row": 8}))
                        .await;
                    if tally.record("first click", started, &answer) && playing(&answer) {
                        game = state_of(&answer);
                    }
                    continue;
                };
                let _ = rows;
                let answer = target.get(&format!("/api/mines/games/{id}/map?source=exact")).await;
                tally.record("map", started, &answer);
                if answer.as_ref().is_ok_and(|a| a.status == StatusCode::NOT_FOUND) {
                    game = None;
                }
            }
            "connect4" => {
                let plies = rng.random_range(12..=20);
                let moves = connect4_position(&mut rng, plies);
                let answer = target
                    .post("/api/connect4/move", &json!({"moves": moves, "level": "perfect"}))
                    .await;
                tally.record("connect4 move", started, &answer);
            }
            _ => {
                let puzzle = &puzzles[rng.random_range(0..puzzles.len())];
                let answer = target.post("/api/sudoku/solve", &json!({"puzzle": puzzle})).await;
                tally.record("sudoku solve", started, &answer);
            }
        }
    }
    tally
}

fn state_of(answer: &Result<Answer, String>) -> Option<(String, Vec<String>)> {
    let value = answer.as_ref().ok()?.json()?;
    let id = value["id"].as_str()?.to_owned();
    let rows = value["rows"]
        .as_array()?
        .iter()
        .filter_map(|r| r.as_str().map(str::to_owned))
        .collect();
    Some((id, rows))
}

fn playing(answer: &Result<Answer, String>) -> bool {
    answer
        .as_ref()
        .ok()
        .and_then(Answer::json)
        .is_some_and(|v| v["status"] == "playing")
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn load(target: &Target, seconds: u64, client_counts: &[u64], failures: &mut Vec<String>) {
    let mut puzzles = Vec::new();
    for (seed, grade) in (0u64..).zip(["easy", "medium", "hard", "unfair"].iter().cycle().take(16)) {
        match target
            .post("/api/sudoku/generate", &json!({"grade": grade, "seed": seed}))
            .await
        {
            Ok(a) if a.status.is_success() => {
                if let Some(p) = a.json().and_then(|v| v["puzzle"].as_str().map(str::to_owned)) {
                    puzzles.push(p);
                }
            }
            Ok(a) => failures.push(format!(
                "generate {grade}: {} {}",
                a.status,
                String::from_utf8_lossy(&a.body)
            )),
            Err(e) => failures.push(format!("generate {grade}: {e}")),
        }
    }
    if puzzles.is_empty() {
        failures.push("no Sudoku puzzle could be generated".to_owned());
        return;
    }
    let puzzles = Arc::new(puzzles);
    println!("| scenario | clients | requests | req/s | p50 ms | p99 ms | busy (503) | unexpected |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for scenario in ["mines-move", "mines-map", "connect4", "sudoku"] {
        for &clients in client_counts {
            let stop = Arc::new(AtomicBool::new(false));
            let started = Instant::now();
            let handles: Vec<_> = (0..clients)
                .map(|c| {
                    tokio::spawn(run_client(
                        scenario,
                        target.clone(),
                        c + 1,
                        Arc::clone(&stop),
                        Arc::clone(&puzzles),
                    ))
                })
                .collect();
            tokio::time::sleep(Duration::from_secs(seconds)).await;
            stop.store(true, Ordering::Relaxed);
            let mut latencies = Vec::new();
            let mut busy = 0;
            let mut unexpected = Vec::new();
            for handle in handles {
                match handle.await {
                    Ok(t) => {
                        latencies.extend(t.latencies);
                        busy += t.busy;
                        unexpected.extend(t.unexpected);
                    }
                    Err(e) => unexpected.push(format!("a client task failed: {e}")),
                }
            }
            let elapsed = started.elapsed().as_secs_f64();
            latencies.sort_unstable();
            println!(
                "| {scenario} | {clients} | {} | {:.0} | {:.1} | {:.1} | {busy} | {} |",
                latencies.len(),
                latencies.len() as f64 / elapsed,
                percentile(&latencies, 0.5).as_secs_f64() * 1e3,
                percentile(&latencies, 0.99).as_secs_f64() * 1e3,
                unexpected.len()
            );
            failures.extend(
                unexpected
                    .into_iter()
                    .take(5)
                    .map(|u| format!("{scenario} x{clients}: {u}")),
            );
            if !target.healthy().await {
                failures.push(format!("{scenario} x{clients}: no health after the run"));
            }
        }
    }
}

/// One bad request and the status it must get.
struct Hostile {
    method: Method,
    path: String,
    content_type: &'static str,
    body: Vec<u8>,
    expect: StatusCode,
}

fn bad(method: Method, path: &str, body: impl Into<Vec<u8>>, expect: StatusCode) -> Hostile {
    Hostile {
        method,
        path: path.to_owned(),
        content_type: "application/json",
        body: body.into(),
        expect,
    }
}

#[expect(clippy::too_many_lines, reason = "a table of bad requests, one per line")]
fn hostile_categories(game: &str) -> Vec<(&'static str, Vec<Hostile>)> {
    use StatusCode as S;
    let post = Method::POST;
    let endpoints = [
        "/api/mines/games",
        "/api/mines/analyse",
        "/api/connect4/analyse",
        "/api/connect4/move",
        "/api/sudoku/solve",
        "/api/sudoku/count",
        "/api/sudoku/explain",
        "/api/sudoku/generate",
    ];
    let g = |tail: &str| format!("/api/mines/games/{game}/{tail}");
    let not_json: Vec<_> = endpoints
        .iter()
        .flat_map(|e| {
            [
                "",
                "{",
                "nul",
                "[1,2",
                "{\"a\":}",
                "\u{0}\u{1}\u{2}",
                "{\"puzzle\": \"\\ud800\"}",
            ]
            .into_iter()
            .map(move |b| bad(Method::POST, e, b, S::BAD_REQUEST))
        })
        .chain([bad(post.clone(), &g("reveal"), "{col:1}", S::BAD_REQUEST)])
        .collect();
    let wrong_types = vec![
        bad(post.clone(), "/api/mines/games", r#"{"preset": 3}"#, S::BAD_REQUEST),
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"preset": "huge"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"width": "9", "height": 9, "mines": 10}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"preset": "beginner", "seed": -1}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"preset": "beginner", "colour": "red"}"#,
            S::BAD_REQUEST,
        ),
        bad(post.clone(), &g("reveal"), r#"{"col": "a", "row": 0}"#, S::BAD_REQUEST),
        bad(post.clone(), &g("reveal"), r#"{"col": 1.5, "row": 0}"#, S::BAD_REQUEST),
        bad(post.clone(), &g("flag"), r#"{"row": 0}"#, S::BAD_REQUEST),
        bad(post.clone(), "/api/connect4/move", r#"{"moves": 4455}"#, S::BAD_REQUEST),
        bad(
            post.clone(),
            "/api/connect4/move",
            r#"{"moves": "44", "level": "god"}"#,
            S::BAD_REQUEST,
        ),
        bad(post.clone(), "/api/sudoku/solve", r#"{"puzzle": null}"#, S::BAD_REQUEST),
        bad(
            post.clone(),
            "/api/sudoku/count",
            r#"{"puzzle": "", "limit": "many"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/analyse",
            r#"{"position": ["9x9 10"]}"#,
            S::BAD_REQUEST,
        ),
    ];
    let full_column = "1111111";
    let out_of_range = vec![
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"width": 0, "height": 9, "mines": 1}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"width": 65535, "height": 65535, "mines": 10}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"width": 9, "height": 9, "mines": 81}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"width": 9, "height": 9, "mines": 4294967295}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/games",
            r#"{"width": 9, "height": 9}"#,
            S::BAD_REQUEST,
        ),
        bad(post.clone(), &g("reveal"), r#"{"col": 16, "row": 0}"#, S::BAD_REQUEST),
        bad(
            post.clone(),
            &g("reveal"),
            r#"{"col": 0, "row": 65535}"#,
            S::BAD_REQUEST,
        ),
        bad(post.clone(), &g("chord"), r#"{"col": 99, "row": 99}"#, S::BAD_REQUEST),
        bad(Method::GET, &g("map?source=oracle"), "", S::BAD_REQUEST),
        bad(
            post.clone(),
            "/api/connect4/analyse",
            r#"{"moves": "8"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/connect4/analyse",
            r#"{"moves": "44a5"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/connect4/analyse",
            format!(r#"{{"moves": "{full_column}"}}"#),
            S::BAD_REQUEST,
        ),
        bad(post.clone(), "/api/connect4/analyse", r#"{"moves": "1212121"}"#, S::OK),
        bad(
            post.clone(),
            "/api/connect4/move",
            r#"{"moves": "1212121"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/connect4/analyse",
            format!(r#"{{"moves": "{}"}}"#, "4".repeat(5000)),
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/connect4/analyse",
            r#"{"moves": "44", "budget_ms": 999999999}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/sudoku/solve",
            r#"{"puzzle": "123"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/sudoku/solve",
            format!(r#"{{"puzzle": "{}"}}"#, "x".repeat(81)),
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/sudoku/solve",
            format!(r#"{{"puzzle": "11{}"}}"#, ".".repeat(79)),
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/sudoku/count",
            format!(r#"{{"puzzle": "{}", "limit": 0}}"#, ".".repeat(81)),
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/sudoku/count",
            format!(r#"{{"puzzle": "{}", "limit": 18446744073709551615}}"#, ".".repeat(81)),
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/sudoku/generate",
            r#"{"grade": "impossible"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/analyse",
            r#"{"position": "9x9 10\n...", "source": "exact"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/analyse",
            r#"{"position": "2x1 0\n1.", "source": "exact"}"#,
            S::BAD_REQUEST,
        ),
        bad(
            post.clone(),
            "/api/mines/analyse",
            r#"{"position": "100000x100000 1\n.", "source": "exact"}"#,
            S::BAD_REQUEST,
        ),
    ];
    let oversized = vec![
        bad(
            post.clone(),
            "/api/sudoku/solve",
            format!(r#"{{"puzzle": "{}"}}"#, ".".repeat(100_000)),
            S::PAYLOAD_TOO_LARGE,
        ),
        bad(
            post.clone(),
            "/api/mines/analyse",
            vec![b' '; 1 << 20],
            S::PAYLOAD_TOO_LARGE,
        ),
        Hostile {
            method: post.clone(),
            path: "/api/mines/games/mbf".to_owned(),
            content_type: "application/octet-stream",
            body: vec![0xff; 200_000],
            expect: S::PAYLOAD_TOO_LARGE,
        },
    ];
    let mbf = vec![
        Hostile {
            method: post.clone(),
            path: "/api/mines/games/mbf".to_owned(),
            content_type: "application/octet-stream",
            body: vec![],
            expect: S::BAD_REQUEST,
        },
        Hostile {
            method: post.clone(),
            path: "/api/mines/games/mbf".to_owned(),
            content_type: "application/octet-stream",
            body: vec![30, 16, 0, 99, 1, 2],
            expect: S::BAD_REQUEST,
        },
        Hostile {
            method: post.clone(),
            path: "/api/mines/games/mbf".to_owned(),
            content_type: "application/octet-stream",
            body: vec![0, 0, 0, 0],
            expect: S::BAD_REQUEST,
        },
    ];
    let unknown = vec![
        bad(Method::GET, "/api/mines/games/nope", "", S::NOT_FOUND),
        bad(
            post.clone(),
            "/api/mines/games/g999999999/reveal",
            r#"{"col": 0, "row": 0}"#,
            S::NOT_FOUND,
        ),
        bad(Method::GET, "/api/mines/games/%00%ff/map", "", S::BAD_REQUEST),
        bad(Method::GET, "/api/nothing", "", S::NOT_FOUND),
        bad(Method::GET, "/assets/../../Cargo.toml", "", S::NOT_FOUND),
        bad(Method::GET, "/assets/secret.js", "", S::NOT_FOUND),
        bad(Method::DELETE, "/api/mines/games", "", S::METHOD_NOT_ALLOWED),
        bad(Method::GET, "/api/sudoku/solve", "", S::METHOD_NOT_ALLOWED),
        bad(Method::PUT, "/api/connect4/move", "{}", S::METHOD_NOT_ALLOWED),
    ];
    vec![
        ("not JSON", not_json),
        ("wrong types and unknown fields", wrong_types),
        ("out-of-range values", out_of_range),
        ("oversized bodies", oversized),
        ("bad .mbf files", mbf),
        ("unknown games, endpoints and methods", unknown),
    ]
}

/// Raw bytes on a socket that are not (good) HTTP: the server must answer 4xx or close, and go on.
async fn raw_garbage(addr: &str) -> Vec<String> {
    let mut failures = Vec::new();
    let payloads: Vec<Vec<u8>> = vec![
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03".to_vec(),
        b"GET / HTTP/9.9\r\n\r\n".to_vec(),
        b"POST /api/sudoku/solve HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n".to_vec(),
        b"POST /api/sudoku/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{}".to_vec(),
        [
            b"GET / HTTP/1.1\r\nX: ".to_vec(),
            vec![b'a'; 200_000],
            b"\r\n\r\n".to_vec(),
        ]
        .concat(),
        b"\r\n\r\n\r\n".to_vec(),
    ];
    for (i, payload) in payloads.iter().enumerate() {
        let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await else {
            failures.push(format!("raw {i}: cannot connect"));
            continue;
        };
        let _ = stream.write_all(payload).await;
        let _ = stream.shutdown().await;
        let mut buffer = Vec::new();
        match tokio::time::timeout(Duration::from_secs(15), stream.read_to_end(&mut buffer)).await {
            Ok(_) => {
                let head = String::from_utf8_lossy(&buffer[..buffer.len().min(12)]).to_string();
                if head.starts_with("HTTP/1.1 5") {
                    failures.push(format!("raw {i}: answered {head}"));
                }
            }
            Err(_) => failures.push(format!("raw {i}: the server held the connection for 15 s")),
        }
    }
    failures
}

async fn hostile(target: &Target, failures: &mut Vec<String>) {
    // A live game for the game endpoints.
    let answer = new_game(target, 1).await;
    let Some((game, _)) = state_of(&answer) else {
        failures.push("hostile: cannot start a game".to_owned());
        return;
    };
    println!("| category | requests | as expected | unexpected |");
    println!("|---|---:|---:|---:|");
    for (name, requests) in hostile_categories(&game) {
        let mut expected = 0;
        let mut wrong = Vec::new();
        for h in &requests {
            match target
                .send(h.method.clone(), &h.path, h.content_type, h.body.clone())
                .await
            {
                Ok(a) if a.status == h.expect => {
                    let json_error = a.status.is_success()
                        || a.json()
                            .is_some_and(|v| v["error"].as_str().is_some_and(|e| !e.is_empty()));
                    if json_error {
                        expected += 1;
                    } else {
                        wrong.push(format!("{} {}: {} without a JSON error", h.method, h.path, a.status));
                    }
                }
                Ok(a) => wrong.push(format!(
                    "{} {} (body {:.60}): {} (expected {}) {}",
                    h.method,
                    h.path,
                    String::from_utf8_lossy(&h.body),
                    a.status,
                    h.expect,
                    String::from_utf8_lossy(&a.body)
                )),
                // A server may answer 413 before the body is sent and close the connection;
                // the client then sees the send fail. That too is a refusal.
                Err(_) if h.expect == StatusCode::PAYLOAD_TOO_LARGE => expected += 1,
                Err(e) => wrong.push(format!("{} {}: {e}", h.method, h.path)),
            }
        }
        println!("| {name} | {} | {expected} | {} |", requests.len(), wrong.len());
        failures.extend(wrong);
        if !target.healthy().await {
            failures.push(format!("{name}: no health afterwards"));
        }
    }
    let addr = target.base.trim_start_matches("http://").to_owned();
    let raw = raw_garbage(&addr).await;
    println!("| bytes that are not HTTP | 6 | {} | {} |", 6 - raw.len(), raw.len());
    failures.extend(raw);
    if !target.healthy().await {
        failures.push("raw bytes: no health afterwards".to_owned());
    }

    flood(target, failures).await;
}

/// The flood: 5,000 new games from 32 clients; past the store's cap they must get 503.
async fn flood(target: &Target, failures: &mut Vec<String>) {
    let started = Instant::now();
    let handles: Vec<_> = (0..32u64)
        .map(|c| {
            let target = target.clone();
            tokio::spawn(async move {
                let mut counts: BTreeMap<u16, u64> = BTreeMap::new();
                let mut errors = Vec::new();
                for i in 0..(5000 / 32 + u64::from(c < 5000 % 32)) {
                    match target
                        .post(
                            "/api/mines/games",
                            &json!({"preset": "beginner", "seed": c * 10_000 + i}),
                        )
                        .await
                    {
                        Ok(a) => *counts.entry(a.status.as_u16()).or_default() += 1,
                        Err(e) => errors.push(e),
                    }
                }
                (counts, errors)
            })
        })
        .collect();
    let mut counts: BTreeMap<u16, u64> = BTreeMap::new();
    for handle in handles {
        match handle.await {
            Ok((c, errors)) => {
                for (status, n) in c {
                    *counts.entry(status).or_default() += n;
                }
                failures.extend(errors.into_iter().take(3).map(|e| format!("flood: {e}")));
            }
            Err(e) => failures.push(format!("flood: a client failed: {e}")),
        }
    }
    let total: u64 = counts.values().sum();
    let shown: Vec<String> = counts.iter().map(|(s, n)| format!("{n} × {s}")).collect();
    println!(
        "\nflood of {total} new games in {:.1} s: {}",
        started.elapsed().as_secs_f64(),
        shown.join(", ")
    );
    if counts.keys().any(|&s| s != 200 && s != 503) {
        failures.push(format!("flood: statuses other than 200 and 503: {}", shown.join(", ")));
    }
    if !target.healthy().await {
        failures.push("flood: no health afterwards".to_owned());
    }
}

struct Options {
    url: Option<String>,
    seconds: u64,
    clients: Vec<u64>,
    load: bool,
    hostile: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        url: None,
        seconds: 5,
        clients: vec![1, 16, 128],
        load: true,
        hostile: true,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--url" => o.url = Some(value("--url")?.trim_end_matches('/').to_owned()),
            "--seconds" => o.seconds = value("--seconds")?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--clients" => {
                o.clients = value("--clients")?
                    .split(',')
                    .map(|c| c.trim().parse().map_err(|e| format!("--clients: {c:?}: {e}")))
                    .collect::<Result<_, _>>()?;
            }
            "--skip-load" => o.load = false,
            "--skip-hostile" => o.hostile = false,
            other => return Err(format!("unknown argument {other:?} (see the file's doc comment)")),
        }
    }
    Ok(o)
}

#[tokio::main]
async fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let base = if let Some(url) = &o.url {
        url.clone()
    } else {
        let listener = match tokio::net::TcpListener::bind("127.0.0.1:0").await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot bind a port: {e}");
                std::process::exit(2);
            }
        };
        let addr = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
        tokio::spawn(search_web::serve(listener, search_web::ServerConfig::default()));
        format!("http://{addr}")
    };
    let target = Target {
        client: Client::builder(TokioExecutor::new())
            .pool_max_idle_per_host(256)
            .build_http(),
        base,
    };
    println!("server {} · {} s per run\n", target.base, o.seconds);
    let mut failures = Vec::new();
    if o.load {
        load(&target, o.seconds, &o.clients, &mut failures).await;
        println!();
    }
    if o.hostile {
        hostile(&target, &mut failures).await;
    }
    if failures.is_empty() {
        println!("\nnothing unexpected");
    } else {
        println!("\n{} unexpected:", failures.len());
        for f in &failures {
            println!("- {f}");
        }
        std::process::exit(1);
    }
}
