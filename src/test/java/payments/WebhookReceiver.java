package payments;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A local HTTP endpoint that records webhook deliveries and answers with scripted statuses. */
public final class WebhookReceiver implements AutoCloseable {

    public record Delivery(String body, Map<String, List<String>> headers) {

        /** Checks X-Svc-Signature against the public key GET /config publishes. */
        public boolean signatureValid() throws Exception {
            String pem = TestSupport.api().get("/config").then().extract().path("webhookPublicKey");
            byte[] der = java.util.Base64.getMimeDecoder().decode(pem.replace("-----BEGIN PUBLIC KEY-----", "")
                    .replace("-----END PUBLIC KEY-----", ""));
            java.security.PublicKey key = java.security.KeyFactory.getInstance("EC")
                    .generatePublic(new java.security.spec.X509EncodedKeySpec(der));
            java.util.regex.Matcher header = java.util.regex.Pattern.compile("^\\{\"v\":\"1\",\"s\":\"([A-Za-z0-9+/=]+)\"}$")
                    .matcher(header("X-Svc-Signature"));
            if (!header.matches()) {
                return false;
            }
            java.security.Signature verifier = java.security.Signature.getInstance("SHA256withECDSA");
            verifier.initVerify(key);
            verifier.update(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return verifier.verify(java.util.Base64.getDecoder().decode(header.group(1)));
        }

        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }

    private final HttpServer server;
    private final BlockingQueue<Delivery> deliveries = new LinkedBlockingQueue<>();
    private final List<Delivery> held = new java.util.ArrayList<>();
    private final ConcurrentLinkedQueue<Integer> scriptedStatuses = new ConcurrentLinkedQueue<>();
    private final Map<String, ConcurrentLinkedQueue<Reply>> repliesByType = new java.util.concurrent.ConcurrentHashMap<>();
    private final Map<String, ConcurrentLinkedQueue<Integer>> statusesByText = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.regex.Pattern TYPE = java.util.regex.Pattern.compile("\"type\":\"([A-Z_.]+)\"");

    private record Reply(int status, String body) {
    }

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            deliveries.add(new Delivery(body, Map.copyOf(exchange.getRequestHeaders())));
            java.util.regex.Matcher type = TYPE.matcher(body);
            Reply scripted = type.find() ? repliesByType.getOrDefault(type.group(1), new ConcurrentLinkedQueue<>()).poll() : null;
            Integer own = statusesByText.entrySet().stream().filter(e -> body.contains(e.getKey()))
                    .map(e -> e.getValue().poll()).filter(java.util.Objects::nonNull).findFirst().orElse(null);
            Integer status = own != null ? own : scripted != null ? Integer.valueOf(scripted.status()) : scriptedStatuses.poll();
            byte[] reply = (scripted != null ? scripted.body() : "{\"received\":true}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status == null ? 200 : status, reply.length == 0 ? -1 : reply.length);
            exchange.getResponseBody().write(reply);
            exchange.close();
        });
        server.start();
    }

    /** A receiver the platform's webhookEndpoint points at; {@link #disconnect()} undoes both. */
    public static WebhookReceiver configured() {
        WebhookReceiver receiver = new WebhookReceiver();
        TestSupport.api().body(Map.of("webhookEndpoint", receiver.url())).patch("/config").then().statusCode(200);
        return receiver;
    }

    /** Clears the platform's webhookEndpoint and stops the receiver. */
    public void disconnect() {
        close();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    /** The next answers, in order; after them the receiver answers 200. */
    public WebhookReceiver answer(Integer... statuses) {
        scriptedStatuses.addAll(List.of(statuses));
        return this;
    }

    /**
     * The next answers to deliveries whose body contains {@code text} (a marker of the test's own
     * event), ahead of every other script: other tests' events due at the same moment cannot take them.
     */
    public WebhookReceiver answerContaining(String text, Integer... statuses) {
        statusesByText.computeIfAbsent(text, t -> new ConcurrentLinkedQueue<>()).addAll(List.of(statuses));
        return this;
    }

    /** The next answer to an event of {@code type}, ahead of any answer scripted by {@link #answer}. */
    public WebhookReceiver answerType(String type, int status, String body) {
        repliesByType.computeIfAbsent(type, t -> new ConcurrentLinkedQueue<>()).add(new Reply(status, body));
        return this;
    }

    public Delivery next(long timeoutSeconds) throws InterruptedException {
        return deliveries.poll(timeoutSeconds, TimeUnit.SECONDS);
    }

    /** The next TEST event (it names no resource to match; events about resources use {@link #nextMatching}). */
    public Delivery nextTest(long timeoutSeconds) throws InterruptedException {
        return nextMatching("TEST", "", timeoutSeconds);
    }

    /**
     * The first delivery of a type whose body also contains a text (a resource id, say). Others
     * are kept for later calls, so events can be awaited in any order.
     */
    public synchronized Delivery nextMatching(String type, String text, long timeoutSeconds) throws InterruptedException {
        java.util.function.Predicate<Delivery> wanted = delivery ->
                delivery.body().contains("\"type\":\"" + type + "\"") && delivery.body().contains(text);
        for (java.util.Iterator<Delivery> it = held.iterator(); it.hasNext(); ) {
            Delivery delivery = it.next();
            if (wanted.test(delivery)) {
                it.remove();
                return delivery;
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (System.nanoTime() < deadline) {
            Delivery delivery = deliveries.poll(100, TimeUnit.MILLISECONDS);
            if (delivery != null && wanted.test(delivery)) {
                return delivery;
            } else if (delivery != null) {
                held.add(delivery);
            }
        }
        return null;
    }

    /** Stops the receiver; if the platform's webhookEndpoint still points here, it is cleared first. */
    @Override
    public void close() {
        String endpoint = TestSupport.api().get("/config").then().statusCode(200).extract().path("webhookEndpoint");
        if (url().equals(endpoint)) {
            TestSupport.api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
        }
        server.stop(0);
    }
}
