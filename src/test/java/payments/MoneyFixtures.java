package payments;

import io.restassured.path.json.JsonPath;
import payments.customer.CustomerTest;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Customers with ACTIVE accounts, funding and ledger checks for the money tests. */
public final class MoneyFixtures {

    private MoneyFixtures() {
    }

    /** A customer and its internal account id per currency. */
    public record Holder(String customerId, Map<String, String> accounts) {
        public String account(String currency) {
            return accounts.get(currency);
        }
    }

    /** Two approved customers with an account in {@code currency}; the payer's holds {@code funding}. */
    public record Parties(Holder payer, Holder payee) {
    }

    public static Parties fundedParties(String currency, long funding) {
        Holder payer = approvedCustomer(List.of(currency));
        Holder payee = approvedCustomer(List.of(currency));
        fund(payer.account(currency), funding);
        return new Parties(payer, payee);
    }

    /** A KYC-approved US individual with the end-user terms on file and ACTIVE accounts in {@code currencies}. */
    public static Holder approvedCustomer(List<String> currencies) {
        return customer("US", currencies);
    }

    /** A customer as {@link #approvedCustomer}, without the given profile fields (nationality, say). */
    public static Holder customer(String region, List<String> currencies, String... omittedFields) {
        return customerWithRef(TestSupport.uniqueCustomerRef("money"), region, currencies, omittedFields);
    }

    /** {@link #customer} with a chosen platformCustomerId (the sandbox reads magic suffixes in it). */
    public static Holder customerWithRef(String platformCustomerId, String region, List<String> currencies, String... omittedFields) {
        Map<String, Object> body = CustomerTest.individual(platformCustomerId, "Grace Hopper");
        List.of(omittedFields).forEach(body::remove);
        body.put("currencies", currencies);
        body.put("region", region);
        body.put("endUserTermsConsent", Map.of("acceptedAt", "2025-01-01T00:00:00Z", "ipAddress", "198.51.100.24",
                "termsVersion", "V1", "acceptanceMethod", "CHECKBOX"));
        // Decide KYC at creation (the sandbox's skip-paperwork switch), only for this one customer.
        api().body(Map.of("sandboxSkipVerificationPaperwork", true)).patch("/config").then().statusCode(200);
        String customerId;
        try {
            customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        } finally {
            api().body(Map.of("sandboxSkipVerificationPaperwork", false)).patch("/config").then().statusCode(200);
        }
        return new Holder(customerId, activeAccounts(customerId));
    }

    /** Waits for the activation jobs and returns the account id per currency. */
    public static Map<String, String> activeAccounts(String customerId) {
        for (int i = 0; i < 100; i++) {
            JsonPath accounts = api().queryParam("customerId", customerId).get("/customers/internal-accounts")
                    .then().statusCode(200).extract().jsonPath();
            List<String> statuses = accounts.getList("data.status");
            if (!statuses.isEmpty() && !statuses.contains("PENDING")) {
                Map<String, String> byCurrency = new HashMap<>();
                List<String> ids = accounts.getList("data.id");
                List<String> codes = accounts.getList("data.balance.currency.code");
                for (int k = 0; k < ids.size(); k++) {
                    byCurrency.put(codes.get(k), ids.get(k));
                }
                return byCurrency;
            }
            sleep(100);
        }
        throw new AssertionError("accounts of " + customerId + " stayed PENDING");
    }

    /**
     * Sets one field of the USD entry of the platform's supportedCurrencies and returns the list as
     * it was, for the caller to PATCH back in a finally block (the list is replaced whole).
     */
    public static List<Map<String, Object>> changeUsdConfig(String field, Object value) {
        List<Map<String, Object>> original = api().get("/config").then().statusCode(200).extract().path("supportedCurrencies");
        List<Map<String, Object>> changed = new java.util.ArrayList<>();
        for (Map<String, Object> currency : original) {
            Map<String, Object> copy = new HashMap<>(currency);
            if ("USD".equals(copy.get("currencyCode"))) {
                copy.put(field, value);
            }
            changed.add(copy);
        }
        api().body(Map.of("supportedCurrencies", changed)).patch("/config").then().statusCode(200);
        return original;
    }

