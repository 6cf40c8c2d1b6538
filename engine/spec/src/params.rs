//! Every method's parameters, generated from `api-10.3.json` and `changes-10.5.json` by `sourcegen.rs`: do not edit; run
//! `UPDATE_GENERATED=1 cargo test -p msg-spec` after changing the schema or the generator. Each
//! struct decodes a call's parameters the reference's way ([`crate::args`]): integers, floats and
//! booleans read leniently, user ids checked, text, chat ids and nested values (objects, arrays,
//! files) kept raw for the handler. A required text or chat id is empty when absent. The traits at
//! the end (`accessors` in `supplement.json`) give one handler the parameters several methods
//! share, whichever of them the call is.
// The docs are the schema's own words, its URLs as written.
#![allow(rustdoc::bare_urls)]

use crate::args::{self, ArgError, Decode, Source};

/// `getUpdates`: see <https://core.telegram.org/bots/api#getupdates>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetUpdates<'a> {
    /// Identifier of the first update to be returned.
    pub offset: Option<i64>,
    /// Limits the number of updates to be retrieved.
    pub limit: Option<i64>,
    /// Timeout in seconds for long polling.
    pub timeout: Option<i64>,
    /// A JSON-serialized list of the update types you want your bot to receive.
    pub allowed_updates: Option<&'a str>,
}

impl<'a> Decode<'a> for GetUpdates<'a> {
    const METHOD: &'static str = "getUpdates";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            offset: args::integer(arg("offset")),
            limit: args::integer(arg("limit")),
            timeout: args::integer(arg("timeout")),
            allowed_updates: arg("allowed_updates"),
        })
    }
}

/// `setWebhook`: see <https://core.telegram.org/bots/api#setwebhook>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetWebhook<'a> {
    /// HTTPS URL to send updates to.
    pub url: &'a str,
    /// Upload your public key certificate so that the root certificate in use can be checked.
    pub certificate: Option<&'a str>,
    /// The fixed IP address which will be used to send webhook requests instead of the IP address resolved through DNS
    pub ip_address: Option<&'a str>,
    /// The maximum allowed number of simultaneous HTTPS connections to the webhook for update delivery, 1-100.
    pub max_connections: Option<i64>,
    /// A JSON-serialized list of the update types you want your bot to receive.
    pub allowed_updates: Option<&'a str>,
    /// Pass True to drop all pending updates
    pub drop_pending_updates: bool,
    /// A secret token to be sent in a header "X-Telegram-Bot-Api-Secret-Token" in every webhook request, 1-256 characters.
    pub secret_token: Option<&'a str>,
}

impl<'a> Decode<'a> for SetWebhook<'a> {
    const METHOD: &'static str = "setWebhook";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            url: arg("url").unwrap_or_default(),
            certificate: arg("certificate"),
            ip_address: arg("ip_address"),
            max_connections: args::integer(arg("max_connections")),
            allowed_updates: arg("allowed_updates"),
            drop_pending_updates: args::boolean(arg("drop_pending_updates")),
            secret_token: arg("secret_token"),
        })
    }
}

/// `deleteWebhook`: see <https://core.telegram.org/bots/api#deletewebhook>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteWebhook {
    /// Pass True to drop all pending updates
    pub drop_pending_updates: bool,
}

impl<'a> Decode<'a> for DeleteWebhook {
    const METHOD: &'static str = "deleteWebhook";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { drop_pending_updates: args::boolean(arg("drop_pending_updates")) })
    }
}

/// `getWebhookInfo`: see <https://core.telegram.org/bots/api#getwebhookinfo>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetWebhookInfo {}

impl<'a> Decode<'a> for GetWebhookInfo {
    const METHOD: &'static str = "getWebhookInfo";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `getMe`: see <https://core.telegram.org/bots/api#getme>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetMe {}

impl<'a> Decode<'a> for GetMe {
    const METHOD: &'static str = "getMe";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `setMySettings`: see <https://core.telegram.org/bots/api#setmysettings>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetMySettings<'a> {
    /// Pass True to enable inline mode for the bot or False to disable it
    pub supports_inline_queries: bool,
    /// New placeholder for inline queries, which is shown in the input field after the bot's username.
    pub inline_query_placeholder: Option<&'a str>,
    /// Pass True to request the location of the user with every inline query to the bot or False to stop requesting it
    pub needs_inline_query_location: bool,
    /// Denominator of the share of chosen inline results about which the bot receives chosen_inline_result updates: the bot receives 1 out of inline_feedback_share_denominator chosen results.
    pub inline_feedback_share_denominator: Option<i64>,
    /// Pass True to allow the bot to be added to groups or False to forbid it
    pub can_join_groups: bool,
    /// Pass True to disable privacy mode, so the bot receives all messages in groups, or False to enable it
    pub can_read_all_group_messages: bool,
    /// Pass True to allow the bot to be connected to business accounts or False to forbid it
    pub can_connect_to_business: bool,
    /// Pass True to allow users to create bots managed by the bot or False to forbid it
    pub can_manage_bots: bool,
    /// Pass True to allow the bot to be summoned by a mention in chats it isn't a member of or False to forbid it
    pub supports_guest_queries: bool,
    /// Pass True to allow the bot to process join requests as a guard bot of supergroups or False to forbid it
    pub supports_join_request_queries: bool,
    /// Pass True to enable forum topic mode in private chats with the bot or False to disable it
    pub has_topics_enabled: bool,
    /// Pass True to allow users to create and delete topics in private chats with the bot or False to forbid it
    pub allows_users_to_create_topics: bool,
    /// Pass True to show the list of topics in a sidebar in private chats with the bot or False to hide it; applies only while forum topic mode is enabled
    pub has_topic_sidebar: bool,
    /// Pass True to allow the bot to communicate with other bots in groups, private chats, and through business accounts or False to forbid it
    pub can_communicate_with_bots: bool,
    /// The mode of receiving callback queries from buttons in messages sent by the bot: "default" to receive the field message, "auto" to receive the field inline_message_id instead of the field message when the message with the button is inaccessible to the bot, "inline" to always receive the field inline_message_id
    pub callback_query_mode: Option<&'a str>,
}

impl<'a> Decode<'a> for SetMySettings<'a> {
    const METHOD: &'static str = "setMySettings";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            supports_inline_queries: args::boolean(arg("supports_inline_queries")),
            inline_query_placeholder: arg("inline_query_placeholder"),
            needs_inline_query_location: args::boolean(arg("needs_inline_query_location")),
            inline_feedback_share_denominator: args::integer(arg("inline_feedback_share_denominator")),
            can_join_groups: args::boolean(arg("can_join_groups")),
            can_read_all_group_messages: args::boolean(arg("can_read_all_group_messages")),
            can_connect_to_business: args::boolean(arg("can_connect_to_business")),
            can_manage_bots: args::boolean(arg("can_manage_bots")),
            supports_guest_queries: args::boolean(arg("supports_guest_queries")),
            supports_join_request_queries: args::boolean(arg("supports_join_request_queries")),
            has_topics_enabled: args::boolean(arg("has_topics_enabled")),
            allows_users_to_create_topics: args::boolean(arg("allows_users_to_create_topics")),
            has_topic_sidebar: args::boolean(arg("has_topic_sidebar")),
            can_communicate_with_bots: args::boolean(arg("can_communicate_with_bots")),
            callback_query_mode: arg("callback_query_mode"),
        })
    }
}

/// `logOut`: see <https://core.telegram.org/bots/api#logout>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LogOut {}

impl<'a> Decode<'a> for LogOut {
    const METHOD: &'static str = "logOut";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `close`: see <https://core.telegram.org/bots/api#close>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Close {}

impl<'a> Decode<'a> for Close {
    const METHOD: &'static str = "close";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `sendMessage`: see <https://core.telegram.org/bots/api#sendmessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendMessage<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Text of the message to be sent, 1-4096 characters after entities parsing
    pub text: &'a str,
    /// Mode for parsing entities in the message text.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in message text, which can be specified instead of parse_mode
    pub entities: Option<&'a str>,
    /// Link preview generation options for the message
    pub link_preview_options: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendMessage<'a> {
    const METHOD: &'static str = "sendMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            text: arg("text").unwrap_or_default(),
            parse_mode: arg("parse_mode"),
            entities: arg("entities"),
            link_preview_options: arg("link_preview_options"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `forwardMessage`: see <https://core.telegram.org/bots/api#forwardmessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ForwardMessage<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be forwarded; required if the message is forwarded to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// Unique identifier for the chat where the original message was sent (or username of the target bot, supergroup or channel in the format @username)
    pub from_chat_id: &'a str,
    /// New start timestamp for the forwarded video in the message
    pub video_start_timestamp: Option<i64>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the forwarded message from forwarding and saving
    pub protect_content: bool,
    /// Unique identifier of the message effect to be added to the message; only available when forwarding to private chats
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only
    pub suggested_post_parameters: Option<&'a str>,
    /// Message identifier in the chat specified in from_chat_id
    pub message_id: i64,
}

impl<'a> Decode<'a> for ForwardMessage<'a> {
    const METHOD: &'static str = "forwardMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            from_chat_id: arg("from_chat_id").unwrap_or_default(),
            video_start_timestamp: args::integer(arg("video_start_timestamp")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
        })
    }
}

/// `forwardMessages`: see <https://core.telegram.org/bots/api#forwardmessages>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ForwardMessages<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the messages will be forwarded; required if the messages are forwarded to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// Unique identifier for the chat where the original messages were sent (or username of the target bot, supergroup or channel in the format @username)
    pub from_chat_id: &'a str,
    /// A JSON-serialized list of 1-100 identifiers of messages in the chat from_chat_id to forward.
    pub message_ids: Option<&'a str>,
    /// Sends the messages silently.
    pub disable_notification: bool,
    /// Protects the contents of the forwarded messages from forwarding and saving
    pub protect_content: bool,
}

impl<'a> Decode<'a> for ForwardMessages<'a> {
    const METHOD: &'static str = "forwardMessages";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            from_chat_id: arg("from_chat_id").unwrap_or_default(),
            message_ids: arg("message_ids"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
        })
    }
}

/// `copyMessage`: see <https://core.telegram.org/bots/api#copymessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CopyMessage<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// Unique identifier for the chat where the original message was sent (or username of the target bot, supergroup or channel in the format @username)
    pub from_chat_id: &'a str,
    /// Message identifier in the chat specified in from_chat_id
    pub message_id: i64,
    /// New start timestamp for the copied video in the message
    pub video_start_timestamp: Option<i64>,
    /// New caption for media, 0-1024 characters after entities parsing.
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the new caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the new caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True if the caption must be shown above the message media.
    pub show_caption_above_media: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; only available when copying to private chats
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for CopyMessage<'a> {
    const METHOD: &'static str = "copyMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            from_chat_id: arg("from_chat_id").unwrap_or_default(),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
            video_start_timestamp: args::integer(arg("video_start_timestamp")),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `copyMessages`: see <https://core.telegram.org/bots/api#copymessages>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CopyMessages<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the messages will be sent; required if the messages are sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// Unique identifier for the chat where the original messages were sent (or username of the target bot, supergroup or channel in the format @username)
    pub from_chat_id: &'a str,
    /// A JSON-serialized list of 1-100 identifiers of messages in the chat from_chat_id to copy.
    pub message_ids: Option<&'a str>,
    /// Sends the messages silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent messages from forwarding and saving
    pub protect_content: bool,
    /// Pass True to copy the messages without their captions
    pub remove_caption: bool,
}

impl<'a> Decode<'a> for CopyMessages<'a> {
    const METHOD: &'static str = "copyMessages";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            from_chat_id: arg("from_chat_id").unwrap_or_default(),
            message_ids: arg("message_ids"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            remove_caption: args::boolean(arg("remove_caption")),
        })
    }
}

