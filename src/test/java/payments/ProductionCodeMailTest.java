package payments;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import payments.customer.CustomerTest;
import payments.wallet.WalletClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * Production e-mails one-time codes over SMTP (an in-process GreenMail server here): a wallet's
 * sign-in code opens a session, a customer's email verification code verifies the address; other
 * codes do not, and a mailed contact code is spent after five wrong tries.
 */
@QuarkusTest
@TestProfile(ProductionCodeMailTest.ProductionWithSmtp.class)
class ProductionCodeMailTest {

    /** The SMTP port, chosen once per JVM: the profile and the test may be loaded by different class loaders. */
    private static final String PORT = "test.production-codes.smtp-port";
    private static final Pattern CODE = Pattern.compile("code is (\\d{6})");
    private static GreenMail smtp;

    static synchronized int port() {
        if (System.getProperty(PORT) == null) {
            try (ServerSocket free = new ServerSocket(0)) {
                System.setProperty(PORT, Integer.toString(free.getLocalPort()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Integer.parseInt(System.getProperty(PORT));
    }

    public static class ProductionWithSmtp implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("svc.mode", "production", "svc.webhooks.allowed-hosts", "localhost",
                    "svc.mail.from", "codes@payments.test", "quarkus.mailer.mock", "false",
                    "quarkus.mailer.host", "127.0.0.1", "quarkus.mailer.port", Integer.toString(port()),
                    "quarkus.mailer.start-tls", "DISABLED", "svc.sms.via-webhook", "true");
        }
    }

    @BeforeAll
    static void startSmtp() {
        smtp = new GreenMail(new ServerSetup(port(), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        smtp.start();
    }

    @AfterAll
    static void stopSmtp() {
        smtp.stop();
    }

    /** The six digits of mail number {@code index} (0-based), sent to {@code to}; waits up to 10 s for it. */
    private static String codeOfMail(int index, String to) throws Exception {
        for (int i = 0; i < 100 && smtp.getReceivedMessages().length <= index; i++) {
            MoneyFixtures.sleep(100);
        }
        MimeMessage[] messages = smtp.getReceivedMessages();
        assertTrue(messages.length > index, "mail " + index + " never came");
        assertEquals(to, messages[index].getAllRecipients()[0].toString());
        Matcher found = CODE.matcher(messages[index].getContent().toString());
        assertTrue(found.find(), "the mail carries the code");
        return found.group(1);
    }

    @Test
    void aWalletsCodeIsEmailedAndOpensASession() throws Exception {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("mail"), "Mae Mail");
        body.put("currencies", List.of("USDB"));
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        String wallet = MoneyFixtures.activeAccounts(customerId).get("USDB");

        int before = smtp.getReceivedMessages().length;
        WalletClient.Session session = WalletClient.login(wallet, () -> {
            try {
                return codeOfMail(before, "jane@example.com");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(session.id().startsWith("Session:"));

        // Another code than the one mailed opens nothing.
        String credentialId = WalletClient.credentialOf(wallet, "EMAIL_OTP");
        String target = WalletClient.challenge(credentialId);
        String mailed = codeOfMail(before + 1, "jane@example.com");
        String wrong = "000000".equals(mailed) ? "000001" : "000000";
        assertEquals(400, WalletClient.verify(credentialId, Map.of("type", "EMAIL_OTP", "encryptedOtpBundle",
                WalletClient.seal(target, wrong, WalletClient.compressed(WalletClient.newKey()))), null, null).statusCode());
    }

    @jakarta.inject.Inject
    io.vertx.mutiny.sqlclient.Pool pool;
    @jakarta.inject.Inject
    payments.common.security.SecretsAtRest secrets;

    /**
     * With svc.sms.via-webhook a phone's code goes to the platform as a MESSAGE.SMS_REQUESTED event,
     * sealed at rest: what the platform receives (opened here as the sender opens it) verifies the phone.
     */
    @Test
    void aPhonesCodeIsHandedToThePlatformSealedAndVerifiesThePhone() {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("sms"), "Sam Texted");
        body.put("region", "DE");
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        api().post("/customers/" + customerId + "/verify-phone").then().statusCode(503)
                .body("message", org.hamcrest.Matchers.containsString("webhookEndpoint"));
        api().body(Map.of("webhookEndpoint", "https://localhost:9/sms")).patch("/config").then().statusCode(200);
        try {
            api().post("/customers/" + customerId + "/verify-phone").then().statusCode(204);
            io.vertx.mutiny.sqlclient.Row event = pool.query("SELECT id, body FROM webhook_events WHERE type = 'MESSAGE.SMS_REQUESTED'"
                    + " ORDER BY id DESC LIMIT 1").execute().await().indefinitely().iterator().next();
            String stored = event.getString("body");
            assertTrue(payments.common.security.SecretsAtRest.isSealed(stored), "sealed at rest");
            io.restassured.path.json.JsonPath sent = new io.restassured.path.json.JsonPath(
                    secrets.open("webhook-event:" + event.getUUID("id"), stored));
            assertEquals("MESSAGE.SMS_REQUESTED", sent.getString("type"));
            assertEquals("PHONE_VERIFICATION", sent.getString("data.purpose"));
            String code = sent.getString("data.code");
            assertTrue(code.matches("\\d{6}") && sent.getString("data.text").contains(code), sent.prettify());
            assertTrue(!stored.contains("one-time code"), "nothing of the text is readable in the table");
            assertEquals(body.get("phoneNumber"), sent.getString("data.phoneNumber"));
            String wrong = "000000".equals(code) ? "000001" : "000000";
            api().body(Map.of("code", wrong)).post("/customers/" + customerId + "/verify-phone/confirm").then().statusCode(400);
            api().body(Map.of("code", code)).post("/customers/" + customerId + "/verify-phone/confirm").then().statusCode(200)
                    .body("contactVerification.phone", org.hamcrest.Matchers.equalTo("VERIFIED"));
        } finally {
            api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
        }
    }

    @Test
    void aCustomersEmailIsVerifiedWithTheMailedCode() throws Exception {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("mail"), "Eli Europe");
        body.put("region", "DE");
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");

        int before = smtp.getReceivedMessages().length;
        api().post("/customers/" + customerId + "/verify-email").then().statusCode(204);
        String code = codeOfMail(before, "jane@example.com");
        String wrong = "000000".equals(code) ? "000001" : "000000";
        api().body(Map.of("code", wrong)).post("/customers/" + customerId + "/verify-email/confirm").then().statusCode(400);
        api().body(Map.of("code", code)).post("/customers/" + customerId + "/verify-email/confirm").then().statusCode(200)
                .body("contactVerification.email", org.hamcrest.Matchers.equalTo("VERIFIED"));

        // Five wrong tries spend a code: even the right one is refused afterwards.
        Map<String, Object> eu = CustomerTest.individual(TestSupport.uniqueCustomerRef("mail"), "Una Unlucky");
        eu.put("region", "DE");
        String unlucky = api().body(eu).post("/customers").then().statusCode(201).extract().path("id");
        api().post("/customers/" + unlucky + "/verify-email").then().statusCode(204);
        String spent = codeOfMail(before + 1, "jane@example.com");
        String miss = "000000".equals(spent) ? "000001" : "000000";
        for (int i = 0; i < 5; i++) {
            api().body(Map.of("code", miss)).post("/customers/" + unlucky + "/verify-email/confirm").then().statusCode(400);
        }
        api().body(Map.of("code", spent)).post("/customers/" + unlucky + "/verify-email/confirm").then().statusCode(400);
    }
}
