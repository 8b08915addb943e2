package payments.agent;

import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.agent.AgentService.AgentListQuery;
import payments.agent.AgentView.AgentResponse;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.ReasonRequest;
import payments.common.security.Permission;
import payments.common.security.PublicEndpoint;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/** Agent management with the platform's credentials, and the device-code redemption the agent software calls. */
@RunsToCompletion
@Path("/agents")
@Secured(Permission.VIEW)
public class AgentResource {

    private final AgentService agents;
    private final AgentActions actions;
    private final AgentActionView actionView;
    private final AgentAccess access;

    public AgentResource(AgentService agents, AgentActions actions, AgentActionView actionView, AgentAccess access) {
        this.agents = agents;
        this.actions = actions;
        this.actionView = actionView;
        this.access = access;
    }

    /**
     * 201 with the agent and its device code. No Idempotency-Key (the reference has none): a stored
     * answer would keep the device code, a secret, in the clear for its whole lifetime.
     */
    @POST
    @Secured(Permission.MANAGE)
    public Uni<Response> create(JsonBody<AgentService.AgentCreateRequest> body) {
        return agents.create(body).map(created -> Response.status(201).entity(created).build());
    }

    @GET
    public Uni<Page<AgentResponse>> list(@QueryParam("customerId") String customerId, @QueryParam("isPaused") String isPaused,
                                         @QueryParam("isConnected") String isConnected,
                                         @QueryParam("createdAfter") String createdAfter,
                                         @QueryParam("createdBefore") String createdBefore,
                                         @QueryParam("updatedAfter") String updatedAfter,
                                         @QueryParam("updatedBefore") String updatedBefore,
                                         @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return agents.list(new AgentListQuery(customerId, isPaused, isConnected, createdAfter, createdBefore, updatedAfter,
                updatedBefore, limit, cursor));
    }

    @GET
    @Path("{agentId}")
    public Uni<AgentResponse> get(@PathParam("agentId") String agentId) {
        return agents.get(agentId);
    }

    @PATCH
    @Path("{agentId}")
    @Secured(Permission.MANAGE)
    public Uni<AgentResponse> update(@PathParam("agentId") String agentId, JsonBody<AgentService.AgentUpdateRequest> body) {
        return agents.update(agentId, body);
    }

    @DELETE
    @Path("{agentId}")
    @Secured(Permission.MANAGE)
    public Uni<Response> delete(@PathParam("agentId") String agentId) {
        return agents.delete(agentId).map(done -> Response.noContent().build());
    }

    @PATCH
    @Path("{agentId}/policy")
    @Secured(Permission.MANAGE)
    public Uni<AgentResponse> updatePolicy(@PathParam("agentId") String agentId, JsonBody<AgentPolicy> body) {
        return agents.updatePolicy(agentId, body);
    }

    @POST
    @Path("{agentId}/device-codes")
    @Secured(Permission.MANAGE)
    public Uni<Response> regenerateDeviceCode(@PathParam("agentId") String agentId) {
        return agents.regenerateDeviceCode(agentId).map(code -> Response.status(201).entity(code).build());
    }

    @GET
    @Path("device-codes/{code}/status")
    public Uni<AgentAccess.DeviceCodeStatus> deviceCodeStatus(@PathParam("code") String code) {
        return access.status(code);
    }

    /** No credentials: the device code is the proof. The access token is in this answer only. */
    @POST
    @Path("device-codes/{code}/redeem")
    @PublicEndpoint
    @org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements
    public Uni<AgentAccess.Redeemed> redeem(@PathParam("code") String code, @Context HttpServerRequest request) {
        String source = request.remoteAddress() == null ? "unknown" : request.remoteAddress().hostAddress();
        return access.redeem(code, source);
    }

    /** Actions waiting for the platform, oldest or newest first; startDate and endDate are inclusive. */
    @GET
    @Path("approvals")
    public Uni<Page<AgentActionView.AgentActionResponse>> approvals(@QueryParam("agentId") String agentId,
                                                                  @QueryParam("customerId") String customerId,
                                                                  @QueryParam("startDate") String startDate,
                                                                  @QueryParam("endDate") String endDate,
                                                                  @QueryParam("sortOrder") String sortOrder,
                                                                  @QueryParam("limit") String limit,
                                                                  @QueryParam("cursor") String cursor) {
        return actionView.list(new AgentActionView.ActionQuery(agentId, customerId, AgentAction.PENDING_APPROVAL, startDate, endDate,
                sortOrder, limit, cursor));
    }

    @POST
    @Path("{agentId}/actions/{actionId}/approve")
    @Consumes(MediaType.WILDCARD)
    @Secured(Permission.TRANSACT)
    public Uni<AgentActionView.AgentActionResponse> approve(@PathParam("agentId") String agentId, @PathParam("actionId") String actionId) {
        return actions.approve(agentId, actionId);
    }

    @POST
    @Path("{agentId}/actions/{actionId}/reject")
    @Consumes(MediaType.WILDCARD)
    @Secured(Permission.TRANSACT)
    public Uni<AgentActionView.AgentActionResponse> reject(@PathParam("agentId") String agentId, @PathParam("actionId") String actionId,
                                                        JsonBody<ReasonRequest> body) {
        return actions.reject(agentId, actionId, body.orEmpty());
    }
}
