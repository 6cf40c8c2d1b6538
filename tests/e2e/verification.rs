//! Verification and Passport (issue 41): the operator makes a bot a verification organisation,
//! the bot verifies people and chats and takes it back, and a person sees who verified whom;
//! `setPassportDataErrors` is checked in the reference's words and order, and the person reads
//! what the bot reported. Both sides, rights and bad input.

use msg_testkit::Server;
use serde_json::{Value, json};

use crate::{create_bot, create_user, error, id_of, launch, ok, refused};

const KEY: &str = "verification-operator-key";

fn operator(server: &Server, method: &str, params: Value) -> Value {
    ok(crate::console::operator(server, KEY, method, params))
}

#[test]
fn an_organisation_verifies_people_and_chats_and_people_see_it() {
    let root = tempfile::tempdir().unwrap();
    let org = create_bot(root.path(), "org_verifier_bot");
    let other_org = create_bot(root.path(), "second_verifier_bot");
    let plain = create_bot(root.path(), "plain_bot");
    let (alice, bob) = (create_user(root.path(), "Alice"), create_user(root.path(), "Bob"));
    let (org_id, other_id, alice_id) = (id_of(&org), id_of(&other_org), id_of(&alice));
    let server = launch(root.path()).env("MSG_CONSOLE", "true").env("MSG_CONSOLE_TOKEN", KEY).start();
    let seen = |target: Value| ok(server.user_call(&bob, "getVerification", target));

    // The reference's checks first, then the platform's: a bot that is no organisation.
    assert_eq!(refused(&server, &plain, "verifyUser", json!({})), "Bad Request: invalid user_id specified");
    assert_eq!(refused(&server, &plain, "verifyUser", json!({"user_id": 1})), "Bad Request: user not found");
    assert_eq!(
        refused(&server, &plain, "verifyUser", json!({"user_id": alice_id})),
        "Bad Request: BOT_VERIFIER_FORBIDDEN"
    );
    assert_eq!(seen(json!({"user_id": alice_id})), Value::Null, "nobody verified Alice");

    // The operator makes org an organisation without descriptions of its own.
    let made = operator(&server, "setVerificationOrganization", json!({"bot_id": org_id}));
    assert_eq!(made["bot"]["id"], org_id);
    assert_eq!(made["can_set_custom_description"], false);
    assert_eq!(
        refused(&server, &org, "verifyUser", json!({"user_id": alice_id, "custom_description": "Official"})),
        "Bad Request: custom_description must be empty: the organization may not set its own"
    );
    assert_eq!(ok(server.call(&org, "verifyUser", json!({"user_id": alice_id}))), true);
    let verification = seen(json!({"user_id": alice_id}));
    assert_eq!(verification["organization"]["id"], org_id);
    assert_eq!(verification["organization"]["is_bot"], true);
    assert_eq!(verification["custom_description"], "");

    // Allowed its own description: at most 70 characters.
    operator(&server, "setVerificationOrganization", json!({"bot_id": org_id, "can_set_custom_description": true}));
    let long = "x".repeat(71);
    assert_eq!(
        refused(&server, &org, "verifyUser", json!({"user_id": alice_id, "custom_description": long})),
        "Bad Request: custom_description must be at most 70 characters"
    );
    let partner = "Официальный партнёр 🤝";
    ok(server.call(&org, "verifyUser", json!({"user_id": alice_id, "custom_description": partner})));
    assert_eq!(seen(json!({"user_id": alice_id}))["custom_description"], partner);
    let listed = operator(&server, "listVerificationOrganizations", json!({}));
    assert_eq!(listed, json!([{"bot": made["bot"], "can_set_custom_description": true}]));

    // Chats: read access, as the reference checks it; a supergroup the bot is in is verified.
    assert_eq!(refused(&server, &org, "verifyChat", json!({"chat_id": ""})), "Bad Request: chat_id is empty");
    assert_eq!(refused(&server, &org, "verifyChat", json!({"chat_id": -42})), "Bad Request: chat not found");
    let group = ok(server.user_call(
        &alice,
        "createSupergroup",
        json!({"title": "Verified", "member_ids": [org_id, id_of(&bob)]}),
    ));
    let group_id = group["id"].as_i64().unwrap();
    assert_eq!(
        error(server.call(&plain, "verifyChat", json!({"chat_id": group_id}))),
        (403, "Forbidden: bot is not a member of the supergroup chat".into()),
        "a private supergroup the bot is not in"
    );
    ok(server.call(&org, "verifyChat", json!({"chat_id": group_id, "custom_description": "Team chat"})));
    let chat = seen(json!({"chat_id": group_id}));
    assert_eq!(
        (chat["organization"]["id"].as_i64(), chat["custom_description"].as_str()),
        (Some(org_id), Some("Team chat"))
    );

    // Taking it back: the removals' lenient checks in the reference's (sender_chat_id) words.
    for (chat_id, expected) in [
        (json!(""), "Bad Request: sender_chat_id is empty"),
        (json!("@verified"), "Bad Request: sender_chat_id is not a valid Integer"),
        (json!(0), "Bad Request: invalid chat identifier specified"),
        (json!(-999_999), "Bad Request: PEER_ID_INVALID"),
    ] {
        assert_eq!(refused(&server, &org, "removeChatVerification", json!({"chat_id": chat_id})), expected);
    }
    assert_eq!(
        refused(&server, &plain, "removeChatVerification", json!({"chat_id": group_id})),
        "Bad Request: BOT_VERIFIER_FORBIDDEN"
    );
    assert_eq!(ok(server.call(&org, "removeChatVerification", json!({"chat_id": group_id}))), true);
    assert_eq!(seen(json!({"chat_id": group_id})), Value::Null);
    assert_eq!(refused(&server, &org, "removeUserVerification", json!({"user_id": 1})), "Bad Request: PEER_ID_INVALID");

    // Another organisation's verification replaces the first's; the first cannot take the
    // second's back, nor grant what it no longer is.
    operator(&server, "setVerificationOrganization", json!({"bot_id": other_id}));
    ok(server.call(&other_org, "verifyUser", json!({"user_id": alice_id})));
    assert_eq!(ok(server.call(&org, "removeUserVerification", json!({"user_id": alice_id}))), true);
    assert_eq!(seen(json!({"user_id": alice_id}))["organization"]["id"], other_id, "not the first's to take back");
    assert_eq!(operator(&server, "removeVerificationOrganization", json!({"bot_id": org_id})), true);
    assert_eq!(
        refused(&server, &org, "verifyUser", json!({"user_id": id_of(&bob)})),
        "Bad Request: BOT_VERIFIER_FORBIDDEN"
    );
    ok(server.call(&other_org, "removeUserVerification", json!({"user_id": alice_id})));
    assert_eq!(seen(json!({"user_id": alice_id})), Value::Null);
}

