package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.reactive.mutiny.Mutiny;
import org.jboss.logging.Logger;
import payments.bankfile.BankMessages.AccountCorrected;
import payments.bankfile.BankMessages.BankEvent;
import payments.bankfile.BankMessages.BatchRejected;
import payments.bankfile.BankMessages.EntryBooked;
import payments.bankfile.BankMessages.StatementReported;
import payments.bankfile.BankMessages.StatusReported;
import payments.bankfile.nacha.AchCodes;
import payments.common.DatabaseTrouble;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.ledger.Journal;
import payments.ledger.Journal.SystemAccount;
import payments.ledger.Ledger;
import payments.transaction.FailureReason;
import payments.transaction.PaymentLifecycle;
import payments.transaction.PaymentTransaction;
import payments.transaction.RailReport;
import payments.transaction.RefundReason;
import payments.transaction.TransactionStatus;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * What each line of a bank file does, inside the transaction that claimed the file. A pain.002
 * rejection fails the payout (reason by {@link BankReasonCodes}) and refunds the payer; a pain.002
 * acceptance is progress only: money has moved when the camt.054 books it. A booked debit of a
 * payout completes it (amount and currency must be the ones sent); a booked credit returning a
 * payout (for its amount) fails it with PAYOUT_RETURNED and refunds the payer; a rejection of a
 * whole file or block fails each payout in it; any other booked credit is a deposit
 * to the internal account its funding reference or account identifier names, or the funding of
 * the realtime-funded quote its reference names ({@link BankCredits}). Anything else is parked for
 * an operator ({@link BankEntryParking}), an unplaced credit in SUSPENSE.
 */
@ApplicationScoped
public class BankBookings {

    private static final Logger LOG = Logger.getLogger(BankBookings.class);
    static final String BOOKING_FAILED = "BOOKING_FAILED";

    private final PaymentLifecycle lifecycle;
    private final Ledger ledger;
    private final AccountCorrections corrections;
    private final Reconciliations reconciliations;
    private final BankCredits credits;
    private final BankEntryParking parking;
    private final ServerClock clock;

    public BankBookings(PaymentLifecycle lifecycle, Ledger ledger, AccountCorrections corrections, Reconciliations reconciliations,
                        BankCredits credits, BankEntryParking parking, ServerClock clock) {
        this.clock = clock;
        this.lifecycle = lifecycle;
        this.ledger = ledger;
        this.corrections = corrections;
        this.reconciliations = reconciliations;
        this.credits = credits;
        this.parking = parking;
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
        Reconciliations.InFile statements = new Reconciliations.InFile();
        for (int i = 0; i < events.size(); i++) {
            int line = i;
            BankEvent event = events.get(i);
            String why = unbookable.get(line);
            // A parked line is flushed too, so that its failure is not taken for the next line's.
            booked = booked.call(() -> why != null ? parkUnbookable(fileHash, event, why).call(BankBookings::flush)
                    : bookLine(fileHash, event, statements)
                            .call(BankBookings::flush)
                            .onFailure(failure -> !DatabaseTrouble.passes(failure)).transform(failure -> new LineFailed(line, failure)));
        }
        return booked;
    }

    private static Uni<Void> flush() {
        return Panache.getSession().flatMap(Mutiny.Session::flush);
    }

    private Uni<Void> bookLine(String fileHash, BankEvent event, Reconciliations.InFile statements) {
        return event instanceof StatusReported status ? status(fileHash, status)
                : event instanceof BatchRejected batch ? batchRejected(fileHash, batch)
                : event instanceof AccountCorrected change ? once(fileHash, change.bankReference())
                        .flatMap(first -> first ? corrected(fileHash, change) : Uni.createFrom().voidItem())
                : event instanceof StatementReported statement ? reconciliations.reconcile(fileHash, statement, statements)
                        .flatMap(reconciled -> reconciled ? Uni.createFrom().voidItem() : parking.status(fileHash, "DUPLICATE_STATEMENT", null,
                                "Statement " + statement.statementId() + " of account " + statement.account() + " was reconciled before;"
                                        + " this copy changes nothing"))
                : onceBooked(fileHash, (EntryBooked) event, entry -> entry(fileHash, entry));
    }

    private Uni<Void> parkUnbookable(String fileHash, BankEvent event, String why) {
        String detail = "Could not be booked, nothing of it was: " + why;
        if (event instanceof EntryBooked booked) {
            return onceBooked(fileHash, booked, entry -> parking.either(fileHash, BOOKING_FAILED, entry, detail));
        }
        if (event instanceof StatementReported statement) {
            return parking.status(fileHash, BOOKING_FAILED, null, "Statement " + statement.statementId() + " could not be reconciled: " + detail);
        }
        if (event instanceof AccountCorrected change) {
            return parking.status(fileHash, BOOKING_FAILED, change.originalTrace(), "A notification of change (" + change.changeCode() + "): " + detail);
        }
        return event instanceof StatusReported status ? parking.status(fileHash, BOOKING_FAILED, status.endToEndId(), detail)
                : parking.status(fileHash, BOOKING_FAILED, null, "A rejection of file " + ((BatchRejected) event).messageId() + ": " + detail);
    }

