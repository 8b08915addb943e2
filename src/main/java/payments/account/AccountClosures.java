package payments.account;

import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.UUID;

/**
 * What closes with an internal account (its cards); the feature that owns it carries it out, in
 * the closing transaction.
 */
public interface AccountClosures {

    /**
     * Locks what will close with these accounts. Called before the accounts themselves are locked:
     * card payments lock their card, then its transactions, then the funding account.
     */
    Uni<Void> lockDependents(List<UUID> accountIds);

    /** The account is now CLOSED (not yet flushed): close what depends on it. */
    Uni<Void> closed(InternalAccount account);
}
