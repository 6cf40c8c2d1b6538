//! Rich messages (issue 42, Bot API 10.1-10.3) through the HTTP API: every block and rich-text
//! kind made from HTML, from Markdown and from blocks, files uploaded, named by `file_id` or by
//! `tg://photo?id=` links; checked against the spec's `Message` type on the bot's side and the
//! person's; `editMessageText`'s `rich_message`, drafts with "thinking" blocks, the rights media
//! need, and malformed input refused.

use msg_testkit::Multipart;
use serde_json::{Value, json};

use crate::{assert_typed, create_bot, create_user, id_of, launch, next_person_update as next_of, ok, refused};

/// The `type` of each block.
fn kinds(message: &Value) -> Vec<String> {
    let blocks = message["rich_message"]["blocks"].as_array().unwrap_or_else(|| panic!("no blocks: {message}"));
    blocks.iter().map(|b| b["type"].as_str().unwrap().to_owned()).collect()
}

const EVERY_KIND: &str = r##"<h1>Report</h1><p><b>b</b> <i>i</i> <u>u</u> <s>s</s> <tg-spoiler>x</tg-spoiler> <sub>1</sub>
<sup>2</sup> <mark>m</mark> <code>c</code> <tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>
<tg-time unix="1647531900" format="wDT">then</tg-time> <tg-math>x^2</tg-math> <a href="https://example.com">link</a>
<a href="mailto:a@b.co">mail</a> <a href="tel:+123">call</a> <a href="#top">up</a> <a href="#n1">1</a>
https://t.me/x @someone #tag $USD /start</p>
<p><tg-reference name="n1">The note</tg-reference><a name="here"></a></p>
<pre><code class="language-rust">fn main() {}</code></pre><footer>Foot</footer><hr/><tg-math-block>E=mc^2</tg-math-block>
<a name="top"></a><ul><li><input type="checkbox" checked>done</li><li><input type="checkbox">to do</li></ul>
<ol type="i" start="4"><li>four</li><li>five</li></ol>
<blockquote>Said<cite>Someone</cite></blockquote><blockquote expandable>Long story<cite>Me</cite></blockquote>
<aside>Pulled</aside>
<tg-collage><img src="tg://photo?id=pic"><video src="tg://video?id=clip"></video></tg-collage>
<tg-slideshow><img src="tg://photo?id=pic"><img src="tg://photo?id=pic"><figcaption>Slides</figcaption></tg-slideshow>
<table bordered striped compact><caption>Totals</caption><tr><th>A</th><th>B</th></tr><tr><td colspan="2">1</td></tr></table>
<details open><summary>More</summary><p>Hidden</p></details>
<figure><tg-map lat="41.9" long="12.5" zoom="14"/><figcaption>Rome<cite>OSM</cite></figcaption></figure>
<tg-button-row><tg-button type="callback_data" data="yes">Yes</tg-button><tg-button type="url" url="https://example.com">Site</tg-button></tg-button-row>
<figure><img src="tg://photo?id=pic" tg-spoiler><figcaption>A photo</figcaption></figure>
<video src="tg://video?id=gif"></video><audio src="tg://audio?id=song"></audio><audio src="tg://audio?id=voice"></audio>
<tg-document src="tg://document?id=doc"></tg-document><video src="tg://video?id=clip"></video>"##;

const EVERY_BLOCK: [&str; 24] = [
    "heading",
    "paragraph",
    "paragraph",
    "pre",
    "footer",
    "divider",
    "mathematical_expression",
    "anchor",
    "list",
    "list",
    "blockquote",
    "expandable_blockquote",
    "pullquote",
    "collage",
    "slideshow",
    "table",
    "details",
    "map",
    "buttons",
    "photo",
    "animation",
    "audio",
    "voice_note",
    "document",
];

