package payments.quote;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.balance;
import static payments.MoneyFixtures.totalBalance;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/**
 * The races of {@link QuoteConcurrencyTest} again with four payment batches in flight (the next
 * built while earlier ones wait for their COMMIT, however few payments wait), and payments among
 * many accounts, where batches on disjoint rows do commit side by side.
 */
@QuarkusTest
@TestProfile(PipelinedQuoteConcurrencyTest.FourInFlight.class)
class PipelinedQuoteConcurrencyTest extends QuoteConcurrencyTest {

    public static class FourInFlight implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // No minimum beside a committing batch: every chance for batches to run side by side.
            return Map.of("svc.batching.max-in-flight", "4", "svc.batching.min-size-beside", "1");
        }
    }

    /** 300 transfers of random amounts among twelve accounts, 60 at a time: no overdraft, nothing created or lost. */
    @Test
    void manyPaymentsAmongManyAccountsKeepEveryBalanceAndTheLedgerWhole() throws Exception {
        int holders = 12;
        long funding = 1_000;
        List<String> accounts = new ArrayList<>();
        for (int i = 0; i < holders; i++) {
            Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
            MoneyFixtures.fund(holder.account("USD"), funding);
            accounts.add(holder.account("USD"));
        }
        Random random = new Random(48);
        List<Callable<Response>> transfers = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int from = random.nextInt(holders);
            int to = (from + 1 + random.nextInt(holders - 1)) % holders;
            Map<String, Object> body = transferBody(accounts.get(from), accounts.get(to), 1 + random.nextInt(400));
            transfers.add(() -> api().body(body).post("/quotes"));
        }
        ExecutorService client = Executors.newFixedThreadPool(60);
        int paid = 0;
        try {
            for (Future<Response> answer : client.invokeAll(transfers, 120, TimeUnit.SECONDS)) {
                Response response = answer.get();
                if (response.statusCode() == 201) {
                    paid++;
                } else {
                    assertEquals("INSUFFICIENT_FUNDS", response.jsonPath().getString("code"), response.asString());
                }
            }
        } finally {
            client.shutdownNow();
        }
        assertTrue(paid > 0, "some transfers were paid");
        long total = 0;
        for (String account : accounts) {
            long available = balance(account);
            assertTrue(available >= 0, account + " overdrawn: " + available);
            assertEquals(available, totalBalance(account), "nothing left held");
            total += available;
        }
        assertEquals(holders * funding, total, "money only moved between the twelve accounts");
        assertLedgerClean();
    }
}
