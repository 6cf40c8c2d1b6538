// msg-bot-api-testing: test a bot offline against msg-bot-api and its embedded platform, with
// node:test or any runner. `startServer()` starts the binary on a free loopback port with a
// scratch working directory; `server.createBot()` / `server.createPerson()` make a bot and people;
// a `Person` acts over the user-side API (send, press, vote, react, inline query, pick a result,
// groups) and waits for what they receive. Only HTTP to the binary, so any bot framework works:
// point it at `server.baseUrl`.
"use strict";

const { spawn, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const readline = require("node:readline");

const BINARY_ENV = "MSG_BOT_API_BIN";
const READY = " ready: Bot API on http://";

/** The msg-bot-api binary: `explicit`, else `$MSG_BOT_API_BIN`, else `msg-bot-api` on PATH. */
function findBinary(explicit) {
  let candidate = explicit || process.env[BINARY_ENV];
  if (!candidate) {
    for (const dir of (process.env.PATH || "").split(path.delimiter)) {
      const file = path.join(dir, "msg-bot-api");
      if (dir && fs.existsSync(file)) {
        candidate = file;
        break;
      }
    }
  }
  if (!candidate || !fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`msg-bot-api binary not found (looked at ${candidate}): put it on PATH or set ${BINARY_ENV}`);
  }
  return candidate;
}

/** A call the server refused: its `code` (error_code) and `description`. */
class ApiError extends Error {
  constructor(method, code, description) {
    super(`${method} failed: ${code} ${description}`);
    this.method = method;
    this.code = code;
    this.description = description;
  }
}

async function call(url, method, params) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(params),
  });
  const body = await response.json();
  if (!body.ok) throw new ApiError(method, body.error_code, body.description);
  return body.result;
}

// A chat or user id from an id, a Bot, a Person, a chat object or a message the person received.
function idOf(target) {
  if (target instanceof Bot || target instanceof Person) return target.id;
  if (target && typeof target === "object") return target.message_id !== undefined ? target.chat.id : target.id;
  return target;
}

/** A bot on the embedded platform: its token, id and username, and raw Bot API calls. */
class Bot {
  constructor(baseUrl, token, username) {
    this.baseUrl = baseUrl;
    this.token = token;
    this.username = username;
    this.id = Number(token.split(":")[0]);
  }

  /** A Bot API call as this bot (plain HTTP, not through a library): its `result`. */
  call(method, params = {}) {
    return call(`${this.baseUrl}/bot${this.token}/${method}`, method, params);
  }
}

/** A person on the embedded platform, acting over the user-side API (`/user<token>/...`). */
class Person {
  constructor(baseUrl, token) {
    this.baseUrl = baseUrl.replace(/\/$/, "");
    this.token = token;
    this.id = Number(token.split(":")[0]);
    this.offset = 0;
  }

  /** Any user-side method (README's table): its `result`; rejects with `ApiError`. */
  call(method, params = {}) {
    return call(`${this.baseUrl}/user${this.token}/${method}`, method, params);
  }

