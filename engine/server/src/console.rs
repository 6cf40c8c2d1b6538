//! The browser console's HTTP side: its page and assets (`/console/`, built into the binary from
//! `engine/server/console/`, so it works offline), served with a Content-Security-Policy that
//! allows no inline script; and its operator API (`/console/api/<method>`), which asks for the
//! operator's key (`Authorization: Bearer`) and refuses cross-site requests before the platform
//! answers it. Not here: the console's people, who act through the user-side API with their own
//! tokens, nor what operator methods do (the platform's `operator.rs`). Everything here answers
//! `404 Not Found` unless the console is on (`--console`).

use std::sync::Arc;

use hyper::body::Incoming;
use hyper::header::{self, HeaderMap, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use msg_core::ApiError;

use crate::Shared;
use crate::http::{self, Body};

/// The console's files: name, content type, bytes. A unit test checks that every file of
/// `engine/server/console/` is listed.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("index.html", "text/html; charset=utf-8", include_bytes!("../console/index.html")),
    ("style.css", "text/css; charset=utf-8", include_bytes!("../console/style.css")),
    ("admin.js", "text/javascript; charset=utf-8", include_bytes!("../console/admin.js")),
    ("api.js", "text/javascript; charset=utf-8", include_bytes!("../console/api.js")),
    ("app.js", "text/javascript; charset=utf-8", include_bytes!("../console/app.js")),
    ("business.js", "text/javascript; charset=utf-8", include_bytes!("../console/business.js")),
    ("chat.js", "text/javascript; charset=utf-8", include_bytes!("../console/chat.js")),
    ("chats.js", "text/javascript; charset=utf-8", include_bytes!("../console/chats.js")),
    ("communities.js", "text/javascript; charset=utf-8", include_bytes!("../console/communities.js")),
    ("compose.js", "text/javascript; charset=utf-8", include_bytes!("../console/compose.js")),
    ("gifts.js", "text/javascript; charset=utf-8", include_bytes!("../console/gifts.js")),
    ("render.js", "text/javascript; charset=utf-8", include_bytes!("../console/render.js")),
    ("rich.js", "text/javascript; charset=utf-8", include_bytes!("../console/rich.js")),
    ("state.js", "text/javascript; charset=utf-8", include_bytes!("../console/state.js")),
    ("suggested.js", "text/javascript; charset=utf-8", include_bytes!("../console/suggested.js")),
    ("tools.js", "text/javascript; charset=utf-8", include_bytes!("../console/tools.js")),
    ("ui.js", "text/javascript; charset=utf-8", include_bytes!("../console/ui.js")),
    ("widget.js", "text/javascript; charset=utf-8", include_bytes!("../console/widget.js")),
    ("widget-host.html", "text/html; charset=utf-8", include_bytes!("../console/widget-host.html")),
];

/// What the page may load and run: its own scripts and styles only (no inline script or
/// style), media from itself or the `blob:` URLs it makes of files it fetched, and Mini Apps in
/// frames (which its sandbox attribute confines).
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; \
media-src 'self' blob:; connect-src 'self'; frame-src http: https:; base-uri 'none'; form-action 'none'; \
frame-ancestors 'none'";

/// What a widget's sandbox (`widget-host.html`, framed by the page) may do: run inline script
/// (the bot's HTML is inline code, run in a srcdoc frame that inherits this policy) and show
/// inline styles and `data:`/`blob:` media; reach no network (no `connect-src`, no remote
/// image, font or media), navigate no frame anywhere, and be framed by the console alone. The
/// `sandbox` directive gives it an opaque origin even if opened on its own: no cookies, no
/// storage, nothing of the console's.
const WIDGET_CSP: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
img-src data: blob:; media-src data: blob:; font-src data:; frame-src 'none'; child-src 'none'; worker-src 'none'; \
base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-scripts";

/// The widget sandbox's page (see [`WIDGET_CSP`]).
const WIDGET_HOST: &str = "widget-host.html";

fn disabled() -> Response<Body> {
    http::error_response(&ApiError::not_found())
}

/// Each asset gzipped, once (the console's files are text: a fifth of their size on the wire).
fn gzipped(index: usize) -> &'static [u8] {
    static GZIPPED: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    let all = GZIPPED.get_or_init(|| {
        ASSETS
            .iter()
            .map(|(_, _, bytes)| {
                use std::io::Write;
                let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                encoder.write_all(bytes).expect("writing to memory");
                encoder.finish().expect("writing to memory")
            })
            .collect()
    });
    &all[index]
}

/// Whether a request's `Accept-Encoding` takes gzip (not with `q=0`).
fn takes_gzip(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()) else { return false };
    value.split(',').any(|coding| {
        let mut parts = coding.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let refused = parts.any(|p| p.replace(' ', "").eq_ignore_ascii_case("q=0") || p.replace(' ', "") == "q=0.0");
        (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
    })
}

