#!/bin/sh
# sandbox.sh CASE SIMULEE OUT: `simulee scan` configures a CMake tree in the
# sandbox (cli/configure.c): the tree's CMake code runs, but it cannot
# write outside its build folder, read the home, /tmp or the environment's
# tokens, reach the network, leave a process running, or run forever. Each
# case runs the tree in the sandbox and then, as the control that shows
# the tree really does what it says, with --configure=unsafe (the same code
# unconfined). OUT: a folder outside /tmp (read-only in the sandbox).
# Exit 77 (skipped, with a note) where bwrap cannot make a sandbox here.
# CASE: write, read, network, daemon, loop, fallback, hooks.
case=$1; sim=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); out=$3
bwrap=${SIMULEE_BWRAP:-bwrap}
src=$(cd "$(dirname "$0")/../.." && pwd)
if [ "$case" != fallback ] && [ "$case" != hooks ] &&
   ! "$bwrap" --unshare-all --die-with-parent --ro-bind / / --dev /dev --proc /proc true 2>/dev/null; then
  echo "note: skipped: bwrap cannot make user namespaces on this machine"
  exit 77
fi
d=$(mktemp -d /tmp/simulee-sandbox-test.XXXXXX) || exit 99
mark=m$$x$(date +%N)
pids=
cleanup() {
  for p in $pids; do kill "$p" 2>/dev/null; done
  kill_marked
  rm -rf "$d" "$out/$case"
}
trap cleanup EXIT
mkdir -p "$d/tree" "$d/home" "$out/$case" || exit 99
export HOME="$d/home"
# a kernel, so the scan has something to check after configuring
printf '__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }\n' >"$d/tree/scale.cu"
tree() { # the CMakeLists.txt: a project with no language (fast), then $1
  printf 'cmake_minimum_required(VERSION 3.16)\nproject(attack NONE)\n%s\n' "$1" >"$d/tree/CMakeLists.txt"
}
# running processes whose command line holds the mark
marked() {
  for p in /proc/[0-9]*; do
    c=$( { tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null) || continue
    case $c in *"$mark"*) echo "${p#/proc/} $c" ;; esac
  done
}
kill_marked() {
  for p in $(marked | cut -d' ' -f1); do kill -9 "$p" 2>/dev/null; done
}
fail() { echo "FAIL: $case: $*"; printf '%s\n' "$log"; exit 1; }
scan() { # scan the tree: stdout+stderr in $log, the status in $rc
  log=$(timeout 120 "$sim" scan "$d/tree" -j 1 --no-color --time-limit 5 "$@" 2>&1 </dev/null)
  rc=$?
}

case $case in
write)
  # writes outside the build folder: to OUT (read-only inside) and to a
  # folder under /tmp (an empty /tmp inside), by file(WRITE) and a command
  tree "file(WRITE \"$out/write/by-file\" x)
