package payments.platform;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.ResponseStatus;
import payments.common.Page;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.platform.ApiTokenRecords.ApiTokenCreateRequest;
import payments.platform.ApiTokenRecords.ApiTokenResponse;

@Path("/tokens")
@Secured(Permission.MANAGE)
public class ApiTokenResource {

    private final ApiTokenService service;

    public ApiTokenResource(ApiTokenService service) {
        this.service = service;
    }

    @POST
    @ResponseStatus(201)
    public Uni<ApiTokenResponse> create(ApiTokenCreateRequest request) {
        return service.create(request);
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
