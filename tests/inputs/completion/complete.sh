#!/bin/bash
# complete.sh SCRIPT WORD... : load the bash completion SCRIPT and print,
# one a line, what it completes the last WORD to on the command line
# WORD... (the first: the ompadv to run), as bash would call it.
. "$1" || exit 1
shift
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
_ompadv || exit 1
printf '%s\n' "${COMPREPLY[@]}"
