"""Test a bot offline against msg-bot-api and its embedded platform.

`Server` starts the `msg-bot-api` binary on free loopback ports with a scratch working
directory; `Server.create_bot` and `Server.create_person` make a bot (its token) and a person on
the embedded platform; a `Person` acts through the user-side API (send, press a button, vote,
react, ask a bot inline, pick a result, create groups) and waits for what they receive. Only
HTTP to the binary, so any bot framework works: point it at `server.base_url`.

The pytest plugin (`msg_bot_api_testing.plugin`, loaded automatically once installed) wraps this
in fixtures: `msg_server`, `msg_bot`, `msg_person`.
"""

import asyncio
import functools
import json
import os
import secrets
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

__all__ = ["ApiError", "Bot", "Person", "Server", "find_binary"]

BINARY_ENV = "MSG_BOT_API_BIN"


def find_binary(explicit=None):
    """The msg-bot-api binary: `explicit`, else `$MSG_BOT_API_BIN`, else `msg-bot-api` on PATH."""
    candidate = explicit or os.environ.get(BINARY_ENV) or shutil.which("msg-bot-api")
    if not candidate or not Path(candidate).is_file():
        raise FileNotFoundError(
            f"msg-bot-api binary not found (looked at {candidate!r}): put it on PATH or set {BINARY_ENV}"
        )
    return str(candidate)


class ApiError(Exception):
    """A call the server refused: its `error_code` and `description`."""

    def __init__(self, method, code, description):
        super().__init__(f"{method} failed: {code} {description}")
        self.method, self.code, self.description = method, code, description


