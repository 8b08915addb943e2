package payments.sandbox;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import payments.card.CardNetworkEvents;
import payments.card.CardTransaction.Kind;
import payments.card.CardView.CardMerchant;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.schema.JsonSchema;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.SandboxOnly;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

import java.util.function.Supplier;

/**
 * The ten card network simulators. {@code authorization} is decided at once and answers the
 * resulting card transaction; the other nine answer 202 with the event's
 * {@code issuerTransactionToken} and a job applies them right after. The merchant descriptor's
 * last three characters choose the issuer's signal (see {@link MagicValues#cardSignal}).
 */
@RunsToCompletion
@Path("/sandbox/cards/{id}/simulate")
@SandboxOnly
@Secured(Permission.TRANSACT)
public class SandboxCardResource {

    /** An authorization-like event's body: its amount, currency and merchant. */
    public record AuthorizationSimulation(Long amount, CurrencyRef currency, CardMerchant merchant) {
    }

    /** The currency of a simulated event: its code matters, the rest is the network's description. */
    public record CurrencyRef(String code, String name, String symbol, Integer decimals) {
    }

    /** A balance inquiry's body: the merchant asking. */
    public record BalanceInquirySimulation(CardMerchant merchant) {
    }

    /** A body naming an earlier card transaction, with the amount of the event when it has one. */
    public record TransactionSimulation(String cardTransactionId, Long amount) {
    }

    /** The reference's answer to an asynchronous simulation. */
    public record SimulationAccepted(String issuerTransactionToken) {
    }

