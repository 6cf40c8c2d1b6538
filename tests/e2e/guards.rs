//! Rights, protected content, all-or-nothing moves and limits on every path that uses them: what
//! an administrator may grant, who edits, deletes and pins a channel's posts, whose invite links
//! an administrator manages, replies from another chat to protected content, forwardMessages
//! and copyMessages that cannot move everything, captions and member limits on every method,
//! forged inline message ids and other bots' file ids.

use msg_testkit::Multipart;
use serde_json::json;

use crate::{create_bot, create_user, error, id_of, launch, ok};

fn refused(reply: msg_testkit::HttpResponse, words: &str) {
    assert_eq!(error(reply), (400, format!("Bad Request: {words}")));
}

#[test]
fn nobody_grants_what_they_do_not_hold_and_channel_posts_and_links_keep_their_owners() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "deputy_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let carol = create_user(root.path(), "Carol");
    let server = launch(root.path()).start();
    let (bot_id, bob_id, carol_id) = (id_of(&bot), id_of(&bob), id_of(&carol));

    // A promoter without can_change_info cannot hand it out; what it holds, it may.
    let group = ok(server.user_call(
        &alice,
        "createSupergroup",
        json!({"title": "G", "member_ids": [bot_id, bob_id, carol_id]}),
    ));
    let chat = group["id"].as_i64().unwrap();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_promote_members": true, "can_invite_users": true}),
    ));
    let grant = json!({"chat_id": chat, "user_id": bob_id, "can_change_info": true});
    refused(server.call(&bot, "promoteChatMember", grant), "RIGHT_FORBIDDEN");
    let bob_member = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})));
    assert_eq!(bob_member["status"], "member", "nothing was granted");
    refused(
        server.user_call(&bob, "setChatTitle", json!({"chat_id": chat, "title": "Mine"})),
        "not enough rights to change chat title",
    );
    ok(server.call(&bot, "promoteChatMember", json!({"chat_id": chat, "user_id": bob_id, "can_invite_users": true})));
    let bob_member = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})));
    assert_eq!(
        (bob_member["status"].as_str(), bob_member["can_change_info"].as_bool()),
        (Some("administrator"), Some(false))
    );

    // Invite links: the owner's link is the owner's; an administrator manages its own.
    let owners =
        ok(server.user_call(&alice, "createChatInviteLink", json!({"chat_id": chat, "creates_join_request": true})));
    let link = owners["invite_link"].as_str().unwrap();
    let edit = json!({"chat_id": chat, "invite_link": link, "creates_join_request": false});
    refused(server.call(&bot, "editChatInviteLink", edit), "CHAT_ADMIN_REQUIRED");
    refused(
        server.call(&bot, "revokeChatInviteLink", json!({"chat_id": chat, "invite_link": link})),
        "CHAT_ADMIN_REQUIRED",
    );
    let own = ok(server.call(&bot, "createChatInviteLink", json!({"chat_id": chat})));
    let own_link = own["invite_link"].as_str().unwrap();
    ok(server.call(&bot, "editChatInviteLink", json!({"chat_id": chat, "invite_link": own_link, "name": "mine"})));
    assert_eq!(
        ok(server.call(&bot, "revokeChatInviteLink", json!({"chat_id": chat, "invite_link": own_link})))["is_revoked"],
        true
    );
    // The owner's link still asks for approval.
    let dave = create_user(root.path(), "Dave");
    refused(server.user_call(&dave, "joinChat", json!({"invite_link": link})), "INVITE_REQUEST_SENT");

    // A channel: a posting administrator edits and deletes its own posts only; a subscriber
    // pins nothing; pinning takes the right to edit.
    let channel =
        ok(server.user_call(&alice, "createChannel", json!({"title": "News", "member_ids": [bob_id, bot_id]})));
    let news = channel["id"].as_i64().unwrap();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": news, "user_id": bot_id, "can_post_messages": true}),
    ));
    let owners_post = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": news, "text": "from the owner"})));
    let owners_id = owners_post["message_id"].as_i64().unwrap();
    let edit = json!({"chat_id": news, "message_id": owners_id, "text": "defaced"});
    refused(server.call(&bot, "editMessageText", edit), "message can't be edited");
    refused(
        server.call(&bot, "deleteMessage", json!({"chat_id": news, "message_id": owners_id})),
        "message can't be deleted",
    );
    refused(
        server.user_call(&bob, "pinChatMessage", json!({"chat_id": news, "message_id": owners_id})),
        "not enough rights to manage pinned messages in the chat",
    );
    refused(
        server.call(&bot, "pinChatMessage", json!({"chat_id": news, "message_id": owners_id})),
        "not enough rights to manage pinned messages in the chat",
    );
    let bots_post = ok(server.call(&bot, "sendMessage", json!({"chat_id": news, "text": "from the bot"})));
    let bots_id = bots_post["message_id"].as_i64().unwrap();
    let edited =
        ok(server.call(&bot, "editMessageText", json!({"chat_id": news, "message_id": bots_id, "text": "fixed"})));
    assert_eq!(edited["text"], "fixed");
    ok(server.call(&bot, "deleteMessage", json!({"chat_id": news, "message_id": bots_id})));
    // With the rights to edit and delete, the owner's posts too.
    let rights = json!({"chat_id": news, "user_id": bot_id, "can_post_messages": true, "can_edit_messages": true,
        "can_delete_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    ok(server.call(&bot, "editMessageText", json!({"chat_id": news, "message_id": owners_id, "text": "edited"})));
    ok(server.call(&bot, "pinChatMessage", json!({"chat_id": news, "message_id": owners_id})));
    ok(server.call(&bot, "deleteMessage", json!({"chat_id": news, "message_id": owners_id})));
}

#[test]
fn protected_content_stays_in_its_chat_and_moves_are_all_or_nothing() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "keeper_bot");
    let alice = create_user(root.path(), "Alice");
    let outsider = create_user(root.path(), "Outsider");
    let server = launch(root.path()).start();
    let (bot_id, outsider_id) = (id_of(&bot), id_of(&outsider));
    ok(server.user_call(&outsider, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Vault", "member_ids": [bot_id]})));
    let chat = group["id"].as_i64().unwrap();
    let secret = ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": chat, "text": "the secret plan", "protect_content": true}),
    ));
    let secret_id = secret["message_id"].as_i64().unwrap();
    let open = ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "an open note"})));
    let open_id = open["message_id"].as_i64().unwrap();

    // A reply from another chat (or a quote) cannot carry it: as if it were not there.
    let reply = json!({"chat_id": outsider_id, "text": "look",
        "reply_parameters": {"chat_id": chat, "message_id": secret_id}});
    refused(server.call(&bot, "sendMessage", reply), "message to be replied not found");
    let quoted = json!({"chat_id": outsider_id, "text": "look",
        "reply_parameters": {"chat_id": chat, "message_id": secret_id, "quote": "secret"}});
    refused(server.call(&bot, "sendMessage", quoted), "message to be replied not found");
    let without = json!({"chat_id": outsider_id, "text": "look",
        "reply_parameters": {"chat_id": chat, "message_id": secret_id, "allow_sending_without_reply": true}});
    let sent = ok(server.call(&bot, "sendMessage", without));
    assert!(sent.get("external_reply").is_none() && sent.get("quote").is_none(), "{sent}");
    // An open message is replied to from elsewhere as before; in its own chat, the secret too.
    let reply =
        json!({"chat_id": outsider_id, "text": "look", "reply_parameters": {"chat_id": chat, "message_id": open_id}});
    assert_eq!(ok(server.call(&bot, "sendMessage", reply))["external_reply"]["origin"]["type"], "user");
    let reply = json!({"chat_id": chat, "text": "ok", "reply_parameters": {"message_id": secret_id}});
    assert_eq!(ok(server.call(&bot, "sendMessage", reply))["reply_to_message"]["text"], "the secret plan");

    // forwardMessages and copyMessages skip what cannot move and move the rest.
    for method in ["forwardMessages", "copyMessages"] {
        let moved = ok(server.call(
            &bot,
            method,
            json!({"chat_id": outsider_id, "from_chat_id": chat, "message_ids": [open_id, secret_id]}),
        ));
        assert_eq!(moved.as_array().unwrap().len(), 1, "{method}: {moved}");
    }
    // Where the chat it goes to refuses one of them, none is delivered (a retry repeats nothing).
    let poll = ok(server.call(&bot, "sendPoll", json!({"chat_id": chat, "question": "Q?", "options": ["a", "b"]})));
    let closed = create_user(root.path(), "Closed");
    let strict = ok(server.user_call(
        &alice,
        "createSupergroup",
        json!({"title": "Strict", "member_ids": [bot_id, id_of(&closed)]}),
    ));
    let strict_id = strict["id"].as_i64().unwrap();
    let no_polls = json!({"chat_id": strict_id, "permissions": {"can_send_messages": true, "can_send_polls": false}});
    ok(server.user_call(&alice, "setChatPermissions", no_polls));
    let before = ok(server.call(&bot, "sendMessage", json!({"chat_id": strict_id, "text": "before"})))["message_id"]
        .as_i64()
        .unwrap();
    for method in ["forwardMessages", "copyMessages"] {
        let params = json!({"chat_id": strict_id, "from_chat_id": chat, "message_ids": [open_id, poll["message_id"]]});
        refused(server.call(&bot, method, params), "not enough rights to send polls to the chat");
    }
    let after = ok(server.call(&bot, "sendMessage", json!({"chat_id": strict_id, "text": "after"})))["message_id"]
        .as_i64()
        .unwrap();
    assert_eq!(after, before + 1, "a refused move delivered part of itself");
}

