//! The arbiter's casebook: every `tests/casebook/*.case` played through the real binary in line mode.
//!
//! A case is plain text an arbiter can read and add to (tests/casebook/README.md describes the format): the
//! articles, the edition, the mode and start options, the lines typed, and what must be said, what the clocks show,
//! what the game file and the action log hold. Each run of a case is one hector process in the case's own folder
//! (its own XDG folders), fed every line at once; hector echoes each line it reads (`HECTOR_ECHO_INPUT`), so every
//! answer is known to belong to its line. A failure names the case file, its line, the line typed and what was
//! said instead. `CASEBOOK=word cargo test --test casebook` runs only the cases whose file name has `word`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::Duration;

mod common;

/// The mark hector prints before a line it read (src/ui/line.rs, `ECHO_MARK`).
const ECHO: &str = "\u{bb} ";

/// One check, with the line of the case file it stands on.
#[derive(Debug, Clone)]
struct Check {
    at: usize,
    kind: Kind,
}

#[derive(Debug, Clone)]
enum Kind {
    Said(String),
    NotSaid(String),
    FileHas(String, String),
    FileLacks(String, String),
    /// The game file (as written, or its moves alone: without comments and black move numbers).
    PgnHas(String),
    PgnLacks(String),
    AnyPgnHas(String),
    Exists(String),
    Absent(String),
    Exit(i32),
}

/// A line typed, and the checks on what hector answered to it.
#[derive(Debug, Clone)]
struct Typed {
    at: usize,
    text: String,
    checks: Vec<Check>,
}

/// One start of hector in the case's folder.
#[derive(Debug, Clone, Default)]
struct RunSpec {
    /// The line of the case file where the run begins.
    at: usize,
    options: Vec<String>,
    /// Checks on what is said at the start, before the first line.
    start: Vec<Check>,
    lines: Vec<Typed>,
    /// Checks on the files and the exit code, made when the run has ended.
    after: Vec<Check>,
    kill: bool,
    /// `record`, `assistant` or `play`.
    mode: String,
    /// The game file of this run (`--save`), if any.
    save: Option<String>,
    /// Files written into the folder before the run (name, content).
    write: Vec<(String, String)>,
}

#[derive(Debug)]
struct Case {
    path: PathBuf,
    title: String,
    articles: String,
    edition: Option<String>,
    /// A known fault not yet mended: the case is expected to fail until it is (`pending: REASON`).
    pending: Option<String>,
    runs: Vec<RunSpec>,
}

