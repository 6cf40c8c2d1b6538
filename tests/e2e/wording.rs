//! The reference's exact words for a missing or malformed parameter, method by method.
//!
//! The reference has no parameter table: each `process_*_query` of `telegram-bot-api/Client.cpp`
//! reads its parameters in its own order and words its own errors (`get_user_id`,
//! `get_required_string_arg`, `check_chat`, `get_message_ids`, `get_location`, …). The tables
//! below were read off that source, one row per check a call fails first, so the order of the
//! checks is pinned as well as their wording. `$alice` is Alice's private chat with the bot,
//! `$sent` a message the bot sent there.

use serde_json::{Value, json};

use super::{Started, launch, ok, spec, started};

const INVALID_QUERY: &str = "query is too old and response timeout expired or query ID is invalid";

/// Every method with required parameters, called with none: the first check it fails.
/// Methods that answer a documented unavailability error are not here (`msg-bot-api methods`).
const EMPTY_CALL: &[(&str, &str)] = &[
    ("sendMessage", "message text is empty"),
    ("sendRichMessage", "parameter \"rich_message\" is required"),
    ("sendRichMessageDraft", "parameter \"rich_message\" is required"),
    ("sendWidget", "parameter \"html\" is required"),
    ("sendSharedWidget", "parameter \"widget_id\" is required"),
    ("answerWidgetQuery", INVALID_QUERY),
    ("editMessageWidgetData", "message identifier is not specified"),
    ("editSharedWidgetData", "parameter \"widget_id\" is required"),
    ("verifyUser", "invalid user_id specified"),
    ("verifyChat", "chat_id is empty"),
    ("removeUserVerification", "invalid user_id specified"),
    ("removeChatVerification", "sender_chat_id is empty"),
    ("setPassportDataErrors", "invalid user_id specified"),
    ("sendGift", "invalid user_id specified"),
    ("giftPremiumSubscription", "invalid user_id specified"),
    ("getUserGifts", "invalid user_id specified"),
    ("getChatGifts", "chat_id is empty"),
    ("getBusinessConnection", "business connection not found"),
    ("setBusinessAccountName", "parameter \"first_name\" is required"),
    ("setBusinessAccountUsername", "business connection not found"),
    ("setBusinessAccountBio", "business connection not found"),
    ("setBusinessAccountProfilePhoto", "photo isn't specified"),
    ("removeBusinessAccountProfilePhoto", "business connection not found"),
    ("setBusinessAccountGiftSettings", "accepted gift types aren't specified"),
    ("getBusinessAccountStarBalance", "business connection not found"),
    ("transferBusinessAccountStars", "business connection not found"),
    ("getBusinessAccountGifts", "business connection not found"),
    ("convertGiftToStars", "business connection not found"),
    ("upgradeGift", "business connection not found"),
    ("readBusinessMessage", "chat identifier is empty"),
    ("deleteBusinessMessages", "message identifiers are not specified"),
    ("transferGift", "chat identifier is empty"),
    ("postStory", "story content isn't specified"),
    ("sendChecklist", "parameter \"checklist\" is required"),
    ("editMessageChecklist", "parameter \"checklist\" is required"),
    ("editStory", "story content isn't specified"),
    ("deleteStory", "business connection not found"),
    ("repostStory", "parameter \"from_chat_id\" is required"),
    ("approveSuggestedPost", "chat_id is empty"),
    ("editEphemeralMessageText", "invalid receiver_user_id specified"),
    ("editEphemeralMessageMedia", "invalid receiver_user_id specified"),
    ("editEphemeralMessageCaption", "invalid receiver_user_id specified"),
    ("editEphemeralMessageReplyMarkup", "invalid receiver_user_id specified"),
    ("deleteEphemeralMessage", "invalid receiver_user_id specified"),
    ("declineSuggestedPost", "chat_id is empty"),
    ("sendInvoice", "parameter \"title\" is required"),
    ("createInvoiceLink", "parameter \"title\" is required"),
    ("answerShippingQuery", "parameter \"error_message\" is required"),
    ("answerPreCheckoutQuery", "parameter \"error_message\" is required"),
    ("refundStarPayment", "invalid user_id specified"),
    ("editUserStarSubscription", "invalid user_id specified"),
    ("forwardMessage", "parameter \"from_chat_id\" is required"),
    ("forwardMessages", "parameter \"from_chat_id\" is required"),
    ("copyMessage", "parameter \"from_chat_id\" is required"),
    ("copyMessages", "parameter \"from_chat_id\" is required"),
    ("sendPhoto", "there is no photo in the request"),
    ("sendAudio", "there is no audio in the request"),
    ("sendDocument", "there is no document in the request"),
    ("sendVideo", "there is no video in the request"),
    ("sendAnimation", "there is no animation in the request"),
    ("sendVoice", "there is no voice in the request"),
    ("sendVideoNote", "there is no video note in the request"),
    ("sendSticker", "there is no sticker in the request"),
    ("sendLivePhoto", "there is no live photo in the request"),
    ("getStickerSet", "STICKERSET_INVALID"),
    ("getCustomEmojiStickers", "parameter \"custom_emoji_ids\" is required"),
    ("uploadStickerFile", "invalid user_id specified"),
    ("createNewStickerSet", "invalid user_id specified"),
    ("addStickerToSet", "invalid user_id specified"),
    ("replaceStickerInSet", "invalid user_id specified"),
    ("setStickerPositionInSet", "sticker is not specified"),
    ("setStickerKeywords", "sticker is not specified"),
    ("deleteStickerFromSet", "sticker is not specified"),
    ("setStickerEmojiList", "sticker is not specified"),
    ("setStickerMaskPosition", "sticker is not specified"),
    ("setStickerSetTitle", "sticker set name must be non-empty"),
    ("setStickerSetThumbnail", "invalid user_id specified"),
    ("setCustomEmojiStickerSetThumbnail", "sticker set name must be non-empty"),
    ("deleteStickerSet", "sticker set name must be non-empty"),
    ("sendGame", "parameter \"game_short_name\" is required"),
    ("setGameScore", "invalid user_id specified"),
    ("getGameHighScores", "invalid user_id specified"),
    ("sendMediaGroup", "parameter \"media\" is required"),
    ("sendPaidMedia", "parameter \"media\" is required"),
    ("sendLocation", "latitude is empty"),
    ("sendVenue", "latitude is empty"),
    ("sendContact", "parameter \"phone_number\" is required"),
    ("sendPoll", "can't parse options JSON object"),
    ("sendDice", "chat_id is empty"),
    ("sendMessageDraft", "chat_id is empty"),
    ("sendChatAction", "wrong parameter action in request"),
    ("setMessageReaction", "chat_id is empty"),
    ("deleteMessageReaction", "chat_id is empty"),
    ("deleteAllMessageReactions", "chat_id is empty"),
    ("getUserProfilePhotos", "invalid user_id specified"),
    ("getUserProfileAudios", "invalid user_id specified"),
    ("setUserEmojiStatus", "invalid user_id specified"),
    ("getFile", "file_id not specified"),
    ("banChatMember", "invalid user_id specified"),
    ("unbanChatMember", "invalid user_id specified"),
    ("restrictChatMember", "invalid user_id specified"),
    ("promoteChatMember", "invalid user_id specified"),
    ("setChatAdministratorCustomTitle", "invalid user_id specified"),
    ("setChatMemberTag", "invalid user_id specified"),
    ("banChatSenderChat", "chat_id is empty"),
    ("unbanChatSenderChat", "chat_id is empty"),
    ("setChatPermissions", "chat_id is empty"),
    ("exportChatInviteLink", "chat_id is empty"),
    ("createChatInviteLink", "chat_id is empty"),
    ("editChatInviteLink", "chat_id is empty"),
    ("createChatSubscriptionInviteLink", "chat_id is empty"),
    ("editChatSubscriptionInviteLink", "chat_id is empty"),
    ("revokeChatInviteLink", "chat_id is empty"),
    ("approveChatJoinRequest", "invalid user_id specified"),
    ("answerGuestQuery", "result isn't specified"),
    ("getUserPersonalChatMessages", "invalid user_id specified"),
    ("savePreparedKeyboardButton", "invalid user_id specified"),
    ("getManagedBotToken", "invalid user_id specified"),
    ("replaceManagedBotToken", "invalid user_id specified"),
    ("getManagedBotAccessSettings", "invalid user_id specified"),
    ("setManagedBotAccessSettings", "invalid user_id specified"),
    ("answerChatJoinRequestQuery", "result must be one of \"approve\", \"decline\" or \"queue\""),
    ("sendChatJoinRequestWebApp", "URL '' is invalid: URL host is empty"),
    ("declineChatJoinRequest", "invalid user_id specified"),
    ("setChatPhoto", "there is no photo in the request"),
    ("deleteChatPhoto", "chat_id is empty"),
    ("setChatTitle", "chat_id is empty"),
    ("setChatDescription", "chat_id is empty"),
    ("setChatStickerSet", "chat_id is empty"),
    ("deleteChatStickerSet", "chat_id is empty"),
    ("pinChatMessage", "chat_id is empty"),
    ("unpinChatMessage", "chat_id is empty"),
    ("unpinAllChatMessages", "chat_id is empty"),
    ("leaveChat", "chat_id is empty"),
    ("getChat", "chat_id is empty"),
    ("getChatAdministrators", "chat_id is empty"),
    ("getChatMemberCount", "chat_id is empty"),
    ("getChatMember", "invalid user_id specified"),
    ("createForumTopic", "chat_id is empty"),
    ("editForumTopic", "chat_id is empty"),
    ("closeForumTopic", "chat_id is empty"),
    ("reopenForumTopic", "chat_id is empty"),
    ("deleteForumTopic", "chat_id is empty"),
    ("unpinAllForumTopicMessages", "chat_id is empty"),
    ("editGeneralForumTopic", "chat_id is empty"),
    ("closeGeneralForumTopic", "chat_id is empty"),
    ("reopenGeneralForumTopic", "chat_id is empty"),
    ("hideGeneralForumTopic", "chat_id is empty"),
    ("unhideGeneralForumTopic", "chat_id is empty"),
    ("unpinAllGeneralForumTopicMessages", "chat_id is empty"),
    // The id is read as an integer without a check: an absent one is an unknown query.
    ("answerCallbackQuery", INVALID_QUERY),
    ("getUserChatBoosts", "invalid user_id specified"),
    ("setMyProfilePhoto", "photo isn't specified"),
    ("editMessageText", "message text is empty"),
    ("editMessageMedia", "parameter \"media\" is required"),
    ("editMessageLiveLocation", "latitude is empty"),
    ("stopPoll", "chat_id is empty"),
    ("deleteMessage", "chat identifier is not specified"),
    ("deleteMessages", "message identifiers are not specified"),
    // Results are optional to the parser; the empty query id is then unknown.
    ("answerInlineQuery", INVALID_QUERY),
    ("answerWebAppQuery", "result isn't specified"),
    ("savePreparedInlineMessage", "invalid user_id specified"),
    // Methods without required parameters that still need a target.
    ("editMessageCaption", "message identifier is not specified"),
    ("editMessageReplyMarkup", "message identifier is not specified"),
    ("stopMessageLiveLocation", "message identifier is not specified"),
];

