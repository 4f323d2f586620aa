//! Every endpoint of the playground through the router (no socket), each error path included.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use search_web::{ServerConfig, router};
use serde_json::{Value, json};
use tower::ServiceExt;

fn app() -> Router {
    router(ServerConfig {
        seed: 1,
        ..ServerConfig::default()
    })
}

async fn send(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let request = Request::builder().method(method).uri(uri);
    let request = match body {
        Some(body) => request
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    }
    .unwrap();
    send_request(app, request).await
}

async fn send_request(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value =
        serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn raw(app: &Router, method: &str, uri: &str, content_type: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(body))
        .unwrap();
    send_request(app, request).await
}

/// A 4xx whose JSON body names the problem.
fn assert_error(status: StatusCode, body: &Value, expected: StatusCode, needle: &str) {
    assert_eq!(status, expected, "{body}");
    let message = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no JSON error in {body}"));
    assert!(
        message.to_lowercase().contains(&needle.to_lowercase()),
        "{message:?} does not mention {needle:?}"
    );
}

async fn new_game(app: &Router, body: Value) -> Value {
    let (status, state) = send(app, "POST", "/api/mines/games", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

fn cell_state(state: &Value, col: usize, row: usize) -> char {
    state["rows"][row].as_str().unwrap().chars().nth(col).unwrap()
}

#[tokio::test]
async fn page_and_assets_are_served() {
    let app = app();
    let (status, page) = send(&app, "GET", "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.as_str().unwrap().contains("<html"));
    for asset in ["app.css", "app.js", "mines.js", "connect4.js", "sudoku.js"] {
        let (status, _) = send(&app, "GET", &format!("/assets/{asset}"), None).await;
        assert_eq!(status, StatusCode::OK, "{asset}");
    }
    let (status, body) = send(&app, "GET", "/assets/secret.txt", None).await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "no asset");
    let (status, body) = send(&app, "GET", "/api/nothing", None).await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "no such endpoint");
    let (status, body) = send(&app, "DELETE", "/api/mines/games", None).await;
    assert_error(status, &body, StatusCode::METHOD_NOT_ALLOWED, "method");
}

#[tokio::test]
async fn a_minesweeper_game_reveals_flags_chords_and_hides_the_mines_until_the_end() {
    let app = app();
    let state = new_game(&app, json!({"preset": "beginner", "seed": 5})).await;
    assert_eq!(state["seed"], 5);
    assert_eq!(state["status"], "playing");
    assert_eq!(state["settings"]["mines"], 10);
    assert!(
        state["mines"].is_null(),
        "the layout must not reach the page before the end"
    );
    let id = state["id"].as_str().unwrap().to_owned();
    let base = format!("/api/mines/games/{id}");

    let (status, state) = send(
        &app,
        "POST",
        &format!("{base}/reveal"),
        Some(json!({"col": 0, "row": 0})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_ne!(cell_state(&state, 0, 0), '.');
    assert_eq!(state["moves"], 1);
    assert!(state["mines"].is_null());

    // Flag a covered cell and take it off again.
    let covered = (0..9)
        .flat_map(|r| (0..9).map(move |c| (c, r)))
        .find(|&(c, r)| cell_state(&state, c, r) == '.')
        .unwrap();
    let flag = json!({"col": covered.0, "row": covered.1});
    let (_, flagged) = send(&app, "POST", &format!("{base}/flag"), Some(flag.clone())).await;
    assert_eq!(cell_state(&flagged, covered.0, covered.1), 'F');
    assert_eq!(flagged["mines_left"], 9);
    let (_, unflagged) = send(&app, "POST", &format!("{base}/flag"), Some(flag)).await;
    assert_eq!(cell_state(&unflagged, covered.0, covered.1), '.');

    // A chord on a number whose flags do not match opens nothing.
    let (status, chorded) = send(
        &app,
        "POST",
        &format!("{base}/chord"),
        Some(json!({"col": 0, "row": 0})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(chorded["rows"], unflagged["rows"]);

    // The exact player plays the game to its end.
    let mut last = unflagged;
    for _ in 0..100 {
        let (status, step) = send(&app, "POST", &format!("{base}/step"), None).await;
        assert_eq!(status, StatusCode::OK, "{step}");
        assert!(step["decision"]["text"].as_str().is_some_and(|t| !t.is_empty()));
        last = step["state"].clone();
        if last["status"] != "playing" {
            break;
        }
    }
    assert_ne!(last["status"], "playing");
    assert_eq!(
        last["mines"].as_array().unwrap().len(),
        10,
        "the layout is shown once the game is over"
    );
    if last["status"] == "lost" {
        assert!(last["exploded"]["col"].is_u64());
    }
    // Over: moves are refused, the board can be saved.
    let (status, body) = send(
        &app,
        "POST",
        &format!("{base}/reveal"),
        Some(json!({"col": 1, "row": 1})),
    )
    .await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "over");
    let (status, body) = send(&app, "GET", &format!("{base}/hint"), None).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "over");
    let (status, body) = send(&app, "POST", &format!("{base}/step"), None).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "over");
}

#[tokio::test]
async fn the_exact_map_sums_to_the_mines_and_matches_the_analyser() {
    let app = app();
    let state = new_game(
        &app,
        json!({"preset": "intermediate", "first_click": "opening", "seed": 9}),
    )
    .await;
    let base = format!("/api/mines/games/{}", state["id"].as_str().unwrap());
    let (_, state) = send(
        &app,
        "POST",
        &format!("{base}/reveal"),
        Some(json!({"col": 8, "row": 8})),
    )
    .await;
    for source in ["exact", "teacher", "student"] {
        let (status, map) = send(&app, "GET", &format!("{base}/map?source={source}"), None).await;
        assert_eq!(status, StatusCode::OK, "{source}: {map}");
        let p = map["p"].as_array().unwrap();
        assert_eq!(p.len(), 256);
        assert!(
            p.iter()
                .all(|v| v.is_null() || (0.0..=1.0).contains(&v.as_f64().unwrap()))
        );
        if source == "exact" {
            let sum: f64 = p.iter().filter_map(Value::as_f64).sum();
            assert!(
                (sum - 40.0).abs() < 1e-6,
                "exact probabilities sum to the mines left: {sum}"
            );
        }
    }
    let (_, exact) = send(&app, "GET", &format!("{base}/map"), None).await;
    let position = state["position"].as_str().unwrap();
    let (status, analysed) = send(&app, "POST", "/api/mines/analyse", Some(json!({"position": position}))).await;
    assert_eq!(status, StatusCode::OK, "{analysed}");
    assert_eq!(analysed["map"]["p"], exact["p"]);
    let (status, hint) = send(&app, "GET", &format!("{base}/hint"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(hint["col"], analysed["decision"]["col"]);
    assert_eq!(hint["row"], analysed["decision"]["row"]);
    let (status, body) = send(&app, "GET", &format!("{base}/map?source=oracle"), None).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "source");
}

#[tokio::test]
async fn hints_give_their_reason() {
    let app = app();
    // The right column is certainly safe in the middle; two mines sit top and bottom.
    let (status, body) = send(
        &app,
        "POST",
        "/api/mines/analyse",
        Some(json!({"position": "4x3 2\n001.\n002.\n001.\n"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["decision"]["reason"], "certainly_safe");
    assert_eq!(
        (body["decision"]["col"].as_u64(), body["decision"]["row"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(body["decision"]["p_safe"], 1.0);
    assert_eq!(body["map"]["p"][3], 1.0);
    // A forced 50/50: one mine in two cells nothing else can tell apart.
    let (status, body) = send(
        &app,
        "POST",
        "/api/mines/analyse",
        Some(json!({"position": "2x2 1\n11\n..\n"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // So few layouts remain that the endgame search values it exactly: a coin toss.
    assert_eq!(body["decision"]["reason"], "endgame", "{body}");
    assert!((body["decision"]["p_safe"].as_f64().unwrap() - 0.5).abs() < 1e-9);
    assert!((body["decision"]["win_probability"].as_f64().unwrap() - 0.5).abs() < 1e-9);
    assert!(body["decision"]["text"].as_str().unwrap().contains("0.50"));
}

#[tokio::test]
async fn bad_minesweeper_requests_are_400s_naming_the_problem() {
    let app = app();
    let cases = [
        (json!({"preset": "huge"}), "preset"),
        (json!({"width": 0, "height": 9, "mines": 1}), "size"),
        (json!({"width": 9, "height": 9, "mines": 81}), "mines"),
        (json!({"width": 500, "height": 500, "mines": 10}), "at most"),
        (
            json!({"preset": "expert", "width": 9, "height": 9, "mines": 10}),
            "not both",
        ),
        (json!({}), "give a preset"),
        (json!({"preset": "expert", "colour": "red"}), "unknown field"),
        (json!({"preset": "expert", "first_click": "lucky"}), "first_click"),
        (json!({"preset": "expert", "seed": -1}), "seed"),
    ];
    for (body, needle) in cases {
        let (status, answer) = send(&app, "POST", "/api/mines/games", Some(body.clone())).await;
        assert_error(status, &answer, StatusCode::BAD_REQUEST, needle);
    }
    let (status, answer) = raw(
        &app,
        "POST",
        "/api/mines/games",
        "application/json",
        b"{not json".to_vec(),
    )
    .await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "");
    let (status, answer) = raw(&app, "POST", "/api/mines/games", "text/plain", b"{}".to_vec()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{answer}");
    assert!(answer["error"].is_string());
    let (status, answer) = raw(
        &app,
        "POST",
        "/api/mines/games",
        "application/json",
        vec![b' '; 100_000],
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(answer["error"].is_string());

    let state = new_game(&app, json!({"preset": "beginner", "seed": 1})).await;
    let base = format!("/api/mines/games/{}", state["id"].as_str().unwrap());
    let (status, answer) = send(
        &app,
        "POST",
        &format!("{base}/reveal"),
        Some(json!({"col": 9, "row": 0})),
    )
    .await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "off the");
    let (status, answer) = send(&app, "POST", &format!("{base}/reveal"), Some(json!({"col": 1}))).await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "row");
    let (status, answer) = send(
        &app,
        "POST",
        &format!("{base}/flag"),
        Some(json!({"col": 70000, "row": 0})),
    )
    .await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "col");
    let (status, answer) = send(&app, "GET", &format!("{base}/mbf"), None).await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "ended");
    for path in ["", "/hint", "/map", "/mbf"] {
        let (status, answer) = send(&app, "GET", &format!("/api/mines/games/nope{path}"), None).await;
        assert_error(status, &answer, StatusCode::NOT_FOUND, "no game");
    }
    let (status, answer) = send(
        &app,
        "POST",
        "/api/mines/analyse",
        Some(json!({"position": "3x3 1\n..x\n...\n...\n"})),
    )
    .await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "");
    assert_eq!(answer["field"], "position");
    // Numbers no layout fits.
    let (status, answer) = send(
        &app,
        "POST",
        "/api/mines/analyse",
        Some(json!({"position": "3x1 1\n.8.\n"})),
    )
    .await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "");
}

#[tokio::test]
async fn boards_travel_as_mbf_files() {
    let app = app();
    // A 3x2 board with mines at (2,0) and (0,1): width, height, count (big-endian), x y pairs.
    let file = vec![3, 2, 0, 2, 2, 0, 0, 1];
    let (status, state) = raw(
        &app,
        "POST",
        "/api/mines/games/mbf",
        "application/octet-stream",
        file.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["settings"]["width"], 3);
    assert!(state["seed"].is_null());
    let base = format!("/api/mines/games/{}", state["id"].as_str().unwrap());
    let (_, state) = send(
        &app,
        "POST",
        &format!("{base}/reveal"),
        Some(json!({"col": 2, "row": 0})),
    )
    .await;
    assert_eq!(state["status"], "lost");
    assert_eq!(state["exploded"], json!({"col": 2, "row": 0}));
    let response = app
        .clone()
        .oneshot(Request::get(format!("{base}/mbf")).body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(bytes.to_vec(), file);
    for bad in [
        vec![],
        vec![3, 2, 0, 2, 2, 0],
        vec![3, 2, 0, 1, 9, 9],
        vec![0, 2, 0, 1, 0, 0],
    ] {
        let (status, answer) = raw(
            &app,
            "POST",
            "/api/mines/games/mbf",
            "application/octet-stream",
            bad.clone(),
        )
        .await;
        assert_error(status, &answer, StatusCode::BAD_REQUEST, "");
        assert_eq!(answer["field"], "mbf", "{bad:?}");
    }
}

#[tokio::test]
async fn no_guess_games_are_solved_by_the_exact_player_without_a_guess() {
    let app = app();
    for seed in 0..3 {
        let state = new_game(&app, json!({"preset": "beginner", "seed": seed, "no_guess": true})).await;
        assert_eq!(state["no_guess"], true);
        let base = format!("/api/mines/games/{}", state["id"].as_str().unwrap());
        let mut last = state;
        for _ in 0..81 {
            let (status, step) = send(&app, "POST", &format!("{base}/step"), None).await;
            assert_eq!(status, StatusCode::OK, "{step}");
            let reason = step["decision"]["reason"].as_str().unwrap().to_owned();
            assert!(
                reason == "first_click" || reason == "certainly_safe",
                "seed {seed}: a guess ({reason})"
            );
            last = step["state"].clone();
            if last["status"] != "playing" {
                break;
            }
        }
        assert_eq!(last["status"], "won", "seed {seed}");
    }
}

#[tokio::test]
async fn the_store_is_bounded() {
    let app = router(ServerConfig {
        max_games: 3,
        ..ServerConfig::default()
    });
    for _ in 0..3 {
        new_game(&app, json!({"preset": "expert"})).await;
    }
    let (status, answer) = send(&app, "POST", "/api/mines/games", Some(json!({"preset": "expert"}))).await;
    assert_error(status, &answer, StatusCode::SERVICE_UNAVAILABLE, "too many live games");
    let app = router(ServerConfig {
        game_ttl: std::time::Duration::ZERO,
        ..ServerConfig::default()
    });
    let state = new_game(&app, json!({"preset": "beginner"})).await;
    std::thread::sleep(std::time::Duration::from_millis(5));
    let (status, answer) = send(
        &app,
        "GET",
        &format!("/api/mines/games/{}", state["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_error(status, &answer, StatusCode::NOT_FOUND, "expired");
}

#[tokio::test]
async fn connect4_scores_match_the_public_benchmark_convention() {
    let app = app();
    // After 4455 the first player to move: every column's score, solved in time.
    let (status, a) = send(&app, "POST", "/api/connect4/analyse", Some(json!({"moves": "4455"}))).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["to_move"], "X");
    assert_eq!(a["rows"][5], "...XX..");
    assert_eq!(a["rows"][4], "...OO..");
    // X wins at once in column 3 or 7 with its 4th stone: (43 - 6 moves) / 2 = 18 in Pons' convention.
    let (_, near) = send(&app, "POST", "/api/connect4/analyse", Some(json!({"moves": "445566"}))).await;
    assert_eq!(near["scores"][2], 18, "{near}");
    assert_eq!(near["scores"][6], 18, "{near}");
    let (status, m) = send(&app, "POST", "/api/connect4/move", Some(json!({"moves": "445566"}))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(m["column"] == 3 || m["column"] == 7, "{m}");
    // A won position is over.
    let (_, over) = send(&app, "POST", "/api/connect4/analyse", Some(json!({"moves": "4455667"}))).await;
    assert_eq!(over["over"], true);
    assert_eq!(over["winner"], "X");
    let (status, answer) = send(&app, "POST", "/api/connect4/move", Some(json!({"moves": "4455667"}))).await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "over");
    // The empty board cannot be solved in 50 ms: the columns say so, and a move still comes.
    let (status, m) = send(
        &app,
        "POST",
        "/api/connect4/move",
        Some(json!({"moves": "", "budget_ms": 50})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{m}");
    assert!((1..=7).contains(&m["column"].as_u64().unwrap()));
    assert_eq!(m["analysis"]["stopped"], true);
    for level in ["strong", "easy"] {
        let (status, m) = send(
            &app,
            "POST",
            "/api/connect4/move",
            Some(json!({"moves": "44", "level": level})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{level}: {m}");
    }
}

#[tokio::test]
async fn bad_connect4_requests_are_400s() {
    let app = app();
    let cases = [
        (json!({"moves": "48"}), "8"),
        (json!({"moves": "1111111"}), "full"),
        (json!({"moves": "4".repeat(43)}), "at most 42"),
        (json!({"moves": "44", "budget_ms": 0}), "at least"),
        (json!({"moves": "44", "budget_ms": 999_999}), "over"),
        (json!({"moves": 44}), "string"),
    ];
    for (body, needle) in cases {
        let (status, answer) = send(&app, "POST", "/api/connect4/analyse", Some(body)).await;
        assert_error(status, &answer, StatusCode::BAD_REQUEST, needle);
    }
    let (status, answer) = send(
        &app,
        "POST",
        "/api/connect4/move",
        Some(json!({"moves": "4", "level": "godlike"})),
    )
    .await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "level");
}

const PUZZLE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const SOLUTION: &str = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[tokio::test]
async fn sudoku_solves_counts_explains_and_generates() {
    let app = app();
    let (status, s) = send(&app, "POST", "/api/sudoku/solve", Some(json!({"puzzle": PUZZLE}))).await;
    assert_eq!(status, StatusCode::OK, "{s}");
    assert_eq!(s["solution"], SOLUTION);
    assert_eq!(s["solutions"], 1);
    let (_, c) = send(
        &app,
        "POST",
        "/api/sudoku/count",
        Some(json!({"puzzle": ".".repeat(81), "limit": 50})),
    )
    .await;
    assert_eq!(c["count"], 50);
    assert_eq!(c["complete"], true);
    let (status, e) = send(&app, "POST", "/api/sudoku/explain", Some(json!({"puzzle": PUZZLE}))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(e["outcome"], "solved");
    assert_eq!(e["grade"], "easy");
    let steps = e["steps"].as_array().unwrap();
    assert_eq!(
        steps
            .iter()
            .map(|s| s["placements"].as_array().unwrap().len())
            .sum::<usize>(),
        51,
        "51 empty cells"
    );
    // Each step's grid is the one before it: its placements go into empty cells whose
    // candidates include the digit.
    for step in steps {
        for p in step["placements"].as_array().unwrap() {
            let cell = p["cell"].as_u64().unwrap() as usize;
            let digit = p["digit"].as_u64().unwrap();
            assert_eq!(step["values"][cell], 0);
            assert_ne!(step["candidates"][cell].as_u64().unwrap() & (1 << (digit - 1)), 0);
            assert!(step["cells"].as_array().unwrap().contains(&json!(cell)), "{step}");
        }
    }
    let (status, g) = send(
        &app,
        "POST",
        "/api/sudoku/generate",
        Some(json!({"grade": "easy", "seed": 3})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["grade"], "easy");
    let (_, again) = send(
        &app,
        "POST",
        "/api/sudoku/generate",
        Some(json!({"grade": "easy", "seed": 3})),
    )
    .await;
    assert_eq!(again["puzzle"], g["puzzle"], "same seed, same puzzle");
    let (_, many) = send(
        &app,
        "POST",
        "/api/sudoku/solve",
        Some(json!({"puzzle": ".".repeat(81)})),
    )
    .await;
    assert_eq!(many["solutions"], 2, "counted to 2");
    let (_, none) = send(
        &app,
        "POST",
        "/api/sudoku/solve",
        // No solution, though no two givens clash: r1c1..r1c8 hold 1-8, r2c9 holds 9.
        Some(json!({"puzzle": format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))})),
    )
    .await;
    assert_eq!(none["solutions"], 0, "{none}");
    assert!(none["solution"].is_null());
}

#[tokio::test]
async fn bad_sudoku_requests_are_400s() {
    let app = app();
    let (status, answer) = send(&app, "POST", "/api/sudoku/solve", Some(json!({"puzzle": "123"}))).await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "");
    assert_eq!(answer["field"], "puzzle");
    let (status, answer) = send(
        &app,
        "POST",
        "/api/sudoku/explain",
        Some(json!({"puzzle": "x".repeat(81)})),
    )
    .await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "");
    let (status, answer) = send(
        &app,
        "POST",
        "/api/sudoku/count",
        Some(json!({"puzzle": PUZZLE, "limit": 0})),
    )
    .await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "limit");
    let (status, answer) = send(&app, "POST", "/api/sudoku/generate", Some(json!({"grade": "fiendish"}))).await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "grade");
    let (status, answer) = send(&app, "POST", "/api/sudoku/solve", Some(json!({"grid": PUZZLE}))).await;
    assert_error(status, &answer, StatusCode::BAD_REQUEST, "puzzle");
}

#[tokio::test]
async fn rejections_of_the_framework_are_json_errors_too() {
    let app = app();
    // A game id that is not UTF-8.
    let (status, body) = send(&app, "GET", "/api/mines/games/%00%ff/map", None).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "utf-8");
    // An .mbf body over the limit (the raw-bytes endpoint).
    let (status, body) = raw(
        &app,
        "POST",
        "/api/mines/games/mbf",
        "application/octet-stream",
        vec![0xff; 200_000],
    )
    .await;
    assert_error(status, &body, StatusCode::PAYLOAD_TOO_LARGE, "length limit");
    // A query that does not parse.
    let game = new_game(&app, json!({"preset": "beginner", "seed": 3})).await;
    let id = game["id"].as_str().unwrap();
    let (status, body) = send(
        &app,
        "GET",
        &format!("/api/mines/games/{id}/map?source=exact&source=teacher&x"),
        None,
    )
    .await;
    assert!(status.is_client_error(), "{status}");
    assert!(body["error"].is_string(), "{body}");
}
