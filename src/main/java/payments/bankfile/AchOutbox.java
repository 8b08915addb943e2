package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.bankfile.nacha.NachaFile;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.transaction.PaymentLifecycle;
import payments.transaction.RailReport;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ACH cut-off: queued ACH payouts become one NACHA file, a batch per entry class and effective
 * date (same-day when written before the same-day cut-off, else the next banking day:
 * {@link AchCalendar}), kept with them in one transaction (BUILT) and delivered by the bank file
 * outbox with the ISO rail's files. Each payout settles on its effective date ({@link #settleDue});
 * a return after that refunds the payer as a late return does on the ISO rail.
 */
@ApplicationScoped
public class AchOutbox {

    private static final Logger LOG = Logger.getLogger(AchOutbox.class);
    private static final DateTimeFormatter HHMM = DateTimeFormatter.ofPattern("HHmm");
    private static final String MODIFIERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    /** How an ACH file's name starts: today's count of them picks the next file id modifier. */
    private static final String FILE_PREFIX = "ACH.";
    /** A batch's service class: credits only, or debits only (each batch holds one leg). */
    private static final String CREDITS_ONLY = "220";
    private static final String DEBITS_ONLY = "225";

    private final AchRail rail;
    private final AchConfig config;
    private final BankFileOutbox outbox;
    private final ServerClock clock;
    private final PaymentLifecycle lifecycle;

    public AchOutbox(AchRail rail, AchConfig config, BankFileOutbox outbox, ServerClock clock, PaymentLifecycle lifecycle) {
        this.rail = rail;
        this.config = config;
        this.outbox = outbox;
        this.clock = clock;
        this.lifecycle = lifecycle;
    }

    @Scheduled(every = "${svc.bank-files.batch-every:15m}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduledCutOff() {
        return rail.configured() ? cutOff().replaceWithVoid() : Uni.createFrom().voidItem();
    }

