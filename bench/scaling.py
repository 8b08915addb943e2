"""What one transfer costs the database, measured as users run the server (README command 1,
embedded PostgreSQL): rows and bytes each table gains and WAL written, per acknowledged transfer,
and WAL per second at the rate reached. By hand: python3 bench/scaling.py [--accounts 2000]
[--duration 30]; writes bench/results/<date>-scaling.md (docs/scaling.md quotes it)."""
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
    args = parser.parse_args()
    environment, jvm_options = b.readme_command()
    os.environ.update(environment)
    server = b.Server(b.os.path.join(b.ROOT, "target", "quarkus-app", "quarkus-run.jar"), jvm_options)
    pg = b.Postgres.embedded(server.embedded_data_dir())
    try:
        accounts, _ = b.seed(server, pg, args.accounts)
        data_file = os.path.join(tempfile.gettempdir(), "bench-scaling-data.lua")
        with open(data_file, "w") as f:
            f.write(b.lua_table({"accounts": accounts, "hot": accounts[0], "transactions": accounts[:1]}))
        b.wrk(server, "warm-up", "transfer.lua", args.connections, args.warmup, {}, data_file)
        b.quiesce(pg)
        before_rows, before_wal, before_transfers = snapshot(pg)
        result = b.wrk(server, "transfers", "transfer.lua", args.connections, args.duration, {}, data_file, pg)
        b.quiesce(pg)
        after_rows, after_wal, after_transfers = snapshot(pg)
        n = after_transfers - before_transfers
        wal = after_wal - before_wal
        lines = [f"# What a transfer costs the database ({datetime.date.today()})", "",
                 f"README command 1 (embedded PostgreSQL), {args.accounts:,} funded accounts, {args.connections} connections, "
                 f"{args.duration} s of `POST /quotes` with `immediatelyExecute` between random accounts, no webhook endpoint "
                 f"(events are stored and marked SKIPPED). {n:,} transfers acknowledged at {result['tps']:.0f}/s.", "",
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
        with open(path, "w") as f:
            f.write(text)
        print("written to", path)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
