#!/usr/bin/env python3
"""Rebuild api-10.3.json (PaulSonOfLars api.json shape) offline.

Step 1: convert aiogram .butcher/schema/schema.json @191a6d2 (Bot API 10.2) with the scrape.py text rules
        (aiogram_to_paul.py; proven byte-exact on 9.5 and structurally exact on 10.1).
Step 2: apply the 10.2 -> 10.3 delta, every value transcribed from PaulSonOfLars/telegram-bot-api-spec
        api.json @ d59462bb813375e5fd53e3969d59400969148bf7 (read through the file index; see report.md).
usage: build_api_10.3.py schema-10.2.aiogram.json api-10.3.json   (needs beautifulsoup4 + html5lib)
"""
import sys
SRC, DST = sys.argv[1], sys.argv[2]

import json
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from aiogram_to_paul import URL, convert  # noqa: E402  (step 1 is that converter, unchanged)


# ---- 10.3 delta ----
def apply_10_3_patches():
    global M, T, EMP
    def F(name, types, req, desc):
        return {"name": name, "types": types, "required": req, "description": desc}
    def insert_after(fields, after, *new):
        names = [f['name'] for f in fields]
        i = names.index(after) + 1 if after else 0
        fields[i:i] = list(new)
    def add_type_after(after, name, entry):
        global T
        items = list(T.items()); i = [k for k, _ in items].index(after) + 1
        items[i:i] = [(name, entry)]
        T.clear(); T.update(items)
    def add_method_after(after, name, entry):
        items = list(M.items()); i = [k for k, _ in items].index(after) + 1
        items[i:i] = [(name, entry)]
        M.clear(); M.update(items)

    # sendMessageDraft: can_stop, keep_on_stop (read from index chunk @112000)
    M['sendMessageDraft']['fields'] += [
        F("can_stop", ["Boolean"], False, 'Pass True to show the user a button to stop further drafts. The bot will receive an Update "stopped_message_generation" if the user presses the button.'),
        F("keep_on_stop", ["Boolean"], False, "Pass True to keep the draft in the chat when the button is pressed. The draft will still disappear after a short time or if the bot sends a message. To fully preserve the partial draft, the bot should send it as a new message."),
    ]
    M['sendMessageDraft']['fields'][2]['description'] += " Otherwise, the draft is replaced without animation."
    # editEphemeral* (index chunk @272500)
    e = M['editEphemeralMessageText']
    e['description'] = ["Use this method to edit an ephemeral text or rich message. Note that it is not guaranteed that the user will receive the message edit event, especially if they are offline. On success, True is returned."]
    fx = {f['name']: f for f in e['fields']}
    fx['text']['required'] = False
    fx['text']['description'] = "New text of the message, 1-4096 characters after entity parsing; required if rich_message isn't specified"
    insert_after(e['fields'], 'entities', F("rich_message", ["InputRichMessage"], False, "New rich content of the message; required if text isn't specified"))
    {f['name']: f for f in M['editEphemeralMessageMedia']['fields']}['media']['description'] = "A JSON-serialized object for the new media content of the message"
    insert_after(M['editEphemeralMessageCaption']['fields'], 'caption_entities', F("show_caption_above_media", ["Boolean"], False, "Pass True if the caption must be shown above the message media. Supported only for animation, photo and video messages."))
    # promoteChatMember (index chunk @139300)
    M['promoteChatMember']['fields'].append(F("can_send_welcome_messages", ["Boolean"], False, "Pass True if the administrator can manage chat welcome messages or directly send them in the case of bots"))
    # sendRichMessage / sendRichMessageDraft (index chunk @310900)
    insert_after(M['sendRichMessage']['fields'], 'direct_messages_topic_id', dict(EMP))
    _f = {f['name']: f for f in M['sendRichMessageDraft']['fields']}
    _f['draft_id']['description'] += " Otherwise, the draft is replaced without animation."
    _f['rich_message']['description'] = "The partial message to be streamed. Direct upload of new files and explicit upload of files by a URL isn't supported."
    M['sendRichMessageDraft']['fields'] += [dict(f) for f in M['sendMessageDraft']['fields'] if f['name'] in ('can_stop', 'keep_on_stop')]
    # Update.stopped_message_generation (index chunk @351100)
    T['Update']['fields'].append(F("stopped_message_generation", ["MessageGenerationStopped"], False, "Optional. A user asked the bot to stop the generation of a message"))
    # Message.community_chat_joined (index chunk @405000)
    insert_after(T['Message']['fields'], 'community_chat_added', F("community_chat_joined", ["CommunityChatJoined"], False, "Optional. Service message: chat was joined by a user from a Community"))
    # CommunityChatJoined (index chunk @509500)
    add_type_after('CommunityChatAdded', 'CommunityChatJoined', {
        "name": "CommunityChatJoined", "href": "https://core.telegram.org/bots/api#communitychatjoined",
        "description": ["Describes a service message about a chat being joined by a user from a community."],
        "fields": [F("community", ["Community"], True, "The community from which the chat was joined")]})
    T['CommunityChatAdded']['description'] = ["Describes a service message about a chat or a bot being added to a community."]
    T['CommunityChatAdded']['fields'][0]['description'] = "The new community to which the chat or the bot belongs"
    T['CommunityChatRemoved']['description'] = ["Describes a service message about a chat or a bot being removed from a community. Currently holds no information."]
    # EphemeralMessageParameters (index chunk @431400) -- note: no "description" key in upstream output
    add_type_after('ReplyParameters', 'EphemeralMessageParameters', {
        "name": "EphemeralMessageParameters", "href": "https://core.telegram.org/bots/api#ephemeralmessageparameters",
        "fields": [
            F("receiver_user_id", ["Integer"], True, "Identifier of the user who will receive the message. It is not guaranteed that the user will receive the message, especially if they are offline. See here for more details."),
            F("callback_query_id", ["String"], False, "Optional. Identifier of the callback query which triggered the message, if any"),
            F("replace_callback_query_message", ["Boolean"], False, "Optional. Pass True if the ephemeral message must be shown in place of the original message. Must be False for callback queries from ephemeral messages, which must be edited using regular editEphemeralMessage... methods."),
        ]})
    # MessageGenerationStopped (index chunk @494500)
    add_type_after('BotSubscriptionUpdated', 'MessageGenerationStopped', {
        "name": "MessageGenerationStopped", "href": "https://core.telegram.org/bots/api#messagegenerationstopped",
        "description": ["This object describes an update about a user stopping message generation."],
        "fields": [
            F("chat", ["Chat"], True, "Chat in which the message is generated"),
            F("message_thread_id", ["Integer"], False, "Optional. Unique identifier of the message thread in which the message is generated"),
            F("draft_id", ["Integer"], True, "Unique identifier of the message draft which was stopped"),
        ]})
    # ReplyKeyboardMarkup.force_reply (index chunk @548400)
    T['ReplyKeyboardMarkup']['fields'].append(F("force_reply", ["Boolean"], False, "Optional. Pass True if the reply interface must be shown to the user, as if they had manually selected the bot's message and tapped 'Reply'"))
    # InlineKeyboardMarkup.force_reply, InlineKeyboardButton.disabled, DisabledButton (index chunk @564400)
    T['InlineKeyboardMarkup']['fields'].append(F("force_reply", ["Boolean"], False, "Optional. Pass True if the reply interface must be shown to the user, as if they had manually selected the bot's message and tapped 'Reply'. The value of the field can't be changed when the inline keyboard is edited."))
    T['InlineKeyboardButton']['fields'].append(F("disabled", ["DisabledButton"], False, "Optional. If set, then the button is disabled and does nothing"))
    add_type_after('CopyTextButton', 'DisabledButton', {
        "name": "DisabledButton", "href": "https://core.telegram.org/bots/api#disabledbutton",
        "description": ["This object represents a disabled button which does nothing. Currently holds no information."]})
    # description edits seen in index chunk @564400
    {f['name']: f for f in T['InlineKeyboardButton']['fields']}['login_url']['description'] = "Optional. An HTTPS URL used to automatically authorize the user. Can be used as a replacement for the Telegram Login Widget. Not supported for ephemeral messages."
    T['LoginUrl']['description'] = ["This object represents a parameter of the inline keyboard button used to automatically authorize a user. It serves as a great replacement for the Telegram Login Widget when the user is coming from Telegram. All the user needs to do is tap/click a button and confirm that they want to log in:"]
    {f['name']: f for f in T['LoginUrl']['fields']}['bot_username']['description'] = "Optional. Username of a bot, which will be used for user authorization; not supported in RichMessageButton. See Setting up a bot for more details. If not specified, the current bot's username will be assumed. The url's domain must be the same as the domain linked with the bot. See Linking your domain to the bot for more details."
    {f['name']: f for f in T['ForceReply']['fields']}['force_reply']['description'] = "Shows reply interface to the user, as if they had manually selected the bot's message and tapped 'Reply'"
    # can_send_welcome_messages (index chunk @585600) -- REQUIRED (no "Optional." prefix) in both types
    _W = F("can_send_welcome_messages", ["Boolean"], True, "True, if the administrator can manage chat welcome messages or directly send them in the case of bots")
    T['ChatAdministratorRights']['fields'].append(dict(_W))
    insert_after(T['ChatMemberAdministrator']['fields'], 'can_manage_tags', dict(_W))
    for _t in ('ChatAdministratorRights', 'ChatMemberAdministrator'):
        {f['name']: f for f in T[_t]['fields']}['can_manage_tags']['description'] = "Optional. True, if the administrator can edit the tags of regular members; for groups and supergroups only"
    # Rich messages part 1 (index chunk @748700)
    _f = {f['name']: f for f in T['InputRichMessage']['fields']}
    _f['media']['description'] = "Optional. List of media that are specified in the markdown or html fields using tg://photo?id=, tg://video?id=, tg://document?id=, and tg://audio?id= links"
    _f = {f['name']: f for f in T['InputRichMessageMedia']['fields']}
    _f['id']['description'] = "Unique identifier of the media used in a tg://photo?id=, tg://video?id=, tg://document?id=, or tg://audio?id= link. 1-64 characters, only A-Z, a-z, 0-9, _ and - are allowed."
    _f['media']['types'] = ["InputMediaAnimation", "InputMediaAudio", "InputMediaDocument", "InputMediaPhoto", "InputMediaVideo", "InputMediaVoiceNote"]
    add_type_after('InputRichMessageMedia', 'RichMessageButton', {
        "name": "RichMessageButton", "href": "https://core.telegram.org/bots/api#richmessagebutton",
        "description": ["This object represents a button in a RichMessage. Exactly one of the fields other than text and style must be used to specify the type of the button."],
        "fields": [
            F("text", ["RichText"], True, "Text of the button. May contain only plain text, RichTextCustomEmoji and RichTextDateTime entities."),
            F("style", ["String"], False, 'Optional. Style of the button. Must be one of "danger", "success", "primary", or "link" (the button is shown as a regular link without borders). Apps may use theme-specific colors for the button background and text based on the style. The style "link" is allowed only for callback buttons.'),
            F("url", ["String"], False, "Optional. HTTP or tg:// URL to be opened when the button is pressed. Links tg://user?id=<user_id> can be used to mention a user by their identifier without using a username, if this is allowed by their privacy settings."),
            F("callback_data", ["String"], False, "Optional. Data to be sent in a callback query to the bot when the button is pressed, 1-64 bytes"),
            F("web_app", ["WebAppInfo"], False, "Optional. Description of the Web App that will be launched when the user presses the button. The Web App will be able to send an arbitrary message on behalf of the user using the method answerWebAppQuery. Available only in private chats between a user and the bot. Not supported for messages sent on behalf of a business account."),
            F("login_url", ["LoginUrl"], False, "Optional. An HTTPS URL used to automatically authorize the user. Can be used as a replacement for the Telegram Login Widget. Not supported for ephemeral messages."),
            F("switch_inline_query", ["String"], False, "Optional. If set, pressing the button will prompt the user to select one of their chats, open that chat and insert the bot's username and the specified inline query in the input field. May be empty, in which case just the bot's username will be inserted. Not supported for messages sent in channel direct messages chats and on behalf of a business account."),
            F("switch_inline_query_current_chat", ["String"], False, "Optional. If set, pressing the button will insert the bot's username and the specified inline query in the current chat's input field. May be empty, in which case only the bot's username will be inserted. Not supported in channels and for messages sent in channel direct messages chats and on behalf of a business account."),
            F("switch_inline_query_chosen_chat", ["SwitchInlineQueryChosenChat"], False, "Optional. If set, pressing the button will prompt the user to select one of their chats of the specified type, open that chat and insert the bot's username and the specified inline query in the input field. Not supported for messages sent in channel direct messages chats and on behalf of a business account."),
            F("copy_text", ["CopyTextButton"], False, "Optional. A button that copies the specified text to the clipboard"),
            F("disabled", ["DisabledButton"], False, "Optional. If set, then the button is disabled and does nothing"),
        ]})
    def add_union_member(union, after, member):
        u = T[union]
        i = u['subtypes'].index(after) + 1
        u['subtypes'].insert(i, member)
        j = u['description'].index('- ' + after) + 1
        u['description'].insert(j, '- ' + member)
    add_union_member('RichText', 'RichTextBotCommand', 'RichTextButton')
    # Rich part 2 (index chunk @771500)
    add_type_after('RichTextBotCommand', 'RichTextButton', {
        "name": "RichTextButton", "href": "https://core.telegram.org/bots/api#richtextbutton",
        "description": ["A button."],
        "fields": [F("type", ["String"], True, 'Type of the rich text, always "button"'),
                   F("button", ["RichMessageButton"], True, "The button")],
        "subtype_of": ["RichText"]})
    add_union_member('RichBlock', 'RichBlockBlockQuotation', 'RichBlockExpandableBlockQuotation')
    add_union_member('RichBlock', 'RichBlockMap', 'RichBlockButtons')
    add_union_member('RichBlock', 'RichBlockAudio', 'RichBlockDocument')
    # UniqueGiftInfo gains text/entities/is_private (index chunk @650000) -- not in the research notes
    insert_after(T['UniqueGiftInfo']['fields'], 'origin',
        F("text", ["String"], False, "Optional. Text of the message that was added to the gift"),
        F("entities", ["Array of MessageEntity"], False, "Optional. Special entities that appear in the text"),
        F("is_private", ["Boolean"], False, "Optional. True, if the sender and gift text are shown only to the gift receiver; otherwise, everyone will be able to see them"))
    # Rich part 3 (index chunk @787500)
    add_type_after('RichBlockBlockQuotation', 'RichBlockExpandableBlockQuotation', {
        "name": "RichBlockExpandableBlockQuotation", "href": "https://core.telegram.org/bots/api#richblockexpandableblockquotation",
        "description": ['A block quotation, corresponding to the HTML tag <blockquote> with custom attribute "expandable".'],
        "fields": [F("type", ["String"], True, 'Type of the block, always "expandable_blockquote"'),
                   F("text", ["RichText"], True, "Content of the block"),
                   F("credit", ["RichText"], False, "Optional. Credit of the block")],
        "subtype_of": ["RichBlock"]})
    insert_after(T['RichBlockTable']['fields'], 'is_striped', F("is_compact", ["Boolean"], False, "Optional. True, if table cells have smaller indents"))
    add_type_after('RichBlockMap', 'RichBlockButtons', {
        "name": "RichBlockButtons", "href": "https://core.telegram.org/bots/api#richblockbuttons",
        "description": ["A block containing a list of buttons that are shown in one row, corresponding to the custom HTML tag <tg-button-row>."],
        "fields": [F("type", ["String"], True, 'Type of the block, always "buttons"'),
                   F("buttons", ["Array of RichMessageButton"], True, "The buttons"),
                   F("align", ["String"], False, 'Optional. Horizontal alignment of the buttons. Currently, must be one of "left", "center", or "right".')],
        "subtype_of": ["RichBlock"]})
    {f['name']: f for f in T['RichBlockMap']['fields']}['zoom']['description'] = "Map zoom level"
    # Rich part 4 (index chunk @803500)
    add_type_after('RichBlockAudio', 'RichBlockDocument', {
        "name": "RichBlockDocument", "href": "https://core.telegram.org/bots/api#richblockdocument",
        "description": ["A block with a general file, corresponding to the custom HTML tag <tg-document>."],
        "fields": [F("type", ["String"], True, 'Type of the block, always "document"'),
                   F("document", ["Document"], True, "The document"),
                   F("caption", ["RichBlockCaption"], False, "Optional. Caption of the block")],
        "subtype_of": ["RichBlock"]})
    add_union_member('InputRichBlock', 'InputRichBlockBlockQuotation', 'InputRichBlockExpandableBlockQuotation')
    add_union_member('InputRichBlock', 'InputRichBlockMap', 'InputRichBlockButtons')
    add_union_member('InputRichBlock', 'InputRichBlockAudio', 'InputRichBlockDocument')
    # Rich part 5 (index chunk @819500)
    add_type_after('InputRichBlockBlockQuotation', 'InputRichBlockExpandableBlockQuotation', {
        "name": "InputRichBlockExpandableBlockQuotation", "href": "https://core.telegram.org/bots/api#inputrichblockexpandableblockquotation",
        "description": ['A block quotation, corresponding to the HTML tag <blockquote> with custom attribute "expandable".'],
        "fields": [F("type", ["String"], True, 'Type of the block, always "expandable_blockquote"'),
                   F("text", ["RichText"], True, "Content of the block"),
                   F("credit", ["RichText"], False, "Optional. Credit of the block")],
        "subtype_of": ["InputRichBlock"]})
    insert_after(T['InputRichBlockTable']['fields'], 'is_striped', F("is_compact", ["Boolean"], False, "Optional. Pass True if table cells must have smaller indents"))
    add_type_after('InputRichBlockMap', 'InputRichBlockButtons', {
        "name": "InputRichBlockButtons", "href": "https://core.telegram.org/bots/api#inputrichblockbuttons",
        "description": ["A block containing a list of buttons that are shown in one row, corresponding to the custom HTML tag <tg-button-row>."],
        "fields": [F("type", ["String"], True, 'Type of the block, always "buttons"'),
                   F("buttons", ["Array of RichMessageButton"], True, "List of 1-8 buttons to send"),
                   F("align", ["String"], False, 'Optional. Horizontal alignment of the buttons. Currently, must be one of "left", "center", or "right".')],
        "subtype_of": ["InputRichBlock"]})
    add_type_after('InputRichBlockAudio', 'InputRichBlockDocument', {
        "name": "InputRichBlockDocument", "href": "https://core.telegram.org/bots/api#inputrichblockdocument",
        "description": ["A block with a general file, corresponding to the custom HTML tag <tg-document>."],
        "fields": [F("type", ["String"], True, 'Type of the block, always "document"'),
                   F("document", ["InputMediaDocument"], True, "The document. Caption is ignored."),
                   F("caption", ["RichBlockCaption"], False, "Optional. Caption of the block")],
        "subtype_of": ["InputRichBlock"]})
    _f = {f['name']: f for f in T['InputRichBlockMap']['fields']}
    for _n, _d in (('zoom', "Optional. Map zoom level; 0-24"), ('width', "Optional. Map width; 0-10000"), ('height', "Optional. Map height; 0-10000")):
        _f[_n]['required'] = False; _f[_n]['description'] = _d
    T['InputRichMessageContent']['fields'][0]['description'] = "The message to be sent. Only previously uploaded files may be used in the message."
    _f = {f['name']: f for f in T['Message']['fields']}
    _f['proximity_alert_triggered']['description'] = "Optional. Service message: a user in the chat triggered another user's proximity alert while sharing Live Location"
    _f['community_chat_added']['description'] = "Optional. Service message: chat or bot added to a Community"
    _f['community_chat_removed']['description'] = "Optional. Service message: chat or bot removed from a Community"
    T['VideoNote']['description'] = ["This object represents a video message."]
    M['sendVideoNote']['description'] = ["Use this method to send a rounded square MPEG4 video of up to 1 minute long. On success, the sent Message is returned."]
    {f['name']: f for f in M['answerCallbackQuery']['fields']}['cache_time']['description'] = "The maximum amount of time in seconds that the result of the callback query may be cached client-side. Defaults to 0."
    {f['name']: f for f in M['editMessageText']['fields']}['rich_message']['description'] = "New rich content of the message; required if text isn't specified. Direct upload of new files and explicit upload of files by a URL isn't supported when an inline message is edited."
    M['copyMessages']['description'] = [M['copyMessages']['description'][0].replace("field correct_option_id is known", "field correct_option_ids is known")]
    M['copyMessage']['description'] = [M['copyMessage']['description'][0].replace("field correct_option_id is known", "field correct_option_ids is known")]

d = convert(json.load(open(SRC)))
M, T = d['methods'], d['types']
d['version'] = 'Bot API 10.3'
d['release_date'] = 'August 24, 2026'
d['changelog'] = 'https://core.telegram.org/bots/api#august-24-2026'
EMP = {"name": "ephemeral_message_parameters", "types": ["EphemeralMessageParameters"], "required": False,
       "description": "A JSON-serialized object containing the parameters of the ephemeral message to send"}
SEND13 = ['sendMessage','sendPhoto','sendLivePhoto','sendAudio','sendDocument','sendVideo','sendAnimation','sendVoice',
          'sendVideoNote','sendLocation','sendVenue','sendContact','sendSticker']
for m in SEND13:
    fs = M[m]['fields']
    names = [f['name'] for f in fs]
    i = names.index('receiver_user_id'); assert names[i+1] == 'callback_query_id'
    fs[i:i+2] = [dict(EMP)]
apply_10_3_patches()
with open(DST, 'w') as f:
    json.dump(d, f, indent=2)
