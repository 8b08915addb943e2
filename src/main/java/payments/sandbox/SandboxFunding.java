package payments.sandbox;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.account.InternalAccountService;
import payments.account.InternalAccountView;
import payments.account.InternalAccountView.InternalAccountResponse;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.JsonBody;
import payments.common.schema.JsonSchema;
import payments.common.schema.RequestSchemas;
import payments.customer.Customer;
import payments.ledger.Journal;
import payments.transaction.Deposits;
import payments.transaction.Deposits.Deposit;

/** POST /sandbox/internal-accounts/{id}/fund: money from nowhere, booked like a real incoming payment. */
@ApplicationScoped
public class SandboxFunding {

    private final JsonSchema schema;
    private final InternalAccountService accounts;
    private final InternalAccountView accountView;
    private final Deposits deposits;

    public SandboxFunding(RequestSchemas schemas, InternalAccountService accounts, InternalAccountView accountView,
                          Deposits deposits) {
        this.schema = schemas.get("sandboxFund");
        this.accounts = accounts;
        this.accountView = accountView;
        this.deposits = deposits;
    }

    @WithTransaction
    public Uni<InternalAccountResponse> fund(String accountId, JsonBody<FundRequest> body) {
        long amount = body.checked(schema).valid().amount();
        return accounts.find(accountId, false).flatMap(account -> holderOf(account).flatMap(holder -> {
            if (holder != null) {
                holder.requireNotDeleted();
            }
            if (!account.canTransact()) {
                throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Internal account " + account.wireId() + " is " + account.status + " and cannot receive funds");
            }
            // Crypto reaches the account's sandbox deposit address on chain: the deposit names the transaction.
            Deposits.OnChain onChain = payments.account.FundingInstructions.depositNetwork(account.id, account.currency)
                    .map(network -> new Deposits.OnChain(payments.common.Sha256.hex("sandbox-deposit:" + payments.common.Ids.newUuid()),
                            network))
                    .orElse(null);
            return deposits.credit(new Deposit(account, holder == null ? null : holder.platformCustomerId, amount,
                            Journal.SystemAccount.SANDBOX_FUNDING, "REALTIME_FUNDING", "Sandbox funding", "Sandbox funding", null, onChain))
                    .map(ignored -> accountView.toWire(account));
        }));
    }

    /** The body of POST /sandbox/internal-accounts/{id}/fund: the amount in the account's minor units. */
    public record FundRequest(Long amount) {
    }

    private static Uni<Customer> holderOf(InternalAccount account) {
        return account.customerId == null ? Uni.createFrom().nullItem() : Customer.findById(account.customerId);
    }
}
