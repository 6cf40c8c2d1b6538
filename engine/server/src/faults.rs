//! Fault injection: rules the operator sets at run time (the operator API's `addFault`,
//! `listFaults`, `clearFaults`; `[[faults]]` in the config file for rules present from the start)
//! that make Bot API calls, downloads or webhook deliveries fail as they do on bad days: an
//! error (its code, the reference's words for it, `retry_after`, `migrate_to_chat_id`), a delay,
//! a connection closed without an answer, a body cut short; for a number of `times`, with a
//! `probability` (drawn from the rule's own `seed`), inside a window of the platform's clock.
//! Plus the built-in flood control (`--flood-control`): the platform's documented send rates,
//! answered with 429 and `retry_after`.
//!
//! One layer: the request path asks [`Faults::fire`] once, after the token check and before the
//! method (so unrouted methods fail too), and a rule that fires means the call did nothing.
//!
//! On a shared storage (several servers, one deployment) a rule added through any server's
//! operator API is a row of [`TABLE`], in force on every server (each is told of the row), and
//! a rule with `times` fires that many times across the deployment: each firing claims a number
//! from the rule's counter row first. `[[faults]]` rules stay each server's own (its config
//! file's), and `probability` draws from each server's own copy of the rule's seeded generator.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use msg_core::{ApiError, Change, Params, Record, StorageBackend};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

/// Where a rule applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// A Bot API call (`/bot<token>/<method>`).
    Call,
    /// A download (`/file/bot<token>/<path>`).
    Download,
    /// A webhook delivery.
    Webhook,
}

impl Place {
    fn parse(name: &str) -> Option<Self> {
        match name {
            "call" => Some(Self::Call),
            "download" => Some(Self::Download),
            "webhook" => Some(Self::Webhook),
            _ => None,
        }
    }
}

/// What a rule does when it fires.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Action {
    /// Answer with this error (after `delay`, if any).
    Error(ApiError),
    /// Wait, then go on as if nothing happened.
    Delay,
    /// Close the connection without an answer.
    Close,
    /// Answer, but cut the body short and close the connection.
    Truncate,
}

/// A rule that fired: what to do, after how long, and the rule's id (for the call log).
#[derive(Debug, Clone)]
pub(crate) struct Fired {
    pub rule: u64,
    pub action: Action,
    pub delay: Duration,
}

#[derive(Debug)]
struct Rule {
    id: u64,
    spec: Value,
    place: Place,
    bot: Option<i64>,
    /// `*` for all, a name, or a family: a prefix ending in `*` (`send*`, `get*`).
    method: String,
    params: BTreeMap<String, String>,
    action: Action,
    delay: Duration,
    /// Firings left (`None`: no limit).
    times: Option<u64>,
    probability: Option<f64>,
    rng: StdRng,
    from: Option<i64>,
    until: Option<i64>,
    fired: u64,
    /// A row of a shared storage's [`TABLE`] (added through the operator API), not this
    /// server's own.
    stored: bool,
}

impl Rule {
    fn matches(&self, place: Place, bot_id: i64, method: &str, params: &Params) -> bool {
        if self.place != place || self.bot.is_some_and(|b| b != bot_id) {
            return false;
        }
        let named = |method: &str| match self.method.strip_suffix('*') {
            _ if self.method == "*" => true,
            Some(prefix) => method.to_ascii_lowercase().starts_with(&prefix.to_ascii_lowercase()),
            None => method.eq_ignore_ascii_case(&self.method),
        };
        // A download's path as local mode hands it out is absolute; a pattern names the path
        // inside the bot's directory (`documents/*`) either way.
        let in_bot_dir = || {
            let dir = format!("/{bot_id}/");
            (place == Place::Download).then(|| method.rfind(&dir).map(|at| &method[at + dir.len()..])).flatten()
        };
        if !named(method) && !in_bot_dir().is_some_and(named) {
            return false;
        }
        let now = msg_core::clock::now_unix();
        if self.from.is_some_and(|f| now < f) || self.until.is_some_and(|u| now >= u) {
            return false;
        }
        self.params.iter().all(|(k, v)| params.get(k) == Some(v.as_str()))
    }

