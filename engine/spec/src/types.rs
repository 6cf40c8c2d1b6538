//! The Bot API 10.5 types, generated from `api-10.3.json` and `changes-10.5.json` by `sourcegen.rs`: do not edit; run
//! `UPDATE_GENERATED=1 cargo test -p msg-spec` after changing the schema or the generator.
#![allow(clippy::large_enum_variant, clippy::doc_lazy_continuation, clippy::doc_overindented_list_items)]
// The docs are the schema's own words, its URLs and `<placeholders>` as written.
#![allow(rustdoc::bare_urls, rustdoc::invalid_html_tags)]

use serde::{Deserialize, Serialize};

/// A value declared as `Integer or String` (a chat id or a channel's @username).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum IntegerOrString {
    Integer(i64),
    String(String),
}

/// `AcceptedGiftTypes`: see <https://core.telegram.org/bots/api#acceptedgifttypes>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcceptedGiftTypes {
    /// True, if unlimited regular gifts are accepted
    pub unlimited_gifts: bool,
    /// True, if limited regular gifts are accepted
    pub limited_gifts: bool,
    /// True, if unique gifts or gifts that can be upgraded to unique for free are accepted
    pub unique_gifts: bool,
    /// True, if a Telegram Premium subscription is accepted
    pub premium_subscription: bool,
    /// True, if transfers of unique gifts from channels are accepted
    pub gifts_from_channels: bool,
}

/// `AffiliateInfo`: see <https://core.telegram.org/bots/api#affiliateinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AffiliateInfo {
    /// Optional. The bot or the user that received an affiliate commission if it was received by a bot or a user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affiliate_user: Option<Box<User>>,
    /// Optional. The chat that received an affiliate commission if it was received by a chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affiliate_chat: Option<Box<Chat>>,
    /// The number of Telegram Stars received by the affiliate for each 1000 Telegram Stars received by the bot from referred users
    pub commission_per_mille: i64,
    /// Integer amount of Telegram Stars received by the affiliate from the transaction, rounded to 0; can be negative for refunds
    pub amount: i64,
    /// Optional. The number of 1/1000000000 shares of Telegram Stars received by the affiliate; from -999999999 to 999999999; can be negative for refunds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nanostar_amount: Option<i64>,
}

/// `Animation`: see <https://core.telegram.org/bots/api#animation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Animation {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Video width as defined by the sender
    pub width: i64,
    /// Video height as defined by the sender
    pub height: i64,
    /// Duration of the video in seconds as defined by the sender
    pub duration: i64,
    /// Optional. Animation thumbnail as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<Box<PhotoSize>>,
    /// Optional. Original animation filename as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// Optional. MIME type of the file as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Optional. File size in bytes. It can be bigger than 2^31 and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `Audio`: see <https://core.telegram.org/bots/api#audio>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Audio {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Duration of the audio in seconds as defined by the sender
    pub duration: i64,
    /// Optional. Performer of the audio as defined by the sender or by audio tags
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub performer: Option<String>,
    /// Optional. Title of the audio as defined by the sender or by audio tags
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Original filename as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// Optional. MIME type of the file as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Optional. File size in bytes. It can be bigger than 2^31 and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
    /// Optional. Thumbnail of the album cover to which the music file belongs
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<Box<PhotoSize>>,
}

/// `BackgroundFill`: see <https://core.telegram.org/bots/api#backgroundfill>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum BackgroundFill {
    #[serde(rename = "solid")]
    BackgroundFillSolid(BackgroundFillSolid),
    #[serde(rename = "gradient")]
    BackgroundFillGradient(BackgroundFillGradient),
    #[serde(rename = "freeform_gradient")]
    BackgroundFillFreeformGradient(BackgroundFillFreeformGradient),
}

/// `BackgroundFillFreeformGradient`: see <https://core.telegram.org/bots/api#backgroundfillfreeformgradient>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgroundFillFreeformGradient {
    // `type` is the tag of the union this type belongs to.
    /// A list of the 3 or 4 base colors that are used to generate the freeform gradient in the RGB24 format
    pub colors: Vec<i64>,
}

/// `BackgroundFillGradient`: see <https://core.telegram.org/bots/api#backgroundfillgradient>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgroundFillGradient {
    // `type` is the tag of the union this type belongs to.
    /// Top color of the gradient in the RGB24 format
    pub top_color: i64,
    /// Bottom color of the gradient in the RGB24 format
    pub bottom_color: i64,
    /// Clockwise rotation angle of the background fill in degrees; 0-359
    pub rotation_angle: i64,
}

/// `BackgroundFillSolid`: see <https://core.telegram.org/bots/api#backgroundfillsolid>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgroundFillSolid {
    // `type` is the tag of the union this type belongs to.
    /// The color of the background fill in the RGB24 format
    pub color: i64,
}

/// `BackgroundType`: see <https://core.telegram.org/bots/api#backgroundtype>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum BackgroundType {
    #[serde(rename = "fill")]
    BackgroundTypeFill(BackgroundTypeFill),
    #[serde(rename = "wallpaper")]
    BackgroundTypeWallpaper(BackgroundTypeWallpaper),
    #[serde(rename = "pattern")]
    BackgroundTypePattern(BackgroundTypePattern),
    #[serde(rename = "chat_theme")]
    BackgroundTypeChatTheme(BackgroundTypeChatTheme),
}

/// `BackgroundTypeChatTheme`: see <https://core.telegram.org/bots/api#backgroundtypechattheme>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgroundTypeChatTheme {
    // `type` is the tag of the union this type belongs to.
    /// Name of the chat theme, which is usually an emoji
    pub theme_name: String,
}

/// `BackgroundTypeFill`: see <https://core.telegram.org/bots/api#backgroundtypefill>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgroundTypeFill {
    // `type` is the tag of the union this type belongs to.
    /// The background fill
    pub fill: Box<BackgroundFill>,
    /// Dimming of the background in dark themes, as a percentage; 0-100
    pub dark_theme_dimming: i64,
}

/// `BackgroundTypePattern`: see <https://core.telegram.org/bots/api#backgroundtypepattern>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgroundTypePattern {
    // `type` is the tag of the union this type belongs to.
    /// Document with the pattern
    pub document: Box<Document>,
    /// The background fill that is combined with the pattern
    pub fill: Box<BackgroundFill>,
    /// Intensity of the pattern when it is shown above the filled background; 0-100
    pub intensity: i64,
    /// Optional. True, if the background fill must be applied only to the pattern itself. All other pixels are black in this case. For dark themes only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_inverted: Option<bool>,
    /// Optional. True, if the background moves slightly when the device is tilted
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_moving: Option<bool>,
}

/// `BackgroundTypeWallpaper`: see <https://core.telegram.org/bots/api#backgroundtypewallpaper>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackgroundTypeWallpaper {
    // `type` is the tag of the union this type belongs to.
    /// Document with the wallpaper
    pub document: Box<Document>,
    /// Dimming of the background in dark themes, as a percentage; 0-100
    pub dark_theme_dimming: i64,
    /// Optional. True, if the wallpaper is downscaled to fit in a 450x450 square and then box-blurred with radius 12
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_blurred: Option<bool>,
    /// Optional. True, if the background moves slightly when the device is tilted
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_moving: Option<bool>,
}

/// `Birthdate`: see <https://core.telegram.org/bots/api#birthdate>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Birthdate {
    /// Day of the user's birth; 1-31
    pub day: i64,
    /// Month of the user's birth; 1-12
    pub month: i64,
    /// Optional. Year of the user's birth
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<i64>,
}

/// `BotAccessSettings`: see <https://core.telegram.org/bots/api#botaccesssettings>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotAccessSettings {
    /// True, if only selected users can access the bot. The bot's owner can always access it.
    pub is_access_restricted: bool,
    /// Optional. The list of other users who have access to the bot if the access is restricted
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_users: Option<Vec<User>>,
}

/// `BotCommand`: see <https://core.telegram.org/bots/api#botcommand>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotCommand {
    /// Text of the command; 1-32 characters. Can contain only lowercase English letters, digits and underscores.
    pub command: String,
    /// Description of the command; 1-256 characters
    pub description: String,
    /// Optional. True, if the command sends an ephemeral message, which can be seen only by the sender of the message and the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_ephemeral: Option<bool>,
}

/// `BotCommandScope`: see <https://core.telegram.org/bots/api#botcommandscope>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum BotCommandScope {
    #[serde(rename = "default")]
    BotCommandScopeDefault(BotCommandScopeDefault),
    #[serde(rename = "all_private_chats")]
    BotCommandScopeAllPrivateChats(BotCommandScopeAllPrivateChats),
    #[serde(rename = "all_group_chats")]
    BotCommandScopeAllGroupChats(BotCommandScopeAllGroupChats),
    #[serde(rename = "all_chat_administrators")]
    BotCommandScopeAllChatAdministrators(BotCommandScopeAllChatAdministrators),
    #[serde(rename = "chat")]
    BotCommandScopeChat(BotCommandScopeChat),
    #[serde(rename = "chat_administrators")]
    BotCommandScopeChatAdministrators(BotCommandScopeChatAdministrators),
    #[serde(rename = "chat_member")]
    BotCommandScopeChatMember(BotCommandScopeChatMember),
}

/// `BotCommandScopeAllChatAdministrators`: see <https://core.telegram.org/bots/api#botcommandscopeallchatadministrators>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotCommandScopeAllChatAdministrators {
    // `type` is the tag of the union this type belongs to.
}

/// `BotCommandScopeAllGroupChats`: see <https://core.telegram.org/bots/api#botcommandscopeallgroupchats>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotCommandScopeAllGroupChats {
    // `type` is the tag of the union this type belongs to.
}

/// `BotCommandScopeAllPrivateChats`: see <https://core.telegram.org/bots/api#botcommandscopeallprivatechats>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotCommandScopeAllPrivateChats {
    // `type` is the tag of the union this type belongs to.
}

/// `BotCommandScopeChat`: see <https://core.telegram.org/bots/api#botcommandscopechat>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotCommandScopeChat {
    // `type` is the tag of the union this type belongs to.
    /// Unique identifier for the target chat or username of the target supergroup in the format @username. Channel direct messages chats and channel chats aren't supported.
    pub chat_id: IntegerOrString,
}

/// `BotCommandScopeChatAdministrators`: see <https://core.telegram.org/bots/api#botcommandscopechatadministrators>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotCommandScopeChatAdministrators {
    // `type` is the tag of the union this type belongs to.
    /// Unique identifier for the target chat or username of the target supergroup in the format @username. Channel direct messages chats and channel chats aren't supported.
    pub chat_id: IntegerOrString,
}

/// `BotCommandScopeChatMember`: see <https://core.telegram.org/bots/api#botcommandscopechatmember>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotCommandScopeChatMember {
    // `type` is the tag of the union this type belongs to.
    /// Unique identifier for the target chat or username of the target supergroup in the format @username. Channel direct messages chats and channel chats aren't supported.
    pub chat_id: IntegerOrString,
    /// Unique identifier of the target user
    pub user_id: i64,
}

/// `BotCommandScopeDefault`: see <https://core.telegram.org/bots/api#botcommandscopedefault>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotCommandScopeDefault {
    // `type` is the tag of the union this type belongs to.
}

/// `BotDescription`: see <https://core.telegram.org/bots/api#botdescription>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotDescription {
    /// The bot's description
    pub description: String,
}

/// `BotFullInfo`: see <https://core.telegram.org/bots/api#botfullinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotFullInfo {
    /// Unique identifier for this user or bot. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a 64-bit integer or double-precision float type are safe for storing this identifier.
    pub id: i64,
    /// True, if this user is a bot
    pub is_bot: bool,
    /// User's or bot's first name
    pub first_name: String,
    /// Optional. User's or bot's last name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Optional. User's or bot's username
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// True, if the bot can be invited to groups.
    pub can_join_groups: bool,
    /// True, if privacy mode is disabled for the bot.
    pub can_read_all_group_messages: bool,
    /// True, if the bot supports guest queries from chats it is not a member of.
    pub supports_guest_queries: bool,
    /// True, if the bot supports inline queries.
    pub supports_inline_queries: bool,
    /// True, if the bot can be connected to a user account to manage it.
    pub can_connect_to_business: bool,
    /// True, if the bot has a main Web App.
    pub has_main_web_app: bool,
    /// True, if the bot has forum topic mode enabled in private chats.
    pub has_topics_enabled: bool,
    /// True, if the bot allows users to create and delete topics in private chats.
    pub allows_users_to_create_topics: bool,
    /// True, if other bots can be created to be controlled by the bot.
    pub can_manage_bots: bool,
    /// True, if the bot supports join request queries and can be assigned to process them.
    pub supports_join_request_queries: bool,
    /// The list of all active usernames of the bot
    pub active_usernames: Vec<String>,
    /// Optional. Placeholder for inline queries, if the bot supports inline queries and has a custom one
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline_query_placeholder: Option<String>,
    /// True, if the bot requests the location of the user with every inline query
    pub needs_inline_query_location: bool,
    /// True, if topics in private chats with the bot are shown in a sidebar
    pub has_topic_sidebar: bool,
}

/// `BotName`: see <https://core.telegram.org/bots/api#botname>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotName {
    /// The bot's name
    pub name: String,
}

/// `BotShortDescription`: see <https://core.telegram.org/bots/api#botshortdescription>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotShortDescription {
    /// The bot's short description
    pub short_description: String,
}

/// `BotSubscriptionUpdated`: see <https://core.telegram.org/bots/api#botsubscriptionupdated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotSubscriptionUpdated {
    /// User who subscribed for payments toward the bot
    pub user: Box<User>,
    /// Bot-specified invoice payload
    pub invoice_payload: String,
    /// The new state of the subscription. Currently, it can be one of "canceled" if the user canceled the subscription, "active" if the user re-enabled a previously canceled subscription, or "failed" if payment for the subscription failed.
    pub state: String,
}

/// `BusinessBotRights`: see <https://core.telegram.org/bots/api#businessbotrights>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BusinessBotRights {
    /// Optional. True, if the bot can send and edit messages in the private chats that had incoming messages in the last 24 hours
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_reply: Option<bool>,
    /// Optional. True, if the bot can mark incoming private messages as read
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_read_messages: Option<bool>,
    /// Optional. True, if the bot can delete messages sent by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_delete_sent_messages: Option<bool>,
    /// Optional. True, if the bot can delete all private messages in managed chats
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_delete_all_messages: Option<bool>,
    /// Optional. True, if the bot can edit the first and last name of the business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_edit_name: Option<bool>,
    /// Optional. True, if the bot can edit the bio of the business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_edit_bio: Option<bool>,
    /// Optional. True, if the bot can edit the profile photo of the business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_edit_profile_photo: Option<bool>,
    /// Optional. True, if the bot can edit the username of the business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_edit_username: Option<bool>,
    /// Optional. True, if the bot can change the privacy settings pertaining to gifts for the business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_change_gift_settings: Option<bool>,
    /// Optional. True, if the bot can view gifts and the amount of Telegram Stars owned by the business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_view_gifts_and_stars: Option<bool>,
    /// Optional. True, if the bot can convert regular gifts owned by the business account to Telegram Stars
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_convert_gifts_to_stars: Option<bool>,
    /// Optional. True, if the bot can transfer and upgrade gifts owned by the business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_transfer_and_upgrade_gifts: Option<bool>,
    /// Optional. True, if the bot can transfer Telegram Stars received by the business account to its own account, or use them to upgrade and transfer gifts
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_transfer_stars: Option<bool>,
    /// Optional. True, if the bot can post, edit and delete stories on behalf of the business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_manage_stories: Option<bool>,
}

/// `BusinessConnection`: see <https://core.telegram.org/bots/api#businessconnection>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BusinessConnection {
    /// Unique identifier of the business connection
    pub id: String,
    /// Business account user that created the business connection
    pub user: Box<User>,
    /// Identifier of a private chat with the user who created the business connection. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a 64-bit integer or double-precision float type are safe for storing this identifier.
    pub user_chat_id: i64,
    /// Date the connection was established in Unix time
    pub date: i64,
    /// Optional. Rights of the business bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rights: Option<Box<BusinessBotRights>>,
    /// True, if the connection is active
    pub is_enabled: bool,
}

/// `BusinessIntro`: see <https://core.telegram.org/bots/api#businessintro>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BusinessIntro {
    /// Optional. Title text of the business intro
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Message text of the business intro
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Optional. Sticker of the business intro
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sticker: Option<Box<Sticker>>,
}

/// `BusinessLocation`: see <https://core.telegram.org/bots/api#businesslocation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BusinessLocation {
    /// Address of the business
    pub address: String,
    /// Optional. Location of the business
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Box<Location>>,
}

/// `BusinessMessagesDeleted`: see <https://core.telegram.org/bots/api#businessmessagesdeleted>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BusinessMessagesDeleted {
    /// Unique identifier of the business connection
    pub business_connection_id: String,
    /// Information about a chat in the business account. The bot may not have access to the chat or the corresponding user.
    pub chat: Box<Chat>,
    /// The list of identifiers of deleted messages in the chat of the business account
    pub message_ids: Vec<i64>,
}

/// `BusinessOpeningHours`: see <https://core.telegram.org/bots/api#businessopeninghours>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BusinessOpeningHours {
    /// Unique name of the time zone for which the opening hours are defined
    pub time_zone_name: String,
    /// List of time intervals describing business opening hours
    pub opening_hours: Vec<BusinessOpeningHoursInterval>,
}

/// `BusinessOpeningHoursInterval`: see <https://core.telegram.org/bots/api#businessopeninghoursinterval>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BusinessOpeningHoursInterval {
    /// The minute's sequence number in a week, starting on Monday, marking the start of the time interval during which the business is open; 0 - 7 * 24 * 60
    pub opening_minute: i64,
    /// The minute's sequence number in a week, starting on Monday, marking the end of the time interval during which the business is open; 0 - 8 * 24 * 60
    pub closing_minute: i64,
}

/// `CallbackGame`: see <https://core.telegram.org/bots/api#callbackgame>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallbackGame {}

/// `CallbackQuery`: see <https://core.telegram.org/bots/api#callbackquery>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CallbackQuery {
    /// Unique identifier for this query
    pub id: String,
    /// Sender
    pub from: Box<User>,
    /// Optional. Message sent by the bot with the callback button that originated the query
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Box<MaybeInaccessibleMessage>>,
    /// Optional. Identifier of the message sent via the bot in inline mode, that originated the query
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline_message_id: Option<String>,
    /// Global identifier, uniquely corresponding to the chat to which the message with the callback button was sent. Useful for high scores in games.
    pub chat_instance: String,
    /// Optional. Data associated with the callback button. Be aware that the message originated the query can contain no callback buttons with this data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// Optional. Short name of a Game to be returned, serves as the unique identifier for the game
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_short_name: Option<String>,
}

/// `Chat`: see <https://core.telegram.org/bots/api#chat>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chat {
    /// Unique identifier for this chat. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this identifier.
    pub id: i64,
    /// Type of the chat, can be either "private", "group", "supergroup" or "channel"
    pub r#type: String,
    /// Optional. Title, for supergroups, channels and group chats
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Username, for private chats, supergroups and channels if available
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Optional. First name of the other party in a private chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    /// Optional. Last name of the other party in a private chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Optional. True, if the supergroup chat is a forum (has topics enabled)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_forum: Option<bool>,
    /// Optional. True, if the chat is the direct messages chat of a channel
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_direct_messages: Option<bool>,
}

/// `ChatAdministratorRights`: see <https://core.telegram.org/bots/api#chatadministratorrights>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatAdministratorRights {
    /// True, if the user's presence in the chat is hidden
    pub is_anonymous: bool,
    /// True, if the administrator can access the chat event log, get boost list, see hidden supergroup and channel members, report spam messages, ignore slow mode, and send messages to the chat without paying Telegram Stars. Implied by any other administrator privilege.
    pub can_manage_chat: bool,
    /// True, if the administrator can delete messages of other users
    pub can_delete_messages: bool,
    /// True, if the administrator can manage video chats
    pub can_manage_video_chats: bool,
    /// True, if the administrator can restrict, ban or unban chat members, or access supergroup statistics
    pub can_restrict_members: bool,
    /// True, if the administrator can add new administrators with a subset of their own privileges or demote administrators that they have promoted, directly or indirectly (promoted by administrators that were appointed by the user)
    pub can_promote_members: bool,
    /// True, if the user is allowed to change the chat title, photo and other settings
    pub can_change_info: bool,
    /// True, if the user is allowed to invite new users to the chat
    pub can_invite_users: bool,
    /// True, if the administrator can post stories to the chat
    pub can_post_stories: bool,
    /// True, if the administrator can edit stories posted by other users, post stories to the chat page, pin chat stories, and access the chat's story archive
    pub can_edit_stories: bool,
    /// True, if the administrator can delete stories posted by other users
    pub can_delete_stories: bool,
    /// Optional. True, if the administrator can post messages in the channel, approve suggested posts, or access channel statistics; for channels only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_post_messages: Option<bool>,
    /// Optional. True, if the administrator can edit messages of other users and can pin messages; for channels only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_edit_messages: Option<bool>,
    /// Optional. True, if the user is allowed to pin messages; for groups and supergroups only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_pin_messages: Option<bool>,
    /// Optional. True, if the user is allowed to create, rename, close, and reopen forum topics; for supergroups only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_manage_topics: Option<bool>,
    /// Optional. True, if the administrator can manage direct messages of the channel and decline suggested posts; for channels only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_manage_direct_messages: Option<bool>,
    /// Optional. True, if the administrator can edit the tags of regular members; for groups and supergroups only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_manage_tags: Option<bool>,
    /// True, if the administrator can manage chat welcome messages or directly send them in the case of bots
    #[serde(default)]
    pub can_send_welcome_messages: bool,
}

/// `ChatBackground`: see <https://core.telegram.org/bots/api#chatbackground>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBackground {
    /// Type of the background
    pub r#type: Box<BackgroundType>,
}

/// `ChatBoost`: see <https://core.telegram.org/bots/api#chatboost>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBoost {
    /// Unique identifier of the boost
    pub boost_id: String,
    /// Point in time (Unix timestamp) when the chat was boosted
    pub add_date: i64,
    /// Point in time (Unix timestamp) when the boost will automatically expire, unless the booster's Telegram Premium subscription is prolonged
    pub expiration_date: i64,
    /// Source of the added boost
    pub source: Box<ChatBoostSource>,
}

/// `ChatBoostAdded`: see <https://core.telegram.org/bots/api#chatboostadded>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBoostAdded {
    /// Number of boosts added by the user
    pub boost_count: i64,
}

/// `ChatBoostRemoved`: see <https://core.telegram.org/bots/api#chatboostremoved>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBoostRemoved {
    /// Chat which was boosted
    pub chat: Box<Chat>,
    /// Unique identifier of the boost
    pub boost_id: String,
    /// Point in time (Unix timestamp) when the boost was removed
    pub remove_date: i64,
    /// Source of the removed boost
    pub source: Box<ChatBoostSource>,
}

/// `ChatBoostSource`: see <https://core.telegram.org/bots/api#chatboostsource>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "source")]
pub enum ChatBoostSource {
    #[serde(rename = "premium")]
    ChatBoostSourcePremium(ChatBoostSourcePremium),
    #[serde(rename = "gift_code")]
    ChatBoostSourceGiftCode(ChatBoostSourceGiftCode),
    #[serde(rename = "giveaway")]
    ChatBoostSourceGiveaway(ChatBoostSourceGiveaway),
}

/// `ChatBoostSourceGiftCode`: see <https://core.telegram.org/bots/api#chatboostsourcegiftcode>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBoostSourceGiftCode {
    // `source` is the tag of the union this type belongs to.
    /// User for which the gift code was created
    pub user: Box<User>,
}

/// `ChatBoostSourceGiveaway`: see <https://core.telegram.org/bots/api#chatboostsourcegiveaway>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBoostSourceGiveaway {
    // `source` is the tag of the union this type belongs to.
    /// Identifier of a message in the chat with the giveaway; the message could have been deleted already. May be 0 if the message isn't sent yet.
    pub giveaway_message_id: i64,
    /// Optional. User that won the prize in the giveaway if any; for Telegram Premium giveaways only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<Box<User>>,
    /// Optional. The number of Telegram Stars to be split between giveaway winners; for Telegram Star giveaways only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prize_star_count: Option<i64>,
    /// Optional. True, if the giveaway was completed, but there was no user to win the prize
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_unclaimed: Option<bool>,
}

/// `ChatBoostSourcePremium`: see <https://core.telegram.org/bots/api#chatboostsourcepremium>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBoostSourcePremium {
    // `source` is the tag of the union this type belongs to.
    /// User that boosted the chat
    pub user: Box<User>,
}

/// `ChatBoostUpdated`: see <https://core.telegram.org/bots/api#chatboostupdated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatBoostUpdated {
    /// Chat which was boosted
    pub chat: Box<Chat>,
    /// Information about the chat boost
    pub boost: Box<ChatBoost>,
}

/// `ChatFullInfo`: see <https://core.telegram.org/bots/api#chatfullinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatFullInfo {
    /// Unique identifier for this chat. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this identifier.
    pub id: i64,
    /// Type of the chat, can be either "private", "group", "supergroup" or "channel"
    pub r#type: String,
    /// Optional. Title, for supergroups, channels and group chats
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Username, for private chats, supergroups and channels if available
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Optional. First name of the other party in a private chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    /// Optional. Last name of the other party in a private chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Optional. True, if the supergroup chat is a forum (has topics enabled)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_forum: Option<bool>,
    /// Optional. True, if the chat is the direct messages chat of a channel
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_direct_messages: Option<bool>,
    /// Identifier of the accent color for the chat name and backgrounds of the chat photo, reply header, and link preview. See accent colors for more details.
    pub accent_color_id: i64,
    /// The maximum number of reactions that can be set on a message in the chat
    pub max_reaction_count: i64,
    /// Optional. Chat photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<Box<ChatPhoto>>,
    /// Optional. If non-empty, the list of all active chat usernames; for private chats, supergroups and channels
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_usernames: Option<Vec<String>>,
    /// Optional. For private chats, the date of birth of the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birthdate: Option<Box<Birthdate>>,
    /// Optional. For private chats with business accounts, the intro of the business
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_intro: Option<Box<BusinessIntro>>,
    /// Optional. For private chats with business accounts, the location of the business
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_location: Option<Box<BusinessLocation>>,
    /// Optional. For private chats with business accounts, the opening hours of the business
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_opening_hours: Option<Box<BusinessOpeningHours>>,
    /// Optional. For private chats, the personal channel of the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub personal_chat: Option<Box<Chat>>,
    /// Optional. Information about the corresponding channel chat; for direct messages chats only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent_chat: Option<Box<Chat>>,
    /// Optional. List of available reactions allowed in the chat. If omitted, then all emoji reactions are allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_reactions: Option<Vec<ReactionType>>,
    /// Optional. Custom emoji identifier of the emoji chosen by the chat for the reply header and link preview background
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background_custom_emoji_id: Option<String>,
    /// Optional. Identifier of the accent color for the chat's profile background. See profile accent colors for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_accent_color_id: Option<i64>,
    /// Optional. Custom emoji identifier of the emoji chosen by the chat for its profile background
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_background_custom_emoji_id: Option<String>,
    /// Optional. Custom emoji identifier of the emoji status of the chat or the other party in a private chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emoji_status_custom_emoji_id: Option<String>,
    /// Optional. Expiration date of the emoji status of the chat or the other party in a private chat, in Unix time, if any
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emoji_status_expiration_date: Option<i64>,
    /// Optional. Bio of the other party in a private chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bio: Option<String>,
    /// Optional. True, if privacy settings of the other party in the private chat allows to use tg://user?id=<user_id> links only in chats with the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_private_forwards: Option<bool>,
    /// Optional. True, if the privacy settings of the other party restrict sending voice and video note messages in the private chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_restricted_voice_and_video_messages: Option<bool>,
    /// Optional. True, if users need to join the supergroup before they can send messages
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join_to_send_messages: Option<bool>,
    /// Optional. True, if all users directly joining the supergroup without using an invite link need to be approved by supergroup administrators
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub join_by_request: Option<bool>,
    /// Optional. Description, for groups, supergroups and channel chats
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Primary invite link, for groups, supergroups and channel chats
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_link: Option<String>,
    /// Optional. The most recent pinned message (by sending date)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pinned_message: Option<Box<Message>>,
    /// Optional. Default chat member permissions, for groups and supergroups
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permissions: Option<Box<ChatPermissions>>,
    /// Information about types of gifts that are accepted by the chat or by the corresponding user for private chats
    pub accepted_gift_types: Box<AcceptedGiftTypes>,
    /// Optional. True, if paid media messages can be sent or forwarded to the channel chat. The field is available only for channel chats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_paid_media: Option<bool>,
    /// Optional. For supergroups, the minimum allowed delay between consecutive messages sent by each unprivileged user; in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slow_mode_delay: Option<i64>,
    /// Optional. For supergroups, the minimum number of boosts that a non-administrator user needs to add in order to ignore slow mode and chat permissions
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrestrict_boost_count: Option<i64>,
    /// Optional. The time after which all messages sent to the chat will be automatically deleted; in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_auto_delete_time: Option<i64>,
    /// Optional. True, if aggressive anti-spam checks are enabled in the supergroup. The field is only available to chat administrators.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_aggressive_anti_spam_enabled: Option<bool>,
    /// Optional. True, if non-administrators can only get the list of bots and administrators in the chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_hidden_members: Option<bool>,
    /// Optional. True, if messages from the chat can't be forwarded to other chats
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_protected_content: Option<bool>,
    /// Optional. True, if new chat members will have access to old messages; available only to chat administrators
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_visible_history: Option<bool>,
    /// Optional. For supergroups, name of the group sticker set
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sticker_set_name: Option<String>,
    /// Optional. True, if the bot can change the group sticker set
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_set_sticker_set: Option<bool>,
    /// Optional. For supergroups, the name of the group's custom emoji sticker set. Custom emoji from this set can be used by all users and bots in the group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_emoji_sticker_set_name: Option<String>,
    /// Optional. Unique identifier for the linked chat, i.e. the discussion group identifier for a channel and vice versa; for supergroups and channel chats. This identifier may be greater than 32 bits and some programming languages may have difficulty/silent defects in interpreting it. But it is smaller than 52 bits, so a signed 64 bit integer or double-precision float type are safe for storing this identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linked_chat_id: Option<i64>,
    /// Optional. For supergroups, the location to which the supergroup is connected
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Box<ChatLocation>>,
    /// Optional. For private chats, the rating of the user if any
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<Box<UserRating>>,
    /// Optional. For private chats, the first audio added to the profile of the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_profile_audio: Option<Box<Audio>>,
    /// Optional. The color scheme based on a unique gift that must be used for the chat's name, message replies and link previews
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_gift_colors: Option<Box<UniqueGiftColors>>,
    /// Optional. The number of Telegram Stars a general user has to pay to send a message to the chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_message_star_count: Option<i64>,
    /// Optional. The bot that processes join request queries in the chat. The field is only available to chat administrators.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard_bot: Option<Box<User>>,
    /// Optional. The Community to which the chat belongs
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community: Option<Box<Community>>,
}

