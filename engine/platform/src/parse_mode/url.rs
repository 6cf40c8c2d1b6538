//! tdlib's link handling as the parse modes and keyboards use it: `LinkManager::check_link` and
//! `get_checked_link` (built on `parse_url` from `tdutils/td/utils/HttpUrl.cpp`), with tdlib's
//! reasons for a refusal, `get_link_user_id`, `get_link_custom_emoji_id` and
//! `get_link_formatted_date`.

use std::net::Ipv6Addr;

use super::entity::parse_date_flags;
use super::{is_space, to_integer_safe};

/// tdlib's largest valid user identifier.
const MAX_USER_ID: i64 = (1 << 40) - 1;

/// A URL as tdlib's `parse_url` splits it.
struct HttpUrl {
    https: bool,
    userinfo: Vec<u8>,
    /// Lower-cased; bracketed for IPv6.
    host: Vec<u8>,
    is_ipv6: bool,
    /// The explicit port, 0 when none was given.
    specified_port: u16,
    /// Always starts with `/`; control characters and spaces percent-encoded.
    query: Vec<u8>,
}

impl HttpUrl {
    /// tdlib's `HttpUrl::get_url`.
    fn to_bytes(&self) -> Vec<u8> {
        let mut url = if self.https { b"https://".to_vec() } else { b"http://".to_vec() };
        if !self.userinfo.is_empty() {
            url.extend_from_slice(&self.userinfo);
            url.push(b'@');
        }
        url.extend_from_slice(&self.host);
        if self.specified_port > 0 {
            url.extend_from_slice(format!(":{}", self.specified_port).as_bytes());
        }
        url.extend_from_slice(&self.query);
        url
    }
}

fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// `s` up to the first `#`.
fn before_hash(s: &[u8]) -> &[u8] {
    s.split(|&c| c == b'#').next().unwrap_or(s)
}

/// `key=value` pairs of a query string, split like tdlib (`value` empty without `=`).
fn query_pairs(query: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    query.split(|&c| c == b'&').map(|pair| match pair.iter().position(|&c| c == b'=') {
        Some(eq) => (&pair[..eq], &pair[eq + 1..]),
        None => (pair, &pair[pair.len()..]),
    })
}

/// Splits `[userinfo@]host[:port]` into `[userinfo@]host` and the explicit port (0 if none), or
/// `None` for an unusable port.
fn split_port(userinfo_host_port: &[u8]) -> Option<(&[u8], u16)> {
    let Some(mut colon) = userinfo_host_port.len().checked_sub(1) else { return Some((userinfo_host_port, 0)) };
    while colon > 0 && !matches!(userinfo_host_port[colon], b':' | b']' | b'@') {
        colon -= 1;
    }
    if colon == 0 || userinfo_host_port[colon] != b':' {
        return Some((userinfo_host_port, 0));
    }
    let mut digits = &userinfo_host_port[colon + 1..];
    while digits.len() > 1 && digits[0] == b'0' {
        digits = &digits[1..];
    }
    let port = to_integer_safe::<i32>(digits).filter(|&p| p != 0)?;
    Some((&userinfo_host_port[..colon], u16::try_from(port).ok()?))
}

/// tdlib's words for a bad percent escape and for a disallowed character, in a URL's host and in
/// its userinfo.
const HOST_ERRORS: [&str; 2] = ["Wrong percent-encoded symbol in URL host", "Disallowed character in URL host"];
const USERINFO_ERRORS: [&str; 2] =
    ["Wrong percent-encoded symbol in URL userinfo", "Disallowed character in URL userinfo"];

/// tdlib's `check_url_part`: RFC 3986 characters, percent escapes and any non-ASCII byte; a
/// refusal is one of `errors` (see [`HOST_ERRORS`]).
fn check_url_part(part: &[u8], allow_colon: bool, errors: [&'static str; 2]) -> Result<(), &'static str> {
    let [bad_escape, disallowed] = errors;
    let mut i = 0;
    while i < part.len() {
        let c = part[i];
        if c.is_ascii_alphanumeric() || b".-_!$,~*'();&+=".contains(&c) || (allow_colon && c == b':') || c >= 0x80 {
            i += 1;
        } else if c == b'%' {
            if !part.get(i + 1..i + 3).is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit)) {
                return Err(bad_escape);
            }
            i += 3;
        } else {
            return Err(disallowed);
        }
    }
    Ok(())
}

