package payments.ledger;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
        SUSPENSE,
        /** Card pulls taken from funding accounts and not yet paid to the card network or given back. */
        CARD_SETTLEMENT,
        /** The card network: what cleared card purchases are paid to and card credits come from. */
        CARD_NETWORK,
        /** Card settlements no funding account covered (a failed post-hoc pull): the service's loss. */
        CARD_LOSSES,
        /** Fiat the stablecoin provider holds against the tokens minted through this server and not yet burnt. */
        STABLECOIN_RESERVE
    }

    /** One entry: exactly one of {@code accountId} and {@code systemAccount} is set. */
    public record Entry(UUID accountId, SystemAccount systemAccount, Bucket bucket, String currency, long amount) {
    }

    /** The net effect on one internal account, in the order accounts must be locked (lowest id first). */
    public record BalanceChange(UUID accountId, long availableDelta, long totalDelta) {
    }

    /**
     * An internal account that must be able to move money for this posting to apply: one that
     * {@code receives} (its total grows, or a hold names it as the payee) or one that sends (its
     * available balance shrinks).
     */
    public record Party(UUID accountId, boolean receives) {
    }

    private final String kind;
    private final UUID transactionId;
    private final boolean givesBack;
    private final List<Entry> entries = new ArrayList<>();
    private final Set<UUID> payees = new TreeSet<>();
    /** Derived from the entries and payees, once they are all added (the ledger and the batch ask several times). */
    private List<BalanceChange> changes;
    private List<Party> parties;

    private Journal(String kind, UUID transactionId, boolean givesBack) {
        this.kind = Objects.requireNonNull(kind);
        this.transactionId = transactionId;
        this.givesBack = givesBack;
    }

    /** A posting of the given kind for a payment transaction (null for none). */
    public static Journal of(String kind, UUID transactionId) {
        return new Journal(kind, transactionId, false);
    }

    /**
     * A posting that gives money back to where it came from (a refund, a returned payout): it
     * applies whatever the accounts' status, since refusing it would strand the money in between.
     */
    public static Journal givingBack(String kind, UUID transactionId) {
        return new Journal(kind, transactionId, true);
    }

    /**
     * Names the account a held payment will credit when it settles: the hold applies only while
     * that account can receive.
     */
    public Journal payee(UUID accountId) {
        if (accountId != null) {
            payees.add(accountId);
            parties = null;
        }
        return this;
    }

    public Journal account(UUID accountId, Bucket bucket, String currency, long amount) {
        if (amount != 0) {
            entries.add(new Entry(Objects.requireNonNull(accountId), null, bucket, currency, amount));
            changes = null;
            parties = null;
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

    /**
     * This posting as it applies when {@code closed} accounts are CLOSED: a give-back credits
     * SUSPENSE instead of a closed account (which can never send the money again), for manual
     * resolution; any other posting is unchanged (the ledger refuses it if a party cannot move money).
     */
    public Journal divertedFrom(Set<UUID> closed) {
        if (!givesBack || closed.isEmpty() || entries.stream().noneMatch(entry -> divertible(entry, closed))) {
            return this;
        }
        Journal diverted = new Journal(kind, transactionId, true);
        for (Entry entry : entries) {
            if (divertible(entry, closed)) {
                diverted.system(SystemAccount.SUSPENSE, entry.currency(), entry.amount());
            } else {
                diverted.entries.add(entry);
            }
        }
        diverted.payees.addAll(payees);
        return diverted;
    }

    private static boolean divertible(Entry entry, Set<UUID> closed) {
        return entry.accountId() != null && entry.amount() > 0 && entry.bucket() == Bucket.AVAILABLE && closed.contains(entry.accountId());
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

    /**
     * The accounts that must be ACTIVE for this posting, sorted by id: every account whose
     * available balance shrinks (it sends) or whose total grows (it receives), and the named
     * payees. Settling money already held needs nothing of its payer, and releasing a hold or
     * {@linkplain #givingBack giving money back} needs nothing of anyone.
     */
    public List<Party> parties() {
        if (parties == null) {
            parties = givesBack ? List.of() : partiesOf(balanceChanges(), payees);
        }
        return parties;
    }

    private static List<Party> partiesOf(List<BalanceChange> changes, Set<UUID> payees) {
        Map<UUID, Party> parties = new TreeMap<>();
        for (BalanceChange change : changes) {
            if (change.totalDelta() > 0) {
                parties.put(change.accountId(), new Party(change.accountId(), true));
            } else if (change.availableDelta() < 0) {
                parties.put(change.accountId(), new Party(change.accountId(), false));
            }
        }
        payees.forEach(payee -> parties.putIfAbsent(payee, new Party(payee, true)));
        return List.copyOf(parties.values());
    }

    /** Net change per internal account, sorted by account id. */
    public List<BalanceChange> balanceChanges() {
        if (changes == null) {
            changes = changesOf(entries);
        }
        return changes;
    }

    private static List<BalanceChange> changesOf(List<Entry> entries) {
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
        return List.copyOf(changes);
    }
}
