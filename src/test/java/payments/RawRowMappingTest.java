package payments;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;
import payments.account.AccountLookup;
import payments.account.InternalAccount;
import payments.account.InternalAccountStore;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.customer.Customer;
import payments.transaction.PaymentTransaction;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Entities read with the raw client (hot read paths that open no session) must equal what a session loads. */
@QuarkusTest
class RawRowMappingTest {

    @Inject
    InternalAccountStore accounts;

    @Inject
    Mutiny.SessionFactory sessions;

    @Inject
    Pool pool;

    @Test
    void preloadedAccountsAndHoldersEqualWhatTheSessionLoads() throws Throwable {
        MoneyFixtures.Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String accountId = holder.account("USD");
        MoneyFixtures.fund(accountId, 12_345);
        UUID accountUuid = Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, ErrorCode.NOT_FOUND);
        UUID customerUuid = Ids.uuidOf(IdType.CUSTOMER, holder.customerId(), ErrorCode.NOT_FOUND);

        AccountLookup preloaded = accounts.preload(accountId, "Customer:not-an-account").await().indefinitely();
        InternalAccount raw = preloaded.account(accountId).await().indefinitely();
        Customer rawHolder = preloaded.holder(raw.customerId).await().indefinitely();
        InternalAccount loaded = loadInSession(s -> s.find(InternalAccount.class, accountUuid));
        Customer loadedHolder = loadInSession(s -> s.find(Customer.class, customerUuid));

        assertEquals(12_345, raw.availableBalance);
        assertNotNull(rawHolder.termsConsent);
        assertSameFields(loaded, raw);
        assertSameFields(loadedHolder, rawHolder);
        assertNull(preloaded.holder(null).await().indefinitely());
        ApiException missing = assertThrows(ApiException.class,
                () -> preloaded.account(IdType.INTERNAL_ACCOUNT.wireId(UUID.randomUUID())).await().indefinitely());
        assertEquals(404, missing.status());
    }

    @Test
    void transactionsReadRawEqualWhatTheSessionLoads() throws Throwable {
        MoneyFixtures.Holder payer = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.Holder payee = MoneyFixtures.approvedCustomer(List.of("USD"));
        MoneyFixtures.fund(payer.account("USD"), 5_000);
        Map<String, Object> body = MoneyFixtures.transferBody(payer.account("USD"), payee.account("USD"), 1_234);
        String transactionId = TestSupport.api().body(body).post("/quotes").then().statusCode(201).extract().path("transactionId");
        UUID id = Ids.uuidOf(IdType.TRANSACTION, transactionId, ErrorCode.NOT_FOUND);

        String select = "SELECT " + String.join(", ", PaymentTransaction.ROWS.columnNames()) + " FROM transactions WHERE id = $1";
        PaymentTransaction raw = pool.preparedQuery(select).execute(Tuple.of(id))
                .map(rows -> PaymentTransaction.fromRow(rows.iterator().next())).await().indefinitely();
        PaymentTransaction loaded = loadInSession(s -> s.find(PaymentTransaction.class, id));

        assertEquals(1_234L, raw.sentAmount);
        assertNotNull(raw.settledAt);
        assertSameFields(loaded, raw);
    }

    /** A column added to either table must be read by its row mapping too. */
    @Test
    void rowMappingsReadEveryColumn() {
        for (Map.Entry<String, List<String>> table : Map.of("internal_accounts", InternalAccount.ROWS.columnNames(),
                "customers", Customer.ROWS.columnNames()).entrySet()) {
            Set<String> columns = new HashSet<>();
            for (Row row : pool.preparedQuery("SELECT column_name FROM information_schema.columns WHERE table_name = $1")
                    .execute(Tuple.of(table.getKey())).await().indefinitely()) {
                columns.add(row.getString(0));
            }
            assertEquals(columns, new HashSet<>(table.getValue()), table.getKey());
            assertEquals(columns.size(), table.getValue().size(), table.getKey() + " lists a column twice");
        }
    }

    /** Every mapped field (Hibernate's own bookkeeping fields aside) holds the same value in both. */
    /** What a Hibernate Reactive session loads, run as the server runs it: on a safe Vert.x context, not the test's thread. */
    private <T> T loadInSession(Function<Mutiny.Session, Uni<T>> load) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> sessions.withSession(load));
    }

    private static void assertSameFields(Object expected, Object actual) throws IllegalAccessException {
        List<String> compared = new ArrayList<>();
        for (Field field : expected.getClass().getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers()) && !field.getName().startsWith("$$")) {
                field.setAccessible(true);
                assertEquals(field.get(expected), field.get(actual), field.getName());
                compared.add(field.getName());
            }
        }
        assertTrue(compared.size() >= 13, "compared " + compared);
    }
}
