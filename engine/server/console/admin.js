// admin.js — the dialogs: "People and bots" (operator: people, bots, tokens, bot switches, games,
// and each bot's calls and faults: tools.js),
// "Profile" (the person's personal channel and country), "New chat" (chat with a bot, groups/supergroups/channels, join by link), "Chat info"
// (members and their management, invite links, upgrade, topics, title, leave) and the chat
// chooser used by forwarding.
import { el, modal, formDialog, copyField, toast, miniApp } from './ui.js';
import { S, nameOf, isBotUser, hooks, isPerson } from './state.js';
import { refreshChats, loadTopics } from './chats.js';
import { callsPanel, faultsPanel } from './tools.js';
import { chatGifts } from './gifts.js';
import { channelDirect } from './suggested.js';
import { chatCommunity } from './communities.js';

const userLine = (u) => `${nameOf(u)}${u.username ? ` @${u.username}` : ''} · ${u.id}`;

// ---------------------------------------------------------------- People and bots

const FLAGS = [
  ['privacy', 'Privacy mode'], ['join_groups', 'Can join groups'], ['inline', 'Inline mode'], ['inline_feedback', 'Inline feedback'],
  ['join_request_queries', 'Guards join requests'], ['manage_bots', 'Manages bots'], ['guest_queries', 'Guest mode'], ['business', 'Business mode'],
];

export function peoplePanel() {
  modal('People and bots', (body) => {
    const people = el('ul', { class: 'plain people' });
    const bots = el('ul', { class: 'plain bots' });
    const newToken = el('div', { class: 'new-token' });
    const fill = () => {
      people.replaceChildren(...S.overview.people.map(({ user }) => el('li', { class: 'row between' },
        el('span', { text: userLine(user) }),
        el('span', { class: 'row' },
          el('button', { type: 'button', text: 'Grant Stars', 'aria-label': `Grant Stars to ${nameOf(user)}`, onclick: () => grantStars(user) }),
          el('button', { type: 'button', text: user.id === S.me?.id ? 'Acting as' : 'Act as', disabled: user.id === S.me?.id,
            onclick: () => { location.hash = `as=${user.id}`; } })))));
      if (!S.overview.people.length) people.append(el('li', { class: 'muted', text: 'No people yet.' }));
      bots.replaceChildren(...S.overview.bots.map(botRow));
      if (!S.overview.bots.length) bots.append(el('li', { class: 'muted', text: 'No bots yet.' }));
    };
    const reload = async () => { await hooks.refreshOverview(); fill(); };

    const personForm = inlineForm('New person', [['name', 'Name', true], ['username', 'Username (optional)']], 'Create person', async (v) => {
      await S.operator.call('createPerson', { name: v.name, username: v.username || undefined });
      toast(`Created ${v.name}`);
      await reload();
    });
    const botForm = inlineForm('New bot', [['username', 'Bot username (ends in “bot”)', true], ['name', 'Bot name (optional)']], 'Create bot', async (v) => {
      const r = await S.operator.call('createBot', { username: v.username.replace(/^@/, ''), name: v.name || undefined });
      newToken.replaceChildren(copyField(`Token of @${r.user.username} (shown once)`, r.token, 'Copy token'));
      await reload();
    });
    body.append(
      el('section', null, el('h3', { text: 'People' }), people, personForm),
      el('section', null, el('h3', { text: 'Bots' }), newToken, bots, botForm));
    fill();
  }, 'wide');
}

/** The operator gives a person Telegram Stars (as if bought), to pay `XTR` invoices with. */
function grantStars(user) {
  return formDialog({
    title: `Grant Stars to ${nameOf(user)}`,
    fields: [{ name: 'amount', label: 'Stars', type: 'number', value: 100, required: true }],
    submitLabel: 'Grant',
    submit: async (v) => {
      const r = await S.operator.call('grantStars', { user_id: user.id, amount: Number(v.amount) });
      toast(`${nameOf(user)} has ${r.balance} ⭐`);
    },
  });
}

