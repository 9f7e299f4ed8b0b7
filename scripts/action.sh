#!/usr/bin/env bash
# The shell of the GitHub Action (action.yml at the repository root), kept
# here so that it runs the same way locally (tests/install.cmake runs it on
# tests/projects/).
#
#   action.sh install   simulee on the PATH: the one there already (the .deb,
#                       an earlier step), else install the Debian packages it
#                       needs and build and install this checkout into
#                       $RUNNER_TEMP/simulee (added to $GITHUB_PATH)
#   action.sh scan      simulee scan "$INPUT_PATH" $INPUT_ARGS, SARIF to
#                       $INPUT_SARIF_FILE (none if empty), then the step's
#                       status from $INPUT_FAIL_ON:
#                         findings    fail on findings (1) and errors (2)
#                                     (default; incomplete (3): a warning)
#                         incomplete  fail on 1, 2 and 3
#                         error       fail on errors (2) only: the findings
#                                     go to code scanning
#                         never       never fail
#                       and writes exit-code=N to $GITHUB_OUTPUT.
# INPUT_ARGS is split on blanks (no quoting). SIMULEE names the program
# (default: simulee on the PATH).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sim=${SIMULEE:-simulee}

install() {
  if command -v "$sim" >/dev/null 2>&1; then
    echo "simulee: using $(command -v "$sim"): $("$sim" --version | head -1)"
    return 0
  fi
  local sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  local pkgs="cmake make gcc g++ pkg-config llvm-19-dev clang-19 libgsl-dev libcunit1-dev
    libjson-c-dev libxxhash-dev libzstd-dev zlib1g-dev bubblewrap"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  # shellcheck disable=SC2086 # one word per package
  $sudo apt-get install -y -q --no-install-recommends $pkgs </dev/null
  local tmp=${RUNNER_TEMP:-/tmp}
  cmake -S "$here" -B "$tmp/simulee-build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build "$tmp/simulee-build" -j "$(nproc)" --target simulee simulee_pch simulee_man
  cmake --install "$tmp/simulee-build" --prefix "$tmp/simulee" >/dev/null
  if [ -n "${GITHUB_PATH:-}" ]; then echo "$tmp/simulee/bin" >>"$GITHUB_PATH"; fi
  "$tmp/simulee/bin/simulee" --version | head -1
}

# A workflow command's message as GitHub documents it: % as %25, CR as %0D,
# LF as %0A (a value cannot end the command's line or start one of its own).
gh_escape() {
  local s=${1//%/%25}
  s=${s//$'\r'/%0D}
  printf '%s' "${s//$'\n'/%0A}"
}

scan() {
  local path=${INPUT_PATH:-.} sarif=${INPUT_SARIF_FILE-simulee.sarif} failon=${INPUT_FAIL_ON:-findings}
  case $failon in
    findings|incomplete|error|never) ;;
    *) echo "::error::simulee action: fail-on '$(gh_escape "$failon")': expected findings, incomplete, error or never"
       return 2 ;;
  esac
  local -a args=() cmd
  read -r -a args <<<"${INPUT_ARGS:-}"
  cmd=("$sim" scan "$path" "${args[@]}" --no-progress)
  if [ -n "$sarif" ]; then cmd+=(--format sarif -o "$sarif"); fi
  echo "simulee: ${cmd[*]}"
  local rc=0
  "${cmd[@]}" || rc=$?
  if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "exit-code=$rc" >>"$GITHUB_OUTPUT"; fi
  local fail=0
  case $rc in
    0) ;;
    1) if [ "$failon" = findings ] || [ "$failon" = incomplete ]; then fail=1; fi ;;
    3) if [ "$failon" = incomplete ]; then fail=1
       else echo "::warning::simulee: some kernels or files were not checked to the end (exit status 3)"; fi ;;
    *) if [ "$failon" != never ]; then fail=1; fi ;;
  esac
  if [ "$fail" = 1 ]; then
    echo "::error::simulee scan exited with status $rc (fail-on: $(gh_escape "$failon"))"
    return 1
  fi
  return 0
}

case ${1:-} in
  install) install ;;
  scan) scan ;;
  *) echo "usage: action.sh install|scan" >&2; exit 2 ;;
esac
