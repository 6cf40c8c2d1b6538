//! Files end to end: every upload form (multipart quoted and unquoted, chunked, `attach://`,
//! `file_id`, HTTP URL, `file://` in local mode), photo sizes, getFile and the download route
//! with Range, every traversal trick, the limits and their errors, people sending files to bots,
//! content stored once across bots, the retention policy, and a 2000 MB round trip in local mode
//! with the server's peak RSS measured.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use msg_testkit::{HttpResponse, Multipart, Server, get, post_chunked};
use serde_json::{Value, json};

use crate::{create_bot, create_user, error, id_of, launch, ok, walk};

/// A PNG of the given size, encoded in memory.
pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 99]));
    let mut bytes = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

/// A bot and a person who has written to it (so the bot may write back), on a running server.
fn conversation(root: &Path, local: bool) -> (Server, String, String) {
    let bot = create_bot(root, "files_bot");
    let alice = create_user(root, "Alice");
    // `files.test` is a "public" name for the loopback file servers (uploads by URL).
    let mut launch = launch(root).env("BOTAPI_TEST_RESOLVE", "files.test=127.0.0.1");
    if local {
        launch = launch.env("MSG_LOCAL", "true");
    }
    let server = launch.start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(&bot), "text": "hi"})));
    (server, bot, alice)
}

fn download(server: &Server, token: &str, path: &str) -> HttpResponse {
    get(server.api, &format!("/file/bot{token}/{path}")).unwrap()
}

fn get_file(server: &Server, token: &str, file_id: &Value) -> Value {
    ok(server.call(token, "getFile", json!({"file_id": file_id})))
}

/// The files (not directories) below `dir`.
fn files_in(dir: &Path) -> Vec<std::path::PathBuf> {
    walk(dir).into_iter().filter(|p| p.is_file()).collect()
}

/// Serves one file over HTTP on loopback for URL uploads; returns its address.
fn serve_once(body: Vec<u8>, content_type: &'static str) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        if let Ok((mut stream, _)) = listener.accept() {
            let mut head = [0u8; 4096];
            let _ = stream.read(&mut head);
            let response =
                format!("HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n", body.len());
            let _ = stream.write_all(response.as_bytes());
            let _ = stream.write_all(&body);
        }
    });
    addr
}

