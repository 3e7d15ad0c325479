//! Mark: wrap each insertion in comment markers that record its own bytes, and
//! read them back. Restore works from the markers alone.

use std::fmt;

use sha2::{Digest, Sha256};

pub const TOOL: &str = "kiro-steer-scope";
/// Bump when the marker syntax changes; older tools refuse newer markers.
pub const FORMAT: u32 = 1;
const PREFIX: &str = "/*kiro-steer-scope:";

/// The first fix: one of the two, always.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fix {
    Seed,
    Gate,
}

impl Fix {
    pub fn as_str(self) -> &'static str {
        match self {
            Fix::Seed => "seed",
            Fix::Gate => "gate",
        }
    }
}

/// The set of fixes a file carries or should carry: seed or gate
/// (kirodotdev/Kiro#11240), and optionally the rewind on clear
/// (kirodotdev/Kiro#11449). Two files in different modes differ in any part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mode {
    pub fix: Fix,
    pub rewind: bool,
}

impl Mode {
    pub const SEED: Mode = Mode { fix: Fix::Seed, rewind: false };

    /// As markers record it: `seed`, `gate`, `seed+rewind`, `gate+rewind`.
    pub fn as_str(self) -> &'static str {
        match (self.fix, self.rewind) {
            (Fix::Seed, false) => "seed",
            (Fix::Gate, false) => "gate",
            (Fix::Seed, true) => "seed+rewind",
            (Fix::Gate, true) => "gate+rewind",
        }
    }

    fn parse(text: &str) -> Option<Mode> {
        let (fix, rewind) = match text.strip_suffix("+rewind") {
            Some(fix) => (fix, true),
            None => (text, false),
        };
        let fix = match fix {
            "seed" => Fix::Seed,
            "gate" => Fix::Gate,
            _ => return None,
        };
        Some(Mode { fix, rewind })
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for byte in digest.iter() {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// One insertion into the stock bytes.
#[derive(Clone, Debug)]
pub struct Insertion {
    /// Offset in the stock bytes before which the text goes.
    pub at: usize,
    pub text: String,
    /// What this insertion is for, for reports (not stored in the file).
    pub purpose: String,
}

/// What the first marker records about the whole set: how many insertions,
/// and a hash over the mode and every insertion's place, length and hash, so
/// an edited mode or a removed run is caught.
struct SetRecord<'r> {
    stock: &'r str,
    count: usize,
    set: String,
    /// Why the patch was written without a passed proof (--allow-inconclusive).
    unproved: Option<&'r str>,
}

/// Bytes a marker word may hold as they are; the rest is written `%XX`, so
/// that a reason can never close the comment or split the word.
fn plain_in_marker(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b".,:;()_-'`<>[]{}#!?@+".contains(&b)
}

fn encode_word(text: &str) -> String {
    let mut out = String::new();
    for &b in text.as_bytes() {
        if plain_in_marker(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn decode_word(word: &str) -> Option<String> {
    let bytes = word.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The longest reason a marker keeps (the rest is cut at a character boundary).
const UNPROVED_MAX: usize = 400;

fn set_hash<'i>(mode: Mode, items: impl Iterator<Item = (usize, &'i str)>) -> String {
    let mut record = format!("{mode}\n");
    for (at, payload) in items {
        record.push_str(&format!("{at}:{}:{}\n", payload.len(), sha256_hex(payload.as_bytes())));
    }
    sha256_hex(record.as_bytes())
}

fn begin_marker(mode: Mode, payload: &str, first: Option<&SetRecord>) -> String {
    let mut out =
        format!("{PREFIX}{FORMAT} mode={mode} len={} sha256={}", payload.len(), sha256_hex(payload.as_bytes()));
    if let Some(first) = first {
        out.push_str(&format!(" stock={} count={} set={}", first.stock, first.count, first.set));
        if let Some(why) = first.unproved {
            let mut cut = why.len().min(UNPROVED_MAX);
            while !why.is_char_boundary(cut) {
                cut -= 1;
            }
            out.push_str(&format!(" unproved={}", encode_word(&why[..cut])));
        }
    }
    out.push_str("*/");
    out
}

fn end_marker() -> String {
    format!("{PREFIX}{FORMAT} end*/")
}

/// The stock bytes with every insertion wrapped in markers, in offset order.
#[cfg(test)]
pub fn apply(stock: &[u8], mode: Mode, insertions: &[Insertion]) -> Vec<u8> {
    apply_hashed(stock, &sha256_hex(stock), mode, insertions, None)
}

/// `apply`, given the stock bytes' sha256 (already known: no second pass over
/// them); `unproved`: why the patch goes in without a passed proof, recorded
/// in the first marker for good.
pub fn apply_hashed(
    stock: &[u8],
    stock_sha: &str,
    mode: Mode,
    insertions: &[Insertion],
    unproved: Option<&str>,
) -> Vec<u8> {
    let mut sorted: Vec<&Insertion> = insertions.iter().collect();
    sorted.sort_by_key(|i| i.at);
    let record = SetRecord {
        stock: stock_sha,
        count: sorted.len(),
        set: set_hash(mode, sorted.iter().map(|i| (i.at, i.text.as_str()))),
        unproved,
    };
    let extra: usize = sorted.iter().map(|i| i.text.len() + 200).sum();
    let mut out = Vec::with_capacity(stock.len() + extra);
    let mut from = 0;
    for (n, insertion) in sorted.iter().enumerate() {
        out.extend_from_slice(&stock[from..insertion.at]);
        let first = (n == 0).then_some(&record);
        out.extend_from_slice(begin_marker(mode, &insertion.text, first).as_bytes());
        out.extend_from_slice(insertion.text.as_bytes());
        out.extend_from_slice(end_marker().as_bytes());
        from = insertion.at;
    }
    out.extend_from_slice(&stock[from..]);
    out
}

/// One marked insertion found in a patched file.
#[derive(Clone, Debug)]
pub struct Found {
    /// Byte range of the whole marked run (markers included) in the patched file.
    pub span: std::ops::Range<usize>,
    /// Where it sits in the stock bytes.
    pub stock_at: usize,
    pub payload: String,
}

#[derive(Clone, Debug)]
pub struct Marked {
    pub mode: Mode,
    pub stock_sha256: String,
    pub found: Vec<Found>,
    /// Written without a passed proof, and why (the first marker says so).
    pub unproved: Option<String>,
}

/// Markers that cannot be trusted: the file was edited after patching.
#[derive(Debug)]
pub struct Tampered {
    pub offset: usize,
    pub reason: String,
}

impl fmt::Display for Tampered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "marker at byte {}: {}", self.offset, self.reason)
    }
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from >= haystack.len() {
        return None;
    }
    memchr::memmem::find(&haystack[from..], needle).map(|p| p + from)
}

