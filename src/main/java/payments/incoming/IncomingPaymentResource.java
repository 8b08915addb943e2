package payments.incoming;

import io.smallrye.mutiny.Uni;
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
    private final JsonText json;

    public IncomingPaymentResource(IncomingApproval approval, JsonText json) {
        this.approval = approval;
        this.json = json;
    }

    @POST
    @Path("transactions/{transactionId}/approve")
    @Consumes(MediaType.WILDCARD)
    public Uni<TransactionResponse> approve(@PathParam("transactionId") String transactionId, String body) {
        return approval.approve(transactionId, json.optionalBody(body));
    }

    @POST
    @Path("transactions/{transactionId}/reject")
    @Consumes(MediaType.WILDCARD)
    public Uni<TransactionResponse> reject(@PathParam("transactionId") String transactionId, String body) {
        return approval.reject(transactionId, json.optionalBody(body));
    }
}
