package payments.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import payments.card.CardNetworkEvents;
import payments.card.CardTransaction.Kind;
import payments.card.CardView.CardMerchant;
import payments.common.UnknownFields;
import payments.common.ApiException;
import payments.common.ApiResult;
import payments.common.Idempotency;
import payments.common.JsonText;
import payments.common.schema.JsonSchema;
import payments.common.schema.SchemaValidator;
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
    private final JsonText json;
    private final Idempotency idempotency;
    private final CurrentCaller caller;

    public SandboxCardResource(CardNetworkEvents network, JsonText json, Idempotency idempotency, CurrentCaller caller) {
        this.network = network;
        this.json = json;
        this.idempotency = idempotency;
        this.caller = caller;
    }

    @POST
    @Path("authorization")
    public Uni<Response> authorization(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key,
                                       JsonNode body) {
        return idempotency.run(caller.get(), key, "POST", "/sandbox/cards/" + cardId + "/simulate/authorization", body, () -> {
            JsonNode request = checked(body, AUTHORIZATION);
            CardMerchant merchant = merchant(request);
            return network.authorize(cardId, request.get("amount").longValue(), request.at("/currency/code").asText(), merchant,
                    MagicValues.cardSignal(merchant.descriptor())).map(ApiResult::ok);
        });
    }

    @POST
    @Path("balance_inquiry")
    public Uni<Response> balanceInquiry(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "balance_inquiry", key, body, () -> {
            CardMerchant merchant = merchant(checked(body, BALANCE_INQUIRY));
            return network.submitAuthorization(cardId, Kind.BALANCE_INQUIRY, 0, null, merchant,
                    MagicValues.cardSignal(merchant.descriptor()));
        });
    }

    @POST
    @Path("credit_authorization")
    public Uni<Response> creditAuthorization(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "credit_authorization", key, body, () -> authorizationFamily(cardId, body, Kind.CREDIT_AUTHORIZATION));
    }

    @POST
    @Path("financial_authorization")
    public Uni<Response> financialAuthorization(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "financial_authorization", key, body, () -> authorizationFamily(cardId, body, Kind.FINANCIAL));
    }

    @POST
    @Path("financial_credit_authorization")
    public Uni<Response> financialCreditAuthorization(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "financial_credit_authorization", key, body, () -> authorizationFamily(cardId, body, Kind.FINANCIAL_CREDIT));
    }

    @POST
    @Path("credit_authorization_advice")
    public Uni<Response> creditAuthorizationAdvice(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "credit_authorization_advice", key, body, () -> authorizationFamily(cardId, body, Kind.CREDIT_ADVICE));
    }

    @POST
    @Path("clearing")
    public Uni<Response> clearing(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "clearing", key, body, () -> onTransaction(cardId, checked(body, CLEARING), CardNetworkEvents.CLEARING));
    }

    @POST
    @Path("return")
    public Uni<Response> merchantReturn(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "return", key, body, () -> onTransaction(cardId, checked(body, POSITIVE_AMOUNT), CardNetworkEvents.RETURN));
    }

    @POST
    @Path("authorization_advice")
    public Uni<Response> authorizationAdvice(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "authorization_advice", key, body, () -> onTransaction(cardId, checked(body, POSITIVE_AMOUNT), CardNetworkEvents.AUTHORIZATION_ADVICE));
    }

    /** Pass the merchant return's own id (the CREDIT row), not its purchase's. */
    @POST
    @Path("return_reversal")
    public Uni<Response> returnReversal(@PathParam("id") String cardId, @HeaderParam(Idempotency.HEADER) String key, JsonNode body) {
        return once(cardId, "return_reversal", key, body, () -> onTransaction(cardId, checked(body, REVERSAL), CardNetworkEvents.RETURN_REVERSAL));
    }

    private Uni<String> authorizationFamily(String cardId, JsonNode body, Kind kind) {
        JsonNode request = checked(body, AUTHORIZATION);
        CardMerchant merchant = merchant(request);
        return network.submitAuthorization(cardId, kind, request.get("amount").longValue(),
                request.at("/currency/code").asText(), merchant, MagicValues.cardSignal(merchant.descriptor()));
    }

    private Uni<String> onTransaction(String cardId, JsonNode request, String kind) {
        JsonNode amount = request.get("amount");
        return network.submit(cardId, kind, request.get("cardTransactionId").asText(), amount == null ? null : amount.longValue());
    }

    /**
     * A simulation answered 202 with its event's token; with an Idempotency-Key, a retry gets the
     * first answer and no second event (a network event applies once).
     */
    private Uni<Response> once(String cardId, String kind, String key, JsonNode body, Supplier<Uni<String>> submit) {
        return idempotency.run(caller.get(), key, "POST", "/sandbox/cards/" + cardId + "/simulate/" + kind, body,
                () -> Uni.createFrom().<String>deferred(submit::get).map(token -> new ApiResult(202, new SimulationAccepted(token))));
    }

    private static JsonNode checked(JsonNode body, JsonSchema schema) {
        if (body == null || !body.isObject()) {
            throw ApiException.bodyNotAnObject();
        }
        SchemaValidator.Result result = UnknownFields.validate(body, schema, "");
        if (!result.valid()) {
            throw ApiException.invalidInput(result.errors());
        }
        return result.value();
    }

    private CardMerchant merchant(JsonNode request) {
        return json.read(json.write(request.get("merchant")), CardMerchant.class);
    }
}
