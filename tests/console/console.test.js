// The browser console in a real browser: Debian's Chromium driven by playwright-core (no browser
// download), the page served by this build's binary, a grammY bot on the other side, and the
// page clicked as a person would. Each scenario checks what the person sees; every page's
// errors and console messages are collected and must stay empty (so a script that ran where it
// should not, or a CSP refusal, fails the test). On failure the page's screenshot and console log
// go to target/console-failures/ and their paths are printed. Measurements (push latency, first
// load, a 10,000-message chat) are printed, not asserted as timings.
// Run by tests/e2e/console.rs: `node --test` here with NODE_PATH=target/ci-node/node_modules.
"use strict";

const assert = require("node:assert/strict");
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");
const { after, before, describe, test } = require("node:test");
const { chromium } = require("playwright-core");
const { Bot, InlineKeyboard, Keyboard, InputFile } = require("grammy");
const { Person, Server } = require("../helpers/node");

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const KEY = "console-test-key-0123456789";
const WORKSPACE = path.resolve(__dirname, "../..");
const FAILURES = path.join(WORKSPACE, "target/console-failures");
// README's screenshots are taken here when asked (`MSG_CONSOLE_SCREENSHOTS=docs/console`).
const SHOTS = process.env.MSG_CONSOLE_SCREENSHOTS ? path.resolve(WORKSPACE, process.env.MSG_CONSOLE_SCREENSHOTS) : null;

/** A free loopback port (the server keeps it across a restart, as the page needs). */
function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAFhUlEQVR4nA3NkfODUADA8bCLBsGoCx92URCMuuHDXRQEURc+3EWDYNSFD3dR8IVRN3zYRUEQdeFw+Pt9/oGPZVnYFieLs4VvISwCi8jiYnG1kBY3i8yisKgslMXd4mHxtOgstMXLYrB4W3wsjMVksVhsFofF1+JnYVkOtsPJ4ezgOwiHwCFyuDhcHaTDzSFzKBwqB+Vwd3g4PB06B+3wchgc3g4fB+MwOSwOm8Ph8HX4Of+Bi+1ycjm7+C7CJXCJXC4uVxfpcnPJXAqXykW53F0eLk+XzkW7vFwGl7fLx8W4TC6Ly+ZyuHxdfu5/4GF7nDzOHr6H8Ag8Io+Lx9VDetw8Mo/Co/JQHnePh8fTo/PQHi+PwePt8fEwHpPH4rF5HB5fj5/3HwhswUlwFvgCIQgEkeAiuAqk4CbIBIWgEijBXfAQPAWdQAtegkHwFnwERjAJFsEmOARfwU/8ByF2yCnkHOKHiJAgJAq5hFxDZMgtJAspQqoQFXIPeYQ8Q7oQHfIKGULeIZ8QEzKFLCFbyBHyDfmF/0GMHXOKOcf4MSImiIliLjHXGBlzi8liipgqRsXcYx4xz5guRse8YoaYd8wnxsRMMUvMFnPEfGN+8X+QYCecEs4JfoJICBKihEvCNUEm3BKyhCKhSlAJ94RHwjOhS9AJr4Qh4Z3wSTAJU8KSsCUcCd+EX/IfSGzJSXKW+BIhCSSR5CK5SqTkJskkhaSSKMld8pA8JZ1ES16SQfKWfCRGMkkWySY5JF/JT/4HKXbKKeWc4qeIlCAlSrmkXFNkyi0lSylSqhSVck95pDxTuhSd8koZUt4pnxSTMqUsKVvKkfJN+aX/QY6dc8o55/g5IifIiXIuOdccmXPLyXKKnCpH5dxzHjnPnC5H57xyhpx3zifH5Ew5S86Wc+R8c375f1Bil5xKziV+iSgJSqKSS8m1RJbcSrKSoqQqUSX3kkfJs6Qr0SWvkqHkXfIpMSVTyVKylRwl35Jf+R8obMVJcVb4CqEIFJHiorgqpOKmyBSFolIoxV3xUDwVnUIrXopB8VZ8FEYxKRbFpjgUX8VP/Qc1ds2p5lzj14iaoCaqudRca2TNrSarKWqqGlVzr3nUPGu6Gl3zqhlq3jWfGlMz1Sw1W81R86351f9Bg91wajg3+A2iIWiIGi4N1wbZcGvIGoqGqkE13BseDc+GrkE3vBqGhnfDp8E0TA1Lw9ZwNHwbfs1/0GK3nFrOLX6LaAlaopZLy7VFttxaspaipWpRLfeWR8uzpWvRLa+WoeXd8mkxLVPL0rK1HC3fll/7H2hszUlz1vgaoQk0keaiuWqk5qbJNIWm0ijNXfPQPDWdRmtemkHz1nw0RjNpFs2mOTRfzU//Bz12z6nn3OP3iJ6gJ+q59Fx7ZM+tJ+speqoe1XPvefQ8e7oe3fPqGXrePZ8e0zP1LD1bz9Hz7fn1/wHYcIIz+CAggAgucAUJN8iggAoU3OEBT+hAwwsGeMMHDEywwAYHfOHHfzBij5xGziP+iBgJRqKRy8h1RI7cRrKRYqQaUSP3kcfIc6Qb0SOvkWHkPfIZMSPTyDKyjRwj35Hf+B8YbMPJcDb4BmEIDJHhYrgapOFmyAyFoTIow93wMDwNnUEbXobB8DZ8DMYwGRbDZjgMX8PP/Acz9sxp5jzjz4iZYCaaucxcZ+TMbSabKWaqGTVzn3nMPGe6GT3zmhlm3jOfGTMzzSwz28wx8535zf/Bir1yWjmv+CtiJViJVi4r1xW5clvJVoqVakWt3FceK8+VbkWvvFaGlffKZ8WsTCvLyrZyrHxXfut/sGPvnHbOO/6O2Al2op3LznVH7tx2sp1ip9pRO/edx85zp9vRO6+dYee989kxO9POsrPtHDvfnd/OH1Mt6T2sg+0rAAAAAElFTkSuQmCC",
  "base64",
); // 32x24, made with zlib

