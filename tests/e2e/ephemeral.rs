//! Ephemeral messages (issue 42, Bot API 10.2-10.3): a bot's message in a group that one member
//! alone sees, with `message_id` 0 and an `ephemeral_message_id` of the receiver's own id space;
//! edited and deleted with the `editEphemeralMessage*` methods and `deleteEphemeralMessage`.
//! Isolation is the property tested, as for protected content: no other member, no other bot
//! (an administrator either), no history, forward or copy ever shows it.

use msg_testkit::{Multipart, Server, poll_until};
use serde_json::{Value, json};

use crate::{
    assert_typed, create_bot, create_user, error, id_of, launch, next_person_update as next_of, ok, refused, waiting,
};

/// Everything `person` has been sent so far, as text (nothing waited for, nothing confirmed).
fn everything(server: &Server, person: &str) -> String {
    ok(server.user_call(person, "getUpdates", json!({"timeout": 0}))).to_string()
}

fn to(receiver: i64) -> String {
    json!({"receiver_user_id": receiver}).to_string()
}

#[test]
fn an_ephemeral_message_reaches_its_receiver_alone_and_is_edited_and_deleted_for_them() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "whisper_bot");
    let watcher = create_bot(root.path(), "watcher_bot");
    let (alice, bob, carol) =
        (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"), create_user(root.path(), "Carol"));
    let (bot_id, watcher_id, bob_id, carol_id) = (id_of(&bot), id_of(&watcher), id_of(&bob), id_of(&carol));
    let server = launch(root.path()).start();
    let members = json!([bot_id, watcher_id, bob_id, carol_id]);
    let group = ok(server.user_call(&alice, "createSupergroup", json!({"title": "Quiet", "member_ids": members})));
    let chat = group["id"].as_i64().unwrap();
    // The watcher is an administrator: it sees every message of the group, and none of these.
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": watcher_id, "can_delete_messages": true}),
    ));
    let channel =
        ok(server.user_call(&alice, "createChannel", json!({"title": "Loud", "member_ids": [bot_id, bob_id]})));
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": channel["id"], "user_id": bot_id, "can_post_messages": true}),
    ));
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let outsider = create_user(root.path(), "Dave");

    // The parameters in the reference's words, then the platform's checks.
    let send = |params: Value| server.call(&bot, "sendMessage", params);
    for (parameters, expected) in [
        ("{", "can't parse ephemeral message parameters JSON object"),
        ("[]", "object expected as ephemeral message parameters"),
        ("{}", "can't find field \"receiver_user_id\""),
        (r#"{"receiver_user_id":true}"#, "field \"receiver_user_id\" must be a Number"),
        (r#"{"receiver_user_id":1}"#, "user not found"),
    ] {
        let params = json!({"chat_id": chat, "text": "x", "ephemeral_message_parameters": parameters});
        assert_eq!(error(send(params)), (400, format!("Bad Request: {expected}")));
    }
    let not_there = json!({"chat_id": chat, "text": "x", "ephemeral_message_parameters": to(id_of(&outsider))});
    assert_eq!(refused(&server, &bot, "sendMessage", not_there), "Bad Request: USER_NOT_PARTICIPANT");
    for elsewhere in [json!(bob_id), channel["id"].clone()] {
        let params = json!({"chat_id": elsewhere, "text": "x", "ephemeral_message_parameters": to(bob_id)});
        assert_eq!(
            refused(&server, &bot, "sendMessage", params),
            "Bad Request: ephemeral messages can be sent only to group and supergroup chats"
        );
    }

    // Sent to Bob: message_id 0, his own ids; to Carol: hers start at 1 too.
    let keyboard = json!({"inline_keyboard": [[{"text": "Reveal", "callback_data": "reveal"}]]}).to_string();
    let whisper = json!({"chat_id": chat, "text": "Only you, Bob", "ephemeral_message_parameters": to(bob_id), "reply_markup": keyboard});
    let sent = ok(send(whisper));
    assert_typed("Message", &sent);
    assert_eq!((sent["message_id"].as_i64(), sent["ephemeral_message_id"].as_i64()), (Some(0), Some(1)));
    assert_eq!(sent["receiver_user"]["id"], bob_id);
    let second = ok(send(json!({"chat_id": chat, "text": "Again, Bob", "ephemeral_message_parameters": to(bob_id)})));
    assert_eq!(second["ephemeral_message_id"], 2);
    let carols =
        ok(send(json!({"chat_id": chat, "text": "Only you, Carol", "ephemeral_message_parameters": to(carol_id)})));
    assert_eq!(carols["ephemeral_message_id"], 1);
    let photo = Multipart::new()
        .text("chat_id", &chat.to_string())
        .text("caption", "A secret picture")
        .text("ephemeral_message_parameters", &to(bob_id))
        .file("photo", "p.png", "image/png", &super::files::png(40, 30))
        .post(server.api, &format!("/bot{bot}/sendPhoto"));
    let photo = ok(photo);
    assert_eq!((photo["message_id"].as_i64(), photo["ephemeral_message_id"].as_i64()), (Some(0), Some(3)));
    ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "Hello all"})));

    // Bob gets his; nobody else gets anything of them: not Carol, not Alice, not the watcher.
    let mut bob_offset = 0;
    let got = loop {
        let got = next_of(&server, &bob, &mut bob_offset, "message");
        if got["ephemeral_message_id"].is_i64() {
            break got;
        }
    };
    assert_typed("Message", &got);
    assert_eq!((got["text"].as_str(), got["ephemeral_message_id"].as_i64()), (Some("Only you, Bob"), Some(1)));
    poll_until("the plain message reaches Carol", || everything(&server, &carol).contains("Hello all"));
    let carol_sees = everything(&server, &carol);
    assert!(!carol_sees.contains("Only you, Bob") && !carol_sees.contains("secret"), "{carol_sees}");
    assert!(carol_sees.contains("Only you, Carol"), "hers reach her");
    let alice_sees = everything(&server, &alice);
    assert!(
        alice_sees.contains("Hello all") && !alice_sees.contains("Only you") && !alice_sees.contains("secret"),
        "{alice_sees}"
    );
    let watched = ok(server.call(&watcher, "getUpdates", json!({"timeout": 0}))).to_string();
    assert!(watched.contains("Hello all") && !watched.contains("Only you") && !watched.contains("secret"), "{watched}");
    for person in [&alice, &bob, &carol] {
        let history = ok(server.user_call(person, "getChatHistory", json!({"chat_id": chat}))).to_string();
        assert!(
            history.contains("Hello all") && !history.contains("Only you") && !history.contains("secret"),
            "{history}"
        );
    }
    let forward = json!({"chat_id": bob_id, "from_chat_id": chat, "message_id": 0});
    assert_eq!(refused(&server, &bot, "forwardMessage", forward.clone()), "Bad Request: message to forward not found");
    assert_eq!(refused(&server, &bot, "copyMessage", forward), "Bad Request: message to copy not found");

    // Bob presses its button: the bot's callback query carries the ephemeral message.
    let pressing = waiting(
        &server,
        &bob,
        "pressButton",
        json!({"chat_id": chat, "ephemeral_message_id": 1, "callback_data": "reveal"}),
    );
    let mut bot_offset = 0;
    let query = crate::next_update(&server, &bot, &mut bot_offset, "callback_query");
    assert_typed("CallbackQuery", &query);
    assert_eq!(
        (query["message"]["message_id"].as_i64(), query["message"]["ephemeral_message_id"].as_i64()),
        (Some(0), Some(1))
    );
    ok(server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"]})));
    assert_eq!(pressing.join().unwrap().json()["result"]["answered"], true);

    // Edited for Bob alone; the words of every miss.
    let edit = |method: &str, extra: Value| {
        let mut params = json!({"chat_id": chat, "receiver_user_id": bob_id, "ephemeral_message_id": 1});
        params.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        server.call(&bot, method, params)
    };
    assert_eq!(ok(edit("editEphemeralMessageText", json!({"text": "Revealed: 42"}))), true);
    let edited = next_of(&server, &bob, &mut bob_offset, "edited_message");
    assert_eq!((edited["text"].as_str(), edited["ephemeral_message_id"].as_i64()), (Some("Revealed: 42"), Some(1)));
    assert!(edited.get("reply_markup").is_none(), "an edit without the keyboard drops it");
    assert_eq!(
        error(edit("editEphemeralMessageText", json!({"text": "Revealed: 42"}))).1,
        "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"
    );
    assert_eq!(
        error(edit("editEphemeralMessageText", json!({"ephemeral_message_id": 9, "text": "x"}))).1,
        "Bad Request: message to edit not found"
    );
    let alices = json!({"receiver_user_id": id_of(&alice), "text": "x"});
    assert_eq!(
        error(edit("editEphemeralMessageText", alices)).1,
        "Bad Request: message to edit not found",
        "Alice has none"
    );
    assert_eq!(
        error(edit("editEphemeralMessageCaption", json!({"caption": "x"}))).1,
        "Bad Request: there is no caption in the message to edit"
    );
    assert_eq!(
        ok(edit("editEphemeralMessageCaption", json!({"ephemeral_message_id": 3, "caption": "Still secret"}))),
        true
    );
    assert_eq!(next_of(&server, &bob, &mut bob_offset, "edited_message")["caption"], "Still secret");
    let markup = json!({"inline_keyboard": [[{"text": "Again", "callback_data": "again"}]]}).to_string();
    assert_eq!(ok(edit("editEphemeralMessageReplyMarkup", json!({"reply_markup": markup}))), true);
    assert_eq!(
        next_of(&server, &bob, &mut bob_offset, "edited_message")["reply_markup"]["inline_keyboard"][0][0]["text"],
        "Again"
    );
    let by_watcher = server.call(
        &watcher,
        "editEphemeralMessageText",
        json!({"chat_id": chat, "receiver_user_id": bob_id, "ephemeral_message_id": 1, "text": "mine"}),
    );
    assert_eq!(error(by_watcher).1, "Bad Request: message can't be edited");
    assert!(!everything(&server, &carol).contains("Revealed"), "Carol sees no edit");

    // Deleted for Bob.
    let delete = json!({"chat_id": chat, "receiver_user_id": bob_id, "ephemeral_message_id": 2});
    assert_eq!(ok(server.call(&bot, "deleteEphemeralMessage", delete.clone())), true);
    let deleted = next_of(&server, &bob, &mut bob_offset, "deleted_messages");
    assert_eq!(deleted["ephemeral_message_ids"], json!([2]));
    assert_eq!(refused(&server, &bot, "deleteEphemeralMessage", delete), "Bad Request: message to delete not found");
    assert!(!everything(&server, &carol).contains("ephemeral_message_ids"));

    // People's ephemeral commands: a command the bot marked `is_ephemeral` (for group chats)
    // goes to the bot alone, which answers it ephemerally, replying within 15 seconds.
    let commands = json!([{"command": "secret", "description": "d", "is_ephemeral": true}]).to_string();
    let scope = json!({"type": "all_group_chats"}).to_string();
    assert_eq!(ok(server.call(&bot, "setMyCommands", json!({"commands": commands, "scope": scope.clone()}))), true);
    let listed = ok(server.call(&bot, "getMyCommands", json!({"scope": scope})));
    assert_eq!(listed[0]["is_ephemeral"], true);
    let plain = json!({"chat_id": chat, "text": "hello", "ephemeral_message_parameters": to(bot_id)});
    assert_eq!(
        error(server.user_call(&bob, "sendMessage", plain)).1,
        "Bad Request: only ephemeral bot commands and replies to ephemeral messages can be sent to a bot"
    );
    let command = json!({"chat_id": chat, "text": "/secret@whisper_bot", "ephemeral_message_parameters": to(bot_id)});
    let asked = ok(server.user_call(&bob, "sendMessage", command));
    assert_eq!((asked["message_id"].as_i64(), asked["ephemeral_message_id"].as_i64()), (Some(0), Some(1)));
    let heard = loop {
        let update = crate::next_update(&server, &bot, &mut bot_offset, "message");
        if update["ephemeral_message_id"].is_i64() {
            break update;
        }
    };
    assert_typed("Message", &heard);
    assert_eq!(
        (heard["text"].as_str(), heard["receiver_user"]["id"].as_i64()),
        (Some("/secret@whisper_bot"), Some(bot_id))
    );
    let to_all =
        json!({"chat_id": chat, "text": "x", "reply_parameters": json!({"ephemeral_message_id": 1}).to_string()});
    assert_eq!(
        refused(&server, &bot, "sendMessage", to_all),
        "Bad Request: a reply to an ephemeral message must be an ephemeral message"
    );
    let answer = json!({"chat_id": chat, "text": "Your secret: 7", "ephemeral_message_parameters": to(bob_id),
        "reply_parameters": json!({"ephemeral_message_id": 1}).to_string()});
    let answered = ok(server.call(&bot, "sendMessage", answer));
    assert_eq!(answered["reply_to_message"]["text"], "/secret@whisper_bot");
    let got = next_of(&server, &bob, &mut bob_offset, "message");
    assert_eq!(
        (got["text"].as_str(), got["reply_to_message"]["ephemeral_message_id"].as_i64()),
        (Some("Your secret: 7"), Some(1))
    );
    let wrong = json!({"chat_id": chat, "text": "?", "ephemeral_message_parameters": to(carol_id),
        "reply_parameters": json!({"ephemeral_message_id": 1}).to_string()});
    assert_eq!(
        refused(&server, &bot, "sendMessage", wrong),
        "Bad Request: message to be replied not found",
        "Carol did not ask"
    );
    for person in [&alice, &carol] {
        assert!(!everything(&server, person).contains("secret"), "nobody else sees the command or its answer");
    }
    let watched = ok(server.call(&watcher, "getUpdates", json!({"timeout": 0}))).to_string();
    assert!(!watched.contains("/secret"), "{watched}");
}
