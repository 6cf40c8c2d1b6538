"""python-telegram-bot 22.8: a group-admin bot for a forum supergroup, written as one would for
the public address. It greets newcomers from chat_member, answers /ban and /mute given in reply
to someone (from administrators only), approves join requests from its invite link, opens a
forum topic on /topic, and stops when a person blocks it in private. The people (Alice, the
owner; Bob, a member; Carol and Dave, newcomers) act over the user-side API."""

import asyncio
import os

from telegram import ChatMember, ChatMemberUpdated, ChatPermissions, Update
from telegram.error import Forbidden
from telegram.ext import (
    Application,
    ChatJoinRequestHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
)

from msg_bot_api_testing import Person

BASE = os.environ["MSG_BASE_URL"]

ADMINS = (ChatMember.OWNER, ChatMember.ADMINISTRATOR)


def joined(change: ChatMemberUpdated) -> bool:
    was = change.old_chat_member.status in (ChatMember.LEFT, ChatMember.BANNED)
    return was and change.new_chat_member.status in (ChatMember.MEMBER, ChatMember.RESTRICTED)


async def greet(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    change = update.chat_member
    if joined(change):
        await context.bot.send_message(change.chat.id, f"Welcome, {change.new_chat_member.user.first_name}!")


async def moderate(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    asker = await context.bot.get_chat_member(message.chat.id, message.from_user.id)
    if asker.status not in ADMINS:
        await message.reply_text("Admins only")
        return
    if message.reply_to_message is None:
        await message.reply_text("Reply to someone")
        return
    target = message.reply_to_message.from_user
    if message.text.startswith("/ban"):
        await context.bot.ban_chat_member(message.chat.id, target.id)
        await message.reply_text(f"Banned {target.first_name}")
    else:
        await context.bot.restrict_chat_member(message.chat.id, target.id, ChatPermissions(can_send_messages=False))
        await message.reply_text(f"Muted {target.first_name}")


async def invite(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    link = await context.bot.create_chat_invite_link(update.effective_chat.id, name="Vetted", creates_join_request=True)
    await update.effective_message.reply_text(link.invite_link)


async def approve(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await update.chat_join_request.approve()


async def topic(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    created = await context.bot.create_forum_topic(update.effective_chat.id, "Support")
    await context.bot.send_message(update.effective_chat.id, "Ask here", message_thread_id=created.message_thread_id)


async def main() -> None:
    token = os.environ["MSG_BOT_TOKEN"]
    alice, bob = Person(BASE, os.environ["MSG_ALICE"]), Person(BASE, os.environ["MSG_BOB"])
    carol, dave = Person(BASE, os.environ["MSG_CAROL"]), Person(BASE, os.environ["MSG_DAVE"])
    ids = {name: int(p.token.split(":")[0]) for name, p in (("bob", bob), ("carol", carol), ("dave", dave))}
    blocked = asyncio.Event()

    async def on_my_member(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        change = update.my_chat_member
        if change.chat.type == "private" and change.new_chat_member.status == ChatMember.BANNED:
            blocked.set()

    app = Application.builder().token(token).base_url(f"{BASE}/bot").base_file_url(f"{BASE}/file/bot").build()
    app.add_handler(ChatMemberHandler(greet, ChatMemberHandler.CHAT_MEMBER))
    app.add_handler(ChatMemberHandler(on_my_member, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(CommandHandler(["ban", "mute"], moderate))
    app.add_handler(CommandHandler("invite", invite))
    app.add_handler(CommandHandler("topic", topic))
    app.add_handler(ChatJoinRequestHandler(approve))

    def people() -> None:
        group = alice.call(
            "createSupergroup", title="Guild", member_ids=[app.bot.id, ids["bob"]], is_forum=True
        )
        chat = group["id"]
        alice.call(
            "promoteChatMember",
            chat_id=chat,
            user_id=app.bot.id,
            can_restrict_members=True,
            can_invite_users=True,
            can_manage_topics=True,
            can_delete_messages=True,
        )
        # A newcomer is greeted.
        alice.call("addChatMember", chat_id=chat, user_id=ids["carol"])
        alice.expect_message(lambda m: m.get("text") == "Welcome, Carol!", "the greeting")
        spam = carol.call("sendMessage", chat_id=chat, text="buy now")
        # A plain member's /ban is refused; the owner's /mute and /ban work.
        bob.call("sendMessage", chat_id=chat, text="/ban", reply_to_message_id=spam["message_id"])
        bob.expect_message(lambda m: m.get("text") == "Admins only", "the refusal")
        alice.call("sendMessage", chat_id=chat, text="/mute", reply_to_message_id=spam["message_id"])
        alice.expect_message(lambda m: m.get("text") == "Muted Carol", "the mute")
        code, description = carol.call_error("sendMessage", chat_id=chat, text="again")
        assert (code, description) == (400, "Bad Request: not enough rights to send text messages to the chat"), description
        alice.call("sendMessage", chat_id=chat, text="/ban", reply_to_message_id=spam["message_id"])
        alice.expect_message(lambda m: m.get("text") == "Banned Carol", "the ban")
        assert carol.call_error("sendMessage", chat_id=chat, text="let me in")[0] == 403
        # A join request through the bot's link is approved, and the newcomer greeted.
        alice.call("sendMessage", chat_id=chat, text="/invite")
        link = alice.expect_message(lambda m: m.get("text", "").startswith("https://t.me/+"), "the link")["text"]
        assert dave.call_error("joinChat", invite_link=link) == (400, "Bad Request: INVITE_REQUEST_SENT")
        alice.expect_message(lambda m: m.get("text") == "Welcome, Dave!", "Dave's greeting")
        # A forum topic.
        alice.call("sendMessage", chat_id=chat, text="/topic")
        posted = alice.expect_message(lambda m: m.get("text") == "Ask here", "the topic's first message")
        assert posted["is_topic_message"] and posted["message_thread_id"] > 1, posted
        # Alice blocks the bot in private.
        alice.call("sendMessage", chat_id=app.bot.id, text="/start")
        alice.call("blockBot", chat_id=app.bot.id)

    async with app:
        await app.start()
        # chat_member updates are sent only once asked for: ask before anyone acts (polling
        # starts in the background, and its first getUpdates may come after the first join).
        await app.bot.get_updates(timeout=0, allowed_updates=Update.ALL_TYPES)
        await app.updater.start_polling(poll_interval=0.0, timeout=5, allowed_updates=Update.ALL_TYPES)
        try:
            await asyncio.to_thread(people)
            await asyncio.wait_for(blocked.wait(), 30)
            try:
                await app.bot.send_message(int(alice.token.split(":")[0]), "are you there?")
                raise AssertionError("a blocked bot's message went through")
            except Forbidden as e:
                assert e.message == "Forbidden: bot was blocked by the user", e.message
        finally:
            await app.updater.stop()
            await app.stop()
    print("python-telegram-bot flow 5 (groups): ok")
    print("ptb admin: ok")


asyncio.run(main())
