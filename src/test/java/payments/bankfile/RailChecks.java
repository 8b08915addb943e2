package payments.bankfile;

import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

import java.util.ArrayList;
import java.util.List;

import static payments.TestSupport.api;

/** What the bank rail tests read back: a transaction as the API shows it, the events raised about it, a count. */
final class RailChecks {

    private RailChecks() {
    }

    static JsonPath transaction(String id) {
        return api().get("/transactions/" + id).then().statusCode(200).extract().jsonPath();
    }

    /** The types of the webhook events whose body names {@code transactionId}, oldest first. */
    static List<String> eventsAbout(Pool pool, String transactionId) {
        List<String> types = new ArrayList<>();
        pool.preparedQuery("SELECT type FROM webhook_events JOIN webhook_event_bodies ON event_id = id WHERE body LIKE $1 ORDER BY id")
                .execute(Tuple.of("%" + transactionId + "%")).await().indefinitely().forEach(row -> types.add(row.getString(0)));
        return types;
    }

    static long count(Pool pool, String sql) {
        return pool.query(sql).execute().await().indefinitely().iterator().next().getLong(0);
    }
}