    private Uni<Void> status(String fileHash, StatusReported status) {
        if (!status.rejected()) {
            LOG.debugf("Bank accepted payout %s for processing", status.endToEndId());
            return Uni.createFrom().voidItem();
        }
        if (BankReasonCodes.duplicate(status.reasonCode())) {
            return parking.status(fileHash, "DUPLICATE_PAYOUT", status.endToEndId(), "The bank refused payout " + status.endToEndId()
                    + " as a duplicate (" + status.reasonCode() + "); its first delivery stands");
        }
        return BankPayout.byEndToEndId(status.endToEndId()).flatMap(payout -> payout == null
                ? parking.status(fileHash, "REJECTION_UNKNOWN", status.endToEndId(), "A rejection (" + status.reasonCode()
                        + ") of a payout this server did not send")
                : !inFileNamed(payout, status) ? parking.status(fileHash, "REJECTION_NOT_IN_FILE", status.endToEndId(), "A rejection ("
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
                : payout.paymentStatus().flatMap(status -> TransactionStatus.FAILED.equals(status) ? Uni.createFrom().voidItem()
                        : parking.status(fileHash, "CONTRADICTION", payout.endToEndId, "A rejection (" + reasonCode
                                + ") of a payout already " + status)));
    }

    /**
     * A whole file or one block of it rejected: each payout in it. A rejection as a duplicate (the
     * file delivered again after a crash) leaves the first delivery's payouts alone.
     */
    private Uni<Void> batchRejected(String fileHash, BatchRejected batch) {
        if (BankReasonCodes.duplicate(batch.reasonCode())) {
            return parking.status(fileHash, "DUPLICATE_FILE", null, "The bank refused file " + batch.messageId() + " as a duplicate ("
                    + batch.reasonCode() + "); its first delivery stands, its payouts are unchanged");
        }
        return BankPayout.<BankPayout>list("batchId = ?1 order by endToEndId", batch.messageId()).flatMap(payouts -> {
            List<BankPayout> rejected = payouts.stream().filter(payout -> batch.paymentInformationId() == null
                    || payout.blockId().equals(batch.paymentInformationId())).toList();
            if (rejected.isEmpty()) {
                return parking.status(fileHash, "BATCH_REJECTION_UNKNOWN", null, "A rejection (" + batch.reasonCode() + ") of file "
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
                        return parking.entry(fileHash, "REPEATED_ENTRY", entry, "An entry without the bank's reference, identical to one"
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
        return BankPayout.byEndToEndId(change.originalTrace()).flatMap(payout -> payout == null || !BankPayout.NACHA.equals(payout.format)
                ? parking.status(fileHash, "CHANGE_UNKNOWN", change.originalTrace(), "A notification of change (" + change.changeCode()
                        + ") for an entry this server did not send")
                : corrections.apply(fileHash, payout, change));
    }

    private Uni<Void> entry(String fileHash, EntryBooked entry) {
        if (entry.returnCode() != null) {
            return returnOf(fileHash, entry);
        }
        if (entry.debit()) {
            return BankPayout.byEndToEndId(entry.endToEndId()).flatMap(payout -> {
                if (payout == null) {
                    return parking.debit(fileHash, "DEBIT_UNKNOWN", entry, "A debit this server did not send (bank fees, a direct debit)");
                }
                if (payout.amount != entry.instructed().value() || !payout.currency.equals(entry.instructed().currency())) {
                    return parking.debit(fileHash, "DEBIT_MISMATCH", entry, "Booked for " + entry.instructed().value() + " "
                            + entry.instructed().currency() + ", a payout of " + payout.amount + " " + payout.currency
                            + "; the payout is left PROCESSING");
                }
                // Money left the bank account: one that does not complete the payout (a second debit,
                // one after a rejection) is for a person, as the bank may have paid twice.
                return lifecycle.report(RailReport.settled(payout.transactionId)).flatMap(applied -> applied ? bookedDifference(fileHash, entry, payout)
                        : payout.paymentStatus().flatMap(status -> parking.debit(fileHash, TransactionStatus.COMPLETED.equals(status)
                                ? "DUPLICATE_DEBIT" : "CONTRADICTION", entry, "A booked debit of a payout already " + status)));
            });
        }
        return credits.credit(fileHash, entry);
    }

    /**
     * A return: of a payout (money back in: it fails, the payer refunded) or of a pull (an ACH debit
     * the payer's bank sent back: money out, the credit clawed back). A return going the other way
     * than its entry went, or for another amount, is parked with the entry as it was.
     */
    private Uni<Void> returnOf(String fileHash, EntryBooked entry) {
        return BankPayout.byEndToEndId(entry.endToEndId()).flatMap(payout -> {
            if (payout == null) {
                return parking.either(fileHash, "RETURN_UNKNOWN", entry, "A return (" + entry.returnCode() + ") of an entry this server did not send");
            }
            boolean ofPull = BankPayout.PULL.equals(payout.leg);
            if (payout.amount != entry.instructed().value() || !payout.currency.equals(entry.instructed().currency())
                    || entry.debit() != ofPull) {
                return parking.either(fileHash, "RETURN_MISMATCH", entry, "A return " + (entry.debit() ? "debiting " : "crediting ")
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
                    : payout.paymentStatus().flatMap(status -> parking.either(fileHash, "CONTRADICTION", entry,
                            "A return of a payment already " + status)));
        });
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
            return ledger.post(difference).flatMap(ignored -> parking.entry(parkedId, fileHash, entry.debit() ? "DEBIT_DIFFERENCE" : "RETURN_DIFFERENCE",
                    entry, (entry.debit() ? "A debit" : "A return") + " booked for " + entry.amount() + " " + entry.currency()
                            + " of a payout of " + payout.amount + " " + payout.currency + (moved == 0
                            ? " that had not settled: the ledger had not moved for it, the booked amount is booked to SUSPENSE"
                            : ": the payout moved the ledger by its own amount, the difference is booked to SUSPENSE"), suspense));
        });
    }
}
