package payments.bankfile;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import payments.account.BankIdentifiers;
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
 * The NACHA ACH rail: a USD payout to a US bank account is queued here (in the executing
 * transaction) as an ACH credit, PPD to a person's account and CCD to a business's, and leaves with
 * the next cut-off's NACHA file ({@link AchOutbox}); it settles on its effective date unless the
 * payee's bank returns it, and the bank's return and notification-of-change files come back
 * through the inbox ({@link BankFileInbox}). A pull from the holder's own US bank account leaves
 * the same way as an ACH debit (WEB for a person's account, CCD for a business's), credited to
 * the internal account on its effective date; a return after that claws it back.
 */
@ApplicationScoped
@Typed(AchRail.class)
public class AchRail implements PaymentRail {

    /** The name routes give it ({@code SVC_RAILS_ROUTES=ACH=nacha-files}). */
    public static final String NAME = "nacha-files";
    static final String PPD = "PPD";
    static final String CCD = "CCD";
    /** A debit a consumer authorized online (the quote): NACHA's class for it. */
    static final String WEB = "WEB";

    private final ServerConfig config;
    private final BankFilesConfig files;
    private final AchConfig ach;
    private final JsonText json;
    private final ServerClock clock;

    public AchRail(ServerConfig config, BankFilesConfig files, AchConfig ach, JsonText json, ServerClock clock) {
        this.config = config;
        this.files = files;
        this.ach = ach;
        this.json = json;
        this.clock = clock;
    }

    /** Whether this server sends ACH files: production, a bank file transport, and the originator's bank and company id. */
    public boolean configured() {
        return !config.sandbox() && files.transport().isPresent() && ach.odfiRoutingNumber().isPresent() && ach.companyId().isPresent();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean carries(Leg leg) {
        return leg == Leg.PAYOUT || leg == Leg.PULL;
    }

    @Override
    public Optional<String> payeeProblem(JsonNode info) {
        String account = info.path("accountNumber").asText("");
        if (!account.matches("[0-9A-Za-z-]{1,17}")) {
            return Optional.of("An ACH payment needs the payee's account number (up to 17 letters, digits or dashes)");
        }
        if (!BankIdentifiers.isValidRoutingNumber(info.path("routingNumber").asText(""))) {
            return Optional.of("An ACH payment needs the payee bank's 9-digit ABA routing number");
        }
        return Optional.empty();
    }

    @Override
    public boolean canPrice(String identifier) {
        return true;
    }

    @Override
    public Uni<Boolean> withdraw(UUID transactionId) {
        return BankPayout.withdraw(transactionId);
    }

    @Override
    public Uni<Acceptance> submit(Submission payment) {
        if (!carries(payment.leg()) || !"USD".equals(payment.currency())) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "The ACH rail carries USD payouts and pulls only");
        }
        return ExternalAccount.<ExternalAccount>findById(payment.externalAccountId())
                .flatMap(account -> traceNumber().flatMap(trace -> entryTo(json.read(account.accountInfo), payment, trace).persist()))
                .replaceWith(Acceptance.ACCEPTED);
    }

    /** A new trace number: the originating bank's routing number without its check digit, then 7 digits of a sequence. */
    private Uni<String> traceNumber() {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("SELECT nextval('ach_trace_numbers')", Long.class)
                .getSingleResult()).map(next -> ach.odfiRoutingNumber().orElseThrow().substring(0, 8) + String.format("%07d", next));
    }

    private BankPayout entryTo(JsonNode info, Submission payment, String trace) {
        payeeProblem(info).ifPresent(problem -> {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, problem);
        });
        JsonNode beneficiary = info.path("beneficiary");
        boolean business = "BUSINESS".equals(beneficiary.path("beneficiaryType").asText());
        BankPayout payout = new BankPayout();
        payout.transactionId = payment.transactionId();
        payout.format = BankPayout.NACHA;
        payout.externalAccountId = payment.externalAccountId();
        payout.endToEndId = trace;
        payout.amount = payment.amount();
        payout.currency = payment.currency();
        String name = business ? beneficiary.path("legalName").asText("") : beneficiary.path("fullName").asText("");
        payout.creditorName = BankText.latin(name, 22, "Beneficiary").toUpperCase(java.util.Locale.ROOT);
        payout.accountNumber = info.path("accountNumber").asText();
        payout.clearingCode = info.path("routingNumber").asText();
        payout.accountType = "SAVINGS".equals(info.path("bankAccountType").asText()) ? "SAVINGS" : "CHECKING";
        boolean pull = payment.leg() == Leg.PULL;
        payout.leg = pull ? BankPayout.PULL : BankPayout.PAYOUT;
        payout.entryClass = business ? CCD : pull ? WEB : PPD;
        payout.remittance = payment.remittanceText() == null ? null : BankText.latin(payment.remittanceText(), 80, null);
        payout.status = BankPayout.QUEUED;
        payout.createdAt = clock.now();
        return payout;
    }
}
