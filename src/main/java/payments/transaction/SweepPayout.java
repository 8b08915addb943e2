package payments.transaction;

import io.smallrye.mutiny.Uni;
import payments.account.ExternalAccount;
import payments.account.InternalAccount;

/**
 * Pays a swept deposit out to the holder's bank account as any payout goes: quoted and executed
 * from the holder's own account over the rail that carries it (the quote feature implements it).
 */
public interface SweepPayout {

    /**
     * A payout of {@code amount} from {@code from} to {@code to}, executed in the caller's
     * transaction; fails (an ApiException, before anything is held) when it cannot be made.
     */
    Uni<PaymentTransaction> payOut(InternalAccount from, ExternalAccount to, long amount, String remittanceInformation);
}
