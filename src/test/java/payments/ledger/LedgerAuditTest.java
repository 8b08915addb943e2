package payments.ledger;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
        whileBroken("UPDATE internal_accounts SET available_balance = available_balance + $2, total_balance = total_balance + $2"
                + " WHERE id = $1", id, 1, report -> {
                    assertEquals(List.of(account), report.getList("balanceMismatches.accountId"));
                    assertEquals(5_001, report.getLong("balanceMismatches[0].balance"));
                    assertEquals(5_000, report.getLong("balanceMismatches[0].journalBalance"));
                });
    }

    /**
     * Breaks the ledger with {@code damage} (an UPDATE taking the row id and an amount), hands the
     * audit's report to {@code check} (which must see it unclean), and undoes it with the negated amount.
     */
    private void whileBroken(String damage, UUID id, long amount, java.util.function.Consumer<JsonPath> check) {
        assertTrue(audit().getBoolean("clean"));
        sql(damage, id, amount);
        try {
            JsonPath report = audit();
            assertFalse(report.getBoolean("clean"), report.prettify());
            check.accept(report);
        } finally {
            sql(damage, id, -amount);
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
        whileBroken("UPDATE ledger_entries SET amount = amount + $2 WHERE id = $1", entry, 3, report -> {
            assertEquals(1, report.getList("unbalancedTransactions").size(), report.prettify());
            assertEquals(3, report.getLong("unbalancedTransactions[0].sum"));
        });
    }

    /**
     * The stablecoin reserve holds the fiat behind tokens, so it is never below zero: a posting that
     * takes it there is reported although it balances (against the rail here, in a currency no coin uses).
     */
    @Test
    void aReserveBelowZeroIsReportedThoughItsPostingBalances() {
        assertTrue(audit().getBoolean("clean"));
        long taken = MoneyFixtures.systemBalance("STABLECOIN_RESERVE", "EUR") + 1;
        UUID posting = UUID.randomUUID();
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        sql("INSERT INTO ledger_transactions (id, kind, transaction_id, created_at) VALUES ($1, 'TEST_RESERVE_TAKEN', NULL, $2)", posting, now);
        try {
            sql("""
                    INSERT INTO ledger_entries (id, ledger_transaction_id, account_id, system_account, bucket, currency, amount, created_at)
                    VALUES ($1, $3, NULL, 'STABLECOIN_RESERVE', 'AVAILABLE', 'EUR', $4, $5), ($2, $3, NULL, 'RAIL', 'AVAILABLE', 'EUR', $6, $5)""",
                    UUID.randomUUID(), UUID.randomUUID(), posting, -taken, now, taken);
            JsonPath report = audit();
            assertFalse(report.getBoolean("clean"), report.prettify());
            assertEquals(List.of(), report.getList("unbalancedTransactions"));
            assertEquals(List.of("STABLECOIN_RESERVE"), report.getList("negativeSystemAccounts.account"));
            assertEquals("EUR", report.getString("negativeSystemAccounts[0].currency"));
            assertEquals(-1, report.getLong("negativeSystemAccounts[0].balance"));
        } finally {
            sql("DELETE FROM ledger_entries WHERE ledger_transaction_id = $1", posting);
            sql("DELETE FROM ledger_transactions WHERE id = $1", posting);
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
        whileBroken("UPDATE card_transactions SET returned_amount = returned_amount + $2 WHERE id = $1", rowId, 400, report -> {
            assertEquals("USD", report.getString("cardSettlementMismatches[0].currency"));
            assertEquals(report.getLong("cardSettlementMismatches[0].cardSettlement") - 400,
                    report.getLong("cardSettlementMismatches[0].heldForCards"));
        });
    }
}
