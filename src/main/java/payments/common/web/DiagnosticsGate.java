package payments.common.web;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import payments.common.ErrorCode;
import payments.common.ServerConfig;

import java.util.List;

/**
 * Metrics, the OpenAPI document and Swagger UI describe the server to whoever asks; health stays
 * open for orchestrators. They answer only where {@code SVC_DIAGNOSTICS_PUBLIC} allows it (by
 * default in the sandbox, not in production); elsewhere they answer 404 before Quarkus serves them.
 */
@ApplicationScoped
public class DiagnosticsGate {

    static final List<String> GATED = List.of("/q/metrics", "/q/openapi", "/q/swagger-ui");
    private static final String NOT_FOUND = "{\"status\":" + ErrorCode.NOT_FOUND.status() + ",\"code\":\""
            + ErrorCode.NOT_FOUND + "\",\"reason\":\"Not found\",\"message\":\"Not found\"}";

    void install(@Observes Router router, ServerConfig config) {
        if (config.diagnosticsServed()) {
            return;
        }
        for (String path : GATED) {
            router.route(path + "*").order(Integer.MIN_VALUE).handler(context -> context.response().setStatusCode(404)
                    .putHeader("Content-Type", "application/json").end(NOT_FOUND));
        }
    }
}
