package payments.account;

/**
 * Whether this server can pay out to a bank account: a rail implementation carries the rail the
 * account is paid over (the transaction feature's RailRouter answers). Asked where a setting names
 * a bank account to pay later, so it is refused when made rather than failing at every payment.
 */
public interface PayoutRoutes {

    boolean paysOutTo(ExternalAccount account);
}
