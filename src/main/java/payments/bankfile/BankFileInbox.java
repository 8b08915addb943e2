package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.bankfile.BankMessages.BankEvent;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.Times;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads the bank's files from the inbox, each exactly once: a file is claimed by the hash of its
 * content in the transaction that books it (bank_files_received), so a restart, a second instance
 * or the same file sent twice books nothing again. Booked files move to {@code processed/}; a file
 * that is not a schema-valid pain.002 or camt.054 moves to {@code quarantine/} with nothing booked.
 * A file whose booking fails (the database, say) stays and is read again at the next poll.
 */
@ApplicationScoped
public class BankFileInbox {

    private static final Logger LOG = Logger.getLogger(BankFileInbox.class);
    static final String PROCESSED = "processed";
    static final String QUARANTINE = "quarantine";
    static final String BOOKED = "BOOKED";
    static final String QUARANTINED = "QUARANTINED";

    private final BankFileRail rail;
    private final BankFileTransports transports;
    private final BankBookings bookings;
    private final IsoSchemas schemas;
    private final ServerConfig config;
    private final ServerClock clock;

    public BankFileInbox(BankFileRail rail, BankFileTransports transports, BankBookings bookings, IsoSchemas schemas,
                         ServerConfig config, ServerClock clock) {
        this.rail = rail;
        this.transports = transports;
        this.bookings = bookings;
        this.schemas = schemas;
        this.config = config;
        this.clock = clock;
    }

    @Scheduled(every = "${svc.bank-files.poll-every:30s}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduledPoll() {
        return rail.configured() ? poll().replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /** Reads every file in the inbox, oldest name first; answers how many this call booked. */
    public Uni<Integer> poll() {
        String inbox = config.bankFiles().inbox();
        return transports.exchange(transport -> transport.list(inbox)).flatMap(names -> {
            Uni<Integer> booked = Uni.createFrom().item(0);
            for (String name : names) {
                booked = booked.flatMap(count -> read(inbox, name).map(bookedNow -> bookedNow ? count + 1 : count));
            }
            return booked;
        });
    }

    private Uni<Boolean> read(String inbox, String name) {
        return transports.exchange(transport -> transport.read(inbox, name)).flatMap(content -> {
            if (content == null) {
                return Uni.createFrom().item(false);
            }
            String hash = sha256(content);
            List<BankEvent> events;
            try {
                events = BankMessages.read(new String(content, StandardCharsets.UTF_8), schemas);
            } catch (IsoSchemas.InvalidMessage e) {
                return Panache.withTransaction(() -> claim(hash, name, QUARANTINED, e.getMessage(), 0))
                        .invoke(claimed -> LOG.errorf("Bank file %s quarantined, nothing booked: %s", name, e.getMessage()))
                        .call(() -> move(inbox, name, QUARANTINE))
                        .replaceWith(false);
            }
            return Panache.withTransaction(() -> claim(hash, name, BOOKED, null, events.size())
                            .call(claimed -> claimed ? bookings.book(hash, events) : Uni.createFrom().voidItem()))
                    .invoke(claimed -> {
                        if (claimed) {
                            LOG.infof("Bank file %s booked: %d lines", name, events.size());
                        } else {
                            LOG.infof("Bank file %s was booked before (same content); moved aside", name);
                        }
                    })
                    .call(() -> move(inbox, name, PROCESSED));
        });
    }

    /** True when this call recorded the file first; false when another call (or instance) already had. */
    private Uni<Boolean> claim(String hash, String name, String status, String detail, int events) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        INSERT INTO bank_files_received (content_sha256, file_name, status, detail, events, received_at)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (content_sha256) DO NOTHING""")
                .setParameter(1, hash).setParameter(2, name).setParameter(3, status)
                .setParameter(4, detail == null ? null : detail.length() > 1000 ? detail.substring(0, 1000) : detail)
                .setParameter(5, events).setParameter(6, Times.utc(clock.now())).executeUpdate())
                .map(inserted -> inserted == 1);
    }

    private Uni<Void> move(String inbox, String name, String folder) {
        return transports.exchange(transport -> {
            transport.move(inbox, name, inbox + "/" + folder);
            return null;
        }).replaceWithVoid();
    }

    static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
