// app.js — the entry point and composition root (nothing imports it; it fills state.js's hooks,
// through which the modules below call upwards): sign-in (operator key from #key= or the login
// form, or a person's own token; a #key= link replaces a stored key only once the server accepts
// it), the persona switcher (#as=<user id>, one person per tab), the push stream (EventSource
// with ?after= resume, idempotent dispatch; it acknowledges nothing, so tabs of one person never
// take updates from each other; connection indicator) and the top bar's buttons.
import { $, toast } from './ui.js';
import { Operator, Person } from './api.js';
import { S, hooks } from './state.js';
import { refreshChats, forgetList } from './chats.js';
import { initChatView, resetView, openChat, current as currentChat, applyMessage, applyDeleted, applyAction, applyDraft, applyReaction, applyPoll, applyEphemeral, applyEphemeralDeleted, showInfo, showCalls, checkEdges } from './chat.js';
import { initComposer, resetComposer } from './compose.js';
import { peoplePanel, newChat, profileDialog } from './admin.js';
import { giftsDialog } from './gifts.js';
import { businessDialog, storiesDialog } from './business.js';
import { initClock } from './tools.js';

const KEY = 'msg-console-key';
let stream = null;
let retryTimer = null;

const hashParams = () => new URLSearchParams(location.hash.slice(1));

// What the modules below call upwards (see state.js), filled before anything runs.
Object.assign(hooks, { openChat, current: currentChat, applyMessage, refreshOverview });

// ---------------------------------------------------------------- sign-in

function showLogin(message) {
  $('#app').hidden = true;
  $('#login').hidden = false;
  if (message) toast(message, 'error');
  $('#login-key').focus();
}

function showApp() {
  $('#login').hidden = true;
  $('#app').hidden = false;
  document.body.classList.toggle('operator', !!S.operator);
}

async function refreshOverview() {
  S.overview = await S.operator.call('getOverview');
  fillPersona();
  // The first person made in the page becomes whom the page acts as.
  if (!S.person && S.overview.people.length && !$('#app').hidden) await choosePerson();
}

function fillPersona() {
  const select = $('#persona');
  const people = S.overview ? S.overview.people.map((p) => p.user) : S.me ? [S.me] : [];
  select.replaceChildren(...people.map((u) => {
    const o = document.createElement('option');
    o.value = String(u.id);
    o.textContent = [u.first_name, u.last_name].filter(Boolean).join(' ') + (u.username ? ` (@${u.username})` : '');
    return o;
  }));
  if (S.me) select.value = String(S.me.id);
  select.disabled = people.length < 2;
}

async function signInOperator(key) {
  S.operator = new Operator(key);
  try {
    await refreshOverview();
  } catch (e) {
    S.operator = null;
    if (e.code === 401) localStorage.removeItem(KEY);
    showLogin();
    return;
  }
  showApp();
  initClock();
  await choosePerson();
}

async function choosePerson() {
  if (!S.overview) return;
  const want = Number(hashParams().get('as'));
  const people = S.overview.people;
  if (!people.length) {
    $('#no-person').hidden = false;
    return;
  }
  $('#no-person').hidden = true;
  const p = people.find((x) => x.user.id === want) || people[0];
  if (p.user.id !== want) history.replaceState(null, '', `${location.pathname}${location.search}#as=${p.user.id}`);
  await actAs(p.token, p.user);
}

async function actAs(token, user) {
  if (S.person && S.me && user && S.me.id === user.id) return;
  stopStream();
  S.person?.dispose();
  resetView();
  resetComposer();
  forgetList();
  S.chats = new Map();
  S.topics.clear();
  S.botInfo.clear();
  S.reactions.clear();
  S.votes.clear();
  S.person = new Person(token);
  try {
    S.me = user || await S.person.call('getMe');
  } catch {
    S.person = null;
    S.me = null;
    if (!S.operator) showLogin();
    return false;
  }
  try {
    const votes = JSON.parse(sessionStorage.getItem(`msg-console-votes:${S.me.id}`) || '[]');
    for (const [k, v] of votes) S.votes.set(k, v);
  } catch { /* none */ }
  fillPersona();
  document.title = `${S.me.first_name} · msg console`;
  try { await refreshChats(); } catch { /* toast shown */ }
  startStream();
  return true;
}

// ---------------------------------------------------------------- the stream

function setConnection(state) {
  const c = $('#connection');
  c.dataset.state = state;
  c.textContent = state === 'open' ? 'live' : state;
  c.title = `Connection: ${state}`;
}

function stopStream() {
  clearTimeout(retryTimer);
  if (stream) { stream.close(); stream = null; }
  setConnection('connecting');
}

function startStream() {
  stopStream();
  const person = S.person;
  const lastKey = `msg-console-last:${S.me.id}`;
  S.lastUpdateId = Number(sessionStorage.getItem(lastKey)) || 0;
  const es = person.stream(S.lastUpdateId);
  stream = es;
  es.addEventListener('open', () => { if (stream === es) setConnection('open'); });
  es.addEventListener('error', () => {
    if (stream !== es) return;
    setConnection('connecting');
    if (es.readyState === EventSource.CLOSED) {
      stream = null;
      // The server refused the stream: a revoked token ends it; anything else is tried again.
      retryTimer = setTimeout(async () => {
        if (S.person !== person) return;
        try {
          await person.call('getMe', {}, { quiet: true });
        } catch (e) {
          if (e.code === 401) { setConnection('signed out'); toast('This person\'s token is no longer valid', 'error'); return; }
        }
        startStream();
      }, 3000);
    }
  });
  es.addEventListener('message', (ev) => {
    if (stream !== es) return;
    let u;
    try { u = JSON.parse(ev.data); } catch { return; }
    if (typeof u?.update_id !== 'number' || u.update_id <= S.lastUpdateId) return;
    S.lastUpdateId = u.update_id;
    try { sessionStorage.setItem(lastKey, String(u.update_id)); } catch { /* full */ }
    try { dispatch(u); } catch (e) { console.error('update', u.update_id, e); }
  });
}