/// `sendPhoto`: see <https://core.telegram.org/bots/api#sendphoto>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendPhoto<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Photo to send.
    pub photo: Option<&'a str>,
    /// Photo caption (may also be used when resending photos by file_id), 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the photo caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True if the caption must be shown above the message media
    pub show_caption_above_media: bool,
    /// Pass True if the photo needs to be covered with a spoiler animation
    pub has_spoiler: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendPhoto<'a> {
    const METHOD: &'static str = "sendPhoto";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            photo: arg("photo"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            has_spoiler: args::boolean(arg("has_spoiler")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendLivePhoto`: see <https://core.telegram.org/bots/api#sendlivephoto>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendLivePhoto<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target channel (in the format @channelusername)
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Live photo video to send.
    pub live_photo: Option<&'a str>,
    /// The static photo to send.
    pub photo: Option<&'a str>,
    /// Video caption (may also be used when resending videos by file_id), 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the video caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True if the caption must be shown above the message media
    pub show_caption_above_media: bool,
    /// Pass True if the video needs to be covered with a spoiler animation
    pub has_spoiler: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendLivePhoto<'a> {
    const METHOD: &'static str = "sendLivePhoto";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            live_photo: arg("live_photo"),
            photo: arg("photo"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            has_spoiler: args::boolean(arg("has_spoiler")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendAudio`: see <https://core.telegram.org/bots/api#sendaudio>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendAudio<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Audio file to send.
    pub audio: Option<&'a str>,
    /// Audio caption, 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the audio caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Duration of the audio in seconds
    pub duration: Option<i64>,
    /// Performer
    pub performer: Option<&'a str>,
    /// Track name
    pub title: Option<&'a str>,
    /// Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side.
    pub thumbnail: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendAudio<'a> {
    const METHOD: &'static str = "sendAudio";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            audio: arg("audio"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            duration: args::integer(arg("duration")),
            performer: arg("performer"),
            title: arg("title"),
            thumbnail: arg("thumbnail"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendDocument`: see <https://core.telegram.org/bots/api#senddocument>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendDocument<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// File to send.
    pub document: Option<&'a str>,
    /// Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side.
    pub thumbnail: Option<&'a str>,
    /// Document caption (may also be used when resending documents by file_id), 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the document caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Disables automatic server-side content type detection for files uploaded using multipart/form-data
    pub disable_content_type_detection: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendDocument<'a> {
    const METHOD: &'static str = "sendDocument";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            document: arg("document"),
            thumbnail: arg("thumbnail"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            disable_content_type_detection: args::boolean(arg("disable_content_type_detection")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendVideo`: see <https://core.telegram.org/bots/api#sendvideo>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendVideo<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Video to send.
    pub video: Option<&'a str>,
    /// Duration of sent video in seconds
    pub duration: Option<i64>,
    /// Video width
    pub width: Option<i64>,
    /// Video height
    pub height: Option<i64>,
    /// Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side.
    pub thumbnail: Option<&'a str>,
    /// Cover for the video in the message.
    pub cover: Option<&'a str>,
    /// Start timestamp for the video in the message
    pub start_timestamp: Option<i64>,
    /// Video caption (may also be used when resending videos by file_id), 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the video caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True if the caption must be shown above the message media
    pub show_caption_above_media: bool,
    /// Pass True if the video needs to be covered with a spoiler animation
    pub has_spoiler: bool,
    /// Pass True if the uploaded video is suitable for streaming
    pub supports_streaming: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendVideo<'a> {
    const METHOD: &'static str = "sendVideo";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            video: arg("video"),
            duration: args::integer(arg("duration")),
            width: args::integer(arg("width")),
            height: args::integer(arg("height")),
            thumbnail: arg("thumbnail"),
            cover: arg("cover"),
            start_timestamp: args::integer(arg("start_timestamp")),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            has_spoiler: args::boolean(arg("has_spoiler")),
            supports_streaming: args::boolean(arg("supports_streaming")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendAnimation`: see <https://core.telegram.org/bots/api#sendanimation>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendAnimation<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Animation to send.
    pub animation: Option<&'a str>,
    /// Duration of sent animation in seconds
    pub duration: Option<i64>,
    /// Animation width
    pub width: Option<i64>,
    /// Animation height
    pub height: Option<i64>,
    /// Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side.
    pub thumbnail: Option<&'a str>,
    /// Animation caption (may also be used when resending animation by file_id), 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the animation caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True if the caption must be shown above the message media
    pub show_caption_above_media: bool,
    /// Pass True if the animation needs to be covered with a spoiler animation
    pub has_spoiler: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendAnimation<'a> {
    const METHOD: &'static str = "sendAnimation";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            animation: arg("animation"),
            duration: args::integer(arg("duration")),
            width: args::integer(arg("width")),
            height: args::integer(arg("height")),
            thumbnail: arg("thumbnail"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            has_spoiler: args::boolean(arg("has_spoiler")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendVoice`: see <https://core.telegram.org/bots/api#sendvoice>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendVoice<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Audio file to send.
    pub voice: Option<&'a str>,
    /// Voice message caption, 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the voice message caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Duration of the voice message in seconds
    pub duration: Option<i64>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendVoice<'a> {
    const METHOD: &'static str = "sendVoice";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            voice: arg("voice"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            duration: args::integer(arg("duration")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendVideoNote`: see <https://core.telegram.org/bots/api#sendvideonote>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendVideoNote<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Video note to send.
    pub video_note: Option<&'a str>,
    /// Duration of sent video in seconds
    pub duration: Option<i64>,
    /// Video width and height, i.e.
    pub length: Option<i64>,
    /// Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side.
    pub thumbnail: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendVideoNote<'a> {
    const METHOD: &'static str = "sendVideoNote";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            video_note: arg("video_note"),
            duration: args::integer(arg("duration")),
            length: args::integer(arg("length")),
            thumbnail: arg("thumbnail"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendPaidMedia`: see <https://core.telegram.org/bots/api#sendpaidmedia>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendPaidMedia<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username.
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// The number of Telegram Stars that must be paid to buy access to the media; 1-25000
    pub star_count: i64,
    /// A JSON-serialized Array describing the media to be sent; up to 10 items
    pub media: Option<&'a str>,
    /// Bot-defined paid media payload, 0-128 bytes.
    pub payload: Option<&'a str>,
    /// Media caption, 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the media caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True if the caption must be shown above the message media
    pub show_caption_above_media: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendPaidMedia<'a> {
    const METHOD: &'static str = "sendPaidMedia";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            star_count: args::integer(arg("star_count")).unwrap_or(0),
            media: arg("media"),
            payload: arg("payload"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendMediaGroup`: see <https://core.telegram.org/bots/api#sendmediagroup>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendMediaGroup<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the messages will be sent; required if the messages are sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized Array describing messages to be sent, must include 2-10 items
    pub media: Option<&'a str>,
    /// Sends messages silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent messages from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
}

impl<'a> Decode<'a> for SendMediaGroup<'a> {
    const METHOD: &'static str = "sendMediaGroup";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            media: arg("media"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            reply_parameters: arg("reply_parameters"),
        })
    }
}

/// `sendLocation`: see <https://core.telegram.org/bots/api#sendlocation>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendLocation<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Latitude of the location
    pub latitude: f64,
    /// Longitude of the location
    pub longitude: f64,
    /// The radius of uncertainty for the location, measured in meters; 0-1500
    pub horizontal_accuracy: Option<f64>,
    /// Period in seconds during which the location will be updated (see Live Locations), must be between 60 and 86400, or 0x7FFFFFFF for live locations that can be edited indefinitely.
    pub live_period: Option<i64>,
    /// For live locations, a direction in which the user is moving, in degrees.
    pub heading: Option<i64>,
    /// For live locations, a maximum distance for proximity alerts about approaching another chat member, in meters.
    pub proximity_alert_radius: Option<i64>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendLocation<'a> {
    const METHOD: &'static str = "sendLocation";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            latitude: args::float(arg("latitude")).unwrap_or(0.0),
            longitude: args::float(arg("longitude")).unwrap_or(0.0),
            horizontal_accuracy: args::float(arg("horizontal_accuracy")),
            live_period: args::integer(arg("live_period")),
            heading: args::integer(arg("heading")),
            proximity_alert_radius: args::integer(arg("proximity_alert_radius")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendVenue`: see <https://core.telegram.org/bots/api#sendvenue>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendVenue<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Latitude of the venue
    pub latitude: f64,
    /// Longitude of the venue
    pub longitude: f64,
    /// Name of the venue
    pub title: &'a str,
    /// Address of the venue
    pub address: &'a str,
    /// Foursquare identifier of the venue
    pub foursquare_id: Option<&'a str>,
    /// Foursquare type of the venue, if known.
    pub foursquare_type: Option<&'a str>,
    /// Google Places identifier of the venue
    pub google_place_id: Option<&'a str>,
    /// Google Places type of the venue.
    pub google_place_type: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendVenue<'a> {
    const METHOD: &'static str = "sendVenue";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            latitude: args::float(arg("latitude")).unwrap_or(0.0),
            longitude: args::float(arg("longitude")).unwrap_or(0.0),
            title: arg("title").unwrap_or_default(),
            address: arg("address").unwrap_or_default(),
            foursquare_id: arg("foursquare_id"),
            foursquare_type: arg("foursquare_type"),
            google_place_id: arg("google_place_id"),
            google_place_type: arg("google_place_type"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendContact`: see <https://core.telegram.org/bots/api#sendcontact>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendContact<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Contact's phone number
    pub phone_number: &'a str,
    /// Contact's first name
    pub first_name: &'a str,
    /// Contact's last name
    pub last_name: Option<&'a str>,
    /// Additional data about the contact in the form of a vCard, 0-2048 bytes
    pub vcard: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendContact<'a> {
    const METHOD: &'static str = "sendContact";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            phone_number: arg("phone_number").unwrap_or_default(),
            first_name: arg("first_name").unwrap_or_default(),
            last_name: arg("last_name"),
            vcard: arg("vcard"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendPoll`: see <https://core.telegram.org/bots/api#sendpoll>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendPoll<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username.
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Poll question, 1-300 characters
    pub question: &'a str,
    /// Mode for parsing entities in the question.
    pub question_parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the poll question.
    pub question_entities: Option<&'a str>,
    /// A JSON-serialized list of 1-12 answer options
    pub options: Option<&'a str>,
    /// True, if the poll needs to be anonymous, defaults to True
    pub is_anonymous: bool,
    /// Poll type, "quiz" or "regular", defaults to "regular"
    pub r#type: Option<&'a str>,
    /// Pass True if the poll allows multiple answers, defaults to False
    pub allows_multiple_answers: bool,
    /// Pass True if the poll allows to change chosen answer options, defaults to False for quizzes and to True for regular polls
    pub allows_revoting: bool,
    /// Pass True if the poll options must be shown in random order
    pub shuffle_options: bool,
    /// Pass True if answer options can be added to the poll after creation; not supported for anonymous polls and quizzes
    pub allow_adding_options: bool,
    /// Pass True if poll results must be shown only after the poll closes
    pub hide_results_until_closes: bool,
    /// Pass True if voting is limited to users who have been members of the chat where the poll is being sent for more than 24 hours; for channel chats only
    pub members_only: bool,
    /// A JSON-serialized list of 0-12 two-letter ISO 3166-1 alpha-2 country codes indicating the countries from which users can vote in the poll; for channel chats only.
    pub country_codes: Option<&'a str>,
    /// A JSON-serialized list of monotonically increasing 0-based identifiers of the correct answer options, required for polls in quiz mode
    pub correct_option_ids: Option<&'a str>,
    /// 0-based identifier of the correct answer option, for clients before Bot API 9.6 (taken when correct_option_ids is absent, as the reference server does).
    pub correct_option_id: Option<i64>,
    /// Text that is shown when a user chooses an incorrect answer or taps on the lamp icon in a quiz-style poll, 0-200 characters with at most 2 line feeds after entities parsing
    pub explanation: Option<&'a str>,
    /// Mode for parsing entities in the explanation.
    pub explanation_parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the poll explanation.
    pub explanation_entities: Option<&'a str>,
    /// Media added to the quiz explanation
    pub explanation_media: Option<&'a str>,
    /// Amount of time in seconds the poll will be active after creation, 5-2628000.
    pub open_period: Option<i64>,
    /// Point in time (Unix timestamp) when the poll will be automatically closed.
    pub close_date: Option<i64>,
    /// Pass True if the poll needs to be immediately closed.
    pub is_closed: bool,
    /// Description of the poll to be sent, 0-1024 characters after entities parsing
    pub description: Option<&'a str>,
    /// Mode for parsing entities in the poll description.
    pub description_parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the poll description, which can be specified instead of description_parse_mode
    pub description_entities: Option<&'a str>,
    /// Media added to the poll description
    pub media: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendPoll<'a> {
    const METHOD: &'static str = "sendPoll";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            question: arg("question").unwrap_or_default(),
            question_parse_mode: arg("question_parse_mode"),
            question_entities: arg("question_entities"),
            options: arg("options"),
            is_anonymous: args::boolean(arg("is_anonymous")),
            r#type: arg("type"),
            allows_multiple_answers: args::boolean(arg("allows_multiple_answers")),
            allows_revoting: args::boolean(arg("allows_revoting")),
            shuffle_options: args::boolean(arg("shuffle_options")),
            allow_adding_options: args::boolean(arg("allow_adding_options")),
            hide_results_until_closes: args::boolean(arg("hide_results_until_closes")),
            members_only: args::boolean(arg("members_only")),
            country_codes: arg("country_codes"),
            correct_option_ids: arg("correct_option_ids"),
            correct_option_id: args::integer(arg("correct_option_id")),
            explanation: arg("explanation"),
            explanation_parse_mode: arg("explanation_parse_mode"),
            explanation_entities: arg("explanation_entities"),
            explanation_media: arg("explanation_media"),
            open_period: args::integer(arg("open_period")),
            close_date: args::integer(arg("close_date")),
            is_closed: args::boolean(arg("is_closed")),
            description: arg("description"),
            description_parse_mode: arg("description_parse_mode"),
            description_entities: arg("description_entities"),
            media: arg("media"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendChecklist`: see <https://core.telegram.org/bots/api#sendchecklist>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendChecklist<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: &'a str,
    /// Unique identifier for the target chat or username of the target bot in the format @username
    pub chat_id: &'a str,
    /// A JSON-serialized object for the checklist to send
    pub checklist: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Unique identifier of the message effect to be added to the message
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object for description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// A JSON-serialized object for an inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendChecklist<'a> {
    const METHOD: &'static str = "sendChecklist";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            chat_id: arg("chat_id").unwrap_or_default(),
            checklist: arg("checklist"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            message_effect_id: arg("message_effect_id"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendDice`: see <https://core.telegram.org/bots/api#senddice>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendDice<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// Emoji on which the dice throw animation is based.
    pub emoji: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendDice<'a> {
    const METHOD: &'static str = "sendDice";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            emoji: arg("emoji"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendMessageDraft`: see <https://core.telegram.org/bots/api#sendmessagedraft>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendMessageDraft<'a> {
    /// Unique identifier for the target private chat
    pub chat_id: i64,
    /// Unique identifier for the target message thread
    pub message_thread_id: Option<i64>,
    /// Unique identifier of the message draft; must be non-zero.
    pub draft_id: i64,
    /// Text of the message to be sent, 0-4096 characters after entities parsing.
    pub text: Option<&'a str>,
    /// Mode for parsing entities in the message text.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in message text, which can be specified instead of parse_mode
    pub entities: Option<&'a str>,
    /// Pass True to show the user a button to stop further drafts.
    pub can_stop: bool,
    /// Pass True to keep the draft in the chat when the button is pressed.
    pub keep_on_stop: bool,
}

impl<'a> Decode<'a> for SendMessageDraft<'a> {
    const METHOD: &'static str = "sendMessageDraft";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: args::integer(arg("chat_id")).unwrap_or(0),
            message_thread_id: args::integer(arg("message_thread_id")),
            draft_id: args::integer(arg("draft_id")).unwrap_or(0),
            text: arg("text"),
            parse_mode: arg("parse_mode"),
            entities: arg("entities"),
            can_stop: args::boolean(arg("can_stop")),
            keep_on_stop: args::boolean(arg("keep_on_stop")),
        })
    }
}

/// `sendChatAction`: see <https://core.telegram.org/bots/api#sendchataction>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendChatAction<'a> {
    /// Unique identifier of the business connection on behalf of which the action will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot or supergroup in the format @username.
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread or topic of a forum; for supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Type of action to broadcast.
    pub action: &'a str,
}

impl<'a> Decode<'a> for SendChatAction<'a> {
    const METHOD: &'static str = "sendChatAction";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            action: arg("action").unwrap_or_default(),
        })
    }
}

/// `setMessageReaction`: see <https://core.telegram.org/bots/api#setmessagereaction>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetMessageReaction<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Identifier of the target message.
    pub message_id: i64,
    /// A JSON-serialized list of reaction types to set on the message.
    pub reaction: Option<&'a str>,
    /// Pass True to set the reaction with a big animation
    pub is_big: bool,
}

impl<'a> Decode<'a> for SetMessageReaction<'a> {
    const METHOD: &'static str = "setMessageReaction";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
            reaction: arg("reaction"),
            is_big: args::boolean(arg("is_big")),
        })
    }
}

/// `getUserProfilePhotos`: see <https://core.telegram.org/bots/api#getuserprofilephotos>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetUserProfilePhotos {
    /// Unique identifier of the target user
    pub user_id: i64,
    /// Sequential number of the first photo to be returned.
    pub offset: Option<i64>,
    /// Limits the number of photos to be retrieved.
    pub limit: Option<i64>,
}

impl<'a> Decode<'a> for GetUserProfilePhotos {
    const METHOD: &'static str = "getUserProfilePhotos";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            offset: args::integer(arg("offset")),
            limit: args::integer(arg("limit")),
        })
    }
}

/// `getUserProfileAudios`: see <https://core.telegram.org/bots/api#getuserprofileaudios>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetUserProfileAudios {
    /// Unique identifier of the target user
    pub user_id: i64,
    /// Sequential number of the first audio to be returned.
    pub offset: Option<i64>,
    /// Limits the number of audios to be retrieved.
    pub limit: Option<i64>,
}

impl<'a> Decode<'a> for GetUserProfileAudios {
    const METHOD: &'static str = "getUserProfileAudios";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            offset: args::integer(arg("offset")),
            limit: args::integer(arg("limit")),
        })
    }
}

/// `setUserEmojiStatus`: see <https://core.telegram.org/bots/api#setuseremojistatus>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetUserEmojiStatus<'a> {
    /// Unique identifier of the target user
    pub user_id: i64,
    /// Custom emoji identifier of the emoji status to set.
    pub emoji_status_custom_emoji_id: Option<&'a str>,
    /// Expiration date of the emoji status, if any
    pub emoji_status_expiration_date: Option<i64>,
}

impl<'a> Decode<'a> for SetUserEmojiStatus<'a> {
    const METHOD: &'static str = "setUserEmojiStatus";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            emoji_status_custom_emoji_id: arg("emoji_status_custom_emoji_id"),
            emoji_status_expiration_date: args::integer(arg("emoji_status_expiration_date")),
        })
    }
}

/// `getFile`: see <https://core.telegram.org/bots/api#getfile>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetFile<'a> {
    /// File identifier to get information about
    pub file_id: &'a str,
}

impl<'a> Decode<'a> for GetFile<'a> {
    const METHOD: &'static str = "getFile";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { file_id: arg("file_id").unwrap_or_default() })
    }
}

/// `banChatMember`: see <https://core.telegram.org/bots/api#banchatmember>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BanChatMember<'a> {
    /// Unique identifier for the target group or username of the target supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
    /// Date when the user will be unbanned; Unix time.
    pub until_date: Option<i64>,
    /// Pass True to delete all messages from the chat for the user that is being removed.
    pub revoke_messages: bool,
}

impl<'a> Decode<'a> for BanChatMember<'a> {
    const METHOD: &'static str = "banChatMember";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            user_id: args::user_id(arg("user_id"), "user_id")?,
            until_date: args::integer(arg("until_date")),
            revoke_messages: args::boolean(arg("revoke_messages")),
        })
    }
}

/// `unbanChatMember`: see <https://core.telegram.org/bots/api#unbanchatmember>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnbanChatMember<'a> {
    /// Unique identifier for the target group or username of the target supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
    /// Do nothing if the user is not banned
    pub only_if_banned: bool,
}

impl<'a> Decode<'a> for UnbanChatMember<'a> {
    const METHOD: &'static str = "unbanChatMember";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            user_id: args::user_id(arg("user_id"), "user_id")?,
            only_if_banned: args::boolean(arg("only_if_banned")),
        })
    }
}

/// `restrictChatMember`: see <https://core.telegram.org/bots/api#restrictchatmember>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RestrictChatMember<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
    /// A JSON-serialized object for new user permissions
    pub permissions: Option<&'a str>,
    /// Pass True if chat permissions are set independently.
    pub use_independent_chat_permissions: bool,
    /// Date when restrictions will be lifted for the user; Unix time.
    pub until_date: Option<i64>,
}

impl<'a> Decode<'a> for RestrictChatMember<'a> {
    const METHOD: &'static str = "restrictChatMember";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            user_id: args::user_id(arg("user_id"), "user_id")?,
            permissions: arg("permissions"),
            use_independent_chat_permissions: args::boolean(arg("use_independent_chat_permissions")),
            until_date: args::integer(arg("until_date")),
        })
    }
}

/// `promoteChatMember`: see <https://core.telegram.org/bots/api#promotechatmember>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PromoteChatMember<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
    /// Pass True if the administrator's presence in the chat is hidden
    pub is_anonymous: bool,
    /// Pass True if the administrator can access the chat event log, get boost list, see hidden supergroup and channel members, report spam messages, ignore slow mode, and send messages to the chat without paying Telegram Stars.
    pub can_manage_chat: bool,
    /// Pass True if the administrator can delete messages of other users
    pub can_delete_messages: bool,
    /// Pass True if the administrator can manage video chats
    pub can_manage_video_chats: bool,
    /// Pass True if the administrator can restrict, ban or unban chat members, or access supergroup statistics.
    pub can_restrict_members: bool,
    /// Pass True if the administrator can add new administrators with a subset of their own privileges or demote administrators that they have promoted, directly or indirectly (promoted by administrators that were appointed by him)
    pub can_promote_members: bool,
    /// Pass True if the administrator can change chat title, photo and other settings
    pub can_change_info: bool,
    /// Pass True if the administrator can invite new users to the chat
    pub can_invite_users: bool,
    /// Pass True if the administrator can post stories to the chat
    pub can_post_stories: bool,
    /// Pass True if the administrator can edit stories posted by other users, post stories to the chat page, pin chat stories, and access the chat's story archive
    pub can_edit_stories: bool,
    /// Pass True if the administrator can delete stories posted by other users
    pub can_delete_stories: bool,
    /// Pass True if the administrator can post messages in the channel, approve suggested posts, or access channel statistics; for channels only
    pub can_post_messages: bool,
    /// Pass True if the administrator can edit messages of other users and can pin messages; for channels only
    pub can_edit_messages: bool,
    /// Pass True if the administrator can pin messages; for supergroups only
    pub can_pin_messages: bool,
    /// Pass True if the user is allowed to create, rename, close, and reopen forum topics; for supergroups only
    pub can_manage_topics: bool,
    /// Pass True if the administrator can manage direct messages within the channel and decline suggested posts; for channels only
    pub can_manage_direct_messages: bool,
    /// Pass True if the administrator can edit the tags of regular members; for groups and supergroups only
    pub can_manage_tags: bool,
    /// Pass True if the administrator can manage chat welcome messages or directly send them in the case of bots
    pub can_send_welcome_messages: bool,
}

impl<'a> Decode<'a> for PromoteChatMember<'a> {
    const METHOD: &'static str = "promoteChatMember";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            user_id: args::user_id(arg("user_id"), "user_id")?,
            is_anonymous: args::boolean(arg("is_anonymous")),
            can_manage_chat: args::boolean(arg("can_manage_chat")),
            can_delete_messages: args::boolean(arg("can_delete_messages")),
            can_manage_video_chats: args::boolean(arg("can_manage_video_chats")),
            can_restrict_members: args::boolean(arg("can_restrict_members")),
            can_promote_members: args::boolean(arg("can_promote_members")),
            can_change_info: args::boolean(arg("can_change_info")),
            can_invite_users: args::boolean(arg("can_invite_users")),
            can_post_stories: args::boolean(arg("can_post_stories")),
            can_edit_stories: args::boolean(arg("can_edit_stories")),
            can_delete_stories: args::boolean(arg("can_delete_stories")),
            can_post_messages: args::boolean(arg("can_post_messages")),
            can_edit_messages: args::boolean(arg("can_edit_messages")),
            can_pin_messages: args::boolean(arg("can_pin_messages")),
            can_manage_topics: args::boolean(arg("can_manage_topics")),
            can_manage_direct_messages: args::boolean(arg("can_manage_direct_messages")),
            can_manage_tags: args::boolean(arg("can_manage_tags")),
            can_send_welcome_messages: args::boolean(arg("can_send_welcome_messages")),
        })
    }
}

