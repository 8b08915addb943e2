package payments.sandbox;

import io.smallrye.mutiny.Uni;
import payments.codes.CodeSender;
import payments.sca.ScaProvider;

import java.util.UUID;

/**
 * The sandbox's one-time codes: nothing is sent, and every code is a fixed one, so integrators can
 * script sign-ins and verifications: {@code 000000} for wallet sign-ins, {@code 123456} for
 * contact verification and for SCA challenges (the reference's).
 */
final class SandboxCodes {

    /** Sends nothing; answers the route's fixed code, which the caller keeps as it would a random one. */
    static final CodeSender SENDER = new CodeSender() {
        @Override
        public boolean sends(Route route) {
            return true;
        }

        @Override
        public Uni<String> send(Message message) {
            return Uni.createFrom().item(switch (message.route()) {
                case WALLET_EMAIL, WALLET_SMS -> MagicValues.SANDBOX_OTP;
                case CONTACT_EMAIL, CONTACT_PHONE -> MagicValues.CONTACT_CODE;
            });
        }
    };

    /** SMS challenges are answerable, {@code 123456} proves any code factor (SMS_OTP, TOTP), factor resets get a simulated liveness check. */
    static final ScaProvider SCA = new ScaProvider() {
        @Override
        public boolean smsReachesCustomers() {
            return true;
        }

        @Override
        public boolean acceptedWithoutSending(String code) {
            return MagicValues.SCA_CODE.equals(code);
        }

        @Override
        public boolean checksLiveness() {
            return true;
        }

        /** A simulated check, passed when the reset is next polled. */
        @Override
        public String startLivenessCheck(UUID resetId) {
            return "sandbox-liveness-" + resetId;
        }

        @Override
        public boolean livenessPassed(UUID resetId) {
            return true;
        }
    };

    private SandboxCodes() {
    }
}
