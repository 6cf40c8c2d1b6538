//! Sticker sets: a bot uploads sticker files for a person, makes a set with the platform's name
//! rules, reads it (another bot too, with file ids of its own), adds, moves, relabels and removes
//! stickers, renames and deletes the set; every refusal in the reference's words.

use msg_testkit::{HttpResponse, Multipart};
use serde_json::{Value, json};

use crate::{Started, error, ok, started};

fn picture(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let mut bytes = Vec::new();
    image::RgbaImage::from_pixel(width, height, image::Rgba([10, 120, 200, 255]))
        .write_to(&mut std::io::Cursor::new(&mut bytes), format)
        .unwrap();
    bytes
}

fn webp(width: u32, height: u32) -> Vec<u8> {
    picture(width, height, image::ImageFormat::WebP)
}

fn png(width: u32, height: u32) -> Vec<u8> {
    picture(width, height, image::ImageFormat::Png)
}

#[test]
fn a_bot_makes_a_sticker_set_for_a_person_and_changes_it() {
    let Started { root, server, bot, alice, alice_id, .. } = started("zoo_bot");
    let other = crate::create_bot(root.path(), "other_zoo_bot");
    let upload = |bytes: &[u8], format: &str| -> HttpResponse {
        Multipart::new()
            .text("user_id", &alice_id.to_string())
            .text("sticker_format", format)
            .file("sticker", "s.webp", "image/webp", bytes)
            .post(server.api, &format!("/bot{bot}/uploadStickerFile"))
    };
    // uploadStickerFile: the format named, a file of it.
    assert_eq!(error(upload(&webp(512, 512), "PNG")), (400, "Bad Request: invalid sticker format specified".into()));
    assert_eq!(
        error(upload(b"not a sticker", "static")),
        (400, "Bad Request: can't upload sticker file: wrong file type".into())
    );
    let first = ok(upload(&webp(512, 400), "static"));
    assert!(first["file_id"].is_string() && first["file_size"].as_u64().unwrap() > 0, "{first}");
    let second = ok(upload(&png(300, 512), "static"));

    let create = |params: Value| server.call(&bot, "createNewStickerSet", params);
    let sticker =
        |file: &Value, emoji: &str| json!({"sticker": file["file_id"], "format": "static", "emoji_list": [emoji]});
    let stickers = json!([sticker(&first, "🦁"), sticker(&second, "🐯")]).to_string();
    let base = json!({"user_id": alice_id, "name": "animals_by_zoo_bot", "title": "Animals", "stickers": stickers});
    let with = |changes: Value| {
        let mut params = base.clone();
        for (k, v) in changes.as_object().unwrap() {
            params[k] = v.clone();
        }
        params
    };
    let refused = [
        (json!({"stickers": "x"}), "can't parse stickers JSON object"),
        (json!({"stickers": "[1]"}), "can't parse InputSticker: InputSticker must be an Object"),
        (
            json!({"stickers": json!([{"sticker": first["file_id"], "emoji_list": ["🦁"]}]).to_string()}),
            "can't parse InputSticker: Can't find field \"format\"",
        ),
        (
            json!({"stickers": json!([{"sticker": first["file_id"], "format": "PNG", "emoji_list": ["🦁"]}]).to_string()}),
            "can't parse InputSticker: Invalid sticker format specified",
        ),
        (
            json!({"stickers": json!([{"sticker": first["file_id"], "format": "static", "emoji_list": []}]).to_string()}),
            "can't parse InputSticker: emoji list must be non-empty",
        ),
        (
            json!({"stickers": json!([{"sticker": first["file_id"], "format": "static", "emoji_list": ["lion"]}]).to_string()}),
            "can't parse InputSticker: expected a Unicode emoji",
        ),
        (
            json!({"stickers": json!([{"format": "static", "emoji_list": ["🦁"]}]).to_string()}),
            "can't parse InputSticker: sticker not found",
        ),
        (json!({"sticker_type": "huge"}), "unsupported sticker type specified"),
        (json!({"user_id": 12345}), "user not found"),
        (json!({"title": " "}), "sticker set title must be non-empty"),
        (json!({"stickers": "[]"}), "at least 1 sticker must be specified"),
        (json!({"name": "animals"}), "invalid sticker set name is specified"),
        (json!({"name": "animals_by_other_zoo_bot"}), "invalid sticker set name is specified"),
        (
            json!({"stickers": json!([sticker(&first, "🦁")]).to_string().replace("static", "video")}),
            "STICKER_FILE_INVALID",
        ),
    ];
    for (changes, words) in refused {
        assert_eq!(error(create(with(changes.clone()))), (400, format!("Bad Request: {words}")), "{changes}");
    }
    assert_eq!(ok(create(base.clone())), json!(true));
    assert_eq!(error(create(base.clone())), (400, "Bad Request: sticker set name is already occupied".into()));

    let get = |token: &str, name: &str| server.call(token, "getStickerSet", json!({"name": name}));
    let set = ok(get(&bot, "Animals_By_Zoo_Bot"));
    assert_eq!(
        (set["name"].clone(), set["title"].clone(), set["sticker_type"].clone()),
        (json!("animals_by_zoo_bot"), json!("Animals"), json!("regular"))
    );
    let stickers = set["stickers"].as_array().unwrap().clone();
    assert_eq!(stickers.len(), 2);
    assert_eq!(
        (stickers[0]["emoji"].clone(), stickers[0]["set_name"].clone()),
        (json!("🦁"), json!("animals_by_zoo_bot"))
    );
    assert_eq!((stickers[1]["width"].clone(), stickers[1]["height"].clone()), (json!(300), json!(512)), "a PNG of 512");
    assert_eq!(error(get(&bot, "nothing_by_zoo_bot")), (400, "Bad Request: STICKERSET_INVALID".into()));
    // Sent again by its file_id, a set's sticker says which set it is in.
    let resent = ok(server.call(&bot, "sendSticker", json!({"chat_id": alice_id, "sticker": first["file_id"]})));
    assert_eq!(
        (resent["sticker"]["set_name"].clone(), resent["sticker"]["emoji"].clone()),
        (json!("animals_by_zoo_bot"), json!("🦁"))
    );

    // Another bot reads it with file ids of its own, and sends one of its stickers.
    let seen = ok(get(&other, "animals_by_zoo_bot"));
    let theirs = seen["stickers"][0].clone();
    assert_eq!(theirs["file_unique_id"], stickers[0]["file_unique_id"]);
    assert_ne!(theirs["file_id"], stickers[0]["file_id"]);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": crate::id_of(&other), "text": "/start"})));
    let sent = ok(server.call(&other, "sendSticker", json!({"chat_id": alice_id, "sticker": theirs["file_id"]})));
    assert_eq!(sent["sticker"]["file_unique_id"], stickers[0]["file_unique_id"]);
    // Alice sends the sticker she got from her sticker panel, by her own file_id; not a bot's.
    let other_id = crate::id_of(&other);
    let got = ok(server.user_call(&alice, "getChatHistory", json!({"chat_id": other_id, "limit": 1})));
    let hers = got[0]["sticker"]["file_id"].clone();
    assert_ne!(hers, theirs["file_id"]);
    let mine = ok(server.user_call(&alice, "sendSticker", json!({"chat_id": other_id, "sticker": hers})));
    assert_eq!(
        (mine["sticker"]["set_name"].clone(), mine["sticker"]["emoji"].clone()),
        (json!("animals_by_zoo_bot"), json!("🦁"))
    );
    let refused = server.user_call(&alice, "sendSticker", json!({"chat_id": other_id, "sticker": theirs["file_id"]}));
    assert_eq!(error(refused), (400, "Bad Request: wrong file identifier/HTTP URL specified".into()));

    // Adding: the format follows the set's; a sticker of 512 on no side is refused.
    let add = |file: &Value| {
        let s = json!({"sticker": file["file_id"], "emoji_list": ["🐻"]}).to_string();
        server.call(&bot, "addStickerToSet", json!({"user_id": alice_id, "name": "animals_by_zoo_bot", "sticker": s}))
    };
    let small = ok(upload(&webp(100, 100), "static"));
    assert_eq!(error(add(&small)), (400, "Bad Request: STICKER_PNG_DIMENSIONS".into()));
    let third = ok(upload(&webp(512, 512), "static"));
    assert_eq!(ok(add(&third)), json!(true));
    assert_eq!(error(server.call(&other, "addStickerToSet", json!({"user_id": alice_id, "name": "animals_by_zoo_bot", "sticker": json!({"sticker": third["file_id"], "emoji_list": ["🐻"]}).to_string()}))), (400, "Bad Request: STICKERSET_INVALID".into()), "only its bot changes a set");

    // Replacing keeps the sticker's place; keywords are checked and kept.
    let fourth = ok(upload(&png(512, 512), "static"));
    let replace = |old: &Value| {
        let s = json!({"sticker": fourth["file_id"], "emoji_list": ["🐨"]}).to_string();
        server.call(
            &bot,
            "replaceStickerInSet",
            json!({"user_id": alice_id, "name": "animals_by_zoo_bot", "old_sticker": old["file_id"], "sticker": s}),
        )
    };
    assert_eq!(error(replace(&json!({"file_id": ""}))), (400, "Bad Request: sticker is not specified".into()));
    assert_eq!(error(replace(&small)), (400, "Bad Request: STICKER_INVALID".into()), "not in the set");
    assert_eq!(ok(replace(&second)), json!(true));
    let replaced = ok(get(&bot, "animals_by_zoo_bot"));
    assert_eq!(
        (replaced["stickers"][1]["file_unique_id"].clone(), replaced["stickers"][1]["emoji"].clone()),
        (fourth["file_unique_id"].clone(), json!("🐨"))
    );
    let keywords =
        |value: &str| server.call(&bot, "setStickerKeywords", json!({"sticker": fourth["file_id"], "keywords": value}));
    assert_eq!(error(keywords("x")), (400, "Bad Request: can't parse keywords JSON object".into()));
    assert_eq!(error(keywords("{}")), (400, "Bad Request: field \"keywords\" must be an Array".into()));
    assert_eq!(error(keywords("[1]")), (400, "Bad Request: keyword must be a string".into()));
    assert_eq!(ok(keywords("[\"koala\",\"grey\"]")), json!(true));

    // Moving, relabelling, removing.
    let ids = |set: &Value| {
        set["stickers"].as_array().unwrap().iter().map(|s| s["file_unique_id"].clone()).collect::<Vec<_>>()
    };
    let before = ids(&ok(get(&bot, "animals_by_zoo_bot")));
    assert_eq!(
        error(server.call(&bot, "setStickerPositionInSet", json!({"sticker": third["file_id"]}))),
        (400, "Bad Request: wrong sticker position specified".into())
    );
    ok(server.call(&bot, "setStickerPositionInSet", json!({"sticker": third["file_id"], "position": 0})));
    let after = ids(&ok(get(&bot, "animals_by_zoo_bot")));
    assert_eq!(after, vec![before[2].clone(), before[0].clone(), before[1].clone()]);
    assert_eq!(
        error(server.call(&bot, "setStickerEmojiList", json!({"sticker": third["file_id"], "emoji_list": "[]"}))),
        (400, "Bad Request: can't parse emoji list: emoji list must be non-empty".into())
    );
    ok(server.call(&bot, "setStickerEmojiList", json!({"sticker": third["file_id"], "emoji_list": "[\"🐼\"]"})));
    assert_eq!(ok(get(&bot, "animals_by_zoo_bot"))["stickers"][0]["emoji"], "🐼");
    ok(server.call(&bot, "deleteStickerFromSet", json!({"sticker": first["file_id"]})));
    assert_eq!(
        error(server.call(&bot, "deleteStickerFromSet", json!({"sticker": first["file_id"]}))),
        (400, "Bad Request: STICKER_INVALID".into())
    );
    ok(server.call(&bot, "setStickerSetTitle", json!({"name": "animals_by_zoo_bot", "title": "Big cats"})));
    let renamed = ok(get(&bot, "animals_by_zoo_bot"));
    assert_eq!((renamed["title"].clone(), renamed["stickers"].as_array().unwrap().len()), (json!("Big cats"), 2));

    // A supergroup takes the set as its own: its administrator bot sets it, getChat shows it.
    let group =
        ok(server.user_call(&alice, "createSupergroup", json!({"title": "Zoo", "member_ids": [crate::id_of(&bot)]})));
    let chat = group["id"].clone();
    let set_for =
        |name: &str| server.call(&bot, "setChatStickerSet", json!({"chat_id": chat, "sticker_set_name": name}));
    assert_eq!(
        error(set_for("animals_by_zoo_bot")),
        (400, "Bad Request: not enough rights to change supergroup sticker set".into())
    );
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": chat, "user_id": crate::id_of(&bot), "can_change_info": true}),
    ));
    assert_eq!(error(set_for("nothing_by_zoo_bot")), (400, "Bad Request: sticker set not found".into()));
    assert_eq!(ok(set_for("ANIMALS_by_zoo_bot")), json!(true));
    let info = ok(server.call(&bot, "getChat", json!({"chat_id": chat})));
    assert_eq!(
        (info["sticker_set_name"].clone(), info["can_set_sticker_set"].clone()),
        (json!("animals_by_zoo_bot"), json!(true))
    );
    assert_eq!(ok(server.call(&bot, "deleteChatStickerSet", json!({"chat_id": chat}))), json!(true));
    assert!(ok(server.call(&bot, "getChat", json!({"chat_id": chat}))).get("sticker_set_name").is_none());
    assert_eq!(
        error(server.call(&bot, "deleteChatStickerSet", json!({"chat_id": chat}))),
        (400, "Bad Request: CHAT_NOT_MODIFIED".into())
    );

    // All of it survives a restart; then the set is deleted.
    drop(server);
    let server = crate::launch(root.path()).start();
    assert_eq!(ok(server.call(&bot, "getStickerSet", json!({"name": "animals_by_zoo_bot"})))["title"], "Big cats");
    assert_eq!(ok(server.call(&bot, "deleteStickerSet", json!({"name": "animals_by_zoo_bot"}))), json!(true));
    assert_eq!(
        error(server.call(&bot, "getStickerSet", json!({"name": "animals_by_zoo_bot"}))),
        (400, "Bad Request: STICKERSET_INVALID".into())
    );
}

