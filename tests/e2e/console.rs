//! The browser console's server side, over real HTTP: the page and its headers, the operator
//! API and its credential, the person's push stream (delivery, resumption, restarts, draining,
//! a thousand streams, a reader that never reads), a person's files, and the user-side methods
//! the page is built on (chats, history pages, read marks, members, topics, bot info, Mini App
//! init data). The page itself is tested in Chromium (`tests/console/`, run by `clients.rs`).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use msg_testkit::{HttpResponse, Server, get, post, raw_request};
use serde_json::{Value, json};

use crate::{assert_typed, create_bot, create_user, error, id_of, launch, ok, started};

/// Starts a server with the console on; returns it and the operator's key from its login link.
pub fn console_server(root: &std::path::Path) -> (Server, String) {
    let mut server = launch(root).env("MSG_CONSOLE", "true").start();
    let line = server.wait_for_line(|l| l.starts_with("Console: "));
    let key = line.split("#key=").nth(1).expect("a login link with a key").trim().to_owned();
    (server, key)
}

/// `POST /console/api/<method>` as the page sends it.
pub fn operator(server: &Server, key: &str, method: &str, params: Value) -> HttpResponse {
    let body = params.to_string();
    let request = format!(
        "POST /console/api/{method} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {key}\r\nContent-Type: application/json\r\nSec-Fetch-Site: same-origin\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        server.api,
        body.len()
    );
    raw_request(server.api, request.as_bytes()).unwrap()
}

