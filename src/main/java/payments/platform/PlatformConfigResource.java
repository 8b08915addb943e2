package payments.platform;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import payments.common.JsonBodies;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.platform.PlatformConfigRecords.PlatformConfig;
import payments.platform.PlatformConfigRecords.PlatformConfigUpdateRequest;

@RunsToCompletion
@Path("/config")
public class PlatformConfigResource {

    private final PlatformConfigService service;
    private final JsonBodies bodies;

    public PlatformConfigResource(PlatformConfigService service, JsonBodies bodies) {
        this.service = service;
        this.bodies = bodies;
    }

    @GET
    @Secured(Permission.VIEW)
    public Uni<PlatformConfig> get() {
        return service.get();
    }

    @PATCH
    @Secured(Permission.MANAGE)
    public Uni<PlatformConfig> update(
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = PlatformConfigUpdateRequest.class))) JsonNode body) {
        return service.update(bodies.bind(body, PlatformConfigUpdateRequest.class));
    }
}
