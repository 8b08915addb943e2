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
import payments.bankfile.Reconciliations.StatementLineResponse;
import payments.bankfile.Reconciliations.StatementReportResponse;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.RequiredReason;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/** The bank statements' reconciliation reports, for the bank operations desk: this server's own endpoints, in both modes. */
@RunsToCompletion
@Path("/bank-statements")
@Tag(name = "Bank operations")
@Secured(Permission.BANK_OPERATIONS)
public class StatementResource {

    private final Reconciliations reconciliations;
    private final CurrentCaller caller;

    public StatementResource(Reconciliations reconciliations, CurrentCaller caller) {
        this.reconciliations = reconciliations;
        this.caller = caller;
    }

    @Operation(summary = "List statement reconciliations", description = "One report per camt.053 statement read from the bank's"
            + " inbox, newest first: its balances, how many entries it had, how many lines matched the RAIL ledger and how many are"
            + " still open.")
    @GET
    public Uni<Page<StatementReportResponse>> list(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return reconciliations.list(limit, cursor);
    }

    @Operation(summary = "Lines of a statement reconciliation", description = "MATCHED, AMOUNT_DIFFERENCE, BANK_ONLY (in the"
            + " bank, not the ledger) or LEDGER_ONLY (in the ledger, not the bank); status=OPEN lists those still needing a person.")
    @GET
    @Path("{statementId}/lines")
    public Uni<Page<StatementLineResponse>> lines(@PathParam("statementId") String statementId, @QueryParam("status") String status,
                                                  @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return reconciliations.lines(statementId, status, limit, cursor);
    }

    @Operation(summary = "Explain a statement line", description = "Closes a line that needs a person with the operator's reason"
            + " (what was done about it at the bank or in the ledger). Once; a MATCHED line has nothing to explain (409).")
    @POST
    @Path("{statementId}/lines/{lineId}/resolve")
    public Uni<StatementLineResponse> resolve(@PathParam("statementId") String statementId, @PathParam("lineId") String lineId,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = RequiredReason.class)))
            JsonBody<RequiredReason> body) {
        return reconciliations.resolve(statementId, lineId, body.bound(), caller.get());
    }
}
