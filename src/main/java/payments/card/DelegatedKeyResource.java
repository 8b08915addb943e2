package payments.card;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import payments.common.JsonBody;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.wallet.SignedRetries;
import payments.wallet.Stamp;

import java.util.List;
import java.util.Map;

/** Delegated signing keys for cards funded by embedded wallets. */
@RunsToCompletion
@Path("/auth/delegated-keys")
@Secured(Permission.VIEW)
public class DelegatedKeyResource {

    private final DelegatedKeys keys;

    public DelegatedKeyResource(DelegatedKeys keys) {
        this.keys = keys;
    }

    @POST
    @Secured(Permission.MANAGE)
    public Uni<Response> create(JsonBody<DelegatedKeys.DelegatedKeyCreateRequest> body, @HeaderParam(Stamp.HEADER) String signature,
                                @HeaderParam(SignedRetries.REQUEST_ID_HEADER) String requestId) {
        return keys.create(body, new SignedRetries.Headers(signature, requestId)).map(answer ->
                answer instanceof SignedRetries.Challenge ? Response.accepted(answer).build() : Response.status(201).entity(answer).build());
    }

    @GET
    public Uni<Map<String, List<DelegatedKeys.DelegatedKeyResponse>>> list(@QueryParam("accountId") String accountId,
                                                                         @QueryParam("fundingSourceId") String fundingSourceId) {
        return keys.list(accountId, fundingSourceId);
    }

    @GET
    @Path("{id}")
    public Uni<DelegatedKeys.DelegatedKeyResponse> get(@PathParam("id") String id) {
        return keys.get(id);
    }

    @DELETE
    @Path("{id}")
    @Secured(Permission.MANAGE)
    public Uni<Response> revoke(@PathParam("id") String id) {
        return keys.revoke(id).map(done -> Response.noContent().build());
    }
}
