"""pyTelegramBotAPI 4.37 under the pytest plugin: guest mode (Bot API 10.0) in telebot's style. A
bot with guest mode on is mentioned in a supergroup it is not a member of; telebot's
`guest_message_handler` gets the message with its `guest_query_id`, and the bot answers with
`answer_guest_query` (an article); the group sees the answer from the bot, replying to the
mention, naming its caller, and the bot edits it by the `inline_message_id` it got back."""

import threading

import telebot
from telebot import apihelper, types


def test_telebot_guest_bot_answers_a_mention(msg_server, msg_person):
    tested = msg_server.create_bot("tb_guest_bot", guest_queries=True)
    friend = msg_server.create_person("Friend")
    apihelper.API_URL = msg_server.base_url + "/bot{0}/{1}"
    bot = telebot.TeleBot(tested.token, threaded=False)
    answered = []

    @bot.guest_message_handler(func=lambda m: True)
    def guest(m):
        text = types.InputTextMessageContent(f"{m.from_user.first_name} asked: {m.text.split(' ', 1)[1]}")
        sent = bot.answer_guest_query(m.guest_query_id, types.InlineQueryResultArticle("1", "Answer", text))
        answered.append(sent.inline_message_id)
        bot.edit_message_text(f"{text.message_text} (answered)", inline_message_id=sent.inline_message_id)

    polling = threading.Thread(target=bot.infinity_polling, kwargs={"timeout": 1, "long_polling_timeout": 1}, daemon=True)
    polling.start()
    try:
        group = msg_person.create_supergroup("Lounge", [friend])
        asked = msg_person.send_message(group, "@tb_guest_bot the time?")
        shown = friend.expect_message(lambda m: m.get("from", {}).get("id") == tested.id, "the guest's answer", timeout=15)
        assert shown["guest_bot_caller_user"]["id"] == msg_person.id, shown
        assert shown["reply_to_message"]["message_id"] == asked["message_id"], shown
        edited = friend.expect_update(lambda u: "edited_message" in u, "the edit", timeout=15)["edited_message"]
        assert edited["text"] == "Alice asked: the time? (answered)", edited
        assert len(answered) == 1 and answered[0]
    except Exception:
        print(msg_server.output())
        raise
    finally:
        bot.stop_polling()
        polling.join(timeout=10)
    assert msg_server.violations() == []
