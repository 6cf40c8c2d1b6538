//! Groups on the embedded platform through real HTTP: a supergroup created by a person, a bot
//! promoted there, members banned, restricted and reinstated with the public platform's rights
//! and error strings, the chat's own settings, and the updates bots receive about it all. Every
//! answer passes the server's schema check (validation mode).

use std::time::{Duration, Instant};

use msg_testkit::Server;
use serde_json::{Value, json};

use super::{create_bot, create_user, error, id_of, launch, ok};

/// Polls `token`'s queue (a bot's, or a person's with `user`) until an update satisfies `want`,
/// acknowledging what it reads; returns that update.
fn next_update(server: &Server, token: &str, user: bool, want: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut offset = 0;
    loop {
        assert!(Instant::now() < deadline, "the update never came");
        let params = json!({"offset": offset, "timeout": 5, "allowed_updates": ["message", "channel_post", "edited_channel_post", "my_chat_member", "chat_member", "chat_join_request"]});
        let params = if user { json!({"offset": offset, "timeout": 5}) } else { params };
        let reply =
            if user { server.user_call(token, "getUpdates", params) } else { server.call(token, "getUpdates", params) };
        for update in ok(reply).as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            if want(update) {
                // Acknowledge it too.
                let ack = json!({"offset": offset, "timeout": 0});
                let _ = if user {
                    server.user_call(token, "getUpdates", ack)
                } else {
                    server.call(token, "getUpdates", ack)
                };
                return update.clone();
            }
        }
    }
}

