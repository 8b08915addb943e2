package payments.console;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.TestSupport;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** The sandbox console over HTTP: sign-in, every page behind it, forms that act as the API does and only from the console. */
@QuarkusTest
class ConsoleTest {

    static final String CONSOLE = TestSupport.BASE + "/console";
    private static final Pattern FORM_TOKEN = Pattern.compile("name=\"form\" value=\"([^\"]+)\"");

    @Test
    void nothingIsReachableWithoutSigningIn() {
        for (String page : List.of("", "/customers", "/transactions", "/webhooks", "/customers/Customer:x", "/accounts/x", "/webhooks/x",
                "/quotes", "/quotes/x", "/settings")) {
            RestAssured.given().redirects().follow(false).get(CONSOLE + page).then().statusCode(303)
                    .header("Location", endsWith("/console/login"));
        }
        RestAssured.given().redirects().follow(false).cookie(ConsoleSessions.COOKIE, "forged.1999999999.signature")
                .get(CONSOLE + "/customers").then().statusCode(303);
        postLogin(TestSupport.CLIENT_ID, "wrong").then().statusCode(303).header("Location", endsWith("/console/login?failed=1"))
                .header("Set-Cookie", org.hamcrest.Matchers.nullValue());
        RestAssured.given().redirects().follow(false).get("/console").then().statusCode(302).header("Location", equalTo(CONSOLE));
    }