/// `GET /console/<path>`: gzipped to a browser that takes it (`Vary: Accept-Encoding`).
pub fn asset(shared: &Shared, path: &str, headers: &HeaderMap) -> Response<Body> {
    if shared.config.console.is_none() {
        return disabled();
    }
    if path == "/" {
        // `/console` without the slash: the page's relative links need it.
        let mut response = http::empty_response(StatusCode::PERMANENT_REDIRECT);
        response.headers_mut().insert(header::LOCATION, HeaderValue::from_static("/console/"));
        return response;
    }
    let name = if path.is_empty() { "index.html" } else { path };
    let Some(index) = ASSETS.iter().position(|(n, _, _)| *n == name) else {
        return disabled();
    };
    let (_, content_type, bytes) = ASSETS[index];
    let gzip = takes_gzip(headers);
    let mut response = http::typed_response(content_type, if gzip { gzipped(index) } else { bytes });
    let headers = response.headers_mut();
    if gzip {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    let widget = name == WIDGET_HOST;
    headers.insert("content-security-policy", HeaderValue::from_static(if widget { WIDGET_CSP } else { CSP }));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    headers.insert("x-frame-options", HeaderValue::from_static(if widget { "SAMEORIGIN" } else { "DENY" }));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// Whether the request comes from another site: a browser says so in `Sec-Fetch-Site` (which
/// decides when present: a reverse proxy that rewrites `Host` does not change it), else in an
/// `Origin` that is not this server's own address. Requests with neither (curl, scripts) are
/// not a browser's.
fn cross_site(headers: &HeaderMap) -> bool {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = text("sec-fetch-site") {
        return site != "same-origin" && site != "none";
    }
    match (text("origin"), text("host")) {
        (Some(origin), Some(host)) => {
            let origin = origin.trim_start_matches("http://").trim_start_matches("https://");
            !origin.eq_ignore_ascii_case(host)
        }
        (Some(_), None) => true,
        _ => false,
    }
}

/// The operator's key from `Authorization: Bearer <key>`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ").map(str::trim)
}

/// `POST /console/api/<method>`.
pub async fn operator(shared: &Arc<Shared>, method: String, req: Request<Incoming>) -> Response<Body> {
    let Some(key) = &shared.config.console else { return disabled() };
    if req.method() != Method::POST {
        return http::error_response(&ApiError::new(405, "Method Not Allowed: use POST"));
    }
    if cross_site(req.headers()) {
        return http::error_response(&ApiError::forbidden("cross-site requests are refused"));
    }
    let authorized = bearer(req.headers()).is_some_and(|given| msg_core::same_secret(key.expose(), given));
    if !authorized {
        return http::error_response(&ApiError::unauthorized());
    }
    let (params, uploads) = match crate::call::read_params(shared, req).await {
        Ok(read) => read,
        Err(e) => return http::error_response(&e),
    };
    // The server's own: fault rules and the call log; everything else is the platform's.
    if let Some(answer) = crate::faults::operator(&shared.faults, &method, &params).await {
        return match answer {
            Ok(result) => http::ok_response(&result.into()),
            Err(e) => http::error_response(&e),
        };
    }
    if method == "getCalls" {
        return match crate::calls::operator(&shared.calls, &params).await {
            Ok(result) => http::ok_response(&result.into()),
            Err(e) => http::error_response(&e),
        };
    }
    let platform = shared.upstream.clone();
    let reply = crate::call::detached(async move {
        let reply = platform.operator_request(&method, params).await;
        drop(uploads);
        reply
    })
    .await;
    match reply {
        Ok(reply) => http::ok_response(&reply),
        Err(e) => http::error_response(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_console_file_is_served() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("console");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        on_disk.sort();
        let mut listed: Vec<String> = ASSETS.iter().map(|(n, _, _)| (*n).to_owned()).collect();
        listed.sort();
        assert_eq!(on_disk, listed, "ASSETS must list exactly the files of {}", dir.display());
        // The first load is what a browser is sent (gzipped); the files themselves are kept
        // within twice that, so their growth is seen too.
        let sent: usize = (0..ASSETS.len()).map(|i| gzipped(i).len()).sum();
        assert!(sent < 200_000, "the console's first load stays under 200 KB on the wire (now {sent} bytes)");
        let total: usize = ASSETS.iter().map(|(_, _, b)| b.len()).sum();
        assert!(total < 400_000, "the console's files stay under 400 KB (now {total} bytes)");
    }

    #[test]
    fn a_browser_is_sent_the_console_gzipped_and_a_script_the_files_as_they_are() {
        let headers = |value: &'static str| {
            let mut map = HeaderMap::new();
            map.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(value));
            map
        };
        assert!(takes_gzip(&headers("gzip, deflate, br, zstd")));
        assert!(takes_gzip(&headers("br;q=1.0, gzip;q=0.8")));
        assert!(takes_gzip(&headers("*")));
        assert!(!takes_gzip(&headers("gzip;q=0")));
        assert!(!takes_gzip(&headers("identity")));
        assert!(!takes_gzip(&HeaderMap::new()));
        let index = ASSETS.iter().position(|(n, _, _)| *n == "app.js").unwrap();
        let mut decoded = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(gzipped(index)), &mut decoded).unwrap();
        assert_eq!(decoded, ASSETS[index].2, "the gzipped file is the file");
        assert!(gzipped(index).len() * 2 < ASSETS[index].2.len());
    }

    #[test]
    fn cross_site_requests_are_told_apart() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut map = HeaderMap::new();
            for (k, v) in pairs {
                map.insert(*k, HeaderValue::from_static(v));
            }
            map
        };
        assert!(!cross_site(&headers(&[])));
        assert!(!cross_site(&headers(&[("sec-fetch-site", "same-origin"), ("host", "127.0.0.1:8081")])));
        assert!(cross_site(&headers(&[("sec-fetch-site", "cross-site")])));
        assert!(cross_site(&headers(&[("sec-fetch-site", "same-site")])));
        assert!(!cross_site(&headers(&[("origin", "http://127.0.0.1:8081"), ("host", "127.0.0.1:8081")])));
        assert!(cross_site(&headers(&[("origin", "http://evil.example"), ("host", "127.0.0.1:8081")])));
        assert!(cross_site(&headers(&[("origin", "null"), ("host", "127.0.0.1:8081")])));
        // Behind a proxy that rewrites Host, the browser's own word decides.
        let proxied =
            [("sec-fetch-site", "same-origin"), ("origin", "https://chat.example"), ("host", "127.0.0.1:8081")];
        assert!(!cross_site(&headers(&proxied)));
    }
}
