#!/bin/bash
# The bash completion (completions/simulee.bash) offers the options of the
# program's --help, the values of --format and the kinds of --arg value.
#   completion.sh SIMULEE COMPLETION_FILE
sim=$1
# shellcheck disable=SC1090
source "$2" || exit 99
fails=0
expect() { # expect WORD words... : COMPREPLY for the last word contains WORD
  local want=$1; shift
  COMP_WORDS=("$sim" "$@"); COMP_CWORD=$(($# ))
  COMPREPLY=()
  _simulee
  if ! printf '%s\n' "${COMPREPLY[@]}" | grep -qx -- "$want"; then
    echo "FAIL: '$*' does not offer $want (got: ${COMPREPLY[*]})"; fails=1
  fi
}
reject() { # reject WORD words... : COMPREPLY does not contain WORD
  local bad=$1; shift
  COMP_WORDS=("$sim" "$@"); COMP_CWORD=$(($# ))
  COMPREPLY=()
  _simulee
  if printf '%s\n' "${COMPREPLY[@]}" | grep -qx -- "$bad"; then
    echo "FAIL: '$*' offers $bad"; fails=1
  fi
}
expect --grid --gr
expect --warp-model --warp-m
expect lockstep k.cu --warp-model l
expect warning k.cu --fail-on w
expect off k.cu --same-value-races o
expect --no-host-launch --no-h
expect --suppressions scan --sup
expect --shard scan --sh
expect --files scan --fil
expect --allow-partial merge --all
reject --suppressions --sup
expect json --format j
expect tmap: k.cu --arg tm
expect tex2d: k.cu --arg tex2
expect scan sc
exit $fails