function botRow({ user, flags }) {
  const tokenBox = el('div');
  const switches = FLAGS.map(([name, label]) => {
    const input = el('input', { type: 'checkbox', checked: !!flags?.[name] });
    input.addEventListener('change', async () => {
      input.disabled = true;
      try {
        const f = await S.operator.call('setBotFlags', { bot_id: user.id, [name]: input.checked });
        Object.assign(flags, f);
        S.botInfo.delete(user.id);
      } catch { input.checked = !input.checked; }
      input.disabled = false;
    });
    return el('label', { class: 'check' }, input, ' ', label);
  });
  return el('li', { class: 'bot-row' },
    el('div', { class: 'row between' },
      el('strong', { text: userLine(user) }),
      el('span', { class: 'row' },
        el('button', { type: 'button', text: 'Chat', onclick: () => startBotChat(user.username) }),
        el('button', { type: 'button', text: 'Games', 'aria-label': `Games of @${user.username}`, onclick: () => gamesDialog(user) }),
        el('button', { type: 'button', text: 'Calls', 'aria-label': `Calls of @${user.username}`, onclick: () => callsPanel(user) }),
        el('button', { type: 'button', text: 'Faults', 'aria-label': `Faults of @${user.username}`, onclick: () => faultsPanel(user) }),
        el('button', { type: 'button', text: 'Show token', onclick: async () => {
          try {
            const r = await S.operator.call('getBotToken', { bot_id: user.id });
            tokenBox.replaceChildren(copyField(`Token of @${user.username}`, r.token, 'Copy token'));
          } catch { /* toast shown */ }
        } }))),
    el('div', { class: 'switches' }, switches), tokenBox);
}

/** A bot's games, as BotFather keeps them: the list (each removable) and a form for a new one
 *  (its photo a placeholder; `msg-bot-api bot game --photo` gives a real one). */
function gamesDialog(user) {
  modal(`Games of @${user.username}`, (body) => {
    const list = el('ul', { class: 'plain games' });
    const fill = async () => {
      const games = await S.operator.call('listGames', { bot_id: user.id });
      list.replaceChildren(...games.map((g) => el('li', { class: 'row between' },
        el('span', { text: `${g.short_name} · ${g.title}` }),
        el('button', { type: 'button', text: 'Remove', 'aria-label': `Remove game ${g.short_name}`, onclick: async () => {
          try {
            await S.operator.call('deleteGame', { bot_id: user.id, short_name: g.short_name });
            await fill();
          } catch { /* toast shown */ }
        } }))));
      if (!games.length) list.append(el('li', { class: 'muted', text: 'No games yet.' }));
    };
    const form = inlineForm('New game', [['short_name', 'Short name (sendGame’s game_short_name)', true], ['title', 'Title', true], ['description', 'Description', true]], 'Add game', async (v) => {
      await S.operator.call('setGame', { bot_id: user.id, ...v });
      toast(`Game ${v.short_name} added`);
      await fill();
    });
    body.append(list, form);
    fill().catch(() => {});
  });
}

/** A small always-visible form: fields [name, label, required]. */
function inlineForm(title, fields, submitLabel, action) {
  const inputs = {};
  const button = el('button', { type: 'submit', class: 'primary', text: submitLabel });
  const form = el('form', { class: 'form inline-form', 'aria-label': title },
    el('h4', { text: title }),
    fields.map(([name, label, required]) => {
      const id = `${title}-${name}`.replace(/\W+/g, '-').toLowerCase();
      inputs[name] = el('input', { id, name, required: !!required, autocomplete: 'off' });
      return el('div', { class: 'field' }, el('label', { for: id, text: label }), inputs[name]);
    }),
    el('div', { class: 'row end' }, button));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const v = Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value.trim()]));
    button.disabled = true;
    try { await action(v); form.reset(); } catch { /* toast shown */ }
    button.disabled = false;
  });
  return form;
}

// ---------------------------------------------------------------- Profile

/** The person's profile: the channel they show on it (Bot API 10.0's personal chat, which bots
 *  read) and their country (which polls restricted to countries ask). */
