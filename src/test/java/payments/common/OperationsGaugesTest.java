package payments.common;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.RestAssured;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The operations gauges are exported, and count what they name (files built and not delivered: nothing delivers them in the sandbox). */
@QuarkusTest
class OperationsGaugesTest {

    @Inject
    OperationsGauges gauges;
    @Inject
    Pool pool;

    @Test
    void theGaugesCountWhatTheyName() throws Throwable {
        double built = gauge("payments_bank_files_built");
        for (String name : new String[]{"payments_jobs_due", "payments_webhooks_pending", "payments_webhooks_oldest_pending_seconds", "payments_webhooks_failing",
                "payments_bank_payouts_queued", "payments_bank_parked_open",
                "payments_bank_statement_lines_open"}) {
            assertTrue(gauge(name) >= 0, name);
        }
        String a = "Bgauge" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        String b = a + "b";
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        try {
            for (String id : new String[]{a, b}) {
                pool.preparedQuery("INSERT INTO bank_batches (id, file_name, content, payouts, status, created_at) VALUES ($1, $1, '', 0, 'BUILT', $2)")
                        .execute(Tuple.of(id, now)).await().indefinitely();
            }
            assertEquals(built + 2, gauge("payments_bank_files_built"));
        } finally {
            pool.preparedQuery("DELETE FROM bank_batches WHERE id IN ($1, $2)").execute(Tuple.of(a, b)).await().indefinitely();
        }
    }

    @Test
    void paymentsAreCountedInFlightByStatusAndWhenTheyFinishOrFail() throws Throwable {
        payments.MoneyFixtures.Parties parties = payments.MoneyFixtures.fundedParties("USD", 10_000);
        String payer = parties.payer().account("USD");
        double completed = gauge("payments_transactions_finished_total", "status=\"COMPLETED\"");
        double failed = metric("payments_transactions_failed_total", "reason=\"QUOTE_EXECUTION_FAILED\"");

        // A payout whose bank answers only after 30 seconds (sandbox suffix 005) stays PROCESSING meanwhile.
        String slow = payments.MoneyFixtures.externalUsdAccount(parties.payer().customerId(), "005");
        payments.TestSupport.api().body(payments.MoneyFixtures.transferBody(payer, slow, 100)).post("/quotes").then().statusCode(201);
        assertInFlightMatchesTheTable("PROCESSING");
        payments.TestSupport.api().body(payments.MoneyFixtures.transferBody(payer, parties.payee().account("USD"), 100)).post("/quotes")
                .then().statusCode(201);
        // Other tests' payments may finish meanwhile: at least this one is counted.
        assertTrue(gauge("payments_transactions_finished_total", "status=\"COMPLETED\"") >= completed + 1);
        String refusing = payments.MoneyFixtures.externalUsdAccount(parties.payer().customerId(), "002");
        String transactionId = payments.TestSupport.api().body(payments.MoneyFixtures.transferBody(payer, refusing, 100)).post("/quotes")
                .then().statusCode(201).extract().path("transactionId");
        payments.MoneyFixtures.awaitTransaction(transactionId, "FAILED");
        assertTrue(metric("payments_transactions_failed_total", "reason=\"QUOTE_EXECUTION_FAILED\"") >= failed + 1);
    }

    /** The gauge of {@code status} shows what the table holds (read again when a payment moved between the two reads). */
    private void assertInFlightMatchesTheTable(String status) throws Throwable {
        long held = -1;
        double shown = -2;
        for (int attempt = 0; attempt < 5 && shown != held; attempt++) {
            shown = gauge("payments_transactions_in_flight", "status=\"" + status + "\"");
            held = pool.preparedQuery("SELECT count(*) FROM transactions WHERE status = $1").execute(Tuple.of(status)).await().indefinitely()
                    .iterator().next().getLong(0);
        }
        assertEquals(held, shown);
        assertTrue(held >= 1, "the slow payout is in flight");
    }

    private double gauge(String name, String tag) throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> gauges.refresh());
        return metric(name, tag);
    }

    /** A metric's value with the tag given; 0 when it was never counted (a counter appears at its first increment). */
    private static double metric(String name, String tag) {
        Matcher line = Pattern.compile("(?m)^" + name + "\\{[^}]*" + Pattern.quote(tag) + "[^}]*} ([0-9.eE+-]+)$")
                .matcher(RestAssured.get("/q/metrics").then().statusCode(200).extract().asString());
        return line.find() ? Double.parseDouble(line.group(1)) : 0;
    }

    private double gauge(String name) throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> gauges.refresh());
        Matcher line = Pattern.compile("(?m)^" + name + "(\\{[^}]*})? ([0-9.eE+-]+)$")
                .matcher(RestAssured.get("/q/metrics").then().statusCode(200).extract().asString());
        assertTrue(line.find(), name + " is exported");
        return Double.parseDouble(line.group(2));
    }
}