function dispatch(u) {
  const message = u.message || u.channel_post;
  const edited = u.edited_message || u.edited_channel_post;
  // An option added to a poll or deleted from it (by anyone, or by this person in another tab):
  // the poll as it now is comes along.
  const service = message || u.outgoing_message;
  const changed = (service?.poll_option_added || service?.poll_option_deleted)?.poll_message;
  if (changed?.chat && changed.date) applyPoll(changed);
  // An ephemeral message, its edit or its deletion: this person's alone, outside the history.
  if ((message || edited)?.ephemeral_message_id) applyEphemeral(message || edited);
  else if (u.deleted_messages?.ephemeral_message_ids?.length) applyEphemeralDeleted(u.deleted_messages.chat.id, u.deleted_messages.ephemeral_message_ids);
  else if (message) applyMessage(message);
  // The person's own message, sent from any tab of theirs or any client (the tab that sent it
  // has it already: applyMessage shows it once).
  else if (u.outgoing_message) applyMessage(u.outgoing_message, false, { outgoing: true });
  else if (edited) applyMessage(edited, true);
  else if (u.deleted_messages) applyDeleted(u.deleted_messages.chat.id, u.deleted_messages.message_ids || []);
  else if (u.chat_action) applyAction(u.chat_action);
  else if (u.message_draft) applyDraft(u.message_draft);
  else if (u.message_reaction) applyReaction(u.message_reaction);
  else if (u.chat_join_result) joinResult(u.chat_join_result);
}

/** How a join request a guard bot's Mini App was shown for ended: its dialog closes. */
function joinResult(r) {
  document.querySelectorAll('dialog.webapp').forEach((d) => d.close());
  const words = { approved: `You joined ${r.chat?.title || 'the chat'}`, declined: 'Your request to join was declined', queued: 'Your request to join waits for the administrators' };
  toast(words[r.result] || 'Your request to join was answered', r.result === 'declined' ? 'error' : 'info');
  if (r.result === 'approved') refreshChats();
}


// ---------------------------------------------------------------- wiring

function signOut() {
  localStorage.removeItem(KEY);
  stopStream();
  S.person?.dispose();
  location.replace(location.pathname);
}

async function onLogin(e) {
  e.preventDefault();
  const key = $('#login-key').value.trim();
  const token = $('#login-token').value.trim();
  $('#login-key').value = '';
  $('#login-token').value = '';
  if (key) {
    localStorage.setItem(KEY, key);
    await signInOperator(key);
  } else if (token) {
    S.operator = null;
    S.overview = null;
    showApp();
    if (await actAs(token, null) === false) showLogin();
  } else toast('Enter a console key or a person token', 'error');
}

function init() {
  initChatView();
  initComposer();
  $('#login-form').addEventListener('submit', onLogin);
  $('#btn-signout').addEventListener('click', signOut);
  $('#btn-people').addEventListener('click', () => S.operator && peoplePanel());
  $('#btn-create-person').addEventListener('click', () => S.operator && peoplePanel());
  $('#btn-new').addEventListener('click', () => S.person && newChat());
  $('#btn-profile').addEventListener('click', () => S.person && profileDialog());
  $('#btn-gifts').addEventListener('click', () => S.person && giftsDialog());
  $('#btn-stories').addEventListener('click', () => S.person && storiesDialog());
  $('#btn-business').addEventListener('click', () => S.person && businessDialog());
  $('#btn-info').addEventListener('click', showInfo);
  $('#btn-calls').addEventListener('click', showCalls);
  $('#chat-title').addEventListener('click', showInfo);
  $('#btn-back').addEventListener('click', () => document.body.classList.remove('chat-open'));
  $('#persona').addEventListener('change', (e) => { location.hash = `as=${e.target.value}`; });
  window.addEventListener('hashchange', () => {
    const params = hashParams();
    if (params.get('key')) { boot(); return; }
    if (S.operator) choosePerson();
  });
  window.addEventListener('resize', () => checkEdges());
  boot();
}

/** Whether the server takes `key` as the operator's (the call sign-in makes first). */
async function keyWorks(key) {
  try {
    await new Operator(key).call('getOverview', {}, { quiet: true });
    return true;
  } catch {
    return false;
  }
}

async function boot() {
  const params = hashParams();
  const key = params.get('key');
  const stored = localStorage.getItem(KEY);
  if (key) {
    params.delete('key');
    const rest = params.toString();
    history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  }
  // A link carrying another key (any site or message can link here) replaces a stored key only
  // once the server accepts it: otherwise the operator stays signed in and the link is dropped.
  if (key && stored && key !== stored) {
    if (await keyWorks(key)) {
      localStorage.setItem(KEY, key);
      await signInOperator(key);
    } else {
      // Nothing of the link is kept (a tab already open keeps acting as whom it did).
      const as = S.operator && S.me ? `#as=${S.me.id}` : '';
      history.replaceState(null, '', `${location.pathname}${location.search}${as}`);
      toast('Ignored a sign-in link whose key the server refused', 'error');
      if (!S.operator) await signInOperator(stored);
    }
    return;
  }
  if (key) localStorage.setItem(KEY, key);
  const current = key || stored;
  if (current) await signInOperator(current);
  else showLogin();
}

init();
