package payments.ledger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
import payments.ledger.Journal.SystemAccount;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Recomputes every balance from the journal and compares: accounts whose stored balances differ
 * from their entries, entries in a currency other than their account's, ledger transactions that
 * do not sum to zero in some currency, and system accounts below zero that hold money and so can
 * never be (see {@link #NEVER_NEGATIVE}). Also reports the system accounts' balances.
 */
@ApplicationScoped
public class LedgerAudit {

    public record BalanceMismatch(String accountId, String currency, long balance, long totalBalance,
                                  long journalBalance, long journalTotalBalance) {
    }

    public record Unbalanced(String ledgerTransactionId, String currency, long sum) {
    }

    public record SystemBalance(String account, String currency, long balance) {
    }

    /** Card money in CARD_SETTLEMENT against what the card transactions say they still hold there (pulled, neither paid nor given back). */
    public record CardSettlementMismatch(String currency, long heldForCards, long cardSettlement) {
    }

    public record AuditReport(boolean clean, long accountsChecked, long ledgerTransactionsChecked,
                              List<BalanceMismatch> balanceMismatches, List<Unbalanced> unbalancedTransactions,
                              List<String> currencyMismatches, List<CardSettlementMismatch> cardSettlementMismatches,
                              List<SystemBalance> negativeSystemAccounts, List<SystemBalance> systemAccounts) {
    }

    /**
     * System accounts that hold money and so are never below zero in any currency: card settlement
     * (card pulls not yet paid to the network or given back) and the stablecoin reserve (the fiat
     * behind tokens minted through this server and not burnt). The rail, sandbox funding and the
     * card network are where money comes from, the FX position goes either way, card losses are
     * what the service paid; fees and suspense are not held to a sign here.
     */
    static final Set<SystemAccount> NEVER_NEGATIVE = Set.of(SystemAccount.CARD_SETTLEMENT, SystemAccount.STABLECOIN_RESERVE);

    private final Pool pool;

    public LedgerAudit(Pool pool) {
        this.pool = pool;
    }

    public Uni<AuditReport> run() {
        // One snapshot: a repeatable-read transaction sees every table at the same instant.
        return pool.withTransaction(conn -> conn.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY").execute()
                .flatMap(ignored -> conn.query("""
                        SELECT a.id, a.currency, a.available_balance, a.total_balance,
                               COALESCE(SUM(CASE WHEN e.bucket = 'AVAILABLE' THEN e.amount END), 0) AS journal_available,
                               COALESCE(SUM(e.amount), 0) AS journal_total
                        FROM internal_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
                        GROUP BY a.id, a.currency, a.available_balance, a.total_balance""").execute())
                .flatMap(accounts -> conn.query("""
                                SELECT ledger_transaction_id, currency, SUM(amount) AS total FROM ledger_entries
                                GROUP BY ledger_transaction_id, currency HAVING SUM(amount) <> 0""").execute()
                        .flatMap(unbalanced -> conn.query("""
                                        SELECT e.id FROM ledger_entries e JOIN internal_accounts a ON a.id = e.account_id
                                        WHERE e.currency <> a.currency""").execute()
                                .flatMap(wrongCurrency -> conn.query("""
                                                SELECT system_account, currency, SUM(amount) AS total FROM ledger_entries
                                                WHERE system_account IS NOT NULL GROUP BY system_account, currency
                                                ORDER BY system_account, currency""").execute()
                                        .flatMap(system -> conn.query(CARD_SETTLEMENT).execute()
                                                .flatMap(cards -> conn.query("SELECT COUNT(*) FROM ledger_transactions").execute()
                                                        .map(count -> report(accounts, unbalanced, wrongCurrency, system, cards,
                                                                count.iterator().next().getLong(0)))))))));
    }

    /**
     * Per currency, what purchases still hold in card settlement by their own amounts (credits and
     * returns never pass through it) beside the ledger's CARD_SETTLEMENT balance; only differing rows.
     */
    private static final String CARD_SETTLEMENT = """
            WITH held AS (
                SELECT currency, SUM(pulled_amount - settled_amount - returned_amount + loss_amount) AS held
                FROM card_transactions WHERE kind IN ('AUTHORIZATION', 'FINANCIAL') GROUP BY currency),
            booked AS (
                SELECT currency, SUM(amount) AS booked FROM ledger_entries WHERE system_account = 'CARD_SETTLEMENT' GROUP BY currency)
            SELECT COALESCE(h.currency, b.currency) AS currency, COALESCE(h.held, 0) AS held, COALESCE(b.booked, 0) AS booked
            FROM held h FULL JOIN booked b ON b.currency = h.currency
            WHERE COALESCE(h.held, 0) <> COALESCE(b.booked, 0)""";

    private static AuditReport report(Iterable<Row> accounts, Iterable<Row> unbalanced, Iterable<Row> wrongCurrency,
                                      Iterable<Row> system, Iterable<Row> cards, long ledgerTransactions) {
        List<BalanceMismatch> mismatches = new ArrayList<>();
        long checked = 0;
        for (Row row : accounts) {
            checked++;
            long available = row.getLong("available_balance");
            long total = row.getLong("total_balance");
            long journalAvailable = row.getLong("journal_available");
            long journalTotal = row.getLong("journal_total");
            if (available != journalAvailable || total != journalTotal) {
                mismatches.add(new BalanceMismatch(IdType.INTERNAL_ACCOUNT.wireId(row.getUUID("id")),
                        row.getString("currency"), available, total, journalAvailable, journalTotal));
            }
        }
        List<Unbalanced> off = new ArrayList<>();
        unbalanced.forEach(row -> off.add(new Unbalanced(row.getUUID("ledger_transaction_id").toString(),
                row.getString("currency"), row.getLong("total"))));
        List<String> foreign = new ArrayList<>();
        wrongCurrency.forEach(row -> foreign.add(row.getUUID("id").toString()));
        List<SystemBalance> systemBalances = new ArrayList<>();
        system.forEach(row -> systemBalances.add(new SystemBalance(row.getString("system_account"),
                row.getString("currency"), row.getLong("total"))));
        List<CardSettlementMismatch> cardMismatches = new ArrayList<>();
        cards.forEach(row -> cardMismatches.add(new CardSettlementMismatch(row.getString("currency"), row.getLong("held"),
                row.getLong("booked"))));
        List<SystemBalance> negative = negativeHoldings(systemBalances);
        return new AuditReport(mismatches.isEmpty() && off.isEmpty() && foreign.isEmpty() && cardMismatches.isEmpty()
                && negative.isEmpty(), checked, ledgerTransactions, mismatches, off, foreign, cardMismatches, negative, systemBalances);
    }

    /** The balances of {@link #NEVER_NEGATIVE} accounts that are below zero. */
    static List<SystemBalance> negativeHoldings(List<SystemBalance> balances) {
        return balances.stream().filter(balance -> balance.balance() < 0
                && NEVER_NEGATIVE.stream().anyMatch(account -> account.name().equals(balance.account()))).toList();
    }
}
