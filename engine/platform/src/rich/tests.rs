//! Every block and rich-text kind from HTML and from Markdown (what needs no files and no
//! platform); the e2e tests send them, with media, through the HTTP API.

use std::collections::{HashMap, HashSet};

use serde_json::{Value, json};

use super::blocks::Context;
use super::{Use, check, html, markdown};

/// The blocks `html` makes, as JSON (with the message's `media`).
fn blocks_of(html: &str, media: Value) -> Result<Value, String> {
    let media: HashMap<String, Value> = serde_json::from_value(media).unwrap();
    let nodes = html::parse(html)?;
    let (mut people, mut references) = (Vec::new(), HashSet::new());
    super::blocks::gather(&nodes, &mut people, &mut references);
    let users = HashMap::from([(7, msg_spec::types::User { id: 7, first_name: "Ann".into(), ..Default::default() })]);
    let context = Context { media: &media, users: &users, references: &references, detect: true };
    let blocks = context.blocks(&nodes)?;
    check(&blocks, Use::Draft).map_err(|e| e.description.into_owned())?;
    Ok(serde_json::to_value(blocks).unwrap())
}

fn html(input: &str) -> Value {
    blocks_of(input, json!({})).unwrap_or_else(|e| panic!("{input}: {e}"))
}

fn md(input: &str) -> Value {
    let written = markdown::to_html(input);
    blocks_of(&written, json!({})).unwrap_or_else(|e| panic!("{input} (as {written}): {e}"))
}

fn refused(input: &str) -> String {
    let shown = &input[..input.len().min(80)];
    blocks_of(input, json!({})).err().unwrap_or_else(|| panic!("accepted: {shown}"))
}

/// The `type` of each top-level block.
fn kinds(blocks: &Value) -> Vec<String> {
    blocks.as_array().unwrap().iter().map(|b| b["type"].as_str().unwrap().to_owned()).collect()
}

#[test]
fn every_block_kind_from_html() {
    let media = json!({
        "p1": {"type": "photo", "media": "AgAD"},
        "v1": {"type": "video", "media": "BAAD"},
        "g1": {"type": "animation", "media": "CgAD"},
        "a1": {"type": "audio", "media": "CQAD"},
        "n1": {"type": "voice_note", "media": "AwAD"},
        "d1": {"type": "document", "media": "BQAD"},
    });
    let input = r##"Loose text
        <p>Para</p><h2>Head</h2><pre><code class="language-rust">fn x() {}</code></pre><footer>Foot</footer><hr/>
        <tg-math-block>E=mc^2</tg-math-block><a name="top"></a>
        <ol start="3" type="a"><li>c</li><li>d</li></ol>
        <blockquote>Said<cite>Someone</cite></blockquote><blockquote expandable>Long<cite>Me</cite></blockquote>
        <aside>Pulled<cite>Them</cite></aside>
        <tg-collage><img src="tg://photo?id=p1"><video src="tg://video?id=v1"></video></tg-collage>
        <tg-slideshow><img src="tg://photo?id=p1"><figcaption>Slides<cite>By me</cite></figcaption></tg-slideshow>
        <table bordered striped compact><caption>Cap</caption><tr><th>A</th><th align="right">B</th></tr>
          <tr><td colspan="2" valign="bottom">1</td></tr></table>
        <details open><summary>More</summary><p>Hidden</p></details>
        <figure><tg-map lat="41.9" long="12.5" zoom="14"/><figcaption>Rome</figcaption></figure>
        <tg-button-row align="center"><tg-button type="url" url="https://example.com">Go</tg-button>
          <tg-button type="callback_data" data="yes" style="link">Yes</tg-button></tg-button-row>
        <video src="tg://video?id=g1" tg-spoiler></video><audio src="tg://audio?id=a1"></audio>
        <tg-document src="tg://document?id=d1"></tg-document><img src="tg://photo?id=p1">
        <video src="tg://video?id=v1"></video><audio src="tg://audio?id=n1"></audio>
        <tg-thinking>Thinking…</tg-thinking>"##;
    let blocks = blocks_of(input, media).unwrap();
    assert_eq!(
        kinds(&blocks),
        [
            "paragraph",
            "paragraph",
            "heading",
            "pre",
            "footer",
            "divider",
            "mathematical_expression",
            "anchor",
            "list",
            "blockquote",
            "expandable_blockquote",
            "pullquote",
            "collage",
            "slideshow",
            "table",
            "details",
            "map",
            "buttons",
            "animation",
            "audio",
            "document",
            "photo",
            "video",
            "voice_note",
            "thinking"
        ]
    );
    assert_eq!(blocks[0]["text"], "Loose text");
    assert_eq!((blocks[2]["size"].clone(), blocks[3]["language"].clone()), (json!(2), json!("rust")));
    assert_eq!(blocks[8]["items"][1], json!({"blocks": [{"type": "paragraph", "text": "d"}], "value": 4, "type": "a"}));
    assert_eq!(blocks[9]["credit"], "Someone");
    assert_eq!((blocks[10]["text"].clone(), blocks[10]["credit"].clone()), (json!("Long"), json!("Me")));
    assert_eq!(blocks[12]["blocks"][1]["video"]["media"], "BAAD");
    assert_eq!(blocks[13]["caption"], json!({"text": "Slides", "credit": "By me"}));
    let table = &blocks[14];
    assert_eq!(
        (&table["is_bordered"], &table["is_striped"], &table["is_compact"], &table["caption"]),
        (&json!(true), &json!(true), &json!(true), &json!("Cap"))
    );
    assert_eq!(table["cells"][0][1], json!({"text": "B", "is_header": true, "align": "right", "valign": "middle"}));
    assert_eq!(table["cells"][1][0], json!({"text": "1", "colspan": 2, "align": "left", "valign": "bottom"}));
    assert_eq!((blocks[15]["summary"].clone(), blocks[15]["is_open"].clone()), (json!("More"), json!(true)));
    assert_eq!(blocks[16]["location"], json!({"latitude": 41.9, "longitude": 12.5}));
    assert_eq!(blocks[16]["caption"]["text"], "Rome");
    assert_eq!(blocks[17]["buttons"][1], json!({"text": "Yes", "style": "link", "callback_data": "yes"}));
    assert_eq!(blocks[18]["animation"]["has_spoiler"], true);
}

