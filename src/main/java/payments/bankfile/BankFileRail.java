package payments.bankfile;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import payments.account.DirectDebitMandate;
import payments.account.ExternalAccount;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.transaction.PaymentRail;

import java.util.Optional;
import java.util.UUID;

/**
 * The ISO 20022 file rail: a payout to a bank account is queued here (in the executing
 * transaction) and leaves with the next cut-off's pain.001 file ({@link BankFileOutbox}); the
 * bank's answers come back as files ({@link BankFileInbox}). A pull from a customer's EUR bank
 * account, with the platform's creditor identifier configured and the holder's mandate in force, is
 * a SEPA Core direct debit: queued the same way, it leaves in the cut-off's pain.008 file and is
 * credited when the bank books its credit. UMA is another network: quoting refuses it (501).
 */
@ApplicationScoped
@Typed(BankFileRail.class)
public class BankFileRail implements PaymentRail {

    private final ServerConfig config;
    private final BankFilesConfig files;
    private final JsonText json;
    private final ServerClock clock;

    public BankFileRail(ServerConfig config, BankFilesConfig files, JsonText json, ServerClock clock) {
        this.config = config;
        this.files = files;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Whether this server sends ISO 20022 files to a bank: production (the sandbox's rail is
     * simulated), a bank file transport, and the platform's account at the bank that pays.
     */
    public boolean configured() {
        return !config.sandbox() && files.transport().isPresent()
                && (files.debtor().iban().isPresent() || files.debtor().accountNumber().isPresent());
    }

    /** The name routes give it ({@code SVC_RAILS_ROUTES=SEPA=iso20022-files,...}). */
    public static final String NAME = "iso20022-files";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> payeeProblem(JsonNode info) {
        return text(info, "iban") != null || firstOf(info, "accountNumber", "clabeNumber") != null ? Optional.empty()
                : Optional.of("The bank file rail pays bank accounts (an IBAN or an account number); this account has neither");
    }

    /** Payouts; pulls (SEPA direct debits) once the platform has a creditor identifier. */
    @Override
    public boolean carries(Leg leg) {
        return leg == Leg.PAYOUT || leg == Leg.PULL && files.debtor().creditorId().isPresent();
    }

    /** A payout still queued is taken out of the next file (see {@link BankPayout#withdraw}). */
    @Override
    public Uni<Boolean> withdraw(UUID transactionId) {
        return BankPayout.withdraw(transactionId);
    }

    @Override
    public boolean canPrice(String identifier) {
        // The rate is this server's own; the bank pays out the amount it is given.
        return true;
    }

    @Override
    public Uni<Acceptance> submit(Submission payment) {
        if (!carries(payment.leg())) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "The bank file rail carries payouts, and direct debits with a creditor identifier");
        }
        return ExternalAccount.<ExternalAccount>findById(payment.externalAccountId()).flatMap(account -> {
            BankPayout payout = payoutTo(json.read(account.accountInfo), payment);
            return payment.leg() == Leg.PULL ? underMandate(payout, account) : payout.persist().replaceWith(Acceptance.ACCEPTED);
        });
    }

    /** A pull is a SEPA Core collection from the holder's IBAN under the mandate in force now; its sequence type is the file's to set. */
    private Uni<Acceptance> underMandate(BankPayout pull, ExternalAccount account) {
        if (!"EUR".equals(pull.currency) || pull.iban == null) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "A SEPA direct debit collects euros from an IBAN");
        }
        return DirectDebitMandate.inForce(account.id).flatMap(mandate -> {
            if (mandate == null) {
                throw ApiException.invalidField("source.accountId", null, "External account " + account.wireId()
                        + " has no direct debit mandate in force any more");
            }
            pull.format = BankPayout.PAIN008;
            pull.leg = BankPayout.PULL;
            pull.externalAccountId = account.id;
            pull.mandateId = mandate.mandateId;
            pull.mandateSignedOn = mandate.signedOn;
            return pull.persist().replaceWith(Acceptance.ACCEPTED);
        });
    }

    /** The payee as the file names it: IBAN or account number, and its bank by BIC or national clearing code. */
    private BankPayout payoutTo(JsonNode info, Submission payment) {
        BankPayout payout = new BankPayout();
        payout.transactionId = payment.transactionId();
        payout.endToEndId = BankPayout.endToEndIdOf(payment.transactionId());
        payout.amount = payment.amount();
        payout.currency = payment.currency();
        JsonNode beneficiary = info.path("beneficiary");
        payout.creditorName = truncated(beneficiary.hasNonNull("fullName") ? beneficiary.get("fullName").asText()
                : beneficiary.path("legalName").asText("Beneficiary"), 140);
        payout.iban = text(info, "iban");
        payout.accountNumber = payout.iban != null ? null : firstOf(info, "accountNumber", "clabeNumber");
        payeeProblem(info).ifPresent(problem -> {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, problem);
        });
        payout.bic = firstOf(info, "swiftCode", "bic");
        payout.clearingCode = firstOf(info, "routingNumber", "sortCode");
        payout.remittance = payment.remittanceText();
        payout.status = BankPayout.QUEUED;
        payout.createdAt = clock.now();
        return payout;
    }

    private static String firstOf(JsonNode info, String... fields) {
        for (String field : fields) {
            String value = text(info, field);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private static String text(JsonNode info, String field) {
        return info.hasNonNull(field) && !info.get(field).asText().isBlank() ? info.get(field).asText() : null;
    }

    private static String truncated(String value, int max) {
        return value.length() <= max ? value : value.substring(0, max);
    }
}
