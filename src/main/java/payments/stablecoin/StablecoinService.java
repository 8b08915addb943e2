package payments.stablecoin;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.RequestValidator;
import payments.common.ServerClock;
import payments.common.UniqueViolation;
import payments.stablecoin.StablecoinRecords.StablecoinRegisterRequest;
import payments.stablecoin.StablecoinRecords.StablecoinResponse;

import java.time.Instant;
import java.util.List;

/** Stablecoins registered here: tokens a provider already created, linked with the metadata the provider reports. */
@ApplicationScoped
public class StablecoinService {

    static final ErrorCode NOT_FOUND = ErrorCode.STABLECOIN_NOT_FOUND;

    private final StablecoinProvider provider;
    private final StablecoinProviderAccounts providerAccounts;
    private final RequestValidator validator;
    private final ServerClock clock;

    public StablecoinService(StablecoinProvider provider, StablecoinProviderAccounts providerAccounts, RequestValidator validator,
                             ServerClock clock) {
        this.provider = provider;
        this.providerAccounts = providerAccounts;
        this.validator = validator;
        this.clock = clock;
    }

    @WithTransaction
    public Uni<StablecoinResponse> register(JsonBodies.Bound<StablecoinRegisterRequest> body) {
        StablecoinRegisterRequest request = validator.validate(body, List.of());
        return providerAccounts.chosenForRegistration(request.stablecoinProviderAccountId()).flatMap(link -> {
            StablecoinProvider.Token token = provider.token(link.providerAccountId, request.providerTokenIdentifier())
                    .orElseThrow(() -> ApiException.invalidField("providerTokenIdentifier", null,
                            "Provider account " + link.providerAccountId + " has no token " + request.providerTokenIdentifier()));
            Instant now = clock.now();
            Stablecoin coin = new Stablecoin();
            coin.id = Ids.newUuid();
            coin.name = token.name();
            coin.symbol = token.symbol();
            coin.baseCurrency = token.baseCurrency();
            coin.network = request.network();
            coin.decimals = token.decimals();
            coin.issuanceStatus = token.issuanceStatus();
            // Enabling a stablecoin as a currency of internal accounts is a review outside this API.
            coin.gridOperationsStatus = Stablecoin.NOT_ENABLED;
            coin.networkTokenIdentifier = request.networkTokenIdentifier();
            coin.provider = link.provider;
            coin.providerAccountId = link.id;
            coin.providerEnvironment = link.providerEnvironment;
            coin.providerTokenIdentifier = request.providerTokenIdentifier();
            coin.createdAt = now;
            coin.updatedAt = now;
            return coin.<Stablecoin>persistAndFlush()
                    .onFailure(failure -> UniqueViolation.is(failure, "stablecoins_token"))
                    .transform(failure -> new ApiException(ErrorCode.CONFLICT, "Token " + request.providerTokenIdentifier()
                            + " is already registered for provider account " + link.wireId()))
                    .map(StablecoinService::toWire);
        });
    }

    @WithSession
    public Uni<Page<StablecoinResponse>> list(String issuanceStatus, String gridOperationsStatus, String providerName, String limit,
                                              String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        QueryFilters filters = new QueryFilters()
                .oneOf("issuanceStatus", "issuanceStatus", issuanceStatus, StablecoinRecords.IssuanceStatus.class)
                .oneOf("gridOperationsStatus", "gridOperationsStatus", gridOperationsStatus, StablecoinRecords.GridOperationsStatus.class)
                .oneOf("provider", "provider", providerName, StablecoinRecords.Provider.class)
                .page("id", page);
        return Page.fetch(Stablecoin.<Stablecoin>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> Stablecoin.count(filters.countClause(), filters.countParams()), page, c -> c.id.toString(), StablecoinService::toWire);
    }

    @WithSession
    public Uni<StablecoinResponse> get(String id) {
        return find(id).map(StablecoinService::toWire);
    }

    static Uni<Stablecoin> find(String id) {
        return find(id, false);
    }

    static Uni<Stablecoin> find(String id, boolean forUpdate) {
        return Ids.find(IdType.STABLECOIN, id, NOT_FOUND, "Stablecoin", uuid -> forUpdate
                ? Stablecoin.<Stablecoin>findById(uuid, LockModeType.PESSIMISTIC_WRITE) : Stablecoin.<Stablecoin>findById(uuid));
    }

    static StablecoinResponse toWire(Stablecoin coin) {
        return new StablecoinResponse(coin.wireId(), coin.name, coin.symbol, coin.baseCurrency, coin.network, coin.decimals,
                coin.issuanceStatus, coin.gridOperationsStatus, coin.networkTokenIdentifier, coin.currency, coin.provider,
                IdType.STABLECOIN_PROVIDER_ACCOUNT.wireId(coin.providerAccountId), coin.providerEnvironment,
                coin.providerTokenIdentifier, coin.createdAt.toString(), coin.updatedAt.toString());
    }
}
