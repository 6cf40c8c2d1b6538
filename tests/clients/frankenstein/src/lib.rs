//! A bot written with frankenstein 0.52 in that library's normal style: its blocking
//! `client_ureq::Bot` pointed at the server by `Bot::new_url` (the documented base-URL option),
//! typed parameters from its builders, its own polling loop over `get_updates`, and, since
//! frankenstein has no webhook runner of its own, the usual companion: a small hyper server that
//! decodes frankenstein's `Update` and may answer with a method in the webhook reply.
//!
//! It is the Rust column of the client-library matrix; `supervisor/tests/e2e/frankenstein.rs`
//! (the `tests/e2e` suite) drives it from a person's side over the user-side API.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The library itself, for callers naming its types.
pub use frankenstein;

use frankenstein::client_ureq::Bot;
use frankenstein::inline_mode::{
    InlineQueryResult, InlineQueryResultArticle, InputMessageContent, InputTextMessageContent,
};
use frankenstein::methods::{
    AnswerCallbackQueryParams, AnswerInlineQueryParams, BanChatMemberParams, CopyMessageParams, DeleteMessageParams,
    EditMessageTextParams, ForwardMessageParams, GetChatAdministratorsParams, GetChatMemberCountParams,
    GetChatMemberParams, GetChatParams, GetFileParams, GetMyCommandsParams, GetUpdatesParams, SendChatActionParams,
    SendContactParams, SendDiceParams, SendDocumentParams, SendLocationParams, SendMessageParams, SendPhotoParams,
    SendPollParams, SetMyCommandsParams, UnbanChatMemberParams,
};
use frankenstein::types::{
    BotCommand, ChatAction, ChatMember, InlineKeyboardButton, InlineKeyboardMarkup, InputPollOption,
    MaybeInaccessibleMessage, Message, ReplyMarkup, ReplyParameters, User,
};
use frankenstein::updates::{Update, UpdateContent};
use frankenstein::{ParseMode, TelegramApi};

pub use frankenstein::Error;

/// The bot program: one handler per kind of update, as a frankenstein bot is usually written.
pub struct EchoBot {
    pub api: Bot,
    pub me: User,
    base_url: String,
    token: String,
    /// Where downloaded files go (and are uploaded back from).
    scratch: PathBuf,
    /// The member `/info` bans and unbans in a group.
    victim: u64,
    /// Chats the bot was removed from (`my_chat_member` with status `left`).
    removed: Mutex<Vec<i64>>,
}

impl EchoBot {
    /// Connects to the server at `base_url` (its `getMe` is the first call).
    pub fn connect(base_url: &str, token: &str, scratch: PathBuf, victim: u64) -> Result<Self, Error> {
        let api = Bot::new_url(format!("{base_url}/bot{token}"));
        let me = api.get_me()?.result;
        Ok(Self {
            api,
            me,
            base_url: base_url.to_owned(),
            token: token.to_owned(),
            scratch,
            victim,
            removed: Mutex::new(Vec::new()),
        })
    }

    /// The chats the bot has been removed from so far.
    pub fn removed(&self) -> Vec<i64> {
        self.removed.lock().unwrap().clone()
    }

    /// The bot's own long-polling loop: `get_updates` with a short timeout until `stop` is set.
    pub fn poll(&self, stop: &AtomicBool) -> Result<(), Error> {
        let mut offset = 0i64;
        while !stop.load(Ordering::Relaxed) {
            let params = GetUpdatesParams::builder().offset(offset).timeout(1).build();
            for update in self.api.get_updates(&params)?.result {
                offset = i64::from(update.update_id) + 1;
                self.handle(update)?;
            }
        }
        // The updates handled last are confirmed before the loop ends, as libraries do when they
        // stop polling: otherwise the server keeps them, and a webhook set next gets them again
        // (an inline query answered already, whose answer now fails and holds back that chat).
        if offset != 0 {
            self.api.get_updates(&GetUpdatesParams::builder().offset(offset).limit(1).timeout(0).build())?;
        }
        Ok(())
    }

