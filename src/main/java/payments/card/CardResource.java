package payments.card;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import payments.card.CardService.CardListQuery;
import payments.card.CardView.CardResponse;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.QueryFilters;
import payments.common.ServerConfig;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.PublicUrls;
import payments.common.web.RunsToCompletion;

@RunsToCompletion
@Path("/cards")
@Secured(Permission.VIEW)
public class CardResource {

    /** POST /cards body, bound once the interface's schema has checked it (CardService.CREATE). */
    public record CardCreateRequest(String customerId, @Schema(enumeration = "VIRTUAL") String form, String fundingSource,
                                    @Schema(description = "Ignored: the server generates it") String platformCardId,
                                    @Schema(description = "Static 3-D Secure password: required exactly when the funding"
                                            + " account's cardCapabilities.supports3dSecurePassword is true; forwarded, never kept")
                                    String threeDSecurePassword,
                                    Long maxSpendPerTransaction, Long maxSpendPerDay, Integer maxTransactionsPerDay) {
    }

    /** PATCH /cards/{id} body: at least one field; which were sent (a limit sent as null is cleared) is the bound body's to say. */
    public record CardUpdateRequest(@Schema(enumeration = {"ACTIVE", "FROZEN", "CLOSED"}) String status, String fundingSource,
                                    Long maxSpendPerTransaction, Long maxSpendPerDay, Integer maxTransactionsPerDay,
                                    String threeDSecurePassword) {
    }

    private final CardService service;
    private final CardReveals reveals;
    private final CardTokenization tokenization;
    private final Idempotency idempotency;
    private final CurrentCaller caller;
    private final ServerConfig config;

    public CardResource(CardService service, CardReveals reveals, CardTokenization tokenization, Idempotency idempotency,
                        CurrentCaller caller, ServerConfig config) {
        this.tokenization = tokenization;
        this.service = service;
        this.reveals = reveals;
        this.config = config;
        this.idempotency = idempotency;
        this.caller = caller;
    }

    /** Idempotency-Key is required here: a retry returns the first card, never a second one. */
    @POST
    @Secured(Permission.MANAGE)
    public Uni<Response> create(@HeaderParam(Idempotency.HEADER) String idempotencyKey,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = CardCreateRequest.class)))
            JsonBody<CardCreateRequest> body) {
        service.requireIssuer();
        return idempotency.runWithRequiredKey(caller.get(), idempotencyKey, "POST", "/cards", body.tree(),
                "issuing a card needs an Idempotency-Key so that a retry cannot issue a second card",
                () -> service.issue(body).map(ApiResult::created));
    }

    /** The spec's customerId and status filters; the reference's cardholderId and state mean the same (never ignored). */
    @GET
    public Uni<Page<CardResponse>> list(@QueryParam("customerId") String customerId, @QueryParam("cardholderId") String cardholderId,
                                        @QueryParam("accountId") String accountId, @QueryParam("platformCardId") String platformCardId,
                                        @QueryParam("status") String status, @QueryParam("state") String state,
                                        @QueryParam("sortOrder") String sortOrder, @QueryParam("limit") String limit,
                                        @QueryParam("cursor") String cursor) {
        return service.list(new CardListQuery(QueryFilters.renamed("customerId", customerId, "cardholderId", cardholderId), accountId,
                platformCardId, QueryFilters.renamed("status", status, "state", state), sortOrder, limit, cursor));
    }

    @GET
    @Path("{id}")
    public Uni<CardResponse> get(@PathParam("id") String id) {
        return service.get(id);
    }

    /** Platform credentials alone, answered 200 at once (no signed retry): freezing or closing is often done without the cardholder. */
    @PATCH
    @Path("{id}")
    @Secured(Permission.MANAGE)
    public Uni<CardResponse> update(@PathParam("id") String id,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = CardUpdateRequest.class)))
            JsonBody<CardUpdateRequest> body) {
        return service.update(id, body);
    }

    /** A short-lived, single-use link to the card's number, expiry and CVV; recorded with the caller that asked. */
    @POST
    @Path("{id}/reveal")
    @Secured(Permission.MANAGE)
    public Uni<CardReveals.RevealLink> reveal(@PathParam("id") String id, @Context UriInfo uri) {
        return reveals.reveal(id, caller.get(), PublicUrls.base(config, uri));
    }

    /**
     * Push provisioning: the wallet SDK's values in, the encrypted payload it passes on out. Apple
     * Pay: {@code certificates} (base64 DER, leaf first), {@code nonce}, {@code nonceSignature} ->
     * {@code encryptedPassData}, {@code activationData}, {@code ephemeralPublicKey}. Google Pay:
     * {@code clientDeviceId}, {@code clientWalletAccountId} -> {@code opaquePaymentCard}.
     */
    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Cards")
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Add a card to a digital wallet",
            description = "This server's own extension: the provisioning data Apple Pay or Google Pay asks for to add the card to a "
                    + "device wallet.")
    @POST
    @Path("{id}/tokenize")
    @Secured(Permission.MANAGE)
    public Uni<java.util.Map<String, String>> tokenize(@PathParam("id") String id,
            @RequestBody(content = @Content(mediaType = "application/json", schema = @Schema(implementation = CardTokenizeRequest.class)))
            JsonBody<CardTokenizeRequest> body) {
        return tokenization.tokenize(id, body, caller.get());
    }

    /** POST /cards/{id}/tokenize body, bound once CardTokenization.REQUEST has checked it. */
    public record CardTokenizeRequest(@Schema(enumeration = {"APPLE_PAY", "GOOGLE_PAY"}, required = true) String wallet,
                                      @Schema(description = "Apple Pay: the wallet's certificate chain, base64 DER, leaf first")
                                      java.util.List<String> certificates,
                                      @Schema(description = "Apple Pay: base64") String nonce,
                                      @Schema(description = "Apple Pay: base64") String nonceSignature,
                                      @Schema(description = "Google Pay") String clientDeviceId,
                                      @Schema(description = "Google Pay") String clientWalletAccountId) {
    }
}