  /** A call expected to be refused: `{ code, description }`. */
  async callError(method, params = {}) {
    try {
      const result = await this.call(method, params);
      throw new Error(`${method} succeeded: ${JSON.stringify(result)}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return { code: e.code, description: e.description };
    }
  }

  /** A multipart upload (`sendPhoto`, `sendDocument`, ...), as a person's client sends it. */
  async sendFile(method, field, name, data, params = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries(params)) {
      form.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
    form.append(field, new Blob([data]), name);
    const response = await fetch(`${this.baseUrl}/user${this.token}/${method}`, { method: "POST", body: form });
    const body = await response.json();
    if (!body.ok) throw new ApiError(method, body.error_code, body.description);
    return body.result;
  }

  sendMessage(chat, text, params = {}) {
    return this.call("sendMessage", { chat_id: idOf(chat), text, ...params });
  }

  sendPhoto(chat, data, name = "photo.png", params = {}) {
    return this.sendFile("sendPhoto", "photo", name, data, { chat_id: idOf(chat), ...params });
  }

  sendDocument(chat, data, name = "document.bin", params = {}) {
    return this.sendFile("sendDocument", "document", name, data, { chat_id: idOf(chat), ...params });
  }

  /** Sends a sticker: `sticker` a `file_id` this person has (a sticker they received, one of a
   *  set's), or a file's bytes (WEBP, PNG, TGS or WEBM). */
  sendSticker(chat, sticker, name = "sticker.webp", params = {}) {
    if (typeof sticker === "string") return this.call("sendSticker", { chat_id: idOf(chat), sticker, ...params });
    return this.sendFile("sendSticker", "sticker", name, sticker, { chat_id: idOf(chat), ...params });
  }

  /** Presses an inline button of `message` (an ephemeral one too); resolves with the bot's
   *  answer (`{answered, answer}`). */
  pressButton(message, callbackData, timeout = 15) {
    const target = message.ephemeral_message_id
      ? { ephemeral_message_id: message.ephemeral_message_id }
      : { message_id: message.message_id };
    return this.call("pressButton", { chat_id: idOf(message), ...target, callback_data: callbackData, timeout });
  }

  /** Presses the Play button of game `message`; resolves with the bot's answer (`{answered,
   *  answer: {url, ...}}`: the game's URL the bot gave). */
  playGame(message, timeout = 15) {
    return this.call("playGame", { chat_id: idOf(message), message_id: message.message_id, timeout });
  }

  /** What the widget of `message` asks its bot (`TelegramWidget.request(data)`, 1-64 bytes);
   *  resolves with the bot's answer (`{widget_query_id, answered, data}`). */
  widgetQuery(message, data, timeout = 15) {
    return this.call("sendWidgetQuery", { chat_id: idOf(message), message_id: message.message_id, data, timeout });
  }

  /** What the widget of `message` is shown now: `{public_data, chat_data, cache_time}`. */
  widgetData(message) {
    return this.call("getWidgetData", { chat_id: idOf(message), message_id: message.message_id });
  }

  /** Pays `invoice` (a received invoice message, or a `createInvoiceLink` link) with the
   *  order's `name`, `phone_number`, `email`, `shipping_option_id` and `tip_amount` as asked and
   *  `shippingAddress` (an object): `{paid: true, message}` or `{paid: false, stage, ...}` (a
   *  flexible invoice without `shipping_option_id` answers its `shipping_options`). */
  payInvoice(invoice, { shippingAddress, timeout = 10, ...order } = {}) {
    const target =
      typeof invoice === "string" ? { invoice_link: invoice } : { chat_id: idOf(invoice), message_id: invoice.message_id };
    const params = { ...target, ...order, timeout };
    if (shippingAddress) params.shipping_address = shippingAddress;
    return this.call("payInvoice", params);
  }

  /** This person's Telegram Stars. */
  async starBalance() {
    return (await this.call("getStarBalance")).amount;
  }

  /** Votes in the poll of `message` (an empty list retracts); the `Poll`. */
  vote(message, optionIds) {
    return this.call("votePoll", { chat_id: idOf(message), message_id: message.message_id, option_ids: optionIds });
  }

  /** Sets this person's reactions to `message` (none removes them). */
  react(message, ...emoji) {
    const reaction = emoji.map((e) => ({ type: "emoji", emoji: e }));
    return this.call("setMessageReaction", { chat_id: idOf(message), message_id: message.message_id, reaction });
  }

  /** Types an inline query to `bot`: `{inline_query_id, answered, answer}`. */
  inlineQuery(bot, query, { offset = "", timeout = 15 } = {}) {
    return this.call("inlineQuery", { chat_id: idOf(bot), query, offset, timeout });
  }

  /** Picks a result of an answered inline query, posting it in `chat`; the `Message`. */
  chooseInlineResult(asked, resultId, chat) {
    return this.call("chooseInlineResult", {
      inline_query_id: asked.inline_query_id,
      result_id: resultId,
      chat_id: idOf(chat),
    });
  }

  createGroup(title, members = []) {
    return this.call("createGroup", { title, member_ids: members.map(idOf) });
  }

  createSupergroup(title, members = [], { isForum = false } = {}) {
    return this.call("createSupergroup", { title, member_ids: members.map(idOf), is_forum: isForum });
  }

  /** Makes `member` an administrator of `chat` with the given `can_*` rights. */
  promote(chat, member, rights = {}) {
    return this.call("promoteChatMember", { chat_id: idOf(chat), user_id: idOf(member), ...rights });
  }

  addMember(chat, member) {
    return this.call("addChatMember", { chat_id: idOf(chat), user_id: idOf(member) });
  }

  removeMember(chat, member) {
    return this.call("removeChatMember", { chat_id: idOf(chat), user_id: idOf(member) });
  }

  /** The updates waiting for this person (long-polled up to `timeout` s), acknowledged. */
  async updates(timeout = 0) {
    const got = await this.call("getUpdates", { offset: this.offset, timeout });
    if (got.length > 0) this.offset = got[got.length - 1].update_id + 1;
    return got;
  }

  /** Waits up to `timeout` s for an update satisfying `predicate` (any, if none); updates read
   * on the way are acknowledged. Rejects with what arrived instead. */
  async expectUpdate(predicate, what = "the update", { timeout = 60 } = {}) {
    const deadline = Date.now() + timeout * 1000;
    const seen = [];
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`never received ${what} within ${timeout} s; saw ${JSON.stringify(seen)}`);
      const wait = Math.max(0, Math.min(10, Math.floor(left / 1000)));
      for (const update of await this.call("getUpdates", { offset: this.offset, timeout: wait })) {
        this.offset = update.update_id + 1;
        if (!predicate || predicate(update)) return update;
        const { update_id, ...rest } = update;
        seen.push(rest);
      }
    }
  }

  /** Waits for a message (new or edited) satisfying `predicate` and/or with exactly `text`. */
  async expectMessage(predicate, what, { text, timeout = 60 } = {}) {
    if (predicate && typeof predicate === "object") return this.expectMessage(undefined, undefined, predicate);
    const description = what || (text !== undefined ? `the message ${JSON.stringify(text)}` : "a message");
    const update = await this.expectUpdate(
      (u) => {
        const message = u.message || u.edited_message;
        if (!message || (text !== undefined && message.text !== text)) return false;
        return !predicate || predicate(message);
      },
      description,
      { timeout },
    );
    return update.message || update.edited_message;
  }
}

/** A msg-bot-api server on a free loopback port with a scratch working directory. */
class Server {
  constructor({ binary, workdir, local = false, validate = true, clock = "real", seed, env = {} } = {}) {
    this.binary = findBinary(binary);
    this.scratch = !workdir;
    this.workdir = workdir || fs.mkdtempSync(path.join(os.tmpdir(), "msg-bot-api-"));
    fs.mkdirSync(this.workdir, { recursive: true });
    this.dir = path.join(this.workdir, "data");
    this.env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("MSG_")));
    Object.assign(this.env, {
      MSG_API_ID: "12345",
      MSG_API_HASH: "0123456789abcdef0123456789abcdef",
      MSG_DIR: this.dir,
      MSG_TEMP_DIR: path.join(this.workdir, "tmp"),
      MSG_HTTP_PORT: "0",
      MSG_HTTP_STAT_PORT: "0", // statistics off
      MSG_HTTP_IP_ADDRESS: "127.0.0.1",
      MSG_LOCAL: local ? "true" : "false",
    });
    this.validate = validate;
    if (validate) this.env.BOTAPI_VALIDATE = "1";
    // The console's operator API, for what only the operator does (granting Stars), unless the
    // caller sets the console up itself.
    if (env.MSG_CONSOLE === undefined) {
      this.env.MSG_CONSOLE = "true";
      this.env.MSG_CONSOLE_TOKEN = require("node:crypto").randomBytes(24).toString("base64url");
    }
    // `clock: "manual"`: the platform's time stands still until `clock.advance(seconds)`.
    if (clock === "manual") Object.assign(this.env, { MSG_TESTING: "true", MSG_CLOCK: "manual" });
    // `seed: N`: the platform's random choices repeat (a manual clock starts at a fixed moment).
    if (seed !== undefined) Object.assign(this.env, { MSG_TESTING: "true", MSG_SEED: String(seed) });
    Object.assign(this.env, env);
    this.baseUrl = undefined;
    this.lines = [];
    /** The platform's clock: `now()`, and `advance(seconds)` (a manual clock's), both async. */
    this.clock = {
      now: async () => (await this.operator("getClock")).now,
      advance: async (seconds) => (await this.operator("advanceClock", { seconds })).now,
    };
  }

  /** One call of the operator API (`POST /console/api/<method>`, with the console's key);
   *  resolves with its result. */
  async operator(method, params = {}) {
    if (!this.env.MSG_CONSOLE_TOKEN) throw new Error(`${method} needs the console's key: pass MSG_CONSOLE_TOKEN with MSG_CONSOLE`);
    const response = await fetch(`${this.baseUrl}/console/api/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.env.MSG_CONSOLE_TOKEN}` },
      body: JSON.stringify(params),
    });
    const body = await response.json();
    if (!body.ok) throw new ApiError(method, body.error_code, body.description);
    return body.result;
  }

