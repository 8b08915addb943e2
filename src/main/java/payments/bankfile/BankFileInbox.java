package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.bankfile.BankMessages.BankEvent;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.Times;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Reads the bank's files from the inbox, each exactly once: a file is claimed by the hash of its
 * content in the transaction that books it (bank_files_received), so a restart, a second instance
 * or the same file sent twice books nothing again. Booked files move to {@code processed/} (named
 * {@code <first 12 hex digits of the hash>-<name>}); a file
 * that is not a schema-valid pain.002, camt.054 or camt.053, nor a valid NACHA return or change file or BAI2 statement, moves to {@code quarantine/} with nothing booked
 * (put back after a fix, it is booked then), as does one refused unread (larger than
 * {@code svc.bank-files.max-file-bytes}, or a symbolic link). A file whose booking fails (the database, say) stays
 * and is read again at the next poll; a line that fails for a reason that would come again is
 * parked and the file booked without it. Parsing and validation run off the event loop.
 */
@ApplicationScoped
public class BankFileInbox {

    private static final Logger LOG = Logger.getLogger(BankFileInbox.class);
    static final String PROCESSED = "processed";
    static final String QUARANTINE = "quarantine";
    static final String BOOKED = "BOOKED";
    static final String QUARANTINED = "QUARANTINED";

    private final BankFileRail rail;
    private final AchRail ach;
    private final BankFileTransports transports;
    private final BankBookings bookings;
    private final IsoSchemas schemas;
    private final BankFilesConfig config;
    private final ServerClock clock;

    /** Where a BAI2 statement's as-of date ends: the US bank's own day, the ACH rail's zone. */
    private final java.time.ZoneId statementZone;
    /** How the US bank's own BAI2 detail codes read (an unreadable setting is reported at start and reads as none). */
    private final Bai2Codes bai2Codes;

    /** The configured zone; one that is not (reported at start when ACH is set up) reads as New York's. */
    private static java.time.ZoneId zoneOf(String zone) {
        try {
            return java.time.ZoneId.of(zone);
        } catch (java.time.DateTimeException unknown) {
            return java.time.ZoneId.of("America/New_York");
        }
    }

    private static Bai2Codes bai2Codes(String setting) {
        try {
            return Bai2Codes.parse(setting);
        } catch (IllegalArgumentException unreadable) {
            return Bai2Codes.STANDARD;
        }
    }

    public BankFileInbox(BankFileRail rail, AchRail ach, BankFileTransports transports, BankBookings bookings, IsoSchemas schemas,
                         BankFilesConfig config, ServerClock clock, AchConfig achConfig) {
        this.statementZone = zoneOf(achConfig.zone());
        this.bai2Codes = bai2Codes(achConfig.bai2CustomCodes().orElse(""));
        this.rail = rail;
        this.ach = ach;
        this.transports = transports;
        this.bookings = bookings;
        this.schemas = schemas;
        this.config = config;
        this.clock = clock;
    }

    @Scheduled(every = "${svc.bank-files.poll-every:30s}", delayed = "10s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> scheduledPoll() {
        return rail.configured() || ach.configured() ? poll().replaceWithVoid() : Uni.createFrom().voidItem();
    }

    /**
     * Reads every file in the inbox, oldest name first; answers how many this call booked. A file
     * whose booking fails is logged and left for the next poll; the files after it are read.
     */
    public Uni<Integer> poll() {
        String inbox = config.inbox();
        return transports.exchange(transport -> transport.list(inbox)).flatMap(names -> {
            Uni<Integer> booked = Uni.createFrom().item(0);
            for (String name : names) {
                booked = booked.flatMap(count -> read(inbox, name)
                        .onFailure().recoverWithItem(failure -> {
                            LOG.errorf(failure, "Bank file %s could not be booked or moved aside; it stays in the inbox and is read again at the next poll (booked once)", name);
                            return false;
                        })
                        .map(bookedNow -> bookedNow ? count + 1 : count));
            }
            return booked;
        });
    }

    /** A file's content (null when gone), or why it was refused unread. */
    private record Read(byte[] content, String refused) {
    }

    private Read readOrRefuse(BankFileTransport transport, String inbox, String name) throws IOException {
        try {
            return new Read(transport.read(inbox, name, config.maxFileBytes()), null);
        } catch (BankFileTransport.Refused e) {
            return new Read(null, e.getMessage());
        }
    }

    /** A file's events, or why it is not a bank file we read. */
    private record Parsed(List<BankEvent> events, String problem) {
    }

