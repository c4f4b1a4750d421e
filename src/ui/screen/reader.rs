//! Which screen reader reads hector's terminal, if any. Under one the full-screen view starts in the
//! view made for it, plain with the board hidden, unless the player chose a view (`--plain`, `--no-board`,
//! `--colour-view`, or a theme.ron of their own), and says so at the start.
//!
//! What is looked at ([`look`], at the edge) is gathered into [`Seen`]; [`decide`] is pure.

use std::path::Path;

/// A screen reader hector knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Fenrir,
    Orca,
    Speakup,
}

impl Reader {
    /// Its name, as its players know it.
    pub fn name(self) -> &'static str {
        match self {
            Reader::Fenrir => "fenrir",
            Reader::Orca => "Orca",
            Reader::Speakup => "speakup",
        }
    }
}

/// What the machine shows of the screen readers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seen {
    /// The program names of hector's ancestor processes, nearest first (fenrir's terminal mode, `fenrir -e`,
    /// starts the shell hector runs in).
    pub ancestors: Vec<String>,
    /// The program names of the machine's processes.
    pub processes: Vec<String>,
    /// hector's terminal is a Linux virtual console (`/dev/ttyN`), which fenrir and speakup read.
    pub console: bool,
    /// speakup is loaded (`/sys/accessibility/speakup`).
    pub speakup: bool,
}

/// The screen reader that reads hector's terminal: fenrir when it started hector's terminal (`fenrir -e`);
/// on a virtual console, fenrir when it runs, else speakup when loaded; in a graphical terminal, Orca when it
/// runs. A screen reader that reads another terminal than hector's is not counted.
pub fn decide(seen: &Seen) -> Option<Reader> {
    let named = |list: &[String], name: &str| list.iter().any(|p| p == name);
    if named(&seen.ancestors, "fenrir") {
        return Some(Reader::Fenrir);
    }
    if seen.console {
        if named(&seen.processes, "fenrir") {
            return Some(Reader::Fenrir);
        }
        return seen.speakup.then_some(Reader::Speakup);
    }
    named(&seen.processes, "orca").then_some(Reader::Orca)
}

/// The view for the screen reader found: plain with the board hidden, unless the player chose a view; the silent
/// mark ([`super::Theme::stop_reader`]) only for fenrir, which finishes what it says before it reads new text
/// (Orca and speakup stop on a key by themselves and could read the cursor's visit to the mark). True: the view
/// was chosen here, and the start says so.
pub fn fit(theme: &mut super::Theme, reader: Reader, view_chosen: bool) -> bool {
    if reader != Reader::Fenrir {
        theme.stop_reader = false;
    }
    if view_chosen {
        return false;
    }
    theme.plain = true;
    theme.board = false;
    true
}

/// At most this many processes and ancestors are looked at, and this much of each command line.
const MAX_PROCESSES: usize = 4096;
const MAX_ANCESTORS: usize = 64;
const MAX_CMDLINE: u64 = 4096;

/// The program a command line runs: its first word's file name, or, for an interpreter (python3 fenrir, or
/// python3 -m orca... not counted), the script's file name.
pub fn program(cmdline: &[u8]) -> Option<String> {
    let mut words = cmdline
        .split(|&b| b == 0)
        .filter(|w| !w.is_empty())
        .map(|w| String::from_utf8_lossy(w).into_owned());
    let base = |w: &str| w.rsplit('/').next().unwrap_or(w).to_string();
    let first = base(&words.next()?);
    if first.starts_with("python") || first == "perl" || first == "sh" || first == "bash" {
        return words.find(|w| !w.starts_with('-')).map(|w| base(&w));
    }
    Some(first)
}

fn read_bounded(path: &Path) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(MAX_CMDLINE)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(bytes)
}

/// The parent of a process, from `/proc/PID/stat` (the field after the command name in brackets).
fn parent(pid: u32) -> Option<u32> {
    let stat = read_bounded(&Path::new("/proc").join(pid.to_string()).join("stat"))?;
    let stat = String::from_utf8_lossy(&stat);
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(1)?.parse().ok()
}

fn program_of(pid: u32) -> Option<String> {
    program(&read_bounded(
        &Path::new("/proc").join(pid.to_string()).join("cmdline"),
    )?)
}