export async function profileDialog() {
  let me;
  try { me = await S.person.call('getMe'); } catch { return; }
  const channels = [...S.chats.values()].map((e) => e.chat).filter((c) => c.type === 'channel');
  const options = [{ value: '0', label: 'None' }, ...channels.map((c) => ({ value: String(c.id), label: nameOf(c) }))];
  await formDialog({
    title: `Profile of ${nameOf(me)}`,
    submitLabel: 'Save',
    fields: [
      { name: 'channel', label: 'Personal channel (one you own)', type: 'select', value: String(me.personal_chat_id || 0), options },
      { name: 'country', label: 'Country (two letters, e.g. DE)', value: me.country_code || '', maxlength: 2 },
    ],
    submit: async (v) => {
      try {
        if (Number(v.channel) !== (me.personal_chat_id || 0)) await S.person.call('setPersonalChat', { chat_id: Number(v.channel) });
        const country = v.country.trim().toUpperCase();
        if (country !== (me.country_code || '')) await S.person.call('setCountryCode', { country_code: country });
      } catch { return false; }
      toast('Profile saved');
      return true;
    },
  });
}

// ---------------------------------------------------------------- New chat

async function startBotChat(username) {
  if (!username) return;
  const name = username.replace(/^@/, '');
  try {
    const m = await S.person.call('sendMessage', { chat_id: `@${name}`, text: '/start' });
    document.querySelectorAll('dialog.modal[open]').forEach((d) => d.close());
    await refreshChats();
    await hooks.openChat(m.chat.id);
  } catch { /* toast shown */ }
}

function memberOptions() {
  if (!S.overview) return null;
  return [
    ...S.overview.people.filter((p) => p.user.id !== S.me.id).map((p) => ({ value: p.user.id, label: userLine(p.user) })),
    ...S.overview.bots.map((b) => ({ value: b.user.id, label: `🤖 ${userLine(b.user)}` })),
  ];
}

function parseIds(v) {
  if (Array.isArray(v)) return v.map(Number);
  return String(v || '').split(/[\s,]+/).filter(Boolean).map(Number).filter(Number.isFinite);
}

export async function newChat() {
  // The operator's list of bots as it is now (a bot made a moment ago in this page or elsewhere).
  if (S.operator) {
    try { await hooks.refreshOverview(); } catch { /* the list as last read */ }
  }
  modal('New chat', (body, close) => {
    const bots = S.overview?.bots || [];
    const botForm = inlineForm('Chat with a bot', [['username', 'Bot username', true]], 'Start', (v) => startBotChat(v.username));
    const botButtons = bots.length ? el('div', { class: 'row wrap', role: 'group', 'aria-label': 'Bots' },
      bots.map((b) => el('button', { type: 'button', text: `@${b.user.username}`, onclick: () => startBotChat(b.user.username) }))) : null;
    const group = el('button', { type: 'button', class: 'primary', text: 'New group, supergroup or channel…', onclick: () => { close(); newGroup(); } });
    const join = inlineForm('Join by invite link', [['link', 'Invite link', true]], 'Join', async (v) => {
      const joined = await S.person.call('joinChat', { invite_link: v.link });
      close();
      // A supergroup's guard bot may ask for its Mini App first; the end comes as chat_join_result.
      if (joined?.query_id) {
        const app = await S.person.call('getGuardBotWebAppUrl', { query_id: joined.query_id });
        toast(`${nameOf(joined.guard_bot)} asks you to open its Mini App to join`);
        miniApp(app.url, app.init_data, `Join: ${nameOf(joined.guard_bot)}`);
        return;
      }
      toast('Joined');
      await refreshChats();
    });
    // People write to each other too (a person's business bot sees those chats).
    const people = (S.overview?.people || []).map((p) => p.user).filter((u) => u.id !== S.me?.id);
    const peopleButtons = people.length ? el('div', { class: 'row wrap', role: 'group', 'aria-label': 'People' },
      people.map((u) => el('button', { type: 'button', text: nameOf(u), onclick: () => { close(); messagePerson(u); } }))) : null;
    body.append(el('section', null, el('h3', { text: 'Bots' }), botButtons, botForm),
      peopleButtons ? el('section', null, el('h3', { text: 'People' }), peopleButtons) : '',
      el('section', null, el('h3', { text: 'Groups' }), group), el('section', null, join));
  });
}

