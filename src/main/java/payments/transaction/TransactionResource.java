package payments.transaction;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import payments.card.CardView.CardTransactionResponse;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.ReasonRequest;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.db.ReplicaRead;
import payments.transaction.TransactionService.TransactionListQuery;
import payments.transaction.TransactionView.TransactionResponse;

import java.util.List;

@RunsToCompletion
@Path("/")
@Secured(Permission.VIEW)
public class TransactionResource {

    /** The list's documented shape: payments and card rows. */
    public record TransactionPage(@Schema(oneOf = {TransactionResponse.class, CardTransactionResponse.class}) List<Object> data,
                                  boolean hasMore, String nextCursor, long totalCount) {
    }

    private final TransactionService service;

    public TransactionResource(TransactionService service) {
        this.service = service;
    }

    @GET
    @ReplicaRead
    @Path("transactions")
    @APIResponse(responseCode = "200", description = "Payments and card transactions (type CARD), newest first",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = TransactionPage.class)))
    public Uni<Page<Object>> list(@QueryParam("customerId") String customerId,
                                               @QueryParam("platformCustomerId") String platformCustomerId,
                                               @QueryParam("accountIdentifier") String accountIdentifier,
                                               @QueryParam("senderAccountIdentifier") String senderAccountIdentifier,
                                               @QueryParam("receiverAccountIdentifier") String receiverAccountIdentifier,
                                               @QueryParam("status") String status,
                                               @QueryParam("type") String type,
                                               @QueryParam("reference") String reference,
                                               @QueryParam("startDate") String startDate,
                                               @QueryParam("endDate") String endDate,
                                               @QueryParam("cardId") String cardId,
                                               @QueryParam("limit") String limit,
                                               @QueryParam("cursor") String cursor,
                                               @QueryParam("sortOrder") String sortOrder) {
        return service.list(new TransactionListQuery(customerId, platformCustomerId, accountIdentifier,
                senderAccountIdentifier, receiverAccountIdentifier, status, type, reference, startDate, endDate, cardId,
                limit, cursor, sortOrder));
    }

    @GET
    @ReplicaRead
    @Path("transactions/{transactionId}")
    @APIResponse(responseCode = "200", description = "A payment, or a card transaction for a CardTransaction id",
            content = @Content(schema = @Schema(oneOf = {TransactionResponse.class, CardTransactionResponse.class})))
    public Uni<Object> get(@PathParam("transactionId") String transactionId) {
        return service.get(transactionId);
    }

    @POST
    @Path("transactions/{transactionId}/cancel")
    @Secured(Permission.TRANSACT)
    @Consumes(MediaType.WILDCARD)
    public Uni<TransactionResponse> cancel(@PathParam("transactionId") String transactionId, JsonBody<ReasonRequest> body) {
        return service.cancel(transactionId, body);
    }

    @POST
    @Path("transactions/{transactionId}/confirm")
    @Secured(Permission.TRANSACT)
    @Consumes(MediaType.WILDCARD)
    public Uni<TransactionResponse> confirm(@PathParam("transactionId") String transactionId,
                                            JsonBody<TransactionService.ReceiptConfirmation> body) {
        return service.confirmReceipt(transactionId, body);
    }
}
