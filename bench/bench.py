#!/usr/bin/env python3
"""The server's speed as users run it, as ratios to what the same PostgreSQL does on its own.

Starts the server jar the way the README's command 1 does (its JVM options, the embedded PostgreSQL)
or on an external PostgreSQL (--db external: a private one from Debian's binaries, or --pg-host),
measures that database's own ceilings with pgbench in the same cluster, seeds funded customers over
HTTP (timing their KYC decisions), drives the HTTP scenarios with wrk, then payouts settled by the
job runner and transfers with a webhook receiver configured, and writes a Markdown table with CPU
per request to bench/results/<date>.md. Run through bench/run; see bench/README.md.
"""
import argparse
import base64
import concurrent.futures
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


README_COMMAND = re.compile(r"((?:[A-Z_]+=\S+ )*)java (.*?)-jar target/quarkus-app/quarkus-run\.jar")


def log(message):
    print("bench: " + message, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def readme_command():
    """The environment settings and the JVM options of the README's command 1, so the bench runs the
    server as users do."""
    with open(os.path.join(ROOT, "README.md")) as f:
        for line in f:
            match = README_COMMAND.search(line)
            if match:
                return dict(setting.split("=", 1) for setting in match.group(1).split()), match.group(2).split()
    sys.exit("README.md has no '[NAME=value ...] java ... -jar target/quarkus-app/quarkus-run.jar' command")


def command_text(environment, jvm_options):
    """How the server was started, as a user would type it."""
    return " ".join([*(f"{name}={value}" for name, value in environment.items()), "java", *jvm_options])


def as_postgres(command):
    """Debian's PostgreSQL refuses to run as root: run its tools as the postgres user then."""
    return (["runuser", "-u", "postgres", "--"] + command) if os.geteuid() == 0 else command


class Postgres:
    """A PostgreSQL cluster: the server's database in it, and a `bench` database for pgbench beside it."""

    def __init__(self, host, port, server_database, password=None, data_dir=None, own=False):
        self.host, self.port, self.server_database = host, port, server_database
        self.password, self.dir, self.own = password, data_dir, own

    @staticmethod
    def start_private(default_settings=False):
        """A PostgreSQL 15 of Debian's binaries in a fresh data directory: tuned as the server's own
        (shared_buffers, pg_stat_statements), or with initdb's defaults for the independent ceiling."""
        port = free_port()
        data = tempfile.mkdtemp(prefix="bench-pg-")
        if os.geteuid() == 0:
            shutil.chown(data, "postgres", "postgres")
        subprocess.run(as_postgres([PG_BIN + "/initdb", "-D", data, "-U", "postgres", "--auth=trust"]),
                       check=True, stdout=subprocess.DEVNULL)
        options = f"-p {port} -k /tmp -c listen_addresses=127.0.0.1"
        if not default_settings:
            options += (" -c max_connections=300 -c shared_buffers=512MB -c fsync=on -c synchronous_commit=on "
                        "-c shared_preload_libraries=pg_stat_statements")
        subprocess.run(as_postgres([PG_BIN + "/pg_ctl", "-D", data, "-o", options, "-l", data + "/log", "-w", "start"]),
                       check=True, stdout=subprocess.DEVNULL)
        return Postgres("127.0.0.1", port, "payments", data_dir=data, own=True)

    @staticmethod
    def embedded(data_dir):
        """The server's embedded PostgreSQL: its port from postmaster.pid, its password from beside it."""
        for _ in range(600):
            try:
                with open(os.path.join(data_dir, "postmaster.pid")) as f:
                    port = int(f.read().splitlines()[3])
                with open(os.path.join(os.path.dirname(data_dir), "postgres-password")) as f:
                    return Postgres("localhost", port, "postgres", password=f.read().strip())
            except (OSError, IndexError, ValueError):
                time.sleep(0.1)
        sys.exit("the embedded PostgreSQL never started")

    def stop(self):
        if self.own:
            subprocess.run(as_postgres([PG_BIN + "/pg_ctl", "-D", self.dir, "-m", "fast", "stop"]),
                           stdout=subprocess.DEVNULL)
            shutil.rmtree(self.dir, ignore_errors=True)

    def env(self):
        return dict(os.environ, PGPASSWORD=self.password or "")

    def psql(self, database, sql, variables=None):
        command = ["psql", "-h", self.host, "-p", str(self.port), "-U", "postgres", "-d", database, "-v", "ON_ERROR_STOP=1", "-qAt"]
        for name, value in (variables or {}).items():
            command += ["-v", f"{name}={value}"]
        return subprocess.run(command, input=sql, text=True, check=True, capture_output=True, env=self.env()).stdout

    def query(self, sql):
        """One value from the server's database."""
        return self.psql(self.server_database, sql).strip()

    def settings(self):
        return self.psql("postgres", "SELECT string_agg(name || '=' || setting, ', ' ORDER BY name) FROM pg_settings "
                                     "WHERE name IN ('shared_buffers', 'fsync', 'synchronous_commit', 'max_connections')").strip()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def run_measured(command, env):
    """Runs a load generator to its end: its output, and the CPU seconds it used (its own rusage)."""
    process = subprocess.Popen(command, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{command[0]} failed ({process.returncode}): {output[-2000:]}")
    return output, usage.ru_utime + usage.ru_stime


def pgbench(pg, name, args, connections, duration):
    """Runs pgbench with per-transaction logs; returns tps, latency percentiles (ms) and CPU per transaction."""
    workdir = tempfile.mkdtemp(prefix="pgbench-")
    command = ["pgbench", "-h", pg.host, "-p", str(pg.port), "-U", "postgres", "-n", "-c", str(connections),
               "-j", str(min(2, connections)), "-T", str(duration), "-l", "--log-prefix", os.path.join(workdir, "log")] + args + ["bench"]
    before = cpu_seconds_by_command()
    output, client_cpu = run_measured(command, pg.env())
    cpu = cpu_used(before)
    tps = float(re.search(r"tps = ([0-9.]+)", output).group(1))
    done = int(re.search(r"number of transactions actually processed: (\d+)", output).group(1))
    latencies = []
    for path in glob.glob(os.path.join(workdir, "log*")):
        with open(path) as f:
            latencies += [int(line.split()[2]) / 1000.0 for line in f if line.strip()]
    failed = re.search(r"number of failed transactions: (\d+)", output)
    shutil.rmtree(workdir, ignore_errors=True)
    result = {"scenario": name, "tps": tps, "p50": percentile(latencies, 0.5), "p99": percentile(latencies, 0.99),
              "errors": int(failed.group(1)) if failed else 0, "connections": connections,
              "pg_cpu_ms": 1000 * cpu.get("postgres", 0) / max(1, done), "client_cpu_ms": 1000 * client_cpu / max(1, done)}
    log(f"{name}: {tps:.0f} tps, p99 {result['p99']:.1f} ms, PostgreSQL {result['pg_cpu_ms']:.3f} ms CPU each, "
        f"pgbench {result['client_cpu_ms']:.3f} ms")
    return result


class Server:
    """The server jar started as the README's command 1 starts it (or, with binary, the native
    binary), in a working directory of its own."""

    def __init__(self, jar, jvm_options, pg=None, jfr=None, binary=None):
        self.port = free_port()
        self.client_id, self.secret = "bench-client", "bench-secret-" + str(time.time_ns())
        self.workdir = tempfile.mkdtemp(prefix="bench-server-")
        env = dict(os.environ, PORT=str(self.port), SVC_API_CLIENT_ID=self.client_id, SVC_API_CLIENT_SECRET=self.secret)
        if pg:
            env.update(QUARKUS_DATASOURCE_REACTIVE_URL=f"postgresql://{pg.host}:{pg.port}/{pg.server_database}",
                       QUARKUS_DATASOURCE_JDBC_URL=f"jdbc:postgresql://{pg.host}:{pg.port}/{pg.server_database}",
                       QUARKUS_DATASOURCE_USERNAME="postgres", QUARKUS_DATASOURCE_PASSWORD="postgres")
        os.makedirs(SCRATCH, exist_ok=True)
        self.log_path = os.path.join(SCRATCH, "server.log")
        profile = [f"-XX:StartFlightRecording=filename={jfr},settings=profile"] if jfr else []
        # A native binary takes the JVM options' heap bounds (the same cap for both) and nothing else.
        heap = [o for o in jvm_options if o.startswith(("-Xms", "-Xmx", "-Xmn"))]
        self.command = [os.path.abspath(binary), *heap] if binary else ["java", *jvm_options, *profile, "-jar", jar]
        self.env = env
        # The name /proc gives the process (15 characters at most), to count its CPU.
        self.command_name = os.path.basename(self.command[0])[:15]
        self.auth = base64.b64encode(f"{self.client_id}:{self.secret}".encode()).decode()
        self.launch("w")

    def launch(self, log_mode):
        """Starts the process and waits for /q/health/ready; ready_s is how long that took."""
        started = time.monotonic()
        self.process = subprocess.Popen(self.command, env=self.env, cwd=self.workdir, stdout=open(self.log_path, log_mode),
                                        stderr=subprocess.STDOUT)
        for _ in range(12000):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/q/health/ready", timeout=2) as r:
                    if r.status == 200:
                        self.started = started
                        self.ready_s = time.monotonic() - started
                        return
            except (urllib.error.URLError, ConnectionError):
                pass
            if self.process.poll() is not None:
                sys.exit(f"server exited, see {self.log_path}")
            time.sleep(0.01)
        sys.exit("server never became ready")

    def restart(self):
        """Stops the process and starts it again in the same working directory (an embedded
        database keeps its data), as a restarted or newly scheduled instance starts."""
        self.process.terminate()
        self.process.wait(timeout=60)
        self.launch("a")

    def embedded_data_dir(self):
        return os.path.join(self.workdir, "data", "postgres")

    def call(self, method, path, body=None):
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{API}{path}", method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": "Basic " + self.auth, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                text = response.read()
                return json.loads(text) if text else {}
        except urllib.error.HTTPError as e:
            sys.exit(f"{method} {path} answered {e.code}: {e.read().decode(errors='replace')[:500]}")

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
        return 0.0

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)
        shutil.rmtree(self.workdir, ignore_errors=True)


def in_parallel(function, items, workers=32):
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        return list(pool.map(function, items))


def seed(server, pg, count):
    """Funded, KYC-approved customers (decided at creation, the sandbox's shortcut): returns their USD
    account ids, and each customer's."""
    server.call("PATCH", "/config", {"sandboxSkipVerificationPaperwork": True})
    run = time.time_ns()

    def create(i):
        return server.call("POST", "/customers", {
            "customerType": "INDIVIDUAL", "platformCustomerId": f"bench-seed-{run}-{i}-x", "region": "US",
            "currencies": ["USD"], "fullName": "Bench Payer", "birthDate": "1990-01-15", "nationality": "US",
            "endUserTermsConsent": {"acceptedAt": "2025-01-01T00:00:00Z", "ipAddress": "198.51.100.24",
                                    "termsVersion": "V1", "acceptanceMethod": "CHECKBOX"}})["id"]
    in_parallel(create, range(count))
    server.call("PATCH", "/config", {"sandboxSkipVerificationPaperwork": False})
    started = time.monotonic()
    active = f"""FROM internal_accounts a JOIN customers c ON c.id = a.customer_id
                 WHERE c.platform_customer_id LIKE 'bench-seed-{run}-%-x' AND a.currency = 'USD' AND a.status = 'ACTIVE'
                 AND c.verification_status = 'APPROVED'"""
    while int(pg.query("SELECT count(*) " + active)) < count:
        if time.monotonic() - started > 300:
            sys.exit("approved customers' accounts did not open within 5 minutes: "
                     + pg.query(f"""SELECT string_agg(status || ' ' || n, ', ') FROM (SELECT a.status, count(*) n
                                    FROM internal_accounts a JOIN customers c ON c.id = a.customer_id
                                    WHERE c.platform_customer_id LIKE 'bench-seed-{run}-%-x' GROUP BY 1) t"""))
        time.sleep(0.1)
    account_of = dict(pair.split("=") for pair in pg.query(
        "SELECT string_agg('Customer:' || c.id || '=InternalAccount:' || a.id, ' ') " + active).split())
    accounts = list(account_of.values())
    in_parallel(lambda account: server.call("POST", f"/sandbox/internal-accounts/{account}/fund", {"amount": 100_000_000_000}),
                accounts)
    return accounts, account_of

def independent_ceiling(args, transfer_sql, connections, duration):
    """The plain-SQL transfer on a separately started PostgreSQL 15 with initdb's default settings, on
    the same machine while the server idles: the ceiling an independent bench measures, beside the one
    of the server's own cluster (issue 48: the two benches disagreed threefold)."""
    other = Postgres.start_private(default_settings=True)
    connections = min(connections, 90)  # initdb's max_connections is 100
    try:
        other.psql("postgres", "CREATE DATABASE bench;")
        subprocess.run(["pgbench", "-h", other.host, "-p", str(other.port), "-U", "postgres", "-i", "-q", "-s", "10", "bench"],
                       check=True, capture_output=True, env=other.env())
        with open(os.path.join(BENCH, "sql", "setup.sql")) as f:
            other.psql("bench", f.read(), {"accounts": args.accounts})
        return pgbench(other, f"plain-SQL transfer, {args.accounts:,} accounts, separate PostgreSQL 15 (default settings: "
                              f"{other.settings()})", transfer_sql, connections, duration)
    finally:
        other.stop()


def quiesce(pg, limit=600):
    """Waits until no background job is due, so a scenario measures its own work and not the backlog an
    earlier scenario left (POST /customers and the KYB customers leave one account activation each)."""
    started = time.monotonic()
    due = "SELECT count(*) FROM jobs WHERE status = 'PENDING' AND run_at <= now()"
    left = int(pg.query(due))
    while int(pg.query(due)) > 0:
        if time.monotonic() - started > limit:
            sys.exit(f"background jobs still due after {limit} s")
        time.sleep(0.2)
    if left:
        log(f"waited {time.monotonic() - started:.1f} s for {left} due jobs left by earlier scenarios")


def kyc_decisions(server, pg, count):
    """Businesses' complete packets (POST /verifications), each decided by a job as in production:
    how long after the last packet the last decision came."""
    run = time.time_ns()
    in_parallel(lambda i: server.call("POST", "/customers", {
        "customerType": "BUSINESS", "platformCustomerId": f"bench-kyb-{run}-{i}-x", "currencies": ["USD"],
        "businessInfo": {"legalName": "Bench Business", "country": "US", "taxId": "47-1234567",
                         "incorporatedOn": "2015-03-01", "registrationNumber": f"REG{i}-789",
                         "entityType": "CORPORATION", "countriesOfOperation": ["US"]},
        "address": {"line1": "9 Market St", "city": "San Francisco", "postalCode": "94105", "country": "US"}}),
        range(count))
    ids = pg.query(f"""SELECT string_agg('Customer:' || id, ' ') FROM customers
                       WHERE platform_customer_id LIKE 'bench-kyb-{run}-%-x'""").split()
    first = time.monotonic()
    in_parallel(lambda customer: server.call("POST", "/verifications", {"customerId": customer}), ids)
    last_packet = time.monotonic()
    undecided = f"""SELECT count(*) FROM customers WHERE platform_customer_id LIKE 'bench-kyb-{run}-%-x'
                    AND verification_status NOT IN ('APPROVED', 'REJECTED')"""
    while int(pg.query(undecided)) > 0:
        if time.monotonic() - last_packet > 600:
            sys.exit("KYC decisions did not finish within 10 minutes")
        time.sleep(0.1)
    decided = time.monotonic()
    result = {"scenario": f"{count:,} KYB packets decided by the sandbox reviewer", "count": count,
              "packets_s": last_packet - first, "after_last_s": decided - last_packet, "rate": count / (decided - first)}
    log(f"KYC: {count} packets in {result['packets_s']:.1f} s, all decided {result['after_last_s']:.1f} s after the last")
    return result


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
        if command == "postgres":
            # Backends that ended (pgbench's, at the end of its run) count in the postmaster's reaped
            # children's time; they are no longer in /proc to be counted themselves.
            used[command] += (int(fields[13]) + int(fields[14])) / ticks
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




def cpu_used(before):
    after = cpu_seconds_by_command()
    return {c: after[c] - before.get(c, 0) for c in after if after[c] - before.get(c, 0) > 0}


def batch_metrics(server):
    """The payment batcher's counters from /q/metrics (payments per batch, time per batch), as numbers by name."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/q/metrics", timeout=5) as r:
            text = r.read().decode()
    except (urllib.error.URLError, ConnectionError):
        return {}
    return {name: float(value) for name, value in re.findall(r"^(payments_batch_\w+_(?:count|sum))(?:\{[^}]*\})? ([0-9.eE+-]+)$", text, re.M)}


def wal_stats(pg):
    """PostgreSQL's WAL counters (pg_stat_wal: fsyncs, bytes), cluster-wide."""
    if pg is None:
        return {}
    row = pg.query("SELECT wal_sync, wal_write, wal_bytes FROM pg_stat_wal").split("|")
    return {"wal_sync": float(row[0]), "wal_write": float(row[1]), "wal_bytes": float(row[2])}


def delta(after, before):
    return {name: value - before.get(name, 0) for name, value in after.items()}


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
                for line in pg.psql("postgres", f"""SELECT state || ' ' || coalesce(wait_event_type || ':' || wait_event, 'running')
                        || ' ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 50)
                        FROM pg_stat_activity WHERE datname = '{pg.server_database}' AND state <> 'idle'
                        AND pid <> pg_backend_pid()""").splitlines():
                    waits[line] = waits.get(line, 0) + 1
    sampler = threading.Thread(target=sample, daemon=True)
    statements = pg is not None and statements_reset(pg)
    batches_before, wal_before = batch_metrics(server), wal_stats(pg)
    before = cpu_seconds_by_command()
    sampler.start()
    output, client_cpu = run_measured(["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--timeout", "10s", "--latency",
                                       "-s", os.path.join(BENCH, "wrk", script), f"http://127.0.0.1:{server.port}"], env)
    cpu = cpu_used(before)
    batches, wal = delta(batch_metrics(server), batches_before), delta(wal_stats(pg), wal_before)
    done.set()
    sampler.join()
    with open(os.path.join(SCRATCH, "wrk-last.txt"), "a") as f:
        f.write(f"== {name}\n{output}\n")
    rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", output).group(1))
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    p50 = to_ms(re.search(r"\s50%\s+([0-9.]+\w+)", output).group(1))
    p99 = to_ms(re.search(r"\s99%\s+([0-9.]+\w+)", output).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    errors = (int(non2xx.group(1)) if non2xx else 0) + (sum(int(g) for g in socket_errors.groups()) if socket_errors else 0)
    result = {"scenario": name, "tps": rps, "p50": p50, "p99": p99, "errors": errors, "connections": connections,
              "rss": peak[0], "requests": requests,
              "java_cpu_ms": 1000 * cpu.get(server.command_name, 0) / max(1, requests),
              "pg_cpu_ms": 1000 * cpu.get("postgres", 0) / max(1, requests), "client_cpu_ms": 1000 * client_cpu / max(1, requests)}
    if batches.get("payments_batch_size_count"):
        result["batch_size"] = batches["payments_batch_size_sum"] / batches["payments_batch_size_count"]
        result["batch_ms"] = 1000 * batches["payments_batch_commit_seconds_sum"] / batches["payments_batch_commit_seconds_count"]
        result["batches_per_s"] = batches["payments_batch_size_count"] / duration
        log(f"  payment batches: {result['batches_per_s']:.0f}/s, {result['batch_size']:.1f} payments each, "
            f"{result['batch_ms']:.1f} ms each from start to commit answer")
    if wal.get("wal_sync"):
        result["wal_syncs_per_s"] = wal["wal_sync"] / duration
        result["requests_per_wal_sync"] = requests / wal["wal_sync"]
        log(f"  WAL: {wal['wal_sync'] / duration:.0f} fsyncs/s ({requests / wal['wal_sync']:.1f} requests per fsync), "
            f"{wal['wal_bytes'] / max(1, requests):,.0f} bytes per request")
    for sample in re.findall(r"^error-sample: (.*)$", output, re.M):
        log(f"  answer counted as an error: {sample}")
    log(f"{name}: {rps:.0f} req/s, p50 {p50:.1f} ms, p99 {p99:.1f} ms, {errors} errors, RSS {peak[0]:.0f} MB, "
        f"CPU per request: server {result['java_cpu_ms']:.2f} ms, PostgreSQL {result['pg_cpu_ms']:.2f} ms, wrk {result['client_cpu_ms']:.2f} ms")
    log("  CPU seconds: " + ", ".join(f"{c} {v:.1f}" for c, v in sorted(cpu.items(), key=lambda kv: -kv[1])[:10] if v > 0.5))
    for line, count in sorted(waits.items(), key=lambda kv: -kv[1])[:8]:
        log(f"  database sessions (samples {count}): {line}")
    if statements:
        for line in pg.psql(pg.server_database, """SELECT calls || ' calls, ' || round(total_exec_time) || ' ms, '
                || round(mean_exec_time::numeric, 2) || ' ms each: ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60)
                FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 8""").splitlines():
            log(f"  statements: {line}")
    return result


def statements_reset(pg):
    """Clears pg_stat_statements (when the cluster preloads it) so the next scenario's statements stand alone."""
    try:
        pg.psql(pg.server_database, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset();")
        return True
    except subprocess.CalledProcessError:
        return False


def payouts(server, pg, account_of, count):
    """Payouts to customers' bank accounts, which the sandbox rail settles through the job runner:
    how long after the last one was accepted the last one settled."""
    payers = list(account_of)[:200]
    banks = in_parallel(lambda customer: server.call("POST", "/customers/external-accounts", {
        "customerId": customer, "currency": "USD", "accountInfo": {
            "accountType": "USD_ACCOUNT", "accountNumber": "5550001789", "routingNumber": "021000021",
            "bankAccountType": "CHECKING", "bankName": "Chase",
            "beneficiary": {"beneficiaryType": "INDIVIDUAL", "fullName": "Bench Payee",
                            "address": {"line1": "1 Main St", "postalCode": "73301", "country": "US"}}}})["id"],
        payers)
    pairs = [(account_of[payers[i % len(payers)]], banks[i % len(payers)]) for i in range(count)]
    first = time.monotonic()
    ids = in_parallel(lambda pair: server.call("POST", "/quotes", {
        "source": {"sourceType": "ACCOUNT", "accountId": pair[0]},
        "destination": {"destinationType": "ACCOUNT", "accountId": pair[1]},
        "lockedCurrencySide": "SENDING", "lockedCurrencyAmount": 100, "immediatelyExecute": True})["transactionId"], pairs)
    accepted = time.monotonic()
    uuids = ",".join("'" + i.split(":")[1] + "'" for i in ids)
    while int(pg.query(f"SELECT count(*) FROM transactions WHERE id IN ({uuids}) AND status <> 'COMPLETED'")) > 0:
        if time.monotonic() - accepted > 300 or int(pg.query(f"SELECT count(*) FROM transactions WHERE id IN ({uuids}) AND status = 'FAILED'")):
            sys.exit("payouts did not all settle within 5 minutes: " + pg.query(
                f"SELECT string_agg(status || ' ' || n, ', ') FROM (SELECT status, count(*) n FROM transactions WHERE id IN ({uuids}) GROUP BY 1) t"))
        time.sleep(0.1)
    settled = time.monotonic()
    result = {"scenario": f"{count:,} payouts settled by the sandbox rail", "count": count, "packets_s": accepted - first,
              "after_last_s": settled - accepted, "rate": count / (settled - first)}
    log(f"payouts: {count} accepted in {result['packets_s']:.1f} s, all settled {result['after_last_s']:.1f} s after the last")
    return result


RECEIVER = r'''
import asyncio, sys
count = 0
class Receiver(asyncio.Protocol):
    def connection_made(self, transport):
        self.transport, self.buffer = transport, b""
    def data_received(self, data):
        global count
        self.buffer += data
        while True:
            head = self.buffer.find(b"\r\n\r\n")
            if head < 0:
                return
            length = 0
            for line in self.buffer[:head].split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            if len(self.buffer) < head + 4 + length:
                return
            self.buffer = self.buffer[head + 4 + length:]
            count += 1
            self.transport.write(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n")
async def main():
    server = await asyncio.get_running_loop().create_server(Receiver, "127.0.0.1", int(sys.argv[1]))
    async with server:
        await server.serve_forever()
asyncio.run(main())
'''


def process_cpu_seconds(pid):
    """User and system CPU seconds one process has used so far (/proc/<pid>/stat, fields 14 and 15)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def webhooks(server, pg, name, connections, duration, data_file, warmup, drain_limit=300):
    """Transfers with a webhook receiver configured (a local one answering 200 at once): the rate, and how
    long each event took from its creation to its delivery, from the event rows. A warm-up with the
    receiver comes first (the delivery path is compiled by the JIT then, not in the measured window)
    and is delivered before the measured window opens."""
    port = free_port()
    receiver = subprocess.Popen([sys.executable, "-c", RECEIVER, str(port)])
    try:
        time.sleep(0.5)
        server.call("PATCH", "/config", {"webhookEndpoint": f"http://127.0.0.1:{port}/webhooks"})
        if warmup:
            wrk(server, "warm-up with the webhook receiver", "transfer.lua", connections, warmup, {}, data_file)
            started = time.monotonic()
            while int(pg.query("SELECT count(*) FROM webhook_events WHERE status = 'PENDING' AND type <> 'TEST'")) > 0:
                if time.monotonic() - started > drain_limit:
                    sys.exit("the warm-up's webhook events were not delivered within the drain limit")
                time.sleep(0.5)
        since = pg.query("SELECT now()")
        receiver_cpu = process_cpu_seconds(receiver.pid)
        result = wrk(server, name, "transfer.lua", connections, duration, {}, data_file, pg)
        result["receiver_cpu_ms"] = 1000 * (process_cpu_seconds(receiver.pid) - receiver_cpu) / max(1, result["requests"])
        until = pg.query("SELECT now()")
        window = f"created_at >= '{since}' AND created_at < '{until}' AND type <> 'TEST'"
        result["backlog"] = int(pg.query(f"SELECT count(*) FROM webhook_events WHERE {window} AND status = 'PENDING'"))
        started = time.monotonic()
        while int(pg.query(f"SELECT count(*) FROM webhook_events WHERE {window} AND status = 'PENDING'")) > 0:
            if time.monotonic() - started > drain_limit:
                break
            time.sleep(0.5)
        row = pg.query(f"""SELECT count(*), count(*) FILTER (WHERE status = 'DELIVERED'),
                coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM delivered_at - created_at)), 0),
                coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM delivered_at - created_at)), 0),
                coalesce(max(extract(epoch FROM delivered_at - created_at)), 0)
                FROM webhook_events WHERE {window}""").split("|")
        by_second = pg.query(f"""SELECT string_agg(to_char(lag, 'FM990.0'), ' ' ORDER BY second) FROM (
                SELECT date_trunc('second', created_at) AS second, max(extract(epoch FROM delivered_at - created_at)) AS lag
                FROM webhook_events WHERE {window} GROUP BY 1) t""")
        log(f"  webhook lag, worst of each second of the load (s): {by_second}")
        events, delivered = int(row[0]), int(row[1])
        result.update(events=events, delivered=delivered, lag_p50=float(row[2]), lag_p99=float(row[3]), lag_max=float(row[4]),
                      events_per_request=events / max(1, result["requests"]))
        log(f"  webhook receiver CPU per transfer: {result['receiver_cpu_ms']:.2f} ms")
        log(f"  webhooks: {events} events ({result['events_per_request']:.1f} per transfer), {delivered} delivered, "
            f"backlog at the end of the load {result['backlog']}, lag p50 {result['lag_p50']:.2f} s, "
            f"p99 {result['lag_p99']:.2f} s, max {result['lag_max']:.2f} s")
        return result
    finally:
        receiver.terminate()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", choices=("embedded", "external"), default="embedded",
                        help="embedded: the server starts its own PostgreSQL as the README's command 1 does; "
                             "external: a private PostgreSQL 15 from Debian's binaries (or --pg-host)")
    parser.add_argument("--duration", type=int, default=20, help="seconds per scenario")
    parser.add_argument("--webhook-duration", type=int, default=30, help="seconds of transfers with a webhook receiver")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--accounts", type=int, default=10_000, help="funded customers the transfers move money between")
    parser.add_argument("--kyc", type=int, default=10_000, help="KYB packets for the background-work scenario")
    parser.add_argument("--payouts", type=int, default=2_000, help="payouts for the background-work scenario")
    parser.add_argument("--jvm-options", help="instead of the README command's JVM options (space-separated)")
    parser.add_argument("--jar", default=os.path.join(ROOT, "target", "quarkus-app", "quarkus-run.jar"))
    parser.add_argument("--binary", help="run this native binary instead of the jar (needs --db external); see bench/native")
    parser.add_argument("--pg-host", help="with --db external: use this PostgreSQL (user postgres, password postgres; "
                                          "the databases bench and payments are recreated)")
    parser.add_argument("--pg-port", type=int, default=5432)
    parser.add_argument("--note", default="", help="a line for the results file (what changed since the last run)")
    parser.add_argument("--warmup", type=int, default=60,
                        help="seconds of transfers before measuring, so the JIT compilers are done with the hot paths")
    parser.add_argument("--jfr", action="store_true",
                        help="record a JFR profile of the server (target/bench/server.jfr) and print its hottest methods")
    parser.add_argument("--only", help="comma-separated scenarios to run (first-minute,transfers,hot,reads,customers,kyc,payouts,"
                                       "webhooks); "
                                       "writes no results file")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    if args.binary and args.db != "external":
        sys.exit("a native binary has no embedded PostgreSQL: add --db external")
    environment, readme_options = readme_command()
    jvm_options = args.jvm_options.split() if args.jvm_options is not None else readme_options
    os.environ.update(environment)
    os.makedirs(SCRATCH, exist_ok=True)
    if os.path.exists(os.path.join(SCRATCH, "wrk-last.txt")):
        os.remove(os.path.join(SCRATCH, "wrk-last.txt"))
    jfr = os.path.join(SCRATCH, "server.jfr") if args.jfr else None
    pg, server = None, None
    try:
        if args.db == "external":
            pg = Postgres(args.pg_host, args.pg_port, "payments", password="postgres") if args.pg_host else Postgres.start_private()
            pg.psql("postgres", "DROP DATABASE IF EXISTS payments; CREATE DATABASE payments;")
            server = Server(args.jar, jvm_options, pg, jfr, args.binary)
        else:
            server = Server(args.jar, jvm_options, None, jfr)
            pg = Postgres.embedded(server.embedded_data_dir())
        started_as = (f"native binary {args.binary} " + " ".join(o for o in jvm_options if o.startswith(("-Xms", "-Xmx", "-Xmn")))
                      if args.binary else command_text(environment, jvm_options))
        log(f"server up on port {server.port} in {server.ready_s:.2f} s ({started_as}), database {args.db}: {pg.settings()}")
        pg.psql("postgres", "DROP DATABASE IF EXISTS bench; CREATE DATABASE bench;")
        subprocess.run(["pgbench", "-h", pg.host, "-p", str(pg.port), "-U", "postgres", "-i", "-q", "-s", "10", "bench"],
                       check=True, capture_output=True, env=pg.env())
        with open(os.path.join(BENCH, "sql", "setup.sql")) as f:
            pg.psql("bench", f.read(), {"accounts": args.accounts})
        c, d = args.connections, args.duration
        transfer_sql = ["-f", os.path.join(BENCH, "sql", "transfer.sql"), "-D", f"accounts={args.accounts}"]
        ceilings = {
            "transfer": pgbench(pg, f"plain-SQL transfer, {args.accounts:,} accounts", transfer_sql, c, d),
            "single": pgbench(pg, "plain-SQL transfer, one client", transfer_sql, 1, d),
            "select": pgbench(pg, "pgbench -S (primary-key select)", ["-S"], c, d),
        }
        if not args.pg_host:
            ceilings["independent"] = independent_ceiling(args, transfer_sql, c, d)
        idle_rss = server.rss_mb()
        log(f"seeding {args.accounts} customers")
        accounts, account_of = seed(server, pg, args.accounts)
        data_file = os.path.join(tempfile.gettempdir(), "bench-data.lua")
        with open(data_file, "w") as f:
            f.write(lua_table({"accounts": accounts, "hot": accounts[0], "transactions": accounts[:1]}))
        wanted = lambda scenario: only is None or scenario in only
        http = {}
        first = None
        if wanted("first-minute"):
            server.restart()
            if args.db == "embedded":
                pg = Postgres.embedded(server.embedded_data_dir())
            log(f"restarted: ready in {server.ready_s:.2f} s; transfers from the moment ready answers")
            first = first_minute(server, pg, c, data_file)
        # The first minute's load warms the JIT up as the warm-up would.
        warmup = args.warmup - (FIRST_MINUTE if first else 0)
        if warmup > 0:
            wrk(server, "warm-up", "transfer.lua", c, warmup, {}, data_file)
        if wanted("transfers") or wanted("webhooks"):
            http["transfers"] = wrk(server, "HTTP transfers (POST /quotes, immediatelyExecute)", "transfer.lua", c, d, {}, data_file, pg)
        if wanted("hot"):
            http["hot"] = wrk(server, "HTTP transfers into one hot account", "transfer.lua", c, d, {"BENCH_HOT": "1"}, data_file, pg)
        if wanted("reads"):
            ids = pg.query("SELECT string_agg('Transaction:' || id, ' ') FROM (SELECT id FROM transactions ORDER BY random() LIMIT 5000) t").split()
            with open(data_file, "w") as f:
                f.write(lua_table({"accounts": accounts, "hot": accounts[0], "transactions": ids}))
            http["reads"] = wrk(server, "HTTP GET /transactions/{id}", "read.lua", c, d, {}, data_file, pg)
        if wanted("customers"):
            http["customers"] = wrk(server, "HTTP POST /customers", "customer.lua", c, d, {}, data_file, pg)
        background = {}
        if wanted("kyc"):
            quiesce(pg)
            background["kyc"] = kyc_decisions(server, pg, args.kyc)
        if wanted("payouts"):
            quiesce(pg)
            background["payouts"] = payouts(server, pg, account_of, args.payouts)
        if wanted("webhooks"):
            quiesce(pg)
            http["webhooks"] = webhooks(server, pg, "HTTP transfers, webhook receiver configured", c, args.webhook_duration, data_file,
                                        args.warmup // 2)
        audit = server.call("GET", "/sandbox/ledger/audit")
        log(f"ledger audit clean: {audit.get('clean')}")
        if only is None:
            write_results(args, environment, jvm_options, pg, ceilings, http, background, idle_rss, audit, first)
    finally:
        if server:
            server.stop()
        if pg:
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


FIRST_MINUTE = 60


def first_minute(server, pg, connections, data_file):
    """Transfers from the moment a restarted server answers ready: the first 10 s, then the rest of
    the first minute (what an instance started by an autoscaler or after a crash serves while its
    JIT compilers are still at work)."""
    first = wrk(server, "HTTP transfers, first 10 s after a restart", "transfer.lua", connections, 10, {}, data_file, pg)
    rest = wrk(server, "HTTP transfers, 10 to 60 s after a restart", "transfer.lua", connections, FIRST_MINUTE - 10, {}, data_file, pg)
    requests = first["requests"] + rest["requests"]

    def per_request(key):
        """A per-request figure over both parts, each weighted by its requests."""
        return (first[key] * first["requests"] + rest[key] * rest["requests"]) / max(1, requests)
    minute = dict(rest, scenario="HTTP transfers, first 60 s after a restart", tps=requests / FIRST_MINUTE, requests=requests,
                  errors=first["errors"] + rest["errors"], p99=max(first["p99"], rest["p99"]), p50=rest["p50"],
                  java_cpu_ms=per_request("java_cpu_ms"), pg_cpu_ms=per_request("pg_cpu_ms"),
                  client_cpu_ms=per_request("client_cpu_ms"))
    log(f"first minute after ready ({server.ready_s:.2f} s to ready): {first['tps']:.0f}/s in the first 10 s, "
        f"{minute['tps']:.0f}/s over 60 s")
    return {"ready_s": server.ready_s, "first10": first, "first60": minute}


def write_results(args, environment, jvm_options, pg, ceilings, http, background, idle_rss, audit, first=None):
    transfers, hot, reads, customers, hooked = (http.get(k) for k in ("transfers", "hot", "reads", "customers", "webhooks"))
    kyc, paid = background["kyc"], background["payouts"]
    against = [
        (transfers, ceilings["transfer"], 1.0),
        *([(transfers, ceilings["independent"], 0.5)] if "independent" in ceilings else []),
        (hot, ceilings["single"], 2.0),
        (reads, ceilings["select"], 0.4),
        (customers, ceilings["transfer"], None),
        (hooked, transfers, 0.8),
        *([(first["first10"], transfers, None), (first["first60"], transfers, None)] if first else []),
    ]
    peak_rss = max(r["rss"] for r in http.values())
    targets = [
        ("Transfers >= 1.0x plain-SQL transfer", transfers["tps"] / ceilings["transfer"]["tps"] >= 1.0),
        *([("Transfers >= 0.5x the independent plain-SQL transfer (separate PostgreSQL, default settings)",
            transfers["tps"] / ceilings["independent"]["tps"] >= 0.5)] if "independent" in ceilings else []),
        ("Transfers p99 <= 50 ms", transfers["p99"] <= 50),
        ("Hot account >= 2x one-client plain-SQL transfer", hot["tps"] / ceilings["single"]["tps"] >= 2.0),
        ("GET /transactions/{id} >= 0.4x pgbench -S", reads["tps"] / ceilings["select"]["tps"] >= 0.4),
        ("Server RSS under load <= 400 MiB", peak_rss <= 400),
        ("With a webhook receiver >= 0.8x transfers without", hooked["tps"] / transfers["tps"] >= 0.8),
        ("Webhook delivery lag p99 <= 1 s", hooked["lag_p99"] <= 1.0 and hooked["delivered"] == hooked["events"]),
        (f"{kyc['count']:,} KYC decisions within 10 s of the last packet", kyc["after_last_s"] <= 10),
        ("No errors in any scenario", all(r["errors"] == 0 for r in http.values())),
        ("Ledger audit clean after the run", audit.get("clean") is True),
    ]
    date = datetime.date.today().isoformat()
    cores = subprocess.run(["nproc"], text=True, capture_output=True).stdout.strip()
    lines = [f"# Bench {date} ({args.db} PostgreSQL)", "",
             f"{cores} cores shared by load generator, server and database; {args.connections} connections; "
             f"{args.duration} s per scenario; {len(http) and args.accounts:,} funded customers; "
             + (f"the native binary `{os.path.relpath(args.binary, ROOT)}`" if args.binary
                else f"`{command_text(environment, jvm_options)} -jar` (the README's command 1)")
             + f"; PostgreSQL: {pg.settings()}. "
             f"CPU per request is the CPU time the server (java) and PostgreSQL used during the scenario "
             f"divided by its requests (from /proc).", ""]
    if args.note:
        lines += [args.note, ""]
    lines += ["| Scenario | Rate/s | p50 ms | p99 ms | Errors | Ratio to the ceiling in this run | Server CPU ms/req | PostgreSQL CPU ms/req | Load generator CPU ms/req | Server RSS MiB |",
              "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|"]
    for r in ceilings.values():
        lines.append(f"| {r['scenario']} | {r['tps']:.0f} | {r['p50']:.1f} | {r['p99']:.1f} | {r['errors']} | ceiling | "
                     f"| {r['pg_cpu_ms']:.3f} | {r.get('client_cpu_ms', 0):.3f} | |")
    for r, base, target in against:
        if r is None:
            continue
        ratio = f"{r['tps'] / base['tps']:.2f}x {base['scenario']}" + (f" (target {target}x)" if target else "")
        lines.append(f"| {r['scenario']} | {r['tps']:.0f} | {r['p50']:.1f} | {r['p99']:.1f} | {r['errors']} | {ratio} | "
                     f"{r['java_cpu_ms']:.2f} | {r['pg_cpu_ms']:.2f} | {r.get('client_cpu_ms', 0):.2f} | {r['rss']:.0f} |")
    lines += ["", f"Server RSS idle before seeding: {idle_rss:.0f} MiB; peak under load: {peak_rss:.0f} MiB.", ""]
    for r in (transfers, hot):
        if r and r.get("batch_size"):
            lines += [f"{r['scenario']}: {r['batches_per_s']:.0f} payment batches/s of {r['batch_size']:.1f} payments, "
                      f"{r['batch_ms']:.1f} ms each from start to commit answer"
                      + (f"; {r['wal_syncs_per_s']:.0f} WAL fsyncs/s ({r['requests_per_wal_sync']:.1f} transfers per fsync)"
                         if r.get("wal_syncs_per_s") else "") + ".", ""]
    if first:
        lines += [f"First minute: after seeding, the server was restarted (ready in {first['ready_s']:.2f} s) and transfers "
                  f"started the moment ready answered: {first['first10']['tps']:.0f}/s in the first 10 s "
                  f"({first['first10']['tps'] / transfers['tps']:.2f}x the warm rate), {first['first60']['tps']:.0f}/s over the "
                  f"first 60 s ({first['first60']['tps'] / transfers['tps']:.2f}x); that minute is also the warm-up.", ""]
    lines += [f"Webhooks: {hooked['events']:,} events ({hooked['events_per_request']:.1f} per transfer), "
              f"{hooked['delivered']:,} delivered; backlog when the load stopped {hooked['backlog']:,}; "
              f"delivery lag (created -> delivered) p50 {hooked['lag_p50']:.2f} s, p99 {hooked['lag_p99']:.2f} s, "
              f"max {hooked['lag_max']:.2f} s. The receiver (a Python asyncio process answering 200, on the same cores: "
              f"its CPU is not in the load generator's column) used {hooked.get('receiver_cpu_ms', 0):.2f} ms of CPU per transfer.", ""]
    lines += ["| Background work | Count | Submitted in s | Done s after the last | Rate/s overall |", "|---|---:|---:|---:|---:|"]
    for r in (kyc, paid):
        if r:
            lines.append(f"| {r['scenario']} | {r['count']:,} | {r['packets_s']:.1f} | {r['after_last_s']:.1f} | {r['rate']:.0f} |")
    lines += ["", "| Target | Met |", "|---|---|"] + [f"| {name} | {'yes' if met else 'NO'} |" for name, met in targets]
    text = "\n".join(lines) + "\n"
    path = os.path.join(BENCH, "results", f"{date}.md")
    with open(path, "a" if os.path.exists(path) else "w") as f:
        f.write(("\n---\n\n" if f.tell() > 0 else "") + text)
    print(text)
    log(f"written to {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()
