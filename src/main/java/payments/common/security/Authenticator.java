package payments.common.security;

import io.smallrye.mutiny.Uni;

/** Checks the credentials of one scheme. Emits null when they do not identify a caller. */
public interface Authenticator {

    AuthScheme scheme();

    Uni<Caller> authenticate(String credentials);
}