#[test]
fn every_upload_form_reaches_the_person_and_downloads_with_ranges() {
    let root = tempfile::tempdir().unwrap();
    let (server, bot, alice) = conversation(root.path(), false);
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let path = format!("/bot{bot}/sendDocument");
    let chat = alice_id.to_string();

    // Multipart with quoted names, a caption with entities.
    let sent = ok(Multipart::new()
        .text("chat_id", &chat)
        .text("caption", "<b>report</b>")
        .text("parse_mode", "HTML")
        .file("document", "Report.txt", "text/plain", b"hello, files")
        .post(server.api, &path));
    let document = &sent["document"];
    assert_eq!(document["file_name"], "Report.txt");
    assert_eq!(document["mime_type"], "text/plain");
    assert_eq!(document["file_size"], 12);
    assert_eq!(sent["caption"], "report");
    assert_eq!(sent["caption_entities"], json!([{"type": "bold", "offset": 0, "length": 6}]));
    let file = get_file(&server, &bot, &document["file_id"]);
    assert_eq!(file["file_unique_id"], document["file_unique_id"]);
    assert_eq!(file["file_size"], 12);
    let file_path = file["file_path"].as_str().unwrap();
    assert!(file_path.starts_with("documents/file_") && file_path.ends_with(".txt"), "{file_path}");
    assert!(Path::new(&server.dir).join(bot_id.to_string()).join(file_path).is_file());

    // The download route: whole file, percent-encoded path, ranges.
    let whole = download(&server, &bot, file_path);
    assert_eq!(whole.status, 200);
    assert_eq!(whole.body, b"hello, files");
    assert_eq!(whole.header("content-length"), Some("12"));
    assert_eq!(whole.header("content-type"), Some("text/plain"));
    assert_eq!(whole.header("accept-ranges"), Some("bytes"));
    let encoded = format!("/file/bot{}/{}", bot.replace(':', "%3A"), file_path.replace('/', "%2F"));
    assert_eq!(get(server.api, &encoded).unwrap().body, b"hello, files");
    let range = |spec: &str| {
        let request =
            format!("GET /file/bot{bot}/{file_path} HTTP/1.1\r\nHost: x\r\nRange: {spec}\r\nConnection: close\r\n\r\n");
        msg_testkit::raw_request(server.api, request.as_bytes()).unwrap()
    };
    let part = range("bytes=7-10");
    assert_eq!((part.status, part.body.as_slice()), (206, b"file".as_slice()));
    assert_eq!(part.header("content-range"), Some("bytes 7-10/12"));
    let tail = range("bytes=-5");
    assert_eq!((tail.status, tail.body.as_slice()), (206, b"files".as_slice()));
    let beyond = range("bytes=50-60");
    assert_eq!(beyond.status, 416);
    assert_eq!(beyond.header("content-range"), Some("bytes */12"));

    // Unquoted multipart names, and a chunked body.
    let (content_type, body) = Multipart::new()
        .text("chat_id", &chat)
        .file_unquoted("document", "notes.md", "application/octet-stream", b"# notes")
        .finish();
    let chunked = ok(post_chunked(server.api, &path, &content_type, &body, 7));
    assert_eq!(chunked["document"]["file_name"], "notes.md");
    assert_eq!(chunked["document"]["file_size"], 7);

    // The same document again by file_id: same content, nothing new stored.
    let again = ok(server.call(&bot, "sendDocument", json!({"chat_id": alice_id, "document": document["file_id"]})));
    assert_eq!(again["document"]["file_unique_id"], document["file_unique_id"]);

    // By HTTP URL (fetched by the server from a local HTTP server).
    let origin = serve_once(b"%PDF-1.4 fetched".to_vec(), "application/pdf");
    let url = format!("http://files.test:{}/papers/paper.pdf", origin.port());
    let fetched = ok(server.call(&bot, "sendDocument", json!({"chat_id": alice_id, "document": url})));
    assert_eq!(fetched["document"]["file_name"], "paper.pdf");
    assert_eq!(fetched["document"]["mime_type"], "application/pdf");
    let fetched_path = get_file(&server, &bot, &fetched["document"]["file_id"])["file_path"].clone();
    assert_eq!(download(&server, &bot, fetched_path.as_str().unwrap()).body, b"%PDF-1.4 fetched");

    // A photo: real sizes, the original kept as the largest.
    let photo = ok(Multipart::new()
        .text("chat_id", &chat)
        .file("photo", "cat.png", "image/png", &png(1000, 600))
        .post(server.api, &format!("/bot{bot}/sendPhoto")));
    let sizes: Vec<(u64, u64)> = photo["photo"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["width"].as_u64().unwrap(), s["height"].as_u64().unwrap()))
        .collect();
    assert_eq!(sizes, vec![(90, 54), (320, 192), (800, 480), (1000, 600)]);
    let small = get_file(&server, &bot, &photo["photo"][0]["file_id"]);
    assert!(small["file_path"].as_str().unwrap().starts_with("photos/"), "{small}");
    let thumb_bytes = download(&server, &bot, small["file_path"].as_str().unwrap()).body;
    assert_eq!(image::load_from_memory(&thumb_bytes).unwrap().width(), 90);
    let resent =
        ok(server.call(&bot, "sendPhoto", json!({"chat_id": alice_id, "photo": photo["photo"][1]["file_id"]})));
    assert_eq!(resent["photo"], photo["photo"], "the whole photo, sent again by one size's file_id");

    // Video with an attach:// thumbnail and caller-given facts; audio, voice, animation, video note.
    let video = ok(Multipart::new()
        .text("chat_id", &chat)
        .text("width", "640")
        .text("height", "360")
        .text("duration", "12")
        .text("thumbnail", "attach://thumb")
        .file("video", "clip.mp4", "video/mp4", b"not really mp4")
        .file("thumb", "thumb.png", "image/png", &png(320, 180))
        .post(server.api, &format!("/bot{bot}/sendVideo")));
    let v = &video["video"];
    assert_eq!((v["width"].clone(), v["height"].clone(), v["duration"].clone()), (json!(640), json!(360), json!(12)));
    assert_eq!((v["thumbnail"]["width"].clone(), v["thumbnail"]["height"].clone()), (json!(320), json!(180)));
    assert_eq!(v["mime_type"], "video/mp4");
    let thumb_path = get_file(&server, &bot, &v["thumbnail"]["file_id"])["file_path"].clone();
    assert!(thumb_path.as_str().unwrap().starts_with("thumbnails/"), "{thumb_path}");
    let audio = ok(Multipart::new()
        .text("chat_id", &chat)
        .text("performer", "The Band")
        .text("title", "Song")
        .file("audio", "song.mp3", "audio/mpeg", b"ID3")
        .post(server.api, &format!("/bot{bot}/sendAudio")));
    assert_eq!(
        (audio["audio"]["performer"].clone(), audio["audio"]["title"].clone()),
        (json!("The Band"), json!("Song"))
    );
    assert!(get_file(&server, &bot, &audio["audio"]["file_id"])["file_path"].as_str().unwrap().starts_with("music/"));
    let voice = ok(Multipart::new()
        .text("chat_id", &chat)
        .text("duration", "3")
        .file("voice", "v.ogg", "audio/ogg", b"OggS")
        .post(server.api, &format!("/bot{bot}/sendVoice")));
    assert_eq!(voice["voice"]["duration"], 3);
    assert!(get_file(&server, &bot, &voice["voice"]["file_id"])["file_path"].as_str().unwrap().starts_with("voice/"));
    let animation = ok(Multipart::new()
        .text("chat_id", &chat)
        .file("animation", "a.gif", "image/gif", b"GIF89a")
        .post(server.api, &format!("/bot{bot}/sendAnimation")));
    // An animation also fills `document`: the same file as a Document (no duration or size).
    let mut as_document = animation["animation"].clone();
    for field in ["duration", "width", "height"] {
        as_document.as_object_mut().unwrap().remove(field);
    }
    assert_eq!(animation["document"], as_document, "an animation also fills document");
    let note = ok(Multipart::new()
        .text("chat_id", &chat)
        .text("length", "240")
        .file("video_note", "n.mp4", "video/mp4", b"note")
        .post(server.api, &format!("/bot{bot}/sendVideoNote")));
    assert_eq!(note["video_note"]["length"], 240);
    assert!(
        get_file(&server, &bot, &note["video_note"]["file_id"])["file_path"]
            .as_str()
            .unwrap()
            .starts_with("video_notes/")
    );

    // An album of two photos, and replacing a document's media.
    let album = ok(Multipart::new()
        .text("chat_id", &chat)
        .text(
            "media",
            &json!([{"type": "photo", "media": "attach://a", "caption": "first"}, {"type": "photo", "media": "attach://b"}])
                .to_string(),
        )
        .file("a", "a.png", "image/png", &png(40, 30))
        .file("b", "b.png", "image/png", &png(30, 40))
        .post(server.api, &format!("/bot{bot}/sendMediaGroup")));
    assert_eq!(album.as_array().unwrap().len(), 2);
    assert_eq!(album[0]["media_group_id"], album[1]["media_group_id"]);
    assert_eq!(album[0]["caption"], "first");
    assert_eq!(album[1]["photo"][0]["width"], 30);
    let edited = ok(Multipart::new()
        .text("chat_id", &chat)
        .text("message_id", &sent["message_id"].to_string())
        .text("media", &json!({"type": "document", "media": "attach://new", "caption": "v2"}).to_string())
        .file("new", "Report-v2.txt", "text/plain", b"second version")
        .post(server.api, &format!("/bot{bot}/editMessageMedia")));
    assert_eq!(edited["document"]["file_name"], "Report-v2.txt");
    assert_eq!(edited["caption"], "v2");
    assert!(edited["edit_date"].is_i64());

    // The person received everything, with ids of their own and the same unique ids.
    // Every send returned after the person's update was stored, so one read sees them all.
    let received = ok(server.user_call(&alice, "getUpdates", json!({})));
    let received = received.as_array().unwrap();
    assert!(received.len() >= 14, "{}", received.len());
    let first = received
        .iter()
        .find_map(|u| u["message"]["document"].as_object().filter(|d| d["file_name"] == "Report.txt"))
        .unwrap();
    assert_ne!(first["file_id"], document["file_id"], "file ids belong to their holder");
    assert_eq!(first["file_unique_id"], document["file_unique_id"]);
    assert!(received.iter().any(|u| u["edited_message"]["document"]["file_name"] == "Report-v2.txt"));
}

