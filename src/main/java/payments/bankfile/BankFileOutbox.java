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
import payments.common.ServerConfig;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * The cut-off: queued payouts become one pain.001 file, checked against its schema and kept with
 * them in one transaction (BUILT), then written to the outbox (DELIVERED). Two instances never take
 * the same payout (SKIP LOCKED); a file written twice after a crash is the same file.
 */
@ApplicationScoped
public class BankFileOutbox {

    private static final Logger LOG = Logger.getLogger(BankFileOutbox.class);
    /** Payouts in one file at most; a longer queue leaves in several files at the same cut-off. */
    static final int BATCH_LIMIT = 1000;

    private final BankFileRail rail;
    private final BankFileTransports transports;
    private final IsoSchemas schemas;
    private final ServerConfig config;
    private final ServerClock clock;

    public BankFileOutbox(BankFileRail rail, BankFileTransports transports, IsoSchemas schemas, ServerConfig config,
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

    /** Batches every queued payout and delivers every file not yet delivered; answers the files delivered. */
    public Uni<Integer> cutOff() {
        return Multi.createBy().repeating().uni(() -> Panache.withTransaction(this::buildOne)).whilst(built -> built)
                .collect().last()
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
        batch.content = Pain001.write(new Pain001.Batch(batch.id, now, debtor(), payouts.stream().map(BankPayout::toFile).toList()));
        try {
            schemas.validate(batch.content, MxPain00100109.class, MxPain00100109._classes);
        } catch (IsoSchemas.InvalidMessage e) {
            // What this server writes must always be valid: a bug, and the payouts stay queued for a fixed version.
            throw new IllegalStateException("A pain.001 file failed its own schema: " + e.getMessage(), e);
        }
        batch.payouts = payouts.size();
        batch.status = BankBatch.BUILT;
        batch.createdAt = now;
        payouts.forEach(payout -> {
            payout.status = BankPayout.BATCHED;
            payout.batchId = batch.id;
        });
        LOG.infof("Bank file %s: %d payouts", batch.fileName, payouts.size());
        return batch.persist().replaceWithVoid();
    }

    private Pain001.Debtor debtor() {
        ServerConfig.BankFiles.Debtor debtor = config.bankFiles().debtor();
        return new Pain001.Debtor(debtor.name(), debtor.iban().orElse(null), debtor.accountNumber().orElse(null),
                debtor.bic().orElse(null));
    }

    private Uni<Integer> deliver(List<BankBatch> batches) {
        Uni<Integer> delivered = Uni.createFrom().item(0);
        for (BankBatch batch : batches) {
            delivered = delivered.flatMap(count -> transports.exchange(transport -> {
                        transport.write(config.bankFiles().outbox(), batch.fileName, batch.content.getBytes(StandardCharsets.UTF_8));
                        return count + 1;
                    })
                    .call(() -> Panache.withTransaction(() -> BankBatch.update(
                            "status = ?1, deliveredAt = ?2 where id = ?3 and status = ?4",
                            BankBatch.DELIVERED, clock.now(), batch.id, BankBatch.BUILT))));
        }
        return delivered;
    }
}
