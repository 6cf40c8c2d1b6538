//! The generator of `types.rs` (rust-analyzer's "sourcegen"): every type of the schema as a plain
//! serde struct (optional fields skipped when absent, unknown fields refused) or, for a union, an
//! untagged enum of its members. The test below renders the file from `api-10.3.json`, formats it
//! with rustfmt and fails when the checked-in file differs; `UPDATE_GENERATED=1 cargo test -p
//! msg-spec` rewrites it. Hand-written behaviour goes in other files, never in `types.rs`.

use std::fmt::Write as _;
use std::path::Path;

use std::collections::{HashMap, HashSet};

use crate::{Field, Spec, discriminator, spec};

const HEADER: &str = "//! The Bot API 10.5 types, generated from `api-10.3.json` and `changes-10.5.json` by `sourcegen.rs`: do not edit; run
//! `UPDATE_GENERATED=1 cargo test -p msg-spec` after changing the schema or the generator.
#![allow(clippy::large_enum_variant, clippy::doc_lazy_continuation, clippy::doc_overindented_list_items)]
// The docs are the schema's own words, its URLs and `<placeholders>` as written.
#![allow(rustdoc::bare_urls, rustdoc::invalid_html_tags)]

use serde::{Deserialize, Serialize};
";

/// The Rust type of one declared type (a field's type is boxed where it is a struct or union,
/// so recursive types such as `Message.reply_to_message` have a size).
fn rust_type(ty: &str, boxed: bool) -> String {
    if let Some(inner) = ty.strip_prefix("Array of ") {
        return format!("Vec<{}>", rust_type(inner, false));
    }
    match ty {
        "Integer" => "i64".into(),
        "Float" => "f64".into(),
        "String" | "InputFile" => "String".into(),
        "Boolean" | "True" => "bool".into(),
        other if boxed => format!("Box<{other}>"),
        other => other.into(),
    }
}

fn field_type(field: &Field) -> String {
    match field.types.as_slice() {
        [one] => rust_type(one, true),
        [a, b] if a == "Integer" && b == "String" => "IntegerOrString".into(),
        _ => "serde_json::Value".into(),
    }
}

fn doc(out: &mut String, indent: &str, text: &str) {
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            let _ = writeln!(out, "{indent}///");
        } else {
            let _ = writeln!(out, "{indent}/// {}", line.replace('[', "\\[").replace(']', "\\]"));
        }
    }
}

fn field_name(name: &str) -> String {
    if matches!(name, "type" | "for" | "in" | "match" | "ref" | "self" | "static" | "use") {
        format!("r#{name}")
    } else {
        name.to_owned()
    }
}

/// A union member's variant name and Rust type: a type is its own variant; a union that may also
/// be plain text or a list of itself (`RichText`) has the variants `Text` and `List`.
fn member(sub: &str) -> (String, String) {
    match sub {
        "String" => ("Text".into(), "String".into()),
        _ => match sub.strip_prefix("Array of ") {
            Some(_) => ("List".into(), rust_type(sub, false)),
            None => (sub.to_owned(), sub.to_owned()),
        },
    }
}

/// Unions whose members all carry a distinct fixed tag in one field, and are not used on their
/// own anywhere: generated as internally tagged enums (the tag field then belongs to the enum,
/// not the member struct). Union name -> tag field.
fn tagged_unions(spec: &Spec) -> HashMap<&str, &str> {
    let base = |ty: &str| ty.rsplit(" of ").next().unwrap_or(ty).to_owned();
    let mut used: HashSet<String> = HashSet::new();
    for ty in spec.types.values() {
        used.extend(ty.fields.iter().flat_map(|f| f.types.iter().map(|t| base(t))));
    }
    for method in &spec.methods {
        used.extend(method.fields.iter().flat_map(|f| f.types.iter().map(|t| base(t))));
        used.extend(method.returns.iter().map(|t| base(t)));
    }
    let mut tagged = HashMap::new();
    for (name, ty) in &spec.types {
        if ty.subtypes.is_empty() || ty.subtypes.iter().any(|s| used.contains(s)) {
            continue;
        }
        let tags: Option<Vec<(&str, &str)>> = ty
            .subtypes
            .iter()
            .map(|s| spec.types.get(s)?.fields.iter().find_map(|f| Some((f.name.as_str(), discriminator(f)?))))
            .collect();
        let Some(tags) = tags else { continue };
        let field = tags[0].0;
        let values: HashSet<&str> = tags.iter().map(|(_, v)| *v).collect();
        if tags.iter().all(|(f, _)| *f == field) && values.len() == tags.len() {
            tagged.insert(name.as_str(), field);
        }
    }
    tagged
}

