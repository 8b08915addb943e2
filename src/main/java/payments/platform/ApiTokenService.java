package payments.platform;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.security.AuthScheme;
import payments.common.security.Authenticator;
import payments.common.security.Caller;
import payments.common.security.Permission;
import payments.platform.ApiTokenRecords.ApiTokenCreateRequest;
import payments.platform.ApiTokenRecords.ApiTokenResponse;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/** API tokens: creation (secret shown once), listing, deletion, and Basic authentication. */
@ApplicationScoped
public class ApiTokenService implements Authenticator {

    static final ErrorCode NOT_FOUND = ErrorCode.TOKEN_NOT_FOUND;
    /** Hashed when the client id is unknown, so both failure paths cost the same. */
    private static final byte[] DUMMY_HASH = Secrets.hash("no-such-token");

    private final ServerClock clock;
    private final RequestValidator validator;
    private final ApiTokenStore store;
    private final ServerConfig config;
    private final RecentTokens recentTokens = new RecentTokens(System::nanoTime);

    public ApiTokenService(ServerClock clock, RequestValidator validator, ApiTokenStore store, ServerConfig config) {
        this.clock = clock;
        this.validator = validator;
        this.store = store;
        this.config = config;
    }

    @WithTransaction
    public Uni<ApiTokenResponse> create(JsonBodies.Bound<ApiTokenCreateRequest> body, Caller creator) {
        ApiTokenCreateRequest request = validator.validate(body, List.of());
        Set<Permission> permissions = request.permissions().stream().map(Permission::valueOf)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(Permission.class)));
        checkGrant(permissions, creator, config.sandbox());
        UUID id = Ids.newUuid();
        String secret = Secrets.newSecret();
        ApiToken token = newToken(id, clientIdOf(id), request.name().trim(), permissions, secret,
                clock.now());
        return token.persist().map(saved -> toWire(token, secret));
    }

    /**
     * A token grants at most what its creator holds: a MANAGE token cannot mint the TRANSACT it lacks.
     * COMPLIANCE_REVIEW (deciding identity verifications, implied by nothing) is granted by no API call
     * in production, where it comes only from the operator's configured compliance credential
     * (BootstrapCredentials): otherwise the platform's own integration, which holds MANAGE, could
     * approve its customers. The sandbox's identity checks are simulated, so there a MANAGE token may
     * grant it (the console's walkthrough does).
     */
    static void checkGrant(Set<Permission> requested, Caller creator, boolean sandbox) {
        List<String> refused = requested.stream()
                .filter(permission -> Permission.STAFF.contains(permission) ? !sandbox : !creator.has(permission))
                .map(Permission::name).sorted().toList();
        if (refused.isEmpty()) {
            return;
        }
        String reason = refused.contains(Permission.COMPLIANCE_REVIEW.name()) || refused.contains(Permission.BANK_OPERATIONS.name())
                ? "COMPLIANCE_REVIEW and BANK_OPERATIONS come only from the staff credentials the operator configures"
                        + " (SVC_COMPLIANCE_CLIENT_*, SVC_OPERATIONS_CLIENT_*); a token grants at most what its creator holds"
                : "A token grants at most what its creator holds";
        throw new ApiException(ErrorCode.FORBIDDEN, reason + ": cannot grant " + String.join(", ", refused),
                Map.of("errors", List.of(FieldError.of("permissions", "Not grantable by this caller: " + String.join(", ", refused)))));
    }

    @WithSession
    public Uni<Page<ApiTokenResponse>> list(String name, String createdAfter, String createdBefore, String updatedAfter,
                                            String updatedBefore, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        QueryFilters filters = new QueryFilters()
                .where("deletedAt is null")
                .equal("name", "name", name)
                .timeBound("createdAt", "createdAfter", createdAfter, false)
                .timeBound("createdAt", "createdBefore", createdBefore, true)
                .timeBound("updatedAt", "updatedAfter", updatedAfter, false)
                .timeBound("updatedAt", "updatedBefore", updatedBefore, true)
                .page("id", page);
        return Page.fetch(ApiToken.<ApiToken>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> ApiToken.count(filters.countClause(), filters.countParams()), page, t -> t.id.toString(), t -> toWire(t, null));
    }

    @WithSession
    public Uni<ApiTokenResponse> get(String tokenId) {
        return findActive(tokenId).map(token -> toWire(token, null));
    }

    /**
     * Ends a token at once. A token may end itself; ending another takes MANAGE, and a token the
     * operator configured (the compliance desk's) no other token may end: otherwise the platform's
     * integration could silence the desk that decides its customers' verifications.
     */
    public Uni<Void> delete(String tokenId, Caller caller) {
        boolean self = caller.scheme() == AuthScheme.BASIC && IdType.TOKEN.wireId(Ids.uuidOf(IdType.TOKEN, tokenId, NOT_FOUND))
                .equals(caller.principalId());
        if (!self && !caller.has(Permission.MANAGE)) {
            throw new ApiException(ErrorCode.FORBIDDEN, "These credentials may delete only their own token: another needs MANAGE");
        }
        return Panache.withTransaction(() -> findActive(tokenId).invoke(token -> {
            if (!self && token.configuredBy != null) {
                throw new ApiException(ErrorCode.FORBIDDEN, "Token " + tokenId + " is the compliance desk's, made by the operator's "
                        + token.configuredBy + ": only the desk deletes it (the operator replaces its secret in the configuration)");
            }
            token.deletedAt = clock.now();
            token.updatedAt = token.deletedAt;
        })).invoke(token -> recentTokens.forget(token.id)).replaceWithVoid();
    }

    @Override
    public AuthScheme scheme() {
        return AuthScheme.BASIC;
    }

    /** Checks `clientId:clientSecret` from a Basic header against the live tokens. */
    @Override
    public Uni<Caller> authenticate(String credentials) {
        String[] parts = decodeBasic(credentials);
        if (parts == null) {
            return Uni.createFrom().nullItem();
        }
        RecentTokens.Token recent = recentTokens.get(parts[0]);
        if (recent != null) {
            return Uni.createFrom().item(callerIf(recent.id(), recent.permissions(), recent.secretHash(), parts[1]));
        }
        return store.activeByClientId(parts[0])
                .map(token -> {
                    if (token == null) {
                        Secrets.matches(parts[1], DUMMY_HASH);
                        return null;
                    }
                    Set<Permission> permissions = parsePermissions(token.permissions());
                    recentTokens.put(parts[0], token.id(), permissions, token.secretHash());
                    return callerIf(token.id(), permissions, token.secretHash(), parts[1]);
                });
    }

    /**
     * The caller of a live token named by its client id, without its secret: for a session whose
     * holder showed the secret when it began (the sandbox console). Null once the token is deleted,
     * so deleting a token ends its sessions; its current permissions apply.
     */
    public Uni<Caller> sessionCaller(String clientId) {
        return sessionToken(clientId).map(token -> token == null ? null : token.caller());
    }

    /** A console session's token: who it acts as, and the name people gave it. */
    public record SessionToken(Caller caller, String name) {
    }

    /** {@link #sessionCaller}, with the token's name; null when the token is gone. */
    public Uni<SessionToken> sessionToken(String clientId) {
        return store.activeByClientId(clientId).map(token -> token == null ? null
                : new SessionToken(new Caller(AuthScheme.BASIC, IdType.TOKEN.wireId(token.id()), parsePermissions(token.permissions())),
                        token.name()));
    }

    private static Caller callerIf(UUID id, Set<Permission> permissions, byte[] secretHash, String secret) {
        return Secrets.matches(secret, secretHash) ? new Caller(AuthScheme.BASIC, IdType.TOKEN.wireId(id), permissions) : null;
    }

    static ApiToken newToken(UUID id, String clientId, String name, Set<Permission> permissions, String secret,
                             java.time.Instant now) {
        ApiToken token = new ApiToken();
        token.id = id;
        token.clientId = clientId;
        token.name = name;
        token.permissions = permissions.stream().map(Enum::name).collect(Collectors.joining(","));
        token.secretHash = Secrets.hash(secret);
        token.createdAt = now;
        token.updatedAt = now;
        return token;
    }

    private Uni<ApiToken> findActive(String tokenId) {
        UUID id = Ids.uuidOf(IdType.TOKEN, tokenId, NOT_FOUND);
        return ApiToken.<ApiToken>findById(id).map(token -> {
            if (token == null || token.deletedAt != null) {
                throw new ApiException(NOT_FOUND, "Token " + tokenId + " not found");
            }
            return token;
        });
    }

    static ApiTokenResponse toWire(ApiToken token, String secret) {
        return new ApiTokenResponse(IdType.TOKEN.wireId(token.id), token.name,
                Arrays.asList(token.permissions.split(",")), token.clientId, secret,
                token.createdAt.toString(), token.updatedAt.toString());
    }

    static Set<Permission> parsePermissions(String text) {
        Set<Permission> permissions = EnumSet.noneOf(Permission.class);
        for (String name : text.split(",")) {
            permissions.add(Permission.valueOf(name));
        }
        return java.util.Collections.unmodifiableSet(permissions);
    }

    private static String[] decodeBasic(String credentials) {
        try {
            String decoded = new String(Base64.getDecoder().decode(credentials), StandardCharsets.UTF_8);
            int colon = decoded.indexOf(':');
            return colon <= 0 ? null : new String[]{decoded.substring(0, colon), decoded.substring(colon + 1)};
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The Basic user name of a token: the hex of its id's UUID, as in the reference interface. */
    static String clientIdOf(UUID id) {
        byte[] bytes = java.nio.ByteBuffer.allocate(16)
                .putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).array();
        return HexFormat.of().formatHex(bytes);
    }
}
