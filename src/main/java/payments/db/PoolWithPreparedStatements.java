package payments.db;

import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.Pool;
import jakarta.inject.Singleton;

/** The reactive pool, with a prepared-statement cache that holds only {@link PreparedOnce} statements. */
@Singleton
public class PoolWithPreparedStatements implements PgPoolCreator {

    @Override
    public Pool create(Input input) {
        for (PgConnectOptions options : input.pgConnectOptionsList()) {
            options.setCachePreparedStatements(true).setPreparedStatementCacheSqlFilter(PreparedOnce::isMarked);
        }
        return PgPool.pool(input.vertx(), input.pgConnectOptionsList(), input.poolOptions());
    }
}