    /** Puts back a supportedCurrencies list {@link #changeUsdConfig} returned. */
    public static void restoreCurrencies(List<Map<String, Object>> currencies) {
        api().body(Map.of("supportedCurrencies", currencies)).patch("/config").then().statusCode(200);
    }

    /** Logs a customer of an SCA region in with the sandbox's SMS code: payment authorizations need the session. */
    public static void scaLogin(String customerId) {
        String challengeId = api().queryParam("customerId", customerId).body(Map.of("factor", "SMS_OTP")).post("/sca/login/start").then()
                .statusCode(200).extract().path("challengeId");
        api().queryParam("customerId", customerId).body(Map.of("factor", "SMS_OTP", "challengeId", challengeId, "code", "123456",
                "endUserIpAddress", "203.0.113.42")).post("/sca/login/complete").then().statusCode(200);
    }

    public static void fund(String accountId, long amount) {
        api().body(Map.of("amount", amount)).post("/sandbox/internal-accounts/" + accountId + "/fund")
                .then().statusCode(200);
    }

    /** The account's (available) balance. */
    public static long balance(String accountId) {
        return api().get("/internal-accounts/" + accountId).then().statusCode(200).extract().jsonPath()
                .getLong("balance.amount");
    }

    public static long totalBalance(String accountId) {
        return api().get("/internal-accounts/" + accountId).then().statusCode(200).extract().jsonPath()
                .getLong("totalBalance.amount");
    }

    /** The account's available balance and total balance (available plus held), from one read. */
    public static void assertBalances(String accountId, long available, long total) {
        JsonPath account = api().get("/internal-accounts/" + accountId).then().statusCode(200).extract().jsonPath();
        assertEquals(available, account.getLong("balance.amount"), accountId + " available");
        assertEquals(total, account.getLong("totalBalance.amount"), accountId + " total");
    }

    /** The journal agrees with every stored balance and every posting sums to zero. */
    /** What a system account of the ledger (CARD_LOSSES, SUSPENSE, ...) holds in {@code currency}, per the audit. */
    public static long systemBalance(String account, String currency) {
        JsonPath audit = api().get("/sandbox/ledger/audit").then().statusCode(200).extract().jsonPath();
        Object total = audit.get("systemAccounts.find { it.account == '" + account + "' && it.currency == '" + currency + "' }.balance");
        return total == null ? 0 : ((Number) total).longValue();
    }

    public static void assertLedgerClean() {
        JsonPath audit = api().get("/sandbox/ledger/audit").then().statusCode(200).extract().jsonPath();
        assertTrue(audit.getBoolean("clean"), () -> "ledger audit: " + audit.prettify());
        assertEquals(List.of(), audit.getList("balanceMismatches"));
        assertEquals(List.of(), audit.getList("unbalancedTransactions"));
    }

    /**
     * Waits (up to 20 s) until the job runner has done every job due by now on the server's clock:
     * what the test did so far has no effect still to come, so "nothing happened" can be asserted
     * (rather than assumed after a fixed pause).
     */
    public static void awaitJobsDone() {
        io.vertx.mutiny.sqlclient.Pool pool = io.quarkus.arc.Arc.container().instance(io.vertx.mutiny.sqlclient.Pool.class).get();
        payments.common.ServerClock clock = io.quarkus.arc.Arc.container().instance(payments.common.ServerClock.class).get();
        long due = -1;
        for (int i = 0; i < 400; i++) {
            due = pool.preparedQuery("SELECT count(*) FROM jobs WHERE status = 'PENDING' AND run_at <= $1")
                    .execute(io.vertx.mutiny.sqlclient.Tuple.of(payments.common.Times.utc(clock.now()))).await().indefinitely()
                    .iterator().next().getLong(0);
            if (due == 0) {
                return;
            }
            sleep(50);
        }
        throw new AssertionError(due + " jobs due on the server's clock were never done");
    }

