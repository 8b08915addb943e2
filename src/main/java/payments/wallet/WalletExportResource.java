package payments.wallet;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import payments.common.JsonBody;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/** Exporting an embedded wallet's master secret to its owner (signed retry). */
@RunsToCompletion
@Path("/internal-accounts/{id}/export")
@Secured(Permission.MANAGE)
public class WalletExportResource {

    private final WalletExport export;

    public WalletExportResource(WalletExport export) {
        this.export = export;
    }

    @POST
    public Uni<Response> export(@PathParam("id") String id, JsonBody<ClientKeyRequest> body, @HeaderParam(Stamp.HEADER) String signature,
                                @HeaderParam(SignedRetries.REQUEST_ID_HEADER) String requestId) {
        return export.export(id, body, new SignedRetries.Headers(signature, requestId)).map(answer ->
                answer instanceof SignedRetries.Challenge ? Response.accepted(answer).build() : Response.ok(answer).build());
    }
}