#[test]
fn a_promoted_bot_administers_a_supergroup_with_the_platforms_rights() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "warden_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let carol = create_user(root.path(), "Carol");
    let server = launch(root.path()).start();
    let (bot_id, bob_id, carol_id) = (id_of(&bot), id_of(&bob), id_of(&carol));
    // The bot asks for chat_member from the start (it is not in the default set).
    ok(server.call(&bot, "getUpdates", json!({"allowed_updates": ["message", "my_chat_member", "chat_member"]})));

    let group = ok(server.user_call(
        &alice,
        "createSupergroup",
        json!({"title": "Guild", "member_ids": [bot_id, bob_id, carol_id]}),
    ));
    let chat = group["id"].as_i64().unwrap();
    assert!(chat < -1_000_000_000_000, "supergroup ids are -100…: {chat}");
    assert_eq!(group["type"], "supergroup");

    // What a plain member bot may read.
    let full = ok(server.call(&bot, "getChat", json!({"chat_id": chat})));
    assert_eq!((full["type"].as_str(), full["title"].as_str()), (Some("supergroup"), Some("Guild")));
    assert_eq!(full["permissions"]["can_send_messages"], true);
    assert_eq!(ok(server.call(&bot, "getChatMemberCount", json!({"chat_id": chat}))), json!(4));
    assert_eq!(ok(server.call(&bot, "getChatMembersCount", json!({"chat_id": chat}))), json!(4));
    let admins = ok(server.call(&bot, "getChatAdministrators", json!({"chat_id": chat})));
    assert_eq!(admins.as_array().unwrap().len(), 1);
    assert_eq!(
        (admins[0]["status"].as_str(), admins[0]["user"]["id"].as_i64()),
        (Some("creator"), Some(id_of(&alice)))
    );
    assert_eq!(ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})))["status"], "member");
    // The reference reads user_id before it looks at the chat.
    for (params, expected) in [
        (json!({}), "Bad Request: invalid user_id specified"),
        (json!({"chat_id": chat, "user_id": "abc"}), "Bad Request: invalid user_id specified"),
        (json!({"user_id": bob_id}), "Bad Request: chat_id is empty"),
        (json!({"chat_id": -100999, "user_id": bob_id}), "Bad Request: chat not found"),
    ] {
        assert_eq!(error(server.call(&bot, "getChatMember", params)), (400, expected.to_owned()));
    }

    // Without rights a bot bans nobody; a plain member promotes nobody.
    let refused = server.call(&bot, "banChatMember", json!({"chat_id": chat, "user_id": carol_id}));
    assert_eq!(error(refused), (400, "Bad Request: not enough rights to restrict/unrestrict chat member".into()));
    let refused = server.user_call(
        &bob,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_restrict_members": true}),
    );
    assert_eq!(error(refused), (400, "Bad Request: not enough rights".into()));

    // The owner promotes the bot: it learns so through my_chat_member.
    let rights = json!({"chat_id": chat, "user_id": bot_id, "can_restrict_members": true, "can_pin_messages": true,
        "can_change_info": true, "can_invite_users": true, "can_delete_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    let promoted =
        next_update(&server, &bot, false, |u| u["my_chat_member"]["new_chat_member"]["status"] == "administrator");
    let me = &promoted["my_chat_member"]["new_chat_member"];
    assert_eq!((me["can_restrict_members"].as_bool(), me["can_promote_members"].as_bool()), (Some(true), Some(false)));
    assert_eq!(promoted["my_chat_member"]["old_chat_member"]["status"], "member");
    let admins = ok(server.call(&bot, "getChatAdministrators", json!({"chat_id": chat})));
    assert_eq!(admins.as_array().unwrap().len(), 2, "{admins}");

    // The owner and the bot itself are out of reach.
    for (target, expected) in [(id_of(&alice), "can't remove chat owner"), (bot_id, "can't restrict self")] {
        let refused = server.call(&bot, "banChatMember", json!({"chat_id": chat, "user_id": target}));
        assert_eq!(error(refused), (400, format!("Bad Request: {expected}")));
    }

    // A ban: the bot hears of it (chat_member), Carol is out and can't write.
    ok(server.call(&bot, "banChatMember", json!({"chat_id": chat, "user_id": carol_id})));
    let banned = next_update(&server, &bot, false, |u| u["chat_member"]["new_chat_member"]["status"] == "kicked");
    assert_eq!(banned["chat_member"]["new_chat_member"]["user"]["id"], carol_id);
    assert_eq!(banned["chat_member"]["new_chat_member"]["until_date"], 0);
    let kicked = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": carol_id})));
    assert_eq!(kicked["status"], "kicked");
    assert_eq!(error(server.user_call(&carol, "sendMessage", json!({"chat_id": chat, "text": "hi"}))).0, 403);
    let refused = server.user_call(&bob, "addChatMember", json!({"chat_id": chat, "user_id": carol_id}));
    assert_eq!(error(refused), (400, "Bad Request: USER_KICKED".into()));
    // only_if_banned on someone not banned changes nothing; the unban lets her back in.
    ok(server.call(&bot, "unbanChatMember", json!({"chat_id": chat, "user_id": bob_id, "only_if_banned": true})));
    assert_eq!(ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})))["status"], "member");
    ok(server.call(&bot, "unbanChatMember", json!({"chat_id": chat, "user_id": carol_id, "only_if_banned": true})));
    assert_eq!(ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": carol_id})))["status"], "left");
    ok(server.user_call(&bob, "addChatMember", json!({"chat_id": chat, "user_id": carol_id})));

    // A restriction: Bob may no longer write; a malformed permission is the reference's error.
    let mute = json!({"chat_id": chat, "user_id": bob_id, "permissions": {"can_send_messages": false}});
    ok(server.call(&bot, "restrictChatMember", mute));
    let muted = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})));
    assert_eq!((muted["status"].as_str(), muted["is_member"].as_bool()), (Some("restricted"), Some(true)));
    assert_eq!((muted["can_send_messages"].as_bool(), muted["until_date"].as_i64()), (Some(false), Some(0)));
    let refused = server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "text": "let me speak"}));
    assert_eq!(error(refused), (400, "Bad Request: not enough rights to send text messages to the chat".into()));
    // Each kind of content names itself, under the right that covers it (TDLib's wording).
    let only_text = json!({"can_send_messages": true, "can_send_polls": false, "can_send_other_messages": false});
    ok(server.call(&bot, "restrictChatMember", json!({"chat_id": chat, "user_id": bob_id, "permissions": only_text})));
    let place = json!({"chat_id": chat, "latitude": 1, "longitude": 2});
    ok(server.user_call(&bob, "sendLocation", place));
    for (method, params, what) in [
        ("sendPoll", json!({"chat_id": chat, "question": "Q?", "options": ["a", "b"]}), "polls"),
        ("sendDice", json!({"chat_id": chat}), "dice"),
    ] {
        let refused = server.user_call(&bob, method, params);
        assert_eq!(error(refused), (400, format!("Bad Request: not enough rights to send {what} to the chat")));
    }
    let bad = json!({"chat_id": chat, "user_id": bob_id, "permissions": {"can_send_messages": "no"}});
    assert_eq!(
        error(server.call(&bot, "restrictChatMember", bad)),
        (400, "Bad Request: can't parse chat permissions: Field \"can_send_messages\" must be of type Boolean".into())
    );
    let all = json!({"can_send_messages": true, "can_send_audios": true, "can_send_documents": true, "can_send_photos": true,
        "can_send_videos": true, "can_send_video_notes": true, "can_send_voice_notes": true, "can_send_polls": true,
        "can_send_other_messages": true, "can_add_web_page_previews": true, "can_edit_tag": true, "can_change_info": true,
        "can_invite_users": true, "can_pin_messages": true, "can_manage_topics": true});
    ok(server.call(&bot, "restrictChatMember", json!({"chat_id": chat, "user_id": bob_id, "permissions": all})));
    assert_eq!(ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})))["status"], "member");
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "text": "thanks"})));

    // Chat-wide permissions bind members, not administrators.
    ok(server.call(&bot, "setChatPermissions", json!({"chat_id": chat, "permissions": {"can_send_messages": false}})));
    assert_eq!(ok(server.call(&bot, "getChat", json!({"chat_id": chat})))["permissions"]["can_send_messages"], false);
    assert_eq!(error(server.user_call(&carol, "sendMessage", json!({"chat_id": chat, "text": "x"}))).0, 400);
    ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "admins still talk"})));
    ok(server.call(&bot, "setChatPermissions", json!({"chat_id": chat, "permissions": all})));

    // Title, description and pins.
    ok(server.call(&bot, "setChatTitle", json!({"chat_id": chat, "title": "  The   Guild "})));
    let retitled = next_update(&server, &carol, true, |u| u["message"]["new_chat_title"].is_string());
    assert_eq!(retitled["message"]["new_chat_title"], "The Guild");
    ok(server.call(&bot, "setChatDescription", json!({"chat_id": chat, "description": "Members only"})));
    let again = server.call(&bot, "setChatDescription", json!({"chat_id": chat, "description": "Members only"}));
    assert_eq!(error(again), (400, "Bad Request: chat description is not modified".into()));
    let note = ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "Rules: be kind"})));
    ok(server.call(&bot, "pinChatMessage", json!({"chat_id": chat, "message_id": note["message_id"]})));
    let full = ok(server.call(&bot, "getChat", json!({"chat_id": chat})));
    assert_eq!((full["title"].as_str(), full["description"].as_str()), (Some("The Guild"), Some("Members only")));
    assert_eq!(full["pinned_message"]["text"], "Rules: be kind");
    let missing = server.call(&bot, "pinChatMessage", json!({"chat_id": chat, "message_id": 9999}));
    assert_eq!(error(missing), (400, "Bad Request: message to pin not found".into()));
    ok(server.call(&bot, "unpinAllChatMessages", json!({"chat_id": chat})));
    assert!(ok(server.call(&bot, "getChat", json!({"chat_id": chat}))).get("pinned_message").is_none());
    // A chat photo: an upload only; everyone sees it with file ids of their own.
    let path = format!("/bot{bot}/setChatPhoto");
    let refused = msg_testkit::Multipart::new().text("chat_id", &chat.to_string()).post(server.api, &path);
    assert_eq!(error(refused), (400, "Bad Request: there is no photo in the request".into()));
    let refused = server.call(&bot, "setChatPhoto", json!({"chat_id": chat, "photo": "https://example.com/a.png"}));
    assert_eq!(error(refused), (400, "Bad Request: photo must be uploaded as an InputFile".into()));
    let photo = super::files::png(640, 480);
    let set = msg_testkit::Multipart::new()
        .text("chat_id", &chat.to_string())
        .file("photo", "avatar.png", "image/png", &photo)
        .post(server.api, &path);
    assert_eq!(ok(set), json!(true));
    let shown = next_update(&server, &carol, true, |u| u["message"]["new_chat_photo"].is_array());
    assert!(shown["message"]["new_chat_photo"].as_array().unwrap().len() >= 2, "{shown}");
    let full = ok(server.call(&bot, "getChat", json!({"chat_id": chat})));
    let file = ok(server.call(&bot, "getFile", json!({"file_id": full["photo"]["big_file_id"]})));
    assert!(file["file_path"].as_str().unwrap().starts_with("photos/"), "{file}");
    ok(server.call(&bot, "deleteChatPhoto", json!({"chat_id": chat})));
    assert!(ok(server.call(&bot, "getChat", json!({"chat_id": chat}))).get("photo").is_none());
    let again = server.call(&bot, "deleteChatPhoto", json!({"chat_id": chat}));
    assert_eq!(error(again), (400, "Bad Request: CHAT_NOT_MODIFIED".into()));

    let second = ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "Also: be brief"})));
    ok(server.call(&bot, "pinChatMessage", json!({"chat_id": chat, "message_id": second["message_id"]})));
    ok(server.call(&bot, "unpinChatMessage", json!({"chat_id": chat, "message_id": second["message_id"]})));
    let missing = server.call(&bot, "unpinChatMessage", json!({"chat_id": chat, "message_id": 9999}));
    assert_eq!(error(missing), (400, "Bad Request: message to unpin not found".into()));
    let title = json!({"chat_id": chat, "user_id": bot_id, "custom_title": "Warden"});
    assert_eq!(
        error(server.call(&bot, "setChatAdministratorCustomTitle", title.clone())),
        (400, "Bad Request: not enough rights to change custom title of the user".into())
    );
    assert_eq!(
        error(server.call(&bot, "setChatStickerSet", json!({"chat_id": chat, "sticker_set_name": "cats"}))),
        (400, "Bad Request: sticker set not found".into())
    );

    // Methods for supergroups only, and for groups only.
    let basic = ok(server.user_call(&alice, "createGroup", json!({"title": "Basic", "member_ids": [bot_id, bob_id]})));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let basic = basic["id"].as_i64().unwrap();
    for (method, params, expected) in [
        (
            "unbanChatMember",
            json!({"chat_id": basic, "user_id": bob_id}),
            "method is available for supergroup and channel chats only",
        ),
        (
            "promoteChatMember",
            json!({"chat_id": basic, "user_id": bob_id}),
            "method is available for supergroup and channel chats only",
        ),
        (
            "restrictChatMember",
            json!({"chat_id": basic, "user_id": bob_id}),
            "method is available only for supergroups",
        ),
        (
            "setChatStickerSet",
            json!({"chat_id": basic, "sticker_set_name": "x"}),
            "method is available only for supergroups",
        ),
        ("getChatAdministrators", json!({"chat_id": id_of(&alice)}), "there are no administrators in the private chat"),
        ("leaveChat", json!({"chat_id": id_of(&alice)}), "can't leave private chats"),
        ("banChatMember", json!({"chat_id": basic, "user_id": bob_id}), "CHAT_ADMIN_REQUIRED"),
    ] {
        assert_eq!(error(server.call(&bot, method, params)), (400, format!("Bad Request: {expected}")), "{method}");
    }
    assert_eq!(ok(server.call(&bot, "getChatMemberCount", json!({"chat_id": id_of(&alice)}))), json!(2));

    // The bot leaves; banned, it is told it was kicked.
    ok(server.call(&bot, "leaveChat", json!({"chat_id": chat})));
    let gone = server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "?"}));
    assert_eq!(error(gone), (403, "Forbidden: bot is not a member of the supergroup chat".into()));
    ok(server.user_call(&alice, "addChatMember", json!({"chat_id": chat, "user_id": bot_id})));
    ok(server.user_call(&alice, "banChatMember", json!({"chat_id": chat, "user_id": bot_id})));
    let kicked = server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "?"}));
    assert_eq!(error(kicked), (403, "Forbidden: bot was kicked from the supergroup chat".into()));
}

