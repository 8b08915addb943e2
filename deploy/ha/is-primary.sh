#!/bin/sh
# HAProxy's external check (arguments: proxy address, proxy port, server address, server port):
# succeeds only on the node the monitor holds writable (its assigned and its reported state both a
# primary's) that also answers as a primary itself. pg_is_in_recovery() alone is not enough: a node
# restarted outside pg_autoctl, or one being demoted, answers as a primary while the monitor has
# already promoted the other, and the proxy would send reads and writes to both.
# Each change of a node's verdict, with its reason, is appended to HA_CHECK_LOG (shown by
# deploy/ha/cluster checks), and so is a check slower than 1 s: a primary marked down says why.
# Each psql gives up connecting after 2 s (libpq's least), so a slow one is logged before HAProxy kills
# the check at 4 s (inter, deploy/ha/haproxy.cfg).
export PGCONNECT_TIMEOUT=2
started=$(date +%s%3N)
writable() {
  case "$1" in single|wait_primary|primary|join_primary|apply_settings) return 0 ;; *) return 1 ;; esac
}
states=$(psql -h 127.0.0.1 -p 6000 -U postgres -d pg_auto_failover -AtF ' ' -c \
  "select goalstate, reportedstate from pgautofailover.node where nodeport = $4" 2>&1 | tr '\n' ' ')
goal=${states%% *}
reported=$(echo "${states#* }" | cut -d' ' -f1)
if [ "$(echo "$states" | wc -w)" != 2 ]; then
  verdict="down: monitor answered: $states"
elif ! writable "$goal" || ! writable "$reported"; then
  verdict="standby: monitor holds $goal/$reported"
else
  recovery=$(psql -h "$3" -p "$4" -U postgres -d payments -Atc 'select pg_is_in_recovery()' 2>&1 | tr '\n' ' ')
  case "$recovery" in
    "f ") verdict=primary ;;
    "t ") verdict="standby: in recovery while the monitor holds $goal/$reported" ;;
    *) verdict="down: node answered: $recovery" ;;
  esac
fi
took=$(( $(date +%s%3N) - started ))
if [ -n "${HA_CHECK_LOG:-}" ]; then
  if [ "$(cat "$HA_CHECK_LOG.$4" 2>/dev/null)" != "$verdict" ]; then
    echo "$verdict" > "$HA_CHECK_LOG.$4"
    echo "$(date +%H:%M:%S.%3N) node $4: $verdict (check took $took ms)" >> "$HA_CHECK_LOG"
  elif [ "$took" -gt 1000 ]; then
    echo "$(date +%H:%M:%S.%3N) node $4: $verdict (slow: check took $took ms)" >> "$HA_CHECK_LOG"
  fi
fi
[ "$verdict" = primary ]