    private Uni<Boolean> read(String inbox, String name) {
        return transports.exchange(transport -> readOrRefuse(transport, inbox, name)).flatMap(read -> {
            if (read.refused() != null) {
                // Nothing of it was read: a key of its own stands for its content, so no later file of that name overwrites its copy.
                return quarantine(inbox, name, sha256(("refused:" + name + ":" + Ids.newUuid()).getBytes(StandardCharsets.UTF_8)), "Refused unread: "
                        + read.refused()).replaceWith(false);
            }
            byte[] content = read.content();
            if (content == null) {
                return Uni.createFrom().item(false);
            }
            String hash = sha256(content);
            return transports.offload(() -> parse(content)).flatMap(parsed -> parsed.problem() != null
                    ? quarantine(inbox, name, hash, parsed.problem()).replaceWith(false)
                    : book(inbox, name, hash, parsed.events()));
        });
    }

    private Parsed parse(byte[] content) {
        try {
            String text = new String(content, StandardCharsets.UTF_8);
            return new Parsed(AchMessages.isNacha(text) ? AchMessages.read(text)
                    : Bai2Statements.isBai2(text) ? Bai2Statements.read(text, statementZone, bai2Codes) : BankMessages.read(text, schemas), null);
        } catch (IsoSchemas.InvalidMessage e) {
            return new Parsed(List.of(), e.getMessage());
        }
    }

    private Uni<Boolean> book(String inbox, String name, String hash, List<BankEvent> events) {
        return claimAndBook(name, hash, events, Map.of())
                .invoke(claimed -> {
                    if (claimed) {
                        LOG.infof("Bank file %s booked: %d lines", name, events.size());
                    } else {
                        LOG.infof("Bank file %s was booked before (same content); moved aside", name);
                    }
                })
                .call(() -> move(inbox, name, hash, PROCESSED));
    }

    /**
     * Claims the file and books its lines in one transaction. When a line fails for a reason that
     * would come again, nothing of that transaction stays (a failed statement spoils the rest of
     * it): the file is booked again in a new one with that line parked, so one bad line holds up
     * neither the file's other lines nor the files after it. Each round parks one more line, up to
     * {@link #parkable} lines: more failing lines point to a fault of the server, not of the lines,
     * and parking them all would spend their bank references; the file then fails whole, as any
     * failure does, and is read again at the next poll. Runs outside any session (a new one each
     * round: the failed round's entities are gone with it).
     */
    private Uni<Boolean> claimAndBook(String name, String hash, List<BankEvent> events, Map<Integer, String> unbookable) {
        return Panache.withTransaction(() -> record(hash, name, BOOKED, null, events.size())
                        .call(claimed -> claimed ? bookings.book(hash, events, unbookable) : Uni.createFrom().voidItem()))
                .onFailure(failure -> failure instanceof BankBookings.LineFailed && unbookable.size() < parkable(events.size()))
                .recoverWithUni(failure -> {
                    BankBookings.LineFailed failed = (BankBookings.LineFailed) failure;
                    LOG.errorf(failed.getCause(), "Bank file %s: line %d could not be booked; the file is booked again with it parked for an operator",
                            name, failed.line + 1);
                    Map<Integer, String> more = new HashMap<>(unbookable);
                    more.put(failed.line, failed.why());
                    return claimAndBook(name, hash, events, more);
                });
    }

    /** The most lines of a file that may be parked as unbookable: a third of them, at most five. */
    static int parkable(int lines) {
        return Math.min(5, lines / 3);
    }

    private Uni<Void> quarantine(String inbox, String name, String hash, String problem) {
        String detail = problem.length() > 1000 ? problem.substring(0, 1000) : problem;
        return Panache.withTransaction(() -> record(hash, name, QUARANTINED, detail, 0))
                .invoke(() -> LOG.errorf("Bank file %s quarantined, nothing booked: %s", name, problem))
                .call(() -> move(inbox, name, hash, QUARANTINE))
                .replaceWithVoid();
    }

    /**
     * Records what became of the file with this content; true when this call recorded it: first, or
     * over an earlier quarantine (a file put back after a fix). False when another call or instance
     * booked it already: then this one must book nothing.
     */
    private Uni<Boolean> record(String hash, String name, String status, String detail, int events) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        INSERT INTO bank_files_received (content_sha256, file_name, status, detail, events, received_at)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                        ON CONFLICT (content_sha256) DO UPDATE SET status = EXCLUDED.status, file_name = EXCLUDED.file_name,
                            detail = EXCLUDED.detail, events = EXCLUDED.events, received_at = EXCLUDED.received_at
                        WHERE bank_files_received.status = ?7""")
                .setParameter(1, hash).setParameter(2, name).setParameter(3, status).setParameter(4, detail)
                .setParameter(5, events).setParameter(6, Times.utc(clock.now())).setParameter(7, QUARANTINED).executeUpdate())
                .map(recorded -> recorded == 1);
    }

    /** Moves a read file aside, its name prefixed with its content's hash: a bank reusing file names overwrites no kept copy. */
    private Uni<Void> move(String inbox, String name, String hash, String folder) {
        return transports.exchange(transport -> {
            transport.move(inbox, name, inbox + "/" + folder, hash.substring(0, 12) + "-" + name);
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