/// `setChatAdministratorCustomTitle`: see <https://core.telegram.org/bots/api#setchatadministratorcustomtitle>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetChatAdministratorCustomTitle<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
    /// New custom title for the administrator; 0-16 characters, emoji are not allowed
    pub custom_title: &'a str,
}

impl<'a> Decode<'a> for SetChatAdministratorCustomTitle<'a> {
    const METHOD: &'static str = "setChatAdministratorCustomTitle";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            user_id: args::user_id(arg("user_id"), "user_id")?,
            custom_title: arg("custom_title").unwrap_or_default(),
        })
    }
}

/// `setChatMemberTag`: see <https://core.telegram.org/bots/api#setchatmembertag>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetChatMemberTag<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
    /// New tag for the member; 0-16 characters, emoji are not allowed
    pub tag: Option<&'a str>,
}

impl<'a> Decode<'a> for SetChatMemberTag<'a> {
    const METHOD: &'static str = "setChatMemberTag";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            user_id: args::user_id(arg("user_id"), "user_id")?,
            tag: arg("tag"),
        })
    }
}

/// `banChatSenderChat`: see <https://core.telegram.org/bots/api#banchatsenderchat>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BanChatSenderChat<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target sender chat
    pub sender_chat_id: i64,
}

impl<'a> Decode<'a> for BanChatSenderChat<'a> {
    const METHOD: &'static str = "banChatSenderChat";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            sender_chat_id: args::integer(arg("sender_chat_id")).unwrap_or(0),
        })
    }
}

/// `unbanChatSenderChat`: see <https://core.telegram.org/bots/api#unbanchatsenderchat>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnbanChatSenderChat<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target sender chat
    pub sender_chat_id: i64,
}

impl<'a> Decode<'a> for UnbanChatSenderChat<'a> {
    const METHOD: &'static str = "unbanChatSenderChat";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            sender_chat_id: args::integer(arg("sender_chat_id")).unwrap_or(0),
        })
    }
}

/// `setChatPermissions`: see <https://core.telegram.org/bots/api#setchatpermissions>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetChatPermissions<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// A JSON-serialized object for new default chat permissions
    pub permissions: Option<&'a str>,
    /// Pass True if chat permissions are set independently.
    pub use_independent_chat_permissions: bool,
}

impl<'a> Decode<'a> for SetChatPermissions<'a> {
    const METHOD: &'static str = "setChatPermissions";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            permissions: arg("permissions"),
            use_independent_chat_permissions: args::boolean(arg("use_independent_chat_permissions")),
        })
    }
}

/// `exportChatInviteLink`: see <https://core.telegram.org/bots/api#exportchatinvitelink>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ExportChatInviteLink<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for ExportChatInviteLink<'a> {
    const METHOD: &'static str = "exportChatInviteLink";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `createChatInviteLink`: see <https://core.telegram.org/bots/api#createchatinvitelink>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CreateChatInviteLink<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Invite link name; 0-32 characters
    pub name: Option<&'a str>,
    /// Point in time (Unix timestamp) when the link will expire
    pub expire_date: Option<i64>,
    /// The maximum number of users that can be members of the chat simultaneously after joining the chat via this invite link; 1-99999
    pub member_limit: Option<i64>,
    /// True, if users joining the chat via the link need to be approved by chat administrators.
    pub creates_join_request: bool,
}

impl<'a> Decode<'a> for CreateChatInviteLink<'a> {
    const METHOD: &'static str = "createChatInviteLink";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            name: arg("name"),
            expire_date: args::integer(arg("expire_date")),
            member_limit: args::integer(arg("member_limit")),
            creates_join_request: args::boolean(arg("creates_join_request")),
        })
    }
}

/// `editChatInviteLink`: see <https://core.telegram.org/bots/api#editchatinvitelink>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditChatInviteLink<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// The invite link to edit
    pub invite_link: &'a str,
    /// Invite link name; 0-32 characters
    pub name: Option<&'a str>,
    /// Point in time (Unix timestamp) when the link will expire
    pub expire_date: Option<i64>,
    /// The maximum number of users that can be members of the chat simultaneously after joining the chat via this invite link; 1-99999
    pub member_limit: Option<i64>,
    /// True, if users joining the chat via the link need to be approved by chat administrators.
    pub creates_join_request: bool,
}

impl<'a> Decode<'a> for EditChatInviteLink<'a> {
    const METHOD: &'static str = "editChatInviteLink";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            invite_link: arg("invite_link").unwrap_or_default(),
            name: arg("name"),
            expire_date: args::integer(arg("expire_date")),
            member_limit: args::integer(arg("member_limit")),
            creates_join_request: args::boolean(arg("creates_join_request")),
        })
    }
}

/// `createChatSubscriptionInviteLink`: see <https://core.telegram.org/bots/api#createchatsubscriptioninvitelink>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CreateChatSubscriptionInviteLink<'a> {
    /// Unique identifier for the target channel chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Invite link name; 0-32 characters
    pub name: Option<&'a str>,
    /// The number of seconds the subscription will be active for before the next payment.
    pub subscription_period: i64,
    /// The amount of Telegram Stars a user must pay initially and after each subsequent subscription period to be a member of the chat; 1-10000
    pub subscription_price: i64,
}

impl<'a> Decode<'a> for CreateChatSubscriptionInviteLink<'a> {
    const METHOD: &'static str = "createChatSubscriptionInviteLink";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            name: arg("name"),
            subscription_period: args::integer(arg("subscription_period")).unwrap_or(0),
            subscription_price: args::integer(arg("subscription_price")).unwrap_or(0),
        })
    }
}

/// `editChatSubscriptionInviteLink`: see <https://core.telegram.org/bots/api#editchatsubscriptioninvitelink>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditChatSubscriptionInviteLink<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// The invite link to edit
    pub invite_link: &'a str,
    /// Invite link name; 0-32 characters
    pub name: Option<&'a str>,
}

impl<'a> Decode<'a> for EditChatSubscriptionInviteLink<'a> {
    const METHOD: &'static str = "editChatSubscriptionInviteLink";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            invite_link: arg("invite_link").unwrap_or_default(),
            name: arg("name"),
        })
    }
}

/// `revokeChatInviteLink`: see <https://core.telegram.org/bots/api#revokechatinvitelink>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RevokeChatInviteLink<'a> {
    /// Unique identifier of the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// The invite link to revoke
    pub invite_link: &'a str,
}

impl<'a> Decode<'a> for RevokeChatInviteLink<'a> {
    const METHOD: &'static str = "revokeChatInviteLink";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), invite_link: arg("invite_link").unwrap_or_default() })
    }
}

/// `approveChatJoinRequest`: see <https://core.telegram.org/bots/api#approvechatjoinrequest>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ApproveChatJoinRequest<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
}

impl<'a> Decode<'a> for ApproveChatJoinRequest<'a> {
    const METHOD: &'static str = "approveChatJoinRequest";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), user_id: args::user_id(arg("user_id"), "user_id")? })
    }
}

/// `declineChatJoinRequest`: see <https://core.telegram.org/bots/api#declinechatjoinrequest>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeclineChatJoinRequest<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
}

impl<'a> Decode<'a> for DeclineChatJoinRequest<'a> {
    const METHOD: &'static str = "declineChatJoinRequest";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), user_id: args::user_id(arg("user_id"), "user_id")? })
    }
}

/// `answerChatJoinRequestQuery`: see <https://core.telegram.org/bots/api#answerchatjoinrequestquery>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerChatJoinRequestQuery<'a> {
    /// Unique identifier of the join request query
    pub chat_join_request_query_id: &'a str,
    /// Result of the query.
    pub result: &'a str,
}

impl<'a> Decode<'a> for AnswerChatJoinRequestQuery<'a> {
    const METHOD: &'static str = "answerChatJoinRequestQuery";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_join_request_query_id: arg("chat_join_request_query_id").unwrap_or_default(),
            result: arg("result").unwrap_or_default(),
        })
    }
}

/// `sendChatJoinRequestWebApp`: see <https://core.telegram.org/bots/api#sendchatjoinrequestwebapp>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendChatJoinRequestWebApp<'a> {
    /// Unique identifier of the join request query
    pub chat_join_request_query_id: &'a str,
    /// An HTTPS URL of a Web App to be opened with additional data as specified in Initializing Web Apps
    pub web_app_url: &'a str,
}

impl<'a> Decode<'a> for SendChatJoinRequestWebApp<'a> {
    const METHOD: &'static str = "sendChatJoinRequestWebApp";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_join_request_query_id: arg("chat_join_request_query_id").unwrap_or_default(),
            web_app_url: arg("web_app_url").unwrap_or_default(),
        })
    }
}

/// `setChatPhoto`: see <https://core.telegram.org/bots/api#setchatphoto>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetChatPhoto<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// New chat photo, uploaded using multipart/form-data
    pub photo: Option<&'a str>,
}

impl<'a> Decode<'a> for SetChatPhoto<'a> {
    const METHOD: &'static str = "setChatPhoto";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), photo: arg("photo") })
    }
}

/// `deleteChatPhoto`: see <https://core.telegram.org/bots/api#deletechatphoto>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteChatPhoto<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for DeleteChatPhoto<'a> {
    const METHOD: &'static str = "deleteChatPhoto";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `setChatTitle`: see <https://core.telegram.org/bots/api#setchattitle>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetChatTitle<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// New chat title, 1-128 characters
    pub title: &'a str,
}

impl<'a> Decode<'a> for SetChatTitle<'a> {
    const METHOD: &'static str = "setChatTitle";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), title: arg("title").unwrap_or_default() })
    }
}

/// `setChatDescription`: see <https://core.telegram.org/bots/api#setchatdescription>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetChatDescription<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// New chat description, 0-255 characters
    pub description: Option<&'a str>,
}

impl<'a> Decode<'a> for SetChatDescription<'a> {
    const METHOD: &'static str = "setChatDescription";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), description: arg("description") })
    }
}

/// `pinChatMessage`: see <https://core.telegram.org/bots/api#pinchatmessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PinChatMessage<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be pinned
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Identifier of a message to pin
    pub message_id: i64,
    /// Pass True if it is not necessary to send a notification to all chat members about the new pinned message.
    pub disable_notification: bool,
}

impl<'a> Decode<'a> for PinChatMessage<'a> {
    const METHOD: &'static str = "pinChatMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
            disable_notification: args::boolean(arg("disable_notification")),
        })
    }
}

/// `unpinChatMessage`: see <https://core.telegram.org/bots/api#unpinchatmessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnpinChatMessage<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be unpinned
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Identifier of the message to unpin.
    pub message_id: Option<i64>,
}

impl<'a> Decode<'a> for UnpinChatMessage<'a> {
    const METHOD: &'static str = "unpinChatMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_id: args::integer(arg("message_id")),
        })
    }
}

/// `unpinAllChatMessages`: see <https://core.telegram.org/bots/api#unpinallchatmessages>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnpinAllChatMessages<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for UnpinAllChatMessages<'a> {
    const METHOD: &'static str = "unpinAllChatMessages";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `leaveChat`: see <https://core.telegram.org/bots/api#leavechat>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LeaveChat<'a> {
    /// Unique identifier for the target chat or username of the target supergroup or channel in the format @username.
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for LeaveChat<'a> {
    const METHOD: &'static str = "leaveChat";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `getChat`: see <https://core.telegram.org/bots/api#getchat>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetChat<'a> {
    /// Unique identifier for the target chat or username of the target supergroup or channel in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for GetChat<'a> {
    const METHOD: &'static str = "getChat";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `getChatAdministrators`: see <https://core.telegram.org/bots/api#getchatadministrators>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetChatAdministrators<'a> {
    /// Unique identifier for the target chat or username of the target supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Pass True to additionally receive all bots that are administrators of the chat.
    pub return_bots: bool,
}

impl<'a> Decode<'a> for GetChatAdministrators<'a> {
    const METHOD: &'static str = "getChatAdministrators";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), return_bots: args::boolean(arg("return_bots")) })
    }
}

/// `getChatMemberCount`: see <https://core.telegram.org/bots/api#getchatmembercount>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetChatMemberCount<'a> {
    /// Unique identifier for the target chat or username of the target supergroup or channel in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for GetChatMemberCount<'a> {
    const METHOD: &'static str = "getChatMemberCount";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `getChatMember`: see <https://core.telegram.org/bots/api#getchatmember>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetChatMember<'a> {
    /// Unique identifier for the target chat or username of the target supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
}

impl<'a> Decode<'a> for GetChatMember<'a> {
    const METHOD: &'static str = "getChatMember";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), user_id: args::user_id(arg("user_id"), "user_id")? })
    }
}

/// `getUserPersonalChatMessages`: see <https://core.telegram.org/bots/api#getuserpersonalchatmessages>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetUserPersonalChatMessages {
    /// Unique identifier for the target user
    pub user_id: i64,
    /// The maximum number of messages to return; 1-20
    pub limit: i64,
}

impl<'a> Decode<'a> for GetUserPersonalChatMessages {
    const METHOD: &'static str = "getUserPersonalChatMessages";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { user_id: args::user_id(arg("user_id"), "user_id")?, limit: args::integer(arg("limit")).unwrap_or(0) })
    }
}

/// `setChatStickerSet`: see <https://core.telegram.org/bots/api#setchatstickerset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetChatStickerSet<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Name of the sticker set to be set as the group sticker set
    pub sticker_set_name: &'a str,
}

impl<'a> Decode<'a> for SetChatStickerSet<'a> {
    const METHOD: &'static str = "setChatStickerSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            sticker_set_name: arg("sticker_set_name").unwrap_or_default(),
        })
    }
}

/// `deleteChatStickerSet`: see <https://core.telegram.org/bots/api#deletechatstickerset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteChatStickerSet<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for DeleteChatStickerSet<'a> {
    const METHOD: &'static str = "deleteChatStickerSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `getForumTopicIconStickers`: see <https://core.telegram.org/bots/api#getforumtopiciconstickers>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetForumTopicIconStickers {}

impl<'a> Decode<'a> for GetForumTopicIconStickers {
    const METHOD: &'static str = "getForumTopicIconStickers";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `createForumTopic`: see <https://core.telegram.org/bots/api#createforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CreateForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Topic name, 1-128 characters
    pub name: &'a str,
    /// Color of the topic icon in RGB format.
    pub icon_color: Option<i64>,
    /// Unique identifier of the custom emoji shown as the topic icon.
    pub icon_custom_emoji_id: Option<&'a str>,
}

impl<'a> Decode<'a> for CreateForumTopic<'a> {
    const METHOD: &'static str = "createForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            name: arg("name").unwrap_or_default(),
            icon_color: args::integer(arg("icon_color")),
            icon_custom_emoji_id: arg("icon_custom_emoji_id"),
        })
    }
}

/// `editForumTopic`: see <https://core.telegram.org/bots/api#editforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread of the forum topic
    pub message_thread_id: i64,
    /// New topic name, 0-128 characters.
    pub name: Option<&'a str>,
    /// New unique identifier of the custom emoji shown as the topic icon.
    pub icon_custom_emoji_id: Option<&'a str>,
}

impl<'a> Decode<'a> for EditForumTopic<'a> {
    const METHOD: &'static str = "editForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")).unwrap_or(0),
            name: arg("name"),
            icon_custom_emoji_id: arg("icon_custom_emoji_id"),
        })
    }
}

/// `closeForumTopic`: see <https://core.telegram.org/bots/api#closeforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CloseForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread of the forum topic
    pub message_thread_id: i64,
}

impl<'a> Decode<'a> for CloseForumTopic<'a> {
    const METHOD: &'static str = "closeForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")).unwrap_or(0),
        })
    }
}

/// `reopenForumTopic`: see <https://core.telegram.org/bots/api#reopenforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReopenForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread of the forum topic
    pub message_thread_id: i64,
}

impl<'a> Decode<'a> for ReopenForumTopic<'a> {
    const METHOD: &'static str = "reopenForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")).unwrap_or(0),
        })
    }
}

/// `deleteForumTopic`: see <https://core.telegram.org/bots/api#deleteforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread of the forum topic
    pub message_thread_id: i64,
}

impl<'a> Decode<'a> for DeleteForumTopic<'a> {
    const METHOD: &'static str = "deleteForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")).unwrap_or(0),
        })
    }
}

/// `unpinAllForumTopicMessages`: see <https://core.telegram.org/bots/api#unpinallforumtopicmessages>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnpinAllForumTopicMessages<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread of the forum topic
    pub message_thread_id: i64,
}

impl<'a> Decode<'a> for UnpinAllForumTopicMessages<'a> {
    const METHOD: &'static str = "unpinAllForumTopicMessages";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")).unwrap_or(0),
        })
    }
}

/// `editGeneralForumTopic`: see <https://core.telegram.org/bots/api#editgeneralforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditGeneralForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// New topic name, 1-128 characters
    pub name: &'a str,
}

impl<'a> Decode<'a> for EditGeneralForumTopic<'a> {
    const METHOD: &'static str = "editGeneralForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), name: arg("name").unwrap_or_default() })
    }
}