    /** Waits (up to 20 s) until a job concerning {@code id} (its uuid in the payload) is scheduled. */
    public static void awaitJobAbout(String id) {
        io.vertx.mutiny.sqlclient.Pool pool = io.quarkus.arc.Arc.container().instance(io.vertx.mutiny.sqlclient.Pool.class).get();
        String uuid = id.substring(id.indexOf(':') + 1);
        for (int i = 0; i < 400; i++) {
            long jobs = pool.preparedQuery("SELECT count(*) FROM jobs WHERE status = 'PENDING' AND payload LIKE $1")
                    .execute(io.vertx.mutiny.sqlclient.Tuple.of("%" + uuid + "%")).await().indefinitely().iterator().next().getLong(0);
            if (jobs > 0) {
                return;
            }
            sleep(50);
        }
        throw new AssertionError("no job about " + id + " was ever scheduled");
    }

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** An ACTIVE USD bank account of the customer whose account number ends in {@code suffix}. */
    public static String externalUsdAccount(String customerId, String suffix) {
        return api().body(payments.account.ExternalAccountTest.usdAccount(customerId, suffix))
                .post("/customers/external-accounts").then().statusCode(201).extract().path("id");
    }

    /** A EUR bank account of the customer (a French individual's at Commerzbank) with this IBAN. */
    public static String externalEurAccount(String customerId, String iban) {
        return api().body(Map.of("customerId", customerId, "currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT",
                        "iban", iban, "swiftCode", "COBADEFFXXX", "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL", "fullName", "Jane Payee",
                                "birthDate", "1990-01-15", "nationality", "FR", "countryOfResidence", "FR",
                                "address", Map.of("line1", "1 Rue", "postalCode", "75001", "country", "FR")))))
                .post("/customers/external-accounts").then().log().ifValidationFails().statusCode(201).extract().path("id");
    }

    /** A quote body from an account to an account, locking the sending amount. */
    public static Map<String, Object> quoteBody(String sourceAccountId, String destinationAccountId, long amount) {
        Map<String, Object> body = new HashMap<>();
        body.put("source", Map.of("sourceType", "ACCOUNT", "accountId", sourceAccountId));
        body.put("destination", Map.of("destinationType", "ACCOUNT", "accountId", destinationAccountId));
        body.put("lockedCurrencySide", "SENDING");
        body.put("lockedCurrencyAmount", amount);
        return body;
    }

    /** {@link #quoteBody} with {@code immediatelyExecute}: the quote executes as it is created. */
    public static Map<String, Object> transferBody(String sourceAccountId, String destinationAccountId, long amount) {
        Map<String, Object> body = quoteBody(sourceAccountId, destinationAccountId, amount);
        body.put("immediatelyExecute", true);
        return body;
    }

    /** Polls the transaction until it reaches {@code status} (jobs run every 100 ms in tests). */
    public static JsonPath awaitTransaction(String transactionId, String status) {
        return awaitField("/transactions/" + transactionId, "status", status);
    }

    /** Polls the transaction until its refund reaches {@code refundStatus}. */
    public static JsonPath awaitRefund(String transactionId, String refundStatus) {
        return awaitField("/transactions/" + transactionId, "refund.status", refundStatus);
    }

    /**
     * Polls the quote until it reaches {@code status}. After a sandbox clock advance a due job may
     * still be finishing on the background poller, which claimed it first.
     */
    public static JsonPath awaitQuote(String quoteId, String status) {
        return awaitField("/quotes/" + quoteId, "status", status);
    }

    private static JsonPath awaitField(String path, String field, String value) {
        JsonPath last = null;
        for (int i = 0; i < 100; i++) {
            last = api().get(path).then().statusCode(200).extract().jsonPath();
            if (value.equals(last.getString(field))) {
                return last;
            }
            sleep(100);
        }
        throw new AssertionError(path + " never reached " + field + " " + value + ": " + last.prettify());
    }
}
