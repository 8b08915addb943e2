package payments.ledger;

import payments.ledger.Journal.BalanceChange;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The balances of the accounts one batch of payments touches, applied payment by payment in
 * memory: a payment whose postings would leave any account's available part negative (or its held
 * part negative) is refused whole and leaves the balances as they were. Pure.
 */
final class BatchBalances {

    private final Map<UUID, long[]> balances = new HashMap<>();
    private final Set<UUID> changed = new TreeSet<>();

    /** Starts from each account's stored available and total balance. */
    void start(UUID accountId, long available, long total) {
        balances.put(accountId, new long[] {available, total});
    }

    /** Applies one payment's journals in order, all or nothing; false when it would overdraw. */
    boolean tryApply(List<Journal> journals) {
        Map<UUID, long[]> before = new HashMap<>();
        for (Journal journal : journals) {
            for (BalanceChange change : journal.balanceChanges()) {
                long[] balance = balances.get(change.accountId());
                if (balance == null) {
                    throw new IllegalStateException("Account " + change.accountId() + " was not loaded for the batch");
                }
                before.putIfAbsent(change.accountId(), balance.clone());
                long available = Math.addExact(balance[0], change.availableDelta());
                long total = Math.addExact(balance[1], change.totalDelta());
                if (available < 0 || total < available) {
                    before.forEach((id, saved) -> balances.put(id, saved));
                    return false;
                }
                balances.put(change.accountId(), new long[] {available, total});
            }
        }
        changed.addAll(before.keySet());
        return true;
    }

    /** The new balances of the accounts some accepted payment changed, by account id. */
    Map<UUID, Ledger.Balance> changed() {
        Map<UUID, Ledger.Balance> result = new TreeMap<>();
        changed.forEach(id -> result.put(id, new Ledger.Balance(balances.get(id)[0], balances.get(id)[1])));
        return result;
    }
}
