package payments.bankfile;

import com.prowidesoftware.swift.model.mx.MxPain00100109;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.common.Ids;
import payments.common.ServerClock;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * The cut-off: queued payouts become one pain.001 file, checked against its schema and kept with
 * them in one transaction (BUILT), then written to the outbox (DELIVERED). Two instances never take
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

    public BankFileOutbox(BankFileRail rail, BankFileTransports transports, IsoSchemas schemas, BankFilesConfig config,
                          ServerClock clock) {
        this.rail = rail;
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
        return Multi.createBy().repeating().uni(() -> Panache.withTransaction(this::buildOne)).whilst(built -> built)
                .collect().last()
                .onFailure().recoverWithItem(failure -> {
                    LOG.errorf(failure, "A bank file could not be built; its payouts stay queued");
                    return false;
                })
                .flatMap(ignored -> Panache.withSession(() -> BankBatch.<BankBatch>list("status = ?1 order by createdAt", BankBatch.BUILT)))
                .flatMap(this::deliver);
    }

    /** One file from the oldest queued payouts; false when none are queued. */
    private Uni<Boolean> buildOne() {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "SELECT * FROM bank_payouts WHERE status = 'QUEUED' ORDER BY created_at LIMIT " + BATCH_LIMIT
                                + " FOR UPDATE SKIP LOCKED", BankPayout.class).getResultList())
                .flatMap(payouts -> payouts.isEmpty() ? Uni.createFrom().item(false) : build(payouts).replaceWith(true));
    }

    private Uni<Void> build(List<BankPayout> payouts) {
        Instant now = clock.now();
        BankBatch batch = new BankBatch();
        batch.id = "B" + Ids.newUuid().toString().replace("-", "");
        batch.fileName = "pain.001." + batch.id + ".xml";
        Pain001.Batch file = new Pain001.Batch(batch.id, now, debtor(), payouts.stream().map(BankPayout::toFile).toList());
        return transports.offload(() -> {
            String content = Pain001.write(file);
            try {
                schemas.validate(content, MxPain00100109.class, MxPain00100109._classes);
            } catch (IsoSchemas.InvalidMessage e) {
                // What this server writes must always be valid: a bug, and the payouts stay queued for a fixed version.
                throw new IllegalStateException("A pain.001 file failed its own schema: " + e.getMessage(), e);
            }
            return content;
        }).flatMap(content -> {
            batch.content = content;
            batch.payouts = payouts.size();
            batch.status = BankBatch.BUILT;
            batch.createdAt = now;
            payouts.forEach(payout -> {
                payout.status = BankPayout.BATCHED;
                payout.batchId = batch.id;
            });
            LOG.infof("Bank file %s: %d payouts", batch.fileName, payouts.size());
            return batch.persist().replaceWithVoid();
        });
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