    /// Dispatches one update to its handler.
    pub fn handle(&self, update: Update) -> Result<(), Error> {
        match update.content {
            UpdateContent::Message(message) => self.message(&message),
            UpdateContent::CallbackQuery(query) => {
                self.api.answer_callback_query(
                    &AnswerCallbackQueryParams::builder().callback_query_id(query.id.clone()).text("noted").build(),
                )?;
                if let Some(MaybeInaccessibleMessage::Message(message)) = &query.message {
                    let params = EditMessageTextParams::builder()
                        .chat_id(message.chat.id)
                        .message_id(message.message_id)
                        .text(format!("Chosen: {}", query.data.as_deref().unwrap_or_default()))
                        .reply_markup(keyboard("Undo", "undo"))
                        .build();
                    self.api.edit_message_text(&params)?;
                }
                Ok(())
            }
            UpdateContent::MyChatMember(change) => {
                if matches!(change.new_chat_member, ChatMember::Left(_)) {
                    self.removed.lock().unwrap().push(change.chat.id);
                }
                Ok(())
            }
            UpdateContent::InlineQuery(query) => {
                let article = InlineQueryResultArticle::builder()
                    .id("a1")
                    .title("Hi")
                    .input_message_content(InputMessageContent::Text(
                        InputTextMessageContent::builder().message_text(format!("{}!", query.query)).build(),
                    ))
                    .build();
                let params = AnswerInlineQueryParams::builder()
                    .inline_query_id(query.id)
                    .results(vec![InlineQueryResult::Article(article)])
                    .cache_time(0)
                    .build();
                self.api.answer_inline_query(&params)?;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn message(&self, message: &Message) -> Result<(), Error> {
        let chat_id = message.chat.id;
        let text = message.text.as_deref().unwrap_or_default();
        if text == "/start" {
            let name = message.from.as_ref().map(|u| u.first_name.clone()).unwrap_or_default();
            let params = SendMessageParams::builder()
                .chat_id(chat_id)
                .text(format!("Hello <b>{name}</b>"))
                .parse_mode(ParseMode::Html)
                .reply_markup(ReplyMarkup::InlineKeyboardMarkup(keyboard("Yes", "yes")))
                .build();
            self.api.send_message(&params)?;
        } else if text == "/info" || text == format!("/info@{}", self.me.username.as_deref().unwrap_or_default()) {
            self.info(message)?;
        } else if let Some(photo) = message.photo.as_ref().and_then(|sizes| sizes.last()) {
            let path = self.download(&photo.file_id, "photo.bin")?;
            let size = std::fs::metadata(&path).map_err(Error::ReadFile)?.len();
            self.say(chat_id, &format!("photo {size} bytes"))?;
            self.api.send_photo(
                &SendPhotoParams::builder().chat_id(chat_id).photo(path).caption("photo uploaded").build(),
            )?;
            self.api.send_photo(
                &SendPhotoParams::builder()
                    .chat_id(chat_id)
                    .photo(photo.file_id.clone())
                    .caption("photo by id")
                    .build(),
            )?;
        } else if let Some(document) = &message.document {
            let path = self.download(&document.file_id, "notes.txt")?;
            self.api.send_document(
                &SendDocumentParams::builder().chat_id(chat_id).document(path).caption("document uploaded").build(),
            )?;
            self.api.send_document(
                &SendDocumentParams::builder()
                    .chat_id(chat_id)
                    .document(document.file_id.clone())
                    .caption("document by id")
                    .build(),
            )?;
        } else if !text.is_empty() && !text.starts_with('/') && message.chat.type_field_is_private() {
            self.echo(message, text)?;
        }
        Ok(())
    }

    /// The echo bot's repertoire, for a person's text in a private chat.
    fn echo(&self, message: &Message, text: &str) -> Result<(), Error> {
        let chat_id = message.chat.id;
        let api = &self.api;
        api.send_chat_action(&SendChatActionParams::builder().chat_id(chat_id).action(ChatAction::Typing).build())?;
        api.send_message(
            &SendMessageParams::builder()
                .chat_id(chat_id)
                .text(text.to_uppercase())
                .reply_parameters(ReplyParameters::builder().message_id(message.message_id).build())
                .build(),
        )?;
        api.forward_message(
            &ForwardMessageParams::builder()
                .chat_id(chat_id)
                .from_chat_id(chat_id)
                .message_id(message.message_id)
                .build(),
        )?;
        api.copy_message(
            &CopyMessageParams::builder().chat_id(chat_id).from_chat_id(chat_id).message_id(message.message_id).build(),
        )?;
        let temporary = self.say(chat_id, "temporary")?;
        api.delete_message(&DeleteMessageParams::builder().chat_id(chat_id).message_id(temporary.message_id).build())?;
        api.send_location(&SendLocationParams::builder().chat_id(chat_id).latitude(52.52).longitude(13.405).build())?;
        api.send_contact(
            &SendContactParams::builder().chat_id(chat_id).phone_number("+15550100").first_name("Ann").build(),
        )?;
        let options = ["Yes", "No"].map(|o| InputPollOption::builder().text(o).build()).to_vec();
        api.send_poll(&SendPollParams::builder().chat_id(chat_id).question("Tea?").options(options).build())?;
        api.send_dice(&SendDiceParams::builder().chat_id(chat_id).build())?;
        let command = BotCommand::builder().command("start").description("Say hello").build();
        api.set_my_commands(&SetMyCommandsParams::builder().commands(vec![command]).build())?;
        let commands = api.get_my_commands(&GetMyCommandsParams::builder().build())?.result;
        let names: Vec<&str> = commands.iter().map(|c| c.command.as_str()).collect();
        self.say(chat_id, &format!("commands: {}", names.join(",")))?;
        Ok(())
    }

    /// `/info` in a group: the chat methods, a ban and an unban, and a summary.
    fn info(&self, message: &Message) -> Result<(), Error> {
        let chat_id = message.chat.id;
        let api = &self.api;
        let chat = api.get_chat(&GetChatParams::builder().chat_id(chat_id).build())?.result;
        let from = message.from.as_ref().map_or(0, |u| u.id);
        let member =
            api.get_chat_member(&GetChatMemberParams::builder().chat_id(chat_id).user_id(from).build())?.result;
        let admins =
            api.get_chat_administrators(&GetChatAdministratorsParams::builder().chat_id(chat_id).build())?.result;
        let count = api.get_chat_member_count(&GetChatMemberCountParams::builder().chat_id(chat_id).build())?.result;
        api.ban_chat_member(&BanChatMemberParams::builder().chat_id(chat_id).user_id(self.victim).build())?;
        api.unban_chat_member(&UnbanChatMemberParams::builder().chat_id(chat_id).user_id(self.victim).build())?;
        let status = match member {
            ChatMember::Creator(_) => "creator",
            ChatMember::Administrator(_) => "administrator",
            ChatMember::Member(_) => "member",
            _ => "other",
        };
        let title = chat.title.unwrap_or_default();
        self.say(chat_id, &format!("{title}|{status}|{}|{count}", admins.len()))?;
        Ok(())
    }

    /// getFile, then the file URL with the library's own HTTP agent (frankenstein has no download
    /// helper); the bytes land in the scratch directory.
    fn download(&self, file_id: &str, name: &str) -> Result<PathBuf, Error> {
        let file = self.api.get_file(&GetFileParams::builder().file_id(file_id).build())?.result;
        let file_path = file.file_path.unwrap_or_default();
        let url = format!("{}/file/bot{}/{}", self.base_url, self.token, file_path.trim_start_matches('/'));
        let url = if file_path.starts_with('/') {
            format!("{}/file/bot{}{file_path}", self.base_url, self.token)
        } else {
            url
        };
        let mut response = self.api.request_agent.get(&url).call()?;
        let bytes = response.body_mut().read_to_vec()?;
        let path = self.scratch.join(name);
        std::fs::write(&path, bytes).map_err(Error::ReadFile)?;
        Ok(path)
    }

    fn say(&self, chat_id: i64, text: &str) -> Result<Message, Error> {
        Ok(self.api.send_message(&SendMessageParams::builder().chat_id(chat_id).text(text).build())?.result)
    }

    /// The webhook handler: a person's text in a private chat is answered twice, once by a normal
    /// call (`call: …`) and once by the method returned here for the webhook reply (`hook: …`).
    pub fn hook(&self, update: Update) -> Result<Option<serde_json::Value>, Error> {
        let UpdateContent::Message(message) = &update.content else { return self.handle(update).map(|()| None) };
        let Some(text) = message.text.as_deref().filter(|_| message.chat.type_field_is_private()) else {
            return Ok(None);
        };
        self.say(message.chat.id, &format!("call: {text}"))?;
        let params = SendMessageParams::builder().chat_id(message.chat.id).text(format!("hook: {text}")).build();
        let mut reply = serde_json::to_value(&params).expect("parameters serialize");
        reply["method"] = "sendMessage".into();
        Ok(Some(reply))
    }
}

/// A one-button inline keyboard.
fn keyboard(text: &str, data: &str) -> InlineKeyboardMarkup {
    let button = InlineKeyboardButton::builder().text(text).callback_data(data).build();
    InlineKeyboardMarkup::builder().inline_keyboard(vec![vec![button]]).build()
}

trait ChatKind {
    fn type_field_is_private(&self) -> bool;
}

impl ChatKind for frankenstein::types::Chat {
    fn type_field_is_private(&self) -> bool {
        self.type_field == frankenstein::types::ChatType::Private
    }
}

/// The webhook receiver: a hyper server on `listener` that decodes each delivery as a frankenstein
/// `Update`, runs [`EchoBot::hook`] off the async threads (the client is blocking), and answers
/// with the method it returns. Runs until the returned handle is dropped.
pub struct Webhook {
    pub addr: SocketAddr,
    /// Errors the handler met (the test fails on any).
    pub errors: Arc<Mutex<Vec<String>>>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Webhook {
    pub fn serve(bot: Arc<EchoBot>) -> std::io::Result<Self> {
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let errors = Arc::new(Mutex::new(Vec::new()));
        let (shutdown, mut stop) = tokio::sync::oneshot::channel::<()>();
        let seen = errors.clone();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).expect("a tokio listener");
                loop {
                    let stream = tokio::select! {
                        _ = &mut stop => return,
                        accepted = listener.accept() => match accepted { Ok((stream, _)) => stream, Err(_) => continue },
                    };
                    let (bot, errors) = (bot.clone(), seen.clone());
                    let service = hyper::service::service_fn(move |request| {
                        let (bot, errors) = (bot.clone(), errors.clone());
                        async move { Ok::<_, std::convert::Infallible>(deliver(bot, errors, request).await) }
                    });
                    tokio::spawn(async move {
                        let io = hyper_util::rt::TokioIo::new(stream);
                        let _ = hyper::server::conn::http1::Builder::new().serve_connection(io, service).await;
                    });
                }
            });
        });
        Ok(Self { addr, errors, shutdown: Some(shutdown), thread: Some(thread) })
    }
}

