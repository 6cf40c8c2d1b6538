//! Why a plugin could not be loaded ([`LoadError`]). Each message names the file and says what
//! to do; none of them is a Bot API error (those are `msg_core::ApiError`).

use std::path::{Path, PathBuf};

/// A plugin library that cannot serve. Every variant names the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    #[error("plugin {}: cannot open the library: {message}", .path.display())]
    Open { path: PathBuf, message: String },

    #[error(
        "plugin {}: no `msg_plugin_entry` symbol; is this a msg-bot-api plugin built with msg-plugin-sdk \
         (`export_plugin!`) as a cdylib? ({message})",
        .path.display()
    )]
    MissingEntry { path: PathBuf, message: String },

    #[error(
        "plugin {}: `msg_plugin_entry` returned no function table; the plugin failed to describe itself \
         (a panic in its name() or version()?)",
        .path.display()
    )]
    NullTable { path: PathBuf },

    #[error(
        "plugin {}: built for plugin ABI version {found}, but this server speaks version {expected}; rebuild the \
         plugin against msg-plugin-sdk {sdk}",
        .path.display()
    )]
    AbiMismatch { path: PathBuf, found: u32, expected: u32, sdk: &'static str },

    #[error(
        "plugin {}: its function table is {found} bytes, but ABI version {abi} needs at least {min}; the library \
         was built against a pre-release ABI or is corrupt",
        .path.display()
    )]
    TableTooSmall { path: PathBuf, found: u32, min: u32, abi: u32 },

    #[error("plugin {}: its function table has no `{field}` function", .path.display())]
    MissingFunction { path: PathBuf, field: &'static str },

    #[error("plugin {}: its name is missing or not UTF-8; msg-plugin-sdk takes it from Plugin::name()", .path.display())]
    InvalidName { path: PathBuf },

    #[error("plugin {} ({name}): failed to initialise: {message}", .path.display())]
    InitFailed { path: PathBuf, name: String, message: String },

    #[error("plugin {} ({name}): panicked while initialising: {message}", .path.display())]
    InitPanicked { path: PathBuf, name: String, message: String },

    #[error("plugin {} ({name}): invalid description of its methods and exporters: {message}", .path.display())]
    InvalidDescription { path: PathBuf, name: String, message: String },

    #[error(
        "plugin {}: this library is already loaded; each plugin library can be loaded once (remove the duplicate \
         [[plugins]] entry or MSG_PLUGINS path)",
        .path.display()
    )]
    AlreadyLoaded { path: PathBuf },
}

impl LoadError {
    /// The library the error is about.
    pub fn path(&self) -> &Path {
        match self {
            LoadError::Open { path, .. }
            | LoadError::MissingEntry { path, .. }
            | LoadError::NullTable { path }
            | LoadError::AbiMismatch { path, .. }
            | LoadError::TableTooSmall { path, .. }
            | LoadError::MissingFunction { path, .. }
            | LoadError::InvalidName { path }
            | LoadError::InitFailed { path, .. }
            | LoadError::InitPanicked { path, .. }
            | LoadError::InvalidDescription { path, .. }
            | LoadError::AlreadyLoaded { path } => path,
        }
    }
}
