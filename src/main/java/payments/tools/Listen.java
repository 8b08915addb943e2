package payments.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;

/**
 * Follows a server's webhook deliveries with API credentials only and forwards each event, signed
 * as the server signs it, to a local URL (like {@code stripe listen --forward-to}): one line per
 * event with the local answer. Works against a server on another host, and without any webhook
 * endpoint configured (events are recorded either way). It only reads, so it takes a VIEW token's
 * credentials where one is configured. Not part of the server: a plain program run from the jar's
 * classpath (README, "listen").
 *
 * <pre>java -cp "target/quarkus-app/app/*:target/quarkus-app/lib/main/*" payments.tools.Listen --forward-to http://localhost:3000/hooks</pre>
 */
public final class Listen {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int PAGE = 100;
    /** Event ids already forwarded at the newest creation time seen (the time filter is inclusive). */
    private static final int MAX_REMEMBERED = 1_000;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String baseUrl;
    private final String authorization;
    private final URI forwardTo;
    private final Set<String> eventTypes;
    private final PrintStream out;
    private String newestSeen;
    private final Set<String> forwarded = new LinkedHashSet<>();

    public Listen(String baseUrl, String clientId, String clientSecret, URI forwardTo, Set<String> eventTypes, PrintStream out) {
        this.baseUrl = baseUrl.replaceAll("/+$", "");
        this.authorization = "Basic " + Base64.getEncoder().encodeToString((clientId + ":" + clientSecret).getBytes(StandardCharsets.UTF_8));
        this.forwardTo = forwardTo;
        this.eventTypes = eventTypes;
        this.out = out;
    }

    /** One line per forwarded event. */
    public record Forwarded(String eventId, String eventType, Integer status, String error, long millis) {
        String line() {
            return LocalTime.now().truncatedTo(ChronoUnit.SECONDS) + "  " + eventType + "  " + eventId + "  -> "
                    + (status != null ? status.toString() : "no answer: " + error) + " (" + millis + " ms)";
        }
    }

    /** Starts from now: only events created from this call on are forwarded. */
    public void startFromNow() throws IOException, InterruptedException {
        JsonNode newest = get("/webhooks/deliveries?limit=1").path("data").path(0);
        newestSeen = newest.isMissingNode() ? null : newest.path("createdAt").asText(null);
        if (newest.hasNonNull("id")) {
            forwarded.add(newest.get("id").asText());
        }
    }

    /**
     * Starts from a given time: events created at or after {@code since} (an ISO-8601 instant) are
     * forwarded, those raised while this program was starting included.
     */
    public void startFrom(java.time.Instant since) {
        newestSeen = since.toString();
        forwarded.clear();
    }

