package payments.quote;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.AccountInfoRules;
import payments.account.ExternalAccount;
import payments.account.InternalAccount;
import payments.account.InternalAccountService;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.Regions;
import payments.common.ServerClock;
import payments.customer.Customer;
import payments.ledger.Ledger;
import payments.quote.QuoteView.QuoteResponse;
import payments.sca.BeneficiaryTrust;
import payments.transaction.PaymentLifecycle;
import payments.transaction.PaymentLimits;
import payments.account.PaymentRails;
import payments.transaction.PaymentRail;
import payments.transaction.PaymentRail.Leg;
import payments.transaction.PaymentRail.Submission;
import payments.transaction.RailRouter;
import payments.transaction.PaymentTransaction;
import payments.wallet.WalletPayments;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Executing a quote: the checks that may still refuse it, then the payer's money held and the
 * payment handed to its rail (or, for a payer in an SCA region, a challenge first).
 */
@ApplicationScoped
public class QuoteExecution {

    private final Ledger ledger;
    private final PaymentLimits limits;
    private final PaymentLifecycle lifecycle;
    private final RailRouter rails;
    private final QuoteView view;
    private final JsonText json;
    private final ServerClock clock;
    private final ScaChallenges challenges;
    private final InternalAccountService internalAccounts;
    private final WalletPayments walletPayments;

    public QuoteExecution(Ledger ledger, PaymentLimits limits, PaymentLifecycle lifecycle, RailRouter rails, QuoteView view,
                          JsonText json, ServerClock clock, ScaChallenges challenges,
                          InternalAccountService internalAccounts, WalletPayments walletPayments) {
        this.walletPayments = walletPayments;
        this.ledger = ledger;
        this.limits = limits;
        this.lifecycle = lifecycle;
        this.rails = rails;
        this.view = view;
        this.json = json;
        this.clock = clock;
        this.challenges = challenges;
        this.internalAccounts = internalAccounts;
    }

    /** The optional body of POST /quotes/{id}/execute (ExecuteQuoteRequest): the SCA factor to be challenged in. */
    public record ExecuteRequest(String scaFactor) {
    }

    /** POST /quotes/{id}/execute; {@code walletSignature} is the Svc-Wallet-Signature header (null when absent). */
    @WithTransaction
    public Uni<QuoteResponse> execute(String quoteId, JsonBody<ExecuteRequest> body, String walletSignature) {
        String factor = body.orEmpty().scaFactor();
        List<FieldError> errors = new java.util.ArrayList<>();
        ScaChallenges.checkScaFactor(factor, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return QuoteLookup.find(quoteId, true).flatMap(quote -> QuoteLookup.transactionOf(quote, true)
                .flatMap(t -> execute(quote, t, factor, walletSignature).map(ignored -> view.toWire(quote, t))));
    }

    /** An agent's execution, once its policy allowed it (in the caller's transaction). */
    public Uni<Void> executeForAgent(Quote quote, PaymentTransaction t) {
        t.agentId = quote.agentId;
        return execute(quote, t, null, null);
    }

    /** Executes a PENDING quote: money moves now, or after SCA for payers in SCA regions. */
    Uni<Void> execute(Quote quote, PaymentTransaction t, String scaFactor, String walletSignature) {
        requireRunnable(quote);
        if (realtime(quote)) {
            throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Quote " + quote.wireId()
                    + " is funded in real time: it runs when the funds sent per its paymentInstructions arrive");
        }
        // An embedded wallet's owner signs at execution, before any SCA challenge (authorize brings no stamp).
        Uni<Void> signed = quote.sourceAccountId == null ? Uni.createFrom().voidItem()
                : InternalAccount.<InternalAccount>findById(quote.sourceAccountId)
                        .flatMap(source -> walletPayments.requireSigned(source, quote.paymentInstructions, walletSignature));
        return signed.flatMap(ignored -> holder(quote.customerId)).flatMap(customer -> {
            if (customer != null && Regions.requiresSca(customer.region)) {
                customer.requireNotDeleted();
                // A beneficiary the payer trusted with SCA is exempt from the per-payment challenge.
                return trustedPayee(quote).flatMap(trusted -> trusted ? release(quote, t) : challenges.challenge(quote, t, scaFactor));
            }
            return release(quote, t);
        });
    }

