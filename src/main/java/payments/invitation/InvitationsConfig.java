package payments.invitation;

import io.smallrye.config.ConfigMapping;

import java.util.Optional;

/** UMA invitations: where invitees claim them. */
@ConfigMapping(prefix = "svc.invitations")
public interface InvitationsConfig {
    /**
     * Where an invitee claims an invitation, with {@code {code}} standing for its code (e.g.
     * https://myplatform.example/uma?code={code}): the platform's onboarding page. Unset, the
     * sandbox uses https://&lt;umaDomain&gt;/invite/{code} and production refuses to create
     * invitations (INVITATIONS_NOT_CONFIGURED).
     */
    Optional<String> claimUrl();
}
