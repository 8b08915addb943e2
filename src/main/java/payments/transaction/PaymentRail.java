package payments.transaction;

import payments.common.ApiException;
import payments.common.ErrorCode;

/**
 * The rail that moves money to and from external accounts, and how it answers a payment. The
 * sandbox simulates one (outcomes by the identifier's last three characters); production mode has
 * none connected yet ({@link #NONE}): legs that need a rail are refused before anything moves.
 */
public interface PaymentRail {

    /** How a payout to the external account with this identifier ends (same- or cross-currency table). */
    RailOutcome payout(String identifier, boolean sameCurrency);

    /** How a pull from the holder's external account with this identifier ends. */
    RailOutcome pull(String identifier);

    /** Whether a rate can be locked now for a conversion paid out to the external account with this identifier. */
    boolean canPrice(String identifier);

    PaymentRail NONE = new PaymentRail() {
        @Override
        public RailOutcome payout(String identifier, boolean sameCurrency) {
            throw notConnected();
        }

        @Override
        public RailOutcome pull(String identifier) {
            throw notConnected();
        }

        @Override
        public boolean canPrice(String identifier) {
            throw notConnected();
        }

        private ApiException notConnected() {
            return new ApiException(ErrorCode.NOT_IMPLEMENTED, "No payment rail is connected in production mode");
        }
    };
}
