//! The generated corpus (testdata/generated, issue 29): runtime models written
//! by `generate.mjs` from parts, one per row of an all-pairs covering array over
//! every way a release may differ and the build, each validated by the
//! generator against its own source-level reference fix. For every row and
//! mode the binary is run as a user would (`--check`, `--dry-run`, apply, the
//! corpus harness's scenarios under node, `--check` again, a second apply, the
//! rewind, `--restore`): it must either behave exactly as the reference fix
//! (its recorded scenario output, byte for byte) or refuse, naming why, with
//! `--check` predicting it. Anything else (above all a patched file that
//! behaves otherwise: a false pass) fails the suite.
//!
//! Then, per axis choice, how many rows applied and how many were refused:
//! that table is `docs/GENERATED.md`'s (measured, so a run that measures
//! another fails; `KSS_GENERATED_WRITE_DOCS=1` writes it), and a choice no row
//! applies in any mode must be in `testdata/generated/known-limits.txt` with
//! its reason (and one listed there must still be such a choice).
//!
//! Knobs: `KSS_GENERATED_SAMPLE=N` (N more rows drawn at random, seed
//! `KSS_GENERATED_SEED`, default 29; with `KSS_GENERATED_AVOID_LIMITS=1`,
//! none with a choice of known-limits.txt, to hunt false passes where the
//! tool applies), `KSS_GENERATED_FULL=1` (every covering
//! row in every build), `KSS_GENERATED_ONLY=id,…` (some rows, to reproduce),
//! `KSS_GENERATED_JOBS` (parallel cases, default 2), `KSS_GENERATED_REUSE=1`
//! (judge the rows the last run generated, without generating them again).
//! With any of the first three, the table and the known limits are printed
//! but not compared.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use common::{repo, sha256_file, BUNDLE_IN_TREE};

const MODES: [&str; 2] = ["seed", "gate"];
const TABLE_START: &str = "<!-- generated-table:start -->";
const TABLE_END: &str = "<!-- generated-table:end -->";

/// One row of the generator's manifest.
struct Row {
    id: String,
    format: String,
    /// (axis, choice), in the manifest's axis order; the build is one of them.
    choices: Vec<(String, String)>,
}

/// What one (row, mode) came to.
#[derive(Clone, Debug)]
enum Verdict {
    /// Applied and behaved as the reference fix; the rewind too, or it was
    /// refused naming why (`Some(reason)`).
    Right { rewind_refused: Option<String> },
    /// Refused, naming why, with `--check` predicting it.
    Refused(String),
    /// Anything else: a false pass, a wrong prediction, an unnamed refusal, a restore that is not byte-exact.
    Wrong(String),
}

fn env_knob(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

/// Runs the generator into `out` on the fixed rows (and what the knobs add).
fn generate(out: &Path) -> Vec<Row> {
    let mut cmd = Command::new("node");
    cmd.arg(repo().join("testdata/generated/generate.mjs")).arg("--out").arg(out);
    if let Some(n) = env_knob("KSS_GENERATED_SAMPLE") {
        cmd.args(["--sample", &n, "--seed", &env_knob("KSS_GENERATED_SEED").unwrap_or_else(|| "29".into())]);
        if env_knob("KSS_GENERATED_AVOID_LIMITS").is_some() {
            cmd.args(["--avoid", &known_limits().into_keys().collect::<Vec<_>>().join(",")]);
        }
    }
    if env_knob("KSS_GENERATED_FULL").is_some() {
        cmd.arg("--full");
    }
    if let Some(ids) = env_knob("KSS_GENERATED_ONLY") {
        cmd.args(["--only", &ids]);
    }
    run_generator(cmd, out, "manifest.json")
}

/// Runs the generator and reads the manifest it wrote (with
/// `KSS_GENERATED_REUSE=1` and that manifest there, the last run's rows as they are).
fn run_generator(mut cmd: Command, out: &Path, manifest: &str) -> Vec<Row> {
    cmd.args(["--jobs", &jobs().to_string(), "--manifest", manifest]);
    if env_knob("KSS_GENERATED_REUSE").is_none() || !out.join(manifest).is_file() {
        let started = std::time::Instant::now();
        let o = cmd.output().expect("node runs the generator");
        eprint!("{}", String::from_utf8_lossy(&o.stderr));
        assert!(o.status.success(), "the generator failed (a generator bug, not a finding about the tool)");
        eprintln!("generated in {:.0} s", started.elapsed().as_secs_f64());
    }
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join(manifest)).unwrap()).expect("the manifest is JSON");
    let axes: Vec<String> = manifest["axes"].as_object().unwrap().keys().cloned().collect();
    manifest["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| Row {
            id: r["id"].as_str().unwrap().to_string(),
            format: r["format"].as_str().unwrap().to_string(),
            choices: axes.iter().map(|a| (a.clone(), r[a].as_str().unwrap().to_string())).collect(),
        })
        .collect()
}

