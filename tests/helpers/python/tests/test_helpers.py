"""The helpers' own tests: the fixtures start a real msg-bot-api (MSG_BOT_API_BIN), a bot talks
plain HTTP through `Bot.call`, and a person uses every verb."""

import threading

import pytest

from msg_bot_api_testing import ApiError, Server


def next_update(bot, offset, kind):
    """The bot's next update of `kind` after `offset` (long-polled): (update, new offset)."""
    for _ in range(10):
        for update in bot.call("getUpdates", offset=offset, timeout=5):
            offset = update["update_id"] + 1
            if kind in update:
                return update, offset
    raise AssertionError(f"the bot never got {kind}")


def test_a_person_sends_presses_votes_and_reacts(msg_server, msg_bot, msg_person):
    sent = msg_person.send_message(msg_bot, "/start")
    assert sent["chat"]["id"] == msg_bot.id and sent["entities"][0]["type"] == "bot_command"
    update, offset = next_update(msg_bot, 0, "message")
    assert update["message"]["from"]["id"] == msg_person.id

    keyboard = {"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]}
    msg_bot.call("sendMessage", chat_id=msg_person.id, text="Ready?", reply_markup=keyboard)
    ready = msg_person.expect_message(text="Ready?", timeout=10)
    assert ready["reply_markup"] == keyboard

    # The press waits for the bot's answer: the bot answers from another thread.
    def answer():
        query, _ = next_update(msg_bot, offset, "callback_query")
        msg_bot.call("answerCallbackQuery", callback_query_id=query["callback_query"]["id"], text="Gone")

    answering = threading.Thread(target=answer)
    answering.start()
    pressed = msg_person.press_button(ready, "go", timeout=10)
    answering.join()
    assert pressed["answered"] and pressed["answer"]["text"] == "Gone"

    msg_bot.call("sendPoll", chat_id=msg_person.id, question="Tea?", options=[{"text": "Yes"}, {"text": "No"}])
    # The person acts on messages as they see them (the chat is the bot).
    poll = msg_person.expect_message(lambda m: "poll" in m, "the poll", timeout=10)
    assert msg_person.vote(poll, [1])["options"][1]["voter_count"] == 1
    assert msg_person.react(poll, "👍") is True
    msg_person.send_document(msg_bot, b"notes\n", "notes.txt", caption="a file")
    update, _ = next_update(msg_bot, offset, "message")
    while "document" not in update["message"]:
        update, _ = next_update(msg_bot, update["update_id"] + 1, "message")
    assert update["message"]["document"]["file_name"] == "notes.txt"


def test_a_widget_asks_its_bot_and_is_shown_its_data(msg_server, msg_bot, msg_person):
    msg_person.send_message(msg_bot, "/start")
    html = "<p>hi</p><script>TelegramWidget.request('hi')</script>"
    msg_bot.call("sendWidget", chat_id=msg_person.id, html=html, chat_data="round 1", allow_queries=True)
    widget = msg_person.expect_message(lambda m: "widget" in m, "the widget", timeout=10)

    def answer():
        update, _ = next_update(msg_bot, 0, "widget_query")
        msg_bot.call("answerWidgetQuery", widget_query_id=update["widget_query"]["id"], data="hello")

    answering = threading.Thread(target=answer)
    answering.start()
    asked = msg_person.widget_query(widget, "hi", timeout=10)
    answering.join()
    assert asked["answered"] and asked["data"] == "hello"
    assert msg_person.widget_data(widget)["chat_data"] == "round 1"


def test_inline_queries_groups_and_refusals(msg_server, msg_person):
    bot = msg_server.create_bot("inline_bot", inline=True)
    assert bot.call("getMe")["supports_inline_queries"] is True
    bob = msg_server.create_person("Bob")
    group = msg_person.create_supergroup("Club", [bot, bob])
    msg_person.promote(group, bot, can_restrict_members=True)
    member = bot.call("getChatMember", chat_id=group["id"], user_id=bot.id)
    assert member["status"] == "administrator" and member["can_restrict_members"] is True

    def answer():
        query, _ = next_update(bot, 0, "inline_query")
        article = {"type": "article", "id": "a", "title": "A", "input_message_content": {"message_text": "picked"}}
        bot.call("answerInlineQuery", inline_query_id=query["inline_query"]["id"], results=[article], cache_time=0)

    answering = threading.Thread(target=answer)
    answering.start()
    asked = msg_person.inline_query(bot, "q", timeout=10)
    answering.join()
    assert asked["answered"] and asked["answer"]["results"][0]["id"] == "a"
    posted = msg_person.choose_inline_result(asked, "a", group)
    assert posted["via_bot"]["id"] == bot.id
    assert bob.expect_message(text="picked", timeout=10)["chat"]["id"] == group["id"]

    code, description = msg_person.call_error("sendMessage", chat_id=12345, text="hi")
    assert code == 400 and "chat not found" in description
    with pytest.raises(ApiError) as refused:
        msg_person.remove_member(group, 12345)
    assert refused.value.code == 400


def test_waiting_fails_in_time_with_what_was_seen(msg_server, msg_bot, msg_person):
    msg_bot.call("getMe")
    msg_person.send_message(msg_bot, "/start")
    msg_bot.call("sendMessage", chat_id=msg_person.id, text="something else")
    with pytest.raises(AssertionError, match="never received the message 'never' within 1 s; saw .*something else"):
        msg_person.expect_message(text="never", timeout=1)


@pytest.mark.anyio
async def test_the_async_verbs_run_beside_a_bot_on_the_same_loop(msg_server, msg_bot, msg_person):
    sent = await msg_person.aio.send_message(msg_bot, "hello")
    assert sent["text"] == "hello"
    assert await msg_person.aio.updates() == []


def test_a_missing_binary_is_named_with_the_fix(tmp_path):
    with pytest.raises(FileNotFoundError, match="put it on PATH or set MSG_BOT_API_BIN"):
        Server(tmp_path / "no-such-binary")


def test_a_server_as_a_context_manager_serves_local_mode(tmp_path):
    with Server(workdir=tmp_path / "w", local=True) as server:
        bot = server.create_bot("local_bot")
        person = server.create_person("Carol")
        person.send_document(bot, b"bytes", "a.bin")
        update = bot.call("getUpdates", timeout=5)[0]
        path = bot.call("getFile", file_id=update["message"]["document"]["file_id"])["file_path"]
        assert path.startswith(str(tmp_path / "w")), path
        assert server.violations() == []
    assert server.base_url.startswith("http://127.0.0.1:")


def test_suggested_posts_communities_and_ephemeral_commands(msg_server, msg_bot, msg_person):
    """The verbs of a channel's direct messages, communities and ephemeral commands."""
    bob = msg_server.create_person("Bob")
    channel = msg_person.create_channel("Daily", [msg_bot, bob])
    msg_person.promote(channel, msg_bot, can_post_messages=True, can_manage_direct_messages=True)
    direct = msg_person.direct_messages(channel)
    assert direct["is_direct_messages"] is True
    suggestion = bob.suggest_post(channel, "Read my blog")
    assert suggestion["suggested_post_info"]["state"] == "pending"
    assert msg_bot.call("approveSuggestedPost", chat_id=direct["id"], message_id=suggestion["message_id"]) is True
    bob.expect_message(lambda m: "suggested_post_approved" in m, "the approval", timeout=10)

    group = msg_person.create_supergroup("Lobby", [msg_bot, bob])
    other = msg_person.create_supergroup("Workshop", [msg_bot])
    community = msg_person.create_community("Makers", [group, other])
    assert community["name"] == "Makers"
    assert bob.join_community_chat(other) is True
    assert msg_bot.call("getChat", chat_id=other["id"])["community"]["id"] == community["id"]

    commands = [{"command": "hint", "description": "A hint", "is_ephemeral": True}]
    msg_bot.call("setMyCommands", commands=commands, scope={"type": "chat", "chat_id": group["id"]})
    asked = bob.send_ephemeral_command(group, msg_bot, "/hint")
    assert asked["message_id"] == 0 and asked["receiver_user"]["id"] == msg_bot.id
