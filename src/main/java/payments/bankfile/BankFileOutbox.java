package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.transaction.FailureReason;
import payments.transaction.PaymentLifecycle;
import payments.transaction.RailReport;
import payments.transaction.RefundReason;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The cut-off: queued payouts become one pain.001 file, checked against its schema and kept with
 * them in one transaction (BUILT), then written to the outbox (DELIVERED); a payout that no file
 * can carry fails alone and is refunded. Two instances never take
 * the same payout nor deliver the same file at once (SKIP LOCKED); a file written again after a
 * crash is the same file.
 */
@ApplicationScoped
public class BankFileOutbox {

    private static final Logger LOG = Logger.getLogger(BankFileOutbox.class);
    /** Payouts in one file at most; a longer queue leaves in several files at the same cut-off. */
    static final int BATCH_LIMIT = 1000;

    private final BankFileRail rail;
    private final BankFileTransports transports;
    private final IsoSchemas schemas;
    private final BankFilesConfig config;
    private final ServerClock clock;
    private final PaymentLifecycle lifecycle;

    public BankFileOutbox(BankFileRail rail, BankFileTransports transports, IsoSchemas schemas, BankFilesConfig config,
                          ServerClock clock, PaymentLifecycle lifecycle) {
        this.rail = rail;
        this.lifecycle = lifecycle;
        this.transports = transports;
        this.schemas = schemas;
        this.config = config;
        this.clock = clock;
    }

    @Scheduled(every = "${svc.bank-files.batch-every:15m}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduledCutOff() {
        return rail.configured() ? cutOff().replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /**
     * Batches every queued payout and delivers every file not yet delivered; answers the files this
     * call delivered. A batch that cannot be built is logged and the payouts stay queued; files
     * already built are delivered all the same.
     */
    public Uni<Integer> cutOff() {
        return buildThenDeliver(this::buildOne, "A pain.001 file");
    }

    /**
     * Builds files with {@code buildOne} (each in its own transaction, until it answers false:
     * nothing left queued), then delivers every built file of either rail. A file that cannot be
     * built ({@code what}) is logged and its payouts stay queued; files already built are delivered.
     */
    Uni<Integer> buildThenDeliver(java.util.function.Supplier<Uni<Boolean>> buildOne, String what) {
        return Multi.createBy().repeating().uni(() -> Panache.withTransaction(buildOne)).whilst(built -> built)
                .collect().last()
                .onFailure().recoverWithItem(failure -> {
                    LOG.errorf(failure, "%s could not be built; its payouts stay queued", what);
                    return false;
                })
                .flatMap(ignored -> deliverBuilt());
    }

    /** Delivers every file built and not yet delivered, of either rail; answers how many this call delivered. */
    public Uni<Integer> deliverBuilt() {
        return Panache.withSession(() -> BankBatch.<BankBatch>list("status = ?1 order by createdAt", BankBatch.BUILT)).flatMap(this::deliver);
    }

    /** One file from the oldest queued payouts; false when none are queued. */
    private Uni<Boolean> buildOne() {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "SELECT * FROM bank_payouts WHERE status = 'QUEUED' AND format = 'PAIN001' ORDER BY created_at LIMIT " + BATCH_LIMIT
                                + " FOR UPDATE SKIP LOCKED", BankPayout.class).getResultList())
                .flatMap(payouts -> payouts.isEmpty() ? Uni.createFrom().item(false) : build(payouts).replaceWith(true));
    }

    private Uni<Void> build(List<BankPayout> payouts) {
        Instant now = clock.now();
        BankBatch batch = new BankBatch();
        batch.id = "B" + Ids.newUuid().toString().replace("-", "");
        batch.fileName = "pain.001." + batch.id + ".xml";
        return transports.offload(() -> new BatchWriter(schemas, debtor()).write(batch.id, now, payouts)).flatMap(written -> failUnwritable(written.unwritable())
                .flatMap(ignored -> {
                    if (written.content() == null) {
                        return Uni.createFrom().voidItem();
                    }
                    batch.content = written.content();
                    batch.payouts = written.payouts().size();
                    batch.status = BankBatch.BUILT;
                    batch.createdAt = now;
                    written.payouts().forEach(payout -> {
                        payout.status = BankPayout.BATCHED;
                        payout.batchId = batch.id;
                    });
                    LOG.infof("Bank file %s: %d payouts", batch.fileName, written.payouts().size());
                    return batch.persist().replaceWithVoid();
                }));
    }

    /** A payout no file can carry fails alone (ACCOUNT_INVALID: the payee's details are what it carries) and its payer is refunded. */
    private Uni<Void> failUnwritable(Map<BankPayout, String> unwritable) {
        Uni<Void> failed = Uni.createFrom().voidItem();
        for (Map.Entry<BankPayout, String> payout : unwritable.entrySet()) {
            UUID transactionId = payout.getKey().transactionId;
            failed = failed.call(() -> {
                LOG.errorf("Payout %s cannot be written into a bank file (%s): it fails and its payer is refunded",
                        transactionId, payout.getValue());
                return rail.withdraw(transactionId).call(() -> lifecycle.report(RailReport.failed(transactionId,
                        FailureReason.ACCOUNT_INVALID, RefundReason.TRANSACTION_FAILED)));
            });
        }
        return failed;
    }

    private Pain001.Debtor debtor() {
        BankFilesConfig.Debtor debtor = config.debtor();
        return new Pain001.Debtor(debtor.name(), debtor.iban().orElse(null), debtor.accountNumber().orElse(null),
                debtor.bic().orElse(null));
    }

    private Uni<Integer> deliver(List<BankBatch> batches) {
        Uni<Integer> delivered = Uni.createFrom().item(0);
        for (BankBatch batch : batches) {
            delivered = delivered.flatMap(count -> deliver(batch.id)
                    .onFailure().recoverWithItem(failure -> {
                        LOG.errorf(failure, "Bank file %s could not be delivered; it is written again at the next cut-off", batch.fileName);
                        return false;
                    })
                    .map(sent -> sent ? count + 1 : count));
        }
        return delivered;
    }

    /**
     * Writes one built file while holding its row (SKIP LOCKED: another instance delivering it at
     * the same moment skips it), then marks it delivered in the same transaction. A crash after
     * the write leaves it BUILT, and it is written again: the same name and content.
     */
    private Uni<Boolean> deliver(String batchId) {
        return Panache.withTransaction(() -> Panache.getSession().flatMap(session -> session.createNativeQuery(
                                "SELECT * FROM bank_batches WHERE id = ?1 AND status = 'BUILT' FOR UPDATE SKIP LOCKED", BankBatch.class)
                        .setParameter(1, batchId).getResultList())
                .flatMap(claimed -> {
                    if (claimed.isEmpty()) {
                        return Uni.createFrom().item(false);
                    }
                    BankBatch batch = claimed.get(0);
                    return transports.exchange(transport -> {
                        transport.write(config.outbox(), batch.fileName, batch.content.getBytes(StandardCharsets.UTF_8));
                        return true;
                    }).invoke(() -> {
                        batch.status = BankBatch.DELIVERED;
                        batch.deliveredAt = clock.now();
                    });
                }));
    }
}
