package payments.card;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.UUID;

/**
 * One card authorization and everything that reconciles against it (pulls, clearings, returns
 * given back), or one merchant return (a CREDIT row naming its purchase). Its money always adds
 * up: {@code pulled = settled + returned + open}, {@link #open()} being what the card settlement
 * account still holds for it.
 */
@Entity
@Table(name = "card_transactions")
public class CardTransaction extends PanacheEntityBase {

    public static final String AUTHORIZED = "AUTHORIZED";
    public static final String SETTLED = "SETTLED";
    public static final String DECLINED = "DECLINED";
    public static final String VOIDED = "VOIDED";
    public static final String EXCEPTION = "EXCEPTION";

    public static final java.util.List<String> STATUSES = java.util.List.of(AUTHORIZED, SETTLED, DECLINED, VOIDED, EXCEPTION);

    public static final String DEBIT = "DEBIT";
    public static final String CREDIT = "CREDIT";

    /** What opened the row. */
    public enum Kind {
        /** Dual-message purchase: pulled now, cleared later. */
        AUTHORIZATION,
        /** Single-message purchase (e.g. ATM): pulled and cleared at once. */
        FINANCIAL,
        /** Zero-amount check that the card works. */
        BALANCE_INQUIRY,
        /** Merchant credit pushed as an authorization: credited when cleared. */
        CREDIT_AUTHORIZATION,
        /** Network credit advice (no parent): credited when cleared. */
        CREDIT_ADVICE,
        /** Single-message credit: credited at once. */
        FINANCIAL_CREDIT,
        /** Merchant return on a settled purchase: credited at once. */
        RETURN;

        public boolean credit() {
            return this == CREDIT_AUTHORIZATION || this == CREDIT_ADVICE || this == FINANCIAL_CREDIT || this == RETURN;
        }
    }

    @Id
    public UUID id;

    @Column(name = "card_id", nullable = false)
    public UUID cardId;

    @Column(name = "customer_id", nullable = false)
    public UUID customerId;

    @Column(name = "platform_customer_id")
    public String platformCustomerId;

    @Column(name = "account_id", nullable = false)
    public UUID accountId;

    @Column(nullable = false)
    public String kind;

    @Column(nullable = false)
    public String direction;

    @Column(nullable = false)
    public String status;

    @Column(nullable = false)
    public String currency;

    @Column(name = "authorized_amount", nullable = false)
    public long authorizedAmount;

    @Column(name = "settled_amount", nullable = false)
    public long settledAmount;

    @Column(name = "refunded_amount", nullable = false)
    public long refundedAmount;

    @Column(name = "pulled_amount", nullable = false)
    public long pulledAmount;

    @Column(name = "returned_amount", nullable = false)
    public long returnedAmount;

    @Column(name = "loss_amount", nullable = false)
    public long lossAmount;

    @Column(name = "recovered_amount", nullable = false)
    public long recoveredAmount;

    @Column(name = "pull_count", nullable = false)
    public int pullCount;

    @Column(name = "pending_pull_amount", nullable = false)
    public long pendingPullAmount;

    @Column(name = "settlement_count", nullable = false)
    public int settlementCount;

    @Column(name = "refund_count", nullable = false)
    public int refundCount;

    @Column(name = "original_transaction_id")
    public UUID originalTransactionId;

    @Column(name = "declined_reason")
    public String declinedReason;

    /** CardMerchant as JSON. */
    @Column(nullable = false)
    public String merchant;

    /** The issuer's signal for this row (see IssuerSignal), null for none. */
    public String signal;

    @Column(name = "issuer_transaction_token", nullable = false)
    public String issuerTransactionToken;

    @Column(name = "authorized_at", nullable = false)
    public Instant authorizedAt;

    @Column(name = "last_event_at", nullable = false)
    public Instant lastEventAt;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** A new row of {@code kind} for {@code amount}, on the card's funding account as it is now; its status is the caller's to set. */
    static CardTransaction open(Kind kind, UUID cardId, UUID customerId, String platformCustomerId, UUID accountId,
                                String currency, long amount, String merchant, String token, Instant now) {
        CardTransaction row = new CardTransaction();
        row.id = payments.common.Ids.newUuid();
        row.cardId = cardId;
        row.customerId = customerId;
        row.platformCustomerId = platformCustomerId;
        row.accountId = accountId;
        row.kind = kind.name();
        row.direction = kind.credit() ? CREDIT : DEBIT;
        row.currency = currency;
        row.authorizedAmount = amount;
        row.merchant = merchant;
        row.issuerTransactionToken = token;
        row.authorizedAt = now;
        row.lastEventAt = now;
        row.createdAt = now;
        row.updatedAt = now;
        return row;
    }

    public Kind kind() {
        return Kind.valueOf(kind);
    }

    /** Pulled from the funding account and neither paid to the network nor given back: held in card settlement. */
    public long open() {
        return pulledAmount - settledAmount - returnedAmount + lossAmount;
    }

    public String wireId() {
        return payments.common.IdType.CARD_TRANSACTION.wireId(id);
    }
}
