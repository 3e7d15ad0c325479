//! Read: stream a session's log files line by line in bounded memory and
//! pull out every `[LiveSteeringHook] injected steering` delivery, whatever
//! precedes it on the line (a time, a level, a JSON wrapper). A line that
//! cannot be read is counted, never fatal.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::PathBuf;

use memchr::memmem;

use super::stamp::{self, Stamp};

/// The drain's log line: `<MARKER><id> into <agent> (<exec8>) (handlers: <n>)`.
pub const MARKER: &[u8] = b"[LiveSteeringHook] injected steering ";
const HOOK: &[u8] = b"LiveSteeringHook";
/// Longer lines keep their first bytes only; the marker sits near the start
/// of any real one, and a line without a newline cannot grow the memory.
pub const MAX_LINE: usize = 64 * 1024;

/// Where a line was: which file of the session and which line of it.
#[derive(Clone, Copy, Debug)]
pub struct At {
    pub file: usize,
    pub line: u64,
}

/// One delivery, its id and execution interned.
pub struct Delivery {
    pub id: u32,
    pub exec: u32,
    pub at: At,
    pub handlers: Option<u32>,
    pub stamp: Option<Stamp>,
}

/// An execution as the log names it: its agent and the first 8 characters of its id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Exec {
    pub agent: String,
    pub short: String,
}

/// What happened to one file.
#[derive(Debug, Default)]
pub struct FileRead {
    pub path: PathBuf,
    /// `gzip` when it was decompressed while read.
    pub compressed: Option<&'static str>,
    pub lines: u64,
    /// Why reading stopped early, or why the file was not read at all.
    pub error: Option<String>,
    pub not_read: bool,
}

/// Lines that were read with a flaw or skipped, by reason.
#[derive(Debug, Default, Clone, Copy)]
pub struct Counts {
    pub lines: u64,
    pub marker_lines: u64,
    /// A marker whose execution id was cut off: skipped.
    pub cut_short: u64,
    /// A marker without its handler count: read.
    pub partial: u64,
    /// A marker whose id, agent or execution is not UTF-8: skipped.
    pub not_text: u64,
    /// Lines holding bytes that are not UTF-8 (read anyway).
    pub not_utf8: u64,
    /// Lines longer than MAX_LINE, of which only the start was read.
    pub too_long: u64,
}

/// Everything read from one session's files, oldest first.
#[derive(Default)]
pub struct SessionLog {
    pub files: Vec<FileRead>,
    pub counts: Counts,
    pub ids: Vec<String>,
    pub execs: Vec<Exec>,
    pub deliveries: Vec<Delivery>,
    /// The first time that names a day, on one of the session's first lines.
    pub first_epoch: Option<i64>,
    id_index: HashMap<String, u32>,
    exec_index: HashMap<Exec, u32>,
}

/// Where lines come from.
pub enum Input {
    Stdin,
    File(PathBuf),
}

/// Splits a stream into lines of at most MAX_LINE bytes without holding more.
struct Lines<R> {
    inner: R,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// The next line (without its line break) and whether it was longer than kept.
    fn next(&mut self) -> io::Result<Option<(&[u8], bool)>> {
        self.buf.clear();
        let mut overflow = false;
        let mut any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if !any {
                    return Ok(None);
                }
                break;
            }
            any = true;
            let (take, used, done) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i, i + 1, true),
                None => (chunk.len(), chunk.len(), false),
            };
            let room = MAX_LINE - self.buf.len();
            overflow |= take > room;
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            self.inner.consume(used);
            if done {
                break;
            }
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(Some((&self.buf, overflow)))
    }
}

const DATED_WITHIN: u64 = 100;
const GZIP: [u8; 2] = [0x1f, 0x8b];

/// Formats this tool does not decompress, by their magic bytes.
fn unread_compression(head: &[u8]) -> Option<&'static str> {
    [(&b"\x28\xb5\x2f\xfd"[..], "zstd"), (b"\xfd7zXZ\x00", "xz"), (b"BZh", "bzip2"), (b"\x04\x22\x4d\x18", "lz4")]
        .into_iter()
        .find(|(magic, _)| head.starts_with(magic))
        .map(|(_, name)| name)
}

