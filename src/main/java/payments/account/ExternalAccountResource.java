package payments.account;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import payments.account.ExternalAccountService.ExternalAccountResponse;
import payments.account.ExternalAccountService.Owner;
import payments.common.ApiException;
import payments.common.Page;
import payments.common.security.Permission;
import payments.common.security.Secured;

/** External accounts of customers (/customers/external-accounts) and of the platform (/platform/external-accounts). */
@Path("/")
@Secured(Permission.MANAGE)
public class ExternalAccountResource {

    private final ExternalAccountService service;

    public ExternalAccountResource(ExternalAccountService service) {
        this.service = service;
    }

    @POST
    @Path("customers/external-accounts")
    public Uni<Response> createForCustomer(JsonNode body) {
        JsonNode customerId = body == null ? null : body.get("customerId");
        if (customerId != null && !customerId.isNull() && !customerId.isTextual()) {
            throw ApiException.invalidField("customerId", null, "Must be a Customer id");
        }
        return service.create(customerId == null || customerId.isNull() ? null : customerId.asText(), body)
                .map(account -> Response.status(201).entity(account).build());
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
    public Uni<Response> createForPlatform(JsonNode body) {
        return service.create(null, body).map(account -> Response.status(201).entity(account).build());
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
}
