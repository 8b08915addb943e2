package payments.stablecoin;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.stablecoin.StablecoinRecords.StablecoinBurnRequest;
import payments.stablecoin.StablecoinRecords.StablecoinMintRequest;
import payments.stablecoin.StablecoinRecords.StablecoinOperationResponse;
import payments.stablecoin.StablecoinRecords.StablecoinProviderAccountLinkRequest;
import payments.stablecoin.StablecoinRecords.StablecoinProviderAccountResponse;
import payments.stablecoin.StablecoinRecords.StablecoinRegisterRequest;
import payments.stablecoin.StablecoinRecords.StablecoinResponse;

/** Stablecoin issuance: provider account links, registered stablecoins, and their mints and burns. */
@RunsToCompletion
@Path("/")
@Secured(Permission.VIEW)
public class StablecoinResource {

    private static final String RETRY_SAFE = "a retry must not repeat it, so the interface requires an Idempotency-Key";

    private final StablecoinProviderAccounts providerAccounts;
    private final StablecoinService stablecoins;
    private final StablecoinOperations operations;
    private final Idempotency idempotency;
    private final CurrentCaller caller;

    public StablecoinResource(StablecoinProviderAccounts providerAccounts, StablecoinService stablecoins, StablecoinOperations operations,
                              Idempotency idempotency, CurrentCaller caller) {
        this.providerAccounts = providerAccounts;
        this.stablecoins = stablecoins;
        this.operations = operations;
        this.idempotency = idempotency;
        this.caller = caller;
    }

    @POST
    @Path("stablecoin-provider-accounts")
    @Secured(Permission.MANAGE)
    public Uni<Response> link(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = StablecoinProviderAccountLinkRequest.class))) JsonBody<StablecoinProviderAccountLinkRequest> body) {
        return idempotency.runWithRequiredKey(caller.get(), idempotencyKey, "POST", "/stablecoin-provider-accounts", body.tree(), RETRY_SAFE,
                () -> providerAccounts.link(body.bound()).map(ApiResult::created));
    }

    @GET
    @Path("stablecoin-provider-accounts")
    public Uni<Page<StablecoinProviderAccountResponse>> providerAccounts(@QueryParam("provider") String provider,
                                                                        @QueryParam("status") String status,
                                                                        @QueryParam("limit") String limit,
                                                                        @QueryParam("cursor") String cursor) {
        return providerAccounts.list(provider, status, limit, cursor);
    }

    @GET
    @Path("stablecoin-provider-accounts/{stablecoinProviderAccountId}")
    public Uni<StablecoinProviderAccountResponse> providerAccount(@PathParam("stablecoinProviderAccountId") String id) {
        return providerAccounts.get(id);
    }

    @POST
    @Path("stablecoins")
    @Secured(Permission.MANAGE)
    public Uni<Response> register(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = StablecoinRegisterRequest.class))) JsonBody<StablecoinRegisterRequest> body) {
        return idempotency.runWithRequiredKey(caller.get(), idempotencyKey, "POST", "/stablecoins", body.tree(), RETRY_SAFE,
                () -> stablecoins.register(body.bound()).map(ApiResult::created));
    }

    @GET
    @Path("stablecoins")
    public Uni<Page<StablecoinResponse>> stablecoins(@QueryParam("issuanceStatus") String issuanceStatus,
                                                     @QueryParam("gridOperationsStatus") String gridOperationsStatus,
                                                     @QueryParam("provider") String provider, @QueryParam("limit") String limit,
                                                     @QueryParam("cursor") String cursor) {
        return stablecoins.list(issuanceStatus, gridOperationsStatus, provider, limit, cursor);
    }

    @GET
    @Path("stablecoins/{stablecoinId}")
    public Uni<StablecoinResponse> stablecoin(@PathParam("stablecoinId") String id) {
        return stablecoins.get(id);
    }

    @POST
    @Path("stablecoins/{stablecoinId}/mints")
    @Secured(Permission.TRANSACT)
    public Uni<Response> mint(@HeaderParam(Idempotency.HEADER) String idempotencyKey, @PathParam("stablecoinId") String id,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = StablecoinMintRequest.class))) JsonBody<StablecoinMintRequest> body) {
        return idempotency.runWithRequiredKey(caller.get(), idempotencyKey, "POST", "/stablecoins/" + id + "/mints", body.tree(), RETRY_SAFE,
                () -> operations.mint(id, body.bound()).map(ApiResult::created));
    }

    @POST
    @Path("stablecoins/{stablecoinId}/burns")
    @Secured(Permission.TRANSACT)
    public Uni<Response> burn(@HeaderParam(Idempotency.HEADER) String idempotencyKey, @PathParam("stablecoinId") String id,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = StablecoinBurnRequest.class))) JsonBody<StablecoinBurnRequest> body) {
        return idempotency.runWithRequiredKey(caller.get(), idempotencyKey, "POST", "/stablecoins/" + id + "/burns", body.tree(), RETRY_SAFE,
                () -> operations.burn(id, body.bound()).map(ApiResult::created));
    }

    @GET
    @Path("stablecoins/{stablecoinId}/operations")
    public Uni<Page<StablecoinOperationResponse>> operations(@PathParam("stablecoinId") String id,
                                                             @QueryParam("operationType") String operationType,
                                                             @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return operations.list(id, operationType, limit, cursor);
    }

    @GET
    @Path("stablecoin-operations/{stablecoinOperationId}")
    public Uni<StablecoinOperationResponse> operation(@PathParam("stablecoinOperationId") String id) {
        return operations.get(id);
    }
}