/// The generated file, before formatting.
pub fn render() -> String {
    let spec = spec();
    let tagged = tagged_unions(spec);
    // Member struct -> the tag field its union owns.
    let owned_tag: HashMap<&str, &str> = tagged
        .iter()
        .flat_map(|(union, field)| spec.types[*union].subtypes.iter().map(move |s| (s.as_str(), *field)))
        .collect();
    let mut names: Vec<&String> = spec.types.keys().filter(|n| n.as_str() != "InputFile").collect();
    names.sort();
    let mut out = String::from(HEADER);
    out.push_str(
        "\n/// A value declared as `Integer or String` (a chat id or a channel's @username).\n\
         #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]\n#[serde(untagged)]\n\
         pub enum IntegerOrString {\n    Integer(i64),\n    String(String),\n}\n",
    );
    for name in names {
        let ty = &spec.types[name];
        let _ = writeln!(out);
        let _ = writeln!(out, "/// `{name}`: see <https://core.telegram.org/bots/api#{}>.", name.to_lowercase());
        if !ty.subtypes.is_empty() {
            let _ = writeln!(out, "#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]");
            match tagged.get(name.as_str()) {
                Some(field) => {
                    let _ = writeln!(out, "#[serde(tag = \"{field}\")]\npub enum {name} {{");
                    for sub in &ty.subtypes {
                        let tag = spec.types[sub].fields.iter().find(|f| f.name == *field).and_then(discriminator);
                        let _ =
                            writeln!(out, "    #[serde(rename = \"{}\")]\n    {sub}({sub}),", tag.unwrap_or_default());
                    }
                }
                None => {
                    let _ = writeln!(out, "#[serde(untagged)]\npub enum {name} {{");
                    for sub in &ty.subtypes {
                        let (variant, rust) = member(sub);
                        let _ = writeln!(out, "    {variant}({rust}),");
                    }
                }
            }
            let _ = writeln!(out, "}}");
            continue;
        }
        let _ = writeln!(out, "#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]");
        let _ = writeln!(out, "#[serde(deny_unknown_fields)]");
        let _ = writeln!(out, "pub struct {name} {{");
        if let Some(field) = owned_tag.get(name.as_str()) {
            let _ = writeln!(out, "    // `{field}` is the tag of the union this type belongs to.");
        }
        for field in ty.fields.iter().filter(|f| owned_tag.get(name.as_str()) != Some(&f.name.as_str())) {
            doc(&mut out, "    ", &field.description);
            let rust = field_type(field);
            if field.required {
                if field.since.is_some() {
                    // Added by a later Bot API version: absent from data stored before it.
                    let _ = writeln!(out, "    #[serde(default)]");
                }
                let _ = writeln!(out, "    pub {}: {rust},", field_name(&field.name));
            } else {
                let _ = writeln!(out, "    #[serde(default, skip_serializing_if = \"Option::is_none\")]");
                let _ = writeln!(out, "    pub {}: Option<{rust}>,", field_name(&field.name));
            }
        }
        let _ = writeln!(out, "}}");
    }
    // Unions and `IntegerOrString` have no natural default; structs holding them required need one.
    let mut unions: Vec<&String> = spec.types.keys().filter(|n| !spec.types[*n].subtypes.is_empty()).collect();
    unions.sort();
    for name in unions {
        let (variant, rust) = member(&spec.types[name].subtypes[0]);
        let rust = rust.replace('<', "::<");
        let _ = writeln!(
            out,
            "\nimpl Default for {name} {{\n    fn default() -> Self {{\n        Self::{variant}({rust}::default())\n    }}\n}}"
        );
    }
    out.push_str(
        "\nimpl Default for IntegerOrString {\n    fn default() -> Self {\n        Self::Integer(0)\n    }\n}\n",
    );
    out
}

