package payments.account;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;
import payments.customer.Customer;
import payments.customer.CustomerView;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.util.UUID;

/**
 * Completes provisioning of a PENDING internal account: ACTIVE with its funding instructions, or
 * FAILED (sandbox: holder's platformCustomerId ending in 909). Tells the platform either way.
 */
@ApplicationScoped
public class InternalAccountActivation implements JobHandler {

    public static final String TYPE = "internal-account.activate";

    private final InternalAccountView view;
    private final CustomerView customers;
    private final JsonText json;
    private final WebhookPublisher webhooks;
    private final ServerClock clock;
    private final AccountOutcomes outcomes;
    private final FundingAccounts fundingAccounts;

    public InternalAccountActivation(InternalAccountView view, CustomerView customers, JsonText json, WebhookPublisher webhooks, ServerClock clock,
                                     AccountOutcomes outcomes,
                                     FundingAccounts fundingAccounts) {
        this.fundingAccounts = fundingAccounts;
        this.view = view;
        this.customers = customers;
        this.json = json;
        this.webhooks = webhooks;
        this.clock = clock;
        this.outcomes = outcomes;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        return Panache.withTransaction(() -> InternalAccount.<InternalAccount>findById(UUID.fromString(job.payload()),
                        LockModeType.PESSIMISTIC_WRITE)
                .flatMap(account -> account == null || !InternalAccount.PENDING.equals(account.status)
                        ? Uni.createFrom().voidItem()
                        : Customer.<Customer>findById(account.customerId).flatMap(holder -> activate(account, holder))))
                .replaceWith(JobOutcome.done());
    }

    private Uni<Void> activate(InternalAccount account, Customer holder) {
        boolean fails = holder != null && outcomes.provisioningFails(holder.platformCustomerId);
        AccountStatus.provisioned(account, fails);
        if (!fails) {
            account.fundingInstructions = json.write(fundingAccounts.instructions(account.id, account.currency,
                    holder == null ? "Platform" : customers.displayName(holder)));
        }
        account.updatedAt = clock.now();
        Uni<Void> statusUpdated = webhooks.publish(EventType.INTERNAL_ACCOUNT_STATUS_UPDATED, view.toWire(account)).replaceWithVoid();
        // An active account has funding instructions it did not have while pending.
        return fails ? statusUpdated
                : statusUpdated.call(() -> webhooks.publish(EventType.INTERNAL_ACCOUNT_FUNDING_INSTRUCTIONS_UPDATED, view.toWire(account)));
    }
}
