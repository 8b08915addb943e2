package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.common.IdType;
import payments.common.Ids;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * A quote executed at once between two internal accounts keeps no quotes row (issue 48): GET
 * /quotes/{id}, GET /quotes and every quote operation serve it from its transaction, answering what
 * a saved quote would.
 */
@QuarkusTest
class QuoteServedFromTransactionTest {

    @Inject
    Pool pool;

    @Test
    void anAtOnceQuoteIsServedFromItsTransactionAsItWasAnswered() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 10_000);
        Map<String, Object> body = MoneyFixtures.transferBody(payer.account("USD"), payee.account("USD"), 700);
        body.put("description", "Déjeuner \"au\" café\n");
        Map<String, Object> answered = api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body).post("/quotes")
                .then().statusCode(201).body("status", equalTo("PROCESSING")).extract().jsonPath().getMap("");
        String quoteId = (String) answered.get("id");
        MoneyFixtures.awaitTransaction((String) answered.get("transactionId"), "COMPLETED");

        assertEquals(0, quoteRows(quoteId), "an at-once quote between internal accounts is kept in no quotes row");
        Map<String, Object> served = api().get("/quotes/" + quoteId).then().statusCode(200)
                .body("status", equalTo("COMPLETED")).extract().jsonPath().getMap("");
        assertEquals(withoutStatus(answered), withoutStatus(served));

        // The same quote made, then executed, keeps its row: both answer the same fields.
        String saved = api().body(MoneyFixtures.quoteBody(payer.account("USD"), payee.account("USD"), 700)).post("/quotes").then()
                .statusCode(201).extract().path("id");
        MoneyFixtures.awaitTransaction(api().post("/quotes/" + saved + "/execute").then().statusCode(200)
                .extract().path("transactionId"), "COMPLETED");
        assertEquals(1, quoteRows(saved));
        assertEquals(api().get("/quotes/" + saved).then().extract().jsonPath().getMap("").keySet(), served.keySet());

        api().post("/quotes/" + quoteId + "/execute").then().statusCode(409).body("code", equalTo("INVALID_STATE_TRANSITION"));
        // A quote id is a quote's: the transaction of a saved quote does not answer as one.
        String savedTransaction = api().get("/quotes/" + saved).then().extract().path("transactionId");
        api().get("/quotes/" + IdType.QUOTE.wireId(Ids.uuidOf(IdType.TRANSACTION, savedTransaction, null))).then().statusCode(404)
                .body("code", equalTo("QUOTE_NOT_FOUND"));
    }

    @Test
    void aQuoteWithWhatItsTransactionDoesNotKeepKeepsItsRow() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 10_000);
        Map<String, Object> remitted = MoneyFixtures.transferBody(payer.account("USD"), payee.account("USD"), 100);
        remitted.put("remittanceInformation", "Invoice 42");
        String withRemittance = api().body(remitted).post("/quotes").then().statusCode(201).extract().path("id");
        Map<String, Object> reordered = MoneyFixtures.transferBody(payer.account("USD"), payee.account("USD"), 100);
        reordered.put("destination", new java.util.TreeMap<>(Map.of("destinationType", "ACCOUNT", "accountId", payee.account("USD"))));
        String answered = api().body(reordered).post("/quotes").then().statusCode(201).extract().asString();
        assertEquals(1, quoteRows(withRemittance), "remittance text is kept nowhere else");

        // A document in another key order is kept in the order a served quote gives it back: the
        // POST answer and every GET are the same bytes.
        String quoteId = io.restassured.path.json.JsonPath.from(answered).getString("id");
        assertEquals(0, quoteRows(quoteId));
        String expected = "\"destination\":{\"destinationType\":\"ACCOUNT\",\"accountId\":\"" + payee.account("USD") + "\"}";
        assertTrue(answered.contains(expected), answered);
        String served = api().get("/quotes/" + quoteId).then().statusCode(200).extract().asString();
        assertTrue(served.contains(expected), served);
    }

    @Test
    void listsMixQuotesWithAndWithoutRowsNewestFirst() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 10_000);
        String first = api().body(MoneyFixtures.transferBody(payer.account("USD"), payee.account("USD"), 100)).post("/quotes").then()
                .statusCode(201).extract().path("id");
        String pending = api().body(MoneyFixtures.quoteBody(payer.account("USD"), payee.account("USD"), 200)).post("/quotes").then()
                .statusCode(201).extract().path("id");
        JsonPath last = api().body(MoneyFixtures.transferBody(payer.account("USD"), payee.account("USD"), 300)).post("/quotes").then()
                .statusCode(201).extract().jsonPath();
        MoneyFixtures.awaitTransaction(last.getString("transactionId"), "COMPLETED");
        assertEquals(0, quoteRows(first) + quoteRows(last.getString("id")));

        api().queryParam("customerId", payer.customerId()).get("/quotes").then().statusCode(200)
                .body("data.id", equalTo(List.of(last.getString("id"), pending, first)))
                .body("data.status", equalTo(List.of("COMPLETED", "PENDING", "COMPLETED")))
                .body("data[0].totalSendingAmount", equalTo(300))
                .body("totalCount", equalTo(3));
        api().queryParam("customerId", payer.customerId()).queryParam("status", "COMPLETED").get("/quotes").then()
                .body("data.id", equalTo(List.of(last.getString("id"), first)));
        api().queryParam("customerId", payer.customerId()).queryParam("status", "PENDING").get("/quotes").then()
                .body("data.id", equalTo(List.of(pending)));
        api().queryParam("customerId", payer.customerId()).queryParam("status", "PROCESSING").get("/quotes").then()
                .body("data.size()", equalTo(0));
        api().queryParam("receivingAccountId", payee.account("USD")).queryParam("status", "COMPLETED").get("/quotes").then()
                .body("data.id", equalTo(List.of(last.getString("id"), first)));

        JsonPath page = api().queryParam("customerId", payer.customerId()).queryParam("limit", 2).get("/quotes").then()
                .body("data.id", equalTo(List.of(last.getString("id"), pending))).body("hasMore", equalTo(true)).extract().jsonPath();
        api().queryParam("customerId", payer.customerId()).queryParam("limit", 2).queryParam("cursor", page.getString("nextCursor"))
                .get("/quotes").then().body("data.id", equalTo(List.of(first))).body("hasMore", equalTo(false));
    }

    private int quoteRows(String quoteId) {
        return pool.preparedQuery("SELECT count(*) FROM quotes WHERE id = $1")
                .execute(Tuple.of(Ids.uuidOf(IdType.QUOTE, quoteId, null))).await().indefinitely().iterator().next().getInteger(0);
    }

    private static Map<String, Object> withoutStatus(Map<String, Object> quote) {
        Map<String, Object> copy = new HashMap<>(quote);
        copy.remove("status");
        return copy;
    }
}
