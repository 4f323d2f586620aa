//! [`ApiError`]: every error the API answers, as an HTTP status and a JSON body
//! `{"error": "...", "field": "..." | null}`.

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// An error answered to the client: a 4xx status (503 when the server is full) and a message
/// naming what is wrong and, when one field is to blame, which.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong.
    pub message: String,
    /// The request field to blame, if one is.
    pub field: Option<&'static str>,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    field: Option<&'static str>,
}

impl ApiError {
    /// A 400 blaming `field`.
    pub fn bad(field: &'static str, message: impl std::fmt::Display) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
            field: Some(field),
        }
    }

    /// A 400 about the request as a whole.
    pub fn bad_request(message: impl std::fmt::Display) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            message: message.to_string(),
            field: None,
        }
    }

    /// A 404.
    pub fn not_found(message: impl std::fmt::Display) -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            message: message.to_string(),
            field: None,
        }
    }

    /// A 503: the server cannot take this now (full, or nothing found within the budget).
    pub fn unavailable(message: impl std::fmt::Display) -> Self {
        Self {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.to_string(),
            field: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.message,
            field: self.field,
        };
        (self.status, axum::Json(body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    /// Bodies that are not JSON, not of the expected shape, or too large.
    fn from(rejection: JsonRejection) -> Self {
        let status = match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        Self {
            status,
            message: rejection.body_text(),
            field: None,
        }
    }
}

/// Turns an error response that is not JSON (a rejection of axum's own extractors: a path
/// that is not UTF-8, a query or a body it cannot read, a body over the limit) into the API's
/// `{"error", "field"}` body with the same status; every other response passes unchanged.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), 16 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_lowercase()
    } else {
        text
    };
    ApiError {
        status,
        message,
        field: None,
    }
    .into_response()
}
