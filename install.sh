#!/bin/sh
# Installs a prebuilt kiro-steer-scope, without root and without Rust:
#
#   curl -fsSL <release location>/install.sh | sh
#   sh install.sh [--prefix DIR] [--from URL] [--version X.Y.Z]
#
# It picks the archive for this machine, fetches it and SHA256SUMS from the
# release location, checks the archive's sha256 before unpacking it, and puts
# the binary in PREFIX/bin, the man page and completions under PREFIX/share.
# Any failure stops it with one message and nothing installed.
# docs/RELEASE.md describes the archives and this script.
set -eu

# The project's releases; `--from` or KIRO_STEER_SCOPE_RELEASE replace it.
PROJECT=https://github.com/kiro-steer-scope/kiro-steer-scope/releases
NAME=kiro-steer-scope

say() { printf '%s\n' "$*"; }
die() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}

usage() {
  cat <<EOF
usage: install.sh [--prefix DIR] [--from URL] [--version X.Y.Z]

  --prefix DIR    install into DIR/bin and DIR/share (default: \$HOME/.local)
  --from URL      the release location: a folder (https://, http:// or file://)
                  holding the archives and SHA256SUMS (default: KIRO_STEER_SCOPE_RELEASE,
                  else the project's latest release)
  --version X.Y.Z the project's release X.Y.Z instead of the latest (ignored with --from)
EOF
}

prefix=${HOME:+$HOME/.local}
from=${KIRO_STEER_SCOPE_RELEASE:-}
version=""
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) [ $# -ge 2 ] || die "--prefix needs a folder"; prefix=$2; shift ;;
    --prefix=*) prefix=${1#--prefix=} ;;
    --from) [ $# -ge 2 ] || die "--from needs a URL"; from=$2; shift ;;
    --from=*) from=${1#--from=} ;;
    --version) [ $# -ge 2 ] || die "--version needs a version"; version=$2; shift ;;
    --version=*) version=${1#--version=} ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" ;;
  esac
  shift
done
[ -n "$prefix" ] || die "no --prefix and no HOME: say where to install with --prefix DIR"
case $prefix in /*) ;; *) prefix=$(pwd)/$prefix ;; esac
if [ -z "$from" ]; then
  if [ -n "$version" ]; then from=$PROJECT/download/v${version#v}; else from=$PROJECT/latest/download; fi
fi
from=${from%/}

# The Rust target of this machine's archive.
platform() {
  os=$(uname -s 2>/dev/null) || die "cannot run uname to find this machine's platform"
  arch=$(uname -m 2>/dev/null) || die "cannot run uname to find this machine's platform"
  case $arch in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=aarch64 ;;
    *) arch="unknown:$arch" ;;
  esac
  case $os in
    Linux) os=unknown-linux-musl ;;
    Darwin)
      os=apple-darwin
      # An x86_64 shell under Rosetta on Apple silicon: the native binary.
      if [ "$arch" = x86_64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null)" = 1 ]; then arch=aarch64; fi
      ;;
    *) os="unknown:$os" ;;
  esac
  case "$arch $os" in
    *unknown:*)
      die "no prebuilt binary for $(uname -s) $(uname -m) (there are Linux and macOS builds for x86_64 and aarch64); nothing was installed. Build it from source: cargo install --locked --git <URL of the repository> kiro-steer-scope"
      ;;
  esac
  echo "$arch-$os"
}

# The tools a download needs, before anything is fetched.
case $from in
  file://*) fetch_with=copy ;;
  http://* | https://*)
    if command -v curl >/dev/null 2>&1; then
      fetch_with=curl
    elif command -v wget >/dev/null 2>&1; then
      fetch_with=wget
    else
      die "neither curl nor wget is installed, and $from needs one of them to download; nothing was installed. Install one, or download the archive and SHA256SUMS to a folder and pass --from file:///that/folder"
    fi
    ;;
  *) die "the release location must be an https://, http:// or file:// URL: $from" ;;
esac
if command -v sha256sum >/dev/null 2>&1; then
  sha256() { sha256sum "$1" | cut -d' ' -f1; }
elif command -v shasum >/dev/null 2>&1; then
  sha256() { shasum -a 256 "$1" | cut -d' ' -f1; }
else
  die "neither sha256sum nor shasum is installed, so the download cannot be checked; nothing was installed"
fi
for tool in tar gzip mktemp; do
  command -v $tool >/dev/null 2>&1 || die "$tool is not installed; nothing was installed"
done

target=$(platform)
archive=$NAME-$target.tar.gz

# Whether a file can be made in $1, or in the nearest folder above it that
# exists (the folders are made only at the end).
writable() {
  dir=$1
  while [ ! -e "$dir" ]; do dir=$(dirname "$dir"); done
  [ -d "$dir" ] || return 1
  probe=$(mktemp "$dir/.$NAME-probe.XXXXXX" 2>/dev/null) || return 1
  rm -f "$probe"
}
bindir=$prefix/bin
mandir=$prefix/share/man/man1
bashdir=$prefix/share/bash-completion/completions
zshdir=$prefix/share/zsh/site-functions
fishdir=$prefix/share/fish/vendor_completions.d
for dir in "$bindir" "$mandir" "$bashdir" "$zshdir" "$fishdir"; do
  writable "$dir" || die "cannot write in $dir (not a folder, or no permission); nothing was installed. Choose another place with --prefix DIR"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/$NAME-install.XXXXXX") || die "cannot make a temporary folder"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

fetch() {
  case $fetch_with in
    copy) cp "${1#file://}" "$2" ;;
    curl) curl --proto '=https,http' -fsSL -o "$2" "$1" ;;
    wget) wget -q -O "$2" "$1" ;;
  esac || die "cannot fetch $1; nothing was installed"
}

say "fetching $archive for $target from $from"
fetch "$from/SHA256SUMS" "$tmp/SHA256SUMS"
fetch "$from/$archive" "$tmp/$archive"
want=$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1; exit }' "$tmp/SHA256SUMS")
[ -n "$want" ] || die "SHA256SUMS at $from does not list $archive; nothing was installed"
have=$(sha256 "$tmp/$archive")
[ "$have" = "$want" ] ||
  die "checksum mismatch for $archive: SHA256SUMS says $want, the download is $have; nothing was installed"

mkdir "$tmp/x"
(cd "$tmp/x" && gzip -dc "../$archive" | tar -xf -) || die "cannot unpack $archive; nothing was installed"
src=$tmp/x/${archive%.tar.gz}
for f in "$NAME" "$NAME.1" complete/$NAME.bash complete/_$NAME complete/$NAME.fish; do
  [ -f "$src/$f" ] || die "$archive has no $f; nothing was installed"
done
v=$("$src/$NAME" --version 2>/dev/null) || die "the binary in $archive does not run on this machine; nothing was installed"

# Each file is copied beside its place, then renamed over it.
put() {
  mkdir -p "$3" || die "cannot make $3"
  if ! { cp "$1" "$3/.$2.new.$$" && chmod "$4" "$3/.$2.new.$$" && mv -f "$3/.$2.new.$$" "$3/$2"; }; then
    rm -f "$3/.$2.new.$$"
    die "cannot write $3/$2"
  fi
}
put "$src/$NAME" "$NAME" "$bindir" 755
put "$src/$NAME.1" "$NAME.1" "$mandir" 644
put "$src/complete/$NAME.bash" "$NAME" "$bashdir" 644
put "$src/complete/_$NAME" "_$NAME" "$zshdir" 644
put "$src/complete/$NAME.fish" "$NAME.fish" "$fishdir" 644

say "installed $v: $bindir/$NAME"
say "  man page: $mandir/$NAME.1; completions for bash, zsh and fish under $prefix/share"
case ":${PATH:-}:" in
  *":$bindir:"*) run=$NAME ;;
  *)
    run=$bindir/$NAME
    say "  $bindir is not on PATH: add  export PATH=\"$bindir:\$PATH\"  to ~/.profile (or your shell's rc file)"
    ;;
esac
login_shell=${SHELL:-}
[ "${login_shell##*/}" != zsh ] || say "  zsh: add  fpath=($zshdir \$fpath)  before compinit in ~/.zshrc for the completions"
say ""
say "Next, set it up once (it prints the lines that make kiro-cli start the launch shim):"
say "  $run --set-up"
