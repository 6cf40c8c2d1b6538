//! Reading a method's parameters the reference server's way, for the generated parameter structs
//! in [`crate::params`]. Every value arrives as text (a form field, a query parameter, or a JSON
//! body's value: strings decoded, anything else kept as its raw JSON), the first occurrence wins,
//! and scalars are read leniently: integers by their leading digits (`"12abc"` is 12, garbage is
//! 0), booleans true only for `true`, `yes` or `1`. Nothing here fails except what the reference
//! checks while reading, before it looks anything up: a user id must be positive
//! (`invalid user_id specified`). Nested values (objects, arrays, files) stay raw text for the
//! handler, which parses them with the reference's wording for that type.

/// A parameter the reference refuses while reading it; the text is the description after
/// `Bad Request: `.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgError(pub String);

/// Looks a parameter up by name (the first occurrence).
pub type Source<'s, 'a> = &'s dyn Fn(&str) -> Option<&'a str>;

/// A method's parameters, decoded from a [`Source`].
pub trait Decode<'a>: Sized {
    /// The method's name as the documentation spells it.
    const METHOD: &'static str;
    fn decode(arg: Source<'_, 'a>) -> Result<Self, ArgError>;
}

/// tdutils' `to_integer`: an optional `-`, then the leading decimal digits (the rest ignored),
/// accumulated with wrap-around; never fails.
pub fn to_integer(text: &str) -> i64 {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let value = digits
        .bytes()
        .take_while(u8::is_ascii_digit)
        .fold(0u64, |acc, d| acc.wrapping_mul(10).wrapping_add(u64::from(d - b'0')));
    if negative { (value as i64).wrapping_neg() } else { value as i64 }
}

/// The reference's `to_bool`: trimmed, case-insensitive `true`, `yes` or `1`.
pub fn to_bool(text: &str) -> bool {
    matches!(
        text.trim_matches([' ', '\t', '\r', '\n', '\0', '\x0b']).to_ascii_lowercase().as_str(),
        "true" | "yes" | "1"
    )
}

/// An integer parameter: absent or empty is `None`.
pub fn integer(value: Option<&str>) -> Option<i64> {
    value.filter(|v| !v.is_empty()).map(to_integer)
}

/// A float parameter: absent or empty is `None`, garbage 0.
pub fn float(value: Option<&str>) -> Option<f64> {
    value.filter(|v| !v.is_empty()).map(|v| v.trim().parse().unwrap_or(0.0))
}

/// A boolean parameter: absent is false.
pub fn boolean(value: Option<&str>) -> bool {
    value.is_some_and(to_bool)
}

/// A user id (`user_id`, `*_user_id`): the reference's `get_user_id`, positive or refused.
pub fn user_id(value: Option<&str>, name: &str) -> Result<i64, ArgError> {
    match integer(value).unwrap_or(0) {
        id if id > 0 => Ok(id),
        _ => Err(ArgError(format!("invalid {name} specified"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_are_read_as_the_reference_reads_them() {
        for (text, value) in [
            ("123", 123),
            ("-100123", -100_123),
            ("12abc", 12),
            ("12 34", 12),
            ("abc", 0),
            (" 1", 0),
            ("+5", 0),
            ("-", 0),
        ] {
            assert_eq!(to_integer(text), value, "{text}");
        }
        for (text, value) in [("true", true), (" YES ", true), ("1", true), ("on", false), ("True1", false)] {
            assert_eq!(to_bool(text), value, "{text}");
        }
        assert_eq!(user_id(Some("0"), "user_id"), Err(ArgError("invalid user_id specified".into())));
        assert_eq!(user_id(None, "sender_user_id").unwrap_err().0, "invalid sender_user_id specified");
        assert_eq!(user_id(Some("42x"), "user_id"), Ok(42));
    }
}
