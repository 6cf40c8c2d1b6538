//! Changing and moving messages through real HTTP: edits (text, caption, keyboard) with the
//! reference's "not modified" and ownership rules, deletions with the platform's rights,
//! forwards and copies (origin, protected content), and locations, venues, contacts and dice.
//! Every answer passes the server's schema check (validation mode).

use std::time::{Duration, Instant};

use msg_testkit::{Multipart, Server};
use serde_json::{Value, json};

use super::{Started, create_bot, create_user, error, id_of, launch, ok, started};

/// The first of `token`'s (a person's) updates that satisfies `want`, acknowledging as it reads.
pub(crate) fn person_sees(server: &Server, token: &str, want: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut offset = 0;
    loop {
        assert!(Instant::now() < deadline, "the person never saw it");
        for update in
            ok(server.user_call(token, "getUpdates", json!({"offset": offset, "timeout": 5}))).as_array().unwrap()
        {
            offset = update["update_id"].as_i64().unwrap() + 1;
            if want(update) {
                ok(server.user_call(token, "getUpdates", json!({"offset": offset, "timeout": 0})));
                return update.clone();
            }
        }
    }
}

const NOT_MODIFIED: &str = "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

#[test]
fn bots_edit_and_delete_their_messages_as_the_platform_allows() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "editor_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let hello = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));

    let keyboard = json!({"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]});
    let sent =
        ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "Ready?", "reply_markup": keyboard})));
    let id = sent["message_id"].as_i64().unwrap();
    let done = json!({"inline_keyboard": [[{"text": "Done", "callback_data": "done"}]]});
    let edit = json!({"chat_id": alice_id, "message_id": id, "text": "<b>Set</b>", "parse_mode": "HTML", "reply_markup": done});
    let edited = ok(server.call(&bot, "editMessageText", edit.clone()));
    assert_eq!((edited["text"].as_str(), edited["entities"][0]["type"].as_str()), (Some("Set"), Some("bold")));
    assert!(edited["edit_date"].is_i64() && edited.get("reply_to_message").is_none(), "{edited}");
    let seen = person_sees(&server, &alice, |u| u["edited_message"]["message_id"] == id);
    assert_eq!(seen["edited_message"]["reply_markup"], done);
    assert_eq!(error(server.call(&bot, "editMessageText", edit)), (400, NOT_MODIFIED.into()));
    for (params, expected) in [
        (json!({"chat_id": alice_id, "message_id": hello["message_id"], "text": "x"}), "message can't be edited"),
        (json!({"chat_id": alice_id, "text": "x"}), "message to edit not found"),
        (json!({"chat_id": alice_id, "message_id": 9999, "text": "x"}), "message to edit not found"),
        (json!({"text": "x"}), "message identifier is not specified"),
        (json!({"message_id": id, "text": "x"}), "chat_id is empty"),
        (json!({"chat_id": alice_id, "message_id": id}), "message text is empty"),
    ] {
        assert_eq!(error(server.call(&bot, "editMessageText", params)), (400, format!("Bad Request: {expected}")));
    }
    let removed = ok(server.call(&bot, "editMessageReplyMarkup", json!({"chat_id": alice_id, "message_id": id})));
    assert!(removed.get("reply_markup").is_none(), "{removed}");
    let again = server.call(&bot, "editMessageReplyMarkup", json!({"chat_id": alice_id, "message_id": id}));
    assert_eq!(error(again), (400, NOT_MODIFIED.into()));
    let caption =
        server.call(&bot, "editMessageCaption", json!({"chat_id": alice_id, "message_id": id, "caption": "x"}));
    assert_eq!(error(caption), (400, "Bad Request: there is no caption in the message to edit".into()));

    // A photo's caption.
    let photo = Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .text("caption", "old")
        .file("photo", "p.png", "image/png", &super::files::png(64, 64))
        .post(server.api, &format!("/bot{bot}/sendPhoto"));
    let photo_id = ok(photo)["message_id"].as_i64().unwrap();
    let recaptioned = ok(server.call(
        &bot,
        "editMessageCaption",
        json!({"chat_id": alice_id, "message_id": photo_id, "caption": "new"}),
    ));
    assert_eq!(recaptioned["caption"], "new");
    let bare = ok(server.call(&bot, "editMessageCaption", json!({"chat_id": alice_id, "message_id": photo_id})));
    assert!(bare.get("caption").is_none(), "{bare}");

    // Deleting: the person sees it go; twice is an error; the parameters' own errors first.
    ok(server.call(&bot, "deleteMessage", json!({"chat_id": alice_id, "message_id": id})));
    let gone = person_sees(&server, &alice, |u| u.get("deleted_messages").is_some());
    assert_eq!(gone["deleted_messages"]["message_ids"], json!([id]));
    for (params, expected) in [
        (json!({"chat_id": alice_id, "message_id": id}), "message to delete not found"),
        (json!({"message_id": id}), "chat identifier is not specified"),
        (json!({"chat_id": alice_id}), "message identifier is not specified"),
    ] {
        assert_eq!(error(server.call(&bot, "deleteMessage", params)), (400, format!("Bad Request: {expected}")));
    }
    let one = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "one"})))["message_id"].clone();
    let two = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "two"})))["message_id"].clone();
    ok(server.call(&bot, "deleteMessages", json!({"chat_id": alice_id, "message_ids": [one, two, 9999]})));
    for (ids, expected) in [
        (json!([]), "message identifiers are not specified"),
        (json!([0]), "invalid message identifier specified"),
        (json!("x"), "can't parse message_ids JSON object"),
        (json!({"a": 1}), "expected an Array of message identifiers"),
        (json!([true]), "message identifier must be a Number"),
    ] {
        let refused = server.call(&bot, "deleteMessages", json!({"chat_id": alice_id, "message_ids": ids}));
        assert_eq!(error(refused), (400, format!("Bad Request: {expected}")));
    }

    // In a supergroup a bot deletes others' messages only with the right.
    let bob = create_user(root.path(), "Bob");
    let group =
        ok(server.user_call(&alice, "createSupergroup", json!({"title": "Tidy", "member_ids": [bot_id, id_of(&bob)]})));
    let chat = group["id"].as_i64().unwrap();
    let chatter = ok(server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "text": "spam"})));
    let refused = server.call(&bot, "deleteMessage", json!({"chat_id": chat, "message_id": chatter["message_id"]}));
    assert_eq!(error(refused), (400, "Bad Request: message can't be deleted".into()));
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_delete_messages": true}),
    ));
    ok(server.call(&bot, "deleteMessage", json!({"chat_id": chat, "message_id": chatter["message_id"]})));
}

