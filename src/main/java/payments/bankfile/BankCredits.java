package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.FundingInstructions;
import payments.account.InternalAccount;
import payments.bankfile.BankMessages.EntryBooked;
import payments.common.ApiException;
import payments.common.Ids;
import payments.customer.Customer;
import payments.ledger.Journal.SystemAccount;
import payments.quote.Quote;
import payments.quote.RealtimeFunding;
import payments.transaction.Deposits;
import payments.transaction.Deposits.Deposit;
import payments.transaction.PaymentLifecycle;
import payments.transaction.PaymentTransaction;
import payments.transaction.RailReport;
import payments.transaction.TransactionStatus;

import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a booked credit (not a return) pays, inside the file's transaction: the direct debit its
 * end-to-end id names (the pull completes), else a deposit to the internal account its funding
 * reference or account identifier names, else the funding of the realtime-funded quote its
 * reference names; anything else is parked in SUSPENSE.
 */
@ApplicationScoped
public class BankCredits {

    private final PaymentLifecycle lifecycle;
    private final RealtimeFunding realtime;
    private final Deposits deposits;
    private final BankEntryParking parking;
    /** The identifiers of the platform's own (pooled) account at the bank. */
    private final Set<String> collectionAccount;

    public BankCredits(PaymentLifecycle lifecycle, RealtimeFunding realtime, Deposits deposits, BankEntryParking parking, BankFilesConfig config) {
        this.lifecycle = lifecycle;
        this.realtime = realtime;
        this.deposits = deposits;
        this.parking = parking;
        BankFilesConfig.Debtor debtor = config.debtor();
        this.collectionAccount = Stream.of(debtor.iban(), debtor.accountNumber())
                .flatMap(Optional::stream).collect(Collectors.toUnmodifiableSet());
    }

    Uni<Void> credit(String fileHash, EntryBooked entry) {
        return collection(entry).flatMap(pull -> pull != null ? collected(fileHash, entry, pull) : depositAccount(entry).flatMap(account -> account != null ? deposit(fileHash, entry, account)
                : fundedQuote(entry).flatMap(quote -> quote != null ? fundQuote(fileHash, entry, quote)
                        : parking.credit(fileHash, "CREDIT_UNKNOWN", entry, "No internal account or quote has this funding reference or account identifier"))));
    }

    /** The direct debit a credit pays, by its end-to-end id. */
    private static Uni<BankPayout> collection(EntryBooked entry) {
        return BankPayout.byEndToEndId(entry.endToEndId()).map(payout -> payout != null && BankPayout.PAIN008.equals(payout.format) ? payout : null);
    }

    /**
     * A direct debit the bank credited: the pull completes, the holder's internal account credited.
     * One credited for another amount, or again, or after its refusal is parked (the money in SUSPENSE).
     */
    private Uni<Void> collected(String fileHash, EntryBooked entry, BankPayout pull) {
        if (pull.amount != entry.amount() || !pull.currency.equals(entry.currency())) {
            return parking.credit(fileHash, "COLLECTION_MISMATCH", entry, "Credited " + entry.amount() + " " + entry.currency()
                    + " for a direct debit of " + pull.amount + " " + pull.currency + "; the pull is left PROCESSING");
        }
        return lifecycle.report(RailReport.settled(pull.transactionId)).flatMap(applied -> pull.paymentStatus().flatMap(status -> {
            if (applied && TransactionStatus.COMPLETED.equals(status)) {
                pull.status = BankPayout.SETTLED;
                return Uni.createFrom().voidItem();
            }
            if (applied) {
                // The payment could not take the money (its internal account closed or frozen since): it failed, and the
                // money the bank holds is the debtor's, in SUSPENSE until a person sends it back.
                return parking.credit(fileHash, "COLLECTION_NOT_CREDITED", entry, "Collected for a pull that could not be credited ("
                        + status + ")");
            }
            return parking.credit(fileHash, TransactionStatus.COMPLETED.equals(status) ? "DUPLICATE_CREDIT" : "CONTRADICTION", entry,
                    "A credit of a direct debit already " + status);
        }));
    }

