package payments.quote;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.FieldError;
import payments.common.JsonBodies;
import payments.common.JsonBody;
import payments.common.schema.JsonSchema;
import payments.common.schema.RequestSchemas;
import payments.quote.QuotePricing.Mode;
import payments.transaction.TransactionView;
import payments.transaction.TransactionView.TransactionResponse;

import java.util.List;

/**
 * The deprecated same-currency transfers, kept in their older shapes. Each is the migration rule
 * applied: a quote from the source account to the destination account, locking the sending side
 * at {@code amount}, executed at once; the caller gets the transaction back.
 */
@ApplicationScoped
public class TransferService {

    /** The body of the deprecated POST /transfer-in and /transfer-out (TransferInRequest, TransferOutRequest), and the agent's. */
    public record TransferRequest(AccountSide source, AccountSide destination, Long amount, String remittanceInformation,
                                  String purposeOfPayment) {
    }

    /** One side of a transfer: the account, and (paying out) the rail asked for. */
    public record AccountSide(String accountId, String paymentRail) {
    }

    private final JsonSchema inSchema;
    private final JsonSchema outSchema;
    private final QuoteCreation quotes;
    private final TransactionView view;

    public TransferService(RequestSchemas schemas, QuoteCreation quotes, TransactionView view) {
        this.inSchema = schemas.get("transferIn");
        this.outSchema = schemas.get("transferOut");
        this.quotes = quotes;
        this.view = view;
    }

    /** POST /transfer-in: pull from the holder's bank account into an internal account. */
    @WithTransaction
    public Uni<TransactionResponse> transferIn(JsonBody<TransferRequest> body) {
        return transfer(checked(body, true), Mode.TRANSFER_IN);
    }

    /** POST /transfer-out: push from an internal account to a bank account or wallet. */
    @WithTransaction
    public Uni<TransactionResponse> transferOut(JsonBody<TransferRequest> body) {
        return transfer(checked(body, false), Mode.TRANSFER_OUT);
    }

    /** The older body, checked all at once: its schema, the amount, and which kind of account sits on each side. */
    public TransferRequest checked(JsonBody<TransferRequest> body, boolean in) {
        JsonBodies.Bound<TransferRequest> bound = body.checked(in ? inSchema : outSchema);
        return bound.valid((request, errors) -> {
            if (!bound.sent("amount") || bound.sentAsNull("amount")) {
                errors.add(FieldError.of("amount", "Is required"));
            } else if (request.amount() != null && request.amount() < 1) {
                // The schema bounds it above (every amount is at most QuoteMath.MAX_AMOUNT).
                errors.add(FieldError.of("amount", "Must be between 1 and " + QuoteMath.MAX_AMOUNT));
            }
            requirePrefix(request.source(), "source", in ? "ExternalAccount" : "InternalAccount", errors);
            requirePrefix(request.destination(), "destination", in ? "InternalAccount" : "ExternalAccount", errors);
        });
    }

    /**
     * An agent's transfer, checked ({@link #checked}), in the caller's transaction: priced as POST
     * /transfer-in or /transfer-out would be, not executed (the agent's policy decides that). Answers the quote's id.
     */
    public Uni<String> quoteForAgent(TransferRequest request, boolean in, java.util.UUID agentId) {
        return quotes.createForAgent(quoteOf(request, false), in ? Mode.TRANSFER_IN : Mode.TRANSFER_OUT, agentId)
                .map(created -> created.quote().wireId());
    }

    private Uni<TransactionResponse> transfer(TransferRequest request, Mode mode) {
        return quotes.create(quoteOf(request, true), mode).map(created -> view.toWire(created.transaction()));
    }

    /** The quote a transfer request stands for, executed at once unless an agent's policy decides that. */
    private static QuoteCreateRequest quoteOf(TransferRequest request, boolean execute) {
        return QuoteCreateRequest.transfer(QuoteCreateRequest.Source.account(request.source().accountId()),
                QuoteCreateRequest.Destination.account(request.destination().accountId(), request.destination().paymentRail()),
                request.amount(), execute, request.remittanceInformation(), request.purposeOfPayment());
    }

    private static void requirePrefix(AccountSide side, String name, String type, List<FieldError> errors) {
        if (side != null && side.accountId() != null && !side.accountId().startsWith(type + ":")) {
            errors.add(FieldError.of(name + ".accountId", "Must be an " + type + " id"));
        }
    }
}
