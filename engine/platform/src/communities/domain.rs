//! The communities domain as the platform lists it (see [`Domain`]).

use crate::kernel::domain::Domain;
use crate::kernel::user::{UserMethod, method};
use crate::kernel::world::ChatInfoRule;

pub(crate) struct Communities;

impl Domain for Communities {
    fn name(&self) -> &'static str {
        "communities"
    }

    fn chat_info(&self) -> Option<ChatInfoRule> {
        Some(super::chat_info)
    }

    fn user_verbs(&self) -> Vec<UserMethod> {
        vec![
            method(
                "createCommunity",
                "`name` (1-64 characters), `chat_ids` (JSON array: supergroups and channels whose info the person may change, and bots)",
                "the `Community` (`{\"id\",\"name\"}`); the person owns it, and each chat added gets `community_chat_added`",
                super::user::create,
            ),
            method(
                "addCommunityChat",
                "`community_id` (one the person owns), `chat_id` (a supergroup or channel whose info the person may change, or a bot)",
                "`true`; the chat gets `community_chat_added` (a bot: in its chat with the person), and `getChat` shows `community`",
                super::user::add,
            ),
            method(
                "removeCommunityChat",
                "`community_id`, `chat_id`",
                "`true`; the chat (or bot) gets `community_chat_removed`",
                super::user::remove,
            ),
            method(
                "getCommunity",
                "`community_id`, or `chat_id` (the community of that chat)",
                "`{\"community\",\"owner_id\",\"chats\":[{\"chat\",\"is_member\"}],\"bots\"}` for its owner and the members of its chats (`null` for a chat in none)",
                super::user::get,
            ),
            method(
                "getCommunities",
                "—",
                "the communities the person owns or is in a chat of, as `getCommunity` answers each",
                super::user::list,
            ),
            method(
                "joinCommunityChat",
                "`chat_id` (a chat of a community one of whose chats the person is in)",
                "`true`; the person joins it, announced by `community_chat_joined` (not `new_chat_members`)",
                super::user::join,
            ),
        ]
    }
}