#[test]
fn the_console_is_off_by_default_and_its_login_link_reaches_the_output_only() {
    let root = tempfile::tempdir().unwrap();
    {
        let server = launch(root.path()).start();
        assert_eq!(get(server.api, "/console/").unwrap().status, 404);
        let api = post(server.api, "/console/api/getOverview", "application/json", b"{}").unwrap();
        assert_eq!(api.status, 404, "{}", api.text());
        assert!(!server.output().contains("Console:"), "{}", server.output());
    }
    let (server, key) = console_server(root.path());
    let output = server.output();
    assert!(
        output.lines().next().unwrap().starts_with("Starting msg-bot-api"),
        "the startup line stays first: {output}"
    );
    assert!(output.contains(&format!("Console: http://{}/console/#key=", server.api)), "{output}");
    assert!(!server.log_file().contains(&key), "the login key must not reach the log file");
    // The page and its assets: no inline script, nothing from elsewhere.
    let page = get(server.api, "/console/").unwrap();
    assert_eq!(page.status, 200);
    assert_eq!(page.header("content-type"), Some("text/html; charset=utf-8"));
    let csp = page.header("content-security-policy").expect("a CSP").to_owned();
    assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe"), "{csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    let html = page.text();
    assert!(!html.contains(&key), "the page never carries the key");
    let scripts: Vec<&str> = html.split("<script").skip(1).collect();
    assert!(!scripts.is_empty(), "{html}");
    for script in scripts {
        let tag = &script[..script.find('>').unwrap()];
        assert!(tag.contains("src=\""), "every script is a file of its own: <script{tag}>");
    }
    assert!(!regex_like_handler(&html), "no inline event handlers");
    assert_eq!(
        get(server.api, "/console/app.js").unwrap().header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(get(server.api, "/console/nothing.js").unwrap().status, 404);
    let bare = get(server.api, "/console").unwrap();
    assert_eq!((bare.status, bare.header("location")), (308, Some("/console/")));
    // The operator API: the key, POST, and same-site only.
    assert_eq!(error(operator(&server, "wrong-key-wrong-key", "getOverview", json!({}))), (401, "Unauthorized".into()));
    let no_key = post(server.api, "/console/api/getOverview", "application/json", b"{}").unwrap();
    assert_eq!(no_key.status, 401);
    let via_get = get(server.api, "/console/api/getOverview").unwrap();
    assert_eq!(via_get.status, 405, "{}", via_get.text());
    for (header, value) in [("Origin", "http://evil.example"), ("Sec-Fetch-Site", "cross-site")] {
        let request = format!(
            "POST /console/api/getOverview HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {key}\r\n{header}: {value}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}",
            server.api
        );
        let refused = raw_request(server.api, request.as_bytes()).unwrap();
        assert_eq!(error(refused), (403, "Forbidden: cross-site requests are refused".into()), "{header}");
    }
    assert!(ok(operator(&server, &key, "getOverview", json!({})))["people"].is_array());
    assert_eq!(
        error(operator(&server, &key, "dropEverything", json!({}))),
        (404, "Not Found: method not found".into())
    );
}

/// Whether `html` has an attribute such as `onclick=` (inline script).
fn regex_like_handler(html: &str) -> bool {
    html.split(|c: char| c.is_whitespace()).any(|word| {
        word.starts_with("on")
            && word.contains('=')
            && word[2..word.find('=').unwrap()].chars().all(|c| c.is_ascii_lowercase())
    })
}

#[test]
fn a_configured_console_key_is_never_echoed() {
    let root = tempfile::tempdir().unwrap();
    let key = "operator-key-0123456789abcdef";
    let mut server = launch(root.path()).env("MSG_CONSOLE", "on").env("MSG_CONSOLE_TOKEN", key).start();
    let line = server.wait_for_line(|l| l.starts_with("Console: "));
    assert!(line.contains("sign in with the configured console_token") && !line.contains(key), "{line}");
    assert!(!server.output().contains(key) && !server.log_file().contains(key));
    assert!(ok(operator(&server, key, "getOverview", json!({})))["bots"].is_array());
    drop(server);
    let (status, stdout, stderr) = launch(root.path())
        .env("MSG_CONSOLE", "true")
        .env("MSG_CONSOLE_TOKEN", "short secret")
        .arg("config")
        .arg("check")
        .run();
    assert_eq!(status.code(), Some(2), "{stdout}{stderr}");
    assert!(stderr.contains("MSG_CONSOLE_TOKEN must be a key of 16 to 128"), "{stderr}");
    assert!(!stderr.contains("short secret"), "a bad key is not echoed: {stderr}");
    let (_, printed, _) =
        launch(root.path()).env("MSG_CONSOLE_TOKEN", key).env("MSG_CONSOLE", "yes").arg("config").arg("print").run();
    assert!(printed.contains("console = true") && printed.contains("console_token = \"<redacted>\""), "{printed}");
    assert!(!printed.contains(key));
    let (status, _, stderr) = launch(root.path()).env("MSG_CONSOLE", "maybe").arg("config").arg("check").run();
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("MSG_CONSOLE must be a boolean"), "{stderr}");
}

#[test]
fn the_operator_creates_people_and_bots_that_work_at_once() {
    let root = tempfile::tempdir().unwrap();
    let (server, key) = console_server(root.path());
    let alice = ok(operator(&server, &key, "createPerson", json!({"name": "Alice", "username": "alice_w"})));
    let alice_token = alice["token"].as_str().unwrap().to_owned();
    assert_eq!(ok(server.user_call(&alice_token, "getMe", json!({})))["username"], "alice_w");
    let bot = ok(operator(&server, &key, "createBot", json!({"username": "console_bot", "name": "Console"})));
    let bot_token = bot["token"].as_str().unwrap().to_owned();
    let me = ok(server.call(&bot_token, "getMe", json!({})));
    assert_eq!((me["username"].as_str(), me["first_name"].as_str()), (Some("console_bot"), Some("Console")));
    assert_eq!(me["supports_inline_queries"], false);
    let (code, description) = error(operator(&server, &key, "createBot", json!({"username": "console_bot"})));
    assert_eq!(code, 400);
    assert!(description.contains("already exists"), "{description}");
    let (code, description) = error(operator(&server, &key, "createBot", json!({"username": "nobotname"})));
    assert!(code == 400 && description.contains("invalid bot username"), "{description}");
    let (code, description) = error(operator(&server, &key, "createPerson", json!({"name": " "})));
    assert!(code == 400 && description.contains("1 to 64 characters"), "{description}");
    // The operator's switches take effect at once, as `bot set` does.
    let flags = ok(operator(
        &server,
        &key,
        "setBotFlags",
        json!({"bot_id": id_of(&bot_token), "inline": true, "privacy": false}),
    ));
    assert_eq!(
        flags,
        json!({"privacy": false, "join_groups": true, "inline": true, "inline_feedback": false,
            "join_request_queries": false, "manage_bots": false, "guest_queries": false, "business": false,
            "inline_location": false, "topics": false, "user_topics": false, "topic_sidebar": false,
            "widgets_anywhere": false})
    );
    assert_eq!(ok(server.call(&bot_token, "getMe", json!({})))["supports_inline_queries"], true);
    assert_eq!(ok(server.call(&bot_token, "getMe", json!({})))["can_read_all_group_messages"], true);
    let overview = ok(operator(&server, &key, "getOverview", json!({})));
    assert_eq!(overview["people"][0]["token"], alice_token.as_str());
    assert_eq!(overview["bots"][0]["user"]["username"], "console_bot");
    assert_eq!(overview["bots"][0]["flags"]["inline"], true);
    assert!(overview["bots"][0].get("token").is_none(), "bot tokens are read one at a time");
    let read = ok(operator(&server, &key, "getBotToken", json!({"bot_id": id_of(&bot_token)})));
    assert_eq!(read["token"], bot_token.as_str());
    assert_eq!(
        error(operator(&server, &key, "getBotToken", json!({"bot_id": 42}))),
        (400, "Bad Request: bot not found".into())
    );
    assert!(!server.log_file().contains(&bot_token[bot_token.find(':').unwrap() + 1..]), "no token in the log");
    // Every chat, whoever is in it.
    let group =
        ok(server.user_call(&alice_token, "createGroup", json!({"title": "Ops", "member_ids": [id_of(&bot_token)]})));
    let chats = ok(operator(&server, &key, "listChats", json!({})));
    assert_eq!(chats, json!([{"chat": group, "member_count": 2}]));
}

#[test]
fn a_persons_chats_history_read_marks_members_and_topics() {
    let s = started("history_bot");
    let server = &s.server;
    let bob = create_user(s.root.path(), "Bob");
    for n in 1..=3 {
        ok(server.call(&s.bot, "sendMessage", json!({"chat_id": s.alice_id, "text": format!("reply {n}")})));
    }
    let chats = ok(server.user_call(&s.alice, "getChats", json!({})));
    assert_eq!(chats.as_array().unwrap().len(), 1, "{chats}");
    assert_eq!(chats[0]["chat"]["id"], s.bot_id);
    assert_eq!(chats[0]["chat"]["type"], "private");
    assert_eq!(chats[0]["last_message"]["text"], "reply 3");
    assert_eq!(chats[0]["unread_count"], 3, "the person's own /start is not unread");
    let last_id = chats[0]["last_message"]["message_id"].as_i64().unwrap();
    ok(server.user_call(&s.alice, "readChatHistory", json!({"chat_id": s.bot_id, "message_id": last_id - 1})));
    assert_eq!(ok(server.user_call(&s.alice, "getChats", json!({})))[0]["unread_count"], 1);
    ok(server.user_call(&s.alice, "readChatHistory", json!({"chat_id": s.bot_id, "message_id": last_id - 2})));
    assert_eq!(ok(server.user_call(&s.alice, "getChats", json!({})))[0]["unread_count"], 1, "a mark never moves back");
    // A group of 250 messages, read in pages of 100 backwards: every message once, in order.
    let group =
        ok(server.user_call(&s.alice, "createGroup", json!({"title": "Paged", "member_ids": [s.bot_id, id_of(&bob)]})));
    let group_id = group["id"].as_i64().unwrap();
    for n in 0..250 {
        ok(server.user_call(&s.alice, "sendMessage", json!({"chat_id": group_id, "text": format!("m{n}")})));
    }
    let mut seen = Vec::new();
    let mut before: Option<i64> = None;
    loop {
        let mut params = json!({"chat_id": group_id, "limit": 100});
        if let Some(b) = before {
            params["before_message_id"] = json!(b);
        }
        let page = ok(server.user_call(&bob, "getChatHistory", params));
        let page = page.as_array().unwrap().clone();
        let ids: Vec<i64> = page.iter().map(|m| m["message_id"].as_i64().unwrap()).collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "oldest first: {ids:?}");
        assert!(page.iter().all(|m| m["chat"]["id"] == group_id && m["chat"]["title"] == "Paged"));
        before = ids.first().copied();
        let full = page.len() == 100;
        seen.splice(0..0, page);
        if !full {
            break;
        }
    }
    assert_typed("Array of Message", &Value::Array(seen.clone()));
    let texts: Vec<&str> = seen.iter().filter_map(|m| m["text"].as_str()).collect();
    assert_eq!(texts.len(), 250);
    assert_eq!(texts.first(), Some(&"m0"));
    assert_eq!(texts.last(), Some(&"m249"));
    assert!(seen[0]["group_chat_created"] == true, "the service message opens the history: {}", seen[0]);
    let bob_chats = ok(server.user_call(&bob, "getChats", json!({})));
    assert_eq!(bob_chats[0]["chat"]["id"], group_id);
    for row in bob_chats.as_array().unwrap() {
        assert_typed("Chat", &row["chat"]);
        assert_typed("Message", &row["last_message"]);
    }
    assert_eq!(bob_chats[0]["unread_count"], 251, "Alice's 250 and the creation");
    // Members: the creator first; someone outside the group reads nothing of it.
    let members = ok(server.user_call(&bob, "getChatMembers", json!({"chat_id": group_id})));
    assert_typed("Array of ChatMember", &members);
    assert_eq!(members.as_array().unwrap().len(), 3, "{members}");
    assert_eq!((members[0]["status"].as_str(), members[0]["user"]["id"].as_i64()), (Some("creator"), Some(s.alice_id)));
    let carol = create_user(s.root.path(), "Carol");
    let refused = error(server.user_call(&carol, "getChatHistory", json!({"chat_id": group_id})));
    assert_eq!(refused, (403, "Forbidden: you are not a member of the group chat".into()));
    // A channel's subscribers are seen by its administrators only.
    let channel =
        ok(server.user_call(&s.alice, "createChannel", json!({"title": "News", "member_ids": [id_of(&bob)]})));
    let channel_id = channel["id"].as_i64().unwrap();
    let seen_by_bob = ok(server.user_call(&bob, "getChatMembers", json!({"chat_id": channel_id})));
    assert_eq!(seen_by_bob.as_array().unwrap().len(), 1, "{seen_by_bob}");
    assert_eq!(seen_by_bob[0]["status"], "creator");
    assert_eq!(
        ok(server.user_call(&s.alice, "getChatMembers", json!({"chat_id": channel_id}))).as_array().unwrap().len(),
        2
    );
    // A bot one blocked: its chat still reads, and writing to it is refused.
    ok(server.user_call(&s.alice, "blockBot", json!({"chat_id": s.bot_id})));
    let read = ok(server.user_call(&s.alice, "getChatHistory", json!({"chat_id": s.bot_id, "limit": 2})));
    assert_eq!(read.as_array().unwrap().len(), 2);
    let refused = error(server.user_call(&s.alice, "sendMessage", json!({"chat_id": s.bot_id, "text": "hi"})));
    assert_eq!(refused, (400, "Bad Request: YOU_BLOCKED_USER".into()));
    ok(server.user_call(&s.alice, "unblockBot", json!({"chat_id": s.bot_id})));
    // An upgraded group is listed as its supergroup only.
    let basic = ok(server.user_call(&s.alice, "createGroup", json!({"title": "Small", "member_ids": [id_of(&bob)]})));
    let upgraded = ok(server.user_call(&s.alice, "upgradeGroup", json!({"chat_id": basic["id"]})));
    let listed: Vec<i64> = ok(server.user_call(&bob, "getChats", json!({})))
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["chat"]["id"].as_i64().unwrap())
        .collect();
    assert!(
        listed.contains(&upgraded["id"].as_i64().unwrap()) && !listed.contains(&basic["id"].as_i64().unwrap()),
        "{listed:?}"
    );
    // A forum's topics, and a topic's own history.
    let forum = ok(server.user_call(
        &s.alice,
        "createSupergroup",
        json!({"title": "Forum", "member_ids": [], "is_forum": true}),
    ));
    let forum_id = forum["id"].as_i64().unwrap();
    let topic = ok(server.user_call(&s.alice, "createForumTopic", json!({"chat_id": forum_id, "name": "Ideas"})));
    let thread = topic["message_thread_id"].as_i64().unwrap();
    ok(server.user_call(&s.alice, "sendMessage", json!({"chat_id": forum_id, "text": "in general"})));
    ok(server.user_call(
        &s.alice,
        "sendMessage",
        json!({"chat_id": forum_id, "text": "an idea", "message_thread_id": thread}),
    ));
    let topics = ok(server.user_call(&s.alice, "getForumTopics", json!({"chat_id": forum_id})));
    assert_typed("Array of ForumTopic", &topics);
    assert_eq!((topics[0]["name"].as_str(), topics[0]["message_thread_id"].as_i64()), (Some("Ideas"), Some(thread)));
    let in_topic =
        ok(server.user_call(&s.alice, "getChatHistory", json!({"chat_id": forum_id, "message_thread_id": thread})));
    let texts: Vec<&str> = in_topic.as_array().unwrap().iter().filter_map(|m| m["text"].as_str()).collect();
    assert_eq!(texts, ["an idea"], "{in_topic}");
    assert_eq!(
        error(server.user_call(&s.alice, "getForumTopics", json!({"chat_id": group_id}))).1,
        "Bad Request: the chat is not a forum"
    );
    // What an app shows of the bot: its commands for this person, its menu button.
    ok(server.call(&s.bot, "setMyCommands", json!({"commands": [{"command": "help", "description": "Help"}]})));
    ok(server.call(&s.bot, "setMyCommands", json!({"commands": [{"command": "only", "description": "For Alice"}], "scope": {"type": "chat", "chat_id": s.alice_id}})));
    ok(server.call(
        &s.bot,
        "setChatMenuButton",
        json!({"menu_button": {"type": "web_app", "text": "Open", "web_app": {"url": "https://example.com/app"}}}),
    ));
    let info = ok(server.user_call(&s.alice, "getBotInfo", json!({"chat_id": s.bot_id})));
    assert_eq!(info["commands"], json!([{"command": "only", "description": "For Alice"}]));
    assert_eq!(info["menu_button"]["type"], "web_app");
    assert_eq!(info["user"]["id"], s.bot_id);
    let for_bob = ok(server.user_call(&bob, "getBotInfo", json!({"chat_id": format!("@history_bot")})));
    assert_eq!(for_bob["commands"], json!([{"command": "help", "description": "Help"}]));
}

