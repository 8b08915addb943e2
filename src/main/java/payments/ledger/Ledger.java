package payments.ledger;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.reactive.mutiny.Mutiny;
import payments.common.ApiException;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.ledger.Journal.BalanceChange;
import payments.ledger.Journal.Entry;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Posts journals inside the caller's database transaction. Internal-account balances move with a
 * single conditional UPDATE per account, taken in id order so that concurrent postings cannot
 * deadlock; the condition refuses any change that would leave an account's available or held part
 * negative, which is what makes overdrafts impossible under concurrency. System accounts have no
 * stored balance: their entries are only appended, so no posting queues behind them.
 */
@ApplicationScoped
public class Ledger {

    public static final String INSUFFICIENT_FUNDS = "INSUFFICIENT_FUNDS";

    private final ServerClock clock;

    public Ledger(ServerClock clock) {
        this.clock = clock;
    }

    /** An internal account's balances after a posting. */
    public record Balance(long available, long total) {
    }

    /**
     * Applies the journal and answers the new balances of the internal accounts it touched; fails
     * with 400 INSUFFICIENT_FUNDS (and changes nothing) on an overdraft.
     */
    public Uni<Map<UUID, Balance>> post(Journal journal) {
        journal.requireBalanced();
        List<Entry> entries = journal.entries();
        Map<UUID, Balance> balances = new HashMap<>();
        if (entries.isEmpty()) {
            return Uni.createFrom().item(balances);
        }
        Instant now = clock.now();
        return Panache.getSession().flatMap(session -> session.flush()
                .call(() -> applyBalances(session, journal.balanceChanges(), now, balances))
                .call(() -> insert(session, journal, entries, now)))
                .replaceWith(balances);
    }

    private Uni<Void> applyBalances(Mutiny.Session session, List<BalanceChange> changes, Instant now,
                                    Map<UUID, Balance> balances) {
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (BalanceChange change : changes) {
            chain = chain.call(() -> session.createNativeQuery("""
                            UPDATE internal_accounts
                            SET available_balance = available_balance + :available,
                                total_balance = total_balance + :total, updated_at = :now
                            WHERE id = :id AND available_balance + :available >= 0
                              AND total_balance + :total >= available_balance + :available
                            RETURNING available_balance, total_balance""", Object[].class)
                    .setParameter("available", change.availableDelta())
                    .setParameter("total", change.totalDelta())
                    .setParameter("now", now)
                    .setParameter("id", change.accountId())
                    .getResultList()
                    .invoke(rows -> {
                        if (rows.isEmpty()) {
                            throw ApiException.badRequest(INSUFFICIENT_FUNDS,
                                    "The source account's available balance does not cover this payment");
                        }
                        Object[] row = rows.get(0);
                        balances.put(change.accountId(), new Balance(((Number) row[0]).longValue(), ((Number) row[1]).longValue()));
                    }));
        }
        return chain;
    }

    private Uni<Void> insert(Mutiny.Session session, Journal journal, List<Entry> entries, Instant now) {
        UUID ledgerTransactionId = Ids.newUuid();
        StringBuilder sql = new StringBuilder("""
                INSERT INTO ledger_entries (id, ledger_transaction_id, account_id, system_account, bucket, currency,
                    amount, created_at) VALUES""");
        for (int i = 0; i < entries.size(); i++) {
            sql.append(i == 0 ? " " : ", ").append("(:id").append(i).append(", :ltx, :account").append(i)
                    .append(", :system").append(i).append(", :bucket").append(i).append(", :currency").append(i)
                    .append(", :amount").append(i).append(", :now)");
        }
        return session.createNativeMutationQuery("""
                        INSERT INTO ledger_transactions (id, kind, transaction_id, created_at)
                        VALUES (:id, :kind, :transaction, :now)""")
                .setParameter("id", ledgerTransactionId)
                .setParameter("kind", journal.kind())
                .setParameter("transaction", journal.transactionId())
                .setParameter("now", now)
                .executeUpdate()
                .call(() -> {
                    Mutiny.MutationQuery query = session.createNativeMutationQuery(sql.toString())
                            .setParameter("ltx", ledgerTransactionId).setParameter("now", now);
                    for (int i = 0; i < entries.size(); i++) {
                        Entry e = entries.get(i);
                        query.setParameter("id" + i, Ids.newUuid())
                                .setParameter("account" + i, e.accountId())
                                .setParameter("system" + i, e.systemAccount() == null ? null : e.systemAccount().name())
                                .setParameter("bucket" + i, e.bucket().name())
                                .setParameter("currency" + i, e.currency())
                                .setParameter("amount" + i, e.amount());
                    }
                    return query.executeUpdate();
                })
                .replaceWithVoid();
    }
}
