package payments.platform;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.platform.PlatformConfigRecords.PlatformConfig;
import payments.platform.PlatformConfigRecords.PlatformConfigUpdateRequest;
import payments.common.web.RunsToCompletion;

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
    public Uni<PlatformConfig> update(PlatformConfigUpdateRequest request) {
        return service.update(request);
    }
}
