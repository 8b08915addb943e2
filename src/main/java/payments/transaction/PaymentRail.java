package payments.transaction;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import payments.common.ApiException;
import payments.common.ErrorCode;

import java.util.Optional;
import java.util.UUID;

/**
 * The port to a rail that moves money to and from outside the ledger (bank transfers, UMA). The
 * lifecycle ({@link PaymentLifecycle}) hands a payment over with {@link #submit}, which answers at once:
 * accepted (possibly with a reason the payment stays pending) or refused. What then happens on the
 * rail comes back later, whenever the rail learns it, as a {@link RailReport} to
 * {@link PaymentLifecycle#report}, the one entry point for every rail. Money arriving from outside comes
 * in through {@link Deposits#credit}. A rail never changes a payment itself.
 *
 * <p>The sandbox's rail (package sandbox) schedules reports from its magic values; production has
 * the ISO 20022 file rail when configured. {@link RailRouter} picks the implementation for each
 * payment by its rail; {@link #NONE} stands for "no implementation carries it".
 */
public interface PaymentRail {

    /** The implementation's name in {@code svc.rails.routes} ({@link RailRoutes}). */
    String name();

    /**
     * Hands the payment to the rail, in the caller's transaction (so a refusal thrown here undoes
     * the payment's execution). Throws {@link ApiException} when this rail cannot take such a
     * payment at all (production without a rail: 501); nothing has moved then.
     */
    Uni<Acceptance> submit(Submission payment);

    /**
     * Takes back a payment it was given and has not sent on (a cancellation, in the caller's
     * transaction): true when withdrawn or never held, false when it is already on its way.
     */
    Uni<Boolean> withdraw(UUID transactionId);

    /** Whether this rail carries payments of that leg at all; quotes needing another are refused with 501. */
    boolean carries(Leg leg);

    /**
     * Why this rail cannot pay out to an external account with these details (its accountInfo), if
     * it cannot: checked when quoting and before anything is held.
     */
    default Optional<String> payeeProblem(JsonNode accountInfo) {
        return Optional.empty();
    }

    /**
     * Whether money that reached a payment over this rail (realtime funding) goes back to its sender
     * by the rail itself when the payment fails. When not, the lifecycle parks it in SUSPENSE for a
     * person to return, and the refund ends FAILED.
     */
    default boolean returnsFundsItself() {
        return false;
    }

    /** Whether a rate can be locked now for a conversion paid out to the external account with this identifier. */
    boolean canPrice(String identifier);

    /** Which way a payment crosses the rail. */
    enum Leg {
        /** From the ledger to an external bank account or wallet. */
        PAYOUT,
        /** From the holder's external account into the ledger. */
        PULL,
        /** From the ledger to an UMA address. */
        UMA_SEND,
        /** From an UMA address into the ledger, once the platform approved it. */
        UMA_RECEIVE
    }

    /**
     * A payment as the rail sees it. {@code paymentRail} is the rail it travels (ACH, SEPA, ...; null
     * for wallets and UMA), {@code externalAccountId} the bank account paid or pulled
     * from (null for UMA); {@code counterparty} its primary identifier (account number, IBAN,
     * address) or the UMA address; amounts in minor units of the currency that crosses the rail.
     * {@code remittance} is the payer's remittanceInformation (null when none): it travels to the payee
     * in the rail's own field (ISO 20022 RmtInf/Ustrd, ACH addenda, wire OBI), else the reference does.
     */
    record Submission(UUID transactionId, String reference, Leg leg, String paymentRail, UUID externalAccountId, String counterparty,
                      boolean sameCurrency, String currency, long amount, String remittance) {

        /** What the payee's bank shows as the payment's text: the payer's remittance, else the transaction's reference. */
        public String remittanceText() {
            return remittance != null && !remittance.isBlank() ? remittance : reference;
        }
    }

    /** The rail's answer on submission: accepted (with an optional pending reason) or refused with a reason. */
    record Acceptance(String pendingReason, FailureReason refusal) {

        public static final Acceptance ACCEPTED = new Acceptance(null, null);

        public static Acceptance pending(String pendingReason) {
            return new Acceptance(pendingReason, null);
        }

        public static Acceptance refused(FailureReason reason) {
            return new Acceptance(null, reason);
        }

        public boolean accepted() {
            return refusal == null;
        }
    }

    PaymentRail NONE = new PaymentRail() {
        @Override
        public String name() {
            return RailRoutes.NONE;
        }

        @Override
        public boolean carries(Leg leg) {
            return false;
        }

        @Override
        public Uni<Boolean> withdraw(UUID transactionId) {
            return Uni.createFrom().item(true);
        }

        @Override
        public Uni<Acceptance> submit(Submission payment) {
            throw notConnected();
        }

        @Override
        public boolean canPrice(String identifier) {
            throw notConnected();
        }

        private ApiException notConnected() {
            return new ApiException(ErrorCode.NOT_IMPLEMENTED, "No payment rail implementation carries this payment on this server");
        }
    };
}
