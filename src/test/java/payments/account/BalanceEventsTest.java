package payments.account;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures.Holder;
import payments.MoneyFixtures.Parties;
import payments.MoneyFixtures;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static payments.MoneyFixtures.awaitRefund;
import static payments.MoneyFixtures.awaitTransaction;
import static payments.MoneyFixtures.fund;
import static payments.MoneyFixtures.quoteBody;
import static payments.MoneyFixtures.transferBody;
import static payments.TestSupport.api;

/**
 * INTERNAL_ACCOUNT.BALANCE_UPDATED follows every balance change (read from the outbox, in the order
 * written, as "available/total" of the account the event carries), and an account that becomes
 * active announces its funding instructions.
 */
@QuarkusTest
class BalanceEventsTest {

    @Inject
    Pool pool;

    @Test
    void aTransferTellsBothSidesOnce() {
        Parties parties = MoneyFixtures.fundedParties("USD", 10_000);
        String payer = parties.payer().account("USD");
        String payee = parties.payee().account("USD");
        assertEquals(List.of("10000/10000"), balanceEvents(payer));
        api().body(transferBody(payer, payee, 2_500)).post("/quotes").then().statusCode(201);
        assertEquals(List.of("10000/10000", "7500/7500"), balanceEvents(payer));
        assertEquals(List.of("2500/2500"), balanceEvents(payee));
    }

    @Test
    void aHoldItsSettlementAndARefundEachTellThePayer() {
        Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        String account = payer.account("USD");
        fund(account, 10_000);
        // The sandbox rail fails payouts to an account number ending in 002: held, then given back.
        String failing = MoneyFixtures.externalUsdAccount(payer.customerId(), "002");
        String quoteId = api().body(quoteBody(account, failing, 4_000)).post("/quotes").then().statusCode(201).extract().path("id");
        String transactionId = api().post("/quotes/" + quoteId + "/execute").then().statusCode(200).extract().path("transactionId");
        awaitTransaction(transactionId, "FAILED");
        awaitRefund(transactionId, "COMPLETED");
        List<String> events = balanceEvents(account);
        assertEquals("10000/10000", events.get(0));
        assertEquals("6000/10000", events.get(1), "the hold leaves the total and takes the available");
        assertEquals("10000/10000", events.get(events.size() - 1), "the refund gives it all back");
    }

    @Test
    void twoPostingsInOneCommitSendOneEventPerAccount() throws Exception {
        String customerId = payments.MoneyFixtures.approvedCustomer(java.util.List.of("USD")).customerId();
        String own = InternalAccountTest.settledAccounts(customerId).getString("data.find { it.type == 'INTERNAL_FIAT' }.id");
        String ruleBased = api().body(RuleBasedAccountTest.request(customerId, own)).post("/internal-accounts").then()
                .statusCode(201).extract().path("id");
        InternalAccountTest.settledAccounts(customerId);
        // The deposit lands (+500) and is swept on (-500) in one transaction: one event, with what the commit left.
        api().body(Map.of("amount", 500)).post("/sandbox/internal-accounts/" + ruleBased + "/fund").then().statusCode(200);
        assertEquals(List.of("0/0"), balanceEvents(ruleBased));
        assertEquals(List.of("500/500"), balanceEvents(own));
    }

    @Test
    void anActivatedAccountAnnouncesItsFundingInstructions() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        List<String> announced = new ArrayList<>();
        for (Row row : pool.preparedQuery("SELECT body FROM webhook_events JOIN webhook_event_bodies ON event_id = id WHERE type = $1 AND body LIKE $2 ORDER BY id")
                .execute(Tuple.of("INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED", "%" + holder.account("USD") + "%"))
                .await().indefinitely()) {
            announced.add(row.getString(0));
        }
        assertEquals(1, announced.size());
        assertEquals(true, announced.get(0).contains("fundingPaymentInstructions\":[{"));
    }

    /** The balances the account's BALANCE_UPDATED events carried, oldest first, as "available/total". */
    private List<String> balanceEvents(String accountId) {
        List<String> balances = new ArrayList<>();
        for (Row row : pool.preparedQuery("""
                        SELECT CAST(body AS jsonb) #>> '{data,balance,amount}', CAST(body AS jsonb) #>> '{data,totalBalance,amount}'
                        FROM webhook_events JOIN webhook_event_bodies ON event_id = id WHERE type = 'INTERNAL_ACCOUNT.BALANCE_UPDATED'
                          AND CAST(body AS jsonb) #>> '{data,id}' = $1 ORDER BY id""")
                .execute(Tuple.of(accountId)).await().indefinitely()) {
            balances.add(row.getString(0) + "/" + row.getString(1));
        }
        return balances;
    }
}