/// Splits options as a shell would for plain words and '...' or "..." quotes.
fn split_options(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn parse(path: &Path) -> Result<Case, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut case = Case {
        path: path.to_path_buf(),
        title: String::new(),
        articles: String::new(),
        edition: None,
        pending: None,
        runs: vec![RunSpec {
            at: 1,
            mode: "record".into(),
            save: Some("g.pgn".into()),
            ..RunSpec::default()
        }],
    };
    for (i, raw) in text.lines().enumerate() {
        let at = i + 1;
        let line = raw.trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(c) = trimmed.strip_prefix('#') {
            if case.title.is_empty() {
                case.title = c.trim().to_string();
            }
            continue;
        }
        let run = case.runs.last_mut().unwrap();
        if let Some(t) = trimmed.strip_prefix('>') {
            run.lines.push(Typed {
                at,
                text: t.strip_prefix(' ').unwrap_or(t).to_string(),
                checks: Vec::new(),
            });
            continue;
        }
        if trimmed == "kill" {
            run.kill = true;
            continue;
        }
        let Some((key, value)) = trimmed.split_once(':') else {
            return Err(format!(
                "line {at}: neither `> line`, `key: value` nor `# comment`: {line}"
            ));
        };
        let key = key.trim().to_lowercase();
        let value = value.trim().to_string();
        let check = |kind: Kind| Check { at, kind };
        let log = format!("{}.log.txt", run.save.as_deref().unwrap_or("g.pgn"));
        match key.as_str() {
            "article" | "articles" => case.articles = value,
            "edition" => case.edition = Some(value),
            "pending" => case.pending = Some(value),
            "mode" => run.mode = value,
            "save" => run.save = (value != "none").then_some(value),
            "options" => run.options.extend(split_options(&value)),
            "run" => {
                let (save, mode) = (run.save.clone(), run.mode.clone());
                case.runs.push(RunSpec {
                    at,
                    options: split_options(&value),
                    save,
                    mode,
                    ..RunSpec::default()
                })
            }
            "said" | "not said" => {
                let kind = if key == "said" {
                    Kind::Said(value)
                } else {
                    Kind::NotSaid(value)
                };
                match run.lines.last_mut() {
                    Some(t) => t.checks.push(check(kind)),
                    None => run.start.push(check(kind)),
                }
            }
            "pgn has" => run.after.push(check(Kind::PgnHas(value))),
            "pgn lacks" => run.after.push(check(Kind::PgnLacks(value))),
            "log has" => run.after.push(check(Kind::FileHas(log, value))),
            "log lacks" => run.after.push(check(Kind::FileLacks(log, value))),
            "heard" => run
                .after
                .push(check(Kind::FileHas("heard.log".into(), value))),
            "not heard" => run
                .after
                .push(check(Kind::FileLacks("heard.log".into(), value))),
            "any pgn has" => run.after.push(check(Kind::AnyPgnHas(value))),
            "exists" => run.after.push(check(Kind::Exists(value))),
            "absent" => run.after.push(check(Kind::Absent(value))),
            "exit" => run.after.push(check(Kind::Exit(
                value
                    .parse()
                    .map_err(|_| format!("line {at}: exit needs a number"))?,
            ))),
            k if k.starts_with("write ") => {
                let raw_key = trimmed.split_once(':').unwrap().0.trim();
                run.write
                    .push((raw_key[6..].trim().to_string(), value.replace("\\n", "\n")));
            }
            k if k.starts_with("file ") && (k.ends_with(" has") || k.ends_with(" lacks")) => {
                // `file NAME has: TEXT`; the file name keeps its case: taken from the line as written.
                let raw_key = trimmed.split_once(':').unwrap().0.trim();
                let name = raw_key[5..raw_key.rfind(' ').unwrap()].trim().to_string();
                run.after.push(check(if k.ends_with(" has") {
                    Kind::FileHas(name, value)
                } else {
                    Kind::FileLacks(name, value)
                }));
            }
            _ => return Err(format!("line {at}: unknown key {key:?}")),
        }
    }
    if case.title.is_empty() {
        return Err("no title: the first line should be `# what the case is about`".into());
    }
    if case.articles.is_empty() {
        return Err("no `article:` line".into());
    }
    let checks: usize = case
        .runs
        .iter()
        .map(|r| {
            r.start.len() + r.after.len() + r.lines.iter().map(|t| t.checks.len()).sum::<usize>()
        })
        .sum();
    if checks == 0 {
        return Err("no check: a case must say what must be said or kept".into());
    }
    Ok(case)
}

/// What one run printed: the start-up lines, and the answers to each typed line.
struct Output {
    start: Vec<String>,
    answers: Vec<Option<Vec<String>>>,
    code: i32,
    stderr: String,
}

