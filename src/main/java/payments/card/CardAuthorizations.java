package payments.card;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.InternalAccount;
import payments.card.CardTransaction.Kind;
import payments.card.CardView.CardMerchant;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.jobs.Jobs;
import payments.customer.Customer;
import payments.ledger.Journal;
import payments.ledger.Ledger;
import payments.platform.PlatformConfigService;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Card authorizations: this server's decision (card status, funding source, limits, the issuer's
 * signal) and the money it moves. Runs in the caller's transaction with the card row locked, so
 * concurrent authorizations on one card count against its limits one at a time; the ledger's
 * conditional update keeps the funding account from going below zero.
 */
@ApplicationScoped
public class CardAuthorizations {

    public static final String CARD_NOT_ACTIVE = "CARD_NOT_ACTIVE";
    public static final String SPEND_LIMIT_EXCEEDED = "SPEND_LIMIT_EXCEEDED";
    public static final String INSUFFICIENT_FUNDS = "INSUFFICIENT_FUNDS";
    public static final String NO_ELIGIBLE_FUNDING_SOURCE = "NO_ELIGIBLE_FUNDING_SOURCE";

    /** How long the sandbox issuer takes to confirm a delayed pull, on the sandbox clock. */
    static final Duration PULL_CONFIRMATION_DELAY = Duration.ofSeconds(30);

    /** An authorization-family message from the network. {@code token} is the issuer's id for it. */
    public record AuthorizationRequest(Kind kind, long amount, String currency, CardMerchant merchant, IssuerSignal signal,
                                       String token) {
    }

    private final Ledger ledger;
    private final CardView view;
    private final CardIssuer issuer;
    private final PlatformConfigService platform;
    private final WebhookPublisher webhooks;
    private final Jobs jobs;
    private final ServerClock clock;
    private final ServerConfig config;
    private final JsonText json;

    public CardAuthorizations(Ledger ledger, CardView view, CardIssuer issuer, PlatformConfigService platform,
                              WebhookPublisher webhooks, Jobs jobs, ServerClock clock, ServerConfig config, JsonText json) {
        this.ledger = ledger;
        this.view = view;
        this.issuer = issuer;
        this.platform = platform;
        this.webhooks = webhooks;
        this.jobs = jobs;
        this.clock = clock;
        this.config = config;
        this.json = json;
    }

    /** Decides and applies one authorization-family message; the row is AUTHORIZED, SETTLED, VOIDED or DECLINED. */
    public Uni<CardTransaction> authorize(UUID cardId, AuthorizationRequest request) {
        return Card.<Card>findById(cardId, LockModeType.PESSIMISTIC_WRITE).flatMap(card -> {
            if (card == null) {
                throw new ApiException(CardService.NOT_FOUND, "Card " + payments.common.IdType.CARD.wireId(cardId) + " not found");
            }
            requireCardCurrency(card, request.currency());
            return InternalAccount.<InternalAccount>findById(card.fundingAccountId)
                    .flatMap(account -> mayDebit(card.id, account).flatMap(debitable -> Customer.<Customer>findById(card.customerId)
                            .flatMap(holder -> platform.settings().flatMap(settings -> decide(card, debitable, holder,
                                    CardLimits.of(card, settings.cards().limits(card.currency)), request)))));
        });
    }

    /** {@code debitable}: whether the card may draw on its funding account now ({@link #mayDebit}). */
    private Uni<CardTransaction> decide(Card card, boolean debitable, Customer holder, CardLimits limits,
                                        AuthorizationRequest request) {
        CardTransaction row = newRow(card, holder, request);
        boolean debit = !request.kind().credit();
        String decline = null;
        if (request.signal() == IssuerSignal.CARD_PAUSED || !CardStatus.ACTIVE.equals(card.status)) {
            decline = CARD_NOT_ACTIVE;
        } else if (request.signal().declineReason() != null) {
            decline = request.signal().declineReason();
        } else if (!debitable) {
            decline = NO_ELIGIBLE_FUNDING_SOURCE;
        } else if (debit && request.kind() != Kind.BALANCE_INQUIRY && !limits.allow(request.amount(), CardLimits.Usage.of(card, clock.today()))) {
            decline = SPEND_LIMIT_EXCEEDED;
        } else if (debit && request.kind() != Kind.BALANCE_INQUIRY && request.signal() == IssuerSignal.PULL_FAILS) {
            decline = INSUFFICIENT_FUNDS;
        }
        if (decline != null) {
            return declined(row, decline);
        }
        return switch (request.kind()) {
            case BALANCE_INQUIRY -> finish(row, CardTransaction.VOIDED);
            case CREDIT_AUTHORIZATION, CREDIT_ADVICE -> finish(row, CardTransaction.AUTHORIZED);
            case FINANCIAL_CREDIT -> ledger.post(CardJournals.credit("CARD_CREDIT", row.id, row.accountId, row.currency, row.authorizedAmount))
                    .flatMap(posted -> {
                        settle(row, row.authorizedAmount);
                        return finish(row, CardTransaction.SETTLED);
                    });
            default -> pull(card, row, request.signal());
        };
    }

