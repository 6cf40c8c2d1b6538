//! A rich message's HTML read into a tree of elements, in the manner and the words of tdlib's
//! `parse_html` (which reads the `HTML` parse mode): tag and attribute names case-insensitive,
//! `</>` closing whatever is open, numeric character references and the named ones the rich
//! message documentation lists (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&nbsp;` `&hellip;`
//! `&mdash;` `&ndash;` `&lsquo;` `&rsquo;` `&ldquo;` `&rdquo;`) decoded, and every tag that is opened closed again — except the void ones (`br`,
//! `hr`, `img`, the media and the map), which may also be written `<tag/>` or closed at once.
//! Which tags a rich message knows, and what each becomes, is [`super::blocks`]'s business.

use crate::parse_mode::decode_reference;

/// An element: its lower-cased name, its attributes (lower-cased names, decoded values; a bare
/// attribute has an empty value), what it holds, and where it starts in the input (bytes).
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub children: Vec<Node>,
    pub at: usize,
}

impl Element {
    /// The value of attribute `name`, if the tag has it.
    pub fn attribute(&self, name: &str) -> Option<&str> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Whether the tag has attribute `name` (with any value, or none).
    pub fn has(&self, name: &str) -> bool {
        self.attribute(name).is_some()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Node {
    Text(String),
    Element(Element),
}

/// The named character references beyond tdlib's four, and what they stand for.
const NAMED: &[(&str, char)] = &[
    ("apos", '\''),
    ("nbsp", '\u{a0}'),
    ("hellip", '…'),
    ("mdash", '—'),
    ("ndash", '–'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("ldquo", '“'),
    ("rdquo", '”'),
];

/// The character reference at `*pos` (an `&`), moving past it: tdlib's, or one of [`NAMED`].
fn reference(s: &[u8], pos: &mut usize) -> Option<char> {
    if let Some(code) = decode_reference(s, pos) {
        return Some(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
    }
    let rest = &s[*pos + 1..];
    let (name, c) = NAMED.iter().find(|(name, _)| rest.starts_with(name.as_bytes()))?;
    *pos += 1 + name.len();
    if at(s, *pos) == b';' {
        *pos += 1;
    }
    Some(*c)
}

/// Tags that hold nothing, so need no end tag.
const VOID: &[&str] = &["br", "hr", "img", "video", "audio", "tg-map", "tg-document", "input"];

/// Reads `input` into its top-level nodes, or tdlib's description of what is wrong.
pub(super) fn parse(input: &str) -> Result<Vec<Node>, String> {
    let mut reader = Reader { input: input.as_bytes(), i: 0, open: vec![Element::default()] };
    reader.read()?;
    Ok(reader.open.pop().map(|root| root.children).unwrap_or_default())
}

struct Reader<'a> {
    input: &'a [u8],
    i: usize,
    /// The open elements, the root (nameless) first.
    open: Vec<Element>,
}

fn at(bytes: &[u8], i: usize) -> u8 {
    bytes.get(i).copied().unwrap_or(0)
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

impl Reader<'_> {
    fn at(&self, i: usize) -> u8 {
        at(self.input, i)
    }

    fn read(&mut self) -> Result<(), String> {
        let mut text = Vec::new();
        while self.i < self.input.len() {
            let c = self.at(self.i);
            if c == b'&' {
                if let Some(c) = reference(self.input, &mut self.i) {
                    text.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    continue;
                }
                text.push(c);
                self.i += 1;
                continue;
            }
            if c != b'<' {
                text.push(c);
                self.i += 1;
                continue;
            }
            // A comment is skipped whole.
            if self.input[self.i..].starts_with(b"<!--") {
                let rest = &self.input[self.i + 4..];
                let end = rest
                    .windows(3)
                    .position(|w| w == b"-->")
                    .ok_or_else(|| format!("Unclosed comment at byte offset {}", self.i))?;
                self.i += 4 + end + 3;
                continue;
            }
            self.flush(&mut text);
            let begin = self.i;
            self.i += 1;
            if self.at(self.i) == b'/' {
                self.end_tag(begin)?;
            } else {
                self.start_tag(begin)?;
            }
            self.i += 1;
        }
        self.flush(&mut text);
        if self.open.len() > 1 {
            let unclosed = self.open.last().expect("more than the root is open");
            return Err(format!("Can't find end tag corresponding to start tag \"{}\"", unclosed.name));
        }
        Ok(())
    }

    /// Adds the text read so far to the innermost open element.
    fn flush(&mut self, text: &mut Vec<u8>) {
        if text.is_empty() {
            return;
        }
        let read = lossy(text);
        text.clear();
        let parent = self.open.last_mut().expect("the root stays open");
        match parent.children.last_mut() {
            Some(Node::Text(before)) => before.push_str(&read),
            _ => parent.children.push(Node::Text(read)),
        }
    }

    fn skip_spaces(&mut self) {
        while self.i < self.input.len() && is_space(self.at(self.i)) {
            self.i += 1;
        }
    }

    fn lower(&self, from: usize, to: usize) -> String {
        lossy(&self.input[from..to].to_ascii_lowercase())
    }

    /// A start tag at `begin`; leaves `i` on its `>`.
    fn start_tag(&mut self, begin: usize) -> Result<(), String> {
        while self.i < self.input.len() && !is_space(self.at(self.i)) && !b">/".contains(&self.at(self.i)) {
            self.i += 1;
        }
        if self.i >= self.input.len() {
            return Err(format!("Unclosed start tag at byte offset {begin}"));
        }
        let name = self.lower(begin + 1, self.i);
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return Err(format!("Unsupported start tag \"{name}\" at byte offset {begin}"));
        }
        let mut element = Element { name, at: begin, ..Element::default() };
        let closed = self.attributes(&mut element)?;
        if closed || VOID.contains(&element.name.as_str()) {
            let parent = self.open.last_mut().expect("the root stays open");
            parent.children.push(Node::Element(element));
        } else {
            self.open.push(element);
        }
        Ok(())
    }

    /// Reads attributes up to the tag's `>`; whether the tag closed itself (`/>`).
    fn attributes(&mut self, element: &mut Element) -> Result<bool, String> {
        let (tag, begin) = (element.name.clone(), element.at);
        loop {
            self.skip_spaces();
            match self.at(self.i) {
                0 if self.i >= self.input.len() => {
                    return Err(format!("Unclosed start tag \"{tag}\" at byte offset {begin}"));
                }
                b'>' => return Ok(false),
                b'/' if self.at(self.i + 1) == b'>' => {
                    self.i += 1;
                    return Ok(true);
                }
                _ => {}
            }
            let name_begin = self.i;
            while self.i < self.input.len() && !is_space(self.at(self.i)) && !b"=>/\"'".contains(&self.at(self.i)) {
                self.i += 1;
            }
            if self.i == name_begin {
                return Err(format!("Empty attribute name in the tag \"{tag}\" at byte offset {begin}"));
            }
            let name = self.lower(name_begin, self.i);
            self.skip_spaces();
            if self.at(self.i) != b'=' {
                element.attributes.push((name, String::new()));
                continue;
            }
            self.i += 1;
            self.skip_spaces();
            if self.i >= self.input.len() {
                return Err(format!("Unclosed start tag \"{tag}\" at byte offset {begin}"));
            }
            let value = self.attribute_value()?;
            element.attributes.push((name, value));
        }
    }

    /// A quoted value with character references decoded, or an unquoted token as it is.
    fn attribute_value(&mut self) -> Result<String, String> {
        let quote = self.at(self.i);
        if quote != b'"' && quote != b'\'' {
            let begin = self.i;
            while self.i < self.input.len() && !is_space(self.at(self.i)) && !b">\"'`<".contains(&self.at(self.i)) {
                if self.at(self.i) == b'/' && self.at(self.i + 1) == b'>' {
                    break;
                }
                self.i += 1;
            }
            if self.i >= self.input.len() {
                return Err(format!("Unexpected end of name token at byte offset {begin}"));
            }
            return Ok(lossy(&self.input[begin..self.i]));
        }
        self.i += 1;
        let mut value = Vec::new();
        while self.i < self.input.len() && self.at(self.i) != quote {
            if self.at(self.i) == b'&'
                && let Some(c) = reference(self.input, &mut self.i)
            {
                value.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                continue;
            }
            value.push(self.at(self.i));
            self.i += 1;
        }
        if self.at(self.i) == quote {
            self.i += 1;
        }
        Ok(lossy(&value))
    }

    /// An end tag at `begin` (`i` on its `/`); leaves `i` on its `>`.
    fn end_tag(&mut self, begin: usize) -> Result<(), String> {
        while self.i < self.input.len() && !is_space(self.at(self.i)) && self.at(self.i) != b'>' {
            self.i += 1;
        }
        let name = self.lower(begin + 2, self.i);
        self.skip_spaces();
        if self.at(self.i) != b'>' {
            return Err(format!("Unclosed end tag at byte offset {begin}"));
        }
        // `</img>` after `<img ...>` and the like: the void tag is already closed.
        if VOID.contains(&name.as_str()) && self.open.last().is_none_or(|open| open.name != name) {
            return Ok(());
        }
        if self.open.len() == 1 {
            return Err(format!("Unexpected end tag at byte offset {begin}"));
        }
        let element = self.open.pop().expect("more than the root is open");
        if !name.is_empty() && name != element.name {
            return Err(format!(
                "Unmatched end tag at byte offset {begin}, expected \"</{}>\", found \"</{name}>\"",
                element.name
            ));
        }
        self.open.last_mut().expect("the root stays open").children.push(Node::Element(element));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Node {
        Node::Text(s.to_owned())
    }

    #[test]
    fn reads_a_tree_with_attributes_and_references() {
        let nodes =
            parse("<P>a &amp;&mdash;&#33;&x <B class='x' open>b</B></p><hr/><img src=tg://photo?id=1>").unwrap();
        let Node::Element(p) = &nodes[0] else { panic!("{nodes:?}") };
        assert_eq!((p.name.as_str(), p.children[0].clone()), ("p", text("a &—!&x ")));
        let Node::Element(b) = &p.children[1] else { panic!("{p:?}") };
        assert_eq!(b.attributes, [("class".to_owned(), "x".to_owned()), ("open".to_owned(), String::new())]);
        assert!(matches!(&nodes[1], Node::Element(e) if e.name == "hr"));
        assert!(matches!(&nodes[2], Node::Element(e) if e.attribute("src") == Some("tg://photo?id=1")));
    }

    #[test]
    fn refuses_in_tdlibs_words() {
        assert_eq!(parse("<p>x").unwrap_err(), "Can't find end tag corresponding to start tag \"p\"");
        assert_eq!(parse("x</p>").unwrap_err(), "Unexpected end tag at byte offset 1");
        assert_eq!(
            parse("<p><b>x</p>").unwrap_err(),
            "Unmatched end tag at byte offset 7, expected \"</b>\", found \"</p>\""
        );
        assert_eq!(parse("<p").unwrap_err(), "Unclosed start tag at byte offset 0");
        assert_eq!(parse("<p a=\"1\"").unwrap_err(), "Unclosed start tag \"p\" at byte offset 0");
        assert_eq!(parse("<p =1>").unwrap_err(), "Empty attribute name in the tag \"p\" at byte offset 0");
        assert_eq!(parse("<p>x</p").unwrap_err(), "Unclosed end tag at byte offset 4");
        assert_eq!(parse("<$>").unwrap_err(), "Unsupported start tag \"$\" at byte offset 0");
    }

    #[test]
    fn void_tags_close_themselves_and_comments_vanish() {
        let nodes = parse("<img src=\"a\"></img><!-- note --><br>").unwrap();
        assert_eq!(nodes.len(), 2, "{nodes:?}");
        assert_eq!(parse("<p>a</>").unwrap().len(), 1, "</> closes any tag");
    }
}
