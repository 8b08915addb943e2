package payments.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import payments.account.InternalAccountView.InternalAccountResponse;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.schema.JsonSchema;
import payments.customer.Customer;
import payments.customer.CustomerService;

import java.util.UUID;

/**
 * RULE_BASED internal accounts: an extra USD account number for a customer and one payer; deposits
 * into it are attributed by the account number and swept on at once (see
 * {@code transaction.RuleBasedSweep}) to the holder's own verified USD account.
 */
@ApplicationScoped
public class RuleBasedAccounts {

    private static final String DESTINATION = "sweepRule.destinationAccountId";
    /** The request body; sweepRule's fields are this server's own (the interface leaves them open). */
    private static final JsonSchema REQUEST = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["type", "currency", "sweepRule"],
             "properties": {
               "type": {"type": "string", "enum": ["RULE_BASED"]},
               "currency": {"type": "string", "enum": ["USD"]},
               "customerId": {"type": "string"},
               "label": {"type": "string", "maxLength": 255},
               "sweepRule": {"type": "object", "required": ["destinationAccountId", "payerReference"],
                 "properties": {
                   "destinationAccountId": {"type": "string"},
                   "payerReference": {"type": "string", "minLength": 1, "maxLength": 140},
                   "minimumSweepAmount": {"type": "integer", "minimum": 0}}}}}
            """));

    /** POST /internal-accounts: what {@link #REQUEST} checks, bound once it has. */
    @Schema(name = "RuleBasedAccountCreateRequest")
    public record RuleBasedAccountRequest(@Schema(enumeration = "RULE_BASED", required = true) String type,
                                          @Schema(enumeration = "USD", required = true) String currency,
                                          @Schema(required = true, description = "The holder: a customer whose KYC/KYB is APPROVED")
                                          String customerId,
                                          @Schema(maxLength = 255) String label,
                                          @Schema(required = true) SweepRule sweepRule) {
    }

    /** Where deposits go: the holder's own ACTIVE USD account (internal, or in the sandbox a verified external one). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SweepRule(@Schema(required = true) String destinationAccountId,
                            @Schema(required = true, minLength = 1, maxLength = 140, description = "The text the payee's bank shows")
                            String payerReference,
                            @Schema(minimum = "0", description = "Deposits below it wait (minor units)") Long minimumSweepAmount) {
    }

    private final InternalAccountService accounts;
    private final InternalAccountView view;
    private final JsonText json;
    private final PayoutRoutes routes;

    public RuleBasedAccounts(InternalAccountService accounts, InternalAccountView view, JsonText json, PayoutRoutes routes) {
        this.routes = routes;
        this.accounts = accounts;
        this.view = view;
        this.json = json;
    }

    @WithTransaction
    public Uni<InternalAccountResponse> create(JsonBody<RuleBasedAccountRequest> body) {
        JsonBodies.Bound<RuleBasedAccountRequest> checked = body.checked(REQUEST);
        RuleBasedAccountRequest request = checked.valid((given, errors) -> {
            if (!checked.sent("customerId") || checked.sentAsNull("customerId")) {
                errors.add(FieldError.of("customerId", "Is required: platform-owned RULE_BASED accounts are not supported"));
            }
        });
        return CustomerService.findForChange(request.customerId())
                .invoke(RuleBasedAccounts::requireVerified)
                .call(holder -> checkDestination(holder, request.sweepRule().destinationAccountId()))
                .call(RuleBasedAccounts::requireOwnUsdAccount)
                .flatMap(holder -> {
                    InternalAccount account = accounts.newAccount(holder.id, InternalAccount.RULE_BASED, "USD",
                            InternalAccount.PENDING);
                    account.label = request.label();
                    account.sweepRule = json.write(request.sweepRule());
                    return accounts.open(account).map(saved -> view.toWire(account));
                });
    }

    /** The spec: "the holder needs a verified account": KYC (or KYB) decided APPROVED. */
    private static void requireVerified(Customer holder) {
        if (!"APPROVED".equals(holder.verificationStatus)) {
            throw new ApiException(ErrorCode.USER_NOT_READY, "Customer " + holder.wireId() + "'s " + holder.statusField() + " is "
                    + holder.verificationStatus + ": a RULE_BASED account needs a verified holder");
        }
    }

    /**
     * The holder's own ACTIVE USD internal account takes the deposits the rule cannot sweep (the
     * spec: "the holder needs a verified account in the same currency").
     */
    private static Uni<Void> requireOwnUsdAccount(Customer holder) {
        return InternalAccount.regularOf(holder.id, "USD")
                .invoke(own -> {
                    if (own == null || !own.canTransact()) {
                        throw ApiException.invalidField("customerId", null, "The customer needs an ACTIVE USD internal account first:"
                                + " it takes the deposits the rule cannot sweep");
                    }
                })
                .replaceWithVoid();
    }

    /**
     * Sweeps go to the holder's own ACTIVE USD account: its internal one, or an ownership-verified
     * external one that a rail of this server pays out to (the sandbox's simulated rail; in
     * production the rail its payment rail is routed to, ACH for a US account).
     */
    private Uni<Void> checkDestination(Customer holder, String destinationId) {
        if (Ids.isValid(IdType.EXTERNAL_ACCOUNT, destinationId)) {
            UUID id = Ids.uuidOf(IdType.EXTERNAL_ACCOUNT, destinationId, ExternalAccountService.NOT_FOUND);
            return ExternalAccount.<ExternalAccount>findById(id).map(account -> {
                boolean usable = account != null && account.deletedAt == null && holder.id.equals(account.customerId);
                require(usable, "Is not an external account of this customer");
                require("USD".equals(account.currency), "Must be a USD account");
                require(ExternalAccount.ACTIVE.equals(account.status), "Must be ACTIVE (verified); it is " + account.status);
                require(routes.paysOutTo(account), "No payment rail of this server pays out to this account (see SVC_RAILS_ROUTES)");
                return null;
            });
        }
        if (Ids.isValid(IdType.INTERNAL_ACCOUNT, destinationId)) {
            UUID id = Ids.uuidOf(IdType.INTERNAL_ACCOUNT, destinationId, InternalAccountService.NOT_FOUND);
            return InternalAccount.<InternalAccount>findById(id).map(account -> {
                require(account != null && holder.id.equals(account.customerId), "Is not an internal account of this customer");
                require("USD".equals(account.currency) && !InternalAccount.RULE_BASED.equals(account.type),
                        "Must be the customer's own USD account");
                require(InternalAccount.ACTIVE.equals(account.status), "Must be ACTIVE; it is " + account.status);
                return null;
            });
        }
        throw ApiException.invalidField(DESTINATION, FieldError.Constraint.idOf(IdType.EXTERNAL_ACCOUNT, IdType.INTERNAL_ACCOUNT),
                "Must be an ExternalAccount or InternalAccount id");
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw ApiException.invalidField(DESTINATION, null, message);
        }
    }
}