#[test]
fn people_send_files_to_bots_and_content_is_stored_once_across_bots() {
    let root = tempfile::tempdir().unwrap();
    let other = create_bot(root.path(), "other_bot");
    let (server, bot, alice) = conversation(root.path(), false);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(&other), "text": "hi"})));
    let bytes = b"the same bytes for everyone".to_vec();
    for target in [&bot, &other] {
        let sent = ok(Multipart::new()
            .text("chat_id", &id_of(target).to_string())
            .text("caption", "for you")
            .file("document", "shared.bin", "application/octet-stream", &bytes)
            .post(server.api, &format!("/user{alice}/sendDocument")));
        assert_eq!(sent["document"]["file_name"], "shared.bin");
    }
    let mut paths = Vec::new();
    let mut unique_ids = Vec::new();
    for token in [&bot, &other] {
        let updates = ok(server.call(token, "getUpdates", json!({"timeout": 5})));
        let message =
            updates.as_array().unwrap().iter().find(|u| u["message"]["document"].is_object()).unwrap()["message"]
                .clone();
        assert_eq!(message["caption"], "for you");
        assert_eq!(message["from"]["first_name"], "Alice");
        let file = get_file(&server, token, &message["document"]["file_id"]);
        assert_eq!(download(&server, token, file["file_path"].as_str().unwrap()).body, bytes);
        paths.push(Path::new(&server.dir).join(id_of(token).to_string()).join(file["file_path"].as_str().unwrap()));
        unique_ids.push(message["document"]["file_unique_id"].clone());

        // A file_id is its holder's only.
        let foreign = if token == &bot { &other } else { &bot };
        let (status, description) =
            error(server.call(foreign, "getFile", json!({"file_id": message["document"]["file_id"]})));
        assert_eq!(
            (status, description.as_str()),
            (400, "Bad Request: wrong file_id or the file is temporarily unavailable")
        );
        let (_, description) = error(server.call(
            foreign,
            "sendDocument",
            json!({"chat_id": id_of(&alice), "document": message["document"]["file_id"]}),
        ));
        assert_eq!(description, "Bad Request: wrong file identifier/HTTP URL specified");
    }
    assert_eq!(unique_ids[0], unique_ids[1]);
    // One copy of the content: the store's file and each bot's file are the same inode.
    let (a, b) = (std::fs::metadata(&paths[0]).unwrap(), std::fs::metadata(&paths[1]).unwrap());
    assert_eq!(a.ino(), b.ino());
    assert_eq!(a.nlink(), 3, "store + two bot directories");

    // An operator deleting a bot's copy loses nothing while the store has it: getFile restores it.
    std::fs::remove_file(&paths[0]).unwrap();
    let updates = ok(server.call(&bot, "getUpdates", json!({"offset": -1})));
    let file_id = updates[0]["message"]["document"]["file_id"].clone();
    let restored = get_file(&server, &bot, &file_id);
    assert_eq!(download(&server, &bot, restored["file_path"].as_str().unwrap()).body, bytes);
}

