package payments.invitation;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.TestSupport;
import payments.common.ServerClock;
import payments.customer.CustomerTest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.TestSupport.api;

@QuarkusTest
class InvitationTest {

    @Inject
    Pool pool;

    @Inject
    ServerClock clock;

    /** A new customer's UMA address; its first currency is {@code currency}. */
    static String inviter(String currency) {
        Map<String, Object> person = CustomerTest.individual(TestSupport.uniqueCustomerRef("inviter"), "Ines Inviter");
        person.put("currencies", List.of(currency));
        return api().body(person).post("/customers").then().statusCode(201).extract().path("umaAddress");
    }

    static String create(Map<String, Object> body) {
        return api().body(body).post("/invitations").then().statusCode(201).extract().path("code");
    }

    @Test
    void aPayByLinkInvitationCarriesTheAmountInTheInvitersCurrencyAndReadsBack() {
        String uma = inviter("MXN");
        String expiresAt = clock.now().plusSeconds(86_400).toString();
        JsonPath created = api().body(Map.of("inviterUma", uma, "firstName", "Alice", "amountToSend", 12_550, "expiresAt", expiresAt))
                .post("/invitations").then().statusCode(201)
                .body("code", matchesPattern("[0-9a-hjkmnp-tv-z]{12}"))
                .body("status", equalTo("PENDING"))
                .body("inviterUma", equalTo(uma))
                .body("firstName", equalTo("Alice"))
                .body("amountToSend.amount", equalTo(12_550))
                .body("amountToSend.currency.code", equalTo("MXN"))
                .body("expiresAt", equalTo(expiresAt))
                .body("claimedAt", nullValue())
                .extract().jsonPath();
        String code = created.getString("code");
        api().get("/invitations/" + code).then().statusCode(200)
                .body("url", equalTo(created.getString("url")))
                .body("url", containsString("/invite/" + code))
                .body("createdAt", equalTo(created.getString("createdAt")));
    }

    @Test
    void anInvitationIsClaimedOnceAndThePlatformHearsOfItOnce() {
        String uma = inviter("USD");
        String code = create(Map.of("inviterUma", uma));
        api().body(Map.of("inviteeUma", "$bob@other.example")).post("/invitations/" + code + "/claim").then().statusCode(200)
                .body("status", equalTo("CLAIMED"))
                .body("inviteeUma", equalTo("$bob@other.example"))
                .body("claimedAt", notNullValue());
        api().body(Map.of("inviteeUma", "$carol@other.example")).post("/invitations/" + code + "/claim").then().statusCode(400)
                .body("code", equalTo("INVITATION_ALREADY_CLAIMED"));
        api().post("/invitations/" + code + "/cancel").then().statusCode(400).body("code", equalTo("INVITATION_ALREADY_CLAIMED"));
        api().get("/invitations/" + code).then().body("status", equalTo("CLAIMED")).body("inviteeUma", equalTo("$bob@other.example"));
        assertEquals(List.of("INVITATION.CLAIMED"), eventsFor(code));
    }