#[test]
fn standings_survive_a_restart_and_temporary_bans_end() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "keeper_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let chat = {
        let server = launch(root.path()).start();
        let group =
            ok(server.user_call(&alice, "createSupergroup", json!({"title": "Keep", "member_ids": [bot_id, bob_id]})));
        let chat = group["id"].as_i64().unwrap();
        ok(server.user_call(
            &alice,
            "promoteChatMember",
            json!({"chat_id": chat, "user_id": bot_id, "can_restrict_members": true}),
        ));
        // A ban 33 s ahead is temporary (under 30 s would be for ever).
        let until = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() + 33;
        ok(server.call(&bot, "banChatMember", json!({"chat_id": chat, "user_id": bob_id, "until_date": until})));
        let banned = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})));
        assert_eq!((banned["status"].as_str(), banned["until_date"].as_u64()), (Some("kicked"), Some(until)));
        chat
    };
    let server = launch(root.path()).start();
    let admin = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bot_id})));
    assert_eq!(
        (admin["status"].as_str(), admin["can_restrict_members"].as_bool()),
        (Some("administrator"), Some(true))
    );
    assert_eq!(ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})))["status"], "kicked");
    let deadline = Instant::now() + Duration::from_secs(60);
    while ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})))["status"] != "left" {
        assert!(Instant::now() < deadline, "the temporary ban never ended");
        std::thread::sleep(Duration::from_millis(250));
    }
    // Bob may be added again.
    ok(server.user_call(&alice, "addChatMember", json!({"chat_id": chat, "user_id": bob_id})));
}

#[test]
fn the_bots_profile_is_kept_per_language_and_a_person_can_block_the_bot() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "profile_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));

    // Names, descriptions and short descriptions fall back to the default language.
    let first_name = ok(server.call(&bot, "getMe", json!({})))["first_name"].clone();
    assert_eq!(ok(server.call(&bot, "getMyName", json!({}))), json!({"name": first_name}));
    ok(server.call(&bot, "setMyName", json!({"name": "Profile Bot"})));
    ok(server.call(&bot, "setMyName", json!({"name": "Profilbot", "language_code": "de"})));
    // The default language's name is the bot's own name from then on.
    assert_eq!(ok(server.call(&bot, "getMe", json!({})))["first_name"], "Profile Bot");
    assert_eq!(ok(server.call(&bot, "getMyName", json!({"language_code": "de"})))["name"], "Profilbot");
    assert_eq!(ok(server.call(&bot, "getMyName", json!({"language_code": "fr"})))["name"], "Profile Bot");
    ok(server.call(&bot, "setMyDescription", json!({"description": "Keeps profiles"})));
    assert_eq!(ok(server.call(&bot, "getMyDescription", json!({}))), json!({"description": "Keeps profiles"}));
    assert_eq!(ok(server.call(&bot, "getMyShortDescription", json!({}))), json!({"short_description": ""}));
    let bad = server.call(&bot, "setMyShortDescription", json!({"short_description": "x", "language_code": "eng"}));
    assert_eq!(error(bad), (400, "Bad Request: invalid language code specified".into()));

    // Default administrator rights, groups and channels apart.
    let rights = ok(server.call(&bot, "getMyDefaultAdministratorRights", json!({})));
    assert_eq!(
        (rights["can_restrict_members"].as_bool(), rights["can_pin_messages"].as_bool()),
        (Some(false), Some(false))
    );
    ok(server.call(
        &bot,
        "setMyDefaultAdministratorRights",
        json!({"rights": {"can_restrict_members": true, "can_manage_chat": true}}),
    ));
    let rights = ok(server.call(&bot, "getMyDefaultAdministratorRights", json!({})));
    assert_eq!(rights["can_restrict_members"], true);
    let channel = ok(server.call(&bot, "getMyDefaultAdministratorRights", json!({"for_channels": true})));
    assert_eq!(
        (channel["can_restrict_members"].as_bool(), channel["can_post_messages"].as_bool()),
        (Some(false), Some(false))
    );
    let bad = server.call(&bot, "setMyDefaultAdministratorRights", json!({"rights": {"can_manage_chat": 1}}));
    assert_eq!(
        error(bad),
        (
            400,
            "Bad Request: can't parse ChatAdministratorRights: Field \"can_manage_chat\" must be of type Boolean"
                .into()
        )
    );

    // The menu button: the default one, and one for a person.
    assert_eq!(ok(server.call(&bot, "getChatMenuButton", json!({}))), json!({"type": "default"}));
    let app = json!({"type": "web_app", "text": "Open", "web_app": {"url": "https://app.example/"}});
    ok(server.call(&bot, "setChatMenuButton", json!({"chat_id": alice_id, "menu_button": app})));
    assert_eq!(ok(server.call(&bot, "getChatMenuButton", json!({"chat_id": alice_id}))), app);
    assert_eq!(ok(server.call(&bot, "getChatMenuButton", json!({}))), json!({"type": "default"}));
    for (params, expected) in [
        (json!({"menu_button": {"type": "nope"}}), "can't parse menu button: MenuButton has unsupported type"),
        (json!({"menu_button": {"text": "x"}}), "can't parse menu button: Can't find field \"type\""),
        (json!({"chat_id": "x", "menu_button": {"type": "commands"}}), "invalid chat_id specified"),
        (json!({"chat_id": 12345, "menu_button": {"type": "commands"}}), "user not found"),
    ] {
        assert_eq!(error(server.call(&bot, "setChatMenuButton", params)), (400, format!("Bad Request: {expected}")));
    }
    assert_eq!(
        ok(server.call(&bot, "getUserProfilePhotos", json!({"user_id": alice_id}))),
        json!({"total_count": 0, "photos": []})
    );
    assert_eq!(
        error(server.call(&bot, "getUserProfilePhotos", json!({"user_id": 0}))),
        (400, "Bad Request: invalid user_id specified".into())
    );

    // The bot's profile photo: an upload, shown by getUserProfilePhotos.
    for (photo, expected) in [
        (json!(null), "photo isn't specified"),
        (json!({"type": "static"}), "can't find field \"photo\""),
        (json!({"type": "static", "photo": "https://example.com/a.png"}), "photo must be uploaded as a file"),
        (json!({"type": "moving", "photo": "attach://p"}), "invalid profile photo type specified"),
    ] {
        let params = if photo.is_null() { json!({}) } else { json!({"photo": photo}) };
        assert_eq!(error(server.call(&bot, "setMyProfilePhoto", params)), (400, format!("Bad Request: {expected}")));
    }
    let set = msg_testkit::Multipart::new()
        .text("photo", r#"{"type":"static","photo":"attach://face"}"#)
        .file("face", "face.png", "image/png", &super::files::png(320, 320))
        .post(server.api, &format!("/bot{bot}/setMyProfilePhoto"));
    assert_eq!(ok(set), json!(true));
    let photos = ok(server.call(&bot, "getUserProfilePhotos", json!({"user_id": bot_id})));
    assert_eq!(photos["total_count"], 1);
    assert!(!photos["photos"][0].as_array().unwrap().is_empty(), "{photos}");
    assert_eq!(
        ok(server.call(&bot, "getUserProfileAudios", json!({"user_id": alice_id}))),
        json!({"total_count": 0, "audios": []})
    );
    let person_photo = msg_testkit::Multipart::new()
        .file("photo", "me.png", "image/png", &super::files::png(200, 200))
        .post(server.api, &format!("/user{alice}/setProfilePhoto"));
    assert_eq!(ok(person_photo), json!(true));
    let hers = ok(server.call(&bot, "getUserProfilePhotos", json!({"user_id": alice_id, "limit": 5})));
    assert_eq!(hers["total_count"], 1);
    let file_id = hers["photos"][0][0]["file_id"].clone();
    assert!(ok(server.call(&bot, "getFile", json!({"file_id": file_id})))["file_path"].is_string());
    ok(server.user_call(&alice, "deleteProfilePhoto", json!({})));
    assert_eq!(ok(server.call(&bot, "getUserProfilePhotos", json!({"user_id": alice_id})))["total_count"], 0);
    ok(server.call(&bot, "removeMyProfilePhoto", json!({})));
    assert_eq!(ok(server.call(&bot, "getUserProfilePhotos", json!({"user_id": bot_id})))["total_count"], 0);

    // A person blocks the bot: it is told, and its messages are refused until unblocked.
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    ok(server.user_call(&alice, "blockBot", json!({"chat_id": bot_id})));
    let blocked = next_update(&server, &bot, false, |u| u["my_chat_member"]["new_chat_member"]["status"] == "kicked");
    assert_eq!(blocked["my_chat_member"]["chat"]["id"], alice_id);
    assert_eq!(blocked["my_chat_member"]["chat"]["type"], "private");
    let refused = server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "still there?"}));
    assert_eq!(error(refused), (403, "Forbidden: bot was blocked by the user".into()));
    // Reading the chat takes no more than it did (the reference checks nothing else for it).
    assert_eq!(ok(server.call(&bot, "getChat", json!({"chat_id": alice_id})))["id"], alice_id);
    let refused = server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "hello?"}));
    assert_eq!(error(refused), (400, "Bad Request: YOU_BLOCKED_USER".into()));
    ok(server.user_call(&alice, "unblockBot", json!({"chat_id": bot_id})));
    next_update(&server, &bot, false, |u| u["my_chat_member"]["new_chat_member"]["status"] == "member");
    ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "welcome back"})));
}

