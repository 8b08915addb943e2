package payments.db;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * A standby that serves the reads marked {@code @ReplicaRead} once it has replayed everything the
 * primary had written when the read arrived (see payments.db.ReadReplica); off without a URL.
 */
@ConfigMapping(prefix = "svc.read-replica")
public interface ReadReplicaConfig {
    /** The standby as the reactive client's URL, e.g. postgresql://standby:5432/payments. */
    Optional<String> url();

    /** Its user and password; the datasource's when absent. */
    Optional<String> username();

    Optional<String> password();

    /** Connections to it per instance. */
    @WithDefault("16")
    int poolSize();

    /** How long a read waits for the standby to catch up before it goes to the primary instead. */
    @WithDefault("20ms")
    Duration maxWait();
}