const PARAMS_HEADER: &str =
    "//! Every method's parameters, generated from `api-10.3.json` and `changes-10.5.json` by `sourcegen.rs`: do not edit; run
//! `UPDATE_GENERATED=1 cargo test -p msg-spec` after changing the schema or the generator. Each
//! struct decodes a call's parameters the reference's way ([`crate::args`]): integers, floats and
//! booleans read leniently, user ids checked, text, chat ids and nested values (objects, arrays,
//! files) kept raw for the handler. A required text or chat id is empty when absent. The traits at
//! the end (`accessors` in `supplement.json`) give one handler the parameters several methods
//! share, whichever of them the call is.
// The docs are the schema's own words, its URLs as written.
#![allow(rustdoc::bare_urls)]

use crate::args::{self, ArgError, Decode, Source};
";

/// The first sentence of a description, for a one-line doc comment.
fn summary(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    let end = first.find(". ").map_or(first.len(), |i| i + 1);
    first[..end].to_owned()
}

/// The Rust type of a parameter and the expression decoding it.
fn param(field: &Field) -> (String, String) {
    let name = &field.name;
    let get = format!("arg(\"{name}\")");
    let types: Vec<&str> = field.types.iter().map(String::as_str).collect();
    match (types.as_slice(), field.required) {
        (["Integer"], true) if name == "user_id" || name.ends_with("_user_id") => {
            ("i64".into(), format!("args::user_id({get}, \"{name}\")?"))
        }
        (["Integer"], true) => ("i64".into(), format!("args::integer({get}).unwrap_or(0)")),
        (["Integer"], false) => ("Option<i64>".into(), format!("args::integer({get})")),
        (["Float"], true) => ("f64".into(), format!("args::float({get}).unwrap_or(0.0)")),
        (["Float"], false) => ("Option<f64>".into(), format!("args::float({get})")),
        (["Boolean"], _) => ("bool".into(), format!("args::boolean({get})")),
        (["String"] | ["Integer", "String"], true) => ("&'a str".into(), format!("{get}.unwrap_or_default()")),
        _ => ("Option<&'a str>".into(), get),
    }
}

/// The parameter structs, before formatting.
pub fn render_params() -> String {
    let mut out = String::from(PARAMS_HEADER);
    for method in &spec().methods {
        let name = &method.name;
        let mut ty = name.clone();
        ty[..1].make_ascii_uppercase();
        let lifetime = method.fields.iter().any(|f| param(f).0.contains("'a"));
        let generics = if lifetime { "<'a>" } else { "" };
        let _ = writeln!(out);
        let _ = writeln!(out, "/// `{name}`: see <https://core.telegram.org/bots/api#{}>.", name.to_lowercase());
        let _ = writeln!(out, "#[derive(Debug, Clone, Default, PartialEq)]");
        let _ = writeln!(out, "pub struct {ty}{generics} {{");
        for field in &method.fields {
            doc(&mut out, "    ", &summary(&field.description));
            let _ = writeln!(out, "    pub {}: {},", field_name(&field.name), param(field).0);
        }
        let _ = writeln!(out, "}}");
        let _ = writeln!(out, "\nimpl<'a> Decode<'a> for {ty}{generics} {{");
        let _ = writeln!(out, "    const METHOD: &'static str = \"{name}\";");
        let used = if method.fields.is_empty() { "_arg" } else { "arg" };
        let _ = writeln!(out, "    fn decode({used}: Source<'_, 'a>) -> Result<Self, ArgError> {{");
        let _ = writeln!(out, "        Ok(Self {{");
        for field in &method.fields {
            let _ = writeln!(out, "            {}: {},", field_name(&field.name), param(field).1);
        }
        let _ = writeln!(out, "        }})\n    }}\n}}");
    }
    render_accessors(&mut out);
    out
}

/// A parameter's value when the method does not declare it: absent.
fn absent(ty: &str) -> &'static str {
    match ty {
        "bool" => "false",
        "i64" => "0",
        "f64" => "0.0",
        "&'a str" => "\"\"",
        _ => "None",
    }
}