    fn shown(&self) -> Value {
        let mut shown = self.spec.clone();
        shown["id"] = self.id.into();
        shown["fired"] = self.fired.into();
        shown["times_left"] = self.times.map_or(Value::Null, Value::from);
        shown
    }
}

/// The reference's words for an error code a rule names without a description.
pub(crate) fn default_description(code: u16, retry_after: Option<u32>) -> String {
    match code {
        400 => "Bad Request".into(),
        401 => "Unauthorized".into(),
        403 => "Forbidden".into(),
        404 => "Not Found".into(),
        409 => {
            "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running".into()
        }
        429 => format!("Too Many Requests: retry after {}", retry_after.unwrap_or(5)),
        500 => "Internal Server Error".into(),
        502 => "Bad Gateway".into(),
        503 => "Service Unavailable".into(),
        504 => "Gateway Timeout".into(),
        _ => "Error".into(),
    }
}

/// What a rule's `method` may name: the Bot API's methods (the schema's, and any the server
/// routes besides, such as a plugin's) for calls, the update kinds for webhook deliveries.
pub(crate) struct Names {
    methods: Vec<String>,
    kinds: Vec<String>,
}

impl Names {
    pub(crate) fn new(routed: impl IntoIterator<Item = String>) -> Self {
        let spec = msg_spec::spec();
        let mut methods: Vec<String> = spec.methods.iter().map(|m| m.name.clone()).chain(routed).collect();
        methods.sort_unstable_by_key(|m| m.to_ascii_lowercase());
        methods.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
        let kinds = spec.types.get("Update").map_or_else(Vec::new, |update| {
            update.fields.iter().map(|f| f.name.clone()).filter(|name| name != "update_id").collect()
        });
        Self { methods, kinds }
    }

    /// `Ok` when `pattern` (`*`, a name, a family `prefix*`) names something at `place`;
    /// otherwise what is wrong, with the nearest name when there is one.
    fn check(&self, place: Place, pattern: &str) -> Result<(), String> {
        let (names, what, others, others_are) = match place {
            // A download's "method" is the file's path: any pattern.
            Place::Download => return Ok(()),
            Place::Call => (
                &self.methods,
                "a Bot API method",
                &self.kinds,
                "an update kind, which webhook rules name (\"place\": \"webhook\")",
            ),
            Place::Webhook => (
                &self.kinds,
                "an update kind",
                &self.methods,
                "a method, which call rules name (no \"place\", or \"place\": \"call\")",
            ),
        };
        if pattern == "*" {
            return Ok(());
        }
        if let Some(prefix) = pattern.strip_suffix('*') {
            let prefix = prefix.to_ascii_lowercase();
            if names.iter().any(|n| n.to_ascii_lowercase().starts_with(&prefix)) {
                return Ok(());
            }
            return Err(format!(
                "method `{pattern}` matches no {} name (a family is the start of names followed by *, such as send*)",
                &what[2..]
            ));
        }
        if names.iter().any(|n| n.eq_ignore_ascii_case(pattern)) {
            return Ok(());
        }
        if others.iter().any(|n| n.eq_ignore_ascii_case(pattern)) {
            return Err(format!("method `{pattern}` is not {what}: it is {others_are}"));
        }
        let nearest = names
            .iter()
            .map(|n| (strsim::levenshtein(&n.to_ascii_lowercase(), &pattern.to_ascii_lowercase()), n))
            .filter(|(distance, _)| *distance <= 3)
            .min_by_key(|(distance, _)| *distance);
        Err(match nearest {
            Some((_, name)) => format!("method `{pattern}` is not {what}; did you mean {name}?"),
            None => format!("method `{pattern}` is not {what} (`*` for all, or a family such as send*)"),
        })
    }
}

/// Checks a rule as `addFault` and the start would take it (`config check` uses it), with the
/// Bot API's methods as the schema has them.
pub fn check(spec: &Value) -> Result<(), String> {
    parse(0, spec, &Names::new([])).map(drop)
}

