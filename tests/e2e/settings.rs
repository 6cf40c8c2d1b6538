//! Bot settings (Bot API 10.5): `setMySettings` changes what `getMe` (a `BotFullInfo`) reports
//! and what people meet: inline mode and its placeholder, the location inline queries carry,
//! privacy mode, groups, and callback queries from the bot's own messages as inline messages
//! (`callback_query_mode`). Clients of 10.3 still read getMe's fields where they were.

use serde_json::json;

use crate::{Started, assert_typed, error, next_update, ok, refused, started, waiting};

#[test]
fn set_my_settings_changes_what_get_me_reports_and_what_people_meet() {
    let Started { root: _root, server, bot, alice, bot_id, .. } = started("settings_bot");
    let me = ok(server.call(&bot, "getMe", json!({})));
    assert_typed("BotFullInfo", &me);
    // What a 10.3 client reads of getMe (a User then) is where it was.
    for (field, value) in [
        ("id", json!(bot_id)),
        ("is_bot", json!(true)),
        ("username", json!("settings_bot")),
        ("can_join_groups", json!(true)),
        ("can_read_all_group_messages", json!(false)),
        ("supports_inline_queries", json!(false)),
        ("has_topics_enabled", json!(false)),
    ] {
        assert_eq!(me[field], value, "{field}");
    }
    assert_eq!(me["active_usernames"], json!(["settings_bot"]));
    assert_eq!(
        (me["needs_inline_query_location"].as_bool(), me["has_topic_sidebar"].as_bool()),
        (Some(false), Some(false))
    );
    assert!(me.get("inline_query_placeholder").is_none());

    // Bad values are refused and change nothing.
    assert_eq!(
        refused(
            &server,
            &bot,
            "setMySettings",
            json!({"callback_query_mode": "sometimes", "supports_inline_queries": true})
        ),
        "Bad Request: callback_query_mode must be one of \"default\", \"auto\", \"inline\""
    );
    assert_eq!(
        refused(&server, &bot, "setMySettings", json!({"inline_feedback_share_denominator": 7})),
        "Bad Request: inline_feedback_share_denominator must be one of 0, 1, 10, 100, 1000"
    );
    assert_eq!(
        refused(&server, &bot, "setMySettings", json!({"inline_query_placeholder": "x".repeat(65)})),
        "Bad Request: inline_query_placeholder must be at most 64 characters"
    );
    assert_eq!(ok(server.call(&bot, "getMe", json!({})))["supports_inline_queries"], false, "nothing changed");

    // Inline mode with a placeholder and the person's location; privacy off; topics asked for a
    // sidebar without topics (no effect until topic mode is on).
    let settings = json!({
        "supports_inline_queries": true,
        "inline_query_placeholder": "Search places…",
        "needs_inline_query_location": true,
        "can_read_all_group_messages": true,
        "has_topic_sidebar": true,
        "inline_feedback_share_denominator": 1,
    });
    assert_eq!(ok(server.call(&bot, "setMySettings", settings)), true);
    let me = ok(server.call(&bot, "getMe", json!({})));
    assert_typed("BotFullInfo", &me);
    assert_eq!(
        (&me["supports_inline_queries"], &me["inline_query_placeholder"], &me["needs_inline_query_location"]),
        (&json!(true), &json!("Search places…"), &json!(true))
    );
    assert_eq!((&me["can_read_all_group_messages"], &me["has_topic_sidebar"]), (&json!(true), &json!(false)));
    // Settings not given stay as they are.
    ok(server.call(&bot, "setMySettings", json!({"can_join_groups": false, "has_topics_enabled": true})));
    let me = ok(server.call(&bot, "getMe", json!({})));
    assert_eq!((&me["can_join_groups"], &me["supports_inline_queries"]), (&json!(false), &json!(true)));
    assert_eq!((&me["has_topics_enabled"], &me["has_topic_sidebar"]), (&json!(true), &json!(true)));

    // People meet them: the inline query carries the location, the field its placeholder.
    let asking = waiting(
        &server,
        &alice,
        "inlineQuery",
        json!({"chat_id": bot_id, "query": "cafe", "location": "{\"latitude\": 52.37, \"longitude\": 4.89}"}),
    );
    let mut offset = 0;
    let query = next_update(&server, &bot, &mut offset, "inline_query");
    assert_typed("InlineQuery", &query);
    assert_eq!(
        (query["location"]["latitude"].as_f64(), query["location"]["longitude"].as_f64()),
        (Some(52.37), Some(4.89))
    );
    ok(server.call(&bot, "answerInlineQuery", json!({"inline_query_id": query["id"], "results": []})));
    let answered = asking.join().unwrap().json()["result"].clone();
    assert_eq!(answered["placeholder"], "Search places…");
    let nowhere = server.user_call(
        &alice,
        "inlineQuery",
        json!({"chat_id": bot_id, "query": "x", "location": "{\"latitude\": 91, \"longitude\": 0}"}),
    );
    assert_eq!(
        error(nowhere).1,
        "Bad Request: location must be a JSON object with a latitude (-90..90) and a longitude (-180..180)"
    );
    // A group may not add it any more.
    let group = server.user_call(&alice, "createGroup", json!({"title": "No bots", "member_ids": [bot_id]}));
    assert_eq!(error(group).1, "Bad Request: BOT_GROUPS_BLOCKED");
    // Inline mode off again: people's inline queries are refused.
    ok(server.call(&bot, "setMySettings", json!({"supports_inline_queries": false})));
    let refused_query = server.user_call(&alice, "inlineQuery", json!({"chat_id": bot_id, "query": "x", "timeout": 0}));
    assert_eq!(error(refused_query).1, "Bad Request: BOT_INLINE_DISABLED");
    assert!(ok(server.call(&bot, "getMe", json!({}))).get("inline_query_placeholder").is_none());
}

