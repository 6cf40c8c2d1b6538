// A person on the embedded platform, driven over the user-side API (/user<token>/...), for the
// Node client-library scripts: plain fetch, so the person never goes through the library under
// test.
"use strict";

const BASE = process.env.MSG_BASE_URL;

class Person {
  constructor(token) {
    this.token = token;
    this.id = Number(token.split(":")[0]);
    this.offset = 0;
  }

  async raw(method, params = {}) {
    const response = await fetch(`${BASE}/user${this.token}/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(params),
    });
    return response.json();
  }

  async call(method, params = {}) {
    const body = await this.raw(method, params);
    if (!body.ok) throw new Error(`${method} failed: ${JSON.stringify(body)}`);
    return body.result;
  }

  // Long-polls this person's updates until one satisfies `predicate`.
  async expectUpdate(predicate, what, rounds = 6) {
    const seen = [];
    for (let i = 0; i < rounds; i++) {
      for (const update of await this.call("getUpdates", { offset: this.offset, timeout: 10 })) {
        this.offset = update.update_id + 1;
        seen.push(Object.keys(update).filter((k) => k !== "update_id").join(","));
        if (predicate(update)) return update;
      }
    }
    throw new Error(`never received ${what}; saw ${JSON.stringify(seen)}`);
  }

  async expectMessage(predicate, what) {
    const update = await this.expectUpdate((u) => {
      const message = u.message || u.edited_message;
      return message !== undefined && predicate(message);
    }, what);
    return update.message || update.edited_message;
  }
}

module.exports = { BASE, Person };