fn jobs() -> usize {
    env_knob("KSS_GENERATED_JOBS").and_then(|j| j.parse().ok()).unwrap_or(2).max(1)
}

/// A KAS-shaped tree in `dir` holding `stock` as its bundle; the bundle's path.
fn tree(dir: &Path, stock: &Path, format: &str) -> PathBuf {
    let pkg = dir.join("kiro-cli/kas/2.21.0-0123abcd/node_modules/@kiro/agent");
    let target = pkg.join("dist/server/acp-server.js");
    std::fs::create_dir_all(target.parent().unwrap()).unwrap();
    let kind = if format == "esm" { "module" } else { "commonjs" };
    std::fs::write(
        pkg.join("package.json"),
        format!("{{\"name\":\"@kiro/agent\",\"version\":\"0.54.8\",\"type\":\"{kind}\"}}\n"),
    )
    .unwrap();
    std::fs::copy(stock, &target).unwrap();
    assert!(target.ends_with(BUNDLE_IN_TREE));
    target
}

/// The binary, as a user runs it, with nothing saved and no shim in the way.
fn tool(target: &Path, args: &[&str]) -> Output {
    let mut all = args.to_vec();
    all.extend(["--target", target.to_str().unwrap()]);
    common::run(&all)
}

fn json_of(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or(serde_json::Value::Null)
}

/// Why the tool refused, as it says it: `--json`'s error, else its first line on stderr.
fn reason(o: &Output) -> String {
    let j = json_of(o);
    let said = j["error"].as_str().map(str::to_string).unwrap_or_else(|| {
        let err = String::from_utf8_lossy(&o.stderr);
        err.lines().find(|l| l.starts_with("kiro-steer-scope:")).unwrap_or("").to_string()
    });
    said.trim().to_string()
}

/// Whether a refusal after `--check` said "patchable" is one only node could
/// see (a disproof, or an undriven proof with a closed world), so that
/// `--check` still predicted apply.
fn needs_node(o: &Output) -> bool {
    let j = json_of(o);
    let state = j["state"].as_str().unwrap_or("");
    if !state.is_empty() && state != "stock" {
        return false;
    }
    // Open with the accounting closed: opened by what the cases ran (a stub decided on, a place
    // accepted because the proof runs it that no case ran), which --check cannot see.
    let closed = j["proof"]["accounting"]["closed"] != false && j["accounting"]["closed"] != false;
    match j["proof"]["outcome"].as_str() {
        Some("disproved") => true,
        Some("undriven") | Some("open") => closed,
        _ => false,
    }
}

/// The corpus harness `script` on `bundle`, as the text it prints.
fn scenarios(script: &str, bundle: &Path) -> Result<String, String> {
    let o = Command::new("timeout")
        .arg("90")
        .arg("node")
        .arg(repo().join("testdata/corpus/harness").join(script))
        .arg(bundle)
        .output()
        .expect("node runs");
    if !o.status.success() {
        return Err(format!(
            "{script} failed: {}",
            String::from_utf8_lossy(&o.stderr).lines().take(4).collect::<Vec<_>>().join(" ")
        ));
    }
    Ok(String::from_utf8_lossy(&o.stdout).into_owned())
}