    @Scheduled(every = "${svc.bank-files.poll-every:30s}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduledSettlement() {
        return rail.configured() ? settleDue(today()).replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /** Writes every queued ACH payout into files and delivers every built file; answers the files delivered. */
    public Uni<Integer> cutOff() {
        return outbox.buildThenDeliver(this::buildOne, "An ACH file");
    }

    /** One file from the oldest queued ACH payouts; false when none are queued. */
    private Uni<Boolean> buildOne() {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "SELECT * FROM bank_payouts WHERE status = 'QUEUED' AND format = 'NACHA' ORDER BY created_at LIMIT "
                                + BankFileOutbox.BATCH_LIMIT + " FOR UPDATE SKIP LOCKED", BankPayout.class).getResultList())
                .flatMap(payouts -> payouts.isEmpty() ? Uni.createFrom().item(false)
                        : filesToday().flatMap(count -> build(payouts, count)).replaceWith(true));
    }

    private Uni<Long> filesToday() {
        ZonedDateTime midnight = today().atStartOfDay(zone());
        return BankBatch.count("fileName like ?1 and createdAt >= ?2", FILE_PREFIX + "%", midnight.toInstant());
    }

    private Uni<Void> build(List<BankPayout> payouts, long filesToday) {
        ZonedDateTime now = clock.now().atZone(zone());
        Map<String, List<BankPayout>> byBatch = new TreeMap<>();
        for (BankPayout payout : payouts) {
            payout.effectiveDate = AchCalendar.effectiveDate(now, config.sameDayCutOff(), payout.amount, config.sameDayLimit());
            byBatch.computeIfAbsent(payout.leg + " " + payout.entryClass + " " + payout.effectiveDate, key -> new ArrayList<>()).add(payout);
        }
        BankBatch file = new BankBatch();
        file.id = "A" + Ids.newUuid().toString().replace("-", "");
        file.fileName = FILE_PREFIX + file.id + ".txt";
        List<NachaFile.Batch> batches = new ArrayList<>();
        for (List<BankPayout> batch : byBatch.values()) {
            batches.add(batch(batch, batches.size() + 1));
        }
        String origin = config.immediateOrigin().orElse(config.companyId().orElseThrow());
        file.content = NachaFile.write(new NachaFile.Header(" " + odfi(), origin, NachaFile.date(now.toLocalDate()), now.format(HHMM),
                String.valueOf(MODIFIERS.charAt((int) (filesToday % MODIFIERS.length()))), upper(config.odfiName(), 23),
                upper(config.companyName(), 23), ""), batches);
        file.payouts = payouts.size();
        file.status = BankBatch.BUILT;
        file.createdAt = clock.now();
        payouts.forEach(payout -> {
            payout.status = BankPayout.BATCHED;
            payout.batchId = file.id;
        });
        LOG.infof("ACH file %s: %d payouts in %d batches", file.fileName, payouts.size(), batches.size());
        return file.persist().replaceWithVoid();
    }

    private NachaFile.Batch batch(List<BankPayout> payouts, int number) {
        BankPayout first = payouts.get(0);
        boolean debits = BankPayout.PULL.equals(first.leg);
        List<NachaFile.Entry> entries = payouts.stream().map(payout -> new NachaFile.Entry(
                transactionCode(payout), payout.clearingCode, payout.accountNumber, payout.amount,
                payout.transactionId.toString().replace("-", "").substring(0, 15), payout.creditorName, "", payout.endToEndId,
                payout.remittance == null ? List.<NachaFile.Addenda>of() : List.<NachaFile.Addenda>of(new NachaFile.Remittance(payout.remittance))))
                .toList();
        return new NachaFile.Batch(debits ? DEBITS_ONLY : CREDITS_ONLY, upper(config.companyName(), 16), "", config.companyId().orElseThrow(), first.entryClass,
                upper(config.entryDescription(), 10), "", NachaFile.date(first.effectiveDate), "1", odfi().substring(0, 8),
                Integer.toString(number), entries);
    }

    /** The entry's transaction code: a credit (22) or debit (27) of a checking account, 32 or 37 of a savings one. */
    private static String transactionCode(BankPayout payout) {
        boolean savings = "SAVINGS".equals(payout.accountType);
        return BankPayout.PULL.equals(payout.leg) ? savings ? "37" : "27" : savings ? "32" : "22";
    }

    /**
     * Settles every ACH payout whose effective date has come ({@code asOf} or before): the payee's
     * bank has the money unless it returns the entry, which the inbox applies as a late return.
     * Answers how many settled.
     */
    public Uni<Integer> settleDue(LocalDate asOf) {
        return Panache.withSession(() -> BankPayout.<BankPayout>list(
                        "status = ?1 and format = ?2 and effectiveDate <= ?3 order by effectiveDate", BankPayout.BATCHED, BankPayout.NACHA, asOf))
                .flatMap(due -> {
                    Uni<Integer> settled = Uni.createFrom().item(0);
                    for (BankPayout payout : due) {
                        settled = settled.flatMap(count -> Panache.withTransaction(() -> settle(payout.transactionId)).map(done -> done ? count + 1 : count));
                    }
                    return settled;
                });
    }

    private Uni<Boolean> settle(java.util.UUID transactionId) {
        return BankPayout.<BankPayout>findById(transactionId, jakarta.persistence.LockModeType.PESSIMISTIC_WRITE).flatMap(payout -> {
            if (payout == null || !BankPayout.BATCHED.equals(payout.status)) {
                return Uni.createFrom().item(false);
            }
            // A payment the payee's bank returned before its effective date is FAILED already: nothing settles.
            return lifecycle.report(RailReport.settled(transactionId)).invoke(applied -> payout.status = applied
                    ? BankPayout.SETTLED : BankPayout.RETURNED);
        });
    }

    private LocalDate today() {
        return clock.now().atZone(zone()).toLocalDate();
    }

    private ZoneId zone() {
        return ZoneId.of(config.zone());
    }

    private String odfi() {
        return config.odfiRoutingNumber().orElseThrow();
    }

    private static String upper(String text, int max) {
        return BankText.latin(text, max, "").toUpperCase(java.util.Locale.ROOT);
    }
}