/** The first message to another person, which opens their chat. */
function messagePerson(user) {
  formDialog({
    title: `Message ${nameOf(user)}`,
    submitLabel: 'Send',
    fields: [{ name: 'text', label: 'Message', type: 'textarea', required: true }],
    submit: async (v) => {
      try { await S.person.call('sendMessage', { chat_id: user.id, text: v.text }); } catch { return false; }
      await refreshChats();
      await hooks.openChat(user.id);
      return true;
    },
  });
}

function newGroup() {
  const options = memberOptions();
  formDialog({
    title: 'New group',
    submitLabel: 'Create',
    fields: [
      { name: 'title', label: 'Title', required: true },
      { name: 'type', label: 'Type', type: 'select', value: 'group', options: [{ value: 'group', label: 'Group' }, { value: 'supergroup', label: 'Supergroup' }, { value: 'channel', label: 'Channel' }] },
      { name: 'forum', label: 'Topics', type: 'checkbox' },
      options ? { name: 'members', label: 'Members', type: 'checkboxes', options }
        : { name: 'members', label: 'Member ids (comma separated)' },
    ],
    submit: async (v) => {
      const member_ids = parseIds(v.members);
      const method = v.type === 'channel' ? 'createChannel' : v.forum || v.type === 'supergroup' ? 'createSupergroup' : 'createGroup';
      const chat = await S.person.call(method, { title: v.title, member_ids, is_forum: method === 'createSupergroup' && v.forum ? true : undefined });
      await refreshChats();
      await hooks.openChat(chat.id);
      return true;
    },
  });
}

// ---------------------------------------------------------------- Chat info

const ADMIN_RIGHTS = ['can_manage_chat', 'can_delete_messages', 'can_restrict_members', 'can_promote_members', 'can_change_info',
  'can_invite_users', 'can_pin_messages', 'can_manage_topics', 'can_post_messages', 'can_edit_messages', 'can_manage_video_chats', 'is_anonymous'];
const PERMISSIONS = ['can_send_messages', 'can_send_audios', 'can_send_documents', 'can_send_photos', 'can_send_videos', 'can_send_video_notes',
  'can_send_voice_notes', 'can_send_polls', 'can_send_other_messages', 'can_add_web_page_previews', 'can_change_info', 'can_invite_users',
  'can_pin_messages', 'can_manage_topics'];
const human = (r) => r.replace(/^can_/, '').replace(/_/g, ' ');

async function act(method, params, done) {
  try {
    await S.person.call(method, params);
    toast(done);
    return true;
  } catch { return false; }
}

/** Fills `line` with who verified `chat` (a person's private chat: the person), as text. */
async function showVerification(chat, line) {
  const target = chat.type === 'private' ? { user_id: chat.id } : { chat_id: chat.id };
  let verification = null;
  try { verification = await S.person.call('getVerification', target, { quiet: true }); } catch { return; }
  if (!verification) return;
  const { organization, custom_description: description } = verification;
  line.textContent = `✔ Verified by ${userLine(organization)}${description ? `: ${description}` : ''}`;
  line.hidden = false;
}

