package payments.card;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.InternalAccount;
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
import payments.common.security.SecretsAtRest;
import payments.common.security.ServiceKeys;
import payments.wallet.P256;
import payments.wallet.SignedRetries;
import payments.wallet.WalletAudit;
import payments.wallet.WalletEnclave;

import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Delegated keys: the wallet's owner lets the service sign a card's funding from the wallet with a
 * key the service makes and holds. Creation is three calls with the same body: the first makes the
 * key (202), the owner's stamp creates its signer (202, PENDING), a second stamp grants its policy
 * (201, ACTIVE). One ACTIVE key per card funding source; revoking needs no signature.
 */
@ApplicationScoped
public class DelegatedKeys {

    static final String OPERATION = "DELEGATED_KEY";

    private static final JsonSchema CREATE = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["cardId", "internalAccountId", "nickname"], "properties": {
              "cardId": {"type": "string"}, "internalAccountId": {"type": "string"},
              "nickname": {"type": "string", "minLength": 1, "maxLength": 256}}}"""));

    private final SignedRetries retries;
    private final WalletEnclave enclave;
    private final WalletAudit audit;
    private final SecretsAtRest secrets;
    private final ServerClock clock;
    private final CardIssuer issuer;

    public DelegatedKeys(SignedRetries retries, WalletEnclave enclave, WalletAudit audit, SecretsAtRest secrets, ServerClock clock,
                         CardIssuer issuer) {
        this.retries = retries;
        this.enclave = enclave;
        this.audit = audit;
        this.secrets = secrets;
        this.clock = clock;
        this.issuer = issuer;
    }

    /** The wire shape. */
    public record DelegatedKeyResponse(String id, String cardId, String fundingSourceId, String accountId, String publicKey,
                                       String nickname, String status, Instant createdAt, Instant updatedAt) {
        static DelegatedKeyResponse of(DelegatedKey key) {
            return new DelegatedKeyResponse(IdType.DELEGATED_KEY.wireId(key.id), IdType.CARD.wireId(key.cardId),
                    DelegatedKeys.fundingSourceId(key.cardId), IdType.INTERNAL_ACCOUNT.wireId(key.accountId), key.publicKey, key.nickname,
                    key.status, key.createdAt, key.updatedAt);
        }
    }

    /** A card has one funding source; its id names the card's binding to its funding account. */
    static String fundingSourceId(UUID cardId) {
        return IdType.CARD_FUNDING_SOURCE.wireId(cardId);
    }

    /** Whether the card has an ACTIVE key (one per card funding source). */
    static Uni<Boolean> hasActiveKey(UUID cardId) {
        return DelegatedKey.count("cardId = ?1 and status = ?2", cardId, DelegatedKey.ACTIVE).map(count -> count > 0);
    }

    /**
     * Whether an ACTIVE key lets {@code cardId} draw on the embedded wallet {@code accountId} now:
     * the key must name both. Read under a share lock, so a revocation committing meanwhile is
     * seen (the pull waits for it and then finds the key REVOKED).
     */
    static Uni<Boolean> authorizesPull(UUID cardId, UUID accountId) {
        return DelegatedKey.<DelegatedKey>find("cardId = ?1 and accountId = ?2 and status = ?3", cardId, accountId, DelegatedKey.ACTIVE)
                .withLock(LockModeType.PESSIMISTIC_READ).list().map(keys -> !keys.isEmpty());
    }

    /** POST /auth/delegated-keys: a 202 challenge (first two legs) or the ACTIVE key (third). */
    public Uni<Object> create(JsonBody<DelegatedKeyCreateRequest> body, SignedRetries.Headers headers) {
        requireIssuer();
        DelegatedKeyCreateRequest request = body.checked(CREATE).valid((given, errors) -> {
            FieldError.checkId("cardId", IdType.CARD, given.cardId(), errors);
            FieldError.checkId("internalAccountId", IdType.INTERNAL_ACCOUNT, given.internalAccountId(), errors);
            String name = given.nickname() == null ? null : given.nickname().strip();
            if (name != null && (name.isEmpty() || !printable(name))) {
                errors.add(FieldError.of("nickname", "Must hold 1 to 256 printable characters (no control or bidirectional-override characters)"));
            }
        });
        String cardId = request.cardId();
        String accountId = request.internalAccountId();
        String nickname = request.nickname() == null ? null : request.nickname().strip();
        return Panache.withTransaction(() -> fundingSource(cardId, accountId).flatMap(card -> {
            SignedRetries.Ask ask = SignedRetries.Ask.of(card.fundingAccountId, OPERATION, card.id, body.tree());
            if (headers.firstCall()) {
                return requireNoActiveKey(card.id).flatMap(ignored -> propose(card, nickname, ask));
            }
            return retries.consume(ask, headers).flatMap(signed -> DelegatedKey.<DelegatedKey>find("nextRequestId", signed.request().id)
                    .firstResult().flatMap(key -> {
                        if (key == null || DelegatedKey.REVOKED.equals(key.status)) {
                            throw ApiException.unauthorized("The " + SignedRetries.REQUEST_ID_HEADER + " names no pending delegated-key step");
                        }
                        return advance(key, ask, signed);
                    }));
        })).onFailure(failure -> UniqueViolation.is(failure, "delegated_keys_one_active")).transform(failure -> activeExists(cardId));
    }

    /** The body of POST /auth/delegated-keys (DelegatedKeyCreateRequest). */
    public record DelegatedKeyCreateRequest(String cardId, String internalAccountId, String nickname) {
    }

    /** No control characters and no invisible formatting (bidi overrides, zero-width): a signing device shows the name as it is. */
    static boolean printable(String text) {
        return text.codePoints().noneMatch(c -> Character.getType(c) == Character.CONTROL || Character.getType(c) == Character.FORMAT);
    }

    /** GET /auth/delegated-keys: by account, funding source or both (one at least); PENDING and REVOKED included. */
    public Uni<Map<String, List<DelegatedKeyResponse>>> list(String accountId, String fundingSourceId) {
        requireIssuer();
        List<FieldError> errors = new ArrayList<>();
        if (accountId == null && fundingSourceId == null) {
            errors.add(FieldError.of("accountId", "accountId or fundingSourceId is required"));
        }
        if (accountId != null) {
            FieldError.checkId("accountId", IdType.INTERNAL_ACCOUNT, accountId, errors);
        }
        if (fundingSourceId != null) {
            FieldError.checkId("fundingSourceId", IdType.CARD_FUNDING_SOURCE, fundingSourceId, errors);
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        StringBuilder query = new StringBuilder("status <> '" + DelegatedKey.PROPOSED + "'");
        List<Object> parameters = new ArrayList<>();
        if (accountId != null) {
            parameters.add(Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND));
            query.append(" and accountId = ?").append(parameters.size());
        }
        if (fundingSourceId != null) {
            parameters.add(Ids.uuidOf(IdType.CARD_FUNDING_SOURCE, fundingSourceId, ErrorCode.CARD_NOT_FOUND));
            query.append(" and cardId = ?").append(parameters.size());
        }
        return Panache.withSession(() -> DelegatedKey.<DelegatedKey>find(query.toString(), Sort.ascending("createdAt", "id"),
                        parameters.toArray()).list())
                .map(keys -> Map.of("data", keys.stream().map(DelegatedKeyResponse::of).toList()));
    }

    public Uni<DelegatedKeyResponse> get(String id) {
        requireIssuer();
        return Panache.withSession(() -> find(id)).map(DelegatedKeyResponse::of);
    }

    /** DELETE: an ACTIVE key becomes REVOKED (400 for any other status). */
    public Uni<Void> revoke(String id) {
        requireIssuer();
        return Panache.withTransaction(() -> find(id).flatMap(key -> {
            if (!DelegatedKey.ACTIVE.equals(key.status)) {
                throw ApiException.invalidField("id", null, "Delegated key " + id + " is " + key.status + "; only an ACTIVE key can be revoked");
            }
            key.status = DelegatedKey.REVOKED;
            key.updatedAt = clock.now();
            return audit.record(key.accountId, WalletAudit.DELEGATED_KEY_REVOKED, key.id, null);
        }));
    }

    private Uni<Object> propose(Card card, String nickname, SignedRetries.Ask ask) {
        KeyPair pair = ServiceKeys.generate();
        Instant now = clock.now();
        DelegatedKey key = new DelegatedKey();
        key.id = Ids.newUuid();
        key.cardId = card.id;
        key.accountId = card.fundingAccountId;
        key.publicKey = P256.compressedHex((ECPublicKey) pair.getPublic());
        key.privateKey = secrets.seal(sealName(key), ((ECPrivateKey) pair.getPrivate()).getS().toString(16));
        key.nickname = nickname;
        key.status = DelegatedKey.PROPOSED;
        key.createdAt = now;
        key.updatedAt = now;
        String payload = enclave.activity("ACTIVITY_TYPE_CREATE_USERS", Map.of("users", List.of(Map.of(
                "userName", "delegated-" + key.id, "apiKeys", List.of(Map.of("apiKeyName", nickname, "publicKey", key.publicKey))))), now);
        return retries.issue(ask, payload, null, null).flatMap(challenge -> {
            key.nextRequestId = requestUuid(challenge);
            return key.persist().replaceWith((Object) challenge);
        });
    }

    /** The second leg creates the signer (PENDING) and asks for the policy; the third grants it (ACTIVE). */
    private Uni<Object> advance(DelegatedKey key, SignedRetries.Ask ask, SignedRetries.Signed signed) {
        Instant now = clock.now();
        key.updatedAt = now;
        if (DelegatedKey.PROPOSED.equals(key.status)) {
            key.status = DelegatedKey.PENDING;
            String payload = enclave.activity("ACTIVITY_TYPE_CREATE_POLICIES", Map.of("policies", List.of(Map.of(
                    "policyName", "card-funding-" + key.cardId, "effect", "EFFECT_ALLOW",
                    "consensus", "approvers.any(user, user.id == 'delegated-" + key.id + "')"))), now);
            return audit.record(key.accountId, WalletAudit.DELEGATED_KEY_CREATED, key.id, signed.session())
                    .flatMap(ignored -> retries.issue(ask, payload, null, null))
                    .map(challenge -> {
                        key.nextRequestId = requestUuid(challenge);
                        return (Object) challenge;
                    });
        }
        return requireNoActiveKey(key.cardId)
                .invoke(() -> {
                    key.status = DelegatedKey.ACTIVE;
                    key.nextRequestId = null;
                })
                .flatMap(ignored -> audit.record(key.accountId, WalletAudit.DELEGATED_KEY_ACTIVATED, key.id, signed.session()))
                .map(ignored -> (Object) DelegatedKeyResponse.of(key));
    }

    /** The card and its funding account, which must be the given EMBEDDED_WALLET (404 otherwise). */
    private static Uni<Card> fundingSource(String cardId, String accountId) {
        return CardService.find(cardId, true).flatMap(card -> InternalAccount.<InternalAccount>findById(
                        Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND))
                .map(account -> {
                    if (account == null || !account.id.equals(card.fundingAccountId) || !InternalAccount.EMBEDDED_WALLET.equals(account.type)) {
                        throw new ApiException(ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND, "Card " + cardId + " has no embedded-wallet funding source "
                                + accountId);
                    }
                    return card;
                }));
    }

    private static Uni<Void> requireNoActiveKey(UUID cardId) {
        return hasActiveKey(cardId).map(active -> {
            if (active) {
                throw activeExists(IdType.CARD.wireId(cardId));
            }
            return null;
        });
    }

    private static ApiException activeExists(String cardId) {
        return new ApiException(ErrorCode.CONFLICT, "Card " + cardId + " already has an ACTIVE delegated key; revoke it first");
    }

    private static Uni<DelegatedKey> find(String id) {
        return Ids.find(IdType.DELEGATED_KEY, id, ErrorCode.DELEGATED_KEY_NOT_FOUND, "Delegated key", uuid -> DelegatedKey.<DelegatedKey>findById(uuid)
                .map(key -> key == null || DelegatedKey.PROPOSED.equals(key.status) ? null : key));
    }

    private static UUID requestUuid(SignedRetries.Challenge challenge) {
        return Ids.uuidOf(IdType.REQUEST, challenge.requestId(), ErrorCode.UNAUTHORIZED);
    }

    private static String sealName(DelegatedKey key) {
        return "delegated-key:" + key.id;
    }

    private void requireIssuer() {
        if (!issuer.available()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No card issuer is connected: there are no cards to delegate keys for");
        }
    }
}