/// One required parameter missing or malformed, the others in place: the check that fails.
fn partial_calls() -> Vec<(&'static str, Value, &'static str)> {
    let too_many: Vec<i64> = (1..=101).collect();
    // setMessageReaction on a message that is there, with a malformed `reaction`.
    let reactions = [
        (json!("x"), "can't parse reaction types JSON object"),
        (json!("{}"), "expected an Array of ReactionType"),
        (json!("[1]"), "can't parse ReactionType: expected an Object"),
        (json!("[{}]"), "can't parse ReactionType: Can't find field \"type\""),
        (json!([{"type": "x"}]), "can't parse ReactionType: invalid reaction type specified"),
    ]
    .map(|(reaction, words)| {
        ("setMessageReaction", json!({"chat_id": "$alice", "message_id": "$sent", "reaction": reaction}), words)
    });
    let mut rows = vec![
        ("sendMessage", json!({"text": "hi"}), "chat_id is empty"),
        // An invoice's parameters are read first, then the send options and the chat, then
        // TDLib's and the platform's checks of the invoice.
        (
            "sendInvoice",
            json!({"title": "T", "description": "D", "payload": "p", "currency": "USD", "prices": "x"}),
            "can't parse prices JSON object",
        ),
        (
            "sendInvoice",
            json!({"title": "T", "description": "D", "payload": "p", "currency": "ZZZ", "prices": "[{\"label\":\"a\",\"amount\":1}]"}),
            "chat_id is empty",
        ),
        (
            "sendInvoice",
            json!({"chat_id": "$alice", "title": "T", "description": "D", "payload": "p", "currency": "ZZZ", "prices": "[{\"label\":\"a\",\"amount\":0}]"}),
            "total price must be positive",
        ),
        (
            "answerShippingQuery",
            json!({"shipping_query_id": "1", "ok": true}),
            "parameter \"shipping_options\" is required",
        ),
        (
            "answerShippingQuery",
            json!({"shipping_query_id": "1", "ok": true, "shipping_options": "[]"}),
            "there must be at least one shipping option",
        ),
        (
            "answerShippingQuery",
            json!({"shipping_query_id": "1", "ok": true, "shipping_options": "[{\"id\":\"a\",\"title\":\"A\",\"prices\":[]}]"}),
            "can't parse shipping option: Can't parse shipping option prices: There must be at least one price",
        ),
        (
            "answerPreCheckoutQuery",
            json!({"pre_checkout_query_id": "1", "ok": true}),
            "query is too old and response timeout expired or query ID is invalid",
        ),
        ("refundStarPayment", json!({"user_id": "$alice"}), "parameter \"telegram_payment_charge_id\" is required"),
        ("sendMessage", json!({"chat_id": "$alice", "text": ""}), "message text is empty"),
        ("sendMessage", json!({"chat_id": "abc", "text": "hi"}), "chat not found"),
        ("sendMessage", json!({"chat_id": "0", "text": "hi"}), "chat not found"),
        ("sendMessage", json!({"chat_id": "@nobody_here", "text": "hi"}), "chat not found"),
        // The options every send shares are read before the chat: the link preview before the
        // text, then the reply, then the keyboard.
        ("sendMessage", json!({"link_preview_options": "x"}), "can't parse link preview options JSON object"),
        ("sendMessage", json!({"text": "hi", "link_preview_options": "[]"}), "object expected as link preview options"),
        (
            "sendMessage",
            json!({"text": "hi", "reply_parameters": "x", "reply_markup": "x"}),
            "can't parse reply parameters JSON object",
        ),
        ("sendMessage", json!({"text": "hi", "reply_parameters": "[]"}), "object expected as reply parameters"),
        // Inside reply_parameters, each field read as tdutils reads it, in the reference's order.
        (
            "sendMessage",
            json!({"chat_id": "$alice", "text": "hi", "reply_parameters": {"chat_id": 1}}),
            "can't find field \"message_id\"",
        ),
        (
            "sendMessage",
            json!({"chat_id": "$alice", "text": "hi", "reply_parameters": {"chat_id": [], "message_id": 1}}),
            "field \"chat_id\" must be of type String",
        ),
        (
            "sendMessage",
            json!({"chat_id": "$alice", "text": "hi", "reply_parameters": {"message_id": true}}),
            "field \"message_id\" must be a Number",
        ),
        (
            "sendMessage",
            json!({"chat_id": "$alice", "text": "hi", "reply_parameters": {"message_id": "abc"}}),
            "field \"message_id\" must be a valid Number",
        ),
        (
            "sendMessage",
            json!({"chat_id": "$alice", "text": "hi",
                "reply_parameters": {"message_id": 1, "allow_sending_without_reply": "yes"}}),
            "field \"allow_sending_without_reply\" must be of type Boolean",
        ),
        (
            "sendMessage",
            json!({"chat_id": "$alice", "text": "hi", "reply_parameters": {"message_id": 1, "quote_position": "x"}}),
            "field \"quote_position\" must be a valid Number",
        ),
        ("sendMessage", json!({"text": "hi", "reply_markup": "x"}), "can't parse reply keyboard markup JSON object"),
        ("sendMessage", json!({"text": "hi", "reply_markup": "[]"}), "object expected as reply markup"),
        (
            "sendPhoto",
            json!({"photo": "AgADBAADbogus", "reply_markup": "x"}),
            "can't parse reply keyboard markup JSON object",
        ),
        ("sendDice", json!({"reply_parameters": "x"}), "can't parse reply parameters JSON object"),
        // The message is looked up before the chat it goes to is read.
        ("forwardMessage", json!({"from_chat_id": "$alice"}), "message to forward not found"),
        ("forwardMessage", json!({"from_chat_id": "$alice", "message_id": "$sent"}), "chat_id is empty"),
        ("copyMessage", json!({"from_chat_id": "$alice", "message_id": "0"}), "message to copy not found"),
        ("copyMessage", json!({"from_chat_id": "$alice", "message_id": "$sent"}), "chat_id is empty"),
        ("forwardMessages", json!({"from_chat_id": "$alice"}), "message identifiers are not specified"),
        ("forwardMessages", json!({"from_chat_id": "$alice", "message_ids": "[1]"}), "chat_id is empty"),
        ("copyMessages", json!({"from_chat_id": "$alice", "message_ids": "x"}), "can't parse message_ids JSON object"),
        (
            "copyMessages",
            json!({"from_chat_id": "$alice", "message_ids": "{}"}),
            "expected an Array of message identifiers",
        ),
        (
            "deleteMessages",
            json!({"chat_id": "$alice", "message_ids": "[true]"}),
            "message identifier must be a Number",
        ),
        (
            "deleteMessages",
            json!({"chat_id": "$alice", "message_ids": "[\"a\"]"}),
            "can't parse message identifier as a Number",
        ),
        ("deleteMessages", json!({"chat_id": "$alice", "message_ids": "[0]"}), "invalid message identifier specified"),
        (
            "deleteMessages",
            json!({"chat_id": "$alice", "message_ids": too_many}),
            "too many message identifiers specified",
        ),
        ("deleteMessages", json!({"message_ids": "[1]"}), "chat_id is empty"),
        ("deleteMessage", json!({"chat_id": "$alice"}), "message identifier is not specified"),
        ("deleteMessage", json!({"message_id": "1"}), "chat identifier is not specified"),
        ("sendPhoto", json!({"photo": "AgADBAADbogus"}), "chat_id is empty"),
        ("sendContact", json!({"phone_number": "+1 555"}), "parameter \"first_name\" is required"),
        ("sendContact", json!({"first_name": "Bob"}), "parameter \"phone_number\" is required"),
        ("sendLocation", json!({"latitude": "1.5"}), "longitude is empty"),
        ("sendLocation", json!({"latitude": "  ", "longitude": "1"}), "latitude is empty"),
        ("sendVenue", json!({"latitude": "1", "longitude": "2", "title": "T", "address": "A"}), "chat_id is empty"),
        (
            "sendPoll",
            json!({"chat_id": "$alice", "question": "q", "options": "{}"}),
            "expected an Array of String as options",
        ),
        (
            "sendPoll",
            json!({"chat_id": "$alice", "question": "q", "options": "[1]"}),
            "expected an option to be of type String",
        ),
        ("sendPoll", json!({"question": "q", "options": "[\"a\",\"b\"]"}), "chat_id is empty"),
        ("sendMediaGroup", json!({"chat_id": "$alice", "media": "x"}), "can't parse media JSON object"),
        ("sendMediaGroup", json!({"chat_id": "$alice", "media": "{}"}), "expected an Array of InputMedia"),
        ("sendChatAction", json!({"chat_id": "$alice"}), "wrong parameter action in request"),
        ("sendChatAction", json!({"chat_id": "$alice", "action": "dance"}), "wrong parameter action in request"),
        ("sendChatAction", json!({"action": "typing"}), "chat_id is empty"),
        ("banChatMember", json!({"user_id": "$alice"}), "chat_id is empty"),
        ("banChatMember", json!({"chat_id": "$alice", "user_id": "abc"}), "invalid user_id specified"),
        ("banChatMember", json!({"chat_id": "$alice", "user_id": "-5"}), "invalid user_id specified"),
        ("getChatMember", json!({"user_id": "$alice"}), "chat_id is empty"),
        ("getUserProfilePhotos", json!({"user_id": "0"}), "invalid user_id specified"),
        ("banChatSenderChat", json!({"chat_id": "$alice"}), "sender_chat_id is empty"),
        (
            "banChatSenderChat",
            json!({"chat_id": "$alice", "sender_chat_id": "abc"}),
            "sender_chat_id is not a valid Integer",
        ),
        ("editMessageText", json!({"text": "x"}), "message identifier is not specified"),
        ("editMessageText", json!({"text": "x", "chat_id": "$alice"}), "message to edit not found"),
        ("editMessageText", json!({"text": "x", "message_id": "$sent"}), "chat_id is empty"),
        ("stopPoll", json!({"chat_id": "$alice"}), "message with poll to stop not found"),
        ("editMessageCaption", json!({"chat_id": "$alice"}), "message to edit not found"),
        ("editMessageReplyMarkup", json!({"message_id": "$sent"}), "chat_id is empty"),
        ("stopMessageLiveLocation", json!({"chat_id": "$alice"}), "message to edit not found"),
        ("deleteMessage", json!({"chat_id": "$alice", "message_id": "abc"}), "message identifier is not specified"),
        ("forwardMessage", json!({"chat_id": "$alice", "from_chat_id": "abc", "message_id": "1"}), "chat not found"),
        ("pinChatMessage", json!({"chat_id": "$alice"}), "message to pin not found"),
        ("unpinChatMessage", json!({"chat_id": "$alice"}), "message to unpin not found"),
        ("setMessageReaction", json!({"chat_id": "$alice"}), "message to react not found"),
        ("deleteMessageReaction", json!({"chat_id": "$alice"}), "message to delete reactions not found"),
        ("getFile", json!({"file_id": "abc"}), "invalid file_id"),
        ("setMyCommands", json!({"commands": "x"}), "can't parse commands JSON object"),
        ("setMyCommands", json!({"commands": "{}"}), "expected an Array of BotCommand"),
        ("setChatPermissions", json!({"chat_id": "$alice", "permissions": "x"}), "can't parse permissions JSON object"),
        ("setChatPermissions", json!({"chat_id": "$alice", "permissions": "[]"}), "object expected as permissions"),
        ("answerCallbackQuery", json!({"callback_query_id": "12345"}), INVALID_QUERY),
        // Values of the wrong shape are read as the reference reads text: an integer that does
        // not parse is 0, a JSON value in place of a string is its JSON text.
        ("sendMessage", json!({"chat_id": {}, "text": "hi"}), "chat not found"),
        ("sendMessage", json!({"chat_id": [1], "text": "hi"}), "chat not found"),
        ("getChat", json!({"chat_id": true}), "chat not found"),
        (
            "editMessageText",
            json!({"chat_id": "$alice", "message_id": "abc", "text": "x"}),
            "message to edit not found",
        ),
        ("editMessageText", json!({"chat_id": "$alice", "message_id": -3, "text": "x"}), "message to edit not found"),
        ("getChatMember", json!({"chat_id": "$alice", "user_id": [1]}), "invalid user_id specified"),
        ("getChatMember", json!({"chat_id": "$alice", "user_id": {"id": 1}}), "invalid user_id specified"),
        (
            "deleteMessages",
            json!({"chat_id": "$alice", "message_ids": {"a": 1}}),
            "expected an Array of message identifiers",
        ),
        (
            "sendPoll",
            json!({"chat_id": "$alice", "question": "q", "options": 5}),
            "expected an Array of String as options",
        ),
    ];
    rows.extend(reactions);
    rows
}