#[test]
fn bots_forward_copy_and_send_places_contacts_and_dice() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "mover_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let original = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "remember this"})));
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Notes", "member_ids": [bot_id]})));
    let chat = group["id"].as_i64().unwrap();

    let forward = json!({"chat_id": chat, "from_chat_id": alice_id, "message_id": original["message_id"]});
    let forwarded = ok(server.call(&bot, "forwardMessage", forward));
    assert_eq!(
        (forwarded["text"].as_str(), forwarded["forward_origin"]["type"].as_str()),
        (Some("remember this"), Some("user"))
    );
    assert_eq!(forwarded["forward_origin"]["sender_user"]["id"], alice_id);
    assert_eq!(forwarded["from"]["id"], bot_id);
    person_sees(&server, &alice, |u| u["message"]["forward_origin"]["type"] == "user");
    let copy = json!({"chat_id": chat, "from_chat_id": alice_id, "message_id": original["message_id"]});
    let copied = ok(server.call(&bot, "copyMessage", copy));
    assert!(copied["message_id"].is_i64() && copied.as_object().unwrap().len() == 1, "{copied}");
    let many = json!({"chat_id": chat, "from_chat_id": alice_id, "message_ids": [original["message_id"], 9999]});
    let ids = ok(server.call(&bot, "forwardMessages", many.clone()));
    assert_eq!(ids.as_array().unwrap().len(), 1);
    assert_eq!(ok(server.call(&bot, "copyMessages", many)).as_array().unwrap().len(), 1);
    for (method, params, expected) in [
        ("forwardMessage", json!({"chat_id": chat, "message_id": 1}), "parameter \"from_chat_id\" is required"),
        (
            "forwardMessage",
            json!({"chat_id": chat, "from_chat_id": alice_id, "message_id": 9999}),
            "message to forward not found",
        ),
        (
            "copyMessage",
            json!({"chat_id": chat, "from_chat_id": alice_id, "message_id": 9999}),
            "message to copy not found",
        ),
        (
            "forwardMessages",
            json!({"chat_id": chat, "from_chat_id": alice_id, "message_ids": [9999]}),
            "there are no messages to forward",
        ),
    ] {
        assert_eq!(error(server.call(&bot, method, params)), (400, format!("Bad Request: {expected}")), "{method}");
    }
    // Protected content stays where it is.
    let secret =
        ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "secret", "protect_content": true})));
    let params = json!({"chat_id": chat, "from_chat_id": alice_id, "message_id": secret["message_id"]});
    assert_eq!(
        error(server.call(&bot, "forwardMessage", params.clone())),
        (400, "Bad Request: message has protected content and can't be forwarded".into())
    );
    assert_eq!(
        error(server.call(&bot, "copyMessage", params)),
        (400, "Bad Request: the message can't be copied".into())
    );

    // Places, contacts and dice.
    let here =
        ok(server.call(&bot, "sendLocation", json!({"chat_id": alice_id, "latitude": 52.52, "longitude": 13.405})));
    assert_eq!(
        (here["location"]["latitude"].as_f64(), here["location"]["longitude"].as_f64()),
        (Some(52.52), Some(13.405))
    );
    let live = ok(server.call(
        &bot,
        "sendLocation",
        json!({"chat_id": alice_id, "latitude": 1, "longitude": 2, "live_period": 60, "heading": 90}),
    ));
    assert_eq!((live["location"]["live_period"].as_i64(), live["location"]["heading"].as_i64()), (Some(60), Some(90)));
    for (params, expected) in [
        (json!({"chat_id": alice_id, "longitude": 1}), "latitude is empty"),
        (json!({"chat_id": alice_id, "latitude": 91, "longitude": 1}), "wrong location specified"),
        (
            json!({"chat_id": alice_id, "latitude": 1, "longitude": 1, "live_period": 30}),
            "wrong live location period specified",
        ),
    ] {
        assert_eq!(error(server.call(&bot, "sendLocation", params)), (400, format!("Bad Request: {expected}")));
    }
    // A live location moves until it is stopped.
    let moved = json!({"chat_id": alice_id, "message_id": live["message_id"], "latitude": 1.5, "longitude": 2.5});
    let moved_message = ok(server.call(&bot, "editMessageLiveLocation", moved.clone()));
    assert_eq!(moved_message["location"]["latitude"].as_f64(), Some(1.5));
    let stopped = ok(server.call(
        &bot,
        "stopMessageLiveLocation",
        json!({"chat_id": alice_id, "message_id": live["message_id"]}),
    ));
    assert!(stopped["location"].get("live_period").is_none(), "{stopped}");
    assert_eq!(
        error(server.call(&bot, "editMessageLiveLocation", moved)),
        (400, "Bad Request: there is no live location in the message to edit".into())
    );
    let still = json!({"chat_id": alice_id, "message_id": here["message_id"], "latitude": 1, "longitude": 1});
    assert_eq!(
        error(server.call(&bot, "editMessageLiveLocation", still)),
        (400, "Bad Request: there is no live location in the message to edit".into())
    );

    // A Web App the person opens: the bot answers its query once, into their chat via the bot.
    let opened = ok(server.user_call(&alice, "openWebApp", json!({"chat_id": bot_id})));
    let web = json!({"web_app_query_id": opened["web_app_query_id"], "result": {"type": "article", "id": "w1", "title": "Order",
        "input_message_content": {"message_text": "Ordered: tea"}}});
    assert_eq!(ok(server.call(&bot, "answerWebAppQuery", web.clone())), json!({}));
    let mut order = bot_sees_kind(&server, &bot, "message");
    while order["text"] != "Ordered: tea" {
        order = bot_sees_kind(&server, &bot, "message");
    }
    assert_eq!((order["text"].as_str(), order["via_bot"]["id"].as_i64()), (Some("Ordered: tea"), Some(bot_id)));
    let twice = server.call(&bot, "answerWebAppQuery", web);
    assert_eq!(
        error(twice),
        (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into())
    );

    // A draft streams to the person; the rest answer what the embedded platform lacks.
    ok(server.call(&bot, "sendMessageDraft", json!({"chat_id": alice_id, "draft_id": 7, "text": "Typing an answer"})));
    let draft = person_sees(&server, &alice, |u| u.get("message_draft").is_some());
    assert_eq!(draft["message_draft"]["text"], "Typing an answer");
    let article =
        json!({"type": "article", "id": "p1", "title": "Prepared", "input_message_content": {"message_text": "hi"}});
    let prepared = ok(server.call(&bot, "savePreparedInlineMessage", json!({"user_id": alice_id, "result": article})));
    assert!(prepared["id"].is_string() && prepared["expiration_date"].is_i64(), "{prepared}");
    for (method, params, expected) in [
        (
            "answerWebAppQuery",
            json!({"web_app_query_id": "q", "result": article}),
            "query is too old and response timeout expired or query ID is invalid",
        ),
        ("answerWebAppQuery", json!({"web_app_query_id": "q"}), "result isn't specified"),
        (
            "sendChecklist",
            json!({"business_connection_id": "b", "chat_id": alice_id, "checklist": {"title": "T", "tasks": []}}),
            "business connection not found",
        ),
        ("sendChecklist", json!({"chat_id": alice_id}), "parameter \"checklist\" is required"),
        ("sendPaidMedia", json!({"chat_id": alice_id, "star_count": 5, "media": []}), "MEDIA_INVALID"),
    ] {
        assert_eq!(error(server.call(&bot, method, params)), (400, format!("Bad Request: {expected}")), "{method}");
    }

    let venue = json!({"chat_id": alice_id, "latitude": 48.8584, "longitude": 2.2945, "title": "Tower", "address": "Champ de Mars", "foursquare_id": "4adcda"});
    let venue = ok(server.call(&bot, "sendVenue", venue));
    assert_eq!(
        (venue["venue"]["title"].as_str(), venue["location"]["latitude"].as_f64()),
        (Some("Tower"), Some(48.8584))
    );
    let contact = ok(server.call(
        &bot,
        "sendContact",
        json!({"chat_id": alice_id, "phone_number": "+15550100", "first_name": "Ann"}),
    ));
    assert_eq!(contact["contact"], json!({"phone_number": "+15550100", "first_name": "Ann"}));
    let refused = server.call(&bot, "sendContact", json!({"chat_id": alice_id, "first_name": "Ann"}));
    assert_eq!(error(refused), (400, "Bad Request: parameter \"phone_number\" is required".into()));
    for (emoji, max) in [("🎲", 6), ("🎯", 6), ("🏀", 5), ("🎰", 64)] {
        let dice = ok(server.call(&bot, "sendDice", json!({"chat_id": alice_id, "emoji": emoji})));
        let value = dice["dice"]["value"].as_i64().unwrap();
        assert!(dice["dice"]["emoji"] == emoji && (1..=max).contains(&value), "{dice}");
    }
    assert_eq!(ok(server.call(&bot, "sendDice", json!({"chat_id": alice_id})))["dice"]["emoji"], "🎲");
    let refused = server.call(&bot, "sendDice", json!({"chat_id": alice_id, "emoji": "🍕"}));
    assert_eq!(error(refused), (400, "Bad Request: EMOTICON_INVALID".into()));
    person_sees(&server, &alice, |u| u["message"]["dice"].is_object());
}

/// The first of the bot's updates that satisfies `want` (asking for polls too).
fn bot_sees(server: &Server, bot: &str, want: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut offset = 0;
    loop {
        assert!(Instant::now() < deadline, "the bot never saw it");
        let params = json!({"offset": offset, "timeout": 5, "allowed_updates": ["message", "poll", "poll_answer"]});
        for update in ok(server.call(bot, "getUpdates", params)).as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            if want(update) {
                ok(server.call(bot, "getUpdates", json!({"offset": offset, "timeout": 0})));
                return update.clone();
            }
        }
    }
}

