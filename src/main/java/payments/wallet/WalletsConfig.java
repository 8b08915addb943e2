package payments.wallet;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Embedded-wallet authentication. */
@ConfigMapping(prefix = "svc.wallets")
public interface WalletsConfig {
    /** How long a session (and the key that signs for it) lasts. */
    @WithDefault("15m")
    Duration sessionLifetime();

    /** How long a one-time code can be used. */
    @WithDefault("5m")
    Duration otpLifetime();

    /**
     * Wrong codes against one issued code before it is spent (429 RATE_LIMITED from then on). This
     * and the next two default to {@link payments.codes.CodeLimits#DEFAULT}, the fixed limits of
     * customers' contact codes.
     */
    @WithDefault("5")
    int otpAttempts();

    /** One-time codes one credential may be sent in 10 minutes (429 RATE_LIMITED with Retry-After beyond). */
    @WithDefault("5")
    int otpSendsPer10Minutes();

    /**
     * Wrong codes one credential may collect in 24 hours, across all its codes, before it is sent no
     * new one until the oldest of them ages out (429 RATE_LIMITED): without it, asking for code after
     * code would allow about 720 guesses a day.
     */
    @WithDefault("20")
    int otpFailuresPerDay();

    /**
     * The OpenID Connect issuers OAUTH credentials may come from, each {@code issuer=jwksUrl}
     * (the issuer exactly as tokens carry it in iss).
     */
    @WithDefault("https://accounts.google.com=https://www.googleapis.com/oauth2/v3/certs,"
            + "accounts.google.com=https://www.googleapis.com/oauth2/v3/certs,"
            + "https://appleid.apple.com=https://appleid.apple.com/auth/keys")
    java.util.List<String> oidcIssuers();

    /** Whether ID-token signatures are checked against the issuer's JWKS; by default outside the sandbox only. */
    Optional<Boolean> oidcVerifySignatures();

    /** The WebAuthn relying-party id passkeys are bound to (the platform's web domain). */
    @WithDefault("localhost")
    String passkeyRpId();

    /** The origins passkey ceremonies may run on. */
    @WithDefault("http://localhost:8080,https://localhost")
    java.util.List<String> passkeyOrigins();
}
