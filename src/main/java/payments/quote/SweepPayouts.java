package payments.quote;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.ExternalAccount;
import payments.account.InternalAccount;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.customer.Customer;
import payments.common.Regions;
import payments.transaction.PaymentTransaction;
import payments.transaction.SweepPayout;

/**
 * A rule-based account's sweep to a bank account, as a transfer-out: priced, checked and executed
 * by the quote path like any payout (limits, the rail's payee checks, the hold), from the holder's
 * own account, so a payout the rail later fails refunds there.
 */
@ApplicationScoped
public class SweepPayouts implements SweepPayout {

    private final QuoteCreation quotes;

    public SweepPayouts(QuoteCreation quotes) {
        this.quotes = quotes;
    }

    @Override
    public Uni<PaymentTransaction> payOut(InternalAccount from, ExternalAccount to, long amount, String remittanceInformation) {
        return Customer.<Customer>findById(from.customerId).flatMap(holder -> {
            if (holder != null && Regions.requiresSca(holder.region)) {
                // Nobody is there to pass the payment's challenge: the deposit stays with the holder.
                throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "A sweep cannot pass strong customer authentication");
            }
            QuoteCreateRequest transfer = QuoteCreateRequest.transfer(QuoteCreateRequest.Source.account(from.wireId()),
                    QuoteCreateRequest.Destination.account(to.wireId(), null), amount, true, remittanceInformation, null);
            return quotes.create(transfer, QuotePricing.Mode.TRANSFER_OUT).map(QuoteCreation.Created::transaction);
        });
    }
}
