package payments.transaction;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.account.ExternalAccount;
import payments.account.InternalAccount;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.ServerConfig;
import payments.ledger.Journal.SystemAccount;
import payments.ledger.Journal;
import payments.ledger.Ledger;

import java.util.Map;

/**
 * A deposit into a RULE_BASED account: attributed to the account's holder and payer (the account
 * number is the attribution; the transaction names it as {@code ruleBasedAccountId}), then swept on
 * in the same transaction, so the account never holds a balance. To the rule's destination when the
 * amount is within the rule's minimum and the corridor's per-payment maximum and the destination can
 * still receive; otherwise to the holder's own account in the same currency, the payment FAILED with
 * SWEEP_AMOUNT_OUT_OF_RANGE or SWEEP_QUOTE_FAILED. To an external destination the sandbox's sweep
 * is simulated (straight to the rail's ledger account); production's is a payout over the rail
 * ({@link SweepPayout}) from the holder's own account, which takes the deposit first: a payout that
 * cannot be made leaves it there (SWEEP_QUOTE_FAILED), one the rail fails later is refunded there.
 */
@ApplicationScoped
public class RuleBasedSweep {

    private final Ledger ledger;
    private final PaymentLimits limits;
    private final PaymentLifecycle lifecycle;
    private final JsonText json;
    private final boolean sandbox;
    private final SweepPayout payouts;
    private static final Logger LOG = Logger.getLogger(RuleBasedSweep.class);

    public RuleBasedSweep(Ledger ledger, PaymentLimits limits, PaymentLifecycle lifecycle, JsonText json, ServerConfig config,
                          SweepPayout payouts) {
        this.payouts = payouts;
        this.ledger = ledger;
        this.limits = limits;
        this.lifecycle = lifecycle;
        this.json = json;
        this.sandbox = config.sandbox();
    }

    /** The rule as stored: where to sweep, whose payments these are, and the smallest amount worth forwarding. */
    record Rule(String destinationAccountId, String payerReference, long minimum) {
        static Rule of(JsonNode rule) {
            return new Rule(rule.get("destinationAccountId").asText(), rule.path("payerReference").asText(null),
                    rule.path("minimumSweepAmount").asLong(0));
        }
    }

    /** Where the money can go: one of the two is set. */
    private record Destination(InternalAccount internal, ExternalAccount external) {
        String wireId() {
            return internal != null ? internal.wireId() : external.wireId();
        }
    }

    /**
     * Sweeps a deposit already posted to {@code account} (a PROCESSING incoming transaction {@code t}
     * crediting it): COMPLETED at the destination, or FAILED at the holder's own account.
     */
    public Uni<Void> sweep(PaymentTransaction t, InternalAccount account) {
        Rule rule = Rule.of(json.read(account.sweepRule));
        t.ruleBasedAccountId = account.id;
        if (rule.payerReference() != null) {
            t.description = "Deposit from " + rule.payerReference();
        }
        long amount = t.receivedAmount;
        long maximum = limits.transactionMax(account.currency, account.currency).orElse(Long.MAX_VALUE);
        if (amount < rule.minimum() || amount > maximum) {
            return fallBack(t, account, FailureReason.SWEEP_AMOUNT_OUT_OF_RANGE);
        }
        return destination(rule).flatMap(destination -> destination == null
                ? fallBack(t, account, FailureReason.SWEEP_QUOTE_FAILED)
                : forward(t, account, destination));
    }

    /** The rule's destination while it can still receive; null when it no longer can. */
    private Uni<Destination> destination(Rule rule) {
        String id = rule.destinationAccountId();
        if (Ids.isValid(IdType.INTERNAL_ACCOUNT, id)) {
            return InternalAccount.<InternalAccount>findById(Ids.uuidOf(IdType.INTERNAL_ACCOUNT, id, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND))
                    .map(account -> account != null && account.canTransact() ? new Destination(account, null) : null);
        }
        if (Ids.isValid(IdType.EXTERNAL_ACCOUNT, id)) {
            return ExternalAccount.<ExternalAccount>findById(Ids.uuidOf(IdType.EXTERNAL_ACCOUNT, id, ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND))
                    // Only a verified (ACTIVE) account: the rule named one, and a sweep has no amount limit to check.
                    .map(account -> account != null && account.isVerified() ? new Destination(null, account) : null);
        }
        return Uni.createFrom().nullItem();
    }

