//! The entities the parsers produce, in tdlib's order and in the Bot API's JSON shape.

use std::cmp::Reverse;

use serde_json::{Value, json};

/// tdlib's `FormattedDate` flags, as `date_time` entities carry them.
pub(super) mod date_flags {
    pub const RELATIVE: u8 = 1;
    pub const SHORT_TIME: u8 = 2;
    pub const LONG_TIME: u8 = 4;
    pub const SHORT_DATE: u8 = 8;
    pub const LONG_DATE: u8 = 16;
    pub const DAY_OF_WEEK: u8 = 32;
}

/// What an entity is, with its argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Kind {
    Bold,
    Italic,
    Underline,
    Strikethrough,
    Spoiler,
    Code,
    Pre,
    /// `pre` with a language.
    PreCode(String),
    /// `text_link` with a checked url.
    TextUrl(String),
    /// A `tg://user?id=` link (tdlib's `MentionName`).
    MentionName(i64),
    CustomEmoji(i64),
    BlockQuote,
    ExpandableBlockQuote,
    /// `date_time`: a Unix time and `date_flags`.
    DateTime {
        unix_time: i32,
        flags: u8,
    },
}

impl Kind {
    /// tdlib's `MessageEntity::get_type_priority`: the tie-breaker for equal ranges.
    fn priority(&self) -> u8 {
        match self {
            Kind::Bold => 90,
            Kind::Italic => 91,
            Kind::Underline => 92,
            Kind::Strikethrough => 93,
            Kind::Spoiler => 94,
            Kind::Code => 20,
            Kind::Pre => 11,
            Kind::PreCode(_) => 10,
            Kind::TextUrl(_) | Kind::MentionName(_) => 49,
            Kind::CustomEmoji(_) => 99,
            Kind::BlockQuote | Kind::ExpandableBlockQuote => 0,
            Kind::DateTime { .. } => 30,
        }
    }

    /// The Bot API `type` field.
    fn type_name(&self) -> &'static str {
        match self {
            Kind::Bold => "bold",
            Kind::Italic => "italic",
            Kind::Underline => "underline",
            Kind::Strikethrough => "strikethrough",
            Kind::Spoiler => "spoiler",
            Kind::Code => "code",
            Kind::Pre | Kind::PreCode(_) => "pre",
            Kind::TextUrl(_) | Kind::MentionName(_) => "text_link",
            Kind::CustomEmoji(_) => "custom_emoji",
            Kind::BlockQuote => "blockquote",
            Kind::ExpandableBlockQuote => "expandable_blockquote",
            Kind::DateTime { .. } => "date_time",
        }
    }
}

/// One entity; `offset` and `length` count UTF-16 code units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Entity {
    pub kind: Kind,
    pub offset: usize,
    pub length: usize,
}

impl Entity {
    /// The Bot API `MessageEntity` object, fields in the reference server's order.
    fn to_json(&self) -> Value {
        let mut value = json!({"offset": self.offset, "length": self.length, "type": self.kind.type_name()});
        match &self.kind {
            Kind::PreCode(language) => value["language"] = language.as_str().into(),
            Kind::TextUrl(url) => value["url"] = url.as_str().into(),
            // See the module documentation: no user to show, so the link stays a link.
            Kind::MentionName(user_id) => value["url"] = format!("tg://user?id={user_id}").into(),
            Kind::CustomEmoji(id) => value["custom_emoji_id"] = id.to_string().into(),
            Kind::DateTime { unix_time, flags } => {
                value["unix_time"] = (*unix_time).into();
                value["date_time_format"] = date_time_format(*flags).into();
            }
            _ => {}
        }
        value
    }
}

/// The Bot API `date_time_format` for tdlib date flags: `r`, or `w`, then `d`/`D`, then `t`/`T`
/// (the short variant wins when both are set); empty without flags.
fn date_time_format(flags: u8) -> String {
    use date_flags::*;
    if flags & RELATIVE != 0 {
        return "r".to_owned();
    }
    let mut format = String::new();
    if flags & DAY_OF_WEEK != 0 {
        format.push('w');
    }
    if flags & SHORT_DATE != 0 {
        format.push('d');
    } else if flags & LONG_DATE != 0 {
        format.push('D');
    }
    if flags & SHORT_TIME != 0 {
        format.push('t');
    } else if flags & LONG_TIME != 0 {
        format.push('T');
    }
    format
}

/// tdlib's `FormattedDate::get_date_flags`: `r`/`R` alone, or any of `tTdDwW`.
pub(super) fn parse_date_flags(format: &[u8]) -> Option<u8> {
    use date_flags::*;
    if format == b"r" || format == b"R" {
        return Some(RELATIVE);
    }
    format.iter().try_fold(0, |flags, c| {
        let flag = match c {
            b't' => SHORT_TIME,
            b'T' => LONG_TIME,
            b'd' => SHORT_DATE,
            b'D' => LONG_DATE,
            b'w' | b'W' => DAY_OF_WEEK,
            _ => return None,
        };
        Some(flags | flag)
    })
}

/// Sorts like tdlib's `MessageEntity::operator<` (offset, then longer first, then type priority),
/// keeping the parse order for full ties.
pub(super) fn sort(entities: &mut [Entity]) {
    entities.sort_by_key(|e| (e.offset, Reverse(e.length), e.kind.priority()));
}

/// The Bot API JSON array of `entities`.
pub(super) fn to_json(entities: &[Entity]) -> Value {
    Value::Array(entities.iter().map(Entity::to_json).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_formats_round_trip_like_the_reference() {
        assert_eq!(parse_date_flags(b""), Some(0));
        assert_eq!(parse_date_flags(b"R"), Some(date_flags::RELATIVE));
        assert_eq!(parse_date_flags(b"rt"), None);
        assert_eq!(parse_date_flags(b"ts"), None);
        let all = parse_date_flags(b"tttTTdDwW").unwrap();
        assert_eq!(all, 62);
        assert_eq!(date_time_format(all), "wdt");
        assert_eq!(date_time_format(parse_date_flags(b"TD").unwrap()), "DT");
        assert_eq!(date_time_format(0), "");
        assert_eq!(date_time_format(date_flags::RELATIVE), "r");
    }

    #[test]
    fn json_shapes_match_the_bot_api() {
        let e = |kind| Entity { kind, offset: 1, length: 2 };
        assert_eq!(
            e(Kind::PreCode("rust".into())).to_json(),
            json!({"offset": 1, "length": 2, "type": "pre", "language": "rust"})
        );
        assert_eq!(
            e(Kind::MentionName(42)).to_json(),
            json!({"offset": 1, "length": 2, "type": "text_link", "url": "tg://user?id=42"})
        );
        assert_eq!(
            e(Kind::CustomEmoji(-5)).to_json(),
            json!({"offset": 1, "length": 2, "type": "custom_emoji", "custom_emoji_id": "-5"})
        );
        assert_eq!(
            e(Kind::DateTime { unix_time: 9, flags: 0 }).to_json(),
            json!({"offset": 1, "length": 2, "type": "date_time", "unix_time": 9, "date_time_format": ""})
        );
    }
}
