package payments.account;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.reactive.mutiny.Mutiny;
import payments.account.InternalAccountView.InternalAccountResponse;
import payments.ledger.BalanceListener;
import payments.ledger.Ledger.Balance;
import payments.webhook.WebhookEvent;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.WeakHashMap;

/**
 * INTERNAL_ACCOUNT.BALANCE_UPDATED for every balance change: one event per account and commit
 * (the payment batch's or the posting's transaction), carrying the account with the balance the
 * commit left. Transfers (both sides), holds and their releases, refunds, incoming payments and
 * sandbox funding all post through the ledger, so all of them are told.
 */
@ApplicationScoped
public class BalanceUpdates implements BalanceListener {

    public static final EventType EVENT = EventType.INTERNAL_ACCOUNT_BALANCE_UPDATED;

    private final InternalAccountView view;
    private final WebhookPublisher webhooks;
    /**
     * The events each open transaction wrote, by account: a later posting in the same transaction
     * rewrites its account's event, so a commit sends one event per account, with the balance it
     * left. Held weakly: an ended transaction's entry goes with it.
     */
    private final Map<Mutiny.Transaction, Map<UUID, WebhookEvent>> eventsOfOpenTransactions =
            Collections.synchronizedMap(new WeakHashMap<>());

    public BalanceUpdates(InternalAccountView view, WebhookPublisher webhooks) {
        this.view = view;
        this.webhooks = webhooks;
    }

    @Override
    public Uni<Void> balancesChanged(Map<UUID, Balance> balances, Instant at) {
        return Panache.getSession().flatMap(session -> {
            Mutiny.Transaction transaction = session.currentTransaction();
            Map<UUID, WebhookEvent> written = transaction == null ? new HashMap<>()
                    : eventsOfOpenTransactions.computeIfAbsent(transaction, t -> new HashMap<>());
            // In id order, so the events of one posting always read in the same order.
            return Multi.createFrom().iterable(new TreeMap<>(balances).entrySet())
                    .onItem().transformToUniAndConcatenate(change -> InternalAccount.<InternalAccount>findById(change.getKey())
                            .flatMap(account -> {
                                account.showBalance(change.getValue());
                                InternalAccountResponse wire = view.toWire(account, at);
                                WebhookEvent earlier = written.get(account.id);
                                if (earlier != null) {
                                    return webhooks.rewrite(earlier, wire);
                                }
                                return webhooks.publish(EVENT, wire).invoke(event -> written.put(account.id, event)).replaceWithVoid();
                            }))
                    .collect().last()
                    .replaceWithVoid();
        });
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