#[test]
fn bad_files_get_the_platform_errors_and_leave_nothing_behind() {
    let root = tempfile::tempdir().unwrap();
    let (server, bot, alice) = conversation(root.path(), false);
    let chat = id_of(&alice).to_string();
    let call = |method: &str, params: Value| error(server.call(&bot, method, params));

    let cases: Vec<(&str, Value, &str)> = vec![
        ("sendDocument", json!({"chat_id": chat}), "Bad Request: there is no document in the request"),
        ("sendVideoNote", json!({"chat_id": chat}), "Bad Request: there is no video note in the request"),
        (
            "sendPhoto",
            json!({"chat_id": chat, "photo": "AgACAgIAAxkBAAIBYmVYZ"}),
            "Bad Request: wrong file identifier/HTTP URL specified",
        ),
        (
            "sendDocument",
            json!({"chat_id": chat, "document": "file:///etc/hostname"}),
            "Bad Request: wrong file identifier/HTTP URL specified",
        ),
        (
            "sendDocument",
            json!({"chat_id": chat, "document": "attach://missing"}),
            "Bad Request: there is no document in the request",
        ),
        (
            "sendDocument",
            json!({"chat_id": chat, "document": format!("http://127.0.0.1:{}/x", msg_testkit::free_port())}),
            "Bad Request: failed to get HTTP URL content",
        ),
        ("getFile", json!({}), "Bad Request: file_id not specified"),
        ("getFile", json!({"file_id": "nonsense"}), "Bad Request: invalid file_id"),
        ("sendMediaGroup", json!({"chat_id": chat, "media": "{"}), "Bad Request: can't parse media JSON object"),
        ("sendMediaGroup", json!({"chat_id": chat, "media": "{}"}), "Bad Request: expected an Array of InputMedia"),
        (
            "sendMediaGroup",
            json!({"chat_id": chat, "media": "[{\"type\": \"photo\"}]"}),
            "Bad Request: can't parse InputMedia: media not found",
        ),
        (
            "sendMediaGroup",
            json!({"chat_id": chat, "media": "[{\"type\": \"animation\", \"media\": \"x\"}]"}),
            "Bad Request: can't parse InputMedia: type \"animation\" can't be used in sendMediaGroup",
        ),
    ];
    for (method, params, expected) in cases {
        let (status, description) = call(method, params.clone());
        assert_eq!((status, description.as_str()), (400, expected), "{method} {params}");
    }

    // Images that are not images, and impossible dimensions.
    let photo = |bytes: &[u8]| {
        error(
            Multipart::new()
                .text("chat_id", &chat)
                .file("photo", "p.jpg", "image/jpeg", bytes)
                .post(server.api, &format!("/bot{bot}/sendPhoto")),
        )
    };
    assert_eq!(photo(b"not an image").1, "Bad Request: IMAGE_PROCESS_FAILED");
    assert_eq!(photo(&png(2100, 100)).1, "Bad Request: PHOTO_INVALID_DIMENSIONS");
    // A photo file_id cannot be sent as a document.
    let sent = ok(Multipart::new()
        .text("chat_id", &chat)
        .file("photo", "p.png", "image/png", &png(20, 20))
        .post(server.api, &format!("/bot{bot}/sendPhoto")));
    let (_, description) = call("sendDocument", json!({"chat_id": chat, "document": sent["photo"][0]["file_id"]}));
    assert_eq!(description, "Bad Request: can't use file of type Photo as Document");

    // Limits without local mode: 10 MB photos, 50 MB uploads, 20 MB downloads.
    let big_photo = msg_testkit::upload_pattern(
        server.api,
        &format!("/bot{bot}/sendPhoto"),
        &[("chat_id", &chat)],
        ("photo", "big.jpg"),
        (10 << 20) + 1,
    );
    assert_eq!(error(big_photo), (400, "Bad Request: PHOTO_SAVE_FILE_INVALID".to_owned()));
    let too_big = msg_testkit::upload_pattern(
        server.api,
        &format!("/bot{bot}/sendDocument"),
        &[("chat_id", &chat)],
        ("document", "big.bin"),
        (50 << 20) + 1,
    );
    assert_eq!(error(too_big), (413, "Request Entity Too Large".to_owned()));
    let bot_dir = Path::new(&server.dir).join(id_of(&bot).to_string());
    assert!(files_in(&bot_dir.join("documents")).is_empty(), "no document kept");
    assert!(files_in(&root.path().join("tmp")).is_empty(), "no partial upload left in the temp dir");
    let sized = ok(msg_testkit::upload_pattern(
        server.api,
        &format!("/bot{bot}/sendDocument"),
        &[("chat_id", &chat)],
        ("document", "21mb.bin"),
        21 << 20,
    ));
    let (_, description) = call("getFile", json!({"file_id": sized["document"]["file_id"]}));
    assert_eq!(description, "Bad Request: file is too big");
    assert!(files_in(&root.path().join("tmp")).is_empty(), "uploads are moved out of the temp dir");

    // The server still works after all that.
    ok(server.call(&bot, "sendMessage", json!({"chat_id": chat, "text": "still here"})));
}

