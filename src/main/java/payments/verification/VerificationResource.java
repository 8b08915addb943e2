package payments.verification;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.ServerConfig;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.PublicUrls;
import payments.common.web.RunsToCompletion;

import java.net.URI;

@RunsToCompletion
@Path("/")
@Secured(Permission.MANAGE)
public class VerificationResource {

    private final VerificationService service;
    private final KycLinkService links;
    private final Idempotency idempotency;
    private final CurrentCaller caller;
    private final ServerConfig config;

    public VerificationResource(VerificationService service, KycLinkService links, Idempotency idempotency,
                                CurrentCaller caller, ServerConfig config) {
        this.service = service;
        this.links = links;
        this.idempotency = idempotency;
        this.caller = caller;
        this.config = config;
    }

    /** The body is optional (only redirectUri): a bare POST without Content-Type is fine. */
    @POST
    @Path("customers/{customerId}/kyc-link")
    @jakarta.ws.rs.Consumes(jakarta.ws.rs.core.MediaType.WILDCARD)
    public Uni<Response> createKycLink(@PathParam("customerId") String customerId,
                                       @HeaderParam(Idempotency.HEADER) String idempotencyKey,
                                       @Context UriInfo uriInfo,
                                       JsonBody<KycLinkService.KycLinkRequest> body) {
        URI base = PublicUrls.base(config, uriInfo);
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/customers/" + customerId + "/kyc-link", body.tree(),
                () -> links.create(customerId, body, base).map(ApiResult::created));
    }

    /** 200 rather than 201: the answer is the packet's state (RESOLVE_ERRORS or IN_PROGRESS), as the reference has it. */
    @POST
    @Path("verifications")
    public Uni<VerificationResponse> submit(JsonBody<VerificationService.VerificationRequest> body) {
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
