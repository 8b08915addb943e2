package payments;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static payments.TestSupport.api;

/** In production mode the sandbox endpoints do not exist; everything else behaves the same. */
@QuarkusTest
@TestProfile(ProductionModeTest.Production.class)
class ProductionModeTest {

    public static class Production implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.mode", "production");
        }
    }

    @Test
    void sandboxEndpointsAnswer404() {
        api().post("/sandbox/webhooks/test").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        api().body(Map.of("seconds", 10)).post("/sandbox/clock/advance").then().statusCode(404);
    }

    @Test
    void productionWebhookEndpointsMustBeHttps() {
        api().body(Map.of("webhookEndpoint", "http://example.com/hooks")).patch("/config").then().statusCode(400)
                .body("details.errors[0].field", equalTo("webhookEndpoint"));
        api().get("/config").then().statusCode(200);
    }
}