#[test]
fn the_download_route_serves_only_the_bots_own_files() {
    let root = tempfile::tempdir().unwrap();
    let other = create_bot(root.path(), "other_bot");
    let (server, bot, alice) = conversation(root.path(), false);
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(&other), "text": "hi"})));
    let send = |token: &str, name: &str, bytes: &[u8]| {
        let sent = ok(Multipart::new()
            .text("chat_id", &id_of(&alice).to_string())
            .file("document", name, "text/plain", bytes)
            .post(server.api, &format!("/bot{token}/sendDocument")));
        get_file(&server, token, &sent["document"]["file_id"])["file_path"].as_str().unwrap().to_owned()
    };
    let mine = send(&bot, "mine.txt", b"mine");
    let theirs = send(&other, "theirs.txt", b"theirs");
    assert_eq!(download(&server, &bot, &mine).body, b"mine");

    let data = Path::new(&server.dir);
    let (bot_id, other_id) = (id_of(&bot), id_of(&other));
    let bot_dir = data.join(bot_id.to_string());
    std::os::unix::fs::symlink(data.join(other_id.to_string()).join(&theirs), bot_dir.join("documents/link.txt"))
        .unwrap();
    std::os::unix::fs::symlink("/etc", bot_dir.join("documents/etc")).unwrap();
    std::fs::create_dir_all(root.path().join("tmp")).unwrap();
    std::fs::write(root.path().join("tmp/secret"), b"x").unwrap();
    let absolute_theirs = data.join(other_id.to_string()).join(&theirs).display().to_string();
    let attempts = [
        format!("/file/bot{bot}/../{other_id}/{theirs}"),
        format!("/file/bot{bot}/documents/../../{other_id}/{theirs}"),
        format!("/file/bot{bot}/%2e%2e/{other_id}/{theirs}"),
        format!("/file/bot{bot}/documents%2F..%2F..%2F{other_id}%2F{theirs}"),
        format!("/file/bot{bot}/{theirs}x"),
        format!("/file/bot{bot}/bot.sqlite"),
        format!("/file/bot{bot}/documents/../bot.sqlite"),
        format!("/file/bot{bot}/documents/link.txt"),
        format!("/file/bot{bot}/documents/etc/passwd"),
        format!("/file/bot{bot}//etc/passwd"),
        format!("/file/bot{bot}/{absolute_theirs}"),
        format!("/file/bot{bot}/{}", root.path().join("tmp/secret").display()),
        format!("/file/bot{bot}/{}", data.join("platform.sqlite").display()),
        format!("/file/bot{bot}/documents/%00"),
        format!("/file/bot{bot}/documents"),
        format!("/file/bot{other}/{mine}x"),
        format!("/file/bot{bot_id}:wrongsecretwrongsecretwrongsecret/{mine}"),
        format!("/file/bot/{mine}"),
        format!("/file/bot{bot}"),
    ];
    for attempt in attempts {
        let reply = get(server.api, &attempt).unwrap();
        assert_eq!(reply.status, 404, "{attempt} must be 404, got {}", reply.text());
        assert_eq!(reply.json(), json!({"ok": false, "error_code": 404, "description": "Not Found"}), "{attempt}");
    }
    assert_eq!(download(&server, &other, &theirs).body, b"theirs", "each bot reads its own");
}

