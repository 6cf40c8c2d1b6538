//! The Bot API 10.5 schema: every method (its parameters and return types) and every type (its
//! fields, or the subtypes of a union), read from the machine-readable specification kept beside
//! this crate (`api-10.3.json`, MIT data, provenance in `PROVENANCE.txt`) with what Bot API 10.4
//! and 10.5 changed applied (`changes-10.5.json`, written by this project with a source for each
//! entry: no licensed machine-readable schema covers them) and what neither says in
//! `supplement.json`; and a validator that checks a JSON value against a declared type:
//! required fields present, no undeclared field, JSON types as declared, unions resolved by
//! their discriminator (`always "creator"`). Not here: what any method does.
#![forbid(unsafe_code)]

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::Value;

pub mod args;
pub mod params;
#[cfg(test)]
mod sourcegen;
pub mod types;

/// The Bot API version of the schema.
pub const VERSION: &str = "Bot API 10.5";

/// Methods of the version served that no source this schema was written from names: Bot API
/// 10.4 added eight, and only six are named anywhere this project could read (see
/// `changes-10.5.json`'s `why`).
pub const UNNAMED_METHODS: usize = 2;

/// How many methods the Bot API of [`VERSION`] has.
pub const METHODS_OF_VERSION: usize = 194;

/// One field of a type, or one parameter of a method.
#[derive(Debug, Clone, Deserialize)]
pub struct Field {
    pub name: String,
    /// Declared types, e.g. `Integer`, `Array of PhotoSize`, `InputFile`.
    pub types: Vec<String>,
    pub required: bool,
    #[serde(default)]
    pub description: String,
    /// The Bot API version after 9.5 that added a required field (`supplement.json`'s
    /// `stored_defaults`): data stored before it lacks the field, so it reads as its default.
    #[serde(default)]
    pub since: Option<String>,
}

/// A method.
#[derive(Debug, Clone, Deserialize)]
pub struct Method {
    pub name: String,
    /// The documentation's paragraphs.
    #[serde(default)]
    pub description: Vec<String>,
    #[serde(default)]
    pub returns: Vec<String>,
    #[serde(default)]
    pub fields: Vec<Field>,
}

/// A type: an object with fields, or a union of subtypes.
#[derive(Debug, Clone, Deserialize)]
pub struct Type {
    pub name: String,
    /// The documentation's paragraphs.
    #[serde(default)]
    pub description: Vec<String>,
    #[serde(default)]
    pub fields: Vec<Field>,
    #[serde(default)]
    pub subtypes: Vec<String>,
}

/// The whole schema.
#[derive(Debug)]
pub struct Spec {
    pub version: String,
    /// In the order of the documentation.
    pub methods: Vec<Method>,
    pub types: HashMap<String, Type>,
}

#[derive(Deserialize)]
struct Raw {
    // serde_json keeps the document's order (the workspace enables `preserve_order`).
    methods: serde_json::Map<String, Value>,
    types: HashMap<String, Type>,
}

/// The schema, parsed once.
pub fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(|| {
        let raw: Raw = serde_json::from_str(include_str!("../api-10.3.json")).expect("the bundled schema parses");
        let mut methods: Vec<Method> = raw
            .methods
            .into_values()
            .map(|m| serde_json::from_value(m).expect("the bundled schema's methods parse"))
            .collect();
        let mut types = raw.types;
        let version = later_versions(&mut methods, &mut types);
        supplement(&mut methods, &mut types);
        Spec { version, methods, types }
    })
}

/// A method `changes-10.5.json` adds after the method `after`.
#[derive(Deserialize)]
struct NewMethod {
    after: String,
    #[serde(flatten)]
    method: Method,
}

/// `changes-10.5.json`: what Bot API 10.4 and 10.5 changed, written by this project from the
/// official documentation's pages with a source for each entry (no licensed machine-readable
/// schema covers them; see PROVENANCE.txt).
#[derive(Deserialize)]
struct Changes {
    version: String,
    methods: Vec<NewMethod>,
    types: Vec<Type>,
    /// Type -> fields added, each after the named one.
    fields: HashMap<String, Vec<Added>>,
    /// Method -> parameters added, each after the named one.
    params: HashMap<String, Vec<Added>>,
    /// Type -> fields removed.
    removed: HashMap<String, Vec<String>>,
    /// Method -> its new return types.
    returns: HashMap<String, Vec<String>>,
    /// Union -> members added.
    subtypes: HashMap<String, Vec<String>>,
    /// Type or method -> fields or parameters that became optional.
    optional: HashMap<String, Vec<String>>,
    /// Type or method -> its description as the later version words it (the ones its changes
    /// made stale: getMe's return type, CallbackQuery's inline message ids).
    descriptions: HashMap<String, Vec<String>>,
}