/// A rule from its JSON description (the operator API's, the config file's).
fn parse(id: u64, spec: &Value, names: &Names) -> Result<Rule, String> {
    let object = spec.as_object().ok_or("a fault rule is a JSON object")?;
    let known = [
        "bot_id",
        "method",
        "params",
        "place",
        "error",
        "delay_ms",
        "close",
        "truncate",
        "times",
        "probability",
        "seed",
        "from",
        "until",
    ];
    if let Some(unknown) = object.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(format!("unknown field `{unknown}` (a rule has {})", known.join(", ")));
    }
    let place = match object.get("place").and_then(Value::as_str) {
        None => Place::Call,
        Some(name) => Place::parse(name).ok_or("place must be call, download or webhook")?,
    };
    let int = |name: &str| -> Result<Option<i64>, String> {
        match object.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_i64().map(Some).ok_or_else(|| format!("{name} must be an integer")),
        }
    };
    let bot = int("bot_id")?;
    let method = match object.get("method") {
        None | Some(Value::Null) => "*".to_owned(),
        Some(Value::String(method)) => method.clone(),
        Some(_) => return Err("method must be a string: `*`, a name, or a family such as send*".into()),
    };
    names.check(place, &method)?;
    let params = match object.get("params") {
        None | Some(Value::Null) => BTreeMap::new(),
        Some(Value::Object(map)) => {
            map.iter().map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_owned))).collect()
        }
        Some(_) => return Err("params must be an object of parameter values to match".into()),
    };
    let delay =
        Duration::from_millis(u64::try_from(int("delay_ms")?.unwrap_or(0)).map_err(|_| "delay_ms must be 0 or more")?);
    let flag = |name: &str| object.get(name).and_then(Value::as_bool).unwrap_or(false);
    let action = match (object.get("error"), flag("close"), flag("truncate")) {
        (Some(error), false, false) => {
            let error = error.as_object().ok_or("error must be an object with a code")?;
            let code = error.get("code").and_then(Value::as_u64).ok_or("error.code must be an HTTP status")?;
            let code =
                u16::try_from(code).ok().filter(|c| (400..600).contains(c)).ok_or("error.code must be 400-599")?;
            let retry_after =
                error.get("retry_after").and_then(Value::as_u64).map(|r| r.min(u64::from(u32::MAX)) as u32);
            let retry_after = retry_after.or((code == 429).then_some(5));
            let description = match error.get("description").and_then(Value::as_str) {
                Some(d) => d.to_owned(),
                None => default_description(code, retry_after),
            };
            let mut api = ApiError::new(code, description);
            api.retry_after = retry_after;
            api.migrate_to_chat_id = error.get("migrate_to_chat_id").and_then(Value::as_i64);
            Action::Error(api)
        }
        (None, true, false) => Action::Close,
        (None, false, true) => Action::Truncate,
        (None, false, false) if !delay.is_zero() => Action::Delay,
        _ => {
            return Err(
                "a rule does one thing: error, close or truncate (each after delay_ms), or delay_ms alone".into()
            );
        }
    };
    if place == Place::Webhook && matches!(action, Action::Truncate) {
        return Err(
            "a webhook delivery can be delayed, fail with an error, or be dropped (close); not truncated".into()
        );
    }
    let times = match int("times")? {
        None => None,
        Some(n) if n > 0 => Some(n as u64),
        Some(_) => return Err("times must be 1 or more".into()),
    };
    let probability = match object.get("probability") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.as_f64().filter(|p| (0.0..=1.0).contains(p)).ok_or("probability must be between 0 and 1")?),
    };
    let seed = int("seed")?.map_or_else(rand::random, |s| s as u64);
    let (from, until) = (int("from")?, int("until")?);
    if let (Some(from), Some(until)) = (from, until)
        && until <= from
    {
        return Err(format!(
            "until ({until}) must come after from ({from}): the rule is in force from `from` up to `until`, Unix seconds on the platform's clock"
        ));
    }
    Ok(Rule {
        id,
        spec: spec.clone(),
        place,
        bot,
        method,
        params,
        action,
        delay,
        times,
        probability,
        rng: StdRng::seed_from_u64(seed),
        from,
        until,
        fired: 0,
        stored: false,
    })
}

/// The platform's documented send rates (`--flood-control`), each a token bucket: a burst of
/// `capacity` sends, then `per_minute` (one a second in a private chat, twenty a minute in a
/// group, thirty a second overall). A client that keeps to the rate is never refused, however
/// its sends jitter; one that goes faster meets 429 with the wait until its next send.
#[derive(Clone, Copy)]
struct Limit {
    capacity: f64,
    per_minute: f64,
}

