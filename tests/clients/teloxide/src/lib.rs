//! A bot written with teloxide 0.17 in that library's normal style: a `Bot` pointed at the server
//! by `set_api_url` (the documented base-URL option), a `dptree` handler tree, and its
//! `Dispatcher` doing the long polling. `tests/e2e/teloxide.rs` drives it from a person's side.

use teloxide::RequestError;
use teloxide::net::Download;
use teloxide::prelude::*;
use teloxide::types::{
    BotCommand, ChatAction, ChatMemberStatus, InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResult,
    InlineQueryResultArticle, InputFile, InputMessageContent, InputMessageContentText, InputPollOption, ParseMode,
    ReplyParameters,
};

/// The library itself, for callers naming its types.
pub use teloxide;

type HandlerResult = Result<(), RequestError>;

/// The bot's API client against the server at `base_url`.
pub fn bot(base_url: &str, token: &str) -> Bot {
    Bot::new(token).set_api_url(url::Url::parse(base_url).expect("a base URL"))
}

/// A running dispatcher: shut it down to stop polling.
pub struct Running {
    token: teloxide::dispatching::ShutdownToken,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    pub async fn stop(self) {
        if let Ok(done) = self.token.shutdown() {
            done.await;
        }
        self.task.await.expect("the dispatcher does not panic");
    }
}

/// Starts the dispatcher; `victim` is who `/info` bans and unbans in a group, and `removed`
/// learns each chat the bot is removed from.
pub fn start(bot: Bot, victim: UserId, removed: tokio::sync::mpsc::UnboundedSender<ChatId>) -> Running {
    let handler = dptree::entry()
        .branch(Update::filter_message().endpoint(move |bot: Bot, m: Message| message(bot, m, victim)))
        .branch(Update::filter_callback_query().endpoint(callback))
        .branch(Update::filter_inline_query().endpoint(inline))
        .branch(Update::filter_my_chat_member().endpoint(move |u: ChatMemberUpdated| {
            let removed = removed.clone();
            async move {
                if u.new_chat_member.is_left() {
                    let _ = removed.send(u.chat.id);
                }
                HandlerResult::Ok(())
            }
        }));
    let mut dispatcher = Dispatcher::builder(bot, handler).build();
    let token = dispatcher.shutdown_token();
    let task = tokio::spawn(async move { dispatcher.dispatch().await });
    Running { token, task }
}

async fn message(bot: Bot, m: Message, victim: UserId) -> HandlerResult {
    let chat = m.chat.id;
    let text = m.text().unwrap_or_default().to_owned();
    if text == "/start" {
        let name = m.from.as_ref().map(|u| u.first_name.clone()).unwrap_or_default();
        let keyboard = InlineKeyboardMarkup::new([[InlineKeyboardButton::callback("Yes", "yes")]]);
        bot.send_message(chat, format!("Hello <b>{name}</b>"))
            .parse_mode(ParseMode::Html)
            .reply_markup(keyboard)
            .await?;
    } else if text.starts_with("/info") {
        let info = bot.get_chat(chat).await?;
        let asker = m.from.as_ref().map(|u| u.id).unwrap_or(victim);
        let member = bot.get_chat_member(chat, asker).await?;
        let admins = bot.get_chat_administrators(chat).await?;
        let count = bot.get_chat_member_count(chat).await?;
        bot.ban_chat_member(chat, victim).await?;
        bot.unban_chat_member(chat, victim).await?;
        let status = match member.status() {
            ChatMemberStatus::Owner => "creator",
            ChatMemberStatus::Administrator => "administrator",
            _ => "other",
        };
        let title = info.title().unwrap_or_default();
        bot.send_message(chat, format!("{title}|{status}|{}|{count}", admins.len())).await?;
    } else if let Some(document) = m.document() {
        let file = bot.get_file(document.file.id.clone()).await?;
        let mut bytes = Vec::new();
        bot.download_file(&file.path, &mut bytes).await?;
        bot.send_message(chat, format!("got {} bytes", bytes.len())).await?;
        bot.send_document(chat, InputFile::memory(bytes).file_name("back.txt")).caption("uploaded").await?;
        bot.send_document(chat, InputFile::file_id(document.file.id.clone())).caption("by id").await?;
    } else if m.chat.is_private() && !text.is_empty() {
        bot.send_chat_action(chat, ChatAction::Typing).await?;
        bot.send_message(chat, text.to_uppercase()).reply_parameters(ReplyParameters::new(m.id)).await?;
        bot.forward_message(chat, chat, m.id).await?;
        bot.copy_message(chat, chat, m.id).await?;
        let temporary = bot.send_message(chat, "temporary").await?;
        bot.delete_message(chat, temporary.id).await?;
        bot.send_location(chat, 52.52, 13.405).await?;
        bot.send_venue(chat, 52.52, 13.405, "Venue", "Street 1").await?;
        bot.send_contact(chat, "+15550100", "Ann").await?;
        bot.send_poll(chat, "Tea?", [InputPollOption::new("Yes"), InputPollOption::new("No")]).await?;
        bot.send_dice(chat).await?;
        bot.set_my_commands([BotCommand::new("start", "Say hello")]).await?;
        let commands = bot.get_my_commands().await?;
        let names: Vec<&str> = commands.iter().map(|c| c.command.as_str()).collect();
        bot.send_message(chat, format!("commands: {}", names.join(","))).await?;
    }
    Ok(())
}

async fn callback(bot: Bot, query: CallbackQuery) -> HandlerResult {
    bot.answer_callback_query(query.id.clone()).text("noted").await?;
    if let Some(message) = query.regular_message() {
        let keyboard = InlineKeyboardMarkup::new([[InlineKeyboardButton::callback("Undo", "undo")]]);
        let text = format!("Chosen: {}", query.data.clone().unwrap_or_default());
        bot.edit_message_text(message.chat.id, message.id, text).reply_markup(keyboard).await?;
    }
    Ok(())
}

async fn inline(bot: Bot, query: InlineQuery) -> HandlerResult {
    let content = InputMessageContent::Text(InputMessageContentText::new(format!("{}!", query.query)));
    let article = InlineQueryResult::Article(InlineQueryResultArticle::new("a1", "Hi", content));
    bot.answer_inline_query(query.id.clone(), [article]).cache_time(0).await?;
    Ok(())
}
