package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.account.DirectDebitMandate;
import payments.account.ExternalAccount;
import payments.account.MandateTerms;
import payments.common.ServerClock;
import payments.transaction.FailureReason;
import payments.transaction.PaymentLifecycle;
import payments.transaction.RailReport;
import payments.transaction.RefundReason;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the cut-off does for SEPA direct debits beyond what it does for payouts: the due date, the
 * mandate each pull is still collected under (a pull whose mandate was revoked, or whose account
 * was deleted, since it was executed fails instead of leaving), each pull's sequence type, a built
 * file that can no longer be presented in time taken apart to be built again, and the mandates'
 * last collection once their file left.
 */
@ApplicationScoped
public class DirectDebitCollections {

    private static final Logger LOG = Logger.getLogger(DirectDebitCollections.class);
    /** The zone of TARGET2's business day, which SEPA collections are due on. */
    static final ZoneId SEPA_ZONE = ZoneId.of("Europe/Berlin");
    /** A built collection file whose date can no longer be met: its pulls are built into a new one. */
    static final String STALE = "STALE";

    private final BankFilesConfig config;
    private final ServerClock clock;
    private final PaymentLifecycle lifecycle;

    public DirectDebitCollections(BankFilesConfig config, ServerClock clock, PaymentLifecycle lifecycle) {
        this.config = config;
        this.clock = clock;
        this.lifecycle = lifecycle;
    }

    /** The date a file built now can be due on. */
    LocalDate due(Instant now) {
        return TargetCalendar.collectionDate(now.atZone(SEPA_ZONE).toLocalDateTime(), config.collectionCutOff());
    }

    Pain008.Creditor creditor() {
        BankFilesConfig.Debtor platform = config.debtor();
        return new Pain008.Creditor(platform.name(), platform.iban().orElseThrow(), platform.bic().orElse(null),
                platform.creditorId().orElseThrow());
    }

    /**
     * The pulls that may still be collected, each with its due date and sequence type: FRST for a
     * mandate nothing was collected under yet (its first pull in this file; the others RCUR). A pull
     * whose mandate is no longer in force fails (COLLECTION_FAILED) and leaves no file.
     */
    Uni<List<BankPayout>> authorized(List<BankPayout> pulls, LocalDate due) {
        List<BankPayout> kept = new ArrayList<>();
        Set<String> firstInFile = new HashSet<>();
        Uni<Void> checked = Uni.createFrom().voidItem();
        for (BankPayout pull : pulls) {
            checked = checked.call(() -> inForce(pull).flatMap(mandate -> {
                if (mandate == null) {
                    LOG.warnf("Direct debit %s not collected: its mandate %s was revoked or its account deleted since it was executed",
                            pull.endToEndId, pull.mandateId);
                    return BankPayout.withdraw(pull.transactionId).call(() -> lifecycle.report(RailReport.failed(pull.transactionId,
                            FailureReason.COLLECTION_FAILED, RefundReason.TRANSACTION_FAILED))).replaceWithVoid();
                }
                boolean collectedBefore = mandate.lastCollectedOn != null || !firstInFile.add(mandate.mandateId);
                pull.sequenceType = MandateTerms.sequenceType(collectedBefore);
                pull.effectiveDate = due;
                kept.add(pull);
                return Uni.createFrom().voidItem();
            }));
        }
        return checked.replaceWith(kept);
    }

    /** The mandate a pull was executed under, if it is still in force on a bank account not deleted. */
    private static Uni<DirectDebitMandate> inForce(BankPayout pull) {
        return DirectDebitMandate.<DirectDebitMandate>find("externalAccountId = ?1 and mandateId = ?2 and endedAt is null",
                        pull.externalAccountId, pull.mandateId).firstResult()
                .flatMap(mandate -> mandate == null ? Uni.createFrom().nullItem()
                        : ExternalAccount.<ExternalAccount>findById(pull.externalAccountId)
                                .map(account -> account == null || account.deletedAt != null ? null : mandate));
    }

    /**
     * Whether a built collection file asks for a date that a file sent now can no longer meet (the
     * transport was down): then its pulls go back to the queue, to be built again with a date that
     * can, and the file is marked STALE instead of delivered.
     */
    Uni<Boolean> takenApartWhenStale(BankBatch batch) {
        return BankPayout.<BankPayout>list("batchId", batch.id).flatMap(pulls -> {
            LocalDate due = due(clock.now());
            if (pulls.stream().noneMatch(pull -> pull.effectiveDate != null && pull.effectiveDate.isBefore(due))) {
                return Uni.createFrom().item(false);
            }
            LOG.warnf("Direct debit file %s asks for %s, which a file sent now cannot meet: its %d collections are built again",
                    batch.fileName, pulls.get(0).effectiveDate, pulls.size());
            pulls.forEach(pull -> {
                pull.status = BankPayout.QUEUED;
                pull.batchId = null;
                pull.effectiveDate = null;
                pull.sequenceType = null;
            });
            batch.status = STALE;
            return Uni.createFrom().item(true);
        });
    }

    /** A collection file left: each mandate it collected under remembers the date (the next is RCUR; 36 months to lapse from it). */
    Uni<Void> delivered(BankBatch batch) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        UPDATE direct_debit_mandates m SET last_collected_on = GREATEST(coalesce(m.last_collected_on, p.effective_date), p.effective_date)
                        FROM bank_payouts p
                        WHERE p.batch_id = ?1 AND m.external_account_id = p.external_account_id AND m.mandate_id = p.mandate_id""")
                .setParameter(1, batch.id).executeUpdate()).replaceWithVoid();
    }
}
