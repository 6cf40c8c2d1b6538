//! Communities (issue 42, Bot API 10.2-10.3): a person groups the supergroups, channels and bots
//! they manage; every chat in one shows it in `getChat`, hears of being added and removed, and
//! a member of one chat joins another on their own (`community_chat_joined`). From both sides:
//! the bots' updates and `getChat`, the people's verbs, their rights and bad input.

use msg_testkit::Server;
use serde_json::{Value, json};

use crate::{assert_typed, create_bot, create_user, error, id_of, launch, next_update, ok};

/// The bot's next update of `kind` whose message has `field` (others are passed over).
fn next_with(server: &Server, bot: &str, offset: &mut i64, kind: &str, field: &str) -> Value {
    loop {
        let update = next_update(server, bot, offset, kind);
        if !update[field].is_null() {
            return update;
        }
    }
}

fn refused(server: &Server, person: &str, method: &str, params: Value) -> String {
    error(server.user_call(person, method, params)).1
}

#[test]
fn a_community_groups_chats_and_bots_which_see_it_and_its_members_join_each_other_s_chats() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "community_bot");
    let helper = create_bot(root.path(), "community_helper_bot");
    let (alice, bob, carol) =
        (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"), create_user(root.path(), "Carol"));
    let (bot_id, helper_id, bob_id) = (id_of(&bot), id_of(&helper), id_of(&bob));
    let server = launch(root.path()).start();
    let chat = |title: &str, members: Value| {
        let made = ok(server.user_call(&alice, "createSupergroup", json!({"title": title, "member_ids": members})));
        made["id"].as_i64().unwrap()
    };
    let lobby = chat("Lobby", json!([bot_id, bob_id]));
    let workshop = chat("Workshop", json!([bot_id]));
    let news = ok(server.user_call(&alice, "createChannel", json!({"title": "News", "member_ids": [bot_id]})));
    let news = news["id"].as_i64().unwrap();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": news, "user_id": bot_id, "can_post_messages": true}),
    ));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": helper_id, "text": "/start"})));

    // Bad input and rights, in the platform's words.
    assert_eq!(
        refused(&server, &alice, "createCommunity", json!({"name": " "})),
        "Bad Request: community name is empty or too long"
    );
    assert_eq!(
        refused(&server, &alice, "createCommunity", json!({"name": "x".repeat(65)})),
        "Bad Request: community name is empty or too long"
    );
    let group =
        ok(server.user_call(&alice, "createGroup", json!({"title": "Basic", "member_ids": [bob_id]})))["id"].clone();
    let basic = json!({"name": "Makers", "chat_ids": json!([group]).to_string()});
    assert_eq!(
        refused(&server, &alice, "createCommunity", basic),
        "Bad Request: only supergroups, channels and bots join a community"
    );
    let bobs_own = json!({"name": "Bob's", "chat_ids": json!([lobby]).to_string()});
    assert_eq!(refused(&server, &bob, "createCommunity", bobs_own), "Bad Request: CHAT_ADMIN_REQUIRED");

    // Alice makes one with the lobby and the channel, then adds the workshop and a bot.
    let made = json!({"name": "Makers", "chat_ids": json!([lobby, news]).to_string()});
    let community = ok(server.user_call(&alice, "createCommunity", made));
    assert_typed("Community", &community);
    let id = community["id"].as_i64().unwrap();
    assert_eq!(id, 1, "a refused community is not made");
    ok(server.user_call(&alice, "addCommunityChat", json!({"community_id": id, "chat_id": workshop})));
    ok(server.user_call(&alice, "addCommunityChat", json!({"community_id": id, "chat_id": helper_id})));
    let twice = json!({"community_id": id, "chat_id": workshop});
    assert_eq!(
        refused(&server, &alice, "addCommunityChat", twice.clone()),
        "Bad Request: the chat is already in a community"
    );
    assert_eq!(refused(&server, &bob, "addCommunityChat", twice), "Bad Request: community not found");
    assert_eq!(
        refused(&server, &alice, "addCommunityChat", json!({"community_id": id})),
        "Bad Request: chat_id is empty"
    );
    assert_eq!(
        refused(&server, &alice, "addCommunityChat", json!({"chat_id": lobby})),
        "Bad Request: community_id is not specified"
    );

    // The bots see it: the service messages, and getChat's community.
    let mut offset = 0;
    let added = next_with(&server, &bot, &mut offset, "message", "community_chat_added");
    assert_typed("Message", &added);
    assert_eq!(added["chat"]["id"], lobby);
    assert_eq!(added["community_chat_added"]["community"], json!({"id": id, "name": "Makers"}));
    let posted = next_with(&server, &bot, &mut offset, "channel_post", "community_chat_added");
    assert_eq!((posted["chat"]["id"].as_i64(), posted["community_chat_added"].is_object()), (Some(news), true));
    let full = ok(server.call(&bot, "getChat", json!({"chat_id": workshop})));
    assert_typed("ChatFullInfo", &full);
    assert_eq!(full["community"], json!({"id": id, "name": "Makers"}));
    let told = next_with(&server, &helper, &mut 0, "message", "community_chat_added");
    assert_eq!(
        (told["chat"]["type"].as_str(), told["community_chat_added"]["community"]["id"].as_i64()),
        (Some("private"), Some(id))
    );

    // Bob, in the lobby, sees the community and joins the workshop on his own; Carol, in none
    // of its chats, does not see it and cannot.
    let seen = ok(server.user_call(&bob, "getCommunity", json!({"chat_id": lobby})));
    let chats: Vec<(i64, bool)> = seen["chats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["chat"]["id"].as_i64().unwrap(), c["is_member"].as_bool().unwrap()))
        .collect();
    assert_eq!(chats, [(lobby, true), (news, false), (workshop, false)]);
    assert_eq!(seen["bots"][0]["id"], helper_id);
    assert_eq!(ok(server.user_call(&bob, "getCommunities", json!({}))).as_array().unwrap().len(), 1);
    assert_eq!(
        refused(&server, &carol, "getCommunity", json!({"community_id": id})),
        "Bad Request: community not found"
    );
    assert_eq!(
        refused(&server, &carol, "joinCommunityChat", json!({"chat_id": workshop})),
        "Bad Request: join one of the community's chats first"
    );
    ok(server.user_call(&bob, "joinCommunityChat", json!({"chat_id": workshop})));
    let joined = next_with(&server, &bot, &mut offset, "message", "community_chat_joined");
    assert_typed("Message", &joined);
    assert_eq!((joined["chat"]["id"].as_i64(), joined["from"]["id"].as_i64()), (Some(workshop), Some(bob_id)));
    assert_eq!(joined["community_chat_joined"]["community"]["name"], "Makers");
    assert!(joined.get("new_chat_members").is_none(), "{joined}");
    assert_eq!(
        refused(&server, &bob, "joinCommunityChat", json!({"chat_id": workshop})),
        "Bad Request: USER_ALREADY_PARTICIPANT"
    );
    let members = ok(server.user_call(&alice, "getChatMembers", json!({"chat_id": workshop})));
    assert!(members.as_array().unwrap().iter().any(|m| m["user"]["id"] == bob_id && m["status"] == "member"));

    // Removed: the chat hears it, and getChat no longer names the community.
    ok(server.user_call(&alice, "removeCommunityChat", json!({"community_id": id, "chat_id": workshop})));
    let removed = next_with(&server, &bot, &mut offset, "message", "community_chat_removed");
    assert_eq!(
        (removed["chat"]["id"].as_i64(), removed["community_chat_removed"].clone()),
        (Some(workshop), json!({}))
    );
    assert!(ok(server.call(&bot, "getChat", json!({"chat_id": workshop}))).get("community").is_none());
    assert_eq!(ok(server.user_call(&bob, "getCommunity", json!({"chat_id": workshop}))), Value::Null);
    let again = json!({"community_id": id, "chat_id": workshop});
    assert_eq!(refused(&server, &alice, "removeCommunityChat", again), "Bad Request: the chat is not in the community");
}
