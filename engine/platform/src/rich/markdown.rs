//! A rich message's Markdown, read by `pulldown-cmark` (CommonMark with tables, task lists,
//! footnotes, strikethrough, `^super^`/`~sub~`scripts and `$math$`) and written as the rich HTML
//! [`super::blocks`] reads, so both inputs make the same blocks. HTML written in the Markdown
//! passes through as it is (a `<details>`, a `<tg-map>`, a `<u>`); `||spoilers||` and
//! `==marks==` are Telegram's, and a single line break joins the lines, as the documentation's
//! example shows.
//!
//! | Markdown | becomes |
//! |---|---|
//! | `# …` to `###### …`, paragraphs, `---` | headings, paragraphs, a divider |
//! | ```` ```lang ```` fences, indented code | preformatted (with its language) |
//! | `>` quotes | a block quotation |
//! | `-`/`*`/`1.` lists, `- [ ]`/`- [x]` | lists, with checkboxes |
//! | pipe tables | a bordered table (its alignment per column) |
//! | `$…$`, `$$…$$`, a ```` ```math ```` fence | a mathematical expression (in text, as a block) |
//! | `[^1]` and `[^1]: …` | a reference link, and the reference |
//! | `![](tg://photo?id=…)` (`video`, `audio`, `document`), `![](https://…/x.mp4 "Caption")` | the media block (its title the caption; a file named by URL is of its extension's kind) |
//! | `![👍](tg://emoji?id=…)`, `![text](tg://time?unix=…&format=…)` | a custom emoji, a date |

use pulldown_cmark::{Alignment, CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// `markdown` as rich HTML.
pub(super) fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_MATH
        | Options::ENABLE_SUPERSCRIPT
        | Options::ENABLE_SUBSCRIPT;
    let mut writer = Writer::default();
    for event in Parser::new_ext(markdown, options) {
        writer.event(event);
    }
    writer.out
}

#[derive(Default)]
struct Writer {
    out: String,
    /// The columns' alignment of the table being written, and the cell it is at.
    alignments: Vec<Alignment>,
    cell: usize,
    in_head: bool,
    /// Inside an image: its description is not written.
    in_image: usize,
    /// Inside a footnote's definition (its paragraphs make one reference).
    in_footnote: bool,
    /// Inside a paragraph (a media block or `$$…$$` closes it and opens another).
    in_paragraph: bool,
    /// The `||` and `==` runs open in the paragraph.
    spoiler_open: bool,
    mark_open: bool,
    /// Inside a ```` ```math ```` fence.
    in_math: bool,
    /// The end tag of the custom emoji or date an image is written as.
    inline_image: Option<&'static str>,
}

fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