#[test]
fn people_join_by_invite_links_and_bots_settle_join_requests() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "doorman_bot");
    let alice = create_user(root.path(), "Alice");
    let dave = create_user(root.path(), "Dave");
    let erin = create_user(root.path(), "Erin");
    let frank = create_user(root.path(), "Frank");
    let server = launch(root.path()).start();
    let (bot_id, dave_id) = (id_of(&bot), id_of(&dave));
    let group = ok(server.user_call(&alice, "createSupergroup", json!({"title": "Club", "member_ids": [bot_id]})));
    let chat = group["id"].as_i64().unwrap();
    let refused = server.call(&bot, "exportChatInviteLink", json!({"chat_id": chat}));
    assert_eq!(error(refused), (400, "Bad Request: not enough rights to manage chat invite link".into()));
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_invite_users": true}),
    ));

    let primary = ok(server.call(&bot, "exportChatInviteLink", json!({"chat_id": chat})));
    let primary = primary.as_str().unwrap().to_owned();
    assert!(primary.starts_with("https://t.me/+"), "{primary}");
    assert_eq!(ok(server.call(&bot, "getChat", json!({"chat_id": chat})))["invite_link"], primary.as_str());

    // A link asking for approval: the person is told the request is sent, the bot is asked.
    let both = json!({"chat_id": chat, "creates_join_request": true, "member_limit": 5});
    assert_eq!(
        error(server.call(&bot, "createChatInviteLink", both)),
        (400, "Bad Request: member limit can't be specified for links requiring administrator approval".into())
    );
    let vetted = ok(server.call(
        &bot,
        "createChatInviteLink",
        json!({"chat_id": chat, "name": "Vetted", "creates_join_request": true}),
    ));
    assert_eq!((vetted["name"].as_str(), vetted["creates_join_request"].as_bool()), (Some("Vetted"), Some(true)));
    assert_eq!((vetted["is_primary"].as_bool(), vetted["creator"]["id"].as_i64()), (Some(false), Some(bot_id)));
    let link = vetted["invite_link"].as_str().unwrap();
    let asked = server.user_call(&dave, "joinChat", json!({"invite_link": link}));
    assert_eq!(error(asked), (400, "Bad Request: INVITE_REQUEST_SENT".into()));
    let request = next_update(&server, &bot, false, |u| u.get("chat_join_request").is_some());
    let request = &request["chat_join_request"];
    assert_eq!((request["from"]["id"].as_i64(), request["user_chat_id"].as_i64()), (Some(dave_id), Some(dave_id)));
    assert_eq!(request["invite_link"]["pending_join_request_count"], 1);
    let missing = server.call(&bot, "declineChatJoinRequest", json!({"chat_id": chat, "user_id": id_of(&erin)}));
    assert_eq!(error(missing), (400, "Bad Request: HIDE_REQUESTER_MISSING".into()));
    ok(server.call(&bot, "approveChatJoinRequest", json!({"chat_id": chat, "user_id": dave_id})));
    assert_eq!(
        ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": dave_id})))["status"],
        "member"
    );
    next_update(&server, &dave, true, |u| u["message"]["new_chat_members"][0]["id"] == dave_id);

    // A limited link admits as many as it says; a revoked one nobody.
    let one = ok(server.call(&bot, "createChatInviteLink", json!({"chat_id": chat, "member_limit": 1})));
    let one = one["invite_link"].as_str().unwrap().to_owned();
    ok(server.user_call(&erin, "joinChat", json!({"invite_link": one})));
    assert_eq!(
        error(server.user_call(&frank, "joinChat", json!({"invite_link": one}))),
        (400, "Bad Request: USERS_TOO_MUCH".into())
    );
    let edited = ok(server.call(
        &bot,
        "editChatInviteLink",
        json!({"chat_id": chat, "invite_link": one, "name": "Once", "member_limit": 2}),
    ));
    assert_eq!((edited["name"].as_str(), edited["member_limit"].as_i64()), (Some("Once"), Some(2)));
    let revoked = ok(server.call(&bot, "revokeChatInviteLink", json!({"chat_id": chat, "invite_link": one})));
    assert_eq!(revoked["is_revoked"], true);
    assert_eq!(
        error(server.user_call(&frank, "joinChat", json!({"invite_link": one}))),
        (400, "Bad Request: INVITE_HASH_EXPIRED".into())
    );
    ok(server.user_call(&frank, "joinChat", json!({"invite_link": primary})));
    assert_eq!(ok(server.call(&bot, "getChatMemberCount", json!({"chat_id": chat}))), json!(5));
    let empty = server.call(&bot, "revokeChatInviteLink", json!({"chat_id": chat, "invite_link": ""}));
    assert_eq!(error(empty), (400, "Bad Request: invite link must be non-empty".into()));
}

