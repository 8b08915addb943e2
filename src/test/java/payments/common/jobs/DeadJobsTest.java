package payments.common.jobs;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.TestSupport;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.Times;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;
import static payments.TestSupport.apiAs;

/** Operators see the jobs given up (those that held money apart, and counted in the metrics) and resolve them with a reason. */
@QuarkusTest
class DeadJobsTest {

    private static final Pattern GAUGE = Pattern.compile("payments_jobs_dead\\{money=\"true\"[^}]*} ([0-9.eE+]+)");

    @Inject
    Pool pool;

    @Inject
    ServerClock clock;

    @Inject
    DeadJobs deadJobs;

    @Test
    void operatorsListDeadJobsThatHeldMoneyAndResolveThemWithAReason() throws Throwable {
        UUID money = dead("payment.settle", true);
        UUID plain = dead("quote.expire", false);
        String moneyId = "BackgroundJob:" + money;
        Map<String, String> viewer = TestSupport.newToken("VIEW");

        // A VIEW token lists them; moneyOnly leaves out the one that held none.
        List<String> ids = apiAs(viewer.get("clientId"), viewer.get("clientSecret")).queryParam("limit", 100).get("/jobs/dead").then()
                .statusCode(200).extract().jsonPath().getList("data.id");
        assertTrue(ids.contains(moneyId) && ids.contains("BackgroundJob:" + plain), ids.toString());
        JsonPath moneyOnly = api().queryParam("moneyOnly", "true").queryParam("limit", 100).get("/jobs/dead").then().statusCode(200)
                .extract().jsonPath();
        assertTrue(moneyOnly.getList("data.id").contains(moneyId));
        assertFalse(moneyOnly.getList("data.id").contains("BackgroundJob:" + plain));
        assertTrue(moneyOnly.getList("data.holdsMoney", Boolean.class).stream().allMatch(Boolean::booleanValue));
        Map<String, Object> listed = moneyOnly.getMap("data.find { it.id == '" + moneyId + "' }");
        assertEquals("payment.settle", listed.get("type"));
        assertEquals("settle:" + money, listed.get("payload"));
        assertEquals("IllegalStateException: the rail is gone", listed.get("lastError"));
        org.junit.jupiter.api.Assertions.assertNull(listed.get("resolvedAt"));
        api().queryParam("moneyOnly", "maybe").get("/jobs/dead").then().statusCode(400).body("details.errors[0].field", equalTo("moneyOnly"));

        // The metrics count it among the unresolved that held money.
        double before = gauge();
        assertTrue(before >= 1, "payments_jobs_dead{money=\"true\"} " + before);

        // Resolving takes MANAGE and a reason; it is recorded with who and when, once.
        apiAs(viewer.get("clientId"), viewer.get("clientSecret")).body(Map.of("reason", "settled by hand"))
                .post("/jobs/dead/" + moneyId + "/resolve").then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        api().body(Map.of()).post("/jobs/dead/" + moneyId + "/resolve").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors[0].field", equalTo("reason"));
        api().body(Map.of("reason", "settled by hand, payout 42 sent again")).post("/jobs/dead/" + moneyId + "/resolve").then()
                .statusCode(200).body("id", equalTo(moneyId)).body("resolution", equalTo("settled by hand, payout 42 sent again"))
                .body("resolvedAt", notNullValue()).body("resolvedBy", notNullValue()).body("holdsMoney", equalTo(true));
        api().body(Map.of("reason", "again")).post("/jobs/dead/" + moneyId + "/resolve").then().statusCode(409)
                .body("code", equalTo("CONFLICT"));
        assertEquals(before - 1, gauge(), "a resolved job is no longer counted");
        // The bank desk's page lists the unresolved only, however many were resolved since.
        List<String> unresolved = VertxContextSupport.subscribeAndAwait(() -> deadJobs.unresolved("100")).data().stream().map(DeadJobs.DeadJobResponse::id).toList();
        assertTrue(unresolved.contains("BackgroundJob:" + plain), unresolved.toString());
        assertFalse(unresolved.contains(moneyId), unresolved.toString());

        // Only a dead job can be resolved; any other id names nothing.
        api().body(Map.of("reason", "x")).post("/jobs/dead/BackgroundJob:" + pending() + "/resolve").then().statusCode(404)
                .body("code", equalTo("NOT_FOUND"));
        api().body(Map.of("reason", "x")).post("/jobs/dead/Job:" + money + "/resolve").then().statusCode(404);
    }

