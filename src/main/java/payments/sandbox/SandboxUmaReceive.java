package payments.sandbox;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.ExternalAccount;
import payments.account.InternalAccount;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.schema.JsonSchema;
import payments.common.schema.RequestSchemas;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.incoming.IncomingApproval;
import payments.incoming.ReceiverInfoFields;
import payments.quote.UmaNetwork;
import payments.quote.UmaNetwork.UmaReceiver;
import payments.transaction.PaymentTransaction;
import payments.transaction.TransactionStatus;
import payments.transaction.TransactionView;
import payments.transaction.TransactionView.TransactionResponse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * POST /sandbox/uma/receive: a sandbox UMA address pays one of the platform's customers. The
 * payment waits PENDING for the platform's approval ({@link IncomingApproval}); the sender's
 * address decides how it ends once approved ($success.* lands at once, $pending.long.usd after an
 * hour, $fail.compliance.usd is refused by compliance).
 */
@ApplicationScoped
public class SandboxUmaReceive {

    /** The same ceiling as sandbox funding: keeps sandbox balances far from overflowing. */
    static final long MAX_AMOUNT = 100_000_000_000L;
    /** What every sandbox sender tells about itself. */
    private static final Map<String, String> SENDER_INFORMATION = Map.of("FULL_NAME", "Sandbox Sender",
            "BIRTH_DATE", "1985-06-15", "NATIONALITY", "US");

    private final JsonSchema schema;
    private final IncomingApproval approval;
    private final TransactionView view;
    private final JsonText json;
    private final ServerClock clock;

    public SandboxUmaReceive(RequestSchemas schemas, IncomingApproval approval, TransactionView view, JsonText json,
                             ServerClock clock) {
        this.schema = schemas.get("sandboxUmaReceive");
        this.approval = approval;
        this.view = view;
        this.json = json;
        this.clock = clock;
    }

    @WithTransaction
    public Uni<TransactionResponse> receive(JsonBody<UmaPaymentSimulation> body) {
        UmaPaymentSimulation request = body.checked(schema).valid((req, errors) -> {
            if ((req.receiverUmaAddress() == null) == (req.customerId() == null)) {
                errors.add(FieldError.of("receiverUmaAddress", "Give either receiverUmaAddress or customerId, not both"));
            }
            checkAddress("senderUmaAddress", req.senderUmaAddress(), errors);
            checkAddress("receiverUmaAddress", req.receiverUmaAddress(), errors);
            if (req.receivingCurrencyAmount() != null && req.receivingCurrencyAmount() > MAX_AMOUNT) {
                errors.add(FieldError.of("receivingCurrencyAmount", "Must be at most " + MAX_AMOUNT + " in the sandbox"));
            }
        });
        String senderAddress = request.senderUmaAddress();
        UmaReceiver sender = SandboxUmaDirectory.findSender(senderAddress).orElseThrow(() ->
                new ApiException(ErrorCode.UMA_NOT_FOUND, "No sandbox sender at " + senderAddress));
        String currency = request.receivingCurrencyCode();
        long amount = request.receivingCurrencyAmount();
        return receiver(request).flatMap(customer -> defaultDepositAccount(customer, currency).flatMap(external -> external != null
                ? save(incoming(sender, customer, amount).paidTo(external), customer)
                : InternalAccount.regularOf(customer.id, currency).flatMap(account -> {
                    if (account == null) {
                        throw ApiException.invalidField("receivingCurrencyCode", null,
                                "Customer " + customer.wireId() + " has no internal account in " + currency);
                    }
                    if (!account.canTransact()) {
                        throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Internal account " + account.wireId() + " is " + account.status + " and cannot receive funds");
                    }
                    return save(incoming(sender, customer, amount).paidTo(account), customer);
                })));
    }

