//! [`Input`]: where a person's commands come from — a line editor with history when
//! stdin is a terminal, plain lines when it is a pipe or a script.

use std::fmt;
use std::io::{self, BufRead, Write};

use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;

use crate::style::Style;
use crate::text::{clip_message, clip_to};

/// The most bytes of one input line the tools keep: a `play` command or a `solve --json`
/// position (a whole 160-tile set in JSON is under 2 KB). The rest of a longer line is
/// skipped as it is read, never held, and the line is answered with an error; so input
/// without a line break (`solve --json < /dev/zero`) runs in bounded memory.
///
/// ```
/// use rummykit_terminal::{MAX_LINE, cli};
/// let mut lines = format!("{}\n{{\"table\": [], \"rack\": [\"k5\"]}}\n", " ".repeat(MAX_LINE + 1));
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::solve(["--json".into()], &mut lines.as_bytes(), &mut out, &mut err);
/// assert_eq!(status, cli::FAILURE);
/// let out = String::from_utf8(out).unwrap();
/// let answers: Vec<&str> = out.lines().collect();
/// assert!(answers[0].contains("line 1: longer than"), "{out}");
/// assert!(answers[1].contains("\"tiles_placed\":0"), "{out}"); // the next line is read
/// ```
pub const MAX_LINE: usize = 64 * 1024;

/// Reads one line through its `\n` (or the end of input) into `line`, keeping at most
/// [`MAX_LINE`] bytes of it. Returns the bytes read (0 at the end of input) and whether
/// the line was longer than what was kept.
pub(crate) fn read_line(reader: &mut dyn BufRead, line: &mut Vec<u8>) -> io::Result<(usize, bool)> {
    let (mut read, mut cut) = (0usize, false);
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let end = buf.iter().position(|&b| b == b'\n').map(|i| i + 1);
        let chunk = buf.get(..end.unwrap_or(buf.len())).unwrap_or(buf);
        let room = MAX_LINE.saturating_sub(line.len());
        cut |= chunk.len() > room;
        line.extend_from_slice(chunk.get(..room).unwrap_or(chunk));
        let used = chunk.len();
        read = read.saturating_add(used);
        reader.consume(used);
        if end.is_some() {
            break;
        }
    }
    Ok((read, cut))
}

/// Where a person's commands come from.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{Input, Options, run};
///
/// // A script for a person in seat 1 of a classic hand: one unknown word, then quit.
/// let mut options = Options::new(Variant::Classic);
/// options.players = 2;
/// options.human = Some(0);
/// options.echo = true; // show the script's commands, as if typed
/// let mut transcript = Vec::new();
/// let summary = run(&options, Input::plain("dance\nquit\n".as_bytes()), &mut transcript)?;
/// assert!(!summary.finished); // the person left
/// assert!(String::from_utf8(transcript).unwrap().contains("dance"));
/// # Ok::<(), rummykit_terminal::PlayError>(())
/// ```
pub struct Input<'a> {
    source: Source<'a>,
}

enum Source<'a> {
    /// Plain lines (a pipe, a file, a test's script): invalid UTF-8 is replaced, not
    /// fatal.
    Lines(Box<dyn BufRead + 'a>),
    /// A terminal: line editing and history (Up, Down, Ctrl-R).
    Editor(Box<DefaultEditor>),
}

impl fmt::Debug for Input<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.source {
            Source::Lines(_) => "Input::Lines",
            Source::Editor(_) => "Input::Editor",
        })
    }
}

