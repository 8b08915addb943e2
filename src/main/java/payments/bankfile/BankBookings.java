package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.reactive.mutiny.Mutiny;
import org.jboss.logging.Logger;
import payments.account.FundingInstructions;
import payments.account.InternalAccount;
import payments.bankfile.BankMessages.AccountCorrected;
import payments.bankfile.BankMessages.BankEvent;
import payments.bankfile.BankMessages.BatchRejected;
import payments.bankfile.BankMessages.EntryBooked;
import payments.bankfile.BankMessages.StatementReported;
import payments.bankfile.BankMessages.StatusReported;
import payments.bankfile.nacha.AchCodes;
import payments.common.ApiException;
import payments.common.DatabaseTrouble;
import payments.common.Ids;
import payments.quote.Quote;
import payments.quote.RealtimeFunding;
import payments.common.ServerClock;
import payments.customer.Customer;
import payments.ledger.Journal;
import payments.ledger.Journal.SystemAccount;
import payments.ledger.Ledger;
import payments.transaction.Deposits;
import payments.transaction.Deposits.Deposit;
import payments.transaction.FailureReason;
import payments.transaction.PaymentLifecycle;
import payments.transaction.PaymentTransaction;
import payments.transaction.RailReport;
import payments.transaction.RefundReason;
import payments.transaction.TransactionStatus;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What each line of a bank file does, inside the transaction that claimed the file. A pain.002
 * rejection fails the payout (reason by {@link BankReasonCodes}) and refunds the payer; a pain.002
 * acceptance is progress only: money has moved when the camt.054 books it. A booked debit of a
 * payout completes it (amount and currency must be the ones sent); a booked credit returning a
 * payout (for its amount) fails it with PAYOUT_RETURNED and refunds the payer; a rejection of a
 * whole file or block fails each payout in it; any other booked credit is a deposit
 * to the internal account its funding reference or account identifier names, or the funding of
 * the realtime-funded quote its reference names. Anything else is parked for an operator ({@link BankUnmatched}), an unplaced credit in SUSPENSE.
 */
@ApplicationScoped
public class BankBookings {

    private static final Logger LOG = Logger.getLogger(BankBookings.class);
    static final String BOOKING_FAILED = "BOOKING_FAILED";

    private final PaymentLifecycle lifecycle;
    private final RealtimeFunding realtime;
    /** The identifiers of the platform's own (pooled) account at the bank. */
    private final Set<String> collectionAccount;
    private final Deposits deposits;
    private final Ledger ledger;
    private final ServerClock clock;
    private final AccountCorrections corrections;
    private final Reconciliations reconciliations;

    public BankBookings(PaymentLifecycle lifecycle, Deposits deposits, Ledger ledger, ServerClock clock, RealtimeFunding realtime,
                        BankFilesConfig config, AccountCorrections corrections, Reconciliations reconciliations) {
        this.corrections = corrections;
        this.reconciliations = reconciliations;
        BankFilesConfig.Debtor debtor = config.debtor();
        this.collectionAccount = Stream.of(debtor.iban(), debtor.accountNumber())
                .flatMap(Optional::stream).collect(Collectors.toUnmodifiableSet());
        this.realtime = realtime;
        this.lifecycle = lifecycle;
        this.deposits = deposits;
        this.ledger = ledger;
        this.clock = clock;
    }

    /**
     * A line of a file whose booking failed for a reason that would come again (not the database
     * being unavailable): the caller books the file again, in a new transaction, with the line
     * parked instead ({@link #book}'s {@code unbookable}).
     */
    static final class LineFailed extends RuntimeException {
        final int line;

        LineFailed(int line, Throwable cause) {
            super("Line " + (line + 1) + " could not be booked", cause);
            this.line = line;
        }

        /** The root cause, bounded, for the parked line's detail. */
        String why() {
            Throwable root = getCause();
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String text = root.toString();
            return text.length() > 500 ? text.substring(0, 500) : text;
        }
    }