#[test]
fn every_limit_holds_on_every_method_that_sets_the_value() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "strict_bot");
    let other = create_bot(root.path(), "other_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    for token in [&bot, &other] {
        ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(token), "text": "/start"})));
    }
    let send = |token: &str, caption: &str| {
        Multipart::new()
            .text("chat_id", &alice_id.to_string())
            .text("caption", caption)
            .file("document", "a.txt", "text/plain", b"bytes")
            .post(server.api, &format!("/bot{token}/sendDocument"))
    };
    let long = "x".repeat(1025);
    refused(send(&bot, &long), "message caption is too long");
    let document = ok(send(&bot, "short"));
    let id = document["message_id"].as_i64().unwrap();
    let copy = json!({"chat_id": alice_id, "from_chat_id": alice_id, "message_id": id, "caption": long});
    refused(server.call(&bot, "copyMessage", copy), "message caption is too long");
    let edit = json!({"chat_id": alice_id, "message_id": id, "caption": "y".repeat(100_000)});
    refused(server.call(&bot, "editMessageCaption", edit), "message caption is too long");
    let edit = json!({"chat_id": alice_id, "message_id": id, "caption": "y".repeat(1024)});
    assert_eq!(ok(server.call(&bot, "editMessageCaption", edit))["caption"].as_str().map(str::len), Some(1024));
    let text = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "t"})));
    let edit = json!({"chat_id": alice_id, "message_id": text["message_id"], "text": "z".repeat(4097)});
    refused(server.call(&bot, "editMessageText", edit), "message is too long");

    // Member limits: 1 to 99 999.
    let group = ok(server.user_call(&alice, "createSupergroup", json!({"title": "L", "member_ids": [bot_id]})));
    let chat = group["id"].as_i64().unwrap();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_invite_users": true}),
    ));
    refused(
        server.call(&bot, "createChatInviteLink", json!({"chat_id": chat, "member_limit": 100_000})),
        "USAGE_LIMIT_INVALID",
    );
    let link = ok(server.call(&bot, "createChatInviteLink", json!({"chat_id": chat, "member_limit": 99_999})));
    assert_eq!(link["member_limit"], 99_999);
    let edit = json!({"chat_id": chat, "invite_link": link["invite_link"], "member_limit": 100_000});
    refused(server.call(&bot, "editChatInviteLink", edit), "USAGE_LIMIT_INVALID");

    // An inline answer's texts obey the same limits, and a cached result must be the bot's own
    // file: another bot's is refused when the answer arrives.
    let others = ok(Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .file("document", "b.txt", "text/plain", b"theirs")
        .post(server.api, &format!("/bot{other}/sendDocument")));
    let theirs = others["document"]["file_id"].as_str().unwrap();
    let mine = document["document"]["file_id"].as_str().unwrap();
    let answer = |file_id: &str, caption: &str| {
        let results =
            json!([{"type": "document", "id": "1", "title": "d", "document_file_id": file_id, "caption": caption}]);
        server.call(&bot, "answerInlineQuery", json!({"inline_query_id": "42", "results": results.to_string()}))
    };
    refused(answer(theirs, "c"), "can't parse inline query result: Wrong file identifier/HTTP URL specified");
    refused(answer(mine, &long), "can't parse inline query result: Message caption is too long");
    refused(answer(mine, "c"), "query is too old and response timeout expired or query ID is invalid");

    // A forged inline_message_id answers the same whether or not its message exists elsewhere.
    use base64::Engine as _;
    let forge = |key: &str| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(key);
    let elsewhere =
        forge(&format!("p{}:{}|{}", alice_id.min(id_of(&other)), alice_id.max(id_of(&other)), others["message_id"]));
    let nowhere = forge(&format!("g{chat}|999999"));
    for id in [elsewhere, nowhere] {
        let edit = json!({"inline_message_id": id, "text": "mine now"});
        refused(server.call(&bot, "editMessageText", edit), "MESSAGE_ID_INVALID");
    }
}
