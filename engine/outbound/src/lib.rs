//! Connections the server makes on a client's behalf: webhook deliveries (the server) and
//! uploads by URL (the platform). [`policy`] decides which addresses may be reached (no SSRF
//! outside local mode); [`client`] is the HTTP client that enforces it, with its TLS trust.
//! Shared by both sides, owned by neither: no server state, no platform state.
#![forbid(unsafe_code)]

pub mod client;
pub mod policy;

pub use client::{HttpClient, Trust};
pub use policy::{OutboundPolicy, Refused, is_public};
