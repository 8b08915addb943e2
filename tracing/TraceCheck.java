import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Proves the OpenTelemetry Java agent traces this server: starts the packaged jar with the agent
 * (target/otel/opentelemetry-javaagent.jar) and an OTLP/HTTP endpoint that is a stand-in collector
 * here, makes a customer (an HTTP request) and a webhook delivery (to the same stand-in), and waits
 * until the exported spans name each of them and their SQL. Exits 1 when one is missing.
 *   java tracing/TraceCheck.java
 */
public class TraceCheck {

    private static final String CLIENT_ID = "trace-check";
    private static final String CLIENT_SECRET = "trace-check-secret-0123456789abcdef";
    private static final String SERVICE = "payments-platform-trace-check";

    public static void main(String[] args) throws Exception {
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar").toAbsolutePath();
        Path agent = Path.of("target/otel/opentelemetry-javaagent.jar").toAbsolutePath();
        Path work = Path.of("target/trace-check").toAbsolutePath();
        deleteRecursively(work);
        Files.createDirectories(work);

        List<byte[]> exports = new ArrayList<>();
        HttpServer collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        collector.createContext("/v1/traces", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                byte[] bytes = body.readAllBytes();
                synchronized (exports) {
                    exports.add(bytes);
                }
            }
            exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        collector.start();
        String collectorUrl = "http://127.0.0.1:" + collector.getAddress().getPort();

        int port = freePort();
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + agent, "-Xmx256m", "-jar", jar.toString())
                .directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve("server.log").toFile());
        Map<String, String> env = builder.environment();
        env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
        env.put("SVC_API_CLIENT_ID", CLIENT_ID);
        env.put("SVC_API_CLIENT_SECRET", CLIENT_SECRET);
        env.put("OTEL_SERVICE_NAME", SERVICE);
        env.put("OTEL_EXPORTER_OTLP_ENDPOINT", collectorUrl);
        env.put("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf");
        env.put("OTEL_METRICS_EXPORTER", "none");
        env.put("OTEL_LOGS_EXPORTER", "none");
        env.put("OTEL_BSP_SCHEDULE_DELAY", "500");
        Process server = builder.start();
        // HTTP/1.1: the agent traces the server through Netty's HTTP/1 codec, and the JDK client would otherwise upgrade to h2c.
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String base = "http://localhost:" + port + "/2025-10-13";
        String auth = "Basic " + Base64.getEncoder().encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
        try {
            awaitReady(http, port, server, work);
            send(http, "PATCH", base + "/config", auth, "{\"webhookEndpoint\":\"" + collectorUrl + "/hook\"}");
            send(http, "POST", base + "/customers", auth, "{\"customerType\":\"INDIVIDUAL\",\"platformCustomerId\":\"trace-1\","
                    + "\"region\":\"US\",\"currencies\":[\"USD\"],\"fullName\":\"Tracy Trace\"}");
            send(http, "GET", base + "/customers?limit=1", auth, null);

            // What each kind of span must show, as text inside the exported protobuf: its instrumentation
            // (the tracer's name) and what it was about. The reactive client's SQL comes from the
            // server's own SqlSpans (the agent's instrumentation of that client makes none for
            // Quarkus's pool); JDBC, the agent's, is the schema migration at start.
            Map<String, List<String>> expected = new LinkedHashMap<>();
            expected.put("the service", List.of(SERVICE));
            expected.put("an HTTP server span for POST /customers", List.of("io.opentelemetry.netty-4.1", "/2025-10-13/customers"));
            expected.put("an HTTP client span for a webhook delivery", List.of("io.opentelemetry.vertx-http-client", collectorUrl + "/hook"));
            expected.put("a SQL span for a request's statement on customers", List.of("payments.sql", "db.statement", "customers"));
            expected.put("a SQL span (JDBC: the schema migration at start)", List.of("io.opentelemetry.jdbc", "flyway_schema_history"));
            Map<String, Boolean> found = new LinkedHashMap<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline) {
                String all;
                synchronized (exports) {
                    all = exports.stream().map(b -> new String(b, StandardCharsets.ISO_8859_1)).reduce("", String::concat);
                }
                expected.forEach((what, texts) -> found.put(what, texts.stream().allMatch(all::contains)));
                if (!found.containsValue(false)) {
                    break;
                }
                Thread.sleep(500);
            }
            int batches;
            synchronized (exports) {
                batches = exports.size();
            }
            System.out.println("trace check: " + batches + " OTLP export(s) received (kept in " + work.resolve("exports.bin") + ")");
            synchronized (exports) {
                try (var out = Files.newOutputStream(work.resolve("exports.bin"))) {
                    for (byte[] export : exports) {
                        out.write(export);
                    }
                }
            }
            found.forEach((what, ok) -> System.out.println("  " + (ok ? "found   " : "MISSING ") + what));
            if (found.containsValue(false)) {
                System.out.println("trace check FAILED; server log: " + work.resolve("server.log"));
                System.exit(1);
            }
            System.out.println("trace check PASSED");
        } finally {
            server.destroy();
            server.waitFor();
            collector.stop(0);
        }
    }

    private static void awaitReady(HttpClient http, int port, Process server, Path work) throws Exception {
        for (int i = 0; i < 1200; i++) {
            try {
                if (http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/q/health/ready")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // Not listening yet.
            }
            if (!server.isAlive()) {
                throw new IllegalStateException("the server exited; see " + work.resolve("server.log"));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the server never became ready; see " + work.resolve("server.log"));
    }

    private static void send(HttpClient http, String method, String url, String auth, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Authorization", auth)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IllegalStateException(method + " " + url + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(path)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
