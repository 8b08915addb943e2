package payments.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one exception type for every failure a client should see. It carries an {@link ErrorCode}
 * (and with it the HTTP status), the wire error's `reason` and `details`; {@link ApiExceptionMapper}
 * turns it into JSON.
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final ErrorCode code;
    private final Map<String, Object> details;
    private Integer retryAfterSeconds;

    public ApiException(ErrorCode code, String reason, Map<String, Object> details) {
        this(code.status(), code, reason, details);
    }

    public ApiException(ErrorCode code, String reason) {
        this(code, reason, null);
    }

    /** With another status than the code's: only for statuses the HTTP layer decides (an unusual 4xx). */
    ApiException(int status, ErrorCode code, String reason, Map<String, Object> details) {
        super(reason, null, false, false);
        this.status = status;
        this.code = code;
        this.details = details;
    }

    /** A copy of another refusal, for subclasses that add what they know. */
    protected ApiException(ApiException other) {
        this(other.status, other.code, other.reason(), other.details);
        this.retryAfterSeconds = other.retryAfterSeconds;
    }

    public int status() {
        return status;
    }

    /** The code as the answer carries it ({@link ErrorCode#wire}). */
    public String code() {
        return code.wire();
    }

    public ErrorCode errorCode() {
        return code;
    }

    public String reason() {
        return getMessage();
    }

    /** The details; for a kind of resource the reference's 404 list leaves out, with that kind's code as {@code notFoundCode}. */
    public Map<String, Object> details() {
        if (!code.servedAsReferenceNotFound()) {
            return details;
        }
        Map<String, Object> named = new LinkedHashMap<>(details == null ? Map.of() : details);
        named.put("notFoundCode", code.name());
        return named;
    }

    /** Seconds the client should wait before trying again (the Retry-After header); null when not said. */
    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** 503 SERVICE_UNAVAILABLE: the server cannot take this now; the same request may be sent again later. */
    public static ApiException unavailable(String reason, int retryAfterSeconds) {
        ApiException e = new ApiException(ErrorCode.SERVICE_UNAVAILABLE, reason);
        e.retryAfterSeconds = retryAfterSeconds;
        return e;
    }

    /** 429 RATE_LIMITED: too many attempts from this caller; the same request may be sent after Retry-After seconds. */
    public static ApiException rateLimited(String reason, long retryAfterSeconds) {
        ApiException e = new ApiException(ErrorCode.RATE_LIMITED, reason);
        e.retryAfterSeconds = (int) Math.min(Integer.MAX_VALUE, retryAfterSeconds);
        return e;
    }

    /**
     * 409 CONFLICT on an Idempotency-Key, the reference's code; {@code details.idempotencyKey} says
     * which case: IN_PROGRESS (the first request still runs: retry after Retry-After) or REUSED (the
     * key was used for a different request: never retry it).
     */
    public static ApiException idempotencyConflict(boolean inProgress) {
        ApiException e = new ApiException(ErrorCode.CONFLICT, inProgress
                ? "A request with this Idempotency-Key is in progress; retry shortly"
                : "This Idempotency-Key was already used for a different request",
                Map.of("idempotencyKey", inProgress ? "IN_PROGRESS" : "REUSED"));
        e.retryAfterSeconds = inProgress ? 1 : null;
        return e;
    }

    /** 400 INVALID_INPUT for a body that is missing or not a JSON object, named as the field "body". */
    public static ApiException bodyNotAnObject() {
        return invalidInput(List.of(FieldError.of("body", "Must be a JSON object")));
    }

    public static ApiException invalidInput(List<FieldError> errors) {
        Map<String, Object> details = new LinkedHashMap<>();
        FieldErrors.Bounded bounded = FieldErrors.bound(errors);
        details.put("errors", bounded.listed());
        if (bounded.omitted() > 0) {
            details.put("omittedErrors", bounded.omitted());
        }
        String reason = errors.size() == 1
                ? "Invalid value for " + errors.get(0).field() + ": " + errors.get(0).message()
                : errors.size() + " fields are invalid";
        return new ApiException(ErrorCode.INVALID_INPUT, reason, details);
    }

    public static ApiException invalidField(String field, FieldError.Constraint constraint, String message) {
        return invalidInput(List.of(new FieldError(field, constraint, message)));
    }

    public static ApiException unauthorized(String reason) {
        return new ApiException(ErrorCode.UNAUTHORIZED, reason);
    }
}