const PRIVATE_CHAT: Limit = Limit { capacity: 3.0, per_minute: 60.0 };
const GROUP_CHAT: Limit = Limit { capacity: 20.0, per_minute: 20.0 };
const OVERALL: Limit = Limit { capacity: 30.0, per_minute: 30.0 * 60.0 };

/// A bucket's tokens when last counted, and when (milliseconds on [`flood_now_ms`]'s clock).
#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    at_ms: i64,
}

impl Bucket {
    fn full(limit: Limit, now_ms: i64) -> Self {
        Self { tokens: limit.capacity, at_ms: now_ms }
    }

    /// Refills to `now_ms`; `None` when a send fits, otherwise the seconds until one does.
    fn wait(&mut self, limit: Limit, now_ms: i64) -> Option<u32> {
        let elapsed = now_ms.saturating_sub(self.at_ms).max(0) as f64;
        self.tokens = (self.tokens + elapsed * limit.per_minute / 60_000.0).min(limit.capacity);
        self.at_ms = now_ms.max(self.at_ms);
        // (A hair of slack: a token due this millisecond is there.)
        (self.tokens < 1.0 - 1e-9).then(|| {
            let seconds = (1.0 - self.tokens) * 60.0 / limit.per_minute;
            seconds.ceil().max(1.0) as u32
        })
    }
}

/// The time the buckets fill by, in milliseconds: the platform's clock when it is manual (a
/// test advances it, and the buckets with it), otherwise the coarse monotonic one every rate
/// window reads (wall-clock steps neither drain nor fill them).
fn flood_now_ms() -> i64 {
    if msg_core::clock::is_manual() {
        return msg_core::clock::now_unix().saturating_mul(1000);
    }
    msg_core::coarse::now().as_millis() as i64
}

struct Flood {
    /// Per (bot, chat), and per bot overall.
    chats: HashMap<(i64, i64), Bucket>,
    overall: HashMap<i64, Bucket>,
}

/// The methods that send a message (what the flood limits count).
fn sends(method: &str) -> bool {
    let m = method.to_ascii_lowercase();
    (m.starts_with("send") && m != "sendchataction" && m != "sendmessagedraft")
        || m == "forwardmessage"
        || m == "copymessage"
        || m == "forwardmessages"
        || m == "copymessages"
}

impl Flood {
    /// Counts a send and answers 429 when it is over a limit (a refused send takes no token).
    fn check(&mut self, bot_id: i64, chat_id: i64) -> Option<ApiError> {
        let now = flood_now_ms();
        let limit = if chat_id < 0 { GROUP_CHAT } else { PRIVATE_CHAT };
        let overall = self.overall.entry(bot_id).or_insert_with(|| Bucket::full(OVERALL, now));
        if let Some(retry) = overall.wait(OVERALL, now) {
            return Some(too_many(retry));
        }
        let chat = self.chats.entry((bot_id, chat_id)).or_insert_with(|| Bucket::full(limit, now));
        if let Some(retry) = chat.wait(limit, now) {
            return Some(too_many(retry));
        }
        chat.tokens -= 1.0;
        self.overall.get_mut(&bot_id).expect("counted above").tokens -= 1.0;
        None
    }
}

fn too_many(retry_after: u32) -> ApiError {
    let mut error = ApiError::new(429, default_description(429, Some(retry_after)));
    error.retry_after = Some(retry_after);
    error
}

/// A shared storage's table of the rules added through the operator API (scope 0, key the rule's
/// id, the rule as JSON).
pub(crate) const TABLE: &str = "fault_rule";

/// Where a shared storage's rule ids start (the config file's rules count from 1).
const FIRST_SHARED_ID: i64 = 1000;

/// The rules in force, and the flood control when on.
pub(crate) struct Faults {
    rules: Mutex<Vec<Rule>>,
    /// A shared storage, whose rows the operator API's rules are.
    shared: std::sync::OnceLock<Arc<dyn StorageBackend>>,
    names: Names,
    /// How many rules are in force, kept beside them so a request with none takes no lock.
    active: std::sync::atomic::AtomicUsize,
    next_id: std::sync::atomic::AtomicU64,
    flood: Option<Mutex<Flood>>,
    /// Held by a reload from its read of the rows to its change of the rules, and by the
    /// operator API's adds and clears from their write to theirs: a reload that read the rows
    /// before a rule was added cannot then drop it as gone.
    changing: tokio::sync::Mutex<()>,
}

