//! The kernel: what every domain shares. The platform's state and its lookups ([`world`]: ids,
//! the clock, people, bots, chats and who stands where, the fan-out of updates), the locks that
//! serialise writers of one entity ([`serial`]), how a message is stored ([`stored`]), the
//! helpers of every Bot API method ([`methods`]) and what every user-side verb gets ([`user`]). It depends on no domain but `chats`' standing
//! types and `files`' store, which the world holds; domains depend on it.

pub mod methods;
pub mod serial;
pub mod stored;
pub(crate) mod user;
pub mod world;
