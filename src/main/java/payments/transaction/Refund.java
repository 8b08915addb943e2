package payments.transaction;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The wire's Refund object on a transaction. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Refund(String reference, String initiatedAt, String status, String settledAt, String reason) {

    public static final String PENDING = "PENDING";
    public static final String COMPLETED = "COMPLETED";
    public static final String FAILED = "FAILED";

    public static final String TRANSACTION_FAILED = "TRANSACTION_FAILED";
    public static final String USER_CANCELLATION = "USER_CANCELLATION";
    public static final String TIMEOUT = "TIMEOUT";

    public Refund settled(String status, String at) {
        return new Refund(reference, initiatedAt, status, at, reason);
    }
}
