package payments.ledger;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import io.vertx.pgclient.PgException;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.RowLocks;

import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The database refuses states the ledger must never reach, whatever code writes them. */
@QuarkusTest
class BalanceChecksTest {

    @Inject
    Pool pool;

    @Test
    void anInternalAccountCannotBeOverdrawnEvenBySqlThatSkipsTheLedger() {
        String account = MoneyFixtures.approvedCustomer(List.of("USD")).account("USD");
        MoneyFixtures.fund(account, 500);
        Tuple id = Tuple.of(RowLocks.uuid(account));

        assertCheckFails(pool, "internal_accounts_available_not_negative",
                "UPDATE internal_accounts SET available_balance = -1, total_balance = 0 WHERE id = $1", id);
        assertCheckFails(pool, "internal_accounts_total_covers_available",
                "UPDATE internal_accounts SET available_balance = 500, total_balance = 499 WHERE id = $1", id);
        MoneyFixtures.assertBalances(account, 500, 500);
    }

    /** Inside a transaction rolled back at the end: an unbalanced test posting must not reach the audit. */
    @Test
    void ledgerEntriesSitInAKnownBucketAndSystemAccountsMayGoNegative() {
        SqlConnection connection = pool.getConnection().await().indefinitely();
        try {
            connection.query("BEGIN").execute().await().indefinitely();
            UUID posting = UUID.randomUUID();
            connection.preparedQuery("INSERT INTO ledger_transactions (id, kind, created_at) VALUES ($1, 'TEST', now())")
                    .execute(Tuple.of(posting)).await().indefinitely();
            String insert = "INSERT INTO ledger_entries (id, ledger_transaction_id, system_account, bucket, currency, amount,"
                    + " created_at) VALUES ($1, $2, 'RAIL', $3, 'USD', -100, now())";
            connection.query("SAVEPOINT before").execute().await().indefinitely();

            assertCheckFails(connection, "ledger_entries_bucket", insert, Tuple.of(UUID.randomUUID(), posting, "PENDING"));
            connection.query("ROLLBACK TO SAVEPOINT before").execute().await().indefinitely();
            assertEquals(1, connection.preparedQuery(insert).execute(Tuple.of(UUID.randomUUID(), posting, "AVAILABLE"))
                    .await().indefinitely().rowCount());
        } finally {
            connection.query("ROLLBACK").execute().await().indefinitely();
            connection.close().await().indefinitely();
        }
    }

    private static void assertCheckFails(SqlClient client, String constraint, String sql, Tuple arguments) {
        PgException refused = assertThrows(PgException.class,
                () -> client.preparedQuery(sql).execute(arguments).await().indefinitely());
        assertEquals("23514", refused.getSqlState(), refused.getMessage());
        assertEquals(constraint, refused.getConstraint());
    }
}