#[test]
fn forum_topics_thread_messages_and_follow_the_rights() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "topics_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).start();
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let forum = ok(server.user_call(
        &alice,
        "createSupergroup",
        json!({"title": "Forum", "member_ids": [bot_id, bob_id], "is_forum": true}),
    ));
    let chat = forum["id"].as_i64().unwrap();
    assert_eq!(forum["is_forum"], true);
    assert_eq!(ok(server.call(&bot, "getChat", json!({"chat_id": chat})))["is_forum"], true);
    let icons = ok(server.call(&bot, "getForumTopicIconStickers", json!({})));
    assert_eq!(icons.as_array().map(Vec::len), Some(12), "the platform's topic icons");

    // Members create topics only while the chat's permissions allow it.
    let mut closed_topics = json!({"can_send_messages": true, "can_manage_topics": false});
    ok(server.user_call(&alice, "setChatPermissions", json!({"chat_id": chat, "permissions": closed_topics.take()})));
    let refused = server.call(&bot, "createForumTopic", json!({"chat_id": chat, "name": "Help"}));
    assert_eq!(error(refused), (400, "Bad Request: not enough rights to create a topic".into()));
    let rights = json!({"chat_id": chat, "user_id": bot_id, "can_manage_topics": true, "can_pin_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    for (params, expected) in [
        (json!({"chat_id": chat, "name": "  "}), "name must be non-empty"),
        (json!({"chat_id": chat, "name": "x", "icon_color": -1}), "invalid icon color specified"),
        (json!({"chat_id": chat, "name": "x", "icon_color": 123}), "TOPIC_COLOR_INVALID"),
    ] {
        assert_eq!(error(server.call(&bot, "createForumTopic", params)), (400, format!("Bad Request: {expected}")));
    }
    let topic = ok(server.call(&bot, "createForumTopic", json!({"chat_id": chat, "name": "Help"})));
    let thread = topic["message_thread_id"].as_i64().unwrap();
    assert_eq!((topic["name"].as_str(), topic["icon_color"].as_i64()), (Some("Help"), Some(0x6F_B9F0)));
    let created = next_update(&server, &alice, true, |u| u["message"]["forum_topic_created"].is_object());
    assert_eq!(created["message"]["message_thread_id"], thread);
    assert_eq!(created["message"]["is_topic_message"], true);

    // Messages go to the topic; unknown threads are refused.
    let sent =
        ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "message_thread_id": thread, "text": "ask here"})));
    assert_eq!((sent["message_thread_id"].as_i64(), sent["is_topic_message"].as_bool()), (Some(thread), Some(true)));
    let got = next_update(&server, &bob, true, |u| u["message"]["text"] == "ask here");
    assert_eq!(got["message"]["message_thread_id"], thread);
    let lost = server.call(&bot, "sendMessage", json!({"chat_id": chat, "message_thread_id": 999, "text": "?"}));
    assert_eq!(error(lost), (400, "Bad Request: message thread not found".into()));

    // Closed, a topic takes messages only from those who manage topics.
    ok(server.call(&bot, "closeForumTopic", json!({"chat_id": chat, "message_thread_id": thread})));
    let again = server.call(&bot, "closeForumTopic", json!({"chat_id": chat, "message_thread_id": thread}));
    assert_eq!(error(again), (400, "Bad Request: TOPIC_NOT_MODIFIED".into()));
    let refused =
        server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "message_thread_id": thread, "text": "hi"}));
    assert_eq!(error(refused), (400, "Bad Request: TOPIC_CLOSED".into()));
    ok(server.call(
        &bot,
        "sendMessage",
        json!({"chat_id": chat, "message_thread_id": thread, "text": "closed for now"}),
    ));
    ok(server.call(&bot, "reopenForumTopic", json!({"chat_id": chat, "message_thread_id": thread})));
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "message_thread_id": thread, "text": "hi"})));

    // Edits, the general topic, and deletion.
    ok(server.call(&bot, "editForumTopic", json!({"chat_id": chat, "message_thread_id": thread, "name": "Support"})));
    let edited = next_update(&server, &alice, true, |u| u["message"]["forum_topic_edited"].is_object());
    assert_eq!(edited["message"]["forum_topic_edited"]["name"], "Support");
    ok(server.call(&bot, "editGeneralForumTopic", json!({"chat_id": chat, "name": "Lobby"})));
    ok(server.call(&bot, "hideGeneralForumTopic", json!({"chat_id": chat})));
    next_update(&server, &alice, true, |u| u["message"]["general_forum_topic_hidden"].is_object());
    let again = server.call(&bot, "hideGeneralForumTopic", json!({"chat_id": chat}));
    assert_eq!(error(again), (400, "Bad Request: TOPIC_NOT_MODIFIED".into()));
    ok(server.call(&bot, "unhideGeneralForumTopic", json!({"chat_id": chat})));
    ok(server.call(&bot, "closeGeneralForumTopic", json!({"chat_id": chat})));
    let refused = server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "text": "in general"}));
    assert_eq!(error(refused), (400, "Bad Request: TOPIC_CLOSED".into()));
    ok(server.call(&bot, "reopenGeneralForumTopic", json!({"chat_id": chat})));
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "text": "in general"})));
    ok(server.call(&bot, "unpinAllForumTopicMessages", json!({"chat_id": chat, "message_thread_id": thread})));
    ok(server.call(&bot, "unpinAllGeneralForumTopicMessages", json!({"chat_id": chat})));
    let refused = server.call(&bot, "deleteForumTopic", json!({"chat_id": chat, "message_thread_id": thread}));
    assert_eq!(error(refused), (400, "Bad Request: not enough rights to delete the topic".into()));
    let rights = json!({"chat_id": chat, "user_id": bot_id, "can_manage_topics": true, "can_delete_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    ok(server.call(&bot, "deleteForumTopic", json!({"chat_id": chat, "message_thread_id": thread})));
    let gone = server.call(&bot, "sendMessage", json!({"chat_id": chat, "message_thread_id": thread, "text": "?"}));
    assert_eq!(error(gone), (400, "Bad Request: message thread not found".into()));
    let bad = server.call(&bot, "closeForumTopic", json!({"chat_id": chat, "message_thread_id": 0}));
    assert_eq!(error(bad), (400, "Bad Request: invalid forum topic identifier specified".into()));

    // Not a forum.
    let plain = ok(server.user_call(&alice, "createSupergroup", json!({"title": "Plain", "member_ids": [bot_id]})));
    let refused = server.call(&bot, "createForumTopic", json!({"chat_id": plain["id"], "name": "x"}));
    assert_eq!(error(refused), (400, "Bad Request: the chat is not a forum".into()));
}

#[test]
fn a_basic_group_upgraded_to_a_supergroup_points_bots_to_its_new_id() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "mover_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).start();
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Old", "member_ids": [bot_id, bob_id]})));
    let old = group["id"].as_i64().unwrap();
    let refused = server.user_call(&bob, "upgradeGroup", json!({"chat_id": old}));
    assert_eq!(error(refused), (400, "Bad Request: CHAT_ADMIN_REQUIRED".into()));
    let new = ok(server.user_call(&alice, "upgradeGroup", json!({"chat_id": old})));
    let new_id = new["id"].as_i64().unwrap();
    assert_eq!((new["type"].as_str(), new["title"].as_str()), (Some("supergroup"), Some("Old")));

    // Both service messages reach the bot; the old id now points to the new one.
    let to = next_update(&server, &bot, false, |u| u["message"]["migrate_to_chat_id"].is_i64());
    assert_eq!(
        (to["message"]["chat"]["id"].as_i64(), to["message"]["migrate_to_chat_id"].as_i64()),
        (Some(old), Some(new_id))
    );
    let from = next_update(&server, &bot, false, |u| u["message"]["migrate_from_chat_id"].is_i64());
    assert_eq!(from["message"]["chat"]["id"], new_id);
    assert_eq!(from["message"]["migrate_from_chat_id"], old);
    let moved = server.call(&bot, "sendMessage", json!({"chat_id": old, "text": "hello?"}));
    assert_eq!(moved.status, 400);
    assert_eq!(
        moved.json(),
        json!({"ok": false, "error_code": 400, "description": "Bad Request: group chat was upgraded to a supergroup chat",
            "parameters": {"migrate_to_chat_id": new_id}})
    );
    ok(server.call(&bot, "sendMessage", json!({"chat_id": new_id, "text": "hello again"})));
    assert_eq!(
        ok(server.call(&bot, "getChatMember", json!({"chat_id": new_id, "user_id": id_of(&alice)})))["status"],
        "creator"
    );
    assert_eq!(ok(server.call(&bot, "getChatMemberCount", json!({"chat_id": new_id}))), json!(3));
    assert_eq!(
        error(server.user_call(&alice, "upgradeGroup", json!({"chat_id": new_id}))),
        (400, "Bad Request: CHAT_ID_INVALID".into())
    );
}

const CHANNEL_KEY: &str = "channels-operator-key-01";

