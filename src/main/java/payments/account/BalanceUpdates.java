package payments.account;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.ledger.BalanceListener;
import payments.ledger.Ledger.Balance;
import payments.webhook.WebhookEvent;
import payments.webhook.WebhookPublisher;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * INTERNAL_ACCOUNT.BALANCE_UPDATED for every balance change: one event per account and posting,
 * or per account and commit of the payment batch, carrying the account with the balance the
 * change left. Transfers (both sides), holds and their releases, refunds, incoming payments and
 * sandbox funding all post through the ledger, so all of them are told.
 */
@ApplicationScoped
public class BalanceUpdates implements BalanceListener {

    public static final String EVENT = "INTERNAL_ACCOUNT.BALANCE_UPDATED";

    private final InternalAccountView view;
    private final WebhookPublisher webhooks;

    public BalanceUpdates(InternalAccountView view, WebhookPublisher webhooks) {
        this.view = view;
        this.webhooks = webhooks;
    }

    @Override
    public Uni<Void> balancesChanged(Map<UUID, Balance> balances, Instant at) {
        // In id order, so the events of one posting always read in the same order.
        return Multi.createFrom().iterable(new TreeMap<>(balances).entrySet())
                .onItem().transformToUniAndConcatenate(change -> InternalAccount.<InternalAccount>findById(change.getKey())
                        .flatMap(account -> {
                            account.showBalance(change.getValue());
                            return webhooks.publish(EVENT, view.toWire(account, at));
                        }))
                .collect().last()
                .replaceWithVoid();
    }

    /** The payment batch's events, built from the accounts it read under its lock; saved with the batch. */
    public List<WebhookEvent> events(Map<UUID, InternalAccount> accounts, Map<UUID, Balance> balances, Instant at) {
        List<WebhookEvent> events = new ArrayList<>();
        new TreeMap<>(balances).forEach((id, balance) -> {
            InternalAccount account = accounts.get(id);
            account.showBalance(balance);
            events.add(webhooks.dispatched(EVENT, view.toWire(account, at)));
        });
        return events;
    }
}
