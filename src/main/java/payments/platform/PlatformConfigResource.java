package payments.platform;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import payments.common.JsonBody;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.platform.PlatformConfigRecords.PlatformConfig;
import payments.platform.PlatformConfigRecords.PlatformConfigUpdateRequest;

@RunsToCompletion
@Path("/config")
public class PlatformConfigResource {

    private final PlatformConfigService service;

    public PlatformConfigResource(PlatformConfigService service) {
        this.service = service;
    }

    @GET
    @Secured(Permission.VIEW)
    public Uni<PlatformConfig> get() {
        return service.get();
    }

    @PATCH
    @Secured(Permission.MANAGE)
    public Uni<PlatformConfig> update(
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = PlatformConfigUpdateRequest.class))) JsonBody<PlatformConfigUpdateRequest> body) {
        return service.update(body.bound());
    }
}
