package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.bankfile.BatchWriter.Layout;
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
    private final DirectDebitCollections directDebits;

    public BankFileOutbox(BankFileRail rail, BankFileTransports transports, IsoSchemas schemas, BankFilesConfig config,
                          ServerClock clock, PaymentLifecycle lifecycle, DirectDebitCollections directDebits) {
        this.directDebits = directDebits;
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
        return buildAll(() -> buildOne(PAYOUTS), "A pain.001 file")
                .flatMap(ignored -> buildThenDeliver(() -> buildOne(COLLECTIONS), "A pain.008 file"));
    }

    /**
     * Builds files with {@code buildOne} (each in its own transaction, until it answers false:
     * nothing left queued), then delivers every built file of either rail. A file that cannot be
     * built ({@code what}) is logged and its payouts stay queued; files already built are delivered.
     */
    Uni<Integer> buildThenDeliver(java.util.function.Supplier<Uni<Boolean>> buildOne, String what) {
        return buildAll(buildOne, what).flatMap(ignored -> deliverBuilt());
    }

    private static Uni<Boolean> buildAll(java.util.function.Supplier<Uni<Boolean>> buildOne, String what) {
        return Multi.createBy().repeating().uni(() -> Panache.withTransaction(buildOne)).whilst(built -> built)
                .collect().last()
                .onFailure().recoverWithItem(failure -> {
                    LOG.errorf(failure, "%s could not be built; its payouts stay queued", what);
                    return false;
                });
    }

    /** Delivers every file built and not yet delivered, of either rail; answers how many this call delivered. */
    public Uni<Integer> deliverBuilt() {
        return Panache.withSession(() -> BankBatch.<BankBatch>list("status = ?1 order by createdAt", BankBatch.BUILT)).flatMap(this::deliver);
    }

    /** What one kind of file carries: its queued rows' format, its batch ids' and file names' prefixes. */
    private record FileKind(String format, String idPrefix, String namePrefix) {
    }

    private static final FileKind PAYOUTS = new FileKind(BankPayout.PAIN001, "B", "pain.001.");
    private static final FileKind COLLECTIONS = new FileKind(BankPayout.PAIN008, "D", "pain.008.");

    /** One file from the oldest queued rows of its kind; false when none are queued. */
    private Uni<Boolean> buildOne(FileKind kind) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "SELECT * FROM bank_payouts WHERE status = 'QUEUED' AND format = ?1 ORDER BY created_at LIMIT " + BATCH_LIMIT
                                + " FOR UPDATE SKIP LOCKED", BankPayout.class).setParameter(1, kind.format()).getResultList())
                .flatMap(payouts -> payouts.isEmpty() ? Uni.createFrom().item(false)
                        : (kind == COLLECTIONS ? collections(payouts) : build(kind, payouts, Layout.pain001(debtor()))).replaceWith(true));
    }

    /** Direct debits still authorized, due on the date a file built now can meet, each under its mandate. */
    private Uni<Void> collections(List<BankPayout> pulls) {
        java.time.LocalDate due = directDebits.due(clock.now());
        return directDebits.authorized(pulls, due).flatMap(kept -> kept.isEmpty() ? Uni.createFrom().voidItem()
                : build(COLLECTIONS, kept, Layout.pain008(directDebits.creditor(), due)));
    }

    private Uni<Void> build(FileKind kind, List<BankPayout> payouts, Layout layout) {
        Instant now = clock.now();
        BankBatch batch = new BankBatch();
        batch.id = kind.idPrefix() + Ids.newUuid().toString().replace("-", "");
        batch.fileName = kind.namePrefix() + batch.id + ".xml";
        return transports.offload(() -> new BatchWriter(schemas, layout).write(batch.id, now, payouts)).flatMap(written -> failUnwritable(written.unwritable())
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
                    LOG.infof("Bank file %s: %d %s", batch.fileName, written.payouts().size(), kind == COLLECTIONS ? "direct debits" : "payouts");
                    return batch.persist().replaceWithVoid();
                }));
    }

    /**
     * A payout no file can carry fails alone (ACCOUNT_INVALID: the payee's details are what it
     * carries) and its payer is refunded; a pull fails as a collection that could not be made.
     */
    private Uni<Void> failUnwritable(Map<BankPayout, String> unwritable) {
        Uni<Void> failed = Uni.createFrom().voidItem();
        for (Map.Entry<BankPayout, String> payout : unwritable.entrySet()) {
            UUID transactionId = payout.getKey().transactionId;
            boolean pull = BankPayout.PULL.equals(payout.getKey().leg);
            failed = failed.call(() -> {
                LOG.errorf("%s %s cannot be written into a bank file (%s): it fails%s", pull ? "Direct debit" : "Payout", transactionId,
                        payout.getValue(), pull ? "" : " and its payer is refunded");
                return rail.withdraw(transactionId).call(() -> lifecycle.report(RailReport.failed(transactionId,
                        pull ? FailureReason.COLLECTION_FAILED : FailureReason.ACCOUNT_INVALID, RefundReason.TRANSACTION_FAILED)));
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
                    boolean collections = batch.id.startsWith(COLLECTIONS.idPrefix());
                    Uni<Boolean> stale = collections ? directDebits.takenApartWhenStale(batch) : Uni.createFrom().item(false);
                    return stale.flatMap(takenApart -> takenApart ? Uni.createFrom().item(false) : transports.exchange(transport -> {
                        transport.write(config.outbox(), batch.fileName, batch.content.getBytes(StandardCharsets.UTF_8));
                        return true;
                    }).invoke(() -> {
                        batch.status = BankBatch.DELIVERED;
                        batch.deliveredAt = clock.now();
                    }).call(() -> collections ? directDebits.delivered(batch) : Uni.createFrom().voidItem()));
                }));
    }
}
