package payments.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.ExternalAccountService.ExternalAccountResponse;
import payments.account.ExternalAccountService.Owner;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.web.HostedPages;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Ownership verification of FIRST_PARTY self-custody wallets: a WALLET_SIGNATURE challenge is
 * answered with the wallet's signature over the issued message; a LIVENESS challenge is completed on
 * a hosted page (sandbox: pass or fail buttons). Either way the account ends ACTIVE or UNVERIFIED and
 * the platform hears EXTERNAL_ACCOUNT.STATUS_UPDATED.
 */
@ApplicationScoped
public class OwnershipVerification {

    static final Duration CHALLENGE_LIFETIME = Duration.ofMinutes(15);
    public static final String LIVENESS_PATH = "hosted/liveness/";
    private static final List<String> METHODS = List.of(OwnershipChallenge.WALLET_SIGNATURE, OwnershipChallenge.LIVENESS);
    private static final Set<String> OPEN_STATUSES = Set.of(ExternalAccount.PENDING_OWNERSHIP_VERIFICATION,
            ExternalAccount.UNVERIFIED);

    /** The wire's OwnershipChallenge (WalletSignatureChallenge or LivenessChallenge). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ChallengeResponse(String method, String messageToSign, String verificationLink, String expiresAt) {
    }

    /** A verify attempt's result: the account as it now stands, and the refusal when the signature failed. */
    public record Attempt(ExternalAccountResponse account, ApiException refusal) {
    }

    private final ExternalAccountService accounts;
    private final WebhookPublisher webhooks;
    private final JsonText json;
    private final ServerClock clock;
    private final AccountOutcomes outcomes;

    public OwnershipVerification(ExternalAccountService accounts, WebhookPublisher webhooks, JsonText json,
                                 ServerClock clock, AccountOutcomes outcomes) {
        this.accounts = accounts;
        this.webhooks = webhooks;
        this.json = json;
        this.clock = clock;
        this.outcomes = outcomes;
    }

    /** The body of POST .../external-accounts/{id}/challenge: how the holder proves the wallet is theirs. */
    public record ChallengeRequest(String method) {
    }

    /** The body of POST .../external-accounts/{id}/verify: the wallet's signature over the challenge's messageToSign. */
    public record SignatureRequest(String signature) {
    }

    @WithTransaction
    public Uni<ChallengeResponse> challenge(Owner owner, String accountId, JsonBody<ChallengeRequest> body, URI baseUri) {
        String method = body.bound().valid(new FieldError("method", FieldError.Constraint.oneOf(METHODS),
                "Is required: WALLET_SIGNATURE or LIVENESS"),
                request -> request != null && request.method() != null && METHODS.contains(request.method())).method();
        return accounts.find(owner, accountId).flatMap(account -> {
            if (!AccountInfoRules.isWallet(account.accountType) || !"FIRST_PARTY".equals(account.ownershipType)
                    || !OPEN_STATUSES.contains(account.status)) {
                throw new ApiException(ErrorCode.CONFLICT, "Ownership verification does not apply to this account: it must be a "
                        + "FIRST_PARTY self-custody wallet awaiting verification (status is " + account.status + ")");
            }
            checkMethodAvailable(method, account);
            OwnershipChallenge challenge = new OwnershipChallenge();
            challenge.accountId = account.id;
            challenge.method = method;
            challenge.material = OwnershipChallenge.WALLET_SIGNATURE.equals(method)
                    ? "I verify that I control the wallet " + address(account) + ". Nonce: " + HostedPages.newToken(18)
                    : HostedPages.newToken(18);
            challenge.createdAt = clock.now();
            challenge.expiresAt = challenge.createdAt.plus(CHALLENGE_LIFETIME);
            ChallengeResponse response = OwnershipChallenge.WALLET_SIGNATURE.equals(method)
                    ? new ChallengeResponse(method, challenge.material, null, challenge.expiresAt.toString())
                    : new ChallengeResponse(method, null, baseUri.resolve(LIVENESS_PATH + challenge.material).toString(),
                    challenge.expiresAt.toString());
            return OwnershipChallenge.deleteById(account.id)
                    .call(() -> OwnershipChallenge.getSession().flatMap(session -> session.flush()))
                    .call(() -> challenge.persist())
                    .call(() -> moveTo(account, ExternalAccount.PENDING_OWNERSHIP_VERIFICATION))
                    .replaceWith(response);
        });
    }

