//! Telegram Passport, as far as the platform has it: nobody shares Passport data in its world
//! (there is no Passport flow and no `passport_data` in messages), so `setPassportDataErrors` is
//! checked as the reference and the platform check it, in their words and order, and the
//! errors a bot set are kept for the person, who reads them with `getPassportDataErrors` (what
//! the app would show them). A test of a bot's Passport handling can so see exactly what the
//! bot reported.

pub(crate) mod domain;
mod methods;

use crate::kernel::records::Table;

/// The errors a bot set for a person: scope the person, key the bot's id, value the errors as
/// the bot sent them (checked).
const ERRORS: Table<serde_json::Value> = Table::new("passport_errors");