impl Faults {
    /// `routed`: the methods the server routes (the schema's are known without them).
    pub(crate) fn new(flood_control: bool, routed: impl IntoIterator<Item = String>) -> Self {
        Self {
            rules: Mutex::new(Vec::new()),
            shared: std::sync::OnceLock::new(),
            names: Names::new(routed),
            active: std::sync::atomic::AtomicUsize::new(0),
            next_id: std::sync::atomic::AtomicU64::new(1),
            flood: flood_control.then(|| Mutex::new(Flood { chats: HashMap::new(), overall: HashMap::new() })),
            changing: tokio::sync::Mutex::new(()),
        }
    }

    /// Adds a rule; it as listed (with its `id`).
    pub(crate) fn add(&self, spec: &Value) -> Result<Value, String> {
        let id = self.next_id.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let rule = parse(id, spec, &self.names)?;
        let shown = rule.shown();
        let mut rules = self.rules.lock().expect("fault rules");
        rules.push(rule);
        self.active.store(rules.len(), std::sync::atomic::Ordering::Release);
        Ok(shown)
    }

    /// Keeps the operator API's rules as rows of `storage` (a shared storage) from now on.
    pub(crate) fn share(&self, storage: Arc<dyn StorageBackend>) {
        let _ = self.shared.set(storage);
    }

    /// Adds a rule through the operator API: on a shared storage a row every server takes in
    /// (its id from the deployment's counter), else this server's own.
    pub(crate) async fn add_everywhere(&self, spec: &Value) -> Result<Value, String> {
        let Some(storage) = self.shared.get() else { return self.add(spec) };
        let mut rule = parse(0, spec, &self.names)?;
        let _changing = self.changing.lock().await;
        let stored = |e: msg_core::StorageError| format!("the rule could not be stored: {e}");
        let id = storage.next_number(TABLE, FIRST_SHARED_ID).await.map_err(stored)?;
        let row = Record::new(TABLE, 0, id.to_string(), spec.to_string());
        storage.apply(vec![Change::PutRecord(row)]).await.map_err(stored)?;
        (rule.id, rule.stored) = (id as u64, true);
        let shown = rule.shown();
        let mut rules = self.rules.lock().expect("fault rules");
        put(&mut rules, rule);
        self.active.store(rules.len(), std::sync::atomic::Ordering::Release);
        Ok(shown)
    }

    /// Reads a shared storage's rules again (another server added or cleared one, or this one
    /// starts): rows not in force here are taken in, rules whose row is gone leave; those in
    /// force keep their counts.
    pub(crate) async fn reload(&self) {
        let Some(storage) = self.shared.get() else { return };
        let _changing = self.changing.lock().await;
        let rows = match storage.load_records(TABLE, 0).await {
            Ok(rows) => rows,
            Err(e) => return tracing::warn!("the deployment's fault rules cannot be read: {e}"),
        };
        let ids: Vec<u64> = rows.iter().filter_map(|(key, _)| key.parse().ok()).collect();
        let mut rules = self.rules.lock().expect("fault rules");
        rules.retain(|r| !r.stored || ids.contains(&r.id));
        for (key, value) in rows {
            let Ok(id) = key.parse::<u64>() else { continue };
            if rules.iter().any(|r| r.id == id) {
                continue;
            }
            let parsed = serde_json::from_str::<Value>(&value).map_err(|e| e.to_string());
            match parsed.and_then(|spec| parse(id, &spec, &self.names)) {
                Ok(mut rule) => {
                    rule.stored = true;
                    put(&mut rules, rule);
                }
                Err(e) => tracing::warn!("fault rule {id} of the deployment is not taken in: {e}"),
            }
        }
        self.active.store(rules.len(), std::sync::atomic::Ordering::Release);
    }

