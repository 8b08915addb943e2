package payments.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Refuses oversized bodies up front, by their declared length, with the same JSON error shape as
 * every other failure (the HTTP layer's own limit, set slightly higher, catches undeclared lengths).
 */
@ApplicationScoped
public class RequestLimits {

    private static final java.util.regex.Pattern FILE_UPLOAD_PATH = java.util.regex.Pattern.compile("/documents(/[^/]*)?$|/customers/bulk/csv$");
    private static final long MULTIPART_ALLOWANCE = 64 * 1024;

    private final ServerConfig config;
    private final ObjectMapper mapper;

    public RequestLimits(ServerConfig config, ObjectMapper mapper) {
        this.config = config;
        this.mapper = mapper;
    }

    void install(@Observes Router router) {
        router.route().order(-100).handler(this::limitBodySize);
    }

    private void limitBodySize(RoutingContext context) {
        String length = context.request().getHeader("Content-Length");
        long limit = limitFor(context.request().path());
        if (length != null && isTooLarge(length, limit)) {
            ApiException error = new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "The request body exceeds " + limit + " bytes");
            try {
                context.response().setStatusCode(413).putHeader("Content-Type", "application/json")
                        .putHeader("Connection", "close")
                        .end(mapper.writeValueAsString(ErrorBody.of(error)));
            } catch (JsonProcessingException e) {
                context.fail(e);
            }
            return;
        }
        context.next();
    }

    /** File uploads (documents, customer CSVs) carry a file plus a little multipart framing; other bodies are JSON. */
    private long limitFor(String path) {
        return FILE_UPLOAD_PATH.matcher(path).find() ? config.maxDocumentBytes() + MULTIPART_ALLOWANCE : config.maxBodyBytes();
    }

    private static boolean isTooLarge(String length, long limit) {
        try {
            return Long.parseLong(length.trim()) > limit;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
