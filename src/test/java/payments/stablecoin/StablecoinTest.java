package payments.stablecoin;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Stablecoin issuance against the sandbox provider: links, registration, mints and burns through the ledger. */
@QuarkusTest
public class StablecoinTest {

    /** 6 decimals against USD's 2: 10,000 token units are one cent. */
    private static final long UNITS_PER_CENT = 10_000;

    @Inject
    Pool pool;

    public static ValidatableResponse post(String path, Object body) {
        return api().header("Idempotency-Key", UUID.randomUUID().toString()).body(body).post(path).then();
    }

    public static String link(String clientId) {
        return post("/stablecoin-provider-accounts", Map.of("provider", "BRALE", "apiClientId", clientId, "apiClientSecret", "s3cret-" + clientId))
                .statusCode(201).extract().path("id");
    }

    public static String register(String linkId, String token) {
        return post("/stablecoins", Map.of("providerTokenIdentifier", token, "networkTokenIdentifier", "btkn1" + token.toLowerCase(),
                "network", "SPARK", "stablecoinProviderAccountId", linkId)).statusCode(201).extract().path("id");
    }

    /** A provisioned coin on a fresh link. */
    static String coin() {
        String unique = UUID.randomUUID().toString().substring(0, 8);
        return register(link(clientId()), "T" + unique.toUpperCase());
    }

    /** A fresh client id that ends in no sandbox magic value ("...942" reaches two provider accounts, a secret "...941" is refused). */
    public static String clientId() {
        return "client-" + UUID.randomUUID() + "-t";
    }

    static String wallet(String address) {
        return wallet(MoneyFixtures.customer("US", List.of("USD")).customerId(), address);
    }

    /** A Spark wallet of {@code customerId} (null: the platform's own). */
    static String wallet(String customerId, String address) {
        Map<String, Object> body = new HashMap<>(Map.of("currency", "USDB", "ownershipType", "FIRST_PARTY",
                "accountInfo", Map.of("accountType", "SPARK_WALLET", "address", address)));
        if (customerId != null) {
            body.put("customerId", customerId);
        }
        return api().body(body).post(customerId == null ? "/platform/external-accounts" : "/customers/external-accounts")
                .then().statusCode(201).extract().path("id");
    }

    private static final String SPARK_ADDRESS = "spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu";

    static String wallet() {
        return wallet(SPARK_ADDRESS);
    }

    static String bank(String suffix) {
        return MoneyFixtures.externalUsdAccount(MoneyFixtures.customer("US", List.of("USD")).customerId(), suffix);
    }

    public static Map<String, Object> wireMint(long cents, String walletId) {
        return Map.of("amount", Long.toString(cents * UNITS_PER_CENT), "fundingSource", Map.of("type", "WIRE"),
                "destination", Map.of("accountId", walletId));
    }

    static Map<String, Object> burn(long cents, String sourceType, String bankId, String rail) {
        return Map.of("amount", Long.toString(cents * UNITS_PER_CENT), "source", Map.of("type", sourceType),
                "destination", Map.of("type", "EXTERNAL_ACCOUNT", "externalAccountId", bankId, "rail", rail));
    }

    /** Lets the simulated provider take its next step. */
    static void providerStep() {
        api().body(Map.of("seconds", 3)).post("/sandbox/clock/advance").then().statusCode(200);
        MoneyFixtures.awaitJobsDone();
    }

    static String status(String operationId) {
        return api().get("/stablecoin-operations/" + operationId).then().statusCode(200).extract().path("status");
    }

    static long reserve() {
        return MoneyFixtures.systemBalance("STABLECOIN_RESERVE", "USD");
    }

