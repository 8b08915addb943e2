package payments.sandbox;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import payments.JobsByHand;
import payments.TestSupport;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasItem;
import static payments.TestSupport.api;

/**
 * POST /sandbox/reset empties the sandbox and keeps the credentials, the platform configuration and the
 * server's keys. Run on the jobs-by-hand profile's own database (the suite's shared one keeps its data).
 */
@QuarkusTest
@TestProfile(JobsByHand.class)
class SandboxResetTest {

    @Test
    void aConfirmedResetEmptiesTheDataAndKeepsTheCredentialsAndConfiguration() {
        // Jobs run by hand here: the customer's accounts stay PENDING, which is all this needs.
        String customerId = api().body(payments.customer.CustomerTest.individual(TestSupport.uniqueCustomerRef("reset"), "Rita Reset"))
                .post("/customers").then().statusCode(201).extract().path("id");
        api().body(Map.of("webhookEndpoint", "http://127.0.0.1:9/hooks")).patch("/config").then().statusCode(200);
        Map<String, String> viewer = TestSupport.newToken("VIEW");

        api().post("/sandbox/reset").then().statusCode(400).body("details.errors.field", equalTo(List.of("Svc-Confirm-Reset")));
        api().header("Svc-Confirm-Reset", "no").post("/sandbox/reset").then().statusCode(400);
        TestSupport.apiAs(viewer.get("clientId"), viewer.get("clientSecret")).header("Svc-Confirm-Reset", "yes").post("/sandbox/reset")
                .then().statusCode(403);
        api().get("/customers/" + customerId).then().statusCode(200);

        api().header("Svc-Confirm-Reset", "yes").post("/sandbox/reset").then().statusCode(200)
                .body("emptied", hasItems("customers", "internal_accounts", "ledger_entries", "transactions", "webhook_events", "jobs"))
                .body("emptied", not(hasItem("api_tokens")));

        api().get("/customers/" + customerId).then().statusCode(404);
        api().get("/customers").then().statusCode(200).body("totalCount", equalTo(0));
        api().get("/config").then().statusCode(200).body("webhookEndpoint", equalTo("http://127.0.0.1:9/hooks"));
        TestSupport.apiAs(viewer.get("clientId"), viewer.get("clientSecret")).get("/customers").then().statusCode(200);
        api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
        // And it works again from scratch.
        api().body(payments.customer.CustomerTest.individual(TestSupport.uniqueCustomerRef("after"), "Ada After")).post("/customers")
                .then().statusCode(201);
    }
}
