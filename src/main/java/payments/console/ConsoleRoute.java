package payments.console;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import payments.common.web.ApiPath;

/**
 * {@code /console} at the server's root, where the banner and the README point: a redirect to the
 * console under the API's base path, in both modes (production serves the pages its operators'
 * permissions open; the sandbox's own forms are sandbox-only).
 */
@ApplicationScoped
public class ConsoleRoute {

    void install(@Observes Router router) {
        String target = ApiPath.BASE_WITH_SLASH + "console";
        router.get("/console").handler(context -> context.redirect(target));
    }
}
