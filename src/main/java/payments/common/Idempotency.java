package payments.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.buffer.Buffer;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.security.Caller;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one idempotency store. A request carrying an `Idempotency-Key` first claims the key (per
 * caller) with an insert that only one concurrent request can win; the winner runs the operation
 * and stores the exact response bytes, and every later request with the same key and the same
 * request gets those bytes back. A different request under the same key, or a duplicate arriving
 * while the first is still running, is answered 409. Server errors release the key so that a retry
 * can run again (the failed operation's transaction rolled back, so nothing happened twice).
 */
@ApplicationScoped
public class Idempotency {

    public static final String HEADER = "Idempotency-Key";
    public static final int MAX_KEY_LENGTH = 255;
    /** How long an answer is kept for a retry (payments.common.retention deletes it after). */
    static final Duration RETENTION = Duration.ofHours(24);
    /** A claim older than this was abandoned by a crashed instance and may be taken over. */
    static final Duration IN_FLIGHT_LEASE = Duration.ofMinutes(5);

    private static final String DONE = "DONE";

    private final IdempotencyStore store;
    private final ObjectMapper mapper;
    private final ObjectMapper canonicalMapper;
    private final ServerClock clock;

    public Idempotency(IdempotencyStore store, ObjectMapper mapper, ServerClock clock) {
        this.store = store;
        this.mapper = mapper;
        this.canonicalMapper = mapper.copy()
                .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
                .configure(com.fasterxml.jackson.databind.MapperFeature.SORT_PROPERTIES_ALPHABETICALLY, true)
                // Request bodies arrive as JSON trees, whose fields keep the order the client sent.
                .configure(com.fasterxml.jackson.databind.cfg.JsonNodeFeature.WRITE_PROPERTIES_SORTED, true);
        this.clock = clock;
    }

    /** A request's hold on its key: its answer must be stored under it. */
    public record Claim(String scope, String key) {
    }

    /** An answer as it is sent and stored: the status, the exact body bytes, and whether they hold a secret (stored sealed). */
    public record Answer(int status, byte[] body, boolean secret) {
        public Answer(int status, byte[] body) {
            this(status, body, false);
        }
    }

    /**
     * Runs {@code operation} at most once per caller and key, in one database transaction with its
     * answer; without a key it simply runs.
     */
    public Uni<Response> run(Caller caller, String key, String method, String path, Object request,
                             Supplier<Uni<? extends ApiResult>> operation) {
        return runCommitting(caller, key, method, path, request, claim -> Panache.withTransaction(() ->
                Uni.createFrom().<ApiResult>deferred(operation)
                        .map(this::answer)
                        .call(answer -> storeWithEffects(claim, answer))));
    }

    /** {@link #run} for an operation the interface requires a key for: without one it is refused, {@code why} saying so. */
    public Uni<Response> runWithRequiredKey(Caller caller, String key, String method, String path, Object request, String why,
                                            Supplier<Uni<? extends ApiResult>> operation) {
        if (key == null) {
            throw ApiException.invalidField(HEADER, FieldError.Constraint.length(1, MAX_KEY_LENGTH), "Is required: " + why);
        }
        return run(caller, key, method, path, request, operation);
    }

    /**
     * Like {@link #run}, for an operation that commits on its own: it must store its answer under
     * the claim (null without a key) in the same commit as its effects, through
     * {@link #storeWithEffects} or {@link #storeAllWithEffects}. Once the effects commit, so does
     * the answer; stored apart, a crash between the two would leave effects without an answer, and
     * a retry after the claim's lease would run them a second time. A refused request (4xx)
     * changed nothing; its answer is stored on its own.
     */
    public Uni<Response> runCommitting(Caller caller, String key, String method, String path, Object request,
                                       Function<Claim, Uni<Answer>> operation) {
        if (key == null) {
            return operation.apply(null).map(answer -> respond(answer, false));
        }
        if (key.isBlank() || key.length() > MAX_KEY_LENGTH) {
            throw ApiException.invalidField(HEADER, FieldError.Constraint.length(1, MAX_KEY_LENGTH),
                    "Must be 1 to " + MAX_KEY_LENGTH + " characters");
        }
        String hash = requestHash(method, path, request);
        Claim claim = new Claim(caller.scope(), key);
        return claim(claim, hash).flatMap(claimed -> claimed ? execute(claim, operation) : replay(claim, hash));
    }

    /** The answer to send and store for a result. */
    public Answer answer(ApiResult result) {
        return new Answer(result.status(), serialize(result.body()),
                result.body() instanceof CarriesSecret secret && secret.carriesSecret());
    }

    private Uni<Boolean> claim(Claim claim, String hash) {
        Instant now = clock.now();
        return store.claim(claim, hash, now, now.plus(RETENTION), now.minus(IN_FLIGHT_LEASE));
    }

    private Uni<Response> execute(Claim claim, Function<Claim, Uni<Answer>> operation) {
        return Uni.createFrom().deferred(() -> operation.apply(claim))
                .onFailure(Idempotency::isClientError)
                .recoverWithUni(e -> {
                    Answer refused = new Answer(((ApiException) e).status(), serialize(ErrorBody.of((ApiException) e)));
                    return store.store(claim, refused).replaceWith(refused);
                })
                .onFailure().call(() -> store.release(claim))
                .map(answer -> respond(answer, false));
    }

    /** Stores the answer in the transaction of the caller's Panache session; nothing without a claim. */
    public Uni<Void> storeWithEffects(Claim claim, Answer answer) {
        if (claim == null) {
            return Uni.createFrom().voidItem();
        }
        return store.storing(claim, answer).updateInSession().replaceWithVoid();
    }

    /** Stores many answers with one statement, in the transaction open on a raw connection (see {@link SqlStatement}). */
    public Uni<Void> storeAllWithEffects(SqlClient connection, List<Map.Entry<Claim, Answer>> answers) {
        if (answers.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return store.storeAll(connection, answers);
    }

    private static boolean isClientError(Throwable e) {
        return e instanceof ApiException api && api.status() < 500;
    }

    private Uni<Response> replay(Claim claim, String hash) {
        return store.read(claim)
                .map(stored -> {
                    if (stored == null) {
                        throw ApiException.idempotencyConflict(true);
                    }
                    if (!hash.equals(stored.requestHash())) {
                        throw ApiException.idempotencyConflict(false);
                    }
                    if (!DONE.equals(stored.state())) {
                        throw ApiException.idempotencyConflict(true);
                    }
                    return respond(new Answer(stored.status(), stored.body()), true);
                });
    }


    private String requestHash(String method, String path, Object request) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((method + " " + path + "\n").getBytes(StandardCharsets.UTF_8));
            digest.update(canonicalMapper.writeValueAsBytes(canonicalMapper.valueToTree(request)));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException | JsonProcessingException e) {
            throw new IllegalStateException("Cannot hash request", e);
        }
    }

    private byte[] serialize(Object body) {
        try {
            return mapper.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialize response", e);
        }
    }

    private static Response respond(Answer answer, boolean replayed) {
        Response.ResponseBuilder builder = Response.status(answer.status()).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(answer.body());
        if (replayed) {
            builder.header("Idempotent-Replayed", "true");
        }
        return builder.build();
    }
}
