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
import payments.bankfile.BankFileDesk.BankFiles;
import payments.bankfile.BankFileDesk.ReceivedFile;
import payments.common.JsonBody;
import payments.common.RequiredReason;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

import java.util.Map;

/** The bank operations desk's files: this server's own endpoints, outside the reference's paths. */
@RunsToCompletion
@Path("/bank-files")
@Tag(name = "Bank operations")
@Secured(Permission.BANK_OPERATIONS)
public class BankFileDeskResource {

    private final BankFileDesk desk;
    private final CurrentCaller caller;

    public BankFileDeskResource(BankFileDesk desk, CurrentCaller caller) {
        this.desk = desk;
        this.caller = caller;
    }

    @Operation(summary = "List bank files", description = "Files read from the inbox (BOOKED, QUARANTINED with why) and written for"
            + " the bank (BUILT, DELIVERED), newest first, the last 200 of each; status narrows both.")
    @GET
    public Uni<BankFiles> list(@QueryParam("status") String status) {
        return desk.list(status);
    }

    @Operation(summary = "Put a quarantined file back", description = "Moves a quarantined file back into the inbox under its own"
            + " name, once its problem is fixed with the bank; the next poll books it (once). Reason required; 409 unless quarantined.")
    @POST
    @Path("received/{fileId}/requeue")
    public Uni<ReceivedFile> requeue(@PathParam("fileId") String fileId,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = RequiredReason.class)))
            JsonBody<RequiredReason> body) {
        return desk.requeue(fileId, body.bound(), caller.get());
    }

    @Operation(summary = "Deliver built files now", description = "Writes every file built and not yet delivered to the bank's"
            + " outbox now, rather than at the next cut-off; answers how many were delivered. Reason required.")
    @POST
    @Path("sent/deliver")
    public Uni<Map<String, Integer>> deliver(
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = RequiredReason.class)))
            JsonBody<RequiredReason> body) {
        return desk.deliver(body.bound(), caller.get()).map(delivered -> Map.of("delivered", delivered));
    }
}
