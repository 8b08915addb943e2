package payments.common;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigurationException;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;

import java.util.Comparator;
import java.util.List;

/**
 * Refuses to start, before anything else starts, when any {@link SettingsCheck} finds a problem:
 * every problem of every check in one plain message (Quarkus prints a ConfigurationException's
 * message as it is, not inside a log line with a stack trace), so one run shows all there is to fix.
 */
@ApplicationScoped
public class StartupSettings {

    void check(@Observes @Priority(1) StartupEvent event, @Any Instance<SettingsCheck> checks) {
        List<String> problems = checks.stream()
                .sorted(Comparator.comparing(check -> check.getClass().getName()))
                .flatMap(check -> check.problems().stream())
                .toList();
        if (!problems.isEmpty()) {
            throw new ConfigurationException(message(problems));
        }
    }

    static String message(List<String> problems) {
        StringBuilder message = new StringBuilder("\nThe server cannot start: ")
                .append(problems.size() == 1 ? "one setting needs" : problems.size() + " settings need").append(" fixing.\n");
        for (int i = 0; i < problems.size(); i++) {
            message.append("  ").append(i + 1).append(". ").append(problems.get(i)).append('\n');
        }
        return message.toString();
    }
}
