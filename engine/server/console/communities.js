// communities.js — a chat's community in its Chat info: the community's chats (joined from
// here), and, for the person who may, making one with this chat, adding it to one of theirs or
// taking it out. Names are shown as text.
import { el, formDialog, toast } from './ui.js';
import { S, nameOf } from './state.js';

/** What a community service message says, or null. */
export function communityServiceText(m, who) {
  if (m.community_chat_added) return `${who} added this chat to the community “${m.community_chat_added.community.name}”`;
  if (m.community_chat_removed) return `${who} removed this chat from its community`;
  if (m.community_chat_joined) return `${who} joined from the community “${m.community_chat_joined.community.name}”`;
  return null;
}

/** The "Community" section of a supergroup's or channel's Chat info; `open(chatId)` opens a
 *  chat (closing the dialog). */
export function chatCommunity(chat, open) {
  if (chat.type !== 'supergroup' && chat.type !== 'channel') return null;
  if (chat.is_direct_messages) return null;
  const box = el('section', { class: 'community' }, el('h3', { text: 'Community' }));
  const body = el('div');
  box.append(body);
  const act = async (method, params, done) => {
    try {
      await S.person.call(method, params);
      toast(done);
      load();
    } catch { /* toast shown */ }
  };
  const load = async () => {
    let found = null;
    try { found = await S.person.call('getCommunity', { chat_id: chat.id }, { quiet: true }); } catch { found = null; }
    body.replaceChildren();
    if (!found) {
      body.append(el('p', { class: 'muted', text: 'In no community.' }),
        el('div', { class: 'row wrap' },
          el('button', { type: 'button', text: 'New community…', onclick: () => formDialog({
            title: 'New community', submitLabel: 'Create',
            fields: [{ name: 'name', label: 'Community name', required: true }],
            submit: async (v) => {
              try {
                await S.person.call('createCommunity', { name: v.name, chat_ids: JSON.stringify([chat.id]) });
                toast(`Community “${v.name}” created`);
                load();
                return true;
              } catch { return false; }
            },
          }) }),
          el('button', { type: 'button', text: 'Add to a community…', onclick: addToOwn })));
      return;
    }
    const mine = found.owner_id === S.me.id;
    body.append(el('p', null, el('strong', { text: found.community.name })));
    body.append(el('ul', { class: 'plain community-chats', 'aria-label': 'Chats of the community' }, found.chats.map((c) => el('li', { class: 'row between' },
      el('span', { text: `${c.chat.type === 'channel' ? '📢' : '👥'} ${nameOf(c.chat)}` }),
      c.chat.id === chat.id ? el('span', { class: 'muted', text: 'this chat' })
        : c.is_member ? el('button', { type: 'button', text: 'Open', onclick: () => open(c.chat.id) })
          : el('button', { type: 'button', class: 'primary', text: `Join ${nameOf(c.chat)}`, onclick: () => act('joinCommunityChat', { chat_id: c.chat.id }, `Joined ${nameOf(c.chat)}`) })))));
    if (found.bots.length) body.append(el('p', { class: 'muted', text: `Bots: ${found.bots.map((b) => `@${b.username}`).join(', ')}` }));
    if (mine) {
      body.append(el('button', { type: 'button', text: 'Remove from the community', onclick: () => act('removeCommunityChat', { community_id: found.community.id, chat_id: chat.id }, 'Removed from the community') }));
    }
  };
  async function addToOwn() {
    let own = [];
    try { own = (await S.person.call('getCommunities', {})).filter((c) => c.owner_id === S.me.id); } catch { return; }
    if (!own.length) { toast('You own no community yet'); return; }
    formDialog({
      title: 'Add to a community', submitLabel: 'Add',
      fields: [{ name: 'community', label: 'Community', type: 'select', options: own.map((c) => ({ value: String(c.community.id), label: c.community.name })) }],
      submit: async (v) => {
        try {
          await S.person.call('addCommunityChat', { community_id: Number(v.community), chat_id: chat.id });
          toast('Added to the community');
          load();
          return true;
        } catch { return false; }
      },
    });
  }
  load();
  return box;
}
