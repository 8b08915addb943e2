package payments.directory;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import payments.common.Page;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.directory.DirectoryRecords.InstitutionList;
import payments.directory.DirectoryRecords.UmaProvider;
import payments.directory.DirectoryRecords.Vasp;

/** Read-only directories: UMA providers, VASPs, and payment institutions by corridor. */
@Path("/")
@Secured(Permission.VIEW)
public class DirectoryResource {

    private final DirectoryService service;

    public DirectoryResource(DirectoryService service) {
        this.service = service;
    }

    @GET
    @Path("uma-providers")
    public Page<UmaProvider> umaProviders(@QueryParam("countryCode") String countryCode, @QueryParam("currencyCode") String currencyCode,
                                          @QueryParam("hasBlockedProviders") String hasBlockedProviders,
                                          @QueryParam("sortOrder") String sortOrder, @QueryParam("limit") String limit,
                                          @QueryParam("cursor") String cursor) {
        return service.providers(countryCode, currencyCode, hasBlockedProviders, sortOrder, limit, cursor);
    }

    @GET
    @Path("vasps")
    public Page<Vasp> vasps(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return service.vasps(limit, cursor);
    }

    @GET
    @Path("discoveries")
    public InstitutionList discoveries(@QueryParam("country") String country, @QueryParam("currency") String currency) {
        return service.institutions(country, currency);
    }
}
