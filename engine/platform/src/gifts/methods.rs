//! The gifts domain's Bot API methods: `getAvailableGifts`, `sendGift`,
//! `giftPremiumSubscription`, `getUserGifts` and `getChatGifts`, with the reference's checks in
//! its order (`process_send_gift_query`: the gift and the text read first, then `chat_id` if
//! given, else `user_id`; `process_gift_premium_subscription_query`; the owned gifts' lenient
//! flags and `limit` clamped to 1-100), then TDLib's and the platform's (`STARGIFT_INVALID`,
//! `STARGIFT_USAGE_LIMITED`, `STARGIFT_UPGRADE_UNAVAILABLE`, `BALANCE_TOO_LOW`, ...).

use std::sync::Arc;

use msg_core::{ApiError, BotRecord, Change, MethodCall, Reply};
use msg_spec::{params, types};
use serde_json::Value;

use super::{CATALOGUE, MOST_TEXT, OWNED, Owned};
use crate::Platform;
use crate::kernel::methods::{args, done, platform_bot};
use crate::kernel::serial::Entity;
use crate::kernel::world::{Access, Actor, Content, Conversation, now, person, typed};
use crate::messages;
use crate::messages::send::{formatted, json_value};
use crate::payments::ledger::{self, BOT_BALANCE_LOCK, Entry, LEDGER};

fn bad(message: impl std::fmt::Display) -> ApiError {
    ApiError::bad_request(message)
}

/// Who receives a gift.
#[derive(Clone, Copy)]
pub(super) enum Receiver {
    Person(i64),
    Channel(i64),
}

/// The entities a gift's text keeps (TDLib drops the others).
const KEPT_ENTITIES: [&str; 6] = ["bold", "italic", "underline", "strikethrough", "spoiler", "custom_emoji"];

