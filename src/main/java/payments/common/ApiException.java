package payments.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one exception type for every failure a client should see. It carries the HTTP status and
 * the wire error's `code`, `reason` and `details`; {@link ApiExceptionMapper} turns it into JSON.
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final Map<String, Object> details;
    private Integer retryAfterSeconds;

    public ApiException(int status, String code, String reason, Map<String, Object> details) {
        super(reason, null, false, false);
        this.status = status;
        this.code = code;
        this.details = details;
    }

    public ApiException(int status, String code, String reason) {
        this(status, code, reason, null);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public String reason() {
        return getMessage();
    }

    public Map<String, Object> details() {
        return details;
    }

    /** Seconds the client should wait before trying again (the Retry-After header); null when not said. */
    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** 503 SERVICE_UNAVAILABLE: the server cannot take this now; the same request may be sent again later. */
    public static ApiException unavailable(String reason, int retryAfterSeconds) {
        ApiException e = new ApiException(503, "SERVICE_UNAVAILABLE", reason);
        e.retryAfterSeconds = retryAfterSeconds;
        return e;
    }

    public static ApiException badRequest(String code, String reason) {
        return new ApiException(400, code, reason);
    }

    public static ApiException invalidInput(List<FieldError> errors) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("errors", List.copyOf(errors));
        String reason = errors.size() == 1
                ? "Invalid value for " + errors.get(0).field() + ": " + errors.get(0).message()
                : errors.size() + " fields are invalid";
        return new ApiException(400, "INVALID_INPUT", reason, details);
    }

    public static ApiException invalidField(String field, FieldError.Constraint constraint, String message) {
        return invalidInput(List.of(new FieldError(field, constraint, message)));
    }

    public static ApiException unauthorized(String reason) {
        return new ApiException(401, "UNAUTHORIZED", reason);
    }

    public static ApiException forbidden(String code, String reason) {
        return new ApiException(403, code, reason);
    }

    public static ApiException notFound(String code, String reason) {
        return new ApiException(404, code, reason);
    }

    public static ApiException conflict(String code, String reason) {
        return new ApiException(409, code, reason);
    }
}
