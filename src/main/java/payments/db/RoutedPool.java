package payments.db;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PrepareOptions;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Query;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;

import java.util.function.Function;

/**
 * The one pool the application (raw client and Hibernate Reactive alike) sees when a read replica is
 * configured: each connection or query goes to the primary, unless the request it runs in was let
 * through to the standby ({@link ReadReplica#routeHere}).
 */
final class RoutedPool implements PgPool {

    private final Pool primary;
    private final Pool replica;

    RoutedPool(Pool primary, Pool replica) {
        this.primary = primary;
        this.replica = replica;
    }

    private Pool target() {
        return ReadReplica.routedHere() ? replica : primary;
    }

    @Override
    public void getConnection(Handler<AsyncResult<SqlConnection>> handler) {
        target().getConnection(handler);
    }

    @Override
    public Future<SqlConnection> getConnection() {
        return target().getConnection();
    }

    @Override
    public Query<RowSet<Row>> query(String sql) {
        return target().query(sql);
    }

    @Override
    public PreparedQuery<RowSet<Row>> preparedQuery(String sql) {
        return target().preparedQuery(sql);
    }

    @Override
    public PreparedQuery<RowSet<Row>> preparedQuery(String sql, PrepareOptions options) {
        return target().preparedQuery(sql, options);
    }

    @Override
    public PgPool connectHandler(Handler<SqlConnection> handler) {
        primary.connectHandler(handler);
        replica.connectHandler(handler);
        return this;
    }

    @Override
    public PgPool connectionProvider(Function<Context, Future<SqlConnection>> provider) {
        throw new UnsupportedOperationException("a routed pool makes its connections from its two pools");
    }

    @Override
    public int size() {
        return primary.size();
    }

    @Override
    public void close(Handler<AsyncResult<Void>> handler) {
        close().onComplete(handler);
    }

    @Override
    public Future<Void> close() {
        return Future.join(primary.close(), replica.close()).mapEmpty();
    }
}
