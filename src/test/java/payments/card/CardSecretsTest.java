package payments.card;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.Test;
import payments.card.CardFixtures.Cardholder;

import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static payments.TestSupport.api;

/** Revealing a card's details through a single-use link, and pushing a card into a digital wallet. */
@QuarkusTest
class CardSecretsTest {

    @Inject
    Pool pool;

    @Test
    void aRevealLinkShowsTheDetailsOnceAndIsRecordedWithTheCaller() {
        Cardholder card = CardFixtures.cardholder("USD", 0, Map.of());
        String last4 = api().get("/cards/" + card.cardId()).then().extract().path("last4");
        JsonPath reveal = api().post("/cards/" + card.cardId() + "/reveal").then().statusCode(200).extract().jsonPath();
        String url = reveal.getString("panEmbedUrl");
        assertTrue(java.time.Instant.parse(reveal.getString("expiresAt")).isAfter(java.time.Instant.now()));
        String page = RestAssured.given().get(URI.create(url)).then().statusCode(200)
                .header("Cache-Control", "no-store").extract().asString();
        String pan = page.replaceAll("(?s).*<dd id=\"pan\">([0-9 ]+)</dd>.*", "$1").replace(" ", "");
        assertEquals(16, pan.length(), page);
        assertTrue(pan.endsWith(last4));
        assertTrue(CardNumbers.luhnValid(pan), pan);
        assertTrue(page.matches("(?s).*<dd id=\"cvv\">[0-9]{3}</dd>.*"), page);
        // Once only.
        RestAssured.given().get(URI.create(url)).then().statusCode(410).body(not(containsString(pan)));
        // Stored sealed, and the reveal recorded with the caller (the secret only as a hash).
        Row stored = pool.preparedQuery("SELECT sealed_details FROM cards WHERE id = $1")
                .execute(Tuple.of(UUID.fromString(card.cardId().substring(5)))).await().indefinitely().iterator().next();
        assertFalse(stored.getString(0).contains(pan));
        Row audit = pool.preparedQuery("SELECT actor, secret_hash, used_at FROM card_reveals WHERE card_id = $1")
                .execute(Tuple.of(UUID.fromString(card.cardId().substring(5)))).await().indefinitely().iterator().next();
        assertTrue(audit.getString("actor").startsWith("BASIC:"), audit.toJson().encode());
        assertFalse(url.contains(audit.getString("secret_hash")));
        assertTrue(audit.getValue("used_at") != null);
        // An expired link does not open either.
        String late = api().post("/cards/" + card.cardId() + "/reveal").then().statusCode(200).extract().path("panEmbedUrl");
        api().body(Map.of("seconds", 301)).post("/sandbox/clock/advance").then().statusCode(200);
        RestAssured.given().get(URI.create(late)).then().statusCode(410);
        RestAssured.given().get(URI.create(url.substring(0, url.lastIndexOf('/') + 1) + "nope")).then().statusCode(410);
    }

    @Test
    void revealNeedsACardWithDetails() {
        Cardholder card = CardFixtures.cardholder("USD", 0, Map.of());
        api().body(Map.of("status", "CLOSED")).patch("/cards/" + card.cardId()).then().statusCode(200);
        api().post("/cards/" + card.cardId() + "/reveal").then().statusCode(409);
        api().post("/cards/Card:" + UUID.randomUUID() + "/reveal").then().statusCode(404).body("code", equalTo("REFERENCE_NOT_FOUND")).body("details.notFoundCode", equalTo("CARD_NOT_FOUND"));
        var viewer = payments.TestSupport.newToken("VIEW");
        payments.TestSupport.apiAs(viewer.get("clientId"), viewer.get("clientSecret")).post("/cards/" + card.cardId() + "/reveal")
                .then().statusCode(403);
    }

    @Test
    void applePayPassDataIsSealedToTheWalletsKey() throws Exception {
        Cardholder card = CardFixtures.cardholder("USD", 0, Map.of());
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair wallet = generator.generateKeyPair();
        X500Name name = new X500Name("CN=wallet leaf");
        byte[] certificate = walletLeaf(wallet);
        Map<String, Object> body = Map.of("wallet", "APPLE_PAY", "certificates", List.of(Base64.getEncoder().encodeToString(certificate)),
                "nonce", "bm9uY2U=", "nonceSignature", signature(wallet, "nonce"));
        String path = "/cards/" + card.cardId() + "/tokenize";
        api().body(body).post(path).then().statusCode(409).body("code", equalTo("CONFLICT"));
        api().body(Map.of("cardTokenization2faConfig", Map.of("displayName", "Acme"))).patch("/config").then().statusCode(200);
        try {
            sealAndOpen(card, wallet, body, path, name);
        } finally {
            removeTokenization2fa();
        }
    }

