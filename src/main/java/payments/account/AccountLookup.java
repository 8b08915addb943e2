package payments.account;

import io.smallrye.mutiny.Uni;
import payments.customer.Customer;

import java.util.UUID;

/**
 * Where a payment finds the internal accounts it names and their holders: the caller's session,
 * or rows read up front ({@link InternalAccountStore#preload}).
 */
public interface AccountLookup {

    /** The account; fails with 404 INTERNAL_ACCOUNT_NOT_FOUND when no account has this id. */
    Uni<InternalAccount> account(String accountId);

    /** The customer holding an account; null for the platform's own accounts. */
    Uni<Customer> holder(UUID customerId);
}
