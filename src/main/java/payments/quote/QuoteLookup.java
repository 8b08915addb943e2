package payments.quote;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.quote.QuoteView.QuoteResponse;
import payments.transaction.PaymentTransaction;

/** Reading quotes: one by id (GET /quotes/{id}), and the lookups every quote use case starts from. */
@ApplicationScoped
public class QuoteLookup {

    private final QuoteView view;

    public QuoteLookup(QuoteView view) {
        this.view = view;
    }

    public static final ErrorCode NOT_FOUND = ErrorCode.QUOTE_NOT_FOUND;

    public static Uni<Quote> find(String quoteId, boolean forUpdate) {
        return Ids.find(IdType.QUOTE, quoteId, NOT_FOUND, "Quote", id -> forUpdate
                ? Quote.findById(id, LockModeType.PESSIMISTIC_WRITE) : Quote.findById(id));
    }

    public static Uni<PaymentTransaction> transactionOf(Quote quote, boolean forUpdate) {
        return forUpdate ? PaymentTransaction.findById(quote.transactionId, LockModeType.PESSIMISTIC_WRITE)
                : PaymentTransaction.findById(quote.transactionId);
    }

    @WithSession
    public Uni<QuoteResponse> get(String quoteId) {
        return find(quoteId, false).flatMap(quote -> transactionOf(quote, false).map(t -> view.toWire(quote, t)));
    }
}
