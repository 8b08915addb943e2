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
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.UniqueViolation;
import payments.common.schema.JsonSchema;
import payments.customer.Customer;

import java.time.Instant;
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

    /**
     * The body of POST /auth/credentials: its type's fields (the schema says which); a passkey's
     * attestation is the device's registration, as it produced it.
     */
    public record CredentialCreateRequest(String type, String accountId, String oidcToken, String nickname, String challenge,
                                          JsonNode attestation) {
    }

    /** The body of POST /auth/credentials/{id}/verify: its type's fields; a passkey's assertion as the device produced it. */
    public record CredentialVerifyRequest(String type, String encryptedOtpBundle, String oidcToken, String clientPublicKey,
                                          JsonNode assertion) {
    }

    private final InternalAccountService accounts;
    private final ServerClock clock;
    private final OtpLogin otp;
    private final SignedRetries retries;
    private final WalletEnclave enclave;
    private final OauthLogin oauth;
    private final PasskeyLogin passkey;
    private final Passkeys passkeys;
    private final WalletAudit audit;

    public AuthCredentials(InternalAccountService accounts, ServerClock clock, OtpLogin otp, SignedRetries retries,
                           WalletEnclave enclave, OauthLogin oauth, PasskeyLogin passkey, Passkeys passkeys, WalletAudit audit) {
        this.audit = audit;
        this.oauth = oauth;
        this.passkey = passkey;
        this.passkeys = passkeys;
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

    /**
     * POST /auth/credentials through the signed retry: EMAIL_OTP or SMS_OTP bound to the holder's
     * contact, OAUTH bound to a token's identity. A wallet without any credential takes its first one
     * unsigned. A one-time-code type this server sends no codes for is 501 before the owner signs.
     */
    public Uni<Created> create(JsonBody<CredentialCreateRequest> body, SignedRetries.Headers headers) {
        CredentialCreateRequest request = body.checked(CREATE).valid((given, errors) ->
                FieldError.checkId("accountId", IdType.INTERNAL_ACCOUNT, given.accountId(), errors));
        String accountId = request.accountId();
        String type = request.type();
        // Checked on every call: a wallet's first credential is stored without a signed retry.
        Uni<OidcTokens.Identity> checked = AuthCredential.OAUTH.equals(type)
                ? oauth.registration(request.oidcToken()) : Uni.createFrom().nullItem();
        return checked.flatMap(identity -> Panache.withTransaction(() -> wallet(accountId)
                        .flatMap(wallet -> Customer.<Customer>findById(wallet.customerId)
                        .flatMap(holder -> lockedCredentials(wallet.id).flatMap(existing -> {
                            Draft draft = draft(request, wallet, holder, identity);
                            requireNew(existing, draft.credential());
                            if (draft.credential().isOtp()) {
                                otp.requireSender(type);
                            }
                            SignedRetries.Ask ask = SignedRetries.Ask.of(wallet.id, ADD, null, body.tree());
                            if (existing.isEmpty()) {
                                return add(draft.credential(), null).map(created -> new Created(created, null));
                            }
                            if (headers.firstCall()) {
                                Map<String, Object> parameters = new java.util.HashMap<>(draft.parameters());
                                parameters.put("userId", userId(wallet.id));
                                return retries.issue(ask, enclave.activity(draft.activity(), parameters, clock.now()), null, null)
                                        .map(challenge -> new Created(null, AuthView.CredentialChallenge.of(type, challenge)));
                            }
                            return retries.consume(ask, headers).flatMap(signed -> add(draft.credential(), signed.session()))
                                    .map(created -> new Created(created, null));
                        })))))
                .onFailure(failure -> UniqueViolation.constraintOf(failure).filter(c -> c.startsWith("auth_credentials_one_")).isPresent())
                .transform(failure -> alreadyExists(type))
                .onFailure(failure -> UniqueViolation.is(failure, "auth_credentials_passkey_challenge_hash_key"))
                .transform(failure -> ApiException.invalidField("challenge", null, "This registration challenge was already used"));
    }

    /** The credential a create body asks for, and the activity its owner signs for it. */
    private record Draft(AuthCredential credential, String activity, Map<String, Object> parameters) {
    }

    private Draft draft(CredentialCreateRequest request, InternalAccount wallet, Customer holder, OidcTokens.Identity identity) {
        String type = request.type();
        Instant now = clock.now();
        AuthCredential credential = new AuthCredential();
        credential.id = Ids.newUuid();
        credential.accountId = wallet.id;
        credential.type = type;
        credential.createdAt = now;
        credential.updatedAt = now;
        switch (type) {
            case AuthCredential.EMAIL_OTP -> {
                credential.nickname = contact(type, holder);
                return new Draft(credential, "ACTIVITY_TYPE_UPDATE_USER_EMAIL", Map.of("userEmail", credential.nickname));
            }
            case AuthCredential.SMS_OTP -> {
                credential.nickname = contact(type, holder);
                return new Draft(credential, "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER", Map.of("userPhoneNumber", credential.nickname));
            }
            case AuthCredential.PASSKEY -> {
                String challenge = request.challenge();
                JsonNode attestation = request.attestation();
                Passkeys.Registered registered = passkeys.register(attestation, challenge);
                credential.nickname = passkeyNickname(request.nickname());
                credential.passkeyCredentialId = registered.credentialId();
                credential.passkeyCredentialData = registered.credentialData();
                credential.passkeySignCount = registered.signCount();
                credential.passkeyChallengeHash = payments.common.Sha256.hex(challenge);
                List<String> transports = payments.common.JsonText.texts(attestation.path("transports"));
                credential.passkeyTransports = transports.isEmpty() ? null : String.join(",", transports);
                Map<String, Object> signed = Map.of("attestationObject", attestation.path("attestationObject").asText(),
                        "clientDataJson", attestation.path("clientDataJson").asText(), "credentialId", registered.credentialId());
                return new Draft(credential, "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", Map.of("authenticators", List.of(Map.of(
                        "attestation", signed, "authenticatorName", credential.nickname, "challenge", challenge,
                        "transports", transports))));
            }
            default -> {
                // OAUTH: the token was checked on this call (create).
                credential.oauthIssuer = identity.issuer();
                credential.oauthAudience = identity.audience();
                credential.oauthSubject = identity.subject();
                credential.nickname = identity.email() != null ? identity.email() : identity.subject();
                return new Draft(credential, "ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS", Map.of("oauthProviders",
                        List.of(Map.of("oidcToken", request.oidcToken(), "providerName", providerName(identity.issuer())))));
            }
        }
    }

    /** 1-100 characters after trimming: letters, digits, spaces, and . _ - ' ( ). */
    private static String passkeyNickname(String nickname) {
        String trimmed = nickname.strip();
        if (trimmed.isEmpty() || trimmed.length() > 100 || !trimmed.matches("[\\p{L}\\p{N} ._'()-]+")) {
            throw ApiException.invalidField("nickname", FieldError.Constraint.length(1, 100),
                    "1-100 letters, digits, spaces, periods, underscores, hyphens, apostrophes or parentheses");
        }
        return trimmed;
    }

    private static String providerName(String issuer) {
        return issuer.contains("google") ? "Google" : issuer.contains("apple") ? "Apple" : issuer;
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
                        .call(() -> audit.record(credential.accountId, WalletAudit.CREDENTIAL_REVOKED, credential.id, signed.session()))
                        .replaceWith((AuthView.CredentialChallenge) null);
            });
        })));
    }

    /** POST /auth/credentials/{id}/challenge: a new one-time code (EMAIL_OTP, SMS_OTP). */
    public Uni<Object> challenge(String credentialId, JsonBody<ClientKeyRequest> body) {
        UUID id = Ids.uuidOf(IdType.AUTH_METHOD, credentialId, ErrorCode.AUTH_CREDENTIAL_NOT_FOUND);
        // Checked whatever the credential: a key given but malformed is an error, never silently unused.
        FieldError malformed = new FieldError("clientPublicKey", FieldError.Constraint.pattern(P256.KEY_PATTERN),
                "Must be a P-256 key in SEC1 hex, compressed or uncompressed");
        ClientKeyRequest given = body.bound().valid(malformed,
                request -> request == null || request.clientPublicKey() == null || P256.isValidKey(request.clientPublicKey()));
        String clientPublicKey = given == null ? null : given.clientPublicKey();
        return Panache.withTransaction(() -> find(id).flatMap(credential -> {
            if (AuthCredential.OAUTH.equals(credential.type)) {
                throw ApiException.invalidField("id", null, "OAUTH credentials have no challenge: verify with a fresh OIDC token");
            }
            if (AuthCredential.PASSKEY.equals(credential.type)) {
                return passkey.challenge(credential, clientPublicKey).map(challenge -> (Object) challenge);
            }
            return otp.issue(credential).map(method -> (Object) method);
        }));
    }

    /** POST /auth/credentials/{id}/verify: 202 then 200 for one-time codes. */
    public Uni<Object> verify(String credentialId, JsonBody<CredentialVerifyRequest> body, SignedRetries.Headers headers) {
        UUID id = Ids.uuidOf(IdType.AUTH_METHOD, credentialId, ErrorCode.AUTH_CREDENTIAL_NOT_FOUND);
        CredentialVerifyRequest request = body.checked(VERIFY).valid();
        return Panache.withSession(() -> find(id)).flatMap(credential -> {
            String type = request.type();
            if (!type.equals(credential.type)) {
                throw ApiException.invalidField("type", FieldError.Constraint.oneOf(List.of(credential.type)),
                        "Credential " + credentialId + " is " + credential.type);
            }
            if (AuthCredential.OAUTH.equals(type)) {
                return oauth.verify(credential, request.oidcToken(), request.clientPublicKey()).map(session -> (Object) session);
            }
            if (AuthCredential.PASSKEY.equals(type)) {
                return Panache.withTransaction(() -> AuthCredential.<AuthCredential>findById(credential.id, LockModeType.PESSIMISTIC_WRITE)
                        .flatMap(locked -> passkey.verify(locked, request.assertion(), headers.requestId()))).map(session -> (Object) session);
            }
            if (headers.firstCall()) {
                return otp.begin(credential, request.encryptedOtpBundle(), body.tree()).map(challenge -> (Object) challenge);
            }
            return Panache.withTransaction(() -> otp.complete(credential, body.tree(), headers));
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
        return Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND);
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

    private Uni<AuthView.AuthMethod> add(AuthCredential credential, AuthSession signer) {
        return credential.persist().flatMap(saved -> Panache.getSession().flatMap(session -> session.flush()))
                .call(() -> audit.record(credential.accountId, WalletAudit.CREDENTIAL_ADDED, credential.id, signer))
                .flatMap(flushed -> credential.isOtp() ? otp.issue(credential) : Uni.createFrom().item(AuthView.method(credential, null)));
    }

    /** One EMAIL_OTP and one SMS_OTP per wallet, one OAUTH per identity. */
    private static void requireNew(List<AuthCredential> existing, AuthCredential wanted) {
        for (AuthCredential credential : existing) {
            if (credential.isOtp() && credential.type.equals(wanted.type)) {
                throw alreadyExists(wanted.type);
            }
            if (AuthCredential.PASSKEY.equals(wanted.type) && wanted.passkeyCredentialId.equals(credential.passkeyCredentialId)) {
                throw alreadyExists(wanted.type);
            }
            if (AuthCredential.OAUTH.equals(wanted.type) && AuthCredential.OAUTH.equals(credential.type)
                    && credential.oauthIssuer.equals(wanted.oauthIssuer) && credential.oauthAudience.equals(wanted.oauthAudience)
                    && credential.oauthSubject.equals(wanted.oauthSubject)) {
                throw alreadyExists(wanted.type);
            }
        }
    }

    private static ApiException alreadyExists(String type) {
        return switch (type) {
            case AuthCredential.EMAIL_OTP -> new ApiException(ErrorCode.EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS,
                    "The internal account already has an EMAIL_OTP credential");
            case AuthCredential.SMS_OTP -> new ApiException(ErrorCode.SMS_OTP_CREDENTIAL_ALREADY_EXISTS,
                    "The internal account already has an SMS_OTP credential");
            case AuthCredential.PASSKEY -> new ApiException(ErrorCode.PASSKEY_CREDENTIAL_ALREADY_EXISTS,
                    "A passkey with this credentialId is already registered on the internal account");
            default -> ApiException.invalidField("oidcToken", null, "This OAuth identity (iss, aud, sub) is already registered on the internal account");
        };
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

}
