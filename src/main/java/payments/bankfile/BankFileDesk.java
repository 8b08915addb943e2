package payments.bankfile;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.RequestValidator;
import payments.common.RequiredReason;
import payments.common.ServerClock;
import payments.common.Times;
import payments.common.security.Caller;

import java.time.Instant;
import java.util.List;

/**
 * The bank operations desk's view of the files: those read from the inbox (booked or quarantined)
 * and those written for the bank (built, delivered), and two actions, each kept with who, when and
 * why: a quarantined file put back into the inbox once its problem is fixed (booked at the next
 * poll, once), and built files delivered now rather than at the next cut-off.
 */
@ApplicationScoped
public class BankFileDesk {

    private static final int SHOWN = 200;

    public record ReceivedFile(String id, String fileName, String status, String detail, int lines, Instant receivedAt) {
    }

    public record SentFile(String id, String fileName, int payouts, String status, Instant createdAt, Instant deliveredAt) {
    }

    /** The files, newest first (the last {@value #SHOWN} of each). */
    public record BankFiles(List<ReceivedFile> received, List<SentFile> sent) {
    }

    private final BankFileTransports transports;
    private final BankFilesConfig config;
    private final BankFileOutbox outbox;
    private final RequestValidator validator;
    private final ServerClock clock;

    public BankFileDesk(BankFileTransports transports, BankFilesConfig config, BankFileOutbox outbox, RequestValidator validator,
                        ServerClock clock) {
        this.transports = transports;
        this.config = config;
        this.outbox = outbox;
        this.validator = validator;
        this.clock = clock;
    }

    /** GET /bank-files; {@code status} narrows both lists (BOOKED, QUARANTINED; BUILT, DELIVERED). */
    @WithSession
    public Uni<BankFiles> list(String status) {
        List<String> statuses = List.of(BankFileInbox.BOOKED, BankFileInbox.QUARANTINED, BankBatch.BUILT, BankBatch.DELIVERED);
        if (status != null && !statuses.contains(status)) {
            throw ApiException.invalidField("status", FieldError.Constraint.oneOf(statuses), "Must be one of " + String.join(", ", statuses));
        }
        Uni<List<BankFileReceived>> received = status == null ? BankFileReceived.<BankFileReceived>find("order by receivedAt desc").page(0, SHOWN).list()
                : BankFileReceived.<BankFileReceived>find("status = ?1 order by receivedAt desc", status).page(0, SHOWN).list();
        return received.flatMap(files -> {
            Uni<List<BankBatch>> batches = status == null ? BankBatch.<BankBatch>find("order by createdAt desc").page(0, SHOWN).list()
                    : BankBatch.<BankBatch>find("status = ?1 order by createdAt desc", status).page(0, SHOWN).list();
            return batches.map(sent -> new BankFiles(files.stream().map(BankFileDesk::received).toList(), sent.stream()
                    .map(batch -> new SentFile(batch.id, batch.fileName, batch.payouts, batch.status, batch.createdAt, batch.deliveredAt))
                    .toList()));
        });
    }

    private static ReceivedFile received(BankFileReceived file) {
        return new ReceivedFile(file.contentSha256, file.fileName, file.status, file.detail, file.events, file.receivedAt);
    }

    /**
     * POST /bank-files/received/{fileId}/requeue: a quarantined file back into the inbox under its
     * own name; the next poll reads it again (booked once: its content is its claim). 404 for no
     * such file, 409 for one that is not quarantined.
     */
    public Uni<ReceivedFile> requeue(String fileId, JsonBodies.Bound<RequiredReason> body, Caller caller) {
        String reason = validator.validate(body, List.of()).reason().strip();
        if (!fileId.matches("[0-9a-f]{64}")) {
            throw new ApiException(ErrorCode.NOT_FOUND, "Bank file " + fileId + " not found");
        }
        return Panache.withSession(() -> BankFileReceived.<BankFileReceived>findById(fileId)).flatMap(file -> {
            if (file == null) {
                throw new ApiException(ErrorCode.NOT_FOUND, "Bank file " + fileId + " not found");
            }
            if (!BankFileInbox.QUARANTINED.equals(file.status)) {
                throw new ApiException(ErrorCode.CONFLICT, "Bank file " + file.fileName + " is " + file.status + ", not quarantined");
            }
            String inbox = config.inbox();
            return transports.exchange(transport -> transport.move(inbox + "/" + BankFileInbox.QUARANTINE,
                            fileId.substring(0, 12) + "-" + file.fileName, inbox, file.fileName))
                    .invoke(moved -> {
                        if (!moved) {
                            throw new ApiException(ErrorCode.CONFLICT, "Bank file " + file.fileName + " is no longer in quarantine: put back"
                                    + " already (it is read at the next poll), or removed by hand");
                        }
                    })
                    .call(() -> Panache.withTransaction(() -> log("REQUEUE", fileId, reason, caller)))
                    .map(ignored -> received(file));
        });
    }

    /** POST /bank-files/sent/deliver: every built file delivered now; answers how many were. */
    public Uni<Integer> deliver(JsonBodies.Bound<RequiredReason> body, Caller caller) {
        String reason = validator.validate(body, List.of()).reason().strip();
        return Panache.withTransaction(() -> log("DELIVER", "outbox", reason, caller)).flatMap(ignored -> outbox.deliverBuilt());
    }

    private Uni<Void> log(String action, String target, String reason, Caller caller) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                        "INSERT INTO bank_desk_actions (id, action, target, reason, done_by, done_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
                .setParameter(1, Ids.newUuid()).setParameter(2, action).setParameter(3, target).setParameter(4, reason)
                .setParameter(5, caller.scope()).setParameter(6, Times.utc(clock.now())).executeUpdate()).replaceWithVoid();
    }
}
