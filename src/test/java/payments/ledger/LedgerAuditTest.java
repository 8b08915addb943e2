package payments.ledger;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * The audit finds a broken ledger: each kind of damage is made by hand in the database (and
 * undone right after, so later tests see a clean ledger), and the audit must name it.
 */
@QuarkusTest
class LedgerAuditTest {

    @Inject
    Pool pool;

    private JsonPath audit() {
        return api().get("/sandbox/ledger/audit").then().statusCode(200).extract().jsonPath();
    }

    private void sql(String statement, Object... parameters) {
        pool.preparedQuery(statement).execute(Tuple.from(parameters)).await().indefinitely();
    }

    @Test
    void aBalanceThatDisagreesWithItsEntriesIsReported() {
        MoneyFixtures.Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String account = holder.account("USD");
        MoneyFixtures.fund(account, 5_000);
        UUID id = UUID.fromString(account.substring("InternalAccount:".length()));
        assertTrue(audit().getBoolean("clean"));
        sql("UPDATE internal_accounts SET available_balance = available_balance + 1, total_balance = total_balance + 1 WHERE id = $1", id);
        try {
            JsonPath report = audit();
            assertFalse(report.getBoolean("clean"));
            assertEquals(List.of(account), report.getList("balanceMismatches.accountId"));
            assertEquals(5_001, report.getLong("balanceMismatches[0].balance"));
            assertEquals(5_000, report.getLong("balanceMismatches[0].journalBalance"));
        } finally {
            sql("UPDATE internal_accounts SET available_balance = available_balance - 1, total_balance = total_balance - 1 WHERE id = $1", id);
        }
        assertTrue(audit().getBoolean("clean"));
    }

    @Test
    void anEntryThatUnbalancesItsTransactionIsReported() {
        MoneyFixtures.Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(holder.account("USD"), 700);
        UUID entry = pool.preparedQuery("""
                        SELECT e.id FROM ledger_entries e WHERE e.system_account IS NOT NULL AND e.ledger_transaction_id IN (
                            SELECT ledger_transaction_id FROM ledger_entries WHERE account_id = $1) LIMIT 1""")
                .execute(Tuple.of(UUID.fromString(holder.account("USD").substring("InternalAccount:".length()))))
                .await().indefinitely().iterator().next().getUUID("id");
        sql("UPDATE ledger_entries SET amount = amount + 3 WHERE id = $1", entry);
        try {
            JsonPath report = audit();
            assertFalse(report.getBoolean("clean"));
            assertEquals(1, report.getList("unbalancedTransactions").size(), report.prettify());
            assertEquals(3, report.getLong("unbalancedTransactions[0].sum"));
        } finally {
            sql("UPDATE ledger_entries SET amount = amount - 3 WHERE id = $1", entry);
        }
        assertTrue(audit().getBoolean("clean"));
    }

    @Test
    void cardSettlementThatDisagreesWithTheOpenCardRowsIsReported() {
        MoneyFixtures.Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(holder.account("USD"), 1_000);
        String cardId = api().header("Idempotency-Key", UUID.randomUUID().toString())
                .body(Map.of("customerId", holder.customerId(), "form", "VIRTUAL", "fundingSource", holder.account("USD")))
                .post("/cards").then().statusCode(201).extract().path("id");
        for (int i = 0; i < 100 && !"ACTIVE".equals(api().get("/cards/" + cardId).then().extract().path("status")); i++) {
            MoneyFixtures.sleep(100);
        }
        String row = api().body(Map.of("amount", 400, "currency", Map.of("code", "USD"),
                        "merchant", Map.of("descriptor", "AUDIT", "mcc", "5814", "country", "US")))
                .post("/sandbox/cards/" + cardId + "/simulate/authorization").then().statusCode(200).extract().path("id");
        UUID rowId = UUID.fromString(row.substring("CardTransaction:".length()));
        assertTrue(audit().getBoolean("clean"));
        sql("UPDATE card_transactions SET returned_amount = returned_amount + 400 WHERE id = $1", rowId);
        try {
            JsonPath report = audit();
            assertFalse(report.getBoolean("clean"));
            assertEquals("USD", report.getString("cardSettlementMismatches[0].currency"));
            assertEquals(report.getLong("cardSettlementMismatches[0].cardSettlement") - 400,
                    report.getLong("cardSettlementMismatches[0].heldForCards"));
        } finally {
            sql("UPDATE card_transactions SET returned_amount = returned_amount - 400 WHERE id = $1", rowId);
        }
        assertTrue(audit().getBoolean("clean"));
    }
}
