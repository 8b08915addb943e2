package payments.verification;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

@RunsToCompletion
@Path("/")
@Secured(Permission.MANAGE)
public class BeneficialOwnerResource {

    private final BeneficialOwnerService service;
    private final CurrentCaller caller;

    public BeneficialOwnerResource(BeneficialOwnerService service, CurrentCaller caller) {
        this.service = service;
        this.caller = caller;
    }

    @POST
    @Path("beneficial-owners")
    public Uni<Response> create(JsonBody<BeneficialOwnerRequest> body) {
        return service.create(body, caller.get()).map(owner -> Response.status(201).entity(owner).build());
    }

    @GET
    @Path("beneficial-owners")
    @Secured(Permission.VIEW)
    public Uni<Page<BeneficialOwnerResponse>> list(@QueryParam("customerId") String customerId,
                                                   @QueryParam("limit") String limit,
                                                   @QueryParam("cursor") String cursor) {
        return service.list(customerId, limit, cursor);
    }

    @GET
    @Path("beneficial-owners/{beneficialOwnerId}")
    @Secured(Permission.VIEW)
    public Uni<BeneficialOwnerResponse> get(@PathParam("beneficialOwnerId") String ownerId) {
        return service.get(ownerId);
    }

    @PATCH
    @Path("beneficial-owners/{beneficialOwnerId}")
    public Uni<BeneficialOwnerResponse> update(@PathParam("beneficialOwnerId") String ownerId,
                                                 JsonBody<BeneficialOwnerRequest> body) {
        return service.update(ownerId, body, caller.get());
    }
}