    private Uni<Void> forward(PaymentTransaction t, InternalAccount account, Destination destination) {
        if (destination.external() != null && !sandbox) {
            return payOut(t, account, destination.external());
        }
        Journal sweep = Journal.of("SWEEP", t.id).available(account.id, account.currency, -t.receivedAmount);
        if (destination.internal() != null) {
            sweep.available(destination.internal().id, account.currency, t.receivedAmount);
        } else {
            sweep.system(SystemAccount.RAIL, account.currency, t.receivedAmount);
        }
        t.destinationAccountId = destination.internal() == null ? null : destination.internal().id;
        t.receiverIdentifier = destination.wireId();
        t.destination = accountDocument(destination.wireId(), account.currency);
        return ledger.post(sweep).flatMap(ignored -> lifecycle.completeIncoming(t));
    }

    /**
     * Production's sweep to a bank account: the deposit moves to the holder's own account, which pays
     * it out through the quote path in this transaction. When the payout cannot be made (no rail
     * carries it, a limit, the payee's details), the deposit stays there: the fallback's end state.
     */
    private Uni<Void> payOut(PaymentTransaction t, InternalAccount account, ExternalAccount bank) {
        return InternalAccount.regularOf(account.customerId, account.currency).flatMap(own -> {
            if (own == null || !own.canTransact()) {
                return fallBack(t, account, FailureReason.SWEEP_QUOTE_FAILED);
            }
            long amount = t.receivedAmount;
            Journal toOwn = Journal.of("SWEEP", t.id).available(account.id, account.currency, -amount).available(own.id, own.currency, amount);
            return ledger.post(toOwn)
                    .flatMap(ignored -> payouts.payOut(own, bank, amount, t.description))
                    .flatMap(payout -> {
                        LOG.infof("Deposit %s swept to %s by payout %s", t.id, bank.wireId(), payout.id);
                        t.destinationAccountId = null;
                        t.receiverIdentifier = bank.wireId();
                        t.destination = accountDocument(bank.wireId(), account.currency);
                        return lifecycle.completeIncoming(t);
                    })
                    .onFailure(payments.common.ApiException.class).recoverWithUni(refused -> {
                        LOG.warnf("Deposit %s: the sweep's payout to %s could not be made (%s); the holder's own account keeps it",
                                t.id, bank.wireId(), refused.getMessage());
                        t.destinationAccountId = own.id;
                        t.receiverIdentifier = own.wireId();
                        t.destination = accountDocument(own.wireId(), own.currency);
                        t.receivedAmount = null;
                        return lifecycle.failIncoming(t, FailureReason.SWEEP_QUOTE_FAILED);
                    });
        });
    }

    /**
     * The rule could not forward the deposit: it goes to the holder's own account in the same
     * currency (required when the rule-based account was opened), or, should that account no longer
     * take money, to suspense for the operator. A sweep that could not be priced reports no receivedAmount.
     */
    private Uni<Void> fallBack(PaymentTransaction t, InternalAccount account, FailureReason reason) {
        return InternalAccount.regularOf(account.customerId, account.currency)
                .flatMap(own -> {
                    long amount = t.receivedAmount;
                    Journal fallBack = Journal.of("SWEEP_FALLBACK", t.id).available(account.id, account.currency, -amount);
                    if (own != null && own.canTransact()) {
                        fallBack.available(own.id, own.currency, amount);
                        t.destinationAccountId = own.id;
                        t.receiverIdentifier = own.wireId();
                        t.destination = accountDocument(own.wireId(), own.currency);
                    } else {
                        LOG.warnf("Deposit %s: the holder's own %s account cannot take it; parked in suspense", t.id, account.currency);
                        fallBack.system(SystemAccount.SUSPENSE, account.currency, amount);
                    }
                    if (reason == FailureReason.SWEEP_QUOTE_FAILED) {
                        t.receivedAmount = null;
                    }
                    return ledger.post(fallBack).flatMap(ignored -> lifecycle.failIncoming(t, reason));
                });
    }

    private String accountDocument(String accountId, String currency) {
        return json.write(Map.of("destinationType", "ACCOUNT", "accountId", accountId, "currency", currency));
    }
}
