package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.InvalidCipherTextException;
import payments.codes.CodeLimits;
import payments.codes.CodeSender;
import payments.common.ApiException;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.security.SecretsAtRest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

/**
 * One-time-code login (EMAIL_OTP, SMS_OTP). A challenge sends a code and hands out a target bundle
 * holding a fresh HPKE key; the client seals {@code {otp_code, public_key}} to it; the first verify
 * call opens that, checks the code, and answers a verification token bound to the client's TEK; the
 * retry stamped by the TEK opens the session, whose key the TEK becomes.
 */
@ApplicationScoped
public class OtpLogin {

    static final String OPERATION = "OTP_LOGIN";

    private final WalletEnclave enclave;
    private final SecretsAtRest secrets;
    private final CodeSender sender;
    private final ServerClock clock;
    private final WalletsConfig config;
    private final SignedRetries retries;
    private final AuthSessions sessions;
    private final WalletActivities activities;
    private final CodeLimits limits;

    public OtpLogin(WalletEnclave enclave, SecretsAtRest secrets, CodeSender sender, ServerClock clock, WalletsConfig config,
                    SignedRetries retries, AuthSessions sessions, WalletActivities activities) {
        this.activities = activities;
        this.enclave = enclave;
        this.secrets = secrets;
        this.sender = sender;
        this.clock = clock;
        this.config = config;
        this.retries = retries;
        this.sessions = sessions;
        this.limits = new CodeLimits(config.otpAttempts(), config.otpSendsPer10Minutes(), config.otpFailuresPerDay());
    }

    /** 501 for a one-time-code credential whose codes this server does not send, before its owner is asked to sign for it. */
    void requireSender(String type) {
        if (!sender.sends(route(type))) {
            throw CodeSender.notSent(route(type));
        }
    }

    private static CodeSender.Route route(String type) {
        return AuthCredential.SMS_OTP.equals(type) ? CodeSender.Route.WALLET_SMS : CodeSender.Route.WALLET_EMAIL;
    }

    /** Wrong codes entered against the credential's codes issued since {@code since}. */
    private static Uni<Long> failuresSince(AuthCredential credential, Instant since) {
        return Panache.getSession().flatMap(session -> session.createSelectionQuery(
                        "select coalesce(sum(o.failedAttempts), 0) from OtpIssuance o where o.credentialId = :credential and o.createdAt > :since",
                        Long.class)
                .setParameter("credential", credential.id)
                .setParameter("since", since)
                .getSingleResult());
    }

    /** Sends a code and answers the credential with its otpEncryptionTargetBundle (in the caller's transaction). */
    public Uni<AuthView.AuthMethod> issue(AuthCredential credential) {
        requireSender(credential.type);
        Instant now = clock.now();
        Instant expiresAt = now.plus(config.otpLifetime());
        return OtpIssuance.count("credentialId = ?1 and createdAt > ?2", credential.id, now.minus(CodeLimits.SEND_WINDOW))
                .flatMap(sent -> failuresSince(credential, now.minus(CodeLimits.FAILURE_WINDOW)).invoke(failures ->
                        limits.checkSend("Credential " + IdType.AUTH_METHOD.wireId(credential.id), sent, failures)))
                .flatMap(checked -> sender.send(new CodeSender.Message(route(credential.type), credential.nickname, "Your sign-in code",
                        "It signs you in and expires in " + Math.max(1, config.otpLifetime().toMinutes()) + " minutes.",
                        expiresAt)).flatMap(code -> {
                    AsymmetricCipherKeyPair target = Hpke.newKeyPair();
                    OtpIssuance issuance = new OtpIssuance();
                    issuance.id = Ids.newUuid();
                    issuance.credentialId = credential.id;
                    issuance.targetPrivateKey = secrets.seal(sealName(issuance), HexFormat.of().formatHex(Hpke.privateKey(target)));
                    issuance.codeHash = secrets.mac(codeName(issuance), code);
                    issuance.createdAt = now;
                    issuance.expiresAt = expiresAt;
                    return issuance.persist().map(saved -> AuthView.method(credential, enclave.targetBundle(Hpke.publicKey(target))));
                }));
    }

    /**
     * The first leg: opens the bundle with the newest pending code's key and checks the code. A
     * wrong code is counted (and committed) before the 400; once the attempts are spent, 429.
     */
    public Uni<AuthView.CredentialChallenge> begin(AuthCredential credential, String encryptedOtpBundle, Object signedBody) {
        Bundle bundle = Bundle.read(encryptedOtpBundle);
        Instant now = clock.now();
        return Panache.withTransaction(() -> OtpIssuance.<OtpIssuance>find(
                        "credentialId = ?1 and usedAt is null and expiresAt > ?2 order by createdAt desc", credential.id, now)
                .withLock(jakarta.persistence.LockModeType.PESSIMISTIC_WRITE).firstResult()
                .flatMap(issuance -> attempt(credential, issuance, bundle, signedBody, now)))
                .map(outcome -> {
                    if (outcome.refusal() != null) {
                        throw outcome.refusal();
                    }
                    return outcome.challenge();
                });
    }

    /**
     * The second leg: the TEK's stamp over the token opens the session (in the caller's transaction).
     * While the provider's activity is in flight ({@link WalletActivities}) the answer is
     * WalletOperationProcessing and the challenge stays unspent, so the identical retry, resent
     * after the activity settles, opens the session.
     */
    public Uni<Object> complete(AuthCredential credential, Object signedBody, SignedRetries.Headers headers) {
        return retries.check(ask(credential, signedBody), headers).flatMap(signed -> activities.settlement(credential.accountId)
                .flatMap(settlement -> {
                    WalletRequest request = signed.request();
                    Instant now = clock.now();
                    if (!settlement.isZero() && request.settlesAt == null) {
                        request.settlesAt = now.plus(settlement);
                    }
                    if (request.settlesAt != null && now.isBefore(request.settlesAt)) {
                        return Uni.createFrom().item(AuthView.OperationProcessing.of("The wallet provider is still completing the login;"
                                + " resend the identical request (same body, " + Stamp.HEADER + " and " + SignedRetries.REQUEST_ID_HEADER
                                + ") to receive the session"));
                    }
                    request.consumedAt = now;
                    return sessions.open(credential, request.signerKey).map(issued -> (Object) issued.view(credential));
                }));
    }

