package payments.platform;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
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
import payments.platform.ApiTokenRecords.ApiTokenCreateRequest;
import payments.platform.ApiTokenRecords.ApiTokenResponse;

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
    public Uni<Response> create(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = ApiTokenCreateRequest.class))) JsonBody<ApiTokenCreateRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/tokens", body.tree(),
                () -> service.create(body.bound(), caller.get()).map(ApiResult::created));
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

    /** The compliance desk (COMPLIANCE_REVIEW without MANAGE) may end its own token: the service decides whose. */
    @DELETE
    @Path("/{tokenId}")
    @Secured(value = Permission.MANAGE, orAnyOf = Permission.COMPLIANCE_REVIEW)
    public Uni<Response> delete(@PathParam("tokenId") String tokenId) {
        return service.delete(tokenId, caller.get()).map(ignored -> Response.noContent().build());
    }
}
