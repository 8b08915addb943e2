package payments.card;

import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.card.CardView.CardTransactionResponse;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.PageRequest;
import payments.common.QueryFilters;

import java.util.List;
import java.util.UUID;

/** Card transactions as GET /transactions lists and reads them, beside the payments. */
@ApplicationScoped
public class CardTransactions {

    /** The list filters that apply to card rows; null fields do not filter. */
    public record Filter(UUID customerId, String platformCustomerId, UUID cardId, UUID accountId, String direction,
                         String startDate, String endDate) {
    }

    /** One page's rows (one more than the limit) and the total matching. */
    public record Rows(List<CardTransaction> rows, long total) {
    }

    private final CardView view;

    public CardTransactions(CardView view) {
        this.view = view;
    }

    /** A {@code cardId} filter: a Card id or its bare UUID; null when it is neither. */
    public static UUID cardIdOf(String cardId) {
        if (Ids.isValid(IdType.CARD, cardId)) {
            return Ids.uuidOf(IdType.CARD, cardId, CardService.NOT_FOUND);
        }
        try {
            return cardId.length() == 36 ? UUID.fromString(cardId) : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    public Uni<Rows> page(Filter filter, PageRequest page, boolean ascending) {
        QueryFilters filters = new QueryFilters()
                .equal("customerId", "customerId", filter.customerId())
                .equal("platformCustomerId", "platformCustomerId", filter.platformCustomerId())
                .equal("cardId", "cardId", filter.cardId())
                .equal("accountId", "accountId", filter.accountId())
                .equal("direction", "direction", filter.direction())
                .timeBound("createdAt", "startDate", filter.startDate(), false)
                .timeBound("createdAt", "endDate", filter.endDate(), true)
                .page("id", page, ascending);
        Sort sort = ascending ? Sort.ascending("id") : Sort.descending("id");
        return CardTransaction.<CardTransaction>find(filters.clause(), sort, filters.params()).range(0, page.fetchSize() - 1).list()
                .flatMap(rows -> CardTransaction.count(filters.countClause(), filters.countParams()).map(total -> new Rows(rows, total)));
    }

    /** GET /transactions/{id} for a CardTransaction id: the row, or null. */
    public Uni<CardTransactionResponse> find(UUID id) {
        return CardTransaction.<CardTransaction>findById(id).map(row -> row == null ? null : view.toWire(row));
    }

    public CardTransactionResponse toWire(CardTransaction row) {
        return view.toWire(row);
    }
}
