package payments.sandbox.console;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import payments.common.ServerConfig;
import payments.common.web.ApiPath;

/**
 * {@code /console} at the server's root, where the banner and the README point: a redirect to the
 * console under the API's base path (sandbox only; production has no console, and its script is
 * refused too).
 */
@ApplicationScoped
public class ConsoleRoute {

    void install(@Observes Router router, ServerConfig config) {
        if (config.sandbox()) {
            String target = ApiPath.BASE_WITH_SLASH + "console";
            router.get("/console").handler(context -> context.redirect(target));
        } else {
            router.route("/console/*").order(Integer.MIN_VALUE).handler(context -> context.response().setStatusCode(404).end());
        }
    }
}
