package payments.account;

import io.smallrye.mutiny.Uni;
import payments.customer.Customer;

/** What else happens when an embedded wallet opens: the wallet-authentication feature gives it its first credential. */
public interface WalletOpening {

    /** In the transaction that opens {@code wallet}. */
    Uni<Void> opened(InternalAccount wallet, Customer holder);
}