#[test]
fn a_mini_app_gets_init_data_its_bot_can_verify() {
    let s = started("miniapp_bot");
    let opened = ok(s.server.user_call(&s.alice, "openWebApp", json!({"chat_id": s.bot_id})));
    let init_data = opened["init_data"].as_str().unwrap();
    assert!(init_data.contains(&format!("query_id={}", opened["web_app_query_id"].as_str().unwrap())));
    // Checked by an implementation of its own (Python's hmac), as a bot would check it.
    let script = r#"
import hmac, hashlib, sys, urllib.parse, json
token, data = sys.argv[1], sys.argv[2]
fields = dict(urllib.parse.parse_qsl(data))
given = fields.pop("hash")
check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
ok = hmac.compare_digest(hmac.new(secret, check.encode(), hashlib.sha256).hexdigest(), given)
print("valid" if ok else "invalid", json.loads(fields["user"])["id"])
"#;
    let out = std::process::Command::new("python3").args(["-c", script, &s.bot, init_data]).output().unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(printed.trim(), format!("valid {}", s.alice_id), "{}", String::from_utf8_lossy(&out.stderr));
    let other = create_bot(s.root.path(), "other_app_bot");
    let out = std::process::Command::new("python3").args(["-c", script, &other, init_data]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("invalid"), "another bot's token does not verify it");
}