#[test]
fn channels_post_as_the_channel_and_administrator_bots_get_channel_posts() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "herald_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", CHANNEL_KEY).start();
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let channel =
        ok(server.user_call(&alice, "createChannel", json!({"title": "News", "member_ids": [bob_id, bot_id]})));
    let chat = channel["id"].as_i64().unwrap();
    assert_eq!(channel["type"], "channel");
    assert!(chat < -1_000_000_000_000);
    let full = ok(server.call(&bot, "getChat", json!({"chat_id": chat})));
    assert_eq!(full["type"], "channel");
    assert!(full.get("permissions").is_none(), "{full}");

    let refused = server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "hi"}));
    assert_eq!(error(refused), (400, "Bad Request: need administrator rights in the channel chat".into()));
    let refused = server.user_call(&bob, "sendMessage", json!({"chat_id": chat, "text": "hi"}));
    assert_eq!(error(refused), (400, "Bad Request: need administrator rights in the channel chat".into()));
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": bot_id, "can_post_messages": true}),
    ));
    let promoted =
        next_update(&server, &bot, false, |u| u["my_chat_member"]["new_chat_member"]["status"] == "administrator");
    let me = &promoted["my_chat_member"]["new_chat_member"];
    assert_eq!((me["can_post_messages"].as_bool(), me.get("can_pin_messages")), (Some(true), None));

    // A bot's post comes from the channel; subscribers see it.
    let post = ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "Issue 1"})));
    assert_eq!(post["sender_chat"]["id"], chat);
    assert!(post.get("from").is_none(), "{post}");
    let seen = next_update(&server, &bob, true, |u| u["message"]["text"] == "Issue 1");
    assert_eq!(seen["message"]["sender_chat"]["title"], "News");
    // Its poll there too, which it may stop as a posting administrator.
    let poll = ok(server.call(&bot, "sendPoll", json!({"chat_id": chat, "question": "Next?", "options": ["A", "B"]})));
    let stopped = ok(server.call(&bot, "stopPoll", json!({"chat_id": chat, "message_id": poll["message_id"]})));
    assert_eq!(stopped["is_closed"], true);

    // The owner's posts reach the administrator bot as channel_post (no privacy mode), and
    // their edits as edited_channel_post.
    let own = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": chat, "text": "plain news"})));
    let got = next_update(&server, &bot, false, |u| u.get("channel_post").is_some());
    assert_eq!(
        (got["channel_post"]["text"].as_str(), got["channel_post"]["chat"]["id"].as_i64()),
        (Some("plain news"), Some(chat))
    );
    ok(server.user_call(
        &alice,
        "editMessageText",
        json!({"chat_id": chat, "message_id": own["message_id"], "text": "fixed news"}),
    ));
    let edited = next_update(&server, &bot, false, |u| u.get("edited_channel_post").is_some());
    assert_eq!(edited["edited_channel_post"]["text"], "fixed news");

    // Subscription links belong to channels; nobody pays here yet, so people join by them.
    let rights = json!({"chat_id": chat, "user_id": bot_id, "can_post_messages": true, "can_invite_users": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    for (period, price, expected) in [
        (2_592_000, 0, "invalid subscription pricing specified"),
        (100, 50, "SUBSCRIPTION_PERIOD_INVALID"),
        (2_592_000, 20_000, "SUBSCRIPTION_PRICE_INVALID"),
    ] {
        let params = json!({"chat_id": chat, "subscription_period": period, "subscription_price": price});
        assert_eq!(
            error(server.call(&bot, "createChatSubscriptionInviteLink", params)),
            (400, format!("Bad Request: {expected}"))
        );
    }
    let params =
        json!({"chat_id": chat, "name": "Monthly", "subscription_period": 2_592_000, "subscription_price": 50});
    let paid = ok(server.call(&bot, "createChatSubscriptionInviteLink", params));
    assert_eq!(
        (paid["subscription_period"].as_i64(), paid["subscription_price"].as_i64()),
        (Some(2_592_000), Some(50))
    );
    let link = paid["invite_link"].as_str().unwrap().to_owned();
    let rename = json!({"chat_id": chat, "invite_link": link, "name": "Monthly plan"});
    assert_eq!(ok(server.call(&bot, "editChatSubscriptionInviteLink", rename))["name"], "Monthly plan");
    // Joining by it costs the period's Stars, paid to the channel in the join's own commit.
    let carol = create_user(root.path(), "Carol");
    let refused = server.user_call(&carol, "joinChat", json!({"invite_link": link}));
    assert_eq!(error(refused), (400, "Bad Request: not enough Stars: the subscription costs 50, 0 held".into()));
    let grant = json!({"user_id": id_of(&carol), "amount": 80});
    ok(crate::console::operator(&server, CHANNEL_KEY, "grantStars", grant));
    ok(server.user_call(&carol, "joinChat", json!({"invite_link": link})));
    assert_eq!(ok(server.user_call(&carol, "getStarBalance", json!({})))["amount"], 30);
    assert_eq!(
        ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": id_of(&carol)})))["status"],
        "member"
    );

    let refused =
        server.call(&bot, "restrictChatMember", json!({"chat_id": chat, "user_id": bob_id, "permissions": {}}));
    assert_eq!(error(refused), (400, "Bad Request: method is available only for supergroups".into()));
    ok(server.user_call(&alice, "removeChatMember", json!({"chat_id": chat, "user_id": bot_id})));
    let gone = server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "?"}));
    assert_eq!(error(gone), (403, "Forbidden: bot is not a member of the channel chat".into()));
}

