//! Concurrent writers of one entity never lose each other's acknowledged change: many clients
//! at once change one supergroup (invite links, forum topics, pins, members' standings, title and
//! description) and one person (votes, reactions), and afterwards, and after a restart, every
//! change that was answered `ok` is there.

use std::net::SocketAddr;

use msg_testkit::{HttpResponse, post};
use serde_json::{Value, json};

use crate::{create_bot, create_user, id_of, launch, ok};

const WRITERS: usize = 20;

fn call(api: SocketAddr, token: &str, method: &str, params: Value) -> HttpResponse {
    post(api, &format!("/bot{token}/{method}"), "application/json", params.to_string().as_bytes()).unwrap()
}

fn user_call(api: SocketAddr, token: &str, method: &str, params: Value) -> HttpResponse {
    post(api, &format!("/user{token}/{method}"), "application/json", params.to_string().as_bytes()).unwrap()
}

/// Runs `each(i)` for every `i` below `n` on threads of their own, all at once; the results in
/// order of `i`.
fn at_once<T: Send>(n: usize, each: impl Fn(usize) -> T + Sync) -> Vec<T> {
    std::thread::scope(|scope| {
        let each = &each;
        let handles: Vec<_> = (0..n).map(|i| scope.spawn(move || each(i))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn concurrent_writers_of_one_chat_and_one_person_lose_no_acknowledged_change() {
    let root = tempfile::tempdir().unwrap();
    let tokens = Tokens::create(root.path());
    let server = launch(root.path()).start();
    let checked = write_at_once(&tokens, &[&server]);
    checked.check(&server);
    drop(server);
    let server = launch(root.path()).start();
    checked.check(&server);
    checked.after_restart(&server);
}

/// The same writers through two servers of one PostgreSQL database at once (each request to
/// one or the other in turn): the storage's locks keep one server's acknowledged change from
/// being lost to the other's, and either server shows every change. PostgreSQL only.
#[test]
fn concurrent_writers_through_two_servers_of_one_database_lose_no_acknowledged_change() {
    let (first, second) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let Some((a, b)) = crate::several::two_on_one_database(first.path(), second.path()) else { return };
    let tokens = Tokens::create(first.path());
    let (a, b) = (a.start(), b.start());
    let checked = write_at_once(&tokens, &[&a, &b]);
    checked.check(&b);
    checked.check(&a);
    checked.after_restart(&b);
}

/// A bot, Alice and six members, made with the CLI.
struct Tokens {
    bot: String,
    alice: String,
    people_ids: Vec<i64>,
}

impl Tokens {
    fn create(root: &std::path::Path) -> Self {
        let bot = create_bot(root, "busy_bot");
        let alice = create_user(root, "Alice");
        let people: Vec<String> = (0..6).map(|i| create_user(root, &format!("Member{i}"))).collect();
        Self { bot, alice, people_ids: people.iter().map(|t| id_of(t)).collect() }
    }
}

/// What [`write_at_once`] made, to check on any server.
struct Written<'a> {
    tokens: &'a Tokens,
    chat: i64,
    links: Vec<String>,
    topics: Vec<i64>,
    polls: Vec<i64>,
}

/// Every kind of change at once through `servers` in turn (the setup through the first).
fn write_at_once<'a>(tokens: &'a Tokens, servers: &[&msg_testkit::Server]) -> Written<'a> {
    let (bot, alice, people_ids) = (&tokens.bot, &tokens.alice, &tokens.people_ids);
    let bot_id = id_of(bot);
    let server = servers[0];
    let apis: Vec<SocketAddr> = servers.iter().map(|s| s.api).collect();
    ok(server.call(bot, "getUpdates", json!({"allowed_updates": ["message_reaction"]})));

    let mut members = people_ids.clone();
    members.push(bot_id);
    let group = ok(server.user_call(
        alice,
        "createSupergroup",
        json!({"title": "Crowd", "member_ids": members, "is_forum": true}),
    ));
    let chat = group["id"].as_i64().unwrap();
    ok(server.user_call(
        alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_invite_users": true, "can_manage_topics": true,
            "can_pin_messages": true, "can_change_info": true, "can_restrict_members": true,
            "can_delete_messages": true}),
    ));
    let posted: Vec<i64> = (0..WRITERS)
        .map(|i| {
            let sent = ok(server.call(bot, "sendMessage", json!({"chat_id": chat, "text": format!("post {i}")})));
            sent["message_id"].as_i64().unwrap()
        })
        .collect();
    // Alice's polls in her chat with the bot, and messages of the bot's there, to vote and react on.
    ok(server.user_call(alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let polls: Vec<i64> = (0..WRITERS / 2)
        .map(|i| {
            let poll = json!({"chat_id": id_of(alice), "question": format!("q{i}"), "options": ["a", "b"]});
            ok(server.call(bot, "sendPoll", poll))["message_id"].as_i64().unwrap()
        })
        .collect();

    // Every kind of change at once: the same chat's details (links, topics, pins, title and
    // description), its members' standings, and one person's details (votes, reactions).
    let kinds = 7;
    let answers = at_once(WRITERS * kinds, |n| {
        let (kind, i) = (n % kinds, n / kinds);
        let api = apis[n % apis.len()];
        match kind {
            0 => call(api, bot, "createChatInviteLink", json!({"chat_id": chat, "name": format!("link {i}")})),
            1 => call(api, bot, "createForumTopic", json!({"chat_id": chat, "name": format!("topic {i}")})),
            2 => call(api, bot, "pinChatMessage", json!({"chat_id": chat, "message_id": posted[i]})),
            3 => {
                // Each member restricted in one way of their own (the others keep theirs).
                let who = people_ids[i % people_ids.len()];
                let permissions = json!({"can_send_messages": true, "can_send_polls": i % 2 == 0,
                    "can_add_web_page_previews": false, "can_change_info": false});
                call(
                    api,
                    bot,
                    "restrictChatMember",
                    json!({"chat_id": chat, "user_id": who, "permissions": permissions}),
                )
            }
            4 if i % 2 == 0 => call(api, bot, "setChatTitle", json!({"chat_id": chat, "title": format!("Crowd {i}")})),
            4 => call(api, bot, "setChatDescription", json!({"chat_id": chat, "description": format!("about {i}")})),
            5 => {
                let message_id = polls[i % polls.len()];
                let option = if i < polls.len() { 0 } else { 1 };
                // Regular polls take a changed vote; the second vote for a poll replaces the first.
                user_call(
                    api,
                    alice,
                    "votePoll",
                    json!({"chat_id": bot_id, "message_id": message_id, "option_ids": [option]}),
                )
            }
            _ => {
                let message_id = polls[i % polls.len()];
                let reaction = json!([{"type": "emoji", "emoji": if i < polls.len() { "👍" } else { "🔥" }}]);
                user_call(
                    api,
                    alice,
                    "setMessageReaction",
                    json!({"chat_id": bot_id, "message_id": message_id, "reaction": reaction}),
                )
            }
        }
    });
    let mut links = Vec::new();
    let mut topics = Vec::new();
    for (n, answer) in answers.into_iter().enumerate() {
        // Votes and reactions on one message race each other, and a vote may see the other
        // vote's change: both are acknowledged all the same.
        let result = ok(answer);
        match n % kinds {
            0 => links.push(result["invite_link"].as_str().unwrap().to_owned()),
            1 => topics.push(result["message_thread_id"].as_i64().unwrap()),
            _ => {}
        }
    }
    assert_eq!((links.len(), topics.len()), (WRITERS, WRITERS));
    Written { tokens, chat, links, topics, polls }
}

impl Written<'_> {
    fn check(&self, server: &msg_testkit::Server) {
        let Self { tokens, chat, links, topics, polls } = self;
        let (bot, alice, people_ids, chat) = (&tokens.bot, &tokens.alice, &tokens.people_ids, *chat);
        let bot_id = id_of(bot);
        let api = server.api;
        // Every link is there: editing it finds it.
        for (i, link) in links.iter().enumerate() {
            let edited = ok(call(
                api,
                bot,
                "editChatInviteLink",
                json!({"chat_id": chat, "invite_link": link, "name": format!("kept {i}")}),
            ));
            assert_eq!(edited["invite_link"], link.as_str());
        }
        // Every topic is there: a message goes into each.
        for topic in topics.iter() {
            ok(call(api, bot, "sendMessage", json!({"chat_id": chat, "message_thread_id": topic, "text": "here"})));
        }
        // Every member's restriction is there.
        for who in people_ids.iter() {
            let member = ok(call(api, bot, "getChatMember", json!({"chat_id": chat, "user_id": who})));
            assert_eq!(member["status"], "restricted", "{member}");
            assert_eq!(member["can_add_web_page_previews"], false, "{member}");
        }
        // The title and description are ones that were set.
        let full = ok(call(api, bot, "getChat", json!({"chat_id": chat})));
        assert!(full["title"].as_str().unwrap().starts_with("Crowd "), "{full}");
        assert!(full["description"].as_str().unwrap().starts_with("about "), "{full}");
        // Alice's vote and reaction on every poll are there: voting again for what she holds
        // changes nothing in the counts.
        for message_id in polls.iter() {
            let poll = ok(user_call(
                api,
                alice,
                "votePoll",
                json!({"chat_id": bot_id, "message_id": message_id, "option_ids": [1]}),
            ));
            assert_eq!(poll["total_voter_count"], 1, "a vote was lost or doubled: {poll}");
        }
    }

    /// The pins, unpinned one by one, and Alice's reactions, taken back: every one is there.
    fn after_restart(&self, server: &msg_testkit::Server) {
        let Self { tokens, chat, polls, .. } = self;
        let (bot, alice, chat) = (&tokens.bot, &tokens.alice, *chat);
        let bot_id = id_of(bot);
        // The pins: all of them, unpinned one by one, the most recent first.
        for _ in 0..WRITERS {
            ok(server.call(bot, "unpinChatMessage", json!({"chat_id": chat})));
        }
        let none_left = server.call(bot, "unpinChatMessage", json!({"chat_id": chat}));
        assert_eq!(none_left.json()["description"], "Bad Request: message to unpin not found");
        // Alice's reaction on every poll is there: taking it back, the bot hears what it was.
        for message_id in polls.iter() {
            let none = json!({"chat_id": bot_id, "message_id": message_id, "reaction": []});
            ok(server.user_call(alice, "setMessageReaction", none));
        }
        let mut taken_back = Vec::new();
        let mut offset = 0;
        while taken_back.len() < polls.len() {
            let batch = ok(server.call(bot, "getUpdates", json!({"offset": offset, "timeout": 5})));
            let batch = batch.as_array().unwrap();
            assert!(!batch.is_empty(), "only {} reactions were taken back: {taken_back:?}", taken_back.len());
            for update in batch {
                offset = update["update_id"].as_i64().unwrap() + 1;
                let reaction = &update["message_reaction"];
                if reaction["new_reaction"] == json!([]) {
                    assert_eq!(reaction["old_reaction"].as_array().map(Vec::len), Some(1), "{update}");
                    taken_back.push(reaction["message_id"].as_i64().unwrap());
                }
            }
        }
        taken_back.sort_unstable();
        assert_eq!(&taken_back, polls, "a reaction was lost");
    }
}
