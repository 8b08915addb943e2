package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
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
    public Uni<WithdrawalFeeEstimate> estimate(JsonNode body) {
        return service.estimate(body);
    }
}
