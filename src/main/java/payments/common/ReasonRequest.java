package payments.common;

/** The optional body of an operation that refuses or stops something: the caller's reason, for the records. */
public record ReasonRequest(String reason) {
}