/// `closeGeneralForumTopic`: see <https://core.telegram.org/bots/api#closegeneralforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CloseGeneralForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for CloseGeneralForumTopic<'a> {
    const METHOD: &'static str = "closeGeneralForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `reopenGeneralForumTopic`: see <https://core.telegram.org/bots/api#reopengeneralforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReopenGeneralForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for ReopenGeneralForumTopic<'a> {
    const METHOD: &'static str = "reopenGeneralForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `hideGeneralForumTopic`: see <https://core.telegram.org/bots/api#hidegeneralforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HideGeneralForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for HideGeneralForumTopic<'a> {
    const METHOD: &'static str = "hideGeneralForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `unhideGeneralForumTopic`: see <https://core.telegram.org/bots/api#unhidegeneralforumtopic>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnhideGeneralForumTopic<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for UnhideGeneralForumTopic<'a> {
    const METHOD: &'static str = "unhideGeneralForumTopic";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `unpinAllGeneralForumTopicMessages`: see <https://core.telegram.org/bots/api#unpinallgeneralforumtopicmessages>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnpinAllGeneralForumTopicMessages<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for UnpinAllGeneralForumTopicMessages<'a> {
    const METHOD: &'static str = "unpinAllGeneralForumTopicMessages";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `answerCallbackQuery`: see <https://core.telegram.org/bots/api#answercallbackquery>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerCallbackQuery<'a> {
    /// Unique identifier for the query to be answered
    pub callback_query_id: &'a str,
    /// Text of the notification.
    pub text: Option<&'a str>,
    /// If True, an alert will be shown by the client instead of a notification at the top of the chat screen.
    pub show_alert: bool,
    /// URL that will be opened by the user's client.
    pub url: Option<&'a str>,
    /// The maximum amount of time in seconds that the result of the callback query may be cached client-side.
    pub cache_time: Option<i64>,
}

impl<'a> Decode<'a> for AnswerCallbackQuery<'a> {
    const METHOD: &'static str = "answerCallbackQuery";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            callback_query_id: arg("callback_query_id").unwrap_or_default(),
            text: arg("text"),
            show_alert: args::boolean(arg("show_alert")),
            url: arg("url"),
            cache_time: args::integer(arg("cache_time")),
        })
    }
}

/// `answerGuestQuery`: see <https://core.telegram.org/bots/api#answerguestquery>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerGuestQuery<'a> {
    /// Unique identifier for the query to be answered
    pub guest_query_id: &'a str,
    /// A JSON-serialized object describing the message to be sent
    pub result: Option<&'a str>,
}

impl<'a> Decode<'a> for AnswerGuestQuery<'a> {
    const METHOD: &'static str = "answerGuestQuery";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { guest_query_id: arg("guest_query_id").unwrap_or_default(), result: arg("result") })
    }
}

/// `getUserChatBoosts`: see <https://core.telegram.org/bots/api#getuserchatboosts>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetUserChatBoosts<'a> {
    /// Unique identifier for the chat or username of the channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier of the target user
    pub user_id: i64,
}

impl<'a> Decode<'a> for GetUserChatBoosts<'a> {
    const METHOD: &'static str = "getUserChatBoosts";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), user_id: args::user_id(arg("user_id"), "user_id")? })
    }
}

/// `getChatShareThemeBackdrops`: see <https://core.telegram.org/bots/api#getchatsharethemebackdrops>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetChatShareThemeBackdrops {}

impl<'a> Decode<'a> for GetChatShareThemeBackdrops {
    const METHOD: &'static str = "getChatShareThemeBackdrops";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `getBusinessConnection`: see <https://core.telegram.org/bots/api#getbusinessconnection>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetBusinessConnection<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
}

impl<'a> Decode<'a> for GetBusinessConnection<'a> {
    const METHOD: &'static str = "getBusinessConnection";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { business_connection_id: arg("business_connection_id").unwrap_or_default() })
    }
}

/// `getManagedBotToken`: see <https://core.telegram.org/bots/api#getmanagedbottoken>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetManagedBotToken {
    /// User identifier of the managed bot whose token will be returned
    pub user_id: i64,
}

impl<'a> Decode<'a> for GetManagedBotToken {
    const METHOD: &'static str = "getManagedBotToken";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { user_id: args::user_id(arg("user_id"), "user_id")? })
    }
}

/// `replaceManagedBotToken`: see <https://core.telegram.org/bots/api#replacemanagedbottoken>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReplaceManagedBotToken {
    /// User identifier of the managed bot whose token will be replaced
    pub user_id: i64,
}

impl<'a> Decode<'a> for ReplaceManagedBotToken {
    const METHOD: &'static str = "replaceManagedBotToken";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { user_id: args::user_id(arg("user_id"), "user_id")? })
    }
}

/// `getManagedBotAccessSettings`: see <https://core.telegram.org/bots/api#getmanagedbotaccesssettings>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetManagedBotAccessSettings {
    /// User identifier of the managed bot whose access settings will be returned
    pub user_id: i64,
}

impl<'a> Decode<'a> for GetManagedBotAccessSettings {
    const METHOD: &'static str = "getManagedBotAccessSettings";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { user_id: args::user_id(arg("user_id"), "user_id")? })
    }
}

/// `setManagedBotAccessSettings`: see <https://core.telegram.org/bots/api#setmanagedbotaccesssettings>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetManagedBotAccessSettings<'a> {
    /// User identifier of the managed bot whose access settings will be changed
    pub user_id: i64,
    /// Pass True if only selected users can access the bot.
    pub is_access_restricted: bool,
    /// A JSON-serialized list of up to 10 identifiers of users who will have access to the bot in addition to its owner.
    pub added_user_ids: Option<&'a str>,
}

impl<'a> Decode<'a> for SetManagedBotAccessSettings<'a> {
    const METHOD: &'static str = "setManagedBotAccessSettings";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            is_access_restricted: args::boolean(arg("is_access_restricted")),
            added_user_ids: arg("added_user_ids"),
        })
    }
}

/// `setMyCommands`: see <https://core.telegram.org/bots/api#setmycommands>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetMyCommands<'a> {
    /// A JSON-serialized list of bot commands to be set as the list of the bot's commands.
    pub commands: Option<&'a str>,
    /// A JSON-serialized object, describing scope of users for which the commands are relevant.
    pub scope: Option<&'a str>,
    /// A two-letter ISO 639-1 language code.
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for SetMyCommands<'a> {
    const METHOD: &'static str = "setMyCommands";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { commands: arg("commands"), scope: arg("scope"), language_code: arg("language_code") })
    }
}

/// `deleteMyCommands`: see <https://core.telegram.org/bots/api#deletemycommands>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteMyCommands<'a> {
    /// A JSON-serialized object, describing scope of users for which the commands are relevant.
    pub scope: Option<&'a str>,
    /// A two-letter ISO 639-1 language code.
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for DeleteMyCommands<'a> {
    const METHOD: &'static str = "deleteMyCommands";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { scope: arg("scope"), language_code: arg("language_code") })
    }
}

/// `getMyCommands`: see <https://core.telegram.org/bots/api#getmycommands>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetMyCommands<'a> {
    /// A JSON-serialized object, describing scope of users.
    pub scope: Option<&'a str>,
    /// A two-letter ISO 639-1 language code or an empty string
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for GetMyCommands<'a> {
    const METHOD: &'static str = "getMyCommands";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { scope: arg("scope"), language_code: arg("language_code") })
    }
}

/// `setMyName`: see <https://core.telegram.org/bots/api#setmyname>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetMyName<'a> {
    /// New bot name; 0-64 characters.
    pub name: Option<&'a str>,
    /// A two-letter ISO 639-1 language code.
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for SetMyName<'a> {
    const METHOD: &'static str = "setMyName";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { name: arg("name"), language_code: arg("language_code") })
    }
}

/// `getMyName`: see <https://core.telegram.org/bots/api#getmyname>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetMyName<'a> {
    /// A two-letter ISO 639-1 language code or an empty string
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for GetMyName<'a> {
    const METHOD: &'static str = "getMyName";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { language_code: arg("language_code") })
    }
}

/// `setMyDescription`: see <https://core.telegram.org/bots/api#setmydescription>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetMyDescription<'a> {
    /// New bot description; 0-512 characters.
    pub description: Option<&'a str>,
    /// A two-letter ISO 639-1 language code.
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for SetMyDescription<'a> {
    const METHOD: &'static str = "setMyDescription";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { description: arg("description"), language_code: arg("language_code") })
    }
}

/// `getMyDescription`: see <https://core.telegram.org/bots/api#getmydescription>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetMyDescription<'a> {
    /// A two-letter ISO 639-1 language code or an empty string
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for GetMyDescription<'a> {
    const METHOD: &'static str = "getMyDescription";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { language_code: arg("language_code") })
    }
}

/// `setMyShortDescription`: see <https://core.telegram.org/bots/api#setmyshortdescription>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetMyShortDescription<'a> {
    /// New short description for the bot; 0-120 characters.
    pub short_description: Option<&'a str>,
    /// A two-letter ISO 639-1 language code.
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for SetMyShortDescription<'a> {
    const METHOD: &'static str = "setMyShortDescription";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { short_description: arg("short_description"), language_code: arg("language_code") })
    }
}

/// `getMyShortDescription`: see <https://core.telegram.org/bots/api#getmyshortdescription>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetMyShortDescription<'a> {
    /// A two-letter ISO 639-1 language code or an empty string
    pub language_code: Option<&'a str>,
}

impl<'a> Decode<'a> for GetMyShortDescription<'a> {
    const METHOD: &'static str = "getMyShortDescription";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { language_code: arg("language_code") })
    }
}

/// `setMyProfilePhoto`: see <https://core.telegram.org/bots/api#setmyprofilephoto>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetMyProfilePhoto<'a> {
    /// The new profile photo to set
    pub photo: Option<&'a str>,
}

impl<'a> Decode<'a> for SetMyProfilePhoto<'a> {
    const METHOD: &'static str = "setMyProfilePhoto";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { photo: arg("photo") })
    }
}

/// `removeMyProfilePhoto`: see <https://core.telegram.org/bots/api#removemyprofilephoto>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RemoveMyProfilePhoto {}

impl<'a> Decode<'a> for RemoveMyProfilePhoto {
    const METHOD: &'static str = "removeMyProfilePhoto";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `setChatMenuButton`: see <https://core.telegram.org/bots/api#setchatmenubutton>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetChatMenuButton<'a> {
    /// Unique identifier for the target private chat.
    pub chat_id: Option<i64>,
    /// A JSON-serialized object for the bot's new menu button.
    pub menu_button: Option<&'a str>,
}

impl<'a> Decode<'a> for SetChatMenuButton<'a> {
    const METHOD: &'static str = "setChatMenuButton";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: args::integer(arg("chat_id")), menu_button: arg("menu_button") })
    }
}

/// `getChatMenuButton`: see <https://core.telegram.org/bots/api#getchatmenubutton>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetChatMenuButton {
    /// Unique identifier for the target private chat.
    pub chat_id: Option<i64>,
}

impl<'a> Decode<'a> for GetChatMenuButton {
    const METHOD: &'static str = "getChatMenuButton";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: args::integer(arg("chat_id")) })
    }
}

/// `setMyDefaultAdministratorRights`: see <https://core.telegram.org/bots/api#setmydefaultadministratorrights>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetMyDefaultAdministratorRights<'a> {
    /// A JSON-serialized object describing new default administrator rights.
    pub rights: Option<&'a str>,
    /// Pass True to change the default administrator rights of the bot in channels.
    pub for_channels: bool,
}

impl<'a> Decode<'a> for SetMyDefaultAdministratorRights<'a> {
    const METHOD: &'static str = "setMyDefaultAdministratorRights";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { rights: arg("rights"), for_channels: args::boolean(arg("for_channels")) })
    }
}

/// `getMyDefaultAdministratorRights`: see <https://core.telegram.org/bots/api#getmydefaultadministratorrights>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetMyDefaultAdministratorRights {
    /// Pass True to get default administrator rights of the bot in channels.
    pub for_channels: bool,
}

impl<'a> Decode<'a> for GetMyDefaultAdministratorRights {
    const METHOD: &'static str = "getMyDefaultAdministratorRights";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { for_channels: args::boolean(arg("for_channels")) })
    }
}

/// `getAvailableGifts`: see <https://core.telegram.org/bots/api#getavailablegifts>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetAvailableGifts {}

impl<'a> Decode<'a> for GetAvailableGifts {
    const METHOD: &'static str = "getAvailableGifts";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `sendGift`: see <https://core.telegram.org/bots/api#sendgift>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendGift<'a> {
    /// Required if chat_id is not specified.
    pub user_id: Option<i64>,
    /// Required if user_id is not specified.
    pub chat_id: Option<&'a str>,
    /// Identifier of the gift; limited gifts can't be sent to channel chats
    pub gift_id: &'a str,
    /// Pass True to pay for the gift upgrade from the bot's balance, thereby making the upgrade free for the receiver
    pub pay_for_upgrade: bool,
    /// Text that will be shown along with the gift; 0-128 characters
    pub text: Option<&'a str>,
    /// Mode for parsing entities in the text.
    pub text_parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the gift text.
    pub text_entities: Option<&'a str>,
}

impl<'a> Decode<'a> for SendGift<'a> {
    const METHOD: &'static str = "sendGift";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::integer(arg("user_id")),
            chat_id: arg("chat_id"),
            gift_id: arg("gift_id").unwrap_or_default(),
            pay_for_upgrade: args::boolean(arg("pay_for_upgrade")),
            text: arg("text"),
            text_parse_mode: arg("text_parse_mode"),
            text_entities: arg("text_entities"),
        })
    }
}

/// `giftPremiumSubscription`: see <https://core.telegram.org/bots/api#giftpremiumsubscription>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GiftPremiumSubscription<'a> {
    /// Unique identifier of the target user who will receive a Telegram Premium subscription
    pub user_id: i64,
    /// Number of months the Telegram Premium subscription will be active for the user; must be one of 3, 6, or 12
    pub month_count: i64,
    /// Number of Telegram Stars to pay for the Telegram Premium subscription; must be 1000 for 3 months, 1500 for 6 months, and 2500 for 12 months
    pub star_count: i64,
    /// Text that will be shown along with the service message about the subscription; 0-128 characters
    pub text: Option<&'a str>,
    /// Mode for parsing entities in the text.
    pub text_parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the gift text.
    pub text_entities: Option<&'a str>,
}

impl<'a> Decode<'a> for GiftPremiumSubscription<'a> {
    const METHOD: &'static str = "giftPremiumSubscription";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            month_count: args::integer(arg("month_count")).unwrap_or(0),
            star_count: args::integer(arg("star_count")).unwrap_or(0),
            text: arg("text"),
            text_parse_mode: arg("text_parse_mode"),
            text_entities: arg("text_entities"),
        })
    }
}

/// `verifyUser`: see <https://core.telegram.org/bots/api#verifyuser>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VerifyUser<'a> {
    /// Unique identifier of the target user
    pub user_id: i64,
    /// Custom description for the verification; 0-70 characters.
    pub custom_description: Option<&'a str>,
}

impl<'a> Decode<'a> for VerifyUser<'a> {
    const METHOD: &'static str = "verifyUser";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { user_id: args::user_id(arg("user_id"), "user_id")?, custom_description: arg("custom_description") })
    }
}

/// `verifyChat`: see <https://core.telegram.org/bots/api#verifychat>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VerifyChat<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username.
    pub chat_id: &'a str,
    /// Custom description for the verification; 0-70 characters.
    pub custom_description: Option<&'a str>,
}

impl<'a> Decode<'a> for VerifyChat<'a> {
    const METHOD: &'static str = "verifyChat";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), custom_description: arg("custom_description") })
    }
}

/// `removeUserVerification`: see <https://core.telegram.org/bots/api#removeuserverification>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RemoveUserVerification {
    /// Unique identifier of the target user
    pub user_id: i64,
}

impl<'a> Decode<'a> for RemoveUserVerification {
    const METHOD: &'static str = "removeUserVerification";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { user_id: args::user_id(arg("user_id"), "user_id")? })
    }
}

/// `removeChatVerification`: see <https://core.telegram.org/bots/api#removechatverification>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RemoveChatVerification<'a> {
    /// Unique identifier for the target chat or username of the target bot or channel in the format @username
    pub chat_id: &'a str,
}

impl<'a> Decode<'a> for RemoveChatVerification<'a> {
    const METHOD: &'static str = "removeChatVerification";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default() })
    }
}

/// `readBusinessMessage`: see <https://core.telegram.org/bots/api#readbusinessmessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReadBusinessMessage<'a> {
    /// Unique identifier of the business connection on behalf of which to read the message
    pub business_connection_id: &'a str,
    /// Unique identifier of the chat in which the message was received.
    pub chat_id: i64,
    /// Unique identifier of the message to mark as read
    pub message_id: i64,
}

impl<'a> Decode<'a> for ReadBusinessMessage<'a> {
    const METHOD: &'static str = "readBusinessMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            chat_id: args::integer(arg("chat_id")).unwrap_or(0),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
        })
    }
}

/// `deleteBusinessMessages`: see <https://core.telegram.org/bots/api#deletebusinessmessages>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteBusinessMessages<'a> {
    /// Unique identifier of the business connection on behalf of which to delete the messages
    pub business_connection_id: &'a str,
    /// A JSON-serialized list of 1-100 identifiers of messages to delete.
    pub message_ids: Option<&'a str>,
}

impl<'a> Decode<'a> for DeleteBusinessMessages<'a> {
    const METHOD: &'static str = "deleteBusinessMessages";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            message_ids: arg("message_ids"),
        })
    }
}

/// `setBusinessAccountName`: see <https://core.telegram.org/bots/api#setbusinessaccountname>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetBusinessAccountName<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// The new value of the first name for the business account; 1-64 characters
    pub first_name: &'a str,
    /// The new value of the last name for the business account; 0-64 characters
    pub last_name: Option<&'a str>,
}

impl<'a> Decode<'a> for SetBusinessAccountName<'a> {
    const METHOD: &'static str = "setBusinessAccountName";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            first_name: arg("first_name").unwrap_or_default(),
            last_name: arg("last_name"),
        })
    }
}

/// `setBusinessAccountUsername`: see <https://core.telegram.org/bots/api#setbusinessaccountusername>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetBusinessAccountUsername<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// The new value of the username for the business account; 0-32 characters
    pub username: Option<&'a str>,
}

impl<'a> Decode<'a> for SetBusinessAccountUsername<'a> {
    const METHOD: &'static str = "setBusinessAccountUsername";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            username: arg("username"),
        })
    }
}

