//! The kernel: what every domain shares. The platform's state and its lookups ([`world`]: ids,
//! the clock, people, bots, chats and who stands where, the fan-out of updates), the locks that
//! serialise writers of one entity ([`serial`]), how a message is stored ([`stored`]) and the
//! helpers of every Bot API method ([`methods`]). It depends on no domain but `chats`' standing
//! types and `files`' store, which the world holds; domains depend on it.

pub mod methods;
pub mod serial;
pub mod stored;
pub mod world;
