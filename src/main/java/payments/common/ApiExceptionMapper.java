package payments.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The one place where failures become HTTP responses. Client mistakes keep their 4xx status and a
 * code; anything unexpected is logged with a correlation id and answered 500 without internals.
 */
public class ApiExceptionMapper {

    private static final Logger LOG = Logger.getLogger(ApiExceptionMapper.class);
    private static final String MULTIPART_PARSER = "org.jboss.resteasy.reactive.server.core.multipart.";

    @ServerExceptionMapper
    public Response apiException(ApiException e) {
        return toResponse(e);
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e) {
        return toResponse(ApiException.invalidInput(RequestValidator.toFieldErrors(e.getConstraintViolations())));
    }

    /** Declared separately because the REST layer ships its own, less helpful, mapper for this type. */
    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return malformedJson(e);
    }

    @ServerExceptionMapper
    public Response malformedJson(JsonProcessingException e) {
        if (e instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
            return toResponse(ApiException.invalidInput(List.of(JsonBodies.typeMismatch(mismatch))));
        }
        return toResponse(new ApiException(ErrorCode.INVALID_REQUEST_FORMAT, "The request body is not valid JSON" + location(e)));
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return malformedJson(json);
        }
        int status = e.getResponse().getStatus();
        return toResponse(switch (status) {
            case 404 -> new ApiException(ErrorCode.NOT_FOUND, "No such resource or route");
            case 405 -> new ApiException(ErrorCode.METHOD_NOT_ALLOWED, "This HTTP method is not allowed on this path");
            case 406 -> new ApiException(ErrorCode.NOT_ACCEPTABLE, "Only application/json responses are available");
            case 413 -> new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large");
            case 415 -> new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "Send the request body as application/json");
            default -> status >= 400 && status < 500
                    ? new ApiException(status, ErrorCode.INVALID_REQUEST_FORMAT, "The request could not be processed", null)
                    : internalError(e);
        });
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        if (e instanceof ApiException api) {
            return toResponse(api);
        }
        if (e instanceof IOException && readingMultipart(e)) {
            return toResponse(new ApiException(ErrorCode.INVALID_REQUEST_FORMAT, "The multipart body is empty or cut short"));
        }
        java.util.Optional<String> database = DatabaseTrouble.reasonOf(e);
        if (database.isPresent()) {
            // Nothing committed: the client sends the same request again (with its Idempotency-Key) later.
            LOG.warnf("Refused for now, the database cannot take it: %s", e.toString());
            return toResponse(ApiException.unavailable(database.get(), DatabaseTrouble.RETRY_AFTER_SECONDS));
        }
        return toResponse(internalError(e));
    }

    /** The REST layer's multipart parser fails with a bare IOException on a body that ends early. */
    private static boolean readingMultipart(Throwable e) {
        return Arrays.stream(e.getStackTrace()).anyMatch(frame -> frame.getClassName().startsWith(MULTIPART_PARSER));
    }

    private static ApiException internalError(Throwable e) {
        String requestId = payments.common.logging.RequestLogContext.requestId();
        String correlationId = requestId != null ? requestId : UUID.randomUUID().toString();
        LOG.errorf(e, "Unexpected failure, correlationId=%s", correlationId);
        return new ApiException(ErrorCode.SVC_SWITCH_ERROR, "An internal error occurred; quote the correlationId to support",
                Map.of("correlationId", correlationId));
    }

    static Response toResponse(ApiException e) {
        Response.ResponseBuilder response = Response.status(e.status()).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorBody.of(e));
        if (e.retryAfterSeconds() != null) {
            response.header("Retry-After", e.retryAfterSeconds());
        }
        if (e.status() == 401) {
            response.header("WWW-Authenticate", "Basic realm=\"payments\", charset=\"UTF-8\"");
        }
        // Client libraries retry a 409 by default; one that waits on nothing (a state, a duplicate) will not pass on a retry.
        if (e.status() == 409 && e.retryAfterSeconds() == null) {
            response.header("x-should-retry", "false");
        }
        return response.build();
    }

    private static String location(JsonProcessingException e) {
        return e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
    }
}
