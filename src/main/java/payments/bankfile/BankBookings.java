package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.account.InternalAccount;
import payments.bankfile.BankMessages.BankEvent;
import payments.bankfile.BankMessages.EntryBooked;
import payments.bankfile.BankMessages.StatusReported;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.customer.Customer;
import payments.ledger.Journal;
import payments.ledger.Journal.SystemAccount;
import payments.ledger.Ledger;
import payments.transaction.Deposits;
import payments.transaction.Deposits.Deposit;
import payments.transaction.PaymentLifecycle;
import payments.transaction.PaymentTransaction;
import payments.transaction.RailReport;
import payments.transaction.RefundReason;
import payments.transaction.TransactionStatus;

import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each line of a bank file does, inside the transaction that claimed the file. A pain.002
 * rejection fails the payout (reason by {@link BankReasonCodes}) and refunds the payer; a pain.002
 * acceptance is progress only: money has moved when the camt.054 books it. A booked debit of a
 * payout completes it (amount and currency must be the ones sent); a booked credit returning a
 * payout fails it with PAYOUT_RETURNED and refunds the payer; any other booked credit is a deposit
 * to the internal account its funding reference or account identifier names. Anything else is
 * parked for an operator ({@link BankUnmatched}), an unplaced credit in SUSPENSE.
 */
@ApplicationScoped
public class BankBookings {

    private static final Logger LOG = Logger.getLogger(BankBookings.class);
    /** The funding reference this server gives each internal account (account.FundingInstructions). */
    private static final Pattern FUNDING_REFERENCE = Pattern.compile("SVC-([0-9A-F]{12})");

    private final PaymentLifecycle lifecycle;
    private final Deposits deposits;
    private final Ledger ledger;
    private final ServerClock clock;

    public BankBookings(PaymentLifecycle lifecycle, Deposits deposits, Ledger ledger, ServerClock clock) {
        this.lifecycle = lifecycle;
        this.deposits = deposits;
        this.ledger = ledger;
        this.clock = clock;
    }

    /** Books a file's events in order, in the caller's transaction. */
    Uni<Void> book(String fileHash, List<BankEvent> events) {
        Uni<Void> booked = Uni.createFrom().voidItem();
        for (BankEvent event : events) {
            booked = booked.call(() -> event instanceof StatusReported status ? status(fileHash, status)
                    : onceBooked(fileHash, (EntryBooked) event));
        }
        return booked;
    }

    private Uni<Void> status(String fileHash, StatusReported status) {
        if (!status.rejected()) {
            LOG.debugf("Bank accepted payout %s for processing", status.endToEndId());
            return Uni.createFrom().voidItem();
        }
        return payout(status.endToEndId()).flatMap(payout -> payout == null
                ? parkStatus(fileHash, "REJECTION_UNKNOWN", status.endToEndId(), "A rejection (" + status.reasonCode()
                        + ") of a payout this server did not send")
                : report(fileHash, RailReport.failed(payout.transactionId, BankReasonCodes.rejection(status.reasonCode()),
                        RefundReason.TRANSACTION_FAILED), TransactionStatus.FAILED, status.endToEndId(), null));
    }