/// `setBusinessAccountBio`: see <https://core.telegram.org/bots/api#setbusinessaccountbio>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetBusinessAccountBio<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// The new value of the bio for the business account; 0-140 characters
    pub bio: Option<&'a str>,
}

impl<'a> Decode<'a> for SetBusinessAccountBio<'a> {
    const METHOD: &'static str = "setBusinessAccountBio";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { business_connection_id: arg("business_connection_id").unwrap_or_default(), bio: arg("bio") })
    }
}

/// `setBusinessAccountProfilePhoto`: see <https://core.telegram.org/bots/api#setbusinessaccountprofilephoto>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetBusinessAccountProfilePhoto<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// The new profile photo to set
    pub photo: Option<&'a str>,
    /// Pass True to set the public photo, which will be visible even if the main photo is hidden by the business account's privacy settings.
    pub is_public: bool,
}

impl<'a> Decode<'a> for SetBusinessAccountProfilePhoto<'a> {
    const METHOD: &'static str = "setBusinessAccountProfilePhoto";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            photo: arg("photo"),
            is_public: args::boolean(arg("is_public")),
        })
    }
}

/// `removeBusinessAccountProfilePhoto`: see <https://core.telegram.org/bots/api#removebusinessaccountprofilephoto>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RemoveBusinessAccountProfilePhoto<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Pass True to remove the public photo, which is visible even if the main photo is hidden by the business account's privacy settings.
    pub is_public: bool,
}

impl<'a> Decode<'a> for RemoveBusinessAccountProfilePhoto<'a> {
    const METHOD: &'static str = "removeBusinessAccountProfilePhoto";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            is_public: args::boolean(arg("is_public")),
        })
    }
}

/// `setBusinessAccountGiftSettings`: see <https://core.telegram.org/bots/api#setbusinessaccountgiftsettings>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetBusinessAccountGiftSettings<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Pass True if a button for sending a gift to the user or by the business account must always be shown in the input field
    pub show_gift_button: bool,
    /// Types of gifts accepted by the business account
    pub accepted_gift_types: Option<&'a str>,
}

impl<'a> Decode<'a> for SetBusinessAccountGiftSettings<'a> {
    const METHOD: &'static str = "setBusinessAccountGiftSettings";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            show_gift_button: args::boolean(arg("show_gift_button")),
            accepted_gift_types: arg("accepted_gift_types"),
        })
    }
}

/// `getBusinessAccountStarBalance`: see <https://core.telegram.org/bots/api#getbusinessaccountstarbalance>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetBusinessAccountStarBalance<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
}

impl<'a> Decode<'a> for GetBusinessAccountStarBalance<'a> {
    const METHOD: &'static str = "getBusinessAccountStarBalance";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { business_connection_id: arg("business_connection_id").unwrap_or_default() })
    }
}

/// `transferBusinessAccountStars`: see <https://core.telegram.org/bots/api#transferbusinessaccountstars>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TransferBusinessAccountStars<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Number of Telegram Stars to transfer; 1-10000
    pub star_count: i64,
}

impl<'a> Decode<'a> for TransferBusinessAccountStars<'a> {
    const METHOD: &'static str = "transferBusinessAccountStars";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            star_count: args::integer(arg("star_count")).unwrap_or(0),
        })
    }
}

/// `getBusinessAccountGifts`: see <https://core.telegram.org/bots/api#getbusinessaccountgifts>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetBusinessAccountGifts<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Pass True to exclude gifts that aren't saved to the account's profile page
    pub exclude_unsaved: bool,
    /// Pass True to exclude gifts that are saved to the account's profile page
    pub exclude_saved: bool,
    /// Pass True to exclude gifts that can be purchased an unlimited number of times
    pub exclude_unlimited: bool,
    /// Pass True to exclude gifts that can be purchased a limited number of times and can be upgraded to unique
    pub exclude_limited_upgradable: bool,
    /// Pass True to exclude gifts that can be purchased a limited number of times and can't be upgraded to unique
    pub exclude_limited_non_upgradable: bool,
    /// Pass True to exclude unique gifts
    pub exclude_unique: bool,
    /// Pass True to exclude gifts that were assigned from the TON blockchain and can't be resold or transferred in Telegram
    pub exclude_from_blockchain: bool,
    /// Pass True to sort results by gift price instead of send date.
    pub sort_by_price: bool,
    /// Offset of the first entry to return as received from the previous request; use empty string to get the first chunk of results
    pub offset: Option<&'a str>,
    /// The maximum number of gifts to be returned; 1-100.
    pub limit: Option<i64>,
}

impl<'a> Decode<'a> for GetBusinessAccountGifts<'a> {
    const METHOD: &'static str = "getBusinessAccountGifts";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            exclude_unsaved: args::boolean(arg("exclude_unsaved")),
            exclude_saved: args::boolean(arg("exclude_saved")),
            exclude_unlimited: args::boolean(arg("exclude_unlimited")),
            exclude_limited_upgradable: args::boolean(arg("exclude_limited_upgradable")),
            exclude_limited_non_upgradable: args::boolean(arg("exclude_limited_non_upgradable")),
            exclude_unique: args::boolean(arg("exclude_unique")),
            exclude_from_blockchain: args::boolean(arg("exclude_from_blockchain")),
            sort_by_price: args::boolean(arg("sort_by_price")),
            offset: arg("offset"),
            limit: args::integer(arg("limit")),
        })
    }
}

/// `getUserGifts`: see <https://core.telegram.org/bots/api#getusergifts>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetUserGifts<'a> {
    /// Unique identifier of the user
    pub user_id: i64,
    /// Pass True to exclude gifts that can be purchased an unlimited number of times
    pub exclude_unlimited: bool,
    /// Pass True to exclude gifts that can be purchased a limited number of times and can be upgraded to unique
    pub exclude_limited_upgradable: bool,
    /// Pass True to exclude gifts that can be purchased a limited number of times and can't be upgraded to unique
    pub exclude_limited_non_upgradable: bool,
    /// Pass True to exclude gifts that were assigned from the TON blockchain and can't be resold or transferred in Telegram
    pub exclude_from_blockchain: bool,
    /// Pass True to exclude unique gifts
    pub exclude_unique: bool,
    /// Pass True to sort results by gift price instead of send date.
    pub sort_by_price: bool,
    /// Offset of the first entry to return as received from the previous request; use an empty string to get the first chunk of results
    pub offset: Option<&'a str>,
    /// The maximum number of gifts to be returned; 1-100.
    pub limit: Option<i64>,
}

impl<'a> Decode<'a> for GetUserGifts<'a> {
    const METHOD: &'static str = "getUserGifts";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            exclude_unlimited: args::boolean(arg("exclude_unlimited")),
            exclude_limited_upgradable: args::boolean(arg("exclude_limited_upgradable")),
            exclude_limited_non_upgradable: args::boolean(arg("exclude_limited_non_upgradable")),
            exclude_from_blockchain: args::boolean(arg("exclude_from_blockchain")),
            exclude_unique: args::boolean(arg("exclude_unique")),
            sort_by_price: args::boolean(arg("sort_by_price")),
            offset: arg("offset"),
            limit: args::integer(arg("limit")),
        })
    }
}

/// `getChatGifts`: see <https://core.telegram.org/bots/api#getchatgifts>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetChatGifts<'a> {
    /// Unique identifier for the target chat or username of the target channel in the format @username
    pub chat_id: &'a str,
    /// Pass True to exclude gifts that aren't saved to the chat's profile page.
    pub exclude_unsaved: bool,
    /// Pass True to exclude gifts that are saved to the chat's profile page.
    pub exclude_saved: bool,
    /// Pass True to exclude gifts that can be purchased an unlimited number of times
    pub exclude_unlimited: bool,
    /// Pass True to exclude gifts that can be purchased a limited number of times and can be upgraded to unique
    pub exclude_limited_upgradable: bool,
    /// Pass True to exclude gifts that can be purchased a limited number of times and can't be upgraded to unique
    pub exclude_limited_non_upgradable: bool,
    /// Pass True to exclude gifts that were assigned from the TON blockchain and can't be resold or transferred in Telegram
    pub exclude_from_blockchain: bool,
    /// Pass True to exclude unique gifts
    pub exclude_unique: bool,
    /// Pass True to sort results by gift price instead of send date.
    pub sort_by_price: bool,
    /// Offset of the first entry to return as received from the previous request; use an empty string to get the first chunk of results
    pub offset: Option<&'a str>,
    /// The maximum number of gifts to be returned; 1-100.
    pub limit: Option<i64>,
}

impl<'a> Decode<'a> for GetChatGifts<'a> {
    const METHOD: &'static str = "getChatGifts";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            exclude_unsaved: args::boolean(arg("exclude_unsaved")),
            exclude_saved: args::boolean(arg("exclude_saved")),
            exclude_unlimited: args::boolean(arg("exclude_unlimited")),
            exclude_limited_upgradable: args::boolean(arg("exclude_limited_upgradable")),
            exclude_limited_non_upgradable: args::boolean(arg("exclude_limited_non_upgradable")),
            exclude_from_blockchain: args::boolean(arg("exclude_from_blockchain")),
            exclude_unique: args::boolean(arg("exclude_unique")),
            sort_by_price: args::boolean(arg("sort_by_price")),
            offset: arg("offset"),
            limit: args::integer(arg("limit")),
        })
    }
}

/// `convertGiftToStars`: see <https://core.telegram.org/bots/api#convertgifttostars>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConvertGiftToStars<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Unique identifier of the regular gift that should be converted to Telegram Stars
    pub owned_gift_id: &'a str,
}

impl<'a> Decode<'a> for ConvertGiftToStars<'a> {
    const METHOD: &'static str = "convertGiftToStars";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            owned_gift_id: arg("owned_gift_id").unwrap_or_default(),
        })
    }
}

/// `upgradeGift`: see <https://core.telegram.org/bots/api#upgradegift>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UpgradeGift<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Unique identifier of the regular gift that should be upgraded to a unique one
    pub owned_gift_id: &'a str,
    /// Pass True to keep the original gift text, sender and receiver in the upgraded gift
    pub keep_original_details: bool,
    /// The amount of Telegram Stars that will be paid for the upgrade from the business account balance.
    pub star_count: Option<i64>,
}

impl<'a> Decode<'a> for UpgradeGift<'a> {
    const METHOD: &'static str = "upgradeGift";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            owned_gift_id: arg("owned_gift_id").unwrap_or_default(),
            keep_original_details: args::boolean(arg("keep_original_details")),
            star_count: args::integer(arg("star_count")),
        })
    }
}

/// `transferGift`: see <https://core.telegram.org/bots/api#transfergift>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TransferGift<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Unique identifier of the regular gift that should be transferred
    pub owned_gift_id: &'a str,
    /// Unique identifier of the chat which will own the gift.
    pub new_owner_chat_id: i64,
    /// The amount of Telegram Stars that will be paid for the transfer from the business account balance.
    pub star_count: Option<i64>,
}

impl<'a> Decode<'a> for TransferGift<'a> {
    const METHOD: &'static str = "transferGift";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            owned_gift_id: arg("owned_gift_id").unwrap_or_default(),
            new_owner_chat_id: args::integer(arg("new_owner_chat_id")).unwrap_or(0),
            star_count: args::integer(arg("star_count")),
        })
    }
}

/// `postStory`: see <https://core.telegram.org/bots/api#poststory>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PostStory<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Content of the story
    pub content: Option<&'a str>,
    /// Period after which the story is moved to the archive, in seconds; must be one of 6 * 3600, 12 * 3600, 86400, or 2 * 86400
    pub active_period: i64,
    /// Caption of the story, 0-2048 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the story caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// A JSON-serialized list of clickable areas to be shown on the story
    pub areas: Option<&'a str>,
    /// Pass True to keep the story accessible after it expires
    pub post_to_chat_page: bool,
    /// Pass True if the content of the story must be protected from forwarding and screenshotting
    pub protect_content: bool,
}

impl<'a> Decode<'a> for PostStory<'a> {
    const METHOD: &'static str = "postStory";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            content: arg("content"),
            active_period: args::integer(arg("active_period")).unwrap_or(0),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            areas: arg("areas"),
            post_to_chat_page: args::boolean(arg("post_to_chat_page")),
            protect_content: args::boolean(arg("protect_content")),
        })
    }
}

/// `repostStory`: see <https://core.telegram.org/bots/api#repoststory>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RepostStory<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Unique identifier of the chat which posted the story that should be reposted
    pub from_chat_id: i64,
    /// Unique identifier of the story that should be reposted
    pub from_story_id: i64,
    /// Period after which the story is moved to the archive, in seconds; must be one of 6 * 3600, 12 * 3600, 86400, or 2 * 86400
    pub active_period: i64,
    /// Pass True to keep the story accessible after it expires
    pub post_to_chat_page: bool,
    /// Pass True if the content of the story must be protected from forwarding and screenshotting
    pub protect_content: bool,
}

impl<'a> Decode<'a> for RepostStory<'a> {
    const METHOD: &'static str = "repostStory";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            from_chat_id: args::integer(arg("from_chat_id")).unwrap_or(0),
            from_story_id: args::integer(arg("from_story_id")).unwrap_or(0),
            active_period: args::integer(arg("active_period")).unwrap_or(0),
            post_to_chat_page: args::boolean(arg("post_to_chat_page")),
            protect_content: args::boolean(arg("protect_content")),
        })
    }
}

/// `editStory`: see <https://core.telegram.org/bots/api#editstory>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditStory<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Unique identifier of the story to edit
    pub story_id: i64,
    /// Content of the story
    pub content: Option<&'a str>,
    /// Caption of the story, 0-2048 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the story caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// A JSON-serialized list of clickable areas to be shown on the story
    pub areas: Option<&'a str>,
}

impl<'a> Decode<'a> for EditStory<'a> {
    const METHOD: &'static str = "editStory";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            story_id: args::integer(arg("story_id")).unwrap_or(0),
            content: arg("content"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            areas: arg("areas"),
        })
    }
}

/// `deleteStory`: see <https://core.telegram.org/bots/api#deletestory>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteStory<'a> {
    /// Unique identifier of the business connection
    pub business_connection_id: &'a str,
    /// Unique identifier of the story to delete
    pub story_id: i64,
}

impl<'a> Decode<'a> for DeleteStory<'a> {
    const METHOD: &'static str = "deleteStory";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            story_id: args::integer(arg("story_id")).unwrap_or(0),
        })
    }
}

/// `answerWebAppQuery`: see <https://core.telegram.org/bots/api#answerwebappquery>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerWebAppQuery<'a> {
    /// Unique identifier for the query to be answered
    pub web_app_query_id: &'a str,
    /// A JSON-serialized object describing the message to be sent
    pub result: Option<&'a str>,
}

impl<'a> Decode<'a> for AnswerWebAppQuery<'a> {
    const METHOD: &'static str = "answerWebAppQuery";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { web_app_query_id: arg("web_app_query_id").unwrap_or_default(), result: arg("result") })
    }
}

/// `savePreparedInlineMessage`: see <https://core.telegram.org/bots/api#savepreparedinlinemessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SavePreparedInlineMessage<'a> {
    /// Unique identifier of the target user that can use the prepared message
    pub user_id: i64,
    /// A JSON-serialized object describing the message to be sent
    pub result: Option<&'a str>,
    /// Pass True if the message can be sent to private chats with users
    pub allow_user_chats: bool,
    /// Pass True if the message can be sent to private chats with bots
    pub allow_bot_chats: bool,
    /// Pass True if the message can be sent to group and supergroup chats
    pub allow_group_chats: bool,
    /// Pass True if the message can be sent to channel chats
    pub allow_channel_chats: bool,
}

impl<'a> Decode<'a> for SavePreparedInlineMessage<'a> {
    const METHOD: &'static str = "savePreparedInlineMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            result: arg("result"),
            allow_user_chats: args::boolean(arg("allow_user_chats")),
            allow_bot_chats: args::boolean(arg("allow_bot_chats")),
            allow_group_chats: args::boolean(arg("allow_group_chats")),
            allow_channel_chats: args::boolean(arg("allow_channel_chats")),
        })
    }
}

/// `savePreparedKeyboardButton`: see <https://core.telegram.org/bots/api#savepreparedkeyboardbutton>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SavePreparedKeyboardButton<'a> {
    /// Unique identifier of the target user that can use the button
    pub user_id: i64,
    /// A JSON-serialized object describing the button to be saved.
    pub button: Option<&'a str>,
}

impl<'a> Decode<'a> for SavePreparedKeyboardButton<'a> {
    const METHOD: &'static str = "savePreparedKeyboardButton";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { user_id: args::user_id(arg("user_id"), "user_id")?, button: arg("button") })
    }
}