/// `ChatInviteLink`: see <https://core.telegram.org/bots/api#chatinvitelink>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatInviteLink {
    /// The invite link. If the link was created by another chat administrator, then the second part of the link will be replaced with "...".
    pub invite_link: String,
    /// Creator of the link
    pub creator: Box<User>,
    /// True, if users joining the chat via the link need to be approved by chat administrators
    pub creates_join_request: bool,
    /// True, if the link is primary
    pub is_primary: bool,
    /// True, if the link is revoked
    pub is_revoked: bool,
    /// Optional. Invite link name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Optional. Point in time (Unix timestamp) when the link will expire or has been expired
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expire_date: Option<i64>,
    /// Optional. The maximum number of users that can be members of the chat simultaneously after joining the chat via this invite link; 1-99999
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member_limit: Option<i64>,
    /// Optional. Number of pending join requests created using this link
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_join_request_count: Option<i64>,
    /// Optional. The number of seconds the subscription will be active for before the next payment
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription_period: Option<i64>,
    /// Optional. The amount of Telegram Stars a user must pay initially and after each subsequent subscription period to be a member of the chat using the link
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription_price: Option<i64>,
}

/// `ChatJoinRequest`: see <https://core.telegram.org/bots/api#chatjoinrequest>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatJoinRequest {
    /// Chat to which the request was sent
    pub chat: Box<Chat>,
    /// User that sent the join request
    pub from: Box<User>,
    /// Identifier of a private chat with the user who sent the join request. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a 64-bit integer or double-precision float type are safe for storing this identifier. The bot can use this identifier for 5 minutes to send messages until the join request is processed, assuming no other administrator contacted the user.
    pub user_chat_id: i64,
    /// Date the request was sent in Unix time
    pub date: i64,
    /// Optional. Bio of the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bio: Option<String>,
    /// Optional. Chat invite link that was used by the user to send the join request
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_link: Option<Box<ChatInviteLink>>,
    /// Optional. Identifier of the join request query; for bots assigned to process join requests only. If present, then the bot must call sendChatJoinRequestWebApp or directly call answerChatJoinRequestQuery within 10 seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query_id: Option<String>,
}

/// `ChatLocation`: see <https://core.telegram.org/bots/api#chatlocation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatLocation {
    /// The location to which the supergroup is connected. Can't be a live location.
    pub location: Box<Location>,
    /// Location address; 1-64 characters, as defined by the chat owner
    pub address: String,
}

/// `ChatMember`: see <https://core.telegram.org/bots/api#chatmember>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status")]
pub enum ChatMember {
    #[serde(rename = "creator")]
    ChatMemberOwner(ChatMemberOwner),
    #[serde(rename = "administrator")]
    ChatMemberAdministrator(ChatMemberAdministrator),
    #[serde(rename = "member")]
    ChatMemberMember(ChatMemberMember),
    #[serde(rename = "restricted")]
    ChatMemberRestricted(ChatMemberRestricted),
    #[serde(rename = "left")]
    ChatMemberLeft(ChatMemberLeft),
    #[serde(rename = "kicked")]
    ChatMemberBanned(ChatMemberBanned),
}

/// `ChatMemberAdministrator`: see <https://core.telegram.org/bots/api#chatmemberadministrator>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatMemberAdministrator {
    // `status` is the tag of the union this type belongs to.
    /// Information about the user
    pub user: Box<User>,
    /// True, if the bot is allowed to edit administrator privileges of that user
    pub can_be_edited: bool,
    /// True, if the user's presence in the chat is hidden
    pub is_anonymous: bool,
    /// True, if the administrator can access the chat event log, get boost list, see hidden supergroup and channel members, report spam messages, ignore slow mode, and send messages to the chat without paying Telegram Stars. Implied by any other administrator privilege.
    pub can_manage_chat: bool,
    /// True, if the administrator can delete messages of other users
    pub can_delete_messages: bool,
    /// True, if the administrator can manage video chats
    pub can_manage_video_chats: bool,
    /// True, if the administrator can restrict, ban or unban chat members, or access supergroup statistics
    pub can_restrict_members: bool,
    /// True, if the administrator can add new administrators with a subset of their own privileges or demote administrators that they have promoted, directly or indirectly (promoted by administrators that were appointed by the user)
    pub can_promote_members: bool,
    /// True, if the user is allowed to change the chat title, photo and other settings
    pub can_change_info: bool,
    /// True, if the user is allowed to invite new users to the chat
    pub can_invite_users: bool,
    /// True, if the administrator can post stories to the chat
    pub can_post_stories: bool,
    /// True, if the administrator can edit stories posted by other users, post stories to the chat page, pin chat stories, and access the chat's story archive
    pub can_edit_stories: bool,
    /// True, if the administrator can delete stories posted by other users
    pub can_delete_stories: bool,
    /// Optional. True, if the administrator can post messages in the channel, approve suggested posts, or access channel statistics; for channels only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_post_messages: Option<bool>,
    /// Optional. True, if the administrator can edit messages of other users and can pin messages; for channels only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_edit_messages: Option<bool>,
    /// Optional. True, if the user is allowed to pin messages; for groups and supergroups only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_pin_messages: Option<bool>,
    /// Optional. True, if the user is allowed to create, rename, close, and reopen forum topics; for supergroups only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_manage_topics: Option<bool>,
    /// Optional. True, if the administrator can manage direct messages of the channel and decline suggested posts; for channels only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_manage_direct_messages: Option<bool>,
    /// Optional. True, if the administrator can edit the tags of regular members; for groups and supergroups only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_manage_tags: Option<bool>,
    /// True, if the administrator can manage chat welcome messages or directly send them in the case of bots
    #[serde(default)]
    pub can_send_welcome_messages: bool,
    /// Optional. Custom title for this user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_title: Option<String>,
}

/// `ChatMemberBanned`: see <https://core.telegram.org/bots/api#chatmemberbanned>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatMemberBanned {
    // `status` is the tag of the union this type belongs to.
    /// Information about the user
    pub user: Box<User>,
    /// Date when restrictions will be lifted for this user; Unix time. If 0, then the user is banned forever.
    pub until_date: i64,
}

/// `ChatMemberLeft`: see <https://core.telegram.org/bots/api#chatmemberleft>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatMemberLeft {
    // `status` is the tag of the union this type belongs to.
    /// Information about the user
    pub user: Box<User>,
}

/// `ChatMemberMember`: see <https://core.telegram.org/bots/api#chatmembermember>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatMemberMember {
    // `status` is the tag of the union this type belongs to.
    /// Optional. Tag of the member
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// Information about the user
    pub user: Box<User>,
    /// Optional. Date when the user's subscription will expire; Unix time
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_date: Option<i64>,
}

/// `ChatMemberOwner`: see <https://core.telegram.org/bots/api#chatmemberowner>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatMemberOwner {
    // `status` is the tag of the union this type belongs to.
    /// Information about the user
    pub user: Box<User>,
    /// True, if the user's presence in the chat is hidden
    pub is_anonymous: bool,
    /// Optional. Custom title for this user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_title: Option<String>,
}

/// `ChatMemberRestricted`: see <https://core.telegram.org/bots/api#chatmemberrestricted>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatMemberRestricted {
    // `status` is the tag of the union this type belongs to.
    /// Optional. Tag of the member
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// Information about the user
    pub user: Box<User>,
    /// True, if the user is a member of the chat at the moment of the request
    pub is_member: bool,
    /// True, if the user is allowed to send text messages, rich messages, contacts, giveaways, giveaway winners, invoices, locations and venues
    pub can_send_messages: bool,
    /// True, if the user is allowed to send audios
    pub can_send_audios: bool,
    /// True, if the user is allowed to send documents
    pub can_send_documents: bool,
    /// True, if the user is allowed to send photos
    pub can_send_photos: bool,
    /// True, if the user is allowed to send videos
    pub can_send_videos: bool,
    /// True, if the user is allowed to send video notes
    pub can_send_video_notes: bool,
    /// True, if the user is allowed to send voice notes
    pub can_send_voice_notes: bool,
    /// True, if the user is allowed to send polls and checklists
    pub can_send_polls: bool,
    /// True, if the user is allowed to send animations, games, stickers and use inline bots
    pub can_send_other_messages: bool,
    /// True, if the user is allowed to add web page previews to their messages
    pub can_add_web_page_previews: bool,
    /// True, if the user is allowed to react to messages
    #[serde(default)]
    pub can_react_to_messages: bool,
    /// True, if the user is allowed to edit their own tag
    pub can_edit_tag: bool,
    /// True, if the user is allowed to change the chat title, photo and other settings
    pub can_change_info: bool,
    /// True, if the user is allowed to invite new users to the chat
    pub can_invite_users: bool,
    /// True, if the user is allowed to pin messages
    pub can_pin_messages: bool,
    /// True, if the user is allowed to create forum topics
    pub can_manage_topics: bool,
    /// Date when restrictions will be lifted for this user; Unix time. If 0, then the user is restricted forever.
    pub until_date: i64,
}

/// `ChatMemberUpdated`: see <https://core.telegram.org/bots/api#chatmemberupdated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatMemberUpdated {
    /// Chat the user belongs to
    pub chat: Box<Chat>,
    /// Performer of the action, which resulted in the change
    pub from: Box<User>,
    /// Date the change was done in Unix time
    pub date: i64,
    /// Previous information about the chat member
    pub old_chat_member: Box<ChatMember>,
    /// New information about the chat member
    pub new_chat_member: Box<ChatMember>,
    /// Optional. Chat invite link, which was used by the user to join the chat; for joining by invite link events only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_link: Option<Box<ChatInviteLink>>,
    /// Optional. True, if the user joined the chat after sending a direct join request without using an invite link and being approved by an administrator
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via_join_request: Option<bool>,
    /// Optional. True, if the user joined the chat via a chat folder invite link
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via_chat_folder_invite_link: Option<bool>,
}

/// `ChatOwnerChanged`: see <https://core.telegram.org/bots/api#chatownerchanged>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatOwnerChanged {
    /// The new owner of the chat
    pub new_owner: Box<User>,
}

/// `ChatOwnerLeft`: see <https://core.telegram.org/bots/api#chatownerleft>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatOwnerLeft {
    /// Optional. The user who will become the new owner of the chat if the previous owner does not return to the chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_owner: Option<Box<User>>,
}

/// `ChatPermissions`: see <https://core.telegram.org/bots/api#chatpermissions>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatPermissions {
    /// Optional. True, if the user is allowed to send text messages, rich messages, contacts, giveaways, giveaway winners, invoices, locations and venues
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_messages: Option<bool>,
    /// Optional. True, if the user is allowed to send audios
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_audios: Option<bool>,
    /// Optional. True, if the user is allowed to send documents
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_documents: Option<bool>,
    /// Optional. True, if the user is allowed to send photos
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_photos: Option<bool>,
    /// Optional. True, if the user is allowed to send videos
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_videos: Option<bool>,
    /// Optional. True, if the user is allowed to send video notes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_video_notes: Option<bool>,
    /// Optional. True, if the user is allowed to send voice notes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_voice_notes: Option<bool>,
    /// Optional. True, if the user is allowed to send polls and checklists
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_polls: Option<bool>,
    /// Optional. True, if the user is allowed to send animations, games, stickers and use inline bots
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_send_other_messages: Option<bool>,
    /// Optional. True, if the user is allowed to add web page previews to their messages
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_add_web_page_previews: Option<bool>,
    /// Optional. True, if the user is allowed to react to messages. If omitted, defaults to the value of can_send_messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_react_to_messages: Option<bool>,
    /// Optional. True, if the user is allowed to edit their own tag. If omitted, defaults to the value of can_pin_messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_edit_tag: Option<bool>,
    /// Optional. True, if the user is allowed to change the chat title, photo and other settings. Ignored in public supergroups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_change_info: Option<bool>,
    /// Optional. True, if the user is allowed to invite new users to the chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_invite_users: Option<bool>,
    /// Optional. True, if the user is allowed to pin messages. Ignored in public supergroups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_pin_messages: Option<bool>,
    /// Optional. True, if the user is allowed to create forum topics. If omitted, defaults to the value of can_pin_messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_manage_topics: Option<bool>,
}

/// `ChatPhoto`: see <https://core.telegram.org/bots/api#chatphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatPhoto {
    /// File identifier of small (160x160) chat photo. This file_id can be used only for photo download and only for as long as the photo is not changed.
    pub small_file_id: String,
    /// Unique file identifier of small (160x160) chat photo, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub small_file_unique_id: String,
    /// File identifier of big (640x640) chat photo. This file_id can be used only for photo download and only for as long as the photo is not changed.
    pub big_file_id: String,
    /// Unique file identifier of big (640x640) chat photo, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub big_file_unique_id: String,
}

/// `ChatShareThemeBackdrop`: see <https://core.telegram.org/bots/api#chatsharethemebackdrop>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatShareThemeBackdrop {
    /// Unique identifier of the backdrop
    pub id: i64,
    /// Name of the backdrop
    pub name: String,
    /// Colors of the backdrop
    pub colors: Box<UniqueGiftBackdropColors>,
}

/// `ChatShareThemeBackdrops`: see <https://core.telegram.org/bots/api#chatsharethemebackdrops>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatShareThemeBackdrops {
    /// The available backdrops
    pub backdrops: Vec<ChatShareThemeBackdrop>,
}

/// `ChatShared`: see <https://core.telegram.org/bots/api#chatshared>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChatShared {
    /// Identifier of the request
    pub request_id: i64,
    /// Identifier of the shared chat. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a 64-bit integer or double-precision float type are safe for storing this identifier. The bot may not have access to the chat and could be unable to use this identifier, unless the chat is already known to the bot by some other means.
    pub chat_id: i64,
    /// Optional. Title of the chat, if the title was requested by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Username of the chat, if the username was requested by the bot and available
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Optional. Available sizes of the chat photo, if the photo was requested by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<Vec<PhotoSize>>,
}

/// `Checklist`: see <https://core.telegram.org/bots/api#checklist>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checklist {
    /// Title of the checklist
    pub title: String,
    /// Optional. Special entities that appear in the checklist title
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_entities: Option<Vec<MessageEntity>>,
    /// List of tasks in the checklist
    pub tasks: Vec<ChecklistTask>,
    /// Optional. True, if users other than the creator of the list can add tasks to the list
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub others_can_add_tasks: Option<bool>,
    /// Optional. True, if users other than the creator of the list can mark tasks as done or not done
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub others_can_mark_tasks_as_done: Option<bool>,
}

/// `ChecklistTask`: see <https://core.telegram.org/bots/api#checklisttask>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChecklistTask {
    /// Unique identifier of the task
    pub id: i64,
    /// Text of the task
    pub text: String,
    /// Optional. Special entities that appear in the task text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_entities: Option<Vec<MessageEntity>>,
    /// Optional. User that completed the task; omitted if the task wasn't completed by a user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed_by_user: Option<Box<User>>,
    /// Optional. Chat that completed the task; omitted if the task wasn't completed by a chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completed_by_chat: Option<Box<Chat>>,
    /// Optional. Point in time (Unix timestamp) when the task was completed; 0 if the task wasn't completed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completion_date: Option<i64>,
}

/// `ChecklistTasksAdded`: see <https://core.telegram.org/bots/api#checklisttasksadded>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChecklistTasksAdded {
    /// Optional. Message containing the checklist to which the tasks were added. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checklist_message: Option<Box<Message>>,
    /// List of tasks added to the checklist
    pub tasks: Vec<ChecklistTask>,
}

/// `ChecklistTasksDone`: see <https://core.telegram.org/bots/api#checklisttasksdone>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChecklistTasksDone {
    /// Optional. Message containing the checklist whose tasks were marked as done or not done. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checklist_message: Option<Box<Message>>,
    /// Optional. Identifiers of the tasks that were marked as done
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marked_as_done_task_ids: Option<Vec<i64>>,
    /// Optional. Identifiers of the tasks that were marked as not done
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marked_as_not_done_task_ids: Option<Vec<i64>>,
}

/// `ChosenInlineResult`: see <https://core.telegram.org/bots/api#choseninlineresult>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChosenInlineResult {
    /// The user that chose the result
    pub from: Box<User>,
    /// Optional. Sender location, only for bots that require user location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Box<Location>>,
    /// Optional. Identifier of the sent inline message. Available only if there is an inline keyboard attached to the message. Will be also received in callback queries and can be used to edit the message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline_message_id: Option<String>,
    /// The query that was used to obtain the result
    pub query: String,
    /// The unique identifier for the result that was chosen
    pub result_id: String,
}

/// `Community`: see <https://core.telegram.org/bots/api#community>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Community {
    /// Unique identifier for this community. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this identifier.
    pub id: i64,
    /// Name of the community
    pub name: String,
}

/// `CommunityChatAdded`: see <https://core.telegram.org/bots/api#communitychatadded>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommunityChatAdded {
    /// The new community to which the chat or the bot belongs
    pub community: Box<Community>,
}

/// `CommunityChatJoined`: see <https://core.telegram.org/bots/api#communitychatjoined>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommunityChatJoined {
    /// The community from which the chat was joined
    pub community: Box<Community>,
}

/// `CommunityChatRemoved`: see <https://core.telegram.org/bots/api#communitychatremoved>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommunityChatRemoved {}

/// `Contact`: see <https://core.telegram.org/bots/api#contact>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    /// Contact's phone number
    pub phone_number: String,
    /// Contact's first name
    pub first_name: String,
    /// Optional. Contact's last name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Optional. Additional data about the contact in the form of a vCard
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vcard: Option<String>,
    /// Optional. Contact's user identifier in Telegram. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a 64-bit integer or double-precision float type are safe for storing this identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<i64>,
}

/// `CopyTextButton`: see <https://core.telegram.org/bots/api#copytextbutton>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CopyTextButton {
    /// The text to be copied to the clipboard; 1-256 characters
    pub text: String,
}

/// `Dice`: see <https://core.telegram.org/bots/api#dice>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    /// Emoji on which the dice throw animation is based
    pub emoji: String,
    /// Value of the dice, 1-6 for "🎲", "🎯" and "🎳" base emoji, 1-5 for "🏀" and "⚽" base emoji, 1-64 for "🎰" base emoji
    pub value: i64,
}

/// `DirectMessagePriceChanged`: see <https://core.telegram.org/bots/api#directmessagepricechanged>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectMessagePriceChanged {
    /// True, if direct messages are enabled for the channel chat; False otherwise
    pub are_direct_messages_enabled: bool,
    /// Optional. The new number of Telegram Stars that must be paid by users for each direct message sent to the channel. Does not apply to users who have been exempted by administrators. Defaults to 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direct_message_star_count: Option<i64>,
}

/// `DirectMessagesTopic`: see <https://core.telegram.org/bots/api#directmessagestopic>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirectMessagesTopic {
    /// Unique identifier of the topic. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a 64-bit integer or double-precision float type are safe for storing this identifier.
    pub topic_id: i64,
    /// Optional. Information about the user that created the topic. Currently, it is always present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<Box<User>>,
}

/// `DisabledButton`: see <https://core.telegram.org/bots/api#disabledbutton>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisabledButton {}

/// `Document`: see <https://core.telegram.org/bots/api#document>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Optional. Document thumbnail as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<Box<PhotoSize>>,
    /// Optional. Original filename as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// Optional. MIME type of the file as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Optional. File size in bytes. It can be bigger than 2^31 and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `EncryptedCredentials`: see <https://core.telegram.org/bots/api#encryptedcredentials>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EncryptedCredentials {
    /// Base64-encoded encrypted JSON-serialized data with unique user's payload, data hashes and secrets required for EncryptedPassportElement decryption and authentication
    pub data: String,
    /// Base64-encoded data hash for data authentication
    pub hash: String,
    /// Base64-encoded secret, encrypted with the bot's public RSA key, required for data decryption
    pub secret: String,
}

/// `EncryptedPassportElement`: see <https://core.telegram.org/bots/api#encryptedpassportelement>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EncryptedPassportElement {
    /// Element type. One of "personal_details", "passport", "driver_license", "identity_card", "internal_passport", "address", "utility_bill", "bank_statement", "rental_agreement", "passport_registration", "temporary_registration", "phone_number", "email".
    pub r#type: String,
    /// Optional. Base64-encoded encrypted Telegram Passport element data provided by the user; available only for "personal_details", "passport", "driver_license", "identity_card", "internal_passport" and "address" types. Can be decrypted and verified using the accompanying EncryptedCredentials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
    /// Optional. User's verified phone number; available only for "phone_number" type
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    /// Optional. User's verified email address; available only for "email" type
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Optional. Array of encrypted files with documents provided by the user; available only for "utility_bill", "bank_statement", "rental_agreement", "passport_registration" and "temporary_registration" types. Files can be decrypted and verified using the accompanying EncryptedCredentials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<PassportFile>>,
    /// Optional. Encrypted file with the front side of the document, provided by the user; available only for "passport", "driver_license", "identity_card" and "internal_passport". The file can be decrypted and verified using the accompanying EncryptedCredentials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front_side: Option<Box<PassportFile>>,
    /// Optional. Encrypted file with the reverse side of the document, provided by the user; available only for "driver_license" and "identity_card". The file can be decrypted and verified using the accompanying EncryptedCredentials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverse_side: Option<Box<PassportFile>>,
    /// Optional. Encrypted file with the selfie of the user holding a document, provided by the user; available if requested for "passport", "driver_license", "identity_card" and "internal_passport". The file can be decrypted and verified using the accompanying EncryptedCredentials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selfie: Option<Box<PassportFile>>,
    /// Optional. Array of encrypted files with translated versions of documents provided by the user; available if requested for "passport", "driver_license", "identity_card", "internal_passport", "utility_bill", "bank_statement", "rental_agreement", "passport_registration" and "temporary_registration" types. Files can be decrypted and verified using the accompanying EncryptedCredentials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translation: Option<Vec<PassportFile>>,
    /// Base64-encoded element hash for using in PassportElementErrorUnspecified
    pub hash: String,
}

/// `EphemeralMessageParameters`: see <https://core.telegram.org/bots/api#ephemeralmessageparameters>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EphemeralMessageParameters {
    /// Identifier of the user who will receive the message. It is not guaranteed that the user will receive the message, especially if they are offline. See here for more details.
    pub receiver_user_id: i64,
    /// Optional. Identifier of the callback query which triggered the message, if any
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callback_query_id: Option<String>,
    /// Optional. Pass True if the ephemeral message must be shown in place of the original message. Must be False for callback queries from ephemeral messages, which must be edited using regular editEphemeralMessage... methods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replace_callback_query_message: Option<bool>,
}

/// `ExternalReplyInfo`: see <https://core.telegram.org/bots/api#externalreplyinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExternalReplyInfo {
    /// Origin of the message replied to by the given message
    pub origin: Box<MessageOrigin>,
    /// Optional. Chat the original message belongs to. Available only if the chat is a supergroup or a channel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat: Option<Box<Chat>>,
    /// Optional. Unique message identifier inside the original chat. Available only if the original chat is a supergroup or a channel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<i64>,
    /// Optional. Options used for link preview generation for the original message, if it is a text message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_preview_options: Option<Box<LinkPreviewOptions>>,
    /// Optional. Message is an animation, information about the animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub animation: Option<Box<Animation>>,
    /// Optional. Message is an audio file, information about the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audio: Option<Box<Audio>>,
    /// Optional. Message is a general file, information about the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document: Option<Box<Document>>,
    /// Optional. Message contains paid media; information about the paid media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_media: Option<Box<PaidMediaInfo>>,
    /// Optional. Message is a live photo, information about the live photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_photo: Option<Box<LivePhoto>>,
    /// Optional. Message is a photo, available sizes of the photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<Vec<PhotoSize>>,
    /// Optional. Message is a sticker, information about the sticker
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sticker: Option<Box<Sticker>>,
    /// Optional. Message is a video, information about the video
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video: Option<Box<Video>>,
    /// Optional. Message is a video note, information about the video message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_note: Option<Box<VideoNote>>,
    /// Optional. Message is a voice message, information about the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice: Option<Box<Voice>>,
    /// Optional. Message is a shared contact, information about the contact
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact: Option<Box<Contact>>,
    /// Optional. Message is a dice with random value
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Box<Dice>>,
    /// Optional. Message is a game, information about the game. More about games: https://core.telegram.org/bots/api#games
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Box<Game>>,
    /// Optional. Message is an invoice for a payment, information about the invoice. More about payments: https://core.telegram.org/bots/api#payments
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invoice: Option<Box<Invoice>>,
    /// Optional. Message is a shared location, information about the location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Box<Location>>,
    /// Optional. Message is a venue, information about the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<Box<Venue>>,
    /// Optional. Message is a native poll, information about the poll
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll: Option<Box<Poll>>,
    /// Optional. Message is a scheduled giveaway, information about the giveaway
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giveaway: Option<Box<Giveaway>>,
    /// Optional. A giveaway with public winners was completed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giveaway_winners: Option<Box<GiveawayWinners>>,
    /// Optional. Message is a forwarded story
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story: Option<Box<Story>>,
    /// Optional. Message is a checklist
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checklist: Option<Box<Checklist>>,
    /// Optional. Message is a widget, information about the widget
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub widget: Option<Box<Widget>>,
    /// Optional. True, if the message media is covered by a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_media_spoiler: Option<bool>,
}

/// `File`: see <https://core.telegram.org/bots/api#file>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Optional. File size in bytes. It can be bigger than 2^31 and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
    /// Optional. File path. Use https://api.telegram.org/file/bot<token>/<file_path> to get the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_path: Option<String>,
}

/// `ForceReply`: see <https://core.telegram.org/bots/api#forcereply>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForceReply {
    /// Shows reply interface to the user, as if they had manually selected the bot's message and tapped 'Reply'
    pub force_reply: bool,
    /// Optional. The placeholder to be shown in the input field when the reply is active; 1-64 characters
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_field_placeholder: Option<String>,
    /// Optional. Use this parameter if you want to force reply from specific users only. Targets: 1) users that are @mentioned in the text of the Message object; 2) if the bot's message is a reply to a message in the same chat and forum topic, sender of the original message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selective: Option<bool>,
}

/// `ForumTopic`: see <https://core.telegram.org/bots/api#forumtopic>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForumTopic {
    /// Unique identifier of the forum topic
    pub message_thread_id: i64,
    /// Name of the topic
    pub name: String,
    /// Color of the topic icon in RGB format
    pub icon_color: i64,
    /// Optional. Unique identifier of the custom emoji shown as the topic icon
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon_custom_emoji_id: Option<String>,
    /// Optional. True, if the name of the topic wasn't specified explicitly by its creator and likely needs to be changed by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_name_implicit: Option<bool>,
}

/// `ForumTopicClosed`: see <https://core.telegram.org/bots/api#forumtopicclosed>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForumTopicClosed {}

/// `ForumTopicCreated`: see <https://core.telegram.org/bots/api#forumtopiccreated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForumTopicCreated {
    /// Name of the topic
    pub name: String,
    /// Color of the topic icon in RGB format
    pub icon_color: i64,
    /// Optional. Unique identifier of the custom emoji shown as the topic icon
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon_custom_emoji_id: Option<String>,
    /// Optional. True, if the name of the topic wasn't specified explicitly by its creator and likely needs to be changed by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_name_implicit: Option<bool>,
}

/// `ForumTopicEdited`: see <https://core.telegram.org/bots/api#forumtopicedited>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForumTopicEdited {
    /// Optional. New name of the topic, if it was edited
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Optional. New identifier of the custom emoji shown as the topic icon, if it was edited; an empty string if the icon was removed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon_custom_emoji_id: Option<String>,
}

/// `ForumTopicReopened`: see <https://core.telegram.org/bots/api#forumtopicreopened>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForumTopicReopened {}

/// `Game`: see <https://core.telegram.org/bots/api#game>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// Title of the game
    pub title: String,
    /// Description of the game
    pub description: String,
    /// Photo that will be displayed in the game message in chats
    pub photo: Vec<PhotoSize>,
    /// Optional. Brief description of the game or high scores included in the game message. Can be automatically edited to include current high scores for the game when the bot calls setGameScore, or manually edited using editMessageText. 0-4096 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Optional. Special entities that appear in text, such as usernames, URLs, bot commands, etc.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_entities: Option<Vec<MessageEntity>>,
    /// Optional. Animation that will be displayed in the game message in chats. Upload via BotFather.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub animation: Option<Box<Animation>>,
}

/// `GameHighScore`: see <https://core.telegram.org/bots/api#gamehighscore>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameHighScore {
    /// Position in high score table for the game
    pub position: i64,
    /// User
    pub user: Box<User>,
    /// Score
    pub score: i64,
}

/// `GeneralForumTopicHidden`: see <https://core.telegram.org/bots/api#generalforumtopichidden>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneralForumTopicHidden {}

/// `GeneralForumTopicUnhidden`: see <https://core.telegram.org/bots/api#generalforumtopicunhidden>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneralForumTopicUnhidden {}

/// `Gift`: see <https://core.telegram.org/bots/api#gift>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gift {
    /// Unique identifier of the gift
    pub id: String,
    /// The sticker that represents the gift
    pub sticker: Box<Sticker>,
    /// The number of Telegram Stars that must be paid to send the sticker
    pub star_count: i64,
    /// Optional. The number of Telegram Stars that must be paid to upgrade the gift to a unique one
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrade_star_count: Option<i64>,
    /// Optional. True, if the gift can only be purchased by Telegram Premium subscribers
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_premium: Option<bool>,
    /// Optional. True, if the gift can be used (after being upgraded) to customize a user's appearance
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_colors: Option<bool>,
    /// Optional. The total number of gifts of this type that can be sent by all users; for limited gifts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_count: Option<i64>,
    /// Optional. The number of remaining gifts of this type that can be sent by all users; for limited gifts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_count: Option<i64>,
    /// Optional. The total number of gifts of this type that can be sent by the bot; for limited gifts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub personal_total_count: Option<i64>,
    /// Optional. The number of remaining gifts of this type that can be sent by the bot; for limited gifts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub personal_remaining_count: Option<i64>,
    /// Optional. Background of the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<Box<GiftBackground>>,
    /// Optional. The total number of different unique gifts that can be obtained by upgrading the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_gift_variant_count: Option<i64>,
    /// Optional. Information about the chat that published the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher_chat: Option<Box<Chat>>,
}

/// `GiftBackground`: see <https://core.telegram.org/bots/api#giftbackground>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiftBackground {
    /// Center color of the background in RGB format
    pub center_color: i64,
    /// Edge color of the background in RGB format
    pub edge_color: i64,
    /// Text color of the background in RGB format
    pub text_color: i64,
}