    /// Removes rule `id`, or every rule, through the operator API: a shared storage's rows go
    /// too (every server is told); how many went here.
    pub(crate) async fn clear_everywhere(&self, id: Option<u64>) -> Result<usize, String> {
        let _changing = self.changing.lock().await;
        // Counted before the rows go: this server may take in their removal (its own notice)
        // before the rules leave here below.
        let (in_force, stored): (usize, Vec<u64>) = {
            let rules = self.rules.lock().expect("fault rules");
            let matching: Vec<&Rule> = rules.iter().filter(|r| id.is_none_or(|id| r.id == id)).collect();
            (matching.len(), matching.iter().filter(|r| r.stored).map(|r| r.id).collect())
        };
        if let Some(storage) = self.shared.get() {
            let changes: Vec<Change> = stored
                .iter()
                .map(|id| Change::DeleteRecord { table: TABLE.into(), scope: 0, key: id.to_string() })
                .collect();
            if !changes.is_empty() {
                storage.apply(changes).await.map_err(|e| format!("the rule could not be removed: {e}"))?;
            }
        }
        self.clear(id);
        Ok(in_force)
    }

    /// The rules in force, in the order they were added.
    pub(crate) fn list(&self) -> Value {
        Value::Array(self.rules.lock().expect("fault rules").iter().map(Rule::shown).collect())
    }

    /// Removes rule `id`, or every rule; how many went.
    pub(crate) fn clear(&self, id: Option<u64>) -> usize {
        let mut rules = self.rules.lock().expect("fault rules");
        let before = rules.len();
        rules.retain(|r| id.is_some_and(|id| r.id != id));
        self.active.store(rules.len(), std::sync::atomic::Ordering::Release);
        before - rules.len()
    }

    /// Whether there is nothing to check (the common case: one atomic load, no lock).
    fn idle(&self) -> bool {
        self.flood.is_none() && self.active.load(std::sync::atomic::Ordering::Acquire) == 0
    }

    /// The first rule that matches and draws to fire, its firing counted here; with the rule's
    /// `times` when a shared storage counts them (this server's count of a counted rule of its
    /// own goes down here, and the rule leaves when spent).
    fn pick(&self, place: Place, bot_id: i64, method: &str, params: &Params) -> Option<(Fired, Option<u64>)> {
        let mut rules = self.rules.lock().expect("fault rules");
        let shared = self.shared.get().is_some();
        let index = rules.iter_mut().position(|rule| {
            rule.matches(place, bot_id, method, params) && rule.probability.is_none_or(|p| rule.rng.random_bool(p))
        })?;
        let rule = &mut rules[index];
        rule.fired += 1;
        let fired = Fired { rule: rule.id, action: rule.action.clone(), delay: rule.delay };
        if shared && rule.stored {
            return Some((fired, rule.times));
        }
        if let Some(left) = rule.times.as_mut() {
            *left -= 1;
            if *left == 0 {
                rules.remove(index);
                self.active.store(rules.len(), std::sync::atomic::Ordering::Release);
            }
        }
        Some((fired, None))
    }

    /// The first rule that fires for this request, if any (its firing counted); then the flood
    /// control for a send. `params` are the call's (a download's or delivery's: none).
    pub(crate) async fn fire(&self, place: Place, bot_id: i64, method: &str, params: &Params) -> Option<Fired> {
        if self.idle() {
            return None;
        }
        // Boxed: every request's future carries this call, and the common case (no rule) must
        // not make it bigger by the storage calls of the rare one.
        Box::pin(self.fire_rules(place, bot_id, method, params)).await
    }

    /// [`Faults::fire`] when there are rules or flood control.
    async fn fire_rules(&self, place: Place, bot_id: i64, method: &str, params: &Params) -> Option<Fired> {
        while self.active.load(std::sync::atomic::Ordering::Acquire) > 0 {
            let Some((fired, claim)) = self.pick(place, bot_id, method, params) else { break };
            let (Some(times), Some(storage)) = (claim, self.shared.get()) else { return Some(fired) };
            // A deployment's counted rule: this firing is one of its `times` only if the
            // rule's counter row hands out a number within them.
            match storage.next_number(&format!("{TABLE}:{}", fired.rule), 1).await {
                Ok(n) if n < times as i64 => return Some(fired),
                Ok(n) => {
                    // The last firing (or one past it, the rule spent elsewhere meanwhile):
                    // the rule leaves every server.
                    if let Err(e) = self.clear_everywhere(Some(fired.rule)).await {
                        tracing::warn!("spent fault rule {} stays in force elsewhere: {e}", fired.rule);
                        self.clear(Some(fired.rule));
                    }
                    if n == times as i64 {
                        return Some(fired);
                    }
                }
                Err(e) => {
                    tracing::warn!("fault rule {}'s firings cannot be counted: {e}", fired.rule);
                    return Some(fired);
                }
            }
        }
        if place == Place::Call
            && sends(method)
            && let Some(flood) = &self.flood
        {
            let chat = params.get("chat_id").and_then(|c| c.trim().parse::<i64>().ok()).unwrap_or(0);
            if let Some(error) = flood.lock().expect("flood control").check(bot_id, chat) {
                return Some(Fired { rule: 0, action: Action::Error(error), delay: Duration::ZERO });
            }
        }
        None
    }
}