    private record Outcome(AuthView.CredentialChallenge challenge, ApiException refusal) {
    }

    private Uni<Outcome> attempt(AuthCredential credential, OtpIssuance issuance, Bundle bundle, Object signedBody, Instant now) {
        if (issuance == null) {
            return refuse(ApiException.invalidField("encryptedOtpBundle", null, "No one-time code is pending for credential "
                    + IdType.AUTH_METHOD.wireId(credential.id) + "; call POST /auth/credentials/{id}/challenge for a new one"));
        }
        if (limits.spent(issuance.failedAttempts)) {
            return refuse(ApiException.rateLimited("Too many wrong codes for credential " + IdType.AUTH_METHOD.wireId(credential.id)
                    + "; ask for a new code", Math.max(1, Duration.between(now, issuance.expiresAt).toSeconds())));
        }
        Attempt opened = open(issuance, bundle);
        if (opened.error() != null) {
            issuance.failedAttempts++;
            return refuse(opened.error());
        }
        issuance.usedAt = now;
        Instant expiresAt = now.plus(SignedRetries.LIFETIME);
        String token = enclave.verificationToken(IdType.AUTH_METHOD.wireId(credential.id), opened.tek(), now, expiresAt);
        return retries.issue(ask(credential, signedBody), token, opened.tek(), null)
                .map(challenge -> new Outcome(AuthView.CredentialChallenge.of(credential.type, challenge), null));
    }

    private static Uni<Outcome> refuse(ApiException refusal) {
        return Uni.createFrom().item(new Outcome(null, refusal));
    }

    private record Attempt(String tek, ApiException error) {
    }

    /** Opens the sealed attempt and checks it: the code, and a compressed TEK. */
    private Attempt open(OtpIssuance issuance, Bundle bundle) {
        byte[] plaintext;
        try {
            byte[] privateKey = HexFormat.of().parseHex(secrets.open(sealName(issuance), issuance.targetPrivateKey));
            plaintext = Hpke.open(bundle.encappedPublic(), bundle.ciphertext(), Hpke.keyPair(privateKey));
        } catch (InvalidCipherTextException e) {
            return new Attempt(null, ApiException.invalidField("encryptedOtpBundle", null,
                    "Cannot be opened with the newest otpEncryptionTargetBundle of this credential"));
        }
        JsonNode inner;
        try {
            inner = JsonText.parse(new String(plaintext, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            inner = null;
        }
        if (inner == null || !inner.isObject() || !inner.path("otp_code").isTextual() || !inner.path("public_key").isTextual()) {
            return new Attempt(null, ApiException.invalidField("encryptedOtpBundle", null,
                    "Must seal the JSON object {\"otp_code\", \"public_key\"}"));
        }
        String tek = inner.get("public_key").asText();
        if (!P256.isCompressed(tek) || !P256.isValidKey(tek)) {
            return new Attempt(null, ApiException.invalidField("encryptedOtpBundle.public_key",
                    FieldError.Constraint.pattern(P256.COMPRESSED_PATTERN),
                    "Must be a compressed P-256 key (66 hex characters starting 02 or 03)"));
        }
        byte[] expected = issuance.codeHash.getBytes(StandardCharsets.US_ASCII);
        byte[] given = secrets.mac(codeName(issuance), inner.get("otp_code").asText()).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, given)) {
            return new Attempt(null, ApiException.invalidField("encryptedOtpBundle.otp_code", null, "Wrong one-time code"));
        }
        return new Attempt(tek.toLowerCase(), null);
    }

    /** One-time codes are six digits: kept only as a keyed MAC bound to their issuance, never a plain hash one could brute-force. */
    private static String codeName(OtpIssuance issuance) {
        return "otp-code:" + issuance.id;
    }

    /** The retry of a verification, tied to the body as sent ({@code signedBody}: what the owner's stamp covers). */
    static SignedRetries.Ask ask(AuthCredential credential, Object signedBody) {
        return SignedRetries.Ask.of(credential.accountId, OPERATION, credential.id, signedBody);
    }

    private static String sealName(OtpIssuance issuance) {
        return "otp-target:" + issuance.id;
    }

    /** The encryptedOtpBundle: JSON text {encappedPublic (uncompressed hex), ciphertext (hex)}. */
    record Bundle(byte[] encappedPublic, byte[] ciphertext) {
        static Bundle read(String text) {
            JsonNode json;
            try {
                json = JsonText.parse(text);
            } catch (RuntimeException e) {
                json = null;
            }
            String enc = json == null ? null : json.path("encappedPublic").textValue();
            String ciphertext = json == null ? null : json.path("ciphertext").textValue();
            if (enc == null || !enc.matches(P256.UNCOMPRESSED_PATTERN) || ciphertext == null
                    || !ciphertext.matches("^([0-9a-fA-F]{2}){17,4096}$")) {
                throw ApiException.invalidField("encryptedOtpBundle", null,
                        "Must be JSON text {\"encappedPublic\": <130 hex characters>, \"ciphertext\": <hex>}");
            }
            return new Bundle(HexFormat.of().parseHex(enc), HexFormat.of().parseHex(ciphertext));
        }
    }
}
