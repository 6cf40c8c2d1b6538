//! Games: the operator registers a bot's games as BotFather would (short name, title,
//! description, photo: `msg-bot-api bot game`, the console's operator panel), the bot sends them
//! (`sendGame`, or an inline query's `game` result), a person presses the game's button (the
//! user-side `playGame`: the bot gets `callback_query` with `game_short_name` and answers with its
//! game's URL), and the bot keeps scores (`setGameScore`, `getGameHighScores`).
//!
//! A game is one row of [`GAMES`] under its bot; its photo's sizes are contents of the store,
//! linked into the bot's directory when a game message is sent. A score is one row of [`SCORES`]
//! per board and player, written under the board's lock. A board is a chat's table for a game
//! (every message of that game in the chat shares it, as on the platform) or, for a game sent
//! via inline mode, that inline message's own.

pub(crate) mod domain;
mod methods;
mod user;

use std::path::Path;

use msg_core::{ApiError, BotRecord, StorageBackend};
use msg_spec::types;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::files::{Blob, FileStore, Kind, file_object, photo};
use crate::kernel::records::Table;
use crate::kernel::world::{Content, Conversation, Hooked, InlineResultKind, Platform};

/// A bot's games: scope the bot, key the game's short name.
const GAMES: Table<Registered> = Table::new("game");
/// Which game a game message shows: scope the game's bot, key `<conversation key>/<message id>`
/// (stored in the message's batch), value the game's short name.
pub(crate) const MESSAGES: Table<String> = Table::new("game_message");
/// Scores: scope the bot, key `<board>/<user id>`.
const SCORES: Table<Score> = Table::new("game_score");

/// A game as the operator registered it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Registered {
    pub short_name: String,
    pub title: String,
    pub description: String,
    /// The photo's sizes, smallest first.
    pub photo: Vec<Picture>,
}

/// One size of a game's photo: content in the store.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Picture {
    pub content: String,
    pub size: u64,
    pub width: u32,
    pub height: u32,
    pub extension: String,
}

/// A player's score on a board.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
struct Score {
    pub score: i64,
    /// When it was set (an earlier score ranks first among equals).
    pub date: i64,
}

/// What the operator gives for a new or changed game.
#[derive(Debug, Clone, Copy)]
pub struct NewGame<'a> {
    pub short_name: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    /// An image file (JPEG, PNG, WebP, GIF); a placeholder is drawn without one.
    pub photo: Option<&'a Path>,
}

/// The platform's rules for a game's names, as BotFather asks them: a short name of 3-64
/// English letters, digits and underscores; a title of 1-64 characters; a description of 1-256.
fn check(game: &NewGame<'_>) -> Result<(), String> {
    let short = game.short_name;
    if !(3..=64).contains(&short.len()) || !short.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!(
            "invalid game short name `{short}`: use 3-64 English letters, digits or underscores (e.g. tetris)"
        ));
    }
    if !(1..=64).contains(&game.title.trim().chars().count()) {
        return Err("a game's title must have 1 to 64 characters".into());
    }
    if !(1..=256).contains(&game.description.trim().chars().count()) {
        return Err("a game's description must have 1 to 256 characters".into());
    }
    Ok(())
}

/// A placeholder photo for a game registered without one: 640×360, in a colour of its name.
fn placeholder(short_name: &str) -> Vec<u8> {
    let hash = blake3::hash(short_name.as_bytes());
    let [r, g, b, ..] = *hash.as_bytes();
    let image = image::RgbImage::from_fn(640, 360, |x, y| {
        let stripe = ((x + y) / 40) % 2 == 0;
        let shade = |c: u8| if stripe { c / 2 + 64 } else { c / 2 + 96 };
        image::Rgb([shade(r), shade(g), shade(b)])
    });
    let mut bytes = Vec::new();
    image.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).expect("a PNG encodes into memory");
    bytes
}

/// Registers (or changes) a bot's game: its photo's sizes go into the content store, its row
/// into the bot's storage. The one way games are made, for `bot game` and the console alike.
pub async fn register_game(
    files: &FileStore,
    storage: &dyn StorageBackend,
    bot_id: i64,
    game: NewGame<'_>,
) -> Result<Registered, String> {
    check(&game)?;
    let (source, movable) = match game.photo {
        Some(path) => (path.to_path_buf(), false),
        None => {
            let blob = files.ingest_bytes(placeholder(game.short_name)).await.map_err(|e| e.description)?;
            (files.blob_path(&blob.hash), false)
        }
    };
    let path = source.clone();
    let sizes = tokio::task::spawn_blocking(move || photo::sizes(&path))
        .await
        .map_err(|e| format!("photo task failed: {e}"))?
        .map_err(|e| format!("the photo {} can't be used: {}", source.display(), e.description))?;
    let original_ext = match image::ImageReader::open(&source).ok().and_then(|r| r.with_guessed_format().ok()) {
        Some(r) => match r.format() {
            Some(image::ImageFormat::Png) => "png",
            Some(image::ImageFormat::Gif) => "gif",
            Some(image::ImageFormat::WebP) => "webp",
            _ => "jpg",
        },
        None => "jpg",
    };
    let mut photo = Vec::new();
    for size in sizes {
        let (blob, extension) = match size.bytes {
            Some(bytes) => (files.ingest_bytes(bytes).await.map_err(|e| e.description)?, "jpg"),
            None => (files.ingest(&source, movable).await.map_err(|e| e.description)?, original_ext),
        };
        photo.push(Picture {
            content: blob.hash.to_hex().to_string(),
            size: blob.size,
            width: size.width,
            height: size.height,
            extension: extension.to_owned(),
        });
    }
    let registered = Registered {
        short_name: game.short_name.to_owned(),
        title: game.title.trim().to_owned(),
        description: game.description.trim().to_owned(),
        photo,
    };
    storage
        .apply(vec![GAMES.put(bot_id, game.short_name, &registered)])
        .await
        .map_err(|e| format!("storing the game failed: {e}"))?;
    Ok(registered)
}

