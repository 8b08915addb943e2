package payments.platform;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.HeaderParam;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.Page;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.platform.ApiTokenRecords.ApiTokenCreateRequest;
import payments.platform.ApiTokenRecords.ApiTokenResponse;
import payments.common.web.RunsToCompletion;

@RunsToCompletion
@Path("/tokens")
@Secured(Permission.MANAGE)
public class ApiTokenResource {

    private final ApiTokenService service;
    private final Idempotency idempotency;
    private final CurrentCaller caller;

    public ApiTokenResource(ApiTokenService service, Idempotency idempotency, CurrentCaller caller) {
        this.service = service;
        this.idempotency = idempotency;
        this.caller = caller;
    }

    @POST
    public Uni<Response> create(@HeaderParam(Idempotency.HEADER) String idempotencyKey, ApiTokenCreateRequest request) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/tokens", request,
                () -> service.create(request).map(ApiResult::created));
    }

    @GET
    @Secured(Permission.VIEW)
    public Uni<Page<ApiTokenResponse>> list(@QueryParam("name") String name,
                                            @QueryParam("createdAfter") String createdAfter,
                                            @QueryParam("createdBefore") String createdBefore,
                                            @QueryParam("updatedAfter") String updatedAfter,
                                            @QueryParam("updatedBefore") String updatedBefore,
                                            @QueryParam("limit") String limit,
                                            @QueryParam("cursor") String cursor) {
        return service.list(name, createdAfter, createdBefore, updatedAfter, updatedBefore, limit, cursor);
    }

    @GET
    @Path("/{tokenId}")
    @Secured(Permission.VIEW)
    public Uni<ApiTokenResponse> get(@PathParam("tokenId") String tokenId) {
        return service.get(tokenId);
    }

    @DELETE
    @Path("/{tokenId}")
    public Uni<Response> delete(@PathParam("tokenId") String tokenId) {
        return service.delete(tokenId).map(ignored -> Response.noContent().build());
    }
}