/// `editMessageText`: see <https://core.telegram.org/bots/api#editmessagetext>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditMessageText<'a> {
    /// Unique identifier of the business connection on behalf of which the message to be edited was sent
    pub business_connection_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
    /// New text of the message, 1-4096 characters after entity parsing; required if rich_message isn't specified
    pub text: Option<&'a str>,
    /// Mode for parsing entities in the message text.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in message text, which can be specified instead of parse_mode
    pub entities: Option<&'a str>,
    /// Link preview generation options for the message
    pub link_preview_options: Option<&'a str>,
    /// New rich content of the message; required if text isn't specified.
    pub rich_message: Option<&'a str>,
    /// A JSON-serialized object for an inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditMessageText<'a> {
    const METHOD: &'static str = "editMessageText";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id"),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
            text: arg("text"),
            parse_mode: arg("parse_mode"),
            entities: arg("entities"),
            link_preview_options: arg("link_preview_options"),
            rich_message: arg("rich_message"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editMessageCaption`: see <https://core.telegram.org/bots/api#editmessagecaption>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditMessageCaption<'a> {
    /// Unique identifier of the business connection on behalf of which the message to be edited was sent
    pub business_connection_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
    /// New caption of the message, 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the message caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True if the caption must be shown above the message media.
    pub show_caption_above_media: bool,
    /// A JSON-serialized object for an inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditMessageCaption<'a> {
    const METHOD: &'static str = "editMessageCaption";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id"),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editMessageMedia`: see <https://core.telegram.org/bots/api#editmessagemedia>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditMessageMedia<'a> {
    /// Unique identifier of the business connection on behalf of which the message to be edited was sent
    pub business_connection_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
    /// A JSON-serialized object for the new media content of the message
    pub media: Option<&'a str>,
    /// A JSON-serialized object for a new inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditMessageMedia<'a> {
    const METHOD: &'static str = "editMessageMedia";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id"),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
            media: arg("media"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editMessageLiveLocation`: see <https://core.telegram.org/bots/api#editmessagelivelocation>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditMessageLiveLocation<'a> {
    /// Unique identifier of the business connection on behalf of which the message to be edited was sent
    pub business_connection_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
    /// Latitude of new location
    pub latitude: f64,
    /// Longitude of new location
    pub longitude: f64,
    /// New period in seconds during which the location can be updated, starting from the message send date.
    pub live_period: Option<i64>,
    /// The radius of uncertainty for the location, measured in meters; 0-1500
    pub horizontal_accuracy: Option<f64>,
    /// Direction in which the user is moving, in degrees.
    pub heading: Option<i64>,
    /// The maximum distance for proximity alerts about approaching another chat member, in meters.
    pub proximity_alert_radius: Option<i64>,
    /// A JSON-serialized object for a new inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditMessageLiveLocation<'a> {
    const METHOD: &'static str = "editMessageLiveLocation";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id"),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
            latitude: args::float(arg("latitude")).unwrap_or(0.0),
            longitude: args::float(arg("longitude")).unwrap_or(0.0),
            live_period: args::integer(arg("live_period")),
            horizontal_accuracy: args::float(arg("horizontal_accuracy")),
            heading: args::integer(arg("heading")),
            proximity_alert_radius: args::integer(arg("proximity_alert_radius")),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `stopMessageLiveLocation`: see <https://core.telegram.org/bots/api#stopmessagelivelocation>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StopMessageLiveLocation<'a> {
    /// Unique identifier of the business connection on behalf of which the message to be edited was sent
    pub business_connection_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
    /// A JSON-serialized object for a new inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for StopMessageLiveLocation<'a> {
    const METHOD: &'static str = "stopMessageLiveLocation";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id"),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editMessageChecklist`: see <https://core.telegram.org/bots/api#editmessagechecklist>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditMessageChecklist<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: &'a str,
    /// Unique identifier for the target chat or username of the target bot in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message
    pub message_id: i64,
    /// A JSON-serialized object for the new checklist
    pub checklist: Option<&'a str>,
    /// A JSON-serialized object for the new inline keyboard for the message
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditMessageChecklist<'a> {
    const METHOD: &'static str = "editMessageChecklist";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id").unwrap_or_default(),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
            checklist: arg("checklist"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editMessageWidgetData`: see <https://core.telegram.org/bots/api#editmessagewidgetdata>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditMessageWidgetData<'a> {
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
    /// New public data of the widget, 0-1024 bytes; pass an empty string to remove the public data.
    pub public_data: Option<&'a str>,
    /// New data of the widget, which is specific to the message, 0-1024 bytes; pass an empty string to remove the data.
    pub chat_data: Option<&'a str>,
}

impl<'a> Decode<'a> for EditMessageWidgetData<'a> {
    const METHOD: &'static str = "editMessageWidgetData";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id"),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
            public_data: arg("public_data"),
            chat_data: arg("chat_data"),
        })
    }
}

/// `editSharedWidgetData`: see <https://core.telegram.org/bots/api#editsharedwidgetdata>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditSharedWidgetData<'a> {
    /// Unique identifier of the shared widget
    pub widget_id: &'a str,
    /// New public data of the widget, 0-1024 bytes; pass an empty string to remove the public data
    pub public_data: &'a str,
    /// The maximum amount of time in seconds that the public data of the widget may be cached client-side; 5-3600.
    pub cache_time: Option<i64>,
}

impl<'a> Decode<'a> for EditSharedWidgetData<'a> {
    const METHOD: &'static str = "editSharedWidgetData";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            widget_id: arg("widget_id").unwrap_or_default(),
            public_data: arg("public_data").unwrap_or_default(),
            cache_time: args::integer(arg("cache_time")),
        })
    }
}

/// `editMessageReplyMarkup`: see <https://core.telegram.org/bots/api#editmessagereplymarkup>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditMessageReplyMarkup<'a> {
    /// Unique identifier of the business connection on behalf of which the message to be edited was sent
    pub business_connection_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<&'a str>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
    /// A JSON-serialized object for an inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditMessageReplyMarkup<'a> {
    const METHOD: &'static str = "editMessageReplyMarkup";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id"),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `stopPoll`: see <https://core.telegram.org/bots/api#stoppoll>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StopPoll<'a> {
    /// Unique identifier of the business connection on behalf of which the message to be edited was sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Identifier of the original message with the poll
    pub message_id: i64,
    /// A JSON-serialized object for a new message inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for StopPoll<'a> {
    const METHOD: &'static str = "stopPoll";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editEphemeralMessageText`: see <https://core.telegram.org/bots/api#editephemeralmessagetext>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditEphemeralMessageText<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Identifier of the user who received the message
    pub receiver_user_id: i64,
    /// Identifier of the ephemeral message to edit
    pub ephemeral_message_id: i64,
    /// New text of the message, 1-4096 characters after entity parsing; required if rich_message isn't specified
    pub text: Option<&'a str>,
    /// Mode for parsing entities in the message text.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in message text, which can be specified instead of parse_mode
    pub entities: Option<&'a str>,
    /// New rich content of the message; required if text isn't specified
    pub rich_message: Option<&'a str>,
    /// Link preview generation options for the message
    pub link_preview_options: Option<&'a str>,
    /// A JSON-serialized object for an inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditEphemeralMessageText<'a> {
    const METHOD: &'static str = "editEphemeralMessageText";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            receiver_user_id: args::user_id(arg("receiver_user_id"), "receiver_user_id")?,
            ephemeral_message_id: args::integer(arg("ephemeral_message_id")).unwrap_or(0),
            text: arg("text"),
            parse_mode: arg("parse_mode"),
            entities: arg("entities"),
            rich_message: arg("rich_message"),
            link_preview_options: arg("link_preview_options"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editEphemeralMessageMedia`: see <https://core.telegram.org/bots/api#editephemeralmessagemedia>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditEphemeralMessageMedia<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Identifier of the user who received the message
    pub receiver_user_id: i64,
    /// Identifier of the ephemeral message to edit
    pub ephemeral_message_id: i64,
    /// A JSON-serialized object for the new media content of the message
    pub media: Option<&'a str>,
    /// A JSON-serialized object for an inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditEphemeralMessageMedia<'a> {
    const METHOD: &'static str = "editEphemeralMessageMedia";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            receiver_user_id: args::user_id(arg("receiver_user_id"), "receiver_user_id")?,
            ephemeral_message_id: args::integer(arg("ephemeral_message_id")).unwrap_or(0),
            media: arg("media"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editEphemeralMessageCaption`: see <https://core.telegram.org/bots/api#editephemeralmessagecaption>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditEphemeralMessageCaption<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Identifier of the user who received the message
    pub receiver_user_id: i64,
    /// Identifier of the ephemeral message to edit
    pub ephemeral_message_id: i64,
    /// New caption of the message, 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the message caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True if the caption must be shown above the message media.
    pub show_caption_above_media: bool,
    /// A JSON-serialized object for an inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditEphemeralMessageCaption<'a> {
    const METHOD: &'static str = "editEphemeralMessageCaption";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            receiver_user_id: args::user_id(arg("receiver_user_id"), "receiver_user_id")?,
            ephemeral_message_id: args::integer(arg("ephemeral_message_id")).unwrap_or(0),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `editEphemeralMessageReplyMarkup`: see <https://core.telegram.org/bots/api#editephemeralmessagereplymarkup>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditEphemeralMessageReplyMarkup<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Identifier of the user who received the message
    pub receiver_user_id: i64,
    /// Identifier of the ephemeral message to edit
    pub ephemeral_message_id: i64,
    /// A JSON-serialized object for an inline keyboard
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for EditEphemeralMessageReplyMarkup<'a> {
    const METHOD: &'static str = "editEphemeralMessageReplyMarkup";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            receiver_user_id: args::user_id(arg("receiver_user_id"), "receiver_user_id")?,
            ephemeral_message_id: args::integer(arg("ephemeral_message_id")).unwrap_or(0),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `approveSuggestedPost`: see <https://core.telegram.org/bots/api#approvesuggestedpost>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ApproveSuggestedPost {
    /// Unique identifier for the target direct messages chat
    pub chat_id: i64,
    /// Identifier of a suggested post message to approve
    pub message_id: i64,
    /// Point in time (Unix timestamp) when the post is expected to be published; omit if the date has already been specified when the suggested post was created.
    pub send_date: Option<i64>,
}

impl<'a> Decode<'a> for ApproveSuggestedPost {
    const METHOD: &'static str = "approveSuggestedPost";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: args::integer(arg("chat_id")).unwrap_or(0),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
            send_date: args::integer(arg("send_date")),
        })
    }
}

/// `declineSuggestedPost`: see <https://core.telegram.org/bots/api#declinesuggestedpost>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeclineSuggestedPost<'a> {
    /// Unique identifier for the target direct messages chat
    pub chat_id: i64,
    /// Identifier of a suggested post message to decline
    pub message_id: i64,
    /// Comment for the creator of the suggested post; 0-128 characters
    pub comment: Option<&'a str>,
}

impl<'a> Decode<'a> for DeclineSuggestedPost<'a> {
    const METHOD: &'static str = "declineSuggestedPost";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: args::integer(arg("chat_id")).unwrap_or(0),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
            comment: arg("comment"),
        })
    }
}

/// `deleteMessage`: see <https://core.telegram.org/bots/api#deletemessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteMessage<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Identifier of the message to delete
    pub message_id: i64,
}

impl<'a> Decode<'a> for DeleteMessage<'a> {
    const METHOD: &'static str = "deleteMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
        })
    }
}

/// `deleteMessages`: see <https://core.telegram.org/bots/api#deletemessages>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteMessages<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// A JSON-serialized list of 1-100 identifiers of messages to delete.
    pub message_ids: Option<&'a str>,
}

impl<'a> Decode<'a> for DeleteMessages<'a> {
    const METHOD: &'static str = "deleteMessages";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { chat_id: arg("chat_id").unwrap_or_default(), message_ids: arg("message_ids") })
    }
}

/// `deleteEphemeralMessage`: see <https://core.telegram.org/bots/api#deleteephemeralmessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteEphemeralMessage<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Identifier of the user who received the message
    pub receiver_user_id: i64,
    /// Identifier of the ephemeral message to delete
    pub ephemeral_message_id: i64,
}

impl<'a> Decode<'a> for DeleteEphemeralMessage<'a> {
    const METHOD: &'static str = "deleteEphemeralMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            receiver_user_id: args::user_id(arg("receiver_user_id"), "receiver_user_id")?,
            ephemeral_message_id: args::integer(arg("ephemeral_message_id")).unwrap_or(0),
        })
    }
}

/// `deleteMessageReaction`: see <https://core.telegram.org/bots/api#deletemessagereaction>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteMessageReaction<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Identifier of the target message
    pub message_id: i64,
    /// Identifier of the user whose reaction will be removed, if the reaction was added by a user
    pub user_id: Option<i64>,
    /// Identifier of the chat whose reaction will be removed, if the reaction was added by a chat
    pub actor_chat_id: Option<i64>,
}

impl<'a> Decode<'a> for DeleteMessageReaction<'a> {
    const METHOD: &'static str = "deleteMessageReaction";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_id: args::integer(arg("message_id")).unwrap_or(0),
            user_id: args::integer(arg("user_id")),
            actor_chat_id: args::integer(arg("actor_chat_id")),
        })
    }
}

/// `deleteAllMessageReactions`: see <https://core.telegram.org/bots/api#deleteallmessagereactions>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteAllMessageReactions<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Identifier of the user whose reactions will be removed, if the reactions were added by a user
    pub user_id: Option<i64>,
    /// Identifier of the chat whose reactions will be removed, if the reactions were added by a chat
    pub actor_chat_id: Option<i64>,
}

impl<'a> Decode<'a> for DeleteAllMessageReactions<'a> {
    const METHOD: &'static str = "deleteAllMessageReactions";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            user_id: args::integer(arg("user_id")),
            actor_chat_id: args::integer(arg("actor_chat_id")),
        })
    }
}

/// `sendSticker`: see <https://core.telegram.org/bots/api#sendsticker>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendSticker<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// Sticker to send.
    pub sticker: Option<&'a str>,
    /// Emoji associated with the sticker; only for just uploaded stickers
    pub emoji: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendSticker<'a> {
    const METHOD: &'static str = "sendSticker";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            sticker: arg("sticker"),
            emoji: arg("emoji"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `getStickerSet`: see <https://core.telegram.org/bots/api#getstickerset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetStickerSet<'a> {
    /// Name of the sticker set
    pub name: &'a str,
}

impl<'a> Decode<'a> for GetStickerSet<'a> {
    const METHOD: &'static str = "getStickerSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { name: arg("name").unwrap_or_default() })
    }
}

/// `getCustomEmojiStickers`: see <https://core.telegram.org/bots/api#getcustomemojistickers>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetCustomEmojiStickers<'a> {
    /// A JSON-serialized list of custom emoji identifiers.
    pub custom_emoji_ids: Option<&'a str>,
}

impl<'a> Decode<'a> for GetCustomEmojiStickers<'a> {
    const METHOD: &'static str = "getCustomEmojiStickers";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { custom_emoji_ids: arg("custom_emoji_ids") })
    }
}

/// `uploadStickerFile`: see <https://core.telegram.org/bots/api#uploadstickerfile>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UploadStickerFile<'a> {
    /// User identifier of sticker file owner
    pub user_id: i64,
    /// A file with the sticker in .WEBP, .PNG, .TGS, or .WEBM format.
    pub sticker: Option<&'a str>,
    /// Format of the sticker, must be one of "static", "animated", "video"
    pub sticker_format: &'a str,
}

impl<'a> Decode<'a> for UploadStickerFile<'a> {
    const METHOD: &'static str = "uploadStickerFile";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            sticker: arg("sticker"),
            sticker_format: arg("sticker_format").unwrap_or_default(),
        })
    }
}

/// `createNewStickerSet`: see <https://core.telegram.org/bots/api#createnewstickerset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CreateNewStickerSet<'a> {
    /// User identifier of created sticker set owner
    pub user_id: i64,
    /// Short name of sticker set, to be used in t.me/addstickers/ URLs (e.g., animals).
    pub name: &'a str,
    /// Sticker set title, 1-64 characters
    pub title: &'a str,
    /// A JSON-serialized list of 1-50 initial stickers to be added to the sticker set
    pub stickers: Option<&'a str>,
    /// Type of stickers in the set, pass "regular", "mask", or "custom_emoji".
    pub sticker_type: Option<&'a str>,
    /// Pass True if stickers in the sticker set must be repainted to the color of text when used in messages, the accent color if used as emoji status, white on chat photos, or another appropriate color based on context; for custom emoji sticker sets only
    pub needs_repainting: bool,
}

impl<'a> Decode<'a> for CreateNewStickerSet<'a> {
    const METHOD: &'static str = "createNewStickerSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            name: arg("name").unwrap_or_default(),
            title: arg("title").unwrap_or_default(),
            stickers: arg("stickers"),
            sticker_type: arg("sticker_type"),
            needs_repainting: args::boolean(arg("needs_repainting")),
        })
    }
}

/// `addStickerToSet`: see <https://core.telegram.org/bots/api#addstickertoset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AddStickerToSet<'a> {
    /// User identifier of sticker set owner
    pub user_id: i64,
    /// Sticker set name
    pub name: &'a str,
    /// A JSON-serialized object with information about the added sticker.
    pub sticker: Option<&'a str>,
}

impl<'a> Decode<'a> for AddStickerToSet<'a> {
    const METHOD: &'static str = "addStickerToSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            name: arg("name").unwrap_or_default(),
            sticker: arg("sticker"),
        })
    }
}

/// `setStickerPositionInSet`: see <https://core.telegram.org/bots/api#setstickerpositioninset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetStickerPositionInSet<'a> {
    /// File identifier of the sticker
    pub sticker: &'a str,
    /// New sticker position in the set, zero-based
    pub position: i64,
}

impl<'a> Decode<'a> for SetStickerPositionInSet<'a> {
    const METHOD: &'static str = "setStickerPositionInSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { sticker: arg("sticker").unwrap_or_default(), position: args::integer(arg("position")).unwrap_or(0) })
    }
}

/// `deleteStickerFromSet`: see <https://core.telegram.org/bots/api#deletestickerfromset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteStickerFromSet<'a> {
    /// File identifier of the sticker
    pub sticker: &'a str,
}

impl<'a> Decode<'a> for DeleteStickerFromSet<'a> {
    const METHOD: &'static str = "deleteStickerFromSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { sticker: arg("sticker").unwrap_or_default() })
    }
}

/// `replaceStickerInSet`: see <https://core.telegram.org/bots/api#replacestickerinset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReplaceStickerInSet<'a> {
    /// User identifier of the sticker set owner
    pub user_id: i64,
    /// Sticker set name
    pub name: &'a str,
    /// File identifier of the replaced sticker
    pub old_sticker: &'a str,
    /// A JSON-serialized object with information about the added sticker.
    pub sticker: Option<&'a str>,
}

impl<'a> Decode<'a> for ReplaceStickerInSet<'a> {
    const METHOD: &'static str = "replaceStickerInSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            name: arg("name").unwrap_or_default(),
            old_sticker: arg("old_sticker").unwrap_or_default(),
            sticker: arg("sticker"),
        })
    }
}

/// `setStickerEmojiList`: see <https://core.telegram.org/bots/api#setstickeremojilist>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetStickerEmojiList<'a> {
    /// File identifier of the sticker
    pub sticker: &'a str,
    /// A JSON-serialized list of 1-20 emoji associated with the sticker
    pub emoji_list: Option<&'a str>,
}

impl<'a> Decode<'a> for SetStickerEmojiList<'a> {
    const METHOD: &'static str = "setStickerEmojiList";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { sticker: arg("sticker").unwrap_or_default(), emoji_list: arg("emoji_list") })
    }
}

