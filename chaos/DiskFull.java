import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The database volume fills up under payments, then space comes back: PostgreSQL's data directory
 * on a small tmpfs (mounted here: needs root), the packaged server on it. While the volume is full
 * every payment must be answered 201 or 503 with Retry-After (never 500; a lost connection while
 * PostgreSQL restarts counts apart), and once space is back the same requests, sent again with
 * their Idempotency-Keys, must succeed; every acknowledged payment must be there exactly once and
 * the balances must add up. Exits 1 on a violation, 0 with a summary otherwise.
 *   chaos/disk-full
 */
public class DiskFull {

    private static final String CLIENT_ID = "disk-full";
    private static final String CLIENT_SECRET = "disk-full-secret-0123456789abcdef";
    private static final long FUNDING = 10_000_000;
    private static final long AMOUNT = 100;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private final Map<String, Long> counts = new TreeMap<>();
    private final List<String> violations = new ArrayList<>();
    private String base;

    public static void main(String[] args) throws Exception {
        System.exit(new DiskFull().run() ? 0 : 1);
    }

    boolean run() throws Exception {
        Path work = Path.of("target/disk-full").toAbsolutePath();
        Path volume = work.resolve("volume");
        unmount(volume);
        Files.createDirectories(volume);
        if (new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=160m", "tmpfs", volume.toString()).inheritIO().start().waitFor() != 0) {
            System.out.println("disk-full: SKIPPED, cannot mount a tmpfs here (needs root)");
            return true;
        }
        EmbeddedPostgres postgres = null;
        Process server = null;
        int pgPort = freePort();
        try {
            postgres = postgres(volume.resolve("pg"), pgPort);
            int port = freePort();
            base = "http://localhost:" + port + "/2025-10-13";
            ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-jar", Path.of("target/quarkus-app/quarkus-run.jar").toAbsolutePath().toString())
                    .directory(work.toFile()).redirectErrorStream(true).redirectOutput(work.resolve("server.log").toFile());
            Map<String, String> env = builder.environment();
            env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
            env.put("QUARKUS_DATASOURCE_REACTIVE_URL", "postgresql://localhost:" + pgPort + "/postgres");
            env.put("QUARKUS_DATASOURCE_JDBC_URL", "jdbc:postgresql://localhost:" + pgPort + "/postgres");
            env.put("QUARKUS_DATASOURCE_USERNAME", "postgres");
            env.put("QUARKUS_DATASOURCE_PASSWORD", "postgres");
            env.put("SVC_API_CLIENT_ID", CLIENT_ID);
            env.put("SVC_API_CLIENT_SECRET", CLIENT_SECRET);
            env.put("SVC_SANDBOX_CREDENTIALS_FILE", work.resolve("credentials.env").toString());
            server = builder.start();
            awaitAnswer(server, Duration.ofSeconds(120));

            call("PATCH", "/config", Map.of("sandboxSkipVerificationPaperwork", true), null, 200);
            String payer = account(customer("payer"));
            String payee = account(customer("payee"));
            call("POST", "/sandbox/internal-accounts/" + payer + "/fund", Map.of("amount", FUNDING), null, 200);

            Map<String, Integer> answers = new LinkedHashMap<>();
            for (int i = 0; i < 20; i++) {
                answers.put("before-" + i, pay(payer, payee, "before-" + i));
            }
            log("volume full now (" + fill(volume.resolve("filler")) + " MB written to fill it)");
            for (int i = 0; i < 60; i++) {
                String key = "full-" + i;
                int status = pay(payer, payee, key);
                answers.put(key, status);
                count("answered while full: " + (status == 0 ? "no answer" : status));
                if (status != 201 && status != 503 && status != 0) {
                    violations.add("payment " + key + " answered " + status + " while the volume was full");
                }
                Thread.sleep(100);
            }
            Files.delete(volume.resolve("filler"));
            log("space is back");
            if (!answersWithin(Duration.ofSeconds(20))) {
                // PostgreSQL stopped for good when it could not write its log: the operator starts it again.
                log("PostgreSQL is down: starting it again, as an operator would");
                count("postgres started again by the operator");
                postgres.close();
                postgres = postgres(volume.resolve("pg"), pgPort);
            }
            awaitAnswer(server, Duration.ofSeconds(120));
            for (Map.Entry<String, Integer> answer : answers.entrySet()) {
                if (answer.getValue() != 201) {
                    int status = 0;
                    for (int attempt = 0; attempt < 30 && status != 201; attempt++) {
                        status = pay(payer, payee, answer.getKey());
                        if (status != 201) {
                            Thread.sleep(500);
                        }
                    }
                    answer.setValue(status);
                    count("sent again after space came back: " + status);
                    if (status != 201) {
                        violations.add("payment " + answer.getKey() + " still answered " + status + " once space was back");
                    }
                }
            }
            Thread.sleep(2_000);
            check(payer, payee, answers);
        } finally {
            if (server != null) {
                server.destroy();
                server.waitFor();
            }
            if (postgres != null) {
                postgres.close();
            }
            unmount(volume);
        }
        System.out.println("disk-full run");
        counts.forEach((name, n) -> System.out.printf("  %-60s %d%n", name, n));
        violations.forEach(v -> System.out.println("  VIOLATION " + v));
        System.out.println(violations.isEmpty() ? "disk-full: PASSED" : "disk-full: FAILED");
        return violations.isEmpty();
    }

