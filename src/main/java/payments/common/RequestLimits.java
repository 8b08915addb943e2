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
        if (length != null && isTooLarge(length)) {
            ApiException error = new ApiException(413, "PAYLOAD_TOO_LARGE",
                    "The request body exceeds " + config.maxBodyBytes() + " bytes");
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

    private boolean isTooLarge(String length) {
        try {
            return Long.parseLong(length.trim()) > config.maxBodyBytes();
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
