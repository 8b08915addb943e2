package payments.agent;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.RowSets;
import payments.common.ServerClock;
import payments.common.Sha256;
import payments.common.Times;
import payments.common.security.AuthScheme;
import payments.common.security.Authenticator;
import payments.common.security.Caller;
import payments.common.security.Permission;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.UUID;

/**
 * How agent software gets in: a device code is redeemed once for an access token (shown once,
 * kept as SHA-256), and the token authenticates `Authorization: Bearer` requests for as long as the
 * agent exists. Redemption is rate-limited per source and per code prefix.
 */
@ApplicationScoped
public class AgentAccess implements Authenticator {

    private static final Logger LOG = Logger.getLogger(AgentAccess.class);
    /** What an agent's requests may ask of the endpoint rules; its policy decides the rest. */
    private static final java.util.Set<Permission> AGENT_PERMISSIONS = EnumSet.of(Permission.VIEW, Permission.TRANSACT);

    public record DeviceCodeStatus(String code, boolean redeemed) {
    }

    public record Redeemed(String agentId, String agentName, String accessToken, AgentPolicy policy) {
    }

    private final AgentView view;
    private final ServerClock clock;
    private final Pool pool;
    private final RedeemAttempts attempts;

    public AgentAccess(AgentView view, ServerClock clock, Pool pool, AgentsConfig config) {
        this.view = view;
        this.clock = clock;
        this.pool = pool;
        this.attempts = new RedeemAttempts(System::nanoTime, config.redeemFailuresPerPrefix(),
                config.redeemPrefixWindow());
    }

    /** GET /agents/device-codes/{code}/status: whether the agent software has redeemed it yet; 404 for no such code. */
    @WithSession
    public Uni<DeviceCodeStatus> status(String code) {
        return deviceCode(code, false).map(row -> new DeviceCodeStatus(code, row.redeemedAt() != null));
    }

    private record CodeRow(UUID agentId, Instant expiresAt, Instant redeemedAt, Instant invalidatedAt) {
    }

    private Uni<CodeRow> deviceCode(String code, boolean forUpdate) {
        if (!AgentCredentials.wellFormed(code)) {
            return Uni.createFrom().failure(unknown());
        }
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        SELECT agent_id, expires_at, redeemed_at, invalidated_at FROM agent_device_codes
                        WHERE code_hash = :hash""" + (forUpdate ? " FOR UPDATE" : ""), Object[].class)
                .setParameter("hash", AgentCredentials.codeHash(code)).getResultList())
                .map((List<Object[]> rows) -> {
                    if (rows.isEmpty()) {
                        throw unknown();
                    }
                    Object[] row = rows.get(0);
                    return new CodeRow((UUID) row[0], instant(row[1]), instant(row[2]), instant(row[3]));
                });
    }

    private static Instant instant(Object value) {
        if (value instanceof java.time.OffsetDateTime time) {
            return time.toInstant();
        }
        return (Instant) value;
    }

    private static ApiException unknown() {
        return new ApiException(ErrorCode.REFERENCE_NOT_FOUND, "No such device code");
    }

    /**
     * POST /agents/device-codes/{code}/redeem, with no credentials: the code is the proof. 200 with
     * the access token (shown this once); 400 when the code was redeemed, replaced or has expired;
     * 404 when there is no such code; 429 after too many failures on codes starting like this one.
     */
    public Uni<Redeemed> redeem(String code, String source) {
        long wait = attempts.waitSeconds(code);
        if (wait > 0) {
            return Uni.createFrom().failure(ApiException.rateLimited("Too many failed device-code redemptions; retry in "
                    + wait + " seconds", wait));
        }
        // Agent row first, then the code's: the order DELETE and new codes take them in.
        return Panache.withTransaction(() -> deviceCode(code, false)
                        .flatMap(unlocked -> AgentService.find(IdType.AGENT.wireId(unlocked.agentId()), true))
                        .flatMap(agent -> deviceCode(code, true).flatMap(row -> {
                            Instant now = clock.now();
                            if (row.redeemedAt() != null || row.invalidatedAt() != null || !now.isBefore(row.expiresAt())) {
                                String why = row.redeemedAt() != null ? "has already been redeemed"
                                        : row.invalidatedAt() != null ? "was replaced by a newer code" : "has expired";
                                throw ApiException.invalidField("code", null, "This device code " + why + "; ask the platform for a new one");
                            }
                            String token = AgentCredentials.newAccessToken();
                            agent.accessTokenHash = Sha256.hex(token);
                            agent.connectedAt = now;
                            agent.updatedAt = now;
                            return Panache.getSession().flatMap(session -> session.createNativeQuery(
                                            "UPDATE agent_device_codes SET redeemed_at = :now WHERE code_hash = :hash")
                                    .setParameter("now", now).setParameter("hash", AgentCredentials.codeHash(code)).executeUpdate())
                                    .map(updated -> new Redeemed(agent.wireId(), agent.name, token, view.policy(agent)));
                        })))
                .onFailure(ApiException.class).invoke(failure -> {
                    attempts.failed(code);
                    LOG.debugf("Device code redemption refused from %s: %s", source, failure.getMessage());
                });
    }

    @Override
    public AuthScheme scheme() {
        return AuthScheme.AGENT_BEARER;
    }

    /** An agent's access token: the agent it was handed to, while that agent exists and the token has not expired. */
    @Override
    public Uni<Caller> authenticate(String credentials) {
        if (credentials == null || !credentials.startsWith(AgentCredentials.TOKEN_PREFIX) || credentials.length() > 100) {
            return Uni.createFrom().nullItem();
        }
        return pool.preparedQuery("SELECT id FROM agents WHERE access_token_hash = $1 AND deleted_at IS NULL AND connected_at > $2")
                .execute(Tuple.of(Sha256.hex(credentials), Times.utc(view.tokenCutoff())))
                .map(rows -> {
                    var row = RowSets.first(rows);
                    return row == null ? null : new Caller(AuthScheme.AGENT_BEARER, IdType.AGENT.wireId(row.getUUID(0)), AGENT_PERMISSIONS);
                });
    }
}
