package payments.ledger;

import io.smallrye.mutiny.Uni;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * Told of the new balances a posting left, in the posting's transaction, once per posting and
 * account: the accounts feature turns them into INTERNAL_ACCOUNT.BALANCE_UPDATED events (the ledger
 * knows balances, not the account shapes events carry).
 */
public interface BalanceListener {

    /** Called in the session and transaction of the posting, after its balances moved {@code at} (their updated_at). */
    Uni<Void> balancesChanged(Map<UUID, Ledger.Balance> balances, Instant at);
}