fn siblings(target: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(target.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// One (row, mode): every step as a user would run it.
struct Case<'a> {
    mode: &'a str,
    rowdir: PathBuf,
    target: PathBuf,
    stock_sha: String,
}

impl Case<'_> {
    fn truth(&self, name: &str) -> String {
        std::fs::read_to_string(self.rowdir.join("truth").join(format!("{name}.json"))).unwrap()
    }

    /// Whether the patched file behaves as the reference with these fixes;
    /// a copy of it stays beside the row as the reproducer when it does not.
    fn behaves(&self, fixes: &str, clear_truth: &str) -> Result<(), String> {
        let node_check = Command::new("node").arg("--check").arg(&self.target).output().unwrap();
        let mut wrong = Vec::new();
        if !node_check.status.success() {
            wrong.push("the patched file does not pass node --check".to_string());
        }
        for (script, truth) in
            [("scenarios.mjs", self.mode.to_string()), ("clear-scenarios.mjs", clear_truth.to_string())]
        {
            match scenarios(script, &self.target) {
                Ok(got) if got == self.truth(&truth) => {}
                Ok(_) => wrong.push(format!("{script} does not give the reference's truth/{truth}.json")),
                Err(e) => wrong.push(e),
            }
        }
        if wrong.is_empty() {
            return Ok(());
        }
        let keep = self.rowdir.join(format!("tool-{fixes}.js"));
        std::fs::copy(&self.target, &keep).unwrap();
        Err(format!("FALSE PASS ({fixes}): {}; reproducer {}", wrong.join("; "), keep.display()))
    }

    fn unchanged(&self) -> bool {
        sha256_file(&self.target) == self.stock_sha && siblings(&self.target) == ["acp-server.js"]
    }

    fn judge(&self) -> Verdict {
        let m = self.mode;
        let check = tool(&self.target, &["--check", "--mode", m, "--json"]);
        match check.status.code() {
            Some(1) => {}
            Some(2) => return self.refused_at_check(&check),
            other => return Verdict::Wrong(format!("--check on the stock file exited {other:?}: {}", reason(&check))),
        }
        let dry = tool(&self.target, &["--dry-run", "--mode", m, "--json"]);
        if !self.unchanged() {
            return Verdict::Wrong("--dry-run wrote".into());
        }
        let apply = tool(&self.target, &["--mode", m, "--json"]);
        if apply.status.code() != Some(0) {
            return self.refused_at_apply(&dry, &apply);
        }
        if dry.status.code() != Some(0) {
            return Verdict::Wrong(format!("--dry-run refused ({}) but apply wrote", reason(&dry)));
        }
        if sha256_file(&self.target) == self.stock_sha {
            return Verdict::Wrong("apply exited 0 but the file is stock".into());
        }
        if let Err(e) = self.behaves(m, &format!("{m}-clear")) {
            return Verdict::Wrong(e);
        }
        self.after_apply()
    }

    fn refused_at_check(&self, check: &Output) -> Verdict {
        let why = reason(check);
        if why.is_empty() {
            return Verdict::Wrong("--check refused without naming why".into());
        }
        let apply = tool(&self.target, &["--mode", self.mode, "--json"]);
        if apply.status.code() == Some(0) {
            return Verdict::Wrong(format!("--check refused ({why}) but apply wrote"));
        }
        if !self.unchanged() {
            return Verdict::Wrong("a refused apply changed the tree".into());
        }
        if reason(&apply).is_empty() {
            return Verdict::Wrong("apply refused without naming why".into());
        }
        Verdict::Refused(why)
    }

    fn refused_at_apply(&self, dry: &Output, apply: &Output) -> Verdict {
        let why = reason(apply);
        if !self.unchanged() {
            return Verdict::Wrong("a refused apply changed the tree".into());
        }
        if why.is_empty() {
            return Verdict::Wrong("apply refused without naming why".into());
        }
        if dry.status.code() == Some(0) {
            return Verdict::Wrong(format!("--dry-run succeeded but apply refused: {why}"));
        }
        if !needs_node(apply) {
            return Verdict::Wrong(format!(
                "--check called it patchable, then apply refused for what it could see: {why}"
            ));
        }
        Verdict::Refused(format!("at apply: {why}"))
    }

    /// After a good apply: `--check` says patched, a second apply writes
    /// nothing, the rewind (applied or refused by name), `--restore` byte-exact.
    fn after_apply(&self) -> Verdict {
        let m = self.mode;
        if tool(&self.target, &["--check"]).status.code() != Some(0) {
            return Verdict::Wrong("--check on the patched file did not exit 0".into());
        }
        let patched = sha256_file(&self.target);
        let again = tool(&self.target, &["--mode", m]);
        if again.status.code() != Some(0) || sha256_file(&self.target) != patched {
            return Verdict::Wrong("a second apply was not a no-op".into());
        }
        let rewind = tool(&self.target, &["--mode", m, "--rewind-on-clear", "--json"]);
        let rewind_refused = match rewind.status.code() {
            Some(0) => {
                if let Err(e) = self.behaves(&format!("{m}-rewind"), &format!("{m}-rewind-clear")) {
                    return Verdict::Wrong(e);
                }
                None
            }
            Some(2) if sha256_file(&self.target) == patched && !reason(&rewind).is_empty() => Some(reason(&rewind)),
            other => return Verdict::Wrong(format!("--rewind-on-clear exited {other:?} ({})", reason(&rewind))),
        };
        let restore = tool(&self.target, &["--restore"]);
        if restore.status.code() != Some(0) || !self.unchanged() {
            return Verdict::Wrong(format!("--restore did not give the stock bytes back ({})", reason(&restore)));
        }
        Verdict::Right { rewind_refused }
    }
}