export function chatInfo(chat) {
  modal('Chat info', (body, close) => {
    const members = el('ul', { class: 'plain members' });
    const extra = el('div');
    // Who verified the person or chat (a verification organisation's bot), filled in when known.
    const verified = el('p', { class: 'verified', hidden: true });
    body.append(
      el('p', null, el('strong', { text: nameOf(chat) }), el('span', { class: 'muted', text: ` · ${chat.is_forum ? 'forum' : chat.type} · ${chat.id}${chat.username ? ` · @${chat.username}` : ''}` })),
      verified,
      extra);
    showVerification(chat, verified);
    if (chat.type === 'private') {
      privateInfo(chat, extra);
      return;
    }
    const gifts = chatGifts(chat);
    if (gifts) body.append(gifts);
    const direct = channelDirect(chat, close);
    if (direct) body.append(direct);
    const community = chatCommunity(chat, async (id) => { close(); await refreshChats(); await hooks.openChat(id); });
    if (community) body.append(community);
    body.append(el('h3', { text: 'Members' }), members);
    let listed = [];
    const load = async () => {
      let list = [];
      try { list = await S.person.call('getChatMembers', { chat_id: chat.id }); } catch { return; }
      listed = list;
      const mine = list.find((m) => m.user.id === S.me.id);
      const boss = mine && (mine.status === 'creator' || mine.status === 'administrator');
      members.replaceChildren(...list.map((m) => memberRow(chat, m, boss, load)));
      // Join requests are an administrator's to see (asked after the members: nobody else is
      // sent a refusal).
      if (boss) loadRequests();
    };
    load();
    // Pending join requests, for an administrator who may invite (others are refused: no list).
    const requests = el('ul', { class: 'plain requests', 'aria-label': 'Join requests' });
    const loadRequests = async () => {
      let list = [];
      try { list = await S.person.call('getChatJoinRequests', { chat_id: chat.id }, { quiet: true }); } catch { requestsBox.hidden = true; return; }
      requestsBox.hidden = list.length === 0;
      requests.replaceChildren(...list.map((r) => el('li', { class: 'row between' },
        el('span', { text: userLine(r.from) }),
        el('span', { class: 'row' },
          el('button', { type: 'button', class: 'primary', text: 'Approve', onclick: async () => {
            if (await act('approveChatJoinRequest', { chat_id: chat.id, user_id: r.from.id }, 'Approved')) { loadRequests(); load(); }
          } }),
          el('button', { type: 'button', text: 'Decline', onclick: async () => {
            if (await act('declineChatJoinRequest', { chat_id: chat.id, user_id: r.from.id }, 'Declined')) loadRequests();
          } })))));
    };
    const requestsBox = el('section', { hidden: true }, el('h3', { text: 'Join requests' }), requests);
    body.append(requestsBox);
    const button = (label, fn) => el('button', { type: 'button', text: label, onclick: fn });
    const options = memberOptions();
    extra.append(el('div', { class: 'row wrap' },
      button('Add member…', () => formDialog({
        title: 'Add member', submitLabel: 'Add',
        fields: [options ? { name: 'user', label: 'Person or bot', type: 'select', options } : { name: 'user', label: 'User id', required: true }],
        submit: async (v) => (await act('addChatMember', { chat_id: chat.id, user_id: Number(v.user) }, 'Added')) && (load(), true),
      })),
      button('Invite link…', () => formDialog({
        title: 'New invite link', submitLabel: 'Create link',
        fields: [{ name: 'name', label: 'Link name (optional)' }, { name: 'approval', label: 'Requests need approval', type: 'checkbox' }],
        submit: async (v) => {
          const link = await S.person.call('createChatInviteLink', { chat_id: chat.id, name: v.name || undefined, creates_join_request: v.approval || undefined });
          extra.append(copyField('Invite link', link.invite_link, 'Copy link'));
          return true;
        },
      })),
      // The bot that decides join requests (Bot API 10.1's guard bot), among the chat's bots.
      chat.type === 'supergroup' ? button('Guard bot…', () => formDialog({
        title: 'Guard bot', submitLabel: 'Save',
        fields: [{ name: 'bot', label: 'Bot that decides join requests', type: 'select', value: '0',
          options: [{ value: '0', label: 'None' }, ...listed.filter((m) => isBotUser(m.user)).map((m) => ({ value: String(m.user.id), label: `🤖 ${userLine(m.user)}` }))] }],
        submit: async (v) => act('setChatGuardBot', { chat_id: chat.id, bot_id: Number(v.bot) }, Number(v.bot) ? 'Guard bot set' : 'Guard bot removed'),
      })) : null,
      chat.type === 'group' ? button('Upgrade to supergroup', async () => {
        try {
          const sg = await S.person.call('upgradeGroup', { chat_id: chat.id });
          close();
          await refreshChats();
          await hooks.openChat(sg.id);
        } catch { /* toast shown */ }
      }) : null,
      chat.is_forum ? button('New topic…', () => formDialog({
        title: 'New topic', submitLabel: 'Create topic', fields: [{ name: 'name', label: 'Topic name', required: true }],
        submit: async (v) => {
          const t = await S.person.call('createForumTopic', { chat_id: chat.id, name: v.name });
          await loadTopics(chat.id);
          await hooks.openChat(chat.id, t.message_thread_id);
          return true;
        },
      })) : null,
      button('Set title…', () => formDialog({
        title: 'Chat title', submitLabel: 'Save', fields: [{ name: 'title', label: 'Title', value: chat.title, required: true }],
        submit: async (v) => (await act('setChatTitle', { chat_id: chat.id, title: v.title }, 'Title changed')) && (refreshChats(), true),
      })),
      button('Unban…', () => formDialog({
        title: 'Unban', submitLabel: 'Unban', fields: [{ name: 'user', label: 'User id', required: true }],
        submit: async (v) => act('unbanChatMember', { chat_id: chat.id, user_id: Number(v.user), only_if_banned: true }, 'Unbanned'),
      })),
      button('Leave chat', async () => {
        if (await act('leaveChat', { chat_id: chat.id }, 'Left the chat')) { close(); refreshChats(); }
      })));
  }, 'wide');
}

