package payments.platform;

import payments.common.security.Permission;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Live tokens this instance read within the last second, by client id: a stream of requests with
 * the same credentials costs one database read per second rather than one per request. The secret
 * is still checked against the stored hash every time. A token deleted on this instance is
 * forgotten at once; one deleted on another instance stops working here within a second (the same
 * delay platform settings take to reach other instances).
 */
final class RecentTokens {

    static final long TTL_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** Far above any real number of live tokens; reaching it only means starting over. */
    private static final int MAX_ENTRIES = 10_000;

    record Token(UUID id, Set<Permission> permissions, byte[] secretHash, long readAt) {
    }

    private final ConcurrentHashMap<String, Token> byClientId = new ConcurrentHashMap<>();
    private final LongSupplier nanoTime;

    RecentTokens(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /** The token read less than a second ago under this client id, or null. */
    Token get(String clientId) {
        Token token = byClientId.get(clientId);
        if (token != null && nanoTime.getAsLong() - token.readAt() >= TTL_NANOS) {
            byClientId.remove(clientId, token);
            return null;
        }
        return token;
    }

    void put(String clientId, UUID id, Set<Permission> permissions, byte[] secretHash) {
        if (byClientId.size() >= MAX_ENTRIES) {
            byClientId.clear();
        }
        byClientId.put(clientId, new Token(id, permissions, secretHash, nanoTime.getAsLong()));
    }

    void forget(UUID id) {
        byClientId.values().removeIf(token -> token.id().equals(id));
    }
}
