package payments.common;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;
import payments.TestSupport;
import payments.customer.CustomerTest;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static payments.TestSupport.api;

/** Under svc.unknown-fields=REJECT a request with fields the interface does not define is a 400 naming each. */
@QuarkusTest
@TestProfile(UnknownFieldsRejectTest.Strict.class)
class UnknownFieldsRejectTest {

    public static class Strict implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.unknown-fields", "REJECT", "svc.jobs.enabled", "false");
        }
    }

    @Test
    void unknownFieldsAreRefusedWithEveryOneNamed() {
        Map<String, Object> customer = CustomerTest.individual(TestSupport.uniqueCustomerRef("strict"), "Stu Strict");
        customer.put("fulName", "Stu Strict");
        customer.put("nickname", "stu");
        api().body(customer).post("/customers").then().statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors.field", containsInAnyOrder("fulName", "nickname"));
        api().body(Map.of("seconds", 1, "secs", 2)).post("/sandbox/clock/advance").then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("secs")));
        api().body(CustomerTest.individual(TestSupport.uniqueCustomerRef("strict"), "Stu Strict")).post("/customers").then()
                .statusCode(201);
    }
}
