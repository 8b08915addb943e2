package payments.customer;

import io.smallrye.mutiny.Uni;

/**
 * What a customer's KYC/KYB decision does to what the customer holds elsewhere (its cards); the
 * feature that owns it carries it out, in the deciding transaction, with the customer locked.
 */
public interface HolderStatusChanges {

    /** The customer moved from {@code from} to its current verification status. */
    Uni<Void> changed(Customer customer, String from);
}