/// `GiftInfo`: see <https://core.telegram.org/bots/api#giftinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiftInfo {
    /// Information about the gift
    pub gift: Box<Gift>,
    /// Optional. Unique identifier of the received gift for the bot; only present for gifts received on behalf of business accounts
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owned_gift_id: Option<String>,
    /// Optional. Number of Telegram Stars that can be claimed by the receiver by converting the gift; omitted if conversion to Telegram Stars is impossible
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convert_star_count: Option<i64>,
    /// Optional. Number of Telegram Stars that were prepaid for the ability to upgrade the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prepaid_upgrade_star_count: Option<i64>,
    /// Optional. True, if the gift's upgrade was purchased after the gift was sent
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_upgrade_separate: Option<bool>,
    /// Optional. True, if the gift can be upgraded to a unique gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_be_upgraded: Option<bool>,
    /// Optional. Text of the message that was added to the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Optional. Special entities that appear in the text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Vec<MessageEntity>>,
    /// Optional. True, if the sender and gift text are shown only to the gift receiver; otherwise, everyone will be able to see them
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_private: Option<bool>,
    /// Optional. Unique number reserved for this gift when upgraded. See the number field in UniqueGift.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_gift_number: Option<i64>,
}

/// `Gifts`: see <https://core.telegram.org/bots/api#gifts>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gifts {
    /// The list of gifts
    pub gifts: Vec<Gift>,
}

/// `Giveaway`: see <https://core.telegram.org/bots/api#giveaway>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Giveaway {
    /// The list of chats which the user must join to participate in the giveaway
    pub chats: Vec<Chat>,
    /// Point in time (Unix timestamp) when winners of the giveaway will be selected
    pub winners_selection_date: i64,
    /// The number of users which are supposed to be selected as winners of the giveaway
    pub winner_count: i64,
    /// Optional. True, if only users who join the chats after the giveaway started should be eligible to win
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_new_members: Option<bool>,
    /// Optional. True, if the list of giveaway winners will be visible to everyone
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_public_winners: Option<bool>,
    /// Optional. Description of additional giveaway prize
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prize_description: Option<String>,
    /// Optional. A list of two-letter ISO 3166-1 alpha-2 country codes indicating the countries from which eligible users for the giveaway must come. If empty, then all users can participate in the giveaway. Users with a phone number that was bought on Fragment can always participate in giveaways.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country_codes: Option<Vec<String>>,
    /// Optional. The number of Telegram Stars to be split between giveaway winners; for Telegram Star giveaways only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prize_star_count: Option<i64>,
    /// Optional. The number of months the Telegram Premium subscription won from the giveaway will be active for; for Telegram Premium giveaways only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub premium_subscription_month_count: Option<i64>,
}

/// `GiveawayCompleted`: see <https://core.telegram.org/bots/api#giveawaycompleted>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiveawayCompleted {
    /// Number of winners in the giveaway
    pub winner_count: i64,
    /// Optional. Number of undistributed prizes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unclaimed_prize_count: Option<i64>,
    /// Optional. Message with the giveaway that was completed, if it wasn't deleted
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giveaway_message: Option<Box<Message>>,
    /// Optional. True, if the giveaway is a Telegram Star giveaway. Otherwise, currently, the giveaway is a Telegram Premium giveaway.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_star_giveaway: Option<bool>,
}

/// `GiveawayCreated`: see <https://core.telegram.org/bots/api#giveawaycreated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiveawayCreated {
    /// Optional. The number of Telegram Stars to be split between giveaway winners; for Telegram Star giveaways only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prize_star_count: Option<i64>,
}

/// `GiveawayWinners`: see <https://core.telegram.org/bots/api#giveawaywinners>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GiveawayWinners {
    /// The chat that created the giveaway
    pub chat: Box<Chat>,
    /// Identifier of the message with the giveaway in the chat
    pub giveaway_message_id: i64,
    /// Point in time (Unix timestamp) when winners of the giveaway were selected
    pub winners_selection_date: i64,
    /// Total number of winners in the giveaway
    pub winner_count: i64,
    /// List of up to 100 winners of the giveaway
    pub winners: Vec<User>,
    /// Optional. The number of other chats the user had to join in order to be eligible for the giveaway
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional_chat_count: Option<i64>,
    /// Optional. The number of Telegram Stars that were split between giveaway winners; for Telegram Star giveaways only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prize_star_count: Option<i64>,
    /// Optional. The number of months the Telegram Premium subscription won from the giveaway will be active for; for Telegram Premium giveaways only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub premium_subscription_month_count: Option<i64>,
    /// Optional. Number of undistributed prizes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unclaimed_prize_count: Option<i64>,
    /// Optional. True, if only users who had joined the chats after the giveaway started were eligible to win
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_new_members: Option<bool>,
    /// Optional. True, if the giveaway was canceled because the payment for it was refunded
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub was_refunded: Option<bool>,
    /// Optional. Description of additional giveaway prize
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prize_description: Option<String>,
}

/// `InaccessibleMessage`: see <https://core.telegram.org/bots/api#inaccessiblemessage>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InaccessibleMessage {
    /// Chat the message belonged to
    pub chat: Box<Chat>,
    /// Unique message identifier inside the chat
    pub message_id: i64,
    /// Always 0. The field can be used to differentiate regular and inaccessible messages.
    pub date: i64,
}

/// `InlineKeyboardButton`: see <https://core.telegram.org/bots/api#inlinekeyboardbutton>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineKeyboardButton {
    /// Label text on the button
    pub text: String,
    /// Optional. Unique identifier of the custom emoji shown before the text of the button. Can only be used by bots that purchased additional usernames on Fragment or in the messages directly sent by the bot to private, group and supergroup chats if the owner of the bot has a Telegram Premium subscription.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon_custom_emoji_id: Option<String>,
    /// Optional. Style of the button. Must be one of "danger" (red), "success" (green) or "primary" (blue). If omitted, then an app-specific style is used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<String>,
    /// Optional. HTTP or tg:// URL to be opened when the button is pressed. Links tg://user?id=<user_id> can be used to mention a user by their identifier without using a username, if this is allowed by their privacy settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Optional. Data to be sent in a callback query to the bot when the button is pressed, 1-64 bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callback_data: Option<String>,
    /// Optional. Description of the Web App that will be launched when the user presses the button. The Web App will be able to send an arbitrary message on behalf of the user using the method answerWebAppQuery. Available only in private chats between a user and the bot. Not supported for messages sent on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_app: Option<Box<WebAppInfo>>,
    /// Optional. An HTTPS URL used to automatically authorize the user. Can be used as a replacement for the Telegram Login Widget. Not supported for ephemeral messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub login_url: Option<Box<LoginUrl>>,
    /// Optional. If set, pressing the button will prompt the user to select one of their chats, open that chat and insert the bot's username and the specified inline query in the input field. May be empty, in which case just the bot's username will be inserted. Not supported for messages sent in channel direct messages chats and on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_inline_query: Option<String>,
    /// Optional. If set, pressing the button will insert the bot's username and the specified inline query in the current chat's input field. May be empty, in which case only the bot's username will be inserted. This offers a quick way for the user to open your bot in inline mode in the same chat - good for selecting something from multiple options. Not supported in channels and for messages sent in channel direct messages chats and on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_inline_query_current_chat: Option<String>,
    /// Optional. If set, pressing the button will prompt the user to select one of their chats of the specified type, open that chat and insert the bot's username and the specified inline query in the input field. Not supported for messages sent in channel direct messages chats and on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_inline_query_chosen_chat: Option<Box<SwitchInlineQueryChosenChat>>,
    /// Optional. Description of the button that copies the specified text to the clipboard
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy_text: Option<Box<CopyTextButton>>,
    /// Optional. Description of the game that will be launched when the user presses the button. NOTE: This type of button must always be the first button in the first row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callback_game: Option<Box<CallbackGame>>,
    /// Optional. Specify True, to send a Pay button. Substrings "⭐" and "XTR" in the buttons's text will be replaced with a Telegram Star icon. NOTE: This type of button must always be the first button in the first row and can only be used in invoice messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pay: Option<bool>,
    /// Optional. If set, then the button is disabled and does nothing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled: Option<Box<DisabledButton>>,
}

/// `InlineKeyboardMarkup`: see <https://core.telegram.org/bots/api#inlinekeyboardmarkup>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineKeyboardMarkup {
    /// Array of button rows, each represented by an Array of InlineKeyboardButton objects
    pub inline_keyboard: Vec<Vec<InlineKeyboardButton>>,
    /// Optional. Pass True if the reply interface must be shown to the user, as if they had manually selected the bot's message and tapped 'Reply'. The value of the field can't be changed when the inline keyboard is edited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_reply: Option<bool>,
}

/// `InlineQuery`: see <https://core.telegram.org/bots/api#inlinequery>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQuery {
    /// Unique identifier for this query
    pub id: String,
    /// Sender
    pub from: Box<User>,
    /// Optional. Sender location, only for bots that request user location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Box<Location>>,
    /// Optional. Type of the chat from which the inline query was sent. Can be either "sender" for a private chat with the inline query sender, "private", "group", "supergroup", or "channel". The chat type should be always known for requests sent from official clients and most third-party clients, unless the request was sent from a secret chat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_type: Option<String>,
    /// Text of the query (up to 256 characters)
    pub query: String,
    /// Offset of the results to be returned, can be controlled by the bot
    pub offset: String,
}

/// `InlineQueryResult`: see <https://core.telegram.org/bots/api#inlinequeryresult>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum InlineQueryResult {
    InlineQueryResultCachedAudio(InlineQueryResultCachedAudio),
    InlineQueryResultCachedDocument(InlineQueryResultCachedDocument),
    InlineQueryResultCachedGif(InlineQueryResultCachedGif),
    InlineQueryResultCachedMpeg4Gif(InlineQueryResultCachedMpeg4Gif),
    InlineQueryResultCachedPhoto(InlineQueryResultCachedPhoto),
    InlineQueryResultCachedSticker(InlineQueryResultCachedSticker),
    InlineQueryResultCachedVideo(InlineQueryResultCachedVideo),
    InlineQueryResultCachedVoice(InlineQueryResultCachedVoice),
    InlineQueryResultArticle(InlineQueryResultArticle),
    InlineQueryResultAudio(InlineQueryResultAudio),
    InlineQueryResultContact(InlineQueryResultContact),
    InlineQueryResultGame(InlineQueryResultGame),
    InlineQueryResultDocument(InlineQueryResultDocument),
    InlineQueryResultGif(InlineQueryResultGif),
    InlineQueryResultLocation(InlineQueryResultLocation),
    InlineQueryResultMpeg4Gif(InlineQueryResultMpeg4Gif),
    InlineQueryResultPhoto(InlineQueryResultPhoto),
    InlineQueryResultVenue(InlineQueryResultVenue),
    InlineQueryResultVideo(InlineQueryResultVideo),
    InlineQueryResultVoice(InlineQueryResultVoice),
}

/// `InlineQueryResultArticle`: see <https://core.telegram.org/bots/api#inlinequeryresultarticle>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultArticle {
    /// Type of the result, must be article
    pub r#type: String,
    /// Unique identifier for this result, 1-64 Bytes
    pub id: String,
    /// Title of the result
    pub title: String,
    /// Content of the message to be sent
    pub input_message_content: Box<InputMessageContent>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. URL of the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Optional. Short description of the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Url of the thumbnail for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    /// Optional. Thumbnail width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_width: Option<i64>,
    /// Optional. Thumbnail height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_height: Option<i64>,
}

/// `InlineQueryResultAudio`: see <https://core.telegram.org/bots/api#inlinequeryresultaudio>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultAudio {
    /// Type of the result, must be audio
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid URL for the audio file
    pub audio_url: String,
    /// Title
    pub title: String,
    /// Optional. Caption, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the audio caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Performer
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub performer: Option<String>,
    /// Optional. Audio duration in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audio_duration: Option<i64>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the audio
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultCachedAudio`: see <https://core.telegram.org/bots/api#inlinequeryresultcachedaudio>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultCachedAudio {
    /// Type of the result, must be audio
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid file identifier for the audio file
    pub audio_file_id: String,
    /// Optional. Caption, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the audio caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the audio
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultCachedDocument`: see <https://core.telegram.org/bots/api#inlinequeryresultcacheddocument>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultCachedDocument {
    /// Type of the result, must be document
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// Title for the result
    pub title: String,
    /// A valid file identifier for the file
    pub document_file_id: String,
    /// Optional. Short description of the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Caption of the document to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the document caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultCachedGif`: see <https://core.telegram.org/bots/api#inlinequeryresultcachedgif>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultCachedGif {
    /// Type of the result, must be gif
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid file identifier for the GIF file
    pub gif_file_id: String,
    /// Optional. Title for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Caption of the GIF file to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the GIF animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultCachedMpeg4Gif`: see <https://core.telegram.org/bots/api#inlinequeryresultcachedmpeg4gif>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultCachedMpeg4Gif {
    /// Type of the result, must be mpeg4_gif
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid file identifier for the MPEG4 file
    pub mpeg4_file_id: String,
    /// Optional. Title for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Caption of the MPEG-4 file to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the video animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultCachedPhoto`: see <https://core.telegram.org/bots/api#inlinequeryresultcachedphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultCachedPhoto {
    /// Type of the result, must be photo
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid file identifier of the photo
    pub photo_file_id: String,
    /// Optional. Title for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Short description of the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Caption of the photo to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the photo caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultCachedSticker`: see <https://core.telegram.org/bots/api#inlinequeryresultcachedsticker>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultCachedSticker {
    /// Type of the result, must be sticker
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid file identifier of the sticker
    pub sticker_file_id: String,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the sticker
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultCachedVideo`: see <https://core.telegram.org/bots/api#inlinequeryresultcachedvideo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultCachedVideo {
    /// Type of the result, must be video
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid file identifier for the video file
    pub video_file_id: String,
    /// Title for the result
    pub title: String,
    /// Optional. Short description of the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Caption of the video to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the video caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the video
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultCachedVoice`: see <https://core.telegram.org/bots/api#inlinequeryresultcachedvoice>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultCachedVoice {
    /// Type of the result, must be voice
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid file identifier for the voice message
    pub voice_file_id: String,
    /// Voice message title
    pub title: String,
    /// Optional. Caption, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the voice message caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the voice message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultContact`: see <https://core.telegram.org/bots/api#inlinequeryresultcontact>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultContact {
    /// Type of the result, must be contact
    pub r#type: String,
    /// Unique identifier for this result, 1-64 Bytes
    pub id: String,
    /// Contact's phone number
    pub phone_number: String,
    /// Contact's first name
    pub first_name: String,
    /// Optional. Contact's last name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Optional. Additional data about the contact in the form of a vCard, 0-2048 bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vcard: Option<String>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the contact
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
    /// Optional. Url of the thumbnail for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    /// Optional. Thumbnail width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_width: Option<i64>,
    /// Optional. Thumbnail height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_height: Option<i64>,
}

/// `InlineQueryResultDocument`: see <https://core.telegram.org/bots/api#inlinequeryresultdocument>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultDocument {
    /// Type of the result, must be document
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// Title for the result
    pub title: String,
    /// Optional. Caption of the document to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the document caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// A valid URL for the file
    pub document_url: String,
    /// MIME type of the content of the file, either "application/pdf" or "application/zip"
    pub mime_type: String,
    /// Optional. Short description of the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
    /// Optional. URL of the thumbnail (JPEG only) for the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    /// Optional. Thumbnail width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_width: Option<i64>,
    /// Optional. Thumbnail height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_height: Option<i64>,
}

/// `InlineQueryResultGame`: see <https://core.telegram.org/bots/api#inlinequeryresultgame>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultGame {
    /// Type of the result, must be game
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// Short name of the game
    pub game_short_name: String,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
}

/// `InlineQueryResultGif`: see <https://core.telegram.org/bots/api#inlinequeryresultgif>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultGif {
    /// Type of the result, must be gif
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid URL for the GIF file
    pub gif_url: String,
    /// Optional. Width of the GIF
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gif_width: Option<i64>,
    /// Optional. Height of the GIF
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gif_height: Option<i64>,
    /// Optional. Duration of the GIF in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gif_duration: Option<i64>,
    /// URL of the static (JPEG or GIF) or animated (MPEG4) thumbnail for the result
    pub thumbnail_url: String,
    /// Optional. MIME type of the thumbnail, must be one of "image/jpeg", "image/gif", or "video/mp4". Defaults to "image/jpeg".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_mime_type: Option<String>,
    /// Optional. Title for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Caption of the GIF file to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the GIF animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultLocation`: see <https://core.telegram.org/bots/api#inlinequeryresultlocation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultLocation {
    /// Type of the result, must be location
    pub r#type: String,
    /// Unique identifier for this result, 1-64 Bytes
    pub id: String,
    /// Location latitude in degrees
    pub latitude: f64,
    /// Location longitude in degrees
    pub longitude: f64,
    /// Location title
    pub title: String,
    /// Optional. The radius of uncertainty for the location, measured in meters; 0-1500
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizontal_accuracy: Option<f64>,
    /// Optional. Period in seconds during which the location can be updated, must be between 60 and 86400, or 0x7FFFFFFF for live locations that can be edited indefinitely
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_period: Option<i64>,
    /// Optional. For live locations, a direction in which the user is moving, in degrees. Must be between 1 and 360 if specified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<i64>,
    /// Optional. For live locations, a maximum distance for proximity alerts about approaching another chat member, in meters. Must be between 1 and 100000 if specified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proximity_alert_radius: Option<i64>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
    /// Optional. Url of the thumbnail for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    /// Optional. Thumbnail width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_width: Option<i64>,
    /// Optional. Thumbnail height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_height: Option<i64>,
}

/// `InlineQueryResultMpeg4Gif`: see <https://core.telegram.org/bots/api#inlinequeryresultmpeg4gif>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultMpeg4Gif {
    /// Type of the result, must be mpeg4_gif
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid URL for the MPEG4 file
    pub mpeg4_url: String,
    /// Optional. Video width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mpeg4_width: Option<i64>,
    /// Optional. Video height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mpeg4_height: Option<i64>,
    /// Optional. Video duration in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mpeg4_duration: Option<i64>,
    /// URL of the static (JPEG or GIF) or animated (MPEG4) thumbnail for the result
    pub thumbnail_url: String,
    /// Optional. MIME type of the thumbnail, must be one of "image/jpeg", "image/gif", or "video/mp4". Defaults to "image/jpeg".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_mime_type: Option<String>,
    /// Optional. Title for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Caption of the MPEG-4 file to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the video animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultPhoto`: see <https://core.telegram.org/bots/api#inlinequeryresultphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultPhoto {
    /// Type of the result, must be photo
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid URL of the photo. Photo must be in JPEG format. Photo size must not exceed 5MB.
    pub photo_url: String,
    /// URL of the thumbnail for the photo
    pub thumbnail_url: String,
    /// Optional. Width of the photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_width: Option<i64>,
    /// Optional. Height of the photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_height: Option<i64>,
    /// Optional. Title for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Optional. Short description of the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Caption of the photo to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the photo caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultVenue`: see <https://core.telegram.org/bots/api#inlinequeryresultvenue>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultVenue {
    /// Type of the result, must be venue
    pub r#type: String,
    /// Unique identifier for this result, 1-64 Bytes
    pub id: String,
    /// Latitude of the venue location in degrees
    pub latitude: f64,
    /// Longitude of the venue location in degrees
    pub longitude: f64,
    /// Title of the venue
    pub title: String,
    /// Address of the venue
    pub address: String,
    /// Optional. Foursquare identifier of the venue if known
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foursquare_id: Option<String>,
    /// Optional. Foursquare type of the venue, if known. (For example, "arts_entertainment/default", "arts_entertainment/aquarium" or "food/icecream".)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foursquare_type: Option<String>,
    /// Optional. Google Places identifier of the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google_place_id: Option<String>,
    /// Optional. Google Places type of the venue. (See supported types.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google_place_type: Option<String>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
    /// Optional. Url of the thumbnail for the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    /// Optional. Thumbnail width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_width: Option<i64>,
    /// Optional. Thumbnail height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_height: Option<i64>,
}

