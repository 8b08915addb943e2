package payments.invitation;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonBody;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.invitation.InvitationRecords.UmaInvitation;
import payments.invitation.InvitationRecords.UmaInvitationClaimRequest;
import payments.invitation.InvitationRecords.UmaInvitationCreateRequest;

@RunsToCompletion
@Path("/invitations")
@Secured(Permission.MANAGE)
public class InvitationResource {

    private final InvitationService service;
    private final Idempotency idempotency;
    private final CurrentCaller caller;

    public InvitationResource(InvitationService service, Idempotency idempotency, CurrentCaller caller) {
        this.service = service;
        this.idempotency = idempotency;
        this.caller = caller;
    }

    @POST
    public Uni<Response> create(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = UmaInvitationCreateRequest.class))) JsonBody<UmaInvitationCreateRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/invitations", body.tree(),
                () -> service.create(body.bound()).map(ApiResult::created));
    }

    @GET
    @Path("/{invitationCode}")
    @Secured(Permission.VIEW)
    public Uni<UmaInvitation> get(@PathParam("invitationCode") String code) {
        return service.get(code);
    }

    @POST
    @Path("/{invitationCode}/claim")
    public Uni<Response> claim(@HeaderParam(Idempotency.HEADER) String idempotencyKey, @PathParam("invitationCode") String code,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = UmaInvitationClaimRequest.class))) JsonBody<UmaInvitationClaimRequest> body) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/invitations/" + code + "/claim", body.tree(),
                () -> service.claim(code, body.bound()).map(ApiResult::ok));
    }

    @POST
    @Path("/{invitationCode}/cancel")
    public Uni<Response> cancel(@HeaderParam(Idempotency.HEADER) String idempotencyKey, @PathParam("invitationCode") String code) {
        return idempotency.run(caller.get(), idempotencyKey, "POST", "/invitations/" + code + "/cancel", null,
                () -> service.cancel(code).map(ApiResult::ok));
    }
}
