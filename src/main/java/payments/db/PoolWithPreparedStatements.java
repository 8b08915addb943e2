package payments.db;

import io.quarkus.reactive.pg.client.PgPoolCreator;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * The reactive pool, with a prepared-statement cache that holds only {@link PreparedOnce} statements;
 * with {@code SVC_READ_REPLICA_URL}, a pool over the primary and the standby ({@link RoutedPool}).
 */
@Singleton
public class PoolWithPreparedStatements implements PgPoolCreator {

    private final ReadReplicaConfig replicaConfig;
    private final ReadReplica readReplica;

    public PoolWithPreparedStatements(ReadReplicaConfig replicaConfig, ReadReplica readReplica) {
        this.replicaConfig = replicaConfig;
        this.readReplica = readReplica;
    }

    @Override
    public Pool create(Input input) {
        for (PgConnectOptions options : input.pgConnectOptionsList()) {
            options.setCachePreparedStatements(true).setPreparedStatementCacheSqlFilter(PreparedOnce::isMarked);
        }
        Pool primary = PgPool.pool(input.vertx(), input.pgConnectOptionsList(), input.poolOptions());
        if (replicaConfig.url().isEmpty()) {
            return primary;
        }
        PgConnectOptions standby = new PgConnectOptions(input.pgConnectOptionsList().get(0));
        PgConnectOptions fromUrl = PgConnectOptions.fromUri(replicaConfig.url().get());
        standby.setHost(fromUrl.getHost()).setPort(fromUrl.getPort()).setDatabase(fromUrl.getDatabase());
        standby.setUser(replicaConfig.username().orElse(standby.getUser()));
        standby.setPassword(replicaConfig.password().orElse(standby.getPassword()));
        PoolOptions poolOptions = new PoolOptions(input.poolOptions()).setMaxSize(replicaConfig.poolSize())
                .setName("read-replica");
        Pool replica = PgPool.pool(input.vertx(), List.of(standby), poolOptions);
        readReplica.attach(primary, replica);
        return new RoutedPool(primary, replica);
    }
}
