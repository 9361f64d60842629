//! The `play` front end's I/O errors (bad options are in `play.rs`): a transcript that
//! cannot be written and a person's input that cannot be read are `PlayError::Io`, with the
//! I/O error as the source, for every game; the tool then exits with status 1.

use std::io::{self, BufRead, Read, Write};

use rummykit::Variant;
use rummykit_terminal::{Input, Options, PlayError, Style, cli, run};

/// A terminal that has gone away: every write fails.
struct Gone;

impl Write for Gone {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(io::ErrorKind::BrokenPipe, "terminal closed"))
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_transcript_that_cannot_be_written_is_an_io_error() {
    for game in [Variant::Rummikub, Variant::Classic, Variant::Rummy40] {
        let err = run(&Options::new(game), Input::plain(&b""[..]), Gone).unwrap_err();
        let PlayError::Io(e) = &err else { panic!("{game:?}: expected an I/O error, got {err}") };
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
        assert!(err.to_string().starts_with("terminal input/output failed"), "{err}");
        assert!(std::error::Error::source(&err).is_some(), "the I/O error is the source");
    }
}

/// Input that fails on every read.
struct Unreadable;

impl Read for Unreadable {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::new(io::ErrorKind::ConnectionReset, "input lost"))
    }
}

impl BufRead for Unreadable {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Err(io::Error::new(io::ErrorKind::ConnectionReset, "input lost"))
    }
    fn consume(&mut self, _: usize) {}
}

#[test]
fn a_persons_input_that_cannot_be_read_is_an_io_error() {
    for game in [Variant::Rummikub, Variant::Classic, Variant::Rummy40] {
        let mut options = Options::new(game);
        options.human = Some(0);
        // Seed 0 deals a Rummy 40 hand that the first bot wins in its first action, before
        // the person is asked anything; seed 1 reaches the person's turn in every game.
        options.seed = 1;
        let err = run(&options, Input::plain(Unreadable), Vec::new()).unwrap_err();
        let PlayError::Io(e) = &err else { panic!("{game:?}: expected an I/O error, got {err}") };
        assert_eq!(e.kind(), io::ErrorKind::ConnectionReset);
    }
}

#[test]
fn the_tool_exits_with_status_1_when_the_terminal_fails() {
    let mut err = Vec::new();
    let args = ["--human", "1", "--seed", "1"].map(Into::into);
    let status = cli::play(args, Input::plain(Unreadable), &mut Vec::new(), &mut err, Style::PLAIN, 0);
    assert_eq!(status, cli::FAILURE);
    let err = String::from_utf8(err).unwrap();
    assert!(err.starts_with("play: terminal input/output failed: input lost"), "{err}");
}
