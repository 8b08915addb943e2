package payments.card;

import java.util.UUID;

/**
 * The card issuer this server provisions cards with and takes card network events from. The
 * sandbox simulates one; without one ({@link #NONE}, production mode today) every card endpoint
 * answers 501 NOT_IMPLEMENTED.
 */
public interface CardIssuer {

    /** What the issuer does with a card being provisioned. */
    enum Provisioning {
        /** Activates it. */
        ACTIVATE,
        /** Activates it after a delay (the sandbox: 30 seconds on the sandbox clock). */
        ACTIVATE_LATER,
        /** Rejects it: the card closes with ISSUER_REJECTED. */
        REJECT,
        /** Never answers: the card stays PROCESSING. */
        NEVER
    }

    boolean available();

    /** The issuer's answer to provisioning a card for a holder with this platformCustomerId. */
    Provisioning provisioning(String platformCustomerId);

    /** Whether the issuer refuses to bind this internal account as a funding source. */
    boolean refusesFunding(UUID accountId);

    /**
     * Whether the issuer declines an authorization the funding account cannot cover
     * (INSUFFICIENT_FUNDS, the sandbox) rather than approving it and leaving an EXCEPTION.
     */
    boolean declinesUnderfunded();

    /** Forwards a card's static 3-D Secure password to the issuer; this server keeps no copy. */
    void setThreeDSecurePassword(UUID cardId, String password);

    CardIssuer NONE = new CardIssuer() {
        @Override
        public boolean available() {
            return false;
        }

        @Override
        public Provisioning provisioning(String platformCustomerId) {
            return Provisioning.NEVER;
        }

        @Override
        public boolean refusesFunding(UUID accountId) {
            return true;
        }

        @Override
        public boolean declinesUnderfunded() {
            return false;
        }

        @Override
        public void setThreeDSecurePassword(UUID cardId, String password) {
        }
    };
}
