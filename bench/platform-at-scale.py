#!/usr/bin/env python3
"""The platform at scale: a working directory with many people, supergroups of 20 and group
messages (100,000 / 10,000 / 1,000,000 by default, written straight into platform.sqlite from
rows the server itself made), then three starts of the server, each timed: ready, a bot's
first getMe, a person's first sendMessage to the bot, the bot's reply, the person's getChats, another
person's first post in one of the groups, and the server's RSS after them. The first start with a binary includes its one-time upgrade.

usage: bench/platform-at-scale.py <msg-bot-api binary> <new or existing dir> [people] [groups] [messages]
Compare two binaries on copies of one directory (cp -a), made by the older one."""
import json, os, sqlite3, subprocess, sys, time, urllib.request

binary, root = sys.argv[1], sys.argv[2]
PEOPLE = int(sys.argv[3]) if len(sys.argv) > 3 else 100_000
GROUPS = int(sys.argv[4]) if len(sys.argv) > 4 else 10_000
MESSAGES = int(sys.argv[5]) if len(sys.argv) > 5 else 1_000_000
PER_GROUP = 20
env = dict(os.environ, MSG_API_ID="1", MSG_API_HASH="0123456789abcdef0123456789abcdef", MSG_DIR=root,
           MSG_HTTP_PORT="18081", MSG_HTTP_STAT_PORT="18082", MSG_TEMP_DIR=root + "/tmp")
os.makedirs(root + "/tmp", exist_ok=True)
API = "http://127.0.0.1:18081"

def cli(*args):
    return subprocess.run([binary, *args], env=env, check=True, capture_output=True, text=True).stdout.strip()

def call(path, params=None):
    data = json.dumps(params or {}).encode()
    req = urllib.request.Request(API + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)

def start():
    p = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL, stderr=open(root + "/server.log", "a"))
    t0 = time.monotonic()
    while True:
        try:
            urllib.request.urlopen(API + "/").read()
            return p, t0, time.monotonic() - t0
        except Exception:
            time.sleep(0.005)

def rss(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024

def stop(p):
    p.terminate(); p.wait()

if not os.path.exists(root + "/ready"):
    bot = cli("bot", "create", "--username", "load_bot", "--name", "Load")
    alice = cli("user", "create", "--name", "Alice")
    bob = cli("user", "create", "--name", "Bob")
    open(root + "/tokens", "w").write(json.dumps([bot, alice, bob]))
    p, _, _ = start()
    bot_id = int(bot.split(":")[0]); alice_id = int(alice.split(":")[0]); bob_id = int(bob.split(":")[0])
    call(f"/user{alice}/sendMessage", {"chat_id": bot_id, "text": "/start"})
    g = call(f"/user{alice}/createSupergroup", {"title": "template", "member_ids": json.dumps([bob_id])})["result"]
    call(f"/user{alice}/sendMessage", {"chat_id": g["id"], "text": "hello group"})
    stop(p)
    db = sqlite3.connect(root + "/platform.sqlite")
    row = lambda tbl, scope, key: json.loads(db.execute(
        "SELECT value FROM records WHERE tbl = ? AND scope = ? AND key = ?", (tbl, scope, str(key))).fetchone()[0])
    urow = row("person", 0, bob_id)
    crow = row("chat", 0, g["id"])
    mrow = row("member", g["id"], bob_id)
    msg = db.execute("SELECT * FROM messages WHERE conversation = ? ORDER BY message_id DESC LIMIT 1", ("g%d" % g["id"],)).fetchone()
    base = 9_000_000_000
    put = "INSERT INTO records (tbl, scope, key, value) VALUES (?, ?, ?, ?)"
    db.executemany(put, (("person", 0, str(base + i), json.dumps({**urow, "id": base + i, "first_name": "P%d" % i}))
                         for i in range(PEOPLE)))
    db.executemany("INSERT INTO user_ids VALUES (?, 'user', 0)", ((base + i,) for i in range(PEOPLE)))
    gbase = -1009000000000
    db.executemany(put, (("chat", 0, str(gbase - i), json.dumps({**crow, "id": gbase - i, "title": "G%d" % i}))
                         for i in range(GROUPS)))
    def standing(i, j):
        user = base + (i * PER_GROUP + j) % PEOPLE
        return ("member", gbase - i, str(user), json.dumps({**mrow, "chat_id": gbase - i, "user_id": user}))
    db.executemany(put, (standing(i, j) for i in range(GROUPS) for j in range(PER_GROUP)))
    payload = json.loads(msg[2])
    per = MESSAGES // GROUPS
    def msgs():
        for i in range(GROUPS):
            cid = gbase - i
            payload["chat"]["id"] = cid
            for m in range(1, per + 1):
                payload["message_id"] = m
                yield ("g%d" % cid, m, json.dumps(payload), msg[3])
    db.executemany("INSERT INTO messages VALUES (?,?,?,?)", msgs())
    db.commit(); db.close()
    # warm-up start (one-time upgrades), then stop
    p, _, _ = start()
    call(f"/user{alice}/getChats")
    stop(p)
    open(root + "/ready", "w").write("")

def measure(label):
    subprocess.run(["sync"])
    p, t0, ready = start()
    call(f"/bot{bot}/getMe")
    first_getme = time.monotonic() - t0
    t = time.monotonic(); call(f"/user{alice}/sendMessage", {"chat_id": bot_id, "text": "hi"}); send_ms = (time.monotonic() - t) * 1000
    t = time.monotonic(); call(f"/bot{bot}/sendMessage", {"chat_id": int(alice.split(':')[0]), "text": "hi back"}); reply_ms = (time.monotonic() - t) * 1000
    t = time.monotonic(); n = len(call(f"/user{alice}/getChats")["result"]); chats_ms = (time.monotonic() - t) * 1000
    someone = f"9000000000:{bob.split(':')[1]}"
    t = time.monotonic(); call(f"/user{someone}/sendMessage", {"chat_id": -1009000000000, "text": "in a cold group"}); group_ms = (time.monotonic() - t) * 1000
    mem = rss(p.pid)
    print(f"{label}: ready {ready:.2f} s, first getMe {first_getme:.2f} s; person's sendMessage {send_ms:.1f} ms, bot's reply {reply_ms:.1f} ms, getChats ({n}) {chats_ms:.1f} ms, another person's first post in a group of 20 {group_ms:.1f} ms; RSS {mem:.1f} MiB", flush=True)
    stop(p)

bot, alice, bob = json.load(open(root + "/tokens"))
bot_id = int(bot.split(":")[0])
measure("first start with this binary")
measure("restart")
measure("restart")
