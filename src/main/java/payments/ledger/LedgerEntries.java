package payments.ledger;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Reads the ledger as it was posted, for people looking at it (the sandbox console): nothing here moves money. */
@ApplicationScoped
public class LedgerEntries {

    /** One entry of an internal account: which posting, for which payment, into which part of the balance. */
    /**
     * {@code subject} is the wire id of what the posting was for when it is a payment or a card
     * transaction (a card network event's posting names neither: null).
     */
    public record Entry(String kind, UUID transactionId, String bucket, String currency, long amount, Instant createdAt, String subject) {
    }

    /** One posting of a payment (HOLD, SETTLEMENT, REFUND...) and when it was made. */
    public record Step(String kind, Instant createdAt) {
    }

    private final Pool pool;

    public LedgerEntries(Pool pool) {
        this.pool = pool;
    }

    /** The account's latest entries, newest first. */
    public Uni<List<Entry>> latestOf(UUID accountId, int limit) {
        return pool.preparedQuery("""
                        SELECT t.kind, t.transaction_id, e.bucket, e.currency, e.amount, e.created_at,
                            CASE WHEN EXISTS (SELECT 1 FROM transactions p WHERE p.id = t.transaction_id) THEN 'P'
                                 WHEN EXISTS (SELECT 1 FROM card_transactions c WHERE c.id = t.transaction_id) THEN 'C' END AS subject
                        FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.ledger_transaction_id
                        WHERE e.account_id = $1 ORDER BY e.created_at DESC, e.id DESC LIMIT $2""")
                .execute(Tuple.of(accountId, limit))
                .map(rows -> {
                    List<Entry> entries = new ArrayList<>();
                    for (Row row : rows) {
                        UUID subject = row.getUUID("transaction_id");
                        String type = row.getString("subject");
                        entries.add(new Entry(row.getString("kind"), subject, row.getString("bucket"),
                                row.getString("currency"), row.getLong("amount"), instant(row), type == null ? null
                                : ("P".equals(type) ? payments.common.IdType.TRANSACTION : payments.common.IdType.CARD_TRANSACTION).wireId(subject)));
                    }
                    return entries;
                });
    }

    /** The postings of one payment (hold, settlement, refund...), oldest first. */
    public Uni<List<Step>> stepsOf(UUID transactionId) {
        return pool.preparedQuery("SELECT kind, created_at FROM ledger_transactions WHERE transaction_id = $1 ORDER BY created_at, id")
                .execute(Tuple.of(transactionId))
                .map(rows -> {
                    List<Step> steps = new ArrayList<>();
                    for (Row row : rows) {
                        steps.add(new Step(row.getString("kind"), instant(row)));
                    }
                    return steps;
                });
    }

    private static Instant instant(Row row) {
        return row.getOffsetDateTime("created_at").toInstant();
    }
}