/// A bot's games, by short name.
pub async fn games(storage: &dyn StorageBackend, bot_id: i64) -> Result<Vec<Registered>, ApiError> {
    Ok(GAMES.all(storage, bot_id).await?.into_values().collect())
}

/// Removes a bot's game; whether it had one by that name. Messages already sent keep showing it.
pub async fn remove_game(storage: &dyn StorageBackend, bot_id: i64, short_name: &str) -> Result<bool, ApiError> {
    if GAMES.get(storage, bot_id, short_name).await?.is_none() {
        return Ok(false);
    }
    storage.apply(vec![GAMES.delete(bot_id, short_name)]).await.map_err(crate::internal)?;
    Ok(true)
}

/// The `game` inline result: picking one posts the bot's game, with its Play button first
/// (unless the result's keyboard launches it already), and remembers the game of the message (a
/// row in the message's batch).
const GAME_RESULT: InlineResultKind = InlineResultKind { result_type: "game", post: post_game_result };

fn post_game_result<'a>(
    platform: &'a Platform,
    bot: &'a BotRecord,
    result: &'a Value,
    keyboard: Option<Value>,
    conversation: Conversation,
) -> Hooked<'a, Content> {
    Box::pin(async move {
        let short_name = result["game_short_name"].as_str().unwrap_or_default();
        let game = game(platform, bot.id, short_name).await?;
        let game = game.ok_or_else(|| ApiError::bad_request("GAME_SHORTNAME_INVALID"))?;
        let reply_markup = keyboard.filter(launches).unwrap_or_else(|| play_keyboard(&game.title));
        let attached = vec![MESSAGES.record(bot.id, &conversation.message_rows(), &short_name.to_owned())];
        let body = types::Message { game: Some(Box::new(game)), ..Default::default() };
        Ok(Content { reply_markup: Some(reply_markup), attached, ..Content::of(body) })
    })
}

/// The keyboard of a game sent without one: its Play button.
fn play_keyboard(title: &str) -> Value {
    serde_json::json!({"inline_keyboard": [[{"text": format!("Play {title}"), "callback_game": {}}]]})
}

/// Whether a game message's keyboard starts with the button that launches it (the platform's
/// rule for a keyboard given with a game).
pub(crate) fn launches(markup: &Value) -> bool {
    markup["inline_keyboard"][0][0].get("callback_game").is_some()
}

/// The game `short_name` of `bot_id` as a message shows it, its photo linked into the bot's
/// directory; `None` when the bot has no such game.
pub(crate) async fn game(platform: &Platform, bot_id: i64, short_name: &str) -> Result<Option<types::Game>, ApiError> {
    let Some(registered) = GAMES.get(platform.storage.as_ref(), bot_id, short_name).await? else {
        return Ok(None);
    };
    let mut objects = Vec::new();
    let mut blobs = Vec::new();
    for picture in &registered.photo {
        let hash =
            blake3::Hash::from_hex(&picture.content).map_err(|_| ApiError::internal("a game's photo is damaged"))?;
        let blob = Blob { hash, size: picture.size };
        let mut fields = Map::new();
        fields.insert("width".into(), picture.width.into());
        fields.insert("height".into(), picture.height.into());
        objects.push(file_object(bot_id, Kind::Photo, &blob, fields));
        blobs.push((blob, picture.extension.as_str()));
    }
    let photo = Value::Array(objects);
    for (blob, extension) in &blobs {
        platform.files.link(bot_id, blob, Kind::Photo, extension, &photo).await?;
    }
    let photo = serde_json::from_value(photo).map_err(|_| ApiError::internal("a game's photo is damaged"))?;
    Ok(Some(types::Game { title: registered.title, description: registered.description, photo, ..Default::default() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_names_follow_botfathers_rules() {
        let game = |short_name, title, description| NewGame { short_name, title, description, photo: None };
        assert!(check(&game("tetris", "Tetris", "Falling blocks")).is_ok());
        assert!(check(&game("t2_x", "T", "D")).is_ok());
        assert!(check(&game("ab", "Tetris", "Falling blocks")).is_err(), "3 at least");
        assert!(check(&game("tet-ris", "Tetris", "Falling blocks")).is_err());
        assert!(check(&game("tetris", " ", "Falling blocks")).is_err());
        assert!(check(&game("tetris", "Tetris", &"d".repeat(257))).is_err());
        assert!(launches(&play_keyboard("Tetris")));
        assert!(!launches(&serde_json::json!({"inline_keyboard": [[{"text": "x", "url": "https://a.b"}]]})));
    }

    #[test]
    fn the_placeholder_is_a_png_the_photo_rules_accept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.png");
        std::fs::write(&path, placeholder("tetris")).unwrap();
        let sizes = photo::sizes(&path).unwrap();
        assert_eq!(sizes.last().map(|s| (s.width, s.height)), Some((640, 360)));
    }
}
