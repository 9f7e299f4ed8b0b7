# bash completion for simulee. The options are read from the program's own
# --help (`simulee --help`, `simulee scan --help`, `simulee merge --help`,
# `simulee run --help`, `simulee nvcc --help`),
# so they follow the installed version.
_simulee() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} sub=
  if [[ ${COMP_WORDS[1]} == scan || ${COMP_WORDS[1]} == merge || ${COMP_WORDS[1]} == run ||
        ${COMP_WORDS[1]} == nvcc ]]; then
    sub=${COMP_WORDS[1]}
  fi
  COMPREPLY=()
  case $prev in
    --format) mapfile -t COMPREPLY < <(compgen -W "text json sarif" -- "$cur"); return ;;
    --warp-model) mapfile -t COMPREPLY < <(compgen -W "its lockstep" -- "$cur"); return ;;
    --same-value-races) mapfile -t COMPREPLY < <(compgen -W "error warning off" -- "$cur"); return ;;
    --check) mapfile -t COMPREPLY < <(compgen -W "all first: sample: none" -- "$cur"); return ;;
    --fail-on) mapfile -t COMPREPLY < <(compgen -W "error warning note" -- "$cur"); return ;;
    --configure) mapfile -t COMPREPLY < <(compgen -W "yes no keep unsafe unsafe,keep" -- "$cur"); return ;;
    -o|--output|--suppressions|--include) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
    -I|--root|--record|--from|--launches) mapfile -t COMPREPLY < <(compgen -d -- "$cur"); return ;;
    --args-file) mapfile -t COMPREPLY < <(compgen -f -- "$cur"); return ;;
    --arg) # the kinds of value that start with a word (a buffer is TYPE[COUNT])
      mapfile -t COMPREPLY < <(compgen -W "_ null tmap: tex1d: tex2d: tex3d: tex1dlayered: tex2dlayered: surf1d: surf2d:" -- "$cur")
      compopt -o nospace 2>/dev/null || true
      return ;;
    --kernel|--grid|--block|--shared|--texref|--dump|--max-steps|--warp-size|-j|--jobs|\
    --time-limit|--population|--generations|--seed|--shard|-D|-U|--std|--clang-arg|--max-files|\
    --scan-time-limit|--mem-limit|--cmake-arg|--record-max|--check-threads) return ;;
  esac
  if [[ $cur == -* ]]; then
    local opts
    # shellcheck disable=SC2086 # $sub is empty or one word
    opts=$("${COMP_WORDS[0]}" $sub --help 2>/dev/null | grep -oE -- '(^|[ ,])--?[A-Za-z][A-Za-z0-9-]*' |
      sed 's/^[ ,]*//' | sort -u)
    mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
    return
  fi
  if [[ $COMP_CWORD == 1 ]]; then
    mapfile -t COMPREPLY < <(compgen -W "scan merge run nvcc" -- "$cur")
  fi
  local pat='*.@(cu|bc|ll)'
  [[ $sub == scan ]] && pat='*.@(cu|json)'
  [[ $sub == merge ]] && pat='*.json'
  [[ $sub == run ]] && pat='*.@(cu|cpp|cc|cxx|c)'
  [[ $sub == nvcc ]] && pat='*.@(cu|cpp|cc|cxx|c|o|a)'
  local f
  while IFS= read -r f; do
    if [[ -d $f ]]; then COMPREPLY+=("$f/")
    else
      # shellcheck disable=SC2053 # $pat is a glob
      [[ $f == $pat ]] && COMPREPLY+=("$f")
    fi
  done < <(compgen -f -- "$cur")
}
shopt -s extglob
complete -o nospace -F _simulee simulee
