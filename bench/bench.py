#!/usr/bin/env python3
"""The money path's speed, as ratios to what the same PostgreSQL does on its own.

Starts a private PostgreSQL (Debian's binaries; or uses --pg-host/--pg-port), measures its own
ceiling with pgbench (TPC-B-like, a plain-SQL transfer, one hot row), starts the server jar on it,
seeds funded accounts over HTTP, drives four HTTP scenarios with wrk and writes a Markdown table
to bench/results/<date>.md. Run through bench/run; see bench/README.md.
"""
import argparse
import base64
import datetime
import glob
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
# Server log and raw wrk output of the last run, for a look when a number is odd.
SCRATCH = os.path.join(ROOT, "target", "bench")
PG_BIN = "/usr/lib/postgresql/15/bin"
API = "/2025-10-13"


def log(message):
    print("bench: " + message, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def as_postgres(command):
    """Debian's PostgreSQL refuses to run as root: run its tools as the postgres user then."""
    return (["runuser", "-u", "postgres", "--"] + command) if os.geteuid() == 0 else command


class Postgres:
    def __init__(self, host, port, own):
        self.host, self.port, self.own, self.dir = host, port, own, None

    @staticmethod
    def start():
        port = free_port()
        data = tempfile.mkdtemp(prefix="bench-pg-")
        if os.geteuid() == 0:
            shutil.chown(data, "postgres", "postgres")
        subprocess.run(as_postgres([PG_BIN + "/initdb", "-D", data, "-U", "postgres", "--auth=trust"]),
                       check=True, stdout=subprocess.DEVNULL)
        options = (f"-p {port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 "
                   "-c shared_buffers=512MB -c fsync=on -c synchronous_commit=on "
                   "-c shared_preload_libraries=pg_stat_statements")
        subprocess.run(as_postgres([PG_BIN + "/pg_ctl", "-D", data, "-o", options, "-l", data + "/log", "-w", "start"]),
                       check=True, stdout=subprocess.DEVNULL)
        pg = Postgres("127.0.0.1", port, True)
        pg.dir = data
        return pg

    def stop(self):
        if self.own:
            subprocess.run(as_postgres([PG_BIN + "/pg_ctl", "-D", self.dir, "-m", "fast", "stop"]),
                           stdout=subprocess.DEVNULL)
            shutil.rmtree(self.dir, ignore_errors=True)

    def psql(self, database, sql, variables=None):
        command = ["psql", "-h", self.host, "-p", str(self.port), "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1", "-qAt"]
        for name, value in (variables or {}).items():
            command += ["-v", f"{name}={value}"]
        return subprocess.run(command, input=sql, text=True, check=True, capture_output=True).stdout


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def pgbench(pg, name, args, connections, duration):
    """Runs pgbench with per-transaction logs; returns tps and latency percentiles (ms)."""
    workdir = tempfile.mkdtemp(prefix="pgbench-")
    command = ["pgbench", "-h", pg.host, "-p", str(pg.port), "-U", "postgres", "-n", "-c", str(connections),
               "-j", "2", "-T", str(duration), "-l", "--log-prefix", os.path.join(workdir, "log")] + args + ["bench"]
    output = subprocess.run(command, text=True, capture_output=True, check=True).stdout
    tps = float(re.search(r"tps = ([0-9.]+)", output).group(1))
    latencies = []
    for path in glob.glob(os.path.join(workdir, "log*")):
        with open(path) as f:
            latencies += [int(line.split()[2]) / 1000.0 for line in f if line.strip()]
    failed = re.search(r"number of failed transactions: (\d+)", output)
    shutil.rmtree(workdir, ignore_errors=True)
    result = {"scenario": name, "tps": tps, "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99),
              "errors": int(failed.group(1)) if failed else 0, "connections": connections}
    log(f"{name}: {tps:.0f} tps, p99 {result['p99']:.1f} ms")
    return result


# Every server of a run seals the stored webhook signing key with the same key (they share the database).
SECRETS_KEY = base64.b64encode(os.urandom(32)).decode()


class Server:
    def __init__(self, pg, jar, heap, jfr=None):
        self.port = free_port()
        self.client_id, self.secret = "bench-client", "bench-secret-" + str(time.time_ns())
        env = dict(os.environ,
                   QUARKUS_HTTP_PORT=str(self.port),
                   QUARKUS_DATASOURCE_REACTIVE_URL=f"postgresql://{pg.host}:{pg.port}/payments",
                   QUARKUS_DATASOURCE_JDBC_URL=f"jdbc:postgresql://{pg.host}:{pg.port}/payments",
                   QUARKUS_DATASOURCE_USERNAME="postgres", QUARKUS_DATASOURCE_PASSWORD="postgres",
                   SVC_API_CLIENT_ID=self.client_id, SVC_API_CLIENT_SECRET=self.secret,
                   SVC_SECRETS_KEY=SECRETS_KEY,
                   SVC_SANDBOX_CREDENTIALS_FILE=os.path.join(tempfile.gettempdir(), "bench-credentials.env"))
        os.makedirs(SCRATCH, exist_ok=True)
        self.log_path = os.path.join(SCRATCH, "server.log")
        profile = [f"-XX:StartFlightRecording=filename={jfr},settings=profile"] if jfr else []
        self.process = subprocess.Popen(["java", f"-Xmx{heap}", *profile, "-jar", jar], env=env,
                                        stdout=open(self.log_path, "w"), stderr=subprocess.STDOUT)
        self.auth = base64.b64encode(f"{self.client_id}:{self.secret}".encode()).decode()
        for _ in range(600):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/q/health/ready", timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError):
                pass
            if self.process.poll() is not None:
                sys.exit(f"server exited, see {self.log_path}")
            time.sleep(0.1)
        sys.exit("server never became ready")

    def call(self, method, path, body=None):
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{API}{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": "Basic " + self.auth, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            text = response.read()
            return json.loads(text) if text else {}

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
        return 0.0

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def seed(server, accounts):
    """Funded, KYC-approved customers with terms on file; returns their USD account ids."""
    server.call("PATCH", "/config", {"sandboxSkipVerificationPaperwork": True})
    customers = []
    for i in range(accounts):
        customers.append(server.call("POST", "/customers", {
            "customerType": "INDIVIDUAL", "platformCustomerId": f"bench-seed-{time.time_ns()}-{i}", "region": "US",
            "currencies": ["USD"], "fullName": f"Bench Payer {i}", "birthDate": "1990-01-15", "nationality": "US",
            "endUserTermsConsent": {"acceptedAt": "2025-01-01T00:00:00Z", "ipAddress": "198.51.100.24",
                                    "termsVersion": "V1", "acceptanceMethod": "CHECKBOX"}})["id"])
    server.call("PATCH", "/config", {"sandboxSkipVerificationPaperwork": False})
    ids = []
    for customer in customers:
        for _ in range(100):
            page = server.call("GET", f"/customers/internal-accounts?customerId={customer}&currency=USD")
            if page["data"] and page["data"][0]["status"] == "ACTIVE":
                ids.append(page["data"][0]["id"])
                break
            time.sleep(0.1)
    for account in ids:
        server.call("POST", f"/sandbox/internal-accounts/{account}/fund", {"amount": 100_000_000_000})
    return ids


def lua_table(data):
    def value(v):
        if isinstance(v, list):
            return "{" + ",".join(value(x) for x in v) + "}"
        return '"' + str(v) + '"'
    return "return {" + ",".join(f"{k}={value(v)}" for k, v in data.items()) + "}\n"


def to_ms(text):
    number, unit = re.match(r"([0-9.]+)(us|ms|s|m)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def cpu_seconds_by_command():
    """CPU seconds used so far by each command (java, postgres, wrk, ...), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    used = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as f:
                text = f.read()
        except OSError:
            continue
        command = text[text.index("(") + 1:text.rindex(")")]
        fields = text[text.rindex(")") + 2:].split()
        used[command] = used.get(command, 0) + (int(fields[11]) + int(fields[12])) / ticks
        if command == "java":
            # The JVM's threads by kind: event loops, JIT compilers, garbage collector ...
            for task in glob.glob(os.path.join(os.path.dirname(stat), "task", "*", "stat")):
                try:
                    with open(task) as f:
                        text = f.read()
                except OSError:
                    continue
                thread = re.sub(r"[-#]?\d+$", "", text[text.index("(") + 1:text.rindex(")")])
                fields = text[text.rindex(")") + 2:].split()
                key = "java/" + thread
                used[key] = used.get(key, 0) + (int(fields[11]) + int(fields[12])) / ticks
    return used


def wrk(server, name, script, connections, duration, env_extra, data_file, pg=None):
    env = dict(os.environ, BENCH_DATA=data_file, BENCH_AUTH=server.auth, BENCH_WRK_DIR=os.path.join(BENCH, "wrk"), **env_extra)
    peak = [server.rss_mb()]
    done = threading.Event()
    waits = {}

    def sample():
        while not done.wait(0.5):
            peak[0] = max(peak[0], server.rss_mb())
            if pg:
                # What the server's database sessions are doing: a lock, I/O, the client (idle), or running.
                for line in pg.psql("postgres", """SELECT state || ' ' || coalesce(wait_event_type || ':' || wait_event, 'running')
                        || ' ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 50)
                        FROM pg_stat_activity WHERE datname = 'payments' AND state <> 'idle'""").splitlines():
                    waits[line] = waits.get(line, 0) + 1
    sampler = threading.Thread(target=sample, daemon=True)
    statements = pg is not None and statements_reset(pg)
    cpu_before = cpu_seconds_by_command()
    sampler.start()
    output = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--timeout", "10s", "--latency",
                             "-s", os.path.join(BENCH, "wrk", script), f"http://127.0.0.1:{server.port}"],
                            env=env, text=True, capture_output=True, check=True).stdout
    cpu_after = cpu_seconds_by_command()
    done.set()
    sampler.join()
    cpu = {c: cpu_after[c] - cpu_before.get(c, 0) for c in cpu_after if cpu_after[c] - cpu_before.get(c, 0) > 0.5}
    with open(os.path.join(SCRATCH, "wrk-last.txt"), "a") as f:
        f.write(f"== {name}\n{output}\n")
    rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", output).group(1))
    p50 = to_ms(re.search(r"\s50%\s+([0-9.]+\w+)", output).group(1))
    p99 = to_ms(re.search(r"\s99%\s+([0-9.]+\w+)", output).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    errors = (int(non2xx.group(1)) if non2xx else 0) + (sum(int(g) for g in socket_errors.groups()) if socket_errors else 0)
    result = {"scenario": name, "tps": rps, "p50": p50, "p99": p99, "errors": errors, "connections": connections,
              "rss": peak[0]}
    log(f"{name}: {rps:.0f} req/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms, {errors} errors, RSS {peak[0]:.0f} MB")
    log("  CPU seconds: " + ", ".join(f"{c} {v:.1f}" for c, v in sorted(cpu.items(), key=lambda kv: -kv[1])[:10]))
    for line, count in sorted(waits.items(), key=lambda kv: -kv[1])[:8]:
        log(f"  database sessions (samples {count}): {line}")
    if statements:
        for line in pg.psql("payments", """SELECT calls || ' calls, ' || round(total_exec_time) || ' ms, '
                || round(mean_exec_time::numeric, 2) || ' ms each: ' || left(regexp_replace(query, '\s+', ' ', 'g'), 60)
                FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 8""").splitlines():
            log(f"  statements: {line}")
    return result


def statements_reset(pg):
    """Clears pg_stat_statements (when the server preloads it) so the next scenario's statements stand alone."""
    try:
        pg.psql("payments", "CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset();")
        return True
    except subprocess.CalledProcessError:
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--duration", type=int, default=20, help="seconds per scenario")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--accounts", type=int, default=200, help="funded accounts the transfers move money between")
    parser.add_argument("--heap", default="192m", help="server -Xmx")
    parser.add_argument("--jar", default=os.path.join(ROOT, "target", "quarkus-app", "quarkus-run.jar"))
    parser.add_argument("--pg-host", help="use this PostgreSQL (user postgres, databases bench and payments) instead of a private one")
    parser.add_argument("--pg-port", type=int, default=5432)
    parser.add_argument("--note", default="", help="a line for the results file (what changed since the last run)")
    parser.add_argument("--warmup", type=int, default=60,
                        help="seconds of transfers before measuring, so the JIT compilers are done with the hot paths")
    parser.add_argument("--jfr", action="store_true",
                        help="record a JFR profile of the server (target/bench/server.jfr) and print its hottest methods")
    parser.add_argument("--transfers-only", action="store_true",
                        help="run only the database ceilings and the two transfer scenarios; write no results file")
    args = parser.parse_args()

    pg = Postgres(args.pg_host, args.pg_port, False) if args.pg_host else Postgres.start()
    server = None
    try:
        for database in ("bench", "payments"):
            pg.psql("postgres", f"DROP DATABASE IF EXISTS {database}; CREATE DATABASE {database};")
        subprocess.run(["pgbench", "-h", pg.host, "-p", str(pg.port), "-U", "postgres", "-i", "-q", "-s", "10", "bench"],
                       check=True, capture_output=True)
        with open(os.path.join(BENCH, "sql", "setup.sql")) as f:
            pg.psql("bench", f.read(), {"accounts": args.accounts})
        c, d = args.connections, args.duration
        results = [
            pgbench(pg, "pgbench TPC-B-like", [], c, d),
            pgbench(pg, "plain-SQL transfer", ["-f", os.path.join(BENCH, "sql", "transfer.sql"), "-D", f"accounts={args.accounts}"], c, d),
            pgbench(pg, "plain-SQL single hot row", ["-f", os.path.join(BENCH, "sql", "hot.sql")], c, d),
        ]
        if os.path.exists(os.path.join(SCRATCH, "wrk-last.txt")):
            os.remove(os.path.join(SCRATCH, "wrk-last.txt"))
        jfr = os.path.join(SCRATCH, "server.jfr") if args.jfr else None
        server = Server(pg, args.jar, args.heap, jfr)
        log(f"server up on port {server.port}; seeding {args.accounts} accounts")
        accounts = seed(server, args.accounts)
        data_file = os.path.join(tempfile.gettempdir(), "bench-data.lua")
        with open(data_file, "w") as f:
            f.write(lua_table({"accounts": accounts, "hot": accounts[0], "transactions": accounts[:1]}))
        wrk(server, "warm-up", "transfer.lua", c, args.warmup, {}, data_file)
        transfers = wrk(server, "HTTP transfers (POST /quotes, immediatelyExecute)", "transfer.lua", c, d, {}, data_file, pg)
        hot = wrk(server, "HTTP transfers into one hot account", "transfer.lua", c, d, {"BENCH_HOT": "1"}, data_file, pg)
        if args.transfers_only:
            return
        ids = pg.psql("payments", "SELECT 'Transaction:' || id FROM transactions ORDER BY random() LIMIT 5000").split()
        with open(data_file, "w") as f:
            f.write(lua_table({"accounts": accounts, "hot": accounts[0], "transactions": ids}))
        reads = wrk(server, "HTTP GET /transactions/{id}", "read.lua", c, d, {}, data_file, pg)
        customers = wrk(server, "HTTP POST /customers", "customer.lua", c, d, {}, data_file, pg)
        audit = server.call("GET", "/sandbox/ledger/audit")
        write_results(args, results, transfers, hot, reads, customers, audit)
    finally:
        if server:
            server.stop()
        pg.stop()
        if args.jfr and os.path.exists(os.path.join(SCRATCH, "server.jfr")):
            print_hot_methods(os.path.join(SCRATCH, "server.jfr"))


def print_hot_methods(path, top=25):
    """Where the server's CPU went: the hottest methods on top of the sampled stacks (self time)
    and the service's own methods anywhere on them (inclusive time)."""
    out = subprocess.run(["jfr", "print", "--events", "jdk.ExecutionSample", "--stack-depth", "64", path],
                         capture_output=True, text=True).stdout
    samples = re.findall(r"stackTrace = \[\s*\n(.*?)\n\s*\]", out, re.S)
    own, inclusive = {}, {}
    for sample in samples:
        methods = [line.strip().split("(")[0] for line in sample.splitlines() if line.strip() and line.strip() != "..."]
        if methods:
            own[methods[0]] = own.get(methods[0], 0) + 1
        for method in set(m for m in methods if m.startswith("payments.")):
            inclusive[method] = inclusive.get(method, 0) + 1
    total = max(1, len(samples))
    log(f"JFR: {len(samples)} execution samples")
    for name, table in (("self", own), ("inclusive", inclusive)):
        for key, count in sorted(table.items(), key=lambda kv: -kv[1])[:top]:
            print(f"  {name:9} {100 * count / total:5.1f}%  {key}")


def write_results(args, sql, transfers, hot, reads, customers, audit):
    plain, single = sql[1], sql[2]
    ratios = {
        transfers["scenario"]: ("plain-SQL transfer", transfers["tps"] / plain["tps"]),
        hot["scenario"]: ("plain-SQL single hot row", hot["tps"] / single["tps"]),
        reads["scenario"]: ("HTTP transfers", reads["tps"] / transfers["tps"]),
        customers["scenario"]: ("plain-SQL transfer", customers["tps"] / plain["tps"]),
    }
    peak_rss = max(r["rss"] for r in (transfers, hot, reads, customers))
    targets = [
        ("Transfers >= 1.0x plain-SQL transfer TPS", ratios[transfers["scenario"]][1] >= 1.0),
        ("Transfers p99 <= 50 ms", transfers["p99"] <= 50),
        ("Transfers: 0 errors", transfers["errors"] == 0),
        ("Hot account >= 5x single-row ceiling", ratios[hot["scenario"]][1] >= 5.0),
        ("Reads >= 5x transfers", ratios[reads["scenario"]][1] >= 5.0),
        ("Server RSS under load <= 400 MB", peak_rss <= 400),
        ("Ledger audit clean after the run", audit.get("clean") is True),
    ]
    date = datetime.date.today().isoformat()
    cpu = subprocess.run(["nproc"], text=True, capture_output=True).stdout.strip()
    lines = [f"# Bench {date}", "",
             f"{cpu} cores; {args.connections} connections; {args.duration} s per scenario; {args.accounts} funded accounts; "
             f"server -Xmx{args.heap}; PostgreSQL 15 with fsync and synchronous_commit on, on the same machine.", ""]
    if args.note:
        lines += [args.note, ""]
    lines += ["| Scenario | TPS | p50 ms | p99 ms | Errors | Ratio | Server RSS MB |", "|---|---:|---:|---:|---:|---|---:|"]
    for r in sql:
        lines.append(f"| {r['scenario']} | {r['tps']:.0f} | {r['p50']:.1f} | {r['p99']:.1f} | {r['errors']} | baseline | |")
    for r in (transfers, hot, reads, customers):
        against, ratio = ratios[r["scenario"]]
        lines.append(f"| {r['scenario']} | {r['tps']:.0f} | {r['p50']:.1f} | {r['p99']:.1f} | {r['errors']} | "
                     f"{ratio:.2f}x {against} | {r['rss']:.0f} |")
    lines += ["", "| Target | Met |", "|---|---|"] + [f"| {name} | {'yes' if met else 'NO'} |" for name, met in targets]
    text = "\n".join(lines) + "\n"
    path = os.path.join(BENCH, "results", f"{date}.md")
    with open(path, "a" if os.path.exists(path) else "w") as f:
        f.write(("\n---\n\n" if f.tell() > 0 else "") + text)
    print(text)
    log(f"written to {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
