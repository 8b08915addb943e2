package payments.verification;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** One thing keeping a verification from going ahead (the wire's VerificationError). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record VerificationIssue(String resourceId, String type, String field, String reason,
                                List<String> acceptedDocumentTypes) {

    static VerificationIssue missingField(String resourceId, String field, String reason) {
        return new VerificationIssue(resourceId, "MISSING_FIELD", field, reason, null);
    }

    static VerificationIssue invalidField(String resourceId, String field, String reason) {
        return new VerificationIssue(resourceId, "INVALID_FIELD", field, reason, null);
    }

    static VerificationIssue missingDocument(String resourceId, DocumentCategory category) {
        return new VerificationIssue(resourceId, category.missingErrorType(), null, category.reason(), category.accepted());
    }
}