/// Looks at the machine (Linux's /proc and /sys; elsewhere nothing is seen).
pub fn look() -> Seen {
    let mut seen = Seen::default();
    let mut pid = std::process::id();
    for _ in 0..MAX_ANCESTORS {
        match parent(pid) {
            Some(p) if p > 1 => {
                pid = p;
                if let Some(name) = program_of(p) {
                    seen.ancestors.push(name);
                }
            }
            _ => break,
        }
    }
    if let Ok(dir) = std::fs::read_dir("/proc") {
        seen.processes = dir
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
            .take(MAX_PROCESSES)
            .filter_map(program_of)
            .collect();
    }
    seen.console = std::fs::read_link("/proc/self/fd/0").is_ok_and(|t| {
        t.to_str()
            .and_then(|t| t.strip_prefix("/dev/tty"))
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    });
    seen.speakup = Path::new("/sys/accessibility/speakup").exists();
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_reader_of_hectors_own_terminal_is_found() {
        // fenrir -e started hector's terminal.
        let under_fenrir = Seen {
            ancestors: names(&["sh", "fenrir", "tmux"]),
            processes: names(&["fenrir", "tmux", "hector"]),
            ..Seen::default()
        };
        assert_eq!(decide(&under_fenrir), Some(Reader::Fenrir));
        // fenrir reading another terminal (a test beside this one), hector in a pseudo-terminal: not counted.
        let beside = Seen {
            ancestors: names(&["bash", "tmux"]),
            processes: names(&["fenrir", "tmux", "hector"]),
            ..Seen::default()
        };
        assert_eq!(decide(&beside), None);
        // On the console fenrir's daemon reads every virtual console; speakup when loaded.
        let console = Seen {
            ancestors: names(&["bash", "login"]),
            processes: names(&["fenrir", "bash"]),
            console: true,
            speakup: true,
        };
        assert_eq!(decide(&console), Some(Reader::Fenrir));
        let speakup = Seen {
            processes: names(&["bash"]),
            ..console.clone()
        };
        assert_eq!(decide(&speakup), Some(Reader::Speakup));
        assert_eq!(
            decide(&Seen {
                speakup: false,
                ..speakup
            }),
            None
        );
        // Orca reads graphical terminals.
        let orca = Seen {
            ancestors: names(&["bash", "gnome-terminal-server"]),
            processes: names(&["orca", "gnome-terminal-server"]),
            ..Seen::default()
        };
        assert_eq!(decide(&orca), Some(Reader::Orca));
        assert_eq!(decide(&Seen::default()), None);
    }

    #[test]
    fn the_view_fits_the_reader_unless_one_was_chosen() {
        use super::super::Theme;
        for reader in [Reader::Fenrir, Reader::Orca, Reader::Speakup] {
            let mut t = Theme::default();
            assert!(!t.plain && t.board && t.stop_reader);
            assert!(fit(&mut t, reader, false));
            assert!(t.plain && !t.board, "{reader:?}");
            assert_eq!(t.stop_reader, reader == Reader::Fenrir, "{reader:?}");
            // A view chosen (--plain, --no-board, --colour-view) is kept, and nothing is said.
            let mut t = Theme::default();
            assert!(!fit(&mut t, reader, true));
            assert!(!t.plain && t.board, "{reader:?}");
            assert_eq!(t.stop_reader, reader == Reader::Fenrir, "{reader:?}");
        }
    }

    #[test]
    fn a_program_is_named_by_its_script_under_an_interpreter() {
        assert_eq!(
            program(b"/usr/bin/python3\0/usr/bin/fenrir\0-e\0-o\0x\0").as_deref(),
            Some("fenrir")
        );
        assert_eq!(
            program(b"python3\0-u\0/usr/bin/orca\0--replace\0").as_deref(),
            Some("orca")
        );
        assert_eq!(program(b"/usr/bin/tmux\0new\0").as_deref(), Some("tmux"));
        assert_eq!(program(b"").as_deref(), None);
        assert_eq!(program(b"/usr/bin/python3\0").as_deref(), None);
    }

    /// On this machine the tests run in no screen reader's terminal (CI, tmux): nothing is found for them, and
    /// looking never fails.
    #[test]
    fn looking_at_the_machine_gives_what_it_shows() {
        let seen = look();
        if cfg!(target_os = "linux") {
            assert!(!seen.processes.is_empty());
        }
        assert!(seen.ancestors.len() <= MAX_ANCESTORS);
    }
}