/// The path, query and fragment as tdlib normalises them: trailing blanks trimmed, a leading `/`,
/// bytes up to space percent-encoded.
fn normalize_query(mut query: &[u8]) -> Vec<u8> {
    while let Some((&last, rest)) = query.split_last()
        && is_space(last)
    {
        query = rest;
    }
    let mut result = Vec::with_capacity(query.len() + 1);
    if query.first() != Some(&b'/') {
        result.push(b'/');
    }
    for &c in query {
        if c <= 0x20 {
            result.extend_from_slice(format!("%{c:02X}").as_bytes());
        } else {
            result.push(c);
        }
    }
    result
}

/// Whether a bracketed IPv6 host is an address (tdlib asks `inet_pton`).
fn is_ipv6_host(host: &[u8]) -> bool {
    let inner = if host.len() > 2 { &host[1..host.len() - 1] } else { host };
    std::str::from_utf8(inner).is_ok_and(|s| s.parse::<Ipv6Addr>().is_ok())
}

/// tdlib's `parse_url` with the default protocol `http`, or its reason for refusing the URL.
fn parse_url(url: &[u8]) -> Result<HttpUrl, &'static str> {
    let protocol_end = url.iter().position(|c| b":/?#@[]".contains(c)).unwrap_or(url.len());
    let (https, rest) = match url[protocol_end..].strip_prefix(b"://") {
        Some(rest) => match url[..protocol_end].to_ascii_lowercase().as_slice() {
            b"http" => (false, rest),
            b"https" => (true, rest),
            _ => return Err("Unsupported URL protocol"),
        },
        None => (false, url),
    };
    let authority_end = rest.iter().position(|c| b"/?#".contains(c)).unwrap_or(rest.len());
    let (userinfo_host, specified_port) =
        split_port(&rest[..authority_end]).ok_or("Wrong port number specified in the URL")?;
    let (userinfo, host) = match userinfo_host.iter().rposition(|&c| c == b'@') {
        Some(at) => (&userinfo_host[..at], &userinfo_host[at + 1..]),
        None => (&userinfo_host[..0], userinfo_host),
    };
    let is_ipv6 = host.first() == Some(&b'[') && host.last() == Some(&b']');
    if is_ipv6 && !is_ipv6_host(host) {
        return Err("Wrong IPv6 address specified in the URL");
    }
    if host.is_empty() {
        return Err("URL host is empty");
    }
    if host == b"." {
        return Err("Host is invalid");
    }
    let host = host.to_ascii_lowercase();
    if is_ipv6 {
        if !host[1..host.len() - 1].iter().all(|&c| matches!(c, b':' | b'.' | b'0'..=b'9' | b'a'..=b'f')) {
            return Err("Wrong IPv6 URL host");
        }
    } else {
        check_url_part(&host, false, HOST_ERRORS)?;
        check_url_part(userinfo, true, USERINFO_ERRORS)?;
    }
    Ok(HttpUrl {
        https,
        userinfo: userinfo.to_vec(),
        host,
        is_ipv6,
        specified_port,
        query: normalize_query(&rest[authority_end..]),
    })
}

