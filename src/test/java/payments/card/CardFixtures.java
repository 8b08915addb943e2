package payments.card;

import io.restassured.path.json.JsonPath;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static payments.TestSupport.api;

/** Cards issued and activated for the card tests, and the simulators they drive. */
public final class CardFixtures {

    private CardFixtures() {
    }

    /** An approved customer with an ACTIVE card on its {@code currency} account holding {@code funding}. */
    public record Cardholder(Holder holder, String account, String cardId) {
    }

    public static Cardholder cardholder(String currency, long funding, Map<String, Object> extra) {
        Holder holder = MoneyFixtures.approvedCustomer(List.of(currency));
        String account = holder.account(currency);
        if (funding > 0) {
            MoneyFixtures.fund(account, funding);
        }
        String cardId = issue(holder.customerId(), account, extra).getString("id");
        awaitStatus(cardId, "ACTIVE");
        return new Cardholder(holder, account, cardId);
    }

    static Map<String, Object> body(String customerId, String accountId) {
        Map<String, Object> body = new HashMap<>();
        body.put("customerId", customerId);
        body.put("form", "VIRTUAL");
        body.put("fundingSource", accountId);
        return body;
    }

    static JsonPath issue(String customerId, String accountId, Map<String, Object> extra) {
        Map<String, Object> body = body(customerId, accountId);
        body.putAll(extra);
        return api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body).post("/cards")
                .then().statusCode(201).extract().jsonPath();
    }

    static JsonPath awaitStatus(String cardId, String status) {
        JsonPath last = null;
        for (int i = 0; i < 100; i++) {
            last = api().get("/cards/" + cardId).then().statusCode(200).extract().jsonPath();
            if (status.equals(last.getString("status"))) {
                return last;
            }
            MoneyFixtures.sleep(100);
        }
        throw new AssertionError("card " + cardId + " never reached " + status + ": " + last.prettify());
    }

    static Map<String, Object> authorization(long amount, String currency, String descriptor) {
        return Map.of("amount", amount, "currency", Map.of("code", currency),
                "merchant", Map.of("descriptor", descriptor, "mcc", "5814", "country", "US"));
    }

    /** Simulates a purchase authorization and answers the card transaction. */
    static JsonPath authorize(String cardId, long amount, String descriptor) {
        return api().body(authorization(amount, "USD", descriptor)).post("/sandbox/cards/" + cardId + "/simulate/authorization")
                .then().statusCode(200).extract().jsonPath();
    }

    /** Posts an asynchronous simulation (202 with the issuer's token). */
    static String simulate(String cardId, String kind, Map<String, Object> body) {
        return api().body(body).post("/sandbox/cards/" + cardId + "/simulate/" + kind).then().statusCode(202)
                .extract().path("issuerTransactionToken");
    }

    static JsonPath transaction(String id) {
        return api().get("/transactions/" + id).then().statusCode(200).extract().jsonPath();
    }

    /** Polls a card transaction until {@code path} reads {@code value} (the simulations' jobs run right after). */
    static JsonPath awaitTransaction(String id, String path, Object value) {
        JsonPath last = null;
        for (int i = 0; i < 100; i++) {
            last = transaction(id);
            Object current = last.get(path);
            if (String.valueOf(value).equals(String.valueOf(current))) {
                return last;
            }
            MoneyFixtures.sleep(100);
        }
        throw new AssertionError("card transaction " + id + " never had " + path + " = " + value + ": " + last.prettify());
    }

    /** Card transactions of a card, newest first. */
    static List<Map<String, Object>> cardTransactions(String cardId) {
        return api().queryParam("cardId", cardId).queryParam("limit", 100).get("/transactions").then().statusCode(200)
                .extract().path("data");
    }
}
