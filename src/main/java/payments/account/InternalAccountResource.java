package payments.account;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import payments.account.InternalAccountService.InternalAccountUpdateRequest;
import payments.account.InternalAccountView.InternalAccountResponse;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.WalletOwnerConsent;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

import java.util.List;

@RunsToCompletion
@Path("/")
@Secured(Permission.VIEW)
public class InternalAccountResource {

    /** GET /platform/internal-accounts: the reference's envelope has `data` only. */
    public record PlatformInternalAccountList(List<InternalAccountResponse> data) {
    }

    private final InternalAccountService service;
    private final RuleBasedAccounts ruleBased;
    private final Idempotency idempotency;
    private final CurrentCaller caller;

    public InternalAccountResource(InternalAccountService service, RuleBasedAccounts ruleBased, Idempotency idempotency,
                                   CurrentCaller caller) {
        this.service = service;
        this.ruleBased = ruleBased;
        this.idempotency = idempotency;
        this.caller = caller;
    }

    /** Only RULE_BASED accounts are opened on request; a repeated Idempotency-Key returns the first account. */
    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Internal Accounts")
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Open a RULE_BASED internal account",
            description = "This server's own extension: opens a USD account for a verified customer whose deposits are swept to the "
                    + "holder's verified external account (sweepRule); a repeated Idempotency-Key answers the first account.")
    @POST
    @Path("internal-accounts")
    @Secured(Permission.MANAGE)
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "201", description = "The account, PENDING",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = InternalAccountResponse.class)))
    public Uni<Response> create(@HeaderParam(Idempotency.HEADER) String idempotencyKey, @RequestBody(content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = RuleBasedAccounts.RuleBasedAccountRequest.class)))
            JsonBody<RuleBasedAccounts.RuleBasedAccountRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/internal-accounts", body.tree(),
                () -> ruleBased.create(body).map(ApiResult::created));
    }

    @GET
    @Path("customers/internal-accounts")
    public Uni<Page<InternalAccountResponse>> listCustomerAccounts(@QueryParam("currency") String currency,
                                                                   @QueryParam("customerId") String customerId,
                                                                   @QueryParam("type") String type,
                                                                   @QueryParam("limit") String limit,
                                                                   @QueryParam("cursor") String cursor) {
        return service.listCustomerAccounts(currency, customerId, type, limit, cursor);
    }

    @GET
    @Path("platform/internal-accounts")
    public Uni<PlatformInternalAccountList> listPlatformAccounts(@QueryParam("currency") String currency,
                                                                 @QueryParam("type") String type) {
        return service.listPlatformAccounts(currency, type).map(PlatformInternalAccountList::new);
    }

    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Internal Accounts")
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "List a customer's internal accounts (older path)",
            description = "This server's own extension, kept for clients of an older path: the same list as GET "
                    + "/customers/internal-accounts for one customerId.")
    @GET
    @Path("internal-account")
    public Uni<Page<InternalAccountResponse>> listForCustomer(@QueryParam("customerId") String customerId,
                                                              @QueryParam("currency") String currency,
                                                              @QueryParam("limit") String limit,
                                                              @QueryParam("cursor") String cursor) {
        return service.listForCustomer(customerId, currency, limit, cursor);
    }

    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Internal Accounts")
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Get an internal account",
            description = "This server's own extension: one internal account by id, as the lists show it.")
    @GET
    @Path("internal-accounts/{id}")
    public Uni<InternalAccountResponse> get(@PathParam("id") String id) {
        return service.get(id);
    }

    @PATCH
    @Path("internal-accounts/{id}")
    @Secured(Permission.MANAGE)
    public Uni<Response> update(@PathParam("id") String id,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = InternalAccountUpdateRequest.class))) JsonBody<InternalAccountUpdateRequest> body,
            @HeaderParam(WalletOwnerConsent.SIGNATURE_HEADER) String signature,
            @HeaderParam(WalletOwnerConsent.REQUEST_ID_HEADER) String requestId) {
        return service.update(id, body,
                new WalletOwnerConsent.Signature(signature, requestId)).map(answer ->
                answer instanceof InternalAccountResponse ? Response.ok(answer).build() : Response.accepted(answer).build());
    }
}
