package payments.card;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import org.jboss.logging.Logger;
import payments.card.CardAuthorizations.AuthorizationRequest;
import payments.card.CardTransaction.Kind;
import payments.card.CardView.CardMerchant;
import payments.card.CardView.CardTransactionResponse;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.Job;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.common.jobs.Jobs;
import payments.ledger.Ledger;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/**
 * What the card network reports about existing cards and transactions: clearings, returns and
 * their reversals, authorization advices, the single-message and credit authorizations, and this
 * server's own follow-ups (a delayed pull's confirmation, an authorization's expiry). Each is
 * checked when it arrives and applied by a job right after, once per event token however often
 * the job runs; the purchase authorization itself is decided at once ({@link #authorize}).
 */
@ApplicationScoped
public class CardNetworkEvents implements JobHandler {

    public static final String TYPE = "card.network-event";
    public static final String CLEARING = "CLEARING";
    public static final String RETURN = "RETURN";
    public static final String AUTHORIZATION_ADVICE = "AUTHORIZATION_ADVICE";
    public static final String RETURN_REVERSAL = "RETURN_REVERSAL";
    static final String CONFIRM_PULL = "CONFIRM_PULL";
    static final String EXPIRY = "EXPIRY";

    private static final Logger LOG = Logger.getLogger(CardNetworkEvents.class);
    private static final Set<String> OPEN = Set.of(CardTransaction.AUTHORIZED, CardTransaction.SETTLED, CardTransaction.EXCEPTION);
    /** Dual-message authorizations: single-message ones cleared as they were approved. */
    private static final Set<Kind> CLEARABLE = Set.of(Kind.AUTHORIZATION, Kind.CREDIT_AUTHORIZATION, Kind.CREDIT_ADVICE);

    /** One event as its job carries it. */
    public record Event(String token, String kind, UUID cardId, UUID transactionId, Long amount, String currency,
                        CardMerchant merchant, String signal) {

        static Event internal(String kind, CardTransaction row) {
            return new Event(Ids.newUuid().toString(), kind, row.cardId, row.id, null, null, null, null);
        }
    }

    private final CardService cards;
    private final CardAuthorizations authorizations;
    private final Ledger ledger;
    private final CardView view;
    private final Jobs jobs;
    private final JsonText json;
    private final ServerClock clock;

    public CardNetworkEvents(CardService cards, CardAuthorizations authorizations, Ledger ledger, CardView view, Jobs jobs,
                             JsonText json, ServerClock clock) {
        this.cards = cards;
        this.authorizations = authorizations;
        this.ledger = ledger;
        this.view = view;
        this.jobs = jobs;
        this.json = json;
        this.clock = clock;
    }

    static Uni<Job> schedule(Jobs jobs, JsonText json, Event event, Instant at) {
        return jobs.enqueue(TYPE, json.write(event), at);
    }

    /** A dual-message purchase authorization, decided now: the resulting row, AUTHORIZED or DECLINED. */
    @WithTransaction
    public Uni<CardTransactionResponse> authorize(String cardId, long amount, String currency, CardMerchant merchant,
                                                  IssuerSignal signal) {
        cards.requireIssuer();
        UUID id = Ids.uuidOf(IdType.CARD, cardId, CardService.NOT_FOUND);
        return authorizations.authorize(id, new AuthorizationRequest(Kind.AUTHORIZATION, amount, currency, merchant, signal,
                Ids.newUuid().toString())).map(view::toWire);
    }

    /** Any other authorization-family message: checked now (card, currency), applied by the job. Answers the event's token. */
    @WithTransaction
    public Uni<String> submitAuthorization(String cardId, Kind kind, long amount, String currency, CardMerchant merchant,
                                           IssuerSignal signal) {
        cards.requireIssuer();
        return CardService.find(cardId, false).flatMap(card -> {
            CardAuthorizations.requireCardCurrency(card, currency);
            Event event = new Event(Ids.newUuid().toString(), kind.name(), card.id, null, amount, card.currency, merchant,
                    signal.name());
            return schedule(jobs, json, event, clock.now()).map(job -> event.token());
        });
    }