#[test]
fn a_person_downloads_their_own_files_only() {
    let s = started("files_to_people_bot");
    let png = crate::files::png(64, 48);
    let sent = msg_testkit::Multipart::new()
        .text("chat_id", &s.alice_id.to_string())
        .file("document", "notes.txt", "text/plain", b"<script>alert(1)</script>")
        .post(s.server.api, &format!("/bot{}/sendDocument", s.bot));
    assert_eq!(sent.status, 200, "{}", sent.text());
    let photo = msg_testkit::Multipart::new()
        .text("chat_id", &s.alice_id.to_string())
        .file("photo", "p.png", "image/png", &png)
        .post(s.server.api, &format!("/bot{}/sendPhoto", s.bot));
    assert_eq!(photo.status, 200, "{}", photo.text());
    let history = ok(s.server.user_call(&s.alice, "getChatHistory", json!({"chat_id": s.bot_id})));
    let document = history.as_array().unwrap().iter().find_map(|m| m.get("document")).unwrap().clone();
    let file_id = document["file_id"].as_str().unwrap();
    let got = get(s.server.api, &format!("/user{}/file/{file_id}", s.alice)).unwrap();
    assert_eq!(got.status, 200);
    assert_eq!(got.body, b"<script>alert(1)</script>");
    assert_eq!(got.header("x-content-type-options"), Some("nosniff"));
    assert!(got.header("content-security-policy").is_some_and(|c| c.contains("sandbox")));
    assert_ne!(got.header("content-type"), Some("text/html"));
    let bob = create_user(s.root.path(), "Bob");
    assert_eq!(get(s.server.api, &format!("/user{bob}/file/{file_id}")).unwrap().status, 404, "another person's id");
    let bot_file = photo.json()["result"]["photo"][0]["file_id"].as_str().unwrap().to_owned();
    assert_eq!(get(s.server.api, &format!("/user{}/file/{bot_file}", s.alice)).unwrap().status, 404, "the bot's id");
    let alice_photo = history.as_array().unwrap().iter().find_map(|m| m.get("photo")).unwrap().clone();
    let largest = alice_photo.as_array().unwrap().last().unwrap()["file_id"].as_str().unwrap().to_owned();
    let image = get(s.server.api, &format!("/user{}/file/{largest}", s.alice)).unwrap();
    assert_eq!((image.status, image.header("content-type")), (200, Some("image/jpeg")));
    assert_eq!(get(s.server.api, &format!("/user{}:wrong/file/{largest}", s.alice_id)).unwrap().status, 404);
    // An id names its owner and its content: one made up for content never shown opens nothing.
    ok(s.server.user_call(&bob, "sendMessage", json!({"chat_id": s.bot_id, "text": "/start"})));
    let for_bob = msg_testkit::Multipart::new()
        .text("chat_id", &id_of(&bob).to_string())
        .file("document", "bob.txt", "text/plain", b"for Bob only")
        .post(s.server.api, &format!("/bot{}/sendDocument", s.bot));
    let bots_id = for_bob.json()["result"]["document"]["file_id"].as_str().unwrap().to_owned();
    let forged = with_owner(&bots_id, s.alice_id);
    assert_eq!(get(s.server.api, &format!("/user{}/file/{forged}", s.alice)).unwrap().status, 404, "a forged id");
    let bobs = ok(s.server.user_call(&bob, "getChatHistory", json!({"chat_id": s.bot_id})));
    let bobs_id = bobs.as_array().unwrap().iter().find_map(|m| m["document"]["file_id"].as_str()).unwrap().to_owned();
    assert_eq!(bobs_id, with_owner(&bots_id, id_of(&bob)));
    assert_eq!(get(s.server.api, &format!("/user{bob}/file/{bobs_id}")).unwrap().body, b"for Bob only");
    // A bot's file is never a page of the console's origin: an HTML document runs nothing there.
    let page = msg_testkit::Multipart::new()
        .text("chat_id", &s.alice_id.to_string())
        .file("document", "page.html", "text/html", b"<script>localStorage.clear()</script>")
        .post(s.server.api, &format!("/bot{}/sendDocument", s.bot));
    let page_id = page.json()["result"]["document"]["file_id"].as_str().unwrap().to_owned();
    let file = ok(s.server.call(&s.bot, "getFile", json!({"file_id": page_id})));
    let served = get(s.server.api, &format!("/file/bot{}/{}", s.bot, file["file_path"].as_str().unwrap())).unwrap();
    assert_eq!(served.status, 200);
    assert!(served.header("content-security-policy").is_some_and(|c| c.starts_with("sandbox")), "{:?}", served.headers);
    assert_eq!(served.header("x-content-type-options"), Some("nosniff"));
}