#[test]
fn polls_take_votes_from_people_and_bots_stop_them() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("pollster_bot");
    for (params, expected) in [
        (json!({"question": "Q", "options": "x"}), "can't parse options JSON object"),
        (json!({"question": "Q", "options": {"a": 1}}), "expected an Array of String as options"),
        (json!({"question": "Q", "options": ["only"]}), "poll must have at least 2 option"),
        (json!({"question": "Q", "options": ["a", "b"], "type": "survey"}), "unsupported poll type specified"),
        (json!({"question": "Q", "options": ["a", "b"], "type": "quiz"}), "wrong correct option identifier specified"),
        (json!({"question": "Q", "options": [{"txt": "a"}, "b"]}), "can't find field \"text\""),
    ] {
        let mut params = params;
        params["chat_id"] = alice_id.into();
        assert_eq!(error(server.call(&bot, "sendPoll", params)), (400, format!("Bad Request: {expected}")));
    }

    let sent = ok(server.call(
        &bot,
        "sendPoll",
        json!({"chat_id": alice_id, "question": "Lunch?", "options": ["Pizza", {"text": "Salad"}], "is_anonymous": false}),
    ));
    let poll = &sent["poll"];
    assert_eq!((poll["type"].as_str(), poll["is_anonymous"].as_bool()), (Some("regular"), Some(false)));
    assert_eq!(poll["options"][1], json!({"text": "Salad", "persistent_id": "1", "voter_count": 0}));
    assert_eq!((poll["allows_revoting"].as_bool(), poll["members_only"].as_bool()), (Some(true), Some(false)));
    let id = sent["message_id"].clone();
    let voted =
        ok(server.user_call(&alice, "votePoll", json!({"chat_id": bot_id, "message_id": id, "option_ids": [0]})));
    assert_eq!((voted["options"][0]["voter_count"].as_i64(), voted["total_voter_count"].as_i64()), (Some(1), Some(1)));
    let answer = bot_sees(&server, &bot, |u| u.get("poll_answer").is_some());
    assert_eq!(
        (answer["poll_answer"]["user"]["id"].as_i64(), answer["poll_answer"]["option_ids"].clone()),
        (Some(alice_id), json!([0]))
    );
    bot_sees(&server, &bot, |u| u["poll"]["total_voter_count"] == 1);
    let changed =
        ok(server.user_call(&alice, "votePoll", json!({"chat_id": bot_id, "message_id": id, "option_ids": [1]})));
    assert_eq!(
        (changed["options"][0]["voter_count"].as_i64(), changed["options"][1]["voter_count"].as_i64()),
        (Some(0), Some(1))
    );
    let bad = server.user_call(&alice, "votePoll", json!({"chat_id": bot_id, "message_id": id, "option_ids": [5]}));
    assert_eq!(error(bad), (400, "Bad Request: OPTION_INVALID".into()));
    let stopped = ok(server.call(&bot, "stopPoll", json!({"chat_id": alice_id, "message_id": id})));
    assert_eq!((stopped["is_closed"].as_bool(), stopped["options"][1]["voter_count"].as_i64()), (Some(true), Some(1)));
    let again = server.call(&bot, "stopPoll", json!({"chat_id": alice_id, "message_id": id}));
    assert_eq!(error(again), (400, "Bad Request: poll has already been closed".into()));
    let late = server.user_call(&alice, "votePoll", json!({"chat_id": bot_id, "message_id": id, "option_ids": [0]}));
    assert_eq!(error(late), (400, "Bad Request: POLL_CLOSED".into()));

    // A quiz takes one answer.
    let quiz = ok(server.call(
        &bot,
        "sendPoll",
        json!({"chat_id": alice_id, "question": "2+2?", "options": ["3", "4"], "type": "quiz", "correct_option_id": 1,
            "explanation": "<i>basic</i>", "explanation_parse_mode": "HTML"}),
    ));
    assert_eq!(
        (quiz["poll"]["correct_option_id"].as_i64(), quiz["poll"]["explanation"].as_str()),
        (Some(1), Some("basic"))
    );
    let id = quiz["message_id"].clone();
    ok(server.user_call(&alice, "votePoll", json!({"chat_id": bot_id, "message_id": id, "option_ids": [0]})));
    let revote = server.user_call(&alice, "votePoll", json!({"chat_id": bot_id, "message_id": id, "option_ids": [1]}));
    assert_eq!(error(revote), (400, "Bad Request: REVOTE_NOT_ALLOWED".into()));
}

#[test]
fn reactions_reach_bots_that_ask_and_people_see_the_bots() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "reactor_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let hi = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "hi"})));
    // The bot asks for message_reaction (not in the default set).
    ok(server.call(&bot, "getUpdates", json!({"allowed_updates": ["message", "message_reaction"]})));
    let like = json!([{"type": "emoji", "emoji": "👍"}]);
    ok(server.user_call(
        &alice,
        "setMessageReaction",
        json!({"chat_id": bot_id, "message_id": hi["message_id"], "reaction": like}),
    ));
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut offset = 0;
    let reaction = 'found: loop {
        assert!(Instant::now() < deadline, "no message_reaction");
        let params = json!({"offset": offset, "timeout": 5, "allowed_updates": ["message", "message_reaction"]});
        for update in ok(server.call(&bot, "getUpdates", params)).as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            if update.get("message_reaction").is_some() {
                break 'found update["message_reaction"].clone();
            }
        }
    };
    assert_eq!((reaction["user"]["id"].as_i64(), reaction["new_reaction"].clone()), (Some(alice_id), like.clone()));
    assert_eq!(reaction["old_reaction"], json!([]));

    // The bot reacts to the person's message: one reaction, from the schema's list.
    let target = json!({"chat_id": alice_id, "message_id": hi["message_id"]});
    let mut fire = target.clone();
    fire["reaction"] = json!([{"type": "emoji", "emoji": "🔥"}]);
    ok(server.call(&bot, "setMessageReaction", fire));
    let seen = person_sees(&server, &alice, |u| u.get("message_reaction").is_some());
    assert_eq!(seen["message_reaction"]["new_reaction"][0]["emoji"], "🔥");
    for (reaction, expected) in [
        (json!([{"type": "emoji", "emoji": "🍕"}]), "REACTION_INVALID"),
        (json!([{"type": "emoji", "emoji": "👍"}, {"type": "emoji", "emoji": "👎"}]), "REACTIONS_TOO_MANY"),
        (json!([{"type": "paid"}]), "can't parse ReactionType: invalid reaction type specified"),
        (json!({"type": "emoji"}), "expected an Array of ReactionType"),
    ] {
        let mut params = target.clone();
        params["reaction"] = reaction;
        assert_eq!(error(server.call(&bot, "setMessageReaction", params)), (400, format!("Bad Request: {expected}")));
    }
    let missing = server.call(&bot, "setMessageReaction", json!({"chat_id": alice_id, "message_id": 9999}));
    assert_eq!(error(missing), (400, "Bad Request: message to react not found".into()));

    // Reactions are kept with the message: the person's history shows them, whose is whose.
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
    let shown = history.as_array().unwrap().iter().find(|m| m["message_id"] == hi["message_id"]).unwrap();
    assert_eq!(
        shown["reactions"],
        json!([
            {"type": {"type": "emoji", "emoji": "👍"}, "total_count": 1, "chosen": true},
            {"type": {"type": "emoji", "emoji": "🔥"}, "total_count": 1, "chosen": false},
        ])
    );
    ok(server.call(&bot, "setMessageReaction", json!({"chat_id": alice_id, "message_id": hi["message_id"]})));
    let history = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": bot_id})));
    let shown = history.as_array().unwrap().iter().find(|m| m["message_id"] == hi["message_id"]).unwrap();
    assert_eq!(shown["reactions"].as_array().map(Vec::len), Some(1), "the bot took its reaction back: {shown}");
}

#[test]
fn a_persons_own_message_reaches_their_other_apps_only_when_asked_for() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "echo_of_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let bot_id = id_of(&bot);
    let sent = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "from my phone"})));
    ok(server.call(&bot, "sendMessage", json!({"chat_id": id_of(&alice), "text": "the bot's answer"})));
    // Asked for (as the console's stream reads everything), it is there, as the person sent it.
    let asked = json!({"allowed_updates": ["message", "outgoing_message"]});
    let everything = ok(server.user_call(&alice, "getUpdates", asked));
    let kinds: Vec<&str> = everything
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|u| u.as_object().unwrap().keys().find(|k| *k != "update_id").map(String::as_str))
        .collect();
    assert_eq!(kinds, ["outgoing_message", "message"]);
    assert_eq!(everything[0]["outgoing_message"], sent);
    // Not asked for, it is left out and taken as read: only the bot's answer comes.
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "from my laptop"})));
    let plain = ok(server.user_call(&alice, "getUpdates", json!({"timeout": 0})));
    assert_eq!(plain.as_array().unwrap().len(), 1, "{plain}");
    assert_eq!(plain[0]["message"]["text"], "the bot's answer");
    let offset = plain[0]["update_id"].as_i64().unwrap() + 1;
    let rest = ok(server.user_call(&alice, "getUpdates", json!({"offset": offset, "timeout": 0})));
    assert_eq!(rest, json!([]), "the left-out outgoing message was read past");
    let after = ok(server.user_call(
        &alice,
        "getUpdates",
        json!({"offset": offset, "timeout": 0, "allowed_updates": ["outgoing_message"]}),
    ));
    assert_eq!(after, json!([]), "and is gone");
}

