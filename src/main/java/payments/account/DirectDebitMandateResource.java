package payments.account;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import payments.account.DirectDebitMandates.MandateRequest;
import payments.account.DirectDebitMandates.MandateResponse;
import payments.common.JsonBody;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/** SEPA direct debit mandates on customers' EUR bank accounts: this server's own extension, in both modes. */
@RunsToCompletion
@Path("/customers/external-accounts/{externalAccountId}/direct-debit-mandate")
@Secured(Permission.MANAGE)
@Tag(name = "Direct debit mandates", description = "This server's own extension (not in the reference interface): the SEPA direct"
        + " debit mandate a customer signed for the platform, which lets a quote pull from their EUR bank account")
public class DirectDebitMandateResource {

    private final DirectDebitMandates mandates;
    private final CurrentCaller caller;

    public DirectDebitMandateResource(DirectDebitMandates mandates, CurrentCaller caller) {
        this.mandates = mandates;
        this.caller = caller;
    }

    @Operation(summary = "Record a direct debit mandate", description = "The mandate reference and signature date of the SEPA Core"
            + " mandate the holder signed for the platform. Replaces the mandate in force (an amendment keeps its collections);"
            + " the account must be a customer's EUR bank account, the reference unique among mandates in force.")
    @PUT
    public Uni<MandateResponse> record(@PathParam("externalAccountId") String externalAccountId,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = MandateRequest.class)))
            JsonBody<MandateRequest> body) {
        return mandates.record(externalAccountId, body.bound(), caller.get());
    }

    @Operation(summary = "Get the direct debit mandate in force", description = "The mandate a pull from this account is collected"
            + " under, with the sequence type of its next collection and its last collection's date; 404 when none is in force.")
    @GET
    @Secured(Permission.VIEW)
    public Uni<MandateResponse> get(@PathParam("externalAccountId") String externalAccountId) {
        return mandates.get(externalAccountId);
    }

    @Operation(summary = "Revoke the direct debit mandate", description = "No pull may be made under it any more: a pull executed but"
            + " not yet written into a file fails COLLECTION_FAILED at the cut-off; one already sent to the bank is not recalled.")
    @org.eclipse.microprofile.openapi.annotations.responses.APIResponse(responseCode = "204", description = "Revoked")
    @DELETE
    public Uni<Response> revoke(@PathParam("externalAccountId") String externalAccountId) {
        return mandates.revoke(externalAccountId, caller.get()).map(ignored -> Response.noContent().build());
    }
}
