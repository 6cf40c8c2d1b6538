//! The people domain as the platform lists it (see [`Domain`]).

use msg_core::Registrar;
use msg_core::method::Late;

use crate::Platform;
use crate::kernel::domain::Domain;

pub(crate) struct People;

impl Domain for People {
    fn name(&self) -> &'static str {
        "people"
    }

    fn methods(&self, registrar: &mut Registrar, slot: &Late<Platform>) {
        super::register(registrar, slot);
    }
}
