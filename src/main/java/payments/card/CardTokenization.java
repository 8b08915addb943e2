package payments.card;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;
import payments.card.CardResource.CardTokenizeRequest;
import payments.common.RunTimeRandom;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.schema.JsonSchema;
import payments.common.security.Caller;
import payments.common.security.SecretsAtRest;
import payments.platform.PlatformConfigService;

import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Push provisioning of a card into a digital wallet (POST /cards/{id}/tokenize). The wallet SDK
 * hands the app its values (Apple Pay: the wallet's certificate chain, a nonce and its signature;
 * Google Pay: the device and wallet account ids); the answer is the encrypted payload the SDK
 * passes on. Apple Pay's pass data is sealed to the leaf certificate's P-256 key (ephemeral ECDH,
 * HKDF-SHA256, AES-256-GCM); Google Pay's opaque payment card is sealed with the server's own key,
 * for the issuer to open.
 */
@ApplicationScoped
public class CardTokenization {

    static final String APPLE_PAY = "APPLE_PAY";
    static final String GOOGLE_PAY = "GOOGLE_PAY";
    private static final byte[] INFO = "card-push-provisioning".getBytes(StandardCharsets.US_ASCII);
    private static final JsonSchema REQUEST = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["wallet"], "properties": {
              "wallet": {"type": "string", "enum": ["APPLE_PAY", "GOOGLE_PAY"]},
              "certificates": {"type": "array", "minItems": 1, "maxItems": 5,
                               "items": {"type": "string", "minLength": 1, "maxLength": 8192}},
              "nonce": {"type": "string", "minLength": 1, "maxLength": 256},
              "nonceSignature": {"type": "string", "minLength": 1, "maxLength": 1024},
              "clientDeviceId": {"type": "string", "minLength": 1, "maxLength": 64},
              "clientWalletAccountId": {"type": "string", "minLength": 1, "maxLength": 64}}}"""));

    private final CardService cards;
    private final CardView view;
    private final PlatformConfigService platform;
    private final SecretsAtRest secrets;
    private final JsonText json;
    private final WalletCertificates certificates;
    private final ServerClock clock;
    private final ServerConfig config;

    public CardTokenization(CardService cards, CardView view, PlatformConfigService platform, SecretsAtRest secrets, JsonText json,
                            WalletCertificates certificates, ServerClock clock, ServerConfig config) {
        this.certificates = certificates;
        this.clock = clock;
        this.config = config;
        this.cards = cards;
        this.view = view;
        this.platform = platform;
        this.secrets = secrets;
        this.json = json;
    }

    /**
     * Checks the wallet's values (for Apple Pay, the certificate chain to a trusted root and the
     * nonce's signature), records the tokenization with its actor and answers the sealed payload;
     * 429 past the card's tokenizations per day (counted under the card's lock).
     */
    @WithTransaction
    public Uni<Map<String, String>> tokenize(String cardId, JsonBody<CardTokenizeRequest> body, Caller caller) {
        cards.requireIssuer();
        return CardService.find(cardId, true).flatMap(card -> platform.settings().flatMap(settings -> {
            JsonBodies.Bound<CardTokenizeRequest> checked = body.checked(REQUEST);
            ApplePayKey appleKey = check(checked);
            CardTokenizeRequest request = checked.value();
            if (!view.capabilities(card).supportsDigitalWalletTokenization()) {
                throw new ApiException(ErrorCode.FORBIDDEN, "Cards funded by this account cannot be added to digital wallets"
                        + " (cardCapabilities.supportsDigitalWalletTokenization is false)");
            }
            if (!CardStatus.ACTIVE.equals(card.status)) {
                throw new ApiException(ErrorCode.CONFLICT, "Card " + card.wireId() + " is " + card.status + "; only ACTIVE cards can be"
                        + " added to a wallet");
            }
            if (settings.cardTokenization2faConfig() == null || settings.cardTokenization2faConfig().displayName() == null) {
                throw new ApiException(ErrorCode.CONFLICT, "Set cardTokenization2faConfig (at least its displayName) with PATCH /config"
                        + " first: the cardholder is sent a code in its name when adding the card to a wallet");
            }
            return record(card, request.wallet(), caller).map(recorded -> seal(card, request, appleKey));
        }));
    }

    /** Counts the card's tokenizations of the last 24 hours (429 past the limit) and records this one. */
    private Uni<Void> record(Card card, String wallet, Caller caller) {
        Instant now = clock.now();
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                                "SELECT min(created_at), count(*) FROM card_tokenizations WHERE card_id = :card AND created_at > :since", Object[].class)
                        .setParameter("card", card.id).setParameter("since", now.minus(Duration.ofDays(1)))
                        .getSingleResult()
                        .flatMap(window -> {
                            long count = ((Number) window[1]).longValue();
                            if (count >= config.cards().tokenizationsPerDay()) {
                                Instant oldest = window[0] instanceof java.time.OffsetDateTime at ? at.toInstant() : now;
                                long wait = Math.max(1, Duration.between(now, oldest.plus(Duration.ofDays(1))).toSeconds());
                                throw ApiException.rateLimited("Card " + card.wireId() + " was added to wallets "
                                        + count + " times in 24 hours, its limit", wait);
                            }
                            return session.createNativeQuery("""
                                            INSERT INTO card_tokenizations (id, card_id, wallet, actor, created_at)
                                            VALUES (:id, :card, :wallet, :actor, :now)""")
                                    .setParameter("id", Ids.newUuid()).setParameter("card", card.id).setParameter("wallet", wallet)
                                    .setParameter("actor", caller.scope()).setParameter("now", now)
                                    .executeUpdate();
                        }))
                .replaceWithVoid();
    }

    private Map<String, String> seal(Card card, CardTokenizeRequest request, ApplePayKey appleKey) {
        String details = secrets.open(CardProvisioning.sealName(card.id), card.sealedDetails);
        Map<String, String> answer = new LinkedHashMap<>();
        answer.put("wallet", request.wallet());
        if (appleKey != null) {
            answer.putAll(sealForApplePay(appleKey.key(), details, request.nonce(), request.nonceSignature()));
        } else {
            Map<String, String> card4Google = Map.of("details", details, "clientDeviceId", request.clientDeviceId(),
                    "clientWalletAccountId", request.clientWalletAccountId());
            answer.put("opaquePaymentCard", Base64.getEncoder().encodeToString(
                    secrets.seal("opc:" + card.id, json.write(card4Google)).getBytes(StandardCharsets.UTF_8)));
        }
        return answer;
    }

    private record ApplePayKey(PublicKey key) {
    }

    /** Every field problem at once; for Apple Pay, the leaf certificate's P-256 key, once its chain and the nonce's signature hold. */
    private ApplePayKey check(JsonBodies.Bound<CardTokenizeRequest> checked) {
        List<FieldError> errors = new ArrayList<>(checked.typeErrors());
        CardTokenizeRequest request = checked.value();
        String wallet = request.wallet();
        List<String> needed = APPLE_PAY.equals(wallet) ? List.of("certificates", "nonce", "nonceSignature")
                : GOOGLE_PAY.equals(wallet) ? List.of("clientDeviceId", "clientWalletAccountId") : List.of();
        needed.stream().filter(field -> !checked.sent(field) || checked.sentAsNull(field))
                .forEach(field -> errors.add(FieldError.of(field, "Is required for " + wallet)));
        if (APPLE_PAY.equals(wallet) && !certificates.configured()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No Apple Pay root is configured (svc.cards.tokenization-roots):"
                    + " a card number goes only to a wallet key that chains to it");
        }
        PublicKey key = null;
        if (APPLE_PAY.equals(wallet) && errors.isEmpty()) {
            List<X509Certificate> chain = new ArrayList<>();
            List<String> given = request.certificates();
            for (int i = 0; i < given.size(); i++) {
                try {
                    chain.add(WalletCertificates.parse(Base64.getDecoder().decode(given.get(i))));
                } catch (GeneralSecurityException | IllegalArgumentException e) {
                    errors.add(FieldError.of("certificates[" + i + "]", "Must be a base64 DER X.509 certificate"));
                }
            }
            byte[] nonce = base64(request.nonce(), "nonce", errors);
            byte[] nonceSignature = base64(request.nonceSignature(), "nonceSignature", errors);
            if (errors.isEmpty()) {
                key = chain.get(0).getPublicKey();
                String untrusted = certificates.chainProblem(chain, clock.now());
                if (!(key instanceof ECPublicKey ec) || !isP256(ec)) {
                    errors.add(FieldError.of("certificates[0]", "The leaf certificate must carry an EC P-256 public key"));
                } else if (untrusted != null) {
                    errors.add(FieldError.of("certificates", untrusted));
                } else if (!WalletCertificates.nonceSigned(chain.get(0), nonce, nonceSignature)) {
                    errors.add(FieldError.of("nonceSignature", "Must be the leaf certificate key's ECDSA (SHA-256) signature of the nonce"));
                }
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return key == null ? null : new ApplePayKey(key);
    }

    private static byte[] base64(String value, String field, List<FieldError> errors) {
        try {
            return Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException e) {
            errors.add(FieldError.of(field, "Must be base64"));
            return new byte[0];
        }
    }

    /** Whether the key is on NIST P-256 (secp256r1) itself: same curve, generator and order, not merely 256 bits. */
    private static boolean isP256(ECPublicKey key) {
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
            parameters.init(new ECGenParameterSpec("secp256r1"));
            ECParameterSpec p256 = parameters.getParameterSpec(ECParameterSpec.class);
            ECParameterSpec given = key.getParams();
            return p256.getCurve().equals(given.getCurve()) && p256.getGenerator().equals(given.getGenerator())
                    && p256.getOrder().equals(given.getOrder()) && p256.getCofactor() == given.getCofactor();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("The JDK lacks P-256", e);
        }
    }

    /** Ephemeral ECDH with the wallet's key, HKDF-SHA256, AES-256-GCM over the pass data. */
    private Map<String, String> sealForApplePay(PublicKey walletKey, String details, String nonce, String nonceSignature) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair ephemeral = generator.generateKeyPair();
            KeyAgreement agreement = KeyAgreement.getInstance("ECDH");
            agreement.init(ephemeral.getPrivate());
            try {
                agreement.doPhase(walletKey, true);
            } catch (java.security.InvalidKeyException e) {
                throw ApiException.invalidField("certificates[0]", null, "The leaf certificate's public key is not a valid P-256 point");
            }
            byte[] key = new byte[32];
            HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
            hkdf.init(new HKDFParameters(agreement.generateSecret(), null, INFO));
            hkdf.generateBytes(key, 0, key.length);
            byte[] iv = new byte[12];
            RunTimeRandom.secure().nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, iv));
            String[] parts = details.split("\\|");
            byte[] plain = json.write(Map.of("primaryAccountNumber", parts[0], "expiration", String.format("%02d/%s", Integer.parseInt(parts[1]),
                    parts[2].substring(2)), "nonce", nonce, "nonceSignature", nonceSignature)).getBytes(StandardCharsets.UTF_8);
            byte[] sealed = cipher.doFinal(plain);
            byte[] withIv = new byte[iv.length + sealed.length];
            System.arraycopy(iv, 0, withIv, 0, iv.length);
            System.arraycopy(sealed, 0, withIv, iv.length, sealed.length);
            byte[] activation = new byte[32];
            RunTimeRandom.secure().nextBytes(activation);
            Base64.Encoder base64 = Base64.getEncoder();
            return Map.of("encryptedPassData", base64.encodeToString(withIv), "activationData", base64.encodeToString(activation),
                    "ephemeralPublicKey", base64.encodeToString(ephemeral.getPublic().getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot seal the pass data", e);
        }
    }
}
