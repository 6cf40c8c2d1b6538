//! Configuration problems: each one worded for the operator (naming the variable, flag or file and
//! the fix), and the error that carries all of them at once.

use std::fmt;

/// One configuration problem, with an optional hint on how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub message: String,
    pub hint: Option<String>,
}

impl Problem {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Self { message: message.into(), hint: None }
    }
}

/// All problems found; the supervisor prints them and exits with code 2.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ConfigError {
    pub problems: Vec<Problem>,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in &self.problems {
            writeln!(f, "error: {}", p.message)?;
        }
        let mut hints: Vec<&str> = self.problems.iter().filter_map(|p| p.hint.as_deref()).collect();
        hints.dedup();
        for h in hints {
            writeln!(f, "hint: {h}")?;
        }
        Ok(())
    }
}
