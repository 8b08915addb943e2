package payments.wallet;

import io.smallrye.mutiny.Uni;

import java.time.Duration;
import java.util.UUID;

/**
 * How long the wallet provider takes to settle an activity it has accepted for a wallet (the spec's
 * WalletOperationProcessing, verify outcome 5). This server's own enclave settles everything at
 * once ({@link #NONE}); the sandbox can hold a wallet's activities in flight.
 */
public interface WalletActivities {

    /** Time from the first try of an accepted activity on this wallet (an internal account) to its settlement; zero: at once. */
    Uni<Duration> settlement(UUID accountId);

    WalletActivities NONE = accountId -> Uni.createFrom().item(Duration.ZERO);
}