/** A plain opaque PNG of `width`×`height` in one colour (a static sticker's file). */
function plainPng(width, height, [r, g, b]) {
  const zlib = require("node:zlib");
  const chunk = (kind, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(kind, 4, "ascii");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(kind, "ascii"), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(new Array(width).fill([r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(new Array(height).fill(row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

let server;
let browser;
let bot;
let botInfo;
let alice;
let bob;
const pages = [];
let onContact = null;
let onEdited = null;
let onStopped = null;
let onWidgetQuery = null;
/** The guard queries the bot was asked, in order. */
const guardQueries = [];

/** Collects `page`'s errors and console (checked after the scenario, kept on failure);
 *  `expected` matches console errors the scenario causes on purpose. */
function watch(page, expected = null) {
  page.problems = [];
  page.log = [];
  page.on("pageerror", (e) => page.problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    page.log.push(`${m.type()}: ${m.text()}`);
    if ((m.type() === "error" || m.type() === "warning") && !expected?.test(m.text())) {
      page.problems.push(`console ${m.type()}: ${m.text()}`);
    }
  });
  page.on("dialog", (d) => {
    page.problems.push(`a native dialog opened: ${d.message()}`);
    d.dismiss();
  });
  pages.push(page);
  return page;
}

/** A page signed in as `person`, with its errors and console collected
 *  (`expected`: the console errors the scenario causes on purpose). */
async function openAs(person, { width = 1280, height = 860, expected = null } = {}) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = watch(await context.newPage(), expected);
  await page.goto(`${server.baseUrl}/console/#key=${KEY}&as=${person.id}`);
  await page.waitForSelector(`select[aria-label="Person"]`);
  await page.waitForSelector(`.connection[data-state="open"]`);
  return page;
}

/** Opens the chat with id `chatId` in `page` (from the chat list). */
async function openChat(page, chatId) {
  const item = page.locator(`nav[aria-label="Chats"] .chat-item[data-chat-id="${chatId}"]`);
  await item.waitFor();
  await item.click();
  await page.waitForSelector(`[role="log"][aria-label="Messages"]`);
}

/** The message article in `page` whose text is `text`. */
function message(page, text) {
  return page.locator("article.message:not(.draft)", { has: page.locator(".text", { hasText: text }) });
}

async function send(page, text) {
  await page.fill(`textarea[aria-label="Message"]`, text);
  await page.click(`button[aria-label="Send"]`);
}

/** Saves what a failing test saw: a screenshot and the console log of every page. */
async function keepEvidence(name) {
  fs.mkdirSync(FAILURES, { recursive: true });
  for (const [i, page] of pages.entries()) {
    const base = path.join(FAILURES, `${name.replace(/\W+/g, "_")}-${i}`);
    try {
      await page.screenshot({ path: `${base}.png`, fullPage: true });
    } catch {}
    fs.writeFileSync(`${base}.log`, page.log.join("\n"));
    console.log(`evidence: ${base}.png, ${base}.log\n--- console of page ${i} ---\n${page.log.join("\n")}`);
  }
  console.log(`--- server output ---\n${server.output()}`);
}

/** Runs a scenario; on failure keeps the evidence; always checks the pages stayed clean. */
function scenario(name, body) {
  test(name, async () => {
    try {
      await body();
      for (const page of pages) assert.deepEqual(page.problems, [], `the page reported problems`);
    } catch (e) {
      await keepEvidence(name);
      throw e;
    } finally {
      // Each context once (a scenario may open two tabs in one).
      for (const context of new Set(pages.splice(0).map((page) => page.context()))) await context.close();
    }
  });
}

async function shot(page, name) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** A widget (Bot API 10.4) that tries every way out of its sandbox it can think of, toward
 *  `target` (a server of the test's own) and the console's storage, shows what it reached in
 *  #report, asks its bot how many it reached and shows the answer in #answer; its data in
 *  #data; #go tries to navigate its frame to `target`. */
function widgetHtml(target, stunPort) {
  // WebRTC, which no policy of the browser blocks, tried from every window the widget might
  // get: its own, a frame in its markup, a frame it makes, a frame from markup it writes.
  const peer = `(w) => { try { const pc = new w.RTCPeerConnection({ iceServers: [{ urls: "stun:127.0.0.1:${stunPort}" }] }); pc.createDataChannel("x"); pc.createOffer().then((o) => pc.setLocalDescription(o)); return true; } catch { return false; } }`;
  return `<!doctype html><style>body{font:14px sans-serif;margin:8px;color:#123}</style>
<p id="data"></p><p id="report">probing…</p><p id="answer"></p><button id="go">Leave</button>
<iframe id="static" srcdoc="<script>(${peer.replace(/"/g, "&quot;")})(window)</script>"></iframe>
<script>
const peer = ${peer};
const show = () => { document.getElementById("data").textContent = TelegramWidget.publicData + "|" + TelegramWidget.chatData; };
show();
TelegramWidget.onDataChanged(show);
const T = ${JSON.stringify(target)};
const tries = {
  fetch: () => fetch(T + "/fetch").then(() => true, () => false),
  xhr: () => new Promise((done) => { try { const x = new XMLHttpRequest(); x.open("GET", T + "/xhr"); x.onload = () => done(true); x.onerror = () => done(false); x.send(); } catch { done(false); } }),
  ws: () => new Promise((done) => { try { const w = new WebSocket(T.replace("http", "ws") + "/ws"); w.onopen = () => done(true); w.onerror = () => done(false); } catch { done(false); } }),
  img: () => new Promise((done) => { const i = new Image(); i.onload = () => done(true); i.onerror = () => done(false); i.src = T + "/img"; }),
  // A beacon and a frame say nothing of whether they left: the test's server counts them.
  beacon: () => { try { navigator.sendBeacon(T + "/beacon", "x"); } catch {} return false; },
  frame: () => new Promise((done) => { try { const f = document.createElement("iframe"); f.src = T + "/frame"; document.body.append(f); } catch {} setTimeout(() => done(false), 0); }),
  rtc: () => typeof RTCPeerConnection === "function" && peer(window),
  staticFrame: () => !!document.getElementById("static") || frames.length > 0,
  madeFrame: () => { try { const f = document.createElement("iframe"); document.body.append(f); return peer(f.contentWindow); } catch { return false; } },
  writtenFrame: () => { const d = document.createElement("div"); document.body.append(d); d.innerHTML = "<iframe></iframe>"; return frames.length > 0 && peer(frames[0]); },
  parsedFrame: () => { const t = document.createElement("template"); t.innerHTML = "<iframe></iframe>"; document.body.append(t.content.cloneNode(true)); return frames.length > 0 && peer(frames[0]); },
  storage: () => { try { return localStorage.getItem("console-secret") !== null || sessionStorage.length >= 0; } catch { return false; } },
  cookie: () => { try { return document.cookie !== undefined; } catch { return false; } },
  idb: () => new Promise((done) => { try { const r = indexedDB.open("w"); r.onsuccess = () => done(true); r.onerror = () => done(false); } catch { done(false); } }),
  console: () => { try { return !!top.document.body; } catch { return false; } },
};
Promise.all(Object.entries(tries).map(async ([name, run]) => [name, await run()])).then((results) => {
  const reached = results.filter(([, ok]) => ok).map(([name]) => name);
  document.getElementById("report").textContent = reached.length ? "reached: " + reached.join(" ") : "reached nothing";
  return TelegramWidget.request("reached:" + reached.length);
}).then((answer) => { document.getElementById("answer").textContent = answer.result; });
document.getElementById("go").onclick = () => { location.href = T + "/navigate"; };
</script>`;
}

/** The rich message the bot's /report sends: a block of each common kind, and markup-looking
 *  text that must stay text. */
const REPORT_HTML =
  "<h2>Weekly report</h2><p>All <b>good</b>: <tg-spoiler>secret</tg-spoiler>, and &lt;script&gt;alert(1)&lt;/script&gt; stays text.</p>" +
  '<ul><li><input type="checkbox" checked>Ship it</li><li><input type="checkbox">Celebrate</li></ul>' +
  '<table bordered striped><caption>Totals</caption><tr><th>Item</th><th align="right">Count</th></tr><tr><td>Cups</td><td align="right">12</td></tr></table>' +
  "<details><summary>Details</summary><p>Hidden <i>notes</i></p></details>" +
  '<figure><img src="tg://photo?id=chart"><figcaption>The chart<cite>Helper</cite></figcaption></figure>' +
  '<tg-button-row><tg-button type="callback_data" data="rich-ok">Looks right</tg-button></tg-button-row>';

describe("the console in Chromium", () => {
  before(async () => {
    const port = await freePort();
    // A test server (MSG_TESTING): its Mini Apps may be plain http, as in the platform's test
    // environment (the Mini App scenario serves one from the test's own http server).
    server = new Server({ env: { MSG_CONSOLE: "true", MSG_CONSOLE_TOKEN: KEY, MSG_HTTP_PORT: String(port), MSG_TESTING: "true" } });
    await server.start();
    const made = await server.createBot("console_test_bot", { inline: true, name: "Helper", joinRequestQueries: true, manageBots: true, business: true });
    alice = server.createPerson("Alice");
    bob = server.createPerson("Bob");
    bot = new Bot(made.token, { client: { apiRoot: server.baseUrl } });
    botInfo = made;
    bot.command("start", (ctx) =>
      ctx.reply("Welcome! Do you like it?", {
        reply_markup: new InlineKeyboard().text("Like", "like").row().url("Docs", "https://example.com/docs"),
      }),
    );
    bot.callbackQuery("like", async (ctx) => {
      await ctx.answerCallbackQuery({ text: "Liked!" });
      await ctx.editMessageText("You liked it");
    });
    // A rich message (Bot API 10.1-10.3) through grammY's own method, its chart uploaded with it.
    bot.command("report", (ctx) =>
      ctx.replyWithRichMessage({
        html: REPORT_HTML,
        media: [{ id: "chart", media: { type: "photo", media: new InputFile(plainPng(200, 120, [200, 90, 60]), "chart.png") } }],
      }),
    );
    bot.callbackQuery("rich-ok", (ctx) => ctx.answerCallbackQuery({ text: "Rich OK" }));
    bot.command("colour", (ctx) =>
      ctx.reply("Pick a colour", {
        reply_markup: new Keyboard().text("Red").text("Blue").oneTime().resized().placeholder("Red or blue?"),
      }),
    );
    bot.hears(["Red", "Blue"], (ctx) => ctx.reply(`You chose ${ctx.message.text}`));
    bot.on("message:photo", (ctx) => ctx.replyWithPhoto(ctx.message.photo.at(-1).file_id, { caption: "echo" }));
    bot.command("poll", (ctx) => ctx.replyWithPoll("Tea or coffee?", ["Tea", "Coffee"], { is_anonymous: false }));
    // A reply keyboard asking for a user and a group (the person picks them in the console).
    bot.command("share", (ctx) =>
      ctx.reply("Who and where?", {
        reply_markup: { keyboard: [[
          { text: "Pick a friend", request_users: { request_id: 1, user_is_bot: false, request_name: true } },
          { text: "Pick a group", request_chat: { request_id: 2, chat_is_channel: false, request_title: true } },
        ]], resize_keyboard: true },
      }),
    );
    bot.on("message:users_shared", (ctx) => ctx.reply(`Friends: ${ctx.message.users_shared.users.map((u) => u.first_name).join(", ")}`));
    bot.on("message:chat_shared", (ctx) => ctx.reply(`Group: ${ctx.message.chat_shared.title}`));
    // Poll media (Bot API 10.0): the poll's photo uploaded with it, options with a link and a place.
    bot.command("mediapoll", (ctx) =>
      ctx.replyWithPoll("Where shall we meet?", [
        { text: "Online", media: { type: "link", url: "https://meet.example/room" } },
        { text: "The park", media: { type: "location", latitude: 52.52, longitude: 13.405 } },
      ], { media: { type: "photo", media: new InputFile(plainPng(160, 90, [70, 170, 90]), "map.png") } }),
    );
    // Polls 2.0's settings, which grammY passes through as the Bot API's parameters.
    bot.command("openpoll", (ctx) =>
      ctx.replyWithPoll("Which juice?", ["Apple", "Orange"], { is_anonymous: false, allow_adding_options: true, shuffle_options: true, hide_results_until_closes: true }),
    );
    bot.command("buy", (ctx) =>
      ctx.replyWithInvoice("Green tea", "A pot of green tea", "tea-1", "USD", [{ label: "Tea", amount: 500 }], {
        provider_token: "284685063:TEST:Y29uc29sZQ",
        need_name: true,
        max_tip_amount: 200,
        suggested_tip_amounts: [100],
      }),
    );
    bot.command("game", (ctx) => ctx.replyWithGame("tetris"));
    // A button of an ephemeral message (Bot API 10.2): answered, then the message edited for
    // its receiver alone.
    // An ephemeral command (Bot API 10.2): the bot answers it ephemerally, replying to it.
    bot.command("whisper", (ctx) =>
      ctx.api.raw.sendMessage({
        chat_id: ctx.chat.id,
        text: "Psst: 7",
        ephemeral_message_parameters: { receiver_user_id: ctx.from.id },
        reply_parameters: { ephemeral_message_id: ctx.msg.ephemeral_message_id },
      }),
    );
    bot.callbackQuery("reveal", async (ctx) => {
      await ctx.answerCallbackQuery({ text: "Revealed" });
      await ctx.api.raw.editEphemeralMessageText({
        chat_id: ctx.callbackQuery.message.chat.id,
        receiver_user_id: ctx.from.id,
        ephemeral_message_id: ctx.callbackQuery.message.ephemeral_message_id,
        text: "The answer is <b>42</b>",
      });
    });
    // A Stars invoice that asks, as python-telegram-bot's example does, what Stars invoices ignore.
    bot.command("stars", (ctx) =>
      ctx.replyWithInvoice("Star tea", "Tea for Stars", "star-tea-1", "XTR", [{ label: "Tea", amount: 5 }], {
        need_name: true,
        need_phone_number: true,
        need_shipping_address: true,
        is_flexible: true,
      }),
    );
    bot.command("pack", async (ctx) => {
      const name = `cats_by_${botInfo.username}`;
      const stickers = [
        { sticker: new InputFile(plainPng(512, 512, [240, 160, 40]), "a.png"), format: "static", emoji_list: ["😺"] },
        { sticker: new InputFile(plainPng(512, 512, [60, 140, 220]), "b.png"), format: "static", emoji_list: ["😸"] },
      ];
      await ctx.api.createNewStickerSet(ctx.from.id, name, "Cats", stickers);
      const set = await ctx.api.getStickerSet(name);
      await ctx.replyWithSticker(set.stickers[0].file_id);
    });
    bot.on("message:sticker", (ctx) => ctx.reply(`Nice ${ctx.message.sticker.emoji} from ${ctx.message.sticker.set_name}`));
    bot.command("secret", (ctx) =>
      ctx.replyWithPaidMedia(5, [{ type: "photo", media: new InputFile(PNG, "secret.png") }], { caption: "A secret picture", payload: "secret-1" }),
    );
    bot.command("live", (ctx) =>
      ctx.replyWithLivePhoto(new InputFile(Buffer.from("a moment of video"), "moment.mp4"), new InputFile(plainPng(320, 200, [90, 150, 210]), "moment.png"), { caption: "A live moment" }),
    );
    // A join request this bot guards: its Mini App first (the scenario's backend decides).
    bot.on("chat_join_request", async (ctx) => {
      const request = ctx.chatJoinRequest;
      if (!request.query_id) return;
      guardQueries.push(request.query_id);
      await ctx.api.sendChatJoinRequestWebApp(request.query_id, "https://gate.example/join");
    });
    bot.command("factory", (ctx) =>
      ctx.reply("Want a bot of your own?", {
        reply_markup: { keyboard: [[{ text: "Make a bot", request_managed_bot: { request_id: 1, suggested_name: "Buddy", suggested_username: "buddy_of_alice_bot" } }]], resize_keyboard: true },
      }),
    );
    // Bot API 9.6's update, read raw: the manager fetches the new bot's token and uses it.
    bot.use(async (ctx, next) => {
      const made = ctx.update.managed_bot;
      if (!made) return next();
      const token = await ctx.api.getManagedBotToken(made.bot.id);
      const me = await new Bot(token, { client: { apiRoot: server.baseUrl } }).api.getMe();
      await ctx.api.sendMessage(made.user.id, `I manage @${me.username} now`);
    });
    bot.on("purchased_paid_media", (ctx) => ctx.api.sendMessage(ctx.purchasedPaidMedia.from.id, `Enjoy ${ctx.purchasedPaidMedia.paid_media_payload}`));
    bot.on("callback_query:game_short_name", async (ctx) => {
      await ctx.answerCallbackQuery({ url: `https://games.example/${ctx.callbackQuery.game_short_name}` });
      await ctx.api.setGameScore(ctx.chat.id, ctx.callbackQuery.message.message_id, ctx.from.id, 42);
    });
    bot.on("pre_checkout_query", (ctx) => ctx.answerPreCheckoutQuery(true));
    // Bot API 10.2's subscription news, read raw: the bot tells its subscriber what it heard.
    bot.use(async (ctx, next) => {
      const news = ctx.update.subscription;
      if (!news) return next();
      await ctx.api.sendMessage(news.user.id, `Your ${news.invoice_payload} subscription is ${news.state}`);
    });
    bot.on("message:successful_payment", (ctx) => ctx.reply(`Thanks for paying ${ctx.message.successful_payment.total_amount}`));
    bot.command("xss", async (ctx) => {
      const text = `<img src=x onerror="window.__pwned=1"> and a link`;
      await ctx.reply(text, {
        entities: [{ type: "text_link", offset: text.length - 4, length: 4, url: "javascript:window.__pwned=2" }],
      });
      // A javascript: button never reaches the page: the server refuses it, as the reference does.
      const button = { reply_markup: { inline_keyboard: [[{ text: "Open me", url: "javascript:window.__pwned=3" }]] } };
      await ctx.reply("with a button", button).catch((e) => ctx.reply(`refused: ${e.description}`));
    });
    bot.on("inline_query", (ctx) => {
      const offset = Number(ctx.inlineQuery.offset || 0);
      const results = [0, 1, 2].map((i) => ({
        type: "article",
        id: String(offset + i),
        title: `Result ${offset + i} for ${ctx.inlineQuery.query}`,
        input_message_content: { message_text: `Picked ${offset + i}` },
      }));
      return ctx.answerInlineQuery(results, { cache_time: 0, next_offset: offset < 3 ? String(offset + 3) : "" });
    });
    bot.on("message:contact", (ctx) => onContact?.(ctx.message.contact));
    bot.on("edited_message", (ctx) => onEdited?.(ctx.editedMessage));
    // Bot API 10.3's update, read raw (whatever grammY's filters know of it).
    bot.use((ctx, next) => (ctx.update.stopped_message_generation ? onStopped?.(ctx.update.stopped_message_generation) : next()));
    // Bot API 10.4's widget queries, read and answered raw (grammY 1.46 predates them).
    bot.use((ctx, next) => (ctx.update.widget_query ? onWidgetQuery?.(ctx.update.widget_query) : next()));
    bot.callbackQuery("alert", (ctx) => ctx.answerCallbackQuery({ text: "Careful!", show_alert: true }));
    bot.catch((e) => console.log(`bot error: ${e.message}`));
    bot.start({ drop_pending_updates: true });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });

  after(async () => {
    await bot?.stop();
    await browser?.close();
    await server?.close();
  });

  scenario("a newcomer on an empty server: the login link, a person and a bot made in the page, a chat", async () => {
    const fresh = new Server({ env: { MSG_CONSOLE: "true" } });
    await fresh.start();
    try {
      const line = fresh.lines.find((l) => l.startsWith("Console: "));
      assert.ok(line && line.includes("#key="), `a login link after the startup line: ${fresh.output()}`);
      assert.ok(fresh.lines[0].startsWith("Starting msg-bot-api"), "the startup line stays first");
      const context = await browser.newContext();
      const page = await context.newPage();
      page.problems = [];
      page.log = [];
      page.on("pageerror", (e) => page.problems.push(`pageerror: ${e.message}`));
      pages.push(page);
      await page.goto(line.slice("Console: ".length));
      await page.getByRole("button", { name: "Create a person" }).click();
      assert.ok(!page.url().includes("key="), "the key left the address bar");
      await page.getByLabel("Name", { exact: true }).fill("Dana");
      await page.getByRole("button", { name: "Create person" }).click();
      await page.getByLabel("Bot username (ends in “bot”)").fill("first_bot");
      await page.getByRole("button", { name: "Create bot" }).click();
      await page.locator(".new-token").getByRole("button", { name: "Copy token" }).waitFor();
      await page.keyboard.press("Escape");
      await page.locator(`.connection[data-state="open"]`).waitFor();
      await page.getByRole("button", { name: "New chat" }).click();
      await page.locator(`[role="group"][aria-label="Bots"] button`, { hasText: "first" }).first().click();
      await message(page, "/start").waitFor();
      await page.locator(`nav[aria-label="Chats"] .chat-item`, { hasText: "first" }).waitFor();
    } finally {
      await fresh.close();
    }
  });

  scenario("the operator's panel: a bot and a person made in the page, the token shown once, a chat started", async () => {
    const page = await openAs(alice);
    await page.getByRole("button", { name: "People and bots" }).click();
    await page.getByLabel("Bot username (ends in “bot”)").fill("made_in_page_bot");
    await page.getByRole("button", { name: "Create bot" }).click();
    const token = page.locator(".new-token input, .new-token textarea, .new-token code").first();
    await token.waitFor();
    const shown = (await token.inputValue().catch(() => null)) ?? (await token.textContent());
    assert.match(shown, /^\d+:[A-Za-z0-9_-]{35}$/, "the new bot's token, once");
    assert.ok(await page.getByRole("button", { name: "Copy token" }).isVisible());
    // The token works at once, and the page shows it nowhere else.
    const me = await fetch(`${server.baseUrl}/bot${shown}/getMe`).then((r) => r.json());
    assert.equal(me.result.username, "made_in_page_bot");
    // The operator's switches: inline mode on, at once.
    const switchBox = page.locator("li.bot-row", { hasText: "made_in_page_bot" }).getByLabel("Inline mode");
    await switchBox.check();
    await page.waitForFunction((el) => !el.disabled, await switchBox.elementHandle());
    const after = await fetch(`${server.baseUrl}/bot${shown}/getMe`).then((r) => r.json());
    assert.equal(after.result.supports_inline_queries, true);
    await page.getByLabel("Name", { exact: true }).fill("Carol");
    await page.getByRole("button", { name: "Create person" }).click();
    const carolRow = page.locator("ul.people li", { hasText: "Carol" });
    await carolRow.waitFor();
    await carolRow.getByRole("button", { name: "Act as" }).click();
    await page.waitForFunction(() => document.querySelector(`select[aria-label="Person"]`).selectedOptions[0]?.textContent.includes("Carol"));
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "New chat" }).click();
    await page.locator(`[role="group"][aria-label="Bots"] button`, { hasText: "made_in_page" }).first().click();
    await message(page, "/start").waitFor();
    const html = await page.content();
    assert.ok(!html.includes(shown.split(":")[1]), "the token is gone from the page once the panel closed");
    assert.ok(!html.includes(alice.token.split(":")[1]), "no person's token in the page");
  });

  scenario("a newcomer starts the bot, presses its button, sees the toast and the edit in place", async () => {
    const page = await openAs(alice);
    // A chat with a bot starts from the operator's list of bots.
    await alice.sendMessage(botInfo, "/start");
    await openChat(page, botInfo.id);
    const welcome = message(page, "Welcome! Do you like it?");
    await welcome.waitFor();
    const id = await welcome.getAttribute("data-message-id");
    const docs = welcome.locator(".inline-keyboard button, .inline-keyboard a").filter({ hasText: "Docs" });
    assert.equal(await docs.count(), 1, "the URL button is shown");
    await welcome.locator(".inline-keyboard button", { hasText: "Like" }).click();
    await page.locator(`[role="status"].toast`, { hasText: "Liked!" }).waitFor();
    const edited = page.locator(`article.message[data-message-id="${id}"]`);
    await edited.locator(".text", { hasText: "You liked it" }).waitFor();
    await edited.locator(".edited").waitFor();
    assert.equal(await page.locator("article.message", { hasText: "You liked it" }).count(), 1, "edited in place");
    assert.equal(await edited.locator(".inline-keyboard").count(), 0, "an edit without a keyboard removes it");
  });

  scenario("formatting, replies, forwards, places and service lines are shown as the platform sends them", async () => {
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    const api = bot.api;
    // A custom emoji shows when its id is a sticker's: here the platform's first topic icon.
    const [icon] = await api.getForumTopicIconStickers();
    const html =
      '<b>bold</b> <i>italic</i> <u>under</u> <s>struck</s> <tg-spoiler>secret</tg-spoiler> <code>code</code> ' +
      `<a href="https://example.com/x">a link</a> #tag $USD @console_test_bot <tg-emoji emoji-id="${icon.custom_emoji_id}">👍</tg-emoji>\n` +
      '<pre><code class="language-rust">fn main() {}</code></pre><blockquote>quoted words</blockquote>';
    const formatted = await api.sendMessage(alice.id, html, { parse_mode: "HTML" });
    const shown = page.locator(`article.message[data-message-id="${formatted.message_id}"]`);
    await shown.waitFor();
    const text = shown.locator(".text");
    for (const [selector, words] of [
      ["strong", "bold"],
      ["em", "italic"],
      ["u", "under"],
      ["s", "struck"],
      ["code", "code"],
      [`a[href="https://example.com/x"]`, "a link"],
      ["blockquote", "quoted words"],
      [".custom-emoji", "👍"],
    ]) {
      assert.equal(await text.locator(selector, { hasText: words }).count(), 1, `${selector} holds “${words}”`);
    }
    assert.equal(await text.locator("pre .lang").textContent(), "rust");
    const spoiler = text.locator(".spoiler");
    assert.equal(await spoiler.textContent(), "secret");
    await spoiler.click();
    // A reply quoting part of it, a forward of it, a place and a contact.
    await api.sendMessage(alice.id, "about that", { reply_parameters: { message_id: formatted.message_id, quote: "italic" } });
    const reply = message(page, "about that");
    await reply.waitFor();
    assert.match(await reply.textContent(), /italic/, "the quote is shown");
    await api.forwardMessage(alice.id, alice.id, formatted.message_id).catch(() => {});
    await api.sendLocation(alice.id, 52.52, 13.405);
    await api.sendContact(alice.id, "+15550100", "Ann");
    await page.locator("article.message", { hasText: "Ann" }).waitFor();
    await page.locator("article.message", { hasText: "52.52" }).first().waitFor();
    await api.sendChatAction(alice.id, "typing");
    await page.locator(".chat-action", { hasText: /typing/ }).waitFor();
    await shot(page, "chat");
  });

  scenario("keyboard only, and at phone width: the chat list and the chat are two screens", async () => {
    const page = await openAs(alice, { width: 360, height: 740 });
    const item = page.locator(`nav[aria-label="Chats"] .chat-item[data-chat-id="${botInfo.id}"]`);
    await item.waitFor();
    await item.focus();
    await page.keyboard.press("Enter");
    const composer = page.locator(`textarea[aria-label="Message"]`);
    await composer.waitFor();
    assert.equal(await item.isVisible(), false, "the chat replaces the list on a phone");
    await composer.focus();
    await page.keyboard.type("typed with the keyboard");
    await page.keyboard.press("Enter");
    await message(page, "typed with the keyboard").waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `nothing wider than the phone (${width}px)`);
    await shot(page, "phone");
    await page.locator(`button[aria-label="Back to chats"]`).click();
    await item.waitFor();
  });

  scenario("a bot's draft streams in and gives way to its message; a bot's reaction shows on the person's message", async () => {
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "react to this");
    const mine = message(page, "react to this");
    await mine.waitFor();
    const id = Number(await mine.getAttribute("data-message-id"));
    await bot.api.raw.sendMessageDraft({ chat_id: alice.id, draft_id: 7, text: "Thinking" });
    await page.locator("article.message.draft", { hasText: "Thinking" }).waitFor();
    await bot.api.raw.sendMessageDraft({ chat_id: alice.id, draft_id: 7, text: "Thinking harder" });
    await page.locator("article.message.draft", { hasText: "Thinking harder" }).waitFor();
    assert.equal(await page.locator("article.message.draft").count(), 1, "one bubble per draft");
    await bot.api.sendMessage(alice.id, "The answer");
    await message(page, "The answer").waitFor();
    await page.locator("article.message.draft").waitFor({ state: "detached" });
    // An empty draft offering a stop: "Thinking…" with a Stop button the person presses; the
    // bot hears stopped_message_generation and the draft goes.
    const stopped = new Promise((resolve) => (onStopped = resolve));
    await bot.api.raw.sendMessageDraft({ chat_id: alice.id, draft_id: 8, text: "", can_stop: true });
    const thinking = page.locator("article.message.draft", { hasText: "Thinking…" });
    await thinking.waitFor();
    await shot(page, "draft-stop");
    await thinking.locator("button.stop-draft").click();
    const heard = await stopped;
    assert.equal(heard.draft_id, 8);
    assert.equal(heard.chat.id, alice.id);
    await thinking.waitFor({ state: "detached" });
    await bot.api.setMessageReaction(alice.id, id, [{ type: "emoji", emoji: "🔥" }]);
    await mine.locator(".reactions", { hasText: "🔥" }).waitFor();
    // Stored with the message: a reload shows it again.
    await page.reload();
    await openChat(page, botInfo.id);
    await message(page, "react to this").locator(".reactions", { hasText: "🔥" }).waitFor();
  });

  scenario("commands as suggestions, a switch_inline button, a contact request, a group made in the page", async () => {
    await bot.api.setMyCommands([{ command: "colour", description: "Pick a colour" }, { command: "poll", description: "A poll" }]);
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await page.fill(`textarea[aria-label="Message"]`, "/co");
    await page.locator(`[aria-label="Commands"] [role="option"]`, { hasText: "/colour" }).waitFor();
    await page.fill(`textarea[aria-label="Message"]`, "");
    await bot.api.sendMessage(alice.id, "Search inline", {
      reply_markup: { inline_keyboard: [[{ text: "Search here", switch_inline_query_current_chat: "dogs" }]] },
    });
    await message(page, "Search inline").locator(".inline-keyboard button", { hasText: "Search here" }).click();
    assert.equal(await page.inputValue(`textarea[aria-label="Message"]`), `@${botInfo.username} dogs`);
    await page.locator(`ul[aria-label="Inline results"] li[role="option"]`, { hasText: "Result 0 for dogs" }).waitFor();
    await page.fill(`textarea[aria-label="Message"]`, "");
    await page.keyboard.press("Escape");
    // A contact request: the person confirms, the bot gets the contact.
    const got = new Promise((resolve) => (onContact = resolve));
    await bot.api.sendMessage(alice.id, "Share your number?", {
      reply_markup: { keyboard: [[{ text: "Share my number", request_contact: true }]], one_time_keyboard: true, resize_keyboard: true },
    });
    await page.locator(".reply-keyboard button", { hasText: "Share my number" }).click();
    await page.getByRole("button", { name: "Share contact" }).click();
    const contact = await got;
    assert.equal(contact.user_id, alice.id);
    // A group made in the page, with the bot in it.
    await page.getByRole("button", { name: "New chat" }).click();
    await page.getByRole("button", { name: "New group, supergroup or channel…" }).click();
    await page.getByLabel("Title").fill("Made in the page");
    await page.locator("fieldset.checks label", { hasText: "console_test_bot" }).locator("input").check();
    await page.getByRole("button", { name: /^Create/ }).last().click();
    await page.locator(`nav[aria-label="Chats"] .chat-item`, { hasText: "Made in the page" }).waitFor();
  });

  scenario("the person replies, edits and deletes from the page; a callback answer with show_alert is a dialog", async () => {
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    const asked = await bot.api.sendMessage(alice.id, "Question for you", {
      reply_markup: { inline_keyboard: [[{ text: "Alert me", callback_data: "alert" }]] },
    });
    const question = page.locator(`article.message[data-message-id="${asked.message_id}"]`);
    await question.waitFor();
    // Reply to it (hover scrolls it into view, and retries if the list re-rendered it meanwhile;
    // scrollIntoViewIfNeeded does not).
    await question.hover();
    await question.getByRole("button", { name: "Reply" }).click();
    await send(page, "my answer");
    const answer = message(page, "my answer");
    await answer.waitFor();
    assert.match(await answer.textContent(), /Question for you/, "the reply shows what it answers");
    // Edit it: the bot gets edited_message.
    const edited = new Promise((resolve) => (onEdited = resolve));
    await answer.hover();
    await answer.getByRole("button", { name: "Edit" }).click();
    await page.fill(`textarea[aria-label="Message"]`, "my better answer");
    await page.keyboard.press("Enter");
    await message(page, "my better answer").locator(".edited").waitFor();
    assert.equal((await edited).text, "my better answer");
    // Delete it.
    const better = message(page, "my better answer");
    await better.hover();
    await better.getByRole("button", { name: "Delete" }).click();
    await better.waitFor({ state: "detached" });
    // An answer with show_alert is a dialog, closed with its button.
    await question.locator(".inline-keyboard button", { hasText: "Alert me" }).click();
    const alert = page.locator(`[role="alertdialog"]`, { hasText: "Careful!" });
    await alert.waitFor();
    await alert.getByRole("button").first().click();
    await alert.waitFor({ state: "hidden" });
  });

  scenario("a reply keyboard is pressed and hides itself (one_time_keyboard)", async () => {
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/colour");
    const keyboard = page.locator(".reply-keyboard");
    await keyboard.locator("button", { hasText: "Red" }).waitFor();
    assert.equal(await page.getAttribute(`textarea[aria-label="Message"]`, "placeholder"), "Red or blue?");
    await keyboard.locator("button", { hasText: "Red" }).click();
    await message(page, "You chose Red").waitFor();
    await keyboard.locator("button", { hasText: "Red" }).waitFor({ state: "hidden" });
  });

  scenario("a photo dropped on the chat is sent, echoed back and displayed", async () => {
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    const before = await page.locator("article.message img").count();
    const transfer = await page.evaluateHandle((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "dot.png", { type: "image/png" }));
      return data;
    }, PNG.toString("base64"));
    const target = page.locator(`[role="log"][aria-label="Messages"]`);
    await target.dispatchEvent("dragenter", { dataTransfer: transfer });
    await target.dispatchEvent("dragover", { dataTransfer: transfer });
    await target.dispatchEvent("drop", { dataTransfer: transfer });
    const echo = page.locator("article.message", { hasText: "echo" });
    await echo.locator("img").waitFor();
    await page.waitForFunction(
      () => [...document.querySelectorAll("article.message img")].some((img) => img.complete && img.naturalWidth > 0),
    );
    assert.ok((await page.locator("article.message img").count()) >= before + 2, "the sent photo and the echo");
    const src = await echo.locator("img").first().getAttribute("src");
    assert.ok(src.startsWith("blob:"), `shown from the page's own copy, not a URL with a token: ${src}`);
  });

  scenario("an inline query shows the bot's answers, loads more, and posts the pick via the bot", async () => {
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await page.fill(`textarea[aria-label="Message"]`, `@${botInfo.username} cats`);
    const results = page.locator(`ul[aria-label="Inline results"] li[role="option"]`);
    await results.first().waitFor();
    await page.locator(`ul[aria-label="Inline results"] li[role="option"]`, { hasText: "Result 0 for cats" }).waitFor();
    // Hover scrolls the last result into view and retries if the list re-rendered it meanwhile
    // (scrollIntoViewIfNeeded does not: it failed once on a detached item).
    await results.last().hover();
    await page.locator(`ul[aria-label="Inline results"] li[role="option"]`, { hasText: "Result 3 for cats" }).waitFor();
    await page.locator(`ul[aria-label="Inline results"] li[role="option"]`, { hasText: "Result 1 for cats" }).click();
    const picked = message(page, "Picked 1");
    await picked.waitFor();
    assert.match(await picked.textContent(), new RegExp(`via @${botInfo.username}`));
  });

  scenario("an invoice is paid in the Pay dialog: name and tip asked, the bot confirms, the payment shown", async () => {
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/buy");
    const invoice = page.locator("article.message", { hasText: "A pot of green tea" });
    await invoice.locator(".invoice-total", { hasText: "5.00 USD" }).waitFor();
    await invoice.getByRole("button", { name: "Pay 5.00 USD" }).click();
    const dialog = page.getByRole("dialog", { name: /Pay 5\.00 USD to/ });
    await dialog.getByLabel("Name").fill("Alice Liddell");
    await dialog.getByLabel("Tip").selectOption("100");
    await shot(page, "pay-dialog");
    await dialog.getByRole("button", { name: "Pay" }).click();
    await page.locator(".toast", { hasText: "Paid" }).waitFor();
    await page.locator("article.message, .service", { hasText: "Alice paid 6.00 USD" }).first().waitFor();
    await message(page, "Thanks for paying 600").waitFor();
    await shot(page, "paid");
    // Paid once: the dialog says so instead of paying again.
    await invoice.getByRole("button", { name: "Pay 5.00 USD" }).click();
    await page.getByRole("alertdialog").filter({ hasText: "This invoice is paid already." }).waitFor();
    await page.keyboard.press("Escape");
    // The operator grants Alice Stars from the panel.
    await page.getByRole("button", { name: "People and bots" }).click();
    await page.getByRole("button", { name: "Grant Stars to Alice" }).click();
    const grant = page.getByRole("dialog", { name: "Grant Stars to Alice" });
    await grant.getByLabel("Stars").fill("50");
    await grant.getByRole("button", { name: "Grant" }).click();
    await page.locator(`[role="status"].toast`, { hasText: "Alice has 50 ⭐" }).waitFor();
    const balance = await fetch(`${server.baseUrl}/user${alice.token}/getStarBalance`).then((r) => r.json());
    assert.equal(balance.result.amount, 50);
    await page.keyboard.press("Escape");
  });

  scenario("a Stars invoice asks for nothing else and charges its price alone", async () => {
    const before = await server.grantStars(alice, 20);
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/stars");
    const invoice = page.locator("article.message", { hasText: "Tea for Stars" });
    await invoice.getByRole("button", { name: "Pay 5 ⭐" }).click();
    const dialog = page.getByRole("dialog", { name: /Pay 5 ⭐ to/ });
    await dialog.getByRole("button", { name: "Pay" }).waitFor();
    for (const label of ["Name", "Phone", "Street", "City", "Shipping"]) {
      assert.equal(await dialog.getByLabel(label, { exact: false }).count(), 0, `a Stars invoice asks no ${label}`);
    }
    await shot(page, "pay-stars");
    await dialog.getByRole("button", { name: "Pay" }).click();
    await page.locator(".toast", { hasText: "Paid" }).waitFor();
    await message(page, "Thanks for paying 5").waitFor();
    assert.equal(await alice.starBalance(), before - 5, "the price alone, no shipping added");
  });

  scenario("Alice cancels her Star subscription from its first payment and the bot hears of it", async () => {
    await server.grantStars(alice, 50);
    await alice.sendMessage(botInfo, "/start");
    const prices = [{ label: "Club", amount: 30 }];
    const link = await botInfo.call("createInvoiceLink", { title: "Club", description: "Monthly club", payload: "club", currency: "XTR", prices, subscription_period: 2592000 });
    const paid = await alice.call("payInvoice", { invoice_link: link });
    assert.equal(paid.paid, true);
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    const payment = page.locator("article.message.service", { hasText: "paid 30 ⭐" });
    await payment.getByRole("button", { name: "Manage subscription" }).click();
    const dialog = page.getByRole("dialog", { name: /Subscription: 30 ⭐ every 30 days/ });
    await dialog.getByLabel(/Paid until/).selectOption("cancel");
    await shot(page, "subscription");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.locator(".toast", { hasText: "Subscription cancelled" }).waitFor();
    await message(page, "Your club subscription is canceled").waitFor();
    const [mine] = await alice.call("getStarSubscriptions");
    assert.equal(mine.is_canceled, true);
  });

  scenario("the operator adds a game in the panel; Play opens the game's URL and the scoreboard shows the score", async () => {
    const page = await openAs(alice);
    await page.getByRole("button", { name: "People and bots" }).click();
    await page.getByRole("button", { name: `Games of @${botInfo.username}` }).click();
    const games = page.getByRole("dialog", { name: `Games of @${botInfo.username}` });
    await games.getByText("No games yet.").waitFor();
    await games.getByLabel(/Short name/).fill("tetris");
    await games.getByLabel("Title").fill("Tetris");
    await games.getByLabel("Description").fill("Falling blocks");
    await games.getByRole("button", { name: "Add game" }).click();
    await games.getByText("tetris · Tetris").waitFor();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await alice.sendMessage(botInfo, "/start");
    await openChat(page, botInfo.id);
    await send(page, "/game");
    const game = page.locator("article.message", { has: page.locator(".game", { hasText: "Falling blocks" }) });
    await game.locator(".game img").waitFor();
    // The game's page is the bot's URL, opened in a tab of its own (served here by the test).
    await page.context().route("https://games.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Tetris</title><p>Playing</p>" }),
    );
    const opening = page.context().waitForEvent("page");
    await game.getByRole("button", { name: "Play Tetris" }).click();
    const tab = await opening;
    await tab.waitForLoadState();
    assert.equal(tab.url(), "https://games.example/tetris");
    await tab.close();
    await game.locator(".game-text", { hasText: "1. Alice: 42" }).waitFor();
    await shot(page, "game");
  });

  scenario("paid media show locked until Alice unlocks them with Stars", async () => {
    const before = await server.grantStars(alice, 7);
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/secret");
    const paid = page.locator("article.message", { has: page.locator(".paid-media") });
    await paid.getByRole("img", { name: "Locked photo" }).waitFor();
    assert.match(await paid.textContent(), /A secret picture/);
    assert.equal(await paid.locator("img").count(), 0, "no picture before paying");
    await paid.getByRole("button", { name: "Unlock for 5 ⭐" }).click();
    await page.locator(".toast", { hasText: "Unlocked for 5 ⭐" }).waitFor();
    await paid.locator(".paid-media img").waitFor();
    await message(page, "Enjoy secret-1").waitFor();
    assert.equal(await alice.starBalance(), before - 5);
    await shot(page, "paid-media");
  });

  scenario("a live photo shows its photo and plays its video from the LIVE button", async () => {
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/live");
    const live = page.locator("article.message", { has: page.locator(".live-photo") });
    await live.locator(".live-photo img").waitFor();
    assert.match(await live.textContent(), /A live moment/);
    await shot(page, "live-photo");
    await live.getByRole("button", { name: "Play the live photo" }).click();
    await live.locator(".live-photo video").waitFor();
    assert.equal(await live.locator(".live-photo img").count(), 0, "the video plays in the photo's place");
    assert.equal(await live.getByRole("button", { name: "Play the live photo" }).count(), 0);
  });

  scenario("a request_managed_bot button creates a bot the bot then manages", async () => {
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/factory");
    await page.getByRole("button", { name: "Make a bot" }).click();
    const dialog = page.getByRole("dialog", { name: "New bot for Helper" });
    assert.equal(await dialog.getByLabel("Username (ends in bot)").inputValue(), "buddy_of_alice_bot");
    await dialog.getByRole("button", { name: "Create bot" }).click();
    const created = page.getByRole("dialog", { name: "Bot created" });
    await created.getByText("@buddy_of_alice_bot is yours").waitFor();
    await shot(page, "managed-bot");
    await page.keyboard.press("Escape");
    await page.locator(".service-text", { hasText: "created @buddy_of_alice_bot, managed by this bot" }).waitFor();
    await message(page, "I manage @buddy_of_alice_bot now").waitFor();
  });

  scenario("a set's sticker opens its set, and a sticker picked there is sent", async () => {
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/pack");
    await page.getByRole("button", { name: "Sticker set of 😺" }).click();
    const panel = page.getByRole("dialog", { name: "Cats" });
    await panel.getByRole("button", { name: "Send sticker 😸" }).locator("img").waitFor();
    await shot(page, "sticker-set");
    await panel.getByRole("button", { name: "Send sticker 😸" }).click();
    await message(page, `Nice 😸 from cats_by_${botInfo.username}`).waitFor();
    assert.equal(await panel.count(), 0, "the panel closes once a sticker is sent");
  });

  scenario("the operator reads a bot's calls live, adds a fault that fails its next reply, and removes it", async () => {
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await page.getByRole("button", { name: "Calls" }).click();
    const calls = page.getByRole("dialog", { name: `Calls of @${botInfo.username}` });
    await calls.locator(".call", { hasText: "sendMessage" }).first().waitFor();
    const before = await calls.locator(".call").count();
    await page.keyboard.press("Escape");
    // A fault from the panel: the bot's next sendMessage answers 502.
    await page.getByRole("button", { name: "People and bots" }).click();
    await page.getByRole("button", { name: `Faults of @${botInfo.username}` }).click();
    const faults = page.getByRole("dialog", { name: `Faults of @${botInfo.username}` });
    await faults.getByText("No fault rules.").waitFor();
    await faults.getByLabel(/^Method/).fill("sendMessage");
    await faults.getByLabel("What happens").selectOption("502");
    await faults.getByRole("button", { name: "Add fault" }).click();
    await faults.locator("li", { hasText: "call sendMessage → 502" }).waitFor();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Calls" }).click();
    const live = page.getByRole("dialog", { name: `Calls of @${botInfo.username}` });
    await live.locator(".call").nth(before - 1).waitFor();
    await alice.sendMessage(botInfo, "/start"); // (the dialog is modal: Alice's other app sends it)
    // The failed reply shows up live, in red, with the rule that fired; the list only grows.
    const failed = live.locator(".call", { has: page.locator(".call-failed", { hasText: "502" }) }).first();
    await failed.waitFor();
    assert.match(await failed.textContent(), /sendMessage 502 .* fault \d+/);
    await failed.locator("summary").click();
    assert.match(await failed.locator(".call-detail").textContent(), /Bad Gateway/);
    await shot(page, "calls");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "People and bots" }).click();
    await page.getByRole("button", { name: `Faults of @${botInfo.username}` }).click();
    const again = page.getByRole("dialog", { name: `Faults of @${botInfo.username}` });
    await again.getByText("No fault rules.").waitFor(); // spent after its one time
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
  });

  scenario("a manual clock shows in the top bar and its buttons advance it", async () => {
    const clocked = new Server({ clock: "manual", env: { MSG_CONSOLE: "true", MSG_CONSOLE_TOKEN: `${KEY}-clock` } });
    await clocked.start();
    try {
      const bea = clocked.createPerson("Bea");
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      page.problems = [];
      page.log = [];
      page.on("pageerror", (e) => page.problems.push(`pageerror: ${e.message}`));
      pages.push(page);
      await page.goto(`${clocked.baseUrl}/console/#key=${KEY}-clock&as=${bea.id}`);
      const clock = page.getByRole("group", { name: "Clock" });
      const time = clock.locator(".clock-time");
      await time.waitFor();
      const start = await clocked.clock.now();
      await clock.getByRole("button", { name: "Advance the clock 1 day" }).click();
      await page.waitForFunction((want) => document.querySelector(".clock-time")?.textContent.includes(want),
        new Date((start + 86400) * 1000).toISOString().slice(0, 10));
      assert.equal(await clocked.clock.now(), start + 86400);
      assert.equal(await page.locator("#clock").isHidden(), false);
    } finally {
      await clocked.close();
    }
  });

  scenario("a poll is voted in and its results shown; a reaction is set", async () => {
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/poll");
    const poll = page.locator("article.message", { hasText: "Tea or coffee?" }).last();
    await poll.locator(".poll-option", { hasText: "Coffee" }).click();
    await poll.locator(".poll-option", { hasText: "100%" }).waitFor();
    // A reaction on the poll this scenario sent (not on what earlier scenarios left in the chat,
    // which may be pages back by now).
    await poll.hover();
    const react = poll.locator(`button[aria-label^="React"]`).first();
    await react.click();
    await page.locator(`button[aria-label="👍"], button:has-text("👍")`).first().click();
    await poll.locator(".reactions", { hasText: "👍" }).waitFor();
    // The person's own reaction survives a reload, still theirs.
    await page.reload();
    await openChat(page, botInfo.id);
    const again = page.locator("article.message", { hasText: "Tea or coffee?" }).last();
    await again.locator(".reactions .reaction.mine", { hasText: "👍" }).waitFor();
  });

  scenario("Alice adds an option to a poll, deletes it, adds another and votes; results wait for the close", async () => {
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/openpoll");
    const poll = page.locator("article.message", { hasText: "Which juice?" }).last();
    await poll.hover();
    const add = async (text) => {
      await poll.getByRole("button", { name: "Add option" }).click();
      const dialog = page.getByRole("dialog", { name: "Add an option" });
      await dialog.getByLabel("Option").fill(text);
      await dialog.getByRole("button", { name: "Add" }).click();
      await page.locator("article.message.service", { hasText: `added the option “${text}”` }).waitFor();
      await poll.locator(".poll-option", { hasText: text }).waitFor();
    };
    await add("Mango");
    await poll.getByRole("button", { name: "Delete option Mango" }).click();
    await page.locator("article.message.service", { hasText: "deleted the option “Mango”" }).waitFor();
    await poll.locator(".poll-option", { hasText: "Mango" }).waitFor({ state: "detached" });
    await add("Cherry");
    assert.equal(await poll.getByRole("button", { name: "Delete option Apple" }).count(), 0, "the bot's own options stay");
    await shot(page, "poll-add-option");
    await poll.locator(".poll-option", { hasText: "Cherry" }).click();
    await poll.locator(".poll-foot", { hasText: "Results show when the poll closes" }).waitFor();
    assert.equal(await poll.locator(".poll-option .pct", { hasText: "%" }).count(), 0, "no counts while hidden");
    // Each person's order is their own but stays the same for them.
    const order = async (where) => (await where.locator(".poll-option .poll-text").allTextContents()).join("|");
    const before = await order(poll);
    await page.reload();
    await openChat(page, botInfo.id);
    const again = page.locator("article.message", { hasText: "Which juice?" }).last();
    await again.locator(".poll-option", { hasText: "Cherry" }).waitFor();
    assert.equal(await order(again), before);
    assert.deepEqual(before.split("|").sort(), ["Apple", "Cherry", "Orange"]);
  });

  scenario("a poll shows its own photo and its options' link and place", async () => {
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/mediapoll");
    const poll = page.locator("article.message", { hasText: "Where shall we meet?" }).last();
    await poll.getByLabel("Poll media").locator("img").waitFor();
    const online = poll.getByLabel("Media of Online").getByRole("link", { name: "https://meet.example/room" });
    assert.equal(await online.getAttribute("href"), "https://meet.example/room");
    await poll.getByLabel("Media of The park").getByText("📍 52.52000, 13.40500").waitFor();
    await poll.hover();
    await shot(page, "poll-media");
  });

  scenario("Alice shows her channel on her profile and sets her country", async () => {
    const channel = await alice.call("createChannel", { title: "Alice's notes" });
    const page = await openAs(alice);
    await page.locator(`nav[aria-label="Chats"] .chat-item[data-chat-id="${channel.id}"]`).waitFor();
    await page.getByRole("button", { name: "Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Profile of Alice" });
    await dialog.getByLabel(/Personal channel/).selectOption({ label: "Alice's notes" });
    await dialog.getByLabel(/Country/).fill("de");
    await shot(page, "profile");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.locator(".toast", { hasText: "Profile saved" }).waitFor();
    const me = await alice.call("getMe");
    assert.deepEqual([me.personal_chat_id, me.country_code], [channel.id, "DE"]);
  });

  scenario("a keyboard's request for a user and a group is answered from the console", async () => {
    await alice.call("createGroup", { title: "Readers", member_ids: [bob.id] });
    await alice.sendMessage(botInfo, "/start");
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/share");
    await page.getByRole("button", { name: "Pick a friend" }).click();
    const users = page.getByRole("dialog", { name: /Share a user with/ });
    await users.getByLabel("Bob").check();
    await shot(page, "share-users");
    await users.getByRole("button", { name: "Share" }).click();
    await page.locator("article.message.service", { hasText: "Alice shared a user" }).waitFor();
    await message(page, "Friends: Bob").waitFor();
    await page.getByRole("button", { name: "Pick a group" }).click();
    const group = page.getByRole("dialog", { name: /Share a group with/ });
    await group.getByLabel("Chat").selectOption({ label: "Readers" });
    await group.getByRole("button", { name: "Share" }).click();
    await page.locator("article.message.service", { hasText: "Alice shared “Readers”" }).waitFor();
    await message(page, "Group: Readers").waitFor();
  });

  scenario("a message the person sends from one tab, or from another client, shows in their other tab once", async () => {
    await alice.sendMessage(botInfo, "/start");
    const first = await openAs(alice);
    const second = await openAs(alice);
    for (const page of [first, second]) await openChat(page, botInfo.id);
    await send(first, "sent from the first tab");
    await message(second, "sent from the first tab").waitFor();
    await alice.sendMessage(botInfo, "sent through the API");
    for (const page of [first, second]) await message(page, "sent through the API").waitFor();
    await bot.api.sendMessage(alice.id, "the bot, after both");
    for (const page of [first, second]) {
      await message(page, "the bot, after both").waitFor();
      for (const text of ["sent from the first tab", "sent through the API"]) {
        assert.equal(await message(page, text).count(), 1, `${text}: once`);
      }
    }
  });

  scenario("a group with the bot: its administrator acts appear as service messages, live in a second tab", async () => {
    const group = await alice.createSupergroup("Console group", [bob, botInfo]);
    await alice.promote(group, botInfo, { can_change_info: true, can_pin_messages: true, can_delete_messages: true });
    const page = await openAs(alice);
    const second = await openAs(bob);
    await openChat(page, group.id);
    await openChat(second, group.id);
    const api = bot.api;
    await api.setChatTitle(group.id, "Renamed by the bot");
    for (const p of [page, second]) await p.locator("article.message, .service", { hasText: "Renamed by the bot" }).first().waitFor();
    const posted = await api.sendMessage(group.id, "first version");
    await message(second, "first version").waitFor();
    await api.pinChatMessage(group.id, posted.message_id);
    await second.locator(".service, article.message", { hasText: /pinned/i }).first().waitFor();
    await api.editMessageText(group.id, posted.message_id, "second version");
    await message(second, "second version").locator(".edited").first().waitFor();
    assert.equal(await message(second, "first version").count(), 0, "the edit replaced the text in place");
    await alice.sendMessage(group, "Welcome, Bob! The bot keeps our notes.");
    await message(second, "Welcome, Bob!").waitFor();
    await shot(second, "group");
    await api.deleteMessage(group.id, posted.message_id);
    await message(second, "second version").waitFor({ state: "detached" });
    // The new title reached the chat list and the header.
    await second.locator(`nav[aria-label="Chats"] .chat-item[data-chat-id="${group.id}"]`, { hasText: "Renamed by the bot" }).waitFor();
  });

  scenario("a web_app button opens the Mini App in a sandboxed frame with initData the bot verifies", async () => {
    // The Mini App: a page of the test's own, which shows what it was handed.
    const http = require("node:http");
    const app = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><p id="data"></p><script>document.getElementById("data").textContent = new URLSearchParams(location.hash.slice(1)).get("tgWebAppData");</script>`);
    });
    await new Promise((resolve) => app.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${app.address().port}/app`;
    try {
      await alice.sendMessage(botInfo, "/start");
      const page = await openAs(alice);
      await openChat(page, botInfo.id);
      await bot.api.sendMessage(alice.id, "Open the app", { reply_markup: { inline_keyboard: [[{ text: "Open app", web_app: { url } }]] } });
      await message(page, "Open the app").locator(".inline-keyboard button", { hasText: "Open app" }).click();
      const frame = page.locator("iframe.webapp-frame");
      await frame.waitFor();
      assert.equal(await frame.getAttribute("sandbox"), "allow-scripts allow-forms", "no same-origin, no top navigation");
      const initData = await page.frameLocator("iframe.webapp-frame").locator("#data").textContent();
      // What a bot does with it: the HMAC check of the public platform.
      const crypto = require("node:crypto");
      const fields = new URLSearchParams(initData);
      const hash = fields.get("hash");
      fields.delete("hash");
      const check = [...fields.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`).join("\n");
      const secret = crypto.createHmac("sha256", "WebAppData").update(botInfo.token).digest();
      assert.equal(crypto.createHmac("sha256", secret).update(check).digest("hex"), hash, "initData verifies");
      assert.equal(JSON.parse(fields.get("user")).id, alice.id);
      await page.keyboard.press("Escape");
    } finally {
      app.close();
    }
  });

  scenario("the chat info shows who verified a chat, as text", async () => {
    await server.operator("setVerificationOrganization", { bot_id: botInfo.id, can_set_custom_description: true });
    const club = await alice.createSupergroup("Verified club", [botInfo, bob]);
    await bot.api.raw.verifyChat({ chat_id: club.id, custom_description: "<b>Official</b> club" });
    const page = await openAs(alice);
    await openChat(page, club.id);
    await page.getByRole("button", { name: "Chat info" }).first().click();
    const line = page.locator("dialog p.verified");
    await line.waitFor();
    assert.equal(await line.textContent(), `✔ Verified by Helper @${botInfo.username} · ${botInfo.id}: <b>Official</b> club`);
    assert.equal(await line.locator("b").count(), 0, "the description is text, not markup");
    await shot(page, "verified-chat");
    await page.keyboard.press("Escape");
    await bot.api.raw.removeChatVerification({ chat_id: club.id });
    await server.operator("removeVerificationOrganization", { bot_id: botInfo.id });
  });

  scenario("a gift arrives as a card with its sticker and text, and a person sends one from the Gifts panel", async () => {
    await server.operator("grantStars", { bot_id: botInfo.id, amount: 100 });
    const { gifts } = await bot.api.raw.getAvailableGifts();
    const bear = gifts.find((g) => g.sticker.emoji === "🧸");
    await alice.call("sendMessage", { chat_id: botInfo.id, text: "hello gifts" });
    await bot.api.raw.sendGift({ user_id: alice.id, gift_id: bear.id, text: "<b>For you</b>" });
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    const card = page.locator("article.message.service", { hasText: "sent a gift 🧸 · 15 ⭐" });
    await card.waitFor();
    await card.locator(".gift-card img.sticker").waitFor();
    assert.equal(await card.locator(".gift-card .text").textContent(), "<b>For you</b>");
    assert.equal(await card.locator(".gift-card b").count(), 0, "the gift's text is text, not markup");
    await shot(page, "gift-message");
    // Alice sends Bob a gift from her own Stars.
    const held = await server.grantStars(alice, 40);
    await page.getByRole("button", { name: "Gifts" }).click();
    await page.locator("dialog ul.gifts li.gift", { hasText: "🧸 15 ⭐" }).waitFor();
    await page.getByRole("button", { name: "Send a gift" }).click();
    await page.getByLabel("To", { exact: true }).selectOption({ label: "Bob" });
    await page.getByLabel("Gift", { exact: true }).selectOption(gifts.find((g) => g.sticker.emoji === "🎁").id);
    await page.getByLabel("Message (up to 128 characters)").fill("Happy <i>birthday</i>");
    await page.locator("dialog form").getByRole("button", { name: "Send", exact: true }).click();
    await page.locator(".toast", { hasText: `Gift sent · you have ${held - 25} ⭐` }).waitFor();
    const bobs = await bob.call("getGifts", {});
    assert.equal(bobs.total_count, 1);
    assert.equal(bobs.gifts[0].text, "Happy <i>birthday</i>");
    assert.equal(bobs.gifts[0].sender_user.id, alice.id);
    await shot(page, "gifts-panel");
  });

  scenario("a person connects a business bot, which answers their chats as them and posts their stories", async () => {
    const page = await openAs(alice);
    await page.getByRole("button", { name: "Business" }).click();
    await page.getByLabel("Bot", { exact: true }).selectOption(String(botInfo.id));
    await page.getByLabel("Manage stories").check();
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await page.locator(".toast", { hasText: "Connected Helper" }).waitFor();
    const connection = await alice.call("getBusinessConnection", {});
    assert.equal(connection.rights.can_manage_stories, true);
    assert.equal(connection.rights.can_reply, true);
    // Alice writes to Bob from New chat; Bob asks; her bot answers as her, and her console
    // shows who sent it.
    await page.getByRole("button", { name: "New chat" }).click();
    await page.getByRole("group", { name: "People" }).getByRole("button", { name: "Bob" }).click();
    await page.getByLabel("Message", { exact: true }).last().fill("Hello Bob");
    await page.locator("dialog form").getByRole("button", { name: "Send", exact: true }).click();
    await message(page, "Hello Bob").waitFor();
    await bob.call("sendMessage", { chat_id: alice.id, text: "Open today?" });
    await bot.api.raw.sendMessage({ business_connection_id: connection.id, chat_id: bob.id, text: "Yes, <b>until 5</b>" });
    await openChat(page, bob.id);
    const answer = message(page, "Yes, <b>until 5</b>");
    await answer.waitFor();
    assert.equal(await answer.locator(".bubble b").count(), 0, "the answer is text, not markup");
    await answer.locator(".via", { hasText: "by Helper" }).waitFor();
    await shot(page, "business-chat");
    // A story posted on Alice's behalf shows in the Stories panel, its caption as text.
    const form = new FormData();
    form.append("business_connection_id", connection.id);
    form.append("content", JSON.stringify({ type: "photo", photo: "attach://pic" }));
    form.append("active_period", "86400");
    form.append("caption", "<i>New</i> menu");
    form.append("pic", new Blob([plainPng(360, 640, [200, 120, 60])], { type: "image/png" }), "pic.png");
    const posted = await fetch(`${server.baseUrl}/bot${botInfo.token}/postStory`, { method: "POST", body: form }).then((r) => r.json());
    assert.equal(posted.ok, true, JSON.stringify(posted));
    await page.getByRole("button", { name: "Stories" }).click();
    const story = page.locator("dialog ul.stories li.story", { hasText: "<i>New</i> menu" });
    await story.waitFor();
    await story.locator("img[src^='blob:']").waitFor();
    assert.equal(await story.locator("i").count(), 0, "the caption is text");
    await shot(page, "stories");
    await page.keyboard.press("Escape");
    await alice.call("disconnectBusinessBot", {});
  });

  scenario("a channel's owner turns its direct messages on; a person suggests a paid post there and sees it approved", async () => {
    const channel = await alice.call("createChannel", { title: "Daily", member_ids: JSON.stringify([botInfo.id, bob.id]) });
    await alice.call("promoteChatMember", { chat_id: channel.id, user_id: botInfo.id, can_post_messages: true, can_manage_direct_messages: true });
    // Alice, its owner, turns them on from the channel's Chat info.
    const page = await openAs(alice);
    await openChat(page, channel.id);
    await page.getByRole("button", { name: "Chat info" }).first().click();
    await page.getByRole("button", { name: "Turn direct messages on" }).click();
    await page.locator(".toast", { hasText: "Direct messages on" }).waitFor();
    await page.getByRole("button", { name: "Message the channel" }).waitFor();
    // Bob opens them from the same place and suggests a post for 25 of his Stars.
    await server.grantStars(bob, 40);
    const bobs = await openAs(bob);
    await openChat(bobs, channel.id);
    await bobs.getByRole("button", { name: "Chat info" }).first().click();
    await bobs.getByRole("button", { name: "Message the channel" }).click();
    await bobs.getByRole("button", { name: "More" }).click();
    await bobs.getByRole("menuitem", { name: "📢 Suggest post…" }).click();
    await bobs.getByLabel("Post", { exact: true }).fill("<b>Fresh</b> news");
    await bobs.getByLabel("Price in Stars (0: free)").fill("25");
    await bobs.getByRole("button", { name: "Suggest", exact: true }).click();
    const suggestion = message(bobs, "<b>Fresh</b> news");
    await suggestion.locator(".suggestion", { hasText: "Suggested post · 25 ⭐ · pending" }).waitFor();
    assert.equal(await suggestion.locator(".bubble b").count(), 0, "the suggestion is text, not markup");
    // The channel's bot approves it: Bob sees the new state and the service message.
    const direct = await bob.call("getDirectMessagesChat", { chat_id: channel.id });
    const [mine] = (await bob.call("getChatHistory", { chat_id: direct.id })).filter((m) => m.suggested_post_info);
    await bot.api.raw.approveSuggestedPost({ chat_id: direct.id, message_id: mine.message_id });
    await suggestion.locator(".suggestion", { hasText: "25 ⭐ · approved" }).waitFor();
    await bobs.locator("article.message.service", { hasText: "approved · 25 ⭐" }).waitFor();
    assert.equal((await bob.call("getStarBalance", {})).amount, 15);
    await shot(bobs, "suggested-post");
  });

  scenario("a rich message shows its blocks as text, its photo, its details and a button that calls the bot", async () => {
    const page = await openAs(alice);
    await alice.sendMessage(botInfo, "/report");
    await openChat(page, botInfo.id);
    const rich = page.locator("article.message .rich", { has: page.locator(".rich-h", { hasText: "Weekly report" }) });
    await rich.waitFor();
    assert.equal(await rich.locator("script").count(), 0, "markup the bot wrote is text");
    assert.ok((await rich.locator(".rich-p").first().textContent()).includes("<script>alert(1)</script> stays text"));
    assert.deepEqual(await rich.locator(".rich-label").allTextContents(), ["☑", "☐"]);
    assert.deepEqual(await rich.locator(".rich-table td").allTextContents(), ["Cups", "12"]);
    assert.equal(await rich.locator(".rich-table caption").textContent(), "Totals");
    // Details open on a click; the photo is fetched and shown with its caption and credit.
    const hidden = rich.locator(".rich-details p", { hasText: "Hidden notes" });
    assert.equal(await hidden.isVisible(), false, "closed until opened");
    await rich.locator(".rich-details summary").click();
    await hidden.waitFor();
    await rich.locator(".rich-media img[src^='blob:']").waitFor();
    assert.equal(await rich.locator(".rich-media figcaption cite").textContent(), "Helper");
    // The row's button calls the bot about this message.
    await rich.locator(".rich-buttons button", { hasText: "Looks right" }).click();
    await page.locator(`[role="status"].toast`, { hasText: "Rich OK" }).waitFor();
    await shot(page, "rich-message");
  });

  scenario("a widget runs sandboxed: it asks its bot, is shown its data, and reaches no network, frame or storage", async () => {
    // A server of the test's own, which counts whatever reaches it.
    const http = require("node:http");
    const hits = [];
    // And a STUN port of its own, which a peer connection would knock on.
    const udp = require("node:dgram").createSocket("udp4");
    udp.on("message", () => hits.push("stun"));
    await new Promise((resolve) => udp.bind(0, "127.0.0.1", resolve));
    const probe = http.createServer((req, res) => {
      hits.push(req.url);
      res.writeHead(200, { "access-control-allow-origin": "*", "content-type": "text/html" });
      res.end("reached");
    });
    await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const queries = [];
    onWidgetQuery = async (q) => {
      queries.push(q);
      await bot.api.raw.answerWidgetQuery({ widget_query_id: q.id, data: `the bot saw ${q.data}` });
    };
    try {
      // What the widget tries is refused with console errors in its frame: expected here.
      const page = await openAs(alice, { expected: /Content Security Policy|Refused to|sandbox|ERR_BLOCKED|Blocked|denied|access/i });
      await page.evaluate(() => localStorage.setItem("console-secret", "the console's"));
      await alice.sendMessage(botInfo, "/start");
      await openChat(page, botInfo.id);
      const sent = await bot.api.raw.sendWidget({
        chat_id: alice.id, html: widgetHtml(`http://127.0.0.1:${probe.address().port}`, udp.address().port), height: 170,
        public_data: "score 1", chat_data: "round 1", allow_queries: true, caption: "A widget",
      });
      const host = page.locator("article.message iframe.widget-frame");
      await host.waitFor();
      assert.equal(await host.getAttribute("sandbox"), "allow-scripts", "an opaque origin: no storage, no cookies");
      const widget = page.frameLocator("article.message iframe.widget-frame").frameLocator("iframe");
      await widget.locator("#answer", { hasText: "the bot saw" }).waitFor();
      assert.equal(await widget.locator("#report").textContent(), "reached nothing");
      assert.equal(await widget.locator("#answer").textContent(), "the bot saw reached:0");
      assert.equal(queries.length, 1);
      assert.deepEqual([queries[0].data, queries[0].chat.id, queries[0].message_id], ["reached:0", alice.id, sent.message_id]);
      assert.equal(await widget.locator("#data").textContent(), "score 1|round 1");
      await shot(page, "widget");
      // The bot changes its data: the widget is shown it.
      await bot.api.raw.editMessageWidgetData({ chat_id: alice.id, message_id: sent.message_id, chat_data: "round 2" });
      await widget.locator("#data", { hasText: "score 1|round 2" }).waitFor();
      // Nor may it navigate its frame: the request never leaves.
      await widget.locator("#go").click();
      await bot.api.raw.editMessageWidgetData({ chat_id: alice.id, message_id: sent.message_id, chat_data: "round 3" });
      await page.frameLocator("article.message iframe.widget-frame").frameLocator("iframe").locator("#data", { hasText: "round 3" }).waitFor();
      assert.deepEqual(hits, [], "nothing reached the test's server");
      // Gone, so the scenarios after this one do not run it again in Alice's chat.
      await bot.api.deleteMessage(alice.id, sent.message_id);
      await host.waitFor({ state: "detached" });
    } finally {
      probe.close();
      udp.close();
      onWidgetQuery = null;
    }
  });

  scenario("a person groups chats into a community; a member of one joins another from its Chat info", async () => {
    const lobby = await alice.createSupergroup("Makers lobby", [bob]);
    const workshop = await alice.createSupergroup("Makers workshop");
    const page = await openAs(alice);
    // A community made from the lobby's Chat info, then the workshop added from its own.
    await openChat(page, lobby.id);
    await page.getByRole("button", { name: "Chat info" }).first().click();
    await page.getByRole("button", { name: "New community…" }).click();
    await page.getByLabel("Community name").fill("Makers <i>club</i>");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.locator(".toast", { hasText: "Community “Makers <i>club</i>” created" }).waitFor();
    await page.keyboard.press("Escape");
    await openChat(page, workshop.id);
    await page.getByRole("button", { name: "Chat info" }).first().click();
    await page.getByRole("button", { name: "Add to a community…" }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.locator(".toast", { hasText: "Added to the community" }).waitFor();
    await page.keyboard.press("Escape");
    // Bob, in the lobby, joins the workshop from the lobby's Chat info.
    const bobs = await openAs(bob);
    await openChat(bobs, lobby.id);
    await bobs.getByRole("button", { name: "Chat info" }).first().click();
    const chats = bobs.getByRole("list", { name: "Chats of the community" });
    await chats.getByText("this chat").waitFor();
    assert.equal(await bobs.locator("section.community i").count(), 0, "the community's name is text");
    await bobs.getByRole("button", { name: "Join Makers workshop" }).click();
    await bobs.locator(".toast", { hasText: "Joined Makers workshop" }).waitFor();
    await chats.getByRole("button", { name: "Open" }).waitFor();
    await shot(bobs, "community");
    // Alice's workshop shows how he came.
    await page.locator("article.message.service", { hasText: "Bob joined from the community “Makers <i>club</i>”" }).waitFor();
  });

  scenario("an ephemeral message shows to its receiver alone, and its button edits it for them", async () => {
    const room = await alice.createSupergroup("Whispers", [botInfo, bob]);
    const bobs = await openAs(bob);
    await openChat(bobs, room.id);
    const page = await openAs(alice);
    await openChat(page, room.id);
    await bot.api.raw.sendMessage({
      chat_id: room.id,
      text: "Only for <i>Bob</i>",
      ephemeral_message_parameters: { receiver_user_id: bob.id },
      reply_markup: { inline_keyboard: [[{ text: "Reveal", callback_data: "reveal" }]] },
    });
    await bot.api.raw.sendMessage({ chat_id: room.id, text: "For everyone" });
    const strip = bobs.getByRole("group", { name: "Only you can see these" });
    const whisper = strip.locator("article.message.ephemeral", { hasText: "Only for <i>Bob</i>" });
    await whisper.locator(".via", { hasText: "only you can see this" }).waitFor();
    assert.equal(await whisper.locator("i").count(), 0, "its text is text");
    await message(page, "For everyone").waitFor();
    assert.equal(await page.locator("article.message", { hasText: "Only for" }).count(), 0, "Alice sees nothing of it");
    await whisper.getByRole("button", { name: "Reveal" }).click();
    await bobs.locator(".toast", { hasText: "Revealed" }).waitFor();
    await strip.locator("article.message.ephemeral", { hasText: "The answer is <b>42</b>" }).waitFor();
    assert.equal(await page.locator("article.message", { hasText: "The answer" }).count(), 0);
    // Bob types the bot's ephemeral command: it goes to the bot alone, which answers him alone.
    await bot.api.raw.setMyCommands({
      commands: [{ command: "whisper", description: "A whisper", is_ephemeral: true }],
      scope: { type: "chat", chat_id: room.id },
    });
    const bobs2 = await openAs(bob);
    await openChat(bobs2, room.id);
    await send(bobs2, "/whisper");
    const strip2 = bobs2.getByRole("group", { name: "Only you can see these" });
    await strip2.locator("article.message.ephemeral.outgoing", { hasText: "/whisper" }).waitFor();
    await strip2.locator("article.message.ephemeral", { hasText: "Psst: 7" }).waitFor();
    await shot(bobs2, "ephemeral");
    assert.equal(await page.locator("article.message", { hasText: "/whisper" }).count(), 0, "Alice sees no command");
    assert.equal(await page.locator("article.message", { hasText: "Psst" }).count(), 0);
  });

  scenario("an administrator names a guard bot; a person joining sees its Mini App and joins when it approves", async () => {
    const gate = await alice.createSupergroup("Gate", [botInfo]);
    await alice.call("promoteChatMember", { chat_id: gate.id, user_id: botInfo.id, can_invite_users: true });
    const page = await openAs(alice);
    await openChat(page, gate.id);
    await page.getByRole("button", { name: "Chat info" }).first().click();
    await page.locator("ul.members li", { hasText: "Helper" }).waitFor();
    await page.getByRole("button", { name: "Guard bot…" }).click();
    await page.getByLabel("Bot that decides join requests").selectOption(String(botInfo.id));
    await page.getByRole("button", { name: "Save" }).click();
    await page.locator(".toast", { hasText: "Guard bot set" }).waitFor();
    assert.equal((await bot.api.getChat(gate.id)).guard_bot.id, botInfo.id);
    const { invite_link: link } = await alice.call("createChatInviteLink", { chat_id: gate.id, creates_join_request: true });
    // Bob follows the link in his console: the bot's Mini App opens in a sandboxed frame.
    const bobs = await openAs(bob);
    await bobs.context().route("https://gate.example/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Gate</title><p id=gate>Are you human?</p>" }),
    );
    await bobs.getByRole("button", { name: "New chat" }).click();
    await bobs.getByRole("textbox", { name: "Invite link" }).fill(link);
    await bobs.getByRole("button", { name: "Join", exact: true }).click();
    await bobs.locator(".toast", { hasText: "asks you to open its Mini App to join" }).waitFor();
    const frame = bobs.locator("dialog.webapp iframe.webapp-frame");
    await frame.waitFor();
    assert.equal(await frame.getAttribute("sandbox"), "allow-scripts allow-forms");
    await bobs.frameLocator("dialog.webapp iframe.webapp-frame").locator("#gate").waitFor();
    await shot(bobs, "guard-bot");
    // The Mini App's backend lets him in: the dialog closes and the group is his.
    await bot.api.answerChatJoinRequestQuery(guardQueries.at(-1), "approve");
    await bobs.locator(".toast", { hasText: "You joined Gate" }).waitFor();
    await bobs.locator("dialog.webapp").waitFor({ state: "detached" });
    await bobs.locator("#chat-list", { hasText: "Gate" }).waitFor();
    assert.equal((await bot.api.getChatMember(gate.id, bob.id)).status, "member");
  });

  scenario("an administrator approves a join request, promotes, restricts and bans in the chat info", async () => {
    const club = await alice.createSupergroup("Club", [botInfo]);
    const link = await alice.call("createChatInviteLink", { chat_id: club.id, creates_join_request: true });
    const asked = await bob.callError("joinChat", { invite_link: link.invite_link });
    assert.equal(asked.description, "Bad Request: INVITE_REQUEST_SENT");
    const page = await openAs(alice);
    await openChat(page, club.id);
    await page.getByRole("button", { name: "Chat info" }).first().click();
    const request = page.locator(`ul[aria-label="Join requests"] li`, { hasText: "Bob" });
    await request.getByRole("button", { name: "Approve" }).click();
    const bobRow = page.locator("ul.members li", { hasText: "Bob" });
    await bobRow.waitFor();
    assert.equal((await bot.api.getChatMember(club.id, bob.id)).status, "member");
    // Promote with one right.
    await bobRow.getByRole("button", { name: "Promote…" }).click();
    await page.getByLabel("pin messages").check();
    await page.getByRole("button", { name: "Promote", exact: true }).click();
    await page.locator(`[role="status"].toast`, { hasText: "Rights saved" }).waitFor();
    const promoted = await bot.api.getChatMember(club.id, bob.id);
    assert.equal(promoted.status, "administrator");
    assert.equal(promoted.can_pin_messages, true);
    assert.equal(promoted.can_delete_messages, false, "only the right chosen");
    // Restrict, then ban.
    await page.locator("ul.members li", { hasText: "Bob" }).getByRole("button", { name: "Restrict…" }).click();
    await page.getByLabel("send messages", { exact: true }).uncheck();
    await page.getByRole("button", { name: "Restrict", exact: true }).click();
    await page.locator(`[role="status"].toast`, { hasText: "Restricted" }).waitFor();
    assert.equal((await bot.api.getChatMember(club.id, bob.id)).status, "restricted");
    await page.locator("ul.members li", { hasText: "Bob" }).getByRole("button", { name: "Ban" }).click();
    await page.locator(`[role="status"].toast`, { hasText: "Banned" }).waitFor();
    assert.equal((await bot.api.getChatMember(club.id, bob.id)).status, "kicked");
    await page.keyboard.press("Escape");
    await page.locator("article.message, .service", { hasText: /Bob/ }).first().waitFor();
  });

  scenario("what a bot wrote is shown as text: no markup, no javascript: link or button runs", async () => {
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await send(page, "/xss");
    const shown = page.locator("article.message", { hasText: "<img src=x onerror=" });
    await shown.waitFor();
    assert.equal(await shown.locator(".text img").count(), 0, "the text is text");
    assert.equal(await shown.locator(`a[href^="javascript:"]`).count(), 0, "no javascript: link");
    await message(page, "refused: Bad Request: inline keyboard button URL 'javascript:window.__pwned=3' is invalid: Wrong port number specified in the URL").waitFor();
    assert.equal(await page.locator(".inline-keyboard", { hasText: "Open me" }).count(), 0, "no such button");
    await shown.locator(".text", { hasText: "link" }).click();
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    // Protected content never leaves its chat: no download, no forward.
    await bot.api.sendDocument(alice.id, new InputFile(Buffer.from("keep me here"), "secret.txt"), { protect_content: true });
    const secret = page.locator("article.message", { hasText: "secret.txt" });
    await secret.waitFor();
    assert.equal(await secret.locator("a.document").count(), 0, "no download link");
    assert.equal(await secret.locator(`button[aria-label="Forward"]`).count(), 0, "no forward");
    assert.equal(await page.locator(`[href^="javascript:"], [src^="javascript:"]`).count(), 0);
  });

  scenario("a sign-in link with a key the server refuses leaves the signed-in operator signed in", async () => {
    const page = await openAs(alice);
    // Any site or bot message can link to the console with a key of its choosing; the page
    // asks the server about it (a 401 the browser logs).
    const link = watch(await page.context().newPage(), /status of 401/);
    await link.goto(`${server.baseUrl}/console/#key=wrong-key`);
    await link.locator(`[role="status"].toast`, { hasText: "Ignored a sign-in link whose key the server refused" }).waitFor();
    await link.locator(`.connection[data-state="open"]`).waitFor();
    assert.equal(await link.locator("#login").isHidden(), true, "no sign-in form");
    assert.equal(await link.getByRole("button", { name: "People and bots" }).isVisible(), true, "signed in as the operator");
    assert.equal(await link.evaluate(() => localStorage.getItem("msg-console-key")), KEY, "the stored key stays");
    assert.ok(!link.url().includes("key="), `the link's key left the address bar: ${link.url()}`);
    // The first tab signs in again with the stored key.
    await page.reload();
    await page.locator(`.connection[data-state="open"]`).waitFor();
    assert.equal(await page.locator("#login").isHidden(), true);
  });

  scenario("a chat opened with the keyboard puts the focus in the composer; its messages are not tab stops", async () => {
    const group = await alice.createGroup("Keyboard chat", [bob]);
    for (let i = 1; i <= 12; i++) await bob.sendMessage(group, `keyboard line ${i}`);
    const page = await openAs(alice);
    const item = page.locator(`nav[aria-label="Chats"] .chat-item[data-chat-id="${group.id}"]`);
    await item.waitFor();
    await item.focus();
    await page.keyboard.press("Enter");
    await message(page, "keyboard line 12").waitFor();
    assert.ok((await page.locator("article.message").count()) >= 12, "12 messages shown");
    const focused = () =>
      page.evaluate(() => {
        const a = document.activeElement;
        return a?.matches(`textarea[aria-label="Message"]`) ? "composer" : a?.getAttribute("aria-label") || a?.textContent || "";
      });
    assert.equal(await focused(), "composer", "the focus is in the composer");
    // From the message log the composer is a few Tab presses away, not one per message action.
    const log = page.locator(`[role="log"][aria-label="Messages"]`);
    await log.focus();
    let presses = 0;
    while ((await focused()) !== "composer" && presses < 10) {
      await page.keyboard.press("Tab");
      presses += 1;
    }
    assert.ok(presses <= 3, `the composer is ${presses} Tab presses after the log`);
    // Arrow keys go from message to message; Tab then reaches the focused one's actions.
    await log.focus();
    await page.keyboard.press("ArrowUp");
    assert.match(await focused(), /keyboard line 12/);
    await page.keyboard.press("ArrowUp");
    assert.match(await focused(), /keyboard line 11/);
    await page.keyboard.press("Tab");
    assert.equal(await focused(), "Reply");
    // The chat's first tab stop skips to the composer.
    const skip = page.getByRole("button", { name: "Skip to the message field" });
    await skip.focus();
    assert.ok((await skip.boundingBox()).width > 20, "seen while focused");
    await page.keyboard.press("Enter");
    assert.equal(await focused(), "composer");
  });

  scenario("the chat list previews a service line without “You:” before it", async () => {
    const group = await alice.createGroup("Pinned here", [bob]);
    const first = await alice.sendMessage(group, "pin me first");
    await alice.call("pinChatMessage", { chat_id: group.id, message_id: first.message_id });
    const page = await openAs(alice);
    const preview = page.locator(`nav[aria-label="Chats"] .chat-item[data-chat-id="${group.id}"] .preview`);
    await preview.filter({ hasText: "pinned" }).waitFor();
    assert.equal(await preview.textContent(), "Alice pinned “pin me first”");
    // Messages keep their sender; a pin made while the page is open is previewed alike.
    await bob.sendMessage(group, "hello from Bob");
    await preview.filter({ hasText: "Bob: hello from Bob" }).waitFor();
    const second = await alice.sendMessage(group, "pin me too");
    await alice.call("pinChatMessage", { chat_id: group.id, message_id: second.message_id });
    await preview.filter({ hasText: "pinned “pin me too”" }).waitFor();
    assert.equal(await preview.textContent(), "Alice pinned “pin me too”");
  });

  scenario("the server restarts under the open page; the stream resumes, nothing lost or doubled", async () => {
    // A request in flight when the server stops, or sent while it is down, fails in the
    // network; Chromium logs that itself ("Failed to load resource: net::ERR_CONNECTION_…").
    const page = await openAs(alice, { expected: /Failed to load resource: net::ERR_(CONNECTION_(RESET|REFUSED|CLOSED)|EMPTY_RESPONSE|SOCKET_NOT_CONNECTED)/ });
    await openChat(page, botInfo.id);
    const api = bot.api;
    await api.sendMessage(alice.id, "before the restart");
    await message(page, "before the restart").waitFor();
    await bot.stop();
    await server.stop();
    await page.locator(`.connection[data-state="connecting"]`).waitFor();
    await server.start();
    bot = new Bot(botInfo.token, { client: { apiRoot: server.baseUrl } });
    for (let i = 1; i <= 5; i++) await bot.api.sendMessage(alice.id, `after the restart ${i}`);
    await message(page, "after the restart 5").waitFor({ timeout: 20_000 });
    await page.locator(`.connection[data-state="open"]`).waitFor();
    for (let i = 1; i <= 5; i++) assert.equal(await message(page, `after the restart ${i}`).count(), 1, `message ${i} once`);
    assert.equal(await message(page, "before the restart").count(), 1, "not doubled");
  });

  scenario("axe-core finds no serious accessibility problem in the chat view, the composer and the panels", async () => {
    await alice.sendMessage(botInfo, "/start");
    // axe-core is injected from its package; the page's own CSP would refuse an injected script.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    page.problems = [];
    page.log = [];
    pages.push(page);
    await page.goto(`${server.baseUrl}/console/#key=${KEY}&as=${alice.id}`);
    await page.waitForSelector(`.connection[data-state="open"]`);
    await openChat(page, botInfo.id);
    await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
    const audit = async (where) => {
      const result = await page.evaluate(() =>
        window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } }),
      );
      const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      const described = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
      assert.deepEqual(described, [], `accessibility problems in ${where}`);
    };
    await audit("the chat view");
    await page.getByRole("button", { name: "People and bots" }).click();
    await audit("the operator's panel");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "New chat" }).click();
    await audit("the new chat dialog");
    await page.keyboard.press("Escape");
    await page.emulateMedia({ colorScheme: "dark" });
    await audit("the chat view in dark mode");
  });

  scenario("measurements: push latency, first load, a 10,000-message chat", async () => {
    // First load, cold: bytes and time.
    const context = await browser.newContext();
    const cold = await context.newPage();
    const t0 = Date.now();
    await cold.goto(`${server.baseUrl}/console/#key=${KEY}&as=${alice.id}`, { waitUntil: "load" });
    await cold.waitForSelector(`select[aria-label="Person"]`);
    const loadMs = Date.now() - t0;
    // The page and every asset it loaded from /console/ (the API's answers are not the page).
    const bytes = await cold.evaluate(() =>
      [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
        .filter((e) => new URL(e.name).pathname.startsWith("/console/"))
        .reduce((sum, e) => sum + e.encodedBodySize, 0),
    );
    await context.close();
    console.log(`console first load: ${bytes} bytes of assets in ${loadMs} ms`);
    assert.ok(bytes < 200_000, `first load ${bytes} bytes`);
    // Push latency: from the bot's sendMessage answer to the message in the DOM, 200 times.
    const page = await openAs(alice);
    await openChat(page, botInfo.id);
    await page.evaluate(() => {
      window.__seen = {};
      new MutationObserver(() => {
        for (const el of document.querySelectorAll("article.message .text")) {
          const t = el.textContent;
          if (t.startsWith("latency ") && !(t in window.__seen)) window.__seen[t] = Date.now();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const answered = {};
    for (let i = 0; i < 200; i++) {
      const text = `latency ${i}`;
      await bot.api.sendMessage(alice.id, text);
      answered[text] = Date.now();
    }
    await page.waitForFunction(() => Object.keys(window.__seen).length >= 200, null, { timeout: 60_000 });
    const seen = await page.evaluate(() => window.__seen);
    const delays = Object.entries(answered).map(([t, at]) => Math.max(0, seen[t] - at)).sort((a, b) => a - b);
    const pct = (p) => delays[Math.min(delays.length - 1, Math.floor((delays.length * p) / 100))];
    console.log(`console push: sendMessage answer to DOM over 200 messages: p50 ${pct(50)} ms, p99 ${pct(99)} ms`);
    // A chat of 10,000 messages: opened and scrolled back without loading them all.
    const group = await alice.createGroup("Ten thousand", [botInfo]);
    const t1 = Date.now();
    let next = 0;
    const workers = Array.from({ length: 8 }, async () => {
      while (next < 10_000) {
        const n = next++;
        await bot.api.sendMessage(group.id, `history ${n}`);
      }
    });
    await Promise.all(workers);
    console.log(`console scroll: 10,000 messages posted in ${Date.now() - t1} ms`);
    const t2 = Date.now();
    await openChat(page, group.id);
    await page.locator("article.message", { hasText: "history" }).last().waitFor();
    const openMs = Date.now() - t2;
    const log = page.locator(`[role="log"][aria-label="Messages"]`);
    const pagesBack = 20;
    const t3 = Date.now();
    let oldest = Infinity;
    for (let i = 0; i < pagesBack; i++) {
      const before = await page.evaluate(
        () => Math.min(...[...document.querySelectorAll("article.message[data-message-id]")].map((e) => Number(e.dataset.messageId))),
      );
      await log.evaluate((el) => (el.scrollTop = 0));
      await page.waitForFunction(
        (b) => Math.min(...[...document.querySelectorAll("article.message[data-message-id]")].map((e) => Number(e.dataset.messageId))) < b,
        before,
      );
      oldest = before;
    }
    const scrollMs = Date.now() - t3;
    const inDom = await page.locator("article.message").count();
    console.log(
      `console scroll: opened in ${openMs} ms; ${pagesBack} pages back in ${scrollMs} ms (${(scrollMs / pagesBack).toFixed(0)} ms a page), oldest shown ${oldest}, ${inDom} messages in the DOM`,
    );
    assert.ok(inDom < 10_000, "the chat is not loaded whole");
    assert.ok(oldest < 10_000, "scrolling up loaded older pages");
  });
});