/// Reads every marker. `Ok(None)`: the file carries none of ours.
pub fn read(bytes: &[u8]) -> Result<Option<Marked>, Tampered> {
    let mut at = match find(bytes, PREFIX.as_bytes(), 0) {
        None => return Ok(None),
        Some(at) => at,
    };
    let mut found = Vec::new();
    let mut mode = None;
    let mut stock_sha = None;
    let mut set_record: Option<(usize, String)> = None;
    let mut unproved = None;
    let mut removed = 0usize;
    let end = end_marker();
    loop {
        let bad = |reason: String| Tampered { offset: at, reason };
        let close = find(bytes, b"*/", at).ok_or_else(|| bad("the marker comment is not closed".into()))?;
        let header =
            std::str::from_utf8(&bytes[at + PREFIX.len()..close]).map_err(|_| bad("the marker is not text".into()))?;
        let mut words = header.split(' ');
        let version = words.next().unwrap_or_default();
        if version != FORMAT.to_string() {
            return Err(bad(match version.parse::<u32>() {
                Ok(v) if v > FORMAT => format!("marker format {v} was written by a newer {TOOL}; use that version"),
                _ => format!("`{header}` is not a begin marker"),
            }));
        }
        let mut fields = std::collections::BTreeMap::new();
        for word in words {
            let (k, v) = word.split_once('=').ok_or_else(|| bad(format!("`{header}` is not a begin marker")))?;
            fields.insert(k, v);
        }
        let this_mode = fields.get("mode").and_then(|m| Mode::parse(m)).ok_or_else(|| bad("no valid mode".into()))?;
        if *mode.get_or_insert(this_mode) != this_mode {
            return Err(bad("markers of both modes in one file".into()));
        }
        let len: usize = fields.get("len").and_then(|l| l.parse().ok()).ok_or_else(|| bad("no valid length".into()))?;
        let sha = *fields.get("sha256").ok_or_else(|| bad("no sha256".into()))?;
        let first = (fields.get("stock"), fields.get("count").and_then(|c| c.parse::<usize>().ok()), fields.get("set"));
        match (found.is_empty(), first) {
            (true, (Some(stock), Some(count), Some(set))) if stock.len() == 64 => {
                stock_sha = Some(stock.to_string());
                set_record = Some((count, set.to_string()));
                if let Some(word) = fields.get("unproved") {
                    unproved =
                        Some(decode_word(word).ok_or_else(|| bad("the unproved reason is not readable".into()))?);
                }
            }
            (true, _) => {
                return Err(bad("the first marker does not record the stock sha256, count and set hash".into()))
            }
            (false, (None, None, None)) if !fields.contains_key("unproved") => {}
            (false, _) => {
                return Err(bad("only the first marker may record the stock sha256, count and set hash".into()))
            }
        }
        let payload_start = close + 2;
        let payload_end = payload_start
            .checked_add(len)
            .filter(|e| *e <= bytes.len())
            .ok_or_else(|| bad("the recorded length runs past the end of the file".into()))?;
        let payload = &bytes[payload_start..payload_end];
        if sha256_hex(payload) != sha {
            return Err(bad(format!("the {len} bytes after it no longer hash to the recorded sha256")));
        }
        if !bytes[payload_end..].starts_with(end.as_bytes()) {
            return Err(bad("the end marker is not where the recorded length puts it".into()));
        }
        let payload = String::from_utf8(payload.to_vec()).map_err(|_| bad("the inserted bytes are not text".into()))?;
        let span = at..payload_end + end.len();
        found.push(Found { stock_at: at - removed, span: span.clone(), payload });
        removed += span.len();
        match find(bytes, PREFIX.as_bytes(), span.end) {
            Some(next) => at = next,
            None => break,
        }
    }
    let mode = mode.unwrap();
    let (count, set) = set_record.unwrap();
    let first_at = found[0].span.start;
    if count != found.len() {
        return Err(Tampered {
            offset: first_at,
            reason: format!("the first marker records {count} insertion(s) but {} are present", found.len()),
        });
    }
    if set_hash(mode, found.iter().map(|f| (f.stock_at, f.payload.as_str()))) != set {
        return Err(Tampered {
            offset: first_at,
            reason: "the markers' mode, places or contents differ from what the first marker records".into(),
        });
    }
    Ok(Some(Marked { mode, stock_sha256: stock_sha.unwrap(), found, unproved }))
}