/// Applies `changes-10.5.json` to the 10.3 schema; the version it brings the schema to.
fn later_versions(methods: &mut Vec<Method>, types: &mut HashMap<String, Type>) -> String {
    let changes: Changes =
        serde_json::from_str(include_str!("../changes-10.5.json")).expect("the bundled 10.4-10.5 changes parse");
    for NewMethod { after, method } in changes.methods {
        let at = methods.iter().position(|m| m.name == after).expect("a new method follows a known one");
        methods.insert(at + 1, method);
    }
    for ty in changes.types {
        assert!(types.insert(ty.name.clone(), ty).is_none(), "the changes add new types only");
    }
    for (name, added) in changes.fields {
        insert_fields(&mut types.get_mut(&name).expect("the changes name known types").fields, added);
    }
    for (name, added) in changes.params {
        let method = methods.iter_mut().find(|m| m.name == name).expect("the changes name known methods");
        insert_fields(&mut method.fields, added);
    }
    for (name, removed) in changes.removed {
        let fields = &mut types.get_mut(&name).expect("the changes remove from known types").fields;
        let before = fields.len();
        fields.retain(|f| !removed.contains(&f.name));
        assert_eq!(before - fields.len(), removed.len(), "the changes remove fields {name} has");
    }
    for (name, returns) in changes.returns {
        methods.iter_mut().find(|m| m.name == name).expect("the changes retype known methods").returns = returns;
    }
    for (name, members) in changes.subtypes {
        types.get_mut(&name).expect("the changes extend known unions").subtypes.extend(members);
    }
    for (name, optional) in changes.optional {
        let fields = match types.get_mut(&name) {
            Some(ty) => &mut ty.fields,
            None => &mut methods.iter_mut().find(|m| m.name == name).expect("a known type or method").fields,
        };
        for field in optional {
            fields.iter_mut().find(|f| f.name == field).expect("the changes name its fields").required = false;
        }
    }
    for (name, description) in changes.descriptions {
        match types.get_mut(&name) {
            Some(ty) => ty.description = description,
            None => {
                methods.iter_mut().find(|m| m.name == name).expect("a known type or method").description = description
            }
        }
    }
    changes.version
}

fn insert_fields(fields: &mut Vec<Field>, added: Vec<Added>) {
    for Added { after, field } in added {
        let at = fields.iter().position(|f| f.name == after).expect("a new field follows a known one");
        fields.insert(at + 1, field);
    }
}

/// One field `supplement.json` inserts after `after`.
#[derive(Deserialize)]
struct Added {
    after: String,
    #[serde(flatten)]
    field: Field,
}

#[derive(Deserialize)]
struct Supplement {
    #[serde(default)]
    types: HashMap<String, Vec<Added>>,
    #[serde(default)]
    methods: HashMap<String, Vec<Added>>,
    /// Type -> its required fields added after 9.5 -> the version that added each.
    #[serde(default)]
    stored_defaults: HashMap<String, HashMap<String, String>>,
    /// Type -> its fields in the reference server's order, where that is not the schema's.
    #[serde(default)]
    order: HashMap<String, Vec<String>>,
}

