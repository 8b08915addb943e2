package payments.bankfile;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import payments.bankfile.ParkedEntries.ParkedEntryResolveRequest;
import payments.bankfile.ParkedEntries.ParkedEntryResponse;
import payments.bankfile.ParkedEntries.SuspenseView;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/** The bank operations desk's queue: this server's own endpoints, outside the reference's paths, in both modes. */
@RunsToCompletion
@Path("/bank-entries")
@Tag(name = "Bank operations", description = "This server's own extension (not in the reference interface): what the bank file"
        + " rails parked for a person (an unknown reference, a debit nobody sent, a return or amount that does not match), and"
        + " the operator's decision about each. Needs a token with BANK_OPERATIONS, which MANAGE does not imply.")
@Secured(Permission.BANK_OPERATIONS)
public class ParkedEntryResource {

    private final ParkedEntries entries;
    private final CurrentCaller caller;

    public ParkedEntryResource(ParkedEntries entries, CurrentCaller caller) {
        this.entries = entries;
        this.caller = caller;
    }

    @Operation(summary = "List parked bank entries", description = "Newest first; status=OPEN lists those not decided yet,"
            + " RESOLVED those decided.")
    @GET
    @Path("parked")
    public Uni<Page<ParkedEntryResponse>> list(@QueryParam("status") String status, @QueryParam("limit") String limit,
                                               @QueryParam("cursor") String cursor) {
        return entries.list(status, limit, cursor);
    }

    @Operation(summary = "SUSPENSE by currency", description = "The ledger's SUSPENSE balance in each currency, and the open"
            + " parked entries behind it (their count and the money they hold there).")
    @GET
    @Path("suspense")
    public Uni<SuspenseView> suspense() {
        return entries.suspense();
    }

    @Operation(summary = "Resolve a parked bank entry", description = "ASSIGN a credit held in SUSPENSE to the internal account it"
            + " was meant for (accountId; a deposit), RETURN it (sent back to its sender through the bank by hand), WRITE_OFF money"
            + " in or out of SUSPENSE to the service's own account, or CLOSE an entry that moved no money; reason required. Once.")
    @POST
    @Path("parked/{entryId}/resolve")
    public Uni<ParkedEntryResponse> resolve(@PathParam("entryId") String entryId,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = ParkedEntryResolveRequest.class)))
            JsonBody<ParkedEntryResolveRequest> body) {
        return entries.resolve(entryId, body.bound(), caller.get());
    }
}
