//! Stamp: the time a log line carries, in whatever form precedes or wraps
//! the marker. What a real KAS line puts there is not public, so the common
//! forms are tried and anything else leaves the line without a time.

/// A time found on a line: its text as written and, when it names a day,
/// seconds since the epoch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub text: String,
    pub epoch: Option<i64>,
}

/// The first time on `line`: an ISO 8601 date-time (`T` or a space between
/// date and time; `Z`, an offset, or none, read as local time), else a JSON
/// epoch in seconds or milliseconds under `"time"`, `"ts"` or `"timestamp"`,
/// else a bare time of day (`22:06:13`, no day: not comparable).
pub fn find(line: &[u8]) -> Option<Stamp> {
    iso(line).or_else(|| json_epoch(line)).or_else(|| time_of_day(line))
}

fn digits(bytes: &[u8], at: usize, n: usize) -> Option<i64> {
    let part = bytes.get(at..at + n)?;
    if !part.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(part.iter().fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0')))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `HH:MM` with optional `:SS` and fraction at `at`; (seconds of day, end).
fn clock(line: &[u8], at: usize) -> Option<(i64, usize)> {
    let h = digits(line, at, 2)?;
    if line.get(at + 2) != Some(&b':') {
        return None;
    }
    let m = digits(line, at + 3, 2)?;
    let mut end = at + 5;
    let mut s = 0;
    if line.get(end) == Some(&b':') {
        s = digits(line, end + 1, 2)?;
        end += 3;
        if matches!(line.get(end), Some(b'.' | b',')) && line.get(end + 1).is_some_and(u8::is_ascii_digit) {
            end += 1;
            while line.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
        }
    }
    (h < 24 && m < 60 && s < 61).then_some((h * 3600 + m * 60 + s, end))
}

/// Where a number of `width` digits followed by `sep` may start: not right after another digit.
fn starts(line: &[u8], sep: u8, width: usize) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(sep, line)
        .filter_map(move |at| at.checked_sub(width))
        .filter(|&start| start == 0 || !line[start - 1].is_ascii_digit())
}

fn iso(line: &[u8]) -> Option<Stamp> {
    for start in starts(line, b'-', 4) {
        let dash = start + 4;
        let (Some(y), Some(mo), Some(d)) =
            (digits(line, start, 4), digits(line, dash + 1, 2), digits(line, dash + 4, 2))
        else {
            continue;
        };
        if line.get(dash + 3) != Some(&b'-')
            || !(1..=12).contains(&mo)
            || !(1..=31).contains(&d)
            || !matches!(line.get(dash + 6), Some(b'T' | b' '))
        {
            continue;
        }
        let Some((seconds, mut end)) = clock(line, dash + 7) else { continue };
        let days = days_from_civil(y, mo, d);
        let offset = match line.get(end) {
            Some(b'Z') => {
                end += 1;
                Some(0)
            }
            Some(sign @ (b'+' | b'-')) => {
                let h = digits(line, end + 1, 2);
                let colon = usize::from(line.get(end + 3) == Some(&b':'));
                match (h, digits(line, end + 3 + colon, 2)) {
                    (Some(h), Some(m)) => {
                        end += 3 + colon + 2;
                        Some(if *sign == b'+' { h * 3600 + m * 60 } else { -(h * 3600 + m * 60) })
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let local = days * 86_400 + seconds;
        let epoch = match offset {
            Some(offset) => Some(local - offset),
            None => local_to_epoch(y, mo, d, seconds),
        };
        return Some(Stamp { text: text(&line[start..end]), epoch });
    }
    None
}

fn json_epoch(line: &[u8]) -> Option<Stamp> {
    for key in [&b"\"time\":"[..], b"\"ts\":", b"\"timestamp\":"] {
        let Some(at) = memchr::memmem::find(line, key) else { continue };
        let mut start = at + key.len();
        while line.get(start) == Some(&b' ') {
            start += 1;
        }
        let mut end = start;
        while line.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        let value = digits(line, start, end - start)?;
        let epoch = match end - start {
            13 => value / 1000,
            10 => value,
            _ => continue,
        };
        return Some(Stamp { text: text(&line[start..end]), epoch: Some(epoch) });
    }
    None
}

fn time_of_day(line: &[u8]) -> Option<Stamp> {
    for start in starts(line, b':', 2) {
        if let Some((_, end)) = clock(line, start).filter(|(_, end)| end - start >= 8) {
            return Some(Stamp { text: text(&line[start..end]), epoch: None });
        }
    }
    None
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { yoe + era * 400 + 1 } else { yoe + era * 400 }, m, d)
}

/// `2026-11-30 14:02:11 UTC`
pub fn utc(epoch: i64) -> String {
    let (y, m, d) = civil_from_days(epoch.div_euclid(86_400));
    let s = epoch.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC", s / 3600, s / 60 % 60, s % 60)
}

/// A date-time without a zone, as this machine's local time (a log written
/// here was written in its zone).
fn local_to_epoch(y: i64, mo: i64, d: i64, seconds: i64) -> Option<i64> {
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    tm.tm_year = i32::try_from(y - 1900).ok()?;
    tm.tm_mon = (mo - 1) as i32;
    tm.tm_mday = d as i32;
    tm.tm_hour = (seconds / 3600) as i32;
    tm.tm_min = (seconds / 60 % 60) as i32;
    tm.tm_sec = (seconds % 60) as i32;
    tm.tm_isdst = -1;
    let t = unsafe { libc::mktime(&mut tm) };
    (t != -1).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let s = find(b"2026-11-29T22:06:13.412Z INFO [kas] x").unwrap();
        assert_eq!(
            (s.text.as_str(), s.epoch),
            ("2026-11-29T22:06:13.412Z", Some(days_from_civil(2026, 11, 29) * 86_400 + 22 * 3600 + 6 * 60 + 13))
        );
        let s = find(b"[2026-11-29 23:06:13+01:00] info").unwrap();
        assert_eq!(s.epoch, find(b"2026-11-29T22:06:13Z").unwrap().epoch);
        let s = find(br#"{"level":30,"time":1764454000123,"msg":"x"}"#).unwrap();
        assert_eq!((s.text.as_str(), s.epoch), ("1764454000123", Some(1_764_454_000)));
        let s = find(b"[22:06:13] INFO x").unwrap();
        assert_eq!((s.text.as_str(), s.epoch), ("22:06:13", None));
        assert_eq!(find(b"steer-1 into kiro (00000001) (handlers: 1)"), None);
        // Five digits are not a year: only the time of day is found.
        assert_eq!(find(b"12026-11-29T22:06:13Z").unwrap().epoch, None);
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(days_from_civil(2026, 11, 30) * 86_400 + 3661), "2026-11-30 01:01:01 UTC");
    }
}
