package payments.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import payments.common.JsonBodies;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.security.SandboxOnly;
import payments.common.web.RunsToCompletion;
import payments.stablecoin.StablecoinOperations;
import payments.stablecoin.StablecoinProviderAccounts;
import payments.stablecoin.StablecoinRecords.StablecoinOperationResponse;
import payments.stablecoin.StablecoinRecords.StablecoinProviderAccountResponse;

/** What the sandbox's stablecoin provider does on its own side: funds arriving, credentials revoked. */
@RunsToCompletion
@Path("/sandbox")
@SandboxOnly
@Secured(Permission.MANAGE)
public class SandboxStablecoinResource {

    private final StablecoinOperations operations;
    private final StablecoinProviderAccounts providerAccounts;

    public SandboxStablecoinResource(StablecoinOperations operations, StablecoinProviderAccounts providerAccounts) {
        this.operations = operations;
        this.providerAccounts = providerAccounts;
    }

    /** The wire of a mint, or the tokens of a burn, reach the provider; it processes the operation next. */
    @POST
    @Path("/stablecoin-operations/{stablecoinOperationId}/fund")
    public Uni<StablecoinOperationResponse> fund(@PathParam("stablecoinOperationId") String id) {
        return operations.fund(id);
    }

    /** The provider revokes the link (REVOKED), stops accepting its credentials (INVALID), or accepts them again (ACTIVE). */
    @POST
    @Path("/stablecoin-provider-accounts/{stablecoinProviderAccountId}/status")
    public Uni<StablecoinProviderAccountResponse> status(@PathParam("stablecoinProviderAccountId") String id, JsonNode body) {
        JsonNode object = JsonBodies.optionalObject(body);
        return providerAccounts.setStatus(id, object == null ? null : object.path("status").textValue());
    }
}
