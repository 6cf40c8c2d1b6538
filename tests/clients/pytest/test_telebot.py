"""pyTelegramBotAPI 4.37 under the pytest plugin: a TeleBot polling in a thread, pointed at the
server by `apihelper.API_URL`/`FILE_URL`; the person drives the button press and edit, the echo
repertoire, a file round trip with `download_file`, a supergroup and inline mode."""

import threading
import telebot
from telebot import apihelper, types


def test_telebot(msg_server, msg_person):
    tested = msg_server.create_bot("tb_bot", inline=True)
    bob = msg_server.create_person("Bob")
    apihelper.API_URL = msg_server.base_url + "/bot{0}/{1}"
    apihelper.FILE_URL = msg_server.base_url + "/file/bot{0}/{1}"
    bot = telebot.TeleBot(tested.token, threaded=False)
    removed = threading.Event()

    @bot.message_handler(commands=["start"])
    def start(m):
        kb = types.InlineKeyboardMarkup().add(types.InlineKeyboardButton("Yes", callback_data="yes"))
        bot.send_message(m.chat.id, f"Hello <b>{m.from_user.first_name}</b>", parse_mode="HTML", reply_markup=kb)

    @bot.callback_query_handler(func=lambda q: True)
    def press(q):
        bot.answer_callback_query(q.id, "noted")
        kb = types.InlineKeyboardMarkup().add(types.InlineKeyboardButton("Undo", callback_data="undo"))
        bot.edit_message_text(f"Chosen: {q.data}", q.message.chat.id, q.message.message_id, reply_markup=kb)

    @bot.message_handler(commands=["info"])
    def info(m):
        chat = bot.get_chat(m.chat.id)
        member = bot.get_chat_member(m.chat.id, m.from_user.id)
        admins = bot.get_chat_administrators(m.chat.id)
        count = bot.get_chat_member_count(m.chat.id)
        bot.ban_chat_member(m.chat.id, bob.id)
        bot.unban_chat_member(m.chat.id, bob.id)
        bot.send_message(m.chat.id, f"{chat.title}|{member.status}|{len(admins)}|{count}")

    @bot.my_chat_member_handler()
    def mine(u):
        if u.new_chat_member.status == "left":
            removed.set()

    @bot.inline_handler(lambda q: True)
    def inline(q):
        r = types.InlineQueryResultArticle("a1", "Hi", types.InputTextMessageContent(q.query + "!"))
        bot.answer_inline_query(q.id, [r], cache_time=0)

    @bot.message_handler(content_types=["text"])
    def echo(m):
        if m.chat.type != "private":
            return
        c = m.chat.id
        bot.send_chat_action(c, "typing")
        bot.reply_to(m, m.text.upper())
        bot.forward_message(c, c, m.message_id)
        bot.copy_message(c, c, m.message_id)
        t = bot.send_message(c, "temporary")
        bot.delete_message(c, t.message_id)
        bot.send_location(c, 52.52, 13.405)
        bot.send_venue(c, 52.52, 13.405, "Venue", "Street 1")
        bot.send_contact(c, "+15550100", "Ann")
        bot.send_poll(c, "Tea?", [types.InputPollOption("Yes"), types.InputPollOption("No")])
        bot.send_dice(c)
        bot.set_my_commands([types.BotCommand("start", "Say hello")])
        bot.send_message(c, "commands: " + ",".join(x.command for x in bot.get_my_commands()))

    @bot.message_handler(content_types=["document", "photo"])
    def files(m):
        fid = m.document.file_id if m.document else m.photo[-1].file_id
        data = bot.download_file(bot.get_file(fid).file_path)
        bot.send_message(m.chat.id, f"got {len(data)} bytes")
        bot.send_document(m.chat.id, (m.document.file_name if m.document else "p.png", data), caption="uploaded")
        if m.document:
            bot.send_document(m.chat.id, fid, caption="by id")
        else:
            bot.send_photo(m.chat.id, fid, caption="by id")

    polling = threading.Thread(
        target=lambda: bot.infinity_polling(timeout=2, long_polling_timeout=2, allowed_updates=telebot.util.update_types),
        daemon=True,
    )
    polling.start()
    p = msg_person
    p.send_message(tested, "/start")
    hello = p.expect_message(lambda m: m.get("text", "").startswith("Hello"), timeout=15)
    assert p.press_button(hello, "yes")["answer"]["text"] == "noted"
    p.expect_message(text="Chosen: yes", timeout=15)
    p.send_message(tested, "echo me")
    p.expect_message(text="commands: start", timeout=20)
    p.send_document(tested, b"x" * 1000, "a.txt")
    p.expect_message(text="got 1000 bytes", timeout=15)
    p.expect_message(lambda m: m.get("caption") == "by id", timeout=15)
    group = p.create_supergroup("Guild", [tested, bob])
    p.promote(group, tested, can_restrict_members=True)
    p.send_message(group, "/info@tb_bot")
    p.expect_message(text="Guild|creator|2|3", timeout=15)
    p.remove_member(group, tested)
    assert removed.wait(15)
    chat = p.create_group("Inline", [bob])
    asked = p.inline_query(tested, "Hello")
    assert asked["answered"]
    p.choose_inline_result(asked, "a1", chat)
    bob.expect_message(text="Hello!", timeout=15)
    bot.stop_polling()
    polling.join(10)