#[test]
fn inline_queries_go_to_bots_in_inline_mode_and_picked_results_appear_via_the_bot() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "finder_bot");
    let plain = create_bot(root.path(), "plain_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let (status, _, stderr) = launch(root.path())
        .arg("bot")
        .arg("set")
        .arg("finder_bot")
        .arg("--inline")
        .arg("on")
        .arg("--inline-feedback")
        .arg("on")
        .run();
    assert!(status.success(), "{stderr}");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    assert_eq!(ok(server.call(&bot, "getMe", json!({})))["supports_inline_queries"], true);
    assert_eq!(ok(server.call(&plain, "getMe", json!({})))["supports_inline_queries"], false);
    let refused = server.user_call(&alice, "inlineQuery", json!({"chat_id": id_of(&plain), "query": "x"}));
    assert_eq!(error(refused), (400, "Bad Request: BOT_INLINE_DISABLED".into()));
    ok(server.call(
        &bot,
        "getUpdates",
        json!({"allowed_updates": ["message", "inline_query", "chosen_inline_result", "callback_query"]}),
    ));

    // The person asks; the bot sees the query and answers it.
    let asking = ask_inline(&server, &alice, json!({"chat_id": bot_id, "query": "cats", "timeout": 20}));
    let query = bot_sees_kind(&server, &bot, "inline_query");
    assert_eq!((query["query"].as_str(), query["from"]["id"].as_i64()), (Some("cats"), Some(alice_id)));
    assert_eq!(query["chat_type"], "private", "typed in the bot's chat");
    let id = query["id"].as_str().unwrap().to_owned();
    for (results, expected) in [
        (json!([{"type": "article", "id": "1"}]), "can't parse inline query result: Can't find field \"title\""),
        (
            json!([{"type": "bogus", "id": "1"}]),
            "can't parse inline query result: type \"bogus\" is unsupported for the inline query result",
        ),
        (
            json!([{"type": "article", "id": "1", "title": "t"}]),
            "can't parse inline query result: Can't find field \"message_text\"",
        ),
        (json!({"type": "article"}), "expected an Array of inline query results"),
        (
            Value::Array(
                (0..51)
                    .map(|i| json!({"type": "contact", "id": i.to_string(), "phone_number": "1", "first_name": "a"}))
                    .collect(),
            ),
            "too many inline query results specified",
        ),
    ] {
        let refused = server.call(&bot, "answerInlineQuery", json!({"inline_query_id": id, "results": results}));
        assert_eq!(error(refused), (400, format!("Bad Request: {expected}")));
    }
    let unclosed = json!([{"type": "article", "id": "1", "title": "t",
        "input_message_content": {"message_text": "<b>x", "parse_mode": "HTML"}}]);
    let refused = server.call(&bot, "answerInlineQuery", json!({"inline_query_id": id, "results": unclosed}));
    assert_eq!(
        error(refused),
        (400, "Bad Request: can't parse inline query result: Can't parse entities: Can't find end tag corresponding to start tag \"b\"".into())
    );
    let results = json!([
        {"type": "article", "id": "a1", "title": "A cat",
            "input_message_content": {"message_text": "<b>Meow!</b>", "parse_mode": "HTML"}},
        {"type": "location", "id": "l1", "title": "Cat cafe", "latitude": 35.0, "longitude": 139.0},
        {"type": "contact", "id": "c1", "phone_number": "+15550100", "first_name": "Tom", "last_name": "Cat"},
        {"type": "article", "id": "k1", "title": "Vote", "input_message_content": {"message_text": "Cats or dogs?"},
            "reply_markup": {"inline_keyboard": [[{"text": "Cats", "callback_data": "cats"}]]}},
    ]);
    ok(server.call(
        &bot,
        "answerInlineQuery",
        json!({"inline_query_id": id, "results": results, "cache_time": 0, "next_offset": "2"}),
    ));
    let late = server.call(&bot, "answerInlineQuery", json!({"inline_query_id": id, "results": []}));
    assert_eq!(
        error(late),
        (400, "Bad Request: query is too old and response timeout expired or query ID is invalid".into())
    );
    let answered = asking.join().unwrap().json()["result"].clone();
    assert_eq!(answered["answered"], true);
    assert_eq!(
        (answered["answer"]["results"][0]["id"].as_str(), answered["answer"]["next_offset"].as_str()),
        (Some("a1"), Some("2"))
    );

    // An answer with a cache_time is given again without asking the bot; a personal one only
    // to the person who asked.
    for (query, personal) in [("dogs", false), ("mine", true)] {
        let asking = ask_inline(
            &server,
            &alice,
            json!({"chat_id": bot_id, "query": query, "in_chat_id": alice_id, "timeout": 20}),
        );
        let asked = bot_sees_kind(&server, &bot, "inline_query");
        assert_eq!(asked["chat_type"], "sender", "typed in one's own chat");
        let article =
            json!([{"type": "article", "id": "d1", "title": "Dog", "input_message_content": {"message_text": "Woof"}}]);
        let answer =
            json!({"inline_query_id": asked["id"], "results": article, "cache_time": 60, "is_personal": personal});
        ok(server.call(&bot, "answerInlineQuery", answer));
        assert_eq!(asking.join().unwrap().json()["result"]["answered"], true);
        let again =
            ok(server.user_call(&alice, "inlineQuery", json!({"chat_id": bot_id, "query": query, "timeout": 0})));
        assert_eq!(again["answered"], true, "{query}: the cached answer");
        let other = ok(server.user_call(&bob, "inlineQuery", json!({"chat_id": bot_id, "query": query, "timeout": 0})));
        assert_eq!(other["answered"], !personal, "{query}: someone else");
        if personal {
            bot_sees_kind(&server, &bot, "inline_query");
        }
    }

    // The person picks a result in a group: it appears via the bot, the bot gets the choice.
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Cats", "member_ids": [id_of(&bob)]})));
    let pick = json!({"inline_query_id": id, "result_id": "a1", "chat_id": group["id"]});
    let posted = ok(server.user_call(&alice, "chooseInlineResult", pick));
    assert_eq!((posted["text"].as_str(), posted["via_bot"]["id"].as_i64()), (Some("Meow!"), Some(bot_id)));
    assert_eq!(posted["entities"], json!([{"type": "bold", "offset": 0, "length": 5}]));
    person_sees(&server, &bob, |u| u["message"]["via_bot"]["username"] == "finder_bot");
    let chosen = bot_sees_kind(&server, &bot, "chosen_inline_result");
    assert_eq!((chosen["result_id"].as_str(), chosen["query"].as_str()), (Some("a1"), Some("cats")));
    let place = ok(server.user_call(
        &alice,
        "chooseInlineResult",
        json!({"inline_query_id": id, "result_id": "l1", "chat_id": group["id"]}),
    ));
    assert_eq!(place["location"]["latitude"].as_f64(), Some(35.0));
    assert_eq!(bot_sees_kind(&server, &bot, "chosen_inline_result")["result_id"], "l1");
    let card = ok(server.user_call(
        &alice,
        "chooseInlineResult",
        json!({"inline_query_id": id, "result_id": "c1", "chat_id": group["id"]}),
    ));
    assert_eq!(card["contact"], json!({"phone_number": "+15550100", "first_name": "Tom", "last_name": "Cat"}));
    assert_eq!(bot_sees_kind(&server, &bot, "chosen_inline_result")["result_id"], "c1");
    // A result with buttons: the bot edits it by inline_message_id, its buttons call the bot.
    let voted = ok(server.user_call(
        &alice,
        "chooseInlineResult",
        json!({"inline_query_id": id, "result_id": "k1", "chat_id": group["id"]}),
    ));
    let chosen = bot_sees_kind(&server, &bot, "chosen_inline_result");
    let inline_id = chosen["inline_message_id"].as_str().unwrap().to_owned();
    let edit = json!({"inline_message_id": inline_id, "text": "Cats or dogs? (open)",
        "reply_markup": {"inline_keyboard": [[{"text": "Cats", "callback_data": "cats"}]]}});
    assert_eq!(ok(server.call(&bot, "editMessageText", edit)), json!(true));
    person_sees(&server, &bob, |u| u["edited_message"]["text"] == "Cats or dogs? (open)");
    let bad = server.call(&bot, "editMessageText", json!({"inline_message_id": "nope", "text": "x"}));
    assert_eq!(error(bad), (400, "Bad Request: invalid inline message identifier specified".into()));
    let pressing = {
        let (api, bob, chat, message_id) = (server.api, bob.clone(), group["id"].clone(), voted["message_id"].clone());
        std::thread::spawn(move || {
            let body = json!({"chat_id": chat, "message_id": message_id, "callback_data": "cats", "timeout": 20});
            msg_testkit::post(api, &format!("/user{bob}/pressButton"), "application/json", body.to_string().as_bytes())
                .unwrap()
        })
    };
    let query = bot_sees_kind(&server, &bot, "callback_query");
    assert_eq!((query["inline_message_id"].as_str(), query.get("message")), (Some(inline_id.as_str()), None));
    assert!(query["chat_instance"].as_str().is_some_and(|c| !c.is_empty()), "{query}");
    ok(server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"], "text": "Counted"})));
    assert_eq!(pressing.join().unwrap().json()["result"]["answer"]["text"], "Counted");
    // Its keyboard goes by inline_message_id too; a second removal changes nothing.
    let unkeyed = json!({"inline_message_id": inline_id});
    assert_eq!(ok(server.call(&bot, "editMessageReplyMarkup", unkeyed.clone())), json!(true));
    assert_eq!(error(server.call(&bot, "editMessageReplyMarkup", unkeyed)), (400, NOT_MODIFIED.into()));
    // Once the person deletes it, the inline message is gone for the bot too.
    ok(server.user_call(&alice, "deleteMessage", json!({"chat_id": group["id"], "message_id": voted["message_id"]})));
    let gone = server.call(&bot, "editMessageText", json!({"inline_message_id": inline_id, "text": "closed"}));
    assert_eq!(error(gone), (400, "Bad Request: MESSAGE_ID_INVALID".into()));
    let unknown = server.user_call(
        &alice,
        "chooseInlineResult",
        json!({"inline_query_id": id, "result_id": "zz", "chat_id": group["id"]}),
    );
    assert_eq!(error(unknown), (400, "Bad Request: RESULT_ID_INVALID".into()));
}

/// The payload of the first bot update of `kind`.
fn bot_sees_kind(server: &Server, bot: &str, kind: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut offset = 0;
    loop {
        assert!(Instant::now() < deadline, "the bot never got {kind}");
        let params = json!({"offset": offset, "timeout": 5});
        for update in ok(server.call(bot, "getUpdates", params)).as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            if let Some(payload) = update.get(kind) {
                ok(server.call(bot, "getUpdates", json!({"offset": offset, "timeout": 0})));
                return payload.clone();
            }
        }
    }
}

