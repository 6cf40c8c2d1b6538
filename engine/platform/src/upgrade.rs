//! Records written before the domains kept rows of their own: a group's lists (links, requests,
//! topics, pins, banned senders) and a person's (votes, reactions, read marks, emoji-status
//! bots, profile photos) sat in the record's JSON `details`, read and written back whole. When
//! the directory is first touched, each such record is split once into its domains' rows and
//! stored without the lists, in one batch with the rows (the kernel's `rows.rs` runs it once
//! per database and marks it done). Not for records written since.

use msg_core::{Change, PlatformState, UserRecord};

use crate::DOMAINS;
use crate::kernel::standing::PersonDetails;

/// The changes that split every old record of `state` (which is changed to match), and the rows
/// that keep group ids counting on from the groups there are.
pub(crate) fn split_legacy(state: &mut PlatformState) -> Vec<Change> {
    let mut changes: Vec<Change> = DOMAINS.iter().flat_map(|d| d.split_legacy(state)).collect();
    for user in &mut state.users {
        changes.extend(split_person(user));
    }
    changes
}

/// A person's lists as rows (`user` is left without them, for the caller to store); nothing
/// when it holds none.
fn split_person(user: &mut UserRecord) -> Vec<Change> {
    let details = PersonDetails::parse(&user.details);
    let lists = &details.legacy;
    if lists.is_empty() {
        return Vec::new();
    }
    let id = user.id;
    let mut changes: Vec<Change> = DOMAINS.iter().flat_map(|d| d.split_person(id, lists)).collect();
    // Read marks are the person's own view (`views.rs`), no domain's.
    changes.extend(lists.read.iter().map(|(key, mark)| crate::views::READ_MARKS.put(id, key, mark)));
    user.details = details.to_json();
    changes
}

#[cfg(test)]
mod tests {
    use msg_core::Secret;

    use super::*;

    #[test]
    fn a_person_with_lists_is_split_into_rows() {
        let mut user = UserRecord::new(7, Secret::new("s"), "Al".into(), 1);
        user.details = r#"{"emoji_status_custom_emoji_id":"e","emoji_status_bots":[5],"photos":[{"n":2},{"n":1}],
            "poll_votes":{"p":[0]},"reactions":{"g-1#3":[{"type":"emoji","emoji":"👍"}]},"read":{"g-1":3}}"#
            .into();
        let changes = split_person(&mut user);
        assert_eq!(changes.len(), 6, "a bot, two photos, a vote, a reaction and a read mark");
        assert_eq!(
            changes[1],
            crate::people::PHOTOS.put(7, &crate::people::photo_key(1), &serde_json::json!({"n": 2}))
        );
        assert_eq!(user.details, r#"{"emoji_status_custom_emoji_id":"e"}"#);
        assert!(split_person(&mut user).is_empty(), "once only");
    }
}