#[test]
fn a_rich_message_of_every_kind_reaches_the_person_as_the_spec_types_it() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "rich_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let server = launch(root.path()).env("BOTAPI_VALIDATE", "1").start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    // A video sent before, named by its file_id; the rest uploaded with the rich message.
    let video = ok(Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .file("video", "clip.mp4", "video/mp4", b"\x00\x00\x00\x18ftypmp42 clip")
        .post(server.api, &format!("/bot{bot}/sendVideo")));
    let clip = video["video"]["file_id"].as_str().unwrap();
    let media = json!([
        {"id": "pic", "media": {"type": "photo", "media": "attach://pic"}},
        {"id": "clip", "media": {"type": "video", "media": clip}},
        {"id": "gif", "media": {"type": "animation", "media": "attach://gif"}},
        {"id": "song", "media": {"type": "audio", "media": "attach://song", "title": "Song"}},
        {"id": "voice", "media": {"type": "voice_note", "media": "attach://voice"}},
        {"id": "doc", "media": {"type": "document", "media": "attach://doc"}},
    ]);
    let rich = json!({"html": EVERY_KIND.to_owned() + "<h2>End</h2>", "media": media});
    let sent = ok(Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .text("rich_message", &rich.to_string())
        .file("pic", "cat.png", "image/png", &crate::files::png(64, 48))
        .file("gif", "a.mp4", "video/mp4", b"\x00\x00\x00\x18ftypmp42 loop")
        .file("song", "s.mp3", "audio/mpeg", b"ID3 song")
        .file("voice", "v.ogg", "audio/ogg", b"OggS voice")
        .file("doc", "d.pdf", "application/pdf", b"%PDF-1.4 doc")
        .post(server.api, &format!("/bot{bot}/sendRichMessage")));
    assert_typed("Message", &sent);
    let mut expected: Vec<&str> = EVERY_BLOCK.to_vec();
    expected.extend(["video", "heading"]);
    assert_eq!(kinds(&sent), expected);
    assert!(sent.get("text").is_none(), "a rich message has no text: {sent}");
    let blocks = sent["rich_message"]["blocks"].as_array().unwrap();
    let inline: Vec<&str> = blocks[1]["text"].as_array().unwrap().iter().filter_map(|t| t["type"].as_str()).collect();
    assert_eq!(
        inline,
        [
            "bold",
            "italic",
            "underline",
            "strikethrough",
            "spoiler",
            "subscript",
            "superscript",
            "marked",
            "code",
            "custom_emoji",
            "date_time",
            "mathematical_expression",
            "url",
            "email_address",
            "phone_number",
            "anchor_link",
            "reference_link",
            "url",
            "mention",
            "hashtag",
            "cashtag",
            "bot_command"
        ]
    );
    assert_eq!(blocks[8]["items"][0]["has_checkbox"], true);
    assert_eq!(blocks[9]["items"][1]["label"], "v.", "counted from start=4 in lowercase numerals");
    assert_eq!(blocks[19]["has_spoiler"], true);
    assert_eq!(blocks[19]["caption"]["text"], "A photo");
    assert_eq!(blocks[24]["video"]["file_unique_id"], video["video"]["file_unique_id"], "the same file by its id");
    // The files are the bot's to send again, and downloadable.
    let photo = blocks[19]["photo"].as_array().unwrap().last().unwrap().clone();
    let file = ok(server.call(&bot, "getFile", json!({"file_id": photo["file_id"]})));
    assert!(file["file_path"].as_str().unwrap().starts_with("photos/"), "{file}");
    // The person gets the same message.
    let mut offset = 0;
    let mut got = next_of(&server, &alice, &mut offset, "message");
    if got["video"].is_object() {
        got = next_of(&server, &alice, &mut offset, "message");
    }
    assert_eq!(got["message_id"], sent["message_id"]);
    assert_eq!(kinds(&got), expected);
    // Its files are the person's to open, as any message's (their own file ids).
    let theirs = got["rich_message"]["blocks"][19]["photo"][0]["file_id"].as_str().unwrap().to_owned();
    assert_ne!(theirs, photo["file_id"].as_str().unwrap(), "file ids name their owner");
    let opened = msg_testkit::get(server.api, &format!("/user{alice}/file/{theirs}")).unwrap();
    assert_eq!((opened.status, opened.header("content-type")), (200, Some("image/jpeg")));

    // Markdown and blocks make the same kinds.
    let markdown = "# Title\n\nSome **bold** and `code`.\n\n- [x] one\n- [ ] two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n$$x=1$$\n\n![](tg://photo?id=p \"Cap\")";
    let rich =
        json!({"markdown": markdown, "media": [{"id": "p", "media": {"type": "photo", "media": photo["file_id"]}}]});
    let sent = ok(server.call(&bot, "sendRichMessage", json!({"chat_id": alice_id, "rich_message": rich.to_string()})));
    assert_typed("Message", &sent);
    assert_eq!(kinds(&sent), ["heading", "paragraph", "list", "table", "mathematical_expression", "photo"]);
    assert_eq!(sent["rich_message"]["blocks"][5]["caption"]["text"], "Cap");
    let blocks = json!([
        {"type": "heading", "text": "Plain", "size": 3},
        {"type": "paragraph", "text": ["See ", {"type": "bold", "text": "this"}]},
        {"type": "photo", "photo": {"type": "photo", "media": photo["file_id"]}},
        {"type": "map", "location": {"latitude": 1.5, "longitude": 2.5}},
        {"type": "table", "cells": [[{"text": "a", "align": "left", "valign": "top"}]]}
    ]);
    let rich = json!({"blocks": blocks, "is_rtl": true});
    let sent = ok(server.call(&bot, "sendRichMessage", json!({"chat_id": alice_id, "rich_message": rich.to_string()})));
    assert_typed("Message", &sent);
    assert_eq!(kinds(&sent), ["heading", "paragraph", "photo", "map", "table"]);
    assert_eq!(sent["rich_message"]["is_rtl"], true);
    assert_eq!(
        (&sent["rich_message"]["blocks"][3]["zoom"], &sent["rich_message"]["blocks"][3]["width"]),
        (&json!(15), &json!(640)),
        "a map's zoom and size when none are given"
    );

    // A text becomes a rich message and back.
    let plain = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "draft"})));
    let rich = json!({"html": "<h3>Final</h3><p>Done</p>"}).to_string();
    let edited = ok(server.call(
        &bot,
        "editMessageText",
        json!({"chat_id": alice_id, "message_id": plain["message_id"], "rich_message": rich}),
    ));
    assert_typed("Message", &edited);
    assert_eq!((kinds(&edited), edited.get("text")), (vec!["heading".to_owned(), "paragraph".to_owned()], None));
    let back = ok(server.call(
        &bot,
        "editMessageText",
        json!({"chat_id": alice_id, "message_id": plain["message_id"], "text": "plain again"}),
    ));
    assert_eq!((back["text"].clone(), back.get("rich_message")), (json!("plain again"), None));
    let changed = next_of(&server, &alice, &mut offset, "edited_message");
    assert_eq!(kinds(&changed), ["heading", "paragraph"]);

    // A draft: "thinking" blocks, stored files only.
    let draft = json!({"html": "<tg-thinking>Thinking…</tg-thinking><p>So far</p>"}).to_string();
    assert_eq!(
        ok(server.call(
            &bot,
            "sendRichMessageDraft",
            json!({"chat_id": alice_id, "draft_id": 5, "rich_message": draft})
        )),
        json!(true)
    );
    let shown = next_of(&server, &alice, &mut offset, "message_draft");
    assert_eq!(kinds(&shown), ["thinking", "paragraph"]);
    let upload = json!({"html": "<img src=\"tg://photo?id=x\">", "media": [{"id": "x", "media": {"type": "photo", "media": "https://example.com/a.jpg"}}]});
    assert_eq!(
        refused(
            &server,
            &bot,
            "sendRichMessageDraft",
            json!({"chat_id": alice_id, "draft_id": 5, "rich_message": upload.to_string()})
        ),
        "Bad Request: only previously uploaded files can be used in the rich message"
    );
}

