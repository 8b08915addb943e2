package payments.common;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.hibernate.reactive.panache.PanacheQuery;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/** The wire's page envelope. `nextCursor` is present only when `hasMore` is true. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Page<T>(List<T> data, boolean hasMore, String nextCursor, long totalCount) {

    /** The same page with each item rendered by {@code render} (after a batch lookup the items needed). */
    public <U> Page<U> map(Function<T, U> render) {
        return new Page<>(data.stream().map(render).toList(), hasMore, nextCursor, totalCount);
    }

    /**
     * Builds a page from rows fetched with {@link PageRequest#fetchSize()} (one more than the
     * limit, to learn whether more exist without a second query).
     */
    public static <R, T> Page<T> of(List<R> rows, PageRequest request, Function<R, String> keyOf,
                                    Function<R, T> toWire, long totalCount) {
        boolean hasMore = rows.size() > request.limit();
        List<R> page = hasMore ? rows.subList(0, request.limit()) : rows;
        String next = hasMore ? PageRequest.encodeCursor(keyOf.apply(page.get(page.size() - 1))) : null;
        return new Page<>(page.stream().map(toWire).toList(), hasMore, next, totalCount);
    }

    /** Runs a page query (already bounded by its cursor) for one row more than the limit, then the total. */
    public static <R, T> Uni<Page<T>> fetch(PanacheQuery<R> query, Supplier<Uni<Long>> total, PageRequest request,
                                            Function<R, String> keyOf, Function<R, T> toWire) {
        return query.range(0, request.fetchSize() - 1).list()
                .flatMap(rows -> total.get().map(count -> of(rows, request, keyOf, toWire, count)));
    }
}
