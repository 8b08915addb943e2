package payments.card;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.AccountClosures;
import payments.account.InternalAccount;
import payments.common.ServerClock;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.util.List;
import java.util.UUID;

/**
 * Cards close with their funding account (and so with a deleted customer): CLOSED with
 * CLOSED_BY_GRID, since the platform did not ask for it on the card; their pending pulls settle,
 * their uncleared authorizations lapse now (what they pulled is given back, which the ledger
 * sends to SUSPENSE for a closed account), and a later clearing is force-posted from the losses
 * account. Nothing is pulled from an account that can never send again.
 */
@ApplicationScoped
class FundingAccountClosures implements AccountClosures {

    private final CardAuthorizations authorizations;
    private final CardNetworkEvents events;
    private final CardView view;
    private final WebhookPublisher webhooks;
    private final ServerClock clock;

    FundingAccountClosures(CardAuthorizations authorizations, CardNetworkEvents events, CardView view, WebhookPublisher webhooks,
                           ServerClock clock) {
        this.authorizations = authorizations;
        this.events = events;
        this.view = view;
        this.webhooks = webhooks;
        this.clock = clock;
    }

    @Override
    public Uni<Void> lockDependents(List<UUID> accountIds) {
        if (accountIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return liveCards(accountIds).flatMap(cards -> cards.isEmpty() ? Uni.createFrom().voidItem()
                : CardTransaction.<CardTransaction>find("cardId in ?1 and status = ?2 order by id", cards.stream().map(card -> card.id).toList(),
                        CardTransaction.AUTHORIZED).withLock(LockModeType.PESSIMISTIC_WRITE).list().replaceWithVoid());
    }

    @Override
    public Uni<Void> closed(InternalAccount account) {
        return liveCards(List.of(account.id)).flatMap(cards -> {
            Uni<Void> chain = Uni.createFrom().voidItem();
            for (Card card : cards) {
                chain = chain.call(() -> close(card));
            }
            return chain;
        });
    }

    private static Uni<List<Card>> liveCards(List<UUID> accountIds) {
        return Card.<Card>find("fundingAccountId in ?1 and status <> ?2 order by id", accountIds, CardStatus.CLOSED)
                .withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }

    /** Closes a card on the service's side (CLOSED_BY_GRID): its pulls settle, its uncleared authorizations lapse. Card locked. */
    Uni<Void> close(Card card) {
        CardStatus.move(card, CardStatus.CLOSED);
        card.statusReason = CardStatus.CLOSED_BY_GRID;
        card.updatedAt = clock.now();
        return authorizations.settlePendingPulls(card)
                .call(() -> events.lapseUncleared(card))
                .call(() -> webhooks.publish(EventType.CARD_STATUS_CHANGE, view.toWire(card)));
    }
}
