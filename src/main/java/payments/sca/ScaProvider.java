package payments.sca;

import java.util.UUID;

/**
 * What SCA takes from outside this server: whether SMS_OTP codes reach customers, whether a code is
 * accepted without having been sent (the sandbox's fixed code), and the liveness check a factor
 * reset waits for. Production has none of them yet ({@link #NONE}): SMS_OTP and factor resets are
 * 501, and only an authenticator's TOTP code proves a code factor. Once production sends SCA codes,
 * they go through {@link payments.codes.CodeSender} and {@link payments.codes.CodeLimits}, as
 * wallet and contact codes do.
 */
public interface ScaProvider {

    boolean smsReachesCustomers();

    boolean acceptedWithoutSending(String code);

    /** Whether a liveness provider checks factor resets. */
    default boolean checksLiveness() {
        return false;
    }

    /** Starts the liveness check of a factor reset and answers its access token; only where {@link #checksLiveness()}. */
    default String startLivenessCheck(UUID resetId) {
        throw new IllegalStateException("No liveness provider checks factor resets");
    }

    /** Whether the factor reset's liveness check has passed, asked each time the reset is polled; only where {@link #checksLiveness()}. */
    default boolean livenessPassed(UUID resetId) {
        throw new IllegalStateException("No liveness provider checks factor resets");
    }

    ScaProvider NONE = new ScaProvider() {
        @Override
        public boolean smsReachesCustomers() {
            return false;
        }

        @Override
        public boolean acceptedWithoutSending(String code) {
            return false;
        }
    };
}