/// tdlib's `LinkManager::check_link_impl`: the normalised link, or tdlib's reason for refusing it.
/// Accepts http(s) URLs whose host has a dot (or is IPv6), defaulting to `http://`, and `tg:`,
/// `ton:` and `tonsite:` links with a plain host; `http_only` refuses the latter, `https_only`
/// (Web Apps and login URLs, outside tdlib's test environment) everything but `https://`.
fn check_link_impl(link: &[u8], http_only: bool, https_only: bool) -> Result<String, &'static str> {
    let scheme =
        ["tg", "ton", "tonsite"].into_iter().find(|s| starts_with_ignore_case(link, format!("{s}:").as_bytes()));
    let rest = match scheme {
        Some(scheme) => {
            let rest = &link[scheme.len() + 1..];
            rest.strip_prefix(b"//").unwrap_or(rest)
        }
        None => link,
    };
    let url = parse_url(rest)?;
    if https_only && (!url.https || scheme.is_some()) {
        return Err("Only HTTPS links are allowed");
    }
    let Some(scheme) = scheme else {
        if !url.host.contains(&b'.') && !url.is_ipv6 {
            return Err("Wrong HTTP URL");
        }
        return Ok(super::into_string(url.to_bytes()));
    };
    if http_only {
        return Err("Only HTTP links are allowed");
    }
    if starts_with_ignore_case(rest, b"http://")
        || url.https
        || !url.userinfo.is_empty()
        || url.specified_port != 0
        || url.is_ipv6
    {
        return Err(if scheme == "tg" { "Wrong tg URL" } else { "Wrong ton URL" });
    }
    let host_ok = url
        .host
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_' || (scheme == "tonsite" && c == b'.'));
    if !host_ok {
        return Err("Unallowed characters in URL host");
    }
    let query = if url.query.get(1) == Some(&b'?') { &url.query[1..] } else { &url.query[..] };
    Ok(format!("{scheme}://{}{}", String::from_utf8_lossy(&url.host), String::from_utf8_lossy(query)))
}

/// tdlib's `LinkManager::get_checked_link`: the normalised link, or `None` if tdlib would drop it
/// (see [`check_link_impl`]).
pub(super) fn checked_link(link: &[u8]) -> Option<String> {
    check_link_impl(link, false, false).ok()
}

/// tdlib's `LinkManager::check_link`, as the keyboards and the menu button use it: the normalised
/// link, or tdlib's error `URL '<link>' is invalid: <reason>`, which the caller prefixes with the
/// button it checks (`Inline keyboard button URL '…' is invalid: …`).
pub(crate) fn check_link(link: &str, http_only: bool, https_only: bool) -> Result<String, String> {
    check_link_impl(link.as_bytes(), http_only, https_only)
        .map_err(|reason| format!("URL '{link}' is invalid: {reason}"))
}

/// [`check_link`] for a link that opens a bot's page (a Web App, a login URL, the menu button):
/// HTTPS only, as tdlib has it outside its test environment; a test server (`--testing`) is that
/// environment and takes plain HTTP too.
pub(crate) fn check_page_link(link: &str) -> Result<String, String> {
    check_link(link, true, !msg_core::environment::is_test())
}

/// tdlib's `LinkManager::get_link_user_id`: the user of a `tg://user?id=N` link, if valid.
pub(crate) fn link_user_id(url: &[u8]) -> Option<i64> {
    let lower = url.to_ascii_lowercase();
    let rest = lower.strip_prefix(b"tg:")?;
    let rest = rest.strip_prefix(b"//").unwrap_or(rest);
    let rest = rest.strip_prefix(b"user")?;
    if rest.first().is_some_and(|c| !b"/?#".contains(c)) {
        return None;
    }
    let rest = rest.strip_prefix(b"/").unwrap_or(rest);
    let query = before_hash(rest.strip_prefix(b"?")?);
    let (_, id) = query_pairs(query).find(|(key, _)| *key == b"id")?;
    to_integer_safe::<i64>(id).filter(|id| (1..=MAX_USER_ID).contains(id))
}

/// tdlib's `check_tg_url_host`: the query of a `tg://<host>?query` link (scheme and host
/// case-insensitive), without its fragment.
fn tg_url_query<'a>(url: &'a [u8], host: &[u8]) -> Option<&'a [u8]> {
    let checked = (3 + 2 + host.len() + 1).min(url.len());
    let lower = url[..checked].to_ascii_lowercase();
    let mut lower = lower.strip_prefix(b"tg:")?;
    let mut url = &url[3..];
    if let Some(rest) = url.strip_prefix(b"//") {
        url = rest;
        lower = lower.get(2..).unwrap_or_default();
    }
    if !lower.starts_with(host) || url.get(host.len()).is_some_and(|c| !b"/?#".contains(c)) {
        return None;
    }
    let rest = &url[host.len()..];
    let rest = rest.strip_prefix(b"/").unwrap_or(rest);
    Some(before_hash(rest.strip_prefix(b"?")?))
}

