package payments.webhook;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.ext.web.client.HttpResponse;
import io.vertx.mutiny.ext.web.client.WebClient;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.Times;

import java.time.Duration;
import java.time.Instant;

/** Sends one signed delivery attempt and records it, whatever its result. */
@ApplicationScoped
public class WebhookSender {

    /** The platform's endpoint must answer within this time. */
    static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);
    static final int MAX_STORED_RESPONSE_CHARS = 10_000;

    /** The outcome of one attempt: the endpoint's status and body, or the error when none came. */
    public record Attempt(String url, Integer status, String responseBody, String error) {
        public boolean answered() {
            return status != null;
        }
    }

    private final WebClient client;
    private final WebhookSigner signer;
    private final Pool pool;
    private final ServerClock clock;

    public WebhookSender(Vertx vertx, WebhookSigner signer, Pool pool, ServerClock clock) {
        this.client = WebClient.create(vertx, new WebClientOptions()
                .setConnectTimeout(10_000)
                .setFollowRedirects(false)
                .setUserAgent("payments-platform-webhooks/1"));
        this.signer = signer;
        this.pool = pool;
        this.clock = clock;
    }

    @PreDestroy
    void close() {
        client.close();
    }

    public Uni<Attempt> send(WebhookEvent event, String url) {
        return send(event, url, RESPONSE_TIMEOUT);
    }

    /** One attempt that waits for the answer no longer than {@code timeout}. */
    public Uni<Attempt> send(WebhookEvent event, String url, Duration timeout) {
        Instant started = clock.now();
        long startNanos = System.nanoTime();
        return Uni.createFrom().deferred(() -> client.postAbs(url)
                        .timeout(timeout.toMillis())
                        .putHeader(HttpHeaders.CONTENT_TYPE.toString(), "application/json")
                        .putHeader(WebhookSigner.HEADER, signer.signatureHeader(event.body))
                        .sendBuffer(Buffer.buffer(event.body)))
                .map(response -> new Attempt(url, response.statusCode(), bodyOf(response), null))
                .onFailure().recoverWithItem(e -> new Attempt(url, null, null,
                        e.getClass().getSimpleName() + ": " + e.getMessage()))
                .call(attempt -> record(event, attempt, started, (System.nanoTime() - startNanos) / 1_000_000));
    }

    private Uni<Void> record(WebhookEvent event, Attempt attempt, Instant at, long durationMs) {
        return pool.preparedQuery("""
                        INSERT INTO webhook_attempts (id, event_id, url, attempted_at, response_status, response_body, error, duration_ms)
                        VALUES ($1, $2, $3, $4, $5, $6, $7, $8)""")
                .execute(Tuple.tuple().addUUID(Ids.newUuid()).addUUID(event.id).addString(attempt.url())
                        .addOffsetDateTime(Times.utc(at)).addInteger(attempt.status()).addString(attempt.responseBody())
                        .addString(attempt.error()).addLong(durationMs))
                .replaceWithVoid();
    }

    private static String bodyOf(HttpResponse<Buffer> response) {
        String body = response.bodyAsString();
        if (body == null) {
            return null;
        }
        return body.length() > MAX_STORED_RESPONSE_CHARS ? body.substring(0, MAX_STORED_RESPONSE_CHARS) : body;
    }
}
