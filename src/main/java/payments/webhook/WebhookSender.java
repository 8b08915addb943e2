package payments.webhook;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpRequest;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.common.IdType;
import payments.common.ServerClock;
import payments.common.security.SecretsAtRest;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Sends one signed delivery attempt and records it, whatever its result. */
@ApplicationScoped
public class WebhookSender {

    /** The platform's endpoint must answer within this time. */
    static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);
    static final int MAX_STORED_RESPONSE_CHARS = 10_000;

    /** The outcome of one attempt: the endpoint's status and body, or the error when none came; when and how long. */
    public record Attempt(String url, Integer status, String responseBody, String error, Instant at, long durationMs) {
        public boolean answered() {
            return status != null;
        }
    }

    private static final Logger LOG = Logger.getLogger(WebhookSender.class);
    private final WebClient client;
    private final WebhookAddresses addresses;
    private final WebhookSigner signer;
    private final WebhookEventStore store;
    private final ServerClock clock;
    private final SecretsAtRest secrets;
    private final StandardWebhooks standardWebhooks;

    public WebhookSender(Vertx vertx, WebhookSigner signer, WebhookEventStore store, ServerClock clock, WebhookAddresses addresses,
                         SecretsAtRest secrets, WebhooksConfig config, StandardWebhooks standardWebhooks) {
        this.standardWebhooks = standardWebhooks;
        this.secrets = secrets;
        this.addresses = addresses;
        this.client = WebClient.create(vertx, new WebClientOptions()
                .setConnectTimeout(10_000)
                .setFollowRedirects(false)
                // Kept-alive connections for every delivery the dispatcher has in flight at once.
                .setMaxPoolSize(config.concurrency())
                .setUserAgent("payments-platform-webhooks/1"));
        this.signer = signer;
        this.store = store;
        this.clock = clock;
    }

    @PreDestroy
    void close() {
        client.close();
    }

    /** One attempt, recorded as soon as it is over (for events sent once, by their owner). */
    public Uni<Attempt> send(WebhookEvent event, String url) {
        return send(event, url, RESPONSE_TIMEOUT);
    }

    /** {@link #send(WebhookEvent, String)} waiting for the answer no longer than {@code timeout}. */
    public Uni<Attempt> send(WebhookEvent event, String url, Duration timeout) {
        return attempt(event, url, timeout).call(attempt -> store.recordAttempts(List.of(new WebhookEventStore.Recorded(event.id, attempt))));
    }

    /**
     * One attempt that waits for the answer no longer than {@code timeout}, not yet recorded. It
     * connects to the address the endpoint's host resolved to and passed {@link WebhookAddresses},
     * naming the host for the Host header and TLS; a refused address is an attempt without an answer.
     */
    public Uni<Attempt> attempt(WebhookEvent event, String url, Duration timeout) {
        return attempt(event, url, addresses.resolve(url), timeout);
    }

    /**
     * The endpoint's address resolved and checked once, for a round of deliveries: every delivery
     * of the round connects to that checked address (resolving per delivery cost a worker-thread
     * hop each, at thousands of deliveries a second).
     */
    public Uni<WebhookAddresses.Target> resolvedOnce(String url) {
        return addresses.resolve(url).memoize().indefinitely();
    }

    /** {@link #attempt(WebhookEvent, String, Duration)} to an address resolved by {@link #resolvedOnce}. */
    public Uni<Attempt> attempt(WebhookEvent event, String url, Uni<WebhookAddresses.Target> resolved, Duration timeout) {
        Instant started = clock.now();
        long startNanos = System.nanoTime();
        String body = SecretsAtRest.isSealed(event.body) ? secrets.open(event.sealName(), event.body) : event.body;
        // Standard Webhooks receivers reject a timestamp far from their own clock: the wall clock, not the sandbox's.
        Map<String, String> headers = new HashMap<>(standardWebhooks.headers(IdType.WEBHOOK.wireId(event.id), body, clock.wallNow()));
        headers.put(HttpHeaders.CONTENT_TYPE.toString(), "application/json");
        headers.put(WebhookSigner.HEADER, signer.signatureHeader(body));
        return resolved
                .flatMap(target -> post(target, body, headers, timeout.toMillis())
                        // A kept-alive connection the endpoint closed or reset as this request went out on it
                        // (a server trimming idle connections): sent once more, within what is left of the timeout.
                        .onFailure(WebhookSender::connectionLost).recoverWithUni(closed -> {
                            long left = timeout.toMillis() - millisSince(startNanos);
                            return left > 0 ? post(target, body, headers, left) : Uni.createFrom().failure(closed);
                        }))
                .map(response -> new Attempt(url, response.statusCode(), bodyOf(response), null, started, millisSince(startNanos)))
                .onFailure().invoke(e -> LOG.debugf("Webhook %s to %s got no answer: %s", event.id, url, e.toString()))
                .onFailure().recoverWithItem(e -> new Attempt(url, null, null, failure(e), started, millisSince(startNanos)));
    }

    /** The connection closed or was reset under the request (not a TLS failure, not a timeout): no answer came on it. */
    static boolean connectionLost(Throwable failure) {
        return failure instanceof HttpClosedException
                || failure instanceof java.io.IOException && !(failure instanceof javax.net.ssl.SSLException);
    }

    /** One send of the signed body; a resend sends the same bytes and headers. */
    private Uni<HttpResponse<Buffer>> post(WebhookAddresses.Target target, String body, Map<String, String> headers, long timeoutMillis) {
        HttpRequest<Buffer> request = client.request(HttpMethod.POST, target.port(), target.address().getHostAddress(), target.pathAndQuery())
                .ssl(target.https())
                .virtualHost(target.host())
                .timeout(timeoutMillis);
        headers.forEach(request::putHeader);
        return request.sendBuffer(Buffer.buffer(body));
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    /** Why no answer came, in words that never tell which addresses and ports answer inside the network. */
    static String failure(Throwable e) {
        if (e instanceof WebhookAddresses.Refused) {
            return e.getMessage();
        }
        if (e instanceof java.util.concurrent.TimeoutException || e.getClass().getSimpleName().contains("Timeout")) {
            return "The webhook endpoint did not answer in time";
        }
        if (e instanceof javax.net.ssl.SSLException) {
            return "The TLS handshake with the webhook endpoint failed";
        }
        return "The webhook endpoint could not be reached";
    }

    private static String bodyOf(HttpResponse<Buffer> response) {
        String body = response.bodyAsString();
        if (body == null) {
            return null;
        }
        return body.length() > MAX_STORED_RESPONSE_CHARS ? body.substring(0, MAX_STORED_RESPONSE_CHARS) : body;
    }
}
