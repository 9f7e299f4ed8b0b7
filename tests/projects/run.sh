#!/bin/sh
# Run a command and require its exit status to be one of a list (used by
# tests/scan.cmake for shard runs, whose status depends on which kernels the
# shard got).
#   run.sh 0,1,3 -- CMD ARGS...
codes=$1; shift
[ "$1" = "--" ] && shift
"$@"
rc=$?
case ",$codes," in
  *,$rc,*) exit 0 ;;
esac
echo "FAIL: exit status $rc, expected one of $codes: $*" >&2
exit 1
