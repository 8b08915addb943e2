package payments.incoming;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import payments.agent.AgentActions;
import payments.common.JsonBody;
import payments.common.ReasonRequest;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.transaction.TransactionView.TransactionResponse;

/** The platform's deferred decision on an incoming payment it answered 202 for. Bodies are optional. */
@RunsToCompletion
@Path("/")
@Secured(Permission.TRANSACT)
public class IncomingPaymentResource {

    private final IncomingApproval approval;
    private final AgentActions agentActions;

    public IncomingPaymentResource(IncomingApproval approval, AgentActions agentActions) {
        this.approval = approval;
        this.agentActions = agentActions;
    }

    @POST
    @Path("transactions/{transactionId}/approve")
    @Consumes(MediaType.WILDCARD)
    public Uni<TransactionResponse> approve(@PathParam("transactionId") String transactionId,
                                           JsonBody<IncomingApproval.ApprovalRequest> body) {
        // The body is checked whatever the payment turns out to be: nothing is approved on a body that is wrong.
        IncomingApproval.ApprovalRequest request = IncomingApproval.checkApproval(body);
        // Also the approval of an agent's payment that waits for the platform (the spec's reading of this endpoint).
        return agentActions.approveByTransaction(transactionId)
                .flatMap(agentPayment -> agentPayment != null ? Uni.createFrom().item(agentPayment)
                        : approval.approve(transactionId, request));
    }

    @POST
    @Path("transactions/{transactionId}/reject")
    @Consumes(MediaType.WILDCARD)
    public Uni<TransactionResponse> reject(@PathParam("transactionId") String transactionId, JsonBody<ReasonRequest> body) {
        ReasonRequest request = body.orEmpty();
        // An agent's payment waiting for the platform is rejected here too, as it is approved here.
        return agentActions.rejectByTransaction(transactionId, request)
                .flatMap(agentPayment -> agentPayment != null ? Uni.createFrom().item(agentPayment)
                        : approval.reject(transactionId, request));
    }
}