#[test]
fn custom_emoji_sets_find_their_stickers_by_id_and_take_one_as_thumbnail_and_masks_keep_positions() {
    let Started { root, server, bot, alice_id, .. } = started("emoji_zoo_bot");
    let other = crate::create_bot(root.path(), "other_emoji_bot");
    let upload = |bytes: &[u8]| -> Value {
        ok(Multipart::new()
            .text("user_id", &alice_id.to_string())
            .text("sticker_format", "static")
            .file("sticker", "e.webp", "image/webp", bytes)
            .post(server.api, &format!("/bot{bot}/uploadStickerFile")))
    };
    let (small, big) = (upload(&webp(100, 100)), upload(&webp(512, 512)));
    let create = |file: &Value| {
        let stickers = json!([{"sticker": file["file_id"], "format": "static", "emoji_list": ["😺"]}]).to_string();
        server.call(
            &bot,
            "createNewStickerSet",
            json!({"user_id": alice_id, "name": "cats_by_emoji_zoo_bot", "title": "Cats",
            "sticker_type": "custom_emoji", "needs_repainting": true, "stickers": stickers}),
        )
    };
    assert_eq!(error(create(&big)), (400, "Bad Request: STICKER_PNG_DIMENSIONS".into()), "a custom emoji is 100");
    assert_eq!(ok(create(&small)), json!(true));
    let set = ok(server.call(&bot, "getStickerSet", json!({"name": "cats_by_emoji_zoo_bot"})));
    let sticker = set["stickers"][0].clone();
    assert_eq!(
        (set["sticker_type"].clone(), sticker["type"].clone(), sticker["needs_repainting"].clone()),
        (json!("custom_emoji"), json!("custom_emoji"), json!(true))
    );
    let id = sticker["custom_emoji_id"].as_str().expect("a custom emoji id").to_owned();
    let get = |ids: &str| server.call(&other, "getCustomEmojiStickers", json!({"custom_emoji_ids": ids}));
    assert_eq!(error(get("x")), (400, "Bad Request: can't parse custom emoji identifiers JSON object".into()));
    assert_eq!(error(get("[1]")), (400, "Bad Request: custom emoji identifier must be of type String".into()));
    assert_eq!(error(get("[\"cat\"]")), (400, "Bad Request: invalid custom emoji identifier specified".into()));
    let found = ok(get(&json!([id, "12345"]).to_string()));
    assert_eq!(found.as_array().unwrap().len(), 1, "an unknown id is left out");
    assert_eq!(
        (found[0]["custom_emoji_id"].clone(), found[0]["set_name"].clone()),
        (json!(id), json!("cats_by_emoji_zoo_bot"))
    );
    assert_ne!(found[0]["file_id"], sticker["file_id"], "another bot gets a file id of its own");

    // The set's thumbnail is one of its custom emoji.
    let thumb = |id: &str| {
        server.call(
            &bot,
            "setCustomEmojiStickerSetThumbnail",
            json!({"name": "cats_by_emoji_zoo_bot", "custom_emoji_id": id}),
        )
    };
    assert_eq!(error(thumb("12345")), (400, "Bad Request: CUSTOM_EMOJI_INVALID".into()));
    assert_eq!(ok(thumb(&id)), json!(true));
    let set = ok(server.call(&bot, "getStickerSet", json!({"name": "cats_by_emoji_zoo_bot"})));
    assert_eq!(
        (set["thumbnail"]["file_unique_id"].clone(), set["thumbnail"]["width"].clone()),
        (sticker["file_unique_id"].clone(), json!(100))
    );
    assert_eq!(ok(thumb("")), json!(true));
    assert!(
        ok(server.call(&bot, "getStickerSet", json!({"name": "cats_by_emoji_zoo_bot"}))).get("thumbnail").is_none()
    );

    // A mask set keeps each mask's position; only a mask has one.
    let mask = upload(&webp(512, 512));
    let position = json!({"point": "eyes", "x_shift": 0.5, "y_shift": -0.25, "scale": 2.0});
    let stickers =
        json!([{"sticker": mask["file_id"], "format": "static", "emoji_list": ["🕶"], "mask_position": position}])
            .to_string();
    ok(server.call(&bot, "createNewStickerSet", json!({"user_id": alice_id, "name": "masks_by_emoji_zoo_bot", "title": "Masks", "sticker_type": "mask", "stickers": stickers})));
    let masks = ok(server.call(&bot, "getStickerSet", json!({"name": "masks_by_emoji_zoo_bot"})));
    assert_eq!(
        (masks["stickers"][0]["type"].clone(), masks["stickers"][0]["mask_position"].clone()),
        (json!("mask"), position)
    );
    let move_mask = |file: &Value, position: &str| {
        server.call(&bot, "setStickerMaskPosition", json!({"sticker": file["file_id"], "mask_position": position}))
    };
    assert_eq!(error(move_mask(&mask, "x")), (400, "Bad Request: can't parse mask position JSON object".into()));
    assert_eq!(
        error(move_mask(&mask, r#"{"point":"nose","x_shift":0,"y_shift":0,"scale":1}"#)),
        (400, "Bad Request: can't parse mask position: Wrong point specified in MaskPosition".into())
    );
    ok(move_mask(&mask, r#"{"point":"chin","x_shift":0,"y_shift":1,"scale":1}"#));
    let moved = ok(server.call(&bot, "getStickerSet", json!({"name": "masks_by_emoji_zoo_bot"})));
    assert_eq!(moved["stickers"][0]["mask_position"]["point"], "chin");
    assert_eq!(
        error(move_mask(&small, r#"{"point":"chin","x_shift":0,"y_shift":1,"scale":1}"#)),
        (400, "Bad Request: STICKER_MASK_COORDS_NOT_SUPPORTED".into())
    );
}

#[test]
fn a_set_takes_a_thumbnail_of_its_own_and_forum_topic_icons_are_a_real_custom_emoji_set() {
    let Started { root, server, bot, alice, alice_id, .. } = started("thumb_zoo_bot");
    let other = crate::create_bot(root.path(), "other_thumb_bot");
    let bob = crate::create_user(root.path(), "Bob");
    let sticker = json!([{"sticker": "attach://s", "format": "static", "emoji_list": ["🦊"]}]).to_string();
    let made = Multipart::new()
        .text("user_id", &alice_id.to_string())
        .text("name", "foxes_by_thumb_zoo_bot")
        .text("title", "Foxes")
        .text("stickers", &sticker)
        .file("s", "s.webp", "image/webp", &webp(512, 512))
        .post(server.api, &format!("/bot{bot}/createNewStickerSet"));
    assert_eq!(ok(made), json!(true));
    let thumbnail = |user_id: i64, format: &str, bytes: &[u8]| -> HttpResponse {
        Multipart::new()
            .text("user_id", &user_id.to_string())
            .text("name", "foxes_by_thumb_zoo_bot")
            .text("format", format)
            .file("thumbnail", "t.webp", "image/webp", bytes)
            .post(server.api, &format!("/bot{bot}/setStickerSetThumbnail"))
    };
    let refused = [
        (alice_id, "gif", webp(100, 100), "invalid sticker format specified"),
        (crate::id_of(&bob), "static", webp(100, 100), "STICKERSET_INVALID"),
        (alice_id, "animated", webp(100, 100), "STICKER_THUMB_TGS_NOTGS"),
        (alice_id, "static", webp(200, 200), "STICKER_PNG_DIMENSIONS"),
    ];
    for (user, format, bytes, words) in refused {
        assert_eq!(error(thumbnail(user, format, &bytes)), (400, format!("Bad Request: {words}")), "{format} {words}");
    }
    assert_eq!(ok(thumbnail(alice_id, "static", &webp(100, 100))), json!(true));
    // Only the person the set was made for has stickers added or replaced in it.
    let extra = json!({"sticker": "attach://s", "format": "static", "emoji_list": ["🦊"]}).to_string();
    let by_bob = Multipart::new()
        .text("user_id", &crate::id_of(&bob).to_string())
        .text("name", "foxes_by_thumb_zoo_bot")
        .text("sticker", &extra)
        .file("s", "s.webp", "image/webp", &webp(512, 512))
        .post(server.api, &format!("/bot{bot}/addStickerToSet"));
    assert_eq!(error(by_bob), (400, "Bad Request: STICKERSET_INVALID".into()));
    let get = |token: &str| ok(server.call(token, "getStickerSet", json!({"name": "foxes_by_thumb_zoo_bot"})));
    let own = get(&bot)["thumbnail"].clone();
    assert_eq!((own["width"].as_i64(), own["height"].as_i64()), (Some(100), Some(100)), "{own}");
    let theirs = get(&other)["thumbnail"].clone();
    assert_eq!(theirs["file_unique_id"], own["file_unique_id"]);
    assert_ne!(theirs["file_id"], own["file_id"], "another bot reads it with a file id of its own");
    let file = ok(server.call(&other, "getFile", json!({"file_id": theirs["file_id"]})));
    assert_eq!(file["file_size"], own["file_size"]);
    // Without a thumbnail the set's first sticker shows again.
    let dropped = server.call(
        &bot,
        "setStickerSetThumbnail",
        json!({"user_id": alice_id, "name": "foxes_by_thumb_zoo_bot", "format": "static"}),
    );
    assert_eq!(ok(dropped), json!(true));
    assert!(get(&bot).get("thumbnail").is_none());

    // Forum topic icons: custom emoji stickers of the platform's, the same ids for every bot.
    let icons = ok(server.call(&bot, "getForumTopicIconStickers", json!({})));
    let icons = icons.as_array().unwrap();
    assert_eq!(icons.len(), 12);
    for icon in icons {
        assert_eq!((icon["type"].as_str(), icon["width"].as_i64()), (Some("custom_emoji"), Some(100)), "{icon}");
        assert!(icon["custom_emoji_id"].as_str().is_some_and(|id| id.parse::<u64>().is_ok()), "{icon}");
    }
    let again = ok(server.call(&other, "getForumTopicIconStickers", json!({})));
    assert_eq!(again[0]["custom_emoji_id"], icons[0]["custom_emoji_id"]);
    assert_eq!(again[0]["file_unique_id"], icons[0]["file_unique_id"]);
    assert_ne!(again[0]["file_id"], icons[0]["file_id"]);
    let file = ok(server.call(&bot, "getFile", json!({"file_id": icons[0]["file_id"]})));
    let path = format!("/file/bot{bot}/{}", file["file_path"].as_str().unwrap());
    let downloaded = msg_testkit::get(server.api, &path).unwrap();
    assert_eq!(image::load_from_memory(&downloaded.body).unwrap().width(), 100);
    // A custom emoji entity stays when its id is a sticker's, and is dropped otherwise.
    let entities = json!([
        {"type": "custom_emoji", "offset": 0, "length": 2, "custom_emoji_id": icons[0]["custom_emoji_id"]},
        {"type": "custom_emoji", "offset": 3, "length": 2, "custom_emoji_id": "12345"},
    ]);
    let sent = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "🗞 🤖", "entities": entities})));
    assert_eq!(sent["entities"].as_array().map(Vec::len), Some(1), "{sent}");
    assert_eq!(sent["entities"][0]["custom_emoji_id"], icons[0]["custom_emoji_id"]);
    // A topic takes an icon by its id, as apps show it.
    let forum = ok(server.user_call(
        &alice,
        "createSupergroup",
        json!({"title": "Den", "member_ids": [crate::id_of(&bot)], "is_forum": true}),
    ));
    ok(server.user_call(
        &alice,
        "promoteChatMember",
        json!({"chat_id": forum["id"], "user_id": crate::id_of(&bot), "can_manage_topics": true}),
    ));
    let topic = ok(server.call(
        &bot,
        "createForumTopic",
        json!({"chat_id": forum["id"], "name": "News", "icon_custom_emoji_id": icons[0]["custom_emoji_id"]}),
    ));
    assert_eq!(topic["icon_custom_emoji_id"], icons[0]["custom_emoji_id"]);
}
