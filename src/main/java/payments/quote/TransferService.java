package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.FieldError;
import payments.common.schema.RequestSchemas;
import payments.quote.QuotePricing.Mode;
import payments.transaction.TransactionView.TransactionResponse;
import payments.transaction.TransactionView;

import java.util.List;

/**
 * The deprecated same-currency transfers, kept in their older shapes. Each is the migration rule
 * applied: a quote from the source account to the destination account, locking the sending side
 * at {@code amount}, executed at once; the caller gets the transaction back.
 */
@ApplicationScoped
public class TransferService {

    private final RequestSchemas schemas;
    private final QuoteCreation quotes;
    private final TransactionView view;

    public TransferService(RequestSchemas schemas, QuoteCreation quotes, TransactionView view) {
        this.schemas = schemas;
        this.quotes = quotes;
        this.view = view;
    }

    /** POST /transfer-in: pull from the holder's bank account into an internal account. */
    @WithTransaction
    public Uni<TransactionResponse> transferIn(JsonNode body) {
        return transfer(validated(body, "transferIn", "ExternalAccount", "InternalAccount"), Mode.TRANSFER_IN);
    }

    /** POST /transfer-out: push from an internal account to a bank account or wallet. */
    @WithTransaction
    public Uni<TransactionResponse> transferOut(JsonNode body) {
        return transfer(validated(body, "transferOut", "InternalAccount", "ExternalAccount"), Mode.TRANSFER_OUT);
    }

    /** The older body, checked all at once: its schema, the amount, and which kind of account sits on each side. */
    private ObjectNode validated(JsonNode body, String schema, String sourceType, String destinationType) {
        return schemas.validate(body, schema, (request, errors) -> {
            checkAmount(request, errors);
            requirePrefix(body, "source", sourceType, errors);
            requirePrefix(body, "destination", destinationType, errors);
        });
    }

    /**
     * An agent's transfer, in the caller's transaction: checked and priced as POST /transfer-in or
     * /transfer-out would be, not executed (the agent's policy decides that). Answers the quote's id.
     */
    public Uni<String> quoteForAgent(JsonNode body, boolean in, java.util.UUID agentId) {
        ObjectNode request = in ? validated(body, "transferIn", "ExternalAccount", "InternalAccount")
                : validated(body, "transferOut", "InternalAccount", "ExternalAccount");
        ObjectNode quote = quoteOf(request);
        quote.remove("immediatelyExecute");
        return quotes.createForAgent(quote, in ? Mode.TRANSFER_IN : Mode.TRANSFER_OUT, agentId).map(created -> created.quote().wireId());
    }

    private Uni<TransactionResponse> transfer(ObjectNode request, Mode mode) {
        return quotes.create(quoteOf(request), mode).map(created -> view.toWire(created.transaction()));
    }

    /** The quote a transfer request stands for, executed at once. */
    private static ObjectNode quoteOf(ObjectNode request) {
        ObjectNode quote = JsonNodeFactory.instance.objectNode();
        quote.putObject("source").put("sourceType", "ACCOUNT").put("accountId", request.at("/source/accountId").asText());
        ObjectNode destination = quote.putObject("destination").put("destinationType", "ACCOUNT")
                .put("accountId", request.at("/destination/accountId").asText());
        if (request.at("/destination/paymentRail").isTextual()) {
            destination.put("paymentRail", request.at("/destination/paymentRail").asText());
        }
        quote.put("lockedCurrencySide", "SENDING");
        quote.put("lockedCurrencyAmount", request.get("amount").asLong());
        quote.put("immediatelyExecute", true);
        for (String field : List.of("remittanceInformation", "purposeOfPayment")) {
            if (request.has(field)) {
                quote.set(field, request.get(field));
            }
        }
        return quote;
    }

    private static void checkAmount(ObjectNode request, List<FieldError> errors) {
        JsonNode amount = request.get("amount");
        if (amount == null) {
            errors.add(FieldError.of("amount", "Is required"));
        } else if (amount.isIntegralNumber() && amount.bigIntegerValue().signum() < 1) {
            // The schema bounds it above (every amount is at most QuoteMath.MAX_AMOUNT).
            errors.add(FieldError.of("amount", "Must be between 1 and " + QuoteMath.MAX_AMOUNT));
        }
    }

    private static void requirePrefix(JsonNode body, String side, String type, List<FieldError> errors) {
        JsonNode accountId = body.at("/" + side + "/accountId");
        if (accountId.isTextual() && !accountId.asText().startsWith(type + ":")) {
            errors.add(FieldError.of(side + ".accountId", "Must be an " + type + " id"));
        }
    }
}