/// A refusal's class for the tables: its first sentence without the calling
/// forms the proof tried, with numbers and quoted code (which differ from
/// bundle to bundle) blotted out, except the name of the anchor a drift names.
fn class_of(why: &str) -> String {
    let mut first = why.split(". ").next().unwrap_or(why);
    for detail in [" (slots tried", " (forms:", " (tried "] {
        first = first.split(detail).next().unwrap_or(first);
    }
    let mut out = String::new();
    for (i, part) in first.split('`').enumerate() {
        if i % 2 == 1 {
            let kept = if out.ends_with("anchor ") { part } else { "…" };
            out.push('`');
            out.push_str(kept);
            out.push('`');
            continue;
        }
        for c in part.chars() {
            if !c.is_ascii_digit() {
                out.push(c);
            } else if !out.ends_with('N') {
                out.push('N');
            }
        }
    }
    out.chars().take(300).collect()
}

/// Each case's verdict, `jobs()` at a time.
fn judge_all(rows: &[Row], out: &Path) -> Vec<(String, String, Verdict)> {
    let cases: Vec<(&Row, &str)> = rows.iter().flat_map(|r| MODES.iter().map(move |m| (r, *m))).collect();
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..jobs() {
            s.spawn(|| {
                while let Some(&(row, mode)) = cases.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let tmp = tempfile::tempdir().unwrap();
                    let rowdir = out.join(&row.id);
                    let target = tree(tmp.path(), &rowdir.join("stock.js"), &row.format);
                    let case = Case { mode, stock_sha: sha256_file(&target), rowdir, target };
                    let verdict = case.judge();
                    println!("{:<34} {:<5} {}", row.id, mode, line_of(&verdict));
                    done.lock().unwrap().push((row.id.clone(), mode.to_string(), verdict));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap();
    done.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    done
}

fn line_of(v: &Verdict) -> String {
    match v {
        Verdict::Right { rewind_refused: None } => "right (rewind right)".into(),
        Verdict::Right { rewind_refused: Some(why) } => format!("right (rewind refused: {why})"),
        Verdict::Refused(why) => format!("refused: {why}"),
        Verdict::Wrong(why) => format!("WRONG: {why}"),
    }
}

/// Per axis choice: rows, and per mode how many applied and were refused; rewinds applied.
#[derive(Default)]
struct Tally {
    rows: usize,
    applied: [usize; 2],
    refused: [usize; 2],
    rewound: usize,
    reasons: BTreeMap<String, usize>,
}

fn tally(rows: &[Row], verdicts: &[(String, String, Verdict)]) -> BTreeMap<(usize, String, String), Tally> {
    let mut t: BTreeMap<(usize, String, String), Tally> = BTreeMap::new();
    for row in rows {
        for (i, (axis, choice)) in row.choices.iter().enumerate() {
            let e = t.entry((i, axis.clone(), choice.clone())).or_default();
            e.rows += 1;
            for (_, mode, v) in verdicts.iter().filter(|(id, _, _)| *id == row.id) {
                let m = usize::from(mode == "gate");
                match v {
                    Verdict::Right { rewind_refused } => {
                        e.applied[m] += 1;
                        e.rewound += usize::from(rewind_refused.is_none());
                    }
                    Verdict::Refused(why) => {
                        e.refused[m] += 1;
                        *e.reasons.entry(class_of(why)).or_default() += 1;
                    }
                    Verdict::Wrong(_) => {}
                }
            }
        }
    }
    t
}

/// The Markdown of the per-choice table and the refusal classes.
fn table(
    rows: &[Row],
    probes: usize,
    verdicts: &[(String, String, Verdict)],
    tallies: &BTreeMap<(usize, String, String), Tally>,
) -> String {
    let count = |f: &dyn Fn(&Verdict) -> bool| verdicts.iter().filter(|(_, _, v)| f(v)).count();
    let applied = count(&|v| matches!(v, Verdict::Right { .. }));
    let rewound = count(&|v| matches!(v, Verdict::Right { rewind_refused: None }));
    let refused = count(&|v| matches!(v, Verdict::Refused(_)));
    let wrong = count(&|v| matches!(v, Verdict::Wrong(_)));
    let mut s = format!(
        "{} rows ({} generated, {probes} probes) × 2 modes = {} cases: {applied} applied and behaved as the reference fix ({rewound} with the rewind too), \
         {refused} refused naming why, {wrong} wrong.\n\n\
         | axis | choice | rows | seed applied | seed refused | gate applied | gate refused | rewind applied (both modes) |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- |\n",
        rows.len(),
        rows.len() - probes,
        verdicts.len()
    );
    for ((_, axis, choice), t) in tallies {
        let never = if t.applied == [0, 0] { " **(always refused)**" } else { "" };
        s += &format!(
            "| {axis} | {choice}{never} | {} | {} | {} | {} | {} | {} |\n",
            t.rows, t.applied[0], t.refused[0], t.applied[1], t.refused[1], t.rewound
        );
    }
    let mut classes: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    for (id, mode, v) in verdicts {
        if let Verdict::Refused(why) = v {
            let e = classes.entry(class_of(why)).or_default();
            e.0 += 1;
            e.1.push(format!("{id} {mode}"));
        }
    }
    let mut classes: Vec<_> = classes.into_iter().collect();
    classes.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(&b.0)));
    s += "\nRefusals by the reason the tool gives (offsets and quoted code blotted out):\n\n| reason | cases | first case |\n| --- | --- | --- |\n";
    for (class, (n, ids)) in classes {
        s += &format!("| {} | {n} | {} |\n", class.replace('|', "\\|"), ids[0]);
    }
    s
}

/// How many rows that applied each probe starts from.
const PROBE_BASES: usize = 3;

/// For each choice no row applied in any mode, probes: each of the first
/// `PROBE_BASES` rows that applied in both modes with only that choice
/// changed, so that a choice is never called a limit for what the other
/// choices of its rows did.
fn probes(rows: &[Row], verdicts: &[(String, String, Verdict)], out: &Path) -> Vec<Row> {
    let right = |id: &str| {
        verdicts.iter().filter(|(i, _, v)| i == id && matches!(v, Verdict::Right { .. })).count() == MODES.len()
    };
    let bases: Vec<&Row> = rows.iter().filter(|r| right(&r.id)).take(PROBE_BASES).collect();
    let tallies = tally(rows, verdicts);
    let mut probes = Vec::new();
    for ((_, axis, choice), t) in &tallies {
        if t.applied != [0, 0] {
            continue;
        }
        for base in &bases {
            let mut row = serde_json::Map::new();
            row.insert("id".into(), format!("p-{}-{choice}-from-{}", axis.to_lowercase(), base.id).into());
            for (a, c) in &base.choices {
                row.insert(a.clone(), if a == axis { choice.clone() } else { c.clone() }.into());
            }
            probes.push(serde_json::Value::Object(row));
        }
    }
    if probes.is_empty() {
        return Vec::new();
    }
    let file = out.join("probes-rows.json");
    let text = serde_json::to_string_pretty(&probes).unwrap();
    if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
        let _ = std::fs::remove_file(out.join("probes.json"));
        std::fs::write(&file, text).unwrap();
    }
    let mut cmd = Command::new("node");
    cmd.arg(repo().join("testdata/generated/generate.mjs")).arg("--out").arg(out).arg("--rows").arg(&file);
    run_generator(cmd, out, "probes.json")
}

