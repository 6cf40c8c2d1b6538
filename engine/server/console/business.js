// business.js — the person's business account: connecting a bot in business mode with the
// rights they choose (the user-side connectBusinessBot, disconnectBusinessBot,
// getBusinessConnection), and people's stories (getStories), which business bots post on the
// accounts' behalf. Captions and names are shown as text.
import { el, modal, toast } from './ui.js';
import { S, nameOf } from './state.js';

/** The rights a person may give, with the words the apps use. */
const RIGHTS = [
  ['can_reply', 'Reply to messages'], ['can_read_messages', 'Mark messages as read'],
  ['can_delete_sent_messages', 'Delete messages it sent'], ['can_delete_all_messages', 'Delete all messages'],
  ['can_edit_name', 'Edit name'], ['can_edit_bio', 'Edit bio'], ['can_edit_profile_photo', 'Edit profile photo'],
  ['can_edit_username', 'Edit username'], ['can_view_gifts_and_stars', 'See gifts and Stars'],
  ['can_convert_gifts_to_stars', 'Convert gifts to Stars'], ['can_change_gift_settings', 'Change gift settings'],
  ['can_transfer_and_upgrade_gifts', 'Transfer and upgrade gifts'], ['can_transfer_stars', 'Transfer Stars'],
  ['can_manage_stories', 'Manage stories'],
];

/** The person's business bot: connected with the chosen rights, or disconnected. */
export function businessDialog() {
  modal('Business', (body, close) => {
    const status = el('p', { class: 'business-status', text: 'No bot manages your account.' });
    const bots = (S.overview?.bots || []).filter((b) => b.flags?.business).map((b) => b.user);
    const select = el('select', { id: 'business-bot' },
      bots.map((b) => el('option', { value: String(b.id), text: `${nameOf(b)} @${b.username}` })));
    const checks = RIGHTS.map(([name, label]) => el('label', { class: 'check' },
      el('input', { type: 'checkbox', name, checked: name === 'can_reply' || name === 'can_read_messages' }), ' ', label));
    const rights = el('fieldset', { class: 'checks' }, el('legend', { text: 'What the bot may do' }), checks);
    const disconnect = el('button', { type: 'button', text: 'Disconnect', hidden: true, onclick: async () => {
      try { await S.person.call('disconnectBusinessBot'); } catch { return; }
      toast('Disconnected');
      close();
    } });
    const connect = el('button', { type: 'button', class: 'primary', text: 'Connect', disabled: bots.length === 0, onclick: async () => {
      const chosen = {};
      for (const box of rights.querySelectorAll('input:checked')) chosen[box.name] = true;
      try {
        const made = await S.person.call('connectBusinessBot', { bot_id: Number(select.value), rights: chosen });
        toast(`Connected ${nameOf(made.bot)}`);
      } catch { return; }
      close();
    } });
    body.append(status,
      bots.length ? el('div', { class: 'field' }, el('label', { for: 'business-bot', text: 'Bot' }), select)
        : el('p', { class: 'muted', text: 'No bot is in business mode (the operator turns it on).' }),
      rights, el('div', { class: 'row end' }, disconnect, connect));
    S.person.call('getBusinessConnection', {}, { quiet: true }).then((current) => {
      if (!current) return;
      status.textContent = `${nameOf(current.bot)} manages your account${current.is_enabled ? '' : ' (disabled)'}.`;
      disconnect.hidden = false;
      select.value = String(current.bot.id);
      for (const box of rights.querySelectorAll('input')) box.checked = !!current.rights?.[box.name];
    }, () => {});
  });
}

/** One story: its picture (or a note for a video), its caption as text, when it ends. */
function storyItem(story) {
  const sizes = story.content?.photo;
  const picture = el('div', { class: 'story-media' });
  if (sizes?.length) {
    const best = sizes[sizes.length - 1];
    const img = el('img', { alt: 'Story', width: 120, height: Math.round(120 * best.height / best.width) });
    S.person.fileUrl(best.file_id).then((url) => { img.src = url; }, () => {});
    picture.append(img);
  } else if (story.content?.video) {
    picture.append(el('span', { class: 'muted', text: 'Video story' }));
  }
  const ends = story.is_active ? `until ${new Date(story.expiration_date * 1000).toLocaleString()}` : 'on the profile page';
  return el('li', { class: 'row story' }, picture, el('div', null,
    el('div', { class: 'story-caption', text: story.caption || '' }),
    el('div', { class: 'muted', text: `Story ${story.id} · ${ends}${story.repost_of ? ' · repost' : ''}` })));
}

/** People's stories: the chosen person's still shown or kept on their page. */
export function storiesDialog() {
  modal('Stories', (body) => {
    const people = (S.overview?.people || []).map((p) => p.user);
    if (S.me && !people.some((p) => p.id === S.me.id)) people.unshift(S.me);
    const select = el('select', { id: 'stories-of', 'aria-label': 'Stories of' },
      people.map((p) => el('option', { value: String(p.id), text: p.id === S.me?.id ? `${nameOf(p)} (you)` : nameOf(p) })));
    const list = el('ul', { class: 'plain stories', 'aria-label': 'Stories' });
    const load = async () => {
      let stories = [];
      try { stories = await S.person.call('getStories', { user_id: Number(select.value) }, { quiet: true }); } catch { /* none shown */ }
      list.replaceChildren(...stories.map(storyItem));
      if (!stories.length) list.append(el('li', { class: 'muted', text: 'No stories.' }));
    };
    select.addEventListener('change', load);
    if (S.me) select.value = String(S.me.id);
    body.append(el('div', { class: 'field' }, el('label', { for: 'stories-of', text: 'Stories of' }), select), list);
    load();
  });
}