    @WithTransaction
    public Uni<Attempt> verify(Owner owner, String accountId, JsonBody<SignatureRequest> body) {
        String signature = body.bound().valid(FieldError.of("signature", "Is required: the wallet's signature over messageToSign"),
                request -> request != null && request.signature() != null && !request.signature().isBlank()).signature();
        return accounts.find(owner, accountId).flatMap(account -> OwnershipChallenge.<OwnershipChallenge>findById(account.id)
                .flatMap(challenge -> {
                    if (challenge == null || !OwnershipChallenge.WALLET_SIGNATURE.equals(challenge.method)) {
                        throw new ApiException(ErrorCode.CONFLICT, "No WALLET_SIGNATURE challenge is outstanding for this account; "
                                + "start one with POST .../challenge");
                    }
                    ApiException refusal = null;
                    if (challenge.expiresAt.isBefore(clock.now())) {
                        refusal = new ApiException(ErrorCode.INVALID_INPUT, "The challenge expired; start a new one");
                    } else if (!signatureValid(account, challenge.material, signature)) {
                        refusal = ApiException.invalidField("signature", null,
                                "Not a valid signature of messageToSign by this wallet; start a new challenge to retry");
                    }
                    ApiException outcome = refusal;
                    return challenge.delete()
                            .call(() -> moveTo(account, outcome == null ? ExternalAccount.ACTIVE : ExternalAccount.UNVERIFIED))
                            .map(done -> new Attempt(accounts.toWire(account), outcome));
                }));
    }

    /** The hosted liveness page's challenge, if still open. */
    @WithSession
    public Uni<OwnershipChallenge> livenessChallenge(String token) {
        return openLiveness(token);
    }

    /** The sandbox liveness page's verdict. */
    @WithTransaction
    public Uni<ExternalAccountResponse> completeLiveness(String token, boolean passed) {
        return openLiveness(token).flatMap(challenge -> ExternalAccount.<ExternalAccount>findById(challenge.accountId)
                .flatMap(account -> challenge.delete()
                        .call(() -> moveTo(account, passed ? ExternalAccount.ACTIVE : ExternalAccount.UNVERIFIED))
                        .map(done -> accounts.toWire(account))));
    }

    private Uni<OwnershipChallenge> openLiveness(String token) {
        return OwnershipChallenge.<OwnershipChallenge>find("material = ?1 and method = ?2", token, OwnershipChallenge.LIVENESS)
                .firstResult().map(challenge -> {
                    if (challenge == null) {
                        throw new ApiException(ErrorCode.NOT_FOUND, "This verification link does not exist or was replaced");
                    }
                    if (challenge.expiresAt.isBefore(clock.now())) {
                        throw new ApiException(ErrorCode.LINK_EXPIRED, "This verification link has expired; ask for a new one");
                    }
                    return challenge;
                });
    }

    private void checkMethodAvailable(String method, ExternalAccount account) {
        if (OwnershipChallenge.LIVENESS.equals(method) && !outcomes.livenessAvailable()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No liveness provider is configured on this server; use WALLET_SIGNATURE");
        }
        if (OwnershipChallenge.WALLET_SIGNATURE.equals(method) && outcomes.signatureForAnyWallet().isEmpty()
                && !WalletSignatures.supports(account.accountType)) {
            throw ApiException.invalidField("method", null, "Signatures of " + account.accountType
                    + " wallets cannot be checked by this server; use LIVENESS");
        }
    }

    private boolean signatureValid(ExternalAccount account, String message, String signature) {
        return outcomes.signatureForAnyWallet().filter(signature::equals).isPresent()
                || WalletSignatures.verify(account.accountType, address(account), message, signature);
    }

    private Uni<Void> moveTo(ExternalAccount account, String status) {
        if (status.equals(account.status)) {
            return Uni.createFrom().voidItem();
        }
        account.status = status;
        account.updatedAt = clock.now();
        return webhooks.publish(EventType.EXTERNAL_ACCOUNT_STATUS_UPDATED, accounts.toWire(account)).replaceWithVoid();
    }

    private String address(ExternalAccount account) {
        return json.read(account.accountInfo).path("address").asText("");
    }
}
