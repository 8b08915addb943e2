package payments;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.customer.CustomerTest;
import payments.wallet.WalletClient;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/**
 * Production e-mails one-time codes over SMTP (an in-process GreenMail server here): a wallet's
 * sign-in code opens a session, a customer's email verification code verifies the address; other
 * codes do not, a mailed contact code is spent after five wrong tries, and five are mailed per 10
 * minutes. Phone verification codes go to the platform; wallet SMS sign-in codes go nowhere.
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
            return Map.of("svc.mode", "production", "svc.uma-domain", "payments.example.test", "svc.webhooks.allowed-hosts", "localhost",
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
            io.vertx.mutiny.sqlclient.Row event = pool.query("SELECT id, body FROM webhook_events JOIN webhook_event_bodies ON event_id = id WHERE type = 'MESSAGE.SMS_REQUESTED'"
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

    /**
     * With svc.sms.via-webhook and an endpoint to take texts, a wallet's SMS_OTP credential is still
     * refused (501) before its owner signs, and a legacy one's challenge sends nothing: the platform
     * would otherwise read a code that signs in to the wallet.
     */
    @Test
    void walletSmsSignInCodesAreNeverHandedToThePlatform() {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("sms"), "Wes Wallet");
        body.put("currencies", List.of("USDB"));
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        String wallet = MoneyFixtures.activeAccounts(customerId).get("USDB");
        api().body(Map.of("webhookEndpoint", "https://localhost:9/sms")).patch("/config").then().statusCode(200);
        try {
            long before = smsEvents();
            api().body(Map.of("type", "SMS_OTP", "accountId", wallet)).post("/auth/credentials").then().statusCode(501)
                    .body("code", equalTo("NOT_IMPLEMENTED"));
            UUID legacy = UUID.randomUUID();
            pool.preparedQuery("INSERT INTO auth_credentials (id, account_id, type, nickname, created_at, updated_at)"
                            + " VALUES ($1, $2, 'SMS_OTP', $3, now(), now())")
                    .execute(Tuple.of(legacy, Ids.uuidOf(IdType.INTERNAL_ACCOUNT, wallet, ErrorCode.NOT_FOUND), body.get("phoneNumber")))
                    .await().indefinitely();
            api().post("/auth/credentials/" + IdType.AUTH_METHOD.wireId(legacy) + "/challenge").then().statusCode(501)
                    .body("code", equalTo("NOT_IMPLEMENTED"));
            assertEquals(before, smsEvents(), "no MESSAGE.SMS_REQUESTED event was published for a sign-in code");
        } finally {
            api().body(Map.of("webhookEndpoint", "")).patch("/config").then().statusCode(200);
        }
    }

    private long smsEvents() {
        return pool.query("SELECT count(*) FROM webhook_events WHERE type = 'MESSAGE.SMS_REQUESTED'").execute().await().indefinitely()
                .iterator().next().getLong(0);
    }

    @Test
    void aSixthVerifyEmailWithinTenMinutesIsRefusedAndMailsNothing() throws Exception {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("mail"), "Rex Repeat");
        body.put("region", "DE");
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");

        int before = smtp.getReceivedMessages().length;
        for (int i = 0; i < 5; i++) {
            api().post("/customers/" + customerId + "/verify-email").then().statusCode(204);
        }
        codeOfMail(before + 4, "jane@example.com");
        api().post("/customers/" + customerId + "/verify-email").then().statusCode(429)
                .body("code", equalTo("RATE_LIMITED")).header("Retry-After", notNullValue())
                .body("message", containsString("10 minutes"));
        MoneyFixtures.sleep(500);
        assertEquals(before + 5, smtp.getReceivedMessages().length, "no sixth mail");
    }

    /** An address stored before addresses were checked as the mailer reads them: 409 naming the fix, never a 500. */
    @Test
    void anAddressOnFileTheMailerCannotReadIs409Not500() {
        Map<String, Object> body = CustomerTest.individual(TestSupport.uniqueCustomerRef("mail"), "Vic Victim");
        body.put("region", "DE");
        String customerId = api().body(body).post("/customers").then().statusCode(201).extract().path("id");
        pool.preparedQuery("UPDATE customers SET email = $1 WHERE id = $2")
                .execute(Tuple.of("victim@example.com>,<attacker", Ids.uuidOf(IdType.CUSTOMER, customerId, ErrorCode.NOT_FOUND)))
                .await().indefinitely();

        int before = smtp.getReceivedMessages().length;
        api().post("/customers/" + customerId + "/verify-email").then().statusCode(409)
                .body("code", equalTo("CONFLICT")).body("message", containsString("PATCH /customers"));
        assertEquals(before, smtp.getReceivedMessages().length, "nothing mailed");
    }
}
