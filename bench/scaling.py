"""What one transfer costs the database, measured as users run the server (README command 1,
embedded PostgreSQL): rows and bytes each table gains and WAL written, per acknowledged transfer,
WAL per second at the rate reached, and the CPU per transfer of the server and of PostgreSQL. By
hand: python3 bench/scaling.py [--accounts 2000] [--duration 30] [--keep-without-endpoint false]
[--webhook-receiver] [--commit-delay-ms 5] [--note "..."]; appends a section to bench/results/<date>-scaling.md (docs/scaling.md quotes it)."""
import argparse
import datetime
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import bench as b  # noqa: E402

TABLES_SQL = """SELECT c.relname, c.reltuples::bigint, pg_total_relation_size(c.oid)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'flyway_schema_history'"""


def snapshot(pg):
    pg.query("ANALYZE")
    rows = {}
    for line in pg.query(TABLES_SQL).splitlines():
        name, tuples, size = line.split("|")
        exact = int(pg.query(f"SELECT count(*) FROM {name}"))
        rows[name] = (exact, int(size))
    wal = int(pg.query("SELECT pg_current_wal_lsn() - '0/0'::pg_lsn"))
    transfers = int(pg.query("SELECT count(*) FROM transactions WHERE type = 'OUTGOING'"))
    return rows, wal, transfers


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--accounts", type=int, default=2000)
    parser.add_argument("--duration", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--keep-without-endpoint", choices=["true", "false"],
                        help="SVC_WEBHOOKS_KEEP_WITHOUT_ENDPOINT for the server (unset: the README command's, the sandbox keeps them)")
    parser.add_argument("--webhook-receiver", action="store_true",
                        help="configure a local receiver answering 200 as the webhook endpoint; the figures then include "
                             "each event's delivery (attempt row, outcome), waited for before the second snapshot")
    parser.add_argument("--commit-delay-ms", type=float, default=0,
                        help="make every WAL flush of the embedded PostgreSQL wait this long first (commit_delay with "
                             "commit_siblings=0): storage whose fsync takes milliseconds, as network-attached volumes do, "
                             "while the CPU stays free")
    parser.add_argument("--note", default="", help="what this run measures, in its section's title")
    args = parser.parse_args()
    environment, jvm_options = b.readme_command()
    if args.keep_without_endpoint:
        environment["SVC_WEBHOOKS_KEEP_WITHOUT_ENDPOINT"] = args.keep_without_endpoint
    os.environ.update(environment)
    server = b.Server(b.os.path.join(b.ROOT, "target", "quarkus-app", "quarkus-run.jar"), jvm_options)
    pg = b.Postgres.embedded(server.embedded_data_dir())
    receiver = None
    try:
        if args.commit_delay_ms:
            slow_flushes(pg, args.commit_delay_ms)
        if args.webhook_receiver:
            port = b.free_port()
            receiver = b.subprocess.Popen([sys.executable, "-c", b.RECEIVER, str(port)])
            server.call("PATCH", "/config", {"webhookEndpoint": f"http://127.0.0.1:{port}/webhooks"})
        accounts, _ = b.seed(server, pg, args.accounts)
        data_file = os.path.join(tempfile.gettempdir(), "bench-scaling-data.lua")
        with open(data_file, "w") as f:
            f.write(b.lua_table({"accounts": accounts, "hot": accounts[0], "transactions": accounts[:1]}))
        b.wrk(server, "warm-up", "transfer.lua", args.connections, args.warmup, {}, data_file)
        b.quiesce(pg)
        delivered(pg, args.webhook_receiver)
        before_rows, before_wal, before_transfers = snapshot(pg)
        result = b.wrk(server, "transfers", "transfer.lua", args.connections, args.duration, {}, data_file, pg)
        b.quiesce(pg)
        delivered(pg, args.webhook_receiver)
        after_rows, after_wal, after_transfers = snapshot(pg)
        n = after_transfers - before_transfers
        wal = after_wal - before_wal
        kept = {"true": "stored and marked SKIPPED", "false": "not stored"}.get(args.keep_without_endpoint, "stored and marked SKIPPED")
        lines = [f"## {datetime.datetime.now():%H:%M} {args.note or 'What a transfer costs the database'}", "",
                 f"README command 1 (embedded PostgreSQL){' with SVC_WEBHOOKS_KEEP_WITHOUT_ENDPOINT=' + args.keep_without_endpoint if args.keep_without_endpoint else ''}, "
                 f"{args.accounts:,} funded accounts, {args.connections} connections, "
                 + (f"every WAL flush delayed {args.commit_delay_ms:g} ms (commit_delay, commit_siblings=0), " if args.commit_delay_ms else "")
                 + f"{args.duration} s of `POST /quotes` with `immediatelyExecute` between random accounts, "
                 + ("a local webhook receiver configured (every event delivered before the second snapshot). " if args.webhook_receiver
                    else f"no webhook endpoint (events {kept}). ")
                 + f"{n:,} transfers acknowledged at {result['tps']:.0f}/s, p99 {result['p99']:.0f} ms; "
                 f"CPU per transfer: server {result['java_cpu_ms']:.2f} ms, PostgreSQL {result['pg_cpu_ms']:.2f} ms."
                 + (f" Payment batches: {result['batches_per_s']:.0f}/s of {result['batch_size']:.1f} payments, {result['batch_ms']:.1f} ms"
                    f" each from start to commit answer." if result.get("batch_size") else "")
                 + (f" WAL fsyncs: {result['wal_syncs_per_s']:.0f}/s." if result.get("wal_syncs_per_s") else ""), "",
                 f"WAL: {wal / n:,.0f} bytes per transfer, {wal / args.duration / 1e6:.1f} MB/s at that rate "
                 f"({wal / args.duration / 1e6 * 86400 / 1e3:.0f} GB a day if sustained).", "",
                 "| table | rows per transfer | bytes per transfer (table, indexes, TOAST) |", "|---|---:|---:|"]
        total_rows, total_bytes = 0, 0
        for name in sorted(after_rows, key=lambda t: -(after_rows[t][1] - before_rows.get(t, (0, 0))[1])):
            rows = after_rows[name][0] - before_rows.get(name, (0, 0))[0]
            size = after_rows[name][1] - before_rows.get(name, (0, 0))[1]
            if rows == 0 and size == 0:
                continue
            total_rows += rows
            total_bytes += size
            lines.append(f"| {name} | {rows / n:.2f} | {size / n:,.0f} |")
        lines.append(f"| **all** | **{total_rows / n:.2f}** | **{total_bytes / n:,.0f}** |")
        text = "\n".join(lines) + "\n"
        print(text)
        path = os.path.join(b.ROOT, "bench", "results", f"{datetime.date.today()}-scaling.md")
        new_file = not os.path.exists(path)
        with open(path, "a") as f:
            f.write((f"# What a transfer costs the database ({datetime.date.today()})\n\n" if new_file else "\n") + text)
        print("written to", path)
    finally:
        server.stop()
        if receiver:
            receiver.terminate()


def slow_flushes(pg, milliseconds):
    """PostgreSQL sleeps commit_delay before each WAL flush when at least commit_siblings other
    transactions are active: with 0 siblings, every flush waits, as on slower storage."""
    pg.psql("postgres", f"ALTER SYSTEM SET commit_delay = {int(milliseconds * 1000)}")
    pg.psql("postgres", "ALTER SYSTEM SET commit_siblings = 0")
    pg.psql("postgres", "SELECT pg_reload_conf()")


def delivered(pg, receiving, limit=300):
    """With a receiver, waits until every event is delivered, so both snapshots hold settled events."""
    started = b.time.monotonic()
    while receiving and int(pg.query("SELECT count(*) FROM webhook_events WHERE status = 'PENDING'")) > 0:
        if b.time.monotonic() - started > limit:
            sys.exit(f"webhook events still pending after {limit} s")
        b.time.sleep(0.5)


if __name__ == "__main__":
    main()
