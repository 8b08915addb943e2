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

    private double gauge(String name) throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> gauges.refresh());
        Matcher line = Pattern.compile("(?m)^" + name + "(\\{[^}]*})? ([0-9.eE+-]+)$")
                .matcher(RestAssured.get("/q/metrics").then().statusCode(200).extract().asString());
        assertTrue(line.find(), name + " is exported");
        return Double.parseDouble(line.group(2));
    }
}
