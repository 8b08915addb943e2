package payments.sandbox;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import payments.common.JsonBody;
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
    @Tag(name = "Sandbox")
    @Operation(summary = "Fund a stablecoin operation",
            description = "This server's own extension (sandbox only): the simulated provider receives the funding of a mint waiting for "
                    + "it.")
    @POST
    @Path("/stablecoin-operations/{stablecoinOperationId}/fund")
    public Uni<StablecoinOperationResponse> fund(@PathParam("stablecoinOperationId") String id) {
        return operations.fund(id);
    }

    /** The provider revokes the link (REVOKED), stops accepting its credentials (INVALID), or accepts them again (ACTIVE). */
    @Tag(name = "Sandbox")
    @Operation(summary = "Set a stablecoin provider account's status",
            description = "This server's own extension (sandbox only): the simulated provider revokes the link (REVOKED), stops accepting "
                    + "its credentials (INVALID), or accepts them again (ACTIVE).")
    @POST
    @Path("/stablecoin-provider-accounts/{stablecoinProviderAccountId}/status")
    public Uni<StablecoinProviderAccountResponse> status(@PathParam("stablecoinProviderAccountId") String id, @RequestBody(content =
            @Content(mediaType = "application/json", schema = @Schema(implementation = ProviderAccountStatusRequest.class))) JsonBody<ProviderAccountStatusRequest> body) {
        ProviderAccountStatusRequest request = body.bound().valid();
        return providerAccounts.setStatus(id, request == null ? null : request.status());
    }

    /** The provider account's new status. */
    public record ProviderAccountStatusRequest(@Schema(enumeration = {"ACTIVE", "REVOKED", "INVALID"}, required = true) String status) {
    }
}
