package payments.agent;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.account.InternalAccountService;
import payments.account.InternalAccountView;
import payments.account.InternalAccountView.InternalAccountResponse;
import payments.common.ApiException;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.transaction.TransactionService;
import payments.transaction.TransactionService.TransactionListQuery;

import java.util.List;
import java.util.UUID;

/** What an agent may read: its customer's transactions (VIEW_TRANSACTIONS) and the internal accounts its policy allows. */
@ApplicationScoped
public class AgentReads {

    private final AgentView view;
    private final TransactionService transactions;
    private final InternalAccountView accounts;

    public AgentReads(AgentView view, TransactionService transactions, InternalAccountView accounts) {
        this.view = view;
        this.transactions = transactions;
        this.accounts = accounts;
    }

    private Uni<Agent> permitted(String agentId, String permission) {
        return AgentActions.permittedAgent(view, agentId, permission, false);
    }

    @WithSession
    public Uni<Page<Object>> transactions(String agentId, String accountIdentifier, String senderAccountIdentifier,
                                          String receiverAccountIdentifier, String status, String type, String reference,
                                          String startDate, String endDate, String limit, String cursor, String sortOrder) {
        return permitted(agentId, "VIEW_TRANSACTIONS").flatMap(agent -> transactions.list(new TransactionListQuery(
                IdType.CUSTOMER.wireId(agent.customerId), null, accountIdentifier, senderAccountIdentifier, receiverAccountIdentifier,
                status, type, reference, startDate, endDate, null, limit, cursor, sortOrder)));
    }

    /** One transaction of the agent's customer; another customer's is 404, as if it did not exist. */
    @WithSession
    public Uni<Object> transaction(String agentId, String transactionId) {
        return permitted(agentId, "VIEW_TRANSACTIONS").flatMap(agent -> transactions.get(transactionId).map(found -> {
            String customer = found instanceof payments.transaction.TransactionView.TransactionResponse payment ? payment.customerId()
                    : found instanceof payments.card.CardView.CardTransactionResponse card ? card.customerId() : null;
            if (!IdType.CUSTOMER.wireId(agent.customerId).equals(customer)) {
                throw new ApiException(TransactionService.NOT_FOUND, "Transaction " + transactionId + " not found");
            }
            return found;
        }));
    }

    @WithSession
    public Uni<Page<InternalAccountResponse>> internalAccounts(String agentId, String currency, String type, String limit,
                                                               String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        InternalAccountService.checkType(type);
        return permitted(agentId, null).flatMap(agent -> {
            AgentPolicy policy = view.policy(agent);
            List<String> allowed = policy.accountRestrictions() == null ? null : policy.accountRestrictions().allowedAccountIds();
            List<UUID> ids = allowed == null ? null : allowed.stream()
                    .map(id -> Ids.uuidOf(IdType.INTERNAL_ACCOUNT, id, payments.common.ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND)).toList();
            QueryFilters filters = new QueryFilters()
                    .equal("customerId", "customerId", agent.customerId)
                    .equal("currency", "currency", currency)
                    .equal("type", "type", type)
                    .where("id in :allowed", "allowed", ids == null || ids.isEmpty() ? null : ids)
                    .page("id", page);
            if (ids != null && ids.isEmpty()) {
                filters.where("1 = 0");
            }
            return Page.fetch(InternalAccount.<InternalAccount>find(filters.clause(), Sort.descending("id"), filters.params()),
                    () -> InternalAccount.count(filters.countClause(), filters.countParams()), page, a -> a.id.toString(), accounts::toWire);
        });
    }
}
