package payments.db;

import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.common.RowSets;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class PreparedOnceTest {

    private static final String COUNT_PREPARED = "SELECT count(*) FROM pg_prepared_statements WHERE statement = $1";

    @Inject
    Pool pool;

    @Test
    void markedStatementsStayPreparedOnTheConnectionAndOthersDoNot() {
        String marked = PreparedOnce.sql("SELECT $1::int + 1");
        String unmarked = "SELECT $1::int + 2";
        List<Long> counts = pool.withConnection(connection -> Uni.createFrom().item(0)
                        .call(() -> connection.preparedQuery(marked).execute(Tuple.of(1)))
                        .call(() -> connection.preparedQuery(marked).execute(Tuple.of(2)))
                        .call(() -> connection.preparedQuery(unmarked).execute(Tuple.of(1)))
                        .call(() -> connection.preparedQuery(unmarked).execute(Tuple.of(2)))
                        .flatMap(ignored -> connection.preparedQuery(COUNT_PREPARED).execute(Tuple.of(marked)))
                        .map(rows -> RowSets.first(rows).getLong(0))
                        .flatMap(markedCount -> connection.preparedQuery(COUNT_PREPARED).execute(Tuple.of(unmarked))
                                .map(rows -> List.of(markedCount, RowSets.first(rows).getLong(0)))))
                .await().indefinitely();

        assertEquals(List.of(1L, 0L), counts, "prepared once: the marked statement, and only it");
    }
}