  /** Runs the binary with `args` (a CLI command) on this working directory; its stdout. */
  run(...args) {
    try {
      return execFileSync(this.binary, args, { env: this.env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
    } catch (e) {
      throw new Error(`msg-bot-api ${args.join(" ")} failed: ${String(e.stderr).trim()}`);
    }
  }

  /** Starts the server and resolves once it is ready (its ready line, then `GET /`). */
  async start({ timeout = 60 } = {}) {
    // A restart (stop, then start) reads its address anew.
    this.baseUrl = undefined;
    this.child = spawn(this.binary, [], { env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.exited = exited;
    const ready = new Promise((resolve) => {
      for (const stream of [this.child.stdout, this.child.stderr]) {
        readline.createInterface({ input: stream }).on("line", (line) => {
          this.lines.push(line);
          const at = line.indexOf(READY);
          if (at >= 0 && this.baseUrl === undefined) {
            this.baseUrl = `http://${line.slice(at + READY.length).split("/")[0]}`;
            resolve();
          }
        });
      }
    });
    let timer;
    const outcome = await Promise.race([
      ready.then(() => "ready"),
      exited.then(() => "exited"),
      new Promise((resolve) => (timer = setTimeout(() => resolve("timeout"), timeout * 1000))),
    ]);
    clearTimeout(timer);
    if (outcome !== "ready") {
      await this.stop();
      throw new Error(`msg-bot-api ${outcome === "exited" ? "exited" : `was not ready within ${timeout} s`}:\n${this.output()}`);
    }
    const root = await fetch(`${this.baseUrl}/`);
    if (root.status !== 200) throw new Error(`GET / answered ${root.status}`);
    return this;
  }

  /** Stops the server (SIGTERM, then SIGKILL after 10 s) and removes a scratch directory. */
  async stop() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGTERM");
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 10_000);
      await this.exited;
      clearTimeout(timer);
    }
  }

  /**
   * Stops the server; a scratch working directory is removed. In validation mode (the default)
   * it then fails when the server answered anything outside the Bot API schema, so every test
   * that closes its server checks its answers.
   */
  async close() {
    await this.stop();
    const found = this.validate ? this.violations() : [];
    if (this.scratch) fs.rmSync(this.workdir, { recursive: true, force: true });
    if (found.length > 0) {
      throw new Error(`the server answered outside the Bot API schema:\n${found.join("\n")}`);
    }
  }

  /** Everything the server printed so far. */
  output() {
    return this.lines.join("\n");
  }

  /** Lines where validation mode found a result or update outside the Bot API schema. */
  violations() {
    const log = path.join(this.dir, "logs", "msg-bot-api.log");
    const text = `${this.output()}\n${fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""}`;
    return [...new Set(text.split("\n").filter((l) => l.includes("spec violation:")))].sort();
  }

  /** A new bot (`bot create`, then `bot set` for non-default settings). */
  async createBot(
    username,
    {
      name,
      inline = false,
      inlineFeedback = false,
      privacy = true,
      joinGroups = true,
      joinRequestQueries = false,
      manageBots = false,
      guestQueries = false,
      business = false,
    } = {},
  ) {
    const token = this.run("bot", "create", "--username", username, ...(name ? ["--name", name] : []));
    const bot = new Bot(this.baseUrl, token, username);
    const settings = [];
    for (const [flag, value, fallback] of [
      ["--inline", inline, false],
      ["--inline-feedback", inlineFeedback, false],
      ["--privacy", privacy, true],
      ["--join-groups", joinGroups, true],
      ["--join-request-queries", joinRequestQueries, false],
      ["--manage-bots", manageBots, false],
      ["--guest-queries", guestQueries, false],
      ["--business", business, false],
    ]) {
      if (value !== fallback) settings.push(flag, value ? "on" : "off");
    }
    if (settings.length > 0) {
      this.run("bot", "set", username, ...settings);
      // A running server takes up `bot set` within seconds: poll getMe until it shows them.
      const want = {
        supports_inline_queries: inline,
        can_read_all_group_messages: !privacy,
        can_join_groups: joinGroups,
        supports_join_request_queries: joinRequestQueries,
        can_manage_bots: manageBots,
        supports_guest_queries: guestQueries,
        can_connect_to_business: business,
      };
      const deadline = Date.now() + 10_000;
      for (;;) {
        const me = await bot.call("getMe");
        if (Object.entries(want).every(([k, v]) => (me[k] || false) === v)) break;
        if (Date.now() > deadline) throw new Error(`the server did not take up @${username}'s settings: ${JSON.stringify(me)}`);
        await new Promise((resolve) => setTimeout(resolve, 50)); // polling: the server offers no notification
      }
    }
    return bot;
  }

  /** Registers game `shortName` of bot `username` as BotFather would (`bot game`), with its
   *  `title`, `description` and optionally `photo` (an image file's path; a placeholder without). */
  registerGame(username, shortName, { title, description, photo } = {}) {
    this.run("bot", "game", username, shortName, "--title", title, "--description", description, ...(photo ? ["--photo", photo] : []));
  }

  /** Adds a fault rule (README, "Testing the bad days": `bot_id` or `bot`, `method`, `params`,
   *  `place`, `error: { code, retry_after }`, `delay_ms`, `close`, `truncate`, `times`,
   *  `probability`, `seed`, `from`, `until`); resolves with the rule and its `id`. */
  async fault(rule) {
    const { bot, ...rest } = rule;
    if (bot !== undefined) rest.bot_id = idOf(bot);
    return this.operator("addFault", { rule: JSON.stringify(rest) });
  }

  /** Removes fault rule `id`, or every rule; resolves with how many went. */
  async clearFaults(id) {
    return (await this.operator("clearFaults", id === undefined ? {} : { id })).cleared;
  }

  /** The bot's calls from the call log, oldest first (`{ method, status, after, since, wait,
   *  text }` as `getCalls` takes them; `text: true` for a transcript). */
  async calls(bot, { text = false, ...filter } = {}) {
    return this.operator("getCalls", { bot_id: idOf(bot), ...filter, ...(text ? { format: "text" } : {}) });
  }

  /** Gives `person` `amount` Telegram Stars, as the operator does (the operator API's
   *  `grantStars`); resolves with their new balance. */
  async grantStars(person, amount) {
    return (await this.operator("grantStars", { user_id: idOf(person), amount })).balance;
  }


  /** A new person (`user create`), acting on this server. */
  createPerson(name, { username } = {}) {
    const token = this.run("user", "create", "--name", name, ...(username ? ["--username", username] : []));
    return new Person(this.baseUrl, token);
  }
}

/** Starts a server (see `Server` for the options) and resolves once it is ready. */
async function startServer(options = {}) {
  return new Server(options).start(options);
}

module.exports = { ApiError, Bot, Person, Server, findBinary, startServer };