/// `setStickerKeywords`: see <https://core.telegram.org/bots/api#setstickerkeywords>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetStickerKeywords<'a> {
    /// File identifier of the sticker
    pub sticker: &'a str,
    /// A JSON-serialized list of 0-20 search keywords for the sticker with total length of up to 64 characters
    pub keywords: Option<&'a str>,
}

impl<'a> Decode<'a> for SetStickerKeywords<'a> {
    const METHOD: &'static str = "setStickerKeywords";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { sticker: arg("sticker").unwrap_or_default(), keywords: arg("keywords") })
    }
}

/// `setStickerMaskPosition`: see <https://core.telegram.org/bots/api#setstickermaskposition>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetStickerMaskPosition<'a> {
    /// File identifier of the sticker
    pub sticker: &'a str,
    /// A JSON-serialized object with the position where the mask should be placed on faces.
    pub mask_position: Option<&'a str>,
}

impl<'a> Decode<'a> for SetStickerMaskPosition<'a> {
    const METHOD: &'static str = "setStickerMaskPosition";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { sticker: arg("sticker").unwrap_or_default(), mask_position: arg("mask_position") })
    }
}

/// `setStickerSetTitle`: see <https://core.telegram.org/bots/api#setstickersettitle>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetStickerSetTitle<'a> {
    /// Sticker set name
    pub name: &'a str,
    /// Sticker set title, 1-64 characters
    pub title: &'a str,
}

impl<'a> Decode<'a> for SetStickerSetTitle<'a> {
    const METHOD: &'static str = "setStickerSetTitle";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { name: arg("name").unwrap_or_default(), title: arg("title").unwrap_or_default() })
    }
}

/// `setStickerSetThumbnail`: see <https://core.telegram.org/bots/api#setstickersetthumbnail>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetStickerSetThumbnail<'a> {
    /// Sticker set name
    pub name: &'a str,
    /// User identifier of the sticker set owner
    pub user_id: i64,
    /// A .WEBP or .PNG image with the thumbnail, must be up to 128 kilobytes in size and have a width and height of exactly 100px, or a .TGS animation with a thumbnail up to 32 kilobytes in size (see https://core.telegram.org/stickers#animation-requirements for animated sticker technical requirements), or a .WEBM video with the thumbnail up to 32 kilobytes in size; see https://core.telegram.org/stickers#video-requirements for video sticker technical requirements.
    pub thumbnail: Option<&'a str>,
    /// Format of the thumbnail, must be one of "static" for a .WEBP or .PNG image, "animated" for a .TGS animation, or "video" for a .WEBM video
    pub format: &'a str,
}

impl<'a> Decode<'a> for SetStickerSetThumbnail<'a> {
    const METHOD: &'static str = "setStickerSetThumbnail";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            name: arg("name").unwrap_or_default(),
            user_id: args::user_id(arg("user_id"), "user_id")?,
            thumbnail: arg("thumbnail"),
            format: arg("format").unwrap_or_default(),
        })
    }
}

/// `setCustomEmojiStickerSetThumbnail`: see <https://core.telegram.org/bots/api#setcustomemojistickersetthumbnail>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetCustomEmojiStickerSetThumbnail<'a> {
    /// Sticker set name
    pub name: &'a str,
    /// Custom emoji identifier of a sticker from the sticker set; pass an empty string to drop the thumbnail and use the first sticker as the thumbnail
    pub custom_emoji_id: Option<&'a str>,
}

impl<'a> Decode<'a> for SetCustomEmojiStickerSetThumbnail<'a> {
    const METHOD: &'static str = "setCustomEmojiStickerSetThumbnail";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { name: arg("name").unwrap_or_default(), custom_emoji_id: arg("custom_emoji_id") })
    }
}

/// `deleteStickerSet`: see <https://core.telegram.org/bots/api#deletestickerset>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DeleteStickerSet<'a> {
    /// Sticker set name
    pub name: &'a str,
}

impl<'a> Decode<'a> for DeleteStickerSet<'a> {
    const METHOD: &'static str = "deleteStickerSet";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { name: arg("name").unwrap_or_default() })
    }
}

