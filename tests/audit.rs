//! --audit on logs the fixture bundles write themselves: every scenario runs
//! under node on a stock copy and on copies patched in seed and gate mode,
//! its `[LiveSteeringHook]` lines are wrapped in the prefixes a real log may
//! put before them, and the audit must find exactly the replays the stock
//! code made (what seed mode takes away from a sub-execution), none in the
//! patched logs, and every steer reaching memory extraction. Flawed lines,
//! rotated and compressed files are read or counted, never fatal.

mod common;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::{code, copy_dir, describe, repo, scenarios, Tree};
use serde_json::Value;

/// One bundle of each model and shape keeps the node runs few.
const AUDITED: &[&str] = &["minified-esm", "readable-cjs", "variant-minified-esm", "third-readable-esm"];

fn audit(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut cmd = Command::new(common::bin());
    cmd.arg("--audit")
        .args(args)
        .env_remove("KIRO_KAS_SERVER_PATH")
        .env_remove("KIRO_STEER_SCOPE_LOGS")
        .env("PATH", "/usr/bin:/bin");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn audit_json(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = audit(&all, &[]);
    let value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", describe(&out)));
    (code(&out), value)
}

fn patched(bundle: &str, mode: &str) -> Tree {
    let tree = Tree::copy(bundle);
    let out = tree.run(&["--mode", mode, "--quiet"]);
    assert_eq!(code(&out), 0, "{bundle} {mode}: {}", describe(&out));
    tree
}

/// The scenario's report and every line the runtime logged (debug included).
fn run_logged(target: &Path, scenario: &str) -> (Value, Vec<String>) {
    let file = repo().join("testdata/scenarios").join(format!("{scenario}.json"));
    let out = Command::new("node")
        .arg(target)
        .arg("--scenario")
        .arg(&file)
        .env("KAS_LOG_ALL", "1")
        .output()
        .expect("node runs");
    assert!(out.status.success(), "{scenario}: {}", describe(&out));
    let report = serde_json::from_slice(&out.stdout).expect("scenario report is JSON");
    (report, String::from_utf8(out.stderr).unwrap().lines().map(String::from).collect())
}

/// How a real log might wrap each line; `day` dates it (the bracketed style has no date).
#[derive(Clone, Copy, Debug)]
enum Style {
    IsoLevel,
    Bracketed,
    JsonIso,
    JsonEpochMs,
}

const STYLES: [Style; 4] = [Style::IsoLevel, Style::Bracketed, Style::JsonIso, Style::JsonEpochMs];

/// `2020-01-01` or `2099-01-01` and its epoch, so sessions fall before or after any patch.
fn wrap(style: Style, year: u32, n: usize, line: &str) -> String {
    let (h, m, s) = (9 + n / 3600, n / 60 % 60, n % 60);
    let iso = format!("{year}-01-01T{h:02}:{m:02}:{s:02}.{:03}Z", n % 1000);
    let epoch_ms: u64 = if year == 2020 { 1_577_836_800_000 } else { 4_070_908_800_000 } + (9 * 3600 + n as u64) * 1000;
    let msg = serde_json::to_string(line).unwrap();
    match style {
        Style::IsoLevel => format!("{iso} [info] {line}"),
        Style::Bracketed => format!("[{h:02}:{m:02}:{s:02}] {line}"),
        Style::JsonIso => format!(r#"{{"timestamp":"{iso}","level":"info","pid":4242,"msg":{msg}}}"#),
        Style::JsonEpochMs => format!(r#"{{"level":30,"time":{epoch_ms},"msg":{msg},"name":"kas"}}"#),
    }
}

fn write_log(dir: &Path, lines: &[String]) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("kiro.log"), lines.join("\n") + "\n").unwrap();
}

/// `(id, agent, handlers)` of each delivery line, in order.
fn deliveries(lines: &[String]) -> Vec<(String, String, u64)> {
    let marker = "[LiveSteeringHook] injected steering ";
    lines
        .iter()
        .filter_map(|l| l.split_once(marker))
        .map(|(_, tail)| {
            let (id, rest) = tail.split_once(" into ").unwrap();
            let (agent, _) = rest.rsplit_once(" (").unwrap().0.rsplit_once(" (").unwrap();
            let handlers = rest.rsplit_once("(handlers: ").unwrap().1.trim_end_matches(')').parse().unwrap();
            (id.to_string(), agent.to_string(), handlers)
        })
        .collect()
}

/// The replays of a stock run, found without the audit's reasoning: a steer a
/// sub-execution receives on stock but not in seed mode (which withholds
/// exactly what was in the buffer before it started), on a line whose handler
/// count says someone else drew it first. A late sub-agent that draws a steer
/// before anyone else (one the root has not drawn yet, or one a clear
/// stranded, kirodotdev/Kiro#11449) is its first delivery: no replay.
fn replayed(stock: &Value, seed: &Value, stock_lines: &[String]) -> Vec<(String, String)> {
    let (a, b) = (stock["executions"].as_array().unwrap(), seed["executions"].as_array().unwrap());
    assert_eq!(a.len(), b.len());
    let mut withheld = Vec::new();
    for (s, f) in a.iter().zip(b) {
        assert_eq!(s["agent"], f["agent"]);
        let kept = f["received"].as_array().unwrap();
        for id in s["received"].as_array().unwrap() {
            if s["depth"].as_u64().unwrap() > 0 && id.as_str().unwrap().starts_with("steer-") && !kept.contains(id) {
                withheld.push((s["agent"].as_str().unwrap().to_string(), id.as_str().unwrap().to_string()));
            }
        }
    }
    let mut out: Vec<(String, String)> = deliveries(stock_lines)
        .into_iter()
        .filter(|(id, agent, handlers)| *handlers > 1 && withheld.contains(&(agent.clone(), id.clone())))
        .map(|(id, agent, _)| (agent, id))
        .collect();
    out.sort();
    out
}

fn session<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no session {name}"))
}