    @Test
    void pagesShowWhatTheApiAnswersAndAFormFundsAsTheApiDoes() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String account = holder.account("USD");
        String session = signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);

        page(session, "/customers/" + holder.customerId()).then().statusCode(200).body(containsString(account));
        Response accountPage = page(session, "/accounts/" + account);
        accountPage.then().statusCode(200).body(containsString("0.00 USD"));
        String form = formToken(accountPage.asString());

        // A funding form posts POST /sandbox/internal-accounts/{id}/fund's body, the amount typed in dollars: the balance and the ledger show it.
        console(session).formParam("form", form).formParam("amount", "123.45").post(CONSOLE + "/accounts/" + account + "/fund")
                .then().statusCode(303).header("Location", containsString("notice=funded"));
        api().get("/internal-accounts/" + account).then().body("balance.amount", equalTo(12345));
        page(session, "/accounts/" + account + "?notice=funded").then().body(containsString("123.45 USD")).body(containsString("Funded"))
                .body(containsString("FUNDING"));
        String transactionId = api().queryParam("customerId", holder.customerId()).get("/transactions").then()
                .extract().path("data[0].id");
        page(session, "/transactions/" + transactionId).then().statusCode(200)
                .body(containsString("INCOMING_PAYMENT.COMPLETED")).body(containsString("ledger FUNDING"));

        // The operation's own checks answer a bad form, listing the field; nothing moves.
        // It is shown on the account's page again: the code above the form, the message beside the amount, what was typed kept.
        String refused = console(session).formParam("form", form).formParam("amount", "12.505").post(CONSOLE + "/accounts/" + account + "/fund")
                .then().statusCode(400).body(containsString("Fund (sandbox)")).extract().asString();
        String fundCard = refused.substring(refused.indexOf("/accounts/" + account + "/fund\""));
        fundCard = fundCard.substring(0, fundCard.indexOf("<p class=\"muted\">As <code>POST /sandbox/"));
        assertTrue(formError(fundCard).contains("INVALID_INPUT"), fundCard);
        assertTrue(fieldError(fundCard, "amount").contains("at most 2 decimals, e.g. 2500.00"), fundCard);
        assertTrue(fundCard.contains("name=\"amount\" value=\"12.505\""), "what was typed is kept, in the form it was typed in");
        assertTrue(refused.contains("id=\"pay-amount\" name=\"amount\" value=\"\""), "the other form on the page is left as it was");
        // A token that may decide verifications but not view customers gets a refused decision's error alone, not the customer's page.
        Map<String, String> reviewer = TestSupport.newToken("COMPLIANCE_REVIEW");
        String reviewing = signIn(reviewer.get("clientId"), reviewer.get("clientSecret"));
        String waiting = ConsoleBrowserTest.pendingReviewCustomer();
        String verificationId = TestSupport.apiAs(reviewer.get("clientId"), reviewer.get("clientSecret")).get("/compliance/reviews").then().statusCode(200)
                .extract().path("data.find { it.verification.customerId == '" + waiting + "' }.verification.id");
        console(reviewing).formParam("form", formToken(page(reviewing, "/reviews").then().statusCode(200).extract().asString()))
                .formParam("from", "customer").formParam("customerId", waiting)
                .post(CONSOLE + "/reviews/" + verificationId + "/reject").then().statusCode(400)
                .body(containsString("<h1>400 INVALID_INPUT</h1>")).body(not(containsString("Internal accounts")));
        // A form that did not come from this session (another site's post, a stale page) is refused.
        console(session).formParam("amount", "100").post(CONSOLE + "/accounts/" + account + "/fund").then().statusCode(403);
        console(session).formParam("form", "x" + form).formParam("amount", "100").post(CONSOLE + "/accounts/" + account + "/fund")
                .then().statusCode(403);
        api().get("/internal-accounts/" + account).then().body("balance.amount", equalTo(12345));
        page(session, "/accounts/InternalAccount:00000000-0000-7000-8000-000000000000").then().statusCode(404)
                .body(containsString("INTERNAL_ACCOUNT_NOT_FOUND"));
    }

    @Test
    void aQuoteIsMadeFromAnAccountPageShownWithItsFeesAndExecuted() {
        MoneyFixtures.Parties funded = MoneyFixtures.fundedParties("USD", 10_000);
        record Accounts(String payer, String payee) {
        }
        Accounts parties = new Accounts(funded.payer().account("USD"), funded.payee().account("USD"));
        String session = signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        String form = formToken(page(session, "/accounts/" + parties.payer()).then().statusCode(200)
                .body(containsString("Pay from this account")).extract().asString());
        String quotes = CONSOLE + "/accounts/" + parties.payer() + "/quotes";
        String badAmount = console(session).formParam("form", form).formParam("destinationAccountId", parties.payee()).formParam("amount", "1,2.x")
                .post(quotes).then().statusCode(400).extract().asString();
        assertFalse(fieldError(badAmount, "amount").isEmpty(), badAmount);
        assertTrue(badAmount.contains("value=\"" + parties.payee() + "\""), "the destination typed is kept");
        // The operation's destination.accountId is reported beside the input it came from.
        String badDestination = console(session).formParam("form", form).formParam("destinationAccountId", "nowhere").formParam("amount", "12.50")
                .post(quotes).then().statusCode(400).extract().asString();
        assertFalse(fieldError(badDestination, "destinationAccountId").isEmpty(), badDestination);
        assertEquals("", fieldError(badDestination, "amount"));

        String location = console(session).formParam("form", form).formParam("destinationAccountId", parties.payee())
                .formParam("amount", "12.50").formParam("description", "Lunch").post(quotes)
                .then().statusCode(303).header("Location", containsString("notice=quoted")).extract().header("Location");
        String quoteId = location.substring(location.indexOf("/quotes/") + 8, location.indexOf('?'));
        api().get("/quotes/" + quoteId).then().statusCode(200).body("totalSendingAmount", equalTo(1250)).body("status", equalTo("PENDING"));
        String quotePage = page(session, "/quotes/" + quoteId + "?notice=quoted").then().statusCode(200)
                .body(containsString("12.50 USD")).body(containsString("Execute")).extract().asString();
        page(session, "/quotes").then().statusCode(200).body(containsString(quoteId));

        String executed = console(session).formParam("form", formToken(quotePage)).post(CONSOLE + "/quotes/" + quoteId + "/execute")
                .then().statusCode(303).header("Location", containsString("notice=executed")).extract().header("Location");
        assertTrue(executed.contains("/console/transactions/Transaction:"), executed);
        MoneyFixtures.awaitQuote(quoteId, "COMPLETED");
        assertEquals(10_000 - 1250, MoneyFixtures.balance(parties.payer()));
        // The payment's row names its counterparty: the payee account's holder, above the account's id.
        page(session, "/customers/" + funded.payer().customerId()).then().statusCode(200)
                .body(containsString("Grace Hopper<br><code class=\"muted\">" + parties.payee() + "</code>")).body(containsString("Lunch"));
        String again = console(session).formParam("form", formToken(quotePage)).post(CONSOLE + "/quotes/" + quoteId + "/execute")
                .then().statusCode(409).body(containsString("id=\"quote-status\"")).extract().asString();
        assertFalse(formError(again).isEmpty(), "a refused execution is shown on the quote's page");

        Map<String, String> viewer = TestSupport.newToken("VIEW");
        String viewing = signIn(viewer.get("clientId"), viewer.get("clientSecret"));
        String viewerForm = formToken(page(viewing, "/accounts/" + parties.payer()).then().statusCode(200)
                .body(not(containsString("Pay from this account"))).extract().asString());
        console(viewing).formParam("form", viewerForm).formParam("destinationAccountId", parties.payee()).formParam("amount", "1")
                .post(quotes).then().statusCode(403).body(containsString("TRANSACT"));
    }

    @Test
    void theWebhookEndpointAndApiTokensAreManagedFromSettings() {
        String session = signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        String form = formToken(page(session, "/settings").then().statusCode(200).body(containsString("New token")).extract().asString());
        String badEndpoint = console(session).formParam("form", form).formParam("webhookEndpoint", "not a url").post(CONSOLE + "/settings/webhook")
                .then().statusCode(400).extract().asString();
        assertFalse(fieldError(badEndpoint, "webhookEndpoint").isEmpty(), badEndpoint);
        assertTrue(badEndpoint.contains("value=\"not a url\""), "what was typed is kept");
        try {
            console(session).formParam("form", form).formParam("webhookEndpoint", "https://localhost:9/console-settings")
                    .post(CONSOLE + "/settings/webhook").then().statusCode(303).header("Location", containsString("notice=saved"));
            api().get("/config").then().body("webhookEndpoint", equalTo("https://localhost:9/console-settings"));
        } finally {
            api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
        }

        String noPermissions = console(session).formParam("form", form).formParam("name", "no permissions").post(CONSOLE + "/settings/tokens")
                .then().statusCode(400).extract().asString();
        assertFalse(fieldError(noPermissions, "permission").isEmpty(), noPermissions);
        assertTrue(noPermissions.contains("value=\"no permissions\""), "the name typed is kept");
        String name = "console-" + java.util.UUID.randomUUID();
        String created = console(session).formParam("form", form).formParam("name", name).formParam("permission", "VIEW")
                .post(CONSOLE + "/settings/tokens").then().statusCode(200).body(containsString("never shown again")).extract().asString();
        String clientId = between(created, "id=\"token-client-id\">", "<");
        String secret = between(created, "id=\"token-client-secret\">", "<");
        TestSupport.apiAs(clientId, secret).get("/config").then().statusCode(200);
        String tokenId = api().queryParam("name", name).get("/tokens").then().extract().path("data[0].id");
        page(session, "/settings").then().body(containsString(name)).body(not(containsString(secret)));

        console(session).formParam("form", form).post(CONSOLE + "/settings/tokens/" + tokenId + "/revoke")
                .then().statusCode(303).header("Location", containsString("notice=revoked"));
        TestSupport.apiAs(clientId, secret).get("/config").then().statusCode(401);
        // Revoked again (a second tab): the token's row is gone, so the refusal is shown on its own page.
        console(session).formParam("form", form).post(CONSOLE + "/settings/tokens/" + tokenId + "/revoke")
                .then().statusCode(404).body(containsString("<h1>404 ")).body(not(containsString("New token")));

        Map<String, String> viewer = TestSupport.newToken("VIEW");
        String viewing = signIn(viewer.get("clientId"), viewer.get("clientSecret"));
        String viewerForm = formToken(page(viewing, "/settings").then().statusCode(200).body(not(containsString("New token")))
                .body(containsString("title=\"" + viewer.get("id") + "\" id=\"signed-in-as\">test-")).extract().asString());
        console(viewing).formParam("form", viewerForm).formParam("webhookEndpoint", "https://localhost:9/x").post(CONSOLE + "/settings/webhook")
                .then().statusCode(403).body(containsString("MANAGE"));
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start) + start.length();
        assertTrue(from >= start.length(), "no " + start);
        return text.substring(from, text.indexOf(end, from));
    }

    @Test
    void cardTransactionsShowTheirAmountsAndTheirLinksOpenAndAClosedCardOffersNoAuthorization() {
        payments.card.CardFixtures.Cardholder cardholder = payments.card.CardFixtures.cardholder("USD", 10_000, Map.of());
        String session = signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        String customerPage = "/customers/" + cardholder.holder().customerId();
        String form = formToken(page(session, customerPage).then().statusCode(200).body(containsString("Authorize")).extract().asString());
        console(session).formParam("form", form).formParam("customerId", cardholder.holder().customerId()).formParam("currency", "USD")
                .formParam("amount", "12.50").formParam("descriptor", "CONSOLE CAFE")
                .post(CONSOLE + "/cards/" + cardholder.cardId() + "/authorize").then().statusCode(303);
        String card = page(session, customerPage).then().statusCode(200).body(containsString("CONSOLE CAFE"))
                .body(containsString("12.50 USD")).extract().asString();
        Matcher link = Pattern.compile("console/transactions/(CardTransaction:[^\"]+)\"").matcher(card);
        assertTrue(link.find(), "the card transaction links to its page");
        page(session, "/transactions/" + link.group(1)).then().statusCode(200).body(containsString("12.50 USD"))
                .body(containsString("CONSOLE CAFE")).body(containsString("ledger CARD_"));

        // Every ledger row of the account links to a page that opens.
        String account = page(session, "/accounts/" + cardholder.account()).then().statusCode(200).body(containsString("CARD_")).extract().asString();
        Matcher rows = Pattern.compile("console/transactions/([A-Za-z]+:[^\"]+)\"").matcher(account);
        int links = 0;
        while (rows.find()) {
            page(session, "/transactions/" + rows.group(1)).then().statusCode(200);
            links++;
        }
        assertTrue(links >= 2, "the funding and the card's posting");

        api().body(Map.of("status", "CLOSED")).patch("/cards/" + cardholder.cardId()).then().statusCode(200);
        page(session, customerPage).then().statusCode(200).body(containsString("closed: nothing to authorize"))
                .body(not(containsString("/authorize")));
    }

    @Test
    void theSearchBoxOpensAnIdsPageAndFindsCustomersByNameEmailOrPlatformId() {
        String ref = TestSupport.uniqueCustomerRef("findme");
        String customerId = api().body(Map.of("customerType", "INDIVIDUAL", "platformCustomerId", ref, "fullName", "Zelda Searchable",
                "email", ref + "@example.com")).post("/customers").then().statusCode(201).extract().path("id");
        String session = signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        page(session, "/search?q=" + customerId).then().statusCode(303).header("Location", endsWith("/console/customers/" + customerId));
        for (String text : List.of("zelda SEARCH", ref.substring(0, ref.length() - 2), ref + "@EXAMPLE")) {
            page(session, "/search?q=" + text).then().statusCode(200).body(containsString(customerId)).body(containsString("Zelda Searchable"));
        }
        page(session, "/search?q=no such customer 9f3").then().statusCode(200).body(containsString("No customer matches"));
        page(session, "/search?q=fullname").then().statusCode(200).body(not(containsString(customerId)));
        page(session, "/search?q=100%25").then().statusCode(200).body(not(containsString(customerId)));
        page(session, "/search?q=Customer:not-an-id").then().statusCode(200);
        RestAssured.given().redirects().follow(false).get(CONSOLE + "/search?q=" + customerId).then().statusCode(303)
                .header("Location", endsWith("/console/login"));
        Map<String, String> desk = Map.of("id", TestSupport.OPERATIONS_ID, "secret", TestSupport.OPERATIONS_SECRET);
        page(signIn(desk.get("id"), desk.get("secret")), "/search?q=" + customerId).then().statusCode(403);
    }

    @Test
    void aCustomersBankAccountsAreListedRegisteredAndDeletedFromItsPage() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String session = signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        String customerPage = "/customers/" + holder.customerId();
        String form = formToken(page(session, customerPage).then().statusCode(200).body(containsString("Register a bank account"))
                .extract().asString());
        String create = CONSOLE + "/customers/" + holder.customerId() + "/external-accounts";
        String refused = console(session).formParam("form", form).formParam("accountType", "EUR_ACCOUNT").formParam("fullName", "Paula Console")
                .post(create).then().statusCode(400).body(containsString("id=\"new-bank-account\" style=\"margin-top:1rem\" open"))
                .extract().asString();
        assertFalse(fieldError(refused, "iban").isEmpty(), refused);
        assertFalse(fieldError(refused, "country").isEmpty(), refused);
        assertEquals("", fieldError(refused, "fullName"));
        assertTrue(refused.contains("value=\"EUR_ACCOUNT\" selected"), "the kind chosen is kept");
        assertTrue(refused.contains("value=\"Paula Console\""), "the name typed is kept");
        // A NUL the database cannot store is refused on the form as the API refuses it in JSON.
        String nul = console(session).formParam("form", form).formParam("accountType", "USD_ACCOUNT").formParam("fullName", "Paula\u0000Console")
                .post(create).then().statusCode(400).extract().asString();
        assertTrue(fieldError(nul, "fullName").contains("NUL"), nul);
        console(session).formParam("form", form).formParam("accountType", "USD_ACCOUNT").formParam("accountNumber", "987654321")
                .formParam("routingNumber", "021000021").formParam("fullName", "Paula Console").formParam("birthDate", "1985-04-02")
                .formParam("nationality", "US").formParam("line1", "1 Main St").formParam("city", "Austin").formParam("postalCode", "73301")
                .formParam("country", "US").post(create).then().statusCode(303).header("Location", containsString("notice=registered"));
        String accountId = api().queryParam("customerId", holder.customerId()).get("/customers/external-accounts").then().statusCode(200)
                .extract().path("data.find { it.accountInfo.accountNumber == '987654321' }.id");
        page(session, customerPage).then().body(containsString(accountId)).body(containsString("Paula Console"));
        // A payout to it is listed with the account's holder as its counterparty.
        MoneyFixtures.fund(holder.account("USD"), 5_000);
        api().body(MoneyFixtures.transferBody(holder.account("USD"), accountId, 1_000)).post("/quotes").then().statusCode(201);
        page(session, "/transactions?customerId=" + holder.customerId()).then().statusCode(200)
                .body(containsString("Paula Console<br><code class=\"muted\">" + accountId + "</code>"));

        console(session).formParam("form", form).formParam("customerId", holder.customerId())
                .post(CONSOLE + "/external-accounts/" + accountId + "/delete").then().statusCode(303).header("Location", containsString("notice=deleted"));
        api().get("/customers/external-accounts/" + accountId).then().statusCode(404);
        String after = page(session, customerPage).then().statusCode(200).extract().asString();
        String bankAccounts = after.substring(after.indexOf("id=\"external-accounts\""));
        assertFalse(bankAccounts.substring(0, bankAccounts.indexOf("</table>")).contains(accountId), "a deleted account is not listed");
        // Its payout keeps naming it: the deleted account's holder is still its counterparty.
        assertTrue(after.contains("Paula Console<br><code class=\"muted\">" + accountId + "</code>"), after);
    }

    /** A customer may have no name yet (an individual without fullName): its pages show its id, and the list still renders. */
    @Test
    void aCustomerWithoutANameIsShownByItsId() {
        String customerId = api().body(Map.of("customerType", "INDIVIDUAL", "platformCustomerId", TestSupport.uniqueCustomerRef("nameless")))
                .post("/customers").then().statusCode(201).extract().path("id");
        String session = signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        page(session, "/customers").then().statusCode(200).body(containsString(customerId));
        page(session, "/customers/" + customerId).then().statusCode(200).body(containsString("<h1>" + customerId));
    }

    @Test
    void eachActionNeedsThePermissionOfItsOperationAndADeletedTokenEndsItsSessions() {
        Holder holder = MoneyFixtures.approvedCustomer(List.of("USD"));
        String account = holder.account("USD");
        Map<String, String> viewer = TestSupport.newToken("VIEW");
        String session = signIn(viewer.get("clientId"), viewer.get("clientSecret"));
        Response accountPage = page(session, "/accounts/" + account);
        accountPage.then().statusCode(200);
        console(session).formParam("form", formToken(accountPage.asString())).formParam("amount", "100")
                .post(CONSOLE + "/accounts/" + account + "/fund").then().statusCode(403).body(containsString("TRANSACT"));
        page(session, "").then().statusCode(200).body(containsString("COMPLIANCE_REVIEW")).body(not(containsString("Approve")));
        api().get("/internal-accounts/" + account).then().body("balance.amount", equalTo(0));

        api().delete("/tokens/" + viewer.get("id")).then().statusCode(204);
        console(session).redirects().follow(false).get(CONSOLE + "/customers").then().statusCode(303)
                .header("Location", endsWith("/console/login"));
    }

    @Test
    void aSessionCookieIsHttpOnlyStrictAndScopedToTheConsole() {
        Response login = postLogin(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        String cookie = setCookie(login, ConsoleSessions.COOKIE);
        assertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=" + CONSOLE), cookie);
        assertEquals(303, login.statusCode());
        assertTrue(setCookie(login, ConsoleSessions.LOGIN_COOKIE).contains("Max-Age=0"), "the sign-in page's nonce is retired");
        page(login.getCookie(ConsoleSessions.COOKIE), "").then().header("Cache-Control", "no-store")
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"));
    }

    @jakarta.inject.Inject
    ConsoleSessions sessions;

    /** A sign-in page's form expires with its page: a nonce older than its lifetime signs no one in, though signed right. */
    @Test
    void aSignInFormOlderThanItsLifetimeSignsNoOneIn() {
        String nonce = RestAssured.given().get(CONSOLE + "/login").getCookie(ConsoleSessions.LOGIN_COOKIE);
        long issued = Long.parseLong(nonce.substring(nonce.lastIndexOf('.') + 1));
        String stale = nonce.substring(0, nonce.lastIndexOf('.') + 1) + (issued - ConsoleSessions.LOGIN_LIFETIME.toSeconds() - 1);
        RestAssured.given().redirects().follow(false).cookie(ConsoleSessions.LOGIN_COOKIE, stale)
                .formParam("form", sessions.loginFormToken(stale)).formParam("clientId", TestSupport.CLIENT_ID)
                .formParam("clientSecret", TestSupport.CLIENT_SECRET).post(CONSOLE + "/login").then().statusCode(303)
                .header("Location", endsWith("/console/login?expired=1"));
        RestAssured.given().redirects().follow(false).cookie(ConsoleSessions.LOGIN_COOKIE, nonce)
                .formParam("form", sessions.loginFormToken(nonce)).formParam("clientId", TestSupport.CLIENT_ID)
                .formParam("clientSecret", TestSupport.CLIENT_SECRET).post(CONSOLE + "/login").then().statusCode(303)
                .header("Location", endsWith("/console"));
    }

    /**
     * Login CSRF: another site's form (no sign-in page behind it) cannot sign a browser in to a token
     * of its choosing, and cannot sign it out either.
     */
    @Test
    void signInAndSignOutNeedTheirFormToken() {
        // No form token, as another site's form would post: no session.
        RestAssured.given().redirects().follow(false).formParam("clientId", TestSupport.CLIENT_ID)
                .formParam("clientSecret", TestSupport.CLIENT_SECRET).post(CONSOLE + "/login").then().statusCode(303)
                .header("Location", endsWith("/console/login?expired=1")).header("Set-Cookie", org.hamcrest.Matchers.nullValue());

        // A page's token without its cookie, or with another page's cookie: no session either.
        Response loginPage = RestAssured.given().get(CONSOLE + "/login");
        String pageCookie = setCookie(loginPage, ConsoleSessions.LOGIN_COOKIE);
        assertTrue(pageCookie.contains("HttpOnly") && pageCookie.contains("SameSite=Strict") && pageCookie.contains("Path=" + CONSOLE + "/login"),
                pageCookie);
        String token = formToken(loginPage.asString());
        String otherPagesCookie = RestAssured.given().get(CONSOLE + "/login").getCookie(ConsoleSessions.LOGIN_COOKIE);
        RestAssured.given().redirects().follow(false).formParam("form", token).formParam("clientId", TestSupport.CLIENT_ID)
                .formParam("clientSecret", TestSupport.CLIENT_SECRET).post(CONSOLE + "/login").then().statusCode(303)
                .header("Location", endsWith("/console/login?expired=1")).header("Set-Cookie", org.hamcrest.Matchers.nullValue());
        RestAssured.given().redirects().follow(false).cookie(ConsoleSessions.LOGIN_COOKIE, otherPagesCookie).formParam("form", token)
                .formParam("clientId", TestSupport.CLIENT_ID).formParam("clientSecret", TestSupport.CLIENT_SECRET)
                .post(CONSOLE + "/login").then().statusCode(303).header("Location", endsWith("/console/login?expired=1"))
                .header("Set-Cookie", org.hamcrest.Matchers.nullValue());

        // Signing out without the session's form token is refused and the session goes on; with it, the cookie goes.
        String session = signIn(TestSupport.CLIENT_ID, TestSupport.CLIENT_SECRET);
        console(session).contentType(io.restassured.http.ContentType.URLENC).post(CONSOLE + "/logout").then().statusCode(403)
                .header("Set-Cookie", org.hamcrest.Matchers.nullValue());
        console(session).formParam("form", "x").post(CONSOLE + "/logout").then().statusCode(403);
        Response home = page(session, "");
        home.then().statusCode(200);
        Response logout = console(session).formParam("form", formToken(home.asString())).post(CONSOLE + "/logout");
        logout.then().statusCode(303).header("Location", endsWith("/console/login"));
        assertTrue(setCookie(logout, ConsoleSessions.COOKIE).contains("Max-Age=0"), setCookie(logout, ConsoleSessions.COOKIE));
    }

    static String signIn(String clientId, String secret) {
        Response login = postLogin(clientId, secret);
        login.then().statusCode(303).header("Location", endsWith("/console"));
        return login.getCookie(ConsoleSessions.COOKIE);
    }

    /** The sign-in form as a browser posts it: from the sign-in page, with that page's cookie and form token. */
    private static Response postLogin(String clientId, String secret) {
        Response loginPage = RestAssured.given().get(CONSOLE + "/login");
        return RestAssured.given().redirects().follow(false).cookie(ConsoleSessions.LOGIN_COOKIE, loginPage.getCookie(ConsoleSessions.LOGIN_COOKIE))
                .formParam("form", formToken(loginPage.asString())).formParam("clientId", clientId).formParam("clientSecret", secret)
                .post(CONSOLE + "/login");
    }

    /** The Set-Cookie header of one cookie. */
    private static String setCookie(Response response, String name) {
        return response.getHeaders().getValues("Set-Cookie").stream().filter(cookie -> cookie.startsWith(name + "=")).findFirst()
                .orElseThrow(() -> new AssertionError("no Set-Cookie for " + name + ": " + response.getHeaders()));
    }

    static RequestSpecification console(String session) {
        return RestAssured.given().redirects().follow(false).cookie(ConsoleSessions.COOKIE, session);
    }

    static Response page(String session, String path) {
        return console(session).get(CONSOLE + path);
    }

    /** The message shown beside {@code input} of a refused form ("" when none). */
    static String fieldError(String html, String input) {
        Matcher matcher = Pattern.compile("<span class=\"field-error\" role=\"alert\" data-input=\"" + Pattern.quote(input) + "\">([^<]*)</span>")
                .matcher(html);
        return matcher.find() ? matcher.group(1) : "";
    }

    /** What a refused form says above it: its code and reason ("" when none). */
    static String formError(String html) {
        Matcher matcher = Pattern.compile("<div class=\"form-error\" role=\"alert\" id=\"form-error\">(.*?)</div>", Pattern.DOTALL).matcher(html);
        return matcher.find() ? matcher.group(1) : "";
    }

    static String formToken(String html) {
        Matcher matcher = FORM_TOKEN.matcher(html);
        assertTrue(matcher.find(), "the page carries a form token");
        return matcher.group(1);
    }
}