fn args_of(case: &Case, run: &RunSpec) -> Vec<String> {
    let mut a: Vec<String> = [
        "--line",
        "--virtual-clock",
        "--speech",
        "off",
        "--language",
        "en",
        "--speech-log",
        "heard.log",
        "--mode",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    a.push(run.mode.clone());
    if let Some(e) = &case.edition {
        a.extend(["--edition".to_string(), e.clone()]);
    }
    if let Some(s) = &run.save {
        a.extend(["--save".to_string(), s.clone()]);
    }
    a.extend(run.options.iter().cloned());
    a
}

fn play(case: &Case, run: &RunSpec, dir: &Path) -> Output {
    for (name, content) in &run.write {
        let p = dir.join(name);
        if let Some(parent) = p.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        std::fs::write(&p, content).expect("write a file of the case");
    }
    let mut cmd = common::hector_command(dir);
    cmd.current_dir(dir)
        .env("HECTOR_ECHO_INPUT", "1")
        .env("XDG_STATE_HOME", dir.join("state"))
        .args(args_of(case, run))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("start hector");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for l in BufReader::new(stdout).lines() {
            let Ok(l) = l else { break };
            if tx.send(l).is_err() {
                break;
            }
        }
    });
    let mut input = String::new();
    for t in &run.lines {
        input.push_str(&t.text);
        input.push('\n');
    }
    // Written from a thread: a long input must not dead-lock against a full stdout pipe.
    let kill = run.kill;
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
        if kill {
            // Keep stdin open: the run ends by the kill, not by the end of input.
            std::thread::sleep(Duration::from_secs(60));
        }
        drop(stdin);
    });
    let mut printed = Vec::new();
    let limit = Duration::from_secs(60);
    if run.kill {
        // The last line's answer is awaited (hector keeps a move before it announces it), then a short quiet, then
        // kill -9. A `wait` may answer nothing.
        let echoes_wanted = run.lines.len();
        let answer_wanted = !run
            .lines
            .last()
            .is_some_and(|t| t.text.trim_start().starts_with("wait"));
        let (mut echoes, mut answered) = (0, false);
        loop {
            let done = echoes >= echoes_wanted && (answered || !answer_wanted);
            let wait = if done {
                Duration::from_millis(500)
            } else {
                limit
            };
            match rx.recv_timeout(wait) {
                Ok(l) => {
                    if l.starts_with(ECHO) || l == ECHO.trim_end() {
                        echoes += 1;
                    } else if echoes >= echoes_wanted {
                        answered = true;
                    }
                    printed.push(l);
                }
                Err(_) => break,
            }
        }
        let _ = child.kill();
    }
    // The rest, until hector ends (end of input, or killed).
    while let Ok(l) = rx.recv_timeout(limit) {
        printed.push(l);
    }
    let status = child.wait().unwrap();
    drop(writer);
    let stderr = err_reader.join().unwrap_or_default();
    let mut start = Vec::new();
    let mut answers: Vec<Option<Vec<String>>> = vec![None; run.lines.len()];
    let mut current: Option<usize> = None;
    let mut n = 0;
    for l in printed {
        if l.starts_with(ECHO) || l == ECHO.trim_end() {
            if n < answers.len() {
                answers[n] = Some(Vec::new());
                current = Some(n);
            }
            n += 1;
            continue;
        }
        match current {
            Some(i) => answers[i].as_mut().unwrap().push(l),
            None => start.push(l),
        }
    }
    Output {
        start,
        answers,
        code: status.code().unwrap_or(-9),
        stderr,
    }
}

fn has(lines: &[String], needle: &str) -> bool {
    let needle = needle.to_lowercase();
    lines.iter().any(|l| l.to_lowercase().contains(&needle))
}

