package payments.customer;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonBody;
import payments.common.WalletOwnerConsent;
import payments.common.Page;
import payments.common.ServerConfig;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.customer.ContactVerificationService.Channel;
import payments.customer.CustomerService.CustomerListQuery;
import payments.common.web.RunsToCompletion;
import payments.db.ReplicaRead;

@RunsToCompletion
@Path("/")
@Secured(Permission.MANAGE)
public class CustomerResource {

    private final CustomerService service;
    private final Idempotency idempotency;
    private final CurrentCaller caller;
    private final ContactVerificationService contacts;
    private final ServerConfig config;

    public CustomerResource(CustomerService service, Idempotency idempotency, CurrentCaller caller,
                            ContactVerificationService contacts, ServerConfig config) {
        this.config = config;
        this.service = service;
        this.idempotency = idempotency;
        this.caller = caller;
        this.contacts = contacts;
    }

    @POST
    @Path("customers")
    public Uni<Response> create(@HeaderParam(Idempotency.HEADER) String idempotencyKey, JsonBody<CustomerRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/customers", body.tree(),
                () -> service.create(body).map(ApiResult::created));
    }

    @GET
    @ReplicaRead
    @Path("customers")
    @Secured(Permission.VIEW)
    public Uni<Page<ObjectNode>> list(@QueryParam("platformCustomerId") String platformCustomerId,
                                      @QueryParam("customerType") String customerType,
                                      @QueryParam("createdAfter") String createdAfter,
                                      @QueryParam("createdBefore") String createdBefore,
                                      @QueryParam("updatedAfter") String updatedAfter,
                                      @QueryParam("updatedBefore") String updatedBefore,
                                      @QueryParam("region") String region,
                                      @QueryParam("currency") String currency,
                                      @QueryParam("umaAddress") String umaAddress,
                                      @QueryParam("isIncludingDeleted") String isIncludingDeleted,
                                      @QueryParam("limit") String limit,
                                      @QueryParam("cursor") String cursor) {
        return service.list(new CustomerListQuery(platformCustomerId, customerType, createdAfter, createdBefore,
                updatedAfter, updatedBefore, region, currency, umaAddress, isIncludingDeleted, limit, cursor));
    }

    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Customers")
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "List the agreements customers accept",
            description = "This server's own extension: the current agreements (end-user terms and the platform's own), with their "
                    + "versions and addresses.")
    @GET
    @Path("customers/agreements")
    @Secured(Permission.VIEW)
    public Agreements.AgreementList agreements() {
        return new Agreements.AgreementList(Agreements.current(config.agreements()));
    }

    /** Deprecated: use GET /customers/agreements. */
    @GET
    @Path("customers/end-user-terms")
    @Secured(Permission.VIEW)
    public Agreements.EndUserTerms endUserTerms() {
        return Agreements.endUserTerms(config.agreements());
    }

    @GET
    @ReplicaRead
    @Path("customers/{customerId}")
    @Secured(Permission.VIEW)
    public Uni<ObjectNode> get(@PathParam("customerId") String customerId) {
        return service.get(customerId);
    }

    @PATCH
    @Path("customers/{customerId}")
    public Uni<Response> update(@PathParam("customerId") String customerId, JsonBody<CustomerRequest> body,
                                @HeaderParam(WalletOwnerConsent.SIGNATURE_HEADER) String signature,
            @HeaderParam(WalletOwnerConsent.REQUEST_ID_HEADER) String requestId) {
        return service.update(customerId, body, new WalletOwnerConsent.Signature(signature, requestId), caller.get()).map(answer ->
                answer instanceof ObjectNode ? Response.ok(answer).build() : Response.accepted(answer).build());
    }

    @DELETE
    @Path("customers/{customerId}")
    public Uni<ObjectNode> delete(@PathParam("customerId") String customerId) {
        return service.delete(customerId);
    }

    @POST
    @Path("customers/{customerId}/verify-email")
    public Uni<Response> sendEmailCode(@PathParam("customerId") String customerId) {
        return contacts.sendCode(customerId, Channel.EMAIL).map(sent -> Response.noContent().build());
    }

    @POST
    @Path("customers/{customerId}/verify-email/confirm")
    public Uni<ObjectNode> confirmEmail(@PathParam("customerId") String customerId,
                                   JsonBody<ContactVerificationService.CodeConfirmation> body) {
        return contacts.confirm(customerId, Channel.EMAIL, body);
    }

    @POST
    @Path("customers/{customerId}/verify-phone")
    public Uni<Response> sendPhoneCode(@PathParam("customerId") String customerId) {
        return contacts.sendCode(customerId, Channel.PHONE).map(sent -> Response.noContent().build());
    }

    @POST
    @Path("customers/{customerId}/verify-phone/confirm")
    public Uni<ObjectNode> confirmPhone(@PathParam("customerId") String customerId,
                                   JsonBody<ContactVerificationService.CodeConfirmation> body) {
        return contacts.confirm(customerId, Channel.PHONE, body);
    }
}
