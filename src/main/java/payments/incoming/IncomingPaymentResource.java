package payments.incoming;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import payments.agent.AgentActions;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import payments.common.JsonText;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.transaction.TransactionView.TransactionResponse;
import payments.common.web.RunsToCompletion;

/** The platform's deferred decision on an incoming payment it answered 202 for. Bodies are optional. */
@RunsToCompletion
@Path("/")
@Secured(Permission.TRANSACT)
public class IncomingPaymentResource {

    private final IncomingApproval approval;
    private final AgentActions agentActions;
    private final JsonText json;

    public IncomingPaymentResource(IncomingApproval approval, AgentActions agentActions, JsonText json) {
        this.approval = approval;
        this.agentActions = agentActions;
        this.json = json;
    }

    @POST
    @Path("transactions/{transactionId}/approve")
    @Consumes(MediaType.WILDCARD)
    public Uni<TransactionResponse> approve(@PathParam("transactionId") String transactionId, String body, @jakarta.ws.rs.HeaderParam("Content-Type") String contentType) {
        JsonNode request = json.optionalBody(body, contentType);
        // The body is checked whatever the payment turns out to be: nothing is approved on a body that is wrong.
        IncomingApproval.checkApproval(request);
        // Also the approval of an agent's payment that waits for the platform (the spec's reading of this endpoint).
        return agentActions.approveByTransaction(transactionId)
                .flatMap(agentPayment -> agentPayment != null ? Uni.createFrom().item(agentPayment)
                        : approval.approve(transactionId, request));
    }

    @POST
    @Path("transactions/{transactionId}/reject")
    @Consumes(MediaType.WILDCARD)
    public Uni<TransactionResponse> reject(@PathParam("transactionId") String transactionId, String body, @jakarta.ws.rs.HeaderParam("Content-Type") String contentType) {
        JsonNode request = json.optionalBody(body, contentType);
        IncomingApproval.checkRejection(request);
        // An agent's payment waiting for the platform is rejected here too, as it is approved here.
        return agentActions.rejectByTransaction(transactionId, request)
                .flatMap(agentPayment -> agentPayment != null ? Uni.createFrom().item(agentPayment)
                        : approval.reject(transactionId, request));
    }
}
