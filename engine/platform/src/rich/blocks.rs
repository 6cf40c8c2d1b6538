//! A rich message's HTML tree (read by [`super::html`], or made from Markdown by
//! [`super::markdown`]) made into the blocks the Bot API describes, each kind from the tag its
//! documentation names:
//!
//! | blocks | tags |
//! |---|---|
//! | paragraph, heading, pre, footer, divider | `p`, `h1`–`h6`, `pre` (its `code class="language-…"`), `footer`, `hr` |
//! | mathematical expression, anchor, thinking | `tg-math-block`, `a name` alone, `tg-thinking` |
//! | list | `ul` / `ol` (`start`, `type`) of `li` (`value`, `type`; an `input type="checkbox"` first, `checked`) |
//! | quotations | `blockquote` (`expandable`), `aside`; a `cite` in either is the credit |
//! | collage, slideshow | `tg-collage`, `tg-slideshow` of media |
//! | table | `table` (`bordered`, `striped`, `compact`; `caption`) of `tr` of `td` / `th` (`colspan`, `rowspan`, `align`, `valign`) |
//! | details | `details` (`open`) with its `summary` |
//! | map | `tg-map` (`latitude`/`lat`, `longitude`/`long`/`lon`, `zoom`, `width`, `height`) |
//! | buttons | `tg-button-row` (`align`) of `tg-button`/`button` |
//! | media | `img`, `video`, `audio`, `tg-document` (`src`: a `tg://photo?id=…` link to the message's `media`, or a file); a `figure` gives one a `figcaption` (its `cite` the credit) |
//!
//! and in text `b`/`strong`, `i`/`em`, `u`/`ins`, `s`/`strike`/`del`, `tg-spoiler` (or `span
//! class="tg-spoiler"`), `sub`, `sup`, `mark`, `code`, `tg-emoji emoji-id`, `tg-time unix format`,
//! `tg-math`, `a href` (a link; `mailto:`, `tel:`, `#anchor` and `tg://user?id=` links become their
//! kinds), `a name` (an anchor), `tg-reference name` / `a href="^name"` (references), `br`, and a
//! button. Text outside any block becomes a paragraph; text between blocks that is only blanks is
//! dropped. Unless the bot asked not to, links, mentions, hashtags, cashtags, commands, e-mail
//! addresses and phone numbers in plain text become their kinds, as in other messages.

use std::collections::{HashMap, HashSet};

use msg_spec::types::{
    self, InputRichBlock as In, InputRichBlockListItem, RichBlockCaption, RichBlockTableCell, RichMessageButton,
    RichText,
};
use serde_json::{Value, json};

use super::html::{Element, Node};

/// What a conversion refers to: the message's `media` by id, the people `tg://user?id=` links
/// name, and whether plain text is searched for links and the like.
pub(super) struct Context<'a> {
    pub media: &'a HashMap<String, Value>,
    pub users: &'a HashMap<i64, types::User>,
    /// The names `tg-reference` tags give (a `#name` link to one is a reference link).
    pub references: &'a HashSet<String>,
    pub detect: bool,
}

type Read<T> = Result<T, String>;

/// The tags that make blocks (anything else is text).
const BLOCK_TAGS: &[&str] = &[
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "pre",
    "footer",
    "hr",
    "tg-math-block",
    "ul",
    "ol",
    "blockquote",
    "aside",
    "tg-collage",
    "tg-slideshow",
    "table",
    "details",
    "tg-map",
    "tg-button-row",
    "img",
    "video",
    "audio",
    "tg-document",
    "figure",
    "tg-thinking",
];

fn is_block(node: &Node) -> bool {
    matches!(node, Node::Element(e) if BLOCK_TAGS.contains(&e.name.as_str()) && !is_emoji_image(e))
}

/// `<img src="tg://emoji?id=…" alt="…"/>`: a custom emoji in text.
fn is_emoji_image(e: &Element) -> bool {
    e.name == "img" && e.attribute("src").is_some_and(|src| src.starts_with("tg://emoji?"))
}

fn blank(node: &Node) -> bool {
    matches!(node, Node::Text(t) if t.trim().is_empty())
}

/// A lone `<a name="…"></a>` standing where blocks go.
fn lone_anchor(run: &[&Node]) -> Option<String> {
    let solid: Vec<&&Node> = run.iter().filter(|n| !blank(n)).collect();
    match solid.as_slice() {
        [Node::Element(a)] if a.name == "a" && a.attribute("href").is_none() && a.children.iter().all(blank) => {
            a.attribute("name").map(str::to_owned)
        }
        _ => None,
    }
}