#[test]
fn replies_quote_and_cross_chats_and_send_options_describe_the_message() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "quoter_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let said = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "The quick brown fox"})));
    let reply = json!({"message_id": said["message_id"], "quote": "brown fox", "quote_position": 10});
    let quoted =
        ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "Indeed", "reply_parameters": reply})));
    assert_eq!(quoted["quote"], json!({"text": "brown fox", "position": 10, "is_manual": true}));
    assert_eq!(quoted["reply_to_message"]["text"], "The quick brown fox");
    let wrong = json!({"message_id": said["message_id"], "quote": "lazy dog"});
    let refused =
        server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "x", "reply_parameters": wrong}));
    assert_eq!(error(refused), (400, "Bad Request: QUOTE_TEXT_INVALID".into()));

    // A reply to a message of another chat.
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Elsewhere", "member_ids": [bot_id]})));
    let cross = json!({"message_id": said["message_id"], "chat_id": alice_id});
    let external = ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": group["id"], "text": "As Alice said", "reply_parameters": cross}),
    ));
    assert_eq!(external["external_reply"]["origin"]["type"], "user");
    assert!(external.get("reply_to_message").is_none(), "{external}");

    // Link previews are described, effects and caption placement kept, business ids refused.
    let preview = json!({"chat_id": alice_id, "text": "see https://example.com", "link_preview_options": {"is_disabled": true, "url": ""}});
    assert_eq!(ok(server.call(&bot, "sendMessage", preview))["link_preview_options"], json!({"is_disabled": true}));
    let legacy = json!({"chat_id": alice_id, "text": "see https://example.com", "disable_web_page_preview": true});
    let sent = ok(server.call(&bot, "sendMessage", legacy));
    assert_eq!(sent["link_preview_options"], json!({"is_disabled": true}));
    // An edit's text comes with its own preview options: new ones replace them, none remove them.
    let above = json!({"show_above_text": true, "url": "https://example.org"});
    let edit = json!({"chat_id": alice_id, "message_id": sent["message_id"], "text": "see https://example.org",
        "link_preview_options": above});
    assert_eq!(ok(server.call(&bot, "editMessageText", edit))["link_preview_options"], above);
    let edit = json!({"chat_id": alice_id, "message_id": sent["message_id"], "text": "no preview"});
    assert!(ok(server.call(&bot, "editMessageText", edit)).get("link_preview_options").is_none());
    // Other sends ignore the parameter, as the reference does.
    let dice = json!({"chat_id": alice_id, "link_preview_options": "not JSON"});
    assert!(ok(server.call(&bot, "sendDice", dice)).get("link_preview_options").is_none());
    let bad = json!({"chat_id": alice_id, "text": "x", "link_preview_options": {"is_disabled": "yes"}});
    assert_eq!(
        error(server.call(&bot, "sendMessage", bad)),
        (400, "Bad Request: field \"is_disabled\" must be of type Boolean".into())
    );
    let effect = ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": alice_id, "text": "🎉", "message_effect_id": "5046509860389126442"}),
    ));
    assert_eq!(effect["effect_id"], "5046509860389126442");
    let above = Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .text("caption", "on top")
        .text("show_caption_above_media", "true")
        .file("photo", "p.png", "image/png", &super::files::png(32, 32))
        .post(server.api, &format!("/bot{bot}/sendPhoto"));
    assert_eq!(ok(above)["show_caption_above_media"], true);
    let business =
        server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "x", "business_connection_id": "b1"}));
    assert_eq!(error(business), (400, "Bad Request: business connection not found".into()));
}

#[test]
fn people_send_places_contacts_dice_and_forwards_and_channel_reactions_are_counted() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "counter_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).start();
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let sent =
        ok(server.user_call(&alice, "sendLocation", json!({"chat_id": bot_id, "latitude": 10, "longitude": 20})));
    assert_eq!(sent["location"]["latitude"].as_f64(), Some(10.0));
    ok(server.user_call(
        &alice,
        "sendContact",
        json!({"chat_id": bot_id, "phone_number": "+1555", "first_name": "Al"}),
    ));
    let dice = ok(server.user_call(&alice, "sendDice", json!({"chat_id": bot_id, "emoji": "🎯"})));
    assert!((1..=6).contains(&dice["dice"]["value"].as_i64().unwrap()));
    let refused = server.user_call(&alice, "sendLocation", json!({"chat_id": bot_id, "longitude": 20}));
    assert_eq!(error(refused), (400, "Bad Request: latitude is empty".into()));
    // A person forwards a bot's message to another bot... and to the same bot.
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let note = ok(server.call(&bot, "sendMessage", json!({"chat_id": bob_id, "text": "a note"})));
    let forwarded = ok(server.user_call(
        &bob,
        "forwardMessage",
        json!({"chat_id": bot_id, "from_chat_id": bot_id, "message_id": note["message_id"]}),
    ));
    assert_eq!(
        (forwarded["forward_origin"]["type"].as_str(), forwarded["text"].as_str()),
        (Some("user"), Some("a note"))
    );
    let got = bot_sees_kind(&server, &bot, "message");
    assert!(got.get("location").is_some(), "the bot receives the person's sends in order: {got}");

    // In a channel reactions are anonymous: administrator bots get counts.
    let channel =
        ok(server.user_call(&alice, "createChannel", json!({"title": "News", "member_ids": [bob_id, bot_id]})));
    let chat = channel["id"].as_i64().unwrap();
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_post_messages": true}),
    ));
    let post = ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "Issue 1"})));
    ok(server.call(&bot, "getUpdates", json!({"allowed_updates": ["message_reaction", "message_reaction_count"]})));
    let like = json!([{"type": "emoji", "emoji": "👍"}]);
    ok(server.user_call(
        &bob,
        "setMessageReaction",
        json!({"chat_id": chat, "message_id": post["message_id"], "reaction": like}),
    ));
    let counted = bot_sees_kind(&server, &bot, "message_reaction_count");
    assert_eq!(counted["reactions"], json!([{"type": {"type": "emoji", "emoji": "👍"}, "total_count": 1}]));
}

