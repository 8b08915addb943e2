package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static payments.TestSupport.api;

/** GET /quotes, which the official SDKs call (quotes.list) though the reference has no such operation. */
@QuarkusTest
class QuoteListTest {

    @Test
    void quotesAreListedNewestFirstWithTheStatusTheyAnswerWith() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("MXN"));
        MoneyFixtures.fund(payer.account("USD"), 100_000);
        String bank = MoneyFixtures.externalUsdAccount(payer.customerId(), "000");
        String executed = api().body(MoneyFixtures.quoteBody(payer.account("USD"), payee.account("MXN"), 1_000)).post("/quotes").then()
                .statusCode(201).extract().path("id");
        String transactionId = api().post("/quotes/" + executed + "/execute").then().statusCode(200).extract().path("transactionId");
        MoneyFixtures.awaitTransaction(transactionId, "COMPLETED");
        String pending = api().body(MoneyFixtures.quoteBody(payer.account("USD"), bank, 2_000)).post("/quotes").then().statusCode(201)
                .extract().path("id");

        api().queryParam("customerId", payer.customerId()).get("/quotes").then().statusCode(200)
                .body("data.id", equalTo(List.of(pending, executed)))
                .body("data.status", equalTo(List.of("PENDING", "COMPLETED")))
                .body("totalCount", equalTo(2));
        api().queryParam("customerId", payer.customerId()).queryParam("status", "COMPLETED").get("/quotes").then()
                .body("data.id", equalTo(List.of(executed)));
        api().queryParam("customerId", payer.customerId()).queryParam("status", "PENDING").get("/quotes").then()
                .body("data.id", equalTo(List.of(pending)));
        api().queryParam("customerId", payer.customerId()).queryParam("status", "FAILED").get("/quotes").then()
                .body("data.size()", equalTo(0));
        api().queryParam("receivingAccountId", payee.account("MXN")).get("/quotes").then().body("data.id", equalTo(List.of(executed)));
        api().queryParam("receivingAccountId", bank).get("/quotes").then().body("data.id", equalTo(List.of(pending)));
        api().queryParam("sendingAccountId", payer.account("USD")).get("/quotes").then()
                .body("data.id", containsInAnyOrder(pending, executed));

        JsonPath first = api().queryParam("customerId", payer.customerId()).queryParam("limit", 1).get("/quotes").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of(pending), first.getList("data.id"));
        assertEquals(true, first.getBoolean("hasMore"));
        assertNotNull(first.getString("nextCursor"));
        api().queryParam("customerId", payer.customerId()).queryParam("limit", 1).queryParam("cursor", first.getString("nextCursor"))
                .get("/quotes").then().body("data.id", equalTo(List.of(executed))).body("hasMore", equalTo(false));
    }

    @Test
    void everyBadFilterIsNamedAtOnce() {
        api().queryParams(Map.of("customerId", "nope", "status", "DONE", "createdAfter", "yesterday")).get("/quotes").then()
                .statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("customerId", "status", "createdAfter"));
    }
}