/// `file_id` with another owner (ids are base64url of version, kind, owner, content hash).
fn with_owner(file_id: &str, owner: i64) -> String {
    use base64::Engine as _;
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let mut bytes = engine.decode(file_id).unwrap();
    bytes[2..10].copy_from_slice(&owner.to_le_bytes());
    engine.encode(bytes)
}

#[test]
fn the_console_works_in_chromium() {
    // Debian's Chromium (installed by `.ci/test`), playwright-core and grammY from target/ci-node.
    let chromium = std::env::var("CHROMIUM_PATH").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        std::path::Path::new(&chromium).is_file(),
        "no Chromium at {chromium}: `.ci/test` installs Debian's (apt-get install chromium), or set CHROMIUM_PATH"
    );
    let workspace = crate::clients::workspace();
    let out = crate::clients::run_node_test(&workspace.join("tests/console"), "console.test.js");
    // The measurements, for the log (`cargo test -- --nocapture` shows them).
    for line in out.lines().filter(|l| l.contains("console ")) {
        println!("{}", line.trim_start_matches("# "));
    }
    assert!(out.contains("# fail 0") && !out.contains("# pass 0"), "{out}");
}

// ---------------------------------------------------------------- the push stream

/// A reader of a person's push stream over a raw connection (chunked transfer decoded here).
pub struct EventStream {
    socket: TcpStream,
    buffer: Vec<u8>,
    body: String,
    pub status: u16,
}