#[test]
fn local_mode_takes_file_uris_and_answers_absolute_paths_that_download() {
    let root = tempfile::tempdir().unwrap();
    let (server, bot, alice) = conversation(root.path(), true);
    let chat = id_of(&alice).to_string();
    let source = root.path().join("outside dir").join("local file.txt");
    std::fs::create_dir_all(source.parent().unwrap()).unwrap();
    std::fs::write(&source, b"read from disk").unwrap();
    let uri = format!("file://{}", source.display().to_string().replace(' ', "%20"));
    let sent = ok(server.call(&bot, "sendDocument", json!({"chat_id": chat, "document": uri})));
    assert_eq!(sent["document"]["file_name"], "local file.txt");
    assert!(source.is_file(), "a file:// upload is copied, never moved");
    let localhost = format!("file://localhost{}", source.display());
    let again = ok(server.call(&bot, "sendDocument", json!({"chat_id": chat, "document": localhost})));
    assert_eq!(again["document"]["file_unique_id"], sent["document"]["file_unique_id"]);

    let file = get_file(&server, &bot, &sent["document"]["file_id"]);
    let absolute = file["file_path"].as_str().unwrap();
    assert!(absolute.starts_with(&server.dir.join(id_of(&bot).to_string()).display().to_string()), "{absolute}");
    assert_eq!(std::fs::read(absolute).unwrap(), b"read from disk");
    // Clients build `<base>/file/bot<token>/<absolute path>`, some percent-encoding it.
    assert_eq!(download(&server, &bot, absolute).body, b"read from disk");
    assert_eq!(get(server.api, &format!("/file/bot{bot}{absolute}")).unwrap().body, b"read from disk");
    let encoded = absolute.replace('/', "%2F");
    assert_eq!(get(server.api, &format!("/file/bot{bot}/{encoded}")).unwrap().body, b"read from disk");

    let (_, description) =
        error(server.call(&bot, "sendDocument", json!({"chat_id": chat, "document": "file:///no/such/file"})));
    assert!(description.starts_with("Bad Request: can't read local file \"/no/such/file\""), "{description}");

    // No 20 MB download limit in local mode.
    let big = ok(msg_testkit::upload_pattern(
        server.api,
        &format!("/bot{bot}/sendDocument"),
        &[("chat_id", &chat)],
        ("document", "big.bin"),
        21 << 20,
    ));
    let file = get_file(&server, &bot, &big["document"]["file_id"]);
    assert_eq!(file["file_size"], 21 << 20);
}