impl<'a> Input<'a> {
    /// Lines read from `reader`, e.g. a script.
    ///
    /// ```
    /// use rummykit_terminal::Input;
    /// let input = Input::plain("draw\nquit\n".as_bytes());
    /// assert!(!input.is_terminal());
    /// ```
    pub fn plain(reader: impl BufRead + 'a) -> Input<'a> {
        Input { source: Source::Lines(Box::new(reader)) }
    }

    /// The process's stdin: a line editor when it is a terminal, plain lines otherwise
    /// (or when the editor cannot start).
    ///
    /// ```
    /// use std::io::IsTerminal;
    /// use rummykit_terminal::Input;
    ///
    /// // A test's stdin is not a terminal: plain lines, and `play` echoes them.
    /// let input = Input::stdin();
    /// assert!(!input.is_terminal() || std::io::stdin().is_terminal());
    /// ```
    #[must_use]
    pub fn stdin() -> Input<'static> {
        use std::io::IsTerminal;
        if io::stdin().is_terminal()
            && let Ok(editor) = DefaultEditor::new()
        {
            return Input { source: Source::Editor(Box::new(editor)) };
        }
        Input::plain(io::stdin().lock())
    }

    /// Whether commands come from a person at a terminal (no echo is needed then).
    ///
    /// ```
    /// use rummykit_terminal::Input;
    ///
    /// assert!(!Input::plain("draw\n".as_bytes()).is_terminal()); // a script
    /// ```
    #[must_use]
    pub fn is_terminal(&self) -> bool {
        matches!(self.source, Source::Editor(_))
    }
}

/// What reading a command gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Line {
    /// A command (trimmed, not empty, not a `#` comment).
    Command(String),
    /// The input ended (a script ran out).
    End,
    /// The person left: `quit`, `exit`, or Ctrl-C / Ctrl-D at a terminal.
    Quit,
}

/// The person's side of the terminal: commands in, transcript out.
pub(crate) struct Io<'a> {
    input: Input<'a>,
    pub(crate) out: &'a mut dyn Write,
    pub(crate) style: Style,
    echo: bool,
    pub(crate) ended: bool,
    /// The rules in brief, for `help`.
    pub(crate) rules: String,
}

/// The most characters of a command the transcript echoes.
const ECHO: usize = 200;

impl<'a> Io<'a> {
    pub(crate) fn new(input: Input<'a>, out: &'a mut dyn Write, style: Style, echo: bool) -> Io<'a> {
        Io { input, out, style, echo, ended: false, rules: String::new() }
    }

    /// Prompts and reads one command.
    pub(crate) fn command(&mut self, prompt: &str) -> io::Result<Line> {
        loop {
            let line = match &mut self.input.source {
                Source::Lines(reader) => {
                    write!(self.out, "{prompt}")?;
                    self.out.flush()?;
                    let mut bytes = Vec::new();
                    let (read, cut) = read_line(reader, &mut bytes)?;
                    if read == 0 {
                        self.ended = true;
                        writeln!(self.out)?;
                        return Ok(Line::End);
                    }
                    let line = String::from_utf8_lossy(&bytes).trim().to_owned();
                    if self.echo {
                        writeln!(self.out, "{}", clip_to(&line, ECHO))?;
                    }
                    if cut {
                        // No command is that long: refused whole, never read in part.
                        self.error(format_args!("a command longer than {MAX_LINE} bytes"))?;
                        continue;
                    }
                    line
                }
                Source::Editor(editor) => {
                    self.out.flush()?;
                    match editor.readline(prompt) {
                        Ok(line) => {
                            let line = line.trim().to_owned();
                            if !line.is_empty() {
                                // History is a convenience; failing to keep it is harmless.
                                let _ = editor.add_history_entry(line.as_str());
                            }
                            line
                        }
                        Err(ReadlineError::Interrupted | ReadlineError::Eof) => return Ok(Line::Quit),
                        Err(ReadlineError::Io(e)) => return Err(e),
                        Err(e) => return Err(io::Error::other(e.to_string())),
                    }
                }
            };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if line.eq_ignore_ascii_case("quit") || line.eq_ignore_ascii_case("exit") {
                return Ok(Line::Quit);
            }
            return Ok(Line::Command(line));
        }
    }

    /// Prints an error message, clipped so that a long bad line is not echoed whole.
    pub(crate) fn error(&mut self, message: impl fmt::Display) -> io::Result<()> {
        let text = self.style.error(format!("error: {}", clip_message(message)));
        writeln!(self.out, "{text}")
    }
}
