#!/bin/sh
# HAProxy's external check (arguments: proxy address, proxy port, server address, server port):
# succeeds only on the node the monitor holds writable (its assigned and its reported state both a
# primary's) that also answers as a primary itself. pg_is_in_recovery() alone is not enough: a node
# restarted outside pg_autoctl, or one being demoted, answers as a primary while the monitor has
# already promoted the other, and the proxy would send reads and writes to both.
writable="'single', 'wait_primary', 'primary', 'join_primary', 'apply_settings'"
[ "$(psql -h 127.0.0.1 -p 6000 -U postgres -d pg_auto_failover -Atc "select count(*) from pgautofailover.node
  where nodeport = $4 and goalstate in ($writable) and reportedstate in ($writable)" 2>/dev/null)" = 1 ] &&
[ "$(psql -h "$3" -p "$4" -U postgres -d payments -Atc 'select pg_is_in_recovery()' 2>/dev/null)" = "f" ]