/// Takes a rule in unless one with its id is in force already, in id order (the order they were
/// added: the config file's from 1, the deployment's from [`FIRST_SHARED_ID`]).
fn put(rules: &mut Vec<Rule>, rule: Rule) {
    if rules.iter().all(|r| r.id != rule.id) {
        let at = rules.partition_point(|r| r.id < rule.id);
        rules.insert(at, rule);
    }
}

/// The operator API's fault methods (`addFault`, `listFaults`, `clearFaults`); `None` for any
/// other method.
pub(crate) async fn operator(faults: &Faults, method: &str, params: &Params) -> Option<Result<Value, ApiError>> {
    Some(match method {
        "addFault" => {
            let spec = match params.get("rule") {
                Some(raw) => serde_json::from_str::<Value>(raw).map_err(|e| format!("rule is not JSON: {e}")),
                None if params.iter().next().is_none() => Err(
                    "addFault takes a rule, e.g. {\"rule\": {\"method\": \"getUpdates\", \"error\": {\"code\": 502}}}; the request had none (is its body JSON?)".into(),
                ),
                None => Ok(Value::Object(
                    params
                        .iter()
                        .map(|(k, v)| (k.to_owned(), serde_json::from_str(v).unwrap_or_else(|_| json!(v))))
                        .collect(),
                )),
            };
            match spec {
                Ok(spec) => faults.add_everywhere(&spec).await.map_err(ApiError::bad_request),
                Err(e) => Err(ApiError::bad_request(e)),
            }
        }
        "listFaults" => Ok(faults.list()),
        "clearFaults" => match params.get("id").map(|i| i.trim().parse::<u64>()) {
            None => faults.clear_everywhere(None).await.map(|n| json!({"cleared": n})).map_err(ApiError::bad_request),
            Some(Err(_)) => Err(ApiError::bad_request("id must be a rule's id, as listFaults shows it")),
            Some(Ok(id)) => match faults.clear_everywhere(Some(id)).await {
                Ok(0) => Err(ApiError::bad_request(format!(
                    "no fault rule {id} is in force (it was cleared, or spent its times); listFaults shows the rules in force"
                ))),
                Ok(cleared) => Ok(json!({"cleared": cleared})),
                Err(e) => Err(ApiError::bad_request(e)),
            },
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> Params {
        let mut p = Params::new();
        for (k, v) in pairs {
            p.push((*k).to_owned(), (*v).to_owned());
        }
        p
    }

    #[tokio::test]
    async fn rules_match_bots_methods_families_and_parameters_and_fire_their_times() {
        let faults = Faults::new(false, []);
        let none = params(&[]);
        assert!(faults.fire(Place::Call, 1, "getMe", &none).await.is_none(), "no rule, nothing");
        faults.add(&json!({"bot_id": 1, "method": "send*", "params": {"chat_id": "42"}, "error": {"code": 502}, "times": 2})).unwrap();
        let to_42 = params(&[("chat_id", "42")]);
        assert!(faults.fire(Place::Call, 2, "sendMessage", &to_42).await.is_none(), "another bot");
        assert!(
            faults.fire(Place::Call, 1, "sendMessage", &params(&[("chat_id", "7")])).await.is_none(),
            "another chat"
        );
        assert!(faults.fire(Place::Call, 1, "getMe", &to_42).await.is_none(), "another family");
        assert!(faults.fire(Place::Download, 1, "sendMessage", &to_42).await.is_none(), "another place");
        let fired = faults.fire(Place::Call, 1, "SENDPHOTO", &to_42).await.unwrap();
        assert_eq!(fired.action, Action::Error(ApiError::new(502, "Bad Gateway")));
        assert!(faults.fire(Place::Call, 1, "sendMessage", &to_42).await.is_some());
        assert!(faults.fire(Place::Call, 1, "sendMessage", &to_42).await.is_none(), "spent after its times");
        assert_eq!(faults.list(), json!([]));
    }

    #[tokio::test]
    async fn errors_take_the_references_words_and_a_seeded_probability_repeats() {
        let faults = Faults::new(false, []);
        let rule = faults.add(&json!({"error": {"code": 429, "retry_after": 3}})).unwrap();
        let fired = faults.fire(Place::Call, 1, "getUpdates", &params(&[])).await.unwrap();
        let Action::Error(error) = fired.action else { panic!("an error") };
        assert_eq!((error.description.as_ref(), error.retry_after), ("Too Many Requests: retry after 3", Some(3)));
        assert_eq!(faults.clear(rule["id"].as_u64()), 1);
        let draws = async |seed: u64| {
            let faults = Faults::new(false, []);
            faults.add(&json!({"close": true, "probability": 0.5, "seed": seed})).unwrap();
            let mut fired = Vec::new();
            for _ in 0..32 {
                fired.push(faults.fire(Place::Call, 1, "getMe", &params(&[])).await.is_some());
            }
            fired
        };
        let first = draws(7).await;
        assert_eq!(first, draws(7).await, "the same seed, the same firings");
        assert!(first.iter().any(|f| *f) && first.iter().any(|f| !*f));
        for bad in
            [json!({}), json!({"close": true, "truncate": true}), json!({"error": {"code": 200}}), json!({"colour": 1})]
        {
            assert!(faults.add(&bad).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn flood_control_admits_the_documented_rates_with_a_small_burst_and_refuses_faster() {
        let faults = Faults::new(true, []);
        let private = params(&[("chat_id", "42")]);
        for _ in 0..3 {
            assert!(faults.fire(Place::Call, 1, "sendMessage", &private).await.is_none(), "a burst of three");
        }
        let Some(Fired { action: Action::Error(error), .. }) =
            faults.fire(Place::Call, 1, "sendMessage", &private).await
        else {
            panic!("a fourth message within the second is refused")
        };
        assert_eq!((error.code, error.retry_after), (429, Some(1)));
        assert!(faults.fire(Place::Call, 1, "getMe", &private).await.is_none(), "only sends count");
        let group = params(&[("chat_id", "-100123")]);
        for _ in 0..20 {
            assert!(faults.fire(Place::Call, 2, "sendMessage", &group).await.is_none());
        }
        let Some(Fired { action: Action::Error(error), .. }) = faults.fire(Place::Call, 2, "sendPhoto", &group).await
        else {
            panic!("the 21st at once is refused")
        };
        assert_eq!(error.retry_after, Some(3), "the next of twenty a minute is three seconds away");
    }

    #[test]
    fn a_bucket_refills_at_its_rate_and_keeps_no_more_than_its_capacity() {
        // One a second, each a little late or early, is always admitted.
        let mut bucket = Bucket::full(PRIVATE_CHAT, 0);
        for n in 0..120_i64 {
            let at = 1_000 * n + [0, 45, -45, 30, -10][n as usize % 5];
            assert_eq!(bucket.wait(PRIVATE_CHAT, at.max(0)), None, "send {n} at {at} ms");
            bucket.tokens -= 1.0;
        }
        // Faster is refused, with the wait until the next.
        let mut bucket = Bucket::full(PRIVATE_CHAT, 0);
        for _ in 0..3 {
            assert_eq!(bucket.wait(PRIVATE_CHAT, 0), None);
            bucket.tokens -= 1.0;
        }
        assert_eq!(bucket.wait(PRIVATE_CHAT, 400), Some(1));
        assert_eq!(bucket.wait(PRIVATE_CHAT, 1_000), None);
        assert_eq!(bucket.wait(PRIVATE_CHAT, 3_600_000), None);
        assert!(bucket.tokens <= PRIVATE_CHAT.capacity, "an hour idle still bursts only three");
    }
}