    private Uni<TransactionResponse> save(PaymentTransaction t, Customer customer) {
        return t.persist()
                .call(() -> approval.request(t, ReceiverInfoFields.requestedFor(customer.customerType,
                        customer.profile == null ? json.read("{}") : json.read(customer.profile))))
                .map(ignored -> view.toWire(t));
    }

    /**
     * The customer's external account flagged {@code defaultUmaDepositAccount}, when it is ACTIVE and
     * in the currency paid: incoming UMA money goes there instead of the internal account.
     */
    private static Uni<ExternalAccount> defaultDepositAccount(Customer customer, String currency) {
        return ExternalAccount.<ExternalAccount>find("customerId = ?1 and defaultUmaDeposit = true and deletedAt is null",
                        customer.id).firstResult()
                .map(account -> account != null && account.isVerified() && currency.equals(account.currency) ? account : null);
    }

    /** The body of POST /sandbox/uma/receive: a sandbox sender pays a customer, named by UMA address or id. */
    public record UmaPaymentSimulation(String senderUmaAddress, String receiverUmaAddress, String customerId,
                                       String receivingCurrencyCode, Long receivingCurrencyAmount) {
    }

    private static void checkAddress(String field, String address, List<FieldError> errors) {
        if (address != null && !UmaNetwork.wellFormed(address)) {
            errors.add(new FieldError(field, FieldError.Constraint.pattern(UmaNetwork.ADDRESS.pattern()),
                    "Must be a UMA address ($user@domain)"));
        }
    }

    private static Uni<Customer> receiver(UmaPaymentSimulation request) {
        if (request.customerId() != null) {
            return CustomerService.find(request.customerId(), false).map(SandboxUmaReceive::notDeleted);
        }
        String address = request.receiverUmaAddress();
        return Customer.<Customer>find("umaAddress = ?1 and deletedAt is null", address).firstResult().map(customer -> {
            if (customer == null) {
                throw new ApiException(ErrorCode.UMA_NOT_FOUND, "No customer has the UMA address " + address);
            }
            return customer;
        });
    }

    private static Customer notDeleted(Customer customer) {
        if (customer.isDeleted()) {
            throw new ApiException(CustomerService.NOT_FOUND, "Customer " + customer.wireId() + " has been deleted");
        }
        return customer;
    }

    /** Where the incoming money lands, decided once the receiver's deposit account is known. */
    private final class Incoming {
        private final PaymentTransaction t;
        private final Customer customer;
        private final long amount;

        Incoming(PaymentTransaction t, Customer customer, long amount) {
            this.t = t;
            this.customer = customer;
            this.amount = amount;
        }

        PaymentTransaction paidTo(InternalAccount account) {
            Map<String, Object> destination = new LinkedHashMap<>();
            destination.put("destinationType", "UMA_ADDRESS");
            destination.put("umaAddress", customer.umaAddress);
            t.destination = json.write(destination);
            t.creditsAsSent(account.id, account.wireId(), amount, account.currency);
            return t;
        }

        /** To the customer's default UMA deposit account: the money passes on over the rail, no internal balance moves. */
        PaymentTransaction paidTo(ExternalAccount account) {
            t.destination = json.write(Map.of("destinationType", "ACCOUNT", "accountId", account.wireId(), "currency", account.currency));
            t.creditsAsSent(null, account.wireId(), amount, account.currency);
            return t;
        }
    }

    private Incoming incoming(UmaReceiver sender, Customer customer, long amount) {
        PaymentTransaction t = PaymentTransaction.start(PaymentTransaction.INCOMING, PaymentTransaction.CREDIT,
                TransactionStatus.PENDING, clock.now());
        t.customerId = customer.id;
        t.platformCustomerId = customer.platformCustomerId;
        t.source = json.write(Map.of("sourceType", "UMA_ADDRESS", "umaAddress", sender.address()));
        t.senderIdentifier = sender.address();
        t.counterpartyInformation = json.write(SENDER_INFORMATION);
        t.description = "UMA payment from " + sender.address();
        return new Incoming(t, customer, amount);
    }
}
