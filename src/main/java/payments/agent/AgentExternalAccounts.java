package payments.agent;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.ExternalAccountService;
import payments.account.ExternalAccountService.ExternalAccountCreateRequest;
import payments.account.ExternalAccountService.ExternalAccountResponse;
import payments.account.ExternalAccountService.Owner;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.JsonBodies;
import payments.common.JsonBody;
import payments.common.Page;

/** /agents/me/external-accounts (MANAGE_EXTERNAL_ACCOUNTS): the customer's own external accounts, nobody else's. */
@ApplicationScoped
public class AgentExternalAccounts {

    private static final String PERMISSION = "MANAGE_EXTERNAL_ACCOUNTS";

    private final ExternalAccountService accounts;
    private final AgentView view;

    public AgentExternalAccounts(ExternalAccountService accounts, AgentView view) {
        this.accounts = accounts;
        this.view = view;
    }

    private Uni<Agent> permitted(String agentId, boolean initiates) {
        return AgentActions.permittedAgent(view, agentId, PERMISSION, initiates);
    }

    /**
     * The body's customerId may be left out (it is the agent's customer); naming another customer is
     * 400 on that field (the operation's answers list no 404).
     */
    @WithSession
    public Uni<ExternalAccountResponse> create(String agentId, JsonBody<ExternalAccountCreateRequest> body) {
        return permitted(agentId, true).flatMap(agent -> {
            String customer = IdType.CUSTOMER.wireId(agent.customerId);
            JsonBodies.Bound<ExternalAccountCreateRequest> bound = body.bound();
            String named = bound.value() == null ? null : bound.value().customerId();
            if (named != null && !customer.equals(named)) {
                throw ApiException.invalidField("customerId", null, "An agent registers accounts for its own customer only: leave"
                        + " customerId out or name " + customer);
            }
            return accounts.create(customer, bound, ExternalAccountService.Registrar.AGENT);
        });
    }

    @WithSession
    public Uni<Page<ExternalAccountResponse>> list(String agentId, String currency, String limit, String cursor) {
        return permitted(agentId, false).flatMap(agent ->
                accounts.list(new Owner(false, agent.customerId), IdType.CUSTOMER.wireId(agent.customerId), currency, limit, cursor));
    }

    @WithSession
    public Uni<ExternalAccountResponse> get(String agentId, String accountId) {
        return permitted(agentId, false).flatMap(agent -> accounts.get(new Owner(false, agent.customerId), accountId));
    }

    @WithSession
    public Uni<Void> delete(String agentId, String accountId) {
        return permitted(agentId, true).flatMap(agent -> accounts.delete(new Owner(false, agent.customerId), accountId));
    }
}