#[test]
fn passport_data_errors_are_checked_as_the_reference_checks_them_and_shown_to_the_person() {
    let root = tempfile::tempdir().unwrap();
    let bot = create_bot(root.path(), "passport_bot");
    let alice = create_user(root.path(), "Alice");
    let (bot_id, alice_id) = (id_of(&bot), id_of(&alice));
    let server = launch(root.path()).start();
    let hash = "A".repeat(43) + "="; // 32 bytes
    let short = "78EJbNOmoK3Axtg7yzA9cA=="; // 16 bytes
    let set =
        |errors: Value| server.call(&bot, "setPassportDataErrors", json!({"user_id": alice_id, "errors": errors}));
    let wrong = |errors: Value| error(set(errors)).1;
    let element = |extra: Value| {
        let mut e = json!({"type": "passport", "message": "blurry"});
        e.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!([e])
    };

    assert_eq!(
        error(server.call(&bot, "setPassportDataErrors", json!({}))).1,
        "Bad Request: invalid user_id specified"
    );
    assert_eq!(
        error(server.call(&bot, "setPassportDataErrors", json!({"user_id": alice_id}))).1,
        "Bad Request: can't parse errors JSON object"
    );
    assert_eq!(wrong(json!({"a": 1})), "Bad Request: expected an Array of PassportElementError");
    let parse = "Bad Request: can't parse PassportElementError: ";
    for (errors, inner) in [
        (json!([1]), "expected an Object"),
        (json!([{"message": "m"}]), "Can't find field \"type\""),
        (json!([{"type": [], "message": "m"}]), "Field \"type\" must be of type String"),
        (json!([{"type": "diploma", "message": "m"}]), "wrong Telegram Passport element type specified"),
        (json!([{"type": "passport"}]), "Can't find field \"message\""),
        (element(json!({})), "Can't find field \"element_hash\""),
        (element(json!({"source": "data", "field_name": "x"})), "Can't find field \"data_hash\""),
        (element(json!({"source": "data", "data_hash": hash})), "Can't find field \"field_name\""),
        (element(json!({"source": "front_side"})), "Can't find field \"file_hash\""),
        (element(json!({"source": "files"})), "Can't find field \"file_hashes\""),
        (element(json!({"source": "files", "file_hashes": "x"})), "Field \"file_hashes\" must be of type Array"),
        (element(json!({"source": "files", "file_hashes": [1]})), "hash must be a string"),
        (element(json!({"source": "selfie", "file_hash": "not base64!"})), "hash isn't a valid base64-encoded string"),
        (element(json!({"source": "somewhere", "file_hash": hash})), "wrong source specified"),
    ] {
        assert_eq!(wrong(errors.clone()), format!("{parse}{inner}"), "{errors}");
    }
    // The errors parse before the user is looked at; then TDLib's and the platform's checks.
    let unknown = server.call(
        &bot,
        "setPassportDataErrors",
        json!({"user_id": 1, "errors": element(json!({"element_hash": hash}))}),
    );
    assert_eq!(error(unknown).1, "Bad Request: user not found");
    assert_eq!(
        wrong(element(json!({"source": "translation_files", "file_hashes": []}))),
        "Bad Request: file hashes must be non-empty"
    );
    assert_eq!(
        wrong(element(json!({"source": "data", "data_hash": short, "field_name": "number"}))),
        "Bad Request: DATA_HASH_SIZE_INVALID"
    );
    assert_eq!(wrong(element(json!({"source": "file", "file_hash": short}))), "Bad Request: HASH_SIZE_INVALID");
    assert_eq!(ok(server.user_call(&alice, "getPassportDataErrors", json!({"bot_id": bot_id}))), json!([]));

    // Accepted: the person reads what the bot reported.
    let errors = json!([
        {"source": "data", "type": "passport", "field_name": "document_no", "data_hash": hash, "message": "Blurry"},
        {"source": "files", "type": "utility_bill", "file_hashes": [hash, hash], "message": "Too old"},
    ]);
    assert_eq!(ok(set(errors.clone())), true);
    assert_eq!(ok(server.user_call(&alice, "getPassportDataErrors", json!({"bot_id": bot_id}))), errors);
    assert_eq!(ok(set(json!([]))), true, "an empty list clears them");
    assert_eq!(ok(server.user_call(&alice, "getPassportDataErrors", json!({"bot_id": bot_id}))), json!([]));
}
