// grammY 1.46 as a supergroup's guard bot (Bot API 10.1): the bot, with join request queries on,
// is named the group's guard; people asking to join through a link that needs approval are put
// to it (`chat_join_request` with `query_id`), and it approves, declines, or first shows its
// Mini App (`sendChatJoinRequestWebApp`), whose backend (here the test, checking the launch data
// with the bot's token as a Mini App's server does) approves after.
"use strict";

const assert = require("node:assert/strict");
const crypto = require("node:crypto");
const { test } = require("node:test");
const { Bot } = require("grammy");
const { startServer } = require("../../helpers/node");

/** A Mini App backend's check of `initData` (the platform's documented algorithm). */
function verified(initData, token) {
  const fields = new URLSearchParams(initData);
  const hash = fields.get("hash");
  fields.delete("hash");
  const check = [...fields.entries()].map(([k, v]) => `${k}=${v}`).sort().join("\n");
  const secret = crypto.createHmac("sha256", "WebAppData").update(token).digest();
  return crypto.createHmac("sha256", secret).update(check).digest("hex") === hash;
}

test("grammY guard bot", async () => {
  const server = await startServer();
  const tested = await server.createBot("grammy_guard_bot", { joinRequestQueries: true });
  const [alice, bob, mallory, carol] = ["Alice", "Bob", "Mallory", "Carol"].map((n) => server.createPerson(n));
  const bot = new Bot(tested.token, { client: { apiRoot: server.baseUrl } });
  const asked = [];
  bot.on("chat_join_request", async (ctx) => {
    const request = ctx.chatJoinRequest;
    asked.push(request);
    if (request.from.first_name === "Mallory") return ctx.api.answerChatJoinRequestQuery(request.query_id, "decline");
    if (request.from.first_name === "Carol") return ctx.api.sendChatJoinRequestWebApp(request.query_id, "https://gate.example/app");
    return ctx.api.answerChatJoinRequestQuery(request.query_id, "approve");
  });
  let started;
  const running = new Promise((resolve) => (started = resolve));
  const polling = bot.start({ timeout: 1, allowed_updates: ["chat_join_request"], onStart: started });
  try {
    await running;
    assert.equal(bot.botInfo.supports_join_request_queries, true);
    const group = await alice.call("createSupergroup", { title: "Gated", member_ids: [tested.id] });
    await alice.call("promoteChatMember", { chat_id: group.id, user_id: tested.id, can_invite_users: true });
    await alice.call("setChatGuardBot", { chat_id: group.id, bot_id: tested.id });
    assert.equal((await bot.api.getChat(group.id)).guard_bot.id, tested.id);
    const { invite_link: link } = await alice.call("createChatInviteLink", { chat_id: group.id, creates_join_request: true });

    assert.equal(await bob.call("joinChat", { invite_link: link }), true);
    assert.equal((await bot.api.getChatMember(group.id, bob.id)).status, "member");
    const refused = await mallory.callError("joinChat", { invite_link: link });
    assert.deepEqual(refused, { code: 400, description: "Bad Request: INVITE_REQUEST_DECLINED" });

    // Carol is shown the Mini App; its backend checks who she is and lets her in.
    const shown = await carol.call("joinChat", { invite_link: link });
    assert.equal(shown.guard_bot.id, tested.id);
    const app = await carol.call("getGuardBotWebAppUrl", { query_id: shown.query_id });
    assert.equal(app.url, "https://gate.example/app");
    assert.ok(verified(app.init_data, tested.token), "the launch data is signed with the bot's token");
    assert.equal(JSON.parse(new URLSearchParams(app.init_data).get("user")).id, carol.id);
    await bot.api.answerChatJoinRequestQuery(shown.query_id, "approve");
    const result = await carol.expectUpdate((u) => u.chat_join_result, "the join's result", { timeout: 15 });
    assert.deepEqual([result.chat_join_result.result, result.chat_join_result.chat.id], ["approved", group.id]);
    assert.deepEqual(asked.map((r) => [r.from.first_name, typeof r.query_id]), [
      ["Bob", "string"],
      ["Mallory", "string"],
      ["Carol", "string"],
    ]);
  } finally {
    await bot.stop();
    await polling;
    await server.close();
  }
});