#[test]
fn every_rich_text_kind_from_html() {
    let input = r##"<p><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><del>d</del>
        <tg-spoiler>x</tg-spoiler><sub>1</sub><sup>2</sup><mark>m</mark><code>c</code>
        <tg-emoji emoji-id="5368324170671202286">👍</tg-emoji><tg-time unix="1647531900" format="wDT">then</tg-time>
        <tg-math>x^2</tg-math><a href="https://example.com">link</a><a href="mailto:a@b.co">mail</a>
        <a href="tel:+123">call</a><a href="tg://user?id=7">Ann</a><a href="#top">up</a><a name="here"></a>
        <a href="#note">1</a><tg-reference name="note">Note</tg-reference>
        <tg-button type="copy_text" text="abc">Copy</tg-button>
        https://t.me @annie #tag $USD /start</p>"##;
    let blocks = html(input);
    let text = blocks[0]["text"].as_array().unwrap();
    let kinds: Vec<&str> = text.iter().filter_map(|t| t["type"].as_str()).collect();
    assert_eq!(
        kinds,
        [
            "bold",
            "bold",
            "italic",
            "italic",
            "underline",
            "underline",
            "strikethrough",
            "strikethrough",
            "spoiler",
            "subscript",
            "superscript",
            "marked",
            "code",
            "custom_emoji",
            "date_time",
            "mathematical_expression",
            "url",
            "email_address",
            "phone_number",
            "text_mention",
            "anchor_link",
            "anchor",
            "reference_link",
            "reference",
            "button",
            "url",
            "mention",
            "hashtag",
            "cashtag",
            "bot_command"
        ]
    );
    let find = |kind: &str| text.iter().find(|t| t["type"] == kind).unwrap().clone();
    assert_eq!(find("text_mention")["user"]["first_name"], "Ann");
    assert_eq!(find("date_time")["unix_time"], 1647531900);
    assert_eq!(find("custom_emoji")["alternative_text"], "👍");
    assert_eq!(find("reference_link")["reference_name"], "note");
    assert_eq!(find("button")["button"]["copy_text"]["text"], "abc");
    assert_eq!(find("mention")["username"], "annie");
}

#[test]
fn markdown_makes_the_same_kinds() {
    let blocks = md(
        "# Title\n\nSome **bold**, _it_, ~~gone~~, `code`, ==marked==, ||hidden||, $x$ and [a link](https://e.com).\n\n\
        ---\n\n```py\nprint(1)\n```\n\n> quoted\n\n- [x] done\n- [ ] to do\n\n2. two\n3. three\n\n\
        | a | b |\n|---|:-:|\n| 1 | 2 |\n\n$$y=2$$\n\nA note[^n].\n\n[^n]: The note.\n\n\
        <details><summary>More</summary>\n\nInside **md**\n\n</details>\n\n<tg-map lat=\"1\" long=\"2\"/>",
    );
    assert_eq!(
        kinds(&blocks),
        [
            "heading",
            "paragraph",
            "divider",
            "pre",
            "blockquote",
            "list",
            "list",
            "table",
            "mathematical_expression",
            "paragraph",
            "paragraph",
            "details",
            "map"
        ]
    );
    let inline: Vec<&str> = blocks[1]["text"].as_array().unwrap().iter().filter_map(|t| t["type"].as_str()).collect();
    assert_eq!(
        inline,
        ["bold", "italic", "strikethrough", "code", "marked", "spoiler", "mathematical_expression", "url"]
    );
    assert_eq!(blocks[5]["items"][0]["has_checkbox"], true);
    assert_eq!(blocks[5]["items"][0]["is_checked"], true);
    assert_eq!(blocks[6]["items"][0]["value"], 2);
    assert_eq!(blocks[7]["cells"][0][0]["is_header"], true);
    assert_eq!(blocks[7]["cells"][1][1]["align"], "center");
    assert_eq!(blocks[9]["text"][1]["type"], "reference_link");
    assert_eq!(blocks[10]["text"]["type"], "reference");
    assert_eq!(blocks[11]["blocks"][0]["text"][1]["type"], "bold", "Markdown inside an HTML block");
}