/// tdlib's `get_link_custom_emoji_id`: the non-zero `id` of a `tg://emoji?id=N` link.
pub(super) fn custom_emoji_id(url: &[u8]) -> Option<i64> {
    let (_, id) = query_pairs(tg_url_query(url, b"emoji")?).find(|(key, _)| *key == b"id")?;
    to_integer_safe::<i64>(id).filter(|&id| id != 0)
}

/// tdlib's `get_link_formatted_date`: the positive `unix` time and the `format` flags of a
/// `tg://time?unix=N&format=F` link.
pub(super) fn formatted_date(url: &[u8]) -> Option<(i32, u8)> {
    let mut unix_time = 0;
    let mut format: &[u8] = b"";
    for (key, value) in query_pairs(tg_url_query(url, b"time")?) {
        match key {
            b"unix" => unix_time = to_integer_safe::<i32>(value).filter(|&t| t > 0)?,
            b"format" => format = value,
            _ => {}
        }
    }
    if unix_time == 0 {
        return None;
    }
    Some((unix_time, parse_date_flags(format)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checked(link: &str) -> Option<String> {
        checked_link(link.as_bytes())
    }

    #[test]
    fn http_links_are_normalised_like_tdlib() {
        assert_eq!(checked("telegram.org").as_deref(), Some("http://telegram.org/"));
        assert_eq!(checked("HTTPS://Telegram.Org/Path?q=1#F").as_deref(), Some("https://telegram.org/Path?q=1#F"));
        assert_eq!(checked("https://telegram.dog?").as_deref(), Some("https://telegram.dog/?"));
        assert_eq!(checked("www.🤙.tk#1").as_deref(), Some("http://www.🤙.tk/#1"));
        assert_eq!(checked("http://u:p@x.com:0080/a b ").as_deref(), Some("http://u:p@x.com:80/a%20b"));
        assert_eq!(checked("http://[::1]:8080/x").as_deref(), Some("http://[::1]:8080/x"));
        for bad in ["as", "", "ftp://x.com", "http://x.com:0", "http://x.com:70000", "http://x.com:", "x y.com", "."] {
            assert_eq!(checked(bad), None, "{bad}");
        }
        assert_eq!(checked("http://[zz]/"), None);
        assert_eq!(checked("a%zz.com"), None);
    }

    #[test]
    fn tg_links_keep_their_scheme() {
        assert_eq!(checked("tg://resolve?domain=x").as_deref(), Some("tg://resolve?domain=x"));
        assert_eq!(checked("TG:user?id=5").as_deref(), Some("tg://user?id=5"));
        assert_eq!(checked("tonsite://a.ton/x").as_deref(), Some("tonsite://a.ton/x"));
        assert_eq!(checked("ton://a.ton"), None);
        assert_eq!(checked("tg://http://x.com"), None);
        assert_eq!(checked("tg://x:80"), None);
    }

    fn reason(link: &str, http_only: bool, https_only: bool) -> Result<String, &'static str> {
        check_link_impl(link.as_bytes(), http_only, https_only)
    }

    #[test]
    fn refused_links_say_why_like_tdlib() {
        let port = "Wrong port number specified in the URL";
        for link in ["javascript:alert(1)", "data:text/html,hi", "mailto:x", "http://x.com:0", "http://x.com:70000"] {
            assert_eq!(reason(link, false, false), Err(port), "{link}");
        }
        assert_eq!(reason("http://x.com:", false, false), Err(port));
        for link in ["javascript://x", "ftp://host.com", "file:///etc/passwd"] {
            assert_eq!(reason(link, false, false), Err("Unsupported URL protocol"), "{link}");
        }
        for link in ["http://localhost", "as", "https://intranet/app"] {
            assert_eq!(reason(link, false, false), Err("Wrong HTTP URL"), "{link}");
        }
        assert_eq!(reason("", false, false), Err("URL host is empty"));
        assert_eq!(reason("http://", false, false), Err("URL host is empty"));
        assert_eq!(reason(".", false, false), Err("Host is invalid"));
        assert_eq!(reason("http://[zz]/", false, false), Err("Wrong IPv6 address specified in the URL"));
        assert_eq!(reason("a%zz.com", false, false), Err("Wrong percent-encoded symbol in URL host"));
        assert_eq!(reason("x y.com", false, false), Err("Disallowed character in URL host"));
        assert_eq!(reason("http://u%:p@x.com", false, false), Err("Wrong percent-encoded symbol in URL userinfo"));
        assert_eq!(reason("http://u<@x.com", false, false), Err("Disallowed character in URL userinfo"));
        assert_eq!(reason("tg://x:80", false, false), Err("Wrong tg URL"));
        assert_eq!(reason("tg://http://x.com", false, false), Err("Wrong tg URL"));
        assert_eq!(reason("ton://a.ton", false, false), Err("Unallowed characters in URL host"));
        // What parse modes keep is unchanged.
        assert_eq!(reason("tg://user?id=5", false, false).as_deref(), Ok("tg://user?id=5"));
        assert_eq!(reason("https://example.com", false, false).as_deref(), Ok("https://example.com/"));
    }

    #[test]
    fn web_app_links_take_https_only() {
        let https = "Only HTTPS links are allowed";
        for link in ["http://example.com/app", "example.com", "tg://resolve?domain=x", "ton://a"] {
            assert_eq!(reason(link, true, true), Err(https), "{link}");
        }
        assert_eq!(reason("tg://resolve?domain=x", true, false), Err("Only HTTP links are allowed"));
        // The URL is parsed first.
        assert_eq!(reason("javascript:alert(1)", true, true), Err("Wrong port number specified in the URL"));
        assert_eq!(reason("ftp://example.com", true, true), Err("Unsupported URL protocol"));
        assert_eq!(reason("https://localhost/app", true, true), Err("Wrong HTTP URL"));
        assert_eq!(reason("HTTPS://Example.com/app", true, true).as_deref(), Ok("https://example.com/app"));
        assert_eq!(
            check_link("javascript:alert(1)", false, false),
            Err("URL 'javascript:alert(1)' is invalid: Wrong port number specified in the URL".to_owned())
        );
        assert_eq!(
            check_link("http://example.com/app", true, true),
            Err("URL 'http://example.com/app' is invalid: Only HTTPS links are allowed".to_owned())
        );
        assert_eq!(check_link("https://example.com", true, true).as_deref(), Ok("https://example.com/"));
    }

    #[test]
    fn user_emoji_and_time_links() {
        assert_eq!(link_user_id(b"tg://user?id=123456"), Some(123456));
        assert_eq!(link_user_id(b"TG:USER/?ID=7#x"), Some(7));
        assert_eq!(link_user_id(b"tg://user?x=1&id=0"), None);
        assert_eq!(link_user_id(b"tg://users?id=1"), None);
        assert_eq!(link_user_id(b"tg://user?id=1099511627776"), None);
        assert_eq!(custom_emoji_id(b"TG://EMoJI/?test=1231&id=25#id=32"), Some(25));
        assert_eq!(custom_emoji_id(b"tg://emoji?test=1231&id=025"), None);
        assert_eq!(custom_emoji_id(b"tg:emojis?id=1"), None);
        assert_eq!(custom_emoji_id(b"tg://emoji?test=1#&id=25"), None);
        assert_eq!(formatted_date(b"TG://TiME/?test=1231&format=dt&unix=25#unix=32"), Some((25, 10)));
        assert_eq!(formatted_date(b"tg://time?unix=0"), None);
        assert_eq!(formatted_date(b"tg://time?unix=5&format=x"), None);
    }
}