    @Test
    void parallelClaimsLeaveOneWinner() throws Exception {
        String code = create(Map.of("inviterUma", inviter("USD")));
        int claimers = 8;
        ExecutorService pool = Executors.newFixedThreadPool(claimers);
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < claimers; i++) {
            String invitee = "$claimer" + i + "@other.example";
            answers.add(pool.submit(() -> api().body(Map.of("inviteeUma", invitee)).post("/invitations/" + code + "/claim")
                    .then().extract().statusCode()));
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> answer : answers) {
            statuses.add(answer.get());
        }
        pool.shutdown();
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), "statuses " + statuses);
        assertEquals(claimers - 1, statuses.stream().filter(s -> s == 400).count(), "statuses " + statuses);
        assertEquals(List.of("INVITATION.CLAIMED"), eventsFor(code));
    }

    @Test
    void aCancelledInvitationCannotBeClaimedOrCancelledAgain() {
        String code = create(Map.of("inviterUma", inviter("USD")));
        api().post("/invitations/" + code + "/cancel").then().statusCode(200).body("status", equalTo("CANCELLED"));
        api().body(Map.of("inviteeUma", "$bob@other.example")).post("/invitations/" + code + "/claim").then().statusCode(400)
                .body("code", equalTo("INVITATION_CANCELLED"));
        api().post("/invitations/" + code + "/cancel").then().statusCode(400).body("code", equalTo("INVITATION_CANCELLED"));
        assertEquals(List.of(), eventsFor(code));
    }

    @Test
    void anInvitationPastItsExpiryReadsExpiredAndCannotBeClaimed() {
        String code = create(Map.of("inviterUma", inviter("USD"), "expiresAt", clock.now().plusSeconds(120).toString()));
        api().get("/invitations/" + code).then().body("status", equalTo("PENDING"));
        api().body(Map.of("seconds", 121)).post("/sandbox/clock/advance").then().statusCode(200);
        api().get("/invitations/" + code).then().statusCode(200).body("status", equalTo("EXPIRED"));
        api().body(Map.of("inviteeUma", "$bob@other.example")).post("/invitations/" + code + "/claim").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors[0].field", equalTo("invitationCode"));
        api().post("/invitations/" + code + "/cancel").then().statusCode(400).body("code", equalTo("INVALID_INPUT")).body("details.errors[0].field", equalTo("invitationCode"));
    }

    @Test
    void badInputIsRefusedWithEveryFieldNamed() {
        Map<String, Object> body = new HashMap<>(Map.of("amountToSend", -5, "expiresAt", "tomorrow"));
        api().body(body).post("/invitations").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("amountToSend", "expiresAt", "inviterUma"));
        api().body(Map.of("inviterUma", "$inviter@uma.domain", "expiresAt", "2020-01-01T00:00:00Z")).post("/invitations").then()
                .statusCode(400).body("details.errors.field", containsInAnyOrder("expiresAt"));
        api().body(Map.of("inviterUma", "$nobody-here@uma.domain")).post("/invitations").then().statusCode(400)
                .body("code", equalTo("INVALID_UMA_ADDRESS"));
        api().body(Map.of("inviterUma", "not an address")).post("/invitations").then().statusCode(400)
                .body("code", equalTo("INVALID_UMA_ADDRESS"));
        String uma = inviter("USD");
        String code = create(Map.of("inviterUma", uma));
        api().body(Map.of("inviteeUma", "bob")).post("/invitations/" + code + "/claim").then().statusCode(400)
                .body("code", equalTo("INVALID_UMA_ADDRESS"));
        api().body(Map.of("inviteeUma", uma)).post("/invitations/" + code + "/claim").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).body("details.errors[0].field", equalTo("inviteeUma"));
        api().body(Map.of()).post("/invitations/" + code + "/claim").then().statusCode(400)
                .body("details.errors[0].field", equalTo("inviteeUma"));
        api().get("/invitations/" + code).then().body("status", equalTo("PENDING"));
        api().get("/invitations/abcdefghjkmn").then().statusCode(404).body("code", equalTo("INVITATION_NOT_FOUND"));
        api().post("/invitations/nope/cancel").then().statusCode(404).body("code", equalTo("INVITATION_NOT_FOUND"));
    }

    @Test
    void aRetriedCreateWithTheSameKeyMakesOneInvitation() {
        String uma = inviter("USD");
        String key = java.util.UUID.randomUUID().toString();
        String first = api().header("Idempotency-Key", key).body(Map.of("inviterUma", uma)).post("/invitations").then().statusCode(201)
                .extract().path("code");
        String second = api().header("Idempotency-Key", key).body(Map.of("inviterUma", uma)).post("/invitations").then().statusCode(201)
                .extract().path("code");
        assertEquals(first, second);
    }

    private List<String> eventsFor(String code) {
        return pool.preparedQuery("SELECT type FROM webhook_events JOIN webhook_event_bodies ON event_id = id WHERE type LIKE 'INVITATION.%' AND body LIKE $1 ORDER BY id")
                .execute(Tuple.of("%\"" + code + "\"%")).await().indefinitely()
                .stream().map(row -> row.getString("type")).toList();
    }
}
