package payments.customer.bulk;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ServerClock;
import payments.common.jobs.ClaimedJob;
import payments.common.jobs.JobHandler;
import payments.common.jobs.JobOutcome;

import java.util.UUID;

/** Works through a bulk import a slice of rows at a time, rescheduling itself until the file is done. */
@ApplicationScoped
public class BulkImportJob implements JobHandler {

    public static final String TYPE = "customer.bulk-import";

    private final BulkImportService imports;
    private final ServerClock clock;

    public BulkImportJob(BulkImportService imports, ServerClock clock) {
        this.imports = imports;
        this.clock = clock;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Uni<JobOutcome> handle(ClaimedJob job) {
        return imports.processNext(UUID.fromString(job.payload())).map(finished -> finished ? JobOutcome.done()
                : JobOutcome.retryAt(clock.now(), "more rows to import"));
    }
}
