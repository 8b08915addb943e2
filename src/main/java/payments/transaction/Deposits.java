package payments.transaction;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.ledger.Journal;
import payments.ledger.Journal.SystemAccount;
import payments.ledger.Ledger;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Money arriving from outside into an internal account: a bank credit a rail reports (named by
 * the account's funding instructions) or the sandbox's funding call. One incoming transaction,
 * one posting from where the money came from, then COMPLETED through the lifecycle; a
 * RULE_BASED account passes the deposit on at once ({@link RuleBasedSweep}). The caller has
 * checked that the account can receive; one that cannot is {@link #refuse refused}.
 */
@ApplicationScoped
public class Deposits {

    /** The longest rail reference a transaction keeps as its own (longer ones keep the generated reference). */
    private static final int MAX_REFERENCE = 64;

    private final Ledger ledger;
    private final PaymentLifecycle lifecycle;
    private final RuleBasedSweep sweep;
    private final JsonText json;
    private final ServerClock clock;

    public Deposits(Ledger ledger, PaymentLifecycle lifecycle, RuleBasedSweep sweep, JsonText json, ServerClock clock) {
        this.ledger = ledger;
        this.lifecycle = lifecycle;
        this.sweep = sweep;
        this.json = json;
        this.clock = clock;
    }

    /**
     * A deposit: {@code from} is the system account the money leaves (the rail, or the sandbox's
     * funding); {@code sender} the source's holder name as the transaction shows it; {@code reference}
     * the rail's own reference (null when it has none).
     */
    public record Deposit(InternalAccount account, String platformCustomerId, long amount, SystemAccount from,
                          String sourceType, String sender, String description, String reference, OnChain onChain) {
        /** A deposit that arrived off chain (a bank transfer, the sandbox's own funding of a fiat account). */
        public Deposit(InternalAccount account, String platformCustomerId, long amount, SystemAccount from,
                       String sourceType, String sender, String description, String reference) {
            this(account, platformCustomerId, amount, from, sourceType, sender, description, reference, null);
        }
    }

    /** The on-chain transaction that delivered crypto from an external wallet: the source's {@code onChainTransaction}. */
    public record OnChain(String transactionHash, String network) {
        public static final String FIELD = "onChainTransaction";

        /** As a leg's {@value #FIELD} {transactionHash, network}: the spec's shape on a source and on a destination. */
        public Map<String, String> wire() {
            return Map.of("transactionHash", transactionHash, "network", network);
        }
    }

    /** Books the deposit in the caller's transaction; answers the incoming payment, and shows the account's new balance on it. */
    public Uni<PaymentTransaction> credit(Deposit deposit) {
        InternalAccount account = deposit.account();
        PaymentTransaction t = incoming(deposit);
        return t.persist()
                .call(() -> ledger.post(Journal.of("FUNDING", t.id)
                                .system(deposit.from(), account.currency, -deposit.amount())
                                .available(account.id, account.currency, deposit.amount()))
                        .invoke(balances -> account.showBalance(balances.get(account.id))))
                .call(() -> InternalAccount.RULE_BASED.equals(account.type) ? sweep.sweep(t, account) : lifecycle.completeIncoming(t))
                .replaceWith(t);
    }

    /**
     * A deposit that arrived but must not be credited (its account frozen or closed since, its
     * holder deleted): the incoming payment FAILED with COLLECTION_FAILED, and the money held in
     * SUSPENSE until it is returned to the sender (the reference: failed collections go back per
     * the collection provider's process).
     */
    public Uni<PaymentTransaction> refuse(Deposit deposit) {
        PaymentTransaction t = incoming(deposit);
        String currency = deposit.account().currency;
        return t.persist()
                .call(() -> ledger.post(Journal.of("COLLECTION_HELD", t.id)
                        .system(deposit.from(), currency, -deposit.amount())
                        .system(SystemAccount.SUSPENSE, currency, deposit.amount())))
                .call(() -> lifecycle.failIncoming(t, FailureReason.COLLECTION_FAILED))
                .replaceWith(t);
    }

    private PaymentTransaction incoming(Deposit deposit) {
        InternalAccount account = deposit.account();
        PaymentTransaction t = PaymentTransaction.start(PaymentTransaction.INCOMING, PaymentTransaction.CREDIT,
                TransactionStatus.PROCESSING, clock.now());
        t.customerId = account.customerId;
        t.platformCustomerId = deposit.platformCustomerId();
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("sourceType", deposit.sourceType());
        source.put("currency", account.currency);
        source.put("accountHolderName", deposit.sender());
        if (deposit.onChain() != null) {
            source.put(OnChain.FIELD, deposit.onChain().wire());
        }
        t.source = json.write(source);
        t.destination = json.write(Map.of("destinationType", "ACCOUNT", "accountId", account.wireId(), "currency", account.currency));
        t.creditsAsSent(account.id, account.wireId(), deposit.amount(), account.currency);
        t.description = deposit.description();
        if (deposit.reference() != null && deposit.reference().length() <= MAX_REFERENCE) {
            t.reference = deposit.reference();
        }
        return t;
    }
}