#[test]
fn people_send_polls_and_their_votes_are_their_own() {
    let root = tempfile::tempdir().unwrap();
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let carol = create_user(root.path(), "Carol");
    let server = launch(root.path()).start();
    let group = ok(server.user_call(
        &alice,
        "createGroup",
        json!({"title": "Polls", "member_ids": [id_of(&bob), id_of(&carol)]}),
    ));
    let chat = group["id"].clone();
    let sent = ok(server.user_call(
        &alice,
        "sendPoll",
        json!({"chat_id": chat, "question": "Tea?", "options": ["Yes", "No"]}),
    ));
    let id = sent["message_id"].clone();
    ok(server.user_call(&bob, "votePoll", json!({"chat_id": chat, "message_id": id, "option_ids": [0]})));
    let after = ok(server.user_call(&carol, "votePoll", json!({"chat_id": chat, "message_id": id, "option_ids": [1]})));
    assert_eq!((after["options"][0]["voter_count"].as_i64(), after["total_voter_count"].as_i64()), (Some(1), Some(2)));
    let retracted =
        ok(server.user_call(&bob, "votePoll", json!({"chat_id": chat, "message_id": id, "option_ids": []})));
    assert_eq!(
        (retracted["options"][0]["voter_count"].as_i64(), retracted["total_voter_count"].as_i64()),
        (Some(0), Some(1))
    );
}

#[test]
fn declared_bots_carry_their_inline_mode_and_privacy_from_the_config_file() {
    let root = tempfile::tempdir().unwrap();
    let token = "525252:AAinlineTokenForCi_0123456789abcdefg";
    let alice = create_user(root.path(), "Alice");
    let config = root.path().join("msg.toml");
    let entry = format!(
        "[[bots]]\ntoken = \"{token}\"\nusername = \"seek_bot\"\ninline = true\ninline_placeholder = \"Search…\"\nprivacy = false\n"
    );
    std::fs::write(&config, entry).unwrap();
    let server = launch(root.path()).arg("--config").arg(config.display().to_string()).start();
    let me = ok(server.call(token, "getMe", json!({})));
    assert_eq!(
        (me["supports_inline_queries"].as_bool(), me["can_read_all_group_messages"].as_bool()),
        (Some(true), Some(true))
    );
    let asked = ok(server.user_call(&alice, "inlineQuery", json!({"chat_id": 525252, "query": "x", "timeout": 0})));
    assert_eq!((asked["answered"].as_bool(), asked["placeholder"].as_str()), (Some(false), Some("Search…")));
    drop(server);

    std::fs::write(&config, format!("[[bots]]\ntoken = \"{token}\"\nusername = \"seek_bot\"\ninline = \"yes\"\n"))
        .unwrap();
    let (status, _, stderr) = launch(root.path()).arg("--config").arg(config.display().to_string()).run();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("`bots[0].inline`") && stderr.contains("must be true or false"), "{stderr}");
}

#[test]
fn edits_change_something_or_are_refused_and_keyboards_follow_the_edit() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("reviser_bot");
    let keyboard = json!({"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]});
    let sent =
        ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "Ready?", "reply_markup": keyboard})));
    let id = sent["message_id"].clone();

    // The same text with other entities is a change.
    let bold = json!({"chat_id": alice_id, "message_id": id, "text": "<b>Ready?</b>", "parse_mode": "HTML",
        "reply_markup": keyboard});
    let edited = ok(server.call(&bot, "editMessageText", bold));
    assert_eq!((edited["text"].as_str(), edited["entities"][0]["type"].as_str()), (Some("Ready?"), Some("bold")));
    // An edit without reply_markup drops the keyboard, as on the public platform.
    let plain = json!({"chat_id": alice_id, "message_id": id, "text": "<b>Ready?</b>", "parse_mode": "HTML"});
    let dropped = ok(server.call(&bot, "editMessageText", plain.clone()));
    assert!(dropped.get("reply_markup").is_none(), "{dropped}");
    let seen = person_sees(&server, &alice, |u| {
        u["edited_message"]["message_id"] == id && u["edited_message"].get("reply_markup").is_none()
    });
    assert_eq!(seen["edited_message"]["entities"][0]["type"], "bold");
    assert_eq!(error(server.call(&bot, "editMessageText", plain)), (400, NOT_MODIFIED.into()));

    // A caption: the same caption without the keyboard is a change, then nothing is.
    let photo = Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .text("caption", "view")
        .text("reply_markup", &keyboard.to_string())
        .file("photo", "p.png", "image/png", &super::files::png(32, 32))
        .post(server.api, &format!("/bot{bot}/sendPhoto"));
    let photo = ok(photo);
    let recaption = json!({"chat_id": alice_id, "message_id": photo["message_id"], "caption": "view"});
    assert!(ok(server.call(&bot, "editMessageCaption", recaption.clone())).get("reply_markup").is_none());
    assert_eq!(error(server.call(&bot, "editMessageCaption", recaption)), (400, NOT_MODIFIED.into()));
    // The same media (by its file_id) and caption change nothing either; a new caption does.
    let file_id = photo["photo"].as_array().unwrap().last().unwrap()["file_id"].clone();
    let same = json!({"type": "photo", "media": file_id, "caption": "view"});
    let media = json!({"chat_id": alice_id, "message_id": photo["message_id"], "media": same});
    assert_eq!(error(server.call(&bot, "editMessageMedia", media)), (400, NOT_MODIFIED.into()));
    let other = json!({"type": "photo", "media": file_id, "caption": "new view"});
    let media = json!({"chat_id": alice_id, "message_id": photo["message_id"], "media": other});
    assert_eq!(ok(server.call(&bot, "editMessageMedia", media))["caption"], "new view");

    // A live location moved to where it is changes nothing.
    let live = ok(server.call(
        &bot,
        "sendLocation",
        json!({"chat_id": alice_id, "latitude": 1, "longitude": 2, "live_period": 60}),
    ));
    let stay = json!({"chat_id": alice_id, "message_id": live["message_id"], "latitude": 1, "longitude": 2});
    assert_eq!(error(server.call(&bot, "editMessageLiveLocation", stay)), (400, NOT_MODIFIED.into()));

    // A person's edit leaves the keyboard of a message as it is (people's apps do not touch it).
    let own = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "typo"})));
    let fixed = ok(server.user_call(
        &alice,
        "editMessageText",
        json!({"chat_id": bot_id, "message_id": own["message_id"], "text": "fixed"}),
    ));
    assert_eq!(fixed["text"], "fixed");
    let again = server.user_call(
        &alice,
        "editMessageText",
        json!({"chat_id": bot_id, "message_id": own["message_id"], "text": "fixed"}),
    );
    assert_eq!(error(again), (400, NOT_MODIFIED.into()));
}

