package payments.customer.bulk;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;
import payments.WebhookReceiver;
import payments.WebhookReceiver.Delivery;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

@QuarkusTest
public class BulkImportTest {

    static String upload(String csv) {
        return api().contentType("multipart/form-data")
                .multiPart("file", "customers.csv", csv.getBytes(StandardCharsets.UTF_8), "text/csv")
                .post("/customers/bulk/csv").then().statusCode(202)
                .body("jobId", startsWith("Job:")).body("status", equalTo("PENDING"))
                .extract().path("jobId");
    }

    static JsonPath finished(String jobId) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            JsonPath job = api().get("/customers/bulk/jobs/" + jobId).then().statusCode(200).extract().jsonPath();
            if (job.getString("completedAt") != null) {
                return job;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("bulk job " + jobId + " did not finish");
    }

    @Test
    void importsEveryValidRowAndReportsEachBadOne() throws Exception {
        // Ends in a letter: ids and addresses ending in three digits are sandbox magic values.
        String run = UUID.randomUUID().toString().substring(0, 8) + "x";
        String csv = """
                umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,businessLegalName,businessTaxId,businessIncorporatedOn,email
                john.%1$s@example.com,ind-%1$s,INDIVIDUAL,John Doe,1990-01-15,123 Main St,San Francisco,CA,94105,US,,,,john@example.com
                ,biz-%1$s,BUSINESS,,,400 Commerce Way,Austin,TX,78701,US,"Acme, Inc",47-1234567,2015-03-01,
                ,bad-%1$s,INDIVIDUAL,No Birth,,1 Road,Paris,,75001,FR,,,,
                ,bad2-%1$s,INDIVIDUAL,Future Kid,2999-01-01,1 Road,Austin,TX,73301,US,,,,not-an-email
                ,ind-%1$s,INDIVIDUAL,Dup Licate,1990-01-15,1 Road,Austin,TX,73301,US,,,,
                """.formatted(run);
        WebhookReceiver receiver = new WebhookReceiver();
        api().body(Map.of("webhookEndpoint", receiver.url())).patch("/config").then().statusCode(200);
        try {
            String jobId = upload(csv);
            JsonPath job = finished(jobId);
            assertEquals("COMPLETED", job.getString("status"));
            assertEquals(Map.of("total", 5, "processed", 5, "successful", 2, "failed", 3), job.getMap("progress"));
            assertEquals(List.of("bad-" + run, "bad2-" + run, "ind-" + run), job.getList("errors.correlationId"));
            assertEquals(List.of("birthDate", "state"), job.getList("errors[0].details.errors.field"));
            assertTrue(job.getList("errors[1].details.errors.field").containsAll(List.of("birthDate", "email")));
            assertEquals("CONFLICT", job.getString("errors[2].code"));

            api().queryParam("platformCustomerId", "ind-" + run).get("/customers").then()
                    .body("data[0].fullName", equalTo("John Doe")).body("data[0].umaAddress", equalTo("$john." + run + "@example.com"));
            api().queryParam("platformCustomerId", "biz-" + run).get("/customers").then()
                    .body("data[0].businessInfo.legalName", equalTo("Acme, Inc"))
                    .body("data[0].businessInfo.country", equalTo("US"));
            Delivery delivery = receiver.nextMatching("BULK_UPLOAD.COMPLETED", jobId, 10);
            assertNotNull(delivery);
            assertTrue(delivery.signatureValid());
        } finally {
            api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
            receiver.close();
        }
    }

    @Test
    void aFileWhereEveryRowFailsEndsFailedAndLargeFilesRunInSlices() throws Exception {
        String failing = finished(upload("platformCustomerId,customerType\nx-" + UUID.randomUUID() + ",ROBOT\n")).getString("status");
        assertEquals("FAILED", failing);

        StringBuilder many = new StringBuilder("platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country\n");
        String run = UUID.randomUUID().toString().substring(0, 8);
        int count = BulkImportService.ROWS_PER_RUN + 20;
        for (int i = 0; i < count; i++) {
            many.append("many-").append(run).append('-').append(i).append(",INDIVIDUAL,Person ").append(i)
                    .append(",1980-02-02,1 Elm St,Austin,TX,73301,US\n");
        }
        JsonPath job = finished(upload(many.toString()));
        assertEquals(Map.of("total", count, "processed", count, "successful", count, "failed", 0), job.getMap("progress"));
        assertEquals(List.of(), job.getList("errors"));
    }

    @Test
    void unusableFilesAreRefusedAtUpload() {
        api().contentType("multipart/form-data").multiPart("other", "x").post("/customers/bulk/csv").then().statusCode(400)
                .body("details.errors.field", hasItems("file"));
        for (String csv : List.of("fullName,birthDate\nJo,1990-01-01\n", "platformCustomerId,customerType\n", "")) {
            api().contentType("multipart/form-data").multiPart("file", "c.csv", csv.getBytes(StandardCharsets.UTF_8), "text/csv")
                    .post("/customers/bulk/csv").then().statusCode(400).body("code", equalTo("INVALID_INPUT"))
                    .body("details.errors.field", hasItems("file"));
        }
        api().get("/customers/bulk/jobs/Job:" + UUID.randomUUID()).then().statusCode(404)
                .body("code", equalTo("BULK_UPLOAD_JOB_NOT_FOUND"));
    }
}
