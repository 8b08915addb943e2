package payments.wallet;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.InternalAccount;
import payments.account.InternalAccountService;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.UniqueViolation;
import payments.common.schema.JsonSchema;
import payments.common.schema.SchemaValidator;
import payments.customer.Customer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The credentials of embedded wallets: listing, adding and revoking them (both signed by a session
 * of the wallet, except the very first credential of a wallet that has none), one-time codes, and
 * verification, which opens sessions.
 */
@ApplicationScoped
public class AuthCredentials {

    static final String ADD = "ADD_CREDENTIAL";
    static final String REVOKE = "REVOKE_CREDENTIAL";

    private static final JsonSchema CREATE = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "discriminator": "type", "mapping": {
              "EMAIL_OTP": {"type": "object", "required": ["type", "accountId"], "properties": {
                "type": {"type": "string"}, "accountId": {"type": "string"}}},
              "SMS_OTP": {"type": "object", "required": ["type", "accountId"], "properties": {
                "type": {"type": "string"}, "accountId": {"type": "string"}}},
              "OAUTH": {"type": "object", "required": ["type", "accountId", "oidcToken"], "properties": {
                "type": {"type": "string"}, "accountId": {"type": "string"}, "oidcToken": {"type": "string", "minLength": 1}}},
              "PASSKEY": {"type": "object", "required": ["type", "accountId", "nickname", "challenge", "attestation"], "properties": {
                "type": {"type": "string"}, "accountId": {"type": "string"},
                "nickname": {"type": "string", "minLength": 1, "maxLength": 100},
                "challenge": {"type": "string", "minLength": 1},
                "attestation": {"type": "object", "required": ["credentialId", "clientDataJson", "attestationObject"], "properties": {
                  "credentialId": {"type": "string", "minLength": 1}, "clientDataJson": {"type": "string", "minLength": 1},
                  "attestationObject": {"type": "string", "minLength": 1},
                  "transports": {"type": "array", "items": {"type": "string", "enum": ["usb", "nfc", "ble", "internal", "hybrid"]}}}}}}}}"""));

    private static final JsonSchema VERIFY = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "discriminator": "type", "mapping": {
              "EMAIL_OTP": {"type": "object", "required": ["type", "encryptedOtpBundle"], "properties": {
                "type": {"type": "string"}, "encryptedOtpBundle": {"type": "string", "minLength": 1}}},
              "SMS_OTP": {"type": "object", "required": ["type", "encryptedOtpBundle"], "properties": {
                "type": {"type": "string"}, "encryptedOtpBundle": {"type": "string", "minLength": 1}}},
              "OAUTH": {"type": "object", "required": ["type", "oidcToken", "clientPublicKey"], "properties": {
                "type": {"type": "string"}, "oidcToken": {"type": "string", "minLength": 1},
                "clientPublicKey": {"type": "string", "pattern": "^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$"}}},
              "PASSKEY": {"type": "object", "required": ["type", "assertion"], "properties": {
                "type": {"type": "string"},
                "assertion": {"type": "object", "required": ["credentialId", "clientDataJson", "authenticatorData", "signature"], "properties": {
                  "credentialId": {"type": "string", "minLength": 1}, "clientDataJson": {"type": "string", "minLength": 1},
                  "authenticatorData": {"type": "string", "minLength": 1}, "signature": {"type": "string", "minLength": 1},
                  "userHandle": {"type": "string"}}}}}}}"""));

    private final InternalAccountService accounts;
    private final ServerClock clock;
    private final OtpLogin otp;
    private final SignedRetries retries;
    private final WalletEnclave enclave;

    public AuthCredentials(InternalAccountService accounts, ServerClock clock, OtpLogin otp, SignedRetries retries,
                           WalletEnclave enclave) {
        this.accounts = accounts;
        this.clock = clock;
        this.otp = otp;
        this.retries = retries;
        this.enclave = enclave;
    }

    /** What POST /auth/credentials answered: 201 with the credential, or 202 with a challenge. */
    public record Created(AuthView.AuthMethod credential, AuthView.CredentialChallenge challenge) {
    }

    /** GET /auth/credentials?accountId=: the wallet's credentials, oldest first; none for an unknown account. */
    public Uni<AuthView.ListOf<AuthView.AuthMethod>> list(String accountId) {
        UUID account = requireAccountParameter(accountId);
        return Panache.withSession(() -> AuthCredential.<AuthCredential>find("accountId = ?1 and deletedAt is null",
                        Sort.ascending("createdAt", "id"), account).list())
                .map(list -> new AuthView.ListOf<>(list.stream().map(c -> AuthView.method(c, null)).toList()));
    }

    /** POST /auth/credentials: EMAIL_OTP or SMS_OTP bound to the holder's contact, through the signed retry. */
    public Uni<Created> create(JsonNode body, SignedRetries.Headers headers) {
        List<FieldError> errors = new ArrayList<>(SchemaValidator.validate(requireObject(body), CREATE, "").errors());
        String accountId = body.path("accountId").textValue();
        if (accountId != null) {
            FieldError.checkId("accountId", IdType.INTERNAL_ACCOUNT, accountId, errors);
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        String type = body.get("type").asText();
        if (!AuthCredential.EMAIL_OTP.equals(type) && !AuthCredential.SMS_OTP.equals(type)) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, type + " credentials are not available on this server yet");
        }
        return Panache.withTransaction(() -> wallet(accountId).flatMap(wallet -> Customer.<Customer>findById(wallet.customerId)
                .flatMap(holder -> lockedCredentials(wallet.id).flatMap(existing -> {
                    String nickname = contact(type, holder);
                    requireNoOtpOfType(existing, type);
                    SignedRetries.Ask ask = SignedRetries.Ask.of(wallet.id, ADD, null, body);
                    if (existing.isEmpty()) {
                        return add(wallet, type, nickname).map(created -> new Created(created, null));
                    }
                    if (headers.firstCall()) {
                        String payload = enclave.activity(AuthCredential.EMAIL_OTP.equals(type) ? "ACTIVITY_TYPE_UPDATE_USER_EMAIL"
                                : "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER", Map.of("userId", userId(wallet.id),
                                AuthCredential.EMAIL_OTP.equals(type) ? "userEmail" : "userPhoneNumber", nickname), clock.now());
                        return retries.issue(ask, payload, null, null)
                                .map(challenge -> new Created(null, AuthView.CredentialChallenge.of(type, challenge)));
                    }
                    return retries.consume(ask, headers).flatMap(signed -> add(wallet, type, nickname))
                            .map(created -> new Created(created, null));
                }))))
                .onFailure(failure -> UniqueViolation.is(failure, "auth_credentials_one_otp"))
                .transform(failure -> alreadyExists(type));
    }

    /** DELETE /auth/credentials/{id}: signed by a session of another credential; never the last one. Null when done. */
    public Uni<AuthView.CredentialChallenge> delete(String credentialId, SignedRetries.Headers headers) {
        UUID id = Ids.uuidOf(IdType.AUTH_METHOD, credentialId, ErrorCode.AUTH_CREDENTIAL_NOT_FOUND);
        return Panache.withTransaction(() -> find(id).flatMap(credential -> lockedCredentials(credential.accountId).flatMap(all -> {
            if (all.size() <= 1) {
                throw ApiException.invalidField("id", null, "Credential " + credentialId
                        + " is the wallet's last credential; add another before revoking it");
            }
            SignedRetries.Ask ask = SignedRetries.Ask.of(credential.accountId, REVOKE, credential.id, null);
            if (headers.firstCall()) {
                String payload = enclave.activity("ACTIVITY_TYPE_DELETE_AUTHENTICATORS", Map.of("userId", userId(credential.accountId),
                        "authenticatorIds", List.of(credentialId)), clock.now());
                return retries.issue(ask, payload, null, credential.id).map(challenge -> AuthView.CredentialChallenge.of(credential.type, challenge));
            }
            return retries.consume(ask, headers).flatMap(signed -> {
                Instant now = clock.now();
                credential.deletedAt = now;
                credential.updatedAt = now;
                return AuthSession.update("revokedAt = ?1, updatedAt = ?1 where credentialId = ?2 and revokedAt is null", now, credential.id)
                        .replaceWith((AuthView.CredentialChallenge) null);
            });
        })));
    }

    /** POST /auth/credentials/{id}/challenge: a new one-time code (EMAIL_OTP, SMS_OTP). */
    public Uni<Object> challenge(String credentialId, JsonNode body) {
        UUID id = Ids.uuidOf(IdType.AUTH_METHOD, credentialId, ErrorCode.AUTH_CREDENTIAL_NOT_FOUND);
        if (body != null && !body.isMissingNode() && !body.isNull() && !body.isObject()) {
            throw ApiException.bodyNotAnObject();
        }
        return Panache.withTransaction(() -> find(id).flatMap(credential -> {
            if (AuthCredential.OAUTH.equals(credential.type)) {
                throw ApiException.invalidField("id", null, "OAUTH credentials have no challenge: verify with a fresh OIDC token");
            }
            if (!credential.isOtp()) {
                throw new ApiException(ErrorCode.NOT_IMPLEMENTED, credential.type + " challenges are not available on this server yet");
            }
            return otp.issue(credential).map(method -> (Object) method);
        }));
    }

    /** POST /auth/credentials/{id}/verify: 202 then 200 for one-time codes. */
    public Uni<Object> verify(String credentialId, JsonNode body, SignedRetries.Headers headers) {
        UUID id = Ids.uuidOf(IdType.AUTH_METHOD, credentialId, ErrorCode.AUTH_CREDENTIAL_NOT_FOUND);
        List<FieldError> errors = new ArrayList<>(SchemaValidator.validate(requireObject(body), VERIFY, "").errors());
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return Panache.withSession(() -> find(id)).flatMap(credential -> {
            String type = body.get("type").asText();
            if (!type.equals(credential.type)) {
                throw ApiException.invalidField("type", FieldError.Constraint.oneOf(List.of(credential.type)),
                        "Credential " + credentialId + " is " + credential.type);
            }
            if (!credential.isOtp()) {
                throw new ApiException(ErrorCode.NOT_IMPLEMENTED, type + " verification is not available on this server yet");
            }
            if (headers.firstCall()) {
                return otp.begin(credential, body).map(challenge -> (Object) challenge);
            }
            return Panache.withTransaction(() -> otp.complete(credential, body, headers)).map(session -> (Object) session);
        });
    }

    /** The credential, unless unknown or revoked (404). */
    static Uni<AuthCredential> find(UUID id) {
        return AuthCredential.<AuthCredential>findById(id).map(credential -> {
            if (credential == null || credential.deletedAt != null) {
                throw new ApiException(ErrorCode.AUTH_CREDENTIAL_NOT_FOUND, "Authentication credential "
                        + IdType.AUTH_METHOD.wireId(id) + " not found");
            }
            return credential;
        });
    }

    /** The accountId query parameter of the wallet lists: required, an InternalAccount id. */
    static UUID requireAccountParameter(String accountId) {
        if (accountId == null || accountId.isBlank()) {
            throw ApiException.invalidField("accountId", FieldError.Constraint.idOf(IdType.INTERNAL_ACCOUNT), "Is required");
        }
        if (!Ids.isValid(IdType.INTERNAL_ACCOUNT, accountId)) {
            throw ApiException.invalidField("accountId", FieldError.Constraint.idOf(IdType.INTERNAL_ACCOUNT), "Must be an InternalAccount id");
        }
        return UUID.fromString(accountId.substring(IdType.INTERNAL_ACCOUNT.prefix().length() + 1));
    }

    /** The user id the activity payloads name for a wallet. */
    static String userId(UUID accountId) {
        return "user_" + accountId.toString().replace("-", "");
    }

    private Uni<InternalAccount> wallet(String accountId) {
        return accounts.find(accountId, false).map(account -> {
            if (!InternalAccount.EMBEDDED_WALLET.equals(account.type)) {
                throw ApiException.invalidField("accountId", null, "Internal account " + accountId
                        + " is " + account.type + "; credentials belong to EMBEDDED_WALLET accounts");
            }
            return account;
        });
    }

    /** The wallet's live credentials, locked in id order (so "never the last one" holds under concurrency). */
    private static Uni<List<AuthCredential>> lockedCredentials(UUID accountId) {
        return AuthCredential.<AuthCredential>find("accountId = ?1 and deletedAt is null", Sort.ascending("id"), accountId)
                .withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }

    private Uni<AuthView.AuthMethod> add(InternalAccount wallet, String type, String nickname) {
        Instant now = clock.now();
        AuthCredential credential = new AuthCredential();
        credential.id = Ids.newUuid();
        credential.accountId = wallet.id;
        credential.type = type;
        credential.nickname = nickname;
        credential.createdAt = now;
        credential.updatedAt = now;
        return credential.persist().flatMap(saved -> Panache.getSession().flatMap(session -> session.flush()))
                .flatMap(flushed -> otp.issue(credential));
    }

    private static void requireNoOtpOfType(List<AuthCredential> existing, String type) {
        if (existing.stream().anyMatch(c -> c.type.equals(type))) {
            throw alreadyExists(type);
        }
    }

    private static ApiException alreadyExists(String type) {
        return new ApiException(AuthCredential.EMAIL_OTP.equals(type) ? ErrorCode.EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS
                : ErrorCode.SMS_OTP_CREDENTIAL_ALREADY_EXISTS, "The internal account already has a " + type + " credential");
    }

    /** The holder's address an OTP credential sends to: e-mail or E.164 phone number. */
    private static String contact(String type, Customer holder) {
        String value = holder == null ? null : AuthCredential.EMAIL_OTP.equals(type) ? holder.email : holder.phoneNumber;
        if (value == null || value.isBlank()) {
            throw ApiException.invalidField("type", null, "The wallet's holder has no "
                    + (AuthCredential.EMAIL_OTP.equals(type) ? "email" : "phoneNumber") + " for a " + type + " credential");
        }
        return value;
    }

    private static JsonNode requireObject(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiException.bodyNotAnObject();
        }
        return body;
    }
}
