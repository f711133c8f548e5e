#!/usr/bin/env bash
# usage: wait-exit.sh PID [SECONDS]
# Wait until process PID has ended (gone, or a zombie its parent has not
# reaped yet), so that the caller's 'wait PID' returns at once.  After SECONDS
# (default 60) kill it with SIGKILL and exit 1, so a hung process cannot hang
# the test suite.
pid=$1
limit=${2:-60}
end=$((SECONDS + limit))
while [ "$SECONDS" -lt "$end" ]; do
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || exit 0
  state=${stat##*) }
  state=${state%% *}
  case $state in
    Z | X | '') exit 0 ;;
  esac
  sleep 0.05
done
echo "wait-exit.sh: process $pid still running after ${limit}s; killing it" >&2
kill -KILL "$pid" 2>/dev/null
exit 1