#[test]
fn callback_queries_from_the_bots_own_messages_come_as_inline_messages_when_it_asks() {
    let Started { root: _root, server, bot, alice, bot_id, .. } = started("inline_mode_bot");
    let keyboard = json!({"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]});
    let sent = ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": crate::id_of(&alice), "text": "Ready?", "reply_markup": keyboard}),
    ));
    let press = |offset: &mut i64| {
        let pressing = waiting(
            &server,
            &alice,
            "pressButton",
            json!({"chat_id": bot_id, "message_id": sent["message_id"], "callback_data": "go", "timeout": 20}),
        );
        let query = next_update(&server, &bot, offset, "callback_query");
        assert_typed("CallbackQuery", &query);
        ok(server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"]})));
        assert_eq!(pressing.join().unwrap().json()["result"]["answered"], true);
        query
    };
    let mut offset = 0;
    let default = press(&mut offset);
    assert_eq!(default["message"]["message_id"], sent["message_id"]);
    assert!(default.get("inline_message_id").is_none());

    ok(server.call(&bot, "setMySettings", json!({"callback_query_mode": "inline"})));
    let inline = press(&mut offset);
    assert!(inline.get("message").is_none(), "{inline}");
    let inline_id = inline["inline_message_id"].as_str().unwrap().to_owned();
    // The bot edits its message by that id, and the person sees the edit.
    let edit = json!({"inline_message_id": inline_id, "text": "Going!", "reply_markup": keyboard});
    assert_eq!(ok(server.call(&bot, "editMessageText", edit)), json!(true));
    let mut seen = 0;
    let edited = crate::next_person_update(&server, &alice, &mut seen, "edited_message");
    assert_eq!(edited["text"], "Going!");
    ok(server.call(&bot, "setMySettings", json!({"callback_query_mode": "default"})));
    assert!(press(&mut offset)["message"].is_object());
    // The id is no key to a chat the bot may no longer write to: once blocked, it edits nothing.
    ok(server.user_call(&alice, "blockBot", json!({"chat_id": bot_id})));
    let blocked = server.call(&bot, "editMessageText", json!({"inline_message_id": inline_id, "text": "Still here"}));
    assert_eq!(error(blocked), (403, "Forbidden: bot was blocked by the user".into()));
}