#[test]
fn tags_sender_chats_boosts_and_emoji_statuses() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "tagger_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).start();
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let group =
        ok(server.user_call(&alice, "createSupergroup", json!({"title": "Tags", "member_ids": [bot_id, bob_id]})));
    let chat = group["id"].as_i64().unwrap();
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "Feed", "member_ids": []})));
    let channel = channel["id"].as_i64().unwrap();

    let tag = json!({"chat_id": chat, "user_id": bob_id, "tag": "helper"});
    assert_eq!(
        error(server.call(&bot, "setChatMemberTag", tag.clone())),
        (400, "Bad Request: not enough rights".into())
    );
    let rights = json!({"chat_id": chat, "user_id": bot_id, "can_manage_tags": true, "can_restrict_members": true,
        "can_promote_members": true, "can_pin_messages": true, "can_send_welcome_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    ok(server.call(&bot, "setChatMemberTag", tag));
    assert_eq!(ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})))["tag"], "helper");
    let long = json!({"chat_id": chat, "user_id": bob_id, "tag": "a tag far too long"});
    assert_eq!(error(server.call(&bot, "setChatMemberTag", long)), (400, "Bad Request: TAG_INVALID".into()));
    // An administrator the bot promoted gets a custom title from it.
    ok(server.call(&bot, "promoteChatMember", json!({"chat_id": chat, "user_id": bob_id, "can_pin_messages": true})));
    ok(server.call(
        &bot,
        "setChatAdministratorCustomTitle",
        json!({"chat_id": chat, "user_id": bob_id, "custom_title": "Scribe"}),
    ));
    let scribe = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})));
    assert_eq!((scribe["status"].as_str(), scribe["custom_title"].as_str()), (Some("administrator"), Some("Scribe")));
    assert_eq!(scribe["can_send_welcome_messages"], false, "a Bot API 10.3 field, false unless granted");
    let welcome =
        json!({"chat_id": chat, "user_id": bob_id, "can_pin_messages": true, "can_send_welcome_messages": true});
    ok(server.call(&bot, "promoteChatMember", welcome));
    let greeter = ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})));
    assert_eq!(
        (greeter["can_send_welcome_messages"].as_bool(), greeter["custom_title"].as_str()),
        (Some(true), Some("Scribe"))
    );
    ok(server.call(&bot, "promoteChatMember", json!({"chat_id": chat, "user_id": bob_id})));
    assert_eq!(ok(server.call(&bot, "getChatMember", json!({"chat_id": chat, "user_id": bob_id})))["status"], "member");

    for (params, expected) in [
        (json!({"chat_id": chat}), "sender_chat_id is empty"),
        (json!({"chat_id": chat, "sender_chat_id": "12x"}), "sender_chat_id is not a valid Integer"),
        (json!({"chat_id": chat, "sender_chat_id": -100}), "invalid chat identifier specified"),
    ] {
        assert_eq!(error(server.call(&bot, "banChatSenderChat", params)), (400, format!("Bad Request: {expected}")));
    }
    // Alice posts in the group as her channel: the bot sees the channel (privacy mode off for
    // the check below: a command).
    let as_channel = json!({"chat_id": chat, "text": "/news from the feed", "sender_chat_id": channel});
    let posted = ok(server.user_call(&alice, "sendMessage", as_channel.clone()));
    assert_eq!(
        (posted["sender_chat"]["id"].as_i64(), posted["from"]["username"].as_str()),
        (Some(channel), Some("Channel_Bot"))
    );
    let refused = server.user_call(&bob, "sendMessage", as_channel.clone());
    assert_eq!(error(refused), (400, "Bad Request: SEND_AS_PEER_INVALID".into()));
    ok(server.call(&bot, "banChatSenderChat", json!({"chat_id": chat, "sender_chat_id": channel})));
    let refused = server.user_call(&alice, "sendMessage", as_channel.clone());
    assert_eq!(error(refused), (400, "Bad Request: CHAT_SEND_AS_PEER_BANNED".into()));
    ok(server.call(&bot, "unbanChatSenderChat", json!({"chat_id": chat, "sender_chat_id": channel})));
    ok(server.user_call(&alice, "sendMessage", as_channel));

    assert_eq!(
        ok(server.call(&bot, "getUserChatBoosts", json!({"chat_id": chat, "user_id": bob_id}))),
        json!({"boosts": []})
    );
    let status = json!({"user_id": bob_id, "emoji_status_custom_emoji_id": "5"});
    let refused = server.call(&bot, "setUserEmojiStatus", status.clone());
    assert_eq!(error(refused), (400, "Bad Request: USER_PERMISSION_DENIED".into()));
    ok(server.user_call(&bob, "allowEmojiStatus", json!({"chat_id": bot_id})));
    ok(server.call(&bot, "setUserEmojiStatus", status));
    ok(server.user_call(&bob, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let profile = ok(server.call(&bot, "getChat", json!({"chat_id": bob_id})));
    assert_eq!(
        (profile["type"].as_str(), profile["emoji_status_custom_emoji_id"].as_str()),
        (Some("private"), Some("5"))
    );
    ok(server.call(&bot, "setUserEmojiStatus", json!({"user_id": bob_id})));
    assert!(ok(server.call(&bot, "getChat", json!({"chat_id": bob_id}))).get("emoji_status_custom_emoji_id").is_none());
}

#[test]
fn the_operator_sets_a_bots_privacy_mode_and_whether_it_joins_groups() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "listener_bot");
    let alice = create_user(root.path(), "Alice");
    let server = launch(root.path()).start();
    let bot_id = id_of(&bot);
    let me = ok(server.call(&bot, "getMe", json!({})));
    assert_eq!(
        (me["can_join_groups"].as_bool(), me["can_read_all_group_messages"].as_bool()),
        (Some(true), Some(false))
    );
    let group = ok(server.user_call(&alice, "createGroup", json!({"title": "Chatter", "member_ids": [bot_id]})));
    let chat = group["id"].as_i64().unwrap();

    // Privacy off (set while the server runs): the bot sees plain chatter too.
    let (status, stdout, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("@listener_bot").arg("--privacy").arg("off").run();
    assert!(status.success(), "{stderr}");
    assert_eq!(
        stdout.trim(),
        format!(
            "@listener_bot (id {bot_id}): privacy off, join-groups on, inline off, inline-feedback off, join-request-queries off, manage-bots off, guest-queries off, business off, inline-location off, topics off, user-topics off, topic-sidebar off, widgets-anywhere off"
        )
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    while ok(server.call(&bot, "getMe", json!({})))["can_read_all_group_messages"] != true {
        assert!(Instant::now() < deadline, "the running server never saw the setting");
        std::thread::sleep(Duration::from_millis(100));
    }
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": chat, "text": "just chatting"})));
    next_update(&server, &bot, false, |u| u["message"]["text"] == "just chatting");

    // Kept out of groups: people can no longer add it.
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg(bot_id.to_string()).arg("--join-groups").arg("off").run();
    assert!(status.success(), "{stderr}");
    let deadline = Instant::now() + Duration::from_secs(20);
    while ok(server.call(&bot, "getMe", json!({})))["can_join_groups"] != false {
        assert!(Instant::now() < deadline, "the running server never saw the setting");
        std::thread::sleep(Duration::from_millis(100));
    }
    let other = ok(server.user_call(&alice, "createGroup", json!({"title": "Other", "member_ids": []})));
    let refused = server.user_call(&alice, "addChatMember", json!({"chat_id": other["id"], "user_id": bot_id}));
    assert_eq!(error(refused), (400, "Bad Request: BOT_GROUPS_BLOCKED".into()));
    // A basic group the bot was never in is not one it may read.
    let unknown = server.call(&bot, "getChat", json!({"chat_id": other["id"]}));
    assert_eq!(error(unknown), (403, "Forbidden: bot is not a member of the group chat".into()));
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("nobody_bot").arg("--privacy").arg("on").run();
    assert!(!status.success());
    assert!(stderr.contains("no bot `nobody_bot` in this working directory"), "{stderr}");
}

/// Every update `bot` has, asking for all kinds (chat_member included), until `want` has seen
/// what it needs; the updates, each of which passed the server's schema check on the way.
fn bot_updates_until(server: &Server, bot: &str, want: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let kinds = json!(["message", "edited_message", "channel_post", "my_chat_member", "chat_member"]);
    let deadline = Instant::now() + Duration::from_secs(20);
    let (mut offset, mut seen) = (0, Vec::new());
    while !want(&seen) {
        assert!(Instant::now() < deadline, "the bot never saw it all; saw {seen:#?}");
        let params = json!({"offset": offset, "timeout": 2, "allowed_updates": kinds});
        for update in ok(server.call(bot, "getUpdates", params)).as_array().unwrap() {
            offset = update["update_id"].as_i64().unwrap() + 1;
            seen.push(update.clone());
        }
    }
    seen
}

#[test]
fn service_messages_reach_bots_in_the_schemas_shape() {
    let root = tempfile::tempdir().unwrap();
    let watcher = create_bot(root.path(), "watcher_bot");
    let actor = create_bot(root.path(), "actor_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let server = launch(root.path()).start();
    let (watcher_id, actor_id, bob_id) = (id_of(&watcher), id_of(&actor), id_of(&bob));
    // chat_member is asked for before anything happens; it is left out unless asked for.
    ok(server.call(&watcher, "getUpdates", json!({"allowed_updates": ["message", "my_chat_member", "chat_member"]})));
    ok(server.call(&actor, "getUpdates", json!({})));

    // A basic group and a forum, each made with the watcher in it.
    ok(server.user_call(&alice, "createGroup", json!({"title": "Basic", "member_ids": [watcher_id]})));
    let forum = ok(server.user_call(
        &alice,
        "createSupergroup",
        json!({"title": "Forum", "member_ids": [watcher_id, actor_id, bob_id], "is_forum": true}),
    ));
    let chat = forum["id"].as_i64().unwrap();
    let rights = json!({"chat_id": chat, "can_manage_topics": true, "can_pin_messages": true, "can_change_info": true,
        "can_restrict_members": true, "can_delete_messages": true, "can_invite_users": true});
    for bot in [watcher_id, actor_id] {
        let mut promote = rights.clone();
        promote["user_id"] = bot.into();
        ok(server.user_call(&alice, "promoteChatMember", promote));
    }

    // The other bot acts: topics, the general topic, the photo, a pin, the title, a removal.
    let topic = ok(server.call(&actor, "createForumTopic", json!({"chat_id": chat, "name": "Help"})));
    let thread = topic["message_thread_id"].clone();
    for (method, params) in [
        ("editForumTopic", json!({"chat_id": chat, "message_thread_id": thread, "name": "Support"})),
        ("closeForumTopic", json!({"chat_id": chat, "message_thread_id": thread})),
        ("reopenForumTopic", json!({"chat_id": chat, "message_thread_id": thread})),
        ("hideGeneralForumTopic", json!({"chat_id": chat})),
        ("unhideGeneralForumTopic", json!({"chat_id": chat})),
        ("setChatTitle", json!({"chat_id": chat, "title": "Forum II"})),
    ] {
        ok(server.call(&actor, method, params));
    }
    let photo = msg_testkit::Multipart::new()
        .text("chat_id", &chat.to_string())
        .file("photo", "p.png", "image/png", &super::files::png(64, 64))
        .post(server.api, &format!("/bot{actor}/setChatPhoto"));
    ok(photo);
    ok(server.call(&actor, "deleteChatPhoto", json!({"chat_id": chat})));
    let note = ok(server.call(&actor, "sendMessage", json!({"chat_id": chat, "text": "Rules"})));
    ok(server.call(&actor, "pinChatMessage", json!({"chat_id": chat, "message_id": note["message_id"]})));
    ok(server.call(&actor, "banChatMember", json!({"chat_id": chat, "user_id": bob_id})));

    let service = [
        "group_chat_created",
        "new_chat_members",
        "forum_topic_created",
        "forum_topic_edited",
        "forum_topic_closed",
        "forum_topic_reopened",
        "general_forum_topic_hidden",
        "general_forum_topic_unhidden",
        "new_chat_title",
        "new_chat_photo",
        "delete_chat_photo",
        "pinned_message",
        "left_chat_member",
    ];
    let has = |seen: &[Value], field: &str| seen.iter().any(|u| u["message"].get(field).is_some());
    let seen = bot_updates_until(&server, &watcher, |seen| {
        service.iter().all(|f| has(seen, f))
            && seen.iter().any(|u| u["chat_member"]["new_chat_member"]["status"] == "kicked")
    });
    // The actor asked for nothing special: no chat_member for it.
    let actor_seen = ok(server.call(&actor, "getUpdates", json!({"timeout": 0})));
    assert!(actor_seen.as_array().unwrap().iter().all(|u| u.get("chat_member").is_none()), "{actor_seen}");
    assert!(seen.iter().any(|u| u["my_chat_member"]["new_chat_member"]["status"] == "administrator"));
}

#[test]
fn rights_decide_each_chat_setting_and_forum_threads_and_privacy_hold_in_supergroups() {
    let root = tempfile::tempdir().unwrap();
    let warden = create_bot(root.path(), "warden_bot");
    let keeper = create_bot(root.path(), "keeper_bot");
    let quiet = create_bot(root.path(), "quiet_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let carol = create_user(root.path(), "Carol");
    let server = launch(root.path()).start();
    let (warden_id, keeper_id, quiet_id) = (id_of(&warden), id_of(&keeper), id_of(&quiet));
    let (alice_id, bob_id, carol_id) = (id_of(&alice), id_of(&bob), id_of(&carol));
    let forum = ok(server.user_call(
        &alice,
        "createSupergroup",
        json!({"title": "Guild", "member_ids": [warden_id, keeper_id, quiet_id, bob_id, carol_id], "is_forum": true}),
    ));
    let chat = forum["id"].as_i64().unwrap();
    let promote = |user: i64, rights: Value| {
        let mut params = rights;
        params["chat_id"] = chat.into();
        params["user_id"] = user.into();
        ok(server.user_call(&alice, "promoteChatMember", params));
    };
    promote(warden_id, json!({"can_restrict_members": true}));
    promote(keeper_id, json!({"can_pin_messages": true, "can_manage_topics": true, "can_change_info": true}));
    promote(carol_id, json!({"can_invite_users": true}));

    // An administrator with the right to restrict only: every other setting is refused, each in
    // its own words; another's administrator is out of reach.
    let topic = ok(server.user_call(&alice, "createForumTopic", json!({"chat_id": chat, "name": "Plans"})));
    let thread = topic["message_thread_id"].as_i64().unwrap();
    let note = ok(server.user_call(&alice, "sendMessage", json!({"chat_id": chat, "text": "Read me"})));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": warden_id, "text": "/start"})));
    for (method, params, expected) in [
        ("setChatTitle", json!({"chat_id": chat, "title": "Mine"}), "not enough rights to change chat title"),
        (
            "setChatDescription",
            json!({"chat_id": chat, "description": "x"}),
            "not enough rights to set chat description",
        ),
        (
            "pinChatMessage",
            json!({"chat_id": chat, "message_id": note["message_id"]}),
            "not enough rights to manage pinned messages in the chat",
        ),
        (
            "editForumTopic",
            json!({"chat_id": chat, "message_thread_id": thread, "name": "Ours"}),
            "not enough rights to edit the topic",
        ),
        (
            "closeForumTopic",
            json!({"chat_id": chat, "message_thread_id": thread}),
            "not enough rights to close or open the topic",
        ),
        (
            "restrictChatMember",
            json!({"chat_id": chat, "user_id": carol_id, "permissions": {}}),
            "user is an administrator of the chat",
        ),
        ("getChatMember", json!({"chat_id": alice_id, "user_id": bob_id}), "member not found"),
        ("deleteChatStickerSet", json!({"chat_id": chat}), "not enough rights to change supergroup sticker set"),
        ("setChatStickerSet", json!({"chat_id": chat, "sticker_set_name": "cats"}), "sticker set not found"),
    ] {
        let refused = server.call(&warden, method, params);
        assert_ne!(refused.status, 200, "{method} succeeded");
        assert_eq!(error(refused), (400, format!("Bad Request: {expected}")), "{method}");
    }
    let photo = msg_testkit::Multipart::new()
        .text("chat_id", &chat.to_string())
        .file("photo", "p.png", "image/png", &super::files::png(32, 32))
        .post(server.api, &format!("/bot{warden}/setChatPhoto"));
    assert_eq!(error(photo), (400, "Bad Request: not enough rights to change chat photo".into()));
    // Chat-wide permissions take the right to restrict, which the other administrator lacks.
    let everyone = json!({"chat_id": chat, "permissions": {"can_send_messages": true}});
    let refused = server.call(&keeper, "setChatPermissions", everyone);
    assert_eq!(error(refused), (400, "Bad Request: not enough rights to change chat permissions".into()));

    // Permissions imply each other unless use_independent_chat_permissions says otherwise.
    let member = |user: i64| ok(server.call(&warden, "getChatMember", json!({"chat_id": chat, "user_id": user})));
    let polls_only = json!({"can_send_polls": true});
    ok(server.call(
        &warden,
        "restrictChatMember",
        json!({"chat_id": chat, "user_id": bob_id, "permissions": polls_only}),
    ));
    assert_eq!(
        (member(bob_id)["can_send_polls"].as_bool(), member(bob_id)["can_send_messages"].as_bool()),
        (Some(true), Some(true))
    );
    let independent = json!({"chat_id": chat, "user_id": bob_id, "permissions": polls_only, "use_independent_chat_permissions": true});
    ok(server.call(&warden, "restrictChatMember", independent));
    assert_eq!(
        (member(bob_id)["can_send_polls"].as_bool(), member(bob_id)["can_send_messages"].as_bool()),
        (Some(true), Some(false))
    );

    // Sends in a topic carry its thread, media and polls too; unpinning a topic's messages
    // unpins them.
    let sent_photo = ok(msg_testkit::Multipart::new()
        .text("chat_id", &chat.to_string())
        .text("message_thread_id", &thread.to_string())
        .file("photo", "p.png", "image/png", &super::files::png(16, 16))
        .post(server.api, &format!("/bot{keeper}/sendPhoto")));
    let poll = ok(server.call(
        &keeper,
        "sendPoll",
        json!({"chat_id": chat, "message_thread_id": thread, "question": "When?", "options": ["Now", "Later"]}),
    ));
    for sent in [&sent_photo, &poll] {
        assert_eq!(
            (sent["message_thread_id"].as_i64(), sent["is_topic_message"].as_bool()),
            (Some(thread), Some(true)),
            "{sent}"
        );
    }
    ok(server.call(&keeper, "pinChatMessage", json!({"chat_id": chat, "message_id": poll["message_id"]})));
    assert_eq!(
        ok(server.call(&keeper, "getChat", json!({"chat_id": chat})))["pinned_message"]["message_id"],
        poll["message_id"]
    );
    ok(server.call(&keeper, "unpinAllForumTopicMessages", json!({"chat_id": chat, "message_thread_id": thread})));
    assert!(ok(server.call(&keeper, "getChat", json!({"chat_id": chat}))).get("pinned_message").is_none());

    // Privacy mode in a supergroup: a plain member bot sees what is addressed to it only.
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": chat, "text": "just chatting"})));
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": chat, "text": "/ping@quiet_bot"})));
    let texts = std::cell::RefCell::new(Vec::new());
    next_update(&server, &quiet, false, |u| {
        texts.borrow_mut().extend(u["message"]["text"].as_str().map(str::to_owned));
        u["message"]["text"] == "/ping@quiet_bot"
    });
    let texts = texts.into_inner();
    assert!(!texts.iter().any(|t| t == "just chatting" || t == "Read me"), "{texts:?}");
}