function memberRow(chat, m, boss, reload) {
  const u = m.user;
  const row = el('li', { class: 'row between member' },
    el('span', null, `${isBotUser(u) ? '🤖 ' : ''}${userLine(u)} `, el('span', { class: 'muted', text: m.status })));
  if (!boss || u.id === S.me.id || m.status === 'creator') return row;
  const b = (label, fn) => el('button', { type: 'button', text: label, onclick: fn });
  row.append(el('span', { class: 'row wrap' },
    b('Promote…', () => rightsDialog(`Promote ${nameOf(u)}`, ADMIN_RIGHTS, m, 'Promote', (rights) =>
      act('promoteChatMember', { chat_id: chat.id, user_id: u.id, ...rights }, 'Rights saved').then((ok) => ok && (reload(), true)))),
    chat.type !== 'channel' ? b('Restrict…', () => rightsDialog(`Restrict ${nameOf(u)}`, PERMISSIONS, m.status === 'restricted' ? m : null, 'Restrict', (perms) =>
      act('restrictChatMember', { chat_id: chat.id, user_id: u.id, permissions: perms, use_independent_chat_permissions: true }, 'Restricted').then((ok) => ok && (reload(), true)))) : null,
    b('Ban', async () => { if (await act('banChatMember', { chat_id: chat.id, user_id: u.id }, 'Banned')) reload(); }),
    b('Remove', async () => { if (await act('removeChatMember', { chat_id: chat.id, user_id: u.id }, 'Removed')) reload(); })));
  return row;
}

function rightsDialog(title, names, current, submitLabel, apply) {
  formDialog({
    title, submitLabel,
    fields: names.map((n) => ({ name: n, label: human(n), type: 'checkbox', checked: current ? !!current[n] : n === 'can_send_messages' })),
    submit: (v) => apply(v),
  });
}

function privateInfo(chat, box) {
  if (isPerson(chat.id)) {
    box.append(el('p', { class: 'muted', text: 'A private chat with a person.' }));
    return;
  }
  box.append(el('p', { class: 'muted', text: 'Loading…' }));
  S.person.call('getBotInfo', { chat_id: chat.id }, { quiet: true }).then((info) => {
    box.replaceChildren(
      el('p', { text: info.supports_inline ? 'Supports inline mode.' : 'No inline mode.' }),
      info.commands?.length ? el('ul', { class: 'plain' }, info.commands.map((c) => el('li', null, el('strong', { text: `/${c.command}` }), ` — ${c.description}`))) : el('p', { class: 'muted', text: 'No commands.' }),
      el('div', { class: 'row' },
        el('button', { type: 'button', text: 'Block bot', onclick: () => act('blockBot', { chat_id: chat.id }, 'Blocked') }),
        el('button', { type: 'button', text: 'Unblock bot', onclick: () => act('unblockBot', { chat_id: chat.id }, 'Unblocked') })));
  }, () => box.replaceChildren(el('p', { class: 'muted', text: 'A private chat.' })));
}

// ---------------------------------------------------------------- chat chooser

export function chooseChat(title) {
  return new Promise((resolve) => {
    let chosen = null;
    modal(title, (body, close) => {
      body.append(el('ul', { class: 'plain choose' }, [...S.chats.values()].map((e) => el('li', null,
        el('button', { type: 'button', class: 'choose-chat', text: nameOf(e.chat), onclick: () => { chosen = e.chat.id; close(); } })))));
    }).addEventListener('close', () => resolve(chosen));
  });
}
