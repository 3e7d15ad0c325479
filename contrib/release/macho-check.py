#!/usr/bin/env python3
"""Checks a macOS binary built on Linux, where it cannot be run:

    python3 macho-check.py BINARY ARCH [LIBSYSTEM_TBD]

ARCH is arm64 or x86_64. The file must be a 64-bit Mach-O executable of that
architecture (one, not a fat file), linked (a dynamic loader, an entry point,
symbols bound to libraries), loading only libSystem (and libiconv), with a code
signature on arm64 (macOS kills unsigned arm64 code). With the libSystem.tbd
the link used, every imported symbol must be one it exports. Prints one line
of what it found; exits 1 naming the first thing that is wrong.
"""
import re
import struct
import sys

CPU = {"arm64": 0x0100000C, "x86_64": 0x01000007}
MH_MAGIC_64, MH_EXECUTE = 0xFEEDFACF, 0x2
LC_SYMTAB, LC_DYSYMTAB, LC_LOAD_DYLINKER = 0x2, 0xB, 0xE
LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB = 0xC, 0x80000018, 0x8000001F
LC_CODE_SIGNATURE, LC_MAIN, LC_BUILD_VERSION = 0x1D, 0x80000028, 0x32
# libSystem, and the two libraries the libc crate names on macOS (-liconv,
# which brings libcharset): both in every macOS's /usr/lib.
ALLOWED_DYLIBS = {"/usr/lib/libSystem.B.dylib", "/usr/lib/libiconv.2.dylib", "/usr/lib/libcharset.1.dylib"}


def fail(msg):
    print(f"macho-check: {sys.argv[1]}: {msg}", file=sys.stderr)
    sys.exit(1)


def cstr(data, at):
    return data[at : data.index(b"\0", at)].decode()


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 32:
        fail("too short to be Mach-O")
    magic, cputype, _, filetype, ncmds, _, _, _ = struct.unpack_from("<IiiIIIII", data)
    if magic != MH_MAGIC_64:
        fail(f"not a 64-bit little-endian Mach-O file (magic {magic:#x})")
    found = {"cputype": cputype & 0xFFFFFFFF, "filetype": filetype, "dylibs": [], "imports": []}
    at = 32
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, at)
        if cmd in (LC_LOAD_DYLIB, LC_LOAD_WEAK_DYLIB, LC_REEXPORT_DYLIB):
            (name,) = struct.unpack_from("<I", data, at + 8)
            found["dylibs"].append(cstr(data, at + name))
        elif cmd == LC_LOAD_DYLINKER:
            (name,) = struct.unpack_from("<I", data, at + 8)
            found["dylinker"] = cstr(data, at + name)
        elif cmd == LC_MAIN:
            found["main"] = True
        elif cmd == LC_CODE_SIGNATURE:
            found["signature"] = True
        elif cmd == LC_BUILD_VERSION:
            (_, minos) = struct.unpack_from("<II", data, at + 8)
            found["minos"] = f"{minos >> 16}.{(minos >> 8) & 0xFF}"
        elif cmd == LC_SYMTAB:
            found["symtab"] = struct.unpack_from("<IIII", data, at + 8)
        elif cmd == LC_DYSYMTAB:
            found["undef"] = struct.unpack_from("<II", data, at + 8 + 4 * 4)
        at += size
    if "symtab" in found and "undef" in found:
        symoff, _, stroff, _ = found["symtab"]
        first, count = found["undef"]
        for i in range(first, first + count):
            (strx,) = struct.unpack_from("<I", data, symoff + 16 * i)
            found["imports"].append(cstr(data, stroff + strx))
    return found


def exported(tbd):
    """Every symbol a .tbd text stub lists for any target."""
    with open(tbd) as f:
        text = f.read()
    names = set()
    for block in re.findall(r"(?:symbols|weak-symbols|thread-local-symbols):\s*\[([^\]]*)\]", text):
        names.update(s.strip().strip("'\"") for s in block.split(","))
    for block in re.findall(r"objc-classes:\s*\[([^\]]*)\]", text):
        names.update("_OBJC_CLASS_$_" + s.strip() for s in block.split(","))
    return names


def main():
    if len(sys.argv) not in (3, 4) or sys.argv[2] not in CPU:
        fail("usage: macho-check.py BINARY arm64|x86_64 [LIBSYSTEM_TBD]")
    arch = sys.argv[2]
    m = read(sys.argv[1])
    if m["cputype"] != CPU[arch]:
        fail(f"CPU type {m['cputype']:#x}, not {arch}")
    if m["filetype"] != MH_EXECUTE:
        fail(f"file type {m['filetype']}, not an executable")
    if m.get("dylinker") != "/usr/lib/dyld" or not m.get("main"):
        fail("no dynamic loader or entry point: not a linked program")
    extra = set(m["dylibs"]) - ALLOWED_DYLIBS
    if extra or "/usr/lib/libSystem.B.dylib" not in m["dylibs"]:
        fail(f"loads {sorted(m['dylibs'])}; only {sorted(ALLOWED_DYLIBS)} is expected")
    if arch == "arm64" and not m.get("signature"):
        fail("no code signature: macOS on arm64 would kill it")
    if not m["imports"]:
        fail("imports no symbol: not linked against libSystem")
    if len(sys.argv) == 4:
        missing = sorted(set(m["imports"]) - exported(sys.argv[3]))
        if missing:
            fail(f"{len(missing)} imported symbols are not in {sys.argv[3]}: {', '.join(missing[:10])}")
    print(
        f"{sys.argv[1]}: Mach-O 64-bit {arch} executable, macOS {m.get('minos', '?')} or later, "
        f"loads {', '.join(m['dylibs'])}, imports {len(m['imports'])} symbols"
        + (", all exported by libSystem" if len(sys.argv) == 4 else "")
        + (", with a code signature" if m.get("signature") else "")
    )


main()
