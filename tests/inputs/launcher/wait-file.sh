#!/usr/bin/env bash
# usage: wait-file.sh FILE [SECONDS]
# Wait until FILE exists and is not empty; exit 1 after SECONDS (default 60).
file=$1
limit=${2:-60}
end=$((SECONDS + limit))
while [ "$SECONDS" -lt "$end" ]; do
  if [ -s "$file" ]; then
    exit 0
  fi
  sleep 0.05
done
echo "wait-file.sh: $file did not appear within ${limit}s" >&2
exit 1
