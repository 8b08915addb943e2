package payments.platform;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static payments.TestSupport.api;

@QuarkusTest
class PlatformConfigTest {

    @Test
    void configHasReferenceFieldsAndThePublicKey() {
        api().get("/config").then().statusCode(200)
                .body("id", startsWith("PlatformConfig:"))
                .body("webhookPublicKey", startsWith("-----BEGIN PUBLIC KEY-----"))
                .body("supportedCurrencies.currencyCode", org.hamcrest.Matchers.hasItems("USD", "USDC"))
                .body("isRegulatedFinancialInstitution", equalTo(false));
    }

    @Test
    void aCardTokenizationLogoTakesAnyHttpsUrl() {
        api().body(Map.of("cardTokenization2faConfig", Map.of("displayName", "Acme", "logoUrl", "https://cdn.example.com/brand/logo.png")))
                .patch("/config").then().statusCode(200)
                .body("cardTokenization2faConfig.logoUrl", equalTo("https://cdn.example.com/brand/logo.png"));
        api().body(Map.of("cardTokenization2faConfig", Map.of("logoUrl", "https://cdn.example.com/a logo.png"))).patch("/config").then()
                .statusCode(400).body("details.errors[0].field", equalTo("cardTokenization2faConfig.logoUrl"));
    }

    @Test
    void invalidPatchListsEveryBadField() {
        Map<String, Object> body = Map.of(
                "umaDomain", "not a domain",
                "webhookEndpoint", "ftp://example.com/hook",
                "supportedCurrencies", List.of(Map.of("currencyCode", "XXX", "minAmount", 10, "maxAmount", 5,
                        "requiredCounterpartyFields", List.of(), "enabledTransactionTypes", List.of("SIDEWAYS"))),
                "embeddedWalletConfig", Map.of("otpLength", 3, "sendFromEmailAddress", "nope"),
                "cardTokenization2faConfig", Map.of("logoUrl", "http://insecure.example.com/logo.png"));
        api().body(body).patch("/config").then().statusCode(400)
                .body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("umaDomain", "webhookEndpoint",
                        "supportedCurrencies[0].currencyCode", "supportedCurrencies[0].maxAmount",
                        "supportedCurrencies[0].enabledTransactionTypes[0]", "embeddedWalletConfig.otpLength",
                        "embeddedWalletConfig.sendFromEmailAddress", "cardTokenization2faConfig.logoUrl"))
                .body("details.errors.find { it.field == 'embeddedWalletConfig.sendFromEmailAddress' }.constraint.format",
                        equalTo("email"));
    }

    @Test
    void feeConfigsMergeByKeyAndZeroDeactivates() {
        Map<String, Object> fee = Map.of("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD",
                "variableFeeBps", 30, "fixedFee", Map.of("amount", 100, "currency", "USD"));
        api().body(Map.of("feeConfigs", List.of(fee))).patch("/config").then().statusCode(200)
                .body("feeConfigs", hasSize(1)).body("feeConfigs[0].variableFeeBps", equalTo(30));
        Map<String, Object> updated = Map.of("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD",
                "variableFeeBps", 50, "fixedFee", Map.of("amount", 0, "currency", "USD"));
        api().body(Map.of("feeConfigs", List.of(updated))).patch("/config").then().statusCode(200)
                .body("feeConfigs", hasSize(1)).body("feeConfigs[0].variableFeeBps", equalTo(50));
        api().body(Map.of("umaDomain", "pay.example.com")).patch("/config").then().statusCode(200)
                .body("feeConfigs", hasSize(1)).body("umaDomain", equalTo("pay.example.com"));
        Map<String, Object> zero = Map.of("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "USD",
                "variableFeeBps", 0, "fixedFee", Map.of("amount", 0, "currency", "USD"));
        api().body(Map.of("feeConfigs", List.of(zero))).patch("/config").then().statusCode(200).body("feeConfigs", hasSize(0));
    }

    @Test
    void nonUsdFeeSourceIsNotImplemented() {
        Map<String, Object> fee = Map.of("feeType", "CROSS_CURRENCY_TRANSACTION", "sourceCurrency", "EUR",
                "variableFeeBps", 30, "fixedFee", Map.of("amount", 100, "currency", "EUR"));
        api().body(Map.of("feeConfigs", List.of(fee))).patch("/config").then().statusCode(501)
                .body("code", equalTo("NOT_IMPLEMENTED"));
    }

    @Test
    void nestedConfigsMergeFieldByField() {
        api().body(Map.of("embeddedWalletConfig", Map.of("appName", "Acme Wallet", "otpLength", 8))).patch("/config")
                .then().statusCode(200);
        api().body(Map.of("embeddedWalletConfig", Map.of("replyToEmailAddress", "support@acme.com"))).patch("/config")
                .then().statusCode(200)
                .body("embeddedWalletConfig.appName", equalTo("Acme Wallet"))
                .body("embeddedWalletConfig.otpLength", equalTo(8))
                .body("embeddedWalletConfig.replyToEmailAddress", equalTo("support@acme.com"));
    }
}
