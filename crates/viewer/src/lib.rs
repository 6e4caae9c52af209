//! The live web viewer: a read-only web server over tournament stores (the list of
//! tournaments, each tournament's standings, crosstable, ratings and plots, every recorded
//! game replayed on a board) and, when a tournament or match runs in the same process,
//! every game under way on a board, pushed to the browser as server-sent events from the
//! arena's [`Watch`](olympiad_arena::Watch) seam ([`LiveWatch`]).
//!
//! Boards are drawn by `olympiad-report`'s board module from each game's picture model, so
//! the static HTML report and the viewer show the same boards. The server listens on
//! loopback unless told otherwise, changes nothing (every route is a `GET`; stores are
//! opened read-only), validates every path and keeps its memory bounded (see
//! [`live`] and [`server`]).
//!
//! ```no_run
//! use olympiad_viewer::{LiveWatch, Server, Stores};
//! use std::sync::Arc;
//!
//! let live = Arc::new(LiveWatch::new());
//! let stores = Stores::new(vec!["out/tournament.db".into()]);
//! let server = Server::start("127.0.0.1:0".parse().unwrap(), stores, Some(live.clone()))?;
//! println!("watch at {}", server.url());
//! // ... run a tournament with `&*live` as its watch ...
//! # Ok::<(), olympiad_viewer::ViewError>(())
//! ```

pub mod live;
mod pages;
pub mod server;
pub mod stores;

pub use live::LiveWatch;
pub use stores::Stores;

use olympiad_store::StoreError;
use std::net::SocketAddr;
use std::sync::Arc;
use thiserror::Error;

/// Why a request or the server failed.
#[derive(Debug, Error)]
pub enum ViewError {
    /// No such tournament, game or page (404).
    #[error("not found: {0}")]
    NotFound(String),
    /// A request the server refuses to read (400).
    #[error("bad request: {0}")]
    BadRequest(String),
    /// Too many clients at once (503).
    #[error("busy: {0}")]
    Busy(String),
    /// The store could not be read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The store holds what this version cannot show (its config, its games).
    #[error("unreadable tournament: {0}")]
    Unreadable(String),
    /// The server itself failed (a port it cannot listen on, a task that died).
    #[error("{0}")]
    Internal(String),
}

/// Whether `addr` can be reached from other machines (not loopback).
pub fn is_exposed(addr: &SocketAddr) -> bool {
    !addr.ip().is_loopback()
}

/// A running viewer: its own runtime in its own thread, serving until it is dropped or
/// the process ends.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// Worker threads of the server's runtime: pages are small and the machine's cores belong
/// to the games.
const WORKERS: usize = 2;

impl Server {
    /// Listens on `bind` (port 0: any free port) and serves `stores`, and `live` when a
    /// tournament plays in this process.
    pub fn start(
        bind: SocketAddr,
        stores: Stores,
        live: Option<Arc<LiveWatch>>,
    ) -> Result<Server, ViewError> {
        let listener = server::bind(bind)?;
        let addr = listener
            .local_addr()
            .map_err(|e| ViewError::Internal(e.to_string()))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(WORKERS)
            .thread_name("viewer")
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| ViewError::Internal(format!("runtime: {e}")))?;
        let app = server::router(Arc::new(server::Shared::new(stores, live)));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let listener = {
            let _guard = runtime.enter();
            tokio::net::TcpListener::from_std(listener)
                .map_err(|e| ViewError::Internal(format!("{addr}: {e}")))?
        };
        let thread = std::thread::Builder::new()
            .name("viewer".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let served = axum::serve(listener, app)
                        .with_graceful_shutdown(async move {
                            let _ = stopped.await;
                        })
                        .await;
                    if let Err(e) = served {
                        eprintln!("viewer: the server stopped: {e}");
                    }
                });
                // Open event streams end with the runtime, not with the process.
                runtime.shutdown_timeout(std::time::Duration::from_millis(200));
            })
            .map_err(|e| ViewError::Internal(format!("thread: {e}")))?;
        Ok(Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Its address as a URL (`http://127.0.0.1:8080/`).
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves until the process ends.
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
