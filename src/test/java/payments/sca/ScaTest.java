package payments.sca;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.MoneyFixtures;
import payments.MoneyFixtures.Holder;
import payments.RowLocks;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.ServerClock;
import payments.wallet.SoftwareAuthenticator;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.MoneyFixtures.quoteBody;
import static payments.TestSupport.api;

/** Strong Customer Authentication: factors, logins and their session, security events, resets, trusted beneficiaries. */
@QuarkusTest
class ScaTest {

    private static final String RP_ID = "wallet.example.test";
    private static final String ORIGIN = "https://wallet.example.test";
    private static final String IP = "203.0.113.42";
    /** The sandbox's code for every SCA code factor (the reference's). */
    private static final String SANDBOX_CODE = "123456";

    @Inject
    ServerClock clock;

    @Inject
    Pool pool;

    @Inject
    ScaLockouts lockouts;

    static RequestSpecification as(String customerId) {
        return api().queryParam("customerId", customerId);
    }

    /** RFC 6238 with HMAC-SHA1 and 6 digits, written out here so the server's library is checked against the RFC, not itself. */
    static String totp(byte[] key, Instant at) {
        try {
            Mac mac = Mac.getInstance("HmacSHA1");
            mac.init(new SecretKeySpec(key, "HmacSHA1"));
            byte[] hash = mac.doFinal(ByteBuffer.allocate(8).putLong(at.getEpochSecond() / 30).array());
            int offset = hash[hash.length - 1] & 0x0f;
            int binary = ((hash[offset] & 0x7f) << 24) | ((hash[offset + 1] & 0xff) << 16) | ((hash[offset + 2] & 0xff) << 8)
                    | (hash[offset + 3] & 0xff);
            return String.format("%06d", binary % 1_000_000);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theRfcCodeOfTheRfcTestKeyIsWhatThisTestComputes() {
        // RFC 6238 appendix B, SHA-1 at T = 59 s: 94287082 in 8 digits, so 287082 in 6.
        assertEquals("287082", totp("12345678901234567890".getBytes(StandardCharsets.US_ASCII), Instant.ofEpochSecond(59)));
    }

    @Test
    void outsideScaRegionsEveryScaCallIs409() {
        Holder us = MoneyFixtures.approvedCustomer(List.of("USD"));
        as(us.customerId()).get("/sca/factors").then().statusCode(409).body("code", equalTo("CONFLICT"));
        as(us.customerId()).body(Map.of("factor", "SMS_OTP")).post("/sca/login/start").then().statusCode(409);
        as(us.customerId()).body(Map.of("type", "TOTP")).post("/sca/factors").then().statusCode(409);
        as(us.customerId()).body(Map.of("eventType", "FAILED_LOGIN_ATTEMPT")).post("/sca/record-event").then().statusCode(409);
        String bank = MoneyFixtures.externalUsdAccount(us.customerId(), "000");
        api().post("/customers/external-accounts/" + bank + "/trust").then().statusCode(409);
        as("Customer:00000000-0000-7000-8000-000000000000").get("/sca/factors").then().statusCode(404);
        api().get("/sca/factors").then().statusCode(400).body("details.errors[0].field", equalTo("customerId"));
    }

    @Test
    void aTotpAuthenticatorEnrollsWithItsFirstCodeAndLogsIn() {
        String customer = MoneyFixtures.customer("DE", List.of("EUR")).customerId();
        JsonPath started = as(customer).body(Map.of("type", "TOTP")).post("/sca/factors").then().statusCode(200)
                .body("type", equalTo("TOTP"))
                .body("secretBase32Encoded", matchesPattern("[A-Z2-7]{32}"))
                .body("totpUri", matchesPattern("otpauth://totp/.*secret=[A-Z2-7]{32}.*")).extract().jsonPath();
        byte[] key = HexFormat.of().parseHex(started.getString("secret"));
        as(customer).body(Map.of("type", "TOTP", "secret", started.getString("secret"), "code", "000000")).post("/sca/factors/confirm")
                .then().statusCode(400).body("details.errors[0].field", equalTo("code"));
        JsonPath confirmed = as(customer).body(Map.of("type", "TOTP", "secret", started.getString("secret"), "code", totp(key, clock.now())))
                .post("/sca/factors/confirm").then().statusCode(200).body("type", equalTo("TOTP"))
                .body("recoveryCodes", hasSize(10)).extract().jsonPath();
        assertEquals(10, confirmed.getList("recoveryCodes").stream().distinct().count());
        as(customer).get("/sca/factors").then().statusCode(200).body("factors.factor", contains("SMS_OTP", "TOTP"));
        as(customer).body(Map.of("type", "TOTP")).post("/sca/factors").then().statusCode(409);

        as(customer).body(Map.of("factor", "TOTP")).post("/sca/login/start").then().statusCode(200)
                .body("factor", equalTo("TOTP")).body("challengeId", nullValue());
        as(customer).body(Map.of("factor", "TOTP", "code", "111111", "endUserIpAddress", IP)).post("/sca/login/complete").then().statusCode(400);
        String code = totp(key, clock.now());
        String expires = as(customer).body(Map.of("factor", "TOTP", "code", code, "endUserIpAddress", IP))
                .post("/sca/login/complete").then().statusCode(200).body("status", equalTo("SUCCESS")).extract().path("sessionExpiresAt");
        Duration session = Duration.between(clock.now(), Instant.parse(expires));
        assertTrue(session.compareTo(Duration.ofDays(179)) > 0 && session.compareTo(Duration.ofDays(180)) <= 0, "session " + session);

        // A code counts once: replayed within its window it is refused; the next step's code is taken.
        as(customer).body(Map.of("factor", "TOTP", "code", code, "endUserIpAddress", IP)).post("/sca/login/complete").then()
                .statusCode(400).body("details.errors[0].field", equalTo("code"));
        api().body(Map.of("seconds", TotpCodes.PERIOD_SECONDS)).post("/sandbox/clock/advance").then().statusCode(200);
        as(customer).body(Map.of("factor", "TOTP", "code", totp(key, clock.now()), "endUserIpAddress", IP)).post("/sca/login/complete")
                .then().statusCode(200).body("status", equalTo("SUCCESS"));
    }

    @Test
    void paymentAuthorizationNeedsALiveScaSession() {
        Holder payer = MoneyFixtures.customer("FR", List.of("EUR"));
        Holder payee = MoneyFixtures.approvedCustomer(List.of("EUR"));
        MoneyFixtures.fund(payer.account("EUR"), 5000);
        String quoteId = api().body(quoteBody(payer.account("EUR"), payee.account("EUR"), 1200)).post("/quotes").then().statusCode(201)
                .extract().path("id");
        api().post("/quotes/" + quoteId + "/execute").then().statusCode(200).body("scaChallenge.availableFactors", contains("SMS_OTP"));
        api().body(Map.of("code", "123456")).post("/quotes/" + quoteId + "/authorize").then().statusCode(409)
                .body("code", equalTo("SCA_SESSION_REQUIRED"));
        String challengeId = as(payer.customerId()).body(Map.of("factor", "SMS_OTP")).post("/sca/login/start").then().statusCode(200)
                .body("challengeId", matchesPattern("ScaChallenge:.*")).body("expiresAt", notNullValue()).extract().path("challengeId");
        as(payer.customerId()).body(Map.of("factor", "SMS_OTP", "challengeId", challengeId, "code", "000000", "endUserIpAddress", IP))
                .post("/sca/login/complete").then().statusCode(400);
        as(payer.customerId()).body(Map.of("factor", "SMS_OTP", "challengeId", challengeId, "code", "123456", "endUserIpAddress", IP))
                .post("/sca/login/complete").then().statusCode(200).body("status", equalTo("SUCCESS"));
        as(payer.customerId()).body(Map.of("factor", "SMS_OTP", "challengeId", challengeId, "code", "123456", "endUserIpAddress", IP))
                .post("/sca/login/complete").then().statusCode(400).body("details.errors[0].field", equalTo("challengeId"));
        api().body(Map.of("code", "123456")).post("/quotes/" + quoteId + "/authorize").then().statusCode(200)
                .body("status", equalTo("PROCESSING"));

        // The session's end is its expiresAt: one in the past is no session.
        pool.preparedQuery("UPDATE sca_sessions SET expires_at = now() - interval '1 day' WHERE customer_id = $1")
                .execute(Tuple.of(java.util.UUID.fromString(payer.customerId().split(":")[1]))).await().indefinitely();
        String second = api().body(quoteBody(payer.account("EUR"), payee.account("EUR"), 100)).post("/quotes").then().statusCode(201)
                .extract().path("id");
        api().post("/quotes/" + second + "/execute").then().statusCode(200);
        api().body(Map.of("code", "123456")).post("/quotes/" + second + "/authorize").then().statusCode(409)
                .body("code", equalTo("SCA_SESSION_REQUIRED"));
    }

    /** Issue 51 item 1: the credential a browser's PublicKeyCredential.toJSON() gives, submitted unmodified. */
    @Test
    void aBrowsersPublicKeyCredentialJsonEnrollsLogsInAndAuthorizesAPayment() {
        Holder payer = MoneyFixtures.customer("NL", List.of("EUR"));
        String customer = payer.customerId();
        SoftwareAuthenticator authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
        byte[] challenge = Base64.getUrlDecoder().decode(as(customer).body(Map.of("type", "PASSKEY")).post("/sca/factors").then()
                .statusCode(200).extract().<String>path("options.challenge"));
        as(customer).body(Map.of("type", "PASSKEY", "origin", ORIGIN, "credential", authenticator.registrationResponseJson(challenge)))
                .post("/sca/factors/confirm").then().statusCode(200).body("factor.credentialId", equalTo(authenticator.credentialId()));

        String loginChallenge = text(as(customer).body(Map.of("factor", "PASSKEY")).post("/sca/login/start").then().statusCode(200)
                .extract().path("passkeyOptions.challenge"));
        as(customer).body(Map.of("factor", "PASSKEY", "endUserIpAddress", IP, "origin", ORIGIN,
                        "passkeyAssertion", authenticator.authenticationResponseJson("not-the-challenge")))
                .post("/sca/login/complete").then().statusCode(400);
        as(customer).body(Map.of("factor", "PASSKEY", "endUserIpAddress", IP, "origin", ORIGIN,
                        "passkeyAssertion", authenticator.authenticationResponseJson(loginChallenge)))
                .post("/sca/login/complete").then().statusCode(200).body("status", equalTo("SUCCESS"));

        Holder payee = MoneyFixtures.approvedCustomer(List.of("EUR"));
        MoneyFixtures.fund(payer.account("EUR"), 1000);
        String quoteId = api().body(quoteBody(payer.account("EUR"), payee.account("EUR"), 300)).post("/quotes").then().statusCode(201)
                .extract().path("id");
        String paymentChallenge = text(api().body(Map.of("scaFactor", "PASSKEY")).post("/quotes/" + quoteId + "/execute").then()
                .statusCode(200).extract().path("scaChallenge.passkeyAssertionOptions.challenge"));
        api().body(Map.of("passkeyAssertion", authenticator.authenticationResponseJson(paymentChallenge), "origin", ORIGIN))
                .post("/quotes/" + quoteId + "/authorize").then().statusCode(200).body("status", equalTo("PROCESSING"));
    }

    @Test
    void aPasskeyEnrollsOnceLogsInAndAnswersAPaymentChallenge() {
        Holder payer = MoneyFixtures.customer("NL", List.of("EUR"));
        String customer = payer.customerId();
        SoftwareAuthenticator authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
        JsonPath started = as(customer).body(Map.of("type", "PASSKEY")).post("/sca/factors").then().statusCode(200)
                .body("relyingPartyId", equalTo(RP_ID)).body("allowedOrigins", hasItem(ORIGIN)).extract().jsonPath();
        byte[] challenge = Base64.getUrlDecoder().decode(started.getString("options.challenge"));
        String credentialId = as(customer).body(Map.of("type", "PASSKEY", "origin", ORIGIN, "credential", authenticator.attestation(challenge)))
                .post("/sca/factors/confirm").then().statusCode(200).body("factor.factor", equalTo("PASSKEY"))
                .body("factor.credentialId", equalTo(authenticator.credentialId())).extract().path("factor.credentialId");
        as(customer).body(Map.of("type", "PASSKEY")).post("/sca/factors").then().statusCode(409).body("code", equalTo("PASSKEY_ALREADY_ENROLLED"));

        String loginChallenge = text(as(customer).body(Map.of("factor", "PASSKEY")).post("/sca/login/start").then().statusCode(200)
                .body("passkeyOptions.allowCredentials[0].id", equalTo(credentialId)).extract().path("passkeyOptions.challenge"));
        Map<String, Object> login = new HashMap<>(Map.of("factor", "PASSKEY", "endUserIpAddress", IP,
                "passkeyAssertion", authenticator.assertion(loginChallenge), "origin", ORIGIN));
        as(customer).body(login).post("/sca/login/complete").then().statusCode(200).body("status", equalTo("SUCCESS"));

        Holder payee = MoneyFixtures.approvedCustomer(List.of("EUR"));
        MoneyFixtures.fund(payer.account("EUR"), 5000);
        String quoteId = api().body(quoteBody(payer.account("EUR"), payee.account("EUR"), 700)).post("/quotes").then().statusCode(201)
                .extract().path("id");
        String paymentChallenge = text(api().body(Map.of("scaFactor", "PASSKEY")).post("/quotes/" + quoteId + "/execute").then().statusCode(200)
                .body("scaChallenge.factor", equalTo("PASSKEY"))
                .body("scaChallenge.availableFactors", contains("SMS_OTP", "PASSKEY"))
                .body("scaChallenge.passkeyAllowedOrigins", nullValue())
                .extract().path("scaChallenge.passkeyAssertionOptions.challenge"));
        api().body(Map.of("passkeyAssertion", authenticator.assertion("not-the-challenge"), "origin", ORIGIN))
                .post("/quotes/" + quoteId + "/authorize").then().statusCode(400);
        api().body(Map.of("passkeyAssertion", authenticator.assertion(paymentChallenge), "origin", ORIGIN))
                .post("/quotes/" + quoteId + "/authorize").then().statusCode(200).body("status", equalTo("PROCESSING"));

        as(customer).delete("/sca/factors/" + credentialId).then().statusCode(204);
        as(customer).delete("/sca/factors/" + credentialId).then().statusCode(404);
        String next = api().body(quoteBody(payer.account("EUR"), payee.account("EUR"), 100)).post("/quotes").then().statusCode(201)
                .extract().path("id");
        api().body(Map.of("scaFactor", "PASSKEY")).post("/quotes/" + next + "/execute").then().statusCode(400)
                .body("details.errors[0].field", equalTo("scaFactor"));
    }

    /** The text whose bytes a base64url WebAuthn challenge carries. */
    private static String text(String base64url) {
        return new String(Base64.getUrlDecoder().decode(base64url), StandardCharsets.US_ASCII);
    }

    @Test
    void aTrustedBeneficiaryIsPaidWithoutAChallengeAndCannotBeDeleted() {
        Holder payer = MoneyFixtures.customer("DE", List.of("EUR"));
        MoneyFixtures.fund(payer.account("EUR"), 10_000);
        MoneyFixtures.scaLogin(payer.customerId());
        String bank = api().body(Map.of("customerId", payer.customerId(), "currency", "EUR", "accountInfo", Map.of("accountType", "EUR_ACCOUNT",
                        "iban", "DE89370400440532013000", "swiftCode", "COBADEFFXXX", "beneficiary", Map.of("beneficiaryType", "INDIVIDUAL",
                                "fullName", "Grace Hopper", "birthDate", "1990-01-15", "nationality", "DE", "countryOfResidence", "DE",
                                "address", Map.of("line1", "1 Strasse", "postalCode", "10115", "country", "DE")))))
                .post("/customers/external-accounts").then().statusCode(201).extract().path("id");
        api().post("/customers/external-accounts/" + bank + "/untrust").then().statusCode(409);
        String challengeId = api().post("/customers/external-accounts/" + bank + "/trust").then().statusCode(200)
                .body("scaChallenge.factor", equalTo("SMS_OTP")).extract().path("scaChallenge.id");
        api().body(Map.of("challengeId", challengeId, "code", "000000")).post("/customers/external-accounts/" + bank + "/trust/confirm")
                .then().statusCode(400);
        api().body(Map.of("challengeId", challengeId, "code", "123456")).post("/customers/external-accounts/" + bank + "/trust/confirm")
                .then().statusCode(200).body("trusted", equalTo(true));

        String trustedPayment = api().body(quoteBody(payer.account("EUR"), bank, 1000)).post("/quotes").then().statusCode(201).extract().path("id");
        api().post("/quotes/" + trustedPayment + "/execute").then().statusCode(200).body("status", equalTo("PROCESSING"))
                .body("scaChallenge", nullValue());
        api().delete("/customers/external-accounts/" + bank).then().statusCode(409).body("code", equalTo("BENEFICIARY_TRUSTED"));

        api().post("/customers/external-accounts/" + bank + "/untrust").then().statusCode(200);
        api().body(Map.of("code", "123456")).post("/customers/external-accounts/" + bank + "/untrust/confirm").then().statusCode(200)
                .body("trusted", equalTo(false));
        String challenged = api().body(quoteBody(payer.account("EUR"), bank, 1000)).post("/quotes").then().statusCode(201).extract().path("id");
        api().post("/quotes/" + challenged + "/execute").then().statusCode(200).body("status", equalTo("PENDING_AUTHORIZATION"));
        api().delete("/customers/external-accounts/" + bank).then().statusCode(204);
    }

    @Test
    void failedLoginsLockOutOnTheReferenceScheduleAndAPasswordResetClearsThem() {
        String customer = MoneyFixtures.customer("ES", List.of("EUR")).customerId();
        MoneyFixtures.scaLogin(customer);
        for (int attempt = 1; attempt < LockoutSchedule.FIRST_LOCK_AT; attempt++) {
            as(customer).body(Map.of("eventType", "FAILED_LOGIN_ATTEMPT")).post("/sca/record-event").then().statusCode(200)
                    .body("failedAttempts", equalTo(attempt)).body("lockedUntil", nullValue()).body("suspended", equalTo(false));
        }
        String lockedUntil = as(customer).body(Map.of("eventType", "FAILED_LOGIN_ATTEMPT")).post("/sca/record-event").then().statusCode(200)
                .body("failedAttempts", equalTo(5)).extract().path("lockedUntil");
        assertEquals(Duration.ofMinutes(15).toMinutes(), Duration.between(clock.now(), Instant.parse(lockedUntil)).toMinutes() + 1);
        as(customer).body(Map.of("eventType", "FAILED_LOGIN_ATTEMPT")).post("/sca/record-event").then().body("failedAttempts", equalTo(5));
        String challengeId = as(customer).body(Map.of("factor", "SMS_OTP")).post("/sca/login/start").then().statusCode(200)
                .extract().path("challengeId");
        as(customer).body(Map.of("factor", "SMS_OTP", "challengeId", challengeId, "code", "123456", "endUserIpAddress", IP))
                .post("/sca/login/complete").then().statusCode(423).body("code", equalTo("ACCOUNT_LOCKED"))
                .body("details.lockedUntil", equalTo(lockedUntil));
        as(customer).body(Map.of("eventType", "RESET_PASSWORD_COMPLETED")).post("/sca/record-event").then().statusCode(200)
                .body("failedAttempts", equalTo(0)).body("lockedUntil", nullValue());
        long sessions = pool.preparedQuery("SELECT count(*) FROM sca_sessions WHERE customer_id = $1")
                .execute(Tuple.of(java.util.UUID.fromString(customer.split(":")[1]))).await().indefinitely().iterator().next().getLong(0);
        assertEquals(0, sessions, "a password reset ends the SCA session");
        as(customer).body(Map.of("eventType", "LOGGED_IN")).post("/sca/record-event").then().statusCode(400);
    }

    /**
     * Twenty wrong codes and then the right one, all waiting behind the authenticator's row lock (as
     * parallel logins do behind one another): each is checked against the lockout the ones before it
     * left, so the fifth locks the customer out, every later one is 423, and the right code, checked
     * last, neither opens a session nor lifts the lock.
     */
    @Test
    void codesQueuedOnTheFactorLockAreCheckedAgainstTheLockoutTheOnesAheadLeft() throws Exception {
        String customer = MoneyFixtures.customer("DE", List.of("EUR")).customerId();
        UUID customerId = RowLocks.uuid(customer);
        String secret = as(customer).body(Map.of("type", "TOTP")).post("/sca/factors").then().statusCode(200).extract().path("secret");
        byte[] key = HexFormat.of().parseHex(secret);
        as(customer).body(Map.of("type", "TOTP", "secret", secret, "code", SANDBOX_CODE)).post("/sca/factors/confirm")
                .then().statusCode(200);
        UUID factorId = pool.preparedQuery("SELECT id FROM sca_factors WHERE customer_id = $1 AND factor = 'TOTP' AND status = 'ACTIVE'")
                .execute(Tuple.of(customerId)).await().indefinitely().iterator().next().getUUID(0);
        String wrong = wrongCode(key, clock.now());
        int wrongCodes = 20;

        RowLocks locks = new RowLocks(pool);
        SqlConnection factorRow = locks.hold("sca_factors", factorId);
        ExecutorService clients = Executors.newFixedThreadPool(wrongCodes + 1);
        List<Integer> wrongAnswers = new ArrayList<>();
        Response rightAnswer;
        try {
            List<Future<Response>> queued = new ArrayList<>();
            for (int i = 0; i < wrongCodes; i++) {
                queued.add(clients.submit(() -> loginWith(customer, wrong)));
            }
            locks.awaitWaiters("sca_factors", wrongCodes);
            String right = totp(key, clock.now());
            Future<Response> last = clients.submit(() -> loginWith(customer, right));
            locks.awaitWaiters("sca_factors", wrongCodes + 1);
            RowLocks.release(factorRow);
            factorRow = null;
            for (Future<Response> answer : queued) {
                wrongAnswers.add(answer.get(60, TimeUnit.SECONDS).statusCode());
            }
            rightAnswer = last.get(60, TimeUnit.SECONDS);
        } finally {
            clients.shutdownNow();
            if (factorRow != null) {
                RowLocks.release(factorRow);
            }
        }

        assertEquals(423, rightAnswer.statusCode(), rightAnswer.asString());
        assertEquals("ACCOUNT_LOCKED", rightAnswer.jsonPath().getString("code"));
        assertEquals(LockoutSchedule.FIRST_LOCK_AT - 1, wrongAnswers.stream().filter(status -> status == 400).count(), "" + wrongAnswers);
        assertEquals(wrongCodes - LockoutSchedule.FIRST_LOCK_AT + 1, wrongAnswers.stream().filter(status -> status == 423).count(),
                "" + wrongAnswers);
        long sessions = pool.preparedQuery("SELECT count(*) FROM sca_sessions WHERE customer_id = $1").execute(Tuple.of(customerId))
                .await().indefinitely().iterator().next().getLong(0);
        assertEquals(0, sessions, "no session opened");
        ScaLockouts.State state = lockouts.state(customerId).await().indefinitely();
        assertEquals(LockoutSchedule.FIRST_LOCK_AT, state.failedAttempts());
        assertTrue(state.lockedUntil() != null && state.lockedUntil().isAfter(clock.now()), "still locked: " + state);
    }

    /** A right code recorded while the customer is locked out (locked after it was checked) is refused and leaves the lock. */
    @Test
    void aRightCodeNeverLiftsALock() {
        String customer = MoneyFixtures.customer("ES", List.of("EUR")).customerId();
        UUID customerId = RowLocks.uuid(customer);
        for (int attempt = 1; attempt <= LockoutSchedule.FIRST_LOCK_AT; attempt++) {
            as(customer).body(Map.of("eventType", "FAILED_LOGIN_ATTEMPT")).post("/sca/record-event").then().statusCode(200);
        }
        ScaLockouts.State locked = lockouts.state(customerId).await().indefinitely();

        ApiException refused = assertThrows(ApiException.class, () -> lockouts.recordSuccess(customerId).await().indefinitely());

        assertEquals(ErrorCode.ACCOUNT_LOCKED, refused.errorCode());
        assertEquals(locked, lockouts.state(customerId).await().indefinitely());
    }

    private static Response loginWith(String customer, String code) {
        return as(customer).body(Map.of("factor", "TOTP", "code", code, "endUserIpAddress", IP)).post("/sca/login/complete");
    }

    /** A code the authenticator shows at no step near {@code now}, nor the sandbox's fixed code. */
    private static String wrongCode(byte[] key, Instant now) {
        Set<String> right = new HashSet<>(Set.of(SANDBOX_CODE));
        for (int step = -2; step <= 2; step++) {
            right.add(totp(key, now.plusSeconds((long) step * TotpCodes.PERIOD_SECONDS)));
        }
        return IntStream.range(0, 10).mapToObj(i -> String.format("%06d", i)).filter(code -> !right.contains(code)).findFirst()
                .orElseThrow();
    }

    @Test
    void aLostFactorIsResetAfterItsLivenessCheck() {
        Holder holder = MoneyFixtures.customer("IT", List.of("EUR"));
        String customer = holder.customerId();
        String secret = as(customer).body(Map.of("type", "TOTP")).post("/sca/factors").then().statusCode(200).extract().path("secret");
        as(customer).body(Map.of("type", "TOTP", "secret", secret, "code", "123456")).post("/sca/factors/confirm").then().statusCode(200);
        String resetId = as(customer).body(Map.of("factor", "TOTP")).post("/sca/factors/reset").then().statusCode(201)
                .body("expiresAt", notNullValue()).extract().path("resetId");
        as(customer).post("/sca/factors/reset/" + resetId + "/complete").then().statusCode(400);
        as(customer).get("/sca/factors/reset/" + resetId).then().statusCode(200).body("status", equalTo("LIVENESS_PASSED"))
                .body("factor", equalTo("TOTP")).body("enrollmentStatus", equalTo("PENDING"));
        as(customer).post("/sca/factors/reset/" + resetId + "/complete").then().statusCode(204);
        as(customer).get("/sca/factors/reset/" + resetId).then().body("status", equalTo("COMPLETED")).body("completedAt", notNullValue());
        as(customer).get("/sca/factors").then().body("factors.factor", not(hasItem("TOTP")));

        String smsReset = as(customer).body(Map.of("factor", "SMS_OTP")).post("/sca/factors/reset").then().statusCode(201)
                .extract().path("resetId");
        as(customer).get("/sca/factors/reset/" + smsReset).then().body("enrollmentStatus", nullValue());
        as(customer).body(Map.of()).post("/sca/factors/reset/" + smsReset + "/complete").then().statusCode(400)
                .body("details.errors.field", hasItem("mobile.number"));
        as(customer).body(Map.of("mobile", Map.of("countryCode", "+39", "number", "3123456789")))
                .post("/sca/factors/reset/" + smsReset + "/complete").then().statusCode(204);
        api().get("/customers/" + customer).then().body("phoneNumber", equalTo("+393123456789"));
        for (int more = 3; more <= FactorResets.RESETS_PER_DAY; more++) {
            as(customer).body(Map.of("factor", "PASSKEY")).post("/sca/factors/reset").then().statusCode(201);
        }
        as(customer).body(Map.of("factor", "PASSKEY")).post("/sca/factors/reset").then().statusCode(429).body("code", equalTo("RATE_LIMITED"));
        as(customer).get("/sca/factors/reset/" + java.util.UUID.randomUUID()).then().statusCode(404);
    }
}
