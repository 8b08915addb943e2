package payments.sca;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.RunTimeRandom;
import payments.common.ServerClock;
import payments.common.Sha256;
import payments.common.security.SecretsAtRest;
import payments.customer.Customer;
import payments.sca.ScaRecords.Factor;
import payments.sca.ScaRecords.FactorList;
import payments.sca.ScaRecords.FactorView;
import payments.wallet.Passkeys;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Enrolling the factors a customer opts into: a TOTP authenticator (confirmed by its first code,
 * answered with recovery codes shown once) or one passkey (a WebAuthn registration). SMS_OTP needs
 * no enrollment. An enrollment started again before it is confirmed replaces the unconfirmed one.
 */
@ApplicationScoped
public class ScaFactors {

    private static final int RECOVERY_CODES = 10;
    private static final String RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

    private final TotpCodes totp;
    private final Passkeys passkeys;
    private final SecretsAtRest secrets;
    private final ServerClock clock;
    private final ScaProvider provider;
    private final ScaChallengeIssuer issuer;
    private final SecureRandom random = RunTimeRandom.secure();

    public ScaFactors(TotpCodes totp, Passkeys passkeys, SecretsAtRest secrets, ServerClock clock, ScaProvider provider,
                      ScaChallengeIssuer issuer) {
        this.totp = totp;
        this.passkeys = passkeys;
        this.secrets = secrets;
        this.clock = clock;
        this.provider = provider;
        this.issuer = issuer;
    }

    @WithSession
    public Uni<FactorList> list(String customerId) {
        return ScaCustomers.find(customerId).flatMap(customer -> EnrolledFactor.allActive(customer.id).map(enrolled -> {
            List<FactorView> factors = new ArrayList<>(List.of(new FactorView(Factor.SMS_OTP.name(), null, "Verified phone")));
            enrolled.forEach(factor -> factors.add(view(factor)));
            return new FactorList(factors);
        }));
    }

    @WithTransaction
    public Uni<Object> startEnrollment(String customerId, JsonBody<ScaRecords.FactorEnrollmentRequest> body) {
        String type = factorType(body.orEmpty().type());
        return ScaCustomers.find(customerId).flatMap(customer -> EnrolledFactor.allActive(customer.id).flatMap(enrolled -> {
            if (enrolled.stream().anyMatch(f -> f.factor.equals(type))) {
                throw Factor.PASSKEY.name().equals(type)
                        ? new ApiException(ErrorCode.PASSKEY_ALREADY_ENROLLED, "Customer " + customer.wireId()
                                + " already has a passkey; delete it with DELETE /sca/factors/{credentialId} first")
                        : new ApiException(ErrorCode.CONFLICT, "Customer " + customer.wireId() + " already has a TOTP authenticator; reset it first");
            }
            return EnrolledFactor.delete("customerId = ?1 and factor = ?2 and status = ?3", customer.id, type, EnrolledFactor.PENDING)
                    .flatMap(deleted -> Factor.TOTP.name().equals(type) ? startTotp(customer) : startPasskey(customer));
        }));
    }

    private Uni<Object> startTotp(Customer customer) {
        EnrolledFactor factor = newFactor(customer.id, Factor.TOTP);
        String secret = totp.newSecret();
        factor.totpSecret = secrets.seal(factor.sealName(), secret);
        factor.name = "Authenticator app";
        return factor.persist().map(saved -> new ScaRecords.TotpEnrollmentStart(Factor.TOTP.name(), TotpCodes.rawHex(secret), secret,
                TotpCodes.uri(customer.email == null ? customer.wireId() : customer.email, secret)));
    }

    private Uni<Object> startPasskey(Customer customer) {
        EnrolledFactor factor = newFactor(customer.id, Factor.PASSKEY);
        factor.passkeyChallenge = issuer.newChallengeText();
        factor.name = "Passkey";
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("challenge", factor.passkeyChallenge);
        options.put("rp", Map.of("id", passkeys.rpId(), "name", passkeys.rpId()));
        options.put("user", Map.of("id", Base64.getUrlEncoder().withoutPadding().encodeToString(uuidBytes(customer.id)),
                "name", customer.email == null ? customer.wireId() : customer.email, "displayName", customer.platformCustomerId));
        options.put("pubKeyCredParams", Passkeys.algorithms());
        options.put("timeout", ScaChallengeIssuer.LIFETIME.toMillis());
        options.put("attestation", "none");
        options.put("authenticatorSelection", Map.of("residentKey", "preferred", "userVerification", "preferred"));
        return factor.persist().map(saved -> new ScaRecords.PasskeyEnrollmentStart(Factor.PASSKEY.name(), options, passkeys.origins(),
                passkeys.rpId()));
    }

    @WithTransaction
    public Uni<Object> confirmEnrollment(String customerId, JsonBody<ScaRecords.FactorConfirmRequest> body) {
        ScaRecords.FactorConfirmRequest request = body.orEmpty();
        String type = factorType(request.type());
        return ScaCustomers.find(customerId).flatMap(customer -> EnrolledFactor.<EnrolledFactor>find(
                "customerId = ?1 and factor = ?2 and status = ?3", customer.id, type, EnrolledFactor.PENDING).firstResult().flatMap(factor -> {
                    if (factor == null) {
                        throw ApiException.invalidField("type", null, "No " + type + " enrollment was started for " + customer.wireId()
                                + ": call POST /sca/factors first");
                    }
                    return Factor.TOTP.name().equals(type) ? confirmTotp(factor, request) : confirmPasskey(factor, request);
                }));
    }