impl Drop for Webhook {
    fn drop(&mut self) {
        let _ = self.shutdown.take().map(|s| s.send(()));
        let _ = self.thread.take().map(std::thread::JoinHandle::join);
    }
}

async fn deliver(
    bot: Arc<EchoBot>,
    errors: Arc<Mutex<Vec<String>>>,
    request: hyper::Request<hyper::body::Incoming>,
) -> hyper::Response<http_body_util::Full<hyper::body::Bytes>> {
    use http_body_util::BodyExt;
    let body = match request.into_body().collect().await {
        Ok(body) => body.to_bytes(),
        Err(e) => return respond(500, format!("reading the update: {e}")),
    };
    let update: Update = match serde_json::from_slice(&body) {
        Ok(update) => update,
        Err(e) => {
            errors.lock().unwrap().push(format!("undecodable update {}: {e}", String::from_utf8_lossy(&body)));
            return respond(400, e.to_string());
        }
    };
    match tokio::task::spawn_blocking(move || bot.hook(update)).await {
        Ok(Ok(Some(reply))) => {
            let mut response = respond(200, reply.to_string());
            response.headers_mut().insert("content-type", hyper::header::HeaderValue::from_static("application/json"));
            response
        }
        Ok(Ok(None)) => respond(200, String::new()),
        Ok(Err(e)) => {
            errors.lock().unwrap().push(e.to_string());
            respond(500, e.to_string())
        }
        Err(e) => respond(500, e.to_string()),
    }
}

fn respond(status: u16, body: String) -> hyper::Response<http_body_util::Full<hyper::body::Bytes>> {
    let mut response = hyper::Response::new(http_body_util::Full::new(hyper::body::Bytes::from(body)));
    *response.status_mut() = hyper::StatusCode::from_u16(status).expect("a valid status");
    response
}
