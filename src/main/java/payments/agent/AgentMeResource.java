package payments.agent;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import payments.agent.AgentView.AgentResponse;
import payments.common.security.AuthScheme;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/** The agent's own view (`Authorization: Bearer <accessToken>`): everything here is scoped to its customer. */
@RunsToCompletion
@Path("/agents/me")
@Secured(value = Permission.VIEW, schemes = AuthScheme.AGENT_BEARER)
public class AgentMeResource {

    private final AgentService agents;
    private final CurrentCaller caller;

    public AgentMeResource(AgentService agents, CurrentCaller caller) {
        this.agents = agents;
        this.caller = caller;
    }

    /** The agent with its policy and today's and this month's usage. */
    @GET
    public Uni<AgentResponse> me() {
        return agents.get(caller.get().principalId());
    }
}