/// `known-limits.txt`: `axis=choice: reason` lines (`#` comments).
fn known_limits() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(repo().join("testdata/generated/known-limits.txt")).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (choice, why) =
                l.split_once(": ").unwrap_or_else(|| panic!("known-limits.txt: `{l}` is not `axis=choice: reason`"));
            (choice.trim().to_string(), why.trim().to_string())
        })
        .collect()
}

/// The choices no case applied, against the known limits: each must be
/// listed, and each listed one must still be such a choice.
fn check_limits(tallies: &BTreeMap<(usize, String, String), Tally>) -> Vec<String> {
    let limits = known_limits();
    let mut problems = Vec::new();
    let mut never = Vec::new();
    for ((_, axis, choice), t) in tallies {
        let key = format!("{axis}={choice}");
        if t.applied != [0, 0] {
            continue;
        }
        never.push(key.clone());
        if !limits.contains_key(&key) {
            let reasons: Vec<String> = t.reasons.iter().map(|(r, n)| format!("    {n}× {r}")).collect();
            problems.push(format!(
                "{key} is refused in every row that has it ({} rows), and testdata/generated/known-limits.txt does not list it; the tool said:\n{}",
                t.rows,
                reasons.join("\n")
            ));
        }
    }
    for key in limits.keys() {
        if !never.contains(key) {
            problems.push(format!(
                "known-limits.txt lists {key}, but some row with it applied (or no row has it): remove it"
            ));
        }
    }
    problems
}

