package payments.transaction;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import payments.common.ServerClock;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class SenderVolumesTest {

    @Inject
    SenderVolumes volumes;

    @Inject
    Pool pool;

    @Inject
    ServerClock clock;

    @Test
    void purgeRemovesTheCountersOfDaysBeforeYesterday() {
        UUID sender = UUID.randomUUID();
        LocalDate today = LocalDate.ofInstant(clock.now(), ZoneOffset.UTC);
        for (int daysAgo = 0; daysAgo <= 3; daysAgo++) {
            pool.preparedQuery("INSERT INTO daily_volumes (sender, currency, day, amount) VALUES ($1, 'USD', $2, 100)")
                    .execute(Tuple.of(sender, today.minusDays(daysAgo))).await().indefinitely();
        }

        volumes.purgePastDays().await().indefinitely();

        List<LocalDate> kept = new ArrayList<>();
        pool.preparedQuery("SELECT day FROM daily_volumes WHERE sender = $1 ORDER BY day DESC").execute(Tuple.of(sender))
                .await().indefinitely().forEach(row -> kept.add(row.getLocalDate(0)));
        assertEquals(List.of(today, today.minusDays(1)), kept);
    }
}
