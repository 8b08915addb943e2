package payments.transaction;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The wire's Refund object on a transaction. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Refund(String reference, String initiatedAt, String status, String settledAt, String reason) {

    public static final String PENDING = "PENDING";
    public static final String COMPLETED = "COMPLETED";
    public static final String FAILED = "FAILED";

    static Refund pending(String reference, String initiatedAt, RefundReason reason) {
        return new Refund(reference, initiatedAt, PENDING, null, reason.name());
    }

    /** The refund's end: COMPLETED settles at {@code at}; a FAILED refund never settled, so it carries no settledAt. */
    public Refund settled(String status, String at) {
        return new Refund(reference, initiatedAt, status, COMPLETED.equals(status) ? at : null, reason);
    }
}