fn replay_agents(session: &Value) -> Vec<String> {
    let mut agents: Vec<String> = session["replays"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["again"].as_array().unwrap().iter().map(|a| a["agent"].as_str().unwrap().to_string()))
        .collect();
    agents.sort();
    agents
}

fn replay_pairs(session: &Value) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = session["replays"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| {
            r["again"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| (a["agent"].as_str().unwrap().to_string(), a["id"].as_str().unwrap().to_string()))
        })
        .collect();
    pairs.sort();
    pairs
}

#[test]
fn finds_every_stock_replay_and_none_in_patched_logs() {
    let logs = tempfile::tempdir().unwrap();
    let names = scenarios();
    // From the first bundle; every bundle logs the same deliveries in the same
    // order (check-fixtures.mjs), the third model with other ids.
    let mut expected: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    let mut memory_seen = 0;
    for bundle in AUDITED {
        let stock = Tree::copy(bundle);
        let seed = patched(bundle, "seed");
        let gate = patched(bundle, "gate");
        for (k, name) in names.iter().enumerate() {
            let style = STYLES[k % STYLES.len()];
            let (stock_report, stock_lines) = run_logged(&stock.target, name);
            let (seed_report, seed_lines) = run_logged(&seed.target, name);
            let (_, gate_lines) = run_logged(&gate.target, name);
            if *bundle == AUDITED[0] {
                expected.insert(name.clone(), replayed(&stock_report, &seed_report, &stock_lines));
            }
            for (tag, year, lines) in
                [("stock", 2020, &stock_lines), ("seed", 2099, &seed_lines), ("gate", 2099, &gate_lines)]
            {
                let wrapped: Vec<String> = lines.iter().enumerate().map(|(n, l)| wrap(style, year, n, l)).collect();
                write_log(&logs.path().join(format!("{bundle}.{name}.{tag}")), &wrapped);
            }
        }
        // Judged against the seed-patched tree: stock sessions (2020) started before it was written.
        let (exit, report) =
            audit_json(&["--logs", logs.path().to_str().unwrap(), "--target", seed.target.to_str().unwrap()]);
        assert_eq!(report["bundle"]["state"], "patched");
        for name in &names {
            let stock_session = session(&report, &format!("{bundle}.{name}.stock"));
            let want = &expected[name];
            let agents: Vec<String> = want.iter().map(|(agent, _)| agent.clone()).collect();
            assert_eq!(replay_agents(stock_session), agents, "{bundle} {name}: the stock replays\n{stock_session:#}");
            if !bundle.starts_with("third") {
                assert_eq!(&replay_pairs(stock_session), want, "{bundle} {name}");
            }
            assert_eq!(stock_session["replay_count"].as_u64().unwrap() as usize, want.len());
            assert_eq!(
                stock_session["ambiguous_count"], 0,
                "{bundle} {name}: every stock delivery is judged\n{stock_session:#}"
            );
            assert_eq!(stock_session["lines"]["cut_short"], 0);
            for tag in ["seed", "gate"] {
                let s = session(&report, &format!("{bundle}.{name}.{tag}"));
                assert_eq!(s["replay_count"], 0, "{bundle} {name} {tag}: no replay in patched code\n{s:#}");
                if tag == "gate" {
                    assert_eq!(s["ambiguous_count"], 0, "{bundle} {name} gate: no sub-execution draws a steer");
                }
                // The bracketed style has no date: which code ran stays unknown.
                let dated =
                    !matches!(STYLES[names.iter().position(|n| n == name).unwrap() % STYLES.len()], Style::Bracketed);
                assert_eq!(s["ran"], if dated { "patched" } else { "unknown" }, "{bundle} {name} {tag}");
                assert_eq!(stock_session["ran"], if dated { "before-change" } else { "unknown" }, "{bundle} {name}");
            }
            // Every steer reaching memory extraction is listed; on stock it is a replay.
            let memory = stock_session["memory_extraction"].as_array().unwrap();
            if name == "memory-extraction" {
                assert!(
                    memory.iter().any(|m| m["replay"] == true && m["id"].as_str().unwrap().starts_with("steer-")),
                    "{bundle}: {stock_session:#}"
                );
                memory_seen += 1;
            }
            let seed_memory =
                session(&report, &format!("{bundle}.{name}.seed"))["memory_extraction"].as_array().unwrap().clone();
            assert!(
                seed_memory.iter().all(|m| m["replay"] == false),
                "{bundle} {name}: seed memory extraction only draws what arrives while it runs"
            );
        }
        // Replays only in sessions that started before the patch.
        assert_eq!(exit, 3, "{bundle}");
        std::fs::remove_dir_all(logs.path()).unwrap();
        std::fs::create_dir_all(logs.path()).unwrap();
    }
    assert_eq!(memory_seen, AUDITED.len());
    assert!(expected.values().filter(|v| !v.is_empty()).count() >= 6, "the scenarios replay: {expected:#?}");
}