#[test]
fn timed_and_stopped_polls_close_and_tell_their_bot_and_albums_move_together() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("pollster_bot");
    bot_sees(&server, &bot, |u| u["message"]["text"] == "/start");

    // A poll open for 5 seconds closes by itself: the bot gets its final state, votes are refused.
    let options = json!(["Yes", "No"]);
    let timed = ok(server.call(
        &bot,
        "sendPoll",
        json!({"chat_id": alice_id, "question": "Quick?", "options": options, "open_period": 5}),
    ));
    let poll = &timed["poll"];
    assert_eq!(poll["open_period"], 5);
    assert_eq!(poll["close_date"].as_i64().unwrap() - timed["date"].as_i64().unwrap(), 5, "{poll}");
    let closed = bot_sees(&server, &bot, |u| u["poll"]["id"] == poll["id"]);
    assert_eq!(closed["poll"]["is_closed"], true);
    let late = server.user_call(
        &alice,
        "votePoll",
        json!({"chat_id": bot_id, "message_id": timed["message_id"], "option_ids": [0]}),
    );
    assert_eq!(error(late), (400, "Bad Request: POLL_CLOSED".into()));
    // close_date gives both fields too.
    let at = timed["date"].as_i64().unwrap() + 300;
    let dated = ok(server.call(
        &bot,
        "sendPoll",
        json!({"chat_id": alice_id, "question": "Later?", "options": options, "close_date": at}),
    ));
    assert_eq!(dated["poll"]["close_date"], at);
    // The open period runs from when the poll is sent, however long the timed poll took to close
    // (its message may be dated a second later than the period was counted).
    let period = dated["poll"]["open_period"].as_i64().unwrap();
    let end = dated["date"].as_i64().unwrap() + period;
    assert!((at..=at + 1).contains(&end) && (1..=300).contains(&period), "{dated}");
    // Stopping a poll tells its bot too; a second stop is refused.
    let stopped = ok(server.call(&bot, "stopPoll", json!({"chat_id": alice_id, "message_id": dated["message_id"]})));
    assert_eq!(stopped["is_closed"], true);
    let update = bot_sees(&server, &bot, |u| u["poll"]["id"] == dated["poll"]["id"]);
    assert_eq!(update["poll"]["is_closed"], true);
    let again = server.call(&bot, "stopPoll", json!({"chat_id": alice_id, "message_id": dated["message_id"]}));
    assert_eq!(error(again), (400, "Bad Request: poll has already been closed".into()));

    // An album forwarded or copied stays an album, under a new media_group_id.
    let album = ok(Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .text(
            "media",
            &json!([{"type": "photo", "media": "attach://a"}, {"type": "photo", "media": "attach://b"}]).to_string(),
        )
        .file("a", "a.png", "image/png", &super::files::png(20, 20))
        .file("b", "b.png", "image/png", &super::files::png(24, 24))
        .post(server.api, &format!("/bot{bot}/sendMediaGroup")));
    let original = album[0]["media_group_id"].clone();
    let ids = json!([album[0]["message_id"], album[1]["message_id"]]);
    for method in ["forwardMessages", "copyMessages"] {
        let moved =
            ok(server.call(&bot, method, json!({"chat_id": alice_id, "from_chat_id": alice_id, "message_ids": ids})));
        let first = person_sees(&server, &alice, |u| u["message"]["message_id"] == moved[0]["message_id"]);
        let second = person_sees(&server, &alice, |u| u["message"]["message_id"] == moved[1]["message_id"]);
        let group = &first["message"]["media_group_id"];
        assert!(group.is_string() && *group != original, "{method}: {first}");
        assert_eq!(second["message"]["media_group_id"], *group, "{method}");
    }
    // One message of an album forwarded alone is no album.
    let single = ok(server.call(
        &bot,
        "forwardMessage",
        json!({"chat_id": alice_id, "from_chat_id": alice_id, "message_id": album[0]["message_id"]}),
    ));
    assert!(single.get("media_group_id").is_none(), "{single}");
}

#[test]
fn a_timed_poll_closes_on_time_across_a_kill_9() {
    let Started { root, mut server, bot, alice: _alice, bot_id: _, alice_id } = started("patient_bot");
    let options = json!(["Yes", "No"]);
    let send = |params: Value| ok(server.call(&bot, "sendPoll", params));
    let timed = send(json!({"chat_id": alice_id, "question": "Soon?", "options": options, "open_period": 5}));
    // A poll stopped before its time: its timer, still kept, finds it closed and says nothing.
    let at = timed["poll"]["close_date"].clone();
    let stopped = send(json!({"chat_id": alice_id, "question": "Now?", "options": options, "close_date": at}));
    ok(server.call(&bot, "stopPoll", json!({"chat_id": alice_id, "message_id": stopped["message_id"]})));
    bot_sees(&server, &bot, |u| u["poll"]["id"] == stopped["poll"]["id"]);
    server.signal("KILL");
    server.wait_exit(Duration::from_secs(5)).expect("killed");
    drop(server);

    // The restarted server re-arms the timer: the poll closes on time and its bot is told.
    let server = launch(root.path()).start();
    let closed = bot_sees(&server, &bot, |u| u["poll"]["id"] == timed["poll"]["id"]);
    assert_eq!(closed["poll"]["is_closed"], true);
    let params = json!({"timeout": 2, "allowed_updates": ["poll"]});
    let later = ok(server.call(&bot, "getUpdates", params));
    assert!(later.as_array().unwrap().iter().all(|u| u["poll"]["id"] != stopped["poll"]["id"]), "{later}");
    let again = server.call(&bot, "stopPoll", json!({"chat_id": alice_id, "message_id": timed["message_id"]}));
    assert_eq!(error(again), (400, "Bad Request: poll has already been closed".into()));
}

#[test]
fn a_bots_channel_poll_tells_that_bot_of_votes_and_its_closing() {
    let Started { root, server, bot, alice, bot_id, alice_id: _ } = started("herald_bot");
    let other = create_bot(root.path(), "other_herald_bot");
    let bob = create_user(root.path(), "Bob");
    let members = json!([id_of(&bob), bot_id, id_of(&other)]);
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "Votes", "member_ids": members})));
    let chat = channel["id"].as_i64().unwrap();
    for admin in [bot_id, id_of(&other)] {
        let rights = json!({"chat_id": chat, "user_id": admin, "can_post_messages": true});
        ok(server.user_call(&alice, "promoteChatMember", rights));
    }
    let sent =
        ok(server.call(&bot, "sendPoll", json!({"chat_id": chat, "question": "Tea?", "options": ["Yes", "No"]})));
    assert!(sent.get("from").is_none() && sent["sender_chat"]["id"] == chat, "{sent}");

    // A vote (anonymous, as in every channel) gives the poll's bot the new counts; only it.
    let vote = json!({"chat_id": chat, "message_id": sent["message_id"], "option_ids": [1]});
    ok(server.user_call(&bob, "votePoll", vote));
    let counted = bot_sees(&server, &bot, |u| u["poll"]["id"] == sent["poll"]["id"]);
    assert_eq!(counted["poll"]["options"][1]["voter_count"], 1, "{counted}");
    // Another administrator bot stops it (posting is not enough for another's post: it takes
    // the right to edit): the poll's own bot is told it closed.
    let stop = json!({"chat_id": chat, "message_id": sent["message_id"]});
    assert_eq!(
        error(server.call(&other, "stopPoll", stop.clone())),
        (400, "Bad Request: poll can't be stopped".into())
    );
    let rights =
        json!({"chat_id": chat, "user_id": id_of(&other), "can_post_messages": true, "can_edit_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    ok(server.call(&other, "stopPoll", stop));
    let closed = bot_sees(&server, &bot, |u| u["poll"]["id"] == sent["poll"]["id"]);
    assert_eq!(closed["poll"]["is_closed"], true);
    let params = json!({"timeout": 0, "allowed_updates": ["poll"]});
    let others = ok(server.call(&other, "getUpdates", params));
    assert!(others.as_array().unwrap().iter().all(|u| u.get("poll").is_none()), "{others}");
}

#[test]
fn copies_rewrite_captions_and_reactions_reach_only_bots_that_ask() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("copier_bot");
    let photo = ok(Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .text("caption", "original")
        .file("photo", "p.png", "image/png", &super::files::png(16, 16))
        .post(server.api, &format!("/bot{bot}/sendPhoto")));

    // copyMessage: a new caption, parsed by its parse_mode; copyMessages: captions removed.
    let recaptioned = json!({"chat_id": alice_id, "from_chat_id": alice_id, "message_id": photo["message_id"],
        "caption": "<i>copied</i>", "parse_mode": "HTML"});
    let copy = ok(server.call(&bot, "copyMessage", recaptioned));
    let seen = person_sees(&server, &alice, |u| u["message"]["message_id"] == copy["message_id"]);
    assert_eq!(seen["message"]["caption"], "copied");
    assert_eq!(seen["message"]["caption_entities"], json!([{"type": "italic", "offset": 0, "length": 6}]));
    assert!(seen["message"].get("forward_origin").is_none(), "{seen}");
    let bare = json!({"chat_id": alice_id, "from_chat_id": alice_id, "message_ids": [photo["message_id"]],
        "remove_caption": true});
    let copies = ok(server.call(&bot, "copyMessages", bare));
    let seen = person_sees(&server, &alice, |u| u["message"]["message_id"] == copies[0]["message_id"]);
    assert!(seen["message"].get("caption").is_none() && seen["message"]["photo"].is_array(), "{seen}");

    // A reaction reaches the bot only once it asks for message_reaction: before, the message
    // after it comes alone.
    let react =
        json!({"chat_id": bot_id, "message_id": photo["message_id"], "reaction": [{"type": "emoji", "emoji": "👍"}]});
    ok(server.user_call(&alice, "setMessageReaction", react));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "after"})));
    let updates = ok(server.call(&bot, "getUpdates", json!({"timeout": 5})));
    let kinds: Vec<&str> =
        updates.as_array().unwrap().iter().flat_map(|u| u.as_object().unwrap().keys()).map(String::as_str).collect();
    assert!(!kinds.contains(&"message_reaction") && kinds.contains(&"message"), "{updates}");
    let last = updates.as_array().unwrap().last().unwrap()["update_id"].as_i64().unwrap();
    let asked = json!({"offset": last + 1, "timeout": 0, "allowed_updates": ["message", "message_reaction"]});
    ok(server.call(&bot, "getUpdates", asked));
    let heart =
        json!({"chat_id": bot_id, "message_id": photo["message_id"], "reaction": [{"type": "emoji", "emoji": "❤"}]});
    ok(server.user_call(&alice, "setMessageReaction", heart));
    let updates = ok(server.call(&bot, "getUpdates", json!({"offset": last + 1, "timeout": 5})));
    let reaction = &updates[0]["message_reaction"];
    assert_eq!(reaction["new_reaction"][0]["emoji"], "❤", "{updates}");
    assert_eq!(reaction["old_reaction"][0]["emoji"], "👍", "{updates}");
}