/// Applies `supplement.json` (see PROVENANCE.txt): the fields the reference keeps that the schema
/// dropped, inserted into the types and the methods' parameters; the versions of required fields
/// stored data may lack; the reference's order of the fields of the types it orders.
fn supplement(methods: &mut [Method], types: &mut HashMap<String, Type>) {
    let extra: Supplement =
        serde_json::from_str(include_str!("../supplement.json")).expect("the bundled supplement parses");
    let insert = insert_fields;
    for (name, added) in extra.types {
        insert(&mut types.get_mut(&name).expect("the supplement names schema types").fields, added);
    }
    for (name, added) in extra.methods {
        let method = methods.iter_mut().find(|m| m.name == name).expect("the supplement names schema methods");
        insert(&mut method.fields, added);
    }
    for (name, fields) in extra.stored_defaults {
        let ty = types.get_mut(&name).expect("the supplement's stored defaults name schema types");
        for (field, since) in fields {
            let field = ty.fields.iter_mut().find(|f| f.name == field).expect("stored defaults name the type's fields");
            assert!(field.required, "a stored default is for a required field ({name}.{})", field.name);
            field.since = Some(since);
        }
    }
    for (name, order) in extra.order {
        let fields = &mut types.get_mut(&name).expect("the supplement orders schema types").fields;
        assert_eq!(order.len(), fields.len(), "the supplement's order of {name} names each of its fields once");
        fields.sort_by_key(|f| order.iter().position(|o| *o == f.name).expect("the order names the type's fields"));
    }
}

impl Spec {
    /// A method by name, case-insensitively (as the server routes them).
    pub fn method(&self, name: &str) -> Option<&Method> {
        self.methods
            .iter()
            .find(|m| m.name == name)
            .or_else(|| self.methods.iter().find(|m| m.name.eq_ignore_ascii_case(name)))
    }

    /// Checks a successful result of `method` against its declared return types; `None` for a
    /// method the schema does not know (a plugin's own).
    pub fn check_result(&self, method: &str, result: &Value) -> Option<Result<(), Vec<String>>> {
        let method = self.method(method)?;
        Some(self.check_any(&method.returns, result, "result"))
    }

    /// Checks `value` against one of `types`.
    pub fn check_any(&self, types: &[String], value: &Value, path: &str) -> Result<(), Vec<String>> {
        let mut best: Option<Vec<String>> = None;
        for ty in types {
            let errors = self.check(ty, value, path);
            if errors.is_empty() {
                return Ok(());
            }
            if best.as_ref().is_none_or(|b| errors.len() < b.len()) {
                best = Some(errors);
            }
        }
        Err(best.unwrap_or_else(|| vec![format!("{path}: no declared type")]))
    }

    /// The violations of `value` against the declared type `ty` (empty when it conforms).
    pub fn check(&self, ty: &str, value: &Value, path: &str) -> Vec<String> {
        if let Some(inner) = ty.strip_prefix("Array of ") {
            let Some(items) = value.as_array() else { return vec![format!("{path}: expected an array ({ty})")] };
            return items
                .iter()
                .enumerate()
                .flat_map(|(i, item)| self.check(inner, item, &format!("{path}[{i}]")))
                .collect();
        }
        let ok = match ty {
            "Integer" => value.is_i64() || value.is_u64(),
            "Float" => value.is_number(),
            "String" => value.is_string(),
            "Boolean" => value.is_boolean(),
            "True" => value == &Value::Bool(true),
            _ => return self.check_type(ty, value, path),
        };
        if ok { Vec::new() } else { vec![format!("{path}: expected {ty}, found {value}")] }
    }

    fn check_type(&self, name: &str, value: &Value, path: &str) -> Vec<String> {
        let Some(ty) = self.types.get(name) else { return vec![format!("{path}: unknown type {name}")] };
        if !ty.subtypes.is_empty() {
            return match self.check_any(&ty.subtypes, value, path) {
                Ok(()) => Vec::new(),
                Err(errors) => errors,
            };
        }
        let Some(object) = value.as_object() else { return vec![format!("{path}: expected a {name} object")] };
        let mut errors = Vec::new();
        for key in object.keys() {
            if !ty.fields.iter().any(|f| &f.name == key) {
                errors.push(format!("{path}.{key}: not a field of {name}"));
            }
        }
        for field in &ty.fields {
            let at = format!("{path}.{}", field.name);
            match object.get(&field.name) {
                None if field.required => errors.push(format!("{at}: required by {name}, missing")),
                None => {}
                Some(v) => {
                    if let Some(expected) = discriminator(field)
                        && v.as_str() != Some(expected)
                    {
                        errors.push(format!("{at}: {name} has \"{expected}\" here, found {v}"));
                        continue;
                    }
                    if let Err(mut e) = self.check_any(&field.types, v, &at) {
                        errors.append(&mut e);
                    }
                }
            }
        }
        errors
    }
}