    private static final String MERCHANT = """
            "merchant": {"type": "object", "required": ["descriptor"], "properties": {
              "descriptor": {"type": "string", "minLength": 1, "maxLength": 25},
              "mcc": {"type": "string", "pattern": "^[0-9]{4}$"},
              "country": {"type": "string", "format": "country"},
              "city": {"type": "string", "maxLength": 255},
              "state": {"type": "string", "maxLength": 255}}}""";
    private static final JsonSchema AUTHORIZATION = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["amount", "currency", "merchant"], "properties": {
              "amount": {"type": "integer", "minimum": 1},
              "currency": {"type": "object", "required": ["code"], "properties": {"code": {"type": "string"},
                "name": {"type": "string", "maxLength": 255}, "symbol": {"type": "string", "maxLength": 16},
                "decimals": {"type": "integer", "minimum": 0, "maximum": 18}}},
            """ + MERCHANT + "}}"));
    private static final JsonSchema BALANCE_INQUIRY = JsonSchema.parse(JsonText.parse(
            "{\"type\": \"object\", \"required\": [\"merchant\"], \"properties\": {" + MERCHANT + "}}"));

    private static JsonSchema onTransaction(long minimum, boolean withAmount) {
        return JsonSchema.parse(JsonText.parse("{\"type\": \"object\", \"required\": [\"cardTransactionId\""
                + (withAmount ? ", \"amount\"" : "") + "], \"properties\": {\"cardTransactionId\": {\"type\": \"string\"}"
                + (withAmount ? ", \"amount\": {\"type\": \"integer\", \"minimum\": " + minimum + "}" : "") + "}}"));
    }

    private static final JsonSchema CLEARING = onTransaction(0, true);
    private static final JsonSchema POSITIVE_AMOUNT = onTransaction(1, true);
    private static final JsonSchema REVERSAL = onTransaction(0, false);

    private final CardNetworkEvents network;
    private final Idempotency idempotency;
    private final CurrentCaller caller;

    public SandboxCardResource(CardNetworkEvents network, Idempotency idempotency, CurrentCaller caller) {
        this.network = network;
        this.idempotency = idempotency;
        this.caller = caller;
    }

    @POST
    @Path("authorization")
    public Uni<Response> authorization(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key,
                                       JsonBody<AuthorizationSimulation> body) {
        return idempotency.run(caller.get(), key, "POST", "/sandbox/cards/" + cardId + "/simulate/authorization", body.tree(), () -> {
            AuthorizationSimulation request = body.checked(AUTHORIZATION).valid();
            return network.authorize(cardId, request.amount(), request.currency().code(), request.merchant(),
                    MagicValues.cardSignal(request.merchant().descriptor())).map(ApiResult::ok);
        });
    }

    @POST
    @Path("balance_inquiry")
    public Uni<Response> balanceInquiry(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<BalanceInquirySimulation> body) {
        return once(cardId, "balance_inquiry", key, body, () -> {
            CardMerchant merchant = body.checked(BALANCE_INQUIRY).valid().merchant();
            return network.submitAuthorization(cardId, Kind.BALANCE_INQUIRY, 0, null, merchant,
                    MagicValues.cardSignal(merchant.descriptor()));
        });
    }

    @POST
    @Path("credit_authorization")
    public Uni<Response> creditAuthorization(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<AuthorizationSimulation> body) {
        return once(cardId, "credit_authorization", key, body, () -> authorizationFamily(cardId, body, Kind.CREDIT_AUTHORIZATION));
    }

    @POST
    @Path("financial_authorization")
    public Uni<Response> financialAuthorization(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<AuthorizationSimulation> body) {
        return once(cardId, "financial_authorization", key, body, () -> authorizationFamily(cardId, body, Kind.FINANCIAL));
    }

    @POST
    @Path("financial_credit_authorization")
    public Uni<Response> financialCreditAuthorization(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<AuthorizationSimulation> body) {
        return once(cardId, "financial_credit_authorization", key, body, () -> authorizationFamily(cardId, body, Kind.FINANCIAL_CREDIT));
    }

    @POST
    @Path("credit_authorization_advice")
    public Uni<Response> creditAuthorizationAdvice(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<AuthorizationSimulation> body) {
        return once(cardId, "credit_authorization_advice", key, body, () -> authorizationFamily(cardId, body, Kind.CREDIT_ADVICE));
    }

    @POST
    @Path("clearing")
    public Uni<Response> clearing(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<TransactionSimulation> body) {
        return once(cardId, "clearing", key, body, () -> onTransaction(cardId, body.checked(CLEARING).valid(), CardNetworkEvents.CLEARING));
    }

    @POST
    @Path("return")
    public Uni<Response> merchantReturn(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<TransactionSimulation> body) {
        return once(cardId, "return", key, body, () -> onTransaction(cardId, body.checked(POSITIVE_AMOUNT).valid(), CardNetworkEvents.RETURN));
    }

    @POST
    @Path("authorization_advice")
    public Uni<Response> authorizationAdvice(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<TransactionSimulation> body) {
        return once(cardId, "authorization_advice", key, body, () -> onTransaction(cardId, body.checked(POSITIVE_AMOUNT).valid(), CardNetworkEvents.AUTHORIZATION_ADVICE));
    }

    /** Pass the merchant return's own id (the CREDIT row), not its purchase's. */
    @POST
    @Path("return_reversal")
    public Uni<Response> returnReversal(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonBody<TransactionSimulation> body) {
        return once(cardId, "return_reversal", key, body, () -> onTransaction(cardId, body.checked(REVERSAL).valid(), CardNetworkEvents.RETURN_REVERSAL));
    }

    private Uni<String> authorizationFamily(String cardId, JsonBody<AuthorizationSimulation> body, Kind kind) {
        AuthorizationSimulation request = body.checked(AUTHORIZATION).valid();
        return network.submitAuthorization(cardId, kind, request.amount(), request.currency().code(), request.merchant(),
                MagicValues.cardSignal(request.merchant().descriptor()));
    }

    private Uni<String> onTransaction(String cardId, TransactionSimulation request, String kind) {
        return network.submit(cardId, kind, request.cardTransactionId(), request.amount());
    }

    /**
     * A simulation answered 202 with its event's token; with an Idempotency-Key, a retry gets the
     * first answer and no second event (a network event applies once).
     */
    private Uni<Response> once(String cardId, String kind, String key, JsonBody<?> body, Supplier<Uni<String>> submit) {
        return idempotency.run(caller.get(), key, "POST", "/sandbox/cards/" + cardId + "/simulate/" + kind, body.tree(),
                () -> Uni.createFrom().<String>deferred(submit::get).map(token -> new ApiResult(202, new SimulationAccepted(token))));
    }
}
