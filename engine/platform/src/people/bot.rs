//! The bot itself: `getMe`.

use std::sync::Arc;

use msg_core::{ApiError, MethodCall, Reply};

use crate::Platform;

/// `getMe`: the bot as a `User`; `id` equals the token's prefix.
pub(crate) async fn get_me(platform: Arc<Platform>, call: MethodCall) -> Result<Reply, ApiError> {
    let bot = crate::kernel::methods::platform_bot(&platform, &call).await?;
    let flags = platform.bot_flags(bot.id).await?;
    let me = msg_spec::types::User {
        can_join_groups: Some(flags.join_groups),
        can_read_all_group_messages: Some(!flags.privacy),
        supports_inline_queries: Some(flags.inline),
        can_connect_to_business: Some(flags.business),
        has_main_web_app: Some(false),
        supports_guest_queries: Some(flags.guest_queries),
        can_manage_bots: Some(flags.manage_bots),
        supports_join_request_queries: Some(flags.join_request_queries),
        ..crate::kernel::world::bot_user(&bot)
    };
    Ok(Reply::typed(&me))
}