/// One event: its id and its update.
pub type Event = (i64, Value);

impl EventStream {
    pub fn open(addr: SocketAddr, token: &str, last_event_id: Option<i64>) -> Self {
        let resume = last_event_id.map(|id| format!("Last-Event-ID: {id}\r\n")).unwrap_or_default();
        Self::open_at(addr, &format!("/user{token}/stream"), &resume)
    }

    /// Opens `path` with `headers` (whole lines) added to the request.
    pub fn open_at(addr: SocketAddr, path: &str, headers: &str) -> Self {
        let mut socket = TcpStream::connect(addr).unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n{headers}\r\n");
        socket.write_all(request.as_bytes()).unwrap();
        socket.set_read_timeout(Some(Duration::from_millis(200))).unwrap();
        let mut stream = Self { socket, buffer: Vec::new(), body: String::new(), status: 0 };
        let deadline = Instant::now() + Duration::from_secs(10);
        while !stream.buffer.windows(4).any(|w| w == b"\r\n\r\n") {
            assert!(Instant::now() < deadline, "no response head");
            stream.fill();
        }
        let end = stream.buffer.windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 4;
        let head = String::from_utf8_lossy(&stream.buffer[..end]).into_owned();
        stream.status = head[9..12].parse().unwrap();
        if stream.status == 200 {
            assert!(head.to_ascii_lowercase().contains("content-type: text/event-stream"), "{head}");
        }
        stream.buffer.drain(..end);
        stream
    }

    /// Reads what has arrived (up to the read timeout); false when the server closed.
    fn fill(&mut self) -> bool {
        let mut chunk = [0u8; 16384];
        match self.socket.read(&mut chunk) {
            Ok(0) => false,
            Ok(n) => {
                self.buffer.extend_from_slice(&chunk[..n]);
                true
            }
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => true,
            Err(_) => false,
        }
    }

