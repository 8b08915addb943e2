package payments.sca;

/**
 * What a mode offers SCA's code factors: whether SMS_OTP codes reach customers, and whether a code is
 * accepted without having been sent (the sandbox's fixed code). Production has no SMS provider for
 * SCA yet ({@link #NONE}): SMS_OTP is 501 and only an authenticator's TOTP code proves a code factor.
 * Once production sends SCA codes, they go through {@link payments.codes.CodeSender} and
 * {@link payments.codes.CodeLimits}, as wallet and contact codes do.
 */
public interface ScaCodes {

    boolean smsReachesCustomers();

    boolean acceptedWithoutSending(String code);

    ScaCodes NONE = new ScaCodes() {
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