/// docs/GENERATED.md's measured table must be this run's (or is written, with KSS_GENERATED_WRITE_DOCS=1).
fn check_docs(measured: &str) -> Option<String> {
    let path = repo().join("docs/GENERATED.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let (head, rest) = doc.split_once(TABLE_START).expect("docs/GENERATED.md has the table's start marker");
    let (old, tail) = rest.split_once(TABLE_END).expect("docs/GENERATED.md has the table's end marker");
    let new = format!("\n{measured}");
    if old == new {
        return None;
    }
    if env_knob("KSS_GENERATED_WRITE_DOCS").is_some() {
        std::fs::write(&path, format!("{head}{TABLE_START}{new}{TABLE_END}{tail}")).unwrap();
        return None;
    }
    Some(
        "docs/GENERATED.md's table is not what this commit measures (run with KSS_GENERATED_WRITE_DOCS=1 to write it)"
            .into(),
    )
}

#[test]
fn every_generated_variant_applies_as_its_reference_fix_or_refuses_naming_why() {
    let started = std::time::Instant::now();
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("generated-corpus");
    let rows = generate(&out);
    assert!(!rows.is_empty(), "the generator wrote no rows");
    let mut verdicts = judge_all(&rows, &out);
    let mut rows = rows;
    let probed = probes(&rows, &verdicts, &out);
    verdicts.extend(judge_all(&probed, &out));
    let probe_count = probed.len();
    rows.extend(probed);
    let tallies = tally(&rows, &verdicts);
    let measured = table(&rows, probe_count, &verdicts, &tallies);
    println!("\n{measured}");
    let mut problems: Vec<String> = verdicts
        .iter()
        .filter_map(|(id, mode, v)| match v {
            Verdict::Wrong(why) => Some(format!("{id} {mode}: {why}")),
            _ => None,
        })
        .collect();
    let fixed =
        ["KSS_GENERATED_SAMPLE", "KSS_GENERATED_FULL", "KSS_GENERATED_ONLY"].iter().all(|k| env_knob(k).is_none());
    if fixed {
        problems.extend(check_limits(&tallies));
        problems.extend(check_docs(&measured));
    }
    eprintln!("generated corpus: {} cases in {:.0} s", verdicts.len(), started.elapsed().as_secs_f64());
    assert!(
        problems.is_empty(),
        "generated corpus:\n{}",
        problems.iter().map(|p| format!("  {p}\n")).collect::<String>()
    );
}
