package payments.account;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
import payments.common.Ids;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Who holds each of a list's accounts, for a person reading the list (the console's counterparty
 * column): an internal account's customer (a person's full name, a business's legal name; a
 * platform account's label), an external account's beneficiary as registered. One query per list,
 * deleted accounts included (a payment keeps its counterparty).
 */
@ApplicationScoped
public class AccountHolderNames {

    static final String PLATFORM = "Platform";

    private static final String NAMES = """
            SELECT a.id, coalesce(CAST(c.profile AS jsonb) ->> 'fullName', CAST(c.profile AS jsonb) -> 'businessInfo' ->> 'legalName',
                       CASE WHEN a.customer_id IS NULL THEN coalesce(a.label, $3) END)
              FROM internal_accounts a LEFT JOIN customers c ON c.id = a.customer_id WHERE a.id = ANY($1)
            UNION ALL
            SELECT e.id, coalesce(CAST(e.account_info AS jsonb) -> 'beneficiary' ->> 'fullName',
                       CAST(e.account_info AS jsonb) -> 'beneficiary' ->> 'legalName', e.beneficiary_verified_name)
              FROM external_accounts e WHERE e.id = ANY($2)""";

    private final Pool pool;

    public AccountHolderNames(Pool pool) {
        this.pool = pool;
    }

    /** The holder's name of each id that names an internal or external account and has one; other ids are left out. */
    public Uni<Map<String, String>> of(Collection<String> accountIds) {
        List<UUID> internal = new ArrayList<>();
        List<UUID> external = new ArrayList<>();
        Map<UUID, String> wireIds = new HashMap<>();
        for (String id : accountIds) {
            if (Ids.isValid(IdType.INTERNAL_ACCOUNT, id)) {
                internal.add(remember(wireIds, IdType.INTERNAL_ACCOUNT, id));
            } else if (Ids.isValid(IdType.EXTERNAL_ACCOUNT, id)) {
                external.add(remember(wireIds, IdType.EXTERNAL_ACCOUNT, id));
            }
        }
        if (wireIds.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        return pool.preparedQuery(NAMES).execute(Tuple.of(internal.toArray(UUID[]::new), external.toArray(UUID[]::new), PLATFORM))
                .map(rows -> {
                    Map<String, String> names = new HashMap<>();
                    for (Row row : rows) {
                        String name = row.getString(1);
                        if (name != null && !name.isBlank()) {
                            names.put(wireIds.get(row.getUUID(0)), name);
                        }
                    }
                    return names;
                });
    }

    private static UUID remember(Map<UUID, String> wireIds, IdType type, String id) {
        UUID uuid = Ids.uuidOf(type, id, null);
        wireIds.put(uuid, id);
        return uuid;
    }
}