impl SessionLog {
    /// Reads one input to its end (or its first read error) and appends what it holds.
    pub fn read(&mut self, input: Input) {
        let file = self.files.len();
        let (path, raw): (PathBuf, Box<dyn Read>) = match input {
            Input::Stdin => (PathBuf::from("-"), Box::new(io::stdin())),
            Input::File(path) => match File::open(&path) {
                Ok(f) => (path, Box::new(f)),
                Err(e) => {
                    self.files.push(FileRead {
                        path,
                        error: Some(e.to_string()),
                        not_read: true,
                        ..Default::default()
                    });
                    return;
                }
            },
        };
        let mut record = FileRead { path, ..Default::default() };
        let mut buffered = BufReader::with_capacity(256 * 1024, raw);
        let head = match buffered.fill_buf() {
            Ok(head) => head,
            Err(e) => {
                record.error = Some(e.to_string());
                record.not_read = true;
                self.files.push(record);
                return;
            }
        };
        if let Some(format) = unread_compression(head) {
            record.error = Some(format!("compressed with {format}, which is not read; decompress it to audit it"));
            record.not_read = true;
            self.files.push(record);
            return;
        }
        let reader: Box<dyn BufRead> = if head.starts_with(&GZIP) {
            record.compressed = Some("gzip");
            Box::new(BufReader::with_capacity(256 * 1024, flate2::bufread::MultiGzDecoder::new(buffered)))
        } else {
            Box::new(buffered)
        };
        let mut lines = Lines { inner: reader, buf: Vec::with_capacity(4096) };
        let hook = memmem::Finder::new(HOOK);
        loop {
            let (line, overflow) = match lines.next() {
                Ok(Some(next)) => next,
                Ok(None) => break,
                Err(e) => {
                    record.error = Some(format!("stopped after line {}: {e}", record.lines));
                    break;
                }
            };
            record.lines += 1;
            self.counts.lines += 1;
            self.counts.too_long += u64::from(overflow);
            // Validating every line costs little beside the read, and says how much was not text.
            if std::str::from_utf8(line).is_err() {
                self.counts.not_utf8 += 1;
            }
            // A dated log is dated from its first lines; later lines need not be searched.
            if self.first_epoch.is_none() && self.counts.lines <= DATED_WITHIN {
                self.first_epoch = stamp::find(line).and_then(|s| s.epoch);
            }
            if hook.find(line).is_none() {
                continue;
            }
            self.take_line(line, At { file, line: record.lines });
        }
        self.files.push(record);
    }

    pub(crate) fn take_line(&mut self, line: &[u8], at: At) {
        for tail in markers(line) {
            self.take_marker(line, &tail, at);
        }
    }

    fn take_marker(&mut self, line: &[u8], tail: &[u8], at: At) {
        self.counts.marker_lines += 1;
        match fields(tail) {
            Fields::CutShort => self.counts.cut_short += 1,
            Fields::NotText => self.counts.not_text += 1,
            Fields::Delivery { id, agent, short, handlers } => {
                self.counts.partial += u64::from(handlers.is_none());
                let id = intern(&mut self.id_index, &mut self.ids, id);
                let exec = intern(&mut self.exec_index, &mut self.execs, Exec { agent, short });
                self.deliveries.push(Delivery { id, exec, at, handlers, stamp: stamp::find(line) });
            }
        }
    }
}

fn intern<K: Clone + Eq + std::hash::Hash>(index: &mut HashMap<K, u32>, all: &mut Vec<K>, key: K) -> u32 {
    if let Some(&n) = index.get(&key) {
        return n;
    }
    let n = all.len() as u32;
    all.push(key.clone());
    index.insert(key, n);
    n
}

