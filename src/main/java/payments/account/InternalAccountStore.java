package payments.account;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
import payments.common.Ids;
import payments.customer.Customer;
import payments.db.PreparedOnce;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** The internal_accounts table as the raw client reads it: a payment's accounts and holders in one query. */
@ApplicationScoped
public class InternalAccountStore {

    private static final String WITH_HOLDERS = PreparedOnce.sql("SELECT "
            + InternalAccount.ROWS.selectList("a") + ", " + Customer.ROWS.selectList("c")
            + " FROM internal_accounts a LEFT JOIN customers c ON c.id = a.customer_id WHERE a.id IN ($1, $2)");

    private static final String BY_IDS = PreparedOnce.sql("SELECT " + InternalAccount.ROWS.selectList(null)
            + " FROM internal_accounts WHERE id = ANY($1)");

    private final Pool pool;

    public InternalAccountStore(Pool pool) {
        this.pool = pool;
    }

    /**
     * A payment's two accounts (an id of any other kind is skipped) and their holders, read with one
     * query and no session: for a request that would otherwise open a session only to read them.
     * Two ids as two parameters, not one array: PostgreSQL then estimates the cached generic plan
     * like each call's own and keeps it, instead of planning every call again.
     */
    public Uni<AccountLookup> preload(String firstAccountId, String secondAccountId) {
        Tuple ids = Tuple.of(internalUuid(firstAccountId), internalUuid(secondAccountId));
        return pool.preparedQuery(WITH_HOLDERS).execute(ids).map(rows -> {
            Map<UUID, InternalAccount> accounts = new HashMap<>();
            Map<UUID, Customer> holders = new HashMap<>();
            for (Row row : rows) {
                InternalAccount account = InternalAccount.fromRow(row, 0);
                accounts.put(account.id, account);
                if (account.customerId != null) {
                    holders.put(account.customerId, Customer.fromRow(row, InternalAccount.ROWS.size()));
                }
            }
            return new Preloaded(accounts, holders);
        });
    }

    /** The accounts with these ids, read on the caller's connection (in its open transaction). */
    public Uni<Map<UUID, InternalAccount>> byIds(SqlClient connection, Set<UUID> ids) {
        if (ids.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return connection.preparedQuery(BY_IDS).execute(Tuple.of(ids.toArray(UUID[]::new))).map(rows -> {
            Map<UUID, InternalAccount> accounts = new HashMap<>();
            for (Row row : rows) {
                InternalAccount account = InternalAccount.fromRow(row, 0);
                accounts.put(account.id, account);
            }
            return accounts;
        });
    }

    private static UUID internalUuid(String accountId) {
        return Ids.isValid(IdType.INTERNAL_ACCOUNT, accountId)
                ? Ids.uuidOf(IdType.INTERNAL_ACCOUNT, accountId, InternalAccountService.NOT_FOUND) : null;
    }

    private record Preloaded(Map<UUID, InternalAccount> accounts, Map<UUID, Customer> holders) implements AccountLookup {
        @Override
        public Uni<InternalAccount> account(String accountId) {
            return Ids.find(IdType.INTERNAL_ACCOUNT, accountId, InternalAccountService.NOT_FOUND, "Internal account",
                    id -> Uni.createFrom().item(accounts.get(id)));
        }

        @Override
        public Uni<Customer> holder(UUID customerId) {
            return Uni.createFrom().item(customerId == null ? null : holders.get(customerId));
        }
    }
}
