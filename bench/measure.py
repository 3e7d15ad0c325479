"""Times node --check and kiro-steer-scope on the bench bundles (run by bench/run)."""
import gzip
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET_DIR = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
TOOL = os.path.join(TARGET_DIR, "release", "kiro-steer-scope")
BARE_PARSE = os.path.join(TARGET_DIR, "release", "examples", "bare_parse")
TARGET_IN_TREE = "node_modules/@kiro/agent/dist/server/acp-server.js"
BUNDLES = ["minified-esm", "readable-cjs", "minified-cjs", "readable-esm", "colliding-esm", "gemini-esm"]
# BENCH_BUNDLES=a,b: only those bundles.
if os.environ.get("BENCH_BUNDLES"):
    BUNDLES = [b for b in BUNDLES if b in os.environ["BENCH_BUNDLES"].split(",")]
NODE = shutil.which("node")
# The tool parses the whole file instead of what the anchors can touch when this is set.
WHOLE = {"KIRO_STEER_SCOPE_WHOLE_PARSE": "1"}
# The launch shim is the tool under the name kiro-cli starts in node's place;
# it reads the choice from this config (written in main) and execs NODE.
SHIM_DIR = tempfile.mkdtemp(prefix="kss-bench-")
SHIM = os.path.join(SHIM_DIR, "kiro-steer-scope-node")
SHIM_ENV = {"KIRO_STEER_SCOPE_CONFIG": os.path.join(SHIM_DIR, "config.toml"), "KIRO_STEER_SCOPE_CACHE": os.path.join(SHIM_DIR, "cache")}
# The same, handing over to `true` instead of node: the shim's own cost, without node's noise.
SHIM_ALONE_ENV = {**SHIM_ENV, "KIRO_STEER_SCOPE_CONFIG": os.path.join(SHIM_DIR, "alone.toml")}
# With no usable cache the shim cannot know the file from before: it verifies the markers every time.
SHIM_UNSTAMPED_ENV = {**SHIM_ALONE_ENV, "KIRO_STEER_SCOPE_CACHE": "/dev/null/no-cache"}
# step -> (argv after the tool, expected exit code, extra environment)
STEPS = [
    ("node --check", None, 0, None),
    ("(swc parse alone)", "bare", 0, None),
    ("--check", ["--check"], 1, None),
    ("--check (whole parse)", ["--check"], 1, WHOLE),
    ("--dry-run", ["--dry-run"], 0, None),
    ("--dry-run (whole parse)", ["--dry-run"], 0, WHOLE),
    ("apply", [], 0, None),
    # On the patched file: the no-op must cost what --check costs.
    ("--check (patched)", ["--check"], 0, None),
    ("apply (no-op)", [], 0, None),
    ("--ensure (no-op)", ["--ensure"], 0, None),
    # The launch shim on the patched file, handing over to `true`: apply stamped the file (its
    # inode, size and change time), so the shim need not read it; without the stamp it verifies
    # the markers (a file patched by another user, or with no cache).
    ("shim alone", "shim", 0, SHIM_ALONE_ENV),
    ("shim alone (unstamped)", "shim", 0, SHIM_UNSTAMPED_ENV),
    # End to end: node --check of the same file, started through the shim as kiro-cli starts node.
    ("node --check via the shim", "shim", 0, SHIM_ENV),
    ("--restore", ["--restore"], 0, None),
]