#[test]
fn retention_removes_unused_files_and_keeps_used_ones() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "files_bot");
    let alice = create_user(root.path(), "Alice");
    let mut server = launch(root.path()).env("MSG_FILE_RETENTION", "2s").start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": id_of(&bot), "text": "hi"})));
    let send = |server: &Server, name: &str| {
        ok(Multipart::new()
            .text("chat_id", &id_of(&alice).to_string())
            .file("document", name, "text/plain", name.as_bytes())
            .post(server.api, &format!("/bot{bot}/sendDocument")))["document"]["file_id"]
            .clone()
    };
    let (unused, used) = (send(&server, "unused.txt"), send(&server, "used.txt"));
    let bot_dir = server.dir.join(id_of(&bot).to_string());
    let unused_path = bot_dir.join(get_file(&server, &bot, &unused)["file_path"].as_str().unwrap());
    let used_path = get_file(&server, &bot, &used)["file_path"].as_str().unwrap().to_owned();
    msg_testkit::poll_until("the unused file is swept", || {
        // Keep using the other one meanwhile.
        get_file(&server, &bot, &used);
        !unused_path.exists()
    });
    assert_eq!(download(&server, &bot, &used_path).body, b"used.txt");
    let (_, description) = error(server.call(&bot, "getFile", json!({"file_id": unused})));
    assert_eq!(description, "Bad Request: wrong file_id or the file is temporarily unavailable");
    // The sweep logs after it deletes, and the output arrives through a pipe: wait for the line.
    server.wait_for_line(|l| l.contains("file retention: removed"));
}

#[test]
fn a_2000_mb_file_goes_up_and_down_in_local_mode_with_bounded_memory() {
    const SIZE: u64 = 2000 << 20;
    // One 2000 MB file at a time (the refused one is gone before the stored one comes), and a
    // margin for the server's database.
    let root = msg_testkit::roomy_tempdir(SIZE + (100 << 20));
    let (server, bot, alice) = conversation(root.path(), true);
    let chat = id_of(&alice).to_string();
    let path = format!("/bot{bot}/sendDocument");
    // What the server holds before the file: the allocator's arenas, the runtime, the platform.
    let before = msg_testkit::peak_rss_kib(server.child.id());

    // One byte over the limit is refused, and nothing of it stays on disk.
    let over =
        msg_testkit::upload_pattern(server.api, &path, &[("chat_id", &chat)], ("document", "over.bin"), SIZE + 1);
    assert_eq!(error(over), (413, "Request Entity Too Large".to_owned()));
    assert!(files_in(&root.path().join("tmp")).is_empty());

    let sent =
        ok(msg_testkit::upload_pattern(server.api, &path, &[("chat_id", &chat)], ("document", "huge.bin"), SIZE));
    assert_eq!(sent["document"]["file_size"], SIZE);
    let file = get_file(&server, &bot, &sent["document"]["file_id"]);
    let (status, headers, total, matches) = msg_testkit::download_pattern(
        server.api,
        &format!("/file/bot{bot}/{}", file["file_path"].as_str().unwrap()),
        0,
    );
    assert_eq!(status, 200);
    let length = headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("content-length")).map(|(_, v)| v.clone());
    assert_eq!(length, Some(SIZE.to_string()));
    assert_eq!(total, SIZE);
    assert!(matches, "the downloaded bytes are the uploaded ones");
    assert!(files_in(&root.path().join("tmp")).is_empty(), "the upload left nothing in the temp dir");

    // Moving 2000 MB costs the server a few buffers, not the file: it grows by less than 48 MiB.
    let peak = msg_testkit::peak_rss_kib(server.child.id());
    assert!(peak - before < 48 * 1024, "peak RSS {peak} KiB while moving 2000 MB, {before} KiB before");
    assert!(peak < 96 * 1024, "peak RSS {peak} KiB while moving 2000 MB");
    eprintln!("2000 MB up and down: peak RSS {} MiB ({} MiB before)", peak / 1024, before / 1024);
}
