#!/usr/bin/env python3
"""What a scaled-from-zero instance sees: start-up, first payment, memory and the first seconds of load,
for the native binary and the JVM jar on the same PostgreSQL. Run through bench/native; see bench/README.md.

For each server (the jar as the README's command 1 starts it, then the binary if given), on a fresh
database: the first start (migrations applied) to /q/health/ready, idle RSS, customers seeded; then
restarts, each timed to ready and to the first answered payment (POST /quotes, immediatelyExecute, as
soon as ready answers); then a restart loaded with transfers from its first second for --first-seconds
(no warm-up: what an instance started for a burst serves). Prints a Markdown table.
"""
import argparse
import base64
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the bench's server, database and wrk helpers)


def first_payment(server, source, destination):
    """Seconds from the process start to the first payment's answer."""
    body = json.dumps({"source": {"sourceType": "ACCOUNT", "accountId": source},
                       "destination": {"destinationType": "ACCOUNT", "accountId": destination},
                       "lockedCurrencySide": "SENDING", "lockedCurrencyAmount": 100, "immediatelyExecute": True,
                       "description": "first payment"}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{server.port}{bench.API}/quotes", data=body, method="POST",
                                     headers={"Authorization": "Basic " + server.auth, "Content-Type": "application/json",
                                              "Idempotency-Key": f"first-{time.time_ns()}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        if response.status != 201:
            sys.exit(f"the first payment answered {response.status}")
    return time.monotonic() - server.started


def settled_rss(server, seconds=3):
    time.sleep(seconds)
    return server.rss_mb()


def measure(name, start, pg, args):
    pg.psql("postgres", "DROP DATABASE IF EXISTS payments; CREATE DATABASE payments;")
    server = start()
    first_ready = server.ready_s
    idle_first = settled_rss(server)
    accounts, _ = bench.seed(server, pg, args.accounts)
    server.stop()
    bench.log(f"{name}: first start ready in {first_ready:.3f} s, idle RSS {idle_first:.0f} MiB; {len(accounts)} customers seeded")
    ready, payment, idle = [], [], []
    for i in range(args.restarts):
        server = start()
        ready.append(server.ready_s)
        payment.append(first_payment(server, accounts[i % len(accounts)], accounts[(i + 1) % len(accounts)]))
        idle.append(settled_rss(server))
        server.stop()
        bench.log(f"{name}: restart {i + 1}: ready {ready[-1]:.3f} s, first payment answered {payment[-1]:.3f} s, idle RSS {idle[-1]:.0f} MiB")
    data_file = os.path.join(tempfile.gettempdir(), "bench-startup-data.lua")
    with open(data_file, "w") as f:
        f.write(bench.lua_table({"accounts": accounts, "hot": accounts[0], "transactions": accounts[:1]}))
    server = start()
    try:
        burst = bench.wrk(server, f"{name}: transfers in its first {args.first_seconds} s", "transfer.lua", args.connections,
                          args.first_seconds, {}, data_file)
    finally:
        server.stop()
    return {"name": name, "first_ready": first_ready, "ready": statistics.median(ready), "ready_min": min(ready),
            "payment": statistics.median(payment), "idle": statistics.median(idle), "burst": burst}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", help="the native binary (native/analyze's output)")
    parser.add_argument("--jar", default=os.path.join(bench.ROOT, "target", "quarkus-app", "quarkus-run.jar"))
    parser.add_argument("--pg-host", help="PostgreSQL to use (user postgres, password postgres; database payments is "
                                          "recreated); default: a private one from Debian's binaries")
    parser.add_argument("--pg-port", type=int, default=5432)
    parser.add_argument("--restarts", type=int, default=5)
    parser.add_argument("--accounts", type=int, default=1000)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--first-seconds", type=int, default=10)
    args = parser.parse_args()
    environment, jvm_options = bench.readme_command()
    os.environ.update(environment)
    # Every start of one database must open the signing key the first start sealed.
    os.environ["SVC_SECRETS_KEY"] = base64.b64encode(os.urandom(32)).decode()
    pg = bench.Postgres(args.pg_host, args.pg_port, "payments", password="postgres") if args.pg_host else bench.Postgres.start_private()
    results = []
    try:
        results.append(measure("JVM", lambda: bench.Server(args.jar, jvm_options, pg), pg, args))
        if args.binary:
            results.append(measure("native", lambda: bench.Server(None, jvm_options, pg, None, args.binary), pg, args))
    finally:
        pg.stop()
    sizes = {"JVM": sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.dirname(args.jar)) for f in fs)}
    if args.binary:
        sizes["native"] = os.path.getsize(args.binary)
    print(f"\n{len(os.sched_getaffinity(0))} cores; PostgreSQL: {pg.settings() if args.pg_host else 'private, Debian 15'}; "
          f"{args.restarts} restarts (medians); {args.accounts} customers; JVM: `{bench.command_text(environment, jvm_options)} -jar`\n")
    print("| | First start to ready (migrations) | Restart to ready | Restart to first payment answered | Idle RSS MiB "
          f"| Transfers/s in the first {args.first_seconds} s | p99 ms | RSS under load MiB | Server CPU ms/transfer | Size MiB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        b = r["burst"]
        print(f"| {r['name']} | {r['first_ready']:.3f} s | {r['ready']:.3f} s (min {r['ready_min']:.3f}) | {r['payment']:.3f} s "
              f"| {r['idle']:.0f} | {b['tps']:.0f} | {b['p99']:.1f} | {b['rss']:.0f} | {b['java_cpu_ms']:.2f} "
              f"| {sizes[r['name']] / 2**20:.0f} |")


if __name__ == "__main__":
    main()