/// `sendRichMessage`: see <https://core.telegram.org/bots/api#sendrichmessage>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendRichMessage<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent.
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    pub ephemeral_message_parameters: Option<&'a str>,
    /// The message to be sent
    pub rich_message: Option<&'a str>,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendRichMessage<'a> {
    const METHOD: &'static str = "sendRichMessage";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            ephemeral_message_parameters: arg("ephemeral_message_parameters"),
            rich_message: arg("rich_message"),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendRichMessageDraft`: see <https://core.telegram.org/bots/api#sendrichmessagedraft>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendRichMessageDraft<'a> {
    /// Unique identifier for the target private chat
    pub chat_id: i64,
    /// Unique identifier for the target message thread
    pub message_thread_id: Option<i64>,
    /// Unique identifier of the message draft; must be non-zero.
    pub draft_id: i64,
    /// The partial message to be streamed.
    pub rich_message: Option<&'a str>,
    /// Pass True to show the user a button to stop further drafts.
    pub can_stop: bool,
    /// Pass True to keep the draft in the chat when the button is pressed.
    pub keep_on_stop: bool,
}

impl<'a> Decode<'a> for SendRichMessageDraft<'a> {
    const METHOD: &'static str = "sendRichMessageDraft";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: args::integer(arg("chat_id")).unwrap_or(0),
            message_thread_id: args::integer(arg("message_thread_id")),
            draft_id: args::integer(arg("draft_id")).unwrap_or(0),
            rich_message: arg("rich_message"),
            can_stop: args::boolean(arg("can_stop")),
            keep_on_stop: args::boolean(arg("keep_on_stop")),
        })
    }
}

/// `sendWidget`: see <https://core.telegram.org/bots/api#sendwidget>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendWidget<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// HTML code of the widget, 1-32768 bytes.
    pub html: &'a str,
    /// Width of the widget in logical pixels; omit if the widget must occupy the whole width of the message bubble.
    pub width: Option<i64>,
    /// Height of the widget in logical pixels; omit if the height of the widget isn't fixed.
    pub height: Option<i64>,
    /// Public data of the widget, 0-1024 bytes, which will be available wherever the widget is shown
    pub public_data: Option<&'a str>,
    /// Data of the widget, which is specific to the message, 0-1024 bytes
    pub chat_data: Option<&'a str>,
    /// Caption of the widget, 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the widget caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True, if the caption must be shown above the widget
    pub show_caption_above_media: bool,
    /// Pass True to allow the widget to send queries to the bot
    pub allow_queries: bool,
    /// Pass True to create a shared widget, which can be sent again using the method sendSharedWidget
    pub is_shared: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendWidget<'a> {
    const METHOD: &'static str = "sendWidget";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            html: arg("html").unwrap_or_default(),
            width: args::integer(arg("width")),
            height: args::integer(arg("height")),
            public_data: arg("public_data"),
            chat_data: arg("chat_data"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            allow_queries: args::boolean(arg("allow_queries")),
            is_shared: args::boolean(arg("is_shared")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `sendSharedWidget`: see <https://core.telegram.org/bots/api#sendsharedwidget>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendSharedWidget<'a> {
    /// Unique identifier for the target chat or username of the target supergroup in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Unique identifier of the shared widget
    pub widget_id: &'a str,
    /// Data of the widget, which is specific to the message, 0-1024 bytes
    pub chat_data: Option<&'a str>,
    /// Caption of the widget, 0-1024 characters after entities parsing
    pub caption: Option<&'a str>,
    /// Mode for parsing entities in the widget caption.
    pub parse_mode: Option<&'a str>,
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    pub caption_entities: Option<&'a str>,
    /// Pass True, if the caption must be shown above the widget
    pub show_caption_above_media: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// Additional interface options.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendSharedWidget<'a> {
    const METHOD: &'static str = "sendSharedWidget";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            widget_id: arg("widget_id").unwrap_or_default(),
            chat_data: arg("chat_data"),
            caption: arg("caption"),
            parse_mode: arg("parse_mode"),
            caption_entities: arg("caption_entities"),
            show_caption_above_media: args::boolean(arg("show_caption_above_media")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `answerWidgetQuery`: see <https://core.telegram.org/bots/api#answerwidgetquery>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerWidgetQuery<'a> {
    /// Unique identifier for the query to be answered
    pub widget_query_id: &'a str,
    /// Data to be returned to the widget, 0-1024 bytes
    pub data: Option<&'a str>,
}

impl<'a> Decode<'a> for AnswerWidgetQuery<'a> {
    const METHOD: &'static str = "answerWidgetQuery";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { widget_query_id: arg("widget_query_id").unwrap_or_default(), data: arg("data") })
    }
}

/// `answerInlineQuery`: see <https://core.telegram.org/bots/api#answerinlinequery>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerInlineQuery<'a> {
    /// Unique identifier for the answered query
    pub inline_query_id: &'a str,
    /// A JSON-serialized Array of results for the inline query
    pub results: Option<&'a str>,
    /// The maximum amount of time in seconds that the result of the inline query may be cached on the server.
    pub cache_time: Option<i64>,
    /// Pass True if results may be cached on the server side only for the user that sent the query.
    pub is_personal: bool,
    /// Pass the offset that a client should send in the next query with the same text to receive more results.
    pub next_offset: Option<&'a str>,
    /// A JSON-serialized object describing a button to be shown above inline query results
    pub button: Option<&'a str>,
}

impl<'a> Decode<'a> for AnswerInlineQuery<'a> {
    const METHOD: &'static str = "answerInlineQuery";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            inline_query_id: arg("inline_query_id").unwrap_or_default(),
            results: arg("results"),
            cache_time: args::integer(arg("cache_time")),
            is_personal: args::boolean(arg("is_personal")),
            next_offset: arg("next_offset"),
            button: arg("button"),
        })
    }
}

/// `sendInvoice`: see <https://core.telegram.org/bots/api#sendinvoice>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendInvoice<'a> {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    pub direct_messages_topic_id: Option<i64>,
    /// Product name, 1-32 characters
    pub title: &'a str,
    /// Product description, 1-255 characters
    pub description: &'a str,
    /// Bot-defined invoice payload, 1-128 bytes.
    pub payload: &'a str,
    /// Payment provider token, obtained via @BotFather.
    pub provider_token: Option<&'a str>,
    /// Three-letter ISO 4217 currency code, see more on currencies.
    pub currency: &'a str,
    /// Price breakdown, a JSON-serialized list of components (e.g.
    pub prices: Option<&'a str>,
    /// The maximum accepted amount for tips in the smallest units of the currency (integer, not float/double).
    pub max_tip_amount: Option<i64>,
    /// A JSON-serialized Array of suggested amounts of tips in the smallest units of the currency (integer, not float/double).
    pub suggested_tip_amounts: Option<&'a str>,
    /// Unique deep-linking parameter.
    pub start_parameter: Option<&'a str>,
    /// JSON-serialized data about the invoice, which will be shared with the payment provider.
    pub provider_data: Option<&'a str>,
    /// URL of the product photo for the invoice.
    pub photo_url: Option<&'a str>,
    /// Photo size in bytes
    pub photo_size: Option<i64>,
    /// Photo width
    pub photo_width: Option<i64>,
    /// Photo height
    pub photo_height: Option<i64>,
    /// Pass True if you require the user's full name to complete the order.
    pub need_name: bool,
    /// Pass True if you require the user's phone number to complete the order.
    pub need_phone_number: bool,
    /// Pass True if you require the user's email address to complete the order.
    pub need_email: bool,
    /// Pass True if you require the user's shipping address to complete the order.
    pub need_shipping_address: bool,
    /// Pass True if the user's phone number should be sent to the provider.
    pub send_phone_number_to_provider: bool,
    /// Pass True if the user's email address should be sent to the provider.
    pub send_email_to_provider: bool,
    /// Pass True if the final price depends on the shipping method.
    pub is_flexible: bool,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    pub suggested_post_parameters: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// A JSON-serialized object for an inline keyboard.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendInvoice<'a> {
    const METHOD: &'static str = "sendInvoice";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            direct_messages_topic_id: args::integer(arg("direct_messages_topic_id")),
            title: arg("title").unwrap_or_default(),
            description: arg("description").unwrap_or_default(),
            payload: arg("payload").unwrap_or_default(),
            provider_token: arg("provider_token"),
            currency: arg("currency").unwrap_or_default(),
            prices: arg("prices"),
            max_tip_amount: args::integer(arg("max_tip_amount")),
            suggested_tip_amounts: arg("suggested_tip_amounts"),
            start_parameter: arg("start_parameter"),
            provider_data: arg("provider_data"),
            photo_url: arg("photo_url"),
            photo_size: args::integer(arg("photo_size")),
            photo_width: args::integer(arg("photo_width")),
            photo_height: args::integer(arg("photo_height")),
            need_name: args::boolean(arg("need_name")),
            need_phone_number: args::boolean(arg("need_phone_number")),
            need_email: args::boolean(arg("need_email")),
            need_shipping_address: args::boolean(arg("need_shipping_address")),
            send_phone_number_to_provider: args::boolean(arg("send_phone_number_to_provider")),
            send_email_to_provider: args::boolean(arg("send_email_to_provider")),
            is_flexible: args::boolean(arg("is_flexible")),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            suggested_post_parameters: arg("suggested_post_parameters"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `createInvoiceLink`: see <https://core.telegram.org/bots/api#createinvoicelink>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CreateInvoiceLink<'a> {
    /// Unique identifier of the business connection on behalf of which the link will be created.
    pub business_connection_id: Option<&'a str>,
    /// Product name, 1-32 characters
    pub title: &'a str,
    /// Product description, 1-255 characters
    pub description: &'a str,
    /// Bot-defined invoice payload, 1-128 bytes.
    pub payload: &'a str,
    /// Payment provider token, obtained via @BotFather.
    pub provider_token: Option<&'a str>,
    /// Three-letter ISO 4217 currency code, see more on currencies.
    pub currency: &'a str,
    /// Price breakdown, a JSON-serialized list of components (e.g.
    pub prices: Option<&'a str>,
    /// The number of seconds the subscription will be active for before the next payment.
    pub subscription_period: Option<i64>,
    /// The maximum accepted amount for tips in the smallest units of the currency (integer, not float/double).
    pub max_tip_amount: Option<i64>,
    /// A JSON-serialized Array of suggested amounts of tips in the smallest units of the currency (integer, not float/double).
    pub suggested_tip_amounts: Option<&'a str>,
    /// JSON-serialized data about the invoice, which will be shared with the payment provider.
    pub provider_data: Option<&'a str>,
    /// URL of the product photo for the invoice.
    pub photo_url: Option<&'a str>,
    /// Photo size in bytes
    pub photo_size: Option<i64>,
    /// Photo width
    pub photo_width: Option<i64>,
    /// Photo height
    pub photo_height: Option<i64>,
    /// Pass True if you require the user's full name to complete the order.
    pub need_name: bool,
    /// Pass True if you require the user's phone number to complete the order.
    pub need_phone_number: bool,
    /// Pass True if you require the user's email address to complete the order.
    pub need_email: bool,
    /// Pass True if you require the user's shipping address to complete the order.
    pub need_shipping_address: bool,
    /// Pass True if the user's phone number should be sent to the provider.
    pub send_phone_number_to_provider: bool,
    /// Pass True if the user's email address should be sent to the provider.
    pub send_email_to_provider: bool,
    /// Pass True if the final price depends on the shipping method.
    pub is_flexible: bool,
}

impl<'a> Decode<'a> for CreateInvoiceLink<'a> {
    const METHOD: &'static str = "createInvoiceLink";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            title: arg("title").unwrap_or_default(),
            description: arg("description").unwrap_or_default(),
            payload: arg("payload").unwrap_or_default(),
            provider_token: arg("provider_token"),
            currency: arg("currency").unwrap_or_default(),
            prices: arg("prices"),
            subscription_period: args::integer(arg("subscription_period")),
            max_tip_amount: args::integer(arg("max_tip_amount")),
            suggested_tip_amounts: arg("suggested_tip_amounts"),
            provider_data: arg("provider_data"),
            photo_url: arg("photo_url"),
            photo_size: args::integer(arg("photo_size")),
            photo_width: args::integer(arg("photo_width")),
            photo_height: args::integer(arg("photo_height")),
            need_name: args::boolean(arg("need_name")),
            need_phone_number: args::boolean(arg("need_phone_number")),
            need_email: args::boolean(arg("need_email")),
            need_shipping_address: args::boolean(arg("need_shipping_address")),
            send_phone_number_to_provider: args::boolean(arg("send_phone_number_to_provider")),
            send_email_to_provider: args::boolean(arg("send_email_to_provider")),
            is_flexible: args::boolean(arg("is_flexible")),
        })
    }
}

/// `answerShippingQuery`: see <https://core.telegram.org/bots/api#answershippingquery>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerShippingQuery<'a> {
    /// Unique identifier for the query to be answered
    pub shipping_query_id: &'a str,
    /// Pass True if delivery to the specified address is possible and False if there are any problems (for example, if delivery to the specified address is not possible)
    pub ok: bool,
    /// Required if ok is True.
    pub shipping_options: Option<&'a str>,
    /// Required if ok is False.
    pub error_message: Option<&'a str>,
}

impl<'a> Decode<'a> for AnswerShippingQuery<'a> {
    const METHOD: &'static str = "answerShippingQuery";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            shipping_query_id: arg("shipping_query_id").unwrap_or_default(),
            ok: args::boolean(arg("ok")),
            shipping_options: arg("shipping_options"),
            error_message: arg("error_message"),
        })
    }
}

/// `answerPreCheckoutQuery`: see <https://core.telegram.org/bots/api#answerprecheckoutquery>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AnswerPreCheckoutQuery<'a> {
    /// Unique identifier for the query to be answered
    pub pre_checkout_query_id: &'a str,
    /// Specify True if everything is alright (goods are available, etc.) and the bot is ready to proceed with the order.
    pub ok: bool,
    /// Required if ok is False.
    pub error_message: Option<&'a str>,
}

impl<'a> Decode<'a> for AnswerPreCheckoutQuery<'a> {
    const METHOD: &'static str = "answerPreCheckoutQuery";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            pre_checkout_query_id: arg("pre_checkout_query_id").unwrap_or_default(),
            ok: args::boolean(arg("ok")),
            error_message: arg("error_message"),
        })
    }
}

/// `getMyStarBalance`: see <https://core.telegram.org/bots/api#getmystarbalance>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetMyStarBalance {}

impl<'a> Decode<'a> for GetMyStarBalance {
    const METHOD: &'static str = "getMyStarBalance";
    fn decode(_arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {})
    }
}

/// `getStarTransactions`: see <https://core.telegram.org/bots/api#getstartransactions>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetStarTransactions {
    /// Number of transactions to skip in the response
    pub offset: Option<i64>,
    /// The maximum number of transactions to be retrieved.
    pub limit: Option<i64>,
}

impl<'a> Decode<'a> for GetStarTransactions {
    const METHOD: &'static str = "getStarTransactions";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { offset: args::integer(arg("offset")), limit: args::integer(arg("limit")) })
    }
}

/// `refundStarPayment`: see <https://core.telegram.org/bots/api#refundstarpayment>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RefundStarPayment<'a> {
    /// Identifier of the user whose payment will be refunded
    pub user_id: i64,
    /// Telegram payment identifier
    pub telegram_payment_charge_id: &'a str,
}

impl<'a> Decode<'a> for RefundStarPayment<'a> {
    const METHOD: &'static str = "refundStarPayment";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            telegram_payment_charge_id: arg("telegram_payment_charge_id").unwrap_or_default(),
        })
    }
}

/// `editUserStarSubscription`: see <https://core.telegram.org/bots/api#edituserstarsubscription>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EditUserStarSubscription<'a> {
    /// Identifier of the user whose subscription will be edited
    pub user_id: i64,
    /// Telegram payment identifier for the subscription
    pub telegram_payment_charge_id: &'a str,
    /// Pass True to cancel extension of the user subscription; the subscription must be active up to the end of the current subscription period.
    pub is_canceled: bool,
}

impl<'a> Decode<'a> for EditUserStarSubscription<'a> {
    const METHOD: &'static str = "editUserStarSubscription";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            telegram_payment_charge_id: arg("telegram_payment_charge_id").unwrap_or_default(),
            is_canceled: args::boolean(arg("is_canceled")),
        })
    }
}

/// `setPassportDataErrors`: see <https://core.telegram.org/bots/api#setpassportdataerrors>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetPassportDataErrors<'a> {
    /// User identifier
    pub user_id: i64,
    /// A JSON-serialized Array describing the errors
    pub errors: Option<&'a str>,
}

impl<'a> Decode<'a> for SetPassportDataErrors<'a> {
    const METHOD: &'static str = "setPassportDataErrors";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self { user_id: args::user_id(arg("user_id"), "user_id")?, errors: arg("errors") })
    }
}

/// `sendGame`: see <https://core.telegram.org/bots/api#sendgame>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SendGame<'a> {
    /// Unique identifier of the business connection on behalf of which the message will be sent
    pub business_connection_id: Option<&'a str>,
    /// Unique identifier for the target chat or username of the target bot in the format @username.
    pub chat_id: &'a str,
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    pub message_thread_id: Option<i64>,
    /// Short name of the game, serves as the unique identifier for the game.
    pub game_short_name: &'a str,
    /// Sends the message silently.
    pub disable_notification: bool,
    /// Protects the contents of the sent message from forwarding and saving
    pub protect_content: bool,
    /// Pass True to allow up to 1000 messages per second, ignoring broadcasting limits for a fee of 0.1 Telegram Stars per message.
    pub allow_paid_broadcast: bool,
    /// Unique identifier of the message effect to be added to the message; for private chats only
    pub message_effect_id: Option<&'a str>,
    /// Description of the message to reply to
    pub reply_parameters: Option<&'a str>,
    /// A JSON-serialized object for an inline keyboard.
    pub reply_markup: Option<&'a str>,
}

impl<'a> Decode<'a> for SendGame<'a> {
    const METHOD: &'static str = "sendGame";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            business_connection_id: arg("business_connection_id"),
            chat_id: arg("chat_id").unwrap_or_default(),
            message_thread_id: args::integer(arg("message_thread_id")),
            game_short_name: arg("game_short_name").unwrap_or_default(),
            disable_notification: args::boolean(arg("disable_notification")),
            protect_content: args::boolean(arg("protect_content")),
            allow_paid_broadcast: args::boolean(arg("allow_paid_broadcast")),
            message_effect_id: arg("message_effect_id"),
            reply_parameters: arg("reply_parameters"),
            reply_markup: arg("reply_markup"),
        })
    }
}

/// `setGameScore`: see <https://core.telegram.org/bots/api#setgamescore>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SetGameScore<'a> {
    /// User identifier
    pub user_id: i64,
    /// New score, must be non-negative
    pub score: i64,
    /// Pass True if the high score is allowed to decrease.
    pub force: bool,
    /// Pass True if the game message should not be automatically edited to include the current scoreboard
    pub disable_edit_message: bool,
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<i64>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
}

impl<'a> Decode<'a> for SetGameScore<'a> {
    const METHOD: &'static str = "setGameScore";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            score: args::integer(arg("score")).unwrap_or(0),
            force: args::boolean(arg("force")),
            disable_edit_message: args::boolean(arg("disable_edit_message")),
            chat_id: args::integer(arg("chat_id")),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
        })
    }
}

/// `getGameHighScores`: see <https://core.telegram.org/bots/api#getgamehighscores>.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GetGameHighScores<'a> {
    /// Target user id
    pub user_id: i64,
    /// Required if inline_message_id is not specified.
    pub chat_id: Option<i64>,
    /// Required if inline_message_id is not specified.
    pub message_id: Option<i64>,
    /// Required if chat_id and message_id are not specified.
    pub inline_message_id: Option<&'a str>,
}

impl<'a> Decode<'a> for GetGameHighScores<'a> {
    const METHOD: &'static str = "getGameHighScores";
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError> {
        Ok(Self {
            user_id: args::user_id(arg("user_id"), "user_id")?,
            chat_id: args::integer(arg("chat_id")),
            message_id: args::integer(arg("message_id")),
            inline_message_id: arg("inline_message_id"),
        })
    }
}

/// The options every method that sends a message takes besides its content: where it goes, the reply, the keyboard, protection and the message's options.
///
/// Implemented by the parameters of `sendMessage`, `forwardMessage`, `forwardMessages`, `copyMessage`, `copyMessages`, `sendPhoto`, `sendAudio`, `sendDocument`, `sendVideo`, `sendAnimation`, `sendVoice`, `sendVideoNote`, `sendMediaGroup`, `sendLocation`, `sendVenue`, `sendContact`, `sendPoll`, `sendDice`, `sendInvoice`, `sendSticker`, `sendPaidMedia`, `sendLivePhoto`, `sendRichMessage`, `sendWidget`, `sendSharedWidget`.
pub trait SendArgs<'a>: Sync {
    /// Unique identifier for the target chat or username of the target bot, supergroup or channel in the format @username
    fn chat_id(&self) -> &'a str {
        ""
    }
    /// Unique identifier of the business connection on behalf of which the message will be sent
    fn business_connection_id(&self) -> Option<&'a str> {
        None
    }
    /// Unique identifier for the target message thread (topic) of a forum; for forum supergroups and private chats of bots with forum topic mode enabled only
    fn message_thread_id(&self) -> Option<i64> {
        None
    }
    /// Protects the contents of the sent message from forwarding and saving
    fn protect_content(&self) -> bool {
        false
    }
    /// Unique identifier of the message effect to be added to the message; for private chats only
    fn message_effect_id(&self) -> Option<&'a str> {
        None
    }
    /// Description of the message to reply to
    fn reply_parameters(&self) -> Option<&'a str> {
        None
    }
    /// Additional interface options.
    fn reply_markup(&self) -> Option<&'a str> {
        None
    }
    /// Link preview generation options for the message
    fn link_preview_options(&self) -> Option<&'a str> {
        None
    }
    /// Pass True if the caption must be shown above the message media.
    fn show_caption_above_media(&self) -> bool {
        false
    }
    /// Identifier of the direct messages topic to which the message will be sent; required if the message is sent to a direct messages chat
    fn direct_messages_topic_id(&self) -> Option<i64> {
        None
    }
    /// A JSON-serialized object containing the parameters of the suggested post to send; for direct messages chats only.
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        None
    }
    /// A JSON-serialized object containing the parameters of the ephemeral message to send
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        None
    }
}

impl<'a> SendArgs<'a> for SendMessage<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn link_preview_options(&self) -> Option<&'a str> {
        self.link_preview_options
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for ForwardMessage<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
}

impl<'a> SendArgs<'a> for ForwardMessages<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
}

impl<'a> SendArgs<'a> for CopyMessage<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn show_caption_above_media(&self) -> bool {
        self.show_caption_above_media
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
}

impl<'a> SendArgs<'a> for CopyMessages<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
}

impl<'a> SendArgs<'a> for SendPhoto<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn show_caption_above_media(&self) -> bool {
        self.show_caption_above_media
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendAudio<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendDocument<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendVideo<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn show_caption_above_media(&self) -> bool {
        self.show_caption_above_media
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendAnimation<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn show_caption_above_media(&self) -> bool {
        self.show_caption_above_media
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendVoice<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendVideoNote<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendMediaGroup<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
}

impl<'a> SendArgs<'a> for SendLocation<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendVenue<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendContact<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendPoll<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
}

impl<'a> SendArgs<'a> for SendDice<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
}

impl<'a> SendArgs<'a> for SendInvoice<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
}

impl<'a> SendArgs<'a> for SendSticker<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendPaidMedia<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn show_caption_above_media(&self) -> bool {
        self.show_caption_above_media
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
}

impl<'a> SendArgs<'a> for SendLivePhoto<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn show_caption_above_media(&self) -> bool {
        self.show_caption_above_media
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendRichMessage<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn business_connection_id(&self) -> Option<&'a str> {
        self.business_connection_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn direct_messages_topic_id(&self) -> Option<i64> {
        self.direct_messages_topic_id
    }
    fn suggested_post_parameters(&self) -> Option<&'a str> {
        self.suggested_post_parameters
    }
    fn ephemeral_message_parameters(&self) -> Option<&'a str> {
        self.ephemeral_message_parameters
    }
}

impl<'a> SendArgs<'a> for SendWidget<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn show_caption_above_media(&self) -> bool {
        self.show_caption_above_media
    }
}

impl<'a> SendArgs<'a> for SendSharedWidget<'a> {
    fn chat_id(&self) -> &'a str {
        self.chat_id
    }
    fn message_thread_id(&self) -> Option<i64> {
        self.message_thread_id
    }
    fn protect_content(&self) -> bool {
        self.protect_content
    }
    fn message_effect_id(&self) -> Option<&'a str> {
        self.message_effect_id
    }
    fn reply_parameters(&self) -> Option<&'a str> {
        self.reply_parameters
    }
    fn reply_markup(&self) -> Option<&'a str> {
        self.reply_markup
    }
    fn show_caption_above_media(&self) -> bool {
        self.show_caption_above_media
    }
}

/// What the methods that send one file take: the file (under its kind's name), its caption and how it shows, and the facts about it the caller gives.
///
/// Implemented by the parameters of `sendPhoto`, `sendAudio`, `sendDocument`, `sendVideo`, `sendAnimation`, `sendVoice`, `sendVideoNote`, `sendSticker`, `sendLivePhoto`.
pub trait FileArgs<'a>: SendArgs<'a> {
    /// Live photo video to send.
    fn live_photo(&self) -> Option<&'a str> {
        None
    }
    /// Photo to send.
    fn photo(&self) -> Option<&'a str> {
        None
    }
    /// Audio file to send.
    fn audio(&self) -> Option<&'a str> {
        None
    }
    /// File to send.
    fn document(&self) -> Option<&'a str> {
        None
    }
    /// Video to send.
    fn video(&self) -> Option<&'a str> {
        None
    }
    /// Animation to send.
    fn animation(&self) -> Option<&'a str> {
        None
    }
    /// Audio file to send.
    fn voice(&self) -> Option<&'a str> {
        None
    }
    /// Video note to send.
    fn video_note(&self) -> Option<&'a str> {
        None
    }
    /// Sticker to send.
    fn sticker(&self) -> Option<&'a str> {
        None
    }
    /// Emoji associated with the sticker; only for just uploaded stickers
    fn emoji(&self) -> Option<&'a str> {
        None
    }
    /// Photo caption (may also be used when resending photos by file_id), 0-1024 characters after entities parsing
    fn caption(&self) -> Option<&'a str> {
        None
    }
    /// Mode for parsing entities in the photo caption.
    fn parse_mode(&self) -> Option<&'a str> {
        None
    }
    /// A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    fn caption_entities(&self) -> Option<&'a str> {
        None
    }
    /// Pass True if the photo needs to be covered with a spoiler animation
    fn has_spoiler(&self) -> bool {
        false
    }
    /// Duration of the audio in seconds
    fn duration(&self) -> Option<i64> {
        None
    }
    /// Video width
    fn width(&self) -> Option<i64> {
        None
    }
    /// Video height
    fn height(&self) -> Option<i64> {
        None
    }
    /// Video width and height, i.e.
    fn length(&self) -> Option<i64> {
        None
    }
    /// Performer
    fn performer(&self) -> Option<&'a str> {
        None
    }
    /// Track name
    fn title(&self) -> Option<&'a str> {
        None
    }
    /// Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side.
    fn thumbnail(&self) -> Option<&'a str> {
        None
    }
}

impl<'a> FileArgs<'a> for SendPhoto<'a> {
    fn photo(&self) -> Option<&'a str> {
        self.photo
    }
    fn caption(&self) -> Option<&'a str> {
        self.caption
    }
    fn parse_mode(&self) -> Option<&'a str> {
        self.parse_mode
    }
    fn caption_entities(&self) -> Option<&'a str> {
        self.caption_entities
    }
    fn has_spoiler(&self) -> bool {
        self.has_spoiler
    }
}

impl<'a> FileArgs<'a> for SendAudio<'a> {
    fn audio(&self) -> Option<&'a str> {
        self.audio
    }
    fn caption(&self) -> Option<&'a str> {
        self.caption
    }
    fn parse_mode(&self) -> Option<&'a str> {
        self.parse_mode
    }
    fn caption_entities(&self) -> Option<&'a str> {
        self.caption_entities
    }
    fn duration(&self) -> Option<i64> {
        self.duration
    }
    fn performer(&self) -> Option<&'a str> {
        self.performer
    }
    fn title(&self) -> Option<&'a str> {
        self.title
    }
    fn thumbnail(&self) -> Option<&'a str> {
        self.thumbnail
    }
}

impl<'a> FileArgs<'a> for SendDocument<'a> {
    fn document(&self) -> Option<&'a str> {
        self.document
    }
    fn caption(&self) -> Option<&'a str> {
        self.caption
    }
    fn parse_mode(&self) -> Option<&'a str> {
        self.parse_mode
    }
    fn caption_entities(&self) -> Option<&'a str> {
        self.caption_entities
    }
    fn thumbnail(&self) -> Option<&'a str> {
        self.thumbnail
    }
}

impl<'a> FileArgs<'a> for SendVideo<'a> {
    fn video(&self) -> Option<&'a str> {
        self.video
    }
    fn caption(&self) -> Option<&'a str> {
        self.caption
    }
    fn parse_mode(&self) -> Option<&'a str> {
        self.parse_mode
    }
    fn caption_entities(&self) -> Option<&'a str> {
        self.caption_entities
    }
    fn has_spoiler(&self) -> bool {
        self.has_spoiler
    }
    fn duration(&self) -> Option<i64> {
        self.duration
    }
    fn width(&self) -> Option<i64> {
        self.width
    }
    fn height(&self) -> Option<i64> {
        self.height
    }
    fn thumbnail(&self) -> Option<&'a str> {
        self.thumbnail
    }
}

impl<'a> FileArgs<'a> for SendAnimation<'a> {
    fn animation(&self) -> Option<&'a str> {
        self.animation
    }
    fn caption(&self) -> Option<&'a str> {
        self.caption
    }
    fn parse_mode(&self) -> Option<&'a str> {
        self.parse_mode
    }
    fn caption_entities(&self) -> Option<&'a str> {
        self.caption_entities
    }
    fn has_spoiler(&self) -> bool {
        self.has_spoiler
    }
    fn duration(&self) -> Option<i64> {
        self.duration
    }
    fn width(&self) -> Option<i64> {
        self.width
    }
    fn height(&self) -> Option<i64> {
        self.height
    }
    fn thumbnail(&self) -> Option<&'a str> {
        self.thumbnail
    }
}

impl<'a> FileArgs<'a> for SendVoice<'a> {
    fn voice(&self) -> Option<&'a str> {
        self.voice
    }
    fn caption(&self) -> Option<&'a str> {
        self.caption
    }
    fn parse_mode(&self) -> Option<&'a str> {
        self.parse_mode
    }
    fn caption_entities(&self) -> Option<&'a str> {
        self.caption_entities
    }
    fn duration(&self) -> Option<i64> {
        self.duration
    }
}

impl<'a> FileArgs<'a> for SendVideoNote<'a> {
    fn video_note(&self) -> Option<&'a str> {
        self.video_note
    }
    fn duration(&self) -> Option<i64> {
        self.duration
    }
    fn length(&self) -> Option<i64> {
        self.length
    }
    fn thumbnail(&self) -> Option<&'a str> {
        self.thumbnail
    }
}

impl<'a> FileArgs<'a> for SendSticker<'a> {
    fn sticker(&self) -> Option<&'a str> {
        self.sticker
    }
    fn emoji(&self) -> Option<&'a str> {
        self.emoji
    }
}

impl<'a> FileArgs<'a> for SendLivePhoto<'a> {
    fn live_photo(&self) -> Option<&'a str> {
        self.live_photo
    }
    fn photo(&self) -> Option<&'a str> {
        self.photo
    }
    fn caption(&self) -> Option<&'a str> {
        self.caption
    }
    fn parse_mode(&self) -> Option<&'a str> {
        self.parse_mode
    }
    fn caption_entities(&self) -> Option<&'a str> {
        self.caption_entities
    }
    fn has_spoiler(&self) -> bool {
        self.has_spoiler
    }
}