    @Test
    void aLinkIsMadeOnlyWithCredentialsTheProviderAcceptsAndItsSecretIsNeverReadable() {
        String clientId = clientId();
        JsonPath linked = post("/stablecoin-provider-accounts", Map.of("provider", "BRALE", "apiClientId", clientId,
                "apiClientSecret", "top-secret-value")).statusCode(201)
                .body("status", equalTo("ACTIVE"))
                .body("providerEnvironment", equalTo("SANDBOX"))
                .body("providerAccountId", matchesPattern("[0-9a-z]{27}"))
                .body("apiClientSecret", nullValue())
                .extract().jsonPath();
        String stored = pool.preparedQuery("SELECT api_client_secret FROM stablecoin_provider_accounts WHERE id = $1")
                .execute(Tuple.of(UUID.fromString(linked.getString("id").split(":")[1]))).await().indefinitely()
                .iterator().next().getString(0);
        assertFalse(stored.contains("top-secret-value"), "the provider secret is stored sealed");
        api().get("/stablecoin-provider-accounts/" + linked.getString("id")).then().statusCode(200)
                .body("providerAccountId", equalTo(linked.getString("providerAccountId")));
        api().queryParam("status", "ACTIVE").queryParam("limit", 100).get("/stablecoin-provider-accounts").then().statusCode(200)
                .body("data.status", not(hasItem("REVOKED")));

        post("/stablecoin-provider-accounts", Map.of("provider", "BRALE", "apiClientId", clientId, "apiClientSecret", "again"))
                .statusCode(409).body("code", equalTo("CONFLICT"));
        post("/stablecoin-provider-accounts", Map.of("provider", "BRALE", "apiClientId", "c-" + UUID.randomUUID(), "apiClientSecret", "x941"))
                .statusCode(400).body("code", equalTo("STABLECOIN_PROVIDER_ACCOUNT_INVALID"));
        String twoAccounts = "c-" + UUID.randomUUID() + "-942";
        String reason = post("/stablecoin-provider-accounts", Map.of("provider", "BRALE", "apiClientId", twoAccounts, "apiClientSecret", "s"))
                .statusCode(400).body("details.errors[0].field", equalTo("providerAccountId")).extract().path("details.errors[0].message");
        String second = reason.substring(reason.lastIndexOf(", ") + 2);
        post("/stablecoin-provider-accounts", Map.of("provider", "BRALE", "apiClientId", twoAccounts, "apiClientSecret", "s",
                "providerAccountId", second)).statusCode(201).body("providerAccountId", equalTo(second));
        api().body(Map.of("provider", "BRALE", "apiClientId", "c", "apiClientSecret", "s")).post("/stablecoin-provider-accounts").then()
                .statusCode(400).body("details.errors[0].field", equalTo("Idempotency-Key"));
        api().queryParam("status", "GONE").get("/stablecoin-provider-accounts").then().statusCode(400)
                .body("details.errors[0].field", equalTo("status"));
    }