/// `InlineQueryResultVideo`: see <https://core.telegram.org/bots/api#inlinequeryresultvideo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultVideo {
    /// Type of the result, must be video
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid URL for the embedded video player or video file
    pub video_url: String,
    /// MIME type of the content of the video URL, "text/html" or "video/mp4"
    pub mime_type: String,
    /// URL of the thumbnail (JPEG only) for the video
    pub thumbnail_url: String,
    /// Title for the result
    pub title: String,
    /// Optional. Caption of the video to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the video caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Video width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_width: Option<i64>,
    /// Optional. Video height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_height: Option<i64>,
    /// Optional. Video duration in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_duration: Option<i64>,
    /// Optional. Short description of the result
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the video. This field is required if InlineQueryResultVideo is used to send an HTML-page as a result (e.g., a YouTube video).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultVoice`: see <https://core.telegram.org/bots/api#inlinequeryresultvoice>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultVoice {
    /// Type of the result, must be voice
    pub r#type: String,
    /// Unique identifier for this result, 1-64 bytes
    pub id: String,
    /// A valid URL for the voice recording
    pub voice_url: String,
    /// Recording title
    pub title: String,
    /// Optional. Caption, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the voice message caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Recording duration in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice_duration: Option<i64>,
    /// Optional. Inline keyboard attached to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Content of the message to be sent instead of the voice recording
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_message_content: Option<Box<InputMessageContent>>,
}

/// `InlineQueryResultsButton`: see <https://core.telegram.org/bots/api#inlinequeryresultsbutton>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InlineQueryResultsButton {
    /// Label text on the button
    pub text: String,
    /// Optional. Description of the Web App that will be launched when the user presses the button. The Web App will be able to switch back to the inline mode using the method switchInlineQuery inside the Web App.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_app: Option<Box<WebAppInfo>>,
    /// Optional. Deep-linking parameter for the /start message sent to the bot when a user presses the button. 1-64 characters, only A-Z, a-z, 0-9, _ and - are allowed. Example: An inline bot that sends YouTube videos can ask the user to connect the bot to their YouTube account to adapt search results accordingly. To do this, it displays a 'Connect your YouTube account' button above the results, or even before showing any. The user presses the button, switches to a private chat with the bot and, in doing so, passes a start parameter that instructs the bot to return an OAuth link. Once done, the bot can offer a switch_inline button so that the user can easily return to the chat where they wanted to use the bot's inline capabilities.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_parameter: Option<String>,
}

/// `InputChecklist`: see <https://core.telegram.org/bots/api#inputchecklist>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputChecklist {
    /// Title of the checklist; 1-255 characters after entities parsing
    pub title: String,
    /// Optional. Mode for parsing entities in the title. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the title, which can be specified instead of parse_mode. Currently, only bold, italic, underline, strikethrough, spoiler, custom_emoji, and date_time entities are allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_entities: Option<Vec<MessageEntity>>,
    /// List of 1-30 tasks in the checklist
    pub tasks: Vec<InputChecklistTask>,
    /// Optional. Pass True if other users can add tasks to the checklist
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub others_can_add_tasks: Option<bool>,
    /// Optional. Pass True if other users can mark tasks as done or not done in the checklist
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub others_can_mark_tasks_as_done: Option<bool>,
}

/// `InputChecklistTask`: see <https://core.telegram.org/bots/api#inputchecklisttask>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputChecklistTask {
    /// Unique identifier of the task; must be positive and unique among all task identifiers currently present in the checklist
    pub id: i64,
    /// Text of the task; 1-100 characters after entities parsing
    pub text: String,
    /// Optional. Mode for parsing entities in the text. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the text, which can be specified instead of parse_mode. Currently, only bold, italic, underline, strikethrough, spoiler, custom_emoji, and date_time entities are allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_entities: Option<Vec<MessageEntity>>,
}

/// `InputContactMessageContent`: see <https://core.telegram.org/bots/api#inputcontactmessagecontent>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputContactMessageContent {
    /// Contact's phone number
    pub phone_number: String,
    /// Contact's first name
    pub first_name: String,
    /// Optional. Contact's last name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Optional. Additional data about the contact in the form of a vCard, 0-2048 bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vcard: Option<String>,
}

/// `InputInvoiceMessageContent`: see <https://core.telegram.org/bots/api#inputinvoicemessagecontent>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputInvoiceMessageContent {
    /// Product name, 1-32 characters
    pub title: String,
    /// Product description, 1-255 characters
    pub description: String,
    /// Bot-defined invoice payload, 1-128 bytes. This will not be displayed to the user, use it for your internal processes.
    pub payload: String,
    /// Optional. Payment provider token, obtained via @BotFather. Pass an empty string for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_token: Option<String>,
    /// Three-letter ISO 4217 currency code, see more on currencies. Pass "XTR" for payments in Telegram Stars.
    pub currency: String,
    /// Price breakdown, a JSON-serialized list of components (e.g. product price, tax, discount, delivery cost, delivery tax, bonus, etc.). Must contain exactly one item for payments in Telegram Stars.
    pub prices: Vec<LabeledPrice>,
    /// Optional. The maximum accepted amount for tips in the smallest units of the currency (integer, not float/double). For example, for a maximum tip of US$ 1.45 pass max_tip_amount = 145. See the exp parameter in currencies.json, it shows the number of digits past the decimal point for each currency (2 for the majority of currencies). Defaults to 0. Not supported for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_tip_amount: Option<i64>,
    /// Optional. A JSON-serialized Array of suggested amounts of tip in the smallest units of the currency (integer, not float/double). At most 4 suggested tip amounts can be specified. The suggested tip amounts must be positive, passed in a strictly increased order and must not exceed max_tip_amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_tip_amounts: Option<Vec<i64>>,
    /// Optional. A JSON-serialized object for data about the invoice, which will be shared with the payment provider. A detailed description of the required fields should be provided by the payment provider.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_data: Option<String>,
    /// Optional. URL of the product photo for the invoice. Can be a photo of the goods or a marketing image for a service.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_url: Option<String>,
    /// Optional. Photo size in bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_size: Option<i64>,
    /// Optional. Photo width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_width: Option<i64>,
    /// Optional. Photo height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo_height: Option<i64>,
    /// Optional. Pass True if you require the user's full name to complete the order. Ignored for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need_name: Option<bool>,
    /// Optional. Pass True if you require the user's phone number to complete the order. Ignored for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need_phone_number: Option<bool>,
    /// Optional. Pass True if you require the user's email address to complete the order. Ignored for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need_email: Option<bool>,
    /// Optional. Pass True if you require the user's shipping address to complete the order. Ignored for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub need_shipping_address: Option<bool>,
    /// Optional. Pass True if the user's phone number should be sent to the provider. Ignored for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub send_phone_number_to_provider: Option<bool>,
    /// Optional. Pass True if the user's email address should be sent to the provider. Ignored for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub send_email_to_provider: Option<bool>,
    /// Optional. Pass True if the final price depends on the shipping method. Ignored for payments in Telegram Stars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_flexible: Option<bool>,
}

/// `InputLocationMessageContent`: see <https://core.telegram.org/bots/api#inputlocationmessagecontent>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputLocationMessageContent {
    /// Latitude of the location in degrees
    pub latitude: f64,
    /// Longitude of the location in degrees
    pub longitude: f64,
    /// Optional. The radius of uncertainty for the location, measured in meters; 0-1500
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizontal_accuracy: Option<f64>,
    /// Optional. Period in seconds during which the location can be updated, must be between 60 and 86400, or 0x7FFFFFFF for live locations that can be edited indefinitely
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_period: Option<i64>,
    /// Optional. For live locations, a direction in which the user is moving, in degrees. Must be between 1 and 360 if specified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<i64>,
    /// Optional. For live locations, a maximum distance for proximity alerts about approaching another chat member, in meters. Must be between 1 and 100000 if specified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proximity_alert_radius: Option<i64>,
}

/// `InputMedia`: see <https://core.telegram.org/bots/api#inputmedia>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum InputMedia {
    InputMediaAnimation(InputMediaAnimation),
    InputMediaAudio(InputMediaAudio),
    InputMediaDocument(InputMediaDocument),
    InputMediaLivePhoto(InputMediaLivePhoto),
    InputMediaPhoto(InputMediaPhoto),
    InputMediaVideo(InputMediaVideo),
}

/// `InputMediaAnimation`: see <https://core.telegram.org/bots/api#inputmediaanimation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaAnimation {
    /// Type of the media, must be animation
    pub r#type: String,
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
    /// Optional. Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side. The thumbnail should be in JPEG format and less than 200 kB in size. A thumbnail's width and height should not exceed 320. Ignored if the file is not uploaded using multipart/form-data. Thumbnails can't be reused and can be only uploaded as a new file, so you can pass "attach://<file_attach_name>" if the thumbnail was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<String>,
    /// Optional. Caption of the animation to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the animation caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Animation width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<i64>,
    /// Optional. Animation height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i64>,
    /// Optional. Animation duration in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<i64>,
    /// Optional. Pass True if the animation needs to be covered with a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_spoiler: Option<bool>,
}

/// `InputMediaAudio`: see <https://core.telegram.org/bots/api#inputmediaaudio>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaAudio {
    /// Type of the media, must be audio
    pub r#type: String,
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
    /// Optional. Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side. The thumbnail should be in JPEG format and less than 200 kB in size. A thumbnail's width and height should not exceed 320. Ignored if the file is not uploaded using multipart/form-data. Thumbnails can't be reused and can be only uploaded as a new file, so you can pass "attach://<file_attach_name>" if the thumbnail was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<String>,
    /// Optional. Caption of the audio to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the audio caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Duration of the audio in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<i64>,
    /// Optional. Performer of the audio
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub performer: Option<String>,
    /// Optional. Title of the audio
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// `InputMediaDocument`: see <https://core.telegram.org/bots/api#inputmediadocument>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaDocument {
    /// Type of the media, must be document
    pub r#type: String,
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
    /// Optional. Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side. The thumbnail should be in JPEG format and less than 200 kB in size. A thumbnail's width and height should not exceed 320. Ignored if the file is not uploaded using multipart/form-data. Thumbnails can't be reused and can be only uploaded as a new file, so you can pass "attach://<file_attach_name>" if the thumbnail was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<String>,
    /// Optional. Caption of the document to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the document caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Disables automatic server-side content type detection for files uploaded using multipart/form-data. Always True, if the document is sent as part of an album.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disable_content_type_detection: Option<bool>,
}

/// `InputMediaLink`: see <https://core.telegram.org/bots/api#inputmedialink>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaLink {
    /// Type of the media, must be link
    pub r#type: String,
    /// HTTP URL of the link
    pub url: String,
}

/// `InputMediaLivePhoto`: see <https://core.telegram.org/bots/api#inputmedialivephoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaLivePhoto {
    /// Type of the media, must be live_photo
    pub r#type: String,
    /// Video of the live photo to send. Pass a file_id to send a file that exists on the Telegram servers (recommended) or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files. Sending live photos by a URL is currently unsupported.
    pub media: String,
    /// The static photo to send. Pass a file_id to send a file that exists on the Telegram servers (recommended) or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files. Sending live photos by a URL is currently unsupported.
    pub photo: String,
    /// Optional. Caption of the live photo to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the live photo caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Pass True if the live photo needs to be covered with a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_spoiler: Option<bool>,
}

/// `InputMediaLocation`: see <https://core.telegram.org/bots/api#inputmedialocation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaLocation {
    /// Type of the media, must be location
    pub r#type: String,
    /// Latitude of the location
    pub latitude: f64,
    /// Longitude of the location
    pub longitude: f64,
    /// Optional. The radius of uncertainty for the location, measured in meters; 0-1500
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizontal_accuracy: Option<f64>,
}

/// `InputMediaPhoto`: see <https://core.telegram.org/bots/api#inputmediaphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaPhoto {
    /// Type of the media, must be photo
    pub r#type: String,
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
    /// Optional. Caption of the photo to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the photo caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Pass True if the photo needs to be covered with a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_spoiler: Option<bool>,
}

/// `InputMediaSticker`: see <https://core.telegram.org/bots/api#inputmediasticker>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaSticker {
    /// Type of the media, must be sticker
    pub r#type: String,
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a .WEBP sticker from the Internet, or pass "attach://<file_attach_name>" to upload a new .WEBP, .TGS, or .WEBM sticker using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
    /// Optional. Emoji associated with the sticker; only for just uploaded stickers
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emoji: Option<String>,
}

/// `InputMediaVenue`: see <https://core.telegram.org/bots/api#inputmediavenue>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaVenue {
    /// Type of the media, must be venue
    pub r#type: String,
    /// Latitude of the location
    pub latitude: f64,
    /// Longitude of the location
    pub longitude: f64,
    /// Name of the venue
    pub title: String,
    /// Address of the venue
    pub address: String,
    /// Optional. Foursquare identifier of the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foursquare_id: Option<String>,
    /// Optional. Foursquare type of the venue, if known. (For example, "arts_entertainment/default", "arts_entertainment/aquarium" or "food/icecream".)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foursquare_type: Option<String>,
    /// Optional. Google Places identifier of the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google_place_id: Option<String>,
    /// Optional. Google Places type of the venue. (See supported types.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google_place_type: Option<String>,
}

/// `InputMediaVideo`: see <https://core.telegram.org/bots/api#inputmediavideo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaVideo {
    /// Type of the media, must be video
    pub r#type: String,
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
    /// Optional. Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side. The thumbnail should be in JPEG format and less than 200 kB in size. A thumbnail's width and height should not exceed 320. Ignored if the file is not uploaded using multipart/form-data. Thumbnails can't be reused and can be only uploaded as a new file, so you can pass "attach://<file_attach_name>" if the thumbnail was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<String>,
    /// Optional. Cover for the video in the message. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<String>,
    /// Optional. Start timestamp for the video in the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_timestamp: Option<i64>,
    /// Optional. Caption of the video to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the video caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Video width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<i64>,
    /// Optional. Video height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i64>,
    /// Optional. Video duration in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<i64>,
    /// Optional. Pass True if the uploaded video is suitable for streaming
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supports_streaming: Option<bool>,
    /// Optional. Pass True if the video needs to be covered with a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_spoiler: Option<bool>,
}

/// `InputMediaVoiceNote`: see <https://core.telegram.org/bots/api#inputmediavoicenote>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputMediaVoiceNote {
    /// Type of the media, must be voice_note
    pub r#type: String,
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
    /// Optional. Caption of the voice message to be sent, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the voice message caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Duration of the voice message in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<i64>,
}

/// `InputMessageContent`: see <https://core.telegram.org/bots/api#inputmessagecontent>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum InputMessageContent {
    InputTextMessageContent(InputTextMessageContent),
    InputRichMessageContent(InputRichMessageContent),
    InputLocationMessageContent(InputLocationMessageContent),
    InputVenueMessageContent(InputVenueMessageContent),
    InputContactMessageContent(InputContactMessageContent),
    InputInvoiceMessageContent(InputInvoiceMessageContent),
    InputWidgetMessageContent(InputWidgetMessageContent),
    InputSharedWidgetMessageContent(InputSharedWidgetMessageContent),
}

/// `InputPaidMedia`: see <https://core.telegram.org/bots/api#inputpaidmedia>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum InputPaidMedia {
    #[serde(rename = "live_photo")]
    InputPaidMediaLivePhoto(InputPaidMediaLivePhoto),
    #[serde(rename = "photo")]
    InputPaidMediaPhoto(InputPaidMediaPhoto),
    #[serde(rename = "video")]
    InputPaidMediaVideo(InputPaidMediaVideo),
}

/// `InputPaidMediaLivePhoto`: see <https://core.telegram.org/bots/api#inputpaidmedialivephoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputPaidMediaLivePhoto {
    // `type` is the tag of the union this type belongs to.
    /// Video of the live photo to send. Pass a file_id to send a file that exists on the Telegram servers (recommended) or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files. Sending live photos by a URL is currently unsupported.
    pub media: String,
    /// The static photo to send. Pass a file_id to send a file that exists on the Telegram servers (recommended) or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files. Sending live photos by a URL is currently unsupported.
    pub photo: String,
}

/// `InputPaidMediaPhoto`: see <https://core.telegram.org/bots/api#inputpaidmediaphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputPaidMediaPhoto {
    // `type` is the tag of the union this type belongs to.
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
}

/// `InputPaidMediaVideo`: see <https://core.telegram.org/bots/api#inputpaidmediavideo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputPaidMediaVideo {
    // `type` is the tag of the union this type belongs to.
    /// File to send. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub media: String,
    /// Optional. Thumbnail of the file sent; can be ignored if thumbnail generation for the file is supported server-side. The thumbnail should be in JPEG format and less than 200 kB in size. A thumbnail's width and height should not exceed 320. Ignored if the file is not uploaded using multipart/form-data. Thumbnails can't be reused and can be only uploaded as a new file, so you can pass "attach://<file_attach_name>" if the thumbnail was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<String>,
    /// Optional. Cover for the video in the message. Pass a file_id to send a file that exists on the Telegram servers (recommended), pass an HTTP URL for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new one using multipart/form-data under <file_attach_name> name. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<String>,
    /// Optional. Start timestamp for the video in the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_timestamp: Option<i64>,
    /// Optional. Video width
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<i64>,
    /// Optional. Video height
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i64>,
    /// Optional. Video duration in seconds
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<i64>,
    /// Optional. Pass True if the uploaded video is suitable for streaming
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supports_streaming: Option<bool>,
}

/// `InputPollMedia`: see <https://core.telegram.org/bots/api#inputpollmedia>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum InputPollMedia {
    InputMediaAnimation(InputMediaAnimation),
    InputMediaAudio(InputMediaAudio),
    InputMediaDocument(InputMediaDocument),
    InputMediaLivePhoto(InputMediaLivePhoto),
    InputMediaLocation(InputMediaLocation),
    InputMediaPhoto(InputMediaPhoto),
    InputMediaVenue(InputMediaVenue),
    InputMediaVideo(InputMediaVideo),
}

/// `InputPollOption`: see <https://core.telegram.org/bots/api#inputpolloption>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputPollOption {
    /// Option text, 1-100 characters
    pub text: String,
    /// Optional. Mode for parsing entities in the text. See formatting options for more details. Currently, only custom emoji entities are allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_parse_mode: Option<String>,
    /// Optional. A JSON-serialized list of special entities that appear in the poll option text. It can be specified instead of text_parse_mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_entities: Option<Vec<MessageEntity>>,
    /// Optional. Media added to the poll option
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<Box<InputPollOptionMedia>>,
}

/// `InputPollOptionMedia`: see <https://core.telegram.org/bots/api#inputpolloptionmedia>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum InputPollOptionMedia {
    InputMediaAnimation(InputMediaAnimation),
    InputMediaLink(InputMediaLink),
    InputMediaLivePhoto(InputMediaLivePhoto),
    InputMediaLocation(InputMediaLocation),
    InputMediaPhoto(InputMediaPhoto),
    InputMediaSticker(InputMediaSticker),
    InputMediaVenue(InputMediaVenue),
    InputMediaVideo(InputMediaVideo),
}

/// `InputProfilePhoto`: see <https://core.telegram.org/bots/api#inputprofilephoto>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum InputProfilePhoto {
    #[serde(rename = "static")]
    InputProfilePhotoStatic(InputProfilePhotoStatic),
    #[serde(rename = "animated")]
    InputProfilePhotoAnimated(InputProfilePhotoAnimated),
}

/// `InputProfilePhotoAnimated`: see <https://core.telegram.org/bots/api#inputprofilephotoanimated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputProfilePhotoAnimated {
    // `type` is the tag of the union this type belongs to.
    /// The animated profile photo. Profile photos can't be reused and can only be uploaded as a new file, so you can pass "attach://<file_attach_name>" if the photo was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub animation: String,
    /// Optional. Timestamp in seconds of the frame that will be used as the static profile photo. Defaults to 0.0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub main_frame_timestamp: Option<f64>,
}

/// `InputProfilePhotoStatic`: see <https://core.telegram.org/bots/api#inputprofilephotostatic>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputProfilePhotoStatic {
    // `type` is the tag of the union this type belongs to.
    /// The static profile photo. Profile photos can't be reused and can only be uploaded as a new file, so you can pass "attach://<file_attach_name>" if the photo was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub photo: String,
}

/// `InputRichBlock`: see <https://core.telegram.org/bots/api#inputrichblock>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum InputRichBlock {
    #[serde(rename = "paragraph")]
    InputRichBlockParagraph(InputRichBlockParagraph),
    #[serde(rename = "heading")]
    InputRichBlockSectionHeading(InputRichBlockSectionHeading),
    #[serde(rename = "pre")]
    InputRichBlockPreformatted(InputRichBlockPreformatted),
    #[serde(rename = "footer")]
    InputRichBlockFooter(InputRichBlockFooter),
    #[serde(rename = "divider")]
    InputRichBlockDivider(InputRichBlockDivider),
    #[serde(rename = "mathematical_expression")]
    InputRichBlockMathematicalExpression(InputRichBlockMathematicalExpression),
    #[serde(rename = "anchor")]
    InputRichBlockAnchor(InputRichBlockAnchor),
    #[serde(rename = "list")]
    InputRichBlockList(InputRichBlockList),
    #[serde(rename = "blockquote")]
    InputRichBlockBlockQuotation(InputRichBlockBlockQuotation),
    #[serde(rename = "expandable_blockquote")]
    InputRichBlockExpandableBlockQuotation(InputRichBlockExpandableBlockQuotation),
    #[serde(rename = "pullquote")]
    InputRichBlockPullQuotation(InputRichBlockPullQuotation),
    #[serde(rename = "collage")]
    InputRichBlockCollage(InputRichBlockCollage),
    #[serde(rename = "slideshow")]
    InputRichBlockSlideshow(InputRichBlockSlideshow),
    #[serde(rename = "table")]
    InputRichBlockTable(InputRichBlockTable),
    #[serde(rename = "details")]
    InputRichBlockDetails(InputRichBlockDetails),
    #[serde(rename = "map")]
    InputRichBlockMap(InputRichBlockMap),
    #[serde(rename = "buttons")]
    InputRichBlockButtons(InputRichBlockButtons),
    #[serde(rename = "animation")]
    InputRichBlockAnimation(InputRichBlockAnimation),
    #[serde(rename = "audio")]
    InputRichBlockAudio(InputRichBlockAudio),
    #[serde(rename = "document")]
    InputRichBlockDocument(InputRichBlockDocument),
    #[serde(rename = "photo")]
    InputRichBlockPhoto(InputRichBlockPhoto),
    #[serde(rename = "video")]
    InputRichBlockVideo(InputRichBlockVideo),
    #[serde(rename = "voice_note")]
    InputRichBlockVoiceNote(InputRichBlockVoiceNote),
    #[serde(rename = "thinking")]
    InputRichBlockThinking(InputRichBlockThinking),
}

/// `InputRichBlockAnchor`: see <https://core.telegram.org/bots/api#inputrichblockanchor>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockAnchor {
    // `type` is the tag of the union this type belongs to.
    /// The name of the anchor
    pub name: String,
}

/// `InputRichBlockAnimation`: see <https://core.telegram.org/bots/api#inputrichblockanimation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockAnimation {
    // `type` is the tag of the union this type belongs to.
    /// The animation. Caption is ignored.
    pub animation: Box<InputMediaAnimation>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichBlockAudio`: see <https://core.telegram.org/bots/api#inputrichblockaudio>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockAudio {
    // `type` is the tag of the union this type belongs to.
    /// The audio. Caption is ignored.
    pub audio: Box<InputMediaAudio>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichBlockBlockQuotation`: see <https://core.telegram.org/bots/api#inputrichblockblockquotation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockBlockQuotation {
    // `type` is the tag of the union this type belongs to.
    /// Content of the block
    pub blocks: Vec<InputRichBlock>,
    /// Optional. Credit of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<Box<RichText>>,
}

/// `InputRichBlockButtons`: see <https://core.telegram.org/bots/api#inputrichblockbuttons>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockButtons {
    // `type` is the tag of the union this type belongs to.
    /// List of 1-8 buttons to send
    pub buttons: Vec<RichMessageButton>,
    /// Optional. Horizontal alignment of the buttons. Currently, must be one of "left", "center", or "right".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub align: Option<String>,
}

/// `InputRichBlockCollage`: see <https://core.telegram.org/bots/api#inputrichblockcollage>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockCollage {
    // `type` is the tag of the union this type belongs to.
    /// Elements of the collage
    pub blocks: Vec<InputRichBlock>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichBlockDetails`: see <https://core.telegram.org/bots/api#inputrichblockdetails>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockDetails {
    // `type` is the tag of the union this type belongs to.
    /// Always shown summary of the block
    pub summary: Box<RichText>,
    /// Content of the block
    pub blocks: Vec<InputRichBlock>,
    /// Optional. Pass True if the content of the block is visible by default
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_open: Option<bool>,
}

/// `InputRichBlockDivider`: see <https://core.telegram.org/bots/api#inputrichblockdivider>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockDivider {
    // `type` is the tag of the union this type belongs to.
}

/// `InputRichBlockDocument`: see <https://core.telegram.org/bots/api#inputrichblockdocument>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockDocument {
    // `type` is the tag of the union this type belongs to.
    /// The document. Caption is ignored.
    pub document: Box<InputMediaDocument>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichBlockExpandableBlockQuotation`: see <https://core.telegram.org/bots/api#inputrichblockexpandableblockquotation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockExpandableBlockQuotation {
    // `type` is the tag of the union this type belongs to.
    /// Content of the block
    pub text: Box<RichText>,
    /// Optional. Credit of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<Box<RichText>>,
}

/// `InputRichBlockFooter`: see <https://core.telegram.org/bots/api#inputrichblockfooter>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockFooter {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
}

/// `InputRichBlockList`: see <https://core.telegram.org/bots/api#inputrichblocklist>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockList {
    // `type` is the tag of the union this type belongs to.
    /// Items of the list
    pub items: Vec<InputRichBlockListItem>,
}

/// `InputRichBlockListItem`: see <https://core.telegram.org/bots/api#inputrichblocklistitem>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockListItem {
    /// The content of the item
    pub blocks: Vec<InputRichBlock>,
    /// Optional. Pass True if the item has a checkbox
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_checkbox: Option<bool>,
    /// Optional. Pass True if the item has a checked checkbox
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_checked: Option<bool>,
    /// Optional. For ordered lists, the numeric value of the item label
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// Optional. For ordered lists, the type of the item label; must be one of "a" for lowercase letters, "A" for uppercase letters, "i" for lowercase Roman numerals, "I" for uppercase Roman numerals, or "1" for decimal numbers
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#type: Option<String>,
}

/// `InputRichBlockMap`: see <https://core.telegram.org/bots/api#inputrichblockmap>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockMap {
    // `type` is the tag of the union this type belongs to.
    /// Location of the center of the map
    pub location: Box<Location>,
    /// Optional. Map zoom level; 0-24
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zoom: Option<i64>,
    /// Optional. Map width; 0-10000
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<i64>,
    /// Optional. Map height; 0-10000
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i64>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichBlockMathematicalExpression`: see <https://core.telegram.org/bots/api#inputrichblockmathematicalexpression>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockMathematicalExpression {
    // `type` is the tag of the union this type belongs to.
    /// The mathematical expression in LaTeX format
    pub expression: String,
}

/// `InputRichBlockParagraph`: see <https://core.telegram.org/bots/api#inputrichblockparagraph>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockParagraph {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
}

/// `InputRichBlockPhoto`: see <https://core.telegram.org/bots/api#inputrichblockphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockPhoto {
    // `type` is the tag of the union this type belongs to.
    /// The photo. Caption is ignored.
    pub photo: Box<InputMediaPhoto>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichBlockPreformatted`: see <https://core.telegram.org/bots/api#inputrichblockpreformatted>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockPreformatted {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
    /// Optional. The programming language of the text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// `InputRichBlockPullQuotation`: see <https://core.telegram.org/bots/api#inputrichblockpullquotation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockPullQuotation {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
    /// Optional. Credit of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<Box<RichText>>,
}

/// `InputRichBlockSectionHeading`: see <https://core.telegram.org/bots/api#inputrichblocksectionheading>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockSectionHeading {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
    /// Relative size of the text font; 1-6, 1 is the largest, 6 is the smallest
    pub size: i64,
}

/// `InputRichBlockSlideshow`: see <https://core.telegram.org/bots/api#inputrichblockslideshow>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockSlideshow {
    // `type` is the tag of the union this type belongs to.
    /// Elements of the slideshow
    pub blocks: Vec<InputRichBlock>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichBlockTable`: see <https://core.telegram.org/bots/api#inputrichblocktable>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockTable {
    // `type` is the tag of the union this type belongs to.
    /// Cells of the table
    pub cells: Vec<Vec<RichBlockTableCell>>,
    /// Optional. Pass True if the table has borders
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_bordered: Option<bool>,
    /// Optional. Pass True if the table is striped
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_striped: Option<bool>,
    /// Optional. Pass True if table cells must have smaller indents
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_compact: Option<bool>,
    /// Optional. Caption of the table
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichText>>,
}

/// `InputRichBlockThinking`: see <https://core.telegram.org/bots/api#inputrichblockthinking>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockThinking {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block. See https://t.me/addemoji/AIActions for examples of custom emoji that are recommended for usage in the block.
    pub text: Box<RichText>,
}

