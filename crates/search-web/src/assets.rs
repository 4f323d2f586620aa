//! The page: HTML, CSS and JavaScript from `static/`, embedded in the binary.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The page itself.
pub const INDEX_HTML: &str = include_str!("../static/index.html");

/// The files under `/assets/`: name, content type, text.
const ASSETS: [(&str, &str, &str); 5] = [
    ("app.css", "text/css; charset=utf-8", include_str!("../static/app.css")),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/app.js"),
    ),
    (
        "mines.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/mines.js"),
    ),
    (
        "connect4.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/connect4.js"),
    ),
    (
        "sudoku.js",
        "text/javascript; charset=utf-8",
        include_str!("../static/sudoku.js"),
    ),
];

/// `GET /`.
pub async fn index() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX_HTML,
    )
        .into_response()
}

/// `GET /assets/{name}`.
///
/// # Errors
/// 404 for a name that is not one of the page's files.
pub async fn asset(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (_, kind, text) = ASSETS
        .iter()
        .find(|(file, _, _)| *file == name)
        .ok_or_else(|| ApiError::not_found(format!("no asset {name:?}")))?;
    Ok((
        [(header::CONTENT_TYPE, *kind), (header::CACHE_CONTROL, "no-cache")],
        *text,
    )
        .into_response())
}