/// Replaces each `$name` of `names` in every string value of `params` with its id.
fn bind(params: &Value, names: &[(&str, i64)]) -> Value {
    match params {
        Value::String(s) => {
            Value::String(names.iter().fold(s.clone(), |s, (name, id)| s.replace(name, &id.to_string())))
        }
        Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), bind(v, names))).collect(),
        other => other.clone(),
    }
}

#[test]
fn missing_and_malformed_parameters_get_the_references_words() {
    let Started { root: _root, server, bot, alice: _, bot_id: _, alice_id } = started("wording_bot");
    let sent = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "hello"})))["message_id"]
        .as_i64()
        .unwrap();

    let mut wrong = Vec::new();
    let rows = EMPTY_CALL.iter().map(|(method, words)| (*method, json!({}), *words));
    for (method, params, words) in rows.chain(partial_calls()) {
        let params = bind(&params, &[("$alice", alice_id), ("$sent", sent)]);
        let reply = server.call(&bot, method, params.clone());
        let expected = format!("400 Bad Request: {words}");
        let got = format!("{} {}", reply.status, reply.json()["description"].as_str().unwrap_or_default());
        if got != expected {
            wrong.push(format!("{method} {params}\n    want {expected}\n    got  {got}"));
        }
    }
    assert!(wrong.is_empty(), "{} answers differ from the reference:\n{}", wrong.len(), wrong.join("\n"));

    // The two calls the reference lets through without their required parameters:
    // setWebhook without a url removes the webhook; setMyCommands without commands clears them.
    let reply = server.call(&bot, "setWebhook", json!({}));
    assert_eq!(reply.json(), json!({"ok": true, "result": true, "description": "Webhook is already deleted"}));
    ok(server.call(&bot, "setMyCommands", json!({"commands": [{"command": "start", "description": "Start"}]})));
    assert_eq!(ok(server.call(&bot, "setMyCommands", json!({}))), json!(true));
    assert_eq!(ok(server.call(&bot, "getMyCommands", json!({}))), json!([]));
}

#[test]
fn every_working_method_with_required_parameters_is_in_the_table() {
    let spec = spec();
    let root = tempfile::tempdir().unwrap();
    let (status, table, stderr) = launch(root.path()).arg("methods").arg("--markdown").run();
    assert!(status.success(), "{stderr}");
    let working: Vec<&str> =
        table.lines().filter(|row| row.contains("works")).filter_map(|row| row.split('`').nth(1)).collect();
    assert!(working.len() > 100, "{table}");
    let exempt = ["setWebhook", "setMyCommands"];
    let missing: Vec<&str> = working
        .into_iter()
        .filter(|m| {
            let fields = spec["methods"][*m]["fields"].as_array().cloned().unwrap_or_default();
            fields.iter().any(|f| f["required"] == true)
        })
        .filter(|m| !exempt.contains(m) && !EMPTY_CALL.iter().any(|(name, _)| name == m))
        .collect();
    assert!(missing.is_empty(), "methods with required parameters but no row in EMPTY_CALL: {missing:?}");
}
