package payments.card;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.common.jobs.Jobs;
import payments.common.security.SecretsAtRest;
import payments.customer.Customer;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.time.Duration;
import java.util.UUID;

/**
 * Completes a PROCESSING card with the issuer's answer: ACTIVE with brand, number and expiry, or
 * CLOSED (ISSUER_REJECTED); CARD.STATUS_CHANGE either way. A delayed activation runs again later
 * (payload {@code <card id>:now}); a card the issuer leaves PROCESSING past
 * {@code svc.cards.provisioning-timeout} is closed by the service (CLOSED_BY_GRID; payload
 * {@code <card id>:timeout}).
 */
@ApplicationScoped
public class CardProvisioning implements JobHandler {

    public static final String TYPE = "card.provision";
    /** How long the sandbox issuer's delayed activation takes, on the sandbox clock. */
    static final Duration ACTIVATION_DELAY = Duration.ofSeconds(30);
    private static final String NOW = ":now";
    private static final String TIMEOUT = ":timeout";

    private final CardIssuer issuer;
    private final CardView view;
    private final WebhookPublisher webhooks;
    private final SecretsAtRest secrets;
    private final ServerClock clock;
    private final Jobs jobs;
    private final Duration provisioningTimeout;

    public CardProvisioning(CardIssuer issuer, CardView view, WebhookPublisher webhooks, SecretsAtRest secrets,
                            ServerClock clock, Jobs jobs, payments.common.ServerConfig config) {
        this.provisioningTimeout = config.cards().provisioningTimeout();
        this.issuer = issuer;
        this.view = view;
        this.webhooks = webhooks;
        this.secrets = secrets;
        this.clock = clock;
        this.jobs = jobs;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        boolean now = job.payload().endsWith(NOW);
        boolean timedOut = job.payload().endsWith(TIMEOUT);
        String id = job.payload().contains(":") ? job.payload().substring(0, job.payload().indexOf(':')) : job.payload();
        UUID cardId = UUID.fromString(id);
        return Panache.withTransaction(() -> Card.<Card>findById(cardId, LockModeType.PESSIMISTIC_WRITE)
                        .flatMap(card -> card == null || !CardStatus.PROCESSING.equals(card.status) ? Uni.createFrom().voidItem()
                                : timedOut ? closeUnprovisioned(card)
                                : Customer.<Customer>findById(card.customerId).flatMap(holder -> {
                                    CardIssuer.Provisioning answer = now ? CardIssuer.Provisioning.ACTIVATE
                                            : issuer.provisioning(holder.platformCustomerId);
                                    return provision(card, answer, holder.verificationStatus);
                                })))
                .replaceWith(JobOutcome.done());
    }

    private Uni<Void> provision(Card card, CardIssuer.Provisioning answer, String holderStatus) {
        switch (answer) {
            case NEVER:
                return jobs.enqueue(TYPE, card.id + TIMEOUT, clock.now().plus(provisioningTimeout)).replaceWithVoid();
            case ACTIVATE_LATER:
                return jobs.enqueue(TYPE, card.id + NOW, clock.now().plus(ACTIVATION_DELAY))
                        .call(() -> jobs.enqueue(TYPE, card.id + TIMEOUT, clock.now().plus(provisioningTimeout))).replaceWithVoid();
            case REJECT:
                CardStatus.move(card, CardStatus.CLOSED);
                card.statusReason = CardStatus.ISSUER_REJECTED;
                break;
            default:
                activate(card, holderStatus);
        }
        card.updatedAt = clock.now();
        return webhooks.publish(EventType.CARD_STATUS_CHANGE, view.toWire(card)).replaceWithVoid();
    }

    /** The issuer never answered: the service closes the card itself (the reference's CLOSED_BY_GRID). */
    private Uni<Void> closeUnprovisioned(Card card) {
        CardStatus.move(card, CardStatus.CLOSED);
        card.statusReason = CardStatus.CLOSED_BY_GRID;
        card.updatedAt = clock.now();
        return webhooks.publish(EventType.CARD_STATUS_CHANGE, view.toWire(card)).replaceWithVoid();
    }

    private void activate(Card card, String holderStatus) {
        card.brand = "EUR".equals(card.currency) ? "MASTERCARD" : "VISA";
        CardNumbers numbers = CardNumbers.generate(card.brand, clock.today());
        card.last4 = numbers.last4();
        card.expMonth = numbers.expMonth();
        card.expYear = numbers.expYear();
        card.sealedDetails = secrets.seal(sealName(card.id), numbers.pan() + "|" + numbers.expMonth() + "|" + numbers.expYear()
                + "|" + numbers.cvv());
        CardStatus.move(card, CardStatus.provisioned(holderStatus));
    }

    /** What a card's sealed details are bound to: they cannot be moved to another card's row. */
    static String sealName(UUID cardId) {
        return "card-details:" + cardId;
    }
}
