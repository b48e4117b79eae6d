#!/usr/bin/env bash
# What the tests need besides `npm ci`, installed when missing (a second run does nothing):
#   - Debian packages: chromium (+ a font) for test/browser/, a Java runtime for the Nu HTML Checker
#     (vnu.jar), nginx for the hosting conformance tests (they start it themselves on 127.0.0.1), and
#     a C/C++ toolchain with Python for better-sqlite3, which the real Strapi compiles from source;
#   - Strapi 4 and 5 for test/strapi/, installed into ${XDG_CACHE_HOME:-~/.cache}/sitegen/strapi
#     (outside the repository; a few minutes and ~1.3 GB the first time, cached after that).
# `npm test` runs it first (the `pretest` script), and so does .ci/run. As root it installs the Debian
# packages with apt-get (sudo when that works without a password); otherwise it prints the command.
#
# Options: --dry-run  only say what would be installed
#          --assume-missing  treat every Debian package as missing (with --dry-run: the full list)
set -euo pipefail
cd "$(dirname "$0")/../.."

dry_run=false
assume_missing=false
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=true ;;
    --assume-missing) assume_missing=true ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-test-dependencies: unknown option $arg (try --help)" >&2; exit 2 ;;
  esac
done

# Each check names the packages that satisfy it.
has() { ! $assume_missing && "$@" >/dev/null 2>&1; }
apt_packages=()
has test -x /usr/bin/chromium || apt_packages+=(chromium fonts-liberation)
has command -v java || apt_packages+=(default-jre-headless)
has test -x /usr/sbin/nginx || apt_packages+=(nginx)
{ has command -v make && has command -v g++ && has command -v python3; } || apt_packages+=(build-essential python3)

if [ "${#apt_packages[@]}" -gt 0 ]; then
  command_line="apt-get update && apt-get install -y --no-install-recommends ${apt_packages[*]}"
  if $dry_run; then
    echo "Would install with apt: ${apt_packages[*]}"
    echo "  ($command_line)"
  elif ! command -v apt-get >/dev/null 2>&1; then
    echo "The tests need these Debian packages (or their equivalents on this system): ${apt_packages[*]}" >&2
    echo "apt-get is not available here: install them with your package manager, then run npm test again." >&2
    exit 1
  else
    as_root=()
    if [ "$(id -u)" -ne 0 ]; then
      if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        as_root=(sudo)
      else
        echo "The tests need these Debian packages: ${apt_packages[*]}" >&2
        echo "Install them as root, then run npm test again:" >&2
        echo "  sudo sh -c '$command_line'" >&2
        exit 1
      fi
    fi
    echo "Installing with apt: ${apt_packages[*]}"
    # Slim images drop man pages; the JRE's postinst still links into this folder.
    "${as_root[@]}" mkdir -p /usr/share/man/man1
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o Dpkg::Use-Pty=0 "${apt_packages[@]}" </dev/null >/dev/null
  fi
elif $dry_run; then
  echo "Debian packages: all there (chromium, java, nginx, make/g++/python3)"
fi

if [ ! -d node_modules/tsx ]; then
  echo "node_modules is missing: run npm ci first" >&2
  exit 1
fi
if $dry_run; then
  node bin/run-ts.js test/strapi/install-strapi.ts --dry-run
else
  node bin/run-ts.js test/strapi/install-strapi.ts
fi
