package payments.sca;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Ids;
import payments.common.RunTimeRandom;
import payments.common.ServerClock;
import payments.sca.ScaRecords.Challenge;
import payments.sca.ScaRecords.Factor;
import payments.wallet.Passkeys;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Issues the challenges customers answer: a stored {@link AuthenticationChallenge} for a login or a
 * trust change, and the wire's ScaChallenge, offering only the factors the customer has and, when
 * a passkey may answer, the WebAuthn assertion options over a fresh random challenge.
 */
@ApplicationScoped
public class ScaChallengeIssuer {

    /** How long a challenge may be answered. */
    static final Duration LIFETIME = Duration.ofMinutes(5);
    private static final int CHALLENGE_BYTES = 32;
    private static final long WEBAUTHN_TIMEOUT_MS = LIFETIME.toMillis();

    private final Passkeys passkeys;
    private final ServerClock clock;
    private final SecureRandom random = RunTimeRandom.secure();

    public ScaChallengeIssuer(Passkeys passkeys, ServerClock clock) {
        this.passkeys = passkeys;
        this.clock = clock;
    }

    /** A stored challenge for {@code purpose}, a passkey challenge included when a passkey may answer it. */
    Uni<AuthenticationChallenge> issue(UUID customerId, String purpose, UUID externalAccountId, Factor factor, boolean passkeyMayAnswer) {
        Instant now = clock.now();
        AuthenticationChallenge challenge = new AuthenticationChallenge();
        challenge.id = Ids.newUuid();
        challenge.customerId = customerId;
        challenge.purpose = purpose;
        challenge.externalAccountId = externalAccountId;
        challenge.factor = factor.name();
        challenge.passkeyChallenge = passkeyMayAnswer ? newChallengeText() : null;
        challenge.createdAt = now;
        challenge.expiresAt = now.plus(LIFETIME);
        return challenge.persist();
    }

    /** 32 random bytes, base64url: the text whose ASCII bytes are the WebAuthn challenge. */
    public String newChallengeText() {
        byte[] bytes = new byte[CHALLENGE_BYTES];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** WebAuthn PublicKeyCredentialRequestOptions for the customer's passkey over {@code challengeText}. */
    public Uni<Map<String, Object>> assertionOptions(UUID customerId, String challengeText) {
        return EnrolledFactor.active(customerId, Factor.PASSKEY).map(passkey -> {
                    Map<String, Object> options = new LinkedHashMap<>();
                    options.put("challenge", Base64.getUrlEncoder().withoutPadding()
                            .encodeToString(challengeText.getBytes(StandardCharsets.US_ASCII)));
                    options.put("rpId", passkeys.rpId());
                    options.put("allowCredentials", passkey == null ? List.of()
                            : List.of(Map.of("type", "public-key", "id", passkey.passkeyCredentialId)));
                    options.put("timeout", WEBAUTHN_TIMEOUT_MS);
                    options.put("userVerification", "preferred");
                    return options;
                });
    }

    /** The wire's ScaChallenge for a stored challenge; origins listed for logins and trust changes, not payments. */
    Uni<Challenge> wire(AuthenticationChallenge challenge, List<Factor> available, String purpose) {
        Uni<Map<String, Object>> options = challenge.passkeyChallenge == null ? Uni.createFrom().nullItem()
                : assertionOptions(challenge.customerId, challenge.passkeyChallenge);
        return options.map(assertion -> new Challenge(challenge.wireId(), challenge.expiresAt.toString(), challenge.factor,
                available.stream().map(Factor::name).toList(), purpose, assertion,
                assertion == null ? null : passkeys.origins()));
    }

    List<String> origins() {
        return passkeys.origins();
    }

    String rpId() {
        return passkeys.rpId();
    }
}