file(WRITE \"$d/by-file\" x)
execute_process(COMMAND touch \"$out/write/by-touch\" \"$d/by-touch\")"
  scan
  [ "$rc" = 0 ] || fail "exit status $rc"
  for f in "$out/write/by-file" "$d/by-file" "$out/write/by-touch" "$d/by-touch"; do
    [ -e "$f" ] && fail "the configure step wrote $f"
  done
  # it failed on the read-only file (CMake's message, one note)
  printf '%s\n' "$log" | grep -q "^simulee: note: .*tree: configuring with CMake failed (CMake Error at CMakeLists.txt:3 (file): file failed to open for writing (Read-only file system)" ||
    fail "no note of the failed write"
  scan --configure=unsafe
  for f in "$out/write/by-file" "$d/by-file" "$out/write/by-touch" "$d/by-touch"; do
    [ -e "$f" ] || fail "the control (unsafe) did not write $f"
  done
  ;;
read)
  # reads a file in the home, one beside the tree in /tmp and a token of
  # the environment, and fails with them in its message (which the scan's
  # note quotes)
  echo SECRETHOME1 >"$HOME/.netrc"
  echo SECRETTMP2 >"$d/secret.txt"
  # the folder above the tree, where the secret lies, a repository: still
  # outside the scanned tree
  git init -q "$d" 2>/dev/null || mkdir "$d/.git"
  tree "set(a none)
set(b none)
if(EXISTS \"$HOME/.netrc\")
  file(READ \"$HOME/.netrc\" a)
endif()
if(EXISTS \"$d/secret.txt\")
  file(READ \"$d/secret.txt\" b)
endif()
string(STRIP \"\${a}\" a)
string(STRIP \"\${b}\" b)
message(FATAL_ERROR \"leak: [\${a}] [\${b}] [\$ENV{GITHUB_TOKEN}]\")"
  export GITHUB_TOKEN=SECRETENV3
  scan --format json -o "$out/read/report.json"
  [ "$rc" = 0 ] || fail "exit status $rc"
  printf '%s\n' "$log" | grep -qF "configuring with CMake failed (CMake Error at CMakeLists.txt:13 (message): leak: [none] [none] [])" ||
    fail "no note with the empty leak"
  case $log in *SECRET*) fail "a secret reached the output" ;; esac
  grep -q SECRET "$out/read/report.json" && fail "a secret reached the JSON report"
  scan --configure=unsafe
  printf '%s\n' "$log" | grep -qF "leak: [SECRETHOME1] [SECRETTMP2] [SECRETENV3]" ||
    fail "the control (unsafe) did not read the secrets"
  ;;
network)
  # connects to a listener on 127.0.0.1 (perl-base's IO::Socket), which
  # counts the connections it accepts
  perl -MIO::Socket::INET -e '
    my $s = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => 0, Listen => 5,
                                  ReuseAddr => 1) or die "listen: $!";
    open(my $p, ">", "$ARGV[0].tmp") or die; print $p $s->sockport, "\n"; close $p;
    rename("$ARGV[0].tmp", $ARGV[0]);
    alarm 120;
    while (my $c = $s->accept) { open(my $m, ">>", $ARGV[1]); print $m "connected\n"; close $m; close $c; }
  ' "$d/port" "$d/connections" &
  pids="$pids $!"
  i=0
  while [ ! -s "$d/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
  port=$(cat "$d/port") || fail "no listener"
  tree "execute_process(COMMAND perl -MIO::Socket::INET -e \"IO::Socket::INET->new(PeerAddr => '127.0.0.1:$port', Timeout => 3) or exit 3\" RESULT_VARIABLE r)
message(STATUS \"connect: \${r}\")"
  scan --configure=keep
  [ "$rc" = 0 ] || fail "exit status $rc"
  b=$(printf '%s\n' "$log" | sed -n 's/^simulee: note: .*the build folder is kept: //p')
  [ -n "$b" ] || fail "no kept build folder"
  grep -q "connect: 3" "$b/simulee-configure.log" || fail "the connection did not fail inside: $(cat "$b/simulee-configure.log")"
  case $b in */simulee-cmake-*) rm -rf "$b" ;; esac
  [ -e "$d/connections" ] && fail "the listener was reached"
  scan --configure=unsafe
  [ -s "$d/connections" ] || fail "the control (unsafe) did not connect"
  ;;
daemon)
  # starts a process in a new session that outlives cmake (and would write
  # a file after a second, were it not read-only): dead when the scan ends
  tree "execute_process(COMMAND sh -c \"setsid sh -c 'sleep 1; touch $out/daemon/alive; sleep 300' $mark </dev/null >/dev/null 2>&1 &\")"
  scan
  [ "$rc" = 0 ] || fail "exit status $rc"
  left=$(marked)
  [ -z "$left" ] && sleep 2
  [ -z "$left" ] && left=$(marked)
  [ -n "$left" ] && fail "still running after the scan: $left"
  [ -e "$out/daemon/alive" ] && fail "the daemon ran on"
  # the control: unsandboxed, the daemon outlives the scan (tried up to three
  # times: on a loaded machine cmake's configure can pass the scan's time
  # limit before it reaches the command)
  n=0
  while [ $n -lt 3 ]; do
    scan --configure=unsafe
    sleep 2
    [ -n "$(marked)" ] && break
    n=$((n + 1))
  done
  [ -n "$(marked)" ] || fail "the control (unsafe) left no daemon"
  kill_marked
  ;;
loop)
  # loops forever (a command of its own, and cmake's while()): stopped at
  # the time limit, a note, the scan goes on and checks the kernel;
  # nothing of it runs afterwards
  tree "execute_process(COMMAND sh -c \"while :; do :; done\" $mark)"
  t0=$(date +%s)
  scan
  t1=$(date +%s)
  [ "$rc" = 0 ] || fail "exit status $rc"
  printf '%s\n' "$log" | grep -q "configuring with CMake failed (cmake ran past the time limit of 5 s" ||
    fail "no note of the time limit"
  printf '%s\n' "$log" | grep -Eq "^scale.cu +scale +checked" || fail "the kernel was not checked"
  [ $((t1 - t0)) -lt 60 ] || fail "took $((t1 - t0)) s"
  sleep 1
  left=$(marked)
  [ -n "$left" ] && fail "still running after the scan: $left"
  ;;
fallback)
  # no sandbox here (bwrap missing): nothing configured, one note, the
  # tree's code does not run; --configure=unsafe runs it
  tree "file(WRITE \"$out/fallback/ran\" x)"
  SIMULEE_BWRAP=/nonexistent/bwrap scan
  [ "$rc" = 0 ] || fail "exit status $rc"
  [ -e "$out/fallback/ran" ] && fail "the tree's code ran without the sandbox"
  n=$(printf '%s\n' "$log" | grep -c "^simulee: note: CMake projects of the tree not configured: the sandbox that configuring runs in cannot be set up here (cannot run /nonexistent/bwrap: No such file or directory); scanning without a compilation database (--configure=unsafe configures without it, running the tree's CMake code unconfined)$")
  [ "$n" = 1 ] || fail "$n notes of the missing sandbox, not 1"
  printf '%s\n' "$log" | grep -Eq "^scale.cu +scale +checked" || fail "the kernel was not checked"
  SIMULEE_BWRAP=/nonexistent/bwrap scan --configure=unsafe
  [ -e "$out/fallback/ran" ] || fail "--configure=unsafe did not configure"
  ;;
hooks)
  # the GitHub Action's script and the pre-commit hook keep the default:
  # the tree's code runs sandboxed or not at all, never unconfined
  tree "file(WRITE \"$out/hooks/ran\" x)"
  log=$(cd "$d" && SIMULEE="$sim" INPUT_PATH=tree INPUT_SARIF_FILE= INPUT_ARGS="-j 1" \
        bash "$src/scripts/action.sh" scan 2>&1)
  rc=$?
  [ "$rc" = 0 ] || fail "action.sh: exit status $rc"
  printf '%s\n' "$log" | grep -Eq "^scale.cu +scale +checked" || fail "action.sh: the kernel was not checked"
  [ -e "$out/hooks/ran" ] && fail "action.sh: the tree's code ran unconfined"
  log=$(cd "$d/tree" && SIMULEE="$sim" bash "$src/scripts/pre-commit-simulee.sh" -j 1 scale.cu 2>&1)
  rc=$?
  [ "$rc" = 0 ] || fail "pre-commit: exit status $rc"
  printf '%s\n' "$log" | grep -Eq "^scale.cu +scale +checked" || fail "pre-commit: the kernel was not checked"
  [ -e "$out/hooks/ran" ] && fail "pre-commit: the tree's code ran unconfined"
  ;;
*) echo "sandbox.sh: unknown case $case"; exit 99 ;;
esac
echo ok
