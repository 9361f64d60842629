//! rummykit
