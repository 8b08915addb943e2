package payments.transaction;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import org.jboss.logging.Logger;
import payments.account.AccountInfoRules;
import payments.account.ExternalAccount;
import payments.card.CardTransactions;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ReasonRequest;
import payments.common.ServerClock;
import payments.transaction.TransactionView.TransactionResponse;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

/** Reading transactions, and the platform's own actions on them (receipt confirmation). */
@ApplicationScoped
public class TransactionService {

    public static final ErrorCode NOT_FOUND = ErrorCode.TRANSACTION_NOT_FOUND;

    private final TransactionView view;
    private final CardTransactions cards;
    private final ServerClock clock;
    private final PaymentLifecycle lifecycle;
    private final TransactionStore store;
    private final JsonText json;
    private static final Logger LOG = Logger.getLogger(TransactionService.class);

    public TransactionService(TransactionView view, ServerClock clock, PaymentLifecycle lifecycle, TransactionStore store,
                              JsonText json, CardTransactions cards) {
        this.cards = cards;
        this.json = json;
        this.store = store;
        this.view = view;
        this.clock = clock;
        this.lifecycle = lifecycle;
    }

    /** GET /transactions filters, as the query string carries them. */
    public record TransactionListQuery(String customerId, String platformCustomerId, String accountIdentifier,
                                       String senderAccountIdentifier, String receiverAccountIdentifier,
                                       String status, String type, String reference, String startDate,
                                       String endDate, String cardId, String limit, String cursor, String sortOrder) {
    }

    /** GET /transactions/{id}: one raw query, no session (the most frequent read of all); a CardTransaction id reads a card row. */
    public Uni<Object> get(String transactionId) {
        if (transactionId != null && transactionId.startsWith(IdType.CARD_TRANSACTION.prefix() + ":")) {
            return cardRow(transactionId);
        }
        return Ids.find(IdType.TRANSACTION, transactionId, NOT_FOUND, "Transaction", store::byId).map(view::toWire);
    }

    private Uni<Object> cardRow(String transactionId) {
        return io.quarkus.hibernate.reactive.panache.Panache.withSession(() -> Ids.find(IdType.CARD_TRANSACTION, transactionId,
                NOT_FOUND, "Transaction", cards::find)).map(row -> row);
    }

