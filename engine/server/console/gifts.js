// gifts.js — the person's gifts: what they own (the user-side getGifts), what the catalogue
// sells (getAvailableGifts) and sending one from their Stars (sendGift); a channel's gifts in
// its Chat info. A gift's text, and every name, is shown as text.
import { el, modal, formDialog, toast } from './ui.js';
import { S, nameOf } from './state.js';

/** A gift's sticker, loaded as the person's own file. */
function giftPicture(gift, size = 48) {
  const img = el('img', { class: 'gift-picture', width: size, height: size, alt: `Gift ${gift.sticker?.emoji || ''}` });
  if (gift.sticker?.file_id) S.person.fileUrl(gift.sticker.file_id).then((url) => { img.src = url; }, () => {});
  return img;
}

/** What a gift costs, and how many are left of a limited one. */
export function giftPrice(gift) {
  const left = gift.total_count ? ` · ${gift.remaining_count} of ${gift.total_count} left` : '';
  return `${gift.sticker?.emoji || '🎁'} ${gift.star_count} ⭐${left}`;
}

/** One owned gift: its picture, price, sender and text. */
function ownedRow(owned) {
  const from = owned.sender_user ? ` from ${nameOf(owned.sender_user)}` : ' from someone';
  const line = el('div', null,
    el('strong', { text: giftPrice(owned.gift) }),
    el('span', { class: 'muted', text: `${from}${owned.is_private ? ' · private' : ''} · ${new Date(owned.send_date * 1000).toLocaleDateString()}` }));
  const text = owned.text ? el('div', { class: 'gift-text', text: owned.text }) : null;
  return el('li', { class: 'row gift' }, giftPicture(owned.gift), el('div', null, line, text));
}

/** The list of `owner`'s gifts (`{}`: the person's own, `{chat_id}`: a channel's). */
async function loadGifts(list, owner) {
  let owned;
  try { owned = await S.person.call('getGifts', owner, { quiet: true }); } catch { return 0; }
  list.replaceChildren(...owned.gifts.map(ownedRow));
  if (!owned.gifts.length) list.append(el('li', { class: 'muted', text: 'No gifts yet.' }));
  return owned.total_count;
}

/** The person's gifts, their Stars, and a button to send one. */
export function giftsDialog() {
  modal('Gifts', (body) => {
    const stars = el('p', { class: 'muted', text: 'Stars: …' });
    const list = el('ul', { class: 'plain gifts', 'aria-label': 'Your gifts' });
    const refresh = async () => {
      try { stars.textContent = `You have ${(await S.person.call('getStarBalance', {}, { quiet: true })).amount} ⭐`; } catch { /* shown as before */ }
      await loadGifts(list, {});
    };
    body.append(stars,
      el('div', { class: 'row end' }, el('button', { type: 'button', class: 'primary', text: 'Send a gift', onclick: () => sendGiftDialog().then(refresh) })),
      el('h3', { text: 'Your gifts' }), list);
    refresh();
  });
}

/** Sending a gift of the catalogue to a person or a channel, from the person's Stars. */
async function sendGiftDialog() {
  let catalogue;
  try { catalogue = (await S.person.call('getAvailableGifts')).gifts; } catch { return; }
  const people = (S.overview?.people || []).map((p) => p.user).filter((u) => u.id !== S.me.id);
  const channels = [...S.chats.values()].map((e) => e.chat).filter((c) => c.type === 'channel');
  const to = [...people.map((u) => ({ value: `user:${u.id}`, label: nameOf(u) })), ...channels.map((c) => ({ value: `chat:${c.id}`, label: `📢 ${nameOf(c)}` }))];
  if (!to.length || !catalogue.length) {
    toast(to.length ? 'The catalogue is empty' : 'Nobody to send a gift to');
    return;
  }
  await formDialog({
    title: 'Send a gift',
    submitLabel: 'Send',
    fields: [
      { name: 'to', label: 'To', type: 'select', value: to[0].value, options: to },
      { name: 'gift', label: 'Gift', type: 'select', value: catalogue[0].id, options: catalogue.map((g) => ({ value: g.id, label: giftPrice(g) })) },
      { name: 'text', label: 'Message (up to 128 characters)', maxlength: 128 },
      { name: 'private', label: 'Only they see who sent it and the message', type: 'checkbox' },
    ],
    submit: async (v) => {
      const [kind, id] = v.to.split(':');
      const target = kind === 'user' ? { user_id: Number(id) } : { chat_id: Number(id) };
      try {
        const sent = await S.person.call('sendGift', { ...target, gift_id: v.gift, text: v.text, is_private: v.private });
        toast(`Gift sent · you have ${sent.star_balance} ⭐`);
      } catch { return false; }
      return true;
    },
  });
}

/** A channel's gifts, for its Chat info (nothing for other chats). */
export function chatGifts(chat) {
  if (chat.type !== 'channel') return null;
  const list = el('ul', { class: 'plain gifts', 'aria-label': 'Gifts of the channel' });
  const box = el('div', { hidden: true }, el('h3', { text: 'Gifts' }), list);
  loadGifts(list, { chat_id: chat.id }).then((n) => { box.hidden = n === 0; });
  return box;
}