    @Inject
    RecordingJobHandler recorder;

    @Test
    void aDeadJobRunsAgainWhenAnOperatorRetriesItOnce() throws Throwable {
        UUID id = Ids.newUuid();
        Instant now = clock.now();
        execute("INSERT INTO jobs (id, type, payload, status, run_at, attempts, last_error, created_at, updated_at, holds_money) "
                        + "VALUES ($1, $2, 'plain', 'DEAD', $3, 25, 'the handler was not deployed', $3, $3, TRUE)",
                Tuple.of(id, RecordingJobHandler.TYPE, Times.utc(now)));
        String jobId = "BackgroundJob:" + id;
        Map<String, String> viewer = TestSupport.newToken("VIEW");
        apiAs(viewer.get("clientId"), viewer.get("clientSecret")).body(Map.of("reason", "x")).post("/jobs/dead/" + jobId + "/retry")
                .then().statusCode(403);
        api().body(Map.of()).post("/jobs/dead/" + jobId + "/retry").then().statusCode(400).body("details.errors[0].field", equalTo("reason"));
        assertEquals(0, recorder.runsOf(id));
        TestSupport.operationsDesk().body(Map.of("reason", "The handler is deployed since 2.3")).post("/jobs/dead/" + jobId + "/retry")
                .then().statusCode(200).body("status", equalTo("PENDING")).body("attempts", equalTo(0))
                .body("retryReason", equalTo("The handler is deployed since 2.3")).body("retriedBy", org.hamcrest.Matchers.startsWith("BASIC:Token:"));
        api().body(Map.of("reason", "again")).post("/jobs/dead/" + jobId + "/retry").then().statusCode(404)
                .body("code", equalTo("NOT_FOUND"));
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (recorder.runsOf(id) == 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(1, recorder.runsOf(id), "run again, once");

        UUID resolved = dead("payment.settle", true);
        api().body(Map.of("reason", "settled by hand")).post("/jobs/dead/BackgroundJob:" + resolved + "/resolve").then().statusCode(200);
        api().body(Map.of("reason", "x")).post("/jobs/dead/BackgroundJob:" + resolved + "/retry").then().statusCode(409);
    }

    private double gauge() throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> deadJobs.refreshGauge());
        Matcher line = GAUGE.matcher(RestAssured.get("/q/metrics").then().statusCode(200).extract().asString());
        assertTrue(line.find(), "the gauge payments.jobs.dead{money=true} is exported");
        return Double.parseDouble(line.group(1));
    }

    /** A job given up just now, written as the runner leaves it. */
    private UUID dead(String type, boolean holdsMoney) throws Throwable {
        UUID id = Ids.newUuid();
        Instant now = clock.now();
        execute("INSERT INTO jobs (id, type, payload, status, run_at, attempts, last_error, created_at, updated_at, holds_money) "
                        + "VALUES ($1, $2, $3, 'DEAD', $4, 25, 'IllegalStateException: the rail is gone', $4, $4, $5)",
                Tuple.of(id, type, "settle:" + id, Times.utc(now), holdsMoney));
        return id;
    }

    /** A job still to run (far in the future, so no runner takes it meanwhile). */
    private UUID pending() throws Throwable {
        UUID id = Ids.newUuid();
        Instant later = clock.now().plus(Duration.ofDays(3650));
        execute("INSERT INTO jobs (id, type, payload, status, run_at, attempts, created_at, updated_at) "
                + "VALUES ($1, $2, 'plain', 'PENDING', $3, 0, $3, $3)", Tuple.of(id, RecordingJobHandler.TYPE, Times.utc(later)));
        return id;
    }

    private void execute(String sql, Tuple values) throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> pool.preparedQuery(sql).execute(values));
    }
}
