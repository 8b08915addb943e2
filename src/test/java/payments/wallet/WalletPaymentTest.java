package payments.wallet;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.assertBalances;
import static payments.MoneyFixtures.assertLedgerClean;
import static payments.MoneyFixtures.quoteBody;
import static payments.MoneyFixtures.totalBalance;
import static payments.TestSupport.api;

/** Payments out of an embedded wallet: only a stamp by an active session of that wallet, over the quote's payload, moves money. */
@QuarkusTest
class WalletPaymentTest {

    private record Quote(String id, String payloadToSign) {
    }

    private static Quote quote(String wallet, String payee, long amount) {
        Response created = api().body(quoteBody(wallet, payee, amount)).post("/quotes");
        assertEquals(201, created.statusCode(), created.asString());
        assertEquals("EMBEDDED_WALLET", created.jsonPath().getString("paymentInstructions[0].accountOrWalletInfo.accountType"));
        return new Quote(created.jsonPath().getString("id"), created.jsonPath().getString("paymentInstructions[0].accountOrWalletInfo.payloadToSign"));
    }

    private static Response execute(Quote quote, String stamp) {
        return api().header("Svc-Wallet-Signature", stamp).post("/quotes/" + quote.id() + "/execute");
    }

    @Test
    void aStampByTheOwnersSessionPaysOnce() {
        Holder owner = MoneyFixtures.approvedCustomer(List.of("USDB"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USDB"));
        String wallet = owner.account("USDB");
        MoneyFixtures.fund(wallet, 10_000);
        WalletClient.Session session = WalletClient.login(wallet);

        Quote quote = quote(wallet, payee.account("USDB"), 2_500);
        assertTrue(quote.payloadToSign().contains("ACTIVITY_TYPE_SIGN_TRANSACTION_V2"), quote.payloadToSign());
        io.restassured.path.json.JsonPath signed = io.restassured.path.json.JsonPath.from(quote.payloadToSign());
        assertTrue(signed.getLong("parameters.paymentTerms.sendingAmount.amount") > 0, "the owner signs the amount itself");
        assertTrue(signed.getString("parameters.paymentTerms.destination") != null, "and the payee");
        Response paid = execute(quote, WalletClientStamps.stamp(session.key(), quote.payloadToSign()));
        assertEquals(200, paid.statusCode(), paid.asString());
        MoneyFixtures.awaitQuote(quote.id(), "COMPLETED");
        assertBalances(wallet, 7_500, 7_500);
        assertEquals(2_500, totalBalance(payee.account("USDB")));

        Response again = execute(quote, WalletClientStamps.stamp(session.key(), quote.payloadToSign()));
        assertEquals(409, again.statusCode(), again.asString());
        assertBalances(wallet, 7_500, 7_500);
        assertLedgerClean();
    }

    @Test
    void stampsOfOtherWalletsExpiredOrRevokedSessionsOrOtherPayloadsMoveNothing() {
        Holder owner = MoneyFixtures.approvedCustomer(List.of("USDB"));
        Holder other = MoneyFixtures.approvedCustomer(List.of("USDB"));
        String wallet = owner.account("USDB");
        MoneyFixtures.fund(wallet, 5_000);
        WalletClient.Session mine = WalletClient.login(wallet);
        WalletClient.Session theirs = WalletClient.login(other.account("USDB"));
        Quote quote = quote(wallet, other.account("USDB"), 1_000);

        assertRefused(execute(quote, WalletClientStamps.stamp(theirs.key(), quote.payloadToSign())), "WALLET_SIGNATURE_INVALID");
        assertRefused(execute(quote, WalletClientStamps.stamp(mine.key(), quote.payloadToSign().replace("TRANSACTION_TYPE_SPARK", "TRANSACTION_TYPE_ETHEREUM"))), "WALLET_SIGNATURE_INVALID");
        assertRefused(execute(quote, WalletClientStamps.stamp(WalletClient.newKey(), quote.payloadToSign())), "WALLET_SIGNATURE_INVALID");
        assertRefused(api().post("/quotes/" + quote.id() + "/execute"), "WALLET_SIGNATURE_MISSING");

        // Revoked: self-logout through the signed retry.
        Response challenge = api().delete("/auth/sessions/" + mine.id());
        assertEquals(202, challenge.statusCode(), challenge.asString());
        Response revoked = api().header("Svc-Wallet-Signature", WalletClientStamps.stamp(mine.key(), challenge.jsonPath().getString("payloadToSign")))
                .header("Request-Id", challenge.jsonPath().getString("requestId")).delete("/auth/sessions/" + mine.id());
        assertEquals(204, revoked.statusCode(), revoked.asString());
        assertRefused(execute(quote, WalletClientStamps.stamp(mine.key(), quote.payloadToSign())), "WALLET_SIGNATURE_INVALID");

        // Expired: a fresh session, then the sandbox clock past its 15 minutes (the quote expires too; a new one).
        WalletClient.Session fresh = WalletClient.login(wallet);
        api().body(Map.of("seconds", 15 * 60 + 1)).post("/sandbox/clock/advance").then().statusCode(200);
        Quote later = quote(wallet, other.account("USDB"), 1_000);
        assertRefused(execute(later, WalletClientStamps.stamp(fresh.key(), later.payloadToSign())), "WALLET_SIGNATURE_INVALID");

        assertBalances(wallet, 5_000, 5_000);
        assertEquals(0, totalBalance(other.account("USDB")));
    }

    @Test
    void parallelExecutionsOfOneSignedQuoteDebitOnce() throws Exception {
        Holder owner = MoneyFixtures.approvedCustomer(List.of("USDB"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USDB"));
        String wallet = owner.account("USDB");
        MoneyFixtures.fund(wallet, 3_000);
        WalletClient.Session session = WalletClient.login(wallet);
        Quote quote = quote(wallet, payee.account("USDB"), 3_000);
        String stamp = WalletClientStamps.stamp(session.key(), quote.payloadToSign());

        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Integer>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < 16; i++) {
                answers.add(pool.submit(() -> execute(quote, stamp).statusCode()));
            }
            int ok = 0;
            for (Future<Integer> answer : answers) {
                int status = answer.get();
                assertTrue(status == 200 || status == 409, "status " + status);
                ok += status == 200 ? 1 : 0;
            }
            assertEquals(1, ok);
        } finally {
            pool.shutdownNow();
        }
        MoneyFixtures.awaitQuote(quote.id(), "COMPLETED");
        assertBalances(wallet, 0, 0);
        assertEquals(3_000, totalBalance(payee.account("USDB")));
        assertLedgerClean();
    }

    @Test
    void anScaRegionOwnerSignsAtExecutionThenAuthorizes() {
        Holder owner = MoneyFixtures.customer("DE", List.of("USDB"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("USDB"));
        String wallet = owner.account("USDB");
        MoneyFixtures.fund(wallet, 4_000);
        WalletClient.Session session = WalletClient.login(wallet);
        Quote quote = quote(wallet, payee.account("USDB"), 1_000);

        assertRefused(api().post("/quotes/" + quote.id() + "/execute"), "WALLET_SIGNATURE_MISSING");
        Response challenged = execute(quote, WalletClientStamps.stamp(session.key(), quote.payloadToSign()));
        assertEquals(200, challenged.statusCode(), challenged.asString());
        assertEquals("PENDING_AUTHORIZATION", challenged.jsonPath().getString("status"));
        MoneyFixtures.scaLogin(owner.customerId());
        Response authorized = api().body(Map.of("code", "123456")).post("/quotes/" + quote.id() + "/authorize");
        assertEquals(200, authorized.statusCode(), authorized.asString());
        MoneyFixtures.awaitQuote(quote.id(), "COMPLETED");
        assertBalances(wallet, 3_000, 3_000);
    }

    private static void assertRefused(Response response, String code) {
        assertEquals(401, response.statusCode(), response.asString());
        assertEquals(code, response.jsonPath().getString("code"));
    }
}