#[test]
fn limits_and_malformed_input_are_refused_in_tdlibs_words() {
    assert_eq!(refused(""), "Bad Request: rich message must be non-empty");
    assert_eq!(refused("<p> </p>"), "Bad Request: rich message must be non-empty");
    assert_eq!(refused("<p>x"), "Can't find end tag corresponding to start tag \"p\"");
    assert_eq!(refused("<blink>x</blink>"), "Unsupported start tag \"blink\" at byte offset 0");
    assert_eq!(refused("<ol type=\"z\"><li>x</li></ol>"), "Unsupported list type \"z\" at byte offset 0");
    assert_eq!(
        refused("<tg-map lat=\"1\" long=\"2\" width=\"9000\" height=\"2000\"/>"),
        "Bad Request: invalid map properties specified"
    );
    assert_eq!(refused("<tg-map lat=\"91\" long=\"2\"/>"), "Invalid \"lat\" of the tag \"tg-map\" at byte offset 0");
    assert_eq!(refused("<img src=\"tg://photo?id=nope\">"), "Media \"nope\" not found in the field \"media\"");
    assert_eq!(refused("<p><a href=\"ftp:/x\">x</a></p>"), "RICH_MESSAGE_URL_INVALID");
    assert_eq!(refused("<p><a href=\"mailto:nobody\">x</a></p>"), "RICH_MESSAGE_EMAIL_INVALID");
    assert_eq!(refused("<p><a href=\"tg://user?id=8\">who</a></p>"), "Wrong user identifier specified in a mention");
    assert_eq!(
        refused("<tg-button-row><tg-button type=\"callback_data\" data=\"\">x</tg-button></tg-button-row>"),
        "Bad Request: BUTTON_DATA_INVALID"
    );
    assert_eq!(
        refused(
            "<tg-button-row><tg-button type=\"url\" url=\"https://e.com\" style=\"link\">x</tg-button></tg-button-row>"
        ),
        "Bad Request: invalid button style specified"
    );
    let columns: String = (0..21).map(|_| "<td>x</td>").collect();
    assert_eq!(refused(&format!("<table><tr>{columns}</tr></table>")), "Bad Request: table has too many columns");
    let long = "x".repeat(super::MOST_CHARACTERS + 1);
    assert_eq!(refused(&long), "Bad Request: rich message is too long");
    let many: String = (0..501).map(|i| format!("<p>{i}</p>")).collect();
    assert_eq!(refused(&format!("<ul><li>{many}</li></ul>")), "Bad Request: rich message has too many blocks");
    let deep = format!("{}x{}", "<blockquote>".repeat(17), "</blockquote>".repeat(17));
    assert_eq!(refused(&deep), "Bad Request: rich message is nested too deeply");
    let thinking = blocks_of("<tg-thinking>…</tg-thinking>", json!({})).unwrap();
    let read: Vec<msg_spec::types::InputRichBlock> = serde_json::from_value(thinking).unwrap();
    assert_eq!(
        check(&read, Use::Message).unwrap_err().description,
        "Bad Request: thinking blocks can be used only in sendRichMessageDraft"
    );
}

#[test]
fn no_entity_detection_inside_code_and_when_asked() {
    let blocks = html("<pre>see https://e.com</pre><p><code>@x</code></p>");
    assert_eq!(blocks[0]["text"], "see https://e.com");
    assert_eq!(blocks[1]["text"], json!({"type": "code", "text": "@x"}));
    let media = HashMap::new();
    let (users, references) = (HashMap::new(), HashSet::new());
    let quiet = Context { media: &media, users: &users, references: &references, detect: false };
    let nodes = html::parse("<p>@ann #tag</p>").unwrap();
    let blocks = serde_json::to_value(quiet.blocks(&nodes).unwrap()).unwrap();
    assert_eq!(blocks[0]["text"], "@ann #tag");
}
