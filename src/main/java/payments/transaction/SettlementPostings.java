package payments.transaction;

import payments.ledger.Journal;
import payments.ledger.Journal.Bucket;
import payments.ledger.Journal.SystemAccount;

import java.util.UUID;

/**
 * The ledger postings of a payment's life, as data: the hold of its amount on the payer's account,
 * its settlement (fees to the service and the platform, conversion, the payee or the rail), and the
 * settlement's reversal. Pure: who posts them, and when, is {@link PaymentLifecycle}'s.
 */
public final class SettlementPostings {

    private SettlementPostings() {
    }

    /**
     * The posting that holds an executed payment's amount on the payer's account until it settles;
     * it applies only while the payer can send and an internal payee can receive.
     */
    public static Journal hold(PaymentTransaction t) {
        return Journal.of("HOLD", t.id)
                .available(t.sourceAccountId, t.sentCurrency, -t.sentAmount)
                .held(t.sourceAccountId, t.sentCurrency, t.sentAmount)
                .payee(t.destinationAccountId);
    }

    /**
     * The settlement posting ({@code sign} 1) or its reversal (-1): the payer's amount leaves
     * {@code sourceBucket} (HELD when settling a hold; AVAILABLE when settling at once, and where a
     * reversal puts it back), fees go to the service and the platform ({@code feeDiverted} of the
     * platform's through SUSPENSE instead, see PaymentLifecycle's feeShortfall), the rest converts and reaches
     * the payee (an internal account, or the rail for an external one).
     */
    static Journal settlement(String kind, PaymentTransaction t, UUID platformFeeAccount, int sign,
                                      Bucket sourceBucket, boolean payerToSuspense, long feeDiverted) {
        return settlement(kind, t, platformFeeAccount, sign, sourceBucket, payerToSuspense, feeDiverted, 0);
    }

    /**
     * The same, with {@code payeeFromSuspense} of what the payee received taken from SUSPENSE
     * instead of the payee (a reversal whose payee spent it): one net entry on the payee, so a
     * closed account is never debited below what it holds.
     */
    static Journal settlement(String kind, PaymentTransaction t, UUID platformFeeAccount, int sign,
                                      Bucket sourceBucket, boolean payerToSuspense, long feeDiverted, long payeeFromSuspense) {
        long fees = t.fees == null ? 0 : t.fees;
        long platformFees = t.platformFees == null ? 0 : t.platformFees;
        long converted = t.sentAmount - fees;
        Journal journal = sign > 0 ? Journal.of(kind, t.id) : Journal.givingBack(kind, t.id);
        if (payerToSuspense) {
            journal.system(SystemAccount.SUSPENSE, t.sentCurrency, -sign * t.sentAmount);
        } else if (t.sourceAccountId != null) {
            journal.account(t.sourceAccountId, sourceBucket, t.sentCurrency, -sign * t.sentAmount);
        } else {
            // Pulled from a bank account: the money arrives over the rail.
            journal.system(SystemAccount.RAIL, t.sentCurrency, -sign * t.sentAmount);
        }
        journal.system(SystemAccount.SERVICE_FEES, t.sentCurrency, sign * (fees - platformFees));
        if (platformFees > feeDiverted) {
            journal.available(platformFeeAccount, t.sentCurrency, sign * (platformFees - feeDiverted));
        }
        if (feeDiverted > 0) {
            journal.system(SystemAccount.SUSPENSE, t.sentCurrency, sign * feeDiverted);
        }
        if (!t.sentCurrency.equals(t.receivedCurrency)) {
            journal.system(SystemAccount.FX, t.sentCurrency, sign * converted)
                    .system(SystemAccount.FX, t.receivedCurrency, -sign * t.receivedAmount);
        }
        long delivered = t.sentCurrency.equals(t.receivedCurrency) ? converted : t.receivedAmount;
        if (t.destinationAccountId != null) {
            if (delivered != payeeFromSuspense) {
                journal.available(t.destinationAccountId, t.receivedCurrency, sign * (delivered - payeeFromSuspense));
            }
            if (payeeFromSuspense != 0) {
                journal.system(SystemAccount.SUSPENSE, t.receivedCurrency, sign * payeeFromSuspense);
            }
        } else {
            journal.system(SystemAccount.RAIL, t.receivedCurrency, sign * delivered);
        }
        return journal;
    }
}
