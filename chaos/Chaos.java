import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bank under fire. Two server instances share one PostgreSQL; clients move money between funded
 * accounts (some payments to bank accounts the sandbox rail fails, some requests repeated with
 * their Idempotency-Key) while the harness kill -9s instances and restarts PostgreSQL. The client
 * keeps its own record of every request and of every payment acknowledged to it. Afterwards it
 * checks that every request got a definitive answer, enough payments were acknowledged, each
 * account's balance is what the client's acknowledged payments leave (not merely that the total was
 * conserved), nothing went negative, the ledger audit is clean, every acknowledged payment exists
 * exactly once and ended as it should, every repeated request got the first answer byte for byte,
 * and every committed event (and every acknowledged payment's events) reached the webhook receiver,
 * signed, once per id.
 *
 * <p>Run through {@code chaos/run}; a failing run prints its seed, and {@code --seed} replays the
 * same choices (timings on a busy machine still differ).
 */
public class Chaos {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CLIENT_ID = "chaos-client";
    private static final String CLIENT_SECRET = "chaos-secret-" + UUID.randomUUID();
    private static final String SECRETS_KEY = newSecretsKey();
    /** What each account starts with unless --funding says otherwise (USD 10,000.00). */
    private static final long FUNDING = 1_000_000;
    /** Every tenth account starts with this little (USD 150.00): drained soon, so refusals for lack of money happen under load. */
    private static final long LOW_FUNDING = 15_000;

    private final long seed;
    private final int seconds;
    private final int accountCount;
    private final int clientCount;
    private final Path jar;
    private final Path workdir;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<String> violations = new ArrayList<>();
    private final Map<String, AtomicLong> counters = new ConcurrentHashMap<>();
    private final long startedAt = System.nanoTime();

    private EmbeddedPostgres postgres;
    /** The database as host:port/name: the embedded one's, or --database's. */
    private String database;
    private Path postgresDir;
    private final List<Instance> instances = new ArrayList<>();
    private Receiver receiver;

    private final List<String> accounts = new ArrayList<>();
    private final Map<String, String> failingBankOf = new HashMap<>();
    /** Every payment request sent, by its Idempotency-Key: the client's own record of what it asked for. */
    private final Map<String, Request> requests = new ConcurrentHashMap<>();
    /** Idempotency key -> the first definitive answer (not a 5xx, not 409 in progress, not silence). */
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    /** Idempotency key -> the payment its first answer acknowledged (201). */
    private final Map<String, Acknowledged> acknowledged = new ConcurrentHashMap<>();
    /** Each account's card, issued at the start. */
    private final Map<String, String> cardOf = new HashMap<>();
    /** Approved card authorizations by transaction id, with their acknowledged clearing. */
    private final Map<String, CardPurchase> purchases = new ConcurrentHashMap<>();
    /** Each account's agent. */
    private final Map<String, AgentRef> agentOf = new HashMap<>();
    /** Agent payments whose execution was answered, by action id. */
    private final Map<String, AgentPayment> agentPayments = new ConcurrentHashMap<>();
    /** Instance kill -9s and PostgreSQL restarts over the run. */
    private final int kills;
    private final int postgresRestarts;
    /** With --database: the commands that restart its primary in place and promote its standby. */
    private final String restartCommand;
    private final String failoverCommand;
    private final int failovers;
    private final long funding;
    /** What each account was funded with at the start. */
    private final Map<String, Long> fundingOf = new ConcurrentHashMap<>();
    /** The UTC day the agents' usage counts when the run starts (their dailySpend is checked only within it). */
    private String agentsResetDate;
    /** Authorizations answered (AUTHORIZED or DECLINED): each must be one card transaction row. */
    private final Set<String> cardAnswers = ConcurrentHashMap.newKeySet();

    Chaos(long seed, Map<String, String> options) {
        this.seed = seed;
        this.seconds = Integer.parseInt(options.getOrDefault("seconds", "120"));
        this.accountCount = Integer.parseInt(options.getOrDefault("accounts", "20"));
        this.clientCount = Integer.parseInt(options.getOrDefault("clients", "8"));
        this.jar = Path.of(options.getOrDefault("jar", "target/quarkus-app/quarkus-run.jar"));
        this.workdir = Path.of(options.getOrDefault("workdir", "target/chaos"));
        this.kills = Integer.parseInt(options.getOrDefault("kills", Integer.toString(Math.max(1, seconds / 100))));
        this.postgresRestarts = Integer.parseInt(options.getOrDefault("postgres-restarts", "1"));
        this.database = options.get("database");
        this.restartCommand = options.get("restart-command");
        this.failoverCommand = options.get("failover-command");
        this.failovers = Integer.parseInt(options.getOrDefault("failovers", "0"));
        this.funding = Long.parseLong(options.getOrDefault("funding", Long.toString(FUNDING)));
        if (database != null && postgresRestarts > 0 && restartCommand == null) {
            throw new IllegalArgumentException("--database with PostgreSQL restarts needs --restart-command");
        }
        if (failovers > 0 && (database == null || failoverCommand == null)) {
            throw new IllegalArgumentException("--failovers needs --database and --failover-command");
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        long seed = Long.parseLong(options.getOrDefault("seed", Long.toString(new Random().nextInt(1_000_000))));
        Chaos chaos = new Chaos(seed, options);
        System.out.println("chaos: seed " + seed + ", " + chaos.seconds + " s, " + chaos.accountCount + " accounts, "
                + chaos.clientCount + " clients, " + chaos.kills + " kills, " + chaos.postgresRestarts + " PostgreSQL restarts, "
                + chaos.failovers + " failovers, database " + (chaos.database == null ? "embedded" : chaos.database));
        boolean passed;
        try {
            passed = chaos.run();
        } catch (Throwable e) {
            e.printStackTrace();
            passed = false;
        } finally {
            chaos.shutdown();
        }
        System.out.println(passed ? "chaos: PASSED (seed " + seed + ")"
                : "chaos: FAILED - replay with: chaos/run --seed " + seed + " --seconds " + chaos.seconds);
        System.exit(passed ? 0 : 1);
    }

    boolean run() throws Exception {
        deleteRecursively(workdir);
        Files.createDirectories(workdir);
        if (database == null) {
            startPostgres();
        }
        receiver = new Receiver();
        instances.add(new Instance("a", freePort()));
        instances.add(new Instance("b", freePort()));
        for (Instance instance : instances) {
            instance.start();
        }
        seed();
        if (failovers > 0) {
            // Acknowledged must mean replicated: the standby has to confirm each commit.
            String synchronous = queryString("show synchronous_standby_names");
            log("synchronous_standby_names: '" + synchronous + "'");
            if (synchronous.isBlank()) {
                violation("failovers asked for, but the primary does not replicate synchronously");
            }
        }
        Random chaosRandom = new Random(seed);
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> clients = new ArrayList<>();
        for (int i = 0; i < clientCount; i++) {
            Random random = new Random(seed * 31 + i);
            Thread client = new Thread(() -> clientLoop(random, stop), "client-" + i);
            client.start();
            clients.add(client);
        }
        runFaults(chaosRandom);
        stop.set(true);
        for (Thread client : clients) {
            client.join();
        }
        for (Instance instance : instances) {
            if (!instance.alive()) {
                instance.start();
            }
        }
        retryInDoubt();
        drain();
        check();
        report();
        return violations.isEmpty();
    }

    // --- faults ----------------------------------------------------------------------------

    /**
     * Kills instances at random moments (each restarted after a pause), restarts PostgreSQL (once,
     * mid-run, by default) and promotes the standby (with --failovers) at even intervals, then stops
     * one instance gracefully.
     */
    private void runFaults(Random random) throws Exception {
        long start = System.nanoTime();
        long end = start + Duration.ofSeconds(seconds).toNanos();
        List<Long> databaseFaultsAt = new ArrayList<>();
        List<Boolean> isFailover = new ArrayList<>();
        int databaseFaults = postgresRestarts + failovers;
        for (int d = 1; d <= databaseFaults; d++) {
            databaseFaultsAt.add(start + (end - start) * d / (databaseFaults + 1));
            // The failovers spread among the restarts: the d-th fault is one when d * failovers / faults steps up.
            isFailover.add((long) d * failovers / databaseFaults > (long) (d - 1) * failovers / databaseFaults);
        }
        long slice = Duration.ofSeconds(seconds).toMillis() / (kills + 1);
        for (int k = 0; k < kills; k++) {
            Thread.sleep(slice / 2 + random.nextInt((int) Math.max(1, slice / 2)));
            Instance victim = instances.get(random.nextInt(instances.size()));
            log("kill -9 instance " + victim.name);
            victim.kill();
            count("instance kills");
            Thread.sleep(500 + random.nextInt(2500));
            while (!databaseFaultsAt.isEmpty() && System.nanoTime() > databaseFaultsAt.get(0)) {
                databaseFault(isFailover.remove(0));
                databaseFaultsAt.remove(0);
            }
            victim.start();
        }
        for (int d = 0; d < databaseFaultsAt.size(); d++) {
            Thread.sleep(Math.max(0, (databaseFaultsAt.get(d) - System.nanoTime()) / 1_000_000));
            databaseFault(isFailover.get(d));
        }
        Thread.sleep(2_000 + random.nextInt(3_000));
        Instance stopped = instances.get(random.nextInt(instances.size()));
        stopGracefully(stopped);
        Thread.sleep(500 + random.nextInt(1_500));
        stopped.start();
        long left = (end - System.nanoTime()) / 1_000_000;
        Thread.sleep(Math.max(0, left));
    }

    /**
     * The longest an instance may take from its process start to ready. A restart competes for the two
     * cores with the other instance under load, two PostgreSQL nodes and the clients: 68 s was seen.
     */
    private static final Duration START_BOUND = Duration.ofSeconds(240);

    /** How many times an instance that exits while starting is started in all before the run fails. */
    private static final int START_ATTEMPTS = 3;

    /** The longest a SIGTERM may take to end an instance: its HTTP drain (20 s) plus the pollers' waits, with room. */
    private static final Duration GRACEFUL_STOP_BOUND = Duration.ofSeconds(45);

    /**
     * SIGTERM, as Kubernetes stops a pod: the instance answers the requests it holds, refuses new
     * ones, hands its jobs back and exits within {@link #GRACEFUL_STOP_BOUND}; what the clients saw
     * from it meanwhile is counted. The checks after the run are the same as for a kill.
     */
    private void stopGracefully(Instance instance) throws InterruptedException {
        log("SIGTERM instance " + instance.name);
        instance.stopping = true;
        long started = System.nanoTime();
        instance.process.destroy();
        boolean exited = instance.process.waitFor(GRACEFUL_STOP_BOUND.toSeconds(), java.util.concurrent.TimeUnit.SECONDS);
        long millis = (System.nanoTime() - started) / 1_000_000;
        instance.stopping = false;
        count("graceful stops");
        if (!exited) {
            violation("instance " + instance.name + " still running " + GRACEFUL_STOP_BOUND.toSeconds() + " s after SIGTERM");
            instance.kill();
            return;
        }
        log("instance " + instance.name + " exited " + millis + " ms after SIGTERM (exit code " + instance.process.exitValue() + ")");
        count("graceful stop milliseconds", millis);
    }

    private void startPostgres() throws IOException {
        postgresDir = workdir.resolve("postgres");
        Files.createDirectories(postgresDir);
        database = "localhost:" + freePort() + "/postgres";
        postgres = postgresOnSameData();
    }

    /** A random key the instances share to seal the webhook signing key they store. */
    private static String newSecretsKey() {
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key);
        return java.util.Base64.getEncoder().encodeToString(key);
    }

    /** PostgreSQL on the run's data directory and port, durable: fsync and synchronous commit on. */
    private EmbeddedPostgres postgresOnSameData() throws IOException {
        int port = Integer.parseInt(database.replaceAll("^.*:(\\d+)/.*$", "$1"));
        return EmbeddedPostgres.builder().setPort(port).setDataDirectory(postgresDir)
                .setCleanDataDirectory(false).setServerConfig("max_connections", "200")
                .setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on").start();
    }

    private void databaseFault(boolean failover) throws IOException, InterruptedException {
        if (failover) {
            log("promoting the standby");
            long started = System.nanoTime();
            runCommand(failoverCommand);
            count("failovers");
            count("failover milliseconds", (System.nanoTime() - started) / 1_000_000);
            log("the standby is primary");
        } else {
            restartPostgres();
        }
    }

    private void restartPostgres() throws IOException, InterruptedException {
        log("restarting PostgreSQL");
        if (restartCommand != null) {
            runCommand(restartCommand);
        } else {
            postgres.close();
            postgres = postgresOnSameData();
        }
        count("postgres restarts");
        log("PostgreSQL is back");
    }

    /** A fault command of an external database's setup (deploy/ha/cluster), its output in the run's log. */
    private void runCommand(String command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(workdir.resolve("database-faults.log").toFile())).start();
        if (process.waitFor() != 0) {
            violation("the database fault command failed (exit " + process.exitValue() + "): " + command);
        }
    }

    // --- workload --------------------------------------------------------------------------

    private void seed() throws Exception {
        Instance api = instances.get(0);
        api.call("PATCH", "/config", Map.of("webhookEndpoint", receiver.url(), "sandboxSkipVerificationPaperwork", true), null);
        for (int i = 0; i < accountCount; i++) {
            Map<String, Object> customer = new HashMap<>(Map.of("customerType", "INDIVIDUAL",
                    "platformCustomerId", "chaos-" + seed + "-" + i, "region", "US", "currencies", List.of("USD"),
                    "fullName", "Chaos Customer " + i, "birthDate", "1990-01-15", "nationality", "US",
                    "address", Map.of("line1", "1 Main St", "city", "Austin", "state", "TX", "postalCode", "73301", "country", "US")));
            customer.put("endUserTermsConsent", Map.of("acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "198.51.100.24",
                    "termsVersion", "V1", "acceptanceMethod", "CHECKBOX"));
            String customerId = api.call("POST", "/customers", customer, null).path("id").asText();
            String account = awaitActiveAccount(api, customerId);
            long funded = i % 10 == 9 ? LOW_FUNDING : funding;
            api.call("POST", "/sandbox/internal-accounts/" + account + "/fund", Map.of("amount", funded), null);
            fundingOf.put(account, funded);
            Map<String, Object> bank = Map.of("customerId", customerId, "currency", "USD", "accountInfo", Map.of(
                    "accountType", "USD_ACCOUNT", "accountNumber", String.format("5%06d002", i), "routingNumber", "021000021",
                    "bankAccountType", "CHECKING", "bankName", "Chaos Bank", "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL",
                            "fullName", "Chaos Customer " + i, "address", Map.of("line1", "1 Main St", "postalCode", "73301", "country", "US"))));
            failingBankOf.put(account, api.call("POST", "/customers/external-accounts", bank, null).path("id").asText());
            accounts.add(account);
            cardOf.put(account, api.call("POST", "/cards", Map.of("customerId", customerId, "form", "VIRTUAL",
                    "fundingSource", account), "chaos-card-" + seed + "-" + i).path("id").asText());
            Map<String, Object> savings = Map.of("customerId", customerId, "currency", "USD", "accountInfo", Map.of(
                    "accountType", "USD_ACCOUNT", "accountNumber", String.format("6%06d000", i), "routingNumber", "021000021",
                    "bankAccountType", "SAVINGS", "bankName", "Chaos Bank", "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL",
                            "fullName", "Chaos Customer " + i, "address", Map.of("line1", "1 Main St", "postalCode", "73301", "country", "US"))));
            String savingsId = api.call("POST", "/customers/external-accounts", savings, null).path("id").asText();
            JsonNode agent = api.call("POST", "/agents", Map.of("name", "Chaos agent " + i, "customerId", customerId, "policy", Map.of(
                    "permissions", List.of("CREATE_QUOTES", "EXECUTE_QUOTES", "VIEW_TRANSACTIONS"), "defaultExecutionMode", "AUTO",
                    "spendingLimits", Map.of("currency", "USD", "perTransactionLimit", 10_000),
                    "approvalThresholds", Map.of("currency", "USD", "amount", 2_000))), null);
            String token = api.call("POST", "/agents/device-codes/" + agent.path("deviceCode").path("code").asText() + "/redeem",
                    null, null).path("accessToken").asText();
            agentOf.put(account, new AgentRef(agent.path("agent").path("id").asText(), token, savingsId));
            agentsResetDate = agent.path("agent").path("usage").path("dailyResetDate").asText();
        }
        for (String card : cardOf.values()) {
            awaitActiveCard(api, card);
        }
        api.call("PATCH", "/config", Map.of("sandboxSkipVerificationPaperwork", false), null);
        log("seeded " + accountCount + " accounts with " + funding + " each (every tenth with " + LOW_FUNDING + ")");
    }

    private void awaitActiveCard(Instance api, String cardId) throws Exception {
        for (int i = 0; i < 200; i++) {
            if ("ACTIVE".equals(api.call("GET", "/cards/" + cardId, null, null).path("status").asText())) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("card " + cardId + " never became ACTIVE");
    }

    private String awaitActiveAccount(Instance api, String customerId) throws Exception {
        for (int i = 0; i < 200; i++) {
            JsonNode page = api.call("GET", "/customers/internal-accounts?customerId=" + customerId + "&currency=USD", null, null);
            JsonNode first = page.path("data").path(0);
            if ("ACTIVE".equals(first.path("status").asText())) {
                return first.path("id").asText();
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("account of " + customerId + " never became ACTIVE");
    }

    /**
     * One payment request after another, and one card purchase in eight; one answered request in
     * five is sent again with its key.
     */
    private void clientLoop(Random random, AtomicBoolean stop) {
        while (!stop.get()) {
            int dice = random.nextInt(8);
            if (dice == 0) {
                cardPurchase(random);
                continue;
            }
            if (dice == 1) {
                agentPayment(random);
                continue;
            }
            Request request = newRequest(random);
            Answer first = postWithRetries(request, random);
            if (first != null && random.nextInt(5) == 0) {
                // The repeat's answer is compared with the first one in record().
                postWithRetries(request, random);
                count("repeated");
            }
        }
    }

    /**
     * A card authorization on a random account's card; once approved, its clearing: in full (seven
     * in ten), for nothing (the authorization expires: voided, the money given back), or for half
     * (the rest stays pulled until the authorization's expiry, days later).
     */
    private void cardPurchase(Random random) {
        String account = accounts.get(random.nextInt(accounts.size()));
        String card = cardOf.get(account);
        long amount = 1 + random.nextInt(2000);
        Request authorization = new Request(UUID.randomUUID().toString(), account, null, amount, false,
                Map.of("amount", amount, "currency", Map.of("code", "USD"), "merchant", Map.of("descriptor", "CHAOS SHOP")),
                Kind.CARD_AUTHORIZATION, "/sandbox/cards/" + card + "/simulate/authorization");
        requests.put(authorization.key(), authorization);
        Answer answer = postWithRetries(authorization, random);
        if (answer == null || answer.status() != 200 || !"AUTHORIZED".equals(answer.json().path("status").asText())) {
            return;
        }
        String transactionId = answer.json().path("id").asText();
        int choice = random.nextInt(10);
        long cleared = choice < 7 ? amount : choice < 9 ? 0 : amount / 2;
        Request clearing = new Request(UUID.randomUUID().toString(), account, transactionId, cleared, false,
                Map.of("cardTransactionId", transactionId, "amount", cleared), Kind.CARD_CLEARING,
                "/sandbox/cards/" + card + "/simulate/clearing");
        requests.put(clearing.key(), clearing);
        postWithRetries(clearing, random);
        count("card purchases");
    }

    /**
     * A customer's agent pays into the customer's own savings account: it quotes, executes, and when
     * the amount is above its approval threshold (USD 20.00, about two in three), the platform
     * approves. The execute and the approval are retried like every request (the approval's 409 after
     * a lost answer means it was decided: the action's final state is read at the end).
     */
    private void agentPayment(Random random) {
        String account = accounts.get(random.nextInt(accounts.size()));
        AgentRef agent = agentOf.get(account);
        long amount = 1_000 + random.nextInt(3_000);
        String key = UUID.randomUUID().toString();
        Request quote = new Request(key, account, agent.bank(), amount, false, Map.of(
                "source", Map.of("sourceType", "ACCOUNT", "accountId", account),
                "destination", Map.of("destinationType", "ACCOUNT", "accountId", agent.bank()),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", amount, "description", key),
                Kind.AGENT_QUOTE, "/agents/me/quotes", agent.token());
        requests.put(quote.key(), quote);
        Answer quoted = postWithRetries(quote, random);
        if (quoted == null || quoted.status() != 201) {
            return;
        }
        String quoteId = quoted.json().path("id").asText();
        Request execute = new Request(UUID.randomUUID().toString(), account, quoteId, amount, false, Map.of(), Kind.AGENT_EXECUTE,
                "/agents/me/quotes/" + quoteId + "/execute", agent.token());
        requests.put(execute.key(), execute);
        Answer action = postWithRetries(execute, random);
        if (action == null || action.status() != 200) {
            return;
        }
        String actionId = action.json().path("id").asText();
        count("agent payments");
        if ("PENDING_APPROVAL".equals(action.json().path("status").asText())) {
            Request approve = new Request(UUID.randomUUID().toString(), account, actionId, amount, false, Map.of(),
                    Kind.AGENT_APPROVE, "/agents/" + agent.agentId() + "/actions/" + actionId + "/approve");
            requests.put(approve.key(), approve);
            postWithRetries(approve, random);
            count("agent approvals");
        }
    }

    /** A payment from a random account to another one, or (one in ten) to its own failing bank account. */
    private Request newRequest(Random random) {
        String source = accounts.get(random.nextInt(accounts.size()));
        boolean toFailingBank = random.nextInt(10) == 0;
        String destination = toFailingBank ? failingBankOf.get(source) : otherThan(source, random);
        long amount = 1 + random.nextInt(5000);
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId", source),
                "destination", Map.of("destinationType", "ACCOUNT", "accountId", destination),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", amount,
                "immediatelyExecute", true, "description", key);
        Request request = new Request(key, source, destination, amount, toFailingBank, body);
        requests.put(key, request);
        return request;
    }

    private String otherThan(String account, Random random) {
        String other = account;
        while (other.equals(account)) {
            other = accounts.get(random.nextInt(accounts.size()));
        }
        return other;
    }

    /**
     * Like a careful client: retries the same request (same key) while the answer is missing, a 5xx
     * or 409 with details.idempotencyKey IN_PROGRESS; records the definitive answer, or returns null (the
     * request stays in doubt) after 30 attempts.
     */
    private Answer postWithRetries(Request request, Random random) {
        for (int attempt = 0; attempt < 30; attempt++) {
            Answer answer = post(request, random);
            if (answer == null || !answer.definitive()) {
                count(answer == null ? "no answer" : answer.status() >= 500 ? "5xx" : "409 in progress");
                sleep(200 + random.nextInt(300));
                continue;
            }
            count("answered " + answer.describe());
            record(request, answer);
            return answer;
        }
        return null;
    }

    /**
     * Keeps a key's first definitive answer; a later one (the request repeated) must be the same
     * bytes with the same status.
     */
    private void record(Request request, Answer answer) {
        Answer first = answers.putIfAbsent(request.key(), answer);
        if (first == null) {
            if (request.kind() == Kind.PAYMENT && answer.status() == 201) {
                acknowledge(request, answer);
            } else if (request.kind() == Kind.CARD_AUTHORIZATION || request.kind() == Kind.CARD_CLEARING) {
                acknowledgeCard(request, answer);
            } else if (request.kind() != Kind.PAYMENT) {
                acknowledgeAgent(request, answer);
            }
            return;
        }
        count("repeats compared");
        if (first.sameAs(answer)) {
            return;
        }
        String firstPayment = first.json().path("transactionId").asText();
        String laterPayment = answer.json().path("transactionId").asText();
        if (first.status() == 201 && answer.status() == 201 && !firstPayment.equals(laterPayment)) {
            violation("key " + request.key() + " acknowledged as " + firstPayment + " and as " + laterPayment);
        } else {
            violation("repeated request with key " + request.key() + " got a different answer: first "
                    + first.describe() + ", then " + answer.describe());
        }
    }

    /**
     * A 201: the payment the client now counts on. Its figures must be what was asked for, without
     * fees (a transfer within one currency is free).
     */
    private void acknowledge(Request request, Answer answer) {
        JsonNode quote = answer.json();
        String transactionId = quote.path("transactionId").asText("");
        if (!transactionId.startsWith("Transaction:")) {
            violation("acknowledged key " + request.key() + " names no transaction: " + quote);
        }
        expectFigure(request, "feesIncluded", quote.path("feesIncluded"), 0);
        expectFigure(request, "platformFeesIncluded", quote.path("platformFeesIncluded"), 0);
        expectFigure(request, "totalSendingAmount", quote.path("totalSendingAmount"), request.amount());
        expectFigure(request, "totalReceivingAmount", quote.path("totalReceivingAmount"), request.amount());
        if (!request.source().equals(quote.path("source").path("accountId").asText())
                || !request.destination().equals(quote.path("destination").path("accountId").asText())) {
            violation("acknowledged key " + request.key() + " answered for other accounts: " + quote.path("source")
                    + " -> " + quote.path("destination"));
        }
        acknowledged.put(request.key(), new Acknowledged(request, transactionId));
    }

    /** A card authorization's or clearing's first definitive answer: what the client now counts on. */
    private void acknowledgeCard(Request request, Answer answer) {
        JsonNode body = answer.json();
        if (request.kind() == Kind.CARD_AUTHORIZATION && answer.status() == 200) {
            cardAnswers.add(body.path("id").asText());
            String status = body.path("status").asText();
            if ("AUTHORIZED".equals(status)) {
                purchases.put(body.path("id").asText(), new CardPurchase(request.source(), body.path("id").asText(), request.amount(), null));
            } else if (!"INSUFFICIENT_FUNDS".equals(body.path("cardDeclinedReason").asText())) {
                violation("card authorization " + request.key() + " declined for " + body.path("cardDeclinedReason"));
            }
            count("card authorizations " + status.toLowerCase());
        } else if (request.kind() == Kind.CARD_CLEARING && answer.status() == 202) {
            purchases.computeIfPresent(request.destination(), (id, purchase) ->
                    new CardPurchase(purchase.account(), id, purchase.amount(), request.amount()));
        } else {
            violation("card request " + request.key() + " to " + request.path() + " answered " + answer.describe());
        }
    }

    /** An agent request's first definitive answer: a quote 201, an execution 200, an approval 200 (or 409: decided already). */
    private void acknowledgeAgent(Request request, Answer answer) {
        boolean expected = switch (request.kind()) {
            case AGENT_QUOTE -> answer.status() == 201;
            // A lost execute retried after the run (the clock moved 6 minutes) finds its quote expired: it never ran.
            // A drained account refuses the payment outright.
            case AGENT_EXECUTE -> answer.status() == 200 || "400 QUOTE_EXPIRED".equals(answer.describe())
                    || "400 INSUFFICIENT_FUNDS".equals(answer.describe());
            default -> answer.status() == 200 || answer.status() == 409;
        };
        if (!expected) {
            violation("agent request " + request.key() + " to " + request.path() + " answered " + answer.describe());
        } else if (request.kind() == Kind.AGENT_EXECUTE && answer.status() == 200) {
            String actionId = answer.json().path("id").asText();
            agentPayments.put(actionId, new AgentPayment(request.source(), agentOf.get(request.source()), actionId, request.amount()));
        }
    }

    /** What an approved purchase takes from its account in the end: nothing once voided, else the authorized amount. */
    private static long cardOut(CardPurchase purchase) {
        return purchase.cleared() != null && purchase.cleared() == 0 ? 0 : purchase.amount();
    }

    private void expectFigure(Request request, String field, JsonNode actual, long expected) {
        if (!actual.canConvertToLong() || actual.asLong() != expected) {
            violation("acknowledged key " + request.key() + ": " + field + " " + actual + ", expected " + expected);
        }
    }

    private Answer post(Request request, Random random) {
        List<Instance> live = instances.stream().filter(Instance::alive).toList();
        if (live.isEmpty()) {
            return null;
        }
        Instance target = live.get(random.nextInt(live.size()));
        try {
            HttpRequest.Builder builder = target.request("POST", request.path(), json(request.body()), request.key());
            if (request.bearer() != null) {
                builder.setHeader("Authorization", "Bearer " + request.bearer());
            }
            boolean stopping = target.stopping;
            HttpResponse<byte[]> response = http.send(builder.timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (stopping) {
                count("answered by an instance stopping gracefully: " + response.statusCode());
            }
            return new Answer(response.statusCode(), response.body());
        } catch (IOException e) {
            if (target.stopping) {
                String message = String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
                count("transport errors from an instance stopping gracefully" + (e instanceof java.net.ConnectException
                        ? " (connection refused)"
                        : " (" + e.getClass().getSimpleName() + ": " + message.substring(0, Math.min(40, message.length())) + ")"));
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The requests whose outcome the client never learned. */
    private List<Request> unanswered() {
        return requests.values().stream().filter(request -> !answers.containsKey(request.key())).toList();
    }

    /** Requests that never got a definitive answer are sent again, once the servers' claims on them have lapsed. */
    private void retryInDoubt() throws Exception {
        List<Request> inDoubt = unanswered();
        count("in doubt after the run", inDoubt.size());
        if (inDoubt.isEmpty()) {
            return;
        }
        Instance api = instances.get(0);
        api.call("POST", "/sandbox/clock/advance", Map.of("seconds", 360), null);
        Thread.sleep(1000);
        log("retrying " + inDoubt.size() + " in-doubt requests");
        Random random = new Random(seed);
        for (Request request : inDoubt) {
            postWithRetries(request, random);
        }
    }

    /** Runs the sandbox clock forward until every payment has ended and every event is delivered. */
    private void drain() throws Exception {
        Instance api = instances.get(0);
        for (int i = 0; i < 600; i++) {
            long open = queryLong("SELECT count(*) FROM transactions WHERE status IN ('PENDING', 'PROCESSING')")
                    + queryLong("SELECT count(*) FROM webhook_events WHERE status = 'PENDING'")
                    + queryLong("SELECT count(*) FROM jobs WHERE status = 'PENDING' AND type <> 'quote.expire'"
                    + " AND NOT (type = 'card.network-event' AND payload LIKE '%\"kind\":\"EXPIRY\"%')");
            if (open == 0) {
                log("drained after " + i + " clock steps");
                return;
            }
            api.call("POST", "/sandbox/clock/advance", Map.of("seconds", 120), null);
            Thread.sleep(1000);
        }
        violation("payments, events or jobs still open after draining");
    }

    // --- checks ----------------------------------------------------------------------------

    /**
     * The run proves nothing unless most of what was asked succeeded: at least this share of the
     * payments, card authorizations and agent payments attempted must be acknowledged (healthy runs:
     * 0.95 or more, the rest insufficient funds). A share, not a rate: how many requests a run
     * makes depends on the machine's speed (a loaded laptop's 1,018 payments in 120 s failed the
     * earlier floor of 10 per second), what share succeeds does not.
     */
    private static final double MIN_ACKNOWLEDGED_SHARE = 0.5;
    /** Fewer attempts than this of any kind, and the run exercised nothing. */
    private static final int MIN_ATTEMPTS = 20;
    private static final Set<String> COMPLETED_EVENTS = Set.of("OUTGOING_PAYMENT.PENDING",
            "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.COMPLETED");
    private static final Set<String> FAILED_AND_REFUNDED_EVENTS = Set.of("OUTGOING_PAYMENT.PENDING",
            "OUTGOING_PAYMENT.PROCESSING", "OUTGOING_PAYMENT.FAILED", "OUTGOING_PAYMENT.REFUND_PENDING",
            "OUTGOING_PAYMENT.REFUND_COMPLETED");

    private void check() throws Exception {
        checkServerBooks();
        checkEveryRequestAnswered();
        checkEnoughAcknowledged();
        checkBalancesAgainstClient();
        checkAcknowledgedPaymentsStored();
        checkAcknowledgedPaymentsEnded();
        checkCardPurchases();
        checkAgentPayments();
        checkWebhooks();
    }

    /** Each agent payment's final state, as its agent reads it: APPROVED (its payment COMPLETED) moves its amount, any other nothing. */
    private final Map<String, Long> agentPaid = new ConcurrentHashMap<>();
    private long approvedAgentPayments;

    private void readAgentPayments() throws Exception {
        Instance api = instances.get(0);
        for (AgentPayment payment : agentPayments.values()) {
            HttpResponse<String> response = http.send(api.request("GET", "/agents/me/actions/" + payment.actionId(), null, null)
                    .setHeader("Authorization", "Bearer " + payment.agent().token()).build(), HttpResponse.BodyHandlers.ofString());
            JsonNode action = JSON.readTree(response.body());
            String status = action.path("status").asText();
            count("agent payments " + status.toLowerCase());
            if ("APPROVED".equals(status)) {
                String state = action.path("transaction").path("status").asText();
                JsonNode transaction = api.call("GET", "/transactions/" + action.path("transaction").path("id").asText(), null, null);
                if (!"COMPLETED".equals(transaction.path("status").asText())) {
                    violation("agent payment " + payment.actionId() + " approved but its payment is " + transaction.path("status")
                            + " (was " + state + ")");
                }
                agentPaid.merge(payment.account(), payment.amount(), Long::sum);
                approvedAgentPayments++;
            } else if (!"PENDING_APPROVAL".equals(status) && !"FAILED".equals(status)) {
                violation("agent payment " + payment.actionId() + " ended " + status);
            }
        }
    }

    /** Each agent's usage counts exactly its approved payments (while the run stays within one UTC day). */
    private void checkAgentPayments() throws Exception {
        Instance api = instances.get(0);
        for (Map.Entry<String, AgentRef> entry : agentOf.entrySet()) {
            HttpResponse<String> response = http.send(api.request("GET", "/agents/me", null, null)
                    .setHeader("Authorization", "Bearer " + entry.getValue().token()).build(), HttpResponse.BodyHandlers.ofString());
            JsonNode usage = JSON.readTree(response.body()).path("usage");
            long paid = agentPaid.getOrDefault(entry.getKey(), 0L);
            if (agentsResetDate.equals(usage.path("dailyResetDate").asText()) && usage.path("dailySpend").asLong() != paid) {
                violation("agent " + entry.getValue().agentId() + " counts dailySpend " + usage.path("dailySpend")
                        + "; its approved payments add up to " + paid);
            }
        }
    }

    /**
     * Every answered authorization is one card transaction row (none twice), and every approved
     * purchase ended as its clearing says: SETTLED for the amount cleared, VOIDED when cleared for
     * nothing, still AUTHORIZED without a clearing.
     */
    private void checkCardPurchases() throws Exception {
        long rows = queryLong("SELECT count(*) FROM card_transactions WHERE kind = 'AUTHORIZATION'");
        if (rows != cardAnswers.size()) {
            violation(rows + " card authorization rows for " + cardAnswers.size() + " answered authorizations");
        }
        count("card purchases approved", purchases.size());
        Instance api = instances.get(0);
        for (CardPurchase purchase : purchases.values()) {
            JsonNode row;
            try {
                row = api.call("GET", "/transactions/" + purchase.transactionId(), null, null);
            } catch (IllegalStateException e) {
                // Reported with the run's other violations (an acknowledged authorization the server no longer has).
                violation("card purchase " + purchase.transactionId() + " was answered AUTHORIZED but reads: " + e.getMessage());
                continue;
            }
            String expected = purchase.cleared() == null ? "AUTHORIZED" : purchase.cleared() == 0 ? "VOIDED" : "SETTLED";
            long settled = purchase.cleared() == null ? 0 : purchase.cleared();
            if (!expected.equals(row.path("status").asText()) || row.path("settledAmount").path("amount").asLong() != settled) {
                violation("card purchase " + purchase.transactionId() + " is " + row.path("status") + " with settledAmount "
                        + row.path("settledAmount").path("amount") + "; expected " + expected + " with " + settled);
            }
        }
    }

    /** The server's own books: conserved in total, nothing negative, the audit clean, no key executed twice. */
    private void checkServerBooks() throws Exception {
        readAgentPayments();
        long agentsPaid = agentPaid.values().stream().mapToLong(Long::longValue).sum();
        long total = queryLong("SELECT COALESCE(sum(total_balance), 0) FROM internal_accounts WHERE customer_id IS NOT NULL");
        long spentByCard = purchases.values().stream().mapToLong(Chaos::cardOut).sum();
        long funded = fundingOf.values().stream().mapToLong(Long::longValue).sum();
        if (total != funded - spentByCard - agentsPaid) {
            violation("money not conserved: customers hold " + total + ", funded " + funded
                    + " less " + spentByCard + " spent by card and " + agentsPaid + " paid out by agents");
        }
        long cardSettlement = queryLong("SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE system_account IN"
                + " ('CARD_SETTLEMENT', 'CARD_NETWORK')");
        if (cardSettlement != spentByCard) {
            violation("card settlement and network hold " + cardSettlement + "; the card purchases took " + spentByCard);
        }
        long negative = queryLong("SELECT count(*) FROM internal_accounts WHERE available_balance < 0 OR total_balance < available_balance");
        if (negative > 0) {
            violation(negative + " accounts with a negative available or held balance");
        }
        JsonNode audit = instances.get(0).call("GET", "/sandbox/ledger/audit", null, null);
        if (!audit.path("clean").asBoolean()) {
            violation("ledger audit not clean: " + audit);
        }
        long doubled = queryLong("SELECT count(*) FROM (SELECT description FROM transactions WHERE type = 'OUTGOING' "
                + "GROUP BY description HAVING count(*) > 1) AS d");
        if (doubled > 0) {
            violation(doubled + " requests executed more than once (one Idempotency-Key, several payments)");
        }
    }

    /** After the final retries every key has a definitive answer; for one that has not, says what the server holds under it. */
    private void checkEveryRequestAnswered() throws SQLException {
        count("requests", requests.size());
        for (Request request : unanswered()) {
            violation("request with key " + request.key() + " never got a definitive answer (payments under it: "
                    + paymentsUnder(request.key()) + ")");
        }
    }

    /** A run in which (almost) nothing succeeds checks nothing; each kind of money movement is judged apart. */
    private void checkEnoughAcknowledged() {
        count("payments acknowledged", acknowledged.size());
        count("payments acknowledged to the failing bank",
                acknowledged.values().stream().filter(payment -> payment.request().toFailingBank()).count());
        // A server declining every card purchase or failing every agent payment must not pass either.
        requireShare("payments acknowledged", acknowledged.size(), attempts(Kind.PAYMENT));
        requireShare("card purchases approved", purchases.size(), attempts(Kind.CARD_AUTHORIZATION));
        requireShare("agent payments approved", approvedAgentPayments, attempts(Kind.AGENT_QUOTE));
    }

    private long attempts(Kind kind) {
        return requests.values().stream().filter(request -> request.kind() == kind).count();
    }

    private void requireShare(String what, long succeeded, long attempted) {
        count(what + ": attempted", attempted);
        if (attempted < MIN_ATTEMPTS) {
            violation("only " + attempted + " attempts behind " + what + " in " + seconds + " s; a run needs at least "
                    + MIN_ATTEMPTS + " to show anything");
        } else if (succeeded < MIN_ACKNOWLEDGED_SHARE * attempted) {
            violation("only " + succeeded + " " + what + " of " + attempted + " attempted; a working server acknowledges at least "
                    + (int) (MIN_ACKNOWLEDGED_SHARE * 100) + "%");
        }
    }

    /**
     * Each account's balances, as GET /internal-accounts/{id} reports them, equal the client's own
     * figure: its funding, minus what it was acknowledged to send to other accounts, plus what it
     * was acknowledged to receive. A payment to the failing bank account ends refunded: nothing.
     */
    private void checkBalancesAgainstClient() throws Exception {
        Map<String, Long> expected = new HashMap<>();
        accounts.forEach(account -> expected.put(account, fundingOf.get(account)));
        for (Acknowledged payment : acknowledged.values()) {
            Request request = payment.request();
            if (!request.toFailingBank()) {
                expected.merge(request.source(), -request.amount(), Long::sum);
                expected.merge(request.destination(), request.amount(), Long::sum);
            }
        }
        purchases.values().forEach(purchase -> expected.merge(purchase.account(), -cardOut(purchase), Long::sum));
        agentPaid.forEach((account, paid) -> expected.merge(account, -paid, Long::sum));
        Instance api = instances.get(0);
        for (String account : accounts) {
            JsonNode wire = api.call("GET", "/internal-accounts/" + account, null, null);
            JsonNode available = wire.path("balance").path("amount");
            JsonNode total = wire.path("totalBalance").path("amount");
            long figure = expected.get(account);
            if (!available.canConvertToLong() || available.asLong() != figure
                    || !total.canConvertToLong() || total.asLong() != figure) {
                violation("account " + account + " has balance " + available + " and totalBalance " + total
                        + "; the client's acknowledged payments leave " + figure);
            }
        }
    }

    /** Every acknowledged payment is stored once, under its key (the key is the payment's description). */
    private void checkAcknowledgedPaymentsStored() throws SQLException {
        Set<String> stored = new HashSet<>();
        try (Connection db = connect(); ResultSet rows = db.createStatement().executeQuery(
                "SELECT id, description FROM transactions WHERE type = 'OUTGOING'")) {
            while (rows.next()) {
                stored.add("Transaction:" + rows.getString(1) + "|" + rows.getString(2));
            }
        }
        acknowledged.forEach((key, payment) -> {
            if (!stored.contains(payment.transactionId() + "|" + key)) {
                violation("acknowledged payment " + payment.transactionId() + " (key " + key + ") is missing");
            }
        });
    }

    /** A transfer between accounts ends COMPLETED; one to the failing bank account FAILED, its refund COMPLETED. */
    private void checkAcknowledgedPaymentsEnded() throws Exception {
        Map<String, JsonNode> transactions = outgoingTransactions();
        for (Acknowledged payment : acknowledged.values()) {
            JsonNode transaction = transactions.get(payment.transactionId());
            String status = transaction == null ? "unlisted" : transaction.path("status").asText();
            String refund = transaction == null ? null : transaction.path("refund").path("status").asText(null);
            boolean failing = payment.request().toFailingBank();
            boolean ended = failing ? "FAILED".equals(status) && "COMPLETED".equals(refund)
                    : "COMPLETED".equals(status) && refund == null;
            if (!ended) {
                violation("acknowledged payment " + payment.transactionId() + " (key " + payment.request().key() + ") ended "
                        + status + " with refund " + refund + "; expected " + (failing ? "FAILED with refund COMPLETED" : "COMPLETED"));
            }
        }
    }

    /** GET /transactions?type=OUTGOING, every page, by transaction id. */
    private Map<String, JsonNode> outgoingTransactions() throws Exception {
        Map<String, JsonNode> byId = new HashMap<>();
        String cursor = null;
        do {
            JsonNode page = instances.get(0).call("GET", "/transactions?type=OUTGOING&limit=100"
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)), null, null);
            page.path("data").forEach(transaction -> byId.put(transaction.path("id").asText(), transaction));
            cursor = page.path("hasMore").asBoolean() ? page.path("nextCursor").asText() : null;
        } while (cursor != null);
        return byId;
    }

    /**
     * Deliveries against the server's event table: every committed event was delivered, signed,
     * under one id per change; every delivered id is a stored event; and every acknowledged payment's
     * events arrived.
     */
    private void checkWebhooks() throws Exception {
        Set<String> stored = new HashSet<>();
        Map<String, String> committed = new HashMap<>();
        try (Connection db = connect(); ResultSet rows = db.createStatement().executeQuery(
                "SELECT id, type, status FROM webhook_events")) {
            while (rows.next()) {
                String id = "Webhook:" + rows.getString(1);
                stored.add(id);
                if (!"TEST".equals(rows.getString(2))) {
                    committed.put(id, rows.getString(3));
                }
            }
        }
        Map<String, Set<String>> idsPerChange = new HashMap<>();
        Map<String, Set<String>> paymentEvents = new HashMap<>();
        Set<String> received = new HashSet<>();
        for (Receiver.Delivery delivery : receiver.deliveries) {
            if (!delivery.signatureValid()) {
                violation("delivery " + delivery.id() + " has an invalid signature");
            }
            if (received.add(delivery.id()) && !stored.contains(delivery.id())) {
                violation("delivered event " + delivery.id() + " (" + delivery.type() + " " + delivery.dataId()
                        + ") is not on the server");
            }
            if (delivery.type().contains("_PAYMENT.")) {
                idsPerChange.computeIfAbsent(delivery.type() + " " + delivery.dataId(), k -> new HashSet<>()).add(delivery.id());
            }
            if (delivery.type().startsWith("OUTGOING_PAYMENT.")) {
                paymentEvents.computeIfAbsent(delivery.dataId(), k -> new HashSet<>()).add(delivery.type());
            }
        }
        committed.forEach((id, status) -> {
            if (!received.contains(id)) {
                violation("committed event " + id + " (" + status + ") never delivered");
            }
        });
        idsPerChange.forEach((change, ids) -> {
            if (ids.size() > 1) {
                violation(change + " delivered under " + ids.size() + " different ids");
            }
        });
        checkPaymentEvents(paymentEvents);
        count("events committed", committed.size());
        count("deliveries received", receiver.deliveries.size());
    }

    /** Each acknowledged payment's events, by the transaction id they carry: exactly those of how it ended. */
    private void checkPaymentEvents(Map<String, Set<String>> paymentEvents) {
        for (Acknowledged payment : acknowledged.values()) {
            Set<String> expected = payment.request().toFailingBank() ? FAILED_AND_REFUNDED_EVENTS : COMPLETED_EVENTS;
            Set<String> delivered = paymentEvents.getOrDefault(payment.transactionId(), Set.of());
            if (!delivered.equals(expected)) {
                violation("acknowledged payment " + payment.transactionId() + " (key " + payment.request().key()
                        + "): events missing " + difference(expected, delivered) + ", unexpected " + difference(delivered, expected));
            }
        }
    }

    private static List<String> difference(Set<String> from, Set<String> without) {
        return from.stream().filter(item -> !without.contains(item)).sorted().toList();
    }

    /** The outgoing payments the server holds under an Idempotency-Key (their description), with their status. */
    private List<String> paymentsUnder(String key) throws SQLException {
        List<String> payments = new ArrayList<>();
        try (Connection db = connect(); PreparedStatement query = db.prepareStatement(
                "SELECT id, status FROM transactions WHERE type = 'OUTGOING' AND description = ?")) {
            query.setString(1, key);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    payments.add("Transaction:" + rows.getString(1) + " " + rows.getString(2));
                }
            }
        }
        return payments;
    }

    private void report() throws IOException {
        long took = Duration.ofNanos(System.nanoTime() - startedAt).toSeconds();
        StringBuilder text = new StringBuilder("chaos run, seed " + seed + ", " + seconds + " s of traffic, "
                + took + " s in all\n");
        counters.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> text.append(String.format("  %-44s %d%n", e.getKey(), e.getValue().get())));
        text.append(violations.isEmpty() ? "no violations\n" : violations.size() + " VIOLATIONS:\n");
        violations.stream().limit(50).forEach(v -> text.append("  - ").append(v).append('\n'));
        System.out.print(text);
        Files.writeString(workdir.resolve("summary.txt"), text);
    }

    // --- plumbing --------------------------------------------------------------------------

    /** What a request asks for: a payment (POST /quotes) or a card network simulation. */
    private enum Kind { PAYMENT, CARD_AUTHORIZATION, CARD_CLEARING, AGENT_QUOTE, AGENT_EXECUTE, AGENT_APPROVE }

    /**
     * A request as the client sent it, and what it moves if acknowledged. For a card authorization
     * {@code source} is the funding account; for a clearing {@code destination} is the card
     * transaction it clears and {@code amount} the clearing's.
     */
    private record Request(String key, String source, String destination, long amount, boolean toFailingBank,
                           Map<String, Object> body, Kind kind, String path, String bearer) {
        Request(String key, String source, String destination, long amount, boolean toFailingBank, Map<String, Object> body) {
            this(key, source, destination, amount, toFailingBank, body, Kind.PAYMENT, "/quotes", null);
        }

        Request(String key, String source, String destination, long amount, boolean toFailingBank, Map<String, Object> body,
                Kind kind, String path) {
            this(key, source, destination, amount, toFailingBank, body, kind, path, null);
        }
    }

    /** Each customer's agent: its id, its access token, and the customer's own bank account it pays into. */
    private record AgentRef(String agentId, String token, String bank) {
    }

    /** An agent payment whose execution was answered: the action, and what it moves if it ends APPROVED. */
    private record AgentPayment(String account, AgentRef agent, String actionId, long amount) {
    }

    /** An authorization the server approved (AUTHORIZED): its row, and the clearing acknowledged for it (null: none). */
    private record CardPurchase(String account, String transactionId, long amount, Long cleared) {
    }

    /** A payment the server acknowledged (201) under a key: the request and the transaction the answer named. */
    private record Acknowledged(Request request, String transactionId) {
    }

    private record Answer(int status, byte[] body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                return JSON.createObjectNode();
            }
        }

        boolean conflictInProgress() {
            return status == 409 && "IN_PROGRESS".equals(json().path("details").path("idempotencyKey").asText());
        }

        /** The request's outcome: anything but a 5xx (retried) or 409 with details.idempotencyKey IN_PROGRESS (still running). */
        boolean definitive() {
            return status < 500 && !conflictInProgress();
        }

        boolean sameAs(Answer other) {
            return status == other.status && Arrays.equals(body, other.body);
        }

        /** The status and, for a refusal, its code: "201", "400 INSUFFICIENT_FUNDS". */
        String describe() {
            String code = status == 201 ? "" : json().path("code").asText("");
            return code.isEmpty() ? Integer.toString(status) : status + " " + code;
        }
    }

    private final class Instance {
        final String name;
        final int port;
        volatile Process process;
        /** Between its SIGTERM and its exit. */
        volatile boolean stopping;

        Instance(String name, int port) {
            this.name = name;
            this.port = port;
        }

        boolean alive() {
            return process != null && process.isAlive();
        }

        /**
         * Starts the instance and waits for it to be ready. One that exits while starting (its
         * database connection cut mid-start during a failover: start-up fails fast) is started again,
         * as Kubernetes restarts a pod, up to {@link #START_ATTEMPTS} times in all; each retry is counted.
         */
        void start() throws Exception {
            for (int attempt = 1; !startOnce(); attempt++) {
                String exited = "instance " + name + " exited with code " + process.exitValue() + " while starting";
                if (attempt == START_ATTEMPTS) {
                    throw new IllegalStateException(exited + " " + START_ATTEMPTS + " times; the end of "
                            + workdir.resolve("server-" + name + ".log") + ":\n" + logTail());
                }
                log(exited + " (" + lastCause() + "); starting it again");
                count("instance starts that exited and were retried");
            }
        }

        /** True once ready; false if the process exited first. */
        private boolean startOnce() throws Exception {
            ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-jar", jar.toAbsolutePath().toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(workdir.resolve("server-" + name + ".log").toFile()));
            Map<String, String> env = builder.environment();
            env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
            env.put("QUARKUS_DATASOURCE_REACTIVE_URL", "postgresql://" + database);
            env.put("QUARKUS_DATASOURCE_JDBC_URL", "jdbc:postgresql://" + database);
            env.put("QUARKUS_DATASOURCE_USERNAME", "postgres");
            env.put("QUARKUS_DATASOURCE_PASSWORD", "postgres");
            env.put("SVC_API_CLIENT_ID", CLIENT_ID);
            env.put("SVC_API_CLIENT_SECRET", CLIENT_SECRET);
            env.put("SVC_SANDBOX_CREDENTIALS_FILE", workdir.resolve("credentials-" + name + ".env").toString());
            // Both instances seal and open the stored webhook signing key with the same key.
            env.put("SVC_SECRETS_KEY", SECRETS_KEY);
            process = builder.start();
            long deadline = System.nanoTime() + START_BOUND.toNanos();
            while (System.nanoTime() < deadline) {
                try {
                    HttpResponse<String> ready = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready"))
                            .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                    if (ready.statusCode() == 200) {
                        log("instance " + name + " ready on " + port);
                        return true;
                    }
                } catch (IOException e) {
                    // Not listening yet.
                }
                if (!process.isAlive()) {
                    return false;
                }
                Thread.sleep(100);
            }
            throw new IllegalStateException("instance " + name + " not ready " + START_BOUND.toSeconds() + " s after its start; the end of "
                    + workdir.resolve("server-" + name + ".log") + ":\n" + logTail());
        }

        /** The innermost cause in the log's last lines, for the run's log. */
        private String lastCause() {
            String tail = logTail();
            int at = tail.lastIndexOf("Caused by: ");
            return at < 0 ? "no cause logged" : tail.substring(at + "Caused by: ".length()).lines().findFirst().orElse("");
        }

        private String logTail() {
            try {
                List<String> lines = Files.readAllLines(workdir.resolve("server-" + name + ".log"));
                return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
            } catch (IOException e) {
                return "(unreadable: " + e + ")";
            }
        }

        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor();
        }

        HttpRequest.Builder request(String method, String path, String body, String idempotencyKey) {
            String auth = Base64.getEncoder().encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/2025-10-13" + path))
                    .header("Authorization", "Basic " + auth)
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            if (body != null) {
                builder.header("Content-Type", "application/json");
            }
            if (idempotencyKey != null) {
                builder.header("Idempotency-Key", idempotencyKey);
            }
            return builder;
        }

        /** A set-up or check call that must succeed. */
        JsonNode call(String method, String path, Object body, String idempotencyKey) throws Exception {
            HttpResponse<String> response = http.send(request(method, path, body == null ? null : json(body), idempotencyKey)
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 300) {
                throw new IllegalStateException(method + " " + path + " -> " + response.statusCode() + " " + response.body());
            }
            return response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
        }
    }

    /** The platform's webhook endpoint: records every delivery and answers 200. */
    private final class Receiver {
        /** A delivery as received: its signature checked on arrival, so a long run keeps no bodies. */
        record Delivery(String id, String type, String dataId, boolean signatureValid) {
            private static final Pattern HEADER = Pattern.compile("^\\{\"v\":\"1\",\"s\":\"([A-Za-z0-9+/=]+)\"}$");

            static boolean verify(String body, String signature) {
                try {
                    Matcher header = HEADER.matcher(signature == null ? "" : signature);
                    if (!header.matches()) {
                        return false;
                    }
                    Signature verifier = Signature.getInstance("SHA256withECDSA");
                    verifier.initVerify(Receiver.publicKey);
                    verifier.update(body.getBytes(StandardCharsets.UTF_8));
                    return verifier.verify(Base64.getDecoder().decode(header.group(1)));
                } catch (Exception e) {
                    return false;
                }
            }
        }

        static volatile PublicKey publicKey;
        final ConcurrentLinkedQueue<Delivery> deliveries = new ConcurrentLinkedQueue<>();
        private final HttpServer server;

        Receiver() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
            server.createContext("/", exchange -> {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                JsonNode event = JSON.readTree(body);
                deliveries.add(new Delivery(event.path("id").asText(), event.path("type").asText(), event.path("data").path("id").asText(),
                        Delivery.verify(body, exchange.getRequestHeaders().getFirst("X-Svc-Signature"))));
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            server.start();
        }

        String url() throws Exception {
            if (publicKey == null) {
                String pem = instances.get(0).call("GET", "/config", null, null).path("webhookPublicKey").asText();
                byte[] der = Base64.getMimeDecoder().decode(pem.replace("-----BEGIN PUBLIC KEY-----", "")
                        .replace("-----END PUBLIC KEY-----", ""));
                publicKey = KeyFactory.getInstance("EC").generatePublic(new X509EncodedKeySpec(der));
            }
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
        }

        void stop() {
            server.stop(0);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://" + database, "postgres", "postgres");
    }

    private String queryString(String sql) throws SQLException {
        try (Connection db = connect(); ResultSet rows = db.createStatement().executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        }
    }

    private long queryLong(String sql) throws SQLException {
        try (Connection db = connect(); ResultSet rows = db.createStatement().executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private void shutdown() {
        for (Instance instance : instances) {
            if (instance.alive()) {
                instance.process.destroy();
            }
        }
        if (receiver != null) {
            receiver.stop();
        }
        try {
            if (postgres != null) {
                postgres.close();
            }
        } catch (IOException e) {
            // Going away anyway.
        }
    }

    private synchronized void violation(String message) {
        violations.add(message);
    }

    private void count(String name) {
        count(name, 1);
    }

    private void count(String name, long by) {
        counters.computeIfAbsent(name, n -> new AtomicLong()).addAndGet(by);
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void log(String message) {
        System.out.println(java.time.LocalTime.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS) + " chaos: " + message);
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (var walk = Files.walk(path)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