/// `InputRichBlockVideo`: see <https://core.telegram.org/bots/api#inputrichblockvideo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockVideo {
    // `type` is the tag of the union this type belongs to.
    /// The video. Caption is ignored.
    pub video: Box<InputMediaVideo>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichBlockVoiceNote`: see <https://core.telegram.org/bots/api#inputrichblockvoicenote>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichBlockVoiceNote {
    // `type` is the tag of the union this type belongs to.
    /// The voice note. Caption is ignored.
    pub voice_note: Box<InputMediaVoiceNote>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `InputRichMessage`: see <https://core.telegram.org/bots/api#inputrichmessage>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichMessage {
    /// Optional. Content of the rich message to send described as a list of blocks
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocks: Option<Vec<InputRichBlock>>,
    /// Optional. Content of the rich message to send described using HTML formatting. See rich message formatting options for more details. Use media field to specify the media used in the message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// Optional. Content of the rich message to send described using Markdown formatting. See rich message formatting options for more details. Use media field to specify the media used in the message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markdown: Option<String>,
    /// Optional. List of media that are specified in the markdown or html fields using tg://photo?id=, tg://video?id=, tg://document?id=, and tg://audio?id= links
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<Vec<InputRichMessageMedia>>,
    /// Optional. Pass True if the rich message must be shown right-to-left
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_rtl: Option<bool>,
    /// Optional. Pass True to skip automatic detection of entities (e.g., URLs, email addresses, username mentions, hashtags, cashtags, bot commands, or phone numbers) in the text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skip_entity_detection: Option<bool>,
}

/// `InputRichMessageContent`: see <https://core.telegram.org/bots/api#inputrichmessagecontent>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichMessageContent {
    /// The message to be sent. Only previously uploaded files may be used in the message.
    pub rich_message: Box<InputRichMessage>,
}

/// `InputRichMessageMedia`: see <https://core.telegram.org/bots/api#inputrichmessagemedia>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputRichMessageMedia {
    /// Unique identifier of the media used in a tg://photo?id=, tg://video?id=, tg://document?id=, or tg://audio?id= link. 1-64 characters, only A-Z, a-z, 0-9, _ and - are allowed.
    pub id: String,
    /// The media to be sent. Everything except the media itself and its properties is ignored.
    pub media: serde_json::Value,
}

/// `InputSharedWidgetMessageContent`: see <https://core.telegram.org/bots/api#inputsharedwidgetmessagecontent>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputSharedWidgetMessageContent {
    /// Unique identifier of the shared widget created by the bot
    pub widget_id: String,
    /// Optional. Data of the widget, which is specific to the message, 0-1024 bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_data: Option<String>,
    /// Optional. Caption of the widget, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the widget caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True, if the caption must be shown above the widget
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
}

/// `InputSticker`: see <https://core.telegram.org/bots/api#inputsticker>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputSticker {
    /// The added sticker. Pass a file_id as a String to send a file that already exists on the Telegram servers, pass an HTTP URL as a String for Telegram to get a file from the Internet, or pass "attach://<file_attach_name>" to upload a new file using multipart/form-data under <file_attach_name> name. Animated and video stickers can't be uploaded via HTTP URL. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub sticker: String,
    /// Format of the added sticker, must be one of "static" for a .WEBP or .PNG image, "animated" for a .TGS animation, "video" for a .WEBM video
    pub format: String,
    /// List of 1-20 emoji associated with the sticker
    pub emoji_list: Vec<String>,
    /// Optional. Position where the mask should be placed on faces. For "mask" stickers only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mask_position: Option<Box<MaskPosition>>,
    /// Optional. List of 0-20 search keywords for the sticker with total length of up to 64 characters. For "regular" and "custom_emoji" stickers only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keywords: Option<Vec<String>>,
}

/// `InputStoryContent`: see <https://core.telegram.org/bots/api#inputstorycontent>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum InputStoryContent {
    #[serde(rename = "photo")]
    InputStoryContentPhoto(InputStoryContentPhoto),
    #[serde(rename = "video")]
    InputStoryContentVideo(InputStoryContentVideo),
}

/// `InputStoryContentPhoto`: see <https://core.telegram.org/bots/api#inputstorycontentphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputStoryContentPhoto {
    // `type` is the tag of the union this type belongs to.
    /// The photo to post as a story. The photo must be of the size 1080x1920 and must not exceed 10 MB. The photo can't be reused and can only be uploaded as a new file, so you can pass "attach://<file_attach_name>" if the photo was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub photo: String,
}

/// `InputStoryContentVideo`: see <https://core.telegram.org/bots/api#inputstorycontentvideo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputStoryContentVideo {
    // `type` is the tag of the union this type belongs to.
    /// The video to post as a story. The video must be of the size 720x1280, streamable, encoded with H.265 codec, with key frames added each second in the MPEG4 format, and must not exceed 30 MB. The video can't be reused and can only be uploaded as a new file, so you can pass "attach://<file_attach_name>" if the video was uploaded using multipart/form-data under <file_attach_name>. More information on Sending Files: https://core.telegram.org/bots/api#sending-files
    pub video: String,
    /// Optional. Precise duration of the video in seconds; 0-60
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<f64>,
    /// Optional. Timestamp in seconds of the frame that will be used as the static cover for the story. Defaults to 0.0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover_frame_timestamp: Option<f64>,
    /// Optional. Pass True if the video has no sound
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_animation: Option<bool>,
}

/// `InputTextMessageContent`: see <https://core.telegram.org/bots/api#inputtextmessagecontent>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputTextMessageContent {
    /// Text of the message to be sent, 1-4096 characters
    pub message_text: String,
    /// Optional. Mode for parsing entities in the message text. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. List of special entities that appear in message text, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Vec<MessageEntity>>,
    /// Optional. Link preview generation options for the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_preview_options: Option<Box<LinkPreviewOptions>>,
}

/// `InputVenueMessageContent`: see <https://core.telegram.org/bots/api#inputvenuemessagecontent>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputVenueMessageContent {
    /// Latitude of the venue in degrees
    pub latitude: f64,
    /// Longitude of the venue in degrees
    pub longitude: f64,
    /// Name of the venue
    pub title: String,
    /// Address of the venue
    pub address: String,
    /// Optional. Foursquare identifier of the venue, if known
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foursquare_id: Option<String>,
    /// Optional. Foursquare type of the venue, if known. (For example, "arts_entertainment/default", "arts_entertainment/aquarium" or "food/icecream".)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foursquare_type: Option<String>,
    /// Optional. Google Places identifier of the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google_place_id: Option<String>,
    /// Optional. Google Places type of the venue. (See supported types.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google_place_type: Option<String>,
}

/// `InputWidgetMessageContent`: see <https://core.telegram.org/bots/api#inputwidgetmessagecontent>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InputWidgetMessageContent {
    /// HTML code of the widget, 1-32768 bytes. The code must not exceed 4096 bytes when compressed by zlib with the maximum compression level.
    pub html: String,
    /// Optional. Width of the widget in logical pixels; omit if the widget must occupy the whole width of the message bubble. The width is clamped by the app to the range from 200 to the maximum width of the message bubble.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<i64>,
    /// Optional. Height of the widget in logical pixels; omit if the height of the widget isn't fixed. The height is clamped by the app to the range 50-600.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i64>,
    /// Optional. Public data of the widget, 0-1024 bytes, which will be available wherever the widget is shown
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_data: Option<String>,
    /// Optional. Data of the widget, which is specific to the message, 0-1024 bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_data: Option<String>,
    /// Optional. Caption of the widget, 0-1024 characters after entities parsing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. Mode for parsing entities in the widget caption. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parse_mode: Option<String>,
    /// Optional. A JSON-serialized list of special entities that appear in the caption, which can be specified instead of parse_mode
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. Pass True, if the caption must be shown above the widget
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. Pass True to allow the widget to send queries to the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_queries: Option<bool>,
    /// Optional. Pass True to create a shared widget, which can be sent again using the method sendSharedWidget
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_shared: Option<bool>,
}

/// `Invoice`: see <https://core.telegram.org/bots/api#invoice>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Invoice {
    /// Product name
    pub title: String,
    /// Product description
    pub description: String,
    /// Unique bot deep-linking parameter that can be used to generate this invoice
    pub start_parameter: String,
    /// Three-letter ISO 4217 currency code, or "XTR" for payments in Telegram Stars
    pub currency: String,
    /// Total price in the smallest units of the currency (integer, not float/double). For example, for a price of US$ 1.45 pass amount = 145. See the exp parameter in currencies.json, it shows the number of digits past the decimal point for each currency (2 for the majority of currencies).
    pub total_amount: i64,
}

/// `KeyboardButton`: see <https://core.telegram.org/bots/api#keyboardbutton>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyboardButton {
    /// Text of the button. If none of the fields other than text, icon_custom_emoji_id, and style are used, it will be sent as a message when the button is pressed.
    pub text: String,
    /// Optional. Unique identifier of the custom emoji shown before the text of the button. Can only be used by bots that purchased additional usernames on Fragment or in the messages directly sent by the bot to private, group and supergroup chats if the owner of the bot has a Telegram Premium subscription.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon_custom_emoji_id: Option<String>,
    /// Optional. Style of the button. Must be one of "danger" (red), "success" (green) or "primary" (blue). If omitted, then an app-specific style is used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<String>,
    /// Optional. If specified, pressing the button will open a list of suitable users. Identifiers of selected users will be sent to the bot in a "users_shared" service message. Available in private chats only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_users: Option<Box<KeyboardButtonRequestUsers>>,
    /// Optional. If specified, pressing the button will open a list of suitable chats. Tapping on a chat will send its identifier to the bot in a "chat_shared" service message. Available in private chats only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_chat: Option<Box<KeyboardButtonRequestChat>>,
    /// Optional. If specified, pressing the button will ask the user to create and share a bot that will be managed by the current bot. Available for bots that enabled management of other bots in the @BotFather Mini App. Available in private chats only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_managed_bot: Option<Box<KeyboardButtonRequestManagedBot>>,
    /// Optional. If True, the user's phone number will be sent as a contact when the button is pressed. Available in private chats only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_contact: Option<bool>,
    /// Optional. If True, the user's current location will be sent when the button is pressed. Available in private chats only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_location: Option<bool>,
    /// Optional. If specified, the user will be asked to create a poll and send it to the bot when the button is pressed. Available in private chats only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_poll: Option<Box<KeyboardButtonPollType>>,
    /// Optional. If specified, the described Web App will be launched when the button is pressed. The Web App will be able to send a "web_app_data" service message. Available in private chats only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_app: Option<Box<WebAppInfo>>,
}

/// `KeyboardButtonPollType`: see <https://core.telegram.org/bots/api#keyboardbuttonpolltype>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyboardButtonPollType {
    /// Optional. If quiz is passed, the user will be allowed to create only polls in the quiz mode. If regular is passed, only regular polls will be allowed. Otherwise, the user will be allowed to create a poll of any type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#type: Option<String>,
}

/// `KeyboardButtonRequestChat`: see <https://core.telegram.org/bots/api#keyboardbuttonrequestchat>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyboardButtonRequestChat {
    /// Signed 32-bit identifier of the request, which will be received back in the ChatShared object. Must be unique within the message.
    pub request_id: i64,
    /// Pass True to request a channel chat, pass False to request a group or a supergroup chat
    pub chat_is_channel: bool,
    /// Optional. Pass True to request a forum supergroup, pass False to request a non-forum chat. If not specified, no additional restrictions are applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_is_forum: Option<bool>,
    /// Optional. Pass True to request a supergroup or a channel with a username, pass False to request a chat without a username. If not specified, no additional restrictions are applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_has_username: Option<bool>,
    /// Optional. Pass True to request a chat owned by the user. Otherwise, no additional restrictions are applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_is_created: Option<bool>,
    /// Optional. A JSON-serialized object listing the required administrator rights of the user in the chat. The rights must be a superset of bot_administrator_rights. If not specified, no additional restrictions are applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_administrator_rights: Option<Box<ChatAdministratorRights>>,
    /// Optional. A JSON-serialized object listing the required administrator rights of the bot in the chat. The rights must be a subset of user_administrator_rights. If not specified, no additional restrictions are applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_administrator_rights: Option<Box<ChatAdministratorRights>>,
    /// Optional. Pass True to request a chat with the bot as a member. Otherwise, no additional restrictions are applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_is_member: Option<bool>,
    /// Optional. Pass True to request the chat's title
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_title: Option<bool>,
    /// Optional. Pass True to request the chat's username
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_username: Option<bool>,
    /// Optional. Pass True to request the chat's photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_photo: Option<bool>,
}

/// `KeyboardButtonRequestManagedBot`: see <https://core.telegram.org/bots/api#keyboardbuttonrequestmanagedbot>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyboardButtonRequestManagedBot {
    /// Signed 32-bit identifier of the request. Must be unique within the message.
    pub request_id: i64,
    /// Optional. Suggested name for the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_name: Option<String>,
    /// Optional. Suggested username for the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_username: Option<String>,
}

/// `KeyboardButtonRequestUsers`: see <https://core.telegram.org/bots/api#keyboardbuttonrequestusers>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyboardButtonRequestUsers {
    /// Signed 32-bit identifier of the request that will be received back in the UsersShared object. Must be unique within the message.
    pub request_id: i64,
    /// Optional. Pass True to request bots, pass False to request regular users. If not specified, no additional restrictions are applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_is_bot: Option<bool>,
    /// Optional. Pass True to request premium users, pass False to request non-premium users. If not specified, no additional restrictions are applied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_is_premium: Option<bool>,
    /// Optional. The maximum number of users to be selected; 1-10. Defaults to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_quantity: Option<i64>,
    /// Optional. Pass True to request the users' first and last names
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_name: Option<bool>,
    /// Optional. Pass True to request the users' usernames
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_username: Option<bool>,
    /// Optional. Pass True to request the users' photos
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_photo: Option<bool>,
}

/// `LabeledPrice`: see <https://core.telegram.org/bots/api#labeledprice>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LabeledPrice {
    /// Portion label
    pub label: String,
    /// Price of the product in the smallest units of the currency (integer, not float/double). For example, for a price of US$ 1.45 pass amount = 145. See the exp parameter in currencies.json, it shows the number of digits past the decimal point for each currency (2 for the majority of currencies).
    pub amount: i64,
}

/// `Link`: see <https://core.telegram.org/bots/api#link>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Link {
    /// URL of the link
    pub url: String,
}

/// `LinkPreviewOptions`: see <https://core.telegram.org/bots/api#linkpreviewoptions>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkPreviewOptions {
    /// Optional. True, if the link preview is disabled
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_disabled: Option<bool>,
    /// Optional. URL to use for the link preview. If empty, then the first URL found in the message text will be used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Optional. True, if the media in the link preview is supposed to be shrunk; ignored if the URL isn't explicitly specified or media size change isn't supported for the preview
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefer_small_media: Option<bool>,
    /// Optional. True, if the media in the link preview is supposed to be enlarged; ignored if the URL isn't explicitly specified or media size change isn't supported for the preview
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefer_large_media: Option<bool>,
    /// Optional. True, if the link preview must be shown above the message text; otherwise, the link preview will be shown below the message text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_above_text: Option<bool>,
}

/// `LivePhoto`: see <https://core.telegram.org/bots/api#livephoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LivePhoto {
    /// Optional. Available sizes of the corresponding static photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<Vec<PhotoSize>>,
    /// Identifier for the video file which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for the video file which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Video width as defined by the sender
    pub width: i64,
    /// Video height as defined by the sender
    pub height: i64,
    /// Duration of the video in seconds as defined by the sender
    pub duration: i64,
    /// Optional. MIME type of the file as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Optional. File size in bytes. It can be bigger than 2^31 and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `Location`: see <https://core.telegram.org/bots/api#location>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Location {
    /// Latitude as defined by the sender
    pub latitude: f64,
    /// Longitude as defined by the sender
    pub longitude: f64,
    /// Optional. Time relative to the message sending date, during which the location can be updated; in seconds. For active live locations only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_period: Option<i64>,
    /// Optional. The direction in which user is moving, in degrees; 1-360. For active live locations only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heading: Option<i64>,
    /// Optional. The maximum distance for proximity alerts about approaching another chat member, in meters. For sent live locations only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proximity_alert_radius: Option<i64>,
    /// Optional. The radius of uncertainty for the location, measured in meters; 0-1500
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizontal_accuracy: Option<f64>,
}

/// `LocationAddress`: see <https://core.telegram.org/bots/api#locationaddress>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocationAddress {
    /// The two-letter ISO 3166-1 alpha-2 country code of the country where the location is located
    pub country_code: String,
    /// Optional. State of the location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// Optional. City of the location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// Optional. Street address of the location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
}

/// `LoginUrl`: see <https://core.telegram.org/bots/api#loginurl>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoginUrl {
    /// An HTTPS URL to be opened with user authorization data added to the query string when the button is pressed. If the user refuses to provide authorization data, the original URL without information about the user will be opened. The data added is the same as described in Receiving authorization data. NOTE: You must always check the hash of the received data to verify the authentication and the integrity of the data as described in Checking authorization.
    pub url: String,
    /// Optional. New text of the button in forwarded messages
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forward_text: Option<String>,
    /// Optional. Username of a bot, which will be used for user authorization; not supported in RichMessageButton. See Setting up a bot for more details. If not specified, the current bot's username will be assumed. The url's domain must be the same as the domain linked with the bot. See Linking your domain to the bot for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_username: Option<String>,
    /// Optional. Pass True to request the permission for your bot to send messages to the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_write_access: Option<bool>,
}

/// `ManagedBotCreated`: see <https://core.telegram.org/bots/api#managedbotcreated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManagedBotCreated {
    /// Information about the bot. The bot's token can be fetched using the method getManagedBotToken.
    pub bot: Box<User>,
}

/// `ManagedBotUpdated`: see <https://core.telegram.org/bots/api#managedbotupdated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManagedBotUpdated {
    /// User that created the bot
    pub user: Box<User>,
    /// Information about the bot. Token of the bot can be fetched using the method getManagedBotToken.
    pub bot: Box<User>,
}

/// `MaskPosition`: see <https://core.telegram.org/bots/api#maskposition>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaskPosition {
    /// The part of the face relative to which the mask should be placed. One of "forehead", "eyes", "mouth", or "chin".
    pub point: String,
    /// Shift by X-axis measured in widths of the mask scaled to the face size, from left to right. For example, choosing -1.0 will place mask just to the left of the default mask position.
    pub x_shift: f64,
    /// Shift by Y-axis measured in heights of the mask scaled to the face size, from top to bottom. For example, 1.0 will place the mask just below the default mask position.
    pub y_shift: f64,
    /// Mask scaling coefficient. For example, 2.0 means double size.
    pub scale: f64,
}

/// `MaybeInaccessibleMessage`: see <https://core.telegram.org/bots/api#maybeinaccessiblemessage>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MaybeInaccessibleMessage {
    Message(Message),
    InaccessibleMessage(InaccessibleMessage),
}

/// `MenuButton`: see <https://core.telegram.org/bots/api#menubutton>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum MenuButton {
    #[serde(rename = "commands")]
    MenuButtonCommands(MenuButtonCommands),
    #[serde(rename = "web_app")]
    MenuButtonWebApp(MenuButtonWebApp),
    #[serde(rename = "default")]
    MenuButtonDefault(MenuButtonDefault),
}

/// `MenuButtonCommands`: see <https://core.telegram.org/bots/api#menubuttoncommands>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MenuButtonCommands {
    // `type` is the tag of the union this type belongs to.
}

/// `MenuButtonDefault`: see <https://core.telegram.org/bots/api#menubuttondefault>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MenuButtonDefault {
    // `type` is the tag of the union this type belongs to.
}

/// `MenuButtonWebApp`: see <https://core.telegram.org/bots/api#menubuttonwebapp>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MenuButtonWebApp {
    // `type` is the tag of the union this type belongs to.
    /// Text on the button
    pub text: String,
    /// Description of the Web App that will be launched when the user presses the button. The Web App will be able to send an arbitrary message on behalf of the user using the method answerWebAppQuery. Alternatively, a t.me link to a Web App of the bot can be specified in the object instead of the Web App's URL, in which case the Web App will be opened as if the user pressed the link.
    pub web_app: Box<WebAppInfo>,
}

/// `Message`: see <https://core.telegram.org/bots/api#message>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Message {
    /// Optional. Unique identifier of the business connection from which the message was received. If non-empty, the message belongs to a chat of the corresponding business account that is independent from any potential bot chat which might share the same identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_connection_id: Option<String>,
    /// Optional. The bot that actually sent the message on behalf of the business account. Available only for outgoing messages sent on behalf of the connected business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender_business_bot: Option<Box<User>>,
    /// Unique message identifier inside this chat; 0 for ephemeral messages. In specific instances (e.g., a message containing a video sent to a big chat), the server might automatically schedule a message instead of sending it immediately. In such cases, this field will be 0 and the relevant message will be unusable until it is actually sent.
    pub message_id: i64,
    /// Optional. For ephemeral messages, the user who received the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_user: Option<Box<User>>,
    /// Optional. For ephemeral messages, identifier of the ephemeral message inside this chat. The identifier may be reused for another ephemeral message after the message is deleted or expires.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ephemeral_message_id: Option<i64>,
    /// Optional. Sender of the message; may be empty for messages sent to channels. For backward compatibility, if the message was sent on behalf of a chat, the field contains a fake sender user in non-channel chats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Box<User>>,
    /// Optional. Signature of the post author for messages in channels, or the custom title of an anonymous group administrator
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_signature: Option<String>,
    /// Optional. Sender of the message when sent on behalf of a chat. For example, the supergroup itself for messages sent by its anonymous administrators or a linked channel for messages automatically forwarded to the channel's discussion group. For backward compatibility, if the message was sent on behalf of a chat, the field from contains a fake sender user in non-channel chats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender_chat: Option<Box<Chat>>,
    /// Chat the message belongs to
    pub chat: Box<Chat>,
    /// Date the message was sent in Unix time. It is always a positive number, representing a valid date.
    pub date: i64,
    /// Optional. Date the message was last edited in Unix time
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit_date: Option<i64>,
    /// Optional. Unique identifier of a message thread or forum topic to which the message belongs; for supergroups and private chats only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_thread_id: Option<i64>,
    /// Optional. Information about the original message for forwarded messages
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forward_origin: Option<Box<MessageOrigin>>,
    /// Optional. True, if the message is a channel post that was automatically forwarded to the connected discussion group
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_automatic_forward: Option<bool>,
    /// Optional. For replies in the same chat and message thread, the original message. Note that the Message object in this field will not contain further reply_to_message fields even if it itself is a reply. If the message is a reply to an ephemeral message, then this field may be omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to_message: Option<Box<Message>>,
    /// Optional. Information about the message that is being replied to, which may come from another chat or forum topic
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_reply: Option<Box<ExternalReplyInfo>>,
    /// Optional. For replies that quote part of the original message, the quoted part of the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<Box<TextQuote>>,
    /// Optional. Identifier of the specific checklist task that is being replied to
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to_checklist_task_id: Option<i64>,
    /// Optional. Persistent identifier of the specific poll option that is being replied to
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to_poll_option_id: Option<String>,
    /// Optional. For replies to a story, the original story
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_to_story: Option<Box<Story>>,
    /// Optional. The unique identifier inside this chat of a media message group this message belongs to
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media_group_id: Option<String>,
    /// Optional. The unique identifier for the guest query. Use this identifier with the method answerGuestQuery to send a response message. If non-empty, the message belongs to the chat where the guest bot was summoned, which may not coincide with other existing bot chats sharing the same identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guest_query_id: Option<String>,
    /// Optional. For a message sent by a guest bot, this is the user whose original message triggered the bot's response
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guest_bot_caller_user: Option<Box<User>>,
    /// Optional. For a message sent by a guest bot, this is the chat whose original message triggered the bot's response
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guest_bot_caller_chat: Option<Box<Chat>>,
    /// Optional. For text messages, the actual UTF-8 text of the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Optional. For text messages, special entities like usernames, URLs, bot commands, etc. that appear in the text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Vec<MessageEntity>>,
    /// Optional. Options used for link preview generation for the message, if it is a text message and link preview options were changed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_preview_options: Option<Box<LinkPreviewOptions>>,
    /// Optional. Message is a rich formatted message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rich_message: Option<Box<RichMessage>>,
    /// Optional. Message is a widget, information about the widget
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub widget: Option<Box<Widget>>,
    /// Optional. Message is an animation, information about the animation. For backward compatibility, when this field is set, the document field will also be set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub animation: Option<Box<Animation>>,
    /// Optional. Message is a general file, information about the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document: Option<Box<Document>>,
    /// Optional. Message is an audio file, information about the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audio: Option<Box<Audio>>,
    /// Optional. Message contains paid media; information about the paid media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_media: Option<Box<PaidMediaInfo>>,
    /// Optional. Message is a live photo, information about the live photo. For backward compatibility, when this field is set, the photo field will also be set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_photo: Option<Box<LivePhoto>>,
    /// Optional. Message is a photo, available sizes of the photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<Vec<PhotoSize>>,
    /// Optional. Message is a sticker, information about the sticker
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sticker: Option<Box<Sticker>>,
    /// Optional. Message is a video, information about the video
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video: Option<Box<Video>>,
    /// Optional. Message is a video note, information about the video message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_note: Option<Box<VideoNote>>,
    /// Optional. Message is a voice message, information about the file
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice: Option<Box<Voice>>,
    /// Optional. Caption for the animation, audio, document, paid media, photo, video or voice
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// Optional. For messages with a caption, special entities like usernames, URLs, bot commands, etc. that appear in the caption
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption_entities: Option<Vec<MessageEntity>>,
    /// Optional. True, if the caption must be shown above the message media
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_caption_above_media: Option<bool>,
    /// Optional. True, if the message media is covered by a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_media_spoiler: Option<bool>,
    /// Optional. Message is a shared contact, information about the contact
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact: Option<Box<Contact>>,
    /// Optional. Message is a dice with random value
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Box<Dice>>,
    /// Optional. Message is a game, information about the game. More about games: https://core.telegram.org/bots/api#games
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<Box<Game>>,
    /// Optional. Message is an invoice for a payment, information about the invoice. More about payments: https://core.telegram.org/bots/api#payments
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invoice: Option<Box<Invoice>>,
    /// Optional. Message is a shared location, information about the location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Box<Location>>,
    /// Optional. Message is a venue, information about the venue. For backward compatibility, when this field is set, the location field will also be set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<Box<Venue>>,
    /// Optional. Message is a native poll, information about the poll
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll: Option<Box<Poll>>,
    /// Optional. New members that were added to the group or supergroup and information about them (the bot itself may be one of these members)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_chat_members: Option<Vec<User>>,
    /// Optional. A member was removed from the group, information about them (this member may be the bot itself)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_chat_member: Option<Box<User>>,
    /// Optional. A chat title was changed to this value
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_chat_title: Option<String>,
    /// Optional. A chat photo was change to this value
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_chat_photo: Option<Vec<PhotoSize>>,
    /// Optional. Service message: the chat photo was deleted
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delete_chat_photo: Option<bool>,
    /// Optional. Service message: the group has been created
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group_chat_created: Option<bool>,
    /// Optional. Service message: the supergroup has been created. This field can't be received in a message coming through updates, because bot can't be a member of a supergroup when it is created. It can only be found in reply_to_message if someone replies to a very first message in a directly created supergroup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supergroup_chat_created: Option<bool>,
    /// Optional. Service message: the channel has been created. This field can't be received in a message coming through updates, because bot can't be a member of a channel when it is created. It can only be found in reply_to_message if someone replies to a very first message in a channel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channel_chat_created: Option<bool>,
    /// Optional. The group has been migrated to a supergroup with the specified identifier. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub migrate_to_chat_id: Option<i64>,
    /// Optional. The supergroup has been migrated from a group with the specified identifier. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub migrate_from_chat_id: Option<i64>,
    /// Optional. Service message: forum topic created
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forum_topic_created: Option<Box<ForumTopicCreated>>,
    /// Optional. Service message: forum topic edited
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forum_topic_edited: Option<Box<ForumTopicEdited>>,
    /// Optional. Service message: forum topic closed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forum_topic_closed: Option<Box<ForumTopicClosed>>,
    /// Optional. Service message: forum topic reopened
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forum_topic_reopened: Option<Box<ForumTopicReopened>>,
    /// Optional. Service message: the 'General' forum topic hidden
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub general_forum_topic_hidden: Option<Box<GeneralForumTopicHidden>>,
    /// Optional. Service message: the 'General' forum topic unhidden
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub general_forum_topic_unhidden: Option<Box<GeneralForumTopicUnhidden>>,
    /// Optional. Specified message was pinned. Note that the Message object in this field will not contain further reply_to_message fields even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pinned_message: Option<Box<MaybeInaccessibleMessage>>,
    /// Optional. Message is a service message about a successful payment, information about the payment. More about payments: https://core.telegram.org/bots/api#payments
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successful_payment: Option<Box<SuccessfulPayment>>,
    /// Optional. Service message: auto-delete timer settings changed in the chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_auto_delete_timer_changed: Option<Box<MessageAutoDeleteTimerChanged>>,
    /// Optional. Telegram Passport data
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passport_data: Option<Box<PassportData>>,
    /// Optional. Service message: a user in the chat triggered another user's proximity alert while sharing Live Location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proximity_alert_triggered: Option<Box<ProximityAlertTriggered>>,
    /// Optional. Service message: video chat scheduled
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_chat_scheduled: Option<Box<VideoChatScheduled>>,
    /// Optional. Service message: video chat started
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_chat_started: Option<Box<VideoChatStarted>>,
    /// Optional. Service message: video chat ended
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_chat_ended: Option<Box<VideoChatEnded>>,
    /// Optional. Service message: new participants invited to a video chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video_chat_participants_invited: Option<Box<VideoChatParticipantsInvited>>,
    /// Optional. Service message: data sent by a Web App
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_app_data: Option<Box<WebAppData>>,
    /// Optional. The domain name of the website on which the user has logged in. More about Telegram Login: https://core.telegram.org/widgets/login
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connected_website: Option<String>,
    /// Optional. Service message: the user allowed the bot to write messages after adding it to the attachment or side menu, launching a Web App from a link, or accepting an explicit request from a Web App sent by the method requestWriteAccess
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write_access_allowed: Option<Box<WriteAccessAllowed>>,
    /// Optional. Service message: users were shared with the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub users_shared: Option<Box<UsersShared>>,
    /// Optional. Service message: a chat was shared with the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_shared: Option<Box<ChatShared>>,
    /// Optional. Message is a forwarded story
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub story: Option<Box<Story>>,
    /// Optional. Service message: chat background set
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_background_set: Option<Box<ChatBackground>>,
    /// Optional. Service message: a scheduled giveaway was created
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giveaway_created: Option<Box<GiveawayCreated>>,
    /// Optional. The message is a scheduled giveaway message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giveaway: Option<Box<Giveaway>>,
    /// Optional. A giveaway with public winners was completed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giveaway_winners: Option<Box<GiveawayWinners>>,
    /// Optional. Service message: a giveaway without public winners was completed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub giveaway_completed: Option<Box<GiveawayCompleted>>,
    /// Optional. Service message: user boosted the chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boost_added: Option<Box<ChatBoostAdded>>,
    /// Optional. Message is a service message about a refunded payment, information about the payment. More about payments: https://core.telegram.org/bots/api#payments
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refunded_payment: Option<Box<RefundedPayment>>,
    /// Optional. Service message: upgrade of a gift was purchased after the gift was sent
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gift_upgrade_sent: Option<Box<GiftInfo>>,
    /// Optional. Service message: a regular gift was sent or received
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gift: Option<Box<GiftInfo>>,
    /// Optional. Service message: a unique gift was sent or received
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_gift: Option<Box<UniqueGiftInfo>>,
    /// Optional. Service message: the price for paid messages has changed in the chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_message_price_changed: Option<Box<PaidMessagePriceChanged>>,
    /// Optional. Service message: the price for paid messages in the corresponding direct messages chat of a channel has changed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direct_message_price_changed: Option<Box<DirectMessagePriceChanged>>,
    /// Optional. Message is a checklist
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checklist: Option<Box<Checklist>>,
    /// Optional. Service message: some tasks in a checklist were marked as done or not done
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checklist_tasks_done: Option<Box<ChecklistTasksDone>>,
    /// Optional. Service message: tasks were added to a checklist
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checklist_tasks_added: Option<Box<ChecklistTasksAdded>>,
    /// Optional. Service message: approval of a suggested post has failed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_approval_failed: Option<Box<SuggestedPostApprovalFailed>>,
    /// Optional. Service message: a suggested post was approved
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_approved: Option<Box<SuggestedPostApproved>>,
    /// Optional. Service message: a suggested post was declined
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_declined: Option<Box<SuggestedPostDeclined>>,
    /// Optional. Service message: payment for a suggested post was received
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_paid: Option<Box<SuggestedPostPaid>>,
    /// Optional. Service message: payment for a suggested post was refunded
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_refunded: Option<Box<SuggestedPostRefunded>>,
    /// Optional. Service message: chat owner has left
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_owner_left: Option<Box<ChatOwnerLeft>>,
    /// Optional. Service message: chat owner has changed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_owner_changed: Option<Box<ChatOwnerChanged>>,
    /// Optional. Service message: answer option was added to a poll
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll_option_added: Option<Box<PollOptionAdded>>,
    /// Optional. Service message: answer option was deleted from a poll
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll_option_deleted: Option<Box<PollOptionDeleted>>,
    /// Optional. Service message: user created a bot that will be managed by the current bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_bot_created: Option<Box<ManagedBotCreated>>,
    /// Optional. Service message: chat or bot added to a Community
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community_chat_added: Option<Box<CommunityChatAdded>>,
    /// Optional. Service message: chat was joined by a user from a Community
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community_chat_joined: Option<Box<CommunityChatJoined>>,
    /// Optional. Service message: chat or bot removed from a Community
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub community_chat_removed: Option<Box<CommunityChatRemoved>>,
    /// Optional. Inline keyboard attached to the message. login_url buttons are represented as ordinary url buttons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reply_markup: Option<Box<InlineKeyboardMarkup>>,
    /// Optional. Bot through which the message was sent
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via_bot: Option<Box<User>>,
    /// Optional. True, if the message can't be forwarded
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_protected_content: Option<bool>,
    /// Optional. True, if the message is sent to a topic in a forum supergroup or a private chat with the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_topic_message: Option<bool>,
    /// Optional. Information about the direct messages chat topic that contains the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direct_messages_topic: Option<Box<DirectMessagesTopic>>,
    /// Optional. True, if the message was sent by an implicit action, for example, as an away or a greeting business message, or as a scheduled message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_from_offline: Option<bool>,
    /// Optional. Unique identifier of the message effect added to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect_id: Option<String>,
    /// Optional. If the sender of the message boosted the chat, the number of boosts added by the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender_boost_count: Option<i64>,
    /// Optional. Tag or custom title of the sender of the message; for supergroups only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender_tag: Option<String>,
    /// Optional. The number of Telegram Stars that were paid by the sender of the message to send it
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_star_count: Option<i64>,
    /// Optional. True, if the message is a paid post. Note that such posts must not be deleted for 24 hours to receive the payment and can't be edited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_paid_post: Option<bool>,
    /// Optional. Information about suggested post parameters if the message is a suggested post in a channel direct messages chat. If the message is an approved or declined suggested post, then it can't be edited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_info: Option<Box<SuggestedPostInfo>>,
}

/// `MessageAutoDeleteTimerChanged`: see <https://core.telegram.org/bots/api#messageautodeletetimerchanged>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageAutoDeleteTimerChanged {
    /// New auto-delete time for messages in the chat; in seconds
    pub message_auto_delete_time: i64,
}

/// `MessageEntity`: see <https://core.telegram.org/bots/api#messageentity>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageEntity {
    /// Type of the entity. Currently, can be "mention" (@username), "hashtag" (#hashtag or #hashtag@chatusername), "cashtag" ($USD or $USD@chatusername), "bot_command" (/start@jobs_bot), "url" (https://telegram.org), "email" (do-not-reply@telegram.org), "phone_number" (+1-212-555-0123), "bold" (bold text), "italic" (italic text), "underline" (underlined text), "strikethrough" (strikethrough text), "spoiler" (spoiler message), "blockquote" (block quotation), "expandable_blockquote" (collapsed-by-default block quotation), "code" (monowidth string), "pre" (monowidth block), "text_link" (for clickable text URLs), "text_mention" (for users without usernames), "custom_emoji" (for inline custom emoji stickers), or "date_time" (for formatted date and time).
    pub r#type: String,
    /// Offset in UTF-16 code units to the start of the entity
    pub offset: i64,
    /// Length of the entity in UTF-16 code units
    pub length: i64,
    /// Optional. For "text_link" only, URL that will be opened after user taps on the text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Optional. For "text_mention" only, the mentioned user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<Box<User>>,
    /// Optional. For "pre" only, the programming language of the entity text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Optional. For "custom_emoji" only, unique identifier of the custom emoji. Use getCustomEmojiStickers to get full information about the sticker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_emoji_id: Option<String>,
    /// Optional. For "date_time" only, the Unix time associated with the entity
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unix_time: Option<i64>,
    /// Optional. For "date_time" only, the string that defines the formatting of the date and time. See date-time entity formatting for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_time_format: Option<String>,
}

/// `MessageGenerationStopped`: see <https://core.telegram.org/bots/api#messagegenerationstopped>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageGenerationStopped {
    /// Chat in which the message is generated
    pub chat: Box<Chat>,
    /// Optional. Unique identifier of the message thread in which the message is generated
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_thread_id: Option<i64>,
    /// Unique identifier of the message draft which was stopped
    pub draft_id: i64,
}

/// `MessageId`: see <https://core.telegram.org/bots/api#messageid>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageId {
    /// Unique message identifier. In specific instances (e.g., message containing a video sent to a big chat), the server might automatically schedule a message instead of sending it immediately. In such cases, this field will be 0 and the relevant message will be unusable until it is actually sent.
    pub message_id: i64,
}

/// `MessageOrigin`: see <https://core.telegram.org/bots/api#messageorigin>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum MessageOrigin {
    #[serde(rename = "user")]
    MessageOriginUser(MessageOriginUser),
    #[serde(rename = "hidden_user")]
    MessageOriginHiddenUser(MessageOriginHiddenUser),
    #[serde(rename = "chat")]
    MessageOriginChat(MessageOriginChat),
    #[serde(rename = "channel")]
    MessageOriginChannel(MessageOriginChannel),
}

/// `MessageOriginChannel`: see <https://core.telegram.org/bots/api#messageoriginchannel>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageOriginChannel {
    // `type` is the tag of the union this type belongs to.
    /// Channel chat to which the message was originally sent
    pub chat: Box<Chat>,
    /// Unique message identifier inside the chat
    pub message_id: i64,
    /// Optional. Signature of the original post author
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_signature: Option<String>,
    /// Date the message was sent originally in Unix time
    pub date: i64,
}

/// `MessageOriginChat`: see <https://core.telegram.org/bots/api#messageoriginchat>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageOriginChat {
    // `type` is the tag of the union this type belongs to.
    /// Chat that sent the message originally
    pub sender_chat: Box<Chat>,
    /// Optional. For messages originally sent by an anonymous chat administrator, original message author signature
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_signature: Option<String>,
    /// Date the message was sent originally in Unix time
    pub date: i64,
}

/// `MessageOriginHiddenUser`: see <https://core.telegram.org/bots/api#messageoriginhiddenuser>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageOriginHiddenUser {
    // `type` is the tag of the union this type belongs to.
    /// Name of the user that sent the message originally
    pub sender_user_name: String,
    /// Date the message was sent originally in Unix time
    pub date: i64,
}

/// `MessageOriginUser`: see <https://core.telegram.org/bots/api#messageoriginuser>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageOriginUser {
    // `type` is the tag of the union this type belongs to.
    /// User that sent the message originally
    pub sender_user: Box<User>,
    /// Date the message was sent originally in Unix time
    pub date: i64,
}

/// `MessageReactionCountUpdated`: see <https://core.telegram.org/bots/api#messagereactioncountupdated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageReactionCountUpdated {
    /// The chat containing the message
    pub chat: Box<Chat>,
    /// Unique message identifier inside the chat
    pub message_id: i64,
    /// Date of the change in Unix time
    pub date: i64,
    /// List of reactions that are present on the message
    pub reactions: Vec<ReactionCount>,
}

/// `MessageReactionUpdated`: see <https://core.telegram.org/bots/api#messagereactionupdated>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MessageReactionUpdated {
    /// The chat containing the message the user reacted to
    pub chat: Box<Chat>,
    /// Unique identifier of the message inside the chat
    pub message_id: i64,
    /// Optional. The user that changed the reaction, if the user isn't anonymous
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<Box<User>>,
    /// Optional. The chat on behalf of which the reaction was changed, if the user is anonymous
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_chat: Option<Box<Chat>>,
    /// Date of the change in Unix time
    pub date: i64,
    /// Previous list of reaction types that were set by the user
    pub old_reaction: Vec<ReactionType>,
    /// New list of reaction types that have been set by the user
    pub new_reaction: Vec<ReactionType>,
}

/// `OrderInfo`: see <https://core.telegram.org/bots/api#orderinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderInfo {
    /// Optional. User name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Optional. User's phone number
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    /// Optional. User email
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Optional. User shipping address
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipping_address: Option<Box<ShippingAddress>>,
}

/// `OwnedGift`: see <https://core.telegram.org/bots/api#ownedgift>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum OwnedGift {
    #[serde(rename = "regular")]
    OwnedGiftRegular(OwnedGiftRegular),
    #[serde(rename = "unique")]
    OwnedGiftUnique(OwnedGiftUnique),
}

/// `OwnedGiftRegular`: see <https://core.telegram.org/bots/api#ownedgiftregular>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnedGiftRegular {
    // `type` is the tag of the union this type belongs to.
    /// Information about the regular gift
    pub gift: Box<Gift>,
    /// Optional. Unique identifier of the gift for the bot; for gifts received on behalf of business accounts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owned_gift_id: Option<String>,
    /// Optional. Sender of the gift if it is a known user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender_user: Option<Box<User>>,
    /// Date the gift was sent in Unix time
    pub send_date: i64,
    /// Optional. Text of the message that was added to the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Optional. Special entities that appear in the text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Vec<MessageEntity>>,
    /// Optional. True, if the sender and gift text are shown only to the gift receiver; otherwise, everyone will be able to see them
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_private: Option<bool>,
    /// Optional. True, if the gift is displayed on the account's profile page; for gifts received on behalf of business accounts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_saved: Option<bool>,
    /// Optional. True, if the gift can be upgraded to a unique gift; for gifts received on behalf of business accounts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_be_upgraded: Option<bool>,
    /// Optional. True, if the gift was refunded and isn't available anymore
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub was_refunded: Option<bool>,
    /// Optional. Number of Telegram Stars that can be claimed by the receiver instead of the gift; omitted if the gift cannot be converted to Telegram Stars; for gifts received on behalf of business accounts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub convert_star_count: Option<i64>,
    /// Optional. Number of Telegram Stars that were paid for the ability to upgrade the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prepaid_upgrade_star_count: Option<i64>,
    /// Optional. True, if the gift's upgrade was purchased after the gift was sent; for gifts received on behalf of business accounts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_upgrade_separate: Option<bool>,
    /// Optional. Unique number reserved for this gift when upgraded. See the number field in UniqueGift.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique_gift_number: Option<i64>,
}

/// `OwnedGiftUnique`: see <https://core.telegram.org/bots/api#ownedgiftunique>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnedGiftUnique {
    // `type` is the tag of the union this type belongs to.
    /// Information about the unique gift
    pub gift: Box<UniqueGift>,
    /// Optional. Unique identifier of the received gift for the bot; for gifts received on behalf of business accounts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owned_gift_id: Option<String>,
    /// Optional. Sender of the gift if it is a known user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sender_user: Option<Box<User>>,
    /// Date the gift was sent in Unix time
    pub send_date: i64,
    /// Optional. True, if the gift is displayed on the account's profile page; for gifts received on behalf of business accounts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_saved: Option<bool>,
    /// Optional. True, if the gift can be transferred to another owner; for gifts received on behalf of business accounts only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub can_be_transferred: Option<bool>,
    /// Optional. Number of Telegram Stars that must be paid to transfer the gift; omitted if the bot cannot transfer the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transfer_star_count: Option<i64>,
    /// Optional. Point in time (Unix timestamp) when the gift can be transferred. If it is in the past, then the gift can be transferred now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_transfer_date: Option<i64>,
}

/// `OwnedGifts`: see <https://core.telegram.org/bots/api#ownedgifts>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnedGifts {
    /// The total number of gifts owned by the user or the chat
    pub total_count: i64,
    /// The list of gifts
    pub gifts: Vec<OwnedGift>,
    /// Optional. Offset for the next request. If empty, then there are no more results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_offset: Option<String>,
}

/// `PaidMedia`: see <https://core.telegram.org/bots/api#paidmedia>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum PaidMedia {
    #[serde(rename = "live_photo")]
    PaidMediaLivePhoto(PaidMediaLivePhoto),
    #[serde(rename = "photo")]
    PaidMediaPhoto(PaidMediaPhoto),
    #[serde(rename = "preview")]
    PaidMediaPreview(PaidMediaPreview),
    #[serde(rename = "video")]
    PaidMediaVideo(PaidMediaVideo),
}

/// `PaidMediaInfo`: see <https://core.telegram.org/bots/api#paidmediainfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidMediaInfo {
    /// The number of Telegram Stars that must be paid to buy access to the media
    pub star_count: i64,
    /// Information about the paid media
    pub paid_media: Vec<PaidMedia>,
}

/// `PaidMediaLivePhoto`: see <https://core.telegram.org/bots/api#paidmedialivephoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidMediaLivePhoto {
    // `type` is the tag of the union this type belongs to.
    /// The photo
    pub live_photo: Box<LivePhoto>,
}

/// `PaidMediaPhoto`: see <https://core.telegram.org/bots/api#paidmediaphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidMediaPhoto {
    // `type` is the tag of the union this type belongs to.
    /// The photo
    pub photo: Vec<PhotoSize>,
}

/// `PaidMediaPreview`: see <https://core.telegram.org/bots/api#paidmediapreview>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidMediaPreview {
    // `type` is the tag of the union this type belongs to.
    /// Optional. Media width as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<i64>,
    /// Optional. Media height as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i64>,
    /// Optional. Duration of the media in seconds as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<i64>,
}

/// `PaidMediaPurchased`: see <https://core.telegram.org/bots/api#paidmediapurchased>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidMediaPurchased {
    /// User who purchased the media
    pub from: Box<User>,
    /// Bot-specified paid media payload
    pub paid_media_payload: String,
}

/// `PaidMediaVideo`: see <https://core.telegram.org/bots/api#paidmediavideo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidMediaVideo {
    // `type` is the tag of the union this type belongs to.
    /// The video
    pub video: Box<Video>,
}

/// `PaidMessagePriceChanged`: see <https://core.telegram.org/bots/api#paidmessagepricechanged>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidMessagePriceChanged {
    /// The new number of Telegram Stars that must be paid by non-administrator users of the supergroup chat for each sent message
    pub paid_message_star_count: i64,
}

/// `PassportData`: see <https://core.telegram.org/bots/api#passportdata>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportData {
    /// Array with information about documents and other Telegram Passport elements that was shared with the bot
    pub data: Vec<EncryptedPassportElement>,
    /// Encrypted credentials required to decrypt the data
    pub credentials: Box<EncryptedCredentials>,
}

/// `PassportElementError`: see <https://core.telegram.org/bots/api#passportelementerror>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "source")]
pub enum PassportElementError {
    #[serde(rename = "data")]
    PassportElementErrorDataField(PassportElementErrorDataField),
    #[serde(rename = "front_side")]
    PassportElementErrorFrontSide(PassportElementErrorFrontSide),
    #[serde(rename = "reverse_side")]
    PassportElementErrorReverseSide(PassportElementErrorReverseSide),
    #[serde(rename = "selfie")]
    PassportElementErrorSelfie(PassportElementErrorSelfie),
    #[serde(rename = "file")]
    PassportElementErrorFile(PassportElementErrorFile),
    #[serde(rename = "files")]
    PassportElementErrorFiles(PassportElementErrorFiles),
    #[serde(rename = "translation_file")]
    PassportElementErrorTranslationFile(PassportElementErrorTranslationFile),
    #[serde(rename = "translation_files")]
    PassportElementErrorTranslationFiles(PassportElementErrorTranslationFiles),
    #[serde(rename = "unspecified")]
    PassportElementErrorUnspecified(PassportElementErrorUnspecified),
}

/// `PassportElementErrorDataField`: see <https://core.telegram.org/bots/api#passportelementerrordatafield>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorDataField {
    // `source` is the tag of the union this type belongs to.
    /// The section of the user's Telegram Passport which has the error, one of "personal_details", "passport", "driver_license", "identity_card", "internal_passport", "address"
    pub r#type: String,
    /// Name of the data field which has the error
    pub field_name: String,
    /// Base64-encoded data hash
    pub data_hash: String,
    /// Error message
    pub message: String,
}

/// `PassportElementErrorFile`: see <https://core.telegram.org/bots/api#passportelementerrorfile>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorFile {
    // `source` is the tag of the union this type belongs to.
    /// The section of the user's Telegram Passport which has the issue, one of "utility_bill", "bank_statement", "rental_agreement", "passport_registration", "temporary_registration"
    pub r#type: String,
    /// Base64-encoded file hash
    pub file_hash: String,
    /// Error message
    pub message: String,
}

/// `PassportElementErrorFiles`: see <https://core.telegram.org/bots/api#passportelementerrorfiles>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorFiles {
    // `source` is the tag of the union this type belongs to.
    /// The section of the user's Telegram Passport which has the issue, one of "utility_bill", "bank_statement", "rental_agreement", "passport_registration", "temporary_registration"
    pub r#type: String,
    /// List of base64-encoded file hashes
    pub file_hashes: Vec<String>,
    /// Error message
    pub message: String,
}

/// `PassportElementErrorFrontSide`: see <https://core.telegram.org/bots/api#passportelementerrorfrontside>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorFrontSide {
    // `source` is the tag of the union this type belongs to.
    /// The section of the user's Telegram Passport which has the issue, one of "passport", "driver_license", "identity_card", "internal_passport"
    pub r#type: String,
    /// Base64-encoded hash of the file with the front side of the document
    pub file_hash: String,
    /// Error message
    pub message: String,
}

/// `PassportElementErrorReverseSide`: see <https://core.telegram.org/bots/api#passportelementerrorreverseside>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorReverseSide {
    // `source` is the tag of the union this type belongs to.
    /// The section of the user's Telegram Passport which has the issue, one of "driver_license", "identity_card"
    pub r#type: String,
    /// Base64-encoded hash of the file with the reverse side of the document
    pub file_hash: String,
    /// Error message
    pub message: String,
}

/// `PassportElementErrorSelfie`: see <https://core.telegram.org/bots/api#passportelementerrorselfie>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorSelfie {
    // `source` is the tag of the union this type belongs to.
    /// The section of the user's Telegram Passport which has the issue, one of "passport", "driver_license", "identity_card", "internal_passport"
    pub r#type: String,
    /// Base64-encoded hash of the file with the selfie
    pub file_hash: String,
    /// Error message
    pub message: String,
}

/// `PassportElementErrorTranslationFile`: see <https://core.telegram.org/bots/api#passportelementerrortranslationfile>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorTranslationFile {
    // `source` is the tag of the union this type belongs to.
    /// Type of element of the user's Telegram Passport which has the issue, one of "passport", "driver_license", "identity_card", "internal_passport", "utility_bill", "bank_statement", "rental_agreement", "passport_registration", "temporary_registration"
    pub r#type: String,
    /// Base64-encoded file hash
    pub file_hash: String,
    /// Error message
    pub message: String,
}

/// `PassportElementErrorTranslationFiles`: see <https://core.telegram.org/bots/api#passportelementerrortranslationfiles>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorTranslationFiles {
    // `source` is the tag of the union this type belongs to.
    /// Type of element of the user's Telegram Passport which has the issue, one of "passport", "driver_license", "identity_card", "internal_passport", "utility_bill", "bank_statement", "rental_agreement", "passport_registration", "temporary_registration"
    pub r#type: String,
    /// List of base64-encoded file hashes
    pub file_hashes: Vec<String>,
    /// Error message
    pub message: String,
}

/// `PassportElementErrorUnspecified`: see <https://core.telegram.org/bots/api#passportelementerrorunspecified>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportElementErrorUnspecified {
    // `source` is the tag of the union this type belongs to.
    /// Type of element of the user's Telegram Passport which has the issue
    pub r#type: String,
    /// Base64-encoded element hash
    pub element_hash: String,
    /// Error message
    pub message: String,
}

/// `PassportFile`: see <https://core.telegram.org/bots/api#passportfile>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PassportFile {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// File size in bytes
    pub file_size: i64,
    /// Unix time when the file was uploaded
    pub file_date: i64,
}

/// `PhotoSize`: see <https://core.telegram.org/bots/api#photosize>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhotoSize {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Photo width
    pub width: i64,
    /// Photo height
    pub height: i64,
    /// Optional. File size in bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `Poll`: see <https://core.telegram.org/bots/api#poll>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Poll {
    /// Unique poll identifier
    pub id: String,
    /// Poll question, 1-300 characters
    pub question: String,
    /// Optional. Special entities that appear in the question. Currently, only custom emoji entities are allowed in poll questions
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question_entities: Option<Vec<MessageEntity>>,
    /// List of poll options
    pub options: Vec<PollOption>,
    /// Total number of users that voted in the poll
    pub total_voter_count: i64,
    /// Optional. Amount of time in seconds the poll will be active after creation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_period: Option<i64>,
    /// Optional. Point in time (Unix timestamp) when the poll will be automatically closed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close_date: Option<i64>,
    /// True, if the poll is closed
    pub is_closed: bool,
    /// True, if the poll is anonymous
    pub is_anonymous: bool,
    /// True, if the poll allows multiple answers
    pub allows_multiple_answers: bool,
    /// True, if the poll allows to change the chosen answer options
    #[serde(default)]
    pub allows_revoting: bool,
    /// True if voting is limited to users who have been members of the chat where the poll was originally sent for more than 24 hours
    #[serde(default)]
    pub members_only: bool,
    /// Optional. A list of two-letter ISO 3166-1 alpha-2 country codes indicating the countries from which users can vote in the poll. The country code "FT" is used for users with anonymous numbers. If omitted, then users from any country can participate in the poll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country_codes: Option<Vec<String>>,
    /// Poll type, currently can be "regular" or "quiz"
    pub r#type: String,
    /// Optional. 0-based identifier of the correct answer option when exactly one is correct (sent by the reference server for clients before Bot API 9.6; correct_option_ids is the current field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correct_option_id: Option<i64>,
    /// Optional. Array of 0-based identifiers of the correct answer options. Available only for polls in quiz mode which are closed or were sent (not forwarded) by the bot or to the private chat with the bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correct_option_ids: Option<Vec<i64>>,
    /// Optional. Text that is shown when a user chooses an incorrect answer or taps on the lamp icon in a quiz-style poll, 0-200 characters
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// Optional. Special entities like usernames, URLs, bot commands, etc. that appear in the explanation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation_entities: Option<Vec<MessageEntity>>,
    /// Optional. Media added to the quiz explanation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation_media: Option<Box<PollMedia>>,
    /// Optional. Description of the poll; for polls inside the Message object only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional. Special entities like usernames, URLs, bot commands, etc. that appear in the description
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_entities: Option<Vec<MessageEntity>>,
    /// Optional. Media added to the poll description; for polls inside the Message object only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<Box<PollMedia>>,
}

/// `PollAnswer`: see <https://core.telegram.org/bots/api#pollanswer>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PollAnswer {
    /// Unique poll identifier
    pub poll_id: String,
    /// Optional. The chat that changed the answer to the poll, if the voter is anonymous
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voter_chat: Option<Box<Chat>>,
    /// Optional. The user that changed the answer to the poll, if the voter isn't anonymous
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<Box<User>>,
    /// 0-based identifiers of chosen answer options. May be empty if the vote was retracted.
    pub option_ids: Vec<i64>,
    /// Persistent identifiers of the chosen answer options. May be empty if the vote was retracted.
    #[serde(default)]
    pub option_persistent_ids: Vec<String>,
}

/// `PollMedia`: see <https://core.telegram.org/bots/api#pollmedia>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PollMedia {
    /// Optional. Media is an animation, information about the animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub animation: Option<Box<Animation>>,
    /// Optional. Media is an audio file, information about the file; currently, can't be received in a poll option
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audio: Option<Box<Audio>>,
    /// Optional. Media is a general file, information about the file; currently, can't be received in a poll option
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document: Option<Box<Document>>,
    /// Optional. The HTTP link attached to the poll option
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<Box<Link>>,
    /// Optional. Media is a live photo, information about the live photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_photo: Option<Box<LivePhoto>>,
    /// Optional. Media is a shared location, information about the location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<Box<Location>>,
    /// Optional. Media is a photo, available sizes of the photo
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<Vec<PhotoSize>>,
    /// Optional. Media is a sticker, information about the sticker; currently, for poll options only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sticker: Option<Box<Sticker>>,
    /// Optional. Media is a venue, information about the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub venue: Option<Box<Venue>>,
    /// Optional. Media is a video, information about the video
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub video: Option<Box<Video>>,
}

/// `PollOption`: see <https://core.telegram.org/bots/api#polloption>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PollOption {
    /// Unique identifier of the option, persistent on option addition and deletion
    #[serde(default)]
    pub persistent_id: String,
    /// Option text, 1-100 characters
    pub text: String,
    /// Optional. Special entities that appear in the option text. Currently, only custom emoji entities are allowed in poll option texts
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_entities: Option<Vec<MessageEntity>>,
    /// Optional. Media added to the poll option
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<Box<PollMedia>>,
    /// Number of users who voted for this option; may be 0 if unknown
    pub voter_count: i64,
    /// Optional. User who added the option; omitted if the option wasn't added by a user after poll creation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_by_user: Option<Box<User>>,
    /// Optional. Chat that added the option; omitted if the option wasn't added by a chat after poll creation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_by_chat: Option<Box<Chat>>,
    /// Optional. Point in time (Unix timestamp) when the option was added; omitted if the option existed in the original poll
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub addition_date: Option<i64>,
}

/// `PollOptionAdded`: see <https://core.telegram.org/bots/api#polloptionadded>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PollOptionAdded {
    /// Optional. Message containing the poll to which the option was added, if known. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll_message: Option<Box<MaybeInaccessibleMessage>>,
    /// Unique identifier of the added option
    pub option_persistent_id: String,
    /// Option text
    pub option_text: String,
    /// Optional. Special entities that appear in the option_text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_text_entities: Option<Vec<MessageEntity>>,
}

/// `PollOptionDeleted`: see <https://core.telegram.org/bots/api#polloptiondeleted>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PollOptionDeleted {
    /// Optional. Message containing the poll from which the option was deleted, if known. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll_message: Option<Box<MaybeInaccessibleMessage>>,
    /// Unique identifier of the deleted option
    pub option_persistent_id: String,
    /// Option text
    pub option_text: String,
    /// Optional. Special entities that appear in the option_text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_text_entities: Option<Vec<MessageEntity>>,
}

/// `PreCheckoutQuery`: see <https://core.telegram.org/bots/api#precheckoutquery>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PreCheckoutQuery {
    /// Unique query identifier
    pub id: String,
    /// User who sent the query
    pub from: Box<User>,
    /// Three-letter ISO 4217 currency code, or "XTR" for payments in Telegram Stars
    pub currency: String,
    /// Total price in the smallest units of the currency (integer, not float/double). For example, for a price of US$ 1.45 pass amount = 145. See the exp parameter in currencies.json, it shows the number of digits past the decimal point for each currency (2 for the majority of currencies).
    pub total_amount: i64,
    /// Bot-specified invoice payload
    pub invoice_payload: String,
    /// Optional. Identifier of the shipping option chosen by the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipping_option_id: Option<String>,
    /// Optional. Order information provided by the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_info: Option<Box<OrderInfo>>,
}

/// `PreparedInlineMessage`: see <https://core.telegram.org/bots/api#preparedinlinemessage>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PreparedInlineMessage {
    /// Unique identifier of the prepared message
    pub id: String,
    /// Expiration date of the prepared message, in Unix time. Expired prepared messages can no longer be used.
    pub expiration_date: i64,
}

/// `PreparedKeyboardButton`: see <https://core.telegram.org/bots/api#preparedkeyboardbutton>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PreparedKeyboardButton {
    /// Unique identifier of the keyboard button
    pub id: String,
}

/// `ProximityAlertTriggered`: see <https://core.telegram.org/bots/api#proximityalerttriggered>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProximityAlertTriggered {
    /// User that triggered the alert
    pub traveler: Box<User>,
    /// User that set the alert
    pub watcher: Box<User>,
    /// The distance between the users
    pub distance: i64,
}

/// `ReactionCount`: see <https://core.telegram.org/bots/api#reactioncount>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReactionCount {
    /// Type of the reaction
    pub r#type: Box<ReactionType>,
    /// Number of times the reaction was added
    pub total_count: i64,
}

/// `ReactionType`: see <https://core.telegram.org/bots/api#reactiontype>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ReactionType {
    #[serde(rename = "emoji")]
    ReactionTypeEmoji(ReactionTypeEmoji),
    #[serde(rename = "custom_emoji")]
    ReactionTypeCustomEmoji(ReactionTypeCustomEmoji),
    #[serde(rename = "paid")]
    ReactionTypePaid(ReactionTypePaid),
}

/// `ReactionTypeCustomEmoji`: see <https://core.telegram.org/bots/api#reactiontypecustomemoji>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReactionTypeCustomEmoji {
    // `type` is the tag of the union this type belongs to.
    /// Custom emoji identifier
    pub custom_emoji_id: String,
}

/// `ReactionTypeEmoji`: see <https://core.telegram.org/bots/api#reactiontypeemoji>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReactionTypeEmoji {
    // `type` is the tag of the union this type belongs to.
    /// Reaction emoji. Currently, it can be one of "❤", "👍", "👎", "🔥", "🥰", "👏", "😁", "🤔", "🤯", "😱", "🤬", "😢", "🎉", "🤩", "🤮", "💩", "🙏", "👌", "🕊", "🤡", "🥱", "🥴", "😍", "🐳", "❤‍🔥", "🌚", "🌭", "💯", "🤣", "⚡", "🍌", "🏆", "💔", "🤨", "😐", "🍓", "🍾", "💋", "🖕", "😈", "😴", "😭", "🤓", "👻", "👨‍💻", "👀", "🎃", "🙈", "😇", "😨", "🤝", "✍", "🤗", "🫡", "🎅", "🎄", "☃", "💅", "🤪", "🗿", "🆒", "💘", "🙉", "🦄", "😘", "💊", "🙊", "😎", "👾", "🤷‍♂", "🤷", "🤷‍♀", "😡".
    pub emoji: String,
}

/// `ReactionTypePaid`: see <https://core.telegram.org/bots/api#reactiontypepaid>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReactionTypePaid {
    // `type` is the tag of the union this type belongs to.
}

/// `RefundedPayment`: see <https://core.telegram.org/bots/api#refundedpayment>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefundedPayment {
    /// Three-letter ISO 4217 currency code, or "XTR" for payments in Telegram Stars. Currently, always "XTR".
    pub currency: String,
    /// Total refunded price in the smallest units of the currency (integer, not float/double). For example, for a price of US$ 1.45, total_amount = 145. See the exp parameter in currencies.json, it shows the number of digits past the decimal point for each currency (2 for the majority of currencies).
    pub total_amount: i64,
    /// Bot-specified invoice payload
    pub invoice_payload: String,
    /// Telegram payment identifier
    pub telegram_payment_charge_id: String,
    /// Optional. Provider payment identifier
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_payment_charge_id: Option<String>,
}

/// `ReplyKeyboardMarkup`: see <https://core.telegram.org/bots/api#replykeyboardmarkup>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplyKeyboardMarkup {
    /// Array of button rows, each represented by an Array of KeyboardButton objects
    pub keyboard: Vec<Vec<KeyboardButton>>,
    /// Optional. Requests clients to always show the keyboard when the regular keyboard is hidden. Defaults to False, in which case the custom keyboard can be hidden and opened with a keyboard icon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_persistent: Option<bool>,
    /// Optional. Requests clients to resize the keyboard vertically for optimal fit (e.g., make the keyboard smaller if there are just two rows of buttons). Defaults to False, in which case the custom keyboard is always of the same height as the app's standard keyboard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resize_keyboard: Option<bool>,
    /// Optional. Requests clients to hide the keyboard as soon as it's been used. The keyboard will still be available, but clients will automatically display the usual letter-keyboard in the chat - the user can press a special button in the input field to see the custom keyboard again. Defaults to False.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub one_time_keyboard: Option<bool>,
    /// Optional. The placeholder to be shown in the input field when the keyboard is active; 1-64 characters
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_field_placeholder: Option<String>,
    /// Optional. Use this parameter if you want to show the keyboard to specific users only. Targets: 1) users that are @mentioned in the text of the Message object; 2) if the bot's message is a reply to a message in the same chat and forum topic, sender of the original message. Example: A user requests to change the bot's language, bot replies to the request with a keyboard to select the new language. Other users in the group don't see the keyboard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selective: Option<bool>,
    /// Optional. Pass True if the reply interface must be shown to the user, as if they had manually selected the bot's message and tapped 'Reply'
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_reply: Option<bool>,
}

/// `ReplyKeyboardRemove`: see <https://core.telegram.org/bots/api#replykeyboardremove>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplyKeyboardRemove {
    /// Requests clients to remove the custom keyboard (user will not be able to summon this keyboard; if you want to hide the keyboard from sight but keep it accessible, use one_time_keyboard in ReplyKeyboardMarkup)
    pub remove_keyboard: bool,
    /// Optional. Use this parameter if you want to remove the keyboard for specific users only. Targets: 1) users that are @mentioned in the text of the Message object; 2) if the bot's message is a reply to a message in the same chat and forum topic, sender of the original message. Example: A user votes in a poll, bot returns confirmation message in reply to the vote and removes the keyboard for that user, while still showing the keyboard with poll options to users who haven't voted yet.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selective: Option<bool>,
}

/// `ReplyParameters`: see <https://core.telegram.org/bots/api#replyparameters>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplyParameters {
    /// Optional. Identifier of the message that will be replied to in the current chat, or in the chat chat_id if it is specified. Required if ephemeral_message_id isn't specified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<i64>,
    /// Optional. If the message to be replied to is from a different chat, unique identifier for the chat or username of the bot, supergroup or channel in the format @username. Not supported for messages sent on behalf of a business account, messages from channel direct messages chats and ephemeral messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_id: Option<IntegerOrString>,
    /// Optional. Identifier of the incoming ephemeral message that will be replied to in the current chat. A reply to an ephemeral message must itself be an ephemeral message. An ephemeral message may only be replied to within 15 seconds of being sent. Required if message_id isn't specified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ephemeral_message_id: Option<i64>,
    /// Optional. Pass True if the message should be sent even if the specified message to be replied to is not found. Always False for replies in another chat or forum topic, and sent ephemeral messages. Always True for messages sent on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_sending_without_reply: Option<bool>,
    /// Optional. Quoted part of the message to be replied to; 0-1024 characters after entities parsing. The quote must be an exact substring of the message to be replied to, including bold, italic, underline, strikethrough, spoiler, custom_emoji, and date_time entities. The message will fail to send if the quote isn't found in the original message. Ignored for ephemeral messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
    /// Optional. Mode for parsing entities in the quote. See formatting options for more details.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote_parse_mode: Option<String>,
    /// Optional. A JSON-serialized list of special entities that appear in the quote. It can be specified instead of quote_parse_mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote_entities: Option<Vec<MessageEntity>>,
    /// Optional. Position of the quote in the original message in UTF-16 code units
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quote_position: Option<i64>,
    /// Optional. Identifier of the specific checklist task to be replied to
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checklist_task_id: Option<i64>,
    /// Optional. Persistent identifier of the specific poll option to be replied to
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll_option_id: Option<String>,
}

/// `ResponseParameters`: see <https://core.telegram.org/bots/api#responseparameters>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResponseParameters {
    /// Optional. The group has been migrated to a supergroup with the specified identifier. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this identifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub migrate_to_chat_id: Option<i64>,
    /// Optional. In case of exceeding flood control, the number of seconds left to wait before the request can be repeated
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<i64>,
}

/// `RevenueWithdrawalState`: see <https://core.telegram.org/bots/api#revenuewithdrawalstate>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum RevenueWithdrawalState {
    #[serde(rename = "pending")]
    RevenueWithdrawalStatePending(RevenueWithdrawalStatePending),
    #[serde(rename = "succeeded")]
    RevenueWithdrawalStateSucceeded(RevenueWithdrawalStateSucceeded),
    #[serde(rename = "failed")]
    RevenueWithdrawalStateFailed(RevenueWithdrawalStateFailed),
}

/// `RevenueWithdrawalStateFailed`: see <https://core.telegram.org/bots/api#revenuewithdrawalstatefailed>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RevenueWithdrawalStateFailed {
    // `type` is the tag of the union this type belongs to.
}

/// `RevenueWithdrawalStatePending`: see <https://core.telegram.org/bots/api#revenuewithdrawalstatepending>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RevenueWithdrawalStatePending {
    // `type` is the tag of the union this type belongs to.
}

/// `RevenueWithdrawalStateSucceeded`: see <https://core.telegram.org/bots/api#revenuewithdrawalstatesucceeded>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RevenueWithdrawalStateSucceeded {
    // `type` is the tag of the union this type belongs to.
    /// Date the withdrawal was completed in Unix time
    pub date: i64,
    /// An HTTPS URL that can be used to see transaction details
    pub url: String,
}

/// `RichBlock`: see <https://core.telegram.org/bots/api#richblock>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum RichBlock {
    #[serde(rename = "paragraph")]
    RichBlockParagraph(RichBlockParagraph),
    #[serde(rename = "heading")]
    RichBlockSectionHeading(RichBlockSectionHeading),
    #[serde(rename = "pre")]
    RichBlockPreformatted(RichBlockPreformatted),
    #[serde(rename = "footer")]
    RichBlockFooter(RichBlockFooter),
    #[serde(rename = "divider")]
    RichBlockDivider(RichBlockDivider),
    #[serde(rename = "mathematical_expression")]
    RichBlockMathematicalExpression(RichBlockMathematicalExpression),
    #[serde(rename = "anchor")]
    RichBlockAnchor(RichBlockAnchor),
    #[serde(rename = "list")]
    RichBlockList(RichBlockList),
    #[serde(rename = "blockquote")]
    RichBlockBlockQuotation(RichBlockBlockQuotation),
    #[serde(rename = "expandable_blockquote")]
    RichBlockExpandableBlockQuotation(RichBlockExpandableBlockQuotation),
    #[serde(rename = "pullquote")]
    RichBlockPullQuotation(RichBlockPullQuotation),
    #[serde(rename = "collage")]
    RichBlockCollage(RichBlockCollage),
    #[serde(rename = "slideshow")]
    RichBlockSlideshow(RichBlockSlideshow),
    #[serde(rename = "table")]
    RichBlockTable(RichBlockTable),
    #[serde(rename = "details")]
    RichBlockDetails(RichBlockDetails),
    #[serde(rename = "map")]
    RichBlockMap(RichBlockMap),
    #[serde(rename = "buttons")]
    RichBlockButtons(RichBlockButtons),
    #[serde(rename = "animation")]
    RichBlockAnimation(RichBlockAnimation),
    #[serde(rename = "audio")]
    RichBlockAudio(RichBlockAudio),
    #[serde(rename = "document")]
    RichBlockDocument(RichBlockDocument),
    #[serde(rename = "photo")]
    RichBlockPhoto(RichBlockPhoto),
    #[serde(rename = "video")]
    RichBlockVideo(RichBlockVideo),
    #[serde(rename = "voice_note")]
    RichBlockVoiceNote(RichBlockVoiceNote),
    #[serde(rename = "thinking")]
    RichBlockThinking(RichBlockThinking),
}

/// `RichBlockAnchor`: see <https://core.telegram.org/bots/api#richblockanchor>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockAnchor {
    // `type` is the tag of the union this type belongs to.
    /// The name of the anchor
    pub name: String,
}

/// `RichBlockAnimation`: see <https://core.telegram.org/bots/api#richblockanimation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockAnimation {
    // `type` is the tag of the union this type belongs to.
    /// The animation
    pub animation: Box<Animation>,
    /// Optional. True, if the media preview is covered by a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_spoiler: Option<bool>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichBlockAudio`: see <https://core.telegram.org/bots/api#richblockaudio>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockAudio {
    // `type` is the tag of the union this type belongs to.
    /// The audio
    pub audio: Box<Audio>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichBlockBlockQuotation`: see <https://core.telegram.org/bots/api#richblockblockquotation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockBlockQuotation {
    // `type` is the tag of the union this type belongs to.
    /// Content of the block
    pub blocks: Vec<RichBlock>,
    /// Optional. Credit of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<Box<RichText>>,
}

/// `RichBlockButtons`: see <https://core.telegram.org/bots/api#richblockbuttons>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockButtons {
    // `type` is the tag of the union this type belongs to.
    /// The buttons
    pub buttons: Vec<RichMessageButton>,
    /// Optional. Horizontal alignment of the buttons. Currently, must be one of "left", "center", or "right".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub align: Option<String>,
}

/// `RichBlockCaption`: see <https://core.telegram.org/bots/api#richblockcaption>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockCaption {
    /// Block caption
    pub text: Box<RichText>,
    /// Optional. Block credit which corresponds to the HTML tag <cite>
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<Box<RichText>>,
}

/// `RichBlockCollage`: see <https://core.telegram.org/bots/api#richblockcollage>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockCollage {
    // `type` is the tag of the union this type belongs to.
    /// Elements of the collage
    pub blocks: Vec<RichBlock>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichBlockDetails`: see <https://core.telegram.org/bots/api#richblockdetails>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockDetails {
    // `type` is the tag of the union this type belongs to.
    /// Always shown summary of the block
    pub summary: Box<RichText>,
    /// Content of the block
    pub blocks: Vec<RichBlock>,
    /// Optional. True, if the content of the block is visible by default
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_open: Option<bool>,
}