/// A stock log of `scenario` from the minified bundle, dated in `year`.
fn stock_lines(scenario: &str, year: u32) -> Vec<String> {
    let tree = Tree::copy("minified-esm");
    let (_, lines) = run_logged(&tree.target, scenario);
    lines.iter().enumerate().map(|(n, l)| wrap(Style::IsoLevel, year, n, l)).collect()
}

#[test]
fn exit_codes_say_whether_patched_code_replayed() {
    let seed = patched("minified-esm", "seed");
    let logs = tempfile::tempdir().unwrap();
    let target = seed.target.to_str().unwrap().to_string();
    let run = |args: &[&str]| {
        let mut all = vec!["--logs", logs.path().to_str().unwrap(), "--target", &target];
        all.extend_from_slice(args);
        audit(&all, &[])
    };
    write_log(&logs.path().join("old"), &stock_lines("late-subagent", 2020));
    let out = run(&[]);
    assert_eq!(code(&out), 3, "{}", describe(&out));
    let text = common::stdout(&out);
    assert!(
        text.contains("REPLAY steer-1: first into kiro (00000001)")
            && text.contains("again into explorer (00000002) at 2020-01-01T09:00:"),
        "{text}"
    );
    assert!(text.contains("before the bundle was last written (patched, restored or unpacked)"), "{text}");
    // A replay dated after the patch: the fix did not hold.
    write_log(&logs.path().join("new"), &stock_lines("several-late-subagents", 2099));
    let out = run(&[]);
    assert_eq!(code(&out), 1, "{}", describe(&out));
    assert!(common::stdout(&out).contains("summary: replay in a session that ran the patched code"));
    // --quiet: the summary line alone.
    let quiet = run(&["--quiet"]);
    assert_eq!((code(&quiet), common::stdout(&quiet).lines().count()), (1, 1), "{}", describe(&quiet));
    std::fs::remove_dir_all(logs.path().join("new")).unwrap();
    std::fs::remove_dir_all(logs.path().join("old")).unwrap();
    write_log(&logs.path().join("clean"), &stock_lines("steer-while-subagent-live", 2099));
    let out = run(&[]);
    assert_eq!(code(&out), 0, "{}", describe(&out));
    assert!(common::stdout(&out).contains("summary: no replay found"));
    assert!(run(&["--quiet"]).stdout.is_empty());
}

