package payments.common.logging;

import org.eclipse.microprofile.config.spi.ConfigSource;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Chooses the console log format before logging starts: JSON (quarkus-logging-json, one object per
 * line with the request's MDC fields) in production, text in the sandbox; {@code SVC_LOG_FORMAT}
 * ({@code json} or {@code text}) overrides either. Read from the environment and system properties,
 * as logging is set up before the application's configuration; ServerConfig.logFormat refuses any
 * other value at start. Its ordinal is below application.properties, so an explicit
 * {@code quarkus.log.console.json.enabled} anywhere still wins.
 */
public class LogFormatSource implements ConfigSource {

    static final String PROPERTY = "quarkus.log.console.json.enabled";

    private final UnaryOperator<String> settings;

    public LogFormatSource() {
        this(LogFormatSource::fromEnvironment);
    }

    LogFormatSource(UnaryOperator<String> settings) {
        this.settings = settings;
    }

    @Override
    public Set<String> getPropertyNames() {
        return Set.of(PROPERTY);
    }

    @Override
    public Map<String, String> getProperties() {
        return Map.of(PROPERTY, getValue(PROPERTY));
    }

    @Override
    public String getValue(String propertyName) {
        if (!PROPERTY.equals(propertyName)) {
            return null;
        }
        String format = settings.apply("svc.log-format");
        if (format != null && !format.isBlank()) {
            return Boolean.toString("json".equalsIgnoreCase(format.strip()));
        }
        String mode = settings.apply("svc.mode");
        return Boolean.toString(mode != null && "production".equals(mode.strip().toLowerCase(Locale.ROOT)));
    }

    @Override
    public int getOrdinal() {
        return 150;
    }

    @Override
    public String getName() {
        return "svc-log-format";
    }

    /** A setting as a system property ({@code svc.mode}) or an environment variable ({@code SVC_MODE}). */
    private static String fromEnvironment(String name) {
        String property = System.getProperty(name);
        return property != null ? property : System.getenv(name.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
    }
}
