package payments.common.security;

import java.util.Set;

/**
 * Who made the current request. {@code principalId} is the API token id for Basic callers (and
 * the agent id for agent callers); {@code scope} keys per-caller state such as idempotency keys.
 */
public record Caller(AuthScheme scheme, String principalId, Set<Permission> permissions) {

    public String scope() {
        return scheme.name() + ":" + principalId;
    }

    public boolean has(Permission permission) {
        return permissions.contains(permission);
    }
}