    /// Moves whole chunks from the buffer to the decoded body; false at the last chunk.
    fn decode(&mut self) -> bool {
        loop {
            let Some(line_end) = self.buffer.windows(2).position(|w| w == b"\r\n") else { return true };
            let size = usize::from_str_radix(String::from_utf8_lossy(&self.buffer[..line_end]).trim(), 16).unwrap();
            if size == 0 {
                return false;
            }
            if self.buffer.len() < line_end + 2 + size + 2 {
                return true;
            }
            let data = self.buffer[line_end + 2..line_end + 2 + size].to_vec();
            self.body.push_str(&String::from_utf8(data).unwrap());
            self.buffer.drain(..line_end + 2 + size + 2);
        }
    }

    /// The whole events received so far, taken out of the body.
    fn take_events(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        while let Some(end) = self.body.find("\n\n") {
            let block: String = self.body.drain(..end + 2).collect();
            let mut id = None;
            let mut data = None;
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("id: ") {
                    id = v.parse().ok();
                } else if let Some(v) = line.strip_prefix("data: ") {
                    data = Some(serde_json::from_str::<Value>(v).unwrap());
                }
            }
            if let (Some(id), Some(data)) = (id, data) {
                assert_eq!(data["update_id"], id, "an event's id is its update's");
                out.push((id, data));
            }
        }
        out
    }

    /// Reads once, adding the whole events that came to `events`; false once the stream ended.
    fn pump(&mut self, events: &mut Vec<Event>) -> bool {
        let open = self.fill();
        let more = self.decode();
        events.extend(self.take_events());
        open && more
    }

    /// Events until `count` have arrived (fails after 10 s).
    pub fn next(&mut self, count: usize) -> Vec<Event> {
        let mut events = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(10);
        while events.len() < count {
            assert!(Instant::now() < deadline, "{} of {count} events arrived: {events:?}", events.len());
            if !self.pump(&mut events) {
                break;
            }
        }
        events
    }

    /// Whatever arrives within `window` (for checking that nothing more does).
    pub fn quiet(&mut self, window: Duration) -> Vec<Event> {
        let until = Instant::now() + window;
        let mut events = Vec::new();
        while Instant::now() < until && self.pump(&mut events) {}
        events
    }

    /// Whether the server ended the stream (within 10 s).
    pub fn ends(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if !self.fill() || !self.decode() {
                return true;
            }
        }
        false
    }
}

/// Fails unless `value` is of the Bot API type `ty` (the schema the server is generated from).
fn texts(events: &[Event]) -> Vec<String> {
    for (_, update) in events.iter().filter(|(_, u)| u.get("message").is_some()) {
        assert_typed("Message", &update["message"]);
    }
    events.iter().filter_map(|(_, u)| u["message"]["text"].as_str().map(str::to_owned)).collect()
}

#[test]
fn the_push_stream_delivers_resumes_and_outlives_a_restart() {
    let s = started("stream_bot");
    let mut server = s.server;
    let say = |server: &Server, text: &str| {
        ok(server.call(&s.bot, "sendMessage", json!({"chat_id": s.alice_id, "text": text})))
    };
    let bad = EventStream::open(server.api, &format!("{}:nope", s.alice_id), None);
    assert_eq!(bad.status, 401);
    let mut stream = EventStream::open(server.api, &s.alice, None);
    say(&server, "one");
    let first = stream.next(1);
    assert_eq!(texts(&first), ["one"]);
    ok(server.call(&s.bot, "sendChatAction", json!({"chat_id": s.alice_id, "action": "typing"})));
    let action = stream.next(1);
    assert_eq!(action[0].1["chat_action"]["action"], "typing");
    drop(stream);
    say(&server, "two");
    say(&server, "three");
    // Resuming after "one" (the typing it saw is not resent either: ids go up).
    let mut resumed = EventStream::open(server.api, &s.alice, Some(action[0].0));
    let again = resumed.next(2);
    assert_eq!(texts(&again), ["two", "three"]);
    assert!(resumed.quiet(Duration::from_millis(400)).is_empty(), "nothing doubled");
    // A stream only reads: everything is still in the queue getUpdates reads.
    let pending = ok(server.user_call(&s.alice, "getUpdates", json!({})));
    let pending_texts: Vec<&str> =
        pending.as_array().unwrap().iter().filter_map(|u| u["message"]["text"].as_str()).collect();
    assert_eq!(pending_texts, ["one", "two", "three"]);
    // Two tabs of one person: each stream gets every update, and takes none from the other.
    let mut other_tab = EventStream::open(server.api, &s.alice, Some(again[1].0));
    say(&server, "to both");
    let both = resumed.next(1);
    assert_eq!(texts(&both), ["to both"]);
    assert_eq!(texts(&other_tab.next(1)), ["to both"]);
    drop(other_tab);
    // getUpdates acknowledges everything: the queue is empty when the server stops, and its ids
    // must go on increasing after the restart all the same (a resuming reader skips ids it saw).
    let last_seen = both[0].0;
    ok(server.user_call(&s.alice, "getUpdates", json!({"offset": last_seen + 1})));
    // A stream ends when the server drains, and does not hold the drain.
    server.signal("TERM");
    assert!(resumed.ends(), "the stream ends as the server drains");
    let (status, took) = server.wait_exit(Duration::from_secs(10)).expect("the server stops");
    assert!(status.success() && took < Duration::from_secs(5), "{status} after {took:?}");
    // Sent while the page was away and the server down and up again: nothing lost, nothing doubled.
    let server = launch(s.root.path()).start();
    say(&server, "four");
    let mut after_restart = EventStream::open(server.api, &s.alice, Some(last_seen));
    let rest = after_restart.next(1);
    assert_eq!(texts(&rest), ["four"]);
    assert!(after_restart.quiet(Duration::from_millis(400)).is_empty());
    assert!(rest[0].0 > last_seen, "update ids go on increasing across the restart");
    // `?after=` resumes the same way (a page reloaded keeps its last id); what getUpdates
    // acknowledged ("three", above) is gone for good.
    let mut reloaded = EventStream::open_at(server.api, &format!("/user{}/stream?after={}", s.alice, again[0].0), "");
    assert_eq!(texts(&reloaded.next(1)), ["four"]);
    assert!(reloaded.quiet(Duration::from_millis(300)).is_empty());
}