    /** Every payment acknowledged once, each in the ledger once: the balances show exactly the acknowledged ones. */
    private void check(String payer, String payee, Map<String, Integer> answers) throws Exception {
        long acknowledged = answers.values().stream().filter(s -> s == 201).count();
        count("payments acknowledged", acknowledged);
        long payerBalance = call("GET", "/internal-accounts/" + payer, null, null, 200).path("balance").path("amount").asLong();
        long payeeBalance = call("GET", "/internal-accounts/" + payee, null, null, 200).path("balance").path("amount").asLong();
        if (payerBalance != FUNDING - acknowledged * AMOUNT || payeeBalance != acknowledged * AMOUNT) {
            violations.add("balances " + payerBalance + " and " + payeeBalance + " after " + acknowledged + " payments of " + AMOUNT);
        }
        long completed = 0;
        String cursor = null;
        do {
            JsonNode page = call("GET", "/transactions?limit=100&type=OUTGOING" + (cursor == null ? "" : "&cursor=" + cursor), null, null, 200);
            for (JsonNode t : page.path("data")) {
                if ("COMPLETED".equals(t.path("status").asText())) {
                    completed++;
                }
            }
            cursor = page.path("hasMore").asBoolean() ? page.path("nextCursor").asText() : null;
        } while (cursor != null);
        count("outgoing payments completed", completed);
        if (completed != acknowledged) {
            violations.add(completed + " payments completed for " + acknowledged + " acknowledged");
        }
    }

    private int pay(String payer, String payee, String key) {
        Map<String, Object> quote = Map.of("source", Map.of("sourceType", "ACCOUNT", "accountId", payer),
                "destination", Map.of("destinationType", "ACCOUNT", "accountId", payee),
                "lockedCurrencySide", "SENDING", "lockedCurrencyAmount", AMOUNT, "immediatelyExecute", true);
        try {
            HttpResponse<String> response = send("POST", "/quotes", quote, key);
            if (response.statusCode() == 503 && response.headers().firstValue("Retry-After").isEmpty()) {
                violations.add("a 503 without Retry-After: " + response.body());
            }
            if (response.statusCode() >= 500 && response.statusCode() != 503) {
                log("answered " + response.statusCode() + ": " + response.body());
            }
            return response.statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    private String customer(String name) throws Exception {
        Map<String, Object> body = new LinkedHashMap<>(Map.of("customerType", "INDIVIDUAL", "platformCustomerId", "disk-full-" + name,
                "region", "US", "currencies", List.of("USD"), "fullName", "Disk Full " + name, "birthDate", "1990-01-15",
                "nationality", "US", "address", Map.of("line1", "1 Main St", "city", "Austin", "state", "TX", "postalCode", "73301",
                        "country", "US")));
        body.put("endUserTermsConsent", Map.of("acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "198.51.100.24",
                "termsVersion", "V1", "acceptanceMethod", "CHECKBOX"));
        return call("POST", "/customers", body, null, 201).path("id").asText();
    }

    private String account(String customerId) throws Exception {
        for (int i = 0; i < 100; i++) {
            JsonNode account = call("GET", "/customers/internal-accounts?customerId=" + customerId, null, null, 200).path("data").path(0);
            if ("ACTIVE".equals(account.path("status").asText())) {
                return account.path("id").asText();
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("no active account for " + customerId);
    }

    /** Writes 1 MB blocks until the volume refuses one; the megabytes written. */
    private static long fill(Path filler) {
        byte[] block = new byte[1 << 20];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(block);
                out.flush();
                written++;
            }
        } catch (IOException full) {
            return written;
        }
    }

    private boolean answersWithin(Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (send("GET", "/customers?limit=1", null, null).statusCode() == 200) {
                    return true;
                }
            } catch (IOException e) {
                // Not yet.
            }
            Thread.sleep(500);
        }
        return false;
    }

    private void awaitAnswer(Process server, Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                throw new IllegalStateException("the server exited; see target/disk-full/server.log");
            }
            if (answersWithin(Duration.ofSeconds(1))) {
                return;
            }
        }
        throw new IllegalStateException("the server never answered; see target/disk-full/server.log");
    }

    private JsonNode call(String method, String path, Object body, String key, int expected) throws Exception {
        HttpResponse<String> response = send(method, path, body, key);
        if (response.statusCode() != expected) {
            throw new IllegalStateException(method + " " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    private HttpResponse<String> send(String method, String path, Object body, String key) throws IOException, InterruptedException {
        String auth = Base64.getEncoder().encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Basic " + auth)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static EmbeddedPostgres postgres(Path data, int port) throws IOException {
        return EmbeddedPostgres.builder().setPort(port).setDataDirectory(data).setCleanDataDirectory(false)
                .setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on").start();
    }

    private static void unmount(Path volume) throws Exception {
        if (Files.isDirectory(volume)) {
            new ProcessBuilder("umount", volume.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start().waitFor();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private void count(String name) {
        count(name, 1);
    }

    private void count(String name, long by) {
        counts.merge(name, by, Long::sum);
    }

    private static void log(String line) {
        System.out.println("disk-full: " + line);
    }
}
