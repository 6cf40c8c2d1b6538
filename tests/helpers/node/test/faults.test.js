// README's "Testing the bad days" outage example: a grammY bot whose getUpdates meets a 502
// outage keeps polling and answers once the outage is over; the call log shows the outage.
const assert = require("node:assert/strict");
const { test } = require("node:test");
const { Bot } = require("grammy");
const { startServer } = require("msg-bot-api-testing");

test("a grammY bot survives a 502 outage of getUpdates", async () => {
  const server = await startServer();
  const testBot = await server.createBot("test_bot");
  const alice = server.createPerson("Alice");
  await server.fault({ bot: testBot, method: "getUpdates", error: { code: 502 }, times: 2 });
  const bot = new Bot(testBot.token, { client: { apiRoot: server.baseUrl } });
  bot.on("message:text", (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
  bot.catch(() => {});
  bot.start();
  try {
    await alice.sendMessage(testBot, "hello");
    await alice.expectMessage({ text: "echo: hello", timeout: 30 });
    const polls = await server.calls(testBot, { method: "getUpdates" });
    assert.deepEqual(polls.slice(0, 2).map((c) => c.error?.description), ["Bad Gateway", "Bad Gateway"]);
  } finally {
    await bot.stop();
    await server.close();
  }
});
