#!/bin/sh
# HAProxy's external check (arguments: proxy address, proxy port, server address, server port):
# succeeds only on the node that is the primary now, so the proxy's one address follows it.
[ "$(psql -h "$3" -p "$4" -U postgres -d payments -Atc 'select pg_is_in_recovery()' 2>/dev/null)" = "f" ]
