package payments.verification;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import payments.common.Page;
import payments.common.security.Permission;
import payments.common.security.Secured;

@Path("/")
@Secured(Permission.MANAGE)
public class VerificationResource {

    private final VerificationService service;

    public VerificationResource(VerificationService service) {
        this.service = service;
    }

    /** 200 rather than 201: the answer is the packet's state (RESOLVE_ERRORS or IN_PROGRESS), as the reference has it. */
    @POST
    @Path("verifications")
    public Uni<VerificationResponse> submit(JsonNode body) {
        return service.submit(body);
    }

    @GET
    @Path("verifications")
    @Secured(Permission.VIEW)
    public Uni<Page<VerificationResponse>> list(@QueryParam("customerId") String customerId,
                                                @QueryParam("verificationStatus") String verificationStatus,
                                                @QueryParam("limit") String limit,
                                                @QueryParam("cursor") String cursor) {
        return service.list(customerId, verificationStatus, limit, cursor);
    }

    @GET
    @Path("verifications/{verificationId}")
    @Secured(Permission.VIEW)
    public Uni<VerificationResponse> get(@PathParam("verificationId") String verificationId) {
        return service.get(verificationId);
    }
}
