package payments.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.account.InternalAccountService;
import payments.account.InternalAccountView.InternalAccountResponse;
import payments.account.InternalAccountView;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.schema.RequestSchemas;
import payments.customer.Customer;
import payments.ledger.Journal;
import payments.ledger.Ledger;
import payments.transaction.PaymentTransaction;
import payments.transaction.RuleBasedSweep;
import payments.transaction.TransactionStatus;
import payments.transaction.TransactionView;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.util.LinkedHashMap;
import java.util.Map;

/** POST /sandbox/internal-accounts/{id}/fund: money from nowhere, booked like a real incoming payment. */
@ApplicationScoped
public class SandboxFunding {

    private final RequestSchemas schemas;
    private final InternalAccountService accounts;
    private final InternalAccountView accountView;
    private final TransactionView transactionView;
    private final Ledger ledger;
    private final WebhookPublisher webhooks;
    private final JsonText json;
    private final ServerClock clock;
    private final RuleBasedSweep sweep;

    public SandboxFunding(RequestSchemas schemas, InternalAccountService accounts, InternalAccountView accountView,
                          TransactionView transactionView, Ledger ledger, WebhookPublisher webhooks, JsonText json, RuleBasedSweep sweep,
                          ServerClock clock) {
        this.schemas = schemas;
        this.accounts = accounts;
        this.accountView = accountView;
        this.transactionView = transactionView;
        this.ledger = ledger;
        this.webhooks = webhooks;
        this.json = json;
        this.sweep = sweep;
        this.clock = clock;
    }

    @WithTransaction
    public Uni<InternalAccountResponse> fund(String accountId, JsonNode body) {
        ObjectNode request = schemas.validate(body, "sandboxFund", (req, errors) -> { });
        long amount = request.get("amount").asLong();
        return accounts.find(accountId, false).flatMap(account -> holderOf(account).flatMap(holder -> {
            if (holder != null) {
                holder.requireNotDeleted();
            }
            if (!account.canTransact()) {
                throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Internal account " + account.wireId() + " is " + account.status + " and cannot receive funds");
            }
            // A rule-based account passes the deposit on at once (RuleBasedSweep); any other keeps it.
            boolean ruleBased = InternalAccount.RULE_BASED.equals(account.type);
            PaymentTransaction t = incoming(account, holder, amount, ruleBased ? TransactionStatus.PROCESSING : TransactionStatus.COMPLETED);
            return t.persist()
                    .call(() -> ledger.post(Journal.of("FUNDING", t.id)
                            .system(Journal.SystemAccount.SANDBOX_FUNDING, account.currency, -amount)
                            .available(account.id, account.currency, amount))
                            .invoke(balances -> account.showBalance(balances.get(account.id))))
                    .call(() -> ruleBased ? sweep.sweep(t, account)
                            : webhooks.publish(EventType.INCOMING_PAYMENT_COMPLETED, transactionView.toWire(t)))
                    .map(ignored -> accountView.toWire(account));
        }));
    }

    private static Uni<Customer> holderOf(InternalAccount account) {
        return account.customerId == null ? Uni.createFrom().nullItem() : Customer.findById(account.customerId);
    }

    private PaymentTransaction incoming(InternalAccount account, Customer holder, long amount, String status) {
        PaymentTransaction t = PaymentTransaction.start(PaymentTransaction.INCOMING, PaymentTransaction.CREDIT, status, clock.now());
        t.customerId = account.customerId;
        t.platformCustomerId = holder == null ? null : holder.platformCustomerId;
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("sourceType", "REALTIME_FUNDING");
        source.put("currency", account.currency);
        source.put("accountHolderName", "Sandbox funding");
        t.source = json.write(source);
        t.destination = json.write(Map.of("destinationType", "ACCOUNT", "accountId", account.wireId(),
                "currency", account.currency));
        t.creditsAsSent(account.id, account.wireId(), amount, account.currency);
        t.description = "Sandbox funding";
        t.settledAt = t.createdAt;
        return t;
    }
}
