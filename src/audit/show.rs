//! Show: the audit as text for a person (one block per session and a
//! summary) or as one JSON object.

use serde_json::{json, Value};

use super::judge::{self, Kind, Verdict};
use super::read::{Delivery, SessionLog};
use super::stamp::utc;
use super::{Audit, Audited, Code, Ran};
use crate::run::exit::{EXIT_OK, EXIT_REPLAY_PATCHED, EXIT_REPLAY_STOCK};
use crate::run::report::Printing;
use crate::run::say::{err, out};

pub fn print(audit: &Audit, how: Printing) {
    if let Some(error) = &audit.error {
        if how.json {
            out!("{}", serde_json::to_string_pretty(&to_json(audit)).expect("serialisable"));
        }
        err!("kiro-steer-scope: {error}");
        err!("  next: pass --logs PATH to a Kiro log folder, one kiro.log, or - for standard input");
        return;
    }
    if how.json {
        out!("{}", serde_json::to_string_pretty(&to_json(audit)).expect("serialisable"));
    } else if how.quiet {
        if audit.exit != EXIT_OK {
            out!("{}", summary(audit));
        }
    } else {
        print_text(audit);
    }
}

/// One delivery as a person reads it: `explorer (00000002) at <time>`.
fn who(log: &SessionLog, d: &Delivery) -> String {
    let e = &log.execs[d.exec as usize];
    format!("{} ({}) {}", e.agent, e.short, when(log, d))
}

