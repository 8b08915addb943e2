package payments.common;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.quote.Quote;
import payments.transaction.PaymentTransaction;
import payments.webhook.WebhookEvent;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class RowsInsertTest {

    private record Sample(UUID id, String name, Instant at, BigDecimal rate) {
    }

    private static final RowsInsert<Sample> SAMPLES = RowsInsert.<Sample>into("samples")
            .uuid("id", Sample::id).text("name", Sample::name).timestamp("at", Sample::at).decimal("rate", Sample::rate);

    @Inject
    Pool pool;

    @Test
    void oneTableIsOneInsertFromOneArrayPerColumn() {
        Sample sample = new Sample(UUID.randomUUID(), "a", Instant.EPOCH, BigDecimal.ONE);
        assertEquals("INSERT INTO samples (id, name, at, rate) SELECT id, name, CAST(at AS timestamptz), CAST(rate AS numeric)"
                        + " FROM unnest(CAST($1 AS uuid[]), CAST($2 AS text[]), CAST($3 AS text[]), CAST($4 AS text[]))"
                        + " AS r (id, name, at, rate)",
                new RowsInsert.Rows().add(SAMPLES, sample).add(SAMPLES, sample).statement());
    }

    @Test
    void severalTablesGoInOneStatement() {
        RowsInsert<Sample> others = RowsInsert.<Sample>into("others").uuid("id", Sample::id);
        String statement = new RowsInsert.Rows().add(SAMPLES, null).add(others, null).add(SAMPLES, null).statement();
        assertEquals("WITH r0 AS (" + SAMPLES.statement(0) + ")\n" + others.statement(4), statement);
        assertTrue(statement.endsWith("FROM unnest(CAST($5 AS uuid[])) AS r (id)"), statement);
    }

    /** A column added to one of these tables must be added to its batch insert too, or batched rows would lack it. */
    @Test
    void batchInsertsWriteEveryColumnOfTheirTables() {
        for (RowsInsert<?> table : List.of(PaymentTransaction.ROWS, Quote.ROWS, WebhookEvent.ROWS)) {
            Set<String> columns = new HashSet<>();
            for (Row row : pool.preparedQuery("SELECT column_name FROM information_schema.columns WHERE table_name = $1")
                    .execute(Tuple.of(table.table())).await().indefinitely()) {
                columns.add(row.getString(0));
            }
            assertEquals(columns, new HashSet<>(table.columnNames()), table.table());
            assertEquals(table.columnNames().size(), columns.size(), table.table() + " lists a column twice");
        }
    }
}
