package payments.verification;

import java.util.List;

/** The wire's Verification. */
public record VerificationResponse(String id, String customerId, String verificationStatus,
                                   List<VerificationIssue> errors, String createdAt, String updatedAt) {
}
