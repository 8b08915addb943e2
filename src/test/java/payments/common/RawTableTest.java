package payments.common;

import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class RawTableTest {

    private record Sample(UUID id, String name, Instant at, BigDecimal rate) {
    }

    private static final RawTable<Sample> SAMPLES = RawTable.<Sample>into("samples")
            .uuid("id", Sample::id).text("name", Sample::name).timestamp("at", Sample::at).decimal("rate", Sample::rate);

    @Inject
    Pool pool;

    @Test
    void oneTableIsOneInsertFromOneArrayPerColumn() {
        Sample sample = new Sample(UUID.randomUUID(), "a", Instant.EPOCH, BigDecimal.ONE);
        assertEquals("INSERT INTO samples (id, name, at, rate) SELECT id, name, at, CAST(rate AS numeric)"
                        + " FROM unnest(CAST($1 AS uuid[]), CAST($2 AS text[]), CAST($3 AS timestamptz[]), CAST($4 AS text[]))"
                        + " AS r (id, name, at, rate)",
                new RawTable.Rows().add(SAMPLES, sample).add(SAMPLES, sample).statement());
    }

    /** Timestamps go in binary: every microsecond the server's clock gives is kept, and nulls stay null. */
    @Test
    void timestampsAndDecimalsArriveExactly() {
        Sample exact = new Sample(UUID.randomUUID(), "exact", Instant.parse("2026-11-28T20:01:02.123456Z"), new BigDecimal("1.0000001"));
        Sample none = new Sample(UUID.randomUUID(), "none", null, null);
        Map<String, String> stored = new HashMap<>();
        pool.withTransaction(connection -> connection.query("CREATE TEMP TABLE samples (id uuid, name text, at timestamptz, rate numeric)"
                        + " ON COMMIT DROP").execute()
                .chain(() -> new RawTable.Rows().add(SAMPLES, exact).add(SAMPLES, none).insert(connection))
                .chain(() -> connection.query("SELECT name, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), rate::text FROM samples").execute()))
                .await().indefinitely()
                .forEach(row -> stored.put(row.getString(0), row.getString(1) + " " + row.getString(2)));
        assertEquals(Map.of("exact", "2026-11-28 20:01:02.123456 1.0000001", "none", "null null"), stored);
    }

    @Test
    void severalTablesGoInOneStatement() {
        RawTable<Sample> others = RawTable.<Sample>into("others").uuid("id", Sample::id);
        String statement = new RawTable.Rows().add(SAMPLES, null).add(others, null).add(SAMPLES, null).statement();
        assertEquals("WITH r0 AS (" + SAMPLES.statement(0) + ")\n" + others.statement(4), statement);
        assertTrue(statement.endsWith("FROM unnest(CAST($5 AS uuid[])) AS r (id)"), statement);
    }

    /** A column added to one of these tables must be added to its batch insert too, or batched rows would lack it. */
    @Test
    void batchInsertsWriteEveryColumnOfTheirTables() {
        for (RawTable<?> table : List.of(PaymentTransaction.ROWS, Quote.ROWS, WebhookEvent.ROWS.events(), WebhookEvent.ROWS.bodies(),
                WebhookEvent.ROWS_KEPT_WITHOUT_ENDPOINT.events(), WebhookEvent.ROWS_KEPT_WITHOUT_ENDPOINT.bodies())) {
            Set<String> columns = new HashSet<>();
            for (Row row : pool.preparedQuery("SELECT column_name FROM information_schema.columns WHERE table_name = $1")
                    .execute(Tuple.of(table.table())).await().indefinitely()) {
                columns.add(row.getString(0));
            }
            assertEquals(columns, new HashSet<>(table.columnNames()), table.table());
            assertEquals(table.columnNames().size(), columns.size(), table.table() + " lists a column twice");
        }
    }

    @Test
    void insertAsReplacesTheValueSent() {
        RawTable<Sample> renamed = RawTable.<Sample>into("samples").uuid("id", Sample::id).text("name", Sample::name)
                .insertAs("name", "upper(name)");
        assertEquals("INSERT INTO samples (id, name) SELECT id, upper(name) FROM unnest(CAST($1 AS uuid[]), CAST($2 AS text[]))"
                + " AS r (id, name)", new RawTable.Rows().add(renamed, null).statement());
    }

    @Test
    void aSentOnlyColumnConditionsTheInsertWithoutBeingStored() {
        RawTable<Sample> table = RawTable.<Sample>into("samples").uuid("id", Sample::id).text("name", Sample::name)
                .sentOnly("name").insertOnlyWhere("name IS NOT NULL");
        assertEquals("INSERT INTO samples (id) SELECT id FROM unnest(CAST($1 AS uuid[]), CAST($2 AS text[])) AS r (id, name)"
                + " WHERE name IS NOT NULL", new RawTable.Rows().add(table, null).statement());
        assertEquals(List.of("id"), table.columnNames());
    }

    /** Events due while no endpoint is configured are not saved; events their owner sends are, and so are due ones once an endpoint is set. */
    @Test
    void eventsDueWithoutAnEndpointAreNotSaved() {
        assertEquals(Map.of("sent by its owner", "PENDING", "due with an endpoint", "PENDING due"), saved(WebhookEvent.ROWS));
    }

    /** Where they are kept (the sandbox's default), they are saved closed, as the dispatcher would close them. */
    @Test
    void eventsDueWithoutAnEndpointAreKeptSkipped() {
        assertEquals(Map.of("due", "SKIPPED", "sent by its owner", "PENDING", "due with an endpoint", "PENDING due"),
                saved(WebhookEvent.ROWS_KEPT_WITHOUT_ENDPOINT));
    }

    /** The status each sample event is saved with (" due" when it is due), saved into {@code table} without an endpoint, then with one. */
    private Map<String, String> saved(WebhookEvent.Tables table) {
        return pool.withTransaction(connection -> connection.query(
                        "UPDATE platform_config SET document = CAST(CAST(document AS jsonb) - 'webhookEndpoint' AS text)").execute()
                .chain(() -> table.add(table.add(new RawTable.Rows(), event("due", true)), event("sent by its owner", false))
                        .insert(connection))
                .chain(() -> connection.query("UPDATE platform_config SET document = CAST(jsonb_set(CAST(document AS jsonb),"
                        + " '{webhookEndpoint}', '\"https://receiver.example/hook\"') AS text)").execute())
                .chain(() -> table.add(new RawTable.Rows(), event("due with an endpoint", true)).insert(connection))
                // An event saved without its body, or a body without its event, shows as "no body" / "body only".
                .chain(() -> connection.query("SELECT coalesce(e.type, b.body), e.status, e.next_attempt_at IS NOT NULL, b.event_id IS NOT NULL"
                        + " FROM webhook_events e FULL JOIN webhook_event_bodies b ON b.event_id = e.id"
                        + " WHERE e.type IN ('due', 'sent by its owner', 'due with an endpoint') OR b.body LIKE '{\"sample\":%'").execute())
                .map(rows -> {
                    Map<String, String> found = new HashMap<>();
                    rows.forEach(row -> found.put(row.getString(0), row.getString(1) == null ? "body only"
                            : row.getString(1) + (row.getBoolean(2) ? " due" : "") + (row.getBoolean(3) ? "" : " no body")));
                    return found;
                })
                // Roll back: the platform's settings and these events stay as they were.
                .chain(found -> Uni.createFrom().<Map<String, String>>failure(new Rollback(found))))
                .onFailure(Rollback.class).recoverWithItem(e -> ((Rollback) e).found)
                .await().indefinitely();
    }

    private static WebhookEvent event(String type, boolean due) {
        WebhookEvent event = new WebhookEvent();
        event.id = UUID.randomUUID();
        event.type = type;
        event.body = "{\"sample\":\"" + type + "\"}";
        event.status = WebhookEvent.PENDING;
        event.attempts = 0;
        event.createdAt = Instant.now();
        event.nextAttemptAt = due ? event.createdAt : null;
        return event;
    }

    private static final class Rollback extends RuntimeException {
        final Map<String, String> found;

        Rollback(Map<String, String> found) {
            super(null, null, false, false);
            this.found = found;
        }
    }
}
