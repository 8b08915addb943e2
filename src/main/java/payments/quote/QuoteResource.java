package payments.quote;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.security.AuthScheme;
import payments.common.security.Caller;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.quote.QuoteView.QuoteResponse;
import payments.wallet.Stamp;

@RunsToCompletion
@Path("/")
@Secured(Permission.TRANSACT)
public class QuoteResource {

    private final QuoteCreation creation;
    private final QuoteLookup lookup;
    private final QuoteExecution execution;
    private final ScaChallenges challenges;
    private final TransferService transfers;
    private final Idempotency idempotency;
    private final AgentQuotes agentQuotes;
    private final CurrentCaller caller;

    public QuoteResource(QuoteCreation creation, QuoteLookup lookup, QuoteExecution execution, ScaChallenges challenges,
                         TransferService transfers, Idempotency idempotency, CurrentCaller caller, AgentQuotes agentQuotes) {
        this.agentQuotes = agentQuotes;
        this.creation = creation;
        this.lookup = lookup;
        this.execution = execution;
        this.challenges = challenges;
        this.transfers = transfers;
        this.idempotency = idempotency;
        this.caller = caller;
    }

    /** The platform's credentials, or an agent's bearer token: then it is the agent's quote, under its policy. */
    @POST
    @Path("quotes")
    @Secured(value = Permission.TRANSACT, schemes = {AuthScheme.BASIC, AuthScheme.AGENT_BEARER})
    public Uni<Response> create(@HeaderParam(Idempotency.HEADER) String idempotencyKey, JsonBody<QuoteCreateRequest> body) {
        Caller who = caller.get();
        if (who.scheme() == AuthScheme.AGENT_BEARER) {
            return idempotency.run(who, idempotencyKey, "POST", "/quotes", body.tree(),
                    () -> agentQuotes.createQuote(who.principalId(), body).map(ApiResult::created));
        }
        return idempotency.runCommitting(who, idempotencyKey, "POST", "/quotes", body.tree(), claim -> creation.create(body, claim));
    }

    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Cross-Currency Transfers")
    @GET
    @Path("quotes")
    @Secured(Permission.VIEW)
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "List quotes",
            description = "Not in the reference interface: the official SDKs list quotes (quotes.list), so the server answers them."
                    + " Newest first; filters customerId, sendingAccountId, receivingAccountId, sendingUmaAddress, receivingUmaAddress,"
                    + " status (the status each quote answers with), createdAfter, createdBefore; limit and cursor.")
    public Uni<Page<QuoteResponse>> list(@QueryParam("customerId") String customerId,
                                         @QueryParam("sendingAccountId") String sendingAccountId,
                                         @QueryParam("receivingAccountId") String receivingAccountId,
                                         @QueryParam("sendingUmaAddress") String sendingUmaAddress,
                                         @QueryParam("receivingUmaAddress") String receivingUmaAddress,
                                         @QueryParam("status") String status, @QueryParam("createdAfter") String createdAfter,
                                         @QueryParam("createdBefore") String createdBefore, @QueryParam("limit") String limit,
                                         @QueryParam("cursor") String cursor) {
        return lookup.list(new QuoteLookup.QuoteListQuery(customerId, sendingAccountId, receivingAccountId, sendingUmaAddress,
                receivingUmaAddress, status, createdAfter, createdBefore, limit, cursor));
    }

    @GET
    @Path("quotes/{quoteId}")
    @Secured(Permission.VIEW)
    public Uni<QuoteResponse> get(@PathParam("quoteId") String quoteId) {
        return lookup.get(quoteId);
    }

    /** The body is optional (only {@code scaFactor}); a bare POST without Content-Type is fine. */
    @POST
    @Path("quotes/{quoteId}/execute")
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> execute(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
                                 @HeaderParam(Stamp.HEADER) String walletSignature,
                                 @PathParam("quoteId") String quoteId, JsonBody<QuoteExecution.ExecuteRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/quotes/" + quoteId + "/execute", body.tree(),
                () -> execution.execute(quoteId, body, walletSignature).map(ApiResult::ok));
    }

    @POST
    @Path("quotes/{quoteId}/authorize")
    public Uni<QuoteResponse> authorize(@PathParam("quoteId") String quoteId, JsonBody<ScaChallenges.QuoteAuthorization> body) {
        return execution.authorize(quoteId, body);
    }

    @POST
    @Path("quotes/{quoteId}/authorize/resend")
    public Uni<Response> resend(@PathParam("quoteId") String quoteId) {
        return challenges.resendCode(quoteId).map(ignored -> Response.noContent().build());
    }

    /** Deprecated: POST /quotes with an external source and immediatelyExecute replaces it. */
    @POST
    @Path("transfer-in")
    public Uni<Response> transferIn(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
                                 JsonBody<TransferService.TransferRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/transfer-in", body.tree(),
                () -> transfers.transferIn(body).map(ApiResult::created));
    }

    /** Deprecated: POST /quotes with immediatelyExecute replaces it. */
    @POST
    @Path("transfer-out")
    public Uni<Response> transferOut(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
                                  JsonBody<TransferService.TransferRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/transfer-out", body.tree(),
                () -> transfers.transferOut(body).map(ApiResult::created));
    }
}
