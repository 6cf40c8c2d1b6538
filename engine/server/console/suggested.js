// suggested.js — a channel's direct messages and suggested posts: turning them on and off (the
// channel's owner), opening them (anyone: "Message the channel"), suggesting a post with a
// price in Stars, and what a suggestion and its service messages say. All as text.
import { el, formDialog, toast } from './ui.js';
import { S, nameOf, hooks } from './state.js';

/** A suggested post's price as shown. */
function priceOf(price) {
  return price ? `${price.amount} ⭐` : 'free';
}

/** The line a message suggested to a channel carries: its price, date and state. */
export function suggestionLine(m) {
  const info = m.suggested_post_info;
  if (!info) return null;
  const when = info.send_date ? ` · for ${new Date(info.send_date * 1000).toLocaleString()}` : '';
  return el('div', { class: `suggestion ${info.state}`, text: `Suggested post · ${priceOf(info.price)}${when} · ${info.state}` });
}

/** The topic a message of a channel's direct messages is in, for the channel's administrators
 *  (who see every topic; a person sees only their own). */
export function topicLine(m) {
  const topic = m.direct_messages_topic;
  if (!topic || !S.me || topic.topic_id === S.me.id) return null;
  return el('span', { class: 'via', text: `in ${nameOf(topic.user) || topic.topic_id}'s topic` });
}

/** The service messages of suggested posts and direct messages, or null. */
export function suggestedServiceText(m) {
  const quoted = (x) => {
    const s = x?.suggested_post_message;
    const text = s?.text ?? s?.caption ?? '';
    return text ? ` “${text.length > 40 ? `${text.slice(0, 40)}…` : text}”` : '';
  };
  if (m.direct_message_price_changed) {
    return m.direct_message_price_changed.are_direct_messages_enabled ? 'Direct messages to the channel are on' : 'Direct messages to the channel are off';
  }
  if (m.suggested_post_approved) {
    const a = m.suggested_post_approved;
    return `Suggested post${quoted(a)} approved · ${priceOf(a.price)} · published ${new Date(a.send_date * 1000).toLocaleString()}`;
  }
  if (m.suggested_post_approval_failed) {
    const f = m.suggested_post_approval_failed;
    return `Suggested post${quoted(f)} could not be approved: ${priceOf(f.price)} needed`;
  }
  if (m.suggested_post_declined) {
    const d = m.suggested_post_declined;
    return `Suggested post${quoted(d)} declined${d.comment ? `: ${d.comment}` : ''}`;
  }
  if (m.suggested_post_paid) {
    const p = m.suggested_post_paid;
    return `The channel was paid ${p.star_amount ? `${p.star_amount.amount} ⭐` : `${p.amount} ${p.currency}`} for${quoted(p) || ' a post'}`;
  }
  if (m.suggested_post_refunded) {
    const r = m.suggested_post_refunded;
    return `Refunded for${quoted(r) || ' a post'}: ${r.reason === 'post_deleted' ? 'the post was deleted' : 'the payment was refunded'}`;
  }
  return null;
}

/** The composer's "Suggest post…" dialog, in a channel's direct messages: the post's text, a
 *  price in Stars (0: free) and, optionally, a date; `send` posts it (compose.js's sendWith). */
export function suggestDialog(send) {
  formDialog({
    title: 'Suggest a post', submitLabel: 'Suggest',
    fields: [
      { name: 'text', label: 'Post', required: true },
      { name: 'stars', label: 'Price in Stars (0: free)', type: 'number', value: '0' },
    ],
    submit: async (v) => {
      const stars = Number(v.stars || 0);
      const parameters = stars > 0 ? { price: { currency: 'XTR', amount: stars } } : {};
      return !!(await send('sendMessage', { text: v.text, suggested_post_parameters: JSON.stringify(parameters) }));
    },
  });
}

/** A channel's "Direct messages" section of its Chat info: their state, "Message the channel"
 *  (opens them) and the owner's switch; `opened` closes the dialog first. */
export function channelDirect(chat, opened) {
  if (chat.type !== 'channel') return null;
  const status = el('p', { class: 'muted', text: 'Direct messages…' });
  const open = el('button', { type: 'button', class: 'primary', text: 'Message the channel', hidden: true });
  const turn = el('button', { type: 'button', text: 'Turn direct messages on' });
  let direct = null;
  const load = async () => {
    try {
      direct = await S.person.call('getDirectMessagesChat', { chat_id: chat.id }, { quiet: true });
    } catch {
      direct = null; // not the person's to see
    }
    status.textContent = direct ? 'On: anyone may write to the channel, and suggest posts.' : 'Off.';
    open.hidden = !direct;
    turn.textContent = direct ? 'Turn direct messages off' : 'Turn direct messages on';
  };
  open.addEventListener('click', async () => {
    if (!direct) return;
    if (!S.chats.has(direct.id)) S.chats.set(direct.id, { chat: direct, last_message: null, unread_count: 0 });
    opened();
    await hooks.openChat(direct.id);
  });
  turn.addEventListener('click', async () => {
    const on = !direct;
    try {
      await S.person.call('setChatDirectMessagesGroup', { chat_id: chat.id, is_enabled: on });
      toast(on ? 'Direct messages on' : 'Direct messages off');
    } catch { /* toast shown */ }
    load();
  });
  load();
  return el('section', { class: 'direct-messages' }, el('h3', { text: 'Direct messages' }), status, el('div', { class: 'row wrap' }, open, turn));
}