/// The text after each marker on the line (two records glued by a lost line
/// break are two), decoded when the marker sits inside a JSON string; empty
/// when the line holds no delivery marker.
fn markers(line: &[u8]) -> Vec<Vec<u8>> {
    let found: Vec<usize> = memmem::find_iter(line, MARKER).collect();
    let strings = if memchr::memchr(b'"', line).is_some() { json_strings(line) } else { Vec::new() };
    if !found.is_empty() {
        return found
            .iter()
            .enumerate()
            .map(|(k, &at)| {
                let end = found.get(k + 1).copied().unwrap_or(line.len());
                match strings.iter().find(|r| r.contains(&at)) {
                    Some(string) => unescape(&line[at + MARKER.len()..string.end.min(end)]),
                    None => line[at + MARKER.len()..end].to_vec(),
                }
            })
            .collect();
    }
    // The marker may be written with escapes (`\u0020`, `\/`): look in each JSON string, decoded.
    if memchr::memchr(b'\\', line).is_none() {
        return Vec::new();
    }
    strings
        .into_iter()
        .filter_map(|range| {
            let decoded = unescape(&line[range]);
            memmem::find(&decoded, MARKER).map(|at| decoded[at + MARKER.len()..].to_vec())
        })
        .collect()
}

/// The contents of the JSON strings on a line (an unclosed one runs to its end).
fn json_strings(line: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    let mut escaped = false;
    for (i, &b) in line.iter().enumerate() {
        match (open, b) {
            (Some(_), _) if escaped => escaped = false,
            (Some(_), b'\\') => escaped = true,
            (Some(start), b'"') => {
                out.push(start..i);
                open = None;
            }
            (None, b'"') => open = Some(i + 1),
            _ => {}
        }
    }
    out.extend(open.map(|start| start..line.len()));
    out
}

/// Decodes JSON string escapes; anything malformed is kept as written.
fn unescape(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    let hex4 = |at: usize| -> Option<u32> {
        std::str::from_utf8(bytes.get(at..at + 4)?).ok().and_then(|h| u32::from_str_radix(h, 16).ok())
    };
    while i < bytes.len() {
        if bytes[i] != b'\\' || i + 1 >= bytes.len() {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let simple = match bytes[i + 1] {
            b'"' => Some(b'"'),
            b'\\' => Some(b'\\'),
            b'/' => Some(b'/'),
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'b' => Some(8),
            b'f' => Some(12),
            _ => None,
        };
        if let Some(b) = simple {
            out.push(b);
            i += 2;
            continue;
        }
        let Some(unit) = (bytes[i + 1] == b'u').then(|| hex4(i + 2)).flatten() else {
            out.push(b'\\');
            i += 1;
            continue;
        };
        let mut used = 6;
        let code = if (0xd800..0xdc00).contains(&unit) {
            match (bytes.get(i + 6..i + 8) == Some(b"\\u")).then(|| hex4(i + 8)).flatten() {
                Some(low) if (0xdc00..0xe000).contains(&low) => {
                    used = 12;
                    0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)
                }
                _ => 0xfffd,
            }
        } else {
            unit
        };
        let c = char::from_u32(code).unwrap_or('\u{fffd}');
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        i += used;
    }
    out
}

enum Fields {
    Delivery { id: String, agent: String, short: String, handlers: Option<u32> },
    CutShort,
    NotText,
}