    /**
     * Books a file's events in order, in the caller's transaction; the lines in {@code unbookable}
     * (index to why) are parked as BOOKING_FAILED instead, a credit's money in SUSPENSE and a
     * debit's out of it. A line that fails fails as {@link LineFailed}, each line's changes flushed
     * with it so that a failure is its own.
     */
    Uni<Void> book(String fileHash, List<BankEvent> events, Map<Integer, String> unbookable) {
        Uni<Void> booked = Uni.createFrom().voidItem();
        for (int i = 0; i < events.size(); i++) {
            int line = i;
            BankEvent event = events.get(i);
            String why = unbookable.get(line);
            // A parked line is flushed too, so that its failure is not taken for the next line's.
            booked = booked.call(() -> why != null ? parkUnbookable(fileHash, event, why).call(BankBookings::flush)
                    : bookLine(fileHash, event)
                            .call(BankBookings::flush)
                            .onFailure(failure -> !DatabaseTrouble.passes(failure)).transform(failure -> new LineFailed(line, failure)));
        }
        return booked;
    }

    private static Uni<Void> flush() {
        return Panache.getSession().flatMap(Mutiny.Session::flush);
    }

    private Uni<Void> bookLine(String fileHash, BankEvent event) {
        return event instanceof StatusReported status ? status(fileHash, status)
                : event instanceof BatchRejected batch ? batchRejected(fileHash, batch)
                : event instanceof AccountCorrected change ? once(fileHash, change.bankReference())
                        .flatMap(first -> first ? corrected(fileHash, change) : Uni.createFrom().voidItem())
                : event instanceof StatementReported statement ? reconciliations.reconcile(fileHash, statement)
                        .flatMap(reconciled -> reconciled ? Uni.createFrom().voidItem() : parkStatus(fileHash, "DUPLICATE_STATEMENT", null,
                                "Statement " + statement.statementId() + " of account " + statement.account() + " was reconciled before;"
                                        + " this copy changes nothing"))
                : onceBooked(fileHash, (EntryBooked) event, entry -> entry(fileHash, entry));
    }

    private Uni<Void> parkUnbookable(String fileHash, BankEvent event, String why) {
        String detail = "Could not be booked, nothing of it was: " + why;
        if (event instanceof EntryBooked booked) {
            return onceBooked(fileHash, booked, entry -> entry.debit() ? parkDebit(fileHash, BOOKING_FAILED, entry, detail)
                    : parkCredit(fileHash, BOOKING_FAILED, entry, detail));
        }
        if (event instanceof StatementReported statement) {
            return parkStatus(fileHash, BOOKING_FAILED, null, "Statement " + statement.statementId() + " could not be reconciled: " + detail);
        }
        if (event instanceof AccountCorrected change) {
            return parkStatus(fileHash, BOOKING_FAILED, change.originalTrace(), "A notification of change (" + change.changeCode() + "): " + detail);
        }
        return event instanceof StatusReported status ? parkStatus(fileHash, BOOKING_FAILED, status.endToEndId(), detail)
                : parkStatus(fileHash, BOOKING_FAILED, null, "A rejection of file " + ((BatchRejected) event).messageId() + ": " + detail);
    }

    private Uni<Void> status(String fileHash, StatusReported status) {
        if (!status.rejected()) {
            LOG.debugf("Bank accepted payout %s for processing", status.endToEndId());
            return Uni.createFrom().voidItem();
        }
        if (BankReasonCodes.duplicate(status.reasonCode())) {
            return parkStatus(fileHash, "DUPLICATE_PAYOUT", status.endToEndId(), "The bank refused payout " + status.endToEndId()
                    + " as a duplicate (" + status.reasonCode() + "); its first delivery stands");
        }
        return payout(status.endToEndId()).flatMap(payout -> payout == null
                ? parkStatus(fileHash, "REJECTION_UNKNOWN", status.endToEndId(), "A rejection (" + status.reasonCode()
                        + ") of a payout this server did not send")
                : !inFileNamed(payout, status) ? parkStatus(fileHash, "REJECTION_NOT_IN_FILE", status.endToEndId(), "A rejection ("
                        + status.reasonCode() + ") naming file " + status.messageId()
                        + (status.paymentInformationId() == null ? "" : " block " + status.paymentInformationId())
                        + (payout.batchId == null ? ", of a payout still queued: it leaves in the next file, unchanged"
                                : ", of a payout sent in file " + payout.batchId + ": unchanged"))
                : rejected(fileHash, payout, status.reasonCode()));
    }

