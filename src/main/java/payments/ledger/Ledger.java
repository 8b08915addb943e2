package payments.ledger;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.reactive.mutiny.Mutiny;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.SqlStatement;
import payments.db.PreparedOnce;
import payments.ledger.Journal.BalanceChange;
import payments.ledger.Journal.Entry;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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

    /** The status in which an internal account may send and receive (the accounts feature owns the others). */
    public static final String ACTIVE = "ACTIVE";
    /** The status of an internal account that can never move money again: what is given back to it goes to SUSPENSE. */
    public static final String CLOSED = "CLOSED";

    private final ServerClock clock;
    private final BalanceListener listener;

    public Ledger(ServerClock clock, BalanceListener listener) {
        this.clock = clock;
        this.listener = listener;
    }

    /** 400 INSUFFICIENT_FUNDS: a posting would overdraw an account; nothing of it applied. */
    public static ApiException insufficientFunds() {
        return new ApiException(ErrorCode.INSUFFICIENT_FUNDS, "The source account's available balance does not cover this payment");
    }

    /** An internal account's balances after a posting. */
    public record Balance(long available, long total) {
    }

    /**
     * 400 INVALID_INPUT: a {@linkplain Journal#parties party} of a posting was not ACTIVE (frozen
     * or closed) under its row lock; nothing of the posting applied.
     */
    public static final class InactiveAccount extends ApiException {
        private final Journal.Party party;

        private InactiveAccount(Journal.Party party, ApiException invalid) {
            super(invalid);
            this.party = party;
        }

        static InactiveAccount of(Journal.Party party, String status) {
            String field = party.receives() ? "destination.accountId" : "source.accountId";
            return new InactiveAccount(party, ApiException.invalidField(field, null, "Internal account "
                    + IdType.INTERNAL_ACCOUNT.wireId(party.accountId()) + " is " + status + " and cannot "
                    + (party.receives() ? "receive" : "send")));
        }

        public Journal.Party party() {
            return party;
        }
    }

    /** The first party of the journals that is not ACTIVE in {@code statuses}; null when all can move money. */
    private static InactiveAccount inactiveParty(List<Journal> journals, Map<UUID, String> statuses) {
        for (Journal journal : journals) {
            for (Journal.Party party : journal.parties()) {
                String status = statuses.get(party.accountId());
                if (!ACTIVE.equals(status)) {
                    return InactiveAccount.of(party, status == null ? "unknown" : status);
                }
            }
        }
        return null;
    }

    /** Every internal account a posting changes or names, in lock order. */
    private static Set<UUID> touched(List<Journal> journals) {
        Set<UUID> accounts = new TreeSet<>();
        journals.forEach(journal -> {
            journal.balanceChanges().forEach(change -> accounts.add(change.accountId()));
            journal.parties().forEach(party -> accounts.add(party.accountId()));
        });
        return accounts;
    }

    /**
     * An internal account's available balance as the database holds it now, read past the session's
     * entities (postings change balances with native updates, so an entity read earlier may be
     * stale). Not locked: a posting that relies on it still meets the ledger's own checks.
     */
    public Uni<Long> available(UUID accountId) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "SELECT available_balance FROM internal_accounts WHERE id = :id", Object.class)
                .setParameter("id", accountId)
                .getSingleResult()
                .map(value -> ((Number) value).longValue()));
    }

    /** What a payment's posting of {@code kind} put in a system account (0 when none). */
    public Uni<Long> postedTo(UUID transactionId, String kind, Journal.SystemAccount account) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e
                        JOIN ledger_transactions l ON l.id = e.ledger_transaction_id
                        WHERE l.transaction_id = :transaction AND l.kind = :kind AND e.system_account = :account""", Object.class)
                .setParameter("transaction", transactionId)
                .setParameter("kind", kind)
                .setParameter("account", account.name())
                .getSingleResult()
                .map(value -> ((Number) value).longValue()));
    }

    /**
     * Applies the journal and answers the new balances of the internal accounts it touched. First
     * locks every account it changes or names (in id order) and checks their status: fails with
     * {@link InactiveAccount} when a party cannot move money, and with 400 INSUFFICIENT_FUNDS on an
     * overdraft; either way nothing of the journal applies.
     */
    public Uni<Map<UUID, Balance>> post(Journal journal) {
        journal.requireBalanced();
        List<Entry> entries = journal.entries();
        Map<UUID, Balance> balances = new HashMap<>();
        if (entries.isEmpty() && journal.parties().isEmpty()) {
            return Uni.createFrom().item(balances);
        }
        Instant now = clock.now();
        return Panache.getSession().flatMap(session -> session.flush()
                .flatMap(flushed -> lockAndCheck(session, journal))
                .call(applied -> applyBalances(session, applied.balanceChanges(), now, balances))
                .call(applied -> {
                    SqlStatement statement = save(Map.of(), List.of(applied), now);
                    return statement == null ? Uni.createFrom().voidItem() : statement.updateInSession();
                })
                .call(() -> balances.isEmpty() ? Uni.createFrom().voidItem() : listener.balancesChanged(balances, now)))
                .replaceWith(balances);
    }

    /** Locks the journal's accounts and answers the journal as it applies to them ({@link Journal#divertedFrom}). */
    private static Uni<Journal> lockAndCheck(Mutiny.Session session, Journal journal) {
        List<UUID> accounts = List.copyOf(touched(List.of(journal)));
        if (accounts.isEmpty()) {
            return Uni.createFrom().item(journal);
        }
        return session.createNativeQuery("SELECT id, status FROM internal_accounts WHERE id IN (:ids) ORDER BY id FOR UPDATE",
                        Object[].class)
                .setParameter("ids", accounts)
                .getResultList()
                .map(rows -> {
                    Map<UUID, String> statuses = new HashMap<>();
                    Set<UUID> closed = new TreeSet<>();
                    rows.forEach(row -> {
                        statuses.put((UUID) row[0], (String) row[1]);
                        if (CLOSED.equals(row[1])) {
                            closed.add((UUID) row[0]);
                        }
                    });
                    InactiveAccount refusal = inactiveParty(List.of(journal), statuses);
                    if (refusal != null) {
                        throw refusal;
                    }
                    return journal.divertedFrom(closed);
                });
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
                            throw insufficientFunds();
                        }
                        Object[] row = rows.get(0);
                        balances.put(change.accountId(), new Balance(((Number) row[0]).longValue(), ((Number) row[1]).longValue()));
                    }));
        }
        return chain;
    }

    /**
     * Many payments posted in one go, in the transaction open on a raw connection: the accounts
     * they touch are locked once (in id order, see {@link #lockFor}), each payment's journals apply
     * in memory whole or not at all ({@link #tryApply}), and {@link #write} saves the accepted ones
     * with one statement.
     */
    public final class Batch {
        private final SqlClient connection;
        private final BatchBalances balances;
        private final Map<UUID, String> statuses;
        private final List<Journal> accepted = new ArrayList<>();
        private final Instant at = clock.now();

        private Batch(SqlClient connection, BatchBalances balances, Map<UUID, String> statuses) {
            this.connection = connection;
            this.balances = balances;
            this.statuses = statuses;
        }

        /**
         * The refusal of a payment with a party that is not ACTIVE under the batch's lock (frozen
         * or closed since the payment was priced); null when every party can move money.
         */
        public InactiveAccount inactiveParty(List<Journal> journals) {
            return Ledger.inactiveParty(journals, statuses);
        }

        /** Applies one payment's journals; false (and nothing applied) when they would overdraw an account. */
        public boolean tryApply(List<Journal> journals) {
            journals.forEach(Journal::requireBalanced);
            if (!balances.tryApply(journals)) {
                return false;
            }
            accepted.addAll(journals);
            return true;
        }

        /** The accounts whose balances the accepted payments moved, with where they end. */
        public Map<UUID, Balance> changed() {
            return balances.changed();
        }

        /** When the batch's balances change: their updated_at. */
        public Instant at() {
            return at;
        }

        /** Saves the new balances and the accepted journals' ledger rows (sent without waiting for earlier statements). */
        public Uni<Void> write() {
            SqlStatement statement = save(balances.changed(), accepted, at);
            return statement == null ? Uni.createFrom().voidItem() : statement.on(connection).replaceWithVoid();
        }
    }

    /**
     * Locks and loads every internal account the payments' journals touch, on the connection of
     * one {@link Batch} (whose transaction is open, or opened by a statement queued before this one).
     */
    public Uni<Batch> lockFor(SqlClient connection, List<List<Journal>> payments) {
        Set<UUID> accounts = touched(payments.stream().flatMap(List::stream).toList());
        BatchBalances balances = new BatchBalances();
        Map<UUID, String> statuses = new HashMap<>();
        if (accounts.isEmpty()) {
            return Uni.createFrom().item(new Batch(connection, balances, statuses));
        }
        return connection.preparedQuery(PreparedOnce.sql("""
                        SELECT id, available_balance, total_balance, status FROM internal_accounts
                        WHERE id = ANY($1) ORDER BY id FOR UPDATE"""))
                .execute(Tuple.of(accounts.toArray(UUID[]::new)))
                .map(rows -> {
                    rows.forEach(row -> {
                        balances.start(row.getUUID(0), row.getLong(1), row.getLong(2));
                        statuses.put(row.getUUID(0), row.getString(3));
                    });
                    return new Batch(connection, balances, statuses);
                });
    }

    /**
     * Saves new balances (none for a single posting, which moved them already) and appends the
     * journals' ledger transactions and entries, all in one statement that takes one array per
     * column: one round trip however many there are, and the same short text every time (a
     * parameter per value made a new text of thousands of parameters for each batch size).
     */
    private static SqlStatement save(Map<UUID, Balance> balances, List<Journal> journals, Instant now) {
        List<Journal> posted = journals.stream().filter(journal -> !journal.entries().isEmpty()).toList();
        if (posted.isEmpty() && balances.isEmpty()) {
            return null;
        }
        int entryCount = posted.stream().mapToInt(journal -> journal.entries().size()).sum();
        UUID[] ledgerTransactionIds = new UUID[posted.size()];
        String[] kinds = new String[posted.size()];
        UUID[] transactionIds = new UUID[posted.size()];
        UUID[] entryIds = new UUID[entryCount];
        UUID[] entryTransactions = new UUID[entryCount];
        UUID[] entryAccounts = new UUID[entryCount];
        String[] systemAccounts = new String[entryCount];
        String[] buckets = new String[entryCount];
        String[] currencies = new String[entryCount];
        Long[] amounts = new Long[entryCount];
        int i = 0;
        for (int j = 0; j < posted.size(); j++) {
            Journal journal = posted.get(j);
            ledgerTransactionIds[j] = Ids.newUuid();
            kinds[j] = journal.kind();
            transactionIds[j] = journal.transactionId();
            for (Entry e : journal.entries()) {
                entryIds[i] = Ids.newUuid();
                entryTransactions[i] = ledgerTransactionIds[j];
                entryAccounts[i] = e.accountId();
                systemAccounts[i] = e.systemAccount() == null ? null : e.systemAccount().name();
                buckets[i] = e.bucket().name();
                currencies[i] = e.currency();
                amounts[i] = e.amount();
                i++;
            }
        }
        UUID[] accounts = new UUID[balances.size()];
        Long[] available = new Long[balances.size()];
        Long[] total = new Long[balances.size()];
        int a = 0;
        for (Map.Entry<UUID, Balance> balance : balances.entrySet()) {
            accounts[a] = balance.getKey();
            available[a] = balance.getValue().available();
            total[a] = balance.getValue().total();
            a++;
        }
        return SqlStatement.of(PreparedOnce.sql("""
                WITH balances AS (
                    UPDATE internal_accounts a SET available_balance = v.available, total_balance = v.total,
                        updated_at = CAST($1 AS timestamptz)
                    FROM unnest(CAST($2 AS uuid[]), CAST($3 AS bigint[]), CAST($4 AS bigint[])) AS v (id, available, total)
                    WHERE a.id = v.id),
                posted AS (
                    INSERT INTO ledger_transactions (id, kind, transaction_id, created_at)
                    SELECT id, kind, transaction_id, CAST($1 AS timestamptz)
                    FROM unnest(CAST($5 AS uuid[]), CAST($6 AS varchar[]), CAST($7 AS uuid[])) AS t (id, kind, transaction_id))
                INSERT INTO ledger_entries (id, ledger_transaction_id, account_id, system_account, bucket, currency,
                    amount, created_at)
                SELECT id, ledger_transaction_id, account_id, system_account, bucket, currency, amount, CAST($1 AS timestamptz)
                FROM unnest(CAST($8 AS uuid[]), CAST($9 AS uuid[]), CAST($10 AS uuid[]), CAST($11 AS varchar[]),
                            CAST($12 AS varchar[]), CAST($13 AS varchar[]), CAST($14 AS bigint[]))
                    AS e (id, ledger_transaction_id, account_id, system_account, bucket, currency, amount)"""),
                now, accounts, available, total, ledgerTransactionIds, kinds, transactionIds, entryIds, entryTransactions,
                entryAccounts, systemAccounts, buckets, currencies, amounts);
    }
}
