//! Unescape: the text a string, template or identifier spelled with escapes
//! stands for, as the literals the anchors look for are compared with it.

/// The text a JavaScript string, template text or identifier with escapes
/// stands for (lossy where it does not matter: lone surrogates, bad escapes).
pub fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    let hex = |digits: &str| u32::from_str_radix(digits, 16).ok().and_then(char::from_u32).unwrap_or('\u{fffd}');
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else { break };
        match e {
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'v' => out.push('\u{b}'),
            // A line continuation stands for nothing.
            '\n' | '\u{2028}' | '\u{2029}' => {}
            '\r' => {
                chars.next_if_eq(&'\n');
            }
            'x' => {
                let digits: String = (0..2).filter_map(|_| chars.next_if(|c| c.is_ascii_hexdigit())).collect();
                out.push(hex(&digits));
            }
            'u' if chars.next_if_eq(&'{').is_some() => {
                let digits: String = std::iter::from_fn(|| chars.next_if(|c| *c != '}')).collect();
                chars.next();
                out.push(hex(&digits));
            }
            'u' => {
                let digits: String = (0..4).filter_map(|_| chars.next_if(|c| c.is_ascii_hexdigit())).collect();
                out.push(hex(&digits));
            }
            '0'..='7' => {
                let mut value = e.to_digit(8).expect("octal");
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) if value * 8 + d <= 0o377 => {
                            value = value * 8 + d;
                            chars.next();
                        }
                        _ => break,
                    }
                }
                out.push(char::from_u32(value).unwrap_or('\u{fffd}'));
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_spells_what_the_parser_cooks() {
        assert_eq!(unescape(r#""set\u0053teering\x52eader\u{49}ndex""#), "\"setSteeringReaderIndex\"");
        assert_eq!(unescape("inj\\\nected \\163teering"), "injected steering");
        assert_eq!(unescape(r"h\u0061ndlers"), "handlers");
        assert_eq!(unescape(r"\[LiveSteeringHook\]"), "[LiveSteeringHook]");
    }
}