    private static Uni<Boolean> trustedPayee(Quote quote) {
        return quote.externalAccountId == null ? Uni.createFrom().item(false)
                : ExternalAccount.<ExternalAccount>findById(quote.externalAccountId).map(BeneficiaryTrust::trusted);
    }

    /**
     * A quote may start moving money only while PENDING and before expiresAt: 409 while it awaits
     * Strong Customer Authentication or once it has run, 400 QUOTE_EXPIRED after its deadline.
     */
    void requireRunnable(Quote quote) {
        if (QuoteStatus.of(quote) == QuoteStatus.PENDING_AUTHORIZATION) {
            throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Quote " + quote.wireId() + " awaits Strong Customer Authentication; authorize it first");
        }
        if (QuoteStatus.of(quote) == QuoteStatus.EXPIRED
                || (QuoteStatus.of(quote) == QuoteStatus.PENDING && !clock.now().isBefore(quote.expiresAt))) {
            throw new ApiException(ErrorCode.QUOTE_EXPIRED, "Quote " + quote.wireId() + " expired at " + quote.expiresAt
                    + "; create a new quote");
        }
        if (QuoteStatus.of(quote) != QuoteStatus.PENDING) {
            throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "Quote " + quote.wireId() + " has already run");
        }
    }

    /**
     * Holds the payer's money and hands the payment on (see {@link PaymentLifecycle#begin}). Both sides are checked
     * again first: neither holder may be deleted (410), an external payee must still be usable (400); and the hold itself re-checks
     * the payer and an internal payee under their row locks (400, see {@link payments.transaction.SettlementPostings#hold}).
     * Any refusal leaves nothing held.
     */
    private Uni<Void> release(Quote quote, PaymentTransaction t) {
        if (quote.sourceAccountId == null) {
            return releasePull(quote, t);
        }
        return InternalAccount.<InternalAccount>findById(quote.sourceAccountId)
                .call(() -> requireLiveParties(quote))
                .flatMap(source -> submission(quote, t))
                .flatMap(submission -> ledger.post(payments.transaction.SettlementPostings.hold(t))
                        .call(() -> limits.countDailyVolume(PaymentLimits.Volume.of(t)))
                        .flatMap(ignored -> {
                            QuoteStatus.move(quote, QuoteStatus.PROCESSING);
                            quote.scaChallenge = null;
                            quote.updatedAt = clock.now();
                            return lifecycle.begin(t, submission);
                        }));
    }

    /** A pull holds nothing here: the money comes over the rail, and the bank's answer decides. */
    private Uni<Void> releasePull(Quote quote, PaymentTransaction t) {
        return requireLiveParties(quote)
                .flatMap(ignored -> ExternalAccount.<ExternalAccount>findById(quote.sourceExternalAccountId))
                .flatMap(account -> {
                    QuoteStatus.move(quote, QuoteStatus.PROCESSING);
                    quote.updatedAt = clock.now();
                    return lifecycle.begin(t, new Submission(t.id, t.reference, Leg.PULL, PaymentRails.pullRail(account.accountType), account.id, identifier(account),
                            true, t.sentCurrency, t.sentAmount, remittanceOf(quote)));
                });
    }

    private String identifier(ExternalAccount account) {
        return AccountInfoRules.primaryIdentifier(json.read(account.accountInfo));
    }

    /**
     * How the payment leaves the ledger: null for an internal payee (the ledger settles it itself),
     * otherwise what the rail is handed: a payout to the external account (still able to receive,
     * and, across currencies, at a rate the rail still honours) or an UMA payment.
     */
    Uni<Submission> submission(Quote quote, PaymentTransaction t) {
        if (quote.destinationAccountId != null) {
            return Uni.createFrom().nullItem();
        }
        boolean sameCurrency = quote.sendingCurrency.equals(quote.receivingCurrency);
        if (quote.externalAccountId == null) {
            String address = json.read(quote.destination).path("umaAddress").asText();
            return Uni.createFrom().item(new Submission(t.id, t.reference, Leg.UMA_SEND, null, null, address, sameCurrency,
                    t.receivedCurrency, t.receivedAmount, remittanceOf(quote)));
        }
        return ExternalAccount.<ExternalAccount>findById(quote.externalAccountId).map(account -> {
            if (!account.canReceive()) {
                throw ApiException.invalidField("destination.accountId", null, "External account " + account.wireId()
                        + (account.deletedAt != null ? " was deleted" : " is " + account.status) + " and cannot receive");
            }
            PaymentRail rail = rails.route(t.paymentRail);
            rail.payeeProblem(json.read(account.accountInfo)).ifPresent(problem -> {
                throw new ApiException(ErrorCode.NOT_IMPLEMENTED, problem);
            });
            if (!sameCurrency && !rail.canPrice(identifier(account))) {
                // The payout partner refuses the quoted rate now: nothing is held, the quote stays as it was.
                throw new ApiException(ErrorCode.QUOTE_RATE_UNAVAILABLE, "The payout partner no longer honours the rate quoted for "
                        + quote.sendingCurrency + " to " + quote.receivingCurrency + "; create a new quote");
            }
            return new Submission(t.id, t.reference, Leg.PAYOUT, t.paymentRail, account.id, identifier(account), sameCurrency,
                    t.receivedCurrency, t.receivedAmount, remittanceOf(quote));
        });
    }

    /** The remittanceInformation the quote was asked with, if any. */
    private String remittanceOf(Quote quote) {
        return quote.request == null ? null : json.read(quote.request).path("remittanceInformation").textValue();
    }

    /** POST /quotes/{id}/authorize: the challenge's code releases the payment, or shows a realtime-funded one where to pay. */
    @WithTransaction
    public Uni<QuoteResponse> authorize(String quoteId, JsonBody<ScaChallenges.QuoteAuthorization> body) {
        return QuoteLookup.find(quoteId, true).call(quote -> challenges.verify(quote, body.orEmpty()))
                .flatMap(quote -> QuoteLookup.transactionOf(quote, true).flatMap(t -> (realtime(quote)
                        ? awaitFunds(quote, t) : release(quote, t)).map(ignored -> view.toWire(quote, t))));
    }

    static boolean realtime(Quote quote) {
        return quote.sourceAccountId == null && quote.sourceExternalAccountId == null;
    }

    /** An authorized realtime-funded quote shows its paymentInstructions and waits for the money. */
    private Uni<Void> awaitFunds(Quote quote, PaymentTransaction t) {
        QuoteStatus.move(quote, QuoteStatus.PENDING);
        quote.scaChallenge = null;
        quote.updatedAt = clock.now();
        lifecycle.awaitFunds(t);
        return Uni.createFrom().voidItem();
    }

    private Uni<Customer> holder(UUID customerId) {
        return internalAccounts.inSession().holder(customerId);
    }

    /** 410 CUSTOMER_DELETED when the payer or the holder of an internal payee was deleted since the quote. */
    Uni<Void> requireLiveParties(Quote quote) {
        return requireLiveHolder(quote.customerId).call(() -> quote.destinationAccountId == null ? Uni.createFrom().voidItem()
                : InternalAccount.<InternalAccount>findById(quote.destinationAccountId)
                        .flatMap(payee -> requireLiveHolder(payee.customerId)));
    }

    private Uni<Void> requireLiveHolder(UUID customerId) {
        return holder(customerId).invoke(customer -> {
            if (customer != null) {
                customer.requireNotDeleted();
            }
        }).replaceWithVoid();
    }
}
