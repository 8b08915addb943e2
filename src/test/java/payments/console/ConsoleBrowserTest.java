package payments.console;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.TestSupport;
import payments.WebhookReceiver;
import payments.verification.VerificationTest;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static payments.TestSupport.api;

/**
 * The console in a real browser: Playwright drives the Chromium that Debian installs
 * ({@code apt-get install chromium}), headless. Skipped, saying so, where none is installed.
 * Screenshots of each page land in target/console-screenshots (docs/console holds a committed set).
 */
@QuarkusTest
class ConsoleBrowserTest {

    /** Debian's browser binary (its /usr/bin/chromium is a shell wrapper around it). */
    private static final List<Path> CHROMIUM = List.of(Path.of("/usr/lib/chromium/chromium"), Path.of("/usr/bin/chromium"),
            Path.of("/usr/bin/chromium-browser"));
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

    @TestHTTPResource("/")
    URL root;

    @Test
    void signInCreateAndFundACustomerFollowThePaymentToItsWebhookReplayItDecideAReviewAndAdvanceTheClock() throws Exception {
        Path chromium = CHROMIUM.stream().filter(Files::isExecutable).findFirst().orElse(null);
        Assumptions.assumeTrue(chromium != null, "No Chromium installed: the console's browser test needs `apt-get install chromium`");
        Files.createDirectories(SCREENSHOTS);
        Map<String, String> staff = TestSupport.newToken("VIEW", "TRANSACT", "MANAGE", "COMPLIANCE_REVIEW");
        String waiting = pendingReviewCustomer();
        MoneyFixtures.Parties verified = MoneyFixtures.fundedParties("USD", 10_000);
        List<String> parties = List.of(verified.payer().account("USD"), verified.payee().account("USD"));

        try (WebhookReceiver receiver = WebhookReceiver.configured();
             Playwright playwright = Playwright.create(new Playwright.CreateOptions()
                     .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
             Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions().setExecutablePath(chromium)
                     .setHeadless(true).setArgs(List.of("--no-sandbox", "--disable-gpu")))) {
            Page page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1280, 800));
            page.onDialog(dialog -> dialog.accept());
            try {
                walk(page, staff, waiting, receiver, parties);
            } catch (AssertionError | RuntimeException failure) {
                // What the browser showed when it failed, for whoever reads the report.
                Files.writeString(SCREENSHOTS.resolve("failure.html"), page.url() + "\n" + page.content());
                throw failure;
            }
        }
    }

    private void walk(Page page, Map<String, String> staff, String waiting, WebhookReceiver receiver, List<String> parties) throws Exception {
        {
            String console = root.toString().replaceAll("/$", "") + TestSupport.BASE + "/console";

            // /console at the root leads to the sign-in page; wrong credentials are refused.
            page.navigate(root.toString().replaceAll("/$", "") + "/console");
            assertThat(page).hasTitle("Sign in · Sandbox console");
            shot(page, "login");
            page.fill("#clientId", staff.get("clientId"));
            page.fill("#clientSecret", "wrong");
            page.click("button[type=submit]");
            assertThat(page.getByRole(com.microsoft.playwright.options.AriaRole.ALERT)).isVisible();
            page.fill("#clientId", staff.get("clientId"));
            page.fill("#clientSecret", staff.get("clientSecret"));
            page.click("button[type=submit]");
            assertThat(page.locator("h1")).hasText("Overview");

            // Create a customer in the console.
            page.click("text=Customers");
            String platformId = "browser-" + UUID.randomUUID().toString().substring(0, 8) + "-ref";
            page.fill("input[name=fullName]", "Bea Browser");
            page.fill("input[name=platformCustomerId]", platformId);
            page.click("#new-customer button[type=submit]");
            assertThat(page.locator(".notice")).containsText("Customer created");
            String customerUrl = page.url();
            MoneyFixtures.awaitJobsDone();
            page.reload();
            assertThat(page.locator("table").first()).containsText("ACTIVE");
            shot(page, "customer");

            // Fund its USD account, the amount typed in dollars: the balance and the ledger show it.
            page.locator("a[href*='/console/accounts/']").first().click();
            // A refused amount is shown on the form: the message beside the field, what was typed kept.
            page.fill("form[action$='/fund'] input[name=amount]", "2500.005");
            page.click("form[action$='/fund'] button");
            assertThat(page.locator(".field-error[data-input=amount]")).containsText("at most 2 decimals");
            assertThat(page.locator("form[action$='/fund'] input[name=amount]")).hasValue("2500.005");
            page.fill("form[action$='/fund'] input[name=amount]", "2500.00");
            page.click("form[action$='/fund'] button");
            assertThat(page.locator(".notice")).containsText("Funded");
            assertThat(page.locator("#balance")).hasText("2,500.00 USD");
            assertThat(page.locator("#entries")).containsText("FUNDING");
            shot(page, "account");

            // The payment, its timeline, and its webhook as the receiver got it.
            page.locator("#entries a").first().click();
            assertThat(page.locator("#transaction-status")).hasText("COMPLETED");
            assertThat(page.locator("#timeline")).containsText("INCOMING_PAYMENT.COMPLETED");
            shot(page, "transaction");
            String transactionId = page.locator("h1 + p code").first().textContent();
            assertNotNull(receiver.nextMatching("INCOMING_PAYMENT.COMPLETED", transactionId, 10));
            page.locator("#timeline a", new Page.LocatorOptions().setHasText("INCOMING_PAYMENT.COMPLETED")).click();
            assertThat(page.locator("#delivery-status")).hasText("DELIVERED");
            assertThat(page.locator("#attempts tr")).hasCount(2);

            // Replay it: the same event again at the receiver, one more attempt listed.
            page.click("text=Replay");
            assertThat(page.locator(".notice")).containsText("Replayed");
            assertThat(page.locator("#attempts tr")).hasCount(3);
            assertNotNull(receiver.nextMatching("INCOMING_PAYMENT.COMPLETED", transactionId, 10), "the replay reached the receiver");
            shot(page, "webhook");
            page.click("text=Webhooks");
            page.selectOption("#eventType", "INCOMING_PAYMENT.COMPLETED");
            page.waitForURL("**eventType=INCOMING_PAYMENT.COMPLETED**");
            assertThat(page.locator("table")).containsText(transactionId);
            shot(page, "webhooks");

            // Pay from a verified customer's account: a quote shows what is sent and received, then is executed.
            String payerUrl = console + "/accounts/" + parties.get(0);
            page.navigate(payerUrl);
            page.fill("#destinationAccountId", parties.get(1));
            page.fill("#pay-amount", "25.5");
            page.fill("#description", "Browser lunch");
            page.click("#pay button[type=submit]");
            assertThat(page.locator(".notice")).containsText("Quote created");
            assertThat(page.locator("#quote-sending")).hasText("25.50 USD");
            shot(page, "quote");
            page.click("#execute button");
            assertThat(page.locator(".notice")).containsText("Executed");
            MoneyFixtures.awaitJobsDone();
            page.reload();
            assertThat(page.locator("#transaction-status")).hasText("COMPLETED");
            page.navigate(payerUrl);
            assertThat(page.locator("#balance")).hasText("74.50 USD");
            page.click("text=Quotes");
            assertThat(page.locator("#quotes")).containsText("25.50 USD");
            String shown = page.locator("#quotes time").first().textContent();
            assertEquals(false, shown.matches(".*\\d{4}-\\d{2}-\\d{2}T.*"), "times read in the viewer's zone, not as an instant: " + shown);
            assertEquals(true, page.locator("#quotes time").first().getAttribute("title").endsWith("Z"), "the instant as its tooltip");

            // Settings: a new token's secret is shown once; on a phone the page fits its width.
            page.click("text=Settings");
            page.fill("#token-name", "browser-made");
            page.check("input[name=permission][value=VIEW]");
            page.click("#new-token button[type=submit]");
            assertThat(page.locator("#created-token")).containsText("never shown again");
            String madeId = page.locator("#token-client-id").textContent();
            String madeSecret = page.locator("#token-client-secret").textContent();
            TestSupport.apiAs(madeId, madeSecret).get("/config").then().statusCode(200);
            page.click("text=Back to settings");
            assertThat(page.locator("#tokens")).containsText("browser-made");
            shot(page, "settings");
            page.setViewportSize(390, 844);
            assertEquals(390.0, ((Number) page.evaluate("document.documentElement.scrollWidth")).doubleValue(),
                    "nothing wider than a phone's screen");
            shot(page, "settings-phone");
            page.setViewportSize(1280, 800);

            // Decide a verification waiting for a person.
            page.navigate(console + "/customers/" + waiting);
            assertThat(page.locator("#review")).isVisible();
            shot(page, "review");
            page.fill("input[aria-label='Approval reason']", "Checked by hand in the browser test");
            page.click("#review button:has-text('Approve')");
            assertThat(page.locator(".notice")).containsText("Approved");
            assertThat(page.locator("#kyc-status")).hasText("APPROVED");
            assertEquals("APPROVED", api().get("/customers/" + waiting).then().extract().path("kycStatus"));

            // Advance the sandbox clock by a day.
            page.click("text=Overview");
            String before = page.locator("#clock-now").textContent();
            page.selectOption("#seconds", "86400");
            page.click("form[action$='/clock/advance'] button");
            assertThat(page.locator(".notice")).containsText("clock moved forward");
            assertEquals(java.time.Duration.ofDays(1).toHours(), java.time.Duration.between(java.time.Instant.parse(before),
                    java.time.Instant.parse(page.locator("#clock-now").textContent())).toHours());
            shot(page, "overview");
            // Search finds the customer by part of its platform id; a bank account is registered from its page.
            page.fill("header input[name=q]", platformId.substring(0, 16));
            page.press("header input[name=q]", "Enter");
            assertThat(page.locator("#results")).containsText("Bea Browser");
            shot(page, "search");
            page.locator("#results a").first().click();
            page.click("#new-bank-account summary");
            page.fill("#x-number", "555000111");
            page.fill("#x-name", "Bea Browser");
            page.fill("#x-birth", "1990-02-03");
            page.fill("#x-nationality", "US");
            page.fill("#x-line1", "5 Elm St");
            page.fill("#x-city", "Denver");
            page.fill("#x-postal", "80202");
            page.fill("#x-country", "US");
            // Without the routing number: the operation's error stands beside that field, the rest as typed.
            page.click("#new-bank-account button[type=submit]");
            assertThat(page.locator(".field-error[data-input=routingNumber]")).isVisible();
            assertThat(page.locator("#form-error")).containsText("INVALID_INPUT");
            assertThat(page.locator("#x-city")).hasValue("Denver");
            shot(page, "form-error");
            page.fill("#x-routing", "021000021");
            page.click("#new-bank-account button[type=submit]");
            assertThat(page.locator(".notice")).containsText("Bank account registered");
            assertThat(page.locator("#external-accounts")).containsText("555000111");
            shot(page, "bank-accounts");
            page.navigate(customerUrl);
            page.click("text=Sign out");
            assertThat(page).hasTitle("Sign in · Sandbox console");
            page.navigate(customerUrl);
            assertThat(page).hasTitle("Sign in · Sandbox console");
        }
    }

    /** A customer whose complete packet the sandbox sends to a person (a name ending 001): PENDING_MANUAL_REVIEW. */
    static String pendingReviewCustomer() {
        String customerId = VerificationTest.completeIndividual("Paula Pending001");
        VerificationTest.upload(customerId, "PASSPORT", VerificationTest.PNG);
        VerificationTest.submit(customerId);
        MoneyFixtures.awaitJobsDone();
        return customerId;
    }

    private static void shot(Page page, String name) {
        page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOTS.resolve(name + ".png")).setFullPage(true));
    }
}
