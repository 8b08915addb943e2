package payments.bankfile;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.bankfile.BankMessages.EntryBooked;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.ledger.Journal;
import payments.ledger.Journal.SystemAccount;
import payments.ledger.Ledger;

import java.util.UUID;

/**
 * A bank file line this server cannot book parked for an operator ({@link BankUnmatched}), with
 * the money the bank moved mirrored in the ledger: a credit nobody can place into SUSPENSE, a debit
 * nobody can explain out of it, so RAIL keeps mirroring the bank account.
 */
@ApplicationScoped
public class BankEntryParking {

    private static final Logger LOG = Logger.getLogger(BankEntryParking.class);

    private final Ledger ledger;
    private final ServerClock clock;

    public BankEntryParking(Ledger ledger, ServerClock clock) {
        this.ledger = ledger;
        this.clock = clock;
    }

    /** Parks a credit or a debit, as the entry went. */
    Uni<Void> either(String fileHash, String kind, EntryBooked entry, String detail) {
        return entry.debit() ? debit(fileHash, kind, entry, detail) : credit(fileHash, kind, entry, detail);
    }

    /** Parks a credit: the money is on the platform's bank account, so the ledger books it to SUSPENSE until a person places it. */
    Uni<Void> credit(String fileHash, String kind, EntryBooked entry, String detail) {
        UUID parkedId = Ids.newUuid();
        return ledger.post(Journal.of("BANK_UNPLACED", parkedId)
                        .system(SystemAccount.RAIL, entry.currency(), -entry.amount())
                        .system(SystemAccount.SUSPENSE, entry.currency(), entry.amount()))
                .flatMap(ignored -> entry(parkedId, fileHash, kind, entry, detail + "; booked to SUSPENSE", entry.amount()));
    }

    /** Parks a debit: the money left the platform's bank account, so the ledger books it out of SUSPENSE until a person explains it. */
    Uni<Void> debit(String fileHash, String kind, EntryBooked entry, String detail) {
        UUID parkedId = Ids.newUuid();
        return ledger.post(Journal.of("BANK_UNEXPLAINED", parkedId)
                        .system(SystemAccount.SUSPENSE, entry.currency(), -entry.amount())
                        .system(SystemAccount.RAIL, entry.currency(), entry.amount()))
                .flatMap(ignored -> entry(parkedId, fileHash, kind, entry, detail + "; booked out of SUSPENSE", -entry.amount()));
    }

    Uni<Void> entry(String fileHash, String kind, EntryBooked entry, String detail) {
        return entry(Ids.newUuid(), fileHash, kind, entry, detail, null);
    }

    /** Parks an entry under {@code id}: the id of the ledger posting that moved its money, if any (statements reconcile by it). */
    Uni<Void> entry(UUID id, String fileHash, String kind, EntryBooked entry, String detail, Long suspenseAmount) {
        BankUnmatched parked = parked(id, fileHash, kind, entry.endToEndId(), detail);
        parked.suspenseAmount = suspenseAmount;
        parked.amount = entry.amount();
        parked.currency = entry.currency();
        parked.account = entry.account();
        parked.remittance = entry.remittance();
        parked.bankReference = entry.bankReference();
        return persist(parked);
    }

    Uni<Void> status(String fileHash, String kind, String endToEndId, String detail) {
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
