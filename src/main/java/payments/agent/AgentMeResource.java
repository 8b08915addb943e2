package payments.agent;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.account.ExternalAccountService.ExternalAccountCreateRequest;
import payments.agent.AgentView.AgentResponse;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.security.AuthScheme;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.quote.QuoteView;
import payments.quote.TransferService;

/** The agent's own view (`Authorization: Bearer <accessToken>`): everything here is scoped to its customer. */
@RunsToCompletion
@Path("/agents/me")
@Secured(value = Permission.VIEW, schemes = AuthScheme.AGENT_BEARER)
public class AgentMeResource {

    private final AgentService agents;
    private final AgentActions actions;
    private final AgentActionView actionView;
    private final AgentReads reads;
    private final AgentExternalAccounts externalAccounts;
    private final CurrentCaller caller;
    private final Idempotency idempotency;

    public AgentMeResource(AgentService agents, AgentActions actions, AgentActionView actionView, AgentReads reads, AgentExternalAccounts externalAccounts,
                           CurrentCaller caller, Idempotency idempotency) {
        this.externalAccounts = externalAccounts;
        this.agents = agents;
        this.reads = reads;
        this.actions = actions;
        this.actionView = actionView;
        this.caller = caller;
        this.idempotency = idempotency;
    }

    private String agentId() {
        return caller.get().principalId();
    }

    /** The agent with its policy and today's and this month's usage. */
    @GET
    public Uni<AgentResponse> me() {
        return agents.get(caller.get().principalId());
    }

    /** CREATE_QUOTES: a quote from one of the customer's internal accounts the policy allows. */
    @POST
    @Path("quotes")
    @Secured(value = Permission.TRANSACT, schemes = AuthScheme.AGENT_BEARER)
    public Uni<Response> createQuote(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
                                     JsonBody<payments.quote.QuoteCreateRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/agents/me/quotes", body.tree(),
                () -> actions.createQuote(agentId(), body).map(ApiResult::created));
    }

    @GET
    @Path("quotes/{quoteId}")
    public Uni<QuoteView.QuoteResponse> getQuote(@PathParam("quoteId") String quoteId) {
        return actions.getQuote(agentId(), quoteId);
    }

    /** EXECUTE_QUOTES: answers the AgentAction, APPROVED with its transaction or PENDING_APPROVAL. */
    @POST
    @Path("quotes/{quoteId}/execute")
    @Consumes(MediaType.WILDCARD)
    @Secured(value = Permission.TRANSACT, schemes = AuthScheme.AGENT_BEARER)
    public Uni<Response> execute(@HeaderParam(Idempotency.HEADER) String idempotencyKey, @PathParam("quoteId") String quoteId) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/agents/me/quotes/" + quoteId + "/execute", null,
                () -> actions.executeQuote(agentId(), quoteId).map(ApiResult::ok));
    }

    @GET
    @Path("actions")
    public Uni<Page<AgentActionView.AgentActionResponse>> listActions(@QueryParam("status") String status,
                                                                    @QueryParam("limit") String limit,
                                                                    @QueryParam("cursor") String cursor) {
        return actionView.list(new AgentActionView.ActionQuery(agentId(), null, status, null, null, null, limit, cursor));
    }

    @GET
    @Path("actions/{actionId}")
    public Uni<AgentActionView.AgentActionResponse> getAction(@PathParam("actionId") String actionId) {
        return actionView.get(agentId(), actionId);
    }

    /** VIEW_TRANSACTIONS: the customer's payments and card transactions, with GET /transactions's filters. */
    @GET
    @Path("transactions")
    public Uni<Page<Object>> transactions(@QueryParam("accountIdentifier") String accountIdentifier,
                                          @QueryParam("senderAccountIdentifier") String senderAccountIdentifier,
                                          @QueryParam("receiverAccountIdentifier") String receiverAccountIdentifier,
                                          @QueryParam("status") String status, @QueryParam("type") String type,
                                          @QueryParam("reference") String reference, @QueryParam("startDate") String startDate,
                                          @QueryParam("endDate") String endDate, @QueryParam("limit") String limit,
                                          @QueryParam("cursor") String cursor, @QueryParam("sortOrder") String sortOrder) {
        return reads.transactions(agentId(), accountIdentifier, senderAccountIdentifier, receiverAccountIdentifier, status, type,
                reference, startDate, endDate, limit, cursor, sortOrder);
    }

    @GET
    @Path("transactions/{transactionId}")
    public Uni<Object> transaction(@PathParam("transactionId") String transactionId) {
        return reads.transaction(agentId(), transactionId);
    }

    /** The customer's internal accounts the policy lets the agent use (all of them when allowedAccountIds is not set). */
    @GET
    @Path("internal-accounts")
    public Uni<Page<payments.account.InternalAccountView.InternalAccountResponse>> internalAccounts(
            @QueryParam("currency") String currency, @QueryParam("type") String type, @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return reads.internalAccounts(agentId(), currency, type, limit, cursor);
    }

    /** CREATE_TRANSFERS: from one of the customer's internal accounts to its own bank account or wallet (201, an AgentAction). */
    @POST
    @Path("transfer-out")
    @Secured(value = Permission.TRANSACT, schemes = AuthScheme.AGENT_BEARER)
    public Uni<Response> transferOut(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
                                  JsonBody<TransferService.TransferRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/agents/me/transfer-out", body.tree(),
                () -> actions.transfer(agentId(), body, false).map(ApiResult::created));
    }

    /** CREATE_TRANSFERS: a pull from the customer's own bank account into one of its internal accounts. */
    @POST
    @Path("transfer-in")
    @Secured(value = Permission.TRANSACT, schemes = AuthScheme.AGENT_BEARER)
    public Uni<Response> transferIn(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
                                 JsonBody<TransferService.TransferRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/agents/me/transfer-in", body.tree(),
                () -> actions.transfer(agentId(), body, true).map(ApiResult::created));
    }

    /** MANAGE_EXTERNAL_ACCOUNTS: an external account of the agent's customer (customerId may be left out). */
    @POST
    @Path("external-accounts")
    @Secured(value = Permission.TRANSACT, schemes = AuthScheme.AGENT_BEARER)
    public Uni<Response> createExternalAccount(JsonBody<ExternalAccountCreateRequest> body) {
        return externalAccounts.create(agentId(), body).map(account -> Response.status(201).entity(account).build());
    }

    @GET
    @Path("external-accounts")
    public Uni<Page<payments.account.ExternalAccountService.ExternalAccountResponse>> externalAccounts(
            @QueryParam("currency") String currency, @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return externalAccounts.list(agentId(), currency, limit, cursor);
    }

    @GET
    @Path("external-accounts/{externalAccountId}")
    public Uni<payments.account.ExternalAccountService.ExternalAccountResponse> externalAccount(
            @PathParam("externalAccountId") String externalAccountId) {
        return externalAccounts.get(agentId(), externalAccountId);
    }

    @DELETE
    @Path("external-accounts/{externalAccountId}")
    @Secured(value = Permission.TRANSACT, schemes = AuthScheme.AGENT_BEARER)
    public Uni<Response> deleteExternalAccount(@PathParam("externalAccountId") String externalAccountId) {
        return externalAccounts.delete(agentId(), externalAccountId).map(done -> Response.noContent().build());
    }
}