    /** A status report applies only to a payout in the file (and block, when it names one) it reports on. */
    private static boolean inFileNamed(BankPayout payout, StatusReported status) {
        return payout.batchId != null && payout.batchId.equals(status.messageId())
                && (status.paymentInformationId() == null
                        || payout.blockId().equals(status.paymentInformationId()));
    }

    /**
     * A rejection of a payout, or of a direct debit (refused before settlement: nothing was credited,
     * the interface's COLLECTION_FAILED); the same rejection again (another report) changes nothing,
     * one after a booked entry is parked.
     */
    private Uni<Void> rejected(String fileHash, BankPayout payout, String reasonCode) {
        RailReport failed = BankPayout.PULL.equals(payout.leg)
                ? RailReport.failed(payout.transactionId, FailureReason.COLLECTION_FAILED, RefundReason.TRANSACTION_FAILED)
                : RailReport.failed(payout.transactionId, BankReasonCodes.rejection(reasonCode), RefundReason.TRANSACTION_FAILED);
        if (BankPayout.PULL.equals(payout.leg)) {
            LOG.infof("Direct debit %s refused by the bank (%s)", payout.endToEndId, reasonCode);
        }
        return lifecycle.report(failed).flatMap(applied -> applied ? Uni.createFrom().voidItem()
                : statusOf(payout).flatMap(status -> TransactionStatus.FAILED.equals(status) ? Uni.createFrom().voidItem()
                        : parkStatus(fileHash, "CONTRADICTION", payout.endToEndId, "A rejection (" + reasonCode
                                + ") of a payout already " + status)));
    }

    /**
     * A whole file or one block of it rejected: each payout in it. A rejection as a duplicate (the
     * file delivered again after a crash) leaves the first delivery's payouts alone.
     */
    private Uni<Void> batchRejected(String fileHash, BatchRejected batch) {
        if (BankReasonCodes.duplicate(batch.reasonCode())) {
            return parkStatus(fileHash, "DUPLICATE_FILE", null, "The bank refused file " + batch.messageId() + " as a duplicate ("
                    + batch.reasonCode() + "); its first delivery stands, its payouts are unchanged");
        }
        return BankPayout.<BankPayout>list("batchId = ?1 order by endToEndId", batch.messageId()).flatMap(payouts -> {
            List<BankPayout> rejected = payouts.stream().filter(payout -> batch.paymentInformationId() == null
                    || payout.blockId().equals(batch.paymentInformationId())).toList();
            if (rejected.isEmpty()) {
                return parkStatus(fileHash, "BATCH_REJECTION_UNKNOWN", null, "A rejection (" + batch.reasonCode() + ") of file "
                        + batch.messageId() + (batch.paymentInformationId() == null ? "" : " block " + batch.paymentInformationId())
                        + " that holds no payout of this server");
            }
            Uni<Void> all = Uni.createFrom().voidItem();
            for (BankPayout payout : rejected) {
                all = all.call(() -> rejected(fileHash, payout, batch.reasonCode()));
            }
            return all;
        });
    }

