package payments.common;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A production server given sandbox settings was most likely started with a sandbox's environment:
 * it refuses to start, naming them, rather than run half configured for the wrong world.
 */
@ApplicationScoped
public class ModeCheck {

    void check(@Observes @Priority(1) StartupEvent event, ServerConfig config) {
        if (config.sandbox()) {
            return;
        }
        Map<String, String> properties = new java.util.HashMap<>();
        System.getProperties().forEach((name, value) -> properties.put(name.toString(), value.toString()));
        List<String> found = sandboxSettings(System.getenv(), properties);
        if (!found.isEmpty()) {
            throw new IllegalStateException("SVC_MODE is production but sandbox-only settings are present: "
                    + String.join(", ", found) + "; remove them or run in sandbox mode");
        }
    }

    /** The sandbox-only settings (SVC_SANDBOX_* variables, svc.sandbox-* properties) among these, sorted. */
    static List<String> sandboxSettings(Map<String, String> environment, Map<String, String> properties) {
        return Stream.concat(environment.keySet().stream().filter(name -> name.startsWith("SVC_SANDBOX_")),
                        properties.keySet().stream().filter(name -> name.startsWith("svc.sandbox-")))
                .sorted().toList();
    }
}