    /**
     * A clearing, return, authorization advice or return reversal on one of the card's
     * transactions: 404 for an unknown card or transaction, 400 when the transaction cannot take
     * it now. Answers the event's token.
     */
    @WithTransaction
    public Uni<String> submit(String cardId, String kind, String cardTransactionId, Long amount) {
        cards.requireIssuer();
        return CardService.find(cardId, false).flatMap(card -> Ids.find(IdType.CARD_TRANSACTION, cardTransactionId,
                        ErrorCode.TRANSACTION_NOT_FOUND, "Card transaction", id -> CardTransaction.<CardTransaction>findById(id))
                .map(row -> {
                    if (!row.cardId.equals(card.id)) {
                        throw new ApiException(ErrorCode.TRANSACTION_NOT_FOUND, "Card transaction " + cardTransactionId
                                + " not found on card " + cardId);
                    }
                    String refusal = refusal(kind, row, amount == null ? 0 : amount);
                    if (refusal != null) {
                        throw ApiException.invalidField(RETURN.equals(kind) && refusal.startsWith("amount") ? "amount" : "cardTransactionId",
                                null, refusal);
                    }
                    return row;
                }))
                .flatMap(row -> {
                    Event event = new Event(Ids.newUuid().toString(), kind, row.cardId, row.id, amount, row.currency, null, null);
                    return schedule(jobs, json, event, clock.now()).map(job -> event.token());
                });
    }