#[test]
fn malformed_rich_messages_are_refused_and_media_need_their_rights() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "strict_rich_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let server = launch(root.path()).start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let sent = ok(Multipart::new()
        .text("chat_id", &alice_id.to_string())
        .file("photo", "cat.png", "image/png", &crate::files::png(32, 32))
        .post(server.api, &format!("/bot{bot}/sendPhoto")));
    let photo = sent["photo"][0]["file_id"].as_str().unwrap().to_owned();
    let send =
        |rich: &str| refused(&server, &bot, "sendRichMessage", json!({"chat_id": alice_id, "rich_message": rich}));
    assert_eq!(
        refused(&server, &bot, "sendRichMessage", json!({"chat_id": alice_id})),
        "Bad Request: parameter \"rich_message\" is required"
    );
    assert_eq!(send("{"), "Bad Request: can't parse InputRichMessage JSON object");
    assert_eq!(
        send(&json!({"html": "<p>a</p>", "markdown": "b"}).to_string()),
        "Bad Request: exactly one of the fields html, markdown and blocks of InputRichMessage must be specified"
    );
    assert_eq!(send(&json!({"html": "  "}).to_string()), "Bad Request: rich message must be non-empty");
    assert_eq!(
        send(&json!({"html": "<p>open"}).to_string()),
        "Bad Request: can't parse rich message: Can't find end tag corresponding to start tag \"p\""
    );
    assert_eq!(
        send(&json!({"html": "<tg-thinking>hm</tg-thinking>"}).to_string()),
        "Bad Request: thinking blocks can be used only in sendRichMessageDraft"
    );
    assert_eq!(
        send(
            &json!({"html": "<p>x</p>", "media": [{"id": "bad id", "media": {"type": "photo", "media": "x"}}]})
                .to_string()
        ),
        "Bad Request: invalid rich message file identifier specified"
    );
    assert_eq!(
        send(&json!({"blocks": [{"type": "heading", "text": "x", "size": 9}]}).to_string()),
        "Bad Request: invalid section heading size specified"
    );
    assert!(
        send(&json!({"blocks": [{"type": "table"}]}).to_string())
            .starts_with("Bad Request: can't parse InputRichMessage: "),
        "a block without its fields"
    );
    assert_eq!(
        send(&json!({"html": "<img src=\"tg://photo?id=p\">", "media": [{"id": "p", "media": {"type": "photo", "media": "nope"}}]}).to_string()),
        "Bad Request: wrong file identifier/HTTP URL specified"
    );

    // In a group whose members may not send photos, a member bot's rich message may hold no photo.
    let group = ok(server.user_call(&alice, "createSupergroup", json!({"title": "No photos", "member_ids": [bot_id]})));
    let chat = group["id"].as_i64().unwrap();
    let permissions = json!({"can_send_messages": true, "can_send_photos": false});
    ok(server.user_call(&alice, "setChatPermissions", json!({"chat_id": chat, "permissions": permissions})));
    let words = ok(server.call(
        &bot,
        "sendRichMessage",
        json!({"chat_id": chat, "rich_message": json!({"html": "<p>Words</p>"}).to_string()}),
    ));
    assert_eq!(kinds(&words), ["paragraph"]);
    let picture = json!({"html": "<img src=\"tg://photo?id=p\">", "media": [{"id": "p", "media": {"type": "photo", "media": photo}}]});
    let picture = picture.to_string();
    assert_eq!(
        refused(&server, &bot, "sendRichMessage", json!({"chat_id": chat, "rich_message": picture})),
        "Bad Request: not enough rights to send photos to the chat"
    );
}