/// The bytes with every marked run removed, checked against the recorded stock hash.
pub fn strip(bytes: &[u8], marked: &Marked) -> Result<Vec<u8>, Tampered> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut from = 0;
    for found in &marked.found {
        out.extend_from_slice(&bytes[from..found.span.start]);
        from = found.span.end;
    }
    out.extend_from_slice(&bytes[from..]);
    if sha256_hex(&out) != marked.stock_sha256 {
        return Err(Tampered {
            offset: marked.found[0].span.start,
            reason: "with the insertions removed the file does not hash to the recorded stock \
                sha256: bytes outside the markers were changed"
                .into(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Vec<u8>, Vec<u8>) {
        let stock = b"let a=new X({d:1});function f(){for(;;){g()}}".to_vec();
        let ins = vec![
            Insertion { at: 6, text: "(w)(".into(), purpose: "open".into() },
            Insertion { at: 18, text: ")".into(), purpose: "close".into() },
            Insertion { at: 40, text: "if(0)continue;".into(), purpose: "gate".into() },
        ];
        let patched = apply(&stock, Mode::SEED, &ins);
        (stock, patched)
    }

    #[test]
    fn round_trip_is_byte_exact() {
        let (stock, patched) = sample();
        let marked = read(&patched).unwrap().unwrap();
        assert_eq!(marked.found.len(), 3);
        assert_eq!(marked.found[1].stock_at, 18);
        assert_eq!(sha256_hex(&strip(&patched, &marked).unwrap()), sha256_hex(&stock));
        assert!(read(&stock).unwrap().is_none());
    }

    #[test]
    fn an_unproved_patch_says_so_and_restores_byte_exactly() {
        let stock = b"let a=new X({d:1});".to_vec();
        let ins = vec![Insertion { at: 6, text: "(w)(".into(), purpose: "open".into() }];
        let why = "case notify-late: no form */ 100% ünïcode\nnext";
        let patched = apply_hashed(&stock, &sha256_hex(&stock), Mode::SEED, &ins, Some(why));
        let text = String::from_utf8(patched.clone()).unwrap();
        assert_eq!(text.matches("*/").count(), 2, "the reason cannot close the comment: {text}");
        let marked = read(&patched).unwrap().unwrap();
        assert_eq!(marked.unproved.as_deref(), Some(why));
        assert_eq!(strip(&patched, &marked).unwrap(), stock);
        let proved = apply(&stock, Mode::SEED, &ins);
        assert_eq!(read(&proved).unwrap().unwrap().unproved, None);
    }

    #[test]
    fn edits_are_tampering() {
        let (_, patched) = sample();
        let text = String::from_utf8(patched).unwrap();
        let inside = text.replacen("if(0)continue;", "if(1)continue;", 1);
        assert!(read(inside.as_bytes()).is_err());
        let outside = text.replacen("function f", "function h", 1);
        let marked = read(outside.as_bytes()).unwrap().unwrap();
        assert!(strip(outside.as_bytes(), &marked).is_err());
        let mode_edited = text.replace("mode=seed", "mode=gate");
        assert!(read(mode_edited.as_bytes()).is_err());
        let last = text.rfind("/*kiro-steer-scope:1 mode").unwrap();
        let dropped = format!("{}{}", &text[..last], &text[last..].split_once("end*/").unwrap().1);
        assert!(read(dropped.as_bytes()).is_err());
        let truncated = &text.as_bytes()[..text.len() - 30];
        assert!(read(truncated).is_err() || strip(truncated, &read(truncated).unwrap().unwrap()).is_err());
    }

    /// Thousands of random edits around and inside the markers: read + strip
    /// either refuse or give back exactly the stock bytes; they never panic
    /// and never yield anything else.
    const GATE_REWIND: Mode = Mode { fix: Fix::Gate, rewind: true };

    #[test]
    fn modes_round_trip_and_a_dropped_rewind_is_tampering() {
        for text in ["seed", "gate", "seed+rewind", "gate+rewind"] {
            assert_eq!(Mode::parse(text).unwrap().as_str(), text);
        }
        assert!(Mode::parse("rewind").is_none() && Mode::parse("seed+gate").is_none());
        let stock = b"class B{clear(){this.m=[]}}".to_vec();
        let ins = |text: &str, at| Insertion { at, text: text.into(), purpose: String::new() };
        let text = String::from_utf8(apply(&stock, GATE_REWIND, &[ins("this.c=1;", 17)])).unwrap();
        assert_eq!(read(text.as_bytes()).unwrap().unwrap().mode, GATE_REWIND);
        assert!(read(text.replace("mode=gate+rewind", "mode=gate").as_bytes()).is_err());
    }

    #[test]
    fn random_edits_restore_exactly_or_are_refused() {
        let stock = b"let a=new X({d:1});function f(){for(;;){g()}}/* not ours: /*kiro-steer-scope */".to_vec();
        let ins = |text: &str, at| Insertion { at, text: text.into(), purpose: String::new() };
        let bases = [
            (Mode::SEED, apply(&stock, Mode::SEED, &[ins("(w)(", 6), ins(")", 18), ins("if(0)continue;", 40)])),
            (GATE_REWIND, apply(&stock, GATE_REWIND, &[ins("if(u&&d>0)continue;", 40), ins("this.c=1;", 30)])),
            (Mode::SEED, apply(&stock, Mode::SEED, &[ins("", 0), ins("x", stock.len())])),
        ];
        const PIECES: &[&[u8]] = &[
            b"/*kiro-steer-scope:",
            b"/*kiro-steer-scope:1 end*/",
            b"/*kiro-steer-scope:2 mode=seed*/",
            b"*/",
            b" count=1",
            b" len=0",
            b"=",
            b"0",
            b" ",
            b"\xff",
            b"\0",
        ];
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n.max(1) as u64) as usize
        };
        let (mut exact, mut refused) = (0, 0);
        for case in 0..20_000 {
            let (mode, base) = &bases[case % bases.len()];
            let mut bytes = base.clone();
            for _ in 0..1 + next(3) {
                let at = next(bytes.len() + 1);
                match next(6) {
                    0 => {
                        let end = (at + 1 + next(30)).min(bytes.len());
                        bytes.drain(at..end);
                    }
                    1 => {
                        let piece = PIECES[next(PIECES.len())];
                        bytes.splice(at..at, piece.iter().copied());
                    }
                    2 if at < bytes.len() => bytes[at] = bytes[at].wrapping_add(1 + next(255) as u8),
                    3 => bytes.truncate(at),
                    4 => {
                        let from = next(bytes.len());
                        let chunk = bytes[from..(from + next(120)).min(bytes.len())].to_vec();
                        bytes.splice(at..at, chunk);
                    }
                    _ => {}
                }
            }
            match read(&bytes) {
                Err(_) => refused += 1,
                Ok(None) => assert!(
                    !bytes.windows(PREFIX.len()).any(|w| w == PREFIX.as_bytes()),
                    "case {case}: a marker was overlooked"
                ),
                Ok(Some(marked)) => match strip(&bytes, &marked) {
                    Err(_) => refused += 1,
                    Ok(out) => {
                        assert_eq!(out, stock, "case {case}: restore produced bytes that are not the stock file");
                        assert_eq!(marked.mode, *mode, "case {case}");
                        exact += 1;
                    }
                },
            }
        }
        assert!(refused > 15_000, "{refused} of 20000 refused");
        assert!(exact > 0, "no-op edits restore exactly");
    }
}