impl Context<'_> {
    /// `nodes` where blocks go: each block tag a block, each run of text a paragraph.
    pub fn blocks(&self, nodes: &[Node]) -> Read<Vec<In>> {
        let mut out = Vec::new();
        let mut run: Vec<&Node> = Vec::new();
        for node in nodes {
            if is_block(node) {
                self.paragraph(&mut run, &mut out)?;
                let Node::Element(element) = node else { unreachable!("blocks are elements") };
                // An empty paragraph (`<p></p>`) is no block.
                if element.name == "p" && element.children.iter().all(blank) {
                    continue;
                }
                out.push(self.block(element)?);
            } else {
                run.push(node);
            }
        }
        self.paragraph(&mut run, &mut out)?;
        Ok(out)
    }

    /// The text gathered between blocks, as a paragraph (nothing if only blanks).
    fn paragraph(&self, run: &mut Vec<&Node>, out: &mut Vec<In>) -> Read<()> {
        if run.iter().all(|n| blank(n)) {
            run.clear();
            return Ok(());
        }
        if let Some(name) = lone_anchor(run) {
            out.push(In::InputRichBlockAnchor(types::InputRichBlockAnchor { name }));
            run.clear();
            return Ok(());
        }
        let nodes: Vec<Node> = run.drain(..).cloned().collect();
        let text = trim(self.text(&nodes)?);
        out.push(In::InputRichBlockParagraph(types::InputRichBlockParagraph { text: Box::new(text) }));
        Ok(())
    }

    fn block(&self, e: &Element) -> Read<In> {
        let text = |nodes: &[Node]| self.text(nodes).map(|t| Box::new(trim(t)));
        Ok(match e.name.as_str() {
            "p" => In::InputRichBlockParagraph(types::InputRichBlockParagraph { text: text(&e.children)? }),
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                let size = i64::from(e.name.as_bytes()[1] - b'0');
                In::InputRichBlockSectionHeading(types::InputRichBlockSectionHeading { text: text(&e.children)?, size })
            }
            "pre" => self.preformatted(e)?,
            "footer" => In::InputRichBlockFooter(types::InputRichBlockFooter { text: text(&e.children)? }),
            "hr" => In::InputRichBlockDivider(types::InputRichBlockDivider {}),
            "tg-math-block" => In::InputRichBlockMathematicalExpression(types::InputRichBlockMathematicalExpression {
                expression: plain(&e.children).trim().to_owned(),
            }),
            "tg-thinking" => In::InputRichBlockThinking(types::InputRichBlockThinking { text: text(&e.children)? }),
            "ul" | "ol" => self.list(e)?,
            "blockquote" => {
                let (inner, credit) = self.credited(&e.children)?;
                if e.has("expandable") || e.has("collapsed") {
                    In::InputRichBlockExpandableBlockQuotation(types::InputRichBlockExpandableBlockQuotation {
                        text: text(&inner)?,
                        credit,
                    })
                } else {
                    In::InputRichBlockBlockQuotation(types::InputRichBlockBlockQuotation {
                        blocks: self.blocks(&inner)?,
                        credit,
                    })
                }
            }
            "aside" => {
                let (inner, credit) = self.credited(&e.children)?;
                In::InputRichBlockPullQuotation(types::InputRichBlockPullQuotation { text: text(&inner)?, credit })
            }
            "tg-collage" | "tg-slideshow" => {
                let (inner, caption) = self.captioned(&e.children)?;
                let blocks = self.blocks(&inner)?;
                if let Some(other) = blocks.iter().find(|b| !is_media(b)) {
                    return Err(format!(
                        "Tag \"{}\" at byte offset {} may hold only media, not a {}",
                        e.name,
                        e.at,
                        kind_name(other)
                    ));
                }
                match e.name.as_str() {
                    "tg-collage" => In::InputRichBlockCollage(types::InputRichBlockCollage { blocks, caption }),
                    _ => In::InputRichBlockSlideshow(types::InputRichBlockSlideshow { blocks, caption }),
                }
            }
            "figure" => {
                let (inner, caption) = self.captioned(&e.children)?;
                let mut blocks = self.blocks(&inner)?;
                if blocks.len() != 1 {
                    return Err(format!("Tag \"figure\" at byte offset {} must hold exactly one block", e.at));
                }
                let mut block = blocks.pop().expect("one block");
                set_caption(&mut block, caption).map_err(|kind| {
                    format!("A {kind} can't have a caption (tag \"figure\" at byte offset {})", e.at)
                })?;
                block
            }
            "table" => self.table(e)?,
            "details" => {
                let summary = e.children.iter().find_map(|n| match n {
                    Node::Element(s) if s.name == "summary" => Some(s),
                    _ => None,
                });
                let rest: Vec<Node> = e
                    .children
                    .iter()
                    .filter(|n| !matches!(n, Node::Element(s) if s.name == "summary"))
                    .cloned()
                    .collect();
                let summary = match summary {
                    Some(s) => text(&s.children)?,
                    None => return Err(format!("Tag \"details\" at byte offset {} must have a \"summary\"", e.at)),
                };
                In::InputRichBlockDetails(types::InputRichBlockDetails {
                    summary,
                    blocks: self.blocks(&rest)?,
                    is_open: e.has("open").then_some(true),
                })
            }
            "tg-map" => self.map(e)?,
            "tg-button-row" => {
                let mut buttons = Vec::new();
                for child in &e.children {
                    match child {
                        Node::Element(b) if matches!(b.name.as_str(), "tg-button" | "button") => {
                            buttons.push(self.button(b)?)
                        }
                        n if blank(n) => {}
                        _ => {
                            return Err(format!("Tag \"tg-button-row\" at byte offset {} may hold only buttons", e.at));
                        }
                    }
                }
                In::InputRichBlockButtons(types::InputRichBlockButtons { buttons, align: alignment(e, "align")? })
            }
            "img" | "video" | "audio" | "tg-document" => self.media(e)?,
            other => return Err(format!("Unsupported start tag \"{other}\" at byte offset {}", e.at)),
        })
    }

    fn preformatted(&self, e: &Element) -> Read<In> {
        let solid: Vec<&Node> = e.children.iter().filter(|n| !blank(n)).collect();
        let (inner, language) = match solid.as_slice() {
            [Node::Element(code)] if code.name == "code" => {
                let language = code.attribute("class").and_then(|c| c.strip_prefix("language-")).map(str::to_owned);
                (&code.children, language)
            }
            _ => (&e.children, e.attribute("language").map(str::to_owned)),
        };
        let language = language.filter(|l| !l.is_empty());
        // Preformatted text keeps its blanks, and nothing in it is a link.
        let quiet = Context { detect: false, ..*self };
        Ok(In::InputRichBlockPreformatted(types::InputRichBlockPreformatted {
            text: Box::new(quiet.text(inner)?),
            language,
        }))
    }

    fn list(&self, e: &Element) -> Read<In> {
        let ordered = e.name == "ol";
        let kind = e.attribute("type").map(str::to_owned);
        if let Some(kind) = &kind
            && !["1", "a", "A", "i", "I"].contains(&kind.as_str())
        {
            return Err(format!("Unsupported list type \"{kind}\" at byte offset {}", e.at));
        }
        let mut next = match e.attribute("start") {
            Some(start) => number(start, "start", e)?,
            None => 1,
        };
        let mut items = Vec::new();
        for child in &e.children {
            let li = match child {
                Node::Element(li) if li.name == "li" => li,
                n if blank(n) => continue,
                _ => return Err(format!("Tag \"{}\" at byte offset {} may hold only \"li\" tags", e.name, e.at)),
            };
            let mut content: Vec<Node> = li.children.clone();
            // A leading checkbox (`<input type="checkbox" checked>`, or Markdown's `[x]`).
            let first = content.iter().position(|n| !blank(n));
            let mut checkbox = None;
            if let Some(Node::Element(input)) = first.map(|i| &content[i])
                && input.name == "input"
                && input.attribute("type").is_none_or(|t| t.eq_ignore_ascii_case("checkbox"))
            {
                checkbox = Some(input.has("checked"));
                content.remove(first.expect("found"));
            }
            let value = match li.attribute("value") {
                Some(v) => Some(number(v, "value", li)?),
                None => None,
            };
            let (value, item_kind) = match ordered {
                true => {
                    let value = value.unwrap_or(next);
                    next = value + 1;
                    (Some(value), Some(li.attribute("type").map(str::to_owned).or(kind.clone()).unwrap_or("1".into())))
                }
                false => (None, None),
            };
            items.push(InputRichBlockListItem {
                blocks: self.blocks(&content)?,
                has_checkbox: checkbox.map(|_| true),
                is_checked: checkbox.filter(|c| *c),
                value,
                r#type: item_kind,
            });
        }
        Ok(In::InputRichBlockList(types::InputRichBlockList { items }))
    }

    /// Children without their `cite`, and the cite's text as a credit.
    fn credited(&self, children: &[Node]) -> Read<(Vec<Node>, Option<Box<RichText>>)> {
        let mut credit = None;
        let mut rest = Vec::new();
        for child in children {
            match child {
                Node::Element(cite) if cite.name == "cite" => credit = Some(Box::new(trim(self.text(&cite.children)?))),
                other => rest.push(other.clone()),
            }
        }
        Ok((rest, credit))
    }

    /// Children without their `figcaption`, and the caption it makes.
    fn captioned(&self, children: &[Node]) -> Read<(Vec<Node>, Option<Box<RichBlockCaption>>)> {
        let mut caption = None;
        let mut rest = Vec::new();
        for child in children {
            match child {
                Node::Element(figcaption) if figcaption.name == "figcaption" => {
                    let (inner, credit) = self.credited(&figcaption.children)?;
                    caption = Some(Box::new(RichBlockCaption { text: Box::new(trim(self.text(&inner)?)), credit }));
                }
                other => rest.push(other.clone()),
            }
        }
        Ok((rest, caption))
    }

    fn table(&self, e: &Element) -> Read<In> {
        let mut rows: Vec<&Element> = Vec::new();
        let mut caption = None;
        for child in &e.children {
            match child {
                Node::Element(c) if c.name == "caption" => caption = Some(Box::new(trim(self.text(&c.children)?))),
                Node::Element(tr) if tr.name == "tr" => rows.push(tr),
                Node::Element(part) if matches!(part.name.as_str(), "thead" | "tbody" | "tfoot") => {
                    for row in &part.children {
                        match row {
                            Node::Element(tr) if tr.name == "tr" => rows.push(tr),
                            n if blank(n) => {}
                            _ => {
                                return Err(format!(
                                    "Tag \"{}\" at byte offset {} may hold only rows",
                                    part.name, part.at
                                ));
                            }
                        }
                    }
                }
                n if blank(n) => {}
                _ => return Err(format!("Tag \"table\" at byte offset {} may hold only rows and a caption", e.at)),
            }
        }
        let mut cells = Vec::with_capacity(rows.len());
        for tr in rows {
            let mut row = Vec::new();
            for cell in &tr.children {
                let td = match cell {
                    Node::Element(td) if matches!(td.name.as_str(), "td" | "th") => td,
                    n if blank(n) => continue,
                    _ => return Err(format!("Tag \"tr\" at byte offset {} may hold only cells", tr.at)),
                };
                let header = td.name == "th";
                let span = |name: &str| -> Read<Option<i64>> {
                    match td.attribute(name) {
                        Some(v) => Ok(Some(number(v, name, td)?).filter(|n| *n > 1)),
                        None => Ok(None),
                    }
                };
                let empty = td.children.iter().all(blank);
                row.push(RichBlockTableCell {
                    text: if empty { None } else { Some(Box::new(trim(self.text(&td.children)?))) },
                    is_header: header.then_some(true),
                    colspan: span("colspan")?,
                    rowspan: span("rowspan")?,
                    align: alignment(td, "align")?.unwrap_or_else(|| "left".to_owned()),
                    valign: vertical(td)?,
                });
            }
            cells.push(row);
        }
        Ok(In::InputRichBlockTable(types::InputRichBlockTable {
            cells,
            is_bordered: e.has("bordered").then_some(true),
            is_striped: e.has("striped").then_some(true),
            is_compact: e.has("compact").then_some(true),
            caption,
        }))
    }

    fn map(&self, e: &Element) -> Read<In> {
        let coordinate = |names: &[&str], limit: f64| -> Read<f64> {
            let (name, raw) = names.iter().find_map(|n| e.attribute(n).map(|v| (*n, v))).ok_or_else(|| {
                format!("Tag \"tg-map\" at byte offset {} must have attribute \"{}\"", e.at, names[0])
            })?;
            raw.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && v.abs() <= limit)
                .ok_or_else(|| format!("Invalid \"{name}\" of the tag \"tg-map\" at byte offset {}", e.at))
        };
        let latitude = coordinate(&["latitude", "lat"], 90.0)?;
        let longitude = coordinate(&["longitude", "long", "lon", "lng"], 180.0)?;
        let optional = |name: &str| -> Read<Option<i64>> { e.attribute(name).map(|v| number(v, name, e)).transpose() };
        Ok(In::InputRichBlockMap(types::InputRichBlockMap {
            location: Box::new(types::Location { latitude, longitude, ..types::Location::default() }),
            zoom: optional("zoom")?,
            width: optional("width")?,
            height: optional("height")?,
            caption: None,
        }))
    }

    /// A media tag: its file from the message's `media` (a `tg://<kind>?id=` link) or named
    /// directly (a `file_id` or URL, taken as the tag's kind).
    fn media(&self, e: &Element) -> Read<In> {
        let src = e
            .attribute("src")
            .filter(|s| !s.is_empty())
            .ok_or_else(|| format!("Tag \"{}\" at byte offset {} must have attribute \"src\"", e.name, e.at))?;
        // A file named directly is of the tag's kind; a GIF plays as an animation, an Ogg file
        // as a voice note.
        let path = src.split(['?', '#']).next().unwrap_or_default().to_ascii_lowercase();
        let tag_kind = match e.name.as_str() {
            "img" => "photo",
            "video" if path.ends_with(".gif") || e.has("loop") => "animation",
            "video" => "video",
            "audio" if path.ends_with(".ogg") || path.ends_with(".oga") || e.has("voice") => "voice_note",
            "audio" => "audio",
            _ => "document",
        };
        let mut media = match src.strip_prefix("tg://").and_then(|rest| rest.split_once("?id=")) {
            Some((link_kind, id)) => {
                let media =
                    self.media.get(id).ok_or_else(|| format!("Media \"{id}\" not found in the field \"media\""))?;
                let kind = media.get("type").and_then(Value::as_str).unwrap_or_default();
                let fits = match link_kind {
                    "photo" => kind == "photo",
                    "video" => matches!(kind, "video" | "animation"),
                    "audio" => matches!(kind, "audio" | "voice_note"),
                    "document" => kind == "document",
                    _ => return Err(format!("Unsupported media link \"{src}\" at byte offset {}", e.at)),
                };
                if !fits {
                    return Err(format!("Media \"{id}\" is a {kind}, not a {link_kind}"));
                }
                media.clone()
            }
            None => json!({"type": tag_kind, "media": src}),
        };
        if (e.has("tg-spoiler") || e.has("spoiler"))
            && let Some(object) = media.as_object_mut()
        {
            object.insert("has_spoiler".into(), Value::Bool(true));
        }
        let kind = media.get("type").and_then(Value::as_str).unwrap_or_default().to_owned();
        let block = json!({"type": kind, kind.clone(): media});
        serde_json::from_value::<In>(block).map_err(|error| format!("Can't parse media \"{src}\": {error}"))
    }

    /// A button (`tg-button`): its text, its `style`, and what it does by its `type`: `url`
    /// (`url`), `callback_data` (`data`), `web_app` (`url`), `login_url` (`url`, `forward-text`,
    /// `request-write-access`), `switch_inline_query`, `switch_inline_query_current_chat` and
    /// `switch_inline_query_chosen_chat` (`query`; the last with `allow-user-chats`,
    /// `allow-bot-chats`, `allow-group-chats`, `allow-channel-chats`), `copy_text` (`text`) or
    /// `disabled`.
    fn button(&self, e: &Element) -> Read<RichMessageButton> {
        let get = |name: &str| e.attribute(name).map(str::to_owned);
        let needed = |name: &str| {
            get(name)
                .ok_or_else(|| format!("Tag \"{}\" at byte offset {} must have attribute \"{name}\"", e.name, e.at))
        };
        let flag = |name: &str| e.has(name).then_some(true);
        let mut button = RichMessageButton {
            text: Box::new(trim(self.text(&e.children)?)),
            style: get("style"),
            ..RichMessageButton::default()
        };
        match e.attribute("type").unwrap_or_default() {
            "url" => button.url = Some(needed("url")?),
            "callback_data" => button.callback_data = Some(needed("data")?),
            "web_app" => button.web_app = Some(Box::new(types::WebAppInfo { url: needed("url")? })),
            "login_url" => {
                button.login_url = Some(Box::new(types::LoginUrl {
                    url: needed("url")?,
                    forward_text: get("forward-text"),
                    request_write_access: flag("request-write-access"),
                    ..types::LoginUrl::default()
                }))
            }
            "switch_inline_query" => button.switch_inline_query = Some(get("query").unwrap_or_default()),
            "switch_inline_query_current_chat" => {
                button.switch_inline_query_current_chat = Some(get("query").unwrap_or_default())
            }
            "switch_inline_query_chosen_chat" => {
                button.switch_inline_query_chosen_chat = Some(Box::new(types::SwitchInlineQueryChosenChat {
                    query: get("query"),
                    allow_user_chats: flag("allow-user-chats"),
                    allow_bot_chats: flag("allow-bot-chats"),
                    allow_group_chats: flag("allow-group-chats"),
                    allow_channel_chats: flag("allow-channel-chats"),
                }))
            }
            "copy_text" => button.copy_text = Some(Box::new(types::CopyTextButton { text: needed("text")? })),
            "disabled" => button.disabled = Some(Box::default()),
            other => {
                return Err(format!(
                    "Unsupported button type \"{other}\" in the tag \"{}\" at byte offset {}",
                    e.name, e.at
                ));
            }
        }
        Ok(button)
    }

    /// Nodes where text goes.
    pub fn text(&self, nodes: &[Node]) -> Read<RichText> {
        let mut parts = Vec::new();
        for node in nodes {
            match node {
                Node::Text(text) => parts.extend(self.plain_text(text)),
                Node::Element(e) => parts.push(self.inline(e)?),
            }
        }
        Ok(joined(parts))
    }

    /// Plain text, with what the platform finds in it made into its kinds.
    fn plain_text(&self, text: &str) -> Vec<RichText> {
        if !self.detect {
            return vec![RichText::Text(text.to_owned())];
        }
        let units: Vec<u16> = text.encode_utf16().collect();
        let slice = |from: usize, to: usize| String::from_utf16_lossy(&units[from..to]);
        let mut parts = Vec::new();
        let mut at = 0;
        for found in crate::entities::detect(text) {
            let offset = found["offset"].as_u64().unwrap_or(0) as usize;
            let end = offset + found["length"].as_u64().unwrap_or(0) as usize;
            if offset < at || end > units.len() {
                continue;
            }
            if offset > at {
                parts.push(RichText::Text(slice(at, offset)));
            }
            let piece = slice(offset, end);
            // The rich-text kind of each entity kind the platform finds, and the field naming it.
            let (kind, field) = match found["type"].as_str().unwrap_or_default() {
                "url" => ("url", "url"),
                "email" => ("email_address", "email_address"),
                "phone_number" => ("phone_number", "phone_number"),
                "mention" => ("mention", "username"),
                "hashtag" => ("hashtag", "hashtag"),
                "cashtag" => ("cashtag", "cashtag"),
                "bot_command" => ("bot_command", "bot_command"),
                "bank_card_number" => ("bank_card_number", "bank_card_number"),
                _ => ("", ""),
            };
            let named = match kind {
                "url" if !piece.contains("://") => format!("http://{piece}"),
                "mention" => piece.trim_start_matches('@').to_owned(),
                _ => piece.clone(),
            };
            let value = json!({"type": kind, "text": piece, field: named});
            parts.push(serde_json::from_value(value).unwrap_or(RichText::Text(piece)));
            at = end;
        }
        if at < units.len() {
            parts.push(RichText::Text(slice(at, units.len())));
        }
        parts
    }

    fn inline(&self, e: &Element) -> Read<RichText> {
        let inner = || self.text(&e.children).map(Box::new);
        let wrap = |kind: &str| -> Read<RichText> {
            let value = json!({"type": kind, "text": self.text(&e.children)?});
            serde_json::from_value(value).map_err(|error| error.to_string())
        };
        Ok(match e.name.as_str() {
            "b" | "strong" => wrap("bold")?,
            "i" | "em" => wrap("italic")?,
            "u" | "ins" => wrap("underline")?,
            "s" | "strike" | "del" => wrap("strikethrough")?,
            "tg-spoiler" => wrap("spoiler")?,
            "span" if e.attribute("class") == Some("tg-spoiler") => wrap("spoiler")?,
            "span" => return Err(format!("Tag \"span\" must have class \"tg-spoiler\" at byte offset {}", e.at)),
            "sub" => wrap("subscript")?,
            "sup" => wrap("superscript")?,
            "mark" => wrap("marked")?,
            "code" => {
                let quiet = Context { detect: false, ..*self };
                let value = json!({"type": "code", "text": quiet.text(&e.children)?});
                serde_json::from_value(value).map_err(|error| error.to_string())?
            }
            "br" => RichText::Text("\n".into()),
            "img" if is_emoji_image(e) => {
                let src = e.attribute("src").unwrap_or_default();
                let id = src.split_once("id=").map(|(_, id)| id.split('&').next().unwrap_or_default());
                let id =
                    id.filter(|id| id.parse::<i64>().is_ok()).ok_or("Invalid custom emoji identifier specified")?;
                RichText::RichTextCustomEmoji(types::RichTextCustomEmoji {
                    r#type: "custom_emoji".into(),
                    custom_emoji_id: id.to_owned(),
                    alternative_text: e.attribute("alt").unwrap_or_default().to_owned(),
                })
            }
            "tg-emoji" => {
                let id = e.attribute("emoji-id").filter(|id| id.parse::<i64>().is_ok());
                let id = id.ok_or("Invalid custom emoji identifier specified")?;
                RichText::RichTextCustomEmoji(types::RichTextCustomEmoji {
                    r#type: "custom_emoji".into(),
                    custom_emoji_id: id.to_owned(),
                    alternative_text: plain(&e.children),
                })
            }
            "tg-time" => {
                let unix = e.attribute("unix").and_then(|u| u.trim().parse::<i64>().ok());
                let unix = unix
                    .ok_or_else(|| format!("Tag \"tg-time\" must have attribute \"unix\" at byte offset {}", e.at))?;
                RichText::RichTextDateTime(types::RichTextDateTime {
                    r#type: "date_time".into(),
                    text: inner()?,
                    unix_time: unix,
                    date_time_format: e.attribute("format").unwrap_or_default().to_owned(),
                })
            }
            "tg-math" => RichText::RichTextMathematicalExpression(types::RichTextMathematicalExpression {
                r#type: "mathematical_expression".into(),
                expression: plain(&e.children).trim().to_owned(),
            }),
            "tg-reference" => RichText::RichTextReference(types::RichTextReference {
                r#type: "reference".into(),
                text: inner()?,
                name: e.attribute("name").unwrap_or_default().to_owned(),
            }),
            "tg-button" | "button" => RichText::RichTextButton(types::RichTextButton {
                r#type: "button".into(),
                button: Box::new(self.button(e)?),
            }),
            "a" => self.link(e)?,
            other if BLOCK_TAGS.contains(&other) => {
                return Err(format!("Tag \"{other}\" can't be used inside text at byte offset {}", e.at));
            }
            other => return Err(format!("Unsupported start tag \"{other}\" at byte offset {}", e.at)),
        })
    }

    fn link(&self, e: &Element) -> Read<RichText> {
        let quiet = Context { detect: false, ..*self };
        let text = || quiet.text(&e.children).map(Box::new);
        let Some(href) = e.attribute("href") else {
            let name = e.attribute("name").unwrap_or_default().to_owned();
            let anchor = RichText::RichTextAnchor(types::RichTextAnchor { r#type: "anchor".into(), name });
            let rest = self.text(&e.children)?;
            return Ok(if is_empty(&rest) { anchor } else { joined(vec![anchor, rest]) });
        };
        let href = href.trim();
        if let Some(name) = href.strip_prefix('#') {
            if self.references.contains(name) {
                return Ok(RichText::RichTextReferenceLink(types::RichTextReferenceLink {
                    r#type: "reference_link".into(),
                    text: text()?,
                    reference_name: name.to_owned(),
                }));
            }
            return Ok(RichText::RichTextAnchorLink(types::RichTextAnchorLink {
                r#type: "anchor_link".into(),
                text: text()?,
                anchor_name: name.to_owned(),
            }));
        }
        if let Some(address) = href.strip_prefix("mailto:") {
            if !address.contains('@') || address.contains(char::is_whitespace) {
                return Err("RICH_MESSAGE_EMAIL_INVALID".into());
            }
            return Ok(RichText::RichTextEmailAddress(types::RichTextEmailAddress {
                r#type: "email_address".into(),
                text: text()?,
                email_address: address.to_owned(),
            }));
        }
        if let Some(number) = href.strip_prefix("tel:") {
            return Ok(RichText::RichTextPhoneNumber(types::RichTextPhoneNumber {
                r#type: "phone_number".into(),
                text: text()?,
                phone_number: number.to_owned(),
            }));
        }
        if let Some(id) = crate::entities::mentioned_user(href) {
            let user = self.users.get(&id).cloned().ok_or("Wrong user identifier specified in a mention")?;
            return Ok(RichText::RichTextTextMention(types::RichTextTextMention {
                r#type: "text_mention".into(),
                text: text()?,
                user: Box::new(user),
            }));
        }
        let url = crate::parse_mode::url::check_link(href, false, false).map_err(|_| "RICH_MESSAGE_URL_INVALID")?;
        Ok(RichText::RichTextUrl(types::RichTextUrl { r#type: "url".into(), text: text()?, url }))
    }
}

/// The ids of the people `tg://user?id=` links in `nodes` name, and the names `tg-reference`
/// tags give.
pub(super) fn gather(nodes: &[Node], people: &mut Vec<i64>, references: &mut HashSet<String>) {
    for node in nodes {
        if let Node::Element(e) = node {
            if e.name == "a"
                && let Some(id) = e.attribute("href").and_then(crate::entities::mentioned_user)
            {
                people.push(id);
            }
            if e.name == "tg-reference"
                && let Some(name) = e.attribute("name")
            {
                references.insert(name.to_owned());
            }
            gather(&e.children, people, references);
        }
    }
}

fn number(raw: &str, name: &str, e: &Element) -> Read<i64> {
    raw.trim()
        .parse::<i64>()
        .ok()
        .filter(|n| (0..=1_000_000).contains(n))
        .ok_or_else(|| format!("Invalid \"{name}\" of the tag \"{}\" at byte offset {}", e.name, e.at))
}

fn alignment(e: &Element, name: &str) -> Read<Option<String>> {
    match e.attribute(name).map(str::to_ascii_lowercase) {
        None => Ok(None),
        Some(a) if matches!(a.as_str(), "left" | "center" | "right") => Ok(Some(a)),
        Some(_) => Err(format!("Invalid \"{name}\" of the tag \"{}\" at byte offset {}", e.name, e.at)),
    }
}

fn vertical(e: &Element) -> Read<String> {
    match e.attribute("valign").map(str::to_ascii_lowercase) {
        None => Ok("middle".into()),
        Some(a) if matches!(a.as_str(), "top" | "middle" | "bottom") => Ok(a),
        Some(_) => Err(format!("Invalid \"valign\" of the tag \"{}\" at byte offset {}", e.name, e.at)),
    }
}

/// The text of `nodes` without any formatting.
fn plain(nodes: &[Node]) -> String {
    nodes
        .iter()
        .map(|n| match n {
            Node::Text(t) => t.clone(),
            Node::Element(e) if e.name == "br" => "\n".into(),
            Node::Element(e) => plain(&e.children),
        })
        .collect()
}

/// Parts as one rich text: a string when all are plain, the one part alone, else the list.
pub(super) fn joined(parts: Vec<RichText>) -> RichText {
    let mut merged: Vec<RichText> = Vec::with_capacity(parts.len());
    for part in parts {
        match (merged.last_mut(), part) {
            (Some(RichText::Text(before)), RichText::Text(after)) => before.push_str(&after),
            (_, RichText::List(inner)) => merged.extend(inner),
            (_, part) => merged.push(part),
        }
    }
    match merged.len() {
        0 => RichText::Text(String::new()),
        1 => merged.pop().expect("one part"),
        _ => RichText::List(merged),
    }
}

fn is_empty(text: &RichText) -> bool {
    match text {
        RichText::Text(t) => t.is_empty(),
        RichText::List(parts) => parts.iter().all(is_empty),
        _ => false,
    }
}

/// A block's text without the blanks at its ends (those of the HTML's layout).
fn trim(text: RichText) -> RichText {
    match text {
        RichText::Text(t) => RichText::Text(t.trim().to_owned()),
        RichText::List(mut parts) => {
            if let Some(RichText::Text(first)) = parts.first_mut() {
                *first = first.trim_start().to_owned();
            }
            if let Some(RichText::Text(last)) = parts.last_mut() {
                *last = last.trim_end().to_owned();
            }
            parts.retain(|p| !matches!(p, RichText::Text(t) if t.is_empty()));
            joined(parts)
        }
        other => other,
    }
}

fn is_media(block: &In) -> bool {
    matches!(
        block,
        In::InputRichBlockPhoto(_)
            | In::InputRichBlockVideo(_)
            | In::InputRichBlockAnimation(_)
            | In::InputRichBlockAudio(_)
            | In::InputRichBlockDocument(_)
            | In::InputRichBlockVoiceNote(_)
    )
}

/// The block's kind as its `type` says it.
pub(super) fn kind_name(block: &In) -> String {
    serde_json::to_value(block).ok().and_then(|v| v["type"].as_str().map(str::to_owned)).unwrap_or_default()
}

/// Gives a media block, a map, a collage or a slideshow its caption; the kind of any other.
fn set_caption(block: &mut In, caption: Option<Box<RichBlockCaption>>) -> Result<(), String> {
    match block {
        In::InputRichBlockPhoto(b) => b.caption = caption,
        In::InputRichBlockVideo(b) => b.caption = caption,
        In::InputRichBlockAnimation(b) => b.caption = caption,
        In::InputRichBlockAudio(b) => b.caption = caption,
        In::InputRichBlockDocument(b) => b.caption = caption,
        In::InputRichBlockVoiceNote(b) => b.caption = caption,
        In::InputRichBlockMap(b) => b.caption = caption,
        In::InputRichBlockCollage(b) => b.caption = caption,
        In::InputRichBlockSlideshow(b) => b.caption = caption,
        other => return Err(kind_name(other)),
    }
    Ok(())
}
