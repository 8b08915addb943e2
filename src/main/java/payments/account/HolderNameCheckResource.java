package payments.account;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import payments.account.HolderNameChecks.HolderNameCheckRequest;
import payments.account.HolderNameChecks.HolderNameCheckResponse;
import payments.common.JsonBody;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/** The compliance staff's holder-name checks of external bank accounts: this server's own endpoint, in both modes. */
@RunsToCompletion
@Path("/compliance/external-accounts")
@Secured(Permission.COMPLIANCE_REVIEW)
@Tag(name = "Compliance review")
public class HolderNameCheckResource {

    private final HolderNameChecks checks;
    private final CurrentCaller caller;

    public HolderNameCheckResource(HolderNameChecks checks, CurrentCaller caller) {
        this.checks = checks;
        this.caller = caller;
    }

    @Operation(summary = "Record a holder-name check", description = "The staff's comparison of the account's beneficiary name with"
            + " what its holder proved out of band, for a rail that checks no names (ACH): MATCHED or PARTIAL_MATCH lets the holder"
            + " pull from the account; NOT_MATCHED stops it. Sets the account's beneficiaryVerificationStatus; every check is kept.")
    @POST
    @Path("{externalAccountId}/holder-name-check")
    public Uni<HolderNameCheckResponse> check(@PathParam("externalAccountId") String externalAccountId,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = HolderNameCheckRequest.class)))
            JsonBody<HolderNameCheckRequest> body) {
        return checks.record(externalAccountId, body.bound(), caller.get());
    }
}
