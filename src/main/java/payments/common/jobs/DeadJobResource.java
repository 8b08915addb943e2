package payments.common.jobs;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.RequiredReason;
import payments.common.jobs.DeadJobs.DeadJobResponse;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/** Background jobs given up, for operators: this server's own endpoints, outside the reference's paths, in both modes. */
@RunsToCompletion
@Path("/jobs/dead")
@Tag(name = "Background jobs", description = "This server's own extension (not in the reference interface): the background jobs"
        + " given up after their retries (DEAD). One given up while it moved or held money may have left a payment half done: it"
        + " is kept until an operator resolves it; the others are deleted after SVC_RETENTION_DEAD_JOBS.")
public class DeadJobResource {

    private final DeadJobs deadJobs;
    private final CurrentCaller caller;

    public DeadJobResource(DeadJobs deadJobs, CurrentCaller caller) {
        this.deadJobs = deadJobs;
        this.caller = caller;
    }

    /** Newest first; {@code moneyOnly=true} lists only the jobs given up while they held money. */
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "List dead jobs",
            description = "Background jobs given up after their retries, newest first; moneyOnly=true lists only those given up while "
                    + "they held money.")
    @GET
    @Secured(value = Permission.VIEW, orAnyOf = Permission.BANK_OPERATIONS)
    public Uni<Page<DeadJobResponse>> list(@QueryParam("moneyOnly") String moneyOnly, @QueryParam("limit") String limit,
                                           @QueryParam("cursor") String cursor) {
        return deadJobs.list(moneyOnly, limit, cursor);
    }

    /** Body {@code {"reason"}}, required: what was done about the job's money, by hand. */
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Resolve a dead job",
            description = "Records what an operator did about a dead job's money, by hand (reason required); the job is then closed.")
    @POST
    @Path("{jobId}/resolve")
    @Secured(value = Permission.MANAGE, orAnyOf = Permission.BANK_OPERATIONS)
    public Uni<DeadJobResponse> resolve(@PathParam("jobId") String jobId,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = RequiredReason.class))) JsonBody<RequiredReason> body) {
        return deadJobs.resolve(jobId, body.bound(), caller.get());
    }

    /** Body {@code {"reason"}}, required: why it may run again now. */
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Retry a dead job",
            description = "Runs a dead job again, due now with its attempts counted from zero, once its cause is fixed (reason"
                    + " required; who, when and why are kept on the job). Its step applies once, so a retry of a step that did happen"
                    + " changes nothing. 409 for a job resolved by hand.")
    @POST
    @Path("{jobId}/retry")
    @Secured(value = Permission.MANAGE, orAnyOf = Permission.BANK_OPERATIONS)
    public Uni<DeadJobResponse> retry(@PathParam("jobId") String jobId,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = RequiredReason.class))) JsonBody<RequiredReason> body) {
        return deadJobs.retry(jobId, body.bound(), caller.get());
    }
}
