package payments.agent;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.quote.Quote;
import payments.quote.QuoteLookup;
import payments.quote.QuoteView;
import payments.quote.QuoteView.QuoteResponse;
import payments.transaction.PaymentTransaction;
import payments.transaction.TransactionView;
import payments.transaction.TransactionView.TransactionResponse;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Agent actions as the wire shows them, and the reads of them: an agent's own, and the platform's approval queue. */
@ApplicationScoped
public class AgentActionView {

    /** The wire's AgentAction. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AgentActionResponse(String id, String agentId, String customerId, String platformCustomerId, String status,
                                      String type, QuoteResponse quote, JsonNode transferDetails, TransactionResponse transaction,
                                      String rejectionReason, String createdAt, String updatedAt) {
    }

    private final QuoteView quoteView;
    private final TransactionView transactionView;

    public AgentActionView(QuoteView quoteView, TransactionView transactionView) {
        this.quoteView = quoteView;
        this.transactionView = transactionView;
    }

    /** GET /agents/me/actions and GET /agents/approvals filters. */
    public record ActionQuery(String agentId, String customerId, String status, String startDate, String endDate, String sortOrder,
                              String limit, String cursor) {
    }

    @WithSession
    public Uni<Page<AgentActionResponse>> list(ActionQuery query) {
        PageRequest page = PageRequest.of(query.limit(), query.cursor());
        List<FieldError> errors = new ArrayList<>();
        boolean ascending = PageRequest.ascending(query.sortOrder(), errors);
        if (query.status() != null && !AgentAction.STATUSES.contains(query.status())) {
            errors.add(new FieldError("status", FieldError.Constraint.oneOf(AgentAction.STATUSES), "Not an agent action status"));
        }
        boolean agentValid = FieldError.checkId("agentId", IdType.AGENT, query.agentId(), errors);
        boolean customerValid = FieldError.checkId("customerId", IdType.CUSTOMER, query.customerId(), errors);
        QueryFilters filters = new QueryFilters()
                .equal("agentId", "agentId", query.agentId() == null || !agentValid ? null
                        : Ids.uuidOf(IdType.AGENT, query.agentId(), AgentService.NOT_FOUND))
                .equal("customerId", "customerId", query.customerId() == null || !customerValid ? null
                        : Ids.uuidOf(IdType.CUSTOMER, query.customerId(), ErrorCode.USER_NOT_FOUND))
                .equal("status", "status", query.status())
                .timeBound("createdAt", "startDate", query.startDate(), false)
                .timeBound("createdAt", "endDate", query.endDate(), true)
                .page("id", page, ascending);
        errors.addAll(filters.errors());
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        Sort sort = ascending ? Sort.ascending("id") : Sort.descending("id");
        return AgentAction.<AgentAction>find(filters.clause(), sort, filters.params()).range(0, page.fetchSize() - 1).list()
                .flatMap(rows -> AgentAction.count(filters.countClause(), filters.countParams()).flatMap(total -> {
                    Uni<List<AgentActionResponse>> wires = Uni.createFrom().item(new ArrayList<>());
                    for (AgentAction row : rows) {
                        wires = wires.flatMap(list -> toWire(row).map(wire -> {
                            list.add(wire);
                            return list;
                        }));
                    }
                    return wires.map(list -> Page.of(list, page, wire -> Ids.uuidOf(IdType.AGENT_ACTION, wire.id(),
                            AgentService.NOT_FOUND).toString(), wire -> wire, total));
                }));
    }

    /** GET /agents/me/actions/{id}: one of this agent's actions. */
    @WithSession
    public Uni<AgentActionResponse> get(String agentId, String actionId) {
        UUID agent = Ids.uuidOf(IdType.AGENT, agentId, AgentService.NOT_FOUND);
        return Ids.find(IdType.AGENT_ACTION, actionId, AgentService.NOT_FOUND, "Agent action", id -> AgentAction.<AgentAction>findById(id))
                .flatMap(action -> {
                    if (!action.agentId.equals(agent)) {
                        throw new ApiException(AgentService.NOT_FOUND, "Agent action " + actionId + " not found");
                    }
                    return toWire(action);
                });
    }

    Uni<AgentActionResponse> toWire(AgentAction action) {
        Uni<Quote> quote = action.quoteId == null ? Uni.createFrom().nullItem() : Quote.findById(action.quoteId);
        return quote.flatMap(q -> (q == null ? Uni.createFrom().<PaymentTransaction>nullItem() : QuoteLookup.transactionOf(q, false))
                .map(t -> new AgentActionResponse(action.wireId(), IdType.AGENT.wireId(action.agentId),
                        IdType.CUSTOMER.wireId(action.customerId), action.platformCustomerId, action.status, action.type,
                        q == null ? null : quoteView.toWire(q, t),
                        action.transferDetails == null ? null : JsonText.parse(action.transferDetails),
                        action.transactionId == null || t == null ? null : transactionView.toWire(t), action.rejectionReason,
                        action.createdAt.toString(), action.updatedAt.toString())));
    }
}
