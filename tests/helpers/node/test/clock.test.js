// The manual clock from Node: a grammY bot's poll closes when the test advances the platform's
// clock (`new Server({ clock: "manual" })`), and an unanswered button press ends at its deadline.
const assert = require("node:assert/strict");
const { test } = require("node:test");
const { Bot } = require("grammy");
const { Server } = require("msg-bot-api-testing");

test("a poll closes when the clock passes its open period", async () => {
  const server = await new Server({ clock: "manual" }).start();
  const quiz = await server.createBot("quiz_bot");
  const alice = server.createPerson("Alice");
  const bot = new Bot(quiz.token, { client: { apiRoot: server.baseUrl } });
  bot.command("ask", (ctx) => ctx.replyWithPoll("Tea or coffee?", ["Tea", "Coffee"], { open_period: 600 }));
  bot.on("poll", (ctx) => ctx.poll.is_closed && ctx.api.sendMessage(alice.id, "closed"));
  bot.start();
  try {
    await alice.sendMessage(quiz, "/ask");
    const poll = await alice.expectMessage((m) => m.poll, "the poll");
    assert.equal(poll.poll.close_date, (await server.clock.now()) + 600);
    await server.clock.advance(601);
    await alice.expectMessage({ text: "closed" });
  } finally {
    await bot.stop();
    await server.close();
  }
});