#[test]
fn flawed_lines_are_counted_not_fatal() {
    let logs = tempfile::tempdir().unwrap();
    let mut bytes = Vec::new();
    let good = stock_lines("late-subagent", 2020);
    bytes.extend_from_slice(good[0].as_bytes());
    bytes.extend_from_slice(
        b"\n2020-01-01T09:00:00Z [info] [LiveSteeringHook] injected steering steer-9 into kiro (0000\n",
    );
    bytes.extend_from_slice(b"\x00\x01\xff\xfe binary \x89PNG\r\n\x1a\n");
    bytes.extend_from_slice(b"2020-01-01T09:00:01Z [info] [LiveSteeringHook] injected steering steer-8 into k\xe9ro (00000009) (handlers: 1)\r\n");
    bytes.extend_from_slice(&vec![b'#'; 200_000]);
    bytes.push(b'\n');
    bytes.extend_from_slice(b"\x1b[32mINFO\x1b[0m \xe4\xbd\xa0 latin-1 caf\xe9 line\n");
    for line in &good[1..] {
        bytes.extend_from_slice(line.as_bytes());
        bytes.extend_from_slice(b"\r\n");
    }
    // A JSON wrapper that escapes the marker's space and quotes in the agent's name.
    bytes.extend_from_slice(br#"{"time":"2020-01-01T09:00:08Z","msg":"[LiveSteeringHook]\u0020injected steering steer-1 into reviewer \"x\" (0000000a) (handlers: 3)"}"#);
    bytes.push(b'\n');
    // The last line cut in the middle, without a newline.
    bytes.extend_from_slice(
        b"2020-01-01T09:00:09Z [info] [LiveSteeringHook] injected steering steer-1 into reviewer (000000",
    );
    std::fs::create_dir_all(logs.path().join("s")).unwrap();
    std::fs::write(logs.path().join("s/kiro.log"), &bytes).unwrap();
    let (exit, report) = audit_json(&["--logs", logs.path().to_str().unwrap()]);
    assert_eq!(exit, 3, "{report:#}");
    let s = session(&report, "s");
    assert_eq!(replay_agents(s), ["explorer", "reviewer \"x\""], "{s:#}");
    let lines = &s["lines"];
    assert_eq!(
        (lines["cut_short"].as_u64(), lines["not_text"].as_u64(), lines["too_long"].as_u64()),
        (Some(2), Some(1), Some(1)),
        "{s:#}"
    );
    assert!(lines["not_utf8"].as_u64().unwrap() >= 3, "{s:#}");
    // Text output says so too.
    let out = audit(&["--logs", logs.path().to_str().unwrap()], &[]);
    assert!(common::stdout(&out).contains("2 steering lines cut short (skipped)"), "{}", describe(&out));
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

#[test]
fn rotated_and_compressed_logs_are_read_in_order() {
    let logs = tempfile::tempdir().unwrap();
    let dir = logs.path().join("session-1");
    std::fs::create_dir_all(&dir).unwrap();
    // The steers reach the root in the oldest, compressed file; the late sub-agents draw them in the newest.
    let lines = stock_lines("several-late-subagents", 2020);
    let text = |part: &[String]| part.iter().map(|l| format!("{l}\n")).collect::<String>().into_bytes();
    let (old, rest) = lines.split_at(2);
    let (middle, new) = rest.split_at(3);
    std::fs::write(dir.join("kiro.log.2.gz"), gzip(&text(old))).unwrap();
    std::fs::write(dir.join("kiro.log.1"), text(middle)).unwrap();
    std::fs::write(dir.join("kiro.log"), text(new)).unwrap();
    // A rotated file cut short mid-stream, and one compressed in a format not read.
    let noise: Vec<String> = (0..5000).map(|n| format!("2020-01-01T08:00:00Z [debug] [kas] tick {n}")).collect();
    let cut = gzip(&text(&noise));
    std::fs::write(dir.join("kiro.log.3.gz"), &cut[..cut.len() / 2]).unwrap();
    std::fs::write(dir.join("kiro.log.4.zst"), b"\x28\xb5\x2f\xfd rest").unwrap();
    let (exit, report) = audit_json(&["--logs", dir.to_str().unwrap()]);
    assert_eq!(exit, 3, "{report:#}");
    let s = session(&report, "session-1");
    let files: Vec<(&str, bool, bool)> = s["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                Path::new(f["path"].as_str().unwrap()).file_name().unwrap().to_str().unwrap(),
                f["read"].as_bool().unwrap(),
                f["error"].is_null(),
            )
        })
        .collect();
    assert_eq!(
        files,
        [
            ("kiro.log.4.zst", false, false),
            ("kiro.log.3.gz", true, false),
            ("kiro.log.2.gz", true, true),
            ("kiro.log.1", true, true),
            ("kiro.log", true, true)
        ]
    );
    // The root's deliveries in the oldest file, the replays in the newer ones: read in that order.
    assert_eq!(
        replay_agents(s),
        ["delegate-reviewer", "delegate-reviewer", "explorer", "explorer", "planner", "planner", "planner"],
        "{s:#}"
    );
    // Standard input, compressed.
    let mut child = Command::new(common::bin())
        .args(["--audit", "--json", "--logs", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&gzip(&text(&lines))).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 3, "{}", describe(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = session(&report, "standard input");
    assert_eq!(s["files"][0]["compressed"], "gzip");
    assert_eq!(s["replay_count"], 7, "{s:#}");
}

#[test]
fn no_log_and_no_steering_line_are_said_plainly() {
    let home = tempfile::tempdir().unwrap();
    let out = audit(&[], &[("HOME", home.path())]);
    assert_eq!(code(&out), 0, "{}", describe(&out));
    assert!(common::stdout(&out).starts_with("no Kiro log folder at "), "{}", describe(&out));
    let logs = home.path().join(".kiro/logs");
    std::fs::create_dir_all(&logs).unwrap();
    let out = audit(&[], &[("HOME", home.path())]);
    assert!(common::stdout(&out).contains("no Kiro log (kiro.log"), "{}", describe(&out));
    write_log(&logs.join("quiet-session"), &["2026-11-30T10:00:00Z INFO [kas] started".to_string()]);
    let elsewhere = tempfile::tempdir().unwrap();
    copy_dir(&logs, elsewhere.path());
    let out = audit(&[], &[("HOME", Path::new("/nonexistent")), ("KIRO_STEER_SCOPE_LOGS", elsewhere.path())]);
    assert_eq!(code(&out), 0, "{}", describe(&out));
    assert!(
        common::stdout(&out).contains("no [LiveSteeringHook] steering line in 1 session log"),
        "{}",
        describe(&out)
    );
    // A place the user named that does not exist is an error.
    let out = audit(&["--logs", "/nonexistent/kiro-logs"], &[]);
    assert_eq!(code(&out), 2, "{}", describe(&out));
}

#[test]
fn help_and_man_page_give_the_exit_codes() {
    let help = common::run(&["--help"]);
    let text = common::stdout(&help);
    assert!(
        text.contains("--audit: 0 no replay found")
            && text.contains("--logs <PATH>")
            && text.contains("--root-agent <NAME>"),
        "{text}"
    );
    let man = common::stdout(&common::run(&["--man"]));
    assert!(man.contains("audit") && man.contains("3 replays only"), "{man}");
}