/// The accessor traits of `supplement.json` ("accessors"): for parameters several methods share,
/// a trait with a method per parameter, implemented by each listed method's struct.
fn render_accessors(out: &mut String) {
    let supplement: serde_json::Value =
        serde_json::from_str(include_str!("../supplement.json")).expect("the bundled supplement parses");
    let Some(accessors) = supplement["accessors"].as_object() else { return };
    for (name, accessor) in accessors {
        let list = |key: &str| -> Vec<&str> {
            accessor[key].as_array().into_iter().flatten().filter_map(serde_json::Value::as_str).collect()
        };
        let methods: Vec<&crate::Method> = list("methods")
            .into_iter()
            .map(|m| spec().methods.iter().find(|x| x.name == m).expect("an accessor names schema methods"))
            .collect();
        // Each parameter's type, as the methods that declare it agree.
        let mut params = Vec::new();
        for param_name in list("params") {
            let types: HashSet<String> = methods
                .iter()
                .filter_map(|m| m.fields.iter().find(|f| f.name == param_name))
                .map(|f| param(f).0)
                .collect();
            assert_eq!(types.len(), 1, "{name}: the methods declare {param_name} with one type ({types:?})");
            let field = methods.iter().find_map(|m| m.fields.iter().find(|f| f.name == param_name)).expect("declared");
            params.push((field, types.into_iter().next().expect("one")));
        }
        let _ = writeln!(out);
        doc(out, "", accessor["doc"].as_str().unwrap_or_default());
        let names: Vec<String> = methods.iter().map(|m| format!("`{}`", m.name)).collect();
        doc(out, "", &format!("\nImplemented by the parameters of {}.", names.join(", ")));
        // `Sync`, so a handler holding one as `&dyn` across an await stays `Send`.
        let extends = accessor["extends"].as_str().map_or_else(|| ": Sync".to_owned(), |t| format!(": {t}<'a>"));
        let _ = writeln!(out, "pub trait {name}<'a>{extends} {{");
        for (field, ty) in &params {
            doc(out, "    ", &summary(&field.description));
            let _ =
                writeln!(out, "    fn {}(&self) -> {ty} {{\n        {}\n    }}", field_name(&field.name), absent(ty));
        }
        let _ = writeln!(out, "}}");
        for method in &methods {
            let mut ty = method.name.clone();
            ty[..1].make_ascii_uppercase();
            let lifetime = method.fields.iter().any(|f| param(f).0.contains("'a"));
            let generics = if lifetime { "<'a>" } else { "" };
            let _ = writeln!(out, "\nimpl<'a> {name}<'a> for {ty}{generics} {{");
            for (field, ty) in &params {
                if method.fields.iter().any(|f| f.name == field.name) {
                    let field = field_name(&field.name);
                    let _ = writeln!(out, "    fn {field}(&self) -> {ty} {{\n        self.{field}\n    }}");
                }
            }
            let _ = writeln!(out, "}}");
        }
    }
}

/// `text` formatted by rustfmt with the workspace's settings.
fn rustfmt(text: &str) -> String {
    use std::io::Write as _;
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rustfmt.toml");
    let mut child = std::process::Command::new("rustfmt")
        .args(["--edition", "2024", "--config-path"])
        .arg(config)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("rustfmt runs (rustup component add rustfmt)");
    child.stdin.take().expect("stdin").write_all(text.as_bytes()).expect("rustfmt reads");
    let output = child.wait_with_output().expect("rustfmt finishes");
    assert!(output.status.success(), "rustfmt failed on the generated code");
    String::from_utf8(output.stdout).expect("rustfmt writes UTF-8")
}

/// Compares `file` with its freshly generated text, or rewrites it with `UPDATE_GENERATED=1`.
fn check_generated(file: &str, fresh: String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(file);
    let fresh = rustfmt(&fresh);
    if std::env::var("UPDATE_GENERATED").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &fresh).expect("the generated file is writable");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        checked_in == fresh,
        "engine/spec/src/{file} is stale: run `UPDATE_GENERATED=1 cargo test -p msg-spec` and commit it"
    );
}

#[test]
fn the_generated_types_are_current() {
    check_generated("types.rs", render());
}

#[test]
fn the_generated_parameters_are_current() {
    check_generated("params.rs", render_params());
}
