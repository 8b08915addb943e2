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

    public static Uni<Quote> find(String quoteId, boolean forUpdate) {
        return Ids.find(IdType.QUOTE, quoteId, NOT_FOUND, "Quote", id -> forUpdate
                ? Quote.findById(id, LockModeType.PESSIMISTIC_WRITE) : Quote.findById(id));
    }

    public static Uni<PaymentTransaction> transactionOf(Quote quote, boolean forUpdate) {
        return forUpdate ? PaymentTransaction.findById(quote.transactionId, LockModeType.PESSIMISTIC_WRITE)
                : PaymentTransaction.findById(quote.transactionId);
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
        QueryFilters filters = new QueryFilters()
                .equal("customerId", "customerId", errors.isEmpty() && query.customerId() != null
                        ? Ids.uuidOf(IdType.CUSTOMER, query.customerId(), ErrorCode.USER_NOT_FOUND) : null)
                .where(PAYMENT + "p.senderIdentifier = :sender)", "sender", query.sendingAccountId())
                .where(PAYMENT + "p.receiverIdentifier = :receiver)", "receiver", query.receivingAccountId())
                .where(PAYMENT + "p.receiverIdentifier = :receiverUma)", "receiverUma", query.receivingUmaAddress())
                .where("customerId in (select c.id from Customer c where c.umaAddress = :senderUma)", "senderUma", query.sendingUmaAddress())
                .timeBound("createdAt", "createdAfter", query.createdAfter(), false)
                .timeBound("createdAt", "createdBefore", query.createdBefore(), true);
        errors.addAll(filters.errors());
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        statusFilter(filters, status);
        filters.page("id", page);
        return Page.fetch(Quote.<Quote>find(filters.clause(), Sort.descending("id"), filters.params()),
                        () -> Quote.count(filters.countClause(), filters.countParams()), page, q -> q.id.toString(),
                        java.util.function.Function.<Quote>identity())
                .flatMap(found -> PaymentTransaction.<PaymentTransaction>list("id in ?1",
                                found.data().stream().map(q -> q.transactionId).filter(java.util.Objects::nonNull).toList())
                        .map(payments -> {
                            Map<UUID, PaymentTransaction> byId = payments.stream().collect(Collectors.toMap(t -> t.id, t -> t));
                            return found.map(q -> view.toWire(q, byId.get(q.transactionId)));
                        }));
    }

    private static final String PAYMENT = "transactionId in (select p.id from PaymentTransaction p where ";

    /** The status a quote answers with: its own until PROCESSING, then its payment's (QuoteView.statusOf). */
    private static void statusFilter(QueryFilters filters, QuoteStatus status) {
        if (status == null) {
            return;
        }
        switch (status) {
            case COMPLETED -> filters.where("status = 'PROCESSING' and " + PAYMENT + "p.status = :paymentStatus)", "paymentStatus",
                    TransactionStatus.COMPLETED);
            case FAILED -> filters.where("(status = 'FAILED' or status = 'PROCESSING' and " + PAYMENT + "p.status in :paymentStatuses))",
                    "paymentStatuses", QuoteView.FAILED_PAYMENTS);
            case PROCESSING -> filters.where("status = 'PROCESSING' and " + PAYMENT + "p.status not in :finished)", "finished",
                    java.util.stream.Stream.concat(QuoteView.FAILED_PAYMENTS.stream(), java.util.stream.Stream.of(TransactionStatus.COMPLETED)).toList());
            default -> filters.equal("status", "status", status.name());
        }
    }

    @WithSession
    public Uni<QuoteResponse> get(String quoteId) {
        return find(quoteId, false).flatMap(quote -> transactionOf(quote, false).map(t -> view.toWire(quote, t)));
    }
}