    /** A purchase: pulled now (or held until the issuer confirms), counted in the card's usage, or declined when it cannot be covered. */
    private Uni<CardTransaction> pull(Card card, CardTransaction row, IssuerSignal signal) {
        boolean single = row.kind() == Kind.FINANCIAL;
        boolean held = !single && (signal == IssuerSignal.PULL_DELAYED || signal == IssuerSignal.PULL_CONFIRMATION_FAILS);
        long amount = row.authorizedAmount;
        Journal journal = single ? CardJournals.debit("CARD_PURCHASE", row.id, row.accountId, row.currency, amount, true)
                : held ? CardJournals.hold(row.id, row.accountId, row.currency, amount)
                : CardJournals.pull("CARD_PULL", row.id, row.accountId, row.currency, amount);
        // decide() applied mayDebit in this transaction (a delegated key stays share-locked): post without asking again.
        return postPull(journal).flatMap(covered -> {
            if (!covered) {
                if (issuer.declinesUnderfunded()) {
                    return declined(row, INSUFFICIENT_FUNDS);
                }
                // Production issuers approve and settle anyway: the money is owed and not there.
                CardLimits.count(card, clock.today(), amount);
                return finish(row, CardTransaction.EXCEPTION);
            }
            row.pullCount = 1;
            if (held) {
                row.pendingPullAmount = amount;
            } else {
                row.pulledAmount = amount;
            }
            CardLimits.count(card, clock.today(), amount);
            card.updatedAt = clock.now();
            if (single) {
                settle(row, amount);
                return finish(row, CardTransaction.SETTLED);
            }
            Instant confirmAt = signal == IssuerSignal.PULL_DELAYED ? clock.now().plus(PULL_CONFIRMATION_DELAY) : clock.now();
            Uni<?> confirmation = held ? CardNetworkEvents.schedule(jobs, json, CardNetworkEvents.Event.internal(
                    CardNetworkEvents.CONFIRM_PULL, row), confirmAt) : Uni.createFrom().voidItem();
            return confirmation
                    .call(() -> CardNetworkEvents.schedule(jobs, json, CardNetworkEvents.Event.internal(CardNetworkEvents.EXPIRY, row),
                            clock.now().plus(config.cards().authorizationExpiry())))
                    .flatMap(ignored -> finish(row, CardTransaction.AUTHORIZED));
        });
    }

    static void settle(CardTransaction row, long amount) {
        row.settledAmount += amount;
        row.settlementCount++;
    }

    private CardTransaction newRow(Card card, Customer holder, AuthorizationRequest request) {
        CardTransaction row = CardTransaction.open(request.kind(), card.id, card.customerId,
                holder == null ? null : holder.platformCustomerId, card.fundingAccountId, card.currency, request.amount(),
                json.write(request.merchant()), request.token(), clock.now());
        row.signal = request.signal() == IssuerSignal.NONE ? null : request.signal().name();
        return row;
    }

    /** 400 on {@code currency.code} unless the network message is in the card's currency (no conversion on the card path). */
    static void requireCardCurrency(Card card, String currency) {
        if (currency != null && !card.currency.equals(currency)) {
            throw ApiException.invalidField("currency.code", payments.common.FieldError.Constraint.oneOf(List.of(card.currency)),
                    "Must be the card's currency, " + card.currency);
        }
    }

    private Uni<CardTransaction> declined(CardTransaction row, String reason) {
        row.declinedReason = reason;
        return finish(row, CardTransaction.DECLINED);
    }

    private Uni<CardTransaction> finish(CardTransaction row, String status) {
        CardTransactionStatus.move(row, status);
        return row.<CardTransaction>persist().call(() -> publish(row));
    }