    private Uni<Object> confirmTotp(EnrolledFactor factor, ScaRecords.FactorConfirmRequest request) {
        String secret = text(request.secret(), "secret");
        String code = text(request.code(), "code");
        String base32 = secrets.open(factor.sealName(), factor.totpSecret);
        if (!TotpCodes.rawHex(base32).equalsIgnoreCase(secret) && !base32.equals(secret)) {
            throw ApiException.invalidField("secret", null, "Is not the secret of the enrollment started for this customer");
        }
        if (!provider.acceptedWithoutSending(code) && !totp.verify(base32, code)) {
            throw ApiException.invalidField("code", null, "Is not the authenticator's current code for this secret");
        }
        List<String> recovery = new ArrayList<>();
        for (int i = 0; i < RECOVERY_CODES; i++) {
            recovery.add(recoveryCode());
        }
        factor.recoveryCodeHashes = String.join(",", recovery.stream().map(Sha256::hex).toList());
        activate(factor);
        return Uni.createFrom().item(new ScaRecords.TotpEnrollmentConfirm(Factor.TOTP.name(), recovery));
    }

    private Uni<Object> confirmPasskey(EnrolledFactor factor, ScaRecords.FactorConfirmRequest request) {
        String origin = text(request.origin(), "origin");
        if (!passkeys.origins().contains(origin)) {
            throw ApiException.invalidField("origin", FieldError.Constraint.oneOf(passkeys.origins()), "Must be one of the allowed origins");
        }
        JsonNode credential = request.credential();
        if (credential == null || !credential.isObject()) {
            throw ApiException.invalidField("credential", null, "Is required: the WebAuthn credential the device produced");
        }
        Passkeys.Registered registered = passkeys.register(credential, factor.passkeyChallenge, "credential");
        factor.passkeyCredentialId = registered.credentialId();
        factor.passkeyCredentialData = registered.credentialData();
        factor.passkeySignCount = registered.signCount();
        factor.passkeyChallenge = null;
        activate(factor);
        return Uni.createFrom().item(new ScaRecords.PasskeyEnrollmentConfirm(Factor.PASSKEY.name(), view(factor)));
    }

    /** DELETE /sca/factors/{credentialId}: only passkeys carry a credential id. */
    @WithTransaction
    public Uni<Void> delete(String customerId, String credentialId) {
        return ScaCustomers.find(customerId).flatMap(customer -> EnrolledFactor.<EnrolledFactor>find(
                "customerId = ?1 and factor = ?2 and status = ?3 and passkeyCredentialId = ?4", customer.id, Factor.PASSKEY.name(),
                EnrolledFactor.ACTIVE, credentialId).firstResult().flatMap(factor -> {
                    if (factor == null) {
                        throw new ApiException(ErrorCode.SCA_FACTOR_NOT_FOUND, "Customer " + customer.wireId() + " has no passkey with this credential id");
                    }
                    return factor.delete();
                }));
    }

    private void activate(EnrolledFactor factor) {
        factor.status = EnrolledFactor.ACTIVE;
        factor.updatedAt = clock.now();
    }

    private EnrolledFactor newFactor(UUID customerId, Factor type) {
        Instant now = clock.now();
        EnrolledFactor factor = new EnrolledFactor();
        factor.id = Ids.newUuid();
        factor.customerId = customerId;
        factor.factor = type.name();
        factor.status = EnrolledFactor.PENDING;
        factor.createdAt = now;
        factor.updatedAt = now;
        return factor;
    }

    private String recoveryCode() {
        StringBuilder code = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            if (i > 0 && i % 4 == 0) {
                code.append('-');
            }
            code.append(RECOVERY_ALPHABET.charAt(random.nextInt(RECOVERY_ALPHABET.length())));
        }
        return code.toString();
    }

    static FactorView view(EnrolledFactor factor) {
        return new FactorView(factor.factor, factor.passkeyCredentialId, factor.name);
    }

    /** The enrollable factor a body's {@code type} names: TOTP or PASSKEY (SMS_OTP needs no enrollment). */
    private static String factorType(String type) {
        if (!Factor.TOTP.name().equals(type) && !Factor.PASSKEY.name().equals(type)) {
            throw ApiException.invalidField("type", FieldError.Constraint.oneOf(List.of("TOTP", "PASSKEY")),
                    "Must be TOTP or PASSKEY (SMS_OTP needs no enrollment: it uses the verified phone)");
        }
        return type;
    }

    private static String text(String value, String field) {
        if (value == null || value.isBlank() || value.length() > 1024) {
            throw ApiException.invalidField(field, null, "Is required: a string");
        }
        return value;
    }

    private static byte[] uuidBytes(UUID id) {
        return ByteBuffer.allocate(16).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).array();
    }
}
