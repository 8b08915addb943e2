package payments.customer;

import io.smallrye.mutiny.Uni;
import payments.platform.PlatformSettings;

import java.util.List;
import java.util.UUID;

/** What a customer's life does to its internal accounts; the accounts feature carries it out. */
public interface CustomerAccounts {

    /**
     * Opens PENDING accounts for the customer's currencies that have none yet, each activated by a
     * job. Call inside the transaction that creates or updates the customer.
     */
    Uni<Void> provision(Customer customer, List<String> currencies, PlatformSettings settings);

    /**
     * Closes every open account of a customer being deleted, under their row locks; 409 while any of
     * them holds money. Call inside the deleting transaction.
     */
    Uni<Void> closeAllOf(UUID customerId);
}