    @WithSession
    public Uni<Page<Object>> list(TransactionListQuery query) {
        PageRequest page = PageRequest.of(query.limit(), query.cursor());
        List<FieldError> errors = new ArrayList<>();
        boolean ascending = PageRequest.ascending(query.sortOrder(), errors);
        if (query.status() != null && !TransactionStatus.ALL.contains(query.status())) {
            errors.add(new FieldError("status", FieldError.Constraint.oneOf(TransactionStatus.ALL.stream().sorted().toList()),
                    "Not a transaction status"));
        }
        List<String> types = List.of(PaymentTransaction.INCOMING, PaymentTransaction.OUTGOING, "CARD");
        if (query.type() != null && !types.contains(query.type())) {
            errors.add(new FieldError("type", FieldError.Constraint.oneOf(types), "Must be INCOMING, OUTGOING or CARD"));
        }
        if ("CARD".equals(query.type()) && query.status() != null) {
            errors.add(FieldError.of("status", "Cannot be combined with type=CARD; card transactions have their own statuses"));
        }
        if (query.customerId() != null && !Ids.isValid(IdType.CUSTOMER, query.customerId())) {
            errors.add(FieldError.of("customerId", "Must be a Customer id"));
        }
        if (query.cardId() != null && CardTransactions.cardIdOf(query.cardId()) == null) {
            errors.add(new FieldError("cardId", FieldError.Constraint.idOf(IdType.CARD), "Must be a Card id or its UUID"));
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        QueryFilters filters = new QueryFilters()
                .equal("customerId", "customerId", query.customerId() == null ? null : payments.customer.CustomerService.uuidOf(query.customerId()))
                .equal("platformCustomerId", "platformCustomerId", query.platformCustomerId())
                .equal("status", "status", query.status())
                .equal("type", "type", query.type())
                .equal("reference", "reference", query.reference())
                .equal("senderIdentifier", "sender", query.senderAccountIdentifier())
                .equal("receiverIdentifier", "receiver", query.receiverAccountIdentifier())
                .where("(senderIdentifier = :account or receiverIdentifier = :account)", "account", query.accountIdentifier())
                .timeBound("createdAt", "startDate", query.startDate(), false)
                .timeBound("createdAt", "endDate", query.endDate(), true)
                .page("id", page, ascending);
        boolean cardsOnly = query.cardId() != null || "CARD".equals(query.type());
        boolean paymentsOnly = query.type() != null && !"CARD".equals(query.type()) || query.status() != null
                || query.reference() != null;
        Sort sort = ascending ? Sort.ascending("id") : Sort.descending("id");
        Uni<List<PaymentTransaction>> payments = cardsOnly ? Uni.createFrom().item(List.of())
                : PaymentTransaction.<PaymentTransaction>find(filters.clause(), sort, filters.params()).range(0, page.fetchSize() - 1).list();
        return payments.flatMap(paymentRows -> (cardsOnly ? Uni.createFrom().item(0L)
                        : PaymentTransaction.count(filters.countClause(), filters.countParams()))
                .flatMap(paymentTotal -> cardRows(query, page, ascending, paymentsOnly).map(cardRows -> {
                    List<Listed> merged = new ArrayList<>();
                    paymentRows.forEach(t -> merged.add(new Listed(t.id, () -> view.toWire(t))));
                    cardRows.rows().forEach(t -> merged.add(new Listed(t.id, () -> cards.toWire(t))));
                    merged.sort(ascending ? Comparator.comparing(Listed::id) : Comparator.comparing(Listed::id).reversed());
                    List<Listed> rows = merged.subList(0, Math.min(merged.size(), page.fetchSize()));
                    return Page.of(rows, page, listed -> listed.id().toString(), listed -> listed.wire().get(),
                            paymentTotal + cardRows.total());
                })));
    }

    /** A payment or a card row of a merged list page, rendered only if it makes the page. */
    private record Listed(UUID id, Supplier<Object> wire) {
    }

    /** The card rows the list's filters select: none when a filter only payments have is set. */
    private Uni<CardTransactions.Rows> cardRows(TransactionListQuery query, PageRequest page, boolean ascending, boolean paymentsOnly) {
        UUID cardId = query.cardId() == null ? null : CardTransactions.cardIdOf(query.cardId());
        String account = query.accountIdentifier() != null ? query.accountIdentifier()
                : query.senderAccountIdentifier() != null ? query.senderAccountIdentifier() : query.receiverAccountIdentifier();
        boolean internalAccount = account == null || Ids.isValid(IdType.INTERNAL_ACCOUNT, account);
        if (paymentsOnly || !internalAccount || query.senderAccountIdentifier() != null && query.receiverAccountIdentifier() != null) {
            return Uni.createFrom().item(new CardTransactions.Rows(List.of(), 0));
        }
        String direction = query.accountIdentifier() != null ? null : query.senderAccountIdentifier() != null
                ? PaymentTransaction.DEBIT : query.receiverAccountIdentifier() != null ? PaymentTransaction.CREDIT : null;
        return cards.page(new CardTransactions.Filter(
                query.customerId() == null ? null : payments.customer.CustomerService.uuidOf(query.customerId()),
                query.platformCustomerId(), cardId,
                account == null ? null : Ids.uuidOf(IdType.INTERNAL_ACCOUNT, account, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND),
                direction, query.startDate(), query.endDate()), page, ascending);
    }

    /** The optional body of POST /transactions/{id}/confirm (ConfirmReceiptDeliveryRequest); now when not given. */
    public record ReceiptConfirmation(String receiptDeliveryConfirmedAt) {
    }

    /** POST /transactions/{id}/confirm: records (or overwrites) when the receipt reached the customer. */
    @WithTransaction
    public Uni<TransactionResponse> confirmReceipt(String transactionId, JsonBody<ReceiptConfirmation> body) {
        Instant at = clock.now();
        String value = body.orEmpty().receiptDeliveryConfirmedAt();
        if (value != null) {
            try {
                at = OffsetDateTime.parse(value).toInstant();
            } catch (DateTimeParseException e) {
                throw ApiException.invalidField("receiptDeliveryConfirmedAt", FieldError.Constraint.format("date-time"),
                        "Must be an ISO 8601 date-time");
            }
        }
        Instant confirmedAt = at;
        return find(transactionId, true).map(t -> {
            t.receiptDeliveryConfirmedAt = confirmedAt;
            t.updatedAt = clock.now();
            return view.toWire(t);
        });
    }

    /**
     * POST /transactions/{id}/cancel: a bank transfer still on its way (PROCESSING, to or from a
     * bank account or address) is stopped and refunded; anything settled, failed, not yet executed
     * or between internal accounts (which settle at once) is past cancelling: 409.
     */
    @WithTransaction
    public Uni<TransactionResponse> cancel(String transactionId, JsonBody<ReasonRequest> body) {
        String reason = cancelReason(body);
        return find(transactionId, true).flatMap(t -> {
            if (!TransactionStatus.PROCESSING.equals(t.status)) {
                throw new ApiException(ErrorCode.TRANSACTION_NOT_CANCELLABLE, "Transaction " + t.wireId() + " is " + t.status
                        + " and can no longer be cancelled");
            }
            return overBankRail(t);
        }).flatMap(t -> {
            LOG.infof("Transaction %s cancelled by the platform%s", t.wireId(), reason == null ? "" : ": " + reason);
            return lifecycle.cancel(t).map(ignored -> view.toWire(t));
        });
    }

    /** The optional {@code reason} of a cancellation: the platform's own note, logged with it. */
    private static String cancelReason(JsonBody<ReasonRequest> body) {
        String reason = body.orEmpty().reason();
        if (reason != null && reason.length() > 255) {
            throw ApiException.invalidField("reason", FieldError.Constraint.length(null, 255), "Must be a string of at most 255 characters");
        }
        return reason;
    }

    /**
     * The payment, when it moves over a bank rail (a payout to a bank account, or a pull from one):
     * the only kind a banking partner can stop; 400 for any other. Transfers between internal
     * accounts settle at once; UMA payments (whatever account they end in) and wallet payments
     * cannot be called back.
     */
    private Uni<PaymentTransaction> overBankRail(PaymentTransaction t) {
        String fromSource = PaymentTransaction.externalAccountIn(json.read(t.source));
        String external = fromSource != null ? fromSource : PaymentTransaction.externalAccountIn(json.read(t.destination));
        Uni<Boolean> bank = external == null || t.fromUma() ? Uni.createFrom().item(false)
                : ExternalAccount.<ExternalAccount>findById(Ids.uuidOf(IdType.EXTERNAL_ACCOUNT, external, ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND))
                        .map(account -> account != null && !AccountInfoRules.isWallet(account.accountType));
        return bank.map(overBank -> {
            if (!overBank) {
                throw ApiException.invalidField("transactionId", null, "Only bank transfers (to or from a bank account) can be"
                        + " cancelled; transfers between internal accounts, UMA and wallet payments cannot");
            }
            return t;
        });
    }

    public static Uni<PaymentTransaction> find(String transactionId, boolean forUpdate) {
        return Ids.find(IdType.TRANSACTION, transactionId, NOT_FOUND, "Transaction", id -> forUpdate
                ? PaymentTransaction.findById(id, LockModeType.PESSIMISTIC_WRITE) : PaymentTransaction.findById(id));
    }
}