/// `<id> into <agent> (<exec8>) (handlers: <n>)`, read from both ends so an
/// agent name with spaces or parentheses stays whole; whatever follows the
/// handler count (a wrapper's suffix) is ignored.
fn fields(tail: &[u8]) -> Fields {
    let Some(space) = memchr::memchr(b' ', tail) else { return Fields::CutShort };
    let id = &tail[..space];
    let Some(rest) = tail[space + 1..].strip_prefix(b"into ") else { return Fields::CutShort };
    let (named, handlers) = match memmem::rfind(rest, b" (handlers: ") {
        Some(h) => {
            let count = &rest[h + 12..];
            let digits = count.iter().take_while(|b| b.is_ascii_digit()).count();
            let n = std::str::from_utf8(&count[..digits]).ok().and_then(|d| d.parse().ok());
            (&rest[..h], n.filter(|_| count.get(digits) == Some(&b')')))
        }
        // Cut inside the handler count: the execution ends at the last `)`.
        None => (memchr::memrchr(b')', rest).map_or(&rest[..0], |close| &rest[..=close]), None),
    };
    let Some(inner) = named.strip_suffix(b")") else { return Fields::CutShort };
    let Some(open) = memmem::rfind(inner, b" (") else { return Fields::CutShort };
    let (agent, short) = (&inner[..open], &inner[open + 2..]);
    if id.is_empty() || agent.is_empty() || short.is_empty() || short.contains(&b' ') {
        return Fields::CutShort;
    }
    match (std::str::from_utf8(id), std::str::from_utf8(agent), std::str::from_utf8(short)) {
        (Ok(id), Ok(agent), Ok(short)) => {
            Fields::Delivery { id: id.into(), agent: agent.into(), short: short.into(), handlers }
        }
        _ => Fields::NotText,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &[u8]) -> SessionLog {
        let mut log = SessionLog::default();
        log.take_line(line, At { file: 0, line: 1 });
        log
    }

    fn delivered(line: &[u8]) -> (String, String, String, Option<u32>) {
        let log = one(line);
        assert_eq!(log.deliveries.len(), 1, "{}", String::from_utf8_lossy(line));
        let d = &log.deliveries[0];
        let e = &log.execs[d.exec as usize];
        (log.ids[d.id as usize].clone(), e.agent.clone(), e.short.clone(), d.handlers)
    }

    #[test]
    fn prefixes_and_wrappers() {
        let want = ("steer-1".to_string(), "kiro".to_string(), "00000001".to_string(), Some(1));
        for line in [
            &b"INFO [kas:session-1] [LiveSteeringHook] injected steering steer-1 into kiro (00000001) (handlers: 1)"[..],
            b"2026-11-29T22:06:13.412Z INFO [LiveSteeringHook] injected steering steer-1 into kiro (00000001) (handlers: 1) pid=4",
            br#"{"time":1764454000123,"level":"info","msg":"[LiveSteeringHook] injected steering steer-1 into kiro (00000001) (handlers: 1)"}"#,
            br#"{"msg":"[LiveSteeringHook]\u0020injected steering steer-1 into kiro (00000001) (handlers: 1)","level":"info"}"#,
        ] {
            assert_eq!(delivered(line), want);
        }
        // An agent name with a space and an escaped quote, inside JSON.
        let line = br#"{"msg":"[LiveSteeringHook] injected steering steer-2 into my \"big\" agent (0a1b2c3d) (handlers: 12)"}"#;
        assert_eq!(delivered(line), ("steer-2".into(), "my \"big\" agent".into(), "0a1b2c3d".into(), Some(12)));
    }

    #[test]
    fn flawed_lines_are_counted() {
        let cut = one(b"[LiveSteeringHook] injected steering steer-1 into kiro (0000");
        assert_eq!((cut.deliveries.len(), cut.counts.cut_short), (0, 1));
        let partial = one(b"[LiveSteeringHook] injected steering steer-1 into kiro (00000001) (hand");
        assert_eq!((partial.deliveries.len(), partial.counts.partial), (1, 1));
        let binary = one(b"[LiveSteeringHook] injected steering steer-1 into ki\xff\xfe (00000001) (handlers: 1)");
        assert_eq!((binary.deliveries.len(), binary.counts.not_text), (0, 1));
        let other = one(b"[LiveSteeringHook] cleared 3 messages");
        assert_eq!(other.counts.marker_lines, 0);
        // Two records glued by a lost line break.
        let glued = one(b"[LiveSteeringHook] injected steering steer-1 into kiro (00000001) (handlers: 1)[LiveSteeringHook] injected steering steer-1 into explorer (00000002) (handlers: 2)");
        assert_eq!(
            (glued.deliveries.len(), glued.execs[1].agent.as_str(), glued.deliveries[1].handlers),
            (2, "explorer", Some(2))
        );
    }

    #[test]
    fn long_lines_stay_bounded() {
        let mut text = vec![b'x'; MAX_LINE * 3];
        text.extend_from_slice(b"\nshort\r\n");
        let mut lines = Lines { inner: &text[..], buf: Vec::new() };
        let (first, overflow) = lines.next().unwrap().unwrap();
        assert_eq!((first.len(), overflow), (MAX_LINE, true));
        assert_eq!(lines.next().unwrap().unwrap(), (&b"short"[..], false));
        assert!(lines.next().unwrap().is_none());
    }
}
