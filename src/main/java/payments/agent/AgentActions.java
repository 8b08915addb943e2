package payments.agent;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import org.jboss.logging.Logger;
import payments.account.ExternalAccount;
import payments.account.InternalAccount;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.ReasonRequest;
import payments.common.ServerClock;
import payments.customer.Customer;
import payments.quote.ExchangeRates;
import payments.quote.Quote;
import payments.quote.QuoteCreateRequest;
import payments.quote.QuoteCreation;
import payments.quote.QuoteExecution;
import payments.quote.QuoteLookup;
import payments.quote.QuoteView;
import payments.quote.QuoteView.QuoteResponse;
import payments.quote.TransferService;
import payments.transaction.PaymentTransaction;
import payments.transaction.TransactionView;
import payments.transaction.TransactionView.TransactionResponse;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What agents do with money, under their policy: quotes they create, their executions (carried
 * out at once, or held for the platform's approval), and the platform's approvals and rejections.
 * The agent's row is locked for every check and count, so concurrent payments of one agent are
 * counted one at a time and never pass a limit together.
 */
@ApplicationScoped
public class AgentActions implements payments.quote.AgentQuotes {

    private static final Logger LOG = Logger.getLogger(AgentActions.class);

    private final AgentView agents;
    private final AgentActionView actionView;
    private final QuoteCreation quotes;
    private final TransferService transfers;
    private final QuoteExecution execution;
    private final QuoteView quoteView;
    private final TransactionView transactionView;
    private final ExchangeRates rates;
    private final WebhookPublisher webhooks;
    private final ServerClock clock;

    public AgentActions(AgentView agents, AgentActionView actionView, QuoteCreation quotes, TransferService transfers, QuoteExecution execution,
                        QuoteView quoteView, TransactionView transactionView, ExchangeRates rates, WebhookPublisher webhooks,
                        ServerClock clock) {
        this.agents = agents;
        this.actionView = actionView;
        this.transfers = transfers;
        this.quotes = quotes;
        this.execution = execution;
        this.quoteView = quoteView;
        this.transactionView = transactionView;
        this.rates = rates;
        this.webhooks = webhooks;
        this.clock = clock;
    }

    /** 403 for a paused agent starting something, or a permission its policy lacks. */
    static void requirePermitted(Agent agent, AgentPolicy policy, String permission, boolean initiates) {
        if (initiates && agent.paused) {
            throw new ApiException(ErrorCode.FORBIDDEN, "The agent is paused: it can read, not act");
        }
        if (permission != null && !policy.permits(permission)) {
            throw new ApiException(ErrorCode.FORBIDDEN, "The agent's policy does not grant " + permission);
        }
    }

    /** The agent, once it may do this: {@link #requirePermitted} on its current policy. */
    static Uni<Agent> permittedAgent(AgentView view, String agentId, String permission, boolean initiates) {
        return AgentService.find(agentId, false).invoke(agent -> requirePermitted(agent, view.policy(agent), permission, initiates));
    }

    /**
     * POST /agents/me/quotes: the source must be an internal account of the agent's customer that
     * its policy allows; any account of another customer is 404, as if it did not exist.
     */
    @Override
    @WithTransaction
    public Uni<QuoteResponse> createQuote(String agentId, JsonBody<QuoteCreateRequest> body) {
        return AgentService.find(agentId, false).flatMap(agent -> {
            AgentPolicy policy = agents.policy(agent);
            requirePermitted(agent, policy, "CREATE_QUOTES", true);
            QuoteCreateRequest request = quotes.checked(body, (given, errors) -> {
                QuoteCreateRequest.Source source = given.source();
                if (source != null && (!QuoteCreateRequest.Source.ACCOUNT.equals(source.sourceType())
                        || !Ids.isValid(IdType.INTERNAL_ACCOUNT, source.accountId()))) {
                    errors.add(FieldError.of("source", "An agent pays from an internal account of its customer:"
                            + " {\"sourceType\":\"ACCOUNT\",\"accountId\":\"InternalAccount:...\"}"));
                }
            });
            String source = request.source().accountId();
            return requireOwnInternal(agent, source)
                    .invoke(() -> {
                        if (!AgentLimits.allowed(policy, source)) {
                            throw new ApiException(ErrorCode.FORBIDDEN, "The agent's policy does not allow account " + source);
                        }
                    })
                    .call(() -> requireOwnDestination(agent, request.destination().accountId()))
                    .flatMap(ok -> quotes.createForAgent(request, agent.id));
        });
    }

    private static Uni<Void> requireOwnInternal(Agent agent, String accountId) {
        return InternalAccount.<InternalAccount>findById(Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND))
                .map(account -> {
                    if (account == null || !agent.customerId.equals(account.customerId)) {
                        throw new ApiException(ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND, "Internal account " + accountId + " not found");
                    }
                    return null;
                });
    }

    /** A destination account, when one is named, must be the agent's customer's own (404 otherwise). */
    private static Uni<Void> requireOwnDestination(Agent agent, String accountId) {
        if (accountId != null && Ids.isValid(IdType.INTERNAL_ACCOUNT, accountId)) {
            return requireOwnInternal(agent, accountId);
        }
        if (accountId != null && Ids.isValid(IdType.EXTERNAL_ACCOUNT, accountId)) {
            return ExternalAccount.<ExternalAccount>findById(Ids.uuidOf(IdType.EXTERNAL_ACCOUNT, accountId,
                    ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND)).map(account -> {
                        if (account == null || !agent.customerId.equals(account.customerId)) {
                            throw new ApiException(ErrorCode.EXTERNAL_ACCOUNT_NOT_FOUND, "External account " + accountId + " not found");
                        }
                        return null;
                    });
        }
        return Uni.createFrom().voidItem();
    }

    /** GET /agents/me/quotes/{id}: only quotes this agent created. */
    @WithSession
    public Uni<QuoteResponse> getQuote(String agentId, String quoteId) {
        return AgentService.find(agentId, false)
                .flatMap(agent -> agentsQuote(agent, quoteId, false))
                .flatMap(quote -> QuoteLookup.transactionOf(quote, false).map(t -> quoteView.toWire(quote, t)));
    }

    private static Uni<Quote> agentsQuote(Agent agent, String quoteId, boolean forUpdate) {
        return QuoteLookup.find(quoteId, forUpdate).map(quote -> {
            if (!agent.id.equals(quote.agentId)) {
                throw new ApiException(QuoteLookup.NOT_FOUND, "Quote " + quoteId + " not found");
            }
            return quote;
        });
    }

    /**
     * POST /agents/me/quotes/{id}/execute: checked in the policy's order (paused, permission,
     * account, limits: 403 on a breach), then executed at once (APPROVED, counted in the usage) or
     * held for the platform (PENDING_APPROVAL, AGENT_ACTION.PENDING_APPROVAL). An expired quote is
     * 400 QUOTE_EXPIRED; a quote already submitted is 409.
     */
    @WithTransaction
    public Uni<AgentActionView.AgentActionResponse> executeQuote(String agentId, String quoteId) {
        return AgentService.find(agentId, true).flatMap(agent -> {
            AgentPolicy policy = agents.policy(agent);
            requirePermitted(agent, policy, "EXECUTE_QUOTES", true);
            return agentsQuote(agent, quoteId, true).flatMap(quote -> AgentAction.<AgentAction>find("quoteId", quote.id).firstResult()
                    .flatMap(existing -> {
                        if (existing != null) {
                            throw new ApiException(ErrorCode.CONFLICT, "Quote " + quote.wireId() + " was already submitted as "
                                    + existing.wireId() + " (" + existing.status + ")");
                        }
                        return submit(agent, policy, quote, AgentAction.EXECUTE_QUOTE, null);
                    }));
        });
    }

    /**
     * POST /agents/me/transfer-out and /transfer-in (CREATE_TRANSFERS): the transfer between the
     * customer's internal account and its own external account, priced, then submitted like an
     * execution (201).
     */
    @WithTransaction
    public Uni<AgentActionView.AgentActionResponse> transfer(String agentId, JsonBody<TransferService.TransferRequest> body,
                                                             boolean in) {
        return AgentService.find(agentId, true).flatMap(agent -> {
            AgentPolicy policy = agents.policy(agent);
            requirePermitted(agent, policy, "CREATE_TRANSFERS", true);
            TransferService.TransferRequest request = transfers.checked(body, in);
            String internal = (in ? request.destination() : request.source()).accountId();
            String external = (in ? request.source() : request.destination()).accountId();
            Uni<Void> own = Ids.isValid(IdType.INTERNAL_ACCOUNT, internal) ? requireOwnInternal(agent, internal) : Uni.createFrom().voidItem();
            return own.call(() -> requireOwnDestination(agent, external))
                    .flatMap(ok -> transfers.quoteForAgent(request, in, agent.id))
                    .flatMap(quoteId -> QuoteLookup.find(quoteId, true))
                    .flatMap(quote -> {
                        ObjectNode details = JsonNodeFactory.instance.objectNode().put("amount", quote.totalSendingAmount)
                                .put("currency", quote.sendingCurrency).put("sourceAccountId", request.source().accountId())
                                .put("destinationAccountId", request.destination().accountId());
                        return submit(agent, policy, quote, in ? "TRANSFER_IN" : "TRANSFER_OUT", details);
                    });
        });
    }

    /**
     * The policy's last checks on a priced payment (expiry 400, account and limits 403), then it
     * runs at once (APPROVED, counted) or waits for the platform (PENDING_APPROVAL, with its event).
     */
    private Uni<AgentActionView.AgentActionResponse> submit(Agent agent, AgentPolicy policy, Quote quote, String type, ObjectNode transferDetails) {
        if (!clock.now().isBefore(quote.expiresAt)) {
            throw new ApiException(ErrorCode.QUOTE_EXPIRED, "Quote " + quote.wireId() + " expired at " + quote.expiresAt
                    + "; create a new quote");
        }
        String breach = breach(agent, policy, quote);
        if (breach != null) {
            throw new ApiException(ErrorCode.FORBIDDEN, breach);
        }
        return Customer.<Customer>findById(agent.customerId).flatMap(holder -> {
            if (holder != null && payments.common.Regions.requiresSca(holder.region)) {
                throw new ApiException(ErrorCode.FORBIDDEN, "Payments of customers in Strong Customer Authentication regions need"
                        + " the customer present; an agent cannot authorize them");
            }
            AgentAction action = newAction(agent, holder, quote);
            action.type = type;
            action.transferDetails = transferDetails == null ? null : transferDetails.toString();
            if (AgentLimits.needsApproval(policy, accountOf(quote), thresholdAmount(policy, quote))) {
                AgentActionStatus.move(action, AgentAction.PENDING_APPROVAL);
                return action.<AgentAction>persist().flatMap(saved -> actionView.toWire(action))
                        .call(wire -> webhooks.publish(EventType.AGENT_ACTION_PENDING_APPROVAL, wire));
            }
            return run(agent, quote, action).flatMap(ran -> action.<AgentAction>persist()).flatMap(actionView::toWire);
        });
    }

    /** The customer's internal account the payment uses: its source, or for a pull from a bank, its destination. */
    private static String accountOf(Quote quote) {
        return IdType.INTERNAL_ACCOUNT.wireId(quote.sourceAccountId != null ? quote.sourceAccountId : quote.destinationAccountId);
    }

    /** Why the quote breaks the agent's policy now (403 at submission, FAILED at approval); null when it may run. */
    private String breach(Agent agent, AgentPolicy policy, Quote quote) {
        String account = accountOf(quote);
        if (!AgentLimits.allowed(policy, account)) {
            return "The agent's policy does not allow account " + account;
        }
        return AgentLimits.breach(policy, account, inPolicyCurrency(policy, quote), agent, clock.today());
    }

    /** The quote's sending amount in the policy's currency, at the current rate. */
    private long inPolicyCurrency(AgentPolicy policy, Quote quote) {
        return converted(quote, policy.spendingLimits().currency());
    }

    private Long thresholdAmount(AgentPolicy policy, Quote quote) {
        return policy.approvalThresholds() == null || policy.approvalThresholds().currency() == null ? null
                : converted(quote, policy.approvalThresholds().currency());
    }

    private long converted(Quote quote, String currency) {
        java.math.BigDecimal rate = rates.rate(currency, quote.sendingCurrency).orElseThrow(() -> new ApiException(ErrorCode.FORBIDDEN,
                "The agent's limits are in " + currency + " and no rate converts " + quote.sendingCurrency + " to it now"));
        try {
            return AgentPolicies.convert(quote.totalSendingAmount, quote.sendingCurrency, currency, rate);
        } catch (ArithmeticException tooLarge) {
            throw new ApiException(ErrorCode.FORBIDDEN, "The payment is too large to compare with the agent's limits in " + currency);
        }
    }

    /** Executes the quote and counts it in the agent's usage, in this transaction: both or neither. */
    private Uni<Void> run(Agent agent, Quote quote, AgentAction action) {
        long amount = inPolicyCurrency(agents.policy(agent), quote);
        return QuoteLookup.transactionOf(quote, true).flatMap(t -> execution.executeForAgent(quote, t).invoke(() -> {
            AgentLimits.count(agent, amount, clock.today());
            agent.updatedAt = clock.now();
            AgentActionStatus.move(action, AgentAction.APPROVED);
            action.transactionId = t.id;
            action.usageAmount = amount;
            action.usageCurrency = agents.policy(agent).spendingLimits().currency();
            action.usageDay = clock.today();
        }));
    }

    private AgentAction newAction(Agent agent, Customer holder, Quote quote) {
        Instant now = clock.now();
        AgentAction action = new AgentAction();
        action.id = Ids.newUuid();
        action.agentId = agent.id;
        action.customerId = agent.customerId;
        action.platformCustomerId = holder == null ? null : holder.platformCustomerId;
        action.type = AgentAction.EXECUTE_QUOTE;
        action.quoteId = quote.id;
        action.createdAt = now;
        action.updatedAt = now;
        return action;
    }

    /**
     * POST /agents/{agentId}/actions/{actionId}/approve: the policy, limits, quote and balance are
     * checked again against the present state; APPROVED with its transaction, or FAILED (nothing
     * moved). 409 when the action no longer waits, so a retried call is safe. A refusal while
     * executing rolls the whole attempt back (a hold may already have been posted), and FAILED is
     * then recorded in a transaction of its own.
     */
    public Uni<AgentActionView.AgentActionResponse> approve(String agentId, String actionId) {
        return Panache.withTransaction(() -> approveInTransaction(agentId, actionId))
                .onFailure(Refused.class).recoverWithUni(refused -> Panache.withTransaction(() -> pendingAction(agentId, actionId)
                        .flatMap(action -> {
                            action.updatedAt = clock.now();
                            return failed(action, refused.getMessage());
                        })));
    }

    /** An approved action that cannot run: recorded FAILED once the attempt rolled back. */
    private static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private Uni<AgentActionView.AgentActionResponse> approveInTransaction(String agentId, String actionId) {
        return pendingAction(agentId, actionId).flatMap(action -> AgentService.find(agentId, true)
                .flatMap(agent -> QuoteLookup.find(IdType.QUOTE.wireId(action.quoteId), true).flatMap(quote -> {
                    AgentPolicy policy = agents.policy(agent);
                    String permission = AgentAction.EXECUTE_QUOTE.equals(action.type) ? "EXECUTE_QUOTES" : "CREATE_TRANSFERS";
                    String refusal = agent.paused ? "The agent is paused"
                            : !policy.permits(permission) ? "The agent's policy no longer grants " + permission
                            : !clock.now().isBefore(quote.expiresAt) ? "The quote expired at " + quote.expiresAt
                            : breach(agent, policy, quote);
                    if (refusal != null) {
                        throw new Refused(refusal);
                    }
                    action.updatedAt = clock.now();
                    return run(agent, quote, action)
                            .onFailure(ApiException.class).transform(e -> new Refused(e.getMessage()))
                            .flatMap(ran -> actionView.toWire(action));
                })));
    }

    /**
     * POST /transactions/{id}/approve for the payment of an agent action waiting for the platform:
     * the action is approved as by its own endpoint; the transaction is answered as it now stands.
     * Null (not an item) when the transaction belongs to no such action.
     */
    public Uni<TransactionResponse> approveByTransaction(String transactionId) {
        return decideByTransaction(transactionId, this::approve);
    }

    /** POST /transactions/{id}/reject for such a payment: the action is rejected as by its own endpoint. Null when none. */
    public Uni<TransactionResponse> rejectByTransaction(String transactionId, ReasonRequest body) {
        return decideByTransaction(transactionId, (agentId, actionId) -> reject(agentId, actionId, body));
    }

    private Uni<TransactionResponse> decideByTransaction(String transactionId,
            java.util.function.BiFunction<String, String, Uni<AgentActionView.AgentActionResponse>> decision) {
        if (!Ids.isValid(IdType.TRANSACTION, transactionId)) {
            return Uni.createFrom().nullItem();
        }
        UUID id = Ids.uuidOf(IdType.TRANSACTION, transactionId, ErrorCode.TRANSACTION_NOT_FOUND);
        // Ids only: the decision loads (and locks) the entities itself, fresh.
        return Panache.withSession(() -> Panache.getSession().flatMap(session -> session.createNativeQuery("""
                                SELECT a.agent_id, a.id FROM agent_actions a JOIN quotes q ON q.id = a.quote_id
                                WHERE q.transaction_id = :transaction AND q.agent_id IS NOT NULL
                                ORDER BY a.id DESC LIMIT 1""", Object[].class)
                        .setParameter("transaction", id).getResultList()))
                .flatMap((List<Object[]> rows) -> rows.isEmpty() ? Uni.createFrom().<TransactionResponse>nullItem()
                        : decision.apply(IdType.AGENT.wireId((UUID) rows.get(0)[0]), IdType.AGENT_ACTION.wireId((UUID) rows.get(0)[1]))
                                .flatMap(decided -> Panache.withSession(() -> PaymentTransaction.<PaymentTransaction>findById(id)))
                                .map(transactionView::toWire));
    }

    private Uni<AgentActionView.AgentActionResponse> failed(AgentAction action, String why) {
        AgentActionStatus.move(action, AgentAction.FAILED);
        action.failureMessage = why.length() > 1024 ? why.substring(0, 1024) : why;
        LOG.infof("Agent action %s approved but not executed: %s", action.wireId(), why);
        return actionView.toWire(action);
    }

    /** POST /agents/{agentId}/actions/{actionId}/reject: REJECTED with the optional reason; nothing executes. */
    @WithTransaction
    public Uni<AgentActionView.AgentActionResponse> reject(String agentId, String actionId, ReasonRequest body) {
        String reason = reason(body);
        return pendingAction(agentId, actionId).flatMap(action -> {
            AgentActionStatus.move(action, AgentAction.REJECTED);
            action.rejectionReason = reason;
            action.updatedAt = clock.now();
            return actionView.toWire(action);
        });
    }

    private static String reason(ReasonRequest body) {
        String reason = body.reason();
        if (reason != null && reason.length() > 1024) {
            throw ApiException.invalidField("reason", FieldError.Constraint.length(null, 1024), "Must be a string of at most 1024 characters");
        }
        return reason;
    }

    /** The action, locked, while it waits for the platform: 404 unknown (or another agent's), 409 no longer pending. */
    private static Uni<AgentAction> pendingAction(String agentId, String actionId) {
        UUID agent = Ids.uuidOf(IdType.AGENT, agentId, AgentService.NOT_FOUND);
        return Ids.find(IdType.AGENT_ACTION, actionId, AgentService.NOT_FOUND, "Agent action",
                id -> AgentAction.<AgentAction>findById(id, LockModeType.PESSIMISTIC_WRITE)).map(action -> {
                    if (!action.agentId.equals(agent)) {
                        throw new ApiException(AgentService.NOT_FOUND, "Agent action " + actionId + " not found");
                    }
                    if (!AgentAction.PENDING_APPROVAL.equals(action.status)) {
                        throw new ApiException(ErrorCode.CONFLICT, "Agent action " + actionId + " is " + action.status
                                + " and no longer waits for approval");
                    }
                    return action;
                });
    }
}