#[test]
fn rich_messages_come_from_inline_results_and_go_to_one_receiver_alone() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "inline_rich_bot");
    let (alice, bob) = (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"));
    let (bot_id, bob_id) = (id_of(&bot), id_of(&bob));
    let (status, _, stderr) =
        launch(root.path()).arg("bot").arg("set").arg("inline_rich_bot").arg("--inline").arg("on").run();
    assert!(status.success(), "{stderr}");
    let server = launch(root.path()).env("BOTAPI_VALIDATE", "1").start();
    let group =
        ok(server.user_call(&alice, "createSupergroup", json!({"title": "Rich", "member_ids": [bot_id, bob_id]})));
    let chat = group["id"].as_i64().unwrap();

    // An inline result with a rich message: read when the answer comes, posted as it is.
    let asking =
        crate::waiting(&server, &alice, "inlineQuery", json!({"chat_id": bot_id, "query": "card", "timeout": 20}));
    let mut offset = 0;
    let inline = crate::next_update(&server, &bot, &mut offset, "inline_query");
    let content = json!({"rich_message": {"markdown": "## Card\n\n- one\n- two"}});
    let results = json!([{"type": "article", "id": "r1", "title": "Card", "input_message_content": content}]);
    let bad = json!([{"type": "article", "id": "r2", "title": "Bad", "input_message_content": {"rich_message": {"html": "<p>x"}}}]);
    assert_eq!(
        refused(
            &server,
            &bot,
            "answerInlineQuery",
            json!({"inline_query_id": inline["id"], "results": bad.to_string()})
        ),
        "Bad Request: can't parse rich message: Can't find end tag corresponding to start tag \"p\""
    );
    ok(server.call(
        &bot,
        "answerInlineQuery",
        json!({"inline_query_id": inline["id"], "results": results.to_string()}),
    ));
    let asked = ok(asking.join().unwrap());
    let pick = json!({"inline_query_id": asked["inline_query_id"], "result_id": "r1", "chat_id": chat});
    let posted = ok(server.user_call(&alice, "chooseInlineResult", pick));
    assert_eq!(kinds(&posted), ["heading", "list"]);
    assert_eq!(posted["via_bot"]["id"], bot_id);
    assert!(posted.get("text").is_none(), "{posted}");

    // An ephemeral rich message: Bob alone gets it, then its edit into another rich message.
    let ephemeral = json!({"receiver_user_id": bob_id}).to_string();
    let rich = json!({"html": "<h4>Just you</h4>"}).to_string();
    let sent = ok(server.call(
        &bot,
        "sendRichMessage",
        json!({"chat_id": chat, "rich_message": rich, "ephemeral_message_parameters": ephemeral}),
    ));
    assert_typed("Message", &sent);
    assert_eq!((sent["message_id"].clone(), kinds(&sent)), (json!(0), vec!["heading".to_owned()]));
    let id = sent["ephemeral_message_id"].clone();
    let mut bob_offset = 0;
    let mut got = next_of(&server, &bob, &mut bob_offset, "message");
    while got["ephemeral_message_id"].is_null() {
        got = next_of(&server, &bob, &mut bob_offset, "message");
    }
    assert_eq!((got["ephemeral_message_id"].clone(), kinds(&got)), (id.clone(), vec!["heading".to_owned()]));
    let rich = json!({"html": "<p>Changed</p>"}).to_string();
    ok(server.call(
        &bot,
        "editEphemeralMessageText",
        json!({"chat_id": chat, "receiver_user_id": bob_id, "ephemeral_message_id": id, "rich_message": rich}),
    ));
    let changed = next_of(&server, &bob, &mut bob_offset, "edited_message");
    assert_eq!(kinds(&changed), ["paragraph"]);
    // Alice, a member too, saw neither.
    let everything = ok(server.user_call(&alice, "getUpdates", json!({"timeout": 0}))).to_string();
    assert!(!everything.contains("Just you") && !everything.contains("Changed"), "{everything}");
}