    /** Forwards every event created since the last poll, oldest first; answers what was forwarded. */
    public List<Forwarded> pollOnce() throws IOException, InterruptedException {
        List<JsonNode> fresh = new ArrayList<>();
        String cursor = null;
        do {
            StringBuilder query = new StringBuilder("/webhooks/deliveries?limit=" + PAGE);
            if (newestSeen != null) {
                query.append("&createdAfter=").append(URLEncoder.encode(newestSeen, StandardCharsets.UTF_8));
            }
            if (cursor != null) {
                query.append("&cursor=").append(URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            }
            JsonNode page = get(query.toString());
            page.path("data").forEach(fresh::add);
            cursor = page.path("hasMore").asBoolean() ? page.path("nextCursor").asText(null) : null;
        } while (cursor != null);
        List<Forwarded> done = new ArrayList<>();
        for (int i = fresh.size() - 1; i >= 0; i--) {
            JsonNode delivery = fresh.get(i);
            String id = delivery.path("id").asText();
            if (!forwarded.add(id)) {
                continue;
            }
            newestSeen = delivery.path("createdAt").asText(newestSeen);
            if (eventTypes.isEmpty() || eventTypes.contains(delivery.path("eventType").asText())) {
                Forwarded result = forward(get("/webhooks/deliveries/" + URLEncoder.encode(id, StandardCharsets.UTF_8)));
                out.println(result.line());
                done.add(result);
            }
        }
        while (forwarded.size() > MAX_REMEMBERED) {
            forwarded.remove(forwarded.iterator().next());
        }
        return done;
    }

    private Forwarded forward(JsonNode detail) throws InterruptedException {
        String id = detail.path("id").asText();
        String type = detail.path("eventType").asText();
        if (!detail.hasNonNull("body")) {
            return new Forwarded(id, type, null, "the event carries a secret and is not shown", 0);
        }
        HttpRequest request = HttpRequest.newBuilder(forwardTo).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .header("X-Svc-Signature", detail.path("signature").asText())
                .POST(HttpRequest.BodyPublishers.ofString(detail.get("body").asText(), StandardCharsets.UTF_8)).build();
        long started = System.nanoTime();
        try {
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            return new Forwarded(id, type, response.statusCode(), null, (System.nanoTime() - started) / 1_000_000);
        } catch (IOException e) {
            return new Forwarded(id, type, null, e.getClass().getSimpleName(), (System.nanoTime() - started) / 1_000_000);
        }
    }

    private JsonNode get(String pathAndQuery) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery))
                .timeout(Duration.ofSeconds(30)).header("Authorization", authorization).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + pathAndQuery + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        if (!options.containsKey("--forward-to")) {
            System.err.println("usage: Listen --forward-to <url> [--events TYPE,TYPE] [--since 2026-11-29T12:00:00Z] [--interval-ms 1000]"
                    + " [--credentials data/sandbox-credentials.env]");
            System.exit(2);
        }
        Properties file = new Properties();
        Path path = Path.of(options.getOrDefault("--credentials", "data/sandbox-credentials.env"));
        if (Files.isRegularFile(path)) {
            try (var reader = Files.newBufferedReader(path)) {
                file.load(reader);
            }
        }
        Function<String, String> settings = name -> System.getenv(name) != null ? System.getenv(name) : file.getProperty(name);
        Credentials credentials;
        try {
            credentials = credentials(settings);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + " (environment, or " + path + ")");
            System.exit(2);
            return;
        }
        String baseUrl = settings.apply("SVC_BASE_URL");
        if (!present(baseUrl)) {
            System.err.println("SVC_BASE_URL is not set (environment, or " + path + ")");
            System.exit(2);
            return;
        }
        for (String warning : new String[] {credentials.warning(), plainHttpWarning(baseUrl)}) {
            if (warning != null) {
                System.err.println("warning: " + warning);
            }
        }
        Set<String> types = new LinkedHashSet<>();
        if (options.containsKey("--events")) {
            types.addAll(List.of(options.get("--events").split(",")));
        }
        Listen listen = new Listen(baseUrl, credentials.clientId(), credentials.clientSecret(), URI.create(options.get("--forward-to")),
                types, System.out);
        if (options.containsKey("--since")) {
            try {
                listen.startFrom(java.time.Instant.parse(options.get("--since")));
            } catch (java.time.format.DateTimeParseException e) {
                System.err.println("--since takes an ISO-8601 instant such as 2026-11-29T12:00:00Z, not " + options.get("--since"));
                System.exit(2);
                return;
            }
        } else {
            listen.startFromNow();
        }
        System.out.println("Forwarding " + (types.isEmpty() ? "every event" : String.join(", ", types)) + " of " + baseUrl + " to "
                + options.get("--forward-to") + " (Ctrl-C to stop)");
        long interval = Long.parseLong(options.getOrDefault("--interval-ms", "1000"));
        while (true) {
            try {
                listen.pollOnce();
            } catch (IOException e) {
                System.err.println("poll failed, trying again: " + e.getMessage());
            }
            Thread.sleep(interval);
        }
    }

    /** The credentials listen reads with, and what to tell the user about them (null for nothing). */
    record Credentials(String clientId, String clientSecret, String warning) {
    }

    /**
     * A VIEW token's {@code SVC_VIEW_CLIENT_ID}/{@code _SECRET} where both are set (reading the
     * deliveries needs no more); else {@code SVC_API_CLIENT_ID}/{@code _SECRET}, usually the
     * bootstrap token, which may move money, with a warning saying how to make a VIEW token. Half a
     * pair is refused rather than quietly replaced by the stronger token.
     */
    static Credentials credentials(Function<String, String> settings) {
        String viewId = settings.apply("SVC_VIEW_CLIENT_ID");
        String viewSecret = settings.apply("SVC_VIEW_CLIENT_SECRET");
        if (present(viewId) != present(viewSecret)) {
            throw new IllegalArgumentException("Set both SVC_VIEW_CLIENT_ID and SVC_VIEW_CLIENT_SECRET, or neither");
        }
        if (present(viewId)) {
            return new Credentials(viewId, viewSecret, null);
        }
        String clientId = settings.apply("SVC_API_CLIENT_ID");
        String clientSecret = settings.apply("SVC_API_CLIENT_SECRET");
        if (!present(clientId) || !present(clientSecret)) {
            throw new IllegalArgumentException("Neither SVC_VIEW_CLIENT_ID/SVC_VIEW_CLIENT_SECRET nor"
                    + " SVC_API_CLIENT_ID/SVC_API_CLIENT_SECRET is set");
        }
        return new Credentials(clientId, clientSecret, "reading with SVC_API_CLIENT_ID, which may hold every permission (the bootstrap"
                + " token's may move money); listen needs only VIEW. Make a VIEW token and set SVC_VIEW_CLIENT_ID and"
                + " SVC_VIEW_CLIENT_SECRET to its clientId and clientSecret (the environment, or lines in the credentials file,"
                + " which the sandbox keeps): curl -s -u \"$SVC_API_CLIENT_ID:$SVC_API_CLIENT_SECRET\" -X POST \"$SVC_BASE_URL/tokens\""
                + " -H 'Content-Type: application/json' -d '{\"name\":\"listen\",\"permissions\":[\"VIEW\"]}'");
    }

    /**
     * A warning when the base URL is plain http:// to a host that is not this machine's loopback: the
     * credentials and every event would cross the network readable. Null otherwise.
     */
    static String plainHttpWarning(String baseUrl) {
        URI uri;
        try {
            uri = URI.create(baseUrl.strip());
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) || isLoopback(uri.getHost())) {
            return null;
        }
        return "SVC_BASE_URL is plain http:// to " + uri.getAuthority() + ", not this machine: the client secret and every event"
                + " cross the network unencrypted; use https://";
    }

    /** Loopback by its literal name alone (no DNS lookup): localhost, *.localhost, 127.0.0.0/8, ::1. */
    static boolean isLoopback(String host) {
        if (host == null) {
            return false;
        }
        String name = host.toLowerCase(Locale.ROOT);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        return name.equals("localhost") || name.endsWith(".localhost") || name.equals("::1") || name.equals("0:0:0:0:0:0:0:1")
                || name.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
