package payments.quote;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import payments.common.JsonBody;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.quote.WithdrawalFeeService.WithdrawalFeeEstimate;
import payments.common.web.RunsToCompletion;

@RunsToCompletion
@Path("/")
@Secured(Permission.VIEW)
public class WithdrawalFeeResource {

    private final WithdrawalFeeService service;

    public WithdrawalFeeResource(WithdrawalFeeService service) {
        this.service = service;
    }

    @POST
    @Path("crypto/estimate-withdrawal-fee")
    public Uni<WithdrawalFeeEstimate> estimate(JsonBody<WithdrawalFeeService.WithdrawalFeeRequest> body) {
        return service.estimate(body);
    }
}
