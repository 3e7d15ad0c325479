//! The floor under kiro-steer-scope's own cost: a bare swc parse of a file (the
//! AST kept, not dropped, as the tool does), with the same parser settings and
//! allocator. bench/run times it beside node --check.
//!
//!   cargo run --release --example bare_parse -- FILE module|script
use swc_common::BytePos;
use swc_ecma_ast::EsVersion;
use swc_ecma_parser::{lexer::Lexer, EsSyntax, Parser, StringInput, Syntax};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: bare_parse FILE module|script");
    let module = args.next().as_deref() == Some("module");
    let source = std::fs::read_to_string(&path).expect("read the file");
    // The process exits from the parser thread: no thread teardown, no drop.
    let parser_thread = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || {
            let input = StringInput::new(&source, BytePos(1), BytePos(1 + source.len() as u32));
            let syntax = Syntax::Es(EsSyntax { allow_return_outside_function: false, ..Default::default() });
            let mut parser = Parser::new_from(Lexer::new(syntax, EsVersion::latest(), input, None));
            let ok = if module {
                parser.parse_module().map(std::mem::forget).is_ok()
            } else {
                parser.parse_script().map(std::mem::forget).is_ok()
            };
            std::process::exit(if ok && parser.take_errors().is_empty() { 0 } else { 1 });
        })
        .expect("spawn the parser thread");
    let _ = parser_thread.join();
    std::process::exit(1);
}