/// `RichBlockDivider`: see <https://core.telegram.org/bots/api#richblockdivider>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockDivider {
    // `type` is the tag of the union this type belongs to.
}

/// `RichBlockDocument`: see <https://core.telegram.org/bots/api#richblockdocument>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockDocument {
    // `type` is the tag of the union this type belongs to.
    /// The document
    pub document: Box<Document>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichBlockExpandableBlockQuotation`: see <https://core.telegram.org/bots/api#richblockexpandableblockquotation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockExpandableBlockQuotation {
    // `type` is the tag of the union this type belongs to.
    /// Content of the block
    pub text: Box<RichText>,
    /// Optional. Credit of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<Box<RichText>>,
}

/// `RichBlockFooter`: see <https://core.telegram.org/bots/api#richblockfooter>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockFooter {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
}

/// `RichBlockList`: see <https://core.telegram.org/bots/api#richblocklist>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockList {
    // `type` is the tag of the union this type belongs to.
    /// Items of the list
    pub items: Vec<RichBlockListItem>,
}

/// `RichBlockListItem`: see <https://core.telegram.org/bots/api#richblocklistitem>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockListItem {
    /// Label of the item
    pub label: String,
    /// The content of the item
    pub blocks: Vec<RichBlock>,
    /// Optional. True, if the item has a checkbox
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_checkbox: Option<bool>,
    /// Optional. True, if the item has a checked checkbox
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_checked: Option<bool>,
    /// Optional. For ordered lists, the numeric value of the item label
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// Optional. For ordered lists, the type of the item label; must be one of "a" for lowercase letters, "A" for uppercase letters, "i" for lowercase Roman numerals, "I" for uppercase Roman numerals, or "1" for decimal numbers
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#type: Option<String>,
}

/// `RichBlockMap`: see <https://core.telegram.org/bots/api#richblockmap>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockMap {
    // `type` is the tag of the union this type belongs to.
    /// Location of the center of the map
    pub location: Box<Location>,
    /// Map zoom level
    pub zoom: i64,
    /// Expected width of the map
    pub width: i64,
    /// Expected height of the map
    pub height: i64,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichBlockMathematicalExpression`: see <https://core.telegram.org/bots/api#richblockmathematicalexpression>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockMathematicalExpression {
    // `type` is the tag of the union this type belongs to.
    /// The mathematical expression in LaTeX format
    pub expression: String,
}