fn heading(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

impl Writer {
    fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn attribute(&mut self, name: &str, value: &str) {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        escape(&mut self.out, value);
        self.out.push('"');
    }

    /// Writes a block that may not sit inside a paragraph: the paragraph is closed around it.
    fn outside_paragraph(&mut self, write: impl FnOnce(&mut Self)) {
        let reopen = self.in_paragraph;
        if reopen {
            self.close_spoiler();
            self.push("</p>");
        }
        write(self);
        if reopen {
            self.push("<p>");
        }
    }

    /// Closes the `||` and `==` runs left open at a block's end.
    fn close_spoiler(&mut self) {
        if self.mark_open {
            self.push("</mark>");
            self.mark_open = false;
        }
        if self.spoiler_open {
            self.push("</tg-spoiler>");
            self.spoiler_open = false;
        }
    }

    /// Text, with `||` turning spoilers and `==` marks on and off.
    fn text(&mut self, text: &str) {
        if self.in_math {
            escape(&mut self.out, text);
            return;
        }
        let mut rest = text;
        loop {
            let next = [("||", true), ("==", false)]
                .into_iter()
                .filter_map(|(marker, spoiler)| rest.find(marker).map(|at| (at, spoiler)))
                .min_by_key(|(at, _)| *at);
            let Some((at, spoiler)) = next else { break };
            escape(&mut self.out, &rest[..at]);
            rest = &rest[at + 2..];
            let (open, tag) = match spoiler {
                true => (&mut self.spoiler_open, "tg-spoiler"),
                false => (&mut self.mark_open, "mark"),
            };
            *open = !*open;
            let written = if *open { format!("<{tag}>") } else { format!("</{tag}>") };
            self.push(&written);
        }
        escape(&mut self.out, rest);
    }

    fn event(&mut self, event: Event<'_>) {
        if self.in_image > 0 {
            match event {
                Event::Start(Tag::Image { .. }) => self.in_image += 1,
                Event::End(TagEnd::Image) => self.in_image -= 1,
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) => self.text(&text),
            Event::Code(code) => {
                self.push("<code>");
                escape(&mut self.out, &code);
                self.push("</code>");
            }
            Event::InlineMath(math) => {
                self.push("<tg-math>");
                escape(&mut self.out, &math);
                self.push("</tg-math>");
            }
            Event::DisplayMath(math) => self.outside_paragraph(|w| {
                w.push("<tg-math-block>");
                escape(&mut w.out, &math);
                w.push("</tg-math-block>");
            }),
            Event::Html(html) | Event::InlineHtml(html) => self.push(&html),
            Event::FootnoteReference(name) => {
                self.push("<a");
                self.attribute("href", &format!("#{name}"));
                self.push(">");
                escape(&mut self.out, &name);
                self.push("</a>");
            }
            Event::SoftBreak => self.push(" "),
            Event::HardBreak => self.push("<br>"),
            Event::Rule => self.push("<hr>"),
            Event::TaskListMarker(checked) => {
                self.push(if checked { "<input type=\"checkbox\" checked>" } else { "<input type=\"checkbox\">" })
            }
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Paragraph if self.in_footnote => {}
            Tag::Paragraph => {
                self.in_paragraph = true;
                self.push("<p>");
            }
            Tag::Heading { level, .. } => self.push(&format!("<h{}>", heading(level))),
            Tag::BlockQuote(_) => self.push("<blockquote>"),
            Tag::CodeBlock(kind) => {
                let language = match kind {
                    CodeBlockKind::Fenced(language) => {
                        language.split_whitespace().next().unwrap_or_default().to_owned()
                    }
                    CodeBlockKind::Indented => String::new(),
                };
                if language == "math" {
                    self.in_math = true;
                    self.push("<tg-math-block>");
                    return;
                }
                self.push("<pre><code");
                if !language.is_empty() {
                    self.attribute("class", &format!("language-{language}"));
                }
                self.push(">");
            }
            Tag::HtmlBlock => {}
            Tag::List(Some(start)) => {
                self.push("<ol");
                if start != 1 {
                    self.attribute("start", &start.to_string());
                }
                self.push(">");
            }
            Tag::List(None) => self.push("<ul>"),
            Tag::Item => self.push("<li>"),
            Tag::FootnoteDefinition(name) => {
                self.in_footnote = true;
                self.push("<p><tg-reference");
                self.attribute("name", &name);
                self.push(">");
            }
            Tag::Table(alignments) => {
                self.alignments = alignments;
                self.push("<table bordered>");
            }
            Tag::TableHead => {
                self.in_head = true;
                self.cell = 0;
                self.push("<tr>");
            }
            Tag::TableRow => {
                self.cell = 0;
                self.push("<tr>");
            }
            Tag::TableCell => {
                self.push(if self.in_head { "<th" } else { "<td" });
                let align = match self.alignments.get(self.cell) {
                    Some(Alignment::Left) => Some("left"),
                    Some(Alignment::Center) => Some("center"),
                    Some(Alignment::Right) => Some("right"),
                    _ => None,
                };
                if let Some(align) = align {
                    self.attribute("align", align);
                }
                self.push(">");
                self.cell += 1;
            }
            Tag::Emphasis => self.push("<i>"),
            Tag::Strong => self.push("<b>"),
            Tag::Strikethrough => self.push("<s>"),
            Tag::Superscript => self.push("<sup>"),
            Tag::Subscript => self.push("<sub>"),
            Tag::Link { dest_url, .. } => {
                self.push("<a");
                self.attribute("href", &dest_url);
                self.push(">");
            }
            Tag::Image { dest_url, title, .. } => self.image(&dest_url, &title),
            Tag::MetadataBlock(_) | Tag::DefinitionList | Tag::DefinitionListTitle | Tag::DefinitionListDefinition => {}
        }
    }

    /// An image: a custom emoji or a date in the text, else a media block of its own (its title
    /// the caption). Its description is the emoji's or the date's text, and a media block's
    /// nothing.
    fn image(&mut self, url: &str, title: &str) {
        let link = url.strip_prefix("tg://").map(|rest| rest.split_once('?').unwrap_or((rest, "")));
        if let Some(("emoji" | "time", query)) = link {
            let pairs: Vec<(String, String)> =
                form_urlencoded::parse(query.as_bytes()).map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
            let get = |name: &str| pairs.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).unwrap_or_default();
            match link.map(|(kind, _)| kind) {
                Some("emoji") => {
                    self.push("<tg-emoji");
                    self.attribute("emoji-id", &get("id"));
                    self.push(">");
                    self.inline_image = Some("</tg-emoji>");
                }
                _ => {
                    self.push("<tg-time");
                    self.attribute("unix", &get("unix"));
                    self.attribute("format", &get("format"));
                    self.push(">");
                    self.inline_image = Some("</tg-time>");
                }
            }
            return;
        }
        self.in_image = 1;
        let path = url.split(['?', '#']).next().unwrap_or_default().to_ascii_lowercase();
        let extension = path.rsplit_once('.').map(|(_, e)| e).unwrap_or_default();
        let tag = match link.map(|(kind, _)| kind) {
            Some("video") => "video",
            Some("audio") => "audio",
            Some("document") => "tg-document",
            Some(_) => "img",
            None => match extension {
                "mp4" | "mov" | "webm" | "gif" | "mkv" => "video",
                "mp3" | "m4a" | "ogg" | "oga" | "wav" | "flac" | "opus" => "audio",
                _ => "img",
            },
        };
        let (url, title) = (url.to_owned(), title.to_owned());
        self.outside_paragraph(move |w| {
            if !title.is_empty() {
                w.push("<figure>");
            }
            w.push("<");
            w.push(tag);
            w.attribute("src", &url);
            w.push(">");
            if !title.is_empty() {
                w.push("<figcaption>");
                escape(&mut w.out, &title);
                w.push("</figcaption></figure>");
            }
        });
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Paragraph if self.in_footnote => {}
            TagEnd::Paragraph => {
                self.close_spoiler();
                self.in_paragraph = false;
                self.push("</p>");
            }
            TagEnd::Heading(level) => {
                self.close_spoiler();
                self.push(&format!("</h{}>", heading(level)));
            }
            TagEnd::BlockQuote(_) => self.push("</blockquote>"),
            TagEnd::CodeBlock if self.in_math => {
                self.in_math = false;
                self.push("</tg-math-block>");
            }
            TagEnd::CodeBlock => self.push("</code></pre>"),
            TagEnd::HtmlBlock => {}
            TagEnd::List(true) => self.push("</ol>"),
            TagEnd::List(false) => self.push("</ul>"),
            TagEnd::Item => {
                self.close_spoiler();
                self.push("</li>");
            }
            TagEnd::FootnoteDefinition => {
                self.close_spoiler();
                self.in_footnote = false;
                self.push("</tg-reference></p>");
            }
            TagEnd::Table => self.push("</table>"),
            TagEnd::TableHead => {
                self.in_head = false;
                self.push("</tr>");
            }
            TagEnd::TableRow => self.push("</tr>"),
            TagEnd::TableCell => {
                self.close_spoiler();
                self.push(if self.in_head { "</th>" } else { "</td>" });
            }
            TagEnd::Emphasis => self.push("</i>"),
            TagEnd::Strong => self.push("</b>"),
            TagEnd::Strikethrough => self.push("</s>"),
            TagEnd::Superscript => self.push("</sup>"),
            TagEnd::Subscript => self.push("</sub>"),
            TagEnd::Link => self.push("</a>"),
            TagEnd::Image => {
                if let Some(close) = self.inline_image.take() {
                    self.push(close);
                }
            }
            TagEnd::MetadataBlock(_)
            | TagEnd::DefinitionList
            | TagEnd::DefinitionListTitle
            | TagEnd::DefinitionListDefinition => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::to_html;

    #[test]
    fn writes_the_rich_html_of_each_construct() {
        assert_eq!(
            to_html("# Title\n\nSome **bold** and ||hidden||."),
            "<h1>Title</h1><p>Some <b>bold</b> and <tg-spoiler>hidden</tg-spoiler>.</p>"
        );
        assert_eq!(to_html("```rust\nfn x() {}\n```"), "<pre><code class=\"language-rust\">fn x() {}\n</code></pre>");
        assert_eq!(
            to_html("- [x] done\n- [ ] to do"),
            "<ul><li><input type=\"checkbox\" checked>done</li><li><input type=\"checkbox\">to do</li></ul>"
        );
        assert_eq!(to_html("3. c\n4. d"), "<ol start=\"3\"><li>c</li><li>d</li></ol>");
        assert_eq!(
            to_html("| a | b |\n|:-:|--:|\n| 1 | 2 |"),
            "<table bordered><tr><th align=\"center\">a</th><th align=\"right\">b</th></tr><tr><td align=\"center\">1</td><td align=\"right\">2</td></tr></table>"
        );
        assert_eq!(
            to_html("x $a^2$ y\n\n$$e=mc^2$$"),
            "<p>x <tg-math>a^2</tg-math> y</p><p></p><tg-math-block>e=mc^2</tg-math-block><p></p>"
        );
        assert_eq!(to_html("see ![p](tg://photo?id=p1) here"), "<p>see </p><img src=\"tg://photo?id=p1\"><p> here</p>");
        assert_eq!(
            to_html("a[^n]\n\n[^n]: note"),
            "<p>a<a href=\"#n\">n</a></p><p><tg-reference name=\"n\">note</tg-reference></p>"
        );
        assert_eq!(to_html("one\ntwo ==marked=="), "<p>one two <mark>marked</mark></p>");
        assert_eq!(to_html("```math\nx^2\n```"), "<tg-math-block>x^2\n</tg-math-block>");
        assert_eq!(
            to_html("![👍](tg://emoji?id=5368) at ![now](tg://time?unix=1647531900&format=wDT)"),
            "<p><tg-emoji emoji-id=\"5368\">👍</tg-emoji> at <tg-time unix=\"1647531900\" format=\"wDT\">now</tg-time></p>"
        );
        assert_eq!(
            to_html("![](https://e.com/clip.mp4 \"A clip\")"),
            "<p></p><figure><video src=\"https://e.com/clip.mp4\"><figcaption>A clip</figcaption></figure><p></p>"
        );
        assert_eq!(to_html("x <u>y</u> 1 < 2"), "<p>x <u>y</u> 1 &lt; 2</p>");
    }
}