    /** Why {@code row} cannot take this event now; null when it can. */
    static String refusal(String kind, CardTransaction row, long amount) {
        boolean purchase = row.kind() == Kind.AUTHORIZATION || row.kind() == Kind.FINANCIAL;
        return switch (kind) {
            // A lapsed (VOIDED) authorization still takes the network's clearing: it is force-posted.
            case CLEARING -> !CLEARABLE.contains(row.kind()) || !OPEN.contains(row.status) && !CardTransaction.VOIDED.equals(row.status)
                    ? "Transaction " + row.wireId() + " (" + row.kind + ", " + row.status + ") takes no clearing" : null;
            case AUTHORIZATION_ADVICE -> row.kind() != Kind.AUTHORIZATION || !OPEN.contains(row.status)
                    ? "Transaction " + row.wireId() + " (" + row.kind + ", " + row.status + ") is not an open purchase authorization" : null;
            case RETURN -> !purchase || row.settlementCount == 0 ? "Transaction " + row.wireId() + " has no settled purchase to return"
                    : amount > row.settledAmount - row.refundedAmount ? "amount must be at most the net settled amount, "
                    + (row.settledAmount - row.refundedAmount) : null;
            case RETURN_REVERSAL -> row.kind() != Kind.RETURN || !CardTransaction.SETTLED.equals(row.status)
                    ? "Transaction " + row.wireId() + " is not a posted merchant return (pass the return's own id)" : null;
            default -> "Unknown event " + kind;
        };
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public boolean movesMoney() {
        return true;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        Event event = json.read(job.payload(), Event.class);
        return Panache.withTransaction(() -> claim(event).flatMap(claimed -> claimed ? apply(event) : Uni.createFrom().voidItem()))
                .replaceWith(JobOutcome.done())
                .onFailure(ApiException.class).recoverWithItem(failure -> {
                    // The transaction changed since the event was accepted (e.g. already voided): nothing to apply.
                    LOG.infof("Card network event %s (%s) not applied: %s", event.token(), event.kind(), failure.getMessage());
                    return JobOutcome.done();
                });
    }

    private Uni<Boolean> claim(Event event) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        INSERT INTO card_network_events (token, card_id, kind, applied_at) VALUES (:token, :card, :kind, :at)
                        ON CONFLICT (token) DO NOTHING""")
                .setParameter("token", UUID.fromString(event.token()))
                .setParameter("card", event.cardId())
                .setParameter("kind", event.kind())
                .setParameter("at", clock.now())
                .executeUpdate()).map(inserted -> inserted == 1);
    }

    private Uni<Void> apply(Event event) {
        if (event.transactionId() == null) {
            Kind kind = Kind.valueOf(event.kind());
            return authorizations.authorize(event.cardId(), new AuthorizationRequest(kind, event.amount(), event.currency(),
                    event.merchant(), IssuerSignal.valueOf(event.signal()), event.token())).replaceWithVoid();
        }
        UUID token = UUID.fromString(event.token());
        return locked(event.transactionId()).flatMap(row -> switch (event.kind()) {
            case CONFIRM_PULL -> authorizations.confirmPull(row);
            case EXPIRY -> authorizations.confirmPull(row).call(() -> expire(row, token));
            case CLEARING -> requireAccepted(event, row).confirmPull(row).call(() -> clear(row, event.amount(), token));
            case AUTHORIZATION_ADVICE -> requireAccepted(event, row).confirmPull(row).call(() -> advise(row, event.amount(), token));
            case RETURN -> requireAccepted(event, row).confirmPull(row).call(() -> merchantReturn(row, event.amount(), token));
            case RETURN_REVERSAL -> requireAccepted(event, row).confirmPull(row)
                    .call(() -> locked(row.originalTransactionId).flatMap(parent -> reverseReturn(parent, row, token)));
            default -> throw new IllegalStateException("Unknown card network event " + event.kind());
        });
    }

    private static Uni<CardTransaction> locked(UUID id) {
        return CardTransaction.findById(id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The authorizations, once the row can still take the event (rechecked under its lock). */
    private CardAuthorizations requireAccepted(Event event, CardTransaction row) {
        String refusal = refusal(event.kind(), row, event.amount() == null ? 0 : event.amount());
        if (refusal != null) {
            throw ApiException.invalidField("cardTransactionId", null, refusal);
        }
        return authorizations;
    }

    /**
     * A clearing: amount 0 is the authorization's expiry; otherwise the network is paid, from
     * what the row's pull left in card settlement and, beyond it, from a post-hoc pull on the
     * funding account. A pull that fails, or any shortfall on a row already in EXCEPTION, is
     * force-posted from the losses account and leaves the row in EXCEPTION.
     */
    private Uni<Void> clear(CardTransaction row, long amount, UUID token) {
        if (amount == 0) {
            return expire(row, token);
        }
        authorizations.touch(row);
        if (row.kind().credit()) {
            return ledger.post(CardJournals.credit("CARD_CREDIT", token, row.accountId, row.currency, amount))
                    .flatMap(posted -> settled(row, amount));
        }
        long covered = Math.min(amount, row.open());
        long extra = amount - covered;
        boolean exception = CardTransaction.EXCEPTION.equals(row.status);
        Uni<Boolean> fromAccount = extra == 0 || exception ? Uni.createFrom().item(extra == 0)
                : authorizations.tryPull(row, CardJournals.clearing(token, row.accountId, row.currency, covered, extra, true));
        return fromAccount.flatMap(pulled -> {
            if (pulled && extra > 0) {
                row.pulledAmount += extra;
                row.pullCount++;
                return settled(row, amount);
            }
            Uni<?> posted = ledger.post(CardJournals.clearing(token, row.accountId, row.currency, covered, extra, false));
            if (extra > 0) {
                row.lossAmount += extra;
                CardTransactionStatus.move(row, CardTransaction.EXCEPTION);
            }
            return posted.flatMap(ignored -> settled(row, amount));
        });
    }

    private Uni<Void> settled(CardTransaction row, long amount) {
        CardAuthorizations.settle(row, amount);
        if (CardTransaction.AUTHORIZED.equals(row.status)) {
            CardTransactionStatus.move(row, CardTransaction.SETTLED);
        } else if (CardTransaction.VOIDED.equals(row.status)) {
            // Cleared after it lapsed (a force post): paid as any clearing, flagged as a settlement anomaly.
            CardTransactionStatus.move(row, CardTransaction.EXCEPTION);
        }
        return authorizations.publish(row);
    }

    /**
     * The authorization lapses: what card settlement still holds for it goes back to the funding
     * account. An authorization that never cleared is VOIDED; a settled one stays SETTLED.
     */
    private Uni<Void> expire(CardTransaction row, UUID token) {
        long open = row.kind().credit() ? 0 : row.open();
        Uni<?> given = open > 0 ? ledger.post(CardJournals.giveBack("CARD_EXPIRY", token, row.accountId,
                row.currency, open)) : Uni.createFrom().voidItem();
        return given.flatMap(ignored -> {
            row.returnedAmount += open;
            authorizations.touch(row);
            if (row.settlementCount == 0 && CardTransaction.AUTHORIZED.equals(row.status)) {
                CardTransactionStatus.move(row, CardTransaction.VOIDED);
                return authorizations.publish(row);
            }
            return Uni.createFrom().voidItem();
        });
    }

    /** On closing the card with its funding account: every authorization not cleared yet lapses now, as at its expiry. */
    Uni<Void> lapseUncleared(Card card) {
        return CardTransaction.<CardTransaction>find("cardId = ?1 and status = ?2 order by id", card.id, CardTransaction.AUTHORIZED)
                .withLock(LockModeType.PESSIMISTIC_WRITE).list()
                .flatMap(rows -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (CardTransaction row : rows) {
                        chain = chain.call(() -> expire(row, Ids.newUuid()));
                    }
                    return chain;
                });
    }

    /** An authorization advice: the authorized amount becomes {@code total}; more is pulled, or the part not needed given back. */
    private Uni<Void> advise(CardTransaction row, long total, UUID token) {
        long delta = total - row.authorizedAmount;
        authorizations.touch(row);
        if (delta > 0 && !CardTransaction.EXCEPTION.equals(row.status)) {
            return authorizations.tryPull(row, CardJournals.pull("CARD_ADVICE", token, row.accountId, row.currency, delta))
                    .flatMap(pulled -> {
                        // Not pulled: nothing is owed yet; the clearing pulls what it needs, or books a loss.
                        row.authorizedAmount = total;
                        if (pulled) {
                            row.pulledAmount += delta;
                            row.pullCount++;
                        }
                        return authorizations.publish(row);
                    });
        }
        long giveBack = delta < 0 ? Math.min(-delta, row.open()) : 0;
        Uni<?> given = giveBack > 0 ? ledger.post(CardJournals.giveBack("CARD_ADVICE", token, row.accountId,
                row.currency, giveBack)) : Uni.createFrom().voidItem();
        return given.flatMap(ignored -> {
            row.returnedAmount += giveBack;
            row.authorizedAmount = total;
            return authorizations.publish(row);
        });
    }

    /** A merchant return: its own CREDIT row, SETTLED, linked to the purchase, whose refunded amount grows (SETTLED re-fires). */
    private Uni<Void> merchantReturn(CardTransaction purchase, long amount, UUID token) {
        CardTransaction refund = CardTransaction.open(Kind.RETURN, purchase.cardId, purchase.customerId,
                purchase.platformCustomerId, purchase.accountId, purchase.currency, amount, purchase.merchant, token.toString(),
                clock.now());
        refund.originalTransactionId = purchase.id;
        CardTransactionStatus.move(refund, CardTransaction.SETTLED);
        CardAuthorizations.settle(refund, amount);
        // A purchase the service paid for (a loss) is refunded to the service first.
        long toLosses = Math.min(amount, purchase.lossAmount - purchase.recoveredAmount);
        refund.recoveredAmount = toLosses;
        purchase.recoveredAmount += toLosses;
        purchase.refundedAmount += amount;
        purchase.refundCount++;
        authorizations.touch(purchase);
        return ledger.post(CardJournals.returned(token, refund.accountId, refund.currency, amount - toLosses, toLosses))
                .flatMap(posted -> refund.<CardTransaction>persist())
                .flatMap(saved -> authorizations.publish(refund))
                .flatMap(ignored -> authorizations.publish(purchase));
    }

    /**
     * The merchant takes a return back: the amount is pulled from the funding account again
     * (the return row goes to VOIDED), or, when that fails, taken as a loss (EXCEPTION). The
     * purchase's refunded amount shrinks and its SETTLED re-fires.
     */
    private Uni<Void> reverseReturn(CardTransaction purchase, CardTransaction refund, UUID token) {
        long amount = refund.settledAmount;
        long fromLosses = refund.recoveredAmount;
        long fromAccount = amount - fromLosses;
        return authorizations.tryPull(refund, CardJournals.returnReversed(token, refund.accountId, refund.currency, fromAccount, fromLosses, true))
                .flatMap(pulled -> {
                    authorizations.touch(refund);
                    purchase.recoveredAmount -= fromLosses;
                    if (pulled) {
                        refund.pulledAmount += fromAccount;
                        refund.pullCount++;
                        CardTransactionStatus.move(refund, CardTransaction.VOIDED);
                        return Uni.createFrom().voidItem();
                    }
                    refund.lossAmount += fromAccount;
                    CardTransactionStatus.move(refund, CardTransaction.EXCEPTION);
                    return ledger.post(CardJournals.returnReversed(token, refund.accountId, refund.currency, fromAccount, fromLosses,
                            false)).replaceWithVoid();
                })
                .flatMap(ignored -> {
                    purchase.refundedAmount -= amount;
                    purchase.refundCount--;
                    authorizations.touch(purchase);
                    return authorizations.publish(refund);
                })
                .flatMap(ignored -> authorizations.publish(purchase));
    }
}
