package payments.common;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import payments.TestSupport;
import payments.customer.CustomerTest;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static payments.TestSupport.api;

/** A misspelt field is named in the answer (the reference ignores unknown fields), or refused under svc.unknown-fields=REJECT. */
@QuarkusTest
class UnknownFieldsTest {

    @Test
    void unknownFieldsAreNamedInTheAnswerHeader() {
        Map<String, Object> customer = CustomerTest.individual(TestSupport.uniqueCustomerRef("unknown"), "Una Known");
        customer.remove("fullName");
        customer.put("fulName", "Una Known");
        Map<String, Object> address = new java.util.HashMap<>(Map.of("line1", "1 Main St", "postalCode", "73301", "country", "US",
                "zipp", "73301"));
        customer.put("address", address);
        api().body(customer).post("/customers").then().statusCode(201)
                .header(UnknownFields.HEADER, equalTo("fulName, address.zipp"))
                .body("fullName", nullValue());
        // A typed request (bound to a record) too, and a clean one carries no header.
        api().body(Map.of("seconds", 1, "secs", 2)).post("/sandbox/clock/advance").then().statusCode(200)
                .header(UnknownFields.HEADER, equalTo("secs"));
        api().body(Map.of("seconds", 1)).post("/sandbox/clock/advance").then().statusCode(200)
                .header(UnknownFields.HEADER, nullValue());
    }
}
