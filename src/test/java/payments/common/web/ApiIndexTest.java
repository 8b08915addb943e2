package payments.common.web;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import payments.TestSupport;

import java.util.logging.Level;
import java.util.logging.LogRecord;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The base URL opened in a browser leads to the documentation; a client gets the links. And a quiet start. */
@QuarkusTest
class ApiIndexTest {

    @Test
    void theBaseUrlLeadsToTheDocumentation() {
        RestAssured.given().redirects().follow(false).header("Accept", "text/html,application/xhtml+xml").get(TestSupport.BASE)
                .then().statusCode(303).header("Location", org.hamcrest.Matchers.matchesPattern("http://[^/]+/q/swagger-ui"));
        RestAssured.given().get(TestSupport.BASE).then().statusCode(200)
                .body("documentation", equalTo("/q/swagger-ui")).body("mode", equalTo("SANDBOX"));
        RestAssured.given().get("/q/swagger-ui/").then().statusCode(200);
    }

    @Test
    void theStartUpLinesNobodyCanActOnAreDropped() {
        QuietStart filter = new QuietStart();
        assertFalse(filter.isLoggable(new LogRecord(Level.INFO, "Profile%s %s activated. %s")));
        assertFalse(filter.isLoggable(new LogRecord(Level.INFO, "Profile prod activated. ")));
        assertFalse(filter.isLoggable(new LogRecord(Level.WARNING, "This Gauge has been already registered (MeterId{name='postgresql"
                + ".queue.size', tags=[]}), the registration will be ignored.")));
        assertTrue(filter.isLoggable(new LogRecord(Level.WARNING, "This Gauge has been already registered (MeterId{name='other'")));
        LogRecord started = new LogRecord(Level.INFO, "payments-platform 1.0 on JVM started in 5.0s. Listening on: http://0.0.0.0:8080");
        started.setLoggerName("io.quarkus");
        assertFalse(filter.isLoggable(started));
        LogRecord stopped = new LogRecord(Level.INFO, "payments-platform stopped in 0.1s");
        stopped.setLoggerName("io.quarkus");
        assertTrue(filter.isLoggable(stopped));
        assertTrue(filter.isLoggable(new LogRecord(Level.INFO, "Other started in 5.0s")));
    }
}
