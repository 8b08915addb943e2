package payments.customer.bulk;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.common.ApiException;
import payments.common.ErrorBody;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.jobs.Jobs;
import payments.customer.CustomerRequest;
import payments.customer.CustomerService;
import payments.webhook.EventType;
import payments.webhook.WebhookPublisher;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;

/**
 * Bulk customer import: the CSV is checked and stored at upload, then a job creates the customers
 * row by row, each row in its own transaction together with the progress counter, so a crash
 * never creates a customer twice nor skips one.
 */
@ApplicationScoped
public class BulkImportService {

    public static final ErrorCode NOT_FOUND = ErrorCode.BULK_UPLOAD_JOB_NOT_FOUND;
    /** Rows per job run; the job reschedules itself until the file is done. */
    static final int ROWS_PER_RUN = 100;

    private final CustomerService customers;
    private final Jobs jobs;
    private final WebhookPublisher webhooks;
    private final ServerClock clock;
    private final JsonText json;
    private final Vertx vertx;
    private final JsonBodies bodies;

    public BulkImportService(CustomerService customers, Jobs jobs, WebhookPublisher webhooks, ServerClock clock,
                             JsonText json, Vertx vertx, JsonBodies bodies) {
        this.customers = customers;
        this.bodies = bodies;
        this.jobs = jobs;
        this.webhooks = webhooks;
        this.clock = clock;
        this.json = json;
        this.vertx = vertx;
    }

    @WithTransaction
    public Uni<BulkImportView.Accepted> accept(Path file) {
        if (file == null) {
            throw ApiException.invalidInput(List.of(FieldError.of("file", "Is required: the CSV file of customers")));
        }
        return vertx.fileSystem().readFile(file.toString()).flatMap(buffer -> {
            String csv = buffer.toString(StandardCharsets.UTF_8);
            List<CustomerCsv.Row> rows = CustomerCsv.rows(csv);
            BulkImport bulk = new BulkImport();
            bulk.id = Ids.newUuid();
            bulk.status = BulkImport.PENDING;
            bulk.csv = csv;
            bulk.total = rows.size();
            bulk.createdAt = clock.now();
            bulk.updatedAt = bulk.createdAt;
            return bulk.persist()
                    .call(() -> jobs.enqueueNow(BulkImportJob.TYPE, bulk.id.toString()))
                    .map(saved -> new BulkImportView.Accepted(bulk.wireId(), bulk.status));
        });
    }

    @WithSession
    public Uni<BulkImportView.Job> get(String jobId) {
        return Ids.<BulkImport>find(IdType.JOB, jobId, NOT_FOUND, "Bulk upload job", id -> BulkImport.findById(id)).flatMap(this::toWire);
    }

    /**
     * Processes the next rows of an import (job body, outside any transaction). Returns true when
     * the import is finished.
     */
    Uni<Boolean> processNext(UUID importId) {
        return Panache.withSession(() -> BulkImport.<BulkImport>findById(importId)).flatMap(bulk -> {
            if (bulk == null || bulk.finished()) {
                return Uni.createFrom().item(true);
            }
            List<CustomerCsv.Row> rows = CustomerCsv.rows(bulk.csv);
            int end = Math.min(bulk.processed + ROWS_PER_RUN, rows.size());
            return Multi.createFrom().range(bulk.processed, end)
                    .onItem().transformToUniAndConcatenate(index -> processRow(importId, index, rows.get(index)))
                    .collect().last()
                    .replaceWith(end == rows.size())
                    .call(done -> done ? finish(importId) : Uni.createFrom().voidItem());
        });
    }

    private Uni<Void> processRow(UUID importId, int index, CustomerCsv.Row row) {
        Uni<Void> create = Panache.withTransaction(() -> lockAt(importId, index).flatMap(bulk -> {
            if (bulk == null) {
                return Uni.createFrom().voidItem();
            }
            if (!row.missing().isEmpty()) {
                throw ApiException.invalidInput(row.missing());
            }
            return customers.create(bodies.body(row.body(), CustomerRequest.class)).invoke(created -> advance(bulk, true)).replaceWithVoid();
        }));
        return create.onFailure(ApiException.class).recoverWithUni(failure ->
                Panache.withTransaction(() -> lockAt(importId, index).flatMap(bulk -> {
                    if (bulk == null) {
                        return Uni.createFrom().voidItem();
                    }
                    ErrorBody body = ErrorBody.of((ApiException) failure);
                    BulkImportError error = new BulkImportError();
                    error.importId = importId;
                    error.rowNumber = row.number();
                    error.correlationId = row.correlationId();
                    error.code = body.code();
                    error.message = body.message();
                    error.details = body.details() == null ? null : json.write(body.details());
                    advance(bulk, false);
                    return error.persist().replaceWithVoid();
                })));
    }

    /** The import locked, if row {@code index} is still the next one to handle (else another run did it). */
    private static Uni<BulkImport> lockAt(UUID importId, int index) {
        return BulkImport.<BulkImport>findById(importId, LockModeType.PESSIMISTIC_WRITE)
                .map(bulk -> bulk != null && bulk.processed == index ? bulk : null);
    }

    private void advance(BulkImport bulk, boolean succeeded) {
        bulk.status = BulkImport.PROCESSING;
        bulk.processed++;
        if (succeeded) {
            bulk.successful++;
        } else {
            bulk.failed++;
        }
        bulk.updatedAt = clock.now();
    }

    private Uni<Void> finish(UUID importId) {
        return Panache.withTransaction(() -> BulkImport.<BulkImport>findById(importId, LockModeType.PESSIMISTIC_WRITE)
                .flatMap(bulk -> {
                    if (bulk.finished() || bulk.processed < bulk.total) {
                        return Uni.createFrom().voidItem();
                    }
                    bulk.status = bulk.successful == 0 ? BulkImport.FAILED : BulkImport.COMPLETED;
                    bulk.completedAt = clock.now();
                    bulk.updatedAt = bulk.completedAt;
                    return toWire(bulk).flatMap(job -> webhooks.publish(BulkImport.COMPLETED.equals(bulk.status)
                            ? EventType.BULK_UPLOAD_COMPLETED : EventType.BULK_UPLOAD_FAILED, job)).replaceWithVoid();
                }));
    }

    private Uni<BulkImportView.Job> toWire(BulkImport bulk) {
        return BulkImportError.<BulkImportError>list("importId", Sort.ascending("rowNumber"), bulk.id).map(errors ->
                new BulkImportView.Job(bulk.wireId(), bulk.status,
                        new BulkImportView.Progress(bulk.total, bulk.processed, bulk.successful, bulk.failed),
                        errors.stream().map(e -> new BulkImportView.ErrorEntry(e.correlationId, e.code, e.message,
                                e.details == null ? null : json.read(e.details))).toList(),
                        bulk.completedAt == null ? null : bulk.completedAt.toString()));
    }
}