/// A gift's (or a Premium gift's) text as the platform keeps it: formatted, with only the
/// entities a gift keeps.
pub(super) fn gift_text(
    text: Option<&str>,
    mode: Option<&str>,
    entities: Option<&str>,
) -> Result<(String, Option<Vec<types::MessageEntity>>), ApiError> {
    let (text, entities) = formatted(text.unwrap_or_default(), mode.unwrap_or_default(), json_value(entities))?;
    let entities = crate::kernel::stored::entity_list(entities)?
        .map(|list| list.into_iter().filter(|e| KEPT_ENTITIES.contains(&e.r#type.as_str())).collect::<Vec<_>>())
        .filter(|list| !list.is_empty());
    Ok((text, entities))
}

pub(super) async fn get_available_gifts(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = platform_bot(&platform, &call).await?;
    let gifts = super::available(super::Viewer::new(&platform, bot.id, true)).await?;
    Ok(typed(&types::Gifts { gifts }).into())
}

pub(super) async fn send_gift(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::SendGift = args(&call.params)?;
    let (text, entities) = gift_text(p.text, p.text_parse_mode, p.text_entities)?;
    let bot = platform_bot(&platform, &call).await?;
    let receiver = match p.chat_id.filter(|c| !c.is_empty()) {
        Some(chat_id) => {
            let conversation = platform.resolve_chat_for(&Actor::Bot(bot.clone()), chat_id, Access::Read).await?;
            match conversation {
                Conversation::Group(id) if platform.is_channel(conversation).await? => Receiver::Channel(id),
                Conversation::Group(_) => return Err(bad("PEER_ID_INVALID")),
                private => Receiver::Person(private.chat_id_for(bot.id)),
            }
        }
        None => {
            let user_id = p.user_id.unwrap_or(0);
            if user_id <= 0 {
                return Err(bad("invalid user_id specified"));
            }
            platform.participant(user_id).await?.ok_or_else(|| bad("user not found"))?;
            Receiver::Person(user_id)
        }
    };
    let sale = Sale { gift_id: p.gift_id, text, entities, pay_for_upgrade: p.pay_for_upgrade, is_private: false };
    sell(&platform, &Actor::Bot(bot), receiver, sale).await?;
    done()
}

/// A gift being sent.
pub(super) struct Sale<'a> {
    pub gift_id: &'a str,
    pub text: String,
    pub entities: Option<Vec<types::MessageEntity>>,
    pub pay_for_upgrade: bool,
    pub is_private: bool,
}

/// `payer` (a bot or a person) sends `receiver` a gift of the catalogue, paid from their Stars:
/// checked and stored in one act under the gift's lock, then the payer's (so a limited edition
/// is never oversold and the balance read is the one written back).
pub(super) async fn sell(
    platform: &Platform,
    payer: &Actor,
    receiver: Receiver,
    sale: Sale<'_>,
) -> Result<(), ApiError> {
    if super::listed(platform, sale.gift_id).await?.is_none() {
        return Err(bad("STARGIFT_INVALID"));
    }
    let receiver_id = match receiver {
        Receiver::Person(id) | Receiver::Channel(id) => id,
    };
    // A bot owns no gifts; a person may refuse some kinds (`setBusinessAccountGiftSettings`).
    let accepted = match receiver {
        Receiver::Person(id) => {
            let user = platform.user(id).await?.ok_or_else(|| bad("USER_IS_BOT"))?;
            Some(crate::kernel::standing::PersonDetails::parse(&user.details).accepted_gifts())
        }
        Receiver::Channel(_) => None,
    };
    if sale.text.chars().count() > MOST_TEXT {
        return Err(bad("MESSAGE_TOO_LONG"));
    }
    let _gift_held = CATALOGUE.lock(&platform.locks, 0, sale.gift_id).await;
    let mut gift =
        CATALOGUE.get(platform.storage.as_ref(), 0, sale.gift_id).await?.ok_or_else(|| bad("STARGIFT_INVALID"))?;
    if gift.limited() && gift.remaining_count <= 0 {
        return Err(bad("STARGIFT_USAGE_LIMITED"));
    }
    if gift.limited() && matches!(receiver, Receiver::Channel(_)) {
        return Err(bad("STARGIFT_PEER_INVALID"));
    }
    if let Some(accepted) = accepted
        && !(if gift.limited() { accepted.limited_gifts } else { accepted.unlimited_gifts })
    {
        return Err(bad("USER_DISALLOWED_STARGIFTS"));
    }
    if sale.pay_for_upgrade && gift.upgrade_star_count == 0 {
        return Err(bad("STARGIFT_UPGRADE_UNAVAILABLE"));
    }
    let price = gift.star_count + if sale.pay_for_upgrade { gift.upgrade_star_count } else { 0 };
    let _payer_held = match payer {
        Actor::Bot(bot) => platform.locks.lock(Entity::BotSetting(bot.id, BOT_BALANCE_LOCK.into())).await,
        Actor::User(user) => platform.locks.lock(Entity::User(user.id)).await,
    };
    let balance = ledger::stars(platform, payer.id()).await?;
    if balance < price {
        return Err(bad("BALANCE_TOO_LOW"));
    }
    let mut changes = vec![ledger::set_stars(payer.id(), balance - price)];
    if gift.limited() {
        gift.remaining_count -= 1;
        changes.push(CATALOGUE.put(0, sale.gift_id, &gift));
    }
    let owned = Owned {
        gift_id: sale.gift_id.to_owned(),
        gift: gift.clone(),
        sender: payer.id(),
        date: now(),
        text: sale.text.clone(),
        entities: sale.entities.clone(),
        is_private: sale.is_private,
        prepaid_upgrade_star_count: if sale.pay_for_upgrade { gift.upgrade_star_count } else { 0 },
        saved: true,
        unique: None,
    };
    changes.push(OWNED.put(receiver_id, &super::owned_key(), &owned));
    let mut viewer = super::Viewer::new(platform, payer.id(), matches!(payer, Actor::Bot(_)));
    let shown = viewer.gift(sale.gift_id, &gift).await?;
    if let Actor::Bot(bot) = payer {
        changes.push(purchase(platform, bot, receiver, &shown, price).await?);
    }
    match receiver {
        Receiver::Person(user_id) => {
            let info = types::GiftInfo {
                gift: Box::new(shown),
                prepaid_upgrade_star_count: (owned.prepaid_upgrade_star_count > 0)
                    .then_some(owned.prepaid_upgrade_star_count),
                can_be_upgraded: (gift.upgrade_star_count > 0).then_some(true),
                text: (!sale.text.is_empty()).then_some(sale.text),
                entities: sale.entities,
                is_private: sale.is_private.then_some(true),
                ..Default::default()
            };
            let mut content = Content::of(types::Message { gift: Some(Box::new(info)), ..Default::default() });
            content.also = changes;
            messages::post(platform, payer, Conversation::private(payer.id(), user_id), content).await?;
        }
        // A channel shows its gifts on its profile (`getChatGifts`), not as a post.
        Receiver::Channel(_) => platform.storage.apply(changes).await.map_err(crate::internal)?,
    }
    Ok(())
}

/// The bot's ledger entry for a gift bought for `receiver`.
async fn purchase(
    platform: &Platform,
    bot: &BotRecord,
    receiver: Receiver,
    gift: &types::Gift,
    price: i64,
) -> Result<Change, ApiError> {
    let id = format!("gift{:016x}", rand::random::<u64>());
    let (partner, user_id) = match receiver {
        Receiver::Person(user_id) => {
            let user = platform.participant(user_id).await?.ok_or_else(|| bad("user not found"))?;
            let partner = types::TransactionPartnerUser {
                transaction_type: "gift_purchase".into(),
                user: Box::new(user),
                gift: Some(Box::new(gift.clone())),
                ..Default::default()
            };
            (types::TransactionPartner::TransactionPartnerUser(partner), user_id)
        }
        Receiver::Channel(chat_id) => {
            let chat = platform.chat(Conversation::Group(chat_id), bot.id).await?;
            let partner = types::TransactionPartnerChat { chat: Box::new(chat), gift: Some(Box::new(gift.clone())) };
            (types::TransactionPartner::TransactionPartnerChat(partner), 0)
        }
    };
    Ok(spent(bot.id, &id, price, user_id, partner))
}

/// A ledger row of Stars bot `bot_id` spent (`receiver` says on what).
fn spent(bot_id: i64, id: &str, amount: i64, user_id: i64, receiver: types::TransactionPartner) -> Change {
    let entry = Entry {
        transaction: types::StarTransaction {
            id: id.to_owned(),
            amount,
            date: now(),
            receiver: Some(Box::new(receiver)),
            ..Default::default()
        },
        user_id,
        charge_id: id.to_owned(),
        payload: String::new(),
        refunded: false,
    };
    LEDGER.put(bot_id, &ledger::ledger_key(id), &entry)
}

/// What a Premium subscription of so many months costs in Stars (the Bot API's pairs).
fn premium_price(months: i64) -> Option<i64> {
    match months {
        3 => Some(1000),
        6 => Some(1500),
        12 => Some(2500),
        _ => None,
    }
}

/// How long a month of Premium is.
const MONTH: i64 = 30 * 24 * 60 * 60;

pub(super) async fn gift_premium_subscription(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GiftPremiumSubscription = args(&call.params)?;
    let (text, _entities) = gift_text(p.text, p.text_parse_mode, p.text_entities)?;
    let Some(_user) = platform.participant(p.user_id).await? else { return Err(bad("user not found")) };
    let bot = platform_bot(&platform, &call).await?;
    // TDLib's checks, then the platform's.
    if p.star_count <= 0 {
        return Err(bad("invalid amount of the currency specified"));
    }
    let price = premium_price(p.month_count).ok_or_else(|| bad("MONTH_INVALID"))?;
    if p.star_count != price {
        return Err(bad("wrong Premium subscription price specified"));
    }
    if text.chars().count() > MOST_TEXT {
        return Err(bad("MESSAGE_TOO_LONG"));
    }
    let _person_held = platform.locks.lock(Entity::User(p.user_id)).await;
    let Some(mut user) = platform.user(p.user_id).await? else { return Err(bad("USER_IS_BOT")) };
    let _bot_held = platform.locks.lock(Entity::BotSetting(bot.id, BOT_BALANCE_LOCK.into())).await;
    let balance = ledger::stars(&platform, bot.id).await?;
    if balance < price {
        return Err(bad("BALANCE_TOO_LOW"));
    }
    let mut details = crate::kernel::standing::PersonDetails::parse(&user.details);
    details.premium_until = details.premium_until.max(now()) + p.month_count * MONTH;
    user.details = details.to_json();
    let id = format!("premium{:016x}", rand::random::<u64>());
    let partner = types::TransactionPartnerUser {
        transaction_type: "premium_purchase".into(),
        user: Box::new(person(&user)),
        premium_subscription_duration: Some(p.month_count),
        ..Default::default()
    };
    let changes = vec![
        ledger::set_stars(bot.id, balance - price),
        spent(bot.id, &id, price, user.id, types::TransactionPartner::TransactionPartnerUser(partner)),
        crate::kernel::rows::put_person(&user),
    ];
    platform.storage.apply(changes).await.map_err(crate::internal)?;
    platform.remember_user(user).await?;
    done()
}

/// Which owned gifts a listing leaves out, and how it orders and pages them.
#[derive(Default)]
pub(crate) struct Listing<'a> {
    pub exclude_unsaved: bool,
    pub exclude_saved: bool,
    pub exclude_unlimited: bool,
    pub exclude_limited_upgradable: bool,
    pub exclude_limited_non_upgradable: bool,
    pub exclude_unique: bool,
    pub sort_by_price: bool,
    pub offset: &'a str,
    pub limit: i64,
}

impl<'a> Listing<'a> {
    /// The listing a call asks for, read as the reference reads it: its flags (`exclude_limited`
    /// the older name of both limited kinds), `offset`, and `limit` clamped to 1-100.
    pub(crate) fn read(p: &'a msg_core::Params) -> Self {
        let exclude_limited = p.boolean("exclude_limited");
        Listing {
            exclude_unsaved: p.boolean("exclude_unsaved"),
            exclude_saved: p.boolean("exclude_saved"),
            exclude_unlimited: p.boolean("exclude_unlimited"),
            exclude_limited_upgradable: exclude_limited || p.boolean("exclude_limited_upgradable"),
            exclude_limited_non_upgradable: exclude_limited || p.boolean("exclude_limited_non_upgradable"),
            exclude_unique: p.boolean("exclude_unique"),
            sort_by_price: p.boolean("sort_by_price"),
            offset: p.get("offset").unwrap_or_default(),
            limit: p.integer("limit", 100, 1, 100),
        }
    }
}

/// The gifts `owner` owns as `viewer` sees them (`OwnedGifts`); `managed`: by the bot managing
/// the owner's business account (each with its `owned_gift_id` and what converting it gives).
pub(crate) async fn owned_gifts(
    platform: &Platform,
    owner: i64,
    viewer: i64,
    viewer_is_bot: bool,
    managed: bool,
    listing: &Listing<'_>,
) -> Result<Value, ApiError> {
    let mut gifts: Vec<(String, Owned)> = OWNED
        .all(platform.storage.as_ref(), owner)
        .await?
        .into_iter()
        .filter(|(_, g)| !(listing.exclude_unsaved && !g.saved || listing.exclude_saved && g.saved))
        .filter(|(_, g)| !(listing.exclude_unique && g.unique.is_some()))
        .filter(|(_, g)| {
            g.unique.is_some() || {
                let upgradable = g.gift.upgrade_star_count > 0;
                !(listing.exclude_unlimited && !g.gift.limited()
                    || listing.exclude_limited_upgradable && g.gift.limited() && upgradable
                    || listing.exclude_limited_non_upgradable && g.gift.limited() && !upgradable)
            }
        })
        .collect();
    // Newest first, as the platform lists them; by price (dearest first) when asked.
    gifts.reverse();
    if listing.sort_by_price {
        gifts.sort_by_key(|g| std::cmp::Reverse(g.1.gift.star_count));
    }
    let total_count = gifts.len();
    let start = listing.offset.parse::<usize>().unwrap_or(0).min(total_count);
    let end = (start + listing.limit.clamp(1, 100) as usize).min(total_count);
    let mut shown = Vec::with_capacity(end - start);
    let mut shown_to = super::Viewer::new(platform, viewer, viewer_is_bot);
    for (key, owned) in &gifts[start..end] {
        // A private gift's sender and text are the receiver's alone.
        let open = !owned.is_private || viewer == owner;
        let sender = if open { platform.participant(owned.sender).await? } else { None };
        if let Some(unique) = &owned.unique {
            let gift = super::unique::unique_object(&mut shown_to, &owned.gift_id, &owned.gift, unique).await?;
            shown.push(types::OwnedGift::OwnedGiftUnique(types::OwnedGiftUnique {
                gift: Box::new(gift),
                owned_gift_id: managed.then(|| key.clone()),
                sender_user: sender.map(Box::new),
                send_date: owned.date,
                is_saved: owned.saved.then_some(true),
                can_be_transferred: managed.then_some(true),
                transfer_star_count: managed.then_some(super::unique::TRANSFER_STARS),
                next_transfer_date: None,
            }));
            continue;
        }
        let gift = shown_to.gift(&owned.gift_id, &owned.gift).await?;
        let convertible = managed && super::convertible(platform, owned).await?;
        let regular = types::OwnedGiftRegular {
            owned_gift_id: managed.then(|| key.clone()),
            convert_star_count: convertible.then_some(owned.gift.star_count),
            gift: Box::new(gift),
            sender_user: sender.map(Box::new),
            send_date: owned.date,
            text: (open && !owned.text.is_empty()).then(|| owned.text.clone()),
            entities: if open { owned.entities.clone() } else { None },
            is_private: owned.is_private.then_some(true),
            is_saved: owned.saved.then_some(true),
            can_be_upgraded: (owned.gift.upgrade_star_count > 0).then_some(true),
            prepaid_upgrade_star_count: (owned.prepaid_upgrade_star_count > 0)
                .then_some(owned.prepaid_upgrade_star_count),
            ..Default::default()
        };
        shown.push(types::OwnedGift::OwnedGiftRegular(regular));
    }
    let next_offset = (end < total_count).then(|| end.to_string());
    Ok(typed(&types::OwnedGifts { total_count: total_count as i64, gifts: shown, next_offset }))
}

pub(super) async fn get_user_gifts(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetUserGifts = args(&call.params)?;
    platform.participant(p.user_id).await?.ok_or_else(|| bad("user not found"))?;
    let bot = platform_bot(&platform, &call).await?;
    // A user's profile shows saved gifts only (the reference's `exclude_unsaved`).
    let listing = Listing { exclude_unsaved: true, exclude_saved: false, ..Listing::read(&call.params) };
    Ok(owned_gifts(&platform, p.user_id, bot.id, true, false, &listing).await?.into())
}

pub(super) async fn get_chat_gifts(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let p: params::GetChatGifts = args(&call.params)?;
    let bot = platform_bot(&platform, &call).await?;
    let conversation = platform.resolve_chat_for(&Actor::Bot(bot.clone()), p.chat_id, Access::Read).await?;
    let owner = match conversation {
        Conversation::Group(id) => id,
        private => private.chat_id_for(bot.id),
    };
    Ok(owned_gifts(&platform, owner, bot.id, true, false, &Listing::read(&call.params)).await?.into())
}