def _post(url, body, content_type, timeout):
    request = urllib.request.Request(url, data=body, headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.load(response)
    except urllib.error.HTTPError as e:
        return json.loads(e.read().decode() or "{}")


def _call(url, method, params, timeout=75):
    body = _post(url, json.dumps(params).encode(), "application/json", timeout)
    if not body.get("ok"):
        raise ApiError(method, body.get("error_code"), body.get("description"))
    return body["result"]


def _id(target):
    """A chat or user id from an id, a `Bot`, a `Person` or a `Chat`/`Message` dict."""
    if isinstance(target, (Bot, Person)):
        return target.id
    if isinstance(target, dict):
        return target["chat"]["id"] if "message_id" in target else target["id"]
    return target


class Bot:
    """A bot on the embedded platform: its token, id and username, and raw Bot API calls."""

    def __init__(self, server, token, username):
        self.server, self.token, self.username = server, token, username
        self.id = int(token.split(":")[0])

    @property
    def api_url(self):
        """`{base_url}/bot<token>`, what most libraries call the bot's API URL."""
        return f"{self.server.base_url}/bot{self.token}"

    def call(self, method, **params):
        """A Bot API call as this bot (plain HTTP, not through a library): its `result`."""
        return _call(f"{self.api_url}/{method}", method, params)

    def __repr__(self):
        return f"Bot(@{self.username}, id={self.id})"


class Person:
    """A person on the embedded platform, acting over the user-side API (`/user<token>/...`).

    Every verb blocks; `person.aio` has the same verbs as coroutines (run in a thread), for tests
    whose bot runs on the same event loop.
    """

    def __init__(self, base_url, token):
        self.base_url, self.token = base_url.rstrip("/"), token
        self.id = int(token.split(":")[0])
        self.offset = 0
        self.aio = _Async(self)

    def call(self, method, **params):
        """Any user-side method (see README's table): its `result`; raises `ApiError`."""
        return _call(f"{self.base_url}/user{self.token}/{method}", method, params)

    def call_error(self, method, **params):
        """A call expected to be refused: its (error_code, description)."""
        try:
            result = self.call(method, **params)
        except ApiError as e:
            return e.code, e.description
        raise AssertionError(f"{method} succeeded: {result}")

    def send_file(self, method, field, name, data, **params):
        """A multipart upload (`sendPhoto`, `sendDocument`, ...), as a person's client sends it."""
        return self.send_files(method, {field: (name, data)}, **params)

    def send_files(self, method, files, **params):
        """A multipart upload of several files: `files` maps each part's name to `(file name, bytes)`."""
        boundary = f"msgbotapi{uuid.uuid4().hex}"
        body = b""
        for key, value in params.items():
            value = json.dumps(value) if isinstance(value, (dict, list)) else value
            body += f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for field, (name, data) in files.items():
            body += (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{name}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n"
            ).encode()
            body += data + b"\r\n"
        body += f"--{boundary}--\r\n".encode()
        url = f"{self.base_url}/user{self.token}/{method}"
        reply = _post(url, body, f"multipart/form-data; boundary={boundary}", 75)
        if not reply.get("ok"):
            raise ApiError(method, reply.get("error_code"), reply.get("description"))
        return reply["result"]

    # Verbs.
    def send_message(self, chat, text, **params):
        """Sends `text` to a bot, person or group; the `Message`."""
        return self.call("sendMessage", chat_id=_id(chat), text=text, **params)

    def send_photo(self, chat, data, name="photo.png", **params):
        return self.send_file("sendPhoto", "photo", name, data, chat_id=_id(chat), **params)

    def send_live_photo(self, chat, video, photo, **params):
        """Sends a live photo: its video's and its photo's bytes; the `Message`."""
        files = {"live_photo": ("live.mp4", video), "photo": ("live.png", photo)}
        return self.send_files("sendLivePhoto", files, chat_id=_id(chat), **params)

    def create_managed_bot(self, bot, username, name=None):
        """Presses a bot's `request_managed_bot` button: a new bot `bot` manages; `{"bot", "token"}`."""
        params = {"name": name} if name else {}
        return self.call("createManagedBot", bot_id=_id(bot), username=username, **params)

    def send_document(self, chat, data, name="document.bin", **params):
        return self.send_file("sendDocument", "document", name, data, chat_id=_id(chat), **params)

    def send_sticker(self, chat, sticker, name="sticker.webp", **params):
        """Sends a sticker: `sticker` a `file_id` this person has (a sticker they received, one of a
        set's), or a file's bytes (WEBP, PNG, TGS or WEBM)."""
        if isinstance(sticker, (bytes, bytearray)):
            return self.send_file("sendSticker", "sticker", name, bytes(sticker), chat_id=_id(chat), **params)
        return self.call("sendSticker", chat_id=_id(chat), sticker=sticker, **params)

    def press_button(self, message, callback_data, timeout=15):
        """Presses an inline button of `message` (an ephemeral one too); the bot's answer
        (`{"answered", "answer"}`)."""
        if message.get("ephemeral_message_id"):
            target = {"ephemeral_message_id": message["ephemeral_message_id"]}
        else:
            target = {"message_id": message["message_id"]}
        return self.call(
            "pressButton",
            chat_id=_id(message),
            callback_data=callback_data,
            timeout=timeout,
            **target,
        )

    def play_game(self, message, timeout=15):
        """Presses the Play button of game `message`; the bot's answer (`{"answered", "answer":
        {"url", ...}}`: the game's URL the bot gave)."""
        return self.call("playGame", chat_id=_id(message), message_id=message["message_id"], timeout=timeout)

    def widget_query(self, message, data, timeout=15):
        """What the widget of `message` asks its bot (`TelegramWidget.request(data)`, 1-64
        bytes); the bot's answer (`{"widget_query_id", "answered", "data"}`)."""
        return self.call(
            "sendWidgetQuery", chat_id=_id(message), message_id=message["message_id"], data=data, timeout=timeout
        )

    def widget_data(self, message):
        """What the widget of `message` is shown now: `{"public_data", "chat_data", "cache_time"}`."""
        return self.call("getWidgetData", chat_id=_id(message), message_id=message["message_id"])

    def vote(self, message, option_ids):
        """Votes in the poll of `message` (an empty list retracts); the `Poll`."""
        return self.call("votePoll", chat_id=_id(message), message_id=message["message_id"], option_ids=option_ids)

    def react(self, message, *emoji):
        """Sets this person's reactions to `message` (none removes them)."""
        reaction = [{"type": "emoji", "emoji": e} for e in emoji]
        return self.call("setMessageReaction", chat_id=_id(message), message_id=message["message_id"], reaction=reaction)

    def inline_query(self, bot, query, offset="", timeout=15):
        """Types an inline query to `bot`; `{"inline_query_id", "answered", "answer"}`."""
        return self.call("inlineQuery", chat_id=_id(bot), query=query, offset=offset, timeout=timeout)

    def choose_inline_result(self, asked, result_id, chat):
        """Picks a result of an answered inline query, posting it in `chat`; the `Message`."""
        return self.call(
            "chooseInlineResult", inline_query_id=asked["inline_query_id"], result_id=result_id, chat_id=_id(chat)
        )

    def pay_invoice(self, invoice, *, shipping_address=None, timeout=10, **order):
        """Pays `invoice` (a received invoice message, or a `createInvoiceLink` link) with the
        order's `name`, `phone_number`, `email`, `shipping_address` (a dict), `shipping_option_id`
        and `tip_amount` as asked; `{"paid": True, "message"}` or `{"paid": False, "stage", ...}`
        (a flexible invoice without `shipping_option_id` answers its `shipping_options`)."""
        target = {"invoice_link": invoice} if isinstance(invoice, str) else {
            "chat_id": _id(invoice), "message_id": invoice["message_id"]}
        if shipping_address is not None:
            order["shipping_address"] = json.dumps(shipping_address)
        return self.call("payInvoice", timeout=timeout, **target, **order)

    def star_balance(self):
        """This person's Telegram Stars."""
        return self.call("getStarBalance")["amount"]

    def connect_business_bot(self, bot, **rights):
        """Connects `bot` (in business mode) to this person's account with `rights` (the
        `BusinessBotRights` names, e.g. `can_reply=True`; without any, replying and reading); the
        connection as `{"id", "bot", "date", "rights", "is_enabled"}`."""
        params = {"bot_id": _id(bot)}
        if rights:
            params["rights"] = json.dumps(rights)
        return self.call("connectBusinessBot", **params)

    def gifts(self, owner=None):
        """The gifts this person owns (`owner`: another person or a channel), newest first, as
        `OwnedGifts`."""
        if owner is None:
            return self.call("getGifts")
        key = "user_id" if _id(owner) > 0 else "chat_id"
        return self.call("getGifts", **{key: _id(owner)})

    def create_channel(self, title, subscribers=()):
        return self.call("createChannel", title=title, member_ids=[_id(m) for m in subscribers])

    def direct_messages(self, channel, enabled=True):
        """Turns `channel`'s direct messages on (or off), as its owner; their `Chat`."""
        return self.call("setChatDirectMessagesGroup", chat_id=_id(channel), is_enabled=enabled)

    def suggest_post(self, channel, text, stars=0, send_date=None):
        """Suggests a post to `channel` in its direct messages, for `stars` (0: free) and at
        `send_date` if given; the suggestion's `Message` (its `suggested_post_info` pending)."""
        direct = self.call("getDirectMessagesChat", chat_id=_id(channel))
        if direct is None:
            raise ApiError("getDirectMessagesChat", 400, "the channel's direct messages are off")
        parameters = {}
        if stars:
            parameters["price"] = {"currency": "XTR", "amount": stars}
        if send_date:
            parameters["send_date"] = send_date
        return self.send_message(direct, text, suggested_post_parameters=json.dumps(parameters))

    def create_community(self, name, chats=()):
        """A community of this person's, with `chats` (supergroups, channels, bots) in it."""
        return self.call("createCommunity", name=name, chat_ids=[_id(c) for c in chats])

    def join_community_chat(self, chat):
        """Joins `chat` through its community (this person is in another of its chats)."""
        return self.call("joinCommunityChat", chat_id=_id(chat))

    def send_ephemeral_command(self, chat, bot, text):
        """Sends `text`, one of `bot`'s ephemeral commands, in group `chat`: to the bot alone."""
        return self.send_message(chat, text, ephemeral_message_parameters=json.dumps({"receiver_user_id": _id(bot)}))

    def create_group(self, title, members=()):
        return self.call("createGroup", title=title, member_ids=[_id(m) for m in members])

    def create_supergroup(self, title, members=(), is_forum=False):
        return self.call("createSupergroup", title=title, member_ids=[_id(m) for m in members], is_forum=is_forum)

    def promote(self, chat, member, **rights):
        """Makes `member` an administrator of `chat` with the given `can_*` rights."""
        return self.call("promoteChatMember", chat_id=_id(chat), user_id=_id(member), **rights)

    def add_member(self, chat, member):
        return self.call("addChatMember", chat_id=_id(chat), user_id=_id(member))

    def remove_member(self, chat, member):
        return self.call("removeChatMember", chat_id=_id(chat), user_id=_id(member))

    # What the person receives.
    def updates(self, timeout=0):
        """The updates waiting for this person (long-polled up to `timeout` s), acknowledged."""
        got = self.call("getUpdates", offset=self.offset, timeout=timeout)
        if got:
            self.offset = got[-1]["update_id"] + 1
        return got

    def expect_update(self, predicate=None, what=None, *, timeout=60.0):
        """Waits up to `timeout` s for an update satisfying `predicate` (any, if none); returns
        it. Updates read on the way are acknowledged. Fails with what was seen instead."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"never received {what or 'the update'} within {timeout} s; saw {seen}")
            for update in self.call("getUpdates", offset=self.offset, timeout=max(0, min(10, int(left)))):
                self.offset = update["update_id"] + 1
                if predicate is None or predicate(update):
                    return update
                seen.append({k: v for k, v in update.items() if k != "update_id"})

    def expect_message(self, predicate=None, what=None, *, text=None, timeout=60.0):
        """Waits for a message (new or edited) satisfying `predicate` and/or with exactly `text`."""

        def wanted(update):
            message = update.get("message") or update.get("edited_message")
            if message is None or (text is not None and message.get("text") != text):
                return False
            return predicate is None or predicate(message)

        update = self.expect_update(wanted, what or (f"the message {text!r}" if text else "a message"), timeout=timeout)
        return update.get("message") or update.get("edited_message")

    def __repr__(self):
        return f"Person(id={self.id})"


class _Async:
    """A person's verbs as coroutines (each runs in a worker thread)."""

    def __init__(self, person):
        self._person = person

    def __getattr__(self, name):
        verb = getattr(self._person, name)
        if not callable(verb):
            raise AttributeError(name)

        @functools.wraps(verb)
        async def run(*args, **kwargs):
            return await asyncio.to_thread(verb, *args, **kwargs)

        return run


class Clock:
    """The server's platform clock (`Server(clock="manual")`): `now()`, and `advance(seconds)`,
    which moves it forward and wakes whatever the platform timed (a poll's close, a bot's answer
    deadline, a subscription's renewal)."""

    def __init__(self, server):
        self._server = server

    def now(self):
        return self._server.operator("getClock")["now"]

    def advance(self, seconds):
        """Moves the clock `seconds` forward; the new time (Unix seconds)."""
        return self._server.operator("advanceClock", seconds=int(seconds))["now"]


class Server:
    """A msg-bot-api server on free loopback ports with a scratch working directory.

    `local=True` runs it in local mode (absolute file paths, any webhook address); `validate`
    (on by default) checks every result and webhook update against the Bot API schema, and
    `violations()` lists what failed the check; `clock="manual"` stops the platform's time until
    `server.clock.advance(seconds)`. Use as a context manager, or `start()`/`stop()`.
    """

    READY = " ready: Bot API on http://"

    def __init__(
        self,
        binary=None,
        workdir=None,
        *,
        local=False,
        validate=True,
        clock="real",
        seed=None,
        env=None,
        startup_timeout=60.0,
    ):
        self.binary = find_binary(binary)
        self._scratch = None if workdir else tempfile.TemporaryDirectory(prefix="msg-bot-api-")
        self.workdir = Path(workdir or self._scratch.name)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.dir = self.workdir / "data"
        self.local = local
        self.startup_timeout = startup_timeout
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("MSG_")}
        self.env.update(
            MSG_API_ID="12345",
            MSG_API_HASH="0123456789abcdef0123456789abcdef",
            MSG_DIR=str(self.dir),
            MSG_TEMP_DIR=str(self.workdir / "tmp"),
            MSG_HTTP_PORT="0",
            MSG_HTTP_STAT_PORT="0",  # statistics off
            MSG_HTTP_IP_ADDRESS="127.0.0.1",
            MSG_LOCAL="true" if local else "false",
        )
        if validate:
            self.env["BOTAPI_VALIDATE"] = "1"
        # The console's operator API, for what only the operator does (granting Stars), unless
        # the caller sets the console up itself.
        if "MSG_CONSOLE" not in (env or {}):
            self.env.update(MSG_CONSOLE="true", MSG_CONSOLE_TOKEN=secrets.token_urlsafe(24))
        # `clock="manual"`: the platform's time stands still until `clock.advance(seconds)`.
        if clock == "manual":
            self.env.update(MSG_TESTING="true", MSG_CLOCK="manual")
        # `seed=N`: the platform's random choices repeat (and a manual clock starts at a fixed
        # moment), so two runs answer alike.
        if seed is not None:
            self.env.update(MSG_TESTING="true", MSG_SEED=str(seed))
        self.env.update(env or {})
        self.clock = Clock(self)
        self.base_url = None
        self._process = None
        self._lines = []
        self._ready = threading.Event()

    def run(self, *args):
        """Runs the binary with `args` (a CLI command) on this working directory; its stdout."""
        done = subprocess.run([self.binary, *args], env=self.env, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"msg-bot-api {' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
        return done.stdout.strip()

    def start(self):
        """Starts the server and waits until it is ready (its ready line, then `GET /`)."""
        self._process = subprocess.Popen(
            [self.binary], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        threading.Thread(target=self._read, daemon=True).start()
        if not self._ready.wait(self.startup_timeout):
            self.stop()
            raise RuntimeError(f"msg-bot-api was not ready within {self.startup_timeout} s:\n{self.output()}")
        if self.base_url is None:
            self.stop()
            raise RuntimeError(f"msg-bot-api exited before it was ready:\n{self.output()}")
        with urllib.request.urlopen(f"{self.base_url}/", timeout=10) as root:
            assert root.status == 200
        return self

    def _read(self):
        for line in self._process.stdout:
            self._lines.append(line.rstrip("\n"))
            if self.READY in line and self.base_url is None:
                address = line.split(self.READY, 1)[1].split("/", 1)[0]
                self.base_url = f"http://{address}"
                self._ready.set()
        self._ready.set()

    def stop(self):
        """Stops the server (SIGTERM, then SIGKILL after 10 s)."""
        if self._process and self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()

    def close(self):
        self.stop()
        if self._scratch is not None:
            self._scratch.cleanup()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    def output(self):
        """Everything the server printed so far."""
        return "\n".join(self._lines)

    def violations(self):
        """Lines where validation mode found a result or update outside the Bot API schema."""
        log = self.dir / "logs" / "msg-bot-api.log"
        text = self.output() + "\n" + (log.read_text(errors="replace") if log.is_file() else "")
        return sorted({line for line in text.splitlines() if "spec violation:" in line})

    def create_bot(
        self,
        username,
        name=None,
        *,
        inline=False,
        inline_feedback=False,
        privacy=True,
        join_groups=True,
        join_request_queries=False,
        manage_bots=False,
        guest_queries=False,
        business=False,
    ):
        """A new bot (`bot create`, then `bot set` for non-default settings); a running server
        serves it at once."""
        args = ["bot", "create", "--username", username] + (["--name", name] if name else [])
        bot = Bot(self, self.run(*args), username)
        settings = []
        for flag, value, default in [
            ("--inline", inline, False),
            ("--inline-feedback", inline_feedback, False),
            ("--privacy", privacy, True),
            ("--join-groups", join_groups, True),
            ("--join-request-queries", join_request_queries, False),
            ("--manage-bots", manage_bots, False),
            ("--guest-queries", guest_queries, False),
            ("--business", business, False),
        ]:
            if value != default:
                settings += [flag, "on" if value else "off"]
        if settings:
            self.run("bot", "set", username, *settings)
            if self.base_url is not None:
                self._await_settings(
                    bot, inline, privacy, join_groups, join_request_queries, manage_bots, guest_queries, business
                )
        return bot

    def _await_settings(
        self,
        bot,
        inline,
        privacy,
        join_groups,
        join_request_queries,
        manage_bots,
        guest_queries,
        business=False,
        timeout=10.0,
    ):
        """A running server takes up `bot set` within seconds: polls getMe until it shows them."""
        want = {
            "supports_inline_queries": inline,
            "can_read_all_group_messages": not privacy,
            "can_join_groups": join_groups,
            "supports_join_request_queries": join_request_queries,
            "can_manage_bots": manage_bots,
            "supports_guest_queries": guest_queries,
            "can_connect_to_business": business,
        }
        deadline = time.monotonic() + timeout
        while True:
            me = bot.call("getMe")
            if all(me.get(k, False) == v for k, v in want.items()):
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not take up {bot}'s settings {want} within {timeout} s: {me}")
            time.sleep(0.05)  # polling the server's state; it offers no notification

    def register_game(self, bot_username, short_name, title, description, photo=None):
        """Registers game `short_name` of the bot as BotFather would (`bot game`), with its title,
        description and optionally a photo (an image file's path; a placeholder without)."""
        self.run("bot", "game", bot_username, short_name, "--title", title, "--description", description,
                 *(["--photo", str(photo)] if photo else []))

    def operator(self, name, /, **params):
        """One call of the operator API (`POST /console/api/<name>`, with the console's key):
        its result, or `ApiError`."""
        request = urllib.request.Request(
            f"{self.base_url}/console/api/{name}",
            data=json.dumps(params).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.env.get('MSG_CONSOLE_TOKEN', '')}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                body = json.load(reply)
        except urllib.error.HTTPError as e:
            body = json.load(e)
        if not body.get("ok"):
            raise ApiError(name, body.get("error_code"), body.get("description"))
        return body["result"]

    def fault(self, **rule):
        """Adds a fault rule (README, "Testing the bad days": `bot_id` or `bot`, `method`,
        `params`, `place`, `error={"code": 429, "retry_after": 1}`, `delay_ms`, `close`,
        `truncate`, `times`, `probability`, `seed`, `from`, `until`); the rule with its `id`."""
        if "bot" in rule:
            rule["bot_id"] = _id(rule.pop("bot"))
        return self.operator("addFault", rule=json.dumps(rule))

    def clear_faults(self, rule_id=None):
        """Removes fault rule `rule_id`, or every rule; how many went."""
        params = {} if rule_id is None else {"id": rule_id}
        return self.operator("clearFaults", **params)["cleared"]

    def calls(self, bot, *, method=None, status=None, after=None, since=None, wait=None, text=False):
        """The bot's calls from the call log, oldest first (filters as `getCalls` takes them;
        `wait` seconds for a new one; `text=True`: a transcript)."""
        params = {"bot_id": _id(bot)}
        for key, value in (("method", method), ("status", status), ("after", after), ("since", since), ("wait", wait)):
            if value is not None:
                params[key] = value
        if text:
            params["format"] = "text"
        return self.operator("getCalls", **params)

    def grant_stars(self, person, amount):
        """Gives `person` `amount` Telegram Stars, as the operator does (the operator API's
        `grantStars`); their new balance."""
        return self.operator("grantStars", user_id=_id(person), amount=amount)["balance"]

    def create_person(self, name, username=None):
        """A new person (`user create`), acting on this server."""
        token = self.run("user", "create", "--name", name, *(["--username", username] if username else []))
        if self.base_url is None:
            raise RuntimeError("start the server before creating people who act on it")
        return Person(self.base_url, token)