/// `RichBlockParagraph`: see <https://core.telegram.org/bots/api#richblockparagraph>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockParagraph {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
}

/// `RichBlockPhoto`: see <https://core.telegram.org/bots/api#richblockphoto>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockPhoto {
    // `type` is the tag of the union this type belongs to.
    /// Available sizes of the photo
    pub photo: Vec<PhotoSize>,
    /// Optional. True, if the media preview is covered by a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_spoiler: Option<bool>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichBlockPreformatted`: see <https://core.telegram.org/bots/api#richblockpreformatted>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockPreformatted {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
    /// Optional. The programming language of the text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// `RichBlockPullQuotation`: see <https://core.telegram.org/bots/api#richblockpullquotation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockPullQuotation {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
    /// Optional. Credit of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credit: Option<Box<RichText>>,
}

/// `RichBlockSectionHeading`: see <https://core.telegram.org/bots/api#richblocksectionheading>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockSectionHeading {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block
    pub text: Box<RichText>,
    /// Relative size of the text font; 1-6, 1 is the largest, 6 is the smallest
    pub size: i64,
}

/// `RichBlockSlideshow`: see <https://core.telegram.org/bots/api#richblockslideshow>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockSlideshow {
    // `type` is the tag of the union this type belongs to.
    /// Elements of the slideshow
    pub blocks: Vec<RichBlock>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichBlockTable`: see <https://core.telegram.org/bots/api#richblocktable>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockTable {
    // `type` is the tag of the union this type belongs to.
    /// Cells of the table
    pub cells: Vec<Vec<RichBlockTableCell>>,
    /// Optional. True, if the table has borders
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_bordered: Option<bool>,
    /// Optional. True, if the table is striped
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_striped: Option<bool>,
    /// Optional. True, if table cells have smaller indents
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_compact: Option<bool>,
    /// Optional. Caption of the table
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichText>>,
}

/// `RichBlockTableCell`: see <https://core.telegram.org/bots/api#richblocktablecell>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockTableCell {
    /// Optional. Text in the cell. If omitted, then the cell is invisible.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<Box<RichText>>,
    /// Optional. True, if the cell is a header cell
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_header: Option<bool>,
    /// Optional. The number of columns the cell spans if it is bigger than 1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colspan: Option<i64>,
    /// Optional. The number of rows the cell spans if it is bigger than 1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rowspan: Option<i64>,
    /// Horizontal cell content alignment. Currently, must be one of "left", "center", or "right".
    pub align: String,
    /// Vertical cell content alignment. Currently, must be one of "top", "middle", or "bottom".
    pub valign: String,
}

/// `RichBlockThinking`: see <https://core.telegram.org/bots/api#richblockthinking>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockThinking {
    // `type` is the tag of the union this type belongs to.
    /// Text of the block. See https://t.me/addemoji/AIActions for examples of custom emoji that are recommended for usage in the block.
    pub text: Box<RichText>,
}

/// `RichBlockVideo`: see <https://core.telegram.org/bots/api#richblockvideo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockVideo {
    // `type` is the tag of the union this type belongs to.
    /// The video
    pub video: Box<Video>,
    /// Optional. True, if the media preview is covered by a spoiler animation
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_spoiler: Option<bool>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichBlockVoiceNote`: see <https://core.telegram.org/bots/api#richblockvoicenote>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichBlockVoiceNote {
    // `type` is the tag of the union this type belongs to.
    /// The voice note
    pub voice_note: Box<Voice>,
    /// Optional. Caption of the block
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<Box<RichBlockCaption>>,
}

/// `RichMessage`: see <https://core.telegram.org/bots/api#richmessage>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichMessage {
    /// Content of the message
    pub blocks: Vec<RichBlock>,
    /// Optional. True, if the rich message must be shown right-to-left
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_rtl: Option<bool>,
}

/// `RichMessageButton`: see <https://core.telegram.org/bots/api#richmessagebutton>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichMessageButton {
    /// Text of the button. May contain only plain text, RichTextCustomEmoji and RichTextDateTime entities.
    pub text: Box<RichText>,
    /// Optional. Style of the button. Must be one of "danger", "success", "primary", or "link" (the button is shown as a regular link without borders). Apps may use theme-specific colors for the button background and text based on the style. The style "link" is allowed only for callback buttons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<String>,
    /// Optional. HTTP or tg:// URL to be opened when the button is pressed. Links tg://user?id=<user_id> can be used to mention a user by their identifier without using a username, if this is allowed by their privacy settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Optional. Data to be sent in a callback query to the bot when the button is pressed, 1-64 bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callback_data: Option<String>,
    /// Optional. Description of the Web App that will be launched when the user presses the button. The Web App will be able to send an arbitrary message on behalf of the user using the method answerWebAppQuery. Available only in private chats between a user and the bot. Not supported for messages sent on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_app: Option<Box<WebAppInfo>>,
    /// Optional. An HTTPS URL used to automatically authorize the user. Can be used as a replacement for the Telegram Login Widget. Not supported for ephemeral messages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub login_url: Option<Box<LoginUrl>>,
    /// Optional. If set, pressing the button will prompt the user to select one of their chats, open that chat and insert the bot's username and the specified inline query in the input field. May be empty, in which case just the bot's username will be inserted. Not supported for messages sent in channel direct messages chats and on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_inline_query: Option<String>,
    /// Optional. If set, pressing the button will insert the bot's username and the specified inline query in the current chat's input field. May be empty, in which case only the bot's username will be inserted. Not supported in channels and for messages sent in channel direct messages chats and on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_inline_query_current_chat: Option<String>,
    /// Optional. If set, pressing the button will prompt the user to select one of their chats of the specified type, open that chat and insert the bot's username and the specified inline query in the input field. Not supported for messages sent in channel direct messages chats and on behalf of a business account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub switch_inline_query_chosen_chat: Option<Box<SwitchInlineQueryChosenChat>>,
    /// Optional. A button that copies the specified text to the clipboard
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy_text: Option<Box<CopyTextButton>>,
    /// Optional. If set, then the button is disabled and does nothing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled: Option<Box<DisabledButton>>,
}

/// `RichText`: see <https://core.telegram.org/bots/api#richtext>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RichText {
    Text(String),
    List(Vec<RichText>),
    RichTextBold(RichTextBold),
    RichTextItalic(RichTextItalic),
    RichTextUnderline(RichTextUnderline),
    RichTextStrikethrough(RichTextStrikethrough),
    RichTextSpoiler(RichTextSpoiler),
    RichTextDateTime(RichTextDateTime),
    RichTextTextMention(RichTextTextMention),
    RichTextSubscript(RichTextSubscript),
    RichTextSuperscript(RichTextSuperscript),
    RichTextMarked(RichTextMarked),
    RichTextCode(RichTextCode),
    RichTextCustomEmoji(RichTextCustomEmoji),
    RichTextMathematicalExpression(RichTextMathematicalExpression),
    RichTextUrl(RichTextUrl),
    RichTextEmailAddress(RichTextEmailAddress),
    RichTextPhoneNumber(RichTextPhoneNumber),
    RichTextBankCardNumber(RichTextBankCardNumber),
    RichTextMention(RichTextMention),
    RichTextHashtag(RichTextHashtag),
    RichTextCashtag(RichTextCashtag),
    RichTextBotCommand(RichTextBotCommand),
    RichTextButton(RichTextButton),
    RichTextAnchor(RichTextAnchor),
    RichTextAnchorLink(RichTextAnchorLink),
    RichTextReference(RichTextReference),
    RichTextReferenceLink(RichTextReferenceLink),
}

/// `RichTextAnchor`: see <https://core.telegram.org/bots/api#richtextanchor>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextAnchor {
    /// Type of the rich text, always "anchor"
    pub r#type: String,
    /// The name of the anchor
    pub name: String,
}

/// `RichTextAnchorLink`: see <https://core.telegram.org/bots/api#richtextanchorlink>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextAnchorLink {
    /// Type of the rich text, always "anchor_link"
    pub r#type: String,
    /// The link text
    pub text: Box<RichText>,
    /// The name of the anchor. If the name is empty, then the link brings back to the top of the message.
    pub anchor_name: String,
}

/// `RichTextBankCardNumber`: see <https://core.telegram.org/bots/api#richtextbankcardnumber>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextBankCardNumber {
    /// Type of the rich text, always "bank_card_number"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The bank card number
    pub bank_card_number: String,
}

/// `RichTextBold`: see <https://core.telegram.org/bots/api#richtextbold>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextBold {
    /// Type of the rich text, always "bold"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextBotCommand`: see <https://core.telegram.org/bots/api#richtextbotcommand>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextBotCommand {
    /// Type of the rich text, always "bot_command"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The bot command
    pub bot_command: String,
}

/// `RichTextButton`: see <https://core.telegram.org/bots/api#richtextbutton>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextButton {
    /// Type of the rich text, always "button"
    pub r#type: String,
    /// The button
    pub button: Box<RichMessageButton>,
}

/// `RichTextCashtag`: see <https://core.telegram.org/bots/api#richtextcashtag>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextCashtag {
    /// Type of the rich text, always "cashtag"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The cashtag
    pub cashtag: String,
}

/// `RichTextCode`: see <https://core.telegram.org/bots/api#richtextcode>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextCode {
    /// Type of the rich text, always "code"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextCustomEmoji`: see <https://core.telegram.org/bots/api#richtextcustomemoji>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextCustomEmoji {
    /// Type of the rich text, always "custom_emoji"
    pub r#type: String,
    /// Unique identifier of the custom emoji. Use getCustomEmojiStickers to get full information about the sticker.
    pub custom_emoji_id: String,
    /// Alternative emoji for the custom emoji
    pub alternative_text: String,
}

/// `RichTextDateTime`: see <https://core.telegram.org/bots/api#richtextdatetime>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextDateTime {
    /// Type of the rich text, always "date_time"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The Unix time associated with the entity
    pub unix_time: i64,
    /// The string that defines the formatting of the date and time. See date-time entity formatting for more details.
    pub date_time_format: String,
}

/// `RichTextEmailAddress`: see <https://core.telegram.org/bots/api#richtextemailaddress>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextEmailAddress {
    /// Type of the rich text, always "email_address"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The email address
    pub email_address: String,
}

/// `RichTextHashtag`: see <https://core.telegram.org/bots/api#richtexthashtag>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextHashtag {
    /// Type of the rich text, always "hashtag"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The hashtag
    pub hashtag: String,
}

/// `RichTextItalic`: see <https://core.telegram.org/bots/api#richtextitalic>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextItalic {
    /// Type of the rich text, always "italic"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextMarked`: see <https://core.telegram.org/bots/api#richtextmarked>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextMarked {
    /// Type of the rich text, always "marked"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextMathematicalExpression`: see <https://core.telegram.org/bots/api#richtextmathematicalexpression>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextMathematicalExpression {
    /// Type of the rich text, always "mathematical_expression"
    pub r#type: String,
    /// The expression in LaTeX format
    pub expression: String,
}

/// `RichTextMention`: see <https://core.telegram.org/bots/api#richtextmention>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextMention {
    /// Type of the rich text, always "mention"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The username
    pub username: String,
}

/// `RichTextPhoneNumber`: see <https://core.telegram.org/bots/api#richtextphonenumber>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextPhoneNumber {
    /// Type of the rich text, always "phone_number"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The phone number
    pub phone_number: String,
}

/// `RichTextReference`: see <https://core.telegram.org/bots/api#richtextreference>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextReference {
    /// Type of the rich text, always "reference"
    pub r#type: String,
    /// Text of the reference
    pub text: Box<RichText>,
    /// The name of the reference
    pub name: String,
}

/// `RichTextReferenceLink`: see <https://core.telegram.org/bots/api#richtextreferencelink>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextReferenceLink {
    /// Type of the rich text, always "reference_link"
    pub r#type: String,
    /// The link text
    pub text: Box<RichText>,
    /// The name of the reference
    pub reference_name: String,
}

/// `RichTextSpoiler`: see <https://core.telegram.org/bots/api#richtextspoiler>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextSpoiler {
    /// Type of the rich text, always "spoiler"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextStrikethrough`: see <https://core.telegram.org/bots/api#richtextstrikethrough>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextStrikethrough {
    /// Type of the rich text, always "strikethrough"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextSubscript`: see <https://core.telegram.org/bots/api#richtextsubscript>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextSubscript {
    /// Type of the rich text, always "subscript"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextSuperscript`: see <https://core.telegram.org/bots/api#richtextsuperscript>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextSuperscript {
    /// Type of the rich text, always "superscript"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextTextMention`: see <https://core.telegram.org/bots/api#richtexttextmention>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextTextMention {
    /// Type of the rich text, always "text_mention"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// The mentioned user
    pub user: Box<User>,
}

/// `RichTextUnderline`: see <https://core.telegram.org/bots/api#richtextunderline>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextUnderline {
    /// Type of the rich text, always "underline"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
}

/// `RichTextUrl`: see <https://core.telegram.org/bots/api#richtexturl>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RichTextUrl {
    /// Type of the rich text, always "url"
    pub r#type: String,
    /// The text
    pub text: Box<RichText>,
    /// URL of the link
    pub url: String,
}

/// `SentGuestMessage`: see <https://core.telegram.org/bots/api#sentguestmessage>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SentGuestMessage {
    /// Identifier of the sent inline message
    pub inline_message_id: String,
}

/// `SentWebAppMessage`: see <https://core.telegram.org/bots/api#sentwebappmessage>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SentWebAppMessage {
    /// Optional. Identifier of the sent inline message. Available only if there is an inline keyboard attached to the message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline_message_id: Option<String>,
}

/// `SharedUser`: see <https://core.telegram.org/bots/api#shareduser>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedUser {
    /// Identifier of the shared user. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so 64-bit integers or double-precision float types are safe for storing these identifiers. The bot may not have access to the user and could be unable to use this identifier, unless the user is already known to the bot by some other means.
    pub user_id: i64,
    /// Optional. First name of the user, if the name was requested by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    /// Optional. Last name of the user, if the name was requested by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Optional. Username of the user, if the username was requested by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Optional. Available sizes of the chat photo, if the photo was requested by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<Vec<PhotoSize>>,
}

/// `SharedWidgetQuery`: see <https://core.telegram.org/bots/api#sharedwidgetquery>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedWidgetQuery {
    /// Unique identifier for this query
    pub id: String,
    /// Sender
    pub from: Box<User>,
    /// Type of the query
    pub r#type: Box<WidgetQueryType>,
    /// Data of the query, 1-64 bytes
    pub data: String,
    /// Unique identifier of the shared widget, which sent the query
    pub widget_id: String,
}

/// `ShippingAddress`: see <https://core.telegram.org/bots/api#shippingaddress>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShippingAddress {
    /// Two-letter ISO 3166-1 alpha-2 country code
    pub country_code: String,
    /// State, if applicable
    pub state: String,
    /// City
    pub city: String,
    /// First line for the address
    pub street_line1: String,
    /// Second line for the address
    pub street_line2: String,
    /// Address post code
    pub post_code: String,
}

/// `ShippingOption`: see <https://core.telegram.org/bots/api#shippingoption>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShippingOption {
    /// Shipping option identifier
    pub id: String,
    /// Option title
    pub title: String,
    /// List of price portions
    pub prices: Vec<LabeledPrice>,
}

/// `ShippingQuery`: see <https://core.telegram.org/bots/api#shippingquery>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShippingQuery {
    /// Unique query identifier
    pub id: String,
    /// User who sent the query
    pub from: Box<User>,
    /// Bot-specified invoice payload
    pub invoice_payload: String,
    /// User specified shipping address
    pub shipping_address: Box<ShippingAddress>,
}

/// `StarAmount`: see <https://core.telegram.org/bots/api#staramount>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StarAmount {
    /// Integer amount of Telegram Stars, rounded to 0; can be negative
    pub amount: i64,
    /// Optional. The number of 1/1000000000 shares of Telegram Stars; from -999999999 to 999999999; can be negative if and only if amount is non-positive
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nanostar_amount: Option<i64>,
}

/// `StarTransaction`: see <https://core.telegram.org/bots/api#startransaction>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StarTransaction {
    /// Unique identifier of the transaction. Coincides with the identifier of the original transaction for refund transactions. Coincides with SuccessfulPayment.telegram_payment_charge_id for successful incoming payments from users.
    pub id: String,
    /// Integer amount of Telegram Stars transferred by the transaction
    pub amount: i64,
    /// Optional. The number of 1/1000000000 shares of Telegram Stars transferred by the transaction; from 0 to 999999999
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nanostar_amount: Option<i64>,
    /// Date the transaction was created in Unix time
    pub date: i64,
    /// Optional. Source of an incoming transaction (e.g., a user purchasing goods or services, Fragment refunding a failed withdrawal). Only for incoming transactions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<Box<TransactionPartner>>,
    /// Optional. Receiver of an outgoing transaction (e.g., a user for a purchase refund, Fragment for a withdrawal). Only for outgoing transactions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver: Option<Box<TransactionPartner>>,
}

/// `StarTransactions`: see <https://core.telegram.org/bots/api#startransactions>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StarTransactions {
    /// The list of transactions
    pub transactions: Vec<StarTransaction>,
}

/// `Sticker`: see <https://core.telegram.org/bots/api#sticker>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sticker {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Type of the sticker, currently one of "regular", "mask", "custom_emoji". The type of the sticker is independent from its format, which is determined by the fields is_animated and is_video.
    pub r#type: String,
    /// Sticker width
    pub width: i64,
    /// Sticker height
    pub height: i64,
    /// True, if the sticker is animated
    pub is_animated: bool,
    /// True, if the sticker is a video sticker
    pub is_video: bool,
    /// Optional. Sticker thumbnail in the .WEBP or .JPG format
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<Box<PhotoSize>>,
    /// Optional. Emoji associated with the sticker
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emoji: Option<String>,
    /// Optional. Name of the sticker set to which the sticker belongs
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_name: Option<String>,
    /// Optional. For premium regular stickers, premium animation for the sticker
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub premium_animation: Option<Box<File>>,
    /// Optional. For mask stickers, the position where the mask should be placed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mask_position: Option<Box<MaskPosition>>,
    /// Optional. For custom emoji stickers, unique identifier of the custom emoji
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_emoji_id: Option<String>,
    /// Optional. True, if the sticker must be repainted to a text color in messages, the color of the Telegram Premium badge in emoji status, white color on chat photos, or another appropriate color in other places
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub needs_repainting: Option<bool>,
    /// Optional. File size in bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `StickerSet`: see <https://core.telegram.org/bots/api#stickerset>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StickerSet {
    /// Sticker set name
    pub name: String,
    /// Sticker set title
    pub title: String,
    /// Type of stickers in the set, currently one of "regular", "mask", "custom_emoji"
    pub sticker_type: String,
    /// List of all set stickers
    pub stickers: Vec<Sticker>,
    /// Optional. Sticker set thumbnail in the .WEBP, .TGS, or .WEBM format
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<Box<PhotoSize>>,
}

/// `Story`: see <https://core.telegram.org/bots/api#story>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Story {
    /// Chat that posted the story
    pub chat: Box<Chat>,
    /// Unique identifier for the story in the chat
    pub id: i64,
}

/// `StoryArea`: see <https://core.telegram.org/bots/api#storyarea>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoryArea {
    /// Position of the area
    pub position: Box<StoryAreaPosition>,
    /// Type of the area
    pub r#type: Box<StoryAreaType>,
}

/// `StoryAreaPosition`: see <https://core.telegram.org/bots/api#storyareaposition>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoryAreaPosition {
    /// The abscissa of the area's center, as a percentage of the media width
    pub x_percentage: f64,
    /// The ordinate of the area's center, as a percentage of the media height
    pub y_percentage: f64,
    /// The width of the area's rectangle, as a percentage of the media width
    pub width_percentage: f64,
    /// The height of the area's rectangle, as a percentage of the media height
    pub height_percentage: f64,
    /// The clockwise rotation angle of the rectangle, in degrees; 0-360
    pub rotation_angle: f64,
    /// The radius of the rectangle corner rounding, as a percentage of the media width
    pub corner_radius_percentage: f64,
}

/// `StoryAreaType`: see <https://core.telegram.org/bots/api#storyareatype>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum StoryAreaType {
    #[serde(rename = "location")]
    StoryAreaTypeLocation(StoryAreaTypeLocation),
    #[serde(rename = "suggested_reaction")]
    StoryAreaTypeSuggestedReaction(StoryAreaTypeSuggestedReaction),
    #[serde(rename = "link")]
    StoryAreaTypeLink(StoryAreaTypeLink),
    #[serde(rename = "weather")]
    StoryAreaTypeWeather(StoryAreaTypeWeather),
    #[serde(rename = "unique_gift")]
    StoryAreaTypeUniqueGift(StoryAreaTypeUniqueGift),
}

/// `StoryAreaTypeLink`: see <https://core.telegram.org/bots/api#storyareatypelink>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoryAreaTypeLink {
    // `type` is the tag of the union this type belongs to.
    /// HTTP or tg:// URL to be opened when the area is clicked
    pub url: String,
}

/// `StoryAreaTypeLocation`: see <https://core.telegram.org/bots/api#storyareatypelocation>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoryAreaTypeLocation {
    // `type` is the tag of the union this type belongs to.
    /// Location latitude in degrees
    pub latitude: f64,
    /// Location longitude in degrees
    pub longitude: f64,
    /// Optional. Address of the location
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<Box<LocationAddress>>,
}

/// `StoryAreaTypeSuggestedReaction`: see <https://core.telegram.org/bots/api#storyareatypesuggestedreaction>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoryAreaTypeSuggestedReaction {
    // `type` is the tag of the union this type belongs to.
    /// Type of the reaction
    pub reaction_type: Box<ReactionType>,
    /// Optional. Pass True if the reaction area has a dark background
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_dark: Option<bool>,
    /// Optional. Pass True if reaction area corner is flipped
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_flipped: Option<bool>,
}

/// `StoryAreaTypeUniqueGift`: see <https://core.telegram.org/bots/api#storyareatypeuniquegift>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoryAreaTypeUniqueGift {
    // `type` is the tag of the union this type belongs to.
    /// Unique name of the gift
    pub name: String,
}

/// `StoryAreaTypeWeather`: see <https://core.telegram.org/bots/api#storyareatypeweather>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoryAreaTypeWeather {
    // `type` is the tag of the union this type belongs to.
    /// Temperature, in degree Celsius
    pub temperature: f64,
    /// Emoji representing the weather
    pub emoji: String,
    /// A color of the area background in the ARGB format
    pub background_color: i64,
}

/// `SuccessfulPayment`: see <https://core.telegram.org/bots/api#successfulpayment>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuccessfulPayment {
    /// Three-letter ISO 4217 currency code, or "XTR" for payments in Telegram Stars
    pub currency: String,
    /// Total price in the smallest units of the currency (integer, not float/double). For example, for a price of US$ 1.45 pass amount = 145. See the exp parameter in currencies.json, it shows the number of digits past the decimal point for each currency (2 for the majority of currencies).
    pub total_amount: i64,
    /// Bot-specified invoice payload
    pub invoice_payload: String,
    /// Optional. Expiration date of the subscription, in Unix time; for recurring payments only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription_expiration_date: Option<i64>,
    /// Optional. True, if the payment is a recurring payment for a subscription
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_recurring: Option<bool>,
    /// Optional. True, if the payment is the first payment for a subscription
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_first_recurring: Option<bool>,
    /// Optional. Identifier of the shipping option chosen by the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipping_option_id: Option<String>,
    /// Optional. Order information provided by the user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order_info: Option<Box<OrderInfo>>,
    /// Telegram payment identifier
    pub telegram_payment_charge_id: String,
    /// Provider payment identifier
    pub provider_payment_charge_id: String,
}

/// `SuggestedPostApprovalFailed`: see <https://core.telegram.org/bots/api#suggestedpostapprovalfailed>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuggestedPostApprovalFailed {
    /// Optional. Message containing the suggested post whose approval has failed. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_message: Option<Box<Message>>,
    /// Expected price of the post
    pub price: Box<SuggestedPostPrice>,
}

/// `SuggestedPostApproved`: see <https://core.telegram.org/bots/api#suggestedpostapproved>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuggestedPostApproved {
    /// Optional. Message containing the suggested post. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_message: Option<Box<Message>>,
    /// Optional. Amount paid for the post
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<Box<SuggestedPostPrice>>,
    /// Date when the post will be published
    pub send_date: i64,
}

/// `SuggestedPostDeclined`: see <https://core.telegram.org/bots/api#suggestedpostdeclined>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuggestedPostDeclined {
    /// Optional. Message containing the suggested post. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_message: Option<Box<Message>>,
    /// Optional. Comment with which the post was declined
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// `SuggestedPostInfo`: see <https://core.telegram.org/bots/api#suggestedpostinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuggestedPostInfo {
    /// State of the suggested post. Currently, it can be one of "pending", "approved", "declined".
    pub state: String,
    /// Optional. Proposed price of the post. If the field is omitted, then the post is unpaid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<Box<SuggestedPostPrice>>,
    /// Optional. Proposed send date of the post. If the field is omitted, then the post can be published at any time within 30 days at the sole discretion of the user or administrator who approves it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub send_date: Option<i64>,
}

/// `SuggestedPostPaid`: see <https://core.telegram.org/bots/api#suggestedpostpaid>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuggestedPostPaid {
    /// Optional. Message containing the suggested post. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_message: Option<Box<Message>>,
    /// Currency in which the payment was made. Currently, one of "XTR" for Telegram Stars or "TON" for TON grams.
    pub currency: String,
    /// Optional. The amount of the currency that was received by the channel in nanograms; for payments in TON grams only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// Optional. The amount of Telegram Stars that was received by the channel; for payments in Telegram Stars only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub star_amount: Option<Box<StarAmount>>,
}

/// `SuggestedPostParameters`: see <https://core.telegram.org/bots/api#suggestedpostparameters>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuggestedPostParameters {
    /// Optional. Proposed price for the post. If the field is omitted, then the post is unpaid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<Box<SuggestedPostPrice>>,
    /// Optional. Proposed send date of the post. If specified, then the date must be between 300 second and 2678400 seconds (30 days) in the future. If the field is omitted, then the post can be published at any time within 30 days at the sole discretion of the user who approves it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub send_date: Option<i64>,
}

/// `SuggestedPostPrice`: see <https://core.telegram.org/bots/api#suggestedpostprice>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuggestedPostPrice {
    /// Currency in which the post will be paid. Currently, must be one of "XTR" for Telegram Stars or "TON" for TON grams.
    pub currency: String,
    /// The amount of the currency that will be paid for the post in the smallest units of the currency, i.e. Telegram Stars or nanograms. Currently, price in Telegram Stars must be between 5 and 100000, and price in nanograms must be between 10000000 and 10000000000000.
    pub amount: i64,
}

/// `SuggestedPostRefunded`: see <https://core.telegram.org/bots/api#suggestedpostrefunded>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuggestedPostRefunded {
    /// Optional. Message containing the suggested post. Note that the Message object in this field will not contain the reply_to_message field even if it itself is a reply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested_post_message: Option<Box<Message>>,
    /// Reason for the refund. Currently, one of "post_deleted" if the post was deleted within 24 hours of being posted or removed from scheduled messages without being posted, or "payment_refunded" if the payer refunded their payment.
    pub reason: String,
}

/// `SwitchInlineQueryChosenChat`: see <https://core.telegram.org/bots/api#switchinlinequerychosenchat>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwitchInlineQueryChosenChat {
    /// Optional. The default inline query to be inserted in the input field. If left empty, only the bot's username will be inserted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// Optional. True, if private chats with users can be chosen
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_user_chats: Option<bool>,
    /// Optional. True, if private chats with bots can be chosen
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_bot_chats: Option<bool>,
    /// Optional. True, if group and supergroup chats can be chosen
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_group_chats: Option<bool>,
    /// Optional. True, if channel chats can be chosen
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_channel_chats: Option<bool>,
}

/// `TextQuote`: see <https://core.telegram.org/bots/api#textquote>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextQuote {
    /// Text of the quoted part of a message that is replied to by the given message
    pub text: String,
    /// Optional. Special entities that appear in the quote. Currently, only bold, italic, underline, strikethrough, spoiler, custom_emoji, and date_time entities are kept in quotes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Vec<MessageEntity>>,
    /// Approximate quote position in the original message in UTF-16 code units as specified by the sender
    pub position: i64,
    /// Optional. True, if the quote was chosen manually by the message sender. Otherwise, the quote was added automatically by the server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_manual: Option<bool>,
}

/// `TonNft`: see <https://core.telegram.org/bots/api#tonnft>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TonNft {
    /// Address of the NFT
    pub address: String,
    /// Optional. Unique gift corresponding to the NFT, if any
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gift: Option<Box<UniqueGift>>,
}