    /** CARD_TRANSACTION.&lt;status&gt; with the row as it is now. */
    Uni<Void> publish(CardTransaction row) {
        return webhooks.publish(statusEvent(row.status), view.toWire(row)).replaceWithVoid();
    }

    private static EventType statusEvent(String status) {
        return switch (status) {
            case CardTransaction.AUTHORIZED -> EventType.CARD_TRANSACTION_AUTHORIZED;
            case CardTransaction.SETTLED -> EventType.CARD_TRANSACTION_SETTLED;
            case CardTransaction.DECLINED -> EventType.CARD_TRANSACTION_DECLINED;
            case CardTransaction.VOIDED -> EventType.CARD_TRANSACTION_VOIDED;
            case CardTransaction.EXCEPTION -> EventType.CARD_TRANSACTION_EXCEPTION;
            default -> throw new IllegalStateException("No event for card transaction status " + status);
        };
    }

    /**
     * The one rule for taking card money from a funding account: the account can send, and an
     * embedded wallet only while an ACTIVE delegated key of this card names it (the owner's
     * consent). The authorization decides by it; every later pull goes through {@link #tryPull}.
     */
    static Uni<Boolean> mayDebit(UUID cardId, InternalAccount account) {
        if (account == null || !account.canTransact()) {
            return Uni.createFrom().item(false);
        }
        if (!InternalAccount.EMBEDDED_WALLET.equals(account.type)) {
            return Uni.createFrom().item(true);
        }
        return DelegatedKeys.authorizesPull(cardId, account.id);
    }

    /**
     * Posts a journal that takes money from the row's funding account: false (nothing posted)
     * when the card may not debit it now ({@link #mayDebit}), or the account cannot cover it or
     * cannot send any more (frozen, closed). Callers book a refusal like any other shortfall.
     */
    Uni<Boolean> tryPull(CardTransaction row, Journal journal) {
        return InternalAccount.<InternalAccount>findById(row.accountId)
                .flatMap(account -> mayDebit(row.cardId, account))
                .flatMap(allowed -> allowed ? postPull(journal) : Uni.createFrom().item(false));
    }

    /** Posts a pull the card may make: false (nothing posted) when the account cannot cover it or cannot send any more. */
    private Uni<Boolean> postPull(Journal journal) {
        return ledger.post(journal).replaceWith(true).onFailure(CardAuthorizations::refusedPull).recoverWithItem(false);
    }

    private static boolean refusedPull(Throwable failure) {
        return failure instanceof Ledger.InactiveAccount
                || failure instanceof ApiException refused && refused.errorCode() == ErrorCode.INSUFFICIENT_FUNDS;
    }

    /**
     * A pull the issuer had not confirmed yet is confirmed now (the hold becomes the pull), or,
     * when the issuer reports the confirmation failed, the hold is lifted and the row goes to
     * EXCEPTION (the network still expects the money; nothing is rolled back automatically).
     */
    Uni<Void> confirmPull(CardTransaction row) {
        long pending = row.pendingPullAmount;
        if (pending == 0) {
            return Uni.createFrom().voidItem();
        }
        row.pendingPullAmount = 0;
        touch(row);
        if (IssuerSignal.PULL_CONFIRMATION_FAILS.name().equals(row.signal)) {
            return ledger.post(CardJournals.holdReleased(row.id, row.accountId, row.currency, pending)).flatMap(posted -> {
                if (CardTransaction.AUTHORIZED.equals(row.status)) {
                    CardTransactionStatus.move(row, CardTransaction.EXCEPTION);
                    return publish(row);
                }
                return Uni.createFrom().voidItem();
            });
        }
        row.pulledAmount += pending;
        return ledger.post(CardJournals.holdTaken(row.id, row.accountId, row.currency, pending)).replaceWithVoid();
    }

    void touch(CardTransaction row) {
        row.lastEventAt = clock.now();
        row.updatedAt = row.lastEventAt;
    }

    /** On closing a card: every pull still waiting for the issuer is settled now, so nothing on the card waits any more. */
    public Uni<Void> settlePendingPulls(Card card) {
        // By account, then id: the ledger locks accounts in id order, and so must a close touching several.
        return CardTransaction.<CardTransaction>find("cardId = ?1 and pendingPullAmount > 0 order by accountId, id", card.id)
                .withLock(LockModeType.PESSIMISTIC_WRITE).list()
                .flatMap(rows -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (CardTransaction row : rows) {
                        chain = chain.call(() -> confirmPull(row));
                    }
                    return chain;
                });
    }
}