    @Test
    void registeringTakesTheTokenAsTheProviderReportsIt() {
        String linkId = link(clientId());
        String token = "ACME" + UUID.randomUUID().toString().substring(0, 4).toUpperCase();
        String id = register(linkId, token);
        api().get("/stablecoins/" + id).then().statusCode(200)
                .body("symbol", equalTo(token))
                .body("baseCurrency", equalTo("USD"))
                .body("decimals", equalTo(6))
                .body("issuanceStatus", equalTo("PROVISIONED"))
                .body("gridOperationsStatus", equalTo("NOT_ENABLED"))
                .body("stablecoinProviderAccountId", equalTo(linkId))
                .body("currency", nullValue());
        post("/stablecoins", Map.of("providerTokenIdentifier", token, "networkTokenIdentifier", "btkn1x", "network", "SPARK",
                "stablecoinProviderAccountId", linkId)).statusCode(409);
        api().queryParam("issuanceStatus", "PROVISIONED").queryParam("limit", 100).get("/stablecoins").then().statusCode(200)
                .body("data.issuanceStatus", not(hasItem("REJECTED")));
        api().queryParam("issuanceStatus", "DONE").get("/stablecoins").then().statusCode(400);
        post("/stablecoins", Map.of("providerTokenIdentifier", "X", "networkTokenIdentifier", "btkn1x", "network", "SPARK",
                "stablecoinProviderAccountId", "StablecoinProviderAccount:" + UUID.randomUUID())).statusCode(404)
                .body("code", equalTo("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND"));
        link(clientId());
        post("/stablecoins", Map.of("providerTokenIdentifier", "Y", "networkTokenIdentifier", "btkn1y", "network", "SPARK"))
                .statusCode(400).body("code", equalTo("STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED"));
        post("/stablecoins", Map.of("network", "ETHEREUM")).statusCode(400)
                .body("details.errors.field", org.hamcrest.Matchers.containsInAnyOrder("providerTokenIdentifier", "networkTokenIdentifier",
                        "network"));
        api().get("/stablecoins/Stablecoin:" + UUID.randomUUID()).then().statusCode(404).body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("STABLECOIN_NOT_FOUND"));
    }

    @Test
    void aWireFundedMintWaitsForTheWireThenCompletesIntoTheReserve() {
        String coin = coin();
        long reserveBefore = reserve();
        JsonPath operation = post("/stablecoins/" + coin + "/mints", wireMint(250, wallet())).statusCode(201)
                .body("status", equalTo("PENDING_FUNDING"))
                .body("operationType", equalTo("MINT"))
                .body("amount", equalTo("2500000"))
                .body("fundingInstructions.rail", equalTo("WIRE"))
                .body("fundingInstructions.reference", notNullValue())
                .body("expiresAt", notNullValue())
                .extract().jsonPath();
        String id = operation.getString("id");
        providerStep();
        assertEquals("PENDING_FUNDING", status(id), "nothing happens before the wire arrives");
        api().post("/sandbox/stablecoin-operations/" + id + "/fund").then().statusCode(200).body("status", equalTo("PROCESSING"));
        assertEquals(reserveBefore + 250, reserve());
        providerStep();
        assertEquals("COMPLETED", status(id));
        api().post("/sandbox/stablecoin-operations/" + id + "/fund").then().statusCode(409);
        api().queryParam("operationType", "MINT").get("/stablecoins/" + coin + "/operations").then().statusCode(200)
                .body("data.id", hasItem(id)).body("totalCount", equalTo(1));
        api().queryParam("operationType", "BURN").get("/stablecoins/" + coin + "/operations").then().statusCode(200)
                .body("totalCount", equalTo(0));
        assertEquals(reserveBefore + 250, reserve());
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void aGridFundedMintHoldsTheBalanceUntilItCompletesOrGivesItBackWhenItFails() {
        String coin = coin();
        MoneyFixtures.Holder payer = MoneyFixtures.fundedParties("USD", 10_000).payer();
        String account = payer.account("USD");
        long reserveBefore = reserve();
        Map<String, Object> mint = new HashMap<>(Map.of("amount", Long.toString(3_000 * UNITS_PER_CENT),
                "fundingSource", Map.of("type", "GRID_INTERNAL_ACCOUNT", "accountId", account),
                "destination", Map.of("accountId", wallet(payer.customerId(), SPARK_ADDRESS))));
        String completed = post("/stablecoins/" + coin + "/mints", mint).statusCode(201).body("status", equalTo("PROCESSING"))
                .body("source.accountId", equalTo(account)).extract().path("id");
        MoneyFixtures.assertBalances(account, 7_000, 10_000);
        providerStep();
        assertEquals("COMPLETED", status(completed));
        MoneyFixtures.assertBalances(account, 7_000, 7_000);
        assertEquals(reserveBefore + 3_000, reserve());

        mint.put("destination", Map.of("accountId", wallet(payer.customerId(), "spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6m002")));
        String failed = post("/stablecoins/" + coin + "/mints", mint).statusCode(201).extract().path("id");
        MoneyFixtures.assertBalances(account, 4_000, 7_000);
        providerStep();
        api().get("/stablecoin-operations/" + failed).then().body("status", equalTo("FAILED"))
                .body("failureReason", equalTo("PROVIDER_TRANSFER_FAILED"));
        MoneyFixtures.assertBalances(account, 7_000, 7_000);
        assertEquals(reserveBefore + 3_000, reserve());

        mint.put("amount", Long.toString(7_001 * UNITS_PER_CENT));
        post("/stablecoins/" + coin + "/mints", mint).statusCode(400).body("code", equalTo("INSUFFICIENT_FUNDS"));
        MoneyFixtures.assertBalances(account, 7_000, 7_000);
        MoneyFixtures.assertLedgerClean();
    }

    /**
     * An internal account funds a mint only as it would pay through a quote: into its own holder's
     * wallet, while ACTIVE and its holder verified; nothing is held when it is refused.
     */
    @Test
    void aGridFundedMintTakesOnlyTheWalletHoldersOwnMoney() {
        String coin = coin();
        MoneyFixtures.Parties parties = MoneyFixtures.fundedParties("USD", 10_000);
        String account = parties.payer().account("USD");
        MoneyFixtures.fund(parties.payee().account("USD"), 10_000);
        String payeeWallet = wallet(parties.payee().customerId(), SPARK_ADDRESS);
        Map<String, Object> mint = new HashMap<>(Map.of("amount", Long.toString(1_000 * UNITS_PER_CENT),
                "fundingSource", Map.of("type", "GRID_INTERNAL_ACCOUNT", "accountId", account),
                "destination", Map.of("accountId", payeeWallet)));
        post("/stablecoins/" + coin + "/mints", mint).statusCode(400).body("code", equalTo("INVALID_INPUT"))
                .body("details.errors[0].field", equalTo("fundingSource.accountId"));
        mint.put("destination", Map.of("accountId", wallet(null, SPARK_ADDRESS)));
        post("/stablecoins/" + coin + "/mints", mint).statusCode(400).body("details.errors[0].field", equalTo("fundingSource.accountId"));
        MoneyFixtures.assertBalances(account, 10_000, 10_000);

        String payeeAccount = parties.payee().account("USD");
        mint.put("fundingSource", Map.of("type", "GRID_INTERNAL_ACCOUNT", "accountId", payeeAccount));
        mint.put("destination", Map.of("accountId", payeeWallet));
        api().body(Map.of("status", "FROZEN")).patch("/internal-accounts/" + payeeAccount).then().statusCode(200);
        post("/stablecoins/" + coin + "/mints", mint).statusCode(400).body("details.errors[0].field", equalTo("fundingSource.accountId"));
        api().body(Map.of("status", "ACTIVE")).patch("/internal-accounts/" + payeeAccount).then().statusCode(200);
        String minted = post("/stablecoins/" + coin + "/mints", mint).statusCode(201).extract().path("id");
        MoneyFixtures.assertBalances(payeeAccount, 9_000, 10_000);
        providerStep();
        assertEquals("COMPLETED", status(minted));
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void parallelGridFundedMintsNeverOverdrawTheFundingAccount() throws Exception {
        String coin = coin();
        MoneyFixtures.Holder payer = MoneyFixtures.fundedParties("USD", 10_000).payer();
        String account = payer.account("USD");
        String destination = wallet(payer.customerId(), SPARK_ADDRESS);
        Map<String, Object> mint = Map.of("amount", Long.toString(3_000 * UNITS_PER_CENT),
                "fundingSource", Map.of("type", "GRID_INTERNAL_ACCOUNT", "accountId", account), "destination", Map.of("accountId", destination));
        List<Integer> statuses = eightAtOnce("/stablecoins/" + coin + "/mints", mint);
        assertEquals(3, statuses.stream().filter(s -> s == 201).count(), "statuses " + statuses);
        assertEquals(5, statuses.stream().filter(s -> s == 400).count(), "statuses " + statuses);
        MoneyFixtures.assertBalances(account, 1_000, 10_000);
        MoneyFixtures.assertLedgerClean();
    }

    /** The statuses of eight posts of {@code body} to {@code path} sent at once. */
    private static List<Integer> eightAtOnce(String path, Map<String, Object> body) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                answers.add(threads.submit(() -> post(path, body).extract().statusCode()));
            }
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }
            return statuses;
        } finally {
            threads.shutdown();
        }
    }

    /** A wire-funded mint of {@code cents}, completed: supply for burns of the coin. */
    static void minted(String coin, long cents) {
        String id = post("/stablecoins/" + coin + "/mints", wireMint(cents, wallet())).statusCode(201).extract().path("id");
        api().post("/sandbox/stablecoin-operations/" + id + "/fund").then().statusCode(200);
        providerStep();
        assertEquals("COMPLETED", status(id));
    }

    @Test
    void burnsPayTheReserveOutToTheBankOnceTheProviderHasTheTokens() {
        String coin = coin();
        minted(coin, 1_900);
        long reserveBefore = reserve();
        String bank = bank("000");
        JsonPath deposit = post("/stablecoins/" + coin + "/burns", burn(1_200, "EXTERNAL_ACCOUNT", bank, "ACH_CREDIT")).statusCode(201)
                .body("status", equalTo("PENDING_FUNDING"))
                .body("fundingInstructions.rail", equalTo("SPARK"))
                .body("fundingInstructions.address", matchesPattern("^sparkrt1[02-9ac-hj-np-z]+$"))
                .body("destination.rail", equalTo("ACH_CREDIT"))
                .body("estimatedDelivery.amount", equalTo("1200"))
                .body("estimatedDelivery.currency", equalTo("USD"))
                .extract().jsonPath();
        api().post("/sandbox/stablecoin-operations/" + deposit.getString("id") + "/fund").then().statusCode(200);
        providerStep();
        assertEquals("COMPLETED", status(deposit.getString("id")));
        assertEquals(reserveBefore - 1_200, reserve());

        String fromBalance = post("/stablecoins/" + coin + "/burns", burn(300, "PROVIDER_INTERNAL_BALANCE", bank, "RTP_CREDIT"))
                .statusCode(201).body("status", equalTo("PROCESSING")).body("fundingInstructions", nullValue()).extract().path("id");
        String failing = post("/stablecoins/" + coin + "/burns", burn(400, "PROVIDER_INTERNAL_BALANCE", bank("002"), "WIRE"))
                .statusCode(201).extract().path("id");
        providerStep();
        assertEquals("COMPLETED", status(fromBalance));
        assertEquals("FAILED", status(failing));
        assertEquals(reserveBefore - 1_500, reserve());
        MoneyFixtures.assertLedgerClean();
    }

    /**
     * A burn takes only tokens of its coin minted here and not burnt or being burnt: a coin never
     * minted burns nothing (nothing recorded, the reserve untouched), another coin's supply does not
     * count, and a burn under way holds its part until it ends.
     */
    @Test
    void aBurnNeedsItsCoinsSupplyMintedHere() {
        String coin = coin();
        String bank = bank("000");
        long reserveBefore = reserve();
        post("/stablecoins/" + coin + "/burns", burn(100, "PROVIDER_INTERNAL_BALANCE", bank, "WIRE")).statusCode(400)
                .body("code", equalTo("INSUFFICIENT_FUNDS"));
        post("/stablecoins/" + coin + "/burns", burn(100, "EXTERNAL_ACCOUNT", bank, "WIRE")).statusCode(400)
                .body("code", equalTo("INSUFFICIENT_FUNDS"));
        providerStep();
        api().get("/stablecoins/" + coin + "/operations").then().statusCode(200).body("totalCount", equalTo(0));
        assertEquals(reserveBefore, reserve());

        String other = coin();
        minted(other, 500);
        post("/stablecoins/" + coin + "/burns", burn(100, "PROVIDER_INTERNAL_BALANCE", bank, "WIRE")).statusCode(400)
                .body("code", equalTo("INSUFFICIENT_FUNDS"));
        post("/stablecoins/" + other + "/burns", burn(501, "PROVIDER_INTERNAL_BALANCE", bank, "WIRE")).statusCode(400)
                .body("code", equalTo("INSUFFICIENT_FUNDS"));
        String waiting = post("/stablecoins/" + other + "/burns", burn(500, "EXTERNAL_ACCOUNT", bank, "WIRE")).statusCode(201)
                .extract().path("id");
        post("/stablecoins/" + other + "/burns", burn(100, "PROVIDER_INTERNAL_BALANCE", bank, "WIRE")).statusCode(400)
                .body("code", equalTo("INSUFFICIENT_FUNDS"));
        assertEquals("PENDING_FUNDING", status(waiting));
        MoneyFixtures.assertLedgerClean();
    }

    /** Parallel burns of one coin take no more than its supply: 8 burns of 300 against 1,000 minted, 3 go through. */
    @Test
    void parallelBurnsNeverTakeMoreThanTheSupply() throws Exception {
        String coin = coin();
        minted(coin, 1_000);
        String bank = bank("000");
        long reserveBefore = reserve();
        List<Integer> statuses = eightAtOnce("/stablecoins/" + coin + "/burns", burn(300, "PROVIDER_INTERNAL_BALANCE", bank, "WIRE"));
        assertEquals(3, statuses.stream().filter(s -> s == 201).count(), "statuses " + statuses);
        assertEquals(5, statuses.stream().filter(s -> s == 400).count(), "statuses " + statuses);
        providerStep();
        assertEquals(reserveBefore - 900, reserve());
        MoneyFixtures.assertLedgerClean();
    }

    @Test
    void anOperationWhoseFundsNeverArriveExpires() {
        String id = post("/stablecoins/" + coin() + "/mints", wireMint(100, wallet())).statusCode(201).extract().path("id");
        api().body(Map.of("seconds", 7 * 86_400 + 1)).post("/sandbox/clock/advance").then().statusCode(200);
        MoneyFixtures.awaitJobsDone();
        assertEquals("EXPIRED", status(id));
        api().post("/sandbox/stablecoin-operations/" + id + "/fund").then().statusCode(409);
    }

    @Test
    void everyStablecoinRefusalHasASandboxInput() {
        String coin = coin();
        String walletId = wallet();
        String bank = bank("000");
        Map<String, Object> tooFine = new HashMap<>(wireMint(1, walletId));
        tooFine.put("amount", "10001");
        post("/stablecoins/" + coin + "/mints", tooFine).statusCode(400).body("code", equalTo("STABLECOIN_AMOUNT_NOT_REPRESENTABLE"));
        tooFine.put("amount", "0");
        post("/stablecoins/" + coin + "/mints", tooFine).statusCode(400).body("code", equalTo("STABLECOIN_AMOUNT_NOT_REPRESENTABLE"));
        String pending = register(link(clientId()), "NEW_PENDING");
        post("/stablecoins/" + pending + "/mints", wireMint(100, walletId)).statusCode(400).body("code", equalTo("STABLECOIN_NOT_PROVISIONED"));
        post("/stablecoins/" + coin + "/mints", Map.of("amount", "10000", "fundingSource", Map.of("type", "WIRE"),
                "destination", Map.of("accountId", "InternalAccount:" + UUID.randomUUID()))).statusCode(400)
                .body("code", equalTo("STABLECOIN_GRID_OPERATIONS_NOT_ENABLED"));
        post("/stablecoins/" + coin + "/mints", wireMint(100, bank)).statusCode(400)
                .body("code", equalTo("STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED"));
        post("/stablecoins/" + coin + "/mints", Map.of("amount", "10000", "fundingSource", Map.of("type", "ACH_DEBIT", "externalAccountId", walletId),
                "destination", Map.of("accountId", walletId))).statusCode(400).body("code", equalTo("STABLECOIN_EXTERNAL_ACCOUNT_NOT_SUPPORTED"));
        post("/stablecoins/" + coin + "/burns", burn(100, "GRID_INTERNAL_ACCOUNT", bank, "WIRE")).statusCode(400)
                .body("details.errors[0].field", equalTo("source.accountId"));
        Map<String, Object> internalBurn = new HashMap<>(burn(100, "GRID_INTERNAL_ACCOUNT", bank, "WIRE"));
        internalBurn.put("source", Map.of("type", "GRID_INTERNAL_ACCOUNT", "accountId", "InternalAccount:" + UUID.randomUUID()));
        post("/stablecoins/" + coin + "/burns", internalBurn).statusCode(400).body("code", equalTo("STABLECOIN_BURN_SOURCE_NOT_SUPPORTED"));
        Map<String, String> linkCodes = Map.of("931", "STABLECOIN_EXTERNAL_ACCOUNT_LINK_FAILED",
                "932", "STABLECOIN_EXTERNAL_ACCOUNT_LINK_METHOD_REQUIRED", "933", "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_FAILED",
                "934", "STABLECOIN_EXTERNAL_ACCOUNT_PROVIDER_LINK_REQUIRED", "935", "STABLECOIN_EXTERNAL_ACCOUNT_NOT_LINKED");
        linkCodes.forEach((suffix, code) -> post("/stablecoins/" + coin + "/burns",
                burn(100, "PROVIDER_INTERNAL_BALANCE", bank(suffix), "WIRE")).statusCode(400).body("code", equalTo(code)));

        String linkId = api().get("/stablecoins/" + coin).then().extract().path("stablecoinProviderAccountId");
        api().body(Map.of("status", "INVALID")).post("/sandbox/stablecoin-provider-accounts/" + linkId + "/status").then().statusCode(200);
        post("/stablecoins/" + coin + "/mints", wireMint(100, walletId)).statusCode(400).body("code", equalTo("STABLECOIN_PROVIDER_ACCOUNT_INVALID"));
        api().body(Map.of("status", "REVOKED")).post("/sandbox/stablecoin-provider-accounts/" + linkId + "/status").then().statusCode(200);
        post("/stablecoins/" + coin + "/burns", burn(100, "PROVIDER_INTERNAL_BALANCE", bank, "WIRE")).statusCode(400)
                .body("code", equalTo("STABLECOIN_PROVIDER_ACCOUNT_REVOKED"));
        post("/stablecoins", Map.of("providerTokenIdentifier", "Z", "networkTokenIdentifier", "btkn1z", "network", "SPARK",
                "stablecoinProviderAccountId", linkId)).statusCode(400).body("code", equalTo("STABLECOIN_PROVIDER_ACCOUNT_REVOKED"));
        api().body(Map.of("status", "ACTIVE")).post("/sandbox/stablecoin-provider-accounts/" + linkId + "/status").then().statusCode(200);
        assertTrue(status(post("/stablecoins/" + coin + "/mints", wireMint(100, walletId)).statusCode(201).extract().path("id"))
                .equals("PENDING_FUNDING"));
        api().header("Idempotency-Key", "k").body(Map.of()).post("/stablecoins/" + coin + "/mints").then().statusCode(400)
                .body("details.errors.field", org.hamcrest.Matchers.containsInAnyOrder("amount", "fundingSource", "destination"));
        api().body(wireMint(100, walletId)).post("/stablecoins/" + coin + "/mints").then().statusCode(400)
                .body("details.errors[0].field", equalTo("Idempotency-Key"));
    }
}