/// The fixed value of a union member's tag, from its description: `always "creator"`, or
/// `must be commands` on a `type`/`status`/`source` field.
pub fn discriminator(field: &Field) -> Option<&str> {
    if let Some(at) = field.description.find("always \"") {
        let rest = &field.description[at + "always \"".len()..];
        return Some(&rest[..rest.find('"')?]);
    }
    if !matches!(field.name.as_str(), "type" | "status" | "source") {
        return None;
    }
    let value = field.description.trim_end().trim_end_matches('.').rsplit_once("must be ")?.1;
    (!value.is_empty() && value.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')).then_some(value)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_schema_has_every_method_and_type() {
        let spec = spec();
        assert_eq!(spec.version, VERSION);
        assert_eq!(spec.methods.len(), 192);
        assert_eq!(spec.methods.len() + UNNAMED_METHODS, METHODS_OF_VERSION);
        assert!(spec.method("getMe").unwrap().description[0].ends_with("in form of a BotFullInfo object."));
        assert_eq!(spec.types.len(), 416);
        assert!(spec.method("SENDMESSAGE").is_some());
    }

    #[test]
    fn results_are_checked_field_by_field_and_unions_by_their_tag() {
        let spec = spec();
        let user = json!({"id": 1, "is_bot": true, "first_name": "B", "username": "b_bot"});
        assert_eq!(spec.check_result("getChatAdministrators", &json!([])), Some(Ok(())));
        let errors = spec.check("User", &json!({"id": "1", "is_bot": true, "hide": false}), "result");
        assert_eq!(
            errors,
            [
                "result.hide: not a field of User",
                "result.id: expected Integer, found \"1\"",
                "result.first_name: required by User, missing",
            ]
        );
        // Bot API 10.5: getMe answers a BotFullInfo, and a User has no getMe-only field.
        let errors = spec.check_result("getMe", &user).unwrap().unwrap_err();
        assert!(errors.contains(&"result.active_usernames: required by BotFullInfo, missing".to_owned()), "{errors:?}");
        assert_eq!(
            spec.check("User", &json!({"id": 1, "is_bot": true, "first_name": "B", "can_join_groups": true}), "u"),
            ["u.can_join_groups: not a field of User"]
        );
        let owner = json!({"status": "creator", "user": user, "is_anonymous": false});
        assert_eq!(spec.check("ChatMember", &owner, "m"), Vec::<String>::new());
        let wrong = json!({"status": "boss", "user": user, "is_anonymous": false});
        assert!(!spec.check("ChatMember", &wrong, "m").is_empty());
        let document = json!({"file_id": "a", "file_unique_id": "b", "width": 1});
        assert_eq!(spec.check("Document", &document, "d"), ["d.width: not a field of Document"]);
        assert_eq!(spec.check_result("serverTime", &json!(1)), None);
    }

    #[test]
    fn generated_types_round_trip_what_the_server_sends_and_refuse_undeclared_fields() {
        let update = json!({
            "update_id": 2_000_001,
            "message": {
                "message_id": 3,
                "from": {"id": 7, "is_bot": false, "first_name": "Alice"},
                "chat": {"id": 7, "type": "private", "first_name": "Alice"},
                "date": 1_700_000_000,
                "text": "/start hi",
                "entities": [{"offset": 0, "length": 6, "type": "bot_command"}],
                "reply_to_message": {"message_id": 2, "chat": {"id": 7, "type": "private"}, "date": 1}
            }
        });
        let typed: types::Update = serde_json::from_value(update.clone()).unwrap();
        assert_eq!(serde_json::to_value(&typed).unwrap(), update);
        let member = json!({"status": "left", "user": {"id": 1, "is_bot": true, "first_name": "B"}});
        let typed: types::ChatMember = serde_json::from_value(member.clone()).unwrap();
        assert!(matches!(typed, types::ChatMember::ChatMemberLeft(_)));
        assert_eq!(serde_json::to_value(&typed).unwrap(), member);
        let extra = json!({"id": 1, "is_bot": true, "first_name": "B", "hide": false});
        assert!(serde_json::from_value::<types::User>(extra).is_err());
    }
}