    /**
     * An entry is booked (or parked) once, whichever file reports it again: keyed by the bank's
     * reference, or by its content when the bank gave none ({@link BankMessages}).
     */
    private Uni<Void> onceBooked(String fileHash, EntryBooked entry, Function<EntryBooked, Uni<Void>> booking) {
        return once(fileHash, entry.bankReference())
                .flatMap(first -> {
                    if (!first && BankMessages.contentKeyed(entry.bankReference())) {
                        // Without the bank's reference a resend and a second identical payment look alike: booked once, shown to a person.
                        return parkEntry(fileHash, "REPEATED_ENTRY", entry, "An entry without the bank's reference, identical to one"
                                + " booked from an earlier file: booked once; if the bank booked it twice, an operator books the second");
                    }
                    if (!first) {
                        return Uni.createFrom().voidItem();
                    }
                    return booking.apply(entry);
                });
    }

    /** Claims a booking's key: true the first time, false when an earlier file booked it (logged). */
    private Uni<Boolean> once(String fileHash, String bankReference) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        INSERT INTO bank_entries_booked (bank_reference, file_sha256, booked_at) VALUES (?1, ?2, ?3)
                        ON CONFLICT (bank_reference) DO NOTHING""")
                .setParameter(1, bankReference).setParameter(2, fileHash)
                .setParameter(3, payments.common.Times.utc(clock.now())).executeUpdate())
                .map(inserted -> {
                    if (inserted == 0) {
                        LOG.infof("Bank entry %s was booked from an earlier file; skipped", bankReference);
                    }
                    return inserted == 1;
                });
    }

    /** A notification of change for an ACH payout this server sent: applied to the account it paid; any other is parked. */
    private Uni<Void> corrected(String fileHash, AccountCorrected change) {
        return payout(change.originalTrace()).flatMap(payout -> payout == null || !BankPayout.NACHA.equals(payout.format)
                ? parkStatus(fileHash, "CHANGE_UNKNOWN", change.originalTrace(), "A notification of change (" + change.changeCode()
                        + ") for an entry this server did not send")
                : corrections.apply(fileHash, payout, change));
    }

    private Uni<Void> entry(String fileHash, EntryBooked entry) {
        if (entry.returnCode() != null) {
            return returnOf(fileHash, entry);
        }
        if (entry.debit()) {
            return payout(entry.endToEndId()).flatMap(payout -> {
                if (payout == null) {
                    return parkDebit(fileHash, "DEBIT_UNKNOWN", entry, "A debit this server did not send (bank fees, a direct debit)");
                }
                if (payout.amount != entry.instructed().value() || !payout.currency.equals(entry.instructed().currency())) {
                    return parkDebit(fileHash, "DEBIT_MISMATCH", entry, "Booked for " + entry.instructed().value() + " "
                            + entry.instructed().currency() + ", a payout of " + payout.amount + " " + payout.currency
                            + "; the payout is left PROCESSING");
                }
                // Money left the bank account: one that does not complete the payout (a second debit,
                // one after a rejection) is for a person, as the bank may have paid twice.
                return lifecycle.report(RailReport.settled(payout.transactionId)).flatMap(applied -> applied ? bookedDifference(fileHash, entry, payout)
                        : statusOf(payout).flatMap(status -> parkDebit(fileHash, TransactionStatus.COMPLETED.equals(status)
                                ? "DUPLICATE_DEBIT" : "CONTRADICTION", entry, "A booked debit of a payout already " + status)));
            });
        }
        return collection(entry).flatMap(pull -> pull != null ? collected(fileHash, entry, pull) : depositAccount(entry).flatMap(account -> account != null ? deposit(fileHash, entry, account)
                : fundedQuote(entry).flatMap(quote -> quote != null ? fundQuote(fileHash, entry, quote)
                        : parkCredit(fileHash, "CREDIT_UNKNOWN", entry, "No internal account or quote has this funding reference or account identifier"))));
    }

    /** The direct debit a credit pays, by its end-to-end id. */
    private static Uni<BankPayout> collection(EntryBooked entry) {
        return payout(entry.endToEndId()).map(payout -> payout != null && BankPayout.PAIN008.equals(payout.format) ? payout : null);
    }

    /**
     * A direct debit the bank credited: the pull completes, the holder's internal account credited.
     * One credited for another amount, or again, or after its refusal is parked (the money in SUSPENSE).
     */
    private Uni<Void> collected(String fileHash, EntryBooked entry, BankPayout pull) {
        if (pull.amount != entry.amount() || !pull.currency.equals(entry.currency())) {
            return parkCredit(fileHash, "COLLECTION_MISMATCH", entry, "Credited " + entry.amount() + " " + entry.currency()
                    + " for a direct debit of " + pull.amount + " " + pull.currency + "; the pull is left PROCESSING");
        }
        return lifecycle.report(RailReport.settled(pull.transactionId)).flatMap(applied -> statusOf(pull).flatMap(status -> {
            if (applied && TransactionStatus.COMPLETED.equals(status)) {
                pull.status = BankPayout.SETTLED;
                return Uni.createFrom().voidItem();
            }
            if (applied) {
                // The payment could not take the money (its internal account closed or frozen since): it failed, and the
                // money the bank holds is the debtor's, in SUSPENSE until a person sends it back.
                return parkCredit(fileHash, "COLLECTION_NOT_CREDITED", entry, "Collected for a pull that could not be credited ("
                        + status + ")");
            }
            return parkCredit(fileHash, TransactionStatus.COMPLETED.equals(status) ? "DUPLICATE_CREDIT" : "CONTRADICTION", entry,
                    "A credit of a direct debit already " + status);
        }));
    }

    /**
     * A return: of a payout (money back in: it fails, the payer refunded) or of a pull (an ACH debit
     * the payer's bank sent back: money out, the credit clawed back). A return going the other way
     * than its entry went, or for another amount, is parked with the entry as it was.
     */
    private Uni<Void> returnOf(String fileHash, EntryBooked entry) {
        return payout(entry.endToEndId()).flatMap(payout -> {
            if (payout == null) {
                return parkMoney(fileHash, "RETURN_UNKNOWN", entry, "A return (" + entry.returnCode() + ") of an entry this server did not send");
            }
            boolean ofPull = BankPayout.PULL.equals(payout.leg);
            if (payout.amount != entry.instructed().value() || !payout.currency.equals(entry.instructed().currency())
                    || entry.debit() != ofPull) {
                return parkMoney(fileHash, "RETURN_MISMATCH", entry, "A return " + (entry.debit() ? "debiting " : "crediting ")
                        + entry.instructed().value() + " " + entry.instructed().currency() + " for " + (ofPull ? "a pull" : "a payout")
                        + " of " + payout.amount + " " + payout.currency + "; the payment is left as it was");
            }
            // An incoming payment fails for the interface's COLLECTION_FAILED whatever the code; an ACH payout's return
            // says why (R01...); an ISO payout's return stays the interface's PAYOUT_RETURNED.
            RailReport returned = ofPull ? RailReport.returned(payout.transactionId, FailureReason.COLLECTION_FAILED)
                    : AchCodes.isReturnCode(entry.returnCode()) ? RailReport.returned(payout.transactionId, AchCodes.returned(entry.returnCode()))
                    : RailReport.returned(payout.transactionId);
            if (ofPull) {
                LOG.infof("Pull %s returned by the payer's bank (%s)", payout.endToEndId, entry.returnCode());
            }
            // If the payment does not take it (returned twice), the ledger must still mirror the bank.
            return lifecycle.report(returned).flatMap(applied -> applied ? bookedDifference(fileHash, entry, payout)
                    : statusOf(payout).flatMap(status -> parkMoney(fileHash, "CONTRADICTION", entry,
                            "A return of a payment already " + status)));
        });
    }

    private Uni<Void> parkMoney(String fileHash, String kind, EntryBooked entry, String detail) {
        return entry.debit() ? parkDebit(fileHash, kind, entry, detail) : parkCredit(fileHash, kind, entry, detail);
    }

    /**
     * A payout's debit or return the bank booked for another amount or currency than the payout's
     * (it converted, or took a fee): the payout moved the ledger by its own amount, so what the
     * bank booked beyond it goes to SUSPENSE and is parked for an operator, and RAIL keeps mirroring
     * the bank. In one currency the difference; in two, the booked amount in and the payout's out.
     * A return of a payout that never settled (the bank's debit not booked yet) moved the ledger by
     * nothing: all of what the bank booked goes to SUSPENSE, and the debit, when it comes, is parked
     * out of it.
     */
    private Uni<Void> bookedDifference(String fileHash, EntryBooked entry, BankPayout payout) {
        return PaymentTransaction.<PaymentTransaction>findById(payout.transactionId).flatMap(t -> {
            if (BankPayout.PULL.equals(payout.leg) && BankPayout.NACHA.equals(payout.format) && t.settledAt == null) {
                // An ACH debit returned before its settlement date: the bank's credit for it and its
                // return cancel out on the account, and the ledger credited nothing: nothing to book.
                return Uni.createFrom().voidItem();
            }
            // A return applied before the payout settled (its debit not booked yet) moved RAIL by nothing.
            long moved = t.settledAt != null ? payout.amount : 0;
            if (entry.amount() == moved && entry.currency().equals(payout.currency)) {
                return Uni.createFrom().voidItem();
            }
            long in = entry.debit() ? -1 : 1; // money in leaves RAIL negative, as parkCredit books it
            UUID parkedId = Ids.newUuid();
            Journal difference = Journal.of("BANK_DIFFERENCE", parkedId);
            // One currency: what SUSPENSE took, for an operator to resolve; two: resolved by hand (null).
            Long suspense = entry.currency().equals(payout.currency) ? in * (entry.amount() - moved) : null;
            if (suspense != null) {
                long beyond = suspense;
                difference.system(SystemAccount.RAIL, entry.currency(), -beyond).system(SystemAccount.SUSPENSE, entry.currency(), beyond);
            } else {
                difference.system(SystemAccount.RAIL, entry.currency(), -in * entry.amount())
                        .system(SystemAccount.SUSPENSE, entry.currency(), in * entry.amount())
                        .system(SystemAccount.RAIL, payout.currency, in * moved)
                        .system(SystemAccount.SUSPENSE, payout.currency, -in * moved);
            }
            return ledger.post(difference).flatMap(ignored -> parkEntry(parkedId, fileHash, entry.debit() ? "DEBIT_DIFFERENCE" : "RETURN_DIFFERENCE",
                    entry, (entry.debit() ? "A debit" : "A return") + " booked for " + entry.amount() + " " + entry.currency()
                            + " of a payout of " + payout.amount + " " + payout.currency + (moved == 0
                            ? " that had not settled: the ledger had not moved for it, the booked amount is booked to SUSPENSE"
                            : ": the payout moved the ledger by its own amount, the difference is booked to SUSPENSE"), suspense));
        });
    }

    private static Uni<String> statusOf(BankPayout payout) {
        return PaymentTransaction.<PaymentTransaction>findById(payout.transactionId).map(t -> t.status);
    }

    /**
     * A credit for an internal account: credited, or, when the account can no longer receive (or
     * its holder was deleted), a failed collection held for return to the sender. One in another
     * currency than the account's is parked.
     */
    private Uni<Void> deposit(String fileHash, EntryBooked entry, InternalAccount account) {
        if (!account.currency.equals(entry.currency())) {
            return parkCredit(fileHash, "CREDIT_CURRENCY", entry, "Internal account " + account.wireId() + " holds " + account.currency);
        }
        Uni<Customer> holder = account.customerId == null ? Uni.createFrom().nullItem() : Customer.findById(account.customerId);
        return holder.flatMap(customer -> {
            Deposit deposit = new Deposit(account, customer == null ? null : customer.platformCustomerId, entry.amount(),
                    SystemAccount.RAIL, "REALTIME_FUNDING", "Bank transfer", "Bank transfer", entry.bankReference());
            if (account.canTransact() && (customer == null || customer.deletedAt == null)) {
                return deposits.credit(deposit).flatMap(t -> madeBy(entry, t));
            }
            String why = customer != null && customer.deletedAt != null ? "its holder was deleted" : "it is " + account.status;
            return deposits.refuse(deposit).call(t -> madeBy(entry, t)).flatMap(t -> parkEntry(Ids.newUuid(), fileHash, "COLLECTION_FAILED", entry,
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
                        return parkCredit(fileHash, "QUOTE_FUNDING_REFUSED", entry, "Funds for quote " + quote.wireId()
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

    private static Uni<BankPayout> payout(String endToEndId) {
        return endToEndId == null ? Uni.createFrom().nullItem()
                : BankPayout.find("endToEndId", endToEndId).firstResult();
    }

    /** Parks a credit: the money is on the platform's bank account, so the ledger books it to SUSPENSE until a person places it. */
    private Uni<Void> parkCredit(String fileHash, String kind, EntryBooked entry, String detail) {
        UUID parkedId = Ids.newUuid();
        return ledger.post(Journal.of("BANK_UNPLACED", parkedId)
                        .system(SystemAccount.RAIL, entry.currency(), -entry.amount())
                        .system(SystemAccount.SUSPENSE, entry.currency(), entry.amount()))
                .flatMap(ignored -> parkEntry(parkedId, fileHash, kind, entry, detail + "; booked to SUSPENSE", entry.amount()));
    }

    /** Parks a debit: the money left the platform's bank account, so the ledger books it out of SUSPENSE until a person explains it. */
    private Uni<Void> parkDebit(String fileHash, String kind, EntryBooked entry, String detail) {
        UUID parkedId = Ids.newUuid();
        return ledger.post(Journal.of("BANK_UNEXPLAINED", parkedId)
                        .system(SystemAccount.SUSPENSE, entry.currency(), -entry.amount())
                        .system(SystemAccount.RAIL, entry.currency(), entry.amount()))
                .flatMap(ignored -> parkEntry(parkedId, fileHash, kind, entry, detail + "; booked out of SUSPENSE", -entry.amount()));
    }

    private Uni<Void> parkEntry(String fileHash, String kind, EntryBooked entry, String detail) {
        return parkEntry(Ids.newUuid(), fileHash, kind, entry, detail, null);
    }

    /** Parks an entry under {@code id}: the id of the ledger posting that moved its money, if any (statements reconcile by it). */
    private Uni<Void> parkEntry(UUID id, String fileHash, String kind, EntryBooked entry, String detail, Long suspenseAmount) {
        BankUnmatched parked = parked(id, fileHash, kind, entry.endToEndId(), detail);
        parked.suspenseAmount = suspenseAmount;
        parked.amount = entry.amount();
        parked.currency = entry.currency();
        parked.account = entry.account();
        parked.remittance = entry.remittance();
        parked.bankReference = entry.bankReference();
        return persist(parked);
    }

    private Uni<Void> parkStatus(String fileHash, String kind, String endToEndId, String detail) {
        return persist(parked(Ids.newUuid(), fileHash, kind, endToEndId, detail));
    }

    private BankUnmatched parked(UUID id, String fileHash, String kind, String endToEndId, String detail) {
        BankUnmatched parked = new BankUnmatched();
        parked.id = id;
        parked.fileSha256 = fileHash;
        parked.kind = kind;
        parked.endToEndId = endToEndId;
        parked.detail = detail;
        parked.createdAt = clock.now();
        return parked;
    }

    private static Uni<Void> persist(BankUnmatched parked) {
        LOG.warnf("Bank file line parked for an operator (%s): %s", parked.kind, parked.detail);
        return parked.persist().replaceWithVoid();
    }
}
