#!/bin/sh
# Load the machine for a test:  load.sh start PIDFILE [N]  starts N busy
# loops (default: twice the cores this process may use), each ending by
# itself after 10 minutes at most;  load.sh stop PIDFILE  ends them.
case $1 in
start)
  n=${3:-$(( $(nproc) * 2 ))}
  : > "$2"
  i=0
  while [ "$i" -lt "$n" ]; do
    timeout 600 sh -c 'while :; do :; done' < /dev/null > /dev/null 2>&1 &
    echo $! >> "$2"
    i=$((i + 1))
  done
  ;;
stop)
  kill $(cat "$2") 2> /dev/null
  ;;
*)
  echo "usage: load.sh start|stop PIDFILE [N]" >&2
  exit 2
  ;;
esac
exit 0
