package payments.db;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ResourceInfo;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/** Sends the reads of a {@link ReplicaRead} request to the standby when it is fresh enough; after authentication, so refused callers cost it nothing. */
public class ReplicaReadFilter {

    private final ReadReplica replica;

    public ReplicaReadFilter(ReadReplica replica) {
        this.replica = replica;
    }

    @ServerRequestFilter(priority = Priorities.USER)
    public Uni<Void> route(ResourceInfo resource) {
        if (!replica.configured() || !resource.getResourceMethod().isAnnotationPresent(ReplicaRead.class)) {
            return Uni.createFrom().voidItem();
        }
        return replica.route();
    }
}
