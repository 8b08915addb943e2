package payments.account;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import payments.common.IdType;
import payments.common.Times;

import java.time.Instant;
import java.util.List;
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

    /** Every column, in the order {@link #fromRow} reads them. */
    public static final List<String> COLUMNS = List.of("id", "customer_id", "type", "currency", "status", "label",
            "available_balance", "total_balance", "funding_instructions", "sweep_rule", "private_enabled", "created_at",
            "updated_at");

    /**
     * An account read with the raw client (not managed by any session): {@link #COLUMNS} from
     * position {@code first} of the row on.
     */
    public static InternalAccount fromRow(Row row, int first) {
        InternalAccount account = new InternalAccount();
        int i = first;
        account.id = row.getUUID(i++);
        account.customerId = row.getUUID(i++);
        account.type = row.getString(i++);
        account.currency = row.getString(i++);
        account.status = row.getString(i++);
        account.label = row.getString(i++);
        account.availableBalance = row.getLong(i++);
        account.totalBalance = row.getLong(i++);
        account.fundingInstructions = row.getString(i++);
        account.sweepRule = row.getString(i++);
        account.privateEnabled = row.getBoolean(i++);
        account.createdAt = Times.instant(row.getOffsetDateTime(i++));
        account.updatedAt = Times.instant(row.getOffsetDateTime(i));
        return account;
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

    /** The account type provisioned for a currency the holder uses. */
    public static String typeFor(String currency) {
        if ("USDB".equals(currency)) {
            return EMBEDDED_WALLET;
        }
        return payments.common.Currencies.isCrypto(currency) ? INTERNAL_CRYPTO : INTERNAL_FIAT;
    }
}
