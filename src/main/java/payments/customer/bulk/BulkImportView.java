package payments.customer.bulk;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/** Wire shapes of bulk imports. */
public final class BulkImportView {

    private BulkImportView() {
    }

    public record Accepted(String jobId, String status) {
    }

    public record Progress(int total, int processed, int successful, int failed) {
    }

    /** BulkCustomerImportErrorEntry: the error body's fields plus the row's correlationId. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ErrorEntry(String correlationId, String code, String message, JsonNode details) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Job(String id, String status, Progress progress, List<ErrorEntry> errors, String completedAt) {
    }
}