fn said_block(lines: &[String]) -> String {
    if lines.is_empty() {
        "    (nothing)".to_string()
    } else {
        lines
            .iter()
            .map(|l| format!("    {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A game's moves alone, as an arbiter reads them: no comments, no `1...` before Black's moves, one space.
fn moves_alone(pgn: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in pgn.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out.split_whitespace()
        .filter(|w| !(w.ends_with("...") && w[..w.len() - 3].chars().all(|c| c.is_ascii_digit())))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether a game file holds `s`, as written or in its moves alone.
fn pgn_holds(pgn: &str, s: &str) -> bool {
    let s = s.to_lowercase();
    pgn.to_lowercase().contains(&s) || moves_alone(pgn).to_lowercase().contains(&s)
}

/// Every .pgn file under `dir`.
fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "pgn") {
            out.push(p);
        }
    }
}

/// A check on what was said to one line: the failure in words, if it fails.
fn line_check(
    c: &Check,
    typed: &str,
    lines: &[String],
    at: &str,
    run_name: &str,
) -> Option<String> {
    match &c.kind {
        Kind::Said(s) if !has(lines, s) => Some(format!(
            "{at}: after `{typed}` ({run_name}) expected said: {s:?}\n  said instead:\n{}",
            said_block(lines)
        )),
        Kind::NotSaid(s) if has(lines, s) => Some(format!(
            "{at}: after `{typed}` ({run_name}) must not be said: {s:?}\n  said:\n{}",
            said_block(lines)
        )),
        _ => None,
    }
}

/// Runs one case; the failures, each in words.
fn run_case(case: &Case) -> Vec<String> {
    let name = case.path.file_stem().unwrap().to_string_lossy().to_string();
    let dir = common::temp_dir(&format!("casebook-{name}"));
    let file = case.path.display().to_string();
    let mut fails = Vec::new();
    for (r, run) in case.runs.iter().enumerate() {
        let out = play(case, run, &dir);
        let where_ = |at: usize| format!("{file}:{at}");
        let run_name = format!(
            "run {} of line {} (hector {})",
            r + 1,
            run.at,
            args_of(case, run).join(" ")
        );
        for c in &run.start {
            fails.extend(line_check(
                c,
                "the start",
                &out.start,
                &where_(c.at),
                &run_name,
            ));
        }
        for (t, answer) in run.lines.iter().zip(&out.answers) {
            match answer {
                Some(lines) => {
                    for c in &t.checks {
                        fails.extend(line_check(c, &t.text, lines, &where_(c.at), &run_name));
                    }
                }
                None if !t.checks.is_empty() => fails.push(format!(
                    "{}: `{}` ({run_name}) was never read: hector had ended (exit {}). stderr: {}",
                    where_(t.at),
                    t.text,
                    out.code,
                    out.stderr.trim()
                )),
                None => {}
            }
        }
        for c in &run.after {
            let read = |f: &str| std::fs::read_to_string(dir.join(f));
            match &c.kind {
                Kind::FileHas(f, s) => match read(f) {
                    Ok(t) if t.to_lowercase().contains(&s.to_lowercase()) => {}
                    Ok(t) => fails.push(format!(
                        "{}: after {run_name}, {f} should hold {s:?}; it holds:\n{}",
                        where_(c.at),
                        said_block(&t.lines().map(str::to_string).collect::<Vec<_>>())
                    )),
                    Err(e) => fails.push(format!(
                        "{}: after {run_name}, {f} should hold {s:?}, but it cannot be read: {e}",
                        where_(c.at)
                    )),
                },
                Kind::FileLacks(f, s) => match read(f) {
                    Ok(t) if t.to_lowercase().contains(&s.to_lowercase()) => fails.push(format!(
                        "{}: after {run_name}, {f} must not hold {s:?}; it holds:\n{}",
                        where_(c.at),
                        said_block(&t.lines().map(str::to_string).collect::<Vec<_>>())
                    )),
                    _ => {}
                },
                Kind::PgnHas(s) | Kind::PgnLacks(s) => {
                    let want = matches!(c.kind, Kind::PgnHas(_));
                    let save = run.save.as_deref().unwrap_or("g.pgn");
                    match read(save) {
                        Ok(t) => {
                            // `pgn lacks` is about the game (its tags, moves and result): a comment may name
                            // what was refused, such as an illegal move kept for the arbiter (Article 7.5).
                            let holds = if want {
                                pgn_holds(&t, s)
                            } else {
                                moves_alone(&t).to_lowercase().contains(&s.to_lowercase())
                            };
                            if holds != want {
                                fails.push(format!(
                                    "{}: after {run_name}, {save} {} {s:?}; it holds:\n{}",
                                    where_(c.at),
                                    if want { "should hold" } else { "must not hold" },
                                    said_block(&t.lines().map(str::to_string).collect::<Vec<_>>())
                                ));
                            }
                        }
                        Err(e) if want => fails.push(format!(
                            "{}: after {run_name}, {save} should hold {s:?}, but it cannot be read: {e}",
                            where_(c.at)
                        )),
                        Err(_) => {}
                    }
                }
                Kind::AnyPgnHas(s) => {
                    let mut files = Vec::new();
                    pgn_files(&dir, &mut files);
                    let found = files
                        .iter()
                        .any(|p| std::fs::read_to_string(p).is_ok_and(|t| pgn_holds(&t, s)));
                    if !found {
                        fails.push(format!(
                            "{}: after {run_name}, no game file holds {s:?}; game files: {files:?}",
                            where_(c.at)
                        ));
                    }
                }
                Kind::Exists(f) if !dir.join(f).exists() => fails.push(format!(
                    "{}: after {run_name}, {f} should exist",
                    where_(c.at)
                )),
                Kind::Absent(f) if dir.join(f).exists() => fails.push(format!(
                    "{}: after {run_name}, {f} should not exist",
                    where_(c.at)
                )),
                Kind::Exit(code) if *code != out.code => fails.push(format!(
                    "{}: after {run_name}, exit code {} instead of {code}; stderr: {}",
                    where_(c.at),
                    out.code,
                    out.stderr.trim()
                )),
                _ => {}
            }
        }
    }
    if fails.is_empty() {
        let _ = std::fs::remove_dir_all(&dir);
    } else {
        fails.insert(
            0,
            format!(
                "CASE {file}: {} (articles {}); its folder is kept: {}",
                case.title,
                case.articles,
                dir.display()
            ),
        );
    }
    fails
}

/// Every case file, sorted by name.
fn case_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/casebook");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/casebook exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "case"))
        .collect();
    files.sort();
    files
}

/// Runs the cases whose file names `pick` chooses (and that the CASEBOOK filter lets through), a few at a time.
fn run_cases(pick: impl Fn(&str) -> bool) -> usize {
    let filter = std::env::var("CASEBOOK").ok();
    let files: Vec<PathBuf> = case_files()
        .into_iter()
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            pick(&n) && filter.as_ref().is_none_or(|f| n.contains(f.as_str()))
        })
        .collect();
    let mut problems = Vec::new();
    let mut cases = Vec::new();
    for f in &files {
        match parse(f) {
            Ok(c) => cases.push(c),
            Err(e) => problems.push(format!("CASE {}: cannot be read: {e}", f.display())),
        }
    }
    let next = Mutex::new(0usize);
    let failed = Mutex::new(Vec::<(String, Vec<String>)>::new());
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    let Some(case) = cases.get(i) else { break };
                    let mut f = run_case(case);
                    match (&case.pending, f.is_empty()) {
                        (Some(why), true) => f.push(format!(
                            "CASE {}: passes now, but is marked `pending: {why}`: remove that line",
                            case.path.display()
                        )),
                        (Some(why), false) => {
                            eprintln!(
                                "casebook: {} still fails, as its `pending: {why}` expects",
                                case.path.display()
                            );
                            f.clear();
                        }
                        (None, _) => {}
                    }
                    if !f.is_empty() {
                        failed
                            .lock()
                            .unwrap()
                            .push((case.path.display().to_string(), f));
                    }
                }
            });
        }
    });
    let mut failed = failed.into_inner().unwrap();
    failed.sort();
    for (_, f) in failed {
        problems.push(f.join("\n"));
    }
    assert!(
        problems.is_empty(),
        "{} of {} cases fail or cannot be read:\n\n{}",
        problems.len(),
        files.len(),
        problems.join("\n\n")
    );
    cases.len()
}

/// The cases about the Laws and hector's present behaviour.
#[test]
fn casebook_articles() {
    let n = run_cases(|n| !n.starts_with("fault-"));
    if std::env::var("CASEBOOK").is_err() {
        assert!(
            n >= 60,
            "the casebook has {n} cases besides the faults, not 60"
        );
    }
}

/// One case per fault found when a rated game was first trusted to hector, with the right behaviour.
#[test]
fn casebook_faults() {
    run_cases(|n| n.starts_with("fault-"));
}

#[test]
fn the_moves_alone_leave_out_comments_and_black_numbers() {
    assert_eq!(
        moves_alone("[White \"?\"]\n\n1. e4 {[%clk 1:30:30]} 1... e5 {[%clk 1:30:30]}\n2. Nf3 *"),
        "[White \"?\"] 1. e4 e5 2. Nf3 *"
    );
}

#[test]
fn options_split_as_a_shell_would() {
    assert_eq!(
        split_options(r#"--fen "7k/4P3/8/8/8/8/8/4K3 w - - 0 1" --time 5m"#),
        vec!["--fen", "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "--time", "5m"]
    );
    assert_eq!(split_options("--white ''"), vec!["--white", ""]);
}
