//! [`GameStore`]: the live games, bounded in number, each dropped once idle for too long.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::ApiError;

struct Entry<T> {
    game: Arc<Mutex<T>>,
    last_used: Instant,
}

struct Games<T> {
    entries: HashMap<String, Entry<T>>,
    ids: ChaCha8Rng,
}

/// Games by id: at most `capacity` at once; a game not used for `ttl` is dropped when room is
/// needed or [`GameStore::expire`] runs.
pub struct GameStore<T> {
    games: Mutex<Games<T>>,
    capacity: usize,
    ttl: Duration,
}

impl<T> std::fmt::Debug for GameStore<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameStore")
            .field("games", &self.len())
            .field("capacity", &self.capacity)
            .field("ttl", &self.ttl)
            .finish()
    }
}

/// The lock's data even if a thread panicked while holding it (the map stays consistent: every
/// change to it is a single insert or remove).
fn lock<U>(mutex: &Mutex<U>) -> MutexGuard<'_, U> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<T> GameStore<T> {
    /// An empty store; ids are drawn from `seed`.
    pub fn new(capacity: usize, ttl: Duration, seed: u64) -> Self {
        Self {
            games: Mutex::new(Games {
                entries: HashMap::new(),
                ids: ChaCha8Rng::seed_from_u64(seed),
            }),
            capacity,
            ttl,
        }
    }

    /// Live games.
    pub fn len(&self) -> usize {
        lock(&self.games).entries.len()
    }

    /// Whether no game is live.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drop every game idle for longer than the time to live.
    pub fn expire(&self) {
        let now = Instant::now();
        lock(&self.games)
            .entries
            .retain(|_, entry| now.duration_since(entry.last_used) <= self.ttl);
    }

    /// Store `game` under a new id.
    ///
    /// # Errors
    /// 503 when the store is full of games that are still live.
    pub fn insert(&self, game: T) -> Result<(String, Arc<Mutex<T>>), ApiError> {
        let mut games = lock(&self.games);
        if games.entries.len() >= self.capacity {
            let now = Instant::now();
            games
                .entries
                .retain(|_, entry| now.duration_since(entry.last_used) <= self.ttl);
        }
        if games.entries.len() >= self.capacity {
            return Err(ApiError::unavailable(format!(
                "too many live games ({}); an idle game expires after {} s",
                self.capacity,
                self.ttl.as_secs()
            )));
        }
        let id = loop {
            let id = format!("g{:016x}", games.ids.next_u64());
            if !games.entries.contains_key(&id) {
                break id;
            }
        };
        let game = Arc::new(Mutex::new(game));
        games.entries.insert(
            id.clone(),
            Entry {
                game: Arc::clone(&game),
                last_used: Instant::now(),
            },
        );
        Ok((id, game))
    }

    /// The game `id`, marked as used now.
    ///
    /// # Errors
    /// 404 when there is no such game (never was, or expired).
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<T>>, ApiError> {
        let mut games = lock(&self.games);
        let now = Instant::now();
        match games.entries.get_mut(id) {
            Some(entry) if now.duration_since(entry.last_used) <= self.ttl => {
                entry.last_used = now;
                Ok(Arc::clone(&entry.game))
            }
            Some(_) => {
                games.entries.remove(id);
                Err(ApiError::not_found(format!("game {id:?} has expired")))
            }
            None => Err(ApiError::not_found(format!("no game {id:?}"))),
        }
    }

    /// Lock one game's state (see [`GameStore::get`]).
    pub fn lock_game(game: &Mutex<T>) -> MutexGuard<'_, T> {
        lock(game)
    }
}