    /** An entry the bank references is booked once, whichever file reports it again. */
    private Uni<Void> onceBooked(String fileHash, EntryBooked entry) {
        if (entry.bankReference() == null) {
            return entry(fileHash, entry);
        }
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        INSERT INTO bank_entries_booked (bank_reference, file_sha256, booked_at) VALUES (?1, ?2, ?3)
                        ON CONFLICT (bank_reference) DO NOTHING""")
                .setParameter(1, entry.bankReference()).setParameter(2, fileHash)
                .setParameter(3, payments.common.Times.utc(clock.now())).executeUpdate())
                .flatMap(inserted -> {
                    if (inserted == 0) {
                        LOG.infof("Bank entry %s was booked from an earlier file; skipped", entry.bankReference());
                        return Uni.createFrom().voidItem();
                    }
                    return entry(fileHash, entry);
                });
    }

    private Uni<Void> entry(String fileHash, EntryBooked entry) {
        if (entry.debit()) {
            return payout(entry.endToEndId()).flatMap(payout -> {
                if (payout == null) {
                    return parkEntry(fileHash, "DEBIT_UNKNOWN", entry, "A debit this server did not send (bank fees, a direct debit)");
                }
                if (payout.amount != entry.amount() || !payout.currency.equals(entry.currency())) {
                    return parkEntry(fileHash, "DEBIT_MISMATCH", entry, "Booked " + entry.amount() + " " + entry.currency()
                            + " for a payout of " + payout.amount + " " + payout.currency + "; the payout is left PROCESSING");
                }
                return report(fileHash, RailReport.settled(payout.transactionId), TransactionStatus.COMPLETED, entry.endToEndId(), entry);
            });
        }
        if (entry.returnCode() != null) {
            return payout(entry.endToEndId()).flatMap(payout -> payout == null
                    ? parkCredit(fileHash, "RETURN_UNKNOWN", entry, "A return (" + entry.returnCode() + ") of a payout this server did not send")
                    : report(fileHash, RailReport.returned(payout.transactionId), TransactionStatus.FAILED, entry.endToEndId(), entry));
        }
        return depositAccount(entry).flatMap(account -> account == null
                ? parkCredit(fileHash, "CREDIT_UNKNOWN", entry, "No internal account has this funding reference or account identifier")
                : deposit(fileHash, entry, account));
    }

    /** Applies a report; one that changes nothing because the payment ended otherwise is a contradiction for a person. */
    private Uni<Void> report(String fileHash, RailReport report, String expected, String endToEndId, EntryBooked entry) {
        return lifecycle.report(report).flatMap(applied -> applied ? Uni.createFrom().voidItem()
                : PaymentTransaction.<PaymentTransaction>findById(report.transactionId()).flatMap(t -> expected.equals(t.status)
                        ? Uni.createFrom().voidItem()
                        : entry == null
                        ? parkStatus(fileHash, "CONTRADICTION", endToEndId, report.kind() + " reported for a payment already " + t.status)
                        : parkEntry(fileHash, "CONTRADICTION", entry, report.kind() + " reported for a payment already " + t.status)));
    }

    private Uni<Void> deposit(String fileHash, EntryBooked entry, InternalAccount account) {
        if (!account.currency.equals(entry.currency())) {
            return parkCredit(fileHash, "CREDIT_CURRENCY", entry, "Internal account " + account.wireId() + " holds " + account.currency);
        }
        if (!account.canTransact()) {
            return parkCredit(fileHash, "CREDIT_ACCOUNT_INACTIVE", entry, "Internal account " + account.wireId() + " is " + account.status);
        }
        Uni<Customer> holder = account.customerId == null ? Uni.createFrom().nullItem() : Customer.findById(account.customerId);
        return holder.flatMap(customer -> {
            if (customer != null && customer.deletedAt != null) {
                return parkCredit(fileHash, "CREDIT_HOLDER_DELETED", entry, "The holder of internal account " + account.wireId() + " was deleted");
            }
            return deposits.credit(new Deposit(account, customer == null ? null : customer.platformCustomerId, entry.amount(),
                    SystemAccount.RAIL, "REALTIME_FUNDING", "Bank transfer", "Bank transfer", entry.bankReference())).replaceWithVoid();
        });
    }

    /** The internal account a credit names: by the funding reference in its remittance text, else by the credited account's identifier. */
    private static Uni<InternalAccount> depositAccount(EntryBooked entry) {
        Matcher reference = entry.remittance() == null ? null : FUNDING_REFERENCE.matcher(entry.remittance());
        if (reference != null && reference.find()) {
            return byNativeQuery("SELECT * FROM internal_accounts WHERE right(id::text, 12) = ?1", reference.group(1).toLowerCase());
        }
        if (entry.account() == null) {
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
        return ledger.post(Journal.of("BANK_UNPLACED", null)
                        .system(SystemAccount.RAIL, entry.currency(), -entry.amount())
                        .system(SystemAccount.SUSPENSE, entry.currency(), entry.amount()))
                .flatMap(ignored -> parkEntry(fileHash, kind, entry, detail + "; booked to SUSPENSE"));
    }

    private Uni<Void> parkEntry(String fileHash, String kind, EntryBooked entry, String detail) {
        BankUnmatched parked = parked(fileHash, kind, entry.endToEndId(), detail);
        parked.amount = entry.amount();
        parked.currency = entry.currency();
        parked.account = entry.account();
        parked.remittance = entry.remittance();
        parked.bankReference = entry.bankReference();
        return persist(parked);
    }

    private Uni<Void> parkStatus(String fileHash, String kind, String endToEndId, String detail) {
        return persist(parked(fileHash, kind, endToEndId, detail));
    }

    private BankUnmatched parked(String fileHash, String kind, String endToEndId, String detail) {
        BankUnmatched parked = new BankUnmatched();
        parked.id = Ids.newUuid();
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
