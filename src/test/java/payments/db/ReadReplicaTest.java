package payments.db;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.ws.rs.GET;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import payments.CompiledClasses;
import payments.TestSupport;
import payments.customer.CustomerTest;

import java.io.IOException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reads marked {@link ReplicaRead} against a real streaming standby of the test database: served by
 * the standby once it has caught up, and by the primary while it lags, so a read right after a write
 * finds what the write made either way.
 */
@QuarkusTest
@TestProfile(ReadReplicaTest.WithStandby.class)
class ReadReplicaTest {

    public static class WithStandby implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // Generous: an unpaused standby on a busy test machine still catches up within it.
            return Map.of("svc.read-replica.max-wait", "2s");
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(StreamingStandby.class));
        }
    }

    @BeforeEach
    void needsTheEmbeddedDatabase() {
        Assumptions.assumeFalse(EmbeddedDatabase.externalConfigured(), "the standby is made from the embedded database's files");
    }

    @Test
    void aReadRightAfterAWriteIsServedByTheStandbyOnceItHasCaughtUp() throws SQLException {
        String reference = TestSupport.uniqueCustomerRef("replica");
        double before = reads("replica");
        String id = create(reference);
        TestSupport.api().get("/customers/" + id).then().statusCode(200).body("id", is(id));
        TestSupport.api().queryParam("platformCustomerId", reference).get("/customers")
                .then().statusCode(200).body("data.id", hasItem(id));
        assertEquals(before + 2, reads("replica"), "both reads went to the standby");
        assertEquals(1, onStandby(reference), "the standby holds the customer it answered with");
    }

    @Test
    void whileTheStandbyLagsReadsGoToThePrimaryAndStillFindTheWrite() throws SQLException {
        StreamingStandby.pauseReplay(true);
        try {
            String reference = TestSupport.uniqueCustomerRef("lagging");
            double fromReplica = reads("replica");
            double fromPrimary = reads("primary");
            String id = create(reference);
            TestSupport.api().get("/customers/" + id).then().statusCode(200).body("id", is(id));
            assertEquals(0, onStandby(reference), "the paused standby does not have it: reading there would have been a 404");
            assertEquals(fromReplica, reads("replica"));
            assertEquals(fromPrimary + 1, reads("primary"));
        } finally {
            StreamingStandby.pauseReplay(false);
        }
    }

    /** The mark sends a request's reads to a server that refuses writes: only GETs may carry it, and some do. */
    @Test
    void onlyGetMethodsAreMarked() throws IOException, ClassNotFoundException {
        List<Method> marked = new ArrayList<>();
        for (String name : CompiledClasses.names()) {
            for (Method method : Class.forName(name, false, getClass().getClassLoader()).getDeclaredMethods()) {
                if (method.isAnnotationPresent(ReplicaRead.class)) {
                    assertTrue(method.isAnnotationPresent(GET.class), method + " is marked but is not a GET");
                    marked.add(method);
                }
            }
        }
        assertTrue(marked.size() >= 6, "the list and get reads are marked: " + marked);
    }

    private static String create(String reference) {
        return TestSupport.api().body(CustomerTest.individual(reference, "Rhea Replica")).post("/customers")
                .then().statusCode(201).extract().path("id");
    }

    private static long onStandby(String reference) throws SQLException {
        try (Connection db = StreamingStandby.standby();
             PreparedStatement query = db.prepareStatement("SELECT count(*) FROM customers WHERE platform_customer_id = ?")) {
            query.setString(1, reference);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        }
    }

    private static final Pattern READS = Pattern.compile("svc_read_replica_reads_total\\{served_by=\"(\\w+)\"[^}]*} ([0-9.eE+]+)");

    private static double reads(String servedBy) {
        Matcher line = READS.matcher(RestAssured.get("/q/metrics").then().statusCode(200).extract().asString());
        while (line.find()) {
            if (line.group(1).equals(servedBy)) {
                return Double.parseDouble(line.group(2));
            }
        }
        return 0;
    }
}
