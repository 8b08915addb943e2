package payments.common;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Map;

/**
 * The wire error: the spec's `code`, `reason`, `details`, plus the reference interface's `status`
 * and `message` (the same text as `reason`) so clients of either shape work.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorBody(int status, String code, String reason, String message, Map<String, Object> details) {

    public static ErrorBody of(ApiException e) {
        return new ErrorBody(e.status(), e.code(), e.reason(), e.reason(), e.details() == null ? Map.of() : e.details());
    }
}
