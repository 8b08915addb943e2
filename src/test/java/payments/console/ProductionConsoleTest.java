package payments.console;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.TestSupport;
import payments.bankfile.BankFileInbox;
import payments.bankfile.BankFileRailTest;
import payments.bankfile.BankFileSamples;

import java.time.Instant;
import java.util.List;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.console.ConsoleTest.CONSOLE;
import static payments.console.ConsoleTest.console;
import static payments.console.ConsoleTest.formToken;
import static payments.console.ConsoleTest.page;

/**
 * The console in production (the bank rail's profile): the operations desk signs in with its own
 * credentials and works parked entries, files and statements from it, each form the API operation
 * with its checks; other tokens see only what their permissions open; the sandbox's forms are not served.
 */
@QuarkusTest
@TestProfile(BankFileRailTest.BankRail.class)
class ProductionConsoleTest {

    private static final String IBAN = "DE89370400440532013000";

    @Inject
    BankFileInbox inbox;
    @Inject
    io.vertx.mutiny.sqlclient.Pool pool;

    @Test
    void theDeskDecidesParkedEntriesAndExplainsStatementLinesFromTheConsole() throws Throwable {
        String day = BankFileRailTest.fileId();
        BankFileRailTest.bankSends("stray-" + day + ".xml", BankFileSamples.camt054(day, IBAN, List.of(
                new BankFileSamples.Entry("BOOK", "CRDT", "4.56", "EUR", null, null, "Console stray " + day))));
        BankFileRailTest.bankSends("statement-" + day + ".xml", BankFileSamples.camt053("CONSOLE-" + day, IBAN, "EUR",
                Instant.now().plusSeconds(3600), "10.00", "9.00", List.of(new BankFileSamples.StatementEntry("FEE-" + day, "DBIT", "1.00",
                        null, "Bank fee " + day))));
        VertxContextSupport.subscribeAndAwait(() -> inbox.poll());

        String desk = ConsoleTest.signIn(TestSupport.OPERATIONS_ID, TestSupport.OPERATIONS_SECRET);
        page(desk, "").then().statusCode(200).body(containsString("Bank desk")).body(not(containsString("Sandbox clock")))
                .body(not(containsString("console/customers\"")));
        page(desk, "/customers").then().statusCode(403).body(containsString("VIEW"));
        Response bank = page(desk, "/bank");
        bank.then().statusCode(200).body(containsString("Console stray " + day)).body(containsString("CONSOLE-" + day));
        String html = bank.asString();
        String entry = between(html, "console/bank/parked/", "/resolve", "Console stray " + day);
        String form = formToken(html);

        String refused = console(desk).formParam("form", form).formParam("action", "RETURN").post(CONSOLE + "/bank/parked/" + entry + "/resolve")
                .then().statusCode(400).body(containsString("Console stray " + day)).extract().asString();
        assertFalse(ConsoleTest.fieldError(refused, "reason").isEmpty(), refused);
        assertTrue(refused.contains("value=\"RETURN\" selected"), "the decision chosen is kept");
        console(desk).formParam("action", "RETURN").formParam("reason", "x").post(CONSOLE + "/bank/parked/" + entry + "/resolve")
                .then().statusCode(403);
        console(desk).formParam("form", form).formParam("action", "RETURN").formParam("reason", "Sent back by the bank, ticket 7")
                .post(CONSOLE + "/bank/parked/" + entry + "/resolve").then().statusCode(303)
                .header("Location", containsString("console/bank?notice=resolved"));
        TestSupport.operationsDesk().queryParam("status", "RESOLVED").queryParam("limit", "100").get("/bank-entries/parked").then()
                .statusCode(200).body("data.find { it.id == '" + entry + "' }.resolution", org.hamcrest.Matchers.equalTo("RETURNED"))
                .body("data.find { it.id == '" + entry + "' }.reason", org.hamcrest.Matchers.equalTo("Sent back by the bank, ticket 7"));

        String report = between(html, "console/bank/statements/", "\"", "CONSOLE-" + day);
        Response statement = page(desk, "/bank/statements/" + report);
        statement.then().statusCode(200).body(containsString("BANK_ONLY")).body(containsString("FEE-" + day));
        String line = between(statement.asString(), "/lines/", "/resolve", "FEE-" + day);
        console(desk).formParam("form", formToken(statement.asString())).formParam("reason", "The bank's fee, written off")
                .post(CONSOLE + "/bank/statements/" + report + "/lines/" + line + "/resolve").then().statusCode(303)
                .header("Location", containsString("notice=explained"));
        page(desk, "/bank/statements/" + report + "?notice=explained").then().statusCode(200).body(containsString("EXPLAINED"))
                .body(containsString("The bank&#39;s fee, written off"));

        // A job given up shows on the desk, and runs again from its Retry form.
        java.util.UUID job = payments.common.Ids.newUuid();
        pool.preparedQuery("INSERT INTO jobs (id, type, payload, status, run_at, attempts, last_error, created_at, updated_at, holds_money)"
                + " VALUES ($1, 'test.record', 'plain', 'DEAD', now(), 25, 'no handler then', now(), now(), TRUE)")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(job)).await().indefinitely();
        Response withJob = page(desk, "/bank");
        withJob.then().body(containsString("no handler then"));
        console(desk).formParam("form", formToken(withJob.asString())).formParam("reason", "Handler deployed")
                .post(CONSOLE + "/bank/jobs/BackgroundJob:" + job + "/retry").then().statusCode(303)
                .header("Location", containsString("notice=retried"));
        org.junit.jupiter.api.Assertions.assertEquals("Handler deployed", pool.preparedQuery("SELECT retry_reason FROM jobs WHERE id = $1")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(job)).await().indefinitely().iterator().next().getString(0));

        // The platform's own token reads the platform's pages, not the desk's; the compliance staff get their queue.
        String platform = ConsoleTest.signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        page(platform, "/bank").then().statusCode(403).body(containsString("BANK_OPERATIONS"));
        page(platform, "/customers").then().statusCode(200);
        // The pages for paying and for the platform's settings are served in production too, under their operations' permissions.
        page(platform, "/quotes").then().statusCode(200);
        page(platform, "/settings").then().statusCode(200).body(containsString("New token"));
        page(desk, "/settings").then().statusCode(403).body(containsString("VIEW"));
        page(desk, "/quotes").then().statusCode(403);
        String compliance = ConsoleTest.signIn(TestSupport.COMPLIANCE_ID, TestSupport.COMPLIANCE_SECRET);
        page(compliance, "/reviews").then().statusCode(200).body(containsString("Verifications waiting for a decision"));
        page(compliance, "/bank").then().statusCode(403);
    }

    /** The id in the link or form action starting {@code prefix} on the table row that shows {@code rowText}. */
    private static String between(String html, String prefix, String end, String rowText) {
        int row = html.indexOf(rowText);
        org.junit.jupiter.api.Assertions.assertTrue(row >= 0, rowText + " on the page");
        int rowStart = html.lastIndexOf("<tr>", row);
        int start = html.indexOf(prefix, rowStart) + prefix.length();
        return html.substring(start, html.indexOf(end, start));
    }
}
