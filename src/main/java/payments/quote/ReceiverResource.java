package payments.quote;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.quote.ReceiverService.LookupResponse;
import payments.common.web.RunsToCompletion;

@RunsToCompletion
@Path("/")
@Secured(Permission.VIEW)
public class ReceiverResource {

    private final ReceiverService service;

    public ReceiverResource(ReceiverService service) {
        this.service = service;
    }

    @GET
    @Path("receiver/uma/{receiverUmaAddress}")
    public Uni<LookupResponse> lookupUma(@PathParam("receiverUmaAddress") String address,
                                        @QueryParam("senderUmaAddress") String senderUmaAddress,
                                        @QueryParam("customerId") String customerId) {
        return service.lookupUma(address, senderUmaAddress, customerId);
    }

    @GET
    @Path("receiver/external-account/{accountId}")
    public Uni<LookupResponse> lookupExternalAccount(@PathParam("accountId") String accountId,
                                                     @QueryParam("senderUmaAddress") String senderUmaAddress,
                                                     @QueryParam("customerId") String customerId) {
        return service.lookupExternalAccount(accountId, senderUmaAddress, customerId);
    }
}
