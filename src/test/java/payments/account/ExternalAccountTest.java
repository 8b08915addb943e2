package payments.account;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
public class ExternalAccountTest {

    static final Map<String, Object> BENEFICIARY = Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "John Doe",
            "birthDate", "1990-01-15", "nationality", "US", "countryOfResidence", "US",
            "address", Map.of("line1", "123 Main St", "city", "San Francisco", "postalCode", "94105", "country", "US"));

    static String customer() {
        return InternalAccountTest.newCustomer("ea-" + UUID.randomUUID(), List.of("USD"));
    }

    /** A fresh valid USD account number ending in {@code suffix}. */
    public static Map<String, Object> usdAccount(String customerId, String suffix) {
        String number = String.valueOf(1_000_000L + (long) (Math.random() * 8_000_000L)) + suffix;
        Map<String, Object> body = new HashMap<>(Map.of("currency", "USD", "accountInfo", Map.of("accountType", "USD_ACCOUNT",
                "accountNumber", number, "routingNumber", "021000021", "bankAccountType", "CHECKING",
                "bankName", "Chase", "beneficiary", BENEFICIARY)));
        if (customerId != null) {
            body.put("customerId", customerId);
        }
        return body;
    }

    /** The spec's shapes: a platform account's customerId is null, not absent; an internal account that is not RULE_BASED has sweepRule null. */
    @Test
    void nullFieldsAreWrittenAsNull() {
        io.restassured.response.Response platform = api().body(usdAccount(null, "000")).post("/platform/external-accounts");
        assertEquals(201, platform.statusCode(), platform.asString());
        assertTrue(platform.jsonPath().getMap("$").containsKey("customerId"), platform.asString());
        assertNull(platform.jsonPath().get("customerId"));
        String customerId = customer();
        io.restassured.response.Response accounts = api().queryParam("customerId", customerId).get("/customers/internal-accounts");
        Map<String, Object> first = accounts.jsonPath().getMap("data[0]");
        assertTrue(first.containsKey("sweepRule") && first.get("sweepRule") == null, accounts.asString());
    }

    @Test
    void createsGetsListsAndDeletesACustomerBankAccount() {
        String customerId = customer();
        Map<String, Object> body = usdAccount(customerId, "000");
        body.put("platformAccountId", "ext-1");
        body.put("ownershipType", "THIRD_PARTY");
        String id = api().body(body).post("/customers/external-accounts").then().statusCode(201)
                .body("id", startsWith("ExternalAccount:"))
                .body("customerId", equalTo(customerId))
                .body("status", equalTo("ACTIVE"))
                .body("currency", equalTo("USD"))
                .body("platformAccountId", equalTo("ext-1"))
                .body("ownershipType", equalTo("THIRD_PARTY"))
                .body("defaultUmaDepositAccount", equalTo(false))
                .body("beneficiaryVerificationStatus", equalTo("MATCHED"))
                .body("beneficiaryVerifiedData.fullName", equalTo("John Doe"))
                .body("accountInfo.routingNumber", equalTo("021000021"))
                .body("accountInfo.beneficiary.fullName", equalTo("John Doe"))
                .extract().path("id");
        api().get("/customers/external-accounts/" + id).then().statusCode(200).body("id", equalTo(id));
        api().queryParam("customerId", customerId).get("/customers/external-accounts").then().statusCode(200)
                .body("totalCount", equalTo(1)).body("data[0].id", equalTo(id));
        api().get("/platform/external-accounts/" + id).then().statusCode(404);
        api().delete("/customers/external-accounts/" + id).then().statusCode(204);
        api().get("/customers/external-accounts/" + id).then().statusCode(404);
        api().delete("/customers/external-accounts/" + id).then().statusCode(404);
    }

    @Test
    void theSameAccountTwiceIsAConflict() {
        String customerId = customer();
        Map<String, Object> body = usdAccount(customerId, "000");
        api().body(body).post("/customers/external-accounts").then().statusCode(201);
        api().body(body).post("/customers/external-accounts").then().statusCode(409).body("code", equalTo("CONFLICT"));
    }

    @Test
    void beneficiaryVerificationFollowsTheSandboxSuffix() {
        String customerId = customer();
        Map<String, String> expected = Map.of("102", "NOT_MATCHED", "103", "PARTIAL_MATCH", "104", "PENDING",
                "106", "UNSUPPORTED", "107", "CHECKED_BY_RECEIVING_FI", "111", "MATCHED");
        expected.forEach((suffix, status) -> api().body(usdAccount(customerId, suffix)).post("/customers/external-accounts")
                .then().statusCode(201).body("beneficiaryVerificationStatus", equalTo(status)));
        api().body(usdAccount(customerId, "105")).post("/customers/external-accounts").then().statusCode(400)
                .body("code", equalTo("INVALID_BANK_ACCOUNT"));
    }

    @Test
    void checksDigitsAndEveryFieldAtOnce() {
        Map<String, Object> body = Map.of("customerId", customer(), "currency", "EUR", "platformAccountId", "x".repeat(256),
                "ownershipType", "MINE", "accountInfo", Map.of("accountType", "USD_ACCOUNT", "accountNumber", "123",
                        "routingNumber", "123456789", "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL")));
        JsonPath error = api().body(body).post("/customers/external-accounts").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT")).extract().jsonPath();
        assertTrue(error.getList("details.errors.field").containsAll(List.of("platformAccountId", "ownershipType",
                "accountInfo.beneficiary.fullName")), error.prettify());

        JsonPath checks = api().body(Map.of("currency", "EUR", "accountInfo", Map.of("accountType", "USD_ACCOUNT",
                        "accountNumber", "123", "routingNumber", "123456789", "beneficiary", BENEFICIARY)))
                .post("/platform/external-accounts").then().statusCode(400).extract().jsonPath();
        assertTrue(checks.getList("details.errors.field").containsAll(List.of("currency", "accountInfo.routingNumber")),
                checks.prettify());

        api().body(Map.of("currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT",
                        "iban", "DE89370400440532013001", "beneficiary", BENEFICIARY)))
                .post("/platform/external-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("accountInfo.iban"));
        api().body(Map.of("currency", "MXN", "accountInfo", Map.of("accountType", "MXN_ACCOUNT",
                        "clabeNumber", "032180000118359718", "beneficiary", BENEFICIARY)))
                .post("/platform/external-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("accountInfo.clabeNumber"))
                .body("details.errors[0].constraint.format", equalTo("clabe"));
        api().body(Map.of("currency", "USD", "accountInfo", Map.of("accountType", "NOPE_ACCOUNT")))
                .post("/platform/external-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("accountInfo.accountType"))
                .body("details.errors[0].constraint.enum", hasItems("USD_ACCOUNT", "SPARK_WALLET", "MXN_ACCOUNT"));
        api().body(Map.of("currency", "BTC", "accountInfo", Map.of("accountType", "SPARK_WALLET", "address", "not-spark")))
                .post("/platform/external-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("accountInfo.address"));
    }

    @Test
    void acceptsValidVariantsOfEachFamily() {
        api().body(Map.of("currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT",
                "iban", "DE89370400440532013000", "beneficiary", BENEFICIARY))).post("/platform/external-accounts")
                .then().statusCode(201).body("customerId", nullValue());
        api().body(Map.of("currency", "MXN", "accountInfo", Map.of("accountType", "MXN_ACCOUNT",
                "clabeNumber", "032180000118359719", "beneficiary", BENEFICIARY))).post("/platform/external-accounts")
                .then().statusCode(201);
        api().body(Map.of("currency", "AED", "accountInfo", Map.of("accountType", "AED_ACCOUNT",
                "iban", "AE070331234567890123456", "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "A B",
                        "address", Map.of("line1", "x", "postalCode", "1", "country", "AE"))))).post("/platform/external-accounts")
                .then().statusCode(201);
        api().body(Map.of("currency", "BTC", "accountInfo", Map.of("accountType", "SPARK_WALLET",
                "address", "spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu")))
                .post("/platform/external-accounts").then().statusCode(201).body("beneficiaryVerificationStatus", nullValue());
        api().body(Map.of("currency", "USDC", "accountInfo", Map.of("accountType", "SOLANA_WALLET",
                "address", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"))).post("/platform/external-accounts")
                .then().statusCode(201);
        api().body(Map.of("currency", "BTC", "accountInfo", Map.of("accountType", "LIGHTNING",
                "lightningAddress", "a@b.com", "invoice", "lnbc1abc"))).post("/platform/external-accounts")
                .then().statusCode(400).body("details.errors[0].field", equalTo("accountInfo"));
        api().queryParam("currency", "MXN").get("/platform/external-accounts").then().statusCode(200)
                .body("data.currency", hasItems("MXN"));
    }

    @Test
    void theSpecsClabeTypeIsTheReferencesMxnAccountUnderTheCallersName() {
        String customerId = customer();
        String clabe = "002010077777777771";
        String id = api().body(Map.of("customerId", customerId, "currency", "MXN", "accountInfo", Map.of("accountType", "CLABE",
                        "clabeNumber", clabe, "bankName", "Banamex", "beneficiary", BENEFICIARY)))
                .post("/customers/external-accounts").then().statusCode(201)
                .body("accountInfo.accountType", equalTo("CLABE")).body("accountInfo.paymentRails", contains("SPEI"))
                .extract().path("id");
        api().get("/customers/external-accounts/" + id).then().statusCode(200).body("accountInfo.accountType", equalTo("CLABE"));
        // The same account under the reference's name is the same account.
        api().body(Map.of("customerId", customerId, "currency", "MXN", "accountInfo", Map.of("accountType", "MXN_ACCOUNT",
                        "clabeNumber", clabe, "beneficiary", BENEFICIARY)))
                .post("/customers/external-accounts").then().statusCode(409).body("code", equalTo("CONFLICT"));
        api().body(Map.of("customerId", customerId, "currency", "MXN", "accountInfo", Map.of("accountType", "CLABE",
                        "clabeNumber", "002010077777777772", "beneficiary", BENEFICIARY)))
                .post("/customers/external-accounts").then().statusCode(400)
                .body("details.errors.field", hasItems("accountInfo.clabeNumber"));
    }

    @Test
    void paymentRailsAreTheTypesOrTheChosenOnes() {
        String customerId = customer();
        api().body(usdAccount(customerId, "000")).post("/customers/external-accounts").then().statusCode(201)
                .body("accountInfo.paymentRails", contains("ACH", "WIRE", "RTP", "FEDNOW"));
        Map<String, Object> chosen = usdAccount(customerId, "000");
        Map<String, Object> info = new HashMap<>((Map<String, Object>) chosen.get("accountInfo"));
        info.put("paymentRails", List.of("WIRE", "ACH", "WIRE"));
        chosen.put("accountInfo", info);
        api().body(chosen).post("/customers/external-accounts").then().statusCode(201)
                .body("accountInfo.paymentRails", contains("WIRE", "ACH"));
        info.put("paymentRails", List.of("SEPA", "ACH", 7));
        api().body(chosen).post("/customers/external-accounts").then().statusCode(400)
                .body("details.errors.field", contains("accountInfo.paymentRails[0]", "accountInfo.paymentRails[2]"))
                .body("details.errors[0].constraint.enum", contains("ACH", "WIRE", "RTP", "FEDNOW"));
        info.put("paymentRails", List.of());
        api().body(chosen).post("/customers/external-accounts").then().statusCode(400)
                .body("details.errors.field", contains("accountInfo.paymentRails"));
    }

    @Test
    void oneDefaultUmaDepositAccountPerCustomer() {
        String customerId = customer();
        Map<String, Object> first = usdAccount(customerId, "000");
        first.put("defaultUmaDepositAccount", true);
        String firstId = api().body(first).post("/customers/external-accounts").then().statusCode(201)
                .body("defaultUmaDepositAccount", equalTo(true)).extract().path("id");
        Map<String, Object> second = usdAccount(customerId, "000");
        second.put("defaultUmaDepositAccount", true);
        api().body(second).post("/customers/external-accounts").then().statusCode(201).body("defaultUmaDepositAccount", equalTo(true));
        api().get("/customers/external-accounts/" + firstId).then().body("defaultUmaDepositAccount", equalTo(false));
        List<Boolean> defaults = api().queryParam("customerId", customerId).get("/customers/external-accounts")
                .then().extract().jsonPath().getList("data.defaultUmaDepositAccount", Boolean.class);
        assertEquals(1, defaults.stream().filter(Boolean::booleanValue).count());
        Map<String, Object> platform = usdAccount(null, "000");
        platform.put("defaultUmaDepositAccount", true);
        api().body(platform).post("/platform/external-accounts").then().statusCode(400);
    }

    @Test
    void unknownCustomerOrAccountIs404() {
        api().body(usdAccount("Customer:" + UUID.randomUUID(), "000")).post("/customers/external-accounts")
                .then().statusCode(404).body("code", equalTo("USER_NOT_FOUND"));
        api().get("/customers/external-accounts/ExternalAccount:" + UUID.randomUUID()).then().statusCode(404);
        api().get("/platform/external-accounts/nope").then().statusCode(404);
    }
}
