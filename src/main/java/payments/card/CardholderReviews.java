package payments.card;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ServerClock;
import payments.customer.Customer;
import payments.customer.HolderStatusChanges;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

/**
 * A cardholder's KYC decided again: re-opened, its ACTIVE cards wait in PENDING_KYC (they cannot
 * transact); approved, they are ACTIVE again; rejected, every live card is closed by the service
 * (CLOSED_BY_GRID). CARD.STATUS_CHANGE for each card that moved ({@link CardStatus#afterHolderStatus}).
 */
@ApplicationScoped
class CardholderReviews implements HolderStatusChanges {

    private final FundingAccountClosures closures;
    private final CardView view;
    private final WebhookPublisher webhooks;
    private final ServerClock clock;

    CardholderReviews(FundingAccountClosures closures, CardView view, WebhookPublisher webhooks, ServerClock clock) {
        this.closures = closures;
        this.view = view;
        this.webhooks = webhooks;
        this.clock = clock;
    }

    @Override
    public Uni<Void> changed(Customer customer, String from) {
        String holderStatus = customer.verificationStatus;
        return Card.<Card>find("customerId = ?1 and status <> ?2 order by id", customer.id, CardStatus.CLOSED)
                .withLock(LockModeType.PESSIMISTIC_WRITE).list()
                .flatMap(cards -> {
                    Uni<Void> chain = Uni.createFrom().voidItem();
                    for (Card card : cards) {
                        chain = chain.call(() -> CardStatus.afterHolderStatus(card.status, holderStatus)
                                .map(next -> move(card, next)).orElseGet(() -> Uni.createFrom().voidItem()));
                    }
                    return chain;
                });
    }

    private Uni<Void> move(Card card, String next) {
        if (CardStatus.CLOSED.equals(next)) {
            return closures.close(card);
        }
        CardStatus.move(card, next);
        card.updatedAt = clock.now();
        return webhooks.publish(EventType.CARD_STATUS_CHANGE, view.toWire(card)).replaceWithVoid();
    }
}
