//! Stories (issue 41): a business bot posts, edits, reposts and deletes stories on behalf of the
//! accounts it manages, with `can_manage_stories`; people see them with the user-side
//! `getStories`. Content, areas and captions are read in the reference's words and order.

use msg_testkit::{Multipart, Server};
use serde_json::{Value, json};

use crate::{create_bot, create_user, id_of, launch, ok, refused};

/// A story call with a photo uploaded as `pic`.
fn with_photo(server: &Server, bot: &str, method: &str, fields: &[(&str, String)]) -> msg_testkit::HttpResponse {
    let mut form = Multipart::new().text("content", r#"{"type":"photo","photo":"attach://pic"}"#);
    for (name, value) in fields {
        form = form.text(name, value);
    }
    form.file("pic", "pic.png", "image/png", &super::files::png(400, 600))
        .post(server.api, &format!("/bot{bot}/{method}"))
}

#[test]
fn a_business_bot_posts_edits_reposts_and_deletes_stories_that_people_see() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "story_teller_bot");
    let (status, _, err) =
        launch(root.path()).arg("bot").arg("set").arg("story_teller_bot").arg("--business").arg("on").run();
    assert!(status.success(), "{err}");
    let (alice, bob, carol) =
        (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"), create_user(root.path(), "Carol"));
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let server = launch(root.path()).start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let connect = |person: &str, rights: Value| {
        let connected =
            ok(server.user_call(person, "connectBusinessBot", json!({"bot_id": bot_id, "rights": rights.to_string()})));
        connected["id"].as_str().unwrap().to_owned()
    };
    let id = connect(&alice, json!({"can_reply": true}));

    // The reference reads the content, the areas and the caption before the connection.
    assert_eq!(refused(&server, &bot, "postStory", json!({})), "Bad Request: story content isn't specified");
    assert_eq!(
        refused(&server, &bot, "postStory", json!({"content": "{"})),
        "Bad Request: can't parse story content JSON object"
    );
    let gif = json!({"content": r#"{"type":"gif"}"#});
    assert_eq!(refused(&server, &bot, "postStory", gif), "Bad Request: invalid story content type specified");
    let by_id = json!({"content": r#"{"type":"photo","photo":"AgACAgIAAxkBAAI"}"#});
    assert_eq!(refused(&server, &bot, "postStory", by_id), "Bad Request: story photo must be uploaded as a file");
    let status = |r: msg_testkit::HttpResponse| r.json()["description"].as_str().unwrap_or_default().to_owned();
    assert_eq!(status(with_photo(&server, &bot, "postStory", &[])), "Bad Request: business connection not found");
    let bad_areas = [("business_connection_id", id.clone()), ("areas", "[{}]".into())];
    assert_eq!(
        status(with_photo(&server, &bot, "postStory", &bad_areas)),
        "Bad Request: can't parse InputStoryArea: Can't find field \"position\""
    );
    let period = |p: i64| ("active_period", p.to_string());
    let first = [("business_connection_id", id.clone()), period(86400)];
    assert_eq!(status(with_photo(&server, &bot, "postStory", &first)), "Bad Request: BOT_ACCESS_FORBIDDEN");
    let id = connect(&alice, json!({"can_reply": true, "can_manage_stories": true}));
    let wrong = [("business_connection_id", id.clone()), period(100)];
    assert_eq!(
        status(with_photo(&server, &bot, "postStory", &wrong)),
        "Bad Request: invalid story active period specified"
    );

    // Posted: the Story names Alice's chat; Bob sees it with its caption and area.
    let area = r#"[{"position":{"x_percentage":50,"y_percentage":50,"width_percentage":30,"height_percentage":10,"rotation_angle":0,"corner_radius_percentage":8},"type":{"type":"link","url":"https://shop.example"}}]"#;
    let post = [
        ("business_connection_id", id.clone()),
        period(86400),
        ("caption", "<b>Sale</b> today".into()),
        ("parse_mode", "HTML".into()),
        ("areas", area.into()),
    ];
    let story = ok(with_photo(&server, &bot, "postStory", &post));
    assert_eq!(story["id"], 1);
    assert_eq!((story["chat"]["id"].as_i64(), story["chat"]["type"].as_str()), (Some(alice_id), Some("private")));
    let seen = ok(server.user_call(&bob, "getStories", json!({"user_id": alice_id})));
    assert_eq!(seen.as_array().unwrap().len(), 1);
    assert_eq!(seen[0]["caption"], "Sale today");
    assert_eq!(seen[0]["caption_entities"], json!([{"type": "bold", "offset": 0, "length": 4}]));
    assert_eq!(seen[0]["areas"][0]["type"]["url"], "https://shop.example");
    assert_eq!(seen[0]["is_active"], true);
    assert!(seen[0]["content"]["photo"].as_array().is_some_and(|sizes| !sizes.is_empty()), "{seen}");

    // Edited: the new caption; an unknown story is refused.
    let edit = [("business_connection_id", id.clone()), ("story_id", "1".into()), ("caption", "Sold out".into())];
    assert_eq!(ok(with_photo(&server, &bot, "editStory", &edit))["id"], 1);
    assert_eq!(ok(server.user_call(&alice, "getStories", json!({})))[0]["caption"], "Sold out");
    let unknown = [("business_connection_id", id.clone()), ("story_id", "9".into())];
    assert_eq!(status(with_photo(&server, &bot, "editStory", &unknown)), "Bad Request: STORY_ID_INVALID");

    // Reposted to Carol's account, which the bot manages too; a protected story is not.
    let carols = connect(&carol, json!({"can_manage_stories": true}));
    let repost = |story: i64| json!({"business_connection_id": carols, "from_chat_id": alice_id, "from_story_id": story, "active_period": 43200});
    assert_eq!(refused(&server, &bot, "repostStory", json!({})), "Bad Request: parameter \"from_chat_id\" is required");
    let reposted = ok(server.call(&bot, "repostStory", repost(1)));
    assert_eq!((reposted["id"].as_i64(), reposted["chat"]["id"].as_i64()), (Some(1), Some(id_of(&carol))));
    let carols_stories = ok(server.user_call(&bob, "getStories", json!({"user_id": id_of(&carol)})));
    assert_eq!(carols_stories[0]["repost_of"], json!({"user_id": alice_id, "story_id": 1}));
    assert_eq!(carols_stories[0]["caption"], "Sold out");
    let protected = [("business_connection_id", id.clone()), period(21600), ("protect_content", "true".into())];
    assert_eq!(ok(with_photo(&server, &bot, "postStory", &protected))["id"], 2);
    assert_eq!(refused(&server, &bot, "repostStory", repost(2)), "Bad Request: STORY_ID_INVALID");

    // Deleted: gone for everyone.
    let delete = json!({"business_connection_id": id, "story_id": 1});
    assert_eq!(ok(server.call(&bot, "deleteStory", delete.clone())), true);
    assert_eq!(refused(&server, &bot, "deleteStory", delete), "Bad Request: STORY_ID_INVALID");
    let left = ok(server.user_call(&bob, "getStories", json!({"user_id": alice_id})));
    assert_eq!(left.as_array().unwrap().iter().map(|s| s["id"].as_i64().unwrap()).collect::<Vec<_>>(), [2]);
}