    /**
     * The API can set cardTokenization2faConfig but not remove it: the test takes it out of the
     * stored configuration and waits for the instance's copy (refreshed every second) to follow.
     */
    private void removeTokenization2fa() {
        pool.query("UPDATE platform_config SET document = CAST(CAST(document AS jsonb) - 'cardTokenization2faConfig' AS text)")
                .execute().await().indefinitely();
        for (int i = 0; i < 50 && api().get("/config").then().extract().path("cardTokenization2faConfig") != null; i++) {
            payments.MoneyFixtures.sleep(100);
        }
        org.junit.jupiter.api.Assertions.assertNull(api().get("/config").then().extract().path("cardTokenization2faConfig"));
    }

    /** A leaf for the wallet's key, issued by the sandbox's test root (whose key only the tests hold). */
    private static byte[] walletLeaf(KeyPair wallet) throws Exception {
        String pem = new String(CardSecretsTest.class.getClassLoader().getResourceAsStream("tokenization/sandbox-root.key").readAllBytes(),
                StandardCharsets.US_ASCII).replaceAll("-----[A-Z ]+-----|\\s", "");
        java.security.PrivateKey rootKey = KeyFactory.getInstance("EC").generatePrivate(
                new java.security.spec.PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));
        java.security.cert.X509Certificate root = (java.security.cert.X509Certificate) java.security.cert.CertificateFactory.getInstance("X.509")
                .generateCertificate(CardSecretsTest.class.getClassLoader().getResourceAsStream(WalletCertificates.SANDBOX_ROOT));
        // Valid around the server's clock, which earlier tests may have moved days ahead.
        return new JcaX509CertificateConverter().getCertificate(new JcaX509v3CertificateBuilder(root, BigInteger.valueOf(System.nanoTime()),
                new Date(System.currentTimeMillis() - 86_400_000L), new Date(System.currentTimeMillis() + 3_650L * 86_400_000L),
                new X500Name("CN=wallet leaf"), wallet.getPublic())
                .build(new JcaContentSignerBuilder("SHA256withECDSA").build(rootKey))).getEncoded();
    }

    private static String signature(KeyPair key, String nonce) throws Exception {
        java.security.Signature signer = java.security.Signature.getInstance("SHA256withECDSA");
        signer.initSign(key.getPrivate());
        signer.update(nonce.getBytes(StandardCharsets.US_ASCII));
        return Base64.getEncoder().encodeToString(signer.sign());
    }

    private void sealAndOpen(Cardholder card, KeyPair wallet, Map<String, Object> body, String path, X500Name name) throws Exception {
        JsonPath sealed = api().body(body).post(path).then().statusCode(200).body("wallet", equalTo("APPLE_PAY")).extract().jsonPath();
        var recorded = pool.preparedQuery("SELECT wallet, actor FROM card_tokenizations WHERE card_id = $1")
                .execute(Tuple.of(UUID.fromString(card.cardId().substring("Card:".length())))).await().indefinitely();
        assertEquals(1, recorded.size(), "every tokenization is recorded");
        assertEquals("APPLE_PAY", recorded.iterator().next().getString("wallet"));
        assertTrue(recorded.iterator().next().getString("actor").startsWith("BASIC:"), "recorded with the calling token");

        // A self-signed leaf (no trusted root) and a nonce signed by another key get no card number.
        byte[] selfSigned = new JcaX509CertificateConverter().getCertificate(new JcaX509v3CertificateBuilder(name, BigInteger.ONE,
                new Date(System.currentTimeMillis() - 86_400_000L), new Date(System.currentTimeMillis() + 86_400_000L), name, wallet.getPublic())
                .build(new JcaContentSignerBuilder("SHA256withECDSA").build(wallet.getPrivate()))).getEncoded();
        api().body(Map.of("wallet", "APPLE_PAY", "certificates", List.of(Base64.getEncoder().encodeToString(selfSigned)),
                "nonce", "bm9uY2U=", "nonceSignature", body.get("nonceSignature"))).post(path).then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("certificates")));
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        api().body(Map.of("wallet", "APPLE_PAY", "certificates", body.get("certificates"), "nonce", "bm9uY2U=",
                        "nonceSignature", signature(generator.generateKeyPair(), "nonce"))).post(path).then().statusCode(400)
                .body("details.errors.field", equalTo(List.of("nonceSignature")));

        PublicKey ephemeral = KeyFactory.getInstance("EC").generatePublic(
                new X509EncodedKeySpec(Base64.getDecoder().decode(sealed.getString("ephemeralPublicKey"))));
        KeyAgreement agreement = KeyAgreement.getInstance("ECDH");
        agreement.init(wallet.getPrivate());
        agreement.doPhase(ephemeral, true);
        byte[] key = new byte[32];
        HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
        hkdf.init(new HKDFParameters(agreement.generateSecret(), null, "card-push-provisioning".getBytes(StandardCharsets.US_ASCII)));
        hkdf.generateBytes(key, 0, 32);
        byte[] data = Base64.getDecoder().decode(sealed.getString("encryptedPassData"));
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, Arrays.copyOf(data, 12)));
        JsonPath pass = JsonPath.from(new String(cipher.doFinal(data, 12, data.length - 12), StandardCharsets.UTF_8));
        String last4 = api().get("/cards/" + card.cardId()).then().extract().path("last4");
        assertTrue(pass.getString("primaryAccountNumber").endsWith(last4));
        assertTrue(CardNumbers.luhnValid(pass.getString("primaryAccountNumber")));
        assertEquals("bm9uY2U=", pass.getString("nonce"));

        api().body(Map.of("wallet", "GOOGLE_PAY", "clientDeviceId", "device-1", "clientWalletAccountId", "wallet-1")).post(path)
                .then().statusCode(200).body("opaquePaymentCard", not(containsString(last4)));
        api().body(Map.of("wallet", "APPLE_PAY", "certificates", List.of("not a certificate"), "nonce", "bg==", "nonceSignature", "cw=="))
                .post(path).then().statusCode(400).body("details.errors.field", equalTo(List.of("certificates[0]")));
        // A 256-bit key on another curve is not P-256.
        KeyPairGenerator other = KeyPairGenerator.getInstance("EC", new org.bouncycastle.jce.provider.BouncyCastleProvider());
        other.initialize(new ECGenParameterSpec("brainpoolP256r1"));
        KeyPair brainpool = other.generateKeyPair();
        byte[] foreign = new JcaX509CertificateConverter().setProvider(new org.bouncycastle.jce.provider.BouncyCastleProvider())
                .getCertificate(new JcaX509v3CertificateBuilder(name, BigInteger.TWO, new Date(),
                        new Date(System.currentTimeMillis() + 86_400_000L), name, brainpool.getPublic())
                        .build(new JcaContentSignerBuilder("SHA256withECDSA").setProvider(new org.bouncycastle.jce.provider.BouncyCastleProvider())
                                .build(brainpool.getPrivate()))).getEncoded();
        api().body(Map.of("wallet", "APPLE_PAY", "certificates", List.of(Base64.getEncoder().encodeToString(foreign)), "nonce", "bg==",
                "nonceSignature", "cw==")).post(path).then().statusCode(400).body("details.errors.field", equalTo(List.of("certificates[0]")));
        api().body(Map.of("wallet", "GOOGLE_PAY")).post(path).then().statusCode(400)
                .body("details.errors.field", org.hamcrest.Matchers.containsInAnyOrder("clientDeviceId", "clientWalletAccountId"));
        api().body(Map.of("wallet", "SAMSUNG_PAY")).post(path).then().statusCode(400).body("details.errors.field", equalTo(List.of("wallet")));
        // A program without wallet tokenization (USDB) refuses.
        var holder = payments.MoneyFixtures.approvedCustomer(List.of("USDB"));
        String walletCard = CardFixtures.issue(holder.customerId(), holder.account("USDB"), Map.of()).getString("id");
        CardFixtures.awaitStatus(walletCard, "ACTIVE");
        api().body(Map.of("wallet", "GOOGLE_PAY", "clientDeviceId", "d", "clientWalletAccountId", "w"))
                .post("/cards/" + walletCard + "/tokenize").then().statusCode(403).body("code", equalTo("FORBIDDEN"));
    }

    @Test
    void aCardIsAddedToWalletsAtMostTenTimesADay() {
        Cardholder card = CardFixtures.cardholder("USD", 0, Map.of());
        String path = "/cards/" + card.cardId() + "/tokenize";
        Map<String, Object> body = Map.of("wallet", "GOOGLE_PAY", "clientDeviceId", "device-1", "clientWalletAccountId", "wallet-1");
        api().body(Map.of("cardTokenization2faConfig", Map.of("displayName", "Acme"))).patch("/config").then().statusCode(200);
        try {
            for (int i = 0; i < 10; i++) {
                api().body(body).post(path).then().statusCode(200);
            }
            api().body(body).post(path).then().statusCode(429).body("code", equalTo("RATE_LIMITED"))
                    .header("Retry-After", org.hamcrest.Matchers.notNullValue());
        } finally {
            removeTokenization2fa();
        }
    }
}
