//! Stickers: `sendSticker` by upload (static WEBP, animated TGS, video WEBM), by `file_id`; as on
//! the public platform, an upload of another format goes as a document and a document's
//! `file_id` as that document, a photo's is refused; a person receives them and sends one back.

use msg_testkit::{HttpResponse, Multipart};
use serde_json::{Value, json};

use crate::{Started, error, ok, started};

fn image(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let mut bytes = Vec::new();
    image::RgbaImage::from_pixel(width, height, image::Rgba([200, 40, 90, 255]))
        .write_to(&mut std::io::Cursor::new(&mut bytes), format)
        .unwrap();
    bytes
}

fn lottie() -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, br#"{"v":"5.5.2","fr":60,"ip":0,"op":60,"w":512,"h":512,"layers":[]}"#).unwrap();
    gz.finish().unwrap()
}

#[test]
fn stickers_are_sent_by_upload_and_by_file_id_and_other_files_go_as_what_they_are() {
    let Started { root: _root, server, bot, alice, bot_id, alice_id } = started("sticker_bot");
    let chat = alice_id.to_string();
    let upload = |name: &str, bytes: &[u8], emoji: Option<&str>| -> HttpResponse {
        let mut form = Multipart::new().text("chat_id", &chat);
        if let Some(emoji) = emoji {
            form = form.text("emoji", emoji);
        }
        form.file("sticker", name, "application/octet-stream", bytes)
            .post(server.api, &format!("/bot{bot}/sendSticker"))
    };
    let sticker = |reply: HttpResponse| -> Value { ok(reply)["sticker"].clone() };

    let webp = sticker(upload("s.webp", &image(256, 200, image::ImageFormat::WebP), Some("😀")));
    assert_eq!(
        (
            webp["type"].clone(),
            webp["width"].clone(),
            webp["height"].clone(),
            webp["is_animated"].clone(),
            webp["is_video"].clone()
        ),
        (json!("regular"), json!(256), json!(200), json!(false), json!(false))
    );
    assert_eq!(webp["emoji"], "😀");
    assert!(webp["file_size"].as_u64().unwrap() > 0 && webp.get("file_name").is_none(), "{webp}");
    let tgs = sticker(upload("s.tgs", &lottie(), None));
    assert_eq!(
        (tgs["is_animated"].clone(), tgs["is_video"].clone(), tgs["width"].clone()),
        (json!(true), json!(false), json!(512))
    );
    let webm = sticker(upload("s.webm", &[0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01], None));
    assert_eq!((webm["is_animated"].clone(), webm["is_video"].clone()), (json!(false), json!(true)));

    // What is no sticker goes as a document, as the public platform sends it.
    let png = ok(upload("s.png", &image(64, 64, image::ImageFormat::Png), None));
    assert!(png.get("sticker").is_none() && png["document"]["file_name"] == "s.png", "{png}");
    let text = ok(upload("notes.txt", b"just some text", Some("📝")));
    assert!(text.get("sticker").is_none() && text["document"]["file_name"] == "notes.txt", "{text}");
    let missing = server.call(&bot, "sendSticker", json!({"chat_id": alice_id}));
    assert_eq!(error(missing), (400, "Bad Request: there is no sticker in the request".into()));

    // Again by file_id: the same sticker; a document's id sends the document, a photo's is refused.
    let again = sticker(server.call(&bot, "sendSticker", json!({"chat_id": alice_id, "sticker": webp["file_id"]})));
    assert_eq!(again["file_unique_id"], webp["file_unique_id"]);
    let by_document =
        ok(server.call(&bot, "sendSticker", json!({"chat_id": alice_id, "sticker": text["document"]["file_id"]})));
    assert_eq!(by_document["document"]["file_unique_id"], text["document"]["file_unique_id"]);
    let photo = ok(Multipart::new()
        .text("chat_id", &chat)
        .file("photo", "p.png", "image/png", &image(32, 32, image::ImageFormat::Png))
        .post(server.api, &format!("/bot{bot}/sendPhoto")));
    let wrong = server.call(&bot, "sendSticker", json!({"chat_id": alice_id, "sticker": photo["photo"][0]["file_id"]}));
    assert_eq!(error(wrong), (400, "Bad Request: can't use file of type Photo as Sticker".into()));

    // Alice receives them, and sends one back from her own app.
    let mut received = Vec::new();
    msg_testkit::poll_until("Alice has the four stickers", || {
        let updates = ok(server.user_call(&alice, "getUpdates", json!({"timeout": 1})));
        received = updates.as_array().unwrap().iter().filter(|u| !u["message"]["sticker"].is_null()).cloned().collect();
        received.len() == 4
    });
    assert_eq!(received[0]["message"]["sticker"]["file_unique_id"], webp["file_unique_id"]);
    let mine = Multipart::new()
        .text("chat_id", &bot_id.to_string())
        .file("sticker", "mine.webp", "image/webp", &image(128, 128, image::ImageFormat::WebP))
        .post(server.api, &format!("/user{alice}/sendSticker"));
    assert_eq!(ok(mine)["sticker"]["width"], 128);
    let updates = ok(server.call(&bot, "getUpdates", json!({})));
    let theirs =
        updates.as_array().unwrap().iter().rev().find(|u| !u["message"]["sticker"].is_null()).cloned().unwrap();
    assert_eq!(theirs["message"]["sticker"]["height"], 128, "the bot gets the person's sticker");
}
