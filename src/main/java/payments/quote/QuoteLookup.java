package payments.quote;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import io.quarkus.panache.common.Sort;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.transaction.TransactionStatus;
import payments.quote.QuoteView.QuoteResponse;
import payments.transaction.PaymentTransaction;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/** Reading quotes: one by id (GET /quotes/{id}), a list (GET /quotes), and the lookups every quote use case starts from. */
@ApplicationScoped
public class QuoteLookup {

    private final QuoteView view;

    public QuoteLookup(QuoteView view) {
        this.view = view;
    }

    public static final ErrorCode NOT_FOUND = ErrorCode.QUOTE_NOT_FOUND;

    /**
     * The quote by its wire id: its row, or (a quote executed at once, kept in no row) the one its
     * transaction serves ({@link Quote#servedFrom}); with {@code forUpdate} the row read is locked.
     */
    public static Uni<Quote> find(String quoteId, boolean forUpdate) {
        return Ids.find(IdType.QUOTE, quoteId, NOT_FOUND, "Quote", id -> (forUpdate
                ? Quote.<Quote>findById(id, LockModeType.PESSIMISTIC_WRITE) : Quote.<Quote>findById(id))
                .flatMap(quote -> quote != null ? Uni.createFrom().item(quote)
                        : transaction(id, forUpdate).map(t -> t != null && Quote.carriesItsOwnQuote(t) ? Quote.servedFrom(t) : null)));
    }

    public static Uni<PaymentTransaction> transactionOf(Quote quote, boolean forUpdate) {
        return transaction(quote.transactionId, forUpdate);
    }

    private static Uni<PaymentTransaction> transaction(UUID id, boolean forUpdate) {
        return forUpdate ? PaymentTransaction.findById(id, LockModeType.PESSIMISTIC_WRITE) : PaymentTransaction.findById(id);
    }

    /** GET /quotes's filters, as given. */
    public record QuoteListQuery(String customerId, String sendingAccountId, String receivingAccountId, String sendingUmaAddress,
                                 String receivingUmaAddress, String status, String createdAfter, String createdBefore,
                                 String limit, String cursor) {
    }

    /**
     * GET /quotes: the platform's quotes, newest first. Not in the reference interface; the official
     * SDKs list quotes, so the server answers them (docs/decisions.md). Accounts and UMA addresses
     * filter through the quote's payment (its sender and receiver); a status filters the status the
     * quote answers with, which after PROCESSING is its payment's.
     */
    @WithSession
    public Uni<Page<QuoteResponse>> list(QuoteListQuery query) {
        PageRequest page = PageRequest.of(query.limit(), query.cursor());
        List<FieldError> errors = new ArrayList<>();
        if (query.customerId() != null && !Ids.isValid(IdType.CUSTOMER, query.customerId())) {
            errors.add(new FieldError("customerId", FieldError.Constraint.idOf(IdType.CUSTOMER), "Must be a Customer id"));
        }
        QuoteStatus status = null;
        if (query.status() != null) {
            List<String> names = Arrays.stream(QuoteStatus.values()).map(Enum::name).toList();
            if (names.contains(query.status())) {
                status = QuoteStatus.valueOf(query.status());
            } else {
                errors.add(new FieldError("status", FieldError.Constraint.oneOf(names), "Not a quote status"));
            }
        }
        // Every quote has its transaction (which a quote executed at once is served from): list those.
        QueryFilters filters = new QueryFilters().where("quoteId is not null")
                .equal("customerId", "customerId", errors.isEmpty() && query.customerId() != null
                        ? Ids.uuidOf(IdType.CUSTOMER, query.customerId(), ErrorCode.USER_NOT_FOUND) : null)
                .where("senderIdentifier = :sender", "sender", query.sendingAccountId())
                .where("receiverIdentifier = :receiver", "receiver", query.receivingAccountId())
                .where("receiverIdentifier = :receiverUma", "receiverUma", query.receivingUmaAddress())
                .where("customerId in (select c.id from Customer c where c.umaAddress = :senderUma)", "senderUma", query.sendingUmaAddress())
                .timeBound("createdAt", "createdAfter", query.createdAfter(), false)
                .timeBound("createdAt", "createdBefore", query.createdBefore(), true);
        errors.addAll(filters.errors());
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        statusFilter(filters, status);
        filters.page("id", page);
        return Page.fetch(PaymentTransaction.<PaymentTransaction>find(filters.clause(), Sort.descending("id"), filters.params()),
                        () -> PaymentTransaction.count(filters.countClause(), filters.countParams()), page, t -> t.id.toString(),
                        java.util.function.Function.<PaymentTransaction>identity())
                .flatMap(found -> Quote.<Quote>list("id in ?1", found.data().stream().map(t -> t.quoteId).toList())
                        .map(saved -> {
                            Map<UUID, Quote> byId = saved.stream().collect(Collectors.toMap(q -> q.id, q -> q));
                            return found.map(t -> view.toWire(quoteOf(t, byId), t));
                        }));
    }

    /** A listed transaction's quote: its row, or the one it serves. */
    private static Quote quoteOf(PaymentTransaction t, Map<UUID, Quote> saved) {
        Quote quote = saved.get(t.quoteId);
        if (quote != null) {
            return quote;
        }
        if (!Quote.carriesItsOwnQuote(t)) {
            throw new IllegalStateException("Quote " + t.quoteId + " of transaction " + t.id + " has no row");
        }
        return Quote.servedFrom(t);
    }

    /** The quote's own status (a quote without a row was saved PROCESSING), in a filter on its transaction. */
    private static final String QUOTE_STATUS = "coalesce((select q.status from Quote q where q.id = quoteId), 'PROCESSING')";

    /** The status a quote answers with: its own until PROCESSING, then its payment's (QuoteView.statusOf). */
    private static void statusFilter(QueryFilters filters, QuoteStatus status) {
        if (status == null) {
            return;
        }
        switch (status) {
            case COMPLETED -> filters.where(QUOTE_STATUS + " = 'PROCESSING' and status = :paymentStatus", "paymentStatus",
                    TransactionStatus.COMPLETED);
            case FAILED -> filters.where("(" + QUOTE_STATUS + " = 'FAILED' or " + QUOTE_STATUS + " = 'PROCESSING' and status in :paymentStatuses)",
                    "paymentStatuses", QuoteView.FAILED_PAYMENTS);
            case PROCESSING -> filters.where(QUOTE_STATUS + " = 'PROCESSING' and status not in :finished", "finished",
                    java.util.stream.Stream.concat(QuoteView.FAILED_PAYMENTS.stream(), java.util.stream.Stream.of(TransactionStatus.COMPLETED)).toList());
            default -> filters.where(QUOTE_STATUS + " = :quoteStatus", "quoteStatus", status.name());
        }
    }

    @WithSession
    public Uni<QuoteResponse> get(String quoteId) {
        return find(quoteId, false).flatMap(quote -> transactionOf(quote, false).map(t -> view.toWire(quote, t)));
    }
}
