package payments.account;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import payments.account.ExternalAccountService.ExternalAccountCreateRequest;
import payments.account.ExternalAccountService.ExternalAccountResponse;
import payments.account.ExternalAccountService.Owner;
import payments.account.ExternalAccountService.Registrar;
import payments.common.JsonBodies;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.ServerConfig;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.PublicUrls;
import payments.common.web.RunsToCompletion;

/** External accounts of customers (/customers/external-accounts) and of the platform (/platform/external-accounts). */
@RunsToCompletion
@Path("/")
@Secured(Permission.MANAGE)
public class ExternalAccountResource {

    private final ExternalAccountService service;
    private final OwnershipVerification ownership;
    private final ServerConfig config;

    public ExternalAccountResource(ExternalAccountService service, OwnershipVerification ownership, ServerConfig config) {
        this.service = service;
        this.ownership = ownership;
        this.config = config;
    }

    @POST
    @Path("customers/external-accounts")
    public Uni<Response> createForCustomer(JsonBody<ExternalAccountCreateRequest> body) {
        JsonBodies.Bound<ExternalAccountCreateRequest> bound = body.bound();
        String customerId = bound.value() == null ? null : bound.value().customerId();
        return service.create(customerId, bound, Registrar.PLATFORM).map(account -> Response.status(201).entity(account).build());
    }

    @GET
    @Path("customers/external-accounts")
    @Secured(Permission.VIEW)
    public Uni<Page<ExternalAccountResponse>> listForCustomers(@QueryParam("currency") String currency,
                                                               @QueryParam("customerId") String customerId,
                                                               @QueryParam("limit") String limit,
                                                               @QueryParam("cursor") String cursor) {
        return service.list(Owner.anyCustomer(), customerId, currency, limit, cursor);
    }

    @GET
    @Path("customers/external-accounts/{externalAccountId}")
    @Secured(Permission.VIEW)
    public Uni<ExternalAccountResponse> getForCustomer(@PathParam("externalAccountId") String id) {
        return service.get(Owner.anyCustomer(), id);
    }

    @DELETE
    @Path("customers/external-accounts/{externalAccountId}")
    public Uni<Response> deleteForCustomer(@PathParam("externalAccountId") String id) {
        return service.delete(Owner.anyCustomer(), id).map(ignored -> Response.noContent().build());
    }

    @POST
    @Path("platform/external-accounts")
    public Uni<Response> createForPlatform(JsonBody<ExternalAccountCreateRequest> body) {
        return service.create(null, body.bound(), Registrar.PLATFORM).map(account -> Response.status(201).entity(account).build());
    }

    @GET
    @Path("platform/external-accounts")
    @Secured(Permission.VIEW)
    public Uni<Page<ExternalAccountResponse>> listForPlatform(@QueryParam("currency") String currency,
                                                              @QueryParam("limit") String limit,
                                                              @QueryParam("cursor") String cursor) {
        return service.list(Owner.platform(), null, currency, limit, cursor);
    }

    @GET
    @Path("platform/external-accounts/{externalAccountId}")
    @Secured(Permission.VIEW)
    public Uni<ExternalAccountResponse> getForPlatform(@PathParam("externalAccountId") String id) {
        return service.get(Owner.platform(), id);
    }

    @DELETE
    @Path("platform/external-accounts/{externalAccountId}")
    public Uni<Response> deleteForPlatform(@PathParam("externalAccountId") String id) {
        return service.delete(Owner.platform(), id).map(ignored -> Response.noContent().build());
    }

    @POST
    @Path("customers/external-accounts/{externalAccountId}/challenge")
    public Uni<Response> challengeForCustomer(@PathParam("externalAccountId") String id, @Context UriInfo uriInfo,
                                              JsonBody<OwnershipVerification.ChallengeRequest> body) {
        return challenge(Owner.anyCustomer(), id, uriInfo, body);
    }

    @POST
    @Path("customers/external-accounts/{externalAccountId}/verify")
    public Uni<ExternalAccountResponse> verifyForCustomer(@PathParam("externalAccountId") String id,
                                                          JsonBody<OwnershipVerification.SignatureRequest> body) {
        return verify(Owner.anyCustomer(), id, body);
    }

    @POST
    @Path("platform/external-accounts/{externalAccountId}/challenge")
    public Uni<Response> challengeForPlatform(@PathParam("externalAccountId") String id, @Context UriInfo uriInfo,
                                              JsonBody<OwnershipVerification.ChallengeRequest> body) {
        return challenge(Owner.platform(), id, uriInfo, body);
    }

    @POST
    @Path("platform/external-accounts/{externalAccountId}/verify")
    public Uni<ExternalAccountResponse> verifyForPlatform(@PathParam("externalAccountId") String id,
                                                          JsonBody<OwnershipVerification.SignatureRequest> body) {
        return verify(Owner.platform(), id, body);
    }

    private Uni<Response> challenge(Owner owner, String id, UriInfo uriInfo, JsonBody<OwnershipVerification.ChallengeRequest> body) {
        return ownership.challenge(owner, id, body, PublicUrls.base(config, uriInfo))
                .map(challenge -> Response.status(201).entity(challenge).build());
    }

    /** A refused signature still moves the account to UNVERIFIED (committed) before the 400 is answered. */
    private Uni<ExternalAccountResponse> verify(Owner owner, String id, JsonBody<OwnershipVerification.SignatureRequest> body) {
        return ownership.verify(owner, id, body).map(attempt -> {
            if (attempt.refusal() != null) {
                throw attempt.refusal();
            }
            return attempt.account();
        });
    }
}