fn when(log: &SessionLog, d: &Delivery) -> String {
    let file = log
        .files
        .get(d.at.file)
        .and_then(|f| f.path.file_name())
        .map_or_else(|| "-".into(), |n| n.to_string_lossy().into_owned());
    match &d.stamp {
        Some(s) => format!("at {} ({file}:{})", s.text, d.at.line),
        None => format!("({file}:{})", d.at.line),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn ran_text(ran: &Ran) -> String {
    match ran {
        Ran::After(Code::Patched(mode, false)) => {
            format!("after the bundle was patched ({mode} mode): it ran the patched code")
        }
        Ran::After(Code::Patched(mode, true)) => format!(
            "after the bundle was patched ({mode} mode) unproved (--allow-inconclusive): it ran patched code \
             that was not proved"
        ),
        Ran::After(Code::Stock) => "after the bundle was last written, stock: it ran the stock code".into(),
        Ran::Before => {
            "before the bundle was last written (patched, restored or unpacked): stock code, or an earlier patch".into()
        }
        Ran::Unknown(why) => format!("which code it ran is unknown: {why}"),
    }
}

/// Replays grouped by steer: its first delivery, then every replay of it.
fn replays_by_steer(s: &Audited) -> Vec<(usize, Vec<usize>)> {
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, v) in s.judged.verdicts.iter().enumerate() {
        if let Some(Verdict::Replay(_)) = v {
            let first = s.judged.first[i];
            match groups.iter_mut().find(|(f, _)| *f == first) {
                Some((_, again)) => again.push(i),
                None => groups.push((first, vec![i])),
            }
        }
    }
    groups
}

struct Tally {
    steers: usize,
    steer_deliveries: usize,
    notify_deliveries: usize,
    other_deliveries: usize,
}

fn tally(log: &SessionLog) -> Tally {
    let kinds: Vec<Kind> = log.ids.iter().map(|id| judge::kind(id)).collect();
    let of = |k: Kind| log.deliveries.iter().filter(|d| kinds[d.id as usize] == k).count();
    Tally {
        steers: kinds.iter().filter(|k| **k == Kind::Steer).count(),
        steer_deliveries: of(Kind::Steer),
        notify_deliveries: of(Kind::Notify),
        other_deliveries: of(Kind::Other),
    }
}

fn memory_deliveries(s: &Audited) -> Vec<usize> {
    (0..s.log.deliveries.len())
        .filter(|&i| {
            s.judged.verdicts[i].is_some() && judge::is_memory(&s.log.execs[s.log.deliveries[i].exec as usize].agent)
        })
        .collect()
}

fn print_text(audit: &Audit) {
    if audit.no_folder {
        out!(
            "no Kiro log folder at {}: nothing to audit (KAS writes \
            ~/.kiro/logs/<session>/kiro.log; pass --logs PATH for another place)",
            audit.place
        );
        return;
    }
    out!(
        "audit of the Kiro logs in {} ({}): {}, newest first",
        audit.place,
        audit.how,
        plural(audit.sessions.len(), "session log", "session logs")
    );
    match &audit.bundle {
        Ok(b) => {
            let state = match &b.code {
                Ok(Code::Patched(mode, false)) => format!("patched ({mode} mode)"),
                Ok(Code::Patched(mode, true)) => format!(
                    "patched ({mode} mode, unproved: {})",
                    b.unproved.as_deref().unwrap_or("written with --allow-inconclusive")
                ),
                Ok(Code::Stock) => "stock".into(),
                Err(e) => format!("state unknown: {e}"),
            };
            let written = b.written.map_or_else(String::new, |t| format!(", last written {}", utc(t)));
            out!("bundle: {} ({}): {state}{written}", b.path.display(), b.how);
        }
        Err(e) => out!("bundle: not found ({e}); every session's code is unknown (pass --target PATH)"),
    }
    if audit.sessions.is_empty() {
        out!("no Kiro log (kiro.log, or a rotated kiro.log.N) in {}: nothing to audit", audit.place);
        return;
    }
    for s in &audit.sessions {
        print_session(s, &audit.roots);
    }
    if audit.sessions.iter().all(|s| s.log.counts.marker_lines == 0) {
        out!(
            "no [LiveSteeringHook] steering line in {}: no steering was delivered in them, or the \
            log level leaves it out",
            plural(audit.sessions.len(), "session log", "session logs")
        );
    }
    out!("{}", summary(audit));
}

fn print_session(s: &Audited, roots: &[String]) {
    let started = s.started.map_or_else(|| "start time unknown".into(), |t| format!("started {}", utc(t)));
    out!("");
    out!("session {}: {started}, {}", s.name, ran_text(&s.ran));
    let t = tally(&s.log);
    let mut parts = vec![format!(
        "{} delivered {}",
        plural(t.steers, "steer", "steers"),
        plural(t.steer_deliveries, "time", "times")
    )];
    if t.notify_deliveries > 0 {
        parts.push(format!(
            "{} (counted apart: notifications reach sub-agents by design)",
            plural(t.notify_deliveries, "notification delivery", "notification deliveries")
        ));
    }
    if t.other_deliveries > 0 {
        parts.push(format!("{} of other ids", plural(t.other_deliveries, "delivery", "deliveries")));
    }
    out!("  {}", parts.join("; "));
    let log = &s.log;
    let groups = replays_by_steer(s);
    if groups.is_empty() {
        out!("  no replay");
    }
    print_capped(groups.iter().map(|(first, again)| {
        let d = &log.deliveries[*first];
        let to: Vec<String> = again.iter().map(|&i| who(log, &log.deliveries[i])).collect();
        format!("REPLAY {}: first into {}; again into {}", log.ids[d.id as usize], who(log, d), to.join(", "))
    }));
    print_capped(memory_deliveries(s).into_iter().map(|i| {
        let d = &log.deliveries[i];
        let what = match s.judged.verdicts[i] {
            Some(Verdict::Replay(_)) => "a replay",
            Some(Verdict::First) => "drawn while it ran, before anyone else",
            _ => "drawn while it ran",
        };
        format!("MEMORY {} into {}: {what}", log.ids[d.id as usize], who(log, d))
    }));
    print_capped(s.judged.verdicts.iter().enumerate().filter(|(_, v)| **v == Some(Verdict::Ambiguous)).map(
        |(i, _)| {
            let d = &log.deliveries[i];
            let first = &log.deliveries[s.judged.first[i]];
            format!(
                "AMBIGUOUS {} into {}: first into {}, not a root; the log cannot tell whether {} was \
                already running (a live delivery) or started later (a replay)",
                log.ids[d.id as usize],
                who(log, d),
                who(log, first),
                log.execs[d.exec as usize].agent
            )
        },
    ));
    if !s.judged.root_seen && !log.deliveries.is_empty() {
        out!(
            "  no root agent named {} in this log: pass --root-agent NAME so that fewer deliveries stay ambiguous",
            roots.join(" or ")
        );
    }
    print_reading(log);
}

/// Lines of one kind for one session, at most LISTED of them: a person reads
/// the first few; `--json` lists every one.
fn print_capped(lines: impl Iterator<Item = String>) {
    let mut more = 0;
    for (n, line) in lines.enumerate() {
        if n < LISTED {
            out!("  {line}");
        } else {
            more += 1;
        }
    }
    if more > 0 {
        out!("  … and {more} more like it (--json lists every one)");
    }
}

const LISTED: usize = 20;

fn print_reading(log: &SessionLog) {
    let c = &log.counts;
    let gz = log.files.iter().filter(|f| f.compressed.is_some()).count();
    let mut parts = vec![
        format!("{} ({} compressed)", plural(log.files.len(), "file", "files"), gz),
        plural(c.lines as usize, "line", "lines"),
    ];
    for (n, what) in [
        (c.cut_short, "steering lines cut short (skipped)"),
        (c.not_text, "steering lines not text (skipped)"),
        (c.partial, "steering lines without a handler count (read)"),
        (c.not_utf8, "lines with bytes that are not UTF-8 (read)"),
        (c.too_long, "lines longer than 64 KiB (their start read)"),
    ] {
        if n > 0 {
            parts.push(format!("{n} {what}"));
        }
    }
    out!("  read: {}", parts.join(", "));
    for f in &log.files {
        if let Some(e) = &f.error {
            let verb = if f.not_read { "not read" } else { "read in part" };
            out!("  {} {verb}: {e}", f.path.display());
        }
    }
}

/// The line a person reads at a glance, and the one `--quiet` prints.
fn summary(audit: &Audit) -> String {
    let part = |label: &str, sessions: Vec<&Audited>| -> Option<String> {
        if sessions.is_empty() {
            return None;
        }
        let replayed: Vec<&&Audited> = sessions.iter().filter(|s| s.replays() > 0).collect();
        let what = if replayed.is_empty() {
            "no replay".to_string()
        } else {
            let steers: usize = replayed.iter().map(|s| replays_by_steer(s).len()).sum();
            let deliveries: usize = replayed.iter().map(|s| s.replays()).sum();
            format!(
                "{} with replay ({} replayed in {})",
                replayed.len(),
                plural(steers, "steer", "steers"),
                plural(deliveries, "delivery", "deliveries")
            )
        };
        Some(format!("{label}: {}, {what}", plural(sessions.len(), "session", "sessions")))
    };
    let of = |f: &dyn Fn(&Ran) -> bool| audit.sessions.iter().filter(|s| f(&s.ran)).collect::<Vec<_>>();
    let parts: Vec<String> = [
        part("ran patched code", of(&|r| matches!(r, Ran::After(Code::Patched(..))))),
        part("ran unproved patched code", of(&|r| matches!(r, Ran::After(Code::Patched(_, true))))),
        part("ran stock code", of(&|r| matches!(r, Ran::After(Code::Stock)))),
        part("started before the bundle was last written", of(&|r| *r == Ran::Before)),
        part("code unknown", of(&|r| matches!(r, Ran::Unknown(_)))),
    ]
    .into_iter()
    .flatten()
    .collect();
    let ambiguous: usize = audit.sessions.iter().map(|s| s.count(|v| v == Verdict::Ambiguous)).sum();
    let verdict = match audit.exit {
        EXIT_REPLAY_PATCHED => "replay in a session that ran the patched code",
        EXIT_REPLAY_STOCK => "replay only in sessions not known to run patched code",
        _ => "no replay found",
    };
    let mut line = format!("summary: {verdict}");
    if !parts.is_empty() {
        line.push_str(&format!("; {}", parts.join("; ")));
    }
    if ambiguous > 0 {
        line.push_str(&format!("; {} ambiguous", plural(ambiguous, "delivery", "deliveries")));
    }
    line
}

fn delivery_json(log: &SessionLog, d: &Delivery) -> Value {
    let e = &log.execs[d.exec as usize];
    json!({
        "id": log.ids[d.id as usize],
        "agent": e.agent,
        "execution": e.short,
        "handlers": d.handlers,
        "time": d.stamp.as_ref().map(|s| s.text.clone()),
        "epoch": d.stamp.as_ref().and_then(|s| s.epoch),
        "file": log.files.get(d.at.file).map(|f| f.path.display().to_string()),
        "line": d.at.line,
    })
}

fn session_json(s: &Audited) -> Value {
    let log = &s.log;
    let t = tally(log);
    let (ran, mode) = match &s.ran {
        Ran::After(Code::Patched(mode, _)) => ("patched", Some(mode.as_str())),
        Ran::After(Code::Stock) => ("stock", None),
        Ran::Before => ("before-change", None),
        Ran::Unknown(_) => ("unknown", None),
    };
    let c = &log.counts;
    json!({
        "name": s.name,
        "dir": s.dir.as_ref().map(|d| d.display().to_string()),
        "started": s.started,
        "started_utc": s.started.map(utc),
        "ran": ran,
        "mode": mode,
        "ran_unproved": matches!(s.ran, Ran::After(Code::Patched(_, true))),
        "ran_reason": match &s.ran { Ran::Unknown(why) => Some(why.clone()), _ => None },
        "steers": t.steers,
        "steer_deliveries": t.steer_deliveries,
        "notification_deliveries": t.notify_deliveries,
        "other_deliveries": t.other_deliveries,
        "live_deliveries": s.count(|v| v == Verdict::Live),
        "root_deliveries": s.count(|v| v == Verdict::ToRoot),
        "root_seen": s.judged.root_seen,
        "replay_count": s.replays(),
        "replays": replays_by_steer(s).iter().map(|(first, again)| json!({
            "id": log.ids[log.deliveries[*first].id as usize],
            "first": delivery_json(log, &log.deliveries[*first]),
            "again": again.iter().map(|&i| {
                let mut v = delivery_json(log, &log.deliveries[i]);
                if let Some(Verdict::Replay(why)) = s.judged.verdicts[i] {
                    v["why"] = Value::from(why.name());
                }
                v
            }).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "memory_extraction": memory_deliveries(s).iter().map(|&i| {
            let mut v = delivery_json(log, &log.deliveries[i]);
            v["replay"] = Value::from(matches!(s.judged.verdicts[i], Some(Verdict::Replay(_))));
            v
        }).collect::<Vec<_>>(),
        "ambiguous_count": s.count(|v| v == Verdict::Ambiguous),
        "ambiguous": s.judged.verdicts.iter().enumerate().filter(|(_, v)| **v == Some(Verdict::Ambiguous)).map(|(i, _)| json!({
            "delivery": delivery_json(log, &log.deliveries[i]),
            "first": delivery_json(log, &log.deliveries[s.judged.first[i]]),
        })).collect::<Vec<_>>(),
        "lines": {
            "read": c.lines,
            "steering": c.marker_lines,
            "cut_short": c.cut_short,
            "not_text": c.not_text,
            "partial": c.partial,
            "not_utf8": c.not_utf8,
            "too_long": c.too_long,
        },
        "files": log.files.iter().map(|f| json!({
            "path": f.path.display().to_string(),
            "compressed": f.compressed,
            "lines": f.lines,
            "read": !f.not_read,
            "error": f.error,
        })).collect::<Vec<_>>(),
    })
}

fn to_json(audit: &Audit) -> Value {
    let bundle = match &audit.bundle {
        Ok(b) => json!({
            "path": b.path.display().to_string(),
            "found_by": b.how,
            "state": match &b.code { Ok(Code::Patched(..)) => Some("patched"), Ok(Code::Stock) => Some("stock"), Err(_) => None },
            "mode": match &b.code { Ok(Code::Patched(m, _)) => Some(m.as_str()), _ => None },
            "unproved": b.unproved,
            "error": b.code.as_ref().err(),
            "written": b.written,
            "written_utc": b.written.map(utc),
        }),
        Err(e) => json!({ "path": null, "state": null, "error": e }),
    };
    json!({
        "tool": "kiro-steer-scope",
        "tool_version": env!("CARGO_PKG_VERSION"),
        "action": "audit",
        "logs": audit.place,
        "logs_found_by": audit.how,
        "log_folder_exists": !audit.no_folder,
        "bundle": bundle,
        "root_agents": audit.roots,
        "sessions": audit.sessions.iter().map(session_json).collect::<Vec<_>>(),
        "summary": summary(audit),
        "error": audit.error,
        "exit_code": audit.exit,
    })
}