#[test]
fn inline_results_of_cached_files_and_by_url_post_media_with_parsed_captions() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "gallery_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("gallery_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    // Local mode: the photo by URL comes from a server on this machine.
    let server = launch(root.path()).env("MSG_LOCAL", "true").start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let images = msg_testkit::Receiver::start();
    images.reply_next("image/png", super::files::png(48, 36));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let photo = ok(Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .file("photo", "p.png", "image/png", &super::files::png(40, 30))
        .post(server.api, &format!("/bot{bot}/sendPhoto")));
    let document = ok(Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .file("document", "notes.txt", "text/plain", b"inline notes")
        .post(server.api, &format!("/bot{bot}/sendDocument")));
    let photo_id = photo["photo"].as_array().unwrap().last().unwrap()["file_id"].clone();
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Gallery", "member_ids": [id_of(&bob)]})));

    let asking = ask_inline(&server, &alice, json!({"chat_id": bot_id, "query": "pics", "timeout": 20}));
    let query = bot_sees_kind(&server, &bot, "inline_query");
    let url = format!("http://{}/cat.png", images.addr);
    let results = json!([
        {"type": "photo", "id": "p", "photo_file_id": photo_id, "caption": "<b>cached</b>", "parse_mode": "HTML"},
        {"type": "document", "id": "d", "title": "Notes", "document_file_id": document["document"]["file_id"]},
        {"type": "photo", "id": "u", "photo_url": url, "thumbnail_url": url},
    ]);
    ok(server.call(
        &bot,
        "answerInlineQuery",
        json!({"inline_query_id": query["id"], "results": results, "cache_time": 0}),
    ));
    let asked = asking.join().unwrap().json()["result"].clone();
    assert_eq!(asked["answered"], true, "{asked}");
    let choose = |result: &str| {
        let pick = json!({"inline_query_id": asked["inline_query_id"], "result_id": result, "chat_id": group["id"]});
        ok(server.user_call(&alice, "chooseInlineResult", pick))
    };
    let cached = choose("p");
    assert_eq!((cached["caption"].as_str(), cached["via_bot"]["id"].as_i64()), (Some("cached"), Some(bot_id)));
    assert_eq!(cached["caption_entities"], json!([{"type": "bold", "offset": 0, "length": 6}]));
    assert_eq!(cached["photo"].as_array().unwrap().last().unwrap()["width"], 40);
    let notes = choose("d");
    assert_eq!(notes["document"]["file_name"], "notes.txt");
    let fetched = choose("u");
    assert_eq!(fetched["photo"].as_array().unwrap().last().unwrap()["width"], 48, "{fetched}");
    // Bob sees all three, each with file ids of his own that download.
    for kind in ["photo", "document", "photo"] {
        let seen = person_sees(&server, &bob, |u| u["message"].get(kind).is_some());
        assert_eq!(seen["message"]["via_bot"]["username"], "gallery_bot");
    }
}

#[test]
fn inline_choices_reach_bots_only_with_feedback_and_people_send_venues() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "mute_inline_bot");
    let alice = create_user(root.path(), "Alice");
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("mute_inline_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Quiet", "member_ids": []})));

    // Inline feedback is off: the pick posts via the bot, and the bot hears nothing of it.
    let asking = ask_inline(&server, &alice, json!({"chat_id": bot_id, "query": "hi", "timeout": 20}));
    let all = json!(["message", "inline_query", "chosen_inline_result"]);
    let query = bot_sees_kind_with(&server, &bot, "inline_query", &all);
    let article =
        json!([{"type": "article", "id": "a", "title": "Hi", "input_message_content": {"message_text": "Hi!"}}]);
    ok(server.call(&bot, "answerInlineQuery", json!({"inline_query_id": query["id"], "results": article})));
    let asked = asking.join().unwrap().json()["result"].clone();
    let pick = json!({"inline_query_id": asked["inline_query_id"], "result_id": "a", "chat_id": group["id"]});
    assert_eq!(ok(server.user_call(&alice, "chooseInlineResult", pick))["via_bot"]["id"], bot_id);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/after"})));
    let mut kinds = Vec::new();
    let mut offset = 0;
    while !kinds.iter().any(|k: &String| k == "message") {
        let params = json!({"offset": offset, "timeout": 5, "allowed_updates": all});
        for update in ok(server.call(&bot, "getUpdates", params)).as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            kinds.extend(update.as_object().unwrap().keys().filter(|k| *k != "update_id").cloned());
        }
    }
    assert!(!kinds.iter().any(|k| k == "chosen_inline_result"), "{kinds:?}");

    // savePreparedInlineMessage is for people who exist.
    let result = json!({"type": "article", "id": "p", "title": "P", "input_message_content": {"message_text": "p"}});
    let nobody = server.call(&bot, "savePreparedInlineMessage", json!({"user_id": 999_999, "result": result}));
    assert_eq!(error(nobody), (400, "Bad Request: user not found".into()));
    let prepared = ok(server.call(&bot, "savePreparedInlineMessage", json!({"user_id": alice_id, "result": result})));
    assert!(prepared["id"].is_string() && prepared["expiration_date"].is_i64(), "{prepared}");

    // A person sends a venue: the bot gets it with its location.
    let venue =
        json!({"chat_id": bot_id, "latitude": 48.85, "longitude": 2.29, "title": "Tower", "address": "Champ de Mars"});
    ok(server.user_call(&alice, "sendVenue", venue));
    let got = bot_sees(&server, &bot, |u| u["message"]["venue"].is_object())["message"].clone();
    assert_eq!((got["venue"]["title"].as_str(), got["location"]["latitude"].as_f64()), (Some("Tower"), Some(48.85)));
}

/// The payload of the first bot update of `kind`, asking for `allowed` kinds.
fn bot_sees_kind_with(server: &Server, bot: &str, kind: &str, allowed: &Value) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut offset = 0;
    loop {
        assert!(Instant::now() < deadline, "the bot never got {kind}");
        let params = json!({"offset": offset, "timeout": 5, "allowed_updates": allowed});
        for update in ok(server.call(bot, "getUpdates", params)).as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            if let Some(payload) = update.get(kind) {
                ok(server.call(bot, "getUpdates", json!({"offset": offset, "timeout": 0})));
                return payload.clone();
            }
        }
    }
}

/// A person's inline query, asked on a thread of its own (it waits for the bot's answer); join
/// it for the answer.
fn ask_inline(server: &Server, person: &str, body: Value) -> std::thread::JoinHandle<msg_testkit::HttpResponse> {
    let (api, path) = (server.api, format!("/user{person}/inlineQuery"));
    std::thread::spawn(move || msg_testkit::post(api, &path, "application/json", body.to_string().as_bytes()).unwrap())
}
