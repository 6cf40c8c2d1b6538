"""The seed fixture: a test on `msg_seeded_server` gets the same ids, dice and dates each run."""

import json


def _conversation(server):
    bot = server.create_bot("dice_bot")
    alice = server.create_person("Alice")
    alice.send_message(bot, "/start")
    dice = [bot.call("sendDice", chat_id=alice.id) for _ in range(3)]
    return json.dumps([bot.token, alice.id, dice], sort_keys=True)


def test_a_seeded_server_repeats_its_answers(msg_seeded_server, tmp_path):
    from msg_bot_api_testing import Server

    first = _conversation(msg_seeded_server)
    with Server(workdir=tmp_path / "again", seed=1, clock="manual") as again:
        assert _conversation(again) == first
