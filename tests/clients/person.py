"""A person on the embedded platform, driven over the user-side API (/user<token>/...).

Shared by the client-library acceptance scripts: plain urllib, so the person never goes through
the library under test.
"""

import json
import os
import urllib.error
import urllib.request

BASE = os.environ["MSG_BASE_URL"]


class Person:
    def __init__(self, token: str):
        self.token = token
        self.offset = 0

    def call(self, method: str, **params):
        request = urllib.request.Request(
            f"{BASE}/user{self.token}/{method}",
            data=json.dumps(params).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=70) as response:
                body = json.load(response)
        except urllib.error.HTTPError as e:
            raise AssertionError(f"{method} failed: {e.code} {e.read().decode()}") from None
        assert body["ok"], body
        return body["result"]

    def expect_message(self, predicate, what: str, rounds: int = 6):
        """Long-polls this person's updates until a message satisfies `predicate`."""
        seen = []
        for _ in range(rounds):
            for update in self.call("getUpdates", offset=self.offset, timeout=10):
                self.offset = update["update_id"] + 1
                message = update.get("message") or update.get("edited_message")
                if message is None:
                    continue
                seen.append(message.get("text"))
                if predicate(message):
                    return message
        raise AssertionError(f"never received {what}; saw {seen}")
