//! Games on the embedded platform: the operator registers a bot's games (`bot game`, the
//! console's operator API), the bot sends one (`sendGame`, an inline `game` result), a person
//! presses Play (`playGame`: `callback_query` with `game_short_name`, answered with the game's
//! URL), and the bot keeps scores (`setGameScore`, `getGameHighScores`) in a chat and on an
//! inline message.

use serde_json::{Value, json};

use crate::{create_bot, create_user, error, id_of, launch, next_update, ok, waiting};

const KEY: &str = "games-operator-key";

fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_pixel(width, height, image::Rgb([200, 40, 90]));
    let mut bytes = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

/// `msg-bot-api bot game …` on `root`: (success, stdout, stderr).
fn bot_game(root: &std::path::Path, args: &[&str]) -> (bool, String, String) {
    let mut command = launch(root).arg("bot").arg("game");
    for arg in args {
        command = command.arg(*arg);
    }
    let (status, stdout, stderr) = command.run();
    (status.success(), stdout, stderr)
}

#[test]
fn games_are_registered_sent_played_and_scored_in_chats_and_inline() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "arcade_bot");
    let alice = create_user(root.path(), "Alice");
    let bob = create_user(root.path(), "Bob");
    let carol = create_user(root.path(), "Carol");
    let (bot_id, alice_id, bob_id, carol_id) = (id_of(&bot), id_of(&alice), id_of(&bob), id_of(&carol));

    // The operator registers a game with a photo, as BotFather would; bad names are refused.
    let (listed, stdout, _) = bot_game(root.path(), &["arcade_bot"]);
    assert!(listed && stdout.contains("has no games"), "{stdout}");
    let photo = root.path().join("tetris.png");
    std::fs::write(&photo, png(640, 360)).unwrap();
    let photo = photo.to_str().unwrap();
    let args = ["arcade_bot", "tetris", "--title", "Tetris", "--description", "Falling blocks", "--photo", photo];
    let (registered, stdout, stderr) = bot_game(root.path(), &args);
    assert!(registered, "{stderr}");
    assert!(stdout.contains("game tetris registered"), "{stdout}");
    let (refused, _, stderr) = bot_game(root.path(), &["arcade_bot", "t-2", "--title", "T", "--description", "D"]);
    assert!(!refused && stderr.contains("invalid game short name `t-2`"), "{stderr}");
    let (refused, _, stderr) = bot_game(root.path(), &["arcade_bot", "snake"]);
    assert!(!refused && stderr.contains("needs --title and --description"), "{stderr}");
    let (inline_on, _, stderr) = {
        let (status, stdout, stderr) =
            launch(root.path()).arg("bot").arg("set").arg("arcade_bot").arg("--inline").arg("on").run();
        (status.success(), stdout, stderr)
    };
    assert!(inline_on, "{stderr}");

    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    ok(server.user_call(&alice, "sendMessage", json!({"chat_id": bot_id, "text": "/start"})));
    let mut offset = 0;

    // The reference's checks, then the platform's.
    let send = |params: Value| server.call(&bot, "sendGame", params);
    let refused = [
        (json!({"chat_id": alice_id}), "parameter \"game_short_name\" is required"),
        (json!({"chat_id": alice_id, "game_short_name": "pong"}), "GAME_SHORTNAME_INVALID"),
        (
            json!({"chat_id": alice_id, "game_short_name": "tetris",
                "reply_markup": json!({"inline_keyboard": [[{"text": "Rules", "url": "https://example.com"}]]}).to_string()}),
            "REPLY_MARKUP_GAME_EMPTY",
        ),
    ];
    for (params, description) in refused {
        assert_eq!(error(send(params.clone())), (400, format!("Bad Request: {description}")), "{params}");
    }

    // Sent without a keyboard, a game gets its Play button; its photo comes in the platform's sizes.
    let sent = ok(send(json!({"chat_id": alice_id, "game_short_name": "tetris"})));
    assert_eq!(
        (sent["game"]["title"].as_str(), sent["game"]["description"].as_str()),
        (Some("Tetris"), Some("Falling blocks"))
    );
    let sizes: Vec<(i64, i64)> = sent["game"]["photo"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["width"].as_i64().unwrap(), p["height"].as_i64().unwrap()))
        .collect();
    assert_eq!(sizes, vec![(90, 51), (320, 180), (640, 360)]);
    assert_eq!(sent["reply_markup"], json!({"inline_keyboard": [[{"text": "Play Tetris", "callback_game": {}}]]}));
    let file = ok(server.call(&bot, "getFile", json!({"file_id": sent["game"]["photo"][2]["file_id"]})));
    let download =
        msg_testkit::get(server.api, &format!("/file/bot{bot}/{}", file["file_path"].as_str().unwrap())).unwrap();
    assert_eq!(download.body, png(640, 360), "the game's photo is the operator's file");
    let message_id = sent["message_id"].clone();

    // Alice presses Play: the bot gets the game's short name and answers with its URL.
    let playing = waiting(&server, &alice, "playGame", json!({"chat_id": bot_id, "message_id": message_id}));
    let query = next_update(&server, &bot, &mut offset, "callback_query");
    assert_eq!((query["game_short_name"].as_str(), query.get("data")), (Some("tetris"), None));
    assert_eq!(query["message"]["message_id"], message_id);
    let url = format!("https://games.example/tetris?player={alice_id}");
    ok(server.call(&bot, "answerCallbackQuery", json!({"callback_query_id": query["id"], "url": url})));
    let answer = ok(playing.join().unwrap());
    assert_eq!((answer["answered"].as_bool(), answer["answer"]["url"].as_str()), (Some(true), Some(url.as_str())));
    let plain = ok(server.call(&bot, "sendMessage", json!({"chat_id": alice_id, "text": "hi"})));
    let refused = server.user_call(&alice, "playGame", json!({"chat_id": bot_id, "message_id": plain["message_id"]}));
    assert_eq!(error(refused), (400, "Bad Request: the message has no button that launches a game".into()));

    // Scores: the message shows the scoreboard; a lower score needs force.
    let score = |params: Value| server.call(&bot, "setGameScore", params);
    let at = |extra: Value| {
        let mut params = json!({"chat_id": alice_id, "message_id": message_id, "user_id": alice_id});
        for (key, value) in extra.as_object().unwrap() {
            params[key] = value.clone();
        }
        params
    };
    let scored = ok(score(at(json!({"score": 120}))));
    assert_eq!(scored["game"]["text"], "1. Alice: 120");
    assert!(scored["edit_date"].is_i64(), "{scored}");
    let refused = [
        (at(json!({"score": 80})), "BOT_SCORE_NOT_MODIFIED"),
        (at(json!({"score": 120})), "BOT_SCORE_NOT_MODIFIED"),
        (at(json!({"score": -1})), "SCORE_INVALID"),
        (at(json!({"score": 5, "user_id": 777_777})), "user not found"),
        (at(json!({"score": 5, "message_id": 9999})), "message to set game score not found"),
        (at(json!({"score": 5, "message_id": plain["message_id"]})), "game score can't be set"),
        (json!({"user_id": alice_id, "score": 5}), "message identifier is not specified"),
    ];
    for (params, description) in refused {
        assert_eq!(error(score(params.clone())), (400, format!("Bad Request: {description}")), "{params}");
    }
    let forced = ok(score(at(json!({"score": 80, "force": true}))));
    assert_eq!(forced["game"]["text"], "1. Alice: 80");
    // Without editing, the score is kept and the message stays as it was.
    let quiet = ok(score(at(json!({"score": 90, "disable_edit_message": true}))));
    assert_eq!(
        (quiet["game"]["text"].as_str(), quiet["edit_date"].clone()),
        (Some("1. Alice: 80"), forced["edit_date"].clone())
    );
    let scores = ok(server.call(
        &bot,
        "getGameHighScores",
        json!({"chat_id": alice_id, "message_id": message_id, "user_id": alice_id}),
    ));
    assert_eq!(scores[0]["position"], 1);
    assert_eq!((scores[0]["score"].as_i64(), scores[0]["user"]["first_name"].as_str()), (Some(90), Some("Alice")));

    // In a group every game message of the chat shares the board; the ranking shows neighbours.
    let group = ok(server.user_call(
        &alice,
        "createGroup",
        json!({"title": "Arcade", "member_ids": [bot_id, bob_id, carol_id]}),
    ));
    let group_id = group["id"].clone();
    let first = ok(send(json!({"chat_id": group_id, "game_short_name": "tetris"})));
    let second = ok(send(json!({"chat_id": group_id, "game_short_name": "tetris"})));
    for (player, points) in [(alice_id, 30), (bob_id, 50), (carol_id, 40)] {
        let params =
            json!({"chat_id": group_id, "message_id": first["message_id"], "user_id": player, "score": points});
        ok(score(params));
    }
    let board = ok(server.call(
        &bot,
        "getGameHighScores",
        json!({"chat_id": group_id, "message_id": second["message_id"], "user_id": carol_id}),
    ));
    let ranked: Vec<(i64, i64, i64)> = board
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["position"].as_i64().unwrap(), s["user"]["id"].as_i64().unwrap(), s["score"].as_i64().unwrap()))
        .collect();
    assert_eq!(ranked, vec![(1, bob_id, 50), (2, carol_id, 40), (3, alice_id, 30)]);
    let shown =
        ok(score(json!({"chat_id": group_id, "message_id": second["message_id"], "user_id": alice_id, "score": 60})));
    assert_eq!(shown["game"]["text"], "1. Alice: 60\n2. Bob: 50\n3. Carol: 40");
    let refused =
        server.call(&bot, "getGameHighScores", json!({"chat_id": group_id, "message_id": 9999, "user_id": alice_id}));
    assert_eq!(error(refused), (400, "Bad Request: message to get game high scores not found".into()));

    // Via inline mode: the inline message has a board of its own and its Play button calls the bot.
    let asking = waiting(&server, &alice, "inlineQuery", json!({"chat_id": bot_id, "query": "play", "timeout": 20}));
    let inline = next_update(&server, &bot, &mut offset, "inline_query");
    // A game result is its game and keyboard only: content beside them is ignored, as the
    // reference builds it from `game_short_name` and `reply_markup` alone.
    let ignored = json!({"message_text": "not the game"});
    let results = json!([{"type": "game", "id": "g1", "game_short_name": "tetris", "input_message_content": ignored}]);
    ok(server.call(
        &bot,
        "answerInlineQuery",
        json!({"inline_query_id": inline["id"], "results": results.to_string()}),
    ));
    let asked = ok(asking.join().unwrap());
    let pick = json!({"inline_query_id": asked["inline_query_id"], "result_id": "g1", "chat_id": group_id});
    let posted = ok(server.user_call(&alice, "chooseInlineResult", pick));
    assert_eq!((posted["game"]["title"].as_str(), posted["via_bot"]["id"].as_i64()), (Some("Tetris"), Some(bot_id)));
    assert_eq!(posted["reply_markup"]["inline_keyboard"][0][0]["callback_game"], json!({}));
    assert!(posted.get("text").is_none(), "{posted}");
    let playing = waiting(
        &server,
        &bob,
        "playGame",
        json!({"chat_id": group_id, "message_id": posted["message_id"], "timeout": 20}),
    );
    let query = next_update(&server, &bot, &mut offset, "callback_query");
    assert_eq!(query["game_short_name"], "tetris");
    let inline_message_id = query["inline_message_id"].as_str().expect("an inline message's query").to_owned();
    ok(server.call(
        &bot,
        "answerCallbackQuery",
        json!({"callback_query_id": query["id"], "url": "https://games.example/t"}),
    ));
    assert_eq!(ok(playing.join().unwrap())["answer"]["url"], "https://games.example/t");
    let inline_score = json!({"inline_message_id": inline_message_id, "user_id": bob_id, "score": 7});
    assert_eq!(ok(score(inline_score)), json!(true));
    let board =
        ok(server.call(&bot, "getGameHighScores", json!({"inline_message_id": inline_message_id, "user_id": bob_id})));
    assert_eq!(board.as_array().unwrap().len(), 1, "the inline message's own board: {board}");
    assert_eq!((board[0]["user"]["id"].as_i64(), board[0]["score"].as_i64()), (Some(bob_id), Some(7)));
    // Bob sees the inline message's scoreboard edited.
    let history = ok(server.user_call(&bob, "getChatHistory", json!({"chat_id": group_id, "limit": 1})));
    assert_eq!(history[0]["game"]["text"], "1. Bob: 7", "{history}");

    // Channels take no games.
    let channel = ok(server.user_call(&alice, "createChannel", json!({"title": "News", "member_ids": [bot_id]})));
    let rights = json!({"chat_id": channel["id"], "user_id": bot_id, "can_post_messages": true});
    ok(server.user_call(&alice, "promoteChatMember", rights));
    let refused = send(json!({"chat_id": channel["id"], "game_short_name": "tetris"}));
    assert_eq!(error(refused), (400, "Bad Request: games can't be sent to channel chats".into()));

    // The console's operator registers, lists and removes games too.
    let operator = |method: &str, params: Value| crate::console::operator(&server, KEY, method, params);
    let made = ok(operator(
        "setGame",
        json!({"bot_id": bot_id, "short_name": "snake", "title": "Snake", "description": "Eat"}),
    ));
    assert_eq!(made["photo"], json!({"width": 640, "height": 360}), "a placeholder photo");
    let refused =
        operator("setGame", json!({"bot_id": bot_id, "short_name": "sn", "title": "Snake", "description": "Eat"}));
    assert_eq!(refused.status, 400);
    let names: Vec<String> = ok(operator("listGames", json!({"bot_id": bot_id})))
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["short_name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, vec!["snake", "tetris"]);
    let snake = ok(send(json!({"chat_id": alice_id, "game_short_name": "snake"})));
    assert_eq!(snake["game"]["photo"].as_array().unwrap().len(), 3);
    assert_eq!(ok(operator("deleteGame", json!({"bot_id": bot_id, "short_name": "snake"}))), json!(true));
    let refused = send(json!({"chat_id": alice_id, "game_short_name": "snake"}));
    assert_eq!(error(refused), (400, "Bad Request: GAME_SHORTNAME_INVALID".into()));
}