def run(argv, expect, env=None):
    """Wall time (s) and peak RSS (bytes) of one process (its waited-for children included)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env and {**os.environ, **env})
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode != expect:
        sys.exit(f"{' '.join(argv)}: exit {proc.returncode}, expected {expect}\n{err}")
    return elapsed, usage.ru_maxrss * 1024


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


AUDIT_BYTES = 200 * 10**6


def audit_log(folder):
    """A 200 MB kiro.log (and a gzip copy): turns of 200 lines, each with a root
    drawing two steers, a late sub-agent drawing both again (two replays) and a
    notification, among debug noise. Written once, then reused."""
    plain = os.path.join(folder, "plain", "bench-session", "kiro.log")
    packed = os.path.join(folder, "gzip", "bench-session", "kiro.log.gz")
    if os.path.exists(plain) and os.path.getsize(plain) >= AUDIT_BYTES and os.path.exists(packed):
        return plain, packed
    os.makedirs(os.path.dirname(plain), exist_ok=True)
    os.makedirs(os.path.dirname(packed), exist_ok=True)
    size, turn = 0, 0
    with open(plain, "w") as out:
        while size < AUDIT_BYTES:
            turn += 1
            t = 1_764_460_800 + turn * 60
            stamp = lambda n: time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t + n // 10)) + f".{n % 1000:03d}Z"
            root, sub = f"{turn * 2:08x}", f"{turn * 2 + 1:08x}"
            hook = "INFO [kas:session-1] [LiveSteeringHook] injected steering"
            lines = []
            for n in range(200):
                if n == 20:
                    lines.append(f"{stamp(n)} {hook} steer-{turn}-a into chat-agent ({root}) (handlers: 1)")
                elif n == 60:
                    lines.append(f"{stamp(n)} {hook} steer-{turn}-b into chat-agent ({root}) (handlers: 1)")
                elif n == 120:
                    lines.append(f"{stamp(n)} {hook} steer-{turn}-a into explorer ({sub}) (handlers: 2)")
                    lines.append(f"{stamp(n)} {hook} steer-{turn}-b into explorer ({sub}) (handlers: 2)")
                elif n == 150:
                    lines.append(f"{stamp(n)} {hook} notify-{turn} into explorer ({sub}) (handlers: 1)")
                else:
                    lines.append(f"{stamp(n)} DEBUG [kas:session-1] [ModelInvoke] turn {turn} step {n}: streamed 512 tokens from the provider in 840 ms")
            block = "\n".join(lines) + "\n"
            out.write(block)
            size += len(block)
    with open(plain, "rb") as src, gzip.open(packed, "wb", compresslevel=1) as dst:
        shutil.copyfileobj(src, dst, 1 << 20)
    return plain, packed


def audit_rows(runs):
    """--audit of the generated log, plain and gzip, beside wc -l of the plain file and --audit of an empty one."""
    plain, packed = audit_log(os.path.join(ROOT, "bench", "out", "audit"))
    size = os.path.getsize(plain)
    empty = os.path.join(ROOT, "bench", "out", "audit", "empty", "bench-session")
    os.makedirs(empty, exist_ok=True)
    open(os.path.join(empty, "kiro.log"), "w").close()
    steps = [
        # Reads the whole file (grep would stop at its first match with output to /dev/null).
        ("wc -l (reference)", ["wc", "-l", plain], 0),
        # The tool's own floor: an empty log.
        ("--audit (empty log)", [TOOL, "--audit", "--logs", empty], 0),
        # No kiro-cli here: the bundle is unknown, so replays make exit 3.
        ("--audit", [TOOL, "--audit", "--logs", os.path.dirname(plain)], 3),
        ("--audit (gzip)", [TOOL, "--audit", "--logs", os.path.dirname(packed)], 3),
    ]
    times = {name: [] for name, _, _ in steps}
    rss = {name: 0 for name, _, _ in steps}
    # A child forked from python counts python's pages in its peak RSS until it
    # execs (about 18 MiB): small peaks are read by GNU time, a small parent.
    peak_file = os.path.join(ROOT, "bench", "out", "audit", "peak-kib")
    for round_ in range(runs + 1):
        for name, argv, expect in steps:
            elapsed, _ = run(["/usr/bin/time", "-f", "%M", "-o", peak_file, *argv], expect)
            with open(peak_file) as f:
                peak = int(f.read().split()[-1]) * 1024
            if round_ > 0:
                times[name].append(elapsed)
                rss[name] = max(rss[name], peak)
    print(f"--audit: {runs} runs, medians; a {size / 1e6:.0f} MB log ({os.path.getsize(packed) / 1e6:.0f} MB gzip)")
    print()
    print("| log | step | median | MB/s | peak RSS |")
    print("| --- | --- | ---: | ---: | ---: |")
    for name, _, _ in steps:
        t = statistics.median(times[name])
        shown = "0" if "empty" in name else f"{size / 1e6:.0f} MB"
        rate = "" if "empty" in name else f"{size / 1e6 / t:.0f}"
        print(f"| {shown} | {name} | {t:.2f} s | {rate} | {rss[name] / 2**20:.1f} MiB |")


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    if os.environ.get("BENCH_ONLY") == "audit":
        return audit_rows(runs)
    node_version = subprocess.run([NODE, "--version"], capture_output=True, text=True).stdout.strip()
    os.symlink(TOOL, SHIM)
    for env, node in ((SHIM_ENV, NODE), (SHIM_ALONE_ENV, shutil.which("true"))):
        with open(env["KIRO_STEER_SCOPE_CONFIG"], "w") as f:
            f.write(f'mode = "seed"\nwrite-to = "tree"\nnode = "{node}"\n')
    rows = []
    paths = []
    for bundle in BUNDLES:
        target = os.path.join(ROOT, "bench", "out", bundle, TARGET_IN_TREE)
        before = sha256(target)
        size = os.path.getsize(target)
        report = json.loads(subprocess.run([TOOL, "--target", target, "--check", "--json"], capture_output=True, text=True).stdout)
        paths.append(f"{bundle}: {report['parse']} parse: {report['parse_reason']}")
        times = {name: [] for name, _, _, _ in STEPS}
        rss = {name: 0 for name, _, _, _ in STEPS}
        # One warm-up round (page cache, node's compile cache), then the timed rounds;
        # each round leaves the file stock again (apply, then --restore).
        for round_ in range(runs + 1):
            for name, args, expect, env in STEPS:
                if args is None:
                    argv = [NODE, "--check", target]
                elif args == "bare":
                    argv = [BARE_PARSE, target, "module" if bundle.endswith("-esm") else "script"]
                elif args == "shim":
                    argv = [SHIM, "--check", target]
                else:
                    argv = [TOOL, "--target", target, "--node", NODE, *args]
                    # The tool's own runs see the same saved choice and cache as the shim.
                    env = {**SHIM_ENV, **(env or {})}
                elapsed, peak = run(argv, expect, env)
                if round_ > 0:
                    times[name].append(elapsed)
                    rss[name] = max(rss[name], peak)
        if sha256(target) != before:
            sys.exit(f"{bundle}: the bundle is not stock after the runs")
        base_t = statistics.median(times["node --check"])
        base_m = rss["node --check"]
        for name, _, _, _ in STEPS:
            t = statistics.median(times[name])
            rows.append((bundle, size, name, t, t / base_t, rss[name], rss[name] / base_m))
    print(f"{runs} runs of each step per bundle, medians; node {node_version}; {os.cpu_count()} CPUs")
    print("(swc parse alone: bench/bare_parse.rs, the floor under the whole-file parse;")
    print(" (whole parse): the same step with KIRO_STEER_SCOPE_WHOLE_PARSE=1)")
    for line in paths:
        print(line)
    print()
    print("| bundle | size | step | median | × node --check | peak RSS | × node --check |")
    print("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
    for bundle, size, name, t, tr, m, mr in rows:
        shown = f"{t:.2f} s" if t >= 0.1 else f"{t * 1000:.1f} ms"
        print(f"| {bundle} | {size / 1e6:.1f} MB | {name} | {shown} | {tr:.2f}× | {m / 2**20:.0f} MiB | {mr:.2f}× |")
    print()
    for bundle in BUNDLES:
        by = {name: (t, m) for b, _, name, t, _, m, _ in rows if b == bundle}
        check_t, check_m = by["--check (patched)"]
        for step in ("apply (no-op)", "--ensure (no-op)"):
            t, m = by[step]
            print(f"{bundle}: {step} = {t / check_t:.2f}× the time and {m / check_m:.2f}× the peak RSS of --check on the same patched file")
        node_t = by["node --check"][0]
        for step in ("shim alone", "shim alone (unstamped)"):
            added = by[step][0]
            print(f"{bundle}: {step}: the launch shim adds {added * 1000:.1f} ms to a start on the patched file, {added / node_t:.1%} of node --check (target: under 10%)")
    shutil.rmtree(SHIM_DIR, ignore_errors=True)
    print()
    audit_rows(runs)


if __name__ == "__main__":
    main()