    /**
     * A credit for an internal account: credited, or, when the account can no longer receive (or
     * its holder was deleted), a failed collection held for return to the sender. One in another
     * currency than the account's is parked.
     */
    private Uni<Void> deposit(String fileHash, EntryBooked entry, InternalAccount account) {
        if (!account.currency.equals(entry.currency())) {
            return parking.credit(fileHash, "CREDIT_CURRENCY", entry, "Internal account " + account.wireId() + " holds " + account.currency);
        }
        Uni<Customer> holder = account.customerId == null ? Uni.createFrom().nullItem() : Customer.findById(account.customerId);
        return holder.flatMap(customer -> {
            Deposit deposit = new Deposit(account, customer == null ? null : customer.platformCustomerId, entry.amount(),
                    SystemAccount.RAIL, "REALTIME_FUNDING", "Bank transfer", "Bank transfer", entry.bankReference());
            if (account.canTransact() && (customer == null || customer.deletedAt == null)) {
                return deposits.credit(deposit).flatMap(t -> madeBy(entry, t));
            }
            String why = customer != null && customer.deletedAt != null ? "its holder was deleted" : "it is " + account.status;
            return deposits.refuse(deposit).call(t -> madeBy(entry, t)).flatMap(t -> parking.entry(Ids.newUuid(), fileHash, "COLLECTION_FAILED", entry,
                    "Not credited to internal account " + account.wireId() + " (" + why + "): transaction " + t.wireId()
                    + " failed with COLLECTION_FAILED; the money is in SUSPENSE to return to the sender", entry.amount()));
        });
    }

    /** The realtime-funded quote a credit's funding reference names, if any. */
    private Uni<Quote> fundedQuote(EntryBooked entry) {
        return FundingInstructions.referenceIn(entry.remittance()).map(realtime::byReference).orElse(Uni.createFrom().nullItem());
    }

    /**
     * Money for a realtime-funded quote starts its payment; money the quote cannot take (expired,
     * another amount or currency) is parked in SUSPENSE for return, the quote left as it was.
     */
    private Uni<Void> fundQuote(String fileHash, EntryBooked entry, Quote quote) {
        return Uni.createFrom().deferred(() -> realtime.accept(quote, entry.currency(), entry.amount()))
                .onItemOrFailure().transformToUni((arrival, failure) -> {
                    if (failure instanceof ApiException refused) {
                        return parking.credit(fileHash, "QUOTE_FUNDING_REFUSED", entry, "Funds for quote " + quote.wireId()
                                + " refused: " + refused.getMessage());
                    }
                    if (failure != null) {
                        return Uni.createFrom().failure(failure);
                    }
                    return realtime.run(arrival).flatMap(t -> madeBy(entry, t));
                });
    }

    /** Records the payment a booked entry moved money for: a statement reconciles the entry with that payment's RAIL postings. */
    private static Uni<Void> madeBy(EntryBooked entry, PaymentTransaction t) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "UPDATE bank_entries_booked SET transaction_id = ?1 WHERE bank_reference = ?2")
                .setParameter(1, t.id).setParameter(2, entry.bankReference()).executeUpdate())
                .replaceWithVoid();
    }

    /** The internal account a credit names: by the funding reference in its remittance text, else by the credited account's identifier. */
    private Uni<InternalAccount> depositAccount(EntryBooked entry) {
        Optional<String> reference = FundingInstructions.referenceIn(entry.remittance());
        if (reference.isPresent()) {
            return byNativeQuery("SELECT * FROM internal_accounts WHERE right(id::text, 12) = ?1", reference.get());
        }
        if (entry.account() == null || collectionAccount.contains(entry.account())) {
            // The platform's pooled account names every account of its currency, so none of them.
            return Uni.createFrom().nullItem();
        }
        return byNativeQuery("SELECT * FROM internal_accounts WHERE position(?1 in funding_instructions) > 0", "\"" + entry.account() + "\"");
    }

    /** The one account the query finds; none when it finds none or several. */
    private static Uni<InternalAccount> byNativeQuery(String sql, String parameter) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(sql + " LIMIT 2", InternalAccount.class)
                .setParameter(1, parameter).getResultList())
                .map(found -> found.size() == 1 ? found.get(0) : null);
    }
}
