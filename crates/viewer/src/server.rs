//! The HTTP side: the routes (all `GET`; no route changes anything), the checks every
//! request passes before a handler sees it (a URI of at most [`MAX_URI`] bytes, no `..`
//! segment, encoded or not), the log line of every refused request, and the server-sent
//! event stream with its cap on clients. The server runs on a tokio runtime of its own in
//! a thread of its own, so a tournament's game threads never wait for it.

use crate::live::{LiveEvent, LiveWatch};
use crate::stores::Stores;
use crate::{ViewError, pages};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::broadcast::{
    self,
    error::{RecvError, TryRecvError},
};

/// The longest request URI accepted, in bytes (path and query): longer ones get 414.
pub const MAX_URI: usize = 2048;
/// Event streams open at once; more clients get 503 until one closes.
pub const MAX_SSE_CLIENTS: usize = 1000;
/// The longest game anchor a game URL can name.
const MAX_ANCHOR: usize = 64;
/// How long an event stream gathers events after the first before it writes them: a
/// move still appears well within a second, and 200 clients of a fast tournament cost the
/// server (and the machine the games run on) a few writes a second each.
const BATCH: Duration = Duration::from_millis(250);
/// How long an idle event stream waits before it sends a comment, so that proxies and
/// browsers keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What every handler shares.
#[derive(Debug)]
pub struct Shared {
    /// The stores shown.
    pub stores: Stores,
    /// The games under way, when a tournament or match runs in this process.
    pub live: Option<Arc<LiveWatch>>,
    /// Event streams open now.
    streams: AtomicUsize,
}

impl Shared {
    /// The state of a server over `stores`, following `live`.
    pub fn new(stores: Stores, live: Option<Arc<LiveWatch>>) -> Self {
        Shared {
            stores,
            live,
            streams: AtomicUsize::new(0),
        }
    }
}

impl IntoResponse for ViewError {
    fn into_response(self) -> Response {
        let status = match &self {
            ViewError::NotFound(_) => StatusCode::NOT_FOUND,
            ViewError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ViewError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ViewError::Store(_) | ViewError::Unreadable(_) | ViewError::Internal(_) => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
        };
        (status, format!("{self}\n")).into_response()
    }
}

/// The router of a viewer over `shared`.
pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route("/", get(list))
        .route("/t/{id}", get(tournament))
        .route("/t/{id}/game/{anchor}", get(game))
        .route("/live", get(live_page))
        .route("/live/events", get(events))
        .fallback(|| async { ViewError::NotFound("no such page".into()) })
        .with_state(shared)
        .layer(middleware::from_fn(check_and_log))
}

/// Refuses oversized URIs and `..` segments before routing, and logs every response of
/// 400 or more on stderr (method, the URI cut to 200 characters, status).
async fn check_and_log(request: Request, next: Next) -> Response {
    let uri = request.uri().to_string();
    let method = request.method().clone();
    let path = request.uri().path().to_ascii_lowercase();
    let response = if uri.len() > MAX_URI {
        (StatusCode::URI_TOO_LONG, "request URI too long\n").into_response()
    } else if path
        .split('/')
        .any(|seg| seg == ".." || seg.replace("%2e", ".").contains(".."))
        || path.contains("%2f")
        || path.contains("%5c")
    {
        ViewError::BadRequest("no such path".into()).into_response()
    } else {
        next.run(request).await
    };
    if response.status().as_u16() >= 400 {
        let shown: String = uri.chars().take(200).collect();
        eprintln!(
            "viewer: {method} {shown:?} -> {}",
            response.status().as_u16()
        );
    }
    response
}

/// A store id from the URL: digits only, and a store that exists.
fn store_id(text: &str, shared: &Shared) -> Result<usize, ViewError> {
    let bad = || ViewError::NotFound(format!("no tournament {text:?}"));
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let id: usize = text.parse().map_err(|_| bad())?;
    if id >= shared.stores.paths().len() {
        return Err(bad());
    }
    Ok(id)
}

/// Runs blocking store work (SQLite reads) off the async workers.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ViewError> + Send + 'static,
) -> Result<T, ViewError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ViewError::Internal(e.to_string()))?
}

async fn list(State(shared): State<Arc<Shared>>) -> Result<Html<String>, ViewError> {
    let live = shared.live.is_some();
    let s = shared.clone();
    blocking(move || Ok(Html(pages::list(&s.stores.list(), live)))).await
}

async fn tournament(
    State(shared): State<Arc<Shared>>,
    Path(id): Path<String>,
) -> Result<Html<String>, ViewError> {
    let id = store_id(&id, &shared)?;
    let live = shared.live.is_some();
    let playing = shared.live.as_ref().is_some_and(|l| !l.is_finished());
    let s = shared.clone();
    blocking(move || {
        let loaded = s.stores.load(id)?;
        pages::tournament(id, &loaded, live, playing).map(Html)
    })
    .await
}

