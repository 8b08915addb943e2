package payments.stablecoin;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldRules;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.UniqueViolation;
import payments.common.security.SecretsAtRest;
import payments.stablecoin.StablecoinRecords.ProviderAccountStatus;
import payments.stablecoin.StablecoinRecords.StablecoinProviderAccountLinkRequest;
import payments.stablecoin.StablecoinRecords.StablecoinProviderAccountResponse;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The platform's links to stablecoin provider accounts: linked once the provider accepts the
 * credentials (kept sealed at rest, never answered), and the one rule every stablecoin operation
 * goes through before it reaches the provider: the link must still be ACTIVE.
 */
@ApplicationScoped
public class StablecoinProviderAccounts {

    static final ErrorCode NOT_FOUND = ErrorCode.STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND;

    private final StablecoinProvider provider;
    private final RequestValidator validator;
    private final SecretsAtRest secrets;
    private final ServerClock clock;

    public StablecoinProviderAccounts(StablecoinProvider provider, RequestValidator validator, SecretsAtRest secrets, ServerClock clock) {
        this.provider = provider;
        this.validator = validator;
        this.secrets = secrets;
        this.clock = clock;
    }

    @WithTransaction
    public Uni<StablecoinProviderAccountResponse> link(JsonBodies.Bound<StablecoinProviderAccountLinkRequest> body) {
        StablecoinProviderAccountLinkRequest request = validator.validate(body, List.of());
        List<String> reachable = provider.accountsFor(request.apiClientId(), request.apiClientSecret());
        if (reachable.isEmpty()) {
            throw new ApiException(ErrorCode.STABLECOIN_PROVIDER_ACCOUNT_INVALID, "The provider refused these API credentials");
        }
        String chosen = request.providerAccountId();
        if (chosen == null && reachable.size() > 1) {
            throw ApiException.invalidField("providerAccountId", null,
                    "These credentials reach " + reachable.size() + " provider accounts; name one of " + String.join(", ", reachable));
        }
        if (chosen != null && !reachable.contains(chosen)) {
            throw ApiException.invalidField("providerAccountId", null, "These credentials do not reach provider account " + chosen);
        }
        Instant now = clock.now();
        StablecoinProviderAccount account = new StablecoinProviderAccount();
        account.id = Ids.newUuid();
        account.provider = request.provider();
        account.providerAccountId = chosen == null ? reachable.get(0) : chosen;
        account.providerEnvironment = provider.environment();
        account.status = StablecoinProviderAccount.ACTIVE;
        account.apiClientId = request.apiClientId();
        account.apiClientSecret = secrets.seal(account.sealName(), request.apiClientSecret());
        account.lastVerifiedAt = now;
        account.createdAt = now;
        account.updatedAt = now;
        return account.<StablecoinProviderAccount>persistAndFlush()
                .onFailure(failure -> UniqueViolation.is(failure, "stablecoin_provider_accounts_live"))
                .transform(failure -> new ApiException(ErrorCode.CONFLICT,
                        "Provider account " + account.providerAccountId + " is already linked; revoked links may be linked again"))
                .map(StablecoinProviderAccounts::toWire);
    }

    @WithSession
    public Uni<Page<StablecoinProviderAccountResponse>> list(String providerName, String status, String limit, String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        QueryFilters filters = new QueryFilters()
                .oneOf("provider", "provider", providerName, StablecoinRecords.Provider.class)
                .oneOf("status", "status", status, ProviderAccountStatus.class)
                .page("id", page);
        return Page.fetch(StablecoinProviderAccount.<StablecoinProviderAccount>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> StablecoinProviderAccount.count(filters.countClause(), filters.countParams()), page,
                a -> a.id.toString(), StablecoinProviderAccounts::toWire);
    }

    @WithSession
    public Uni<StablecoinProviderAccountResponse> get(String id) {
        return find(id).map(StablecoinProviderAccounts::toWire);
    }

    /** The link a new stablecoin registers against: the one named, or the only active one. */
    Uni<StablecoinProviderAccount> chosenForRegistration(String id) {
        if (id != null) {
            return find(id).map(StablecoinProviderAccounts::requireUsable);
        }
        return StablecoinProviderAccount.<StablecoinProviderAccount>list("status", StablecoinProviderAccount.ACTIVE).map(active -> {
            if (active.isEmpty()) {
                throw new ApiException(NOT_FOUND, "No active stablecoin provider account is linked: link one with POST /stablecoin-provider-accounts");
            }
            if (active.size() > 1) {
                throw new ApiException(ErrorCode.STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED,
                        active.size() + " provider accounts are linked: pass stablecoinProviderAccountId");
            }
            return active.get(0);
        });
    }

    /** The link an operation goes through, still usable. */
    Uni<StablecoinProviderAccount> usable(UUID id) {
        return StablecoinProviderAccount.<StablecoinProviderAccount>findById(id).map(StablecoinProviderAccounts::requireUsable);
    }

    /** Sandbox: the provider revokes the link or stops accepting its credentials, or accepts them again. */
    @WithTransaction
    public Uni<StablecoinProviderAccountResponse> setStatus(String id, String status) {
        FieldRules.requireOneOf("status", status, ProviderAccountStatus.class);
        return find(id).map(account -> {
            account.status = status;
            account.updatedAt = clock.now();
            return toWire(account);
        });
    }

    private static StablecoinProviderAccount requireUsable(StablecoinProviderAccount account) {
        if (StablecoinProviderAccount.REVOKED.equals(account.status)) {
            throw new ApiException(ErrorCode.STABLECOIN_PROVIDER_ACCOUNT_REVOKED, "The provider account link " + account.wireId() + " was revoked");
        }
        if (StablecoinProviderAccount.INVALID.equals(account.status)) {
            throw new ApiException(ErrorCode.STABLECOIN_PROVIDER_ACCOUNT_INVALID,
                    "The provider no longer accepts the credentials of link " + account.wireId() + ": link the account again");
        }
        return account;
    }

    private static Uni<StablecoinProviderAccount> find(String id) {
        return Ids.find(IdType.STABLECOIN_PROVIDER_ACCOUNT, id, NOT_FOUND, "Stablecoin provider account",
                uuid -> StablecoinProviderAccount.<StablecoinProviderAccount>findById(uuid));
    }

    static StablecoinProviderAccountResponse toWire(StablecoinProviderAccount account) {
        return new StablecoinProviderAccountResponse(account.wireId(), account.provider, account.providerAccountId,
                account.providerEnvironment, account.status, account.lastVerifiedAt == null ? null : account.lastVerifiedAt.toString(),
                account.createdAt.toString(), account.updatedAt.toString());
    }
}