#[test]
fn a_thousand_streams_cost_little_and_a_reader_that_never_reads_blocks_nobody() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "crowd_bot");
    let alice = create_user(root.path(), "Alice");
    let carol = create_user(root.path(), "Carol");
    let server = launch(root.path()).start();
    let bot_id = id_of(&bot);
    for person in [&alice, &carol] {
        ok(server.user_call(person, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    }
    // Carol's stream is opened and never read again; the bot floods her.
    let mut stuck = TcpStream::connect(server.api).unwrap();
    stuck.set_nonblocking(false).unwrap();
    write!(stuck, "GET /user{carol}/stream HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let long = "x".repeat(4000);
    for _ in 0..300 {
        ok(server.call(&bot, "sendMessage", json!({"chat_id": id_of(&carol), "text": long})));
    }
    // A thousand of Alice's streams, open at once.
    let before = msg_testkit::rss_kib(server.child.id());
    let streams: Vec<EventStream> = (0..1000).map(|_| EventStream::open(server.api, &alice, None)).collect();
    let during = msg_testkit::rss_kib(server.child.id());
    let per_stream = (during.saturating_sub(before)) as f64 / 1000.0;
    println!(
        "push streams: {before} KiB resident before 1000 open streams, {during} KiB with them ({per_stream:.1} KiB each)"
    );
    assert!(per_stream < 64.0, "a stream costs {per_stream:.1} KiB");
    // A message reaches a stream promptly, whatever Carol's stream is doing.
    let mut streams = streams;
    let started = Instant::now();
    ok(server.call(&bot, "sendMessage", json!({"chat_id": id_of(&alice), "text": "for everyone"})));
    for stream in streams.iter_mut().step_by(100) {
        assert_eq!(texts(&stream.next(1)), ["for everyone"]);
    }
    let took = started.elapsed();
    println!("push streams: one message reached 10 sampled streams of 1000 in {took:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    drop(streams);
    drop(stuck);
    // Every stream closed with its reader: the server serves on.
    assert_eq!(get(server.api, "/").unwrap().status, 200);
}

/// `HEAD` of the console's page answers as `GET` does, without a body (a link checker, a load
/// balancer's probe); the Bot API answers only `GET` and `POST`, as the reference.
#[test]
fn the_console_answers_head_as_get_without_a_body() {
    let head = |addr: SocketAddr, path: &str| {
        let mut socket = TcpStream::connect(addr).unwrap();
        let request = format!("HEAD {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        socket.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        socket.read_to_string(&mut answer).unwrap();
        answer
    };
    let root = tempfile::tempdir().unwrap();
    let (server, _key) = console_server(root.path());
    let page = head(server.api, "/console/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.to_ascii_lowercase().contains("content-type: text/html"), "{page}");
    assert!(page.ends_with("\r\n\r\n"), "no body: {page}");
    let api = head(server.api, "/bot123:abc/getMe");
    assert!(api.starts_with("HTTP/1.1 501"), "{api}");
}