/// `TonWalletCard`: see <https://core.telegram.org/bots/api#tonwalletcard>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TonWalletCard {
    /// Address of the wallet
    pub address: String,
    /// Balance of the wallet, in the smallest units of the cryptocurrency, as a decimal number
    pub amount: String,
    /// Stickers placed on the card
    pub stickers: Vec<TonWalletCardSticker>,
    /// Optional. Address of the NFT of one of the stickers, whose colors must be used for the card background; omitted if the default background must be used
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background_nft_address: Option<String>,
}

/// `TonWalletCardSticker`: see <https://core.telegram.org/bots/api#tonwalletcardsticker>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TonWalletCardSticker {
    /// Position of the sticker on the card
    pub position: Box<StoryAreaPosition>,
    /// NFT displayed as the sticker
    pub nft: Box<TonNft>,
}

/// `TransactionPartner`: see <https://core.telegram.org/bots/api#transactionpartner>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum TransactionPartner {
    #[serde(rename = "user")]
    TransactionPartnerUser(TransactionPartnerUser),
    #[serde(rename = "chat")]
    TransactionPartnerChat(TransactionPartnerChat),
    #[serde(rename = "affiliate_program")]
    TransactionPartnerAffiliateProgram(TransactionPartnerAffiliateProgram),
    #[serde(rename = "fragment")]
    TransactionPartnerFragment(TransactionPartnerFragment),
    #[serde(rename = "telegram_ads")]
    TransactionPartnerTelegramAds(TransactionPartnerTelegramAds),
    #[serde(rename = "telegram_api")]
    TransactionPartnerTelegramApi(TransactionPartnerTelegramApi),
    #[serde(rename = "other")]
    TransactionPartnerOther(TransactionPartnerOther),
}

/// `TransactionPartnerAffiliateProgram`: see <https://core.telegram.org/bots/api#transactionpartneraffiliateprogram>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransactionPartnerAffiliateProgram {
    // `type` is the tag of the union this type belongs to.
    /// Optional. Information about the bot that sponsored the affiliate program
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sponsor_user: Option<Box<User>>,
    /// The number of Telegram Stars received by the bot for each 1000 Telegram Stars received by the affiliate program sponsor from referred users
    pub commission_per_mille: i64,
}

/// `TransactionPartnerChat`: see <https://core.telegram.org/bots/api#transactionpartnerchat>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransactionPartnerChat {
    // `type` is the tag of the union this type belongs to.
    /// Information about the chat
    pub chat: Box<Chat>,
    /// Optional. The gift sent to the chat by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gift: Option<Box<Gift>>,
}

/// `TransactionPartnerFragment`: see <https://core.telegram.org/bots/api#transactionpartnerfragment>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransactionPartnerFragment {
    // `type` is the tag of the union this type belongs to.
    /// Optional. State of the transaction if the transaction is outgoing
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawal_state: Option<Box<RevenueWithdrawalState>>,
}

/// `TransactionPartnerOther`: see <https://core.telegram.org/bots/api#transactionpartnerother>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransactionPartnerOther {
    // `type` is the tag of the union this type belongs to.
}

/// `TransactionPartnerTelegramAds`: see <https://core.telegram.org/bots/api#transactionpartnertelegramads>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransactionPartnerTelegramAds {
    // `type` is the tag of the union this type belongs to.
}

/// `TransactionPartnerTelegramApi`: see <https://core.telegram.org/bots/api#transactionpartnertelegramapi>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransactionPartnerTelegramApi {
    // `type` is the tag of the union this type belongs to.
    /// The number of successful requests that exceeded regular limits and were therefore billed
    pub request_count: i64,
}

/// `TransactionPartnerUser`: see <https://core.telegram.org/bots/api#transactionpartneruser>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransactionPartnerUser {
    // `type` is the tag of the union this type belongs to.
    /// Type of the transaction, currently one of "invoice_payment" for payments via invoices, "paid_media_payment" for payments for paid media, "gift_purchase" for gifts sent by the bot, "premium_purchase" for Telegram Premium subscriptions gifted by the bot, "business_account_transfer" for direct transfers from managed business accounts
    pub transaction_type: String,
    /// Information about the user
    pub user: Box<User>,
    /// Optional. Information about the affiliate that received a commission via this transaction. Can be available only for "invoice_payment" and "paid_media_payment" transactions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affiliate: Option<Box<AffiliateInfo>>,
    /// Optional. Bot-specified invoice payload. Can be available only for "invoice_payment" transactions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invoice_payload: Option<String>,
    /// Optional. The duration of the paid subscription. Can be available only for "invoice_payment" transactions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription_period: Option<i64>,
    /// Optional. Information about the paid media bought by the user; for "paid_media_payment" transactions only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_media: Option<Vec<PaidMedia>>,
    /// Optional. Bot-specified paid media payload. Can be available only for "paid_media_payment" transactions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_media_payload: Option<String>,
    /// Optional. The gift sent to the user by the bot; for "gift_purchase" transactions only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gift: Option<Box<Gift>>,
    /// Optional. Number of months the gifted Telegram Premium subscription will be active for; for "premium_purchase" transactions only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub premium_subscription_duration: Option<i64>,
}

/// `UniqueGift`: see <https://core.telegram.org/bots/api#uniquegift>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniqueGift {
    /// Identifier of the regular gift from which the gift was upgraded
    pub gift_id: String,
    /// Human-readable name of the regular gift from which this unique gift was upgraded
    pub base_name: String,
    /// Unique name of the gift. This name can be used in https://t.me/nft/... links and story areas.
    pub name: String,
    /// Unique number of the upgraded gift among gifts upgraded from the same regular gift
    pub number: i64,
    /// Model of the gift
    pub model: Box<UniqueGiftModel>,
    /// Symbol of the gift
    pub symbol: Box<UniqueGiftSymbol>,
    /// Backdrop of the gift
    pub backdrop: Box<UniqueGiftBackdrop>,
    /// Optional. True, if the original regular gift was exclusively purchaseable by Telegram Premium subscribers
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_premium: Option<bool>,
    /// Optional. True, if the gift was used to craft another gift and isn't available anymore
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_burned: Option<bool>,
    /// Optional. True, if the gift is assigned from the TON blockchain and can't be resold or transferred in Telegram
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_from_blockchain: Option<bool>,
    /// Optional. The color scheme that can be used by the gift's owner for the chat's name, replies to messages and link previews; for business account gifts and gifts that are currently on sale only
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<Box<UniqueGiftColors>>,
    /// Optional. Information about the chat that published the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher_chat: Option<Box<Chat>>,
}

/// `UniqueGiftBackdrop`: see <https://core.telegram.org/bots/api#uniquegiftbackdrop>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniqueGiftBackdrop {
    /// Name of the backdrop
    pub name: String,
    /// Colors of the backdrop
    pub colors: Box<UniqueGiftBackdropColors>,
    /// The number of unique gifts that receive this backdrop for every 1000 gifts upgraded
    pub rarity_per_mille: i64,
}

/// `UniqueGiftBackdropColors`: see <https://core.telegram.org/bots/api#uniquegiftbackdropcolors>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniqueGiftBackdropColors {
    /// The color in the center of the backdrop in RGB format
    pub center_color: i64,
    /// The color on the edges of the backdrop in RGB format
    pub edge_color: i64,
    /// The color to be applied to the symbol in RGB format
    pub symbol_color: i64,
    /// The color for the text on the backdrop in RGB format
    pub text_color: i64,
}

/// `UniqueGiftColors`: see <https://core.telegram.org/bots/api#uniquegiftcolors>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniqueGiftColors {
    /// Custom emoji identifier of the unique gift's model
    pub model_custom_emoji_id: String,
    /// Custom emoji identifier of the unique gift's symbol
    pub symbol_custom_emoji_id: String,
    /// Main color used in light themes; RGB format
    pub light_theme_main_color: i64,
    /// List of 1-3 additional colors used in light themes; RGB format
    pub light_theme_other_colors: Vec<i64>,
    /// Main color used in dark themes; RGB format
    pub dark_theme_main_color: i64,
    /// List of 1-3 additional colors used in dark themes; RGB format
    pub dark_theme_other_colors: Vec<i64>,
}

/// `UniqueGiftInfo`: see <https://core.telegram.org/bots/api#uniquegiftinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniqueGiftInfo {
    /// Information about the gift
    pub gift: Box<UniqueGift>,
    /// Origin of the gift. Currently, either "upgrade" for gifts upgraded from regular gifts, "transfer" for gifts transferred from other users or channels, "resale" for gifts bought from other users, "gifted_upgrade" for upgrades purchased after the gift was sent, or "offer" for gifts bought or sold through gift purchase offers.
    pub origin: String,
    /// Optional. Text of the message that was added to the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Optional. Special entities that appear in the text
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entities: Option<Vec<MessageEntity>>,
    /// Optional. True, if the sender and gift text are shown only to the gift receiver; otherwise, everyone will be able to see them
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_private: Option<bool>,
    /// Optional. For gifts bought from other users, the currency in which the payment for the gift was done. Currently, one of "XTR" for Telegram Stars or "TON" for TON grams.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_resale_currency: Option<String>,
    /// Optional. For gifts bought from other users, the price paid for the gift in either Telegram Stars or nanograms
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_resale_amount: Option<i64>,
    /// Optional. Unique identifier of the received gift for the bot; only present for gifts received on behalf of business accounts
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owned_gift_id: Option<String>,
    /// Optional. Number of Telegram Stars that must be paid to transfer the gift; omitted if the bot cannot transfer the gift
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transfer_star_count: Option<i64>,
    /// Optional. Point in time (Unix timestamp) when the gift can be transferred. If it is in the past, then the gift can be transferred now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_transfer_date: Option<i64>,
}

/// `UniqueGiftModel`: see <https://core.telegram.org/bots/api#uniquegiftmodel>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniqueGiftModel {
    /// Name of the model
    pub name: String,
    /// The sticker that represents the unique gift
    pub sticker: Box<Sticker>,
    /// The number of unique gifts that receive this model for every 1000 gift upgrades. Always 0 for crafted gifts.
    pub rarity_per_mille: i64,
    /// Optional. Rarity of the model if it is a crafted model. Currently, can be "uncommon", "rare", "epic", or "legendary".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rarity: Option<String>,
}

/// `UniqueGiftSymbol`: see <https://core.telegram.org/bots/api#uniquegiftsymbol>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UniqueGiftSymbol {
    /// Name of the symbol
    pub name: String,
    /// The sticker that represents the unique gift
    pub sticker: Box<Sticker>,
    /// The number of unique gifts that receive this model for every 1000 gifts upgraded
    pub rarity_per_mille: i64,
}

/// `Update`: see <https://core.telegram.org/bots/api#update>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Update {
    /// The update's unique identifier. Update identifiers start from a certain positive number and increase sequentially. This identifier becomes especially handy if you're using webhooks, since it allows you to ignore repeated updates or to restore the correct update sequence, should they get out of order. If there are no new updates for at least a week, then identifier of the next update will be chosen randomly instead of sequentially.
    pub update_id: i64,
    /// Optional. New incoming message of any kind - text, photo, sticker, etc.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Box<Message>>,
    /// Optional. New version of a message that is known to the bot and was edited. This update may at times be triggered by changes to message fields that are either unavailable or not actively used by your bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edited_message: Option<Box<Message>>,
    /// Optional. New incoming channel post of any kind - text, photo, sticker, etc.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub channel_post: Option<Box<Message>>,
    /// Optional. New version of a channel post that is known to the bot and was edited. This update may at times be triggered by changes to message fields that are either unavailable or not actively used by your bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edited_channel_post: Option<Box<Message>>,
    /// Optional. The bot was connected to or disconnected from a business account, or a user edited an existing connection with the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_connection: Option<Box<BusinessConnection>>,
    /// Optional. New message from a connected business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_message: Option<Box<Message>>,
    /// Optional. New version of a message from a connected business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edited_business_message: Option<Box<Message>>,
    /// Optional. Messages were deleted from a connected business account
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deleted_business_messages: Option<Box<BusinessMessagesDeleted>>,
    /// Optional. New guest message. The bot can use the field Message.guest_query_id and the method answerGuestQuery to send a message in response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guest_message: Option<Box<Message>>,
    /// Optional. A reaction to a message was changed by a user. The bot must be an administrator in the chat and must explicitly specify "message_reaction" in the list of allowed_updates to receive these updates. The update isn't received for reactions set by bots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_reaction: Option<Box<MessageReactionUpdated>>,
    /// Optional. Reactions to a message with anonymous reactions were changed. The bot must be an administrator in the chat and must explicitly specify "message_reaction_count" in the list of allowed_updates to receive these updates. The updates are grouped and can be sent with delay up to a few minutes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_reaction_count: Option<Box<MessageReactionCountUpdated>>,
    /// Optional. New incoming inline query
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline_query: Option<Box<InlineQuery>>,
    /// Optional. The result of an inline query that was chosen by a user and sent to their chat partner. Please see our documentation on the feedback collecting for details on how to enable these updates for your bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_inline_result: Option<Box<ChosenInlineResult>>,
    /// Optional. New incoming callback query
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub callback_query: Option<Box<CallbackQuery>>,
    /// Optional. New incoming query from a widget in a message sent by the bot or via the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub widget_query: Option<Box<WidgetQuery>>,
    /// Optional. New incoming query from a forwarded message with a shared widget created by the bot
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared_widget_query: Option<Box<SharedWidgetQuery>>,
    /// Optional. New incoming shipping query. Only for invoices with flexible price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shipping_query: Option<Box<ShippingQuery>>,
    /// Optional. New incoming pre-checkout query. Contains full information about checkout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pre_checkout_query: Option<Box<PreCheckoutQuery>>,
    /// Optional. A user purchased paid media with a non-empty payload sent by the bot in a non-channel chat
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purchased_paid_media: Option<Box<PaidMediaPurchased>>,
    /// Optional. New poll state. Bots receive only updates about manually stopped polls and polls, which are sent by the bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll: Option<Box<Poll>>,
    /// Optional. A user changed their answer in a non-anonymous poll. Bots receive new votes only in polls that were sent by the bot itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poll_answer: Option<Box<PollAnswer>>,
    /// Optional. The bot's chat member status was updated in a chat. For private chats, this update is received only when the bot is blocked or unblocked by the user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub my_chat_member: Option<Box<ChatMemberUpdated>>,
    /// Optional. A chat member's status was updated in a chat. The bot must be an administrator in the chat and must explicitly specify "chat_member" in the list of allowed_updates to receive these updates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_member: Option<Box<ChatMemberUpdated>>,
    /// Optional. A request to join the chat has been sent. The bot must have the can_invite_users administrator right in the chat to receive these updates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_join_request: Option<Box<ChatJoinRequest>>,
    /// Optional. A chat boost was added or changed. The bot must be an administrator in the chat to receive these updates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_boost: Option<Box<ChatBoostUpdated>>,
    /// Optional. A boost was removed from a chat. The bot must be an administrator in the chat to receive these updates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed_chat_boost: Option<Box<ChatBoostRemoved>>,
    /// Optional. A new bot was created to be managed by the bot, or token or owner of a managed bot was changed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_bot: Option<Box<ManagedBotUpdated>>,
    /// Optional. User payment subscription has changed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscription: Option<Box<BotSubscriptionUpdated>>,
    /// Optional. A user asked the bot to stop the generation of a message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_message_generation: Option<Box<MessageGenerationStopped>>,
}

/// `User`: see <https://core.telegram.org/bots/api#user>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct User {
    /// Unique identifier for this user or bot. This number may have more than 32 significant bits and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a 64-bit integer or double-precision float type are safe for storing this identifier.
    pub id: i64,
    /// True, if this user is a bot
    pub is_bot: bool,
    /// User's or bot's first name
    pub first_name: String,
    /// Optional. User's or bot's last name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// Optional. User's or bot's username
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// Optional. IETF language tag of the user's language
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language_code: Option<String>,
    /// Optional. True, if this user is a Telegram Premium user
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_premium: Option<bool>,
    /// Optional. True, if this user added the bot to the attachment menu
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub added_to_attachment_menu: Option<bool>,
}

/// `UserChatBoosts`: see <https://core.telegram.org/bots/api#userchatboosts>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserChatBoosts {
    /// The list of boosts added to the chat by the user
    pub boosts: Vec<ChatBoost>,
}

/// `UserProfileAudios`: see <https://core.telegram.org/bots/api#userprofileaudios>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserProfileAudios {
    /// Total number of profile audios for the target user
    pub total_count: i64,
    /// Requested profile audios
    pub audios: Vec<Audio>,
}

/// `UserProfilePhotos`: see <https://core.telegram.org/bots/api#userprofilephotos>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserProfilePhotos {
    /// Total number of profile pictures the target user has
    pub total_count: i64,
    /// Requested profile pictures (in up to 4 sizes each)
    pub photos: Vec<Vec<PhotoSize>>,
}

/// `UserRating`: see <https://core.telegram.org/bots/api#userrating>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserRating {
    /// Current level of the user, indicating their reliability when purchasing digital goods and services. A higher level suggests a more trustworthy customer; a negative level is likely reason for concern.
    pub level: i64,
    /// Numerical value of the user's rating; the higher the rating, the better
    pub rating: i64,
    /// The rating value required to get the current level
    pub current_level_rating: i64,
    /// Optional. The rating value required to get to the next level; omitted if the maximum level was reached
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_level_rating: Option<i64>,
}

/// `UsersShared`: see <https://core.telegram.org/bots/api#usersshared>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsersShared {
    /// Identifier of the request
    pub request_id: i64,
    /// Information about users shared with the bot
    pub users: Vec<SharedUser>,
}

/// `Venue`: see <https://core.telegram.org/bots/api#venue>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Venue {
    /// Venue location. Can't be a live location.
    pub location: Box<Location>,
    /// Name of the venue
    pub title: String,
    /// Address of the venue
    pub address: String,
    /// Optional. Foursquare identifier of the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foursquare_id: Option<String>,
    /// Optional. Foursquare type of the venue. (For example, "arts_entertainment/default", "arts_entertainment/aquarium" or "food/icecream".)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foursquare_type: Option<String>,
    /// Optional. Google Places identifier of the venue
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google_place_id: Option<String>,
    /// Optional. Google Places type of the venue. (See supported types.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub google_place_type: Option<String>,
}

/// `Video`: see <https://core.telegram.org/bots/api#video>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Video {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Video width as defined by the sender
    pub width: i64,
    /// Video height as defined by the sender
    pub height: i64,
    /// Duration of the video in seconds as defined by the sender
    pub duration: i64,
    /// Optional. Video thumbnail
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<Box<PhotoSize>>,
    /// Optional. Available sizes of the cover of the video in the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover: Option<Vec<PhotoSize>>,
    /// Optional. Timestamp in seconds from which the video will play in the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_timestamp: Option<i64>,
    /// Optional. List of available qualities of the video
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualities: Option<Vec<VideoQuality>>,
    /// Optional. Original filename as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    /// Optional. MIME type of the file as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Optional. File size in bytes. It can be bigger than 2^31 and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `VideoChatEnded`: see <https://core.telegram.org/bots/api#videochatended>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VideoChatEnded {
    /// Video chat duration in seconds
    pub duration: i64,
}

/// `VideoChatParticipantsInvited`: see <https://core.telegram.org/bots/api#videochatparticipantsinvited>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VideoChatParticipantsInvited {
    /// New members that were invited to the video chat
    pub users: Vec<User>,
}

/// `VideoChatScheduled`: see <https://core.telegram.org/bots/api#videochatscheduled>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VideoChatScheduled {
    /// Point in time (Unix timestamp) when the video chat is supposed to be started by a chat administrator
    pub start_date: i64,
}

/// `VideoChatStarted`: see <https://core.telegram.org/bots/api#videochatstarted>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VideoChatStarted {}

/// `VideoNote`: see <https://core.telegram.org/bots/api#videonote>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VideoNote {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Video width and height (diameter of the video message) as defined by the sender
    pub length: i64,
    /// Duration of the video in seconds as defined by the sender
    pub duration: i64,
    /// Optional. Video thumbnail
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail: Option<Box<PhotoSize>>,
    /// Optional. File size in bytes
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `VideoQuality`: see <https://core.telegram.org/bots/api#videoquality>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VideoQuality {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Video width
    pub width: i64,
    /// Video height
    pub height: i64,
    /// Codec that was used to encode the video, for example, "h264", "h265", or "av01"
    pub codec: String,
    /// Optional. File size in bytes. It can be bigger than 2^31 and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `Voice`: see <https://core.telegram.org/bots/api#voice>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Voice {
    /// Identifier for this file, which can be used to download or reuse the file
    pub file_id: String,
    /// Unique identifier for this file, which is supposed to be the same over time and for different bots. Can't be used to download or reuse the file.
    pub file_unique_id: String,
    /// Duration of the audio in seconds as defined by the sender
    pub duration: i64,
    /// Optional. MIME type of the file as defined by the sender
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Optional. File size in bytes. It can be bigger than 2^31 and some programming languages may have difficulty/silent defects in interpreting it. But it has at most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe for storing this value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
}

/// `WebAppData`: see <https://core.telegram.org/bots/api#webappdata>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebAppData {
    /// The data. Be aware that a bad client can send arbitrary data in this field.
    pub data: String,
    /// Text of the web_app keyboard button from which the Web App was opened. Be aware that a bad client can send arbitrary data in this field.
    pub button_text: String,
}

/// `WebAppInfo`: see <https://core.telegram.org/bots/api#webappinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebAppInfo {
    /// An HTTPS URL of a Web App to be opened with additional data as specified in Initializing Web Apps
    pub url: String,
}

/// `WebhookInfo`: see <https://core.telegram.org/bots/api#webhookinfo>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebhookInfo {
    /// Webhook URL, may be empty if webhook is not set up
    pub url: String,
    /// True, if a custom certificate was provided for webhook certificate checks
    pub has_custom_certificate: bool,
    /// Number of updates awaiting delivery
    pub pending_update_count: i64,
    /// Optional. Currently used webhook IP address
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip_address: Option<String>,
    /// Optional. Unix time for the most recent error that happened when trying to deliver an update via webhook
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error_date: Option<i64>,
    /// Optional. Error message in human-readable format for the most recent error that happened when trying to deliver an update via webhook
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error_message: Option<String>,
    /// Optional. Unix time of the most recent error that happened when trying to synchronize available updates with Telegram datacenters
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_synchronization_error_date: Option<i64>,
    /// Optional. The maximum allowed number of simultaneous HTTPS connections to the webhook for update delivery
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_connections: Option<i64>,
    /// Optional. A list of update types the bot is subscribed to. Defaults to all update types except chat_member, message_reaction, and message_reaction_count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_updates: Option<Vec<String>>,
}

/// `Widget`: see <https://core.telegram.org/bots/api#widget>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Widget {
    /// HTML code of the widget
    pub html: String,
    /// Optional. Unique identifier of the shared widget, which can be used to send the widget again using the method sendSharedWidget; omitted if the widget isn't shared
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Optional. Width of the widget in logical pixels; omitted if the widget must occupy the whole width of the message bubble
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<i64>,
    /// Optional. Height of the widget in logical pixels; omitted if the height of the widget isn't fixed
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<i64>,
    /// Optional. Public data of the widget, which is available wherever the widget is shown. All messages with a shared widget have the same public data
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_data: Option<String>,
    /// Optional. Data of the widget, which is specific to the message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_data: Option<String>,
}

/// `WidgetQuery`: see <https://core.telegram.org/bots/api#widgetquery>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WidgetQuery {
    /// Unique identifier for this query
    pub id: String,
    /// Sender
    pub from: Box<User>,
    /// Global identifier, uniquely corresponding to the chat to which the message with the widget was sent
    pub chat_instance: String,
    /// Type of the query
    pub r#type: Box<WidgetQueryType>,
    /// Data of the query, 1-64 bytes
    pub data: String,
    /// Optional. Chat with the message containing the widget; omitted if the widget is in an inline message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat: Option<Box<Chat>>,
    /// Optional. Identifier of the message containing the widget; omitted if the widget is in an inline message
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_id: Option<i64>,
    /// Optional. Identifier of the inline message containing the widget
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline_message_id: Option<String>,
    /// Optional. For widgets in inline messages, type of the chat to which the message was sent. Can be either "sender" for a private chat with the inline query sender, "private", "group", "supergroup", or "channel"
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_type: Option<String>,
    /// Optional. Unique identifier of the shared widget, if the widget is shared
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub widget_id: Option<String>,
}

/// `WidgetQueryType`: see <https://core.telegram.org/bots/api#widgetquerytype>.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum WidgetQueryType {
    #[serde(rename = "data")]
    WidgetQueryTypeData(WidgetQueryTypeData),
    #[serde(rename = "sign_data")]
    WidgetQueryTypeSignData(WidgetQueryTypeSignData),
    #[serde(rename = "sent_transaction")]
    WidgetQueryTypeSentTransaction(WidgetQueryTypeSentTransaction),
}

/// `WidgetQueryTypeData`: see <https://core.telegram.org/bots/api#widgetquerytypedata>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WidgetQueryTypeData {
    // `type` is the tag of the union this type belongs to.
    /// Optional. TON wallet card of the user who sent the query, if it was sent to the bot along with the query
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wallet_card: Option<Box<TonWalletCard>>,
}

/// `WidgetQueryTypeSentTransaction`: see <https://core.telegram.org/bots/api#widgetquerytypesenttransaction>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WidgetQueryTypeSentTransaction {
    // `type` is the tag of the union this type belongs to.
    /// The wallet from which the transaction was sent
    pub wallet: Box<WidgetQueryWallet>,
    /// The msg_hash value of the sent transaction
    pub msg_hash: String,
}

/// `WidgetQueryTypeSignData`: see <https://core.telegram.org/bots/api#widgetquerytypesigndata>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WidgetQueryTypeSignData {
    // `type` is the tag of the union this type belongs to.
    /// The wallet that signed the data
    pub wallet: Box<WidgetQueryWallet>,
    /// JSON-serialized signed data
    pub sign_data: String,
}

/// `WidgetQueryWallet`: see <https://core.telegram.org/bots/api#widgetquerywallet>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WidgetQueryWallet {
    /// Address of the wallet
    pub address: String,
    /// Balance of the wallet, in the smallest units of the cryptocurrency, as a decimal number
    pub amount: String,
    /// Optional. Public key of the wallet, if known
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key: Option<String>,
    /// Optional. Serialized StateInit of the wallet contract, if the public key is known
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_init: Option<String>,
}

/// `WriteAccessAllowed`: see <https://core.telegram.org/bots/api#writeaccessallowed>.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WriteAccessAllowed {
    /// Optional. True, if the access was granted after the user accepted an explicit request from a Web App sent by the method requestWriteAccess
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_request: Option<bool>,
    /// Optional. Name of the Web App, if the access was granted when the Web App was launched from a link
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub web_app_name: Option<String>,
    /// Optional. True, if the access was granted when the bot was added to the attachment or side menu
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_attachment_menu: Option<bool>,
}

impl Default for BackgroundFill {
    fn default() -> Self {
        Self::BackgroundFillSolid(BackgroundFillSolid::default())
    }
}

impl Default for BackgroundType {
    fn default() -> Self {
        Self::BackgroundTypeFill(BackgroundTypeFill::default())
    }
}

impl Default for BotCommandScope {
    fn default() -> Self {
        Self::BotCommandScopeDefault(BotCommandScopeDefault::default())
    }
}

impl Default for ChatBoostSource {
    fn default() -> Self {
        Self::ChatBoostSourcePremium(ChatBoostSourcePremium::default())
    }
}

impl Default for ChatMember {
    fn default() -> Self {
        Self::ChatMemberOwner(ChatMemberOwner::default())
    }
}

impl Default for InlineQueryResult {
    fn default() -> Self {
        Self::InlineQueryResultCachedAudio(InlineQueryResultCachedAudio::default())
    }
}

impl Default for InputMedia {
    fn default() -> Self {
        Self::InputMediaAnimation(InputMediaAnimation::default())
    }
}

impl Default for InputMessageContent {
    fn default() -> Self {
        Self::InputTextMessageContent(InputTextMessageContent::default())
    }
}

impl Default for InputPaidMedia {
    fn default() -> Self {
        Self::InputPaidMediaLivePhoto(InputPaidMediaLivePhoto::default())
    }
}

impl Default for InputPollMedia {
    fn default() -> Self {
        Self::InputMediaAnimation(InputMediaAnimation::default())
    }
}

impl Default for InputPollOptionMedia {
    fn default() -> Self {
        Self::InputMediaAnimation(InputMediaAnimation::default())
    }
}

impl Default for InputProfilePhoto {
    fn default() -> Self {
        Self::InputProfilePhotoStatic(InputProfilePhotoStatic::default())
    }
}

impl Default for InputRichBlock {
    fn default() -> Self {
        Self::InputRichBlockParagraph(InputRichBlockParagraph::default())
    }
}

impl Default for InputStoryContent {
    fn default() -> Self {
        Self::InputStoryContentPhoto(InputStoryContentPhoto::default())
    }
}

impl Default for MaybeInaccessibleMessage {
    fn default() -> Self {
        Self::Message(Message::default())
    }
}

impl Default for MenuButton {
    fn default() -> Self {
        Self::MenuButtonCommands(MenuButtonCommands::default())
    }
}

impl Default for MessageOrigin {
    fn default() -> Self {
        Self::MessageOriginUser(MessageOriginUser::default())
    }
}

impl Default for OwnedGift {
    fn default() -> Self {
        Self::OwnedGiftRegular(OwnedGiftRegular::default())
    }
}

impl Default for PaidMedia {
    fn default() -> Self {
        Self::PaidMediaLivePhoto(PaidMediaLivePhoto::default())
    }
}

impl Default for PassportElementError {
    fn default() -> Self {
        Self::PassportElementErrorDataField(PassportElementErrorDataField::default())
    }
}

impl Default for ReactionType {
    fn default() -> Self {
        Self::ReactionTypeEmoji(ReactionTypeEmoji::default())
    }
}

impl Default for RevenueWithdrawalState {
    fn default() -> Self {
        Self::RevenueWithdrawalStatePending(RevenueWithdrawalStatePending::default())
    }
}

impl Default for RichBlock {
    fn default() -> Self {
        Self::RichBlockParagraph(RichBlockParagraph::default())
    }
}

impl Default for RichText {
    fn default() -> Self {
        Self::Text(String::default())
    }
}

impl Default for StoryAreaType {
    fn default() -> Self {
        Self::StoryAreaTypeLocation(StoryAreaTypeLocation::default())
    }
}

impl Default for TransactionPartner {
    fn default() -> Self {
        Self::TransactionPartnerUser(TransactionPartnerUser::default())
    }
}

impl Default for WidgetQueryType {
    fn default() -> Self {
        Self::WidgetQueryTypeData(WidgetQueryTypeData::default())
    }
}

impl Default for IntegerOrString {
    fn default() -> Self {
        Self::Integer(0)
    }
}
