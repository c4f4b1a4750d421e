//! The full-screen view and line mode under a real screen reader, fenrir (Debian package `fenrir`), in its
//! terminal mode (`fenrir -e`) inside tmux: every key's answer is spoken by fenrir, and spoken first.
//! fenrir and tmux are test dependencies (`scripts/install-deps.sh --tests` installs them; CI runs this).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// How long one answer may take to be spoken before the test gives up (a busy machine is slow; nothing is timed).
const PATIENCE: Duration = Duration::from_secs(30);

struct Fenrir {
    socket: String,
    dir: PathBuf,
    /// One fenrir at a time: several starting at once on two cores made fenrir itself late (a key lost before
    /// it was ready, its "Start Fenrir" after hector's greeting).
    _serial: std::sync::MutexGuard<'static, ()>,
}

static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl Fenrir {
    /// fenrir in a tmux of its own (80x24), its speech written line by line to `said.txt`, running hector with
    /// its own folders, `--speech off` and a speech log.
    fn start(name: &str, hector_args: &str) -> Fenrir {
        Fenrir::start_with(name, &format!("{hector_args} --speech off"), false)
    }

    /// As [`Fenrir::start`], fenrir's speech taking as long as a voice would (15 characters a second, slower than
    /// fenrir's shipped rate), so that what it says queues as with real speech; an utterance said to its end is
    /// written again to `done.txt` (one that fenrir stops is not).
    fn start_speaking(name: &str, hector_args: &str) -> Fenrir {
        Fenrir::start_with(name, &format!("{hector_args} --speech off"), true)
    }

    fn start_with(name: &str, hector_args: &str, speaking: bool) -> Fenrir {
        assert!(
            Path::new("/usr/bin/fenrir").exists(),
            "fenrir is needed: apt-get install fenrir"
        );
        let dir = std::env::temp_dir().join(format!("hector-fenrir-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let d = dir.display().to_string();
        let say = dir.join("say.sh");
        let mut script = format!("#!/bin/sh\nprintf '%s\\n' \"$2\" >> {d}/said.txt\n");
        if speaking {
            script.push_str(&format!(
                "sleep $(awk -v n=\"${{#2}}\" 'BEGIN {{ printf \"%.2f\", n / 15 }}')\n\
                 printf '%s\\n' \"$2\" >> {d}/done.txt\n"
            ));
        }
        std::fs::write(&say, script).unwrap();
        let run = dir.join("run.sh");
        std::fs::write(
            &run,
            format!(
                "#!/bin/sh\ncd {d}\n\
                 # As when a player starts hector in a fenrir already running: after fenrir's \"Start Fenrir\",\n\
                 # which would otherwise stop (and drop) hector's first screen on a busy machine.\n\
                 i=0; while [ $i -lt 200 ] && ! grep -q 'Start Fenrir' said.txt 2>/dev/null; do \
                 sleep 0.1; i=$((i+1)); done\n\
                 exec env HOME={d} XDG_DATA_HOME={d}/data XDG_CONFIG_HOME={d}/config \
                 XDG_STATE_HOME={d}/state LANG=C.UTF-8 {} {hector_args} --speech-log {d}/speech.log\n",
                env!("CARGO_BIN_EXE_hector")
            ),
        )
        .unwrap();
        for f in [&say, &run] {
            Command::new("chmod").arg("+x").arg(f).status().unwrap();
        }
        let options = format!(
            "speech#driver=genericDriver;speech#genericSpeechCommand={} fenrirRate \"fenrirText\";\
             sound#enabled=False;remote#enable=False;general#shell={};general#hasAttributes=False",
            say.display(),
            run.display()
        );
        let socket = format!("hector-fenrir-{}-{name}", std::process::id());
        let serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
        let f = Fenrir {
            socket,
            dir,
            _serial: serial,
        };
        // On a busy machine fenrir's own speech sometimes never starts (not even its "Start Fenrir"; hector,
        // started after it, is then never read): such a fenrir is stopped and started again, at most three times.
        for _ in 0..3 {
            let _ = std::fs::remove_file(f.dir.join("said.txt"));
            f.tmux(&[
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-s",
                "f",
                "-x",
                "80",
                "-y",
                "24",
                &format!("LANG=C.UTF-8 fenrir -e -o '{options}' 2>{d}/fenrir.err"),
            ]);
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(10) {
                if f.said().iter().any(|s| s == "Start Fenrir") {
                    return f;
                }
                std::thread::sleep(Duration::from_millis(100));
            }
            f.tmux(&["kill-server"]);
            std::thread::sleep(Duration::from_millis(500));
        }
        panic!("fenrir never started speaking: {:?}", f.said());
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .env("LANG", "C.UTF-8")
            .args(["-u", "-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux is needed: apt-get install tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn said(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.join("said.txt"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// The utterances fenrir said to their end (with [`Fenrir::start_speaking`]).
    fn done(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.join("done.txt"))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    fn heard(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.join("speech.log"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.split_once('\t').map(|(_, t)| t.to_string()))
            .collect()
    }

    /// Sends a key; waits until hector has answered it (its speech log grows) and fenrir has spoken that
    /// answer; returns the answer and what fenrir said for it.
    fn key(&self, key: &str) -> (String, String) {
        let (said_before, heard_before) = (self.said().len(), self.heard().len());
        self.tmux(&["send-keys", "-t", "f", key]);
        let start = Instant::now();
        loop {
            let heard = self.heard();
            if heard.len() > heard_before {
                // The answer is the first thing hector said after the key (an opening reached follows a move).
                let answer = heard[heard_before].clone();
                let said = self.said();
                if let Some(s) = said[said_before.min(said.len())..]
                    .iter()
                    .map(|s| rows_joined(s))
                    .find(|s| s.contains(&answer))
                {
                    return (answer, s);
                }
            }
            assert!(
                start.elapsed() < PATIENCE,
                "{key}: hector said {:?}, fenrir said {:?}",
                &self.heard()[heard_before.min(self.heard().len())..],
                &self.said()[said_before.min(self.said().len())..]
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

/// What fenrir said, its screen rows (joined with " , ") joined with a space, spaces collapsed: an answer broken
/// over rows reads as one text again.
fn rows_joined(said: &str) -> String {
    said.split(" , ")
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Fenrir {
    /// Waits until hector has started (and fenrir had two seconds to speak), then gives the first thing fenrir
    /// said of hector's screen, its rows joined: fenrir's own "Start Fenrir" and notices ("pychant is not
    /// installed", without python3-enchant) are not hector's.
    fn first_said(&self) -> Option<String> {
        let start = Instant::now();
        while self.heard().is_empty() {
            assert!(start.elapsed() < PATIENCE, "hector did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        // fenrir's own words ("Start Fenrir", its notice) come before hector's or, on a busy machine, after them.
        let hectors = || {
            self.said()
                .iter()
                .map(|s| rows_joined(s))
                .find(|s| !s.is_empty() && s != "Start Fenrir" && s != "pychant is not installed")
        };
        while hectors().is_none() && start.elapsed() < PATIENCE {
            std::thread::sleep(Duration::from_millis(100));
        }
        // Two seconds more for fenrir to say anything it would have said before it.
        std::thread::sleep(Duration::from_secs(2));
        hectors()
    }
}

impl Drop for Fenrir {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
    }
}

/// A short scripted game by keys in the full-screen view; fenrir speaks every answer, first.
#[test]
fn fenrir_speaks_every_answer_of_the_full_screen_view_first() {
    let f = Fenrir::start("screen", "--plain --opponent human --sound off");
    // At the start the greeting is the first thing fenrir says, before the board's letters.
    let first = f.first_said();
    assert!(
        first
            .as_deref()
            .is_some_and(|s| s.starts_with("New game, White to move")),
        "{first:?}"
    );
    // e2-e4 by keys, e7-e5 the same way, and the same answer twice (s after an arrow); then Ng1-f3 and Nb8-c6 by
    // file (Alt-letter) and rank keys, as the measurement (benches/fenrir_measure.sh) plays, and queries.
    for key in [
        "Up", "s", "Down", "Enter", "Up", "Up", "Enter", "8", "Down", "Enter", "Down", "Down",
        "Enter", "C-x", "S", "F", "M-g", "1", "Enter", "M-f", "3", "Enter", "l", "M-b", "8",
        "Enter", "M-c", "6", "Enter", "w", "c", "o",
    ] {
        let (answer, said) = f.key(key);
        // The answer first: fenrir reads the changed rows from the top, and the answer is the first row (what the
        // keys do now, "Target for Bauer Eva zwei:", is below it); before it at most "Again:" (the same answer
        // as before), never a title, a board row, the clocks or the move list.
        let before = said[..said.find(&answer).unwrap()].trim();
        assert!(
            before.is_empty() || before == "Again:",
            "{key}: answer {answer:?} not first in {said:?}"
        );
    }
    // The squares a chosen piece can reach are not marked by a symbol fenrir reads on every row.
    let said = f.said();
    assert!(!said.iter().any(|s| s.contains("star")), "{said:?}");
    // The moves by file and rank keys were made.
    let heard = f.heard();
    assert!(
        heard.iter().any(|h| h == "Springer Felix drei")
            && heard.iter().any(|h| h == "Springer Cesar sechs"),
        "{heard:?}"
    );
}

/// With fenrir's shipped settings (interruptOnKeyPress=False: fenrir says every changed row, whole, and
/// queues it behind what it is saying): with the board hidden (`--no-board`) every key makes fenrir say its answer
/// and nothing else but, after a move, the one row of moves it adds; no rank of the board, no title, no clock. So
/// fenrir's queue holds no more than the answers themselves (`benches/fenrir_measure.sh --board hidden` measures
/// the lag).
#[test]
fn fenrir_says_only_the_answer_with_the_board_hidden() {
    let f = Fenrir::start("noboard", "--plain --no-board --opponent human --sound off");
    let first = f.first_said();
    assert!(
        first.as_deref().is_some_and(
            |s| s.starts_with("New game, White to move") && !s.contains(" t s l d k l s t")
        ),
        "{first:?}"
    );
    let row_of_moves = |rest: &str| {
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            [san] => !san.ends_with('.'),
            [number, san] => {
                number.trim_end_matches('.').parse::<u32>().is_ok() && !san.ends_with('.')
            }
            _ => false,
        }
    };
    let mut moves = 0;
    for key in [
        "M-e", "2", "Enter", "M-e", "4", "Enter", "s", "M-e", "7", "Enter", "M-e", "5", "Enter",
        "l", "M-g", "1", "Enter", "M-f", "3", "Enter", "w", "M-b", "8", "Enter", "M-c", "6",
        "Enter", "c", "Up", "G", "G", "Down",
    ] {
        let (answer, said) = f.key(key);
        let at = said.find(&answer).unwrap();
        let before = said[..at].trim();
        let after = said[at + answer.len()..].trim();
        // An opening reached is said with its move, in the same answer row; the row of moves follows it.
        let opening = f
            .heard()
            .into_iter()
            .rev()
            .find(|h| h.starts_with("Opening: "));
        let after =
            match opening.and_then(|o| after.trim_start_matches(". ").strip_prefix(o.as_str())) {
                Some(row) => row.trim(),
                None => after,
            };
        assert!(
            before.is_empty() || before == "Again:",
            "{key}: answer {answer:?} not first in {said:?}"
        );
        if key == "G" {
            // Shown again on request (G), the board is read after the answer; hidden again, nothing of it.
            let shown = answer == "Board shown";
            assert_eq!(
                after.contains(" t . l d k l s t "),
                shown,
                "{answer:?} {after:?}"
            );
            continue;
        }
        if !after.is_empty() {
            assert!(
                key == "Enter" && row_of_moves(after),
                "{key}: after the answer {answer:?} fenrir said {after:?}"
            );
            moves += 1;
        }
    }
    // The four moves were made, each with its one row of moves.
    assert_eq!(moves, 4, "{:?}", f.said());
    let heard = f.heard();
    assert!(
        heard.iter().any(|h| h == "Springer Cesar sechs")
            && heard.iter().any(|h| h == "Board shown"),
        "{heard:?}"
    );
}

/// Line mode under fenrir: a dozen commands, every answer spoken, fenrir never says "blank" (the empty
/// row the line editor's Enter moves to) nor "space" (an empty row scrolling away), and no word is split.
#[test]
fn fenrir_speaks_every_line_mode_answer_whole() {
    let f = Fenrir::start("line", "--line --opponent human");
    // At the start the greeting is the first thing said: no letters, no empty rows read out before it.
    let first = f.first_said();
    assert!(
        first.as_deref().is_some_and(|s| s
            .trim_start_matches(|c: char| c == ',' || c.is_whitespace())
            .starts_with("New game")),
        "{first:?}"
    );
    for command in [
        "e4", "e5", "board", "count", "moves", "Nf3", "Nc6", "Bb5", "a6", "time", "material",
        "turn", "last",
    ] {
        f.tmux(&["send-keys", "-t", "f", "-l", command]);
        let (answer, said) = f.key("Enter");
        assert!(said.contains(&answer), "{command}: {said:?}");
    }
    let said = f.said();
    for s in &said {
        let words = rows_joined(s).replace(',', " ");
        let words = words.trim();
        assert!(
            words != "blank" && words != "space",
            "fenrir said {s:?}: {said:?}"
        );
    }
    assert!(
        !said
            .iter()
            .any(|s| s.contains("Gust ") && s.contains(" av ")),
        "{said:?}"
    );
}

/// With fenrir's shipped settings (interruptOnKeyPress=False: a key does not stop what fenrir is saying,
/// and new text on the screen is said after it), its speech taking as long as a voice's: a key stops a long answer
/// fenrir is still saying, and its own answer is the next thing said. Plain mode's cursor visits the silent mark
/// "_" alone on the bottom row before the answer is drawn; fenrir reads a cursor moved to another row at once,
/// stopping what it says, and says nothing for "_".
#[test]
fn a_key_stops_a_long_answer_under_fenrirs_shipped_settings() {
    let f = Fenrir::start_speaking("stop", "--plain --no-board --opponent human --sound off");
    f.first_said();
    // Until fenrir has said everything of the start to its end.
    let start = Instant::now();
    while f.said().last().is_none() || f.done().last() != f.said().last() {
        assert!(
            start.elapsed() < PATIENCE,
            "fenrir never fell quiet: {:?}",
            f.said()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // The rank (o) is long: about 90 characters, six seconds at this rate. The next key comes while it is said.
    let (rank, _) = f.key("o");
    assert!(rank.starts_with("Rank zwei: Anna zwei"), "{rank:?}");
    let said_before = f.said().len();
    // A file key (Alt-e): the focus to the e-file. (Under fenrir an arrow key happens to stop speech by itself.)
    let (square, _) = f.key("M-e");
    assert_eq!(square, "Eva zwei: White Bauer");
    let said = f.said();
    assert!(
        !f.done().iter().any(|d| rows_joined(d).contains(&rank)),
        "the rank was said to its end before the next answer: {said:?}"
    );
    // After the key: the answer is the first thing said with a word in it (the mark is said as nothing).
    let after: Vec<String> = said[said_before..]
        .iter()
        .map(|s| rows_joined(s))
        .filter(|s| s.chars().any(char::is_alphanumeric))
        .collect();
    assert!(
        after.first().is_some_and(|s| s.starts_with(&square)),
        "{after:?} in {said:?}"
    );
    assert!(!said.iter().any(|s| s.contains("underscore")), "{said:?}");
}

/// Under fenrir the full-screen view starts in the view made for a screen reader by itself, plain with
/// the board hidden, and says so, when the player chose no view; `--colour-view` keeps colours and the board.
/// (fenrir leaves out the brackets of "(G shows it)".) The announcements end with a full stop before the next, so
/// fenrir never runs them together.
#[test]
fn under_fenrir_the_view_for_a_screen_reader_is_chosen_by_itself() {
    // No --speech: fenrir speaks, so hector's own voice is off, and it says so.
    let f = Fenrir::start_with("auto", "--opponent human --sound off", false);
    let first = f.first_said();
    assert!(
        first.as_deref().is_some_and(|s| s.starts_with(
            "New game, White to move. fenrir reads the screen: plain view, board hidden G shows it . \
             hector's own voice is off while fenrir speaks"
        ) && s.contains("Board hidden:")
            && !s.contains(" t s l d k l s t")),
        "{first:?}"
    );
    let (answer, said) = f.key("M-e");
    assert_eq!(answer, "Eva zwei: White Bauer");
    assert!(said.starts_with(&answer), "{said:?}");
    let screen = f.tmux(&["capture-pane", "-p", "-t", "f"]);
    assert_eq!(
        screen.lines().last().map(str::trim_end),
        Some("_"),
        "{screen}"
    );
    drop(f);

    let f = Fenrir::start("colour", "--colour-view --opponent human --sound off");
    let first = f.first_said();
    assert!(
        first.as_deref().is_some_and(
            |s| s.contains("New game, White to move") && !s.contains("reads the screen")
        ),
        "{first:?}"
    );
    let screen = f.tmux(&["capture-pane", "-p", "-t", "f"]);
    assert!(
        screen.contains("Board") && !screen.contains("Board hidden"),
        "{screen}"
    );
    assert!(
        screen.contains('┃') || screen.contains('│'),
        "coloured view, box characters: {screen}"
    );
}
