package payments.account;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;
import payments.common.RawTable;

import java.time.Instant;
import java.util.UUID;

/** An account this service holds a balance in, for a customer or (customerId null) for the platform. */
@Entity
@Table(name = "internal_accounts")
public class InternalAccount extends PanacheEntityBase {

    public static final String INTERNAL_FIAT = "INTERNAL_FIAT";
    public static final String INTERNAL_CRYPTO = "INTERNAL_CRYPTO";
    public static final String EMBEDDED_WALLET = "EMBEDDED_WALLET";
    public static final String RULE_BASED = "RULE_BASED";

    public static final String PENDING = "PENDING";
    public static final String ACTIVE = payments.ledger.Ledger.ACTIVE;
    public static final String FROZEN = "FROZEN";
    public static final String CLOSED = "CLOSED";
    public static final String FAILED = "FAILED";

    @Id
    public UUID id;

    @Column(name = "customer_id")
    public UUID customerId;

    @Column(nullable = false)
    public String type;

    @Column(nullable = false)
    public String currency;

    @Column(nullable = false)
    public String status;

    public String label;

    // Balances move only through the ledger's conditional UPDATE; an entity flush must never write
    // back a value it read earlier.
    @Column(name = "available_balance", nullable = false, updatable = false)
    public long availableBalance;

    @Column(name = "total_balance", nullable = false, updatable = false)
    public long totalBalance;

    /** JSON array of PaymentInstructions. */
    @Column(name = "funding_instructions", nullable = false)
    public String fundingInstructions;

    @Column(name = "sweep_rule")
    public String sweepRule;

    @Column(name = "private_enabled")
    public Boolean privateEnabled;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** Every column, written and read by the raw client (see {@link RawTable}). */
    public static final RawTable<InternalAccount> ROWS = RawTable.<InternalAccount>into("internal_accounts")
            .uuid("id", a -> a.id, (a, v) -> a.id = v)
            .uuid("customer_id", a -> a.customerId, (a, v) -> a.customerId = v)
            .text("type", a -> a.type, (a, v) -> a.type = v)
            .text("currency", a -> a.currency, (a, v) -> a.currency = v)
            .text("status", a -> a.status, (a, v) -> a.status = v)
            .text("label", a -> a.label, (a, v) -> a.label = v)
            .bigint("available_balance", a -> a.availableBalance, (a, v) -> a.availableBalance = v)
            .bigint("total_balance", a -> a.totalBalance, (a, v) -> a.totalBalance = v)
            .text("funding_instructions", a -> a.fundingInstructions, (a, v) -> a.fundingInstructions = v)
            .text("sweep_rule", a -> a.sweepRule, (a, v) -> a.sweepRule = v)
            .bool("private_enabled", a -> a.privateEnabled, (a, v) -> a.privateEnabled = v)
            .timestamp("created_at", a -> a.createdAt, (a, v) -> a.createdAt = v)
            .timestamp("updated_at", a -> a.updatedAt, (a, v) -> a.updatedAt = v);

    /** An account read with the raw client (not managed by any session): {@link #ROWS} from position {@code first} on. */
    public static InternalAccount fromRow(Row row, int first) {
        return ROWS.read(row, first, InternalAccount::new);
    }

    public String wireId() {
        return IdType.INTERNAL_ACCOUNT.wireId(id);
    }

    /** Takes the balances a ledger posting just wrote (the columns are never written from here). */
    public void showBalance(payments.ledger.Ledger.Balance balance) {
        if (balance != null) {
            availableBalance = balance.available();
            totalBalance = balance.total();
        }
    }

    /** Whether payments may move money into or out of this account now. */
    public boolean canTransact() {
        return ACTIVE.equals(status);
    }

    /** The customer's regular account in {@code currency} (the one provisioned for it), or null. */
    public static Uni<InternalAccount> regularOf(UUID customerId, String currency) {
        return InternalAccount.<InternalAccount>find("customerId = ?1 and currency = ?2 and type = ?3", customerId, currency,
                typeFor(currency)).firstResult();
    }

    /** The account type provisioned for a currency the holder uses. */
    public static String typeFor(String currency) {
        if ("USDB".equals(currency)) {
            return EMBEDDED_WALLET;
        }
        return payments.common.Currencies.isCrypto(currency) ? INTERNAL_CRYPTO : INTERNAL_FIAT;
    }
}
