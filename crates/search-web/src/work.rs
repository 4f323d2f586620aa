//! [`Workers`]: engine calls run on blocking threads, a bounded number at a time, so the async
//! threads keep answering while a search runs and a flood of requests waits in a bounded queue.

use std::sync::Arc;

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Runs CPU-bound engine calls off the async threads: at most `workers` at once, and at most
/// `queue` waiting; a request beyond the queue gets 503 at once.
#[derive(Debug, Clone)]
pub struct Workers {
    running: Arc<Semaphore>,
    waiting: Arc<Semaphore>,
}

impl Workers {
    /// `workers` calls at once (at least one), `queue` more waiting.
    pub fn new(workers: usize, queue: usize) -> Self {
        Self {
            running: Arc::new(Semaphore::new(workers.max(1))),
            waiting: Arc::new(Semaphore::new(queue.max(1))),
        }
    }

    /// Run `job` on a blocking thread once a worker is free.
    ///
    /// # Errors
    /// 503 when the queue is full; 500 if the job panicked (an engine bug, never bad input).
    pub async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let queued = Arc::clone(&self.waiting)
            .try_acquire_owned()
            .map_err(|_| ApiError::unavailable("the server is busy: too many requests are waiting; try again"))?;
        let permit = Arc::clone(&self.running)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::unavailable("the server is shutting down"))?;
        drop(queued);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        })
        .await
        .map_err(|err| ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("an engine call failed: {err}"),
            field: None,
        })
    }
}
