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

    def call_error(self, method: str, **params):
        """A call expected to be refused: its (code, description)."""
        request = urllib.request.Request(
            f"{BASE}/user{self.token}/{method}",
            data=json.dumps(params).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=70) as response:
                raise AssertionError(f"{method} succeeded: {json.load(response)}")
        except urllib.error.HTTPError as e:
            body = json.loads(e.read().decode())
            return body["error_code"], body["description"]

    def send_file(self, method: str, field: str, name: str, data: bytes, **params):
        """A multipart upload, as a person's client would send a file."""
        boundary = "personboundary4f2a"
        body = b""
        for key, value in params.items():
            body += f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        body += (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        body += data + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(
            f"{BASE}/user{self.token}/{method}",
            data=body,
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        )
        with urllib.request.urlopen(request, timeout=70) as response:
            result = json.load(response)
        assert result["ok"], result
        return result["result"]

    def expect_update(self, predicate, what: str, rounds: int = 6):
        """Long-polls this person's updates until one satisfies `predicate`."""
        seen = []
        for _ in range(rounds):
            for update in self.call("getUpdates", offset=self.offset, timeout=10):
                self.offset = update["update_id"] + 1
                seen.append(sorted(k for k in update if k != "update_id"))
                if predicate(update):
                    return update
        raise AssertionError(f"never received {what}; saw {seen}")

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