async fn game(
    State(shared): State<Arc<Shared>>,
    Path((id, anchor)): Path<(String, String)>,
) -> Result<Response, ViewError> {
    let id = store_id(&id, &shared)?;
    let (anchor, json) = match anchor.strip_suffix(".json") {
        Some(a) => (a.to_string(), true),
        None => (anchor, false),
    };
    if anchor.is_empty()
        || anchor.len() > MAX_ANCHOR
        || !anchor
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err(ViewError::NotFound(format!("no game {anchor:?}")));
    }
    let live = shared.live.is_some();
    let s = shared.clone();
    blocking(move || {
        let loaded = s.stores.load(id)?;
        let game = pages::find(&loaded, &anchor)?;
        Ok(if json {
            let text = serde_json::to_string_pretty(game)
                .map_err(|e| ViewError::Internal(e.to_string()))?;
            let mut response = text.into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            response
        } else {
            Html(pages::game(id, &loaded, game, live)).into_response()
        })
    })
    .await
}

fn live_watch(shared: &Shared) -> Result<&Arc<LiveWatch>, ViewError> {
    shared
        .live
        .as_ref()
        .ok_or_else(|| ViewError::NotFound("no tournament is played by this server".into()))
}

async fn live_page(State(shared): State<Arc<Shared>>) -> Result<Html<String>, ViewError> {
    Ok(Html(pages::live(live_watch(&shared)?)))
}

/// Counts an open stream for as long as it lives.
struct StreamSlot(Arc<Shared>);

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::SeqCst);
    }
}

/// An event stream's next bytes: every event since the last write (each frame built once
/// for every client), gathered for [`BATCH`] after the first so that a busy tournament
/// costs each client a few writes a second rather than one per move; a `lagged` event
/// when the client fell behind (its page reloads); a comment when nothing happened for
/// [`KEEP_ALIVE`]; `None` once the watch is gone.
async fn next_frame(rx: &mut broadcast::Receiver<Arc<LiveEvent>>) -> Option<Bytes> {
    fn lagged(n: u64) -> Bytes {
        Bytes::from(format!("event: lagged\ndata: {n}\n\n"))
    }
    let first = match tokio::time::timeout(KEEP_ALIVE, rx.recv()).await {
        Ok(Ok(e)) => e.frame.clone(),
        Ok(Err(RecvError::Lagged(n))) => return Some(lagged(n)),
        Ok(Err(RecvError::Closed)) => return None,
        Err(_) => return Some(Bytes::from_static(b": keep-alive\n\n")),
    };
    tokio::time::sleep(BATCH).await;
    let mut out = first.to_vec();
    loop {
        match rx.try_recv() {
            Ok(e) => out.extend_from_slice(&e.frame),
            Err(TryRecvError::Lagged(n)) => {
                out.extend_from_slice(&lagged(n));
                break;
            }
            Err(_) => break,
        }
    }
    Some(Bytes::from(out))
}

async fn events(State(shared): State<Arc<Shared>>) -> Result<Response, ViewError> {
    let watch = live_watch(&shared)?;
    if shared.streams.fetch_add(1, Ordering::SeqCst) >= MAX_SSE_CLIENTS {
        shared.streams.fetch_sub(1, Ordering::SeqCst);
        return Err(ViewError::Busy(format!(
            "{MAX_SSE_CLIENTS} event streams are open already"
        )));
    }
    let slot = StreamSlot(shared.clone());
    let rx = watch.subscribe();
    let stream = futures_util::stream::unfold((rx, slot), |(mut rx, slot)| async move {
        let frame = next_frame(&mut rx).await?;
        Some((Ok::<_, Infallible>(frame), (rx, slot)))
    });
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(response)
}

/// Binds `addr` now (so that a busy port is an error at once), for [`crate::Server`].
pub fn bind(addr: SocketAddr) -> Result<std::net::TcpListener, ViewError> {
    let listener = std::net::TcpListener::bind(addr)
        .map_err(|e| ViewError::Internal(format!("cannot listen on {addr}: {e}")))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| ViewError::Internal(format!("{addr}: {e}")))?;
    Ok(listener)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::EVENT_BUFFER;

    #[tokio::test]
    async fn a_client_that_falls_behind_skips_ahead_and_is_told() {
        let watch = LiveWatch::new();
        let mut rx = watch.subscribe();
        for _ in 0..EVENT_BUFFER + 88 {
            watch.finish();
        }
        // The watch's own thread hands them on.
        while watch.dropped() == 0 && rx.len() < EVENT_BUFFER {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(watch.dropped(), 0);
        tokio::time::sleep(Duration::from_millis(50)).await;
        let first = next_frame(&mut rx).await.unwrap();
        assert_eq!(&first[..], b"event: lagged\ndata: 88\n\n");
        // The rest comes as one write: every event the buffer kept, and no more.
        let rest = next_frame(&mut rx).await.unwrap();
        let one: &[u8] = b"event: finished\ndata: {}\n\n";
        assert_eq!(rest.len(), EVENT_BUFFER * one.len());
        assert!(rest.chunks(one.len()).all(|c| c == one));
    }
}
