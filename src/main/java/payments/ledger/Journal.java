package payments.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;

/**
 * One balanced posting being built: entries on internal accounts (which carry stored balances) and
 * on the service's system accounts. Pure: {@link #balanceChanges()} and {@link #requireBalanced()}
 * are what the {@link Ledger} applies and checks.
 */
public final class Journal {

    /** AVAILABLE counts in an account's balance; HELD only in its totalBalance (pending outflows). */
    public enum Bucket { AVAILABLE, HELD }

    /** The service's own accounts: where money enters and leaves, and what it earns. */
    public enum SystemAccount {
        /** Payment rails: money arriving from or leaving to banks and networks. */
        RAIL,
        /** Sandbox funding: money the sandbox creates for tests. */
        SANDBOX_FUNDING,
        /** The service's own fees. */
        SERVICE_FEES,
        /** Currency conversion position: what one currency gave the other. */
        FX,
        /** Money stuck after a failed payout whose refund failed too, for manual resolution. */
        SUSPENSE
    }

    /** One entry: exactly one of {@code accountId} and {@code systemAccount} is set. */
    public record Entry(UUID accountId, SystemAccount systemAccount, Bucket bucket, String currency, long amount) {
    }

    /** The net effect on one internal account, in the order accounts must be locked (lowest id first). */
    public record BalanceChange(UUID accountId, long availableDelta, long totalDelta) {
    }

    private final String kind;
    private final UUID transactionId;
    private final List<Entry> entries = new ArrayList<>();

    private Journal(String kind, UUID transactionId) {
        this.kind = Objects.requireNonNull(kind);
        this.transactionId = transactionId;
    }

    /** A posting of the given kind for a payment transaction (null for none). */
    public static Journal of(String kind, UUID transactionId) {
        return new Journal(kind, transactionId);
    }

    public Journal account(UUID accountId, Bucket bucket, String currency, long amount) {
        if (amount != 0) {
            entries.add(new Entry(Objects.requireNonNull(accountId), null, bucket, currency, amount));
        }
        return this;
    }

    public Journal available(UUID accountId, String currency, long amount) {
        return account(accountId, Bucket.AVAILABLE, currency, amount);
    }

    public Journal held(UUID accountId, String currency, long amount) {
        return account(accountId, Bucket.HELD, currency, amount);
    }

    public Journal system(SystemAccount account, String currency, long amount) {
        if (amount != 0) {
            entries.add(new Entry(null, Objects.requireNonNull(account), Bucket.AVAILABLE, currency, amount));
        }
        return this;
    }

    public String kind() {
        return kind;
    }

    public UUID transactionId() {
        return transactionId;
    }

    public List<Entry> entries() {
        return List.copyOf(entries);
    }

    /** Refuses a posting whose entries do not sum to zero in every currency. */
    public void requireBalanced() {
        Map<String, Long> sums = new TreeMap<>();
        entries.forEach(e -> sums.merge(e.currency(), e.amount(), Math::addExact));
        sums.forEach((currency, sum) -> {
            if (sum != 0) {
                throw new IllegalStateException("Journal " + kind + " is off by " + sum + " " + currency);
            }
        });
    }

    /** Net change per internal account, sorted by account id. */
    public List<BalanceChange> balanceChanges() {
        Map<UUID, long[]> deltas = new TreeMap<>();
        for (Entry e : entries) {
            if (e.accountId() == null) {
                continue;
            }
            long[] delta = deltas.computeIfAbsent(e.accountId(), id -> new long[2]);
            if (e.bucket() == Bucket.AVAILABLE) {
                delta[0] = Math.addExact(delta[0], e.amount());
            }
            delta[1] = Math.addExact(delta[1], e.amount());
        }
        List<BalanceChange> changes = new ArrayList<>();
        deltas.forEach((id, delta) -> changes.add(new BalanceChange(id, delta[0], delta[1])));
        return changes;
    }
}
