//! Builds the example and fixture plugins for tests (feature `test-support`): one nested
//! `cargo build` of all of them into `<workspace>/target/plugin-build`, once per test process,
//! and the paths of the resulting libraries. A separate target directory, because the `cargo
//! test` that runs the caller may hold the lock on the workspace's own. For the host's tests and
//! the end-to-end tests; not for production.
//!
//! ```no_run
//! let plugins = msg_plugin_host::test_support::build_test_plugins();
//! let example = msg_plugin_host::load(&plugins.example, serde_json::json!({ "greeting": "hi" }));
//! ```

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The built plugin libraries, by role. Each field is a `lib<crate>.so` (`.dylib` on macOS).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct PluginPaths {
    /// The target directory they were built in.
    pub target_dir: PathBuf,
    /// `plugins/examples/server-time` (plugin `example`): `getServerTime`, `echo`,
    /// `sendGreeting` (calls `sendMessage` through the host), stats exporter `/example`.
    pub example: PathBuf,
    /// A hand-written table claiming ABI version 999.
    pub wrong_abi: PathBuf,
    /// A cdylib without `msg_plugin_entry`.
    pub missing_symbol: PathBuf,
    /// `register` fails with `database url missing`; with settings `{"panic": true}` it panics.
    pub init_fails: PathBuf,
    /// Plugin `panicking`: method `boom` panics, method `ok` answers `true`, exporter `/panicking`
    /// panics.
    pub panicking: PathBuf,
    /// A hand-written table: method `garbage` answers bytes that are not JSON; with settings
    /// `{"bad_describe": true}` its description is not JSON.
    pub invalid_json: PathBuf,
    /// Plugin `slow`: method `slow` sleeps `seconds` (default 1, fractions allowed) then answers
    /// `"slow"`; method `quick` answers `"quick"` at once.
    pub slow: PathBuf,
    /// Plugin `clash`: registers `getServerTime`, like the example, and overrides `getMe`.
    pub clash: PathBuf,
}

/// The packages built, with the field each fills.
const PACKAGES: [&str; 8] = [
    "msg-plugin-example",
    "msg-plugin-fixture-wrong-abi",
    "msg-plugin-fixture-missing-symbol",
    "msg-plugin-fixture-init-fails",
    "msg-plugin-fixture-panicking",
    "msg-plugin-fixture-invalid-json",
    "msg-plugin-fixture-slow",
    "msg-plugin-fixture-clash",
];

/// The workspace root (this crate lives in `<root>/plugins/host`).
pub fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.ancestors().nth(2).expect("plugins/host sits two levels below the workspace root").to_owned()
}

/// The library file cargo produces for cdylib package `package` in `dir` (a profile directory).
pub fn library_file(dir: &Path, package: &str) -> PathBuf {
    let stem = package.replace('-', "_");
    dir.join(format!("{}{stem}{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX))
}

/// Builds the example and every fixture (debug profile) once per process and returns their
/// paths. Panics with cargo's output if the build fails. Uses the `cargo` that runs the tests
/// (`$CARGO`), falling back to the one that built this crate.
pub fn build_test_plugins() -> &'static PluginPaths {
    static PATHS: OnceLock<PluginPaths> = OnceLock::new();
    PATHS.get_or_init(build)
}

fn build() -> PluginPaths {
    let root = workspace_root();
    let target_dir = root.join("target").join("plugin-build");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| env!("CARGO").into());
    let mut command = Command::new(&cargo);
    command.current_dir(&root).args(["build", "--quiet", "--locked", "--target-dir"]).arg(&target_dir);
    for package in PACKAGES {
        command.args(["-p", package]);
    }
    // `--target-dir` wins over this anyway; removed so the command reads as what it does.
    command.env_remove("CARGO_TARGET_DIR");
    let output = command.output().unwrap_or_else(|e| panic!("cannot run {}: {e}", cargo.to_string_lossy()));
    assert!(
        output.status.success(),
        "building the test plugins failed ({:?}):\n{}{}",
        command,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let dir = target_dir.join("debug");
    let file = |package: &str| {
        let path = library_file(&dir, package);
        assert!(path.is_file(), "the build did not produce {}", path.display());
        path
    };
    PluginPaths {
        example: file(PACKAGES[0]),
        wrong_abi: file(PACKAGES[1]),
        missing_symbol: file(PACKAGES[2]),
        init_fails: file(PACKAGES[3]),
        panicking: file(PACKAGES[4]),
        invalid_json: file(PACKAGES[5]),
        slow: file(PACKAGES[6]),
        clash: file(PACKAGES[7]),
        target_dir,
    }
}
